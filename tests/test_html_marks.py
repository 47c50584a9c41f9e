"""Which node carries each mark of TedEval's edit script in the HTML report, without a
browser: ``marks.js`` run in Node (issue 42, item 1).

``nltk_tedeval/cli/html/marks.js`` takes a tree's nodes as the report encodes them and the
marks of one script, and says which node carries which mark. Here: cases worked out by
hand (a node with two functions that loses one, or both; a mark on no node; a node with
gaps found by its hull; the unlabeled script's one mark per node and the node over the
whole sentence, which is no item), then every panel of "arrive on Sunday" as the command
line gives it, where the marks placed are δ's operations. The same logic, in the page
Chromium renders, is checked on every sentence of the study and GUM reports in
tests/test_html_scripts.py.

Needs Node.js (``apt-get install nodejs``); without it this module is skipped with one line.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from .test_html_views import views

ROOT = Path(__file__).resolve().parent.parent
MARKS = ROOT / "nltk_tedeval" / "cli" / "html" / "marks.js"
SPEC = ROOT / "corpora_samples" / "spec"

NODE = shutil.which("node") or shutil.which("nodejs")
if NODE is None:
    pytest.skip("Node.js not found: apt-get install nodejs", allow_module_level=True)

RUNNER = """
const marks = require(process.argv[1]);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = cases.map((c) => {
  const got = marks.place(c.nodes, c.marks, c.unlabeled, c.n);
  return {
    of: got.of.map((m) => [...m.entries()].map(([k, v]) => [k, v.kind])),
    box: got.of.map((m) => marks.boxKind(m)),
    left: got.left.map((m) => [m.kind, m.label]),
    items: c.nodes.map((nd) => marks.isItem(nd, c.n, c.unlabeled)),
  };
});
process.stdout.write(JSON.stringify(out));
"""


def run(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """marks.js's answers to ``cases``, one Node process for all."""
    done = subprocess.run(
        [NODE, "-e", RUNNER, str(MARKS)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return json.loads(done.stdout)


def node(label: str, *spans: tuple[int, int]) -> dict[str, Any]:
    return {"label": label, "spans": [list(s) for s in spans]}


def mark(kind: str, label: str, start: int, end: int) -> dict[str, Any]:
    return {"kind": kind, "label": label, "start": start, "end": end}


# "She saw it": root over 0-3, a node over "She" with two functions (nsubj and, from
# another theory, SBJ), "saw" hd, "it" obj.
NODES = [node("root", (0, 3)), node("SBJ,nsubj", (0, 1)), node("hd", (1, 2)), node("obj", (2, 3))]


def test_by_hand() -> None:
    got = run([
        # 1. Labeled: the node over "She" loses nsubj (charged) and SBJ (free): two marks
        # on the one node, its box the charged one's; obj 2-3 lost too; "amod 1-2" is no
        # function of the node over "saw": left unplaced, never put on hd.
        {"nodes": NODES, "n": 3, "unlabeled": False, "marks": [
            mark("free-delete", "SBJ", 0, 1), mark("delete", "nsubj", 0, 1),
            mark("delete", "obj", 2, 3), mark("delete", "amod", 1, 2)]},
        # 2. Unlabeled: one mark per node; a second mark over the same span has no node.
        {"nodes": NODES, "n": 3, "unlabeled": True, "marks": [
            mark("add", "SBJ,nsubj", 0, 1), mark("add", "x", 0, 1)]},
        # 3. A node with gaps (words 0 and 2) is found by its hull, 0-3, when no node has
        # that span; unlabeled, even when the root has it: the root is no item.
        {"nodes": [node("root", (0, 4)), node("dislocated", (0, 1), (2, 3))], "n": 4,
         "unlabeled": False, "marks": [mark("delete", "dislocated", 0, 3)]},
        {"nodes": [node("root", (0, 3)), node("x", (0, 1), (2, 3))], "n": 3,
         "unlabeled": True, "marks": [mark("delete", "x", 0, 3)]},
    ])  # fmt: skip
    first, second, gaps, gaps_unlabeled = got
    assert first["of"] == [[], [["SBJ", "free-delete"], ["nsubj", "delete"]], [],
                           [["obj", "delete"]]]  # fmt: skip
    assert first["box"] == [None, "delete", None, "delete"]
    assert first["left"] == [["delete", "amod"]]
    # Labeled items: every node with a function (the root's "root" is one).
    assert first["items"] == [True, True, True, True]
    assert second["of"] == [[], [["", "add"]], [], []]
    assert second["left"] == [["add", "x"]]
    # Unlabeled items: every node but the one over the whole sentence.
    assert second["items"] == [False, True, True, True]
    assert gaps["of"] == [[], [["dislocated", "delete"]]]
    assert gaps_unlabeled["of"] == [[], [["", "delete"]]]


def test_a_node_without_functions_is_no_labeled_item() -> None:
    (got,) = run([{"nodes": [node("_", (0, 2)), node("hd", (0, 1))], "n": 2,
                   "unlabeled": False, "marks": []}])  # fmt: skip
    assert got["items"] == [False, True]


def panels_cases(panels: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """marks.js's cases of the report's panels, both modes (nodes as the encoder writes)."""
    cases = []
    for panel in panels:
        nodes = [
            node(n[0], (n[1], n[2])) if not isinstance(n, dict) else node(n["label"], *n["spans"])
            for n in panel["nodes"]
        ]
        for unlabeled, key in ((False, "marks"), (True, "unlabeled_marks")):
            cases.append({
                "nodes": nodes, "n": len(panel["words"]), "unlabeled": unlabeled,
                "marks": [mark(*m) for m in panel[key]],
            })  # fmt: skip
    return cases


def placed(answer: dict[str, Any]) -> list[list[Any]]:
    return [[i, k, kind] for i, m in enumerate(answer["of"]) for k, kind in m]


def test_arrive_on_sunday_marks_are_the_scripts(monkeypatch: pytest.MonkeyPatch) -> None:
    """SPEC.md §5's sentence under MULTIPLE (see tests/test_html_scripts.py for the hand
    work): labeled, the parse loses prep 1-2 (charged) and pobj 2-3 (free), and the
    reference gains nothing; unlabeled, the reference gains its node 1-3, the parse
    loses nothing. Nodes in the parse's order: root 0-3, hd 0-1, prep 1-2, pobj 2-3; the
    reference's: root 0-3, hd 0-1, _ 1-3, _ 1-2, _ 2-3."""
    (view,) = views(
        monkeypatch, "score", SPEC / "arrive_gold1.conll", f"p={SPEC / 'arrive_parse.conll'}",
        "--other-gold", SPEC / "arrive_gold2.conll",
    )  # fmt: skip
    names = [p["name"] for p in view["trees"]]
    assert names == ["p", "reference (p)", "gold"]
    parse_l, parse_u, ref_l, ref_u, gold_l, gold_u = run(panels_cases(view["trees"]))
    assert placed(parse_l) == [[2, "prep", "delete"], [3, "pobj", "free-delete"]]
    assert placed(parse_u) == [] and placed(ref_l) == []
    assert placed(ref_u) == [[2, "", "add"]]
    # Items: labeled 4 (root, hd, prep, pobj) + 2 (root, hd) = ι 6; unlabeled 3 + 4 = 7.
    assert sum(parse_l["items"]) + sum(ref_l["items"]) == 6
    assert sum(parse_u["items"]) + sum(ref_u["items"]) == 7
    assert all(not a["left"] for a in (parse_l, parse_u, ref_l, ref_u, gold_l, gold_u))
    # The native gold's own script, never charged: labeled it loses pobj, prep and hd under
    # "on" (free), and has no node the reference lacks.
    assert {k for _, k, kind in placed(gold_l) if kind == "free-delete"} == {"prep", "hd", "pobj"}
    assert placed(gold_u) == []
