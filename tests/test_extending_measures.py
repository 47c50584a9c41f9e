"""docs/extending.md, "Adding a measure to a metric" and "Adding a key for breakdowns":
the page's blocks run as printed, and give the numbers worked out by hand.

The page's data are the three sentences of ``examples/complete_match_data``
(SPEC.md §7's complete-match example): the gold "I saw her ." (heads 2 0 2 2),
"She ran" (2 0) and "Go" (0); the parse gives "her" the head 1 and "She" the
relation obj. By hand: UCM 2/3, LCM 1/3, LAS 5/7, UAS 6/7; without punctuation
LAS 4/6 and UAS 5/6; by capital letter, lower (saw her . ran) LAS and UAS 3/4,
capital (I She Go) LAS 2/3 and UAS 3/3.

The machinery itself is tested here too, with a toy extension on another
metric: every path a run takes (rows, a run of sums, a block of numpy rows,
missing parses, breakdowns) appends the same columns, worked out by hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nltk_tedeval import AttachmentEvaluator, OptionError, ParsevalEvaluator, read_file
from nltk_tedeval.metrics.attachment_groups import (
    ATTACHMENT_KEYS,
    WORD_KEYS,
    WordKey,
    register_word_key,
    unregister_word_key,
)
from nltk_tedeval.scoring import MeasureExtension, register_measure, unregister_measure
from nltk_tedeval.scoring.groups import DEFAULT_BINS, Bins
from nltk_tedeval.scoring.stats import Measure, accuracy

from .columns import pick
from .extending_page import ROOT, python_blocks, run_block, section, shown_after

DATA = ROOT / "examples" / "complete_match_data"


MEASURE = "## Adding a measure to a metric"
KEY = "## Adding a key for breakdowns"


def test_the_page_shows_the_module_as_it_ships() -> None:
    shipped = (ROOT / "nltk_tedeval" / "metrics" / "complete_match.py").read_text("utf-8")
    assert shipped in python_blocks(section(MEASURE))
    line = '        "nltk_tedeval.metrics.complete_match:COMPLETE_MATCH",\n'
    assert line in (ROOT / "nltk_tedeval" / "metrics" / "attachment.py").read_text("utf-8")
    assert line in section(MEASURE)


def test_the_complete_match_block_runs_as_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    text = section(MEASURE)
    (usage,) = [b for b in python_blocks(text) if '"--measure", "UCM,LCM"' in b]
    out, _ = run_block(usage, monkeypatch)
    assert out == shown_after(text, usage)
    lines = out.splitlines()
    assert lines[:2] == [
        "UCM 0.6667 {'complete_head': 2, 'sentences': 3}",
        "LCM 0.3333 {'complete_head_label': 1, 'labeled_sentences': 3}",
    ]
    # LAS 5/7, UAS 6/7, UCM 2/3, LCM 1/3; without punctuation LAS 4/6, UAS 5/6.
    assert "parse   0.7143  0.8571  0.8571  0.8571      0.8571  0.6667  0.3333" in lines
    assert "| parse | 0.6667 | 0.8333 | 0.8333 | 0.8333 | 0.8333 | 0.6667 | 0.3333 |" in lines
    assert "| parse | 1-10 | 6 | 100.00 | 0.6667 | 0.8333 | 0.8333 | 0.8333 | 0.8333 | " \
        "0.6667 | 0.3333 |" in lines


def test_the_script_measure_block_runs_and_leaves_the_metric_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = section(MEASURE)
    (usage,) = [b for b in python_blocks(text) if "register_measure(AttachmentEvaluator" in b]
    before = AttachmentEvaluator.measure_extensions
    out, _ = run_block(usage, monkeypatch)
    assert out == shown_after(text, usage)
    # At most one wrong head: the first sentence has one, the others none: 3 of 3.
    assert out == "NEAR 1.0 {'near_head': 3, 'scored_sentences': 3}\n"
    assert AttachmentEvaluator.measure_extensions == before


def test_the_key_block_runs_as_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    text = section(KEY)
    (usage,) = python_blocks(text)
    out, _ = run_block(usage, monkeypatch)
    assert out == shown_after(text, usage)
    lines = out.splitlines()
    assert lines[0] == "{'lower': 0.75, 'capital': 0.6667}"
    assert "lower    4       57.14    0.7500  0.7500  1.0000  0.7500      0.7500" in lines
    assert "capital  3       42.86    0.6667  1.0000  0.6667  1.0000      1.0000" in lines
    assert "case" not in ATTACHMENT_KEYS and "case" not in WORD_KEYS


# The machinery, with toy extensions worked out by hand.


def _gold_and_parse() -> tuple[list[Any], list[Any]]:
    gold = [r.tree for r in read_file(DATA / "gold.conllu")]
    parse = [r.tree for r in read_file(DATA / "parse.conllu")]
    return gold, parse


def _wrong(tokens: Any, head: Any) -> tuple[Any, ...]:
    return (tokens - head,)


WRONG = MeasureExtension(
    "wrong_heads",
    reads=("tokens", "head"),
    columns=("wrong",),
    derive=_wrong,
    measures=(Measure("WRONG", ("wrong", "tokens"), accuracy, "no token"),),
)


@pytest.fixture
def wrong() -> Iterator[None]:
    register_measure(AttachmentEvaluator, WRONG)
    try:
        yield
    finally:
        unregister_measure(AttachmentEvaluator, "wrong_heads")


@pytest.mark.parametrize("statistics", ["rows", "sums"])
def test_every_path_appends_the_columns(wrong: None, statistics: str) -> None:
    gold, parse = _gold_and_parse()
    # Sentence 2's parse missing: under zero it has every head wrong (2 of its 2).
    parse = [parse[0], None, parse[2]]
    ev = AttachmentEvaluator(
        parse, gold, extra_measures="WRONG", missing="zero", statistics=statistics
    )
    # Wrong heads: 1 (her) + 2 (the missing parse's) + 0, of 7 tokens.
    assert ev.score("WRONG").totals == {"wrong": 3, "tokens": 7}
    assert float(ev.score("WRONG")) == pytest.approx(3 / 7)
    if statistics == "rows":
        assert pick(ev, "wrong") == [[1], [2], [0]]


def test_a_breakdown_of_whole_sentences_carries_it(wrong: None) -> None:
    gold, parse = _gold_and_parse()
    ev = AttachmentEvaluator(
        parse, gold, extra_measures="WRONG", by="length", bins={"length": "2,10"}
    )
    groups = ev.breakdown("length")
    # "I saw her ." (1 wrong of 4) in 3-10; "She ran" and "Go" (none of 3) in 1-2.
    assert groups["3-10"].scores["WRONG"].totals == {"wrong": 1, "tokens": 4}
    assert groups["1-2"].scores["WRONG"].totals == {"wrong": 0, "tokens": 3}


def test_an_extension_without_an_aligned_version_is_refused_under_alignment(
    wrong: None,
) -> None:
    gold, parse = _gold_and_parse()
    with pytest.raises(OptionError, match="WRONG has no version over aligned words"):
        AttachmentEvaluator(parse, gold, extra_measures="WRONG", align="exact")


def test_a_measure_offered_twice_is_refused() -> None:
    with pytest.raises(OptionError, match="offers LCM, UCM already"):
        register_measure(
            AttachmentEvaluator, "nltk_tedeval.metrics.complete_match:COMPLETE_MATCH"
        )
    with pytest.raises(OptionError, match="offers no extension 'nothing'"):
        unregister_measure(AttachmentEvaluator, "nothing")


def _tags(words: Any, right: Any) -> tuple[Any, ...]:
    return ((words > 0) * 1, (words > 0) & (right == words))


ALL_TAGS = MeasureExtension(
    "all_tags",
    reads=("words", "correct_tags"),
    columns=("tagged_sentences", "all_tags_right"),
    derive=_tags,
    measures=(Measure("ALL_TAGS", ("all_tags_right", "tagged_sentences"), accuracy),),
)


class _TagParseval(ParsevalEvaluator):
    """A ParsEval of one's own, so the toy never joins the package's class."""


def test_an_extension_on_parseval_through_rows_and_sums(tmp_path: Path) -> None:
    # Taken back at the end, so that the test runs twice in one process (mutmut's stats
    # and clean-test passes) as it runs once.
    register_measure(_TagParseval, ALL_TAGS)
    try:
        gold = tmp_path / "gold.mrg"
        test = tmp_path / "test.mrg"
        gold.write_text(
            "(S (NP (DT the) (NN dog)) (VP (VBD ran)))\n(S (NP (PRP it)) (VP (VBD sat)))\n"
        )
        # One tag wrong in the second sentence (sat/VBN): 1 of 2 sentences all right.
        test.write_text(
            "(S (NP (DT the) (NN dog)) (VP (VBD ran)))\n(S (NP (PRP it)) (VP (VBN sat)))\n"
        )
        for statistics in ("rows", "sums"):
            ev = _TagParseval(
                [r.tree for r in read_file(test)],
                [r.tree for r in read_file(gold)],
                extra_measures="all",
                statistics=statistics,
            )
            assert ev.score("ALL_TAGS").totals == {"all_tags_right": 1, "tagged_sentences": 2}
        assert "ALL_TAGS" not in ParsevalEvaluator(
            [r.tree for r in read_file(test)], [r.tree for r in read_file(gold)]
        ).measures
    finally:
        unregister_measure(_TagParseval, "all_tags")


def test_a_word_key_is_checked_and_taken_back() -> None:
    key = WordKey("first", "whether the word is its sentence's first", lambda g, b: [
        "first" if i == 0 else "other" for i in range(len(g.heads))
    ])
    register_word_key(key)
    try:
        with pytest.raises(OptionError, match="already has a breakdown key 'first'"):
            register_word_key(key)
        gold, parse = _gold_and_parse()
        groups = AttachmentEvaluator(parse, gold, by="first").breakdown("first")
        # First words I, She, Go: heads right; others saw her . ran: her wrong.
        assert groups["first"].scores["UAS"].totals == {"head": 3, "tokens": 3}
        assert groups["other"].scores["UAS"].totals == {"head": 3, "tokens": 4}
    finally:
        unregister_word_key("first")
    with pytest.raises(OptionError, match="upos"):
        unregister_word_key("upos")
    with pytest.raises(OptionError, match="is no registered word key"):
        unregister_word_key("first")
    with pytest.raises(OptionError, match="a breakdown key's name is a word"):
        register_word_key(WordKey("a b", "", lambda g, b: []))


def test_a_word_keys_name_may_hold_underscores_but_not_only_them() -> None:
    # Issue 45 (the sixth mutation run): a name is letters, digits and "_": "first_word"
    # is one, "_" (no letter or digit) and "" are none.
    key = WordKey("first_word", "the sentence's first word or not", lambda g, b: [
        "first" if i == 0 else "other" for i in range(len(g.heads))
    ])
    register_word_key(key)
    try:
        gold, parse = _gold_and_parse()
        groups = AttachmentEvaluator(parse, gold, by="first_word").breakdown("first_word")
        assert groups["first"].scores["UAS"].totals == {"head": 3, "tokens": 3}
    finally:
        unregister_word_key("first_word")
    for name in ("_", ""):
        with pytest.raises(OptionError, match="a breakdown key's name is a word"):
            register_word_key(WordKey(name, "", lambda g, b: []))


def test_a_binned_word_key_gets_its_bins() -> None:
    def chars(gold: Any, bins: Bins | None) -> list[str]:
        assert bins is not None
        return [bins.label(len(w)) for w in gold.words]

    register_word_key(WordKey("chars", "the word's length in characters", chars, Bins((1, 2))))
    try:
        assert "chars" in DEFAULT_BINS
        gold, parse = _gold_and_parse()
        groups = AttachmentEvaluator(parse, gold, by="chars").breakdown("chars")
        # 1 character: I . ; 2: Go; 3 or more: saw her She ran (her wrong).
        assert {g: groups[g].scores["UAS"].totals["tokens"] for g in groups} == {
            "3+": 4, "1": 2, "2": 1,
        }  # fmt: skip
        assert groups["3+"].scores["UAS"].totals == {"head": 3, "tokens": 4}
        narrow = AttachmentEvaluator(parse, gold, by="chars", bins={"chars": "2"})
        assert set(narrow.breakdown("chars")) == {"1-2", "3+"}
    finally:
        unregister_word_key("chars")
    assert "chars" not in DEFAULT_BINS
