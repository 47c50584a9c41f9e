"""MkDocs hook: the command-line reference page, made from the argparse definitions.

The page ``cli.md`` is not a file of the repository: it is written at every
build from :func:`nltk_tedeval.cli.command.build_parser`, the parser the
``tedeval`` command itself runs, so that the reference is every command's
``--help`` as the installed version prints it and cannot drift from it. A
command added to the registry gets its section with nothing else to do.
"""

from __future__ import annotations

import argparse
import os
import sys
from contextlib import contextmanager
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[2]
PAGE = "cli.md"
# argparse wraps help to the terminal's width: the page's is a terminal's 80 columns.
WIDTH = "80"

INTRO = """\
# Command line reference

Every command of `tedeval`, with the help it prints (`tedeval COMMAND --help`).
This page is generated when the site is built, from the argument parser the
command itself runs (`nltk_tedeval.cli.command.build_parser`, by
`docs/hooks/cli_reference.py`), so it lists exactly the options and examples of
this version. `python -m nltk_tedeval` takes the same commands.
"""


@contextmanager
def _columns(width: str):
    before = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = width
    try:
        yield
    finally:
        if before is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = before


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    (sub,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _fenced(text: str) -> str:
    fence = "```"
    while fence in text:
        fence += "`"
    return f"{fence}text\n{text.rstrip()}\n{fence}\n"


def reference() -> str:
    """The page: the top-level help, then a section per command in the registry's order."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from nltk_tedeval.cli.command import build_parser

    with _columns(WIDTH):
        parser = build_parser()
        parts = [INTRO, "## tedeval\n", _fenced(parser.format_help())]
        commands = _commands(parser)
        parts.append("Commands: " + ", ".join(f"[`{n}`](#tedeval-{n})" for n in commands) + ".\n")
        for name, command in commands.items():
            parts += [f"## tedeval {name}\n", _fenced(command.format_help())]
    return "\n".join(parts)


def on_files(files: Files, config: MkDocsConfig) -> Files:
    files.append(File.generated(config, PAGE, content=reference()))
    return files
