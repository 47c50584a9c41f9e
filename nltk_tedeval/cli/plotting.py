"""A breakdown as a bar chart, for notebooks: ``plot_breakdown(evaluator.breakdown("relation"))``.

matplotlib is an optional extra (``pip install nltk_tedeval[plot]``): it is
imported only when a chart is drawn without an ``ax`` of the caller's, and
its absence is a one-line :class:`~nltk_tedeval.errors.OptionError` naming
the extra, never an import error of the package. Given an ``ax`` (any object
with matplotlib's ``Axes`` methods ``bar``, ``set_xticks``, ``set_ylabel``
and ``set_title``), nothing is imported at all.

Each bar is a group, in the breakdown's order (gold frequency, or the bins'
order), its height the group's score; a group whose score is N/A has no bar
(height 0 and no error bar) rather than a misleading one, and the error bars
are the bootstrap intervals of ``breakdown(key, ci=0.95)`` when it has them.
"""

from __future__ import annotations

import math
from typing import Any

from ..errors import OptionError
from ..scoring.breakdown import Breakdown

__all__ = ["PLOT_EXTRA", "bar_data", "plot_breakdown"]

PLOT_EXTRA = "plot"
"""The optional extra that installs matplotlib: ``pip install nltk_tedeval[plot]``."""


def bar_data(
    breakdown: Breakdown, measure: str | None = None, top: int | None = None
) -> tuple[str, list[str], list[float], list[tuple[float, float]] | None]:
    """What the chart draws: the measure, the groups, their heights and error bars.

    Heights are the scores (0 where N/A); error bars are ``(below, above)``
    distances from the score to the interval's ends, ``None`` when the
    breakdown has no intervals. Counted keys (confusions) chart their counts.
    """
    key = breakdown.key
    groups = breakdown.top(top)
    if key.counts:
        return "count", [g.group for g in groups], [float(g.frequency) for g in groups], None
    shown = key.shown()
    name = shown[0] if measure is None else measure
    if name not in key.measures:
        raise OptionError(
            f"the breakdown by {key.name} has no measure {name!r}; it has {', '.join(shown)}"
        )
    heights: list[float] = []
    errors: list[tuple[float, float]] = []
    has_ci = False
    for g in groups:
        score = g.scores.get(name)
        value = float("nan") if score is None else float(score)
        defined = not math.isnan(value)
        heights.append(value if defined else 0.0)
        interval = None if score is None else score.interval
        if interval is not None:
            has_ci = True
        if interval is None or not defined or math.isnan(interval[0]):
            errors.append((0.0, 0.0))
        else:
            errors.append((value - interval[0], interval[1] - value))
    return name, [g.group for g in groups], heights, errors if has_ci else None


def plot_breakdown(
    breakdown: Breakdown, measure: str | None = None, ax: Any = None, *, top: int | None = 20
) -> Any:
    """Draw ``breakdown`` as bars of ``measure`` (default: the key's first) on ``ax``.

    Bars lie horizontally, one group a row, the most frequent at the top, so
    that group names of any length read level and never overlap (vertical bars
    with slanted names did for relations such as ``compound:prt``). Without
    ``ax`` a new figure's axes are made (this needs matplotlib, the ``plot``
    extra), tall enough for every row and laid out to keep the names inside
    it. Returns the axes.
    """
    name, labels, heights, errors = bar_data(breakdown, measure, top)
    made = ax is None
    if ax is None:
        try:
            import matplotlib.pyplot as plt
        except ImportError:
            raise OptionError(
                "plot_breakdown draws with matplotlib, which is not installed: "
                f"pip install 'nltk_tedeval[{PLOT_EXTRA}]' (or pass ax=)"
            ) from None
        # A row of about a fifth of an inch each, plus the title and the axis.
        _, ax = plt.subplots(figsize=(6.4, max(2.4, 0.22 * len(labels) + 1.3)))
    positions = list(range(len(labels)))
    xerr = None if errors is None else [[e[0] for e in errors], [e[1] for e in errors]]
    ax.barh(positions, heights, xerr=xerr, capsize=3 if xerr is not None else 0)
    ax.set_yticks(positions, labels)
    ax.invert_yaxis()  # the first group (the most frequent, or the first bin) on top
    ax.set_xlabel(name)
    ax.set_title(f"by {breakdown.key.name}")
    if made:
        ax.figure.tight_layout()
    return ax
