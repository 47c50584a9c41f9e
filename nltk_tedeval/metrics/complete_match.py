"""Complete match: the sentences whose every scored head (UCM), and every head and
relation (LCM), are right.

The exact-match figures that dependency parsing papers print beside LAS and
UAS (supar's ``AttachmentMetric``, AllenNLP's ``AttachmentScores`` as UEM and
LEM, MaltEval). Attachment counts what they need: a sentence is an unlabeled
complete match when its right heads are all its scored tokens, and a labeled
one when its right heads with the right relation are all the tokens it
compares relations over (SPEC.md §7). So the measures are an extension of
attachment (:mod:`nltk_tedeval.scoring.extensions`): four columns derived
from each sentence's row, and two accuracies over their sums,

    UCM = complete_head / sentences        LCM = complete_head_label / labeled_sentences

where a sentence counts in ``sentences`` when it has a scored token and in
``labeled_sentences`` when it has a relation to compare; a corpus without
either is N/A (SPEC.md §9). Under alignment a unit is complete when every
scored word of both sides is aligned and right (SPEC.md §11), which for a
unit of one sentence with the same tokens on both sides is the sentence's
complete match.
"""

from __future__ import annotations

from typing import Any

from nltk_tedeval.scoring.extensions import MeasureExtension
from nltk_tedeval.scoring.stats import Measure, accuracy

__all__ = ["COMPLETE_MATCH", "LCM", "UCM"]

COLUMNS = ("sentences", "complete_head", "labeled_sentences", "complete_head_label")

UCM = Measure(
    "UCM", ("complete_head", "sentences"), accuracy, "no sentence with a scored token"
)
LCM = Measure(
    "LCM",
    ("complete_head_label", "labeled_sentences"),
    accuracy,
    "no sentence with a relation to compare",
)


def _complete(tokens: Any, head: Any, head_label: Any, labeled: Any) -> tuple[Any, ...]:
    # Integers or numpy arrays alike: comparisons, then & and * 1, no branch.
    scored, compared = (tokens > 0) * 1, (labeled > 0) * 1
    return scored, scored & (head == tokens), compared, compared & (head_label == labeled)


def _complete_aligned(
    gold: Any, parse: Any, head: Any, head_label: Any, labeled_gold: Any, labeled_parse: Any
) -> tuple[Any, ...]:
    # Every scored word of both sides aligned and right: as many right as either side has.
    scored, compared = (gold > 0) * 1, (labeled_gold > 0) * 1
    return (
        scored,
        scored & (head == gold) & (gold == parse),
        compared,
        compared & (head_label == labeled_gold) & (labeled_gold == labeled_parse),
    )


COMPLETE_MATCH = MeasureExtension(
    "complete_match",
    reads=("tokens", "head", "head_label", "labeled_tokens"),
    columns=COLUMNS,
    derive=_complete,
    measures=(UCM, LCM),
    aligned=MeasureExtension(
        "complete_match",
        reads=(
            "gold_tokens",
            "parse_tokens",
            "head",
            "head_label",
            "labeled_gold_tokens",
            "labeled_parse_tokens",
        ),
        columns=COLUMNS,
        derive=_complete_aligned,
        measures=(UCM, LCM),
    ),
    help="complete match: sentences whose every head (UCM), and every head and relation "
    "(LCM), are right",
)
"""UCM and LCM on attachment: ``extra_measures="UCM,LCM"``, ``tedeval attach --measure``."""
