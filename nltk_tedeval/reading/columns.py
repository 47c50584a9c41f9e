"""CoNLL-X, CoNLL-U, Malt-TAB and CoNLL 2009: dependency trees from token lines.

One reader serves every format of token lines, configured by a
:class:`ColumnMap`: which column holds the ID, the word, the lemma, the
tags, the features, the head and the relation, how many columns a line has
and how its cells are split. Sentences are token lines separated by blank
lines, and each becomes the ``nltk.parse.DependencyGraph`` that nltk builds
from the same lines, or, on the command line's fast path, directly the
:class:`~nltk_tedeval.trees.dependency.DependencyTree` every metric reads
from such a graph. The built-in maps: :data:`CONLL` (CoNLL-X and CoNLL-U),
:data:`MALTTAB`, and CoNLL 2009's gold columns (:data:`CONLL09`) and
predicted ones (:data:`CONLL09_PREDICTED`); a new CoNLL-like format is a map
and one line (docs/extending.md):

>>> from nltk_tedeval.reading import read_text
>>> line = "1\\tJohn\\tjohn\\tjohn\\tNNP\\tNNP\\t_\\t_\\t2\\t0\\tSBJ\\tROOT\\t_\\t_\\n"
>>> text = line + "2\\truns\\trun\\trun\\tVBZ\\tVBZ\\t_\\t_\\t0\\t1\\tROOT\\tOBJ\\tY\\trun.01\\n"
>>> [next(read_text(text, fmt)).tree.nodes[1]["head"] for fmt in ("conll09", "conll09_predicted")]
[2, 0]
>>> CONLL09.shape
'a CoNLL 2009 line of 14 or more columns'
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from itertools import chain
from typing import TYPE_CHECKING, Any

from ..errors import InputFormatError, OptionError
from ..records import SourceSentence
from ..trees.dependency import NO_LABEL, DependencyTree
from .detect import is_int
from .formats import DEPENDENCY, Format, Head, ReadOptions
from .lines import Lines

if TYPE_CHECKING:
    from nltk.parse import DependencyGraph

__all__ = [
    "CONLL",
    "CONLL09",
    "CONLL09_PREDICTED",
    "MALTTAB",
    "SENT_ID",
    "ColumnMap",
    "count_blocks",
    "read_conll",
    "read_malttab",
]

SENT_ID = re.compile(r"#\s*sent_id(?:\s*=\s*|\s+)(\S.*?)\s*\Z")
"""A CoNLL-U ``# sent_id`` comment, stripped; group 1 is the ID."""
_SKIPPED_ID = re.compile(r"[0-9]+(?:-[0-9]+|\.[0-9]+)\Z")  # multiword token, empty node
# Token numbers as CoNLL writes them, and back: a table lookup is cheaper than
# checking and converting every ID and head.
_NUMBERS = tuple(str(i) for i in range(1024))
_INTS = {s: i for i, s in enumerate(_NUMBERS)}


_ID_CELL = re.compile(r"[0-9]+(?:-[0-9]+|\.[0-9]+)?\Z")  # a token, multiword token or empty node


@dataclass(frozen=True)
class ColumnMap:
    """Which column of a token line holds what: the reader of a CoNLL-like format, configured.

    Columns count from 0. ``form`` (the word) and ``head`` (the number of the
    head token, 0 for the root, ``_`` in every line of a sentence the parser
    failed on) are required; the others are None when the format has no such
    column: ``id`` (the token's number, counting from 1 in every sentence;
    multiword tokens ``3-4`` and empty nodes ``5.1`` are skipped), ``lemma``
    (None: the word), ``upos`` (the coarse tag, CoNLL-X's CPOSTAG; None: the
    tag), ``xpos`` (the tag), ``feats`` and ``deprel`` (the relation).

    A line has ``columns`` columns; ``optional`` of the last ones may be left
    out (Malt-TAB's relation), and with ``more`` a line may have more, which
    are not read (CoNLL 2009's APRED columns, one per predicate); with
    ``same_width`` every line of a sentence has as many. ``tabs``: cells are
    split at tabs, or at white space in a line without tabs (old CoNLL-X
    files); else at any white space. ``comments``: lines that start with
    ``#`` are comments (``# sent_id = ...`` names the sentence); without,
    such a line is a token line, and detection claims no input that holds
    one. ``name`` names the lines in messages (``CoNLL 2009 lines have 14 or
    more``), ``legend`` lists what the columns are, for messages too.

    :meth:`read`, :meth:`count` and :meth:`sniff` are the functions a
    :class:`~nltk_tedeval.reading.Format` takes, and :meth:`format` is the
    format whole:

    >>> CONLL09.rule
    '14 or more, separated by tabs'
    >>> MALTTAB.rule
    '3 or 4 (word, tag, head[, relation]), the same number in every line of a sentence'
    >>> CONLL09_PREDICTED.format("mine").shape
    'a CoNLL 2009 line of 14 or more columns'
    """

    name: str
    columns: int
    form: int
    head: int
    id: int | None = None
    lemma: int | None = None
    upos: int | None = None
    xpos: int | None = None
    feats: int | None = None
    deprel: int | None = None
    optional: int = 0
    more: bool = False
    same_width: bool = False
    tabs: bool = True
    comments: bool = True
    legend: str = ""

    def __post_init__(self) -> None:
        if not 0 <= self.optional < self.columns:
            raise OptionError(
                f"column map {self.name!r}: optional is a number of columns from 0 to "
                f"{self.columns - 1}, not {self.optional!r}"
            )
        least = self.columns - self.optional
        for field in ("id", "form", "lemma", "upos", "xpos", "feats", "head", "deprel"):
            column = getattr(self, field)
            if column is None:
                continue
            # The ID, the word and the head are in every line: not in the optional columns.
            last = least if field in ("id", "form", "head") else self.columns
            if not (isinstance(column, int) and 0 <= column < last):
                raise OptionError(
                    f"column map {self.name!r}: {field} is a column from 0 to {last - 1}, "
                    f"not {column!r}"
                )

    def fits(self, width: int) -> bool:
        """Whether a line of ``width`` columns has as many as the map wants."""
        return self.columns - self.optional <= width and (self.more or width <= self.columns)

    @property
    def count_text(self) -> str:
        """How many columns a line has, as messages say it: ``10``, ``3 or 4``, ``14 or more``."""
        least, most = self.columns - self.optional, self.columns
        if self.more:
            return f"{least} or more"
        if least == most:
            return str(most)
        return f"{least} {'or' if most == least + 1 else 'to'} {most}"

    @property
    def rule(self) -> str:
        """What a line holds, as messages say it: ``10, separated by tabs``."""
        return (
            self.count_text
            + (f" ({self.legend})" if self.legend else "")
            + (", separated by tabs" if self.tabs else "")
            + (", the same number in every line of a sentence" if self.same_width else "")
        )

    @property
    def shape(self) -> str:
        """How detection's error names a line: ``a CoNLL line of 10 columns``."""
        if self.legend:
            return f"a {self.name} line ({self.legend})"
        return f"a {self.name} line of {self.count_text} columns"

    def wrong_width(self, width: int, sentence: int) -> str:
        """The message for a line of ``width`` columns, its sentence's first of ``sentence``."""
        this = f" (this sentence has {sentence})" if self.same_width and self.fits(sentence) else ""
        return f"{_columns(width)}; {self.name} lines have {self.rule}{this}"

    def cells(self, line: str) -> list[str]:
        """The cells of a stripped line, split as the map says."""
        if not self.tabs:
            return line.split()
        cells = line.split("\t")
        if not self.fits(len(cells)) and "\t" not in line:
            cells = line.split()
        return cells

    def shaped(self, line: str) -> bool:
        """Whether a stripped line is a token line of the map: detection's test.

        It has as many columns as the map wants, its ID (if the map has one)
        is a token number and its head a number or ``_``.
        """
        if self.id is not None and not line[0].isdigit():
            return False  # no token ID: no need to split the line
        cells = self.cells(line)
        if not self.fits(len(cells)):
            return False
        if self.id is not None and _ID_CELL.match(cells[self.id]) is None:
            return False
        head = cells[self.head]
        return head == "_" or is_int(head)

    def read(self, lines: Lines, options: ReadOptions) -> Iterator[SourceSentence]:
        """The sentences of ``lines``: a format's ``read``."""
        return _read_columns(
            lines, options.collect, self, options.nltk_trees, options.morphology
        )

    def count(self, lines: Lines, options: ReadOptions) -> int:
        """How many sentences :meth:`read` yields, quickly: a format's ``count``."""
        return count_blocks(lines, options)

    def sniff(self, head: Head) -> int | None:
        """The first line of ``head`` in the map's shape: a format's ``sniff``.

        A map without comments claims no head that holds a comment line.
        """
        if not self.comments and len(head.tokens) < len(head.lines):
            return None
        return head.first(self.shaped)

    def format(
        self,
        name: str,
        *,
        description: str = "",
        suffixes: tuple[str, ...] = (),
        extensions: tuple[str, ...] = (),
        sniffed: bool = True,
    ) -> Format:
        """The :class:`~nltk_tedeval.reading.Format` of files in this map's columns.

        ``sniffed``: detection claims files whose first token lines are in
        the map's shape; else the format is only ever named (or claimed by
        ``suffixes``). Register it with
        :func:`~nltk_tedeval.reading.register_format`.
        """
        return Format(
            name,
            read=self.read,
            count=self.count,
            kind=DEPENDENCY,
            sniff=self.sniff if sniffed else None,
            suffixes=suffixes,
            extensions=extensions,
            description=description,
            shape=self.shape if sniffed else "",
        )


CONLL = ColumnMap(
    "CoNLL", columns=10, id=0, form=1, lemma=2, upos=3, xpos=4, feats=5, head=6, deprel=7
)
"""CoNLL-X and CoNLL-U: ID FORM LEMMA CPOSTAG/UPOS POSTAG/XPOS FEATS HEAD DEPREL and two more.

One map for both: tools mix the two up.
"""
MALTTAB = ColumnMap(
    "Malt-TAB",
    columns=4,
    optional=1,
    form=0,
    xpos=1,
    head=2,
    deprel=3,
    same_width=True,
    tabs=False,
    comments=False,
    legend="word, tag, head[, relation]",
)
"""Malt-TAB: word, tag, head and an optional relation, split at any white space.

The word is also the lemma, the tag also the coarse tag, as nltk reads them.
"""
CONLL09 = ColumnMap(
    "CoNLL 2009",
    columns=14,
    more=True,
    comments=False,
    id=0,
    form=1,
    lemma=2,
    xpos=4,
    feats=6,
    head=8,
    deprel=10,
)
"""CoNLL 2009's gold columns: ID FORM LEMMA (PLEMMA) POS (PPOS) FEAT (PFEAT) HEAD (PHEAD)
DEPREL (PDEPREL) FILLPRED PRED and an APRED column per predicate."""
CONLL09_PREDICTED = replace(CONLL09, lemma=3, xpos=5, feats=7, head=9, deprel=11)
"""CoNLL 2009's predicted columns: PLEMMA, PPOS, PFEAT, PHEAD and PDEPREL."""


def read_conll(lines: Lines, options: ReadOptions) -> Iterator[SourceSentence]:
    """CoNLL-X and CoNLL-U sentences (one reader: tools mix the two up)."""
    return _read_columns(lines, options.collect, CONLL, options.nltk_trees, options.morphology)


def read_malttab(lines: Lines, options: ReadOptions) -> Iterator[SourceSentence]:
    """Malt-TAB sentences: word, tag, head and an optional relation on every line."""
    return _read_columns(lines, options.collect, MALTTAB, options.nltk_trees, options.morphology)


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
    lines: Lines,
    collect: bool,
    cmap: ColumnMap,
    nltk_graphs: bool = True,
    morphology: bool = False,
) -> Iterator[SourceSentence]:
    """Sentences of token lines separated by blank lines, in the columns of ``cmap``.

    With ``nltk_graphs`` every sentence is a ``DependencyGraph`` built line
    by line (:func:`_read_lines`); without, a sentence at a time
    (:func:`_read_blocks`), each unchecked
    :class:`~nltk_tedeval.trees.dependency.DependencyTree` the same as
    ``from_dependency_graph`` reads from that graph; ``morphology`` keeps the
    lemmas and features in it (the graphs have them always).
    """
    if nltk_graphs:
        return _read_lines(enumerate(lines, start=1), lines, collect, cmap, True, 0)
    return _read_blocks(lines, collect, cmap, morphology)


def _read_lines(
    numbered: Iterable[tuple[int, str]],
    lines: Lines,
    collect: bool,
    cmap: ColumnMap,
    nltk_graphs: bool,
    number: int,
    morphology: bool = False,
) -> Iterator[SourceSentence]:
    """Sentences of token lines separated by blank lines, a line at a time.

    Lines are split and read as ``cmap`` says: CoNLL lines have 10 columns,
    split at tabs (or at spaces in a line without tabs: old CoNLL-X files);
    Malt-TAB lines have 3 or 4 columns split at any whitespace. CoNLL-X and
    CoNLL-U share one map: comment lines, multiword tokens and empty nodes
    are skipped in both, since tools mix the two up. A bad sentence is
    skipped up to the next blank line. Node dicts are built as the lines are
    read, as nltk builds them (see :func:`_graph`). With
    ``nltk_graphs=False`` every sentence becomes the
    :class:`~nltk_tedeval.trees.dependency.DependencyTree` that
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
    ranges: list[tuple[int, int, str]] = []  # multiword tokens, 0-based (first, end, form)
    where: list[int] = []  # the line of each token
    start = 0  # first line of the sentence; 0 between sentences
    tokens = False  # a token line (or a skipped multiword/empty one) was seen
    sent_id: str | None = None
    width = 0  # the column count of the sentence's first line
    error: InputFormatError | None = None
    # The map's columns, as locals: they are read for every line.
    id_i, form_i, head_i = cmap.id, cmap.form, cmap.head
    lemma_i, upos_i, xpos_i, feats_i, deprel_i = (
        cmap.lemma, cmap.upos, cmap.xpos, cmap.feats, cmap.deprel
    )  # fmt: skip
    fits, split, same_width, comments = cmap.fits, cmap.cells, cmap.same_width, cmap.comments

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
            elif ranges and ranges[-1][1] > n:
                a, b, form = ranges[-1]
                fail(
                    f"multiword token {a + 1}-{b} ({form!r}) goes past the sentence's last "
                    f"word, {n}",
                    start,
                    f"{a + 1}-{b}",
                )
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
            if nltk_graphs:
                tree = _graph(nodes, deprel_i is None or width <= deprel_i)
            else:
                tree = _dependency_tree(
                    nodes,
                    tuple(ranges),
                    morphology and lemma_i is not None and lemma_i < width,
                    morphology and feats_i is not None and feats_i < width,
                )
            record = SourceSentence(name, number, start, sent_id, tree, None)
        nodes.clear()
        heads.clear()
        headless.clear()
        ranges.clear()
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
        if comments and text[0] == "#":
            if tokens:
                fail(
                    "a comment line inside a sentence (is the blank line before it missing?)",
                    lineno,
                )
            elif sent_id is None and (m := SENT_ID.match(text)):
                sent_id = m.group(1)
            continue
        tokens = True
        cells = split(text)
        n = len(cells)
        if not width:
            width = n
        if not fits(n) or (same_width and n != width):
            fail(cmap.wrong_width(n, width), lineno)
            continue
        if id_i is not None:
            tid = cells[id_i]
            if tid != (_NUMBERS[address] if address < 1024 else str(address)):
                if _SKIPPED_ID.match(tid):
                    # A multiword token ("3-4": its words are the tree's, its form the
                    # text's, for alignment) or an empty node ("5.1", skipped).
                    if "-" in tid and (bad := _multiword(tid, cells[form_i], address, ranges)):
                        fail(bad, lineno, tid)
                    continue
                fail(
                    f"token ID {tid!r} where {address} was expected (IDs count from 1 in every "
                    "sentence; is the blank line between two sentences missing?)"
                    if tid.isascii() and tid.isdigit()
                    else f"token ID {tid!r} is not a number",
                    lineno,
                    tid,
                )
                continue
        word = cells[form_i]
        tag = "" if xpos_i is None else cells[xpos_i]
        node = {
            "address": address,
            "word": word,
            "lemma": word if lemma_i is None else cells[lemma_i] if lemma_i < n else "",
            "ctag": tag if upos_i is None else cells[upos_i] if upos_i < n else "",
            "tag": tag,
            "feats": cells[feats_i] if feats_i is not None and feats_i < n else "",
            "head": None,
            "deps": defaultdict(list) if nltk_graphs else None,
            "rel": cells[deprel_i] if deprel_i is not None and deprel_i < n else "",
        }
        head = cells[head_i]
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


def _read_blocks(
    lines: Lines, collect: bool, cmap: ColumnMap, morphology: bool = False
) -> Iterator[SourceSentence]:
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
    number = 0
    for block, first, end in _blocks(lines):
        read = None if lines.bad else _clean_sentence(block, cmap, morphology)
        if read is not None:
            number += 1
            yield SourceSentence.read(name, number, first, read[0], read[1])
            continue
        own: Iterable[tuple[int, str]] = enumerate(block, start=first)
        if end is not None:  # the blank line that ends the sentence
            own = chain(own, ((end, ""),))
        for record in _read_lines(own, lines, collect, cmap, False, number, morphology):
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


def _clean_sentence(
    block: list[str], cmap: ColumnMap, morphology: bool = False
) -> tuple[str | None, DependencyTree] | None:
    """The sentence ID and tree of a clean sentence's stripped lines; None if not clean.

    Clean: comments (if the map has them) and then token lines that split at
    tabs (at white space, for a map without ``tabs``) into as many columns as
    the map wants, IDs 1..n (multiword tokens and empty nodes aside) and
    heads in 0..n.
    """
    sent_id = None
    if cmap.comments:
        skip = 0
        for text in block:
            if text[0] != "#":
                break
            if sent_id is None and (m := SENT_ID.match(text)):
                sent_id = m.group(1)
            skip += 1
        else:
            return None  # comments alone are no sentence
        if skip:
            block = block[skip:]
    rows = [text.split("\t") for text in block] if cmap.tabs else [text.split() for text in block]
    widths = {*map(len, rows)}
    if len(widths) == 1:
        (width,) = widths
        if not cmap.fits(width):
            return None
    elif cmap.same_width or not all(map(cmap.fits, widths)):
        return None
    else:
        width = min(widths)  # more columns than the map reads: zip stops at the shortest row
    columns = tuple(zip(*rows, strict=False))
    id_i = cmap.id
    multiword: tuple[tuple[int, int, str], ...] = ()
    if id_i is not None and columns[id_i] != _NUMBERS[1 : len(rows) + 1]:
        # Multiword tokens ("3-4") are kept aside for alignment; empty nodes ("5.1") skipped.
        ranges: list[tuple[int, int, str]] = []
        words: list[list[str]] = []
        for row in rows:
            tid = row[id_i]
            if not _SKIPPED_ID.match(tid):
                words.append(row)
            elif "-" in tid and _multiword(tid, row[cmap.form], len(words) + 1, ranges):
                return None  # the line-at-a-time reader says what is wrong
        rows = words
        if not rows or (ranges and ranges[-1][1] > len(rows)):
            return None
        columns = tuple(zip(*rows, strict=False))
        if columns[id_i] != _NUMBERS[1 : len(rows) + 1]:
            return None
        multiword = tuple(ranges)
    n = len(rows)
    deprel, xpos, upos = cmap.deprel, cmap.xpos, cmap.upos
    rels = columns[deprel] if deprel is not None and deprel < width else ("",) * n
    tags = columns[xpos] if xpos is not None else ("",) * n
    ctags = tags if upos is None else columns[upos] if upos < width else ("",) * n
    tree = _tree(columns[cmap.form], columns[cmap.head], rels, tags, ctags, multiword)
    if tree is None:
        return None
    if morphology:  # only when asked: a tenth more time, a seventh more memory
        lemma, feats = cmap.lemma, cmap.feats
        if lemma is not None and lemma < width:
            tree.__dict__["lemmas"] = _values(columns[lemma], _LEMMAS)
        if feats is not None and feats < width:
            tree.__dict__["feats"] = _values(columns[feats], _FEATS)
    return sent_id, tree


def _tree(
    words: tuple[str, ...],
    heads: tuple[str, ...],
    rels: tuple[str, ...],
    tags: tuple[str, ...],
    ctags: tuple[str, ...],
    multiword: tuple[tuple[int, int, str], ...] = (),
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
    return DependencyTree._unchecked(
        words, numbers, _values(rels), _values(tags), _values(ctags), multiword
    )


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
# Lemmas and features apart from the tags, so that a corpus's many lemmas never clear
# the few tags and relations that every tree shares.
_LEMMAS = _Labels(dict.fromkeys(NO_LABEL))
_FEATS = _Labels(dict.fromkeys(NO_LABEL))


def _values(column: tuple[str, ...], labels: _Labels = _LABELS) -> tuple[str | None, ...]:
    """Cells ``""`` and ``"_"`` as no value, the others as the shared label strings."""
    return tuple(map(labels.__getitem__, column))


def _dependency_tree(
    nodes: list[dict[str, Any]],
    multiword: tuple[tuple[int, int, str], ...] = (),
    lemmas: bool = False,
    feats: bool = False,
) -> DependencyTree:
    """What ``from_dependency_graph(_graph(nodes, ...), require_tree=False)`` gives, with
    the sentence's multiword tokens (which a DependencyGraph does not keep).

    Cells ``""`` and ``"_"`` are no value, as ``from_dependency_graph`` reads them.
    ``lemmas`` and ``feats`` say whether the map has those columns (a node's lemma
    is its word where it has none, as nltk's): the tree keeps them as the fast path
    (:func:`_clean_sentence`) does.
    """
    none = NO_LABEL
    return DependencyTree(
        tuple([node["word"] for node in nodes]),
        tuple([node["head"] for node in nodes]),
        tuple([None if (v := node["rel"]) in none else v for node in nodes]),
        tuple([None if (v := node["tag"]) in none else v for node in nodes]),
        tuple([None if (v := node["ctag"]) in none else v for node in nodes]),
        check=False,
        multiword=multiword,
        lemmas=_values(tuple([node["lemma"] for node in nodes]), _LEMMAS) if lemmas else None,
        feats=_values(tuple([node["feats"] for node in nodes]), _FEATS) if feats else None,
    )


def _multiword(
    tid: str, form: str, address: int, ranges: list[tuple[int, int, str]]
) -> str | None:
    """Add the multiword token ``tid`` (``"3-4"``) read before word ``address``; the
    error's message if it cannot be one (CoNLL-U: it comes just before its first word,
    over its words: UD asks for two or more, a range of one word is taken too)."""
    first, last = (int(x) for x in tid.split("-"))
    if first != address or last < first:
        return (
            f"multiword token {tid} ({form!r}) must come just before its first word and "
            f"end at or after it: here the next word is {address}"
        )
    ranges.append((first - 1, last, form))
    return None


def _graph(nodes: list[dict[str, Any]], unlabeled: bool) -> DependencyGraph:
    """The DependencyGraph that nltk's ``DependencyGraph(text)`` builds from the same lines.

    ``nodes`` are the tokens' node dicts with nltk's keys and values: every
    cell as a string, ``head`` an int, ``deps`` an empty defaultdict(list);
    from a Malt-TAB line, the word is also the lemma, the tag also the
    ctag, ``feats`` is ``""`` and so is the relation of a 3-column line.
    This fills in ``deps`` (relation to dependents, in order) and, as nltk
    does for 3-column lines, hangs the roots of lines without a relation
    column (``unlabeled``) from the top node under ``"ROOT"``. Unlike nltk,
    ``root`` is always the first token attached to the top node, whatever
    its relation (CoNLL-U says ``root``, where nltk expects ``ROOT`` unless
    told otherwise), and ``top_relation_label`` is that relation.
    """
    from nltk.parse import DependencyGraph

    graph = DependencyGraph()
    all_nodes = graph.nodes
    all_nodes.update(enumerate(nodes, start=1))
    for address, node in enumerate(nodes, start=1):
        head = node["head"]
        rel = "ROOT" if unlabeled and head == 0 else node["rel"]
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
