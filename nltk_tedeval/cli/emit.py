"""Printing a report in the format asked for: text, JSON, a table format or the HTML file.

Apart from :mod:`~nltk_tedeval.cli.output`, whose helpers the HTML renderer
uses, so that the renderer and the module that calls it do not import each
other.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from .output import ScoreTable, to_json, write_output

__all__ = ["emit", "to_stderr", "write_html_report"]


def emit(
    args: argparse.Namespace,
    data: dict[str, Any],
    text: Callable[[], str],
    table: ScoreTable | None = None,
    sentences: Callable[[], Iterable[Mapping[str, Any]]] | None = None,
    order: Sequence[str] = (),
) -> None:
    """Print the report in ``--output-format``: text, JSON, or the score table.

    ``order`` names the measures the text report shows, in order, for the HTML
    report's table (``-f html``).

    Two formats never share a stream: with ``--per-sentence -`` the TSV
    owns standard output and the text report goes to standard error
    (another ``--output-format`` is then refused before anything runs, by
    :func:`check_streams`).
    """
    form = getattr(args, "output_format", "text")
    if form == "html":
        shown = sentences() if sentences is not None else ()
        write_html_report(args, data, text(), shown, order)
        return
    if form == "json":
        out = to_json(data)
    elif form != "text" and table is not None:
        out = table.render(form)
        if "length_filter" in data:
            # A table is the scores alone: what the length filter left out goes where the
            # warnings go, so that no format leaves it out silently (SPEC.md §15).
            from .report import report_length_lines

            to_stderr(report_length_lines(data))
    else:
        out = text()
    target = getattr(args, "output", None)
    if target:
        write_output(target, out)
    elif form == "text" and getattr(args, "per_sentence", None) == "-":
        print(out, file=sys.stderr)
    else:
        print(out)


def write_html_report(
    args: argparse.Namespace,
    data: Mapping[str, Any],
    text: str,
    sentences: Iterable[Mapping[str, Any]],
    order: Sequence[str] = (),
) -> None:
    """``-f html``: the one-file report (:mod:`nltk_tedeval.cli.html`), streamed to
    ``--output`` or standard output, with the text report inside it verbatim."""
    from .html import write_html  # only for -f html: the renderer and its assets

    title = f"tedeval {data.get('command', '')}"
    target = getattr(args, "output", None)
    if not target:
        write_html(data, sentences, sys.stdout, text=text, title=title, order=order)
        return
    write_output(
        target, lambda f: write_html(data, sentences, f, text=text, title=title, order=order)
    )


def to_stderr(lines: Sequence[str]) -> None:
    """Lines of the report that the output asked for has no place for, on standard error."""
    from .terminal import PROG

    for line in lines:
        print(f"{PROG}: {line}", file=sys.stderr)
