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
from nltk_tedeval.reading import FORMATS

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


# -- messages that leaked Python or read badly (issue 26, item 15) -----------------------


def full(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


TWO = "(S (NP a) (VP b))\n(S (NP c) (VP d))\n"
GAP = "(S (NP a) (VP b))\n\n"  # sentence 2 has no tree: an empty line, EVALB's layout


@pytest.mark.parametrize(
    ("command", "extra", "who"),
    [
        ("score", [], "the gold"),
        ("mph", [], "the gold"),
        ("score", ["--other-gold", "GAP"], "the other gold"),
        ("score", ["--tl-unify", "GAP"], "the --tl-unify gold"),
    ],
)
def test_a_gold_without_a_tree_is_named_by_its_role_not_a_parameter(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, extra: list[str], who: str
) -> None:
    """It said "gold_sents has no tree" (or other_golds[0], tl_unify_with) and "(an
    empty line or None)"; the location already names the file."""
    two, gap = tmp_path / "two.ptb", tmp_path / "gap.ptb"
    two.write_text(TWO, encoding="utf-8")
    gap.write_text(GAP, encoding="utf-8")
    gold = two if extra else gap
    argv = [command, gold, two, *(gap if a == "GAP" else a for a in extra)]
    status, err = run(capsys, *argv)
    assert (status, err) == (
        1,
        f"tedeval: error: {gap}:2: sentence 2: {who} has no tree for this sentence (an empty "
        "line); a missing parse is allowed, a missing gold is not\n",
    )


def test_warnings_and_errors_name_flags_not_parameters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    two, gap = tmp_path / "two.ptb", tmp_path / "gap.ptb"
    two.write_text(TWO, encoding="utf-8")
    gap.write_text(GAP, encoding="utf-8")
    status, _, err = full(capsys, "score", two, gap)
    assert (status, err) == (
        0,
        "tedeval: warning: 1 of 2 sentences has a missing parse (gap: 1), left out of every "
        "system (--missing skip)\n",
    )
    # Under alignment the error names the unit and the sentences of both sides
    # (SPEC.md §11), and still the flag, not the Python parameter.
    status, _, err = full(capsys, "score", two, gap, "--missing", "error", "--align")
    assert (status, err) == (
        1,
        f"tedeval: error: {gap}:2: sentence 2: in unit 2 (the gold sentence 2, {two} line 2; "
        f"gap sentence 2, {gap} line 2): gap has no parse for this sentence; pass --missing "
        "skip, zero or flat to score the others\n",
    )


def test_a_parameter_file_error_says_its_place_once_and_quotes_a_short_excerpt(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A binary file given as -p said "garbage.bin:7: garbage.bin:7: keyword '...'" with
    the whole line in it."""
    two, prm = tmp_path / "two.ptb", tmp_path / "garbage.bin"
    two.write_text(TWO, encoding="utf-8")
    # Six keyword lines EVALB reads, then a line without a space: a keyword without
    # value. The byte 0x89 is no UTF-8: it reads as U+FFFD, shown escaped.
    prm.write_bytes(b"DEBUG 0\n" * 6 + b"\x89PNG" + b"\x01" * 60 + b"\n")
    status, err = run(capsys, "parseval", two, two, "-p", prm)
    assert (status, err) == (
        1,
        f"tedeval: error: {prm}:7: keyword '\\ufffdPNG" + "\\x01" * 36 + "'… has no value\n",
    )


def test_a_binary_file_is_shown_as_a_short_escaped_excerpt(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    elf = tmp_path / "a.out"
    elf.write_bytes(b"\x7fELF\x02\x01\x01" + b"\x00" * 200 + b"\n")
    status, err = run(capsys, "score", elf, elf)
    assert (status, err) == (
        1,
        f"tedeval: error: {elf}:1: cannot tell the format: this does not look like a text "
        "file (the first line holds control characters or bytes that are no UTF-8: "
        "'\\x7fELF\\x02\\x01\\x01" + "\\x00" * 17 + "'…); give a treebank file in one of "
        f"{', '.join(FORMATS)}; a file of bytes is known by its name: spacy (.spacy)\n",
    )
    # parseval reads every file as brackets (EVALB does): the junk is text outside them.
    zeros = tmp_path / "zeros.ptb"
    zeros.write_bytes(b"\x00" * 3000)
    status, err = run(capsys, "parseval", zeros, zeros)
    assert (status, err) == (
        1,
        f"tedeval: error: {zeros}:1: sentence 1: text outside brackets: '" + "\\x00" * 40 + "'…\n",
    )


def test_a_control_character_in_a_file_name_is_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    odd = tmp_path / "x\x1b[31m\n.ptb"
    status, err = run(capsys, "score", odd, odd)
    assert (status, err) == (
        1,
        f"tedeval: error: {tmp_path}/x\\x1b[31m\\n.ptb: No such file or directory\n",
    )


@pytest.mark.parametrize(
    ("argv", "command", "message"),
    [
        (["parseval", "G", "G", "--bogus"], "parseval", "unrecognized arguments: --bogus"),
        (["cross", "-e", "a=G,G", "--bogus"], "cross", "unrecognized arguments: --bogus"),
        (["score", "G", "G", "--seed", "3", "G"], "score",
         "unrecognized arguments: G; give the files together, before or after the options"),
    ],
)  # fmt: skip
def test_a_bad_option_shows_the_usage_of_its_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], command: str,
    message: str,
) -> None:  # fmt: skip
    """argparse reported these from the top parser: "usage: tedeval [-h] [--version]
    COMMAND ...", which says nothing of the options meant."""
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: tedeval {command} [-h]")
    assert err.endswith(f"tedeval {command}: error: {message}\n")


def test_counts_in_messages_agree_with_their_nouns(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """ "1 sentences (1 arcs)", "1 error sentences", "1 columns", "1 tokens", "1 rounds"."""
    crane = ROOT / "corpora_samples" / "gum" / "GUM_news_crane.conllu"
    _, out, _ = full(capsys, "score", crane, crane, "--projectivize")
    # Sentence 10 has the one non-projective arc, 24 -> 4, on both sides.
    assert "projectivized: gold: 1 sentence (1 arc), parse: 1 sentence (1 arc)\n" in out
    two, word = tmp_path / "two.ptb", tmp_path / "word.ptb"
    two.write_text(TWO, encoding="utf-8")
    word.write_text("(S (NP a) (VP b))\n(S (NP x) (VP d))\n", encoding="utf-8")
    _, out, _ = full(capsys, "parseval", two, word)
    assert f"1 error sentence:\n  {word}:2: sentence 2: word 1 differs: gold 'c', test 'x'\n" in out
    _, out, _ = full(capsys, "score", two, two, f"b={two}", "--significance", "1")
    assert "paired approximate randomization, 1 round, seed 12345\n" in out
    conll, short = tmp_path / "ok.conll", tmp_path / "short.conll"
    conll.write_text("1\ta\t_\tX\tX\t_\t0\troot\t_\t_\n2\tb\t_\tX\tX\t_\t1\tdep\t_\t_\n")
    short.write_text("1\ta\t_\tX\tX\t_\t0\troot\t_\t_\n2\n", encoding="utf-8")
    status, err = run(capsys, "score", conll, short)
    assert (status, err) == (
        1,
        f"tedeval: error: {short}:2: sentence 1: 1 column; CoNLL lines have 10, separated "
        "by tabs\n",
    )
    one, longer = tmp_path / "one.ptb", tmp_path / "longer.ptb"
    one.write_text("(S (A a))\n", encoding="utf-8")
    longer.write_text("(S (A a) (B b))\n", encoding="utf-8")
    status, err = run(capsys, "score", one, longer)
    assert (status, err) == (
        1,
        f"tedeval: error: sentence 1: the yields differ in length: {one}:1 has 1 token, "
        f"{longer}:1 has 2; {one}:1 ends before token 2 ('b' in {longer}:1)\n",
    )


def test_an_empty_corpus_names_each_file_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """It said "no sentences to score: e.ptb, e.ptb contain(s) no sentences"."""
    empty, other = tmp_path / "e.ptb", tmp_path / "f.ptb"
    empty.write_text("", encoding="utf-8")
    other.write_text("\n", encoding="utf-8")
    status, err = run(capsys, "score", empty, empty)
    assert (status, err) == (1, f"tedeval: error: no sentences to score: {empty} holds none\n")
    status, err = run(capsys, "mph", empty, other, f"x={empty}")
    assert (status, err) == (
        1,
        f"tedeval: error: no sentences to score: {empty} and {other} hold none\n",
    )


def test_a_file_given_twice_is_named_once_when_the_counts_differ(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    two, one = tmp_path / "two.ptb", tmp_path / "one.ptb"
    two.write_text(TWO, encoding="utf-8")
    one.write_text("(S (NP a) (VP b))\n", encoding="utf-8")
    status, err = run(capsys, "cross", "-e", f"a={two},{one}", "-e", f"b={two},{two}")
    assert (status, err) == (
        1,
        f"tedeval: error: {one} ends after 1 sentence, but {two} continues with sentence 2 "
        "on line 2; parallel sources must hold the same sentences in the same order\n",
    )


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--seed", "-1", "--significance", "5"], "--seed takes a non-negative integer, not -1"),
        (["--max-errors", "-1"],
         "--max-errors takes a number of error sentences of at least 0, not -1"),
        (["--max-errors", "2", "--disco"],
         "--max-errors is EVALB's MAX_ERROR; disco-dop's rules have no such limit"),
    ],
)  # fmt: skip
def test_bad_numbers_and_options_that_would_be_ignored_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, extra: list[str], message: str
) -> None:
    two = tmp_path / "two.ptb"
    two.write_text(TWO, encoding="utf-8")
    status, err = run(capsys, "parseval", two, two, f"b={two}", *extra)
    assert (status, err) == (1, f"tedeval: error: {message}\n")


def test_standard_input_is_named_as_the_readers_name_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It was "-", a command-line spelling, in the middle of a sentence."""
    import io
    import sys

    gold = SPEC / "arrive_gold1.conll"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"")))
    status, err = run(capsys, "attach", gold, "-")
    assert (status, err) == (
        1,
        f"tedeval: error: <stdin> ends after 0 sentences, but {gold} continues with sentence "
        "1 on line 1; parallel sources must hold the same sentences in the same order\n",
    )
