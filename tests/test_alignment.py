"""Units and positions of two tokenizations (nltk_tedeval.alignment), worked out by hand."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nltk_tedeval.alignment import AlignmentError, Normalization, align_units
from nltk_tedeval.records import SourceSentence


def shape(gold, test, **kw):
    """Per unit: gold and test sentence indices, positions, and every token's position."""
    return [
        ([s.index for s in u.gold], [s.index for s in u.test], u.positions,
         u.gold_positions, u.test_positions)
        for u in align_units(gold, test, **kw)
    ]  # fmt: skip


def test_equal_tokenization_is_one_unit_a_sentence_and_one_position_a_token() -> None:
    gold = [["I", "left"], ["You", "stayed", "."]]
    assert shape(gold, gold) == [
        ([0], [0], (0, 1, 5), ((0, 1),), ((0, 1),)),
        ([1], [1], (0, 3, 9, 10), ((0, 1, 2),), ((0, 1, 2),)),
    ]


def test_merged_token() -> None:
    # gold New|York|left, parse NewYork|left: boundaries 0,3,7,11 and 0,7,11.
    assert shape([["New", "York", "left"]], [["NewYork", "left"]]) == [
        ([0], [0], (0, 7, 11), ((0, 0, 1),), ((0, 1),))
    ]


def test_split_token() -> None:
    # gold "Nov." one token, parse "Nov" "." (word_tokenize's split).
    assert shape([["in", "Nov."]], [["in", "Nov", "."]]) == [
        ([0], [0], (0, 2, 6), ((0, 1),), ((0, 1, 1),))
    ]


def test_sentence_split_in_two_and_two_joined() -> None:
    # One gold sentence, two parse sentences: one unit.
    assert shape([["A", "b", "C"]], [["A", "b"], ["C"]]) == [
        ([0], [0, 1], (0, 1, 2, 3), ((0, 1, 2),), ((0, 1), (2,)))
    ]
    # Two gold sentences joined by the parser, then one that agrees.
    assert shape([["A"], ["b"], ["C"]], [["A", "b"], ["C"]]) == [
        ([0, 1], [0], (0, 1, 2), ((0,), (1,)), ((0, 1),)),
        ([2], [1], (0, 1), ((0,),), ((0,),)),
    ]


def test_adjacent_mismatches_and_mismatches_in_the_first_and_last_sentence() -> None:
    # ab|c|d against a|bc|d: the shared boundaries are 0, 3, 4; the first two
    # tokens of each side make one position.
    assert shape([["ab", "c", "d"]], [["a", "bc", "d"]]) == [
        ([0], [0], (0, 3, 4), ((0, 0, 1),), ((0, 0, 1),))
    ]
    # The first and the last sentence split differently, the middle one agrees.
    gold = [["x", "y"], ["mid"], ["p", "q"]]
    assert shape(gold, [["xy"], ["mid"], ["pq"]]) == [
        ([0], [0], (0, 2), ((0, 0),), ((0,),)),
        ([1], [1], (0, 3), ((0,),), ((0,),)),
        ([2], [2], (0, 2), ((0, 0),), ((0,),)),
    ]


def test_quotes_and_ptb_escapes() -> None:
    gold = [["``", "Hi", "''", "-LRB-", "1\\/2", "-RRB-"]]
    text = [['"', "Hi", '"', "(", "1/2", ")"]]
    assert shape(gold, text) == [
        ([0], [0], (0, 1, 3, 4, 5, 8, 9), ((0, 1, 2, 3, 4, 5),), ((0, 1, 2, 3, 4, 5),))
    ]
    # Without undoing escapes the texts differ at the first character.
    with pytest.raises(AlignmentError, match=r"reads .\|``Hi"):
        list(align_units(gold, text, normalization=Normalization(escapes=False)))


def test_whitespace_inside_a_token_and_case() -> None:
    # "New York" is one gold token: the boundary after "New" is the parse's only.
    assert shape([["New York"]], [["New", "York"]])[0][2:] == ((0, 7), ((0,),), ((0, 0),))
    with pytest.raises(AlignmentError):
        list(align_units([["Apple"]], [["apple"]]))
    assert shape([["Apple"]], [["apple"]], normalization=Normalization(casefold=True))[0][2] == (
        0,
        5,
    )


def test_a_character_on_one_side_only_is_an_error_naming_both_sides() -> None:
    gold = [SourceSentence("g.ptb", 1, 1, None, None), SourceSentence("g.ptb", 2, 2, "s2", None)]
    test = [SourceSentence("p.ptb", 1, 1, None, None)]
    words = {
        id(gold[0]): ["He", "left"],
        id(gold[1]): ["Go", "!"],
        id(test[0]): ["He", "left", "Go", "!!"],
    }
    with pytest.raises(AlignmentError) as info:
        list(align_units(gold, test, words=lambda s: words[id(s)]))
    message = str(info.value)
    assert message.startswith(
        "g.ptb:2: sentence 2 (id s2): the gold text ends where the other goes on: "
        "gold ends after token 2 ('!') reads 'HeleftGo!|'"
    )
    assert "parse token 4 ('!!') (p.ptb:1 sentence 1) reads 'HeleftGo!|!'" in message


def test_an_empty_token_is_refused() -> None:
    with pytest.raises(AlignmentError, match=r"token 2 .* has no characters"):
        list(align_units([["a", " "]], [["a"]]))


@st.composite
def retokenized(draw):
    """A text cut into sentences and tokens twice, independently."""
    text = draw(st.text(alphabet="abc", min_size=1, max_size=30))

    def cut():
        tokens = draw(st.sets(st.integers(1, len(text) - 1))) if len(text) > 1 else set()
        bounds = [0, *sorted(tokens), len(text)]
        ends = draw(st.sets(st.sampled_from(bounds[1:-1]))) if len(bounds) > 2 else set()
        sents, cur = [], []
        for a, b in itertools.pairwise(bounds):
            cur.append(text[a:b])
            if b in ends or b == len(text):
                sents.append(cur)
                cur = []
        return sents

    return cut(), cut()


@given(retokenized())
def test_units_and_positions_follow_the_shared_boundaries(pair) -> None:
    gold, test = pair
    units = list(align_units(gold, test))
    # Every sentence is in one unit, in order, on both sides.
    assert [s.index for u in units for s in u.gold] == list(range(len(gold)))
    assert [s.index for u in units for s in u.test] == list(range(len(test)))
    for u in units:
        # A unit spells the same characters on both sides ...
        g = "".join(t for s in u.gold for t in s.tokens)
        assert g == "".join(t for s in u.test for t in s.tokens)
        # ... and no sentence end inside it is shared (it is smallest).
        g_ends = {s.end for s in u.gold[:-1]}
        assert not g_ends & {s.end for s in u.test[:-1]}
        # A position's characters are those of its tokens on either side.
        for side, positions in ((u.gold, u.gold_positions), (u.test, u.test_positions)):
            for s, pos in zip(side, positions, strict=False):
                for k, p in enumerate(pos):
                    assert u.positions[p] <= s.bounds[k] < s.bounds[k + 1] <= u.positions[p + 1]
        # Positions are bounded by boundaries of both sides.
        gb = {b for s in u.gold for b in s.bounds}
        tb = {b for s in u.test for b in s.bounds}
        assert set(u.positions) == gb & tb


def test_lcs_counts_what_one_side_has_alone() -> None:
    gold = [["He", "said", "..."], ["Go", "!"]]
    parse = [["He", "said", "\u2026", "Go", "!"]]
    tally: dict[str, int] = {}
    (unit,) = align_units(gold, parse, mode="lcs", tally=tally)
    # The three dots and the ellipsis differ: 3 gold characters, 1 of the parse.
    assert tally == {"unmatched gold": 3, "unmatched parse": 1}
    # The ellipsis is paired with the first dot: a changed token, one group with
    # "...", so it covers the gold's three dots and has no text of its own.
    assert unit.text == "Hesaid...Go!"
    assert unit.positions == (0, 2, 6, 9, 11, 12)
    assert unit.gold_positions == ((0, 1, 2), (3, 4))
    assert unit.test_positions == ((0, 1, 2, 3, 4),)
    # Exact alignment refuses the same pair, pointing at the first difference.
    with pytest.raises(AlignmentError, match=r"reads 'Hesaid\|\.\.\.'.*align='lcs'"):
        list(align_units(gold, parse))


def test_lcs_one_character_more_on_one_side() -> None:
    tally: dict[str, int] = {}
    (unit,) = align_units([["colour", "fades"]], [["color", "fades"]], mode="lcs", tally=tally)
    assert tally == {"unmatched gold": 1, "unmatched parse": 0}
    # "color" overlaps "colour": it covers the gold's "u" too, so the tokens meet.
    assert unit.text == "colourfades"
    assert unit.positions == (0, 6, 11)
    assert [s.ends for s in unit.gold + unit.test] == [None, None]


def test_lcs_keeps_what_one_side_lacks_as_its_own_text() -> None:
    # A dropped word: the gold's "big" overlaps no parse token, so it is text the
    # parse lacks (a hole of the parse), a position of its own.
    (unit,) = align_units([["the", "big", "dog"]], [["the", "dog"]], mode="lcs")
    assert unit.text == "thebigdog"
    assert (unit.test[0].bounds, unit.test[0].ends) == ((0, 6, 9), (3, 9))
    assert unit.positions == (0, 3, 6, 9)
    assert (unit.gold_positions, unit.test_positions) == (((0, 1, 2),), ((0, 2),))
    # An added word is the mirror image: the parse's own text, after the gold's.
    (unit,) = align_units([["the", "dog"]], [["the", "big", "dog"]], mode="lcs")
    assert unit.text == "thebigdog"
    assert (unit.gold[0].bounds, unit.gold[0].ends) == ((0, 6, 9), (3, 9))
    assert (unit.gold_positions, unit.test_positions) == (((0, 2),), ((0, 1, 2),))
    # A changed word shares no character but stands where the gold's does.
    (unit,) = align_units([["the", "cat", "sat"]], [["the", "dog", "sat"]], mode="lcs")
    assert (unit.text, unit.positions) == ("thecatsat", (0, 3, 6, 9))


def test_lcs_a_dropped_sentence_is_a_unit_without_the_parse() -> None:
    gold = [["The", "dog", "."], ["It", "ran", "."], ["A", "cat", "."]]
    parse = [["The", "dog", "."], ["A", "cat", "."]]
    units = list(align_units(gold, parse, mode="lcs"))
    assert [(len(u.gold), len(u.test), u.text) for u in units] == [
        (1, 1, "Thedog."),
        (1, 0, "Itran."),
        (1, 1, "Acat."),
    ]
    # Its gold words are positions of their own, with no parse token.
    assert units[1].positions == (0, 2, 5, 6)
    # An added sentence is a unit without the gold.
    units = list(align_units(parse, gold, mode="lcs"))
    assert [(len(u.gold), len(u.test)) for u in units] == [(1, 1), (0, 1), (1, 1)]


def test_lcs_on_texts_that_share_nothing_says_so() -> None:
    with pytest.raises(AlignmentError, match="share no character"):
        list(align_units([["abc"]], [["xyz"]], mode="lcs"))


def _words(item):
    return None if item is None else tuple(item)


def test_a_missing_parse_takes_the_gold_sentence_where_it_comes() -> None:
    # First, in the middle and last: each missing parse is a unit with one gold sentence.
    units = list(
        align_units([["a"], ["b", "c"], ["d"], ["e"]], [None, ["bc"], None, None], words=_words)
    )
    assert [(len(u.gold), len(u.test), [s.missing for s in u.test]) for u in units] == [
        (1, 1, [True]),
        (1, 1, [False]),
        (1, 1, [True]),
        (1, 1, [True]),
    ]
    assert [u.text for u in units] == ["a", "bc", "d", "e"]
    # Its stand-in spans the gold sentence's characters and has no tokens.
    missing = units[0].test[0]
    assert (missing.tokens, missing.bounds) == ((), (0, 1))


def test_a_missing_parse_with_no_gold_left_is_an_error() -> None:
    with pytest.raises(AlignmentError, match="after the gold's end"):
        list(align_units([["a"]], [["a"], None], words=_words))
    with pytest.raises(AlignmentError, match="a gold sentence cannot be missing"):
        list(align_units([None], [["a"]], words=_words))
