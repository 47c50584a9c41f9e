"""The geometry of the HTML report's drawings without a browser: ``layout.js`` run in Node.

``nltk_tedeval/cli/html/layout.js`` places every box of a drawing from the widths the page
measures. Here it gets widths made up from the texts' lengths and its answers are read
back in Python: first on small cases worked out by hand (every number below is derived
in the comments from the constants ``G`` of layout.js), then on every panel of every
sentence of the shipped samples, as the command line gives them to the renderer, where
no two boxes of a row may overlap and none may leave the drawing. The same drawings,
measured in Chromium, are checked in tests/test_html_geometry.py.

Needs Node.js (``apt-get install nodejs``; ``.ci/run`` installs it); without it this module
is skipped with one line saying so.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .test_html_views import views

ROOT = Path(__file__).resolve().parent.parent
LAYOUT = ROOT / "nltk_tedeval" / "cli" / "html" / "layout.js"
STUDY = ROOT / "corpora_samples" / "study"
GUM = ROOT / "corpora_samples" / "gum"
HEBREW = ROOT / "corpora_samples" / "ud" / "hebrew"
DISCO = ROOT / "tests" / "fixtures_disco"

NODE = shutil.which("node") or shutil.which("nodejs")
if NODE is None:
    pytest.skip("Node.js not found: apt-get install nodejs", allow_module_level=True)

RUNNER = """
const layout = require(process.argv[1]);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = cases.map((c) => c.kind === "tree"
  ? layout.tree(c.words, c.nodes, !!c.rtl)
  : layout.arcs(c.words, c.arcs, !!c.rtl));
process.stdout.write(JSON.stringify({ G: layout.G, out }));
"""


def run(cases: list[dict[str, Any]]) -> tuple[dict[str, float], list[dict[str, Any]]]:
    """layout.js's answers to ``cases`` (one Node process for all) and its constants."""
    done = subprocess.run(
        [NODE, "-e", RUNNER, str(LAYOUT)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    got = json.loads(done.stdout)
    return got["G"], got["out"]


def approx(value: Any) -> Any:
    return pytest.approx(value, abs=1e-6)


# --- by hand --------------------------------------------------------------------------
# G: MARGIN 8, WORD_GAP 14, LABEL_GAP 10, PAD 5, UP 14, DOWN 6, WORD_UP 13, WORD_DOWN 5,
# ROW 42, ARC_ROW 26, ARC_PAD 6. A box is its text's width plus PAD on each side, from
# UP above its text's baseline to DOWN below.


def test_the_constants_are_those_the_hand_cases_use() -> None:
    g, _ = run([])
    assert {k: g[k] for k in ("MARGIN", "WORD_GAP", "LABEL_GAP", "PAD", "UP", "DOWN")} == {
        "MARGIN": 8, "WORD_GAP": 14, "LABEL_GAP": 10, "PAD": 5, "UP": 14, "DOWN": 6,
    }  # fmt: skip
    assert (g["WORD_UP"], g["WORD_DOWN"], g["ROW"], g["ARC_ROW"], g["ARC_PAD"]) == (
        13,
        5,
        42,
        26,
        6,
    )


def test_a_node_over_two_words_is_centred_between_them() -> None:
    # Words of width 20: the second 20/2 + 20/2 + 14 = 34 right of the first. S (text 10,
    # box 20) sits over their middle, 17. The leftmost ink is the first word's, at -10:
    # everything moves by 10 + 8 (the margin), words at 18 and 52, S at 35; the width is
    # (34 + 10) - (-10) + 2 * 8 = 70. Rows: S's baseline at 8 + 14 = 22, the words' row
    # 42 below, its baseline at 22 + 42 - 14 + 13 = 63; the height 63 + 5 + 8 = 76.
    _, [got] = run([{"kind": "tree", "words": [20, 20],
                     "nodes": [{"spans": [[0, 2]], "parent": -1, "w": 10}]}])  # fmt: skip
    assert got["words"] == approx([18, 52])
    assert got["nodes"] == [{"x": approx(35), "y": approx(22)}]
    assert (got["width"], got["height"], got["wordY"]) == approx((70, 76, 63))


def test_wide_labels_push_their_subtrees_apart() -> None:
    # S over NP (word 0) and VP (word 1), each label 60 wide (box 70): the words alone
    # would be 34 apart, but the boxes of the row below S need 70/2 + 70/2 + 10 = 80, so
    # VP's subtree, and its word, move to 80; S sits over 40. The leftmost ink is NP's box
    # at -35: everything moves by 43, words at 43 and 123, S at 83; width 80 + 70 + 16.
    _, [got] = run([{"kind": "tree", "words": [20, 20], "nodes": [
        {"spans": [[0, 2]], "parent": -1, "w": 10},
        {"spans": [[0, 1]], "parent": 0, "w": 60},
        {"spans": [[1, 2]], "parent": 0, "w": 60},
    ]}])  # fmt: skip
    assert got["words"] == approx([43, 123])
    assert [n["x"] for n in got["nodes"]] == approx([83, 43, 123])
    assert [n["y"] for n in got["nodes"]] == approx([22, 64, 64])
    assert got["width"] == approx(166)


def test_a_node_with_gaps_gets_the_words_moved_apart() -> None:
    # S over 0-3, NP over words 0 and 2, VP over word 1; NP and VP share row 1, both over
    # the mean of their words, 34: 30 too close (two boxes of 20 and the gap of 10).
    # Widening after word 0 moves NP by half the width (one of its two words moves) and
    # VP by all of it: 30 / (1 - 1/2) + 0.01 = 60.01 more after word 0, words at 0, 94.01,
    # 128.01; NP at 64.005, VP at 94.01, 30.005 apart. Moved by 18: 18, 112.01, 146.01.
    _, [got] = run([{"kind": "tree", "words": [20, 20, 20], "nodes": [
        {"spans": [[0, 3]], "parent": -1, "w": 10},
        {"spans": [[0, 1], [2, 3]], "parent": 0, "w": 10},
        {"spans": [[1, 2]], "parent": 0, "w": 10},
    ]}])  # fmt: skip
    assert got["words"] == approx([18, 112.01, 146.01])
    assert [n["x"] for n in got["nodes"]] == approx([(18 + 112.01 + 146.01) / 3, 82.005, 112.01])


def test_an_arc_leaves_room_for_its_label_and_the_root_stands_above() -> None:
    # "det" (30 wide, box 40) from word 2 to word 1: word 2 must be 40 + 2 * 6 = 52 right
    # of word 1 (more than the words' 34). The arc is level 1, its label over 26; the
    # root's label (24, box 34) a level above, over word 2 (52). The arrows' tips at
    # 8 + 14 + 6 + 1 + 2 * 26 = 81, the words' baseline 81 + 5 + 13 = 99, height 112.
    # Level 1's top 81 - 26 = 55: the label's box ends 1 above it, its baseline at
    # 55 - 1 - 6 = 48; the root's at 81 - 52 - 7 = 22. The curve's control points at
    # 81 - 26 / 0.75. The leftmost ink is word 1's (-10), the rightmost the root's box
    # (52 + 17): all move by 18, width 69 + 10 + 16 = 95.
    _, [got] = run(
        [
            {
                "kind": "arcs",
                "words": [20, 20],
                "arcs": [{"h": 2, "d": 1, "w": 30}, {"h": 0, "d": 2, "w": 24}],
            }
        ]
    )
    assert got["words"] == approx([18, 70])
    assert (got["base"], got["wordY"], got["height"], got["width"]) == approx((81, 99, 112, 95))
    arc, root = got["arcs"]
    assert (arc["level"], arc["root"], arc["head"], arc["dep"]) == (
        1,
        False,
        approx(70),
        approx(18),
    )
    assert (arc["x"], arc["y"], arc["cy"]) == approx((44, 48, 81 - 26 / 0.75))
    assert (root["level"], root["root"], root["dep"], root["x"], root["y"]) == (
        2, True, approx(70), approx(70), approx(22),
    )  # fmt: skip


def test_crossing_arcs_whose_labels_meet_take_two_levels() -> None:
    # Arcs 1-3 and 2-4 (labels 40, boxes 50): words at 0, 34, 68 (62 after word 1 is
    # less), 102; the labels over 34 and 68 would overlap (25 + 25 + 10 > 34), so the
    # second, placed later (same length, later start), goes up to level 2.
    _, [got] = run(
        [
            {
                "kind": "arcs",
                "words": [20, 20, 20, 20],
                "arcs": [{"h": 1, "d": 3, "w": 40}, {"h": 2, "d": 4, "w": 40}],
            }
        ]
    )
    assert [a["level"] for a in got["arcs"]] == [1, 2]
    assert [a["x"] - got["words"][0] for a in got["arcs"]] == approx([34, 68])


def test_right_to_left_mirrors_every_x() -> None:
    case = {"kind": "arcs", "words": [20, 30, 40],
            "arcs": [{"h": 2, "d": 1, "w": 20}, {"h": 0, "d": 2, "w": 20},
                     {"h": 2, "d": 3, "w": 50}]}  # fmt: skip
    _, (ltr, rtl) = run([case, {**case, "rtl": True}])
    width = ltr["width"]
    assert rtl["width"] == approx(width)
    assert rtl["words"] == approx([width - x for x in ltr["words"]])
    assert [a["x"] for a in rtl["arcs"]] == approx([width - a["x"] for a in ltr["arcs"]])


# --- every sentence of the samples ----------------------------------------------------

CHAR, BOLD = 7.2, 8.0
"""The made-up width of a character, and of a character in bold (a compared function)."""


def label_width(node: Any) -> float:
    parts = node.get("shown") if isinstance(node, dict) else (node[4] if len(node) > 4 else None)
    if parts is None:
        return len(str(node["label"] if isinstance(node, dict) else node[0])) * CHAR
    return sum(len(p) * (BOLD if k % 2 else CHAR) for k, p in enumerate(parts))


def cases_of(sentences: list[dict[str, Any]]) -> Iterator[tuple[str, dict[str, Any]]]:
    for s in sentences:
        for panel in s.get("trees") or []:
            words = panel.get("words") or s["words"]
            widths = [max(4.0, len(w) * CHAR) for w in words]
            where = f"sentence {s['n']} panel {panel['name']}"
            if panel.get("nodes"):
                nodes = []
                for node in panel["nodes"]:
                    if isinstance(node, dict):
                        spans, parent = node["spans"], node["parent"]
                    else:
                        spans, parent = [[node[1], node[2]]], node[3]
                    nodes.append({"spans": spans, "parent": parent, "w": label_width(node)})
                yield where, {"kind": "tree", "words": widths, "nodes": nodes}
            if panel.get("arcs"):
                arcs = [{"h": h, "d": d, "w": len(r) * CHAR} for h, d, r in panel["arcs"]]
                yield where, {"kind": "arcs", "words": widths, "arcs": arcs}


def boxes(g: dict[str, float], case: dict[str, Any], got: dict[str, Any]) -> list[tuple]:
    """(row, left, right, top, bottom, what) of every label box and word of one drawing."""
    out = []
    for x, w in zip(got["words"], case["words"], strict=True):
        y = got["wordY"]
        out.append(("words", x - w / 2, x + w / 2, y - g["WORD_UP"], y + g["WORD_DOWN"], "word"))
    if case["kind"] == "tree":
        placed = [
            (p["x"], p["y"], n["w"]) for p, n in zip(got["nodes"], case["nodes"], strict=True)
        ]
    else:
        placed = [(p["x"], p["y"], a["w"]) for p, a in zip(got["arcs"], case["arcs"], strict=True)
                  if p["level"]]  # fmt: skip
    for x, y, w in placed:
        half = w / 2 + g["PAD"]
        out.append((y, x - half, x + half, y - g["UP"], y + g["DOWN"], "label"))
    return out


def overlaps(items: list[tuple]) -> list[tuple[tuple, tuple]]:
    """Pairs of boxes that share more than a point (any rows: rows differ by more than a box)."""
    found = []
    ordered = sorted(items, key=lambda b: b[1])
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 :]:
            if b[1] >= a[2] - 1e-6:
                break
            if min(a[4], b[4]) - max(a[3], b[3]) > 1e-6 and min(a[2], b[2]) - b[1] > 1e-6:
                found.append((a, b))
    return found


SAMPLES = {
    "study cross": ("cross", "-e", f"ptb={STUDY / 'test.ptb'},{STUDY / 'outputs' / 'pcfg.ptb'}",
                    "-e", f"ud={STUDY / 'test.conllu'},{STUDY / 'outputs' / 'arc-eager.conllu'}",
                    "--missing", "zero"),
    "study attach": ("attach", STUDY / "test.conllu", STUDY / "outputs" / "arc-eager.conllu",
                     STUDY / "outputs" / "arc-standard.conllu"),
    "study parseval": ("parseval", STUDY / "test.ptb", STUDY / "outputs" / "pcfg.ptb"),
    "hebrew attach": ("attach", HEBREW / "gold.conllu", HEBREW / "same.conllu"),
    "hebrew score --align": ("score", "--align", "lcs", HEBREW / "gold.conllu",
                             HEBREW / "resegmented.conllu"),
    "disco parseval": ("parseval", "--disco", DISCO / "gum_gold.export",
                       DISCO / "gum_parse.export"),
    "disco score": ("score", DISCO / "gum_gold.export", DISCO / "gum_parse.export"),
    "disco random": ("parseval", "--disco", DISCO / "random_gold.dbr", DISCO / "random_parse.dbr"),
}  # fmt: skip
"""The reports drawn, by what they draw: TedEval's trees of constituency (with categories)
and dependency trees, MULTIPLE's generalized references, arcs, ParsEval's brackets,
discontinuous trees; GUM's four documents are added per document below."""


def gum_samples() -> dict[str, tuple]:
    out = {}
    for ptb in sorted(GUM.glob("*.ptb")):
        conllu = ptb.with_suffix(".conllu")
        out[f"gum cross {ptb.stem}"] = (
            "cross", "-e", f"ptb={ptb},{ptb}", "-e", f"ud={conllu},{conllu}",
        )  # fmt: skip
        out[f"gum attach {ptb.stem}"] = ("attach", conllu, conllu)
        out[f"gum parseval {ptb.stem}"] = ("parseval", ptb, ptb)
    return out


def test_no_box_of_any_sample_overlaps_another_or_leaves_its_drawing(monkeypatch) -> None:
    cases: list[tuple[str, dict[str, Any]]] = []
    for name, argv in {**SAMPLES, **gum_samples()}.items():
        found = list(cases_of(views(monkeypatch, *argv)))
        assert found, name  # every report draws something
        cases += [(f"{name}: {where}", case) for where, case in found]
    g, answers = run([case for _, case in cases])
    bad = []
    trees = arcs = 0
    for (where, case), got in zip(cases, answers, strict=True):
        trees += case["kind"] == "tree"
        arcs += case["kind"] == "arcs"
        items = boxes(g, case, got)
        outside = [b for b in items if b[1] < -1e-6 or b[2] > got["width"] + 1e-6
                   or b[3] < -1e-6 or b[4] > got["height"] + 1e-6]  # fmt: skip
        if outside or overlaps(items):
            bad.append((where, outside[:2], overlaps(items)[:2]))
    assert bad == []
    # Every sentence of every sample: thousands of drawings of both kinds.
    assert trees > 3000 and arcs > 1000, (trees, arcs)
