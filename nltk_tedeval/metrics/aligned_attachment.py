"""Attachment scores over aligned words: LAS and the rest when the tokenizations differ.

Where a parse's tokens differ from the gold's (SPEC.md §11), a gold word and
a parse word are *aligned* when each is the only token of its side in one
position of their unit. Every measure of :mod:`.attachment` then becomes a
precision (over the parse's scored words), a recall (over the gold's) and
their F1, counting an aligned word right as the measure says, with heads
compared through the alignment: the parse head must be aligned to the gold
head (or both be the root); for the undirected score, to the gold head or
a gold child; for NED, also to the gold grandparent. A word in a position
of several tokens has no partner and is never right. With ``punct="exclude"``
each side leaves out its own punctuation words. A unit in which no scored
word of either side carries a relation has none to compare: its words are
left out of LA's and LAS's counts (``labeled_gold_tokens``,
``labeled_parse_tokens``), as :mod:`.attachment` leaves out such a sentence
(SPEC.md §5, §7). When every unit is one sentence with the same tokens on
both sides, precision, recall and F1 all equal the accuracy
:mod:`.attachment` computes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..alignment import Unit
from ..scoring.stats import Measure, f_measure, precision, recall
from ..trees.dependency import DependencyTree

__all__ = ["Node", "word_alignment"]  # and the rest, used by AttachmentEvaluator

ALIGNED_COLUMNS: tuple[str, ...] = (
    "gold_tokens",  # gold words scored
    "parse_tokens",  # parse words scored
    "head",  # aligned words whose head is aligned to the gold head
    "label",  # ... whose relation is the gold relation
    "head_label",  # ... with both
    "undirected",  # ... whose head is aligned to the gold head or a gold child
    "ned",  # ... or else to the gold grandparent
    "labeled_gold_tokens",  # gold words scored, if a scored word of the unit has a relation
    "labeled_parse_tokens",  # parse words scored, likewise
)

_SCORES = (("UAS", "head"), ("LA", "label"), ("LAS", "head_label"),
           ("UNDIRECTED", "undirected"), ("NED", "ned"))  # fmt: skip


_LABELED = ("label", "head_label")  # the columns that compare relations


def _measures() -> dict[str, Measure]:
    out: dict[str, Measure] = {}
    for name, column in _SCORES:
        if column in _LABELED:
            cols = (column, "labeled_gold_tokens", "labeled_parse_tokens")
            why = "no relation to compare: no scored word carries one on either side"
            why_p = "no scored parse word where a relation is compared (on either side)"
            why_r = "no scored gold word where a relation is compared (on either side)"
        else:
            cols = (column, "gold_tokens", "parse_tokens")
            why, why_p, why_r = (
                "no scored word on either side", "no scored parse word", "no scored gold word"
            )  # fmt: skip
        out[name] = Measure(name, cols, f_measure, why)
        out[f"{name}_P"] = Measure(f"{name}_P", cols, precision, why_p)
        out[f"{name}_R"] = Measure(f"{name}_R", cols, recall, why_r)
    return out


ALIGNED_MEASURES: dict[str, Measure] = _measures()
"""Each attachment score as F1 (under its own name), precision (``_P``) and recall (``_R``)."""

Node = tuple[int, int]  # (sentence in its unit, token): a word of one side
_ROOT: Node = (-1, -1)


def word_alignment(unit: Unit) -> dict[Node, Node]:
    """Each aligned parse word's gold word, ``(sentence in its unit, token)`` on both
    sides, and the root's (``(-1, -1)``) the root: words alone in their position on
    both sides, but for those the multiword walk leaves apart (SPEC.md §11)."""
    by_position: list[list[list[Node]]] = [[[], []] for _ in range(unit.n_positions)]
    for side, sentences in ((0, unit.gold), (1, unit.test)):
        for k, s in enumerate(sentences):
            for t, p in enumerate(unit.token_positions(s)):
                by_position[p][side].append((k, t))
    to_gold: dict[Node, Node] = {_ROOT: _ROOT}
    apart = {(k, t) for k, s in enumerate(unit.test) if s.apart for t in s.apart}
    for g_nodes, p_nodes in by_position:
        if len(g_nodes) == 1 and len(p_nodes) == 1 and p_nodes[0] not in apart:
            to_gold[p_nodes[0]] = g_nodes[0]
    return to_gold


def aligned_row(
    unit: Unit,
    trees: tuple[Sequence[DependencyTree], Sequence[DependencyTree | None]],
    rels: Callable[[DependencyTree], list[str]],
    scored: Callable[[str], bool],
    *,
    labeled: bool = True,
    to_gold: dict[Node, Node] | None = None,
) -> tuple[int, ...]:
    """One unit's :data:`ALIGNED_COLUMNS`; ``trees`` are the gold's and the parse's.

    ``labeled`` says whether a scored word of the unit carries a relation; if
    none does, the columns of LA and LAS are 0 (nothing to compare). ``to_gold``
    is the unit's :func:`word_alignment`, when the caller has it already.
    """
    gold, parse = trees
    # A parse of None stands in for a missing one with nothing right
    # (missing="zero"): its words are its gold sentence's, and none is right.
    if to_gold is None:
        to_gold = word_alignment(unit)

    def head(trees: Sequence[DependencyTree], node: Node) -> Node:
        h = trees[node[0]].heads[node[1]]
        return _ROOT if h == 0 else (node[0], h - 1)

    gold_rels = [rels(t) for t in gold]
    gold_children: dict[Node, set[Node]] = {}
    gold_scored = 0
    for k, tree in enumerate(gold):
        for t, word in enumerate(tree.words):
            gold_scored += scored(word)
            gold_children.setdefault(head(gold, (k, t)), set()).add((k, t))
    parse_words = [
        s.tokens if tree is None else tree.words for s, tree in zip(unit.test, parse, strict=True)
    ]
    parse_scored = sum(scored(w) for words in parse_words for w in words)
    parse_rels = [None if t is None else rels(t) for t in parse]
    right = [0] * 5  # head, label, head_label, undirected, ned
    for p_node, g_node in to_gold.items():
        if p_node == _ROOT or not scored(gold[g_node[0]].words[g_node[1]]):
            continue
        if parse[p_node[0]] is None or not scored(parse_words[p_node[0]][p_node[1]]):
            continue
        g_head = head(gold, g_node)
        p_head = to_gold.get(head(parse, p_node))  # None: the parse head has no partner
        head_ok = p_head == g_head
        label_ok = gold_rels[g_node[0]][g_node[1]] == parse_rels[p_node[0]][p_node[1]]  # type: ignore[index]
        undirected_ok = head_ok or (p_head is not None and p_head in gold_children.get(g_node, ()))
        ned_ok = undirected_ok or (
            g_head != _ROOT and p_head is not None and head(gold, g_head) == p_head
        )
        for i, ok in enumerate((head_ok, label_ok, head_ok and label_ok, undirected_ok, ned_ok)):
            right[i] += ok
    if not labeled:
        return (gold_scored, parse_scored, right[0], 0, 0, *right[3:], 0, 0)
    return (gold_scored, parse_scored, *right, gold_scored, parse_scored)
