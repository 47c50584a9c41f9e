"""Seeded bootstrap confidence intervals over per-sentence statistics (SPEC.md §12).

A score is a ratio of column sums, so its sampling variation is that of the
sentences it sums. Each round draws as many sentences as the corpus has, with
replacement (a vector of counts, one per sentence), sums their statistics and
scores the sums; the interval at level L is the pair of (1 - L)/2 and
(1 + L)/2 quantiles of those scores (the percentile bootstrap). The rounds are
drawn from a seed, so a report is the same on every run, and every table
given to one call is resampled with the same draws: a group's interval and
the corpus's come from the same resampled corpora.

Rounds whose resampled corpus has nothing to compare (a zero denominator:
a small group drawn without any of its sentences) have no score and are
left out of the quantiles; with fewer than half of the rounds defined the
interval is N/A.

>>> from nltk_tedeval.scoring.stats import StatsTable, TEDEVAL
>>> t = StatsTable(("delta", "iota"), [(0, 10)] * 10 + [(10, 10)] * 10)
>>> low, high = bootstrap_intervals([(t, TEDEVAL)], level=0.95, rounds=2000)[0]
>>> 0.25 < low < 0.5 < high < 0.75
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import lazy_loader

from ..errors import OptionError
from .defaults import DEFAULT_BOOTSTRAP_ROUNDS
from .stats import Measure, StatsTable

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_loader.load("numpy")  # imported on first use: a run of sums needs none (issue 31)

__all__ = [
    "DEFAULT_BOOTSTRAP_ROUNDS",
    "LEVELS",
    "bootstrap_intervals",
    "check_level",
    "macro_over_strata",
    "stratified_intervals",
]

_BLOCK_CELLS = 4_000_000  # rounds x sentences drawn at once: 32 MB of counts


def _mean(totals: np.ndarray) -> np.ndarray:
    totals = np.asarray(totals)
    out = np.full(totals.shape[:-1], np.nan)
    np.divide(totals[..., 0], totals[..., 1], out=out, where=totals[..., 1] != 0)
    return out


_MEAN = Measure("mean", ("score", "defined"), _mean)


LEVELS = "a fraction from 0.5 to below 1 (0.95) or a percentage from 50 to below 100 (95)"
"""What a confidence level may be (SPEC.md §12.2): one rule, so that no number means two
things (``1`` a certainty or one percent, ``2`` two percent or a typo)."""


def _check_draws(rounds: object, seed: object) -> None:
    """The number of resampling rounds and the seed, each a plain integer in range."""
    if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
        raise OptionError(f"rounds must be an integer of at least 1, not {rounds!r}")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise OptionError(f"the seed must be a non-negative integer, not {seed!r}")


def check_level(level: object) -> float:
    """A confidence level as a fraction: :data:`LEVELS` says what it may be.

    >>> check_level(0.9), check_level(95), check_level("50")
    (0.9, 0.95, 0.5)
    """
    try:
        value = float(level)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        value = math.nan
    if 50 <= value < 100:
        value /= 100
    if not 0.5 <= value < 1:  # nan included
        raise OptionError(f"a confidence level is {LEVELS}, not {level!r}")
    return value


def bootstrap_intervals(
    items: Sequence[tuple[StatsTable, Measure]],
    *,
    level: float,
    rounds: int = DEFAULT_BOOTSTRAP_ROUNDS,
    seed: int = 12345,
    average: str = "micro",
) -> list[tuple[float, float]]:
    """The ``level`` interval of each (table, measure), resampling their sentences together.

    Every table has one row per scored sentence of the same run, in the same
    order. An interval is ``(nan, nan)`` when fewer than half of the rounds
    give the measure a value. ``average="macro"`` resamples the mean of the
    sentence scores (leaving out the sentences without one, as the macro
    average does) instead of the score of the summed statistics.
    """
    if average not in ("micro", "macro"):
        raise OptionError(f"average must be 'micro' or 'macro', not {average!r}")
    level = check_level(level)
    _check_draws(rounds, seed)
    if not items:
        return []
    n = len(items[0][0])
    if any(len(t) != n for t, _ in items):
        raise ValueError("bootstrap tables must have one row per sentence of the same run")
    if n == 0:
        return [(float("nan"), float("nan"))] * len(items)
    if average == "macro":
        views = []
        for t, m in items:
            each = t.per_sentence(m)
            defined = ~np.isnan(each)
            views.append(np.stack([np.where(defined, each, 0.0), defined], axis=1))
        items = [(t, _MEAN) for t, _ in items]
    else:
        views = [t.view(m.columns).astype(np.float64) for t, m in items]
    scores = [np.empty(rounds) for _ in items]
    rng = np.random.default_rng(seed)
    block = max(1, _BLOCK_CELLS // n)
    done = 0
    while done < rounds:
        size = min(block, rounds - done)
        draws = rng.integers(0, n, size=(size, n))
        flat = (draws + (np.arange(size) * n)[:, None]).ravel()
        counts = np.bincount(flat, minlength=size * n).reshape(size, n).astype(np.float64)
        for out, view, (_, measure) in zip(scores, views, items, strict=True):
            out[done : done + size] = measure(counts @ view)
        done += size
    tail = (1 - level) / 2
    intervals = []
    for values in scores:
        defined = values[~np.isnan(values)]
        if defined.size * 2 < rounds:
            intervals.append((float("nan"), float("nan")))
        else:
            low, high = np.quantile(defined, [tail, 1 - tail])
            intervals.append((float(low), float(high)))
    return intervals


def macro_over_strata(
    systems: Sequence[tuple[Sequence[StatsTable | None], int]], measure: Measure
) -> list[float]:
    """Each system's macro average over strata (treebanks, SPEC.md §16): the sum of its
    strata's corpus scores of ``measure``, over its number of counted strata.

    A system is its tables, one per stratum in the same order (``None`` where it has
    none: that stratum adds nothing to the sum), and the number it divides by: every
    stratum where a missing one counts as zero, its own where a missing one is left
    out. ``nan`` when a counted score is N/A or the system counts no stratum. The
    sum is taken in stratum order, as :func:`stratified_intervals` and
    :func:`~nltk_tedeval.scoring.significance.stratified_randomization` take theirs.

    >>> from nltk_tedeval.scoring.stats import StatsTable, accuracy
    >>> las = Measure("LAS", ("correct", "total"), accuracy)
    >>> a = StatsTable(("correct", "total"), [(3, 4)])
    >>> b = StatsTable(("correct", "total"), [(1, 2), (0, 2)])
    >>> macro_over_strata([([a, b], 2), ([a, None], 2), ([a, None], 1)], las)
    [0.5, 0.375, 0.75]
    """
    out = []
    for tables, counted in systems:
        total = 0.0
        for table in tables:
            if table is not None:
                total += float(measure(table.totals(measure.columns)))
        out.append(total / counted if counted else float("nan"))
    return out


def stratified_intervals(
    systems: Sequence[tuple[Sequence[StatsTable | None], int]],
    measure: Measure,
    *,
    level: float,
    rounds: int = DEFAULT_BOOTSTRAP_ROUNDS,
    seed: int = 12345,
) -> list[tuple[float, float]]:
    """The ``level`` interval of each system's macro average over strata (SPEC.md §16).

    Systems are given as to :func:`macro_over_strata`. Each round resamples
    the sentences of every stratum within it (as many as it has, with
    replacement: a stratified bootstrap, so that every treebank keeps its
    size and its weight of one in the average), scores each system's
    resampled stratum with ``measure`` and averages as the point estimate
    does. The strata are drawn one after another from one generator seeded
    with ``seed``, every round of a stratum before the next, and the systems
    of a stratum share its draws; so one stratum gives the interval that
    :func:`bootstrap_intervals` gives its table. A stratum's tables have one
    row per sentence of the same run. Rounds where a counted score has no
    value are left out, and fewer than half of the rounds defined is N/A.
    """
    level = check_level(level)
    _check_draws(rounds, seed)
    if not systems:
        return []
    strata = len(systems[0][0])
    if any(len(tables) != strata for tables, _ in systems):
        raise ValueError("every system needs one entry per stratum, None where it has none")
    sums = [np.zeros(rounds) for _ in systems]
    rng = np.random.default_rng(seed)
    for k in range(strata):
        present = [(i, tables[k]) for i, (tables, _) in enumerate(systems) if tables[k] is not None]
        if not present:
            continue
        n = len(present[0][1])
        if any(len(t) != n for _, t in present):
            raise ValueError("the tables of a stratum must have one row per sentence of one run")
        if n == 0:  # nothing to resample: the stratum's score is N/A in every round
            for i, _ in present:
                sums[i] += np.nan
            continue
        views = [(i, t.view(measure.columns).astype(np.float64)) for i, t in present]
        block = max(1, _BLOCK_CELLS // n)
        done = 0
        while done < rounds:  # the draws of bootstrap_intervals, block for block
            size = min(block, rounds - done)
            draws = rng.integers(0, n, size=(size, n))
            flat = (draws + (np.arange(size) * n)[:, None]).ravel()
            counts = np.bincount(flat, minlength=size * n).reshape(size, n).astype(np.float64)
            for i, view in views:
                sums[i][done : done + size] += measure(counts @ view)
            done += size
    tail = (1 - level) / 2
    intervals = []
    for total, (_, counted) in zip(sums, systems, strict=True):
        values = total / counted if counted else np.full(rounds, np.nan)
        defined = values[~np.isnan(values)]
        if defined.size * 2 < rounds:
            intervals.append((float("nan"), float("nan")))
        else:
            low, high = np.quantile(defined, [tail, 1 - tail])
            intervals.append((float(low), float(high)))
    return intervals
