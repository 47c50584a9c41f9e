"""Every ``--output-format`` prints the numbers of ``--json``, on one scale per report."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from nltk_tedeval.cli import main

ROOT = Path(__file__).resolve().parent.parent
STUDY = ROOT / "corpora_samples" / "study"
EAGER = STUDY / "outputs" / "arc-eager.conllu"
STANDARD = STUDY / "outputs" / "arc-standard.conllu"
PCFG = STUDY / "outputs" / "pcfg.ptb"

RUNS = {
    "attach": (
        ["attach", STUDY / "test.conllu", EAGER, STANDARD],
        ["LAS", "UAS", "LA", "UNDIRECTED", "NED"],
    ),
    "mph": (["mph", STUDY / "test.ptb", PCFG], ["P", "R", "F1"]),
    "parseval": (["parseval", STUDY / "test.ptb", PCFG], ["P", "R", "F1"]),
    "score": (["score", STUDY / "test.conllu", EAGER, "--projectivize"], ["labeled", "unlabeled"]),
    "cross": (
        ["cross", "-e", f"ptb={STUDY / 'test.ptb'},{PCFG}", "-e",
         f"ud={STUDY / 'test.conllu'},{EAGER}", "--projectivize"],
        ["single labeled", "single unlabeled", "multiple labeled", "multiple unlabeled"],
    ),
}  # fmt: skip


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> str:
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert status == 0, err
    return out


def parse_table(text: str, form: str) -> list[list[str]]:
    """The rows of a printed table, header first, each as a list of cells."""
    if form in ("tsv", "csv"):
        return list(csv.reader(io.StringIO(text), delimiter="\t" if form == "tsv" else ","))
    if form == "markdown":
        lines = [line for line in text.splitlines() if line.startswith("|")]
        del lines[1]  # the |---| rule
        return [[c.strip() for c in line.strip("|").split(" | ")] for line in lines]
    lines = [line for line in text.splitlines() if line.endswith("\\\\")]
    return [[c.strip().replace("\\_", "_") for c in line[:-2].split(" & ")] for line in lines]


@pytest.mark.parametrize("form", ["tsv", "csv", "markdown", "latex"])
@pytest.mark.parametrize("command", sorted(RUNS))
def test_every_format_prints_the_json_numbers(
    capsys: pytest.CaptureFixture[str], command: str, form: str
) -> None:
    argv, measures = RUNS[command]
    data = json.loads(run(capsys, *argv, "--json"))
    rows = parse_table(run(capsys, *argv, "-f", form), form)
    header, body = rows[0], rows[1:]
    assert len(body) == len(data["systems"])
    # EVALB's figures are percentages; every other report prints fractions.
    percent = command == "parseval"
    if command == "cross":
        assert header[1:] == ["SINGLE L", "SINGLE U", "MULTIPLE L", "MULTIPLE U"]
    else:
        assert header == ["system", *measures]
    for row, system in zip(body, data["systems"], strict=True):
        assert row[0] == system["name"]
        for cell, measure in zip(row[1:], measures, strict=True):
            value = system["scores"][measure]["value"]
            expected = f"{100 * value:.2f}" if percent else f"{value:.4f}"
            assert cell == expected, (command, form, measure)


def test_the_table_formats_escape_what_they_must(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A system called a_b|c: LaTeX escapes the underscore, Markdown the bar."""
    argv = ["attach", STUDY / "test.conllu", f"a_b|c={EAGER}"]
    latex = run(capsys, *argv, "-f", "latex")
    assert "a\\_b|c &" in latex and latex.startswith("\\begin{tabular}{lrrrrr}")
    markdown = run(capsys, *argv, "-f", "markdown")
    assert "| a_b\\|c |" in markdown


def test_json_is_the_short_form_of_the_json_format(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["mph", STUDY / "test.ptb", PCFG]
    assert run(capsys, *argv, "--json") == run(capsys, *argv, "-f", "json")


def test_parseval_text_opens_with_the_summary_not_a_headerless_row(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """EVALB's totals row belongs under its per-sentence table (``--evalb``), not above
    a summary that has no such table; the summary's own lines carry every figure."""
    evalb = ROOT / "corpora_samples" / "evalb"
    out = run(capsys, "parseval", evalb / "gold.mrg", evalb / "test.mrg")
    lines = out.splitlines()
    assert lines[:3] == [f"parseval: against {evalb / 'gold.mrg'}", "=== Summary ===", ""]
    assert not any(line.startswith("=" * 20) for line in lines)
    # With --evalb, EVALB's whole output, totals row included, as EVALB prints it:
    # recall, precision, matched, gold, test, crossing, words, tags, accuracy.
    full = run(capsys, "parseval", evalb / "gold.mrg", evalb / "test.mrg", "--evalb")
    assert "    583   614   622     13    750   748    99.73" in full


@pytest.mark.parametrize("form", ["tsv", "csv"])
def test_a_score_with_nothing_to_compare_is_an_empty_cell_in_tsv_and_csv(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, form: str
) -> None:
    # Issue 40: "n/a" in a numeric column makes a spreadsheet (or pandas) read the whole
    # column as text. A tree without a function tag scored against itself has labeled
    # TedEval N/A (no labeled item, SPEC.md §5) and unlabeled 1.
    gold = tmp_path / "g.ptb"
    gold.write_text("(S (NP (NNP John)) (VP (VBD left)))\n", encoding="utf-8")
    rows = parse_table(run(capsys, "score", gold, gold, "-f", form), form)
    assert rows == [["system", "labeled", "unlabeled"], ["g", "", "1.0000"]]
    # The same in a breakdown's table and in the per-sentence TSV.
    text = run(capsys, "score", gold, gold, "-f", form, "--by", "length")
    by_length = parse_table(text.split("\n\n")[1], form)
    assert by_length[1] == ["g", "1-10", "1", "100.00", "", "1.0000"]
    per = tmp_path / "per.tsv"
    run(capsys, "score", gold, gold, "--per-sentence", per)
    lines = per.read_text(encoding="utf-8").splitlines()
    assert lines[1].split("\t")[-2:] == ["", "1.0"]
    # Markdown and LaTeX are read by people: n/a, as the text says.
    assert "| g | n/a | 1.0000 |" in run(capsys, "score", gold, gold, "-f", "markdown")
