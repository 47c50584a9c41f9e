"""Running an evaluator over a gold file and any number of system files, and reporting it.

``score``, ``parseval``, ``attach`` and ``mph`` all read one gold (plus, for
``score``, the golds of other theories) and any number of systems, run one
evaluator class over them in one pass (:meth:`Evaluator.evaluate_systems`,
the one sentence loop), and report through :mod:`~nltk_tedeval.cli.report`.
Only what differs between them is passed in: the evaluator, its options,
the measures to show and a metric's extra text.
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from ..scoring.evaluator import Evaluator
from ..scoring.stats import Score
from .breakdowns import (
    breakdown_report,
    check_request,
    ci_level,
    interval_lines,
    with_bounds,
)
from .emit import emit, to_stderr
from .inputs import (
    System,
    require_sentences,
    run_options,
    segment_maps,
    segments_note,
    streams,
    systems,
)
from .output import (
    ScoreTable,
    check_significance,
    pairwise,
    significance_table,
    text_table,
    write_tsv,
)
from .report import (
    ALIGNED_KEYS,
    FIRST_VERSION,
    PER_SENTENCE_KEYS,
    REPORT_VERSION,
    counts_lines,
    evaluator_rows,
    length_filter_of,
    length_lines,
    report,
    system_entry,
    undefined_lines,
)

__all__: list[str] = []  # helpers of the commands only


class RunCaptured(Exception):
    """The run of a metric's command, taken at the end of :func:`evaluate` under
    :func:`capturing_runs`, before the command reports it (``tedeval rank``)."""

    def __init__(self, run: Run) -> None:
        super().__init__("a run captured before its report")
        self.run = run


_CAPTURING: ContextVar[bool] = ContextVar("capturing_runs", default=False)


@contextmanager
def capturing_runs() -> Iterator[None]:
    """Run a metric's command for its statistics alone (``tedeval rank``, SPEC.md §16).

    The command parses and checks its options and builds its evaluator exactly
    as it does on its own; :func:`evaluate` then keeps every sentence's row and
    raises :class:`RunCaptured` with the run instead of returning it, so that
    nothing is reported. One code path builds a metric's run, alone or ranked.
    """
    token = _CAPTURING.set(True)
    try:
        yield
    finally:
        _CAPTURING.reset(token)


def statistics_kept(args: argparse.Namespace, reads_rows: bool, reads_macro: bool = False) -> str:
    """What a command's run keeps of its sentences (``statistics`` of the evaluators).

    Rows, with every sentence's number, id and key, only when something reads
    them: a significance test (paired rows), the per-sentence TSV, or the
    evaluator's own report (``reads_rows``: EVALB's sentence table, say).
    Otherwise the sums, and each sentence's score for ``--macro`` or a report
    that always gives macro averages (``reads_macro``: attachment's JSON), so
    that memory grows with the corpus by a few numbers a sentence at most.
    A confidence interval (``--ci``) resamples the sentences: it needs rows too, and
    so does a run that ``tedeval rank`` captures (its intervals and tests).
    """
    if _CAPTURING.get():
        return "rows"
    if args.significance or args.per_sentence or reads_rows or getattr(args, "ci", None):
        return "rows"
    if getattr(args, "output_format", None) == "html":
        return "rows"  # the report's sentence table shows every sentence's row
    return "macro" if args.macro or reads_macro else "sums"


@dataclass
class ExtraGold:
    """A gold file read beside the native gold and handed to the evaluator as ``option``."""

    option: str
    path: str
    role: str
    many: bool = False  # the option takes a list (other_golds)


@dataclass
class Run:
    """The systems of a command and their evaluators, after the one pass over the data."""

    systems: list[System]
    evaluators: list[Evaluator]
    golds: list[dict[str, str]] = field(default_factory=list)
    inputs: list[list[Any]] | None = None
    """The records of every file, kept for ``-f html`` (gold first, then each system)."""

    @property
    def first(self) -> Evaluator:
        return self.evaluators[0]

    def pairs(self) -> list[tuple[str, Evaluator]]:
        return [(s.name, ev) for s, ev in zip(self.systems, self.evaluators, strict=True)]


def evaluate(
    args: argparse.Namespace,
    evaluator: type[Evaluator],
    options: dict[str, Any],
    *,
    extra_golds: Sequence[ExtraGold] = (),
    reads_rows: bool | None = None,
) -> Run:
    """Read GOLD, any extra golds and every system in lockstep; score them in one pass.

    ``reads_rows`` says whether the command's report reads per-sentence rows,
    when its options decide it rather than the evaluator's ``reads_rows``.
    """
    check_request(args, evaluator)
    named = systems(args.tests)
    check_significance(args, len(named))
    gold_paths = [args.gold, *(g.path for g in extra_golds)]
    paths = [*gold_paths, *(s.path for s in named)]
    gold_fmt = args.gold_format or args.format
    test_fmt = args.parse_format or args.format
    fmts = [gold_fmt] * len(gold_paths) + [test_fmt] * len(named)
    maps = segment_maps(args, len(gold_paths), len(named))
    read = streams(args, paths, fmts, segments=maps)
    first = getattr(args, "first", None)
    if first is not None:
        # The first N sentences of every file, and not a line more: the files may
        # go on differently after them (evalb_spmrl's -K N does not look).
        for stream in read:
            stream.stream = islice(iter(stream.stream), first)  # type: ignore[attr-defined]
            if hasattr(stream, "length"):
                stream.length = min(stream.length, first)
    kept = None
    if getattr(args, "output_format", None) == "html":
        # The HTML report draws every sentence's trees after the run: keep them.
        read = kept = [list(stream) for stream in read]
    options = dict(options)
    for extra, stream in zip(extra_golds, read[1 : len(gold_paths)], strict=True):
        if extra.many:
            options.setdefault(extra.option, []).append(stream)
        else:
            options[extra.option] = stream
    evaluators = evaluator.evaluate_systems(
        read[0],
        read[len(gold_paths) :],
        names=[s.name for s in named],
        options=run_options(
            args,
            statistics_kept(
                args,
                evaluator.reads_rows if reads_rows is None else reads_rows,
                evaluator.reads_macro,
            ),
        ),
        **options,
    )
    if maps is not None:
        # Each system's signature names the sides whose tokens its maps gave (SPEC.md §11).
        gold_map = any(maps[: len(gold_paths)])  # MULTIPLE reads every gold
        for k, ev in enumerate(evaluators):
            sides = [s for s, m in (("gold", gold_map), ("parse", maps[len(gold_paths) + k])) if m]
            ev.options = dataclasses.replace(ev.options, segments="+".join(sides) or None)
    require_sentences(evaluators[0].counts()["read"], paths)
    golds = [{"role": "gold", "file": args.gold}]
    golds += [{"role": g.role, "file": g.path} for g in extra_golds]
    if kept is not None:
        kept = [kept[0], *kept[len(gold_paths) :]]
    if _CAPTURING.get():
        raise RunCaptured(Run(named, evaluators, golds, kept))
    return Run(named, evaluators, golds, kept)


def report_run(
    args: argparse.Namespace,
    run: Run,
    *,
    measures: Sequence[str] | None = None,
    significance_measures: Sequence[str] | None = None,
    title: str,
    tsv_columns: Sequence[str] | None = None,
    details: Callable[[Evaluator], dict[str, Any]] | None = None,
    text_body: Callable[[], list[str]] | None = None,
    extra_text: Callable[[str, Evaluator], list[str]] | None = None,
    bare: bool = False,
    percent: bool = False,
    **extra: Any,
) -> dict[str, Any]:
    """Build the report of ``run``, write its per-sentence TSV, and print it.

    ``measures`` are those the tables show and ``significance_measures`` those
    tested, by default the evaluator's (:attr:`Evaluator.shown_measures` and
    ``tested_measures``, with the measures the run adds). ``bare`` prints only
    ``text_body`` (EVALB's own output for ``--evalb``); ``percent`` gives the
    table formats and the significance table EVALB's percentages (``parseval``).
    """
    first = run.first
    added = first.extra.shown if first.extra is not None else ()
    measures = list(first.shown_measures) if measures is None else [*measures, *added]
    tested = first.extra.tested if first.extra is not None else ()
    significance_measures = (
        list(first.tested_measures)
        if significance_measures is None
        else [*significance_measures, *tested]
    )
    notes = first.notes
    aligned = first.alignment_note()
    if aligned is not None:
        notes = [*notes, aligned]
        extra["alignment"] = first.alignment_summary()
        maps = segment_maps(args, len(run.golds), len(run.systems))
        if maps is not None:
            others = [f"other gold {k}" for k in range(1, len(run.golds))]
            names = ["gold", *others, *(s.name for s in run.systems)]
            read = {name: path for name, path in zip(names, maps, strict=True) if path}
            notes = [*notes, segments_note(read)]
            extra["alignment"] = {**extra["alignment"], "segments": read}
    by_system = first.run.missing_by_system([s.name for s in run.systems])
    # EVALB's error sentences, each system's own (ParsEval's counts hold them apart).
    errors_by_system = (
        {s.name: ev.counts()["errors"] for s, ev in zip(run.systems, run.evaluators, strict=True)}
        if "errors" in first.counts()
        else None
    )
    level = ci_level(args)
    seed = args.seed
    length = length_filter_of(first)
    made: dict[tuple[int, str, str], Score] = {}

    def score(ev: Evaluator, name: str, average: str = "micro") -> Score:
        """A score once, with its interval under --ci (a bootstrap is not free)."""
        key = (id(ev), name, average)
        if key not in made:
            made[key] = ev.score(name, average=average, ci=level, seed=seed)
        return made[key]

    entries = [
        system_entry(
            s.name,
            s.path,
            args.gold,
            scores=ev.scores() if level is None else {m: score(ev, m) for m in ev.measures},
            signature=ev.signature,
            missing=by_system[s.name],
            macro={m: score(ev, m, "macro") for m in measures} if args.macro else None,
            details=details(ev) if details is not None else None,
            errors=None if errors_by_system is None else errors_by_system[s.name],
        )
        for s, ev in zip(run.systems, run.evaluators, strict=True)
    ]
    sig_rows = None
    if args.significance:
        sig_rows = pairwise(run.pairs(), significance_measures, args.significance, args.seed)
    parts = breakdown_report(args, run.pairs(), percent=percent, rounds=args.significance)
    if parts.json:
        extra["breakdowns"] = parts.json
    if parts.tests:
        extra["group_significance"] = parts.tests
    data = report(
        args.command,
        golds=run.golds,
        systems=entries,
        counts=first.counts(),
        policy=first.missing_policy,
        missing=first.missing,
        skipped=first.skipped,
        failures=first.answer_failures,
        bad=first.bad_parses,
        significance=sig_rows,
        notes=notes,
        version=REPORT_VERSION if parts.json or level is not None else FIRST_VERSION,
        length=length,
        **extra,
    )
    if args.per_sentence:
        columns = list(first.columns)
        own = first.per_sentence_columns if tsv_columns is None else tsv_columns
        if own is not None:  # the metric's own, then the columns of the measures added
            columns = [*own, *(first.extra.columns if first.extra is not None else ())]
        rows = (
            row for name, ev in run.pairs() for row in evaluator_rows(name, ev, columns, measures)
        )
        keys = (*PER_SENTENCE_KEYS, *(ALIGNED_KEYS if first.align is not None else ()))
        write_tsv(args.per_sentence, (*keys, *columns, *measures), rows)

    rows = []
    displayed: list[tuple[str, str, Score]] = []
    intervals: list[tuple[str, Sequence[str], Sequence[Score]]] = []
    bounded: list[list[Any]] = []  # the table formats' rows under --ci
    for name, ev in run.pairs():
        averages = ("micro", "macro") if args.macro else ("micro",)
        for average in averages:
            shown = name if average == "micro" else f"{name} (macro)"
            got = [score(ev, m, average) for m in measures]
            rows.append([shown, *map(float, got)])
            displayed += [(name, m, sc) for m, sc in zip(measures, got, strict=True)]
            if level is not None:
                intervals.append((shown, measures, got))
                bounded.append([shown, *(c for sc in got for c in with_bounds(sc, percent))])
    if level is None:
        table = ScoreTable(["system", *measures], rows, percent=percent, after=parts.tables)
    else:
        header = ["system", *(c for m in measures for c in (m, f"{m} low", f"{m} high"))]
        table = ScoreTable(header, bounded, after=parts.tables)

    def text() -> str:
        if bare and text_body is not None:
            if length is not None:
                # Another tool's output, line for line, has no room for what was left out:
                # it goes where that tool's own messages go (SPEC.md §15).
                to_stderr(length_lines(*length, unit="sentence" if aligned is None else "unit"))
            return "\n".join(text_body())
        lines = [title]
        if text_body is not None:
            lines += text_body()
        else:
            shown = [
                ["  (macro)" if name.endswith(" (macro)") else name, *values]
                for name, *values in rows
            ]
            lines.append(text_table(["system", *measures], shown))
        lines += undefined_lines(
            displayed, {name: ev.rows_without_score() for name, ev in run.pairs()}
        )
        lines += [f"note: {n}" for n in notes]
        if extra_text is not None:
            for name, ev in run.pairs():
                lines += extra_text(name, ev)
        lines += counts_lines(
            first.counts(),
            first.missing_policy,
            by_system,
            first.skipped,
            unit="sentence" if aligned is None else "unit",
            failures=first.answer_failures,
            bad=first.bad_parses,
            errors=errors_by_system,
            length=length,
        )
        if sig_rows:
            lines.append(
                significance_table(sig_rows, args.significance, args.seed, percent=percent)
            )
        if level is not None:
            lines += interval_lines(intervals, level, seed, percent=percent)
        lines += parts.text
        lines.append(f"signature: {first.signature}")
        return "\n".join(lines)

    def sentences() -> Iterable[dict[str, Any]]:
        if run.inputs is None:
            return ()
        gold, *parses = run.inputs
        # Only -f html draws sentences; its module reads nltk's trees, which no other
        # output needs (the command line never imports nltk otherwise).
        from .sentence_views import sentence_views

        return sentence_views(run.pairs(), gold, parses, measures)

    emit(args, data, text, table, sentences, measures)
    return data
