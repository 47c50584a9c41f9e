"""TedEval across segmentations: the worked examples of SPEC.md §11 ("TedEval across
segmentations"), by hand, and what alignment does with a parse on the gold's
segmentation beside one on its own (the realistic and non-realistic scenarios of
Tsarfaty, Nivre and Andersson 2012).

Trees are dependency trees (MFTs of SPEC.md §3: a word's projection labelled with
its relation, its own span ``hd`` when it has dependents); items are written
``label(span)`` over the unit's atoms.
"""

from __future__ import annotations

import warnings

import pytest

from nltk_tedeval import AttachmentEvaluator, DependencyTree, TedEvalEvaluator
from nltk_tedeval.errors import AlignmentError, MissingParseWarning

from .columns import ALIGNED_ROW, pick

MODES = ("exact", "lcs")


def ted(parse: list, gold: list, align, missing: str = "skip") -> list[list[int]]:
    """Per unit: labeled δ and ι, unlabeled δ and ι."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingParseWarning)
        ev = TedEvalEvaluator(parse, gold, align=align, missing=missing)
        return pick(ev, "delta_labeled", "iota_labeled", "delta_unlabeled", "iota_unlabeled")


def attach(parse: list, gold: list, align, missing: str = "skip") -> list[list[int]]:
    """Per unit: gold words, parse words, UAS right, LAS right."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingParseWarning)
        ev = AttachmentEvaluator(parse, gold, align=align, missing=missing)
        return pick(ev, "gold_tokens", "parse_tokens", "head", "head_label")


# Hebrew in transliteration: hwa iSb bbit "he sat in (the) house", the token bbit
# b + bit ("in a house") or b + h_ + bit ("in the house", the article unwritten, as
# UD_Hebrew-HTB writes it).
INDEFINITE = DependencyTree(
    ("hwa", "iSb", "b", "bit"), (2, 0, 4, 2), ("nsubj", "root", "case", "obl"),
    multiword=((2, 4, "bbit"),),
)  # fmt: skip
DEFINITE = DependencyTree(
    ("hwa", "iSb", "b", "h_", "bit"), (2, 0, 5, 5, 2),
    ("nsubj", "root", "case", "det", "obl"), multiword=((2, 5, "bbit"),),
)  # fmt: skip
# hwa iSb bclm "he sat in their shadow" (b + cl + hm) or "... their onion" (bcl + hm).
SHADOW = DependencyTree(
    ("hwa", "iSb", "b", "cl", "hm"), (2, 0, 4, 2, 4),
    ("nsubj", "root", "case", "obl", "nmod:poss"), multiword=((2, 5, "bclm"),),
)  # fmt: skip
ONION = DependencyTree(
    ("hwa", "iSb", "bcl", "hm"), (2, 0, 2, 3), ("nsubj", "root", "obl", "nmod:poss"),
    multiword=((2, 4, "bclm"),),
)  # fmt: skip


def french(rel: str = "obl", multiword: tuple = ((2, 4, "du"),)) -> DependencyTree:
    """Il parle du chat, du = de + le."""
    return DependencyTree(
        ("Il", "parle", "de", "le", "chat"), (2, 0, 5, 5, 2),
        ("nsubj", "root", "case", "det", rel), multiword=multiword,
    )  # fmt: skip


@pytest.mark.parametrize("mode", MODES)
def test_a_segment_added(mode: str) -> None:
    # Atoms hwa | iSb | b | h_ | bit, h_ the parse's own text (a hole of the gold).
    # Gold: root(0,5) nsubj(0,1) hd(1,2) case(2,3) obl(2,5) hd(4,5), the obl over the
    # hole; parse: the same and det(3,4). Labeled δ = 1, ι = 6 + 7; unlabeled the five
    # spans below the root and six: δ = 1, ι = 11.
    assert ted([DEFINITE], [INDEFINITE], mode) == [[1, 13, 1, 11]]
    # Every word aligned and right: 4 gold words, 5 parse words, 4 right.
    assert attach([DEFINITE], [INDEFINITE], mode) == [[4, 5, 4, 4]]


@pytest.mark.parametrize("mode", MODES)
def test_a_segment_dropped(mode: str) -> None:
    # The mirror image: the same items, the other way round.
    assert ted([INDEFINITE], [DEFINITE], mode) == [[1, 13, 1, 11]]
    assert attach([INDEFINITE], [DEFINITE], mode) == [[5, 4, 4, 4]]


@pytest.mark.parametrize("mode", MODES)
def test_split_differently(mode: str) -> None:
    # The LCS of b cl hm and bcl hm aligns hm; bcl spells b and cl's stretch together.
    # Atoms hwa | iSb | b | cl | hm. Gold: root(0,5) nsubj(0,1) hd(1,2) obl(2,5) case(2,3)
    # hd(3,4) nmod:poss(4,5); parse: root(0,5) nsubj(0,1) hd(1,2) obl(2,5) hd(2,4)
    # nmod:poss(4,5). δ = case(2,3) and hd(3,4) added, hd(2,4) deleted = 3, ι = 7 + 6;
    # unlabeled 6 and 5 spans below the root, the same 3 edits.
    assert ted([ONION], [SHADOW], mode) == [[3, 13, 3, 11]]
    # Aligned: hwa, iSb (right) and hm (its head bcl is aligned to nothing): 2 right.
    assert attach([ONION], [SHADOW], mode) == [[5, 4, 2, 2]]


@pytest.mark.parametrize("mode", MODES)
def test_left_unsplit_and_other_forms(mode: str) -> None:
    # SPEC.md §11, Multiword tokens: du as one word costs 3/13 and 3/11; de + la for
    # de + le has the gold's spans and labels, so TedEval charges nothing (it reads no
    # form), while attachment does not align la.
    unsplit = DependencyTree(("Il", "parle", "du", "chat"), (2, 0, 4, 2),
                             ("nsubj", "root", "case", "obl"))  # fmt: skip
    assert ted([unsplit], [french()], mode) == [[3, 13, 3, 11]]
    la = DependencyTree(
        ("Il", "parle", "de", "la", "chat"), (2, 0, 5, 5, 2),
        ("nsubj", "root", "case", "det", "obl"), multiword=((2, 4, "du"),),
    )  # fmt: skip
    assert ted([la], [french()], mode) == [[0, 14, 0, 12]]
    assert attach([la], [french()], mode) == [[5, 5, 4, 4]]


@pytest.mark.parametrize("mode", [False, *MODES])
def test_the_gold_segmentation_without_range_lines(mode) -> None:
    # A parser run on the gold's words that writes no range line: the parse's words are
    # the gold's one by one, so it scores as without alignment. Items as in the gold
    # (root(0,5) nsubj(0,1) hd(1,2) obl(2,5) case(2,3) det(3,4) hd(4,5)) but obj(2,5)
    # for obl(2,5): labeled δ = 2, ι = 14; unlabeled δ = 0, ι = 12; LAS 4 of 5.
    # (Before, --align lcs diffed "dele" against "du" and gave 4/14, 2/12 and UAS 4/5.)
    parse = [french("obj", ())]
    assert ted(parse, [french()], mode) == [[2, 14, 0, 12]]
    if mode:
        assert pick(AttachmentEvaluator(parse, [french()], align=mode), *ALIGNED_ROW[:4]) == [
            [5, 5, 5, 4]
        ]


@pytest.mark.parametrize("mode", MODES)
def test_a_sentence_lacking_before_a_multiword_token(mode: str) -> None:
    # Gold: hwa iSb bbit | bbit iSb hwa; the parse lacks the first sentence. Under lcs the
    # first gold sentence is a unit without parse sentence: its 6 labeled items (root,
    # nsubj, hd, case, obl, hd) and 5 spans against nothing; the second is perfect:
    # root(0,4) case(0,1) obl(0,2) hd(1,2) hd(2,3) nsubj(3,4), δ = 0, ι = 12 and 10.
    # (Before, the words of the second were aligned inside the first's multiword token:
    # one unit, 8/18.) Under exact the texts differ: it is an error there.
    second = DependencyTree(
        ("b", "bit", "iSb", "hwa"), (2, 3, 0, 3), ("case", "obl", "root", "nsubj"),
        multiword=((0, 2, "bbit"),),
    )  # fmt: skip
    gold = [INDEFINITE, second]
    if mode == "lcs":
        assert ted([second], gold, mode) == [[6, 6, 5, 5], [0, 12, 0, 10]]
        assert attach([second], gold, mode) == [[4, 0, 0, 0], [4, 4, 4, 4]]
        # A missing parse in its place stands for it: under zero the same rows.
        assert ted([None, second], gold, mode, "zero") == [[6, 6, 5, 5], [0, 12, 0, 10]]
    else:
        with pytest.raises(AlignmentError, match="the texts differ"):
            ted([second], gold, mode)
        assert ted([None, second], gold, mode, "zero") == [[6, 6, 5, 5], [0, 12, 0, 10]]


@pytest.mark.parametrize("mode", MODES)
def test_both_scenarios_side_by_side(mode: str) -> None:
    # The gold: Il parle du chat | hwa iSb bbit. One parse on the gold's words (the first
    # sentence without range lines, with obj for obl: 2/14 there), one on its own
    # (du left unsplit, h_ added: 3/13 and 1/13, SPEC.md §11). One alignment over both:
    # the same two units, rows side by side, and the note counts the units where each
    # parse's words are not the gold's: none for the first, both for the second.
    gold = [french(), INDEFINITE]
    on_gold = [french("obj", ()), INDEFINITE]
    unsplit = DependencyTree(("Il", "parle", "du", "chat"), (2, 0, 4, 2),
                             ("nsubj", "root", "case", "obl"))  # fmt: skip
    own = [unsplit, DEFINITE]
    a, b = TedEvalEvaluator.evaluate_systems(
        gold, [on_gold, own], names=["gold-segmentation", "predicted-segmentation"], align=mode
    )
    rows = ("delta_labeled", "iota_labeled", "delta_unlabeled", "iota_unlabeled")
    assert pick(a, *rows) == [[2, 14, 0, 12], [0, 12, 0, 10]]
    assert pick(b, *rows) == [[3, 13, 3, 11], [1, 13, 1, 11]]
    # Corpus scores: labeled 1 - 2/26 and 1 - 4/26, unlabeled 1 - 0/22 and 1 - 4/22.
    assert [round(float(s), 4) for s in a.eval()] == [0.9231, 1.0]
    assert [round(float(s), 4) for s in b.eval()] == [0.8462, 0.8182]
    assert a.alignment_summary()["other_words"] == {
        "gold-segmentation": 0, "predicted-segmentation": 2,
    }  # fmt: skip
    assert a.alignment_note().endswith(
        "; words other than the gold's in 0 of 2 units of gold-segmentation, "
        "2 of 2 units of predicted-segmentation"
    )


@pytest.mark.parametrize("mode", MODES)
def test_no_count_where_every_parse_has_the_gold_words(mode: str) -> None:
    # Sentences split otherwise but every word the gold's: nothing to say. A missing parse
    # has no words, so it is no unit of other words either.
    gold = [french(), INDEFINITE]
    ev = TedEvalEvaluator([french("obj", ()), None], gold, align=mode, missing="zero")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingParseWarning)
        ev.eval()
    assert "other_words" not in ev.alignment_summary()
    assert "other than the gold's" not in ev.alignment_note()
