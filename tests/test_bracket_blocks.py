"""One-tree-per-line files read a block at a time give the statistics of the line-by-line path.

:mod:`nltk_tedeval.reading.bracket_blocks` reads EVALB's layout with numpy
and :mod:`nltk_tedeval.metrics.evalb_blocks` scores whole blocks; the
reference is the ordinary path (``nltk_trees=True``: ``nltk.Tree`` objects,
flattened and replayed one sentence at a time, which tests/test_parseval.py
checks against EVALB's own output). Generated corpora cover the rules the
block path implements (deletion, EQ_LABEL, unlabelled scoring, the cut-off,
crossing brackets, multisets of brackets) and the cases it hands back
(word mismatches, quotes, empty and malformed lines), with blocks of a few
lines so that every corpus spans several.
"""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nltk_tedeval import ParsevalEvaluator
from nltk_tedeval.metrics.evalb_blocks import BlockLabels, block_rows
from nltk_tedeval.metrics.evalb_brackets import EvalbRules, read_side, score_sides
from nltk_tedeval.reading import bracket_blocks, read_text
from nltk_tedeval.reading.bracket_blocks import BracketBlock
from nltk_tedeval.reading.brackets import BracketTrees, _evalb_tokens
from nltk_tedeval.reading.evalb_params import EvalbParams
from nltk_tedeval.trees.blocks import BlockTree
from nltk_tedeval.trees.constituency import PhraseStructure
from nltk_tedeval.trees.tokens import joined_words

from .conftest import examples

# Small inputs, read through blocks as these tests mean them (conftest.blocks_always).
pytestmark = pytest.mark.usefixtures("blocks_always")

PARAMS = {
    "collins": EvalbParams(),
    "unlabeled": EvalbParams(labeled=False, cutoff_len=5),
    "no deletion": EvalbParams(delete_labels=(), eq_labels=()),
    "eq labels": EvalbParams(eq_labels=(("NP", "NX"), ("VBD", "VBN"), ("A", "NP"), ("NX", "A"))),
    "greedy": EvalbParams(eq_labels=(("NP", "NX"), ("NX", "A"))),  # not transitive
    "quotes": EvalbParams(quote_labels=("''", "``", "POS"), eq_words=(("x", "y"),)),
}

# Labels with function tags, empty elements, deleted punctuation, a label
# longer than 8 bytes and a non-ASCII one; words with quotes, a no-break
# space (part of a word for EVALB) and non-ASCII letters.
PHRASES = ["S", "NP", "NP-SBJ", "VP", "NX", "A", "ADVP", "PRT", "SBAR-ADV-1", "", "É"]
TAGS = ["NN", "VBD", "VBN", "DT", ",", ".", "``", "''", "-NONE-", "POS", "TAG-WITH-LONG-NAME"]
WORDS = ["a", "b", "dog", "'", '"', "/", "x", "y", "a\u00a0b", "çé", "中", "*T*-1"]


# Tags of words that are text: what alignment places (an empty element has no text).
TEXT_TAGS = [t for t in TAGS if t != "-NONE-"]


@st.composite
def trees(draw, depth: int = 3, tags: list[str] = TAGS) -> tuple:
    """A tree: ``(tag, word)`` for a word, ``(label, [children])`` for a phrase."""
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return (draw(st.sampled_from(tags)), draw(st.sampled_from(WORDS)))
    children = draw(st.lists(trees(depth - 1, tags), min_size=1, max_size=3))
    return (draw(st.sampled_from(PHRASES)), children)


@st.composite
def parses(draw, gold: tuple, tags: list[str] = TAGS, words: list[str] = WORDS) -> tuple:
    """A parse of ``gold``: phrases flattened, relabelled or moved, tags changed, rarely a word
    (never with ``words=[]``)."""

    def walk(node: tuple) -> list[tuple]:
        label, body = node
        if isinstance(body, str):
            tag = draw(st.sampled_from([label, label, label, *tags]))
            word = draw(st.sampled_from([body] * 12 + words))
            return [(tag, word)]
        kids = [k for child in body for k in walk(child)]
        if draw(st.integers(0, 3)) == 0:
            return kids  # flattened into its parent
        if len(kids) > 2 and draw(st.booleans()):
            cut = draw(st.integers(1, len(kids) - 1))
            kids = [(draw(st.sampled_from(PHRASES)), kids[:cut]), *kids[cut:]]
        return [(draw(st.sampled_from([label, *PHRASES])), kids)]

    out = walk(gold)
    return out[0] if len(out) == 1 else ("S", out)


SPACES = st.sampled_from([" ", " ", " ", "  ", "\t", " \x0b"])


@st.composite
def lines(draw, tree: tuple) -> str:
    """``tree`` in brackets, with white space as EVALB allows it."""
    label, body = tree
    gap = draw(SPACES)
    if isinstance(body, str):
        return f"({label}{gap}{body}{draw(st.sampled_from(['', ' ']))})"
    inner = "".join(draw(st.sampled_from(["", " ", "\t"])) + draw(lines(c)) for c in body)
    return f"({label}{gap if label else ''}{inner}{draw(st.sampled_from(['', ' ']))})"


# Lines the block path must hand to the line reader, one of each kind.
ODD_LINES = [
    "",
    "   ",
    "(S (NN a) (NN b)",  # unclosed
    "(S (NN a)))",  # one closing bracket too many
    "(S (NN a)) (S (NN b))",  # two trees
    "x (S (NN a))",  # text outside brackets
    "(S (NN a) b)",  # a word beside phrases
    "(S (NN a b))",  # two words under one tag
    "(S (NP) (NN a))",  # a phrase without words
    "(S ( ) (NN a))",
    "(S (NN a) ())",
    "(S)",
    "(())",
    "(NN a)",  # a lone tag: regular, no bracket
    "( (S (NN a)))",  # the root's label is ""
    "(S(NP(DT\u00a0the)(NN\x1cdog))(VBD\tran))",
]


@st.composite
def corpora(draw) -> tuple[str, str]:
    golds = draw(st.lists(trees(), min_size=1, max_size=9))
    gold_lines, test_lines = [], []
    for gold in golds:
        gold_lines.append(draw(lines(gold)))
        kind = draw(st.integers(0, 11))
        if kind == 0:
            test_lines.append(draw(st.sampled_from(ODD_LINES)))
        elif kind == 1:
            test_lines.append(draw(lines(draw(trees()))))  # another sentence
        else:
            test_lines.append(draw(lines(draw(parses(gold)))))
    if draw(st.integers(0, 4)) == 0:
        i = draw(st.integers(0, len(gold_lines) - 1))
        gold_lines[i] = draw(st.sampled_from(ODD_LINES))
    return "\n".join(gold_lines) + "\n", "\n".join(test_lines) + "\n"


def evaluate(gold: str, test: str, params: EvalbParams, nltk_trees: bool) -> ParsevalEvaluator:
    def read(text: str, name: str):
        return read_text(
            text, "ptb", name=name, one_per_line=True, on_error="collect", nltk_trees=nltk_trees
        )

    ev = ParsevalEvaluator(read(test, "test"), read(gold, "gold"), params, on_error="skip")
    ev.eval()
    return ev


def statistics(ev: ParsevalEvaluator) -> tuple:
    errors = [(str(e), e.line, e.token) for e in ev.errors]
    return ev.stats.array.tolist(), ev.run.counts(), errors


@pytest.fixture
def small_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bracket_blocks, "BLOCK_LINES", 3)


@pytest.mark.parametrize("name", sorted(PARAMS))
@settings(
    max_examples=examples(120),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(corpus=corpora())
def test_generated_corpora_give_the_statistics_of_the_nltk_path(
    small_blocks: None, name: str, corpus: tuple[str, str]
) -> None:
    gold, test = corpus
    params = PARAMS[name]
    assert statistics(evaluate(gold, test, params, False)) == statistics(
        evaluate(gold, test, params, True)
    )


@st.composite
def regular_pairs(draw) -> tuple[list[str], list[str]]:
    golds = draw(st.lists(trees(), min_size=1, max_size=8))
    return [draw(lines(g)) for g in golds], [draw(lines(draw(parses(g)))) for g in golds]


@st.composite
def same_word_pairs(draw) -> tuple[str, str]:
    """A gold and a parse file of the same words, none an empty element: made so, not
    filtered (a filter rejected most drawn corpora and made the test slow to start)."""
    golds = draw(st.lists(trees(tags=TEXT_TAGS), min_size=1, max_size=8))
    test = [draw(lines(draw(parses(g, tags=TEXT_TAGS, words=[])))) for g in golds]
    return "\n".join(draw(lines(g)) for g in golds) + "\n", "\n".join(test) + "\n"


@pytest.mark.parametrize("name", sorted(PARAMS))
@settings(max_examples=examples(150), deadline=None)
@given(pair=regular_pairs())
def test_every_row_the_blocks_decide_is_the_replayed_row(name: str, pair: tuple) -> None:
    # The unit-level check: block_rows against score_sides, the per-sentence
    # replay of EVALB, sentence by sentence, on the rows it claims.
    gold_lines, test_lines = pair
    rules = EvalbRules(PARAMS[name])
    cutoff = PARAMS[name].cutoff_len
    gold, test = BracketBlock(gold_lines), BracketBlock(test_lines)
    rows, fast = block_rows(gold, test, BlockLabels(rules), cutoff)
    for i in np.flatnonzero(fast):
        g = read_side(BlockTree(gold, i, i + 1), rules, "gold")
        t = read_side(BlockTree(test, i, i + 1), rules, "test")
        row, error = score_sides(g, t, rules, cutoff)
        assert error is None
        assert rows[i].tolist() == row
    assert not rows[~fast].any()


def test_the_blocks_decide_the_common_case() -> None:
    # Without this, the tests above could pass with every row replayed.
    gold = ["(S (NP (DT the) (NN dog)) (VP (VBD saw) (NP (PRP it))) (. .))"] * 3
    test = [
        "(S (NP (DT the) (NN dog)) (VP (VBD saw) (PRP it)) (. .))",
        "(S (NP (DT the) (NN dog)) (VP (VBD saw) (NP (PRP it))) (. .))",
        "(S (NP (DT the) (NN cat)) (VP (VBD saw) (NP (PRP it))) (. .))",
    ]
    rules = EvalbRules(EvalbParams())
    rows, fast = block_rows(BracketBlock(gold), BracketBlock(test), BlockLabels(rules), 40)
    assert fast.tolist() == [True, True, False]  # "cat" is EVALB's error sentence: replayed
    # By hand: "." is deleted, so 4 kept words (the dog saw it), length 5.
    # Gold S(0,4) NP(0,2) VP(2,4) NP(3,4); the first parse lacks NP(3,4).
    assert rows[0].tolist()[:14] == [1, 1, 0, 0, 3, 4, 3, 0, 0, 1, 1, 4, 4, 5]
    assert rows[1].tolist()[:14] == [1, 1, 0, 0, 4, 4, 4, 1, 0, 1, 1, 4, 4, 5]
    assert rows[0].tolist()[14:] == rows[0].tolist()[:13]  # length 5 <= 40: in the cut


def test_crossing_brackets_and_tags_by_hand() -> None:
    # Gold A(0,2) and test B(1,3) cross (0 < 1 < 2 < 3); S(0,3) matches.
    # C(0,1) and the second S(0,3) cross nothing; tags: one of three differs.
    gold = ["(S (A (x a) (x b)) (x c))"]
    test = ["(S (S (C (x a)) (B (y b) (x c))))"]
    rules = EvalbRules(EvalbParams(cutoff_len=2))
    rows, fast = block_rows(BracketBlock(gold), BracketBlock(test), BlockLabels(rules), 2)
    assert fast.tolist() == [True]
    # matched 1 of gold 2 and test 4; 1 crossing; 3 words, 2 tags right; length 3 > 2.
    assert rows[0].tolist() == [1, 1, 0, 0, 1, 2, 4, 0, 1, 0, 1, 3, 2, 3] + [0] * 13


def test_multiset_of_brackets_and_eq_label_classes() -> None:
    # Two gold NP(0,2) (unary) against one NP and one NX: with NP = NX both match.
    gold = ["(S (NP (NP (x a) (x b))) (x c))"]
    test = ["(S (NP (NX (x a) (x b))) (x c))"]
    for eq, matched in (((), 2), ((("NP", "NX"),), 3)):
        rules = EvalbRules(EvalbParams(eq_labels=eq))
        rows, fast = block_rows(BracketBlock(gold), BracketBlock(test), BlockLabels(rules), 40)
        assert fast.tolist() == [True]
        assert rows[0].tolist()[4:7] == [matched, 3, 3]


@pytest.mark.parametrize("text", ODD_LINES)
def test_odd_lines_read_as_the_line_reader_reads_them(text: str) -> None:
    def read(nltk_trees: bool) -> list:
        return list(
            read_text(
                text + "\n(S (NN a))\n",
                "ptb",
                one_per_line=True,
                on_error="collect",
                nltk_trees=nltk_trees,
                nltk_free=not nltk_trees,
            )
        )

    blocks, reference = read(False), read(True)
    assert len(blocks) == len(reference) == 2
    for b, r in zip(blocks, reference, strict=True):
        assert str(b.error) == str(r.error)
    assert isinstance(blocks[1].tree, BlockTree)
    # The last odd line is not regular: a no-break space and \x1c are no white
    # space for EVALB, so "DT\u00a0the" is one label, of a tag without a word.
    regular = text in ("(NN a)", "( (S (NN a)))")
    assert isinstance(blocks[0].tree, BlockTree) == regular


def test_a_block_tree_is_the_line_readers_table() -> None:
    text = "(S (NP-SBJ (DT ça) (NN a\u00a0b)) (VP (VBD went)))\n"
    (record,) = read_text(text, "ptb", one_per_line=True, nltk_trees=False)
    tree = record.tree
    assert isinstance(tree, BlockTree)
    assert tree.words == ("ça", "a\u00a0b", "went")  # from the block, before any table
    assert "nodes" not in vars(tree)
    plain = PhraseStructure(tree.words, tree.nodes, tree.tags)
    assert tree == plain and plain == tree and hash(tree) == hash(plain)
    assert [(n.label, n.start, n.end) for n in tree.nodes] == [
        ("S", 0, 3),
        ("NP-SBJ", 0, 2),
        ("DT", 0, 1),
        ("NN", 1, 2),
        ("VP", 2, 3),
        ("VBD", 2, 3),
    ]
    copy = pickle.loads(pickle.dumps(tree))
    assert type(copy) is PhraseStructure and copy == plain


def test_labels_of_any_length_and_a_nul_byte_keep_their_identity() -> None:
    # 8-byte labels are read as integers; longer ones and any block holding
    # a NUL byte as strings: both ways must tell every label apart.
    lines = ["(ABCDEFGH (ABCDEFGHI (AB x)) (ABCDEFG y))", "(A\x00 (B z))", "(ABCDEFGH (AB w))"]
    for block_lines in (lines, [lines[0], lines[2]]):
        block = BracketBlock(block_lines)
        labels = [block.labels[i] for i in block.phrase_label.tolist()]
        tags = [block.labels[i] for i in block.word_tag.tolist()]
        if len(block_lines) == 3:
            assert labels == ["ABCDEFGH", "ABCDEFGHI", "A\x00", "ABCDEFGH"]
            assert tags == ["AB", "ABCDEFG", "B", "AB"]
        else:
            assert labels == ["ABCDEFGH", "ABCDEFGHI", "ABCDEFGH"]
            assert tags == ["AB", "ABCDEFG", "AB"]


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(trees(), min_size=1, max_size=6).flatmap(lambda ts: st.tuples(*map(lines, ts))))
def test_a_block_joins_the_words_of_each_line_as_the_function_does(texts: tuple) -> None:
    # What ParsEval hashes to pair sentences must not depend on the path.
    block = BracketBlock(list(texts))
    for i in np.flatnonzero(block.regular).tolist():
        tree = BlockTree(block, i, i + 1)
        assert tree.joined_words == joined_words(tree.words)
        assert tree.words == tree._table.words


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.one_of(trees(), st.sampled_from(ODD_LINES)), min_size=1, max_size=7))
def test_a_block_builds_the_table_the_line_reader_builds(items: list) -> None:
    # The second method: BracketTrees, the line-by-line reader, on each line.
    texts = [item if isinstance(item, str) else "".join(lines_of(item)) for item in items]
    block = BracketBlock(texts)
    for i in np.flatnonzero(block.regular).tolist():
        reader = BracketTrees(escapes=False, nltk_trees=False, nltk_free=True)
        reader.feed(_evalb_tokens(texts[i]), i + 1)
        ((_, expected),) = reader.done
        table = block.table(i)
        assert (table.words, table.nodes, table.tags) == (
            expected.words,
            expected.nodes,
            expected.tags,
        )
        assert BlockTree(block, i, i + 1).tags == expected.tags  # from the word columns


@settings(max_examples=examples(60), deadline=None)
@given(corpus=same_word_pairs())
def test_aligned_parseval_on_the_same_tokens_gives_the_unaligned_statistics(
    corpus: tuple[str, str],
) -> None:
    # Under alignment, sentences of identical tokens go to the blocks too.
    gold, test = corpus

    def read(text: str):
        return read_text(text, "ptb", one_per_line=True, nltk_trees=False, nltk_free=True)

    # The same words, none of them an empty element (no text to align), by construction.
    assert [r.tree.words for r in read(gold)] == [r.tree.words for r in read(test)]

    def run(align: bool) -> tuple:

        try:
            ev = ParsevalEvaluator(read(test), read(gold), align=align)
            return ev.stats.array.tolist(), [e.message for e in ev.errors]
        except Exception as err:  # the same error either way, or a difference
            return type(err).__name__, str(err)

    assert run(True) == run(False)


def lines_of(tree: tuple) -> list[str]:
    """``tree`` in brackets with single spaces (the generated layouts are covered above)."""
    label, body = tree
    if isinstance(body, str):
        return [f"({label} {body})"]
    return [f"({label} ", *(part for child in body for part in lines_of(child)), ")"]
