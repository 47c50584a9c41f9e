"""The ``tedeval`` command: every metric of the package, from files.

Subcommands:

- ``tedeval score GOLD PARSE [PARSE ...]``: TedEval SINGLE (or MULTIPLE
  with ``--other-gold``), labeled and unlabeled;
- ``tedeval cross -e NAME=GOLD,PARSE ...``: a cross-framework experiment,
  SINGLE and MULTIPLE for every experiment, the cross-theory overlap of
  every pair of golds, and pairwise significance;
- ``tedeval parseval GOLD TEST [TEST ...]``: ParsEval as EVALB computes it;
- ``tedeval attach GOLD PARSE [PARSE ...]``: LAS, UAS, LA, undirected, NED;
- ``tedeval mph GOLD TEST [TEST ...]``: MPH bracket scores.

Files are read in lockstep, sentence by sentence (:mod:`nltk_tedeval.reading`),
so memory does not grow with the corpus. Every report carries a signature
of the options that change its numbers. Problems in the input are one-line
messages naming the file, line and sentence, with exit status 1; ``--debug``
shows the Python traceback instead.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import operator
import os
import sys
import traceback
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .._version import __version__
from ..errors import InputFormatError, OptionError, TedEvalError
from ..protocol.evaluators import CrossFrameworkEvaluator, Experiment, TedEvalEvaluator
from ..reading import FORMATS, read_head_rules, read_label_map, read_parallel
from ..scoring.evaluator import Evaluator
from ..scoring.significance import DEFAULT_SEED
from ..trees.convert import Converter
from ..trees.labelers import LABELERS
from .output import text_table, to_json, write_tsv

__all__ = ["build_parser", "main"]

PROG = "tedeval"


# -- reading ---------------------------------------------------------------------------


def _streams(
    paths: Sequence[str],
    formats: Sequence[str | None],
    *,
    skip_bad: bool,
    one_per_line: bool | None = False,
) -> list[Iterator[Any]]:
    """One stream of reader records per file, read in lockstep.

    The files are read together by :func:`~nltk_tedeval.reading.read_parallel`
    (which reports files of different lengths); each returned iterator yields
    one file's records. Consumers take one sentence from each in turn, so the
    buffers between them hold a single sentence.
    """
    rows = read_parallel(
        list(paths),
        list(formats),
        on_error="collect" if skip_bad else "raise",
        one_per_line=one_per_line,
    )
    copies = itertools.tee(rows, len(paths))
    return [map(operator.itemgetter(i), copy) for i, copy in enumerate(copies)]


def _label_map(path: str | None) -> dict[str, str] | None:
    return read_label_map(path) if path else None


def _converter(args: argparse.Namespace, label_map: dict[str, str] | None) -> Converter:
    return Converter(
        labeler=args.labeler,
        head_label=args.head_label,
        strip_subtypes=args.strip_subtypes,
        projectivize=args.projectivize,
        label_map=label_map,
    )


# -- shared output ------------------------------------------------------------------------


def _skipped_lines(skipped: Sequence[Any], read: int) -> list[str]:
    scored = read - len(skipped)
    noun = "sentence" if scored == 1 else "sentences"
    lines = [f"{scored} {noun} scored ({read} read, {len(skipped)} skipped)"]
    for s in skipped:
        lines.append(f"  skipped sentence {s.number}: {s.reason}")
    return lines


def _pairwise(
    systems: Sequence[tuple[str, Evaluator]], measures: Sequence[str], rounds: int, seed: int
) -> list[dict[str, Any]]:
    out = []
    for (name_a, a), (name_b, b) in itertools.combinations(systems, 2):
        for measure in measures:
            res = a.significance(b, measure, rounds=rounds, seed=seed)
            out.append({"a": name_a, "b": name_b, **res.as_dict()})
    return out


def _significance_table(rows: Sequence[dict[str, Any]], rounds: int, seed: int) -> str:
    header = ["A", "B", "measure", "score A", "score B", "p-value"]
    body = [
        [r["a"], r["b"], r["measure"], r["score_a"], r["score_b"], f"{r['p_value']:.4g}"]
        for r in rows
    ]
    return f"paired approximate randomization, {rounds} rounds, seed {seed}\n" + text_table(
        header, body
    )


def _emit(args: argparse.Namespace, data: dict[str, Any], text: Callable[[], str]) -> None:
    print(to_json(data) if args.json else text())


def _require_sentences(read: int, paths: Sequence[str]) -> None:
    """An empty corpus has no score: say so instead of printing one."""
    if read == 0:
        raise InputFormatError(f"no sentences to score: {', '.join(paths)} contain(s) no sentences")


# -- tedeval score --------------------------------------------------------------------------


def cmd_score(args: argparse.Namespace) -> int:
    golds = [args.gold, *args.other_gold]
    aux = [args.tl_unify] if args.tl_unify else []
    parses = list(args.parses)
    gold_fmt = args.gold_format or args.format
    parse_fmt = args.parse_format or args.format
    streams = _streams(
        [*golds, *aux, *parses],
        [gold_fmt] * (len(golds) + len(aux)) + [parse_fmt] * len(parses),
        skip_bad=args.skip_bad,
    )
    gold_stream, others = streams[0], streams[1 : len(golds)]
    tl_stream = streams[len(golds)] if aux else None
    systems = streams[len(golds) + len(aux) :]
    converter = _converter(args, _label_map(args.label_map))
    evaluators = TedEvalEvaluator.evaluate_systems(
        gold_stream,
        systems,
        names=parses,
        other_golds=others,
        tl_unify_with=tl_stream,
        converter=converter,
        engine=args.engine,
        on_error="skip" if args.skip_bad else "raise",
        jobs=args.jobs,
        progress=args.progress,
    )
    first = evaluators[0]
    result = first.result
    _require_sentences(result.read, [*golds, *parses])
    blocks = []
    for path, ev in zip(parses, evaluators, strict=True):
        block = ev.as_dict()
        block["parse"] = path
        if args.macro:
            m_lab, m_unl = ev.macro()
            block["macro"] = {"labeled": m_lab.as_dict(), "unlabeled": m_unl.as_dict()}
        blocks.append(block)
    data: dict[str, Any]
    if len(blocks) == 1:
        data = dict(blocks[0])
    else:
        data = {
            "systems": blocks,
            "sentences": len(result.numbers),
            "read": result.read,
            "skipped": [s.as_dict() for s in result.skipped],
            "signature": str(first.signature),
        }
    data.update(
        command="score",
        gold=args.gold,
        other_golds=list(args.other_gold),
        tl_unify=args.tl_unify,
        scenario=first.scenario,
        projectivized={k: list(v) for k, v in first.projectivized.items()},
    )
    sig_rows: list[dict[str, Any]] = []
    if args.significance and len(evaluators) > 1:
        sig_rows = _pairwise(
            list(zip(parses, evaluators, strict=True)),
            ["labeled", "unlabeled"],
            args.significance,
            args.seed,
        )
        data["significance"] = sig_rows
    if args.per_sentence:
        rows = [
            (r.number, r.sentence_id or "", path, r.delta_labeled, r.iota_labeled, r.labeled,
             r.delta_unlabeled, r.iota_unlabeled, r.unlabeled)
            for path, ev in zip(parses, evaluators, strict=True)
            for r in ev.sentence_results()
        ]  # fmt: skip
        write_tsv(
            args.per_sentence, (*PER_SENTENCE_HEADER[:2], "system", *PER_SENTENCE_HEADER[2:]), rows
        )

    def text() -> str:
        scenario = first.scenario.upper()
        ref = args.gold if not args.other_gold else " ⊓ ".join(golds)
        lines = [f"TedEval {scenario}: against {ref}" + (f" (⊔tl {args.tl_unify})" if aux else "")]
        header = ["system", "labeled", "unlabeled"]
        rows = []
        for path, ev in zip(parses, evaluators, strict=True):
            lab, unl = ev.eval()
            rows.append([path, float(lab), float(unl)])
            if args.macro:
                m_lab, m_unl = ev.macro()
                rows.append(["  (macro)", float(m_lab), float(m_unl)])
        lines.append(text_table(header, rows))
        lines += _skipped_lines(result.skipped, result.read)
        lifted = {k: v for k, v in first.projectivized.items() if v[0]}
        if lifted:
            lines.append(
                "projectivized: "
                + ", ".join(f"{k}: {s} sentences ({a} arcs)" for k, (s, a) in lifted.items())
            )
        if sig_rows:
            lines.append(_significance_table(sig_rows, args.significance, args.seed))
        lines.append(f"signature: {first.signature}")
        return "\n".join(lines)

    _emit(args, data, text)
    return 0


PER_SENTENCE_HEADER = (
    "sentence",
    "id",
    "delta_labeled",
    "iota_labeled",
    "score_labeled",
    "delta_unlabeled",
    "iota_unlabeled",
    "score_unlabeled",
)


# -- tedeval cross --------------------------------------------------------------------------


def _experiment_spec(text: str) -> tuple[str, str, str | None]:
    name, sep, files = text.partition("=")
    parts = files.split(",") if sep else []
    if not name or not parts or len(parts) > 2 or not all(parts):
        raise OptionError(
            f"-e takes NAME=GOLD,PARSE (or NAME=GOLD for a theory without a parser), got {text!r}"
        )
    return name, parts[0], parts[1] if len(parts) == 2 else None


def _pairs(values: Sequence[str], option: str, sep: str) -> dict[str, str]:
    out = {}
    for v in values:
        a, s, b = v.partition(sep)
        if not s or not a or not b:
            raise OptionError(f"{option} takes A{sep}B, got {v!r}")
        out[a] = b
    return out


def cmd_cross(args: argparse.Namespace) -> int:
    specs = [_experiment_spec(e) for e in args.experiment]
    names = [n for n, _, _ in specs]
    maps = _pairs(args.label_map, "--label-map", "=")
    unknown = set(maps) - set(names)
    if unknown:
        raise OptionError(f"--label-map names unknown experiment(s): {', '.join(sorted(unknown))}")
    tl = _pairs(args.tl_unify, "--tl-unify", ":")
    golds = [g for _, g, _ in specs]
    parses = [p for _, _, p in specs if p is not None]
    streams = _streams(
        [*golds, *parses], [args.format] * (len(golds) + len(parses)), skip_bad=args.skip_bad
    )
    parse_streams = iter(streams[len(golds) :])
    experiments = [
        Experiment(
            name,
            next(parse_streams) if parse is not None else None,
            streams[i],
            _converter(args, _label_map(maps.get(name))),
        )
        for i, (name, _, parse) in enumerate(specs)
    ]
    cross = CrossFrameworkEvaluator(
        experiments,
        tl_unify=tl,
        engine=args.engine,
        on_error="skip" if args.skip_bad else "raise",
        jobs=args.jobs,
        progress=args.progress,
    )
    _require_sentences(cross.result.read, [*golds, *parses])
    data = cross.as_dict(
        significance_rounds=args.significance or None, seed=args.seed, macro=args.macro
    )
    data["command"] = "cross"
    data["files"] = {n: {"gold": g, "parse": p} for n, g, p in specs}
    data["tl_unify"] = tl
    result = cross.result
    if args.per_sentence:
        rows = [
            (r.number, r.sentence_id or "", name, scenario, r.delta_labeled, r.iota_labeled,
             r.labeled, r.delta_unlabeled, r.iota_unlabeled, r.unlabeled)
            for name in cross.scored_names
            for scenario in ("single", "multiple")
            for r in cross.sentence_results(name, scenario)
        ]  # fmt: skip
        header = (*PER_SENTENCE_HEADER[:2], "experiment", "scenario", *PER_SENTENCE_HEADER[2:])
        write_tsv(args.per_sentence, header, rows)

    def text() -> str:
        lines = [f"TedEval cross-framework evaluation: {', '.join(names)}"]
        header = ["experiment", "SINGLE L", "SINGLE U", "MULTIPLE L", "MULTIPLE U"]
        rows = []
        for name in cross.scored_names:
            single, multiple = cross.single(name), cross.multiple(name)
            rows.append([name, *map(float, single), *map(float, multiple)])
            if args.macro:
                s_m = cross.single(name, average="macro")
                m_m = cross.multiple(name, average="macro")
                rows.append(["  (macro)", *map(float, s_m), *map(float, m_m)])
        lines.append(text_table(header, rows))
        lines.append("")
        overlap_rows = [
            [f"{a} vs {b}", *map(float, cross.overlap(a, b))]
            for a, b in itertools.combinations(names, 2)
        ]
        lines.append(text_table(["cross-theory overlap", "labeled", "unlabeled"], overlap_rows))
        lines.append("")
        lines += _skipped_lines(result.skipped, result.read)
        lifted = [
            f"{n}: {s} sentences ({a} arcs)"
            for n, s, a in zip(
                (*cross.config.theory_names, *cross.config.parse_names),
                result.lifted_sentences,
                result.lifted_arcs,
                strict=True,
            )
            if s
        ]
        if lifted:
            lines.append("projectivized: " + ", ".join(lifted))
        if args.significance:
            sig = [{**r, "measure": f"{r['scenario']} {r['mode']}"} for r in data["significance"]]
            lines.append("")
            lines.append(_significance_table(sig, args.significance, args.seed))
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

    _emit(args, data, text)
    return 0


# -- classic metrics ----------------------------------------------------------------------


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


# -- the parser ----------------------------------------------------------------------------


EXAMPLES = {
    "score": """examples:
  tedeval score gold.conllu parse.conllu
  tedeval score gold.ptb parse1.ptb parse2.ptb --significance 10000
  tedeval score gold.conllu parse.conllu --other-gold gold.ptb --json   # MULTIPLE
  tedeval score gold.ptb parse.ptb --tl-unify gold.conllu --projectivize
""",
    "cross": """examples:
  tedeval cross -e ptb=gold.ptb,berkeley.ptb -e ud=gold.conllu,malt.conllu --projectivize
  tedeval cross -e ptb=gold.ptb,parse.ptb -e ud=gold.conllu,parse.conllu \\
      --tl-unify ptb:ud --significance 10000 --json
""",
    "parseval": """examples:
  tedeval parseval gold.mrg test.mrg
  tedeval parseval gold.mrg test.mrg -p COLLINS.prm --per-sentence lines.tsv
  tedeval parseval gold.mrg test.mrg --evalb > ours.txt   # EVALB's own output, to diff
""",
    "attach": """examples:
  tedeval attach gold.conllu parse.conllu
  tedeval attach gold.conllx parse.conllx --punct exclude --relations
  tedeval attach gold.conllu a.conllu b.conllu --significance 10000
""",
    "mph": """examples:
  tedeval mph gold.ptb parse.ptb
  tedeval mph gold.ptb parse.conllu --projectivize   # a dependency parse against bracketed gold
  tedeval mph gold.ptb parse.ptb --head-rules my.rules
""",
}


def _common(p: argparse.ArgumentParser, *, formats: bool = True) -> None:
    inp = p.add_argument_group("input")
    if formats:
        inp.add_argument(
            "--format", choices=FORMATS, help="force the format of every file (default: detect)"
        )
        inp.add_argument(
            "--gold-format", choices=FORMATS, help="force the format of the gold file(s)"
        )
        inp.add_argument(
            "--parse-format", choices=FORMATS, help="force the format of the parse/test file(s)"
        )
    else:
        inp.add_argument("--format", choices=FORMATS, help="force the format of every file")
    inp.add_argument(
        "--skip-bad",
        action="store_true",
        help="leave out bad sentences from every system (counted and listed) instead of stopping",
    )
    out = p.add_argument_group("output")
    out.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    out.add_argument(
        "--per-sentence",
        metavar="FILE",
        help="write every sentence's statistics as TSV ('-' = stdout)",
    )
    out.add_argument("--macro", action="store_true", help="also report macro averages")
    out.add_argument(
        "--significance",
        type=int,
        metavar="R",
        default=0,
        help="pairwise paired randomization test with R rounds between systems",
    )
    out.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help=f"seed of the test (default {DEFAULT_SEED})"
    )
    p.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on stderr (default: only when stderr is a terminal)",
    )
    p.add_argument("--debug", action="store_true", help="show Python tracebacks for errors")


def _conversion(p: argparse.ArgumentParser, *, per_experiment: bool) -> None:
    g = p.add_argument_group("conversion to multi-function trees (SPEC.md §3)")
    g.add_argument(
        "--labeler",
        default="ptb",
        choices=sorted(LABELERS),
        help="function labels of bracketed trees (default ptb: dash tags such as NP-SBJ)",
    )
    g.add_argument("--head-label", default="hd", help="label of dependency heads (default hd)")
    g.add_argument("--strip-subtypes", action="store_true", help="compare nsubj:pass as nsubj")
    g.add_argument(
        "--projectivize",
        action="store_true",
        help="lift non-projective arcs (Nivre and Nilsson 2005) instead of stopping",
    )
    if per_experiment:
        g.add_argument(
            "--label-map",
            action="append",
            default=[],
            metavar="NAME=FILE",
            help="rename experiment NAME's labels with a TSV map (from<TAB>to)",
        )
        g.add_argument(
            "--tl-unify",
            action="append",
            default=[],
            metavar="A:B",
            help="enrich experiment A's gold with B's labels by TL-unification",
        )
    else:
        g.add_argument(
            "--label-map", metavar="FILE", help="rename labels with a TSV map (from<TAB>to)"
        )
    e = p.add_argument_group("engine")
    e.add_argument(
        "--engine",
        default="span",
        choices=["span", "apted"],
        help="span: exact and linear (default); apted: tree edit distance cross-check",
    )
    e.add_argument("--jobs", type=int, default=1, help="worker processes (useful with apted)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Cross-framework parser evaluation: TedEval beside ParsEval, LAS/UAS, NED "
        "and MPH.",
        epilog="Run 'tedeval COMMAND --help' for a command's options and examples.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, help_: str) -> argparse.ArgumentParser:
        return sub.add_parser(
            name,
            help=help_,
            description=help_,
            epilog=EXAMPLES[name],
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )

    p = command("score", "TedEval of one or more parses against a gold file (SINGLE or MULTIPLE)")
    p.add_argument("gold", metavar="GOLD")
    p.add_argument("parses", metavar="PARSE", nargs="+")
    p.add_argument(
        "--other-gold",
        action="append",
        default=[],
        metavar="FILE",
        help="gold of another theory; scores against the generalized gold (MULTIPLE)",
    )
    p.add_argument(
        "--tl-unify",
        metavar="FILE",
        help="enrich GOLD with this gold's labels by TL-unification (PTB ⊔tl SD)",
    )
    _conversion(p, per_experiment=False)
    _common(p)
    p.set_defaults(run=cmd_score)

    p = command("cross", "a cross-framework experiment: SINGLE, MULTIPLE and overlap")
    p.add_argument(
        "-e",
        "--experiment",
        action="append",
        required=True,
        metavar="NAME=GOLD,PARSE",
        help="an experiment: its native gold and its parser's output (repeat for each)",
    )
    _conversion(p, per_experiment=True)
    _common(p, formats=False)
    p.set_defaults(run=cmd_cross)

    p = command("parseval", "ParsEval bracket scores exactly as EVALB computes them")
    p.add_argument("gold", metavar="GOLD")
    p.add_argument("tests", metavar="TEST", nargs="+")
    p.add_argument(
        "-p", "--params", metavar="PRM", help="an EVALB parameter file (default COLLINS.prm)"
    )
    p.add_argument(
        "--max-errors",
        type=int,
        default=None,
        metavar="N",
        help="stop as EVALB does after N error sentences (default: never; MAX_ERROR in PRM "
        "is ignored)",
    )
    p.add_argument(
        "--layout",
        choices=["auto", "line", "free"],
        default="auto",
        help="line: one tree per line, an empty line a failed parse (EVALB's layout); free: "
        "trees may run over several lines (pretty-printed .mrg files); auto (default): free "
        "when a file's trees run over several lines",
    )
    p.add_argument(
        "--evalb",
        action="store_true",
        help="print EVALB's own output: the per-sentence table and the summary (error "
        "sentences go to standard error, as EVALB reports them)",
    )
    _common(p)
    p.set_defaults(run=cmd_parseval)

    p = command("attach", "attachment scores: LAS, UAS, label accuracy, undirected and NED")
    p.add_argument("gold", metavar="GOLD")
    p.add_argument("tests", metavar="PARSE", nargs="+")
    p.add_argument(
        "--punct",
        choices=["include", "exclude"],
        default="include",
        help="include punctuation (CoNLL 2018, default) or exclude it (CoNLL-X eval.pl, nltk)",
    )
    p.add_argument("--strip-subtypes", action="store_true", help="compare nsubj:pass as nsubj")
    p.add_argument("--relations", action="store_true", help="print the per-relation table")
    _common(p)
    p.set_defaults(run=cmd_attach)

    p = command("mph", "MPH: unlabeled brackets of maximal projections of heads")
    p.add_argument("gold", metavar="GOLD")
    p.add_argument("tests", metavar="TEST", nargs="+")
    p.add_argument("--head-rules", metavar="FILE", help="a head-rule table (default Collins 1999)")
    p.add_argument(
        "--punct-tags",
        metavar="TAGS",
        help="space-separated POS tags whose tokens are removed (default: , : `` '' .)",
    )
    p.add_argument("--projectivize", action="store_true", help="lift non-projective arcs")
    _common(p)
    p.set_defaults(run=cmd_mph)
    return parser


def cmd_parseval(args: argparse.Namespace) -> int:
    from ..metrics.parseval import ParsevalEvaluator, TooManyErrorsError, evalb_sentence_lines
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    with warnings.catch_warnings():
        warnings.showwarning = _show_warning
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    _tolerant_stdout()
    try:
        status = args.run(args)
        sys.stdout.flush()  # a closed pipe shows here, not at exit
        return status
    except TedEvalError as err:
        if args.debug:
            traceback.print_exc()
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # Whoever read the output stopped early (tedeval ... | head): not an
        # error of the run. Later writes to stdout must not raise again.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 141  # 128 + SIGPIPE, as a shell reports a process killed by it
    except OSError as err:
        if args.debug:
            traceback.print_exc()
        # The file may be an input or an output (--per-sentence): name it, as cp does.
        name = f"{err.filename}: " if getattr(err, "filename", None) else ""
        print(f"{PROG}: error: {name}{err.strerror or err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except MemoryError:
        if args.debug:
            traceback.print_exc()
        print(f"{PROG}: error: out of memory", file=sys.stderr)
        return 1
    except Exception as err:  # a bug: say so in one line, and how to see more
        if args.debug:
            traceback.print_exc()
        print(
            f"{PROG}: internal error: {type(err).__name__}: {' '.join(str(err).split())} "
            "(this is a bug in "
            f"nltk_tedeval {__version__}; rerun with --debug for the traceback and report it)",
            file=sys.stderr,
        )
        return 70  # EX_SOFTWARE of sysexits.h: an internal error


def _tolerant_stdout() -> None:
    """Print characters the output encoding lacks (⊓ under LANG=C) as escapes, not fail."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None and getattr(sys.stdout, "errors", None) == "strict":
        with contextlib.suppress(OSError, ValueError):
            reconfigure(errors="backslashreplace")


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: Any = None,
    line: str | None = None,
) -> None:
    """Warnings (a .prm line EVALB also ignores) as one line each, without source code."""
    print(f"{PROG}: warning: {message}", file=sys.stderr)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
