"""Leaf-Ancestor (Sampson and Babarczy 2003) as disco-dop's ``eval --la`` computes it.

The small examples are worked out by hand in the comments (disco-dop's ``--debug``
prints the same lineages and scores for them); the fixtures are disco-dop's own
output (tests/fixtures_disco/SOURCE.md, issue 44), an independent implementation.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from nltk_tedeval import DiscTree, OptionError
from nltk_tedeval.cli import main
from nltk_tedeval.errors import MissingParseWarning
from nltk_tedeval.metrics.disco_parseval import DiscoParams, DiscoParsevalEvaluator
from nltk_tedeval.metrics.leaf_ancestor import (
    LEAF_ANCESTOR,
    SCALE,
    lineage_alignment,
    lineage_distance,
    lineages,
    sentence_counts,
    view_lineages,
    word_lineages,
)
from nltk_tedeval.metrics.parseval import ParsevalEvaluator
from nltk_tedeval.scoring import register_measure

from .discodop_la_ted import CASES, DEPARTS, FIX, discodop, expected_summary, trees

LA = "LA,LA_WORDS,LA_EXACT"
# What disco-dop's eval --la --ted prints (the fixtures): its function-tag line too (FUNC,
# where the files have tags), not DEP, which is --headrules'.
LA_TED = "LA,LA_WORDS,LA_EXACT,TED,FUNC"

# Two words, ROOT deleted (proper.prm). Gold (S (NP He) (VP left)), parse (VP He left).
#   Lineages, from the word up, with disco-dop's markers: "(" right below the highest
#   phrase a word opens, ")" right above the highest phrase it closes.
#   He:   gold NP ) ( S  (NP opens and closes at He; S opens there)   parse ( VP
#   left: gold ( VP S )  (VP opens and closes there; S closes)        parse VP )
#   He:   delete NP and ), keep (, S -> VP: d = 3 of 4 + 2 labels: 1 - 3/6 = 1/2
#   left: delete ( and S: d = 2 of 4 + 2: 1 - 2/6 = 2/3
#   LA = LA_WORDS = (1/2 + 2/3) / 2 = 7/12; no lineage is exact.
TWO_GOLD = "(ROOT (S (NP (PRP 0=He)) (VP (VBD 1=left))))"
TWO_PARSE = "(ROOT (VP (PRP 0=He) (VBD 1=left)))"
# Five words "a b c d e", a phrase with a gap: gold VP over {a, c}, parse VP over {b, c}.
#   Gold: a  VP ] ( S   (VP's first part closes at a: "]"; S opens: "(")
#         b  S
#         c  [ VP ) S   (VP's second part opens: "["; VP closes: ")")
#         d  ( NP S     e  NP S )
#   Parse: a ( S;  b ( VP S;  c VP ) S;  d ( NP S;  e NP S )
#   a: delete VP and ]: 1 - 2/6 = 2/3;  b: insert ( and VP: 1 - 2/4 = 1/2
#   c: delete [: 1 - 1/7 = 6/7;  d, e: equal, 1 each.
#   Sentence: (2/3 + 1/2 + 6/7 + 2) / 5 = (85/42 + 2) / 5 = 169/210; 2 of 5 exact.
FIVE_GOLD = "(ROOT (S (VP (V 0=a) (N 2=c)) (X 1=b) (NP (D 3=d) (N 4=e))))"
FIVE_PARSE = "(ROOT (S (V 0=a) (VP (X 1=b) (N 2=c)) (NP (D 3=d) (N 4=e))))"


def disc(*texts: str) -> list[DiscTree]:
    return [DiscTree.from_discbracket(t) for t in texts]


def billionths(x: Fraction) -> int:
    """A fraction in billionths, rounded half up (as the statistics keep it)."""
    return int((2 * SCALE * x.numerator + x.denominator) // (2 * x.denominator))


def test_two_words_by_hand():
    ev = DiscoParsevalEvaluator(disc(TWO_PARSE), disc(TWO_GOLD), extra_measures=LA)
    (row,) = ev.stats.array.tolist()
    get = dict(zip(ev.columns, row, strict=True))
    assert (get["la_words"], get["la_exact"], get["la_sentences"]) == (2, 0, 1)
    assert get["la_score"] == billionths(Fraction(7, 12)) == 583_333_333
    assert get["la_word_score"] == 500_000_000 + 666_666_667
    assert float(ev.score("LA")) == pytest.approx(7 / 12, abs=1e-9)
    assert float(ev.score("LA_WORDS")) == pytest.approx(7 / 12, abs=1e-9)
    assert float(ev.score("LA_EXACT")) == 0.0
    view = ev.sentence_view(disc(TWO_PARSE)[0], disc(TWO_GOLD)[0])
    gold, parse = view_lineages(view)
    assert [" ".join(x) for x in gold] == ["NP ) ( S", "( VP S )"]
    assert [" ".join(x) for x in parse] == ["( VP", "VP )"]
    assert [lineage_distance(g, p) for g, p in zip(gold, parse, strict=True)] == [3, 2]


def test_five_words_with_a_gap_by_hand():
    ev = DiscoParsevalEvaluator(disc(FIVE_PARSE), disc(FIVE_GOLD), extra_measures=LA)
    view = ev.sentence_view(disc(FIVE_PARSE)[0], disc(FIVE_GOLD)[0])
    gold, parse = view_lineages(view)
    assert [" ".join(x) for x in gold] == ["VP ] ( S", "S", "[ VP ) S", "( NP S", "NP S )"]
    assert [" ".join(x) for x in parse] == ["( S", "( VP S", "VP ) S", "( NP S", "NP S )"]
    (row,) = ev.stats.array.tolist()
    get = dict(zip(ev.columns, row, strict=True))
    assert get["la_score"] == billionths(Fraction(169, 210))
    assert (get["la_words"], get["la_exact"]) == (5, 2)
    assert float(ev.score("LA_EXACT")) == 0.4


def test_the_corpus_figure_is_the_mean_of_sentences_and_words_weigh_apart():
    # LA: (7/12 + 169/210) / 2 = 0.694048 (disco-dop prints 69.40 for these two trees);
    # LA_WORDS: (1/2 + 2/3 + 2/3 + 1/2 + 6/7 + 1 + 1) / 7 = 109/147 = 0.741497.
    ev = DiscoParsevalEvaluator(
        disc(TWO_PARSE, FIVE_PARSE), disc(TWO_GOLD, FIVE_GOLD), extra_measures=LA
    )
    assert float(ev.score("LA")) == pytest.approx(float((Fraction(7, 12) + Fraction(169, 210)) / 2))
    assert float(ev.score("LA_WORDS")) == pytest.approx(109 / 147)
    assert float(ev.score("LA_EXACT")) == pytest.approx(2 / 7)
    assert f"{100 * float(ev.score('LA')):6.2f}" == " 69.40"
    # The macro average of LA is LA itself; that of LA_WORDS is too (a sentence's LA).
    assert ev.score("LA_WORDS", average="macro") == pytest.approx(float(ev.score("LA")))
    assert ev.sentence_scores("LA") == pytest.approx([7 / 12, 169 / 210])


def test_both_lineages_empty_score_one_and_one_empty_scores_zero():
    # (ROOT (NN a) (NN b)) with ROOT deleted: no phrase above either word.
    flat = disc("(ROOT (NN 0=a) (NN 1=b))")
    assert lineages(_view(flat[0], flat[0]).gold_tree()) == [[], []]
    ev = DiscoParsevalEvaluator(flat, flat, extra_measures=LA)
    assert float(ev.score("LA")) == 1.0 and float(ev.score("LA_EXACT")) == 1.0
    # Against (ROOT (NP a b)): lineages "( NP" and "NP )" against nothing: d = 2 of 2.
    ev = DiscoParsevalEvaluator(disc("(ROOT (NP (NN 0=a) (NN 1=b)))"), flat, extra_measures=LA)
    assert float(ev.score("LA")) == 0.0


def _view(parse, gold, params: DiscoParams | None = None):
    ev = DiscoParsevalEvaluator([], [], params, extra_measures="LA")
    return ev.sentence_view(parse, gold)


def test_a_root_kept_by_the_parameter_file_is_in_every_lineage():
    # Only NP deleted: ROOT is kept, and opens at He and closes at left (the highest
    # phrase to do so: S, which opens and closes there too, gets no marker); NP is gone,
    # its word hangs from S.
    params = DiscoParams.from_text("DELETE_LABEL NP\n")
    view = _view(disc(TWO_PARSE)[0], disc("(ROOT (S (NP (PRP 0=He)) (VBD 1=left)))")[0], params)
    gold, parse = view_lineages(view)
    assert [" ".join(x) for x in gold] == ["S ( ROOT", "S ROOT )"]
    assert [" ".join(x) for x in parse] == ["VP ( ROOT", "VP ROOT )"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_discodops_leaf_ancestor_figure_for_figure(name):
    build, params = CASES[name]
    gold, parse = build()
    ev = DiscoParsevalEvaluator(parse, gold, params, extra_measures=LA_TED)
    summary, rows = discodop(name)
    ours = ev.summary_text().split("\n")
    la_lines = [line for line in summary if line.startswith("leaf-ancestor")]
    assert la_lines and [x for x in ours if x.startswith("leaf-ancestor")] == la_lines
    assert ours == expected_summary(name)
    assert name not in DEPARTS or ours != summary
    # Every sentence: disco-dop prints 10,000 times its score, "%6.2f".
    cols = list(ev.columns)
    got = []
    for row in ev.stats.array.tolist():
        get = dict(zip(cols, row, strict=True))
        got.append(f"{10_000 * get['la_score'] / SCALE:.2f}" if get["la_sentences"] else "nan")
    assert got == [la for la, _ in rows]


def test_a_sentence_without_a_word_is_na_and_left_out(capsys):
    # custom.prm deletes ",": the two sentences of punct_only.dbr have no word left.
    # disco-dop prints nan; alone, so do we (JSON: null and why). Beside a sentence
    # with words it is left out, where disco-dop's whole figure turns nan.
    params = DiscoParams.from_file(str(FIX / "custom.prm"))
    punct = trees("punct_only.dbr")
    summary, rows = discodop("punct_custom_la_ted")
    ev = DiscoParsevalEvaluator(punct, punct, params, extra_measures=LA_TED)
    assert ev.summary_text().split("\n") == summary
    assert "leaf-ancestor:                nan" in summary and rows == [("nan", "nan")] * 2
    score = ev.score("LA")
    assert score.reason == "no word to compare" and ev.sentence_scores("LA") != [1.0, 1.0]
    mixed = DiscoParsevalEvaluator(
        [punct[0], *disc(TWO_PARSE)], [punct[0], *disc(TWO_GOLD)], params, extra_measures=LA
    )
    assert mixed.score("LA").undefined == 1
    alone = DiscoParsevalEvaluator(disc(TWO_PARSE), disc(TWO_GOLD), params, extra_measures=LA)
    assert float(mixed.score("LA")) == pytest.approx(float(alone.score("LA")))
    path = str(FIX / "punct_only.dbr")
    assert main(["parseval", path, path, "-p", str(FIX / "custom.prm"), "--la", "--json"]) == 0
    scores = json.loads(capsys.readouterr().out)["systems"][0]["scores"]
    assert scores["LA"]["value"] is None and scores["LA"]["reason"] == "no word to compare"


def test_a_missing_parse_scores_nothing_right():
    # missing="zero": every word of He left is compared and scores 0; beside the
    # five-word sentence the mean of sentences is (0 + 169/210) / 2.
    ev = DiscoParsevalEvaluator(
        [None, *disc(FIVE_PARSE)], disc(TWO_GOLD, FIVE_GOLD), missing="zero", extra_measures=LA
    )
    with pytest.warns(MissingParseWarning, match="scored with nothing right"):
        assert float(ev.score("LA")) == pytest.approx(169 / 420)
    assert ev.score("LA_WORDS").totals["la_words"] == 7


def test_the_per_lineage_table_by_hand():
    # By the gold lineage, labels only (CoreNLP's table): He "NP S" (1/2), left "VP S"
    # (2/3); a "VP S" (2/3), b "S" (1/2), c "VP S" (6/7), d "NP S" (1), e "NP S" (1).
    ev = DiscoParsevalEvaluator(
        disc(TWO_PARSE, FIVE_PARSE), disc(TWO_GOLD, FIVE_GOLD), extra_measures=LA, by="lineage"
    )
    table = ev.breakdown("lineage")
    assert set(table) == {"NP S", "VP S", "S"}
    assert float(table["NP S"].scores["LA"]) == pytest.approx((1 / 2 + 1 + 1) / 3)
    assert float(table["VP S"].scores["LA"]) == pytest.approx((2 / 3 + 2 / 3 + 6 / 7) / 3)
    assert float(table["S"].scores["LA"]) == 0.5
    assert float(table["NP S"].scores["LA_EXACT"]) == pytest.approx(2 / 3)
    # The groups split the words: their counts sum to the corpus's.
    assert sum(table[g].scores["LA"].totals["words"] for g in table) == 7


def test_exact_sentences_are_those_whose_every_lineage_is_equal():
    # CoreNLP's sentence-level "Exact": He left (no lineage equal) and the five words
    # (2 of 5 equal) are not exact; the five words against themselves are: 1 of 3.
    # A missing parse under zero is never exact (its words count, none right).
    ev = DiscoParsevalEvaluator(
        disc(TWO_PARSE, FIVE_PARSE, FIVE_GOLD), disc(TWO_GOLD, FIVE_GOLD, FIVE_GOLD),
        extra_measures="LA_EXACT_SENT",
    )
    assert ev.score("LA_EXACT_SENT").totals == {"la_exact_sentences": 1, "la_sentences": 3}
    with pytest.warns(MissingParseWarning):
        ev = DiscoParsevalEvaluator(
            [None, *disc(FIVE_GOLD)], disc(TWO_GOLD, FIVE_GOLD), missing="zero",
            extra_measures="LA_EXACT_SENT",
        )  # fmt: skip
        assert float(ev.score("LA_EXACT_SENT")) == 0.5


def test_the_command_line_prints_discodops_lines_and_ours(tmp_path, capsys):
    gold, parse = tmp_path / "gold.dbr", tmp_path / "parse.dbr"
    gold.write_text(f"{TWO_GOLD}\n{FIVE_GOLD}\n", encoding="utf-8")
    parse.write_text(f"{TWO_PARSE}\n{FIVE_PARSE}\n", encoding="utf-8")
    assert main(["parseval", str(gold), str(parse), "--la"]) == 0
    out = capsys.readouterr().out
    assert "leaf-ancestor:              69.40\n" in out
    assert (
        "leaf-ancestor (words):      74.15\nexact lineages:             28.57\n"
        "exact sentences:             0.00\n"
    ) in out
    assert main(["parseval", str(gold), str(parse), "--la", "-f", "tsv"]) == 0
    header, row = capsys.readouterr().out.splitlines()[:2]
    assert header.split("\t")[-4:] == ["LA", "LA_WORDS", "LA_EXACT", "LA_EXACT_SENT"]
    assert row.split("\t")[-4:] == ["69.40", "74.15", "28.57", "0.00"]
    tsv = tmp_path / "lines.tsv"
    assert main(["parseval", str(gold), str(parse), "--la", "--per-sentence", str(tsv)]) == 0
    capsys.readouterr()
    lines = tsv.read_text(encoding="utf-8").splitlines()
    head = lines[0].split("\t")
    first = dict(zip(head, lines[1].split("\t"), strict=True))
    assert (first["la_words"], first["la_score"], first["LA"]) == ("2", "583333333", "0.583333")
    # A bracketed file: --la scores with disco-dop's rules, as --disco does.
    mrg = tmp_path / "gold.mrg"
    mrg.write_text("(ROOT (S (NP (PRP He)) (VP (VBD left))))\n", encoding="utf-8")
    mrg2 = tmp_path / "parse.mrg"
    mrg2.write_text("(ROOT (VP (PRP He) (VBD left)))\n", encoding="utf-8")
    assert main(["parseval", str(mrg), str(mrg2), "--la", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["systems"][0]["signature"].startswith("metric:parseval-disco")
    assert data["systems"][0]["scores"]["LA"]["value"] == pytest.approx(7 / 12, abs=1e-9)
    assert main(["parseval", str(mrg), str(mrg2), "--la", "--by", "lineage", "-f", "tsv"]) == 0
    assert "NP S" in capsys.readouterr().out


@pytest.mark.parametrize("flag", ["--spmrl", "--evalb"])
def test_la_goes_with_discodops_rules_only(tmp_path, capsys, flag):
    mrg = tmp_path / "g.mrg"
    mrg.write_text("(ROOT (S (NP (PRP He)) (VP (VBD left))))\n", encoding="utf-8")
    assert main(["parseval", str(mrg), str(mrg), "--la", flag]) == 1
    assert "--la" in capsys.readouterr().err


def test_intervals_and_tests_come_from_the_shared_code():
    gold, parse = trees("random_gold.dbr"), trees("random_parse.dbr")
    a = DiscoParsevalEvaluator(parse, gold, extra_measures=LA)
    b = DiscoParsevalEvaluator(gold, gold, extra_measures=LA)
    score = a.score("LA", ci=0.95, rounds=200)
    low, high, level = score.interval
    assert low <= float(score) <= high and level == 0.95
    result = a.significance(b, "LA", rounds=200)
    assert result.p_value <= 0.05  # the gold against itself is right everywhere


def test_a_metric_that_does_not_hand_its_trees_refuses_a_counting_measure():
    register_measure(ParsevalEvaluator, LEAF_ANCESTOR)
    try:
        with pytest.raises(OptionError, match="counts from the trees"):
            ParsevalEvaluator([], [], extra_measures="LA")
    finally:
        from nltk_tedeval.scoring import unregister_measure

        unregister_measure(ParsevalEvaluator, "leaf_ancestor")


# --- the alignment the HTML report draws -------------------------------------------------


def replay(steps: str, gold: list[str], parse: list[str]) -> int:
    """The cost of ``steps`` (= s d i) as an edit of ``gold`` into ``parse``, checked step
    by step: a kept pair is equal, a substituted one differs, every label used once."""
    a = b = cost = 0
    for op in steps:
        if op in "=s":
            assert (gold[a] == parse[b]) == (op == "="), (steps, gold, parse)
            a, b = a + 1, b + 1
        elif op == "d":
            a += 1
        else:
            assert op == "i", steps
            b += 1
        cost += op != "="
    assert (a, b) == (len(gold), len(parse)), (steps, gold, parse)
    return cost


def test_he_left_aligned_by_hand():
    # The lineages of TWO_GOLD and TWO_PARSE above, worked by hand there:
    #   He:   gold NP ) ( S, parse ( VP: delete NP, delete ), keep (, S -> VP: "dd=s", d = 3
    #   left: gold ( VP S ), parse VP ): delete (, keep VP, delete S, keep ): "d=d=", d = 2
    # Scores 1 - 3/6 = 1/2 and 1 - 2/6 = 2/3; the sentence 7/12.
    (gold,), (parse,) = disc(TWO_GOLD), disc(TWO_PARSE)
    view = DiscoParsevalEvaluator([], []).sentence_view(parse, gold)
    words = word_lineages(view)
    assert [(w.position, list(w.gold), list(w.parse), w.alignment, w.distance, w.score)
            for w in words] == [
        (0, ["NP", ")", "(", "S"], ["(", "VP"], "dd=s", 3, billionths(Fraction(1, 2))),
        (1, ["(", "VP", "S", ")"], ["VP", ")"], "d=d=", 2, billionths(Fraction(2, 3))),
    ]  # fmt: skip
    assert sentence_counts(view)[4] == billionths(Fraction(7, 12))
    # Equal lineages, empty ones, one side empty.
    assert lineage_alignment(["S"], ["S"]) == "=" and lineage_alignment([], []) == ""
    assert lineage_alignment(["NP", "S"], []) == "dd"


def test_the_words_deleted_by_the_transform_keep_their_positions():
    # proper.prm deletes the full stop (word 1), leaving (S (NP a) b): a opens and closes
    # NP and opens S, "NP ) ( S"; b closes S, "S )", compared as word 2 of the sentence.
    gold = DiscTree.from_discbracket("(ROOT (S (NP (DT 0=a)) ($. 1=.) (VB 2=b)))")
    view = DiscoParsevalEvaluator([], []).sentence_view(gold, gold)
    assert [(w.position, " ".join(w.gold), w.alignment, w.score) for w in word_lineages(view)] == [
        (0, "NP ) ( S", "====", SCALE), (2, "S )", "==", SCALE)]  # fmt: skip


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_fixture_words_alignment_costs_its_distance(case):
    # On every sentence disco-dop scored (the fixtures): the alignment replays gold into
    # parse at the cost of lineage_distance, which nltk's edit_distance (another
    # implementation of Levenshtein) agrees with; the word's score is 1 - d/(|g| + |p|)
    # by Fraction, and the words add up to the sentence's row as the run counted it.
    from nltk.metrics.distance import edit_distance

    load, params = CASES[case]
    golds, parses = load()
    ev = DiscoParsevalEvaluator(parses, golds, params=params, extra_measures=LA)
    rows = ev.stats.array.tolist()
    column = {c: k for k, c in enumerate(ev.columns)}
    checked = 0
    for k, (gold, parse) in enumerate(zip(golds, parses, strict=True)):
        view = ev.sentence_view(parse, gold)
        words = word_lineages(view)
        total = 0
        for w in words:
            g, p = list(w.gold), list(w.parse)
            assert replay(w.alignment, g, p) == w.distance == lineage_distance(g, p)
            assert w.distance == edit_distance(g, p)
            n = len(g) + len(p)
            assert w.score == (SCALE if n == 0 else billionths(1 - Fraction(w.distance, n)))
            total += w.score
            checked += 1
        assert len(words) == rows[k][column["la_words"]]
        assert total == rows[k][column["la_word_score"]]
        assert sum(w.distance == 0 for w in words) == rows[k][column["la_exact"]]
        assert sentence_counts(view)[4] == rows[k][column["la_score"]]
    assert checked
