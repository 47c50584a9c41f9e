"""The HTML report in headless Chromium: nothing fetched, no console error; table and trees work.

Needs the Debian packages ``chromium`` and ``chromium-driver`` (see
tests/browser_support.py); without them this module is skipped with one line.
"""

from __future__ import annotations

import struct
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nltk_tedeval.cli.html import write_html

from . import browser_support
from . import html_inputs as inputs

_WHY = browser_support.missing()
if _WHY:
    pytest.skip(_WHY, allow_module_level=True)

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with browser_support.chromium(tmp_path_factory.mktemp("chromium-profile")) as d:
        yield d


def open_page(driver: Any, tmp_path: Path, report: dict, sentences: list, **kw: Any) -> Path:
    path = tmp_path / "report.html"
    with open(path, "w", encoding="utf-8") as out:
        write_html(report, sentences, out, **kw)
    browser_support.network_requests(driver)  # forget what came before
    browser_support.console_errors(driver)
    browser_support.open_report(driver, path)
    return path


def assert_clean(driver: Any, path: Path) -> None:
    """No console error, and the only request was the page's own file: URL."""
    assert browser_support.console_errors(driver) == []
    requests = browser_support.network_requests(driver)
    assert requests == [path.resolve().as_uri()], requests


def wait(driver: Any, script: str, timeout: float = 10.0) -> Any:
    end = time.monotonic() + timeout
    while True:
        value = driver.execute_script(script)
        if value or time.monotonic() > end:
            return value
        time.sleep(0.03)


SHOWN = "[...document.querySelectorAll('#sentence-table tbody tr')].map(r => r.dataset.n)"
"""JavaScript: the sentence numbers of the rows in the table, in order."""


def body_rows(driver: Any) -> list[Any]:
    return driver.find_elements(By.CSS_SELECTOR, "#sentence-table tbody tr")


def column(driver: Any, title: str, sub: str = "") -> int:
    """The index of the sentence table's column headed ``title`` (of system ``sub``)."""
    return driver.execute_script(
        "const [t, s] = arguments;"
        "return [...document.querySelectorAll('#sentence-table thead th')].findIndex(th =>"
        " th.querySelector('button').firstChild.textContent === t &&"
        " (!s || (th.querySelector('small') || {}).textContent === s));",
        title,
        sub,
    )


def cells(driver: Any, index: int) -> list[str]:
    return driver.execute_script(
        "return [...document.querySelectorAll('#sentence-table tbody tr')]"
        ".map(tr => tr.children[arguments[0]].textContent);",
        index,
    )


def sort(driver: Any, index: int) -> None:
    driver.find_elements(By.CSS_SELECTOR, "#sentence-table thead th button")[index].click()


def open_row(driver: Any, n: int) -> None:
    driver.find_element(By.CSS_SELECTOR, f'#sentence-table tbody tr[data-n="{n}"]').click()
    assert wait(driver, f"return document.getElementById('sentence').dataset.n === '{n}'")


def png_is_not_blank(png: bytes) -> bool:
    """More than a handful of distinct byte values in the image data: not one flat colour.

    A one-colour screenshot decompresses to rows of one filter byte and the same 3 or 4
    values (or zeros, with the Sub/Up filters); a page with text and lines has hundreds.
    """
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    data, pos = b"", 8
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        kind = png[pos + 4 : pos + 8]
        if kind == b"IDAT":
            data += png[pos + 8 : pos + 8 + length]
        pos += 12 + length
    return len(set(zlib.decompress(data))) > 32


def panel_items(driver: Any, panel: str, selector: str, attr: str = "data-label") -> list[str]:
    return driver.execute_script(
        "const [p, sel, a] = arguments;"
        'const fig = document.querySelector(`#sentence figure[data-name="${p}"]`);'
        "return [...fig.querySelectorAll(sel)].map(e => e.getAttribute(a));",
        panel,
        selector,
        attr,
    )


def listed_ops(driver: Any) -> list[list[Any]]:
    return driver.execute_script(
        "return [...document.querySelectorAll('#sentence ol.ops li')].map(li =>"
        " [li.dataset.kind, li.dataset.label, +li.dataset.start, +li.dataset.end,"
        "  li.dataset.text]);"
    )


# --- TedEval: three sentences ---------------------------------------------------------


def test_tedeval_report(driver: Any, tmp_path: Path) -> None:
    path = open_page(
        driver,
        tmp_path,
        inputs.tedeval_report(),
        inputs.tedeval_sentences(),
        text=inputs.TEDEVAL_TEXT,
    )
    # As many rows as the report scored sentences (3), all shown.
    assert len(body_rows(driver)) == inputs.tedeval_report()["counts"]["scored"] == 3
    assert driver.find_element(By.ID, "sentence-table").get_attribute("data-total") == "3"
    assert "showing 3 of 3" in driver.find_element(By.ID, "status").text

    # Sort by labeled: one click is worst first, ascending; n/a (sentence 3) last.
    labeled = column(driver, "labeled", "A")
    sort(driver, labeled)
    assert cells(driver, labeled) == ["0.2500", "0.8571", "n/a"]
    sort(driver, labeled)
    assert cells(driver, labeled) == ["0.8571", "0.2500", "n/a"]
    # δ numerically: 10 > 2 > 0 (as strings "2" would beat "10"); most first on one click.
    delta = column(driver, "δ", "A")
    sort(driver, delta)
    assert cells(driver, delta) == ["10", "2", "0"]

    # Filter by words, then by length (3 words: sentences 2 and 3).
    box = driver.find_element(By.ID, "filter-text")
    box.send_keys("sunday")
    assert wait(driver, "return shownRows().join() === '1'".replace("shownRows()", SHOWN))
    box.send_keys(Keys.CONTROL, "a", Keys.DELETE)
    box.send_keys("s-dogs")  # ids are searched too
    assert wait(driver, "return shownRows().join() === '2'".replace("shownRows()", SHOWN))
    box.send_keys(Keys.CONTROL, "a", Keys.DELETE)
    driver.find_element(By.ID, "len-max").send_keys("3")
    assert wait(driver, "return document.querySelectorAll('#sentence-table tbody tr').length === 2")
    assert sorted(r.get_attribute("data-n") for r in body_rows(driver)) == ["2", "3"]
    driver.find_element(By.ID, "len-max").send_keys(Keys.BACKSPACE)
    assert wait(driver, "return document.querySelectorAll('#sentence-table tbody tr').length === 3")

    # Sentence 1: three panels of 7, 7 and 7 nodes; the parse's marked item is nmod
    # (delete), the reference's obl (add); the ops are the hand-written ones.
    open_row(driver, 1)
    names = driver.execute_script(
        "return [...document.querySelectorAll('#sentence figure')].map(f => f.dataset.name)"
    )
    assert names == ["gold", "A", "reference"]
    for name in names:
        labels = [n[0] for n in (inputs.PARSE_NODES if name == "A" else inputs.GOLD_NODES)]
        assert panel_items(driver, name, "g.node") == labels
        assert len(panel_items(driver, name, "svg text")) == 7 + 5  # labels and words
    assert panel_items(driver, "A", "g.node")[4] == "nmod"
    assert panel_items(driver, "A", "g.mark") == ["nmod"]
    assert panel_items(driver, "A", "g.mark", "data-mark") == ["delete"]
    assert panel_items(driver, "reference", "g.mark") == ["obl"]
    assert panel_items(driver, "reference", "g.mark", "data-mark") == ["add"]
    assert panel_items(driver, "gold", "g.mark") == []
    assert listed_ops(driver) == inputs.OPS_1
    # The delete mark is a dashed box with a strike; the add mark a solid box, underlined.
    dash = driver.execute_script(
        "return getComputedStyle(document.querySelector('#sentence g.mark-delete rect.box'))"
        ".strokeDasharray"
    )
    assert dash not in ("", "none")
    assert driver.find_elements(By.CSS_SELECTOR, "#sentence g.mark-delete line.strike")
    assert driver.find_elements(By.CSS_SELECTOR, "#sentence g.mark-add line.underline")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#sentence .legend .legend-item")) == 4

    # Sentence 2: a relabel on the parse and a free deletion on the gold.
    open_row(driver, 2)
    assert panel_items(driver, "A", "g.mark", "data-mark") == ["relabel"]
    assert panel_items(driver, "gold", "g.mark", "data-mark") == ["free-delete"]
    assert [op[:2] for op in listed_ops(driver)] == [["relabel", "obl"], ["free-delete", "dep"]]

    # The text report is there, verbatim.
    pre = driver.execute_script("return document.querySelector('#text-report pre').textContent")
    assert pre == inputs.TEDEVAL_TEXT
    assert png_is_not_blank(driver.get_screenshot_as_png())
    assert_clean(driver, path)


def test_keyboard_navigation(driver: Any, tmp_path: Path) -> None:
    path = open_page(driver, tmp_path, inputs.tedeval_report(), inputs.tedeval_sentences())
    first = body_rows(driver)[0]
    assert first.get_attribute("tabindex") == "0"  # the table is one tab stop
    first.send_keys(Keys.ARROW_DOWN)
    active = driver.switch_to.active_element
    assert active.get_attribute("data-n") == "2"
    outline = driver.execute_script("return getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # focus is visible
    active.send_keys(Keys.ENTER)
    assert wait(driver, "return document.getElementById('sentence').dataset.n === '2'")
    active.send_keys(Keys.ARROW_DOWN)
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    assert wait(driver, "return document.getElementById('sentence').dataset.n === '3'")
    driver.switch_to.active_element.send_keys(Keys.HOME)
    assert driver.switch_to.active_element.get_attribute("data-n") == "1"
    assert_clean(driver, path)


# --- attachment, alignment, discontinuity ---------------------------------------------


def test_attachment_arcs(driver: Any, tmp_path: Path) -> None:
    path = open_page(driver, tmp_path, inputs.attachment_report(), inputs.attachment_sentences())
    assert len(body_rows(driver)) == 1
    # LAS 2/3 shown with 4 decimals.
    assert cells(driver, column(driver, "LAS", "eager")) == ["0.6667"]
    open_row(driver, 1)
    assert panel_items(driver, "gold", "g.arc") == ["det", "nsubj", "root"]
    # The parse's arcs: "cat" (word 2) now hangs from word 1, as the input says.
    assert panel_items(driver, "eager", "g.arc", "data-head") == ["2", "1", "0"]
    assert panel_items(driver, "eager", "g.mark", "data-dep") == ["2"]
    assert panel_items(driver, "eager", "g.mark", "data-mark") == ["delete"]
    assert len(panel_items(driver, "eager", "g.word")) == 3
    assert png_is_not_blank(driver.get_screenshot_as_png())
    assert_clean(driver, path)


def test_aligned_unit(driver: Any, tmp_path: Path) -> None:
    path = open_page(driver, tmp_path, inputs.attachment_report(), inputs.aligned_sentences())
    open_row(driver, 1)
    text = driver.find_element(By.CSS_SELECTOR, "#sentence .align").text
    assert "gold sentences 3, 4; parse sentences 3" in text
    marked = driver.execute_script(
        "return ['gold-words', 'parse-words'].map(c => [...document.querySelectorAll("
        "`#sentence .${c} mark.unmatched`)].map(m => m.textContent))"
    )
    assert marked == [["New", "York"], ["NewYork"]]
    # Each panel draws its own words, the unmatched ones underlined in the drawing too.
    assert len(panel_items(driver, "gold", "g.word")) == 4
    assert len(panel_items(driver, "p", "g.word")) == 3
    assert panel_items(driver, "gold", "g.word.unmatched", "data-i") == ["0", "1"]
    assert panel_items(driver, "p", "g.word.unmatched", "data-i") == ["0"]
    assert_clean(driver, path)


def segments_cross(a: list[float], b: list[float]) -> bool:
    """Whether two segments (x1, y1, x2, y2) cross at a point inside both."""

    def side(p: list[float], q: list[float], r: list[float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    p1, p2, q1, q2 = a[:2], a[2:], b[:2], b[2:]
    return side(p1, p2, q1) * side(p1, p2, q2) < 0 and side(q1, q2, p1) * side(q1, q2, p2) < 0


def test_discontinuous_tree_draws_crossing_branches(driver: Any, tmp_path: Path) -> None:
    path = open_page(driver, tmp_path, inputs.attachment_report(), inputs.discontinuous_sentences())
    open_row(driver, 1)
    assert panel_items(driver, "gold", "g.node") == ["S", "NP", "VP", "RC"]
    assert panel_items(driver, "gold", "g.node.gap") == ["NP"]
    lines = driver.execute_script(
        "return [...document.querySelectorAll('#sentence line.edge')].map(l =>"
        " ['x1', 'y1', 'x2', 'y2'].map(k => +l.getAttribute(k)))"
    )
    # S→NP, S→VP, NP→RC, NP→"A", NP→"man", VP→"arrived", RC→3 words: 9 lines.
    assert len(lines) == 9
    assert any(segments_cross(a, b) for i, a in enumerate(lines) for b in lines[i + 1 :])
    assert_clean(driver, path)


# --- 20,000 sentences -----------------------------------------------------------------


def test_twenty_thousand_sentences(driver: Any, tmp_path: Path) -> None:
    bench = inputs.benchmark()
    sentences = bench.synthetic_sentences(20000)
    report = bench.synthetic_report(sentences)
    path = tmp_path / "big.html"
    with open(path, "w", encoding="utf-8") as out:
        write_html(report, sentences, out)
    browser_support.network_requests(driver)
    browser_support.console_errors(driver)
    seconds = browser_support.open_report(driver, path, timeout=120)
    print(f"\n20,000 sentences: {path.stat().st_size / 1e6:.1f} MB, open {seconds:.2f} s")
    table = driver.find_element(By.ID, "sentence-table")
    assert table.get_attribute("data-total") == str(report["counts"]["scored"]) == "20000"
    assert len(body_rows(driver)) == 200  # paged: 200 rows in the DOM
    driver.find_element(By.ID, "more").click()
    assert len(body_rows(driver)) == 400
    # Worst LAS of parser A first: the minimum over all 20,000 (not only the shown rows).
    las = column(driver, "LAS", "parser A")
    sort(driver, las)
    worst = min(s["systems"]["parser A"]["scores"]["LAS"] for s in sentences)
    assert float(cells(driver, las)[0]) == pytest.approx(worst, abs=5e-5)
    # Length 5 to 6: as many matching as the generator made.
    driver.find_element(By.ID, "len-min").send_keys("5")
    driver.find_element(By.ID, "len-max").send_keys("6")
    expected = sum(5 <= len(s["words"]) <= 6 for s in sentences)
    matching = "return document.getElementById('sentence-table').dataset.matching"
    assert wait(driver, f"{matching} === '{expected}'")
    first = body_rows(driver)[0]
    n = int(first.get_attribute("data-n"))
    first.click()
    assert wait(driver, f"return document.getElementById('sentence').dataset.n === '{n}'")
    sentence = sentences[n - 1]
    assert len(panel_items(driver, "parser B", "g.arc")) == len(sentence["words"])
    marks = [m[1] for m in sentence["trees"][2]["marks"]]
    assert panel_items(driver, "parser B", "g.mark") == marks
    assert png_is_not_blank(driver.get_screenshot_as_png())
    assert_clean(driver, path)


def test_the_recorders_see_requests_and_errors(driver: Any, tmp_path: Path) -> None:
    # Without this control, "no request, no error" above could pass because nothing is
    # recorded: a page that loads an image from a closed local port and logs an error.
    page = tmp_path / "bad.html"
    page.write_text(
        '<!DOCTYPE html><body data-ready="1"><img src="http://127.0.0.1:9/x.png">'
        '<script>console.error("boom")</script></body>',
        encoding="utf-8",
    )
    browser_support.network_requests(driver)
    browser_support.console_errors(driver)
    browser_support.open_report(driver, page)
    time.sleep(0.5)
    assert "http://127.0.0.1:9/x.png" in browser_support.network_requests(driver)
    assert any("boom" in e for e in browser_support.console_errors(driver))


HEBREW = ["הילד", "אכל", "2", "תפוחים"]  # "the boy ate 2 apples", a digit among the words


def hebrew_sentences() -> list[dict[str, Any]]:
    sentences = inputs.attachment_sentences()
    s = sentences[0]
    s["words"] = HEBREW
    s["trees"] = [
        {"name": "gold", "arcs": [[2, 1, "nsubj"], [0, 2, "root"], [4, 3, "nummod"],
                                  [2, 4, "obj"]]},
        {"name": "eager", "arcs": [[2, 1, "nsubj"], [0, 2, "root"], [2, 3, "obj"],
                                   [2, 4, "obj"]],
         "marks": [["delete", "obj", 2, 3], ["delete", "nmod:poss", 7, 8]]},
    ]  # fmt: skip
    s["ops"] = [["delete", "nummod", 2, 3, 0]]
    return sentences


def word_xs(driver: Any, panel: str) -> list[float]:
    return driver.execute_script(
        "return [...document.querySelectorAll("
        f"`#sentence figure[data-name='{panel}'] g.word text`)]"
        ".map(t => Number(t.getAttribute('x')))"
    )


def test_a_right_to_left_sentence_is_drawn_right_to_left(driver: Any, tmp_path: Path) -> None:
    path = open_page(driver, tmp_path, inputs.attachment_report(), hebrew_sentences())
    open_row(driver, 1)
    for panel in ("gold", "eager"):
        xs = word_xs(driver, panel)
        # The first word is the rightmost, and each next one lies to its left.
        assert len(xs) == 4 and xs == sorted(xs, reverse=True), xs
        assert driver.execute_script(
            f"return document.querySelector(`#sentence figure[data-name='{panel}'] svg`)"
            ".dataset.dir"
        ) == "rtl"
    # The arcs still join the same words: the gold's obj arc from word 2 to word 4 spans
    # from the second word's x to the fourth's.
    assert panel_items(driver, "gold", "g.arc", "data-head") == ["2", "0", "4", "2"]
    line = driver.execute_script(
        "const p = document.querySelector('#sentence p.words-line');"
        "return [p.dir, [...p.querySelectorAll('bdi')].map(b => b.textContent)]"
    )
    assert line == ["rtl", HEBREW]
    # A mark the tree cannot place, and each edit-script item, isolate their label and text.
    unplaced = driver.execute_script(
        "return [...document.querySelectorAll('#sentence ul.unplaced li bdi')]"
        ".map(b => b.textContent)"
    )
    assert unplaced == ["nmod:poss"]
    item = driver.execute_script(
        "const li = document.querySelector('#sentence ol.ops li');"
        "return [li.textContent, [...li.querySelectorAll('bdi')].map(b => b.textContent)]"
    )
    assert item[1] == ["nummod", "2"]
    assert item[0].endswith("nummod 2\u20133 \u201c2\u201d")
    assert_clean(driver, path)


def test_a_left_to_right_sentence_stays_left_to_right(driver: Any, tmp_path: Path) -> None:
    open_page(driver, tmp_path, inputs.attachment_report(), inputs.attachment_sentences())
    open_row(driver, 1)
    xs = word_xs(driver, "gold")
    assert len(xs) == 3 and xs == sorted(xs)
    assert driver.execute_script(
        "return document.querySelector('#sentence p.words-line').dir"
    ) == "ltr"


def test_panels_are_named_for_what_they_are(driver: Any, tmp_path: Path) -> None:
    """Issue 42 item 5: "gold", "parse: NAME", and the reference named for what it is;
    an edit script under each system's name; one "Sentences" heading."""
    from nltk_tedeval.cli import main

    spec = Path(__file__).resolve().parent.parent / "corpora_samples" / "spec"
    path = tmp_path / "multiple.html"
    gold1, gold2 = spec / "arrive_gold1.conll", spec / "arrive_gold2.conll"
    status = main([
        "score", str(gold1), f"p={spec / 'arrive_parse.conll'}", f"q={gold2}",
        "--other-gold", str(gold2), "-f", "html", "-o", str(path),
    ])  # fmt: skip
    assert status == 0
    browser_support.open_report(driver, path)
    open_row(driver, 1)
    captions = driver.execute_script(
        "return [...document.querySelectorAll('#sentence figure figcaption')]"
        ".map(c => c.textContent)"
    )
    reference = "reference: generalized gold (arrive_gold1.conll ⊓ arrive_gold2.conll)"
    assert captions[:3] == ["parse: p", reference, "gold"]
    assert "parse: q" in captions
    headings = driver.execute_script(
        "return [...document.querySelectorAll('#sentence h4')].map(h => h.textContent)"
    )
    # p loses prep over "on" (charged) and pobj over "Sunday" (free); q is gold2 itself,
    # which gold1's generalization charges too: both have scripts.
    assert headings == ["edit script: p", "edit script: q"]
    h2 = driver.execute_script(
        "return [...document.querySelectorAll('h2')].map(h => h.textContent)"
    )
    assert h2.count("Sentences") == 1 and "Counts" in h2


def test_a_panel_saves_as_a_standalone_svg_and_prints_in_grey(
    driver: Any, tmp_path: Path
) -> None:
    """Issue 42 item 7: one sentence to a slide (a panel's own SVG file, its styles on
    its elements) and to a printed page (grey, the save buttons left out)."""
    import xml.etree.ElementTree as ET

    path = open_page(driver, tmp_path, inputs.attachment_report(), inputs.attachment_sentences())
    open_row(driver, 1)
    driver.execute_script(
        "window.__saved = []; const made = URL.createObjectURL.bind(URL);"
        "URL.createObjectURL = (blob) => { window.__saved.push(blob); return made(blob); };"
        "document.querySelector(\"#sentence figure[data-name='eager'] button.save-svg\").click();"
    )
    text = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.__saved[0].text().then(done);"
    )
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg')
    svg = ET.fromstring(text)
    ns = "{http://www.w3.org/2000/svg}"
    assert svg.tag == f"{ns}svg"
    # A white ground, the three words, and the arc marked deleted drawn dashed on its own.
    assert svg[0].tag == f"{ns}rect" and svg[0].get("fill") == "#fff"
    words = [t.text for g in svg.iter(f"{ns}g") if (g.get("class") or "").split()[:1] == ["word"]
             for t in g.iter(f"{ns}text")]  # fmt: skip
    assert words == inputs.CAT
    marked = [g for g in svg.iter(f"{ns}g") if g.get("data-mark") == "delete"]
    assert marked and "stroke-dasharray:5" in marked[0].find(f"{ns}path").get("style").replace(
        "px", ""
    )
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        printed = driver.execute_script(
            "return [getComputedStyle(document.querySelector('#sentence svg.tree')).filter,"
            " getComputedStyle(document.querySelector('#sentence button.save-svg')).display]"
        )
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert printed == ["grayscale(1)", "none"]
    assert_clean(driver, path)


def test_an_answer_without_a_tree_shows_its_text_and_the_gold(
    driver: Any, tmp_path: Path
) -> None:
    """Issue 42 item 6: an invalid or unfaithful answer, opened, shows what it said, its
    class and reason, what changed in its words, and the gold tree to read it against
    (the four answers of tests/test_answers_reports.py)."""
    import json
    import warnings

    from nltk_tedeval.cli import main

    from .test_answers_reports import ANSWERS, CHANGED, GOLD, UNBALANCED

    gold, llm, page = tmp_path / "gold.ptb", tmp_path / "llm.jsonl", tmp_path / "r.html"
    gold.write_text("\n".join(GOLD) + "\n", encoding="utf-8")
    llm.write_text("".join(json.dumps(a) + "\n" for a in ANSWERS), encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert main(["score", str(gold), str(llm), "--missing", "zero", "-f", "html",
                     "-o", str(page), "-q"]) == 0  # fmt: skip
    browser_support.open_report(driver, page)
    shown = "return [...document.querySelectorAll('#sentence .answer')].map(a => [" \
        "a.dataset.system, a.querySelector('h4').textContent, " \
        "a.querySelector('.reason').textContent, " \
        "(a.querySelector('.changes') || {}).textContent || null, " \
        "a.querySelector('pre').textContent])"  # fmt: skip
    captions = "return [...document.querySelectorAll('#sentence figcaption')]" \
        ".map(c => c.textContent)"  # fmt: skip
    open_row(driver, 2)  # the unbalanced tree: invalid
    assert driver.execute_script(shown) == [
        ["llm", "answer of llm: invalid", UNBALANCED, None, ANSWERS[1]]
    ]
    assert driver.execute_script(captions) == ["gold"]
    open_row(driver, 3)  # a changed word: unfaithful
    assert driver.execute_script(shown) == [[
        "llm", "answer of llm: unfaithful", CHANGED, "in its words: changed",
        ANSWERS[2]["answer"],
    ]]  # fmt: skip
    assert driver.execute_script(captions) == ["gold"]
    open_row(driver, 1)  # a tree inside prose: scored, no answer box
    assert driver.execute_script(shown) == []
