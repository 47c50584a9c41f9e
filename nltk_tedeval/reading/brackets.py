"""Penn Treebank brackets: ``nltk.Tree`` objects from bracketed text, at any depth.

Trees may be printed one per line or over several lines; in EVALB's layout
(one tree per line) an empty line is an empty parse and words are split as
EVALB splits them. An explicit stack replaces recursion, and the trees are
equal to those of ``Tree.fromstring`` on the same text.

With ``nltk_trees=False`` the same tokens go straight into
:class:`~nltk_tedeval.trees.constituency.PhraseStructure` tables, the form
every metric works on, without building ``nltk.Tree`` objects that would
only be flattened again: the command line's fast path. The table equals
``flatten_tree`` of the nltk tree, which the tests check on every sample
file and on generated trees. A tree without words has no table and is still
an ``nltk.Tree``, unless ``nltk_free=True`` asks for no nltk at all (the
command line, which so never imports nltk): it is then a
:class:`~nltk_tedeval.trees.constituency.WordlessTree`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from ..errors import InputFormatError, excerpt
from ..records import SourceSentence
from ..trees.constituency import WordlessTree, phrase_structure
from .detect import SNIFF_LINES
from .lines import Lines

__all__: list[str] = []  # read through ptb.py, the ptb format's entry in the table

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
# White space that str.split (the free layout's tokenizer) knows and the C
# locale (EVALB's) does not; in ASCII text, only \x1c-\x1f.
PYTHON_ONLY_SPACE = re.compile(
    "[\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"
)


def _evalb_tokens(line: str) -> list[str]:
    """The bracket tokens of ``line`` as EVALB splits them."""
    if line.isascii() and PYTHON_ONLY_SPACE.search(line) is None:
        return line.replace("(", " ( ").replace(")", " ) ").split()  # the same, faster
    return _EVALB_TOKEN.findall(line)


def spans_lines(lines: Lines) -> bool:
    """True when the bracketed trees of ``lines`` are printed over several lines.

    The sign is a line of the first 200 that opens more brackets than it
    closes, followed by an indented line, as pretty-printers write trees.
    A line of a one-tree-per-line file that lacks a bracket is followed by a
    tree that starts at the margin, so it stays an error of that line.
    """
    open_line = False
    for line in lines.peek(SNIFF_LINES):
        if not line.strip():
            continue
        if open_line and line[0].isspace():
            return True
        open_line = line.count("(") > line.count(")")
    return False


def _brackets_missing(n: int) -> str:
    return f"{n} closing bracket{'s' if n != 1 else ''} missing"


class BracketTrees:
    """Builds ``nltk.Tree`` objects from bracket tokens fed line by line.

    An explicit stack of open trees replaces recursion, so any depth reads
    fine. As in ``Tree.fromstring``, the label of a constituent is the word
    right after its ``(`` (even on the next line), or ``""`` when a bracket
    follows. Children are appended to the open tree itself, which saves the
    list that ``Tree(label, children)`` would copy: reading is dominated by
    object creation.
    """

    def __init__(
        self, *, escapes: bool = True, nltk_trees: bool = True, nltk_free: bool = False
    ) -> None:
        self.escapes = escapes  # False in EVALB mode, where a backslash is a character
        self.stack: list[Any] = []  # the open constituents, outermost first
        self.done: list[tuple[int, Any]] = []  # complete trees with their first lines
        self.tree_line = 0  # first line of the open tree
        self.expect_label = False  # the last token was "("
        self.problems: list[tuple[str, int, str]] = []  # message, line, token
        if nltk_trees:
            from nltk.tree import Tree

            self.tree_class = Tree
        else:
            self.feed = self._feed_phrases  # type: ignore[method-assign]
        self.nltk_free = nltk_free  # a tree without words too is read without nltk
        # The open tree's table, as flatten_tree builds it (only without nltk trees).
        self._table: tuple[list[str], list[int], list[int], list[int], list[list[int]], list[str]]
        self._table = ([], [], [], [], [], [])

    def reset(self) -> None:
        """Forget the open tree (after an error), keep nothing complete."""
        self.stack.clear()
        self.done.clear()
        self.problems.clear()
        self.expect_label = False

    # Problems are rare; each is worded once for both ways of building trees.

    def _extra_closing(self, lineno: int, tok: str) -> None:
        if self.done:
            message = (
                "too many closing brackets: ')' after the tree begun on line "
                f"{self.done[-1][0]} is complete"
            )
        else:
            message = "too many closing brackets: ')' outside any tree"
        self.problems.append((message, lineno, tok))

    def _label_problem(self, tok: str, lineno: int) -> None:
        """A label ending in a backslash (the caller checks that, cheaply, per token)."""
        if self.escapes:
            # "(NP\ SBJ x)": brackets have no escape for spaces; read as
            # nltk does, the word after the backslash would silently join the yield.
            self.problems.append(
                (
                    f"the label {excerpt(tok)} ends in a backslash: bracketed trees have no "
                    "escape for spaces, so no label or word can hold one (write the "
                    "label without the space, such as NP-SBJ or NP_SBJ)",
                    lineno,
                    tok,
                )
            )

    def _outside(self, tok: str, lineno: int) -> None:
        self.problems.append((f"text outside brackets: {excerpt(tok)}", lineno, tok))

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
                else:
                    self._extra_closing(lineno, tok)
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
                if tok[-1] == "\\":
                    self._label_problem(tok, lineno)
            elif stack:
                stack[-1].append(tok)
            else:
                self._outside(tok, lineno)
        self.expect_label = expect_label

    def _feed_phrases(self, tokens: list[str], lineno: int) -> None:
        """:meth:`feed`, building the open tree's table instead of ``nltk.Tree`` objects.

        The stack holds node indices; a node's children are noted when they
        open, as ``flatten_tree`` notes them, so a closed tree is its table.
        """
        stack = self.stack
        expect_label = self.expect_label
        labels, starts, ends, parents, children, words = self._table
        for tok in tokens:
            if tok == ")":
                expect_label = False
                if stack:
                    ends[stack.pop()] = len(words)
                    if not stack:
                        self.done.append((self.tree_line, self._close_table()))
                        labels, starts, ends, parents, children, words = self._table
                else:
                    self._extra_closing(lineno, tok)
            elif tok == "(":
                if not stack:
                    self.tree_line = lineno
                    if labels:  # what an error left of the last tree
                        self._table = ([], [], [], [], [], [])
                        labels, starts, ends, parents, children, words = self._table
                idx = len(labels)
                labels.append("")
                starts.append(len(words))
                ends.append(-1)
                if stack:
                    parents.append(stack[-1])
                    children[stack[-1]].append(idx)
                else:
                    parents.append(-1)
                children.append([])
                stack.append(idx)
                expect_label = True
            elif expect_label:
                labels[stack[-1]] = tok
                expect_label = False
                if tok[-1] == "\\":
                    self._label_problem(tok, lineno)
            elif stack:
                children[stack[-1]].append(-1 - len(words))
                words.append(tok)
            else:
                self._outside(tok, lineno)
        self.expect_label = expect_label

    def _close_table(self) -> Any:
        """The complete tree's table as a PhraseStructure, and a fresh table for the next.

        A tree without words has no table (``PhraseStructure`` needs a word);
        it is built as the ``nltk.Tree`` the other path gives, so that every
        metric treats it the same way, or with ``nltk_free`` as the
        :class:`~nltk_tedeval.trees.constituency.WordlessTree` that stands
        for that tree in every metric, so that nltk is not imported.
        """
        labels, starts, ends, parents, children, words = self._table
        self._table = ([], [], [], [], [], [])
        if not words:
            # No words: every child is a node.
            tree = WordlessTree(tuple(labels), tuple(tuple(kids) for kids in children))
            return tree if self.nltk_free else tree.to_tree()
        return phrase_structure(labels, starts, ends, parents, children, words)


def _before_comment(text: str, depth: int) -> str:
    r"""``text`` up to the first tab at which its trees are complete (the rest is a comment).

    ``depth`` is the number of brackets open when the line starts. A tab
    inside a tree, or before any bracket of the line, is white space.

    >>> _before_comment("(S (X 0=a))\tsentence 1 (draft)", 0)
    '(S (X 0=a))'
    >>> _before_comment("(S\t(X 0=a))", 0), _before_comment("\t0=b))\tnote", 2)
    ('(S\t(X 0=a))', '\t0=b))')
    """
    seen = False
    start = 0
    while (tab := text.find("\t", start)) >= 0:
        for tok in _ptb_tokens(text[start:tab]):
            seen = True
            depth += (tok == "(") - (tok == ")")
        if seen and depth <= 0:
            return text[:tab]
        start = tab + 1
    return text


def read_free_ptb(
    lines: Lines,
    collect: bool,
    nltk_trees: bool = True,
    nltk_free: bool = False,
    *,
    texts: Iterable[str] | None = None,
    start: int = 1,
    number: int = 0,
    tab_comments: bool = False,
) -> Iterator[SourceSentence]:
    """Trees in a stream of brackets: one per line, or spread over several lines.

    A tree is complete when its brackets balance. Trees are read in groups:
    a group starts at a ``(`` in column 0 (or at the first non-blank line
    after a blank one) and takes the following lines up to the next such
    start, so indented lines and stray text belong to the tree above them.
    A group without errors yields each of its trees; a group with an error
    yields one failed sentence, which is how reading resynchronises: at the
    next tree that starts in column 0 or after a blank line.

    With ``tab_comments`` (disco-dop's ``discbracket``, whose writer puts a
    sentence's comment after its tree and a tab), a tab at which the line's
    trees are complete starts a comment that runs to the end of the line.
    """
    name = lines.name
    reader = BracketTrees(nltk_trees=nltk_trees, nltk_free=nltk_free)
    stack, done, problems = reader.stack, reader.done, reader.problems
    # number: sentences yielded so far
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

    for lineno, text in enumerate(lines if texts is None else texts, start=start):
        if tab_comments and "\t" in text:
            text = _before_comment(text, len(stack))
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


def read_ptb_lines(
    lines: Lines, collect: bool, nltk_trees: bool = True, nltk_free: bool = False
) -> Iterator[SourceSentence]:
    """EVALB's reading: every line is one sentence, an empty line an empty parse.

    Without nltk trees the readers read lines a block at a time
    (:mod:`~nltk_tedeval.reading.bracket_blocks`), and this line by line
    reading only the lines a block cannot vouch for, and the lines of an input
    too small for numpy's import to pay (:data:`~nltk_tedeval.reading.ptb.SMALL_INPUT_LINES`).
    """
    reader = BracketTrees(escapes=False, nltk_trees=nltk_trees, nltk_free=nltk_free)
    for lineno, text in enumerate(lines, start=1):
        yield evalb_line(reader, lines, lineno, text, collect)


def evalb_line(
    reader: BracketTrees, lines: Lines, lineno: int, text: str, collect: bool
) -> SourceSentence:
    """Line ``lineno`` as one sentence, as EVALB reads it: a tree, nothing, or an error."""
    name = lines.name
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
    return SourceSentence(name, lineno, lineno, None, tree, error)
