"""`--align` on the command line: units in every report, errors that say what to do."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nltk_tedeval.cli import main

GOLD_PTB = "(S (NP (PRP He)) (VP (VBD left)) (. .))\n(S (NP (PRP She)) (VP (VBD stayed)) (. .))\n"
JOINED_PTB = (
    "(S (S (NP (PRP He)) (VP (VBD left)) (. .)) (S (NP (PRP She)) (VP (VBD stayed)) (. .)))\n"
)


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    out = {}
    for name, text in (("gold.ptb", GOLD_PTB), ("joined.ptb", JOINED_PTB), ("same.ptb", GOLD_PTB)):
        (tmp_path / name).write_text(text, encoding="utf-8")
        out[name] = str(tmp_path / name)
    return out


def test_parseval_joined_sentences(files, capsys) -> None:
    assert main(["parseval", files["gold.ptb"], files["joined.ptb"], "--align", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (system,) = data["systems"]
    totals = system["scores"]["P"]["totals"]
    # One unit: the test's S over both sentences is its only unmatched bracket.
    assert (totals["matched"], totals["test"]) == (6, 7)
    assert data["alignment"] == {
        "mode": "exact",
        "normalization": "esc+ws=all",
        "units": 1,
        "sentences": {"gold": 2, "joined": 1},
    }
    assert "align:exact" in system["signature"]
    main(["parseval", files["gold.ptb"], files["joined.ptb"], "--align"])
    text = capsys.readouterr().out
    assert "1 unit read" in text
    assert "rows are 1 unit, from 2 sentences of the gold, 1 sentence of joined" in text


def test_two_systems_share_units_and_significance_stays_paired(files, capsys, tmp_path) -> None:
    tsv = tmp_path / "units.tsv"
    args = ["parseval", files["gold.ptb"], files["joined.ptb"], files["same.ptb"], "--align"]
    assert main([*args, "--significance", "100", "--per-sentence", str(tsv)]) == 0
    out = capsys.readouterr().out
    # A unit ends where every file ends a sentence: the joined parse makes one of all.
    assert "rows are 1 unit" in out
    rows = tsv.read_text(encoding="utf-8").splitlines()
    assert len(rows) == 1 + 2  # header, one unit per system


def test_different_texts_name_the_place_and_the_remedy(files, capsys, tmp_path) -> None:
    other = tmp_path / "other.ptb"
    other.write_text(GOLD_PTB.replace("stayed", "stays"), encoding="utf-8")
    assert main(["parseval", files["gold.ptb"], str(other), "--align"]) == 1
    err = capsys.readouterr().err
    assert "gold.ptb:2: sentence 2: the texts differ" in err
    assert "reads 'left.Shestay|ed.', other token 2 ('stays')" in err
    assert "--align lcs aligns texts that differ" in err
    assert main(["parseval", files["gold.ptb"], str(other), "--align", "lcs"]) == 0
    assert "characters left unmatched: 2 of gold, 1 of other" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["mph", "G", "G", "--align"], "mph has no --align"),
        (["attach", "G", "G", "--conll18", "--align"], "--align would change"),
        (["parseval", "G", "G", "--disco", "--align"], "disco-dop's rules have no --align"),
    ],
)
def test_commands_that_cannot_align_say_so(files, capsys, argv, message) -> None:
    argv = [files["gold.ptb"] if a == "G" else a for a in argv]
    assert main(argv) != 0
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("command", ["parseval", "score"])
def test_a_bad_sentence_stops_an_aligned_run_even_with_skip_bad(files, capsys, tmp_path, command):
    # SPEC.md §11: an unreadable sentence has no text, so no unit can end
    # after it; --skip-bad cannot leave it out as it does without --align.
    bad = tmp_path / "bad.ptb"
    bad.write_text(GOLD_PTB.replace("(. .))\n(S", "(. .))\n(S (", 1), encoding="utf-8")
    assert main([command, files["gold.ptb"], str(bad), "--align", "--skip-bad"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f"tedeval: error: {bad}:2: sentence 2: ")
    assert err.rstrip().endswith(
        "; under alignment a sentence that cannot be read stops the run even when bad "
        "sentences are skipped (--skip-bad): without its words the texts cannot be aligned "
        "past it"
    )
    # Without --align the run goes on past it (ParsEval counts it as EVALB's error
    # sentence, TedEval as the parse's failed parse, SPEC.md §10), and lists it.
    assert main([command, files["gold.ptb"], str(bad), "--skip-bad", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["skipped"] == []
    listed = report.get("bad_parses", [])
    assert [b["sentence"] for b in listed] == ([] if command == "parseval" else [2])


def test_bare_align_before_the_files_means_exact(files, capsys) -> None:
    # argparse would take the gold's path as --align's value ("invalid choice").
    before = ["parseval", "--align", files["gold.ptb"], files["joined.ptb"], "--json"]
    assert main(before) == 0
    assert json.loads(capsys.readouterr().out)["alignment"]["units"] == 1
    assert main(["parseval", "--align", "lcs", files["gold.ptb"], files["joined.ptb"]]) == 0
    assert "align:lcs" in capsys.readouterr().out
    capsys.readouterr()
    assert main(["parseval", files["gold.ptb"], "--align", "--", files["joined.ptb"]]) == 0
    assert "1 unit read" in capsys.readouterr().out
