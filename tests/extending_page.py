"""docs/extending.md read for its tests: its sections, their Python blocks, a block run as
a reader runs it (from the repository root, in a fresh namespace), and the output block
printed under it (tests/test_extending_measures.py, tests/test_extending_docs.py)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "extending.md"


def section(title: str) -> str:
    """The page from the heading ``title`` to the next heading of its level."""
    level = title.split(" ", 1)[0]
    text = DOC.read_text(encoding="utf-8")
    start = text.index(title)
    end = text.find(f"\n{level} ", start + 1)
    return text[start : end if end != -1 else len(text)]


def python_blocks(text: str) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```$", text, flags=re.M | re.S)


def run_block(block: str, monkeypatch: pytest.MonkeyPatch) -> tuple[str, dict[str, Any]]:
    """What ``block`` prints, and the names it defined."""
    monkeypatch.chdir(ROOT)
    out, space = io.StringIO(), {"__name__": "__main__"}
    with contextlib.redirect_stdout(out):
        exec(compile(block, f"{DOC}: block", "exec"), space)
    return out.getvalue(), space


def shown_after(text: str, block: str) -> str:
    """The output block that follows ``block`` on the page."""
    after = text[text.index(block) + len(block) :]
    found = re.search(r"```\n\n```text\n(.*?)^```$", after, flags=re.M | re.S)
    assert found is not None, "no output block after the code"
    return found.group(1)
