"""README.md and docs/ (the site's pages) refer only to files that ship (issue: docs that stand
on their own)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# docs/ and its folders: the guide (docs/guide/) is pages of the site too (issue 42).
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

# A Markdown link target, or a backticked path under one of the shipped folders.
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
PATH = re.compile(
    r"`((?:docs|tests|examples|benchmarks|corpora_samples|nltk_tedeval|\.ci)/[\w./+-]*\w)`"
)


# Pages of the site that no file holds: each is made at every build (mkdocs.yml's hooks),
# and the strict build (tests/test_docs_site.py) checks the links to it.
GENERATED = {"docs/cli.md": "docs/hooks/cli_reference.py: every command's --help"}


def generated(doc: Path, ref: str) -> bool:
    """The reference names a page that the site's build makes."""
    target = (doc.parent / ref).resolve()
    return any(target == ROOT / page for page in GENERATED)


def references(doc: Path) -> list[str]:
    text = doc.read_text(encoding="utf-8")
    links = [t for t in LINK.findall(text) if "://" not in t and not t.startswith("mailto:")]
    return links + PATH.findall(text)


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_file_a_document_names_ships(doc: Path) -> None:
    missing = []
    for ref in references(doc):
        # Links are relative to the document; backticked paths to the project root.
        candidates = [doc.parent / ref, ROOT / ref]
        if "*" in ref or not (any(c.exists() for c in candidates) or generated(doc, ref)):
            missing.append(ref)
    assert not missing, f"{doc.name} names files that do not ship: {missing}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_document_points_outside_the_project(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    assert "../shared" not in text and "/work/" not in text


def test_the_references_are_found() -> None:
    """The patterns see the links the README certainly has."""
    found = references(ROOT / "README.md")
    assert "docs/SPEC.md" in found and "LICENSE" in found and "docs/report.md" in found


def test_the_licence_is_the_apache_text() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    assert "END OF TERMS AND CONDITIONS" in text


def test_the_readme_states_the_python_requirement() -> None:
    """README's install section names the oldest Python that pyproject.toml accepts."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    # Raising the requirement fails here until README says the new one.
    assert re.search(r'^requires-python = ">=3\.10"$', pyproject, re.MULTILINE)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    install = readme.split("## Install and test\n", 1)[1].split("\n## ", 1)[0]
    assert "Python 3.10 or later" in " ".join(install.split())


# The files at the top of the repository; anything else tracked there (a log,
# a scratch file) was committed by mistake, as a load log once was.
ROOT_FILES = {".gitignore", "LICENSE", "README.md", "mkdocs.yml", "pyproject.toml", "setup.cfg"}


def test_the_root_holds_only_the_project_files() -> None:
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: nothing says which files are tracked")
    tracked = subprocess.run(
        [git, "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert {path for path in tracked if "/" not in path} == ROOT_FILES
