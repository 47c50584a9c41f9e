"""The APTED engine: TedEval's δ from a general tree edit distance.

This engine is the independent check of :mod:`nltk_tedeval.protocol.engine_span` and
the basis for yields that differ (joint segmentation and parsing). It runs
the APTED algorithm (Pawlik and Augsten, via the ``apted`` package) on the
*sorted function trees* of the 2012 paper (§3.3):

- a virtual root, never edited, over every node;
- each label set becomes a unary chain ordered by label, outermost first
  (plain string order), so a chain cannot be reordered to fit another tree;
  an empty set is a chain of length 0;
- in unlabeled mode each node is one unlabeled chain link, and the node over
  the whole yield is the root itself;
- terminals are leaves labelled by their position.

Costs (SPEC.md §5): inserting or deleting a function node costs 1; renaming
costs 0 between equal labels and 2 otherwise (a delete plus an add);
inserting, deleting or renaming a terminal costs more than deleting every
function node of both trees, so no optimal script ever moves a word. With
unit-cost terminals APTED would find cheaper scripts that the protocol does
not allow (the SPEC's counterexample: ``x = (0,3):{A,B}``, ``y =
(0,2):{A,B}`` over 4 tokens costs 4 under TedEval but 2 if token 2 may move).

The optimal mapping gives the edit script as a set of ``delete``/``add``
operations on items; δ is computed from two scripts exactly as the span
engine computes it from sets.

Trees with a node whose yield has gaps (non-projective dependency trees) are
refused: an ordered tree must place such a node's words together, apart
from the words in its gaps, and two trees may need orders that no single
order of the words satisfies, so that APTED would move words and overcharge
(SPEC.md §5, "Yields with gaps"). The span engine scores them, and
``tests/test_nonprojective.py`` checks it against a brute-force edit
distance instead.

>>> from nltk_tedeval.trees.mft import MultiFunctionTree
>>> x = MultiFunctionTree({(0, 3): {"A", "B"}}, 4)
>>> y = MultiFunctionTree({(0, 2): {"A", "B"}}, 4)
>>> apted_distance(x, y, labeled=True), apted_distance(x, y, labeled=True, terminal_cost=1)
(4, 2)
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from apted import APTED, Config

from ..errors import OptionError
from ..trees.mft import MultiFunctionTree, format_span, span_words

__all__ = [
    "FunctionNode",
    "apted_counts",
    "apted_distance",
    "edit_script",
    "require_contiguous",
    "sorted_function_tree",
]

_ROOT, _FUNC, _TERM = 0, 1, 2

MAX_NODES = 600
"""The most nodes (function nodes, tokens and the root) of a sorted function tree
that the engine takes; about 300 tokens, three times the longest GUM sentence.
APTED needs cubic time: 800 tokens take minutes, a 2,000-level chain hours."""
MAX_DEPTH = 150
"""The deepest sorted function tree the engine takes (chains are APTED's worst case)."""
_UNLABELED = ""

T = TypeVar("T")


class FunctionNode:
    """A node of a sorted function tree: the virtual root, a function or a terminal."""

    __slots__ = ("children", "kind", "label", "span")

    def __init__(self, kind: int, label: str, span: tuple[int, int]) -> None:
        self.kind = kind
        self.label = label
        self.span = span
        self.children: list[FunctionNode] = []

    def __repr__(self) -> str:
        kind = ("root", "func", "term")[self.kind]
        return f"FunctionNode({kind}, {self.label!r}, {self.span})"

    def size(self) -> int:
        """The number of function nodes below (and including) this node."""
        count, stack = 0, [self]
        while stack:
            node = stack.pop()
            count += node.kind == _FUNC
            stack.extend(node.children)
        return count

    def depth(self) -> int:
        """The length of the longest root-to-leaf path."""
        best, stack = 0, [(self, 1)]
        while stack:
            node, d = stack.pop()
            best = max(best, d)
            stack.extend((c, d + 1) for c in node.children)
        return best


def require_contiguous(tree: MultiFunctionTree) -> None:
    """Refuse a tree with a node whose yield has gaps (see the module's docstring)."""
    if tree.contiguous:
        return
    gapped = next(span for span in tree.spans if len(span) > 2)
    raise OptionError(
        f"the APTED engine compares ordered trees and cannot keep every word in place "
        f"around a node whose yield has gaps, here {format_span(gapped)} "
        f"({' '.join(span_words(tree.words, gapped))!r}); use the span engine "
        "(engine='span'), or projectivize=True to lift non-projective arcs first",
        token=format_span(gapped),
    )


def sorted_function_tree(tree: MultiFunctionTree, *, labeled: bool) -> FunctionNode:
    """The sorted function tree of ``tree`` in labeled or unlabeled mode.

    >>> from nltk_tedeval.trees.mft import MultiFunctionTree
    >>> root = sorted_function_tree(MultiFunctionTree({(0, 2): {"b", "a"}}, 2), labeled=True)
    >>> chain = root.children[0]
    >>> chain.label, chain.children[0].label, [t.label for t in chain.children[0].children]
    ('a', 'b', ['0', '1'])
    """
    require_contiguous(tree)
    n = tree.n
    root = FunctionNode(_ROOT, "", (0, n))
    # ``open_`` holds (end, innermost chain link) of the spans that contain
    # the current position, outermost first; spans come in pre-order.
    open_: list[tuple[int, FunctionNode]] = [(n, root)]
    pos = 0

    def attach_words(upto: int) -> None:
        nonlocal pos
        parent = open_[-1][1]
        while pos < upto:
            parent.children.append(FunctionNode(_TERM, str(pos), (pos, pos + 1)))
            pos += 1

    for span, labels in tree.nodes():
        start, end = span
        while open_[-1][0] <= start and len(open_) > 1:
            attach_words(open_[-1][0])
            open_.pop()
        attach_words(start)
        if labeled:
            chain = sorted(labels)
        else:
            chain = [] if span == (0, n) else [_UNLABELED]
        parent = open_[-1][1]
        for label in chain:
            link = FunctionNode(_FUNC, label, span)
            parent.children.append(link)
            parent = link
        open_.append((end, parent))
    while len(open_) > 1:
        attach_words(open_[-1][0])
        open_.pop()
    attach_words(n)
    return root


class _TedEvalCosts(Config):
    """Unit costs for function nodes; terminals and the root are never edited."""

    def __init__(self, terminal_cost: int) -> None:
        self.terminal_cost = terminal_cost

    def _fixed(self, node: FunctionNode) -> int:
        return 1 if node.kind == _FUNC else self.terminal_cost

    def delete(self, node: FunctionNode) -> int:
        return self._fixed(node)

    def insert(self, node: FunctionNode) -> int:
        return self._fixed(node)

    def rename(self, node1: FunctionNode, node2: FunctionNode) -> int:
        if node1.kind != node2.kind:
            return 2 * self.terminal_cost
        if node1.kind == _FUNC:
            return 0 if node1.label == node2.label else 2
        return 0 if node1.label == node2.label else 2 * self.terminal_cost

    def children(self, node: FunctionNode) -> list[FunctionNode]:
        return node.children


def _deep(fn: Callable[[], T], depth: int) -> T:
    """Run ``fn`` with room for ``apted``'s recursion over a tree ``depth`` deep."""
    need = 4 * depth + 200
    if need < sys.getrecursionlimit() // 2:
        return fn()
    result: list[Any] = []
    error: list[BaseException] = []

    def run() -> None:
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old, need))
        try:
            result.append(fn())
        except BaseException as exc:  # re-raised in the caller's thread
            error.append(exc)
        finally:
            sys.setrecursionlimit(old)

    old_size = threading.stack_size()
    threading.stack_size(min(1 << 30, max(64 << 20, depth * 4096)))
    try:
        worker = threading.Thread(target=run, name="tedeval-apted")
        worker.start()
        worker.join()
    finally:
        threading.stack_size(old_size)
    if error:
        raise error[0]
    return result[0]


def _check_size(nodes: int, depth: int) -> None:
    """Refuse a tree too big for APTED's cubic time, instead of running for hours."""
    if nodes > MAX_NODES or depth > MAX_DEPTH:
        raise OptionError(
            f"the APTED engine takes sorted function trees of at most {MAX_NODES} nodes and "
            f"depth {MAX_DEPTH} (its time is cubic: it is a cross-check for sentences of "
            f"ordinary length); this one has {nodes} nodes and depth {depth}; use the span "
            "engine (engine='span'), which gives the same numbers in linear time",
            token=f"{nodes} nodes, depth {depth}",
        )


def _run(
    x: MultiFunctionTree, y: MultiFunctionTree, labeled: bool, terminal_cost: int | None
) -> tuple[int, list[tuple[FunctionNode | None, FunctionNode | None]], int, int]:
    tx = sorted_function_tree(x, labeled=labeled)
    ty = sorted_function_tree(y, labeled=labeled)
    size_x, size_y = tx.size(), ty.size()
    _check_size(size_x + x.n + 1, tx.depth())
    _check_size(size_y + y.n + 1, ty.depth())
    cost = size_x + size_y + 1 if terminal_cost is None else terminal_cost
    config = _TedEvalCosts(cost)

    def compute() -> tuple[int, list]:
        apted = APTED(tx, ty, config)
        return apted.compute_edit_distance(), apted.compute_edit_mapping()

    distance, mapping = _deep(compute, max(tx.depth(), ty.depth()))
    return int(distance), mapping, size_x, size_y


def apted_distance(
    x: MultiFunctionTree,
    y: MultiFunctionTree,
    *,
    labeled: bool,
    terminal_cost: int | None = None,
) -> int:
    """The tree edit distance between the sorted function trees of ``x`` and ``y``.

    ``terminal_cost=None`` uses the protocol's prohibitive terminal cost;
    pass ``1`` to see what unit-cost terminals would allow.

    >>> from nltk_tedeval.trees.mft import MultiFunctionTree
    >>> x = MultiFunctionTree({(0, 3): {"A", "B"}}, 4)
    >>> y = MultiFunctionTree({(0, 2): {"A", "B"}}, 4)
    >>> apted_distance(x, y, labeled=True), apted_distance(x, y, labeled=True, terminal_cost=1)
    (4, 2)
    """
    return _run(x, y, labeled, terminal_cost)[0]


Operation = tuple[str, tuple]


def edit_script(
    x: MultiFunctionTree, y: MultiFunctionTree, *, labeled: bool
) -> frozenset[Operation]:
    """The optimal edit script from ``x`` to ``y`` found by APTED, as a set.

    Operations are ``("delete", item)`` and ``("add", item)``; an item is
    ``(label, start, end)`` in labeled mode and ``(start, end)`` in
    unlabeled mode. A rename of a chain link counts as a delete and an add.

    >>> from nltk_tedeval.trees.mft import MultiFunctionTree
    >>> x = MultiFunctionTree({(0, 2): {"A"}}, 2)
    >>> y = MultiFunctionTree({(0, 2): {"B"}}, 2)
    >>> sorted(edit_script(x, y, labeled=True))
    [('add', ('B', 0, 2)), ('delete', ('A', 0, 2))]
    """
    _, mapping, _, _ = _run(x, y, labeled, None)
    script: set[Operation] = set()

    def item(node: FunctionNode) -> tuple:
        return (node.label, *node.span) if labeled else node.span

    for a, b in mapping:
        a_func = a is not None and a.kind == _FUNC
        b_func = b is not None and b.kind == _FUNC
        if a_func and b_func and (a.label, a.span) == (b.label, b.span):  # type: ignore[union-attr]
            continue
        if a_func:
            script.add(("delete", item(a)))  # type: ignore[arg-type]
        if b_func:
            script.add(("add", item(b)))  # type: ignore[arg-type]
    return frozenset(script)


def apted_counts(
    parse: MultiFunctionTree,
    gold: MultiFunctionTree,
    reference: MultiFunctionTree,
    *,
    labeled: bool,
) -> tuple[int, int]:
    """``(δ, ι)`` from the APTED edit scripts ES(parse, ref) and ES(gold, ref)."""
    to_ref = edit_script(parse, reference, labeled=labeled)
    # In SINGLE the native gold is the reference, and a tree's script to
    # itself is empty: no need to ask APTED.
    if gold == reference:
        shared = 0
    else:
        shared = len(to_ref & edit_script(gold, reference, labeled=labeled))
    iota = (
        sorted_function_tree(parse, labeled=labeled).size()
        + sorted_function_tree(reference, labeled=labeled).size()
    )
    return len(to_ref) - shared, iota
