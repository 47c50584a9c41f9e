"""A one-tree-per-line file of fewer lines than a block is read a line at a time (issue 31).

Blocks read and score with numpy, whose import (some 50 ms) costs more than reading
and scoring such a file: below ``reading.ptb.SMALL_INPUT_LINES`` lines, EVALB's
reading goes line by line (``read_evalb_lines``, what the block reader does with a
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
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nltk_tedeval.cli.command import main
from nltk_tedeval.reading import ptb, read_text
from nltk_tedeval.trees.constituency import PhraseStructure

from .conftest import examples
from .test_bracket_blocks import PARAMS, corpora
from .test_plain_runs import run

SAMPLE = Path(__file__).resolve().parent.parent / "corpora_samples" / "evalb"
LINES = 10**9  # every input is small: read a line at a time
BLOCKS = 0  # no input is small: read a block at a time


def tree_types(text: str) -> set[str]:
    records = read_text(text, "ptb", one_per_line=True, on_error="collect", nltk_trees=False)
    return {type(r.tree).__name__ for r in records if r.tree is not None}


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
    figures = {}
    for threshold in (LINES, BLOCKS):
        with monkeypatch.context() as m:
            m.setattr(ptb, "SMALL_INPUT_LINES", threshold)
            figures[threshold] = run(gold, test, PARAMS[params], statistics)
            # Each path is taken, not assumed: tables alone, or lines of blocks too.
            types = tree_types(gold + test)
            assert (
                "BlockTree" not in types
                if threshold == LINES
                else types
                <= {
                    "BlockTree",
                    "PhraseStructure",
                }
            )
    assert figures[LINES] == figures[BLOCKS]


def test_the_threshold_by_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    line = "(S (NP (DT The) (NN dog)) (VP (VBD left)))\n"
    monkeypatch.setattr(ptb, "SMALL_INPUT_LINES", 256)
    assert tree_types(line * 255) == {"PhraseStructure"}
    assert tree_types(line * 256) == {"BlockTree"}
    records = list(read_text(line * 2, "ptb", one_per_line=True, nltk_trees=False))
    assert type(records[0].tree) is PhraseStructure
    assert records[0].tree.words == ("The", "dog", "left")
    assert [(r.number, r.line) for r in records] == [(1, 1), (2, 2)]
    assert ptb.SMALL_INPUT_LINES == 256


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


def test_parseval_on_the_evalb_sample_loads_no_numpy() -> None:
    code = (
        "import sys, io, contextlib\n"
        "from nltk_tedeval.cli.command import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        f"    main(['parseval', {str(SAMPLE / 'gold.mrg')!r}, {str(SAMPLE / 'test.mrg')!r},"
        f" '-p', {str(SAMPLE / 'collins.prm')!r}, '-f', 'json'])\n"
        "print(out.getvalue())\n"
        "print('numpy.version' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    *report, loaded = done.stdout.strip().splitlines()
    assert loaded == "False"
    figures = json.loads("\n".join(report))["systems"][0]["details"]["summary"]["all"]
    # EVALB's own figures for the sample (its evalb binary, -p collins.prm): 33 sentences,
    # 2 errors, 2 skipped, recall 94.95, precision 93.73, F 94.34, tagging 99.73.
    counts = ("sentences", "error_sentences", "skip_sentences", "valid_sentences")
    assert [figures[k] for k in counts] == [33, 2, 2, 29]
    rounded = ("bracketing_recall", "bracketing_precision", "bracketing_fmeasure")
    assert [round(figures[k], 2) for k in rounded] == [94.95, 93.73, 94.34]
    assert round(figures["tagging_accuracy"], 2) == 99.73
    assert round(figures["complete_match"], 2) == 37.93
