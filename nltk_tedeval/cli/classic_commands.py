"""``tedeval parseval``, ``attach`` and ``mph``: the classic metrics from files.

Each metric's evaluator is imported when its command runs, so that the other
commands do not pay for loading it.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import warnings
from collections.abc import Callable
from typing import Any

from ..errors import ErrorSentenceWarning, OptionError, TedEvalError
from ..reading import read_head_rules
from ..scoring.evaluator import Evaluator
from .breakdowns import asked, keys_of, refuse
from .inputs import check_formats
from .output import text_table
from .systems import evaluate, report_run
from .terminal import PROG, for_command_line

__all__ = ["cmd_attach", "cmd_mph", "cmd_parseval"]


def exclude_values(given: list[str]) -> dict[str, list[str]]:
    """``--exclude FIELD=V,...`` as values by field, ``FIELD=@FILE`` read one value a line
    (the way to give a value that holds a comma, such as the PTB tag ``,``)."""
    out: dict[str, list[str]] = {}
    for text in given:
        field, eq, values = text.partition("=")
        if not eq or not values:
            raise OptionError(f"--exclude takes FIELD=V[,V...] or FIELD=@FILE, not {text!r}")
        if values.startswith("@"):
            path = values[1:]
            with open(path, encoding="utf-8") as f:
                found = [line.strip() for line in f if line.strip()]
            if not found:
                raise OptionError(f"--exclude {text}: {path} holds no value")
        else:
            found = [v for v in values.split(",") if v]
            if not found:  # "xpos=,": a comma is a value only from a file
                raise OptionError(
                    f"--exclude {text}: no value (give a comma, as any value, in a file: "
                    f"{field}=@FILE)"
                )
        out.setdefault(field, []).extend(found)
    return out


def cmd_attach(args: argparse.Namespace) -> int:
    _check_enhanced(args)
    if args.conll18:
        return _conll18(args)
    check_formats(args)
    from ..metrics.attachment import AttachmentEvaluator

    run = evaluate(
        args,
        AttachmentEvaluator,
        {
            "punct": args.punct,
            "exclude": exclude_values(args.exclude),
            "strip_subtypes": args.strip_subtypes,
        },
    )

    def details(ev: Evaluator) -> dict[str, Any]:
        full = ev.report()  # type: ignore[attr-defined]
        return {k: full[k] for k in ("tokens", "excluded_tokens", "non_trees", "relations")}

    def relations(name: str, ev: Evaluator) -> list[str]:
        lines = []
        non_trees = ev.non_trees["parse"]  # type: ignore[attr-defined]
        if non_trees:
            noun = "parse is" if non_trees == 1 else "parses are"
            lines.append(f"{name}: {non_trees} {noun} not a tree (scored token by token)")
        if not args.relations:
            return lines
        rel = ev.relation_scores()  # type: ignore[attr-defined]
        why = ev.score("LA").reason
        if not rel and why:
            # No sentence had a relation to compare (SPEC.md §7): no table of nothing.
            return [*lines, "", f"relations of {name}: n/a ({why})", ""]
        rows = [
            [r.relation, r.gold, r.predicted, r.label_precision, r.label_recall,
             r.las_precision, r.las_recall]
            for r in rel.values()
        ]  # fmt: skip
        header = ["relation", "gold", "predicted", "label P", "label R", "LAS P", "LAS R"]
        return [*lines, "", f"relations of {name}:", text_table(header, rows), ""]

    report_run(
        args,
        run,
        title=f"attach: against {args.gold}",
        details=details,
        extra_text=relations,
    )
    return 0


def _check_enhanced(args: argparse.Namespace) -> None:
    """``--enhanced`` only with ``--conll18``; its own options only with ``--enhanced``."""
    enhanced = getattr(args, "enhanced", False)
    if enhanced and not args.conll18:
        raise OptionError(
            "--enhanced adds ELAS and EULAS to the CoNLL 2018 metrics, as the IWPT script "
            "does: give it with --conll18"
        )
    for flag, on in (
        ("--enhancements", getattr(args, "enhancements", None) is not None),
        ("--iwpt-script", getattr(args, "iwpt_script", False)),
    ):
        if on and not enhanced:
            raise OptionError(f"{flag} is an option of the enhanced metrics: give --enhanced")
    if enhanced:
        from ..metrics.enhanced_ud import enhancement_digits

        enhancement_digits(args.enhancements or "0")  # refused before any file is read


def _conll18(args: argparse.Namespace) -> int:
    """``attach --conll18``: the CoNLL 2018 script's metrics and its table, byte for byte."""
    from ..errors import OptionError
    from ..metrics.conll18 import CONLL18_METRICS, Conll18Evaluator
    from ..reading.ud_words import read_ud_words
    from .emit import emit, to_stderr
    from .report import length_filter_of, length_lines, report, system_entry
    from .systems import systems

    refused = [
        flag
        for flag, on in (
            ("--significance", args.significance),
            ("--per-sentence", args.per_sentence),
            ("--relations", args.relations),
            ("--strip-subtypes", args.strip_subtypes),
            (f"--punct {args.punct}", args.punct != "include"),
            ("--exclude", args.exclude),
            ("--skip-bad", getattr(args, "skip_bad", False)),
            ("--align", args.align),
            ("--gold-segments", args.gold_segments),
            ("--parse-segments", args.parse_segments),
            ("--ci", args.ci is not None),
            ("--measure", args.measure),
        )
        if on
    ]
    if refused:
        raise OptionError(
            f"--conll18 computes the CoNLL 2018 script's metrics as it defines them; "
            f"{', '.join(refused)} would change or extend them"
        )
    if (args.format or args.gold_format or args.parse_format or "conllu") != "conllu":
        raise OptionError("--conll18 reads CoNLL-U files only, as the CoNLL 2018 script does")
    check_formats(args)
    from .breakdowns import bins_of, breakdown_report, check_request, keys_of

    check_request(args, Conll18Evaluator)
    named = systems(args.tests)
    by = {"by": keys_of(args), "bins": bins_of(args)} if keys_of(args) else {}
    by.update(
        {k: getattr(args, k) for k in ("min_length", "max_length") if getattr(args, k) is not None}
    )
    enhanced = getattr(args, "enhanced", False)
    evaluator: Any = Conll18Evaluator
    metrics: tuple[str, ...] = CONLL18_METRICS
    if enhanced:
        from ..metrics.enhanced_ud import EnhancedEvaluator

        evaluator = EnhancedEvaluator
        metrics = EnhancedEvaluator.table_metrics
        by.update(enhancements=args.enhancements or "0", iwpt_script=args.iwpt_script)
        if args.iwpt_script:
            to_stderr([
                "warning: --iwpt-script prints the IWPT script's own figures: a gold edge "
                "counts once for every system edge that matches it (a recall can pass "
                "100%), --enhancements 3 does nothing and 5 drops the wrong edges; they "
                "are not a score (SPEC.md §17)"
            ])  # fmt: skip
    runs = [
        (
            s,
            evaluator(
                read_ud_words(s.path, deps=enhanced), read_ud_words(args.gold, deps=enhanced), **by
            ),
        )
        for s in named
    ]
    for _, ev in runs:
        _ = ev.stats  # read and score now, so that an error stops before any output
    first = runs[0][1]
    entries = [
        system_entry(
            s.name,
            s.path,
            args.gold,
            scores={m: ev.score(m) for m in metrics},
            signature=ev.signature,
            missing=0,
            macro={m: ev.score(m, average="macro") for m in metrics} if args.macro else None,
            details=_conll18_details(ev),
        )
        for s, ev in runs
    ]
    # Percentages, as the script's table beside them.
    parts = breakdown_report(args, [(s.name, ev) for s, ev in runs], percent=True)
    extra: dict[str, Any] = {}
    if parts.json:
        from .report import REPORT_VERSION

        extra = {"breakdowns": parts.json, "version": REPORT_VERSION}
    length = length_filter_of(first)
    if length is not None and any(ev.left_out_by_length != length[1] for _, ev in runs):
        # Each system is aligned to the gold on its own, as the script aligns it: a system
        # that joins gold sentences makes units of another length (SPEC.md §15).
        extra["notes"] = [
            "the systems split the gold into different units, so the length filter left out "
            "other sentences for each (each system's details list its own; counts are the "
            "first system's)"
        ]
    data = report(
        "attach",
        golds=[{"role": "gold", "file": args.gold}],
        systems=entries,
        counts=first.run_counts(),
        policy="skip",
        missing=[],
        skipped=[],
        length=length,
        **extra,
    )

    def text() -> str:
        if length is not None:
            # The script's table has no line for what was left out (SPEC.md §15).
            to_stderr([*length_lines(*length), *(f"note: {n}" for n in extra.get("notes", ()))])
        if len(runs) == 1:
            out = runs[0][1].table(args.conll18)
        else:
            out = "\n".join(
                f"== {s.name} against {args.gold}\n{ev.table(args.conll18)}" for s, ev in runs
            )
        # The script's table stays byte for byte; the breakdowns follow it.
        # The last line of parts.text parts them from a signature, which this table has not.
        return out + "\n" + "\n".join(parts.text[:-1]) if parts.text else out

    emit(args, data, text, None if not parts.tables else _conll18_table(parts))
    return 0


def _conll18_details(ev: Any) -> dict[str, Any]:
    """What a system of ``attach --conll18`` adds to the report: the script's figures, its
    units and sentences, and with a length filter the sentences it left out of this
    system's units (SPEC.md §15)."""
    from ..scoring.lengths import length_summary

    details = {"conll18": ev.results(), "units": ev.units, "sentences": ev.sentences}
    if ev.length_filter is not None:
        details["length_filter"] = length_summary(ev.length_filter, ev.left_out_by_length)
    return details


def _conll18_table(parts: Any) -> Any:
    """The breakdown tables of ``attach --conll18 --by`` in a table format (the script's
    own table is text only)."""
    from .output import ScoreTable

    first, *rest = parts.tables
    return ScoreTable(first.header, first.rows, after=rest)


def cmd_mph(args: argparse.Namespace) -> int:
    from ..metrics.mph import PUNCT_TAGS, MPHEvaluator

    if args.align:
        raise OptionError(
            "mph has no --align: its brackets come from head rules over one tokenization"
        )
    head_rules = read_head_rules(args.head_rules) if args.head_rules else None
    punct = PUNCT_TAGS if args.punct_tags is None else args.punct_tags
    run = evaluate(
        args,
        MPHEvaluator,
        {"head_rules": head_rules, "punct_tags": punct, "projectivize": args.projectivize},
    )
    report_run(
        args,
        run,
        title=f"mph: against {args.gold}",
        details=lambda ev: {"projectivized": ev.projectivized},  # type: ignore[attr-defined]
    )
    return 0


def cmd_parseval(args: argparse.Namespace) -> int:
    check_formats(args)
    _check_spmrl(args)
    if args.evalb:
        what = "evalb_spmrl's" if args.spmrl else "EVALB's"
        refuse(args, f"--{'spmrl' if args.spmrl else 'evalb'} prints {what} own output, "
               "which has no breakdowns or intervals")  # fmt: skip
    if args.format is None:
        args.format = _parseval_format(args.gold)
    if args.spmrl and args.format != "ptb":
        raise OptionError("--spmrl reads bracketed trees, as evalb_spmrl does (ptb)")
    if args.jp_evalb:
        return _jp_evalb_parseval(args)
    if _disco_asked(args):
        return _disco_parseval(args)
    from ..metrics.evalb_report import evalb_sentence_lines
    from ..metrics.parseval import ParsevalEvaluator, TooManyErrorsError
    from ..reading.evalb_params import EvalbParams

    evaluator: type[Evaluator] = ParsevalEvaluator
    options: dict[str, Any] = {}
    lines_of = evalb_sentence_lines
    if args.spmrl:
        from ..metrics.evalb_spmrl import (
            SPMRL_PARAMS,
            SpmrlCompatibilityWarning,
            SpmrlParsevalEvaluator,
            spmrl_sentence_lines,
        )

        evaluator, lines_of = SpmrlParsevalEvaluator, spmrl_sentence_lines
        options["unparsed"] = args.spmrl_unparsed
        params = SPMRL_PARAMS if args.params is None else EvalbParams.from_file(args.params)
        if args.spmrl_compact:
            warnings.warn(
                SpmrlCompatibilityWarning(
                    "evalb_spmrl's -L line prints the recall under 'Prec:' and the precision "
                    "under 'Rec:'; reproduced because SPMRL results were read from it"
                ),
                stacklevel=1,
            )
    else:
        params = EvalbParams.from_file(args.params)
    # EVALB aborts after MAX_ERROR errors; here errors are listed and only a
    # maximum given on the command line stops the run.
    options["params"] = params.replace(max_error=args.max_errors)
    try:
        with warnings.catch_warnings():
            if args.output_format == "text":
                # The text report lists its error sentences (and --evalb's standard error
                # names each): the warning would say it twice.
                warnings.simplefilter("ignore", ErrorSentenceWarning)
            # EVALB's summary is column sums; only its sentence table (--evalb) reads rows.
            run = evaluate(args, evaluator, options, reads_rows=bool(args.evalb))
    except TooManyErrorsError as err:
        if args.evalb and err.partial is not None:
            # EVALB's output up to where it stops, so that tools that read
            # its table see the same lines; then the error, as EVALB exits.
            print("\n".join(lines_of(err.partial, header=True)))
        raise
    evaluators = run.evaluators
    several = len(evaluators) > 1

    def body() -> list[str]:
        lines = []
        for system, (name, ev) in zip(run.systems, run.pairs(), strict=True):
            if several:
                lines.append(f"== {name} against {args.gold}")
            if args.spmrl_compact:
                # evalb_spmrl ends its -L line with the test file's name as it was given.
                lines.append(ev.compact_text(system.path).rstrip("\n"))  # type: ignore[attr-defined]
                continue
            text = ev.summary_text(sentences=args.evalb)  # type: ignore[attr-defined]
            if not args.evalb:
                # Without EVALB's per-sentence table, the totals row under its
                # rule has no header to read it by; the summary says it all.
                text = text[text.index("=== Summary ===") :]
            lines.append(text.rstrip("\n"))
            errors: list[TedEvalError] = ev.errors  # type: ignore[attr-defined]
            if errors and not args.evalb:
                lines.append(f"{len(errors)} error sentence{'s' if len(errors) != 1 else ''}:")
                lines += [f"  {e}" for e in errors]
            if args.macro:
                lines.append(
                    "macro: "
                    + " ".join(
                        f"{m}={ev.score(m, average='macro').format()}" for m in ("P", "R", "F1")
                    )
                )
        return lines

    if args.evalb and args.output_format == "text":
        # EVALB's standard output stays EVALB's; it reports its error
        # sentences on standard error, and so do we, in our words.
        for name, ev in run.pairs():
            for e in ev.errors:  # type: ignore[attr-defined]
                # (evalb_spmrl's length mismatches are reported too, but counted as valid.)
                what = "counted valid" if getattr(e, "counted_valid", False) else "error sentence"
                print(f"{PROG}: {name}: {what}: {for_command_line(str(e))}", file=sys.stderr)
    rules = " (evalb_spmrl's rules)" if args.spmrl else ""
    report_run(
        args,
        run,
        title=f"parseval{rules}: against {args.gold}"
        + (f" with {args.params}" if args.params else ""),
        details=lambda ev: {"summary": ev.summary()},  # type: ignore[attr-defined]
        text_body=body,
        bare=args.evalb,
        percent=True,
        params=args.params,
    )
    return 0


_FUNCTION_KEYS = ("function", "function_confusion")
# Keys only disco-dop's rules have (its Function Tag, POS and rewrite-rule tables).
_DISCO_KEYS = (*_FUNCTION_KEYS, "tag", "tag_confusion", "rule_confusion", "rule_extra")
_DISCO_KEYS += ("rule_missing",)


def _disco_asked(args: argparse.Namespace) -> bool:
    """Whether the run scores with disco-dop's rules: asked for, a discontinuous gold, or
    a measure or breakdown only disco-dop's rules have."""
    return bool(
        args.disco
        or args.format is None
        or args.la
        or args.ted
        or args.headrules
        or args.function_tags
        or args.functions is not None
        or args.morphology is not None
        or any(k in _DISCO_KEYS for k in keys_of(args))
    )


def _check_spmrl(args: argparse.Namespace) -> None:
    """evalb_spmrl's options go with ``--spmrl``, whose output is evalb_spmrl's own."""
    for flag, given in (
        ("--spmrl-unparsed", args.spmrl_unparsed),
        ("--spmrl-compact", args.spmrl_compact),
    ):
        if given and not args.spmrl:
            raise OptionError(f"{flag} is an option of evalb_spmrl's: give --spmrl with it")
    if not args.spmrl:
        return
    for flag, given in (
        ("--jp-evalb", args.jp_evalb),
        ("--disco", args.disco),
        ("--la", args.la),
        ("--ted", args.ted),
        ("--headrules", args.headrules),
        ("--function-tags", args.function_tags),
        ("--functions", args.functions is not None),
        ("--morphology", args.morphology is not None),
        ("--align", args.align),
    ):
        if given:
            raise OptionError(
                f"--spmrl is evalb_spmrl's rules and output; {flag} cannot go with it"
            )
    if args.spmrl_unparsed and args.missing not in (None, "skip"):
        raise OptionError(
            f"--spmrl-unparsed is evalb_spmrl's -X, which counts a missing parse its own "
            f"(wrong) way; --missing {args.missing} counts it another: give one of them"
        )
    args.evalb = True  # evalb_spmrl's table and summary: EVALB's, with its rules


def _jp_evalb_parseval(args: argparse.Namespace) -> int:
    """ParsEval as jp-evalb's default mode counts it, over the aligned units."""
    from ..errors import OptionError
    from ..metrics.jp_evalb import JpEvalbEvaluator

    if not args.align:
        raise OptionError("--jp-evalb scores aligned units: give --align (or --align lcs) with it")
    for flag, given in (
        ("--params", args.params),
        ("--evalb", args.evalb),
        ("--disco", args.disco),
        ("--la", args.la),
        ("--ted", args.ted),
        ("--headrules", args.headrules),
        ("--function-tags", args.function_tags),
        ("--functions", args.functions is not None),
        ("--morphology", args.morphology is not None),
        ("--max-errors", args.max_errors is not None),
    ):
        if given:
            raise OptionError(
                f"--jp-evalb is jp-evalb's default mode, which reads no parameter file and "
                f"has its own table; it cannot be used with {flag}"
            )
    run = evaluate(args, JpEvalbEvaluator, {})
    body = _each_system(
        run,
        args.gold,
        lambda ev: ev.jp_evalb_text().rstrip("\n"),  # type: ignore[attr-defined]
    )
    report_run(
        args,
        run,
        title=f"parseval (jp-evalb's default mode): against {args.gold}",
        details=lambda ev: {"summary": ev.summary()},  # type: ignore[attr-defined]
        text_body=body,
        # jp-evalb's own table alone, unless breakdowns or intervals follow it.
        bare=len(run.evaluators) == 1 and not asked(args),
        percent=True,
    )
    return 0


def _disco_parseval(args: argparse.Namespace) -> int:
    """ParsEval over discontinuous brackets, as disco-dop's eval computes it."""
    from ..errors import OptionError
    from ..metrics.disco_parseval import DiscoParams, DiscoParsevalEvaluator

    rules = "disco-dop's rules have"
    if args.la or args.ted or args.headrules or args.function_tags:
        rules = "--la, --ted, --headrules and --function-tags score"
    if args.evalb:
        raise OptionError(f"--evalb prints EVALB's output; {rules} disco-dop's own")
    if args.align:
        raise OptionError("--align works with EVALB's rules; disco-dop's rules have no --align")
    if args.max_errors is not None:
        raise OptionError("--max-errors is EVALB's MAX_ERROR; disco-dop's rules have no such limit")
    params = DiscoParams.from_file(args.params)
    if args.headrules:
        from ..trees.discodop_heads import head_rules

        params = dataclasses.replace(params, head_rules=head_rules(args.headrules))
    if args.functions is not None:
        params = dataclasses.replace(params, functions=args.functions)
    if args.morphology is not None:
        params = dataclasses.replace(params, morphology=args.morphology)
    # disco-dop's --la, --ted, --headrules and its function tags: measures that count from
    # its trees (its Function Tag Statistics, --by function, go with the last).
    functions = args.function_tags or any(k in _FUNCTION_KEYS for k in keys_of(args))
    args.measure = [
        *(["LA,LA_WORDS,LA_EXACT,LA_EXACT_SENT"] if args.la else []),
        *(["TED"] if args.ted else []),
        *(["DEP"] if args.headrules else []),
        *(["FUNC,FUNC_P,FUNC_R"] if functions else []),
    ]
    run = evaluate(args, DiscoParsevalEvaluator, {"params": params})

    def text_of(ev: Any) -> str:
        lines = [ev.summary_text(), *ev.more_text()]
        if args.macro:
            shown = [m for m in ("P", "R", "F1", "LA", "TED", "DEP", "FUNC") if m in ev.measures]
            lines.append(
                "macro: " + " ".join(f"{m}={ev.score(m, average='macro').format()}" for m in shown)
            )
        return "\n".join(lines)

    body = _each_system(run, args.gold, text_of)

    report_run(
        args,
        run,
        title=f"parseval (disco-dop's rules): against {args.gold}"
        + (f" with {args.params}" if args.params else ""),
        text_body=body,
        percent=True,
        params=args.params,
    )
    return 0


def _each_system(run: Any, gold: str, text_of: Callable[[Any], str]) -> Callable[[], list[str]]:
    """A text body: each system's own text, under a heading when there are several."""

    def body() -> list[str]:
        several = len(run.evaluators) > 1
        lines = []
        for name, ev in run.pairs():
            if several:
                lines.append(f"== {name} against {gold}")
            lines.append(text_of(ev))
        return lines

    return body


def _parseval_format(gold: str) -> str | None:
    """EVALB reads every file as brackets; a discontinuous treebank is not brackets.

    ``None`` (detect each file, and score with disco-dop's rules) for a gold
    in ``discbracket`` or ``export`` form; ``"ptb"`` otherwise, whatever the
    content.
    """
    from ..errors import TedEvalError
    from ..reading import FORMATS, detect_format
    from ..reading.formats import DISCONTINUOUS

    try:
        fmt = detect_format(gold) if gold != "-" else "ptb"
    except (TedEvalError, OSError):
        return "ptb"
    return None if FORMATS[fmt].kind == DISCONTINUOUS else "ptb"
