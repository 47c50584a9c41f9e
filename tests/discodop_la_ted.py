"""disco-dop's ``eval --la --ted --verbose`` outputs (tests/fixtures_disco/SOURCE.md, issue 44)
and the inputs each was made from, for tests/test_leaf_ancestor.py and test_tree_distance.py.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from pathlib import Path

from nltk_tedeval.metrics.disco_parseval import DiscoParams
from nltk_tedeval.reading import read_file, read_text

from .test_discontinuous import GOLD3, PARSE4

ROOT = Path(__file__).resolve().parent.parent
FIX = ROOT / "tests" / "fixtures_disco"
GUM = ROOT / "corpora_samples" / "gum"


def trees(name: str) -> list:
    return [r.tree for r in read_file(FIX / name)]


def crane() -> tuple[list, list]:
    """GUM_news_crane one tree a line, and the same with its first NP and PP relabelled
    (as tests/test_disco_parseval.py builds them; SOURCE.md)."""
    texts = (GUM / "GUM_news_crane.ptb").read_text(encoding="utf-8").strip().split("\n\n")
    lines = [" ".join(t.split()) for t in texts]
    changed = [
        t.replace("(NP (DT the)", "(ADJP (DT the)", 1).replace("(PP (IN", "(ADVP (IN", 1)
        for t in lines
    ]
    return (
        [r.tree for r in read_text("\n".join(lines), "ptb")],
        [r.tree for r in read_text("\n".join(changed), "ptb")],
    )


def _files(gold: str, parse: str) -> Callable[[], tuple[list, list]]:
    return lambda: (trees(gold), trees(parse))


def _params(name: str) -> DiscoParams:
    return DiscoParams.from_file(str(FIX / name))


# output name: (gold and parse, parameters)
CASES: dict[str, tuple[Callable[[], tuple[list, list]], DiscoParams]] = {
    "random_la_ted": (_files("random_gold.dbr", "random_parse.dbr"), DiscoParams()),
    "random_cut20_la_ted": (
        _files("random_gold.dbr", "random_parse.dbr"),
        dataclasses.replace(DiscoParams(), cutoff_len=20),
    ),
    "random_custom_la_ted": (
        _files("random_gold.dbr", "random_parse.dbr"),
        _params("custom.prm"),
    ),
    "random_keeproot_la_ted": (
        _files("random_gold.dbr", "random_parse.dbr"),
        _params("keeproot.prm"),
    ),
    "gum_la_ted": (_files("gum_gold.dbr", "gum_parse.dbr"), DiscoParams()),
    "gum_keeproot_la_ted": (_files("gum_gold.dbr", "gum_parse.dbr"), _params("keeproot.prm")),
    "gum_disconly_la_ted": (
        _files("gum_gold.dbr", "gum_parse.dbr"),
        dataclasses.replace(DiscoParams(), disc_only=True),
    ),
    "gum_stts_la_ted": (
        _files("gum_stts_gold.export", "gum_stts_parse.export"),
        _params("stts_paren.prm"),
    ),
    "gen_la_ted": (_files("gen_gold.mrg", "gen_parse.mrg"), _params("gen.prm")),
    "crane_la_ted": (crane, DiscoParams()),
    "darueber_la_ted": (
        lambda: (
            [r.tree for r in read_text(GOLD3, "export")],
            [r.tree for r in read_text(PARSE4, "export")],
        ),
        DiscoParams(),
    ),
    "nomatch_la_ted": (_files("nomatch_gold.dbr", "nomatch_parse.dbr"), DiscoParams()),
    "flat_custom_la_ted": (_files("flat_gold.dbr", "nomatch_parse.dbr"), _params("custom.prm")),
}

# Where nothing matched, our F1 is 0.00 and disco-dop's nan (SPEC.md §7).
DEPARTS = {"gum_disconly_la_ted", "nomatch_la_ted", "flat_custom_la_ted"}

# A sentence's line ends with its leaf-ancestor score times 10,000 and its tree distance
# times 100, each "%6.2f", without a space between them (after the function-tag F1 when
# there is one): each figure has two decimals, so the figures are read one by one.
FIGURE = re.compile(r"\s*(\d+?\.\d\d|nan|0DIV!)")
ROW = re.compile(r"\s*\S+\s+\d+\s+\S+\s+\S+\s+\d+\s+\d+\s+\d+\s+\d+\s+\d+\s+\S+")


def discodop(name: str) -> tuple[list[str], list[tuple[str, str]]]:
    """The summary (with its function-tag line, which ``extra_measures="all"`` computes
    too) and every sentence's (leaf-ancestor, tree distance) as disco-dop printed them."""
    text = (FIX / f"{name}.discodop.txt").read_text(encoding="utf-8")
    start = text.rfind("\n", 0, text.index(" Summary ")) + 1
    summary = text[start:].rstrip("\n").split("\n")
    lines = text[:start].splitlines()
    under = next(i for i, line in enumerate(lines) if line.lstrip().startswith("_____"))
    rows = []
    for line in lines[under + 1 :]:
        m = ROW.match(line)
        if m is None:
            break
        figures = FIGURE.findall(line[m.end() :])
        rows.append((figures[-2], figures[-1]))
    return summary, rows


def expected_summary(name: str) -> list[str]:
    """disco-dop's summary with our documented F1 where nothing matched."""
    summary, _ = discodop(name)
    if name not in DEPARTS:
        return summary
    return [
        line.replace("   nan", "  0.00") if line.startswith("labeled f-measure:") else line
        for line in summary
    ]
