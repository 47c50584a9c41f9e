"""Brackets in free layout (a tree over several lines), read a block of trees at a time.

Pretty-printed treebanks spread each tree over many indented lines. The
free-layout reader (:func:`~nltk_tedeval.reading.brackets.read_free_ptb`) reads
them in *groups*: a group starts at a ``(`` in column 0, or at the first
non-blank line after a blank line outside any tree, and takes every line up
to the next start. This module finds the same groups with numpy (the depth
before each line is a running sum of its brackets), joins each group's lines
with spaces and hands the groups to a
:class:`~nltk_tedeval.reading.bracket_blocks.BracketBlock` as if each were
one line: a group that is one regular tree becomes a
:class:`~nltk_tedeval.trees.blocks.BlockTree`, with no Python
object per token.

Every other group (two trees, an error, a backslash, which the free layout
reads as an escape) is read by ``read_free_ptb`` alone, which gives exactly its
sentences, numbers and errors, since a group always ends outside any tree.
Where the groups themselves could come out differently from that reader's
(a closing bracket outside any tree, a tree still open where a new one
starts in column 0, a backslash before a bracket, white space that str.split
knows beyond the C locale, a line that is not UTF-8), the rest of the input is read by
``read_free_ptb`` from the start of the group in progress. The tests compare
both ways on generated files full of such lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import chain, islice

import numpy as np

from ..records import SourceSentence
from ..trees.blocks import BlockTree
from .bracket_blocks import (
    BLOCK_LINES,
    BYTE_CLASS,
    SPACE_CLASS,
    BracketBlock,
    LabelBook,
    joined_lines,
)
from .brackets import PYTHON_ONLY_SPACE, read_free_ptb
from .lines import Lines

__all__: list[str] = []  # read through ptb.py, the ptb format's entry in the table

CHUNK_LINES = 1024
"""Lines grouped at a time; a group still open at the end of a chunk waits for the next."""

_ESCAPED_BRACKET = re.compile(r"\\[()]")


def read_ptb_groups(lines: Lines, collect: bool, nltk_free: bool) -> Iterator[SourceSentence]:
    """The free-layout reading of ``lines`` (straight to tables), a block of trees at a time.

    Blocks hold :data:`BLOCK_LINES` groups, counted from the first: where
    every group is one tree, block ``k`` holds the same sentences as block
    ``k`` of a one-tree-per-line file, so ParsEval scores a pretty-printed
    gold against a parse of one tree per line block by block.
    """
    name = lines.name
    book = LabelBook()
    it = iter(lines)
    carry: list[str] = []  # the lines of the group still open, from line ``first``
    first = 1
    number = 0  # sentences yielded so far
    pending: list[tuple[int, list[str]]] = []  # complete groups not read yet: first line, lines

    def read(batch: list[tuple[int, list[str]]]) -> Iterator[SourceSentence]:
        nonlocal number
        # Without the indentation: half the bytes of a pretty-printed block.
        joined = [" ".join(map(str.strip, group)) for _, group in batch]
        block = BracketBlock(joined, book)
        regular = block.regular.tolist()
        for i, (lineno, group) in enumerate(batch):
            if regular[i] and "\\" not in joined[i]:
                number += 1
                yield SourceSentence.read(name, number, lineno, None, BlockTree(block, i, lineno))
                continue
            for sentence in read_free_ptb(
                lines, collect, False, nltk_free, texts=group, start=lineno, number=number
            ):
                number = sentence.number
                yield sentence

    def flush(everything: bool) -> Iterator[SourceSentence]:
        while len(pending) >= BLOCK_LINES or (everything and pending):
            batch = pending[:BLOCK_LINES]
            del pending[:BLOCK_LINES]
            yield from read(batch)

    def hand_over(texts: list[str]) -> Iterator[SourceSentence]:
        # The rest of the input, from line ``first``, to the line reader.
        yield from flush(True)
        yield from read_free_ptb(
            lines, collect, False, nltk_free, texts=chain(texts, it), start=first, number=number
        )

    while True:
        new = list(islice(it, CHUNK_LINES))
        texts = carry + new
        if not texts:
            yield from flush(True)
            return
        at_end = not new
        found = None if lines.bad else _groups(texts, at_end)
        if found is None:  # the groups may differ from read_free_ptb's
            yield from hand_over(texts)
            return
        starts, complete = found
        pending.extend(
            (first + starts[g], texts[starts[g] : starts[g + 1]]) for g in range(complete)
        )
        yield from flush(at_end)
        if at_end:
            return
        first += starts[complete]
        carry = texts[starts[complete] :]
        if len(carry) > CHUNK_LINES:
            # A group longer than a chunk (no blank line, no tree at the
            # margin): grouping it again with every chunk would be quadratic.
            yield from hand_over(carry)
            return


def _groups(texts: list[str], at_end: bool) -> tuple[list[int], int] | None:
    """Where the groups of ``texts`` start (first line of each, then the end) and how many
    are complete, or None when counting brackets might not find the reader's groups.

    ``texts`` begins outside any tree. The lines from the first incomplete
    group's start on are carried to the next chunk.
    """
    joined = joined_lines(texts)
    # A line of only such white space is blank to str.split and not to the
    # blocks' byte classes (\x1c-\x1f are ASCII: no isascii() shortcut).
    if PYTHON_ONLY_SPACE.search(joined):
        return None
    if "\\" in joined and _ESCAPED_BRACKET.search(joined):
        return None  # an escaped bracket is a word's character, not a bracket
    buf = np.frombuffer(joined.encode("utf-8", "surrogatepass"), dtype=np.uint8)
    # Running sums over the brackets and the non-blank bytes only (an
    # indented file is mostly spaces).
    parens = np.flatnonzero((buf == 40) | (buf == 41))
    depth = np.cumsum(1 - 2 * (buf[parens] == 41).astype(np.int32), dtype=np.int32)
    if len(depth) and depth.min() < 0:
        # A ")" outside any tree: the reader notes it and goes on at depth 0,
        # where a running sum goes below; let the reader read from here.
        return None
    breaks = np.flatnonzero(buf == 10)
    line_start = np.empty(len(breaks), dtype=np.int64)
    line_start[0] = 0
    line_start[1:] = breaks[:-1] + 1
    depth_before = np.zeros(len(breaks), dtype=np.int32)
    before = np.searchsorted(parens, line_start)  # brackets before each line
    depth_before[before > 0] = depth[before[before > 0] - 1]
    ink = np.flatnonzero(
        BYTE_CLASS.take(buf) < SPACE_CLASS
    )  # the C locale's white space, as blocks
    blank = np.searchsorted(ink, breaks) == np.searchsorted(ink, line_start)
    col0 = buf[line_start] == 40
    if (col0 & (depth_before > 0)).any():
        return None  # a tree left open where a new one starts: the reader's error
    # A non-blank line starts a group at a "(" in column 0, or when a blank
    # line outside any tree comes between it and the last non-blank line.
    inked = np.flatnonzero(~blank)
    if not len(inked):
        return [len(texts)], 0  # blank lines only: no group, nothing to carry
    gap = np.ones(len(inked), dtype=bool)
    gap[1:] = inked[1:] - inked[:-1] > 1
    start = col0[inked] | (gap & (depth_before[inked] == 0))
    start[0] = True
    starts = inked[start].tolist()
    # The last group may go on in the next chunk (or, at the end, be a tree
    # the file leaves open: the reader says so).
    complete = len(starts) if at_end else len(starts) - 1
    starts.append(len(texts))
    return starts, complete
