"""How an explanation is drawn: marked trees, as text and as SVG, and its operations listed.

:class:`~nltk_tedeval.protocol.explain.Explanation` marks every item of the
edit script on the trees it draws (the marks are described in
:mod:`~nltk_tedeval.protocol.explain`). The helpers here turn a
multi-function tree and its marks into a drawing: nltk's ASCII drawing of
:func:`~nltk_tedeval.trees.constituency.mft_to_tree`'s tree, or brackets on
one line for trees too long or too deep to draw, and the position of every
node in that tree so that an SVG drawing can colour it. They also list the
operations of a script in reading order, quoting the words of each span.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..trees.mft import (
    MultiFunctionTree,
    Span,
    bracketed_with_gaps,
    escape_token,
    format_span,
    span_size,
    span_words,
)

__all__ = ["COLOURS", "DRAWINGS", "EMPTY", "MAX_DRAWN_TOKENS", "VIRTUAL_ROOT"]

DRAWINGS = ("auto", "tree", "brackets")
"""How :meth:`~nltk_tedeval.protocol.explain.Explanation.text` draws trees:
``"tree"`` with nltk's ASCII tree drawing, ``"brackets"`` on one line each,
``"auto"`` the drawing for sentences of up to :data:`MAX_DRAWN_TOKENS` tokens."""

MAX_DRAWN_TOKENS = 60
"""Longer sentences are printed as brackets by ``drawing="auto"``."""

VIRTUAL_ROOT = "<root>"
"""How a drawing labels the virtual root of a tree without a node over the
whole sentence (several dependency roots, a bracketed file without a top
node)."""

EMPTY = "_"
"""How a drawing shows a node whose label set is empty."""

COLOURS = {"delete": "#c0392b", "add": "#1e8449", "free": "#7f8c8d"}
"""Text colours of marked nodes in the SVG drawings: charged deletions,
charged additions, and operations that are not charged."""

_MARKS = {
    ("delete", True): "-{}",
    ("add", True): "+{}",
    ("delete", False): "[-{}]",
    ("add", False): "[+{}]",
}

# How many words of a span a list of operations quotes.
_QUOTED_WORDS = 6


def mark_text(op: str, charged: bool, text: str) -> str:
    return _MARKS[(op, charged)].format(text)


def _split(item: tuple) -> tuple[str | None, Span]:
    """``(label, span)`` of a labeled item ``(label, *span)``; ``(None, span)`` of a node."""
    if isinstance(item[0], str):
        return item[0], item[1:]
    return None, item


def item_key(item: tuple) -> tuple:
    """Sort items in reading order: by start, larger spans first, then label."""
    label, span = _split(item)
    return (span[0], -span_size(span), label or "")


def _describe(item: tuple, words: Sequence[str]) -> str:
    label, span = _split(item)
    head = format_span(span) if label is None else f"{label} {format_span(span)}"
    quoted = span_words(words, span)
    if len(quoted) > _QUOTED_WORDS:
        quoted = [*quoted[: _QUOTED_WORDS // 2], "…", *quoted[-(_QUOTED_WORDS // 2) :]]
    return f'{head} "{" ".join(quoted)}"'


def op_lines(
    what: str, items: frozenset[tuple], free: frozenset[tuple], sign: str, words: Sequence[str]
) -> list[str]:
    if not items:
        return [f"the parse {what}: nothing"]
    lines = [f"the parse {what} ({len(items)}):"]
    for item in sorted(items, key=item_key):
        note = "   (not charged)" if item in free else ""
        lines.append(f"  {sign} {_describe(item, words)}{note}")
    return lines


def pretty(tree: Any, *, unicodelines: bool = False, sentence: Any = None) -> str:
    """nltk's ASCII drawing of ``tree``, without trailing blanks.

    ``sentence`` holds the words of a tree whose leaves are positions (a tree
    with gaps, see :func:`~nltk_tedeval.trees.constituency.mft_to_tree`).
    """
    from io import StringIO

    out = StringIO()
    tree.pretty_print(sentence=sentence, stream=out, unicodelines=unicodelines)
    return "\n".join(line.rstrip() for line in out.getvalue().rstrip("\n").split("\n"))


def bracketed(tree: MultiFunctionTree, node_text: Callable[[Span, frozenset[str]], str]) -> str:
    """The tree on one line, labels from ``node_text``; without recursion."""
    if not tree.contiguous:
        return bracketed_with_gaps(tree, node_text, VIRTUAL_ROOT)
    n = tree.n
    out: list[str] = []
    pos = 0

    def words(upto: int) -> None:
        nonlocal pos
        out.extend(escape_token(w) for w in tree.words[pos:upto])
        pos = max(pos, upto)

    wrap = (0, n) not in tree
    if wrap:
        out.append(f"({VIRTUAL_ROOT}")
    stack: list[int] = []
    for span, labels in tree.nodes():
        while stack and stack[-1] <= span[0]:
            words(stack.pop())
            out.append(")")
        words(span[0])
        out.append(f"({node_text(span, labels)}")
        stack.append(span[1])
    while stack:
        words(stack.pop())
        out.append(")")
    words(n)
    if wrap:
        out.append(")")
    return " ".join(out).replace(" )", ")")


def node_paths(tree: MultiFunctionTree) -> dict[Span, tuple[int, ...]]:
    """The position of every node in :func:`~nltk_tedeval.trees.constituency.mft_to_tree`'s tree.

    Positions are nltk's tree positions (child indices from the root),
    counting the words that hang directly from a node as children.
    """
    n = tree.n
    paths: dict[Span, tuple[int, ...]] = {}
    # Open nodes, outermost first: (end, path, number of children so far).
    open_: list[list[Any]] = [[n, (), 0]]
    if (0, n) in tree:
        paths[(0, n)] = ()
    pos = 0

    def words(upto: int) -> None:
        nonlocal pos
        if upto > pos:
            open_[-1][2] += upto - pos
            pos = upto

    for span in tree.spans:
        start, end = span
        if span == (0, n):
            continue
        while len(open_) > 1 and open_[-1][0] <= start:
            words(open_[-1][0])
            open_.pop()
        words(start)
        parent = open_[-1]
        path = (*parent[1], parent[2])
        parent[2] += 1
        paths[span] = path
        open_.append([end, path, 0])
    return paths
