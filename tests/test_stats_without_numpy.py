"""Sums without numpy (issue 31): a run that keeps sums computes its figures in plain Python
until numpy is loaded, to the bit.

- every formula's ``row`` gives, on one row, the bits its vectorised formula gives;
- :func:`pairwise_mean` is numpy's ``mean``, to the bit, on arrays of every length;
- a :class:`SumsTable` folded in Python gives the sums, undefined counts, corpus and
  macro scores of one folded with numpy, and of a :class:`StatsTable` of the rows;
- ``tedeval attach`` on a small corpus never loads numpy (checked in a new process).
"""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nltk_tedeval.scoring import stats
from nltk_tedeval.scoring.stats import (
    TEDEVAL,
    Measure,
    StatsTable,
    SumsTable,
    accuracy,
    edit_score,
    f_measure,
    harmonic_f1,
    pairwise_mean,
    precision,
    recall,
)

from .conftest import examples

FORMULAS = {
    "edit_score": (edit_score, 2),
    "accuracy": (accuracy, 2),
    "precision": (precision, 3),
    "recall": (recall, 3),
    "f_measure": (f_measure, 3),
    "harmonic_f1": (harmonic_f1, 4),
}
# Small counts, zeros often (the undefined rows), and large ones.
COUNT = st.one_of(st.integers(0, 3), st.integers(0, 60), st.integers(0, 2**40))


def same_bits(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or (
        a == b and math.copysign(1, a) == math.copysign(1, b)
    )


@settings(max_examples=examples(600), deadline=None)
@given(name=st.sampled_from(sorted(FORMULAS)), row=st.lists(COUNT, min_size=4, max_size=4))
def test_each_row_formula_gives_the_vectorised_formulas_bits(name: str, row: list[int]) -> None:
    formula, width = FORMULAS[name]
    values = row[:width]
    expected = float(formula(np.array(values, dtype=np.int64)))
    got = formula.row(values)
    assert type(got) is float and same_bits(got, expected), (name, values, got, expected)


def test_row_formulas_by_hand() -> None:
    assert edit_score.row((3, 9)) == 1 - 3 / 9
    assert math.isnan(edit_score.row((0, 0)))
    assert accuracy.row((3, 4)) == 0.75 and math.isnan(accuracy.row((0, 0)))
    assert precision.row((1, 5, 4)) == 0.25 and recall.row((1, 5, 4)) == 0.2
    assert f_measure.row((1, 5, 4)) == 2 / 9 and math.isnan(f_measure.row((0, 0, 0)))
    # P = 1/1, R = 1/2: 2PR/(P+R) = 1/1.5; no match on either side: 0, not undefined.
    assert harmonic_f1.row((1, 2, 1, 1)) == 2 * 1.0 * 0.5 / 1.5
    assert harmonic_f1.row((0, 2, 0, 3)) == 0.0 and math.isnan(harmonic_f1.row((0, 0, 1, 1)))
    assert Measure("X", ("a", "b"), lambda t: t[..., 0]).row is None  # a formula of one's own


@settings(max_examples=examples(300), deadline=None)
@given(
    values=st.one_of(
        st.lists(st.floats(0, 1), max_size=300),
        st.lists(st.floats(0, 1e6, allow_subnormal=True), max_size=40),
        st.integers(0, 20_000).map(lambda n: [((k * 7919) % 1009) / 1009 for k in range(n)]),
    )
)
def test_pairwise_mean_is_numpys_mean(values: list[float]) -> None:
    expected = float(np.array(values, dtype=np.float64).mean()) if values else math.nan
    assert same_bits(pairwise_mean(values), expected)


def test_pairwise_mean_is_numpys_mean_at_every_length_that_splits() -> None:
    # Every length to 600 (each way a block of 8 and 128 ends), and long ones past
    # numpy's buffer of 8,192, on values of many magnitudes: numpy is the reference.
    rng = random.Random(31)
    lengths = [*range(601), 1000, 4097, 8192, 8193, 20_000]
    for n in lengths:
        values = [rng.random() * 10 ** rng.randint(-3, 3) for _ in range(n)]
        expected = float(np.array(values).mean()) if n else math.nan
        assert same_bits(pairwise_mean(values), expected), n


def test_pairwise_mean_by_hand() -> None:
    # Seven values and fewer add in order; 8 to 128 in eight interleaved sums, combined
    # ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7)), then the rest in order.
    assert pairwise_mean([0.1] * 7) == (((((0.1 + 0.1) + 0.1) + 0.1) + 0.1) + 0.1 + 0.1) / 7
    assert pairwise_mean([0.1] * 10) == 0.1  # (0.4 + 0.4) = 0.8, 0.9, 1.0: exactly 1.0
    assert sum([0.1] * 10) / 10 != 0.1
    assert math.isnan(pairwise_mean([]))
    # numpy's reduction starts from 0.0, its runs from -0.0: -0.0 alone ends as 0.0.
    assert math.copysign(1, pairwise_mean([-0.0])) == 1.0
    assert math.copysign(1, float(np.array([-0.0]).mean())) == 1.0


MEASURES = [
    TEDEVAL,
    Measure("ACC", ("b", "c"), accuracy),
    Measure("F1", ("a", "b", "c"), f_measure),
    Measure("HF", ("a", "b", "c", "d"), harmonic_f1),
]
COLUMNS = ("delta", "iota", "a", "b", "c", "d")


def fill(rows: list[list[int]], python: bool, monkeypatch: pytest.MonkeyPatch) -> SumsTable:
    with monkeypatch.context() as m:
        m.setattr(stats, "numpy_loaded", lambda: not python)
        table = SumsTable(COLUMNS, MEASURES, macro=True)
        for row in rows:
            table.append(row)
        len(table)  # folds what is left, the way it was to fold
    return table


def figures(table: SumsTable | StatsTable, python: bool, monkeypatch: pytest.MonkeyPatch) -> list:
    with monkeypatch.context() as m:
        m.setattr(stats, "numpy_loaded", lambda: not python)
        out: list = [len(table), table.sums(COLUMNS)]
        for measure in MEASURES:
            out += [
                table.corpus(measure),
                table.macro(measure),
                table.undefined(measure),
            ]
    return [("nan" if isinstance(x, float) and math.isnan(x) else x) for x in out]


@settings(max_examples=examples(100), deadline=None)
@given(
    rows=st.lists(st.lists(st.integers(0, 9), min_size=6, max_size=6), max_size=1200),
)
def test_a_table_folded_in_python_is_one_folded_with_numpy(rows: list[list[int]]) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        python = figures(fill(rows, True, monkeypatch), True, monkeypatch)
        with_numpy = figures(fill(rows, False, monkeypatch), False, monkeypatch)
        of_rows = figures(StatsTable(COLUMNS, rows), False, monkeypatch) if rows else None
    assert python == with_numpy
    if of_rows is not None:
        assert python == of_rows


def test_a_long_run_folds_the_rest_with_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    # Past PYTHON_ROWS the rows fold with numpy; the figures do not change at the seam.
    monkeypatch.setattr(SumsTable, "PYTHON_ROWS", 1024)
    rows = [[k % 3, k % 5 + 1, k % 2, k % 7, k % 4, k % 6] for k in range(3000)]
    table = SumsTable(COLUMNS, MEASURES, macro=True)
    for row in rows:
        table.append(row)
    reference = StatsTable(COLUMNS, rows)
    assert table.sums(COLUMNS) == reference.sums(COLUMNS)
    for measure in MEASURES:
        assert table.macro(measure) == reference.macro(measure)
        assert table.undefined(measure) == reference.undefined(measure)
    # By hand: delta is k % 3 over 3,000 rows, 1,000 each of 0, 1, 2.
    assert table.sums(("delta",)) == [3000]


def test_sums_by_hand() -> None:
    table = SumsTable(("delta", "iota"), [TEDEVAL], macro=True)
    for row in [(1, 4), (0, 0), (2, 2)]:
        table.append(row)
    # Rows 1 - 1/4 and 1 - 2/2; the middle one has nothing to compare.
    assert table.sums(("delta", "iota")) == [3, 6] and table.undefined(TEDEVAL) == 1
    assert table.corpus(TEDEVAL) == 0.5 and table.macro(TEDEVAL) == (0.75 + 0.0) / 2
    assert table.totals(("iota",)).tolist() == [6]  # still an array for who asks one


def run_alone(argv: list[str]) -> tuple[str, bool]:
    """What the command line prints for ``argv`` in a new interpreter, and whether numpy was
    loaded there by the end (a test's own process has it already)."""
    code = (
        "import sys, io, contextlib\n"
        "from nltk_tedeval.cli.command import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        f"    main({argv!r})\n"
        "print(out.getvalue())\n"
        "print('numpy.version' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    *report, loaded = done.stdout.strip().splitlines()
    return "\n".join(report).strip(), loaded == "True"


def test_attach_and_score_on_a_small_corpus_never_load_numpy(tmp_path: Path) -> None:
    gold = tmp_path / "gold.conllu"
    gold.write_text(
        "# sent_id = 1\n1\tHe\the\tPRON\tPRP\t_\t2\tnsubj\t_\t_\n"
        "2\tleft\tleave\tVERB\tVBD\t_\t0\troot\t_\t_\n\n",
        encoding="utf-8",
    )
    parse = tmp_path / "parse.conllu"
    parse.write_text(
        "# sent_id = 1\n1\tHe\the\tPRON\tPRP\t_\t2\tobj\t_\t_\n"
        "2\tleft\tleave\tVERB\tVBD\t_\t0\troot\t_\t_\n\n",
        encoding="utf-8",
    )
    report, loaded = run_alone(["attach", str(gold), str(parse), "--json"])
    assert not loaded
    scores = json.loads(report)["systems"][0]["scores"]
    # By hand: both heads right, one of the two labels.
    assert scores["LAS"]["value"] == 0.5
    assert scores["LAS"]["totals"] == {"head_label": 1, "labeled_tokens": 2}
    assert scores["UAS"]["value"] == 1.0 and scores["UAS"]["totals"] == {"head": 2, "tokens": 2}

    # TedEval on the same pair: the same heads, so the unlabeled score is 1; one label
    # differs, so the labeled one is below it.
    report, loaded = run_alone(["score", str(gold), str(parse), "--json"])
    assert not loaded
    tedeval = json.loads(report)["systems"][0]["scores"]
    assert tedeval["unlabeled"]["value"] == 1.0 and 0 < tedeval["labeled"]["value"] < 1
