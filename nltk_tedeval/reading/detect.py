"""Format sniffing: brackets, CoNLL-X, CoNLL-U or Malt-TAB, from a file's first lines.

>>> detect_format_text("John\\tNNP\\t2\\tSBJ\\nruns\\tVBZ\\t0\\tROOT\\n")
'malttab'
>>> detect_format_text("(S (NP John) (VP runs))\\n")
'ptb'
"""

from __future__ import annotations

import os
import re
from contextlib import ExitStack

from ..errors import InputFormatError, excerpt
from .lines import PathLike, _file_lines, _Lines

__all__ = ["FORMATS", "detect_format", "detect_format_text"]

FORMATS: tuple[str, ...] = ("ptb", "conllx", "conllu", "malttab", "discbracket", "export")
"""The formats :func:`detect_format` tells apart and ``format=`` accepts."""

# The lines that only the Negra export format starts with.
_EXPORT_HEADS = ("#BOS", "#FORMAT", "#BOT")
# A discbracket leaf: a preterminal's word written with its position.
_DISC_LEAF = re.compile(r"\([^\s()]+ [0-9]+=[^\s()]")


_SNIFF_LINES = 200
_CONLL_ID = re.compile(r"[0-9]+(?:-[0-9]+|\.[0-9]+)?\Z")
_CONLLU_DEPS = re.compile(r"[0-9]+(?:\.[0-9]+)?:")
_NEGATIVE = re.compile(r"-[0-9]+\Z")
# What no treebank line holds: C0 controls but the tab, DEL, and U+FFFD, which
# stands for bytes that were no UTF-8.
_BINARY = re.compile("[\x00-\x08\x0b-\x1f\x7f\ufffd]")


def _is_int(cell: str) -> bool:
    """True for an ASCII integer (``int`` alone would also take ``"1_0"`` and ``"٣"``)."""
    return (cell.isascii() and cell.isdigit()) or _NEGATIVE.match(cell) is not None


def _malt_shaped(line: str) -> bool:
    cells = line.split()
    return len(cells) in (3, 4) and _is_int(cells[2])


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


def _sniff(lines: _Lines, suffix: str) -> str | None:
    """The format of ``lines`` from their first lines, or None when all are blank.

    Raises :class:`InputFormatError` for content in no known format.
    """
    size = _SNIFF_LINES
    while True:
        head = lines.peek(size)
        content = [(n, s) for n, s in enumerate((line.strip() for line in head), 1) if s]
        # Malt-TAB has no comments, but its word may be "#" (the Penn tag of £ and #).
        tokens = [(n, s) for n, s in content if s[0] != "#" or _malt_shaped(s)]
        if tokens or len(head) < size:
            break
        size *= 2  # blank lines or comments only so far: look further
    if not content:
        return None
    if suffix in (".export", ".discbracket"):
        return suffix[1:]
    if any(s.split(None, 1)[0] in _EXPORT_HEADS for _, s in content):
        return "export"
    if not tokens:
        return "conllu"  # comments and nothing else: a CoNLL-U file without sentences
    # The first line in a known shape decides, so that one bad line at the
    # top still reads (and fails) as what the rest of the file is.
    for _, line in tokens:
        # A bracketed tree starts with "(", but so does a Malt-TAB line whose
        # word is a bracket; only the latter has a tab inside the line.
        if line[0] == "(" and not ("\t" in line and _malt_shaped(line)):
            return "discbracket" if _DISC_LEAF.search(line) else "ptb"
        cells = _split(line)
        if len(cells) == 10 and _CONLL_ID.match(cells[0]):
            if len(tokens) < len(content) or any(_conllu_only(s) for _, s in tokens):
                return "conllu"
            return "conllu" if suffix == ".conllu" else "conllx"
        if _malt_shaped(line):
            return "malttab"
    lineno, line = content[0]
    if _BINARY.search(line):
        # Naming a format would not help: this is no text (an image, a program,
        # a file of another encoding). Show a little of it, escaped.
        raise InputFormatError(
            f"cannot tell the format: this does not look like a text file (the first line "
            f"holds control characters or bytes that are no UTF-8: {excerpt(line, 24)}); "
            f"give a treebank file in one of {', '.join(FORMATS)}",
            file=lines.name,
            line=lineno,
        )
    raise InputFormatError(
        f"cannot tell the format: no line is a bracketed tree, a CoNLL line of 10 columns "
        "or a Malt-TAB line (word, tag, head[, relation]); name the format (one of "
        f"{', '.join(FORMATS)}); the first line is {excerpt(line, 60)}",
        file=lines.name,
        line=lineno,
    )


def detect_format(path: PathLike) -> str:
    """The format of the file at ``path``, from its content: one of :data:`FORMATS`.

    Of the first 200 lines (more while all are blank or comments), the
    first one in a known shape decides: brackets (it starts with ``(``,
    unless it is a tab-separated Malt-TAB line whose word is ``(``), CoNLL
    (10 columns split at tabs, or at spaces in a line without tabs, the
    first a token number) or Malt-TAB (3 or 4 columns, the third a head
    number). CoNLL-U differs from CoNLL-X by comment lines, multiword
    tokens, empty nodes, ``head:relation`` cells in column 9 or
    ``Key=Value`` cells in column 10 among those lines; without any of them
    the suffix ``.conllu`` decides. Raises :class:`InputFormatError` naming
    the file when no line fits a format or the file is empty.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "sample.txt"
    >>> _ = path.write_text("1\\tI\\t_\\tPRP\\tPRP\\t_\\t2\\tnsubj\\t_\\t_\\n", encoding="utf-8")
    >>> detect_format(path)
    'conllx'
    """
    with ExitStack() as stack:
        return _detect(_file_lines(path, stack), _suffix(path))


def detect_format_text(text: str, name: str = "<string>") -> str:
    """Like :func:`detect_format`, for a text in memory (``name`` is used in errors)."""
    return _detect(_Lines.from_text(name, text), _suffix(name))


def _detect(lines: _Lines, suffix: str) -> str:
    fmt = _sniff(lines, suffix)
    if fmt is None:
        raise InputFormatError("cannot tell the format of an empty file", file=lines.name)
    return fmt


def _suffix(path: PathLike) -> str:
    """The suffix that names the format: ``.conllu`` also for ``gold.conllu.gz``."""
    stem, suffix = os.path.splitext(os.fspath(path))
    if suffix.lower() in (".gz", ".bz2", ".xz"):
        suffix = os.path.splitext(stem)[1]
    return suffix.lower()
