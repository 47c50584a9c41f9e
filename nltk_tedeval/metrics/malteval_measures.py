"""MaltEval's word-level measures: AnyRight, BothRight, BothWrong, LabelWrong, HeadWrong,
AnyWrong (SPEC.md §7.3).

MaltEval (Nilsson and Nivre 2008) counts a token as a *hit* of its ``Metric``
when its head and relation compare so with the gold's:

==============  ==================================  ======================
measure         a hit                               share of
==============  ==================================  ======================
``AnyRight``    the head or the relation right      ``labeled_tokens``
``BothRight``   both right (LAS)                    ``labeled_tokens``
``BothWrong``   both wrong                          ``labeled_tokens``
``LabelWrong``  the relation wrong (1 − LA)         ``labeled_tokens``
``HeadWrong``   the head wrong (1 − UAS)            ``tokens``
``AnyWrong``    the head or the relation wrong      ``labeled_tokens``
==============  ==================================  ======================

Each is a count of hits and its share of the scored tokens that it compares
(those with a relation to compare for every measure that reads relations, as
LAS and LA, SPEC.md §7; every scored token for HeadWrong, as UAS). Attachment's
row of a sentence has what they need, so they are an extension of it
(:mod:`nltk_tedeval.scoring.extensions`): by inclusion and exclusion,

    any_right = head + label − head_label      both_wrong = labeled_tokens − any_right
    label_wrong = labeled_tokens − label       head_wrong = tokens − head
    any_wrong = labeled_tokens − head_label

with ``head`` counted over every scored token and the others 0 in a sentence
without a relation to compare, whose ``any_right`` is then 0 too. The columns
count tokens, so every breakdown's groups of tokens get the measures (by
relation, upos, lemma, ...): MaltEval's ``--Metric`` with ``--GroupBy``.

>>> _hits(4, 3, 3, 2, 4)  # 4 tokens, 3 heads, 3 relations, 2 both right
(4, 0, 1, 1, 2)
>>> _hits(4, 3, 0, 0, 0)  # no relation to compare: only HeadWrong counts
(0, 0, 0, 1, 0)
"""

from __future__ import annotations

from typing import Any

from nltk_tedeval.scoring.extensions import MeasureExtension
from nltk_tedeval.scoring.stats import Measure, accuracy

__all__ = ["MALTEVAL_MEASURES"]

COLUMNS = ("any_right", "both_wrong", "label_wrong", "head_wrong", "any_wrong")

_LABELED = "no relation to compare: no scored token carries one, in the gold or the parse"
_SCORED = "no token scored"

MEASURES = (
    Measure("AnyRight", ("any_right", "labeled_tokens"), accuracy, _LABELED),
    Measure("BothRight", ("head_label", "labeled_tokens"), accuracy, _LABELED),
    Measure("BothWrong", ("both_wrong", "labeled_tokens"), accuracy, _LABELED),
    Measure("LabelWrong", ("label_wrong", "labeled_tokens"), accuracy, _LABELED),
    Measure("HeadWrong", ("head_wrong", "tokens"), accuracy, _SCORED),
    Measure("AnyWrong", ("any_wrong", "labeled_tokens"), accuracy, _LABELED),
)


def _hits(tokens: Any, head: Any, label: Any, head_label: Any, labeled: Any) -> tuple[Any, ...]:
    # Integers or numpy arrays alike: no branch. A sentence without a relation to compare
    # has label = head_label = labeled = 0, and its right heads are no AnyRight hit.
    any_right = (labeled > 0) * (head + label - head_label)
    return any_right, labeled - any_right, labeled - label, tokens - head, labeled - head_label


MALTEVAL_MEASURES = MeasureExtension(
    "malteval",
    reads=("tokens", "head", "label", "head_label", "labeled_tokens"),
    columns=COLUMNS,
    derive=_hits,
    measures=MEASURES,
    tokens=True,
    help="MaltEval's word-level measures: AnyRight, BothRight, BothWrong, LabelWrong, "
    "HeadWrong, AnyWrong (each a share of the tokens it compares; its count in the totals)",
)
"""MaltEval's measures on attachment: ``extra_measures="AnyRight,..."``, ``--measure``."""
