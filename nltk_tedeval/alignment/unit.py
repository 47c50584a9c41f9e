"""A unit of aligned sentences and its positions: what every aligned metric scores (SPEC.md §11).

A **unit** is a smallest group of consecutive sentences, on each side, whose
first start and last end both sides share; a **position** a smallest piece
of a unit that no token of either side crosses. :mod:`.units` finds the
units of texts that are equal, :mod:`.lcs` those of texts that differ; both
build the types here.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import accumulate, pairwise
from typing import Any

from ..errors import AlignmentError, TedEvalError
from ..records import unwrap
from ..trees.tokens import split_joined_words
from .normalize import Normalization

__all__ = [
    "AlignedSentence",
    "Spelling",
    "TextKey",
    "Unit",
    "Words",
    "located",
    "sentence_number",
    "source_of",
    "token_texts",
    "unmatched_tokens",
]

Words = Callable[[Any], Sequence[str]]
"""How a sentence gives its token texts (``None``: a sentence without text)."""

TextKey = Callable[[Any], bytes | None]
"""A sentence's tokens as :func:`~nltk_tedeval.trees.tokens.joined_words` gives them (their
UTF-8 joined by 0xFF), where they cost less than the tokens (a block's line has them without
decoding a word; issue 31); ``None`` where they do not."""


class Spelling:
    """The tokens of sentences that one text key (:data:`TextKey`) spells, and their bounds
    in a unit of their own, split from the key only when first asked (issue 31).

    ``texts``, when given, are the tokens' characters as normalized (both sides of a
    unit spell the same); without them, the key's tokens are their own characters
    (:meth:`~.normalize.Normalization.joined_text` is not ``None``).

    >>> Spelling(b"He\\xffleft").tokens_and_bounds()
    (('He', 'left'), (0, 2, 6))
    >>> Spelling(b"-LRB-\\xffx", texts=["(", "x"]).tokens_and_bounds()
    (('-LRB-', 'x'), (0, 1, 2))
    """

    __slots__ = ("_bounds", "_texts", "_tokens", "joined")

    def __init__(
        self,
        joined: bytes,
        tokens: tuple[str, ...] | None = None,
        texts: Sequence[str] | None = None,
    ) -> None:
        self.joined = joined
        self._tokens = tokens
        self._texts = texts
        self._bounds: tuple[int, ...] | None = None

    def __reduce__(self) -> tuple[type[Spelling], tuple[Any, ...]]:
        # (Slots keep no dict for pickle's older protocols to read.)
        return Spelling, (self.joined, self._tokens, self._texts)

    def texts(self) -> Sequence[str]:
        """The tokens' characters, as normalized."""
        return self.tokens_and_bounds()[0] if self._texts is None else self._texts

    def tokens_and_bounds(self) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """The tokens, and the bounds of each one's characters from 0: split once."""
        if self._tokens is None:
            self._tokens = tuple(split_joined_words(self.joined))
        if self._bounds is None:
            texts = self._tokens if self._texts is None else self._texts
            self._bounds = tuple(accumulate(map(len, texts), initial=0))
        return self._tokens, self._bounds


@dataclass(frozen=True)
class AlignedSentence:
    """One sentence of one side, placed in its unit.

    ``item`` is what the caller passed (a tree or a read record), ``index``
    its 0-based number in its sequence, ``tokens`` its token texts, and
    ``bounds`` the character offsets of its token boundaries within the
    unit: token ``i`` spells characters ``bounds[i]:bounds[i + 1]``.

    A *missing* parse (``missing``: the parser returned nothing) has no
    tokens; it stands for the gold text from ``bounds[0]`` to ``bounds[1]``.

    Under ``align="lcs"`` a side may lack text that another side has (a
    word it dropped): its tokens then need not meet, and ``ends`` holds
    where each token ends (``bounds[i + 1]`` otherwise). The text between
    one token's end and the next token's start is a *hole* of this side.
    """

    item: Any
    index: int
    tokens: tuple[str, ...]
    bounds: tuple[int, ...]
    missing: bool = False
    ends: tuple[int, ...] | None = None
    apart: frozenset[int] | None = None
    """Tokens alone in a position with one token of the other side that are still no
    aligned pair (two different words the CoNLL 2018 alignment leaves unaligned inside
    a multiword token, :mod:`.multiword`); ``None`` for none."""

    @property
    def start(self) -> int:
        return self.bounds[0]

    @property
    def end(self) -> int:
        return self.bounds[-1]

    def token_start(self, i: int) -> int:
        """Where token ``i`` starts in its unit."""
        return self.bounds[i]

    def token_end(self, i: int) -> int:
        """Where token ``i`` ends in its unit."""
        return self.bounds[i + 1] if self.ends is None else self.ends[i]

    @property
    def number(self) -> int:
        """The sentence's number, as :attr:`source` gives it (without reading the rest)."""
        return sentence_number(self.item, self.index)

    @property
    def source(self) -> dict[str, Any]:
        """Where the sentence was read: file, line, its number in its file, its id."""
        return source_of(self.item, self.index)

    def replaced(self, item: Any, other: AlignedSentence) -> AlignedSentence:
        """This sentence's place in the order, holding ``item`` over ``other``'s tokens.

        What stands in for a missing parse (SPEC.md §11): a flat parse of the
        gold sentence it stands for, or nothing right, over that sentence's
        tokens.
        """
        return AlignedSentence(
            item, self.index, other.tokens, other.bounds, True, other.ends, other.apart
        )

    @classmethod
    def spelled(cls, item: Any, index: int, spelling: Spelling) -> AlignedSentence:
        """A sentence that spells its whole unit, whose tokens and bounds ``spelling`` gives
        when first asked: every side of a unit of sentences that one text key spells
        shares one spelling, and a unit scored as its sentences' trees never asks."""
        sentence = object.__new__(cls)
        sentence.__dict__.update(
            item=item, index=index, missing=False, ends=None, apart=None, _spelling=spelling
        )
        return sentence

    def __getattr__(self, name: str) -> Any:
        # Only a spelled sentence (above) lacks fields: its tokens and bounds, until asked.
        spelling = self.__dict__.get("_spelling")
        if spelling is None or name not in ("tokens", "bounds"):
            raise AttributeError(
                f"{type(self).__name__!r} object has no attribute {name!r}", name=name, obj=self
            )
        tokens, bounds = spelling.tokens_and_bounds()
        self.__dict__.update(tokens=tokens, bounds=bounds)
        return tokens if name == "tokens" else bounds

    @classmethod
    def whole(
        cls, item: Any, index: int, tokens: tuple[str, ...], bounds: tuple[int, ...]
    ) -> AlignedSentence:
        """A sentence that spells its whole unit (not missing, no hole): one per side of
        every unit of equal sentences, so built without the frozen dataclass's
        field-by-field ``__init__``, which costs more than the rest of such a unit."""
        sentence = object.__new__(cls)
        sentence.__dict__.update(
            item=item, index=index, tokens=tokens, bounds=bounds, missing=False, ends=None,
            apart=None,
        )
        return sentence


@dataclass(frozen=True)
class Unit:
    """A smallest group of sentences of each side that starts and ends where the others' do.

    ``sides`` holds each side's sentences: the gold first, then the parses.
    ``positions`` holds the character offsets (within the unit) of the token
    boundaries that the gold and the first parse (:attr:`test`) share, from
    ``0`` to ``length``: position ``k`` is the characters
    ``positions[k]:positions[k + 1]``. :meth:`pair` gives the unit of the
    gold and another parse.
    """

    number: int
    sides: tuple[tuple[AlignedSentence, ...], ...]
    length: int
    text: str = ""
    """The unit's characters, as normalized (the same on every side)."""
    whole: Unit | None = field(default=None, compare=False, repr=False)
    """The unit of every side that this one is a view of (:meth:`pair`, :meth:`side`)."""

    @cached_property
    def positions(self) -> tuple[int, ...]:
        # Computed when first asked: a unit of equal tokens scored by the
        # unaligned steps never needs them.
        pair = self.sides[:2]
        if len(pair) == 2 and all(_tiles(side, self.length) for side in pair):
            # Both sides spell the whole unit: the boundaries both have.
            shared = _boundaries(pair[0]) & _boundaries(pair[1])
            shared.add(0)
            shared.add(self.length)
            return tuple(sorted(shared))
        # A side may lack some of the text (align="lcs"): where it has nothing,
        # it crosses no boundary of the other's, so a position ends wherever no
        # token of either side goes on across.
        cuts = sorted(set().union({0, self.length}, *(_boundaries(side) for side in pair)))
        inside = bytearray(self.length + 1)
        for side in pair:
            for s in side:
                for i in range(len(s.tokens)):
                    a, b = s.token_start(i), s.token_end(i)
                    inside[a + 1 : b] = bytes([1]) * max(0, b - a - 1)
        return tuple(_without_empty_pieces([c for c in cuts if not inside[c]], pair))

    @property
    def gold(self) -> tuple[AlignedSentence, ...]:
        return self.sides[0]

    @property
    def test(self) -> tuple[AlignedSentence, ...]:
        return self.sides[1] if len(self.sides) > 1 else ()

    def pair(self, k: int) -> Unit:
        """The unit of the gold and side ``k`` (1 for the first parse)."""
        if k == 1 and len(self.sides) == 2 and self.whole is None:
            return self  # a whole unit of one gold and one parse is that pair already
        return self._view((self.sides[0], self.sides[k]))

    def side(self, k: int) -> Unit:
        """Side ``k`` alone, as a unit (a gold without its parses)."""
        return self._view((self.sides[k],))

    def describe(self, names: Sequence[str]) -> str:
        """The unit and the sentences of every side in it, for messages.

        ``names`` name the sides of the whole unit, in order (golds, then
        parses): ``unit 2 (gold sentence 3, gold.conllu line 7; parser
        sentences 2-3, out.conllu line 6)``.
        """
        whole = self.whole or self
        parts = []
        for name, side in zip(names, whole.sides, strict=False):
            if not side:
                parts.append(f"no sentence of {name}")
                continue
            first, last = side[0].source, side[-1].source
            numbers = f"{first['sentence']}" + (
                f"-{last['sentence']}" if last["sentence"] != first["sentence"] else ""
            )
            at = f", {first['file']} line {first['line']}" if first.get("file") else ""
            plural = "s" if len(side) > 1 else ""
            parts.append(f"{name} sentence{plural} {numbers}{at}")
        return f"unit {self.number} ({'; '.join(parts)})"

    def with_test(self, sentences: tuple[AlignedSentence, ...]) -> Unit:
        """The same unit with other sentences on its test side (stand-ins for missing ones)."""
        return self._view((self.sides[0], sentences))

    @classmethod
    def made(
        cls, number: int, sides: tuple[tuple[AlignedSentence, ...], ...], length: int, text: str
    ) -> Unit:
        """``Unit(number, sides, length, text)``, built without the frozen dataclass's
        field-by-field ``__init__``, which costs more than the alignment of an equally
        tokenized sentence: every unit of a run is made, then viewed once per corpus."""
        unit = object.__new__(cls)
        unit.__dict__.update(number=number, sides=sides, length=length, text=text, whole=None)
        return unit

    def _view(self, sides: tuple[tuple[AlignedSentence, ...], ...]) -> Unit:
        view = Unit.made(self.number, sides, self.length, self.text)
        view.__dict__["whole"] = self.whole or self
        return view

    def atoms(self) -> tuple[int, ...]:
        """The token boundaries of any side of the whole unit: the finest common coordinates."""
        whole = self.whole or self
        first = whole.sides[0]
        if len(first) == 1 and first[0].ends is None:
            bounds = first[0].bounds
            # Every side one sentence of the same boundaries, from the unit's start to its
            # end (a unit of equal tokens): they are the atoms, already in order.
            if (bounds[0], bounds[-1]) == (0, whole.length) and all(
                len(s) == 1 and s[0].bounds == bounds and s[0].ends is None for s in whole.sides
            ):
                return bounds
        return tuple(sorted({0, self.length}.union(*(_boundaries(s) for s in whole.sides))))

    @property
    def n_positions(self) -> int:
        """How many positions the unit has (0 for a unit without characters)."""
        return len(self.positions) - 1

    def position(self, char: int) -> int:
        """The position that holds character ``char`` of the unit.

        Under ``align="lcs"`` a token none of whose characters the other
        sides share has no width; it joins the position that follows it,
        or the last one at the end of the unit.
        """
        return min(bisect_right(self.positions, char), len(self.positions) - 1) - 1

    def token_positions(self, sentence: AlignedSentence) -> tuple[int, ...]:
        """The position of every token of ``sentence``."""
        return tuple(self.position(a) for a in sentence.bounds[:-1])

    @property
    def gold_positions(self) -> tuple[tuple[int, ...], ...]:
        return tuple(self.token_positions(s) for s in self.gold)

    @property
    def test_positions(self) -> tuple[tuple[int, ...], ...]:
        return tuple(self.token_positions(s) for s in self.test)

    @property
    def identical(self) -> bool:
        """One sentence on each side, with the same tokens, written alike."""
        # Asked of every unit a metric scores: read from the sides without the properties.
        sides = self.sides
        if len(sides) < 2 or len(sides[0]) != 1 or len(sides[1]) != 1:
            return False
        gold, test = sides[0][0], sides[1][0]
        spelling = gold.__dict__.get("_spelling")
        if spelling is not None and spelling is test.__dict__.get("_spelling"):
            return True  # one key spells both (AlignedSentence.spelled), not split to compare
        return gold.tokens == test.tokens and gold.bounds == test.bounds and gold.ends == test.ends


def unmatched_tokens(
    mine: Sequence[AlignedSentence], other: Sequence[AlignedSentence], length: int
) -> list[tuple[int, int]]:
    """The tokens of ``mine`` with characters that no token of ``other`` spells, as runs
    ``[s, e)`` of token offsets into all of ``mine``'s tokens, in order (a unit of ``length``
    characters; under ``align="lcs"`` the text one side dropped or changed).

    A missing parse (stand-in tokens) leaves nothing unmatched.
    """
    covered = bytearray(length + 1)
    for s in other:
        if s.missing:
            return []
        for i in range(len(s.tokens)):
            a, b = s.token_start(i), s.token_end(i)
            covered[a:b] = bytes([1]) * max(0, b - a)
    runs: list[tuple[int, int]] = []
    offset = 0
    for s in mine:
        for i in range(len(s.tokens)):
            a, b = s.token_start(i), s.token_end(i)
            if not s.missing and not all(covered[a:b]):
                t = offset + i
                if runs and runs[-1][1] == t:
                    runs[-1] = (runs[-1][0], t + 1)
                else:
                    runs.append((t, t + 1))
        offset += len(s.tokens)
    return runs


def _boundaries(sentences: Sequence[AlignedSentence]) -> set[int]:
    out: set[int] = set()
    for s in sentences:
        out.update(s.bounds)
        if s.ends is not None:
            out.update(s.ends)
    return out


def _tiles(sentences: Sequence[AlignedSentence], length: int) -> bool:
    """Whether ``sentences`` spell the whole unit, without a hole (every side under exact)."""
    if not sentences or sentences[0].start != 0 or sentences[-1].end != length:
        return False
    return all(s.ends is None for s in sentences) and all(
        a.end == b.start for a, b in pairwise(sentences)
    )


def _without_empty_pieces(cuts: list[int], sides: Sequence[Sequence[AlignedSentence]]) -> list[int]:
    """``cuts`` without the pieces that hold no token of these sides.

    Under ``align="lcs"`` a piece may hold only the text that a third side
    (another parse of a run of several) adds: no token of this pair lies
    in it, and a position must hold at least one, so the piece joins the
    one after it (or before it, at the end of the unit).
    """
    starts = sorted(s.token_start(i) for side in sides for s in side for i in range(len(s.tokens)))
    if not starts:
        return [cuts[0], cuts[-1]]
    kept = [cuts[0]]
    j = 0
    for a, b in pairwise(cuts):
        while j < len(starts) and starts[j] < a:
            j += 1
        if j < len(starts) and starts[j] < b:
            kept.append(b)  # the piece [a, b) holds a token: b stays a cut
        elif len(kept) > 1 and b == cuts[-1]:
            kept[-1] = b  # an empty last piece joins the one before it
    if kept[-1] != cuts[-1]:
        kept.append(cuts[-1])
    return kept


def token_texts(tokens: tuple[str, ...], norm: Normalization, item: Any, index: int) -> list[str]:
    """Every token's characters; a token left without any is an error naming it."""
    texts = norm.texts(tokens)
    if not all(texts):
        t = texts.index("")
        raise located(
            AlignmentError(
                f"token {t + 1} ({tokens[t]!r}) has no characters once normalized "
                f"({norm.signature}), so it cannot be placed in the text",
                token=tokens[t],
            ),
            item,
            index,
        )
    return texts


def sentence_number(item: Any, index: int) -> int:
    """A sentence's number: its record's in its file, else its place (``index``, from 0)."""
    return getattr(item, "number", None) or index + 1


def source_of(item: Any, index: int) -> dict[str, Any]:
    _, where, _ = unwrap(item)
    where = {k: v for k, v in where.items() if v is not None}
    where["sentence"] = sentence_number(item, index)
    if getattr(item, "sentence_id", None):
        where["sentence_id"] = item.sentence_id
    return where


def located(err: TedEvalError, item: Any, index: int) -> TedEvalError:
    return err.locate(**source_of(item, index))
