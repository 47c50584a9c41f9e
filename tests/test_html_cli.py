"""``-f html`` from the command line on the shipped data, opened in headless Chromium (issue 29).

The report of ``tedeval score`` on the study's PCFG parses (with missing parses, scored
as zero), of ``tedeval attach`` on a GUM document against a parse with changed heads and of
``tedeval parseval``: nothing fetched, no console error, one row per scored sentence of the
JSON report, and a sentence's listed operations equal to what ``explain()`` says of it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nltk_tedeval import explain
from nltk_tedeval.cli import main
from nltk_tedeval.reading import read_file

from . import browser_support
from .test_html_browser import assert_clean, listed_ops, open_row, png_is_not_blank, wait

ROOT = Path(__file__).resolve().parent.parent
STUDY = ROOT / "corpora_samples" / "study"
GUM = ROOT / "corpora_samples" / "gum" / "GUM_news_crane"

_WHY = browser_support.missing()
if _WHY:
    pytest.skip(_WHY, allow_module_level=True)


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with browser_support.chromium(tmp_path_factory.mktemp("chromium-profile")) as d:
        yield d


def report(tmp_path: Path, *argv: object) -> tuple[Path, dict]:
    """Write ``-f html`` and ``--json`` of one command line; both must succeed."""
    html = tmp_path / "report.html"
    assert main([*map(str, argv), "-f", "html", "--output", str(html)]) == 0
    out = tmp_path / "report.json"
    assert main([*map(str, argv), "--json", "--output", str(out)]) == 0
    return html, json.loads(out.read_text(encoding="utf-8"))


def rows(driver: Any) -> int:
    """Rows of the sentence table once every page of it is shown."""
    return driver.execute_script(
        "while (document.getElementById('more') && !document.getElementById('more').hidden)"
        " document.getElementById('more').click();"
        "return document.querySelectorAll('#sentence-table tbody tr').length;"
    )


def test_score_report_on_the_study(driver, tmp_path):
    gold, parse = STUDY / "test.ptb", STUDY / "outputs" / "pcfg.ptb"
    html, data = report(tmp_path, "score", gold, parse, "--missing", "zero")
    browser_support.network_requests(driver)
    browser_support.console_errors(driver)
    browser_support.open_report(driver, html)
    # Every scored sentence is a row, the missing ones (zero) included.
    assert rows(driver) == data["counts"]["scored"]
    # The first sentence the parser parsed: its operations are explain()'s.
    trees = [s.tree for s in read_file(gold)]
    parses = [s.tree for s in read_file(parse)]
    k = next(i for i, p in enumerate(parses) if p is not None)
    open_row(driver, k + 1)
    e = explain(parses[k], trees[k])
    listed = listed_ops(driver)
    deleted = {(op[1], op[2], op[3]) for op in listed if op[0] in ("delete", "free-delete")}
    added = {(op[1], op[2], op[3]) for op in listed if op[0] in ("add", "free-add")}
    assert deleted == set(e.deletions) | set(e.uncharged_deletions)
    assert added == set(e.additions) | set(e.uncharged_additions)
    assert wait(driver, "return document.querySelectorAll('#sentence svg').length >= 2")
    assert png_is_not_blank(driver.get_screenshot_as_png())
    assert_clean(driver, html)


def test_attach_report_marks_the_changed_heads(driver, tmp_path):
    # A parse of the GUM document with the heads of its first sentence's words 2 and 3
    # swapped to the root's child: those arcs, and only those, are marked as deleted.
    text = GUM.with_suffix(".conllu").read_text(encoding="utf-8")
    first, rest = text.split("\n\n", 1)
    lines = first.split("\n")
    root = next(ln.split("\t")[0] for ln in lines if ln.count("\t") == 9
                and ln.split("\t")[6] == "0")  # fmt: skip
    changed, seen = [], 0
    for ln in lines:
        cols = ln.split("\t")
        # Words 2 and 3 hang from the root's word instead, where that changes their head.
        if len(cols) == 10 and cols[0] in ("2", "3") and cols[6] != root and cols[0] != root:
            cols[6] = root
            seen += 1
            ln = "\t".join(cols)
        changed.append(ln)
    assert seen > 0
    changed = ["\n".join(changed), rest]
    parse = tmp_path / "parse.conllu"
    parse.write_text("\n\n".join(changed), encoding="utf-8")
    html, data = report(tmp_path, "attach", GUM.with_suffix(".conllu"), parse)
    browser_support.open_report(driver, html)
    assert rows(driver) == data["counts"]["scored"] == 13
    open_row(driver, 1)
    deleted = [op for op in listed_ops(driver) if op[0] == "delete"]
    assert len(deleted) == seen and all(op[2] + 1 in (2, 3) for op in deleted)
    assert_clean(driver, html)


def test_parseval_report_draws_both_trees(driver, tmp_path):
    html, data = report(tmp_path, "parseval", GUM.with_suffix(".ptb"), GUM.with_suffix(".ptb"))
    browser_support.open_report(driver, html)
    assert rows(driver) == data["counts"]["scored"] == 13
    open_row(driver, 2)
    names = driver.execute_script(
        "return [...document.querySelectorAll('#sentence figure')].map(f => f.dataset.name);"
    )
    assert names[:2] == ["gold", "GUM_news_crane"]
    assert_clean(driver, html)


def test_python_evaluators_write_the_same_report(driver, tmp_path):
    # "I want to eat" with the edge between "to" and "eat" flipped (attachment.py's example):
    # TedEval's explanation of it, drawn from an evaluator given lists, lists explain()'s
    # operations; two systems of one run share a page.
    from nltk_tedeval import AttachmentEvaluator, DependencyTree, TedEvalEvaluator

    words = ("I", "want", "to", "eat")
    gold = DependencyTree(words, heads=(2, 0, 4, 2), rels=("nsubj", "root", "mark", "xcomp"))
    parse = DependencyTree(words, heads=(2, 0, 2, 3), rels=("nsubj", "root", "xcomp", "mark"))
    path = tmp_path / "tedeval.html"
    TedEvalEvaluator([parse], [gold]).html(str(path))
    browser_support.open_report(driver, path)
    assert rows(driver) == 1
    open_row(driver, 1)
    e = explain(parse, gold)
    listed = listed_ops(driver)
    assert {(op[1], op[2], op[3]) for op in listed if op[0] == "delete"} == set(e.deletions)
    assert {(op[1], op[2], op[3]) for op in listed if op[0] == "add"} == set(e.additions)
    assert_clean(driver, path)
    a, b = AttachmentEvaluator.evaluate_systems([gold], [[parse], [gold]], names=["p", "g"])
    path = tmp_path / "attach.html"
    a.html(str(path), others=[b])
    browser_support.open_report(driver, path)
    open_row(driver, 1)
    names = driver.execute_script(
        "return [...document.querySelectorAll('#sentence figure')].map(f => f.dataset.name);"
    )
    # The gold, p (to and eat wrong: their gold arcs shown missed), then g, all right.
    assert names == ["gold", "p", "gold arcs p missed", "g"]
    assert_clean(driver, path)
