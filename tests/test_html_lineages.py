"""Leaf-Ancestor in the HTML report (issue 44): every word's gold and parse lineages, their
alignment, its distance and its score, and the sentence's LA beside, as the run computed
them.

"He left" is worked by hand (its lineages are those of tests/test_leaf_ancestor.py); on
disco-dop's GUM sample (tests/fixtures_disco/gum_gold.dbr against gum_parse.dbr) every
drawn alignment replays the gold lineage into the parse's at the distance drawn, and the
scores add up to the run's per-sentence statistics (``--per-sentence``); then the page,
in headless Chromium, shows for every word the lineages and the score the package
computed (one JavaScript call for the whole report). The browser part skips without
Chromium (tests/browser_support.py).
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from nltk_tedeval.cli import main
from nltk_tedeval.cli.html.render import SentenceEncoder
from nltk_tedeval.metrics.disco_parseval import DiscoParsevalEvaluator
from nltk_tedeval.metrics.leaf_ancestor import SCALE, lineage_distance, word_lineages
from nltk_tedeval.reading import read_file

from . import browser_support
from .test_html_views import views
from .test_leaf_ancestor import TWO_GOLD, TWO_PARSE, replay

ROOT = Path(__file__).resolve().parent.parent
DISCO = ROOT / "tests" / "fixtures_disco"
GUM = (DISCO / "gum_gold.dbr", DISCO / "gum_parse.dbr")


def billionths(x: Fraction) -> int:
    """A fraction in billionths, rounded half up (as the statistics keep it)."""
    return int((2 * SCALE * x.numerator + x.denominator) // (2 * x.denominator))


def four(b: int) -> str:
    """Billionths with 4 decimals, rounded half up, worked in integers."""
    q = (b + 50_000) // 100_000
    return f"{q // 10_000}.{q % 10_000:04d}"


def per_sentence(tmp_path: Path, *argv: object) -> dict[str, dict[str, str]]:
    tsv = tmp_path / "rows.tsv"
    assert main([*map(str, argv), "-q", "--per-sentence", str(tsv)]) == 0
    with open(tsv, encoding="utf-8", newline="") as handle:
        return {row["sentence"]: row for row in csv.DictReader(handle, delimiter="\t")}


@pytest.fixture
def two(tmp_path: Path) -> tuple[Path, Path]:
    gold, parse = tmp_path / "gold.dbr", tmp_path / "parse.dbr"
    gold.write_text(TWO_GOLD + "\n", encoding="utf-8")
    parse.write_text(TWO_PARSE + "\n", encoding="utf-8")
    return gold, parse


def test_he_left_by_hand(monkeypatch, two) -> None:
    # He:   gold NP ) ( S, parse ( VP: delete NP and ), keep (, S -> VP: d = 3, 1 - 3/6
    # left: gold ( VP S ), parse VP ): delete ( and S, keep VP and ): d = 2, 1 - 2/6
    # The sentence: (1/2 + 2/3) / 2 = 7/12.
    (view,) = views(monkeypatch, "parseval", *two, "--la")
    assert view["lineages"] == [
        [
            "parse",
            billionths(Fraction(7, 12)),
            [
                [0, ["NP", ")", "(", "S"], ["(", "VP"], "dd=s", 3, billionths(Fraction(1, 2))],
                [1, ["(", "VP", "S", ")"], ["VP", ")"], "d=d=", 2, billionths(Fraction(2, 3))],
            ],
        ]
    ]
    # Encoded: the 13th element of the row, labels interned; TedEval's modes absent (0).
    encoder = SentenceEncoder()
    row = encoder.encode(view)
    assert row[9:12] == [[], [], 0]
    (system, score, words), = row[12]  # fmt: skip
    label = encoder.strings.__getitem__
    assert (label(system), score) == ("parse", 583_333_333)
    assert [[label(x) for x in words[0][1]], [label(x) for x in words[0][2]]] == [
        ["NP", ")", "(", "S"], ["(", "VP"]]  # fmt: skip
    # An equal parse lineage is written 0: the gold's.
    same = {**view, "lineages": [["parse", SCALE, [[0, ["S"], ["S"], "=", 0, SCALE]]]]}
    assert SentenceEncoder().encode(same)[12][0][2][0][2] == 0


def test_a_sentence_without_a_word_to_compare_is_na(monkeypatch, tmp_path, two) -> None:
    # A full stop alone: proper.prm deletes it, no word is left (SPEC.md §7: N/A).
    for path, text in zip(two, (TWO_GOLD, TWO_PARSE), strict=True):
        path.write_text(f"{text}\n(ROOT ($. 0=.))\n", encoding="utf-8")
    first, second = views(monkeypatch, "parseval", *two, "--la")
    assert second["lineages"] == [["parse", None, []]]
    assert second["systems"]["parse"]["scores"]["LA"] is None
    assert first["lineages"][0][1] == billionths(Fraction(7, 12))


def test_no_lineages_without_la(monkeypatch, two) -> None:
    (view,) = views(monkeypatch, "parseval", *two, "--disco")
    assert "lineages" not in view
    assert len(SentenceEncoder().encode(view)) == 9


def test_every_drawn_alignment_is_the_distance_and_the_scores_the_runs(
    monkeypatch, tmp_path
) -> None:
    got = views(monkeypatch, "parseval", *GUM, "--la")
    rows = per_sentence(tmp_path, "parseval", *GUM, "--la")
    assert len(got) == len(rows) == 31
    words_seen = 0
    for view in got:
        row = rows[str(view["n"])]
        ((system, score, words),) = view["lineages"]
        assert system == "gum_parse"
        assert score == int(row["la_score"])
        assert len(words) == int(row["la_words"])
        assert sum(w[5] for w in words) == int(row["la_word_score"])
        assert sum(w[4] == 0 for w in words) == int(row["la_exact"])
        for position, gold, parse, steps, d, s in words:
            assert replay(steps, gold, parse) == d == lineage_distance(gold, parse)
            n = len(gold) + len(parse)
            assert s == (SCALE if n == 0 else billionths(1 - Fraction(d, n)))
            assert 0 <= position < len(view["words"])
            words_seen += 1
        # The positions are the words the transform kept, in order: the punctuation proper.prm
        # deletes is all that is left out.
        positions = [w[0] for w in words]
        assert positions == sorted(set(positions))
    assert words_seen == sum(int(r["la_words"]) for r in rows.values())


# --- in the browser ------------------------------------------------------------------


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    why = browser_support.missing()
    if why:
        pytest.skip(why)
    with browser_support.chromium(tmp_path_factory.mktemp("chromium-profile")) as d:
        yield d


SWEEP = """
const more = document.getElementById('more');
while (more && !more.hidden) more.click();
const detail = document.getElementById('sentence');
const out = {};
const deco = (td) => getComputedStyle(td).textDecorationLine;
for (const tr of document.querySelectorAll('#sentence-table tbody tr')) {
  tr.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  out[tr.dataset.n] = [...detail.querySelectorAll('section.lineages')].map((sec) => ({
    system: sec.dataset.system,
    score: sec.dataset.score,
    numbers: sec.querySelector('p.la-numbers').textContent,
    deleted: (sec.querySelector('p.la-deleted') || { textContent: '' }).textContent,
    words: [...sec.querySelectorAll('tr.la-word')].map((row) => {
      const cells = (side) => [...row.querySelectorAll(`tr.${side} td.step`)];
      const shown = (side) => cells(side).filter((td) => !td.classList.contains('gap'))
        .map((td) => td.textContent);
      return {
        number: row.children[0].textContent,
        word: row.querySelector('td.la-word-text').textContent,
        gold: shown('gold'), parse: shown('parse'),
        ops: cells('gold').map((td) => td.dataset.op).join(''),
        gold_deco: cells('gold').map(deco), parse_deco: cells('parse').map(deco),
        gaps: [cells('gold'), cells('parse')].map((c) =>
          c.filter((td) => td.classList.contains('gap')).length),
        // Every label and the word isolated (<bdi>), the word with its own direction.
        isolated: [...cells('gold'), ...cells('parse')].every((td) =>
          td.classList.contains('gap') || td.firstElementChild.tagName === 'BDI') &&
          row.querySelector('td.la-word-text bdi[dir="auto"]') !== null,
        d: row.querySelector('td.la-d').textContent,
        score: row.querySelector('td.la-score').textContent,
        billionths: row.dataset.score,
      };
    }),
  }));
}
return out;
"""
"""JavaScript: every sentence opened, and what its Leaf-Ancestor sections show."""


def test_the_page_shows_every_words_lineages_and_score(driver, tmp_path) -> None:
    html = tmp_path / "report.html"
    assert main(["parseval", *map(str, GUM), "--la", "-f", "html", "-q", "-o", str(html)]) == 0
    rows = per_sentence(tmp_path, "parseval", *GUM, "--la")
    browser_support.network_requests(driver)
    browser_support.console_errors(driver)
    browser_support.open_report(driver, html)
    page = driver.execute_script(SWEEP)
    assert browser_support.console_errors(driver) == []
    assert browser_support.network_requests(driver) == [html.resolve().as_uri()]
    # What the package computes, from the trees as read: the evaluator's own view of each
    # sentence (not the report's data).
    golds = [r.tree for r in read_file(GUM[0])]
    parses = [r.tree for r in read_file(GUM[1])]
    ev = DiscoParsevalEvaluator(parses, golds, extra_measures="LA")
    assert sorted(page, key=int) == sorted(rows, key=int)
    for k, (gold, parse) in enumerate(zip(golds, parses, strict=True), 1):
        (section,) = page[str(k)]
        row = rows[str(k)]
        words = word_lineages(ev.sentence_view(parse, gold))
        assert section["system"] == "gum_parse"
        assert section["score"] == row["la_score"]
        assert section["numbers"].startswith(f"LA = {four(int(row['la_score']))}, the mean ")
        assert f"its {len(words)} compared words" in section["numbers"]
        shown = section["words"]
        assert len(shown) == len(words) == int(row["la_words"])
        tokens = list(gold.words) if hasattr(gold, "words") else gold.leaves()
        for w, s in zip(words, shown, strict=True):
            assert s["number"] == str(w.position + 1) and s["word"] == tokens[w.position]
            assert s["gold"] == list(w.gold) and s["parse"] == list(w.parse)
            assert s["ops"] == w.alignment
            # A deleted gold label is struck, an inserted parse label underlined, a
            # substituted pair both, a kept one plain; a gap where a side has no label.
            for op, g, p in zip(w.alignment, s["gold_deco"], s["parse_deco"], strict=True):
                assert ("line-through" in g) == (op in "ds"), (k, w, op, g)
                assert ("underline" in p) == (op in "is"), (k, w, op, p)
            assert s["gaps"] == [w.alignment.count("i"), w.alignment.count("d")]
            assert s["isolated"]
            assert s["d"] == str(w.distance) and s["billionths"] == str(w.score)
            n = len(w.gold) + len(w.parse)
            assert s["score"] == (
                "1 (equal)" if w.distance == 0 else f"1 \u2212 {w.distance}/{n} = {four(w.score)}"
            )
        # The words the parameter file deletes are named, with their numbers.
        left = [i for i in range(len(tokens)) if i not in {w.position for w in words}]
        for i in left:
            assert f"\u201c{tokens[i]}\u201d ({i + 1})" in section["deleted"]
        assert bool(section["deleted"]) == bool(left)
    # In print: the open sentence's lineages stay, in grey, their marks still struck and
    # underlined (the shapes, not the colours, tell the steps apart).
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        printed = driver.execute_script(
            "const sec = document.querySelector('#sentence section.lineages');"
            "const cs = (sel) => getComputedStyle(sec.querySelector(sel));"
            "return [getComputedStyle(sec).display, getComputedStyle(sec).filter,"
            " sec.getBoundingClientRect().height > 0,"
            " cs('tr.gold td.step-s, tr.gold td.step-d:not(.gap)').textDecorationLine,"
            " cs('tr.parse td.step-s, tr.parse td.step-i:not(.gap)').textDecorationLine];"
        )
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert printed == ["block", "grayscale(1)", True, "line-through", "underline"]


def test_the_page_says_na_for_a_sentence_without_a_word(driver, tmp_path, two) -> None:
    for path, text in zip(two, (TWO_GOLD, TWO_PARSE), strict=True):
        path.write_text(f"{text}\n(ROOT ($. 0=.))\n", encoding="utf-8")
    html = tmp_path / "na.html"
    assert main(["parseval", *map(str, two), "--la", "-f", "html", "-q", "-o", str(html)]) == 0
    browser_support.open_report(driver, html)
    page = driver.execute_script(SWEEP)
    (na,) = page["2"]
    assert (na["score"], na["words"]) == ("", [])
    assert na["numbers"].startswith("LA n/a: no word to compare")
    (he,) = page["1"]
    assert [(w["gold"], w["parse"], w["ops"], w["score"]) for w in he["words"]] == [
        (["NP", ")", "(", "S"], ["(", "VP"], "dd=s", "1 \u2212 3/6 = 0.5000"),
        (["(", "VP", "S", ")"], ["VP", ")"], "d=d=", "1 \u2212 2/6 = 0.6667"),
    ]
    assert he["numbers"].startswith("LA = 0.5833, the mean of the scores of its 2 compared")
