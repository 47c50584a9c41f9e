"""Function tags (Blaheta and Charniak 2000), as disco-dop's ``eval`` scores them.

A function tag says what a phrase does in its parent: ``NP-SBJ`` is a subject,
``PP-LOC`` a place. Blaheta and Charniak score a tagger on the brackets the
parser got right, and only their non-null tags: a tag counts where its bracket
(label and words, after disco-dop's transform) is a bracket of the other tree
too, or, on a part of speech, where the other tree has the same tag on that
word. So each side has a multiset of (bracket, tag) pairs, and

- ``FUNC_R``: the pairs of both sides over the gold's pairs,
- ``FUNC_P``: the same over the parse's pairs,
- ``FUNC``: their F1, ``2 · both / (gold + parse)``, disco-dop's
  ``function tags:`` line,

each summed over the corpus before dividing (``FUNC_CUT`` and the others for the
sentences within ``CUTOFF_LEN``). A tag on a bracket the other tree lacks is
not counted, neither right nor wrong: the score measures function tagging, not
bracketing. A sentence where no tag is on a matched bracket has nothing to
compare: its scores are N/A ("no function tag to compare").

The tags are read as disco-dop reads them
(:func:`~nltk_tedeval.metrics.disco_parseval.bracket_functions`): of a bracket file,
what follows a label's first ``-`` (``S-NOM-SBJ`` has two, ``NOM`` and ``SBJ``;
``NP-1`` none); of an export file, the edge to the parent.
They are read whatever ``--functions`` does to the labels the brackets are
compared by; under ``add`` a bracket matches only with its tags, so every
counted tag is right.

Its breakdowns are disco-dop's *Function Tag Statistics* table: ``by="function"``
(each tag's pairs, their recall, precision and F1) and ``by="function_confusion"``
(``GOLD→PARSE``: a parse tag on a bracket whose gold tag it does not match).

>>> from nltk_tedeval.metrics.disco_parseval import DiscoParsevalEvaluator
>>> from nltk import Tree
>>> gold = Tree.fromstring("(ROOT (S (NP-SBJ (PRP He)) (VP (VBD left) (NP-TMP (NN today)))))")
>>> parse = Tree.fromstring("(ROOT (S (NP-SBJ (PRP He)) (VP (VBD left) (NP-ADV (NN today)))))")
>>> ev = DiscoParsevalEvaluator([parse], [gold], extra_measures="FUNC,FUNC_P,FUNC_R")
>>> [float(ev.score(m)) for m in ("FUNC", "FUNC_P", "FUNC_R")]
[0.5, 0.5, 0.5]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..scoring.extensions import MeasureExtension
from ..scoring.groups import GroupKey
from ..scoring.stats import Measure, f_measure, precision, recall
from .bracket_groups import ARROW, BRACKET_COLUMNS

if TYPE_CHECKING:
    from .disco_parseval import DiscoParams, DiscoView, NodeTable

__all__ = ["FUNCTION_KEYS", "FUNCTION_TAGS", "function_pairs", "kept_nodes"]

NOTHING = "no function tag to compare"

Node = tuple[str, frozenset[int], tuple[str, ...], int]
"""A node disco-dop's transform keeps: its label, its words, its function tags and, for a
part of speech, its word's position (-1 for a phrase)."""


def kept_nodes(
    table: NodeTable, deleted: set[int], renumber: dict[int, int], params: DiscoParams
) -> list[Node]:
    """The nodes of ``table`` that disco-dop's ``transform`` keeps, in pre-order (its
    ``subtrees()``): the root, whatever its label; every phrase with a word left whose
    label (``EQ_LABEL``'s) is not deleted; every part of speech whose word is kept
    (labels ``EQ_LABEL``'s, as the transform leaves them)."""
    labels, kids, funcs = table.labels, table.kids, table.funcs
    eq, dropped = params.eq_labels, params.delete_labels
    words: dict[int, frozenset[int]] = {}
    order: list[int] = []
    stack = [0]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(k for k in reversed(kids[node]) if k >= 0)
    for node in reversed(order):  # children before their parents
        out: set[int] = set()
        for k in kids[node]:
            if k >= 0:
                out |= words[k]
            elif -1 - k not in deleted:
                out.add(renumber[-1 - k])
        words[node] = frozenset(out)
    kept: list[Node] = []
    for node in order:
        span = words[node]
        phrasal = bool(kids[node]) and kids[node][0] >= 0
        if node == 0:
            position = -1 if phrasal or not span else min(span)
            kept.append((labels[0], span, funcs[0], position))
            continue
        if not span:
            continue  # a phrase left without words, or a deleted word's part of speech
        label = eq.get(labels[node], labels[node])
        if phrasal:
            if label not in dropped:
                kept.append((label, span, funcs[node], -1))
        else:
            kept.append((label, span, funcs[node], min(span)))
    return kept


def function_pairs(view: DiscoView) -> tuple[Counter[Any], Counter[Any]]:
    """The (bracket, tag) pairs that count, of the gold and of the parse, in pre-order
    (disco-dop's ``goldfun`` and ``candfun`` of the sentence); made once a sentence."""
    got = view.cache.get("functions")
    if got is not None:
        return got
    from .disco_parseval import disco_brackets

    params = view.params
    g, p = view.gold_table, view.parse_table
    kept = sorted(view.renumber, key=view.renumber.__getitem__)
    gold_brackets = disco_brackets(g, view.deleted, view.renumber, params)[0]
    gold_tags = [g.tags()[i] for i in kept]
    g_nodes = kept_nodes(g, view.deleted, view.renumber, params)
    if p is None:  # a missing parse: no bracket of the gold is matched
        got = view.cache["functions"] = (Counter(), Counter())
        return got
    parse_brackets = disco_brackets(p, view.deleted, view.renumber, params)[0]
    parse_tags = [p.tags()[i] for i in kept]
    p_nodes = kept_nodes(p, view.deleted, view.renumber, params)

    def counted(nodes: list[Node], other: Counter[Any], tags: Sequence[str]) -> Counter[Any]:
        out: Counter[Any] = Counter()
        for label, span, funcs, position in nodes:
            if not funcs:
                continue
            # Matched: the bracket is the other tree's (labeled as it counts them), or a
            # part of speech the other tree gives the same (unmapped) tag.
            if (label, span) in other or (position >= 0 and tags[position] == label):
                for f in funcs:
                    out[((label, span), f)] += 1
        return out

    got = view.cache["functions"] = (
        counted(g_nodes, parse_brackets, parse_tags),
        counted(p_nodes, gold_brackets, gold_tags),
    )
    return got


def _counts(view: DiscoView) -> tuple[int, int, int]:
    gold, parse = function_pairs(view)
    return sum((gold & parse).values()), sum(gold.values()), sum(parse.values())


COLUMNS = ("func_matched", "func_gold", "func_test")
ALL_COLUMNS = (*COLUMNS, *(f"{c}_cut" for c in COLUMNS))
"""Per sentence: the (bracket, tag) pairs of both sides, of the gold and of the parse;
each again as ``NAME_cut``, 0 for a sentence longer than the cut-off."""


def _count(view: DiscoView) -> tuple[int, ...]:
    row = _counts(view)
    return (*row, *(row if view.cut else (0, 0, 0)))


def _zero(view: DiscoView) -> tuple[int, ...]:
    # A missing parse matches no bracket: no tag of its gold is compared.
    return (0,) * len(ALL_COLUMNS)


def _measures(suffix: str) -> tuple[Measure, ...]:
    columns = tuple(f"{c}{suffix}" for c in COLUMNS)
    tail = suffix.upper()
    return (
        Measure(f"FUNC{tail}", columns, f_measure, NOTHING),
        Measure(f"FUNC_P{tail}", columns, precision, NOTHING),
        Measure(f"FUNC_R{tail}", columns, recall, NOTHING),
    )


_KEY_MEASURES = {
    "R": Measure("R", BRACKET_COLUMNS, recall, "no gold pair of the tag"),
    "P": Measure("P", BRACKET_COLUMNS, precision, "no parse pair of the tag"),
    "F1": Measure("F1", BRACKET_COLUMNS, f_measure, "no pair of the tag on either side"),
}

FUNCTION_KEYS: dict[str, GroupKey] = {
    "function": GroupKey(
        "function",
        BRACKET_COLUMNS,
        _KEY_MEASURES,
        "gold",
        "the function tag, on brackets matched in the other tree (disco-dop's Function "
        "Tag Statistics)",
    ),
    "function_confusion": GroupKey(
        "function_confusion",
        ("count",),
        {},
        "count",
        "GOLD→PARSE: a parse function tag on a matched bracket whose gold tag differs",
        counts=True,
        partition=False,
    ),
}
"""``by="function"`` and ``by="function_confusion"``: disco-dop's Function Tag Statistics."""


def _groups(view: DiscoView, key: str, *, parse: bool = True) -> Mapping[str, tuple[int, ...]]:
    gold, test = function_pairs(view)
    if key == "function":
        by: dict[str, list[int]] = {}
        for (_, f), n in gold.items():
            by.setdefault(f, [0, 0, 0])[1] += n
        for item, n in test.items():
            by.setdefault(item[1], [0, 0, 0])[2] += n
        for item, n in (gold & test).items():
            by[item[1]][0] += n
        return {f: tuple(row) for f, row in by.items()}
    # disco-dop's funcbreakdown: an unmatched gold pair names its bracket's gold tag (the
    # last in pre-order where several are, as its dict keeps the last); every distinct
    # unmatched parse pair on such a bracket is one event.
    gold_tag = {bracket: f for bracket, f in gold - test}
    events: Counter[str] = Counter()
    for bracket, f in test - gold:
        if bracket in gold_tag:
            events[f"{gold_tag[bracket]}{ARROW}{f}"] += 1
    return {g: (n,) for g, n in events.items()}


FUNCTION_TAGS = MeasureExtension(
    "function_tags",
    reads=(),
    columns=ALL_COLUMNS,
    derive=None,
    measures=(*_measures(""), *_measures("_cut")),
    tested=("FUNC",),
    count=_count,
    zero=_zero,
    keys=FUNCTION_KEYS,
    group_rows=_groups,
    help="function tags (Blaheta and Charniak 2000) as disco-dop's eval scores them: FUNC, "
    "the F1 of (bracket, tag) pairs on brackets matched in the other tree; FUNC_P, FUNC_R",
)
"""The function-tag score on disco-dop's ParsEval: ``extra_measures="FUNC"``, ``tedeval
parseval --function-tags``."""
