"""The paired approximate-randomization test (SPEC.md §6) and the statistics base."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from nltk_tedeval import Measure, Score, Signature, StatsTable, paired_randomization
from nltk_tedeval.scoring.stats import TEDEVAL, accuracy, edit_score, f_measure, precision, recall


def table(rows) -> StatsTable:
    return StatsTable(("delta", "iota"), rows)


def test_identical_systems_give_p_one():
    a = table([(i % 5, 10) for i in range(300)])
    result = paired_randomization(a, a, TEDEVAL, rounds=1000)
    assert result.p_value == 1.0 and result.difference == 0.0


def test_very_different_systems_give_tiny_p():
    # A is perfect on 300 sentences, B wrong on all: no shuffle reaches the
    # observed difference of 1, so c = 0 and p = 1 / (R + 1).
    a = table([(0, 10)] * 300)
    b = table([(10, 10)] * 300)
    result = paired_randomization(a, b, TEDEVAL, rounds=9999)
    assert result.p_value == pytest.approx(1 / 10000)
    assert result.p_value < 0.001


def exact_p_value(a_rows, b_rows, measure: Measure) -> float:
    """Enumerate every one of the 2^n swap patterns: the exact permutation p-value."""
    a_rows, b_rows = np.array(a_rows), np.array(b_rows)
    observed = abs(float(measure(a_rows.sum(0))) - float(measure(b_rows.sum(0))))
    hits = 0
    patterns = list(itertools.product((0, 1), repeat=len(a_rows)))
    for swap in patterns:
        s = np.array(swap)[:, None]
        new_a = np.where(s, b_rows, a_rows).sum(0)
        new_b = np.where(s, a_rows, b_rows).sum(0)
        hits += abs(float(measure(new_a)) - float(measure(new_b))) >= observed - 1e-12
    return hits / len(patterns)


def test_randomization_approaches_the_exact_permutation_p_value():
    # A second method: with 10 sentences the 1,024 swap patterns can all be
    # enumerated; 20,000 random rounds must land within a few standard errors.
    a_rows = [(1, 10), (0, 8), (3, 9), (2, 12), (0, 5), (4, 10), (1, 7), (0, 6), (2, 9), (1, 11)]
    b_rows = [(2, 10), (1, 8), (3, 9), (5, 12), (1, 5), (4, 10), (3, 7), (0, 6), (4, 9), (2, 11)]
    exact = exact_p_value(a_rows, b_rows, TEDEVAL)
    result = paired_randomization(table(a_rows), table(b_rows), TEDEVAL, rounds=20000)
    se = math.sqrt(exact * (1 - exact) / 20000)
    assert abs(result.p_value - exact) < 5 * se + 1e-4
    assert 0.01 < exact < 0.5  # a case where the answer is not trivially 0 or 1


def test_same_seed_same_p_value_and_seed_matters():
    a = table([(i % 3, 10) for i in range(200)])
    b = table([(i % 3 + (i % 25 == 0), 10) for i in range(200)])
    first = paired_randomization(a, b, TEDEVAL, rounds=2000, seed=7)
    again = paired_randomization(a, b, TEDEVAL, rounds=2000, seed=7)
    other = paired_randomization(a, b, TEDEVAL, rounds=2000, seed=8)
    assert first == again
    assert first.p_value != other.p_value


def test_blocks_of_rounds_do_not_change_the_result(monkeypatch):
    import nltk_tedeval.scoring.significance as sig

    a = table([(i % 3, 10) for i in range(50)])
    b = table([(i % 4, 10) for i in range(50)])
    whole = paired_randomization(a, b, TEDEVAL, rounds=500)
    # Blocks of 7 rounds draw the same coin flips in the same order.
    monkeypatch.setattr(sig, "_BLOCK_CELLS", 7 * 50)
    assert paired_randomization(a, b, TEDEVAL, rounds=500) == whole


def test_different_lengths_are_refused():
    with pytest.raises(ValueError, match="same sentences"):
        paired_randomization(table([(0, 1)]), table([(0, 1), (0, 1)]), TEDEVAL)


def test_f_measure_test_works_on_three_columns():
    cols = ("matched", "gold", "test")
    a = StatsTable(cols, [(5, 5, 5)] * 100)
    b = StatsTable(cols, [(0, 5, 5)] * 100)
    f1 = Measure("F1", cols, f_measure)
    assert paired_randomization(a, b, f1, rounds=999).p_value == pytest.approx(1 / 1000)


# -- the statistics base -------------------------------------------------------------------


def test_formulas_by_hand():
    assert edit_score(np.array([3, 9])) == pytest.approx(1 - 3 / 9)
    # ι = 0: nothing to compare, N/A (SPEC.md §5; the 2011 paper's footnote 5 said 1)
    assert math.isnan(edit_score(np.array([0, 0])))
    assert accuracy(np.array([3, 4])) == 0.75
    assert math.isnan(accuracy(np.array([0, 0])))
    mgt = np.array([3, 4, 6])
    assert precision(mgt) == 0.5 and recall(mgt) == 0.75
    assert f_measure(mgt) == pytest.approx(2 * 0.5 * 0.75 / 1.25)


def test_corpus_macro_and_subset():
    t = table([(3, 9), (0, 10), (5, 5)])
    assert t.corpus(TEDEVAL) == pytest.approx(1 - 8 / 24)
    assert t.macro(TEDEVAL) == pytest.approx((1 - 3 / 9 + 1 + 0) / 3)
    assert t.subset([0, 1]).corpus(TEDEVAL) == pytest.approx(1 - 3 / 19)
    assert t.subset(np.array([False, False, True])).corpus(TEDEVAL) == 0.0


def test_macro_leaves_out_undefined_sentences():
    t = StatsTable(("correct", "total"), [(1, 2), (0, 0), (3, 3)])
    assert t.macro(Measure("ACC", ("correct", "total"), accuracy)) == pytest.approx(0.75)


def test_table_rejects_wrong_shapes_and_unknown_columns():
    with pytest.raises(ValueError, match="2 columns"):
        StatsTable(("a", "b"), [(1, 2, 3)])
    with pytest.raises(KeyError, match="no statistic 'c'"):
        table([(1, 2)]).view(("c",))
    assert len(table([])) == 0


def test_score_is_a_float_that_prints_itself():
    s = Score.from_table(table([(1, 4)]), TEDEVAL, signature=Signature(metric="tedeval"))
    assert s == 0.75 and isinstance(s, float)
    assert s.totals == {"delta": 1, "iota": 4}
    text = str(s)
    assert text.startswith("TEDEVAL = 0.7500 (delta=1 iota=4, 1 sentence)")
    assert "metric:tedeval|avg:micro|version:" in text
    assert s.as_dict()["value"] == 0.75
    macro = Score.from_table(
        table([(1, 4), (0, 1)]), TEDEVAL, signature=Signature(), average="macro"
    )
    assert macro == pytest.approx(0.875) and "macro" in str(macro)


def test_signature_fields_and_values():
    sig = Signature(metric="x", labeled=True, map=None)
    assert str(sig).startswith("metric:x|labeled:yes|map:none|version:")
    assert sig.replace(labeled=False).fields["labeled"] == "no"
    assert Signature(cutoff=1) == Signature(cutoff=1)
    assert hash(Signature(cutoff=1)) == hash(Signature(cutoff=1))


def test_signature_keys_come_from_the_shared_table():
    with pytest.raises(ValueError, match="projectivize are not in SIGNATURE_KEYS"):
        Signature(metric="mph", projectivize=True)
    with pytest.raises(ValueError, match="flag are not in SIGNATURE_KEYS"):
        Signature(metric="x").replace(flag=True)


def test_a_paired_test_refuses_runs_over_other_sentences() -> None:
    """Two evaluators of two sentences each, over different gold words: the counts are
    equal, but the pairs are not pairs, so there is no p-value. The same gold read
    twice (equal trees, other objects) is the same sentences."""
    from nltk import Tree

    from nltk_tedeval import ParsevalEvaluator
    from nltk_tedeval.errors import SentenceCountError

    g = [Tree.fromstring("(S (NP (DT a)) (VP (VB b)))"), Tree.fromstring("(S (NP c) (VP d))")]
    h = [Tree.fromstring("(S (NP (DT x)) (VP (VB y)))"), g[1]]
    with pytest.raises(SentenceCountError, match="scored sentence 1 \\(sentence 1\\) has other"):
        ParsevalEvaluator(g, g).significance(ParsevalEvaluator(h, h), "F1")
    again = [Tree.fromstring(str(t)) for t in g]
    assert (
        ParsevalEvaluator(g, g).significance(ParsevalEvaluator(again, again), "F1").p_value == 1.0
    )
    with pytest.raises(SentenceCountError, match="one system has 2 scored sentences, the other 1"):
        ParsevalEvaluator(g, g).significance(ParsevalEvaluator(g[:1], g[:1]), "F1")
