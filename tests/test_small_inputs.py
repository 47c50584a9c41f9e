"""A one-tree-per-line file of a few lines is read a line at a time (issue 31).

Blocks read and score with numpy, whose import (about 0.1 s, docs/guide/speed.md) costs
more than reading and scoring such a file: below ``reading.ptb.SMALL_INPUT_LINES`` lines, EVALB's
reading goes line by line (``read_ptb_lines``, what the block reader does with a
line it cannot take) and ``tedeval parseval`` never imports numpy. What must hold:

- the figures, counts, errors and scores are those of the block reader, on generated
  corpora of every kind of line and every EVALB parameter file, and every report of
  the command line on the EVALB sample is the same text;
- the threshold is where it says, by hand;
- ``tedeval parseval`` on EVALB's sample loads no numpy, and gives EVALB's figures.

The rest of the suite reads through blocks whatever the size (tests/conftest.py sets
the threshold to 0), as it did before this path existed; processes started by the
tests take the real threshold.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nltk_tedeval.cli.command import main
from nltk_tedeval.reading import ptb, read_file, read_text
from nltk_tedeval.trees.constituency import PhraseStructure

from .conftest import examples
from .test_bracket_blocks import PARAMS, corpora
from .test_plain_runs import run
from .test_stats_without_numpy import run_alone

SAMPLE = Path(__file__).resolve().parent.parent / "corpora_samples" / "evalb"
LINES = 10**9  # every input is small: read a line at a time
BLOCKS = 0  # no input is small: read a block at a time


def tree_types(text: str) -> list[str]:
    records = read_text(
        text, "ptb", one_per_line=True, on_error="collect", nltk_trees=False, nltk_free=True
    )
    return [type(r.tree).__name__ for r in records]


@settings(
    max_examples=examples(120),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    corpus=corpora(),
    params=st.sampled_from(sorted(PARAMS)),
    statistics=st.sampled_from(["sums", "rows"]),
)
def test_a_small_input_gives_the_figures_of_blocks(
    corpus: tuple[str, str], params: str, statistics: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    gold, test = corpus
    figures, types = {}, {}
    for threshold in (LINES, BLOCKS):
        with monkeypatch.context() as m:
            m.setattr(ptb, "SMALL_INPUT_LINES", threshold)
            figures[threshold] = run(gold, test, PARAMS[params], statistics)
            types[threshold] = tree_types(gold + test)
    assert figures[LINES] == figures[BLOCKS]
    # Each path is taken, not assumed: a line of a block is a table of its own line by
    # line, and every other record is what it was.
    assert "BlockTree" not in types[LINES]
    assert ["PhraseStructure" if t == "BlockTree" else t for t in types[BLOCKS]] == types[LINES]


def test_the_threshold_by_hand() -> None:
    line = "(S (NP (DT The) (NN dog)) (VP (VBD left)))\n"
    assert ptb.SMALL_INPUT_LINES == 64
    assert set(tree_types(line * 63)) == {"PhraseStructure"}
    assert set(tree_types(line * 64)) == {"BlockTree"}
    records = list(read_text(line * 2, "ptb", one_per_line=True, nltk_trees=False))
    assert type(records[0].tree) is PhraseStructure
    assert records[0].tree.words == ("The", "dog", "left")
    assert [(r.number, r.line) for r in records] == [(1, 1), (2, 2)]


def test_a_small_file_of_odd_lines_reads_as_blocks_read_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A BOM and CRLF, a bracket escaped inside a word (not EVALB's: the line is left open),
    # bytes that are not UTF-8, an empty line, quote tokens, an empty parse, two trees on a
    # line, a line left open, a word with an escaped slash (EVALB keeps the backslash) and
    # a label ending in one (EVALB's: a character like any other).
    path = tmp_path / "odd.mrg"
    path.write_bytes(
        b"\xef\xbb\xbf(S (NN a\\(b) (NN c))\r\n(S (NN \xff) (NN d))\n\n"
        b"(S (`` ``) (NN x) ('' ''))\n(())\n(S (NN e)) (S (NN f))\n(S (NN g)\n"
        b"(S (CD 1\\/2) (NN c))\n(S (A\\ (NN h)) (NN i))\n"
    )
    seen = {}
    for threshold in (LINES, BLOCKS):
        monkeypatch.setattr(ptb, "SMALL_INPUT_LINES", threshold)
        records = read_file(
            path, "ptb", one_per_line=True, on_error="collect", nltk_trees=False, nltk_free=True
        )
        seen[threshold] = [
            (
                r.number,
                r.line,
                None if r.error is None else str(r.error),
                type(r.tree).__name__ if r.tree is None or not hasattr(r.tree, "words") else None,
                getattr(r.tree, "words", None),
            )
            for r in records
        ]
    assert seen[LINES] == seen[BLOCKS]
    words = [w for *_, w in seen[LINES]]
    kinds = [k for _, _, _, k, _ in seen[LINES]]
    errors = [e for _, _, e, _, _ in seen[LINES]]
    assert [(n, line) for n, line, *_ in seen[LINES]] == [(k, k) for k in range(1, 10)]
    assert "the line ends inside a tree" in errors[0] and "not UTF-8" in errors[1]
    assert errors[2:5] == [None, None, None] and words[3] == ("``", "x", "''")
    assert kinds[2] == "NoneType" and kinds[4] == "WordlessTree"  # no parse; (()) no words
    assert "2 trees on the line" in errors[5] and "the line ends inside a tree" in errors[6]
    assert words[7] == ("1\\/2", "c") and (errors[8], words[8]) == (None, ("h", "i"))


COMMANDS = [
    ["parseval", "GOLD", "TEST"],
    ["parseval", "GOLD", "TEST", "--evalb", "-p", "PRM"],
    ["parseval", "GOLD", "TEST", "-p", "PRM", "-f", "json"],
    ["parseval", "GOLD", "TEST", "--per-sentence", "-", "-q"],
    ["parseval", "GOLD", "TEST", "--align", "lcs", "--missing", "zero"],
    ["parseval", "GOLD", "TEST", "--by", "length,label,confusion"],
    ["mph", "GOLD", "TEST", "--skip-bad"],
    ["score", "GOLD", "TEST", "--skip-bad", "--missing", "zero"],
    ["parseval", "GOLD", "TEST", "--align"],  # an error: the texts differ at sentence 8
]


@pytest.mark.parametrize("argv", COMMANDS, ids=[" ".join(c[:1] + c[3:]) for c in COMMANDS])
def test_every_report_on_the_evalb_sample_is_the_same_text(
    argv: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = {
        "GOLD": str(SAMPLE / "gold.mrg"),
        "TEST": str(SAMPLE / "test.mrg"),
        "PRM": str(SAMPLE / "collins.prm"),
    }
    argv = [paths.get(a, a) for a in argv]
    out = {}
    for threshold in (LINES, BLOCKS):
        monkeypatch.setattr(ptb, "SMALL_INPUT_LINES", threshold)
        stdout, stderr = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            status = main(argv)
        out[threshold] = (status, stdout.getvalue(), stderr.getvalue())
    assert out[LINES] == out[BLOCKS]
    status, report, errors = out[LINES]
    if argv[-1] == "--align":
        assert status == 1 and "the texts differ" in errors
    else:
        assert status == 0 and report  # a report, not nothing


def test_parseval_on_the_evalb_sample_loads_no_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    files = [str(SAMPLE / name) for name in ("gold.mrg", "test.mrg", "collins.prm")]
    argv = ["parseval", files[0], files[1], "-p", files[2], "-f", "json"]
    report, loaded = run_alone(argv)
    assert not loaded
    # The whole report is the block reader's, which sums with numpy (this process has it).
    blocks = io.StringIO()
    with monkeypatch.context() as m, contextlib.redirect_stdout(blocks):
        m.setattr(ptb, "SMALL_INPUT_LINES", BLOCKS)
        main(argv)
    assert report == blocks.getvalue().strip()
    figures = json.loads(report)["systems"][0]["details"]["summary"]["all"]
    # EVALB's own figures for the sample (its evalb binary, -p collins.prm): 33 sentences,
    # 2 errors, 2 skipped, recall 94.95, precision 93.73, F 94.34, tagging 99.73.
    counts = ("sentences", "error_sentences", "skip_sentences", "valid_sentences")
    assert [figures[k] for k in counts] == [33, 2, 2, 29]
    rounded = ("bracketing_recall", "bracketing_precision", "bracketing_fmeasure")
    assert [round(figures[k], 2) for k in rounded] == [94.95, 93.73, 94.34]
    assert round(figures["tagging_accuracy"], 2) == 99.73
    assert round(figures["complete_match"], 2) == 37.93
