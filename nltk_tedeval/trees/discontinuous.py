"""Discontinuous phrase structure: constituents whose words need not be adjacent.

Treebanks of German (Negra, Tiger) and discontinuous conversions of the Penn
Treebank let a constituent cover words that are not next to each other: in
"Darüber muss nachgedacht werden" the VP covers "Darüber" and "nachgedacht"
but not "muss". Such a tree cannot keep its words as the leaves of an ordered
tree. :class:`DiscTree` follows the convention of disco-dop and of nltk's
drawing of discontinuous trees: an ``nltk.Tree`` whose leaves are the
positions of the words (0-based), with the words themselves beside it in
:attr:`DiscTree.words`.

:func:`disc_tree_to_mft` converts it as SPEC.md §3.2 converts any
phrase-structure tree, every constituent becoming a node over its yield,
which may have gaps (SPEC.md §2). A :class:`DiscTree` whose constituents are
all contiguous is an ordinary tree: :func:`as_contiguous` gives it back with
its words as leaves, which every metric reads; one with a discontinuous
constituent is refused by the metrics that compare contiguous brackets.

>>> t = DiscTree.from_discbracket("(S (VP (PROAV 0=Darüber) (VVPP 2=nachgedacht)) (VMFIN 1=muss))")
>>> t.words
('Darüber', 'muss', 'nachgedacht')
>>> print(disc_tree_to_mft(t))
(0,3):{} (0,1)+(2,3):{} (0,1):{} (1,2):{} (2,3):{}
>>> print(t.to_discbracket())
(S (VP (PROAV 0=Darüber) (VVPP 2=nachgedacht)) (VMFIN 1=muss))
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from nltk import Tree

from ..errors import EmptyTreeError, TreeStructureError

# One test of what a tree is, the registry's (nltk_tedeval.kinds), exported here too.
from ..records import is_disc_tree
from .labelers import Labeler, get_labeler
from .mft import MultiFunctionTree, Span, format_span, span_of, span_words
from .tokens import normalize_token

__all__ = [
    "DiscTree",
    "as_contiguous",
    "disc_tree_to_mft",
    "escape_discbracket",
    "is_disc_tree",
    "labeled_yields",
    "unescape_discbracket",
]

# A leaf of the discbracket format: its position, "=", the word.
_INDEXED = re.compile(r"([0-9]+)=(.*)\Z", re.DOTALL)

# How disco-dop writes a round bracket inside a discbracket word.
_ESCAPES = (("(", "#LRB#"), (")", "#RRB#"))


def unescape_discbracket(word: str) -> str:
    """A ``discbracket`` word as disco-dop reads it: ``#LRB#`` is ``(``, ``#RRB#`` is ``)``.

    Wherever they occur in the word, so that a bracket is a bracket to
    ``DELETE_WORD`` and ``EQ_WORD``; Penn's ``-LRB-`` is a word of its own
    in that format and stays as written.

    >>> unescape_discbracket("#LRB#a#RRB#"), unescape_discbracket("-LRB-")
    ('(a)', '-LRB-')
    """
    if "#" in word:
        for raw, escaped in _ESCAPES:
            word = word.replace(escaped, raw)
    return word


def escape_discbracket(word: str) -> str:
    """A word as disco-dop writes it in ``discbracket``: ``(`` as ``#LRB#``, ``)`` as ``#RRB#``.

    >>> escape_discbracket("(a)")
    '#LRB#a#RRB#'
    """
    for raw, escaped in _ESCAPES:
        word = word.replace(raw, escaped)
    return word


class DiscTree(Tree):
    """An ``nltk.Tree`` whose leaves are word positions, with the words in :attr:`words`.

    Subtrees are plain ``nltk.Tree`` objects; only the root carries the
    words. ``pretty_print(sentence=list(t.words))`` draws it with crossing
    branches. Construction checks that the leaves are the positions
    ``0..n-1``, each once, and raises
    :class:`~nltk_tedeval.errors.TreeStructureError` naming the first that
    is not.

    >>> t = DiscTree("S", [Tree("NP", [0, 2]), Tree("VB", [1])], words=("a", "b", "c"))
    >>> t.leaves(), t.words, t.discontinuous
    ([0, 2, 1], ('a', 'b', 'c'), True)
    """

    def __init__(
        self,
        node: Any,
        children: Sequence[Any] = (),
        *,
        words: Sequence[str] = (),
        export_edges: tuple[str, ...] | None = None,
        export_morph: tuple[str, ...] | None = None,
    ):
        super().__init__(node, list(children))
        self.words: tuple[str, ...] = tuple(str(w) for w in words)
        self.export_edges = export_edges
        """Of a tree read from an export file, the edge to its parent of every node in
        pre-order (the root first, ``""`` for none), whose labels are then
        ``CATEGORY-EDGE`` (:func:`read_export
        <nltk_tedeval.reading.discontinuous.read_export>`): disco-dop's function tags and
        its ``--functions`` read the edge, which may hold a ``-`` of its own; ``None``
        for any other tree."""
        self.export_morph = export_morph
        """Of a tree read from an export file, every word's morphology column, by position
        (what disco-dop's ``--morphology`` reads); ``None`` for any other tree."""
        _check_positions(self, len(self.words))

    @classmethod
    def from_discbracket(cls, text: str) -> DiscTree:
        """Read one tree in disco-dop's ``discbracket`` form, leaves written ``3=word``.

        Raises :class:`~nltk_tedeval.errors.TreeStructureError` for a leaf
        without its position, or positions that are not ``0..n-1`` once each.
        """
        return cls.from_indexed(Tree.fromstring(text))

    @classmethod
    def from_indexed(cls, tree: Any) -> DiscTree:
        """A :class:`DiscTree` from an ``nltk.Tree`` whose leaves are ``"3=word"`` strings."""
        if not isinstance(tree, Tree):
            raise TreeStructureError(f"expected an nltk.Tree, got {type(tree).__name__}")
        tree = tree.copy(deep=True)
        words: dict[int, str] = {}
        # Leaves in the order they are written, so that an error names the
        # later of two leaves with one position.
        stack: list[tuple[Any, Tree]] = [(iter(enumerate(tree)), tree)]
        while stack:
            kids, node = stack[-1]
            entry = next(kids, None)
            if entry is None:
                stack.pop()
                continue
            i, kid = entry
            if isinstance(kid, Tree):
                stack.append((iter(enumerate(kid)), kid))
                continue
            match = _INDEXED.match(str(kid))
            if match is None:
                raise TreeStructureError(
                    f"leaf {str(kid)!r} carries no position: a discbracket leaf is "
                    "written POSITION=WORD, as 0=Das",
                    token=str(kid),
                )
            position = int(match.group(1))
            if position in words:
                raise TreeStructureError(
                    f"position {position} is used twice ({words[position]!r} and "
                    f"{match.group(2)!r})",
                    token=str(kid),
                )
            words[position] = unescape_discbracket(match.group(2))
            node[i] = position
        missing = sorted(set(range(len(words))) - set(words))
        if missing:
            raise TreeStructureError(
                f"the positions must run 0..{len(words) - 1}: {missing[0]} is missing",
                token=str(missing[0]),
            )
        return cls(tree.label(), list(tree), words=[words[i] for i in range(len(words))])

    @property
    def discontinuous(self) -> bool:
        """True when some constituent's words are not adjacent."""
        return any(len(span) > 2 for _, span in _constituents(self))

    def to_discbracket(self) -> str:
        """The tree in ``discbracket`` form, on one line (children as they are stored).

        Brackets in words are written as disco-dop writes them
        (:func:`escape_discbracket`), so the tree reads back the same.
        """
        out: list[str] = []
        stack: list[Any] = [self]
        while stack:
            node = stack.pop()
            if node is None:
                out.append(")")
            elif isinstance(node, Tree):
                out.append(f"({node.label()}")
                stack.append(None)
                stack.extend(reversed(node))
            else:
                out.append(f"{node}={escape_discbracket(self.words[node])}")
        return " ".join(out).replace(" )", ")")

    def __reduce__(self):
        return (
            _rebuild,
            (self.label(), list(self), self.words, self.export_edges, self.export_morph),
        )

    def copy(self, deep: bool = False) -> DiscTree:
        copied = Tree.copy(Tree(self.label(), list(self)), deep=deep)
        return DiscTree(
            copied.label(),
            list(copied),
            words=self.words,
            export_edges=self.export_edges,
            export_morph=self.export_morph,
        )


def _rebuild(
    label: Any,
    children: list[Any],
    words: tuple[str, ...],
    export_edges: tuple[str, ...] | None = None,
    export_morph: tuple[str, ...] | None = None,
) -> DiscTree:
    return DiscTree(
        label, children, words=words, export_edges=export_edges, export_morph=export_morph
    )


def _check_positions(tree: Tree, n: int) -> None:
    seen: set[int] = set()
    stack = [tree]
    while stack:
        node = stack.pop()
        for kid in node:
            if isinstance(kid, Tree):
                stack.append(kid)
            elif type(kid) is not int or not 0 <= kid < n or kid in seen:
                what = "used twice" if kid in seen else f"not a position in 0..{n - 1}"
                raise TreeStructureError(f"leaf {kid!r} is {what}", token=repr(kid))
            else:
                seen.add(kid)
    if len(seen) != n:
        missing = min(set(range(n)) - seen)
        raise TreeStructureError(
            f"word {missing} ({tree.words[missing]!r}) is not a leaf of the tree",  # type: ignore[attr-defined]
            token=str(missing),
        )
    if not n:
        raise EmptyTreeError("the tree has no words")


def _constituents(tree: DiscTree) -> list[tuple[str, Span]]:
    """``(label, yield)`` of every constituent, in pre-order, without recursion."""
    found: list[tuple[str, list[int]]] = []
    # Entries: a subtree to open, or the index of a constituent to close.
    stack: list[Any] = [(tree, -1)]
    parents: list[int] = []
    while stack:
        node, parent = stack.pop()
        index = len(found)
        label = node.label()
        found.append(("" if label is None else str(label), []))
        parents.append(parent)
        for kid in reversed(node):
            if isinstance(kid, Tree):
                stack.append((kid, index))
            else:
                found[index][1].append(kid)
    # Children come after their parent in pre-order: add each yield to its
    # parent's from the last constituent back.
    for index in range(len(found) - 1, 0, -1):
        found[parents[index]][1].extend(found[index][1])
    return [(label, span_of(positions)) for label, positions in found if positions]


def labeled_yields(tree: DiscTree) -> list[tuple[str, Span]]:
    """``(label, yield)`` of every constituent, in pre-order: the nodes of
    :func:`disc_tree_to_mft`'s tree before their labels are read (for drawing them).

    >>> labeled_yields(DiscTree.from_discbracket("(S (NP 0=a 2=c) (VB 1=b))"))
    [('S', (0, 3)), ('NP', (0, 1, 2, 3)), ('VB', (1, 2))]
    """
    return _constituents(tree)


def disc_tree_to_mft(tree: DiscTree, labeler: str | Labeler = "ptb") -> MultiFunctionTree:
    """Convert a :class:`DiscTree` to a multi-function tree (SPEC.md §3.2, §2).

    Every constituent, preterminals included, becomes a node over its yield,
    labelled by ``labeler``; constituents over the same words merge (a unary
    chain). Without empty elements to remove (the discontinuous treebanks
    have none), nothing else changes.
    """
    label_fn = get_labeler(labeler)
    table: dict[Span, frozenset[str]] = {}
    for label, span in _constituents(tree):
        funcs = frozenset(label_fn(label))
        old = table.get(span)
        table[span] = funcs if old is None else old | funcs
    words = tuple(normalize_token(w) for w in tree.words)
    return MultiFunctionTree(table, words)


def as_contiguous(tree: DiscTree, metric: str = "this metric") -> Tree:
    """The same tree with its words as leaves, when no constituent is discontinuous.

    Raises :class:`~nltk_tedeval.errors.TreeStructureError` naming the first
    discontinuous constituent otherwise: ``metric`` compares contiguous
    brackets.

    >>> t = DiscTree.from_discbracket("(S (NP 0=a 1=b) (VB 2=c))")
    >>> print(as_contiguous(t))
    (S (NP a b) (VB c))
    """
    for label, span in _constituents(tree):
        if len(span) > 2:
            raise TreeStructureError(
                f"{metric} compares contiguous brackets, and constituent {label} over "
                f"{format_span(span)} ({' '.join(span_words(tree.words, span))!r}) is "
                "discontinuous; TedEval scores it as it is",
                token=f"{label} {format_span(span)}",
            )
    words = tree.words
    root = Tree(tree.label(), [])
    stack: list[tuple[Tree, Tree]] = [(tree, root)]
    while stack:
        source, target = stack.pop()
        # Contiguous constituents in the order of their first word are in
        # sentence order.
        kids = sorted(source, key=_first_position)
        for kid in kids:
            if isinstance(kid, Tree):
                copy = Tree(kid.label(), [])
                target.append(copy)
                stack.append((kid, copy))
            else:
                target.append(words[kid])
    return root


def _first_position(node: Any) -> int:
    """The smallest position under ``node``, without recursion."""
    if not isinstance(node, Tree):
        return int(node)
    best, stack = None, [node]
    while stack:
        for kid in stack.pop():
            if isinstance(kid, Tree):
                stack.append(kid)
            elif best is None or kid < best:
                best = kid
    return -1 if best is None else best
