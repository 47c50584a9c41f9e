"""The command line reads PTB brackets and CoNLL files, and scores them, without importing nltk.

Importing nltk costs about half a second of CPU and 40 MB a process (1.6 s and
107 MB when it finds scipy; docs/guide/speed.md), and the command line's fast path
reads files straight into the package's own tree types. Each command here runs
in a fresh interpreter where ``import nltk`` fails, and must give the output of
the ordinary run exactly. Everything that takes or produces nltk objects imports nltk when
it needs it: ``DiscTree`` and ``explain`` stay importable from the package.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "corpora_samples"
EVALB = SAMPLES / "evalb"
GUM = SAMPLES / "gum"
STUDY = SAMPLES / "study"

RUN = "import sys; from nltk_tedeval.cli import main; sys.exit(main(sys.argv[1:]))"
# None in sys.modules makes every "import nltk" (and "from nltk... import") fail.
WITHOUT_NLTK = "import sys; sys.modules['nltk'] = None; " + RUN

COMMANDS = {
    # The EVALB sample has an empty line (a missing parse) and "(())", a tree without words.
    "parseval": ["parseval", EVALB / "gold.mrg", EVALB / "test.mrg"],
    "parseval-flat": [
        "parseval",
        "--missing",
        "flat",
        STUDY / "test.ptb",
        STUDY / "outputs" / "pcfg.ptb",
    ],
    "attach": [
        "attach",
        STUDY / "test.conllu",
        STUDY / "outputs" / "arc-eager.conllu",
        STUDY / "outputs" / "arc-standard.conllu",
    ],
    "score-ptb": ["score", GUM / "GUM_bio_byron.ptb", GUM / "GUM_bio_byron.ptb"],
    "score-conllu": ["score", STUDY / "test.conllu", STUDY / "outputs" / "arc-eager.conllu"],
    "cross": [
        "cross",
        "-e",
        f"ptb={STUDY / 'test.ptb'},{STUDY / 'outputs' / 'pcfg.ptb'}",
        "-e",
        f"ud={STUDY / 'test.conllu'},{STUDY / 'outputs' / 'arc-eager.conllu'}",
    ],
    "mph": ["mph", GUM / "GUM_news_crane.ptb", GUM / "GUM_news_crane.ptb"],
    "mph-conllu": [
        "mph",
        "--projectivize",
        STUDY / "test.ptb",
        STUDY / "outputs" / "arc-eager.conllu",
    ],
}


def run(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT
    )


@pytest.mark.parametrize("args", COMMANDS.values(), ids=COMMANDS.keys())
def test_the_command_runs_without_nltk_and_prints_the_same(args: list) -> None:
    args = [str(a) for a in args]
    ordinary = run(RUN, *args)
    assert ordinary.returncode == 0, ordinary.stderr
    without = run(WITHOUT_NLTK, *args)
    assert without.returncode == 0, without.stderr
    assert without.stdout == ordinary.stdout


def test_importing_the_package_does_not_import_nltk() -> None:
    code = (
        "import sys, nltk_tedeval, nltk_tedeval.cli\n"
        "assert 'nltk' not in sys.modules, 'nltk was imported'\n"
        "assert 'DiscTree' in nltk_tedeval.__all__ and 'DiscTree' in dir(nltk_tedeval)\n"
        "from nltk_tedeval import DiscTree, explain\n"
        "from nltk import Tree\n"
        "assert issubclass(DiscTree, Tree) and DiscTree is nltk_tedeval.trees.DiscTree\n"
        "t = DiscTree.from_discbracket('(S (VP (VB 0=a) (NN 2=c)) (MD 1=b))')\n"
        "print(explain(Tree.fromstring('(S (NP a) (VP b))'), Tree.fromstring('(S (X a) (Y b))')))\n"
    )
    proc = run(code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip()
