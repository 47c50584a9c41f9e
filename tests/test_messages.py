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
    DependencyGraph, got Tree"; it now says what the input is and what scores it:
    on the command line the format found in the file, in Python the object."""
    gold = STUDY / "test.ptb"
    status, err = run(capsys, "attach", gold, STUDY / "outputs" / "arc-eager.conllu")
    assert (status, err) == (
        1,
        f"tedeval: error: {gold} is a Penn Treebank file (bracketed constituency trees): "
        "attach scores dependency trees; use tedeval score, parseval or mph\n",
    )
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


# -- a file of a format the command cannot score (issue 26, item 9) ---------------------

GUM = ROOT / "corpora_samples" / "gum"
SPEC = ROOT / "corpora_samples" / "spec"
DISC = ROOT / "tests" / "fixtures_disco" / "random_gold.dbr"
EXPORT = "#BOS 1\nes\tPPER\t--\tSB\t500\nregnet\tVVFIN\t--\tHD\t500\n#500\tS\t--\t--\t0\n#EOS 1\n"
MALT = "arrive\tVB\t0\tROOT\non\tIN\t1\tprep\nSunday\tNNP\t2\tpobj\n"


@pytest.fixture
def formats(tmp_path: Path) -> dict[str, Path]:
    (tmp_path / "d.export").write_text(EXPORT, encoding="utf-8")
    (tmp_path / "arrive.malt").write_text(MALT, encoding="utf-8")
    return {
        "ptb": GUM / "GUM_news_crane.ptb",
        "conllu": GUM / "GUM_news_crane.conllu",
        "conllx": SPEC / "arrive_gold1.conll",
        "malttab": tmp_path / "arrive.malt",
        "discbracket": DISC,
        "export": tmp_path / "d.export",
    }


PARSEVAL_DEPENDENCY = "parseval scores bracketed trees; use tedeval attach or tedeval score"
ATTACH_BRACKETS = "attach scores dependency trees; use tedeval score, parseval or mph"
ATTACH_DISC = "attach scores dependency trees; use tedeval score or parseval"


@pytest.mark.parametrize(
    ("command", "fmt", "message"),
    [
        ("parseval", "conllu", f"is a CoNLL-U file (dependency trees): {PARSEVAL_DEPENDENCY}"),
        ("parseval", "conllx", f"is a CoNLL-X file (dependency trees): {PARSEVAL_DEPENDENCY}"),
        ("parseval", "malttab", f"is a Malt-TAB file (dependency trees): {PARSEVAL_DEPENDENCY}"),
        ("attach", "ptb",
         f"is a Penn Treebank file (bracketed constituency trees): {ATTACH_BRACKETS}"),
        ("attach", "discbracket",
         f"is a discbracket file (discontinuous constituency trees): {ATTACH_DISC}"),
        ("attach", "export",
         f"is a Negra export file (discontinuous constituency trees): {ATTACH_DISC}"),
        ("attach --conll18", "ptb",
         f"is a Penn Treebank file (bracketed constituency trees): {ATTACH_BRACKETS}"),
        ("attach --conll18", "malttab",
         "is a Malt-TAB file (dependency trees): attach --conll18 reads CoNLL-U files, as "
         "the CoNLL 2018 script does; leave out --conll18 to score it"),
    ],
)  # fmt: skip
def test_a_gold_of_a_format_the_command_cannot_score_is_named_with_the_commands_that_can(
    capsys: pytest.CaptureFixture[str], formats: dict[str, Path], command: str, fmt: str,
    message: str,
) -> None:  # fmt: skip
    """``parseval`` on CoNLL-U said "text outside brackets: '#'"; now the file, the format
    found in it and the commands that score it, before anything is read."""
    path = formats[fmt]
    status, err = run(capsys, *command.split(), path, path)
    assert (status, err) == (1, f"tedeval: error: {path} {message}\n")


def test_a_parse_of_the_other_kind_points_to_the_commands_that_compare_kinds(
    capsys: pytest.CaptureFixture[str], formats: dict[str, Path]
) -> None:
    ptb, conllu = formats["ptb"], formats["conllu"]
    status, err = run(capsys, "parseval", ptb, conllu)
    assert (status, err) == (
        1,
        f"tedeval: error: {conllu} is a CoNLL-U file (dependency trees): parseval scores "
        "bracketed trees; tedeval score and tedeval mph compare dependency parses with "
        "bracketed gold\n",
    )
    status, err = run(capsys, "attach", conllu, f"pcfg={ptb}")
    assert (status, err) == (
        1,
        f"tedeval: error: {ptb} is a Penn Treebank file (bracketed constituency trees): "
        "attach scores dependency trees; tedeval score and tedeval mph compare constituency "
        "parses with dependency gold\n",
    )
    disc = formats["discbracket"]
    status, err = run(capsys, "attach", conllu, disc)
    assert (status, err) == (
        1,
        f"tedeval: error: {disc} is a discbracket file (discontinuous constituency trees): "
        "attach scores dependency trees; tedeval score compares discontinuous parses with "
        "dependency gold\n",
    )
    # EVALB's rules read every file as Penn Treebank brackets: "0=word" leaves would
    # differ from the gold's words in every sentence.
    status, err = run(capsys, "parseval", ptb, disc)
    assert (status, err) == (
        1,
        f"tedeval: error: {disc} is a discbracket file (discontinuous constituency trees), "
        f"and the gold {ptb} is Penn Treebank brackets: parseval reads every file as its "
        "gold's kind of brackets; give the gold as a discbracket or export file (disco-dop's "
        "rules), or use tedeval score\n",
    )


def test_the_commands_still_read_what_they_score(
    capsys: pytest.CaptureFixture[str], formats: dict[str, Path]
) -> None:
    """mph compares brackets from dependency trees too; a forced format is read as given."""
    conllu, export = formats["conllu"], formats["export"]
    assert run(capsys, "mph", conllu, conllu, "--projectivize")[0] == 0
    assert run(capsys, "parseval", export, export)[0] == 0
    assert run(capsys, "attach", formats["malttab"], formats["malttab"])[0] == 0
    status, err = run(capsys, "parseval", conllu, conllu, "--format", "ptb")
    assert (status, err) == (
        1,
        f"tedeval: error: {conllu}:1: sentence 1: text outside brackets: '#'\n",
    )


def test_an_option_with_an_optional_value_before_the_files(
    capsys: pytest.CaptureFixture[str], formats: dict[str, Path]
) -> None:
    """``attach --conll18 GOLD PARSE`` took GOLD as the table's name ("invalid choice")."""
    conllu = formats["conllu"]
    status, out, _ = (main([str(a) for a in ("attach", "--conll18", conllu, conllu)]),
                      *capsys.readouterr())  # fmt: skip
    assert status == 0 and out.startswith("Metric     | Precision |")
    assert "Sentences  |    100.00 |    100.00 |    100.00 |\n" in out
