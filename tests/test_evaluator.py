"""The shared evaluator loop: several systems, skipping, reader records."""

from __future__ import annotations

import pytest

from nltk_tedeval import (
    DependencyTree,
    MissingParseWarning,
    SentenceCountError,
    YieldMismatchError,
)
from nltk_tedeval.metrics.attachment import AttachmentEvaluator
from nltk_tedeval.reading import read_text

WORDS = ("John", "saw", "Mary")
GOLD = DependencyTree(WORDS, (2, 0, 2), ("nsubj", "root", "obj"))
GOOD = DependencyTree(WORDS, (2, 0, 2), ("nsubj", "root", "iobj"))
OTHER_WORDS = DependencyTree(("Jon", "saw", "Mary"), (2, 0, 2), ("nsubj", "root", "obj"))


def test_a_parse_bad_in_one_system_is_that_systems_failed_parse():
    golds = [GOLD, GOLD, GOLD]
    sys1 = [GOLD, GOOD, GOOD]
    sys2 = [GOLD, OTHER_WORDS, GOLD]  # sentence 2 has another yield
    with pytest.warns(MissingParseWarning, match=r"\(sys2: 1; 1 of them bad input\)"):
        a, b = AttachmentEvaluator.evaluate_systems(
            golds, [sys1, sys2], names=["sys1", "sys2"], on_error="skip"
        )
    # Under missing="skip" (the default) a failed parse leaves its sentence out of every
    # system alike, as a missing parse does (SPEC.md §10): the pair stays comparable.
    assert a.numbers == b.numbers == [1, 3]
    assert a.skipped == []
    assert [(m.number, m.systems) for m in a.missing] == [(2, ("sys2",))]
    (bad,) = a.bad_parses
    assert (bad.number, bad.system) == (2, "sys2")
    assert "'John'" in bad.reason and "'Jon'" in bad.reason
    # sys1 over sentences 1 and 3: 6 tokens, one wrong label (sentence 3).
    assert float(a.eval()[0]) == pytest.approx(5 / 6)
    assert float(b.eval()[0]) == 1.0
    # Sentence 2 leaves no trace in the per-relation counts: one iobj predicted.
    assert a.relation_scores()["iobj"].predicted == 1
    assert a.significance(b, "LAS", rounds=99).sentences == 2


def test_under_zero_only_the_system_of_the_bad_parse_loses_the_sentence():
    golds = [GOLD, GOLD, GOLD]
    sys1 = [GOLD, GOOD, GOOD]
    sys2 = [GOLD, OTHER_WORDS, GOLD]
    with pytest.warns(MissingParseWarning):
        a, b = AttachmentEvaluator.evaluate_systems(
            golds, [sys1, sys2], names=["sys1", "sys2"], on_error="skip", missing="zero"
        )
    assert a.numbers == b.numbers == [1, 2, 3]
    # sys1: 9 tokens, a wrong label in sentences 2 and 3. sys2: sentence 2 nothing right.
    assert float(a.eval()[0]) == pytest.approx(7 / 9)
    assert float(b.eval()[0]) == pytest.approx(6 / 9)
    assert a.counts() == {"read": 3, "scored": 3, "missing": 1, "skipped": 0}


def test_a_bad_gold_leaves_its_sentence_out_of_every_system():
    bad_gold = DependencyTree(WORDS, (2, 0, 3), ("nsubj", "root", "obj"), check=False)  # Mary
    a, b = AttachmentEvaluator.evaluate_systems(
        [GOLD, bad_gold], [[GOLD, GOLD], [GOLD, GOOD]], on_error="skip", missing="zero"
    )
    assert a.numbers == b.numbers == [1]
    assert [s.number for s in a.skipped] == [2] and a.missing == [] and a.bad_parses == []


def test_without_skip_the_first_bad_sentence_stops_the_run():
    with pytest.raises(YieldMismatchError, match="sentence 2"):
        AttachmentEvaluator.evaluate_systems([GOLD, GOLD], [[GOLD, GOLD], [GOLD, OTHER_WORDS]])


def test_systems_of_other_lengths_are_refused():
    with pytest.raises(SentenceCountError, match="sys2 has 1"):
        AttachmentEvaluator.evaluate_systems(
            [GOLD, GOLD], [[GOLD, GOLD], [GOLD]], names=["a", "sys2"]
        )


def test_reader_records_give_errors_a_file_and_line():
    first = "John NNP 2 nsubj\nsaw VBD 0 root\nMary NNP 2 obj\n"
    gold = first + "\n" + first
    parse = first + "\n" + first.replace("John", "Jon")
    golds = list(read_text(gold, name="gold.malt"))
    parses = list(read_text(parse, name="parse.malt"))
    ev = AttachmentEvaluator(parses, golds, on_error="skip")
    with pytest.warns(MissingParseWarning):
        assert ev.numbers == [1] and ev.missing[0].number == 2
    assert ev.bad_parses[0].reason == (
        "sentence 2: the yields differ at token 1: gold has 'John', parse has 'Jon' "
        "(gold gold.malt:5, parse parse.malt:5)"
    )
    bad = list(
        read_text(
            parse.replace("2 obj\n\nJon", "x obj\n\nJon"), name="parse.malt", on_error="collect"
        )
    )
    with pytest.raises(Exception, match=r"parse\.malt:3: sentence 1"):
        AttachmentEvaluator(bad, golds).eval()
