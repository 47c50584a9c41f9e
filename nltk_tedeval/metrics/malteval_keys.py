"""MaltEval's groupings of tokens as breakdown keys of attachment scores (SPEC.md §12.4).

MaltEval (Nilsson and Nivre 2008) groups the tokens of an evaluation by a
property of each word (its ``GroupBy`` values). The ones attachment had not
are the keys here, each a :class:`~nltk_tedeval.metrics.attachment_groups.WordKey`
through the door every key of one's own takes (docs/extending.md), registered
by one line of :mod:`.attachment_groups`:

========================  ====================  =================================================
key                       MaltEval              the group of a token
========================  ====================  =================================================
``form``                  Wordform              its gold word form
``lemma``                 Lemma                 its gold LEMMA (``_``: none)
``feats``                 Feats                 its gold FEATS, the whole of it (``_``: none)
``feats=NAME``            (none)                the value of the feature NAME in its gold FEATS
``relation-length``       RelationLength        ``|head - dependent|`` of its arc; ``-1`` for an
                                                arc from the root, ``0`` for a token that is its
                                                own head (a parse's)
``start-position``        StartWordPosition     its position from the sentence's start (1: first)
``end-position``          EndWordPosition       its position from the sentence's end (1: last)
``branching``             BranchingFactor       how many dependents it has in the gold tree
``frame``                 Frame                 the relations of its gold dependents in order,
                                                its own between them as ``*rel*``
========================  ====================  =================================================

A token counts in the group of its gold word, so a group's LAS, UAS, LA,
UNDIRECTED and NED are accuracies over its gold tokens: MaltEval's
``accuracy`` (``treebankaccuracy`` for the groupings whose value the parse may
change). ``relation-length`` is a property of the arc that a right head keeps,
so its parse arcs are grouped too, and a group has precision over them (MaltEval's
``parseraccuracy``), as ``distance`` does in bins. MaltEval counts positions
from 0 where its guide says 1 (its ``getKey`` returns the index); here the
first word is 1, as its ID.

>>> from nltk_tedeval.trees.dependency import DependencyTree
>>> t = DependencyTree(("I", "saw", "her", "."), (2, 0, 2, 2), ("nsubj", "root", "obj", "punct"))
>>> _frame(t, None)
['*nsubj*', 'nsubj *root* obj punct', '*obj*', '*punct*']
>>> _relation_length(t, None), _branching(t, None), _end_position(t, None)
(['1', '-1', '1', '2'], ['0', '3', '0', '0'], ['4', '3', '2', '1'])
"""

from __future__ import annotations

from collections.abc import Sequence

from ..scoring.groups import Bins
from ..trees.dependency import DependencyTree
from .word_keys import WordGroups, WordKey

__all__ = ["MALTEVAL_KEYS"]

NONE = "_"
"""The group of a word without a value (no lemma, no features, not the feature)."""


def _form(gold: DependencyTree, bins: Bins | None) -> list[str]:
    return [w or NONE for w in gold.words]


def _column(name: str) -> WordGroups:
    def groups(gold: DependencyTree, bins: Bins | None) -> list[str]:
        values: Sequence[str | None] = getattr(gold, name)  # the run checked it is there
        return [v or NONE for v in values]

    return groups


def _feature(name: str) -> WordGroups:
    """The groups by one feature: ``feats=Case`` puts a word of ``Case=Nom|Number=Sing``
    in ``Nom``, one without Case in ``_``."""
    prefix = name + "="

    def groups(gold: DependencyTree, bins: Bins | None) -> list[str]:
        out = []
        for cell in gold.feats or ():  # the run checked they are there
            value = NONE
            if cell:
                for feature in cell.split("|"):
                    if feature.startswith(prefix):
                        value = feature[len(prefix) :] or NONE
                        break
            out.append(value)
        return out

    return groups


def _relation_length(tree: DependencyTree, bins: Bins | None) -> list[str]:
    # MaltEval's RelationLength: -1 for the root's arcs; a parse's token on itself is 0.
    return [
        "-1" if head == 0 else str(abs(head - dep)) for dep, head in enumerate(tree.heads, start=1)
    ]


def _start_position(gold: DependencyTree, bins: Bins | None) -> list[str]:
    return [str(i) for i in range(1, len(gold.heads) + 1)]


def _end_position(gold: DependencyTree, bins: Bins | None) -> list[str]:
    return [str(i) for i in range(len(gold.heads), 0, -1)]


def _dependents(heads: Sequence[int]) -> list[list[int]]:
    kids: list[list[int]] = [[] for _ in range(len(heads) + 1)]
    for dep, head in enumerate(heads, start=1):
        kids[head].append(dep)
    return kids


def _branching(gold: DependencyTree, bins: Bins | None) -> list[str]:
    kids = _dependents(gold.heads)
    return [str(len(kids[w])) for w in range(1, len(gold.heads) + 1)]


def _frame(gold: DependencyTree, bins: Bins | None) -> list[str]:
    # MaltEval's Frame: the dependents' relations and the word's own, *marked*, in the
    # order of their words (MaltEval ends each with a space; here none).
    rels = [r or NONE for r in gold.rels]
    kids = _dependents(gold.heads)
    out = []
    for w in range(1, len(gold.heads) + 1):
        parts = [rels[k - 1] for k in kids[w] if k < w]
        parts.append(f"*{rels[w - 1]}*")
        parts.extend(rels[k - 1] for k in kids[w] if k > w)
        out.append(" ".join(parts))
    return out


MALTEVAL_KEYS: tuple[WordKey, ...] = (
    WordKey("form", "the gold word form, as MaltEval's Wordform", _form),
    WordKey(
        "lemma",
        "the gold word's lemma (CoNLL-U column 3; _ for none)",
        _column("lemmas"),
        reads=("lemmas",),
    ),
    WordKey(
        "feats",
        "the gold word's features, the whole FEATS cell (column 6; _ for none); feats=NAME: "
        "the value of the feature NAME",
        _column("feats"),
        valued=_feature,
        reads=("feats",),
    ),
    WordKey(
        "relation-length",
        "|head - dependent| of the arc (gold for recall, parse for precision): -1 from the "
        "root, 0 a parse token on itself, as MaltEval's RelationLength",
        _relation_length,
        arc=True,
    ),
    WordKey("start-position", "the word's position from the start (1: first)", _start_position),
    WordKey("end-position", "the word's position from the end (1: last)", _end_position),
    WordKey(
        "branching",
        "how many dependents the gold word has (MaltEval's BranchingFactor)",
        _branching,
    ),
    WordKey(
        "frame",
        "the relations of the gold word's dependents in order, its own as *rel* between "
        "them (MaltEval's Frame)",
        _frame,
    ),
)
"""MaltEval's groupings, registered by one line of :mod:`.attachment_groups`."""
