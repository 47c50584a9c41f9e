"""The sentence views of ``-f html`` under ``--align``, for ``parseval --disco`` and for ``cross``
(issue 29): what the command line gives the renderer, then the report in headless Chromium.

The data checks run everywhere; the browser checks skip without Chromium (one line says why).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nltk_tedeval import explain
from nltk_tedeval.cli import emit as emit_module
from nltk_tedeval.cli import main
from nltk_tedeval.reading import read_file

from . import browser_support

ROOT = Path(__file__).resolve().parent.parent
STUDY = ROOT / "corpora_samples" / "study"
PIPELINE = ROOT / "corpora_samples" / "raw_text" / "nltk-pipeline"
DISCO = ROOT / "tests" / "fixtures_disco"

# Three gold sentences; the parse drops "soundly" from the second.
GOLD3 = (
    "(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat))))\n"
    "(TOP (S (NP (PRP It)) (VP (VBD slept) (ADVP (RB soundly)))))\n"
    "(TOP (S (NP (PRP We)) (VP (VBD left))))\n"
)
DROPPED = (
    "(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat))))\n"
    "(TOP (S (NP (PRP It)) (VP (VBD slept))))\n"
    "(TOP (S (NP (PRP We)) (VP (VBD left))))\n"
)
# The same text with sentences 2 and 3 of the gold joined in one parse sentence.
JOINED = (
    "(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat))))\n"
    "(TOP (S (S (NP (PRP It)) (VP (VBD slept) (ADVP (RB soundly))))"
    " (S (NP (PRP We)) (VP (VBD left)))))\n"
)


def views(monkeypatch: pytest.MonkeyPatch, *argv: object) -> list[dict[str, Any]]:
    """The sentence dicts ``-f html`` gives the renderer for one command line."""
    got: list[dict[str, Any]] = []

    def capture(args: Any, data: Any, text: str, sentences: Any, *order: Any) -> None:
        got.extend(sentences)

    monkeypatch.setattr(emit_module, "write_html_report", capture)
    assert main([*map(str, argv), "-f", "html"]) == 0
    monkeypatch.undo()
    return got


def scored(tmp_path: Path, *argv: object) -> int:
    out = tmp_path / "report.json"
    assert main([*map(str, argv), "--json", "--output", str(out)]) == 0
    return json.loads(out.read_text(encoding="utf-8"))["counts"]["scored"]


@pytest.fixture
def toy(tmp_path: Path) -> dict[str, Path]:
    paths = {}
    for name, text in (("gold", GOLD3), ("dropped", DROPPED), ("joined", JOINED)):
        paths[name] = tmp_path / f"{name}.ptb"
        paths[name].write_text(text, encoding="utf-8")
    return paths


# --- 1. --align ----------------------------------------------------------------------


def test_aligned_unit_lists_the_dropped_word(monkeypatch, tmp_path, toy) -> None:
    got = views(monkeypatch, "score", "--align", "lcs", toy["gold"], toy["dropped"])
    # Each parse sentence ends where its gold sentence ends: 3 units of one sentence each.
    assert len(got) == scored(tmp_path, "score", "--align", "lcs", toy["gold"], toy["dropped"])
    assert len(got) == 3
    unit = got[1]
    assert unit["words"] == ["It", "slept", "soundly"]
    assert unit["align"]["gold"] == [f"2 {toy['gold']}:2"]
    assert unit["align"]["parse"] == [f"2 {toy['dropped']}:2"]
    # "soundly" (gold token 2) is the one the parse does not spell.
    assert unit["align"]["unmatched"]["gold"] == [[2, 3]]
    # The parse's panel is drawn over the unit's words (explain()'s atoms: It slept soundly),
    # where the word it lacks, 2, is marked too.
    assert unit["trees"][0]["words"] == ["It", "slept", "soundly"]
    assert unit["align"]["unmatched"]["dropped"] == [[2, 3]]
    # The units that both spell alike have nothing unmatched.
    assert got[0]["align"]["unmatched"]["gold"] == [] == got[2]["align"]["unmatched"]["gold"]
    # The unit's panels are explain()'s of the unit, placed over the unit's words.
    e = explain(
        [t.tree for t in read_file(toy["dropped"])][1],
        [t.tree for t in read_file(toy["gold"])][1],
        align="lcs",
        labeled=True,
    )
    names = [p["name"] for p in unit["trees"]]
    assert names == ["dropped", "reference (dropped)"]
    assert unit["trees"][0]["words"] == list(e.parse.words)


def test_aligned_unit_of_two_gold_sentences(monkeypatch, tmp_path, toy) -> None:
    got = views(monkeypatch, "parseval", "--align", "exact", toy["gold"], toy["joined"])
    # Gold 2 and 3 end inside parse sentence 2: one unit of 2 gold sentences, 1 parse.
    assert len(got) == scored(tmp_path, "parseval", "--align", "exact", toy["gold"], toy["joined"])
    assert len(got) == 2
    unit = got[1]
    assert unit["align"]["gold"] == [f"2 {toy['gold']}:2", f"3 {toy['gold']}:3"]
    assert unit["align"]["parse"] == [f"2 {toy['joined']}:2"]
    assert unit["words"] == ["It", "slept", "soundly", "We", "left"]
    assert unit["align"]["unmatched"]["gold"] == []  # exact: the texts are equal
    gold, parse = unit["trees"]
    # The gold panel: its two sentences one after another, each a root (TOP at 0 and at 3).
    roots = [n for n in gold["nodes"] if n[3] == -1]
    assert [(n[0], n[1], n[2]) for n in roots] == [("TOP", 0, 3), ("TOP", 3, 5)]
    assert [(n[0], n[1], n[2]) for n in parse["nodes"] if n[3] == -1] == [("TOP", 0, 5)]


def test_aligned_attachment_units(monkeypatch, tmp_path) -> None:
    argv = ("attach", "--align", "lcs", STUDY / "test.conllu", PIPELINE / "arc-eager.conllu")
    got = views(monkeypatch, *argv)
    assert len(got) == scored(tmp_path, *argv)
    first = got[0]
    # The pipeline's first sentence covers the gold's first three (the title, the heading
    # and "Introduction"): 21 words, and every arc's head is within the unit.
    assert len(first["align"]["gold"]) == 3
    gold_panel = first["trees"][0]
    assert gold_panel["name"] == "gold" and len(gold_panel["words"]) == 21
    assert all(0 <= h <= 21 and 1 <= d <= 21 for h, d, _ in gold_panel["arcs"])


# --- 2. discontinuous trees ----------------------------------------------------------


def test_disco_panels_have_gapped_nodes(monkeypatch, tmp_path) -> None:
    argv = ("parseval", "--disco", DISCO / "gum_gold.export", DISCO / "gum_parse.export")
    got = views(monkeypatch, *argv)
    assert len(got) == scored(tmp_path, *argv)
    gold = got[0]["trees"][0]
    assert gold["name"] == "gold"
    gapped = [(n["label"], n["spans"]) for n in gold["nodes"] if isinstance(n, dict)]
    # Sentence 1 (GUM_news_crane-1): the comma (4) and "(" (22) hang from ROOT, so S has
    # the words 0-3, 5-21 and 23-31, its VP "was ranked ... statistics" 10-21 and 23-31
    # and the VP inside it "ranked ... statistics" 11-21 and 23-31 (two spans each).
    assert gapped == [
        ("S", [[0, 4], [5, 22], [23, 32]]),
        ("VP", [[10, 22], [23, 32]]),
        ("VP", [[11, 22], [23, 32]]),
    ]
    # Nodes come in pre-order and point to an earlier node.
    parents = [n["parent"] if isinstance(n, dict) else n[3] for n in gold["nodes"]]
    assert parents[0] == -1 and all(p < i for i, p in enumerate(parents))


# --- 3. cross ------------------------------------------------------------------------


CROSS = (
    "cross",
    "-e",
    f"ptb={STUDY / 'test.ptb'},{STUDY / 'outputs' / 'pcfg.ptb'}",
    "-e",
    f"ud={STUDY / 'test.conllu'},{STUDY / 'outputs' / 'arc-eager.conllu'}",
    "--missing",
    "zero",
)


def cross_expected(k: int) -> Any:
    """explain()'s MULTIPLE explanation of the PCFG's parse of sentence ``k`` (from 0)."""
    ptb = [s.tree for s in read_file(STUDY / "test.ptb")]
    ud = [s.tree for s in read_file(STUDY / "test.conllu")]
    pcfg = [s.tree for s in read_file(STUDY / "outputs" / "pcfg.ptb")]
    return explain(pcfg[k], ptb[k], other_golds=[ud[k]])


def test_cross_rows_and_multiple_ops(monkeypatch, tmp_path) -> None:
    got = views(monkeypatch, *CROSS)
    assert len(got) == scored(tmp_path, *CROSS)
    pcfg = [s.tree for s in read_file(STUDY / "outputs" / "pcfg.ptb")]
    k = next(i for i, p in enumerate(pcfg) if p is not None)
    view = got[k]
    assert view["n"] == k + 1
    e = cross_expected(k)
    names = [p["name"] for p in view["trees"]]
    assert names[:3] == ["ptb", "reference (ptb)", "gold (ptb)"]
    # The parse panel carries explain()'s charged deletions, the generalized reference its
    # charged additions; MULTIPLE's labeled δ counts exactly these operations.
    parse_panel = view["trees"][0]
    deleted = {(m[1], m[2], m[3]) for m in parse_panel["marks"] if m[0] == "delete"}
    assert deleted == {(lab, *span) for lab, *span in e.deletions}
    added = {(m[1], m[2], m[3]) for m in view["trees"][1]["marks"] if m[0] == "add"}
    assert added == {(lab, *span) for lab, *span in e.additions}
    stats = view["systems"]["ptb"]["stats"]
    assert stats["multiple_delta_labeled"] == len(e.deletions) + len(e.additions)


# --- in the browser ------------------------------------------------------------------


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    why = browser_support.missing()
    if why:
        pytest.skip(why)
    with browser_support.chromium(tmp_path_factory.mktemp("chromium-profile")) as d:
        yield d


def opened(driver: Any, tmp_path: Path, *argv: object) -> tuple[Path, int]:
    """Write ``-f html``, open it, show every page of rows: (path, rows in the table)."""
    html = tmp_path / "report.html"
    assert main([*map(str, argv), "-f", "html", "--output", str(html)]) == 0
    browser_support.network_requests(driver)
    browser_support.console_errors(driver)
    browser_support.open_report(driver, html)
    rows = driver.execute_script(
        "while (document.getElementById('more') && !document.getElementById('more').hidden)"
        " document.getElementById('more').click();"
        "return document.querySelectorAll('#sentence-table tbody tr').length;"
    )
    return html, rows


def test_browser_aligned_unit(driver, tmp_path, toy) -> None:
    from .test_html_browser import assert_clean, open_row, panel_items, wait

    argv = ("score", "--align", "lcs", toy["gold"], toy["dropped"])
    html, rows = opened(driver, tmp_path, *argv)
    assert rows == scored(tmp_path, *argv)
    open_row(driver, 2)
    marked = driver.execute_script(
        "return [...document.querySelectorAll('#sentence .gold-words mark.unmatched')]"
        ".map(m => m.textContent)"
    )
    assert marked == ["soundly"]
    assert wait(driver, "return document.querySelectorAll('#sentence svg').length >= 2")
    # The parse's panel underlines the word it lacks ("soundly", word 2 of the unit).
    assert panel_items(driver, "dropped", "g.word.unmatched", "data-i") == ["2"]
    assert_clean(driver, html)


def test_browser_aligned_attachment(driver, tmp_path) -> None:
    from .test_html_browser import assert_clean, open_row, wait

    argv = ("attach", "--align", "lcs", STUDY / "test.conllu", PIPELINE / "arc-eager.conllu")
    html, rows = opened(driver, tmp_path, *argv)
    assert rows == scored(tmp_path, *argv)
    open_row(driver, 1)
    assert "gold sentences 1" in driver.find_element("css selector", "#sentence .align").text
    assert wait(driver, "return document.querySelectorAll('#sentence svg').length >= 2")
    assert_clean(driver, html)


def test_browser_disco(driver, tmp_path) -> None:
    from .test_html_browser import assert_clean, open_row, panel_items, segments_cross

    argv = ("parseval", "--disco", DISCO / "gum_gold.export", DISCO / "gum_parse.export")
    html, rows = opened(driver, tmp_path, *argv)
    assert rows == scored(tmp_path, *argv)
    open_row(driver, 1)
    assert {"S", "VP"} <= set(panel_items(driver, "gold", "g.node.gap"))
    lines = driver.execute_script(
        "return [...document.querySelectorAll('#sentence figure[data-name=\"gold\"] line.edge')]"
        ".map(l => ['x1', 'y1', 'x2', 'y2'].map(k => +l.getAttribute(k)))"
    )
    assert any(segments_cross(a, b) for i, a in enumerate(lines) for b in lines[i + 1 :])
    assert_clean(driver, html)


def test_browser_cross(driver, tmp_path) -> None:
    from .test_html_browser import assert_clean, listed_ops, open_row, wait

    html, rows = opened(driver, tmp_path, *CROSS)
    assert rows == scored(tmp_path, *CROSS)
    pcfg = [s.tree for s in read_file(STUDY / "outputs" / "pcfg.ptb")]
    k = next(i for i, p in enumerate(pcfg) if p is not None)
    open_row(driver, k + 1)
    assert wait(driver, "return document.querySelectorAll('#sentence svg').length >= 3")
    e = cross_expected(k)
    listed = listed_ops(driver)
    # The charged operations listed for the ptb parse are MULTIPLE's of explain().
    ptb_deleted = {(o[1], o[2], o[3]) for o in listed if o[0] == "delete"}
    assert set(e.deletions) <= ptb_deleted
    assert_clean(driver, html)
