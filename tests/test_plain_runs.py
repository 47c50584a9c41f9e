"""Plain runs (issue 31): in a run that keeps sums, the sentence loop hands a scorer the clean
sentences between two multiples of its batch size at once, and adds the rows it decides as
one array; every other sentence keeps its turn.

ParsEval decides consecutive lines of one pair of blocks with ``block_rows``. The figures,
counts and errors must be those of the same run keeping rows (sentence by sentence through
the batches), on generated corpora of every kind of line, with blocks and runs of any
size, and on a worked example.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nltk_tedeval import ParsevalEvaluator
from nltk_tedeval.errors import MissingParseWarning
from nltk_tedeval.reading import bracket_blocks, read_text
from nltk_tedeval.scoring import loop as loop_module
from nltk_tedeval.scoring.stats import TEDEVAL, RowBuffer, StatsTable, SumsTable
from nltk_tedeval.trees.evalb_params import EvalbParams

from .conftest import examples
from .test_bracket_blocks import PARAMS, corpora, same_word_pairs

# Small inputs, read through blocks as these tests mean them (conftest.blocks_always).
pytestmark = pytest.mark.usefixtures("blocks_always")


def read(text: str, name: str) -> list:
    return read_text(
        text, "ptb", name=name, one_per_line=True, on_error="collect", nltk_trees=False
    )


def run(gold: str, test: str, params: EvalbParams, statistics: str) -> tuple:
    ev = ParsevalEvaluator(
        read(test, "test"), read(gold, "gold"), params, on_error="skip", statistics=statistics
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # missing parses are counted, and compared
        ev.eval()
    table = ev.stats
    totals = table.sums(ev.columns)
    errors = [(str(e), e.line, e.token) for e in ev.errors]
    scores = [(x.name, x.format(), x.totals, x.undefined, x.sentences) for x in ev.eval()]
    return totals, ev.run.counts(), errors, scores


@pytest.fixture
def plain_runs_seen(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many sentences came as plain runs (the path under test is taken, not assumed)."""
    seen: list[int] = []
    original = loop_module._plain_runs

    def counted(*args, **kwargs):
        for item in original(*args, **kwargs):
            if type(item) is loop_module._Plain:
                seen.append(item.last - item.first + 1)
            yield item

    monkeypatch.setattr(loop_module, "_plain_runs", counted)
    return seen


@pytest.mark.parametrize(("block", "batch"), [(256, 256), (3, 3), (3, 4), (4, 2)])
@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(corpus=corpora(), params=st.sampled_from(sorted(PARAMS)))
def test_a_run_of_sums_gives_the_figures_of_a_run_of_rows(
    corpus: tuple[str, str], params: str, block: int, batch: int
) -> None:
    # Blocks and runs of other sizes than the readers' 256: runs that end inside a block,
    # blocks that end inside a run (no plain run then: the batches score them).
    gold, test = corpus
    with pytest.MonkeyPatch.context() as m:
        m.setattr(bracket_blocks, "BLOCK_LINES", block)
        m.setattr(loop_module, "BATCH_SENTENCES", batch)
        sums = run(gold, test, PARAMS[params], "sums")
        rows = run(gold, test, PARAMS[params], "rows")
    assert sums == rows


def test_plain_runs_by_hand(plain_runs_seen: list[int]) -> None:
    # Sentence 2's test line is empty: EVALB's skip sentence, scored in its turn between
    # two plain runs of one sentence each. Sentence 1: the gold's S 0-2 and NP 0-1 (the
    # tag-level brackets do not count) against the parse's S 0-2 alone: 1 match of gold 2,
    # test 1. Sentence 3: the same tree on both sides, S 0-2 and VP 1-2: 2 of 2.
    gold = "(S (NP (DT a)) (NN b))\n(S (NN c))\n(S (NN d) (VP (VB e)))\n"
    test = "(S (DT a) (NN b))\n\n(S (NN d) (VP (VB e)))\n"
    ev = ParsevalEvaluator(read(test, "test"), read(gold, "gold"), statistics="sums")
    with pytest.warns(MissingParseWarning, match="1 of 3 sentences has a missing parse"):
        counts = dict(zip(ev.columns, ev.stats.sums(ev.columns), strict=True))
    assert plain_runs_seen == [1, 1]
    assert (counts["sentences"], counts["valid"], counts["skipped"]) == (3, 2, 1)
    assert (counts["matched"], counts["gold"], counts["test"]) == (3, 4, 3)
    assert (counts["words"], counts["correct_tags"]) == (4, 4)


def test_a_run_of_rows_or_of_several_systems_takes_no_plain_run(
    plain_runs_seen: list[int],
) -> None:
    gold = "(S (NP (DT a)) (NN b))\n(S (NN c))\n"
    ParsevalEvaluator(read(gold, "test"), read(gold, "gold")).eval()  # rows: the default
    ParsevalEvaluator.evaluate_systems(
        read(gold, "gold"), [read(gold, "a"), read(gold, "b")], statistics="sums"
    )
    assert plain_runs_seen == []
    ParsevalEvaluator(read(gold, "test"), read(gold, "gold"), statistics="sums").eval()
    assert plain_runs_seen == [2]


def test_rows_added_as_an_array_are_rows_appended_one_by_one() -> None:
    rows = [(1, 4), (0, 0), (2, 2), (3, 5), (0, 1)]
    one_by_one = SumsTable(("delta", "iota"), [TEDEVAL], macro=True)
    for row in rows:
        one_by_one.append(row)
    mixed = SumsTable(("delta", "iota"), [TEDEVAL], macro=True)
    mixed.append(rows[0])
    mixed.add_rows(np.array(rows[1:4]))
    mixed.append(rows[4])
    reference = StatsTable(("delta", "iota"), rows)
    for table in (one_by_one, mixed):
        assert table.sums(("delta", "iota")) == [6, 12] and len(table) == 5
        assert table.undefined(TEDEVAL) == 1
        # By hand, in order: 1 - 1/4, 1 - 2/2, 1 - 3/5, 1 - 0/1 (the 0/0 row has none).
        assert table.macro(TEDEVAL) == reference.macro(TEDEVAL) == (0.75 + 0.0 + 0.4 + 1.0) / 4
    with pytest.raises(ValueError, match="rows of 2 statistics"):
        mixed.add_rows(np.zeros((2, 3), dtype=np.int64))
    buffer = RowBuffer(2)
    buffer.extend_bytes(np.array([[1, 2], [3, 4]], dtype=np.int64).tobytes())
    assert buffer.take_array().tolist() == [[1, 2], [3, 4]]
    with pytest.raises(ValueError, match="no whole rows of 2"):
        buffer.extend_bytes(bytes(8))


@pytest.mark.parametrize("side", ["test", "gold"])
def test_a_record_with_a_tree_and_an_error_is_no_plain_sentence(side: str) -> None:
    # A reader may keep a tree beside its error; the error decides (EVALB counts it as an
    # error sentence), in a run of sums as in a run of rows, on either side.
    from nltk_tedeval.errors import InputFormatError
    from nltk_tedeval.records import SourceSentence

    text = "(S (NP (DT a)) (NN b))\n(S (NN c) (VP (VB d)))\n"

    def records(name: str) -> list:
        first, second = read(text, name)
        if name != side:
            return [first, second]
        bad = InputFormatError("a byte that is not UTF-8", file=name, line=2)
        return [first, SourceSentence(name, 2, 2, None, second.tree, bad)]

    def figures(statistics: str) -> tuple:
        ev = ParsevalEvaluator(
            records("test"), records("gold"), statistics=statistics, on_error="skip"
        )
        counts = dict(zip(ev.columns, ev.stats.sums(ev.columns), strict=True))
        return counts["valid"], counts["errors"], counts["matched"], [str(e) for e in ev.errors]

    valid, errors, matched, messages = figures("sums")
    # By hand: sentence 1 valid, its S and NP matched (2); sentence 2 an error sentence.
    assert (valid, errors, matched) == (1, 1, 2)
    assert len(messages) == 1 and "not UTF-8" in messages[0]
    assert figures("rows") == (valid, errors, matched, messages)


@settings(max_examples=examples(60), deadline=None)
@given(
    corpus=same_word_pairs(),
    params=st.sampled_from(sorted(PARAMS)),
    batch=st.sampled_from([2, 256]),
)
def test_an_aligned_run_of_sums_gives_the_figures_of_a_run_of_rows(
    corpus: tuple[str, str], params: str, batch: int
) -> None:
    # Units of one sentence a side, of the same tokens, go in plain runs too: the figures
    # are those of the same aligned run keeping rows, and of the unaligned run.
    gold, test = corpus

    def figures(statistics: str, align: str | None) -> tuple:
        ev = ParsevalEvaluator(
            read(test, "test"),
            read(gold, "gold"),
            PARAMS[params],
            on_error="skip",
            statistics=statistics,
            align=align,
        )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            scores = [(x.name, x.format(), x.totals) for x in ev.eval()]
        return ev.stats.sums(ev.columns), scores, [str(e) for e in ev.errors]

    with pytest.MonkeyPatch.context() as m:
        m.setattr(loop_module, "BATCH_SENTENCES", batch)
        aligned = figures("sums", "exact")
        assert aligned == figures("rows", "exact")
    assert aligned[0] == figures("sums", None)[0]


def test_aligned_units_of_the_same_lines_come_in_plain_runs(plain_runs_seen: list[int]) -> None:
    gold = "(S (NP (DT a)) (NN b))\n(S (NN c) (VP (VB d)))\n"
    test = "(S (DT a) (NN b))\n(S (NN c) (VP (VB d)))\n"
    ev = ParsevalEvaluator(read(test, "test"), read(gold, "gold"), statistics="sums", align="exact")
    counts = dict(zip(ev.columns, ev.stats.sums(ev.columns), strict=True))
    assert plain_runs_seen == [2]
    # By hand: sentence 1 matches S of the gold's S and NP (1 of 2, test 1); sentence 2
    # the same tree on both sides, S and VP (2 of 2).
    assert (counts["matched"], counts["gold"], counts["test"]) == (3, 4, 3)


def test_a_progress_bar_counts_every_sentence_of_a_plain_run(
    plain_runs_seen: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A bar (a terminal's default) takes plain runs too, and counts their sentences.
    import tqdm

    counted: list[int] = []

    class Bar(tqdm.tqdm):  # type: ignore[misc]
        def close(self) -> None:
            counted.append(self.n)
            super().close()

    monkeypatch.setattr(tqdm, "tqdm", Bar)
    gold = "(S (NP (DT a)) (NN b))\n(S (NN c) (VP (VB d)))\n(S (NN e))\n"
    ev = ParsevalEvaluator(read(gold, "test"), read(gold, "gold"), statistics="sums", progress=True)
    assert ev.stats.sums(("sentences",)) == [3]
    assert plain_runs_seen == [3]
    assert counted and set(counted) == {3}  # (tqdm may close twice: once is enough)
