"""The command line's fast path reads brackets straight into phrase-structure tables.

``read_file(..., nltk_trees=False)`` must give, sentence for sentence, the
table that ``flatten_tree`` makes of the ``nltk.Tree`` the ordinary path
reads, the same errors at the same lines, and so the same statistics in
every metric. The second method here is the ordinary path itself, which
``test_readers`` checks against nltk's own ``Tree.fromstring``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk import Tree

from nltk_tedeval import MPHEvaluator, ParsevalEvaluator, TedEvalEvaluator
from nltk_tedeval.reading import read_file, read_text
from nltk_tedeval.trees.constituency import PhraseStructure, flatten_tree

from .conftest import examples
from .strategies import dependency_trees

ROOT = Path(__file__).resolve().parent.parent
BRACKET_FILES = sorted(
    p
    for folder in (ROOT / "corpora_samples", ROOT / "tests")
    for pattern in ("*.ptb", "*.ptb.gz", "*.mrg", "*.mrg.gz")
    for p in folder.rglob(pattern)
)


def same_sentences(ordinary: list, fast: list) -> None:
    assert len(fast) == len(ordinary)
    for a, b in zip(ordinary, fast, strict=True):
        assert (a.file, a.number, a.line) == (b.file, b.number, b.line)
        assert (a.error is None) == (b.error is None)
        if a.error is not None:
            assert (str(a.error), a.error.line, a.error.token) == (
                str(b.error),
                b.error.line,
                b.error.token,
            )
        elif a.tree is None:
            assert b.tree is None
        elif not a.tree.leaves():
            # No words, no table: the fast path hands over the same nltk tree.
            assert isinstance(b.tree, Tree) and b.tree == a.tree
        else:
            assert isinstance(b.tree, PhraseStructure)
            assert b.tree == flatten_tree(a.tree)


def test_there_are_sample_files_to_check() -> None:
    names = {p.name for p in BRACKET_FILES}
    assert {"gold.mrg", "test.mrg", "john.ptb", "GUM_bio_byron.ptb"} <= names
    assert len(BRACKET_FILES) > 80


@pytest.mark.parametrize("path", BRACKET_FILES, ids=lambda p: str(p.relative_to(ROOT)))
@pytest.mark.parametrize("one_per_line", [None, True, False])
def test_every_sample_file_reads_to_the_same_tables(path: Path, one_per_line) -> None:
    def read(nltk_trees: bool) -> list:
        return list(
            read_file(
                path, "ptb", on_error="collect", one_per_line=one_per_line, nltk_trees=nltk_trees
            )
        )

    same_sentences(read(True), read(False))


BAD_TEXTS = [
    "(S (NP a) (VP b)))\n",  # a closing bracket too many
    ") (S a)\n",  # a closing bracket before any tree
    "(S (NP a)\n",  # the file ends inside a tree
    "(S a) stray\n",  # text outside brackets
    "(NP\\ SBJ x)\n",  # a label ending in a backslash
    "(S (NP a)\n(S (NP b) (VP c))\n(S d)\n",  # a tree left open when the next starts
    "(S )\n(S (NP))\n(S a)\n",  # trees without words
    "(S (NP a) (VP b)) (S (NP c))\n(S e)\n",  # two trees on one line
    "\n(S a)\n\n(S b\n  c)\n",  # blank lines and a tree over two lines
    "( (S (NP-SBJ a) (VP b)))\n(TOP (S c))\n",  # an unlabelled root
]


@pytest.mark.parametrize("text", BAD_TEXTS)
@pytest.mark.parametrize("one_per_line", [None, True, False])
def test_bad_input_gives_the_same_errors_at_the_same_lines(text: str, one_per_line) -> None:
    def read(nltk_trees: bool) -> list:
        return list(
            read_text(
                text,
                "ptb",
                name="t.ptb",
                on_error="collect",
                one_per_line=one_per_line,
                nltk_trees=nltk_trees,
            )
        )

    same_sentences(read(True), read(False))


def test_raise_mode_raises_the_same_error() -> None:
    for text in BAD_TEXTS[:5]:
        errors = []
        for nltk_trees in (True, False):
            with pytest.raises(Exception) as caught:
                list(read_text(text, "ptb", name="t.ptb", nltk_trees=nltk_trees))
            errors.append((type(caught.value), str(caught.value)))
        assert errors[0] == errors[1], text


# -- generated trees ----------------------------------------------------------------------

LABELS = st.sampled_from(["S", "NP", "VP", "PP", "NP-SBJ", "-NONE-", "", "ADVP-TMP=2", "X"])
WORDS = st.sampled_from(["a", "b", "-LRB-", "'", "`", "*T*-1", "0", ",", "\\(", "é"])


@st.composite
def trees(draw, depth: int = 4) -> Tree:
    label = draw(LABELS)
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return Tree(label or "NN", [draw(WORDS)])
    kids = draw(st.lists(st.one_of(WORDS, trees(depth=depth - 1)), min_size=0, max_size=4))
    return Tree(label, kids)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(trees(), min_size=1, max_size=4), st.booleans())
def test_generated_trees_read_to_the_same_tables(forest: list[Tree], one_line: bool) -> None:
    margin = 10**9 if one_line else 20
    text = "\n".join(t.pformat(margin=margin) for t in forest) + "\n"

    def read(nltk_trees: bool) -> list:
        return list(read_text(text, "ptb", on_error="collect", nltk_trees=nltk_trees))

    same_sentences(read(True), read(False))


# -- the metrics see no difference ----------------------------------------------------------


def _both(path: Path) -> tuple[list, list]:
    return (
        list(read_file(path, one_per_line=None)),
        list(read_file(path, one_per_line=None, nltk_trees=False)),
    )


def test_every_metric_gives_the_same_statistics_on_both_paths() -> None:
    evalb = ROOT / "corpora_samples" / "evalb"
    gold, fast_gold = _both(evalb / "gold.mrg")
    test, fast_test = _both(evalb / "test.mrg")
    with pytest.warns(Warning):  # the sample's one missing parse
        ordinary = ParsevalEvaluator(test, gold, on_error="skip").stats.array.tolist()
    with pytest.warns(Warning):
        fast = ParsevalEvaluator(fast_test, fast_gold, on_error="skip").stats.array.tolist()
    assert fast == ordinary
    study = ROOT / "corpora_samples" / "study"
    gold, fast_gold = _both(study / "test.ptb")
    parse, fast_parse = _both(study / "outputs" / "pcfg.ptb")
    for evaluator in (TedEvalEvaluator, MPHEvaluator):
        kwargs = {"missing": "zero"}
        with pytest.warns(Warning):
            ordinary = evaluator(parse, gold, **kwargs).stats.array.tolist()
        with pytest.warns(Warning):
            fast = evaluator(fast_parse, fast_gold, **kwargs).stats.array.tolist()
        assert fast == ordinary, evaluator.__name__


# -- token lines straight into DependencyTree objects -----------------------------------------

COLUMN_FILES = sorted(
    p
    for folder in (ROOT / "corpora_samples", ROOT / "tests")
    for pattern in ("*.conll", "*.conllu", "*.conllu.gz", "*.conllx", "*.malt", "*.malttab")
    for p in folder.rglob(pattern)
)


def same_dependencies(ordinary: list, fast: list) -> None:
    from nltk_tedeval.trees.dependency import DependencyTree, from_dependency_graph

    assert len(fast) == len(ordinary)
    for a, b in zip(ordinary, fast, strict=True):
        assert (a.file, a.number, a.line, a.sentence_id) == (
            b.file,
            b.number,
            b.line,
            b.sentence_id,
        )
        assert (str(a.error) if a.error else None) == (str(b.error) if b.error else None)
        if a.tree is None:
            assert b.tree is None
        else:
            assert isinstance(b.tree, DependencyTree)
            assert b.tree == from_dependency_graph(a.tree, require_tree=False)


def test_there_are_column_files_to_check() -> None:
    names = {p.name for p in COLUMN_FILES}
    assert {"arrive_gold1.conll", "GUM_bio_byron.conllu", "test.conllu"} <= names
    assert len(COLUMN_FILES) > 80


@pytest.mark.parametrize("path", COLUMN_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_column_file_reads_to_the_same_dependency_trees(path: Path) -> None:
    def read(nltk_trees: bool) -> list:
        return list(read_file(path, on_error="collect", nltk_trees=nltk_trees))

    same_dependencies(read(True), read(False))


BAD_COLUMNS = [
    ("1\ta\t_\tNN\tNN\t_\t2\tdep\t_\t_\n2\tb\t_\tNN\tNN\t_\t1\tdep\t_\t_\n", "conllu"),  # a cycle
    ("1\ta\t_\tNN\tNN\t_\t1\tdep\t_\t_\n", "conllu"),  # its own head
    ("1\ta\t_\tNN\tNN\t_\t_\t_\t_\t_\n2\tb\t_\tNN\tNN\t_\t_\t_\t_\t_\n", "conllu"),  # missing
    ("1\ta\t_\tNN\tNN\t_\t0\troot\t_\t_\n2\tb\t_\tNN\tNN\t_\t_\t_\t_\t_\n", "conllu"),  # partial _
    ("1\ta\t_\tNN\tNN\t_\t7\troot\t_\t_\n", "conllu"),  # a head out of range
    ("1\ta\tNN\n", "conllu"),  # too few columns
    ("a NN 0\nb NN 1\n\nc NN x\n", "malttab"),  # a head that is no number
    ("a NN 0 ROOT\nb NN 1\n", "malttab"),  # 4 then 3 columns
    ("John NNP 2\nsaw VBD 0\nMary NNP 2\n", "malttab"),  # nltk's three columns
    ("1-2\tab\t_\t_\t_\t_\t_\t_\t_\t_\n1\ta\t_\tDT\tDT\t_\t2\tdet\t_\t_\n"
     "2\tb\t_\tNN\tNN\tX=1\t0\troot\t_\t_\n", "conllu"),  # a multiword token
]  # fmt: skip


@pytest.mark.parametrize(("text", "fmt"), BAD_COLUMNS)
def test_column_problems_read_the_same_way(text: str, fmt: str) -> None:
    def read(nltk_trees: bool) -> list:
        return list(read_text(text, fmt, name="t", on_error="collect", nltk_trees=nltk_trees))

    same_dependencies(read(True), read(False))


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.tuples(st.integers(1, 6), st.data()), min_size=1, max_size=3))
def test_generated_dependency_trees_read_the_same_way(shapes) -> None:
    blocks = []
    for n, data in shapes:
        tree = data.draw(dependency_trees(n=n))
        blocks.append(
            "".join(
                f"{i}\t{w}\t_\tNN\t{'_' if i % 2 else 'NNS'}\t_\t{h}\t{r or '_'}\t_\t_\n"
                for i, (w, h, r) in enumerate(
                    zip(tree.words, tree.heads, tree.rels, strict=True), start=1
                )
            )
        )
    text = "\n".join(blocks)

    def read(nltk_trees: bool) -> list:
        return list(read_text(text, "conllu", on_error="collect", nltk_trees=nltk_trees))

    same_dependencies(read(True), read(False))


def test_every_dependency_metric_gives_the_same_statistics_on_both_paths() -> None:
    from nltk_tedeval import AttachmentEvaluator

    study = ROOT / "corpora_samples" / "study"
    gold = list(read_file(study / "test.conllu"))
    fast_gold = list(read_file(study / "test.conllu", nltk_trees=False))
    for system in ("arc-eager", "arc-standard"):
        path = study / "outputs" / f"{system}.conllu"
        parse, fast_parse = list(read_file(path)), list(read_file(path, nltk_trees=False))
        for evaluator, kwargs in (
            (AttachmentEvaluator, {}),
            (TedEvalEvaluator, {"projectivize": True}),
            (MPHEvaluator, {"projectivize": True}),
        ):
            ordinary = evaluator(parse, gold, **kwargs).stats.array.tolist()
            fast = evaluator(fast_parse, fast_gold, **kwargs).stats.array.tolist()
            assert fast == ordinary, (system, evaluator.__name__)
