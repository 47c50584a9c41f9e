"""Worked examples that pin exact numbers where a mutation audit found gaps.

Every expected value is derived by hand in the comment beside it, from the
definitions in docs/SPEC.md (§5 for TedEval, §7 for attachment and NED),
never read off the package's output. Each example is built so that one
specific wrong program gives a different number; the docstrings name it.
"""

from __future__ import annotations

import pytest

from nltk_tedeval import TedEvalEvaluator, to_mft
from nltk_tedeval.metrics.attachment import AttachmentEvaluator, RelationScore
from nltk_tedeval.protocol import sentence_stats
from nltk_tedeval.protocol.explain import explain
from nltk_tedeval.trees.dependency import DependencyTree
from nltk_tedeval.trees.mft import MultiFunctionTree
from nltk_tedeval.trees.operations import generalize, subsumes

ENGINES = ["span", "apted"]


def dep(words: str, heads: list[int], rels: str | None = None) -> DependencyTree:
    """A dependency tree from space-separated words and relations."""
    return DependencyTree(
        tuple(words.split()), tuple(heads), None if rels is None else tuple(rels.split())
    )


def attachment_counts(ev: AttachmentEvaluator) -> dict[str, int]:
    """The summed per-sentence columns: tokens scored and tokens right per measure."""
    names = ("tokens", "head", "label", "head_label", "undirected", "ned")
    return dict(zip(names, ev.stats.totals(names).tolist(), strict=True))


# -- attachment: which side decides punctuation (SPEC.md §7) -----------------------

# "-LRB- a -RRB-" is what a Penn Treebank file writes for "( a )". The yields
# are the same sentence (SPEC.md §1 compares tokens after undoing escapes),
# but only the raw brackets are punctuation: "-LRB-" is made of letters and
# dashes, "-" is Pd but "L", "R", "B" are letters, so is_punctuation is False.
# CoNLL-X eval.pl tests the gold FORM (``is_uni_punct($word)`` with $word
# read from the gold line), and the package documents the same choice.
ESCAPED = "-LRB- a -RRB-"
RAW = "( a )"
# Both trees: "a" is the root, the opening bracket hangs from "a". The gold
# hangs the closing bracket from "a" too; the parse hangs it from "(".
GOLD_HEADS = [2, 0, 2]
PARSE_HEADS = [2, 0, 1]
RELS = "punct root punct"


def test_punctuation_is_decided_by_the_gold_token_escaped_gold() -> None:
    """Gold tokens escaped, parse tokens raw, punct="exclude".

    Gold decides: no gold token is all punctuation, so all 3 tokens count.
    Heads right: "(" (2 = 2) and "a" (0 = 0); ")" is wrong (1, gold 2).
    Labels all right. UAS = LAS = 2/3, LA = 3/3, 0 tokens excluded.
    Deciding on the parse tokens instead would drop "(" and ")" and score
    "a" alone: UAS 1/1 with 2 tokens excluded.
    """
    gold = dep(ESCAPED, GOLD_HEADS, RELS)
    parse = dep(RAW, PARSE_HEADS, RELS)
    ev = AttachmentEvaluator([parse], [gold], punct="exclude")
    assert ev.excluded_tokens == 0
    assert attachment_counts(ev) == {
        "tokens": 3,
        "head": 2,
        "label": 3,
        "head_label": 2,
        # ")" under "(": "(" is no gold child of ")" (it hangs from "a"), and
        # the gold grandparent of ")" is the root, so it is wrong under both.
        "undirected": 2,
        "ned": 2,
    }
    las, uas = ev.eval()
    assert (float(las), float(uas)) == (2 / 3, 2 / 3)


def test_punctuation_is_decided_by_the_gold_token_raw_gold() -> None:
    """The mirror case: gold tokens raw, parse tokens escaped, punct="exclude".

    Gold "(" and ")" are punctuation (Ps, Pe) and go, whatever the parse
    writes: 1 token ("a", head right, label right), 2 excluded, UAS = LAS = 1.
    Deciding on the parse tokens would keep all 3 and give UAS 2/3.
    """
    gold = dep(RAW, GOLD_HEADS, RELS)
    parse = dep(ESCAPED, PARSE_HEADS, RELS)
    ev = AttachmentEvaluator([parse], [gold], punct="exclude")
    assert ev.excluded_tokens == 2
    assert attachment_counts(ev) == {
        "tokens": 1,
        "head": 1,
        "label": 1,
        "head_label": 1,
        "undirected": 1,
        "ned": 1,
    }
    las, uas = ev.eval()
    assert (float(las), float(uas)) == (1.0, 1.0)
    # With punctuation included nothing is left out, whichever side is raw:
    # 3 tokens, ")" has the wrong head, 2/3.
    for g, p in ((RAW, ESCAPED), (ESCAPED, RAW)):
        ev = AttachmentEvaluator([dep(p, PARSE_HEADS, RELS)], [dep(g, GOLD_HEADS, RELS)])
        assert ev.excluded_tokens == 0
        assert float(ev.score("UAS")) == 2 / 3


# -- attachment: the root in UNDIRECTED and NED (Schwartz et al. 2011, §5) ----------

# A gold chain a <- b <- c <- d: a hangs from the root, b from a, c from b, d
# from c. Gold heads (1-based, 0 = root): [0, 1, 2, 3]. Gold children: a {b},
# b {c}, c {d}, d {}. Gold grandparents: a none (its head is the root, which
# has no head), b the root, c a, d b. The last token's gold head is c (3):
# a program that looks up "the gold head of the root" as gold_heads[0 - 1]
# reads d's head instead, so these examples put c where that would matter.
CHAIN = dep("a b c d", [0, 1, 2, 3])


def test_ned_token_whose_gold_head_is_the_root_has_no_grandparent() -> None:
    """The guard ``g != 0`` in NED's grandparent test (attachment.py).

    Parse: b is the root, c hangs from b, a and d from c: heads [3, 0, 2, 3].
    - a: predicted c, gold head the root. Not the gold head; c is no gold
      child of a (a's only child is b); a has no gold grandparent. Wrong on
      all three. (Without the guard, the grandparent lookup for head 0 reads
      gold_heads[-1] = 3, d's head, equal to the prediction: NED right.)
    - b: predicted the root, gold a. Wrong head; the root is nobody's child;
      but the root is b's gold grandparent: NED right.
    - c: predicted b = gold head. d: predicted c = gold head.
    UAS 2/4, UNDIRECTED 2/4, NED 3/4 (the mutant gives NED 4/4).
    """
    ev = AttachmentEvaluator([dep("a b c d", [3, 0, 2, 3])], [CHAIN])
    counts = attachment_counts(ev)
    assert (counts["tokens"], counts["head"], counts["undirected"], counts["ned"]) == (4, 2, 2, 3)
    assert float(ev.score("UAS")) == 2 / 4
    assert float(ev.score("UNDIRECTED")) == 2 / 4
    assert float(ev.score("NED")) == 3 / 4


def test_undirected_the_root_is_nobodys_gold_child() -> None:
    """The guard ``p != 0`` in UNDIRECTED's gold-child test (attachment.py).

    Parse: only c changes, it hangs from the root: heads [0, 1, 0, 3].
    - a, b, d: predicted = gold head.
    - c: predicted the root, gold b. The root is not a gold child of c (it
      is nobody's child) and c's gold grandparent is a, not the root: wrong
      under all three. (Without the guard, the child test for predicted head
      0 reads gold_heads[-1] = 3 = c itself: UNDIRECTED and NED right.)
    UAS 3/4, UNDIRECTED 3/4, NED 3/4 (the mutant gives 4/4 for both).
    """
    ev = AttachmentEvaluator([dep("a b c d", [0, 1, 0, 3])], [CHAIN])
    counts = attachment_counts(ev)
    assert (counts["tokens"], counts["head"], counts["undirected"], counts["ned"]) == (4, 3, 3, 3)
    assert float(ev.score("UNDIRECTED")) == 3 / 4
    assert float(ev.score("NED")) == 3 / 4


# -- attachment: relation subtypes (SPEC.md §3.1, §7) -------------------------------

# "It was approved by them", UD style with subtypes.
PASSIVE = "It was approved by them"
# Gold: It -nsubj:pass-> approved, was -aux:pass-> approved, approved root,
# by -case-> them, them -obl:agent-> approved.
PASSIVE_GOLD = dep(PASSIVE, [3, 3, 0, 5, 3], "nsubj:pass aux:pass root case obl:agent")
# Parse: a different subtype (nsubj:outer), a missing one (aux), a third
# subtype of the same base (obl:tmod), and "them" under "was" (head wrong).
PASSIVE_PARSE = dep(PASSIVE, [3, 3, 0, 5, 2], "nsubj:outer aux root case obl:tmod")


def test_subtypes_kept_are_different_relations() -> None:
    """strip_subtypes=False: "nsubj:outer" is not "nsubj:pass", "aux" is not "aux:pass".

    Heads right: It, was, approved, by (4 of 5; them is under was, gold approved).
    Labels right: approved (root), by (case): 2. Both: the same 2.
    Per relation (gold, predicted, label right, head+label right): each gold
    subtype once, never predicted; each predicted one once, never gold.
    """
    ev = AttachmentEvaluator([PASSIVE_PARSE], [PASSIVE_GOLD])
    assert attachment_counts(ev)["tokens"] == 5
    assert (float(ev.score("UAS")), float(ev.score("LA")), float(ev.score("LAS"))) == (
        4 / 5,
        2 / 5,
        2 / 5,
    )
    assert ev.relation_scores() == {
        "aux": RelationScore("aux", 0, 1, 0, 0),
        "aux:pass": RelationScore("aux:pass", 1, 0, 0, 0),
        "case": RelationScore("case", 1, 1, 1, 1),
        "nsubj:outer": RelationScore("nsubj:outer", 0, 1, 0, 0),
        "nsubj:pass": RelationScore("nsubj:pass", 1, 0, 0, 0),
        "obl:agent": RelationScore("obl:agent", 1, 0, 0, 0),
        "obl:tmod": RelationScore("obl:tmod", 0, 1, 0, 0),
        "root": RelationScore("root", 1, 1, 1, 1),
    }


def test_subtypes_stripped_on_both_sides() -> None:
    """strip_subtypes=True compares the part before the first colon, on both sides.

    It: nsubj = nsubj (two different subtypes meet); was: aux = aux (only the
    gold had a subtype); them: obl = obl (two different subtypes), head
    still wrong. Labels right 5/5; both right It, was, approved, by: 4/5.
    UAS unchanged, 4/5. Per relation, obl is gold once, predicted once, label
    right once, head+label right never.
    """
    ev = AttachmentEvaluator([PASSIVE_PARSE], [PASSIVE_GOLD], strip_subtypes=True)
    assert (float(ev.score("UAS")), float(ev.score("LA")), float(ev.score("LAS"))) == (
        4 / 5,
        5 / 5,
        4 / 5,
    )
    assert ev.relation_scores() == {
        "aux": RelationScore("aux", 1, 1, 1, 1),
        "case": RelationScore("case", 1, 1, 1, 1),
        "nsubj": RelationScore("nsubj", 1, 1, 1, 1),
        "obl": RelationScore("obl", 1, 1, 1, 0),
        "root": RelationScore("root", 1, 1, 1, 1),
    }


# -- TedEval δ and ι in MULTIPLE (SPEC.md §5) ----------------------------------------

# "earth wind and fire", SPEC.md §4: two coordination theories.
COORD = "earth wind and fire"
# Flat (native theory of the parse): wind, and, fire all under earth.
#   earth root, span (0,4) {root}, and hd over its own token (0,1);
#   wind (1,2) {conj}; and (2,3) {cc}; fire (3,4) {conj}.
FLAT = dep(COORD, [0, 1, 1, 1], "root conj cc conj")
# Chained: wind under earth, and under wind, fire under and.
#   earth (0,4) {root}, (0,1) {hd}; wind (1,4) {coord}, (1,2) {hd};
#   and (2,4) {coord}, (2,3) {hd}; fire (3,4) {conj}.
CHAINED = dep(COORD, [0, 1, 2, 3], "root coord coord conj")
# The reference e = FLAT ⊓ CHAINED keeps the common spans (0,4) (0,1) (1,2)
# (2,3) (3,4) with the common labels: {root}, {hd}, {}, {}, {conj} (SPEC.md §4).
# The parse hangs "and" from "fire" instead of "earth":
#   earth (0,4) {root}, (0,1) {hd}; wind (1,2) {conj};
#   fire (2,4) {conj}, (3,4) {hd}; and (2,3) {cc}.
COORD_PARSE = dep(COORD, [0, 1, 4, 1], "root conj cc conj")

# Labeled items, written (label, span):
#   p = root04 hd01 conj12 conj24 cc23 hd34          |p| = 6
#   g = root04 hd01 conj12 cc23 conj34               |g| = 5
#   e = root04 hd01 conj34                           |e| = 3
#   p − e = {conj12, conj24, cc23, hd34}             4 deletions
#   e − p = {conj34}                                 1 addition
#   (p ∩ g) − e = {conj12, cc23}: the gold deletes them too, not charged: 2
#   (e − p) − g = {}: the gold has conj34, so it is no shared addition: 0
#   δ_L = 4 + 1 − 2 − 0 = 3,  ι_L = |p| + |e| = 9
# Unlabeled items (spans but the whole sentence (0,4)):
#   p = 01 12 24 23 34,  g = e = 01 12 23 34
#   p − e = {24}, e − p = {}, nothing shared: δ_U = 1,  ι_U = 5 + 4 = 9
COORD_MULTIPLE = (3, 9, 1, 9)
# SINGLE, for contrast (reference = g): labeled p − g = {conj24, hd34},
# g − p = {conj34}: δ = 3, ι = 6 + 5 = 11; unlabeled δ = 1, ι = 5 + 4 = 9.
COORD_SINGLE = (3, 11, 1, 9)

# The SPEC's own "arrive on Sunday" MULTIPLE row: δ/ι 1/6 labeled, 1/7 unlabeled.
ARRIVE = "arrive on Sunday"
ARRIVE_GOLD1 = dep(ARRIVE, [0, 1, 2], "root prep pobj")
ARRIVE_GOLD2 = dep(ARRIVE, [0, 3, 1], "root case tmod")
ARRIVE_PARSE = dep(ARRIVE, [0, 1, 1], "root prep pobj")
ARRIVE_MULTIPLE = (1, 6, 1, 7)


@pytest.mark.parametrize("engine", ENGINES)
def test_multiple_coordination_by_hand(engine: str) -> None:
    """A MULTIPLE sentence where the gold's own deletions are not charged.

    The shared-deletion term |(p ∩ g) − e| is 2 here; dropping it gives
    δ_L = 5. The shared-addition term |(e − p) − g| is 0 in every MULTIPLE
    sentence: e is a generalization that includes g, so e ⊑ g and e − g is
    empty (checked below); that term needs a reference the gold does not
    subsume, see test_reference_the_gold_does_not_subsume_by_hand.
    """
    reference = generalize(to_mft(FLAT), to_mft(CHAINED))
    assert reference == MultiFunctionTree(
        {(0, 4): {"root"}, (0, 1): {"hd"}, (1, 2): (), (2, 3): (), (3, 4): {"conj"}},
        tuple(COORD.split()),
    )
    assert subsumes(reference, to_mft(FLAT))
    ev = TedEvalEvaluator(
        [COORD_PARSE, ARRIVE_PARSE],
        [FLAT, ARRIVE_GOLD1],
        other_golds=[[CHAINED, ARRIVE_GOLD2]],
        engine=engine,
    )
    rows = [
        (r.delta_labeled, r.iota_labeled, r.delta_unlabeled, r.iota_unlabeled)
        for r in ev.sentence_results()
    ]
    assert rows == [COORD_MULTIPLE, ARRIVE_MULTIPLE]
    # Corpus (micro): labeled 1 − (3 + 1)/(9 + 6) = 11/15, unlabeled
    # 1 − (1 + 1)/(9 + 7) = 7/8.
    labeled, unlabeled = ev.eval()
    assert labeled.totals == {"delta_labeled": 4, "iota_labeled": 15}
    assert unlabeled.totals == {"delta_unlabeled": 2, "iota_unlabeled": 16}
    assert float(labeled) == pytest.approx(11 / 15)
    assert float(unlabeled) == pytest.approx(7 / 8)
    # Macro: labeled (1 − 3/9 + 1 − 1/6)/2 = (2/3 + 5/6)/2 = 3/4;
    # unlabeled (8/9 + 6/7)/2 = 55/63.
    macro_l, macro_u = ev.macro()
    assert float(macro_l) == pytest.approx(3 / 4)
    assert float(macro_u) == pytest.approx(55 / 63)
    # SINGLE over the same two sentences: (3, 11, 1, 9) and the SPEC's
    # (3, 9, 1, 7); labeled 1 − 6/20 = 0.7, unlabeled 1 − 2/16 = 7/8.
    single = TedEvalEvaluator([COORD_PARSE, ARRIVE_PARSE], [FLAT, ARRIVE_GOLD1], engine=engine)
    assert [
        (r.delta_labeled, r.iota_labeled, r.delta_unlabeled, r.iota_unlabeled)
        for r in single.sentence_results()
    ] == [COORD_SINGLE, (3, 9, 1, 7)]
    assert [float(s) for s in single.eval()] == pytest.approx([0.7, 7 / 8])


# -- TedEval δ against a reference the gold does not subsume --------------------------

WORDS4 = ("a", "b", "c", "d")
# Built so that every term of δ = |p−e| + |e−p| − |(p∩g)−e| − |(e−p)−g|
# (SPEC.md §5: |ES(p,e)| − |ES(p,e) ∩ ES(g,e)|) has a part to play, and e has
# an item, V(2,3), that neither p nor g has: both must add it, so it is a
# shared addition and is not charged.
G4 = MultiFunctionTree({(0, 4): {"S"}, (0, 2): {"NP"}, (0, 1): {"A"}, (2, 4): {"VP"}}, WORDS4)
P4 = MultiFunctionTree({(0, 4): {"S"}, (0, 2): {"NP"}, (0, 1): {"B"}, (2, 4): {"XP"}}, WORDS4)
E4 = MultiFunctionTree({(0, 4): {"S"}, (0, 2): {"NP"}, (2, 4): {"VP"}, (2, 3): {"V"}}, WORDS4)


@pytest.mark.parametrize("engine", ENGINES)
def test_reference_the_gold_does_not_subsume_by_hand(engine: str) -> None:
    """δ with shared additions: the |(e − p) − g| term of engine_span.py.

    Labeled items:
      p = S04 NP02 B01 XP24,  g = S04 NP02 A01 VP24,  e = S04 NP02 VP24 V23
      ES(p,e): delete B01, XP24; add VP24, V23             |ES(p,e)| = 4
      ES(g,e): delete A01; add V23
      shared: add V23 (p ∩ g − e = {} shares no deletion)  1
      δ_L = 4 − 1 = 3,  ι_L = 4 + 4 = 8,  score 5/8
    Unlabeled items (spans but (0,4)):
      p = 02 01 24,  g = 02 01 24,  e = 02 24 23
      ES(p,e): delete 01; add 23.  ES(g,e): the same two.  shared 2
      δ_U = 2 − 2 = 0,  ι_U = 3 + 3 = 6,  score 1
    Without the shared-addition term: δ_L = 4 and δ_U = 1.
    """
    assert not subsumes(E4, G4) and not subsumes(G4, E4)
    assert sentence_stats(P4, G4, E4, engine=engine) == (3, 8, 0, 6)


def test_reference_the_gold_does_not_subsume_explained() -> None:
    # The explanation names the same operations as the hand derivation above.
    lab = explain(P4, G4, E4)
    assert lab.deletions == {("B", 0, 1), ("XP", 2, 4)}
    assert lab.additions == {("VP", 2, 4), ("V", 2, 3)}
    assert lab.uncharged_additions == {("V", 2, 3)}
    assert lab.uncharged_deletions == frozenset()
    assert (lab.delta, lab.iota, lab.score) == (3, 8, 5 / 8)
    unl = explain(P4, G4, E4, labeled=False)
    assert unl.uncharged_deletions == {(0, 1)} and unl.uncharged_additions == {(2, 3)}
    assert (unl.delta, unl.iota, unl.score) == (0, 6, 1.0)


@pytest.mark.parametrize("engine", ENGINES)
def test_parse_equal_to_gold_against_a_foreign_reference(engine: str) -> None:
    """When the parse is its own native gold, every operation is shared: δ = 0.

    ES(g,e) for g = G4, e = E4: labeled delete A01, add V23 (2 operations),
    unlabeled delete 01, add 23 (2). δ = 2 − 2 = 0 in both modes; counting
    only shared deletions would leave δ = 1 in both. ι_L = 4 + 4, ι_U = 3 + 3.
    """
    assert sentence_stats(G4, G4, E4, engine=engine) == (0, 8, 0, 6)
