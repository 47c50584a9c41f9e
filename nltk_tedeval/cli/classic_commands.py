"""``tedeval parseval``, ``attach`` and ``mph``: the classic metrics from files.

Each metric's evaluator is imported when its command runs, so that the other
commands do not pay for loading it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ..reading import read_head_rules
from ..scoring.evaluator import Evaluator
from .inputs import _require_sentences, _streams
from .output import (
    PROG,
    _emit,
    _pairwise,
    _significance_table,
    _skipped_lines,
    text_table,
    write_tsv,
)

__all__ = ["cmd_attach", "cmd_mph", "cmd_parseval"]


def _classic(
    args: argparse.Namespace,
    evaluator: type[Evaluator],
    options: dict[str, Any],
    measures: Sequence[str],
    significance_measures: Sequence[str],
    *,
    one_per_line: bool = False,
    extra_text: Callable[[Evaluator], list[str]] | None = None,
) -> tuple[list[Evaluator], dict[str, Any]]:
    """Score TEST files against GOLD with a classic metric; print the report."""
    tests = list(args.tests)
    gold_fmt = args.gold_format or args.format
    test_fmt = args.parse_format or args.format
    streams = _streams(
        [args.gold, *tests],
        [gold_fmt] + [test_fmt] * len(tests),
        skip_bad=args.skip_bad,
        one_per_line=one_per_line,
    )
    evaluators = evaluator.evaluate_systems(
        streams[0],
        streams[1:],
        names=tests,
        on_error="skip" if args.skip_bad else "raise",
        **options,
    )
    first = evaluators[0]
    skipped = first.skipped
    read = len(first.numbers) + len(skipped)
    _require_sentences(read, [args.gold, *tests])
    blocks = []
    for path, ev in zip(tests, evaluators, strict=True):
        block: dict[str, Any] = {
            "test": path,
            "scores": {m: ev.score(m).as_dict() for m in measures},
            "signature": str(ev.signature),
        }
        if args.macro:
            block["macro"] = {m: ev.score(m, average="macro").as_dict() for m in measures}
        report = getattr(ev, "report", None)
        if callable(report):
            block["report"] = report()
        blocks.append(block)
    data: dict[str, Any] = {
        "command": args.command,
        "gold": args.gold,
        "sentences": len(first.numbers),
        "read": read,
        "skipped": [s.as_dict() for s in skipped],
        "signature": str(first.signature),
    }
    if len(blocks) == 1:
        data.update(blocks[0])
    else:
        data["systems"] = blocks
    sig_rows: list[dict[str, Any]] = []
    if args.significance and len(evaluators) > 1:
        sig_rows = _pairwise(
            list(zip(tests, evaluators, strict=True)),
            significance_measures,
            args.significance,
            args.seed,
        )
        data["significance"] = sig_rows
    if args.per_sentence:
        header = ("sentence", "system", *first.columns, *measures)
        rows = []
        for path, ev in zip(tests, evaluators, strict=True):
            per = [ev.sentence_scores(m) for m in measures]
            for k, (number, row) in enumerate(
                zip(ev.numbers, ev.stats.array.tolist(), strict=True)
            ):
                rows.append((number, path, *row, *(p[k] for p in per)))
        write_tsv(args.per_sentence, header, rows)

    def text() -> str:
        lines = [f"{args.command}: against {args.gold}"]
        rows = []
        for path, ev in zip(tests, evaluators, strict=True):
            rows.append([path, *(float(ev.score(m)) for m in measures)])
            if args.macro:
                rows.append(["  (macro)", *(float(ev.score(m, average="macro")) for m in measures)])
        lines.append(text_table(["system", *measures], rows))
        if extra_text is not None:
            for ev in evaluators:
                lines += extra_text(ev)
        lines += _skipped_lines(skipped, read)
        if sig_rows:
            lines.append(_significance_table(sig_rows, args.significance, args.seed))
        lines.append(f"signature: {first.signature}")
        return "\n".join(lines)

    _emit(args, data, text)
    return evaluators, data


def cmd_attach(args: argparse.Namespace) -> int:
    from ..metrics.attachment import AttachmentEvaluator

    def relations(ev: Evaluator) -> list[str]:
        if not args.relations:
            return []
        rel = ev.relation_scores()  # type: ignore[attr-defined]
        rows = [
            [r.relation, r.gold, r.predicted, r.label_precision, r.label_recall,
             r.las_precision, r.las_recall]
            for r in rel.values()
        ]  # fmt: skip
        header = ["relation", "gold", "predicted", "label P", "label R", "LAS P", "LAS R"]
        return ["", text_table(header, rows), ""]

    _classic(
        args,
        AttachmentEvaluator,
        {"punct": args.punct, "strip_subtypes": args.strip_subtypes},
        ["LAS", "UAS", "LA", "UNDIRECTED", "NED"],
        ["LAS", "UAS", "NED"],
        extra_text=relations,
    )
    return 0


def cmd_mph(args: argparse.Namespace) -> int:
    from ..metrics.mph import PUNCT_TAGS, MPHEvaluator

    head_rules = read_head_rules(args.head_rules) if args.head_rules else None
    punct = PUNCT_TAGS if args.punct_tags is None else args.punct_tags
    _classic(
        args,
        MPHEvaluator,
        {"head_rules": head_rules, "punct_tags": punct, "projectivize": args.projectivize},
        ["P", "R", "F1"],
        ["F1"],
    )
    return 0


def cmd_parseval(args: argparse.Namespace) -> int:
    from ..metrics.evalb_report import evalb_sentence_lines
    from ..metrics.parseval import ParsevalEvaluator, TooManyErrorsError
    from ..reading.evalb_params import EvalbParams

    if args.params:
        with open(args.params, encoding="utf-8", errors="replace") as handle:
            params = EvalbParams.from_text(handle.read(), source=args.params)
    else:
        params = EvalbParams.collins()
    # EVALB aborts after MAX_ERROR errors; here errors are listed and only a
    # maximum given on the command line stops the run.
    params = params.replace(max_error=args.max_errors)
    tests = list(args.tests)
    gold_fmt = args.gold_format or args.format or "ptb"
    test_fmt = args.parse_format or args.format or "ptb"
    evaluators = []
    # EVALB counts bad sentences as rows (errors, skips), never leaves them
    # out, so every system keeps all sentences and pairs stay aligned.
    for test in tests:
        gold_stream, test_stream = _streams(
            [args.gold, test],
            [gold_fmt, test_fmt],
            skip_bad=args.skip_bad,
            one_per_line={"auto": None, "line": True, "free": False}[args.layout],
        )
        ev = ParsevalEvaluator(
            test_stream, gold_stream, params, on_error="skip" if args.skip_bad else "raise"
        )
        try:
            _require_sentences(len(ev.stats), [args.gold, test])
        except TooManyErrorsError as err:
            if args.evalb and err.partial is not None:
                # EVALB's output up to where it stops, so that tools that read
                # its table see the same lines; then the error, as EVALB exits.
                print("\n".join(evalb_sentence_lines(err.partial, header=True)))
            # One tree per line in both files: the sentence number is the line.
            raise err.locate(file=test, line=err.sentence) from None
        evaluators.append(ev)
    measures = ["P", "R", "F1"]
    blocks = []
    for test, ev in zip(tests, evaluators, strict=True):
        block = {
            "test": test,
            "scores": {m: ev.score(m).as_dict() for m in ev.measures},
            "summary": ev.summary(),
            "signature": str(ev.signature),
            "sentences": len(ev.stats),
        }
        if args.macro:
            block["macro"] = {m: ev.score(m, average="macro").as_dict() for m in measures}
        blocks.append(block)
    first = evaluators[0]
    data: dict[str, Any] = {
        "command": "parseval",
        "gold": args.gold,
        "params": args.params,
        "sentences": len(first.stats),
        "skipped": [],
        "signature": str(first.signature),
    }
    if len(blocks) == 1:
        data.update(blocks[0])
    else:
        data["systems"] = blocks
    sig_rows: list[dict[str, Any]] = []
    if args.significance and len(evaluators) > 1:
        sig_rows = _pairwise(
            list(zip(tests, evaluators, strict=True)), ["F1"], args.significance, args.seed
        )
        data["significance"] = sig_rows
    if args.per_sentence:
        results = [(test, r) for test, ev in zip(tests, evaluators, strict=True)
                   for r in ev.sentence_results()]  # fmt: skip
        keys = list(results[0][1]) if results else ["sentence"]
        write_tsv(
            args.per_sentence,
            ["system", *keys],
            ([test, *(r[k] for k in keys)] for test, r in results),
        )

    def text() -> str:
        lines = []
        for test, ev in zip(tests, evaluators, strict=True):
            if len(tests) > 1:
                lines.append(f"== {test} against {args.gold}")
            lines.append(ev.summary_text(sentences=args.evalb).rstrip("\n"))
            if ev.errors and not args.evalb:
                lines.append(f"{len(ev.errors)} error sentences:")
                lines += [f"  {e}" for e in ev.errors]
            if args.macro:
                lines.append(
                    "macro: "
                    + " ".join(f"{m}={ev.score(m, average='macro').format()}" for m in measures)
                )
        if sig_rows:
            lines.append(_significance_table(sig_rows, args.significance, args.seed))
        lines.append(f"signature: {first.signature}")
        return "\n".join(lines)

    if args.evalb and not args.json:
        # EVALB's standard output stays EVALB's; it reports its error
        # sentences on standard error, and so do we, in our words.
        for test, ev in zip(tests, evaluators, strict=True):
            for e in ev.errors:
                print(f"{PROG}: {test}: error sentence: {e}", file=sys.stderr)
    _emit(args, data, text)
    return 0
