"""README's GUM overlap table is rerun from the excerpt that ships, and gives its numbers."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_overlap_table_of_the_readme_reruns_from_the_shipped_excerpt(
    capsys: pytest.CaptureFixture[str],
) -> None:
    spec = importlib.util.spec_from_file_location(
        "gum_overlap", ROOT / "examples" / "gum_overlap.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.main(["gum_overlap.py"]) == 0
    printed = {line.split()[0]: line.split()[1:] for line in capsys.readouterr().out.splitlines()}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = re.findall(r"^\| (\w+) \| ([\d,]+) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \|$",
                       readme, flags=re.MULTILINE)  # fmt: skip
    assert [row[0] for row in table] == ["academic", "bio", "news", "voyage", "all"]
    for genre, sentences, *scores in table:
        sents, _, *values = printed[genre]
        assert int(sents) == int(sentences.replace(",", ""))
        assert values == scores, genre
