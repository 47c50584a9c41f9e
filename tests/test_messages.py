"""Messages match where the user is: flags on the command line, parameters in Python."""

from __future__ import annotations

from pathlib import Path

import pytest
from nltk import Tree

from nltk_tedeval import AttachmentEvaluator, MPHEvaluator, TedEvalEvaluator, read_file
from nltk_tedeval.cli import main
from nltk_tedeval.errors import (
    MissingParseError,
    NonProjectiveError,
    OptionError,
    TreeStructureError,
)

ROOT = Path(__file__).resolve().parent.parent
STUDY = ROOT / "corpora_samples" / "study"


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str]:
    status = main([str(a) for a in argv])
    return status, capsys.readouterr().err


def test_non_projective_advice_names_the_flag_or_the_parameter(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Sentence 14 of the shipped UD gold has the arc 5 -> 16 over a token it does not
    dominate (the first non-projective sentence of the file). TedEval scores it as it
    is; the APTED engine and MPH cannot, and say what to do in the user's terms."""
    test = STUDY / "test.conllu"
    status, err = run(capsys, "score", test, test)
    assert (status, err) == (0, "")
    status, err = run(capsys, "score", test, test, "--engine", "apted")
    assert status == 1 and "sentence 14" in err
    assert "use the span engine (--engine span), or --projectivize to lift" in err
    status, err = run(capsys, "mph", test, test)
    assert status == 1 and "sentence 14" in err and "use --projectivize to lift" in err
    assert "projectivize=True" not in err
    gold = [r.tree for r in read_file(test)][13:14]
    assert TedEvalEvaluator(gold, gold).eval() == (1.0, 1.0)
    with pytest.raises(OptionError, match=r"\(engine='span'\), or projectivize=True to lift"):
        TedEvalEvaluator(gold, gold, engine="apted").eval()
    with pytest.raises(NonProjectiveError, match="use projectivize=True to lift"):
        MPHEvaluator(gold, gold).eval()


def test_missing_parse_advice_names_the_flag_or_the_parameter(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    gold = tmp_path / "gold.ptb"
    gold.write_text("(S (NP a) (VP b))\n(S (NP c) (VP d))\n", encoding="utf-8")
    parse = tmp_path / "parse.ptb"
    parse.write_text("(S (NP a) (VP b))\n\n", encoding="utf-8")
    status, err = run(capsys, "score", gold, parse, "--missing", "error")
    assert (status, err) == (
        1,
        f"tedeval: error: {parse}:2: sentence 2: parse has no parse for this sentence; "
        "pass --missing skip, zero or flat to score the others\n",
    )
    trees = [Tree.fromstring("(S (NP a) (VP b))"), Tree.fromstring("(S (NP c) (VP d))")]
    with pytest.raises(MissingParseError, match="pass missing='skip', 'zero' or 'flat' to"):
        TedEvalEvaluator([trees[0], None], trees, missing="error").eval()


def test_attachment_on_constituency_trees_points_to_the_commands_that_fit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``tedeval attach gold.ptb parse.conllu`` used to say "expected an nltk
    DependencyGraph, got Tree"; it now says what the input is and what scores it."""
    status, err = run(capsys, "attach", STUDY / "test.ptb", STUDY / "outputs" / "arc-eager.conllu")
    assert status == 1
    assert "gold: expected an nltk DependencyGraph, got a constituency tree (nltk.Tree)" in err
    assert "use tedeval score (TedEval), parseval or mph" in err
    with pytest.raises(TreeStructureError, match="got a constituency tree"):
        AttachmentEvaluator([Tree.fromstring("(S a)")], [Tree.fromstring("(S a)")]).eval()


def test_an_empty_file_is_named_not_placed_at_line_0(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    empty = tmp_path / "empty.conllu"
    empty.write_text("", encoding="utf-8")
    one = tmp_path / "one.conllu"
    one.write_text("1\ta\t_\tX\tX\t_\t0\troot\t_\t_\n", encoding="utf-8")
    for argv in ((empty, one), (one, empty)):
        status, err = run(capsys, "attach", *argv)
        assert (status, err) == (
            1,
            f"tedeval: error: {empty} ends after 0 sentences, but {one} continues with "
            "sentence 1 on line 1; parallel sources must hold the same sentences in the "
            "same order\n",
        )
