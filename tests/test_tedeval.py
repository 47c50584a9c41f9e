"""The NLTK-style TedEval evaluators: SINGLE, MULTIPLE and cross-framework runs.

Expected values are worked by hand in the comments: items are listed, δ is
|p−e| + |e−p| − |(p∩g)−e| and ι is |p| + |e| (SPEC.md §5).
"""

from __future__ import annotations

import json

import pytest
from nltk import Tree
from nltk.parse import DependencyGraph

from nltk_tedeval import (
    Converter,
    CrossFrameworkEvaluator,
    Experiment,
    MissingParseWarning,
    MultiFunctionTree,
    OptionError,
    Score,
    SentenceCountError,
    TedEvalEvaluator,
    TreeStructureError,
)


def dep(rows: str) -> DependencyGraph:
    return DependencyGraph(rows.strip().replace(" ", "\t"), top_relation_label="root")


# "John saw Mary" in two theories.
CONST_GOLD = "(S (NP-SBJ (NNP John)) (VP (VBD saw) (NP-OBJ (NNP Mary))))"
# (0,3):{} (0,1):{SBJ} (1,3):{} (1,2):{} (2,3):{OBJ}
DEP_GOLD = "John NNP 2 nsubj\nsaw VBD 0 root\nMary NNP 2 dobj"
# (0,3):{root} (0,1):{nsubj} (1,2):{hd} (2,3):{dobj}
DEP_PARSE = "John NNP 2 nsubj\nsaw VBD 0 root\nMary NNP 2 iobj"
# (0,3):{root} (0,1):{nsubj} (1,2):{hd} (2,3):{iobj}


def const_gold() -> Tree:
    return Tree.fromstring(CONST_GOLD)


def test_eval_returns_labeled_and_unlabeled_scores_that_are_floats():
    labeled, unlabeled = TedEvalEvaluator([dep(DEP_PARSE)], [dep(DEP_GOLD)]).eval()
    # SINGLE: iobj vs dobj is one delete and one add: δ = 2, ι = 4 + 4.
    assert isinstance(labeled, Score) and isinstance(labeled, float)
    assert labeled == 0.75 and unlabeled == 1.0
    assert labeled.totals == {"delta_labeled": 2, "iota_labeled": 8}
    assert "TEDEVAL labeled = 0.7500" in str(labeled)
    assert "ref:single" in str(labeled.signature) and "version:" in str(labeled.signature)


def test_multiple_against_a_constituency_theory():
    # e = gold_dep ⊓ gold_const = (0,3):{} (0,1):{} (1,2):{} (2,3):{}: no
    # labeled items. Labeled: p − e = 4 items, 3 of them in the native gold,
    # so δ = 4 − 3 = 1 and ι = 4 + 0. Unlabeled: p = e = {01, 12, 23}: δ = 0, ι = 6.
    ev = TedEvalEvaluator([dep(DEP_PARSE)], [dep(DEP_GOLD)], other_golds=[[const_gold()]])
    labeled, unlabeled = ev.eval()
    assert ev.scenario == "multiple"
    assert labeled == 0.75 and unlabeled == 1.0
    assert labeled.totals == {"delta_labeled": 1, "iota_labeled": 4}
    assert "ref:multiple(2)" in str(labeled.signature)


def test_trees_of_both_kinds_mix_freely():
    # The constituency gold as parse against itself, with the dependency gold
    # as other theory: a perfect parse scores 1 in MULTIPLE.
    ev = TedEvalEvaluator([const_gold()], [const_gold()], other_golds=[[dep(DEP_GOLD)]])
    assert [float(s) for s in ev.eval()] == [1.0, 1.0]
    # Unlabeled ι = |p| + |e| = 4 + 3 (p has (1,3), the VP, that e lacks).
    assert ev.sentence_results()[0].iota_unlabeled == 7


def test_per_sentence_results_and_macro_average():
    golds = [dep(DEP_GOLD), dep(DEP_GOLD)]
    parses = [dep(DEP_PARSE), dep(DEP_GOLD)]
    ev = TedEvalEvaluator(parses, golds)
    results = ev.sentence_results()
    assert [r.number for r in results] == [1, 2]
    assert [(r.delta_labeled, r.iota_labeled) for r in results] == [(2, 8), (0, 8)]
    assert [r.labeled for r in results] == [0.75, 1.0]
    # micro: 1 − 2/16; macro: mean(0.75, 1.0).
    assert ev.eval()[0] == pytest.approx(0.875)
    macro_labeled, _ = ev.macro()
    assert macro_labeled == pytest.approx(0.875) and macro_labeled.average == "macro"
    assert ev.sentence_scores("labeled") == [0.75, 1.0]


def test_micro_and_macro_differ_when_sentence_sizes_differ():
    # Sentence 1: δ/ι = 2/8; sentence 2 (one token, root only): parse wrong
    # label, δ = 2, ι = 2. Micro 1 − 4/10 = 0.6; macro mean(0.75, 0) = 0.375.
    golds = [dep(DEP_GOLD), dep("Hi UH 0 root")]
    parses = [dep(DEP_PARSE), dep("Hi UH 0 discourse")]
    ev = TedEvalEvaluator(parses, golds)
    assert ev.eval()[0] == pytest.approx(0.6)
    assert ev.macro()[0] == pytest.approx(0.375)


def test_iterables_are_read_once_in_a_stream():
    golds = (dep(DEP_GOLD) for _ in range(3))
    parses = (dep(DEP_PARSE) for _ in range(3))
    ev = TedEvalEvaluator(parses, golds)
    assert ev.eval()[0] == 0.75 and len(ev.stats) == 3


def test_different_sentence_counts_name_the_source_that_ends_first():
    with pytest.raises(SentenceCountError, match="gold_sents has 2, parsed_sents has 1"):
        TedEvalEvaluator([dep(DEP_PARSE)], [dep(DEP_GOLD), dep(DEP_GOLD)]).eval()
    # Streams are only found out when one of them ends.
    parses = (dep(DEP_PARSE) for _ in range(1))
    golds = (dep(DEP_GOLD) for _ in range(2))
    ends_first = "parsed_sents ends after 1 sentence, but gold_sents continues"
    with pytest.raises(SentenceCountError, match=ends_first):
        TedEvalEvaluator(parses, golds).eval()


CYCLE = "John NNP 3 nsubj\nsaw VBD 0 root\nMary NNP 1 dobj"


def test_bad_sentence_stops_the_run_with_its_number():
    parses = [dep(DEP_PARSE), dep(CYCLE), dep(DEP_GOLD)]
    with pytest.raises(TreeStructureError, match=r"^sentence 2: the heads form a cycle"):
        TedEvalEvaluator(parses, [dep(DEP_GOLD)] * 3).eval()


def test_skip_makes_a_bad_parse_a_failed_parse_and_lists_it():
    # SPEC.md §10: a parse that is not a tree is its system's failed parse; under the
    # default missing="skip" it is left out as a missing parse is, counted and named.
    parses = [dep(DEP_PARSE), dep(CYCLE), dep(DEP_GOLD)]
    ev = TedEvalEvaluator(parses, [dep(DEP_GOLD)] * 3, on_error="skip")
    # Sentences 1 and 3: δ = 2 + 0 over ι = 16.
    with pytest.warns(MissingParseWarning, match="1 of them bad input"):
        assert ev.eval()[0] == pytest.approx(0.875)
    assert ev.skipped == []
    assert [(m.number, m.systems) for m in ev.missing] == [(2, ("parsed_sents",))]
    assert ev.numbers == [1, 3]
    assert [b.number for b in ev.bad_parses] == [2] and "cycle" in ev.bad_parses[0].reason
    assert ev.counts()["read"] == 3 and len(ev.stats) == 2
    report = ev.as_dict()
    assert report["counts"] == {"read": 3, "scored": 2, "missing": 1, "skipped": 0}
    assert report["missing"][0]["reasons"][0]["status"] == "bad"
    assert report["bad_parses"][0]["sentence"] == 2
    json.dumps(report)


def test_under_zero_a_bad_parse_scores_nothing_right():
    # Sentence 2's parse is a cycle: scored as the empty tree over the gold's words, so
    # δ = ι = |e| = 4 labeled items (root, nsubj, hd, dobj) and 3 unlabeled (no root).
    # Labeled: δ = 2 + 4 + 0 over ι = 8 + 4 + 8; unlabeled: 0 + 3 + 0 over 6 + 3 + 6.
    parses = [dep(DEP_PARSE), dep(CYCLE), dep(DEP_GOLD)]
    with pytest.warns(MissingParseWarning, match="1 of them bad input"):
        labeled, unlabeled = TedEvalEvaluator(
            parses, [dep(DEP_GOLD)] * 3, on_error="skip", missing="zero"
        ).eval()
    assert (float(labeled), float(unlabeled)) == (pytest.approx(1 - 6 / 20), pytest.approx(0.8))


def test_unknown_options_are_refused():
    with pytest.raises(OptionError, match="head_lable"):
        TedEvalEvaluator([], [], head_lable="hd")
    with pytest.raises(OptionError, match="unknown engine"):
        TedEvalEvaluator([], [], engine="zss")
    with pytest.raises(OptionError, match="on_error"):
        TedEvalEvaluator([dep(DEP_GOLD)], [dep(DEP_GOLD)], on_error="ignore").eval()


def test_apted_engine_gives_the_same_numbers():
    golds = [dep(DEP_GOLD), const_gold()]
    parses = [dep(DEP_PARSE), Tree.fromstring("(S (NP (NNP John)) (VP (VBD saw)) (NP (NNP Mary)))")]
    other = [const_gold(), dep(DEP_GOLD)]
    span = TedEvalEvaluator(parses, golds, other_golds=[other])
    apted = TedEvalEvaluator(parses, golds, other_golds=[other], engine="apted")
    assert span.stats.array.tolist() == apted.stats.array.tolist()


def test_parallel_jobs_give_the_same_numbers():
    golds = [dep(DEP_GOLD)] * 70
    parses = [dep(DEP_PARSE), dep(DEP_GOLD)] * 35
    serial = TedEvalEvaluator(parses, golds, engine="apted")
    parallel = TedEvalEvaluator(parses, golds, engine="apted", jobs=2)
    assert serial.stats.array.tolist() == parallel.stats.array.tolist()


def test_tl_unification_enriches_the_gold():
    # PTB ⊔tl SD: the constituency gold gains the dependency labels over its
    # own spans: (0,3):{root} (0,1):{SBJ,nsubj} (1,3):{} (1,2):{hd} (2,3):{OBJ,dobj},
    # 6 labeled items. A parse with only the PTB labels (2 items) misses
    # root, nsubj, hd and dobj: δ = 4, ι = 2 + 6.
    ev = TedEvalEvaluator([const_gold()], [const_gold()], tl_unify_with=[dep(DEP_GOLD)])
    assert ev.eval()[0] == pytest.approx(1 - 4 / 8)
    assert "tl:yes" in str(ev.signature)
    enriched = MultiFunctionTree(
        {
            (0, 3): {"root"},
            (0, 1): {"SBJ", "nsubj"},
            (1, 3): set(),
            (1, 2): {"hd"},
            (2, 3): {"OBJ", "dobj"},
        },
        ("John", "saw", "Mary"),
    )
    perfect = TedEvalEvaluator([enriched], [const_gold()], tl_unify_with=[dep(DEP_GOLD)])
    assert [float(s) for s in perfect.eval()] == [1.0, 1.0]
    assert perfect.sentence_results()[0].iota_labeled == 12


# -- cross-framework -------------------------------------------------------------------


def cross(**kw) -> CrossFrameworkEvaluator:
    return CrossFrameworkEvaluator(
        [
            Experiment("ptb", [const_gold()], [const_gold()]),
            Experiment("sd", [dep(DEP_PARSE)], [dep(DEP_GOLD)]),
        ],
        **kw,
    )


def test_cross_single_multiple_and_overlap():
    c = cross()
    assert [float(s) for s in c.single("ptb")] == [1.0, 1.0]
    assert [float(s) for s in c.multiple("ptb")] == [1.0, 1.0]
    assert [float(s) for s in c.single("sd")] == [0.75, 1.0]
    assert [float(s) for s in c.multiple("sd")] == [0.75, 1.0]
    # Overlap: labeled items share nothing (δ = 2 + 4 = ι); unlabeled the
    # theories differ by the VP span (1,3): 1 − 1/7.
    lab, unl = c.overlap("ptb", "sd")
    assert float(lab) == 0.0
    assert unl == pytest.approx(6 / 7)


def test_cross_label_map_per_theory():
    mapped = Converter(label_map={"nsubj": "SBJ", "dobj": "OBJ"})
    c = CrossFrameworkEvaluator(
        [
            Experiment("ptb", [const_gold()], [const_gold()]),
            Experiment("sd", [dep(DEP_PARSE)], [dep(DEP_GOLD)], converter=mapped),
        ]
    )
    # Overlap: the SD gold now has SBJ and OBJ: only root and hd differ: δ = 2, ι = 6.
    assert c.overlap("ptb", "sd")[0] == pytest.approx(1 - 2 / 6)


def test_cross_tl_unify_and_report():
    c = cross(tl_unify={"ptb": "sd"})
    report = c.as_dict(significance_rounds=99)
    assert set(report["experiments"]) == {"ptb", "sd"}
    assert set(report["experiments"]["ptb"]) == {"single", "multiple"}
    block = report["experiments"]["sd"]["multiple"]
    assert {"labeled", "unlabeled", "sentences", "skipped", "signature"} <= set(block)
    assert "ptb vs sd" in report["overlap"]
    assert len(report["significance"]) == 4
    # With PTB ⊔tl SD the golds agree on root, nsubj, hd and dobj; the PTB
    # gold has SBJ and OBJ on top: δ = 2, ι = 6 + 4.
    assert c.overlap("ptb", "sd")[0] == pytest.approx(1 - 2 / 10)
    json.dumps(report)


def test_cross_results_do_not_depend_on_experiment_order():
    a = cross().as_dict(significance_rounds=50)
    b = CrossFrameworkEvaluator(
        [
            Experiment("sd", [dep(DEP_PARSE)], [dep(DEP_GOLD)]),
            Experiment("ptb", [const_gold()], [const_gold()]),
        ]
    ).as_dict(significance_rounds=50)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def test_cross_needs_two_distinct_experiments():
    with pytest.raises(OptionError, match="at least two"):
        CrossFrameworkEvaluator([("a", [], [])])
    with pytest.raises(OptionError, match="unique"):
        CrossFrameworkEvaluator([("a", [], []), ("a", [], [])])
    with pytest.raises(OptionError, match="unknown experiment 'x'"):
        CrossFrameworkEvaluator([("a", [], []), ("b", [], [])], tl_unify={"a": "x"})


def test_cross_gold_only_theory_takes_part_in_generalization():
    c = CrossFrameworkEvaluator(
        [
            Experiment("sd", [dep(DEP_PARSE)], [dep(DEP_GOLD)]),
            Experiment("ptb", None, [const_gold()]),
        ]
    )
    assert c.scored_names == ["sd"]
    assert [float(s) for s in c.multiple("sd")] == [0.75, 1.0]
