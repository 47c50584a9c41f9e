"""Hypothesis strategies: random projective trees and random labelings."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import strategies as st

from nltk_tedeval import DependencyTree, MultiFunctionTree, dependency_to_mft

LABELS = ("a", "b", "c", "d")


@st.composite
def laminar_mfts(draw, n: int | None = None, max_n: int = 7) -> MultiFunctionTree:
    """A random multi-function tree: random non-crossing spans, random label sets."""
    if n is None:
        n = draw(st.integers(min_value=1, max_value=max_n))
    candidates = draw(
        st.lists(
            st.tuples(st.integers(0, n - 1), st.integers(1, n)).filter(lambda s: s[0] < s[1]),
            max_size=2 * n,
        )
    )
    chosen: list[tuple[int, int]] = []
    for s, e in candidates:
        if all(
            e2 <= s or e <= s2 or (s2 <= s and e <= e2) or (s <= s2 and e2 <= e)
            for s2, e2 in chosen
        ):
            chosen.append((s, e))
    nodes = {span: draw(st.frozensets(st.sampled_from(LABELS), max_size=3)) for span in chosen}
    return MultiFunctionTree(nodes, tuple(f"w{i}" for i in range(n)))


@st.composite
def projective_heads(draw, n: int) -> tuple[int, ...]:
    """Random projective head assignments over ``n`` tokens (one root)."""
    heads = [0] * n
    # Each pending interval [lo, hi) gets a head inside it, attached to
    # ``parent``; its left and right parts split into consecutive segments
    # whose own heads attach to it. That is exactly a projective tree.
    pending = [(0, n, 0)]
    while pending:
        lo, hi, parent = pending.pop()
        h = draw(st.integers(lo, hi - 1))
        heads[h] = parent
        for a, b in ((lo, h), (h + 1, hi)):
            cuts = (
                sorted(draw(st.sets(st.integers(a + 1, b - 1), max_size=max(0, b - a - 1))))
                if b - a > 1
                else []
            )
            bounds = [a, *cuts, b]
            for x, y in pairwise(bounds):
                if x < y:
                    pending.append((x, y, h + 1))
    return tuple(heads)


@st.composite
def dependency_trees(draw, n: int | None = None, max_n: int = 8) -> DependencyTree:
    if n is None:
        n = draw(st.integers(1, max_n))
    heads = draw(projective_heads(n))
    rels = tuple(draw(st.sampled_from(LABELS)) for _ in range(n))
    return DependencyTree(tuple(f"w{i}" for i in range(n)), heads, rels)


@st.composite
def dependency_mfts(draw, n: int | None = None, max_n: int = 8) -> MultiFunctionTree:
    return dependency_to_mft(draw(dependency_trees(n=n, max_n=max_n)))


@st.composite
def same_yield(draw, count: int, kind=None, max_n: int = 7) -> list[MultiFunctionTree]:
    """``count`` random trees over one yield, from dependency trees or laminar families."""
    n = draw(st.integers(1, max_n))
    out = []
    for _ in range(count):
        maker = kind or draw(st.sampled_from([laminar_mfts, dependency_mfts]))
        out.append(draw(maker(n=n)))
    return out
