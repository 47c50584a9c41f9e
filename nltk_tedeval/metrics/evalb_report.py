"""EVALB's printed output: the per-sentence table and the summary, character for character.

Tools read EVALB's output as text, so the figures are formatted exactly as
EVALB's ``printf`` calls format them, ``-nan`` included, from the rows of a
:class:`~nltk_tedeval.scoring.stats.StatsTable` of
:data:`~nltk_tedeval.metrics.evalb_row.COLUMNS`.
"""

from __future__ import annotations

import math

from ..scoring.stats import StatsTable

__all__ = ["STATUS_ERROR", "STATUS_SKIP", "STATUS_VALID", "evalb_sentence_lines"]

STATUS_VALID = 0
"""EVALB's status of a sentence that was scored."""
STATUS_ERROR = 1
"""EVALB's status of a sentence whose words differ between gold and test."""
STATUS_SKIP = 2
"""EVALB's status of a sentence whose test side has no words."""

EVALB_RULE = "=" * 76
EVALB_HEAD = (
    "  Sent.                        Matched  Bracket   Cross        Correct Tag\n"
    " ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy\n"
    f"{EVALB_RULE}\n"
)
STATUS_NAMES = ("valid", "error", "skip")


def evalb_statuses(table: StatsTable) -> list[int]:
    view = table.view(("errors", "skipped"))
    return (view[:, 0] * STATUS_ERROR + view[:, 1] * STATUS_SKIP).tolist()


def evalb_sentence_rows(table: StatsTable) -> list[tuple[int, ...]]:
    cols = ("length", "matched", "gold", "test", "crossing", "words", "correct_tags")
    return [
        (number, status, *vals)
        for number, (status, vals) in enumerate(
            zip(evalb_statuses(table), table.view(cols).tolist(), strict=True), start=1
        )
    ]


def evalb_sentence_lines(table: StatsTable, *, header: bool = False) -> list[str]:
    """EVALB's per-sentence table of the rows of ``table`` (sentences numbered from 1).

    With ``header=True`` EVALB's three header lines come first.
    """
    lines = EVALB_HEAD.rstrip("\n").split("\n") if header else []
    for number, status, length, match, gold, test, crossing, words, correct in evalb_sentence_rows(
        table
    ):
        rec = 0.0 if gold == 0 else 100.0 * match / gold
        prec = 0.0 if test == 0 else 100.0 * match / test
        acc = 0.0 if words == 0 else 100.0 * correct / words
        lines.append(
            f"{number:4d}  {length:3d}    {status:d}  {rec:6.2f} {prec:6.2f}   {match:3d}"
            f"    {gold:3d}  {test:3d}    {crossing:3d}   {words:4d}  {correct:4d}   {acc:6.2f}"
        )
    return lines


def evalb_f(p: float, r: float) -> float:
    # EVALB computes F from the two percentages; with nothing matched that is
    # 0/0, which C prints as "-nan".
    return math.nan if p + r == 0 else 2 * p * r / (p + r)


def _fmt(value: float | None) -> str:
    return "  -nan" if value is None else f"{value:6.2f}"


def block_text(b: dict[str, object]) -> str:
    return (
        f"Number of sentence        = {b['sentences']:6d}\n"
        f"Number of Error sentence  = {b['error_sentences']:6d}\n"
        f"Number of Skip  sentence  = {b['skip_sentences']:6d}\n"
        f"Number of Valid sentence  = {b['valid_sentences']:6d}\n"
        + f"Bracketing Recall         = {_fmt(b['bracketing_recall'])}\n"
        + f"Bracketing Precision      = {_fmt(b['bracketing_precision'])}\n"
        + f"Bracketing FMeasure       = {_fmt(b['bracketing_fmeasure'])}\n"
        + f"Complete match            = {_fmt(b['complete_match'])}\n"
        + f"Average crossing          = {_fmt(b['average_crossing'])}\n"
        + f"No crossing               = {_fmt(b['no_crossing'])}\n"
        + f"2 or less crossing        = {_fmt(b['two_or_less_crossing'])}\n"
        + f"Tagging accuracy          = {_fmt(b['tagging_accuracy'])}\n"
    )
