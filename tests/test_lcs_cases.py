"""What a parse lacks or adds under ``align="lcs"``, and missing parses, worked by hand.

SPEC.md §10 and §11: gold text the parse lacks counts as missed and parse
text the gold lacks as wrong, in every metric; a changed spelling costs
nothing by itself; a missing parse follows its policy sentence by sentence
inside a unit; a parse without a word of text is a missing parse in every
command. Every expected value is derived in the comment above it from the
rules of SPEC.md; none was copied from the package's output.

Row layouts: TedEval ``[labeled δ, labeled ι, unlabeled δ, unlabeled ι]``;
aligned attachment ``[gold words, parse words, head, label, head+label,
undirected, NED]``.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest
from nltk import Tree

from nltk_tedeval import (
    AttachmentEvaluator,
    DependencyTree,
    JpEvalbEvaluator,
    MPHEvaluator,
    ParsevalEvaluator,
    TedEvalEvaluator,
)
from nltk_tedeval.cli import main
from nltk_tedeval.errors import AlignmentError, MissingParseWarning, TedEvalError

from .columns import ALIGNED_ROW, ATTACHMENT_ROW, pick

D = DependencyTree
T = Tree.fromstring
COUNTS = ("matched", "gold", "test", "words", "correct_tags", "length")

DOG = "(S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .))"
RAN = "(S (NP (PRP It)) (VP (VBD ran) (ADVP (RB away))) (. .))"
CAT = "(S (NP (DT A) (NN cat)) (VP (VBD slept)) (. .))"


def rows(ev: Any) -> list[list[int]]:
    return ev.stats.array.tolist()


def totals(ev: Any, cols: tuple[str, ...] = COUNTS) -> list[int]:
    return ev.stats.totals(cols).tolist()


# -- a dropped sentence -----------------------------------------------------------------


def test_a_dropped_sentence_counts_as_missed_in_parseval() -> None:
    # Units: DOG/DOG, RAN/(nothing), CAT/CAT. Units 1 and 3 match S, NP, VP (the
    # "." is deleted) and tag The, dog, barked (A, cat, slept) right. Unit 2:
    # gold S(0,3) NP(0,1) VP(1,3) ADVP(2,3) over It|ran|away, none matched; 3
    # words, no tag right; length 4 (EVALB's length counts the "."): matched
    # 6, gold 10, test 6, words 9, tags 6, length 12.
    ev = ParsevalEvaluator([T(DOG), T(CAT)], [T(DOG), T(RAN), T(CAT)], align="lcs")
    assert totals(ev) == [6, 10, 6, 9, 6, 12]
    assert [round(float(s), 4) for s in ev.eval()] == [1.0, 0.6, 0.75]
    assert ev.aligned_counts["units"] == 3


def test_a_dropped_sentence_counts_as_missed_in_tedeval() -> None:
    # Unlabeled (no function label anywhere: labeled is N/A). Units 1 and 3:
    # the five spans below the root ((0,2) NP, (0,1), (1,2), (2,3), (3,4)) on
    # both sides, δ/ι = 0/10. Unit 2: (0,1) NP, (1,3) VP, (1,2), (2,3) ADVP,
    # (3,4) in the gold, nothing in the parse: δ/ι = 5/5.
    ev = TedEvalEvaluator([T(DOG), T(CAT)], [T(DOG), T(RAN), T(CAT)], align="lcs")
    assert rows(ev) == [[0, 0, 0, 10], [0, 0, 5, 5], [0, 0, 0, 10]]
    assert float(ev.eval()[1]) == pytest.approx(1 - 5 / 25)


def test_a_dropped_sentence_on_the_command_line(tmp_path: Path, capsys) -> None:
    gold, parse = tmp_path / "gold.ptb", tmp_path / "parse.ptb"
    gold.write_text(f"{DOG}\n{RAN}\n{CAT}\n", encoding="utf-8")
    parse.write_text(f"{DOG}\n{CAT}\n", encoding="utf-8")
    assert main(["parseval", str(gold), str(parse), "--align", "lcs"]) == 0
    out = capsys.readouterr().out
    # The figures of the test above, as EVALB prints them.
    for line in (
        "Bracketing Recall         =  60.00",
        "Bracketing Precision      = 100.00",
        "Bracketing FMeasure       =  75.00",
        "Tagging accuracy          =  66.67",
    ):
        assert line in out
    assert main(["score", str(gold), str(parse), "--align", "lcs", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["systems"][0]["scores"]["unlabeled"]["value"] == pytest.approx(0.8)
    # The 10 characters of "Itranaway." are the gold's alone.
    assert report["alignment"]["unmatched"] == {"gold": 10, "parse": 0}


def test_a_dropped_sentence_in_attachment() -> None:
    # Gold "I left" | "You stayed", parse "I left" only. Unit 1: both words
    # aligned and right. Unit 2: 2 gold words, no parse word. UAS_P = 2/2,
    # UAS_R = 2/4, UAS = 2·2/(4 + 2). Both units have relations to compare, so LA
    # and LAS count the same words (the last two columns, gold and parse).
    gold = [D(("I", "left"), (2, 0), ("nsubj", "root")),
            D(("You", "stayed"), (2, 0), ("nsubj", "root"))]  # fmt: skip
    ev = AttachmentEvaluator([gold[0]], gold, align="lcs")
    assert pick(ev, *ALIGNED_ROW) == [[2, 2, 2, 2, 2, 2, 2, 2, 2], [2, 0, 0, 0, 0, 0, 0, 2, 0]]
    assert [float(ev.score(m)) for m in ("UAS_P", "UAS_R", "UAS")] == [
        1.0,
        0.5,
        pytest.approx(2 / 3),
    ]


# -- a word dropped or added inside a sentence ----------------------------------------

BIG = D(("the", "big", "dog", "barked"), (3, 3, 4, 0), ("det", "amod", "nsubj", "root"))
SMALL = D(("the", "dog", "barked"), (2, 3, 0), ("det", "nsubj", "root"))


def test_a_dropped_word_in_tedeval_and_attachment() -> None:
    # Atoms the|big|dog|barked. Gold root(0,4) nsubj(0,3) det(0,1) amod(1,2)
    # hd(2,3) hd(3,4); parse root(0,4) nsubj(0,3) (over the hole) det(0,1)
    # hd(2,3) hd(3,4). Labeled δ = 1 (amod), ι = 6 + 5; unlabeled (no (0,4)):
    # gold 5 spans, parse 4, δ = 1, ι = 9.
    assert rows(TedEvalEvaluator([SMALL], [BIG], align="lcs")) == [[1, 11, 1, 9]]
    # Attachment: the, dog, barked aligned, their heads aligned to the gold
    # heads, relations equal: 3 of 3 parse words, 3 of 4 gold words.
    dropped = AttachmentEvaluator([SMALL], [BIG], align="lcs")
    assert pick(dropped, *ALIGNED_ROW) == [[4, 3, 3, 3, 3, 3, 3, 4, 3]]


def test_an_added_word_in_tedeval_and_attachment() -> None:
    # The mirror image: amod(1,2) is the parse's alone: δ = 1, ι = 5 + 6 and
    # unlabeled 4 + 5; 3 gold words, 4 parse words, 3 right.
    assert rows(TedEvalEvaluator([BIG], [SMALL], align="lcs")) == [[1, 11, 1, 9]]
    added = AttachmentEvaluator([BIG], [SMALL], align="lcs")
    assert pick(added, *ALIGNED_ROW) == [[3, 4, 3, 3, 3, 3, 3, 3, 4]]


def test_a_dropped_and_an_added_word_in_parseval() -> None:
    big = T("(S (NP (DT the) (ADJP (JJ big)) (NN dog)) (VP (VBD barked)))")
    small = T("(S (NP (DT the) (NN dog)) (VP (VBD barked)))")
    # Dropped: positions the|big|dog|barked; gold S(0,4) NP(0,3) ADJP(1,2)
    # VP(3,4), parse S(0,4) NP(0,3) VP(3,4): 3 matched of 4 gold and 3 test;
    # 4 gold words, big's tag has no partner: 3 right; length 4.
    assert totals(ParsevalEvaluator([small], [big], align="lcs")) == [3, 4, 3, 4, 3, 4]
    # Added: "big" is parse text alone, kept (JJ is no DELETE_LABEL), so the
    # parse's ADJP(1,2) counts against precision: 3 matched of 3 gold and 4 test.
    assert totals(ParsevalEvaluator([big], [small], align="lcs")) == [3, 3, 4, 3, 3, 3]
    # An added "." is deleted as EVALB deletes punctuation: nothing changes.
    dot = T("(S (NP (DT the) (NN dog)) (. ,) (VP (VBD barked)))")
    assert totals(ParsevalEvaluator([dot], [small], align="lcs")) == [3, 3, 3, 3, 3, 3]


def test_a_changed_word_aligns_with_the_gold_word() -> None:
    # "A dog slept ." against the gold "A cat slept .": the diff pairs "dog"
    # with "cat" character by character, so "dog" stands over "cat". Every
    # bracket and tag is as with equal texts: S, NP, VP matched (the "."
    # deleted), DT, NN and VBD right, length 4.
    ev = ParsevalEvaluator([T(CAT.replace("cat", "dog"))], [T(CAT)], align="lcs")
    assert totals(ev) == [3, 3, 3, 3, 3, 4]


def test_a_unit_of_two_gold_sentences_counts_their_length_once() -> None:
    # A parse joins a gold sentence of 25 words and one of 20: one unit of
    # length 45, over CUTOFF_LEN 40, so it is no part of the len<=40 figures,
    # though each gold sentence alone would be.
    a = " ".join(f"(NN a{i})" for i in range(25))
    b = " ".join(f"(NN b{i})" for i in range(20))
    gold = [T(f"(S {a})"), T(f"(S {b})")]
    parse = [T(f"(S {a} {b})")]
    ev = ParsevalEvaluator(parse, gold, align=True)
    assert totals(ev, ("sentences", "length", "sentences_cut", "words_cut")) == [1, 45, 0, 0]
    # Gold brackets S(0,25) and S(25,45); parse S(0,45): none matched.
    assert totals(ev, ("matched", "gold", "test", "words", "correct_tags")) == [0, 2, 1, 45, 45]


def test_exact_match_needs_no_bracket_more() -> None:
    # The parse has every gold bracket and one more: EVALB's complete match
    # asks for as many test brackets as gold ones, all matched, so 0.
    gold = T("(S (NP (DT the) (NN dog)) (VP (VBD barked)))")
    more = T("(S (NP (DT the) (NN dog)) (VP (VP (VBD barked))))")
    for ev in (
        ParsevalEvaluator([more], [gold]),
        ParsevalEvaluator([more], [gold], align=True),
        ParsevalEvaluator([more], [gold], align="lcs"),
    ):
        assert totals(ev, ("matched", "gold", "test", "complete")) == [3, 3, 4, 0]
    # jp-evalb matches as sets: the two VP(2,3) are one set member, matched,
    # but the counts are 3 gold and 4 test constituents: no complete match.
    jp = JpEvalbEvaluator([more], [gold])
    assert totals(jp, ("matched", "gold", "test", "complete")) == [3, 3, 4, 0]


# -- a missing parse, policy by policy -------------------------------------------------

I_LEFT = D(("I", "left"), (2, 0), ("nsubj", "root"))
I_LEFT_TREE = "(S (NP (PRP I)) (VP (VBD left)))"


@pytest.mark.parametrize("align", [False, True, "lcs"])
def test_the_statistics_of_a_missing_parse(align: Any) -> None:
    # SPEC.md §10's table. skip: no row (ParsEval: EVALB's skip row).
    # zero: TedEval δ = ι = 3 labeled (root(0,2) nsubj(0,1) hd(1,2) missed)
    # and 2 unlabeled; ParsEval 0 of 3 gold brackets, 2 words, no tag right;
    # attachment 2 tokens, none right (aligned: 2 parse words too); the gold has
    # relations, so LA and LAS count both tokens (the last column).
    # flat: TedEval dep(0,1) dep(1,2) share no label: δ = ι = 5, and both
    # spans: unlabeled 0/4; ParsEval ROOT(0,2) matches no gold bracket, both
    # tags right; attachment: "left" hangs from the root (head, undirected);
    # NED also takes "I", whose flat head (the root) is its gold grandparent.
    tree = T(I_LEFT_TREE)
    expected = {
        "skip": ([], [1, 1, 0, 0, 0, 0, 0], []),
        "zero": ([[3, 3, 2, 2]], [1, 0, 0, 3, 0, 2, 0], [[2, 0, 0, 0, 0, 0, 2]]),
        "flat": ([[5, 5, 0, 4]], [1, 0, 0, 3, 1, 2, 2], [[2, 1, 0, 0, 1, 2, 2]]),
    }
    cols = ("sentences", "skipped", "matched", "gold", "test", "words", "correct_tags")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingParseWarning)
        for policy, (ted, pv, att) in expected.items():
            assert rows(TedEvalEvaluator([None], [I_LEFT], missing=policy, align=align)) == ted
            assert (
                totals(ParsevalEvaluator([None], [tree], missing=policy, align=align), cols) == pv
            )
            ev = AttachmentEvaluator([None], [I_LEFT], missing=policy, align=align)
            if align:
                # the gold's words stand in, for every measure and for LA and LAS:
                # from ATTACHMENT_ROW's counts to ALIGNED_ROW's, tokens and
                # labeled_tokens as gold and as parse words
                att = [[r[0], r[0], *r[1:6], r[6], r[6]] for r in att]
            assert pick(ev, *(ALIGNED_ROW if align else ATTACHMENT_ROW)) == att


@pytest.mark.parametrize("text", ["(())", "(TOP ())", "(S (-NONE- *))"])
def test_a_parse_without_a_word_of_text_is_a_missing_parse(text: str) -> None:
    # Counted as missing by every metric, and scored by the policy: under zero
    # as the table above says (TedEval on the bracketed gold: no function
    # label, labeled N/A; unlabeled 2/2 for NP(0,1) and VP(1,2)).
    tree = T(I_LEFT_TREE)
    with pytest.warns(MissingParseWarning, match="1 of 1 sentence has a missing parse"):
        ev = TedEvalEvaluator([T(text)], [tree], missing="zero")
        assert rows(ev) == [[0, 0, 2, 2]]
    assert ev.counts() == {"read": 1, "scored": 1, "missing": 1, "skipped": 0}
    with pytest.warns(MissingParseWarning):
        mph = MPHEvaluator([T(text)], [tree], missing="zero")
        assert mph.counts()["missing"] == 1
    with pytest.warns(MissingParseWarning):
        pv = ParsevalEvaluator([T(text)], [tree])
        # EVALB's own skip row for a test line without words, now also counted.
        assert totals(pv, ("sentences", "skipped", "valid")) == [1, 1, 0]
        assert pv.counts()["missing"] == 1


def test_a_gold_without_words_is_bad_input() -> None:
    with pytest.raises(TedEvalError, match="no words"):
        TedEvalEvaluator([T(I_LEFT_TREE)], [T("(S (-NONE- *))")]).eval()


def test_a_missing_parse_under_lcs_stands_for_the_gold_sentence_where_it_comes() -> None:
    # Repeated text: "a" "a" with the first parse missing. The mark before the
    # missing parse keeps the parse's "a" on the second gold sentence, so the
    # missing parse stands for the first.
    gold = [D(("a",), (0,), ("root",)), D(("a",), (0,), ("root",))]
    ev = AttachmentEvaluator([None, gold[1]], gold, align="lcs", missing="zero")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingParseWarning)
        assert pick(ev, *ALIGNED_ROW) == [[1, 1, 0, 0, 0, 0, 0, 1, 1], [1, 1, 1, 1, 1, 1, 1, 1, 1]]
    # A missing parse where the parse lacks no whole gold sentence stands for
    # nothing: here it comes between the two words of the one gold sentence.
    ab = [D(("a", "b"), (0, 1), ("root", "dep"))]
    halves = [D(("a",), (0,), ("root",)), None, D(("b",), (0,), ("root",))]
    with pytest.raises(AlignmentError, match="stands for no gold sentence"):
        AttachmentEvaluator(halves, ab, align="lcs").eval()


# -- units named in messages and rows --------------------------------------------------


def test_errors_and_rows_name_the_unit_and_its_sentences(tmp_path: Path, capsys) -> None:
    conll = "1\tThe\t_\t_\t_\t_\t2\tdet\t_\t_\n2\tdog\t_\t_\t_\t_\t0\troot\t_\t_\n"
    cycle = "1\tA\t_\t_\t_\t_\t2\tdet\t_\t_\n2\tcat\t_\t_\t_\t_\t1\troot\t_\t_\n"
    joined = (
        "1\tThe\t_\t_\t_\t_\t2\tdet\t_\t_\n2\tdog\t_\t_\t_\t_\t0\troot\t_\t_\n"
        "3\tThe\t_\t_\t_\t_\t4\tdet\t_\t_\n4\tdog\t_\t_\t_\t_\t2\tdep\t_\t_\n"
    )
    gold, parse = tmp_path / "gold.conllu", tmp_path / "out.conllu"
    gold.write_text(f"{conll}\n{conll}\n{cycle}\n", encoding="utf-8")
    second = cycle.replace("1\troot", "0\troot")
    parse.write_text(f"{joined}\n{second}\n", encoding="utf-8")
    # The gold's third sentence (line 7) has a cycle; it is unit 2, with the
    # parse's second sentence (line 6).
    assert main(["attach", str(gold), str(parse), "--align"]) == 1
    err = capsys.readouterr().err
    assert f"{gold}:7: sentence 3: in unit 2 (" in err
    assert f"sentence 3, {gold} line 7; out sentence 2, {parse} line 6): " in err
    assert "the heads form a cycle" in err
    # Per-sentence rows: unit 1 holds gold sentences 1-2 and the parse's 1.
    gold.write_text(f"{conll}\n{conll}\n{second}\n", encoding="utf-8")
    assert main(["attach", str(gold), str(parse), "--align", "--per-sentence", "-"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split("\t")[:5] == ["sentence", "id", "system", "gold_sentences",
                                        "parse_sentences"]  # fmt: skip
    assert [line.split("\t")[:5] for line in lines[1:]] == [
        ["1", "", "out", "1-2", "1"],
        ["2", "", "out", "3", "2"],
    ]
