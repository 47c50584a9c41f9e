"""What the command line does next with the trees the fast path reads: check, lift, convert.

The readers' trees are unchecked; the conversion checks them in the walk
that finds the projections, lifts non-projective arcs on bare head lists,
and builds the multi-function tree's table without merging (no two nodes of
a tree's conversion share a span). Every expected value here comes from a
second method written out in the test, straight from the definitions:
walking up the heads from every token, the descendants of every token, and
the 2012 conversion with its label union.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nltk_tedeval.errors import TreeStructureError
from nltk_tedeval.trees.convert import Converter
from nltk_tedeval.trees.dependency import (
    Arc,
    DependencyTree,
    checked,
    dependency_to_mft,
    strip_subtype,
)
from nltk_tedeval.trees.mft import MultiFunctionTree, span_of
from nltk_tedeval.trees.tokens import normalize_token

from .conftest import examples

WORDS = ("a", "-LRB-", "b-c", "é", "cafe\u0301", "x")
RELS = ("nsubj", "nsubj:pass", "root", None, "hd")


# -- the second method -----------------------------------------------------------------------


def reaches_root(heads: tuple[int, ...]) -> bool:
    """Every token's chain of heads ends at 0 within n steps."""
    n = len(heads)
    for token in range(1, n + 1):
        node, steps = token, 0
        while node and steps <= n:
            node, steps = heads[node - 1], steps + 1
        if node:
            return False
    return True


def dominated(heads: tuple[int, ...], h: int) -> set[int]:
    """The tokens h dominates, itself included (h = 0: all)."""
    out = set()
    for token in range(1, len(heads) + 1):
        node = token
        while node and node != h:
            node = heads[node - 1]
        if node == h:
            out.add(token)
    return out


def non_projective(heads: tuple[int, ...]) -> list[Arc]:
    return [
        Arc(h, d)
        for d, h in enumerate(heads, start=1)
        if h and not all(k in dominated(heads, h) for k in range(min(h, d) + 1, max(h, d)))
    ]


def lifted(heads: tuple[int, ...]) -> tuple[tuple[int, ...], list[Arc]]:
    """Nivre and Nilsson's lifting: the shortest arc first, then the leftmost dependent."""
    current, arcs = list(heads), []
    while bad := non_projective(tuple(current)):
        arc = min(bad, key=lambda a: (abs(a.head - a.dependent), a.dependent))
        arcs.append(arc)
        current[arc.dependent - 1] = current[arc.head - 1]
    return tuple(current), arcs


def reference_mft(tree: DependencyTree, head_label: str, strip_subtypes: bool) -> MultiFunctionTree:
    """The conversion of Tsarfaty et al. (2011, 2012), nodes merged by label union."""
    table: dict = {}
    for token in range(1, len(tree.words) + 1):
        positions = {t - 1 for t in dominated(tree.heads, token)}
        span = span_of(positions)
        rel = tree.rels[token - 1]
        labels = set() if rel is None else {strip_subtype(rel) if strip_subtypes else rel}
        table[span] = table.get(span, set()) | labels
        if len(positions) > 1:
            own = (token - 1, token)
            table[own] = table.get(own, set()) | {head_label}
    return MultiFunctionTree(table, [normalize_token(w) for w in tree.words])


@st.composite
def head_lists(draw, trees_only: bool) -> tuple[int, ...]:
    """Heads of n tokens; with ``trees_only``, a random tree (projective or not)."""
    n = draw(st.integers(1, 9))
    if not trees_only:
        return tuple(draw(st.integers(0, n)) for _ in range(n))
    order = draw(st.permutations(range(1, n + 1)))
    heads = [0] * n
    for i, token in enumerate(order):  # each token hangs from one placed before it
        heads[token - 1] = draw(st.sampled_from([0, *order[:i]])) if i else 0
    return tuple(heads)


def unchecked(
    heads: tuple[int, ...], rels: tuple[str | None, ...], words: tuple[str, ...] | None = None
) -> DependencyTree:
    """A tree as the fast path reads it: built without any check."""
    n = len(heads)
    words = words or tuple(WORDS[i % len(WORDS)] for i in range(n))
    return DependencyTree._unchecked(words, heads, rels, (None,) * n, (None,) * n)


# -- checking, lifting, converting ----------------------------------------------------------


@settings(max_examples=examples(400), deadline=None)
@given(head_lists(trees_only=False))
def test_an_unchecked_tree_is_a_tree_exactly_when_every_token_reaches_the_root(heads) -> None:
    tree = unchecked(heads, (None,) * len(heads))
    assert tree.is_tree() == reaches_root(heads)
    fresh = unchecked(heads, (None,) * len(heads))
    if reaches_root(heads):
        assert checked(fresh) is fresh
    else:
        # The message is the one a checked construction gives for the same heads.
        with pytest.raises(TreeStructureError) as built:
            DependencyTree(fresh.words, heads)
        with pytest.raises(TreeStructureError) as caught:
            checked(fresh)
        assert (str(caught.value), caught.value.token) == (str(built.value), built.value.token)
        with pytest.raises(TreeStructureError):
            fresh.non_projective_arcs()  # no tree, no projectivity


@settings(max_examples=examples(400), deadline=None)
@given(head_lists(trees_only=True))
def test_projections_arcs_and_lifting_follow_the_definitions(heads) -> None:
    tree = unchecked(heads, (None,) * len(heads))
    assert tree.yields() == [
        span_of(t - 1 for t in dominated(heads, w)) for w in range(1, len(heads) + 1)
    ]
    assert tree.non_projective_arcs() == non_projective(heads)
    assert tree.is_projective() == (not non_projective(heads))
    new_heads, arcs = lifted(heads)
    projective, lifts = tree.projectivize()
    assert (projective.heads, list(lifts)) == (new_heads, arcs)
    assert projective.is_tree() and projective.is_projective()
    assert (projective.words, projective.rels) == (tree.words, tree.rels)


@settings(max_examples=examples(400), deadline=None)
@given(
    head_lists(trees_only=True),
    st.data(),
    st.sampled_from(["hd", "root", "nsubj"]),
    st.booleans(),
    st.booleans(),
)
def test_conversion_is_the_definition_with_label_union(
    heads, data, head_label, strip_subtypes, projectivize
) -> None:
    rels = tuple(data.draw(st.sampled_from(RELS)) for _ in heads)
    tree = unchecked(heads, rels, tuple(data.draw(st.sampled_from(WORDS)) for _ in heads))
    mft = Converter(
        head_label=head_label, strip_subtypes=strip_subtypes, projectivize=projectivize
    )(tree)
    source = DependencyTree(tree.words, lifted(heads)[0] if projectivize else heads, rels)
    expected = reference_mft(source, head_label, strip_subtypes)
    assert mft == expected
    assert mft.words == expected.words
    assert dict(mft.nodes()) == dict(expected.nodes())
    assert (
        dependency_to_mft(source, head_label=head_label, strip_subtypes=strip_subtypes) == expected
    )


def test_a_conversion_worked_by_hand() -> None:
    # "-LRB- a b-c": b-c heads the sentence, -LRB- hangs from a, a from b-c;
    # a's projection is tokens 0-1 (a node of its own label, and hd over a).
    tree = DependencyTree._unchecked(
        ("-LRB-", "a", "b-c"), (2, 3, 0), ("punct", "nsubj:pass", None), (None,) * 3, (None,) * 3
    )
    mft = Converter(strip_subtypes=True)(tree)
    assert mft.words == ("(", "a", "b-c")
    assert mft.as_dict() == {
        (0, 1): frozenset({"punct"}),
        (0, 2): frozenset({"nsubj"}),
        (1, 2): frozenset({"hd"}),
        (0, 3): frozenset(),
        (2, 3): frozenset({"hd"}),
    }


def test_words_are_compared_without_escapes_and_in_nfc() -> None:
    tree = DependencyTree._unchecked(("cafe\u0301", "x"), (0, 1), *[(None,) * 2] * 3)
    assert Converter()(tree).words == ("caf\u00e9", "x")


def test_a_non_projective_tree_lifted_by_hand() -> None:
    # a b c d: b is the root; d hangs from a across c, which hangs from b.
    tree = DependencyTree._unchecked(("a", "b", "c", "d"), (2, 0, 2, 1), *[(None,) * 4] * 3)
    assert tree.non_projective_arcs() == [Arc(1, 4)]
    projective, lifts = tree.projectivize()
    assert (projective.heads, lifts) == ((2, 0, 2, 2), (Arc(1, 4),))
