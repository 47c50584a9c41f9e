"""ParsEval as EVALB computes it (nltk_tedeval.metrics.parseval, nltk_tedeval.reading.evalb_params).

Expected values are worked out by hand (the comments show how) or were
printed by the real EVALB (Sekine and Collins, the 2006 version with the
quote repair) on the files under ``corpora_samples/evalb`` and
``tests/fixtures_parseval``; those outputs are stored verbatim as
``*.evalb.txt`` fixtures.
"""

from __future__ import annotations

import re
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from nltk import Tree

from nltk_tedeval.errors import (
    InputFormatError,
    OptionError,
    SentenceCountError,
    TedEvalError,
    YieldMismatchError,
)
from nltk_tedeval.metrics.evalb_brackets import _crossing, _crossing_sweep
from nltk_tedeval.metrics.parseval import (
    COLUMNS,
    STATUS_ERROR,
    STATUS_SKIP,
    STATUS_VALID,
    ParsevalEvaluator,
    TooManyErrorsError,
)
from nltk_tedeval.reading.evalb_params import COLLINS_DELETE_LABELS, EvalbParams

from .conftest import examples

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "corpora_samples" / "evalb"
FIXTURES = Path(__file__).resolve().parent / "fixtures_parseval"


def T(s: str) -> Tree:
    return Tree.fromstring(s)


def read_mrg(path: Path) -> list[Tree | None]:
    """One tree per line, an empty line an empty parse: EVALB's reading."""
    lines = path.read_text(encoding="utf-8").split("\n")[:-1]
    return [None if not line.strip() else Tree.fromstring(line) for line in lines]


def evaluate(test: list, gold: list, params: EvalbParams | None = None) -> ParsevalEvaluator:
    return ParsevalEvaluator(
        [None if t is None else T(t) for t in test], [T(g) for g in gold], params
    )


def row(ev: ParsevalEvaluator, i: int = 0) -> dict[str, int]:
    return dict(zip(COLUMNS, ev.stats.array[i].tolist(), strict=True))


# -- hand-worked EVALB corner cases ---------------------------------------------------


def test_unary_chain_counts_both_brackets():
    # Gold brackets S[0,2] NP[0,1] NP[0,1] VP[1,2]; test S NP VP. README §7.5:
    # n=2 gold NPs, m=1 test NP over the same span -> 1 match, so 3 of 4.
    ev = evaluate(["(S (NP (NN x)) (VP (VB y)))"], ["(S (NP (NP (NN x))) (VP (VB y)))"])
    p, r, f = ev.eval()
    assert (p, r) == (1.0, 0.75)
    assert f == pytest.approx(6 / 7)  # 2*3 / (4+3)
    assert row(ev)["complete"] == 0
    # The other way round: the extra NP is in the test.
    p, r, _ = evaluate(["(S (NP (NP (NN x))) (VP (VB y)))"], ["(S (NP (NN x)) (VP (VB y)))"]).eval()
    assert (p, r) == (0.75, 1.0)


def test_deleted_punctuation_word():
    # COLLINS.prm deletes "," and ".": the comma's attachment no longer
    # matters, and only x and y are tagged. The length still counts the
    # punctuation (only -NONE- is in DELETE_LABEL_FOR_LENGTH).
    ev = evaluate(
        ["(S (NP (NN x)) (VP (VB y) (, ,)) (. .))"],
        ["(S (NP (NN x)) (, ,) (VP (VB y)) (. .))"],
    )
    assert ev.eval() == (1.0, 1.0, 1.0)
    r = row(ev)
    assert (r["words"], r["correct_tags"], r["length"]) == (2, 2, 4)
    assert r["gold"] == r["test"] == r["matched"] == 3


def test_bracket_left_without_words_disappears():
    # README §7.1: (SBAR (-NONE- 0) (S (-NONE- *T*-1))) covers nothing once
    # the traces go, so neither SBAR nor S is counted; nor is TOP.
    gold = "(TOP (S (NP (NN x)) (VP (VB y) (SBAR (-NONE- 0) (S (-NONE- *T*-1))))))"
    ev = evaluate(["(S (NP (NN x)) (VP (VB y)))"], [gold])
    assert ev.eval() == (1.0, 1.0, 1.0)
    assert row(ev)["gold"] == 3
    assert row(ev)["length"] == 2


def test_eq_label_advp_prt():
    gold = ["(S (VP (VB look) (PRT (RP up))))"]
    test = ["(S (VP (VB look) (ADVP (RP up))))"]
    assert evaluate(test, gold).eval() == (1.0, 1.0, 1.0)
    plain = EvalbParams(eq_labels=())
    p, r, _ = evaluate(test, gold, plain).eval()
    assert (p, r) == (2 / 3, 2 / 3)


def test_function_tags_are_cut_at_first_dash_or_equals():
    # README §7.2; EVALB cuts at the first "-" or "=" anywhere, so the phrase
    # labels -LRB- and -RRB- both become "" and match each other.
    ev = evaluate(
        ["(S (-RRB- (NN x)) (NP (NN y)) (NP (NN z)))"],
        ["(S (-LRB- (NN x)) (NP=2 (NN y)) (NP-SBJ-1 (NN z)))"],
    )
    assert ev.eval() == (1.0, 1.0, 1.0)
    # POS tags are compared as they are: NN-X is not NN.
    ev = evaluate(["(S (NP (NN-X y)))"], ["(S (NP (NN y)))"])
    assert row(ev)["correct_tags"] == 0


def test_crossing_is_counted_on_the_test_side():
    # Gold A[0,2] B[2,4] S[0,4]; test X[1,3] S[0,4]. X crosses A (0<1<2<3)
    # and B; it counts once, as one crossing test bracket.
    ev = evaluate(
        ["(S (N a) (X (N b) (N c)) (N d))"],
        ["(S (A (N a) (N b)) (B (N c) (N d)))"],
    )
    r = row(ev)
    assert (r["matched"], r["gold"], r["test"], r["crossing"]) == (1, 3, 2, 1)
    assert (r["no_crossing"], r["two_or_less"]) == (0, 1)


def test_length_mismatch_is_an_error_sentence():
    ev = evaluate(
        ["(S (NP (NN x)) (VP (VB y)))", "(S (NP (NN x)))"],
        ["(S (NP (NN x)) (VP (VB y)))", "(S (NP (NN x)) (VP (VB y)))"],
    )
    assert ev.statuses() == [STATUS_VALID, STATUS_ERROR]
    # The error sentence adds nothing to the bracket figures...
    assert ev.eval() == (1.0, 1.0, 1.0)
    r = row(ev, 1)
    assert (r["errors"], r["valid"], r["gold"], r["words"], r["length"]) == (1, 0, 0, 0, 2)
    # ...but is counted and listed, with its sentence number.
    (err,) = ev.errors
    assert isinstance(err, YieldMismatchError)
    assert err.sentence == 2
    assert "2 gold words, 1 test words" in str(err)
    summary = ev.summary()
    assert summary["all"]["error_sentences"] == 1
    assert summary["errors"][0]["sentence"] == 2


def test_word_mismatch_names_the_token():
    ev = evaluate(["(S (NP (NN x)) (VP (VB z)))"], ["(S (NP (NN x)) (VP (VB y)))"])
    (err,) = ev.errors
    assert (err.sentence, err.token) == (1, "z")
    assert ev.statuses() == [STATUS_ERROR]


def test_eq_word():
    params = EvalbParams(eq_words=(("colour", "color"),))
    ev = evaluate(["(S (NN color))"], ["(S (NN colour))"], params)
    assert ev.statuses() == [STATUS_VALID]


def test_empty_test_line_and_parse_failure_are_skipped():
    gold = ["(S (NP (NN x)) (VP (VB y)))"] * 3
    ev = evaluate([None, "(())", "(S (NP (NN x)) (VP (VB y)))"], gold)
    assert ev.statuses() == [STATUS_SKIP, STATUS_SKIP, STATUS_VALID]
    assert ev.errors == []
    s = ev.summary()["all"]
    assert (s["sentences"], s["skip_sentences"], s["valid_sentences"]) == (3, 2, 1)
    # A skipped sentence still has its gold length, for the cut-off subset.
    assert row(ev)["length"] == 2


def test_test_with_only_deleted_words_is_skipped():
    # After deleting punctuation the test has no word: EVALB skips it.
    ev = evaluate(["(TOP (. .))"], ["(TOP (. .))"])
    assert ev.statuses() == [STATUS_SKIP]


def test_empty_gold_line_is_a_length_error():
    ev = ParsevalEvaluator([T("(S (NN a))")], [None])
    assert ev.statuses() == [STATUS_ERROR]


def test_nothing_matched_prints_nan_like_evalb():
    ev = evaluate(["(S (X (DT a) (NN b) (VB c)))"], ["(S (NP (DT a) (NN b)) (VP (VB c)))"])
    p, r, f = ev.eval()
    assert (p, r) == (0.5, 1 / 3)
    ev = evaluate(["(X (Y (DT a) (NN b)))"], ["(S (NP (DT a)) (VP (VB b)))"])
    p, r, f = ev.eval()
    assert (p, r, f) == (0.0, 0.0, 0.0)
    # EVALB computes F from the two percentages: 0/0, printed "-nan".
    assert ev.summary()["all"]["bracketing_fmeasure"] is None
    assert "Bracketing FMeasure       =   -nan\n" in ev.summary_text()


def test_cutoff_subset():
    # Lengths: 2 words, and 4 words (the trace does not count, the comma does).
    gold = ["(S (NP (NN x)) (VP (VB y)))", "(S (NP (NN a) (, ,) (NN b)) (VP (VB c) (-NONE- *)))"]
    test = ["(S (NP (NN x)) (VP (VB y)))", "(S (NP (NN a)) (, ,) (VP (NN b) (VB c)))"]
    ev = evaluate(test, gold, EvalbParams(cutoff_len=3))
    assert ev.stats.view(("length",)).ravel().tolist() == [2, 4]
    # The long one: gold S NP[0,2] VP[2,3]; test S NP[0,1] VP[1,3]: 1 of 3.
    assert ev.score("P") == pytest.approx(4 / 6)
    assert ev.score("P_CUT") == 1.0
    summary = ev.summary()
    assert summary["cutoff"]["sentences"] == 1
    assert summary["all"]["sentences"] == 2
    assert "-- len<=3 --" in ev.summary_text()
    ev = evaluate(test, gold, EvalbParams(cutoff_len=4))
    assert ev.score("P_CUT") == ev.score("P")


def test_malformed_tree_is_an_error_sentence():
    # EVALB cannot read a word that is not alone under a POS tag (it loops
    # until it gives up); here the sentence is an error naming the word.
    ev = ParsevalEvaluator(
        [T("(S (NP (DT a)) b)"), T("(S (NN a) (NN b))")],
        [T("(S (NN a) (NN b))"), T("(S (NN a) (NN b))")],
    )
    assert ev.statuses() == [STATUS_ERROR, STATUS_VALID]
    (err,) = ev.errors
    assert isinstance(err, InputFormatError)
    assert (err.sentence, err.token) == (1, "b")
    assert "test tree" in str(err)


def test_bad_input_types_and_counts():
    with pytest.raises(InputFormatError, match="sentence 2") as info:
        # bytes are no tree (a bracketed str is one, SPEC.md §13)
        ParsevalEvaluator([T("(S (NN a))"), b"(S (NN a))"], [T("(S (NN a))")] * 2).eval()
    assert info.value.sentence == 2
    with pytest.raises(SentenceCountError):
        ParsevalEvaluator([T("(S (NN a))")], [])
    with pytest.raises(OptionError):
        ParsevalEvaluator([], [], params={"LABELED": 0})


@dataclass
class Record:
    """The shape of a reader record (nltk_tedeval.reading.SourceSentence)."""

    tree: Tree | None
    error: TedEvalError | None = None
    file: str = "t.mrg"
    line: int = 1


def test_reader_records():
    gold = [Record(T("(S (NN a) (NN b))"))] * 3
    bad = InputFormatError("the line ends inside a tree", file="t.mrg", line=2)
    test = [Record(T("(S (NN a) (NN b))")), Record(None, bad, line=2), Record(None, line=3)]
    # A line the reader could not read is bad input (SPEC §8)...
    with pytest.raises(InputFormatError, match=r"t\.mrg:2: sentence 2"):
        ParsevalEvaluator(test, gold).eval()
    # ...or, on request, an error sentence, as EVALB counts an unbalanced line.
    # An empty line (no tree, no error) is a skip either way.
    ev = ParsevalEvaluator(test, gold, on_error="skip")
    assert ev.statuses() == [STATUS_VALID, STATUS_ERROR, STATUS_SKIP]
    assert ev.errors == [bad]
    with pytest.raises(OptionError):
        ParsevalEvaluator(test, gold, on_error="ignore")


# -- MAX_ERROR ------------------------------------------------------------------------


def test_no_error_limit_by_default():
    gold = ["(S (NN a) (NN b))"] * 30
    ev = evaluate(["(S (NN a))"] * 30, gold)
    assert len(ev.errors) == 30
    assert ev.summary()["all"]["error_sentences"] == 30


def test_max_error_stops_where_evalb_stops():
    # EVALB's Error() exits when the count of earlier errors exceeds
    # MAX_ERROR, i.e. at error MAX_ERROR + 2 (checked with the real EVALB for
    # MAX_ERROR 0, 2 and 3 and 0 to 6 errors).
    gold = ["(S (NN a) (NN b))"] * 5
    two_errors = ["(S (NN a))", "(S (NN a) (NN b))", "(S (NN a))"] + ["(S (NN a) (NN b))"] * 2
    ev = evaluate(two_errors, gold, EvalbParams(max_error=1))
    assert len(ev.errors) == 2
    three_errors = ["(S (NN a))"] * 3 + ["(S (NN a) (NN b))"] * 2
    with pytest.raises(TooManyErrorsError, match="MAX_ERROR") as info:
        evaluate(three_errors, gold, EvalbParams(max_error=1)).eval()
    assert info.value.sentence == 3
    assert len(info.value.errors) == 3
    assert isinstance(info.value, TedEvalError)
    with pytest.raises(TooManyErrorsError):
        evaluate(["(S (NN a))"], gold[:1], EvalbParams(max_error=-1)).eval()


# -- parameter files --------------------------------------------------------------------

EVERY_KEYWORD = """\
# every keyword EVALB knows
DEBUG 1
MAX_ERROR 7
CUTOFF_LEN 25
LABELED 0
DELETE_LABEL TOP
DELETE_LABEL ,
DELETE_LABEL_FOR_LENGTH -NONE-
DELETE_LABEL_FOR_LENGTH ,
QUOTE_LABEL POS
QUOTE_LABEL ''
EQ_LABEL ADVP PRT
EQ_LABEL NP NX
EQ_WORD colour color
x
"""


def test_prm_text_with_every_keyword():
    p = EvalbParams.from_text(EVERY_KEYWORD)
    assert p.debug == 1
    assert p.max_error == 7
    assert p.cutoff_len == 25
    assert p.labeled is False
    assert p.delete_labels == ("TOP", ",")
    assert p.delete_labels_for_length == ("-NONE-", ",")
    assert p.quote_labels == ("POS", "''")
    assert p.eq_labels == (("ADVP", "PRT"), ("NP", "NX"))
    assert p.eq_words == (("colour", "color"),)
    assert EvalbParams.from_text(p.to_text()) == p


def test_prm_reading_follows_evalb():
    # Unset options keep EVALB's built-in values, not COLLINS.prm's.
    p = EvalbParams.from_text("LABELED 1\r\n")
    assert p == EvalbParams.evalb_defaults()
    assert p.max_error is None  # EVALB would stop after 10; we do not
    # atoi(): leading digits count, the rest is ignored.
    assert EvalbParams.from_text("CUTOFF_LEN 40 words\nLABELED 2\n").cutoff_len == 40
    assert EvalbParams.from_text("LABELED 2\n").labeled is True
    # The value is the rest of the line, blanks inside included.
    assert EvalbParams.from_text("DELETE_LABEL , :  \n").delete_labels == (", :",)
    # Comment lines and lines under three characters are ignored.
    assert EvalbParams.from_text("#LABELED 0\nab\n") == EvalbParams.evalb_defaults()


def test_prm_problems():
    with pytest.warns(UserWarning, match="unknown keyword"):
        EvalbParams.from_text("DELETE_LABELS TOP\n")
    with pytest.warns(UserWarning, match="two values"):
        p = EvalbParams.from_text("EQ_LABEL ADVP\n")
    assert p.eq_labels == ()
    with pytest.raises(OptionError, match=r"my\.prm:2") as info:
        EvalbParams.from_text("DEBUG 0\nLABELED yes\n", source="my.prm")
    assert info.value.line == 2
    with pytest.raises(OptionError, match="no value"):
        EvalbParams.from_text("LABELED\n")


def test_sample_prm_is_collins():
    text = (SAMPLES / "collins.prm").read_text(encoding="utf-8")
    assert EvalbParams.from_text(text) == EvalbParams() == EvalbParams.collins()
    assert EvalbParams().delete_labels == COLLINS_DELETE_LABELS
    assert EvalbParams().name == "collins"
    assert EvalbParams(labeled=False).name.startswith("prm-")
    assert EvalbParams(max_error=3).name == "collins"


def test_signature_names_the_settings():
    ev = evaluate(["(S (NN a))"], ["(S (NN a))"], EvalbParams(labeled=False, cutoff_len=9))
    sig = ev.signature.fields
    assert sig["metric"] == "parseval"
    assert sig["labeled"] == "no"
    assert sig["cutoff"] == "9"


# -- against the real EVALB -------------------------------------------------------------


def sample(params: EvalbParams) -> ParsevalEvaluator:
    return ParsevalEvaluator(
        read_mrg(SAMPLES / "test.mrg"), read_mrg(SAMPLES / "gold.mrg"), params=params
    )


def test_sample_summary_matches_evalb():
    ev = sample(EvalbParams())
    # Printed by EVALB: evalb -p collins.prm gold.mrg test.mrg
    #   -- All --                          -- len<=40 --
    #   sentences 33, error 2, skip 2      28, 2, 2
    #   recall 94.95 precision 93.73       93.75 92.59
    #   F 94.34 complete 37.93             93.17 45.83
    #   avg crossing 0.45 no crossing 72.41 2-or-less 96.55 tags 99.73
    #                                      0.46 75.00 95.83 99.56
    s = ev.summary()
    a, c = s["all"], s["cutoff"]
    assert (a["sentences"], a["error_sentences"], a["skip_sentences"], a["valid_sentences"]) == (
        33,
        2,
        2,
        29,
    )
    assert (c["sentences"], c["error_sentences"], c["skip_sentences"]) == (28, 2, 2)
    evalb_all = [94.95, 93.73, 94.34, 37.93, 0.45, 72.41, 96.55, 99.73]
    evalb_cut = [93.75, 92.59, 93.17, 45.83, 0.46, 75.00, 95.83, 99.56]
    keys = [
        "bracketing_recall",
        "bracketing_precision",
        "bracketing_fmeasure",
        "complete_match",
        "average_crossing",
        "no_crossing",
        "two_or_less_crossing",
        "tagging_accuracy",
    ]
    assert [round(a[k], 2) for k in keys] == evalb_all
    assert [round(c[k], 2) for k in keys] == evalb_cut
    # EVALB's totals line: 583 matched, 614 gold, 622 test, 13 crossing,
    # 750 words, 748 correct tags.
    totals = ("matched_brackets", "gold_brackets", "test_brackets", "crossing_brackets")
    assert [a[k] for k in totals] == [583, 614, 622, 13]
    assert (a["words"], a["correct_tags"]) == (750, 748)
    p, r, f = ev.eval()
    assert (p, r) == (583 / 622, 583 / 614)
    assert f == pytest.approx(2 * 583 / (614 + 622))
    assert [e.sentence for e in ev.errors] == [8, 9]  # EVALB's stderr: lines 8 and 9


@pytest.mark.parametrize(
    ("fixture", "params"),
    [
        ("sample_collins.evalb.txt", lambda: EvalbParams()),
        (
            "sample_unlabeled.evalb.txt",
            lambda: EvalbParams.from_text((FIXTURES / "unlabeled.prm").read_text()),
        ),
        ("sample_noprm.evalb.txt", EvalbParams.evalb_defaults),
    ],
)
def test_whole_output_equals_evalb(fixture, params):
    ev = sample(params())
    expected = (FIXTURES / fixture).read_text(encoding="utf-8")
    assert ev.summary_text(sentences=True) == expected
    table = expected.split("\n")[3 : 3 + 33]
    assert ev.sentence_lines() == table
    assert expected.endswith(ev.summary_text())


def test_quote_repair_equals_evalb():
    # QUOTE_LABEL: a quote-like word deleted on one side only is put back
    # (README, David Ellis's 2006 fix); the output was printed by EVALB.
    params = EvalbParams.from_text((FIXTURES / "quotes.prm").read_text())
    ev = ParsevalEvaluator(
        read_mrg(FIXTURES / "quotes_test.mrg"), read_mrg(FIXTURES / "quotes_gold.mrg"), params
    )
    assert ev.summary_text(sentences=True) == (FIXTURES / "quotes.evalb.txt").read_text()
    # Without QUOTE_LABEL the repaired sentences 1-3, 8 and 9 are length
    # errors; 4 has the same length on both sides, so it never needed one.
    plain = ParsevalEvaluator(
        read_mrg(FIXTURES / "quotes_test.mrg"),
        read_mrg(FIXTURES / "quotes_gold.mrg"),
        params.replace(quote_labels=()),
    )
    assert ev.statuses() == [0, 0, 0, 0, 1, 1, 1, 0, 0]
    assert plain.statuses() == [1, 1, 1, 0, 1, 1, 1, 1, 1]


def test_non_transitive_eq_label_replays_evalb_greedy_match():
    # EQ_LABEL A B and B C, not A C. Gold brackets over [0,2] in order B, A;
    # test A, C. EVALB gives gold B the first compatible test bracket (A),
    # and then gold A finds only C: 1 match there, plus S. EVALB prints
    # 66.67/66.67 for this pair.
    params = EvalbParams(eq_labels=(("A", "B"), ("B", "C")))
    ev = evaluate(["(S (A (C (N x) (N y))))"], ["(S (B (A (N x) (N y))))"], params)
    assert row(ev)["matched"] == 2


# -- per-sentence output, dict, significance ------------------------------------------


def test_sentence_results_and_lines():
    ev = evaluate(["(S (NP (DT a)) (VP (VB b)))", None], ["(S (NP (DT a)) (VP (VB b)))"] * 2)
    first, second = ev.sentence_results()
    assert first["status"] == "valid" and first["recall"] == 100.0 and first["error"] is None
    assert second["status"] == "skip" and second["gold_brackets"] == 0
    assert ev.sentence_lines()[1] == (
        "   2    2    2    0.00   0.00     0      0    0      0      0     0     0.00"
    )


def test_significance_runs_on_parseval_f1():
    gold = read_mrg(SAMPLES / "gold.mrg")
    a = ParsevalEvaluator(read_mrg(SAMPLES / "test.mrg"), gold)
    b = ParsevalEvaluator(gold, gold)
    result = a.significance(b, "F1", rounds=200)
    assert result.score_b == 1.0
    # EVALB's totals for test.mrg: 583 matched, 614 gold, 622 test.
    assert result.score_a == 2 * 583 / (614 + 622)
    # SPEC §6: p = (c + 1) / (R + 1), c the rounds out of R = 200 whose
    # |difference| reaches the observed one; so 201 * p is a whole number.
    # Swapping every sentence exchanges the two scores, so the test is
    # symmetric: B against A counts the same rounds.
    c = round(result.p_value * 201) - 1
    assert result.p_value == (c + 1) / 201
    assert 0 <= c <= 200
    assert b.significance(a, "F1", rounds=200).p_value == result.p_value
    # A system against itself: every round reaches the observed difference
    # (0), so c = R and p = 1 exactly.
    assert a.significance(a, "F1", rounds=200).p_value == 1.0
    # Systems that differ on one sentence only: each round either swaps it,
    # which exchanges the two corpus totals and so the two scores, or not; the
    # |difference| is always the observed one, so again p = 1 exactly.
    i = next(
        k
        for k, r in enumerate(a.sentence_results())
        if r["status"] == "valid" and r["recall"] < 100
    )
    mixed = [*gold[:i], read_mrg(SAMPLES / "test.mrg")[i], *gold[i + 1 :]]
    one_off = ParsevalEvaluator(mixed, gold).significance(b, "F1", rounds=200)
    assert one_off.difference != 0  # a real difference, not 0 against 0
    assert one_off.p_value == 1.0


def test_scores_are_summary_figures():
    ev = sample(EvalbParams())
    s = ev.summary()
    scores = ev.scores()
    pairs = [
        ("R", "bracketing_recall", 100),
        ("P", "bracketing_precision", 100),
        ("COMPLETE_MATCH", "complete_match", 100),
        ("AVG_CROSSING", "average_crossing", 1),
        ("NO_CROSSING", "no_crossing", 100),
        ("TWO_OR_LESS_CROSSING", "two_or_less_crossing", 100),
        ("TAGGING_ACCURACY", "tagging_accuracy", 100),
    ]
    for name, key, scale in pairs:
        assert scores[name] * scale == pytest.approx(s["all"][key])
        assert scores[name + "_CUT"] * scale == pytest.approx(s["cutoff"][key])


# -- size and depth ---------------------------------------------------------------------


def test_deep_and_long_trees():
    n = 5000
    leaves = [Tree("N", [f"w{i}"]) for i in range(n)]
    # Right-branching gold: brackets [i, n) for i = 0..n-2. Left-branching
    # test: [0, j) for j = 2..n. Only [0, n) matches; every other test
    # bracket [0, j) crosses gold [1, n) (0 < 1 < j < n).
    right = Tree("X", leaves[-2:])
    for leaf in reversed(leaves[:-2]):
        right = Tree("X", [leaf, right])
    left = Tree("X", leaves[:2])
    for leaf in leaves[2:]:
        left = Tree("X", [left, leaf])
    start = time.perf_counter()
    ev = ParsevalEvaluator([left], [right])
    r = row(ev)
    assert (r["matched"], r["gold"], r["test"], r["crossing"]) == (1, n - 1, n - 1, n - 2)
    # 2,000 nested unary brackets over one word, against themselves.
    chain = Tree("N", ["w"])
    for _ in range(2000):
        chain = Tree("X", [chain])
    ev = ParsevalEvaluator([chain], [chain])
    assert ev.eval() == (1.0, 1.0, 1.0)
    assert row(ev)["gold"] == 2000
    assert time.perf_counter() - start < 10


# -- properties -----------------------------------------------------------------------

WORDS = st.sampled_from(["a", "b", "c", "d"])
TAGS = st.sampled_from(["NN", "VB", "DT", ",", ".", "-NONE-"])
LABELS = st.sampled_from(["S", "NP", "VP", "ADVP", "PRT", "NP-SBJ", "TOP", "X"])


def trees(words=WORDS):
    leaf = st.builds(lambda t, w: Tree(t, [w]), TAGS, words)
    return st.recursive(
        leaf,
        lambda kids: st.builds(
            lambda lab, ks: Tree(lab, ks), LABELS, st.lists(kids, min_size=1, max_size=4)
        ),
        max_leaves=12,
    ).map(lambda t: t if isinstance(t[0], Tree) else Tree("S", [t]))


@st.composite
def bracketing(draw, n: int) -> list[tuple[int, int]]:
    """Random laminar spans over n words, as a tree's brackets would be."""
    spans = [(0, n)]
    stack = [(0, n)]
    while stack:
        a, b = stack.pop()
        if b - a < 2:
            continue
        cut = draw(st.integers(a + 1, b - 1))
        for s, e in ((a, cut), (cut, b)):
            if e - s >= 1 and draw(st.booleans()):
                spans.append((s, e))
            stack.append((s, e))
    return spans


def naive_crossing(gold, test):
    return sum(1 for s, e in test if any((a < s < b < e) or (s < a < e < b) for a, b in gold))


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trees())
def test_tree_against_itself_is_perfect(tree):
    ev = ParsevalEvaluator([tree], [tree])
    r = row(ev)
    assume(r["valid"] and r["gold"] > 0)
    assert ev.eval() == (1.0, 1.0, 1.0)
    assert r["crossing"] == 0 and r["complete"] == 1
    assert r["correct_tags"] == r["words"]


# A tree scored against itself takes the shortcut for equal bracket lists, so
# it never reaches the matching code; the property below scores random pairs
# of different trees over the same words against a brute-force reading of
# EVALB's definition (README §6-7, SPEC §7), written independently here.

KEPT_TAGS = ("NN", "VB", "DT", "ADVP", "PRT")  # ADVP/PRT: COLLINS.prm's EQ_LABEL, as tags
DELETED_TAGS = (",", ".", "``", "-NONE-")  # all in COLLINS.prm's DELETE_LABEL
PHRASES = ("S", "NP", "VP", "ADVP", "PRT", "NP-SBJ", "PP=2", "TOP", "-LRB-", "X")


@st.composite
def tree_over(draw, leaves: list[tuple[str, str]], depth: int = 0) -> Tree:
    """A random phrase over the (tag, word) leaves, in order; unary chains included."""
    n = len(leaves)
    label = draw(st.sampled_from(PHRASES))
    if depth >= 4:
        return Tree(label, [Tree(t, [w]) for t, w in leaves])
    parts = draw(st.integers(1, min(n, 4)))
    cuts = (
        sorted(draw(st.sets(st.integers(1, n - 1), min_size=parts - 1, max_size=parts - 1)))
        if parts > 1
        else []
    )
    children = []
    for a, b in zip([0, *cuts], [*cuts, n], strict=True):
        if b - a == 1 and draw(st.booleans()):
            children.append(Tree(leaves[a][0], [leaves[a][1]]))
        else:
            children.append(draw(tree_over(leaves[a:b], depth + 1)))
    return Tree(label, children)


@st.composite
def edited(draw, tree: Tree) -> Tree:
    """``tree`` with a few phrases relabelled, doubled into a unary chain, or dissolved."""
    tree = tree.copy(deep=True)
    for _ in range(draw(st.integers(1, 3))):
        spots = [
            p for p in tree.treepositions() if isinstance(tree[p], Tree) and tree[p].height() > 2
        ]
        p = draw(st.sampled_from(spots))
        action = draw(st.sampled_from(("relabel", "double", "dissolve")))
        if action == "relabel":
            tree[p].set_label(draw(st.sampled_from(PHRASES)))
        elif action == "double" and p:
            tree[p] = Tree(draw(st.sampled_from((tree[p].label(), "NP"))), [tree[p]])
        elif action == "dissolve" and p:
            parent, i = tree[p[:-1]], p[-1]
            parent[i : i + 1] = list(tree[p])
    return tree


@st.composite
def tree_pairs(draw) -> tuple[Tree, Tree]:
    """A gold tree and a test tree over the same words and the same deleted tags."""
    n = draw(st.integers(1, 8))
    gold_tags = draw(st.lists(st.sampled_from(KEPT_TAGS + DELETED_TAGS), min_size=n, max_size=n))
    words = [f"w{i}" for i in range(n)]
    # The test may mistag a kept word, but deletes the same words as the gold
    # (otherwise the sentence is a length error, a case tested elsewhere).
    test_tags = [
        t if t in DELETED_TAGS else draw(st.sampled_from((t, *KEPT_TAGS))) for t in gold_tags
    ]
    gold = draw(tree_over(list(zip(gold_tags, words, strict=True))))
    if draw(st.booleans()):
        test = draw(edited(gold))
        for leaf, tag in zip(test.treepositions("leaves"), test_tags, strict=True):
            test[leaf[:-1]].set_label(tag)
    else:
        test = draw(tree_over(list(zip(test_tags, words, strict=True))))
    return gold, test


def evalb_reading(tree: Tree, labeled: bool) -> tuple[list[tuple[str, int, int]], list[str], int]:
    """Brackets, kept tags and length of a tree, by EVALB's rules written out plainly.

    A word goes when its tag is exactly a DELETE_LABEL; every node above the
    tags is a bracket over the kept words it covers, its label cut at the
    first "-" or "=", dropped if that label is a DELETE_LABEL or it covers no
    kept word. PRT counts as ADVP (EQ_LABEL ADVP PRT). The length counts every
    word but -NONE-.
    """
    brackets: list[tuple[str, int, int]] = []
    tags: list[str] = []

    def walk(node: Tree) -> None:
        if isinstance(node[0], str):
            if node.label() not in COLLINS_DELETE_LABELS:
                tags.append(node.label())
            return
        start = len(tags)
        for child in node:
            walk(child)
        label = re.split("[-=]", node.label())[0]
        if label in COLLINS_DELETE_LABELS or start == len(tags):
            return
        label = "ADVP" if label == "PRT" else label
        brackets.append((label if labeled else "", start, len(tags)))

    walk(tree)
    length = sum(1 for _, tag in tree.pos() if tag != "-NONE-")
    return brackets, tags, length


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tree_pairs(), st.booleans())
def test_counts_equal_a_brute_force_reading_of_evalb(pair, labeled):
    gold, test = pair
    g, gold_tags, length = evalb_reading(gold, labeled)
    t, test_tags, _ = evalb_reading(test, labeled)
    # Multiset matching: each gold bracket uses up one equal test bracket.
    unused = list(t)
    matched = 0
    for bracket in g:
        if bracket in unused:
            unused.remove(bracket)
            matched += 1
    crossing = sum(1 for _, s, e in t if any(a < s < b < e or s < a < e < b for _, a, b in g))
    same = {("ADVP", "PRT"), ("PRT", "ADVP")}
    correct = sum(1 for x, y in zip(gold_tags, test_tags, strict=True) if x == y or (x, y) in same)
    r = row(ParsevalEvaluator([test], [gold], EvalbParams(labeled=labeled)))
    if not test_tags:
        # Nothing left of the test once punctuation goes: EVALB skips it.
        assert (r["skipped"], r["valid"], r["gold"], r["test"]) == (1, 0, 0, 0)
        assert r["length"] == length
        return
    expected = {
        "valid": 1,
        "matched": matched,
        "gold": len(g),
        "test": len(t),
        "crossing": crossing,
        "complete": int(matched == len(g) == len(t)),
        "no_crossing": int(crossing == 0),
        "two_or_less": int(crossing <= 2),
        "words": len(gold_tags),
        "correct_tags": correct,
        "length": length,
    }
    assert {k: r[k] for k in expected} == expected


@settings(max_examples=examples(150), deadline=None)
@given(st.integers(2, 30).flatmap(lambda n: st.tuples(bracketing(n), bracketing(n))))
def test_unlabeled_f1_is_symmetric(pair):
    gold_spans, test_spans = pair
    n = max(e for _, e in gold_spans)

    def build(spans):
        # Nest the (laminar) spans into a tree over n words, root (0, n).
        spans = sorted(set(spans) - {(0, n)}, key=lambda s: (s[0], -s[1]))
        root = Tree("X", [])
        stack = [(n, root)]
        nxt = 0
        for pos in range(n):
            while stack[-1][0] <= pos:
                stack.pop()
            while nxt < len(spans) and spans[nxt][0] == pos:
                node = Tree("X", [])
                stack[-1][1].append(node)
                stack.append((spans[nxt][1], node))
                nxt += 1
            stack[-1][1].append(Tree("N", [f"w{pos}"]))
        return root

    params = EvalbParams(labeled=False, delete_labels=(), eq_labels=())
    gold, test = build(gold_spans), build(test_spans)
    assert gold.leaves() == test.leaves() == [f"w{i}" for i in range(n)]
    p1, r1, f1 = ParsevalEvaluator([test], [gold], params).eval()
    p2, r2, f2 = ParsevalEvaluator([gold], [test], params).eval()
    assert (p1, r1) == (r2, p2)
    assert f1 == pytest.approx(f2)


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(1, 40).flatmap(lambda n: st.tuples(bracketing(n), bracketing(n))))
def test_crossing_equals_definition(pair):
    gold, test = pair
    expected = naive_crossing(gold, test)
    assert _crossing(gold, test) == expected
    assert _crossing_sweep(gold, test) == expected


def test_stats_then_scores():
    # Every corpus figure is a formula over column sums, whatever the split.
    ev = sample(EvalbParams())
    half = ev.stats.subset(list(range(16)))
    rest = ev.stats.subset(list(range(16, 33)))
    totals = half.totals(("matched", "gold", "test")) + rest.totals(("matched", "gold", "test"))
    assert totals.tolist() == [583, 614, 622]
    # The macro F1 is the mean of 2*matched / (gold + test) over the sentences
    # where that is defined, here read from EVALB's own per-sentence table
    # (columns 6-8; error and skip sentences print 0 0 0 and are left out).
    table = (FIXTURES / "sample_collins.evalb.txt").read_text(encoding="utf-8").split("\n")[3:36]
    per_sentence = [
        2 * m / (g + t) for m, g, t in (map(int, line.split()[5:8]) for line in table) if g + t
    ]
    assert len(per_sentence) == 29  # 33 sentences, 2 errors, 2 skips
    assert ev.score("F1", average="macro") == pytest.approx(sum(per_sentence) / 29)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ev.summary_text(sentences=True)
