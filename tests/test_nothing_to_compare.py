"""Empty corpora and Unicode normalization forms (SPEC.md §1 and §9).

Nothing to compare has no score: N/A (``nan``, ``null`` in JSON), never 1.0.
NFC and NFD spellings of one word are the same token for every metric but
ParsEval, which compares bytes as EVALB does and says why a sentence failed.
"""

from __future__ import annotations

import json
import math
import unicodedata

import pytest
from nltk import Tree
from nltk.parse import DependencyGraph

from nltk_tedeval import (
    AttachmentEvaluator,
    CrossFrameworkEvaluator,
    ErrorSentenceWarning,
    MissingParseWarning,
    MPHEvaluator,
    ParsevalEvaluator,
    TedEvalEvaluator,
    YieldMismatchError,
    check_yields,
    normalize_token,
)

NFC = unicodedata.normalize("NFC", "café")  # 'caf' + U+00E9
NFD = unicodedata.normalize("NFD", "café")  # 'cafe' + U+0301
assert NFC != NFD and len(NFC) == 4 and len(NFD) == 5

EVALUATORS = [TedEvalEvaluator, ParsevalEvaluator, AttachmentEvaluator, MPHEvaluator]


def graph(rows: str) -> DependencyGraph:
    return DependencyGraph(rows, top_relation_label="root")


# -- empty corpora ---------------------------------------------------------------


@pytest.mark.parametrize("evaluator", EVALUATORS, ids=lambda e: e.__name__)
@pytest.mark.parametrize("average", ["micro", "macro"])
def test_an_empty_corpus_scores_na_for_every_measure(evaluator, average: str) -> None:
    ev = evaluator([], [])
    scores = ev.scores(average=average)
    assert scores, "every evaluator offers measures"
    for name, score in scores.items():
        assert math.isnan(score), f"{evaluator.__name__} {name} on no sentence is {score}"
        assert score.sentences == 0
        assert score.format() == "n/a"
        assert score.as_dict()["value"] is None
        assert "n/a (no sentence)" in str(score) and "0 sentences" in str(score)
        # Why it is N/A, and no sentence left out: there was none (SPEC.md §9).
        assert (score.reason, score.undefined) == ("no sentence", 0)
    assert all(math.isnan(s) for s in ev.eval())
    assert ev.skipped == [] and ev.numbers == []


@pytest.mark.parametrize("evaluator", EVALUATORS, ids=lambda e: e.__name__)
def test_an_empty_corpus_serializes_as_null(evaluator) -> None:
    dumped = json.dumps([s.as_dict() for s in evaluator([], []).eval()])
    assert [d["value"] for d in json.loads(dumped)] == [None] * len(evaluator.primary)


def test_a_corpus_whose_every_sentence_was_left_out_is_na_not_perfect() -> None:
    # One sentence whose yields differ ("a b" against "a c"): with on_error="skip" the
    # parse is its system's failed parse, under missing="skip" left out; nothing is
    # left, so every score is N/A and the failed parse is counted (SPEC.md §9, §10).
    gold = [Tree.fromstring("(S (X a) (Y b))")]
    parse = [Tree.fromstring("(S (X a) (Y c))")]
    with pytest.warns(MissingParseWarning):
        ev = TedEvalEvaluator(parse, gold, on_error="skip")
        labeled, unlabeled = ev.eval()
    assert math.isnan(labeled) and math.isnan(unlabeled)
    assert [m.number for m in ev.missing] == [1] and len(ev.bad_parses) == 1
    g = [graph("a X 0 root\nb Y 1 dep")]
    p = [graph("a X 0 root\nc Y 1 dep")]
    with pytest.warns(MissingParseWarning):
        att = AttachmentEvaluator(p, g, on_error="skip")
        assert all(math.isnan(s) for s in att.eval())
    assert [m.number for m in att.missing] == [1]
    # Under zero the same parse is scored with nothing right: 0, not N/A.
    with pytest.warns(MissingParseWarning):
        att = AttachmentEvaluator(p, g, on_error="skip", missing="zero")
        assert [float(s) for s in att.eval()] == [0.0, 0.0]
    # A gold bad by itself is left out of every system: N/A again, skipped as bad.
    cycle = [graph("a X 2 dep\nb Y 1 dep")]
    att = AttachmentEvaluator(p, cycle, on_error="skip", missing="zero")
    assert all(math.isnan(s) for s in att.eval())
    assert [s.number for s in att.skipped] == [1]


def test_a_cross_framework_run_on_no_sentence_is_na() -> None:
    cross = CrossFrameworkEvaluator([("A", [], []), ("B", [], [])])
    for scores in (cross.single("A"), cross.multiple("A"), cross.overlap("A", "B")):
        assert all(math.isnan(s) for s in scores)
        assert all(s.sentences == 0 for s in scores)


def test_significance_on_no_sentence_has_no_p_value() -> None:
    # UAS of no sentence is N/A for both (SPEC.md §9), so no test runs (§6):
    # no p-value, no round, and the reason, instead of a p-value of 1.0.
    a, b = AttachmentEvaluator([], []), AttachmentEvaluator([], [])
    result = a.significance(b, "UAS")
    assert math.isnan(result.p_value) and math.isnan(result.difference)
    assert (result.rounds, result.sentences, result.tested) == (0, 0, False)
    assert result.reason == "not tested: scores A and B are N/A (no token scored)"


def test_all_punctuation_excluded_is_na_in_a_non_empty_corpus() -> None:
    # Both tokens are punctuation and punct="exclude" drops them: 0 scored tokens.
    g = [graph(", , 0 root\n. . 1 punct")]
    las, uas = AttachmentEvaluator(g, g, punct="exclude").eval()
    assert math.isnan(las) and math.isnan(uas)
    assert las.sentences == 1 and las.totals == {"head_label": 0, "labeled_tokens": 0}


# -- NFC and NFD ----------------------------------------------------------------


def test_normalize_token_maps_nfd_to_nfc_and_leaves_compatibility_forms() -> None:
    assert normalize_token(NFD) == NFC
    assert normalize_token(NFC) == NFC
    # Compatibility characters are different text (SPEC.md §1): not folded.
    assert normalize_token("\ufb01") == "\ufb01"  # the ﬁ ligature stays
    assert normalize_token("x\u00b2") == "x\u00b2"  # superscript two stays
    # Escapes and NFC together, in either order inside one token.
    assert normalize_token("-LRB-" + NFD + "-RRB-") == "(" + NFC + ")"


def test_check_yields_accepts_nfc_against_nfd_but_not_nfkc() -> None:
    check_yields([("le", NFC), ("le", NFD)], ["gold", "parse"])
    with pytest.raises(YieldMismatchError, match="token 1"):
        check_yields([("\ufb01n",), ("fin",)], ["gold", "parse"])


def test_tedeval_scores_an_nfd_parse_against_an_nfc_gold_as_identical() -> None:
    # Same tree, words spelled NFC in the gold and NFD in the parse: a perfect
    # parse. Items of (S (NP-SBJ le) (N café)): labeled (SBJ, (0,1)) on each
    # side; unlabeled the spans (0,1) and (1,2) on each side (the full span is
    # the root). So labeled δ = 0, ι = 2 and unlabeled δ = 0, ι = 4.
    gold = Tree.fromstring(f"(S (NP-SBJ le) (N {NFC}))")
    parse = Tree.fromstring(f"(S (NP-SBJ le) (N {NFD}))")
    labeled, unlabeled = TedEvalEvaluator([parse], [gold]).eval()
    assert labeled.totals == {"delta_labeled": 0, "iota_labeled": 2}
    assert unlabeled.totals == {"delta_unlabeled": 0, "iota_unlabeled": 4}
    assert (float(labeled), float(unlabeled)) == (1.0, 1.0)


def test_attachment_and_mph_accept_nfc_against_nfd() -> None:
    # Gold: le <- café (det), café the root. The parse inverts the arc, so
    # both tokens have a wrong head: LAS = UAS = 0/2. Spelling the parse's
    # words NFD must not turn this into a yield mismatch.
    gold = graph(f"le DT 2 det\n{NFC} NN 0 root")
    parse = graph(f"le DT 0 root\n{NFD} NN 1 dep")
    las, uas = AttachmentEvaluator([parse], [gold]).eval()
    assert (float(las), float(uas)) == (0.0, 0.0)
    same = graph(f"le DT 2 det\n{NFD} NN 0 root")
    las, uas = AttachmentEvaluator([same], [gold]).eval()
    assert (float(las), float(uas)) == (1.0, 1.0)
    # MPH: a three-word NP [le café noir] over a verb; both sides have the one
    # bracket (0,3) after dropping the whole-sentence bracket: P = R = 1.
    tree = "(S (NP (DT le) (NN {}) (JJ noir)) (VP (VBZ est)))"
    p, r, f = MPHEvaluator(
        [Tree.fromstring(tree.format(NFD))], [Tree.fromstring(tree.format(NFC))]
    ).eval()
    assert p.totals == {"matched": 1, "gold": 1, "test": 1}
    assert (float(p), float(r), float(f)) == (1.0, 1.0, 1.0)


def test_parseval_keeps_evalb_bytes_and_names_the_normalization() -> None:
    gold = Tree.fromstring(f"(S (NP (DT le) (NN {NFC})) (VP (VBZ est)))")
    test = Tree.fromstring(f"(S (NP (DT le) (NN {NFD})) (VP (VBZ est)))")
    # EVALB's convention: the one sentence is an error sentence, no bracket counted, and
    # said so (SPEC.md §10).
    with pytest.warns(ErrorSentenceWarning, match="1 of 1 sentence is an EVALB error"):
        ev = ParsevalEvaluator([test], [gold])
        assert math.isnan(ev.eval()[0])
    (error,) = ev.errors
    assert error.sentence == 1
    assert "word 2 differs" in str(error) and "NFC and NFD" in str(error)
    # A real difference gets no such hint.
    other = Tree.fromstring("(S (NP (DT le) (NN the)) (VP (VBZ est)))")
    with pytest.warns(ErrorSentenceWarning):
        (error,) = ParsevalEvaluator([other], [gold]).errors
    assert "word 2 differs" in str(error) and "NFC" not in str(error)
