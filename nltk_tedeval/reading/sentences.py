"""File readers: bracketed trees, CoNLL-X, CoNLL-U and Malt-TAB, sentence by sentence.

This is the only module of nltk_tedeval that knows about files. It turns a
file (or a text, or any iterable of lines) into a stream of
:class:`SourceSentence` records, each holding the tree nltk would have built
from the same text (an ``nltk.Tree`` for Penn Treebank brackets, an
``nltk.parse.DependencyGraph`` for the column formats) and where it came
from, so that every later error can name the file, line and sentence.

The readers are generators: a file of a million sentences is read in
constant memory. They build nltk's objects directly instead of handing text
to ``Tree.fromstring`` or ``DependencyGraph``, which is faster (about 2.4 and
1.6 times on the GUM corpus; ``test_speed_against_nltk`` measures it) and
has no recursion or depth limit; the test suite checks that the results are
equal to nltk's own. Files are opened here and never through nltk's
corpus readers, which refuse paths outside nltk's data directories.

Bad input is an :class:`~nltk_tedeval.errors.InputFormatError` naming the
file, the line and what is wrong. With ``on_error="collect"`` a bad sentence
becomes a record with ``tree=None`` and the error, and reading goes on at the
next sentence boundary, so sentence numbers stay aligned across files.

>>> [s.tree for s in read_text("(S (NP John)\\n   (VP runs))\\n")]
[Tree('S', [Tree('NP', ['John']), Tree('VP', ['runs'])])]
>>> malt = "John\\tNNP\\t2\\tSBJ\\nruns\\tVBZ\\t0\\tROOT\\n"
>>> detect_format_text(malt)
'malttab'
>>> graph = next(read_text(malt)).tree
>>> graph.root["word"], graph.nodes[1]["head"], graph.nodes[1]["rel"]
('runs', 2, 'SBJ')
>>> bad = "(S (NP John) (VP runs)))\\n(S (NP Mary))"
>>> records = list(read_text(bad, on_error="collect"))
>>> [(r.number, r.line, r.tree is None) for r in records]
[(1, 1, True), (2, 2, False)]
>>> print(records[0].error)
<string>:1: sentence 1: too many closing brackets: ')' after the tree begun on line 1 is complete
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from contextlib import ExitStack
from itertools import chain, islice
from typing import TYPE_CHECKING, Any, BinaryIO

from ..errors import InputFormatError, OptionError, SentenceCountError, TedEvalError
from ..records import SourceSentence

if TYPE_CHECKING:
    from nltk.parse import DependencyGraph
    from nltk.tree import Tree

    from ..trees.headrules import HeadRules

__all__ = [
    "FORMATS",
    "SourceSentence",
    "detect_format",
    "detect_format_text",
    "read_file",
    "read_head_rules",
    "read_label_map",
    "read_label_map_text",
    "read_lines",
    "read_parallel",
    "read_text",
]

PathLike = str | os.PathLike[str]

FORMATS: tuple[str, ...] = ("ptb", "conllx", "conllu", "malttab")
"""The formats :func:`detect_format` tells apart and ``format=`` accepts."""

_ON_ERROR = ("raise", "collect")
_CHUNK = 1 << 16  # bytes read at a time


# -- lines -------------------------------------------------------------------------


class _Lines:
    """The lines of one input, in order, without their line breaks.

    Files are read in binary chunks of whole lines; each chunk is decoded at
    once and split at ``"\\n"`` only (``str.splitlines`` would also split at
    characters such as U+2028 that may occur inside a token). Readers walk
    the lines with ``enumerate`` over a C-level chain of these blocks: a
    Python generator step per line would cost about as much as reading the
    line. A UTF-8 byte order mark is dropped and CRLF line ends become LF.

    A chunk that is not valid UTF-8 is decoded again line by line, with
    replacement characters, so that the brackets and columns around a bad
    byte stay readable; each bad line's error waits in :attr:`bad` until the
    reader of its sentence takes it with :meth:`take_bad`, so that in
    collect mode only that sentence fails.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.count = 0  # lines read from the source so far; the total once it is exhausted
        self.bad: list[InputFormatError] = []
        self._head: list[str] = []  # lines peeked at but not yet iterated
        self._blocks: Iterator[list[str]] = iter(())

    @classmethod
    def from_file(cls, name: str, handle: BinaryIO) -> _Lines:
        self = cls(name)
        self._blocks = self._file_blocks(handle)
        return self

    @classmethod
    def from_text(cls, name: str, text: str) -> _Lines:
        self = cls(name)
        self._blocks = self._count(iter([self._split(text)]))
        return self

    @classmethod
    def from_lines(cls, name: str, lines: Iterable[str]) -> _Lines:
        self = cls(name)
        it = iter(lines)
        batches = iter(lambda: [line.rstrip("\r\n") for line in islice(it, 4096)], [])
        self._blocks = self._count(self._strip_bom(batches))
        return self

    def _split(self, text: str) -> list[str]:
        if "\r" in text:
            text = text.replace("\r\n", "\n")
        if not self.count and text.startswith("\ufeff"):
            text = text[1:]
        lines = text.split("\n")
        if lines[-1] == "":  # a final line break ends the last line, it starts none
            lines.pop()
        return lines

    def _count(self, blocks: Iterator[list[str]]) -> Iterator[list[str]]:
        for block in blocks:
            self.count += len(block)
            yield block

    @staticmethod
    def _strip_bom(blocks: Iterator[list[str]]) -> Iterator[list[str]]:
        for block in blocks:
            if block and block[0].startswith("\ufeff"):
                block[0] = block[0][1:]
            yield block
            break
        yield from blocks

    def _file_blocks(self, handle: BinaryIO) -> Iterator[list[str]]:
        pending: list[bytes] = []  # the start of a line longer than a chunk
        while chunk := handle.read(_CHUNK):
            end = chunk.rfind(b"\n") + 1
            if not end:
                pending.append(chunk)
                continue
            pending.append(chunk[:end])
            data = b"".join(pending)
            pending = [chunk[end:]] if end < len(chunk) else []
            yield self._decode(data)
        if pending:
            yield self._decode(b"".join(pending))

    def _decode(self, data: bytes) -> list[str]:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            # Find the bad lines: a line break byte never occurs inside a
            # UTF-8 sequence, so lines decode independently.
            parts = []
            for i, raw in enumerate(data.split(b"\n"), start=self.count + 1):
                try:
                    parts.append(raw.decode("utf-8"))
                except UnicodeDecodeError as exc:
                    self.bad.append(_decode_error(self.name, i, raw, exc))
                    parts.append(raw.decode("utf-8", "replace"))
            text = "\n".join(parts)
        lines = self._split(text)
        self.count += len(lines)
        return lines

    def peek(self, size: int) -> list[str]:
        """The first ``size`` lines (fewer at the end), without consuming them."""
        while len(self._head) < size:
            block = next(self._blocks, None)
            if block is None:
                break
            self._head.extend(block)
        return self._head[:size]

    def __iter__(self) -> Iterator[str]:
        head, self._head = self._head, []
        return chain(head, chain.from_iterable(self._blocks))

    def take_bad(self, before: int | None = None) -> InputFormatError | None:
        """The first decoding error on a line before ``before`` (all lines if None)."""
        if not self.bad:
            return None
        mine = [e for e in self.bad if before is None or (e.line or 0) < before]
        self.bad = [e for e in self.bad if e not in mine]
        return mine[0] if mine else None


def _decode_error(name: str, line: int, raw: bytes, exc: UnicodeDecodeError) -> InputFormatError:
    byte = raw[exc.start : exc.start + 1].hex()
    return InputFormatError(
        f"the line is not UTF-8: byte 0x{byte} at byte {exc.start + 1} cannot be decoded; "
        "convert the file to UTF-8 (for example with iconv -f latin1 -t utf-8)",
        file=name,
        line=line,
    )


def _file_lines(path: PathLike, stack: ExitStack) -> _Lines:
    handle = stack.enter_context(open(path, "rb"))  # noqa: SIM115 (closed by the stack)
    return _Lines.from_file(os.fspath(path), handle)


# -- format detection --------------------------------------------------------------

_SNIFF_LINES = 200
_CONLL_ID = re.compile(r"[0-9]+(?:-[0-9]+|\.[0-9]+)?\Z")
_CONLLU_DEPS = re.compile(r"[0-9]+(?:\.[0-9]+)?:")
_NEGATIVE = re.compile(r"-[0-9]+\Z")


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
    if not tokens:
        return "conllu"  # comments and nothing else: a CoNLL-U file without sentences
    # The first line in a known shape decides, so that one bad line at the
    # top still reads (and fails) as what the rest of the file is.
    for _, line in tokens:
        # A bracketed tree starts with "(", but so does a Malt-TAB line whose
        # word is a bracket; only the latter has a tab inside the line.
        if line[0] == "(" and not ("\t" in line and _malt_shaped(line)):
            return "ptb"
        cells = _split(line)
        if len(cells) == 10 and _CONLL_ID.match(cells[0]):
            if len(tokens) < len(content) or any(_conllu_only(s) for _, s in tokens):
                return "conllu"
            return "conllu" if suffix == ".conllu" else "conllx"
        if _malt_shaped(line):
            return "malttab"
    lineno, line = content[0]
    raise InputFormatError(
        f"cannot tell the format: no line is a bracketed tree, a CoNLL line of 10 columns "
        "or a Malt-TAB line (word, tag, head[, relation]); name the format (one of "
        f"{', '.join(FORMATS)}); the first line is {line[:60]!r}",
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
    return os.path.splitext(os.fspath(path))[1].lower()


# -- reading -----------------------------------------------------------------------


def read_file(
    path: PathLike,
    format: str | None = None,
    *,
    on_error: str = "raise",
    one_per_line: bool | None = False,
) -> Iterator[SourceSentence]:
    """The sentences of the file at ``path``, one :class:`SourceSentence` at a time.

    ``format`` is one of :data:`FORMATS`; ``None`` detects it from the
    content (:func:`detect_format`). An empty file holds no sentences in any
    format. ``on_error="raise"`` raises the first
    :class:`~nltk_tedeval.errors.InputFormatError`; ``"collect"`` yields bad
    sentences as records with ``tree=None`` and the error, and reads on.
    ``one_per_line=True`` reads bracketed files as EVALB does: every line is
    one sentence and an empty line is an empty parse (``tree=None``,
    ``error=None``), tokens are split at the C locale's white space only (a
    no-break space is part of a word) and a backslash escapes nothing;
    ``None`` chooses that layout unless the file's trees run over several
    lines (a line of the first 200 left open and followed by an indented
    one). It does not affect the column formats.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "trees.ptb"
    >>> _ = path.write_text("(S (NP I) (VP left))\\n(S (NP you) (VP stayed))\\n", encoding="utf-8")
    >>> [(s.number, s.line, s.tree.leaves()) for s in read_file(path)]
    [(1, 1, ['I', 'left']), (2, 2, ['you', 'stayed'])]
    """
    fmt, collect = _options(format, on_error)
    return _read_path(path, fmt, collect, one_per_line)


def _read_path(
    path: PathLike, fmt: str | None, collect: bool, one_per_line: bool | None
) -> Iterator[SourceSentence]:
    with ExitStack() as stack:
        yield from _read(_file_lines(path, stack), fmt, collect, one_per_line, _suffix(path))


def read_text(
    text: str,
    format: str | None = None,
    *,
    name: str = "<string>",
    on_error: str = "raise",
    one_per_line: bool | None = False,
) -> Iterator[SourceSentence]:
    """Like :func:`read_file`, for a text in memory; ``name`` stands for the file in errors.

    >>> [s.tree.label() for s in read_text("(S (NP I) (VP left))")]
    ['S']
    """
    fmt, collect = _options(format, on_error)
    return _read(_Lines.from_text(name, text), fmt, collect, one_per_line, _suffix(name))


def read_lines(
    lines: Iterable[str],
    format: str | None = None,
    *,
    name: str = "<lines>",
    on_error: str = "raise",
    one_per_line: bool | None = False,
) -> Iterator[SourceSentence]:
    """Like :func:`read_file`, for any iterable of lines (an open text file, ``sys.stdin``).

    Each item is one line; its line ending, if any, is ignored.
    """
    fmt, collect = _options(format, on_error)
    return _read(_Lines.from_lines(name, lines), fmt, collect, one_per_line, _suffix(name))


def _options(format: str | None, on_error: str) -> tuple[str | None, bool]:
    if format is not None:
        if not isinstance(format, str) or format.lower() not in FORMATS:
            raise OptionError(f"unknown format {format!r}; expected one of {', '.join(FORMATS)}")
        format = format.lower()
    if on_error not in _ON_ERROR:
        raise OptionError(f"unknown on_error {on_error!r}; expected 'raise' or 'collect'")
    return format, on_error == "collect"


def _read(
    lines: _Lines, fmt: str | None, collect: bool, one_per_line: bool | None, suffix: str
) -> Iterator[SourceSentence]:
    # A generator, so that every reader does its I/O and detection only when
    # iterated, whatever its source; options are checked when it is made.
    if fmt is None:
        fmt = _sniff(lines, suffix)
        if fmt is None:
            return  # nothing but blank lines: no sentences, in any format
    if fmt == "ptb":
        if one_per_line is None:
            one_per_line = not _spans_lines(lines)
        yield from _read_ptb_lines(lines, collect) if one_per_line else _read_ptb(lines, collect)
    else:
        yield from _read_columns(lines, collect, fmt)


# -- Penn Treebank brackets --------------------------------------------------------

# Tree.fromstring's tokens with its default brackets: "(", ")" or a word. A
# word may hold backslash-escaped brackets, kept as they are, as nltk keeps
# them; the lookahead and the unrolled loop match exactly nltk's
# ``(?:\\[()]|[^\s()])+`` without its per-character alternation.
_WORD = r"(?=[^\s()])[^\s()\\]*(?:\\[()]?[^\s()\\]*)*"
_PTB_TOKEN = re.compile(rf"\(|\)|{_WORD}")


def _ptb_tokens(line: str) -> list[str]:
    """The bracket tokens of ``line``; a word right after ``(`` is its label."""
    if "\\" in line:
        return _PTB_TOKEN.findall(line)
    # Without escapes, splitting at whitespace (the same characters as the
    # regex's \s) is equivalent and twice as fast.
    return line.replace("(", " ( ").replace(")", " ) ").split()


# EVALB's tokens (one tree per line): a bracket, or a run of anything but a
# bracket and the C locale's white space. A no-break space or U+3000 is part of
# a word, and a backslash escapes nothing, as in EVALB's reader.
_EVALB_TOKEN = re.compile(r"[()]|[^ \t\n\r\f\v()]+")
_PYTHON_ONLY_SPACE = re.compile(r"[\x1c-\x1f]")  # str.split() splits here, C does not


def _evalb_tokens(line: str) -> list[str]:
    """The bracket tokens of ``line`` as EVALB splits them."""
    if line.isascii() and _PYTHON_ONLY_SPACE.search(line) is None:
        return line.replace("(", " ( ").replace(")", " ) ").split()  # the same, faster
    return _EVALB_TOKEN.findall(line)


def _spans_lines(lines: _Lines) -> bool:
    """True when the bracketed trees of ``lines`` are printed over several lines.

    The sign is a line of the first 200 that opens more brackets than it
    closes, followed by an indented line, as pretty-printers write trees.
    A line of a one-tree-per-line file that lacks a bracket is followed by a
    tree that starts at the margin, so it stays an error of that line.
    """
    open_line = False
    for line in lines.peek(_SNIFF_LINES):
        if not line.strip():
            continue
        if open_line and line[0].isspace():
            return True
        open_line = line.count("(") > line.count(")")
    return False


def _brackets_missing(n: int) -> str:
    return f"{n} closing bracket{'s' if n != 1 else ''} missing"


class _Brackets:
    """Builds ``nltk.Tree`` objects from bracket tokens fed line by line.

    An explicit stack of open trees replaces recursion, so any depth reads
    fine. As in ``Tree.fromstring``, the label of a constituent is the word
    right after its ``(`` (even on the next line), or ``""`` when a bracket
    follows. Children are appended to the open tree itself, which saves the
    list that ``Tree(label, children)`` would copy: reading is dominated by
    object creation.
    """

    def __init__(self, *, escapes: bool = True) -> None:
        from nltk.tree import Tree

        self.escapes = escapes  # False in EVALB mode, where a backslash is a character
        self.tree_class = Tree
        self.stack: list[Tree] = []  # the open constituents, outermost first
        self.done: list[tuple[int, Tree]] = []  # complete trees with their first lines
        self.tree_line = 0  # first line of the open tree
        self.expect_label = False  # the last token was "("
        self.problems: list[tuple[str, int, str]] = []  # message, line, token

    def reset(self) -> None:
        """Forget the open tree (after an error), keep nothing complete."""
        self.stack.clear()
        self.done.clear()
        self.problems.clear()
        self.expect_label = False

    def feed(self, tokens: list[str], lineno: int) -> None:
        """Read the tokens of line ``lineno``; problems are noted, not raised."""
        stack = self.stack
        expect_label = self.expect_label
        new = self.tree_class.__new__
        tree_class = self.tree_class
        for tok in tokens:
            if tok == ")":
                expect_label = False
                if stack:
                    tree = stack.pop()
                    if stack:
                        stack[-1].append(tree)
                    else:
                        self.done.append((self.tree_line, tree))
                elif self.done:
                    self.problems.append(
                        (
                            "too many closing brackets: ')' after the tree begun on line "
                            f"{self.done[-1][0]} is complete",
                            lineno,
                            tok,
                        )
                    )
                else:
                    self.problems.append(
                        ("too many closing brackets: ')' outside any tree", lineno, tok)
                    )
            elif tok == "(":
                if not stack:
                    self.tree_line = lineno
                # Tree.__init__ only sets the children and ``_label``; doing it
                # here is what makes this reader faster than Tree.fromstring.
                # test_readers checks the result equals nltk's own trees.
                tree = new(tree_class)
                tree._label = ""
                stack.append(tree)
                expect_label = True
            elif expect_label:
                stack[-1]._label = tok
                expect_label = False
                if tok[-1] == "\\" and self.escapes:
                    # "(NP\ SBJ x)": brackets have no escape for spaces; read as
                    # nltk does, the word after the backslash would silently join the yield.
                    self.problems.append(
                        (
                            f"the label {tok!r} ends in a backslash: bracketed trees have no "
                            "escape for spaces, so no label or word can hold one (write the "
                            "label without the space, such as NP-SBJ or NP_SBJ)",
                            lineno,
                            tok,
                        )
                    )
            elif stack:
                stack[-1].append(tok)
            else:
                self.problems.append((f"text outside brackets: {tok!r}", lineno, tok))
        self.expect_label = expect_label


def _read_ptb(lines: _Lines, collect: bool) -> Iterator[SourceSentence]:
    """Trees in a stream of brackets: one per line, or spread over several lines.

    A tree is complete when its brackets balance. Trees are read in groups:
    a group starts at a ``(`` in column 0 (or at the first non-blank line
    after a blank one) and takes the following lines up to the next such
    start, so indented lines and stray text belong to the tree above them.
    A group without errors yields each of its trees; a group with an error
    yields one failed sentence, which is how reading resynchronises: at the
    next tree that starts in column 0 or after a blank line.
    """
    name = lines.name
    reader = _Brackets()
    stack, done, problems = reader.stack, reader.done, reader.problems
    number = 0  # sentences yielded so far
    group = 0  # first line of the group; 0 when none is open
    last = 0  # last non-blank line
    error: InputFormatError | None = None

    def fail(message: str, line: int, token: str | None = None) -> None:
        nonlocal error
        err = InputFormatError(message, file=name, line=line, sentence=number + 1, token=token)
        if not collect:
            raise err
        if error is None:
            error = err

    def close(before: int | None) -> list[SourceSentence]:
        nonlocal number, group, error
        bad = lines.take_bad(before)
        if bad is not None:
            fail(bad.message, bad.line or group)
        if error is not None:
            number += 1
            out = [SourceSentence(name, number, group, None, None, error)]
        else:
            out = [
                SourceSentence(name, number + i, line, None, tree, None)
                for i, (line, tree) in enumerate(done, start=1)
            ]
            number += len(done)
        reader.reset()
        group = 0
        error = None
        return out

    for lineno, text in enumerate(lines, start=1):
        tokens = _ptb_tokens(text)
        if not tokens:
            if group and not stack:
                yield from close(lineno)
            continue
        if text[0] == "(":
            if stack:
                fail(
                    f"the tree begun on line {reader.tree_line} is still open at the end of "
                    f"line {last} ({_brackets_missing(len(stack))}) when a new tree starts "
                    f"in column 0 on line {lineno}",
                    last,
                )
                yield from close(lineno)
            elif group:
                yield from close(lineno)
        if not group:
            group = lineno
        last = lineno
        reader.feed(tokens, lineno)
        if problems:
            for message, line, token in problems:
                fail(message, line, token)
            problems.clear()
    if stack:
        fail(
            f"the file ends inside the tree begun on line {reader.tree_line} "
            f"({_brackets_missing(len(stack))})",
            last,
        )
    if group:
        yield from close(None)


def _read_ptb_lines(lines: _Lines, collect: bool) -> Iterator[SourceSentence]:
    """EVALB's reading: every line is one sentence, an empty line an empty parse."""
    name = lines.name
    reader = _Brackets(escapes=False)
    for lineno, text in enumerate(lines, start=1):
        error = lines.take_bad(lineno + 1)
        reader.reset()
        reader.feed(_evalb_tokens(text) if error is None else [], lineno)
        trees = len(reader.done) + (1 if reader.stack else 0)
        if error is None:
            if reader.problems:
                message, _, token = reader.problems[0]
                error = InputFormatError(message, token=token)
            elif trees > 1:
                error = InputFormatError(
                    f"{trees} trees on the line; EVALB mode reads one tree per line"
                )
            elif reader.stack:
                error = InputFormatError(
                    f"the line ends inside a tree ({_brackets_missing(len(reader.stack))}; "
                    "in EVALB's layout every line holds one whole tree)"
                )
        if error is not None:
            error.locate(file=name, line=lineno, sentence=lineno)
            if not collect:
                raise error
        tree = reader.done[0][1] if reader.done and error is None else None
        yield SourceSentence(name, lineno, lineno, None, tree, error)


# -- CoNLL-X, CoNLL-U and Malt-TAB -------------------------------------------------

_SENT_ID = re.compile(r"#\s*sent_id(?:\s*=\s*|\s+)(\S.*?)\s*\Z")
_SKIPPED_ID = re.compile(r"[0-9]+(?:-[0-9]+|\.[0-9]+)\Z")  # multiword token, empty node
# Token numbers as CoNLL writes them, and back: a table lookup is cheaper than
# checking and converting every ID and head.
_NUMBERS = tuple(str(i) for i in range(1024))
_INTS = {s: i for i, s in enumerate(_NUMBERS)}


def _read_columns(lines: _Lines, collect: bool, fmt: str) -> Iterator[SourceSentence]:
    """Sentences of token lines separated by blank lines.

    CoNLL lines have 10 columns, split at tabs (or at spaces in a line
    without tabs: old CoNLL-X files); Malt-TAB lines have 3 or 4 columns
    split at any whitespace. CoNLL-X and CoNLL-U share this reader: comment
    lines, multiword tokens and empty nodes are skipped in both, since
    tools mix the two up. A bad sentence is skipped up to the next blank
    line. Node dicts are built as the lines are read, as nltk builds them
    (see :func:`_graph`).
    """
    name = lines.name
    malt = fmt == "malttab"
    number = 0
    nodes: list[dict[str, Any]] = []  # node dicts of the tokens so far (address i + 1)
    heads: list[int] = []
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
        if error is None:
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
        else:
            record = SourceSentence(name, number, start, sent_id, _graph(nodes, width), None)
        nodes.clear()
        heads.clear()
        where.clear()
        start = width = 0
        tokens = False
        sent_id = error = None
        return record

    for lineno, raw in enumerate(lines, start=1):
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
                    f"{len(cells)} columns; Malt-TAB lines have 3 or 4 (word, tag, head"
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
                "deps": defaultdict(list),
                "rel": cells[3] if width == 4 else "",
            }
        else:
            if text[0] == "#":
                if tokens:
                    fail(
                        "a comment line inside a sentence (is the blank line before it missing?)",
                        lineno,
                    )
                elif sent_id is None and (m := _SENT_ID.match(text)):
                    sent_id = m.group(1)
                continue
            tokens = True
            cells = text.split("\t")
            if len(cells) != 10 and "\t" not in text:
                cells = text.split()
            if len(cells) != 10:
                fail(f"{len(cells)} columns; CoNLL lines have 10, separated by tabs", lineno)
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
                "deps": defaultdict(list),
                "rel": rel,
            }
        h = _INTS.get(head)
        if h is None:
            if not _is_int(head):
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


# -- parallel files ----------------------------------------------------------------


def read_parallel(
    paths: Sequence[PathLike],
    formats: str | Sequence[str | None] | None = None,
    *,
    on_error: str = "raise",
    one_per_line: bool | Sequence[bool | None] | None = False,
) -> Iterator[tuple[SourceSentence, ...]]:
    """The sentences of several files in lockstep: one tuple per sentence, in ``paths`` order.

    ``formats`` is one format for all files, one per file (``None`` entries
    are detected), or ``None`` to detect every one; ``one_per_line`` likewise.
    When one file ends before the others, raises
    :class:`~nltk_tedeval.errors.SentenceCountError` naming the file that
    ends, after how many sentences and at which line, and where the others
    go on.

    >>> import pathlib, tempfile
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (d / "a.ptb").write_text("(S (NP I) (VP left))\\n", encoding="utf-8")
    >>> _ = (d / "b.ptb").write_text("(S (NP I) (VP (VBD left)))\\n", encoding="utf-8")
    >>> [(x.number, y.number) for x, y in read_parallel([d / "a.ptb", d / "b.ptb"])]
    [(1, 1)]
    """
    paths = list(paths)
    fmts = _per_file(formats, len(paths), "formats")
    evalb = _per_file(one_per_line, len(paths), "one_per_line")
    options = [_options(f, on_error) for f in fmts]
    return _parallel(paths, options, evalb)


def _per_file(value: object, n: int, what: str) -> list:
    if value is None or isinstance(value, (str, bool)):
        return [value] * n
    values = list(value)  # type: ignore[call-overload]
    if len(values) != n:
        raise OptionError(f"{len(values)} {what} for {n} files; give one per file or one for all")
    return values


def _parallel(
    paths: list[PathLike], options: list[tuple[str | None, bool]], evalb: list[bool | None]
) -> Iterator[tuple[SourceSentence, ...]]:
    with ExitStack() as stack:
        sources = [_file_lines(p, stack) for p in paths]
        readers = [
            _read(src, fmt, collect, one, _suffix(p))
            for src, p, (fmt, collect), one in zip(sources, paths, options, evalb, strict=True)
        ]
        count = 0
        while True:
            row = [next(r, None) for r in readers]
            ended = [i for i, rec in enumerate(row) if rec is None]
            if len(ended) == len(row):
                return
            if ended:
                raise _count_error(sources, row, ended, count)
            count += 1
            yield tuple(row)  # type: ignore[arg-type]


def _count_error(
    sources: list[_Lines], row: list[SourceSentence | None], ended: list[int], count: int
) -> SentenceCountError:
    first = sources[ended[0]]
    if len(ended) == 1:
        names = f"{first.name} ends"
    else:
        names = " and ".join(f"{sources[i].name} (line {sources[i].count})" for i in ended)
        names += " end"
    going = "; ".join(
        f"{rec.file} continues with sentence {rec.number} on line {rec.line}"
        for rec in row
        if rec is not None
    )
    return SentenceCountError(
        f"{names} after {count} sentence{'s' if count != 1 else ''}"
        + (f" (line {first.count})" if len(ended) == 1 else "")
        + f", but {going}; parallel files must hold the same sentences in the same order",
        file=first.name,
        line=first.count,
    )


# -- label maps --------------------------------------------------------------------


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
        return _label_map(_file_lines(path, stack))


def read_label_map_text(text: str, name: str = "<string>") -> dict[str, str]:
    """Like :func:`read_label_map`, for a text in memory.

    >>> read_label_map_text("# 2011 relabeling\\nSUB\\tSBJ\\n\\nPUNC\\t\\n")
    {'SUB': 'SBJ', 'PUNC': ''}
    """
    return _label_map(_Lines.from_text(name, text))


def _label_map(lines: _Lines) -> dict[str, str]:
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
                f"no tab in {text.strip()!r}: write FROM<TAB>TO, or FROM<TAB> to drop the label"
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
