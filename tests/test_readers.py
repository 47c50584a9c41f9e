"""The file readers: bracketed trees, CoNLL-X, CoNLL-U and Malt-TAB.

Expected trees come from a second method, nltk's own parsers
(``Tree.fromstring``, ``DependencyGraph(text)``) run on the same text, or
are written out by hand; expected line numbers and counts are read off the
sample files by hand (see the comments). The samples in tests/data/readers
are excerpts of GUM (see SOURCE.md there).
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import itertools
import pkgutil
import re
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk import Tree
from nltk.parse import DependencyGraph

from nltk_tedeval import reading
from nltk_tedeval.errors import InputFormatError, OptionError, SentenceCountError
from nltk_tedeval.reading import (
    SourceSentence,
    detect_format,
    detect_format_text,
    read_file,
    read_label_map,
    read_label_map_text,
    read_lines,
    read_parallel,
    read_text,
)
from nltk_tedeval.trees.constituency import flatten_tree
from nltk_tedeval.trees.tokens import normalize_token

from .conftest import examples

DATA = Path(__file__).parent / "data" / "readers"
GUM_PTB = DATA / "gum_galois.ptb"
GUM_CONLLU = DATA / "gum_galois.conllu"


# -- helpers: the second method and comparisons ------------------------------------


def nltk_graph(text: str, **kwargs) -> DependencyGraph:
    """nltk's own reading of the token lines of one sentence (no comments)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nltk warns when no relation is ROOT
        return DependencyGraph(text, **kwargs)


def plain(graph: DependencyGraph) -> dict:
    """Nodes as plain dicts, comparable with ==.

    Empty deps lists are left out: nltk leaves one under "ROOT" in the top
    node when it looks for a root relation that no token has.
    """
    return {
        a: {**n, "deps": {rel: deps for rel, deps in n["deps"].items() if deps}}
        for a, n in graph.nodes.items()
    }


def assert_same_graph(ours: DependencyGraph, theirs: DependencyGraph) -> None:
    assert isinstance(ours, DependencyGraph)
    assert plain(ours) == plain(theirs)
    assert ours.root == theirs.root
    assert getattr(ours, "top_relation_label", None) == getattr(theirs, "top_relation_label", None)


def trees_equal(a: object, b: object) -> bool:
    """Tree equality without recursion (Tree.__eq__ recurses)."""
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        if isinstance(x, Tree) != isinstance(y, Tree):
            return False
        if not isinstance(x, Tree):
            if x != y:
                return False
            continue
        if type(x) is not type(y) or x.label() != y.label() or len(x) != len(y):
            return False
        stack.extend(zip(x, y, strict=True))
    return True


def trees(text: str, **kwargs) -> list:
    return [s.tree for s in read_text(text, "ptb", **kwargs)]


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8", newline="")
    else:
        path.write_bytes(content)
    return path


def names_place(err: InputFormatError, file: object, line: int) -> None:
    """The error names the file and the line, in its fields and in its message."""
    assert err.file == str(file)
    assert err.line == line
    assert str(err).startswith(f"{file}:{line}: ")


def test_module_doctests() -> None:
    # The readers are a package of modules: every one's examples must run.
    modules = [reading] + [
        importlib.import_module(f"{reading.__name__}.{info.name}")
        for info in pkgutil.iter_modules(reading.__path__)
    ]
    for module in modules:
        result = doctest.testmod(module)
        assert result.failed == 0, module.__name__
        # Every example ran: as many as the source has ">>>" prompts.
        prompts = re.findall(r"^\s*>>> ", inspect.getsource(module), re.MULTILINE)
        assert result.attempted == len(prompts), module.__name__


# -- Penn Treebank brackets --------------------------------------------------------


def test_gum_sample_equals_tree_fromstring() -> None:
    text = GUM_PTB.read_text(encoding="utf-8")
    expected = [Tree.fromstring(chunk) for chunk in text.split("\n\n") if chunk.strip()]
    records = list(read_file(GUM_PTB))
    assert [r.tree for r in records] == expected
    assert len(records) == 3
    # The trees start on lines 1, 3 and 22 of the file (blank lines 2 and 21).
    assert [(r.number, r.line) for r in records] == [(1, 1), (2, 3), (3, 22)]
    assert all(r.file == str(GUM_PTB) and r.error is None for r in records)
    assert records[0].tree == Tree(
        "ROOT", [Tree("NP", [Tree("JJ", ["Final"]), Tree("NNS", ["days"])])]
    )


def test_one_tree_per_line_and_several_trees_on_a_line() -> None:
    lines = ["(S (NP John) (VP runs))", "(S (NP-SBJ-1 Mary) (VP (VBD left)))", "(X (Y (Z z)))"]
    assert trees("\n".join(lines)) == [Tree.fromstring(line) for line in lines]
    assert trees("  ".join(lines) + "\n") == [Tree.fromstring(line) for line in lines]


def test_multi_line_trees_as_in_mrg_files() -> None:
    # The WSJ .mrg layout: "( (S" in column 0, the rest indented, no blank line.
    text = (
        "( (S \n"
        "    (NP-SBJ (NNP Pierre) (NNP Vinken) )\n"
        "    (VP (MD will) \n"
        "      (VP (VB join) ))\n"
        "    (. .) ))\n"
        "( (S \n"
        "    (NP-SBJ (NNP Mr.) )\n"
        "    (VP (VBZ is) )))\n"
    )
    s1 = Tree(
        "",
        [
            Tree(
                "S",
                [
                    Tree("NP-SBJ", [Tree("NNP", ["Pierre"]), Tree("NNP", ["Vinken"])]),
                    Tree("VP", [Tree("MD", ["will"]), Tree("VP", [Tree("VB", ["join"])])]),
                    Tree(".", ["."]),
                ],
            )
        ],
    )
    s2 = Tree(
        "", [Tree("S", [Tree("NP-SBJ", [Tree("NNP", ["Mr."])]), Tree("VP", [Tree("VBZ", ["is"])])])]
    )
    records = list(read_text(text, name="wsj_0001.mrg"))
    assert [r.tree for r in records] == [s1, s2]
    assert [r.line for r in records] == [1, 6]
    lines = text.splitlines(keepends=True)
    assert records[0].tree == Tree.fromstring("".join(lines[:5]))
    assert records[1].tree == Tree.fromstring("".join(lines[5:]))


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("( (S (NP a)))", ""),
        ("(TOP (S (NP a)))", "TOP"),
        ("(ROOT (S (NP a)))", "ROOT"),
        ("(S (NP a))", "S"),
    ],
)
def test_outer_wrappers_are_kept_as_nltk_keeps_them(text: str, label: str) -> None:
    (tree,) = trees(text)
    assert tree == Tree.fromstring(text)
    assert tree.label() == label
    assert tree.leaves() == ["a"]


def test_label_on_the_line_after_its_bracket() -> None:
    # Tree.fromstring takes the word after "(" as the label even across a line break.
    text = "(\n  S\n  (NP a) b)"
    assert trees(text) == [Tree.fromstring(text)] == [Tree("S", [Tree("NP", ["a"]), "b"])]


def test_escaped_brackets_stay_in_words() -> None:
    text = r"(S (-LRB- \() (NN a\)b) (X \\x))"
    (tree,) = trees(text)
    assert tree == Tree.fromstring(text)
    assert tree.leaves() == ["\\(", "a\\)b", "\\\\x"]


def test_unicode_whitespace_separates_tokens_as_in_nltk() -> None:
    text = "(S\u00a0(NP\u2003a)\x1f(VP\u3000b))"
    assert trees(text) == [Tree.fromstring(text)]


def test_a_tree_2000_levels_deep_reads_without_recursion() -> None:
    depth = 2000
    text = "(X " * depth + "leaf" + ")" * depth
    (tree,) = trees(text)
    node, levels = tree, 0
    while isinstance(node, Tree):
        assert node.label() == "X" and len(node) == 1
        node, levels = node[0], levels + 1
    assert (node, levels) == ("leaf", depth)
    # ...and the converter that consumes it copes too.
    assert flatten_tree(tree).words == ("leaf",)
    assert "<Tree 'X'>" in repr(next(read_text(text)))  # no RecursionError


def test_a_sentence_of_5000_tokens() -> None:
    words = [f"w{i}" for i in range(5000)]
    text = "(S " + " ".join(f"(NN {w})" for w in words) + ")\n"
    (tree,) = trees(text)
    assert tree == Tree.fromstring(text)
    assert tree.leaves() == words


def test_bom_crlf_trailing_space_blank_lines_and_no_final_newline(tmp_path: Path) -> None:
    data = b"\xef\xbb\xbf(S a)  \r\n\r\n \r\n\t\r\n(S\r\n  (NP b))"
    path = write(tmp_path, "x.ptb", data)
    records = list(read_file(path))
    assert [(r.line, r.tree) for r in records] == [
        (1, Tree("S", ["a"])),
        (5, Tree("S", [Tree("NP", ["b"])])),
    ]


# -- bracket errors ----------------------------------------------------------------


BAD_TREES = [
    # (text, line of the error, sentence number, words in the message)
    ("(S a)\n\n(S (NP b)))\n\n(S c)\n", 3, 2, "too many closing brackets"),
    (")\n(S a)\n", 1, 1, "too many closing brackets"),
    ("(S a)\n\n(S (NP b)\n  (VP c)\n", 4, 2, "file ends inside the tree begun on line 3"),
    ("(S (NP a)\n  (VP b)\n(S c)\n", 2, 1, "new tree starts in column 0 on line 3"),
    ("(S a) stray\n", 1, 1, "text outside brackets: 'stray'"),
    ("(S a)\n\nstray (S b)\n", 3, 2, "text outside brackets: 'stray'"),
]


@pytest.mark.parametrize(("text", "line", "number", "what"), BAD_TREES)
def test_bracket_errors_name_file_line_and_problem(
    tmp_path: Path, text: str, line: int, number: int, what: str
) -> None:
    path = write(tmp_path, "bad.ptb", text)
    with pytest.raises(InputFormatError) as info:
        list(read_file(path, "ptb"))
    names_place(info.value, path, line)
    assert info.value.sentence == number
    assert what in str(info.value)


def test_bracket_errors_are_collected_and_reading_resynchronises() -> None:
    text = (
        "(S (NP a)) (VP b))\n"  # 1: closed too early: one bad sentence, not two
        "(S c)\n"  # 2
        "(ROOT\n"  # 3: closed too early, the rest is indented
        "  (S (NP d)))\n"
        "  (VP e)))\n"
        "\n"
        "(ROOT (S f)\n"  # 7: never closed; a new tree in column 0
        "(S g)\n"  # 8
        "(S h) junk\n"  # 9: text after the tree
        "(S i)\n"  # 10
        "(S (j)\n"  # 11: open at the end of the file
    )
    records = list(read_text(text, on_error="collect"))
    assert [(r.number, r.line) for r in records] == [
        (1, 1), (2, 2), (3, 3), (4, 7), (5, 8), (6, 9), (7, 10), (8, 11)
    ]  # fmt: skip
    good = {r.number: r.tree for r in records if r.error is None}
    assert good == {
        2: Tree("S", ["c"]),
        5: Tree("S", ["g"]),
        7: Tree("S", ["i"]),
    }
    bad = {r.number: (r.error.line, r.error.sentence) for r in records if r.error is not None}
    assert bad == {1: (1, 1), 3: (5, 3), 4: (7, 4), 6: (9, 6), 8: (11, 8)}
    assert all(r.tree is None for r in records if r.error is not None)


# -- EVALB mode --------------------------------------------------------------------


def test_one_per_line_mode_every_line_is_a_sentence() -> None:
    text = "(S (NP a) (VP b))\n\n   \n(S c)\n"
    records = list(read_text(text, one_per_line=True))
    assert [(r.number, r.line, r.tree, r.error) for r in records] == [
        (1, 1, Tree.fromstring("(S (NP a) (VP b))"), None),
        (2, 2, None, None),
        (3, 3, None, None),
        (4, 4, Tree("S", ["c"]), None),
    ]


@pytest.mark.parametrize(
    ("line", "what"),
    [
        ("(S a) (S b)", "2 trees on the line"),
        ("(S (NP a)", "the line ends inside a tree (1 closing bracket missing;"),
        ("(S a))", "too many closing brackets"),
        ("(S a) b", "text outside brackets: 'b'"),
    ],
)
def test_one_per_line_mode_errors(tmp_path: Path, line: str, what: str) -> None:
    path = write(tmp_path, "parse.txt", f"(S x)\n{line}\n(S y)\n")
    with pytest.raises(InputFormatError) as info:
        list(read_file(path, "ptb", one_per_line=True))
    names_place(info.value, path, 2)
    assert what in str(info.value)
    records = list(read_file(path, "ptb", one_per_line=True, on_error="collect"))
    assert [(r.number, r.tree) for r in records] == [
        (1, Tree("S", ["x"])),
        (2, None),
        (3, Tree("S", ["y"])),
    ]
    assert records[1].error is not None and records[1].error.line == 2


# -- CoNLL-U, CoNLL-X and Malt-TAB -------------------------------------------------


def test_gum_conllu_sample_equals_dependency_graph() -> None:
    text = GUM_CONLLU.read_text(encoding="utf-8")
    records = list(read_file(GUM_CONLLU))
    blocks = [b for b in text.split("\n\n") if b.strip()]
    assert len(records) == len(blocks) == 3
    for record, block in zip(records, blocks, strict=True):
        # nltk cannot read comments; it skips multiword tokens and empty nodes
        # itself (their head is "_"). Its root relation must be named.
        token_lines = "\n".join(x for x in block.split("\n") if not x.startswith("#"))
        expected = nltk_graph(token_lines, cell_separator="\t", top_relation_label="root")
        assert_same_graph(record.tree, expected)
    assert [r.sentence_id for r in records] == [
        "GUM_bio_galois-1",
        "GUM_bio_galois-2",
        "GUM_bio_galois-20",
    ]
    # By hand from the file: blocks start on lines 1, 27 and 52.
    assert [r.line for r in records] == [1, 27, 52]
    first = records[0].tree
    assert first.root["word"] == "days" and first.nodes[1]["head"] == 2
    # Sentence 2 has the multiword token 4-5 "Galois'" and 16 words.
    assert sorted(records[1].tree.nodes) == list(range(17))
    assert records[1].tree.nodes[4]["word"] == "Galois"


CONLLU = """\
# sent_id = doc-7
# text = Gallia est omnis divisa
1-2\tGalliaest\t_\t_\t_\t_\t_\t_\t_\t_
1\tGallia\tGallia\tPROPN\tNNP\t_\t4\tnsubj:pass\t4:nsubj:pass\t_
2\test\tsum\tAUX\tVBZ\t_\t4\taux:pass\t4:aux:pass\t_
3\tomnis\tomnis\tDET\tDT\t_\t1\tdet\t1:det\t_
3.1\tesse\t_\tVERB\t_\t_\t_\t_\t1:orphan\t_
4\tdivisa\tdivido\tVERB\tVBN\t_\t0\troot\t0:root\tSpaceAfter=No
"""


def test_conllu_multiword_tokens_empty_nodes_comments_and_sent_id() -> None:
    (record,) = read_text(CONLLU)
    assert record.sentence_id == "doc-7"
    graph = record.tree
    # Worked out by hand: 4 words, "divisa" the root, deps in token order.
    assert sorted(graph.nodes) == [0, 1, 2, 3, 4]
    assert [graph.nodes[i]["word"] for i in (1, 2, 3, 4)] == ["Gallia", "est", "omnis", "divisa"]
    assert dict(graph.nodes[4]["deps"]) == {"nsubj:pass": [1], "aux:pass": [2]}
    assert dict(graph.nodes[1]["deps"]) == {"det": [3]}
    assert dict(graph.nodes[0]["deps"]) == {"root": [4]}
    assert graph.nodes[0]["ctag"] == "TOP" and graph.nodes[0]["address"] == 0
    assert graph.root is graph.nodes[4] and graph.top_relation_label == "root"
    assert graph.nodes[1] == {
        "address": 1,
        "word": "Gallia",
        "lemma": "Gallia",
        "ctag": "PROPN",
        "tag": "NNP",
        "feats": "_",
        "head": 4,
        "deps": {"det": [3]},
        "rel": "nsubj:pass",
    }
    token_lines = "\n".join(x for x in CONLLU.splitlines() if not x.startswith("#"))
    assert_same_graph(
        graph, nltk_graph(token_lines, cell_separator="\t", top_relation_label="root")
    )


CONLLX = """\
1\tCathy\tCathy\tN\tN\teigen|ev|neut\t2\tsu\t_\t_
2\tzag\tzie\tV\tV\ttrans|ovt|1of2of3|ev\t0\tROOT\t_\t_
3\then\then\tPron\tPron\tper|3|mv|datofacc\t2\tobj1\t_\t_
4\twild\twild\tAdj\tAdj\tattr|stell|onverv\t5\tmod\t_\t_
5\tzwaaien\tzwaai\tN\tN\tsoort|mv|neut\t2\tvc\t_\t_
6\t.\t.\tPunc\tPunc\tpunt\t5\tpunct\t_\t_
"""


def test_conllx_equals_dependency_graph() -> None:
    (record,) = read_text(CONLLX, name="alpino.conll")
    assert_same_graph(record.tree, nltk_graph(CONLLX))  # nltk's defaults: ROOT
    assert record.sentence_id is None
    assert record.tree.root["word"] == "zag"
    # Old CoNLL-X files separate columns with spaces; nltk splits at any whitespace.
    spaced = CONLLX.replace("\t", "   ")
    (record,) = read_text(spaced, "conllx")
    assert_same_graph(record.tree, nltk_graph(spaced))


MALT4 = "Pierre\tNNP\t2\tNMOD\nVinken\tNNP\t4\tSUB\n,\t,\t2\tP\nwill\tMD\t0\tROOT\n"


def test_malttab_four_columns_as_in_nltk_dependency_treebank() -> None:
    text = MALT4
    (record,) = read_text(text)
    assert_same_graph(record.tree, nltk_graph(text))
    assert record.tree.nodes[1]["lemma"] == "Pierre" and record.tree.nodes[1]["feats"] == ""
    # Whitespace-separated lines give the same graph.
    (spaced,) = read_text(text.replace("\t", " "), "malttab")
    assert plain(spaced.tree) == plain(record.tree)


def test_malttab_three_columns_hang_roots_under_ROOT() -> None:
    text = "John NNP 2\nsaw VBD 0\nMary NNP 2\n"
    (record,) = read_text(text)
    graph = record.tree
    assert_same_graph(graph, nltk_graph(text))
    # As nltk does: no relation on the nodes, the top node's deps under "ROOT".
    assert [graph.nodes[i]["rel"] for i in (1, 2, 3)] == ["", "", ""]
    assert dict(graph.nodes[0]["deps"]) == {"ROOT": [2]}
    assert dict(graph.nodes[2]["deps"]) == {"": [1, 3]}


def test_several_sentences_blank_lines_bom_crlf_no_final_newline(tmp_path: Path) -> None:
    one = "1\ta\ta\tX\tX\t_\t0\troot\t_\t_"
    two = "1\tb\tb\tX\tX\t_\t2\tdep\t_\t_\n2\tc\tc\tX\tX\t_\t0\troot\t_\t_"
    text = f"# sent_id = A\n{one}  \n\n\n \n# sent_id = B\n{two}"
    path = write(tmp_path, "x.conllu", b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())
    records = list(read_file(path))
    assert [(r.number, r.line, r.sentence_id) for r in records] == [(1, 1, "A"), (2, 6, "B")]
    assert_same_graph(records[1].tree, nltk_graph(two, top_relation_label="root"))


# -- column errors -----------------------------------------------------------------

GOOD = "1\ta\ta\tX\tX\t_\t2\tdep\t_\t_\n2\tb\tb\tX\tX\t_\t0\troot\t_\t_\n"


def tok(tid: object, head: object, cols: int = 10) -> str:
    """A CoNLL token line with ID ``tid`` and head ``head`` (and ``cols`` columns)."""
    return "\t".join([str(tid), "w", "w", "X", "X", "_", str(head), "dep", "_", "_"][:cols])


BAD_COLUMNS = [
    # (bad second sentence, line of the error in the file, words in the message)
    (tok(1, 0, cols=9), 5, "9 columns"),
    (tok(1, "zero"), 5, "head 'zero', which is not a number"),
    # "_" as every head is a missing parse (SPEC.md §10); as only some, an error
    (f"{tok(1, 0)}\n{tok(2, '_')}", 6, "token 2 ('w') has head '_' but other tokens have heads"),
    (f"{tok(1, 0)}\n{tok(2, 3)}", 6, "token 2 ('w') has head 3, outside 0..2"),
    (tok(1, -1), 5, "head -1, outside 0..1"),
    (f"{tok(1, 0)}\n{tok(3, 1)}", 6, "token ID '3' where 2 was expected"),
    (tok("one", 0), 5, "token ID 'one' is not a number"),
    (f"{tok(1, 0)}\n# oops", 6, "comment line inside a sentence"),
]


def test_a_sentence_whose_every_head_is_underscore_is_a_missing_parse(tmp_path: Path) -> None:
    """The column formats' missing parse: the tokens, but no head (SPEC.md §10)."""
    path = write(tmp_path, "p.conllu", f"{GOOD}\n# sent_id = s2\n{tok(1, '_')}\n{tok(2, '_')}\n")
    first, second = read_file(path)
    assert first.tree is not None
    assert (second.number, second.line, second.sentence_id) == (2, 4, "s2")
    assert (second.tree, second.error) == (None, None)


@pytest.mark.parametrize(("bad", "line", "what"), BAD_COLUMNS)
def test_column_errors_name_file_line_sentence_and_problem(
    tmp_path: Path, bad: str, line: int, what: str
) -> None:
    # Sentence 1 is lines 1-2, a blank line 3, sentence 2 from line 4 (its sent_id).
    path = write(tmp_path, "bad.conllu", f"{GOOD}\n# sent_id = s2\n{bad}\n\n{GOOD}")
    with pytest.raises(InputFormatError) as info:
        list(read_file(path))
    err = info.value
    names_place(err, path, line)
    assert (err.sentence, err.sentence_id) == (2, "s2")
    assert "sentence 2 (id s2): " in str(err) and what in str(err)
    records = list(read_file(path, on_error="collect"))
    assert [(r.number, r.line, r.tree is None) for r in records] == [
        (1, 1, False),
        (2, 4, True),
        (3, _third_start(bad), False),
    ]
    assert records[1].error is not None and records[1].error.line == line


def _third_start(bad: str) -> int:
    # Sentence 3 follows two lines of sentence 1, a blank line, the sent_id
    # line and the bad sentence's lines, and a blank line.
    return 2 + 1 + 1 + (bad.count("\n") + 1) + 1 + 1


@pytest.mark.parametrize(
    ("text", "line", "what"),
    [
        ("a X 0\nb Y 1 dep\n", 2, "4 columns; Malt-TAB lines have 3 or 4"),
        ("a X 0 root extra\n", 1, "5 columns"),
        ("a X\n", 1, "2 columns"),
        ("a X 0\nb Y 3\n", 2, "head 3, outside 0..2"),
        ("a X root\n", 1, "head 'root', which is not a number"),
    ],
)
def test_malttab_errors(tmp_path: Path, text: str, line: int, what: str) -> None:
    path = write(tmp_path, "bad.malt", text)
    with pytest.raises(InputFormatError) as info:
        list(read_file(path, "malttab"))
    names_place(info.value, path, line)
    assert what in str(info.value)


def test_non_utf8_bytes_name_file_and_line(tmp_path: Path) -> None:
    data = b"(S a)\n\n(S caf" + b"\xe9" + b")\n\n(S b)\n"
    path = write(tmp_path, "latin1.ptb", data)
    with pytest.raises(InputFormatError) as info:
        list(read_file(path))
    names_place(info.value, path, 3)
    assert "not UTF-8" in str(info.value) and "0xe9" in str(info.value)
    records = list(read_file(path, on_error="collect"))
    assert [(r.number, r.tree) for r in records] == [
        (1, Tree("S", ["a"])),
        (2, None),
        (3, Tree("S", ["b"])),
    ]
    # The same in a column file, where the bad byte sits in a later chunk.
    pad = "".join(f"1\tw{i}\tw\tX\tX\t_\t0\troot\t_\t_\n\n" for i in range(5000))
    data = pad.encode() + b"1\tcaf\xe9\tc\tX\tX\t_\t0\troot\t_\t_\n\n" + pad.encode()
    path = write(tmp_path, "latin1.conll", data)
    records = list(read_file(path, on_error="collect"))
    assert len(records) == 10001
    (bad,) = [r for r in records if r.error is not None]
    assert (bad.number, bad.line, bad.error.line) == (5001, 10001, 10001)
    with pytest.raises(InputFormatError, match=r"latin1\.conll:10001: sentence 5001"):
        list(read_file(path))


# -- format detection --------------------------------------------------------------

SAMPLES = {
    "ptb": "(ROOT\n  (S (NP a)))\n",
    "conllu": CONLLU,
    "conllx": CONLLX,
    "malttab": MALT4,
}


@pytest.mark.parametrize("fmt", sorted(SAMPLES))
@pytest.mark.parametrize("suffix", [".ptb", ".conllu", ".conll", ".txt", ""])
def test_detection_from_content_whatever_the_suffix(tmp_path: Path, fmt: str, suffix: str) -> None:
    path = write(tmp_path, f"sample{suffix}", SAMPLES[fmt])
    if fmt == "conllx" and suffix == ".conllu":
        fmt = "conllu"  # nothing in the content tells them apart: the suffix does
    assert detect_format(path) == fmt
    assert len(list(read_file(path))) == 1


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        ("\n\n  (S a)", "ptb"),
        ("((S a))", "ptb"),
        ("1\ta\t_\t_\t_\t_\t0\troot\t0:root\t_\n", "conllu"),  # enhanced deps column
        ("1\ta\t_\t_\t_\t_\t0\troot\t_\tSpaceAfter=No\n", "conllu"),  # MISC Key=Value
        ("1-2\tab\t_\t_\t_\t_\t_\t_\t_\t_\n1\ta\t_\t_\t_\t_\t0\troot\t_\t_\n", "conllu"),
        ("1\ta\t_\t_\t_\t_\t0\tROOT\t_\t_\n", "conllx"),
        ("(\t(\t2\tP\nx\tX\t0\tROOT\n", "malttab"),  # the word "(" in Malt-TAB
        ("#\t#\t0\tROOT\n", "malttab"),  # the word "#" is not a comment there
        ("a X 0\n", "malttab"),
        ("a X 0 ROOT\n", "malttab"),
        ("garbage line\n(S a)\n", "ptb"),  # one bad line does not hide the format
    ],
)
def test_detection_rules(text: str, fmt: str) -> None:
    assert detect_format_text(text) == fmt


@pytest.mark.parametrize("text", ["hello world\n", "1 2\n", "a\tb\tc\td\te\n"])
def test_undetectable_content_names_the_file(tmp_path: Path, text: str) -> None:
    path = write(tmp_path, "mystery.ptb", text)
    with pytest.raises(InputFormatError, match="cannot tell the format") as info:
        detect_format(path)
    names_place(info.value, path, 1)
    with pytest.raises(InputFormatError, match=r"mystery\.ptb"):
        list(read_file(path))


def test_empty_file(tmp_path: Path) -> None:
    path = write(tmp_path, "empty.conllu", "\n  \n")
    with pytest.raises(InputFormatError, match="empty") as info:
        detect_format(path)
    assert info.value.file == str(path)
    assert list(read_file(path)) == []
    assert list(read_text("", "ptb")) == list(read_text("", "conllu")) == []


def test_format_argument_forces_the_format() -> None:
    # Read as Malt-TAB, a CoNLL line has 10 columns: an error, not a guess.
    with pytest.raises(InputFormatError, match="10 columns; Malt-TAB"):
        list(read_text(CONLLX, format="malttab"))
    (record,) = read_text(CONLLX, format="CONLLU")
    assert record.tree.root["word"] == "zag"


def test_bad_options() -> None:
    with pytest.raises(OptionError, match="unknown format 'tiger'"):
        read_text("(S a)", "tiger")
    with pytest.raises(OptionError, match="on_error"):
        read_text("(S a)", on_error="ignore")


def test_read_lines_takes_any_iterable_of_lines(tmp_path: Path) -> None:
    path = write(tmp_path, "x.conll", MALT4 + "\nx X 0\n")
    with open(path, encoding="utf-8") as handle:
        records = list(read_lines(handle, name="stdin"))
    assert [(r.file, r.number, r.line) for r in records] == [("stdin", 1, 1), ("stdin", 2, 6)]
    assert [r.tree for r in read_lines(["(S a)\n", "(S b)"])] == [
        Tree("S", ["a"]),
        Tree("S", ["b"]),
    ]


def test_reading_streams_sentence_by_sentence() -> None:
    # An endless input: only a reader that goes sentence by sentence returns.
    endless = read_lines(itertools.cycle(["(S\n", "  (NP a))\n"]))
    assert [r.line for r in itertools.islice(endless, 1000)][-2:] == [1997, 1999]
    endless = read_lines(itertools.cycle(["x X 0\n", "\n"]))
    assert next(itertools.islice(endless, 999, None)).number == 1000


# -- parallel files ----------------------------------------------------------------


def test_read_parallel_in_lockstep() -> None:
    rows = list(read_parallel([GUM_PTB, GUM_CONLLU]))
    assert len(rows) == 3
    for number, (tree, graph) in enumerate(rows, start=1):
        assert tree.number == graph.number == number
        assert isinstance(tree.tree, Tree) and isinstance(graph.tree, DependencyGraph)
        # The two files hold the same sentences: the same words in the same order.
        words = [graph.tree.nodes[i]["word"] for i in range(1, len(graph.tree.nodes))]
        assert [normalize_token(w) for w in tree.tree.leaves()] == words


def test_read_parallel_with_different_sentence_counts(tmp_path: Path) -> None:
    short = write(tmp_path, "parse.ptb", "(S a)\n(S b)\n")
    long = write(tmp_path, "gold.ptb", "(S a)\n\n(S b)\n\n(S c)\n")
    reader = read_parallel([long, short], formats="ptb")
    assert len([next(reader), next(reader)]) == 2
    with pytest.raises(SentenceCountError) as info:
        next(reader)
    err = info.value
    names_place(err, short, 2)
    assert f"{short} ends after 2 sentences (line 2)" in str(err)
    assert f"{long} continues with sentence 3 on line 5" in str(err)
    # The same whichever order the files come in.
    with pytest.raises(SentenceCountError, match=r"parse.ptb ends after 2 sentences"):
        list(read_parallel([short, long]))


def test_read_parallel_collects_bad_sentences_and_keeps_alignment(tmp_path: Path) -> None:
    gold = write(tmp_path, "gold.txt", "(S a)\n(S b)\n(S c)\n")
    parse = write(tmp_path, "parse.txt", "(S a)\n\n(S c)\n")
    rows = list(
        read_parallel([gold, parse], formats=["ptb", None], on_error="collect", one_per_line=True)
    )
    assert [(g.tree, p.tree, p.error) for g, p in rows] == [
        (Tree("S", ["a"]), Tree("S", ["a"]), None),
        (Tree("S", ["b"]), None, None),
        (Tree("S", ["c"]), Tree("S", ["c"]), None),
    ]
    with pytest.raises(OptionError, match="3 formats for 2 files"):
        read_parallel([gold, parse], formats=["ptb", "ptb", "ptb"])


# -- label maps --------------------------------------------------------------------


def test_label_map(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "map.tsv",
        b"\xef\xbb\xbf# 2011 relabeling\r\nSUB\tSBJ\r\n\r\n  # drop\r\nP\t\r\nOBJ\tOBJ ",
    )
    assert read_label_map(path) == {"SUB": "SBJ", "P": "", "OBJ": "OBJ"}
    assert read_label_map_text("") == {}


@pytest.mark.parametrize(
    ("line", "what"),
    [
        ("SUB SBJ", "no tab"),
        ("SUB\tSBJ\tX", "3 tab-separated fields"),
        ("\tSBJ", "the label to map (before the tab) is empty"),
        ("SUB\tS BJ", "a label holds whitespace"),
        ("SUB\tOBJ", "'SUB' is mapped to 'OBJ' here but to 'SBJ' on line 2"),
    ],
)
def test_label_map_errors(tmp_path: Path, line: str, what: str) -> None:
    path = write(tmp_path, "map.tsv", f"# comment\nSUB\tSBJ\n{line}\n")
    with pytest.raises(InputFormatError) as info:
        read_label_map(path)
    names_place(info.value, path, 3)
    assert what in str(info.value)


def test_label_map_non_utf8(tmp_path: Path) -> None:
    path = write(tmp_path, "map.tsv", b"A\tB\nSUJ\t\xe9\n")
    with pytest.raises(InputFormatError) as info:
        read_label_map(path)
    names_place(info.value, path, 2)


# -- the record --------------------------------------------------------------------


def test_source_sentence_is_a_frozen_record() -> None:
    record = SourceSentence("f.ptb", 1, 1, None, Tree("S", ["a"]))
    with pytest.raises(AttributeError):
        record.number = 2  # type: ignore[misc]
    assert record.error is None
    assert repr(record) == (
        "SourceSentence(file='f.ptb', number=1, line=1, sentence_id=None, "
        "tree=<Tree 'S'>, error=None)"
    )


# -- properties --------------------------------------------------------------------

# Words made of pieces that print and read back as one token, escaped
# brackets included; labels are words too (never empty: "( a)" would read
# "a" as the label, in nltk as here).
WORD = st.lists(
    st.sampled_from(
        ["a", "Z", "é", "0", "-", "=", "*", "'", ".", "\\(", "\\)", "\\x", "ĳ", "\u00a8"]
    ),
    min_size=1,
    max_size=4,
).map("".join)


def _tree(children: st.SearchStrategy) -> st.SearchStrategy:
    return st.builds(Tree, WORD, st.lists(children, max_size=4))


TREES = st.recursive(
    st.builds(Tree, WORD, st.lists(WORD, min_size=1, max_size=2)), _tree, max_leaves=20
)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(TREES, min_size=1, max_size=4), st.booleans())
def test_random_trees_printed_by_nltk_read_back(forest: list[Tree], flat: bool) -> None:
    if flat:  # one tree per line
        text = "\n".join(t.pformat(margin=10**9) for t in forest)
    else:  # indented over several lines, blank lines between
        text = "\n\n".join(t.pformat(margin=20) for t in forest)
    got = trees(text)
    assert got == forest
    assert got == [Tree.fromstring(t.pformat(margin=10**9)) for t in forest]
    if flat and "\\" not in text:
        # EVALB's reading knows no escapes (test_evalb_mode_knows_no_escapes);
        # without them it reads what nltk reads.
        assert [s.tree for s in read_text(text, "ptb", one_per_line=True)] == forest


def test_evalb_mode_knows_no_escapes() -> None:
    # nltk reads "\(" as a word holding an escaped bracket; EVALB reads the
    # word "\" and then a bracket, so the line is unbalanced.
    assert trees("(NN \\()") == [Tree("NN", ["\\("])]
    with pytest.raises(InputFormatError, match="closing bracket"):
        list(read_text("(S (NN \\())", "ptb", one_per_line=True))
    # A label ending in a backslash is only a label there.
    [record] = read_text("(NP\\ (NN x))", "ptb", one_per_line=True)
    assert record.tree == Tree("NP\\", [Tree("NN", ["x"])])


def test_evalb_mode_splits_at_c_white_space_only() -> None:
    # EVALB (C's isspace) does not split at a no-break space, U+3000 or U+001C,
    # which Python's str.split() and nltk do.
    for space in ("\u00a0", "\u3000", "\x1c"):
        [record] = read_text(f"(S (NN a{space}b) (VB c))", "ptb", one_per_line=True)
        assert record.tree.leaves() == [f"a{space}b", "c"]
        assert trees(f"(S (NN a{space}b) (VB c))")[0].leaves() == ["a", "b", "c"]


# U+FEFF is left out: at the start of a file it is a byte-order mark, which
# the readers drop, so a word made of it could not round-trip.
CELL = st.text(
    st.characters(
        blacklist_categories=("Cc", "Cs", "Zs", "Zl", "Zp"), blacklist_characters="\ufeff"
    ),
    min_size=1,
    max_size=5,
).filter(lambda c: c.split() == [c])


@st.composite
def conll_sentences(draw: st.DrawFn) -> list[tuple[str, str, str, int, str]]:
    n = draw(st.integers(1, 8))
    return [
        (draw(CELL), draw(CELL), draw(CELL), draw(st.integers(0, n)), draw(CELL)) for _ in range(n)
    ]


@settings(max_examples=examples(150), deadline=None)
@given(
    st.lists(conll_sentences(), min_size=1, max_size=3),
    st.sampled_from(["conllx", "malttab3", "malttab4"]),
)
def test_random_column_sentences_round_trip(sentences: list, fmt: str) -> None:
    blocks = []
    for sentence in sentences:
        if fmt == "conllx":
            lines = [
                f"{i}\t{w}\t{lemma}\t{tag}\t{tag}\t_\t{h}\t{r}\t_\t_"
                for i, (w, lemma, tag, h, r) in enumerate(sentence, start=1)
            ]
        else:
            lines = [
                f"{w}\t{tag}\t{h}" + (f"\t{r}" if fmt == "malttab4" else "")
                for (w, _, tag, h, r) in sentence
            ]
        blocks.append("\n".join(lines))
    text = "\n\n".join(blocks) + "\n"
    records = list(read_text(text, fmt[:7]))
    assert len(records) == len(sentences)
    for record, sentence, block in zip(records, sentences, blocks, strict=True):
        graph = record.tree
        assert [graph.nodes[i]["word"] for i in range(1, len(sentence) + 1)] == [
            s[0] for s in sentence
        ]
        assert [graph.nodes[i]["head"] for i in range(1, len(sentence) + 1)] == [
            s[3] for s in sentence
        ]
        roots = [s[4] if fmt != "malttab3" else "ROOT" for s in sentence if s[3] == 0]
        kwargs = {"top_relation_label": roots[0]} if roots else {}
        assert_same_graph(graph, nltk_graph(block, cell_separator="\t", **kwargs))
