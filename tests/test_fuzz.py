"""Fuzzing: random and mutated input gives trees or nltk_tedeval's own error, nothing else.

Every property here feeds the readers, converters, evaluators or the
``tedeval`` command with random text or with valid files broken in the ways
real files break (truncated, unbalanced brackets, stray bytes, not UTF-8,
empty lines in odd places, Windows line ends, a byte order mark, tabs turned
into spaces, huge or negative heads, NUL bytes, multiword tokens and empty
nodes), and checks that the result is either well-formed trees and scores or
a :class:`~nltk_tedeval.errors.TedEvalError` that says where; never another
exception, and never a traceback from the command.

The normal suite runs 200 to 2,000 inputs per property (under a minute in
all); ``NLTK_TEDEVAL_FUZZ=long pytest tests/test_fuzz.py`` runs a hundred
times as many (``docs/robustness.md``). Inputs that once crashed are kept at
the end of this file as explicit regression tests.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from nltk import Tree
from nltk.parse import DependencyGraph

from nltk_tedeval import (
    AttachmentEvaluator,
    Converter,
    CrossFrameworkEvaluator,
    DependencyTree,
    MPHEvaluator,
    MultiFunctionTree,
    ParsevalEvaluator,
    TedEvalEvaluator,
)
from nltk_tedeval.cli import main
from nltk_tedeval.errors import InputFormatError, TedEvalError
from nltk_tedeval.reading import SourceSentence, read_file, read_lines, read_text
from nltk_tedeval.reading.evalb_params import EvalbParams

from .conftest import fuzz_settings

# -- valid seed files ----------------------------------------------------------------------

CONLLU = (
    "# sent_id = s1\n"
    "# text = Don't go!\n"
    "1-2\tDon't\t_\t_\t_\t_\t_\t_\t_\t_\n"
    "1\tDo\tdo\tAUX\tVBP\t_\t3\taux\t3:aux\t_\n"
    "2\tn't\tnot\tPART\tRB\t_\t3\tadvmod\t3:advmod\t_\n"
    "3\tgo\tgo\tVERB\tVB\t_\t0\troot\t0:root\tSpaceAfter=No\n"
    "3.1\tgone\tgo\tVERB\tVBN\t_\t_\t_\t0:root\t_\n"
    "4\t!\t!\tPUNCT\t.\t_\t3\tpunct\t3:punct\t_\n"
    "\n"
    "# sent_id = s2\n"
    "1\tBirds\tbird\tNOUN\tNNS\t_\t2\tnsubj\t_\t_\n"
    "2\tsing\tsing\tVERB\tVBP\t_\t0\troot\t_\t_\n"
    "3\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_\n"
    "\n"
    "# sent_id = s3\n"
    "1\tA\ta\tDET\tDT\t_\t2\tdet\t_\t_\n"
    "2\thearing\thearing\tNOUN\tNN\t_\t3\tnsubj:pass\t_\t_\n"
    "3\tis\tbe\tAUX\tVBZ\t_\t0\troot\t_\t_\n"
    "4\tscheduled\tschedule\tVERB\tVBN\t_\t3\txcomp\t_\t_\n"
    "5\ton\ton\tADP\tIN\t_\t2\tnmod\t_\t_\n"
    "6\tthe\tthe\tDET\tDT\t_\t7\tdet\t_\t_\n"
    "7\tissue\tissue\tNOUN\tNN\t_\t5\tpobj\t_\t_\n"
    "8\ttoday\ttoday\tNOUN\tNN\t_\t4\tnmod:tmod\t_\t_\n"
    "9\t.\t.\tPUNCT\t.\t_\t3\tpunct\t_\t_\n"
    "\n"
)
"""Three sentences: a multiword token and an empty node, a plain one, a non-projective one."""

CONLLX = (
    "1 John john NNP NNP _ 2 SBJ _ _\n"
    "2 saw see VBD VBD _ 0 ROOT _ _\n"
    "3 Mary mary NNP NNP _ 2 OBJ _ _\n"
    "\n"
    "1\t(\t(\t-LRB-\t-LRB-\t_\t2\tP\t_\t_\n"
    "2\tyes\tyes\tUH\tUH\t_\t0\tROOT\t_\t_\n"
    "3\t)\t)\t-RRB-\t-RRB-\t_\t2\tP\t_\t_\n"
)
"""Old space-separated CoNLL-X, then a tab-separated sentence with brackets as words."""

MALTTAB = "John\tNNP\t2\tSBJ\nruns\tVBZ\t0\tROOT\n\n#\t#\t2\tNMOD\n5\tCD\t0\tROOT\n\n"
"""Malt-TAB, with the word ``#`` that is not a comment."""

PTB = (
    "(ROOT (S (VP (VBP Do) (RB n't) (VP (VB go))) (. !)))\n"
    "(ROOT (S (NP-SBJ (NNS Birds)) (VP (VBP sing)) (. .)))\n"
    "(ROOT\n"
    "  (S (NP-SBJ-1 (DT A) (NN hearing))\n"
    "     (VP (VBZ is) (VP (VBN scheduled) (S (NP-SBJ (-NONE- *-1)))\n"
    "       (PP (IN on) (NP (DT the) (NN issue))) (NP-TMP (NN today))))\n"
    "     (. .)))\n"
)
"""The same three sentences in brackets: a multi-line tree with an empty element."""

SEEDS = {"conllu": CONLLU, "conllx": CONLLX, "malttab": MALTTAB, "ptb": PTB}
SUFFIX = {"conllu": ".conllu", "conllx": ".conll", "malttab": ".malt", "ptb": ".ptb"}

# -- mutations -----------------------------------------------------------------------------

SPECIAL = [
    b"(",
    b")",
    b"((",
    b"))",
    b"\t",
    b" ",
    b"\n",
    b"\n\n",
    b"\r",
    b"\r\n",
    b"\x00",
    b"\xff",
    b"\xc3",
    b"\xe9",
    b"\xef\xbb\xbf",
    b"#",
    b"# sent_id = x\n",
    b"_",
    b"-",
    b"\\",
    b"\\ ",
    b"\\(",
    b"=",
    b":",
    b"0",
    b"-1",
    b"99999999999999999999999",
    b"1-2",
    b"3.1",
    b"-NONE-",
    "\u2028".encode(),
    "\u00a0".encode(),
    "é".encode(),
    "主".encode(),
]
HEADS = [
    b"0",
    b"-1",
    b"-7",
    b"99999999999999999999999",
    b"1000",
    b"4",
    b"1",
    b"_",
    b"x",
    b"",
    b"1.5",
    "٣".encode(),
    b"1_0",
    b"+1",
    b"007",
]

positions = st.integers(0, 10**6)
mutations = st.one_of(
    st.tuples(st.just("truncate"), positions),
    st.tuples(st.just("delete"), positions, st.integers(1, 40)),
    st.tuples(
        st.just("insert"),
        positions,
        st.one_of(st.sampled_from(SPECIAL), st.binary(min_size=1, max_size=4)),
    ),
    st.tuples(st.sampled_from(["bom", "crlf", "cr", "tabs_to_spaces", "spaces_to_tabs"])),
    st.tuples(st.sampled_from(["dup_line", "swap_lines"]), positions, positions),
    st.tuples(st.sampled_from(["drop_line", "blank_line", "mwt", "empty_node"]), positions),
    st.tuples(st.just("head"), positions, st.sampled_from(HEADS)),
)


def mutate(data: bytes, ops: list[tuple]) -> bytes:
    """Apply mutation operations (drawn from :data:`mutations`) in order."""
    for op, *args in ops:
        if op == "truncate":
            data = data[: args[0] % (len(data) + 1)]
        elif op == "delete":
            i = args[0] % (len(data) + 1)
            data = data[:i] + data[i + args[1] :]
        elif op == "insert":
            i = args[0] % (len(data) + 1)
            data = data[:i] + args[1] + data[i:]
        elif op == "bom":
            data = b"\xef\xbb\xbf" + data
        elif op == "crlf":
            data = data.replace(b"\n", b"\r\n")
        elif op == "cr":
            data = data.replace(b"\n", b"\r")
        elif op == "tabs_to_spaces":
            data = data.replace(b"\t", b" ")
        elif op == "spaces_to_tabs":
            data = data.replace(b" ", b"\t")
        else:
            lines = data.split(b"\n")
            i = args[0] % len(lines)
            if op == "dup_line":
                lines.insert(i, lines[args[1] % len(lines)])
            elif op == "swap_lines":
                j = args[1] % len(lines)
                lines[i], lines[j] = lines[j], lines[i]
            elif op == "drop_line":
                del lines[i]
            elif op == "blank_line":
                lines.insert(i, b"")
            elif op == "mwt":
                lines.insert(i, b"1-2\tab\t_\t_\t_\t_\t_\t_\t_\t_")
            elif op == "empty_node":
                lines.insert(i, b"1.1\tx\t_\t_\t_\t_\t_\t_\t0:root\t_")
            elif op == "head":
                cells = lines[i].split(b"\t")
                if len(cells) == 10:
                    cells[6] = args[1]
                elif len(cells) in (3, 4):
                    cells[2] = args[1]
                lines[i] = b"\t".join(cells)
            data = b"\n".join(lines)
    return data


# -- checking what came out ----------------------------------------------------------------


def canon(tree: Any) -> Any:
    """A comparable value for a tree, built without recursion."""
    if tree is None:
        return None
    if isinstance(tree, DependencyGraph):
        return tuple(
            (a, n.get("word"), n.get("head"), n.get("rel"), n.get("tag"), n.get("ctag"))
            for a, n in sorted(tree.nodes.items())
            if a
        )
    assert isinstance(tree, Tree), type(tree)
    out: list[Any] = []
    stack: list[Any] = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, Tree):
            out.append(("(", t.label()))
            stack.append(")")
            stack.extend(reversed(t))
        else:
            assert isinstance(t, str), type(t)
            out.append(t)
    return tuple(out)


def check_graph(graph: DependencyGraph) -> None:
    """A graph as the readers build it: tokens 1..n, each with an integer head in 0..n."""
    addresses = sorted(a for a in graph.nodes if a)
    n = len(addresses)
    assert n >= 1 and addresses == list(range(1, n + 1))
    for a in addresses:
        node = graph.nodes[a]
        assert node["address"] == a
        assert isinstance(node["head"], int) and 0 <= node["head"] <= n
        assert isinstance(node["word"], str)


def check_conversion(tree: Any) -> None:
    """Conversion gives a valid multi-function tree or our own error."""
    for converter in (Converter(), Converter(projectivize=True, labeler="colon")):
        try:
            mft = converter(tree)
        except TedEvalError as err:
            assert err.message
            continue
        # Rebuilding through the checking constructor proves spans lie in the
        # yield and form a laminar family.
        again = MultiFunctionTree(mft.as_dict(), mft.words)
        assert again == mft and mft.n >= 1


def check_records(records: list[SourceSentence], name: str, one_per_line: bool) -> None:
    assert [r.number for r in records] == list(range(1, len(records) + 1))
    for r in records:
        assert r.file == name and r.line >= 1
        if r.error is not None:
            assert r.tree is None
            assert isinstance(r.error, InputFormatError)
            assert r.error.file == name and r.error.line is not None and r.error.line >= 1
            assert r.error.sentence == r.number
            assert str(r.error).startswith(f"{name}:")
        elif r.tree is None:
            assert one_per_line  # EVALB's empty parse: an empty line
        else:
            if isinstance(r.tree, DependencyGraph):
                check_graph(r.tree)
            check_conversion(r.tree)


def check_raise_mode(records: list[SourceSentence], raising: Iterator[SourceSentence]) -> None:
    """Raise mode gives the same sentences up to the first bad one, then its error."""
    got: list[SourceSentence] = []
    error = None
    try:
        for r in raising:
            got.append(r)
    except TedEvalError as err:
        error = err
    assert [canon(r.tree) for r in got] == [canon(r.tree) for r in records[: len(got)]]
    if error is None:
        assert len(got) == len(records)
        assert all(r.error is None for r in records)
    else:
        assert records[len(got)].error is not None
        assert str(error) == str(records[len(got)].error)


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


# -- readers and converters ----------------------------------------------------------------


@fuzz_settings(1000)
@given(
    fmt=st.sampled_from(sorted(SEEDS)),
    ops=st.lists(mutations, min_size=1, max_size=4),
    declared=st.booleans(),
    one_per_line=st.booleans(),
)
def test_mutated_files_read_as_trees_or_our_error(
    workdir: Path, fmt: str, ops: list[tuple], declared: bool, one_per_line: bool
) -> None:
    path = workdir / f"mutated{SUFFIX[fmt]}"
    path.write_bytes(mutate(SEEDS[fmt].encode("utf-8"), ops))
    name = str(path)
    form = fmt if declared else None
    try:
        records = list(read_file(path, form, on_error="collect", one_per_line=one_per_line))
    except TedEvalError as err:  # only when no line has a known shape
        assert isinstance(err, InputFormatError) and err.file == name
        assert form is None and "cannot tell the format" in err.message
        return
    check_records(records, name, one_per_line)
    check_raise_mode(records, read_file(path, form, one_per_line=one_per_line))


@fuzz_settings(800)
@given(
    data=st.one_of(
        st.binary(max_size=200),
        st.lists(st.sampled_from(SPECIAL), max_size=40).map(b"".join),
    ),
    fmt=st.sampled_from([None, "ptb", "conllx", "conllu", "malttab"]),
)
def test_random_bytes_read_as_trees_or_our_error(workdir: Path, data: bytes, fmt: str) -> None:
    path = workdir / "random.txt"
    path.write_bytes(data)
    try:
        records = list(read_file(path, fmt, on_error="collect"))
    except TedEvalError as err:
        assert err.file == str(path) and "cannot tell the format" in err.message
        return
    check_records(records, str(path), False)
    check_raise_mode(records, read_file(path, fmt))


TEXT_PIECES = [
    *(p.decode("utf-8", "replace") for p in SPECIAL),
    "S",
    "NP-SBJ",
    "(NP (NN a))",
    "word",
    "1",
    "2",
    "10",
    "root",
    "nsubj:pass",
    "\x85",
    "\x0b",
    "\x1c",
    "\ufeff",
    "1\tJohn\tjohn\tNNP\tNNP\t_\t2\tnsubj\t_\t_\n",
    "2\truns\trun\tVBZ\tVBZ\t_\t0\troot\t_\t_\n",
    "John\tNNP\t0\tROOT\n",
]


@fuzz_settings(1000)
@given(
    pieces=st.lists(st.sampled_from(TEXT_PIECES), max_size=50),
    fmt=st.sampled_from([None, "ptb", "conllx", "conllu", "malttab"]),
    as_lines=st.booleans(),
    one_per_line=st.booleans(),
)
def test_random_text_reads_as_trees_or_our_error(
    pieces: list[str], fmt: str | None, as_lines: bool, one_per_line: bool
) -> None:
    text = "".join(pieces)

    def read(on_error: str) -> Iterator[SourceSentence]:
        if as_lines:
            lines = text.splitlines(keepends=True)
            return read_lines(lines, fmt, name="x", on_error=on_error, one_per_line=one_per_line)
        return read_text(text, fmt, name="x", on_error=on_error, one_per_line=one_per_line)

    try:
        records = list(read("collect"))
    except TedEvalError as err:
        assert err.file == "x" and "cannot tell the format" in err.message
        return
    check_records(records, "x", one_per_line)
    check_raise_mode(records, read("raise"))


def _lines_with(data: bytes, extra: bytes) -> bytes:
    return b"\n".join(line + extra if line else line for line in data.split(b"\n"))


@fuzz_settings(200)
@given(
    fmt=st.sampled_from(sorted(SEEDS)),
    bom=st.booleans(),
    crlf=st.booleans(),
    blank_lines=st.lists(st.integers(0, 10**6), max_size=3),
    trailing=st.sampled_from([b"", b" ", b"  \t"]),
    final_newline=st.booleans(),
)
def test_harmless_changes_keep_the_trees(
    workdir: Path,
    fmt: str,
    bom: bool,
    crlf: bool,
    blank_lines: list[int],
    trailing: bytes,
    final_newline: bool,
) -> None:
    original = SEEDS[fmt].encode("utf-8")
    data = original.rstrip(b"\n") + (b"\n" if final_newline else b"")
    if fmt == "ptb" or trailing.strip(b" ") == b"":
        data = _lines_with(data, trailing)  # trailing blanks; a tab would add a CoNLL column
    # Blank lines where a blank line already is (or at the start and end) never
    # split a sentence.
    for k in blank_lines:
        lines = data.split(b"\n")
        empties = [i for i, line in enumerate(lines) if not line.strip()] + [0]
        i = empties[k % len(empties)]
        lines.insert(i, b"")
        data = b"\n".join(lines)
    if crlf:
        data = data.replace(b"\n", b"\r\n")
    if bom:
        data = b"\xef\xbb\xbf" + data
    path = workdir / f"harmless{SUFFIX[fmt]}"
    path.write_bytes(data)
    base = workdir / f"base{SUFFIX[fmt]}"
    base.write_bytes(original)
    expected = [canon(r.tree) for r in read_file(base)]
    got = [canon(r.tree) for r in read_file(path)]
    assert got == expected
    assert len(expected) == {"conllu": 3, "conllx": 2, "malttab": 2, "ptb": 3}[fmt]


@fuzz_settings(800)
@given(
    n=st.integers(1, 9),
    data=st.data(),
)
def test_random_heads_give_a_tree_or_our_error(n: int, data: st.DataObject) -> None:
    if data.draw(st.booleans()):  # any heads at all: mostly not a tree
        heads = data.draw(
            st.lists(
                st.one_of(st.integers(-3, n + 3), st.sampled_from([10**30, -(10**30)])),
                min_size=n,
                max_size=n,
            )
        )
    else:  # a tree, often non-projective: each token hangs from one placed before it
        order = data.draw(st.permutations(range(1, n + 1)))
        heads = [0] * n
        for i, token in enumerate(order):
            heads[token - 1] = data.draw(st.sampled_from([0, *order[:i]]))
    words = tuple(f"w{i}" for i in range(n))
    try:
        tree = DependencyTree(words, tuple(heads))
    except TedEvalError as err:
        assert err.token is not None
        return
    assert all(0 <= h <= n for h in heads)

    def dominates(h: int, k: int) -> bool:
        while k and k != h:
            k = tree.heads[k - 1]
        return k == h

    # The definition: h -> d is non-projective when h does not dominate some
    # token strictly between them.
    expected = [
        (h, d)
        for d, h in enumerate(tree.heads, start=1)
        if h and not all(dominates(h, k) for k in range(min(h, d) + 1, max(h, d)))
    ]
    assert [(a.head, a.dependent) for a in tree.non_projective_arcs()] == expected
    lifted, arcs = tree.projectivize()
    assert lifted.is_projective() and not lifted.non_projective_arcs()
    assert len(arcs) == 0 or not tree.is_projective()
    # Lifting only moves a token's head up to its head's head.
    for before, after in zip(tree.heads, lifted.heads, strict=True):
        ancestors = []
        h = before
        while h:
            ancestors.append(h)
            h = tree.heads[h - 1]
        assert after in (*ancestors, 0)
    check_conversion(tree)
    check_conversion(lifted)


# -- evaluators ----------------------------------------------------------------------------

LABELS = ["S", "NP-SBJ", "-NONE-", "TOP", "", ",", ".", "NP=2", "PP-LOC-CLR", "X:Y", "SBJ@S"]
LABELS += ["{A}@B", "-LRB-", "ADVP", "PRT", "NN", "VP", "主語"]
WORDS = ["a", "b", "-LRB-", "(", "*-1", ".", ",", "a b", "é"]


@st.composite
def nltk_trees(draw: st.DrawFn, depth: int = 0) -> Tree:
    label = draw(st.sampled_from(LABELS))
    if depth > 3 or draw(st.integers(0, 3)) == 0:
        return Tree(label, [draw(st.sampled_from(WORDS))])
    kids = draw(
        st.lists(st.one_of(nltk_trees(depth + 1), st.sampled_from(WORDS)), min_size=0, max_size=3)
    )
    return Tree(label, kids)


@st.composite
def conll_records(draw: st.DrawFn) -> SourceSentence:
    """A sentence read from random CoNLL-U lines: a DependencyGraph or a reader error."""
    n = draw(st.integers(1, 6))
    lines = []
    for i in range(1, n + 1):
        word = draw(st.sampled_from(["a", "b", "(", ".", ","]))
        tag = draw(st.sampled_from(["NN", ",", ".", "_", "-NONE-"]))
        head = draw(st.integers(-1, n + 1))
        rel = draw(st.sampled_from(["root", "nsubj:pass", "_", "punct"]))
        lines.append(f"{i}\t{word}\t_\t{tag}\t{tag}\t_\t{head}\t{rel}\t_\t_")
    text = "\n".join(lines) + "\n"
    return next(read_text(text, "conllu", name="random.conllu", on_error="collect"))


sentences = st.one_of(nltk_trees(), conll_records(), st.none())


def run_or_our_error(fn: Any) -> Any:
    try:
        return fn()
    except TedEvalError as err:
        assert err.message
        return err


@fuzz_settings(1000)
@given(
    rows=st.lists(st.tuples(sentences, sentences, sentences), min_size=1, max_size=3),
    skip=st.booleans(),
)
def test_evaluators_give_scores_or_our_error(rows: list[tuple], skip: bool) -> None:
    gold = [r[0] for r in rows]
    parse = [r[1] for r in rows]
    other = [r[2] for r in rows]
    on_error = "skip" if skip else "raise"
    runs = {
        "single": lambda: TedEvalEvaluator(parse, gold, on_error=on_error),
        "multiple": lambda: TedEvalEvaluator(
            parse, gold, other_golds=[other], on_error=on_error, projectivize=True
        ),
        "attach": lambda: AttachmentEvaluator(parse, gold, on_error=on_error, punct="exclude"),
        "mph": lambda: MPHEvaluator(parse, gold, on_error=on_error, projectivize=skip),
    }
    for name, make in runs.items():
        ev = make()
        result = run_or_our_error(ev.eval)
        if skip and not isinstance(result, TedEvalError):
            # Nothing lost: every sentence is scored or listed with its reason.
            assert len(ev.numbers) + len(ev.skipped) == len(rows), name
            assert all(s.reason for s in ev.skipped)
            assert sorted([*ev.numbers, *(s.number for s in ev.skipped)]) == list(
                range(1, len(rows) + 1)
            )
        elif not skip and not isinstance(result, TedEvalError):
            assert ev.numbers == list(range(1, len(rows) + 1)), name
    cross = CrossFrameworkEvaluator([("A", parse, gold), ("B", other, other)], on_error=on_error)
    run_or_our_error(lambda: cross.as_dict())
    # ParsEval: EVALB counts bad sentences as error rows and never leaves one out.
    params = EvalbParams(quote_labels=("''", ","), eq_labels=(("S", "NP"), ("NP", "VP")))
    for prm in (None, params):
        ev = ParsevalEvaluator(parse, gold, prm, on_error=on_error)
        summary = run_or_our_error(ev.summary)
        if not isinstance(summary, TedEvalError):
            block = summary["all"]
            assert block["sentences"] == len(rows)
            assert block["valid_sentences"] + block["error_sentences"] + block[
                "skip_sentences"
            ] == len(rows)
            assert len(ev.sentence_lines()) == len(rows)


# -- the command, end to end ---------------------------------------------------------------

PAIRS = {
    ("conllu", "conllu"): ["score", "attach", "mph", "cross"],
    ("conllx", "conllx"): ["score", "attach", "cross"],
    ("malttab", "malttab"): ["score", "attach", "mph"],
    ("ptb", "ptb"): ["score", "parseval", "mph", "cross"],
    # The seeds CONLLU and PTB hold the same sentences in two frameworks.
    ("conllu", "ptb"): ["score", "mph", "cross"],
    ("ptb", "conllu"): ["score", "mph", "cross"],
}
"""(gold format, parse format): the commands that apply."""
OPTIONS = st.lists(
    st.sampled_from(["--skip-bad", "--projectivize", "--json", "--macro", "--engine=apted"]),
    unique=True,
    max_size=3,
)


def run_main(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


@fuzz_settings(2000)
@given(
    formats=st.sampled_from(sorted(PAIRS)),
    ops=st.lists(mutations, min_size=1, max_size=3),
    which=st.sampled_from(["parse", "gold"]),
    data=st.data(),
)
def test_command_on_mutated_files(
    workdir: Path, formats: tuple[str, str], ops: list[tuple], which: str, data: st.DataObject
) -> None:
    command = data.draw(st.sampled_from(PAIRS[formats]))
    options = data.draw(OPTIONS)
    if command in ("attach", "parseval"):
        options = [o for o in options if o != "--projectivize"]
    if command not in ("score", "cross"):
        options = [o for o in options if o != "--engine=apted"]
    gold_fmt, parse_fmt = formats
    texts = {
        "gold": SEEDS[gold_fmt].encode("utf-8"),
        "parse": SEEDS[parse_fmt].encode("utf-8"),
    }
    texts[which] = mutate(texts[which], ops)
    gold = workdir / f"gold{SUFFIX[gold_fmt]}"
    parse = workdir / f"parse{SUFFIX[parse_fmt]}"
    other = workdir / f"other{SUFFIX[parse_fmt]}"  # a second system, never broken
    gold.write_bytes(texts["gold"])
    parse.write_bytes(texts["parse"])
    other.write_text(SEEDS[parse_fmt], encoding="utf-8")
    if command == "cross":
        argv = ["cross", "-e", f"A={gold},{parse}", "-e", f"B={gold},{other}", *options]
    else:
        argv = [command, str(gold), str(parse), str(other), *options]
    status, out, err = run_main(argv)
    assert status in (0, 1), err
    assert "Traceback" not in err and "internal error" not in err
    if status == 1:
        assert err.startswith("tedeval: error: ") and err.count("\n") == 1, err
        assert str(workdir) in err, err
    elif "--json" in options:
        report = json.loads(out)
        n = report["sentences"]
        if command == "parseval":
            # EVALB's way: every system has every sentence, bad ones as errors.
            assert [b["sentences"] for b in report["systems"]] == [n, n]
            return
        # Nothing lost: scored plus skipped is what was read ...
        assert n + len(report["skipped"]) == report["read"]
        assert "--skip-bad" in options or not report["skipped"]
        # ... and every system is scored on the same sentences.
        if command == "cross":
            blocks = [e[s] for e in report["experiments"].values() for s in ("single", "multiple")]
            assert {b["sentences"] for b in blocks} == {n}
        elif command == "score":
            assert [b["sentences"] for b in report["systems"]] == [n, n]
        else:
            assert {sc["sentences"] for b in report["systems"] for sc in b["scores"].values()} == {
                n
            }


# -- regressions: inputs that once crashed -------------------------------------------------


def test_regression_empty_constituent_at_the_end_of_a_tree() -> None:
    # PhraseStructure.without_words indexed past the last word for "(S )"
    # (IndexError from MPH and every caller of remove_empty_elements).
    gold = Tree("S", [Tree("NN", ["a"]), Tree("VB", ["b"])])
    parse = Tree("S", [Tree("NN", ["a"]), Tree("VB", ["b"]), Tree("S", [])])
    p, r, _ = MPHEvaluator([parse], [gold]).eval()
    assert (p.totals, r.sentences) == ({"matched": 0, "gold": 0, "test": 0}, 1)
    labeled, unlabeled = TedEvalEvaluator([parse], [gold]).eval()
    assert (float(labeled), float(unlabeled)) == (1.0, 1.0)


def test_regression_yield_mismatch_in_classic_metrics_names_both_files(workdir: Path) -> None:
    # Attachment and MPH reported a yield mismatch without any file name.
    gold = workdir / "yield_gold.conllu"
    parse = workdir / "yield_parse.conllu"
    gold.write_text(CONLLU, encoding="utf-8")
    parse.write_text(CONLLU.replace("Birds", "Bees"), encoding="utf-8")
    for command in ("attach", "mph"):
        status, _, err = run_main([command, str(gold), str(parse)])
        assert status == 1
        assert err == (
            "tedeval: error: sentence 2 (id s2): the yields differ at token 1: gold has "
            f"'Birds', parse has 'Bees' (gold {gold}:10, parse {parse}:10)\n"
        )
