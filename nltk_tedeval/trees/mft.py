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

from collections.abc import Iterable, Iterator, Mapping, Sequence

from ..errors import TreeStructureError, UnificationError

__all__ = ["Item", "MultiFunctionTree", "Span", "escape_token"]

Span = tuple[int, int]
Item = tuple[str, int, int]
"""A labeled item of the sorted function tree: ``(label, start, end)``."""

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
    return tuple(str(w) for w in words)


def _ordered(spans: Iterable[Span]) -> list[Span]:
    """Spans in pre-order: by start, longer first."""
    return sorted(spans, key=lambda s: (s[0], -s[1]))


def crossing_pair(spans: Iterable[Span]) -> tuple[Span, Span] | None:
    """Two crossing spans of ``spans`` if there are any, else ``None``.

    One pass over the spans in pre-order with a stack of open spans: a span
    that starts inside the top of the stack must also end inside it.
    """
    stack: list[Span] = []
    for span in _ordered(spans):
        start, end = span
        while stack and stack[-1][1] <= start:
            stack.pop()
        if stack and end > stack[-1][1]:
            return stack[-1], span
        stack.append(span)
    return None


class MultiFunctionTree:
    """An immutable multi-function tree over a yield (SPEC.md §2).

    ``nodes`` maps each span ``(start, end)``, ``0 <= start < end <= n``, to
    an iterable of function labels (possibly empty). ``words`` is the yield,
    or just its length for trees whose words do not matter.

    Raises :class:`~nltk_tedeval.errors.TreeStructureError` for a span
    outside the yield and :class:`~nltk_tedeval.errors.UnificationError`
    for two crossing spans.

    >>> t = MultiFunctionTree({(0, 2): {"root"}, (0, 1): {"nsubj"}, (1, 2): {"hd"}}, ("I", "left"))
    >>> t.labels((0, 1)), len(t), t.n
    (frozenset({'nsubj'}), 3, 2)
    >>> t.to_bracketed()
    '(root (nsubj I) (hd left))'
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
            start, end = int(span[0]), int(span[1])
            if not 0 <= start < end <= n:
                raise TreeStructureError(
                    f"span ({start}, {end}) lies outside a yield of {n} tokens"
                )
            labels_f = labels if isinstance(labels, frozenset) else frozenset(labels)
            key = (start, end)
            table[key] = table[key] | labels_f if key in table else labels_f
        crossing = crossing_pair(table)
        if crossing is not None:
            (a, b) = crossing
            raise UnificationError(f"spans {a} and {b} cross, so they cannot be nodes of one tree")
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
        """One ``(label, start, end)`` item per label of every node.

        A node with an empty label set is a chain of length 0 and contributes
        nothing.
        """
        if self._labeled is None:
            items = frozenset(
                (label, s, e) for (s, e), labels in self._nodes.items() for label in labels
            )
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
            f"({s},{e}):{{{','.join(sorted(labels))}}}" for (s, e), labels in self.nodes()
        )

    def __repr__(self) -> str:
        body = ", ".join(f"({s}, {e}): {sorted(labels)!r}" for (s, e), labels in self.nodes())
        return f"MultiFunctionTree({{{body}}}, words={self._words!r})"

    def to_bracketed(self, *, empty: str = "_", join: str = "+") -> str:
        """The tree in brackets, with each node's labels sorted and joined.

        A node with no labels prints as ``empty``. When the nodes do not form
        one tree over the whole yield, an unlabeled outer bracket holds them,
        as in Penn Treebank files. Brackets in words are escaped.
        """
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
