"""Sentences that spell the same characters token by token make a unit without a character
compared (issue 31): the shortcut gives the units the character walk gives.

``alignment.units._same_sentence`` closes a unit as soon as every side's next
sentence has tokens of the same normalized texts; the walk (SPEC.md §11) reads
characters until every side ends a sentence at once. Generated corpora of
every shape the walk handles (sentences split or joined, tokens split or
joined, PTB escapes against the characters, missing parses, several parses,
texts that differ, a token without characters) are aligned both ways and must
give the same units, field by field, or the same error. Worked examples pin
what the shortcut builds independently of the walk.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nltk_tedeval.alignment import units as units_module
from nltk_tedeval.alignment.units import AlignmentError, align_units
from nltk_tedeval.errors import TedEvalError

from .conftest import examples

# Tokens and the ways a parser writes them: PTB escapes, quotes, a token that is
# only whitespace (no characters once normalized: an error wherever it comes).
WORDS = ["a", "bc", "(", ")", "``", "''", '"', "1/2", "x", "dé"]
WRITTEN = {"(": ["(", "-LRB-"], ")": [")", "-RRB-"], '"': ['"', "``", "''"], "1/2": ["1\\/2"]}


@st.composite
def gold_sentences(draw, blank: bool = True) -> list[list[str]]:
    # Rarely a gold token without characters too: the error either path must raise first.
    words = st.sampled_from(WORDS * 8 + ([" "] if blank else []))
    return draw(st.lists(st.lists(words, min_size=1, max_size=4), min_size=1, max_size=6))


@st.composite
def parse_of(draw, gold: list[list[str]]) -> list[list[str] | None]:
    """The gold's text as another tokenizer wrote it: sentences and tokens split or joined,
    tokens written another way, a sentence missing, rarely a word changed."""
    out: list[list[str] | None] = []
    pending: list[str] = []
    for k, sentence in enumerate(gold):
        if draw(st.integers(0, 9)) == 0 and not pending:
            out.append(None)  # a missing parse, in place of a whole gold sentence
            continue
        tokens: list[str] = []
        for word in sentence:
            written = draw(st.sampled_from(WRITTEN.get(word, [word])))
            if len(written) > 1 and written.isalpha() and draw(st.integers(0, 5)) == 0:
                tokens += [written[:1], written[1:]]  # a token split in two
            elif (
                tokens and draw(st.integers(0, 7)) == 0 and tokens[-1].isalpha() and word.isalpha()
            ):
                tokens[-1] += written  # joined to the one before
            else:
                tokens.append(written)
        if draw(st.integers(0, 30)) == 0:
            tokens[draw(st.integers(0, len(tokens) - 1))] = "zz"  # a text that differs
        if draw(st.integers(0, 60)) == 0:
            tokens.append(" ")  # a token without characters
        pending += tokens
        last = k == len(gold) - 1
        if last or draw(st.integers(0, 3)) != 0:  # else: joined to the next sentence
            if pending and draw(st.integers(0, 4)) == 0 and len(pending) > 1:
                cut = draw(st.integers(1, len(pending) - 1))
                out += [pending[:cut], pending[cut:]]  # split in two sentences
            else:
                out.append(pending)
            pending = []
    return out


@st.composite
def corpora(draw) -> tuple[list, list[list]]:
    gold = draw(gold_sentences())
    n = draw(st.integers(1, 3))
    parses = [gold if draw(st.integers(0, 2)) == 0 else draw(parse_of(gold)) for _ in range(n)]
    return gold, parses


def words(item: list[str] | None) -> tuple[str, ...] | None:
    return None if item is None else tuple(item)


def outcome(gold: list, parses: list[list], key=None) -> object:
    """Every unit as plain data, or the error that stops the alignment (``key``: the
    alignment's text key, none by default)."""
    try:
        return [
            (
                u.number,
                u.length,
                u.text,
                tuple(
                    tuple((s.index, s.tokens, s.bounds, s.missing, s.ends) for s in side)
                    for side in u.sides
                ),
                u.atoms(),
                u.identical,
            )
            for u in align_units(gold, *parses, words=words, key=key)
        ]
    except TedEvalError as err:
        return type(err).__name__, str(err)


def walked(gold: list, parses: list[list], monkeypatch: pytest.MonkeyPatch) -> object:
    with monkeypatch.context() as m:
        m.setattr(units_module, "_same_sentence", lambda sides, norm: None)
        return outcome(gold, parses)


@settings(max_examples=examples(400), deadline=None)
@given(corpus=corpora())
def test_the_shortcut_gives_the_units_of_the_character_walk(corpus: tuple) -> None:
    gold, parses = corpus
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert outcome(gold, parses) == walked(gold, parses, monkeypatch)


@settings(max_examples=examples(200), deadline=None)
@given(gold=gold_sentences(blank=False), n=st.integers(1, 3))
def test_equal_corpora_are_one_unit_per_sentence(gold: list, n: int) -> None:
    # Independently of either path: sentence k is unit k on every side, and its
    # boundaries are the running lengths of its tokens' characters.
    texts = {"``": '"', "''": '"'}
    got = list(align_units(gold, *([gold] * n), words=words))
    assert [u.number for u in got] == list(range(1, len(gold) + 1))
    for unit, sentence in zip(got, gold, strict=True):
        chars = [texts.get(w, w) for w in sentence]
        bounds = [0]
        for c in chars:
            bounds.append(bounds[-1] + len(c))
        assert unit.text == "".join(chars)
        assert unit.identical
        for side in unit.sides:
            ((s,),) = (side,)
            assert s.tokens == tuple(sentence) and s.bounds == tuple(bounds)


def test_escapes_against_characters_share_their_boundaries() -> None:
    # "-LRB- a -RRB-" and "( a )": three tokens of one character each on both sides,
    # one unit per sentence, each side keeping its own tokens; not identical (the
    # tokens differ), so the metrics place them by position.
    gold = [["(", "a", ")"], ["bc"]]
    parse = [["-LRB-", "a", "-RRB-"], ["bc"]]
    first, second = align_units(gold, parse, words=words)
    assert first.text == "(a)"
    assert first.gold[0].bounds == first.test[0].bounds == (0, 1, 2, 3)
    assert first.test[0].tokens == ("-LRB-", "a", "-RRB-") and not first.identical
    assert second.identical and second.text == "bc"


def test_an_error_after_equal_sentences_shows_the_text_before_it() -> None:
    # The shortcut leaves the context an error quotes as the walk does: the last
    # characters of the unit before ("Thedog"), then the unit's up to the difference.
    gold = [["The", "dog"], ["barked"]]
    parse = [["The", "dog"], ["barks"]]
    with pytest.raises(AlignmentError) as err:
        list(align_units(gold, parse, words=words))
    message = str(err.value)
    assert "gold token 1 ('barked') reads 'Thedogbark|ed'" in message
    assert "parse token 1 ('barks') (sentence 2) reads 'Thedogbark|s'" in message
