"""Words that contain a space (UD Vietnamese: "Hà Nội") stay whole through readers,
alignment, reports and the HTML report (issue 41, item 4).

By hand, gold "Hà Nội đẹp" (heads 2 0), parse heads 0 1: no head right (UAS 0/2); the
parse's head of "đẹp" is "Hà Nội", its gold child (undirected 1/2); the parse's head of
"Hà Nội" is the root, its gold grandparent (NED 2/2). Aligned over the text, each word
is one position on both sides, so the figures are the same.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from nltk_tedeval.cli import main

GOLD = "1\tHà Nội\tHà Nội\tPROPN\t_\t_\t2\tnsubj\t_\t_\n2\tđẹp\tđẹp\tADJ\t_\t_\t0\troot\t_\t_\n\n"
PARSE = "1\tHà Nội\tHà Nội\tPROPN\t_\t_\t0\troot\t_\t_\n2\tđẹp\tđẹp\tADJ\t_\t_\t1\tamod\t_\t_\n\n"


def run(args: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(args) == 0
    return out.getvalue()


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    (tmp_path / "gold.conllu").write_text(GOLD, encoding="utf-8")
    (tmp_path / "parse.conllu").write_text(PARSE, encoding="utf-8")
    return str(tmp_path / "gold.conllu"), str(tmp_path / "parse.conllu")


@pytest.mark.parametrize("align", [[], ["--align"], ["--align", "lcs"]])
def test_attachment_counts_each_word_once(files: tuple[str, str], align: list[str]) -> None:
    report = json.loads(run(["attach", *files, *align, "--json"]))
    scores = report["systems"][0]["scores"]
    tokens = "gold_tokens" if align else "tokens"
    assert scores["UAS"]["totals"]["head"] == 0 and scores["UAS"]["totals"][tokens] == 2
    assert scores["UNDIRECTED"]["totals"]["undirected"] == 1
    assert scores["NED"]["totals"]["ned"] == 2


def test_the_html_report_keeps_the_word_whole(files: tuple[str, str], tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    run(["score", *files, "-f", "html", "-o", str(out)])
    data = re.search(
        r'id="tedeval-sentences"[^>]*>(.*?)</script>', out.read_text("utf-8"), re.S
    )
    assert data is not None
    sentence = json.loads(data.group(1))[0]
    assert sentence[4] == ["Hà Nội", "đẹp"]  # the words: two, not three
