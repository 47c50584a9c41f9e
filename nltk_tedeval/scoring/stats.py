"""Statistics, then scores: the shared machinery behind every metric.

Each metric of nltk_tedeval first reduces every sentence to a few integers,
its *sufficient statistics* (TedEval: δ and ι; ParsEval: matched, gold and
test brackets; attachment: correct and total tokens). Everything else is
computed here from those integers, once, for all metrics:

- the corpus (micro) score, from the column sums, which a :class:`SumsTable`
  keeps without the rows for a run that reads none;
- the macro score, the mean of the per-sentence scores;
- the paired significance test (:mod:`nltk_tedeval.scoring.significance`), which
  swaps rows of two tables.

A :class:`Measure` names a score and says how to compute it from summed
statistics; the formula is vectorised, so the significance test can apply it
to thousands of resampled totals at once. A :class:`Score` is a ``float`` that
also knows its name, its statistics and the :class:`Signature` of every option
that changed it, and prints itself.

>>> table = StatsTable(("delta", "iota"), [(3, 9), (0, 10)])
>>> round(table.corpus(TEDEVAL), 4)
0.8421
>>> round(table.macro(TEDEVAL), 4)
0.8333
"""

from __future__ import annotations

import math
import sys
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import lazy_loader

from .._version import __version__
from ..errors import OptionError

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_loader.load("numpy")  # imported on first use: a run of sums needs none (issue 31)

__all__ = [
    "SIGNATURE_KEYS",
    "TEDEVAL",
    "IdColumn",
    "Measure",
    "RowBuffer",
    "Score",
    "Signature",
    "StatsTable",
    "SumsTable",
    "accuracy",
    "edit_score",
    "f_measure",
    "harmonic_f1",
    "merged_keys",
    "numpy_loaded",
    "pairwise_mean",
    "precision",
    "recall",
]

Formula = Callable[["np.ndarray"], "np.ndarray"]
RowFormula = Callable[[Sequence[int]], float]
"""A formula on one row of integers, as plain Python: the value its vectorised formula gives
for that row, to the bit (``nan`` where it has none)."""

_NAN = float("nan")


def _ratio(num: float, den: int) -> float:
    """``num / den`` as numpy divides float64 arrays: ``nan`` for 0/0, ``±inf`` for x/0."""
    if den:
        return num / den
    return _NAN if num == 0 or num != num else math.copysign(math.inf, num)


def _safe_divide(num: np.ndarray, den: np.ndarray, empty: float) -> np.ndarray:
    num = np.asarray(num, dtype=np.float64)
    den = np.asarray(den, dtype=np.float64)
    out = np.full(np.broadcast(num, den).shape, empty, dtype=np.float64)
    np.divide(num, den, out=out, where=den != 0)
    return out


def edit_score(totals: np.ndarray) -> np.ndarray:
    """``1 − δ/ι`` over columns (δ, ι); NaN where ι = 0.

    The 2011 paper (footnote 5) scores a pair of trees with no item at all
    as 1.0. Here ι = 0 means that nothing was compared, so the score is
    undefined, as every other ratio with a zero denominator (SPEC.md §5, §9).
    """
    totals = np.asarray(totals)
    return 1.0 - _safe_divide(totals[..., 0], totals[..., 1], np.nan)


def accuracy(totals: np.ndarray) -> np.ndarray:
    """``correct / total`` over columns (correct, total); NaN where total = 0."""
    totals = np.asarray(totals)
    return _safe_divide(totals[..., 0], totals[..., 1], np.nan)


def precision(totals: np.ndarray) -> np.ndarray:
    """``matched / test`` over columns (matched, gold, test); NaN where test = 0."""
    totals = np.asarray(totals)
    return _safe_divide(totals[..., 0], totals[..., 2], np.nan)


def recall(totals: np.ndarray) -> np.ndarray:
    """``matched / gold`` over columns (matched, gold, test); NaN where gold = 0."""
    totals = np.asarray(totals)
    return _safe_divide(totals[..., 0], totals[..., 1], np.nan)


def f_measure(totals: np.ndarray) -> np.ndarray:
    """``2·matched / (gold + test)`` over columns (matched, gold, test).

    This equals the harmonic mean of precision and recall whenever both are
    defined; it is NaN only where there is nothing on either side.
    """
    totals = np.asarray(totals)
    return _safe_divide(2.0 * totals[..., 0], totals[..., 1] + totals[..., 2], np.nan)


def harmonic_f1(totals: np.ndarray) -> np.ndarray:
    """F1 over columns (matched gold, gold, matched test, test): ``2PR / (P + R)``; NaN
    where P or R is undefined. For groups whose two sides count different matches (a
    bracket category on each side, an arc property on each side, SPEC.md §12).

    >>> float(harmonic_f1(np.array([1, 2, 1, 1])))
    0.6666666666666666
    """
    t = np.asarray(totals, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        r = t[..., 0] / t[..., 1]
        p = t[..., 2] / t[..., 3]
        f = np.where(p + r > 0, 2 * p * r / (p + r), 0.0)
    return np.where(np.isnan(p) | np.isnan(r), np.nan, f)


# Each formula's value on one row, in Python: what a run that keeps sums computes per
# sentence without loading numpy (issue 31). Integers below 2**53 are exact doubles, and
# Python's float division is IEEE's, so each gives the vectorised formula's bits (the
# tests check it against numpy on every kind of row).
edit_score.row = lambda t: _NAN if t[1] == 0 else 1.0 - t[0] / t[1]  # type: ignore[attr-defined]
accuracy.row = lambda t: _NAN if t[1] == 0 else t[0] / t[1]  # type: ignore[attr-defined]
precision.row = lambda t: _NAN if t[2] == 0 else t[0] / t[2]  # type: ignore[attr-defined]
recall.row = lambda t: _NAN if t[1] == 0 else t[0] / t[1]  # type: ignore[attr-defined]
f_measure.row = (  # type: ignore[attr-defined]
    lambda t: _NAN if t[1] + t[2] == 0 else 2.0 * t[0] / (t[1] + t[2])
)


def _harmonic_f1_row(t: Sequence[int]) -> float:
    r, p = _ratio(t[0], t[1]), _ratio(t[2], t[3])
    if r != r or p != p:
        return _NAN
    return 2 * p * r / (p + r) if p + r > 0 else 0.0


harmonic_f1.row = _harmonic_f1_row  # type: ignore[attr-defined]


def pairwise_mean(values: Sequence[float]) -> float:
    """The mean of ``values`` (doubles) as numpy's ``mean`` gives it, to the bit, without numpy.

    numpy sums a float64 array by pairwise summation: runs of up to 8 values
    added in order, up to 128 in eight interleaved partial sums combined
    pairwise, longer ones split in two halves (the first a multiple of 8
    long) summed apart; the mean is that sum divided by the count. Macro
    averages come from it, so a run that never loads numpy prints the
    digits one that does prints (issue 31). ``nan`` for no value.

    Ten times 0.1: eight partial sums of 0.1, combined as (0.2 + 0.2) + (0.2 + 0.2)
    = 0.8, then 0.9 and exactly 1.0, where adding in order drifts to 0.9999999999999999:

    >>> pairwise_mean([0.1] * 10), sum([0.1] * 10) / 10
    (0.1, 0.09999999999999999)
    """
    n = len(values)
    # The reduction starts from add's identity, 0.0: a sum of -0.0 alone becomes 0.0.
    return (0.0 + _pairwise_sum(values, 0, n)) / n if n else _NAN


def _pairwise_sum(a: Sequence[float], start: int, n: int) -> float:
    if n < 8:
        total = -0.0  # as numpy starts: a sum of -0.0 alone stays -0.0
        for i in range(start, start + n):
            total += a[i]
        return total
    if n <= 128:
        r = list(a[start : start + 8])
        end = start + n - n % 8
        for i in range(start + 8, end, 8):
            r[0] += a[i]
            r[1] += a[i + 1]
            r[2] += a[i + 2]
            r[3] += a[i + 3]
            r[4] += a[i + 4]
            r[5] += a[i + 5]
            r[6] += a[i + 6]
            r[7] += a[i + 7]
        total = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
        for i in range(end, start + n):
            total += a[i]
        return total
    half = n // 2
    half -= half % 8
    return _pairwise_sum(a, start, half) + _pairwise_sum(a, start + half, n - half)


@dataclass(frozen=True)
class Measure:
    """A corpus score computed by ``formula`` from the sums of ``columns``.

    ``formula`` takes an array whose last axis holds the named columns in
    order and returns the score for every leading index, so one call scores
    a whole batch of resampled corpora.

    >>> m = Measure("ACC", ("correct", "total"), accuracy)
    >>> float(m(np.array([3, 4])))
    0.75
    """

    name: str
    columns: tuple[str, ...]
    formula: Formula
    undefined: str = "nothing to compare"
    """Why the formula has no value for a row or a corpus, in words (a zero denominator)."""

    def __call__(self, totals: np.ndarray) -> np.ndarray:
        return self.formula(totals)

    @property
    def row(self) -> RowFormula | None:
        """The formula on one row in plain Python (:data:`RowFormula`), when it has one:
        the package's formulas do; a formula of one's own may (its ``row`` attribute)."""
        return getattr(self.formula, "row", None)


TEDEVAL = Measure("TEDEVAL", ("delta", "iota"), edit_score, "no item on either side (ι = 0)")
"""The TedEval score over (δ, ι) statistics (2012 paper, section 3.3)."""


class RowBuffer:
    """Rows of integer statistics, 8 bytes a number: 32 for four, where a tuple takes 90.

    >>> buf = RowBuffer(2)
    >>> buf.append((8, 10)); buf.append((1, 2))
    >>> len(buf), StatsTable(("correct", "total"), buf.to_array()).totals(("correct", "total"))
    (2, array([ 9, 12]))
    """

    __slots__ = ("_data", "width")

    def __init__(self, width: int) -> None:
        self.width = width
        self._data = array("q")

    def append(self, row: Sequence[int]) -> None:
        if len(row) != self.width:
            raise ValueError(f"a row of {len(row)} statistics in a table of {self.width} columns")
        self._data.extend(row)

    def __len__(self) -> int:
        return len(self._data) // self.width

    def to_array(self) -> np.ndarray:
        """The rows as a new ``(sentences, width)`` int64 array."""
        return np.frombuffer(self._data, dtype=np.int64).reshape(-1, self.width).copy()

    def take_array(self) -> np.ndarray:
        """The rows as an int64 array over this buffer's own memory; the buffer starts anew.

        At the end of a run the rows change hands instead of being copied, so
        the largest thing a long corpus keeps is never held twice.

        >>> buf = RowBuffer(2)
        >>> buf.append((8, 10))
        >>> buf.take_array().tolist(), len(buf)
        ([[8, 10]], 0)
        """
        data, self._data = self._data, array("q")
        return np.frombuffer(data, dtype=np.int64).reshape(-1, self.width)

    def extend_bytes(self, data: bytes) -> None:
        """Whole rows given as the native bytes of int64 numbers, row after row."""
        if len(data) % (8 * self.width):
            raise ValueError(f"{len(data)} bytes are no whole rows of {self.width} numbers")
        self._data.frombytes(data)

    def take_columns(self) -> list[array]:
        """Every column of the rows, in order, as plain integers; the buffer starts anew.

        >>> buf = RowBuffer(2)
        >>> buf.append((8, 10)); buf.append((1, 2))
        >>> [c.tolist() for c in buf.take_columns()], len(buf)
        ([[8, 1], [10, 2]], 0)
        """
        data, self._data = self._data, array("q")
        return [data[c :: self.width] for c in range(self.width)]


class IdColumn(Sequence):  # type: ignore[type-arg]  # of str | None
    """The sentence ids of a run, in about a third of the memory of a list of strings.

    A run that keeps rows keeps one id per scored sentence (for per-sentence output
    and paired tests); as Python strings in a list they cost 57 bytes each
    beside their characters (the string's header and the list's pointer).
    Here they are UTF-8 bytes in one buffer with their end offsets beside
    them, 9 bytes each beside the characters, and ``None`` is a flag.

    >>> ids = IdColumn(); ids.append("s-1"); ids.append(None); ids.append("s-ü")
    >>> list(ids), ids[2], len(ids)
    (['s-1', None, 's-ü'], 's-ü', 3)
    """

    __slots__ = ("_data", "_ends", "_present")

    def __init__(self, ids: Iterable[str | None] = ()) -> None:
        self._data = bytearray()
        self._ends = array("q")
        self._present = bytearray()
        for sid in ids:
            self.append(sid)

    def append(self, sid: str | None) -> None:
        if sid is not None:
            self._data += sid.encode("utf-8")
        self._ends.append(len(self._data))
        self._present.append(sid is not None)

    def __len__(self) -> int:
        return len(self._ends)

    def __getitem__(self, index: int) -> str | None:  # type: ignore[override]
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(len(self)))]  # type: ignore[return-value]
        if index < 0:
            index += len(self)
        if not self._present[index]:
            return None
        start = self._ends[index - 1] if index else 0
        return self._data[start : self._ends[index]].decode("utf-8")

    def __iter__(self) -> Iterator[str | None]:
        start = 0
        data = self._data
        for end, present in zip(self._ends, self._present, strict=True):
            yield data[start:end].decode("utf-8") if present else None
            start = end

    def __repr__(self) -> str:
        return f"IdColumn({list(self)!r})"


class StatsTable:
    """Per-sentence sufficient statistics of one system: rows of integers.

    >>> t = StatsTable(("correct", "total"), [(8, 10), (1, 2)])
    >>> t.totals(("correct", "total")).tolist()
    [9, 12]
    >>> len(t)
    2
    """

    __slots__ = ("_array", "_index", "columns")

    def __init__(
        self,
        columns: Sequence[str],
        rows: Iterable[Sequence[int]] | np.ndarray = (),
    ) -> None:
        self.columns = tuple(columns)
        if isinstance(rows, np.ndarray):
            array = rows.astype(np.int64, copy=False)
        else:
            array = np.array(list(rows), dtype=np.int64)
        if array.size == 0:
            array = array.reshape(0, len(self.columns))
        if array.ndim != 2 or array.shape[1] != len(self.columns):
            raise ValueError(
                f"statistics rows must have {len(self.columns)} columns {self.columns}, "
                f"got an array of shape {array.shape}"
            )
        array.setflags(write=False)
        self._array = array
        self._index = {name: i for i, name in enumerate(self.columns)}

    def __len__(self) -> int:
        return self._array.shape[0]

    def __repr__(self) -> str:
        return f"StatsTable(columns={self.columns}, sentences={len(self)})"

    @property
    def array(self) -> np.ndarray:
        """The read-only ``(sentences, columns)`` integer array."""
        return self._array

    def view(self, columns: Sequence[str]) -> np.ndarray:
        """The sub-array of the named columns, in the order given."""
        try:
            idx = [self._index[c] for c in columns]
        except KeyError as err:
            raise KeyError(f"no statistic {err.args[0]!r}; this table has {self.columns}") from None
        return self._array[:, idx]

    def totals(self, columns: Sequence[str]) -> np.ndarray:
        """Column sums of the named columns."""
        return self.view(columns).sum(axis=0)

    def sums(self, columns: Sequence[str]) -> list[int]:
        """Column sums of the named columns, as Python integers."""
        return self.totals(columns).tolist()

    def corpus(self, measure: Measure) -> float:
        """The corpus (micro-averaged) score: ``measure`` of the summed statistics."""
        return float(measure(self.totals(measure.columns)))

    def per_sentence(self, measure: Measure) -> np.ndarray:
        """``measure`` of every row on its own."""
        return measure(self.view(measure.columns))

    def macro(self, measure: Measure) -> float:
        """The mean of the per-sentence scores, leaving out undefined (NaN) ones."""
        scores = self.per_sentence(measure)
        scores = scores[~np.isnan(scores)]
        return float(scores.mean()) if scores.size else float("nan")

    def undefined(self, measure: Measure) -> int:
        """How many rows have no score of their own under ``measure`` (NaN)."""
        return int(np.isnan(self.per_sentence(measure)).sum())

    def subset(self, rows: Sequence[int] | np.ndarray) -> StatsTable:
        """A table of the given rows (indices or a boolean mask)."""
        return StatsTable(self.columns, self._array[np.asarray(rows)])


def numpy_loaded() -> bool:
    """Whether numpy is loaded in this process (not only bound to a name for later)."""
    return "numpy.version" in sys.modules


class SumsTable:
    """What reports read of a :class:`StatsTable`, without its rows: flat memory for any corpus.

    Rows fold by blocks into their count, column sums and undefined rows per measure.
    ``macro`` keeps each defined sentence score (8 bytes), as numpy's pairwise mean
    splits them by a count known only at the end: only that same mean is bit-exact.

    Where numpy is not loaded, and every measure has a :attr:`Measure.row`
    formula, the first :attr:`PYTHON_ROWS` rows fold in plain Python, to the
    same bits: a command on a small corpus does not pay numpy's import for
    sums (issue 31); a longer run folds the rest with numpy.

    >>> t = SumsTable(("delta", "iota"), [TEDEVAL], macro=True); t.append((1, 4)); t.append((0, 0))
    >>> len(t), t.sums(("delta", "iota")), t.undefined(TEDEVAL), t.macro(TEDEVAL)
    (2, [1, 4], 1, 0.75)
    """

    BLOCK = 512  # rows folded at once: 16 kB of four columns, and numpy still pays
    PYTHON_ROWS = 16_384
    """Rows folded in Python at most, about where numpy's import (60 ms) costs as much."""

    def __init__(self, columns: Sequence[str], measures: Iterable[Measure], macro: bool) -> None:
        self.columns = tuple(columns)
        self._index = {name: i for i, name in enumerate(self.columns)}
        self._block, self._rows, self._pending = RowBuffer(len(self.columns)), 0, 0
        self._sums = [0] * len(self.columns)
        self._undefined = {m: 0 for m in measures if set(m.columns) <= set(self.columns)}
        self._scores = {m: array("d") for m in self._undefined} if macro else {}
        self._python = all(m.row is not None for m in self._undefined)

    def append(self, row: Sequence[int]) -> None:
        self._block.append(row)
        self._pending += 1  # (the buffer's length is a division: this is asked every row)
        if self._pending >= self.BLOCK:
            self._fold()

    def _fold(self) -> None:
        if not self._pending:
            return  # every figure of a report asks; numpy costs even on no rows
        self._pending = 0
        if self._python and self._rows < self.PYTHON_ROWS and not numpy_loaded():
            self._fold_python()
            return
        self._fold_array(self._block.take_array())

    def _fold_array(self, rows: np.ndarray) -> None:
        self._rows += len(rows)
        self._sums = [a + b for a, b in zip(self._sums, rows.sum(axis=0).tolist(), strict=True)]
        for m in self._undefined:  # as StatsTable.per_sentence and .macro compute them
            scores = m(rows[:, [self._index[c] for c in m.columns]])
            nan = np.isnan(scores)
            self._undefined[m] += int(nan.sum())
            if m in self._scores:
                self._scores[m].frombytes(scores[~nan].tobytes())

    def add_rows(self, rows: np.ndarray) -> None:
        """Rows of an array, after those appended before, as if appended one by one."""
        rows = np.ascontiguousarray(rows, dtype=np.int64)
        if rows.ndim != 2 or rows.shape[1] != len(self.columns):
            raise ValueError(f"rows of {len(self.columns)} statistics, not of shape {rows.shape}")
        # Into the block, after the rows before (macro averages keep their order): a run
        # of a few rows folds with the block, as numpy costs the same for 3 rows as 500.
        self._block.extend_bytes(rows.tobytes())
        self._pending += len(rows)
        if self._pending >= self.BLOCK:
            self._fold()

    def _fold_python(self) -> None:
        columns = self._block.take_columns()
        self._rows += len(columns[0])
        self._sums = [a + sum(c) for a, c in zip(self._sums, columns, strict=True)]
        for m in self._undefined:
            scores = list(
                map(m.row, zip(*(columns[self._index[c]] for c in m.columns), strict=True))
            )
            defined = [x for x in scores if x == x]  # NaN is the one value unequal to itself
            self._undefined[m] += len(scores) - len(defined)
            if m in self._scores:
                self._scores[m].extend(defined)

    def __len__(self) -> int:
        self._fold()
        return self._rows

    def sums(self, columns: Sequence[str]) -> list[int]:
        """Column sums of the named columns, as Python integers."""
        self._fold()
        return [self._sums[self._index[c]] for c in columns]

    def totals(self, columns: Sequence[str]) -> np.ndarray:
        return np.array(self.sums(columns), dtype=np.int64)

    def corpus(self, measure: Measure) -> float:
        """The corpus (micro-averaged) score: ``measure`` of the summed statistics."""
        row = measure.row
        if row is not None and not numpy_loaded():
            return row(self.sums(measure.columns))  # the formula's bits, without numpy
        return StatsTable.corpus(self, measure)  # type: ignore[arg-type]

    def undefined(self, measure: Measure) -> int:
        self._fold()
        return self._undefined[measure]

    def macro(self, measure: Measure) -> float:
        self._fold()
        if measure not in self._scores:
            raise OptionError(f"a macro average needs statistics='macro' ({measure.name})")
        if not numpy_loaded():
            return pairwise_mean(self._scores[measure])
        scores = np.frombuffer(self._scores[measure], dtype=np.float64)
        return float(scores.mean()) if scores.size else float("nan")


SIGNATURE_KEYS: dict[str, str] = {
    "metric": (
        "the metric: tedeval, parseval, parseval-disco (disco-dop), attachment, "
        "conll18 (the CoNLL 2018 shared task's script) or mph"
    ),
    "align": (
        "how tokens of the two sides were aligned: no (same tokens), or over the characters "
        "both spell (normalized as the value says; SPEC.md §11)"
    ),
    "segments": (
        "under align: the sides whose surface tokens came from token-to-segment maps "
        "(gold, parse or gold+parse; SPEC.md §11); absent without one"
    ),
    "length": (
        "the length filter: only sentences whose gold has at most (<=N), at least (>=N) or "
        "from A to B words (A-B) were scored (SPEC.md §15); absent without one"
    ),
    "missing": "what a missing parse does: skip (left out), zero (nothing right) or flat",
    "avg": "micro (corpus) or macro (mean of sentences) average",
    "by": "the group of a breakdown the score is restricted to, as key=group (SPEC.md §12)",
    "version": "the package version",
}
"""The signature keys every metric shares, with what each records.

Everything else a signature says is a metric's own option, and the metric
owns its key (its ``signature_keys``, given to :class:`Signature`): a new
metric adds no line here. Where a metric's keys merge with these, a key
that means something else in each is refused, so that one option is
spelled one way and a typo cannot go out unnoticed.
"""


def merged_keys(keys: Mapping[str, str] | None) -> Mapping[str, str]:
    """The shared keys and a metric's own; a key both give with other meanings is refused.

    >>> merged_keys({"prm": "the parameter file"})["prm"]
    'the parameter file'
    """
    if not keys:
        return SIGNATURE_KEYS
    clash = sorted(k for k in keys.keys() & SIGNATURE_KEYS.keys() if keys[k] != SIGNATURE_KEYS[k])
    if clash:
        raise ValueError(
            f"signature key(s) {', '.join(clash)} of the metric mean something else in "
            "SIGNATURE_KEYS, which every metric shares: name the metric's option otherwise"
        )
    return {**SIGNATURE_KEYS, **keys}


class Signature:
    """Every option that changes a number, printed as ``key:value|...|version:X``.

    Keys come from :data:`SIGNATURE_KEYS` and the metric's own ``keys``
    (key to meaning), which a signature keeps for the copies it makes.

    >>> str(Signature(metric="tedeval", ref="single", keys={"ref": "TedEval's reference"}))
    'metric:tedeval|ref:single|version:0.1.0'
    """

    __slots__ = ("_fields", "_keys")

    def __init__(
        self,
        fields: Mapping[str, object] | None = None,
        /,
        *,
        keys: Mapping[str, str] | None = None,
        **more: object,
    ) -> None:
        items = dict(fields or {})
        items.update(more)
        items.pop("version", None)
        known = merged_keys(keys)
        unknown = sorted(set(map(str, items)) - known.keys())
        if unknown:
            raise ValueError(
                f"signature key(s) {', '.join(unknown)} are neither in SIGNATURE_KEYS nor the "
                "metric's own; declare a key, with its meaning, in the metric's signature_keys "
                "before the metric uses it"
            )
        self._fields = tuple((str(k), _sig_value(v)) for k, v in items.items())
        self._keys = keys

    @property
    def fields(self) -> dict[str, str]:
        """The options, with the package version last."""
        return dict(self._fields) | {"version": __version__}

    def replace(self, **changes: object) -> Signature:
        """A copy with some fields changed or added."""
        items = dict(self._fields)
        items.update({k: _sig_value(v) for k, v in changes.items()})
        return Signature(items, keys=self._keys)

    def __str__(self) -> str:
        return "|".join(f"{k}:{v}" for k, v in self.fields.items())

    def __repr__(self) -> str:
        return f"Signature({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Signature) and self._fields == other._fields

    def __hash__(self) -> int:
        return hash(self._fields)


def _sig_value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    return str(value)


class Score(float):
    """A score that is a ``float`` and also knows where it came from.

    It carries the measure's ``name``, the ``signature`` of the options that
    produced it, the number of ``sentences``, the summed statistics
    (``totals``) and whether it is a ``"micro"`` (corpus) or ``"macro"``
    average. ``undefined`` counts the sentences that have no score of their
    own (nothing to compare in them): a macro average leaves them out. When
    the value itself is undefined (NaN), ``reason`` says why. Arithmetic and
    comparison work as on any float.

    >>> s = Score(0.75, name="LAS", totals={"correct": 3, "total": 4}, sentences=1,
    ...           signature=Signature(metric="attachment"))
    >>> s + 0.25
    1.0
    >>> print(s)
    LAS = 0.7500 (correct=3 total=4, 1 sentence) metric:attachment|version:0.1.0
    """

    name: str
    signature: Signature
    sentences: int
    totals: dict[str, int]
    average: str
    undefined: int
    reason: str | None
    interval: tuple[float, float, float] | None
    """A bootstrap confidence interval ``(low, high, level)``, when one was asked for."""

    def __new__(
        cls,
        value: float,
        *,
        name: str,
        signature: Signature,
        sentences: int,
        totals: Mapping[str, int] | None = None,
        average: str = "micro",
        undefined: int = 0,
        reason: str | None = None,
        interval: tuple[float, float, float] | None = None,
    ) -> Score:
        self = super().__new__(cls, value)
        self.interval = None if interval is None else tuple(map(float, interval))  # type: ignore[assignment]
        self.name = name
        self.signature = signature
        self.sentences = sentences
        self.totals = dict(totals or {})
        self.average = average
        self.undefined = undefined
        if math.isnan(value):
            self.reason = reason or ("no sentence" if sentences == 0 else "nothing to compare")
        else:
            self.reason = None
        return self

    @classmethod
    def from_table(
        cls,
        table: StatsTable | SumsTable,
        measure: Measure,
        *,
        name: str | None = None,
        signature: Signature,
        average: str = "micro",
    ) -> Score:
        """The micro or macro score of ``measure`` over ``table``."""
        if average not in ("micro", "macro"):
            raise OptionError(f"average must be 'micro' or 'macro', not {average!r}")
        if len(table) == 0:
            value = float("nan")  # nothing was scored: no number, rather than a perfect one
        elif average == "micro":
            value = table.corpus(measure)
        else:
            value = table.macro(measure)
        totals = dict(zip(measure.columns, table.sums(measure.columns), strict=True))
        undefined = table.undefined(measure)
        # Without a sentence, Score itself says so ("no sentence").
        reason: str | None = None
        if len(table):
            reason = (
                f"no sentence has a score of its own: {measure.undefined}"
                if average == "macro"
                else measure.undefined
            )
        return cls(
            value,
            name=name or measure.name,
            signature=signature.replace(avg=average),
            sentences=len(table),
            totals=totals,
            average=average,
            undefined=undefined,
            reason=reason,
        )

    @property
    def value(self) -> float:
        """The score as a plain ``float``."""
        return float(self)

    def with_interval(self, low: float, high: float, level: float) -> Score:
        """This score with a confidence interval (SPEC.md §12).

        >>> s = Score(0.5, name="UAS", signature=Signature(metric="attachment"), sentences=9)
        >>> print(s.with_interval(0.25, 0.75, 0.95).format_interval())
        [0.2500, 0.7500] 95% CI
        """
        state = self.__reduce__()[1][1]
        return Score(float(self), **{**state, "interval": (low, high, level)})

    def format_interval(self, digits: int = 4) -> str:
        """The interval as ``[low, high] 95% CI`` (``""`` without one, ``n/a`` when undefined)."""
        if self.interval is None:
            return ""
        low, high, level = self.interval
        pct = f"{level * 100:g}% CI"
        if math.isnan(low):
            return f"[n/a] {pct}"
        return f"[{low:.{digits}f}, {high:.{digits}f}] {pct}"

    def format(self, digits: int = 4) -> str:
        """The number alone, ``n/a`` when undefined."""
        return "n/a" if math.isnan(self) else f"{float(self):.{digits}f}"

    def __str__(self) -> str:
        stats = " ".join(f"{k}={v}" for k, v in self.totals.items())
        unit = "sentence" if self.sentences == 1 else "sentences"
        extra = f"{stats}, {self.sentences} {unit}" if stats else f"{self.sentences} {unit}"
        if self.average == "macro":
            extra += ", macro"
            if self.undefined:
                extra += f" leaving out {self.undefined} with nothing to compare"
        value = self.format()
        if self.reason:
            value += f" ({self.reason})"
        if self.interval is not None:
            value += f" {self.format_interval()}"
        return f"{self.name} = {value} ({extra}) {self.signature}"

    def __repr__(self) -> str:
        return f"Score({self.name}={self.format()}, average={self.average!r})"

    def __reduce__(self):
        state = {
            "name": self.name,
            "signature": self.signature,
            "sentences": self.sentences,
            "totals": self.totals,
            "average": self.average,
            "undefined": self.undefined,
            "reason": self.reason,
            "interval": self.interval,
        }
        return (_rebuild_score, (float(self), state))

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready description: name, value (``None`` with a ``reason`` when
        undefined), average, sentences, the ``undefined`` ones, totals, signature."""
        out: dict[str, object] = {
            "name": self.name,
            "value": None if math.isnan(self) else float(self),
            "reason": self.reason,
            "average": self.average,
            "sentences": self.sentences,
            "undefined": self.undefined,
            "totals": self.totals,
            "signature": str(self.signature),
        }
        if self.interval is not None:
            low, high, level = self.interval
            out["ci"] = {
                "level": level,
                "low": None if math.isnan(low) else low,
                "high": None if math.isnan(high) else high,
            }
        return out


def _rebuild_score(value: float, state: dict) -> Score:
    return Score(value, **state)
