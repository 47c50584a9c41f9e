"""Readers of discontinuous treebanks: disco-dop's ``discbracket`` and the Negra export format.

Both give :class:`~nltk_tedeval.trees.discontinuous.DiscTree` objects, whose
leaves are word positions, so that a constituent may cover words that are
not adjacent.

- ``discbracket``: brackets as in the Penn Treebank, each word written with
  its position, ``(S (VP (PROAV 0=Darüber) (VVPP 2=nachgedacht)) (VMFIN
  1=muss))``. Read by the bracket reader, then each leaf is split at its
  first ``=``. As disco-dop reads this format, ``#LRB#`` and ``#RRB#`` in a
  word are ``(`` and ``)`` (its writer's escapes), and a tab after a
  complete tree starts a comment that runs to the end of the line (its
  writer puts a sentence's comment there).
- ``export``: the Negra export format (Brants 1997), versions 3 and 4, as
  Negra and Tiger ship it. A sentence runs from ``#BOS n`` to ``#EOS n``;
  each line is a word (``word [lemma] tag morph edge parent``, the lemma only
  in version 4) or a phrase (``#5xx [--] category morph edge parent``), and
  ``parent`` is the number of a phrase line or 0 for the sentence's root.
  Secondary edges (pairs of columns after ``parent``) and ``%%`` comments are
  ignored, as are the ``#BOT``/``#EOT`` tables of a file's header. The version
  is read from a ``#FORMAT`` line, else from the number of columns (5 plus
  pairs in version 3, 6 plus pairs in version 4). A phrase line's number is
  ``#`` and 500 or more, as in Negra and Tiger; a word such as ``#1`` stays
  a word.

Every constituent's label is its category followed by ``-`` and the label of
the edge to its parent (``NP-SB``; an edge ``--`` adds nothing), so the
default ``ptb`` labeler reads the edges as function labels (SPEC.md §3.2),
the preterminals' too; the phrase over the whole sentence is ``ROOT``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from nltk import Tree

from ..errors import InputFormatError, TedEvalError
from ..records import SourceSentence
from ..trees.discontinuous import DiscTree
from .brackets import read_free_ptb
from .formats import ReadOptions
from .lines import Lines

__all__: list[str] = []  # read through the table of formats.py

EXPORT_ROOT = "ROOT"
"""The label of the phrase over a whole export sentence (its edges' parent 0)."""

_NO_EDGE = ("--", "")
_PHRASE = re.compile(r"#([5-9][0-9]{2,}|[1-9][0-9]{3,})\Z")


def read_discbracket(lines: Lines, options: ReadOptions) -> Iterator[SourceSentence]:
    """Trees in ``discbracket`` form: the bracket reader's trees, leaves split at ``=``."""
    collect = options.collect
    for record in read_free_ptb(lines, collect, tab_comments=True):
        if record.tree is None:
            yield record
            continue
        try:
            tree = DiscTree.from_indexed(record.tree)
        except TedEvalError as err:
            error = InputFormatError(
                err.message,
                file=record.file,
                line=record.line,
                sentence=record.number,
                token=err.token,
            )
            if not collect:
                raise error from None
            yield SourceSentence(record.file, record.number, record.line, None, None, error)
            continue
        yield SourceSentence(record.file, record.number, record.line, None, tree, None)


class _Sentence:
    """The lines of one export sentence, checked and built into a tree at ``#EOS``."""

    def __init__(self, name: str, number: int, line: int, sid: str) -> None:
        self.name, self.number, self.line, self.sid = name, number, line, sid
        self.words: list[tuple[int, str, str, str, str]] = []  # line, word, tag, edge, parent
        self.phrases: dict[str, tuple[int, str, str, str]] = {}  # id: line, category, edge, parent
        self.morph: list[str] = []  # each word's morphology column

    def error(self, message: str, line: int, token: str | None = None) -> InputFormatError:
        return InputFormatError(
            message, file=self.name, line=line, sentence=self.number, token=token
        )

    def tree(self) -> DiscTree:
        if not self.words:
            raise self.error("the sentence has no words", self.line)
        nodes: dict[str, Tree] = {}
        edges: dict[int, str] = {}  # id of a node: its edge, for DiscTree.export_edges
        for pid, (_, category, edge, _) in self.phrases.items():
            nodes[pid] = Tree(_label(category, edge), [])
            edges[id(nodes[pid])] = "" if edge in _NO_EDGE else edge
        root = Tree(EXPORT_ROOT, [])
        nodes["0"] = root
        for pid, (line, _, _, parent) in self.phrases.items():
            if parent not in nodes:
                raise self.error(
                    f"phrase #{pid} has parent {parent}, which is neither 0 nor a phrase "
                    "of this sentence",
                    line,
                    parent,
                )
            if parent == pid:
                raise self.error(f"phrase #{pid} is its own parent", line, parent)
        for pid in self.phrases:
            # Walk up: a walk that comes back to a phrase it passed is a cycle.
            seen, node = [pid], self.phrases[pid][3]
            while node != "0":
                if node in seen:
                    raise self.error(
                        f"the phrases {' -> '.join('#' + p for p in seen)} form a cycle",
                        self.phrases[pid][0],
                        pid,
                    )
                seen.append(node)
                node = self.phrases[node][3]
        for position, (line, word, tag, edge, parent) in enumerate(self.words):
            if parent not in nodes:
                raise self.error(
                    f"word {position + 1} ({word!r}) has parent {parent}, which is neither 0 "
                    "nor a phrase of this sentence",
                    line,
                    parent,
                )
            word = Tree(_label(tag, edge), [position])
            edges[id(word)] = "" if edge in _NO_EDGE else edge
            nodes[parent].append(word)
        for pid, (_, _, _, parent) in self.phrases.items():
            nodes[parent].append(nodes[pid])
        empty = [pid for pid in self.phrases if not _has_words(nodes[pid])]
        if empty:
            raise self.error(
                f"phrase #{empty[0]} covers no word", self.phrases[empty[0]][0], empty[0]
            )
        _order(root)
        in_order = [""]
        stack = list(reversed(root))
        while stack:
            node = stack.pop()
            if isinstance(node, Tree):
                in_order.append(edges[id(node)])
                stack.extend(reversed(node))
        return DiscTree(
            root.label(),
            list(root),
            words=[w[1] for w in self.words],
            export_edges=tuple(in_order),
            export_morph=tuple(self.morph),
        )


def _label(category: str, edge: str) -> str:
    return category if edge in _NO_EDGE else f"{category}-{edge}"


def _has_words(node: Tree) -> bool:
    stack = [node]
    while stack:
        for kid in stack.pop():
            if not isinstance(kid, Tree):
                return True
            stack.append(kid)
    return False


def _order(root: Tree) -> None:
    """Children in the order of their first word, as a drawing reads them."""
    first: dict[int, int] = {}
    post: list[Tree] = []
    stack = [root]
    while stack:
        node = stack.pop()
        post.append(node)
        stack.extend(k for k in node if isinstance(k, Tree))
    for node in reversed(post):
        firsts = [first[id(k)] if isinstance(k, Tree) else k for k in node]
        first[id(node)] = min(firsts)
        node[:] = [k for _, k in sorted(zip(firsts, node, strict=True), key=lambda p: p[0])]


def read_export(lines: Lines, options: ReadOptions) -> Iterator[SourceSentence]:
    """Sentences of a Negra export file (versions 3 and 4)."""
    collect = options.collect
    name = lines.name
    version: int | None = None
    sentence: _Sentence | None = None
    number = 0
    in_table = False
    failed: InputFormatError | None = None

    def finish(error: InputFormatError | None) -> SourceSentence:
        assert sentence is not None
        tree = None
        if error is None:
            try:
                tree = sentence.tree()
            except InputFormatError as err:
                error = err
        if error is not None and not collect:
            raise error
        return SourceSentence(name, sentence.number, sentence.line, sentence.sid, tree, error)

    for lineno, raw in enumerate(lines, start=1):
        bad = lines.take_bad(lineno + 1)
        text = raw.split("%%", 1)[0].strip()
        if not text:
            continue
        cells = text.split()
        head = cells[0]
        if in_table:
            in_table = head != "#EOT"
            continue
        if head == "#BOT":
            in_table = True
            continue
        if head == "#FORMAT":
            if len(cells) < 2 or cells[1] not in ("3", "4"):
                error = InputFormatError(
                    "the export format has versions 3 and 4: #FORMAT 3 or #FORMAT 4",
                    file=name,
                    line=lineno,
                    token=text,
                )
                raise error
            version = int(cells[1])
            continue
        if head == "#BOS":
            if sentence is not None:
                yield finish(
                    failed
                    or sentence.error(
                        f"the sentence begun on line {sentence.line} has no #EOS before the "
                        f"#BOS on line {lineno}",
                        lineno,
                        head,
                    )
                )
            number += 1
            sid = cells[1] if len(cells) > 1 else str(number)
            sentence = _Sentence(name, number, lineno, sid)
            failed = None
            continue
        if head == "#EOS":
            if sentence is None:
                error = InputFormatError(
                    "#EOS without a #BOS before it", file=name, line=lineno, token=text
                )
                if not collect:
                    raise error
                number += 1
                yield SourceSentence(
                    name, number, lineno, None, None, error.locate(sentence=number)
                )
                continue
            yield finish(failed)
            sentence = None
            continue
        if sentence is None:
            error = InputFormatError(
                "a line outside a sentence: export sentences run from #BOS to #EOS",
                file=name,
                line=lineno,
                token=text[:40],
            )
            if not collect:
                raise error
            number += 1
            yield SourceSentence(name, number, lineno, None, None, error.locate(sentence=number))
            continue
        if failed is not None:
            continue
        if bad is not None:
            failed = bad.locate(sentence=sentence.number)
            if not collect:
                raise failed
            continue
        failed = _take_line(sentence, cells, lineno, version)
        if failed is not None and not collect:
            raise failed
    if sentence is not None:
        yield finish(
            failed
            or sentence.error(
                f"the file ends inside the sentence begun on line {sentence.line} (no #EOS)",
                sentence.line,
            )
        )


def _take_line(
    sentence: _Sentence, cells: list[str], lineno: int, version: int | None
) -> InputFormatError | None:
    """Add one word or phrase line to ``sentence``; the error of a malformed line."""
    width = len(cells)
    if version is None:
        version = 3 if width % 2 else 4
    base = 5 if version == 3 else 6
    if width < base or (width - base) % 2:
        return sentence.error(
            f"{width} columns; a line of export format {version} has {base} (word, "
            f"{'' if version == 3 else 'lemma, '}tag, morphology, edge, parent) and pairs "
            "of secondary edges",
            lineno,
            " ".join(cells)[:40],
        )
    word, tag, edge, parent = cells[0], cells[base - 4], cells[base - 2], cells[base - 1]
    if not parent.isdigit():
        return sentence.error(f"parent {parent!r} is not a number", lineno, parent)
    parent = str(int(parent))
    phrase = _PHRASE.match(word)
    if phrase is not None:
        pid = str(int(phrase.group(1)))
        if pid == "0" or pid in sentence.phrases:
            return sentence.error(f"phrase number {word} is used twice or is 0", lineno, word)
        sentence.phrases[pid] = (lineno, tag, edge, parent)
    else:
        sentence.words.append((lineno, word, tag, edge, parent))
        sentence.morph.append(cells[base - 3])
    return None
