"""Lists of format names are the table's (issue 46): a new format is added in one place.

The command line's choices and messages read :data:`~nltk_tedeval.reading.FORMATS`
when they run, and the tests and doctests that show them build the expected
list from it. The pages cannot read it, so this test holds them to it: every
run of three or more format names in backticks on a page is the table's whole
list, in its order.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nltk_tedeval.cli import main
from nltk_tedeval.metrics.attachment_groups import document_of
from nltk_tedeval.reading import FORMATS, Format, register_format, unregister_format

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def name_lists(text: str) -> list[list[str]]:
    """Every run of three or more backticked format names, separated by commas (and "or")."""
    name = r"`[a-z0-9_]+`"
    runs = re.finditer(rf"{name}(?:,?\s+(?:or\s+|and\s+)?{name}|,\s*{name})+", text)
    lists = [re.findall(r"`([a-z0-9_]+)`", run.group(0)) for run in runs]
    return [names for names in lists if len(names) >= 3 and set(names) <= set(FORMATS)]


def test_the_guide_names_every_format() -> None:
    # README's list of formats moved with "The tedeval command" to the guide (issue 42).
    (listed,) = name_lists((ROOT / "docs" / "guide" / "score.md").read_text(encoding="utf-8"))
    assert listed == list(FORMATS)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_list_of_formats_on_a_page_is_the_table(page: Path) -> None:
    for listed in name_lists(page.read_text(encoding="utf-8")):
        assert listed == list(FORMATS), page


def test_the_finder_sees_a_short_list() -> None:
    # A list that leaves a format out is seen, and so fails the test above.
    assert name_lists("read `ptb`, `conllx` or `conllu` files") == [["ptb", "conllx", "conllu"]]


def test_format_choices_are_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["attach", "--help"])
    assert f"--format {{{','.join(FORMATS)}}}" in capsys.readouterr().out


# -- the documents of a breakdown by file -----------------------------------------------------


def test_a_document_is_its_file_less_the_suffixes_of_the_table() -> None:
    # Each format's name, suffixes and extensions, and compression, in any case, repeated.
    assert document_of(None, "wsj/wsj_0001.MRG") == "wsj_0001"  # ptb's extension .mrg
    assert document_of(None, "dev.conll.gz") == "dev"  # conllx's extension .conll
    assert document_of(None, "a/b/test.conll09") == "test"  # a format's name
    assert document_of(None, "c:\\data\\gold.export.bz2") == "gold"
    assert document_of(None, "v2.1.txt.conllu") == "v2.1"  # ".1" names no format
    assert document_of(None, ".conllu") == ".conllu"  # nothing but suffixes: the name stays


def test_a_registered_format_names_its_files_documents() -> None:
    fmt = Format("wordtag", read=lambda lines, options: iter(()), count=lambda lines, options: 0,
                 kind="dependency", suffixes=(".wt",), extensions=(".wordtags",))  # fmt: skip
    assert document_of(None, "x.wt") == "x.wt"
    register_format(fmt)
    try:
        assert [document_of(None, n) for n in ("x.wt", "x.wordtags", "x.wordtag.gz")] == ["x"] * 3
    finally:
        unregister_format("wordtag")
    assert document_of(None, "x.wt") == "x.wt"
