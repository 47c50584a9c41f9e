"""Free-layout brackets read a block of trees at a time give what the line-by-line reader gives.

:mod:`nltk_tedeval.reading.bracket_groups` finds the free layout's groups
of lines by counting brackets with numpy and reads each regular tree from
a block's columns; the reference is ``brackets.read_free_ptb`` with tables
(``nltk_trees=False``), which tests/test_fast_reading.py checks against
nltk's own trees. Generated files mix pretty-printed trees with every kind
of line that changes the groups or the reading (blank lines of Unicode
white space, stray text, brackets too many or too few, trees that start
indented or share a line, escapes, bytes that are not UTF-8), and chunks
and blocks of a few lines make every file span several.
"""

from __future__ import annotations

import io
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nltk_tedeval.errors import InputFormatError
from nltk_tedeval.reading import bracket_groups, read_text
from nltk_tedeval.reading.bracket_groups import read_ptb_groups
from nltk_tedeval.reading.brackets import PYTHON_ONLY_SPACE, read_free_ptb
from nltk_tedeval.reading.lines import Lines
from nltk_tedeval.trees.blocks import BlockTree
from nltk_tedeval.trees.constituency import tree_to_mft

from .conftest import examples

LABELS = ["S", "NP-SBJ", "VP", "", "É", "SBAR-ADV-1", "-NONE-"]
WORDS = ["a", "dog", "çé", "中", "*T*-1", "x\\y", "a\u00a0b"]


@st.composite
def trees(draw, depth: int = 3) -> tuple:
    """``(tag, word)`` for a word, ``(label, [children])`` for a phrase."""
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return (draw(st.sampled_from(LABELS)), draw(st.sampled_from(WORDS)))
    return (draw(st.sampled_from(LABELS)), draw(st.lists(trees(depth - 1), min_size=1, max_size=3)))


def pretty(tree: tuple, indent: int = 0, flat: bool = False) -> list[str]:
    """``tree`` over several lines, each phrase on its own line, indented by its depth."""
    label, body = tree
    if isinstance(body, str):
        return [f"{' ' * indent}({label} {body})"]
    if flat:
        inner = " ".join(pretty(c, 0, True)[0] for c in body)
        return [f"{' ' * indent}({label} {inner})"]
    out = [f"{' ' * indent}({label}"]
    for child in body:
        out.extend(pretty(child, indent + 2))
    out[-1] += ")"
    return out


# Lines that change the groups or the reading, one of each kind.
ODD = [
    [""],
    ["   "],
    ["\u3000"],  # blank for str.split, not for the C locale
    ["\x1c"],
    ["stray text"],
    [")"],  # a closing bracket outside any tree
    ["(S (NN a)"],  # left open: the next tree at the margin ends it with an error
    ["  (S (NN a))"],  # a tree that starts indented (joins the group above)
    ["(S (NN a)) (T (NN b))"],  # two trees in one group
    ["(NP\\ SBJ (NN a))"],  # a label ending in a backslash
    ["(NN \\(a)"],  # an escaped bracket: a character of the word
    ["(())"],  # no words
    ["(S (NP) (NN a))"],  # a phrase without words
    ["(S", "", "  (NN a))"],  # a blank line inside a tree
    ["(S (NN a))", "  x"],  # text after a tree, in its group
    ["(S (NN a\u00a0b))"],  # a no-break space: white space in the free layout
]


@st.composite
def documents(draw) -> str:
    parts: list[list[str]] = []
    for _ in range(draw(st.integers(0, 8))):
        kind = draw(st.integers(0, 5))
        if kind == 0:
            parts.append(draw(st.sampled_from(ODD)))
        else:
            parts.append(pretty(draw(trees()), flat=kind == 1))
        if draw(st.booleans()):
            parts.append([""] * draw(st.integers(1, 2)))
    text = "\n".join(line for part in parts for line in part)
    return text + draw(st.sampled_from(["\n", "", "\n\n"]))


def outcome(read, text: str, collect: bool, nltk_free: bool) -> list[tuple]:
    """What a reader gives for ``text``: each sentence's place, tree and error, then a raise."""
    out: list[tuple] = []
    try:
        for s in read(Lines.from_text("doc.ptb", text), collect, nltk_free):
            tree = s.tree
            if hasattr(tree, "nodes"):  # a table, read from a block's columns or not
                tree = (tree.words, tree.nodes, tree.tags)
            error = None if s.error is None else str(s.error)
            out.append((s.file, s.number, s.line, tree, error))
    except InputFormatError as err:
        out.append(("raised", str(err)))
    return out


def line_reader(lines: Lines, collect: bool, nltk_free: bool):
    return read_free_ptb(lines, collect, False, nltk_free)


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bracket_groups, "CHUNK_LINES", 5)
    monkeypatch.setattr(bracket_groups, "BLOCK_LINES", 2)


@pytest.mark.usefixtures("small_chunks")
@settings(max_examples=examples(400), deadline=None)
@given(documents(), st.booleans(), st.booleans())
def test_blocks_read_as_the_line_reader(text: str, collect: bool, nltk_free: bool) -> None:
    assert outcome(read_ptb_groups, text, collect, nltk_free) == outcome(
        line_reader, text, collect, nltk_free
    )


@settings(max_examples=examples(100), deadline=None)
@given(documents())
def test_blocks_read_as_the_line_reader_in_full_chunks(text: str) -> None:
    assert outcome(read_ptb_groups, text, True, True) == outcome(line_reader, text, True, True)


@pytest.mark.usefixtures("small_chunks")
@settings(max_examples=examples(100), deadline=None)
@given(st.lists(trees(), min_size=1, max_size=6))
def test_multi_function_trees_from_block_columns(forest: list[tuple]) -> None:
    # tree_to_mft reads a block tree's spans from the block's columns and
    # leaves -NONE- words out as for any table (SPEC.md §3.2).
    text = "\n".join(line for tree in forest for line in pretty(tree)) + "\n"
    fast = [s.tree for s in read_ptb_groups(Lines.from_text("d", text), True, True)]
    slow = [s.tree for s in line_reader(Lines.from_text("d", text), True, True)]
    assert len(fast) == len(slow)
    for a, b in zip(fast, slow, strict=True):
        if a is None or not hasattr(a, "nodes"):
            assert a == b
            continue
        try:
            expected = tree_to_mft(b)
        except Exception as err:  # no word left once empty elements go
            with pytest.raises(type(err)):
                tree_to_mft(a)
            continue
        assert tree_to_mft(a) == expected


def test_groups_by_hand() -> None:
    # Line 1 blank; a tree over lines 2-3; a blank line; a tree starting
    # indented on line 5 (after a blank line: a group of its own); a tree at
    # the margin on line 6 with a blank line inside it; two trees on line 9.
    text = "\n(S (NP a)\n  (VP b))\n\n  (T (X c))\n(U\n\n  (Y d))\n(A (B e)) (C (D f))\n"
    read = list(read_text(text, "ptb", nltk_trees=False))
    # The trees alone in their groups come from a block; line 9's two from the line reader.
    assert [isinstance(s.tree, BlockTree) for s in read] == [True, True, True, False, False]
    got = [(s.number, s.line, s.tree.words) for s in read]
    assert got == [
        (1, 2, ("a", "b")),
        (2, 5, ("c",)),
        (3, 6, ("d",)),
        (4, 9, ("e",)),
        (5, 9, ("f",)),
    ]


def test_an_open_tree_at_the_margin_is_the_same_error() -> None:
    text = "(S (NP a)\n  (VP b)\n(T (X c))\n"
    got = list(read_text(text, "ptb", name="f.ptb", nltk_trees=False, on_error="collect"))
    assert [(s.number, s.line) for s in got] == [(1, 1), (2, 3)]
    assert str(got[0].error) == (
        "f.ptb:2: sentence 1: the tree begun on line 1 is still open at the end of line 2 "
        "(1 closing bracket missing) when a new tree starts in column 0 on line 3"
    )
    assert got[1].tree.words == ("c",)


def test_a_line_that_is_not_utf8_fails_its_sentence_only() -> None:
    data = b"(S (NN a))\n\n(S (NN \xff))\n\n(S (NN c))\n"
    lines = Lines.from_file("bad.ptb", io.BytesIO(data))
    got = list(read_ptb_groups(lines, True, True))
    assert [s.tree.words if s.tree else None for s in got] == [("a",), None, ("c",)]
    assert str(got[1].error).startswith("bad.ptb:3: sentence 2: the line is not UTF-8: byte 0xff")


def test_python_only_white_space_is_what_str_split_adds_to_the_c_locale() -> None:
    c_locale = set(" \t\n\r\f\v")
    unicode_only = {chr(i) for i in range(sys.maxunicode + 1) if chr(i).isspace()} - c_locale
    pattern = PYTHON_ONLY_SPACE
    assert {c for c in unicode_only if pattern.fullmatch(c)} == unicode_only
    assert not any(pattern.fullmatch(c) for c in c_locale | {"a", "\u200b", "\ufeff"})


def test_text_words_leave_empty_elements_out_from_the_block() -> None:
    text = "(S (NP (-NONE- *T*-1))\n  (VP (VB Go)))\n\n(S (VP (VB Stay)) (. .))\n"
    first, second = (s.tree for s in read_text(text, "ptb", nltk_trees=False))
    assert isinstance(first, BlockTree) and isinstance(second, BlockTree)
    assert first.text_words() == ("Go",) and first.words == ("*T*-1", "Go")
    assert second.text_words() == ("Stay", ".")
    # -NONE- goes, and the NP left without words with it (SPEC.md §3.2).
    assert str(tree_to_mft(first)) == "(0,1):{}"


# Found by a review's differential fuzzing: each case once read differently.


@pytest.mark.parametrize(
    "text",
    [
        "(S\n  (NN a\x1cb))\n",  # \x1c-\x1f are ASCII, and white space to str.split
        "(S (NN \x1c))\n",
        "(S (NN\x1f a))\n",
    ],
)
def test_ascii_characters_that_str_split_takes_for_space(text: str) -> None:
    for collect in (True, False):
        assert outcome(read_ptb_groups, text, collect, True) == outcome(
            line_reader, text, collect, True
        )
    first = next(iter(read_text(text, "ptb", nltk_trees=False, nltk_free=True))).tree
    reference = next(iter(read_text(text, "ptb", nltk_trees=True)))
    if text.startswith("(S\n"):
        assert first.words == ("a", "b") and reference.tree.leaves() == ["a", "b"]


def test_a_nul_byte_keeps_empty_elements_known(monkeypatch: pytest.MonkeyPatch) -> None:
    # In a block with a NUL byte labels go through strings; -NONE- must keep
    # its one id there, or its words would count as text.
    t1, t2 = "(S (-NONE- *T*) (VB Go))\n", "(S (-NONE- *U*) (VB a\x00))\n"
    for text, block in ((t1 * 300 + t2, 256), (t2 + t1, 1)):
        monkeypatch.setattr(bracket_groups, "BLOCK_LINES", block)
        fast = [s.tree for s in read_ptb_groups(Lines.from_text("d", text), True, True)]
        slow = [s.tree for s in line_reader(Lines.from_text("d", text), True, True)]
        assert [t.text_words() for t in fast] == [t.text_words() for t in slow]
        assert [str(tree_to_mft(t)) for t in fast] == [str(tree_to_mft(t)) for t in slow]
    assert fast[0].text_words() == ("a\x00",)


@pytest.mark.parametrize("one_per_line", [False, True])
def test_a_line_given_with_a_line_break_inside(one_per_line: bool) -> None:
    from nltk_tedeval.reading import read_lines

    lines = ["(S (NN a))", "(T\n (NN b))"]
    fast = list(read_lines(lines, "ptb", nltk_trees=False, one_per_line=one_per_line))
    slow = list(read_lines(lines, "ptb", nltk_trees=True, one_per_line=one_per_line))
    assert [s.tree.words for s in fast] == [tuple(s.tree.leaves()) for s in slow]
    assert [s.tree.words for s in fast] == [("a",), ("b",)]


def test_more_labels_than_the_hash_table_holds() -> None:
    # 5,000 distinct short labels (the table keeps 4,096; the rest go through a dict)
    # and as many tags, over many blocks: the same tables and ParsEval rows as the
    # per-line reader's.
    from nltk_tedeval import ParsevalEvaluator

    text = "".join(f"(S{i} (T{i} w{i}) (U w))\n" for i in range(5000))
    fast = [s.tree for s in read_text(text, "ptb", nltk_trees=False, one_per_line=True)]
    assert [(t.nodes[0].label, t.tags) for t in fast[4090:4100:3]] == [
        (f"S{i}", (f"T{i}", "U")) for i in range(4090, 4100, 3)
    ]
    labels = fast[0].block.book.labels  # one id a label: S0..S4999, T0..T4999, U
    assert len(labels) == len(set(labels)) == 10_001

    def rows(nltk_trees: bool) -> list:
        def read():
            return read_text(text, "ptb", one_per_line=True, nltk_trees=nltk_trees)

        ev = ParsevalEvaluator(read(), read())
        ev.eval()
        return ev.stats.array.tolist()

    assert rows(False) == rows(True)


def test_a_pretty_printed_gold_pairs_with_a_one_line_parse_block_by_block(monkeypatch) -> None:
    # Blocks of 256 groups hold the sentences a one-tree-per-line reader's
    # blocks hold, so ParsEval scores every sentence from the block columns
    # (no per-sentence replay) with the rows of the nltk-object path.
    from nltk_tedeval import ParsevalEvaluator
    from nltk_tedeval.metrics import parseval

    forest = [("S", [("NP", [("DT", "a"), ("NN", f"w{i}")]), ("VBD", "ran")]) for i in range(600)]
    gold = "\n\n".join("\n".join(pretty(t)) for t in forest) + "\n"
    parse = "".join(f"(S (DT a) (NP (NN w{i}) (VBD ran)))\n" for i in range(600))

    def rows(nltk_trees: bool) -> list:
        ev = ParsevalEvaluator(
            read_text(parse, "ptb", one_per_line=True, nltk_trees=nltk_trees),
            read_text(gold, "ptb", one_per_line=None, nltk_trees=nltk_trees),
        )
        ev.eval()
        return ev.stats.array.tolist()

    expected = rows(True)
    replayed = []
    real = parseval.score_sides
    monkeypatch.setattr(parseval, "score_sides", lambda *a: replayed.append(1) or real(*a))
    assert rows(False) == expected
    assert replayed == []
    # Each sentence by hand: gold brackets S(0,3) NP(0,2); parse S(0,3) NP(1,3):
    # one of two matched on each side, one crossing bracket, every tag right.
    assert expected[0][:13] == [1, 1, 0, 0, 1, 2, 2, 0, 1, 0, 1, 3, 3]
