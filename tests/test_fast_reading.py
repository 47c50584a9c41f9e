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


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
