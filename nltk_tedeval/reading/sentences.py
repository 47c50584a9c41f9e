"""The sentences of one input, one :class:`~nltk_tedeval.records.SourceSentence` at a time.

:func:`read_file`, :func:`read_text` and :func:`read_lines` take a file, a
text or any iterable of lines, detect its format unless told
(:mod:`~nltk_tedeval.reading.detect`) and hand it to the reader of that
format in the table of :mod:`~nltk_tedeval.reading.formats`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import ExitStack

from ..errors import OptionError
from ..records import SourceSentence
from .detect import file_suffix, sniff
from .formats import Format, ReadOptions, binary_format, format_named
from .lines import STDIN, Lines, PathLike, file_lines

__all__ = ["count_sentences", "read_file", "read_lines", "read_text"]

_ON_ERROR = ("raise", "collect")


def read_file(
    path: PathLike,
    format: str | None = None,
    *,
    on_error: str = "raise",
    one_per_line: bool | None = False,
    nltk_trees: bool = True,
    nltk_free: bool = False,
    morphology: bool = False,
) -> Iterator[SourceSentence]:
    """The sentences of the file at ``path``, one :class:`SourceSentence` at a time.

    ``path`` ``"-"`` reads standard input. A file compressed with gzip,
    bzip2 or xz is recognised by its first bytes and read decompressed.

    ``format`` is a name in :data:`~nltk_tedeval.reading.formats.FORMATS`;
    ``None`` detects it from the content (:func:`detect_format`). An empty
    file holds no sentences in any format. ``on_error="raise"`` raises the first
    :class:`~nltk_tedeval.errors.InputFormatError`; ``"collect"`` yields bad
    sentences as records with ``tree=None`` and the error, and reads on.
    ``one_per_line=True`` reads bracketed files as EVALB does: every line is
    one sentence and an empty line is an empty parse (``tree=None``,
    ``error=None``), tokens are split at the C locale's white space only (a
    no-break space is part of a word) and a backslash escapes nothing;
    ``None`` chooses that layout unless the file's trees run over several
    lines (a line of the first 200 left open and followed by an indented
    one). It does not affect the column formats.
    ``nltk_trees=False`` reads bracketed trees straight into
    :class:`~nltk_tedeval.trees.constituency.PhraseStructure` tables and
    token lines straight into unchecked
    :class:`~nltk_tedeval.trees.dependency.DependencyTree` objects, which
    every metric accepts, without building ``nltk.Tree`` or
    ``DependencyGraph`` objects: faster, with the same scores. Bracketed
    trees are read a block at a time, lines in EVALB's layout
    (:mod:`~nltk_tedeval.reading.bracket_blocks`; a few lines, fewer than
    :data:`~nltk_tedeval.reading.ptb.SMALL_INPUT_LINES`, one at a time, without
    numpy), trees over several lines
    (:mod:`~nltk_tedeval.reading.bracket_groups`): a tree is then a
    ``PhraseStructure`` whose table is made on first use; ParsEval scores
    whole blocks and ``tree_to_mft`` reads a tree's spans without making
    it. Only a
    bracketed tree without words, which has no table, is still an
    ``nltk.Tree``; ``nltk_free=True`` (with ``nltk_trees=False``) reads it
    as a :class:`~nltk_tedeval.trees.constituency.WordlessTree`, which every
    metric treats as that tree, so that reading never imports nltk (the
    command line reads this way; the discontinuous formats' trees are nltk
    trees all the same). ``morphology=True`` keeps each word's LEMMA and FEATS
    (CoNLL columns 3 and 6) in those ``DependencyTree`` objects (``lemmas``,
    ``feats``), which only breakdowns and exclusions by them read: without it
    they are ``None``, and reading takes about a tenth less time and a seventh
    less memory (a ``DependencyGraph`` always has them in its nodes).

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "trees.ptb"
    >>> _ = path.write_text("(S (NP I) (VP left))\\n(S (NP you) (VP stayed))\\n", encoding="utf-8")
    >>> [(s.number, s.line, s.tree.leaves()) for s in read_file(path)]
    [(1, 1, ['I', 'left']), (2, 2, ['you', 'stayed'])]
    """
    fmt, options = read_options(format, on_error, one_per_line, nltk_trees, nltk_free, morphology)
    return _read_path(path, fmt, options)


def _read_path(
    path: PathLike, fmt: Format | None, options: ReadOptions
) -> Iterator[SourceSentence]:
    binary = _binary(path, fmt)
    if binary is not None:
        yield from binary.read_path(os.fspath(path), options)
        return
    with ExitStack() as stack:
        yield from read_source(file_lines(path, stack), fmt, options, file_suffix(path))


def _binary(path: PathLike, fmt: Format | None) -> Format | None:
    """The binary format the file is read in (named, or by its suffix), or None."""
    found = binary_format(file_suffix(path)) if fmt is None else fmt
    if found is None or not found.binary:
        return None
    if os.fspath(path) == STDIN:
        raise OptionError(f"{found.description} cannot be read from standard input: name the file")
    return found


def read_text(
    text: str,
    format: str | None = None,
    *,
    name: str = "<string>",
    on_error: str = "raise",
    one_per_line: bool | None = False,
    nltk_trees: bool = True,
    nltk_free: bool = False,
    morphology: bool = False,
) -> Iterator[SourceSentence]:
    """Like :func:`read_file`, for a text in memory; ``name`` stands for the file in errors.

    >>> [s.tree.label() for s in read_text("(S (NP I) (VP left))")]
    ['S']
    >>> [s.tree for s in read_text("(TOP ())", nltk_trees=False, nltk_free=True)]
    [WordlessTree(labels=('TOP', ''), children=((1,), ()))]
    """
    fmt, options = read_options(format, on_error, one_per_line, nltk_trees, nltk_free, morphology)
    return read_source(Lines.from_text(name, text), fmt, options, file_suffix(name))


def read_lines(
    lines: Iterable[str],
    format: str | None = None,
    *,
    name: str = "<lines>",
    on_error: str = "raise",
    one_per_line: bool | None = False,
    nltk_trees: bool = True,
    nltk_free: bool = False,
    morphology: bool = False,
) -> Iterator[SourceSentence]:
    """Like :func:`read_file`, for any iterable of lines (an open text file, ``sys.stdin``).

    Each item is one line; its line ending, if any, is ignored.
    """
    fmt, options = read_options(format, on_error, one_per_line, nltk_trees, nltk_free, morphology)
    return read_source(Lines.from_lines(name, lines), fmt, options, file_suffix(name))


def read_options(
    format: str | None,
    on_error: str,
    one_per_line: bool | None = False,
    nltk_trees: bool = True,
    nltk_free: bool = False,
    morphology: bool = False,
) -> tuple[Format | None, ReadOptions]:
    """The format named (None: detect it) and the reader options, checked.

    Raises :class:`~nltk_tedeval.errors.OptionError` for an unknown format
    (listing the known ones) or ``on_error``, or ``nltk_free`` with nltk trees.
    """
    if nltk_trees and nltk_free:
        raise OptionError("nltk_free=True reads without nltk trees: pass nltk_trees=False too")
    fmt = None if format is None else format_named(format)
    if on_error not in _ON_ERROR:
        raise OptionError(f"unknown on_error {on_error!r}; expected 'raise' or 'collect'")
    return fmt, ReadOptions(on_error == "collect", one_per_line, nltk_trees, nltk_free, morphology)


def read_source(
    lines: Lines, fmt: Format | None, options: ReadOptions, suffix: str
) -> Iterator[SourceSentence]:
    """The sentences of ``lines`` in ``fmt`` (None: detected, ``suffix`` helping).

    A generator, so that every reader does its I/O and detection only when
    iterated, whatever its source; options are checked when it is made.
    """
    if fmt is None:
        fmt = sniff(lines, suffix)
        if fmt is None:
            return  # nothing but blank lines: no sentences, in any format
    yield from fmt.read_sentences(lines, options)


def count_sentences(
    path: PathLike, format: str | None = None, *, one_per_line: bool | None = False
) -> int:
    """How many sentences :func:`read_file` would yield, counted without building trees.

    A quick pass over the lines, for a progress bar's ETA: a column file's
    sentences are its blocks of lines between blank lines (comments alone
    are no sentence), a one-tree-per-line file's are its lines, and a
    free-layout bracketed file's are the lines that start a tree at the
    margin. A malformed file may count differently from what the readers
    then report.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "t.ptb"
    >>> _ = path.write_text("(S (NP I) (VP left))\\n\\n(S (NP you) (VP stayed))\\n")
    >>> count_sentences(path, one_per_line=True), count_sentences(path)
    (3, 2)
    """
    fmt, options = read_options(format, "raise", one_per_line)
    binary = _binary(path, fmt)
    if binary is not None:
        return binary.count_path(os.fspath(path), options)
    with ExitStack() as stack:
        lines = file_lines(path, stack)
        if fmt is None:
            fmt = sniff(lines, file_suffix(path))
            if fmt is None:
                return 0
        return fmt.count_sentences(lines, options)
