"""A breakdown's scores: every group of a key as :class:`~nltk_tedeval.scoring.stats.Score` objects.

The statistics of each group come from a :class:`~nltk_tedeval.scoring.groups.GroupTable`;
here they become scores by the same code as a corpus score
(:meth:`Score.from_table`), so a group prints itself with its signature
(``by:relation=nsubj``), is N/A with its reason when it has nothing to
compare, and gets a bootstrap interval or a paired test like any score.

>>> from nltk_tedeval.scoring.groups import GroupCollector, GroupKey
>>> from nltk_tedeval.scoring.stats import Measure, Signature, accuracy
>>> key = GroupKey("upos", ("correct", "total"),
...                {"ACC": Measure("ACC", ("correct", "total"), accuracy)}, frequency="total")
>>> c = GroupCollector({"upos": key}, keep_rows=True)
>>> c.add({"upos": {"NOUN": (1, 2), "VERB": (1, 1)}}); c.add({"upos": {"NOUN": (2, 2)}})
>>> b = Breakdown(c.finish()["upos"], Signature(metric="toy"))
>>> list(b), b["NOUN"].frequency, round(b["NOUN"].share, 2)
(['NOUN', 'VERB'], 4, 0.8)
>>> print(b["NOUN"].scores["ACC"])
ACC = 0.7500 (correct=3 total=4, 2 sentences) metric:toy|by:upos=NOUN|avg:micro|version:0.1.0
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import lazy_loader

from ..errors import OptionError
from .bootstrap import DEFAULT_BOOTSTRAP_ROUNDS, bootstrap_intervals, check_level
from .groups import GroupTable
from .significance import DEFAULT_ROUNDS, DEFAULT_SEED, SignificanceResult, paired_randomization
from .stats import Measure, Score, Signature

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_loader.load("numpy")  # imported on first use: a run of sums needs none (issue 31)

__all__ = ["Breakdown", "GroupScores", "breakdown_in", "group_significance", "paired_groups"]


@dataclass(frozen=True)
class GroupScores:
    """One group of a breakdown: its counts, its share of the key's frequency, its scores."""

    key: str
    group: str
    frequency: int
    """The group's total in the key's frequency column (gold words, gold brackets, events)."""
    share: float
    """``frequency`` over the key's total frequency (NaN when that is 0)."""
    totals: dict[str, int]
    scores: dict[str, Score]

    def as_dict(self) -> dict[str, object]:
        return {
            "group": self.group,
            "frequency": self.frequency,
            "share": None if np.isnan(self.share) else self.share,
            "totals": self.totals,
            "scores": {name: s.as_dict() for name, s in self.scores.items()},
        }


class Breakdown(Mapping[str, GroupScores]):
    """The groups of one key for one system, most frequent first (bins in order).

    ``average`` is ``"micro"`` (each group's statistics summed) or
    ``"macro"`` (the mean of the scores of the sentences that have the
    group); ``ci`` a confidence level for seeded bootstrap intervals, which
    resample the run's sentences (:mod:`~nltk_tedeval.scoring.bootstrap`).
    """

    def __init__(
        self,
        table: GroupTable,
        signature: Signature,
        *,
        average: str = "micro",
        ci: float | None = None,
        rounds: int = DEFAULT_BOOTSTRAP_ROUNDS,
        seed: int = DEFAULT_SEED,
    ) -> None:
        if average not in ("micro", "macro"):
            raise OptionError(f"average must be 'micro' or 'macro', not {average!r}")
        self.table = table
        self.key = table.key
        self.average = average
        self.level = None if ci is None else check_level(ci)
        # Scores are keyed by the names the key gives its measures (what tables show).
        measures = [(name, self.key.measures[name]) for name in self.key.shown()]
        order = table.groups()
        freq = self.key.columns.index(self.key.frequency)
        whole = int(table.all_totals()[freq])
        self._groups: dict[str, GroupScores] = {}
        for group in order:
            sums = table.totals(group)
            sig = signature.replace(by=f"{self.key.name}={group}")
            scores = {}
            for shown, m in measures:
                source: Any = table.table(group) if average == "macro" else _Sums(table, group)
                scores[shown] = Score.from_table(source, m, signature=sig, average=average)
            self._groups[group] = GroupScores(
                key=self.key.name,
                group=group,
                frequency=int(sums[freq]),
                share=int(sums[freq]) / whole if whole else float("nan"),
                totals=dict(zip(self.key.columns, sums.tolist(), strict=True)),
                scores=scores,
            )
        if self.level is not None and measures and order:
            self._add_intervals(measures, order, rounds, seed)

    def _add_intervals(
        self, measures: Sequence[tuple[str, Measure]], order: Sequence[str], rounds: int, seed: int
    ) -> None:
        assert self.level is not None
        items = [(self.table.dense(g), m) for g in order for _, m in measures]
        bounds = iter(
            bootstrap_intervals(
                items, level=self.level, rounds=rounds, seed=seed, average=self.average
            )
        )
        for g in order:
            scores = self._groups[g].scores
            for shown, _ in measures:
                low, high = next(bounds)
                scores[shown] = scores[shown].with_interval(low, high, self.level)

    def __getitem__(self, group: str) -> GroupScores:
        return self._groups[group]

    def __iter__(self) -> Iterator[str]:
        return iter(self._groups)

    def __len__(self) -> int:
        return len(self._groups)

    def top(self, n: int | None) -> list[GroupScores]:
        """The first ``n`` groups (all with ``None``)."""
        groups = list(self._groups.values())
        return groups if n is None else groups[:n]

    def as_dict(self) -> dict[str, object]:
        return {
            "key": self.key.name,
            "help": self.key.help,
            "average": self.average,
            "measures": list(self.key.shown()),
            "groups": [g.as_dict() for g in self._groups.values()],
        }


class _Sums:
    """A group's sums as the table :meth:`Score.from_table` reads (micro only)."""

    def __init__(self, table: GroupTable, group: str) -> None:
        self._table, self._group = table, group

    def __len__(self) -> int:
        # The sentences that have the group, whether the run kept their rows or not.
        return self._table.group_sentences(self._group)

    def totals(self, columns: Sequence[str]) -> np.ndarray:
        return self._table.totals(self._group, columns)

    def sums(self, columns: Sequence[str]) -> list[int]:
        return self.totals(columns).tolist()

    def corpus(self, measure: Measure) -> float:
        return float(measure(self.totals(measure.columns)))

    def undefined(self, measure: Measure) -> int:
        return self._table.group_undefined(self._group, measure)


def group_significance(
    a: GroupTable,
    b: GroupTable,
    measure_name: str,
    *,
    rounds: int = DEFAULT_ROUNDS,
    seed: int = DEFAULT_SEED,
) -> dict[str, SignificanceResult]:
    """The paired randomization test of every group of either system (SPEC.md §6, §12).

    ``a`` and ``b`` are the same key's tables of two systems scored on the same
    sentences; a group only one system has is tested against zeros there.
    """
    if a.n_sentences != b.n_sentences:
        raise OptionError(
            f"a paired test needs the same sentences: {a.n_sentences} and {b.n_sentences}"
        )
    try:
        measure = a.key.measures[measure_name]
    except KeyError:
        raise OptionError(
            f"the breakdown by {a.key.name} has no measure {measure_name!r}; it has "
            f"{', '.join(a.key.measures)}"
        ) from None
    groups = a.groups() + [g for g in b.groups() if g not in a]
    out = {}
    for g in groups:
        out[g] = paired_randomization(a.dense(g), b.dense(g), measure, rounds=rounds, seed=seed)
    return out


def breakdown_in(
    tables: Mapping[str, GroupTable],
    by: Sequence[str],
    key: str,
    signature: Signature,
    **options: Any,
) -> Breakdown:
    """The :class:`Breakdown` of ``key`` from a run's group tables; an error naming what the
    run asked for (``by``) when it has no such key. Every evaluator's ``breakdown``."""
    if key not in tables:
        asked = ", ".join(by) if by else "none"
        raise OptionError(
            f"no breakdown by {key!r} in this run (by= asked for {asked}): "
            f"make the evaluator with by={key!r}"
        )
    return Breakdown(tables[key], signature, **options)


def paired_groups(
    mine: Mapping[str, GroupTable],
    theirs: Mapping[str, GroupTable],
    key: str,
    measure_name: str,
    *,
    rounds: int = DEFAULT_ROUNDS,
    seed: int = DEFAULT_SEED,
) -> dict[str, SignificanceResult]:
    """:func:`group_significance` of ``key`` between two runs' group tables, both of which
    must have it. Every evaluator's ``group_significance``, once its rows are paired."""
    if key not in mine or key not in theirs:
        raise OptionError(f"both systems need the breakdown by {key!r} (by={key!r})")
    return group_significance(mine[key], theirs[key], measure_name, rounds=rounds, seed=seed)
