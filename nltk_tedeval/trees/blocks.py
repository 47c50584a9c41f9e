"""Trees read a block of lines at a time: the columns of a block, and one of its lines as a tree.

A reader of one-tree-per-line files (:mod:`nltk_tedeval.reading.bracket_blocks`)
keeps a block of lines as integer columns (:class:`BracketColumns`) and
hands on each regular line as a :class:`BlockTree`, a
:class:`~nltk_tedeval.trees.constituency.PhraseStructure` built from the
columns on first use. Both are defined here, below the readers and the
metrics: a metric that scores whole blocks from their columns (ParsEval,
:mod:`nltk_tedeval.metrics.evalb_blocks`) knows them without importing a
reader.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import Any, Protocol

import numpy as np

from .constituency import Node, PhraseStructure

__all__ = ["BlockTree", "BracketColumns", "ranges"]


class BracketColumns(Protocol):
    """The trees of a block of lines as integer columns (only the regular lines').

    ``regular[i]`` says whether line ``i`` of ``texts`` is regular (one tree,
    every word alone under a POS tag). Words (in order, of regular lines
    only) have ``word_line``, their bytes ``buf[word_start:word_end]`` (the
    first 8 as the integer ``word_key``) and ``word_tag``, an index in
    ``labels``; the words of line ``i`` are ``line_words[i]:line_words[i + 1]``.
    Phrases (constituents that are not POS tags, in pre-order) have
    ``phrase_line``, ``phrase_label`` and their span ``phrase_start``,
    ``phrase_end`` over the words of their line. ``book`` is what numbers
    the labels, the same for every block of one reader, so that tables
    built from one block's labels serve the next.

    The methods give one regular line as a tree's parts.
    """

    texts: list[str]
    regular: np.ndarray
    book: Any
    labels: list[str]
    buf: np.ndarray
    word_line: np.ndarray
    word_start: np.ndarray
    word_end: np.ndarray
    word_key: np.ndarray
    word_tag: np.ndarray
    line_words: np.ndarray
    line_bounds: list[int]
    """:attr:`line_words` as Python integers."""
    phrase_line: np.ndarray
    phrase_label: np.ndarray
    phrase_start: np.ndarray
    phrase_end: np.ndarray

    @property
    def empty_element_lines(self) -> frozenset[int]: ...

    def table(self, index: int) -> PhraseStructure: ...

    def words(self, index: int) -> tuple[str, ...]: ...

    def tags(self, index: int) -> tuple[str, ...]: ...

    def joined_words(self, index: int) -> bytes: ...

    def labeled_spans(self, index: int) -> Iterator[tuple[str, int, int]]: ...


class BlockTree(PhraseStructure):
    """A regular line of a :class:`BracketColumns`, a ``PhraseStructure`` built on first use.

    Its words, nodes and tags come from the block's columns, and equal the
    table the line reader makes of the line (the tests check it). A metric
    that knows blocks (ParsEval) scores whole blocks from their columns
    instead, when the sentence loop hands it a batch, and never builds the
    table.
    """

    def __init__(self, block: BracketColumns, index: int, lineno: int) -> None:
        # Straight into the instance's dict (the class is frozen): one of
        # these per line, and object.__setattr__ would cost a third of it.
        attributes = self.__dict__
        attributes["block"] = block
        attributes["index"] = index
        attributes["lineno"] = lineno

    block: BracketColumns
    index: int
    lineno: int

    @cached_property
    def _table(self) -> PhraseStructure:
        return self.block.table(self.index)

    @cached_property
    def words(self) -> tuple[str, ...]:  # type: ignore[override]
        return self.block.words(self.index)

    @cached_property
    def nodes(self) -> tuple[Node, ...]:  # type: ignore[override]
        return self._table.nodes

    @cached_property
    def tags(self) -> tuple[str | None, ...]:  # type: ignore[override]
        # From the block's word columns: alignment reads tags (to leave empty
        # elements out of the text) without needing the nodes.
        return self.block.tags(self.index)

    @property
    def joined_words(self) -> bytes:
        """:func:`~nltk_tedeval.trees.tokens.joined_words` of the words, from the block."""
        return self.block.joined_words(self.index)

    def labeled_spans(self) -> Iterator[tuple[str, int, int]]:
        # From the block's columns: a multi-function tree needs no Node tuples.
        return self.block.labeled_spans(self.index)

    def text_words(self) -> tuple[str, ...]:
        # Without the tags: the block knows its lines with empty elements.
        if self.index not in self.block.empty_element_lines:
            return self.words
        return super().text_words()

    def text_key(self) -> bytes | None:
        # The words' bytes, joined by a byte no word holds: equal bytes, equal words, none
        # decoded. A line with empty elements has other text words, and a line without
        # words none (a missing parse): neither has a key.
        if self.index in self.block.empty_element_lines:
            return None
        return self.block.joined_words(self.index) or None

    def has_text(self) -> bool:
        # Without a word string: ParsEval asks it of every sentence and never needs
        # the words (making them cost 13% of its run and a third more memory).
        if self.index not in self.block.empty_element_lines:
            bounds = self.block.line_bounds  # (Python integers: numpy's cost more to compare)
            return bounds[self.index + 1] > bounds[self.index]
        return super().has_text()

    def remove_empty_elements(self) -> PhraseStructure:
        # A regular line has no constituent without words (no "()" or "(X)"),
        # so only -NONE- words can make one.
        if self.index not in self.block.empty_element_lines:
            return self
        return super().remove_empty_elements()

    def _fields(self) -> tuple[Any, ...]:
        return (self.words, self.nodes, self.tags)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PhraseStructure):
            return self._fields() == (other.words, other.nodes, other.tags)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"BlockTree(line={self.lineno}, words={self.words!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # A worker process gets the table, not the whole block.
        return (PhraseStructure, self._fields())


def ranges(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """``concatenate([arange(s, s + n) for s, n in zip(starts, lengths)])`` without a loop.

    How the bytes of many words are gathered from a block's ``buf`` at once.

    >>> ranges(np.array([5, 0]), np.array([2, 3])).tolist()
    [5, 6, 0, 1, 2]
    """
    ends = np.cumsum(lengths)
    total = int(ends[-1]) if len(ends) else 0
    return np.repeat(starts - ends + lengths, lengths) + np.arange(total)
