"""``--by``, ``--bins``, ``--top`` and ``--ci`` of every command: where systems differ.

A command asks its evaluators for breakdowns through the one API every
:class:`~nltk_tedeval.scoring.evaluator.Evaluator` has
(:meth:`~nltk_tedeval.scoring.evaluator.Evaluator.available_breakdowns`,
:meth:`~nltk_tedeval.scoring.evaluator.Evaluator.breakdown`,
:meth:`~nltk_tedeval.scoring.evaluator.Evaluator.group_significance`), so a
metric that gains keys gains them on the command line with no change here.
This module checks the options before anything is read, and turns the
breakdowns into the report's ``breakdowns`` and ``group_significance``
(docs/report.md), text tables and the tables of ``-f tsv/csv/markdown/latex``.

Without ``--by`` and ``--ci`` nothing here adds a byte to any output.

>>> cell(0.5, (0.25, 0.75, 0.95), percent=False)
'0.5000 [0.2500, 0.7500]'
>>> cell(float("nan"), None, percent=True)
'n/a'
"""

from __future__ import annotations

import argparse
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import OptionError
from ..scoring.bootstrap import check_level
from ..scoring.defaults import DEFAULT_BOOTSTRAP_ROUNDS
from ..scoring.evaluator import Evaluator
from ..scoring.groups import Bins, GroupKey, check_by
from ..scoring.stats import Score
from .output import ScoreTable, fmt, p_value_text, text_table
from .report import undefined_lines
from .terminal import DEFAULT_TEXT_TOP

if TYPE_CHECKING:
    # (Made by the evaluators, only when a run asks for breakdowns: issue 31.)
    from ..scoring.breakdown import Breakdown

__all__ = [
    "BreakdownReport",
    "asked",
    "bins_of",
    "breakdown_report",
    "cell",
    "check_request",
    "ci_level",
    "interval_lines",
    "interval_text",
    "keys_of",
    "refuse",
    "with_bounds",
]


def keys_of(args: argparse.Namespace) -> tuple[str, ...]:
    """The keys of ``--by`` (given once or repeated, comma-separated), without repeats."""
    return check_by(",".join(getattr(args, "by", None) or []))


def ci_level(args: argparse.Namespace) -> float | None:
    """The level of ``--ci`` as a fraction, or ``None`` without it."""
    value = getattr(args, "ci", None)
    return None if value is None else check_level(value)


def asked(args: argparse.Namespace) -> bool:
    """Whether the command line asks for breakdowns or intervals (a version 2 report)."""
    return bool(keys_of(args)) or getattr(args, "ci", None) is not None


def bins_of(args: argparse.Namespace) -> dict[str, Bins]:
    """``--bins KEY=B,...`` as bins by key; every key must be one of ``--by``."""
    keys = keys_of(args)
    out: dict[str, Bins] = {}
    for value in getattr(args, "bins", None) or []:
        key, sep, bounds = value.partition("=")
        key = key.strip()
        if not sep or not key or not bounds.strip():
            raise OptionError(
                f"--bins takes KEY=B[,B...] such as length=10,20,30,40, not {value!r}"
            )
        if key not in keys:
            raise OptionError(
                f"--bins {value} bins {key!r}, which --by does not ask for "
                f"({', '.join(keys) if keys else 'no --by given'})"
            )
        out[key] = Bins.parse(bounds)
    return out


def refuse(args: argparse.Namespace, why: str) -> None:
    """Refuse ``--by`` and ``--ci`` where a command cannot give them, saying ``why``."""
    given = [
        flag
        for flag, on in (("--by", keys_of(args)), ("--ci", getattr(args, "ci", None) is not None))
        if on
    ]
    if given:
        raise OptionError(f"{' and '.join(given)}: {why}")


def check_request(args: argparse.Namespace, evaluator: type[Evaluator]) -> None:
    """Check ``--by`` and ``--bins`` before any file is read.

    Unknown keys are left to the evaluator, whose message names the keys it
    offers under the run's options (none under ``--align`` for attachment).
    """
    # (--top and --ci are checked with every number, before the command runs.)
    keys = keys_of(args)
    bins = bins_of(args)
    if not keys:
        return
    offered = evaluator.breakdown_keys
    if not offered:
        raise OptionError(
            f"--by: tedeval {args.command} offers no breakdown yet "
            f"({evaluator.__name__} declares no breakdown keys)"
        )
    for key in bins:
        known = offered.get(key)
        if known is not None and not known.binned:
            binned = [k for k, v in offered.items() if v.binned]
            raise OptionError(
                f"--bins {key}=...: {key} is not binned; the binned keys of tedeval "
                f"{args.command} are {', '.join(binned) if binned else 'none'}"
            )


def cell(value: float, interval: Sequence[float] | None, *, percent: bool) -> str:
    """A score as a table shows it, with its interval after it when there is one."""
    scale, digits = (100.0, 2) if percent else (1.0, 4)
    if value is None or math.isnan(value):
        return "n/a"  # no score, so no interval either; the n/a line says why
    text = f"{value * scale:.{digits}f}"
    if interval is None:
        return text
    return f"{text} {interval_text(interval, percent=percent)}"


def interval_text(interval: Sequence[float], *, percent: bool) -> str:
    """An interval as ``[low, high]`` (``[n/a]`` when too few rounds had a score)."""
    scale, digits = (100.0, 2) if percent else (1.0, 4)
    low, high = interval[0], interval[1]
    if math.isnan(low) or math.isnan(high):
        return "[n/a]"
    return f"[{low * scale:.{digits}f}, {high * scale:.{digits}f}]"


def _bound(score: Score, side: int, percent: bool) -> str:
    if score.interval is None:
        return ""
    value = score.interval[side]
    return fmt(None if math.isnan(value) else value * (100.0 if percent else 1.0),
               2 if percent else 4)  # fmt: skip


def _level_text(level: float) -> str:
    return f"{level * 100:g}% CI"


def interval_lines(
    rows: Sequence[tuple[str, Sequence[str], Sequence[Score]]],
    level: float,
    seed: int,
    *,
    percent: bool = False,
) -> list[str]:
    """The text table of the corpus scores' intervals: ``(system, measures, scores)`` rows."""
    if not rows:
        return []
    header = ["system", *rows[0][1]]
    body = [
        [name, *(interval_text(s.interval, percent=percent) if s.interval else "" for s in scores)]
        for name, _, scores in rows
    ]
    return [
        "",
        f"{level * 100:g}% confidence intervals (percentile bootstrap over sentences, "
        f"{DEFAULT_BOOTSTRAP_ROUNDS} rounds, seed {seed}):",
        text_table(header, body),
    ]


def with_bounds(score: Score, percent: bool) -> list[str]:
    """The cells of a score in a table format under ``--ci``: value, low, high."""
    return [cell(float(score), None, percent=percent), _bound(score, 0, percent),
            _bound(score, 1, percent)]  # fmt: skip


@dataclass
class BreakdownReport:
    """Every breakdown of a run and its per-group tests, in each shape the report takes."""

    json: list[dict[str, Any]] = field(default_factory=list)
    tests: list[dict[str, Any]] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    tables: list[ScoreTable] = field(default_factory=list)


def _shown(key: GroupKey) -> list[str]:
    return [] if key.counts else list(key.shown())


def _header(key: GroupKey, level: float | None) -> list[str]:
    if key.counts:
        return [key.name, "count", "share %"]
    ci = f" ({_level_text(level)})" if level is not None else ""
    # The frequency column is named for what it counts (tokens, gold brackets, δ).
    return [key.name, key.frequency, "share %", *(f"{m}{ci}" for m in _shown(key))]


def _share(share: float) -> str:
    return "n/a" if math.isnan(share) else f"{share * 100:.2f}"


def breakdown_report(
    args: argparse.Namespace,
    pairs: Sequence[tuple[str, Any]],
    *,
    percent: bool = False,
    rounds: int | None = None,
    last: bool = True,
) -> BreakdownReport:
    """The breakdowns of ``--by`` for every system, and with ``rounds`` the per-group tests.

    ``--top`` (0: all) cuts every shape; without it text shows
    :data:`DEFAULT_TEXT_TOP` groups and the other shapes all of them.
    """
    out = BreakdownReport()
    keys = keys_of(args)
    if not keys:
        return out
    level = ci_level(args)
    seed = args.seed
    top = getattr(args, "top", None)
    limit = top if top else None  # JSON and tables: all unless --top N
    text_limit = DEFAULT_TEXT_TOP if top is None else (top or None)
    made: dict[tuple[str, str], Breakdown] = {}
    for name, ev in pairs:
        for key in keys:
            made[name, key] = ev.breakdown(key, ci=level, seed=seed)
    for key in keys:
        table_rows: list[list[str]] = []
        shape: GroupKey | None = None
        for name, _ in pairs:
            b = made[name, key]
            shape = b.key
            shown = _shown(b.key)
            entry = b.as_dict()
            entry["system"] = name
            entry["frequency"] = b.key.frequency
            entry["counts"] = b.key.counts
            entry["binned"] = b.key.binned
            entry["total_groups"] = len(b)
            entry["groups"] = [g.as_dict() for g in b.top(limit)]
            out.json.append(entry)
            out.text += _text_block(name, b, shown, text_limit, level, percent)
            for g in b.top(limit):
                row = [name, g.group, str(g.frequency), _share(g.share)]
                for m in shown:
                    s = g.scores[m]
                    row.append(cell(float(s), None, percent=percent))
                    if level is not None:
                        row += [_bound(s, 0, percent), _bound(s, 1, percent)]
                table_rows.append(row)
        if shape is not None:
            header = ["system", *_header(shape, None)[:3]]
            for m in _shown(shape):
                header += [m, *((f"{m} low", f"{m} high") if level is not None else ())]
            out.tables.append(ScoreTable(header, table_rows))
    if rounds:
        out.tests, lines = _group_tests(pairs, made, keys, rounds, seed, limit, text_limit, percent)
        out.text += lines
    if last:
        out.text.append("")  # the signature line that follows stands apart from the last table
    return out


def _text_block(
    name: str,
    b: Breakdown,
    shown: Sequence[str],
    limit: int | None,
    level: float | None,
    percent: bool,
) -> list[str]:
    groups = b.top(limit)
    lines = ["", f"{name} by {b.key.name}" + (f": {b.key.help}" if b.key.help else "")]
    if not groups:
        return [*lines, "  no group: nothing of this key was scored"]
    body = []
    for g in groups:
        row = [g.group, str(g.frequency), _share(g.share)]
        row += [cell(float(g.scores[m]), g.scores[m].interval, percent=percent) for m in shown]
        body.append(row)
    lines.append(text_table(_header(b.key, level), body))
    more = len(b) - len(groups)
    if more:
        noun = "group" if more == 1 else "groups"
        lines.append(f"... {more} more {noun} (--top 0 shows all)")
    lines += undefined_lines((g.group, m, g.scores[m]) for g in groups for m in shown)
    return lines


def _group_tests(
    pairs: Sequence[tuple[str, Evaluator]],
    made: dict[tuple[str, str], Breakdown],
    keys: Sequence[str],
    rounds: int,
    seed: int,
    limit: int | None,
    text_limit: int | None,
    percent: bool,
) -> tuple[list[dict[str, Any]], list[str]]:
    """Each group tested between every two systems on every measure its key shows.

    The JSON rows hold every test, those with nothing to test (a score N/A for
    either system, SPEC.md §6) with their reason; the text leaves those out and
    says how many, so that groups two theories do not share take no page.
    """
    rows: list[dict[str, Any]] = []
    lines: list[str] = []
    scale, digits = (100.0, 2) if percent else (1.0, 4)
    noun = "round" if rounds == 1 else "rounds"
    for (name_a, a), (name_b, b) in itertools.combinations(pairs, 2):
        for key in keys:
            shown = _shown(made[name_a, key].key)
            if not shown:
                continue  # counted events (confusions) have no score to test
            tests = {m: a.group_significance(b, key, m, rounds=rounds, seed=seed) for m in shown}
            # Groups in the breakdown's order (most frequent first), as every measure has them.
            groups = list(next(iter(tests.values())))
            for g in groups if limit is None else groups[:limit]:
                rows += [
                    {"a": name_a, "b": name_b, "key": key, "group": g, **tests[m][g].as_dict()}
                    for m in shown
                ]
            tested = [g for g in groups if any(tests[m][g].reason is None for m in shown)]
            shown_groups = tested if text_limit is None else tested[:text_limit]
            body = [
                [
                    g,
                    m,
                    fmt(None if r.score_a is None else r.score_a * scale, digits),
                    fmt(None if r.score_b is None else r.score_b * scale, digits),
                    p_value_text(r.p_value, rounds),
                ]
                for g in shown_groups
                for m in shown
                if (r := tests[m][g]).reason is None
            ]
            lines += [
                "",
                f"{name_a} vs {name_b} by {key}: paired approximate randomization, "
                f"{rounds} {noun}, seed {seed}",
                text_table([key, "measure", "A", "B", "p-value"], body)
                if body
                else "  no group to test",
            ]
            more = len(tested) - len(shown_groups)
            if more:
                lines.append(f"... {more} more group{'s' if more != 1 else ''} (--top 0 shows all)")
            untested: dict[str, int] = {}
            for g in groups:
                for m in shown:
                    why = tests[m][g].reason
                    if why is not None:
                        untested[why] = untested.get(why, 0) + 1
            for why, n in untested.items():
                why = why.removeprefix("not tested: ")
                lines.append(
                    f"left out: {n} test{'s' if n != 1 else ''} with nothing to test: {why}; "
                    "the JSON report lists them"
                )
    return rows, lines
