"""TedEval on yields with gaps: non-projective dependency trees scored as they are.

SPEC.md §2 ("Yields with gaps") and §5 ("Yields with gaps"). The worked
examples are computed by hand in the SPEC; the property tests check the
set-based δ against a brute-force edit distance in which terminals never move:
a breadth-first search over every tree (laminar family of items) reachable by
adding and deleting one item at a time.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk import Tree

from nltk_tedeval import (
    CrossFrameworkEvaluator,
    DependencyTree,
    Experiment,
    MultiFunctionTree,
    OptionError,
    TedEvalEvaluator,
    UnificationError,
    explain,
    generalize,
    to_mft,
    unify,
)
from nltk_tedeval.protocol.engine_span import span_counts
from nltk_tedeval.trees.mft import crossing_pair, span_of, span_positions

from .conftest import examples

# -- the SPEC's worked examples ---------------------------------------------------------

WORDS = ("A", "hearing", "is", "scheduled", "on", "the", "issue", "today")
# hearing -> issue passes over "is scheduled", which hearing does not dominate.
NATIVE = DependencyTree(
    WORDS, (2, 4, 4, 0, 7, 7, 2, 4), ("det", "nsubj", "aux", "root", "case", "det", "nmod", "obl")
)
# Lifted (Nivre and Nilsson): issue moves up to hearing's head, scheduled.
LIFTED = DependencyTree(WORDS, (2, 4, 4, 0, 7, 7, 4, 4), NATIVE.rels)
CONSTITUENCY = Tree.fromstring(
    "(S (NP-SBJ (DT A) (NN hearing)) (VP (VBZ is) (VP (VBN scheduled)"
    " (PP (IN on) (NP (DT the) (NN issue))) (NP-TMP (NN today)))))"
)


def test_the_native_tree_by_hand():
    mft = to_mft(NATIVE)
    assert mft == MultiFunctionTree(
        {
            (0, 8): {"root"},
            (0, 1): {"det"},
            frozenset({0, 1, 4, 5, 6}): {"nsubj"},
            (1, 2): {"hd"},
            (2, 3): {"aux"},
            (3, 4): {"hd"},
            (4, 5): {"case"},
            (4, 7): {"nmod"},
            (5, 6): {"det"},
            (6, 7): {"hd"},
            (7, 8): {"obl"},
        },
        WORDS,
    )
    assert mft.labels((0, 2, 4, 7)) == {"nsubj"}
    assert (len(mft.labeled_items()), len(mft.unlabeled_items())) == (11, 10)
    assert mft.to_bracketed() == (
        "(root (nsubj (det 0=A) (hd 1=hearing) (nmod (case 4=on) (det 5=the) (hd 6=issue)))"
        " (aux 2=is) (hd 3=scheduled) (obl 7=today))"
    )


def test_native_against_projectivized_by_hand():
    # Only the subject differs: nsubj over (0,2)+(4,7) natively, over (0,2) lifted.
    # Labeled: delete one item, add one: δ = 2, ι = 11 + 11. Unlabeled: 2 of 10 + 10.
    labeled, unlabeled = TedEvalEvaluator([LIFTED], [NATIVE]).eval()
    assert labeled.totals == {"delta_labeled": 2, "iota_labeled": 22}
    assert unlabeled.totals == {"delta_unlabeled": 2, "iota_unlabeled": 20}
    assert float(labeled) == pytest.approx(1 - 2 / 22)
    assert float(unlabeled) == pytest.approx(0.9)
    # Lifting both sides hides the difference.
    assert TedEvalEvaluator([LIFTED], [NATIVE], projectivize=True).eval() == (1.0, 1.0)
    assert "proj:native" in str(labeled.signature)


def test_cross_theory_overlap_with_a_constituency_gold_by_hand():
    # Unlabeled items of the PTB tree, without the whole sentence: 13 spans;
    # (0,2), (2,8), (3,8) and (5,7) have no dependency counterpart. The native UD
    # tree's (0,2)+(4,7) has none in PTB: δ = 4 + 1 = 5, ι = 13 + 10 = 23. Lifted,
    # the subject becomes (0,2), which PTB has: δ = 3.
    for graph, delta in ((NATIVE, 5), (LIFTED, 3)):
        cross = CrossFrameworkEvaluator(
            [Experiment("ptb", None, [CONSTITUENCY]), Experiment("ud", None, [graph])]
        )
        labeled, unlabeled = cross.overlap("ptb", "ud")
        assert unlabeled.totals == {"delta_unlabeled": delta, "iota_unlabeled": 23}
        assert float(unlabeled) == pytest.approx(1 - delta / 23)
        # PTB's SBJ and TMP share no label with UD: 2 + 11 items, all edited.
        assert labeled.totals == {"delta_labeled": 13, "iota_labeled": 13}


# "Darüber muss nachgedacht werden": a Negra/Tiger-style VP (OC) over words 0
# and 2, and a contiguous analysis that leaves "Darüber" (MO) outside it.
DISC = MultiFunctionTree(
    {(0, 4): set(), (0, 1): {"MO"}, frozenset({0, 2}): {"OC"}, (1, 2): (), (2, 3): (), (3, 4): ()},
    ("Darüber", "muss", "nachgedacht", "werden"),
)
CONTIG = MultiFunctionTree(
    {(0, 4): set(), (0, 1): {"MO"}, (1, 2): (), (2, 3): {"OC"}, (3, 4): ()},
    ("Darüber", "muss", "nachgedacht", "werden"),
)


def test_a_discontinuous_constituent_against_a_contiguous_one_by_hand():
    # SINGLE, CONTIG as parse against DISC: unlabeled adds (0,1)+(2,3): δ/ι = 1/9;
    # labeled deletes OC(2,3) and adds OC(0,1)+(2,3): δ/ι = 2/4.
    assert span_counts(CONTIG, DISC, DISC, labeled=False) == (1, 9)
    assert span_counts(CONTIG, DISC, DISC, labeled=True) == (2, 4)
    # MULTIPLE: the reference DISC ⊓ CONTIG has the four words, MO over "Darüber"
    # and no OC. Each tree against its own gold: its convention is not charged.
    ref = generalize(DISC, CONTIG)
    assert ref == MultiFunctionTree(
        {(0, 4): (), (0, 1): {"MO"}, (1, 2): (), (2, 3): (), (3, 4): ()}, DISC.words
    )
    assert span_counts(DISC, DISC, ref, labeled=False) == (0, 9)
    assert span_counts(DISC, DISC, ref, labeled=True) == (0, 3)
    assert span_counts(CONTIG, CONTIG, ref, labeled=True) == (0, 3)
    # CONTIG as a parse of DISC's theory: OC(2,3) is deleted, which DISC's own
    # script to the reference does not do: δ/ι = 1/3.
    assert span_counts(CONTIG, DISC, ref, labeled=True) == (1, 3)
    assert span_counts(CONTIG, DISC, ref, labeled=False) == (0, 8)


def test_unification_and_tl_unification_of_yields_with_gaps():
    # (0,1)+(2,3) and (2,4)... share position 2 and neither contains the other.
    with pytest.raises(UnificationError, match=r"\(0,1\)\+\(2,3\).*crosses|crosses.*\(0,1\)\+"):
        unify(DISC, MultiFunctionTree({(2, 4): {"X"}}, DISC.words))
    both = unify(DISC, MultiFunctionTree({frozenset({0, 2}): {"Y"}, (0, 4): {"S"}}, DISC.words))
    assert both.labels((0, 1, 2, 3)) == {"OC", "Y"} and both.labels((0, 4)) == {"S"}


def test_the_apted_engine_refuses_gaps_and_names_the_file_and_node(tmp_path):
    from nltk_tedeval.cli import main

    lines = [
        "\t".join([str(i), w, "_", "X", "X", "_", str(h), r, "_", "_"])
        for i, (w, h, r) in enumerate(zip(WORDS, NATIVE.heads, NATIVE.rels, strict=True), 1)
    ]
    path = tmp_path / "np.conllu"
    path.write_text("\n".join(lines) + "\n\n", encoding="utf-8")
    assert main(["score", str(path), str(path)]) == 0
    with pytest.raises(OptionError) as info:
        TedEvalEvaluator([NATIVE], [NATIVE], engine="apted").eval()
    assert info.value.token == "(0,2)+(4,7)"
    assert "'A hearing … on the issue'" in str(info.value)
    # Lifted, both engines give the same numbers.
    for engine in ("span", "apted"):
        scores = TedEvalEvaluator([LIFTED], [NATIVE], projectivize=True, engine=engine).eval()
        assert [s.totals for s in scores] == [
            {"delta_labeled": 0, "iota_labeled": 22},
            {"delta_unlabeled": 0, "iota_unlabeled": 20},
        ]


def test_explain_marks_the_gapped_items():
    e = explain(LIFTED, NATIVE)
    assert sorted(e.deletions) == [("nsubj", 0, 2)]
    assert sorted(e.additions) == [("nsubj", 0, 2, 4, 7)]
    text = e.text(drawing="brackets")
    assert '+ nsubj (0,2)+(4,7) "A hearing … on the issue"' in text
    assert '- nsubj (0,2) "A hearing"' in text
    # The reference is drawn with its words' positions, the gapped node marked.
    assert (
        "(root (+nsubj (det 0=A) (hd 1=hearing) (nmod (case 4=on) (det 5=the) (hd 6=issue)))"
        " (aux 2=is) (hd 3=scheduled) (obl 7=today))"
    ) in text
    # nltk draws it as a tree with crossing branches: every word once, in order.
    drawn = e.text(drawing="tree").split("\n\n")[2]
    assert drawn.splitlines()[-1].split() == list(WORDS)
    assert e.svg() is None


# -- properties ----------------------------------------------------------------------------


def positions_of(span: Sequence[int]) -> frozenset[int]:
    return frozenset(p for i in range(0, len(span), 2) for p in range(span[i], span[i + 1]))


@st.composite
def yields(draw: st.DrawFn, n: int = 7) -> frozenset[int]:
    return frozenset(draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=n)))


@given(st.lists(yields(), max_size=6))
def test_crossing_pair_finds_a_crossing_exactly_when_two_yields_cross(family):
    family = list(dict.fromkeys(family))
    crossing = [
        (a, b) for a, b in itertools.combinations(family, 2) if a & b and not (a <= b or b <= a)
    ]
    found = crossing_pair(span_of(y) for y in family)
    if not crossing:
        assert found is None
    else:
        assert found is not None
        a, b = (positions_of(s) for s in found)
        assert a & b and not (a <= b or b <= a)


@given(yields(12))
def test_spans_and_positions_round_trip(ys):
    span = span_of(ys)
    assert frozenset(span_positions(span)) == ys == positions_of(span)
    assert list(span) == sorted(span) and len(set(span)) == len(span)
    assert MultiFunctionTree({ys: {"x"}}, 12).labels(span) == {"x"}


@st.composite
def trees(draw: st.DrawFn, n: int) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Any dependency tree over n tokens: each token in a random order hangs from the
    root or from a token placed before it, so no cycle can form."""
    order = draw(st.permutations(range(1, n + 1)))
    heads = [0] * n
    for k, token in enumerate(order):
        heads[token - 1] = draw(st.sampled_from([0, *order[:k]])) if k else 0
    rels = tuple(draw(st.sampled_from(["a", "b"])) for _ in range(n))
    return tuple(heads), rels


def items_by_hand(heads: Sequence[int], rels: Sequence[str]) -> tuple[frozenset, frozenset]:
    """Labeled ``(label, positions)`` and unlabeled ``positions`` items, SPEC.md §3.1
    with every projection a set of positions (found by closure)."""
    n = len(heads)
    labeled, nodes = set(), set()
    for w in range(1, n + 1):
        proj = {w}
        while True:
            more = {d for d, h in enumerate(heads, 1) if h in proj and d not in proj}
            if not more:
                break
            proj |= more
        yield_ = frozenset(p - 1 for p in proj)
        nodes.add(yield_)
        labeled.add((rels[w - 1], yield_))
        if len(proj) > 1:
            nodes.add(frozenset({w - 1}))
            labeled.add(("hd", frozenset({w - 1})))
    return frozenset(labeled), frozenset(nodes - {frozenset(range(n))})


def common(a: Iterable, b: Iterable, labeled: bool) -> frozenset:
    """Generalization by hand: the items of both, whose node is in both trees."""
    a, b = frozenset(a), frozenset(b)
    if not labeled:
        return a & b
    yields_a = {y for _, y in a}
    yields_b = {y for _, y in b}
    return frozenset(i for i in a & b if i[1] in yields_a and i[1] in yields_b)


def node_of(item, labeled: bool) -> frozenset[int]:
    return item[1] if labeled else item


def laminar(state: frozenset, labeled: bool) -> bool:
    nodes = {node_of(i, labeled) for i in state}
    return all(not (a & b) or a <= b or b <= a for a, b in itertools.combinations(nodes, 2))


def shortest_scripts(x: frozenset, y: frozenset, universe: frozenset, labeled: bool):
    """The edit distance from x to y by breadth-first search over trees (every state a
    laminar family of items from ``universe``; one add or delete per step; terminals
    are never touched), and every operation that lies on some shortest path."""

    def bfs(start: frozenset) -> dict[frozenset, int]:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            state = queue.popleft()
            for item in universe:
                nxt = state - {item} if item in state else state | {item}
                if nxt not in dist and laminar(nxt, labeled):
                    dist[nxt] = dist[state] + 1
                    queue.append(nxt)
        return dist

    from_x, to_y = bfs(x), bfs(y)
    best = from_x[y]
    on_paths = set()
    for state, d in from_x.items():
        for item in universe:
            nxt = state - {item} if item in state else state | {item}
            if nxt in to_y and d + 1 + to_y[nxt] == best:
                on_paths.add(("delete" if item in state else "add", item))
    return best, frozenset(on_paths)


@settings(max_examples=examples(80), deadline=None)
@given(st.data(), st.integers(2, 5), st.booleans(), st.booleans())
def test_set_based_delta_is_the_edit_distance_without_moving_words(data, n, labeled, multi):
    parse, gold, other = (data.draw(trees(n)) for _ in range(3))
    p, g, o = (items_by_hand(*t)[0 if labeled else 1] for t in (parse, gold, other))
    e = common(g, o, labeled) if multi else g
    # A few items no tree has, so that detours are possible.
    extra = frozenset(
        data.draw(st.sets(yields(n), max_size=2))
        if not labeled
        else {("c", y) for y in data.draw(st.sets(yields(n), max_size=2))}
    ) - {frozenset(range(n)), ("c", frozenset(range(n)))}
    universe = p | g | e | extra
    dist_p, script_p = shortest_scripts(p, e, universe, labeled)
    dist_g, script_g = shortest_scripts(g, e, universe, labeled)
    # Unique optimal scripts: every shortest path uses the same operations.
    assert len(script_p) == dist_p == len(p ^ e)
    assert len(script_g) == dist_g == len(g ^ e)
    delta = len(script_p) - len(script_p & script_g)
    iota = len(p) + len(e)
    # The package on the same trees.
    words = tuple(f"w{i}" for i in range(n))
    mp, mg, mo = (to_mft(DependencyTree(words, *t)) for t in (parse, gold, other))
    reference = generalize(mg, mo) if multi else mg
    assert span_counts(mp, mg, reference, labeled=labeled) == (delta, iota)


@settings(max_examples=examples(100), deadline=None)
@given(st.data(), st.integers(1, 9))
def test_conversion_keeps_every_projection_as_it_is(data, n):
    heads, rels = data.draw(trees(n))
    labeled, unlabeled = items_by_hand(heads, rels)
    mft = to_mft(DependencyTree(tuple(f"w{i}" for i in range(n)), heads, rels))
    assert {(i[0], positions_of(i[1:])) for i in mft.labeled_items()} == labeled
    assert {positions_of(s) for s in mft.unlabeled_items()} == unlabeled
    tree = DependencyTree(tuple(f"w{i}" for i in range(n)), heads, rels)
    # A projective tree: exactly the contiguous spans of before.
    if tree.is_projective():
        assert tree.yields() == tree.projections() and mft.contiguous


def test_the_specs_pair_that_no_single_word_order_can_draw():
    """SPEC.md §5: x = {(0,1)+(2,3), (1,2)+(3,4)}, y = {(1,3), (0,1)+(3,4)} over four
    words. An ordered tree keeps each node's words next to each other; no order of
    the four words does so for both trees, so APTED would have to move a word."""
    x = MultiFunctionTree({frozenset({0, 2}): {"a"}, frozenset({1, 3}): {"b"}}, 4)
    y = MultiFunctionTree({(1, 3): {"c"}, frozenset({0, 3}): {"d"}}, 4)
    nodes = [set(positions_of(s)) for t in (x, y) for s in t.spans]

    def together(order: tuple[int, ...], node: set[int]) -> bool:
        places = sorted(order.index(p) for p in node)
        return places[-1] - places[0] + 1 == len(places)

    assert not any(
        all(together(order, node) for node in nodes) for order in itertools.permutations(range(4))
    )
    # The span engine has no order to find: delete both, add both.
    assert span_counts(x, y, y, labeled=False) == (4, 4)
    # The gold is converted first: its node is the one named.
    with pytest.raises(OptionError, match=r"here \(0,1\)\+\(3,4\) \('w0 … w3'\)"):
        TedEvalEvaluator([x], [y], engine="apted").eval()
