"""EVALB's row of statistics for a sentence: its columns, and the one function that fills them.

Every way of scoring brackets the EVALB way ends in the same row: EVALB's
replay of one sentence (:mod:`~nltk_tedeval.metrics.evalb_brackets`), whole
blocks of sentences at once (:mod:`~nltk_tedeval.metrics.evalb_blocks`),
aligned positions (:mod:`~nltk_tedeval.metrics.aligned_brackets`),
jp-evalb's rules (:mod:`~nltk_tedeval.metrics.jp_evalb`), a missing parse
scored with nothing right and EVALB's skip sentence
(:mod:`~nltk_tedeval.metrics.parseval`). Each counts brackets its own way
and hands its counts to :func:`evalb_row`, so that what a status means,
a complete match, the crossing thresholds and the ``*_cut`` copy are
written once.

>>> row = evalb_row(
...     STATUS_VALID, matched=3, gold=4, test=3, words=4, correct=4, length=5, cutoff=40
... )
>>> dict(zip(COLUMNS[:14], row[:14]))  # doctest: +NORMALIZE_WHITESPACE
{'sentences': 1, 'valid': 1, 'errors': 0, 'skipped': 0, 'matched': 3, 'gold': 4,
 'test': 3, 'complete': 0, 'crossing': 0, 'no_crossing': 1, 'two_or_less': 1,
 'words': 4, 'correct_tags': 4, 'length': 5}
>>> row[14:] == row[:13]  # length 5 <= 40: the sentence is in the cut
True
"""

from __future__ import annotations

from typing import Any, TypeVar

from .evalb_report import STATUS_ERROR, STATUS_SKIP, STATUS_VALID

__all__ = [
    "BASE_COLUMNS",
    "COLUMNS",
    "NO_SENTENCE",
    "STATUS_ERROR",
    "STATUS_SKIP",
    "STATUS_VALID",
    "evalb_row",
]

# Per-sentence statistics, first over all sentences, then again (suffix
# "_cut") for the sentences of length <= CUTOFF_LEN, so that every figure of
# both blocks of EVALB's summary is a plain formula over column sums.
BASE_COLUMNS: tuple[str, ...] = (
    "sentences",
    "valid",
    "errors",
    "skipped",
    "matched",
    "gold",
    "test",
    "complete",
    "crossing",
    "no_crossing",
    "two_or_less",
    "words",
    "correct_tags",
)
"""The columns of EVALB's summary, each counted over all sentences and again in the cut."""
COLUMNS: tuple[str, ...] = (
    *BASE_COLUMNS,
    "length",
    *(f"{c}_cut" for c in BASE_COLUMNS),
)
"""The columns of a ParsEval statistics table, one row a sentence, filled by :func:`evalb_row`."""

NO_SENTENCE = 3
"""The status of a row that holds no sentence, every column 0: an aligned unit
of other systems' sentences only, or a sentence a block leaves to be scored alone."""

Count = TypeVar("Count")  # an int for one sentence, a numpy array of ints for many


def evalb_row(
    status: Count,
    matched: Any = 0,
    gold: Any = 0,
    test: Any = 0,
    crossing: Any = 0,
    words: Any = 0,
    correct: Any = 0,
    length: Any = 0,
    *,
    cutoff: int,
) -> list[Count]:
    """EVALB's row of :data:`COLUMNS` from a sentence's status and counts.

    ``status`` is EVALB's (:data:`STATUS_VALID`, :data:`STATUS_ERROR`,
    :data:`STATUS_SKIP`) or :data:`NO_SENTENCE`. The counts are the
    matched, gold and test brackets, the test brackets that cross a gold
    one, the words and the correctly tagged ones: they count only in a
    valid sentence (EVALB adds nothing of an error or a skip sentence but
    its length, and a row of no sentence is all 0). ``length`` decides
    whether the sentence is in the ``len <= cutoff`` copy.

    The arguments may be ints (the row of one sentence, a list of ints) or
    numpy arrays of the same length (one entry a sentence: the list holds
    the table's columns, for ``numpy.stack(..., axis=1)``); the formulas
    are the same arithmetic on both.
    """
    # (x) * 1 makes a comparison an int, or an int array: the same code for both.
    sentence = (status != NO_SENTENCE) * 1
    valid = (status == STATUS_VALID) * 1
    base = [
        sentence,
        valid,
        (status == STATUS_ERROR) * 1,
        (status == STATUS_SKIP) * 1,
        matched * valid,
        gold * valid,
        test * valid,
        valid & (gold == test) & (test == matched),  # complete match
        crossing * valid,
        valid & (crossing == 0),
        valid & (crossing <= 2),
        words * valid,
        correct * valid,
    ]
    length = length * sentence
    cut = (length <= cutoff) * 1
    return [*base, length, *[value * cut for value in base]]
