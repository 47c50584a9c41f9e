"""The shared breakdown machinery (SPEC.md §12.1, §12.2), with values worked out by hand.

Metric-specific keys are tested beside their metrics; here a toy accuracy
key and TedEval's (δ, ι) columns show what every metric's groups get from
scoring/groups.py, scoring/breakdown.py and scoring/bootstrap.py.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

from nltk_tedeval.errors import OptionError
from nltk_tedeval.scoring.bootstrap import bootstrap_intervals, check_level
from nltk_tedeval.scoring.breakdown import Breakdown, breakdown_in, group_significance
from nltk_tedeval.scoring.groups import Bins, GroupCollector, GroupKey, check_by
from nltk_tedeval.scoring.options import RunOptions
from nltk_tedeval.scoring.stats import TEDEVAL, Measure, Signature, StatsTable, accuracy

ACC = Measure("ACC", ("correct", "total"), accuracy, "no word in the group")
ACC2 = Measure("ACC2", ("correct", "total"), accuracy, "no word in the group")
KEY = GroupKey("pos", ("correct", "total"), {"ACC": ACC}, frequency="total")


def collect(sentences, keep_rows=True):
    c = GroupCollector({"pos": KEY}, keep_rows=keep_rows)
    for groups in sentences:
        c.add(None if groups is None else {"pos": groups})
    return c.finish()["pos"]


# Three sentences: NOUN 1/2 and VERB 1/1; NOUN 2/2; nothing (a sentence with no group).
SENTENCES = [{"NOUN": (1, 2), "VERB": (1, 1)}, {"NOUN": (2, 2)}, None]


def test_bins_name_their_ranges_and_the_open_last_one():
    b = Bins((10, 20, 30, 40))
    # 1-10, 11-20, 21-30, 31-40 and the rest (SPEC.md §12.1).
    assert [b.label(n) for n in (1, 10, 11, 40, 41, 300)] == [
        "1-10",
        "1-10",
        "11-20",
        "31-40",
        "41+",
        "41+",
    ]
    assert Bins.parse("1-5,6-10").labels() == ("1-5", "6-10", "11+")
    assert Bins.parse("3").labels() == ("1-3", "4+")
    with pytest.raises(OptionError, match="must rise"):
        Bins((10, 5))
    with pytest.raises(OptionError, match="ranges such as"):
        Bins.parse("ten")


def test_run_options_carry_by_and_bins():
    opts = RunOptions(by="relation, length", bins={"length": "5,10"})
    assert opts.by == ("relation", "length")
    assert opts.bins_for("length").labels() == ("1-5", "6-10", "11+")
    assert opts.bins_for("span").labels() == ("1", "2", "3-5", "6-10", "11-20", "21+")
    assert check_by(["a", "a", " b "]) == ("a", "b")


def test_groups_sum_per_group_and_keep_the_sentences_they_have():
    t = collect(SENTENCES)
    # NOUN: 1 + 2 correct of 2 + 2; VERB: 1 of 1. NOUN is the more frequent (4 words).
    assert t.groups() == ["NOUN", "VERB"]
    assert t.totals("NOUN").tolist() == [3, 4]
    assert t.totals("VERB").tolist() == [1, 1]
    assert t.all_totals().tolist() == [4, 5]
    assert t.sentences("NOUN").tolist() == [0, 1]
    assert t.sentences("VERB").tolist() == [0]
    # The dense table has a row per scored sentence, zeros where the group is absent.
    assert t.dense("VERB").array.tolist() == [[1, 1], [0, 0], [0, 0]]


def test_group_scores_micro_macro_share_and_signature():
    b = Breakdown(collect(SENTENCES), Signature(metric="toy"))
    noun = b["NOUN"]
    # micro 3/4; macro the mean of sentence scores 1/2 and 2/2 = 0.75 as well; share 4/5.
    assert float(noun.scores["ACC"]) == 0.75
    assert noun.frequency == 4 and noun.share == pytest.approx(0.8)
    macro = Breakdown(
        collect([{"NOUN": (0, 1)}, {"NOUN": (3, 3)}]), Signature(metric="toy"), average="macro"
    )
    # micro would be 3/4; macro is (0/1 + 3/3) / 2 = 0.5.
    assert float(macro["NOUN"].scores["ACC"]) == 0.5
    assert str(noun.scores["ACC"].signature) == "metric:toy|by:pos=NOUN|avg:micro|version:0.1.0"


def test_an_empty_group_is_na_with_its_reason():
    # A group seen with a zero denominator (a word with no total) has nothing to compare.
    b = Breakdown(collect([{"X": (0, 0)}, {"NOUN": (1, 1)}]), Signature(metric="toy"))
    x = b["X"].scores["ACC"]
    assert math.isnan(x) and x.reason == "no word in the group"
    assert x.format() == "n/a"


def test_sums_only_runs_refuse_what_needs_rows():
    t = collect(SENTENCES, keep_rows=False)
    assert t.totals("NOUN").tolist() == [3, 4]
    with pytest.raises(OptionError, match="kept the sums only"):
        t.dense("NOUN")
    with pytest.raises(OptionError, match="kept the sums only"):
        Breakdown(t, Signature(metric="toy"), ci=0.95)


def test_bootstrap_worked_example_of_spec_12_2():
    # SPEC.md §12.2: 20 sentences of ι = 10, half with δ = 0, half with δ = 10: each
    # resampled score is the share of draws from the first half, Binomial(20, 0.5) / 20,
    # whose 2.5% and 97.5% quantiles are 6/20 and 14/20.
    t = StatsTable(("delta", "iota"), [(0, 10)] * 10 + [(10, 10)] * 10)
    ((low, high),) = bootstrap_intervals([(t, TEDEVAL)], level=0.95, rounds=2000)
    assert low == pytest.approx(0.30) and high == pytest.approx(0.70)
    # Seeded: the same interval again; another seed draws otherwise but stays near.
    assert bootstrap_intervals([(t, TEDEVAL)], level=0.95, rounds=2000) == [(low, high)]


def test_bootstrap_of_a_constant_corpus_is_the_point_and_of_nothing_na():
    t = StatsTable(("correct", "total"), [(3, 4)] * 5)
    assert bootstrap_intervals([(t, ACC)], level=0.9, rounds=200) == [(0.75, 0.75)]
    empty = StatsTable(("correct", "total"), [(0, 0)] * 5)
    ((low, high),) = bootstrap_intervals([(empty, ACC)], level=0.9, rounds=200)
    assert math.isnan(low) and math.isnan(high)


def test_bootstrap_macro_resamples_sentence_scores():
    # Sentence scores 0 and 1, one sentence each plus one without a score (0/0), which
    # the macro average leaves out: each round's macro is the share of 1s among the
    # defined draws, so the interval spans [0, 1] over enough rounds.
    t = StatsTable(("correct", "total"), [(0, 1), (1, 1), (0, 0)])
    ((low, high),) = bootstrap_intervals([(t, ACC)], level=0.95, rounds=500, average="macro")
    assert (low, high) == (0.0, 1.0)


def test_confidence_levels_are_checked():
    assert check_level(0.9) == 0.9 and check_level(95) == 0.95
    for bad in (0, 1, 2, 49, 0.49, 100, "x", -0.5, float("nan")):
        with pytest.raises(OptionError):
            check_level(bad)


def test_group_significance_same_systems_and_a_group_only_one_has():
    a = collect([{"NOUN": (2, 2)}] * 10 + [{"VERB": (1, 1)}] * 10)
    b = collect([{"NOUN": (0, 2)}] * 10 + [{"VERB": (1, 1)}] * 10)
    res = group_significance(a, b, "ACC", rounds=999)
    # VERB: equal rows in every sentence, every swap keeps the difference 0: p = 1.
    assert res["VERB"].p_value == 1.0
    # NOUN: 1.0 against 0.0 in ten sentences; a round reaches |1.0| only when all ten
    # swaps go one way (2 / 2^10 of rounds): p close to (1 + ~2) / 1000.
    assert res["NOUN"].difference == 1.0 and res["NOUN"].p_value < 0.01
    with pytest.raises(OptionError, match="no measure"):
        group_significance(a, b, "F1")


def test_collector_refuses_a_row_of_the_wrong_width():
    c = GroupCollector({"pos": KEY}, keep_rows=True)
    with pytest.raises(ValueError, match="columns are"):
        c.add({"pos": {"NOUN": (1, 2, 3)}})


def test_interval_prints_and_goes_to_json():
    from nltk_tedeval.scoring.stats import Score

    s = Score(0.5, name="ACC", signature=Signature(metric="toy"), sentences=3)
    with_ci = s.with_interval(0.25, 0.75, 0.95)
    assert with_ci.as_dict()["ci"] == {"level": 0.95, "low": 0.25, "high": 0.75}
    assert "ci" not in s.as_dict()  # a score without an interval prints as before
    assert "[0.2500, 0.7500] 95% CI" in str(with_ci)
    assert float(with_ci) == 0.5 and np.isclose(with_ci.interval[2], 0.95)


@pytest.mark.parametrize("keep_rows", [True, False])
def test_a_groups_sentences_and_undefined_scores_whether_rows_are_kept_or_not(keep_rows):
    # SENTENCES by hand: NOUN is in sentences 1 and 2 (1/2, 2/2), VERB in sentence 1 (1/1);
    # a sentence with NOUN 0/0 adds one whose ACC is undefined; ADJ is in none.
    table = collect([*SENTENCES, {"NOUN": (0, 0)}], keep_rows=keep_rows)
    assert [(g, table.group_sentences(g)) for g in ("NOUN", "VERB", "ADJ")] == [
        ("NOUN", 3),
        ("VERB", 1),
        ("ADJ", 0),
    ]
    assert [table.group_undefined(g, ACC) for g in ("NOUN", "VERB", "ADJ")] == [1, 0, 0]
    with pytest.raises(OptionError, match="TEDEVAL is no measure of the breakdown by pos"):
        table.group_undefined("NOUN", TEDEVAL)


# -- issue 45: mutants of the bootstrap and the folds that survived ----------------------


def test_a_macro_bootstrap_leaves_out_sentences_without_a_score_of_their_own():
    # Ten sentences 1/1 and ten 0/0: the macro average of every resampled corpus is the
    # mean of its defined sentences, all 1.0 (a draw of only 0/0 sentences, 1 in 2**20,
    # has no score). Counting a 0/0 sentence as 0 would give about (0.3, 0.7).
    t = StatsTable(("correct", "total"), [(1, 1)] * 10 + [(0, 0)] * 10)
    assert bootstrap_intervals([(t, ACC)], level=0.95, rounds=1000, average="macro") == [(1.0, 1.0)]


def test_the_interval_is_the_linear_quantile_of_the_resampled_scores():
    # SPEC.md §12.2: round r draws row indices numpy.random.default_rng(seed).integers(0,
    # n, size=(rounds, n))[r]; the interval is the (1 - L)/2 and (1 + L)/2 quantiles of the
    # round scores with linear interpolation (h = (R - 1) q, between the sorted scores
    # floor(h) and floor(h) + 1). Here five sentences, ten rounds, L = 0.5.
    rows = [(0, 1), (1, 2), (3, 4), (2, 5), (7, 7)]
    t = StatsTable(("correct", "total"), rows)
    draws = np.random.default_rng(12345).integers(0, 5, size=(10, 5))
    scores = sorted(sum(rows[i][0] for i in d) / sum(rows[i][1] for i in d) for d in draws.tolist())

    def linear(q: float) -> float:
        h = (len(scores) - 1) * q
        k = int(h)
        return scores[k] + (h - k) * (scores[k + 1] - scores[k])

    expected = (linear(0.25), linear(0.75))
    ((low, high),) = bootstrap_intervals([(t, ACC)], level=0.5, rounds=10, seed=12345)
    assert (low, high) == (pytest.approx(expected[0]), pytest.approx(expected[1]))
    # The nearest sorted scores would be another interval: the test tells the two apart.
    assert (scores[2], scores[7]) != (pytest.approx(low), pytest.approx(high))


@pytest.mark.parametrize("keep_rows", [False, True])
def test_group_sums_past_a_fold_count_every_row_once(keep_rows):
    # A collector that keeps sums only folds its rows into the sums every FOLD_ROWS rows
    # and drops them (SPEC.md §12.1): 2.5 folds' worth of sentences, each NOUN 1/2 and,
    # every third one, VERB 1/1, must sum to exactly those counts.
    n = GroupCollector.FOLD_ROWS * 5 // 2
    table = collect(
        [{"NOUN": (1, 2), "VERB": (1, 1)} if k % 3 == 0 else {"NOUN": (1, 2)} for k in range(n)],
        keep_rows=keep_rows,
    )
    verbs = len(range(0, n, 3))
    assert table.totals("NOUN").tolist() == [n, 2 * n]
    assert table.totals("VERB").tolist() == [verbs, verbs]
    assert table.group_sentences("NOUN") == n and table.group_sentences("VERB") == verbs


@pytest.mark.parametrize("keep_rows", [False, True])
def test_a_group_first_seen_after_a_fold_and_its_undefined_rows_are_counted(keep_rows):
    # Issue 45's classes: every fold of group sums past its flush size. 2.5 folds' worth
    # of sentences k = 0..20479: NOUN 1/2 in each; ADJ first at k = 9,000, past the first
    # fold (after 8,192 rows), then every 5th sentence: 0/0 (no score of its own) where k
    # ends in 0, 1/1 where it ends in 5; and a second key, rare, 1/3 every 1,000th
    # sentence, that never reaches a fold of its own. By hand: ADJ has (20475 - 9000) / 5
    # + 1 = 2,296 sentences, half 0/0 (1,148) and half 1/1; rare has 21 (0 to 20,000).
    n = GroupCollector.FOLD_ROWS * 5 // 2
    keys = {
        "pos": KEY,
        "rare": GroupKey("rare", ("correct", "total"), {"ACC": ACC}, frequency="total"),
    }
    c = GroupCollector(keys, keep_rows=keep_rows)
    for k in range(n):
        pos = {"NOUN": (1, 2)}
        if k >= 9000 and k % 5 == 0:
            pos["ADJ"] = (0, 0) if k % 10 == 0 else (1, 1)
        c.add({"pos": pos, "rare": {"R": (1, 3)}} if k % 1000 == 0 else {"pos": pos})
    tables = c.finish()
    pos, rare = tables["pos"], tables["rare"]
    assert n == 20480 and pos.n_sentences == rare.n_sentences == n
    assert pos.totals("NOUN").tolist() == [n, 2 * n]
    assert pos.totals("ADJ").tolist() == [1148, 1148]
    assert (pos.group_sentences("NOUN"), pos.group_sentences("ADJ")) == (n, 2296)
    assert (pos.group_undefined("NOUN", ACC), pos.group_undefined("ADJ", ACC)) == (0, 1148)
    assert rare.totals("R").tolist() == [21, 63] and rare.group_sentences("R") == 21
    assert pos.groups() == ["NOUN", "ADJ"]  # 40,960 words before 1,148
    if keep_rows:
        # Each group's sentences in order (a stable sort of the rows by group).
        assert pos.sentences("NOUN").tolist() == list(range(n))
        adj = pos.sentences("ADJ")
        assert (len(adj), adj[0], adj[-1]) == (2296, 9000, 20475)
        assert pos.dense("ADJ").array[9005].tolist() == [1, 1]


# -- issue 45: the fifth mutation run (docs/mutation.md) ---------------------------------


def test_a_macro_bootstrap_round_of_one_defined_sentence_has_that_score_and_warns_nothing():
    # Two sentences: 1/1 (score 1.0) and 0/0 (no score). A round draws two of them: both
    # the first (1 in 4: mean 1.0 over 2 defined), one of each (1 in 2: 1.0 over 1
    # defined) or the second twice (1 in 4: nothing defined, no score). So about 3 rounds
    # in 4 have a score, every one 1.0: the interval is (1.0, 1.0). Dropping the rounds of
    # one defined sentence would leave 1 in 4 defined, and N/A; dividing 0 by 0 instead of
    # skipping it would warn (numpy's "invalid value") where the run prints nothing.
    t = StatsTable(("correct", "total"), [(1, 1), (0, 0)])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = bootstrap_intervals([(t, ACC)], level=0.9, rounds=200, average="macro")
    assert got == [(1.0, 1.0)]


def test_a_group_never_seen_has_no_sentence_and_an_empty_table():
    t = collect(SENTENCES)
    idx = t.sentences("ADJ")
    assert idx.tolist() == [] and idx.dtype.kind == "i"  # indices: usable as an index
    assert np.arange(3)[idx].tolist() == []
    assert len(t.table("ADJ")) == 0
    assert t.table("ADJ").columns == ("correct", "total")


def test_what_a_sums_only_run_cannot_give_is_named_in_its_refusal():
    t = collect(SENTENCES, keep_rows=False)
    tail = " of a group needs every sentence's rows: this run kept the sums only " \
        "(statistics='sums' or 'macro')"  # fmt: skip
    for call, what in ((t.sentences, "the sentences"), (t.table, "a macro average"),
                       (t.dense, "a test or an interval")):  # fmt: skip
        with pytest.raises(OptionError) as err:
            call("NOUN")
        assert str(err.value) == what + tail


def test_a_breakdowns_interval_resamples_with_its_rounds_seed_and_average():
    # SPEC.md §12.2 by hand, as test_the_interval_is_the_linear_quantile_of_the_resampled_
    # scores: five sentences of NOUN, ten rounds drawn from seed 7, L = 0.5, and the macro
    # average: each round's score is the mean of its drawn sentences' own scores.
    rows = [(0, 1), (1, 2), (3, 4), (2, 5), (7, 7)]
    table = collect([{"NOUN": r} for r in rows])
    draws = np.random.default_rng(7).integers(0, 5, size=(10, 5))
    scores = sorted(sum(rows[i][0] / rows[i][1] for i in d) / 5 for d in draws.tolist())
    h = 9 * 0.25, 9 * 0.75
    low, high = (scores[int(x)] + (x - int(x)) * (scores[int(x) + 1] - scores[int(x)]) for x in h)
    b = Breakdown(table, Signature(metric="toy"), average="macro", ci=0.5, rounds=10, seed=7)
    score = b["NOUN"].scores["ACC"]
    assert score.interval == (pytest.approx(low), pytest.approx(high), 0.5)


def test_group_tests_run_the_rounds_and_seed_asked_and_name_what_they_lack():
    from nltk_tedeval.scoring.breakdown import paired_groups

    a = collect([{"NOUN": (2, 2)}] * 10)
    b = collect([{"NOUN": (0, 2)}] * 10)
    for res in (group_significance(a, b, "ACC", rounds=9, seed=3),
                paired_groups({"pos": a}, {"pos": b}, "pos", "ACC", rounds=9, seed=3)):  # fmt: skip
        # p = (1 + rounds at least as far apart) / (9 + 1): a tenth, at least.
        assert (res["NOUN"].rounds, res["NOUN"].seed) == (9, 3)
        assert res["NOUN"].p_value * 10 == pytest.approx(round(res["NOUN"].p_value * 10))
    with pytest.raises(OptionError) as err:
        paired_groups({"pos": a}, {}, "pos", "ACC")
    assert str(err.value) == "both systems need the breakdown by 'pos' (by='pos')"
    with pytest.raises(OptionError) as err:
        group_significance(a, collect([{"NOUN": (1, 1)}]), "ACC")
    assert str(err.value) == "a paired test needs the same sentences: 10 and 1"


def test_bins_parsed_from_text_keep_their_first_value_and_name_what_is_wrong():
    assert Bins.parse("2,4", first=0).labels() == ("0-2", "3-4", "5+")
    with pytest.raises(OptionError) as err:
        Bins.parse("1-5,x")
    assert str(err.value) == (
        "bins are upper bounds such as 10,20,30,40 (the last bin is the rest) or "
        "ranges such as 1-10,11-20, not '1-5,x'"
    )
    with pytest.raises(OptionError) as err:
        Bins.parse(" , ")
    assert str(err.value) == "bins need at least one upper bound, not ' , '"


def test_an_interval_needs_half_of_the_rounds_defined_and_no_more():
    # Sentence 1 is 1/1, sentence 2 has nothing to compare (0/0): a round has a score
    # (1.0) when it draws sentence 1. Seed 10's draws (SPEC.md §12.2), rows from 0:
    # [1, 1], [0, 0], [1, 1], [1, 0], then [1, 1]. Four rounds: two of four defined, half:
    # the interval is (1.0, 1.0). Five rounds: two of five, fewer than half: N/A.
    draws = np.random.default_rng(10).integers(0, 2, size=(5, 2)).tolist()
    assert draws == [[1, 1], [0, 0], [1, 1], [1, 0], [1, 1]]
    t = StatsTable(("correct", "total"), [(1, 1), (0, 0)])
    assert bootstrap_intervals([(t, ACC)], level=0.9, rounds=4, seed=10) == [(1.0, 1.0)]
    ((low, high),) = bootstrap_intervals([(t, ACC)], level=0.9, rounds=5, seed=10)
    assert math.isnan(low) and math.isnan(high)


def test_one_sentence_one_round_and_no_sentence_have_their_intervals():
    # One sentence: every round draws it, so its score is the interval; one round is a
    # round; no sentence at all is N/A.
    one = StatsTable(("correct", "total"), [(1, 2)])
    assert bootstrap_intervals([(one, ACC)], level=0.9, rounds=1) == [(0.5, 0.5)]
    ((low, high),) = bootstrap_intervals([(StatsTable(("correct", "total"), []), ACC)], level=0.9)
    assert math.isnan(low) and math.isnan(high)


def test_rounds_past_one_block_of_draws_are_all_drawn():
    # 4,001 sentences: 4,000,000 counts a block, so 999 rounds, then the last 1. Every
    # sentence is 1/2: every round, and the interval, is 0.5.
    t = StatsTable(("correct", "total"), [(1, 2)] * 4001)
    assert bootstrap_intervals([(t, ACC)], level=0.9, rounds=1000) == [(0.5, 0.5)]


def test_bootstrap_options_are_refused_as_they_are_worded():
    t = StatsTable(("correct", "total"), [(1, 2)])

    def refused(**options) -> str:
        with pytest.raises(OptionError) as err:
            bootstrap_intervals([(t, ACC)], **{"level": 0.9, **options})
        return str(err.value)

    assert refused(average="mean") == "average must be 'micro' or 'macro', not 'mean'"
    for rounds in (0, True):
        assert refused(rounds=rounds) == (
            f"rounds must be an integer of at least 1, not {rounds!r}"
        )
    for seed in (-1, True):
        assert refused(seed=seed) == f"the seed must be a non-negative integer, not {seed!r}"
    with pytest.raises(ValueError) as err:
        bootstrap_intervals([(t, ACC), (StatsTable(("correct", "total"), []), ACC)], level=0.9)
    assert str(err.value) == "bootstrap tables must have one row per sentence of the same run"


def test_bins_take_integer_text_and_refuse_falling_bounds_and_levels_as_worded():
    assert Bins(("10", 20)).labels() == ("1-10", "11-20", "21+")
    with pytest.raises(OptionError) as err:
        Bins((20, 10))
    assert str(err.value) == (
        "bins must rise from 1: upper bounds such as 10,20,30,40 (1-10, 11-20, ...), not 20,10"
    )
    with pytest.raises(OptionError) as err:
        check_level(2)
    assert str(err.value) == (
        "a confidence level is a fraction from 0.5 to below 1 (0.95) or a percentage from 50 "
        "to below 100 (95), not 2"
    )


# -- issue 45: the seventh mutation run (docs/mutation.md) ---------------------------------


def test_a_breakdown_names_its_key_and_refuses_as_worded():
    b = Breakdown(collect(SENTENCES), Signature(metric="toy"))
    assert b["NOUN"].key == "pos"  # each group says the key it is a group of
    with pytest.raises(OptionError) as err:
        Breakdown(collect(SENTENCES), Signature(metric="toy"), average="x")
    assert str(err.value) == "average must be 'micro' or 'macro', not 'x'"
    tables = {"pos": collect(SENTENCES)}
    for by, asked in ((("pos",), "pos"), ((), "none"), (("pos", "pos2"), "pos, pos2")):
        with pytest.raises(OptionError) as err:
            breakdown_in(tables, by, "upos", Signature(metric="toy"))
        assert str(err.value) == (
            f"no breakdown by 'upos' in this run (by= asked for {asked}): "
            "make the evaluator with by='upos'"
        )


def test_an_undefined_count_of_a_measure_the_key_lacks_names_the_keys_measures():
    two = GroupKey("pos", ("correct", "total"), {"ACC": ACC, "ACC2": ACC2}, frequency="total")
    c = GroupCollector({"pos": two}, keep_rows=False)
    c.add({"pos": {"NOUN": (1, 2)}})
    other = Measure("OTHER", ("correct", "total"), accuracy, "none")
    with pytest.raises(OptionError) as err:
        c.finish()["pos"].group_undefined("NOUN", other)
    assert str(err.value) == "OTHER is no measure of the breakdown by pos (it has ACC, ACC2)"


def test_a_group_never_seen_totals_integer_zeros():
    # "zeros for a group never seen": one per column, integers as a seen group's are.
    t = collect(SENTENCES)
    never = t.totals("ADJ")
    assert never.tolist() == [0, 0] and never.dtype.kind == "i"
    assert t.totals("ADJ", ["total"]).tolist() == [0]
    # And a table of no group at all sums to the same.
    empty = collect([None]).all_totals()
    assert empty.tolist() == [0, 0] and empty.dtype.kind == "i"


def test_a_group_absent_from_a_later_fold_keeps_its_sums():
    # X only in sentence 0, NOUN in all 2 x FOLD_ROWS + 1: the second fold (and the last,
    # at the end) holds no row of X, the group of the highest id; its sums and sentences
    # stay those of the first, (1, 1) and 1.
    n = 2 * GroupCollector.FOLD_ROWS + 1
    table = collect(
        [{"NOUN": (1, 2), "X": (1, 1)} if k == 0 else {"NOUN": (1, 2)} for k in range(n)],
        keep_rows=False,
    )
    assert table.totals("X").tolist() == [1, 1] and table.group_sentences("X") == 1
    assert table.totals("NOUN").tolist() == [n, 2 * n] and table.group_sentences("NOUN") == n


def test_a_collector_skips_the_groups_of_a_key_it_does_not_collect():
    # Groups of a key the collector was not made with are skipped, and the keys after
    # them still counted.
    c = GroupCollector({"pos": KEY}, keep_rows=True)
    c.add({"other": {"X": (1, 1)}, "pos": {"NOUN": (1, 2)}})
    tables = c.finish()
    assert list(tables) == ["pos"]
    assert tables["pos"].totals("NOUN").tolist() == [1, 2]
