"""Fuzzing: random and broken input gives the right trees, scores or error, nothing else.

Every property here feeds the readers, converters, evaluators or the
``tedeval`` command with random text or with valid files broken in the ways
real files break (truncated, unbalanced brackets, stray bytes, not UTF-8,
empty lines in odd places, Windows line ends, a byte order mark, tabs turned
into spaces, huge or negative heads, NUL bytes, multiword tokens and empty
nodes).

Two kinds of property:

- *known outcome*: the input is built so that what must come out is known
  in advance: a valid file with one documented corruption in some sentences,
  or evaluator input with one fault per sentence. The test then asserts the
  exact error class, file line and sentence of every bad sentence, and that
  every good one reads as the seed tree and scores the value that a second,
  brute-force implementation of SPEC.md written here computes. An evaluator
  or reader that raised on good input, or raised the wrong error, fails.
- *robustness*: random bytes and random mutations, whose outcome nobody can
  know, must give well-formed trees or an error of the class the layer owns
  (readers :class:`~nltk_tedeval.errors.InputFormatError`, converters
  :class:`~nltk_tedeval.errors.TreeStructureError`); never another
  exception, and never a traceback from the command.

The normal suite runs 200 to 1,000 inputs per property (this file by itself:
22 s of CPU, 36 s of wall time on 2 shared cores, 2026-12-01);
``NLTK_TEDEVAL_FUZZ=long pytest tests/test_fuzz.py`` runs a hundred times as
many (``docs/robustness.md``). Inputs that once crashed are kept at
the end of this file as explicit regression tests.
"""

from __future__ import annotations

import bz2
import contextlib
import gzip
import io
import json
import lzma
import math
import re
import unicodedata
import warnings
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
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
from nltk_tedeval.errors import (
    EmptyTreeError,
    InputFormatError,
    MissingParseWarning,
    NonProjectiveError,
    OptionError,
    SentenceCountError,
    TedEvalError,
    TreeStructureError,
    YieldMismatchError,
)
from nltk_tedeval.reading import (
    SourceSentence,
    detect_format_text,
    read_file,
    read_lines,
    read_text,
)

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

MAGIC = ((b"\x1f\x8b", gzip), (b"BZh", bz2), (b"\xfd7zXZ\x00", lzma))
"""The first bytes of a compressed stream, and the module that reads it."""

SPECIAL = [
    b"(",
    b"\x1f\x8b",  # a gzip stream begins so (read by its magic bytes)
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


# -- a second implementation of the definitions, for expected values ---------------------
#
# Everything in this section is written from SPEC.md alone, with plain set
# arithmetic over nltk trees and head lists; none of it calls nltk_tedeval.

Span = tuple[int, int]
Items = tuple[frozenset[Any], frozenset[Span]]
"""A tree's TedEval items (SPEC.md §5): labeled ``(label, span)`` pairs, unlabeled spans."""

ESCAPES = {"-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}"}
EVALB_DELETED = {",", ":", "``", "''", ".", "-NONE-"}
"""POS tags whose words COLLINS.prm deletes before ParsEval compares the yields."""
MPH_PUNCT = EVALB_DELETED - {"-NONE-"}
"""POS tags of the tokens MPH removes before it takes projections (SPEC.md §7)."""


def same_token(word: str) -> str:
    """A token as SPEC.md §1 compares it: escapes undone (inside tokens too), then NFC."""
    for escape, char in ESCAPES.items():
        word = word.replace(escape, char)
    return unicodedata.normalize("NFC", word)


def ptb_functions(label: str) -> frozenset[str]:
    """SPEC.md §3.2's ``ptb`` labeler: the dash and ``=`` features, minus numeric indices.

    ``NP-SBJ-1`` gives {SBJ}, ``PP-LOC-CLR`` {LOC, CLR}, ``NP=2`` {}; a label
    that starts with a dash (``-NONE-``, ``-LRB-``) is a category, {}.
    """
    if not label or label[0] == "-":
        return frozenset()
    return frozenset(p for p in re.split(r"[-=]", label)[1:] if p and not p.isdigit())


def kept_leaves(tree: Tree) -> list[tuple[int, ...]]:
    """Positions of the words left once the ``-NONE-`` preterminals go (SPEC.md §3.2)."""
    return [p for p in tree.treepositions("leaves") if tree[p[:-1]].label() != "-NONE-"]


def const_items(tree: Tree) -> Items:
    """Items of a bracketed tree: every constituent that keeps a word is a node."""
    kept = kept_leaves(tree)
    labeled: set[Any] = set()
    spans: set[Span] = set()
    for pos in tree.treepositions():
        node = tree[pos]
        if not isinstance(node, Tree):
            continue
        covered = [i for i, leaf in enumerate(kept) if leaf[: len(pos)] == pos]
        if covered:  # a constituent left without words is removed
            span = (covered[0], covered[-1] + 1)
            spans.add(span)
            labeled.update((f, span) for f in ptb_functions(node.label()))
    return frozenset(labeled), frozenset(spans - {(0, len(kept))})


def projection(heads: Sequence[int], w: int) -> set[int]:
    """Token ``w`` and all its descendants (1-based), by closure."""
    out = {w}
    grown = True
    while grown:
        grown = False
        for d, h in enumerate(heads, start=1):
            if h in out and d not in out:
                out.add(d)
                grown = True
    return out


def runs(positions: set[int]) -> tuple[int, ...]:
    """0-based positions as the package writes a yield (SPEC.md §2): each maximal run
    of consecutive positions as ``start, end``, one after the other."""
    out: list[int] = []
    for p in range(min(positions), max(positions) + 1):
        if p in positions and (p - 1) not in positions:
            out.append(p)
        if p in positions and (p + 1) not in positions:
            out.append(p + 1)
    return tuple(out)


def dep_items(heads: Sequence[int], rels: Sequence[str]) -> Items:
    """Items of a dependency tree (SPEC.md §3.1), its projections as they are.

    Token w with relation r labels the node over its projection with r, and
    the node over its own token with ``hd`` when the projection is longer. A
    projection with gaps is a yield with gaps (SPEC.md §2).
    """
    labeled: set[Any] = set()
    spans: set[Span] = set()
    for w in range(1, len(heads) + 1):
        proj = projection(heads, w)
        span = runs({d - 1 for d in proj})
        spans.add(span)
        if rels[w - 1] not in ("", "_"):
            labeled.add((rels[w - 1], span))
        if len(proj) > 1:
            spans.add((w - 1, w))
            labeled.add(("hd", (w - 1, w)))
    return frozenset(labeled), frozenset(spans - {(0, len(heads))})


def is_tree(heads: Sequence[int]) -> bool:
    """Every head is 0..n and every token reaches 0 without meeting itself."""
    n = len(heads)
    if not all(0 <= h <= n for h in heads):
        return False
    for w in range(1, n + 1):
        seen = set()
        k = w
        while k:
            if k in seen:
                return False
            seen.add(k)
            k = heads[k - 1]
    return True


def is_projective(heads: Sequence[int]) -> bool:
    """No arc h -> d has a token between h and d that h does not dominate."""

    def dominates(h: int, k: int) -> bool:
        while k and k != h:
            k = heads[k - 1]
        return k == h

    return all(
        h == 0 or all(dominates(h, k) for k in range(min(h, d) + 1, max(h, d)))
        for d, h in enumerate(heads, start=1)
    )


def single_stats(p: frozenset[Any], g: frozenset[Any]) -> tuple[int, int]:
    """SINGLE delta and iota: the reference is the gold, so delta is |p - g| + |g - p|."""
    return len(p ^ g), len(p) + len(g)


def multiple_stats(p: frozenset[Any], g: frozenset[Any], e: frozenset[Any]) -> tuple[int, int]:
    """delta = |p-e| + |e-p| - |(p&g)-e|, iota = |p| + |e| (SPEC.md §5)."""
    return len(p - e) + len(e - p) - len((p & g) - e), len(p) + len(e)


def is_punct(word: str) -> bool:
    """SPEC.md §7: a token whose characters are all Unicode punctuation."""
    return all(unicodedata.category(c).startswith("P") for c in word)


def corpus_score(delta: int, iota: int, sentences: int) -> float:
    """1 - sum(delta)/sum(iota); N/A when iota is 0 (§5) and without sentences (§9)."""
    if sentences == 0 or iota == 0:
        return math.nan
    return 1 - delta / iota


def labeled_rule(mode: int, stats: tuple[int, int], *sides: frozenset) -> tuple[int, int]:
    """SPEC.md §5: labeled mode with no function label (only ``hd``) on any side is 0/0."""
    if mode == 0 and all(label == "hd" for side in sides for label, _ in side):
        return (0, 0)
    return stats


def same_float(got: float, expected: float) -> bool:
    return (math.isnan(got) and math.isnan(expected)) or math.isclose(got, expected)


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
    """Conversion gives a valid multi-function tree or an error about the tree's shape."""
    for converter in (Converter(), Converter(projectivize=True, labeler="colon")):
        try:
            mft = converter(tree)
        except TedEvalError as err:
            # What the reader let through is well-formed text, so all that can
            # be wrong is the tree: no words, a cycle, a non-projective arc.
            assert isinstance(err, TreeStructureError), repr(err)
            assert err.message
            continue
        # Rebuilding through the checking constructor proves spans lie in the
        # yield and form a laminar family.
        again = MultiFunctionTree(mft.as_dict(), mft.words)
        assert again == mft and mft.n >= 1


def headless(lines: list[str], start: int, fmt: str) -> bool:
    """True when the sentence from line ``start`` has "_" as every token's HEAD.

    The token lines run to the next blank line; CoNLL comments are no tokens. CoNLL
    splits at tabs (at spaces in a line without tabs) and has HEAD in column
    7, Malt-TAB splits at white space and has it in column 3.
    """
    heads = []
    for line in lines[start - 1 :]:
        if not line.strip():
            break
        if fmt != "malttab" and line.lstrip().startswith("#"):
            continue  # Malt-TAB has no comments: "#5 CD _ ROOT" is the token "#5"
        text = line.strip()
        cells = text.split() if fmt == "malttab" or "\t" not in text else text.split("\t")
        index = 2 if fmt == "malttab" else 6
        heads.append(cells[index] if len(cells) > index else None)
    return bool(heads) and all(h == "_" for h in heads)


def check_records(
    records: list[SourceSentence],
    name: str,
    one_per_line: bool,
    source: tuple[list[str], str | None] | None = None,
) -> None:
    """``source``: the input's lines and its format (``None``: detect), for missing parses."""
    fmt = None
    if source is not None and any(r.tree is None and r.error is None for r in records):
        fmt = source[1] or detect_format_text("\n".join(source[0]), name)
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
            # A missing parse (SPEC.md §10): an empty line read one tree per
            # line, or a column sentence whose every head is "_".
            if fmt is None or fmt == "ptb":
                assert one_per_line, r
            else:
                assert source is not None and headless(source[0], r.line, fmt), r
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
    data = mutate(SEEDS[fmt].encode("utf-8"), ops)
    path.write_bytes(data)
    name = str(path)
    form = fmt if declared else None
    try:
        records = list(read_file(path, form, on_error="collect", one_per_line=one_per_line))
    except TedEvalError as err:
        assert isinstance(err, InputFormatError) and err.file == name
        if any(data.startswith(magic) for magic, _ in MAGIC):
            # A mutation wrote a compression magic number first (the seeds hold none).
            assert "data is corrupt or cut short" in err.message
            return
        # Otherwise only when no line has a known shape.
        assert form is None and "cannot tell the format" in err.message
        return
    lines = path.read_bytes().decode("utf-8", "replace").replace("\r\n", "\n").split("\n")
    check_records(records, name, one_per_line, (lines, form))
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
    # Bytes that start like a gzip, bzip2 or xz stream are read as one (by their magic).
    packer = next((mod for magic, mod in MAGIC if data.startswith(magic)), None)
    try:
        records = list(read_file(path, fmt, on_error="collect"))
    except TedEvalError as err:
        assert err.file == str(path)
        if packer is not None and "data is corrupt or cut short" in err.message:
            with pytest.raises((EOFError, OSError, ValueError, zlib.error, lzma.LZMAError)):
                packer.decompress(data)
            return
        assert "cannot tell the format" in err.message
        return
    if packer is not None:
        data = packer.decompress(data)
    lines = data.decode("utf-8", "replace").replace("\r\n", "\n").split("\n")
    check_records(records, str(path), False, (lines, fmt))
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
    lines = text.splitlines() if as_lines else text.replace("\r\n", "\n").split("\n")
    check_records(records, "x", one_per_line, (lines, fmt))
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


# -- one known corruption per sentence -------------------------------------------------------


def seed_blocks(fmt: str) -> list[list[str]]:
    """The seed's sentences as lists of lines (a bracketed tree starts in column 0)."""
    text = SEEDS[fmt]
    if fmt == "ptb":
        blocks: list[list[str]] = []
        for line in text.splitlines():
            if line.startswith("("):
                blocks.append([line])
            else:
                blocks[-1].append(line)
        return blocks
    return [block.split("\n") for block in text.strip("\n").split("\n\n")]


def cells_of(line: str, fmt: str) -> tuple[list[str], str]:
    """A column line's cells and the separator to join them again."""
    if fmt == "malttab" or "\t" not in line:
        return line.split(), "\t" if fmt == "malttab" else " "
    return line.split("\t"), "\t"


def is_token_line(line: str, fmt: str) -> bool:
    if fmt == "malttab":
        return True
    return not line.startswith("#") and cells_of(line, fmt)[0][0].isdigit()


def conll_canon(lines: list[str], fmt: str) -> tuple[Any, ...]:
    """:func:`canon` of a sentence, read with str.split as the formats define the columns."""
    out = []
    rows = [cells_of(line, fmt)[0] for line in lines if is_token_line(line, fmt)]
    for i, cells in enumerate(rows, start=1):
        if fmt == "malttab":
            rel = cells[3] if len(cells) == 4 else ""
            out.append((i, cells[0], int(cells[2]), rel, cells[1], cells[1]))
        else:
            out.append((i, cells[1], int(cells[6]), cells[7], cells[4], cells[3]))
    return tuple(out)


def tree_words(lines: list[str], fmt: str) -> list[str]:
    """The yield a sentence must have once read (empty elements and skipped IDs gone)."""
    if fmt == "ptb":
        tree = Tree.fromstring("\n".join(lines))
        return [tree[p] for p in kept_leaves(tree)]
    return [row[1] for row in conll_canon(lines, fmt)]


def conversion_error(
    lines: list[str], fmt: str, projectivize: bool, *, mph: bool = False, apted: bool = False
) -> type[TedEvalError] | None:
    """What converting a sentence that reads fine must raise, decided from its text.

    TedEval converts a non-projective tree as it is; MPH and the APTED engine
    need contiguous spans and refuse it unless it is lifted."""
    if fmt == "ptb":
        return EmptyTreeError if not tree_words(lines, fmt) else None
    heads = [row[2] for row in conll_canon(lines, fmt)]
    if not is_tree(heads):
        return TreeStructureError
    if not projectivize and not is_projective(heads):
        return NonProjectiveError if mph else OptionError if apted else None
    return None


@dataclass
class Sentence:
    """One sentence of a file built for a test: its lines and what reading it must give."""

    lines: list[str]
    kind: str = "none"
    bad: int | None = None
    """Index in ``lines`` of the line a reader error must name; None when it reads."""


KINDS = {
    "conllu": ["none", "columns", "head_word", "head_range", "token_id", "comment", "cycle",
               "self_head", "mwt", "empty_node", "yield"],
    "ptb": ["none", "unclosed", "extra_close", "outside_text", "empty", "yield"],
}  # fmt: skip
KINDS["conllx"] = KINDS["conllu"]
KINDS["malttab"] = ["none", "columns", "head_word", "head_range", "cycle", "self_head", "yield"]
NOT_NUMBERS = ["x", "1.5", "_", "1_0", "٣", ""]
"""Heads that are not ASCII integers (``int()`` would take the last but one)."""


def corrupt(fmt: str, lines: list[str], kind: str, pick: int, variant: int) -> Sentence:
    """``lines`` with one corruption of ``kind``; ``pick`` chooses the line or word."""
    lines = list(lines)
    if fmt == "ptb":
        last = len(lines) - 1
        if kind == "unclosed":
            lines[last] = lines[last][:-1]  # the final ")" goes
            return Sentence(lines, kind, last)
        if kind == "extra_close":
            lines[last] += ")"
            return Sentence(lines, kind, last)
        if kind == "outside_text":
            lines[last] += " x"
            return Sentence(lines, kind, last)
        if kind == "empty":
            return Sentence(["(ROOT (-NONE- *))"], kind)
        if kind == "yield":
            leaves = [
                (i, m)
                for i, line in enumerate(lines)
                for m in re.finditer(r"\(([^\s()]+) ([^\s()]+)\)", line)
                if m.group(1) not in EVALB_DELETED
            ]
            i, m = leaves[pick % len(leaves)]
            lines[i] = lines[i][: m.start(2)] + "zz" + lines[i][m.end(2) :]
        return Sentence(lines, kind)
    tokens = [i for i, line in enumerate(lines) if is_token_line(line, fmt)]
    column = {"word": 0, "head": 2} if fmt == "malttab" else {"id": 0, "word": 1, "head": 6}

    def cell(i: int, name: str) -> str:
        return cells_of(lines[i], fmt)[0][column[name]]

    def put(i: int, name: str, value: str) -> None:
        cells, sep = cells_of(lines[i], fmt)
        cells[column[name]] = value
        lines[i] = sep.join(cells)

    j = tokens[pick % len(tokens)]
    address = tokens.index(j) + 1
    if kind == "columns":
        # Malt-TAB lines may have 3 or 4 columns: 2 and 5 are wrong for sure.
        cells, sep = cells_of(lines[j], fmt)
        short = cells[:2] if fmt == "malttab" else cells[:-1]
        lines[j] = sep.join(short if variant % 2 else [*cells, "x"])
        return Sentence(lines, kind, j)
    if kind == "head_word":
        put(j, "head", NOT_NUMBERS[variant % len(NOT_NUMBERS)])
        return Sentence(lines, kind, j)
    if kind == "head_range":
        put(j, "head", [str(len(tokens) + 1), "-1", "99999999999999999999999"][variant % 3])
        return Sentence(lines, kind, j)
    if kind == "token_id":
        put(j, "id", ["x", str(address + 5), "0"][variant % 3])
        return Sentence(lines, kind, j)
    if kind == "comment":
        lines.insert(j + 1, "# a comment line where a token line should be")
        return Sentence(lines, kind, j + 1)
    if kind == "cycle":
        # The root's head becomes another token: then no token reaches 0.
        root = next(i for i in tokens if cell(i, "head") == "0")
        other = next(i for i in tokens[pick % len(tokens) :] + tokens if i != root)
        put(root, "head", str(tokens.index(other) + 1))
    elif kind == "self_head":
        put(j, "head", str(address))
    elif kind == "yield":
        put(j, "word", "zz")
    elif kind == "mwt" and address < len(tokens):
        lines.insert(j, f"{address}-{address + 1}\tzz\t_\t_\t_\t_\t_\t_\t_\t_")
    elif kind == "empty_node":
        lines.insert(j + 1, f"{address}.1\tzz\t_\t_\t_\t_\t_\t_\t{address}:dep\t_")
    return Sentence(lines, kind)


@st.composite
def corrupted_files(draw: st.DrawFn, fmt: str, kinds: list[str] | None = None) -> list[Sentence]:
    """The seed of ``fmt`` with an independent corruption (or none) drawn per sentence."""
    return [
        corrupt(
            fmt,
            lines,
            draw(st.sampled_from(kinds or KINDS[fmt])),
            draw(st.integers(0, 50)),
            draw(st.integers(0, 50)),
        )
        for lines in seed_blocks(fmt)
    ]


def assemble(fmt: str, sentences: list[Sentence]) -> tuple[str, list[int]]:
    """The file's text and the first line of every sentence."""
    starts = []
    line = 1
    for s in sentences:
        starts.append(line)
        line += len(s.lines) + (fmt != "ptb")  # a blank line ends a column sentence
    joiner = "\n" if fmt == "ptb" else "\n\n"
    return joiner.join("\n".join(s.lines) for s in sentences) + "\n", starts


@fuzz_settings(400)
@given(fmt=st.sampled_from(sorted(SEEDS)), crlf=st.booleans(), bom=st.booleans(), data=st.data())
def test_corrupted_sentences_give_their_own_error(
    workdir: Path, fmt: str, crlf: bool, bom: bool, data: st.DataObject
) -> None:
    sentences = data.draw(corrupted_files(fmt))
    text, starts = assemble(fmt, sentences)
    raw = text.encode("utf-8")
    raw = (b"\xef\xbb\xbf" if bom else b"") + (raw.replace(b"\n", b"\r\n") if crlf else raw)
    path = workdir / f"corrupted{SUFFIX[fmt]}"
    path.write_bytes(raw)
    records = list(read_file(path, fmt, on_error="collect"))
    # One record per sentence: a broken sentence never takes its neighbours along.
    assert [(r.number, r.line) for r in records] == [(k, s) for k, s in enumerate(starts, 1)]
    rows = zip(records, sentences, starts, strict=True)
    for k, (record, sentence, start) in enumerate(rows, start=1):
        if sentence.bad is not None:
            err = record.error
            assert type(err) is InputFormatError, (sentence.kind, err)
            assert (err.file, err.line, err.sentence) == (str(path), start + sentence.bad, k)
            assert record.tree is None
            continue
        assert record.error is None, (sentence.kind, record.error)
        if fmt == "ptb":
            assert canon(record.tree) == canon(Tree.fromstring("\n".join(sentence.lines)))
        else:
            assert canon(record.tree) == conll_canon(sentence.lines, fmt)
        for projectivize in (False, True):
            expected = conversion_error(sentence.lines, fmt, projectivize)
            try:
                mft = Converter(projectivize=projectivize)(record.tree)
            except TedEvalError as err:
                assert type(err) is expected, (sentence.kind, err)
            else:
                assert expected is None, sentence.kind
                assert [same_token(w) for w in mft.words] == [
                    same_token(w) for w in tree_words(sentence.lines, fmt)
                ]
    # Raise mode gives the same sentences up to the first bad one, then its error.
    first = next((k for k, s in enumerate(sentences) if s.bad is not None), None)
    got = []
    try:
        for r in read_file(path, fmt):
            got.append(r)
    except TedEvalError as err:
        assert first is not None and len(got) == first
        assert type(err) is InputFormatError
        assert err.line == records[first].error.line
    else:
        assert first is None
    assert [canon(r.tree) for r in got] == [canon(r.tree) for r in records[: len(got)]]


@fuzz_settings(800)
@given(
    n=st.integers(1, 9),
    data=st.data(),
)
def test_random_heads_give_a_tree_exactly_when_they_form_one(n: int, data: st.DataObject) -> None:
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
    # The class is decided here, by walking up from every token (is_tree).
    if not is_tree(heads):
        with pytest.raises(TreeStructureError) as caught:
            DependencyTree(words, tuple(heads))
        # A bad head or a cycle, not the subclasses for other faults.
        assert type(caught.value) is TreeStructureError
        assert caught.value.token is not None
        return
    tree = DependencyTree(words, tuple(heads))

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
    assert tree.is_projective() == (not expected) == is_projective(heads)
    lifted, arcs = tree.projectivize()
    assert lifted.is_projective() and not lifted.non_projective_arcs()
    assert is_tree(lifted.heads) and is_projective(lifted.heads)
    assert (len(arcs) == 0) == tree.is_projective()
    # Lifting only moves a token's head up to one of its ancestors.
    for before, after in zip(tree.heads, lifted.heads, strict=True):
        ancestors = []
        h = before
        while h:
            ancestors.append(h)
            h = tree.heads[h - 1]
        assert after in (*ancestors, 0)
    # Both convert to the items SPEC.md §3.1 gives them, gaps and all.
    rels = tuple(f"r{i % 3}" for i in range(n))
    for t in (tree, lifted):
        t = DependencyTree(words, t.heads, rels)
        mft = Converter()(t)
        assert mft.contiguous == t.is_projective()
        labeled = {(label, span) for span, labels in mft.as_dict().items() for label in labels}
        assert (frozenset(labeled), frozenset(mft.as_dict()) - {(0, n)}) == dep_items(t.heads, rels)


# -- evaluators: one known fault per sentence --------------------------------------------------

WRITTEN = {
    "a": ["a"],
    "b": ["b"],
    "(": ["(", "-LRB-"],
    ")": [")", "-RRB-"],
    ".": ["."],
    ",": [","],
    "é": ["\u00e9", "e\u0301"],  # NFC and NFD: the same token (SPEC.md §1)
    "主": ["主"],
}
"""Each token and the ways a file may write it; all forms of one token are equal."""
TAG_OF = {"(": "-LRB-", ")": "-RRB-", ".": ".", ",": ","}
PHRASES = ["S", "NP-SBJ", "NP-SBJ-1", "PP-LOC-CLR", "NP=2", "VP", "ADVP-TMP", "TOP", "", "-LRB-"]
RELS = ["nsubj", "obj", "nsubj:pass", "root", "punct", "_"]
FAULTS = ["missing", "empty", "cycle", "nonproj", "reader", "yield"]
"""One fault per sentence: no tree, no words, a cycle, a non-projective arc, a line the
reader refused, a different word in the parse."""


@dataclass
class Side:
    """One tree of a sentence as an evaluator receives it, and what is known about it."""

    kind: str  # "const" (nltk.Tree), "dep" (a CoNLL-U reader record) or "none" (None)
    words: list[str]  # as written
    value: Any = None
    fault: str | None = None
    shape: Any = None  # the structure without the words: equal shapes, equal trees
    items: Items | None = None  # TedEval items, None when it does not convert
    lifted: Items | None = None  # the same once non-projective arcs are lifted
    heads: tuple[int, ...] = ()
    rels: tuple[str, ...] = ()
    brackets: frozenset[Span] = frozenset()  # MPH brackets of a dependency tree
    lifted_brackets: frozenset[Span] = frozenset()
    mph_crossing: bool = True  # MPH still sees the non-projective arc of a "nonproj" tree


@dataclass
class Row:
    """One sentence: its gold, a parse and a second gold (MULTIPLE, cross), 1-based number."""

    gold: Side
    parse: Side
    other: Side
    number: int


def build_tree(draw: st.DrawFn, words: list[str], tags: list[str]) -> Tree:
    """A random bracketing of ``words`` over POS tags, with empty elements sprinkled in."""

    def phrase(lo: int, hi: int, depth: int) -> Tree:
        if hi - lo == 1 and (depth > 2 or draw(st.booleans())):
            kids: list[Any] = [Tree(tags[lo], [words[lo]])]
        elif depth > 2:
            kids = [Tree(tags[i], [words[i]]) for i in range(lo, hi)]
        else:
            cuts = draw(st.sets(st.integers(lo + 1, hi - 1), max_size=2)) if hi - lo > 1 else set()
            bounds = [lo, *sorted(cuts), hi]
            kids = [phrase(a, b, depth + 1) for a, b in pairwise(bounds)]
        decoration = draw(st.sampled_from([None, None, "trace", "empty_np", "childless"]))
        if decoration:
            extra = {
                "trace": Tree("-NONE-", ["*-1"]),
                "empty_np": Tree("NP-SBJ", [Tree("-NONE-", ["*"])]),
                "childless": Tree("NP", []),
            }[decoration]
            kids.insert(draw(st.integers(0, len(kids))), extra)
        return Tree(draw(st.sampled_from(PHRASES)), kids)

    return phrase(0, len(words), 0)


def _shape(tree: Any) -> Any:
    """The tree with every word replaced by None: equal shapes, equal trees but for words."""
    if isinstance(tree, Tree):
        return (tree.label(), tuple(_shape(k) for k in tree))
    return None


def with_words(shape: Any, words: Iterator[str]) -> Any:
    """Rebuild a tree of ``shape`` with the next words of ``words`` (traces become ``*``)."""
    label, kids = shape
    if label == "-NONE-":
        return Tree(label, ["*"])
    return Tree(label, [next(words) if k is None else with_words(k, words) for k in kids])


def projective_heads(draw: st.DrawFn, n: int) -> list[int]:
    """Random projective heads; the sentence may have several roots (SPEC.md §3.1)."""
    heads = [0] * n
    cuts = sorted(draw(st.sets(st.integers(1, n - 1), max_size=1)) if n > 1 else set())
    pending = [(a, b, 0) for a, b in pairwise([0, *cuts, n])]
    while pending:
        lo, hi, parent = pending.pop()
        h = draw(st.integers(lo, hi - 1))
        heads[h] = parent
        for a, b in ((lo, h), (h + 1, hi)):
            if a < b:
                inner = sorted(
                    draw(st.sets(st.integers(a + 1, b - 1), max_size=2)) if b - a > 1 else set()
                )
                pending.extend((x, y, h + 1) for x, y in pairwise([a, *inner, b]))
    return heads


def conll_record(words: list[str], heads: list[int], rels: list[str], number: int) -> Any:
    """Sentence ``number`` of a CoNLL-U text, as the reader gives it (a reader error too)."""
    lines = [
        f"{i}\t{w}\t_\tNOUN\tNN\t_\t{h}\t{r}\t_\t_"
        for i, (w, h, r) in enumerate(zip(words, heads, rels, strict=True), start=1)
    ]
    # Sentences before it, so that its number (in its error too) is the row's.
    before = "1\tx\t_\tX\tX\t_\t0\troot\t_\t_\n\n" * (number - 1)
    text = before + "\n".join(lines) + "\n"
    return list(read_text(text, "conllu", name="row", on_error="collect"))[-1]


def mph_brackets(heads: Sequence[int]) -> frozenset[Span]:
    """MPH brackets of a projective dependency tree without punctuation tags (SPEC.md §7):
    the projections longer than one token, except the whole sentence."""
    n = len(heads)
    spans = set()
    for w in range(1, n + 1):
        proj = projection(heads, w)
        if len(proj) > 1:
            spans.add((min(proj) - 1, max(proj)))
    return frozenset(spans - {(0, n)})


@st.composite
def fault_rows(draw: st.DrawFn, number: int) -> Row:
    """A sentence: gold, parse and a second gold over one yield, with at most one fault."""
    n = draw(st.integers(1, 5))
    tokens = [draw(st.sampled_from(sorted(WRITTEN))) for _ in range(n)]
    tags = [TAG_OF.get(t) or draw(st.sampled_from(["NN", "DT", "VB"])) for t in tokens]
    fault = draw(st.sampled_from([None, None, None, None, *FAULTS]))
    where = "parse" if fault == "yield" else draw(st.sampled_from(["gold", "parse", "other"]))
    if fault == "nonproj" and n < 3:
        fault = None
    kinds = {role: draw(st.sampled_from(["const", "dep"])) for role in ("gold", "parse", "other")}
    if fault == "empty":
        kinds[where] = "const"
    elif fault in ("cycle", "nonproj", "reader"):
        kinds[where] = "dep"
    # Often the parse repeats the gold's structure (a perfect parse), when the
    # gold is sound and the fault leaves the parse's kind free.
    copy = draw(st.booleans()) and not (fault and where == "gold")
    if copy and not (fault and where == "parse" and kinds["parse"] != kinds["gold"]):
        kinds["parse"] = kinds["gold"]
    else:
        copy = False
    sides = {}
    for role in ("gold", "parse", "other"):
        # The gold writes every token plainly, so that attachment's
        # punctuation test sees "(" rather than "-LRB-".
        words = [
            WRITTEN[t][0] if role == "gold" else draw(st.sampled_from(WRITTEN[t])) for t in tokens
        ]
        if fault == "yield" and role == where:
            words[draw(st.integers(0, n - 1))] = "zz"
        f = fault if role == where else None
        if f == "missing":
            sides[role] = Side("none", [], None, f)
            continue
        if kinds[role] == "const":
            if f == "empty":
                tree = draw(
                    st.sampled_from(
                        [Tree("S", [Tree("-NONE-", ["*"])]), Tree("S", []), Tree("", [])]
                    )
                )
            elif role == "parse" and copy:
                tree = with_words(sides["gold"].shape, iter(words))
            else:
                tree = build_tree(draw, words, tags)
            sides[role] = Side("const", words, tree, f, _shape(tree))
            if f != "empty":
                sides[role].items = sides[role].lifted = const_items(tree)
            continue
        if role == "parse" and copy:
            heads, rels = list(sides["gold"].heads), list(sides["gold"].rels)
        else:
            heads = projective_heads(draw, n)
            rels = [draw(st.sampled_from(RELS)) for _ in range(n)]
        if f == "cycle":
            heads = [1] if n == 1 else [2, 1, *[1] * (n - 2)]
        elif f == "nonproj":
            heads = [3, 0, 2, *[2] * (n - 3)]
        elif f == "reader":
            heads = [*heads[:-1], n + 1]
        record = conll_record(words, heads, rels, number)
        side = Side("dep", words, record, f, (tuple(heads), tuple(rels)))
        side.heads, side.rels = tuple(heads), tuple(rels)
        if f is None:
            side.items = side.lifted = dep_items(heads, rels)
            side.brackets = side.lifted_brackets = mph_brackets(heads)
        elif f == "nonproj":
            # By hand: the only non-projective arc is 3 -> 1 (token 2, the root,
            # lies between and 3 does not dominate it); lifting moves token 1
            # to 3's head, 2, and every token then hangs from 2.
            lifted = [2, 0, *[2] * (n - 2)]
            side.items = dep_items(heads, rels)
            side.lifted = dep_items(lifted, rels)
            side.lifted_brackets = mph_brackets(lifted)
            # MPH first removes the tokens that the gold tags as punctuation
            # (a dependency gold here tags every token NN). Without one of
            # tokens 1 to 3 the crossing arc is gone.
            side.mph_crossing = (
                role == "gold"
                or kinds["gold"] == "dep"
                or not any(tags[i] in MPH_PUNCT for i in range(3))
            )
        sides[role] = side
    return Row(sides["gold"], sides["parse"], sides["other"], number)


def converts(side: Side, metric: str, projectivize: bool) -> type[TedEvalError] | None:
    """The error converting ``side`` must raise for ``metric``: "tedeval" or "mph"."""
    if side.fault == "reader":
        return InputFormatError  # the reader's own error, passed on
    if side.fault == "missing":
        # A gold without a tree is bad input for every metric (SPEC.md §10);
        # a parse without one never reaches here (see MISSING).
        return TreeStructureError
    if side.fault == "empty":
        return EmptyTreeError
    if side.fault == "cycle":
        return TreeStructureError
    if side.fault == "nonproj" and not projectivize and metric == "mph" and side.mph_crossing:
        return NonProjectiveError
    return None


def yields_differ(*sides: Side) -> bool:
    return len({tuple(same_token(w) for w in s.words) for s in sides}) > 1


MISSING = "missing parse"
"""The outcome of a row whose parse is missing: counted and, by default, left out."""


def protocol_outcome(sides: list[Side], metric: str, projectivize: bool) -> Any:
    """The error class of a sentence, in the order the protocol checks (trees, then yields);
    :data:`MISSING` when the parse (the last side) has no tree, or a tree without a word of
    text (SPEC.md §10; a row has one fault at most)."""
    if sides[-1].fault in ("missing", "empty"):
        return MISSING
    for side in sides:
        error = converts(side, metric, projectivize)
        if error is not None:
            return error
    if yields_differ(*sides):
        return YieldMismatchError
    return None


def attach_outcome(row: Row) -> Any:
    if row.parse.fault in ("missing", "empty"):
        return MISSING
    sides = [row.parse, row.gold]
    if any(s.fault == "reader" for s in sides):
        return InputFormatError
    if any(s.kind != "dep" for s in sides):
        return TreeStructureError  # attachment needs two dependency graphs
    if row.gold.fault == "cycle":
        return TreeStructureError  # a gold must be a tree; a parse is scored per token
    if yields_differ(*sides):
        return YieldMismatchError
    return None


def items(side: Side, projectivize: bool) -> Items:
    found = side.lifted if projectivize else side.items
    assert found is not None
    return found


def expected_totals(rows: list[Row], stats: Callable[[Row, int], tuple[int, int]]) -> list[int]:
    """Sums of (delta, iota) per mode (0 labeled, 1 unlabeled) over ``rows``."""
    out = [0, 0, 0, 0]
    for row in rows:
        for mode in (0, 1):
            d, i = stats(row, mode)
            out[2 * mode] += d
            out[2 * mode + 1] += i
    return out


def check_outcome(
    name: str,
    rows: list[Row],
    outcome: Callable[[Row], Any],
    run: Callable[[], Any],
    skip: bool,
) -> tuple[Any, list[Row]] | None:
    """Run an evaluator; check the error it raises or the sentences it skips.

    Returns what ``run`` returned and the rows it scored, or None when it
    raised (as it had to).
    """
    outcomes = [(row, outcome(row)) for row in rows]
    missing = [row for row, out in outcomes if out == MISSING]
    bad = [(row, error) for row, error in outcomes if error is not None and error != MISSING]
    if bad and not skip:
        row, error = bad[0]
        event(f"{name}: raises {error.__name__}")
        with pytest.raises(TedEvalError) as caught:
            run()
        assert type(caught.value) is error, (name, caught.value)
        assert caught.value.sentence == row.number, (name, caught.value)
        return None
    with warnings.catch_warnings():
        # A missing parse is announced; the numbers below check what was done with it.
        warnings.simplefilter("ignore", MissingParseWarning)
        result, ev = run()
    scored = [row for row in rows if all(row is not b for b, _ in bad) and row not in missing]
    event(f"{name}: scores {len(scored)} of {len(rows)}")
    assert ev.numbers == [row.number for row in scored], name
    # A bad parse is its system's failed parse, a missing parse (SPEC.md §10); only a
    # sentence whose gold is bad is skipped. Both are left out under missing="skip".
    failed = [row for row, error in bad if blames_parse(name, row, error)]
    assert [s.number for s in ev.skipped] == [
        row.number for row, error in bad if not blames_parse(name, row, error)
    ], name
    assert [b.number for b in ev.bad_parses] == [row.number for row in failed], name
    assert [m.number for m in ev.missing] == sorted(row.number for row in missing + failed), name
    assert all(s.reason for s in ev.skipped) and all(b.reason for b in ev.bad_parses)
    return result, scored


def blames_parse(name: str, row: Row, error: type[TedEvalError]) -> bool:
    """Whether a bad row is bad for its parse (its system's failed parse, SPEC.md §10) or
    for its gold (left out of every system). A row has one fault at most; a parse whose
    words are not the gold's is the parse's fault, and so is a parse of a kind
    attachment cannot score beside a gold it can; a gold attachment cannot score is the
    gold's fault, whatever the parse. A parse the reader could not read is decided
    before any tree is looked at."""
    if row.parse.fault == "reader":
        return True
    if name == "attach" and row.gold.kind != "dep":
        return False
    if row.parse.fault is not None or error is YieldMismatchError:
        return True
    # The second gold is read by MULTIPLE and the cross-framework run only.
    return row.gold.fault is None and (name not in ("multiple", "cross") or row.other.fault is None)


def check_tedeval_scores(
    name: str, scores: Sequence[Any], rows: list[Row], stats: Callable[[Row, int], tuple[int, int]]
) -> None:
    totals = expected_totals(rows, stats)
    for mode, score in enumerate(scores):
        key = "labeled" if mode == 0 else "unlabeled"
        delta, iota = totals[2 * mode], totals[2 * mode + 1]
        assert score.totals == {f"delta_{key}": delta, f"iota_{key}": iota}, (name, key)
        assert same_float(float(score), corpus_score(delta, iota, len(rows))), (name, key)


@fuzz_settings(800)
@given(
    data=st.data(),
    skip=st.booleans(),
    projectivize=st.booleans(),
    punct=st.sampled_from(["include", "exclude"]),
    short=st.integers(0, 9),
)
def test_evaluators_give_the_known_score_or_error(
    data: st.DataObject, skip: bool, projectivize: bool, punct: str, short: int
) -> None:
    count = data.draw(st.integers(1, 3))
    rows = [data.draw(fault_rows(k)) for k in range(1, count + 1)]
    gold = [r.gold.value for r in rows]
    parse = [r.parse.value for r in rows]
    other = [r.other.value for r in rows]
    on_error = "skip" if skip else "raise"
    if short == 0:
        # A parse list one sentence short is refused whatever on_error says.
        runs: list[Callable[[], Any]] = [
            lambda: TedEvalEvaluator(parse[:-1], gold, on_error=on_error).eval(),
            lambda: TedEvalEvaluator(
                parse[:-1], gold, other_golds=[other], on_error=on_error
            ).eval(),
            lambda: AttachmentEvaluator(parse[:-1], gold, on_error=on_error).eval(),
            lambda: MPHEvaluator(parse[:-1], gold, on_error=on_error).eval(),
            lambda: ParsevalEvaluator(parse[:-1], gold, on_error=on_error).summary(),
            lambda: CrossFrameworkEvaluator(
                [("A", parse[:-1], gold), ("B", other, other)], on_error=on_error
            ).as_dict(),
        ]
        for run in runs:
            with pytest.raises(SentenceCountError):
                run()
        return

    def single(row: Row, mode: int, lift: bool = projectivize) -> tuple[int, int]:
        p, g = items(row.parse, lift)[mode], items(row.gold, lift)[mode]
        return labeled_rule(mode, single_stats(p, g), p, g)

    def multiple(row: Row, mode: int, lift: bool = projectivize) -> tuple[int, int]:
        p, g, o = (items(s, lift)[mode] for s in (row.parse, row.gold, row.other))
        return labeled_rule(mode, multiple_stats(p, g, g & o), p, g, g & o)

    # TedEval, SINGLE and MULTIPLE.
    def run_single() -> tuple[Any, Any]:
        ev = TedEvalEvaluator(parse, gold, on_error=on_error, projectivize=projectivize)
        return ev.eval(), ev

    checked = check_outcome(
        "single",
        rows,
        lambda r: protocol_outcome([r.gold, r.parse], "tedeval", projectivize),
        run_single,
        skip,
    )
    if checked:
        check_tedeval_scores("single", checked[0], checked[1], single)

    def run_multiple() -> tuple[Any, Any]:
        ev = TedEvalEvaluator(
            parse, gold, other_golds=[other], on_error=on_error, projectivize=projectivize
        )
        return ev.eval(), ev

    checked = check_outcome(
        "multiple",
        rows,
        lambda r: protocol_outcome([r.gold, r.other, r.parse], "tedeval", projectivize),
        run_multiple,
        skip,
    )
    if checked:
        check_tedeval_scores("multiple", checked[0], checked[1], multiple)

    # Attachment: LAS and UAS counted token by token.
    def run_attach() -> tuple[Any, Any]:
        ev = AttachmentEvaluator(parse, gold, on_error=on_error, punct=punct)
        return ev.eval(), ev

    checked = check_outcome("attach", rows, attach_outcome, run_attach, skip)
    if checked:
        (las, uas), scored = checked
        tokens = head = head_label = labeled = 0
        for row in scored:
            g, p = row.gold, row.parse
            kept = [
                i for i in range(len(g.heads)) if punct != "exclude" or not is_punct(g.words[i])
            ]
            # LAS compares relations only where a scored token has one (SPEC.md §7).
            has_rel = any(t.rels[i] not in (None, "", "_") for t in (g, p) for i in kept)
            tokens += len(kept)
            labeled += len(kept) if has_rel else 0
            for i in kept:
                head += g.heads[i] == p.heads[i]
                head_label += has_rel and g.heads[i] == p.heads[i] and g.rels[i] == p.rels[i]
        assert las.totals == {"head_label": head_label, "labeled_tokens": labeled}
        assert uas.totals == {"head": head, "tokens": tokens}
        assert same_float(float(las), head_label / labeled if labeled else math.nan)
        assert same_float(float(uas), head / tokens if tokens else math.nan)

    # MPH: brackets of dependency trees by brute force; a copied tree matches itself.
    def run_mph() -> tuple[Any, Any]:
        ev = MPHEvaluator(parse, gold, on_error=on_error, projectivize=projectivize)
        return ev.eval(), ev

    checked = check_outcome(
        "mph",
        rows,
        lambda r: protocol_outcome([r.gold, r.parse], "mph", projectivize),
        run_mph,
        skip,
    )
    if checked:
        (p, r, f), scored = checked
        assert p.totals == r.totals == f.totals
        if all(row.gold.kind == row.parse.kind == "dep" for row in scored):
            key = "lifted_brackets" if projectivize else "brackets"
            pairs = [(getattr(row.gold, key), getattr(row.parse, key)) for row in scored]
            assert p.totals == {
                "matched": sum(len(g & t) for g, t in pairs),
                "gold": sum(len(g) for g, _ in pairs),
                "test": sum(len(t) for _, t in pairs),
            }
        elif all(row.gold.shape == row.parse.shape for row in scored):
            assert p.totals["matched"] == p.totals["gold"] == p.totals["test"]

    # The cross-framework evaluator: A = (parse, gold), B = (other, other).
    def run_cross() -> tuple[Any, Any]:
        ev = CrossFrameworkEvaluator([("A", parse, gold), ("B", other, other)], on_error=on_error)
        return (ev.single("A"), ev.multiple("A"), ev.overlap("A", "B"), ev.single("B")), ev

    checked = check_outcome(
        "cross",
        rows,
        # B's parse is "other" too: without a word of text it is a missing parse,
        # which leaves the sentence out before any tree is converted.
        lambda r: (
            MISSING
            if r.other.fault == "empty"
            else protocol_outcome([r.gold, r.other, r.parse], "tedeval", False)
        ),
        run_cross,
        skip,
    )
    if checked:
        (single_a, multiple_a, overlap, single_b), scored = checked
        # The cross-framework evaluator is run without lifting: trees as they are.
        check_tedeval_scores(
            "cross single A", single_a, scored, lambda r, m: single(r, m, lift=False)
        )
        check_tedeval_scores(
            "cross multiple A", multiple_a, scored, lambda r, m: multiple(r, m, lift=False)
        )
        check_tedeval_scores(
            "overlap",
            overlap,
            scored,
            lambda r, m: labeled_rule(
                m,
                single_stats(r.gold.items[m], r.other.items[m]),
                r.gold.items[m],
                r.other.items[m],
            ),
        )
        check_tedeval_scores(
            "cross single B",
            single_b,
            scored,
            lambda r, m: labeled_rule(m, (0, 2 * len(r.other.items[m])), r.other.items[m]),
        )

    check_parseval(rows, gold, parse, on_error)


def evalb_words(side: Side) -> list[str]:
    """The words EVALB compares: those whose tag COLLINS.prm does not delete."""
    if side.kind != "const":
        return []
    return [w for w, tag in side.value.pos() if tag not in EVALB_DELETED]


def check_parseval(rows: list[Row], gold: list[Any], parse: list[Any], on_error: str) -> None:
    """EVALB's statuses: never a skipped sentence, bad ones counted as errors or skips.

    ParsEval takes nltk trees only: a dependency graph is a misuse it refuses
    with an input error, as it does a reader error when asked to raise.
    """
    ev = ParsevalEvaluator(parse, gold, on_error=on_error)
    sides = [s for row in rows for s in (row.gold, row.parse)]
    graphs = any(s.kind == "dep" and s.fault != "reader" for s in sides)
    reader = any(s.fault == "reader" for s in sides)
    if graphs or (reader and on_error == "raise"):
        with pytest.raises(InputFormatError):
            ev.summary()
        return
    statuses = []
    for row in rows:
        test = evalb_words(row.parse)
        # EVALB asks first whether the test has words: without any the sentence
        # is skipped, whatever the gold holds (an unreadable gold line too).
        # A test line the reader refused is no empty test, so it is an error.
        if row.parse.fault == "reader":
            statuses.append(1)
        elif not test:
            statuses.append(2)
        elif row.gold.fault == "reader":
            statuses.append(1)
        else:
            statuses.append(0 if evalb_words(row.gold) == test else 1)
    block = ev.summary()["all"]
    assert ev.statuses() == statuses
    assert (block["valid_sentences"], block["error_sentences"], block["skip_sentences"]) == (
        statuses.count(0),
        statuses.count(1),
        statuses.count(2),
    )
    assert block["sentences"] == len(rows)
    valid = [row for row, status in zip(rows, statuses, strict=True) if status == 0]
    if all(row.gold.shape == row.parse.shape for row in valid):
        assert block["matched_brackets"] == block["gold_brackets"] == block["test_brackets"]


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


@fuzz_settings(800)
@given(
    formats=st.sampled_from(sorted(PAIRS)),
    ops=st.lists(mutations, min_size=1, max_size=3),
    which=st.sampled_from(["parse", "gold"]),
    data=st.data(),
)
def test_command_on_mutated_files_exits_cleanly(
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
        counts = report["counts"]
        n = counts["scored"]
        if command == "parseval":
            # EVALB's way: every system has every sentence, bad ones as errors.
            rows = counts["read"] - len(report["skipped"])
            assert [b["details"]["summary"]["all"]["sentences"] for b in report["systems"]] == [
                rows,
                rows,
            ]
            return
        # Nothing lost: scored, missing (left out) and skipped make what was read ...
        assert n + counts["missing"] + counts["skipped"] == counts["read"]
        assert counts["skipped"] == len(report["skipped"])
        assert counts["missing"] == len(report["missing"]["sentences"])
        assert "--skip-bad" in options or not report["skipped"]
        # ... and every system is scored on the same sentences.
        assert {sc["sentences"] for b in report["systems"] for sc in b["scores"].values()} == {n}


LIFTED = {
    (2, 3, 0, 3, 2, 7, 5, 4, 3): (2, 3, 0, 3, 3, 7, 5, 3, 3),
}
"""CONLLU's sentence s3 lifted by hand (Nivre and Nilsson 2005, SPEC.md §3.1).

Arcs 2 -> 5 (hearing -> on: "is", the root, lies between) and 4 -> 8
(scheduled -> today: "on" lies between and hangs from 2) are the
non-projective ones. The shorter, 2 -> 5, is lifted first: 5 moves to 2's
head, 3. Then 4 -> 8 still crosses 5 (now under 3), so 8 moves to 4's head, 3.
Every arc is then projective.
"""


def sentence_items(lines: list[str], fmt: str, projectivize: bool) -> Items:
    """TedEval items of a seed sentence; a non-projective one lifted if asked."""
    if fmt == "ptb":
        return const_items(Tree.fromstring("\n".join(lines)))
    rows = conll_canon(lines, fmt)
    heads = tuple(r[2] for r in rows)
    if projectivize and not is_projective(heads):
        heads = LIFTED[heads]
    return dep_items(heads, [r[3] for r in rows])


def evalb_brackets(lines: list[str]) -> int:
    """EVALB's bracket count of a tree with COLLINS.prm: phrases above the POS tags,
    function tags cut, TOP not counted, nor a phrase whose words are all deleted."""
    tree = Tree.fromstring("\n".join(lines))
    kept = [p for p in tree.treepositions("leaves") if tree[p[:-1]].label() not in EVALB_DELETED]
    count = 0
    for pos in tree.treepositions():
        node = tree[pos]
        if not isinstance(node, Tree) or node.height() <= 2:
            continue
        label = node.label() if node.label()[:1] == "-" else re.split(r"[-=]", node.label())[0]
        if label != "TOP" and label not in EVALB_DELETED:
            count += any(leaf[: len(pos)] == pos for leaf in kept)
    return count


@dataclass
class Fate:
    """What the command must do with one sentence."""

    bad: list[tuple[str, int | None]] = field(default_factory=list)
    """(file, line) of every tree whose error may be reported; line None for yields."""
    evalb: dict[str, int] = field(default_factory=dict)
    """ParsEval's status per system ("parse", "other"): 0 valid, 1 error, 2 skip."""
    missing: bool = False
    """Whether a system's parse has no word of text (only empty elements): a missing parse."""


def fate(
    command: str,
    files: dict[str, tuple[Path, str, list[Sentence]]],
    k: int,
    projectivize: bool,
    skip_bad: bool,
    apted: bool = False,
) -> Fate:
    """The fate of sentence ``k`` (0-based), worked out from the text of the files."""
    out = Fate()
    sides = {}
    for role, (path, fmt, sentences) in files.items():
        sentence = sentences[k]
        start = assemble(fmt, sentences)[1][k]
        if sentence.bad is not None:
            out.bad.append((str(path), start + sentence.bad))
        sides[role] = (path, fmt, sentence.lines, start)
    # A parse without a word of text is a missing parse (SPEC.md §10), not a bad sentence.
    out.missing = any(
        files[r][2][k].kind == "empty" and files[r][2][k].bad is None for r in ("parse", "other")
    )
    if command == "parseval":
        if out.bad and not skip_bad:
            return out  # the reader's error stops the run
        out.bad = []
        for system in ("parse", "other"):
            if any(files[r][2][k].bad is not None for r in ("gold", system)):
                out.evalb[system] = 1  # EVALB counts a line it cannot read as an error
                continue
            gold, test = (Tree.fromstring("\n".join(sides[r][2])) for r in ("gold", system))
            test_words = [w for w, t in test.pos() if t not in EVALB_DELETED]
            gold_words = [w for w, t in gold.pos() if t not in EVALB_DELETED]
            # No test words: skipped, whatever the gold holds; else an error
            # when the words differ.
            out.evalb[system] = 2 if not test_words else int(gold_words != test_words)
        if out.missing:
            # A missing parse leaves the sentence out of every system alike: EVALB's
            # skip row for each (SPEC.md §10).
            out.evalb = dict.fromkeys(out.evalb, 2)
        return out
    if out.bad:
        return out
    words = {role: [same_token(w) for w in tree_words(s[2], s[1])] for role, s in sides.items()}
    # TedEval converts every tree (projections included) before it compares
    # the yields; MPH reads the trees, compares the yields, and takes the
    # projections only then (mph.py, "Order of operations").
    if out.missing:
        return out  # left out of every system (--missing skip), whatever the others hold
    errors = {
        (str(path), start): conversion_error(
            lines, fmt, projectivize, mph=command == "mph", apted=apted
        )
        for path, fmt, lines, start in sides.values()
    }
    late = (NonProjectiveError,) if command == "mph" else ()
    if command != "attach":
        out.bad = [where for where, e in errors.items() if e is not None and e not in late]
    else:
        # Attachment scores a parse that is no tree, per token, but a gold must
        # be a tree (a cycle is an error); projectivity does not matter to it.
        path, fmt, lines, start = sides["gold"]
        e = conversion_error(lines, fmt, False)
        if e is not None and e is not NonProjectiveError and issubclass(e, TreeStructureError):
            out.bad = [(str(path), start)]
    if not out.bad and len({tuple(w) for w in words.values()}) > 1:
        out.bad.append(("", None))
    if not out.bad and command == "mph":
        out.bad = [where for where, e in errors.items() if e in late]
    return out


def check_totals(block: dict[str, Any], expected: dict[str, int], sentences: int) -> None:
    """A JSON score: its totals, and its value worked out from them."""
    assert block["totals"] == expected
    values = list(expected.values())
    if len(values) == 2 and "delta" in next(iter(expected)):
        value = corpus_score(values[0], values[1], sentences)
    elif "matched" in expected:
        g, m, t = expected["gold"], expected["matched"], expected["test"]
        value = 2 * m / (g + t) if g + t else math.nan
    else:
        value = values[0] / values[1] if values[1] else math.nan
    assert block["value"] is None if math.isnan(value) else math.isclose(block["value"], value)


@fuzz_settings(500)
@given(
    formats=st.sampled_from(sorted(PAIRS)),
    which=st.sampled_from(["parse", "gold"]),
    skip_bad=st.booleans(),
    projectivize=st.booleans(),
    apted=st.booleans(),
    data=st.data(),
)
def test_command_reports_exactly_the_bad_sentences(
    workdir: Path,
    formats: tuple[str, str],
    which: str,
    skip_bad: bool,
    projectivize: bool,
    apted: bool,
    data: st.DataObject,
) -> None:
    command = data.draw(st.sampled_from(PAIRS[formats]))
    gold_fmt, parse_fmt = formats
    fmts = {"gold": gold_fmt, "parse": parse_fmt, "other": parse_fmt}
    files = {}
    for role, fmt in fmts.items():
        sentences = [Sentence(lines) for lines in seed_blocks(fmt)]
        if role == which:
            sentences = data.draw(corrupted_files(fmt))
        path = workdir / f"known_{role}{SUFFIX[fmt]}"
        path.write_text(assemble(fmt, sentences)[0], encoding="utf-8")
        files[role] = (path, fmt, sentences)
    projectivize = projectivize and command not in ("attach", "parseval")
    options = ["--json"] + ["--skip-bad"] * skip_bad + ["--projectivize"] * projectivize
    apted = apted and command in ("score", "cross")
    if apted:
        options.append("--engine=apted")
    gold, parse, other = (files[r][0] for r in ("gold", "parse", "other"))
    if command == "cross":
        argv = ["cross", "-e", f"A={gold},{parse}", "-e", f"B={gold},{other}", *options]
    else:
        argv = [command, str(gold), str(parse), str(other), *options]
    status, out, err = run_main(argv)
    n = len(files["gold"][2])
    fates = [fate(command, files, k, projectivize, skip_bad, apted) for k in range(n)]
    bad = [k + 1 for k, f in enumerate(fates) if f.bad]
    if bad and not skip_bad:
        # The first bad sentence stops the run, with a message that says where.
        assert status == 1 and err.count("\n") == 1, err
        first = fates[bad[0] - 1]
        assert err.startswith("tedeval: error: ")
        assert f"sentence {bad[0]}" in err, err
        assert any(
            f"{path}:{line}: sentence {bad[0]}" in err if line else "yields differ" in err
            for path, line in first.bad
        ), (err, first.bad)
        return
    assert status == 0, err
    report = json.loads(out)
    if command == "parseval":
        assert report["counts"]["read"] == n and report["skipped"] == []
        for system, role in zip(report["systems"], ("parse", "other"), strict=True):
            statuses = [f.evalb[role] for f in fates]
            block = system["details"]["summary"]["all"]
            assert (
                block["valid_sentences"],
                block["error_sentences"],
                block["skip_sentences"],
            ) == (
                statuses.count(0),
                statuses.count(1),
                statuses.count(2),
            )
            # A valid sentence is a seed tree against itself: every bracket matches.
            valid = [k for k in range(n) if statuses[k] == 0]
            brackets = sum(evalb_brackets(files["gold"][2][k].lines) for k in valid)
            check_totals(
                system["scores"]["F1"], {"gold": brackets, "matched": brackets, "test": brackets}, n
            )
        return
    missing = [k for k in range(n) if fates[k].missing and not fates[k].bad]
    # A bad parse is its system's failed parse (SPEC.md §10), left out under --missing
    # skip as a missing parse is; only a bad gold is skipped. A gold whose words no parse
    # has makes every parse's words other than the gold's: each is a failed parse.
    gold_path = str(files["gold"][0])
    skipped = [k for k in bad if any(path == gold_path for path, _ in fates[k - 1].bad)]
    failed = [k for k in bad if k not in skipped]
    assert report["counts"] == {
        "read": n,
        "scored": n - len(bad) - len(missing),
        "missing": len(missing) + len(failed),
        "skipped": len(skipped),
    }
    assert [s["sentence"] for s in report["skipped"]] == skipped
    assert sorted({b["sentence"] for b in report.get("bad_parses", [])}) == failed
    scored = [k for k in range(n) if not fates[k].bad and k not in missing]
    count = len(scored)
    items: dict[str, list[Items]] = {}
    if command in ("score", "cross"):
        items = {
            r: [sentence_items(files[r][2][k].lines, fmts[r], projectivize) for k in scored]
            for r in fmts
        }

    def tedeval(parse: str, gold: str, mode: int) -> dict[str, int]:
        key = ("labeled", "unlabeled")[mode]
        pairs = [(p[mode], g[mode]) for p, g in zip(items[parse], items[gold], strict=True)]
        stats = [labeled_rule(mode, single_stats(p, g), p, g) for p, g in pairs]
        d = sum(d for d, _ in stats)
        i = sum(i for _, i in stats)
        return {f"delta_{key}": d, f"iota_{key}": i}

    modes = (("labeled", 0), ("unlabeled", 1))
    if command == "score":
        for system, role in zip(report["systems"], ("parse", "other"), strict=True):
            for key, mode in modes:
                check_totals(system["scores"][key], tedeval(role, "gold", mode), count)
    elif command == "cross":
        for system, role in zip(report["systems"], ("parse", "other"), strict=True):
            for scenario in ("single", "multiple"):  # the two golds are one: e = gold
                for key, mode in modes:
                    block = system["scores"][f"{scenario} {key}"]
                    check_totals(block, tedeval(role, "gold", mode), count)
        (overlap,) = report["overlap"]
        for key, mode in modes:
            check_totals(overlap[key], tedeval("gold", "gold", mode), count)
    elif command == "attach":
        for system, role in zip(report["systems"], ("parse", "other"), strict=True):
            tokens = head = head_label = labeled = 0
            for k in scored:
                g = conll_canon(files["gold"][2][k].lines, gold_fmt)
                p = conll_canon(files[role][2][k].lines, parse_fmt)
                tokens += len(g)
                head += sum(a[2] == b[2] for a, b in zip(g, p, strict=True))
                # "" and "_" are no relation; without one on either side, no LAS (SPEC.md §7).
                if any(row[3] not in ("", "_") for row in (*g, *p)):
                    labeled += len(g)
                    rel = [(a[2], a[3] or "_") for a in g], [(b[2], b[3] or "_") for b in p]
                    head_label += sum(a == b for a, b in zip(*rel, strict=True))
            check_totals(
                system["scores"]["LAS"],
                {"head_label": head_label, "labeled_tokens": labeled},
                count,
            )
            check_totals(system["scores"]["UAS"], {"head": head, "tokens": tokens}, count)
    elif gold_fmt == parse_fmt:  # mph: the trees scored are equal to the gold's
        for system in report["systems"]:
            totals = system["scores"]["F1"]["totals"]
            assert totals["matched"] == totals["gold"] == totals["test"]


# -- regressions: inputs that once crashed -------------------------------------------------


def test_regression_empty_constituent_at_the_end_of_a_tree() -> None:
    # PhraseStructure.without_words indexed past the last word for "(S )"
    # (IndexError from MPH and every caller of remove_empty_elements).
    gold = Tree("S", [Tree("NN", ["a"]), Tree("VB", ["b"])])
    parse = Tree("S", [Tree("NN", ["a"]), Tree("VB", ["b"]), Tree("S", [])])
    p, r, _ = MPHEvaluator([parse], [gold]).eval()
    assert (p.totals, r.sentences) == ({"matched": 0, "gold": 0, "test": 0}, 1)
    labeled, unlabeled = TedEvalEvaluator([parse], [gold]).eval()
    # No function tag: labeled has nothing to compare (SPEC.md §5); the
    # unlabeled spans (0,1) and (1,2) agree once the empty S is gone.
    assert math.isnan(labeled) and labeled.totals == {"delta_labeled": 0, "iota_labeled": 0}
    assert float(unlabeled) == 1.0 and unlabeled.totals["iota_unlabeled"] == 4


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
