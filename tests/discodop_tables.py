"""disco-dop's function-tag, POS and rewrite-rule tables as its ``eval --verbose`` printed
them (tests/fixtures_disco/SOURCE.md, issue 44 items 3 and 4), and the cases they were
made on, for tests/test_function_tags.py and tests/test_pos_rule_tables.py."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from nltk_tedeval.metrics.disco_parseval import DiscoParams
from nltk_tedeval.reading import read_file, read_text

from .discodop_la_ted import crane
from .test_discontinuous import GOLD3, PARSE4

ROOT = Path(__file__).resolve().parent.parent
FIX = ROOT / "tests" / "fixtures_disco"


def trees(name: str) -> list:
    return [r.tree for r in read_file(FIX / name)]


def _files(gold: str, parse: str) -> Callable[[], tuple[list, list]]:
    return lambda: (trees(gold), trees(parse))


def _params(name: str, **changes: object) -> DiscoParams:
    return dataclasses.replace(DiscoParams.from_file(str(FIX / name)), **changes)


def _proper(**changes: object) -> DiscoParams:
    return dataclasses.replace(DiscoParams(), **changes)


def _darueber() -> tuple[list, list]:
    return (
        [r.tree for r in read_text(GOLD3, "export")],
        [r.tree for r in read_text(PARSE4, "export")],
    )


GUM_FUNC = _files("gum_func_gold.mrg", "gum_func_parse.mrg")
GUM_FUNC_EXPORT = _files("gum_func_gold.export", "gum_func_parse.export")
RANDOM_FUNC = _files("random_gold.dbr", "random_func_parse.dbr")
GUM_MORPH = _files("gum_morph_gold.export", "gum_morph_parse.export")

# output name (tests/fixtures_disco/NAME.discodop.txt): (gold and parse, parameters)
CASES: dict[str, tuple[Callable[[], tuple[list, list]], DiscoParams]] = {
    "gum_func_proper": (GUM_FUNC, DiscoParams()),
    "gum_func_leave": (GUM_FUNC, _proper(functions="leave")),
    "gum_func_add": (GUM_FUNC, _proper(functions="add")),
    "gum_func_replace": (GUM_FUNC, _proper(functions="replace")),
    "gum_func_export_remove": (GUM_FUNC_EXPORT, DiscoParams()),
    "gum_func_export_leave": (GUM_FUNC_EXPORT, _proper(functions="leave")),
    "gum_func_export_add": (GUM_FUNC_EXPORT, _proper(functions="add")),
    "gum_func_export_replace": (GUM_FUNC_EXPORT, _proper(functions="replace")),
    "gum_morph_add": (GUM_MORPH, _proper(morphology="add")),
    "gum_morph_replace": (GUM_MORPH, _proper(morphology="replace")),
    "gum_morph_between": (GUM_MORPH, _proper(morphology="between")),
    "gum_morph_between_replace": (GUM_MORPH, _proper(morphology="between", functions="replace")),
    "gum_morph_add_add": (GUM_MORPH, _proper(morphology="add", functions="add")),
    "random_func_proper": (RANDOM_FUNC, DiscoParams()),
    "random_func_add": (RANDOM_FUNC, _proper(functions="add")),
    "random_func_custom": (RANDOM_FUNC, _params("custom.prm")),
    # Earlier outputs of the same commit (issues 26, 28, 44 items 1-2).
    "random_proper": (_files("random_gold.dbr", "random_parse.dbr"), DiscoParams()),
    "random_cut20": (_files("random_gold.dbr", "random_parse.dbr"), _proper(cutoff_len=20)),
    "random_keeproot_la_ted": (
        _files("random_gold.dbr", "random_parse.dbr"),
        _params("keeproot.prm"),
    ),
    "gum_proper": (_files("gum_gold.dbr", "gum_parse.dbr"), DiscoParams()),
    "gum_stts_paren": (
        _files("gum_stts_gold.export", "gum_stts_parse.export"),
        _params("stts_paren.prm"),
    ),
    "gum_disconly": (_files("gum_gold.dbr", "gum_parse.dbr"), _proper(disc_only=True)),
    "gen": (_files("gen_gold.mrg", "gen_parse.mrg"), _params("gen.prm")),
    "crane_proper": (crane, DiscoParams()),
    "darueber_proper": (_darueber, DiscoParams()),
    "nomatch_proper": (_files("nomatch_gold.dbr", "nomatch_parse.dbr"), DiscoParams()),
}


def lines_of(name: str) -> list[str]:
    return (FIX / f"{name}.discodop.txt").read_text(encoding="utf-8").splitlines()


def summary(name: str) -> list[str]:
    lines = lines_of(name)
    start = next(i for i, line in enumerate(lines) if " Summary " in line)
    return lines[start:]


def limit(name: str) -> int | None:
    """How many lines of each table disco-dop printed at most (``None``: all, --verbose)."""
    line = next((x for x in lines_of(name) if x.startswith(" Category Statistics")), "")
    return None if "(all " in line or not line else 10


def _section(lines: list[str], title: str, headers: int) -> list[str]:
    """The lines of a table: after its title and its ``headers`` lines, up to an empty
    line (none where disco-dop did not print the table)."""
    k = next((i for i, x in enumerate(lines) if x.startswith(title)), None)
    if k is None:
        return []
    k += 1 + headers
    out = []
    while k < len(lines) and lines[k].strip():
        out.append(lines[k])
        k += 1
    return out


def _rule(text: str) -> str:
    # disco-dop prints a rule as "YIELD<tab>LABELS"; our group names it with a space.
    return text.replace("\t", " ")


def rule_tables(name: str) -> tuple[Counter, Counter, Counter]:
    """disco-dop's rewrite-rule tables: mismatches {(gold rule, cand rule): n}, spans
    not in the gold {cand rule: n}, spans missing from the parses {gold rule: n}."""
    lines = lines_of(name)
    mismatch: Counter = Counter()
    rows = _section(lines, " Rewrite rule mismatches (for given span)", 1)
    for first, second in zip(rows[::2], rows[1::2], strict=True):
        n, cand = first.strip().split("  ", 1)
        mismatch[(_rule(second.strip()), _rule(cand))] += int(n)
    extra: Counter = Counter()
    for row in _section(lines, " Rewrite rules (span not in gold trees)", 1):
        n, rule = row.strip().split("  ", 1)
        extra[_rule(rule)] += int(n)
    missing: Counter = Counter()
    for row in _section(lines, " Rewrite rules (span missing from candidate parses)", 1):
        n, rule = row.strip().split("  ", 1)
        missing[_rule(rule)] += int(n)
    return mismatch, extra, missing


def stats_table(name: str, title: str, width: int) -> tuple[dict[str, tuple[str, ...]], Counter]:
    """A table of disco-dop's with figures on the left (``width`` characters: a group and
    its % gold, recall, precision and F1) and confusions on the right (cand, gold,
    count): ({group: figures}, {(gold, cand): n})."""
    figures: dict[str, tuple[str, ...]] = {}
    confusions: Counter = Counter()
    for row in _section(lines_of(name), title, 2):
        cells = row.split()
        # A long group pushes the row past its width: the figures are its first five cells.
        if row[:width].strip():
            group, *values = cells[:5]
            figures[group] = tuple(values)
            cells = cells[5:]
        if cells:
            cand, gold, n = cells
            confusions[(gold, cand)] += int(n)
    return figures, confusions


def function_table(name: str) -> tuple[dict[str, tuple[str, ...]], Counter]:
    """disco-dop's Function Tag Statistics: ({tag: (% gold, R, P, F1)}, confusions)."""
    return stats_table(name, " Function Tag Statistics", 39)


def pos_table(name: str) -> tuple[dict[str, tuple[str, ...]], Counter]:
    """disco-dop's POS Statistics: ({tag: (% gold, R, P, F1)}, confusions)."""
    return stats_table(name, " POS Statistics", 40)


def pct(x: float) -> str:
    return "nan" if x != x else f"{100 * x:.2f}"
