"""The ``ptb`` format's entry in the table: which bracket reader reads an input, and a count.

Bracketed trees are read by one of four readers, after the caller's options
(:class:`~nltk_tedeval.reading.formats.ReadOptions`): line by line as EVALB
reads them or over several lines (:mod:`~nltk_tedeval.reading.brackets`),
and without nltk trees a block of lines or of trees at a time
(:mod:`~nltk_tedeval.reading.bracket_blocks`,
:mod:`~nltk_tedeval.reading.bracket_groups`).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..records import SourceSentence
from .brackets import read_evalb_lines, read_free_ptb, read_ptb_lines, spans_lines
from .formats import ReadOptions
from .lines import Lines

__all__ = ["SMALL_INPUT_LINES", "count_ptb", "read_ptb"]

SMALL_INPUT_LINES = 256


def read_ptb(lines: Lines, options: ReadOptions) -> Iterator[SourceSentence]:
    """Bracketed trees, one per line (EVALB's layout) or over several lines."""
    one_per_line = options.one_per_line
    if one_per_line is None:
        one_per_line = not spans_lines(lines)
    if not options.nltk_trees:
        if one_per_line and len(lines.peek(SMALL_INPUT_LINES)) < SMALL_INPUT_LINES:
            # Fewer lines than a block: numpy's import alone costs more than reading them
            # a line at a time (issue 31).
            return read_evalb_lines(lines, options.collect, options.nltk_free)
        # Tables without nltk: a block of lines (or of trees) at a time, with numpy.
        from .bracket_blocks import read_ptb_blocks
        from .bracket_groups import read_ptb_groups

        read_blocks = read_ptb_blocks if one_per_line else read_ptb_groups
        return read_blocks(lines, options.collect, options.nltk_free)
    read = read_ptb_lines if one_per_line else read_free_ptb
    return read(lines, options.collect, options.nltk_trees, options.nltk_free)


def count_ptb(lines: Lines, options: ReadOptions) -> int:
    """A one-tree-per-line file's lines, or a free-layout file's lines that start a tree."""
    one_per_line = options.one_per_line
    if one_per_line is None:
        one_per_line = not spans_lines(lines)
    if one_per_line:
        return sum(1 for _ in lines)
    return sum(1 for line in lines if line.startswith("("))
