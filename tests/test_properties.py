"""Invariants of the operations and scores on random trees (hypothesis)."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nltk_tedeval import (
    DependencyTree,
    TedEvalEvaluator,
    generalize,
    sentence_stats,
    subsumes,
    tl_unify,
    unify,
)
from nltk_tedeval.protocol.engine_apted import edit_script

from .conftest import examples
from .strategies import dependency_trees, same_yield

FAST = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
APTED = settings(
    max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@FAST
@given(same_yield(2))
def test_generalization_commutative(trees):
    a, b = trees
    assert generalize(a, b) == generalize(b, a)


@FAST
@given(same_yield(3))
def test_generalization_associative_and_n_ary(trees):
    a, b, c = trees
    assert generalize(generalize(a, b), c) == generalize(a, generalize(b, c)) == generalize(a, b, c)


@FAST
@given(same_yield(1))
def test_generalization_idempotent(trees):
    (a,) = trees
    assert generalize(a, a) == a


@FAST
@given(same_yield(2))
def test_generalization_is_subsumed_by_its_inputs(trees):
    a, b = trees
    g = generalize(a, b)
    assert subsumes(g, a) and subsumes(g, b)


@FAST
@given(same_yield(2))
def test_unifying_a_tree_with_its_generalization_gives_it_back(trees):
    a, b = trees
    assert unify(a, generalize(a, b)) == a


@FAST
@given(same_yield(2))
def test_tl_unification_keeps_structure_and_is_subsumed(trees):
    a, b = trees
    t = tl_unify(a, b)
    assert t.spans == a.spans
    assert subsumes(a, t)
    assert subsumes(generalize(a, b), t)


@FAST
@given(same_yield(3))
def test_identical_parse_scores_one_in_single_and_multiple(trees):
    gold, other, _ = trees
    for ref in (gold, generalize(gold, other)):
        dl, _, du, _ = sentence_stats(gold, gold, ref)
        assert dl == 0 and du == 0
    ev = TedEvalEvaluator([gold], [gold], other_golds=[[other]])
    for score, mode in zip(ev.eval(), ("labeled", "unlabeled"), strict=True):
        if score.totals[f"iota_{mode}"]:
            assert float(score) == 1.0
        else:  # no item on either side: nothing to compare (SPEC.md §5)
            assert math.isnan(score) and "Σι = 0" in score.reason


@FAST
@given(same_yield(3))
def test_scores_lie_in_unit_interval(trees):
    parse, gold, other = trees
    for ref in (gold, generalize(gold, other)):
        dl, il, du, iu = sentence_stats(parse, gold, ref)
        assert 0 <= dl <= il and 0 <= du <= iu


@APTED
@given(same_yield(3))
def test_span_and_apted_engines_agree_in_the_protocol(trees):
    parse, gold, other = trees
    for ref in (gold, generalize(gold, other)):
        assert sentence_stats(parse, gold, ref, engine="apted") == sentence_stats(
            parse, gold, ref, engine="span"
        )


@APTED
@given(same_yield(3))
def test_engines_agree_even_for_references_the_gold_does_not_subsume(trees):
    # Both engines implement δ = |ES(p,e)| − |ES(p,e) ∩ ES(g,e)| exactly, so
    # they agree on any triple, not only on generalizations.
    parse, gold, ref = trees
    assert sentence_stats(parse, gold, ref, engine="apted") == sentence_stats(
        parse, gold, ref, engine="span"
    )


@APTED
@given(same_yield(2))
def test_apted_script_is_the_symmetric_difference_of_items(trees):
    x, y = trees
    for labeled, items in ((True, "labeled_items"), (False, "unlabeled_items")):
        ix, iy = getattr(x, items)(), getattr(y, items)()
        expected = {("delete", i) for i in ix - iy} | {("add", i) for i in iy - ix}
        assert edit_script(x, y, labeled=labeled) == expected


@FAST
@given(dependency_trees(max_n=10))
def test_random_projective_trees_convert_to_one_node_per_token_projection(tree: DependencyTree):
    from nltk_tedeval import dependency_to_mft

    mft = dependency_to_mft(tree)
    spans = tree.projections()
    assert set(spans) <= set(mft.spans)
    # A head node is added exactly for tokens with a projection longer than one.
    heads_added = sum(1 for s, e in spans if e - s > 1)
    assert sum(1 for _, labels in mft.nodes() if "hd" in labels) == heads_added


@FAST
@given(same_yield(2), st.integers(0, 3))
def test_overlap_is_symmetric(trees, _):
    a, b = trees
    assert sentence_stats(a, b) == sentence_stats(b, a)
