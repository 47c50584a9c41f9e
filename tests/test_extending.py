"""docs/extending.md: its worked examples run as printed, and give the numbers worked out by hand.

"Adding an input format": the toy word/TAG/head format of
``examples/wordtag.py`` is shown whole in the page, and the page's usage
block is run here exactly as printed (it is taken out of the Markdown);
what it prints must be the page's output block, and each command's figures
the ones worked out by hand below. Other tests read the format through
every door: ``read_file`` in both error modes, ``count_sentences``,
detection by suffix and by content, ``--format``, and the command line's
refusal in ``parseval``, which scores bracketed trees only.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from nltk_tedeval.cli import main
from nltk_tedeval.errors import InputFormatError, OptionError
from nltk_tedeval.reading import (
    FORMATS,
    Format,
    count_sentences,
    detect_format,
    read_file,
    register_format,
    unregister_format,
)

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "extending.md"
MODULE = ROOT / "examples" / "wordtag.py"
DATA = ROOT / "examples" / "wordtag_data"
BUILT_IN = list(FORMATS)  # the table as the package ships it, before any test registers


def fenced(lang: str) -> list[str]:
    """The text of every fenced block of the page in that language, in order."""
    text = DOC.read_text(encoding="utf-8")
    return re.findall(rf"^```{lang}\n(.*?)^```$", text, flags=re.M | re.S)


def format_section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("## Adding an input format")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def load_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("wordtag", MODULE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def wordtag() -> Iterator[ModuleType]:
    """The toy format registered for one test, and taken out again."""
    module = load_module()
    register_format(module.WORDTAG)
    try:
        yield module
    finally:
        unregister_format("wordtag")


def run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main([str(a) for a in args])
        except SystemExit as exit_:  # argparse's refusals
            status = int(exit_.code or 0)
    return status, out.getvalue(), err.getvalue()


def row(output: str, name: str) -> list[str]:
    """The cells of the first table row that starts with ``name``."""
    line = next(line for line in output.splitlines() if line.split()[:1] == [name])
    return line.split()[1:]


# -- the page ---------------------------------------------------------------------------------


def test_the_page_shows_the_module_as_it_ships() -> None:
    blocks = [b for b in fenced("python") if b.startswith('"""A toy input format')]
    assert blocks == [MODULE.read_text(encoding="utf-8")]


def test_the_page_shows_the_data_as_it_ships() -> None:
    texts = fenced("text")
    for name in ("gold.wt", "parse.wt"):
        assert (DATA / name).read_text(encoding="utf-8") in texts


def test_the_usage_block_runs_as_printed_with_the_figures_worked_out_by_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    section = format_section()
    (usage,) = [b for b in fenced("python") if "\nregister_format(WORDTAG)" in b]
    assert usage in section
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sys, "path", list(sys.path))  # the block adds examples/
    monkeypatch.delitem(sys.modules, "wordtag", raising=False)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(usage, f"{DOC}: usage block", "exec"), {"__name__": "__main__"})
    out = printed.getvalue()
    # What the page shows under the block.
    after = section[section.index(usage) + len(usage) :]
    shown = re.search(r"```\n\n```text\n(.*?)^```$", after, flags=re.M | re.S)
    assert shown is not None and out == shown.group(1)
    # The block leaves the table as it found it.
    assert list(FORMATS) == BUILT_IN

    lines = out.splitlines()
    # Detected by its suffix .wt; three non-blank lines, three sentences.
    assert lines[0] == "wordtag 3"
    # The parse's heads, as written in examples/wordtag_data/parse.wt.
    assert lines[1] == "[(2, 3, 0), (2, 0, 0), (3, 3, 0)]"
    reports = out.split("signature")
    # score: unlabeled items (projections, heads of others, less the whole span):
    # sentence 1 right (0 of 8), sentence 2 adds (0,2) (1 of 7), sentence 3
    # loses (0,2) (1 of 7): 1 - 2/22 = 0.9091. No relations: labeled n/a.
    assert row(reports[0], "parse") == ["n/a", "0.9091"]
    # attach: 7 of 9 heads right; no relation to compare, so LAS and LA are n/a
    # (SPEC.md §7); undirected 7 of 9; NED 9 of 9, both wrong heads being the
    # gold head's head.
    assert row(reports[1], "parse") == ["n/a", "0.7778", "n/a", "0.7778", "1.0000"]
    # mph: parse brackets (0,2) in sentences 1 and 2, gold's NP (0,2) in 1 and 3.
    assert row(reports[2], "parse") == ["0.5000", "0.5000", "0.5000"]
    # cross: the PTB gold adds (1,3) in sentence 2; the overlap is 1 - 1/23;
    # the generalization is the word/TAG/head gold, so MULTIPLE = SINGLE.
    assert row(reports[3], "wt") == ["n/a", "0.9091", "n/a", "0.9091"]
    assert row(reports[3], "ptb") == ["n/a", "1.0000", "n/a", "1.0000"]
    overlap = [line.split() for line in lines if line.startswith("wt vs ptb")]
    assert overlap == [["wt", "vs", "ptb", "n/a", "0.9565"]]


def test_the_page_shows_the_messages_the_format_gives(wordtag: ModuleType, tmp_path: Path) -> None:
    texts = fenced("text")
    status, _, err = run(["parseval", DATA / "gold.wt", DATA / "parse.wt"])
    assert status == 1
    message = err.strip().replace(str(ROOT) + "/", "")
    assert message in [t.strip() for t in texts]
    bad = tmp_path / "bad.wt"
    bad.write_text("The/DT/2 dog/NN/0\nThe/DT/2 dog/NN barked/VBD/0\n", encoding="utf-8")
    with pytest.raises(InputFormatError) as caught:
        list(read_file(bad))
    shown = str(caught.value).replace(str(tmp_path) + "/", "")
    assert shown in [t.strip() for t in texts]


# -- every door ---------------------------------------------------------------------------------


def test_read_file_reads_the_toy_format(wordtag: ModuleType) -> None:
    records = list(read_file(DATA / "gold.wt"))
    assert [(r.number, r.line) for r in records] == [(1, 1), (2, 2), (3, 3)]
    assert records[1].tree.words == ("It", "ran", "away")
    assert records[1].tree.tags == ("PRP", "VBD", "RB")
    assert records[1].tree.heads == (2, 0, 2)
    assert count_sentences(DATA / "gold.wt") == 3


def test_a_bad_sentence_names_file_line_sentence_and_token(
    wordtag: ModuleType, tmp_path: Path
) -> None:
    path = tmp_path / "bad.txt"
    # Line 2 is blank (no sentence); line 3, sentence 2, has a head past its end.
    path.write_text("a/DT/2 b/NN/0\n\na/DT/2 b/NN/7\nc/X/0\n", encoding="utf-8")
    with pytest.raises(InputFormatError) as caught:
        list(read_file(path, "wordtag"))
    err = caught.value
    assert (err.file, err.line, err.sentence, err.token) == (str(path), 3, 2, "b/NN/7")
    assert err.message == (
        "token 2 ('b/NN/7') has a head past the line's end, the head a number from 0 to 2"
    )
    collected = list(read_file(path, "wordtag", on_error="collect"))
    assert [(r.number, r.line, r.tree is None) for r in collected] == [
        (1, 1, False),
        (2, 3, True),
        (3, 4, False),
    ]
    assert count_sentences(path, "wordtag") == 3


def test_detection_by_content_and_its_priority(wordtag: ModuleType, tmp_path: Path) -> None:
    # No suffix: the first line in a known shape decides; a comment-free
    # word/TAG/head line is in no built-in shape, so the toy format claims it.
    plain = tmp_path / "parse.txt"
    plain.write_text("garbage here\nIt/PRP/2 ran/VBD/0\n", encoding="utf-8")
    assert detect_format(plain) == "wordtag"
    # A word "(" makes line 1 a bracketed tree as well: a tie, which the
    # built-in ptb, earlier in the table, wins; the suffix .wt claims the
    # whole file, before any line.
    text = "(/-LRB-/2 hi/UH/0\n"
    (tmp_path / "p.txt").write_text(text, encoding="utf-8")
    (tmp_path / "p.wt").write_text(text, encoding="utf-8")
    assert detect_format(tmp_path / "p.txt") == "ptb"
    assert detect_format(tmp_path / "p.wt") == "wordtag"
    # A Malt-TAB line before any toy line claims the file for malttab.
    mixed = tmp_path / "m.txt"
    mixed.write_text("It PRP 2\nIt/PRP/2 ran/VBD/0\n", encoding="utf-8")
    assert detect_format(mixed) == "malttab"


def test_no_format_claims_it_and_the_error_names_every_shape(
    wordtag: ModuleType, tmp_path: Path
) -> None:
    path = tmp_path / "x.txt"
    path.write_text("no format here\n", encoding="utf-8")
    with pytest.raises(InputFormatError) as caught:
        detect_format(path)
    # Every format's shape once, the registered one last; every name, in the table's order.
    shapes = [*dict.fromkeys(f.shape for f in FORMATS.values() if f.shape)]
    assert shapes[-1] == "a line of word/TAG/head tokens"
    assert shapes[:3] == [
        "a bracketed tree",
        "a CoNLL line of 10 columns",
        "a Malt-TAB line (word, tag, head[, relation])",
    ]
    assert caught.value.message == (
        f"cannot tell the format: no line is {', '.join(shapes[:-1])} or {shapes[-1]}; "
        f"name the format (one of {', '.join(FORMATS)}); "
        "the first line is 'no format here'"
    )
    assert list(FORMATS)[-1] == "wordtag"


def test_every_command_reads_it_named_with_format(wordtag: ModuleType, tmp_path: Path) -> None:
    # Files without the suffix, named with --format: the same figures as detected.
    gold, parse = tmp_path / "gold.txt", tmp_path / "parse.txt"
    gold.write_text((DATA / "gold.wt").read_text(encoding="utf-8"), encoding="utf-8")
    parse.write_text((DATA / "parse.wt").read_text(encoding="utf-8"), encoding="utf-8")
    status, out, _ = run(["score", "--format", "wordtag", gold, parse])
    assert status == 0 and row(out, "parse") == ["n/a", "0.9091"]
    status, out, _ = run(["attach", "--format", "wordtag", gold, parse])
    assert status == 0 and row(out, "parse")[:2] == ["n/a", "0.7778"]  # LAS: no relations
    status, out, _ = run(["mph", "--parse-format", "wordtag", DATA / "gold.ptb", parse])
    assert status == 0 and row(out, "parse") == ["0.5000", "0.5000", "0.5000"]
    status, out, _ = run(["score", "--gold-format", "wordtag", gold, DATA / "parse.wt"])
    assert status == 0 and row(out, "parse") == ["n/a", "0.9091"]
    # attach --conll18 reads CoNLL-U as the 2018 script does: it refuses the format.
    status, _, err = run(["attach", "--conll18", DATA / "gold.wt", DATA / "parse.wt"])
    assert status == 1
    assert "is a word/TAG/head file (dependency trees): attach --conll18 reads CoNLL-U" in err


def test_the_format_choices_come_from_the_table(wordtag: ModuleType) -> None:
    status, _, err = run(["score", "--format", "tiger", DATA / "gold.wt", DATA / "parse.wt"])
    assert status == 2
    choices = ", ".join(f"'{name}'" for name in [*BUILT_IN, "wordtag"])
    assert f"invalid choice: 'tiger' (choose from {choices})" in err


def test_registration_is_checked() -> None:
    module = load_module()
    register_format(module.WORDTAG)
    try:
        with pytest.raises(OptionError, match="a format named 'wordtag' is registered already"):
            register_format(module.WORDTAG)
    finally:
        unregister_format("wordtag")
    assert "wordtag" not in FORMATS
    with pytest.raises(OptionError, match="unknown format 'wordtag'; expected one of ptb, "):
        list(read_file(DATA / "gold.wt", "wordtag"))
    with pytest.raises(OptionError, match="'ptb' is a built-in format"):
        unregister_format("ptb")
    with pytest.raises(OptionError, match="unknown kind 'tree'"):
        Format("toy", read=module.read, count=module.count, kind="tree")
    with pytest.raises(OptionError, match="a format's name is a lower-case word, not 'Toy'"):
        Format("Toy", read=module.read, count=module.count, kind="dependency")


# -- adding a metric ----------------------------------------------------------------------------

METRIC_MODULE = ROOT / "examples" / "root_metric.py"
SPEC = ROOT / "corpora_samples" / "spec"


def metric_section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("## Adding a metric")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


@pytest.fixture
def root_metric() -> Iterator[ModuleType]:
    """The toy metric registered for one test, and taken out again."""
    from nltk_tedeval.cli.registry import METRICS, register

    spec = importlib.util.spec_from_file_location("root_metric", METRIC_MODULE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    register(module.ROOT)
    try:
        yield module
    finally:
        del METRICS["root"]


def test_the_page_shows_the_metric_module_as_it_ships() -> None:
    blocks = [b for b in fenced("python") if b.startswith('"""A toy metric')]
    assert blocks == [METRIC_MODULE.read_text(encoding="utf-8")]


def test_the_metric_usage_block_runs_as_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    from nltk_tedeval.cli.registry import METRICS

    section = metric_section()
    (usage,) = [b for b in fenced("python") if "\nregister(ROOT)" in b]
    assert usage in section
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.delitem(sys.modules, "root_metric", raising=False)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(usage, f"{DOC}: metric usage block", "exec"), {"__name__": "__main__"})
    out = printed.getvalue()
    after = section[section.index(usage) + len(usage) :]
    shown = re.search(r"```\n\n```text\n(.*?)^```$", after, flags=re.M | re.S)
    assert shown is not None and out == shown.group(1)
    assert "root" not in METRICS  # the block leaves the registry as it found it
    lines = out.splitlines()
    # Gold roots: "left" and "sang" (token 2 of each sentence). b has "left"
    # and "she": 1 right of 2 on each side.
    assert lines[0] == "[0.5, 0.5, 0.5]"
    assert lines[3:5] == ["| a | 1.0000 | 1.0000 | 1.0000 |", "| b | 0.5000 | 0.5000 | 0.5000 |"]
    # One sentence differs, and swapping it swaps the totals: p = (R+1)/(R+1).
    assert [line.split()[-1] for line in lines if line.startswith("a  b  ")] == ["1.000"] * 3


def test_the_metric_is_a_command_in_every_output_format(
    root_metric: ModuleType, tmp_path: Path
) -> None:
    import json

    import jsonschema

    files = [SPEC / "gold.tab", SPEC / "a.tab", SPEC / "b.tab"]
    status, out, _ = run(["root", *files, "--json"])
    assert status == 0
    report = json.loads(out)
    schema = json.loads((ROOT / "docs" / "report.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(report, schema)
    b = report["systems"][1]
    assert (b["name"], b["scores"]["F1"]["totals"]) == ("b", {"right": 1, "gold": 2, "parse": 2})
    assert [b["scores"][m]["value"] for m in ("P", "R", "F1")] == [0.5, 0.5, 0.5]
    assert b["signature"] == "metric:root|missing:skip|version:0.1.0"
    for form, line in (
        ("csv", "b,0.5000,0.5000,0.5000"),
        ("tsv", "b\t0.5000\t0.5000\t0.5000"),
        ("markdown", "| b | 0.5000 | 0.5000 | 0.5000 |"),
        ("latex", r"b & 0.5000 & 0.5000 & 0.5000 \\"),
        ("text", "b       0.5000  0.5000  0.5000"),
    ):
        status, out, _ = run(["root", *files, "-f", form])
        assert status == 0 and line in out.splitlines(), (form, out)
    # Per-sentence rows: sentence 2 of b has its root wrong, 0 of 1 gold root.
    status, out, _ = run(["root", *files[:1], files[2], "--per-sentence", "-"])
    assert out.splitlines()[:3] == [
        "sentence\tid\tsystem\tright\tgold\tparse\tP\tR\tF1",
        "1\t\tb\t1\t1\t1\t1.0\t1.0\t1.0",
        "2\t\tb\t0\t1\t1\t0.0\t0.0\t0.0",
    ]


def test_the_metric_follows_the_missing_parse_policies(
    root_metric: ModuleType, tmp_path: Path
) -> None:
    # The second parse is missing (a sentence of heads "_"): under zero its gold
    # root counts as missed (1 of 2 right, 1 parse root); skip leaves it out.
    missing = tmp_path / "missing.tab"
    missing.write_text("I\tPRP\t2\nleft\tVBD\t0\n\nshe\tPRP\t_\nsang\tVBD\t_\nloudly\tRB\t_\n")
    status, out, err = run(["root", SPEC / "gold.tab", missing, "--missing", "zero", "--json"])
    import json

    totals = json.loads(out)["systems"][0]["scores"]["F1"]["totals"]
    assert (status, totals) == (0, {"right": 1, "gold": 2, "parse": 1})
    assert "1 of 2 sentences has a missing parse" in err
    status, out, _ = run(["root", SPEC / "gold.tab", missing, "--json"])
    assert json.loads(out)["systems"][0]["scores"]["F1"]["value"] == 1.0


def test_a_metric_name_is_registered_once(root_metric: ModuleType) -> None:
    from nltk_tedeval.cli.registry import register

    register(root_metric.ROOT)  # the same entry again: nothing changes
    with pytest.raises(ValueError, match="'root' is already registered"):
        register(root_metric.evaluator_command("root", "another", object, ["P"]))
