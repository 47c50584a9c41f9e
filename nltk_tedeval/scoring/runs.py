"""Runs of sentences that a scorer scores together: where the sentence loop cuts them.

A scorer may score many sentences at once (``score_batch``, see
:class:`~nltk_tedeval.scoring.loop.SentenceScorer`); the loop hands it runs
of consecutive sentences cut here, by sentence number, so that they fall
where the readers' blocks of one-tree-per-line files do, whatever was left
out of the run before scoring, and holds the collector while one lives.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

__all__ = ["BATCH_SENTENCES", "collector_paused", "take_run"]

BATCH_SENTENCES = 256
"""The input sentences of a run: the readers' block of one-tree-per-line files (256 lines),
so that a run of such a file is one block of it, and the batch of a worker process."""

Item = TypeVar("Item")


def take_run(
    items: Iterator[Item], first: Item, size: int, number: Callable[[Any], int]
) -> tuple[list[Item], Item | None]:
    """The run that ``first`` begins, and the first item of the next run (``None``: no more).

    A run ends at the sentence numbered a multiple of ``size`` (``number``
    gives an item's); it takes no more of ``items`` than its own and the next
    run's first.

    >>> it = iter([2, 3, 5, 6, 7])
    >>> take_run(it, 1, 3, int), take_run(it, 5, 3, int)
    (([1, 2, 3], 5), ([5, 6], 7))
    """
    end = (number(first) - 1) // size * size + size
    run = [first]
    for item in items:
        if number(item) > end:
            return run, item
        run.append(item)
    return run, None


@contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic garbage collection in this block, unless it was off already.

    A run's sentences (some 2,500 objects for ParsEval's 256) live until it
    is scored and handed on: collecting meanwhile only traverses them and
    moves them to older generations to die there (ParsEval over 30,000
    sentences was 5 to 8% slower). One run's garbage waits, no more.

    >>> with collector_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
