"""The HTML report without a browser: its structure, its escaping, its encoding and its size."""

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

from nltk_tedeval import explain
from nltk_tedeval.cli.html import render_html, write_html
from nltk_tedeval.trees.mft import MultiFunctionTree

from . import html_inputs as inputs

BUDGET = 500
"""Bytes per sentence beyond its words, 2-system attachment report, ~20 words: see benchmark."""


def embedded(page: str, element: str) -> Any:
    match = re.search(rf'<script type="application/json" id="{element}">(.*?)</script>', page, re.S)
    assert match, element
    return json.loads(match.group(1))


def decode_arcs(panel: list[Any], panels: list[list[Any]], strings: list[str]) -> list[list[Any]]:
    """The [head, dep, rel] arcs of an encoded panel: an independent reading of the format."""
    two = panel[3]
    if isinstance(two, dict):
        base = list(panels[two["b"]][3])
        for k in range(0, len(two["d"]), 3):
            dep, head, rel = two["d"][k : k + 3]
            base[2 * (dep - 1)], base[2 * (dep - 1) + 1] = head, rel
        two = base
    arcs = [[two[k], k // 2 + 1, strings[two[k + 1]]] for k in range(0, len(two), 2)]
    three = (panel[5] if len(panel) > 5 else []) or []  # 0: none, a later element follows
    arcs += [[three[k], three[k + 1], strings[three[k + 2]]] for k in range(0, len(three), 3)]
    return arcs


def test_the_hand_written_ops_are_explains() -> None:
    # The ops of sentence 1 were worked out by hand (html_inputs.py); explain() agrees.
    def mft(nodes: list[list[Any]]) -> MultiFunctionTree:
        return MultiFunctionTree({(s, e): {label} for label, s, e, _ in nodes}, 5)

    e = explain(mft(inputs.PARSE_NODES), mft(inputs.GOLD_NODES))
    assert sorted(e.deletions) == [("nmod", 3, 5)]
    assert sorted(e.additions) == [("obl", 3, 5)]
    assert (e.delta, e.iota) == (2, 14)
    expected = [
        [k, *item, " ".join(inputs.SHE_SAW[item[1] : item[2]])]
        for k, items in (("delete", e.deletions), ("add", e.additions))
        for item in sorted(items)
    ]
    assert expected == inputs.OPS_1


def test_summary_tables_show_the_reports_numbers() -> None:
    page = render_html(
        inputs.tedeval_report(), inputs.tedeval_sentences(), text=inputs.TEDEVAL_TEXT
    )
    assert page.startswith("<!DOCTYPE html>")
    # 0.625 with 4 decimals, and its interval; the macro row; n/a with its reason line.
    assert '<td class="num">0.6250 <span class="ci">[0.5000, 0.7500]</span></td>' in page
    assert '<th scope="row">A (macro)</th><td class="num">0.5500</td>' in page
    assert '<td class="num" title="no sentence">n/a</td>' in page
    assert "<li>n/a: unlabeled of A: no sentence</li>" in page
    assert "<code>metric:tedeval|ref:single|missing:skip|version:0.1.0</code>" in page
    assert "note: a gold was TL-unified" in page
    # The breakdown: its group name escaped, a bar 0.5 of 80 px wide, the whisker 0.25-0.75.
    assert "&lt;nsubj&gt;" in page and "<nsubj>" not in page
    assert 'class="bar-value" x="0" y="2" width="40.0"' in page
    assert 'd="M20.0 6H60.0M20.0 2V10M60.0 2V10"' in page
    assert "... 1 more groups (--top 0 shows all)" in page
    # The text report, verbatim once unescaped.
    pre = re.search(r'<details class="text-report".*?<pre>(.*?)</pre>', page, re.S)
    assert pre and html.unescape(pre.group(1)) == inputs.TEDEVAL_TEXT
    # Real table markup for the sentences, filled by the script.
    assert '<table id="sentence-table" class="sentences">' in page


def test_nothing_in_the_file_points_at_the_network() -> None:
    page = render_html(inputs.tedeval_report(), inputs.tedeval_sentences(), text="x")
    assert not re.search(r"\b(src|href|action|poster|srcset)\s*=\s*(?![\"']?#)", page)
    assert "@import" not in page and "url(" not in page
    # The one http URL is the SVG namespace name, a string the script never fetches.
    assert set(re.findall(r"https?://[^\s\"'<>]+", page)) == {"http://www.w3.org/2000/svg"}
    assert "default-src 'none'" in page  # and the page forbids any fetch itself


def test_sentence_text_cannot_break_out_of_its_script() -> None:
    evil = ["</script><script>alert(1)</script>", "<!--", "&amp;", "\u2028", '"quoted"']
    sentences = [{"n": 1, "id": "</script>", "words": evil, "trees": [{"name": "<b>g</b>"}]}]
    report = inputs.attachment_report()
    report["systems"][0]["name"] = "<b>eager</b>"
    page = render_html(report, sentences)
    assert page.count("</script>") == 3  # the two data blocks and the script
    assert "<b>eager</b>" not in page and "&lt;b&gt;eager&lt;/b&gt;" in page
    rows = embedded(page, "tedeval-sentences")
    header = embedded(page, "tedeval-header")
    assert rows[0][4] == evil and rows[0][1] == "</script>"
    assert header["strings"][rows[0][6][0][0]] == "<b>g</b>"


def test_sentences_round_trip_through_the_compact_encoding() -> None:
    sentences = inputs.tedeval_sentences() + inputs.attachment_sentences()
    sentences += inputs.aligned_sentences() + inputs.discontinuous_sentences()
    page = render_html(inputs.tedeval_report(), sentences)
    rows = embedded(page, "tedeval-sentences")
    header = embedded(page, "tedeval-header")
    strings, cols = header["strings"], header["cols"]
    assert header["count"] == len(rows) == len(sentences) == 6
    for row, sentence in zip(rows, sentences, strict=True):
        assert row[0] == sentence["n"] and row[1] == sentence["id"] and row[4] == sentence["words"]
        assert strings[row[2]] == sentence["file"] and row[3] == sentence["line"]
        for (system, kind, name), value in zip(cols, row[5], strict=False):
            part = sentence["systems"].get(system, {}).get("scores" if kind == "s" else "stats", {})
            expected = part.get(name)
            if isinstance(expected, float):
                expected = round(expected, 4)
            assert value == expected, (system, name)
        for panel, tree in zip(row[6], sentence["trees"], strict=True):
            assert strings[panel[0]] == tree["name"]
            assert panel[1] == (
                0 if tree.get("words") in (None, sentence["words"]) else tree["words"]
            )
            assert decode_arcs(panel, row[6], strings) == tree.get("arcs", [])
            marks = [
                [strings[panel[4][k]], strings[panel[4][k + 1]], *panel[4][k + 2 : k + 4]]
                for k in range(0, len(panel[4]), 4)
            ]
            assert marks == tree.get("marks", [])
        ops = [
            [strings[row[7][k]], strings[row[7][k + 1]], *row[7][k + 2 : k + 5]]
            for k in range(0, len(row[7]), 5)
        ]
        # text 0: the sentence's own words start:end (here every op's text is)
        texts = [" ".join(row[4][op[2] : op[3]]) if op[4] == 0 else op[4] for op in ops]
        assert [[*op[:4], t] for op, t in zip(ops, texts, strict=True)] == [
            list(op) for op in sentence.get("ops", [])
        ]
        assert row[8] == sentence.get("align")
    # The 0.857142... of sentence 1 is embedded as 0.8571; a gap node keeps its spans.
    assert rows[0][5][0] == 0.8571
    disc = rows[5][6][0][2]
    assert disc[4:8] == [strings.index("NP"), [0, 2, 3, 6], -1, 0]


def test_shown_labels_and_the_labels_line_are_encoded() -> None:
    # Sentence 1's gold as a constituency tree would show it: S over all, NP-SBJ+PRP over
    # "She" (function SBJ), the other nodes without parts of their own; and a gapped node.
    sentence = inputs.tedeval_sentences()[0]
    nodes = [list(n) for n in inputs.GOLD_NODES]
    nodes[0].append(["S"])
    nodes[1].append(["NP-", "SBJ", "+PRP"])
    gapped = {"label": "_", "spans": [[0, 1], [2, 3]], "parent": 0, "shown": ["NP"]}
    sentence["trees"] = [
        {"name": "gold", "nodes": [*nodes, gapped], "labels": "node labels: NP-SBJ"},
        {"name": "A", "nodes": inputs.PARSE_NODES},
        {"name": "B", "nodes": inputs.PARSE_NODES, "labels": "node labels: NP-SBJ"},
    ]
    page = render_html(inputs.tedeval_report(), [sentence])
    [row] = embedded(page, "tedeval-sentences")
    strings = embedded(page, "tedeval-header")["strings"]
    gold, plain, note_only = row[6]
    # [name, words, nodes, arcs, marks, arcs3 (0: none), shown (one per node), labels]
    assert len(gold) == 8 and gold[5] == 0
    shown = [None if k is None else strings[k] for k in gold[6]]
    assert shown == ["S", "NP-\x01SBJ\x01+PRP", None, None, None, None, None, "NP"]
    assert strings[gold[7]] == "node labels: NP-SBJ"
    assert len(plain) == 5  # nothing after the marks
    assert note_only[5:7] == [0, 0] and note_only[7] == gold[7]  # one string, interned once


def test_write_html_streams_the_sentences_once() -> None:
    seen: list[int] = []

    def sentences():  # a generator: write_html must take each sentence once, in order
        for s in inputs.tedeval_sentences():
            seen.append(s["n"])
            yield s

    out = io.StringIO()
    write_html(inputs.tedeval_report(), sentences(), out, title="three")
    assert seen == [1, 2, 3]
    assert "<title>three</title>" in out.getvalue()
    assert out.getvalue() == render_html(
        inputs.tedeval_report(), inputs.tedeval_sentences(), title="three"
    )


def test_size_budget_on_20000_synthetic_sentences() -> None:
    # A 2-system attachment report, ~20 words a sentence: three arc panels, 5 scores and
    # 7 statistics per system, a mark per wrong arc. Beyond the words (their JSON arrays):
    # at most BUDGET bytes a sentence, everything else of the page included.
    bench = inputs.benchmark()
    result = bench.measure(20000, browser=False)
    assert result["bytes_per_sentence_beyond_words"] <= BUDGET, result


def test_a_report_is_the_same_bytes_whatever_the_hash_seed(tmp_path) -> None:
    # TedEval's marks are members of sets, whose order follows the hash of their labels:
    # the report lists them in order (kind, start, end, label), so that two runs of one
    # command give one file. On the EVALB sample, seeds 1 and 2 gave two orders before.
    import os
    import subprocess
    import sys
    from pathlib import Path

    sample = Path(__file__).resolve().parent.parent / "corpora_samples" / "evalb"
    command = [sys.executable, "-m", "nltk_tedeval", "score", str(sample / "gold.mrg")]
    command += [str(sample / "test.mrg"), "--skip-bad", "-f", "html"]
    pages = []
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(command, capture_output=True, env=env, check=True, timeout=120)
        pages.append(done.stdout)
    assert pages[0] == pages[1] == pages[2]
