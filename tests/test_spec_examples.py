"""Every worked example of SPEC.md sections 3 to 5, as written there.

The expected values are copied from SPEC.md (and re-derived by hand in the
comments), never from the package's output.
"""

from __future__ import annotations

import pytest
from nltk import Tree
from nltk.parse import DependencyGraph

from nltk_tedeval import (
    CrossFrameworkEvaluator,
    MultiFunctionTree,
    TedEvalEvaluator,
    generalize,
    to_mft,
)
from nltk_tedeval.protocol import sentence_stats
from nltk_tedeval.protocol.engine_apted import apted_distance


def mft(nodes: dict, words) -> MultiFunctionTree:
    return MultiFunctionTree(nodes, words)


def graph(words, heads, rels) -> DependencyGraph:
    """A DependencyGraph from parallel lists (Malt-TAB text, as nltk reads it)."""
    lines = [f"{w}\tX\t{h}\t{r}" for w, h, r in zip(words, heads, rels, strict=True)]
    return DependencyGraph("\n".join(lines), top_relation_label="root")


ARRIVE = ("arrive", "on", "Sunday")
GOLD1 = {(0, 3): {"root"}, (0, 1): {"hd"}, (1, 3): {"prep"}, (1, 2): {"hd"}, (2, 3): {"pobj"}}
GOLD2 = {(0, 3): {"root"}, (0, 1): {"hd"}, (1, 3): {"tmod"}, (1, 2): {"case"}, (2, 3): {"hd"}}
PARSE = {(0, 3): {"root"}, (0, 1): {"hd"}, (1, 2): {"prep"}, (2, 3): {"pobj"}}


# -- 3.3 worked conversions -------------------------------------------------------


def test_constituency_john_saw_mary():
    t = Tree.fromstring("(TOP (S (NP-SBJ (NNP John)) (VP (VBD saw) (NP (NNP Mary))) (. .)))")
    expected = {
        (0, 1): {"SBJ"},
        (0, 4): set(),
        (1, 2): set(),
        (1, 3): set(),
        (2, 3): set(),
        (3, 4): set(),
    }
    assert to_mft(t) == mft(expected, ("John", "saw", "Mary", "."))


def test_constituency_empty_element_removed():
    t = Tree.fromstring(
        "(S (NP-SBJ-1 (NNP John)) (VP (VBD tried) (S (NP-SBJ (-NONE- *-1)) "
        "(VP (TO to) (VP (VB leave))))) (. .))"
    )
    result = to_mft(t)
    assert result.words == ("John", "tried", "to", "leave", ".")
    expected = {
        (0, 1): {"SBJ"},
        (0, 5): set(),
        (1, 2): set(),
        (1, 4): set(),
        (2, 3): set(),
        (2, 4): set(),
        (3, 4): set(),
        (4, 5): set(),
    }
    assert result == mft(expected, result.words)


def test_dependency_gold1_and_gold2():
    assert to_mft(graph(ARRIVE, [0, 1, 2], ["root", "prep", "pobj"])) == mft(GOLD1, ARRIVE)
    assert to_mft(graph(ARRIVE, [0, 3, 1], ["root", "case", "tmod"])) == mft(GOLD2, ARRIVE)


# -- 4 operations ---------------------------------------------------------------------


def test_generalization_arrive_on_sunday():
    expected = {(0, 3): {"root"}, (0, 1): {"hd"}, (1, 2): set(), (1, 3): set(), (2, 3): set()}
    assert generalize(mft(GOLD1, ARRIVE), mft(GOLD2, ARRIVE)) == mft(expected, ARRIVE)


def test_generalization_coordination():
    words = ("earth", "wind", "and", "fire")
    flat = to_mft(graph(words, [0, 1, 1, 1], ["root", "conj", "cc", "conj"]))
    chained = to_mft(graph(words, [0, 1, 2, 3], ["root", "coord", "coord", "conj"]))
    expected = {
        (0, 4): {"root"},
        (0, 1): {"hd"},
        (1, 2): set(),
        (2, 3): set(),
        (3, 4): {"conj"},
    }
    assert generalize(flat, chained) == mft(expected, words)


def test_generalization_verb_group_uses_hd_not_wildcard():
    words = ("would", "have", "worked")
    aux_head = to_mft(graph(words, [0, 1, 2], ["root", "vg", "vg"]))
    lex_head = to_mft(graph(words, [2, 3, 0], ["vg", "vg", "root"]))
    expected = {(0, 3): {"root"}, (0, 1): set(), (1, 2): {"hd"}, (2, 3): set()}
    assert generalize(aux_head, lex_head) == mft(expected, words)


# -- 5 worked scores ------------------------------------------------------------------

# (case, parse, native gold, reference, labeled δ, ι, unlabeled δ, ι)
G1, G2, P = mft(GOLD1, ARRIVE), mft(GOLD2, ARRIVE), mft(PARSE, ARRIVE)
GEN = generalize(G1, G2)
WORKED = [
    ("gold1 against gold1", G1, G1, G1, (0, 10, 0, 8)),
    ("gold1 against gold2", G1, G2, G2, (6, 10, 0, 8)),
    ("p against gold1", P, G1, G1, (3, 9, 1, 7)),
    ("p, native gold1, MULTIPLE", P, G1, GEN, (1, 6, 1, 7)),
    ("gold1 as parse, MULTIPLE", G1, G1, GEN, (0, 7, 0, 8)),
    ("gold2 as parse, MULTIPLE", G2, G2, GEN, (0, 7, 0, 8)),
]


@pytest.mark.parametrize("engine", ["span", "apted"])
@pytest.mark.parametrize(("case", "parse", "gold", "ref", "expected"), WORKED)
def test_worked_scores(engine, case, parse, gold, ref, expected):
    assert sentence_stats(parse, gold, ref, engine=engine) == expected


def test_worked_scores_through_the_evaluator():
    # p against gold1: labeled 1 − 3/9, unlabeled 1 − 1/7.
    lab, unl = TedEvalEvaluator([P], [G1]).eval()
    assert lab == pytest.approx(0.6667, abs=5e-5)
    assert unl == pytest.approx(0.8571, abs=5e-5)
    # MULTIPLE: 1 − 1/6 and 1 − 1/7.
    lab, unl = TedEvalEvaluator([P], [G1], other_golds=[[G2]]).eval()
    assert lab == pytest.approx(0.8333, abs=5e-5)
    assert unl == pytest.approx(0.8571, abs=5e-5)
    # gold1 against gold2 (SINGLE): 1 − 6/10 and 1 − 0/8.
    lab, unl = TedEvalEvaluator([G1], [G2]).eval()
    assert (lab, unl) == (pytest.approx(0.4), 1.0)


def test_worked_scores_from_nltk_graphs_in_a_cross_experiment():
    g1 = graph(ARRIVE, [0, 1, 2], ["root", "prep", "pobj"])
    g2 = graph(ARRIVE, [0, 3, 1], ["root", "case", "tmod"])
    p = graph(ARRIVE, [0, 1, 1], ["root", "prep", "pobj"])
    cross = CrossFrameworkEvaluator([("theory1", [p], [g1]), ("theory2", [g2], [g2])])
    assert [round(s, 4) for s in cross.single("theory1")] == [0.6667, 0.8571]
    assert [round(s, 4) for s in cross.multiple("theory1")] == [0.8333, 0.8571]
    # gold2 as its own parse, MULTIPLE: 0/7 and 0/8.
    assert [float(s) for s in cross.multiple("theory2")] == [1.0, 1.0]
    # Cross-theory overlap is gold1 against gold2, SINGLE: 0.4 and 1.0, symmetric.
    assert [round(s, 4) for s in cross.overlap("theory1", "theory2")] == [0.4, 1.0]
    assert [round(s, 4) for s in cross.overlap("theory2", "theory1")] == [0.4, 1.0]


def test_apted_terminal_cost_counterexample():
    # n = 4, x = (0,3):{A,B}, y = (0,2):{A,B}: TedEval deletes A and B over
    # (0,3) and adds them over (0,2), δ = 4; unit-cost terminals let APTED
    # move token 2 instead, for 2.
    x = mft({(0, 3): {"A", "B"}}, 4)
    y = mft({(0, 2): {"A", "B"}}, 4)
    assert sentence_stats(x, y, engine="span")[0] == 4
    assert sentence_stats(x, y, engine="apted")[0] == 4
    assert apted_distance(x, y, labeled=True) == 4
    assert apted_distance(x, y, labeled=True, terminal_cost=1) == 2


def test_label_map_renames_before_scoring():
    # The 2011 paper's zero-cost relabelling: SUB in one theory is SBJ in the other.
    words = ("John", "sleeps")
    a = graph(words, [2, 0], ["SUB", "root"])
    b = graph(words, [2, 0], ["SBJ", "root"])
    assert TedEvalEvaluator([a], [b]).eval()[0] < 1.0
    assert TedEvalEvaluator([a], [b], label_map={"SUB": "SBJ"}).eval()[0] == 1.0
