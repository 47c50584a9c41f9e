"""The ``ptb`` format's entry in the table: which bracket reader reads an input, and a count.

Bracketed trees are read by one of four readers, after the caller's options
(:class:`~nltk_tedeval.reading.formats.ReadOptions`): line by line as EVALB
reads them or over several lines (:mod:`~nltk_tedeval.reading.brackets`),
and without nltk trees a block of lines or of trees at a time
(:mod:`~nltk_tedeval.reading.bracket_blocks`,
:mod:`~nltk_tedeval.reading.bracket_groups`), with numpy, except a small
input in EVALB's layout (:data:`SMALL_INPUT_LINES`), read line by line.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..records import SourceSentence
from .brackets import read_free_ptb, read_ptb_lines, spans_lines
from .formats import ReadOptions
from .lines import Lines

__all__ = ["SMALL_INPUT_LINES", "count_ptb", "read_ptb"]

SMALL_INPUT_LINES = 64
"""An input in EVALB's layout of fewer lines is read line by line, without numpy (issue 31).

numpy's import costs more than such a run of ``tedeval parseval``: on 64 GUM lines,
0.104 s line by line against 0.150 s by blocks. A run that keeps every sentence's row
(``--evalb``, ``--per-sentence``, ``--significance``) imports numpy anyway, and there
blocks score about 0.1 ms a line faster: 0.157 s against 0.150 at 64 lines, but 0.176
against 0.156 at 128, so the line ends here (runs of ``nltk_tedeval.cli.console``
with this constant set either way, best of 15)."""


def read_ptb(lines: Lines, options: ReadOptions) -> Iterator[SourceSentence]:
    """Bracketed trees, one per line (EVALB's layout) or over several lines."""
    one_per_line = options.one_per_line
    if one_per_line is None:
        one_per_line = not spans_lines(lines)
    if not options.nltk_trees:
        if one_per_line and len(lines.peek(SMALL_INPUT_LINES)) < SMALL_INPUT_LINES:
            # What the block reader gives, each tree a table of its own (issue 31).
            return read_ptb_lines(lines, options.collect, False, options.nltk_free)
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
