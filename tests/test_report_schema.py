"""One report for every command: the JSON schema of docs/report.md, the TSV columns,
the streams, system names and progress (issue "One pipeline", step 4 and 5)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from nltk_tedeval.cli import main

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "docs" / "report.schema.json").read_text(encoding="utf-8"))
STUDY = ROOT / "corpora_samples" / "study"
GOLD_PTB = STUDY / "test.ptb"
GOLD_UD = STUDY / "test.conllu"
PCFG = STUDY / "outputs" / "pcfg.ptb"
EAGER = STUDY / "outputs" / "arc-eager.conllu"
STANDARD = STUDY / "outputs" / "arc-standard.conllu"
EVALB = ROOT / "corpora_samples" / "evalb"

# Every command with one system and with three, on shipped files.
COMMANDS: dict[str, tuple[list[object], list[object]]] = {
    "score": (
        [GOLD_UD, EAGER, "--projectivize"],
        [GOLD_UD, EAGER, STANDARD, f"gold={GOLD_UD}", "--projectivize"],
    ),
    "attach": ([GOLD_UD, EAGER], [GOLD_UD, EAGER, STANDARD, f"gold={GOLD_UD}"]),
    "mph": ([GOLD_PTB, PCFG], [GOLD_PTB, PCFG, f"gold={GOLD_PTB}", EAGER, "--projectivize"]),
    "parseval": (
        [EVALB / "gold.mrg", EVALB / "test.mrg"],
        [
            EVALB / "gold.mrg",
            EVALB / "test.mrg",
            f"same={EVALB / 'gold.mrg'}",
            f"t2={EVALB / 'test.mrg'}",
        ],
    ),
    "cross": (
        ["-e", f"ptb={GOLD_PTB},{PCFG}", "--gold-only", f"ud={GOLD_UD}", "--projectivize"],
        [
            "-e", f"ptb={GOLD_PTB},{PCFG}", "-e", f"ud={GOLD_UD},{EAGER}",
            "-e", f"ud2={GOLD_UD},{STANDARD}", "--projectivize",
        ],
    ),
}  # fmt: skip


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("systems", [1, 3])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_json_follows_the_documented_schema(
    capsys: pytest.CaptureFixture[str], command: str, systems: int
) -> None:
    argv = COMMANDS[command][0 if systems == 1 else 1]
    extra = ["--significance", "20"] if systems > 1 else []
    status, out, err = run(capsys, command, *argv, "--json", "--macro", *extra)
    assert status == 0, err
    data = json.loads(out)
    jsonschema.validate(data, SCHEMA)
    assert data["command"] == command
    assert len(data["systems"]) == systems
    assert data["counts"]["read"] >= data["counts"]["scored"]
    if systems == 3:
        assert len({s["name"] for s in data["systems"]}) == 3


def test_significance_needs_two_systems_and_some_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    """Impossible settings are errors, not silently ignored options."""
    status, _, err = run(capsys, "attach", GOLD_UD, EAGER, "--significance", "100")
    assert status == 1
    assert "--significance compares systems with each other: give two or more" in err
    status, _, err = run(capsys, "attach", GOLD_UD, EAGER, STANDARD, "--significance", "-5")
    assert (status, err) == (
        1,
        "tedeval: error: --significance takes a number of rounds of at least 1, not -5\n",
    )


def test_p_values_print_with_the_decimals_the_rounds_resolve(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """With R rounds the smallest p-value is 1/(R+1): 99 rounds resolve 0.01, two decimals."""
    status, out, _ = run(capsys, "attach", GOLD_UD, EAGER, STANDARD, "--significance", "99")
    assert status == 0
    rows = [line.split() for line in out.splitlines() if line.startswith("arc-eager  arc-standard")]
    assert [r[2] for r in rows] == ["LAS", "UAS", "NED"]
    assert all(len(r[5]) == 4 and r[5].startswith("0.") for r in rows)  # "0.01", not 1e-02


def test_schema_refuses_the_old_shapes() -> None:
    """The schema is a real check: a report with the old top-level ``labeled`` of one
    system, or ``parse`` in place of ``test``, does not validate."""
    good: dict[str, Any] = {
        "schema": "nltk_tedeval/report", "version": 1, "tool": "nltk_tedeval 0.1.0",
        "command": "score", "golds": [{"role": "gold", "file": "g"}],
        "systems": [{"name": "p", "test": "p.conllu", "gold": "g", "signature": "s",
                     "missing": 0, "scores": {"labeled": {
                         "name": "TEDEVAL labeled", "value": 1.0, "reason": None,
                         "average": "micro", "sentences": 1, "undefined": 0,
                         "totals": {"delta_labeled": 0}, "signature": "s"}}}],
        "counts": {"read": 1, "scored": 1, "missing": 0, "skipped": 0},
        "missing": {"policy": "skip", "sentences": []}, "skipped": [],
    }  # fmt: skip
    jsonschema.validate(good, SCHEMA)
    for bad in (
        {**good, "labeled": {}},
        {**good, "systems": [{**good["systems"][0], "parse": "p"}]},
        {**good, "systems": []},
        {**good, "version": 2},
        {**good, "notes": "one note, not a list"},
    ):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, SCHEMA)


def test_per_sentence_columns_start_alike_in_every_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    firsts = set()
    for command, (one, _) in COMMANDS.items():
        path = tmp_path / f"{command}.tsv"
        status, _, err = run(capsys, command, *one, "--per-sentence", path)
        assert status == 0, err
        lines = path.read_text(encoding="utf-8").splitlines()
        header = lines[0].split("\t")
        firsts.add(tuple(header[:3]))
        first_row = lines[1].split("\t")
        assert len(first_row) == len(header)
    assert firsts == {("sentence", "id", "system")}


def test_per_sentence_names_systems_and_ids(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "s.tsv"
    run(capsys, "attach", GOLD_UD, f"eager={EAGER}", STANDARD, "--per-sentence", path)
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    assert rows[0][:3] == ["1", "GUM_academic_discrimination-1", "eager"]
    assert rows[605][:3] == ["1", "GUM_academic_discrimination-1", "arc-standard"]
    assert len(rows) == 2 * 605


def test_two_formats_never_share_standard_output(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "attach", GOLD_UD, EAGER, "--per-sentence", "-", "--json")
    assert (status, out) == (1, "")
    assert "--output-format json and --per-sentence - would both write to standard output" in err
    status, out, err = run(capsys, "attach", GOLD_UD, EAGER, "--per-sentence", "-")
    assert status == 0
    assert out.splitlines()[0].startswith("sentence\tid\tsystem\ttokens")
    assert len(out.splitlines()) == 606
    assert err.startswith("attach: against")


def test_systems_are_named_by_stem_or_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "attach", GOLD_UD, EAGER, f"std={STANDARD}", "--json")[1])
    assert [(s["name"], s["test"]) for s in data["systems"]] == [
        ("arc-eager", str(EAGER)),
        ("std", str(STANDARD)),
    ]
    # A name given wins; a default that would collide with it falls back to the path.
    data = json.loads(run(capsys, "attach", GOLD_UD, EAGER, f"arc-eager={STANDARD}", "--json")[1])
    assert [(s["name"], s["test"]) for s in data["systems"]] == [
        (str(EAGER), str(EAGER)),
        ("arc-eager", str(STANDARD)),
    ]
    # The same file twice is numbered; the same name given twice is refused.
    data = json.loads(run(capsys, "attach", GOLD_UD, EAGER, EAGER, "--json")[1])
    assert [s["name"] for s in data["systems"]] == [str(EAGER), f"{EAGER}#2"]
    status, _, err = run(capsys, "attach", GOLD_UD, f"x={EAGER}", f"x={STANDARD}")
    assert status == 1 and "two systems are named 'x'" in err


def test_relations_tables_name_their_system(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "attach", GOLD_UD, EAGER, STANDARD, "--relations")
    assert status == 0
    assert "relations of arc-eager:" in out and "relations of arc-standard:" in out


def test_cross_progress_counts_the_first_gold(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["cross", "-e", f"ptb={GOLD_PTB},{PCFG}", "-e", f"ud={GOLD_UD},{EAGER}"]
    status, _, err = run(capsys, *argv, "--projectivize", "--progress")
    assert status == 0 and "0/605 [" in err


@pytest.mark.parametrize("command", ["attach", "parseval", "mph", "score"])
def test_progress_shows_a_count_out_of_the_total(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """``--progress`` used to do nothing in attach, parseval and mph; the bar now knows
    the gold's 605 sentences, so it can show an ETA. ``--quiet`` silences it."""
    gold, test = (GOLD_UD, EAGER) if command in ("attach", "score") else (GOLD_PTB, PCFG)
    extra = ["--projectivize"] if command == "score" else []
    status, _, err = run(capsys, command, gold, test, *extra, "--progress")
    assert status == 0
    assert "0/605 [" in err
    status, _, err = run(capsys, command, gold, test, *extra, "--progress", "--quiet")
    assert status == 0
    assert "/605 [" not in err


JP = ROOT / "tests" / "fixtures_jp_evalb"
GUM_UD = ROOT / "corpora_samples" / "gum" / "GUM_bio_byron.conllu"


@pytest.mark.parametrize(
    "argv",
    [
        ["parseval", JP / "GUM_bio_byron.0.gold", JP / "GUM_bio_byron.0.test", "--align"],
        ["parseval", JP / "GUM_bio_byron.0.gold", JP / "GUM_bio_byron.0.test", "--align", "lcs"],
        [
            "parseval", JP / "GUM_bio_byron.0.gold", JP / "GUM_bio_byron.0.test",
            "--align", "--jp-evalb",
        ],
        ["attach", GOLD_UD, EAGER, "--align"],
        # The CoNLL 2018 script refuses two roots, as arc-eager's outputs have.
        ["attach", GUM_UD, GUM_UD, "--conll18"],
        ["score", GOLD_UD, EAGER, "--align", "--projectivize"],
    ],
)  # fmt: skip
def test_aligned_reports_follow_the_schema(
    capsys: pytest.CaptureFixture[str], argv: list[object]
) -> None:
    status, out, err = run(capsys, *argv, "--json")
    assert status == 0, err
    data = json.loads(out)
    jsonschema.validate(data, SCHEMA)
    if "--align" in argv:
        # The units of GUM_bio_byron.0 and its re-split parse: 24 (as jp-evalb
        # also finds, tests/fixtures_jp_evalb/GUM_bio_byron.0.units has 24 lines);
        # the study's parses tokenize as the gold, one unit a sentence.
        a = data["alignment"]
        expected = 24 if argv[0] == "parseval" else data["counts"]["read"]
        assert (a["mode"], a["units"]) == ("lcs" if "lcs" in argv else "exact", expected)
        assert a["sentences"]["gold"] == (25 if argv[0] == "parseval" else a["units"])
        assert ("unmatched" in a) == ("lcs" in argv)
