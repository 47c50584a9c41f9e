"""A corpus where a corpus is expected: one tree is an error, not a score.

An ``nltk.Tree`` is a list of its children, so ``Evaluator(tree, tree)`` used
to score each child as a sentence and return 1.0. Every evaluator now
refuses a single sentence and says to wrap it in a list.
"""

from __future__ import annotations

import pytest
from nltk import Tree
from nltk.parse import DependencyGraph

from nltk_tedeval import (
    AttachmentEvaluator,
    CrossFrameworkEvaluator,
    DependencyTree,
    MPHEvaluator,
    OptionError,
    ParsevalEvaluator,
    TedEvalEvaluator,
)

TREE = Tree.fromstring("(S (NP (DT the) (NN dog)) (VP (VBD barked)))")
GRAPH = DependencyGraph(
    "the DT 2 det\ndog NN 3 nsubj\nbarked VBD 0 root", top_relation_label="root"
)
DTREE = DependencyTree(("the", "dog", "barked"), (2, 3, 0), ("det", "nsubj", "root"))

WRAP = "not a corpus; wrap a single sentence in a list"


@pytest.mark.parametrize(
    ("evaluator", "tree", "kind"),
    [
        (TedEvalEvaluator, TREE, "one nltk.Tree"),
        (TedEvalEvaluator, GRAPH, "one DependencyGraph"),
        (TedEvalEvaluator, DTREE, "one DependencyTree"),
        (ParsevalEvaluator, TREE, "one nltk.Tree"),
        (MPHEvaluator, TREE, "one nltk.Tree"),
        (AttachmentEvaluator, GRAPH, "one DependencyGraph"),
        (AttachmentEvaluator, DTREE, "one DependencyTree"),
    ],
)
def test_one_tree_for_both_sides_is_refused(evaluator, tree, kind: str) -> None:
    with pytest.raises(OptionError, match=f"parsed_sents is {kind}, {WRAP}"):
        evaluator(tree, [tree])
    with pytest.raises(OptionError, match=f"gold_sents is {kind}, {WRAP}"):
        evaluator([tree], tree)


def test_the_wrapped_tree_scores_as_one_sentence() -> None:
    # The same tree in a list: one sentence, a perfect parse. Unlabeled
    # TedEval items of TREE: spans (0,1) (1,2) (0,2) (2,3) → 4 on each side,
    # δ = 0, ι = 8.
    _labeled, unlabeled = TedEvalEvaluator([TREE], [TREE]).eval()
    assert unlabeled.totals == {"delta_unlabeled": 0, "iota_unlabeled": 8}
    assert unlabeled.sentences == 1


def test_strings_and_non_iterables_are_refused() -> None:
    with pytest.raises(OptionError, match="gold_sents is a str, not a corpus of trees; read"):
        ParsevalEvaluator(["(S x)"], "(S (X x))")
    with pytest.raises(OptionError, match="parsed_sents is a int, not a corpus"):
        AttachmentEvaluator(3, [GRAPH])


def test_lists_of_corpora_name_the_position() -> None:
    with pytest.raises(OptionError, match=r"other_golds\[1\] is one nltk.Tree"):
        TedEvalEvaluator([TREE], [TREE], other_golds=[[TREE], TREE])
    with pytest.raises(
        OptionError, match="other_golds is one sentence; it takes a list of corpora"
    ):
        TedEvalEvaluator([TREE], [TREE], other_golds=TREE)
    with pytest.raises(OptionError, match=r"systems\[0\] is one nltk.Tree"):
        TedEvalEvaluator.evaluate_systems([TREE], [TREE])
    with pytest.raises(OptionError, match=r"systems\[1\] is one DependencyGraph"):
        AttachmentEvaluator.evaluate_systems([GRAPH], [[GRAPH], GRAPH])
    with pytest.raises(OptionError, match=r"experiment 'ptb': gold_sents is one nltk\.Tree"):
        CrossFrameworkEvaluator([("ptb", [TREE], TREE), ("ud", [GRAPH], [GRAPH])])
