"""Input from anywhere: gzip, bzip2 and xz files by their magic bytes, and ``-`` for stdin."""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import subprocess
import sys
from pathlib import Path

import pytest

from nltk_tedeval import read_file
from nltk_tedeval.cli import main
from nltk_tedeval.reading.detect import file_suffix

ROOT = Path(__file__).resolve().parent.parent
STUDY = ROOT / "corpora_samples" / "study"
GOLD_UD = STUDY / "test.conllu"
EAGER = STUDY / "outputs" / "arc-eager.conllu"
GOLD_PTB = STUDY / "test.ptb"
PCFG = STUDY / "outputs" / "pcfg.ptb"

COMPRESSORS = {"gz": gzip.compress, "bz2": bz2.compress, "xz": lzma.compress}


def run_json(capsys: pytest.CaptureFixture[str], *argv: object) -> dict:
    status = main([str(a) for a in argv] + ["--json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    return json.loads(out)


@pytest.mark.parametrize("kind", sorted(COMPRESSORS))
def test_compressed_files_read_as_the_plain_ones(tmp_path: Path, kind: str) -> None:
    packed = tmp_path / f"gold.conllu.{kind}"
    packed.write_bytes(COMPRESSORS[kind](GOLD_UD.read_bytes()))
    plain = list(read_file(GOLD_UD))
    read = list(read_file(packed))
    assert len(read) == len(plain) == 605
    assert [(r.number, r.line, r.sentence_id) for r in read] == [
        (r.number, r.line, r.sentence_id) for r in plain
    ]
    assert [r.tree.to_conll(10) for r in read[:5]] == [r.tree.to_conll(10) for r in plain[:5]]
    assert read[0].file == str(packed)


def test_the_magic_bytes_decide_not_the_name(tmp_path: Path) -> None:
    """A gzip file without .gz in its name, and a plain file called .gz, both read."""
    hidden = tmp_path / "gold.conllu"
    hidden.write_bytes(gzip.compress(GOLD_UD.read_bytes()))
    liar = tmp_path / "gold.conllu.gz"
    liar.write_bytes(GOLD_UD.read_bytes())
    assert len(list(read_file(hidden))) == len(list(read_file(liar))) == 605


def test_the_format_suffix_is_found_under_the_compression_suffix() -> None:
    assert file_suffix("a/gold.conllu.gz") == ".conllu"
    assert file_suffix("gold.PTB.XZ") == ".ptb"
    assert file_suffix("gold.conllu") == ".conllu"


def test_commands_give_the_plain_numbers_on_compressed_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    gold = tmp_path / "gold.conllu.gz"
    gold.write_bytes(gzip.compress(GOLD_UD.read_bytes()))
    parse = tmp_path / "arc-eager.conllu.xz"
    parse.write_bytes(lzma.compress(EAGER.read_bytes()))
    packed = run_json(capsys, "attach", gold, parse)
    plain = run_json(capsys, "attach", GOLD_UD, EAGER)
    assert packed["systems"][0]["scores"] == plain["systems"][0]["scores"]
    # The default name drops both suffixes.
    assert packed["systems"][0]["name"] == "arc-eager"
    ptb = tmp_path / "pcfg.ptb.bz2"
    ptb.write_bytes(bz2.compress(PCFG.read_bytes()))
    packed = run_json(capsys, "parseval", GOLD_PTB, ptb)
    plain = run_json(capsys, "parseval", GOLD_PTB, PCFG)
    assert packed["systems"][0]["scores"] == plain["systems"][0]["scores"]
    assert (
        packed["counts"]
        == plain["counts"]
        == {
            "read": 605,
            "scored": 269,
            "missing": 336,
            "skipped": 0,
            "errors": 0,
        }
    )


def test_round_trip_through_standard_input(tmp_path: Path) -> None:
    """``gzip -c gold | tedeval attach - parse.conllu.gz`` prints the plain files' numbers."""
    parse = tmp_path / "parse.conllu.gz"
    parse.write_bytes(gzip.compress(EAGER.read_bytes()))

    def attach(gold: str, test: str, stdin: bytes | None) -> dict:
        proc = subprocess.run(
            [sys.executable, "-m", "nltk_tedeval", "attach", gold, test, "--json"],
            input=stdin,
            capture_output=True,
            check=True,
        )
        return json.loads(proc.stdout)

    piped = attach("-", str(parse), gzip.compress(GOLD_UD.read_bytes()))
    plain = attach(str(GOLD_UD), str(EAGER), None)
    assert piped["systems"][0]["scores"] == plain["systems"][0]["scores"]
    assert piped["golds"] == [{"role": "gold", "file": "-"}]


def test_only_one_input_can_be_standard_input(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["attach", "-", "-"])
    _, err = capsys.readouterr()
    assert status == 1 and "only one input can be standard input ('-')" in err
