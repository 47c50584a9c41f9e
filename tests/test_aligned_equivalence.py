"""Equal tokenization gives the unaligned figures, for every metric, policy and mode (SPEC.md §11).

Generated corpora of a gold and a parse over the same tokens and sentence
splits, with missing parses (``None``, and for brackets a tree without
words or of empty elements only) among them: every metric under
``align="exact"`` and ``align="lcs"`` must give the statistics it gives
without alignment, under every missing-parse policy (and the same error
under ``error``). Hand-worked values for the aligned paths are in
tests/test_aligned_metrics.py and tests/test_aligned_cases.py; this file
checks that no policy or mode drifts from the unaligned path, which the
rest of the suite checks against EVALB and by hand.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk import Tree

from nltk_tedeval import (
    AttachmentEvaluator,
    CrossFrameworkEvaluator,
    DependencyTree,
    ParsevalEvaluator,
    TedEvalEvaluator,
)
from nltk_tedeval.errors import MissingParseWarning, TedEvalError

from .columns import ALIGNED_ROW, ATTACHMENT_ROW, pick
from .conftest import examples
from .strategies import projective_heads

POLICIES = ("skip", "zero", "flat", "error")
MODES = ("exact", "lcs")
WORDS = ("a", "bb", "c", "dd", ".", "e")
TAGS = ("NN", "VB", "DT", ".")
LABELS = ("NP", "VP", "PP", "S")
RELS = ("nsubj", "obj", "det", "punct")


@st.composite
def bracketing(draw, words: tuple[str, ...], root: bool = True) -> Tree:
    """A random tree over ``words``: a phrase over consecutive runs of its children."""
    leaves = [Tree(draw(st.sampled_from(TAGS)) if w != "." else ".", [w]) for w in words]
    nodes: list[Tree] = leaves
    while len(nodes) > 1:
        i = draw(st.integers(0, len(nodes) - 1))
        j = draw(st.integers(i + 1, len(nodes)))
        if (i, j) == (0, len(nodes)) and not root:
            break
        nodes = [*nodes[:i], Tree(draw(st.sampled_from(LABELS)), nodes[i:j]), *nodes[j:]]
        if len(nodes) == 1:
            break
    if len(nodes) > 1 or isinstance(nodes[0][0], str):
        nodes = [Tree("S", nodes)]
    return nodes[0]


@st.composite
def dependency_tree(draw, words: tuple[str, ...]) -> DependencyTree:
    """A random projective tree over ``words``."""
    rels = tuple(draw(st.sampled_from(RELS)) for _ in words)
    return DependencyTree(words, draw(projective_heads(len(words))), rels)


@st.composite
def corpora(draw, kind: str) -> tuple[list, list]:
    """A gold corpus and a parse over the same sentences, some parses missing."""
    n = draw(st.integers(1, 4))
    gold, parse = [], []
    for _ in range(n):
        words = tuple(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=5)))
        if kind == "dependency":
            gold.append(draw(dependency_tree(words)))
            missing = draw(st.sampled_from([None, "tree", "tree"]))
            parse.append(None if missing is None else draw(dependency_tree(words)))
        else:
            gold.append(draw(bracketing(words)))
            missing = draw(st.sampled_from([None, "wordless", "traces", "tree", "tree", "tree"]))
            parse.append(
                None
                if missing is None
                else Tree.fromstring("(())")
                if missing == "wordless"
                else Tree("S", [Tree("-NONE-", ["*"])])
                if missing == "traces"
                else draw(bracketing(words))
            )
    return gold, parse


def outcome(make, columns: tuple[str, ...] | None = None) -> tuple:
    """The rows (of the named ``columns``, else of every column) and counts of a run, or
    its error's kind and message."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingParseWarning)
        try:
            ev = make()
            rows = ev.stats.array.tolist() if columns is None else pick(ev, *columns)
            return rows, ev.counts()
        except TedEvalError as err:
            return type(err).__name__, err.message


# An unaligned attachment column and the aligned column that counts the same, where
# their names differ: the gold side's.
AS_PLAIN = {"tokens": "gold_tokens", "labeled_tokens": "labeled_gold_tokens"}


def attachment_rows(aligned: tuple) -> tuple:
    """Aligned attachment rows (ALIGNED_ROW) as unaligned ones (ATTACHMENT_ROW), without
    their parse-word columns, which equal the gold's."""
    rows, counts = aligned
    if isinstance(rows, str):
        return aligned
    named = [dict(zip(ALIGNED_ROW, r, strict=True)) for r in rows]
    # Equal tokens: as many parse words as gold words, for every measure and for LA's
    # and LAS's (labeled_gold_tokens and labeled_parse_tokens).
    assert all(
        r["gold_tokens"] == r["parse_tokens"]
        and r["labeled_gold_tokens"] == r["labeled_parse_tokens"]
        for r in named
    ), rows
    return [[r[AS_PLAIN.get(c, c)] for c in ATTACHMENT_ROW] for r in named], counts


SETTINGS = settings(
    max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("policy", POLICIES)
@SETTINGS
@given(data=corpora("dependency"))
def test_attachment(policy: str, mode: str, data) -> None:
    gold, parse = data

    def run(punct: str, align: Any) -> tuple:
        return outcome(
            lambda: AttachmentEvaluator(parse, gold, missing=policy, punct=punct, align=align),
            ALIGNED_ROW if align else ATTACHMENT_ROW,
        )

    for punct in ("include", "exclude"):
        assert attachment_rows(run(punct, mode)) == run(punct, False)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("policy", POLICIES)
@SETTINGS
@given(data=st.one_of(corpora("dependency"), corpora("constituency")))
def test_tedeval(policy: str, mode: str, data) -> None:
    gold, parse = data
    plain = outcome(lambda: TedEvalEvaluator(parse, gold, missing=policy))
    assert outcome(lambda: TedEvalEvaluator(parse, gold, missing=policy, align=mode)) == plain


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("policy", POLICIES)
@SETTINGS
@given(data=corpora("constituency"))
def test_parseval(policy: str, mode: str, data) -> None:
    gold, parse = data
    plain = outcome(lambda: ParsevalEvaluator(parse, gold, missing=policy))
    assert outcome(lambda: ParsevalEvaluator(parse, gold, missing=policy, align=mode)) == plain


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("policy", POLICIES)
@SETTINGS
@given(const=corpora("constituency"), dep=corpora("dependency"))
def test_cross(policy: str, mode: str, const, dep) -> None:
    # Two theories over the same tokens: the dependency corpus is rebuilt over
    # the constituency corpus's words.
    gold_c, parse_c = const
    gold_d, parse_d = [], []
    for tree, p in zip(gold_c, dep[1], strict=False):
        words = tuple(tree.leaves())
        n = len(words)
        gold_d.append(DependencyTree(words, (0,) + (1,) * (n - 1), ("root",) * n))
        parse_d.append(None if p is None else DependencyTree(words, (0,) * n, ("dep",) * n))
    gold_c = gold_c[: len(gold_d)]
    parse_c = parse_c[: len(gold_d)]

    def run(align):
        def make():
            ev = CrossFrameworkEvaluator(
                [("ptb", parse_c, gold_c), ("ud", parse_d, gold_d)], missing=policy, align=align
            )
            return [ev.stats(n, s).array.tolist() for n in ("ptb", "ud")
                    for s in ("single", "multiple")], ev.counts()  # fmt: skip

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MissingParseWarning)
            try:
                return make()
            except TedEvalError as err:
                return type(err).__name__, err.message

    assert run(mode) == run(False)
