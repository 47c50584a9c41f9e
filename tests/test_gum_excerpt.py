"""README's GUM overlap table is rerun from the excerpt that ships, and gives its numbers."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def load_script():
    spec = importlib.util.spec_from_file_location(
        "gum_overlap", ROOT / "examples" / "gum_overlap.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def test_the_overlap_table_of_the_readme_reruns_from_the_shipped_excerpt(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert load_script().main(["gum_overlap.py"]) == 0
    printed = {line.split()[0]: line.split()[1:] for line in capsys.readouterr().out.splitlines()}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    number = r"([\d.]+)"
    table = re.findall(
        rf"^\| (\w+) \| ([\d,]+) \| (\d+) \| {number} \| {number} \| {number} \| {number} \|$",
        readme,
        flags=re.MULTILINE,
    )
    assert [row[0] for row in table] == ["academic", "bio", "news", "voyage", "all"]
    for genre, sentences, gaps, *scores in table:
        sents, lifted, *values = printed[genre]
        assert int(sents) == int(sentences.replace(",", ""))
        assert int(lifted) == int(gaps)
        assert values == scores, genre


def test_the_readmes_figures_on_the_non_projective_sentences_rerun(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert load_script().main(["gum_overlap.py", "--gapped"]) == 0
    out = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(out) if line.startswith("all "))
    sents, gaps, native, lifted = out[at].split()[1:5]
    assert sents == gaps == "113"
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert f"unlabeled overlap is {native} as they are and {lifted} lifted" in readme
    deltas = [line.split("= ")[1] for line in out[at + 1 : at + 3]]
    claimed = [f"{int(d):,}/{int(i):,}" for d, i in (x.split("/") for x in deltas)]
    assert f"δ/ι = {claimed[0]} against {claimed[1]}" in readme
    (d0, _), (d1, _) = (x.split("/") for x in deltas)
    assert f"({int(d0) - int(d1)} fewer edits" in readme
