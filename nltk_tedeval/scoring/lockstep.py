"""Parallel sentence sources read in lockstep, and the error that says which one ends first.

Golds and systems are separate iterables, one sentence each per step; the
sentence loop (:mod:`nltk_tedeval.scoring.loop`) reads them through
:func:`zip_parallel`, streaming, so no corpus is held in memory.

>>> [row for row in zip_parallel([("gold", [1, 2]), ("parse", iter("ab"))])]
[[1, 'a'], [2, 'b']]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence, Sized
from itertools import repeat, zip_longest
from operator import is_
from typing import Any

from ..errors import SentenceCountError

__all__ = ["check_lengths", "zip_parallel"]

_ENDED = object()  # what zip_longest gives for a source that has ended


def check_lengths(named: Sequence[tuple[str, Iterable[Any] | None]]) -> None:
    """Refuse sized sentence lists of different lengths before reading any of them."""
    lengths = [(name, len(src)) for name, src in named if isinstance(src, Sized)]
    if len({n for _, n in lengths}) > 1:
        desc = ", ".join(f"{name} has {n}" for name, n in lengths)
        raise SentenceCountError(f"the sentence lists differ in length: {desc}")


def zip_parallel(named: Sequence[tuple[str, Iterable[Any] | None]]) -> Iterator[list[Any]]:
    """Zip parallel sentence sources in lockstep, streaming.

    Raises :class:`~nltk_tedeval.errors.SentenceCountError` naming the
    source that ends first and after how many sentences; for sources of
    reader records, by their files and lines.
    """
    check_lengths(named)
    sources = [src for _, src in named if src is not None]
    iters = [(name, iter(src)) for name, src in named if src is not None]
    last: list[Any] = [None] * len(iters)
    if not iters:
        while True:  # no source ever ends: rows of nothing, without end
            yield []
    # zip_longest asks every source for its next sentence in order, in C, until all have
    # ended: a row where some source has ended and others go on is the count error.
    previous: Sequence[Any] = last
    steps = zip_longest(*(it for _, it in iters), fillvalue=_ENDED)
    for number, step in enumerate(steps):  # number: the rows before this step
        if any(map(is_, step, repeat(_ENDED))):
            ended = [k for k, item in enumerate(step) if item is _ENDED]
            row = [item for item in step if item is not _ENDED]
            last = [p if item is _ENDED else item for p, item in zip(previous, step, strict=True)]
            raise _count_error(iters, sources, ended, row, last, number)
        previous = step
        yield list(step)


def _count_error(
    iters: Sequence[tuple[str, Iterator[Any]]],
    sources: Sequence[Any],
    ended: Sequence[int],
    row: Sequence[Any],
    last: Sequence[Any],
    number: int,
) -> SentenceCountError:
    """Which source ends after how many sentences, and where the others go on."""
    going = [k for k in range(len(iters)) if k not in ended]

    def file_of(k: int, record: Any) -> str:
        # A record names its file; a source that ended before its first
        # record may still know its file (the command line's streams do).
        return getattr(record, "file", None) or getattr(sources[k], "file", None) or iters[k][0]

    noun = "sentence" if number == 1 else "sentences"
    # A file read twice (a gold scored as its own parse) is named once.
    ended_files = list(dict.fromkeys(file_of(k, last[k]) for k in ended))
    verb = "ends" if len(ended_files) == 1 else "end"
    records = dict(zip(going, row, strict=True))
    where = dict.fromkeys(
        f"{file_of(k, rec)} continues with sentence {rec.number} on line {rec.line}"
        if getattr(rec, "line", None)
        else f"{file_of(k, rec)} continues"
        for k, rec in records.items()
    )
    return SentenceCountError(
        f"{' and '.join(ended_files)} {verb} after {number} {noun}, but {'; '.join(where)}; "
        "parallel sources must hold the same sentences in the same order"
    )
