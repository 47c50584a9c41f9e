"""MkDocs hook: the repository's Markdown outside docs/ joins the site, and links resolve.

The pages are written to be read in the repository: README.md links to
``docs/SPEC.md``, docs/study.md to ``../examples/study_results.md``. The site
keeps those files where they are rather than copies that could drift, so this
hook adds README.md as the home page, the studies' results and the samples'
READMEs as pages of their own, and every other repository file a page links to
(a script, a fixture's SOURCE.md, the licence) as a file of the site. Each
link is then rewritten from the page's place in the repository to its place in
the site; a link to a file that does not exist is left alone, so that
``mkdocs build --strict`` fails on it.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

ROOT = Path(__file__).resolve().parents[2]
DOCS = "docs"

# Markdown files outside docs/ that are pages of the site, beside what they link to.
PAGES = [
    "README.md",
    "examples/study_results.md",
    "examples/raw_text_results.md",
    *sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("corpora_samples/*/README.md")),
]

# A Markdown link or image target: ](target) or ](target "title").
LINK = re.compile(r"(\]\()([^)\s]+)((?:\s+\"[^\"]*\")?\))")
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def site_path(repo_path: str) -> str:
    """Where a repository file is in the site: docs/ is the site's root, README its home."""
    if repo_path == "README.md":
        return "index.md"
    if repo_path.startswith(f"{DOCS}/"):
        return repo_path[len(DOCS) + 1 :]
    return repo_path


def repo_path_of(file: File) -> str | None:
    if file.abs_src_path is None:
        return None
    try:
        return Path(file.abs_src_path).resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return None


def _targets(text: str) -> list[str]:
    found, fence = [], None
    for line in text.splitlines():
        opening = FENCE.match(line)
        if opening and (fence is None or opening[1].startswith(fence)):
            fence = None if fence else opening[1][0] * len(opening[1])
            continue
        if fence is None:
            found += [m[2] for m in LINK.finditer(line)]
    return found


def _resolve(page: str, target: str) -> str | None:
    """The repository path a relative link of a page names, or None (a URL, an anchor)."""
    if "://" in target or target.startswith(("#", "mailto:", "/")):
        return None
    path = target.split("#", 1)[0]
    resolved = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
    return None if resolved.startswith("..") else resolved


def _add(files: Files, config: MkDocsConfig, repo_path: str) -> File:
    file = File.generated(config, site_path(repo_path), abs_src_path=str(ROOT / repo_path))
    files.append(file)
    return file


def on_files(files: Files, config: MkDocsConfig) -> Files:
    todo = [f for f in PAGES if (ROOT / f).is_file()]
    for repo_path in todo:
        if files.get_file_from_path(site_path(repo_path)) is None:
            _add(files, config, repo_path)
    # Every page's links, and the links of the pages that brings in, in turn.
    todo += [p for f in files.documentation_pages() if (p := repo_path_of(f)) and p not in todo]
    for repo_path in todo:
        for target in _targets((ROOT / repo_path).read_text(encoding="utf-8")):
            linked = _resolve(repo_path, target)
            if linked is None or not (ROOT / linked).is_file():
                continue
            if files.get_file_from_path(site_path(linked)) is None:
                _add(files, config, linked)
                if linked.endswith(".md"):
                    todo.append(linked)
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    here = repo_path_of(page.file)
    if here is None:
        return markdown

    def relink(match: re.Match[str]) -> str:
        target = match[2]
        linked = _resolve(here, target)
        if linked is None or files.get_file_from_path(site_path(linked)) is None:
            return match[0]
        anchor = target[len(target.split("#", 1)[0]) :]
        start = posixpath.dirname(page.file.src_uri) or "."
        return f"{match[1]}{posixpath.relpath(site_path(linked), start)}{anchor}{match[3]}"

    out, fence = [], None
    for line in markdown.split("\n"):
        opening = FENCE.match(line)
        if opening and (fence is None or opening[1].startswith(fence)):
            fence = None if fence else opening[1][0] * len(opening[1])
        elif fence is None:
            line = LINK.sub(relink, line)
        out.append(line)
    return "\n".join(out)
