"""``--output FILE`` (issue 29): every format goes to the file, byte for byte what stdout gets."""

from __future__ import annotations

from pathlib import Path

import pytest

from nltk_tedeval.cli import main

ROOT = Path(__file__).resolve().parent.parent
GOLD = ROOT / "corpora_samples" / "gum" / "GUM_news_crane.conllu"


@pytest.mark.parametrize("form", ["text", "json", "tsv", "csv", "markdown", "latex"])
def test_output_file_holds_what_stdout_shows(capsys, tmp_path, form):
    argv = ["attach", str(GOLD), str(GOLD), "--by", "relation", "-f", form]
    assert main(argv) == 0
    shown = capsys.readouterr().out
    target = tmp_path / f"report.{form}"
    assert main([*argv, "--output", str(target)]) == 0
    # Nothing on standard output, and the file is what print wrote (its newline included).
    assert capsys.readouterr().out == ""
    assert target.read_text(encoding="utf-8") == shown
    assert not list(tmp_path.glob(".*.partial"))


def test_output_file_frees_stdout_for_the_per_sentence_table(capsys, tmp_path):
    target = tmp_path / "report.txt"
    assert main(["attach", str(GOLD), str(GOLD), "--per-sentence", "-", "-o", str(target)]) == 0
    out = capsys.readouterr().out
    # The TSV has its header and one line per sentence (13 in GUM_news_crane).
    assert out.splitlines()[0].startswith("sentence\tid\tsystem") and len(out.splitlines()) == 14
    assert target.read_text(encoding="utf-8").startswith(f"attach: against {GOLD}")


def test_output_file_in_a_missing_folder_is_a_one_line_error(capsys, tmp_path):
    target = tmp_path / "no" / "such" / "report.txt"
    assert main(["attach", str(GOLD), str(GOLD), "-o", str(target)]) == 1
    err = capsys.readouterr().err
    # Refused before anything is scored, naming the directory that is not there.
    assert err.strip().splitlines() == [
        f"tedeval: error: --output {target}: no directory {target.parent}"
    ]


@pytest.mark.parametrize("path", ["/", ".", "..", "", "DIR/", "DIR"])
@pytest.mark.parametrize("option", ["-o", "--per-sentence"])
def test_an_output_that_is_no_file_name_is_a_one_line_error(capsys, tmp_path, option, path):
    # Issue 40: "-o /" was an internal error (exit 70) after the whole run.
    path = path.replace("DIR", str(tmp_path))
    assert main(["attach", str(GOLD), str(GOLD), option, path]) == 1
    out, err = capsys.readouterr()
    name = "--output" if option == "-o" else option
    expected = (
        f"tedeval: error: {name} takes a file name, not an empty string"
        if not path
        else f"tedeval: error: {name} {path}: is a directory; give the name of a file in it"
    )
    assert (out, err.strip().splitlines()) == ("", [expected])
