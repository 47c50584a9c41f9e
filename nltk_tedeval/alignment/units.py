"""Units and positions: where two tokenizations of one text agree (docs/SPEC.md §11).

A parser that ran on raw text splits sentences and tokens its own way. Both
sides still spell the same text: once every token is normalized
(:mod:`.normalize`) and whitespace dropped, the gold file and the parse file
are one character stream each, and when the streams are equal, every token
is a range of characters and every sentence a range of tokens.

- A **unit** is a smallest group of consecutive sentences whose first start
  and last end both sides share: one sentence on each side when the
  sentence splits agree, two gold sentences and one parse sentence where the
  parser joined them, and so on. Every metric compares within units.
- A **position** is a smallest piece of a unit between token boundaries that
  both sides share. Every token lies inside exactly one position (a shared
  boundary is a boundary of every side, so no token straddles one), and a
  position is one token on each side wherever the tokenizations agree.

The streams are read one sentence at a time, and a unit is handed on as
soon as both sides reach a shared sentence end, so files of any length align
in the memory of their longest unit.

"Nov." is one gold token and two parse tokens; "He left" is one gold
sentence and two parse sentences:

>>> units = list(align_units([["He", "left", "Nov."]], [["He"], ["left", "Nov", "."]]))
>>> [(len(u.gold), len(u.test), u.positions) for u in units]
[(1, 2, (0, 2, 6, 10))]
>>> units[0].gold_positions, units[0].test_positions
(((0, 1, 2),), ((0,), (1, 2, 2)))
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from itertools import accumulate
from typing import Any

from ..errors import AlignmentError, OptionError
from ..trees.tokens import Segmented, split_joined_words
from .multiword import lcs_words, word_unit
from .normalize import Normalization
from .unit import (
    AlignedSentence,
    Spelling,
    TextKey,
    Unit,
    Words,
    located,
    source_of,
    token_texts,
)

__all__ = ["AlignedSentence", "AlignmentError", "Unit", "align_units"]


_CONTEXT = 12  # characters shown on each side of a difference
_UNREAD = object()  # a pending sentence's tokens, before anything asked for them


class _Side:
    """One side's sentences as they join the open unit, and their characters."""

    def __init__(
        self,
        items: Iterable[Any],
        words: Words,
        norm: Normalization,
        role: str,
        key: TextKey | None = None,
    ):
        self.items = enumerate(items)
        self.words = words
        self.key = key
        self.norm = norm
        self.role = role
        self.done = False
        self.sentences: list[AlignedSentence] = []
        # Per sentence of the open unit, its words where multiword tokens make them
        # differ from its tokens (:mod:`.multiword`), and whether any does.
        self.segmented: list[Segmented | None] = []
        self.multiword = False
        self.text = ""  # the open unit's characters
        self.length = 0  # len(self.text), read at every step
        self.starts: list[int] = []  # where each sentence of the open unit starts
        self.before = ""  # the text of the unit before, whose end is context in errors
        # Read, not placed; its tokens _UNREAD until asked.
        self.pending: tuple[int, Any, Any] | None = None

    def next_item(self) -> tuple[int, Any, Any] | None:
        """The next sentence and its number, left to read, its tokens perhaps not yet asked
        (``_UNREAD``); ``None`` at the end of the side."""
        if self.pending is None and not self.done:
            nxt = next(self.items, None)
            if nxt is None:
                self.done = True
                return None
            self.pending = (*nxt, _UNREAD)
        return self.pending

    def peek(self) -> tuple[int, Any, tuple[str, ...] | None] | None:
        """The next sentence, its number and tokens (``None``: a missing parse), left to read;
        ``None`` at the end of the side."""
        nxt = self.next_item()
        if nxt is not None and nxt[2] is _UNREAD:
            index, item, _ = nxt
            found = self.words(item)
            if found is not None and not isinstance(found, tuple):
                found = tuple(found)  # (a tuple as it is: Segmented words keep their tokens)
            nxt = self.pending = (index, item, found)
        return nxt

    def pull(self, gold: _Side) -> bool:
        """Add the next sentence to the open unit; False at the end of the side."""
        nxt = self.peek()
        if nxt is None:
            return False
        self.pending = None
        index, item, tokens = nxt
        if tokens is None:
            self._stand_in(item, index, gold)
            return True
        if self is not gold and (isinstance(tokens, Segmented) or gold.multiword):
            tokens = self._gold_segmentation(tokens, gold)
        if isinstance(tokens, Segmented):
            # The text is the surface tokens'; the words are placed when the unit closes.
            self.segmented.append(tokens)
            tokens = tokens.surface()
            self.multiword = True
        else:
            self.segmented.append(None)
        texts = token_texts(tokens, self.norm, item, index)
        bounds = list(accumulate(map(len, texts), initial=self.length))
        at = bounds[-1]
        self.starts.append(self.length)
        self.text += "".join(texts)
        self.length = at
        self.sentences.append(AlignedSentence(item, index, tokens, tuple(bounds)))
        return True

    def _gold_segmentation(self, tokens: tuple[str, ...], gold: _Side) -> tuple[str, ...]:
        """``tokens`` with the multiword tokens of the gold sentence that starts where
        this sentence does, when its words are that sentence's, one by one.

        Such a sentence is the gold's segmentation whatever its range lines (a parser
        given the gold's words often writes none): without alignment it is compared
        word by word, and so it is here, beside any other system. The gold side reads
        first at a tie, so a gold sentence that starts here has been read.
        """
        at = self.length
        if at not in gold.starts:
            return tokens
        k = gold.starts.index(at)
        mine = gold.segmented[k]
        words = mine if mine is not None else gold.sentences[k].tokens
        same = tuple(tokens) == tuple(words) or (
            len(tokens) == len(words) and self.norm.texts(tokens) == self.norm.texts(words)
        )
        if not same:
            return tokens
        return Segmented(tokens, mine.multiword) if mine is not None else tuple(tokens)

    def _stand_in(self, item: Any, index: int, gold: _Side) -> None:
        """A missing parse: it stands for the gold sentence that starts where it comes.

        Where the parse's sentences so far end a gold sentence too, as they do
        whenever the texts agree sentence for sentence; elsewhere it would
        stand for part of a sentence, which is an error.
        """
        if self is gold:
            raise located(
                AlignmentError("the gold has no tree here, and a gold sentence cannot be missing"),
                item,
                index,
            )
        at = self.length
        if gold.length == at and not gold.pull(gold):
            raise located(
                AlignmentError("a missing parse after the gold's end stands for no gold sentence"),
                item,
                index,
            )
        if at not in gold.starts:
            raise located(
                AlignmentError(
                    "a missing parse in the middle of a gold sentence stands for no whole "
                    "sentence: under alignment a missing parse must come where a gold "
                    "sentence starts, in place of that sentence"
                ),
                item,
                index,
            )
        end = gold.sentences[gold.starts.index(at)].bounds[-1]
        self.starts.append(at)
        self.text += gold.text[at:end]
        self.length = end
        self.sentences.append(AlignedSentence(item, index, (), (at, end), missing=True))
        self.segmented.append(None)

    def take(self) -> tuple[AlignedSentence, ...]:
        out = tuple(self.sentences)
        self.before = self.text
        self.sentences.clear()
        self.segmented.clear()
        self.multiword = False
        self.starts.clear()
        self.text = ""
        self.length = 0
        return out

    def describe(self, char: int) -> tuple[str, dict[str, Any], str]:
        """Where character ``char`` of the open unit comes from, and the text around it."""
        if char < self.length:
            k = bisect_right(self.starts, char) - 1
            while self.sentences[k].bounds[-1] <= char:
                k -= 1  # a sentence without characters starts where the next does
            s = self.sentences[k]
            # The token whose range holds the character (zero-width ones hold none).
            t = bisect_right(s.bounds, char) - 1
            where = source_of(s.item, s.index)
            token = f"token {t + 1} ({s.tokens[t]!r})"
        elif self.sentences:
            s = self.sentences[-1]
            where = source_of(s.item, s.index)
            token = f"ends after token {len(s.tokens)} ({s.tokens[-1]!r})" if s.tokens else "ends"
        else:
            where = {}
            token = "ends"
        before = self.before[-_CONTEXT:] + self.text[max(0, char - _CONTEXT) : char]
        text = before[-_CONTEXT:] + "|" + self.text[char : char + _CONTEXT]
        return token, where, text


def align_units(
    gold: Iterable[Any],
    *tests: Iterable[Any],
    words: Words = tuple,
    normalization: Normalization | None = None,
    roles: Sequence[str] = ("gold", "parse"),
    advice: str = (
        "both sides must spell the same text; align='lcs' aligns texts that differ and "
        "counts the characters it leaves unmatched"
    ),
    mode: str = "exact",
    tally: dict[str, int] | None = None,
    key: TextKey | None = None,
) -> Iterator[Unit]:
    """The units of sequences of sentences that spell the same text: a gold and its parses.

    Each :class:`Unit` holds the sentences of every side; with several parses,
    a unit ends only where all of them end a sentence, so that the units of
    all systems are the same and can be compared pairwise.

    ``words`` gives a sentence's token texts (by default the sentence is
    its own sequence of tokens); ``normalization`` maps each token to its
    characters (:class:`~.normalize.Normalization` by default). Raises
    :class:`AlignmentError` at the first character where the two streams
    differ, naming the sentence and token of both sides and the text around
    it, or where one side ends before the other; ``advice`` ends its message.

    ``mode="lcs"`` aligns texts that differ: each parse's characters are
    matched to the gold's by a longest common subsequence
    (:mod:`.lcs`), and the streams keep only the characters that every side
    shares. It reads every side whole first. ``tally`` then counts, per side,
    the characters left unmatched (``"unmatched <role>"``).

    ``key``, when given, is a cheaper question than ``words`` (:data:`~.unit.TextKey`):
    under ``mode="exact"`` a parse sentence whose key equals its gold sentence's takes
    the gold's tokens, and ``words`` is never asked of it.

    Two gold sentences that the parser joined make one unit:

    >>> [(u.number, len(u.gold), len(u.test)) for u in align_units([["Hi"], ["."]], [["Hi", "."]])]
    [(1, 2, 1)]
    """
    norm = normalization or Normalization()
    roles = list(roles) + [f"parse {k}" for k in range(len(roles), len(tests) + 1)]
    corpora: list[Iterable[Any]] = [gold, *tests]
    if mode == "lcs":
        # Imported here: its diff library is for texts that differ (issue 31: a command
        # imports what it runs).
        from .lcs import lcs_units

        yield from lcs_units(corpora, words, norm, roles, tally, lcs_words)
        return
    if mode != "exact":
        raise OptionError(f"mode must be 'exact' or 'lcs', not {mode!r}")
    sides = [
        _Side(items, words, norm, role, key) for items, role in zip(corpora, roles, strict=False)
    ]
    checked = 0  # characters of the open unit known to agree on every side
    number = 0
    while True:
        if not checked and not any(s.sentences for s in sides):
            # Such a unit leaves every side's open unit empty: the next may be one too.
            while (same := _same_sentence(sides, norm)) is not None:
                number += 1
                yield Unit.made(number, *same)
        lengths = [s.length for s in sides]
        low = min(lengths)
        if low == max(lengths) and low and all(s.sentences for s in sides):
            # Every side ends a sentence at the same character: the unit closes.
            number += 1
            text = sides[0].text
            if any(s.multiword for s in sides):
                # Multiword tokens: the unit's text is their surface's, its words
                # aligned as the CoNLL 2018 script aligns them (SPEC.md §11).
                segmented = [list(s.segmented) for s in sides]
                unit = Unit(number, tuple(s.take() for s in sides), low, text)
                yield word_unit(unit, segmented, norm, roles)
            else:
                yield Unit(number, tuple(s.take() for s in sides), low, text)
            checked = 0
            continue
        # The shortest side reads on; at a tie (a unit just closed), the first.
        progressed = any(s.pull(sides[0]) for s in sides if s.length == low)
        if not progressed:
            break
        common = min(s.length for s in sides)
        if common > checked:
            ref = sides[0].text
            for s in sides[1:]:
                if s.text[checked:common] != ref[checked:common]:
                    first = next(i for i in range(checked, common) if s.text[i] != ref[i])
                    raise _differ(sides[0], s, first, norm, advice)
            checked = common
    low = min(s.length for s in sides)
    for s in sides[1:]:
        if s.length != sides[0].length:
            raise _differ(sides[0], s, low, norm, advice)
    if any(s.sentences for s in sides):
        # Sentences without characters after the last unit (empty on every side).
        number += 1
        yield Unit(number, tuple(s.take() for s in sides), 0)


def _same_sentence(
    sides: list[_Side], norm: Normalization
) -> tuple[tuple[tuple[AlignedSentence, ...], ...], int, str] | None:
    """The next unit's sides, length and text when every side's next sentence has tokens
    that spell the same characters, token by token; ``None`` otherwise (the sentences
    stay to read, and the characters decide).

    Such sentences have the same boundaries, and a unit closes where every side
    ends a sentence at once: they are a unit by themselves, found without
    comparing a character (most units, when the parser was given the gold's
    tokens). Where the sides have text keys (issue 31), a gold's key gives its
    characters (from its bytes alone where no token is a normalization's business,
    2,425 of GUM's 2,996 sentences), and a parse of the same key is the gold's
    tokens, neither decoded; when every side has the gold's key, the unit's
    sentences share one :class:`~.unit.Spelling` and split their tokens only if
    something asks. The sides are read in the order the character walk reads
    them, so an error is the one it would raise.
    """
    gold = sides[0]
    key = gold.key
    gold_key = None
    spelled: tuple[Spelling, str] | None = None
    first = gold.next_item()
    if first is not None and first[2] is _UNREAD and key is not None:
        gold_key = key(first[1])
        if gold_key is not None:
            spelled = _spelled(gold_key, norm)
    if spelled is None:
        # The gold's characters before a parse's sentence is read, as the walk does
        # (a token without any is its error, raised here).
        first = gold.peek()
        if first is None or not first[2]:
            return None
        tokens = first[2]
        texts = token_texts(tokens, norm, first[1], first[0])
    alike = spelled is not None  # every parse so far has the gold's key
    for side in sides[1:]:
        nxt = side.next_item()
        if (
            gold_key is not None
            and nxt is not None
            and nxt[2] is _UNREAD
            and key(nxt[1]) == gold_key  # type: ignore[misc]
        ):
            continue  # the gold's tokens, written as the gold writes them
        if alike:
            # A parse of other bytes: the gold's tokens, from its key, to compare.
            spelling = spelled[0]  # type: ignore[index]
            tokens, texts = spelling.tokens_and_bounds()[0], spelling.texts()
            gold.pending = (first[0], first[1], tokens)
            alike = False
        nxt = side.peek()
        if nxt is None or not nxt[2]:
            return None
        # Tokens written apart that spell the same characters one by one (PTB's -LRB-
        # for UD's "(") have the same boundaries too.
        if nxt[2] != tokens and token_texts(nxt[2], norm, nxt[1], nxt[0]) != texts:
            return None
    if alike:
        spelling, text = spelled  # type: ignore[misc]
        placed = []
        for side in sides:
            index, item, _ = side.pending  # type: ignore[misc]
            side.pending = None
            side.before = text  # as _Side.take leaves it
            placed.append((AlignedSentence.spelled(item, index, spelling),))
        return tuple(placed), len(text), text
    bounds = tuple(accumulate(map(len, texts), initial=0))
    text = "".join(texts)
    placed = []
    for side in sides:
        index, item, own = side.pending  # type: ignore[misc]
        side.pending = None
        side.before = text  # as _Side.take leaves it
        # (A parse of the gold's key before the one that differed: the gold's tokens.)
        own = tokens if own is _UNREAD else own
        placed.append((AlignedSentence.whole(item, index, own, bounds),))
    return tuple(placed), bounds[-1], text


def _spelled(key: bytes, norm: Normalization) -> tuple[Spelling, str] | None:
    """The spelling of a gold's key and its text; ``None`` if a token has no characters
    once normalized (the tokens' error)."""
    text = norm.joined_text(key)
    if text is not None:
        return Spelling(key), text
    tokens = tuple(split_joined_words(key))
    texts = norm.texts(tokens)
    if "" in texts:
        return None
    return Spelling(key, tokens, texts), "".join(texts)


def _place(where: dict[str, Any]) -> str:
    parts = []
    if "file" in where:
        parts.append(f"{where['file']}" + (f":{where['line']}" if where.get("line") else ""))
    parts.append(f"sentence {where['sentence']}")
    return " ".join(parts)


def _differ(g: _Side, t: _Side, char: int, norm: Normalization, advice: str) -> AlignmentError:
    g_token, g_where, g_text = g.describe(char)
    t_token, t_where, t_text = t.describe(char)
    short = g if char >= g.length else t if char >= t.length else None
    if short is not None:
        what = f"the {short.role} text ends where the other goes on"
    else:
        what = "the texts differ"
    message = (
        f"{what}: {g.role} {g_token} reads {g_text!r}, {t.role} {t_token} "
        f"({_place(t_where) if t_where else 'at the end of its file'}) reads {t_text!r} "
        f"(characters normalized as {norm.signature}; '|' marks the first difference); " + advice
    )
    err = AlignmentError(message)
    if g_where:
        err.locate(**g_where)
    return err
