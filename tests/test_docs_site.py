"""The documentation site (issue 42): ``mkdocs build --strict`` builds it from the repository.

The site's pages are the repository's Markdown files (README.md as the home page,
docs/ and its guide, the studies' results, the samples' READMEs), whose examples
tests/test_markdown_examples.py runs; the command-line reference is generated from
the argparse definitions and the Python API from the docstrings. A link to a page,
file or heading that does not exist fails the strict build, which is checked here
on a project made to have one.
"""

from __future__ import annotations

import argparse
import html
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
import yaml

from nltk_tedeval.cli.command import build_parser

ROOT = Path(__file__).resolve().parent.parent
HOOKS = ROOT / "docs" / "hooks"


def load_hook(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"docs_hook_{name}", HOOKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def mkdocs_build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    # The hooks and mkdocstrings import this checkout's package, as the tests do.
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(config)]
    return subprocess.run(
        [*command, "--site-dir", str(site)],
        cwd=config.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    done = mkdocs_build(ROOT / "mkdocs.yml", out)
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def nav_pages(nav: list) -> list[str]:
    pages = []
    for entry in nav:
        value = next(iter(entry.values())) if isinstance(entry, dict) else entry
        pages += nav_pages(value) if isinstance(value, list) else [value]
    return pages


CONFIG = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
NAV = nav_pages(CONFIG["nav"])


def page_html(site: Path, page: str) -> str:
    """A page's HTML: a README.md is its folder's index.html, any other x.md is x.html."""
    built = re.sub(r"(README)?\.md$", lambda m: "index.html" if m[1] else ".html", page)
    return (site / built).read_text(encoding="utf-8")


def test_every_page_of_the_nav_is_built(site: Path) -> None:
    assert len(NAV) == len(set(NAV)) >= 26
    for page in NAV:
        text = page_html(site, page)
        assert "<h1" in text, page


def test_every_markdown_file_of_docs_is_in_the_nav() -> None:
    under_docs = {
        p.relative_to(ROOT / "docs").as_posix()
        for p in (ROOT / "docs").rglob("*.md")
        if HOOKS not in p.parents
    }
    assert under_docs <= set(NAV), sorted(under_docs - set(NAV))
    # The repository's own pages outside docs/ (README.md is the home page, index.md).
    outside = set(load_hook("repo_pages").PAGES) - {"README.md"}
    assert outside <= set(NAV), sorted(outside - set(NAV))
    assert "index.md" in NAV and "cli.md" in NAV and "api.md" in NAV


def test_the_home_page_is_the_readme_with_its_links_made_the_sites(site: Path) -> None:
    home = page_html(site, "index.md")
    assert 'A first example: "arrive on Sunday" under two theories' in home
    links = set(re.findall(r'href="([^"]+)"', home))
    # README links docs/guide/score.md and docs/SPEC.md as the repository has them; the
    # site's pages are those files, one folder up.
    assert {"guide/score.html", "SPEC.html", "report.html", "LICENSE"} <= links
    assert not any(link.startswith("docs/") for link in links), links
    assert (site / "LICENSE").read_text(encoding="utf-8") == (ROOT / "LICENSE").read_text(
        encoding="utf-8"
    )


def test_a_link_out_of_docs_lands_on_the_repository_file(site: Path) -> None:
    # docs/study.md links ../examples/study_results.md (a page) and ../examples/study.py.
    study = page_html(site, "study.md")
    assert 'href="examples/study_results.html"' in study
    assert 'href="examples/study.py"' in study
    shipped = (ROOT / "examples" / "study.py").read_text(encoding="utf-8")
    assert (site / "examples" / "study.py").read_text(encoding="utf-8") == shipped


def test_nothing_on_the_site_points_at_the_workshop_or_loads_from_the_web(site: Path) -> None:
    for path in site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert "/work/" not in text and "../shared" not in text, path
        assert "fonts.googleapis.com" not in text, path


# -- the command-line reference ----------------------------------------------------------------


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    (sub,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_the_cli_reference_is_every_commands_help(monkeypatch: pytest.MonkeyPatch) -> None:
    page = load_hook("cli_reference").reference()
    monkeypatch.setenv("COLUMNS", "80")
    parser = build_parser()
    commands = subcommands(parser)
    assert {"score", "cross", "parseval", "attach", "mph", "explain"} <= set(commands)
    assert parser.format_help().rstrip() in page
    headings = re.findall(r"^## (.+)$", page, flags=re.MULTILINE)
    assert headings == ["tedeval", *(f"tedeval {name}" for name in commands)]
    for name, command in commands.items():
        assert f"```text\n{command.format_help().rstrip()}\n```" in page, name


def test_the_built_cli_page_has_a_section_per_command(site: Path) -> None:
    cli = page_html(site, "cli.md")
    for name in subcommands(build_parser()):
        assert f'id="tedeval-{name}"' in cli, name
        assert html.escape(f"usage: tedeval {name} [-h]", quote=False) in cli, name


# -- the Python API reference ------------------------------------------------------------------

PUBLIC = re.findall(
    r" as (\w+)$", (ROOT / "nltk_tedeval" / "__init__.pyi").read_text(encoding="utf-8"), re.M
)


def test_the_api_page_documents_every_public_name(site: Path) -> None:
    public = set(PUBLIC) - {"__version__"}
    assert len(public) >= 80
    page = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    entries = re.findall(r"^::: nltk_tedeval\.(\w+)$", page, flags=re.MULTILINE)
    assert len(entries) == len(set(entries))
    assert set(entries) == public, (sorted(public - set(entries)), sorted(set(entries) - public))
    built = (site / "api.html").read_text(encoding="utf-8")
    for name in public:
        assert f'id="nltk_tedeval.{name}"' in built, name
    # A docstring's own words reach the page: TedEvalEvaluator's first line.
    assert "TedEval for one parser, in the SINGLE or MULTIPLE scenario." in built


def test_docstrings_read_as_markdown_on_the_api_page() -> None:
    markdown = load_hook("griffe_docstrings")._markdown
    text = "See :func:`~nltk_tedeval.explain` and :class:`Score`.\n\n>>> [1, 2]\n[1, 2]\n\nEnd."
    assert markdown(text) == (
        "See `nltk_tedeval.explain` and `Score`.\n\n```pycon\n>>> [1, 2]\n[1, 2]\n```\n\nEnd."
    )
    # An example indented by four spaces is a Markdown code block as it stands.
    assert markdown("Text::\n\n    >>> x\n    1\n") == "Text::\n\n    >>> x\n    1\n"


# -- what fails the build ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("link", "named"),
    [("[a page](missing.md)", "missing.md"), ("[a heading](other.md#nowhere)", "nowhere")],
)
def test_a_broken_link_fails_the_strict_build(tmp_path: Path, link: str, named: str) -> None:
    """The site's own validation settings, on a project with one broken link."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(f"# Home\n\nSee {link}.\n", encoding="utf-8")
    (tmp_path / "docs" / "other.md").write_text("# Other\n\n## Somewhere\n", encoding="utf-8")
    config = {"site_name": "t", "validation": CONFIG["validation"], "nav": ["index.md", "other.md"]}
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    done = mkdocs_build(tmp_path / "mkdocs.yml", tmp_path / "site")
    printed = done.stdout + done.stderr
    assert done.returncode == 1
    assert named in printed and "Aborted with 1 warnings in strict mode" in printed
    # The same project with the link mended builds.
    (tmp_path / "docs" / "index.md").write_text("# Home\n\n[x](other.md#somewhere)\n")
    assert mkdocs_build(tmp_path / "mkdocs.yml", tmp_path / "site").returncode == 0


def test_the_test_extra_installs_what_the_docs_extra_does() -> None:
    """README's install command (the test extra) installs what building the site needs."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    docs = re.search(r"^docs = \[(.*)\]$", pyproject, flags=re.MULTILINE)
    assert docs is not None
    wanted = re.findall(r'"([^"]+)"', docs[1])
    names = [re.split(r"[\[>=]", w)[0] for w in wanted]
    assert names == ["mkdocs", "mkdocs-material", "mkdocstrings"]
    test = pyproject.split("\ntest = [", 1)[1].split("\n]", 1)[0]
    assert all(f'"{w}"' in test for w in wanted), wanted


# -- the README: one screen to the first result -------------------------------------------------


def test_the_readme_is_one_screen_to_its_first_result() -> None:
    """What it is, install, one example with its output, where to go next (issue 42): the
    rest lives in the guide, so a section added to README fails here until it moves."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    headings = [line for line in lines if line.startswith("## ")]
    assert headings == [
        "## Install and test",
        '## A first example: "arrive on Sunday" under two theories',
        "## Where to go next",
        "## Licence and data",
    ]
    first_output = next(n for n, line in enumerate(lines, 1) if line == "['0.6667', '0.8571']")
    assert first_output <= 50 and len(lines) <= 70, (first_output, len(lines))


def test_the_readme_links_every_page_of_the_guide() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\((docs/[^)#]+\.md)\)", readme))
    guide = {p.relative_to(ROOT).as_posix() for p in (ROOT / "docs" / "guide").glob("*.md")}
    assert guide <= linked, sorted(guide - linked)
    assert {"docs/SPEC.md", "docs/report.md", "docs/extending.md", "docs/study.md"} <= linked
