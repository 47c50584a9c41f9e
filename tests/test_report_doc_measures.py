"""docs/report.md's lists of columns and measures are the evaluators' own (issue 46).

The commands read the measures they show, the per-sentence columns and the
measures a run may add from the evaluator (``shown_measures``,
``per_sentence_columns``, ``measure_extensions``); the report's docs list them
for a reader. This file reads the docs' tables and holds them to the
evaluators, so a measure added to a metric that the docs do not name, or a
doc naming one the metric lost, fails here and nowhere else.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nltk_tedeval import (
    AttachmentEvaluator,
    DiscoParsevalEvaluator,
    MPHEvaluator,
    ParsevalEvaluator,
    TedEvalEvaluator,
)
from nltk_tedeval.scoring.evaluator import Evaluator
from nltk_tedeval.scoring.extensions import loaded

REPORT = Path(__file__).resolve().parent.parent / "docs" / "report.md"

EVALUATORS: dict[str, type[Evaluator]] = {
    "score": TedEvalEvaluator,
    "attach": AttachmentEvaluator,
    "mph": MPHEvaluator,
    "parseval": ParsevalEvaluator,
    "parseval --disco": DiscoParsevalEvaluator,
}


def table_after(heading: str, which: int = 0) -> list[list[str]]:
    """The cells of a Markdown table after ``heading`` (the first, or the ``which``-th
    from 0), without its header."""
    lines = REPORT.read_text(encoding="utf-8").splitlines()
    tables: list[list[list[str]]] = [[]]
    for line in lines[lines.index(heading) + 1 :]:
        if line.startswith("#"):
            break
        if line.startswith("|"):
            tables[-1].append([cell.strip() for cell in line.strip("|").split("|")])
        elif tables[-1]:
            tables.append([])
    assert len(tables) > which and tables[which], f"no table {which} after {heading!r}"
    return tables[which][2:]  # the header and its rule


def names(cell: str) -> list[str]:
    """The names in a cell written `a b c` or `a`, `b`."""
    return [n for code in re.findall(r"`([^`]*)`", cell) for n in code.split()]


def per_sentence_rows() -> dict[str, list[str]]:
    rows = {}
    for command, statistics, scores in table_after("## The per-sentence TSV", 1):
        rows[command.strip("`")] = [statistics, scores]
    return rows


@pytest.mark.parametrize("command", sorted(EVALUATORS))
def test_the_per_sentence_table_is_the_evaluators(command: str) -> None:
    evaluator = EVALUATORS[command]
    statistics, scores = per_sentence_rows()[command]
    own = evaluator.per_sentence_columns or evaluator.columns
    assert names(statistics) == list(own)
    assert names(scores) == list(evaluator.shown_measures or evaluator.primary)


def test_the_per_sentence_table_has_no_command_without_an_evaluator() -> None:
    assert set(per_sentence_rows()) - {"cross"} == set(EVALUATORS)


def test_the_added_measures_are_those_the_evaluators_offer() -> None:
    documented = {}
    for command, measures, _what, statistics in table_after(
        "## Measures added on request (`--measure`)"
    ):
        # A command offering several extensions has a row for each, in its order.
        had = documented.get(command.strip("`"), ([], []))
        documented[command.strip("`")] = (had[0] + names(measures), had[1] + names(statistics))
    offered = {}
    for command, evaluator in EVALUATORS.items():
        extensions = [loaded(e) for e in evaluator.measure_extensions]
        if extensions:
            offered[command] = (
                [m.name for e in extensions for m in e.measures],
                [c for e in extensions for c in e.columns],
            )
    assert documented == offered
    # The worked example of docs/extending.md is among them.
    assert documented["attach"][0] == ["UCM", "LCM"]
