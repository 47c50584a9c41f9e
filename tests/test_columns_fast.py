"""The command line's fast path through token lines: whole sentences split at once.

``read_file(..., nltk_trees=False)`` cuts a CoNLL-X, CoNLL-U or Malt-TAB
input into sentences at blank lines and splits each clean sentence's lines
together (``_read_blocks`` in reading/columns.py). Its trees must be what
``from_dependency_graph`` reads from the ``DependencyGraph`` nltk itself
builds from the same token lines, and every other record (a bad sentence, a
missing parse, a line that is not UTF-8) what the line-at-a-time reader
gives, message, line and token included.

Expected values come from nltk's ``DependencyGraph`` run on the token lines,
from the generators (which know where each sentence starts and what its
``sent_id`` is), by hand, or, for bad input, from the line-at-a-time reader
(``nltk_trees=True``), which test_readers checks against nltk and against
hand-written messages.
"""

from __future__ import annotations

import tempfile
import warnings
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk.parse import DependencyGraph

from nltk_tedeval.errors import InputFormatError
from nltk_tedeval.reading import columns, detect_format, read_file, read_text
from nltk_tedeval.trees.dependency import DependencyTree, from_dependency_graph

from .conftest import examples

ROOT = Path(__file__).resolve().parent.parent

# Words without white space (Malt-TAB splits at any), possibly "_" or non-ASCII.
WORDS = st.one_of(
    st.sampled_from(["_", "the", "Zurbarán", "(", "-LRB-", "1", "#", "x-y"]),
    st.text(
        st.characters(blacklist_categories=("Cs", "Cc", "Zs", "Zl", "Zp")), min_size=1, max_size=3
    ).filter(lambda w: not any(c.isspace() for c in w)),
)
LABELS = st.sampled_from(["root", "nsubj", "obj:x", "_", "é", "punct"])
TAGS = st.sampled_from(["NN", "VBD", "_", "PUNCT", "ADJ"])


def nltk_tree(token_lines: list[str], separator: str | None) -> DependencyTree:
    """The second method: nltk's DependencyGraph of the lines, read by from_dependency_graph."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nltk warns when no token hangs from "root"
        graph = DependencyGraph(
            "\n".join(token_lines), cell_separator=separator, top_relation_label="root"
        )
    return from_dependency_graph(graph, require_tree=False)


@st.composite
def sentences(draw, fmt: str, number: int) -> tuple[list[str], list[str], str | None]:
    """One sentence: all its lines, its token lines alone (for nltk), its sent_id."""
    n = draw(st.integers(1, 7))
    # Any heads in 0..n: a parse need not be a tree, and the reader does not check.
    heads = [draw(st.integers(0, n)) for _ in range(n)]
    words = [draw(WORDS) for _ in range(n)]
    rels = [draw(LABELS) for _ in range(n)]
    tags = [draw(TAGS) for _ in range(n)]
    if fmt == "malttab":
        three = draw(st.booleans())
        sep = draw(st.sampled_from(["\t", " ", "  \t"]))
        lines = [
            sep.join([w, t, str(h)] if three else [w, t, str(h), r])
            for w, t, h, r in zip(words, tags, heads, rels, strict=True)
        ]
        return lines, lines, None
    tokens = [
        "\t".join([str(i), w, w.lower(), t, t + "x", "_", str(h), r, "_", "SpaceAfter=No"])
        for i, (w, t, h, r) in enumerate(zip(words, tags, heads, rels, strict=True), start=1)
    ]
    if fmt == "conllx":
        return tokens, tokens, None
    sent_id = None
    lines: list[str] = []
    for kind in draw(st.lists(st.sampled_from(["id", "text", "bare", "newdoc"]), max_size=3)):
        if kind == "id":
            value = f"s{number}-{len(lines)}"
            lines.append(f"# sent_id = {value}")
            sent_id = sent_id or value
        else:
            lines.append({"text": "# text = a b", "bare": "#", "newdoc": "# newdoc id = d"}[kind])
    for i, token in enumerate(tokens, start=1):
        if i < n and draw(st.booleans()):  # a multiword token over this word and the next
            lines.append(f"{i}-{i + 1}\tab\t_\t_\t_\t_\t_\t_\t_\t_")
        lines.append(token)
        if draw(st.integers(0, 3)) == 0:  # an empty node after it
            lines.append(f"{i}.1\tgap\t_\t_\t_\t_\t_\t_\t{i}:dep\t_")
    return lines, tokens, sent_id


@st.composite
def corpora(draw, fmt: str) -> tuple[str, list[tuple[int, str | None, DependencyTree]]]:
    """A text and, for each sentence, the line it starts on, its sent_id and nltk's tree."""
    blanks = st.sampled_from(["", "", " ", "\t", "\u00a0"])  # white space alone is a blank line
    lines = [draw(blanks) for _ in range(draw(st.integers(0, 2)))]
    expected = []
    count = draw(st.integers(1, 5))
    for number in range(1, count + 1):
        own, tokens, sent_id = draw(sentences(fmt, number))
        separator = None if fmt == "malttab" else "\t"
        expected.append((len(lines) + 1, sent_id, nltk_tree(tokens, separator)))
        lines.extend(own)
        if number < count or draw(st.booleans()):
            lines.extend(draw(blanks) for _ in range(draw(st.integers(1, 2))))
    return "\n".join(lines) + draw(st.sampled_from(["", "\n"])), expected


def fast(text: str, fmt: str, on_error: str = "collect") -> list:
    return list(read_text(text, fmt, name="t", on_error=on_error, nltk_trees=False))


def line_at_a_time(text: str, fmt: str, on_error: str = "collect") -> list:
    return list(read_text(text, fmt, name="t", on_error=on_error))


def same_records(ordinary: list, quick: list) -> None:
    """Record for record: place, id, error (message, line, token) and tree."""
    assert len(quick) == len(ordinary)
    for a, b in zip(ordinary, quick, strict=True):
        assert (a.file, a.number, a.line, a.sentence_id) == (
            b.file,
            b.number,
            b.line,
            b.sentence_id,
        )
        if a.error is None:
            assert b.error is None
        else:
            assert b.error is not None
            assert (str(a.error), a.error.line, a.error.sentence, a.error.token) == (
                str(b.error),
                b.error.line,
                b.error.sentence,
                b.error.token,
            )
        if a.tree is None:
            assert b.tree is None
        else:
            assert type(b.tree) is DependencyTree
            assert b.tree == from_dependency_graph(a.tree, require_tree=False)


# -- clean input: nltk's DependencyGraph is the second method -------------------------------


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(["conllu", "conllx", "malttab"]), st.data())
def test_generated_corpora_read_as_nltk_reads_their_token_lines(fmt, data) -> None:
    text, expected = data.draw(corpora(fmt))
    # Clean sentences never need the line-at-a-time reader.
    with mock.patch.object(columns, "_read_lines", side_effect=AssertionError) as slow:
        records = fast(text, fmt, on_error="raise")
    assert not slow.called
    assert [(r.number, r.line, r.sentence_id, r.error) for r in records] == [
        (number, line, sent_id, None) for number, (line, sent_id, _) in enumerate(expected, start=1)
    ]
    for record, (_, _, tree) in zip(records, expected, strict=True):
        assert type(record.tree) is DependencyTree
        assert record.tree == tree
    same_records(line_at_a_time(text, fmt), records)


# -- bad input: the line-at-a-time reader is the second method ------------------------------

MUTATIONS = [
    lambda line: line + " ",  # trailing white space: stripped
    lambda line: line + "\t",  # a trailing tab: one column more before stripping, none after
    lambda line: "\u00a0" + line,  # leading white space
    lambda line: line.rsplit("\t", 1)[0],  # a column short
    lambda line: line + "\tx",  # a column too many
    lambda line: line.replace("\t", " "),  # spaces for tabs (old CoNLL-X)
    lambda line: "\t".join(c if i != 6 else "_" for i, c in enumerate(line.split("\t"))),
    lambda line: "\t".join(c if i != 6 else "x" for i, c in enumerate(line.split("\t"))),
    lambda line: "\t".join(c if i != 6 else "99" for i, c in enumerate(line.split("\t"))),
    lambda line: "\t".join(c if i != 6 else "01" for i, c in enumerate(line.split("\t"))),
    *(
        lambda line, tid=tid: "\t".join(
            c if i != 0 else tid for i, c in enumerate(line.split("\t"))
        )
        # IDs out of sequence, not numbers, or almost a multiword token or an empty node
        for tid in ("7", "a", "2-x", "1.2.3", "1-", ".1", "3-4", "1.1", "01", "１")
    ),
    lambda line: "# " + line,  # a comment, inside a sentence or before it
    lambda line: " ",  # a blank line of white space, splitting a sentence
    lambda line: line + "\r",  # a carriage return
    lambda line: line.split()[0] if line.split() else line,  # one column
]


@st.composite
def damaged(draw) -> tuple[str, str]:
    fmt = draw(st.sampled_from(["conllu", "conllx", "malttab"]))
    text, _ = draw(corpora(fmt))
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        if draw(st.booleans()):
            lines[i] = draw(st.sampled_from(MUTATIONS))(lines[i])
        else:  # a blank line or a comment line more: comments alone, split sentences
            lines.insert(i, draw(st.sampled_from(["", "  ", "# c", "#"])))
    if draw(st.booleans()):  # every head "_": the format's missing parse
        lines = [
            "\t".join(c if k != 6 else "_" for k, c in enumerate(line.split("\t")))
            for line in lines
        ]
    return "\n".join(lines), fmt


@settings(max_examples=examples(400), deadline=None)
@given(damaged())
def test_damaged_corpora_give_the_records_of_the_line_at_a_time_reader(case) -> None:
    text, fmt = case
    same_records(line_at_a_time(text, fmt), fast(text, fmt))
    try:
        line_at_a_time(text, fmt, on_error="raise")
    except InputFormatError as err:
        with pytest.raises(InputFormatError) as caught:
            fast(text, fmt, on_error="raise")
        assert (str(caught.value), caught.value.line, caught.value.token) == (
            str(err),
            err.line,
            err.token,
        )
    else:
        same_records(line_at_a_time(text, fmt), fast(text, fmt, on_error="raise"))


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from(["conllu", "conllx", "malttab"]), st.data())
def test_lines_that_are_not_utf8_fail_only_their_sentence(fmt, data) -> None:
    text, _ = data.draw(corpora(fmt))
    raw = text.encode("utf-8").split(b"\n")
    bad = data.draw(st.integers(0, len(raw) - 1))
    raw[bad] += b"\xff"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bad.txt"
        path.write_bytes(b"\n".join(raw))
        ordinary = list(read_file(path, fmt, on_error="collect"))
        quick = list(read_file(path, fmt, on_error="collect", nltk_trees=False))
    same_records(ordinary, quick)
    # The sentence holding the line fails, with the line named; none of the others do.
    failed = [r for r in quick if r.error is not None]
    if raw[bad].strip() != b"\xff":  # a line of text, not a blank line made non-blank
        assert any(r.error.line == bad + 1 for r in failed)
    assert len(failed) <= 1


# -- by hand ---------------------------------------------------------------------------------

HAND = (
    "# newdoc id = d\n"  # line 1
    "# sent_id = d-1\n"
    "1-2\tdel\t_\t_\t_\t_\t_\t_\t_\t_\n"
    "1\tde\tde\tADP\tIN\t_\t2\tcase\t_\t_\n"
    "2\tel\tel\tDET\t_\t_\t0\troot\t_\t_\n"  # line 5
    "2.1\tgap\t_\t_\t_\t_\t_\t_\t2:dep\t_\n"
    "\n"
    "  \n"
    "# sent_id = d-2\n"
    "1\tHi\thi\tINTJ\tUH\t_\t0\t_\t_\t_\n"  # line 10
    "\n"
    "1\ta\t_\tN\tNN\t_\t0\troot\t_\n"  # line 12: nine columns
    "\n"
    "# sent_id = d-4\n"
    "1\tb\t_\tN\tNN\t_\t_\t_\t_\t_\n"  # line 15: no head, as for every token
    "2\tc\t_\tN\tNN\t_\t_\t_\t_\t_\n"
    "\n"
    "1\tx\t_\tN\tNN\t_\t3\tdep\t_\t_\n"  # line 18: head 3 in a sentence of one token
)


def test_a_sentence_of_each_kind_read_by_hand() -> None:
    records = fast(HAND, "conllu")
    got = [(r.number, r.line, r.sentence_id, r.tree) for r in records]
    assert got[:2] == [
        (1, 1, "d-1", DependencyTree(("de", "el"), (2, 0), ("case", "root"), ("IN", None),
                                     ("ADP", "DET"))),
        (2, 9, "d-2", DependencyTree(("Hi",), (0,), (None,), ("UH",), ("INTJ",))),
    ]  # fmt: skip
    assert got[2:] == [(3, 12, None, None), (4, 14, "d-4", None), (5, 18, None, None)]
    assert str(records[2].error) == (
        "t:12: sentence 3: 9 columns; CoNLL lines have 10, separated by tabs"
    )
    assert records[3].error is None  # a missing parse, not an error
    assert str(records[4].error) == "t:18: sentence 5: token 1 ('x') has head 3, outside 0..1"
    assert (records[4].error.line, records[4].error.token) == (18, "3")


TWO_TOKENS = "1\ta\t_\tN\tNN\t_\t0\troot\t_\t_\n2\tb\t_\tN\tNN\t_\t1\tx\t_\t_\n"


@pytest.mark.parametrize(
    ("tid", "message"),
    [
        ("a", "token ID 'a' is not a number"),
        ("2-x", "token ID '2-x' is not a number"),
        ("1.2.3", "token ID '1.2.3' is not a number"),
        ("1-", "token ID '1-' is not a number"),
        ("１", "token ID '１' is not a number"),  # a full-width digit
        ("3", "token ID '3' where 1 was expected (IDs count from 1 in every sentence; is the "
         "blank line between two sentences missing?)"),
    ],
)  # fmt: skip
def test_a_line_that_is_almost_a_multiword_token_is_an_error(tid: str, message: str) -> None:
    text = f"{tid}\tab\t_\t_\t_\t_\t_\t_\t_\t_\n" + TWO_TOKENS
    (record,) = fast(text, "conllu")
    assert record.tree is None
    assert (str(record.error), record.error.line, record.error.token) == (
        f"t:1: sentence 1: {message}",
        1,
        tid,
    )


@pytest.mark.parametrize("tid", ["1-2", "1-1", "0.1", "2.10"])
def test_multiword_tokens_and_empty_nodes_are_skipped(tid: str) -> None:
    text = f"{tid}\tab\t_\t_\t_\t_\t_\t_\t_\t_\n" + TWO_TOKENS
    (record,) = fast(text, "conllu")
    assert record.tree == DependencyTree(
        ("a", "b"), (0, 1), ("root", "x"), ("NN", "NN"), ("N", "N")
    )


def test_comments_alone_are_no_sentence() -> None:
    text = "# sent_id = a\n# text = b\n\n# sent_id = c\n1\tx\t_\tN\tNN\t_\t0\troot\t_\t_\n\n# end\n"
    records = fast(text, "conllu")
    assert [(r.number, r.line, r.sentence_id, r.tree.words) for r in records] == [
        (1, 4, "c", ("x",))
    ]


def test_malttab_by_hand() -> None:
    text = "John NNP 2\nsaw VBD 0\nMary NNP 2\n\nI\tPRP\t2\tSBJ\nleft\tVBD\t0\tROOT\n"
    records = fast(text, "malttab")
    assert [(r.number, r.line, r.tree) for r in records] == [
        (1, 1, DependencyTree(("John", "saw", "Mary"), (2, 0, 2), None, ("NNP", "VBD", "NNP"),
                              ("NNP", "VBD", "NNP"))),
        (2, 5, DependencyTree(("I", "left"), (2, 0), ("SBJ", "ROOT"), ("PRP", "VBD"),
                              ("PRP", "VBD"))),
    ]  # fmt: skip


def test_a_parse_that_is_no_tree_is_read_and_refused_where_a_tree_is_needed() -> None:
    from nltk_tedeval.errors import TreeStructureError
    from nltk_tedeval.trees.convert import Converter

    text = "1\ta\t_\tN\tNN\t_\t2\tdep\t_\t_\n2\tb\t_\tN\tNN\t_\t1\tdep\t_\t_\n"
    (record,) = fast(text, "conllu")
    assert record.tree.heads == (2, 1) and not record.tree.is_tree()
    with pytest.raises(TreeStructureError) as caught:
        Converter()(record)
    assert str(caught.value) == (
        "t:1: the heads form a cycle: 1 (a) -> 2 (b) -> 1; the tree does not reach the root"
    )


# -- every sample file -----------------------------------------------------------------------


def _column_files() -> list[tuple[Path, str]]:
    found = []
    for folder in (ROOT / "corpora_samples", ROOT / "tests"):
        for path in sorted(folder.rglob("*")):
            if not path.is_file() or path.suffix in (".py", ".md", ".json", ".pyc"):
                continue
            try:
                fmt = detect_format(path)
            except InputFormatError:
                continue
            if fmt in ("conllu", "conllx", "malttab"):
                found.append((path, fmt))
    return found


COLUMN_FILES = _column_files()


def test_the_sample_files_include_every_column_format() -> None:
    names = {p.name: fmt for p, fmt in COLUMN_FILES}
    assert names["arrive_gold1.conll"] == "conllx"
    assert names["GUM_bio_byron.conllu"] == "conllu"
    assert names["collins.prm"] == "malttab"  # not one, but read as one: errors to compare
    assert len(COLUMN_FILES) >= 120


@pytest.mark.parametrize(
    ("path", "fmt"), COLUMN_FILES, ids=[str(p.relative_to(ROOT)) for p, _ in COLUMN_FILES]
)
def test_every_sample_file_reads_and_converts_the_same_on_both_paths(path: Path, fmt: str) -> None:
    from nltk_tedeval.errors import TedEvalError
    from nltk_tedeval.trees.convert import Converter

    ordinary = list(read_file(path, fmt, on_error="collect"))
    quick = list(read_file(path, fmt, on_error="collect", nltk_trees=False))
    same_records(ordinary, quick)

    def converted(records: list, conv: Converter) -> list:
        out: list = []
        for record in records:
            try:
                out.append(conv.convert(record) if record.tree is not None else None)
            except TedEvalError as err:
                out.append(str(err))
        return out

    for conv in (Converter(), Converter(projectivize=True, strip_subtypes=True)):
        assert converted(quick, conv) == converted(ordinary, conv)


STATS_PAIRS = [
    ("spec/arrive_parse.conll", "spec/arrive_gold1.conll"),
    ("spec/arrive_parse.conll", "spec/arrive_gold2.conll"),
    ("raw_text/gold-tokens/arc-eager.conllu", "study/test.conllu"),
    ("raw_text/gold-tokens/arc-standard.conllu", "study/test.conllu"),
]


@pytest.mark.parametrize(("parse", "gold"), STATS_PAIRS)
def test_every_metric_gives_the_statistics_of_the_dependency_graphs(parse: str, gold: str) -> None:
    from nltk_tedeval import AttachmentEvaluator, MPHEvaluator, TedEvalEvaluator

    samples = ROOT / "corpora_samples"

    def read(name: str, nltk_trees: bool) -> list:
        return list(read_file(samples / name, nltk_trees=nltk_trees))

    for evaluator, kwargs in (
        (AttachmentEvaluator, {}),
        (TedEvalEvaluator, {"projectivize": True}),
        (TedEvalEvaluator, {}),
        (MPHEvaluator, {"projectivize": True}),
    ):
        graphs = evaluator(read(parse, True), read(gold, True), **kwargs).stats.array
        tables = evaluator(read(parse, False), read(gold, False), **kwargs).stats.array
        assert tables.tolist() == graphs.tolist(), (evaluator.__name__, kwargs)
        assert len(graphs) > 0
