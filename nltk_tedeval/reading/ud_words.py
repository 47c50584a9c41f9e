"""CoNLL-U read as the CoNLL 2018 shared task reads it: surface tokens, words, every column.

:mod:`.columns` reads one word per token into a dependency tree and skips
multiword-token lines. The CoNLL 2018 metrics also score tokenization, so
this reader keeps each multiword token (``3-4``) with the words it spans
and every column those metrics compare. Empty nodes (``5.1``) are skipped,
as the shared task's script skips them. What the script refuses, this
refuses too, with the file, line, sentence and token named: a line without
10 tab-separated columns, an ID out of sequence, an empty form, a head that
is not a number or points outside the sentence, a cycle (a word that is its
own head included), and a sentence without exactly one root.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import ExitStack

from ..errors import InputFormatError
from ..records import SourceSentence
from ..trees.ud_words import UDSentence, UDToken, UDWord, check_ud_tree
from .columns import SENT_ID
from .lines import Lines, PathLike, file_lines

__all__ = ["read_ud_words", "read_ud_words_text"]

_RANGE = re.compile(r"([0-9]+)-([0-9]+)\Z")
_EMPTY_NODE = re.compile(r"[0-9]+\.[0-9]+\Z")


def read_ud_words(path: PathLike, *, deps: bool = False) -> Iterator[SourceSentence]:
    """The sentences of a CoNLL-U file as :class:`~nltk_tedeval.trees.ud_words.UDSentence` records.

    Stops at the first error (an :class:`~nltk_tedeval.errors.InputFormatError`).
    ``deps=True`` also reads the DEPS column, empty nodes collapsed
    (:mod:`.enhanced`), into each sentence's ``deps``; the ordinary path
    leaves it, and the empty nodes, unread. Compressed files are read as
    :func:`~nltk_tedeval.reading.read_file` reads them.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "s.conllu"
    >>> _ = path.write_text("1\\tHi\\thi\\tINTJ\\t_\\t_\\t0\\troot\\t_\\t_\\n\\n", encoding="utf-8")
    >>> [(s.number, [w.upos for w in s.tree.words]) for s in read_ud_words(path)]
    [(1, ['INTJ'])]
    """
    with ExitStack() as stack:
        yield from _read(file_lines(path, stack), deps)


def read_ud_words_text(
    text: str, name: str = "<string>", *, deps: bool = False
) -> Iterator[SourceSentence]:
    """Like :func:`read_ud_words`, for a CoNLL-U text in memory.

    >>> text = "1-2\\tdel\\t_\\t_\\t_\\t_\\t_\\t_\\t_\\t_\\n"
    >>> text += "1\\tde\\tde\\tADP\\t_\\t_\\t2\\tcase\\t_\\t_\\n"
    >>> text += "2\\tel\\tel\\tDET\\t_\\t_\\t0\\troot\\t_\\t_\\n\\n"
    >>> (s,) = read_ud_words_text(text)
    >>> [t.form for t in s.tree.tokens], [w.form for w in s.tree.words]
    (['del'], ['de', 'el'])
    """
    return _read(Lines.from_text(name, text), deps)


def _read(lines: Lines, deps: bool = False) -> Iterator[SourceSentence]:
    name = lines.name
    number = 0
    start = 0
    sent_id: str | None = None
    tokens: list[UDToken] = []
    words: list[UDWord] = []
    open_range: tuple[int, int, str, int] | None = None  # a multiword token's words still to come
    # With deps: (ID, DEPS, line) of every word and empty node, for the enhanced graph.
    word_deps: list[tuple[str, str, int]] = []
    if deps:
        from .enhanced import enhanced_edges
    empty_deps: list[tuple[str, str, int]] = []

    def error(message: str, line: int, token: str | None = None) -> InputFormatError:
        return InputFormatError(
            message, file=name, line=line, sentence=number + 1, sentence_id=sent_id, token=token
        )

    def finish(line: int) -> SourceSentence:
        nonlocal number, start, sent_id, open_range
        if open_range is not None:
            raise error(
                f"multiword token {open_range[2]!r} ends before its words "
                f"{open_range[0]}-{open_range[1]} do",
                open_range[3],
                open_range[2],
            )
        check_ud_tree(words, error)
        edges = None
        if deps:
            edges = enhanced_edges(word_deps, empty_deps, name, number + 1, sent_id)
            word_deps.clear()
            empty_deps.clear()
        number += 1
        record = SourceSentence(
            name, number, start, sent_id, UDSentence(tuple(tokens), tuple(words), edges)
        )
        tokens.clear()
        words.clear()
        start = 0
        sent_id = None
        return record

    for lineno, raw in enumerate(lines, start=1):
        bad = lines.take_bad()
        if bad is not None:
            raise bad
        if not raw.strip():
            if words or tokens:
                yield finish(lineno)
            else:
                start = 0
                sent_id = None
            continue
        if not start:
            start = lineno
        if raw[0] == "#" and not words and not tokens:
            if sent_id is None and (m := SENT_ID.match(raw.strip())):
                sent_id = m.group(1)
            continue
        cells = raw.split("\t")
        if len(cells) != 10:
            columns = f"{len(cells)} column{'s' if len(cells) != 1 else ''}"
            raise error(f"{columns}; CoNLL-U lines have 10, separated by tabs", lineno)
        tid, form = cells[0], cells[1]
        if _EMPTY_NODE.match(tid):
            if deps:
                empty_deps.append((tid, cells[8], lineno))
            continue
        expected = len(words) + 1
        m = _RANGE.match(tid)
        if m:
            first, last = int(m.group(1)), int(m.group(2))
            if first != expected or last < first or open_range is not None:
                raise error(
                    f"multiword token ID {tid!r} where {expected}-N was expected", lineno, tid
                )
            open_range = (first, last, form, lineno)
            tokens.append(UDToken(form, first - 1, last, True, lineno))
        elif tid != str(expected):
            raise error(
                f"word ID {tid!r} where {expected} was expected (IDs count from 1 in every "
                "sentence; is the blank line between two sentences missing?)",
                lineno,
                tid,
            )
        elif open_range is None:
            tokens.append(UDToken(form, expected - 1, expected, False, lineno))
        if m:
            continue
        head = cells[6]
        if not (head.isascii() and head.isdigit()):
            raise error(f"word {tid} ({form!r}) has head {head!r}, not a number", lineno, head)
        words.append(
            UDWord(form, cells[2], cells[3], cells[4], cells[5], int(head), cells[7], lineno)
        )
        if deps:
            word_deps.append((tid, cells[8], lineno))
        if open_range is not None and expected == open_range[1]:
            open_range = None
    if words or tokens:
        yield finish(0)
