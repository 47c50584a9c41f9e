"""``tedeval score`` and ``tedeval cross``: TedEval from files, SINGLE, MULTIPLE and overlap."""

from __future__ import annotations

import argparse
import itertools
from collections.abc import Sequence
from typing import Any

from ..errors import OptionError
from ..protocol.evaluators import CrossFrameworkEvaluator, Experiment, TedEvalEvaluator
from ..trees.convert import Converter
from .inputs import _label_map, _require_sentences, _streams
from .output import _emit, _pairwise, _significance_table, _skipped_lines, text_table, write_tsv

__all__ = ["PER_SENTENCE_HEADER", "cmd_cross", "cmd_score"]


def _converter(args: argparse.Namespace, label_map: dict[str, str] | None) -> Converter:
    return Converter(
        labeler=args.labeler,
        head_label=args.head_label,
        strip_subtypes=args.strip_subtypes,
        projectivize=args.projectivize,
        label_map=label_map,
    )


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
