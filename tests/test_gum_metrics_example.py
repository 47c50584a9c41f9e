"""examples/gum_metrics.py: its perturbations do what its docstring says.

The expected values are worked out by hand on small trees; the last test
runs the script on the shipped GUM samples and checks figures that follow
from the perturbations alone, whatever the random draws.
"""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest
from nltk import Tree

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "gum_metrics", ROOT / "examples" / "gum_metrics.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["gum_metrics"] = module
    spec.loader.exec_module(module)
    return module


class Always(random.Random):
    """A generator whose every draw is 0.0: every perturbation happens."""

    def random(self) -> float:
        return 0.0


class Never(random.Random):
    def random(self) -> float:
        return 0.99


def test_dissolving_every_phrase_leaves_the_root_over_the_tags(example) -> None:
    tree = Tree.fromstring("(ROOT (S (NP (DT the) (NN dog)) (VP (VBD barked))))")
    flat = example.dissolve_phrases(tree, Always())
    assert flat == Tree.fromstring("(ROOT (DT the) (NN dog) (VBD barked))")
    assert example.dissolve_phrases(tree, Never()) == tree


CONLLU = (
    "# sent_id = s1\n"
    "1\tthe\tthe\tDET\tDT\t_\t2\tdet\t_\t_\n"
    "2\tdog\tdog\tNOUN\tNN\t_\t3\tnsubj\t_\t_\n"
    "3\tbarked\tbark\tVERB\tVBD\t_\t0\troot\t_\t_\n"
)


def test_lifting_moves_each_token_to_its_gold_grandparent(example) -> None:
    out = example.perturb_conllu(CONLLU, Always())
    rows = [line.split("\t") for line in out.strip().split("\n") if not line.startswith("#")]
    # "the" (head 2, whose head is 3) goes to 3; "dog" (head 3, whose head is
    # the root) goes to 0; "barked" hangs from the root and stays. Every
    # relation becomes dep.
    assert [(r[6], r[7]) for r in rows] == [("3", "dep"), ("0", "dep"), ("0", "dep")]
    assert out.startswith("# sent_id = s1\n")
    assert example.perturb_conllu(CONLLU, Never()) == CONLLU + "\n"


GENRES = ["academic", "bio", "news", "voyage"]
"""The genres of corpora_samples/gum, in the order the script prints them."""
EVALB_DELETED = {",", ":", "``", "''", ".", "-NONE-"}
"""COLLINS.prm's DELETE_LABEL besides TOP: POS tags whose words EVALB removes."""


def conll_rows(path: Path) -> list[list[str]]:
    """Every token line's cells (multiword tokens and empty nodes left out)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    cells = [line.split("\t") for line in lines if line and not line.startswith("#")]
    return [c for c in cells if c[0].isdigit()]


def trees(path: Path) -> list[Tree]:
    text = path.read_text(encoding="utf-8")
    if "\n\n" in text.strip():
        return [Tree.fromstring(chunk) for chunk in text.strip().split("\n\n")]
    return [Tree.fromstring(line) for line in text.splitlines() if line.strip()]


def evalb_brackets(tree: Tree) -> Counter[tuple[str, int, int]]:
    """EVALB's labeled brackets with COLLINS.prm: every node above the POS tags, its
    label cut at the first - or =, ADVP and PRT as one label, TOP not counted, spans
    over the words left once DELETE_LABEL words go, nodes over none of them not
    counted."""
    positions = tree.treepositions("leaves")
    kept = [p for p in positions if tree[p[:-1]].label() not in EVALB_DELETED]
    out: Counter[tuple[str, int, int]] = Counter()
    for pos in tree.treepositions():
        node = tree[pos]
        if not isinstance(node, Tree) or node.height() <= 2:
            continue
        label = node.label()
        if not label.startswith("-"):
            label = re.split(r"[-=]", label)[0]
        label = "ADVP" if label == "PRT" else label
        covered = [i for i, leaf in enumerate(kept) if leaf[: len(pos)] == pos]
        if label != "TOP" and label not in EVALB_DELETED and covered:
            out[(label, covered[0], covered[-1] + 1)] += 1
    return out


def test_on_the_shipped_samples(example, capsys, tmp_path: Path) -> None:
    # Lifting is exactly what NED forgives, so NED is 1.0 in every genre;
    # and a lifted head is neither the gold head nor a gold child, so the
    # undirected score equals UAS. Dissolving phrases keeps every label of the
    # remaining ones, and the two golds share no label, so the PTB parse's
    # labeled MULTIPLE score is 1.0 (delta = labels of p missing from g = 0).
    out_dir = tmp_path / "perturbed"
    argv = ["gum_metrics.py", str(ROOT / "corpora_samples" / "gum"), "--out", str(out_dir)]
    assert example.main(argv) == 0
    out = capsys.readouterr().out
    rows = {
        line.split(" | ")[0].strip("| "): line.strip("| \n").split(" | ")[1:]
        for line in out.split("\n")
        if line.startswith("| ")
    }
    # academic, bio, news, voyage: the "# sent_id" lines of each CoNLL-U sample
    assert rows["sentences"] == ["24", "25", "13", "20"]
    assert rows["NED"] == ["1.0000"] * 4
    assert rows["UNDIRECTED"] == rows["UAS"]
    assert rows["TedEval MULTIPLE L, ptb"] == ["1.0000"] * 4
    # The figures that depend on the random draws, recomputed from the perturbed
    # files the script kept: UAS by counting heads, ParsEval F1 with the bracket
    # rules of EVALB and COLLINS.prm written out below.
    for genre, uas, f1 in zip(GENRES, rows["UAS"], rows["ParsEval F1"], strict=True):
        gold_rows = conll_rows(out_dir / f"{genre}.gold.conllu")
        test_rows = conll_rows(out_dir / f"{genre}.test.conllu")
        same = sum(g[6] == t[6] for g, t in zip(gold_rows, test_rows, strict=True))
        assert float(uas) == pytest.approx(same / len(gold_rows), abs=5e-5)
        gold_trees = trees(out_dir / f"{genre}.gold.ptb")
        test_trees = trees(out_dir / f"{genre}.test.ptb")
        matched = gold = test = 0
        for g, t in zip(gold_trees, test_trees, strict=True):
            gb, tb = evalb_brackets(g), evalb_brackets(t)
            matched += sum((gb & tb).values())
            gold += sum(gb.values())
            test += sum(tb.values())
        assert float(f1) == pytest.approx(2 * matched / (gold + test), abs=5e-5)
        # Dissolving only removes phrases: every test bracket is a gold bracket.
        assert matched == test < gold
