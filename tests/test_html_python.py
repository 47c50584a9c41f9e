"""The HTML report from Python (issue 29): ``Evaluator.html`` and Jupyter's ``_repr_html_``."""

from __future__ import annotations

import html
import re

from nltk_tedeval import AttachmentEvaluator, DependencyTree

WORDS = ("I", "want", "to", "eat")
GOLD = DependencyTree(WORDS, heads=(2, 0, 4, 2), rels=("nsubj", "root", "mark", "xcomp"))
PARSE = DependencyTree(WORDS, heads=(2, 0, 2, 3), rels=("nsubj", "root", "xcomp", "mark"))


def test_html_holds_the_evaluators_scores(tmp_path):
    ev = AttachmentEvaluator([PARSE], [GOLD])
    page = ev.html(str(tmp_path / "r.html"))
    assert (tmp_path / "r.html").read_text(encoding="utf-8") == page
    # LAS 2/4 (I and want right; to and eat have wrong heads), as eval() says.
    assert float(ev.eval()[0]) == 0.5
    assert "0.5000" in page
    # Nothing to fetch: the only URLs are the SVG and XHTML namespaces, which are names.
    urls = set(re.findall(r"https?://[^\s\"'<>)]+", page))
    assert urls <= {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xhtml"}, urls


def test_repr_html_frames_the_page_for_jupyter():
    ev = AttachmentEvaluator([PARSE], [GOLD])
    framed = ev._repr_html_()
    assert framed.startswith("<iframe ") and 'sandbox="allow-scripts"' in framed
    srcdoc = re.search(r'srcdoc="(.*)"></iframe>$', framed, re.S).group(1)
    assert html.unescape(srcdoc) == ev.html()
