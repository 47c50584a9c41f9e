"""examples/gum_metrics.py: its perturbations do what its docstring says.

The expected values are worked out by hand on small trees; the last test
runs the script on the shipped GUM samples and checks figures that follow
from the perturbations alone, whatever the random draws.
"""

from __future__ import annotations

import importlib.util
import random
import sys
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


def test_on_the_shipped_samples(example, capsys) -> None:
    # Lifting is exactly what NED forgives, so NED is 1.0 in every genre;
    # and a lifted head is neither the gold head nor a gold child, so the
    # undirected score equals UAS. Dissolving phrases keeps every label of the
    # remaining ones, and the two golds share no label, so the PTB parse's
    # labeled MULTIPLE score is 1.0 (delta = labels of p missing from g = 0).
    assert example.main(["gum_metrics.py", str(ROOT / "corpora_samples" / "gum")]) == 0
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
    assert all(float(v) < 1 for v in rows["ParsEval F1"] + rows["UAS"])
