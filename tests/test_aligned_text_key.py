"""A sentence's text key (issue 31): under alignment, the words of a block's line are read
from its bytes and compared as bytes, and no normalization is asked of a sentence that no
normalization changes.

Three things must hold, each checked against the slow path and by hand:

- ``Normalization.texts`` and ``Normalization.joined_text`` give the characters of
  every token that ``Normalization.__call__`` gives, token by token (SPEC.md §11);
- a block line's ``text_key`` is :func:`joined_words` of its text tokens, and ``None``
  where the line has empty elements (its text tokens are not its words);
- aligning with keys gives the units, fields and errors of aligning without them.
"""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nltk_tedeval import ParsevalEvaluator
from nltk_tedeval.alignment import units as units_module
from nltk_tedeval.alignment.normalize import Normalization
from nltk_tedeval.alignment.streams import aligned_streams
from nltk_tedeval.alignment.units import AlignmentError, align_units
from nltk_tedeval.reading import read_text
from nltk_tedeval.trees.blocks import BlockTree
from nltk_tedeval.trees.kinds import text_key, text_tokens
from nltk_tedeval.trees.tokens import joined_words, split_joined_words

from .conftest import examples
from .test_aligned_shortcut import corpora, outcome, words

# Small inputs, read through blocks as these tests mean them (conftest.blocks_always).
pytestmark = pytest.mark.usefixtures("blocks_always")

NORMALIZATIONS = [
    Normalization(),
    Normalization(escapes=False),
    Normalization(whitespace="Zs"),
    Normalization(casefold=True),
    Normalization(escapes=False, whitespace="Zs"),
]

# Every character some step of a normalization looks at: escapes' first letters, quotes,
# backslash escapes, spaces of several kinds, a control character, NFD and non-ASCII.
CHARS = "aZ09.,-LRBCS`'\\/* \t\u00a0\u3000\x07e\u0301\u00e9\u00ff"
TOKENS = st.one_of(
    st.text(st.sampled_from(CHARS), min_size=0, max_size=6),
    st.sampled_from(["-LRB-", "-RRB-", "``", "''", "`", "1\\/2", "\\*", "Nov.", "(a)"]),
)


@settings(max_examples=examples(400), deadline=None)
@given(tokens=st.lists(TOKENS, max_size=6), which=st.integers(0, len(NORMALIZATIONS) - 1))
def test_texts_are_the_characters_of_each_token(tokens: list[str], which: int) -> None:
    norm = NORMALIZATIONS[which]
    expected = [norm._normalize(t) for t in tokens]  # the token-by-token definition
    assert norm.texts(tokens) == expected
    assert norm.texts(tokens) == expected  # again, from the memo
    # The text alone, without the tokens split apart: only ever where no token changes.
    text = norm.joined_text(joined_words(tokens)) if tokens else None
    if text is not None:
        assert tokens == expected and text == "".join(expected)


def test_texts_by_hand() -> None:
    norm = Normalization()
    assert norm.texts(["He", "said", "``", "-LRB-", "1\\/2", "New York", "''"]) == [
        "He",
        "said",
        '"',
        "(",
        "1/2",
        "NewYork",
        '"',
    ]
    assert norm.texts(["Nov.", "3", "'s", "n't", "$", "well-known"]) == [
        "Nov.",
        "3",
        "'s",
        "n't",
        "$",
        "well-known",
    ]
    assert Normalization(casefold=True).texts(["Hi"]) == ["hi"]
    assert norm.texts(["\u00a0"]) == [""]  # no characters: token_texts' error, not here
    assert norm.texts(["a", ""]) == ["a", ""]


def test_joined_text_by_hand() -> None:
    norm = Normalization()
    assert norm.joined_text(b"He\xffleft\xff.") == "Heleft."
    # What some normalization would change, or might: no answer, the tokens decide.
    for joined in (
        b"-LRB-\xffa",  # a bracket escape
        b"``\xffa",  # a quote token
        b"a\xff''",
        b"1\\/2",  # a backslash escape
        b"caf\xc3\xa9",  # not ASCII
        b"a\x07b",  # not printable
        b"a b",  # a space inside a token
        b"a\xff\xffb",  # an empty token
        b"",
    ):
        assert norm.joined_text(joined) is None, joined
    assert Normalization(casefold=True).joined_text(b"He") is None
    assert norm.joined_text(b"\xffa") is None and norm.joined_text(b"a\xff") is None
    # Without escapes a quote token is its own characters.
    assert Normalization(escapes=False).joined_text(b"``\xff-LRB-") == "``-LRB-"


def read(text: str) -> list:
    return read_text(text, "ptb", one_per_line=True, nltk_trees=False, nltk_free=True)


def test_a_block_lines_key_is_its_words_bytes() -> None:
    records = read(
        "(S (NP (DT The) (NN caf\u00e9)) (VP (VBD left)))\n"
        "(S (NP (-NONE- *)) (VP (VB Go) (. !)))\n"
        "(S (X ``) (X -LRB-))\n"
    )
    plain, traced, escaped = (r.tree for r in records)
    assert all(isinstance(t, BlockTree) for t in (plain, traced, escaped))
    assert text_key(plain) == b"The\xffcaf\xc3\xa9\xffleft"  # UTF-8, 0xFF between words
    assert text_key(plain) == joined_words(text_tokens(plain))
    # A trace is a word but no text: the key would not stand for the text tokens.
    assert text_tokens(traced) == ("Go", "!") and text_key(traced) is None
    assert text_key(escaped) == b"``\xff-LRB-"
    # Other trees have no key: their tokens are read as before.
    assert text_key(plain._table) is None and text_key(None) is None


def key_of(item: list[str] | None) -> bytes | None:
    """A key as a block's line gives it: the tokens' bytes joined by 0xFF."""
    return None if item is None else joined_words(item)


@settings(max_examples=examples(400), deadline=None)
@given(corpus=corpora())
def test_keys_give_the_units_and_errors_of_the_tokens(corpus: tuple) -> None:
    gold, parses = corpus
    assert outcome(gold, parses, key=key_of) == outcome(gold, parses)


@settings(max_examples=examples(200), deadline=None)
@given(corpus=corpora())
def test_keys_give_the_units_of_the_character_walk(corpus: tuple) -> None:
    # The keyed shortcut against the walk alone, not against the shortcut it refines.
    gold, parses = corpus
    with pytest.MonkeyPatch.context() as m:
        m.setattr(units_module, "_same_sentence", lambda sides, norm: None)
        walked = outcome(gold, parses)
    assert outcome(gold, parses, key=key_of) == walked


def test_a_parse_of_the_golds_bytes_is_never_asked_for_its_words() -> None:
    gold = [["He", "left"], ["caf\u00e9", "!"], ["``", "Hi"]]
    parse = [["He", "left"], ["caf\u00e9", "!"], ["``", "Hi"]]
    asked: list[tuple[str, ...]] = []

    def counted(item: list[str]) -> tuple[str, ...]:
        asked.append(tuple(item))
        return tuple(item)

    got = list(align_units(gold, parse, words=counted, key=key_of))
    assert [u.text for u in got] == ["Heleft", "caf\u00e9!", '"Hi']
    assert all(u.identical for u in got)
    # Every gold is read from its key (the first as bytes alone; the others, not plain
    # ASCII, split from the key and normalized), and no parse sentence's words are ever
    # asked (its key is the gold's): the words of neither side are asked.
    assert asked == []
    # The parse's tokens are the gold's own tuple, not a copy.
    assert all(u.test[0].tokens is u.gold[0].tokens for u in got)


def test_a_key_is_taken_at_its_word() -> None:
    # The contract is the caller's: a key is the tokens' bytes, so a plain one is read as
    # the tokens of both sides and the words are never asked (pinned, not a use).
    def never(item: object) -> None:
        raise AssertionError("words asked")

    (unit,) = align_units([["a"]], [["b"]], words=never, key=lambda item: b"same\xffx")
    assert unit.gold[0].tokens == unit.test[0].tokens == ("same", "x")
    assert unit.text == "samex" and unit.gold[0].bounds == (0, 4, 5)


GOLD = (
    "(S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .))\n"
    "(S (NP (NNP Caf\u00e9)) (VP (VBZ opens)))\n"
    "(S (`` ``) (NP (PRP He)) (VP (VBD left)) ('' ''))\n"
    "(S (NP (-NONE- *)) (VP (VB Go) (. !)))\n"
)
PARSE = (
    "(S (NP (DT The)) (NN dog) (VP (VBD barked) (. .)))\n"
    "(X (NNP Caf\u00e9) (VBZ opens))\n"
    "(S (`` ``) (PRP He) (VP (VBD left)) ('' ''))\n"
    "(S (VP (VB Go) (. !)))\n"
)


def test_aligned_parseval_with_and_without_keys() -> None:
    # The run's figures do not depend on the key, and are the unaligned run's.
    def run(key: bool, align: str | None) -> list:
        ev = ParsevalEvaluator(read(PARSE), read(GOLD), align=align)
        if not key:
            ev.text_key = None  # type: ignore[misc]
        return ev.stats.array.tolist()

    expected = run(True, None)
    # By hand, sentence 1 as EVALB counts it (the final "." deleted as punctuation): the
    # gold's S 0-3, NP 0-2, VP 2-3; the parse's S 0-3, NP 0-1, VP 2-3; S and VP match,
    # NP 0-1 lies inside NP 0-2 (no crossing); 3 words, 3 tags right, length 4.
    assert expected[0][:14] == [1, 1, 0, 0, 2, 3, 3, 0, 0, 1, 1, 3, 3, 4]
    assert run(True, "exact") == run(False, "exact") == expected


def test_aligned_streams_take_the_key() -> None:
    records_g, records_t = read(GOLD), read(PARSE)
    golds, systems = aligned_streams(
        [("gold", records_g)], [("p", records_t)], words=text_tokens, key=text_key
    )
    units = list(systems[0][1])
    list(golds[0][1])
    assert [u.identical for u in units] == [True, True, True, True]
    assert [u.text for u in units] == ["Thedogbarked.", "Caf\u00e9opens", '"Heleft"', "Go!"]


def test_a_whole_unit_of_two_sides_is_its_own_pair() -> None:
    # The pair view of the gold and the first parse, when the unit has only those two
    # sides, is the unit: same sides, and what a view's ``whole`` gives (``whole or self``).
    (two,) = align_units([["a", "b"]], [["a", "b"]], words=words)
    assert two.pair(1) is two and (two.pair(1).whole or two.pair(1)) is two
    (three,) = align_units([["a", "b"]], [["a", "b"]], [["ab"]], words=words)
    second = three.pair(2)
    assert second is not three and second.whole is three
    assert second.sides == (three.sides[0], three.sides[2])
    assert three.pair(1).sides == three.sides[:2] and three.pair(1).whole is three
    # A view's own pair is a view of the whole unit, not the view.
    assert second.pair(1).whole is three


def test_a_unit_one_key_spells_is_split_only_when_asked() -> None:
    # A unit of a gold and a parse with the same key: its text and length come from the
    # key, its tokens and bounds only when asked, once for both sides (issue 31).
    gold = [["He", "left", "."], ["caf\u00e9", "``", "Hi"]]
    (plain, escaped) = align_units(gold, gold, words=words, key=key_of)
    assert (plain.number, plain.length, plain.text) == (1, 7, "Heleft.")
    assert (escaped.number, escaped.length, escaped.text) == (2, 7, 'caf\u00e9"Hi')
    for unit in (plain, escaped):
        assert unit.identical  # known from the shared key, without splitting it
        assert all("tokens" not in s.__dict__ for side in unit.sides for s in side)
    assert plain.gold[0].tokens == ("He", "left", ".") and plain.gold[0].bounds == (0, 2, 6, 7)
    assert plain.test[0].tokens is plain.gold[0].tokens  # split once for both sides
    # The tokens are the words as written, the bounds those of their characters.
    assert escaped.test[0].tokens == ("caf\u00e9", "``", "Hi")
    assert escaped.test[0].bounds == (0, 4, 5, 7) and escaped.atoms() == (0, 4, 5, 7)
    assert [s.index for s in (*plain.sides[0], *plain.sides[1])] == [0, 0]
    # Field for field the units the tokens give without a key, and so they pickle (the
    # sentences of a run with several jobs go to other processes), before they are split
    # and after, at every protocol.
    again = list(align_units(gold, gold, words=words))
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        fresh = list(align_units(gold, gold, words=words, key=key_of))
        copies = pickle.loads(pickle.dumps(fresh, protocol=protocol))
        assert all("tokens" not in s.__dict__ for u in copies for side in u.sides for s in side)
        assert all(u.identical for u in copies)
        assert copies[0].test[0].tokens is copies[0].gold[0].tokens  # still one spelling
        assert copies == again
        assert fresh == again
        assert pickle.loads(pickle.dumps(fresh, protocol=protocol)) == again
    # A name no sentence has is the usual error, spelled or not.
    with pytest.raises(AttributeError, match="'AlignedSentence' object has no attribute 'tokenz'"):
        fresh[0].gold[0].tokenz  # noqa: B018


@settings(max_examples=examples(300), deadline=None)
@given(
    st.lists(
        # Any characters a line's word may hold, lone surrogates too (a Python string may).
        st.text(st.characters(exclude_categories=(), exclude_characters="\n")),
        min_size=1,
        max_size=5,
    )
)
def test_a_key_splits_into_the_words_it_joins(words: list[str]) -> None:
    assert split_joined_words(joined_words(words)) == words


def test_a_unit_of_words_with_a_lone_surrogate_is_the_unkeyed_unit() -> None:
    # Read from a string (a file is decoded strictly): the key keeps the surrogate's bytes,
    # and its split gives the word back, as the words themselves do.
    trees = [r.tree for r in read("(S (X a\ud800b) (Y c))\n(S (X \udcffq) (Y c))\n")]
    keyed = list(align_units(trees, trees, words=text_tokens, key=text_key))
    assert [u.text for u in keyed] == ["a\ud800bc", "\udcffqc"]
    assert keyed[0].gold[0].tokens == ("a\ud800b", "c") and keyed[0].gold[0].bounds == (0, 3, 4)
    assert keyed == list(align_units(trees, trees, words=text_tokens))


def test_a_spelled_token_without_characters_is_the_tokens_error() -> None:
    # A key whose token normalizes to nothing is left to the tokens, which name it.
    gold = [["a", "\u00a0"]]
    with pytest.raises(AlignmentError) as keyed:
        list(align_units(gold, gold, words=words, key=key_of))
    with pytest.raises(AlignmentError) as unkeyed:
        list(align_units(gold, gold, words=words))
    assert str(keyed.value) == str(unkeyed.value)
    assert "token 2 ('\\xa0') has no characters once normalized" in str(keyed.value)


def test_tokens_in_nfc_are_their_own_characters_without_a_token_normalized(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Text beyond ASCII whose every token is in NFC, with no escape, quote or space, is
    # its tokens (most sentences of a treebank of another language): none is normalized.
    def never(self: Normalization, token: str) -> str:
        raise AssertionError(f"normalized {token!r}")

    with monkeypatch.context() as m:
        m.setattr(Normalization, "_normalize", never)
        assert Normalization().texts(["caf\u00e9", "\u00fcber", "Stra\u00dfe"]) == [
            "caf\u00e9",
            "\u00fcber",
            "Stra\u00dfe",
        ]
        # NFC is the escapes' business: without them a token stays as written.
        assert Normalization(escapes=False).texts(["cafe\u0301"]) == ["cafe\u0301"]
        # Each token in NFC, though not the two together: each stays as written.
        assert Normalization().texts(["e", "\u0301"]) == ["e", "\u0301"]
    # A token not in NFC is normalized, as are escapes beside letters beyond ASCII.
    assert Normalization().texts(["cafe\u0301", "x"]) == ["caf\u00e9", "x"]
    assert Normalization().texts(["-LRB-", "\u00e9", "-RRB-"]) == ["(", "\u00e9", ")"]
    assert Normalization().texts(["\u00e9\u00a0"]) == ["\u00e9"]  # a no-break space goes
