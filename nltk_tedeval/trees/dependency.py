"""Dependency trees: from ``nltk.parse.DependencyGraph`` to multi-function trees.

This module and :mod:`nltk_tedeval.trees.constituency` are the only code that
knows nltk's tree classes. A ``DependencyGraph`` is first read into a small
immutable :class:`DependencyTree` (words, tags, heads, relations), checked to
be a tree; every metric works on that record.

The conversion to a multi-function tree follows Tsarfaty et al. (2011, §3,
"Step 1") with the 2012 head label (SPEC.md §3.1): for every token w with
incoming relation r and projection ``span(w)``,

- the node over ``span(w)`` gets label r;
- if ``|span(w)| > 1`` the node over w's own token gets the head label
  (``hd`` by default).

In a non-projective tree some projection has gaps. Its node then covers
exactly the positions of the projection, a yield with gaps (SPEC.md §2,
"Yields with gaps"), so the tree is scored as it is; ``projectivize=True``
(:meth:`DependencyTree.projectivize`) instead lifts the arcs first, as
Nivre and Nilsson (2005) do.

Heads here are 1-based token addresses with 0 for the root, as in CoNLL
files; spans are 0-based half-open, as everywhere else in the package.

>>> t = DependencyTree(("arrive", "on", "Sunday"), heads=(0, 1, 2),
...                    rels=("root", "prep", "pobj"))
>>> print(dependency_to_mft(t))
(0,3):{root} (0,1):{hd} (1,3):{prep} (1,2):{hd} (2,3):{pobj}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import InitVar, dataclass, field
from typing import Any

from ..errors import NonProjectiveError, TreeStructureError
from ..records import is_dependency_graph  # exported here too: the test imports no nltk
from .mft import MultiFunctionTree, Span, span_of
from .tokens import normalize_token

__all__ = [
    "Arc",
    "DependencyTree",
    "checked",
    "dependency_to_mft",
    "from_dependency_graph",
    "head_cycles",
    "is_dependency_graph",
    "strip_subtype",
]

NO_LABEL = ("", "_")
"""Relation values that mean "no relation" (unlabeled Malt-TAB, CoNLL ``_``)."""


@dataclass(frozen=True)
class Arc:
    """A dependency arc ``head -> dependent`` (1-based addresses, 0 = root)."""

    head: int
    dependent: int

    def describe(self, words: Sequence[str]) -> str:
        """``'5 -> 2 (saw -> John)'``."""
        h = "ROOT" if self.head == 0 else words[self.head - 1]
        return f"{self.head} -> {self.dependent} ({h} -> {words[self.dependent - 1]})"


@dataclass(frozen=True)
class DependencyTree:
    """A checked dependency tree: one head per token, no cycles.

    ``heads[i]`` is the head of token ``i + 1`` (0 for the root). ``rels``
    holds relations (``None`` for none), ``tags`` fine tags (XPOS, the
    Penn tag in English data) and ``ctags`` coarse tags (UPOS); both tag
    tuples may hold ``None``. Construction checks the tree and raises
    :class:`~nltk_tedeval.errors.TreeStructureError` naming the bad token.

    ``lemmas`` and ``feats`` (CoNLL-U LEMMA and FEATS, ``None`` in a cell for
    none) stay ``None`` as a whole unless a reader was asked for them
    (``morphology=True``) and the input has the column: only the breakdowns
    and exclusions by them read them (MaltEval's Lemma and Feats), so a tree
    without them costs nothing more, and they take no part in a tree's
    equality, hash or repr, which stay those of its structure.

    ``check=False`` only checks that every head is an address in 0..n, for
    parser output that attachment scores can grade even when it is not a
    tree (a cycle, a token that is its own head); methods that need a tree
    (:meth:`projections`, :meth:`projectivize`) check it then.

    >>> tree = DependencyTree(("I", "left"), heads=(2, 0), rels=("nsubj", "root"))
    >>> tree.projections()
    [(0, 1), (0, 2)]
    """

    words: tuple[str, ...]
    heads: tuple[int, ...]
    rels: tuple[str | None, ...] | None = None
    tags: tuple[str | None, ...] | None = None
    ctags: tuple[str | None, ...] | None = None
    check: InitVar[bool] = True
    multiword: tuple[tuple[int, int, str], ...] = field(default=(), repr=False, compare=False)
    """The CoNLL-U multiword tokens ``(first, end, form)``: words ``first:end`` (0-based)
    are one token of the text, written ``form`` (``2-3 du`` over ``de`` and ``le`` is
    ``(1, 3, "du")``). Alignment reads the text from them (SPEC.md §11); they are no
    part of the tree, so trees that differ only in them are equal."""
    lemmas: tuple[str | None, ...] | None = field(default=None, compare=False, repr=False)
    feats: tuple[str | None, ...] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self, check: bool) -> None:
        n = len(self.words)
        set_ = object.__setattr__
        set_(self, "words", tuple(self.words))
        set_(self, "heads", tuple(self.heads))
        for name in ("rels", "tags", "ctags", "lemmas", "feats"):
            value = getattr(self, name)
            if value is None and name in ("lemmas", "feats"):
                continue  # no such column: kept as None, at no cost
            set_(self, name, (None,) * n if value is None else tuple(value))
            if len(getattr(self, name)) != n:
                raise TreeStructureError(
                    f"{n} words but {len(getattr(self, name))} {name}; they must match"
                )
        if n == 0:
            from ..errors import EmptyTreeError

            raise EmptyTreeError("the dependency tree has no tokens")
        if len(self.heads) != n:
            raise TreeStructureError(f"{n} words but {len(self.heads)} heads; they must match")
        _check_heads(self.words, self.heads)
        if self.multiword:
            set_(self, "multiword", _checked_multiword(self.multiword, n))
        if check:
            _check_tree(self.words, self.heads)
        set_(self, "_checked", check)

    @classmethod
    def _unchecked(
        cls,
        words: tuple[str, ...],
        heads: tuple[int, ...],
        rels: tuple[str | None, ...],
        tags: tuple[str | None, ...],
        ctags: tuple[str | None, ...],
        multiword: tuple[tuple[int, int, str], ...] = (),
        lemmas: tuple[str | None, ...] | None = None,
        feats: tuple[str | None, ...] | None = None,
    ) -> DependencyTree:
        """``DependencyTree(..., check=False)`` for tuples a reader has already checked.

        The caller vouches for what ``__post_init__`` would check: ``n > 0``
        tuples of the same length, every head an int in 0..n. Those checks
        would cost a tenth of the time it takes to read a CoNLL file.
        """
        tree = object.__new__(cls)
        tree.__dict__.update(
            words=words, heads=heads, rels=rels, tags=tags, ctags=ctags, _checked=False
        )
        # Left out, they are the class's defaults: a tree without them holds nothing more.
        if multiword:
            tree.__dict__["multiword"] = multiword
        if lemmas is not None:
            tree.__dict__["lemmas"] = lemmas
        if feats is not None:
            tree.__dict__["feats"] = feats
        return tree

    def is_tree(self) -> bool:
        """True when the heads form a tree (always, unless built with ``check=False``)."""
        try:
            self._require_tree()
        except TreeStructureError:
            return False
        return True

    def _require_tree(self) -> None:
        if not self._checked:  # type: ignore[attr-defined]
            # The walk from the root (the projections' first step, kept for them)
            # reaches every token exactly when the heads form a tree, so it is the
            # check; only a failed one walks again, for the message. Attachment
            # asks nothing more of a tree, and the projections cost three times
            # the walk (issue 31). The tree is immutable: once a tree, always one.
            if len(self._order()) != len(self.heads) + 1:
                _check_tree(self.words, self.heads)
            object.__setattr__(self, "_checked", True)

    def __len__(self) -> int:
        return len(self.words)

    def children(self) -> list[list[int]]:
        """``children[h]`` lists the dependents of address h (0 = root) in order."""
        kids: list[list[int]] = [[] for _ in range(len(self.words) + 1)]
        for dep, head in enumerate(self.heads, start=1):
            kids[head].append(dep)
        return kids

    def arc(self, dependent: int) -> Arc:
        """The arc into token ``dependent`` (1-based)."""
        return Arc(self.heads[dependent - 1], dependent)

    def projections(self) -> list[Span]:
        """The span of every token's projection (w and its descendants).

        Raises :class:`~nltk_tedeval.errors.NonProjectiveError` naming an arc
        whose projection is not contiguous.
        """
        self._require_tree()
        spans, bad = self._projections()
        if bad is not None:
            arc = self.non_projective_arcs()[0]
            raise NonProjectiveError(
                f"non-projective arc {arc.describe(self.words)}: the projection of token "
                f"{arc.dependent}'s head is not a contiguous span; use projectivize=True "
                "to lift non-projective arcs",
                token=arc.describe(self.words),
            )
        return spans

    def yields(self) -> list[Span]:
        """The yield of every token's projection: its span, with its runs if it has gaps.

        Unlike :meth:`projections`, this never refuses a tree: the projection
        of a token under a non-projective arc keeps its gaps
        (:data:`~nltk_tedeval.trees.mft.Span`).

        >>> t = DependencyTree(("a", "b", "c"), (0, 1, 1))
        >>> t.yields()
        [(0, 3), (1, 2), (2, 3)]
        >>> DependencyTree(("a", "b", "c"), (3, 0, 2)).yields()
        [(0, 1), (0, 3), (0, 1, 2, 3)]
        """
        self._require_tree()
        spans, bad = self._projections()
        if bad is None:
            return spans
        # Only projections with gaps need their positions; gathering them
        # from each token up its chain of heads costs the sum of their sizes.
        gapped = {
            w
            for w in range(1, len(spans) + 1)
            if spans[w - 1][1] - spans[w - 1][0] != self._sizes[w]
        }
        members: dict[int, list[int]] = {w: [] for w in gapped}
        heads = self.heads
        for token in range(1, len(heads) + 1):
            node = token
            while node:
                if node in members:
                    members[node].append(token - 1)
                node = heads[node - 1]
        return [span_of(members[w]) if w in members else span for w, span in enumerate(spans, 1)]

    def is_projective(self) -> bool:
        """True when every projection is a contiguous span."""
        return self._projections()[1] is None

    def _projections(self) -> tuple[list[Span], int | None]:
        """Spans of all projections and the first token whose projection has gaps.

        Computed once per tree: conversion asks for them after
        :meth:`projectivize` has already checked them. A token that does not
        hang from the root (the heads form no tree) keeps its own one-token span.
        """
        cached = self.__dict__.get("_proj")
        if cached is not None:
            return cached
        heads = self.heads
        n = len(heads)
        order = self._order()
        # Spans are 0-based and half-open: token w starts as (w - 1, w). The
        # root (0) is updated too, harmlessly, which saves a test per token.
        lo, hi, size = _extents(order, heads, list(range(-1, n)))
        del lo[0], hi[0]
        spans: list[Span] = list(zip(lo, hi, strict=True))
        bad = None
        # Every span covers at least its projection, so equal sums mean no gaps.
        if sum(hi) - sum(lo) != sum(size) - size[0]:
            bad = next(w for w in range(1, n + 1) if hi[w - 1] - lo[w - 1] != size[w])
        result = (spans, bad)
        set_ = object.__setattr__
        set_(self, "_proj", result)
        set_(self, "_sizes", size)
        self.__dict__.pop("_walk", None)  # the projections hold what it was kept for
        return result

    def _order(self) -> list[int]:
        """The root (0) and every token it reaches, heads before their dependents.

        Any such order will do for :meth:`_projections`: walking it backwards
        finishes every dependent before its head, without recursion. Kept
        until the projections are found; every token is in it exactly when
        the heads form a tree.
        """
        cached = self.__dict__.get("_walk")
        if cached is not None:
            return cached
        heads = self.heads
        kids: list[list[int]] = [[] for _ in range(len(heads) + 1)]
        for dep, head in enumerate(heads, start=1):
            kids[head].append(dep)
        order = [0]
        extend = order.extend
        for node in order:
            extend(kids[node])
        if "_proj" not in self.__dict__:
            object.__setattr__(self, "_walk", order)
        return order

    def non_projective_arcs(self) -> list[Arc]:
        """Every arc ``h -> d`` with a token between h and d that h does not dominate.

        Arcs from the root are always projective, since the root dominates
        every token.
        """
        self._require_tree()
        return _non_projective_arcs(self.heads)

    def projectivize(self) -> tuple[DependencyTree, tuple[Arc, ...]]:
        """Lift arcs until the tree is projective (Nivre and Nilsson, 2005).

        Repeatedly the shortest non-projective arc ``h -> d`` (ties broken by
        the leftmost dependent) becomes ``head(h) -> d``; relations stay as
        they are. Returns the new tree and the arcs lifted, in order.
        """
        self._require_tree()
        if self.is_projective():
            return self, ()
        heads = list(self.heads)
        lifted: list[Arc] = []
        while arcs := _non_projective_arcs(heads):
            arc = min(arcs, key=lambda a: (abs(a.head - a.dependent), a.dependent))
            lifted.append(arc)
            heads[arc.dependent - 1] = heads[arc.head - 1]
        # Moving a token up to its grandparent never makes a cycle: a tree stays one.
        tree = DependencyTree._unchecked(
            self.words,
            tuple(heads),
            self.rels,
            self.tags,
            self.ctags,
            self.multiword,
            self.lemmas,
            self.feats,
        )
        object.__setattr__(tree, "_checked", True)
        return tree, tuple(lifted)


def _non_projective_arcs(heads: Sequence[int]) -> list[Arc]:
    """:meth:`DependencyTree.non_projective_arcs` of a tree's heads."""
    n = len(heads)
    kids: list[list[int]] = [[] for _ in range(n + 1)]
    for dep, head in enumerate(heads, start=1):
        kids[head].append(dep)
    # A depth-first pre-order numbers every subtree as one run: h dominates k
    # when k's number falls in h's run, a constant-time test.
    order: list[int] = []
    stack = [0]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(kids[node])
    number = [0] * (n + 1)
    for i, node in enumerate(order):
        number[node] = i
    # The first and last token and the size of every subtree: a head whose
    # subtree is contiguous dominates every token between it and its
    # dependents, so only arcs from other heads need the test below.
    lo, hi, size = _extents(order, heads, list(range(n + 1)))
    arcs = []
    for dep, head in enumerate(heads, start=1):
        if head == 0 or hi[head] - lo[head] + 1 == size[head]:
            continue
        between = number[head + 1 : dep] if head < dep else number[dep + 1 : head]
        if between and (min(between) < number[head] or max(between) >= number[head] + size[head]):
            arcs.append(Arc(head, dep))
    return arcs


def _checked_multiword(
    ranges: Sequence[tuple[int, int, str]], n: int
) -> tuple[tuple[int, int, str], ...]:
    """Multiword tokens in order, each over words of the sentence, none
    overlapping another; a bad one raises TreeStructureError naming it (1-based, as
    CoNLL-U writes it)."""
    out = tuple((int(a), int(b), str(form)) for a, b, form in ranges)
    at = 0
    for a, b, form in out:
        if not (at <= a < b <= n):
            raise TreeStructureError(
                f"multiword token {a + 1}-{b} ({form!r}) must span words of the sentence's "
                f"{n}, after the previous multiword token's",
                token=form,
            )
        at = b
    return out


def _check_heads(words: Sequence[str], heads: Sequence[int]) -> None:
    n = len(words)
    for dep, head in enumerate(heads, start=1):
        if not isinstance(head, int) or isinstance(head, bool):
            raise TreeStructureError(
                f"token {dep} ({words[dep - 1]!r}) has head {head!r}, which is not a number",
                token=f"{dep} {words[dep - 1]}",
            )
        if not 0 <= head <= n:
            raise TreeStructureError(
                f"token {dep} ({words[dep - 1]!r}) has head {head}, outside 0..{n}",
                token=f"{dep} {words[dep - 1]}",
            )


def _check_tree(words: Sequence[str], heads: Sequence[int]) -> None:
    for dep, head in enumerate(heads, start=1):
        if head == dep:
            raise TreeStructureError(
                f"token {dep} ({words[dep - 1]!r}) is its own head",
                token=f"{dep} {words[dep - 1]}",
            )
    for cycle in head_cycles(heads)[:1]:
        names = " -> ".join(f"{c} ({words[c - 1]})" for c in cycle)
        raise TreeStructureError(
            f"the heads form a cycle: {names} -> {cycle[0]}; the tree does not reach the root",
            token=f"{cycle[0]} {words[cycle[0] - 1]}",
        )


def head_cycles(heads: Sequence[int]) -> list[list[int]]:
    """Every cycle of ``heads`` (token ``i + 1`` hangs from ``heads[i]``, 0 the root).

    Each cycle lists its tokens from the first one met, following heads, in
    the order the walks meet them; a token that is its own head is a cycle
    of one. Heads must lie in 0..n.

    >>> head_cycles([2, 1, 0, 4])
    [[1, 2], [4]]
    """
    # Walk up from every token; a walk that meets itself is a cycle. Each
    # token is finished once, so the whole search is linear.
    state = [0] * (len(heads) + 1)  # 0 new, 1 on the current walk, 2 finished
    state[0] = 2
    out = []
    for start in range(1, len(heads) + 1):
        path = []
        node = start
        while state[node] == 0:
            state[node] = 1
            path.append(node)
            node = heads[node - 1]
        if state[node] == 1:
            out.append(path[path.index(node) :])
        for p in path:
            state[p] = 2
    return out


def _cell(value: Any) -> str | None:
    if value is None:
        return None
    value = value if type(value) is str else str(value)
    return None if value in NO_LABEL else value


def checked(tree: DependencyTree) -> DependencyTree:
    """``tree`` itself once its heads are known to form a tree; else the error that says why.

    A tree built with ``check=False`` (parser output, the readers' fast
    path) is checked here by what needs a tree, with the message
    :func:`from_dependency_graph` would give.

    >>> checked(DependencyTree(("a", "b"), (2, 0))).heads
    (2, 0)
    """
    tree._require_tree()
    return tree


def from_dependency_graph(
    graph: Any, *, require_tree: bool = True, morphology: bool = False
) -> DependencyTree:
    """Read a ``DependencyGraph`` into a checked :class:`DependencyTree`.

    Only each node's ``head`` is read, never ``deps``: parsers such as
    nltk's ``TransitionParser`` return graphs whose ``deps`` still describe
    the input. Node 0 is the artificial root; the other addresses must be
    1..n without gaps. ``require_tree=False`` accepts heads that do not form
    a tree (see :class:`DependencyTree`'s ``check``). ``morphology=True`` keeps
    the nodes' ``lemma`` and ``feats`` too (nltk gives a Malt-TAB word its form
    as its lemma); without it the tree has none, at no cost.

    >>> from nltk.parse import DependencyGraph
    >>> from_dependency_graph(DependencyGraph("I PRP 2 nsubj\\nleft VBD 0 ROOT")).heads
    (2, 0)
    """
    nodes = getattr(graph, "nodes", None)
    if not isinstance(nodes, Mapping):
        raise TreeStructureError(f"expected an nltk DependencyGraph, got {type(graph).__name__}")
    # nodes is a defaultdict: indexing a missing head would create a phantom
    # node, so only read nodes that carry an address.
    addresses = sorted(a for a, node in nodes.items() if a != 0 and node.get("address") is not None)
    if not addresses:
        from ..errors import EmptyTreeError

        raise EmptyTreeError("the dependency graph has no tokens")
    if addresses != list(range(1, len(addresses) + 1)):
        missing = sorted(set(range(1, addresses[-1] + 1)) - set(addresses))
        raise TreeStructureError(
            f"token addresses must run 1..n without gaps; address {missing[0]} is missing",
            token=str(missing[0]),
        )
    words, heads, rels, tags, ctags, lemmas, feats = [], [], [], [], [], [], []
    for a in addresses:
        node = nodes[a]
        word = node.get("word")
        words.append("" if word is None else str(word))
        head = node.get("head")
        if head is None or head == "_":
            raise TreeStructureError(
                f"token {a} ({words[-1]!r}) has no head", token=f"{a} {words[-1]}"
            )
        try:
            heads.append(head if type(head) is int else int(head))
        except (TypeError, ValueError):
            raise TreeStructureError(
                f"token {a} ({words[-1]!r}) has head {head!r}, which is not a number",
                token=f"{a} {words[-1]}",
            ) from None
        rels.append(_cell(node.get("rel")))
        tags.append(_cell(node.get("tag")))
        ctags.append(_cell(node.get("ctag")))
        if morphology:
            lemmas.append(_cell(node.get("lemma")))
            feats.append(_cell(node.get("feats")))
    return DependencyTree(
        tuple(words),
        tuple(heads),
        tuple(rels),
        tuple(tags),
        tuple(ctags),
        check=require_tree,
        lemmas=tuple(lemmas) if morphology else None,
        feats=tuple(feats) if morphology else None,
    )


def strip_subtype(rel: str) -> str:
    """``'nsubj:pass'`` gives ``'nsubj'`` (UD relation subtypes)."""
    return rel.split(":", 1)[0]


def dependency_to_mft(
    tree: DependencyTree,
    *,
    head_label: str = "hd",
    strip_subtypes: bool = False,
) -> MultiFunctionTree:
    """Convert a :class:`DependencyTree` to a multi-function tree.

    Nodes that share a span merge by label union (2012, §3.1). A token
    without a relation gets no label over its projection; the head label is
    still added. A non-projective tree keeps the gaps of its projections
    (SPEC.md §2, "Yields with gaps").

    >>> print(dependency_to_mft(DependencyTree(("I", "left"), (2, 0), ("nsubj", "root"))))
    (0,2):{root} (0,1):{nsubj} (1,2):{hd}
    >>> print(dependency_to_mft(DependencyTree(("a", "b", "c"), (3, 0, 2), ("x", "root", "y"))))
    (0,3):{root} (0,1)+(2,3):{y} (0,1):{x} (1,2):{hd} (2,3):{hd}
    """
    spans = tree.yields()
    rels: Sequence[str | None] = tree.rels
    if strip_subtypes:
        rels = [None if rel is None else strip_subtype(rel) for rel in rels]
    # The projections of a tree's tokens are all different, and a token's own
    # node, added when its projection is larger, is no other token's
    # projection: no two nodes share a span, so no labels need merging.
    table = dict(zip(spans, map(_LABEL_SETS.__getitem__, rels), strict=True))
    n = len(spans)
    units = zip(range(n), range(1, n + 1), strict=True)
    own = [unit for unit, span in zip(units, spans, strict=True) if unit != span]
    if own:
        table.update(dict.fromkeys(own, _LABEL_SETS[head_label]))
    words = tree.words
    joined = "".join(words)
    if "-" in joined or not joined.isascii():
        words = tuple([normalize_token(w) for w in words])
    return MultiFunctionTree._trusted(words, table)


class _LabelSets(dict[str | None, frozenset[str]]):
    """One frozenset per relation (relations repeat across a corpus); None has no labels.

    Looked up with ``map`` (a loop in C). Cleared when it grows past what a
    relation set needs, so that arbitrary relations cost no memory.
    """

    def __missing__(self, label: str | None) -> frozenset[str]:
        if len(self) > 50_000:
            self.clear()
            self[None] = frozenset()
        labels = frozenset() if label is None else frozenset((label,))
        self[label] = labels
        return labels


_LABEL_SETS = _LabelSets({None: frozenset()})


def _extents(
    order: Sequence[int], heads: Sequence[int], lo: list[int]
) -> tuple[list[int], list[int], list[int]]:
    """Bottom-up over ``order`` (root first): every node's lowest and highest token and size.

    ``lo`` holds each node's own start (a 0-based span start or its
    number); the highest token starts as the node's number. Children come
    after their heads in ``order``, so walking it backwards finishes every
    subtree before its head reads it.
    """
    hi = list(range(len(lo)))
    size = [1] * len(lo)
    head_of = (0, *heads)
    for node in order[:0:-1]:
        head = head_of[node]
        if lo[node] < lo[head]:
            lo[head] = lo[node]
        if hi[node] > hi[head]:
            hi[head] = hi[node]
        size[head] += size[node]
    return lo, hi, size
