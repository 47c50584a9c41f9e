"""Breakdowns of TedEval (by label, by length) and MPH (by category), SPEC.md §12.5-12.6.

The expected rows are worked out by hand in the comments, from the items of
the converted trees (SPEC.md §3, §5): an edit operation is charged to the
label of its item (a deletion to the label the parse must lose, an addition
to the label it must gain), an item counted in ι belongs to its label. The
property tests prove over generated trees, for both engines and both
references, that the labels' parts sum to the sentence's δ and ι exactly.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk import Tree

from nltk_tedeval import CrossFrameworkEvaluator, TedEvalEvaluator
from nltk_tedeval.errors import OptionError
from nltk_tedeval.metrics.mph import MPHEvaluator
from nltk_tedeval.protocol.label_groups import label_parts
from nltk_tedeval.protocol.sentence import sentence_stats
from nltk_tedeval.trees.dependency import DependencyTree
from nltk_tedeval.trees.mft import MultiFunctionTree
from nltk_tedeval.trees.operations import generalize

from .conftest import examples
from .strategies import projective_heads, same_yield

FAST = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
APTED = settings(
    max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
ENGINES = ("span", "apted")

# "I left" (2 words): the parse says obj where the gold says nsubj.
GOLD2 = MultiFunctionTree({(0, 2): {"root"}, (0, 1): {"nsubj"}, (1, 2): {"hd"}}, 2)
PARSE2 = MultiFunctionTree({(0, 2): {"root"}, (0, 1): {"obj"}, (1, 2): {"hd"}}, 2)

# "arrive on Sunday" (SPEC.md §5; explain's example). Converted items:
#   gold1 (on heads Sunday):   root(0,3) hd(0,1) prep(1,3) hd(1,2) pobj(2,3)      5 items
#   parse (Sunday on arrive):  root(0,3) hd(0,1) prep(1,2) pobj(2,3)              4 items
#   gold2 (Sunday heads on):   root(0,3) hd(0,1) tmod(1,3) hd(2,3) case(1,2)
#   generalized reference:     root(0,3) hd(0,1), and unlabeled (1,3) (1,2) (2,3)  2 items
WORDS = ("arrive", "on", "Sunday")
GOLD1 = DependencyTree(WORDS, (0, 1, 2), ("root", "prep", "pobj"))
GOLD2_TH = DependencyTree(WORDS, (0, 3, 1), ("root", "case", "tmod"))
PARSE3 = DependencyTree(WORDS, (0, 1, 1), ("root", "prep", "pobj"))

COLS = ("delta", "iota", "deleted", "added", "uncharged", "parse_items", "reference_items")


def rows(breakdown) -> dict[str, tuple[int, ...]]:
    return {g: tuple(s.totals[c] for c in COLS) for g, s in breakdown.items()}


# -- label: hand-worked -------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES)
def test_label_single_relabeling_is_one_deletion_and_one_addition(engine):
    # ES(parse, gold) = {delete obj(0,1), add nsubj(0,1)}: the relabeling obj -> nsubj
    # costs 2, one unit to each label. ι = 3 + 3 items, each to its label:
    #   obj:   δ 1 (deleted), ι 1 (parse)          score 1 - 1/1 = 0
    #   nsubj: δ 1 (added),   ι 1 (reference)      score 0
    #   root:  δ 0,           ι 2 (1 + 1)          score 1
    #   hd:    δ 0,           ι 2                  score 1
    # sums: δ 2, ι 6 = the sentence's (2, 6).
    ev = TedEvalEvaluator([PARSE2], [GOLD2], by="label", engine=engine)
    assert ev.stats.array.tolist() == [[2, 6, 0, 4]]
    b = ev.breakdown("label")
    assert rows(b) == {
        "obj": (1, 1, 1, 0, 0, 1, 0),
        "nsubj": (1, 1, 0, 1, 0, 0, 1),
        "root": (0, 2, 0, 0, 0, 1, 1),
        "hd": (0, 2, 0, 0, 0, 1, 1),
    }
    # Listed by the cost they carry (δ), ties by name; the share is δ's share: 1/2.
    assert list(b) == ["nsubj", "obj", "hd", "root"]
    assert b["obj"].share == 0.5 and b["root"].share == 0.0
    assert float(b["obj"].scores["TEDEVAL"]) == 0.0
    assert float(b["root"].scores["TEDEVAL"]) == 1.0


@pytest.mark.parametrize("engine", ENGINES)
def test_label_single_arrive_on_sunday(engine):
    # ES(parse, gold1): delete prep(1,2); add prep(1,3), add hd(1,2). δ = 3, ι = 4 + 5 = 9.
    #   prep: deleted 1 + added 1 = δ 2; ι = 1 (parse prep(1,2)) + 1 (gold prep(1,3)) = 2
    #   hd:   added 1 = δ 1;            ι = 1 (parse hd(0,1)) + 2 (gold hd(0,1), hd(1,2)) = 3
    #   root: δ 0, ι 2;  pobj: δ 0, ι 2.   Sums: δ 3, ι 9.
    ev = TedEvalEvaluator([PARSE3], [GOLD1], by="label", engine=engine)
    assert ev.stats.array.tolist()[0][:2] == [3, 9]
    assert rows(ev.breakdown("label")) == {
        "prep": (2, 2, 1, 1, 0, 1, 1),
        "hd": (1, 3, 0, 1, 0, 1, 2),
        "root": (0, 2, 0, 0, 0, 1, 1),
        "pobj": (0, 2, 0, 0, 0, 1, 1),
    }


@pytest.mark.parametrize("engine", ENGINES)
def test_label_multiple_leaves_the_gold_conventions_uncharged(engine):
    # Reference = gold1 ⊓ gold2: labeled items root(0,3), hd(0,1). ι = 4 + 2 = 6.
    # ES(parse, ref) = {delete prep(1,2), delete pobj(2,3)}; gold1 has pobj(2,3), so its
    # own script deletes it too: uncharged. δ = 1.
    #   prep: deleted 1, δ 1, ι 1 (parse only)          score 0
    #   pobj: uncharged 1, δ 0, ι 1 (parse only)        score 1
    #   root: ι 2;  hd: ι 2 (parse hd(0,1), ref hd(0,1)).  Sums: δ 1, ι 6.
    ev = TedEvalEvaluator([PARSE3], [GOLD1], other_golds=[[GOLD2_TH]], by="label", engine=engine)
    assert ev.stats.array.tolist()[0][:2] == [1, 6]
    b = ev.breakdown("label")
    assert rows(b) == {
        "prep": (1, 1, 1, 0, 0, 1, 0),
        "pobj": (0, 1, 0, 0, 1, 1, 0),
        "root": (0, 2, 0, 0, 0, 1, 1),
        "hd": (0, 2, 0, 0, 0, 1, 1),
    }
    assert b["prep"].share == 1.0
    assert str(b["prep"].scores["TEDEVAL"].signature).count("by:label=prep") == 1


@pytest.mark.parametrize("engine", ENGINES)
def test_label_parts_leave_an_addition_the_golds_own_script_makes_uncharged(engine):
    # Issue 45 (the sixth mutation run): label_parts against a reference that is not the
    # gold nor a generalization of it (whose items the gold always has, so its script only
    # deletes), here another theory's tree of "I left" with subj where the gold has nsubj
    # and the parse obj. Items: parse root(0,2) obj(0,1) hd(1,2); gold root nsubj(0,1)
    # hd; reference root subj(0,1) hd.
    # ES(parse, ref) = {delete obj(0,1), add subj(0,1)}; ES(gold, ref) = {delete
    # nsubj(0,1), add subj(0,1)}: the addition of subj is shared, so uncharged; δ = 1
    # (the deletion of obj), ι = 3 + 3.
    #   obj:  deleted 1, δ 1, ι 1 (parse)           subj: uncharged 1, δ 0, ι 1 (ref)
    #   root: ι 2;  hd: ι 2.  Sums: δ 1, ι 6 = the sentence's.
    ref = MultiFunctionTree({(0, 2): {"root"}, (0, 1): {"subj"}, (1, 2): {"hd"}}, 2)
    assert sentence_stats(PARSE2, GOLD2, ref, engine=engine)[:2] == (1, 6)
    assert label_parts(PARSE2, GOLD2, ref, engine=engine) == {
        "obj": (1, 1, 1, 0, 0, 1, 0),
        "subj": (0, 1, 0, 0, 1, 0, 1),
        "root": (0, 2, 0, 0, 0, 1, 1),
        "hd": (0, 2, 0, 0, 0, 1, 1),
    }


def test_label_without_function_labels_has_no_group():
    # No tree carries a function label (only the converter's head label hd): labeled
    # mode compares nothing (SPEC.md §5), δ_L = ι_L = 0, and no label gets a part.
    t = MultiFunctionTree({(0, 2): set(), (0, 1): {"hd"}}, 2)
    ev = TedEvalEvaluator([t], [t], by="label")
    assert ev.stats.array.tolist()[0][:2] == [0, 0]
    assert len(ev.breakdown("label")) == 0


def test_label_of_a_missing_parse_under_zero():
    # missing="zero": the parse has no item, so every reference item is an addition:
    # gold1's 5 items -> root δ1 ι1, hd δ2 ι2, prep δ1 ι1, pobj δ1 ι1 (δ 5 = ι 5).
    ev = TedEvalEvaluator([None], [GOLD1], by="label", missing="zero")
    with pytest.warns(Warning):
        b = ev.breakdown("label")
    assert {g: (s.totals["delta"], s.totals["iota"]) for g, s in b.items()} == {
        "hd": (2, 2),
        "pobj": (1, 1),
        "prep": (1, 1),
        "root": (1, 1),
    }


# -- length: hand-worked ------------------------------------------------------------


def test_length_bins_hold_the_sentence_rows():
    # Bins 1-2, 3+. "I left" (2 words) row (2, 6, 0, 4): its unlabeled items are the
    # spans below the sentence, (0,1) and (1,2) on both sides, δ_U 0, ι_U 4.
    # "arrive on Sunday" (3 words): labeled (3, 9) above; unlabeled parse (0,1) (1,2)
    # (2,3), gold (0,1) (1,3) (1,2) (2,3): one addition, δ_U 1, ι_U 7.
    ev = TedEvalEvaluator([PARSE2, PARSE3], [GOLD2, GOLD1], by="length", bins={"length": "2"})
    b = ev.breakdown("length")
    assert list(b) == ["1-2", "3+"]
    assert b["1-2"].totals == {
        "sentences": 1,
        "delta_labeled": 2,
        "iota_labeled": 6,
        "delta_unlabeled": 0,
        "iota_unlabeled": 4,
    }
    assert [b["3+"].totals[c] for c in ("delta_labeled", "iota_labeled")] == [3, 9]
    assert [b["3+"].totals[c] for c in ("delta_unlabeled", "iota_unlabeled")] == [1, 7]
    assert b["1-2"].share == 0.5
    assert round(float(b["3+"].scores["unlabeled"]), 4) == 0.8571  # 1 - 1/7
    assert round(float(b["1-2"].scores["labeled"]), 4) == 0.6667  # 1 - 2/6


# -- sums, over generated trees -----------------------------------------------------


def _check_parts(parse, gold, ref, engine):
    parts = label_parts(parse, gold, ref, engine=engine)
    dl, il, _, _ = sentence_stats(parse, gold, ref, engine=engine)
    assert sum(r[0] for r in parts.values()) == dl
    assert sum(r[1] for r in parts.values()) == il
    for label, (d, i, deleted, added, _unch, p_items, e_items) in parts.items():
        assert d == deleted + added and i == p_items + e_items
        assert 0 <= d <= i  # the label's own score lies in [0, 1]
        assert sum(1 for item in parse.labeled_items() if item[0] == label) == p_items


@FAST
@given(same_yield(3))
def test_label_parts_sum_to_delta_and_iota_span(trees):
    parse, gold, other = trees
    for ref in (gold, generalize(gold, other)):
        _check_parts(parse, gold, ref, "span")


@APTED
@given(same_yield(3, max_n=5))
def test_label_parts_sum_to_delta_and_iota_apted(trees):
    parse, gold, other = trees
    for ref in (gold, generalize(gold, other)):
        _check_parts(parse, gold, ref, "apted")
        # The two engines find the same script, so they charge the same labels.
        assert label_parts(parse, gold, ref, engine="apted") == label_parts(
            parse, gold, ref, engine="span"
        )


def _dense_sum(table, columns):
    return sum(table.dense(g).array for g in table.groups())[
        :, [table.key.columns.index(c) for c in columns]
    ]


@FAST
@given(st.lists(same_yield(3, max_n=6), min_size=1, max_size=4), st.booleans())
def test_evaluator_groups_sum_to_every_sentence_row(corpus, multiple):
    parses = [t[0] for t in corpus]
    golds = [t[1] for t in corpus]
    others = [[t[2] for t in corpus]] if multiple else []
    plain = TedEvalEvaluator(parses, golds, other_golds=others)
    ev = TedEvalEvaluator(parses, golds, other_golds=others, by="label,length")
    # by= changes no number.
    assert np.array_equal(plain.stats.array, ev.stats.array)
    assert plain.group_tables == {}
    label, length = ev.group_tables["label"], ev.group_tables["length"]
    if label.groups():
        assert np.array_equal(_dense_sum(label, ("delta", "iota")), ev.stats.array[:, :2])
    else:
        assert not ev.stats.array[:, :2].any()
    assert np.array_equal(
        _dense_sum(length, ("delta_labeled", "iota_labeled", "delta_unlabeled", "iota_unlabeled")),
        ev.stats.array,
    )
    assert int(length.all_totals()[0]) == len(ev.stats)


def test_jobs_carry_the_groups_of_the_apted_engine():
    # jobs > 1 sends the protocol's configuration, with by=, to worker processes.
    parses, golds = [PARSE3, PARSE2, PARSE3] * 2, [GOLD1, GOLD2, GOLD1] * 2
    one = TedEvalEvaluator(parses, golds, by="label,length", engine="apted")
    two = TedEvalEvaluator(parses, golds, by="label,length", engine="apted", jobs=2)
    for key in ("label", "length"):
        a, b = one.breakdown(key), two.breakdown(key)
        assert {g: s.totals for g, s in a.items()} == {g: s.totals for g, s in b.items()}


def test_unknown_key_is_refused():
    with pytest.raises(OptionError, match="no breakdown by relation"):
        TedEvalEvaluator([PARSE2], [GOLD2], by="relation").eval()
    with pytest.raises(OptionError, match="no breakdown by relation"):
        CrossFrameworkEvaluator([("A", [PARSE3], [GOLD1]), ("B", None, [GOLD2_TH])], by="relation")


# -- cross ----------------------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES)
def test_cross_offers_each_theory_scenario_and_gold_pair(engine):
    cross = CrossFrameworkEvaluator(
        [("A", [PARSE3], [GOLD1]), ("B", [GOLD2_TH], [GOLD2_TH])], by="label", engine=engine
    )
    # A's SINGLE and MULTIPLE rows are the TedEvalEvaluator's, worked out above.
    assert rows(cross.breakdown("A", "label", "single"))["prep"] == (2, 2, 1, 1, 0, 1, 1)
    multiple = rows(cross.breakdown("A", "label", "multiple"))
    assert multiple["pobj"] == (0, 1, 0, 0, 1, 1, 0) and multiple["prep"] == (1, 1, 1, 0, 0, 1, 0)
    # The overlap of the golds (gold1 as parse, gold2 as reference, SPEC.md §5):
    # shared root(0,3), hd(0,1); gold1 loses prep(1,3) hd(1,2) pobj(2,3), gains tmod(1,3)
    # hd(2,3) case(1,2): δ 6, ι 5 + 5 = 10 (overlap 0.4). By label:
    #   hd: deleted 1 + added 1 = 2, ι 2 + 2 = 4; prep, pobj, tmod, case: δ 1, ι 1; root: 0, 2.
    over = cross.overlap_breakdown("B", "A", "label")
    assert {g: (s.totals["delta"], s.totals["iota"]) for g, s in over.items()} == {
        "hd": (2, 4),
        "case": (1, 1),
        "pobj": (1, 1),
        "prep": (1, 1),
        "tmod": (1, 1),
        "root": (0, 2),
    }
    assert round(float(cross.overlap("A", "B")[0]), 4) == 0.4
    with pytest.raises(OptionError, match="no breakdown by 'length'"):
        cross.breakdown("A", "length")


@FAST
@given(st.lists(same_yield(3, max_n=6), min_size=1, max_size=3))
def test_cross_groups_sum_to_every_table(corpus):
    exps = [
        ("A", [t[0] for t in corpus], [t[1] for t in corpus]),
        ("B", [t[1] for t in corpus], [t[2] for t in corpus]),
    ]
    cross = CrossFrameworkEvaluator(exps, by="label,length")
    res = cross.result
    tables = [*res.single, *(res.multiple or []), *res.overlap.values()]
    for table, groups in zip(tables, res.group_tables, strict=True):
        total = groups["label"].all_totals()
        assert total[0] == table.array[:, 0].sum() and total[1] == table.array[:, 1].sum()
        assert np.array_equal(groups["length"].all_totals()[1:], table.array.sum(axis=0))


# -- MPH by category ------------------------------------------------------------------


def cats(breakdown) -> dict[str, tuple[int, int, int, int]]:
    cols = ("gold", "gold_matched", "test", "test_matched")
    return {g: tuple(s.totals[c] for c in cols) for g, s in breakdown.items()}


def test_mph_category_constituency():
    # Heads (Collins): S and VP project "slept"; NP-SBJ "dog", PP "on", NP "mat" differ
    # from their parents' heads: gold brackets NP(0,3) PP(4,7) NP(5,7) ("." removed).
    # Parse: NP(The old) head "old", VP projects "slept" as S does (not maximal):
    # NP(0,2) PP(4,7) NP(5,7). Matched by span: (4,7), (5,7).
    #   NP: gold 2 [(0,3), (5,7)], 1 matched; test 2 [(0,2), (5,7)], 1 matched
    #   PP: gold 1, matched 1; test 1, matched 1.     Sums: gold 3, matched 2, test 3.
    gold = Tree.fromstring(
        "(S (NP-SBJ (DT The) (JJ old) (NN dog)) "
        "(VP (VBD slept) (PP (IN on) (NP (DT the) (NN mat)))) (. .))"
    )
    parse = Tree.fromstring(
        "(S (NP (DT The) (JJ old)) (VP (NN dog) (VBD slept) "
        "(PP (IN on) (NP (DT the) (NN mat)))) (. .))"
    )
    ev = MPHEvaluator([parse], [gold], by="category")
    assert ev.stats.array.tolist() == [[2, 3, 3]]
    b = ev.breakdown("category")
    assert cats(b) == {"NP": (2, 1, 2, 1), "PP": (1, 1, 1, 1)}
    assert [float(b["NP"].scores[m]) for m in ("P", "R", "F1")] == [0.5, 0.5, 0.5]
    assert round(b["NP"].share, 4) == 0.6667  # 2 of 3 gold brackets


def test_mph_category_dependency_parse_against_constituency_gold():
    # Gold: NP(the dog) head "dog" != S's "barked": (0,2); VP(barked) is one word.
    # Parse: the -> dog -> barked; projections (0,1), (0,2), (0,3): only (0,2) is a
    # bracket, the projection of "dog", whose tag NN names it.
    #   NP: gold 1, matched 1; no test bracket (P N/A).  NN: test 1, matched 1 (R N/A).
    gold = Tree.fromstring("(S (NP (DT the) (NN dog)) (VP (VBD barked)))")
    parse = DependencyTree(
        ("the", "dog", "barked"), (2, 3, 0), ("det", "nsubj", "root"), ("DT", "NN", "VBD")
    )
    b = MPHEvaluator([parse], [gold], by="category").breakdown("category")
    assert cats(b) == {"NP": (1, 1, 0, 0), "NN": (0, 0, 1, 1)}
    assert b["NP"].scores["P"].reason is not None and float(b["NP"].scores["R"]) == 1.0
    assert b["NN"].scores["R"].reason is not None and float(b["NN"].scores["P"]) == 1.0


def test_mph_category_missing_parse_under_zero():
    gold = Tree.fromstring("(S (NP (DT the) (NN dog)) (VP (VBD saw) (NP (DT a) (NN cat))))")
    ev = MPHEvaluator([None], [gold], by="category", missing="zero")
    with pytest.warns(Warning):
        b = ev.breakdown("category")
    # Gold NP(0,2) and NP(3,5), both missed; no test bracket.
    assert cats(b) == {"NP": (2, 0, 0, 0)}


TAGS = ("NN", "VB", "JJ", ",")


@st.composite
def tagged_pairs(draw, max_n: int = 7) -> tuple[DependencyTree, DependencyTree]:
    n = draw(st.integers(1, max_n))
    words = tuple(f"w{i}" for i in range(n))
    out = []
    for _ in range(2):
        heads = draw(projective_heads(n))
        tags = tuple(draw(st.sampled_from(TAGS)) for _ in range(n))
        out.append(DependencyTree(words, heads, ("dep",) * n, tags))
    return out[0], out[1]


@FAST
@given(st.lists(tagged_pairs(), min_size=1, max_size=4))
def test_mph_categories_sum_to_every_sentence_row(pairs):
    parses, golds = [p for p, _ in pairs], [g for _, g in pairs]
    plain = MPHEvaluator(parses, golds)
    ev = MPHEvaluator(parses, golds, by="category")
    assert np.array_equal(plain.stats.array, ev.stats.array)
    table = ev.group_tables["category"]
    matched, gold, test = ev.stats.array.T
    if not table.groups():
        assert not gold.any() and not test.any()
        return
    summed = _dense_sum(table, ("gold", "gold_matched", "test", "test_matched"))
    assert np.array_equal(summed[:, 0], gold) and np.array_equal(summed[:, 2], test)
    assert np.array_equal(summed[:, 1], matched) and np.array_equal(summed[:, 3], matched)


def test_each_system_of_a_shared_run_gets_its_own_groups():
    # evaluate_systems scores both parses in one loop; each reads its own table's groups:
    # system 1 is the "obj" parse (rows above), system 2 the gold itself (δ 0 everywhere).
    a, b = TedEvalEvaluator.evaluate_systems([GOLD2], [[PARSE2], [GOLD2]], by="label")
    assert rows(a.breakdown("label"))["obj"] == (1, 1, 1, 0, 0, 1, 0)
    assert "obj" not in b.breakdown("label")
    assert all(s.totals["delta"] == 0 for s in b.breakdown("label").values())
