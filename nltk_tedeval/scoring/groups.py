"""Where parsers differ: the sufficient statistics of each group of a breakdown.

A breakdown splits a metric's statistics by a *key* (the relation of a word,
the category of a bracket, the length of a sentence) into *groups* (``nsubj``,
``NP``, ``11-20``). Every group keeps its own rows of integers, in the
columns its key declares, one row per sentence that has something in the
group, so that everything a corpus score has, a group has too, from the same
shared code: its corpus and macro score, the N/A rule (a group with a zero
denominator is N/A with its reason), a paired significance test between two
systems and a bootstrap confidence interval (:mod:`~nltk_tedeval.scoring.bootstrap`).

A metric declares its keys (:class:`GroupKey`, in its ``breakdown_keys``) and
hands each sentence's groups to the loop with its note (:class:`Grouped`); it
never sums them itself. When the groups of a key partition what the sentence
row counts (every word has one part of speech), the groups' columns sum to the
corpus totals: the tests check that over generated corpora for every metric.

>>> key = GroupKey("relation", ("matched", "gold", "test"), {}, frequency="gold")
>>> c = GroupCollector({"relation": key}, keep_rows=True)
>>> c.add({"relation": {"nsubj": (1, 1, 1), "obj": (0, 1, 0)}})
>>> c.add({"relation": {"nsubj": (0, 1, 2)}})
>>> t = c.finish()["relation"]
>>> t.groups(), t.totals("nsubj").tolist(), t.sentences("nsubj").tolist()
(['nsubj', 'obj'], [1, 2, 3], [0, 1])
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import lazy_loader

from ..errors import OptionError
from .stats import Measure, StatsTable

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_loader.load("numpy")  # imported on first use: a run of sums needs none (issue 31)

__all__ = [
    "DEFAULT_BINS",
    "Bins",
    "GroupCollector",
    "GroupKey",
    "GroupTable",
    "Grouped",
    "check_by",
    "name_list",
]


@dataclass(frozen=True)
class Bins:
    """Integer bins by their inclusive upper bounds, the last open: ``(10, 20)`` is
    ``1-10``, ``11-20`` and ``21+``. ``first`` is the lowest value a bin starts at.

    >>> b = Bins((10, 20, 30, 40))
    >>> b.label(1), b.label(10), b.label(11), b.label(41), b.labels()
    ('1-10', '1-10', '11-20', '41+', ('1-10', '11-20', '21-30', '31-40', '41+'))
    >>> Bins.parse("1-5,6-10").labels(), Bins.parse("2,4").label(3)
    (('1-5', '6-10', '11+'), '3-4')
    >>> Bins((1, 2), first=1).labels()
    ('1', '2', '3+')
    """

    bounds: tuple[int, ...]
    first: int = 1

    def __post_init__(self) -> None:
        bounds = tuple(int(b) for b in self.bounds)
        if any(b < a for a, b in zip((self.first, *bounds), bounds, strict=False)) or len(
            set(bounds)
        ) != len(bounds):
            raise OptionError(
                f"bins must rise from {self.first}: upper bounds such as 10,20,30,40 "
                f"(1-10, 11-20, ...), not {','.join(map(str, self.bounds))}"
            )
        object.__setattr__(self, "bounds", bounds)

    @classmethod
    def parse(cls, text: str, first: int = 1) -> Bins:
        """Bins from ``"10,20,30"`` (upper bounds) or ``"1-10,11-20,21-30"`` (ranges).

        >>> try:
        ...     Bins.parse("x")
        ... except OptionError as err:
        ...     print(str(err)[-34:])
        ranges such as 1-10,11-20, not 'x'
        """
        bounds = []
        for part in (p.strip() for p in text.split(",") if p.strip()):
            m = re.fullmatch(r"(?:(\d+)-)?(\d+)", part)
            if m is None:
                raise OptionError(
                    "bins are upper bounds such as 10,20,30,40 (the last bin is the rest) or "
                    f"ranges such as 1-10,11-20, not {text!r}"
                )
            bounds.append(int(m.group(2)))
        if not bounds:
            raise OptionError(f"bins need at least one upper bound, not {text!r}")
        return cls(tuple(bounds), first)

    def _range(self, low: int, high: int | None) -> str:
        if high is None:
            return f"{low}+"
        return str(low) if low == high else f"{low}-{high}"

    def labels(self) -> tuple[str, ...]:
        """Every bin's name, in order."""
        lows = (self.first, *(b + 1 for b in self.bounds))
        return tuple(self._range(lo, hi) for lo, hi in zip(lows, (*self.bounds, None), strict=True))

    def label(self, value: int) -> str:
        """The name of the bin ``value`` falls in (a value below ``first`` falls in the first)."""
        low = self.first
        for bound in self.bounds:
            if value <= bound:
                return self._range(low, bound)
            low = bound + 1
        return self._range(low, None)

    def __str__(self) -> str:
        return ",".join(map(str, self.bounds))


DEFAULT_BINS: dict[str, Bins] = {
    "length": Bins((10, 20, 30, 40)),
    "distance": Bins((1, 2, 3, 6), first=1),
    "span": Bins((1, 2, 5, 10, 20), first=1),
    "depth": Bins((1, 2, 3, 4, 6), first=1),
}
"""The bins of the keys that bin integers, unless ``bins=`` says otherwise: sentence
length in words (MaltEval's and the issue's 1-10, 11-20, 21-30, 31-40, 41+), arc
distance ``|head - dependent|``, bracket span in words and depth of a word in its tree."""


@dataclass(frozen=True)
class GroupKey:
    """What a metric can break its statistics down by.

    ``columns`` are the integer statistics of each group's rows and
    ``measures`` the scores over them; ``frequency`` names the column whose
    total orders the groups (the gold frequency) and gives a group's share;
    ``binned`` says the groups are :class:`Bins` of an integer (kept in the
    bins' order, not by frequency); ``counts`` marks a key whose groups are
    counted events with no score (label confusions, attachment errors),
    listed most frequent first. ``help`` says in words what the groups are.
    """

    name: str
    columns: tuple[str, ...]
    measures: Mapping[str, Measure]
    frequency: str
    help: str = ""
    binned: bool = False
    counts: bool = False
    partition: bool = True
    """Whether the groups split what the sentence row counts, each counted item in one
    group, so that the groups' ``frequency`` column sums to the corpus figure."""
    measure_names: tuple[str, ...] = field(default=())
    """The measures a table shows, in order (default: all of ``measures``)."""
    whole: bool = False
    """Whether each group holds whole sentences, a sentence's group row holding its row's
    statistics (by length, file, genre): the groups that a measure derived from a
    sentence's row (:mod:`~nltk_tedeval.scoring.extensions`) can be broken down by."""

    def shown(self) -> tuple[str, ...]:
        return self.measure_names or tuple(self.measures)


@dataclass(frozen=True)
class Grouped:
    """A sentence's note together with its groups: ``{key: {group: row}}``.

    A metric returns it as the note of its ``_sentence_stats`` (and of
    ``_zero_stats``) when the run asks for breakdowns; the evaluator hands ``note`` on as
    before and the groups to its :class:`GroupCollector`.
    """

    note: Any
    groups: Mapping[str, Mapping[str, Sequence[int]]]


def check_by(by: str | Iterable[str] | None) -> tuple[str, ...]:
    """The breakdown keys asked for, as a tuple without repeats (``"a,b"`` or an iterable).

    >>> check_by("relation, length"), check_by(None), check_by(["upos", "upos"])
    (('relation', 'length'), (), ('upos',))
    """
    return name_list(by, "by", "key names")


def name_list(value: str | Iterable[str] | None, option: str, what: str) -> tuple[str, ...]:
    """An option's names as a tuple without repeats, in order: ``"a, b"`` or an iterable of
    names (``None``: none); anything else in it is refused as ``option takes what``.

    >>> name_list("UCM, LCM,UCM", "extra_measures", "measure names")
    ('UCM', 'LCM')
    """
    if value is None:
        return ()
    parts = value.split(",") if isinstance(value, str) else list(value)
    out: list[str] = []
    for part in parts:
        if not isinstance(part, str):
            raise OptionError(f"{option} takes {what}, not {part!r}")
        name = part.strip()
        if name and name not in out:
            out.append(name)
    return tuple(out)


class GroupTable:
    """The groups of one key after a run: per group, the rows of the sentences it has.

    ``keep_rows=False`` kept each group's column sums only (flat memory; no
    macro average, interval or test per group then), and beside them, as a run
    that keeps rows does, how many sentences have the group and how many of
    those have no score of their own for each of the key's measures
    (``counts``: ``(sentences, {measure: undefined})`` per group; SPEC.md §12.1).
    """

    def __init__(
        self,
        key: GroupKey,
        sentences: int,
        sums: Mapping[str, np.ndarray],
        rows: Mapping[str, tuple[np.ndarray, np.ndarray]] | None,
        counts: Mapping[str, tuple[int, Mapping[Measure, int]]],
    ) -> None:
        self.key = key
        self.n_sentences = sentences
        self._sums = dict(sums)
        self._rows = None if rows is None else dict(rows)
        self._counts = dict(counts)

    @property
    def has_rows(self) -> bool:
        return self._rows is not None

    def groups(self) -> list[str]:
        """The groups, the most frequent first (by the key's frequency column, then name);
        binned keys in their bins' order."""
        if self.key.binned:
            return sorted(self._sums, key=_bin_order)
        i = self.key.columns.index(self.key.frequency)
        return sorted(self._sums, key=lambda g: (-int(self._sums[g][i]), g))

    def __contains__(self, group: object) -> bool:
        return group in self._sums

    def totals(self, group: str, columns: Sequence[str] | None = None) -> np.ndarray:
        """The summed statistics of ``group`` (zeros for a group never seen)."""
        sums = self._sums.get(group)
        if sums is None:
            sums = np.zeros(len(self.key.columns), dtype=np.int64)
        if columns is None:
            return sums
        return sums[[self.key.columns.index(c) for c in columns]]

    def all_totals(self) -> np.ndarray:
        """The sum over every group."""
        if not self._sums:
            return np.zeros(len(self.key.columns), dtype=np.int64)
        return np.sum(list(self._sums.values()), axis=0)

    def group_sentences(self, group: str) -> int:
        """How many sentences have ``group`` (0 for a group never seen)."""
        return self._counts[group][0] if group in self._counts else 0

    def group_undefined(self, group: str, measure: Measure) -> int:
        """How many sentences of ``group`` have no score of their own for ``measure``, one
        of the key's measures (0 for a group never seen)."""
        if group not in self._counts:
            return 0
        undefined = self._counts[group][1]
        if measure not in undefined:
            raise OptionError(
                f"{measure.name} is no measure of the breakdown by {self.key.name} "
                f"(it has {', '.join(self.key.measures)})"
            )
        return undefined[measure]

    def _need_rows(self, what: str) -> tuple[np.ndarray, np.ndarray] | None:
        if self._rows is None:
            raise OptionError(
                f"{what} of a group needs every sentence's rows: this run kept the sums "
                "only (statistics='sums' or 'macro')"
            )
        return None

    def sentences(self, group: str) -> np.ndarray:
        """The indices (from 0, in the run's scored rows) of the sentences the group has."""
        self._need_rows("the sentences")
        assert self._rows is not None
        return self._rows[group][0] if group in self._rows else np.zeros(0, dtype=np.int64)

    def table(self, group: str) -> StatsTable:
        """The group's rows, one per sentence that has it (its macro average reads these)."""
        self._need_rows("a macro average")
        assert self._rows is not None
        rows = self._rows[group][1] if group in self._rows else ()
        return StatsTable(self.key.columns, rows)

    def dense(self, group: str) -> StatsTable:
        """One row per scored sentence, zeros where the sentence has nothing of the group:
        the table a paired test or a bootstrap resamples."""
        self._need_rows("a test or an interval")
        out = np.zeros((self.n_sentences, len(self.key.columns)), dtype=np.int64)
        if self._rows is not None and group in self._rows:
            idx, rows = self._rows[group]
            out[idx] = rows
        return StatsTable(self.key.columns, out)


def _bin_order(label: str) -> tuple[int, str]:
    m = re.match(r"\d+", label)
    return (int(m.group()) if m else -1, label)


class GroupCollector:
    """Each key's groups, sentence after sentence, in the order the run scores them.

    A group's row costs two appends here, whatever its width; numpy sums the
    rows by group in blocks (:data:`FOLD_ROWS`), and a run that keeps sums only
    drops each block once folded, so its memory grows with the groups, not
    with the sentences.
    """

    FOLD_ROWS = 8192

    def __init__(self, keys: Mapping[str, GroupKey], keep_rows: bool) -> None:
        self.keys = dict(keys)
        self.keep_rows = keep_rows
        self._n = 0
        self._parts = {name: _KeyRows(key) for name, key in self.keys.items()}

    def add(self, groups: Mapping[str, Mapping[str, Sequence[int]]] | None) -> None:
        """The groups of the next scored sentence (``None``: it has none)."""
        n = self._n
        self._n += 1
        if not groups:
            return
        for name, by_group in groups.items():
            part = self._parts.get(name)
            if part is None:
                continue
            ids, gids, sent, rows, width = part.ids, part.gids, part.sent, part.rows, part.width
            for group, row in by_group.items():
                if len(row) != width:
                    raise ValueError(
                        f"a row of {len(row)} statistics for group {group!r} of {name!r}, "
                        f"whose columns are {self.keys[name].columns}"
                    )
                gid = ids.get(group)
                if gid is None:
                    gid = ids[group] = len(ids)
                gids.append(gid)
                sent.append(n)
                rows.extend(row)
            if not self.keep_rows and len(gids) >= self.FOLD_ROWS:
                part.fold(clear=True)

    def finish(self) -> dict[str, GroupTable]:
        """Every key's :class:`GroupTable`."""
        out = {}
        for name, key in self.keys.items():
            part = self._parts[name]
            names = list(part.ids)
            rows_by_group = None
            if self.keep_rows:
                gids = np.frombuffer(part.gids, dtype=np.int64)
                sent = np.frombuffer(part.sent, dtype=np.int64)
                rows = np.frombuffer(part.rows, dtype=np.int64).reshape(-1, part.width)
                order = np.argsort(gids, kind="stable")  # each group's rows in sentence order
                bounds = np.searchsorted(gids[order], np.arange(len(names) + 1))
                rows_by_group = {
                    g: (sent[order[a:b]], rows[order[a:b]])
                    for g, a, b in zip(names, bounds[:-1], bounds[1:], strict=True)
                }
            sums = part.fold(clear=not self.keep_rows)
            counts = {
                g: (int(part.sentences[i]), {m: int(u[i]) for m, u in part.undefined.items()})
                for i, g in enumerate(names)
            }
            out[name] = GroupTable(key, self._n, {g: sums[i] for i, g in enumerate(names)},
                                   rows_by_group, counts)  # fmt: skip
        return out


class _KeyRows:
    """One key's rows not yet folded (group ids, sentence numbers and statistics), and
    what the folds made of them: each group's sums, sentences and undefined scores."""

    def __init__(self, key: GroupKey) -> None:
        self.width = width = len(key.columns)
        self.ids: dict[str, int] = {}
        self.gids = array("q")
        self.sent = array("q")
        self.rows = array("q")
        self.sums = np.zeros((0, width), dtype=np.int64)
        # Per group: its sentences (a sentence gives a group one row at most), and
        # those whose own score of each measure is undefined, as a table of the
        # group's rows counts them (StatsTable.undefined).
        self.sentences = np.zeros(0, dtype=np.int64)
        self._measures = [
            (m, [key.columns.index(c) for c in m.columns])
            for m in dict.fromkeys(key.measures.values())
            if set(m.columns) <= set(key.columns)
        ]
        self.undefined = {m: np.zeros(0, dtype=np.int64) for m, _ in self._measures}

    def fold(self, clear: bool) -> np.ndarray:
        """Add the rows not yet folded to the sums by group and return the sums; ``clear``
        drops those rows (a run of sums only), else they stay for the collector to read
        (it folds once, at the end)."""
        grown = len(self.ids) - len(self.sums)
        if grown > 0:
            self.sums = np.vstack([self.sums, np.zeros((grown, self.width), dtype=np.int64)])
            more = np.zeros(grown, dtype=np.int64)
            self.sentences = np.concatenate([self.sentences, more])
            self.undefined = {m: np.concatenate([u, more]) for m, u in self.undefined.items()}
        if self.gids:
            gids = np.frombuffer(self.gids, dtype=np.int64)
            rows = np.frombuffer(self.rows, dtype=np.int64).reshape(-1, self.width)
            # bincount per column: np.add.at costs a microsecond a row. Counts stay far
            # below 2**53, so the float weights are exact.
            size = len(self.sums)
            for j in range(self.width):
                self.sums[:, j] += np.bincount(gids, weights=rows[:, j], minlength=size).astype(
                    np.int64
                )
            self.sentences += np.bincount(gids, minlength=size)
            for m, columns in self._measures:
                nan = np.isnan(m(rows[:, columns]))
                self.undefined[m] += np.bincount(gids[nan], minlength=size)
            del gids, rows  # the arrays' buffers are free again
        if clear:
            self.gids, self.sent, self.rows = array("q"), array("q"), array("q")
        return self.sums.copy()
