"""What the package hands down to its lower layers: layer 0, set when it is imported.

A layer never imports the ones above it (tests/test_layout.py), yet two things
the lower layers do need code that lives higher up: every corpus argument may
hold other libraries' objects, read into trees by ``trees.objects`` (SPEC.md
§13), and :meth:`Evaluator.html <nltk_tedeval.scoring.Evaluator.html>` draws the
command line's HTML report. The package's ``__init__`` installs both here as
functions that import their module on first call, so that importing the
package imports neither (issue 31).
"""

from __future__ import annotations

# typing is left out: importing the package should cost nothing it does not use.
from collections.abc import Callable

__all__ = [
    "CorpusReader",
    "HtmlReport",
    "corpus_reader",
    "html_report",
    "set_corpus_reader",
    "set_html_report",
]

CorpusReader = Callable[[object, str, "str | None"], object]
"""``reader(value, name, want)``: the corpus ``value`` with foreign objects read into trees."""

HtmlReport = Callable[[list, "str | None", bool], str]
"""``writer(evaluators, path, inline)``: the HTML page (``inline``: framed for a notebook)."""

_corpus_reader: CorpusReader | None = None
_html_report: HtmlReport | None = None


def set_corpus_reader(reader: CorpusReader) -> None:
    """Install the reader of other libraries' objects in a corpus."""
    global _corpus_reader
    _corpus_reader = reader


def corpus_reader() -> CorpusReader | None:
    """The installed reader of foreign objects, or ``None`` before the package set one."""
    return _corpus_reader


def set_html_report(writer: HtmlReport) -> None:
    """Install the writer of the HTML report."""
    global _html_report
    _html_report = writer


def html_report() -> HtmlReport | None:
    """The installed HTML writer, or ``None`` before the package set one."""
    return _html_report
