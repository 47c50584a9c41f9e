"""MPH brackets and scores: hand-worked examples, a second implementation, bad input.

The expected brackets were worked out by hand, following the order of
operations of :mod:`nltk_tedeval.metrics.mph`: remove empty elements and
punctuation, find heads (Collins 1999), keep the root and every constituent
whose head word differs from its parent's, then drop single-token spans and
the whole sentence. Comments give the reasoning. Spans are given in the
tree's own token positions, as :func:`mph_brackets` reports them.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk import Tree
from nltk.parse import DependencyGraph

from nltk_tedeval.errors import (
    NonProjectiveError,
    SentenceCountError,
    TreeStructureError,
    YieldMismatchError,
)
from nltk_tedeval.metrics.mph import PUNCT_TAGS, MPHEvaluator, mph_brackets
from nltk_tedeval.scoring.stats import Score
from nltk_tedeval.trees.dependency import DependencyTree
from nltk_tedeval.trees.headrules import head_dependencies

from .conftest import examples


def dg(rows: list[tuple[str, str, int]], rel: str = "dep") -> DependencyGraph:
    """A DependencyGraph from (word, XPOS, head) rows, CoNLL-X style."""
    lines = [
        f"{i}\t{w}\t_\t_\t{tag}\t_\t{h}\t{'root' if h == 0 else rel}\t_\t_"
        for i, (w, tag, h) in enumerate(rows, start=1)
    ]
    return DependencyGraph("\n".join(lines), top_relation_label="root")


# "Mary , my friend , said the cat slept ."
#  0    1 2  3      4 5    6   7   8     9
GOLD_TREE = Tree.fromstring(
    "(TOP (S (NP-SBJ (NP (NNP Mary)) (, ,) (NP (PRP$ my) (NN friend)) (, ,))"
    " (VP (VBD said) (SBAR (-NONE- 0) (S (NP-SBJ (DT the) (NN cat)) (VP (VBD slept)))))"
    " (. .)))"
)

# The same sentence as a Universal Dependencies tree: the appositive's commas
# attach to "friend".
GOLD_DEP = dg(
    [
        ("Mary", "NNP", 6),
        (",", ",", 4),
        ("my", "PRP$", 4),
        ("friend", "NN", 1),
        (",", ",", 4),
        ("said", "VBD", 0),
        ("the", "DT", 8),
        ("cat", "NN", 9),
        ("slept", "VBD", 6),
        (".", ".", 6),
    ]
)


# -- one tree's brackets -------------------------------------------------------


def test_constituency_brackets_by_hand() -> None:
    # Punctuation (tokens 1, 4, 9) and the empty complementizer go first,
    # leaving Mary my friend said the cat slept (7 tokens).
    # Heads: NP-SBJ -> leftmost NP (NP rule, step 2) -> Mary; NP my friend ->
    # friend; S and VP -> said; SBAR -> S -> VP -> slept; NP the cat -> cat.
    # Maximal projections with more than one token, not the whole sentence:
    #   NP-SBJ  "Mary , my friend"  (Mary != said)
    #   NP      "my friend"         (friend != Mary)
    #   SBAR/S  "the cat slept"     (slept != said; S shares SBAR's head and
    #                                span, a unary chain counted once)
    #   NP-SBJ  "the cat"           (cat != slept)
    # Without punctuation removal NP-SBJ would also cover the second comma.
    assert mph_brackets(GOLD_TREE) == {(0, 4), (2, 4), (6, 9), (6, 8)}


def test_constituency_brackets_keeping_punctuation() -> None:
    # The commas are now words of NP-SBJ (span 0-5); each comma and the
    # period are single-token maximal projections and are dropped.
    assert mph_brackets(GOLD_TREE, punct_tags=()) == {(0, 5), (2, 4), (6, 9), (6, 8)}


def test_unary_chain_after_punctuation_removal_counts_once() -> None:
    # (NP (NP big dogs) ,) becomes a unary chain NP over NP: one bracket.
    t = Tree.fromstring(
        "(S (NP (NP (JJ big) (NNS dogs)) (, ,)) (VP (VBD barked) (ADVP (RB loudly))))"
    )
    # NP "big dogs" (head dogs != barked); VP has S's head; the rest is single.
    assert mph_brackets(t) == {(0, 2)}
    # With the comma kept: outer NP 0-3 is maximal, inner NP shares its head.
    assert mph_brackets(t, punct_tags=()) == {(0, 3)}


def test_dependency_brackets_by_hand() -> None:
    # Without punctuation the projections are: Mary = Mary my friend;
    # friend = my friend; cat = the cat; slept = the cat slept; said = all.
    # Reported tight around the kept tokens, they equal the constituency ones.
    assert mph_brackets(GOLD_DEP) == {(0, 4), (2, 4), (6, 8), (6, 9)}
    # With punctuation: Mary's projection is tokens 0-4 (commas under
    # "friend"), friend's 1-4.
    assert mph_brackets(GOLD_DEP, punct_tags=()) == {(0, 5), (1, 5), (6, 8), (6, 9)}


def test_user_head_rules_change_the_brackets() -> None:
    t = Tree.fromstring("(VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat))))")
    # Collins: PP headed by "on", NP by "mat": both maximal.
    assert mph_brackets(t) == {(1, 4), (2, 4)}
    # Determiners head NPs and NPs head PPs: the NP shares the PP's head
    # "the", so only the PP is maximal.
    table = "VP left VBD\nNP left DT\nPP right NP\n"
    assert mph_brackets(t, head_rules=table) == {(1, 4)}
    mapping = {"VP": ("left", "VBD"), "NP": ("left", "DT"), "PP": ("right", "NP")}
    assert mph_brackets(t, head_rules=mapping) == {(1, 4)}


def test_coordination_moves_the_head_to_the_first_conjunct() -> None:
    # "the cats and dog slept". Inner NP "the cats": rightmost noun, cats.
    # Outer NP [NP CC NN]: the NP rule picks the rightmost noun, "dog" (child
    # 3), but a CC that is not the first child precedes it, so the head moves
    # to the child before the CC, the inner NP: head word "cats". S: VP, slept.
    # Maximal: outer NP 0-4 (cats != slept); the inner NP shares its parent's
    # head word, so it is not. Without the coordination rule the outer NP
    # would be headed by "dog" and the inner NP 0-2 would be maximal too.
    t = Tree.fromstring("(S (NP (NP (DT the) (NNS cats)) (CC and) (NN dog)) (VP (VBD slept)))")
    assert mph_brackets(t) == {(0, 4)}
    # "was a dog and very happy". VP: VBD, was. A UCP takes its rightmost
    # child, ADJP "very happy", moved back over the CC to NP "a dog": UCP 1-6
    # (dog != was) is maximal, NP 1-3 (dog, as its parent) is not, ADJP 4-6
    # (happy != dog) is. Without the rule: UCP 1-6 and NP 1-3, not ADJP.
    u = Tree.fromstring(
        "(S (VP (VBD was) (UCP (NP (DT a) (NN dog)) (CC and) (ADJP (RB very) (JJ happy)))))"
    )
    assert mph_brackets(u) == {(1, 6), (4, 6)}
    # "but saw a dog this morning": S takes its VP (child 2); the CC before
    # it is the first child, so the head stays. VP 1-4 shares S's head; the
    # NPs "a dog" 2-4 and "this morning" 4-6 are maximal.
    v = Tree.fromstring(
        "(S (CC but) (VP (VBD saw) (NP (DT a) (NN dog))) (NP-TMP (DT this) (NN morning)))"
    )
    assert mph_brackets(v) == {(2, 4), (4, 6)}


def test_short_and_all_punctuation_sentences_have_no_brackets() -> None:
    assert mph_brackets(Tree.fromstring("(S (NN Help))")) == frozenset()
    assert mph_brackets(Tree.fromstring("(S (NP (NN Stop)) (. !))")) == frozenset()
    assert mph_brackets(Tree.fromstring("(S (, ,) (. .))")) == frozenset()
    assert mph_brackets(dg([("--", ":", 0), (".", ".", 1)])) == frozenset()


# -- scores ----------------------------------------------------------------------

# Sentence 1: a dependency parse against the constituency gold above. It
# attaches "friend" and "cat" to "said": projections friend = my friend,
# cat = the cat, Mary and slept single. Brackets {my friend, the cat}:
# matched 2, gold 4, test 2.
PARSE_DEP = dg(
    [
        ("Mary", "NNP", 6),
        (",", ",", 4),
        ("my", "PRP$", 4),
        ("friend", "NN", 6),
        (",", ",", 4),
        ("said", "VBD", 0),
        ("the", "DT", 8),
        ("cat", "NN", 6),
        ("slept", "VBD", 6),
        (".", ".", 6),
    ]
)
# Sentence 2: a constituency parse against dependency gold. Gold: on ->
# arrive, morning -> on, Sunday -> morning: brackets "on Sunday morning"
# (1-4) and "Sunday morning" (2-4). Parse: the inner VP shares the outer
# VP's head "arrive"; the PP "on Sunday" (1-3) is maximal; the rest single.
# matched 0, gold 2, test 1.
GOLD_DEP_2 = dg([("arrive", "VB", 0), ("on", "IN", 1), ("Sunday", "NNP", 4), ("morning", "NN", 2)])
PARSE_TREE_2 = Tree.fromstring(
    "(VP (VP (VB arrive) (PP (IN on) (NP (NNP Sunday)))) (NP-TMP (NN morning)))"
)


def test_cross_framework_scores_by_hand() -> None:
    ev = MPHEvaluator([PARSE_DEP, PARSE_TREE_2], [GOLD_TREE, GOLD_DEP_2])
    assert ev.stats.array.tolist() == [[2, 4, 2], [0, 2, 1]]
    p, r, f = ev.eval()
    # Totals: matched 2, gold 6, test 3.
    assert p == pytest.approx(2 / 3)
    assert r == pytest.approx(2 / 6)
    assert f == pytest.approx(2 * 2 / (6 + 3))
    assert all(isinstance(s, Score) for s in (p, r, f))
    assert p.totals == {"matched": 2, "gold": 6, "test": 3}
    # Macro F1: sentence 1 gives 4/6, sentence 2 gives 0.
    assert ev.score("F1", average="macro") == pytest.approx((2 / 3 + 0) / 2)


def test_swapping_sides_swaps_precision_and_recall() -> None:
    p, r, f = MPHEvaluator([GOLD_TREE, GOLD_DEP_2], [PARSE_DEP, PARSE_TREE_2]).eval()
    assert (p, r, f) == pytest.approx((2 / 6, 2 / 3, 4 / 9))


def test_gold_and_parse_in_either_framework_agree() -> None:
    # The UD tree and the bracketed tree of sentence 1 have the same MPH
    # brackets once punctuation is removed.
    for parsed, gold in [(GOLD_DEP, GOLD_TREE), (GOLD_TREE, GOLD_DEP), (GOLD_DEP, GOLD_DEP)]:
        assert [float(s) for s in MPHEvaluator([parsed], [gold]).eval()] == [1.0, 1.0, 1.0]


def test_gold_tags_decide_punctuation() -> None:
    # The parse tags "today" as "." but the gold calls it a noun, so it stays
    # in both trees. Gold NP "today old dogs" (0-3); parse NP "old dogs"
    # (1-3): no match. (Had "today" been dropped from both, both NPs would
    # be "old dogs" and match.)
    gold = Tree.fromstring("(S (NP (NN today) (JJ old) (NNS dogs)) (VP (VBP bark)))")
    parse = Tree.fromstring("(S (. today) (NP (JJ old) (NNS dogs)) (VP (VBP bark)))")
    assert MPHEvaluator([parse], [gold]).stats.array.tolist() == [[0, 1, 1]]
    # Where the gold has no tag (a dependency tree without XPOS and UPOS),
    # the parse's tag decides: "today" goes, and with it the only
    # non-projective arc (today -> dogs crosses bark). Gold brackets: dogs'
    # projection "old dogs"; parse: NP "old dogs". Kept, it would raise.
    untagged = dg([("old", "_", 2), ("dogs", "_", 3), ("bark", "_", 0), ("today", "_", 2)])
    parse_dot = Tree.fromstring("(S (NP (JJ old) (NNS dogs)) (VP (VBP bark)) (. today))")
    assert MPHEvaluator([parse_dot], [untagged]).stats.array.tolist() == [[1, 1, 1]]
    with pytest.raises(NonProjectiveError):
        MPHEvaluator([parse_dot], [untagged], punct_tags=()).eval()


def test_signature_and_options() -> None:
    ev = MPHEvaluator([GOLD_TREE], [GOLD_TREE])
    sig = str(ev.signature)
    assert "metric:mph" in sig and "heads:collins1999" in sig and "punct:collins" in sig
    assert "proj:require" in sig
    ev2 = MPHEvaluator([GOLD_TREE], [GOLD_TREE], punct_tags=", .", head_rules="NP left DT\n")
    assert ev2.punct_tags == frozenset({",", "."})
    assert "punct:,+." in str(ev2.signature) and "heads:user-" in str(ev2.signature)
    assert "punct:none" in str(MPHEvaluator([], [], punct_tags=()).signature)
    assert frozenset({",", ":", "``", "''", "."}) == PUNCT_TAGS


def test_empty_corpus_and_no_brackets_give_nan() -> None:
    p, r, f = MPHEvaluator([Tree.fromstring("(S (NN Help))")], [dg([("Help", "NN", 0)])]).eval()
    assert math.isnan(p) and math.isnan(r) and math.isnan(f)


def test_escaped_brackets_match_raw_tokens() -> None:
    gold = Tree.fromstring("(S (NP (-LRB- -LRB-) (NN a) (-RRB- -RRB-)) (VP (VBZ is)))")
    parse = dg([("(", "-LRB-", 2), ("a", "NN", 4), (")", "-RRB-", 2), ("is", "VBZ", 0)])
    # Brackets are not punctuation here: gold NP 0-3 (head a); parse: a's
    # projection 0-3. Everything else single or whole.
    assert MPHEvaluator([parse], [gold]).stats.array.tolist() == [[1, 1, 1]]


# -- dependency trees: projectivity ----------------------------------------------

# a b c d with c -> a crossing b, which c does not dominate.
NONPROJ = dg([("a", "NN", 3), ("b", "VB", 0), ("c", "NN", 2), ("d", "NN", 2)])


def test_non_projective_tree_is_refused_naming_the_arc() -> None:
    with pytest.raises(NonProjectiveError) as info:
        mph_brackets(NONPROJ)
    assert "3 -> 1 (c -> a)" in str(info.value)
    gold = Tree.fromstring("(S (NP (NN a)) (VP (VB b) (NP (NN c) (NN d))))")
    with pytest.raises(NonProjectiveError) as info:
        MPHEvaluator([gold, NONPROJ], [gold, gold]).eval()
    assert info.value.sentence == 2
    assert "sentence 2: parse: non-projective arc 3 -> 1" in str(info.value)


def test_projectivize_lifts_and_counts() -> None:
    # Lifting c -> a to b -> a: every word depends on b, no brackets.
    assert mph_brackets(NONPROJ, projectivize=True) == frozenset()
    gold = Tree.fromstring("(S (NP (NN a)) (VP (VB b) (NP (NN c) (NN d))))")
    # Gold: VP 1-4 shares S's head b; NP "c d" (head d) is the only bracket.
    ev = MPHEvaluator([NONPROJ, gold], [gold, gold], projectivize=True)
    assert ev.stats.array.tolist() == [[0, 1, 0], [1, 1, 1]]
    assert ev.projectivized == 1
    assert "proj:lift" in str(ev.signature)


def test_non_projective_punctuation_is_removed_first() -> None:
    # The comma (token 2) hangs from token 4 across token 3: non-projective
    # only through punctuation, which is removed before projections.
    t = dg([("x", "NN", 0), (",", ",", 4), ("y", "NN", 1), ("z", "NN", 1)])
    assert mph_brackets(t) == frozenset()
    with pytest.raises(NonProjectiveError, match="4 -> 2"):
        mph_brackets(t, punct_tags=())


def test_dependents_of_punctuation_reattach_to_its_nearest_kept_ancestor() -> None:
    # "a b : c d": b and d depend on a, the colon on b, c on the colon.
    # Without the colon, c depends on b (the colon's head), so b's
    # projection is "b c", reported as tokens 1-4 ("b : c").
    t = dg([("a", "VB", 0), ("b", "NN", 1), (":", ":", 2), ("c", "NN", 3), ("d", "NN", 1)])
    assert mph_brackets(t) == {(1, 4)}
    # With the colon kept, b's projection is the same three tokens.
    assert mph_brackets(t, punct_tags=()) == {(1, 4), (2, 4)}


# -- bad input -------------------------------------------------------------------


def test_yield_mismatch_names_sentence_and_token() -> None:
    gold = Tree.fromstring("(S (NP (DT the) (NN dog)) (VP (VBD barked)))")
    parse = dg([("the", "DT", 2), ("cat", "NN", 3), ("barked", "VBD", 0)])
    with pytest.raises(YieldMismatchError) as info:
        MPHEvaluator([gold, parse], [gold, gold]).eval()
    assert info.value.sentence == 2
    assert "'dog'" in str(info.value) and "'cat'" in str(info.value)


def test_bad_objects_and_counts() -> None:
    gold = Tree.fromstring("(S (NN x))")
    with pytest.raises(TreeStructureError, match=r"sentence 1: parse: expected an nltk\.Tree"):
        MPHEvaluator([42], [gold]).eval()
    with pytest.raises(SentenceCountError):
        MPHEvaluator([gold], [gold, gold])
    with pytest.raises(TreeStructureError, match="sentence 1: gold: no words"):
        MPHEvaluator([gold], [Tree.fromstring("(S (-NONE- *))")]).eval()


# -- deep and long trees -----------------------------------------------------------


def test_deep_tree_against_its_dependency_chain() -> None:
    # (VP (VB w0) (VP (VB w1) ... (VP (VB wn-1)))): every VP is headed by its
    # verb, so each inner VP is maximal; spans i..n for i = 1..n-2. The chain
    # w_i -> w_(i-1) has the same projections.
    n = 2000
    tree = Tree("VP", [Tree("VB", [f"w{n - 1}"])])
    for i in range(n - 2, -1, -1):
        tree = Tree("VP", [Tree("VB", [f"w{i}"]), tree])
    expected = {(i, n) for i in range(1, n - 1)}
    assert mph_brackets(tree) == expected
    chain = DependencyTree(tuple(f"w{i}" for i in range(n)), tuple(range(n)))
    assert mph_brackets(chain) == expected
    p, r, f = MPHEvaluator([chain], [tree]).eval()
    assert (p, r, f) == (1.0, 1.0, 1.0)


# -- properties ------------------------------------------------------------------

PHRASES = ["S", "NP", "NP-SBJ", "VP", "PP", "ADJP", "ADVP", "SBAR", "UCP", "QP", "X"]
# POS, JJR and $ reach the later steps of Collins' NP rule; CC his coordination rule.
WORD_TAGS = [
    "NN", "NNS", "NNP", "VB", "VBD", "MD", "TO", "IN", "DT", "JJ", "CC", "RB", "CD", "POS", "JJR",
    "$",
]  # fmt: skip
ALL_TAGS = [*WORD_TAGS, ",", ".", ":"]


@st.composite
def bracketings(draw: st.DrawFn, tags: list[str]) -> Tree:
    """A random tree over words w0..wn-1 with the given tags."""
    nodes: list[Tree] = [Tree(t, [f"w{i}"]) for i, t in enumerate(tags)]
    budget = 3 * len(nodes)
    while len(nodes) > 1 and budget > 0:
        budget -= 1
        i = draw(st.integers(0, len(nodes) - 1))
        j = draw(st.integers(i + 1, len(nodes)))
        nodes[i:j] = [Tree(draw(st.sampled_from(PHRASES)), nodes[i:j])]
    return Tree(draw(st.sampled_from(PHRASES)), nodes)


@st.composite
def trees(draw: st.DrawFn, tagset: list[str] = ALL_TAGS) -> Tree:
    n = draw(st.integers(1, 12))
    return draw(bracketings(draw(st.lists(st.sampled_from(tagset), min_size=n, max_size=n))))


@st.composite
def tree_pairs(draw: st.DrawFn) -> tuple[Tree, Tree]:
    n = draw(st.integers(1, 12))
    tags = draw(st.lists(st.sampled_from(ALL_TAGS), min_size=n, max_size=n))
    return draw(bracketings(tags)), draw(bracketings(tags))


@st.composite
def differently_tagged_pairs(draw: st.DrawFn) -> tuple[Tree, Tree]:
    """(parse, gold) over the same words, bracketed and tagged independently."""
    n = draw(st.integers(1, 12))
    tag_lists = st.lists(st.sampled_from(ALL_TAGS), min_size=n, max_size=n)
    return draw(bracketings(draw(tag_lists))), draw(bracketings(draw(tag_lists)))


# Collins (1999), Appendix A, written out again for the categories the random
# trees use, so that the reference below shares no code and no table with
# nltk_tedeval.trees.headrules. Each entry: the side the scan starts from and the
# priority list; for each category in turn, the first child of that category
# from that side is the head; if no category occurs, the first child from
# that side. Categories not listed (X here) take the leftmost child.
COLLINS_TABLE: dict[str, tuple[str, tuple[str, ...]]] = {
    "ADJP": ("left", ("NNS", "QP", "NN", "$", "ADVP", "JJ", "VBN", "VBG", "ADJP", "JJR", "NP",
                      "JJS", "DT", "FW", "RBR", "RBS", "SBAR", "RB")),
    "ADVP": ("right", ("RB", "RBR", "RBS", "FW", "ADVP", "TO", "CD", "JJR", "JJ", "IN", "NP",
                       "JJS", "NN")),
    "PP": ("right", ("IN", "TO", "VBG", "VBN", "RP", "FW")),
    "QP": ("left", ("$", "IN", "NNS", "NN", "JJ", "RB", "DT", "CD", "NCD", "QP", "JJR", "JJS")),
    "S": ("left", ("TO", "IN", "VP", "S", "SBAR", "ADJP", "UCP", "NP")),
    "SBAR": ("left", ("WHNP", "WHPP", "WHADVP", "WHADJP", "IN", "DT", "S", "SQ", "SINV", "SBAR",
                      "FRAG")),
    "UCP": ("right", ()),
    "VP": ("left", ("TO", "VBD", "VBN", "MD", "VBZ", "VB", "VBG", "VBP", "VP", "ADJP", "NN",
                    "NNS", "NP")),
}  # fmt: skip


def collins_head(label: str, children: list[str]) -> int:
    """The head child of a ``label`` node, by Collins' rules, from scratch."""
    parent = label.split("-")[0]  # no label here begins with a dash
    kids = [c.split("-")[0] for c in children]
    n = len(kids)
    if n == 1:
        return 0
    from_right = list(range(n - 1, -1, -1))
    if parent == "NP":
        # The NP rule: by position, not by category, except for the NP step.
        def rightmost(*cats: str) -> int | None:
            return next((i for i in from_right if kids[i] in cats), None)

        steps = [
            rightmost("NN", "NNP", "NNPS", "NNS", "NX", "POS", "JJR"),
            kids.index("NP") if "NP" in kids else None,
            rightmost("$", "ADJP", "PRN"),
            rightmost("CD"),
            rightmost("JJ", "JJS", "RB", "QP"),
            n - 1,
        ]
        head = next(i for i in steps if i is not None)
    else:
        side, priority = COLLINS_TABLE.get(parent, ("left", ()))
        order = list(range(n)) if side == "left" else from_right
        found = [i for cat in priority for i in order if kids[i] == cat]
        head = found[0] if found else order[0]
    # Coordination: "Y CC Z" with Z chosen and the CC not the first child: Y.
    if head >= 2 and kids[head - 1] == "CC":
        head -= 2
    return head


def reference_mph(
    tree: Tree, dropped: frozenset[int], head: Callable[[str, list[str]], int] = collins_head
) -> set[tuple[int, int]]:
    """A second, recursive implementation of the definition, on small trees.

    ``dropped`` holds the token positions removed as punctuation.
    """

    def prune(t: Tree, start: int) -> tuple[Tree | None, int]:
        if isinstance(t[0], str):
            return (None if start in dropped else t), start + 1
        kids = []
        for c in t:
            kid, start = prune(c, start)
            if kid is not None:
                kids.append(kid)
        return (Tree(t.label(), kids) if kids else None), start

    spans: set[tuple[int, int]] = set()

    def walk(t: Tree, start: int) -> tuple[int, int]:
        if isinstance(t[0], str):
            return start + 1, start
        pos, info = start, []
        for c in t:
            end, h = walk(c, pos)
            info.append((pos, end, h))
            pos = end
        head_word = info[head(t.label(), [c.label() for c in t])][2]
        spans.update((s, e) for s, e, h in info if h != head_word)
        return pos, head_word

    pruned, _ = prune(tree, 0)
    if pruned is None:
        return set()
    n, _ = walk(pruned, 0)
    kept = [i for i in range(len(tree.leaves())) if i not in dropped]
    return {(kept[s], kept[e - 1] + 1) for s, e in spans if 1 < e - s < n}


def punctuation(tree: Tree, tags: frozenset[str] = PUNCT_TAGS) -> frozenset[int]:
    return frozenset(i for i, (_, tag) in enumerate(tree.pos()) if tag in tags)


def test_collins_head_reference_by_hand() -> None:
    # Hand cases for the reference itself, from Collins' rules.
    assert collins_head("VP", ["NP", "VBD", "VP"]) == 1  # VBD before VP in the list
    assert collins_head("PP", ["IN", "IN", "NP"]) == 1  # scanning from the right
    assert collins_head("S", ["NP-SBJ", "VP", "."]) == 1
    assert collins_head("NP", ["DT", "NN", "POS"]) == 2  # rightmost of NN ... POS
    assert collins_head("NP", ["NP", "CC", "NP"]) == 0  # leftmost NP
    assert collins_head("NP", ["CD", "JJ", "DT"]) == 0  # the CD step comes before JJ's
    assert collins_head("NP", ["JJ", "CD", "DT"]) == 1
    assert collins_head("NP", ["JJ", "$", "CD"]) == 1  # and the $ step before CD's
    assert collins_head("NP", ["DT", "RB"]) == 1
    assert collins_head("NP", ["DT", "DT"]) == 1  # finally the last child
    assert collins_head("NP", ["NN", "CC", "NN"]) == 0  # coordination: salt and pepper
    assert collins_head("VP", ["CC", "VB"]) == 1  # a first-child CC does not move it
    assert collins_head("X", ["NN", "VB"]) == 0
    assert collins_head("UCP", ["NN", "CC", "JJ"]) == 0  # rightmost, then coordination


@settings(max_examples=examples(500), deadline=None)
@given(trees())
def test_matches_the_recursive_reference(tree: Tree) -> None:
    assert mph_brackets(tree) == reference_mph(tree, punctuation(tree))
    assert mph_brackets(tree, punct_tags=()) == reference_mph(tree, frozenset())


@settings(deadline=None)
@given(trees(WORD_TAGS))
def test_head_dependencies_have_the_same_brackets(tree: Tree) -> None:
    # A dependency tree read off the head rules is the MPH tree's twin.
    words, tags = zip(*tree.pos(), strict=True)
    dep = DependencyTree(words, head_dependencies(tree), tags=tags)
    assert mph_brackets(dep) == mph_brackets(tree)


def expected_scores(matched: int, gold: int, test: int) -> tuple[float, float, float]:
    """P, R and F1 from counts, NaN where the denominator is 0 (SPEC.md §7)."""
    nan = float("nan")
    return (
        matched / test if test else nan,
        matched / gold if gold else nan,
        2 * matched / (gold + test) if gold + test else nan,
    )


def same(x: float, y: float) -> bool:
    return (math.isnan(x) and math.isnan(y)) or x == pytest.approx(y)


@settings(max_examples=examples(500), deadline=None)
@given(differently_tagged_pairs())
def test_counts_of_two_trees_match_the_reference(pair: tuple[Tree, Tree]) -> None:
    # Two unrelated trees over the same words: the reference brackets both,
    # removing the tokens the gold tags as punctuation from both (the gold
    # tree's tag decides, SPEC.md §7 "by POS, as in ParsEval").
    parse, gold = pair
    dropped = punctuation(gold)
    g = reference_mph(gold, dropped)
    t = reference_mph(parse, dropped)
    ev = MPHEvaluator([parse], [gold])
    assert ev.stats.array.tolist() == [[len(g & t), len(g), len(t)]]
    for got, want in zip(ev.eval(), expected_scores(len(g & t), len(g), len(t)), strict=True):
        assert same(got, want)
    # A tree against itself matches all of its own brackets.
    assert MPHEvaluator([gold], [gold]).stats.array.tolist() == [[len(g), len(g), len(g)]]


@settings(deadline=None)
@given(tree_pairs())
def test_swapping_sides_swaps_p_and_r(pair: tuple[Tree, Tree]) -> None:
    a, b = pair
    p_ab, r_ab, f_ab = MPHEvaluator([a], [b]).eval()
    p_ba, r_ba, f_ba = MPHEvaluator([b], [a]).eval()
    assert p_ab.totals["matched"] == p_ba.totals["matched"]
    for x, y in [(p_ab, r_ba), (r_ab, p_ba), (f_ab, f_ba)]:
        assert (math.isnan(x) and math.isnan(y)) or x == y
