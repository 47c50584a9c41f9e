"""The shared evaluator loop: several systems, skipping, reader records."""

from __future__ import annotations

import pytest

from nltk_tedeval import DependencyTree, SentenceCountError, YieldMismatchError
from nltk_tedeval.metrics.attachment import AttachmentEvaluator
from nltk_tedeval.reading import read_text

WORDS = ("John", "saw", "Mary")
GOLD = DependencyTree(WORDS, (2, 0, 2), ("nsubj", "root", "obj"))
GOOD = DependencyTree(WORDS, (2, 0, 2), ("nsubj", "root", "iobj"))
OTHER_WORDS = DependencyTree(("Jon", "saw", "Mary"), (2, 0, 2), ("nsubj", "root", "obj"))


def test_a_sentence_bad_for_one_system_is_left_out_of_all():
    golds = [GOLD, GOLD, GOLD]
    sys1 = [GOLD, GOOD, GOOD]
    sys2 = [GOLD, OTHER_WORDS, GOLD]  # sentence 2 has another yield
    a, b = AttachmentEvaluator.evaluate_systems(
        golds, [sys1, sys2], names=["sys1", "sys2"], on_error="skip"
    )
    assert a.numbers == b.numbers == [1, 3]
    assert [s.number for s in a.skipped] == [2]
    assert "'John'" in a.skipped[0].reason and "'Jon'" in a.skipped[0].reason
    # sys1 over sentences 1 and 3: 6 tokens, one wrong label (sentence 3).
    assert float(a.eval()[0]) == pytest.approx(5 / 6)
    assert float(b.eval()[0]) == 1.0
    # Sentence 2 leaves no trace in the per-relation counts: one iobj predicted.
    assert a.relation_scores()["iobj"].predicted == 1
    assert a.significance(b, "LAS", rounds=99).sentences == 2


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
    assert ev.numbers == [1] and ev.skipped[0].number == 2
    bad = list(
        read_text(
            parse.replace("2 obj\n\nJon", "x obj\n\nJon"), name="parse.malt", on_error="collect"
        )
    )
    with pytest.raises(Exception, match=r"parse\.malt:3: sentence 1"):
        AttachmentEvaluator(bad, golds).eval()
