"""Batches as a contract of the sentence loop (issue 27).

A scorer may score a run of consecutive sentences at once (``score_batch``);
the loop decides the runs and scores per sentence whatever a batch leaves.
ParsEval scores whole blocks of one-tree-per-line files this way, and only
while its per-sentence methods are ParsEval's own: a subclass that changes
them has every sentence scored by them.
"""

from __future__ import annotations

import gc
import warnings
from typing import Any

import pytest

from nltk_tedeval import JpEvalbEvaluator, ParsevalEvaluator
from nltk_tedeval.errors import TedEvalError
from nltk_tedeval.metrics.evalb_row import COLUMNS
from nltk_tedeval.reading import read_text
from nltk_tedeval.scoring.loop import BATCH_SENTENCES, Sentence, sentence_loop
from nltk_tedeval.scoring.options import RunOptions

# Small inputs, read through blocks as these tests mean them (conftest.blocks_always).
pytestmark = pytest.mark.usefixtures("blocks_always")

# -- the loop ---------------------------------------------------------------------------


class Tens:
    """Scores a sentence as its gold number; a batch scores even numbers, ten times over.

    What each way gives differs, so the table shows which one scored a sentence.
    """

    columns = (("value",),)

    def __init__(self) -> None:
        self.batches: list[list[int]] = []
        self.alone: list[int] = []

    def score(self, s: Sentence) -> tuple[Any, Any]:
        self.alone.append(s.number)
        return ((s.golds[0],),), None

    def score_batch(self, sentences: list[Sentence]) -> list[Any]:
        self.batches.append([s.number for s in sentences])
        return [(((10 * s.golds[0],),), None) if s.golds[0] % 2 == 0 else None for s in sentences]


def test_the_loop_cuts_the_runs_and_scores_what_a_batch_leaves() -> None:
    assert BATCH_SENTENCES == 256
    golds = list(range(1, 601))
    parses = [None if n == 5 else n for n in golds]  # sentence 5 has no parse
    scorer = Tens()
    with warnings.catch_warnings(record=True):
        run = sentence_loop([("gold", golds)], [("sys", parses)], scorer)
    # Runs of 256 input sentences: the missing one keeps its place in the
    # first and is not handed over.
    assert scorer.batches == [
        [n for n in range(1, 257) if n != 5],
        list(range(257, 513)),
        list(range(513, 601)),
    ]
    assert scorer.alone == [n for n in golds if n % 2 == 1 and n != 5]
    expected = [10 * n if n % 2 == 0 else n for n in golds if n != 5]
    assert run.tables[0].array[:, 0].tolist() == expected
    assert run.numbers == [n for n in golds if n != 5]
    assert run.counts() == {"read": 600, "scored": 599, "missing": 1, "skipped": 0}


def test_a_scorer_without_batches_is_scored_sentence_by_sentence_as_it_streams() -> None:
    class Alone:
        columns = (("value",),)

        def __init__(self) -> None:
            self.seen: list[int] = []

        def score(self, s: Sentence) -> tuple[Any, Any]:
            self.seen.append(s.number)
            return ((s.golds[0],),), None

    scorer = Alone()
    got = []

    def keep(note: Any) -> None:
        # Sentence k is scored when the loop reaches it, not a run ahead.
        got.append(len(scorer.seen))

    sentence_loop([("gold", [3, 4, 5])], [("sys", [3, 4, 5])], scorer, keep=keep)
    assert got == [1, 2, 3]


def test_an_error_in_a_batch_run_is_the_sentence_scorers() -> None:
    # The batch decides nothing for odd numbers; score raises for 3, which is
    # skipped (on_error="skip") while its neighbours keep their batch rows.
    class Failing(Tens):
        def score(self, s: Sentence) -> tuple[Any, Any]:
            if s.number == 3:
                raise TedEvalError("bad three")
            return super().score(s)

    run = sentence_loop(
        [("gold", [1, 2, 3, 4])],
        [("sys", [1, 2, 3, 4])],
        Failing(),
        options=RunOptions(on_error="skip"),
    )
    assert run.tables[0].array[:, 0].tolist() == [1, 20, 40]
    assert [(s.number, s.reason) for s in run.skipped] == [(3, "sentence 3: bad three")]


def test_worker_processes_use_batches_too() -> None:
    scorer = Tens()
    scorer.batch_size = 3  # type: ignore[attr-defined]
    run = sentence_loop(
        [("gold", [1, 2, 3, 4, 5])],
        [("sys", [1, 2, 3, 4, 5])],
        scorer,
        options=RunOptions(jobs=2),
    )
    assert run.tables[0].array[:, 0].tolist() == [1, 20, 3, 40, 5]


# -- ParsEval ----------------------------------------------------------------------------

GOLD = ["(S (NP (DT the) (NN dog)) (VP (VBD saw) (NP (PRP it))) (. .))"] * 3
TEST = [
    "(S (NP (DT the) (NN dog)) (VP (VBD saw) (PRP it)) (. .))",
    "(S (NP (DT the) (NN dog)) (VP (VBD saw) (NP (PRP it))) (. .))",
    "(S (NP (DT the) (NN cat)) (VP (VBD saw) (NP (PRP it))) (. .))",
]
# By hand: "." is deleted, so 4 kept words (the dog saw it), length 5; gold
# S(0,4) NP(0,2) VP(2,4) NP(3,4); the first parse lacks NP(3,4); the third
# has "cat" for "dog", EVALB's error sentence (counted, length 5, nothing else).
ROWS = [
    [1, 1, 0, 0, 3, 4, 3, 0, 0, 1, 1, 4, 4, 5],
    [1, 1, 0, 0, 4, 4, 4, 1, 0, 1, 1, 4, 4, 5],
    [1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5],
]


def blocks(lines: list[str], name: str) -> Any:
    """The lines read as the command line reads them: a block at a time, into BlockTrees."""
    text = "\n".join(lines) + "\n"
    return read_text(text, "ptb", name=name, one_per_line=True, nltk_trees=False)


def with_cut(row: list[int]) -> list[int]:
    return row + row[:13]  # every sentence here has length 5 <= 40


def test_parseval_scores_whole_blocks_through_the_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    per_sentence = ParsevalEvaluator._sentence_stats

    def counted(self: ParsevalEvaluator, parsed: Any, gold: Any) -> Any:
        calls.append(1)
        return per_sentence(self, parsed, gold)

    # Patched on the class itself: still ParsEval's own method, so still batched.
    monkeypatch.setattr(ParsevalEvaluator, "_sentence_stats", counted)
    ev = ParsevalEvaluator(blocks(TEST, "test"), blocks(GOLD, "gold"))
    assert ev.stats.array.tolist() == [with_cut(r) for r in ROWS]
    assert len(calls) == 1  # the error sentence, which the blocks leave to EVALB's replay
    assert [e.sentence for e in ev.errors] == [3]


def test_a_subclass_that_changes_the_sentence_rows_gets_no_block_path() -> None:
    class NoTags(ParsevalEvaluator):
        """ParsEval without tagging accuracy: no tag is counted right."""

        def _sentence_stats(self, parsed: Any, gold: Any) -> Any:
            row, error = super()._sentence_stats(parsed, gold)
            row[COLUMNS.index("correct_tags")] = row[COLUMNS.index("correct_tags_cut")] = 0
            return row, error

    assert ParsevalEvaluator._scores_batches() and not NoTags._scores_batches()
    ev = NoTags(blocks(TEST, "test"), blocks(GOLD, "gold"))
    # Every sentence went through the subclass's method, those the blocks
    # decide included: were the block path inherited, 8 tags would be right.
    assert ev.stats.totals(["correct_tags", "correct_tags_cut"]).tolist() == [0, 0]
    expected = [with_cut(r) for r in ROWS]
    for row in expected:
        row[12] = row[26] = 0
    assert ev.stats.array.tolist() == expected


def test_the_block_path_is_tied_to_the_methods_it_replays() -> None:
    class Renamed(ParsevalEvaluator):
        metric = "renamed"  # changes no row: still batched

    class OwnSides(ParsevalEvaluator):
        def _side(self, sent: Any, which: str, rules: Any) -> Any:
            return super()._side(sent, which, rules)

    assert Renamed._scores_batches()
    assert not OwnSides._scores_batches()
    assert not JpEvalbEvaluator._scores_batches()  # its own rows, jp-evalb's
    ev = Renamed(blocks(TEST, "test"), blocks(GOLD, "gold"))
    assert ev.stats.array.tolist() == [with_cut(r) for r in ROWS]


def test_several_systems_share_the_batches_sentence_by_sentence() -> None:
    # System b has an empty line for sentence 1 (a skip sentence) and the
    # good parse for 2: the batch decides 2 for both systems, and sentence 1
    # goes to the per-sentence replay for both, since b's line is no block line.
    second = ["", TEST[1], TEST[2]]
    a, b = ParsevalEvaluator.evaluate_systems(
        blocks(GOLD, "gold"),
        [blocks(TEST, "a"), blocks(second, "b")],
        names=["a", "b"],
        missing="zero",
    )
    # Under missing="zero" the empty line is a valid sentence with no test
    # bracket and no right tag: 4 gold brackets, 4 words, none complete. So is
    # sentence 3's parse, of another word: EVALB's error sentence, under zero its
    # system's failed parse (SPEC.md §10), in both systems.
    zero = [1, 1, 0, 0, 0, 4, 0, 0, 0, 1, 1, 4, 0, 5]
    assert a.stats.array.tolist() == [with_cut(r) for r in (ROWS[0], ROWS[1], zero)]
    assert b.stats.array.tolist() == [with_cut(r) for r in (zero, ROWS[1], zero)]


# -- the collector while a run lives ----------------------------------------------------


class Watching(Tens):
    """Tens that notes whether the cyclic collector runs while it scores a batch."""

    def score_batch(self, sentences: list[Sentence]) -> list[Any]:
        self.collecting = gc.isenabled()
        return super().score_batch(sentences)


def test_the_collector_waits_while_a_run_lives_and_only_then() -> None:
    scorer = Watching()
    run = sentence_loop([("gold", [1, 2, 3])], [("sys", [1, 2, 3])], scorer)
    assert run.tables[0].array[:, 0].tolist() == [1, 20, 3]
    assert scorer.collecting is False
    assert gc.isenabled()


def test_a_run_stopped_early_gives_the_collector_back() -> None:
    def stop(note: Any) -> None:
        raise TedEvalError("stop here")

    with pytest.raises(TedEvalError, match="stop here") as caught:
        sentence_loop([("gold", [1, 2, 3])], [("sys", [1, 2, 3])], Watching(), keep=stop)
    # At once, although the traceback still holds the loop's frame.
    assert caught.value.__traceback__ is not None
    assert gc.isenabled()


def test_a_collector_turned_off_by_the_caller_stays_off() -> None:
    gc.disable()
    try:
        sentence_loop([("gold", [1, 2])], [("sys", [1, 2])], Watching())
        assert not gc.isenabled()
    finally:
        gc.enable()


class Recorder:
    """Keeps every sentence it is handed, as the loop made it; its row is the gold."""

    columns = (("value",),)

    def __init__(self) -> None:
        self.seen: list[Sentence] = []

    def has_text(self, parse: Any) -> bool:
        return parse != "wordless"

    def flat(self, gold: Any) -> Any:
        return f"flat {gold}"

    def score(self, s: Sentence) -> tuple[Any, Any]:
        self.seen.append(s)
        return ((1,),), None


def test_a_row_of_records_is_the_sentence_the_loop_makes_of_it() -> None:
    # Rows of reader records go through the loop's quick way when nothing in them is
    # missing or bad (issue 31), the general way otherwise: the sentences are the same.
    from nltk_tedeval.errors import InputFormatError
    from nltk_tedeval.records import SourceSentence

    bad = InputFormatError("unreadable", file="p.mrg", line=3)
    golds = [
        SourceSentence("g.mrg", 1, 1, None, "g1"),
        SourceSentence("g.mrg", 2, 2, "", "g2"),
        SourceSentence("g.mrg", 3, 3, "s3", "g3"),
        SourceSentence("g.mrg", 4, 5, None, "g4"),
    ]
    parses = [
        SourceSentence("p.mrg", 1, 1, "p1", "t1"),  # the first id that is not empty: the parse's
        SourceSentence("p.mrg", 2, 2, None, "wordless"),  # a parse without text: missing
        SourceSentence("p.mrg", 3, 3, "p3", None, bad),  # a reader's error
        SourceSentence("p.mrg", 4, 4, None, "t4"),
    ]
    scorer = Recorder()
    with warnings.catch_warnings(record=True):
        run = sentence_loop(
            [("gold", golds)],
            [("sys", parses)],
            scorer,
            options=RunOptions(on_error="skip", missing="flat"),
        )
    first, second, third, fourth = scorer.seen
    assert first == Sentence(
        1,
        "p1",
        ("g1",),
        ("t1",),
        (False,),
        ({"file": "g.mrg", "line": 1}, {"file": "p.mrg", "line": 1}),
        (None, None),
    )
    assert second == Sentence(
        2,
        None,
        ("g2",),
        ("flat g2",),
        (True,),
        ({"file": "g.mrg", "line": 2}, {"file": "p.mrg", "line": 2}),
        (None, None),
    )
    # A parse the reader could not read is its system's failed parse (SPEC.md §10): here
    # a flat one, read without error.
    assert third == Sentence(
        3,
        "s3",
        ("g3",),
        ("flat g3",),
        (True,),
        ({"file": "g.mrg", "line": 3}, {"file": "p.mrg", "line": 3}),
        (None, None),
    )
    assert fourth == Sentence(
        4,
        None,
        ("g4",),
        ("t4",),
        (False,),
        ({"file": "g.mrg", "line": 5}, {"file": "p.mrg", "line": 4}),
        (None, None),
    )
    assert run.skipped == [] and [m.number for m in run.missing] == [2, 3]
    assert [(b.number, b.reason) for b in run.bad_parses] == [
        (3, "p.mrg:3: sentence 3 (id s3): unreadable")
    ]


def test_a_row_of_aligned_units_is_the_sentence_the_loop_makes_of_it() -> None:
    # Units go through the quick way unless an answer in them failed (SPEC.md §11, §14).
    from nltk_tedeval.alignment.units import align_units
    from nltk_tedeval.reading.answers import Answer

    kept = Answer("t2", "unfaithful", "word 1 changed", "text", 2)
    gold = [["a", "b"], ["c"]]
    parse = [["a", "b"], kept]

    def words(item: Any) -> tuple[str, ...]:
        return ("c",) if item is kept else tuple(item)

    units = list(align_units(gold, parse, words=words))
    golds = [(u.side(0),) for u in units]
    tests = [u.pair(1) for u in units]
    scorer = Recorder()
    run = sentence_loop(
        [("gold", [g for (g,) in golds])],
        [("sys", tests)],
        scorer,
        options=RunOptions(align="lcs"),
    )
    first, second = scorer.seen
    assert first == Sentence(1, None, (golds[0][0],), (tests[0],), (False,), ({}, {}), (None, None))
    assert second == Sentence(
        2, None, (golds[1][0],), (tests[1],), (False,), ({}, {}), (None, None)
    )
    # Only the second unit holds an answer that failed: counted, kept (scored).
    assert [(f.number, f.status, f.reason, f.kept) for f in run.answer_failures] == [
        (2, "unfaithful", "word 1 changed", True)
    ]
