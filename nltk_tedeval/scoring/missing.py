"""The missing-parse policy: what a parser's failure on a sentence counts as (SPEC.md §10).

A parse is missing when a parser gave none (``None``, an empty line, a CoNLL
sentence without heads) or a tree without a word of text. Every metric
applies the same :data:`MISSING` policies through the one sentence loop
(:mod:`.loop`): ``skip`` leaves the sentence out of every system, ``zero``
scores :data:`ZERO` (nothing right), ``flat`` a flat parse of the gold's
words, ``error`` stops. Under alignment a unit holding missing sentences
replaces only those (:func:`stand_in`, SPEC.md §11).
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import MissingParseWarning, OptionError
from ..records import unwrap

__all__ = [
    "MISSING",
    "MISSING_MEANING",
    "ZERO",
    "MissingSentence",
    "check_missing",
    "stand_in",
    "warn_missing",
]

MISSING = ("skip", "zero", "flat", "error")
"""What to do with a missing parse (SPEC.md §10)."""

MISSING_MEANING = {
    "skip": "left out of every system",
    "zero": "scored with nothing right",
    "flat": "scored as flat parses",
}


class _Zero:
    """The parse of a sentence scored with nothing right (``missing="zero"``)."""

    _instance: _Zero | None = None

    def __new__(cls) -> _Zero:
        # One value, also after a trip to a worker process and back.
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "ZERO"

    def __reduce__(self) -> tuple[type, tuple]:
        return (_Zero, ())


ZERO = _Zero()
"""A missing parse under ``missing="zero"``; each metric scores it as nothing right."""


@dataclass(frozen=True)
class MissingSentence:
    """A sentence for which one or more systems gave no parse.

    >>> MissingSentence(3, None, ("pcfg",)).as_dict()
    {'sentence': 3, 'id': None, 'systems': ['pcfg']}
    """

    number: int
    sentence_id: str | None
    systems: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        return {"sentence": self.number, "id": self.sentence_id, "systems": list(self.systems)}


def check_missing(missing: str) -> str:
    if missing not in MISSING:
        raise OptionError(
            f"missing must be one of {', '.join(map(repr, MISSING))}, not {missing!r}"
        )
    return missing


def stand_in(obj: Any, gold: Any, native: int, missing: str, flat: Callable[[Any], Any]) -> Any:
    """What a missing parse is scored as under ``zero`` or ``flat`` (SPEC.md §10).

    An aligned unit with missing sentences replaces only those, each by
    what stands in for the gold sentence it stands for (SPEC.md §11); its
    other sentences are scored as they are.
    """
    if missing == "zero":
        make: Callable[[Any], Any] = _zero
    else:

        def make(item: Any) -> Any:
            return flat(unwrap(item)[0])

    replace = getattr(obj, "stand_in", None)
    if replace is not None:
        return replace(make, native)
    return make(gold)


def _zero(_: Any) -> _Zero:
    return ZERO


def warn_missing(n: int, read: int, by_system: dict[str, int], policy: str) -> None:
    """The :class:`~nltk_tedeval.errors.MissingParseWarning` of a run with missing parses."""
    parts = [f"{name}: {k}" for name, k in by_system.items() if k]
    verb = "has" if n == 1 else "have"
    warnings.warn(
        MissingParseWarning(
            f"{n} of {read} sentence{'s' if read != 1 else ''} {verb} a missing parse "
            f"({', '.join(parts)}), {MISSING_MEANING[policy]} (missing={policy!r})"
        ),
        stacklevel=_outside_the_package(),
    )


def _outside_the_package() -> int:
    """The ``stacklevel`` that points a warning at the first caller outside nltk_tedeval."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    frame = sys._getframe(1)
    level = 1
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(package):
        frame = frame.f_back  # type: ignore[assignment]
        level += 1
    return level
