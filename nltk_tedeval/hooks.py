"""What the package hands down to its lower layers: layer 0, set when it is imported.

A layer never imports the ones above it (tests/test_layout.py), yet two things
the lower layers do need code that lives higher up: every corpus argument may
hold other libraries' objects, read into trees by ``trees.objects`` (SPEC.md
§13), and :meth:`Evaluator.html <nltk_tedeval.scoring.Evaluator.html>` draws the
command line's HTML report. A third lives beside them: the metrics never
import the readers, yet a breakdown by file names a document by its file's
name less the suffixes of the readers' table of formats. The package's
``__init__`` installs all three here as functions that import their module on
first call, so that importing the package imports none (issue 31).
"""

from __future__ import annotations

# typing is left out: importing the package should cost nothing it does not use.
from collections.abc import Callable

__all__ = [
    "CorpusReader",
    "FileStem",
    "HtmlReport",
    "corpus_reader",
    "file_stem",
    "html_report",
    "set_corpus_reader",
    "set_file_stem",
    "set_html_report",
]

CorpusReader = Callable[[object, str, "str | None"], object]
"""``reader(value, name, want)``: the corpus ``value`` with foreign objects read into trees."""

HtmlReport = Callable[[list, "str | None", bool], str]
"""``writer(evaluators, path, inline)``: the HTML page (``inline``: framed for a notebook)."""

FileStem = Callable[[str], str]
"""``stem(name)``: a file's name without the suffixes that name its format or compression."""

_corpus_reader: CorpusReader | None = None
_html_report: HtmlReport | None = None
_file_stem: FileStem | None = None


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


def set_file_stem(stem: FileStem) -> None:
    """Install the function that takes a file name's format and compression suffixes off."""
    global _file_stem
    _file_stem = stem


def file_stem() -> FileStem | None:
    """The installed file-name stem function, or ``None`` before the package set one."""
    return _file_stem
