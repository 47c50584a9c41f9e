"""Paired approximate randomization over per-sentence statistics (SPEC.md §6).

The 2012 paper computes "pairwise statistical significance using a shuffling
test with 10K iterations (Cohen, 1995)". Under the null hypothesis the two
systems are interchangeable on every sentence, so each round swaps the two
systems' sufficient statistics on each sentence with probability 1/2 and
recomputes both corpus scores from the swapped sums. The p-value is
``(c + 1) / (R + 1)``, where ``c`` counts rounds whose absolute difference
reaches the observed one.

The test is written once, over :class:`~nltk_tedeval.scoring.stats.StatsTable` rows,
so every metric (TedEval, ParsEval F1, LAS, UAS, NED, MPH F1) gets it for
free. It is vectorised: a block of rounds is a 0/1 matrix ``S`` and the
swapped totals are ``A + S @ (B − A)`` and ``B − S @ (B − A)``, one matrix
product per block.

A measure that is N/A for either system (nothing to compare, SPEC.md §9)
has no difference to test: the result then has no p-value (``nan``), ran
no round, and says why in ``reason``, so that a report can test the
measures that are defined beside it instead of refusing them all.

>>> from nltk_tedeval.scoring.stats import StatsTable, TEDEVAL
>>> a = StatsTable(("delta", "iota"), [(1, 10)] * 50)
>>> paired_randomization(a, a, TEDEVAL, rounds=99).p_value
1.0
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import lazy_loader

from ..errors import OptionError, SentenceCountError
from .defaults import DEFAULT_ROUNDS, DEFAULT_SEED
from .stats import Measure, StatsTable

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_loader.load("numpy")  # imported on first use: a run of sums needs none (issue 31)

__all__ = [
    "DEFAULT_ROUNDS",
    "DEFAULT_SEED",
    "SignificanceResult",
    "paired_randomization",
    "stratified_randomization",
]

# Rounds are processed in blocks so that the 0/1 swap matrix stays near 64 MB
# of float64 whatever the corpus size.
_BLOCK_CELLS = 8_000_000
# Scores are ratios of integers; two differences closer than this are equal.
_TIE = 1e-12


@dataclass(frozen=True)
class SignificanceResult:
    """Outcome of one paired randomization test between systems A and B.

    >>> from nltk_tedeval.scoring.stats import StatsTable, TEDEVAL
    >>> a = StatsTable(("delta", "iota"), [(0, 10)] * 30)
    >>> b = StatsTable(("delta", "iota"), [(5, 10)] * 30)
    >>> res = paired_randomization(a, b, TEDEVAL, rounds=999)
    >>> res.difference, res.p_value
    (0.5, 0.001)
    """

    measure: str
    score_a: float
    score_b: float
    p_value: float
    rounds: int
    seed: int
    sentences: int
    reason: str | None = None
    """Why there is no p-value (``p_value`` is ``nan``): the measure is N/A for A, B or both."""

    @property
    def tested(self) -> bool:
        """Whether the test ran: False when the measure is N/A for either system."""
        return self.reason is None

    @property
    def difference(self) -> float:
        """Observed ``score_a − score_b``."""
        return self.score_a - self.score_b

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready description of the test; ``reason`` only for a test that did not run."""
        out: dict[str, object] = {
            "measure": self.measure,
            "score_a": self.score_a,
            "score_b": self.score_b,
            "difference": self.difference,
            "p_value": self.p_value,
            "rounds": self.rounds,
            "seed": self.seed,
            "sentences": self.sentences,
        }
        # Only there: the reports of tests that ran keep the shape they always had.
        if self.reason is not None:
            out["reason"] = self.reason
        return out


def paired_randomization(
    a: StatsTable,
    b: StatsTable,
    measure: Measure,
    *,
    rounds: int = DEFAULT_ROUNDS,
    seed: int = DEFAULT_SEED,
) -> SignificanceResult:
    """Test whether systems ``a`` and ``b`` differ on ``measure``.

    ``a`` and ``b`` hold the statistics of the same sentences in the same
    order. The same ``seed`` gives the same p-value on every run.

    When ``measure`` is N/A for either system (a zero denominator, SPEC.md
    §9), there is no observed difference and no test: the result has
    ``p_value`` ``nan``, ``rounds`` 0 and a ``reason``; the scores are
    those of the two systems, ``nan`` where N/A.

    >>> from nltk_tedeval.scoring.stats import StatsTable, TEDEVAL
    >>> a = StatsTable(("delta", "iota"), [(1, 10)] * 20)
    >>> paired_randomization(a, a, TEDEVAL, rounds=99).p_value
    1.0
    >>> none = StatsTable(("delta", "iota"), [(0, 0)] * 20)
    >>> res = paired_randomization(a, none, TEDEVAL, rounds=99)
    >>> res.score_a, res.score_b, res.p_value, res.rounds
    (0.9, nan, nan, 0)
    >>> res.reason
    'not tested: score B is N/A (no item on either side (ι = 0))'
    """
    if len(a) != len(b):
        raise SentenceCountError(
            f"paired test needs the same sentences: system A has {len(a)}, system B has {len(b)}"
        )
    if _integer(rounds) < 1:
        raise OptionError(f"rounds must be an integer of at least 1, not {rounds!r}")
    if _integer(seed) < 0:
        raise OptionError(f"the seed must be a non-negative integer, not {seed!r}")
    stats_a = a.view(measure.columns).astype(np.float64)
    stats_b = b.view(measure.columns).astype(np.float64)
    total_a = stats_a.sum(axis=0)
    total_b = stats_b.sum(axis=0)
    score_a = float(measure(total_a))
    score_b = float(measure(total_b))
    observed = abs(score_a - score_b)
    if np.isnan(observed):
        return SignificanceResult(
            measure=measure.name,
            score_a=score_a,
            score_b=score_b,
            p_value=float("nan"),
            rounds=0,
            seed=seed,
            sentences=len(a),
            reason=_untested_reason(measure, score_a, score_b),
        )

    # Only sentences where the systems differ can change the sums.
    diff = stats_b - stats_a
    diff = diff[np.any(diff != 0, axis=1)]
    n = diff.shape[0]
    rng = np.random.default_rng(seed)
    hits = 0
    if n == 0:
        hits = rounds
    else:
        block = max(1, _BLOCK_CELLS // n)
        done = 0
        while done < rounds:
            size = min(block, rounds - done)
            swaps = _coin_flips(rng, size, n)
            shift = swaps @ diff
            new_a = measure(total_a + shift)
            new_b = measure(total_b - shift)
            hits += int(np.count_nonzero(np.abs(new_a - new_b) >= observed - _TIE))
            done += size
    return SignificanceResult(
        measure=measure.name,
        score_a=score_a,
        score_b=score_b,
        p_value=(hits + 1) / (rounds + 1),
        rounds=rounds,
        seed=seed,
        sentences=len(a),
    )


def stratified_randomization(
    strata: Sequence[tuple[StatsTable | None, StatsTable | None]],
    counted: tuple[int, int],
    measure: Measure,
    *,
    rounds: int = DEFAULT_ROUNDS,
    seed: int = DEFAULT_SEED,
) -> SignificanceResult:
    """Test whether two systems' macro averages over strata (treebanks) differ (SPEC.md §16).

    ``strata`` holds, for every stratum, system A's table and system B's (``None``
    where a system has none: the stratum then adds nothing to that system's sum);
    ``counted`` the number each system's sum is divided by, as
    :func:`~nltk_tedeval.scoring.bootstrap.macro_over_strata` takes it. Each
    round swaps the two systems' statistics sentence by sentence, with
    probability 1/2, within every stratum both have (paired sentences never
    leave their treebank), rescores both systems' strata and averages them;
    a stratum only one system has keeps its score in every round. The strata
    are drawn one after another from one generator, every round of a stratum
    before the next, so that one stratum gives :func:`paired_randomization`'s
    p-value to the bit. ``sentences`` counts the paired sentences.

    >>> from nltk_tedeval.scoring.stats import StatsTable, TEDEVAL
    >>> a = StatsTable(("delta", "iota"), [(0, 10)] * 30)
    >>> b = StatsTable(("delta", "iota"), [(5, 10)] * 30)
    >>> res = stratified_randomization([(a, b), (a, None)], (2, 1), TEDEVAL, rounds=999)
    >>> res.score_a, res.score_b, res.p_value
    (1.0, 0.5, 0.001)
    """
    if _integer(rounds) < 1:
        raise OptionError(f"rounds must be an integer of at least 1, not {rounds!r}")
    if _integer(seed) < 0:
        raise OptionError(f"the seed must be a non-negative integer, not {seed!r}")
    count_a, count_b = counted
    sums = [0.0, 0.0]
    paired = 0
    prepared = []
    for table_a, table_b in strata:
        if table_a is not None and table_b is not None and len(table_a) != len(table_b):
            raise SentenceCountError(
                f"paired test needs the same sentences: system A has {len(table_a)}, "
                f"system B has {len(table_b)}"
            )
        views = [
            None if t is None else t.view(measure.columns).astype(np.float64)
            for t in (table_a, table_b)
        ]
        totals = [None if v is None else v.sum(axis=0) for v in views]
        for side, total in enumerate(totals):
            if total is not None:
                sums[side] += float(measure(total))
        prepared.append((views, totals))
        if table_a is not None and table_b is not None:
            paired += len(table_a)
    score_a = sums[0] / count_a if count_a else float("nan")
    score_b = sums[1] / count_b if count_b else float("nan")
    observed = abs(score_a - score_b)
    if np.isnan(observed):
        return SignificanceResult(
            measure=measure.name,
            score_a=score_a,
            score_b=score_b,
            p_value=float("nan"),
            rounds=0,
            seed=seed,
            sentences=paired,
            reason=_untested_reason(measure, score_a, score_b),
        )
    new_a = np.zeros(rounds)
    new_b = np.zeros(rounds)
    rng = np.random.default_rng(seed)
    for (view_a, view_b), (total_a, total_b) in prepared:
        if view_a is None or view_b is None:
            if total_a is not None:
                new_a += float(measure(total_a))
            if total_b is not None:
                new_b += float(measure(total_b))
            continue
        # Only sentences where the systems differ can change the sums.
        diff = view_b - view_a
        diff = diff[np.any(diff != 0, axis=1)]
        n = diff.shape[0]
        if n == 0:
            new_a += float(measure(total_a))
            new_b += float(measure(total_b))
            continue
        block = max(1, _BLOCK_CELLS // n)
        done = 0
        while done < rounds:  # paired_randomization's flips, block for block
            size = min(block, rounds - done)
            shift = _coin_flips(rng, size, n) @ diff
            new_a[done : done + size] += measure(total_a + shift)
            new_b[done : done + size] += measure(total_b - shift)
            done += size
    hits = int(np.count_nonzero(np.abs(new_a / count_a - new_b / count_b) >= observed - _TIE))
    return SignificanceResult(
        measure=measure.name,
        score_a=score_a,
        score_b=score_b,
        p_value=(hits + 1) / (rounds + 1),
        rounds=rounds,
        seed=seed,
        sentences=paired,
    )


def _untested_reason(measure: Measure, score_a: float, score_b: float) -> str:
    """Why a test of ``measure`` did not run: which score is N/A, and the measure's reason.

    >>> from nltk_tedeval.scoring.stats import TEDEVAL
    >>> _untested_reason(TEDEVAL, float("nan"), float("nan"))
    'not tested: scores A and B are N/A (no item on either side (ι = 0))'
    """
    nan_a, nan_b = bool(np.isnan(score_a)), bool(np.isnan(score_b))
    which = "scores A and B are" if nan_a and nan_b else "score A is" if nan_a else "score B is"
    return f"not tested: {which} N/A ({measure.undefined})"


def _integer(value: object) -> int:
    """``value`` as an int (Python or numpy), or -1 when it is no integer."""
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return -1


def _coin_flips(rng: np.random.Generator, rows: int, cols: int) -> np.ndarray:
    """A ``rows × cols`` matrix of fair 0/1 coin flips as float64.

    Each row takes whole 64-bit outputs of the bit generator, so the flips
    of a round do not depend on how rounds are grouped into blocks, and the
    bytes are read little-endian so every platform draws the same flips.
    Unpacking raw bits is much faster than drawing one number per cell.
    """
    words = (cols + 63) // 64
    raw = rng.bit_generator.random_raw((rows, words)).astype("<u8", copy=False)
    bits = np.unpackbits(raw.view(np.uint8).reshape(rows, words * 8), axis=1, count=cols)
    return bits.astype(np.float64)
