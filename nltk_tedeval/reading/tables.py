"""Small tables read from files: label maps (TSV) and head-rule tables.

The tables themselves are plain data for the layers above: a label map is a
``dict``, a head-rule table a :class:`~nltk_tedeval.trees.headrules.HeadRules`.
"""

from __future__ import annotations

import os
from contextlib import ExitStack
from typing import TYPE_CHECKING

from ..errors import InputFormatError, TedEvalError, excerpt
from .lines import Lines, PathLike, file_lines

if TYPE_CHECKING:
    from ..trees.headrules import HeadRules

__all__ = ["read_head_rules", "read_label_map", "read_label_map_text"]


def read_label_map(path: PathLike) -> dict[str, str]:
    """A label map from a small TSV file: ``from<TAB>to`` on each line.

    ``#`` comment lines and blank lines are allowed; an empty ``to`` (the
    line ``from<TAB>``) means the label is dropped, which the dict shows as
    ``""``. Raises :class:`~nltk_tedeval.errors.InputFormatError` naming the
    file and line of a malformed line or of a label mapped twice.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "map.tsv"
    >>> _ = path.write_text("# from\\tto\\nSUB\\tSBJ\\nP\\t\\n", encoding="utf-8")
    >>> read_label_map(path)
    {'SUB': 'SBJ', 'P': ''}
    """
    with ExitStack() as stack:
        return _label_map(file_lines(path, stack))


def read_label_map_text(text: str, name: str = "<string>") -> dict[str, str]:
    """Like :func:`read_label_map`, for a text in memory.

    >>> read_label_map_text("# 2011 relabeling\\nSUB\\tSBJ\\n\\nPUNC\\t\\n")
    {'SUB': 'SBJ', 'PUNC': ''}
    """
    return _label_map(Lines.from_text(name, text))


def _label_map(lines: Lines) -> dict[str, str]:
    mapping: dict[str, str] = {}
    where: dict[str, int] = {}
    for lineno, text in enumerate(lines, start=1):
        bad = lines.take_bad(lineno + 1)
        if bad is not None:
            raise bad
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        cells = [c.strip(" ") for c in text.split("\t")]
        message = None
        if len(cells) == 1:
            message = (
                f"no tab in {excerpt(text.strip())}: write FROM<TAB>TO, or FROM<TAB> to drop "
                "the label"
            )
        elif len(cells) > 2:
            message = f"{len(cells)} tab-separated fields; a line is FROM<TAB>TO"
        elif not cells[0]:
            message = "the label to map (before the tab) is empty"
        elif any(c.split() != [c] for c in cells if c):
            message = "a label holds whitespace"
        elif cells[0] in mapping and mapping[cells[0]] != cells[1]:
            message = (
                f"{cells[0]!r} is mapped to {cells[1]!r} here but to {mapping[cells[0]]!r} "
                f"on line {where[cells[0]]}"
            )
        if message is not None:
            raise InputFormatError(message, file=lines.name, line=lineno, token=cells[0])
        mapping[cells[0]] = cells[1]
        where.setdefault(cells[0], lineno)
    return mapping


def read_head_rules(path: PathLike) -> HeadRules:
    """A head-rule table (the text format of :mod:`nltk_tedeval.trees.headrules`) from a file.

    Raises :class:`~nltk_tedeval.errors.InputFormatError` naming the file and
    line of bytes that are not UTF-8 or of a malformed rule.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "heads.rules"
    >>> _ = path.write_text("S left VP\\n", encoding="utf-8")
    >>> read_head_rules(path).head_child("S", ["NP", "VP"])
    1
    """
    from ..trees.headrules import get_head_rules

    with open(path, "rb") as handle:
        data = handle.read()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputFormatError(
            f"the head-rule file is not UTF-8: byte 0x{data[exc.start]:02x} at byte "
            f"{exc.start + 1} cannot be decoded",
            file=os.fspath(path),
            line=data.count(b"\n", 0, exc.start) + 1,
        ) from None
    try:
        return get_head_rules(text)
    except TedEvalError as err:
        raise err.locate(file=os.fspath(path)) from None
