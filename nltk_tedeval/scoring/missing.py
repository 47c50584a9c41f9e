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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..alignment.unit import Unit
from ..errors import MissingParseWarning, OptionError
from ..records import SourceSentence, unwrap
from .defaults import MISSING

__all__ = [
    "ANSWER_FAILURES",
    "MISSING",
    "MISSING_MEANING",
    "ZERO",
    "AnswerFailure",
    "BadParse",
    "MissingSentence",
    "check_missing",
    "failure_counts",
    "failures_of",
    "outside_the_package",
    "stand_in",
    "warn_missing",
]

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
    reasons: tuple[tuple[str, str, str], ...] = ()
    """``(system, status, reason)`` for each system whose answer was read and held no tree
    to score: ``"invalid"`` or ``"unfaithful"`` (a language model's answer, SPEC.md §14)."""

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "sentence": self.number,
            "id": self.sentence_id,
            "systems": list(self.systems),
        }
        if self.reasons:
            out["reasons"] = [
                {"system": system, "status": status, "reason": reason}
                for system, status, reason in self.reasons
            ]
        return out


ANSWER_FAILURES = ("invalid", "unfaithful")
"""Why a read answer holds no tree to score (SPEC.md §14): counted apart from other missing
parses."""


def failures_of(record: Any) -> list[tuple[str, str, bool]]:
    """``(status, reason, kept)`` of each answer a record stands for that held no tree to score.

    A record with a ``status`` of :data:`ANSWER_FAILURES` and a ``reason``
    (:class:`~nltk_tedeval.reading.answers.Answer`) is one such answer;
    ``kept`` when its tree is scored all the same (an unfaithful answer kept).
    Under alignment (SPEC.md §11) the record is a unit (or the loop's view of a
    unit with a missing parse, which holds it as ``unit``): its parse
    sentences' records are read, kept where the sentence is not missing.

    >>> class Answer:
    ...     status, reason, tree = "invalid", "no tree found", None
    >>> failures_of(Answer()), failures_of(None)
    ([('invalid', 'no tree found', False)], [])
    """
    if type(record) is SourceSentence:
        return []  # a reader's record is no answer: the loop asks of every one (issue 31)
    if type(record) is Unit:
        test = record.sides[1] if len(record.sides) > 1 else ()
        if len(test) == 1 and type(test[0].item) is SourceSentence:
            return []  # a unit of one read sentence: no answer (every unit of most runs)
    unit = record if type(record) is Unit else getattr(record, "unit", record)
    if isinstance(unit, Unit):
        return [f for s in unit.test for f in _failure(s.item, kept=not s.missing)]
    return _failure(record, kept=getattr(record, "tree", None) is not None)


def _failure(record: Any, *, kept: bool) -> list[tuple[str, str, bool]]:
    if type(record) is SourceSentence:
        return []  # a unit's sentences are reader records, no answers, in most runs
    status = getattr(record, "status", None)
    if status not in ANSWER_FAILURES:
        return []
    return [(status, str(getattr(record, "reason", None) or ""), kept)]


@dataclass(frozen=True)
class AnswerFailure:
    """An answer read and found to hold no tree to score as it stands (SPEC.md §14).

    ``kept``: an unfaithful answer whose tree was scored all the same
    (``unfaithful="keep"``); otherwise the answer was a missing parse.

    >>> AnswerFailure(3, "llm", "invalid", "no tree found").as_dict()
    {'sentence': 3, 'status': 'invalid', 'reason': 'no tree found', 'kept': False}
    """

    number: int
    system: str
    status: str
    reason: str
    kept: bool = False

    def as_dict(self) -> dict[str, object]:
        return {"sentence": self.number, "status": self.status, "reason": self.reason,
                "kept": self.kept}  # fmt: skip


@dataclass(frozen=True)
class BadParse:
    """A parse that was bad input, scored as its system's failed parse (SPEC.md §10).

    With ``on_error="skip"`` (``--skip-bad``) a parse that cannot be read or
    scored (a head outside the sentence, an unclosed bracket, a cycle, other
    words than the gold's) is a missing parse of its system alone, under the
    run's ``missing`` policy, never a sentence left out of every system: the
    parser produced it, so it counts against the parser. ``reason`` is the
    error, with its file, line and sentence.

    >>> BadParse(3, "p", "p.conllu:7: sentence 3: token 1 ('We') has head 99").as_dict()
    {'sentence': 3, 'system': 'p', 'reason': "p.conllu:7: sentence 3: token 1 ('We') has head 99"}
    """

    number: int
    system: str
    reason: str

    def as_dict(self) -> dict[str, object]:
        return {"sentence": self.number, "system": self.system, "reason": self.reason}


def failure_counts(
    failures: Sequence[AnswerFailure], names: Sequence[str]
) -> dict[str, dict[str, int]]:
    """Per system that had any: its invalid answers, its unfaithful ones, and how many of
    those were kept (scored as they stand).

    >>> failure_counts([AnswerFailure(1, "llm", "invalid", "no tree found")], ["llm", "pcfg"])
    {'llm': {'invalid': 1, 'unfaithful': 0, 'kept': 0}}
    """
    counts: dict[str, dict[str, int]] = {}
    for f in failures:
        row = counts.setdefault(f.system, {"invalid": 0, "unfaithful": 0, "kept": 0})
        row[f.status] += 1
        row["kept"] += f.kept
    return {name: counts[name] for name in names if name in counts}


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


def warn_missing(n: int, read: int, by_system: dict[str, int], policy: str, bad: int = 0) -> None:
    """The :class:`~nltk_tedeval.errors.MissingParseWarning` of a run with missing parses;
    ``bad`` of them were bad input skipped as failed parses (:class:`BadParse`)."""
    parts = [f"{name}: {k}" for name, k in by_system.items() if k]
    verb = "has" if n == 1 else "have"
    of_them = f"; {bad} of them bad input" if bad else ""
    warnings.warn(
        MissingParseWarning(
            f"{n} of {read} sentence{'s' if read != 1 else ''} {verb} a missing parse "
            f"({', '.join(parts)}{of_them}), {MISSING_MEANING[policy]} (missing={policy!r})"
        ),
        stacklevel=outside_the_package(),
    )


def outside_the_package() -> int:
    """The ``stacklevel`` that points a warning at the first caller outside nltk_tedeval."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    frame = sys._getframe(1)
    level = 1
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(package):
        frame = frame.f_back  # type: ignore[assignment]
        level += 1
    return level
