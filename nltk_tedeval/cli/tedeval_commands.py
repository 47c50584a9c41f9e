"""``tedeval score`` and ``tedeval cross``: TedEval from files, SINGLE, MULTIPLE and overlap."""

from __future__ import annotations

import argparse
import itertools
from collections.abc import Iterable, Sequence
from typing import Any

from ..errors import OptionError
from ..protocol.cross import CrossFrameworkEvaluator, Experiment
from ..protocol.evaluators import LABELED, UNLABELED, TedEvalEvaluator
from ..protocol.sentence import COLUMNS
from ..scoring.bootstrap import DEFAULT_BOOTSTRAP_ROUNDS, bootstrap_intervals
from ..scoring.breakdown import Breakdown, group_significance
from ..scoring.evaluator import Evaluator
from ..scoring.stats import Measure, Score, StatsTable, SumsTable
from ..trees.convert import Converter
from .breakdowns import (
    BreakdownReport,
    bins_of,
    breakdown_report,
    ci_level,
    interval_lines,
    keys_of,
    with_bounds,
)
from .commands import GoldOnly
from .emit import emit
from .inputs import (
    label_map,
    require_align_for_segments,
    require_sentences,
    run_options,
    segments_note,
    streams,
)
from .output import (
    ScoreTable,
    check_significance,
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
    length_filter_of,
    report,
    system_entry,
    undefined_lines,
)
from .systems import ExtraGold, evaluate, report_run, statistics_kept

__all__ = ["cmd_cross", "cmd_score"]


def _converter(args: argparse.Namespace, label_map: dict[str, str] | None) -> Converter:
    return Converter(
        labeler=args.labeler,
        head_label=args.head_label,
        strip_subtypes=args.strip_subtypes,
        projectivize=args.projectivize,
        label_map=label_map,
    )


def cmd_score(args: argparse.Namespace) -> int:
    extra = [ExtraGold("other_golds", path, "other", many=True) for path in args.other_gold]
    if args.tl_unify:
        extra.append(ExtraGold("tl_unify_with", args.tl_unify, "tl-unify"))
    options = {
        "converter": _converter(args, label_map(args.label_map)),
        "engine": args.engine,
    }
    run = evaluate(args, TedEvalEvaluator, options, extra_golds=extra)
    first = run.first
    assert isinstance(first, TedEvalEvaluator)
    projectivized = first.projectivized
    golds = [args.gold, *args.other_gold]
    ref = args.gold if not args.other_gold else " ⊓ ".join(golds)
    title = f"TedEval {first.scenario.upper()}: against {ref}"
    if args.tl_unify:
        title += f" (⊔tl {args.tl_unify})"

    def lifted(name: str, ev: Evaluator) -> list[str]:
        changed = {k: v for k, v in projectivized.items() if v[0]}
        if ev is not first or not changed:
            return []
        return [
            "projectivized: " + ", ".join(_lifted_text(k, s, a) for k, (s, a) in changed.items())
        ]

    def details(ev: Evaluator) -> dict[str, Any]:
        assert isinstance(ev, TedEvalEvaluator)
        return {"projectivized": {k: list(v) for k, v in ev.projectivized.items()}}

    report_run(
        args,
        run,
        title=title,
        details=details,
        extra_text=lifted,
        scenario=first.scenario,
    )
    return 0


def _lifted_text(source: str, sentences: int, arcs: int) -> str:
    """How many sentences and arcs of a source ``--projectivize`` lifted.

    >>> _lifted_text("ud gold", 1, 1), _lifted_text("parse", 2, 3)
    ('ud gold: 1 sentence (1 arc)', 'parse: 2 sentences (3 arcs)')
    """
    return (
        f"{source}: {sentences} sentence{'s' if sentences != 1 else ''} "
        f"({arcs} arc{'s' if arcs != 1 else ''})"
    )


def _experiment_spec(text: str) -> tuple[str, str, str | None]:
    """``NAME=GOLD,PARSE`` (``-e``) or ``NAME=GOLD`` (``--gold-only``), checked part by part."""
    gold_only = isinstance(text, GoldOnly)
    option, form = ("--gold-only", "NAME=GOLD") if gold_only else ("-e", "NAME=GOLD,PARSE")
    name, sep, files = text.partition("=")
    if not sep:
        raise OptionError(f"{option} takes {form}, got {text!r}: no '=' after the name")
    if not name.strip():
        raise OptionError(f"{option} takes {form}, got {text!r}: the experiment has no name")
    parts = files.split(",")
    if gold_only:
        if len(parts) != 1 or not files:
            raise OptionError(
                f"--gold-only takes NAME=GOLD, one gold file, got {text!r}; an experiment "
                "with a parse is -e NAME=GOLD,PARSE"
            )
        return name, files, None
    if len(parts) == 1 and files:
        # Dropping the experiment's row without a word would hide the mistake.
        raise OptionError(
            f"experiment {name!r} has no parse: -e takes NAME=GOLD,PARSE, got {text!r}; "
            f"for a gold without a parser, give --gold-only {text}"
        )
    if len(parts) != 2 or not all(parts):
        raise OptionError(
            f"-e takes NAME=GOLD,PARSE, got {text!r}: experiment {name!r} needs one gold "
            "file and one parse file, separated by a comma"
        )
    return name, parts[0], parts[1]


def _segment_maps(
    args: argparse.Namespace, specs: Sequence[tuple[str, str, str | None]]
) -> list[str | None] | None:
    """The token-to-segment map of every gold and parse file of the experiments, in the
    order :func:`~.inputs.streams` reads them, from ``--gold-segments NAME=FILE`` and
    ``--parse-segments NAME=FILE``; ``None`` without either."""
    if not args.gold_segments and not args.parse_segments:
        return None
    require_align_for_segments(args)
    names = [n for n, _, _ in specs]
    maps = []
    for option, values in (
        ("--gold-segments", args.gold_segments),
        ("--parse-segments", args.parse_segments),
    ):
        given = _pairs(values, option, "=")
        for value in values:
            name = value.partition("=")[0]
            _known(option, value, name, names)
            if sum(v.partition("=")[0] == name for v in values) > 1:
                raise OptionError(f"{option} names experiment {name!r} twice; it takes one map")
        maps.append(given)
    gold, parse = maps
    for name, _, p in specs:
        if p is None and name in parse:
            raise OptionError(
                f"--parse-segments {name}={parse[name]}: experiment {name!r} has no parse"
            )
    return [gold.get(n) for n in names] + [parse.get(n) for n, _, p in specs if p is not None]


def _pairs(values: Sequence[str], option: str, sep: str) -> dict[str, str]:
    out = {}
    for v in values:
        a, s, b = v.partition(sep)
        if not s or not a or not b:
            raise OptionError(f"{option} takes A{sep}B, got {v!r}")
        out[a] = b
    return out


def _known(option: str, value: str, name: str, names: Sequence[str]) -> None:
    """Refuse an option that names no experiment, and say which there are."""
    if name not in names:
        raise OptionError(
            f"{option} {value} names no experiment {name!r}; the experiments are "
            f"{', '.join(map(repr, names))}"
        )


def _with_interval(
    table: StatsTable | SumsTable, score: Score, measure: Measure, level: float, seed: int
) -> Score:
    """``score`` with its bootstrap interval over ``table``'s sentences (``--ci``)."""
    if not isinstance(table, StatsTable):  # pragma: no cover - --ci keeps rows
        raise OptionError("--ci resamples sentences: the run kept sums only")
    ((low, high),) = bootstrap_intervals(
        [(table, measure)],
        level=level,
        rounds=DEFAULT_BOOTSTRAP_ROUNDS,
        seed=seed,
        average=score.average,
    )
    return score.with_interval(low, high, level)


def cmd_cross(args: argparse.Namespace) -> int:
    if args.top is not None and args.top < 0:
        raise OptionError(f"--top takes a number of groups (0: all), not {args.top}")
    bins_of(args)
    level = ci_level(args)
    specs = [_experiment_spec(e) for e in args.experiment]
    names = [n for n, _, _ in specs]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise OptionError(
            f"two experiments are named {', '.join(map(repr, twice))}; give each its own name"
        )
    maps = _pairs(args.label_map, "--label-map", "=")
    for value in args.label_map:
        _known("--label-map", value, value.partition("=")[0], names)
    tl = _pairs(args.tl_unify, "--tl-unify", ":")
    for value in args.tl_unify:
        a, _, b = value.partition(":")
        for name in (a, b):
            _known("--tl-unify", value, name, names)
        if a == b:
            raise OptionError(
                f"--tl-unify {value} would unify a gold with itself; give two different "
                "experiments, A:B"
            )
    golds = [g for _, g, _ in specs]
    parses = [p for _, _, p in specs if p is not None]
    check_significance(args, len(parses))
    read = streams(
        args,
        [*golds, *parses],
        [args.format] * (len(golds) + len(parses)),
        # Each parse is read against its own experiment's gold.
        [*range(len(golds)), *(k for k, (_, _, p) in enumerate(specs) if p is not None)],
        _segment_maps(args, specs),
    )
    kept = None
    if getattr(args, "output_format", None) == "html":
        # The HTML report draws every sentence's explanation after the run: keep the records.
        read = kept = [list(stream) for stream in read]
    parse_streams = iter(read[len(golds) :])
    experiments = [
        Experiment(
            name,
            next(parse_streams) if parse is not None else None,
            read[i],
            _converter(args, label_map(maps.get(name))),
        )
        for i, (name, _, parse) in enumerate(specs)
    ]
    cross = CrossFrameworkEvaluator(
        experiments,
        tl_unify=tl,
        engine=args.engine,
        options=run_options(args, statistics_kept(args, reads_rows=False)),
    )
    if args.gold_segments or args.parse_segments:
        gold_maps = {v.partition("=")[0] for v in args.gold_segments}
        parse_maps = {v.partition("=")[0] for v in args.parse_segments}
        cross.segment_maps = {n: (n in gold_maps, n in parse_maps) for n, _, _ in specs}
    result = cross.result
    require_sentences(result.read, [*golds, *parses])
    files = {n: (g, p) for n, g, p in specs}
    lacking = result.run.missing_by_system([f"{n} parse" for n in cross.scored_names])
    by_system = {n: lacking[f"{n} parse"] for n in cross.scored_names}
    scenarios = ("single", "multiple")

    made: dict[tuple[str, str, str], tuple[Score, Score]] = {}

    def scored(scenario: str, name: str, average: str) -> tuple[Score, Score]:
        """SINGLE or MULTIPLE (labeled, unlabeled), with intervals under --ci, once."""
        key = (scenario, name, average)
        if key not in made:
            lab, unl = getattr(cross, scenario)(name, average=average)
            if level is not None:
                table = cross.stats(name, scenario)
                lab = _with_interval(table, lab, LABELED, level, args.seed)
                unl = _with_interval(table, unl, UNLABELED, level, args.seed)
            made[key] = (lab, unl)
        return made[key]

    def scores(name: str, average: str) -> dict[str, Score]:
        out = {}
        for scenario in scenarios:
            lab, unl = scored(scenario, name, average)
            out[f"{scenario} labeled"], out[f"{scenario} unlabeled"] = lab, unl
        return out

    entries = [
        system_entry(
            name,
            files[name][1] or "",
            files[name][0],
            scores=scores(name, "micro"),
            signature=cross.signature("single", name),
            missing=by_system[name],
            macro=scores(name, "macro") if args.macro else None,
            details={"signatures": {sc: str(cross.signature(sc, name)) for sc in scenarios}},
        )
        for name in sorted(cross.scored_names)
    ]
    overlap = [
        {
            "a": a,
            "b": b,
            **dict(
                zip(
                    ("labeled", "unlabeled"),
                    (s.as_dict() for s in cross.overlap(a, b)),
                    strict=True,
                )
            ),
        }
        for a, b in itertools.combinations(sorted(names), 2)
    ]
    sig_rows = None
    if args.significance:
        sig_rows = [
            {"scenario": sc, "mode": mode, "a": a, "b": b, **r.as_dict()}
            for sc, mode, a, b, r in cross.significance(rounds=args.significance, seed=args.seed)
        ]
    parts = _cross_breakdowns(args, cross, names)
    extra: dict[str, Any] = {}
    if parts.json:
        extra["breakdowns"] = parts.json
    if parts.tests:
        extra["group_significance"] = parts.tests
    notes = cross.notes
    if args.gold_segments or args.parse_segments:
        maps = {f"{n} gold": v for n, _, v in (x.partition("=") for x in args.gold_segments)}
        maps |= {f"{n} parse": v for n, _, v in (x.partition("=") for x in args.parse_segments)}
        notes = [*notes, segments_note(maps)]
    data = report(
        "cross",
        golds=[{"role": "gold", "name": n, "file": g} for n, g, _ in sorted(specs)],
        systems=entries,
        counts=cross.counts(),
        policy=cross.missing_policy,
        missing=result.missing,
        skipped=result.skipped,
        failures=result.answer_failures,
        bad=result.bad_parses,
        significance=sig_rows,
        notes=notes,
        overlap=overlap,
        tl_unify=tl,
        version=FIRST_VERSION if level is None and not parts.json else REPORT_VERSION,
        length=length_filter_of(cross),
        **extra,
    )
    if args.per_sentence:
        _cross_tsv(args.per_sentence, cross)

    header = ["experiment", "SINGLE L", "SINGLE U", "MULTIPLE L", "MULTIPLE U"]
    rows: list[list[Any]] = []
    displayed: list[tuple[str, str, Score]] = []
    intervals: list[tuple[str, Sequence[str], Sequence[Score]]] = []
    bounded: list[list[Any]] = []
    for name in cross.scored_names:
        for average in ("micro", "macro") if args.macro else ("micro",):
            values = [*scored("single", name, average), *scored("multiple", name, average)]
            shown = name if average == "micro" else f"{name} (macro)"
            rows.append([shown, *map(float, values)])
            displayed += [(name, h, v) for h, v in zip(header[1:], values, strict=True)]
            if level is not None:
                intervals.append((shown, header[1:], values))
                bounded.append([shown, *(c for v in values for c in with_bounds(v, False))])
    if level is None:
        table = ScoreTable(header, rows, after=parts.tables)
    else:
        table = ScoreTable(
            [header[0], *(c for h in header[1:] for c in (h, f"{h} low", f"{h} high"))],
            bounded,
            after=parts.tables,
        )

    def text() -> str:
        lines = [f"TedEval cross-framework evaluation: {', '.join(names)}"]
        shown = [["  (macro)" if n.endswith(" (macro)") else n, *v] for n, *v in rows]
        lines.append(text_table(header, shown))
        lines.append("")
        overlap_rows = []
        overlap_shown = []
        for a, b in itertools.combinations(names, 2):
            pair = cross.overlap(a, b)
            overlap_rows.append([f"{a} vs {b}", *map(float, pair)])
            overlap_shown += [
                (f"{a} vs {b}", f"overlap {m}", v)
                for m, v in zip(("labeled", "unlabeled"), pair, strict=True)
            ]
        lines.append(text_table(["cross-theory overlap", "labeled", "unlabeled"], overlap_rows))
        lines.append("")
        lines += undefined_lines([*displayed, *overlap_shown])
        lines += [f"note: {n}" for n in notes]
        lines += counts_lines(
            cross.counts(),
            cross.missing_policy,
            by_system,
            result.skipped,
            unit="sentence" if cross.align is None else "unit",
            failures=result.answer_failures,
            bad=result.bad_parses,
            length=length_filter_of(cross),
        )
        changed = [
            _lifted_text(n, s, a)
            for n, s, a in zip(
                (*cross.config.theory_names, *cross.config.parse_names),
                result.lifted_sentences,
                result.lifted_arcs,
                strict=True,
            )
            if s
        ]
        if changed:
            lines.append("projectivized: " + ", ".join(changed))
        if sig_rows:
            lines.append("")
            lines.append(significance_table(sig_rows, args.significance, args.seed))
        if level is not None:
            lines += interval_lines(intervals, level, args.seed)
        lines += parts.text
        if not parts.text:
            lines.append("")
        lines.append("signatures:")
        for name in cross.scored_names:
            # SINGLE and MULTIPLE differ only in their reference.
            single = str(cross.signature("single", name))
            multiple = str(cross.signature("multiple", name))
            lines.append(f"  {name}: {single}")
            if multiple != single:
                lines.append(f"  {' ' * len(name)}  {multiple}")
        return "\n".join(lines)

    def sentences() -> Iterable[dict[str, Any]]:
        if kept is None:
            return ()
        gold_records = {e.name: kept[i] for i, e in enumerate(experiments)}
        parse_records = dict(
            zip([n for n, _, p in specs if p is not None], kept[len(golds) :], strict=True)
        )
        converters = {e.name: e.converter for e in experiments}
        from .sentence_views import cross_views  # -f html only: it reads nltk's trees

        return cross_views(cross, converters, gold_records, parse_records)

    shown = [f"{sc} {m}" for sc in ("single", "multiple") for m in ("labeled", "unlabeled")]
    emit(args, data, text, table, sentences, shown)
    return 0


def _cross_tsv(path: str, cross: CrossFrameworkEvaluator) -> None:
    """Per-sentence rows of every experiment: SINGLE then MULTIPLE statistics and scores."""
    stats = [f"{sc}_{c}" for sc in ("single", "multiple") for c in COLUMNS]
    measures = [f"{sc}_{m}" for sc in ("single", "multiple") for m in ("labeled", "unlabeled")]
    rows = []
    units = cross.unit_sentences if cross.align is not None else None
    for name in cross.scored_names:
        single = cross.sentence_results(name, "single")
        multiple = cross.sentence_results(name, "multiple")
        for s, m in zip(single, multiple, strict=True):
            keys: tuple[Any, ...] = (s.number, s.sentence_id or "", name)
            if units is not None:
                unit = units.get(s.number, {})
                keys += (unit.get(f"{name} gold", ""), unit.get(f"{name} parse", ""))
            rows.append((
                *keys,
                s.delta_labeled, s.iota_labeled, s.delta_unlabeled, s.iota_unlabeled,
                m.delta_labeled, m.iota_labeled, m.delta_unlabeled, m.iota_unlabeled,
                s.labeled, s.unlabeled, m.labeled, m.unlabeled,
            ))  # fmt: skip
    keys = (*PER_SENTENCE_KEYS, *(ALIGNED_KEYS if cross.align is not None else ()))
    write_tsv(path, (*keys, *stats, *measures), rows)


class _CrossSystem:
    """One parse of a cross run in one scenario (or one pair of golds), with the breakdown
    API the command line asks every evaluator (:mod:`~nltk_tedeval.cli.breakdowns`)."""

    def __init__(self, cross: CrossFrameworkEvaluator, name: str, scenario: str) -> None:
        self.cross, self.name, self.scenario = cross, name, scenario

    def breakdown(self, key: str, **options: Any) -> Breakdown:
        if self.scenario == "overlap":
            a, b = self.name.split(" vs ")
            return self.cross.overlap_breakdown(a, b, key, **options)
        return self.cross.breakdown(self.name, key, self.scenario, **options)

    def group_significance(
        self, other: _CrossSystem, key: str, measure: str, *, rounds: int, seed: int
    ) -> dict[str, Any]:
        # Both parses were scored on the same sentences of one run (paired by construction).
        return group_significance(
            self.breakdown(key).table, other.breakdown(key).table, measure, rounds=rounds, seed=seed
        )


def _cross_breakdowns(
    args: argparse.Namespace, cross: CrossFrameworkEvaluator, names: Sequence[str]
) -> BreakdownReport:
    """``--by`` for cross: each parse in SINGLE and in MULTIPLE (groups tested between parses of
    one scenario under --significance), then each pair of golds' cross-theory overlap."""
    out = BreakdownReport()
    if not keys_of(args):
        return out
    parts = [
        breakdown_report(
            args,
            [
                (f"{n} {scenario.upper()}", _CrossSystem(cross, n, scenario))
                for n in sorted(cross.scored_names)
            ],
            rounds=args.significance,
            last=False,
        )
        for scenario in ("single", "multiple")
    ]
    pairs = [f"{a} vs {b}" for a, b in itertools.combinations(sorted(names), 2)]
    if pairs:
        parts.append(
            breakdown_report(
                args, [(p, _CrossSystem(cross, p, "overlap")) for p in pairs], last=False
            )
        )
    for part in parts:
        out.json += part.json
        out.tests += part.tests
        out.text += part.text
        out.tables += part.tables
    out.text.append("")
    return out
