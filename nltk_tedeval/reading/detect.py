"""Format detection: which format of the table claims a file's first lines.

The built-in formats' sniffs (brackets, CoNLL-X, CoNLL-U, Malt-TAB,
discbracket, export) live here, CoNLL 2009's with its column map
(:mod:`~nltk_tedeval.reading.columns`); :mod:`~nltk_tedeval.reading.formats`
names them, and :func:`sniff` asks every format of its table.

>>> detect_format_text("John\\tNNP\\t2\\tSBJ\\nruns\\tVBZ\\t0\\tROOT\\n")
'malttab'
>>> detect_format_text("(S (NP John) (VP runs))\\n")
'ptb'
"""

from __future__ import annotations

import os
import re
from contextlib import ExitStack
from dataclasses import replace

from ..errors import InputFormatError, excerpt
from .formats import FORMATS, Format, Head, ReadOptions, binary_format, file_suffixes
from .lines import STDIN, Lines, PathLike, file_lines

__all__ = ["blank_file", "detect_format", "detect_format_text", "file_stem"]

COMPRESSED = (".gz", ".bz2", ".xz")
"""The suffixes of compressed files, which every reader opens (reading/lines.py)."""

# The lines that only the Negra export format starts with.
_EXPORT_HEADS = ("#BOS", "#FORMAT", "#BOT")
# A discbracket leaf: a preterminal's word written with its position.
_DISC_LEAF = re.compile(r"\([^\s()]+ [0-9]+=[^\s()]")


SNIFF_LINES = 200
"""How many lines detection reads first (more while all are blank or comments)."""
_CONLL_ID = re.compile(r"[0-9]+(?:-[0-9]+|\.[0-9]+)?\Z")
_CONLLU_DEPS = re.compile(r"[0-9]+(?:\.[0-9]+)?:")
_NEGATIVE = re.compile(r"-[0-9]+\Z")
# What no treebank line holds: C0 controls but the tab, DEL, and U+FFFD, which
# stands for bytes that were no UTF-8.
_BINARY = re.compile("[\x00-\x08\x0b-\x1f\x7f\ufffd]")


def is_int(cell: str) -> bool:
    """True for an ASCII integer (``int`` alone would also take ``"1_0"`` and ``"٣"``)."""
    return (cell.isascii() and cell.isdigit()) or _NEGATIVE.match(cell) is not None


def _malt_shaped(line: str) -> bool:
    cells = line.split(None, 4)  # 5 cells are too many already: split no further
    return len(cells) in (3, 4) and is_int(cells[2])


def _split(line: str) -> list[str]:
    """CoNLL cells: split at tabs, or at spaces in a line without tabs (old CoNLL-X files)."""
    return line.split("\t") if "\t" in line else line.split()


def _conllu_only(line: str) -> bool:
    """True for a CoNLL line that only CoNLL-U writes.

    A multiword token or empty node ID, a ``head:relation`` pair in column 9
    (CoNLL-X has a head number or ``_`` there) or ``Key=Value`` in column 10.
    """
    cells = _split(line)
    return len(cells) == 10 and (
        not cells[0].isdigit() or _CONLLU_DEPS.match(cells[8]) is not None or "=" in cells[9]
    )


# -- the built-in formats' sniffs (formats.py names them) ------------------------------------
# Each gives the first line in its format's shape; the shapes of one line do
# not overlap but where the table's order settles it (a line "( ( 2" is both a
# tree and a Malt-TAB line: ptb comes first, as the bracket test always did).


def _bracketed(line: str) -> bool:
    # A bracketed tree starts with "(", but so does a Malt-TAB line whose
    # word is a bracket; only the latter has a tab inside the line.
    return line[0] == "(" and not ("\t" in line and _malt_shaped(line))


def _conll_shaped(line: str) -> bool:
    if not line[0].isdigit():
        return False  # no token ID: no need to split the line
    cells = _split(line)
    return len(cells) == 10 and _CONLL_ID.match(cells[0]) is not None


def _conllu_head(head: Head) -> bool:
    """True when a head of CoNLL lines is CoNLL-U's: comments, CoNLL-U-only lines, the suffix."""
    return (
        len(head.tokens) < len(head.lines)
        or any(_conllu_only(s) for _, s in head.tokens)
        or head.suffix == ".conllu"
    )


def sniff_ptb(head: Head) -> int | None:
    """The first bracketed tree whose leaves are words."""
    return head.first(lambda line: _bracketed(line) and not _DISC_LEAF.search(line))


def sniff_discbracket(head: Head) -> int | None:
    """The first bracketed tree with a leaf written ``position=word``."""
    return head.first(lambda line: _bracketed(line) and _DISC_LEAF.search(line) is not None)


def sniff_conllx(head: Head) -> int | None:
    """The first CoNLL line, unless the head is CoNLL-U's."""
    first = head.first(_conll_shaped)
    return None if first is None or _conllu_head(head) else first


def sniff_conllu(head: Head) -> int | None:
    """The first CoNLL line of a CoNLL-U head (or its first comment, if it has nothing else)."""
    if not head.tokens:
        # Comments and nothing else: a CoNLL-U file without sentences.
        return head.lines[0][0]
    first = head.first(_conll_shaped)
    return first if first is not None and _conllu_head(head) else None


def sniff_malttab(head: Head) -> int | None:
    """The first line of 3 or 4 columns whose third is a number."""
    return head.first(_malt_shaped)


def sniff_export(head: Head) -> int | None:
    """The whole input (0) if a line of the head starts ``#BOS``, ``#FORMAT`` or ``#BOT``."""
    return 0 if any(s.split(None, 1)[0] in _EXPORT_HEADS for _, s in head.lines) else None


def count_export(lines: Lines, options: ReadOptions) -> int:
    """A Negra export file's sentences: its ``#BOS`` lines."""
    return sum(1 for line in lines if line.startswith("#BOS"))


def count_discbracket(lines: Lines, options: ReadOptions) -> int:
    """A discbracket file's sentences: its lines that start a tree at the margin."""
    return sum(1 for line in lines if line.startswith("("))


# -- detection over the table ---------------------------------------------------------------


def _head_of(lines: Lines, suffix: str) -> Head:
    """The :class:`Head` of ``lines``: the first 200 lines, more while all are blank or comments."""
    size = SNIFF_LINES
    while True:
        head = lines.peek(size)
        content = [(n, s) for n, s in enumerate((line.strip() for line in head), 1) if s]
        # Malt-TAB has no comments, but its word may be "#" (the Penn tag of £ and #).
        tokens = [(n, s) for n, s in content if s[0] != "#" or _malt_shaped(s)]
        if tokens or len(head) < size:
            break
        size *= 2  # blank lines or comments only so far: look further
    return Head(lines.name, suffix, tuple(content), tuple(tokens))


def sniff(lines: Lines, suffix: str) -> Format | None:
    """The format of ``lines`` from their first lines, or None when all are blank.

    Every format of :data:`~nltk_tedeval.reading.formats.FORMATS` claims the
    input from a line (0: all of it) or not at all; the lowest claim wins,
    the format earlier in the table on a tie. Raises
    :class:`InputFormatError` when none claims it.
    """
    head = _head_of(lines, suffix)
    if not head.lines:
        return None
    best: tuple[int, Format] | None = None
    for fmt in FORMATS.values():
        claim = fmt.claim(head)
        if claim is not None and (best is None or claim < best[0]):
            best = (claim, fmt)
            if claim == 0:
                break  # the whole input: a later format could only tie, and lose
            # Later formats need look no further: from this line on they lose.
            head = replace(head, before=claim)
    if best is not None:
        return best[1]
    names = ", ".join(FORMATS)
    lineno, line = head.lines[0]
    if _BINARY.search(line):
        # Naming a format would not help: this is no text (an image, a program,
        # a file of another encoding). Show a little of it, escaped.
        binary = [f"{f.name} ({', '.join(f.suffixes)})" for f in FORMATS.values() if f.binary]
        known = f"; a file of bytes is known by its name: {', '.join(binary)}" if binary else ""
        raise InputFormatError(
            f"cannot tell the format: this does not look like a text file (the first line "
            f"holds control characters or bytes that are no UTF-8: {excerpt(line, 24)}); "
            f"give a treebank file in one of {names}{known}",
            file=lines.name,
            line=lineno,
        )
    shapes = list(dict.fromkeys(f.shape for f in FORMATS.values() if f.shape))
    some = ", ".join(shapes[:-1]) + " or " + shapes[-1] if len(shapes) > 1 else "".join(shapes)
    raise InputFormatError(
        f"cannot tell the format: no line is {some}; name the format (one of "
        f"{names}); the first line is {excerpt(line, 60)}",
        file=lines.name,
        line=lineno,
    )


def detect_format(path: PathLike) -> str:
    """The format of the file at ``path``, from its content: a name in ``FORMATS``.

    Of the first 200 lines (more while all are blank or comments), the
    first one in a known shape decides (a file name suffix or header lines
    that name a format decide before any line; the formats of
    :data:`~nltk_tedeval.reading.formats.FORMATS` earlier in the table win
    ties). The built-in shapes: brackets (it starts with ``(``,
    unless it is a tab-separated Malt-TAB line whose word is ``(``), CoNLL
    (10 columns split at tabs, or at spaces in a line without tabs, the
    first a token number) or Malt-TAB (3 or 4 columns, the third a head
    number). CoNLL-U differs from CoNLL-X by comment lines, multiword
    tokens, empty nodes, ``head:relation`` cells in column 9 or
    ``Key=Value`` cells in column 10 among those lines; without any of them
    the suffix ``.conllu`` decides. Files named ``.export`` or
    ``.discbracket``, and files with a Negra export header line (``#BOS``,
    ``#FORMAT``, ``#BOT``), are in those formats. CoNLL 2009 lines have 14
    columns or more, split as CoNLL's are, the first a token number and the
    ninth a head, in a head without comment lines; detection reads them in
    the gold columns (``conll09``), and ``conll09_predicted`` names the
    predicted ones. Raises :class:`InputFormatError` naming
    the file when no line fits a format or the file is empty.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "sample.txt"
    >>> _ = path.write_text("1\\tI\\t_\\tPRP\\tPRP\\t_\\t2\\tnsubj\\t_\\t_\\n", encoding="utf-8")
    >>> detect_format(path)
    'conllx'
    """
    binary = binary_format(file_suffix(path))
    if binary is not None:
        return binary.name  # bytes, not lines: known by its suffix
    with ExitStack() as stack:
        return _detect(file_lines(path, stack), file_suffix(path))


def detect_format_text(text: str, name: str = "<string>") -> str:
    """Like :func:`detect_format`, for a text in memory (``name`` is used in errors)."""
    return _detect(Lines.from_text(name, text), file_suffix(name))


def _detect(lines: Lines, suffix: str) -> str:
    fmt = sniff(lines, suffix)
    if fmt is None:
        raise InputFormatError("cannot tell the format of an empty file", file=lines.name)
    return fmt.name


def blank_file(path: PathLike) -> bool:
    """Whether the file at ``path`` holds lines and every one is blank: content that tells
    no format (a parser that failed on every sentence writes such a file in EVALB's layout).

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "parse.txt"
    >>> _ = path.write_text("\\n\\n", encoding="utf-8")
    >>> blank_file(path), blank_file(path.with_name("none.txt"))
    (True, False)
    """
    if os.fspath(path) == STDIN or binary_format(file_suffix(path)) is not None:
        return False  # standard input is read once; a file of bytes has no lines
    try:
        with ExitStack() as stack:
            lines = file_lines(path, stack)
            return not _head_of(lines, file_suffix(path)).lines and bool(lines.peek(1))
    except OSError:
        return False  # the reader says what is wrong with it, when it reads it


def file_suffix(path: PathLike) -> str:
    """The suffix that names the format: ``.conllu`` also for ``gold.conllu.gz``."""
    stem, suffix = os.path.splitext(os.fspath(path))
    if suffix.lower() in COMPRESSED:
        suffix = os.path.splitext(stem)[1]
    return suffix.lower()


def file_stem(name: str) -> str:
    """A file's name without the suffixes that name a format or a compression, in any case.

    The suffixes are those of the table of formats
    (:func:`~nltk_tedeval.reading.formats.file_suffixes`: every format's name,
    ``suffixes`` and ``extensions``) and ``.gz``, ``.bz2``, ``.xz``; a name
    that is nothing but such suffixes stays whole. Breakdowns by file name
    their documents so (``hooks.file_stem``).

    >>> file_stem("dev.conllu.gz"), file_stem("wsj_0001.MRG"), file_stem("a.b.txt")
    ('dev', 'wsj_0001', 'a.b')
    >>> file_stem(".ptb"), file_stem("x.conll09")
    ('.ptb', 'x')
    """
    suffixes = file_suffixes()
    if _STEM[0] is not suffixes:
        known = sorted({s[1:] for s in (*suffixes, *COMPRESSED)}, key=lambda s: (-len(s), s))
        pattern = re.compile(rf"(\.({'|'.join(map(re.escape, known))}))+\Z", re.I)
        _STEM[:] = [suffixes, pattern]
    return _STEM[1].sub("", name) or name


_STEM: list = [None, None]  # the suffixes file_stem last saw, and its pattern of them
