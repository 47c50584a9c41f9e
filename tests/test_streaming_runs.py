"""Runs that keep sums, not rows: evaluators, cross-framework experiments, the command line.

A run of ``statistics="sums"`` (or ``"macro"``) must report what the same
run keeping its rows reports, number for number; the Python API keeps rows
unless told otherwise; the command line keeps sums only when none of its
options reads a row.
"""

from __future__ import annotations

import argparse
import json
import math
import tracemalloc
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nltk_tedeval import CrossFrameworkEvaluator, DependencyTree, TedEvalEvaluator
from nltk_tedeval.cli import main
from nltk_tedeval.cli.systems import statistics_kept
from nltk_tedeval.errors import OptionError
from nltk_tedeval.metrics.attachment import AttachmentEvaluator
from nltk_tedeval.metrics.mph import MPHEvaluator
from nltk_tedeval.metrics.parseval import ParsevalEvaluator
from nltk_tedeval.scoring import loop as loop_module
from nltk_tedeval.scoring.options import RunOptions
from nltk_tedeval.scoring.stats import Measure, StatsTable, SumsTable, accuracy

from .conftest import examples
from .strategies import dependency_trees

SPEC = Path(__file__).resolve().parent.parent / "corpora_samples" / "spec"

W = ("arrive", "on", "Sunday")
# SPEC.md's worked example: against GOLD1, PARSE has δ = 3 of ι = 9 labeled
# items and δ = 1 of ι = 7 unlabeled ones.
GOLD1 = DependencyTree(W, (0, 1, 2), ("root", "prep", "pobj"))
GOLD2 = DependencyTree(W, (0, 3, 1), ("root", "case", "tmod"))
PARSE = DependencyTree(W, (0, 1, 1), ("root", "prep", "pobj"))
OTHER = DependencyTree(("arrive", "on", "Monday"), (0, 1, 2), ("root", "prep", "pobj"))


def quiet(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


def runs(golds, systems, statistics, **options):
    return quiet(
        TedEvalEvaluator.evaluate_systems,
        golds,
        systems,
        names=[f"s{i}" for i in range(len(systems))],
        statistics=statistics,
        **options,
    )


def report(ev, macro: bool) -> dict:
    """Everything a command's report reads of an evaluator."""
    out = {
        "scores": {k: s.as_dict() for k, s in ev.scores().items()},
        "counts": ev.counts(),
        "missing": [m.as_dict() for m in ev.missing],
        "skipped": [s.as_dict() for s in ev.skipped],
        "projectivized": ev.projectivized,
        "sentences": len(ev.stats),
    }
    if macro:
        out["macro"] = {k: s.as_dict() for k, s in ev.scores(average="macro").items()}
    return out


# -- the Python API -------------------------------------------------------------------


def test_the_worked_example_from_sums():
    (ev,) = runs([GOLD1], [[PARSE]], "sums")
    assert isinstance(ev.stats, SumsTable)
    assert ev.stats.totals(ev.columns).tolist() == [3, 9, 1, 7]
    labeled, unlabeled = ev.eval()
    assert float(labeled) == 1 - 3 / 9 and float(unlabeled) == 1 - 1 / 7
    assert ev.counts() == {"read": 1, "scored": 1, "missing": 0, "skipped": 0}


def test_the_api_keeps_rows_unless_told():
    ev = TedEvalEvaluator([PARSE, GOLD1], [GOLD1, GOLD1])
    assert isinstance(ev.stats, StatsTable)
    first, perfect = ev.stats.array.tolist()
    assert first == [3, 9, 1, 7] and perfect[0] == perfect[2] == 0
    assert ev.numbers == [1, 2]
    assert ev.sentence_results()[0].delta_labeled == 3
    # Sentence scores 6/9 and 1, as SPEC.md's example and a perfect parse give them.
    assert float(ev.score("labeled", average="macro")) == (1 - 3 / 9 + 1.0) / 2
    a, b = TedEvalEvaluator.evaluate_systems([GOLD1, GOLD1], [[PARSE, GOLD1], [GOLD1, GOLD1]])
    assert isinstance(a.stats, StatsTable)
    assert a.significance(b, "labeled", rounds=19).sentences == 2


def test_a_run_of_sums_refuses_what_needs_rows():
    a, b = runs([GOLD1, GOLD1], [[PARSE, GOLD1], [GOLD1, GOLD1]], "sums")
    with pytest.raises(OptionError, match="statistics='rows'"):
        _ = a.numbers
    with pytest.raises(OptionError, match="statistics='rows'"):
        a.significance(b, "labeled", rounds=19)
    with pytest.raises(OptionError, match="statistics='rows'"):
        a.sentence_results()
    with pytest.raises(OptionError, match="statistics='macro'"):
        a.score("labeled", average="macro")
    with pytest.raises(AttributeError):
        a.sentence_scores("labeled")
    with pytest.raises(OptionError, match="statistics must be one of"):
        runs([GOLD1], [[PARSE]], "everything")


@st.composite
def corpora(draw):
    """A gold and two systems of random trees, with missing parses and bad sentences."""
    n = draw(st.integers(1, 12))
    golds, systems = [], [[], []]
    for _ in range(n):
        gold = draw(dependency_trees(max_n=6))
        golds.append(gold)
        for system in systems:
            kind = draw(st.sampled_from(["parse", "parse", "gold", "none", "bad"]))
            if kind == "parse":
                tree = draw(dependency_trees(n=len(gold.words)))
            elif kind == "gold":
                tree = gold
            elif kind == "none":
                tree = None
            else:
                tree = DependencyTree(("x",) * len(gold.words), gold.heads, gold.rels)
            system.append(tree)
    return golds, systems


@settings(max_examples=examples(60))
@given(data=corpora(), missing=st.sampled_from(["skip", "zero", "flat"]))
def test_sums_report_what_rows_report(data, missing):
    golds, systems = data
    options = {"missing": missing, "on_error": "skip"}
    with_rows = runs(golds, systems, "rows", **options)
    with_sums = runs(golds, systems, "sums", **options)
    with_macro = runs(golds, systems, "macro", **options)
    for r, s, m in zip(with_rows, with_sums, with_macro, strict=True):
        assert isinstance(s.stats, SumsTable) and isinstance(m.stats, SumsTable)
        assert report(s, macro=False) == report(r, macro=False)
        assert report(m, macro=True) == report(r, macro=True)
    # The counts, worked out from the lists the rows run keeps.
    first = with_rows[0]
    n_missing, n_skipped = len(first.missing), len(first.skipped)
    counts = with_sums[0].counts()
    assert counts["read"] == len(golds)
    assert counts["skipped"] == n_skipped and counts["missing"] == n_missing
    left_out = n_missing if missing == "skip" else 0
    assert counts["scored"] == len(golds) - n_skipped - left_out == len(first.numbers)


def test_cross_framework_sums_report_what_rows_report():
    def experiment(statistics):
        return CrossFrameworkEvaluator(
            [("A", [PARSE, GOLD1, None], [GOLD1] * 3), ("B", [GOLD2] * 3, [GOLD2] * 3)],
            statistics=statistics,
        )

    rows, sums, macro = (experiment(s) for s in ("rows", "sums", "macro"))
    assert quiet(sums.as_dict) == quiet(rows.as_dict)
    assert quiet(macro.as_dict, macro=True) == quiet(rows.as_dict, macro=True)
    assert sums.counts() == {"read": 3, "scored": 2, "missing": 1, "skipped": 0}
    # The class docstring's figures, from sums: MULTIPLE of A's parse, and the overlap.
    one = CrossFrameworkEvaluator(
        [("A", [PARSE], [GOLD1]), ("B", [GOLD2], [GOLD2])], statistics="sums"
    )
    assert [round(s, 4) for s in one.multiple("A")] == [0.8333, 0.8571]
    assert [round(s, 4) for s in one.overlap("A", "B")] == [0.4, 1.0]
    assert [float(s) for s in one.single("A")] == [1 - 3 / 9, 1 - 1 / 7]
    with pytest.raises(OptionError, match="statistics='rows'"):
        sums.significance(rounds=19)
    with pytest.raises(OptionError, match="statistics='rows'"):
        sums.sentence_results("A", "single")
    with pytest.raises(OptionError, match="statistics='macro'"):
        sums.single("A", average="macro")
    # The loop's default is rows again once the experiment has run.
    assert isinstance(TedEvalEvaluator([PARSE], [GOLD1]).stats, StatsTable)


def test_a_long_loop_of_sums_stays_flat():
    class Words:
        columns = (("right", "total"),)

        def score(self, s):
            gold, parse = s.golds[0], s.parses[0]
            return ((sum(a == b for a, b in zip(gold, parse, strict=True)), len(gold)),), None

    acc = Measure("ACC", ("right", "total"), accuracy)

    def peak(n: int, sums) -> tuple[int, list[int]]:
        golds = (("a", "b") for _ in range(n))
        parses = (("a", "x" if k % 2 else "b") for k in range(n))
        tracemalloc.start()
        options = RunOptions(statistics="rows" if sums is None else "sums")
        run = loop_module.sentence_loop(
            [("gold", golds)], [("sys", parses)], Words(), options=options, measures=[acc]
        )
        size = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return size, run.tables[0].totals(("right", "total")).tolist()

    plan = "sums"

    for sums in (plan, None):
        peak(10_000, sums)  # the interpreter's own free lists fill up first
    small, large = peak(2_000, plan), peak(20_000, plan)
    assert small[1] == [3_000, 4_000] and large[1] == [30_000, 40_000]
    # Rows, numbers, ids and keys of 18,000 more sentences: over 500 kB; sums: nothing.
    assert large[0] - small[0] < 50_000
    rows_small, rows_large = peak(2_000, None), peak(20_000, None)
    assert rows_large[0] - rows_small[0] > 18_000 * 32


# -- the command line -------------------------------------------------------------------


def args(**given) -> argparse.Namespace:
    return argparse.Namespace(**{"significance": 0, "per_sentence": None, "macro": False, **given})


@pytest.mark.parametrize(
    ("options", "reads_rows", "reads_macro", "kept"),
    [
        ({}, False, False, "sums"),
        ({"macro": True}, False, False, "macro"),
        ({"significance": 100}, False, False, "rows"),
        ({"significance": 100, "macro": True}, False, False, "rows"),
        ({"per_sentence": "out.tsv"}, False, False, "rows"),
        ({"per_sentence": "-", "macro": True}, False, False, "rows"),
        ({}, True, False, "rows"),
        ({"macro": True}, True, False, "rows"),
        ({}, False, True, "macro"),
        ({"significance": 100}, False, True, "rows"),
        ({}, True, True, "rows"),
    ],
)
def test_what_a_command_keeps(options, reads_rows, reads_macro, kept):
    assert statistics_kept(args(**options), reads_rows, reads_macro) == kept


@pytest.fixture
def tables(monkeypatch):
    """The tables of every run of the sentence loop, by kind."""
    seen: list[str] = []
    real = loop_module.sentence_loop

    def spy(*a, **k):
        result = real(*a, **k)
        seen.append({type(t).__name__ for t in result.tables}.pop())
        seen.append("recorded" if result.recorded else "counted")
        return result

    import nltk_tedeval.protocol.sentence as sentence_module
    import nltk_tedeval.scoring.evaluator as evaluator_module

    monkeypatch.setattr(sentence_module, "sentence_loop", spy)
    monkeypatch.setattr(evaluator_module, "sentence_loop", spy)
    return seen


def run_cli(capsys, *argv) -> tuple[str, str]:
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert status == 0, err
    return out, err


CROSS = (
    "cross",
    "-e",
    f"a={SPEC / 'arrive_gold1.conll'},{SPEC / 'arrive_parse.conll'}",
    "-e",
    f"b={SPEC / 'arrive_gold2.conll'},{SPEC / 'arrive_gold2.conll'}",
    "--no-progress",
)
SCORE = (
    "score",
    SPEC / "arrive_gold1.conll",
    SPEC / "arrive_parse.conll",
    SPEC / "arrive_gold1.conll",
    "--no-progress",
)
ATTACH = ("attach", SPEC / "arrive_gold1.conll", SPEC / "arrive_parse.conll", "--no-progress")


@pytest.mark.parametrize("command", [CROSS, SCORE])
def test_commands_keep_sums_unless_an_option_reads_rows(command, tables, capsys, tmp_path):
    sums_json, _ = run_cli(capsys, *command, "--json")
    macro_json, _ = run_cli(capsys, *command, "--json", "--macro")
    macro_text, _ = run_cli(capsys, *command, "--macro")
    assert tables == ["SumsTable", "counted"] * 3
    tables.clear()
    # The same reports from runs that keep their rows for a per-sentence file.
    tsv = tmp_path / "rows.tsv"
    assert run_cli(capsys, *command, "--json", "--per-sentence", tsv)[0] == sums_json
    assert run_cli(capsys, *command, "--json", "--macro", "--per-sentence", tsv)[0] == macro_json
    assert run_cli(capsys, *command, "--macro", "--per-sentence", tsv)[0] == macro_text
    assert tables == ["StatsTable", "recorded"] * 3
    lines = tsv.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + 2  # the header, then one sentence of each system
    # SPEC.md's example in the JSON of sums: a's (or the first system's) SINGLE labeled.
    labeled = json.loads(sums_json)["systems"][0]["scores"]
    key = "single labeled" if command is CROSS else "labeled"
    assert labeled[key]["totals"] == {"delta_labeled": 3, "iota_labeled": 9}
    assert math.isclose(labeled[key]["value"], 1 - 3 / 9)


@pytest.mark.parametrize("command", [CROSS, SCORE])
def test_a_significance_test_keeps_rows(command, tables, capsys):
    run_cli(capsys, *command, "--significance", "19", "--json")
    assert tables == ["StatsTable", "recorded"]


def test_an_evaluator_that_reads_rows_keeps_them(tables, capsys):
    # EVALB's sentence table (--evalb) reads every row.
    assert ParsevalEvaluator.reads_rows and not TedEvalEvaluator.reads_rows
    run_cli(capsys, "parseval", SPEC / "john.ptb", SPEC / "john.ptb", "--evalb")
    assert tables == ["StatsTable", "recorded"]


EVALB_SAMPLE = SPEC.parent / "evalb"
EVALB_OUTPUT = Path(__file__).resolve().parent / "fixtures_parseval" / "sample_collins.evalb.txt"


def test_parseval_keeps_sums_for_evalbs_summary(tables, capsys, tmp_path):
    # EVALB's summary is column sums: without its sentence table a run keeps no
    # row, and reports what a run that keeps them reports, its error sentences
    # named by number as EVALB's own output numbers them (status 1 there).
    pair = (EVALB_SAMPLE / "gold.mrg", EVALB_SAMPLE / "test.mrg", "--no-progress")
    out_json, _ = run_cli(capsys, "parseval", *pair, "--json")
    out_text, _ = run_cli(capsys, "parseval", *pair)
    assert tables == ["SumsTable", "counted"] * 2
    tsv = tmp_path / "rows.tsv"
    assert run_cli(capsys, "parseval", *pair, "--json", "--per-sentence", tsv)[0] == out_json
    assert run_cli(capsys, "parseval", *pair, "--per-sentence", tsv)[0] == out_text
    assert tables[4:] == ["StatsTable", "recorded"] * 2
    rows = [line.split() for line in EVALB_OUTPUT.read_text(encoding="utf-8").splitlines()]
    evalb_errors = [int(r[0]) for r in rows if len(r) == 12 and r[0].isdigit() and r[2] == "1"]
    assert evalb_errors == [8, 9]
    errors = json.loads(out_json)["systems"][0]["details"]["summary"]["errors"]
    assert [e["sentence"] for e in errors] == evalb_errors
    assert "sentence 8: length mismatch" in out_text and "sentence 9: word 1 differs" in out_text


@pytest.mark.parametrize("by", ["length", "span", "label,length"])
def test_parseval_error_sentences_under_by_name_their_file_and_line(by, capsys):
    # A breakdown does not change how an error sentence is named: file, line and
    # sentence, the sentences EVALB's output gives status 1 (8 and 9).
    pair = (EVALB_SAMPLE / "gold.mrg", EVALB_SAMPLE / "test.mrg", "--no-progress")
    test = EVALB_SAMPLE / "test.mrg"
    expected = [
        f"  {test}:8: sentence 8: length mismatch: 12 gold words, 11 test words "
        "(after deleting DELETE_LABEL words)",
        f"  {test}:9: sentence 9: word 1 differs: gold 'Had', test 'HADx'",
    ]
    for argv in ((), ("--by", by)):
        out, _ = run_cli(capsys, "parseval", *pair, *argv)
        lines = out.splitlines()
        start = lines.index("2 error sentences:") + 1
        assert lines[start : start + 2] == expected


def test_parseval_error_sentences_from_a_run_of_sums():
    # The API too: a run that keeps sums names its error sentences (1-based).
    from nltk import Tree

    gold = [Tree.fromstring(t) for t in ("(S (A a) (B b))", "(S (A a) (B b))")]
    test = [Tree.fromstring(t) for t in ("(S (A a) (B b))", "(S (A a) (B c))")]
    for statistics in ("sums", "rows"):
        ev = ParsevalEvaluator(test, gold, options=RunOptions(statistics=statistics))
        assert [(e.sentence, e.token) for e in ev.errors] == [(2, "c")]


@pytest.mark.parametrize(
    "command",
    [ATTACH, ("mph", SPEC / "arrive_gold1.conll", SPEC / "arrive_parse.conll", "--no-progress")],
)
def test_attachment_and_mph_keep_no_rows(command, tables, capsys, tmp_path):
    # Attachment's JSON always holds macro averages: it keeps each sentence's
    # scores (a SumsTable with macro), MPH its sums alone; their reports are
    # those of a run that keeps rows for a per-sentence file.
    assert not AttachmentEvaluator.reads_rows and AttachmentEvaluator.reads_macro
    assert not MPHEvaluator.reads_rows and not MPHEvaluator.reads_macro
    out_json, _ = run_cli(capsys, *command, "--json")
    out_text, _ = run_cli(capsys, *command)
    assert tables == ["SumsTable", "counted"] * 2
    tsv = tmp_path / "rows.tsv"
    assert run_cli(capsys, *command, "--json", "--per-sentence", tsv)[0] == out_json
    assert run_cli(capsys, *command, "--per-sentence", tsv)[0] == out_text
    assert tables[4:] == ["StatsTable", "recorded"] * 2
