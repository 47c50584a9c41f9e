"""jp-evalb's ``jp-evalb.txt``, printed from ParsEval statistics, so that the two can be diffed.

The layout is jp-evalb's (its per-unit line, its totals line, its two
summary blocks); the two ``Current time`` lines it writes are left out.
Where jp-evalb divides by zero for the F-measure it prints ``nan``, and so
does this table; the scores of the evaluator say N/A instead.
"""

from __future__ import annotations

import math

from ..scoring.stats import StatsTable
from .evalb_report import evalb_sentence_rows

__all__ = ["jp_evalb_text"]

_HEAD = (
    "  Sent.                        Matched  Bracket   Cross        Correct Tag\n"
    " ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy\n"
)
_RULE = "=" * 76 + "\n"


def _pct(part: int, whole: int) -> float:
    return 100.0 * part / whole if whole > 0 else 0.0


def _block(table: StatsTable, suffix: str) -> str:
    names = (
        "sentences", "matched", "gold", "test", "complete", "crossing", "no_crossing",
        "two_or_less", "words", "correct_tags",
    )  # fmt: skip
    sent, match, gold, test, comp, cross, none, two, words, tags = (
        int(v) for v in table.totals([n + suffix for n in names]).tolist()
    )
    r, p = _pct(match, gold), _pct(match, test)
    f = 2 * p * r / (p + r) if p + r > 0 else math.nan
    return (
        f"Number of sentence        = {sent:6d}\n"
        f"Number of Error sentence  = {0:6d}\n"
        f"Number of Skip  sentence  = {0:6d}\n"
        f"Number of Valid sentence  = {sent:6d}\n"
        f"Bracketing Recall         = {r:6.2f}\n"
        f"Bracketing Precision      = {p:6.2f}\n"
        f"Bracketing FMeasure       = {f:6.2f}\n"
        f"Complete match            = {_pct(comp, sent):6.2f}\n"
        f"Average crossing          = {cross / sent if sent else 0.0:6.2f}\n"
        f"No crossing               = {_pct(none, sent):6.2f}\n"
        f"2 or less crossing        = {_pct(two, sent):6.2f}\n"
        f"Tagging accuracy          = {_pct(tags, words):6.2f}\n"
    )


def jp_evalb_text(table: StatsTable, cutoff: int = 40) -> str:
    """The table jp-evalb writes for the units of ``table`` (one row a unit)."""
    out = [_HEAD, _RULE]
    for number, status, length, match, gold, test, crossing, words, correct in evalb_sentence_rows(
        table
    ):
        out.append(
            f"{number:>4} {length:>4} {status:>4} {_pct(match, gold):>7.2f} "
            f"{_pct(match, test):>6.2f} {match:>5} {gold:>6} {test:>4} {crossing:>6} "
            f"{words:>6} {correct:>5} {_pct(correct, words):>8.2f}\n"
        )
    out.append(_RULE)
    match, gold, test, crossing, words, correct = (
        int(v)
        for v in table.totals(
            ["matched", "gold", "test", "crossing", "words", "correct_tags"]
        ).tolist()
    )
    totals = ""
    if gold > 0 and test > 0:
        totals = (
            f"                {_pct(match, gold):6.2f} {_pct(match, test):6.2f}  "
            f"{match:5d} {gold:5d} {test:5d}  {crossing:5d}"
        )
    out.append(f"{totals}  {words:5d} {correct:5d}   {_pct(correct, words):6.2f}\n")
    out.append("=== Summary ===\n\n-- All --\n")
    out.append(_block(table, ""))
    out.append(f"\n-- len<={cutoff} --\n")
    out.append(_block(table, "_cut"))
    return "".join(out)
