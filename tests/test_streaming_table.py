"""SumsTable: the statistics of a run without its rows, against a StatsTable of the same rows.

Every figure a report reads (length, column sums, corpus score, undefined
sentences, macro average) is computed twice: by the :class:`StatsTable`
that holds the rows, and by the :class:`SumsTable` that folds them in
blocks. Floats must agree to the last bit, so they are compared by their
``float.hex()`` (NaN with NaN).
"""

from __future__ import annotations

import math
import tracemalloc

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nltk_tedeval.errors import OptionError
from nltk_tedeval.scoring.stats import (
    TEDEVAL,
    Measure,
    Score,
    Signature,
    StatsTable,
    SumsTable,
    accuracy,
    f_measure,
    precision,
    recall,
)

DI = ("delta", "iota")
PRF_COLUMNS = ("matched", "gold", "test")
PRF = (
    Measure("P", PRF_COLUMNS, precision),
    Measure("R", PRF_COLUMNS, recall),
    Measure("F1", PRF_COLUMNS, f_measure),
)


def bits(x: float) -> str:
    return "nan" if math.isnan(x) else float(x).hex()


def sums_of(columns, rows, measures, *, macro=True, block=None) -> SumsTable:
    table = SumsTable(columns, measures, macro)
    if block is not None:
        table.BLOCK = block  # folds inside the rows, not only at the end
    for row in rows:
        table.append(row)
    return table


def assert_same(columns, rows, measures, block=None) -> None:
    full = StatsTable(columns, rows)
    sums = sums_of(columns, rows, measures, block=block)
    assert len(sums) == len(full) == len(rows)
    assert sums.totals(columns).tolist() == full.totals(columns).tolist()
    for m in measures:
        assert bits(sums.corpus(m)) == bits(full.corpus(m))
        assert bits(sums.macro(m)) == bits(full.macro(m))
        assert sums.undefined(m) == full.undefined(m)
        for average in ("micro", "macro"):
            a = Score.from_table(sums, m, signature=Signature(), average=average)
            b = Score.from_table(full, m, signature=Signature(), average=average)
            assert a.as_dict() == b.as_dict()
            assert bits(a) == bits(b)


def test_hand_computed_figures():
    # Sentence scores 1 - 1/4, none (ι = 0), 1 - 2/4 and 1 - 3/3.
    rows = [(1, 4), (0, 0), (2, 4), (3, 3)]
    t = sums_of(DI, rows, [TEDEVAL], block=2)
    assert len(t) == 4
    assert t.totals(DI).tolist() == [6, 11]
    assert t.totals(("iota",)).tolist() == [11]
    assert t.corpus(TEDEVAL) == 1 - 6 / 11
    assert t.undefined(TEDEVAL) == 1
    assert t.macro(TEDEVAL) == (0.75 + 0.5 + 0.0) / 3


def test_an_empty_table_has_no_score():
    t = SumsTable(DI, [TEDEVAL], True)
    assert len(t) == 0 and t.totals(DI).tolist() == [0, 0]
    assert math.isnan(t.macro(TEDEVAL)) and t.undefined(TEDEVAL) == 0
    score = Score.from_table(t, TEDEVAL, signature=Signature())
    assert math.isnan(score) and score.reason == "no sentence" and score.sentences == 0


def test_nothing_defined_leaves_the_macro_average_undefined():
    t = sums_of(DI, [(0, 0), (0, 0)], [TEDEVAL])
    assert math.isnan(t.macro(TEDEVAL)) and t.undefined(TEDEVAL) == 2


def delta_iota_rows(max_size: int = 60):
    return st.lists(
        st.integers(0, 40).flatmap(lambda iota: st.tuples(st.integers(0, iota), st.just(iota))),
        max_size=max_size,
    )


@st.composite
def prf_row(draw) -> tuple[int, int, int]:
    gold, test = draw(st.integers(0, 30)), draw(st.integers(0, 30))
    return draw(st.integers(0, min(gold, test))), gold, test


@given(rows=delta_iota_rows(), block=st.integers(1, 9))
def test_delta_iota_rows_agree_with_the_row_table(rows, block):
    assert_same(DI, rows, [TEDEVAL], block)


@given(rows=st.lists(prf_row(), max_size=60), block=st.integers(1, 9))
def test_bracket_rows_agree_with_the_row_table(rows, block):
    assert_same(PRF_COLUMNS, rows, PRF, block)


@given(
    rows=st.lists(
        st.integers(0, 25).flatmap(lambda t: st.tuples(st.integers(0, t), st.just(t))),
        max_size=40,
    ),
    reads=st.lists(st.integers(0, 40), max_size=4),
)
def test_reading_between_rows_changes_nothing(rows, reads):
    # A report may read a table while a run still adds rows (a progress
    # figure, say); every read folds what came so far.
    acc = Measure("ACC", ("correct", "total"), accuracy)
    table = SumsTable(("correct", "total"), [acc], True)
    for k, row in enumerate(rows):
        if k in reads:
            assert len(table) == k
            table.macro(acc)
        table.append(row)
    full = StatsTable(("correct", "total"), rows)
    assert bits(table.macro(acc)) == bits(full.macro(acc))
    assert table.undefined(acc) == full.undefined(acc)


@pytest.mark.parametrize("n", [129, 1000, 10_007, 60_000])
def test_long_runs_keep_the_macro_average_to_the_last_bit(n):
    # numpy's pairwise summation splits the scores by their count: many
    # blocks of the table, a count that is no multiple of anything.
    rng = np.random.default_rng(n)
    iota = rng.integers(0, 50, n)
    delta = (rng.random(n) * (iota + 1)).astype(np.int64).clip(0, iota)
    rows = np.stack([delta, iota], axis=1)
    assert_same(DI, rows.tolist(), [TEDEVAL])


def test_a_sums_table_has_no_rows_to_give():
    t = sums_of(DI, [(1, 2)], [TEDEVAL], macro=False)
    for name in ("array", "view", "per_sentence", "subset"):
        assert not hasattr(t, name)
    with pytest.raises(OptionError, match="statistics='macro'"):
        t.macro(TEDEVAL)
    # What it was not built to score it cannot score: a ParsEval measure here.
    with pytest.raises(KeyError):
        t.undefined(PRF[0])


def test_memory_does_not_grow_with_the_rows():
    def peak(n: int) -> int:
        table = SumsTable(DI, [TEDEVAL], False)
        tracemalloc.start()
        for k in range(n):
            table.append((k % 3, 5))
        total = table.totals(DI).tolist()
        size = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert total == [sum(k % 3 for k in range(n)), 5 * n]
        return size

    small, large = peak(5_000), peak(100_000)
    # Rows of 16 bytes would add 1.5 MB; the block of a SumsTable is 8 kB.
    assert large - small < 64_000
