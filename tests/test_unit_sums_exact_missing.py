"""Issue 26's three classes of mutation survivors, as worked examples for every metric.

A mutation audit of the alignment layer, the aligned metrics, disco-dop's
ParsEval and the missing-parse policies (docs/mutation.md) found survivors
in three classes, which this file pins by hand:

1. sums over a unit that spans several gold sentences: its length (the sum
   of its gold sentences' EVALB lengths for ParsEval, its gold positions for
   jp-evalb), and so whether it is one of the len<=40 figures;
2. exact match when the parse has every gold bracket and more (ParsEval over
   positions, jp-evalb, disco-dop's exact match);
3. the statistics a missing parse gets under each policy, tags included
   (ParsEval, jp-evalb, disco-dop's ParsEval, MPH, TedEval, attachment),
   in a unit of one gold sentence and in a unit that another system's
   sentence split makes span two.

Every expected value is derived in the comment above it from SPEC.md (§7
for EVALB's, jp-evalb's and disco-dop's rules, §10 for the policies, §11
for units and positions); none was copied from the package's output, and
none compares two of the package's own code paths.

ParsEval and jp-evalb rows are the 14 columns ``sentences valid errors
skipped matched gold test complete crossing no_crossing two_or_less words
correct_tags length``, followed by the first 13 again for len<=40 (all 0
for a unit longer than 40). TedEval rows are ``[labeled δ, labeled ι,
unlabeled δ, unlabeled ι]``; aligned attachment rows ``[gold words, parse
words, head, label, head+label, undirected, NED]``.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import pytest
from nltk import Tree

from nltk_tedeval import (
    AttachmentEvaluator,
    DependencyTree,
    DiscoParsevalEvaluator,
    JpEvalbEvaluator,
    MPHEvaluator,
    ParsevalEvaluator,
    TedEvalEvaluator,
)
from nltk_tedeval.errors import MissingParseWarning
from nltk_tedeval.trees.discontinuous import DiscTree

from .columns import ALIGNED_ROW, pick

D = DependencyTree
T = Tree.fromstring
POLICIES = ("skip", "zero", "flat")


def rows(ev: Any) -> list[list[int]]:
    return ev.stats.array.tolist()


def with_cut(row: list[int]) -> list[int]:
    """An EVALB row and its len<=40 copy (the row of a unit of 40 words or fewer)."""
    return [*row, *row[:13]]


def without_cut(row: list[int]) -> list[int]:
    """An EVALB row of a unit longer than 40: its len<=40 copy is all 0."""
    return [*row, *[0] * 13]


def quietly(make: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``make(...)`` (an evaluator or a list of them), run without its MissingParseWarning."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingParseWarning)
        made = make(*args, **kwargs)
        for ev in made if isinstance(made, list) else [made]:
            _ = ev.stats  # the run happens here
        return made


# -- 1. sums over a unit of several gold sentences --------------------------------------


def _joined(first: int, second: int, trace: bool) -> tuple[list[Tree], list[Tree]]:
    """Two gold sentences of ``first`` and ``second`` words and a "." each, the first with
    an empty subject when ``trace``, and one parse sentence that joins them."""
    a = " ".join(f"(VB a{i})" for i in range(first))
    b = " ".join(f"(VB b{i})" for i in range(second))
    subject = "(NP (-NONE- *T*)) " if trace else ""
    gold = [T(f"(S {subject}(VP {a}) (. .))"), T(f"(S (VP {b}) (. .))")]
    parse = [T(f"(S (S (VP {a}) (. .)) (S (VP {b}) (. .)))")]
    return gold, parse


@pytest.mark.parametrize("align", [True, "lcs"])
def test_parseval_length_of_a_unit_is_the_sum_of_its_gold_sentences_evalb_lengths(
    align: Any,
) -> None:
    # 19 words, a trace and "." | 19 words and ".", joined by the parse. EVALB's
    # length counts every word but the empty elements (DELETE_LABEL_FOR_LENGTH
    # -NONE-), punctuation included: 20 + 20 = 40, so the unit is one of the
    # len<=40 figures (counting the trace would make it 41, and counting the
    # second sentence alone 20).
    # Positions: the 40 text tokens, one each; the two "." are deleted (gold tag
    # "."), so bracket ends count 38 kept positions, 19 per sentence. The trace
    # has no position, and its NP holds nothing else: not counted. Gold: S and
    # VP over 0-19, S and VP over 19-38 = 4; parse: those 4 and the S over 0-38
    # = 5, so all 4 matched but no complete match (a bracket more). No
    # crossing; 38 words in kept positions, each tag right.
    gold, parse = _joined(19, 19, trace=True)
    ev = ParsevalEvaluator(parse, gold, align=align)
    assert rows(ev) == [with_cut([1, 1, 0, 0, 4, 4, 5, 0, 0, 1, 1, 38, 38, 40])]
    # One word more in the first sentence: 21 + 20 = 41, out of len<=40.
    gold, parse = _joined(20, 19, trace=True)
    ev = ParsevalEvaluator(parse, gold, align=align)
    assert rows(ev) == [without_cut([1, 1, 0, 0, 4, 4, 5, 0, 0, 1, 1, 39, 39, 41])]


@pytest.mark.parametrize("align", [True, "lcs"])
def test_jp_evalb_length_of_a_unit_counts_its_gold_positions(align: Any) -> None:
    # The same pair by jp-evalb's rules: no word is deleted and the trace sits in
    # the position of the next text token, a0 (position 0). Length: the 40
    # positions that hold gold text, so the unit is in the len<=40 figures.
    # Gold constituents: S 0-20, NP 0-1 (the trace's), VP 0-19, S 20-40,
    # VP 20-39 = 5; parse: S 0-40, S 0-20, VP 0-19, S 20-40, VP 20-39 = 5;
    # the sets share 4: as many test as gold brackets, but not all matched, so
    # no complete match. No test bracket crosses NP 0-1. Words: the 41 gold
    # (tag, word) pairs, the trace's included; 40 of them are the parse's.
    gold, parse = _joined(19, 19, trace=True)
    ev = JpEvalbEvaluator(parse, gold, align=align)
    assert rows(ev) == [with_cut([1, 1, 0, 0, 4, 5, 5, 0, 0, 1, 1, 41, 40, 40])]
    # A word more: 41 positions, out of len<=40 (its cut is jp-evalb's, 40).
    gold, parse = _joined(20, 19, trace=True)
    ev = JpEvalbEvaluator(parse, gold, align=align)
    assert rows(ev) == [without_cut([1, 1, 0, 0, 4, 5, 5, 0, 0, 1, 1, 42, 41, 41])]


def test_jp_evalb_length_leaves_out_a_position_of_parse_text_alone() -> None:
    # Gold "a0 .. a19" | "b0 .. b19"; the parse joins them and adds the word "x"
    # before b0. Under lcs "x" is the parse's own text, a position of its own
    # (position 20), which holds no gold text: the length is the 40 gold
    # positions, not the unit's 41, so the unit is one of the len<=40 figures.
    # Gold constituents: S 0-20, VP 0-20, S 21-41, VP 21-41 = 4; parse: S 0-41,
    # S 0-20, VP 0-20, S 20-41 and VP 20-41 (both over "x") = 5; 2 shared. No
    # crossing (S 20-41 holds S 21-41). Words: 40 gold pairs, all the parse's.
    a = " ".join(f"(VB a{i})" for i in range(20))
    b = " ".join(f"(VB b{i})" for i in range(20))
    gold = [T(f"(S (VP {a}))"), T(f"(S (VP {b}))")]
    parse = [T(f"(S (S (VP {a})) (S (VP (VB x) {b})))")]
    ev = JpEvalbEvaluator(parse, gold, align="lcs")
    assert rows(ev) == [with_cut([1, 1, 0, 0, 2, 4, 5, 0, 0, 1, 1, 40, 40, 40])]


# -- 2. exact match when the parse has every gold bracket and more ----------------------

NOV = "(S (NP (NNP Nov.) (CD 5)) (VP (VBD came)))"
NOV_SPLIT = "(S (NP (NNP Nov) (. .) (CD 5)) (VP (VBD came)))"
NOV_SPLIT_MORE = "(S (NP (NNP Nov) (. .) (CD 5)) (VP (VP (VBD came))))"


def test_parseval_complete_match_over_positions_needs_no_bracket_more() -> None:
    # "Nov." against "Nov" "." is no unit of equal tokens, so it is scored over
    # positions (Nov. | 5 | came); position 0 holds the gold's NNP, so it is
    # kept. Gold S 0-3, NP 0-2, VP 2-3. Position 0 holds one gold token and two
    # parse tokens: no tag right there; 5 and came are: 3 words, 2 tags, length 3.
    # The parse with the same brackets: all 3 matched, a complete match.
    ev = ParsevalEvaluator([T(NOV_SPLIT)], [T(NOV)], align=True)
    assert rows(ev) == [with_cut([1, 1, 0, 0, 3, 3, 3, 1, 0, 1, 1, 3, 2, 3])]
    # With a second VP 2-3: every gold bracket matched, 4 test brackets: no
    # complete match (EVALB's: as many test brackets as gold, all matched).
    ev = ParsevalEvaluator([T(NOV_SPLIT_MORE)], [T(NOV)], align=True)
    assert rows(ev) == [with_cut([1, 1, 0, 0, 3, 3, 4, 0, 0, 1, 1, 3, 2, 3])]


def test_parseval_complete_match_of_two_gold_sentences_joined_under_a_deleted_root() -> None:
    # The pair of the first test, the parse's root relabelled TOP, which
    # COLLINS.prm deletes: the parse has the gold's 4 brackets and no more, a
    # complete match over a unit of two gold sentences.
    gold, parse = _joined(19, 19, trace=True)
    top = Tree("TOP", list(parse[0]))
    ev = ParsevalEvaluator([top], gold, align=True)
    assert rows(ev) == [with_cut([1, 1, 0, 0, 4, 4, 4, 1, 0, 1, 1, 38, 38, 40])]


def test_jp_evalb_complete_match_needs_no_bracket_more() -> None:
    # jp-evalb's rules on the same pairs: constituents S 0-3, NP 0-2, VP 2-3 on
    # both sides, a complete match. Tags are (tag, word) pairs: the gold's
    # (NNP, Nov.) is not the parse's (NNP, Nov): 3 gold words, 2 shared; 3 positions.
    ev = JpEvalbEvaluator([T(NOV_SPLIT)], [T(NOV)])
    assert rows(ev) == [with_cut([1, 1, 0, 0, 3, 3, 3, 1, 0, 1, 1, 3, 2, 3])]
    # Two VP 2-3 in the parse: the sets share all 3, but the parse has 4
    # constituents: no complete match.
    ev = JpEvalbEvaluator([T(NOV_SPLIT_MORE)], [T(NOV)])
    assert rows(ev) == [with_cut([1, 1, 0, 0, 3, 3, 4, 0, 0, 1, 1, 3, 2, 3])]


DARUEBER = "(ROOT (S (VP (PROAV 0=Darüber) (VVPP 2=nachgedacht)) (VMFIN 1=muss)) ($. 3=.))"


@pytest.mark.parametrize(
    ("parse", "expected"),
    [
        # The gold itself: S {0,1,2} and the discontinuous VP {0,2} (ROOT and
        # "." deleted), both matched; exact.
        (DARUEBER, [2, 2, 2, 2, 2, 1, 1, 1, 1, 3, 3]),
        # A second VP {0,2} over the first: the gold's 2 brackets matched, 3 test
        # brackets (2 distinct, 2 discontinuous): the multisets differ, no exact
        # match (as sets they would be equal).
        (
            "(ROOT (S (VP (VP (PROAV 0=Darüber) (VVPP 2=nachgedacht))) (VMFIN 1=muss)) ($. 3=.))",
            [2, 2, 3, 2, 2, 1, 2, 0, 1, 3, 3],
        ),
        # A VP {1} more, over muss: 2 matched of 2 gold and 3 test (3 distinct),
        # no exact match.
        (
            "(ROOT (S (VP (PROAV 0=Darüber) (VVPP 2=nachgedacht)) (VP (VMFIN 1=muss))) ($. 3=.))",
            [2, 2, 3, 2, 3, 1, 1, 0, 1, 3, 3],
        ),
    ],
)
def test_disco_exact_match_is_equality_of_the_multisets(parse: str, expected: list[int]) -> None:
    # Columns: matched gold test gold_types test_types gold_disc test_disc exact
    # sentences correct_tags words, then the length (4 gold words, none of
    # them in proper.prm's empty DELETE_LABEL_FOR_LENGTH), then the first 11
    # again for len<=40.
    ev = DiscoParsevalEvaluator([DiscTree.from_discbracket(parse)],
                                [DiscTree.from_discbracket(DARUEBER)])  # fmt: skip
    assert rows(ev) == [[*expected, 4, *expected]]


# -- 3. a missing parse, policy by policy -----------------------------------------------

I_LEFT_DOT = "(S (NP (PRP I)) (VP (VBD left)) (. .))"


@pytest.mark.parametrize("align", [False, True, "lcs"])
def test_parseval_rows_of_a_missing_parse(align: Any) -> None:
    # Gold "I left ." (SPEC.md §10): S 0-2 (the "." deleted), NP 0-1, VP 1-2 = 3
    # brackets; 2 words (the "." is deleted); length 3 (punctuation counts).
    # skip: EVALB's skip row, sentences 1 and skipped 1, of the gold's length.
    # zero: valid, no test bracket and no tag right: no crossing, and no
    # complete match since the gold has brackets.
    # flat: (ROOT (PRP I) (VBD left) (. .)): ROOT 0-2 matches no gold label and
    # crosses nothing; both tags right.
    expected = {
        "skip": [1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3],
        "zero": [1, 1, 0, 0, 0, 3, 0, 0, 0, 1, 1, 2, 0, 3],
        "flat": [1, 1, 0, 0, 0, 3, 1, 0, 0, 1, 1, 2, 2, 3],
    }
    for policy, row in expected.items():
        ev = quietly(ParsevalEvaluator, [None], [T(I_LEFT_DOT)], missing=policy, align=align)
        assert rows(ev) == [with_cut(row)], policy
        assert ev.counts() == {"read": 1, "scored": 0 if policy == "skip" else 1,
                               "missing": 1, "skipped": 0, "errors": 0}  # fmt: skip


@pytest.mark.parametrize("align", [True, "lcs"])
def test_jp_evalb_rows_of_a_missing_parse(align: Any) -> None:
    # Gold "(ROOT (S ...))" of "I left .": constituents ROOT 0-3, S 0-3, NP 0-1,
    # VP 1-2 = 4; no word deleted: 3 (tag, word) pairs; 3 positions.
    # skip: the skip row, of EVALB's length of the gold (3).
    # zero: no constituent and no pair of the parse: 0 of 4, no tag right.
    # flat: (ROOT (PRP I) (VBD left) (. .)): its ROOT 0-3 is the gold's: 1 of
    # 4 matched, 1 test constituent, crossing nothing; all 3 pairs shared.
    gold = T(f"(ROOT {I_LEFT_DOT})")
    expected = {
        "skip": [1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3],
        "zero": [1, 1, 0, 0, 0, 4, 0, 0, 0, 1, 1, 3, 0, 3],
        "flat": [1, 1, 0, 0, 1, 4, 1, 0, 0, 1, 1, 3, 3, 3],
    }
    for policy, row in expected.items():
        ev = quietly(JpEvalbEvaluator, [None], [gold], missing=policy, align=align)
        assert rows(ev) == [with_cut(row)], policy


def test_disco_rows_of_a_missing_parse() -> None:
    # Gold: S {0,1,2} and the discontinuous VP {0,2} (proper.prm deletes ROOT
    # and "."): 2 brackets, 2 distinct, 1 discontinuous; 3 words kept; length 4.
    # skip: no row. zero: no test bracket, no tag right, no exact match.
    # flat: (ROOT (PROAV Darüber) (VMFIN muss) (VVPP nachgedacht) ($. .)) has
    # no bracket once ROOT is deleted; its tags are the gold's: 3 right.
    gold = [DiscTree.from_discbracket(DARUEBER)]
    expected = {
        "skip": [],
        "zero": [[0, 2, 0, 2, 0, 1, 0, 0, 1, 0, 3]],
        "flat": [[0, 2, 0, 2, 0, 1, 0, 0, 1, 3, 3]],
    }
    for policy, want in expected.items():
        ev = quietly(DiscoParsevalEvaluator, [None], gold, missing=policy)
        assert rows(ev) == [[*r, 4, *r] for r in want], policy
        assert ev.counts()["missing"] == 1


def test_mph_rows_of_a_missing_parse() -> None:
    # Gold "(S (NP (DT the) (NN dog)) (VP (VBD barked)) (. .))", Collins' heads:
    # barked heads VP and S, dog NP. Maximal projections: S (the whole
    # sentence once "." is removed: not scored), NP 0-2 (its parent's head is
    # another word), and the single words: one bracket, NP 0-2.
    # skip: no row. zero: (matched, gold, test) = (0, 1, 0). flat: (ROOT (DT
    # the) (NN dog) (VBD barked) (. .)) has only the whole sentence and single
    # words: (0, 1, 0) as well.
    gold = [T("(S (NP (DT the) (NN dog)) (VP (VBD barked)) (. .))")]
    for policy, want in {"skip": [], "zero": [[0, 1, 0]], "flat": [[0, 1, 0]]}.items():
        ev = quietly(MPHEvaluator, [None], gold, missing=policy)
        assert rows(ev) == want, policy
        assert ev.counts()["missing"] == 1


# A unit that spans two gold sentences and holds a missing parse (SPEC.md §11):
# system a parsed "I left" and failed on "New York stayed .", system b joined
# the two as "Ileft New" | "York stayed .", so the only unit holds both gold
# sentences, and a's missing parse is in it.
GOLD_TREES = [
    T("(S (NP (PRP I)) (VP (VBD left)))"),
    T("(S (NP (NNP New) (NNP York)) (VP (VBD stayed)) (. .))"),
]
B_TREES = [
    T("(S (NP (NNP Ileft)) (NP (NNP New)))"),
    T("(S (NP (NNP York)) (VP (VBD stayed)) (. .))"),
]


def _two_systems(cls: type, policy: str, align: Any) -> tuple[list, list]:
    a = [GOLD_TREES[0], None]
    evs = quietly(cls.evaluate_systems, GOLD_TREES, [a, B_TREES], missing=policy, align=align)
    for ev in evs:
        assert ev.counts() == {"read": 1, "scored": 0 if policy == "skip" else 1,
                               "missing": 1, "skipped": 0, "errors": 0}  # fmt: skip
    return rows(evs[0]), rows(evs[1])


# System b against the gold, the same under zero and flat (b misses nothing):
# positions Ileft | New | York | stayed | . (the gold's I and left both lie in
# position 0), the last deleted for ParsEval. ParsEval: gold S, NP, VP all
# over 0-1, and S 1-4, NP 1-3, VP 3-4; b: S 0-2, NP 0-1, NP 1-2, S 2-4,
# NP 2-3, VP 3-4: 2 matched (NP 0-1, VP 3-4) of 6 and 6; S 0-2 crosses S 1-4
# and S 2-4 crosses NP 1-3: 2 crossing (so "2 or less" but not "no
# crossing"); 5 words in kept positions, and New, York, stayed alone in
# theirs with the gold's tag: 3 right; length 2 + 4 = 6.
PARSEVAL_B = [1, 1, 0, 0, 2, 6, 6, 0, 2, 0, 1, 5, 3, 6]


@pytest.mark.parametrize("align", [True, "lcs"])
def test_parseval_a_missing_parse_in_a_unit_of_two_gold_sentences(align: Any) -> None:
    # a against the gold: positions I | left | New | York | stayed | ., the
    # last deleted. Gold brackets S 0-2, NP 0-1, VP 1-2, S 2-5, NP 2-4, VP 4-5.
    # skip: the unit is left out of both systems: one skip row each, whose
    # length is the sum of the two gold sentences' lengths, 2 + 4 = 6.
    skip = [1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6]
    assert _two_systems(ParsevalEvaluator, "skip", align) == ([with_cut(skip)],) * 2
    # zero: a's parse of "I left" counts (its 3 brackets matched, 2 tags
    # right); the stand-in for the second has no bracket and no tag right.
    # 3 of 6 gold, 3 test; 5 words in kept positions; length 6.
    zero = [1, 1, 0, 0, 3, 6, 3, 0, 0, 1, 1, 5, 2, 6]
    assert _two_systems(ParsevalEvaluator, "zero", align) == (
        [with_cut(zero)], [with_cut(PARSEVAL_B)])  # fmt: skip
    # flat: the stand-in is (ROOT (NNP New) (NNP York) (VBD stayed) (. .)):
    # ROOT 2-5 more, matching nothing and crossing nothing; its 3 kept tags
    # are right: 5 of 5.
    flat = [1, 1, 0, 0, 3, 6, 4, 0, 0, 1, 1, 5, 5, 6]
    assert _two_systems(ParsevalEvaluator, "flat", align) == (
        [with_cut(flat)], [with_cut(PARSEVAL_B)])  # fmt: skip


@pytest.mark.parametrize("align", [True, "lcs"])
def test_jp_evalb_a_missing_parse_in_a_unit_of_two_gold_sentences(align: Any) -> None:
    # jp-evalb's rules keep the "." (a word and a position): for a, positions
    # I | left | New | York | stayed | .; gold S 0-2, NP 0-1, VP 1-2, S 2-6,
    # NP 2-4, VP 4-5; 6 (tag, word) pairs; 6 gold positions.
    # skip: one skip row for each system, of EVALB's length of the two gold
    # sentences (the same 6 here).
    skip = [1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6]
    assert _two_systems(JpEvalbEvaluator, "skip", align) == ([with_cut(skip)],) * 2
    # b: positions Ileft | New | York | stayed | .: gold S, NP, VP over 0-1,
    # S 1-5, NP 1-3, VP 3-4; b S 0-2, NP 0-1, NP 1-2, S 2-5, NP 2-3, VP 3-4:
    # 2 shared, 2 crossing (S 0-2 with S 1-5, S 2-5 with NP 1-3); b shares the
    # pairs of New, York, stayed and "." (4 of 6); 5 positions of gold text.
    b = [1, 1, 0, 0, 2, 6, 6, 0, 2, 0, 1, 6, 4, 5]
    # zero: a's first sentence: 3 shared constituents, 2 pairs.
    zero = [1, 1, 0, 0, 3, 6, 3, 0, 0, 1, 1, 6, 2, 6]
    assert _two_systems(JpEvalbEvaluator, "zero", align) == ([with_cut(zero)], [with_cut(b)])
    # flat: ROOT 2-6 more; the stand-in's 4 pairs are the gold's: 6 of 6.
    flat = [1, 1, 0, 0, 3, 6, 4, 0, 0, 1, 1, 6, 6, 6]
    assert _two_systems(JpEvalbEvaluator, "flat", align) == ([with_cut(flat)], [with_cut(b)])


GOLD_DEPS = [
    D(("I", "left"), (2, 0), ("nsubj", "root")),
    D(("New", "York", "stayed"), (2, 3, 0), ("compound", "nsubj", "root")),
]
B_DEPS = [
    D(("Ileft", "New"), (0, 1), ("root", "dep")),
    D(("York", "stayed"), (2, 0), ("nsubj", "root")),
]


@pytest.mark.parametrize("align", [True, "lcs"])
def test_tedeval_and_attachment_flat_and_skip_in_a_unit_of_two_gold_sentences(
    align: Any,
) -> None:
    # SPEC.md §11's example under zero is in test_aligned_metrics.py; here flat
    # and skip. a against the gold, atoms I | left | New | York | stayed.
    # Gold items: root(0,2) nsubj(0,1) hd(1,2), root(2,5) nsubj(2,4)
    # compound(2,3) hd(3,4) hd(4,5): 8, none over the whole unit. a: its
    # "I left" (the gold's 3 items) and the flat parse of the second, every
    # word a dep of the root: dep(2,3) dep(3,4) dep(4,5), and no node over
    # (2,5), which no word's projection spans (SPEC.md §3.1: the nodes are the
    # projections). Labeled: 3 shared, δ = 5 + 3 = 8, ι = 8 + 6 = 14;
    # unlabeled 8 gold spans and 6 of a's, all a's in the gold: δ = 2 ((2,5)
    # and (2,4)), ι = 14.
    a = [GOLD_DEPS[0], None]
    systems = (GOLD_DEPS, [a, B_DEPS])
    ted = quietly(TedEvalEvaluator.evaluate_systems, *systems, missing="flat", align=align)
    assert rows(ted[0]) == [[8, 14, 2, 14]]
    # Attachment: 5 gold and 5 parse words. I and left are right in every
    # measure. Under the flat parse New, York and stayed hang from the root
    # with "dep": stayed's head is right (the root), its relation is not; York's
    # gold grandparent is the root (NED); New's gold head is York and its
    # grandparent stayed: nothing. Heads 3, labels 2, both 2, undirected 3, NED 4.
    # The gold's words carry relations, so the unit's labeled gold and parse
    # words are all 5 and 5 (SPEC.md §7, per unit under --align).
    att = quietly(AttachmentEvaluator.evaluate_systems, *systems, missing="flat", align=align)
    assert pick(att[0], *ALIGNED_ROW) == [[5, 5, 3, 2, 2, 3, 4, 5, 5]]
    # skip: the unit is left out of both systems: no row for either.
    for cls in (TedEvalEvaluator, AttachmentEvaluator):
        evs = quietly(cls.evaluate_systems, *systems, align=align)
        assert [rows(ev) for ev in evs] == [[], []]
        assert evs[1].counts() == {"read": 1, "scored": 0, "missing": 1, "skipped": 0}
