"""Token-to-segment maps: the surface tokens of trees whose words are segments (SPEC.md §11).

A Penn Treebank tree over morphemes (SPMRL Hebrew ``ב ה בית`` for the token
``בבית``) has no multiword tokens, so alignment would spell its text by the
morphemes and find it differs from a parse over the surface tokens. A map
says which words make which surface token. TedEval 2.2 read such maps
(``-sg`` for the gold, ``-sp`` for the parse); the one public writer of them
found (Stanford CoreNLP's ``scripts/arabic-segmenter/output_to_tedeval.py``,
"the TEDEval seg file") writes a line per surface token, the token, a tab and
its segments joined by ``:``, and an empty line after each sentence. That is
the format read here; a CoNLL-U file is read too, its multiword-token range
lines giving the surface tokens and its word lines the segments.

:func:`read_segments` reads a map, one :class:`Segmentation` per sentence;
:func:`with_segments` gives every record of a corpus its sentence's
multiword tokens (``SourceSentence.multiword``), after checking that the map's
segments are the tree's text words, so that alignment reads the text from
the surface tokens. Nothing but alignment reads them.

>>> lines = ["הוא\\tהוא", "ישב\\tישב", "בבית\\tב:ה:בית", ""]
>>> (seg,) = read_segments(lines)
>>> seg.words(), seg.multiword()
(('הוא', 'ישב', 'ב', 'ה', 'בית'), ((2, 5, 'בבית'),))
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, replace
from typing import Any

from ..errors import EmptyTreeError, InputFormatError, TedEvalError, excerpt
from ..records import SourceSentence, unwrap
from ..trees.dependency import DependencyTree
from ..trees.kinds import text_tokens
from ..trees.tokens import normalize_token
from .lines import Lines, PathLike, file_lines

__all__ = ["Segmentation", "read_segments", "with_segments"]

SEGMENT_SEPARATOR = ":"
"""What joins a token's segments in TedEval's map format."""


@dataclass(frozen=True)
class Segmentation:
    """One sentence of a token-to-segment map: its surface tokens in order, each with
    the segments (the tree's text words) it is made of, and the line of each token.

    ``number`` counts the map's sentences from 1; ``line`` is the sentence's first line.
    """

    file: str
    number: int
    line: int
    tokens: tuple[tuple[str, tuple[str, ...]], ...]
    lines: tuple[int, ...]

    def words(self) -> tuple[str, ...]:
        """The segments of every token, in order: the words the tree must have."""
        return tuple(s for _, segments in self.tokens for s in segments)

    def multiword(self) -> tuple[tuple[int, int, str], ...]:
        """``(first, end, form)`` of every token that is not its one word, as written:
        words ``first:end`` (0-based) make the surface token ``form``."""
        out = []
        at = 0
        for form, segments in self.tokens:
            if len(segments) > 1 or normalize_token(segments[0]) != normalize_token(form):
                out.append((at, at + len(segments), form))
            at += len(segments)
        return tuple(out)


def read_segments(source: PathLike | Iterable[str]) -> Iterator[Segmentation]:
    """The sentences of a token-to-segment map: a file's path or its lines.

    TedEval's format: a line per surface token, ``TOKEN<TAB>SEGMENTS``, the
    segments joined by ``:`` (a field equal to the token is one segment, so that
    ``:`` and ``12:30`` need no escape), and an empty line after each sentence (an
    empty line after another, or first, is a sentence without tokens). A file
    whose first line is a CoNLL-U comment (no tab) or has ten tab-separated columns is
    read as CoNLL-U: a range line ``2-4 FORM`` is a surface token over the word
    lines 2 to 4, every other word line its own token, empty nodes skipped.
    Lines and files are decoded as every reader decodes them
    (:mod:`~nltk_tedeval.reading.lines`); a bad line is an
    :class:`~nltk_tedeval.errors.InputFormatError` naming the file, line and item.
    """
    with ExitStack() as stack:
        if isinstance(source, (str, os.PathLike)):
            lines = file_lines(source, stack)
        else:
            lines = Lines.from_lines("<segments>", source)
        head = next((line for line in lines.peek(1)), "")
        cells = head.split("\t")
        # (A token of TedEval's format may start with "#": its line has a tab.)
        if (head.startswith("#") and len(cells) == 1) or len(cells) >= 10:
            yield from _conllu(lines)
        else:
            yield from _tedeval(lines)


def _tedeval(lines: Lines) -> Iterator[Segmentation]:
    name = lines.name
    tokens: list[tuple[str, tuple[str, ...]]] = []
    where: list[int] = []
    number = 0
    start = 0
    lineno = 0
    for lineno, line in enumerate(lines, start=1):
        bad = lines.take_bad(lineno + 1)
        if bad is not None:
            raise bad
        if not line:
            number += 1
            yield Segmentation(name, number, start or lineno, tuple(tokens), tuple(where))
            tokens, where, start = [], [], 0
            continue
        cells = line.split("\t")
        if len(cells) != 2 or not cells[0] or not cells[1]:
            raise InputFormatError(
                f"{excerpt(line)} is no line of a token-to-segment map: it takes the surface "
                "token, a tab and its segments joined by ':' (TedEval's -sg/-sp files), or "
                "give a CoNLL-U file",
                file=name,
                line=lineno,
                sentence=number + 1,
            )
        form, field = cells
        segments = (field,) if field == form else tuple(field.split(SEGMENT_SEPARATOR))
        if "" in segments:
            raise InputFormatError(
                f"token {form!r} has an empty segment in {field!r} (segments are joined by "
                "':', one ':' between two)",
                file=name,
                line=lineno,
                sentence=number + 1,
                token=form,
            )
        start = start or lineno
        tokens.append((form, segments))
        where.append(lineno)
    if tokens:
        yield Segmentation(name, number + 1, start, tuple(tokens), tuple(where))


def _conllu(lines: Lines) -> Iterator[Segmentation]:
    name = lines.name
    words: list[tuple[str, int]] = []  # every word line's form and line
    ranges: list[tuple[int, int, str, int]] = []  # first, last (1-based), form, line
    number = 0
    start = 0

    def sentence() -> Segmentation:
        tokens: list[tuple[str, tuple[str, ...]]] = []
        where: list[int] = []
        w = 0
        for first, last, form, at in ranges:
            if last > len(words):
                raise InputFormatError(
                    f"multiword token {first}-{last} ({form!r}) goes past the sentence's last "
                    f"word, {len(words)}",
                    file=name,
                    line=at,
                    sentence=number,
                    token=f"{first}-{last}",
                )
            for word, line in words[w : first - 1]:
                tokens.append((word, (word,)))
                where.append(line)
            tokens.append((form, tuple(word for word, _ in words[first - 1 : last])))
            where.append(at)
            w = last
        for word, line in words[w:]:
            tokens.append((word, (word,)))
            where.append(line)
        return Segmentation(name, number, start, tuple(tokens), tuple(where))

    for lineno, line in enumerate(lines, start=1):
        bad = lines.take_bad(lineno + 1)
        if bad is not None:
            raise bad
        if not line.strip():
            if start:
                number += 1
                yield sentence()
                words, ranges, start = [], [], 0
            continue
        start = start or lineno
        if line.startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) != 10:
            raise InputFormatError(
                f"a CoNLL-U line has 10 tab-separated columns, this one {len(cells)}: "
                f"{excerpt(line)}",
                file=name,
                line=lineno,
                sentence=number + 1,
            )
        tid, form = cells[0], cells[1]
        if tid.isdigit() and int(tid) == len(words) + 1:
            words.append((form, lineno))
            continue
        first, dash, last = tid.partition("-")
        if dash and first.isdigit() and last.isdigit():
            a, b = int(first), int(last)
            if a != len(words) + 1 or b < a:
                raise InputFormatError(
                    f"multiword token {tid} ({form!r}) must come just before its first word "
                    f"and end at or after it: here the next word is {len(words) + 1}",
                    file=name,
                    line=lineno,
                    sentence=number + 1,
                    token=tid,
                )
            ranges.append((a, b, form, lineno))
            continue
        if "." in tid:
            continue  # an empty node: no word of the text
        raise InputFormatError(
            f"token ID {tid!r} where {len(words) + 1} was expected",
            file=name,
            line=lineno,
            sentence=number + 1,
            token=tid,
        )
    if start:
        number += 1
        yield sentence()


class _Segmented:
    """A sentence with the multiword tokens of a map, where its record is no
    ``SourceSentence`` (a bare tree of a Python list, another library's record): a
    record of the interface every step takes (``tree``, ``error``, ``file``, ``line``)."""

    __slots__ = ("file", "line", "multiword", "number", "sentence_id", "tree")
    error = None

    def __init__(
        self, tree: Any, number: int, multiword: tuple[tuple[int, int, str], ...], item: Any
    ) -> None:
        self.tree, self.number, self.multiword = tree, number, multiword
        self.file = getattr(item, "file", None) if item is not tree else None
        self.line = getattr(item, "line", None) if item is not tree else None
        self.sentence_id = getattr(item, "sentence_id", None) if item is not tree else None


def with_segments(
    corpus: Iterable[Any], segments: PathLike | Iterable[Segmentation]
) -> Iterator[Any]:
    """Every sentence of ``corpus`` (records or trees) with its multiword tokens from
    ``segments`` (a map's path, or :func:`read_segments`' sentences), one map sentence
    per corpus sentence, in order.

    Each map sentence's segments must be its tree's text words (empty elements
    left out; PTB escapes and NFC as everywhere, SPEC.md §1); a sentence without a
    tree (a missing parse, a bad record) takes its map sentence and ignores it. A
    record comes back with ``multiword`` set (``dataclasses.replace``), a bare tree
    as a record of its own. Errors name the map's file, line, sentence and token and
    the tree's file and line; so does a map with more or fewer sentences than the
    corpus, when the shorter ends.

    >>> from nltk import Tree
    >>> gold = [Tree.fromstring("(S (VB ישב) (PP (IN ב) (NP (DT ה) (NN בית))))")]
    >>> (record,) = with_segments(gold, read_segments(["ישב\\tישב", "בבית\\tב:ה:בית"]))
    >>> record.multiword
    ((1, 4, 'בבית'),)
    """
    maps = read_segments(segments) if isinstance(segments, (str, os.PathLike)) else segments
    maps = iter(maps)
    number = 0
    for number, item in enumerate(corpus, start=1):
        seg = next(maps, None)
        tree, where, error = unwrap(item)
        if seg is None:
            raise InputFormatError(
                f"the token-to-segment map ends after {number - 1} sentence"
                f"{'s' if number != 2 else ''}, and the trees go on",
                **_tree_place(where, number),
            )
        if error is not None or tree is None:
            yield item
            continue
        try:
            words = text_tokens(tree)
        except EmptyTreeError:
            words = None  # a missing parse
        except TedEvalError:
            yield item  # the tree's own error, which alignment reports where it is
            continue
        if not words:
            yield item
            continue
        if isinstance(tree, DependencyTree) and tree.multiword:
            raise InputFormatError(
                "the tree has multiword tokens of its own (CoNLL-U range lines); a "
                "token-to-segment map is for trees without them",
                **_tree_place(where, number),
            )
        _check_words(seg, words, where, number)
        multiword = seg.multiword()
        if not multiword:
            yield item
        elif type(item) is SourceSentence:
            yield replace(item, multiword=multiword)
        else:
            yield _Segmented(tree, getattr(item, "number", None) or number, multiword, item)
    extra = next(maps, None)
    if extra is not None:
        raise InputFormatError(
            f"the token-to-segment map has more sentences than the {number} tree"
            f"{'s' if number != 1 else ''} it is for: sentence {extra.number} has no tree",
            file=extra.file,
            line=extra.line,
            sentence=extra.number,
        )


def _tree_place(where: dict[str, Any], number: int) -> dict[str, Any]:
    return {"file": where.get("file"), "line": where.get("line"), "sentence": number}


def _check_words(
    seg: Segmentation, words: tuple[str, ...], where: dict[str, Any], number: int
) -> None:
    """Refuse a map sentence whose segments are not the tree's text words, naming the
    first token that differs."""
    tree_at = where.get("file")
    tree_at = (
        f"{tree_at}:{where['line']}" if tree_at and where.get("line") else tree_at
    ) or f"tree {number}"
    at = 0
    for (form, segments), line in zip(seg.tokens, seg.lines, strict=True):
        have = words[at : at + len(segments)]
        if [normalize_token(w) for w in have] != [normalize_token(s) for s in segments]:
            shown = (
                f"words {at + 1}-{at + len(segments)} are {' '.join(have)!r}"
                if len(have) == len(segments)
                else f"text has {len(words)} words"
            )
            raise InputFormatError(
                f"token {form!r} has the segments {' '.join(segments)!r}, but the tree's "
                f"{shown} ({tree_at}, sentence {number}): the map's segments must be the "
                "tree's words, in order",
                file=seg.file,
                line=line,
                sentence=seg.number,
                token=form,
            )
        at += len(segments)
    if at != len(words):
        raise InputFormatError(
            f"the map's sentence has {at} segments, the tree's text {len(words)} words "
            f"({tree_at}, sentence {number}; its words from {at + 1}: "
            f"{' '.join(words[at : at + 5])!r})",
            file=seg.file,
            line=seg.line,
            sentence=seg.number,
        )
