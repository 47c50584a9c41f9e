"""A toy input format: one sentence per line, each token written word/TAG/head.

    The/DT/2 dog/NN/3 barked/VBD/0

``head`` is the number of the token's head in its line, counting from 1, and
0 for the root. A word may hold ``/`` (``and/or/CC/2``): the last two fields
are the tag and the head. Blank lines hold no sentence. docs/extending.md
adds this format to tedeval with one line: ``register_format(WORDTAG)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from nltk_tedeval.errors import InputFormatError
from nltk_tedeval.reading import Format, Head, Lines, ReadOptions, SourceSentence
from nltk_tedeval.reading.formats import DEPENDENCY
from nltk_tedeval.trees import DependencyTree

_TOKEN = re.compile(r"(\S+)/([^/\s]+)/([0-9]+)")


def read(lines: Lines, options: ReadOptions) -> Iterator[SourceSentence]:
    """Every non-blank line as a dependency tree (``options.collect``: errors as records)."""
    number = 0
    for lineno, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        number += 1
        try:
            bad = lines.take_bad(lineno + 1)  # the line was not UTF-8
            if bad is not None:
                raise bad
            tree = _tree(text.split(), lines.name, lineno, number)
        except InputFormatError as error:
            if not options.collect:
                raise
            yield SourceSentence(lines.name, number, lineno, None, None, error)
            continue
        yield SourceSentence(lines.name, number, lineno, None, tree)


def _tree(cells: list[str], name: str, lineno: int, number: int) -> DependencyTree:
    words, tags, heads = [], [], []
    for i, cell in enumerate(cells, start=1):
        token = _TOKEN.fullmatch(cell)
        if token is None or int(token[3]) > len(cells):
            problem = "is not word/TAG/head" if token is None else "has a head past the line's end"
            raise InputFormatError(
                f"token {i} ({cell!r}) {problem}, the head a number from 0 to {len(cells)}",
                file=name,
                line=lineno,
                sentence=number,
                token=cell,
            )
        words.append(token[1])
        tags.append(token[2])
        heads.append(int(token[3]))
    # check=False: a parse need not be a tree; what needs one (TedEval) checks it.
    return DependencyTree(tuple(words), tuple(heads), tags=tuple(tags), check=False)


def count(lines: Lines, options: ReadOptions) -> int:
    """The sentences, for a progress bar: the non-blank lines."""
    return sum(1 for text in lines if text.strip())


def sniff(head: Head) -> int | None:
    """The first line whose every token is word/TAG/head; detection's rule does the rest."""
    return head.first(lambda line: all(_TOKEN.fullmatch(cell) for cell in line.split()))


WORDTAG = Format(
    "wordtag",
    read=read,
    count=count,
    sniff=sniff,
    suffixes=(".wt",),
    kind=DEPENDENCY,
    description="a word/TAG/head file (dependency trees)",
    shape="a line of word/TAG/head tokens",
)
