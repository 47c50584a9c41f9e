"""Phrase-structure trees: from ``nltk.Tree`` to multi-function trees.

This module and :mod:`nltk_tedeval.dependency` are the only code that
knows nltk's tree classes. An ``nltk.Tree`` is flattened, without recursion
(trees thousands of levels deep are fine), into a :class:`PhraseStructure`:
the words and a pre-order table of nodes with their labels, spans, parents
and children. ParsEval, MPH and the TedEval conversion all read that table.

The conversion to a multi-function tree follows SPEC.md §3.2 and the 2012
paper (§3.1): empty elements (preterminal ``-NONE-``) are removed, then every
constituent left without words; every remaining constituent, preterminals
included, becomes a node over its span labelled by a function labeler; and
unary chains collapse into one node with the union of their labels.

>>> from nltk import Tree
>>> t = Tree.fromstring("(TOP (S (NP-SBJ (NNP John)) (VP (VBD saw) (NP (NNP Mary))) (. .)))")
>>> print(tree_to_mft(t))
(0,4):{} (0,1):{SBJ} (1,3):{} (1,2):{} (2,3):{} (3,4):{}
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .errors import EmptyTreeError, TreeStructureError
from .labelers import Labeler, get_labeler
from .mft import MultiFunctionTree, Span
from .tokens import normalize_token

__all__ = [
    "EMPTY_ELEMENT",
    "Node",
    "PhraseStructure",
    "flatten_tree",
    "is_tree",
    "tree_to_mft",
]

EMPTY_ELEMENT = "-NONE-"
"""The Penn Treebank tag of empty elements (traces, null complementizers)."""


@dataclass(frozen=True)
class Node:
    """One constituent of a :class:`PhraseStructure`.

    ``children`` lists, in order, child nodes as their index in the table
    (``>= 0``) and words hanging directly below as ``-1 - position``; use
    :meth:`PhraseStructure.children` rather than decoding it by hand.
    """

    label: str
    start: int
    end: int
    parent: int
    children: tuple[int, ...]

    @property
    def span(self) -> Span:
        return (self.start, self.end)

    @property
    def is_preterminal(self) -> bool:
        """True for a node whose only child is one word (a POS tag node)."""
        return len(self.children) == 1 and self.children[0] < 0


@dataclass(frozen=True)
class PhraseStructure:
    """A phrase-structure tree as a pre-order table of nodes over its words.

    ``nodes[0]`` is the root. ``tags[i]`` is the label of the preterminal
    over word ``i``, or ``None`` where a word hangs directly under a phrase.
    """

    words: tuple[str, ...]
    nodes: tuple[Node, ...]
    tags: tuple[str | None, ...]

    def __len__(self) -> int:
        return len(self.words)

    def children(self, index: int) -> Iterator[Node | int]:
        """Children of node ``index`` in order: :class:`Node` objects and word positions."""
        for c in self.nodes[index].children:
            yield self.nodes[c] if c >= 0 else -1 - c

    def phrases(self) -> Iterator[tuple[int, Node]]:
        """``(index, node)`` for every node that is not a preterminal, in pre-order."""
        return ((i, n) for i, n in enumerate(self.nodes) if not n.is_preterminal)

    def without_words(self, drop: Callable[[int], bool]) -> PhraseStructure:
        """A copy without the words for which ``drop(position)`` is true.

        Every node left without words disappears with them; spans are
        recomputed over the remaining words.
        """
        keep = [not drop(i) for i in range(len(self.words))]
        new_pos: list[int] = []
        count = 0
        for k in keep:
            new_pos.append(count)
            count += k
        words = tuple(w for w, k in zip(self.words, keep, strict=True) if k)
        tags = tuple(t for t, k in zip(self.tags, keep, strict=True) if k)
        # Keep a node when its span still holds a word; spans shrink to the
        # kept words they contain.
        index: dict[int, int] = {}
        labels: list[str] = []
        spans: list[Span] = []
        parents: list[int] = []
        for i, node in enumerate(self.nodes):
            start, end = (
                new_pos[node.start],
                (new_pos[node.end] if node.end < len(self.words) else count),
            )
            if start == end:
                continue
            index[i] = len(labels)
            labels.append(node.label)
            spans.append((start, end))
            parents.append(index.get(node.parent, -1))
        children: list[list[int]] = [[] for _ in labels]
        for i, node in enumerate(self.nodes):
            if i not in index:
                continue
            for c in node.children:
                if c >= 0:
                    if c in index:
                        children[index[i]].append(index[c])
                elif keep[-1 - c]:
                    children[index[i]].append(-1 - new_pos[-1 - c])
        nodes = tuple(
            Node(lab, s, e, p, tuple(ch))
            for lab, (s, e), p, ch in zip(labels, spans, parents, children, strict=True)
        )
        if not nodes:
            raise EmptyTreeError("no words are left in the tree")
        return PhraseStructure(words, nodes, tags)

    def remove_empty_elements(self) -> PhraseStructure:
        """Drop words tagged ``-NONE-`` and every constituent left without words."""
        if EMPTY_ELEMENT not in self.tags:
            return self
        return self.without_words(lambda i: self.tags[i] == EMPTY_ELEMENT)


def is_tree(obj: Any) -> bool:
    """True for an ``nltk.Tree``."""
    from nltk import Tree

    return isinstance(obj, Tree)


def flatten_tree(tree: Any) -> PhraseStructure:
    """Flatten an ``nltk.Tree`` into a :class:`PhraseStructure`, without recursion."""
    from nltk import Tree

    if not isinstance(tree, Tree):
        raise TreeStructureError(f"expected an nltk.Tree, got {type(tree).__name__}: {tree!r:.60}")
    words: list[str] = []
    labels: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    parents: list[int] = []
    children: list[list[int]] = []
    # Each stack entry is (subtree, parent index); a None subtree closes the
    # node on top of ``open_`` so its end is known.
    stack: list[tuple[Any, int]] = [(tree, -1)]
    open_: list[int] = []
    while stack:
        sub, parent = stack.pop()
        if sub is None:
            ends[open_.pop()] = len(words)
        elif isinstance(sub, Tree):
            idx = len(labels)
            label = sub.label()
            labels.append("" if label is None else str(label))
            starts.append(len(words))
            ends.append(-1)
            parents.append(parent)
            children.append([])
            if parent >= 0:
                children[parent].append(idx)
            open_.append(idx)
            stack.append((None, idx))
            stack.extend((k, idx) for k in reversed(sub))
        else:
            children[parent].append(-1 - len(words))
            words.append(str(sub))
    if not words:
        raise EmptyTreeError("the tree has no words")
    nodes = tuple(
        Node(lab, s, e, p, tuple(ch))
        for lab, s, e, p, ch in zip(labels, starts, ends, parents, children, strict=True)
    )
    for node in nodes:
        if node.start == node.end:
            raise EmptyTreeError(
                f"constituent {node.label!r} before token {node.start + 1} has no words",
                token=node.label,
            )
    tags: list[str | None] = [None] * len(words)
    for node in nodes:
        if node.is_preterminal:
            tags[-1 - node.children[0]] = node.label
    return PhraseStructure(tuple(words), nodes, tuple(tags))


def tree_to_mft(
    tree: Any | PhraseStructure,
    labeler: str | Labeler = "ptb",
) -> MultiFunctionTree:
    """Convert an ``nltk.Tree`` (or a flattened one) to a multi-function tree.

    ``labeler`` is ``"ptb"`` (default), ``"colon"``, ``"colon-mirror"``,
    ``"identity"``, ``"rr"`` or any callable from a label to function labels.
    """
    ps = tree if isinstance(tree, PhraseStructure) else flatten_tree(tree)
    ps = ps.remove_empty_elements()
    label_fn = get_labeler(labeler)
    table: dict[Span, frozenset[str]] = {}
    cache: dict[str, frozenset[str]] = {}
    for node in ps.nodes:
        funcs = cache.get(node.label)
        if funcs is None:
            funcs = frozenset(label_fn(node.label))
            cache[node.label] = funcs
        span = (node.start, node.end)
        old = table.get(span)
        table[span] = funcs if old is None else old | funcs
    words = tuple(normalize_token(w) for w in ps.words)
    return MultiFunctionTree._trusted(words, table)
