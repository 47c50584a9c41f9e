"""ParsEval broken down (SPEC.md §12.4): by label, length, span, discontinuity; label
confusions and attachment errors.

The small examples are worked out by hand in the comments. The per-category
statistics, label confusions and attachment errors are checked against what
disco-dop's ``eval --verbose`` printed on the same files
(tests/fixtures_disco/SOURCE.md): its sample-style random discontinuous trees,
GUM excerpts, and 300 generated contiguous trees on which EVALB's rules and
disco-dop's give the same brackets. That groups sum to the corpus totals is
a property over generated trees.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk import Tree

from nltk_tedeval import OptionError, ParsevalEvaluator
from nltk_tedeval.cli import main
from nltk_tedeval.metrics import evalb_blocks
from nltk_tedeval.metrics.bracket_groups import UNLABELED
from nltk_tedeval.metrics.disco_parseval import DiscoParams, DiscoParsevalEvaluator
from nltk_tedeval.metrics.evalb_blocks import lines_rows
from nltk_tedeval.reading import read_file, read_text
from nltk_tedeval.trees.discontinuous import DiscTree
from nltk_tedeval.trees.evalb_params import EvalbParams

from .conftest import examples
from .fixtures_disco.make_brackets import gold_tree, perturb, text
from .test_discontinuous import GOLD3, PARSE4

# Small inputs, read through blocks as these tests mean them (conftest.blocks_always).
pytestmark = pytest.mark.usefixtures("blocks_always")

ROOT = Path(__file__).resolve().parent.parent
FIX = ROOT / "tests" / "fixtures_disco"
GUM = ROOT / "corpora_samples" / "gum"
ALL_KEYS = "label,length,span,confusion,attachment"


def totals(ev, key: str) -> dict[str, dict[str, int]]:
    return {g: s.totals for g, s in ev.breakdown(key).items()}


def bracket_totals(ev, key: str) -> dict[str, tuple[int, int, int]]:
    return {g: (t["matched"], t["gold"], t["test"]) for g, t in totals(ev, key).items()}


def counts(ev, key: str) -> dict[str, int]:
    return {g: s.frequency for g, s in ev.breakdown(key).items()}


# -- by hand ------------------------------------------------------------------------

# Sentence 1: "." is deleted (COLLINS.prm), so 4 words; gold S(0,4) NP(0,2) VP(2,4)
# NP(3,4), test S(0,4) NP(0,2) VP(2,3) ADVP(3,4): S and NP(0,2) match. EVALB's
# length counts the "." (only -NONE- is left out of it): 5.
GOLD1 = "(S (NP (DT the) (NN dog)) (VP (VBD saw) (NP (PRP it))) (. .))"
TEST1 = "(S (NP (DT the) (NN dog)) (VP (VBD saw)) (ADVP (PRP it)) (. .))"
# Sentence 2, length 4: the same gold without "."; the test hangs NP(3,4) under S:
# S, NP(0,2) and NP(3,4) match, VP(2,4) / VP(2,3) do not.
GOLD2 = "(S (NP (DT the) (NN dog)) (VP (VBD saw) (NP (PRP it))))"
TEST2 = "(S (NP (DT the) (NN dog)) (VP (VBD saw)) (NP (PRP it)))"


def hand_evaluator(**run) -> ParsevalEvaluator:
    gold = [Tree.fromstring(GOLD1), Tree.fromstring(GOLD2)]
    test = [Tree.fromstring(TEST1), Tree.fromstring(TEST2)]
    return ParsevalEvaluator(test, gold, by=ALL_KEYS, bins={"length": "4"}, **run)


def test_label_by_hand():
    ev = hand_evaluator()
    # S: 1+1 matched of 1+1 gold, 1+1 test; NP: s1 (1, 2, 1) + s2 (2, 2, 2);
    # VP: (0, 1, 1) twice; ADVP: the test's only, (0, 0, 1).
    assert bracket_totals(ev, "label") == {
        "NP": (3, 4, 3),
        "S": (2, 2, 2),
        "VP": (0, 2, 2),
        "ADVP": (0, 0, 1),
    }
    np_ = ev.breakdown("label")["NP"]
    # R = 3/4, P = 3/3, F1 = 2*3/(4+3) = 6/7; 4 of the 8 gold brackets.
    assert (float(np_.scores["R"]), float(np_.scores["P"])) == (0.75, 1.0)
    assert float(np_.scores["F1"]) == pytest.approx(6 / 7)
    assert np_.share == 0.5
    # ADVP has no gold bracket: its recall is N/A, its precision 0/1.
    advp = ev.breakdown("label")["ADVP"]
    assert advp.scores["R"] != advp.scores["R"] and float(advp.scores["P"]) == 0.0


def test_label_groups_come_most_frequent_first_not_by_name():
    # Issue 45 (the fifth mutation run): the label key is no binned key. Gold brackets of
    # the hand corpus: NP 4, S 2, VP 2, ADVP 0 (ties by name), so NP, S, VP, ADVP;
    # alphabetically (as bins are ordered) ADVP would come first.
    ev = hand_evaluator()
    assert list(ev.breakdown("label")) == ["NP", "S", "VP", "ADVP"]
    assert [g.frequency for g in ev.breakdown("label").values()] == [4, 2, 2, 0]


def test_each_key_says_what_its_groups_are_and_length_keeps_its_bins_order():
    # What a breakdown shows of its key (the header of its table, its JSON): the key's
    # name and help; length shows R, P and F1. Sentence 1 twice (length 5, 4 gold brackets
    # each) and sentence 2 (length 4, 4): the bin 5+ has more gold brackets than 1-4 but
    # comes after it, in the bins' order.
    gold = [Tree.fromstring(g) for g in (GOLD1, GOLD2, GOLD1)]
    test = [Tree.fromstring(t) for t in (TEST1, TEST2, TEST1)]
    ev = ParsevalEvaluator(test, gold, by=ALL_KEYS, bins={"length": "4"})
    keys = ALL_KEYS.split(",")
    assert [ev.breakdown(key).as_dict()["key"] for key in keys] == keys
    assert "|by:label=NP|" in str(ev.breakdown("label")["NP"].scores["F1"])
    helps = {key: ev.breakdown(key).as_dict()["help"] for key in keys}
    assert helps == {
        "label": "the bracket's category, after the parameter file's label rules",
        "length": "the sentence's length in words (as for the len<=CUTOFF_LEN figures), in bins",
        "span": "the bracket's width in words (after deletions), in bins",
        "confusion": "GOLD→PARSE: a parse bracket on the span of an unmatched gold bracket, "
        "other label",
        "attachment": "LABEL: GOLD→PARSE parent of a bracket right on both sides whose parent "
        "differs",
    }
    length = ev.breakdown("length")
    assert length.as_dict()["key"] == "length"
    assert length.as_dict()["measures"] == ["R", "P", "F1"]
    assert [(g, s.frequency) for g, s in length.items()] == [("1-4", 4), ("5+", 8)]
    # Spans (test_span_by_hand, sentence 1 twice): gold widths 1: 3, 2: 6, 3-5: 3.
    assert [(g, s.frequency) for g, s in ev.breakdown("span").items()] == [
        ("1", 3),
        ("2", 6),
        ("3-5", 3),
    ]


def test_length_by_hand():
    ev = hand_evaluator()
    t = totals(ev, "length")
    # Bins "4": 1-4 (sentence 2, length 4) and 5+ (sentence 1, length 5).
    assert list(t) == ["1-4", "5+"]
    assert (t["1-4"]["matched"], t["1-4"]["gold"], t["1-4"]["test"]) == (3, 4, 4)
    assert (t["5+"]["matched"], t["5+"]["gold"], t["5+"]["test"]) == (2, 4, 4)
    assert (t["5+"]["length"], t["5+"]["words"], t["1-4"]["crossing"]) == (5, 4, 0)
    assert float(ev.breakdown("length")["1-4"].scores["R"]) == 0.75


def test_span_by_hand():
    ev = hand_evaluator()
    # Widths (default bins 1, 2, 3-5, ...): s1 gold S4 NP2 VP2 NP1, test S4 NP2 VP1 ADVP1;
    # s2 gold S4 NP2 VP2 NP1, test S4 NP2 VP1 NP1. Matched: S4, NP2 (s1); S4, NP2, NP1 (s2).
    assert bracket_totals(ev, "span") == {"1": (1, 2, 4), "2": (2, 4, 2), "3-5": (2, 2, 2)}


def test_confusion_and_attachment_by_hand():
    ev = hand_evaluator()
    # s1: the gold NP(3,4) is unmatched, the test ADVP(3,4) on its span too.
    assert counts(ev, "confusion") == {"NP→ADVP": 1}
    # s2: NP(3,4) is right, but under VP in the gold and under S in the test.
    assert counts(ev, "attachment") == {"NP: VP→S": 1}


def test_a_span_the_test_labels_twice_is_one_confusion():
    # Issue 45: the gold's NP(0,2) is unmatched and the test has X(0,2) twice (a unary
    # X over X). disco-dop's eval counts each distinct unmatched test (label, span) on the
    # span of an unmatched gold bracket once: NP→X once, not once per X.
    gold = Tree.fromstring("(S (NP (DT the) (NN dog)) (VP (VBD ran)))")
    test = Tree.fromstring("(S (X (X (DT the) (NN dog))) (VP (VBD ran)))")
    ev = ParsevalEvaluator([test], [gold], by="confusion")
    assert counts(ev, "confusion") == {"NP→X": 1}


def test_a_parse_bracket_repeated_in_a_unary_chain_is_one_attachment_error():
    # The gold's NP(0,2) hangs under X; the test's NP(0,2) is a chain of three NPs, under
    # S, NP and NP. As sets of (label, span, parent), as disco-dop counts them: NP under S
    # once, NP under NP once (not twice).
    gold = Tree.fromstring("(S (X (NP (DT the) (NN dog))) (VP (VBD ran)))")
    test = Tree.fromstring("(S (NP (NP (NP (DT the) (NN dog)))) (VP (VBD ran)))")
    ev = ParsevalEvaluator([test], [gold], by="attachment")
    assert counts(ev, "attachment") == {"NP: X→NP": 1, "NP: X→S": 1}


def test_unlabeled_scoring_has_one_label_group_and_no_confusion():
    params = EvalbParams(labeled=False)
    ev = hand_evaluator(params=params)
    # Spans only: s1 S, NP(0,2), NP/ADVP(3,4) match (3); s2 all but VP (3).
    assert bracket_totals(ev, "label") == {UNLABELED: (6, 8, 8)}
    assert counts(ev, "confusion") == {}
    # Attachment errors still compare labels (as disco-dop's do).
    assert counts(ev, "attachment") == {"NP: VP→S": 1}


def test_a_non_transitive_eq_label_breaks_down_as_evalbs_greedy_loop_matched(tmp_path, capsys):
    # Issue 45 (the sixth mutation run): tests/fixtures_parseval/greedy.prm makes A = B and
    # B = C but not A = C, so EVALB's loop matches (its greedy.evalb.txt: 2, 1, 3 matched),
    # not a multiset of labels. A fourth sentence (test_mutation_kills.py's, EVALB's line
    # there) has a gold span no test bracket has. Each gold bracket, in tree order, takes
    # the first free test bracket of its span with an equal label; a pair counts in its
    # gold bracket's group (SPEC.md §12.4):
    #   1  gold S B A, test S A C   S-S, B-A; gold A left (C is no A): groups S (1,1,1),
    #      B (1,1,0), A (0,1,1), C (0,0,1); confusion A->C
    #   2  gold S A, test S C       S-S: S (1,1,1), A (0,1,0), C (0,0,1); A->C
    #   3  gold S A B, test S C A   S-S, A skips C for A, B-C: S, A (1,1,1), B (1,1,0),
    #      C (0,0,1); nothing unmatched
    #   4  gold S A(0,2), test S B(1,3): S (1,1,1), A (0,1,0), B (0,0,1); B is on no
    #      unmatched gold span
    # Sums by label: A (1,4,2), S (4,4,4), B (2,2,1), C (0,0,3): 7 matched, 10 and 10
    # (EVALB's 70.00). Exact labels alone would give A (2,4,2), B (0,2,1) and confusions
    # B->C 2, A->C 1. But B's 2 matched over its 1 test bracket is a precision of 200%:
    # a pair may join two labels, so the groups are the classes of the transitive closure
    # (A = B = C, named A): A (3,6,6), S (4,4,4), no group above 100%.
    fixtures = ROOT / "tests" / "fixtures_parseval"
    for side, extra in (
        ("gold", "(S (A (N x) (N y)) (N z))"),
        ("test", "(S (N x) (B (N y) (N z)))"),
    ):
        text = (fixtures / f"greedy_{side}.mrg").read_text(encoding="utf-8")
        (tmp_path / f"{side}.mrg").write_text(text + extra + "\n", encoding="utf-8")
    argv = [str(tmp_path / "gold.mrg"), str(tmp_path / "test.mrg")]
    prm = str(fixtures / "greedy.prm")
    assert main(["parseval", *argv, "-p", prm, "--by", "label,confusion", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    label, confusion = data["breakdowns"]
    assert {
        g["group"]: tuple(g["totals"][c] for c in ("matched", "gold", "test"))
        for g in label["groups"]
    } == {"A": (3, 6, 6), "S": (4, 4, 4)}
    scores = {g["group"]: g["scores"] for g in label["groups"]}
    assert scores["A"]["P"]["value"] == scores["A"]["R"]["value"] == pytest.approx(0.5)
    assert [(g["group"], g["frequency"]) for g in confusion["groups"]] == [("A→C", 2)]
    assert data["systems"][0]["scores"]["R"]["value"] == pytest.approx(0.7)


def test_discontinuous_by_hand():
    gold = DiscTree.from_discbracket(
        "(ROOT (S (VP (PROAV 0=Darüber) (VVPP 2=nachgedacht)) (VMFIN 1=muss)) ($. 3=.))"
    )
    test = DiscTree.from_discbracket(
        "(ROOT (S (PROAV 0=Darüber) (VP (VVPP 2=nachgedacht)) (VMFIN 1=muss)) ($. 3=.))"
    )
    keys = "label,length,span,discontinuous,confusion,attachment"
    ev = DiscoParsevalEvaluator([test], [gold], by=keys)
    # ROOT and "." deleted: gold S{0,1,2}, VP{0,2} (a gap); test S{0,1,2}, VP{2}.
    assert bracket_totals(ev, "discontinuous") == {
        "contiguous": (1, 1, 2),
        "discontinuous": (0, 1, 0),
    }
    assert bracket_totals(ev, "label") == {"S": (1, 1, 1), "VP": (0, 1, 1)}
    assert bracket_totals(ev, "span") == {"1": (0, 0, 1), "2": (0, 1, 0), "3-5": (1, 1, 1)}
    # The two VPs have other spans: no confusion, no attachment error.
    assert counts(ev, "confusion") == counts(ev, "attachment") == {}
    # Length: the 4 gold words (nothing is left out of it in proper.prm).
    length = totals(ev, "length")
    assert list(length) == ["1-10"] and length["1-10"]["length"] == 4


def test_error_and_skip_sentences_are_in_their_length_group_only():
    gold = [Tree.fromstring(GOLD2), Tree.fromstring(GOLD2), Tree.fromstring(GOLD1)]
    other_word = Tree.fromstring(GOLD2.replace("dog", "cat"))
    with pytest.warns(UserWarning):
        ev = ParsevalEvaluator([other_word, None, Tree.fromstring(TEST1)], gold, by=ALL_KEYS)
        length = totals(ev, "length")["1-10"]
    # One error (the words differ), one skip (no parse), one valid sentence (sentence 1).
    assert (length["sentences"], length["errors"], length["skipped"]) == (3, 1, 1)
    assert bracket_totals(ev, "label") == {
        "NP": (1, 2, 1),
        "S": (1, 1, 1),
        "VP": (0, 1, 1),
        "ADVP": (0, 0, 1),
    }


def test_a_missing_parse_scored_zero_has_its_gold_brackets_unmatched():
    gold = [Tree.fromstring(GOLD2)]
    with pytest.warns(UserWarning):
        ev = ParsevalEvaluator([None], gold, by=ALL_KEYS, missing="zero")
        label = bracket_totals(ev, "label")
    assert label == {"NP": (0, 2, 0), "S": (0, 1, 0), "VP": (0, 1, 0)}
    assert counts(ev, "confusion") == counts(ev, "attachment") == {}


def test_no_breakdown_under_alignment_and_the_error_says_so():
    gold = [Tree.fromstring(GOLD2)]
    ev = ParsevalEvaluator([Tree.fromstring(TEST2)], gold, by="length", align="exact")
    assert ev.available_breakdowns() == {}
    with pytest.raises(OptionError, match="no breakdown by length under align=exact"):
        ev.eval()


def test_breaking_down_changes_no_figure_of_a_file_scored_by_blocks(monkeypatch):
    # One tree per line, read as blocks, is scored a block at a time without by=
    # and by length only (a block's row is its sentence's group); by a bracket key,
    # sentence by sentence. Every figure and EVALB's whole output must be the same.
    decided = []

    def spy(lines, *args):
        decided.append(sum(line is not None for line in lines))
        return lines_rows(lines, *args)

    monkeypatch.setattr(evalb_blocks, "lines_rows", spy)  # (parseval imports it when used)

    def run(by):
        def read(name):
            return read_file(FIX / name, "ptb", one_per_line=True, nltk_trees=False)

        decided.clear()
        ev = ParsevalEvaluator(read("gen_parse.mrg"), read("gen_gold.mrg"), by=by)
        return ev, ev.summary_text(sentences=True), sum(decided)

    plain, text, blocks = run(None)
    by_length, length_text, length_blocks = run("length")
    split, split_text, split_blocks = run("label,length")
    assert (blocks, length_blocks, split_blocks) == (300, 300, 0)
    assert text == length_text == split_text
    assert plain.stats.array.tolist() == split.stats.array.tolist()
    assert totals(by_length, "length") == totals(split, "length")


# -- groups sum to the totals, on generated trees ---------------------------------------

PARAMS = {
    "collins": EvalbParams(),
    "unlabeled": EvalbParams(labeled=False),
    "eq": EvalbParams(eq_labels=(("ADVP", "PRT"), ("S", "SBAR"))),
    # Not transitive (PP = NP and NP = VP, not PP = VP): EVALB's greedy matching.
    "greedy": EvalbParams(eq_labels=(("PP", "NP"), ("NP", "VP"))),
}


def generated_pair(seed: int, n: int) -> tuple[str, str]:
    rng = random.Random(seed)
    words = [f"w{i + 1}" for i in range(n)]
    tree = gold_tree(words, rng)
    if not isinstance(tree[1], list):
        tree = ["S", tree]
    gold, parse = text(["TOP", tree]), text(["TOP", perturb(tree, rng)])
    # Some tags become punctuation (deleted by COLLINS.prm), on one side only now
    # and then: an error sentence when the word counts then differ.
    for tag in ("DT", "RB"):
        if rng.random() < 0.3:
            gold = gold.replace(f"({tag} ", "(, ")
            if rng.random() < 0.8:
                parse = parse.replace(f"({tag} ", "(, ")
    return gold, parse


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(st.integers(0, 10**6), st.integers(1, 25)), min_size=1, max_size=6),
    st.sampled_from(sorted(PARAMS)),
)
def test_groups_sum_to_the_corpus_totals(sentences, params):
    pairs = [generated_pair(seed, n) for seed, n in sentences]
    gold = [Tree.fromstring(g) for g, _ in pairs]
    parse = [Tree.fromstring(p) for _, p in pairs]
    ev = ParsevalEvaluator(parse, gold, PARAMS[params], by=ALL_KEYS, bins={"length": "5,10"})
    whole = dict(zip(ev.columns, ev.stats.totals(ev.columns).tolist(), strict=True))
    for key in ("label", "span"):
        groups = bracket_totals(ev, key)
        summed = [sum(x) for x in zip(*groups.values(), strict=True)]
        assert (summed or [0, 0, 0]) == [whole["matched"], whole["gold"], whole["test"]]
        # No group's R or P above 1, under a non-transitive EQ_LABEL set too (SPEC.md §12.4).
        assert all(m <= g and m <= t for m, g, t in groups.values()), groups
    by_length = totals(ev, "length").values()
    assert {c: sum(t[c] for t in by_length) for c in ev.columns} == whole


def chain_tree(rng: random.Random, words: list[str], labels: str) -> str:
    """A random binary tree over ``words`` whose phrases are unary chains of 1 to 3
    labels drawn from ``labels``: brackets of one span with several labels, where
    EVALB's greedy loop pairs labels across an EQ_LABEL class."""
    if len(words) == 1:
        inner = f"(N {words[0]})"
    else:
        cut = rng.randint(1, len(words) - 1)
        inner = f"{chain_tree(rng, words[:cut], labels)} {chain_tree(rng, words[cut:], labels)}"
    for _ in range(rng.randint(1, 3)):
        inner = f"({rng.choice(labels)} {inner})"
    return inner


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10**6), st.integers(1, 6)), min_size=1, max_size=5))
def test_no_label_group_matches_more_than_either_side_has(sentences):
    # A = B and B = C, not A = C (tests/fixtures_parseval/greedy.prm's rule): whatever the
    # greedy loop pairs, a label group (a class of the closure) counts each matched pair
    # on both of its sides, so R and P stay at most 1, and the groups sum to the corpus.
    params = EvalbParams(eq_labels=(("A", "B"), ("B", "C")))
    gold, parse = [], []
    for seed, n in sentences:
        rng = random.Random(seed)
        words = [f"w{i}" for i in range(n)]
        gold.append(Tree.fromstring(f"(S {chain_tree(rng, words, 'ABC')})"))
        parse.append(Tree.fromstring(f"(S {chain_tree(rng, words, 'ABC')})"))
    ev = ParsevalEvaluator(parse, gold, params, by="label")
    groups = bracket_totals(ev, "label")
    assert set(groups) <= {"A", "S"}
    assert all(m <= g and m <= t for m, g, t in groups.values()), groups
    whole = dict(zip(ev.columns, ev.stats.totals(ev.columns).tolist(), strict=True))
    summed = [sum(x) for x in zip(*groups.values(), strict=True)]
    assert summed == [whole["matched"], whole["gold"], whole["test"]]


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.booleans())
def test_disco_groups_sum_to_the_corpus_totals(seed, disc_only):
    rng = random.Random(seed)
    trees = [r.tree for r in read_file(FIX / "random_gold.dbr")]
    parses = [r.tree for r in read_file(FIX / "random_parse.dbr")]
    chosen = rng.sample(range(len(trees)), rng.randint(1, 10))
    params = dataclasses.replace(DiscoParams(), disc_only=disc_only)
    keys = "label,length,span,discontinuous"
    ev = DiscoParsevalEvaluator([parses[i] for i in chosen], [trees[i] for i in chosen], params,
                                by=keys)  # fmt: skip
    whole = dict(zip(ev.columns, ev.stats.totals(ev.columns).tolist(), strict=True))
    for key in ("label", "span", "discontinuous"):
        summed = [sum(x) for x in zip(*bracket_totals(ev, key).values(), strict=True)]
        assert (summed or [0, 0, 0]) == [whole["matched"], whole["gold"], whole["test"]]
    by_length = totals(ev, "length").values()
    assert {c: sum(t[c] for t in by_length) for c in ev.columns} == whole


# -- disco-dop's eval --verbose --------------------------------------------------------


def discodop_breakdowns(name: str) -> tuple[dict, Counter, Counter, int, int | None]:
    """disco-dop's Category Statistics {label: (% gold, R, P, F1)}, label confusions
    {(gold, cand): n}, attachment errors {(label, gold parent, cand parent): n}, its
    summary's number of gold brackets (over all sentences) and how many lines of each it
    printed at most (``None``: all, with ``--verbose``; 10 without)."""
    lines = (FIX / name).read_text(encoding="utf-8").splitlines()
    attach: Counter = Counter()
    k = lines.index(" Attachment errors (correct labeled bracketing, wrong parent)") + 3
    while lines[k].strip():
        label, cand, gold, n = lines[k].split()  # its columns: label, cand, gold
        attach[(label, gold, cand)] += int(n)
        k += 1
    cats: dict[str, tuple[str, ...]] = {}
    confusions: Counter = Counter()
    k = next(i for i, x in enumerate(lines) if x.startswith(" Category Statistics"))
    limit = None if "(all categories" in lines[k] else 10
    k += 3
    while k < len(lines) and lines[k].strip():
        left, right = lines[k][:39], lines[k][39:]
        if left.strip():
            label, *figures = left.split()
            cats[label] = tuple(figures)
        if right.strip():
            cand, gold, n = right.split()
            confusions[(gold, cand)] += int(n)
        k += 1
    line = next(x for x in lines if x.startswith("gold brackets"))
    gold_brackets = int(re.sub(r"\(\d+\)", "", line).split()[-1])
    return cats, confusions, attach, gold_brackets, limit


def trees(name: str) -> list:
    return [r.tree for r in read_file(FIX / name)]


def crane() -> tuple[list, list]:
    # As test_disco_parseval builds them (tests/fixtures_disco/SOURCE.md).
    texts = (GUM / "GUM_news_crane.ptb").read_text(encoding="utf-8").strip().split("\n\n")
    lines = [" ".join(t.split()) for t in texts]
    changed = [
        t.replace("(NP (DT the)", "(ADJP (DT the)", 1).replace("(PP (IN", "(ADVP (IN", 1)
        for t in lines
    ]
    return (
        [r.tree for r in read_text("\n".join(lines), "ptb")],
        [r.tree for r in read_text("\n".join(changed), "ptb")],
    )


DISC_ONLY = dataclasses.replace(DiscoParams(), disc_only=True)
CASES = {
    "random_proper": (lambda: (trees("random_gold.dbr"), trees("random_parse.dbr")), None),
    "random_cut20": (
        lambda: (trees("random_gold.dbr"), trees("random_parse.dbr")),
        dataclasses.replace(DiscoParams(), cutoff_len=20),
    ),
    "crane_proper": (crane, None),
    "darueber_proper": (
        lambda: (
            [r.tree for r in read_text(GOLD3, "export")],
            [r.tree for r in read_text(PARSE4, "export")],
        ),
        None,
    ),
    "gum_proper": (lambda: (trees("gum_gold.dbr"), trees("gum_parse.dbr")), None),
    "gum_stts_paren": (
        lambda: (trees("gum_stts_gold.export"), trees("gum_stts_parse.export")),
        DiscoParams.from_file(str(FIX / "stts_paren.prm")),
    ),
    "gum_disconly": (lambda: (trees("gum_gold.dbr"), trees("gum_parse.dbr")), DISC_ONLY),
    "gum_parse_disconly": (lambda: (trees("gum_parse.dbr"), trees("gum_parse.dbr")), DISC_ONLY),
    "nomatch_proper": (lambda: (trees("nomatch_gold.dbr"), trees("nomatch_parse.dbr")), None),
    "gen": (
        lambda: (trees("gen_gold.mrg"), trees("gen_parse.mrg")),
        DiscoParams.from_file(str(FIX / "gen.prm")),
    ),
}


def without_gold_parent(events: Counter) -> Counter:
    out: Counter = Counter()
    for (label, _, cand_parent), n in events.items():
        out[(label, cand_parent)] += n
    return out


def pct(x: float) -> str:
    return "nan" if x != x else f"{100 * x:.2f}"


def check_against_discodop(ev, name: str, eq: dict[str, str]) -> int:
    """Our label, confusion and attachment breakdowns against disco-dop's; returns the
    number of categories compared. ``eq`` names each EQ_LABEL class as we do."""
    cats, confusions, attach, gold_brackets, limit = discodop_breakdowns(f"{name}.discodop.txt")

    def ours(label: str) -> str:  # disco-dop names a class by a member of its choice
        return eq.get(label, label)

    def top(c: Counter) -> Counter:
        # Without --verbose disco-dop prints the 10 most frequent (ties in its own order).
        if limit is None or len(c) <= limit:
            return c
        least = c.most_common(limit)[-1][1]
        assert all(n <= least for k, n in c.items() if k not in theirs_shown)
        return Counter({k: c[k] for k in theirs_shown})

    label = ev.breakdown("label")
    if limit is None:
        assert sorted(label) == sorted(ours(c) for c in cats)
    else:  # the most frequent in gold brackets, as our groups are ordered
        assert len(cats) == min(limit, len(label))
        assert sorted(list(label)[: len(cats)]) == sorted(ours(c) for c in cats)
    whole = sum(g.frequency for g in label.values())
    for cat, (share, r, p, f1) in cats.items():
        group = label[ours(cat)]
        scores = group.scores
        # disco-dop's "% gold" divides by its summary's number of gold brackets, which
        # counts a bracket repeated in a tree, (NP (NP x)), once; our share by all of
        # them, so that the shares sum to 1 (SPEC.md §12.4).
        assert f"{100 * group.frequency / gold_brackets:.2f}" == share
        assert group.share == group.frequency / whole
        assert (pct(scores["R"]), pct(scores["P"])) == (r, p)
        if f1 == "nan" and group.totals["matched"] == 0:
            # Nothing matched: disco-dop prints nan, we 0.00, as for the corpus (SPEC.md §7).
            assert float(scores["F1"]) == 0.0
        else:
            assert pct(scores["F1"]) == f1
    ours_conf = Counter(
        {tuple(g.split("→")): s.frequency for g, s in ev.breakdown("confusion").items()}
    )
    theirs_conf = Counter({(ours(g), ours(c)): n for (g, c), n in confusions.items()})
    theirs_shown = set(theirs_conf)
    assert top(ours_conf) == theirs_conf
    ours_att: Counter = Counter()
    for group, s in ev.breakdown("attachment").items():
        lab, parents = group.split(": ")
        gold_parent, cand_parent = parents.split("→")
        ours_att[(lab, gold_parent, cand_parent)] = s.frequency
    theirs = Counter({tuple(ours(x) for x in k): n for k, n in attach.items()})
    theirs_shown = set(theirs)
    ours_att = top(ours_att)
    # The same events, each a bracket and its parse parent ...
    assert without_gold_parent(ours_att) == without_gold_parent(theirs)
    # ... and the same gold parent, but for a bracket over a unary chain of its own
    # label, (VP (VP ...)), whose gold parent disco-dop takes from a set in hash order:
    # there it names the inner one's (the label itself), we the topmost one's.
    for lab, gold_parent, _ in theirs - ours_att:
        assert gold_parent == lab
    return len(cats)


@pytest.mark.parametrize("name", sorted(CASES))
def test_disco_parseval_gives_discodops_breakdowns(name):
    make, params = CASES[name]
    gold, parse = make()
    params = params or DiscoParams()
    ev = DiscoParsevalEvaluator(parse, gold, params, by="label,confusion,attachment")
    assert check_against_discodop(ev, name, params.eq_labels) > 0 or name.endswith("disconly")


def test_evalb_rules_give_discodops_breakdowns_on_generated_trees():
    # gen.prm deletes ROOT and makes ADVP = PRT; the trees have no punctuation and no
    # function tag, so EVALB's rules and disco-dop's count the same brackets.
    gold, parse = trees("gen_gold.mrg"), trees("gen_parse.mrg")
    params = EvalbParams.from_file(str(FIX / "gen.prm"))
    ev = ParsevalEvaluator(parse, gold, params, by="label,confusion,attachment")
    eq = DiscoParams.from_file(str(FIX / "gen.prm")).eq_labels  # the same classes
    assert check_against_discodop(ev, "gen", eq) == 7
