"""The teaching notebook runs from top to bottom without Jupyter; its stored outputs are current.

Its code cells are executed in order, in one namespace, from the notebook's
own directory (as Jupyter runs it), so relative paths resolve. The notebook
checks the worked scores of SPEC.md §5 itself with ``assert`` statements.

The notebook is stored with the outputs of a Jupyter run (``pip install -e
".[notebook]"``, then ``jupyter nbconvert --to notebook --execute --inplace
docs/teaching.ipynb``), so that it reads well on GitHub without running.
What each cell prints must equal what it prints now, so a stored output
cannot go stale.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parent.parent / "docs" / "teaching.ipynb"


def _cells(kind: str) -> list[str]:
    data = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in data["cells"] if c["cell_type"] == kind]


def test_notebook_is_a_plain_python_notebook():
    data = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    assert data["nbformat"] == 4
    assert data["metadata"]["kernelspec"]["language"] == "python"
    ids = [c["id"] for c in data["cells"]]
    assert len(set(ids)) == len(ids)
    code = [c for c in data["cells"] if c["cell_type"] == "code"]
    # Stored as one Jupyter run from the top left it: every cell in order.
    assert [c["execution_count"] for c in code] == list(range(1, len(code) + 1))
    for cell in data["cells"]:
        if cell["cell_type"] == "code":
            assert not any(o["output_type"] == "error" for o in cell["outputs"])
            source = "".join(cell["source"])
            # No IPython magics or shell escapes: the cells are plain Python.
            assert not re.search(r"^\s*[%!]", source, re.MULTILINE), source
            assert "display(" not in source


def test_notebook_explains_in_the_papers_terms():
    text = "\n".join(_cells("markdown"))
    for term in ("δ", "ι", "generalization", "TL-unification", "[2011] §3", "[2012] §3.3"):
        assert term in text, term


def _stored_stdout() -> list[str]:
    data = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    return [
        "".join(
            "".join(o["text"])
            for o in c["outputs"]
            if o["output_type"] == "stream" and o["name"] == "stdout"
        )
        for c in data["cells"]
        if c["cell_type"] == "code"
    ]


def test_notebook_runs_top_to_bottom(monkeypatch, capsys):
    monkeypatch.chdir(NOTEBOOK.parent)
    namespace: dict[str, object] = {"__name__": "__main__"}
    printed = []
    for number, source in enumerate(_cells("code"), start=1):
        code = compile(source, f"{NOTEBOOK.name}, code cell {number}", "exec")
        try:
            exec(code, namespace)
        except Exception as err:  # name the cell that failed
            pytest.fail(f"code cell {number} failed: {type(err).__name__}: {err}")
        printed.append(capsys.readouterr().out)
    for number, (now, stored) in enumerate(zip(printed, _stored_stdout(), strict=True), start=1):
        assert now == stored, f"code cell {number}: the stored output is stale; rerun the notebook"
    out = "".join(printed)
    # What the notebook prints for "p against gold1" and the MULTIPLE case (SPEC.md §5).
    assert "score = 1 − δ/ι = 1 − 3/9 = 0.6667" in out
    assert "score = 1 − δ/ι = 1 − 1/6 = 0.8333" in out
    # It read both GUM files of the two sentences it uses.
    assert "GUM_voyage_cleveland-2 | Recreational , cultural" in out
    assert "GUM_bio_byron-7 | His lack of moderation" in out


def test_an_explanation_ending_a_cell_is_stored_drawn() -> None:
    """With the notebook extra (svgling), Jupyter shows an explanation as SVG trees, and an
    evaluator as its HTML report."""
    data = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    rich = [
        o["data"]
        for c in data["cells"]
        if c["cell_type"] == "code"
        for o in c["outputs"]
        if o["output_type"] == "execute_result"
    ]
    html = ["".join(d.get("text/html", "")) for d in rich]
    # Explanations are SVG trees; an evaluator is its HTML report, framed (issue 29).
    assert rich and all("<svg" in h or h.startswith("<iframe ") for h in html)
    assert any(h.startswith("<iframe ") and "srcdoc=" in h for h in html)


def test_exercise_1_asks_what_the_package_does() -> None:
    """Exercise 1 (section 10): a non-projective parse is scored with its gaps, and
    lifting it erases the parser's error. The values, worked out by hand:

    "Recreational , cultural and educational opportunities are abundant
    throughout Northeast Ohio ." with "Ohio" (token 11) hung from
    "opportunities" (token 6) instead of "abundant" (token 8). The node of
    "opportunities" covers its own subtree, tokens 1 to 6, and through "Ohio"
    tokens 9 to 11, but not "are abundant": positions 0-5 and 8-10, the yield
    (0,6)+(8,11). Every other item is the gold's, so SINGLE deletes that nsubj
    and adds the gold's nsubj over (0,6): δ = 2, against ι = 18 + 18 labeled
    items or 17 + 17 nodes below the root. Lifting moves the arc to the head of
    "opportunities", which is "abundant", the gold's head: δ = 0.
    """
    from nltk_tedeval import to_mft
    from nltk_tedeval.protocol.explain import explain
    from nltk_tedeval.reading import read_file
    from nltk_tedeval.trees.dependency import DependencyTree, from_dependency_graph

    text = "\n".join(_cells("markdown"))
    # What the exercise once asked, why `to_mft` refuses the tree: it takes it.
    assert "`to_mft` refuse" not in text
    assert "heads[10] = 6" in text and "projectivize=True" in text
    gum = NOTEBOOK.parent.parent / "corpora_samples" / "gum" / "GUM_voyage_cleveland.conllu"
    gold = list(read_file(gum))[1]
    tree = from_dependency_graph(gold.tree)
    assert (tree.words[5], tree.words[7], tree.words[10]) == ("opportunities", "abundant", "Ohio")
    assert tree.heads[10] == 8 and tree.heads[5] == 8
    heads = list(tree.heads)
    heads[10] = 6
    parse = DependencyTree(tree.words, heads, tree.rels, tree.tags)
    assert not parse.is_projective()
    assert [item for item in to_mft(parse).labeled_items() if item[0] == "nsubj"] == [
        ("nsubj", 0, 6, 8, 11)
    ]
    for labeled, iota in ((True, 36), (False, 34)):
        native = explain(parse, gold, labeled=labeled)
        lifted = explain(parse, gold, labeled=labeled, projectivize=True)
        assert (native.delta, native.iota) == (2, iota)
        assert (lifted.delta, lifted.iota) == (0, iota)
