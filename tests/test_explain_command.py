"""``tedeval explain``: one sentence's trees and edit script in a terminal (issue 42, item 8).

By hand, SPEC §6's sentence "she sang loudly" (corpora_samples/spec, three-column
files: no relations, so the only labels are the heads' ``hd``). Gold: "sang" is the
root, "she" and "loudly" hang from it; parse b: "she" is the root, "sang" hangs from
it and "loudly" from "sang".

- labeled: the gold's items are hd over "sang" (1, 2): 1; the parse's hd over "she"
  (0, 1) and over "sang": 2. The parse must lose hd (0, 1): δ = 1, ι = 2 + 1 = 3,
  score 1 − 1/3 = 0.6667.
- unlabeled: the gold's nodes below the root are (0,1), (1,2), (2,3): 3; the parse has
  these and "sang loudly" (1, 3): 4. δ = 1, ι = 7, score 0.8571.

And MULTIPLE, issue 42's example: "arrive on Sunday" against gold1 (on under arrive,
Sunday under on) generalized with gold2 (Sunday under arrive, on under Sunday): δ = 1
and ι = 6 labeled (0.8333), δ = 1 and ι = 7 unlabeled (0.8571), the figures
``tedeval score --other-gold`` prints for the sentence.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from nltk_tedeval.cli import main

SPEC = Path(__file__).resolve().parent.parent / "corpora_samples" / "spec"
BOX = set("─│┌┐└┘├┤┬┴┼")


def run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(args)
    return status, out.getvalue(), err.getvalue()


def test_both_modes_by_hand() -> None:
    status, out, err = run(["explain", str(SPEC / "gold.tab"), str(SPEC / "b.tab"), "-s", "2"])
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"sentence 2 of {SPEC / 'gold.tab'}, parsed in {SPEC / 'b.tab'}"
    assert '  - hd (0,1) "she"' in lines
    assert '  - (1,3) "sang loudly"' in lines
    assert [line for line in lines if line.startswith("ι =")] == [
        "ι = |parse| + |ref| = 2 + 1 = 3",
        "ι = |parse| + |ref| = 4 + 3 = 7",
    ]
    assert [line for line in lines if line.startswith("score =")] == [
        "score = 1 − δ/ι = 1 − 1/3 = 0.6667",
        "score = 1 − δ/ι = 1 − 1/7 = 0.8571",
    ]
    # The trees are drawn with box-drawing characters, and the parse's mark is on "she".
    assert BOX & set(out) and "-hd" in out


def test_multiple_with_the_other_gold_as_score_counts_it() -> None:
    names = ("arrive_gold1.conll", "arrive_gold2.conll", "arrive_parse.conll")
    gold1, gold2, parse = (str(SPEC / f) for f in names)
    status, out, _ = run(["explain", gold1, parse, "-s", "1", "--other-gold", gold2])
    assert status == 0
    assert "MULTIPLE" in out
    assert [line for line in out.splitlines() if line.startswith("score =")] == [
        "score = 1 − δ/ι = 1 − 1/6 = 0.8333",
        "score = 1 − δ/ι = 1 − 1/7 = 0.8571",
    ]
    _, per_sentence, _ = run(["score", gold1, parse, "--other-gold", gold2, "--per-sentence", "-"])
    assert per_sentence.splitlines()[1].split("\t")[3:7] == ["1", "6", "1", "7"]


def test_one_mode_in_ascii() -> None:
    status, out, _ = run([
        "explain", str(SPEC / "gold.tab"), str(SPEC / "b.tab"), "-s", "2",
        "--mode", "unlabeled", "--ascii",
    ])  # fmt: skip
    assert status == 0 and not BOX & set(out)
    assert out.count("score =") == 1 and "score = 1 − δ/ι = 1 − 1/7 = 0.8571" in out


def test_bracketed_drawing() -> None:
    status, out, _ = run([
        "explain", str(SPEC / "gold.tab"), str(SPEC / "b.tab"), "-s", "2",
        "--mode", "labeled", "--drawing", "brackets",
    ])  # fmt: skip
    assert status == 0 and not BOX & set(out) and "(" in out


@pytest.mark.parametrize(
    ("files", "sentence", "message"),
    [
        (("gold.tab", "b.tab"), "3", "--sentence 3: {d}/gold.tab has 2 sentences"),
        (("gold.tab", "b.tab"), "0", "--sentence takes a sentence number, from 1, not 0"),
    ],
)
def test_a_sentence_that_is_not_there(files: tuple[str, str], sentence: str, message: str) -> None:
    status, out, err = run(["explain", *(str(SPEC / f) for f in files), "-s", sentence])
    assert (status, out) == (1, "")
    assert err == f"tedeval: error: {message.format(d=SPEC)}\n"


def test_a_missing_or_bad_parse_is_named(tmp_path: Path) -> None:
    gold = tmp_path / "gold.ptb"
    gold.write_text("(S (NP (DT a)) (VP (VBD b)))\n(S (NP (DT a)) (VP (VBD b)))\n")
    blank = tmp_path / "blank.ptb"
    blank.write_text("(S (NP (DT a)) (VP (VBD b)))\n\n")
    status, _, err = run(["explain", str(gold), str(blank), "-s", "2", "--layout", "line"])
    assert status == 1
    assert err == (
        f"tedeval: error: {blank}:2: sentence 2: the parse has no tree here (a missing "
        "parse): nothing to explain\n"
    )
    bad = tmp_path / "bad.ptb"
    bad.write_text("(S (NP (DT a)) (VP (VBD b))\n")
    status, _, err = run(["explain", str(gold), str(bad), "-s", "1"])
    assert status == 1 and err.startswith(f"tedeval: error: {bad}:1: sentence 1: ")
    assert "closing bracket missing" in err
