"""Length filters: the sentences of a run kept by the number of words of their gold (SPEC.md §15).

Papers report their figures on part of a test set: "< 70" words (the SPMRL
shared tasks), "<= 40" (many dependency tables). ``max_length`` and
``min_length`` (``--max-length``, ``--min-length``) keep the sentences whose
length lies within both bounds, which are inclusive. The length is the gold
sentence's, so every system loses the same sentences; it is found where the
golds and the systems are paired (the one sentence loop, :mod:`.loop`, and
the CoNLL 2018 metrics' own alignment), never by a metric. A sentence left
out is counted and named (:class:`LeftOutByLength`), and every score's
signature says ``length:...``.

>>> bounds = LengthBounds(min_length=5, max_length=40)
>>> [bounds.reason(n) for n in (3, 5, 40, 41)], bounds.signature
(['shorter', None, None, 'longer'], '5-40')
>>> LengthBounds(max_length=69).signature, LengthBounds(min_length=2).describe()
('<=69', 'at least 2 words')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import OptionError

__all__ = [
    "LENGTH_REASONS",
    "LeftOutByLength",
    "LengthBounds",
    "check_length_bounds",
    "length_summary",
]

LENGTH_REASONS = ("shorter", "longer")
"""Why a sentence is left out: fewer words than ``min_length``, or more than ``max_length``."""


def _check_bound(value: Any, name: str) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise OptionError(f"{name} must be a number of words of at least 1, not {value!r}")
    return value


def check_length_bounds(min_length: Any, max_length: Any) -> tuple[int | None, int | None]:
    """The bounds as given, checked: integers of at least 1, the minimum not above the maximum.

    >>> check_length_bounds(None, 40)
    (None, 40)
    >>> try:
    ...     check_length_bounds(50, 40)
    ... except OptionError as err:
    ...     print(err)
    min_length 50 is more than max_length 40: no sentence could be kept
    """
    low = _check_bound(min_length, "min_length")
    high = _check_bound(max_length, "max_length")
    if low is not None and high is not None and low > high:
        raise OptionError(
            f"min_length {low} is more than max_length {high}: no sentence could be kept"
        )
    return low, high


@dataclass(frozen=True)
class LengthBounds:
    """The inclusive bounds of a length filter; ``None`` for a side without one."""

    min_length: int | None = None
    max_length: int | None = None

    def reason(self, length: int) -> str | None:
        """``"shorter"`` or ``"longer"`` for a sentence of ``length`` words it leaves out;
        ``None`` for one it keeps."""
        if self.min_length is not None and length < self.min_length:
            return "shorter"
        if self.max_length is not None and length > self.max_length:
            return "longer"
        return None

    @property
    def signature(self) -> str:
        """The value of the signature's ``length`` field: ``<=40``, ``>=5`` or ``5-40``."""
        if self.min_length is None:
            return f"<={self.max_length}"
        if self.max_length is None:
            return f">={self.min_length}"
        return f"{self.min_length}-{self.max_length}"

    def describe(self) -> str:
        """The sentences kept, in words: ``at most 40 words``, ``5 to 40 words``."""
        if self.min_length is None:
            return f"at most {self.max_length} {_words(self.max_length)}"
        if self.max_length is None:
            return f"at least {self.min_length} {_words(self.min_length)}"
        return f"{self.min_length} to {self.max_length} words"

    def options(self) -> str:
        """The command-line options that ask for these bounds."""
        given = (("--min-length", self.min_length), ("--max-length", self.max_length))
        return " ".join(f"{option} {value}" for option, value in given if value is not None)

    def why(self, reason: str) -> str:
        """A reason of :data:`LENGTH_REASONS` in words: ``fewer than 5 words``."""
        if reason == "shorter":
            return f"fewer than {self.min_length} {_words(self.min_length)}"
        return f"more than {self.max_length} {_words(self.max_length)}"


def _words(n: int | None) -> str:
    return "word" if n == 1 else "words"


@dataclass(frozen=True)
class LeftOutByLength:
    """A sentence (a unit under alignment) left out of every system by the length filter.

    >>> LeftOutByLength(4, "s-4", 41, "longer").as_dict()
    {'sentence': 4, 'id': 's-4', 'length': 41, 'reason': 'longer'}
    """

    number: int
    sentence_id: str | None
    length: int
    reason: str

    def as_dict(self) -> dict[str, object]:
        return {
            "sentence": self.number,
            "id": self.sentence_id,
            "length": self.length,
            "reason": self.reason,
        }


def length_summary(bounds: LengthBounds, left_out: Sequence[LeftOutByLength]) -> dict[str, Any]:
    """The ``length_filter`` of a JSON report: the bounds, how many were left out for each
    reason, and every sentence left out.

    >>> length_summary(LengthBounds(max_length=40), [LeftOutByLength(4, None, 41, "longer")])
    ... # doctest: +NORMALIZE_WHITESPACE
    {'min_length': None, 'max_length': 40, 'left_out': {'shorter': 0, 'longer': 1},
     'sentences': [{'sentence': 4, 'id': None, 'length': 41, 'reason': 'longer'}]}
    """
    return {
        "min_length": bounds.min_length,
        "max_length": bounds.max_length,
        "left_out": {r: sum(s.reason == r for s in left_out) for r in LENGTH_REASONS},
        "sentences": [s.as_dict() for s in left_out],
    }
