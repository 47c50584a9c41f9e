"""``tedeval rank``: many systems on many treebanks, ranked by a macro average (SPEC.md §16).

A manifest names the runs: rows of treebank, gold, system and parse, in a
TSV or a JSON file, paths relative to the manifest's folder. Every treebank
is one run of the metric's own command over its gold and every system that
parsed it (:func:`~nltk_tedeval.cli.systems.capturing_runs`: the options are
parsed, checked and turned into an evaluator exactly as ``tedeval METRIC``
does), on a worker of joblib (``--jobs``) or of a Dask cluster
(``--scheduler``); a worker sends back each system's per-sentence statistics
of the ranked measure, a few integers a sentence, and never a tree. The
scores, the macro average over treebanks (as the CoNLL 2018 shared task
ranked its systems), the stratified bootstrap intervals and the paired tests
between neighbours come from :mod:`nltk_tedeval.scoring` in this process,
from integers alone: the same numbers whatever the engine and however many
workers.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import threading
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._version import __version__
from ..errors import OptionError, TedEvalError
from ..scoring.defaults import DEFAULT_BOOTSTRAP_ROUNDS, DEFAULT_ROUNDS, DEFAULT_SEED
from .commands import MISSING_TREEBANK, RANKED_METRICS, rank_options

__all__ = ["MISSING_TREEBANK", "RANKED_METRICS", "ManifestError", "cmd_rank", "read_manifest"]


FIELDS = ("treebank", "gold", "system", "parse")
"""The fields of a manifest's row, in the order of a TSV without a header."""

RANK_VERSION = 1
"""The version of the JSON report of ``tedeval rank`` (docs/rank.schema.json)."""

# The report options of the metric's parser that the ranking itself reads: its output,
# its intervals and its tests (one spelling for every command).
_RANK_READS = ("output_format", "output", "seed", "ci", "significance")
# The report options of the metric's parser that have no meaning in a ranking.
_REFUSED = {
    "per_sentence": "--per-sentence",
    "by": "--by",
    "bins": "--bins",
    "macro": "--macro",
    "evalb": "--evalb",
    "conll18": "--conll18",
}


class ManifestError(TedEvalError, ValueError):
    """A manifest's row that cannot be run: the message names the file, line and field."""


@dataclass(frozen=True)
class Row:
    """One row of a manifest, its paths made absolute."""

    treebank: str
    gold: str
    system: str
    parse: str
    line: int


@dataclass(frozen=True)
class Job:
    """One treebank: its gold and the parse of every system that has one, run together."""

    treebank: str
    gold: str
    systems: tuple[tuple[str, str], ...]


@dataclass
class TreebankResult:
    """What a worker sends back: each system's per-sentence statistics of the measure."""

    treebank: str
    measure: Any
    signature: str
    counts: dict[str, int]
    missing: dict[str, int]
    rows: dict[str, Any] = field(default_factory=dict)
    """System name to an int64 array, one row per scored sentence, the measure's columns."""
    warnings: list[tuple[type[Warning], str]] = field(default_factory=list)
    """The run's warnings, for this process to show: a worker's own would print them raw."""


def _read_tsv(path: Path, text: str) -> list[tuple[int, dict[str, str]]]:
    out: list[tuple[int, dict[str, str]]] = []
    order: tuple[str, ...] | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\r")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        cells = [c.strip() for c in line.split("\t")]
        if order is None:
            order = FIELDS
            if sorted(c.lower() for c in cells) == sorted(FIELDS):
                order = tuple(c.lower() for c in cells)  # a header: the columns in its order
                continue
        if len(cells) != len(FIELDS):
            raise ManifestError(
                f"{path}:{number}: a row has {len(FIELDS)} tab-separated fields "
                f"({', '.join(order)}), this one has {len(cells)}"
            )
        out.append((number, dict(zip(order, cells, strict=True))))
    return out


def _read_json(path: Path, text: str) -> list[tuple[int, dict[str, str]]]:
    """The rows of a JSON list of objects, each with the line where it begins."""
    decoder = json.JSONDecoder()
    pos = _skip_space(text, 0)
    if not text.startswith("[", pos):
        raise ManifestError(f"{path}:{text.count(chr(10), 0, pos) + 1}: a JSON manifest is a "
                            f"list of objects with the fields {', '.join(FIELDS)}")  # fmt: skip
    pos += 1
    out: list[tuple[int, dict[str, str]]] = []
    while True:
        pos = _skip_space(text, pos)
        if text.startswith("]", pos):
            break
        number = text.count("\n", 0, pos) + 1
        try:
            value, pos = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as err:
            raise ManifestError(f"{path}:{err.lineno}: not JSON: {err.msg}") from None
        if not isinstance(value, dict):
            raise ManifestError(f"{path}:{number}: a row is an object with the fields "
                                f"{', '.join(FIELDS)}, not {type(value).__name__}")  # fmt: skip
        extra = sorted(set(map(str, value)) - set(FIELDS))
        if extra:
            raise ManifestError(f"{path}:{number}: field {extra[0]!r} is not one of a row's "
                                f"({', '.join(FIELDS)})")  # fmt: skip
        for key, cell in value.items():
            if not isinstance(cell, str):
                raise ManifestError(f"{path}:{number}: field {key!r} is a string, not "
                                    f"{json.dumps(cell)}")  # fmt: skip
        out.append((number, value))
        pos = _skip_space(text, pos)
        if text.startswith(",", pos):
            pos += 1
        elif not text.startswith("]", pos):
            raise ManifestError(f"{path}:{text.count(chr(10), 0, pos) + 1}: expected ',' or ']' "
                                "after a row")  # fmt: skip
    return out


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos


def read_manifest(path: str | os.PathLike[str]) -> list[Row]:
    """The rows of a manifest (a TSV, or JSON when it is named ``.json`` or starts with ``[``).

    A TSV has four tab-separated fields a line, treebank, gold, system and
    parse, or the columns its header line names; empty lines and lines
    starting with ``#`` are skipped. Paths are relative to the manifest's
    folder. A bad row (a field missing or empty, a file that does not exist,
    a treebank given two golds, a system given twice on one treebank) is a
    :class:`ManifestError` naming the file, line and field.
    """
    where = Path(path)
    try:
        text = where.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ManifestError(f"{where}: a manifest is UTF-8 text") from None
    json_like = where.suffix.lower() == ".json" or text.lstrip().startswith("[")
    raw = _read_json(where, text) if json_like else _read_tsv(where, text)
    if not raw:
        raise ManifestError(f"{where}: the manifest has no row ({', '.join(FIELDS)})")
    folder = where.parent
    rows: list[Row] = []
    golds: dict[str, tuple[str, int]] = {}
    seen: dict[tuple[str, str], int] = {}
    for number, cells in raw:
        for name in FIELDS:
            if not cells.get(name, "").strip():
                what = "is empty" if name in cells else "is missing"
                raise ManifestError(f"{where}:{number}: field {name!r} {what}")
        treebank, system = cells["treebank"].strip(), cells["system"].strip()
        if "=" in system:
            raise ManifestError(f"{where}:{number}: field 'system': a name without '=', "
                                f"not {system!r}")  # fmt: skip
        files = {}
        for name in ("gold", "parse"):
            file = (folder / cells[name].strip()).resolve()
            if not file.is_file():
                raise ManifestError(
                    f"{where}:{number}: field {name!r}: no such file: {cells[name].strip()} "
                    f"(paths are relative to the manifest's folder, {folder})"
                )
            files[name] = str(file)
        if treebank in golds and golds[treebank][0] != files["gold"]:
            raise ManifestError(
                f"{where}:{number}: field 'gold': treebank {treebank!r} has another gold on "
                f"line {golds[treebank][1]}; every system of a treebank is scored on one gold"
            )
        golds.setdefault(treebank, (files["gold"], number))
        if (treebank, system) in seen:
            raise ManifestError(
                f"{where}:{number}: field 'system': {system!r} already has a parse of "
                f"treebank {treebank!r} on line {seen[treebank, system]}"
            )
        seen[treebank, system] = number
        rows.append(Row(treebank, files["gold"], system, files["parse"], number))
    return rows


def jobs_of(rows: Sequence[Row]) -> list[Job]:
    """One job a treebank, in the manifest's order, its systems in theirs."""
    order: dict[str, list[Row]] = {}
    for row in rows:
        order.setdefault(row.treebank, []).append(row)
    return [
        Job(name, group[0].gold, tuple((r.system, r.parse) for r in group))
        for name, group in order.items()
    ]


def metric_args(metric: str, gold: str, tests: Sequence[str], words: Sequence[str]) -> Any:
    """The metric's command line over ``gold`` and ``tests``, parsed by its own parser."""
    from .command import _bare_optional_values, build_parser

    parser = build_parser()
    argv = _bare_optional_values([metric, gold, *tests, *words])
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        args.command_parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    return args


def score_treebank(
    metric: str, words: Sequence[str], measure: str | None, job: Job
) -> TreebankResult:
    """Run the metric's command over one treebank and keep the measure's statistics.

    The worker's function: it imports what it needs, so that a fresh process
    (joblib's, a Dask worker) runs it as it is.
    """
    from .systems import RunCaptured, capturing_runs
    from .terminal import check_numbers

    tests = [f"{name}={path}" for name, path in job.systems]
    args = metric_args(metric, job.gold, tests, words)
    # The ranking reports; the metric's run only scores.
    args.output_format, args.output, args.significance, args.ci = "text", None, None, None
    args.quiet, args.progress = True, False
    check_numbers(args)
    run = None
    with capturing_runs(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            args.run()(args)
        except RunCaptured as captured:
            run = captured.run
    if run is None:  # pragma: no cover - every ranked command's run goes through evaluate
        raise OptionError(f"tedeval {metric} with these options builds no run to rank")
    first = run.first
    name = measure or ("F1" if "F1" in first.measures else first.primary[0])
    chosen = first.measure(name)
    result = TreebankResult(
        treebank=job.treebank,
        measure=chosen,
        signature=str(first.signature),
        counts=dict(first.counts()),
        missing=dict(first.run.missing_by_system([s.name for s in run.systems])),
    )
    result.warnings = [(w.category, str(w.message)) for w in caught]
    for system, ev in zip(run.systems, run.evaluators, strict=True):
        # A copy of the measure's columns alone: a few integers a sentence go back.
        result.rows[system.name] = ev.stats.view(chosen.columns).copy()
    return result


def all_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - macOS, Windows
        return os.cpu_count() or 1


def run_jobs(
    metric: str,
    words: Sequence[str],
    measure: str | None,
    jobs: Sequence[Job],
    *,
    workers: int,
    scheduler: str | None = None,
) -> list[TreebankResult]:
    """Every treebank's result, in the order of ``jobs``, on the engine asked for."""
    if scheduler is not None:
        try:
            from distributed import Client
        except ImportError:
            raise OptionError(
                "--scheduler runs the treebanks on a Dask cluster: install its client, "
                "pip install 'nltk_tedeval[dask]'"
            ) from None
        with Client(scheduler) as client:
            futures = [
                client.submit(score_treebank, metric, list(words), measure, job, pure=False)
                for job in jobs
            ]
            return list(client.gather(futures))
    if workers == 1 or len(jobs) == 1:
        return [score_treebank(metric, words, measure, job) for job in jobs]
    from joblib import Parallel, delayed

    # This process is one of the workers: it scores treebanks while joblib's start (a new
    # process imports the package: most of a second, as long as a small manifest's
    # whole run) and then takes its turn beside them. Both draw the next treebank from
    # one queue, and every result goes to its treebank's place: the order, and so every
    # figure, is the manifest's whoever scored it.
    results: list[TreebankResult | None] = [None] * len(jobs)
    queue = iter(range(len(jobs)))
    lock = threading.Lock()

    def take() -> int | None:
        with lock:
            return next(queue, None)

    def dispatched() -> Iterator[Any]:
        while (k := take()) is not None:
            yield delayed(_numbered)(k, metric, words, measure, jobs[k])

    runner = Parallel(n_jobs=min(workers, len(jobs)) - 1, return_as="generator_unordered")
    theirs = runner(dispatched())
    while (k := take()) is not None:
        results[k] = score_treebank(metric, words, measure, jobs[k])
    for k, result in theirs:
        results[k] = result
    return [r for r in results if r is not None]


def _numbered(
    k: int, metric: str, words: Sequence[str], measure: str | None, job: Job
) -> tuple[int, TreebankResult]:
    """:func:`score_treebank` on a joblib worker, with the treebank's place."""
    return k, score_treebank(metric, words, measure, job)


def rank(
    results: Sequence[TreebankResult],
    systems: Sequence[str],
    *,
    missing_treebank: str | None,
    level: float,
    rounds: int,
    tests: int,
    seed: int,
) -> dict[str, Any]:
    """The ranking of ``systems`` over ``results``: scores, macro averages, intervals, tests."""
    from ..scoring.bootstrap import macro_over_strata, stratified_intervals
    from ..scoring.significance import stratified_randomization
    from ..scoring.stats import StatsTable

    measure = results[0].measure
    tables: dict[str, list[StatsTable | None]] = {s: [] for s in systems}
    for res in results:
        for s in systems:
            rows = res.rows.get(s)
            tables[s].append(None if rows is None else StatsTable(measure.columns, rows))
    counted = {
        s: len(results) if missing_treebank == "zero" else sum(t is not None for t in tables[s])
        for s in systems
    }
    given = [(tables[s], counted[s]) for s in systems]
    macros = dict(zip(systems, macro_over_strata(given, measure), strict=True))
    intervals = dict(
        zip(systems, stratified_intervals(given, measure, level=level, rounds=rounds, seed=seed),
            strict=True)
    )  # fmt: skip
    # Best first; an N/A average last; equal averages share a rank, in the manifest's order.
    order = sorted(systems, key=lambda s: (math.isnan(macros[s]), -_or_zero(macros[s])))
    entries = []
    for s in order:
        value = macros[s]
        low, high = intervals[s]
        place = (
            None
            if math.isnan(value)
            else 1 + sum(not math.isnan(macros[o]) and macros[o] > value for o in systems)
        )
        scores = {}
        for res, table in zip(results, tables[s], strict=True):
            if table is None:
                scores[res.treebank] = None
                continue
            score = float(measure(table.totals(measure.columns))) if len(table) else math.nan
            sums = map(int, table.totals(measure.columns))
            totals = dict(zip(measure.columns, sums, strict=True))
            scores[res.treebank] = {
                "value": None if math.isnan(score) else score,
                "reason": None if not math.isnan(score) else (
                    "no sentence" if not len(table) else measure.undefined
                ),
                "sentences": len(table),
                "missing": res.missing.get(s, 0),
                "totals": totals,
            }  # fmt: skip
        reason = None
        if math.isnan(value):
            na = [t for t, v in scores.items() if v is not None and v["value"] is None]
            reason = f"N/A on {', '.join(na)}" if na else "no treebank counted"
        entries.append({
            "rank": place,
            "system": s,
            "macro": None if math.isnan(value) else value,
            "reason": reason,
            "treebanks": sum(v is not None for v in scores.values()),
            "counted": counted[s],
            "missing_treebanks": [t for t, v in scores.items() if v is None],
            "ci": {"low": _or_none(low), "high": _or_none(high)},
            "scores": scores,
        })  # fmt: skip
    pairs = []
    for a, b in itertools.pairwise(order):
        result = stratified_randomization(
            list(zip(tables[a], tables[b], strict=True)),
            (counted[a], counted[b]),
            measure,
            rounds=tests,
            seed=seed,
        )
        # JSON has no NaN: a test that did not run has no scores to show, and says why.
        shown = {k: _or_none(v) if isinstance(v, float) else v for k, v in result.as_dict().items()}
        pairs.append({"a": a, "b": b, **shown})
    return {"systems": entries, "tests": pairs}


def _or_none(value: float) -> float | None:
    return None if math.isnan(value) else value


def _or_zero(value: float) -> float:
    return 0.0 if math.isnan(value) else value


def _fmt(value: float | None, digits: int = 4) -> str:
    return "n/a" if value is None else f"{value:.{digits}f}"


def text_report(data: dict[str, Any]) -> str:
    """The ranking as text: the ranked table, then every system's score on every treebank."""
    from .output import text_table

    level = data["ci"]["level"]
    measure, metric = data["measure"], data["metric"]
    treebanks = [t["name"] for t in data["treebanks"]]
    lines = [
        f"rank: {metric} {measure}, macro average over {len(treebanks)} treebanks "
        f"(each weighs one), from {data['manifest']}"
    ]
    tested = {t["a"]: t for t in data["tests"]}
    header = ["rank", "system", measure, f"{level * 100:g}% CI", "treebanks", "p (next)"]
    rows = []
    for e in data["systems"]:
        ci = e["ci"]
        interval = "n/a" if ci["low"] is None else f"[{_fmt(ci['low'])}, {_fmt(ci['high'])}]"
        test = tested.get(e["system"])
        p = "" if test is None else ("n/a" if test.get("reason") else f"{test['p_value']:.4f}")
        have = f"{e['treebanks']}/{len(treebanks)}"
        if e["missing_treebanks"]:
            have += " (missing as 0)" if data["missing_treebank"] == "zero" else " (omitted)"
        macro = _fmt(e["macro"]) if e["macro"] is not None else f"n/a ({e['reason']})"
        rows.append([str(e["rank"] or "-"), e["system"], macro, interval, have, p])
    lines.append(text_table(header, rows))
    lines.append("")
    lines.append(f"{measure} on each treebank:")
    matrix = []
    for e in data["systems"]:
        cells = []
        for t in treebanks:
            got = e["scores"][t]
            if got is None:
                cells.append("0 (missing)" if data["missing_treebank"] == "zero" else "omitted")
            else:
                cells.append(_fmt(got["value"]) if got["value"] is not None else "n/a")
        matrix.append([e["system"], *cells])
    lines.append(text_table(["system", *treebanks], matrix))
    for e in data["systems"]:
        if e["missing_treebanks"]:
            how = ("counted as 0 in its average" if data["missing_treebank"] == "zero"
                   else "left out of its average")  # fmt: skip
            lines.append(
                f"missing: {e['system']} has no parse of {', '.join(e['missing_treebanks'])} "
                f"({how}, --missing-treebank {data['missing_treebank']})"
            )
    for t in data["treebanks"]:
        left = t["counts"].get("missing", 0)
        if left:
            lines.append(f"note: {t['name']}: {left} sentence(s) with a missing parse "
                         f"({t['policy']})")  # fmt: skip
    ci = data["ci"]
    lines.append(
        f"intervals: stratified bootstrap of the macro average, sentences resampled within "
        f"each treebank ({ci['rounds']} rounds, seed {ci['seed']})"
    )
    sig = data["significance"]
    lines.append(
        f"p (next): paired randomization test of each system against the next one down "
        f"({sig['rounds']} rounds, seed {sig['seed']}), sentences swapped within each treebank"
    )
    lines.append(f"signature: {data['signature']}")
    return "\n".join(lines)


def _split(words: Sequence[str]) -> tuple[argparse.Namespace, list[str]]:
    """Rank's own options wherever they were given, and the metric's words."""
    parser = argparse.ArgumentParser(prog="tedeval rank", add_help=False)
    rank_options(parser)
    own, rest = parser.parse_known_args(list(words))
    return own, rest


def check_rank_numbers(own: argparse.Namespace) -> None:
    for option, value, least, what in (
        ("--jobs", own.jobs, 1, "a number of processes of at least 1"),
        ("--bootstrap", own.bootstrap, 1, "a number of rounds of at least 1"),
    ):
        if value is not None and value < least:
            raise OptionError(f"{option} takes {what}, not {value}")


def cmd_rank(args: argparse.Namespace) -> int:
    from ..scoring.bootstrap import check_level
    from .emit import write_output

    later, words = _split(args.metric_options)
    for name, value in vars(later).items():  # given after METRIC: the same options
        default = DEFAULT_BOOTSTRAP_ROUNDS if name == "bootstrap" else None
        if value != default:
            setattr(args, name, value)
    check_rank_numbers(args)
    if args.format is not None:
        words = ["--format", args.format, *words]
    if args.layout != "auto":
        words = ["--layout", args.layout, *words]
    if args.metric not in RANKED_METRICS:
        raise OptionError(
            f"tedeval rank scores one of {', '.join(RANKED_METRICS)}, not {args.metric!r}"
        )
    if args.scheduler is not None and args.jobs is not None:
        raise OptionError("--jobs is for this machine's cores; with --scheduler the Dask "
                          "cluster decides where the treebanks run")  # fmt: skip
    rows = read_manifest(args.manifest)
    jobs = jobs_of(rows)
    # The metric's options, checked once here before any file is read, on the first
    # treebank's files: each worker parses them again over its own.
    from .terminal import check_numbers, check_output_files

    first = jobs[0]
    metric = metric_args(args.metric, first.gold, [f"{n}={p}" for n, p in first.systems], words)
    for attr, option in _REFUSED.items():
        if getattr(metric, attr, None):
            raise OptionError(f"tedeval rank reports no {option}: run tedeval {args.metric} "
                              "on one treebank for it")  # fmt: skip
    check_numbers(metric)
    check_output_files(metric)
    if metric.output_format not in ("text", "json"):
        raise OptionError(f"tedeval rank writes text or json, not {metric.output_format}")
    level = check_level(95 if metric.ci is None else metric.ci)
    tests = DEFAULT_ROUNDS if metric.significance is None else metric.significance
    seed = DEFAULT_SEED if metric.seed is None else metric.seed
    systems = list(dict.fromkeys(r.system for r in rows))
    treebanks = [j.treebank for j in jobs]
    lacking = [(s, [j.treebank for j in jobs if s not in dict(j.systems)]) for s in systems]
    lacking = [(s, t) for s, t in lacking if t]
    if lacking and args.missing_treebank is None:
        s, t = lacking[0]
        raise ManifestError(
            f"{args.manifest}: system {s!r} has no row for treebank {', '.join(map(repr, t))} "
            f"(of {len(treebanks)}): give --missing-treebank zero (it scores 0 there, as "
            "the CoNLL 2018 shared task counted a missing file) or --missing-treebank omit "
            "(its average is over the treebanks it has)"
        )
    workers = args.jobs or all_cores()
    results = run_jobs(
        args.metric, words, args.rank_by, jobs, workers=workers, scheduler=args.scheduler
    )
    for res in results:  # shown here, once each, whatever process ran the treebank
        for category, message in res.warnings:
            warnings.warn(f"{res.treebank}: {message}", category, stacklevel=1)
    ranked = rank(
        results,
        systems,
        missing_treebank=args.missing_treebank if lacking else None,
        level=level,
        rounds=args.bootstrap,
        tests=tests,
        seed=seed,
    )
    signatures = {r.signature for r in results}
    data: dict[str, Any] = {
        "schema": "nltk_tedeval/rank",
        "version": RANK_VERSION,
        "tool": f"nltk_tedeval {__version__}",
        "command": "rank",
        "manifest": str(args.manifest),
        "metric": args.metric,
        "measure": results[0].measure.name,
        "average": "macro over treebanks",
        "missing_treebank": args.missing_treebank if lacking else None,
        "treebanks": [
            {
                "name": r.treebank,
                "gold": j.gold,
                "systems": [n for n, _ in j.systems],
                "counts": r.counts,
                "policy": metric.missing,
                "signature": r.signature,
            }
            for r, j in zip(results, jobs, strict=True)
        ],
        **ranked,
        "ci": {"level": level, "rounds": args.bootstrap, "seed": seed},
        "significance": {"rounds": tests, "seed": seed},
        "signature": results[0].signature if len(signatures) == 1 else "per treebank",
    }
    out = (
        json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False)
        if metric.output_format == "json"
        else text_report(data)
    )
    if metric.output:
        write_output(metric.output, out)
    else:
        print(out)
    return 0
