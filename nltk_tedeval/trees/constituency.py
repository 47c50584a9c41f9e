"""Phrase-structure trees: from ``nltk.Tree`` to multi-function trees.

This module and :mod:`nltk_tedeval.trees.dependency` are the only code that
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

import reprlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..errors import EmptyTreeError, TreeStructureError
from ..records import is_disc_tree, is_nltk_tree
from .labelers import LABELERS, Labeler, get_labeler
from .mft import MultiFunctionTree, Span
from .tokens import normalize_token

__all__ = [
    "EMPTY_ELEMENT",
    "Node",
    "PhraseStructure",
    "WordlessTree",
    "flatten_tree",
    "is_disc_tree",
    "is_tree",
    "phrase_structure",
    "span_labels",
    "tree_to_mft",
]

EMPTY_ELEMENT = "-NONE-"
"""The Penn Treebank tag of empty elements (traces, null complementizers)."""


class Node(NamedTuple):
    """One constituent of a :class:`PhraseStructure`.

    ``children`` lists, in order, child nodes as their index in the table
    (``>= 0``) and words hanging directly below as ``-1 - position``; use
    :meth:`PhraseStructure.children` rather than decoding it by hand. A
    constituent without words (``(NP)``) has ``start == end``.
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

    >>> from nltk import Tree
    >>> ps = flatten_tree(Tree.fromstring("(S (NP (PRP I)) (VP (VBD left)))"))
    >>> ps.words, ps.tags, [(n.label, n.start, n.end) for n in ps.nodes][:2]
    (('I', 'left'), ('PRP', 'VBD'), [('S', 0, 2), ('NP', 0, 1)])
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
        new_pos.append(count)  # position len(words): where an empty node at the end sits
        words = tuple(w for w, k in zip(self.words, keep, strict=True) if k)
        tags = tuple(t for t, k in zip(self.tags, keep, strict=True) if k)
        # Keep a node when its span still holds a word; spans shrink to the
        # kept words they contain.
        index: dict[int, int] = {}
        labels: list[str] = []
        spans: list[Span] = []
        parents: list[int] = []
        for i, node in enumerate(self.nodes):
            start, end = new_pos[node.start], new_pos[node.end]
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
        if EMPTY_ELEMENT not in self.tags and all(n.start < n.end for n in self.nodes):
            return self
        return self.without_words(lambda i: self.tags[i] == EMPTY_ELEMENT)

    def text_words(self) -> tuple[str, ...]:
        """The words without empty elements (``-NONE-``): the text a parser reads (SPEC.md §11).

        >>> from nltk import Tree
        >>> flatten_tree(Tree.fromstring("(S (NP (-NONE- *)) (VP (VB Go)))")).text_words()
        ('Go',)
        """
        if EMPTY_ELEMENT not in self.tags:
            return self.words
        return tuple(w for w, t in zip(self.words, self.tags, strict=True) if t != EMPTY_ELEMENT)

    def text_key(self) -> bytes | None:
        """What stands for :meth:`text_words` where it costs less to make, or ``None``:
        equal keys, equal text words (a block's line answers from its bytes; issue 31).

        >>> from nltk import Tree
        >>> print(flatten_tree(Tree.fromstring("(S (X a))")).text_key())
        None
        """
        return None

    def has_text(self) -> bool:
        """Whether a word is not an empty element: a tree without one is a missing parse
        (SPEC.md §10). Asked of every sentence of a run, so a block's tree answers it
        from its columns (:class:`~nltk_tedeval.trees.blocks.BlockTree`).

        >>> from nltk import Tree
        >>> flatten_tree(Tree.fromstring("(S (NP (-NONE- *)))")).has_text()
        False
        """
        return bool(self.text_words())

    def labeled_spans(self) -> Iterable[tuple[str, int, int]]:
        """``(label, start, end)`` of every node, in pre-order: all a multi-function tree
        needs of a phrase (SPEC.md §3.2), which a table read in blocks gives without nodes.

        >>> from nltk import Tree
        >>> list(flatten_tree(Tree.fromstring("(S (NP (PRP I)) (VP (VBD left)))")).labeled_spans())
        [('S', 0, 2), ('NP', 0, 1), ('PRP', 0, 1), ('VP', 1, 2), ('VBD', 1, 2)]
        """
        return ((n.label, n.start, n.end) for n in self.nodes)


@dataclass(frozen=True)
class WordlessTree:
    """A bracketed tree without any word, such as ``(TOP ())``, read without nltk.

    A :class:`PhraseStructure` needs a word, so the readers' fast path
    (``nltk_trees=False``) builds such a tree as an ``nltk.Tree``; read with
    ``nltk_free=True``, as the command line reads, it becomes this record
    instead, and every metric treats it as that ``nltk.Tree``: a
    constituency tree (:func:`~.kinds.tree_kind`) without words
    (:func:`~.kinds.tree_words`), which :func:`flatten_tree` and
    :func:`tree_to_mft` refuse with
    :class:`~nltk_tedeval.errors.EmptyTreeError`. ``labels`` and
    ``children`` are its nodes in pre-order, the root first; children are
    node indices, as there are no words to point to.

    >>> t = WordlessTree(("TOP", ""), ((1,), ()))
    >>> t.label(), t.to_tree()
    ('TOP', Tree('TOP', [Tree('', [])]))
    """

    labels: tuple[str, ...]
    children: tuple[tuple[int, ...], ...]

    def label(self) -> str:
        """The root's label, as ``nltk.Tree.label`` gives it."""
        return self.labels[0]

    def to_tree(self) -> Any:
        """The ``nltk.Tree`` this tree stands for (importing nltk)."""
        from nltk import Tree

        trees = [Tree(label, []) for label in self.labels]
        for tree, kids in zip(trees, self.children, strict=True):
            tree.extend(trees[k] for k in kids)
        return trees[0]


is_tree = is_nltk_tree
"""True for an ``nltk.Tree`` (a :class:`~.discontinuous.DiscTree` too), without importing nltk:
the test of :mod:`nltk_tedeval.records`, which reads the registry of kinds, under this
module's older name."""


def _require_nltk_tree(tree: Any) -> None:
    """Refuse what the walks over an ``nltk.Tree`` cannot read, as the ``nltk.Tree`` would be.

    A :class:`WordlessTree` stands for an ``nltk.Tree`` without words, which
    has nothing to walk over.
    """
    if isinstance(tree, WordlessTree):
        raise EmptyTreeError("the tree has no words")
    if not is_tree(tree):
        raise TreeStructureError(
            f"expected an nltk.Tree, got {type(tree).__name__}: {reprlib.repr(tree)}"
        )


def flatten_tree(tree: Any) -> PhraseStructure:
    """Flatten an ``nltk.Tree`` into a :class:`PhraseStructure`, without recursion.

    Every node is kept, also a constituent without words (``start == end``);
    :meth:`PhraseStructure.remove_empty_elements` drops those and the
    ``-NONE-`` elements.

    >>> from nltk import Tree
    >>> [n.span for n in flatten_tree(Tree.fromstring("(S (NP x) (VP y))")).nodes]
    [(0, 2), (0, 1), (1, 2)]

    A :class:`~nltk_tedeval.trees.discontinuous.DiscTree` is read with its
    words as leaves, and refused if a constituent is discontinuous: the
    table holds contiguous spans. A :class:`WordlessTree` is refused as the
    ``nltk.Tree`` it stands for is, with :class:`~nltk_tedeval.errors.EmptyTreeError`.
    """
    if is_disc_tree(tree):
        from .discontinuous import as_contiguous

        tree = as_contiguous(tree)
    _require_nltk_tree(tree)
    from nltk import Tree  # loaded already: ``tree`` is one

    words: list[str] = []
    labels: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    parents: list[int] = []
    children: list[list[int]] = []
    # Entries are (subtree, parent index); (None, i) closes node i, whose
    # end is then known.
    stack: list[tuple[Any, int]] = [(tree, -1)]
    pop, push, extend = stack.pop, stack.append, stack.extend
    while stack:
        sub, parent = pop()
        if sub is None:
            ends[parent] = len(words)
        elif isinstance(sub, Tree):
            idx = len(labels)
            label = sub.label()
            labels.append(label if type(label) is str else "" if label is None else str(label))
            starts.append(len(words))
            ends.append(-1)
            parents.append(parent)
            children.append([])
            if parent >= 0:
                children[parent].append(idx)
            push((None, idx))
            if len(sub) == 1:
                push((sub[0], idx))
            else:
                extend((k, idx) for k in reversed(sub))
        else:
            children[parent].append(-1 - len(words))
            words.append(sub if type(sub) is str else str(sub))
    if not words:
        raise EmptyTreeError("the tree has no words")
    return phrase_structure(labels, starts, ends, parents, children, words)


def phrase_structure(
    labels: Sequence[str],
    starts: Sequence[int],
    ends: Sequence[int],
    parents: Sequence[int],
    children: Sequence[Sequence[int]],
    words: Sequence[str],
) -> PhraseStructure:
    """A :class:`PhraseStructure` from its pre-order table, one entry per node.

    ``children[i]`` lists node indices and ``-1 - position`` for words, as
    :class:`Node` does; a node whose only child is a word is that word's tag.
    Both ``flatten_tree`` and the bracket reader's fast path build this way.

    >>> ps = phrase_structure(["S", "NN"], [0, 0], [1, 1], [-1, 0], [[1], [-1]], ["x"])
    >>> ps.tags, ps.nodes[1].is_preterminal
    (('NN',), True)
    """
    tags: list[str | None] = [None] * len(words)
    nodes = []
    for lab, st, en, par, ch in zip(labels, starts, ends, parents, children, strict=True):
        if len(ch) == 1 and ch[0] < 0:
            tags[-1 - ch[0]] = lab
        nodes.append(Node(lab, st, en, par, tuple(ch)))
    return PhraseStructure(tuple(words), tuple(nodes), tuple(tags))


def tree_to_mft(
    tree: Any | PhraseStructure,
    labeler: str | Labeler = "ptb",
) -> MultiFunctionTree:
    """Convert an ``nltk.Tree`` (or a flattened one) to a multi-function tree.

    ``labeler`` is ``"ptb"`` (default), ``"colon"``, ``"colon-mirror"``,
    ``"identity"``, ``"rr"`` or any callable from a label to function labels.

    >>> from nltk import Tree
    >>> print(tree_to_mft(Tree.fromstring("(S (NP-SBJ (PRP I)) (VP (VBD left)))")))
    (0,2):{} (0,1):{SBJ} (1,2):{}
    """
    label_fn = get_labeler(labeler)
    if is_disc_tree(tree):
        from .discontinuous import disc_tree_to_mft

        return disc_tree_to_mft(tree, label_fn)
    if isinstance(tree, PhraseStructure):
        ps = tree.remove_empty_elements()
        spans: Iterable[tuple[str, int, int]] = ps.labeled_spans()
        raw_words: Sequence[str] = ps.words
    else:
        raw_words, spans = _spans_without_empty_elements(tree)
    # Nodes that share a span (a unary chain) are one node labelled with
    # the union of their functions (SPEC.md §2, the 2012 unary-chain collapse).
    cache = _functions_of(label_fn)
    known = cache.get
    table: dict[Span, frozenset[str]] = {}
    old_functions = table.get
    for label, start, end in spans:
        funcs = known(label)
        if funcs is None:
            funcs = cache[label] = frozenset(label_fn(label))
        span = (start, end)
        old = old_functions(span)
        table[span] = funcs if old is None else old | funcs
    words = tuple(normalize_token(w) for w in raw_words)
    return MultiFunctionTree._trusted(words, table)


def span_labels(tree: Any) -> dict[Span, tuple[str, ...]] | None:
    """The treebank's labels over each node of :func:`tree_to_mft`'s tree: for each span, the
    labels of the constituents that collapse into its node, outermost first; ``None`` for a
    tree that is not a constituency tree. For drawing only: nothing is scored on it.

    The spans are those :func:`tree_to_mft` makes, by the same walks (empty elements removed).

    >>> from nltk import Tree
    >>> t = Tree.fromstring("(TOP (S (NP-SBJ (PRP I)) (VP (VBD left) (NP (-NONE- *)))))")
    >>> span_labels(t)
    {(0, 2): ('TOP', 'S'), (1, 2): ('VP', 'VBD'), (0, 1): ('NP-SBJ', 'PRP')}
    >>> span_labels(flatten_tree(t)) == span_labels(t)
    True
    """
    if is_disc_tree(tree):
        from .discontinuous import labeled_yields

        spans: Iterable[tuple[str, Any]] = labeled_yields(tree)  # in pre-order
    elif isinstance(tree, PhraseStructure):
        spans = ((label, (s, e)) for label, s, e in tree.remove_empty_elements().labeled_spans())
    elif is_tree(tree):
        # Closed after their children: a chain's innermost label comes first.
        post = _spans_without_empty_elements(tree)[1]
        spans = ((label, (s, e)) for label, s, e in reversed(post))
    else:
        return None
    table: dict[Span, tuple[str, ...]] = {}
    for label, span in spans:
        table[span] = (*table.get(span, ()), label)
    return table


_NAMED_FUNCTIONS: dict[Labeler, dict[str, frozenset[str]]] = {}


def _functions_of(label_fn: Labeler) -> dict[str, frozenset[str]]:
    """A cache of ``label_fn``'s answers: kept across trees for the named labelers, which are
    pure functions of the label (a treebank has a few hundred labels), per tree for others."""
    for named in LABELERS.values():
        if named is label_fn:
            cache = _NAMED_FUNCTIONS.setdefault(named, {})
            if len(cache) > 100_000:  # labels made up per tree: do not grow for ever
                cache.clear()
            return cache
    return {}


def _spans_without_empty_elements(tree: Any) -> tuple[list[str], list[tuple[str, int, int]]]:
    """Words and ``(label, start, end)`` of every constituent, empty elements removed.

    The direct path of :func:`tree_to_mft`: one walk over the ``nltk.Tree``
    that skips ``-NONE-`` preterminals and drops constituents left without
    words (SPEC.md §3.2), without building a :class:`PhraseStructure`.
    """
    _require_nltk_tree(tree)
    from nltk import Tree  # loaded already: ``tree`` is one

    words: list[str] = []
    spans: list[tuple[str, int, int]] = []
    add_word, add_span = words.append, spans.append
    # Entries: a subtree to open, or (label, start) to close. Labels are read
    # from ``_label`` and children through list methods: Tree.label() and
    # Tree.__getitem__ are Python-level calls, and this loop runs once per
    # node of every tree read.
    stack: list[Any] = [tree]
    pop, push, extend = stack.pop, stack.append, stack.extend
    while stack:
        sub = pop()
        kind = type(sub)
        if kind is tuple:
            label, start = sub
            if len(words) > start:
                add_span((label, start, len(words)))
        elif kind is str:
            add_word(sub)
        elif isinstance(sub, Tree):
            label = getattr(sub, "_label", None)
            if type(label) is not str:
                label = sub.label()
                label = "" if label is None else str(label)
            if label == EMPTY_ELEMENT and len(sub) == 1 and not isinstance(sub[0], Tree):
                continue
            push((label, len(words)))
            extend(reversed(sub))
        else:
            add_word(str(sub))
    if not words:
        raise EmptyTreeError("the tree has no words")
    return words, spans


def mft_to_tree(
    tree: MultiFunctionTree,
    node_label: Callable[[Span, frozenset[str]], str] | None = None,
    *,
    top_label: str = "",
) -> Any:
    """An ``nltk.Tree`` that draws a multi-function tree, built without recursion.

    Every node of ``tree`` becomes a constituent over its words, labelled
    ``node_label(span, labels)`` (by default the sorted labels joined by
    ``+``, ``_`` for none, as :meth:`~nltk_tedeval.trees.mft.MultiFunctionTree.to_bracketed`
    writes them). Words outside every node hang from the root, which is
    labelled ``top_label`` when no node covers the whole sentence. This is
    for drawing (``pretty_print``, svgling); nothing is scored on it.

    A tree with a node whose yield has gaps cannot keep its words in order
    under that node: its leaves are then the words' positions, children in the
    order of their first word, as nltk draws discontinuous trees
    (``pretty_print(sentence=words)``).

    >>> t = MultiFunctionTree({(0, 3): {"root"}, (1, 3): {"prep"}, (2, 3): {"pobj"}},
    ...                       ("arrive", "on", "Sunday"))
    >>> print(mft_to_tree(t))
    (root arrive (prep on (pobj Sunday)))
    """
    from nltk import Tree

    if node_label is None:

        def node_label(span: Span, labels: frozenset[str]) -> str:
            return "+".join(sorted(labels)) or "_"

    n = tree.n
    full = (0, n)
    root = Tree(node_label(full, tree.labels(full)) if full in tree else top_label, [])
    if not tree.contiguous:
        return _tree_with_gaps(tree, node_label, root)
    # Open constituents, outermost first, with the end of their span.
    open_: list[tuple[int, Any]] = [(n, root)]
    words = tree.words
    pos = 0
    for span, labels in tree.nodes():
        start, end = span
        if span == full:
            continue
        while len(open_) > 1 and open_[-1][0] <= start:
            close, node = open_.pop()
            node.extend(words[pos:close])
            pos = max(pos, close)
        open_[-1][1].extend(words[pos:start])
        pos = max(pos, start)
        child = Tree(node_label(span, labels), [])
        open_[-1][1].append(child)
        open_.append((end, child))
    while open_:
        close, node = open_.pop()
        node.extend(words[pos:close])
        pos = max(pos, close)
    return root


def _tree_with_gaps(
    tree: MultiFunctionTree, node_label: Callable[[Span, frozenset[str]], str], root: Any
) -> Any:
    """:func:`mft_to_tree` for a tree with gaps: positions as leaves, without recursion."""
    from nltk import Tree

    children = tree.ordered_children()
    full = (0, tree.n)
    top = children[full] if full in tree else children[None]
    stack = [(root, top)]
    while stack:
        node, kids = stack.pop()
        for kid in kids:
            if isinstance(kid, int):
                node.append(kid)
            else:
                child = Tree(node_label(kid, tree.labels(kid)), [])
                node.append(child)
                stack.append((child, children[kid]))
    return root
