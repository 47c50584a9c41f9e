"""Worked examples for ``align="lcs"`` (alignment/lcs.py) that its mutation run asked for.

Each value is worked out by hand from the module's rules (docs/mutation.md,
"The fourth run, finished", says which mutants each kills): own text of a
parse goes before the gold character its next paired character pairs with,
after the own text anchored there by the parses before it; a token's span is
that of its paired characters, stretched over a group's gold tokens; a text
without a parse is its own layout. The last test checks the diff against
diff-match-patch itself, configured as the module says (a sentence a line,
no time limit), with the pairing rule written here from the docstring.
"""

from __future__ import annotations

import random

import pytest
from diff_match_patch import diff_match_patch

from nltk_tedeval.alignment import AlignmentError, align_units
from nltk_tedeval.alignment.lcs import merged_layout


def layout_of(*sides):
    layout = merged_layout(list(sides), ["gold"] + [f"parse {k}" for k in range(1, len(sides))])
    return layout.text, layout.extents, layout.unmatched, [bytes(f) for f in layout.lacking]


def test_a_gold_alone_is_its_own_layout():
    assert layout_of([["a", "b"]]) == ("ab", [[((0, 1), (1, 2))]], [0], [])


def test_a_parse_word_before_the_last_character_goes_before_it():
    # X pairs with nothing; the next parse character, b, pairs with gold 1: X goes there.
    assert layout_of([["a", "b"]], [["a", "X", "b"]]) == (
        "aXb",
        [[((0, 2), (1, 3))], [((0, 1, 2), (1, 2, 3))]],
        [0, 1],
        [b"\x00\x00"],
    )


def test_own_words_at_two_places_each_go_before_their_anchor():
    # X before gold b (1), Y before gold c (2): b moves by 1, c by 2.
    assert layout_of([["a", "b", "c"]], [["a", "X", "b", "Y", "c"]]) == (
        "aXbYc",
        [[((0, 2, 4), (1, 3, 5))], [((0, 1, 2, 3, 4), (1, 2, 3, 4, 5))]],
        [0, 2],
        [b"\x00\x00\x00"],
    )


def test_two_parses_with_own_words_at_one_anchor_keep_their_order():
    # Both insert before gold b: the first parse's X, then the second's Y, then b.
    assert layout_of([["a", "b"]], [["a", "X", "b"]], [["a", "Y", "b"]]) == (
        "aXYb",
        [[((0, 3), (1, 4))], [((0, 1, 3), (1, 2, 4))], [((0, 2, 3), (1, 3, 4))]],
        [0, 1, 1],
        [b"\x00\x00", b"\x00\x00"],
    )


def test_a_word_placed_inside_a_later_gold_word_bounds_the_next_group():
    # The parse lacks the gold's first two a's: diff-match-patch deletes them before the a
    # it keeps (gold 3), so Y, which pairs with nothing, goes before gold 3, inside the
    # gold word "aa" (offsets 2 and 4): the parse's "a" starts after Y, not where "aa" does.
    assert layout_of([["X"], ["a", "aa"]], [["X", "Y"], ["a"]]) == (
        "XaaYa",
        [[((0,), (1,)), ((1, 2), (2, 5))], [((0, 3), (1, 4)), ((4,), (5,))]],
        [2, 1],
        [b"\x00\x01\x01\x00"],
    )


def test_another_parses_own_text_inside_a_group_stays_a_hole():
    # Both parses add a character before gold 2 (the last a of "aba"): parse 1 its b,
    # then parse 2 its c (offsets 2 and 3). Parse 1's "ab" and "a" pair with the one gold
    # word, so they are one group: its "a" keeps its own span (4, 5), and offset 3, which
    # only parse 2 has, stays a hole of parse 1.
    assert layout_of([["aba"]], [["ab"], ["b", "a"]], [["ab"], ["c"], ["a"]]) == (
        "abbca",
        [
            [((0,), (5,))],
            [((0,), (2,)), ((2, 4), (3, 5))],
            [((0,), (2,)), ((3,), (4,)), ((4,), (5,))],
        ],
        [0, 1, 1],
        [b"\x00\x00\x00", b"\x00\x00\x00"],
    )


def test_texts_that_share_nothing_are_refused_naming_both_sides():
    with pytest.raises(AlignmentError) as err:
        merged_layout([[["abc"]], [["xyz"]]], ["gold", "the parser"])
    assert err.value.message == (
        "the texts share no character: gold and the parser are not two tokenizations of one text"
    )


def test_a_line_break_kept_in_a_gold_token_is_a_character():
    # Under whitespace="Zs" a token may keep "\n": then no line is a sentence, the diff
    # runs over the characters (X among them), and the parse lacks the gold's "\n".
    assert layout_of([["a\nX"]], [["a", "X"]]) == (
        "a\nX",
        [[((0,), (3,))], [((0, 2), (2, 3))]],
        [1, 0],
        [b"\x00\x01\x00"],
    )


def test_a_line_break_kept_in_a_parse_token_is_its_own_character():
    # The parse's "\n" pairs with nothing; its token spans the gold's a and b.
    assert layout_of([["a", "b"]], [["a\nb"]]) == (
        "ab",
        [[((0, 1), (1, 2))], [((0,), (2,))]],
        [0, 1],
        [b"\x00\x00"],
    )
    # A second parse after it is laid out too.
    assert layout_of([["a", "b"]], [["a\nb"]], [["a", "b"]])[1:3] == (
        [[((0, 1), (1, 2))], [((0,), (2,))], [((0, 1), (1, 2))]],
        [0, 1, 0],
    )


def test_the_mark_of_a_missing_parse_is_a_character_neither_text_has():
    # The gold holds U+FFFE, the first candidate mark: the next one (U+FFFF) marks the
    # missing parse, and U+FFFE stays a gold character, which the parse lacks.
    assert layout_of([["a\ufffe"], ["c"]], [None, ["c"]]) == (
        "a\ufffec",
        [[((0,), (2,)), ((2,), (3,))], [None, ((2,), (3,))]],
        [2, 0],
        [b"\x01\x01\x00"],
    )


def test_a_gold_aligned_alone_under_lcs_counts_nothing_unmatched():
    tally: dict[str, int] = {}
    units = list(align_units([["a"], ["b"]], mode="lcs", tally=tally, roles=("gold",)))
    assert [(u.number, u.text, len(u.gold)) for u in units] == [(1, "a", 1), (2, "b", 1)]
    assert tally == {"unmatched gold": 0}


def test_a_missing_parse_under_lcs_keeps_its_record_and_has_no_tokens():
    gold = [{"w": ["a"]}, {"w": ["b"]}]
    parse = [{"w": ["a"]}, {"w": None, "line": 7}]
    units = list(align_units(gold, parse, words=lambda r: r["w"], mode="lcs"))
    assert len(units) == 2
    (stand,) = units[1].test
    assert stand.item is parse[1]
    assert (stand.missing, stand.tokens, stand.bounds) == (True, (), (0, 1))


def test_missing_parses_stand_for_gold_sentences_between_the_parses_neighbours_only():
    # Between the parse's "a" and "b" the gold has one sentence, "x": two missing parses
    # cannot both stand for one (the gold's "b" is the parse's next sentence, not a hole).
    gold, parse = [["a"], ["x"], ["b"]], [["a"], None, None, ["b"]]
    with pytest.raises(AlignmentError) as err:
        list(align_units(gold, parse, words=lambda s: s, mode="lcs"))
    assert "the gold has 1 whole sentence that the parse lacks, for 2 missing parses" in str(
        err.value
    )
    # One missing parse there stands for "x".
    units = list(align_units(gold, [["a"], None, ["b"]], words=lambda s: s, mode="lcs"))
    assert [(u.text, [s.missing for s in u.test]) for u in units] == [
        ("a", [False]),
        ("x", [True]),
        ("b", [False]),
    ]


def test_tokens_that_meet_have_no_ends_of_their_own():
    (unit,) = align_units([["a", "b", "c"]], [["a", "bc"]], mode="lcs")
    assert unit.gold[0].ends is None and unit.test[0].ends is None
    assert (unit.gold[0].bounds, unit.test[0].bounds) == ((0, 1, 2, 3), (0, 1, 3))


def _reference(gold: list[list[str]], parse: list[list[str]]) -> tuple[bytes, int]:
    """What the parse lacks of the gold and how many of its characters the gold lacks, from
    diff-match-patch as lcs.py's docstring configures it, without a time limit: a sentence a
    line (line mode; line breaks are no characters), or, when a token holds a line break
    (a normalization that keeps it), the characters as they are; equal characters pair."""
    dmp = diff_match_patch()
    dmp.Diff_Timeout = 0
    by_line = not any("\n" in token for side in (gold, parse) for s in side for token in s)
    end = "\n" if by_line else ""
    g_text = "".join(f"{''.join(s)}{end}" for s in gold)
    p_text = "".join(f"{''.join(s)}{end}" for s in parse)
    lacking = bytearray()
    equal = 0
    for op, text in dmp.diff_main(g_text, p_text, by_line):
        chars = text.replace("\n", "") if by_line else text
        if op == 0:
            lacking += bytes(len(chars))
            equal += len(chars)
        elif op < 0:
            lacking += b"\x01" * len(chars)
    return bytes(lacking), len(p_text.replace(end, "") if by_line else p_text) - equal


def _sentences(rng: random.Random, alphabet: str) -> list[list[str]]:
    return [
        [
            "".join(rng.choice(alphabet) for _ in range(rng.randint(3, 12)))
            for _ in range(rng.randint(3, 8))
        ]
        for _ in range(rng.randint(3, 8))
    ]


def _edited(rng: random.Random, gold: list[list[str]], alphabet: str) -> list[list[str]]:
    parse = []
    for sentence in gold:
        tokens = list(sentence)
        for _ in range(rng.randint(0, 2)):
            r = rng.random()
            if r < 0.3 and len(tokens) > 1:
                del tokens[rng.randrange(len(tokens))]
            elif r < 0.6:
                word = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 4)))
                tokens.insert(rng.randint(0, len(tokens)), word)
            else:
                i = rng.randrange(len(tokens))
                j = rng.randrange(len(tokens[i]))
                tokens[i] = tokens[i][:j] + rng.choice(alphabet) + tokens[i][j + 1 :]
        parse.append(tokens)
    if rng.random() < 0.3:
        parse[:2] = [parse[0] + parse[1]]
    return parse


@pytest.mark.parametrize("seed", range(60))
def test_the_diff_is_diff_match_patch_line_by_line_without_a_time_limit(seed):
    # Texts of 3 to 8 sentences (over 100 characters, where line mode starts), with words
    # dropped, added and changed, and two sentences joined; a third of them with line
    # breaks inside tokens.
    rng = random.Random(seed)
    alphabet = ("ab", "abX", "ab\n")[seed % 3]
    gold = _sentences(rng, alphabet)
    parse = _edited(rng, gold, alphabet)
    layout = merged_layout([gold, parse], ["gold", "parse"])
    lacking, unmatched = _reference(gold, parse)
    assert (bytes(layout.lacking[0]), layout.unmatched[1]) == (lacking, unmatched)
