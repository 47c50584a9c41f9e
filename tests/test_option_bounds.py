"""Every option of every command at its bounds: one rule and one message each (issue 40).

Each numeric option is run on both sides of its bound, on every command that
has it: the value just past the bound is refused before any file is read, in
one line that names the option and what it takes; the value at the bound
runs. A test of the table itself makes sure no numeric option is added
without its bounds here, and every option with choices refuses a value
that is not one of them.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from nltk_tedeval.cli import main
from nltk_tedeval.cli.command import build_parser

ROOT = Path(__file__).resolve().parent.parent
PTB = ROOT / "corpora_samples" / "spec" / "john.ptb"
CONLL = ROOT / "corpora_samples" / "spec" / "arrive_gold1.conll"
LEVELS = "a fraction from 0.5 to below 1 (0.95) or a percentage from 50 to below 100 (95)"

# option: (values refused, with the message's "takes ..." part; values that run)
BOUNDS: dict[str, tuple[list[str], str, list[str]]] = {
    "--significance": (["0", "-5"], "a number of rounds of at least 1", ["1"]),
    "--seed": (["-1"], "a non-negative integer", ["0"]),
    "--top": (["-1"], "a number of groups (0: all)", ["0", "1"]),
    "--max-errors": (["-1"], "a number of error sentences of at least 0", ["0"]),
    "--sentence": (["0", "-2"], "a sentence number, from 1", ["1"]),
    "--first": (["0", "-1"], "a number of sentences of at least 1", ["1"]),
    "--max-length": (["0", "-1", "2.5", "x"], "a number of words of at least 1", ["1", "40"]),
    "--min-length": (["0", "-3", "2.5"], "a number of words of at least 1", ["1", "40"]),
    "--jobs": (["0", "-1"], "a number of processes of at least 1", ["1"]),
    "--bootstrap": (["0", "-3"], "a number of rounds of at least 1", ["1"]),
    "--ci": (
        ["0", "0.49", "1", "2", "49", "100", "-0.5", "nan", "inf", "x"],
        LEVELS,
        ["0.5", "0.95", "50", "99.9"],
    ),
}
# Free-form options whose values are checked by their own tests (test_cli_breakdown.py,
# test_cli_output_file.py, ...): not numbers with a bound.
FREE_FORM = {
    "--bins",
    "--by",
    "--experiment",
    "--exclude",
    "--gold-only",
    "--gold-segments",
    "--other-gold-segments",
    "--head-label",
    "--head-rules",
    "--headrules",
    "--label-map",
    "--measure",
    "--other-gold",
    "--output",
    "--params",
    "--parse-segments",
    "--per-sentence",
    "--punct-tags",
    "--rank-by",
    "--scheduler",
    "--tl-unify",
}


def commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


def options_of(command: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    return {
        a.option_strings[-1]: a
        for a in command._actions
        if a.option_strings and a.nargs != 0 and not isinstance(a, argparse._HelpAction)
    }


def argv_for(command: str, *extra: str) -> list[str]:
    """Two systems (for --significance) on the shipped SPEC files of the command's kind."""
    if command == "cross":
        return ["cross", "-e", f"A={PTB},{PTB}", "-e", f"B={PTB},{PTB}", *extra]
    if command == "rank":  # a manifest of three treebanks, the metric's name after it
        manifest = ROOT / "corpora_samples" / "rank" / "runs.tsv"
        return ["rank", str(manifest), "attach", "--missing-treebank", "zero", *extra]
    if command == "explain":  # one parse, one sentence
        return ["explain", str(PTB), str(PTB), "--sentence", "1", *extra]
    gold = CONLL if command == "attach" else PTB
    return [command, str(gold), str(gold), str(gold), *extra]


def test_every_option_with_a_value_is_known_here() -> None:
    # A numeric option added without its bounds here fails this test.
    for name, command in commands().items():
        for option, action in options_of(command).items():
            if action.choices is not None:
                continue  # test_every_choice_option_refuses_another_value
            assert option in BOUNDS or option in FREE_FORM, (name, option)
            if action.type is int or action.type is float:
                assert option in BOUNDS, (name, option)


@pytest.mark.parametrize(
    ("option", "value"), [(o, v) for o, (bad, _, _) in BOUNDS.items() for v in bad]
)
def test_a_value_past_the_bound_is_refused_before_any_file_is_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: str, value: str
) -> None:
    takes = BOUNDS[option][1]
    for name, command in commands().items():
        if option not in options_of(command):
            continue
        # The files do not exist: the option is refused before they are read.
        missing = tmp_path / "no such file"
        argv = [name, str(missing), str(missing), f"{option}={value}"]
        if name == "cross":
            argv = ["cross", "-e", f"A={missing},{missing}", f"{option}={value}"]
        if option != "--ci" and not _int(value):
            with pytest.raises(SystemExit) as stopped:  # argparse's type check
                main(argv)
            assert stopped.value.code == 2 and "invalid int value" in capsys.readouterr().err
            continue
        status = main(argv)
        out, err = capsys.readouterr()
        assert (status, out) == (1, ""), (name, err)
        assert err == f"tedeval: error: {option} takes {takes}, not {value}\n", name


def _int(value: str) -> bool:
    try:
        int(value)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize(
    ("option", "value"), [(o, v) for o, (_, _, good) in BOUNDS.items() for v in good]
)
def test_a_value_at_the_bound_runs(
    capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    for name, command in commands().items():
        if option not in options_of(command):
            continue
        extra = [f"{option}={value}"]
        if option == "--top":
            extra += ["--by", "category" if name == "mph" else "length"]
        status = main(argv_for(name, *extra))
        _, err = capsys.readouterr()
        assert status == 0, (name, err)


def test_every_choice_option_refuses_another_value(capsys: pytest.CaptureFixture[str]) -> None:
    for name, command in commands().items():
        for option, action in options_of(command).items():
            if action.choices is None:
                continue
            with pytest.raises(SystemExit) as stopped:  # argparse's usage error
                main([*argv_for(name), f"{option}=no-such-choice"])
            _, err = capsys.readouterr()
            assert stopped.value.code == 2, (name, option)
            assert "invalid choice: 'no-such-choice'" in err, (name, option, err)


def test_significance_at_its_bound_tests_and_without_it_does_not(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # One round: p = (1 + 1) / (1 + 1) = 1.0 for two equal systems (SPEC.md §6); no
    # --significance, no test: the rule is "at least 1 round", never a silent 0.
    assert main(argv_for("parseval", "--significance", "1", "--json")) == 0
    out = capsys.readouterr().out
    assert '"significance"' in out and '"rounds": 1' in out
    assert main(argv_for("parseval", "--json")) == 0
    assert '"significance"' not in capsys.readouterr().out
