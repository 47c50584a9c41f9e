"""A bad parse counts against the parse (SPEC.md §8, §10; issue 40).

With ``on_error="skip"`` a parse that is bad input is its system's failed
parse: a missing parse of that system alone, under the ``missing`` policy.
The properties below hold on random corpora, for every metric, policy and
option: a bad parse scores exactly as a missing parse of its sentence would
(never better), the other system's numbers do not move, and under ``zero``
no measure whose denominator the gold fixes (UAS, LAS, bracket recall) is
higher than the same corpus with that sentence's parse valid, whatever it
holds. The hand-worked cases are in ``test_robustness.py`` (the command
line), ``test_evaluator.py`` and ``test_tedeval.py``.
"""

from __future__ import annotations

import math
import warnings
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk import Tree

from nltk_tedeval import (
    AttachmentEvaluator,
    DependencyTree,
    MPHEvaluator,
    ParsevalEvaluator,
    TedEvalEvaluator,
)
from nltk_tedeval.errors import InputFormatError
from nltk_tedeval.records import SourceSentence

from .conftest import examples
from .strategies import dependency_trees

SETTINGS = settings(
    max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
POLICIES = ("skip", "zero", "flat")


def unreadable(number: int) -> SourceSentence:
    """What a reader gives for a line it could not read (``on_error="collect"``)."""
    error = InputFormatError("a bracket left open", file="p", line=number)
    return SourceSentence("p", number, number, None, None, error)


def renamed(tree: Any) -> Any:
    """The tree with its first word spelled otherwise: a parse of other words."""
    if isinstance(tree, DependencyTree):
        return DependencyTree(("x" + tree.words[0], *tree.words[1:]), tree.heads, tree.rels)
    copy = tree.copy(deep=True)
    first = copy.leaf_treeposition(0)
    copy[first] = "x" + copy[first]
    return copy


def cyclic(tree: DependencyTree) -> DependencyTree | None:
    """The tree with its root's head made its first dependent: a cycle (``None`` without one)."""
    root = tree.heads.index(0)
    child = next((i for i, h in enumerate(tree.heads) if h == root + 1), None)
    if child is None:
        return None
    heads = list(tree.heads)
    heads[root] = child + 1
    return DependencyTree(tree.words, tuple(heads), tree.rels, check=False)


def figures(ev: Any) -> dict[str, float]:
    return {name: float(score) for name, score in ev.scores().items()}


def same(a: dict[str, float], b: dict[str, float]) -> bool:
    return a.keys() == b.keys() and all(
        (math.isnan(a[k]) and math.isnan(b[k])) or a[k] == pytest.approx(b[k]) for k in a
    )


def run(cls: type, gold: list, systems: list[list], **options: Any) -> list[Any]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        evs = cls.evaluate_systems(gold, systems, names=["x", "y"], on_error="skip", **options)
        for ev in evs:
            ev.scores()
        return evs


@st.composite
def dependency_corpora(draw: st.DrawFn) -> tuple[list, list, list, int]:
    """A gold, two systems over its words, and the sentence whose first parse goes bad."""
    count = draw(st.integers(1, 4))
    gold = [draw(dependency_trees(max_n=6)) for _ in range(count)]

    def parse(g: DependencyTree) -> DependencyTree:
        t = draw(dependency_trees(n=len(g.words)))
        return DependencyTree(g.words, t.heads, t.rels)

    return gold, [parse(g) for g in gold], [parse(g) for g in gold], draw(st.integers(0, count - 1))


def check_bad_is_missing(
    cls: type,
    gold: list,
    x: list,
    y: list,
    i: int,
    bad: Any,
    floored: tuple[str, ...] = (),
    **options: Any,
) -> None:
    """The properties of the module docstring, for system x's bad parse of sentence ``i``."""
    broken = [bad if k == i else p for k, p in enumerate(x)]
    lacking = [None if k == i else p for k, p in enumerate(x)]
    for policy in POLICIES:
        got = run(cls, gold, [broken, y], missing=policy, **options)
        want = run(cls, gold, [lacking, y], missing=policy, **options)
        assert same(figures(got[0]), figures(want[0])), policy
        assert got[0].skipped == []
        if cls is ParsevalEvaluator and policy == "skip":
            # EVALB's rows: an error sentence where the parse is bad, a skip sentence
            # where it is missing; both add nothing to x, and the error is counted apart.
            # EVALB's error sentence is x's alone: y keeps the sentence.
            assert got[0].counts()["errors"] == 1
            assert got[0].counts()["scored"] == want[0].counts()["scored"]
            valid = run(cls, gold, [x, y], missing=policy, **options)
            assert same(figures(got[1]), figures(valid[1]))
            continue
        assert same(figures(got[1]), figures(want[1])), policy
        assert got[0].counts() == want[0].counts(), policy
        assert [(m.number, m.systems) for m in got[0].missing] == [(i + 1, ("x",))], policy
        assert [b.number for b in got[0].bad_parses] == [i + 1], policy
        if policy == "skip":
            continue
        # The other system keeps the sentence, and its numbers; under zero no measure
        # whose denominator the gold fixes is higher than with the parse valid.
        valid = run(cls, gold, [x, y], missing=policy, **options)
        assert same(figures(got[1]), figures(valid[1])), policy
        if policy == "zero":
            for name in floored:
                assert float(got[0].score(name)) <= float(valid[0].score(name)) + 1e-12, name


@SETTINGS
@given(dependency_corpora(), st.sampled_from(["reader", "words"]), st.booleans())
def test_a_bad_dependency_parse_scores_as_a_missing_one(corpora, how, projectivize) -> None:
    gold, x, y, i = corpora
    bad = unreadable(i + 1) if how == "reader" else renamed(x[i])
    check_bad_is_missing(AttachmentEvaluator, gold, x, y, i, bad, ("LAS", "UAS"))
    check_bad_is_missing(TedEvalEvaluator, gold, x, y, i, bad, projectivize=projectivize)
    check_bad_is_missing(MPHEvaluator, gold, x, y, i, bad, projectivize=projectivize)


@SETTINGS
@given(dependency_corpora(), st.sampled_from([None, "exact"]), st.sampled_from(["span", "apted"]))
def test_a_cycle_is_a_failed_parse_under_every_option(corpora, align, engine) -> None:
    # A cycle is bad for TedEval (attachment scores it token by token, SPEC.md §7); under
    # alignment the unit's parse side fails, here a unit of one sentence.
    gold, x, y, i = corpora
    bad = cyclic(x[i])
    if bad is None:
        return  # a one-word sentence has no dependent to make a cycle with
    check_bad_is_missing(TedEvalEvaluator, gold, x, y, i, bad, align=align, engine=engine)


@st.composite
def phrase_trees(draw: st.DrawFn, words: tuple[str, ...]) -> Tree:
    """A random bracketing of ``words``: POS tags, then phrases of two or more children."""
    nodes: list[Tree] = [Tree(draw(st.sampled_from(["NN", "VB", "DT"])), [w]) for w in words]
    while len(nodes) > 1:
        a = draw(st.integers(0, len(nodes) - 2))
        b = draw(st.integers(a + 2, len(nodes)))
        label = draw(st.sampled_from(["NP", "VP", "S", "NP-SBJ", "PP"]))
        nodes[a:b] = [Tree(label, nodes[a:b])]
    return Tree("S", nodes) if nodes[0].height() == 2 else nodes[0]


@st.composite
def constituency_corpora(draw: st.DrawFn) -> tuple[list, list, list, int]:
    count = draw(st.integers(1, 4))
    sentences = [tuple(f"w{k}" for k in range(draw(st.integers(1, 5)))) for _ in range(count)]
    gold = [draw(phrase_trees(w)) for w in sentences]
    x = [draw(phrase_trees(w)) for w in sentences]
    y = [draw(phrase_trees(w)) for w in sentences]
    return gold, x, y, draw(st.integers(0, count - 1))


@SETTINGS
@given(constituency_corpora(), st.sampled_from(["reader", "words"]))
def test_a_bad_constituency_parse_scores_as_a_missing_one(corpora, how) -> None:
    # A parse of other words is EVALB's error sentence: under skip it stays EVALB's,
    # under zero and flat its system's failed parse, with or without on_error="skip".
    gold, x, y, i = corpora
    bad = unreadable(i + 1) if how == "reader" else renamed(x[i])
    check_bad_is_missing(ParsevalEvaluator, gold, x, y, i, bad, ("R", "TAGGING_ACCURACY"))
    check_bad_is_missing(TedEvalEvaluator, gold, x, y, i, bad)
    check_bad_is_missing(MPHEvaluator, gold, x, y, i, bad)
