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
    keys = {"labeled": "brackets with labels", "map": "a label map", "cutoff": "a length"}
    sig = Signature(metric="x", labeled=True, map=None, keys=keys)
    assert str(sig).startswith("metric:x|labeled:yes|map:none|version:")
    # A copy keeps the metric's keys.
    assert sig.replace(labeled=False).fields["labeled"] == "no"
    assert Signature(cutoff=1, keys=keys) == Signature(cutoff=1, keys=keys)
    assert hash(Signature(cutoff=1, keys=keys)) == hash(Signature(cutoff=1, keys=keys))


def test_signature_keys_are_shared_or_the_metrics_own():
    with pytest.raises(ValueError, match="projectivize are neither in SIGNATURE_KEYS"):
        Signature(metric="mph", projectivize=True, keys={"proj": "lifted or not"})
    with pytest.raises(ValueError, match="flag are neither in SIGNATURE_KEYS"):
        Signature(metric="x").replace(flag=True)
    # Where a metric's keys merge with the shared ones, one key means one thing.
    with pytest.raises(ValueError, match="missing of the metric mean something else"):
        Signature(metric="x", keys={"missing": "absent words"})
    # Each evaluator signs with its own keys.
    from nltk_tedeval import AttachmentEvaluator, MPHEvaluator

    assert set(AttachmentEvaluator.signature_keys) == {"exclude", "punct", "subtypes"}
    assert set(MPHEvaluator.signature_keys) == {"heads", "punct", "proj"}


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


# -- a measure with nothing to compare is not tested (SPEC.md §6, §9) --------------------


def test_an_na_score_on_one_side_gives_no_p_value_and_names_the_side() -> None:
    # A: δ = 1 of ι = 10 on each of 3 sentences, 0.9; B: ι = 0 everywhere, N/A.
    a = table([(1, 10)] * 3)
    b = table([(0, 0)] * 3)
    result = paired_randomization(a, b, TEDEVAL, rounds=99, seed=3)
    assert result.score_a == pytest.approx(0.9) and math.isnan(result.score_b)
    assert math.isnan(result.p_value) and math.isnan(result.difference)
    assert (result.rounds, result.seed, result.sentences, result.tested) == (0, 3, 3, False)
    assert result.reason == "not tested: score B is N/A (no item on either side (ι = 0))"
    swapped = paired_randomization(b, a, TEDEVAL, rounds=99)
    assert swapped.reason == "not tested: score A is N/A (no item on either side (ι = 0))"
    data = result.as_dict()
    assert data["reason"] == result.reason and data["rounds"] == 0
    assert math.isnan(data["p_value"])


def test_a_tested_result_keeps_its_shape_without_a_reason() -> None:
    a = table([(1, 10)] * 3)
    result = paired_randomization(a, a, TEDEVAL, rounds=99)
    assert result.tested and result.reason is None
    assert sorted(result.as_dict()) == [
        "difference", "measure", "p_value", "rounds", "score_a", "score_b", "seed", "sentences",
    ]  # fmt: skip


# The worked example of SPEC.md §6: nltk's three-column dependency files.
GOLD_TAB = "I\tPRP\t2\nleft\tVBD\t0\n\nshe\tPRP\t2\nsang\tVBD\t0\nloudly\tRB\t2\n"
B_TAB = "I\tPRP\t2\nleft\tVBD\t0\n\nshe\tPRP\t0\nsang\tVBD\t1\nloudly\tRB\t2\n"
# Labeled on the same words: items root, nsubj, hd (and advmod) against the gold's hd
# alone: δ = 2 of ι = 4, then δ = 3 of ι = 5, so 1 − 5/9.
LABELED_TAB = (
    "I\tPRP\t2\tnsubj\nleft\tVBD\t0\troot\n\n"
    "she\tPRP\t2\tnsubj\nsang\tVBD\t0\troot\nloudly\tRB\t2\tadvmod\n"
)
LABELED_NA = "no labeled item on either side (Σι = 0): no function label to compare"


def test_evaluator_significance_on_relation_less_trees() -> None:
    """SPEC.md §6's worked example through the Python API: labeled is not tested,
    unlabeled is (1.0 against 1 − 1/11; only sentence 2 differs, so p = 1)."""
    from nltk.parse import DependencyGraph

    from nltk_tedeval import TedEvalEvaluator

    def graphs(text: str) -> list[DependencyGraph]:
        return [DependencyGraph(block) for block in text.split("\n\n")]

    gold = graphs(GOLD_TAB)
    a, b = TedEvalEvaluator.evaluate_systems(gold, [gold, graphs(B_TAB)])
    labeled = a.significance(b, "labeled", rounds=999)
    assert math.isnan(labeled.score_a) and math.isnan(labeled.score_b)
    assert math.isnan(labeled.p_value) and not labeled.tested
    assert labeled.reason == f"not tested: scores A and B are N/A ({LABELED_NA})"
    unlabeled = a.significance(b, "unlabeled", rounds=999)
    assert (unlabeled.score_a, unlabeled.score_b) == (1.0, pytest.approx(1 - 1 / 11))
    assert unlabeled.p_value == 1.0 and unlabeled.rounds == 999 and unlabeled.tested


@pytest.fixture
def tab_files(tmp_path):
    files = {}
    for name, text in (("gold", GOLD_TAB), ("a", GOLD_TAB), ("b", B_TAB), ("lab", LABELED_TAB)):
        files[name] = tmp_path / f"{name}.tab"
        files[name].write_text(text, encoding="utf-8")
    return files


def cli(capsys, *argv: object) -> tuple[int, str, str]:
    from nltk_tedeval.cli import main

    status = main([str(x) for x in argv])
    out, err = capsys.readouterr()
    return status, out, err


def schema_checked(out: str) -> dict:
    import json
    from pathlib import Path

    import jsonschema

    schema = Path(__file__).resolve().parent.parent / "docs" / "report.schema.json"
    data = json.loads(out)
    jsonschema.validate(data, json.loads(schema.read_text(encoding="utf-8")))
    return data


def test_score_tests_the_defined_measure_and_reports_the_other_na(tab_files, capsys) -> None:
    f = tab_files
    status, out, err = cli(capsys, "score", f["gold"], f["a"], f["b"], "--significance", "1000")
    assert (status, err) == (0, "")
    assert (
        "paired approximate randomization, 1000 rounds, seed 12345\n"
        "A  B  measure            score A  score B  p-value\n"
        "-  -  -----------------  -------  -------  -------\n"
        "a  b  TEDEVAL labeled    n/a      n/a      n/a\n"
        "a  b  TEDEVAL unlabeled  1.0000   0.9091   1.0000\n"
        "n/a: TEDEVAL labeled p-value of a vs b: not tested: scores A and B are N/A "
        f"({LABELED_NA})\n"
    ) in out
    status, out, _ = cli(
        capsys, "score", f["gold"], f["a"], f["b"], "--significance", "1000", "--json"
    )
    labeled, unlabeled = schema_checked(out)["significance"]
    assert labeled == {
        "a": "a", "b": "b", "measure": "TEDEVAL labeled", "score_a": None, "score_b": None,
        "difference": None, "p_value": None, "rounds": 0, "seed": 12345, "sentences": 2,
        "reason": f"not tested: scores A and B are N/A ({LABELED_NA})",
    }  # fmt: skip
    assert "reason" not in unlabeled
    assert (unlabeled["p_value"], unlabeled["rounds"]) == (1.0, 1000)


def test_one_side_na_gives_the_other_score(tab_files, capsys) -> None:
    f = tab_files
    status, out, _ = cli(
        capsys, "score", f["gold"], f["lab"], f["b"], "--significance", "1000", "--json"
    )
    assert status == 0
    labeled = schema_checked(out)["significance"][0]
    assert labeled["score_a"] == pytest.approx(1 - 5 / 9) and labeled["score_b"] is None
    assert labeled["reason"] == f"not tested: score B is N/A ({LABELED_NA})"


def test_cross_tests_unlabeled_in_both_scenarios(tab_files, capsys) -> None:
    f = tab_files
    argv = ["cross", "-e", f"x={f['gold']},{f['a']}", "-e", f"y={f['gold']},{f['b']}"]
    status, out, err = cli(capsys, *argv, "--significance", "1000")
    assert (status, err) == (0, "")
    # The text names each scenario's test apart: SINGLE and MULTIPLE share a measure.
    assert (
        "A  B  measure             score A  score B  p-value\n"
        "-  -  ------------------  -------  -------  -------\n"
        "x  y  single labeled      n/a      n/a      n/a\n"
        "x  y  single unlabeled    1.0000   0.9091   1.0000\n"
        "x  y  multiple labeled    n/a      n/a      n/a\n"
        "x  y  multiple unlabeled  1.0000   0.9091   1.0000\n"
        "n/a: single labeled p-value of x vs y: not tested: scores A and B are N/A "
        f"({LABELED_NA})\n"
        "n/a: multiple labeled p-value of x vs y: not tested: scores A and B are N/A "
        f"({LABELED_NA})\n"
    ) in out
    status, out, _ = cli(capsys, *argv, "--significance", "1000", "--json")
    rows = schema_checked(out)["significance"]
    assert [(r["scenario"], r["measure"], r["p_value"], r["rounds"]) for r in rows] == [
        ("single", "TEDEVAL labeled", None, 0),
        ("single", "TEDEVAL unlabeled", 1.0, 1000),
        ("multiple", "TEDEVAL labeled", None, 0),
        ("multiple", "TEDEVAL unlabeled", 1.0, 1000),
    ]


@pytest.mark.parametrize(
    ("command", "text", "options", "measures", "reason"),
    [
        # TOP is deleted (COLLINS.prm), so a one-word sentence has no bracket left.
        ("parseval", "(TOP (NN a))\n(TOP (NN b))\n", [], ["F1"], "no bracket on either side"),
        # One word: no maximal projection below the sentence.
        ("mph", "(S (NN a))\n(S (NN b))\n", [], ["F1"], "no bracket on either side"),
        # Every token is punctuation, and excluded.
        # LAS's denominator is the tokens with a relation to compare (SPEC.md §7).
        ("attach", ",\tPUNCT\t2\tpunct\n.\tPUNCT\t0\troot\n", ["--punct", "exclude"],
         ["LAS", "UAS", "NED"], {"LAS": "no relation to compare: no scored token carries "
                                 "one, in the gold or the parse"}),
    ],
)  # fmt: skip
def test_classic_commands_report_an_untested_measure(
    command, text, options, measures, reason, tmp_path, capsys
) -> None:
    gold = tmp_path / "gold.txt"
    gold.write_text(text, encoding="utf-8")
    argv = [command, gold, f"a={gold}", f"b={gold}", *options, "--significance", "50"]
    status, out, err = cli(capsys, *argv)
    assert status == 0 and "error" not in err
    for measure in measures:
        why = reason.get(measure, "no token scored") if isinstance(reason, dict) else reason
        assert (
            f"n/a: {measure} p-value of a vs b: not tested: scores A and B are N/A ({why})\n"
        ) in out
    status, out, _ = cli(capsys, *argv, "--json")
    rows = schema_checked(out)["significance"]
    assert [(r["measure"], r["p_value"], r["rounds"]) for r in rows] == [
        (m, None, 0) for m in measures
    ]
