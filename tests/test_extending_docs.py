"""docs/extending.md, "A format of columns" and "What an input is": the page's blocks run
as printed, and give the numbers worked out by hand on the page.

CoNLL 2009 (tests/fixtures_conll09/sample.txt, its predicted columns against its gold
ones): UAS 7/9, LA 7/9, LAS 5/9, undirected and NED 7/9. Word-head-relation
(examples/columns_data): LAS, UAS and LA 3/5, undirected 4/5, NED 5/5.
"""

from __future__ import annotations

import pytest

from nltk_tedeval.kinds import KINDS
from nltk_tedeval.reading import FORMATS, columns

from .extending_page import python_blocks, run_block, section, shown_after

COLUMNS = "### A format of columns"
KINDS_SECTION = "### What an input is"


def test_the_maps_on_the_page_are_the_shipped_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    (maps,) = [b for b in python_blocks(section(COLUMNS)) if "CONLL09_PREDICTED =" in b]
    _, space = run_block(maps, monkeypatch)
    assert space["CONLL09"] == columns.CONLL09
    assert space["CONLL09_PREDICTED"] == columns.CONLL09_PREDICTED


def test_the_conll09_block_runs_as_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    text = section(COLUMNS)
    (block,) = [b for b in python_blocks(text) if "conll09_predicted" in b]
    out, _ = run_block(block, monkeypatch)
    assert out == shown_after(text, block)
    assert "sample  0.5556  0.7778  0.7778  0.7778      0.7778" in out.splitlines()


def test_a_format_of_ones_own_runs_as_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    text = section(COLUMNS)
    (block,) = [b for b in python_blocks(text) if "register_format(" in b]
    out, _ = run_block(block, monkeypatch)
    assert out == shown_after(text, block)
    assert "parse   0.6000  0.6000  0.6000  0.8000      1.0000" in out.splitlines()
    assert "whr" not in FORMATS  # the block takes its format back


def test_a_kind_of_ones_own_runs_as_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    text = section(KINDS_SECTION)
    (block,) = python_blocks(text)
    before = list(KINDS)
    out, _ = run_block(block, monkeypatch)
    assert out == shown_after(text, block)
    assert out == "constituency | a chart\nNone | a Chart\n"
    assert before == KINDS
