"""Reading language models' answers: the tree found in each, and its status (reading/answers.py).

Every expected value is worked out by hand in the comment beside it: which
bracket or row the tree is, which words differ from the sentence's, and what
the reason says.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk import Tree
from nltk.parse import DependencyGraph

from nltk_tedeval import ParsevalEvaluator
from nltk_tedeval.errors import InputFormatError, MissingParseWarning, OptionError, TedEvalError
from nltk_tedeval.reading.answers import (
    ANSWER_STATUSES,
    Answer,
    answer_counts,
    read_answers,
    read_answers_file,
)
from nltk_tedeval.trees.dependency import DependencyTree

from .conftest import examples

CAT = ["The", "cat", "sat"]
CAT_TREE = "(S (NP (DT The) (NN cat)) (VP (VBD sat)))"
NO_TREE = (
    "no tree found: no bracketed tree (a '(' followed by a label or a '(') "
    "and no CoNLL rows (lines of 10 or 4 columns: ID FORM ... HEAD ...)"
)


def one(text: str, sentence: object = CAT, **options: object) -> Answer:
    [answer] = read_answers([text], [sentence], **options)
    return answer


# -- constituency: finding the tree ------------------------------------------------


def test_a_bare_valid_tree_is_a_tree() -> None:
    # The whole answer is the tree; its leaves The cat sat are the sentence's words.
    answer = one(CAT_TREE)
    assert answer.status == "tree"
    assert answer.reason is None
    assert answer.kind == "constituency"
    assert answer.found == CAT_TREE
    assert answer.tree == Tree.fromstring(CAT_TREE)
    assert answer.changes == ()
    assert answer.error is None
    assert (answer.number, answer.text, answer.file, answer.line) == (1, CAT_TREE, None, None)


def test_prose_parentheses_before_the_tree_are_not_taken_for_it() -> None:
    # "(in PTB format)" starts like a tree ('(' then a label and a word) and parses as
    # Tree('in', ['PTB', 'format']): 0 of the sentence's words against 3 of the real tree's,
    # which wins. "(let me know)" after it is prose too.
    text = f"Sure! Here is the parse (in PTB format):\n{CAT_TREE}\nHope it helps (let me know)."
    answer = one(text)
    assert (answer.status, answer.reason, answer.found) == ("tree", None, CAT_TREE)
    assert answer.tree == Tree.fromstring(CAT_TREE)


def test_prose_parentheses_win_no_tie_against_a_tree_of_other_words() -> None:
    # All three words changed: the tree and "(in PTB format)" both share 0 words with the
    # sentence, and a tree with phrases in it beats a flat pair of words in parentheses, so
    # the answer is the tree, unfaithful: word by word, A/The, dog/cat, ran/sat.
    answer = one("Here (in PTB format): (S (NP (DT A) (NN dog)) (VP (VBD ran)))")
    assert answer.found == "(S (NP (DT A) (NN dog)) (VP (VBD ran)))"
    assert answer.status == "unfaithful"
    assert answer.reason == (
        "word 1 changed: 'A' for 'The'; word 2 changed: 'dog' for 'cat'; "
        "word 3 changed: 'ran' for 'sat'"
    )


def test_a_tree_in_a_lisp_fence_with_prose_around_it() -> None:
    # The fence is looked in first; the prose around it has parentheses of its own, with
    # sentence words in them ("(The cat)"), which must not matter.
    text = (
        "Here is the constituency parse (Penn Treebank style):\n\n"
        f"```lisp\n{CAT_TREE}\n```\n\n"
        "The subject (The cat) is an NP (noun phrase)."
    )
    answer = one(text)
    assert (answer.status, answer.kind, answer.found) == ("tree", "constituency", CAT_TREE)
    assert answer.tree == Tree.fromstring(CAT_TREE)


def test_the_first_fence_that_holds_a_tree_wins() -> None:
    # The first fence holds prose in parentheses only, no tree: the second one's tree is it.
    text = f"```text\nsee (below)\n```\nand\n```\n{CAT_TREE}\n```"
    assert one(text).found == CAT_TREE
    # Two trees in two fences: the first fence's, although the second's words are right.
    text = f"```\n(S (NP (NN cat)) (VP (VBD sat)))\n```\n```\n{CAT_TREE}\n```"
    answer = one(text)
    assert (answer.found, answer.reason) == (
        "(S (NP (NN cat)) (VP (VBD sat)))",
        "word 1 dropped: 'The'",
    )


def test_a_tree_between_backticks_on_one_line_is_found() -> None:
    # "```(S ...)```" is no fence (a fence's info string has no backtick): the whole text.
    assert one(f"```{CAT_TREE}```").status == "tree"


def test_a_ptb_tree_with_an_empty_top_bracket() -> None:
    # "( (S ...) )" is the PTB's own layout: '(' then '(' starts a tree, read as nltk reads it.
    answer = one(f"( {CAT_TREE} )")
    assert answer.status == "tree"
    assert answer.tree == Tree("", [Tree.fromstring(CAT_TREE)])


# -- constituency: invalid answers ---------------------------------------------------


def test_an_unclosed_bracket_is_invalid() -> None:
    # Opening brackets: S NP DT NN VP VBD = 6; closing: DT NN NP VBD = 4; 2 left open.
    text = "(S (NP (DT The) (NN cat)) (VP (VBD sat)"
    answer = one(text)
    assert answer.status == "invalid"
    assert answer.reason == "unbalanced brackets: 2 '(' not closed"
    assert (answer.tree, answer.kind, answer.found) == (None, "constituency", text)


def test_an_unclosed_bracket_inside_the_tree_is_not_hidden_by_a_balanced_subtree() -> None:
    # NP is not closed before VP: "(NP (DT The) (NN cat) (VP (VBD sat)))" is balanced and
    # holds all three words, but the answer's S is left open by one bracket.
    answer = one("(S (NP (DT The) (NN cat) (VP (VBD sat)))")
    assert (answer.status, answer.reason) == ("invalid", "unbalanced brackets: 1 '(' not closed")


def test_a_closing_bracket_too_many_is_invalid() -> None:
    # 6 '(' and 7 ')': the 7th closes nothing.
    text = CAT_TREE + ")"
    answer = one(text + "\n\nThat is the parse.")
    assert answer.status == "invalid"
    assert answer.reason == "unbalanced brackets: a ')' with no '(' before it"
    assert answer.found == text
    # Two too many, the first in the middle: "(S (NP ...)))" ends S early, so "(VP ...)"
    # and the two ')' after it stand beside it: 6 '(' and 8 ')'.
    answer = one("(S (NP (DT The) (NN cat))) (VP (VBD sat))))")
    assert answer.reason == "unbalanced brackets: 2 ')' with no '(' before them"


def test_two_trees_side_by_side_are_invalid() -> None:
    # No root over NP and VP: two balanced trees where one belongs, together the words.
    answer = one("(NP (DT The) (NN cat)) (VP (VBD sat))")
    assert (answer.status, answer.reason) == (
        "invalid",
        "2 bracketed trees in a row; one tree was expected",
    )


def test_unbalanced_is_invalid_even_with_the_right_words() -> None:
    answer = one(CAT_TREE[:-1], unfaithful="keep")
    assert (answer.status, answer.tree) == ("invalid", None)


def test_an_answer_without_a_tree_is_invalid() -> None:
    # No '(' at all and no line that starts with a token ID.
    answer = one("I am sorry, I cannot parse this sentence.")
    assert (answer.status, answer.reason, answer.found, answer.kind, answer.tree) == (
        "invalid",
        NO_TREE,
        None,
        None,
        None,
    )
    # Parentheses that cannot start a tree ("(1)": a label and then ')') are no tree either.
    assert one("See note (1).").reason == NO_TREE
    assert one("no tree", kind="constituency").reason == (
        "no tree found: no bracketed tree (a '(' followed by a label or a '(')"
    )
    assert one(CAT_TREE, kind="dependency").reason == (
        "no tree found: no CoNLL rows (lines of 10 or 4 columns: ID FORM ... HEAD ...)"
    )


def test_a_tree_without_words_is_invalid() -> None:
    # "(())" has no leaf; "(S (-NONE- *))" only an empty element: no word of text (SPEC §10).
    for text in ("(())", "(S (-NONE- *))"):
        answer = one(text)
        assert (answer.status, answer.reason) == (
            "invalid",
            "the tree has no words (none, or only empty elements)",
        )


# -- faithfulness ---------------------------------------------------------------------


def test_an_unclosed_tree_ends_at_its_last_lines_end() -> None:
    # Issue 45 (the sixth mutation run): an open tree is the text from its '(' to the end
    # of the line of its last bracket (trailing spaces cut), not the prose after it.
    broken = "(S (NP (DT The) (NN cat)) (VP (VBD sat))"
    answer = one(f"Here:\n{broken}  \nThat is all.\nBye")
    assert (answer.status, answer.found) == ("invalid", broken)
    assert answer.reason == "unbalanced brackets: 1 '(' not closed"


def test_a_tree_inside_an_open_parenthesis_of_prose_is_found() -> None:
    # Issue 45 (the sixth mutation run): "(here is the parse: " is never closed; the
    # tree inside it is the answer, looked for inside up to 8 such parentheses.
    assert one(f"(here is the parse: {CAT_TREE} I hope it helps").found == CAT_TREE
    assert one(f"(S (X a))\n(see: {CAT_TREE}").found == CAT_TREE
    assert one("(x: " * 8 + CAT_TREE).status == "tree"
    # Nine: not looked into; the 9 open parentheses make the answer invalid.
    answer = one("(x: " * 9 + CAT_TREE)
    assert (answer.status, answer.reason) == ("invalid", "unbalanced brackets: 9 '(' not closed")


def test_parentheses_of_prose_beside_the_tree_are_no_part_of_it() -> None:
    # Issue 45 (the sixth mutation run): "(1)" and "(sic)" do not start a tree (no label
    # followed by a word or a '('); the tree beside them is the answer.
    assert one(f"(1) {CAT_TREE}").found == CAT_TREE
    assert one(f"{CAT_TREE} (sic)").found == CAT_TREE
    # Text or a blank line between two trees makes them two answers' worth, not one
    # broken tree: the first, with word 2 dropped, is the tree read.
    for text in ("(S (X a)) and (S (X b))", "(S (X a))\n\n(S (X b))"):
        answer = one(text, ["a", "b"])
        assert (answer.status, answer.reason, answer.found) == (
            "unfaithful",
            "word 2 dropped: 'b'",
            "(S (X a))",
        )


def test_a_stray_closing_bracket_is_part_of_the_tree_and_said_with_an_open_one() -> None:
    # Issue 45 (the sixth mutation run): a ')' right after the tree is its own (found
    # ends there, not at the next character); a tree with one and the next line's open
    # tree are one broken tree with both problems.
    answer = one(f"{CAT_TREE})!")
    assert (answer.found, answer.reason) == (
        f"{CAT_TREE})",
        "unbalanced brackets: a ')' with no '(' before it",
    )
    answer = one("(S (X a)))\n(S (X b)", ["a", "b"])
    assert answer.reason == (
        "unbalanced brackets: a ')' with no '(' before it and 1 '(' not closed"
    )


def test_more_than_twenty_trees_in_a_row_are_one_broken_tree() -> None:
    # Issue 45 (the sixth mutation run): 21 one-word trees side by side hold the 21 words
    # together; past 20 groups only the whole run is a candidate beside each group.
    words = [f"w{i}" for i in range(21)]
    answer = one(" ".join(f"(X {w})" for w in words), words)
    assert answer.reason == "21 bracketed trees in a row; one tree was expected"
    assert answer.found == " ".join(f"(X {w})" for w in words)
    # 20 groups, the first a parenthesis of prose on the line before: every stretch is a
    # candidate, and the 19 trees without it hold the sentence's 19 words exactly.
    text = "(in PTB format)\n" + " ".join(f"(X {w})" for w in words[:19])
    answer = one(text, words[:19])
    assert answer.reason == "19 bracketed trees in a row; one tree was expected"


def test_a_tree_of_empty_elements_only_is_a_constituency_tree_without_words() -> None:
    # Issue 45 (the sixth mutation run): its candidate ranks as no tree (tier 3), first
    # among equals, and says what it is and where it was found.
    answer = one("(-NONE- *)\n\n(note x y z", ["The"])
    assert (answer.status, answer.kind, answer.found) == ("invalid", "constituency", "(-NONE- *)")
    assert answer.reason == "the tree has no words (none, or only empty elements)"
    # Against an open "(note x": neither has The; "(note x" has the sentence's length.
    assert one("(-NONE- *)\n\n(note x", ["The"]).reason == ("unbalanced brackets: 1 '(' not closed")
    # Two of them: the first.
    assert one("(-NONE- *)\n\n(-NONE- *)", ["The"]).found == "(-NONE- *)"


def test_a_nested_tree_beats_a_flat_one_and_a_broken_nested_tree_beats_a_flat_one() -> None:
    # Issue 45 (the sixth mutation run): of candidates with the same words, a nested tree
    # (tier 0) before a broken nested tree (1), a flat tree (2), a broken flat one (3);
    # the first wins a tie.
    assert one(f"(X The cat sat)\n\n{CAT_TREE}").found == CAT_TREE
    stray = "(S (NP (DT The) (NN cat)) (VP (VBD sat))))"
    assert one(f"{stray}\n\n{CAT_TREE}").found == CAT_TREE
    # A flat tree beats one broken by a stray ')' with a single '('.
    answer = one("(X The cat sat))\n\n(S The cat sat)")
    assert (answer.status, answer.found) == ("tree", "(S The cat sat)")
    # A broken nested tree (two '(') beats a flat tree of the same words.
    answer = one("(S The cat sat)\n\n(S (X The cat sat")
    assert (answer.status, answer.reason) == ("invalid", "unbalanced brackets: 2 '(' not closed")
    # Two broken nested trees of The cat sat: the first. A word after a ')' is a leaf, and
    # ')' is none: "(S (X The cat) sat))" has the leaves The cat sat, as many as the second.
    answer = one("(S (X The cat) sat))\n\n(S (X The cat sat")
    assert answer.reason == "unbalanced brackets: a ')' with no '(' before it"


def test_windows_line_ends_close_a_fence() -> None:
    # Issue 45 (the sixth mutation run): CRLF line ends are read as LF, so the fence
    # closes and its tree (NP The cat) is the answer, not the whole tree after it.
    answer = one(f"```\r\n(NP The cat)\r\n```\r\nThe full parse: {CAT_TREE}")
    assert (answer.found, answer.reason) == ("(NP The cat)", "word 3 dropped: 'sat'")
    assert one(f"{CAT_TREE}\r\n").status == "tree"


def test_a_changed_word() -> None:
    # Leaves The cats sat against The cat sat: word 2 replaced.
    answer = one("(S (NP (DT The) (NNS cats)) (VP (VBD sat)))")
    assert answer.status == "unfaithful"
    assert answer.reason == "word 2 changed: 'cats' for 'cat'"
    assert answer.changes == ("changed",)
    assert answer.tree is None  # unfaithful="missing", the default


def test_a_dropped_word() -> None:
    # Leaves The cat sat against The big cat sat: word 2 (big) is missing.
    answer = one(CAT_TREE, ["The", "big", "cat", "sat"])
    assert (answer.status, answer.reason, answer.changes) == (
        "unfaithful",
        "word 2 dropped: 'big'",
        ("dropped",),
    )


def test_an_added_word() -> None:
    # Sentence The cat sat down; the answer's leaves The cat sat very down: "very" stands
    # after word 3 (sat).
    tree = "(S (NP (DT The) (NN cat)) (VP (VBD sat) (ADVP (RB very) (RB down))))"
    answer = one(tree, ["The", "cat", "sat", "down"])
    assert answer.status == "unfaithful"
    assert (answer.reason, answer.changes) == ("word added after word 3: 'very'", ("added",))
    # Before the first word there is no word to be after.
    answer = one("(S (INTJ (UH Well)) " + CAT_TREE[3:])
    assert answer.reason == "word added before word 1: 'Well'"


def test_every_kind_of_difference_and_the_cap_at_three() -> None:
    # The cat sat on the mat  ->  A cat sat on mat today now:
    # word 1 The -> A (changed); word 5 "the" dropped; "today" and "now" added after
    # word 6 (mat). Four differences: three named, the fourth counted.
    sentence = ["The", "cat", "sat", "on", "the", "mat"]
    tree = (
        "(S (NP (DT A) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (NN mat))) "
        "(NP (NN today)) (ADVP (RB now))))"
    )
    answer = one(tree, sentence)
    assert answer.reason == (
        "word 1 changed: 'A' for 'The'; word 5 dropped: 'the'; "
        "word added after word 6: 'today'; and 1 more difference"
    )
    assert answer.changes == ("changed", "dropped", "added")
    # Two more: "; and 2 more differences".
    answer = one(tree.replace("(ADVP (RB now))", "(ADVP (RB now) (RB again))"), sentence)
    assert answer.reason.endswith("word added after word 6: 'today'; and 2 more differences")


def test_a_changed_word_is_paired_with_the_word_most_like_it() -> None:
    # "cat" became "big cats": one gold word against two. Paired by position, cat would be
    # changed to big; paired by likeness, cats is cat changed and big is added before it,
    # after word 1 (The). The kinds come in the order they first appear.
    answer = one("(S (NP (DT The) (JJ big) (NNS cats)) (VP (VBD sat)))")
    assert answer.reason == "word added after word 1: 'big'; word 2 changed: 'cats' for 'cat'"
    assert answer.changes == ("added", "changed")


def test_a_stretch_of_2500_word_pairs_is_paired_by_likeness_and_a_larger_one_by_position():
    # Issue 45 (the sixth mutation run): a replaced stretch of a gold words against b
    # answer words is aligned by likeness up to a * b = 2,500 pairs, by position beyond.
    # Gold g1..g25 against 75 words "x" then g1s..g25s: no word equal, so one stretch,
    # 25 * 100 = 2,500. By likeness every gi is paired with gis (a change costing
    # 1 - 0.8) and the 75 x are added before word 1: 100 differences, 3 named.
    gold = [f"g{i}" for i in range(1, 26)]
    words = ["x"] * 75 + [f"{w}s" for w in gold]
    answer = one("(S " + " ".join(f"(X {w})" for w in words) + ")", gold)
    assert answer.reason == "; ".join(["word added before word 1: 'x'"] * 3) + (
        "; and 97 more differences"
    )
    assert answer.changes == ("added", "changed")
    # One gold word more (g26, and g26s in the answer): 26 * 101 = 2,626 pairs, paired by
    # position: words 1..26 changed to x, x, ..., then 75 added after word 26.
    gold.append("g26")
    words.append("g26s")
    answer = one("(S " + " ".join(f"(X {w})" for w in words) + ")", gold)
    assert answer.reason == (
        "word 1 changed: 'x' for 'g1'; word 2 changed: 'x' for 'g2'; "
        "word 3 changed: 'x' for 'g3'; and 98 more differences"
    )
    assert answer.changes == ("changed", "added")
    # Past the bound the other way: 75 x then g1..g26 in the gold against g1s..g26s,
    # 101 * 26 pairs: words 1..26 changed, then words 27..101 dropped.
    answer = one("(S " + " ".join(f"(X {w}s)" for w in gold) + ")", ["x"] * 75 + gold)
    assert answer.reason == (
        "word 1 changed: 'g1s' for 'x'; word 2 changed: 'g2s' for 'x'; "
        "word 3 changed: 'g3s' for 'x'; and 98 more differences"
    )
    assert answer.changes == ("changed", "dropped")


def test_likeness_decides_which_word_changed_and_which_was_added_or_dropped() -> None:
    # Issue 45 (the sixth mutation run). Within a stretch, a change costs 1 - likeness
    # (difflib's ratio: "cat"/"cats" 6/7, "cat"/"big" 0), an addition or a drop 1.
    # "cat" against "cats big": cats is cat changed (1/7), big added (1): 8/7; cat
    # changed to big (1) with cats added before it (1) would cost 2.
    answer = one("(S (NP (DT The) (NNS cats) (JJ big)) (VP (VBD sat)))")
    assert answer.reason == "word 2 changed: 'cats' for 'cat'; word added after word 2: 'big'"
    # "dog cat" against "dogs": dog changed (1/7) and cat dropped (1): 8/7; dog dropped
    # and cat changed to dogs (1 - 0) would cost 2. The drop is word 3's, after word 1.
    answer = one("(S (NP (DT The) (NNS dogs)) (VP (VBD sat)))", ["The", "dog", "cat", "sat"])
    assert answer.reason == "word 2 changed: 'dogs' for 'dog'; word 3 dropped: 'cat'"
    assert answer.changes == ("changed", "dropped")
    # "a cat dog" against "cats dogs b": cat and dog changed (1/7 each) with a dropped and b
    # added (1 each) cost 2 2/7; three changes of unalike words (a/cats, cat/dogs, dog/b)
    # would cost 3 - 0: fewer changes of more alike words win.
    answer = one("(S (X cats) (X dogs) (X b))", ["a", "cat", "dog"])
    assert answer.reason == (
        "word 1 dropped: 'a'; word 2 changed: 'cats' for 'cat'; "
        "word 3 changed: 'dogs' for 'dog'; and 1 more difference"
    )


def test_words_repeated_through_a_long_sentence_are_still_matched() -> None:
    # Issue 45 (the sixth mutation run): 200 words, a b a b ..., and the answer adds c
    # before them. Every word of the sentence is matched (difflib without its "popular
    # element" heuristic, which in 200 words would match none of a and b here and
    # report 200 changes, word 1 'c' for 'a', then 'a' for 'b', ...).
    sentence = ["a", "b"] * 100
    answer = one("(S " + " ".join(f"(X {w})" for w in ["c", *sentence]) + ")", sentence)
    assert (answer.reason, answer.changes) == ("word added before word 1: 'c'", ("added",))


def test_every_word_is_added_against_a_sentence_without_words() -> None:
    # Issue 45 (the sixth mutation run): an empty sentence (no word to come after).
    answer = one("(S (X a) (X b))", [])
    assert (answer.status, answer.reason) == ("unfaithful", "word added: 'a'; word added: 'b'")


def test_lrb_in_the_answer_is_a_round_bracket_of_the_sentence() -> None:
    # A '(' cannot be a leaf of a bracketed tree: the model writes -LRB-, which is "(".
    sentence = ["John", "(", "Jr", ")", "left"]
    tree = "(S (NP (NNP John) (PRN (-LRB- -LRB-) (NNP Jr) (-RRB- -RRB-))) (VP (VBD left)))"
    assert one(tree, sentence).status == "tree"
    # The other escapes too: -LSB- [, -RSB- ], -LCB- {, -RCB- }.
    escaped = "(S (X -LSB-) (X a) (X -RSB-) (X -LCB-) (X b) (X -RCB-))"
    assert one(escaped, ["[", "a", "]", "{", "b", "}"]).status == "tree"
    # Both ways: a gold tree with -LRB- leaves against CoNLL rows with "(" and ")".
    gold = Tree.fromstring(tree)
    rows = "1 John 5 nsubj\n2 ( 3 punct\n3 Jr 1 appos\n4 ) 3 punct\n5 left 0 root"
    answer = one(rows, gold)
    assert (answer.status, answer.kind) == ("tree", "dependency")
    # A square bracket is no round one; words are quoted as written on each side.
    answer = one(tree.replace("(-LRB- -LRB-)", "(-LRB- -LSB-)"), sentence)
    assert answer.reason == "word 2 changed: '-LSB-' for '('"


def test_unfaithful_keep_keeps_the_tree() -> None:
    text = "(S (NP (DT The) (NNS cats)) (VP (VBD sat)))"
    answer = one(text, unfaithful="keep")
    assert answer.status == "unfaithful"
    assert answer.reason == "word 2 changed: 'cats' for 'cat'"
    assert answer.tree == Tree.fromstring(text)


def test_gold_trees_give_the_words_without_empty_elements() -> None:
    # The gold's text tokens: Go ! (the -NONE- * is no word of the text).
    gold = Tree.fromstring("(S (NP-SBJ (-NONE- *)) (VP (VB Go)) (. !))")
    assert one("(S (VP (VB Go)) (. !))", gold).status == "tree"
    graph = DependencyGraph("I PRP 2 nsubj\nleft VBD 0 root")
    assert one("(S (NP (PRP I)) (VP (VBD left)))", graph).status == "tree"
    dep = DependencyTree(("I", "left"), (2, 0), ("nsubj", "root"))
    assert one("(S (NP (PRP I)) (VP (VBD leave)))", dep).reason == (
        "word 2 changed: 'leave' for 'left'"
    )


# -- dependency ------------------------------------------------------------------------

CONLLU = (
    "# sent_id = 1\n"
    "1\tThe\tthe\tDET\tDT\tDefinite=Def\t2\tdet\t_\t_\n"
    "2\tcat\tcat\tNOUN\tNN\tNumber=Sing\t3\tnsubj\t_\t_\n"
    "3\tsat\tsit\tVERB\tVBD\tTense=Past\t0\troot\t_\t_"
)


def test_a_conllu_answer_inside_a_fence() -> None:
    text = f"Here is the CoNLL-U (10 columns):\n\n```conllu\n{CONLLU}\n```\n\nDone (I hope)."
    answer = one(text)
    assert (answer.status, answer.kind, answer.reason) == ("tree", "dependency", None)
    # The comment line before the rows is skipped, not part of what was found.
    assert answer.found == CONLLU.split("\n", 1)[1]
    assert answer.tree == DependencyTree(
        ("The", "cat", "sat"),
        (2, 3, 0),
        ("det", "nsubj", "root"),
        tags=("DT", "NN", "VBD"),
        ctags=("DET", "NOUN", "VERB"),
    )


def test_a_four_column_answer_with_spaces() -> None:
    # ID FORM HEAD DEPREL, separated by spaces; no tags.
    text = "Parse (CoNLL, 4 columns):\n1 The 2 det\n2 cat 3 nsubj\n3 sat 0 root\n"
    answer = one(text)
    assert (answer.status, answer.kind) == ("tree", "dependency")
    assert answer.found == "1 The 2 det\n2 cat 3 nsubj\n3 sat 0 root"
    tree = answer.tree
    assert (tree.words, tree.heads) == (("The", "cat", "sat"), (2, 3, 0))
    assert tree.rels == ("det", "nsubj", "root")
    assert (tree.tags, tree.ctags) == ((None,) * 3, (None,) * 3)


def test_multiword_tokens_and_empty_nodes_are_skipped() -> None:
    # "1-2" (a multiword token) and "2.1" (an empty node) are no tokens: IDs count 1, 2, 3.
    text = (
        "1-2\tThecat\t_\t_\t_\t_\t_\t_\t_\t_\n"
        "1\tThe\t_\t_\t_\t_\t2\tdet\t_\t_\n"
        "2\tcat\t_\t_\t_\t_\t3\tnsubj\t_\t_\n"
        "2.1\tgone\t_\t_\t_\t_\t_\t_\t_\t_\n"
        "3\tsat\t_\t_\t_\t_\t0\troot\t_\t_"
    )
    answer = one(text)
    assert answer.status == "tree"
    assert answer.tree.heads == (2, 3, 0)
    assert answer.tree.tags == (None,) * 3  # "_" cells are None


def test_rows_of_multiword_tokens_and_empty_nodes_alone_have_no_tokens() -> None:
    # Issue 45 (the sixth mutation run): a "1-2" and a "2.1" line are CoNLL rows, but no
    # token: the block has no word, which its reason says (not "no root").
    text = "1-2\tThecat\t_\t_\t_\t_\t_\t_\t_\t_\n2.1\tgone\t_\t_\t_\t_\t_\t_\t_\t_"
    answer = one(text)
    assert (answer.status, answer.kind, answer.tree) == ("invalid", "dependency", None)
    assert answer.reason == "the rows have no tokens, only multiword-token or empty-node lines"


def test_a_comment_line_inside_rows_and_prose_after_them() -> None:
    # Issue 45 (the sixth mutation run): a comment line (even indented) inside the rows
    # is skipped, prose after them ends them: the rows are one block, found without the
    # prose.
    rows = "1\tThe\t2\tdet\n  # checked\n2\tcat\t3\tnsubj\n3\tsat\t0\troot"
    answer = one(rows)
    assert (answer.status, answer.found) == ("tree", rows)
    rows = "1\tThe\t2\tdet\n2\tcat\t3\tnsubj\n3\tsat\t0\troot"
    assert one(f"{rows}\nThat is it.").found == rows
    # A block of rows after prose after another: each block is read.
    text = f"1 x 0 root\nThat was a guess; this is it:\n{rows}"
    assert (one(text).status, one(text).found) == ("tree", rows)


def test_tab_separated_rows_keep_spaces_inside_a_cell() -> None:
    # Issue 45 (the sixth mutation run): cells split at tabs (10 or 4 of them), so a FORM
    # with a space is one word; split at white space the rows would have 11 or 5 cells,
    # and be no rows.
    for row in ("1\tNew York\t_\tPROPN\t_\t_\t0\troot\t_\t_", "1\tNew York\t0\troot"):
        answer = one(row, ["New York"])
        assert (answer.status, answer.tree.words) == ("tree", ("New York",))


def test_a_numbered_line_of_prose_is_no_row() -> None:
    # Issue 45 (the sixth mutation run): "1 The cat sat" has four cells and an ID, but its
    # HEAD cell "cat" is no number: prose, and the tree below it is the answer.
    assert one(f"1 The cat sat\n\n{CAT_TREE}").found == CAT_TREE


def test_rows_beat_a_broken_bracketed_tree_of_the_same_words() -> None:
    # Issue 45 (the sixth mutation run): an unclosed bracketed tree (a broken nested tree,
    # ranked below a tree) and CoNLL rows, both with The cat sat: the rows are the tree,
    # although a bracketed tree wins a tie of everything else.
    text = (
        "(S (NP (DT The) (NN cat)) (VP (VBD sat))\n\n"
        "1\tThe\t2\tdet\n2\tcat\t3\tnsubj\n3\tsat\t0\troot"
    )
    answer = one(text)
    assert (answer.status, answer.kind, answer.reason) == ("tree", "dependency", None)
    assert answer.tree.heads == (2, 3, 0)


def test_a_cycle_is_invalid() -> None:
    # Heads 2, 3, 2: 2 -> 3 -> 2 (following heads), and no token hangs from the root.
    answer = one("1 The 2 det\n2 cat 3 nsubj\n3 sat 2 root")
    assert (answer.status, answer.tree, answer.kind) == ("invalid", None, "dependency")
    assert answer.reason == (
        "no root (no token has head 0); a dependency tree has one; a cycle: tokens 2 -> 3 -> 2"
    )
    # A token that is its own head, beside a root.
    assert one("1 The 1 det\n2 cat 3 nsubj\n3 sat 0 root").reason == (
        "a cycle: token 1 -> 1 (its own head)"
    )


def test_several_roots_are_invalid() -> None:
    # Tokens 2 and 3 both have head 0.
    answer = one("1 The 2 det\n2 cat 0 nsubj\n3 sat 0 root")
    assert (answer.status, answer.reason) == (
        "invalid",
        "2 roots (tokens 2 and 3); a dependency tree has one",
    )


def test_bad_heads_and_ids_are_invalid() -> None:
    # Head 7 in a sentence of 3 tokens.
    assert one("1 The 2 det\n2 cat 7 nsubj\n3 sat 0 root").reason == (
        "heads outside 0..3: token 2 ('cat') has head 7"
    )
    # IDs 1, 3, 3: the second row should be 2.
    assert one("1 The 2 det\n3 cat 0 nsubj\n3 sat 0 root").reason == (
        "token IDs must count 1..n: 3 where 2 was expected"
    )
    assert one("1 The _ det\n2 cat _ nsubj\n3 sat 0 root").reason == (
        "no head ('_') for tokens 1 and 2"
    )


def test_heads_outside_and_cycles_are_named_up_to_three_then_counted() -> None:
    # Issue 45 (the sixth mutation run): three problems of a kind are each named, the
    # fourth only counted. Five tokens a..e; heads 9 are outside 0..5.
    sentence = list("abcde")
    three = "heads outside 0..5: " + "; ".join(
        f"token {i} ({w!r}) has head 9" for i, w in ((1, "a"), (2, "b"), (3, "c"))
    )
    assert one("1 a 9 x\n2 b 9 x\n3 c 9 x\n4 d 0 root\n5 e 4 x", sentence).reason == three
    assert one("1 a 9 x\n2 b 9 x\n3 c 9 x\n4 d 9 x\n5 e 0 root", sentence).reason == (
        three + "; and 1 more"
    )
    # Tokens that are their own heads: each a cycle.
    cycles = "; ".join(f"a cycle: token {i} -> {i} (its own head)" for i in (1, 2, 3))
    assert one("1 a 1 x\n2 b 2 x\n3 c 3 x\n4 d 0 root\n5 e 4 x", sentence).reason == cycles
    assert one("1 a 1 x\n2 b 2 x\n3 c 3 x\n4 d 4 x\n5 e 0 root", sentence).reason == (
        cycles + "; and 1 more cycle"
    )
    # Five cycles and a root need six tokens: two more cycles, plural.
    six = list("abcdef")
    assert one("1 a 1 x\n2 b 2 x\n3 c 3 x\n4 d 4 x\n5 e 5 x\n6 f 0 root", six).reason == (
        cycles + "; and 2 more cycles"
    )


def test_brackets_in_conll_rows_are_words() -> None:
    # The FORM and LEMMA "(" and ")" of rows 2 and 4 make a balanced "( ( ... ) )" across
    # the rows; inside the rows they are words, and the rows are the tree.
    rows = (
        "1\tJohn\t_\tPROPN\tNNP\t_\t0\troot\t_\t_\n"
        "2\t(\t(\tPUNCT\t-LRB-\t_\t3\tpunct\t_\t_\n"
        "3\tJr\t_\tPROPN\tNNP\t_\t1\tappos\t_\t_\n"
        "4\t)\t)\tPUNCT\t-RRB-\t_\t3\tpunct\t_\t_"
    )
    answer = one(rows, ["John", "(", "Jr", ")"])
    assert (answer.status, answer.kind, answer.tree.heads) == ("tree", "dependency", (0, 3, 1, 3))


def test_an_unfaithful_dependency_answer() -> None:
    # FORMs The dog sat: word 2 changed.
    answer = one("1 The 2 det\n2 dog 3 nsubj\n3 sat 0 root", unfaithful="keep")
    assert (answer.status, answer.reason) == ("unfaithful", "word 2 changed: 'dog' for 'cat'")
    assert answer.tree.words == ("The", "dog", "sat")


# -- options and errors ------------------------------------------------------------------


def test_different_numbers_of_answers_and_sentences_are_an_error() -> None:
    with pytest.raises(OptionError) as err:
        read_answers([CAT_TREE, CAT_TREE, CAT_TREE], [CAT, CAT])
    assert str(err.value) == ("3 answers but 2 sentences; give one sentence per answer, in order")


def test_bad_options_are_errors() -> None:
    with pytest.raises(OptionError, match="kind must be one of 'constituency', 'dependency', None"):
        read_answers([CAT_TREE], [CAT], kind="brackets")
    with pytest.raises(OptionError, match="unfaithful must be one of 'missing', 'keep', not 'x'"):
        read_answers([CAT_TREE], [CAT], unfaithful="x")
    with pytest.raises(OptionError, match="texts is a str"):
        read_answers(CAT_TREE, [CAT])
    with pytest.raises(OptionError, match="sentence 1 is a str"):
        read_answers([CAT_TREE], ["The cat sat"])


def test_answer_counts() -> None:
    # tree, unfaithful (cats), invalid (unbalanced), invalid (no tree).
    answers = read_answers(
        [CAT_TREE, CAT_TREE.replace("cat", "cats"), CAT_TREE[:-1], "no"], [CAT] * 4
    )
    assert [a.status for a in answers] == ["tree", "unfaithful", "invalid", "invalid"]
    assert [a.number for a in answers] == [1, 2, 3, 4]
    assert answer_counts(answers) == {"tree": 1, "invalid": 2, "unfaithful": 1}
    assert answer_counts([]) == dict.fromkeys(ANSWER_STATUSES, 0)


# -- files ---------------------------------------------------------------------------------


def test_read_answers_file(tmp_path: Path) -> None:
    path = tmp_path / "answers.jsonl"
    lines = [
        json.dumps(f"```lisp\n{CAT_TREE}\n```"),  # line 1: a string
        "",  # line 2: blank, skipped
        json.dumps({"id": 2, "response": CAT_TREE[:-1], "text": "ignored"}),  # line 3
        json.dumps({"output": "1 The 2 det\n2 cat 3 nsubj\n3 sat 0 root"}),  # line 4
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    answers = read_answers_file(path, [CAT] * 3)
    # "response" comes before "text" in the keys' order, so line 3's answer is the tree.
    assert [(a.number, a.line, a.status, a.kind) for a in answers] == [
        (1, 1, "tree", "constituency"),
        (2, 3, "invalid", "constituency"),
        (3, 4, "tree", "dependency"),
    ]
    assert {a.file for a in answers} == {str(path)}
    assert answers[1].text == CAT_TREE[:-1]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "not JSON: Expecting property name enclosed in double quotes at column 2"),
        # An object without an answer's key, null and an array are invalid answers, no
        # longer errors: tests/test_answer_shapes.py.
    ],
)
def test_a_bad_line_names_the_file_and_line(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(CAT_TREE) + "\n\n" + line + "\n", encoding="utf-8")
    with pytest.raises(InputFormatError) as err:
        read_answers_file(path, [CAT, CAT])
    # The bad line is the third: the first holds an answer, the second is blank.
    assert (err.value.file, err.value.line) == (str(path), 3)
    assert str(err.value).startswith(f"{path}:3: {message}")


# -- scoring -------------------------------------------------------------------------------


def test_a_line_that_is_not_utf8_is_named_even_last_and_after_an_earlier_error(
    tmp_path: Path,
) -> None:
    # Issue 45 (the sixth mutation run): the second (last) line holds byte 0xff, its 8th
    # byte: an error naming line 2, not an answer read with a replacement character.
    path = tmp_path / "answers.jsonl"
    path.write_bytes(b'{"answer": "(S (X a))"}\n"(S (X \xff))"\n')
    with pytest.raises(InputFormatError) as err:
        read_answers_file(path, [["a"], ["b"]])
    assert str(err.value) == (
        f"{path}:2: the line is not UTF-8: byte 0xff at byte 8 cannot be decoded; "
        "convert the file to UTF-8 (for example with iconv -f latin1 -t utf-8)"
    )
    # A line 1 that is no JSON is the first error, before line 2's.
    path.write_bytes(b'not json\n"(S (X \xff))"\n')
    with pytest.raises(InputFormatError, match=r"answers\.jsonl:1: not JSON"):
        read_answers_file(path, [["a"], ["b"]])


def test_answers_are_scored_with_invalid_ones_missing() -> None:
    # Gold 1: S(0,3) NP(0,2) VP(2,3): 3 brackets (DT, NN, VBD are preterminals, no brackets).
    # Gold 2: S(0,3) NP(0,1) VP(1,3) ADVP(2,3): 4 brackets.
    # Answer 1 is gold 1 itself: 3 matched of 3 test brackets. Answer 2 is unbalanced:
    # invalid, a missing parse; missing="zero" scores it with no test bracket, its 4 gold
    # brackets missed. Recall 3/(3+4) = 3/7, precision 3/3.
    golds = [
        Tree.fromstring(CAT_TREE),
        Tree.fromstring("(S (NP (PRP I)) (VP (VBD left) (ADVP (RB early))))"),
    ]
    answers = read_answers(
        [f"```\n{CAT_TREE}\n```", "(S (NP (PRP I)) (VP (VBD left) (ADVP (RB early)))"], golds
    )
    assert [a.status for a in answers] == ["tree", "invalid"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ev = ParsevalEvaluator(answers, golds, missing="zero")
        precision, recall, _ = ev.eval()
    assert [m.number for m in ev.missing] == [2]
    assert ev.counts() == {"read": 2, "scored": 2, "missing": 1, "skipped": 0, "errors": 0}
    assert float(recall) == pytest.approx(3 / 7)
    assert float(precision) == 1.0
    assert any(issubclass(w.category, MissingParseWarning) for w in caught)


def test_repr_is_short() -> None:
    assert repr(one(CAT_TREE[:-1])) == (
        "Answer(number=1, status='invalid', kind='constituency', "
        "reason=\"unbalanced brackets: 1 '(' not closed\")"
    )


# -- issue 45: layouts of prose and trees -----------------------------------------------


def test_two_trees_on_consecutive_lines_are_invalid() -> None:
    # As side by side: two balanced trees where one belongs, one a line.
    answer = one("(NP (DT The) (NN cat))\n(VP (VBD sat))")
    assert (answer.status, answer.reason) == (
        "invalid",
        "2 bracketed trees in a row; one tree was expected",
    )


def test_prose_with_a_stray_parenthesis_after_the_tree_leaves_the_tree() -> None:
    # "a)" opens nothing and closes no bracket of the tree: prose, after a whole tree.
    answer = one(f"{CAT_TREE}\n\nNotes: a) the subject is an NP.")
    assert (answer.status, answer.found) == ("tree", CAT_TREE)


SETTINGS = settings(
    max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
PROSE = (
    "Here is the parse:",
    "Sure! (in PTB format)",
    "Notes: a) the subject is an NP, b) the verb is past tense.",
    "I hope this helps (let me know if not).",
    "The tree (with function tags left out):",
    "",
)
FENCES = (("", ""), ("```\n", "\n```"), ("```lisp\n", "\n```"), ("~~~\n", "\n~~~"))


@SETTINGS
@given(
    before=st.lists(st.sampled_from(PROSE), max_size=2),
    after=st.lists(st.sampled_from(PROSE), max_size=2),
    fence=st.sampled_from(FENCES),
    pretty=st.booleans(),
)
def test_one_tree_in_any_layout_of_prose_is_that_tree(before, after, fence, pretty) -> None:
    # Prose before and after (parentheses of prose included), a fence or none, the tree
    # on one line or over several: the answer is the tree, and only the tree.
    tree = Tree.fromstring(CAT_TREE).pformat(margin=20) if pretty else CAT_TREE
    text = "\n".join([*before, f"{fence[0]}{tree}{fence[1]}", *after])
    answer = one(text)
    assert (answer.status, answer.reason) == ("tree", None), text
    assert answer.tree == Tree.fromstring(CAT_TREE), text


@SETTINGS
@given(
    before=st.lists(st.sampled_from(PROSE), max_size=2),
    after=st.lists(st.sampled_from(PROSE), max_size=2),
    fence=st.sampled_from(FENCES),
    between=st.sampled_from([" ", "\n", "  \n"]),
)
def test_two_trees_in_a_row_in_any_layout_are_invalid(before, after, fence, between) -> None:
    # NP and VP without the S over them, side by side or one a line: one tree was asked.
    trees = f"(NP (DT The) (NN cat)){between}(VP (VBD sat))"
    text = "\n".join([*before, f"{fence[0]}{trees}{fence[1]}", *after])
    answer = one(text)
    assert (answer.status, answer.reason) == (
        "invalid",
        "2 bracketed trees in a row; one tree was expected",
    ), text


ROWS = (
    CONLLU.split("\n", 1)[1],  # 10 columns, tabs
    "1\tThe\t2\tdet\n2\tcat\t3\tnsubj\n3\tsat\t0\troot",  # 4 columns, tabs
    "1 The 2 det\n2 cat 3 nsubj\n3 sat 0 root",  # 4 columns, spaces
)
ROW_FENCES = (*FENCES, ("```conllu\n", "\n```"))


@SETTINGS
@given(
    before=st.lists(st.sampled_from(PROSE), max_size=2),
    after=st.lists(st.sampled_from(PROSE), max_size=2),
    fence=st.sampled_from(ROW_FENCES),
    rows=st.sampled_from(ROWS),
    comment=st.booleans(),
)
def test_rows_in_any_layout_of_prose_are_that_tree(before, after, fence, rows, comment) -> None:
    # Issue 45's classes: the dependency side of the layouts above. CoNLL rows of The cat
    # sat (heads 2 3 0, by hand) in 10 or 4 columns, a comment line before them or none,
    # prose before and after (its parentheses are flat pairs of other words, which rows
    # of the sentence's three words beat): the answer is the rows, and only them.
    block = f"# sent_id = 1\n{rows}" if comment else rows
    text = "\n".join([*before, f"{fence[0]}{block}{fence[1]}", *after])
    answer = one(text)
    assert (answer.status, answer.kind, answer.reason) == ("tree", "dependency", None), text
    assert answer.found == rows, text
    assert (answer.tree.words, answer.tree.heads) == (("The", "cat", "sat"), (2, 3, 0)), text
    assert answer.tree.rels == ("det", "nsubj", "root"), text


# -- issue 45: the fifth mutation run (docs/mutation.md) --------------------------------


def held_reason(value: object) -> str | None:
    # Beside a tree: a file whose every object lacks an answer's key is an error instead.
    return read_answers([value, CAT_TREE], [CAT, CAT])[0].reason


def test_an_api_error_with_a_message_alone_or_neither_is_said_as_it_is() -> None:
    # No code, type or status: the message alone. Neither a message nor a label: the
    # error as JSON, its characters as they are (not \u escapes), at most 80 of them.
    assert held_reason({"error": {"message": "Overloaded"}}) == "API error: 'Overloaded'"
    assert held_reason({"error": {"detail": "café"}}) == 'API error: \'{"detail": "café"}\''
    # '{"detail": "' is 12 characters, so 68 of the 100 x's fit in the 80 shown.
    long = held_reason({"error": {"detail": "x" * 100}})
    assert long == 'API error: \'{"detail": "' + "x" * 68 + "'…"


def test_an_object_without_an_answer_names_five_keys_then_counts_the_rest() -> None:
    five = "no answer text: an object without an answer's key (its keys: 'a', 'b', 'c', 'd', 'e'"
    assert held_reason(dict.fromkeys("abcde", 0)) == five + ")"
    assert held_reason(dict.fromkeys("abcdef", 0)) == five + " and 1 more)"


def test_blocks_and_values_that_hold_no_text_are_named_by_their_json_type() -> None:
    # In a list of blocks: null, an array, an object whose "type" is no name (5).
    assert held_reason({"content": [None, ["x"], {"type": 5}]}) == (
        "no answer text: no text block at 'content' (its blocks: null, array, object)"
    )
    # A Python value of no JSON type inside a dict: its type's name.
    assert held_reason({"answer": (1, 2)}) == "no answer text: a JSON tuple at 'answer'"


def test_headless_and_extra_root_tokens_are_numbered_one_or_as_a_list() -> None:
    # One token without a head; then three roots (1, 2 and 4) among four tokens.
    answer = one("1\tThe\t_\tdet\n2\tcat\t3\tnsubj\n3\tsat\t0\troot")
    assert answer.reason == "no head ('_') for token 1"
    rows = "1\tThe\t0\troot\n2\tcat\t0\troot\n3\tsat\t2\tnsubj\n4\there\t0\troot"
    answer = one(rows, ["The", "cat", "sat", "here"])
    assert answer.reason == "3 roots (tokens 1, 2 and 4); a dependency tree has one"


def test_the_repr_of_an_answer_read_from_a_file_names_its_place() -> None:
    [answer] = read_answers([CAT_TREE], [CAT], file="answers.jsonl", lines=[3])
    assert repr(answer) == (
        "Answer(number=1, status='tree', kind='constituency', reason=None, "
        "file='answers.jsonl', line=3)"
    )


def test_an_api_errors_status_names_it_and_a_label_of_prose_is_quoted() -> None:
    # Gemini's error: "code" is a number, so its "status" names it. A label that is no
    # word (spaces, parentheses) is quoted as input is.
    gemini = {"code": 429, "message": "Resource has been exhausted", "status": "RESOURCE_EXHAUSTED"}
    assert held_reason({"error": gemini}) == (
        "API error: RESOURCE_EXHAUSTED: 'Resource has been exhausted'"
    )
    prose = {"type": "rate limit (per minute)", "message": "slow down"}
    assert held_reason({"error": prose}) == "API error: 'rate limit (per minute)': 'slow down'"


def test_a_responses_api_message_cut_off_says_so_after_the_reason() -> None:
    # OpenAI's Responses API marks a message cut off by "status": "incomplete"; the tree
    # in it has 6 '(' and 3 ')'.
    text = {"type": "output_text", "text": "(S (NP (DT The) (NN cat)) (VP (VBD"}
    cut = {"type": "message", "status": "incomplete", "content": [text]}
    assert held_reason({"output": [cut]}) == (
        "unbalanced brackets: 3 '(' not closed; the response was cut off: status 'incomplete'"
    )


def test_a_gemini_thought_is_skipped_and_string_blocks_are_joined() -> None:
    # The thought holds a tree of the sentence's words too: read, it would come first.
    thought = {"text": "(S (NP The cat) (VP sat))", "thought": True}
    gemini = {"candidates": [{"content": {"parts": [thought, {"text": CAT_TREE}]}}]}
    [answer, _] = read_answers([gemini, CAT_TREE], [CAT, CAT])
    assert (answer.status, answer.found) == ("tree", CAT_TREE)
    [answer, _] = read_answers([{"content": [CAT_TREE[:26], CAT_TREE[26:]]}, CAT_TREE], [CAT, CAT])
    assert (answer.status, answer.found) == ("tree", CAT_TREE)


def test_an_api_errors_message_is_cut_at_80_characters_with_a_label_or_without() -> None:
    y, z = "y" * 100, "z" * 100
    assert held_reason({"error": {"message": y}}) == f"API error: '{y[:80]}'…"
    assert held_reason({"error": {"type": "overloaded_error", "message": y}}) == (
        f"API error: overloaded_error: '{y[:80]}'…"
    )
    assert held_reason({"error": z}) == f"API error: '{z[:80]}'…"


# -- issue 45: the seventh mutation run (docs/mutation.md) ------------------------------


def _error(call: Any) -> str:
    with pytest.raises((OptionError, InputFormatError, TedEvalError)) as err:
        call()
    return str(err.value)


def test_every_refusal_of_read_answers_names_the_file_and_the_line() -> None:
    # Issue 45 (the seventh mutation run): each refusal says where, as a file's reader
    # would ("file:line: ..."), and what; the texts by hand from each check's message.
    def call(texts: Any, sentences: Any = (CAT,), **options: Any) -> str:
        return _error(lambda: read_answers(texts, list(sentences), file="a.jsonl", **options))

    assert call([CAT_TREE], kind="x") == (
        "a.jsonl: kind must be one of 'constituency', 'dependency', None, not 'x'"
    )
    assert call([CAT_TREE], unfaithful="x") == (
        "a.jsonl: unfaithful must be one of 'missing', 'keep', not 'x'"
    )
    assert call(CAT_TREE) == (
        "a.jsonl: texts is a str, not a list of answers; wrap a single answer in a list: [text]"
    )
    assert _error(lambda: read_answers([CAT_TREE], "The cat sat")) == (
        "sentences is a str, not a corpus of trees; read a file or a string into trees "
        "first (nltk_tedeval.read_file or read_text)"
    )
    assert call([CAT_TREE, CAT_TREE]) == (
        "a.jsonl: 2 answers but 1 sentence; give one sentence per answer, in order"
    )
    assert call([CAT_TREE], lines=[1, 2]) == (
        "a.jsonl: 1 answer but 2 line numbers; give one line per answer"
    )
    # The second answer (on line 7) is no JSON value.
    assert call([CAT_TREE, 3j], [CAT, CAT], lines=[4, 7]) == (
        "a.jsonl:7: answer 2 is of type complex, neither a string nor a JSON value; give "
        "a response as a dict (an SDK's object: its .model_dump())"
    )
    # Not one object holds an answer: the first one's keys are named, at its line.
    unknown = [{"x": 1}, {"y": 2}]
    said = (
        "no object holds an answer under a key read (SPEC.md §14; the first one's keys: "
        "'x'): put each answer under 'answer'"
    )
    assert call(unknown, [CAT, CAT], lines=[4, 7]) == f"a.jsonl:4: {said}"
    assert call(unknown, [CAT, CAT]) == f"a.jsonl: {said}"
    # A sentence that is neither words nor a tree, and a tree without words.
    assert call([CAT_TREE], [5]) == (
        "a.jsonl: sentence 1 is an int; give a list of its words (str.split() for a text) "
        "or its gold tree"
    )
    assert call([CAT_TREE], [Tree("S", [])]) == "a.jsonl: sentence 1: the tree has no words"
    # A tree holding what no tree holds (a number), a graph with a word None: named, not
    # a TypeError (the seventh mutation run's finding).
    unreadable = (
        "a.jsonl: sentence 1 is a {} whose words cannot be read (a child that is neither a "
        "tree nor a word, or a word that is not a string); give a list of its words or a "
        "well-formed tree"
    )
    assert call([CAT_TREE], [Tree("S", [Tree("NP", ["a"]), 5])]) == unreadable.format("Tree")
    graph = DependencyGraph("a X 0 ROOT")
    graph.nodes[1]["word"] = None
    assert call([CAT_TREE], [graph]) == unreadable.format("DependencyGraph")


def test_an_invalid_answer_keeps_its_file_and_line() -> None:
    # Prose without a tree, and a broken tree: both invalid, each at its file and line.
    # And an unfaithful one (dog for cat).
    answers = read_answers(
        ["No idea.", "(S (NP (DT The) (NN cat))", CAT_TREE.replace("cat", "dog")],
        [CAT, CAT, CAT],
        file="a.jsonl",
        lines=[3, 9, 12],
    )
    assert [(a.status, a.file, a.line) for a in answers] == [
        ("invalid", "a.jsonl", 3),
        ("invalid", "a.jsonl", 9),
        ("unfaithful", "a.jsonl", 12),
    ]
    assert answers[0].reason == NO_TREE
    assert answers[1].reason == "unbalanced brackets: 1 '(' not closed"


def test_a_bracketed_tree_wins_a_tie_with_rows_even_after_them() -> None:
    # Rows first, then the same sentence as a bracketed tree: the same words (3 matched),
    # both tier 0, the same length: the bracketed tree wins the tie (SPEC.md §14),
    # though the rows come first.
    rows = "1 The 2 det\n2 cat 3 nsubj\n3 sat 0 root"
    answer = one(f"{rows}\n\n{CAT_TREE}")
    assert (answer.status, answer.kind, answer.found) == ("tree", "constituency", CAT_TREE)
    # Asked for a constituency tree, rows alone are no tree at all.
    answer = one(rows, kind="constituency")
    assert (answer.status, answer.kind, answer.found) == ("invalid", None, None)
    # And asked for one, rows in a fence are passed over for the tree after it.
    answer = one(f"```\n{rows}\n```\n{CAT_TREE}", kind="constituency")
    assert (answer.status, answer.found) == ("tree", CAT_TREE)


def test_a_fence_is_read_alone_and_holds_a_tree_only_beyond_prose() -> None:
    dog = "(S (NP (DT A) (NN dog)) (VP (VBD ran)))"
    # A ~~~ fence is a fence: its tree (another sentence's) is the answer, not the one
    # after it.
    answer = one(f"~~~\n{dog}\n~~~\nor maybe {CAT_TREE}")
    assert (answer.status, answer.found) == ("unfaithful", dog)
    # Rows of other words in a fence: the fence's answer, though the right rows follow it
    # (a fence is read up to its end only).
    answer = one("```\n1 x 0 root\n```\n1 The 2 det\n2 cat 3 nsubj\n3 sat 0 root")
    assert (answer.status, answer.found) == ("unfaithful", "1 x 0 root")
    # A broken tree of other words in a fence (a ')' too many) is more than prose: the
    # fence's answer, not the tree after it.
    broken = "(NP (DT A) (NN dog)))"
    answer = one(f"```\n{broken}\n```\n{CAT_TREE}")
    assert (answer.status, answer.found) == ("invalid", broken)
    assert answer.reason == "unbalanced brackets: a ')' with no '(' before it"
    # Prose in parentheses alone in a fence is not: the tree after the fence is.
    answer = one(f"```\n(in PTB format)\n```\n{CAT_TREE}")
    assert (answer.status, answer.found) == ("tree", CAT_TREE)


def test_a_tree_inside_a_rows_form_cell_is_a_word_not_a_tree() -> None:
    # Tab-separated rows keep spaces in a cell: a FORM that is a whole bracketed tree is
    # one word of the rows, and the brackets in it are no candidate of their own, though
    # they hold the sentence's three words: the rows are the answer, one word changed
    # and two dropped.
    rows = "1\t(S (NP The cat) (VP sat))\t0\troot"
    answer = one(rows)
    assert (answer.kind, answer.found) == ("dependency", rows)
    assert answer.status == "unfaithful"


def test_old_mac_and_windows_line_ends_in_rows() -> None:
    # CR alone (old Mac) and CRLF line ends separate rows as LF does: one block of three
    # rows, not three blocks or one line.
    for end in ("\r", "\r\n"):
        text = end.join(["1 The 2 det", "2 cat 3 nsubj", "3 sat 0 root"])
        answer = one(text)
        assert (answer.status, answer.tree.heads) == ("tree", (2, 3, 0)), repr(end)


def test_a_null_deep_in_a_response_is_the_apis_not_a_failed_call() -> None:
    # "(a failed API call?)" is said of a null that is the whole answer only; a null at a
    # path of a list's item or an object's key is the API's own.
    assert one({"choices": [None]}).reason == "no answer text: null at 'choices[0]'"
    assert one({"message": {"content": None}}).reason == (
        "no answer text: null at 'message.content'"
    )
    assert one(None).reason == "no answer text: null (a failed API call?)"


def test_a_failure_inside_a_response_is_said_without_an_outer_cut_off() -> None:
    # An API error or a refusal deep in a response is the answer's reason as it is: the
    # outer object's cut-off is not said after it (a cut-off is said after the reason of
    # an answer found invalid, and a failure is no answer found).
    cut = {"finish_reason": "length"}
    assert one({"choices": [{"error": {"message": "boom"}}], **cut}).reason == ("API error: 'boom'")
    assert one({"candidates": [{"finishReason": "SAFETY"}], **cut}).reason == (
        "refused or filtered: finishReason 'SAFETY'"
    )
    filtered = {"message": {"content": CAT_TREE}, "finish_reason": "content_filter"}
    answer = one({"choices": [filtered], **cut})
    assert answer.reason == "refused or filtered: finish_reason 'content_filter'"
    assert answer.text == CAT_TREE  # the text there was
    # In content blocks, an error block is the answer's failure, not an empty piece.
    assert one({"content": [{"type": "text", "error": {"message": "boom"}}]}).reason == (
        "API error: 'boom'"
    )


def test_an_inner_cut_off_is_said_not_the_outer_one() -> None:
    # Both the response and its record say the answer was cut: the note is the inner
    # response's own (stop_reason), found first.
    inner = {"content": [{"type": "text", "text": "(S (NP"}], "stop_reason": "max_tokens"}
    answer = one({"response": inner, "finish_reason": "length"})
    assert answer.reason == (
        "unbalanced brackets: 2 '(' not closed; the response was cut off: stop_reason 'max_tokens'"
    )


def test_words_repeated_through_a_long_sentence_still_choose_the_tree() -> None:
    # Issue 45 (the seventh mutation run): as _differences, the ranking matches words
    # without difflib's popular-element heuristic. The sentence: c, then a b a hundred
    # times (201 words). A broken tree of them with word 2 changed (Z for a) matches 200;
    # a whole tree "(S (X c))" matches 1. Under the heuristic, a and b (each more than 1%
    # of the 201) would match only where a match of other words extends to them, here
    # nowhere past Z: the broken tree would match c alone, a tie of 1 that the whole
    # tree wins.
    sentence = ["c", *(["a", "b"] * 100)]
    broken = "(S " + " ".join(f"(W {w})" for w in ["c", "Z", *sentence[2:]])
    answer = one(f"(S (X c))\n\n{broken}", sentence)
    assert (answer.status, answer.found) == ("invalid", broken)
    assert answer.reason == "unbalanced brackets: 1 '(' not closed"
