"""README.md and docs/ refer only to files that ship (issue: docs that stand on their own)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

# A Markdown link target, or a backticked path under one of the shipped folders.
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
PATH = re.compile(
    r"`((?:docs|tests|examples|benchmarks|corpora_samples|nltk_tedeval|\.ci)/[\w./+-]*\w)`"
)


def references(doc: Path) -> list[str]:
    text = doc.read_text(encoding="utf-8")
    links = [t for t in LINK.findall(text) if "://" not in t and not t.startswith("mailto:")]
    return links + PATH.findall(text)


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_file_a_document_names_ships(doc: Path) -> None:
    missing = []
    for ref in references(doc):
        # Links are relative to the document; backticked paths to the project root.
        candidates = [doc.parent / ref, ROOT / ref]
        if "*" in ref or not any(c.exists() for c in candidates):
            missing.append(ref)
    assert not missing, f"{doc.name} names files that do not ship: {missing}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_no_document_points_outside_the_project(doc: Path) -> None:
    assert "../shared" not in doc.read_text(encoding="utf-8")


def test_the_references_are_found() -> None:
    """The patterns see the links the README certainly has."""
    found = references(ROOT / "README.md")
    assert "docs/SPEC.md" in found and "LICENSE" in found and "docs/report.md" in found


def test_the_licence_is_the_apache_text() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    assert "END OF TERMS AND CONDITIONS" in text
