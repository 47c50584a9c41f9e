"""Tree edit distance as disco-dop's ``eval --ted`` scores it ("tree-dist (Dice micro avg)").

Both trees, after disco-dop's transform (deleted words and phrases,
``EQ_LABEL``; :mod:`~nltk_tedeval.metrics.disco_parseval`), become ordered
labelled trees as disco-dop's ``treedist.prepare`` makes them: the children
of every phrase sorted by their first word, and each part of speech merged
with the position of its word into one leaf, ``NN-3``, so that a leaf
matches only the same tag on the same word. Their distance ``d`` is the
least number of node deletions, insertions and relabellings, each costing
1 (Zhang and Shasha 1989), that turn the gold into the parse. A sentence
counts its distance and the nodes of both trees, phrases and parts of
speech, less the two roots when the gold's root label is deleted (as
``proper.prm`` deletes ``ROOT``): disco-dop's Dice denominator ``n``. The
roots stay in both trees all the same, so different root labels cost 1.

    TED = 1 − Σd / Σn      (micro; the mean of sentences' 1 − d/n is its macro)

A sentence without a word (every word deleted) is N/A and adds nothing
(disco-dop makes the corpus figure ``nan``; SPEC.md §7).

Two engines compute ``d``: ``"zs"``, Zhang and Shasha's algorithm over the
trees' post-order (the one disco-dop runs, and the default: about two and
a half times faster here), and ``"apted"``, the APTED algorithm of Pawlik
and Augsten through the ``apted`` package (TedEval's engine of
:mod:`nltk_tedeval.protocol.engine_apted`), an independent check the tests
run on every fixture.

>>> from nltk_tedeval.metrics.disco_parseval import DiscoParsevalEvaluator
>>> from nltk_tedeval.trees.discontinuous import DiscTree
>>> gold = DiscTree.from_discbracket("(ROOT (S (NP (DT 0=a) (NN 1=b)) (VB 2=c)))")
>>> parse = DiscTree.from_discbracket("(ROOT (S (DT 0=a) (NP (NN 1=b) (VB 2=c))))")
>>> ev = DiscoParsevalEvaluator([parse], [gold], extra_measures="TED")
>>> ev.score("TED").totals, round(float(ev.score("TED")), 4)
({'ted_distance': 2, 'ted_nodes': 10}, 0.8)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..errors import OptionError
from ..scoring.extensions import MeasureExtension
from ..scoring.stats import Measure, edit_score

if TYPE_CHECKING:
    from .disco_parseval import DiscoTree, DiscoView

__all__ = ["ENGINES", "TREE_DISTANCE", "postorder", "tree_distance", "zhang_shasha"]

ENGINES = ("zs", "apted")
"""The engines of :func:`tree_distance`: Zhang and Shasha's algorithm, and APTED's."""


def postorder(tree: DiscoTree) -> tuple[list[str], list[int]]:
    """The labels of ``tree`` as disco-dop's ``prepare`` orders them, in post-order, and
    each node's leftmost leaf (its index in that order).

    >>> from nltk_tedeval.metrics.disco_parseval import DiscoTree
    >>> t = DiscoTree.build(["NP", "S"], [[-1, -3], [0, -2]], ["DT", "VB", "NN"], 1, True)
    >>> postorder(t)
    (['DT-0', 'NN-2', 'NP', 'VB-1', 'S'], [0, 1, 0, 3, 0])
    """
    labels: list[str] = []
    leftmost: list[int] = []
    tags = tree.tags
    if not tree.phrasal_root:
        # One part of speech over its word: one leaf.
        words = [-1 - k for k in tree.kids[tree.root]][:1]
        return [f"{tree.labels[tree.root]}-{w}" for w in words], [0] * len(words)
    spans = tree.spans()

    def first(item: int) -> int:
        return -1 - item if item < 0 else spans[item][0]

    # Without recursion (a right-branching tree of a long sentence is deep): a node's
    # leftmost leaf is the first label written after it is entered.
    stack: list[tuple[int, int]] = [(tree.root, -1)]
    while stack:
        item, start = stack.pop()
        if item < 0:
            w = -1 - item
            leftmost.append(len(labels))
            labels.append(f"{tags[w]}-{w}")
        elif start < 0:
            stack.append((item, len(labels)))
            stack.extend((kid, -1) for kid in sorted(tree.kids[item], key=first, reverse=True))
        else:
            leftmost.append(start)
            labels.append(tree.labels[item])
    return labels, leftmost


def zhang_shasha(a: tuple[list[str], list[int]], b: tuple[list[str], list[int]]) -> int:
    """The unit-cost edit distance of two trees given by :func:`postorder` (Zhang and
    Shasha 1989: the forest distances of every pair of key roots).

    >>> zhang_shasha((["a", "b", "f"], [0, 1, 0]), (["a", "f"], [0, 0]))
    1
    """
    la, ma = a
    lb, mb = b
    n, m = len(la), len(lb)
    if n == 0 or m == 0:
        return n + m
    if la == lb and ma == mb:
        return 0
    tree = [[0] * m for _ in range(n)]
    # What each key root of the parse needs, made once: for every node of its subtree (in
    # post-order from its leftmost leaf), the column of the forest before the node's own
    # leftmost leaf, whether the node is on the key root's leftmost path, and its label.
    columns = []
    for j in _key_roots(mb):
        lj = mb[j]
        span = range(lj, j + 1)
        columns.append(
            (lj, [mb[y] - lj for y in span], [mb[y] == lj for y in span], lb[lj : j + 1])
        )
    for i in _key_roots(ma):
        li = ma[i]
        rows = i - li + 2
        for lj, before_y, whole_y, labels_y in columns:
            cols = len(before_y) + 1
            forest = [list(range(cols))]
            for x in range(1, rows):
                xi = x + li - 1
                lx, label, tree_x = ma[xi], la[xi], tree[xi]
                above = forest[x - 1]
                # The forest before x's leftmost leaf: the row to add x's subtree to.
                before = forest[lx - li]
                here = [x]
                if lx == li:
                    for y in range(1, cols):
                        best = above[y] + 1
                        other = here[y - 1] + 1
                        if other < best:
                            best = other
                        if whole_y[y - 1]:
                            # Both forests are whole trees: their distance is a tree distance.
                            other = above[y - 1] + (label != labels_y[y - 1])
                            if other < best:
                                best = other
                            tree_x[lj + y - 1] = best
                        else:
                            other = before[before_y[y - 1]] + tree_x[lj + y - 1]
                            if other < best:
                                best = other
                        here.append(best)
                else:
                    for y in range(1, cols):
                        best = above[y] + 1
                        other = here[y - 1] + 1
                        if other < best:
                            best = other
                        other = before[before_y[y - 1]] + tree_x[lj + y - 1]
                        if other < best:
                            best = other
                        here.append(best)
                forest.append(here)
    return tree[n - 1][m - 1]


def _key_roots(leftmost: Sequence[int]) -> list[int]:
    """The nodes that are the highest with their leftmost leaf (the root among them)."""
    highest: dict[int, int] = {}
    for node, leaf in enumerate(leftmost):
        highest[leaf] = node
    return sorted(highest.values())


class _Node:
    __slots__ = ("children", "label")

    def __init__(self, label: str) -> None:
        self.label = label
        self.children: list[_Node] = []


def _apted_tree(order: tuple[list[str], list[int]]) -> tuple[_Node | None, int]:
    """The tree :func:`postorder` gave, as nodes for the ``apted`` package, and its depth."""
    labels, leftmost = order
    stack: list[tuple[int, _Node, int]] = []  # (leftmost leaf, node, depth) of subtrees
    for label, leaf in zip(labels, leftmost, strict=True):
        node = _Node(label)
        kids, depth = [], 1
        while stack and stack[-1][0] >= leaf:
            _, kid, below = stack.pop()
            kids.append(kid)
            depth = max(depth, below + 1)
        node.children = kids[::-1]
        stack.append((leaf, node, depth))
    return (stack[0][1], stack[0][2]) if stack else (None, 0)


APTED_DEPTH = 300
"""The deepest tree the APTED engine takes: the ``apted`` package recurses as deep as the
tree, and Zhang and Shasha's engine, which does not, gives the same distance."""


def _apted_distance(a: tuple[list[str], list[int]], b: tuple[list[str], list[int]]) -> int:
    from apted import APTED, Config

    class UnitCosts(Config):  # type: ignore[misc]
        def rename(self, x: _Node, y: _Node) -> int:
            return 0 if x.label == y.label else 1

        def children(self, x: _Node) -> list[_Node]:
            return x.children

    (ta, da), (tb, db) = _apted_tree(a), _apted_tree(b)
    if ta is None or tb is None:
        return len(a[0]) + len(b[0])
    depth = max(da, db)
    if depth > APTED_DEPTH:
        raise OptionError(
            f"the APTED engine takes trees at most {APTED_DEPTH} deep (it recurses), this "
            f"one is {depth}: use engine='zs', which gives the same distance",
            token=f"depth {depth}",
        )
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 8 * depth + 500))
    try:
        return int(APTED(ta, tb, UnitCosts()).compute_edit_distance())
    finally:
        sys.setrecursionlimit(old)


def tree_distance(gold: DiscoTree, parse: DiscoTree, engine: str = "zs") -> int:
    """The unit-cost tree edit distance of two transformed trees (see the module).

    >>> from nltk_tedeval.metrics.disco_parseval import DiscoTree
    >>> g = DiscoTree.build(["NP", "S"], [[-1, -2], [0, -3]], ["DT", "NN", "VB"], 1, True)
    >>> p = DiscoTree.build(["NP", "S"], [[-2, -3], [-1, 0]], ["DT", "NN", "VB"], 1, True)
    >>> tree_distance(g, p), tree_distance(g, p, "apted")
    (2, 2)
    """
    if engine not in ENGINES:
        raise OptionError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    a, b = postorder(gold), postorder(parse)
    return zhang_shasha(a, b) if engine == "zs" else _apted_distance(a, b)


def sentence_counts(view: DiscoView, engine: str = "zs") -> tuple[int, int]:
    """(distance, nodes) of one sentence; (0, 0) for a sentence without a word."""
    gold, parse = view.gold_tree(), view.parse_tree()
    if not gold.tags:
        return 0, 0
    nodes = gold.nodes + parse.nodes - (2 if gold.root_deleted else 0)
    return tree_distance(gold, parse, engine), nodes


COLUMNS = ("ted_distance", "ted_nodes", "ted_distance_cut", "ted_nodes_cut")
"""Per-sentence columns: the edit distance and disco-dop's Dice denominator, and both again
for a sentence no longer than the cut-off (0 for a longer one)."""


def _count(view: DiscoView) -> tuple[int, ...]:
    row = sentence_counts(view)
    return (*row, *(row if view.cut else (0, 0)))


def _zero(view: DiscoView) -> tuple[int, ...]:
    # A missing parse: its distance is every node it is scored on, so it scores 0.
    gold = view.gold_tree()
    nodes = gold.nodes - (1 if gold.root_deleted else 0) if gold.tags else 0
    row = (nodes, nodes)
    return (*row, *(row if view.cut else (0, 0)))


TREE_DISTANCE = MeasureExtension(
    "tree_distance",
    reads=(),
    columns=COLUMNS,
    derive=None,
    measures=(
        Measure("TED", ("ted_distance", "ted_nodes"), edit_score, "no word to compare"),
        Measure("TED_CUT", ("ted_distance_cut", "ted_nodes_cut"), edit_score, "no word to compare"),
    ),
    tested=("TED",),
    count=_count,
    zero=_zero,
    help="tree edit distance as disco-dop's eval --ted: 1 minus the summed distance over "
    "the summed nodes (its Dice micro average)",
)
"""Tree edit distance on disco-dop's ParsEval: ``extra_measures="TED"``,
``tedeval parseval --ted``."""
