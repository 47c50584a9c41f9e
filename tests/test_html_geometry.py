"""Issue 42, item 4: the drawings of every sentence of the samples, measured in Chromium.

Each report is written from the command line, opened once in one headless Chromium, and
every one of its sentences drawn in turn; the SVG's own geometry (``getBBox`` of every
text, labels and words, and of every label's box) must show no two texts, and no two
boxes, that overlap, nothing outside its drawing, and no page wider than the 1,400 px
window (a long sentence scrolls inside its panel). The samples: the study's test set,
GUM's four documents, the Hebrew sentences and the discontinuous fixtures; the same
layouts are checked without a browser, on more reports, in tests/test_html_layout.py.

Needs the Debian packages ``chromium`` and ``chromium-driver`` (tests/browser_support.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nltk_tedeval.cli import main

from . import browser_support

ROOT = Path(__file__).resolve().parent.parent
STUDY = ROOT / "corpora_samples" / "study"
GUM = ROOT / "corpora_samples" / "gum"
HEBREW = ROOT / "corpora_samples" / "ud" / "hebrew"
DISCO = ROOT / "tests" / "fixtures_disco"

_WHY = browser_support.missing()
if _WHY:
    pytest.skip(_WHY, allow_module_level=True)

SWEEP = """
const more = document.getElementById('more');
while (more && !more.hidden) more.click();
const rows = [...document.querySelectorAll('#sentence-table tbody tr')];
const bad = [];
let drawn = 0, svgs = 0, texts = 0, boxes = 0;
const meet = (a, b) => Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 0.5 &&
                       Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 0.5;
const check = (list, what, n, panel) => {
  const s = list.slice().sort((a, b) => a[0] - b[0]);
  for (let i = 0; i < s.length; i++) {
    for (let j = i + 1; j < s.length && s[j][0] < s[i][2]; j++) {
      if (meet(s[i], s[j])) bad.push([n, panel, what, s[i][4], s[j][4]]);
    }
  }
};
const box = (e) => { const b = e.getBBox(); return [b.x, b.y, b.x + b.width, b.y + b.height]; };
for (const tr of rows) {
  // Enter opens the row as a click does, without moving the focus (and the page).
  tr.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  const n = tr.dataset.n;
  const wide = document.documentElement.scrollWidth;
  if (wide > window.innerWidth) bad.push([n, 'page', 'wider', wide, window.innerWidth]);
  const found = document.querySelectorAll('#sentence svg.tree');
  drawn += found.length > 0;
  for (const svg of found) {
    svgs++;
    const panel = svg.closest('figure').dataset.name;
    const W = +svg.getAttribute('width'), H = +svg.getAttribute('height');
    const t = [...svg.querySelectorAll('text')].map((e) =>
      [...box(e), e.textContent, !!e.closest('g.word')]);
    const r = [...svg.querySelectorAll('rect.box')].map((e) =>
      [...box(e), e.parentNode.querySelector('text').textContent]);
    texts += t.length;
    boxes += r.length;
    for (const b of [...t, ...r]) {
      if (b[0] < -0.5 || b[1] < -0.5 || b[2] > W + 0.5 || b[3] > H + 0.5) {
        bad.push([n, panel, 'outside', b[4], b.slice(0, 4), W, H]);
      }
    }
    check(t, 'texts', n, panel);
    check([...r, ...t.filter((x) => x[5])], 'boxes', n, panel);
  }
}
return { rows: rows.length, drawn, svgs, texts, boxes, bad: bad.slice(0, 20), wrong: bad.length };
"""
"""JavaScript: open every sentence of the open report and measure what it draws."""


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with browser_support.chromium(tmp_path_factory.mktemp("chromium-profile")) as d:
        d.set_script_timeout(900)
        yield d


def joined(tmp_path: Path, suffix: str) -> Path:
    """GUM's four documents in one file."""
    path = tmp_path / f"gum{suffix}"
    text = "".join(p.read_text(encoding="utf-8") for p in sorted(GUM.glob(f"*{suffix}")))
    path.write_text(text, encoding="utf-8")
    return path


def reports(tmp_path: Path) -> dict[str, tuple]:
    ptb, conllu = joined(tmp_path, ".ptb"), joined(tmp_path, ".conllu")
    pcfg, eager = STUDY / "outputs" / "pcfg.ptb", STUDY / "outputs" / "arc-eager.conllu"
    gold_x, parse_x = DISCO / "gum_gold.export", DISCO / "gum_parse.export"
    gold_r, parse_r = DISCO / "random_gold.dbr", DISCO / "random_parse.dbr"
    return {
        # TedEval over constituency trees, categories and functions; arcs; brackets.
        "study score": ("score", STUDY / "test.ptb", pcfg, "--missing", "zero"),
        "study attach": ("attach", STUDY / "test.conllu", eager),
        "study parseval": ("parseval", STUDY / "test.ptb", pcfg),
        # MULTIPLE: both theories' parses, generalized references and native golds.
        "gum cross": ("cross", "-e", f"ptb={ptb},{ptb}", "-e", f"ud={conllu},{conllu}"),
        "gum attach": ("attach", conllu, conllu),
        "gum parseval": ("parseval", ptb, ptb),
        "hebrew attach": ("attach", HEBREW / "gold.conllu", HEBREW / "same.conllu"),
        "hebrew score --align": (
            "score", "--align", "lcs", HEBREW / "gold.conllu", HEBREW / "resegmented.conllu",
        ),
        # Discontinuous trees: ParsEval's brackets with gaps, TedEval's nodes with gaps.
        "disco parseval": ("parseval", "--disco", gold_x, parse_x),
        "disco score": ("score", gold_x, parse_x),
        "disco random": ("parseval", "--disco", gold_r, parse_r),
    }  # fmt: skip


EXPECTED_ROWS = {
    "study score": 605, "study attach": 605, "study parseval": 605, "gum cross": 82,
    "gum attach": 82, "gum parseval": 82, "hebrew attach": 20, "disco parseval": 31,
    "disco score": 31, "disco random": 40,
}  # fmt: skip
"""Sentences of each sample (study: 605 test sentences; GUM: 24 + 25 + 13 + 20; Hebrew: 20;
the GUM export: 31; the random trees: 40), every one a row (the study's missing parses
too, or scored as zero)."""


def test_no_label_of_any_sample_overlaps_another_or_leaves_its_panel(driver, tmp_path) -> None:
    bad = {}
    for name, argv in reports(tmp_path).items():
        html = tmp_path / f"{name.replace(' ', '-')}.html"
        assert main([*map(str, argv), "-f", "html", "-q", "--output", str(html)]) == 0
        browser_support.console_errors(driver)
        browser_support.open_report(driver, html, timeout=120)
        got = driver.execute_script(SWEEP)
        if name in EXPECTED_ROWS:
            assert got["rows"] == EXPECTED_ROWS[name], name
        assert got["drawn"] > 0 and got["texts"] > got["boxes"] > 0, (name, got)
        assert browser_support.console_errors(driver) == [], name
        if got["wrong"]:
            bad[name] = got["bad"]
        if name == "study score":
            labels_of_the_study(driver)
    assert bad == {}


def labels_of_the_study(driver: Any) -> None:
    """Item 3: sentence 20 of the study's PCFG report, "Respondents were allowed to choose
    one response from 11 categories .", draws the gold's subject with its category and its
    function SBJ in bold, and says which part TedEval compares."""
    driver.execute_script(
        "document.querySelector('#sentence-table tbody tr[data-n=\"20\"]')"
        ".dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));"
    )
    reference = "#sentence figure[data-name^='reference'] "
    # The reference is the gold (SINGLE): (ROOT (S (NP-SBJ (NNS Respondents)) (VP ...) (. .))).
    # NP-SBJ and its tag NNS, both over word 0, are one node, whose one function is SBJ;
    # ROOT and S, both over the 11 words, one node without any function; (S (VP (TO to)
    # ...)) over "to ... categories" (words 3-10) one more.
    node = driver.execute_script(
        f"const g = document.querySelector(\"{reference}g.node[data-span='0-1']\");"
        "return [g.dataset.label, g.dataset.shown,"
        " [...g.querySelectorAll('tspan.fn')].map(t => t.textContent),"
        " getComputedStyle(g.querySelector('tspan.fn')).fontWeight];"
    )
    assert node == ["SBJ", "NP-SBJ+NNS", ["SBJ"], "700"]
    shown = driver.execute_script(
        f"return ['0-11', '3-10'].map(s => [s, document.querySelector("
        f"`{reference}g.node[data-span='${{s}}']`)].map(x => typeof x === 'string' ? x :"
        " [x.dataset.label, x.dataset.shown]))"
    )
    assert shown == [["0-11", ["_", "ROOT+S"]], ["3-10", ["_", "S+VP"]]]
    note = driver.execute_script(
        "return [...document.querySelectorAll('#sentence .labels-note')].map(p => p.textContent)"
    )
    assert len(note) == 1 and note[0].startswith("node labels: category-function")
    assert "TedEval compares the function, in bold (SBJ)" in note[0]
