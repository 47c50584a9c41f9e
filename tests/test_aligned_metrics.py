"""Every metric over aligned tokenizations (SPEC.md §11), worked out by hand.

The TedEval cases follow the item sets of SPEC.md §5 over a unit's atoms;
the ParsEval and attachment cases EVALB's and CoNLL's counts over
positions. Equal tokenizations must give the unaligned figures exactly.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk import Tree

from nltk_tedeval import (
    AlignmentError,
    AttachmentEvaluator,
    CrossFrameworkEvaluator,
    ParsevalEvaluator,
    TedEvalEvaluator,
    read_file,
)
from nltk_tedeval.errors import MissingParseError
from nltk_tedeval.trees import DependencyTree as D

from .columns import pick
from .conftest import examples
from .strategies import projective_heads

GUM = "corpora_samples/gum/GUM_bio_byron"

NEW_YORK = D(("New", "York", "left"), (2, 3, 0), ("compound", "nsubj", "root"))
NEWYORK = D(("NewYork", "left"), (2, 0), ("nsubj", "root"))
WORDS = ("gold_tokens", "parse_tokens", "head", "label", "head_label", "undirected", "ned")
"""The aligned attachment counts worked out by hand below, by name; labeled_* (LA's and
LAS's words, which equal the scored ones wherever a relation is compared) in
test_labeled_na.py."""
ITEMS = ("delta_labeled", "iota_labeled", "delta_unlabeled", "iota_unlabeled")
"""TedEval's δ and ι, labeled and unlabeled, worked out by hand below."""


def rows(ev) -> list[list[int]]:
    # Two runs compared with each other: every column but labeled_* (see WORDS).
    cols = [c for c in ev.stats.columns if not c.startswith("labeled_")]
    return ev.stats.view(cols).tolist()


def test_tedeval_merged_token() -> None:
    # Atoms New|York|left. Gold items: root(0,3) nsubj(0,2) compound(0,1) hd(1,2)
    # hd(2,3); the parse's: root(0,3) nsubj(0,2) hd(2,3). δ = 2 (compound and
    # the head node of York), ι = 5 + 3; unlabeled, without the node over the
    # whole unit, 4 + 2 spans, δ = 2.
    for engine in ("span", "apted"):
        ev = TedEvalEvaluator([NEWYORK], [NEW_YORK], align=True, engine=engine)
        assert pick(ev, *ITEMS) == [[2, 8, 2, 6]]
    labeled, unlabeled = TedEvalEvaluator([NEWYORK], [NEW_YORK], align=True).eval()
    assert float(labeled) == 0.75
    assert float(unlabeled) == pytest.approx(1 - 2 / 6)


def test_tedeval_split_token() -> None:
    # The mirror image: the parse has the two nodes the gold lacks.
    ev = TedEvalEvaluator([NEW_YORK], [NEWYORK], align=True)
    assert pick(ev, *ITEMS) == [[2, 8, 2, 6]]


ONE = D(("I", "left", "you", "stayed"), (2, 0, 4, 2), ("nsubj", "root", "nsubj", "parataxis"))
TWO = [D(("I", "left"), (2, 0), ("nsubj", "root")), D(("you", "stayed"), (2, 0), ("nsubj", "root"))]


def test_tedeval_sentence_split_in_two_and_two_joined() -> None:
    # One gold sentence, labeled items root(0,4) nsubj(0,1) hd(1,2)
    # parataxis(2,4) nsubj(2,3) hd(3,4); the two parse sentences root(0,2)
    # nsubj(0,1) hd(1,2) root(2,4) nsubj(2,3) hd(3,4), nothing over the whole
    # unit (its virtual root). Labeled δ = 2 + 2, ι = 12; unlabeled the gold
    # has 5 spans besides (0,4), the parse 6, δ = 1 ((0,2)), ι = 11.
    for engine in ("span", "apted"):
        split = TedEvalEvaluator(TWO, [ONE], align=True, engine=engine)
        assert pick(split, *ITEMS) == [[4, 12, 1, 11]]
        joined = TedEvalEvaluator([ONE], TWO, align=True, engine=engine)
        assert pick(joined, *ITEMS) == [[4, 12, 1, 11]]
    assert split.run.numbers == [1]


def test_parseval_split_token_by_hand() -> None:
    gold = Tree.fromstring("(S (NP (NNP Nov.) (CD 5)) (VP (VBD came)) (. .))")
    test = Tree.fromstring("(S (NP (NNP Nov) (. .)) (NP (CD 5)) (VP (VBD came)) (. .))")
    ev = ParsevalEvaluator([test], [gold], align=True)
    # Positions Nov.|5|came|. ; the last is deleted (COLLINS.prm deletes '.').
    # Gold S(0,3) NP(0,2) VP(2,3); test S(0,3) NP(0,1) NP(1,2) VP(2,3): 2 match.
    assert ev.stats.totals(("matched", "gold", "test")).tolist() == [2, 3, 4]
    # Three gold words are kept; the tag of 'Nov.' has no single partner: 2 right.
    assert ev.stats.totals(("words", "correct_tags", "length")).tolist() == [3, 2, 4]
    p, r, _f = ev.eval()
    assert (float(p), float(r)) == (0.5, pytest.approx(2 / 3))


def test_parseval_two_sentences_joined_by_hand() -> None:
    gold = [
        Tree.fromstring("(S (NP (PRP He)) (VP (VBD left)) (. .))"),
        Tree.fromstring("(S (NP (PRP She)) (VP (VBD stayed)) (. .))"),
    ]
    test = [Tree("S", [gold[0].copy(deep=True), gold[1].copy(deep=True)])]
    ev = ParsevalEvaluator(test, gold, align=True)
    # One unit; the test's extra S over both is the only unmatched bracket.
    assert ev.stats.totals(("sentences", "matched", "gold", "test")).tolist() == [1, 6, 6, 7]


def test_attachment_merged_token_by_hand() -> None:
    ev = AttachmentEvaluator([NEWYORK], [NEW_YORK], align=True)
    # Only 'left' is alone in its position on both sides; it is right.
    assert pick(ev, *WORDS) == [[3, 2, 1, 1, 1, 1, 1]]
    assert float(ev.score("UAS_P")) == 0.5
    assert float(ev.score("UAS_R")) == pytest.approx(1 / 3)
    assert float(ev.score("UAS")) == pytest.approx(2 / 5)


def test_attachment_sentence_split_in_two() -> None:
    ev = AttachmentEvaluator(TWO, [ONE], align=True)
    # Every word aligns; 'stayed' hangs from the root instead of 'left', as
    # root instead of parataxis: head, label and undirected miss it, but NED
    # accepts it, the root being the head of its gold head 'left'.
    assert pick(ev, *WORDS) == [[4, 4, 3, 3, 3, 3, 4]]


@pytest.mark.parametrize("fmt", ["conllu", "ptb"])
def test_equal_tokenization_changes_nothing(fmt: str) -> None:
    gold = [r.tree for r in read_file(f"{GUM}.{fmt}")]
    evaluators = [TedEvalEvaluator] + ([AttachmentEvaluator] if fmt == "conllu" else [])
    evaluators += [ParsevalEvaluator] if fmt == "ptb" else []
    for cls in evaluators:
        plain = cls(gold, gold)
        aligned = cls(gold, gold, align=True)
        assert float(aligned.eval()[0]) == float(plain.eval()[0])
        if cls is not AttachmentEvaluator:
            assert rows(aligned) == rows(plain)


def test_cross_with_alignment_equals_cross_without() -> None:
    ud = [r.tree for r in read_file(f"{GUM}.conllu")]
    ptb = [r.tree for r in read_file(f"{GUM}.ptb")]
    plain = CrossFrameworkEvaluator([("ud", ud, ud), ("ptb", ptb, ptb)])
    aligned = CrossFrameworkEvaluator([("ud", ud, ud), ("ptb", ptb, ptb)], align=True)
    for name in ("ud", "ptb"):
        assert rows_of(aligned, name) == rows_of(plain, name)
    assert [float(s) for s in aligned.overlap("ud", "ptb")] == [
        float(s) for s in plain.overlap("ud", "ptb")
    ]


def rows_of(cross, name):
    return [cross.stats(name, s).array.tolist() for s in ("single", "multiple")]


def test_different_text_is_an_error_and_a_missing_parse_follows_its_policy() -> None:
    with pytest.raises(AlignmentError, match="the texts differ"):
        TedEvalEvaluator([D(("NewYork", "right"), (2, 0), ("nsubj", "root"))], [NEW_YORK],
                         align=True).eval()  # fmt: skip
    with pytest.raises(MissingParseError, match="has no parse for this sentence"):
        TedEvalEvaluator([None], [NEW_YORK], align=True, missing="error").eval()
    # flat: the flat parse of the gold sentence the missing parse stands for, over
    # its tokens, so a unit of one sentence scores as without alignment. TedEval:
    # gold root(0,3) nsubj(0,2) compound(0,1) hd(1,2) hd(2,3), flat dep(0,1)
    # dep(1,2) dep(2,3): labeled δ = ι = 8; unlabeled the gold's (0,2) is missed,
    # δ/ι = 1/7. Attachment: only "left" has its head (the root), and NED also
    # forgives York, whose gold grandparent is the root.
    ted = TedEvalEvaluator([None], [NEW_YORK], align=True, missing="flat")
    assert pick(ted, *ITEMS) == [[8, 8, 1, 7]]
    att = AttachmentEvaluator([None], [NEW_YORK], align=True, missing="flat")
    assert pick(att, *WORDS) == [[3, 3, 1, 0, 0, 1, 2]]


# A parser that failed on the middle sentence of three (SPEC.md §11): its
# missing parse stands for that gold sentence, a unit of its own.
_GOLD3 = [
    D(("I", "left"), (2, 0), ("nsubj", "root")),
    D(("New", "York", "stayed"), (2, 3, 0), ("compound", "nsubj", "root")),
    D(("Go", "!"), (0, 1), ("root", "punct")),
]
_PARSE3 = [
    D(("I", "left"), (0, 1), ("root", "obj")),
    None,
    D(("Go!",), (0,), ("root",)),
]


def test_missing_parse_under_alignment_skip() -> None:
    # Left out: two units are scored, the first and the merged "Go!".
    ev = AttachmentEvaluator(_PARSE3, _GOLD3, align=True)
    assert ev.counts() == {"read": 3, "scored": 2, "missing": 1, "skipped": 0}
    # Unit 1: I and left align; neither head is right (the parse hangs left
    # from I and I from the root). Undirected: left's parse head I is its gold
    # child. NED also accepts I, whose parse head (the root) is its gold
    # grandparent. Unit 3: "Go!" is one parse word over two gold words, so
    # nothing aligns.
    assert pick(ev, *WORDS) == [[2, 2, 0, 0, 0, 1, 2], [2, 1, 0, 0, 0, 0, 0]]


def test_missing_parse_under_alignment_zero() -> None:
    # Unit 2 counts its three gold words, none right. Nothing right is the
    # gold's words with no head or relation right (SPEC.md §10): the three
    # words count as parse words too, so precision, recall and F1 are the
    # unaligned accuracy, 0 of 3.
    ev = AttachmentEvaluator(_PARSE3, _GOLD3, align=True, missing="zero")
    assert pick(ev, *WORDS)[1] == [3, 3, 0, 0, 0, 0, 0]
    # TedEval: the gold of unit 2 has root(0,3) nsubj(0,2) compound(0,1)
    # hd(1,2) hd(2,3); the missing parse none: δ = 5, ι = 5 labeled; the
    # unlabeled items leave out the whole unit: δ = ι = 4.
    ted = TedEvalEvaluator(_PARSE3, _GOLD3, align=True, missing="zero")
    assert pick(ted, *ITEMS)[1] == [5, 5, 4, 4]
    # ParsEval: a gold of (S (NP (NNP New) (NNP York)) (VP (VBD stayed))):
    # 3 gold brackets, no test bracket, 3 words, no tag right, length 3.
    gold = [Tree.fromstring("(S (NP (NNP New) (NNP York)) (VP (VBD stayed)))")]
    pv = ParsevalEvaluator([None], gold, align=True, missing="zero")
    cols = ["matched", "gold", "test", "words", "correct_tags", "length"]
    assert pv.stats.totals(cols).tolist() == [0, 3, 0, 3, 0, 3]


def test_a_missing_parse_must_stand_for_whole_gold_sentences() -> None:
    # The parse's first sentence ends inside the gold's first: the missing
    # parse after it would stand for half a sentence.
    gold = [D(("a", "b"), (0, 1), ("root", "dep")), D(("c",), (0,), ("root",))]
    parse = [D(("a",), (0,), ("root",)), None, D(("b", "c"), (0, 1), ("root", "dep"))]
    with pytest.raises(AlignmentError, match="in the middle of a gold sentence"):
        AttachmentEvaluator(parse, gold, align=True).eval()


def test_a_missing_parse_in_a_unit_another_system_joined() -> None:
    # System b joins the two gold sentences ("Ileft New" | "York stayed"), so
    # the only unit spans both; system a parsed the first and failed on the
    # second, so the unit holds a's missing parse. Under missing="zero" only
    # that sentence scores nothing (SPEC.md §11): a's parse of the first counts.
    # TedEval: the gold's 8 items (3 + 5, none over the whole unit, so 8
    # unlabeled too), a's 3 of the first sentence, all right: δ = 5, ι = 11.
    # Attachment: 5 gold words; a's words are the first sentence's 2 and the
    # 3 that stand in for the second, and only I and left are right.
    gold = [
        D(("I", "left"), (2, 0), ("nsubj", "root")),
        D(("New", "York", "stayed"), (2, 3, 0), ("compound", "nsubj", "root")),
    ]
    a = [gold[0], None]
    b = [
        D(("Ileft", "New"), (0, 1), ("root", "dep")),
        D(("York", "stayed"), (2, 0), ("nsubj", "root")),
    ]
    ted = TedEvalEvaluator.evaluate_systems(gold, [a, b], align=True, missing="zero")
    att = AttachmentEvaluator.evaluate_systems(gold, [a, b], align=True, missing="zero")
    assert pick(ted[0], *ITEMS) == [[5, 11, 5, 11]]
    assert pick(att[0], *WORDS) == [[5, 5, 2, 2, 2, 2, 2]]
    assert ted[0].counts() == {"read": 1, "scored": 1, "missing": 1, "skipped": 0}
    skipped = AttachmentEvaluator.evaluate_systems(gold, [a, b], align=True)
    assert rows(skipped[1]) == []  # left out of every system, as any missing parse


@st.composite
def retokenized_pairs(draw):
    """One text, two tokenizations and sentence splits, random projective trees on both."""
    n_chars = draw(st.integers(2, 9))
    text = "abcdefghi"[:n_chars]

    def side():
        cuts = sorted(draw(st.sets(st.integers(1, n_chars - 1))))
        bounds = [0, *cuts, n_chars]
        tokens = [text[a:b] for a, b in itertools.pairwise(bounds)]
        ends = draw(st.sets(st.integers(1, len(tokens) - 1))) if len(tokens) > 1 else set()
        sents, cur = [], []
        for i, tok in enumerate(tokens, 1):
            cur.append(tok)
            if i in ends or i == len(tokens):
                heads = draw(projective_heads(len(cur)))
                rels = [draw(st.sampled_from(["a", "b"])) for _ in cur]
                sents.append(D(tuple(cur), heads, tuple(rels)))
                cur = []
        return sents

    return side(), side()


@settings(max_examples=examples(60), deadline=None)
@given(retokenized_pairs())
def test_span_and_apted_engines_agree_on_aligned_pairs(pair) -> None:
    gold, parse = pair
    span = TedEvalEvaluator(parse, gold, align=True)
    apted = TedEvalEvaluator(parse, gold, align=True, engine="apted")
    assert rows(span) == rows(apted)
    # A parse equal to its gold costs nothing.
    same = TedEvalEvaluator(gold, gold, align=True)
    assert all(r == [0, 0] for r in pick(same, "delta_labeled", "delta_unlabeled"))


def test_lcs_aligns_a_changed_token_with_the_gold_s() -> None:
    gold = [D(("He", "said", "..."), (2, 0, 2), ("nsubj", "root", "punct"))]
    parse = [D(("He", "said", "\u2026"), (2, 0, 2), ("nsubj", "root", "punct"))]
    with pytest.raises(AlignmentError):
        TedEvalEvaluator(parse, gold, align=True).eval()
    # The ellipsis is paired with the three dots: one token over the same text.
    # Atoms He|said|...: root(0,3) nsubj(0,1) hd(1,2) punct(2,3) on both sides,
    # δ = 0, ι = 4 + 4; unlabeled 3 + 3.
    ev = TedEvalEvaluator(parse, gold, align="lcs")
    assert pick(ev, *ITEMS) == [[0, 8, 0, 6]]
    assert ev.aligned_counts["unmatched gold"] == 3
    assert ev.aligned_counts["unmatched parsed_sents"] == 1
    assert "lcs" in str(ev.signature)


def test_lcs_parseval_with_a_letter_more() -> None:
    gold = Tree.fromstring("(S (NP (NN colour)) (VP (VBZ fades)))")
    test = Tree.fromstring("(S (NP (NN color)) (VP (VBZ fades)))")
    ev = ParsevalEvaluator([test], [gold], align="lcs")
    assert ev.stats.totals(("matched", "gold", "test", "words", "correct_tags")).tolist() == [
        3, 3, 3, 2, 2
    ]  # fmt: skip


def test_the_shortcuts_for_equal_tokens_give_the_general_rows(monkeypatch) -> None:
    # Attachment and TedEval take shortcuts where a unit's tokens are the same
    # on both sides; forcing the general path must give the same rows. The
    # parses are not the gold: UD against PTB trees (TedEval, atoms equal but
    # spellings such as -LRB- differ), and a parse with every third head and
    # relation moved (attachment).
    from nltk_tedeval.alignment.units import Unit
    from nltk_tedeval.protocol import aligned
    from nltk_tedeval.trees.dependency import from_dependency_graph

    ud = [r.tree for r in read_file(f"{GUM}.conllu")]
    ptb = [r.tree for r in read_file(f"{GUM}.ptb")]
    moved = [
        D(
            t.words,
            tuple(0 if i % 3 == 2 else h for i, h in enumerate(t.heads)),
            tuple("dep" if i % 3 == 1 else r for i, r in enumerate(t.rels or ())),
        )
        for t in (from_dependency_graph(g) for g in ud)
    ]
    shortcut = [
        rows(TedEvalEvaluator(ptb, ud, align=True)),
        rows(AttachmentEvaluator(moved, ud, align=True)),
        rows(AttachmentEvaluator(moved, ud, align=True, punct="exclude")),
    ]
    monkeypatch.setattr(Unit, "identical", property(lambda self: False))
    monkeypatch.setattr(aligned, "_alike", lambda sentences, atoms: False)
    general = [
        rows(TedEvalEvaluator(ptb, ud, align=True)),
        rows(AttachmentEvaluator(moved, ud, align=True)),
        rows(AttachmentEvaluator(moved, ud, align=True, punct="exclude")),
    ]
    assert shortcut == general
    assert shortcut[1] != rows(AttachmentEvaluator(ud, ud, align=True))


def test_records_read_from_files_align_as_trees_do() -> None:
    # The readers' records (file, line, tree) go through every aligned path.
    records = lambda: read_file(f"{GUM}.conllu")  # noqa: E731
    trees = [r.tree for r in read_file(f"{GUM}.conllu")]
    for cls in (AttachmentEvaluator, TedEvalEvaluator):
        assert rows(cls(records(), records(), align=True)) == rows(cls(trees, trees, align=True))


def test_parseval_with_a_trace_by_hand() -> None:
    # The trace has no characters, so it takes no position: positions "Go" | "!",
    # the second deleted (COLLINS.prm deletes "."). Gold brackets: S(0,1) and
    # VP(0,1); NP-SBJ holds only the trace, so it is not counted. Parse: S(0,1)
    # and NP(0,1). Matched 1 of 2 and 2; one word (Go), its tag right; the
    # length counts Go and ! (EVALB leaves -NONE- out of it).
    gold = Tree.fromstring("(S (NP-SBJ (-NONE- *)) (VP (VB Go)) (. !))")
    parse = Tree.fromstring("(S (NP (VB Go)) (. !))")
    ev = ParsevalEvaluator([parse], [gold], align=True)
    cols = ["matched", "gold", "test", "words", "correct_tags", "length"]
    assert ev.stats.totals(cols).tolist() == [1, 2, 2, 1, 1, 2]
    # The same gold against a parse that merged "Go!": one position, kept (not
    # every gold token in it is deleted); S(0,1) and VP(0,1) against S(0,1)
    # and NP(0,1); two gold words in it, no tag right (no 1:1 pair).
    merged = Tree.fromstring("(S (NP (VB Go!)))")
    ev = ParsevalEvaluator([merged], [gold], align=True)
    assert ev.stats.totals(cols).tolist() == [1, 2, 2, 2, 0, 2]
