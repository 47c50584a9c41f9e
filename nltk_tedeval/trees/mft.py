"""Multi-function trees: the common formal ground of every framework.

Tsarfaty, Nivre and Andersson (2012, §3.1) define a multi-function tree as a
linearly ordered tree whose internal nodes carry *sets* of grammatical
function labels and where no two internal nodes share a span. Because nodes
are identified by their spans, the tree is fully described by a mapping from
spans to frozensets of labels (SPEC.md §2): the spans form a laminar family
(any two are nested or disjoint), terminals are implicit, and a node may
carry the empty set.

:class:`MultiFunctionTree` is that mapping as an immutable, hashable value.
It also remembers its yield (the words, with Penn Treebank escapes undone by
the converters) so that trees from different files can be checked against
each other. Everything else (conversion, generalization, scoring) is a pure
function over it.

>>> t = MultiFunctionTree({(0, 3): {"root"}, (0, 1): {"hd"}, (1, 3): {"prep"},
...                        (1, 2): {"hd"}, (2, 3): {"pobj"}}, ("arrive", "on", "Sunday"))
>>> print(t)
(0,3):{root} (0,1):{hd} (1,3):{prep} (1,2):{hd} (2,3):{pobj}
>>> print(t.to_bracketed())
(root (hd arrive) (prep (hd on) (pobj Sunday)))
>>> t.labels((1, 3))
frozenset({'prep'})
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import pairwise

from ..errors import TreeStructureError, UnificationError

__all__ = [
    "Item",
    "MultiFunctionTree",
    "Span",
    "bracketed_with_gaps",
    "escape_token",
    "format_span",
    "span_of",
    "span_positions",
    "span_size",
    "span_words",
]

Span = tuple[int, ...]
"""A node's yield, the token positions it covers, as its maximal runs.

A contiguous yield is the half-open span ``(start, end)``. A yield with gaps
(a non-projective dependency's projection, a discontinuous constituent;
SPEC.md §2, "Yields with gaps") lists its runs one after the other,
``(s0, e0, s1, e1, ...)`` with ``s0 < e0 < s1 < e1 ...``: ``(0, 2, 4, 5)`` is
positions 0, 1 and 4. Every yield has exactly one such form, so two nodes
cover the same positions exactly when their spans are equal.
"""

Item = tuple
"""A labeled item of the sorted function tree: ``(label, *span)``, so
``(label, start, end)`` for a contiguous span."""

_EMPTY: frozenset[str] = frozenset()

# Printing a bracketed tree re-escapes brackets in words so the text re-reads.
_ESCAPES = (("(", "-LRB-"), (")", "-RRB-"))


def escape_token(word: str) -> str:
    """Escape round brackets in a word as the Penn Treebank does."""
    for raw, esc in _ESCAPES:
        if raw in word:
            word = word.replace(raw, esc)
    return word


def _words_of(words: Sequence[str] | int) -> tuple[str, ...]:
    if isinstance(words, int):
        if words < 0:
            raise TreeStructureError(f"a yield cannot have {words} tokens")
        return tuple(f"w{i}" for i in range(words))
    if type(words) is tuple and set(map(type, words)) <= {str}:
        return words  # already what it would make (every unit of an aligned run has one)
    return tuple(str(w) for w in words)


def span_of(positions: Iterable[int]) -> Span:
    """The span of a set of token positions: its maximal runs, flattened.

    >>> span_of({4, 0, 1}), span_of(range(2, 5))
    ((0, 2, 4, 5), (2, 5))
    """
    out: list[int] = []
    for p in sorted(set(positions)):
        if out and out[-1] == p:
            out[-1] = p + 1
        else:
            out.extend((p, p + 1))
    return tuple(out)


def span_positions(span: Span) -> Iterator[int]:
    """The token positions of ``span``, in order.

    >>> list(span_positions((0, 2, 4, 5)))
    [0, 1, 4]
    """
    for i in range(0, len(span), 2):
        yield from range(span[i], span[i + 1])


def span_size(span: Span) -> int:
    """How many tokens ``span`` covers.

    >>> span_size((0, 2, 4, 5)), span_size((1, 3))
    (3, 2)
    """
    if len(span) == 2:
        return span[1] - span[0]
    return sum(span[i + 1] - span[i] for i in range(0, len(span), 2))


def format_span(span: Span) -> str:
    """``(0,3)`` for a contiguous span, ``(0,2)+(4,5)`` for one with gaps."""
    return "+".join(f"({span[i]},{span[i + 1]})" for i in range(0, len(span), 2))


def span_words(words: Sequence[str], span: Span) -> list[str]:
    """The words of ``span``, with ``…`` where a gap leaves words out.

    >>> span_words("a b c d e".split(), (0, 2, 4, 5))
    ['a', 'b', '…', 'e']
    """
    out: list[str] = []
    for i in range(0, len(span), 2):
        if i:
            out.append("…")
        out.extend(words[span[i] : span[i + 1]])
    return out


def _canonical(key: object, n: int) -> Span:
    """A node key as given by a user: ``(start, end)``, runs, or a set of positions."""
    if isinstance(key, (set, frozenset)):
        if not key:
            raise TreeStructureError("a node must cover at least one token")
        span = span_of(int(p) for p in key)
    else:
        try:
            span = tuple(int(x) for x in key)  # type: ignore[union-attr]
        except (TypeError, ValueError):
            raise TreeStructureError(
                f"a node is keyed by (start, end), by runs (s0, e0, s1, e1, ...) or by a set "
                f"of positions, not {key!r}"
            ) from None
        if len(span) == 2:
            start, end = span
            if not 0 <= start < end <= n:
                raise TreeStructureError(
                    f"span ({start}, {end}) lies outside a yield of {n} tokens"
                )
            return span
        if len(span) < 2 or len(span) % 2 or any(a >= b for a, b in pairwise(span)):
            raise TreeStructureError(
                f"span {key!r} is not a sequence of runs s0 < e0 < s1 < e1 ...; "
                "give a set of positions instead"
            )
    if span[0] < 0 or span[-1] > n:
        raise TreeStructureError(f"span {format_span(span)} lies outside a yield of {n} tokens")
    return span


def _ordered(spans: Iterable[Span]) -> list[Span]:
    """Spans in pre-order: by first position, larger first.

    For contiguous spans this is a depth-first walk of the tree with its
    children from left to right. A node with gaps comes before the nodes
    that start after its first token, which only printing notices.
    """
    return sorted(spans, key=lambda s: (s[0], -span_size(s)))


def crossing_pair(spans: Iterable[Span]) -> tuple[Span, Span] | None:
    """Two crossing spans of ``spans`` if there are any, else ``None``.

    Two spans cross when they share a position and neither contains the
    other; a family without crossing spans is *laminar*, the spans of one
    tree.
    """
    spans = list(spans)
    if any(len(s) != 2 for s in spans):
        return _crossing_yields(spans)
    # One pass in pre-order with a stack of open spans: a span that starts
    # inside the top of the stack must also end inside it.
    stack: list[Span] = []
    for span in _ordered(spans):
        start, end = span
        while stack and stack[-1][1] <= start:
            stack.pop()
        if stack and end > stack[-1][1]:
            return stack[-1], span
        stack.append(span)
    return None


def _crossing_yields(spans: list[Span]) -> tuple[Span, Span] | None:
    """:func:`crossing_pair` for yields with gaps, in time linear in their total size.

    The yields are taken from the largest down, and every position remembers
    the smallest yield taken so far that covers it. In a laminar family all
    positions of the next yield then remember the same yield (the one it
    nests in) or none (it is disjoint from all of them). A yield whose
    positions remember two different ones crosses the smaller of those two:
    it holds a position of it and one outside it, and it is not larger.
    """
    owner: dict[int, Span] = {}
    for span in sorted(spans, key=span_size, reverse=True):
        positions = list(span_positions(span))
        first = owner.get(positions[0])
        for p in positions:
            other = owner.get(p)
            if other != first:
                if first is None or other is None:
                    crossed = first or other
                else:
                    crossed = min(first, other, key=span_size)
                return crossed, span  # type: ignore[return-value]
        for p in positions:
            owner[p] = span
    return None


class MultiFunctionTree:
    """An immutable multi-function tree over a yield (SPEC.md §2).

    ``nodes`` maps each span ``(start, end)``, ``0 <= start < end <= n``, to
    an iterable of function labels (possibly empty). ``words`` is the yield,
    or just its length for trees whose words do not matter. A node whose
    yield has gaps is keyed by its runs ``(s0, e0, s1, e1, ...)`` or by the
    set of its positions (see :data:`Span`).

    Raises :class:`~nltk_tedeval.errors.TreeStructureError` for a span
    outside the yield and :class:`~nltk_tedeval.errors.UnificationError`
    for two crossing spans.

    >>> t = MultiFunctionTree({(0, 2): {"root"}, (0, 1): {"nsubj"}, (1, 2): {"hd"}}, ("I", "left"))
    >>> t.labels((0, 1)), len(t), t.n
    (frozenset({'nsubj'}), 3, 2)
    >>> t.to_bracketed()
    '(root (nsubj I) (hd left))'

    A non-projective tree: "hearing" governs "on the issue" across "is
    scheduled", so the subject's yield is positions 0, 1 and 4 to 6.

    >>> words = "A hearing is scheduled on the issue today".split()
    >>> t = MultiFunctionTree({(0, 8): {"root"}, frozenset({0, 1, 4, 5, 6}): {"nsubj"},
    ...                        (4, 7): {"nmod"}}, words)
    >>> print(t)
    (0,8):{root} (0,2)+(4,7):{nsubj} (4,7):{nmod}
    >>> t.contiguous
    False
    >>> print(t.to_bracketed())
    (root (nsubj 0=A 1=hearing (nmod 4=on 5=the 6=issue)) 2=is 3=scheduled 7=today)
    """

    __slots__ = ("_hash", "_labeled", "_nodes", "_spans", "_unlabeled", "_words")

    def __init__(
        self,
        nodes: Mapping[Span, Iterable[str]] | Iterable[tuple[Span, Iterable[str]]],
        words: Sequence[str] | int,
    ) -> None:
        words_t = _words_of(words)
        n = len(words_t)
        pairs = nodes.items() if isinstance(nodes, Mapping) else nodes
        table: dict[Span, frozenset[str]] = {}
        for span, labels in pairs:
            key = _canonical(span, n)
            labels_f = labels if isinstance(labels, frozenset) else frozenset(labels)
            table[key] = table[key] | labels_f if key in table else labels_f
        crossing = crossing_pair(table)
        if crossing is not None:
            (a, b) = crossing
            raise UnificationError(
                f"spans {format_span(a)} and {format_span(b)} cross, so they cannot be "
                "nodes of one tree"
            )
        self._set(words_t, table)

    @classmethod
    def _trusted(
        cls, words: tuple[str, ...], table: dict[Span, frozenset[str]]
    ) -> MultiFunctionTree:
        """Build from a table already known to be valid (used by pure operations)."""
        self = object.__new__(cls)
        self._set(words, table)
        return self

    def _set(self, words: tuple[str, ...], table: dict[Span, frozenset[str]]) -> None:
        # The pre-order of the spans is only needed for printing and for the
        # APTED engine, so it is computed on first use; scoring never sorts.
        setattr_ = object.__setattr__
        setattr_(self, "_words", words)
        setattr_(self, "_spans", None)
        setattr_(self, "_nodes", table)
        setattr_(self, "_hash", None)
        setattr_(self, "_labeled", None)
        setattr_(self, "_unlabeled", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("MultiFunctionTree is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("MultiFunctionTree is immutable")

    def __reduce__(self):
        return (MultiFunctionTree._trusted, (self._words, dict(self._nodes)))

    # -- the value ---------------------------------------------------------

    @property
    def words(self) -> tuple[str, ...]:
        """The yield, as normalised tokens."""
        return self._words

    def __len__(self) -> int:
        """The number of nodes (spans)."""
        return len(self._nodes)

    @property
    def n(self) -> int:
        """The number of tokens in the yield."""
        return len(self._words)

    @property
    def spans(self) -> tuple[Span, ...]:
        """The spans in pre-order (by start, longer first)."""
        if self._spans is None:
            object.__setattr__(self, "_spans", tuple(_ordered(self._nodes)))
        return self._spans  # type: ignore[return-value]

    def nodes(self) -> Iterator[tuple[Span, frozenset[str]]]:
        """``(span, labels)`` pairs in pre-order."""
        nodes = self._nodes
        return ((span, nodes[span]) for span in self.spans)

    def as_dict(self) -> dict[Span, frozenset[str]]:
        """A fresh ``{span: labels}`` dictionary."""
        return dict(self._nodes)

    def with_words(self, words: Sequence[str]) -> MultiFunctionTree:
        """The same nodes over another yield of as many tokens (another spelling of it).

        >>> t = MultiFunctionTree({(0, 2): {"root"}, (0, 1): {"nsubj"}}, ("-LRB-", "x"))
        >>> t.with_words(("(", "x")).words
        ('(', 'x')
        """
        words_t = _words_of(words)
        if len(words_t) != self.n:
            raise ValueError(f"{len(words_t)} words for a tree over {self.n}")
        return MultiFunctionTree._trusted(words_t, self._nodes)

    @property
    def contiguous(self) -> bool:
        """True when every node covers a contiguous span (no yield has gaps)."""
        return all(len(span) == 2 for span in self._nodes)

    def __contains__(self, span: object) -> bool:
        return span in self._nodes

    def labels(self, span: Span) -> frozenset[str]:
        """The labels over ``span``; the empty set if there is no such node."""
        return self._nodes.get(span, _EMPTY)

    def get(self, span: Span) -> frozenset[str] | None:
        """The labels over ``span``, or ``None`` if there is no node over it."""
        return self._nodes.get(span)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MultiFunctionTree):
            return NotImplemented
        return self._words == other._words and self._nodes == other._nodes

    def __hash__(self) -> int:
        if self._hash is None:
            h = hash((self._words, frozenset(self._nodes.items())))
            object.__setattr__(self, "_hash", h)
        return self._hash  # type: ignore[return-value]

    # -- items of the sorted function tree (2012, §3.3; SPEC.md §5) ----------

    def _table(self) -> dict[Span, frozenset[str]]:
        """The nodes in no particular order, for the package's own pure functions."""
        return self._nodes

    def labeled_items(self) -> frozenset[Item]:
        """One ``(label, start, end)`` item per label of every node (``(label, *span)``).

        A node with an empty label set is a chain of length 0 and contributes
        nothing.
        """
        if self._labeled is None:
            nodes = self._nodes.items()
            try:
                # The common case, contiguous spans, unpacked: the fastest way.
                items = frozenset((label, s, e) for (s, e), labels in nodes for label in labels)
            except ValueError:  # a yield with gaps
                items = frozenset((label, *span) for span, labels in nodes for label in labels)
            object.__setattr__(self, "_labeled", items)
        return self._labeled  # type: ignore[return-value]

    def unlabeled_items(self) -> frozenset[Span]:
        """One span item per node, except the node over the whole yield.

        The full-span node coincides with the virtual root of the sorted
        function tree, which is never edited and never counted.
        """
        if self._unlabeled is None:
            full = (0, len(self._words))
            items = frozenset(s for s in self._nodes if s != full)
            object.__setattr__(self, "_unlabeled", items)
        return self._unlabeled  # type: ignore[return-value]

    # -- printing ------------------------------------------------------------

    def __str__(self) -> str:
        return " ".join(
            f"{format_span(span)}:{{{','.join(sorted(labels))}}}" for span, labels in self.nodes()
        )

    def __repr__(self) -> str:
        body = ", ".join(f"{span!r}: {sorted(labels)!r}" for span, labels in self.nodes())
        return f"MultiFunctionTree({{{body}}}, words={self._words!r})"

    def to_bracketed(self, *, empty: str = "_", join: str = "+") -> str:
        """The tree in brackets, with each node's labels sorted and joined.

        A node with no labels prints as ``empty``. When the nodes do not form
        one tree over the whole yield, an unlabeled outer bracket holds them,
        as in Penn Treebank files. Brackets in words are escaped.

        A tree with a yield that has gaps is printed in disco-dop's
        ``discbracket`` form, where every word carries its position
        (``3=word``) and children stand in the order of their first word.
        """
        if not self.contiguous:
            return self._disc_bracketed(empty, join)
        n = len(self._words)
        out: list[str] = []
        stack: list[int] = []
        pos = 0
        wrap = (0, n) not in self._nodes
        if wrap:
            out.append("(")
        for start, end in self.spans:
            while stack and stack[-1] <= start:
                pos = self._close(out, pos, stack.pop())
            pos = self._emit_words(out, pos, start)
            labels = self._nodes[(start, end)]
            label = join.join(sorted(labels)) if labels else empty
            out.append(f"({label}")
            stack.append(end)
        while stack:
            pos = self._close(out, pos, stack.pop())
        pos = self._emit_words(out, pos, n)
        if wrap:
            out.append(")")
        text = " ".join(out)
        return text.replace("( ", "(").replace(" )", ")")

    def _emit_words(self, out: list[str], pos: int, upto: int) -> int:
        out.extend(escape_token(w) for w in self._words[pos:upto])
        return max(pos, upto)

    def _close(self, out: list[str], pos: int, end: int) -> int:
        pos = self._emit_words(out, pos, end)
        out.append(")")
        return pos

    def ordered_children(self) -> dict[Span | None, list[Span | int]]:
        """Every node's children, nodes and words (positions), in the order of their first word.

        The key ``None`` is the virtual root, over the nodes and words that no
        node covers. For a tree with gaps this is the order in which it is
        drawn and printed; the children of a contiguous tree come out left to
        right.

        >>> t = MultiFunctionTree({(0, 3): {"S"}, frozenset({0, 2}): {"X"}}, 3)
        >>> t.ordered_children()
        {None: [(0, 3)], (0, 3): [(0, 1, 2, 3), 1], (0, 1, 2, 3): [0, 2]}
        """
        # The parent of a node is the smallest node over any of its positions,
        # found by taking the nodes from the largest down (as _crossing_yields).
        owner: dict[int, Span] = {}
        found: dict[Span | None, list[tuple[int, Span | int]]] = {None: []}
        for span in sorted(self._nodes, key=span_size, reverse=True):
            found.setdefault(owner.get(span[0]), []).append((span[0], span))
            found[span] = []
            for p in span_positions(span):
                owner[p] = span
        for p in range(len(self._words)):
            found[owner.get(p)].append((p, p))
        # A node and a word never share a first position under one parent.
        return {key: [c for _, c in sorted(kids)] for key, kids in found.items()}

    def _disc_bracketed(self, empty: str, join: str) -> str:
        def label(span: Span, labels: frozenset[str]) -> str:
            return join.join(sorted(labels)) if labels else empty

        return bracketed_with_gaps(self, label, "")


def bracketed_with_gaps(
    tree: MultiFunctionTree, label: Callable[[Span, frozenset[str]], str], top: str
) -> str:
    """``tree`` in disco-dop's ``discbracket`` form, node labels from ``label``.

    Every word carries its position (``3=word``); children stand in the order
    of their first word. ``top`` labels the outer bracket added when no node
    covers the whole sentence. Built without recursion.
    """
    n = tree.n
    children = tree.ordered_children()
    out: list[str] = []
    whole = (0, n) in tree
    if not whole:
        out.append(f"({top}")
    stack = [iter(children[None])]
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
            out.append(")")
        elif isinstance(child, int):
            out.append(f"{child}={escape_token(tree.words[child])}")
        else:
            out.append(f"({label(child, tree.labels(child))}")
            stack.append(iter(children[child]))
    if whole:
        out.pop()  # the virtual root's list closes no bracket of its own
    text = " ".join(out)
    return text.replace("( ", "(").replace(" )", ")")
