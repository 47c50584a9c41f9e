"""CoNLL-X, CoNLL-U and Malt-TAB: ``DependencyGraph`` objects from token lines.

One reader serves the three formats: sentences are token lines separated by
blank lines, and each becomes the ``nltk.parse.DependencyGraph`` that nltk
builds from the same lines, or, on the command line's fast path, directly
the :class:`~nltk_tedeval.trees.dependency.DependencyTree` every metric
reads from such a graph.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from itertools import chain
from typing import TYPE_CHECKING, Any

from ..errors import InputFormatError
from ..records import SourceSentence
from ..trees.dependency import NO_LABEL, DependencyTree
from .detect import is_int
from .formats import ReadOptions
from .lines import Lines

if TYPE_CHECKING:
    from nltk.parse import DependencyGraph

__all__ = ["SENT_ID", "count_blocks", "read_conll", "read_malttab"]  # read through formats.py

SENT_ID = re.compile(r"#\s*sent_id(?:\s*=\s*|\s+)(\S.*?)\s*\Z")
"""A CoNLL-U ``# sent_id`` comment, stripped; group 1 is the ID."""
_SKIPPED_ID = re.compile(r"[0-9]+(?:-[0-9]+|\.[0-9]+)\Z")  # multiword token, empty node
# Token numbers as CoNLL writes them, and back: a table lookup is cheaper than
# checking and converting every ID and head.
_NUMBERS = tuple(str(i) for i in range(1024))
_INTS = {s: i for i, s in enumerate(_NUMBERS)}


def read_conll(lines: Lines, options: ReadOptions) -> Iterator[SourceSentence]:
    """CoNLL-X and CoNLL-U sentences (one reader: tools mix the two up)."""
    return _read_columns(lines, options.collect, False, options.nltk_trees)


def read_malttab(lines: Lines, options: ReadOptions) -> Iterator[SourceSentence]:
    """Malt-TAB sentences: word, tag, head and an optional relation on every line."""
    return _read_columns(lines, options.collect, True, options.nltk_trees)


def count_blocks(lines: Lines, options: ReadOptions) -> int:
    """The sentences of a column file: its blocks of lines between blank lines.

    Comments alone are no sentence.
    """
    count, inside = 0, False
    for line in lines:
        text = line.strip()
        if not text:
            inside = False
        elif not text.startswith("#") and not inside:
            count, inside = count + 1, True
    return count


def _read_columns(
    lines: Lines, collect: bool, malt: bool, nltk_graphs: bool = True
) -> Iterator[SourceSentence]:
    """Sentences of token lines separated by blank lines.

    With ``nltk_graphs`` every sentence is a ``DependencyGraph`` built line
    by line (:func:`_read_lines`); without, a sentence at a time
    (:func:`_read_blocks`), each unchecked
    :class:`~nltk_tedeval.trees.dependency.DependencyTree` the same as
    ``from_dependency_graph`` reads from that graph.
    """
    if nltk_graphs:
        return _read_lines(enumerate(lines, start=1), lines, collect, malt, True, 0)
    return _read_blocks(lines, collect, malt)


def _read_lines(
    numbered: Iterable[tuple[int, str]],
    lines: Lines,
    collect: bool,
    malt: bool,
    nltk_graphs: bool,
    number: int,
) -> Iterator[SourceSentence]:
    """Sentences of token lines separated by blank lines, a line at a time.

    CoNLL lines have 10 columns, split at tabs (or at spaces in a line
    without tabs: old CoNLL-X files); Malt-TAB lines have 3 or 4 columns
    split at any whitespace. CoNLL-X and CoNLL-U share this reader: comment
    lines, multiword tokens and empty nodes are skipped in both, since
    tools mix the two up. A bad sentence is skipped up to the next blank
    line. Node dicts are built as the lines are read, as nltk builds them
    (see :func:`_graph`). With ``nltk_graphs=False`` every sentence becomes
    the :class:`~nltk_tedeval.trees.dependency.DependencyTree` that
    ``from_dependency_graph`` would read from that graph, built directly and
    unchecked (a parse need not be a tree; what needs one checks it).
    ``numbered`` are the lines with their numbers, and ``number`` counts the
    sentences before them, so that :func:`_read_blocks` can hand over one
    sentence's lines; decoding errors come from ``lines``.
    """
    name = lines.name
    nodes: list[dict[str, Any]] = []  # node dicts of the tokens so far (address i + 1)
    heads: list[int] = []
    headless: list[bool] = []  # the token's head is "_"
    where: list[int] = []  # the line of each token
    start = 0  # first line of the sentence; 0 between sentences
    tokens = False  # a token line (or a skipped multiword/empty one) was seen
    sent_id: str | None = None
    width = 0  # the column count of the sentence's lines
    error: InputFormatError | None = None

    def fail(message: str, line: int, token: str | None = None) -> None:
        nonlocal error
        err = InputFormatError(
            message, file=name, line=line, sentence=number + 1, sentence_id=sent_id, token=token
        )
        if not collect:
            raise err
        if error is None:
            error = err

    def finish(before: int | None) -> SourceSentence:
        nonlocal number, start, tokens, sent_id, width, error
        n = len(nodes)
        # A sentence whose every head is "_" is the column formats' missing
        # parse, as an empty line is in EVALB's files (SPEC.md §10).
        unparsed = n > 0 and error is None and any(headless)
        if unparsed and not all(headless):
            i = headless.index(True)
            fail(
                f"token {i + 1} ({nodes[i]['word']!r}) has head '_' but other tokens have "
                "heads; a sentence the parser failed on has '_' as the head of every token",
                where[i],
                "_",
            )
            unparsed = False
        if error is None and not unparsed:
            if n == 0:
                fail("the sentence has no tokens, only multiword-token or empty-node lines", start)
            elif max(heads) > n or min(heads) < 0:
                i = next(i for i, h in enumerate(heads) if not 0 <= h <= n)
                fail(
                    f"token {i + 1} ({nodes[i]['word']!r}) has head {heads[i]}, outside 0..{n}",
                    where[i],
                    str(heads[i]),
                )
        bad = lines.take_bad(before)
        if bad is not None:
            fail(bad.message, bad.line or start)
        number += 1
        if error is not None:
            record = SourceSentence(name, number, start, sent_id, None, error)
        elif unparsed:
            # The column formats' missing parse: the tokens without a head (SPEC.md §10).
            record = SourceSentence(name, number, start, sent_id, None, None)
        else:
            tree = _graph(nodes, width) if nltk_graphs else _dependency_tree(nodes)
            record = SourceSentence(name, number, start, sent_id, tree, None)
        nodes.clear()
        heads.clear()
        headless.clear()
        where.clear()
        start = width = 0
        tokens = False
        sent_id = error = None
        return record

    for lineno, raw in numbered:
        text = raw.strip()
        if not text:
            if tokens or error is not None:
                yield finish(lineno)
            elif start:  # comments without tokens are not a sentence
                start = 0
                sent_id = None
            continue
        if not start:
            start = lineno
        if error is not None:
            continue  # the sentence is bad already: skip to the blank line that ends it
        address = len(nodes) + 1
        if malt:
            tokens = True
            cells = text.split()
            if not width:
                width = len(cells)
            if len(cells) != width or width not in (3, 4):
                fail(
                    f"{_columns(len(cells))}; Malt-TAB lines have 3 or 4 (word, tag, head"
                    "[, relation]), the same number in every line of a sentence"
                    + (f" (this sentence has {width})" if width in (3, 4) else ""),
                    lineno,
                )
                continue
            word, tag, head = cells[0], cells[1], cells[2]
            node = {
                "address": address,
                "word": word,
                "lemma": word,
                "ctag": tag,
                "tag": tag,
                "feats": "",
                "head": None,
                "deps": defaultdict(list) if nltk_graphs else None,
                "rel": cells[3] if width == 4 else "",
            }
        else:
            if text[0] == "#":
                if tokens:
                    fail(
                        "a comment line inside a sentence (is the blank line before it missing?)",
                        lineno,
                    )
                elif sent_id is None and (m := SENT_ID.match(text)):
                    sent_id = m.group(1)
                continue
            tokens = True
            cells = text.split("\t")
            if len(cells) != 10 and "\t" not in text:
                cells = text.split()
            if len(cells) != 10:
                fail(f"{_columns(len(cells))}; CoNLL lines have 10, separated by tabs", lineno)
                continue
            tid, word, lemma, ctag, tag, feats, head, rel, _, _ = cells
            if tid != (_NUMBERS[address] if address < 1024 else str(address)):
                if _SKIPPED_ID.match(tid):
                    continue  # a multiword token ("3-4") or an empty node ("5.1")
                fail(
                    f"token ID {tid!r} where {address} was expected (IDs count from 1 in every "
                    "sentence; is the blank line between two sentences missing?)"
                    if tid.isascii() and tid.isdigit()
                    else f"token ID {tid!r} is not a number",
                    lineno,
                    tid,
                )
                continue
            node = {
                "address": address,
                "word": word,
                "lemma": lemma,
                "ctag": ctag,
                "tag": tag,
                "feats": feats,
                "head": None,
                "deps": defaultdict(list) if nltk_graphs else None,
                "rel": rel,
            }
        h = _INTS.get(head)
        headless.append(head == "_")
        if h is None and head == "_":
            h = 0
        elif h is None:
            if not is_int(head):
                fail(
                    f"token {address} ({word!r}) has head {head!r}, which is not a number",
                    lineno,
                    head,
                )
                continue
            h = int(head)
        node["head"] = h
        nodes.append(node)
        heads.append(h)
        where.append(lineno)
    if tokens or error is not None:
        yield finish(None)


def _read_blocks(lines: Lines, collect: bool, malt: bool) -> Iterator[SourceSentence]:
    """The command line's fast path: a sentence's lines split and checked together.

    A sentence of comment lines then clean token lines (the number of
    columns its format wants, IDs 1..n apart from multiword tokens and empty
    nodes, every head a number in 0..n) becomes its tree with a few list
    operations per column instead of a dozen steps per line. Anything else
    (an error, a missing parse, a line that is not UTF-8) goes to
    :func:`_read_lines` with its line numbers, so that its record, error
    message included, is the one the line-at-a-time reader gives.
    """
    name = lines.name
    sentence = _malt_sentence if malt else _conll_sentence
    number = 0
    for block, first, end in _blocks(lines):
        read = None if lines.bad else sentence(block)
        if read is not None:
            number += 1
            yield SourceSentence.read(name, number, first, read[0], read[1])
            continue
        own: Iterable[tuple[int, str]] = enumerate(block, start=first)
        if end is not None:  # the blank line that ends the sentence
            own = chain(own, ((end, ""),))
        for record in _read_lines(own, lines, collect, malt, False, number):
            number = record.number
            yield record


def _blocks(lines: Lines) -> Iterator[tuple[list[str], int, int | None]]:
    """Every run of non-blank lines, stripped, with its first line and the blank line after it.

    The last run's blank line is None when the input ends without one.
    """
    block: list[str] = []
    first = 0
    for lineno, raw in enumerate(lines, start=1):
        text = raw.strip()
        if text:
            if not block:
                first = lineno
            block.append(text)
        elif block:
            yield block, first, lineno
            block = []
    if block:
        yield block, first, None


def _conll_sentence(block: list[str]) -> tuple[str | None, DependencyTree] | None:
    """The sentence ID and tree of a clean CoNLL sentence's stripped lines; None if not clean."""
    sent_id = None
    skip = 0
    for text in block:
        if text[0] != "#":
            break
        if sent_id is None and (m := SENT_ID.match(text)):
            sent_id = m.group(1)
        skip += 1
    else:
        return None  # comments alone are no sentence
    rows = [text.split("\t") for text in (block[skip:] if skip else block)]
    if {*map(len, rows)} != {10}:
        return None
    columns = tuple(zip(*rows, strict=True))
    if columns[0] != _NUMBERS[1 : len(rows) + 1]:
        # Multiword tokens ("3-4") and empty nodes ("5.1") are skipped.
        rows = [row for row in rows if not _SKIPPED_ID.match(row[0])]
        if not rows:
            return None
        columns = tuple(zip(*rows, strict=True))
        if columns[0] != _NUMBERS[1 : len(rows) + 1]:
            return None
    _, words, _, ctags, tags, _, heads, rels, _, _ = columns
    tree = _tree(words, heads, rels, tags, ctags)
    return None if tree is None else (sent_id, tree)


def _malt_sentence(block: list[str]) -> tuple[str | None, DependencyTree] | None:
    """The tree of a clean Malt-TAB sentence's stripped lines; None if not clean."""
    rows = [text.split() for text in block]
    widths = {*map(len, rows)}
    if widths == {4}:
        words, tags, heads, rels = zip(*rows, strict=True)
    elif widths == {3}:
        words, tags, heads = zip(*rows, strict=True)
        rels = ("",) * len(words)
    else:
        return None
    tree = _tree(words, heads, rels, tags, tags)
    return None if tree is None else (None, tree)


def _tree(
    words: tuple[str, ...],
    heads: tuple[str, ...],
    rels: tuple[str, ...],
    tags: tuple[str, ...],
    ctags: tuple[str, ...],
) -> DependencyTree | None:
    """:func:`_dependency_tree` of these columns; None if a head is not a number in 0..n.

    A head such as ``"_"`` or ``"007"`` is for :func:`_read_lines` to judge.
    """
    try:
        numbers = tuple(map(_INTS.__getitem__, heads))
    except KeyError:
        return None
    if max(numbers) > len(numbers):
        return None
    return DependencyTree._unchecked(words, numbers, _values(rels), _values(tags), _values(ctags))


class _Labels(dict[str, str | None]):
    """Tags and relations seen so far, each as one shared string; ``""`` and ``"_"`` as None.

    The same few labels fill a corpus: looking each cell up here (a loop in
    C, with ``map``) keeps one string per label alive instead of one per
    token, which halves the memory a read corpus holds (GUM's CoNLL-U: 19 MB
    to 9) at no cost in time. Cleared when it grows past what a tag set
    needs, so that a column of arbitrary text costs no memory.
    """

    def __missing__(self, key: str) -> str | None:
        if len(self) > 50_000:
            self.clear()
            self.update(dict.fromkeys(NO_LABEL))
        self[key] = key
        return key


_LABELS = _Labels(dict.fromkeys(NO_LABEL))


def _values(column: tuple[str, ...]) -> tuple[str | None, ...]:
    """Cells ``""`` and ``"_"`` as no value, the others as the shared label strings."""
    return tuple(map(_LABELS.__getitem__, column))


def _dependency_tree(nodes: list[dict[str, Any]]) -> DependencyTree:
    """What ``from_dependency_graph(_graph(nodes, width), require_tree=False)`` gives.

    Cells ``""`` and ``"_"`` are no value, as ``from_dependency_graph`` reads them.
    """
    none = NO_LABEL
    return DependencyTree(
        tuple([node["word"] for node in nodes]),
        tuple([node["head"] for node in nodes]),
        tuple([None if (v := node["rel"]) in none else v for node in nodes]),
        tuple([None if (v := node["tag"]) in none else v for node in nodes]),
        tuple([None if (v := node["ctag"]) in none else v for node in nodes]),
        check=False,
    )


def _graph(nodes: list[dict[str, Any]], width: int) -> DependencyGraph:
    """The DependencyGraph that nltk's ``DependencyGraph(text)`` builds from the same lines.

    ``nodes`` are the tokens' node dicts with nltk's keys and values: every
    cell as a string, ``head`` an int, ``deps`` an empty defaultdict(list);
    from a Malt-TAB line, the word is also the lemma, the tag also the
    ctag, ``feats`` is ``""`` and so is the relation of a 3-column line.
    This fills in ``deps`` (relation to dependents, in order) and, as nltk
    does for 3-column lines, hangs their roots from the top node under
    ``"ROOT"``. Unlike nltk, ``root`` is always the first token attached to
    the top node, whatever its relation (CoNLL-U says ``root``, where nltk
    expects ``ROOT`` unless told otherwise), and ``top_relation_label`` is
    that relation.
    """
    from nltk.parse import DependencyGraph

    graph = DependencyGraph()
    all_nodes = graph.nodes
    all_nodes.update(enumerate(nodes, start=1))
    for address, node in enumerate(nodes, start=1):
        head = node["head"]
        rel = "ROOT" if width == 3 and head == 0 else node["rel"]
        all_nodes[head]["deps"][rel].append(address)
    top = all_nodes[0]["deps"]
    if top:
        label = next(iter(top))
        graph.root = all_nodes[top[label][0]]
        graph.top_relation_label = label
    return graph


def _columns(n: int) -> str:
    """``1 column``, ``5 columns``: how many a bad line has, in a message."""
    return f"{n} column{'s' if n != 1 else ''}"
