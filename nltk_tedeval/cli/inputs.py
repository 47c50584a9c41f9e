"""The files of a command, read in lockstep by the readers of :mod:`nltk_tedeval.reading`."""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterator, Sequence
from typing import Any

from ..errors import InputFormatError
from ..reading import read_label_map, read_parallel

__all__: list[str] = []  # helpers of the commands only


def _streams(
    paths: Sequence[str],
    formats: Sequence[str | None],
    *,
    skip_bad: bool,
    one_per_line: bool | None = False,
) -> list[Iterator[Any]]:
    """One stream of reader records per file, read in lockstep.

    The files are read together by :func:`~nltk_tedeval.reading.read_parallel`
    (which reports files of different lengths); each returned iterator yields
    one file's records. Consumers take one sentence from each in turn, so the
    buffers between them hold a single sentence.
    """
    rows = read_parallel(
        list(paths),
        list(formats),
        on_error="collect" if skip_bad else "raise",
        one_per_line=one_per_line,
    )
    copies = itertools.tee(rows, len(paths))
    return [map(operator.itemgetter(i), copy) for i, copy in enumerate(copies)]


def _label_map(path: str | None) -> dict[str, str] | None:
    return read_label_map(path) if path else None


def _require_sentences(read: int, paths: Sequence[str]) -> None:
    """An empty corpus has no score: say so instead of printing one."""
    if read == 0:
        raise InputFormatError(f"no sentences to score: {', '.join(paths)} contain(s) no sentences")
