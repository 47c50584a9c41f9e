"""One error family, nothing lost, the same results on every run.

- Every problem with the input or the options is a
  :class:`~nltk_tedeval.errors.TedEvalError` that says where; the command
  prints it as one line and exits with status 1, and only ``--debug``
  shows a traceback. Each test named after a bug keeps that bug fixed.
- With ``--skip-bad`` a bad gold sentence is left out of every system and a
  bad parse is its own system's failed parse, under ``--missing`` (SPEC.md
  §10); each is listed with its reason, the counts add up, and under the
  default ``--missing skip`` every system is scored on the same sentences;
  without it the first bad sentence stops the run. ParsEval keeps EVALB's
  way under ``--missing skip``: bad sentences are error rows, never left out.
- The same inputs give byte-identical JSON, whatever the hash seed of the
  process and whatever the order of ``cross`` experiments.

Expected scores are worked out by hand in the comments, from SPEC.md's
definitions.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from nltk import Tree

from nltk_tedeval import MPHEvaluator, MultiFunctionTree, generalize
from nltk_tedeval.cli import main
from nltk_tedeval.errors import (
    InputFormatError,
    OptionError,
    SentenceCountError,
    TedEvalError,
    TreeStructureError,
)
from nltk_tedeval.protocol.cross import CrossFrameworkEvaluator
from nltk_tedeval.protocol.evaluators import TedEvalEvaluator
from nltk_tedeval.scoring.significance import paired_randomization
from nltk_tedeval.scoring.stats import TEDEVAL, StatsTable
from nltk_tedeval.trees.headrules import COLLINS_1999

ROOT = Path(__file__).resolve().parent.parent
GUM = ROOT / "corpora_samples" / "gum"
SPEC = ROOT / "corpora_samples" / "spec"


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def conll(sentences: list[list[tuple[str, object, str]]]) -> str:
    """CoNLL-U text: one ``# sent_id`` per sentence, tokens as (word, head, relation)."""
    out = []
    for number, tokens in enumerate(sentences, start=1):
        out.append(f"# sent_id = s{number}\n")
        for i, (word, head, rel) in enumerate(tokens, start=1):
            out.append(f"{i}\t{word}\t{word}\tNOUN\tNN\t_\t{head}\t{rel}\t_\t_\n")
        out.append("\n")
    return "".join(out)


# -- nothing lost: the data --------------------------------------------------------------
#
# Six sentences. Sentence 2 is bad in system A (a head outside the sentence),
# sentence 4 in the gold (a head that is no number), sentence 5 in system B
# (another word). So sentences 1, 3 and 6 are scored, for both systems.

S1 = [("x1", 2, "nsubj"), ("y1", 0, "root"), ("z1", 2, "obj")]
S2 = [("x2", 0, "root"), ("y2", 1, "dep"), ("z2", 1, "dep")]
S3 = [("x3", 0, "root"), ("y3", 1, "dep"), ("z3", 2, "dep")]
S4 = [("x4", 2, "nsubj"), ("y4", 0, "root"), ("z4", 2, "obj")]
S5 = [("x5", 2, "nsubj"), ("y5", 0, "root"), ("z5", 2, "obj")]
S6 = [("x6", 0, "root"), ("y6", 3, "case"), ("z6", 1, "nmod")]

GOLD = [S1, S2, S3, [("x4", 2, "nsubj"), ("y4", 0, "root"), ("z4", "two", "obj")], S5, S6]
SYSTEM_A = [
    S1,
    [("x2", 0, "root"), ("y2", 9, "dep"), ("z2", 1, "dep")],  # head 9 of 3 tokens
    [("x3", 0, "root"), ("y3", 1, "dep"), ("z3", 1, "dep")],  # z3 hangs from x3
    S4,
    S5,
    S6,
]
SYSTEM_B = [
    [("x1", 2, "nsubj"), ("y1", 0, "root"), ("z1", 2, "iobj")],  # a wrong label
    S2,
    S3,
    S4,
    [("x5", 2, "nsubj"), ("y5", 0, "root"), ("Z5", 2, "obj")],  # another word
    [("x6", 0, "root"), ("y6", 1, "case"), ("z6", 1, "nmod")],  # y6 hangs from x6
]


@pytest.fixture
def corpus(tmp_path: Path) -> dict[str, Path]:
    files = {"gold": GOLD, "a": SYSTEM_A, "b": SYSTEM_B}
    paths = {}
    for name, sentences in files.items():
        path = tmp_path / f"{name}.conllu"
        path.write_text(conll(sentences), encoding="utf-8")
        paths[name] = path
    return paths


def check_skipped(report: dict, corpus: dict[str, Path], names: tuple[str, str] = ("a", "b")):
    # Sentence 4's gold is bad: left out of every system. Sentences 2 (A's) and 5 (B's)
    # are bad parses, each its own system's failed parse: under the default --missing
    # skip left out of every system alike, as a missing parse is, and counted so.
    assert report["counts"] == {"read": 6, "scored": 3, "missing": 2, "skipped": 1}
    skipped = report["skipped"]
    assert [(s["sentence"], s["id"]) for s in skipped] == [(4, "s4")]
    assert f"{corpus['gold']}:" in skipped[0]["reason"]
    assert "'two', which is not a number" in skipped[0]["reason"]
    missing = report["missing"]["sentences"]
    assert [(m["sentence"], m["id"], m["systems"]) for m in missing] == [
        (2, "s2", [names[0]]),
        (5, "s5", [names[1]]),
    ]
    assert [[r["status"] for r in m["reasons"]] for m in missing] == [["bad"], ["bad"]]
    bad = report["bad_parses"]
    assert [(b["sentence"], b["system"]) for b in bad] == [(2, names[0]), (5, names[1])]
    assert [b["reason"] for b in bad] == [r["reason"] for m in missing for r in m["reasons"]]
    assert f"{corpus['a']}:" in bad[0]["reason"] and "head 9, outside 0..3" in bad[0]["reason"]
    assert "yields differ at token 3" in bad[1]["reason"]
    assert str(corpus["b"]) in bad[1]["reason"]


# TedEval on sentences 1, 3 and 6 (labeled items (label, span); SPEC.md §5):
# - A: sentence 3 is SPEC's "p against gold1" case, δ/ι = 3/9 labeled and
#   1/7 unlabeled; sentences 1 and 6 are exact, ι = 8 and 10 labeled
#   (4 and 5 items a side), 6 and 8 unlabeled.
# - B: in sentence 1 obj(2,3) becomes iobj(2,3), δ/ι = 2/8 and 0/6; sentence
#   3 exact (10 and 8); sentence 6 loses nmod(1,3) and hd(2,3) and gains
#   nmod(2,3): 3/9, and unlabeled 1/7.
TEDEVAL_A = ({"delta_labeled": 3, "iota_labeled": 27}, {"delta_unlabeled": 1, "iota_unlabeled": 21})
TEDEVAL_B = ({"delta_labeled": 5, "iota_labeled": 27}, {"delta_unlabeled": 1, "iota_unlabeled": 21})


def test_score_skips_and_lists_bad_sentences(capsys, corpus):
    status, out, err = run(
        capsys, "score", corpus["gold"], corpus["a"], corpus["b"], "--skip-bad", "--json"
    )
    assert status == 0, err
    report = json.loads(out)
    check_skipped(report, corpus)
    a, b = (s["scores"] for s in report["systems"])
    assert (a["labeled"]["totals"], a["unlabeled"]["totals"]) == TEDEVAL_A
    assert (b["labeled"]["totals"], b["unlabeled"]["totals"]) == TEDEVAL_B
    assert a["labeled"]["sentences"] == b["labeled"]["sentences"] == 3
    # The text report says the same.
    status, out, _ = run(capsys, "score", corpus["gold"], corpus["a"], corpus["b"], "--skip-bad")
    assert (
        "6 sentences read, 3 scored, 2 with a missing parse (a: 1, b: 1), 1 skipped as bad" in out
    )
    assert out.count("  skipped sentence ") == 1
    assert "bad parses, each a missing parse of its own system: a: 1, b: 1\n" in out
    assert (
        f"  sentence 2 (a): {corpus['a']}:8: sentence 2 (id s2): token 2 ('y2') has head 9" in out
    )


# Under --missing zero a bad parse counts against its own system only (SPEC.md §10): A is
# scored on sentences 1, 2, 3, 5 and 6 with sentence 2 as nothing right, B on the same
# with sentence 5 so; sentence 4 (a bad gold) stays out of both. TedEval: a sentence with
# nothing right has δ = ι = |e|, and a three-token gold here has 4 labeled items (the
# root's and 3 words') and 3 unlabeled; an exact one adds ι = 8 and 6.
# A: TEDEVAL_A + sentence 2 (4/4, 3/3) + sentence 5 exact (0/8, 0/6).
# B: TEDEVAL_B + sentence 2 exact (0/8, 0/6) + sentence 5 (4/4, 3/3).
ZERO_A = ({"delta_labeled": 7, "iota_labeled": 39}, {"delta_unlabeled": 4, "iota_unlabeled": 30})
ZERO_B = ({"delta_labeled": 9, "iota_labeled": 39}, {"delta_unlabeled": 4, "iota_unlabeled": 30})


def test_score_under_zero_a_bad_parse_counts_against_its_own_system(capsys, corpus):
    argv = ["score", corpus["gold"], corpus["a"], corpus["b"], "--skip-bad", "--missing", "zero"]
    status, out, err = run(capsys, *argv, "--json")
    assert status == 0, err
    report = json.loads(out)
    assert report["counts"] == {"read": 6, "scored": 5, "missing": 2, "skipped": 1}
    a, b = (s["scores"] for s in report["systems"])
    assert (a["labeled"]["totals"], a["unlabeled"]["totals"]) == ZERO_A
    assert (b["labeled"]["totals"], b["unlabeled"]["totals"]) == ZERO_B
    assert err == (
        "tedeval: warning: 2 of 6 sentences have a missing parse (a: 1, b: 1; 2 of them bad "
        "input), scored with nothing right (--missing zero)\n"
    )


def test_attach_under_zero_a_bad_parse_counts_against_its_own_system(capsys, corpus):
    argv = ["attach", corpus["gold"], corpus["a"], corpus["b"], "--skip-bad", "--missing", "zero"]
    status, out, err = run(capsys, *argv, "--json")
    assert status == 0, err
    a, b = (s["scores"] for s in json.loads(out)["systems"])
    # 15 tokens. A: sentence 2 (3 tokens) nothing right, z3's head wrong. B: sentence 5
    # nothing right, z1's label and y6's head wrong.
    assert a["UAS"]["totals"] == {"head": 11, "tokens": 15}
    assert a["LAS"]["totals"] == {"head_label": 11, "labeled_tokens": 15}
    assert b["UAS"]["totals"] == {"head": 11, "tokens": 15}
    assert b["LAS"]["totals"] == {"head_label": 10, "labeled_tokens": 15}
    assert b["LA"]["totals"] == {"label": 11, "labeled_tokens": 15}
    # The text: the same counts, and the bad parses named.
    status, out, _ = run(capsys, *argv)
    assert (
        "6 sentences read, 5 scored, 2 with a missing parse (a: 1, b: 1), 1 skipped as bad\n" in out
    )
    assert "missing parses: scored with nothing right (--missing zero)\n" in out
    assert "  skipped sentence 4: " in out


def test_cross_skips_and_lists_bad_sentences(capsys, corpus):
    status, out, err = run(
        capsys,
        "cross",
        "-e",
        f"one={corpus['gold']},{corpus['a']}",
        "-e",
        f"two={corpus['gold']},{corpus['b']}",
        "--skip-bad",
        "--json",
    )
    assert status == 0, err
    report = json.loads(out)
    check_skipped(report, corpus, ("one parse", "two parse"))
    # Both theories share one gold, so MULTIPLE equals SINGLE here.
    systems = {s["name"]: s["scores"] for s in report["systems"]}
    for name, expected in (("one", TEDEVAL_A), ("two", TEDEVAL_B)):
        for scenario in ("single", "multiple"):
            lab, unl = systems[name][f"{scenario} labeled"], systems[name][f"{scenario} unlabeled"]
            assert (lab["totals"], unl["totals"]) == expected
            assert lab["sentences"] == 3
    (overlap,) = report["overlap"]
    assert (overlap["a"], overlap["b"], overlap["labeled"]["value"]) == ("one", "two", 1.0)


def test_attach_skips_and_lists_bad_sentences(capsys, corpus):
    status, out, err = run(
        capsys, "attach", corpus["gold"], corpus["a"], corpus["b"], "--skip-bad", "--json"
    )
    assert status == 0, err
    report = json.loads(out)
    check_skipped(report, corpus)
    a, b = report["systems"]
    # 9 tokens. A: z3's head is wrong. B: z1's label and y6's head are wrong.
    assert a["scores"]["UAS"]["totals"] == {"head": 8, "tokens": 9}
    assert a["scores"]["LAS"]["totals"] == {"head_label": 8, "labeled_tokens": 9}
    assert b["scores"]["UAS"]["totals"] == {"head": 8, "tokens": 9}
    assert b["scores"]["LAS"]["totals"] == {"head_label": 7, "labeled_tokens": 9}
    assert b["scores"]["LA"]["totals"] == {"label": 8, "labeled_tokens": 9}


def test_mph_skips_and_lists_bad_sentences(capsys, corpus):
    status, out, err = run(
        capsys, "mph", corpus["gold"], corpus["a"], corpus["b"], "--skip-bad", "--json"
    )
    assert status == 0, err
    report = json.loads(out)
    check_skipped(report, corpus)
    # MPH brackets: projections of two tokens. Gold: (1,3) in sentences 3
    # and 6. A keeps sentence 6's, B sentence 3's.
    for block in report["systems"]:
        assert block["scores"]["F1"]["totals"] == {"matched": 1, "gold": 2, "test": 1}
        assert block["scores"]["F1"]["value"] == pytest.approx(2 / 3)


@pytest.mark.parametrize("command", ["score", "attach", "mph"])
def test_without_skip_bad_the_first_bad_sentence_stops_the_run(capsys, corpus, command):
    status, out, err = run(capsys, command, corpus["gold"], corpus["a"], corpus["b"])
    assert (status, out) == (1, "")
    # Sentence 2 of A starts on line 6 (its # sent_id line); the token on line 8.
    assert err == (
        f"tedeval: error: {corpus['a']}:8: sentence 2 (id s2): token 2 ('y2') has head 9, "
        "outside 0..3\n"
    )


def test_cross_without_skip_bad_stops_at_the_first_bad_sentence(capsys, corpus):
    status, _, err = run(
        capsys,
        "cross",
        "-e",
        f"one={corpus['gold']},{corpus['a']}",
        "-e",
        f"two={corpus['gold']},{corpus['b']}",
    )
    assert status == 1
    assert err.startswith(f"tedeval: error: {corpus['a']}:8: sentence 2 (id s2): ")


GOLD_PTB = [
    "(S (NP (NN a1)) (VP (VB b1) (NP (NN c1))))",
    "(S (NP (NN a2)) (VP (VB b2)))",
    "(S (NP (DT a3) (NN b3)) (VP (VB c3)))",
    "(S (NP (NN a4)) (VP (VB b4))",  # a bracket missing
    "(S (NP (NN a5)) (VP (VB b5)))",
    "(S (NP (NN a6)) (VP (VB b6)) (. .))",
]
TEST_A = [
    GOLD_PTB[0],
    "(S (NP (NN a2)) (VP (VB b2))))",  # a bracket too many
    "(S (NP (DT a3)) (VP (NN b3) (VB c3)))",
    "(S (NP (NN a4)) (VP (VB b4)))",
    "(S (NP (NN x5)) (VP (VB b5)))",  # another word: an EVALB error
    GOLD_PTB[5],
]
TEST_B = [*GOLD_PTB[:3], "(S (NP (NN a4)) (VP (VB b4)))", *GOLD_PTB[4:]]


@pytest.fixture
def ptb_corpus(tmp_path: Path) -> dict[str, Path]:
    paths = {}
    for name, lines in (("gold", GOLD_PTB), ("a", TEST_A), ("b", TEST_B)):
        paths[name] = tmp_path / f"{name}.mrg"
        paths[name].write_text("\n".join(lines) + "\n", encoding="utf-8")
    return paths


def test_parseval_counts_bad_sentences_as_error_rows(capsys, ptb_corpus):
    c = ptb_corpus
    status, out, err = run(capsys, "parseval", c["gold"], c["a"], c["b"], "--skip-bad", "--json")
    assert status == 0, err
    report = json.loads(out)
    # EVALB counts its error sentences as rows; none is left out, and the counts (A's, the
    # first system's) keep them apart: scored, they are in no total.
    assert report["counts"] == {"read": 6, "scored": 3, "missing": 0, "skipped": 0, "errors": 3}
    assert report["skipped"] == []
    a, b = report["systems"]
    a_summary, b_summary = a["details"]["summary"], b["details"]["summary"]
    # A: sentences 2 and 4 cannot be read (one side each), 5 has another word.
    assert (a_summary["all"]["sentences"], a_summary["all"]["error_sentences"]) == (6, 3)
    assert [e["sentence"] for e in a_summary["errors"]] == [2, 4, 5]
    # Valid: sentence 1 (4 brackets), 3 (gold S NP(0,2) VP; test S NP(0,1)
    # VP(1,3), one match) and 6 (3 brackets, the period deleted).
    assert a["scores"]["F1"]["totals"] == {"matched": 8, "gold": 10, "test": 10}
    # B only meets the gold's bad sentence 4; its 5 valid sentences match.
    assert (b_summary["all"]["sentences"], b_summary["all"]["error_sentences"]) == (6, 1)
    assert b["scores"]["F1"]["totals"] == {"matched": 16, "gold": 16, "test": 16}
    assert [s["errors"] for s in report["systems"]] == [3, 1]
    # Without --skip-bad a line the reader cannot read stops the run.
    status, _, err = run(capsys, "parseval", c["gold"], c["a"])
    assert status == 1
    assert err == (
        f"tedeval: error: {c['a']}:2: sentence 2: too many closing brackets: ')' after the "
        "tree begun on line 2 is complete\n"
    )


def test_parseval_under_zero_a_bad_parse_is_its_systems_failed_parse(capsys, ptb_corpus):
    # SPEC.md §10: under --missing zero A's unreadable sentence 2 and its sentence 5 of
    # another word are A's failed parses, scored with nothing right: no test bracket, the
    # gold's 3 brackets (S, NP, VP) missed and its 2 words' tags wrong. Sentence 4, whose
    # gold cannot be read, stays EVALB's error sentence for both systems.
    c = ptb_corpus
    argv = ["parseval", c["gold"], c["a"], c["b"], "--skip-bad", "--missing", "zero", "--json"]
    status, out, err = run(capsys, *argv)
    assert status == 0, err
    report = json.loads(out)
    assert report["counts"] == {"read": 6, "scored": 5, "missing": 2, "skipped": 0, "errors": 1}
    a, b = report["systems"]
    # A: sentences 1, 3 and 6 as above (8/10/10), 2 and 5 add 3 gold brackets each.
    assert a["scores"]["F1"]["totals"] == {"matched": 8, "gold": 16, "test": 10}
    # Tags: 3 + 3 + 2 right (the period deleted) of 8, and 0 of 2 in each zero sentence.
    assert a["scores"]["TAGGING_ACCURACY"]["totals"] == {"correct_tags": 8, "words": 12}
    assert a["details"]["summary"]["all"]["error_sentences"] == 1
    assert b["scores"]["F1"]["totals"] == {"matched": 16, "gold": 16, "test": 16}
    assert [(x["sentence"], x["system"]) for x in report["bad_parses"]] == [(2, "a"), (5, "a")]
    assert "word 1 differs: gold 'a5', test 'x5'" in report["bad_parses"][1]["reason"]
    # Without --skip-bad sentence 2 cannot be read: the run stops there, but another
    # word is EVALB's error sentence, which needs no --skip-bad to be A's failed parse.
    status, _, err = run(capsys, "parseval", c["gold"], c["a"], "--missing", "zero")
    assert status == 1 and "too many closing brackets" in err
    gold, test = c["gold"].with_name("g5.mrg"), c["a"].with_name("a5.mrg")
    gold.write_text(GOLD_PTB[4] + "\n", encoding="utf-8")
    test.write_text(TEST_A[4] + "\n", encoding="utf-8")
    status, out, err = run(capsys, "parseval", gold, test, "--missing", "zero", "--json")
    assert status == 0, err
    report = json.loads(out)
    assert report["counts"] == {"read": 1, "scored": 1, "missing": 1, "skipped": 0, "errors": 0}
    assert report["systems"][0]["scores"]["F1"]["totals"] == {"matched": 0, "gold": 3, "test": 0}


# -- one error family: the command -------------------------------------------------------


BAD_INPUT = {
    "score": ("arrive_gold1.conll", "1\tarrive\tarrive\tVB\tVB\t_\t7\troot\t_\t_\n"),
    "attach": ("arrive_gold1.conll", "1\tarrive\tarrive\tVB\tVB\t_\t7\troot\t_\t_\n"),
    "mph": ("john.ptb", "(S (NP John) (VP saw) (NP Mary) (. .)))\n"),
    "parseval": ("john.ptb", "(S (NP John) (VP saw) (NP Mary) (. .)))\n"),
}


@pytest.mark.parametrize("command", ["score", "attach", "mph", "parseval", "cross"])
def test_every_command_reports_bad_input_in_one_line(capsys, tmp_path, command):
    gold_name, bad_text = BAD_INPUT.get(command, BAD_INPUT["score"])
    bad = tmp_path / "bad.txt"
    bad.write_text(bad_text, encoding="utf-8")
    gold = SPEC / gold_name
    argv = (
        ["cross", "-e", f"a={gold},{bad}", "-e", f"b={gold},{gold}"]
        if command == "cross"
        else [command, gold, bad]
    )
    status, out, err = run(capsys, *argv)
    assert (status, out) == (1, "")
    assert err.startswith(f"tedeval: error: {bad}:1: sentence 1: ") and err.count("\n") == 1
    assert "Traceback" not in err
    # --debug adds the traceback, and still ends with the same line.
    status, _, debug = run(capsys, *argv, "--debug")
    assert status == 1
    assert debug.startswith("Traceback (most recent call last):")
    assert debug.endswith(err)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--significance", "-5"], "--significance takes a number of rounds of at least 1, not -5"),
        (["--significance", "10", "--seed", "-1"], "--seed takes a non-negative integer, not -1"),
    ],
)
def test_regression_bad_numeric_options_are_our_errors(capsys, argv, message):
    # A ValueError from numpy or joblib once escaped as a traceback.
    g = SPEC / "arrive_gold1.conll"
    p = SPEC / "arrive_parse.conll"
    status, _, err = run(capsys, "score", g, p, g, *argv)
    assert status == 1
    assert err.startswith("tedeval: error: ") and message in err and err.count("\n") == 1


@pytest.mark.parametrize("command", ["score", "cross", "parseval", "attach", "mph"])
def test_the_command_line_refuses_jobs(capsys, command):
    # --jobs was removed from the command line: 2 processes had to run every
    # command at least 1.7 times faster on 30,000 sentences, and only the APTED
    # engine gains (the span engine and the classic commands run in one
    # process). The Python API keeps jobs= (its own test below: jobs=0).
    g = SPEC / "arrive_gold1.conll"
    p = SPEC / "arrive_parse.conll"
    argv = ["cross", "-e", f"a={g},{p}"] if command == "cross" else [command, g, p]
    with pytest.raises(SystemExit) as info:
        main([str(a) for a in [*argv, "--jobs", "2"]])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments: --jobs 2" in err


def test_regression_significance_of_an_undefined_score(capsys, tmp_path):
    # MPH F1 on one-token sentences is undefined: the significance test raised
    # a bare ValueError, then refused the run; now it is reported untested
    # (SPEC.md §6), and the run succeeds.
    one = tmp_path / "one.ptb"
    one.write_text("(S (NN a))\n(S (NN b))\n", encoding="utf-8")
    status, out, err = run(capsys, "mph", one, one, one, "--significance", "100")
    assert (status, err) == (0, "")
    # The same file as both systems: named by its path, then numbered.
    assert (
        f"n/a: F1 p-value of {one} vs {one}#2: not tested: scores A and B are N/A "
        "(no bracket on either side)\n"
    ) in out


def test_regression_head_rule_file_not_utf8_or_malformed(capsys, tmp_path):
    # A head-rule file that is not UTF-8 raised UnicodeDecodeError; a bad line
    # was reported without the file's name.
    g = SPEC / "john.ptb"
    rules = tmp_path / "heads.rules"
    rules.write_bytes(b"S left VP\nNP left NN\xe9\n")
    status, _, err = run(capsys, "mph", g, g, "--head-rules", rules)
    assert status == 1
    assert err == (
        f"tedeval: error: {rules}:2: the head-rule file is not UTF-8: byte 0xe9 at byte 21 "
        "cannot be decoded\n"
    )
    rules.write_text("S left VP\nNP sideways NN\n", encoding="utf-8")
    status, _, err = run(capsys, "mph", g, g, "--head-rules", rules)
    assert status == 1
    assert err.startswith(f"tedeval: error: {rules}:2: unknown head-rule direction 'sideways'")


def test_regression_files_that_cannot_be_opened_or_written(capsys, tmp_path):
    # The message said "cannot read" also for an output file.
    g = SPEC / "arrive_gold1.conll"
    missing = tmp_path / "missing.conll"
    status, _, err = run(capsys, "score", g, missing)
    assert (status, err) == (1, f"tedeval: error: {missing}: No such file or directory\n")
    status, _, err = run(capsys, "score", g, tmp_path)
    assert (status, err) == (1, f"tedeval: error: {tmp_path}: Is a directory\n")
    out = tmp_path / "no" / "such" / "dir.tsv"
    status, _, err = run(capsys, "score", g, g, "--per-sentence", out)
    # Refused before scoring, naming the option and the directory that is not there.
    assert (status, err) == (
        1,
        f"tedeval: error: --per-sentence {out}: no directory {out.parent}\n",
    )


def test_regression_prm_warnings_are_one_line(capsys, tmp_path):
    # EVALB ignores an unknown keyword; the warning was printed with Python's
    # file, line number and source line.
    prm = tmp_path / "odd.prm"
    prm.write_text("LABELED 1\nCOLOUR blue\n", encoding="utf-8")
    g = SPEC / "john.ptb"
    status, _, err = run(capsys, "parseval", g, g, "-p", prm)
    assert status == 0
    assert err == (
        f"tedeval: warning: {prm}:2: unknown keyword 'COLOUR' in parameter file; line "
        "ignored (as EVALB does)\n"
    )


def test_regression_a_closed_pipe_is_not_an_error():
    # "tedeval ... | head": the message was "cannot read: Broken pipe".
    proc = subprocess.Popen(
        [sys.executable, "-m", "nltk_tedeval", "parseval", SPEC / "john.ptb", SPEC / "john.ptb"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read()
    proc.stderr.close()
    assert (proc.wait(), err) == (141, b"")


def test_regression_output_encoding_without_the_characters_we_print():
    # Under PYTHONIOENCODING=ascii (or a Latin-1 terminal) "⊓" in the MULTIPLE
    # header raised UnicodeEncodeError; now it prints as an escape.
    g1, g2, p = (
        SPEC / "arrive_gold1.conll",
        SPEC / "arrive_gold2.conll",
        SPEC / "arrive_parse.conll",
    )
    argv = [sys.executable, "-m", "nltk_tedeval", "score", g1, p, "--other-gold", g2]
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    text = subprocess.run(argv, capture_output=True, env=env, check=True).stdout.decode("ascii")
    assert text.startswith(f"TedEval MULTIPLE: against {g1} \\u2293 {g2}\n")
    report = subprocess.run([*argv, "--json"], capture_output=True, env=env, check=True).stdout
    labeled = json.loads(report)["systems"][0]["scores"]["labeled"]
    assert labeled["totals"] == {"delta_labeled": 1, "iota_labeled": 6}


def test_an_unexpected_exception_is_one_line_saying_it_is_a_bug(capsys, monkeypatch):
    def broken(args):
        raise RuntimeError("boom")

    import nltk_tedeval.cli.tedeval_commands as commands

    # The registry imports a command's run function when it runs (METRICS).
    monkeypatch.setattr(commands, "cmd_score", broken)
    g = SPEC / "arrive_gold1.conll"
    status, _, err = run(capsys, "score", g, g)
    assert status == 70
    assert err.startswith("tedeval: internal error: RuntimeError: boom (this is a bug")
    assert err.count("\n") == 1
    status, _, err = run(capsys, "score", g, g, "--debug")
    assert status == 70 and err.startswith("Traceback") and "RuntimeError: boom" in err


def test_regression_apted_on_a_tree_too_big_for_it(capsys, tmp_path):
    # A 2,000-level chain ran APTED for hours (cubic time, gigabytes).
    n = 400
    text = "".join(f"(X-F (T w{i}) " for i in range(n - 1)) + f"(X-F (T w{n - 1}))" + ")" * (n - 1)
    deep = tmp_path / "deep.ptb"
    deep.write_text(text + "\n", encoding="utf-8")
    status, _, err = run(capsys, "score", deep, deep, "--engine", "apted")
    assert status == 1
    assert err.startswith("tedeval: error: sentence 1: the APTED engine takes sorted function")
    # Labeled: the root, 400 F nodes in a chain, 400 tokens.
    assert "this one has 801 nodes and depth 402" in err
    status, out, _ = run(capsys, "score", deep, deep, "--engine", "apted", "--skip-bad")
    assert status == 0 and "1 sentence read, 0 scored, 0 with a missing parse, 1 skipped" in out


# -- one error family: the library -------------------------------------------------------


def test_regression_library_option_errors_are_ours():
    # These were bare ValueErrors; they are still ValueErrors, and ours.
    a = StatsTable(("delta", "iota"), [(1, 10), (2, 10)])
    b = StatsTable(("delta", "iota"), [(2, 10)])
    with pytest.raises(SentenceCountError, match="same sentences"):
        paired_randomization(a, b, TEDEVAL)
    with pytest.raises(OptionError, match="rounds must be"):
        paired_randomization(a, a, TEDEVAL, rounds=0)
    with pytest.raises(OptionError, match="seed"):
        paired_randomization(a, a, TEDEVAL, seed=-3)
    empty = StatsTable(("matched", "gold", "test"), [(0, 0, 0)])
    from nltk_tedeval.metrics.mph import MEASURES

    # Nothing to compare is no error but an untested result (SPEC.md §6).
    untested = paired_randomization(empty, empty, MEASURES["F1"])
    assert untested.reason == "not tested: scores A and B are N/A (no bracket on either side)"
    gold = MultiFunctionTree({(0, 2): {"a"}}, 2)
    with pytest.raises(OptionError, match="jobs"):
        TedEvalEvaluator([gold], [gold], jobs=0).eval()
    for err in (SentenceCountError, OptionError):
        assert issubclass(err, TedEvalError) and issubclass(err, ValueError)


def test_wrong_objects_are_named_briefly():
    # The message shows a short repr (reprlib), whatever the size of the object.
    huge = b"(S " * 100_000
    ev = MPHEvaluator([huge], [Tree("S", ["a"])])
    with pytest.raises(TreeStructureError) as info:
        ev.eval()
    assert (
        info.value.message
        == "parse: expected an nltk.Tree or a DependencyGraph, got bytes: "
        + ("b'(S (S (S (S... (S (S (S (S '")
    )
    # A bracketed string is read as a tree (SPEC.md §13): nltk's refusal of one nested
    # deeper than it reads is named in a line, without the text.
    with pytest.raises(InputFormatError) as info:
        MPHEvaluator(["(S " * 100_000], [Tree("S", ["a"])])
    assert str(info.value) == (
        "sentence 1: parsed_sents: a bracketed string: nltk cannot read the bracketed tree: "
        "Tree nesting depth exceeds MAX_TREE_DEPTH (500)"
    )


def test_regression_api_misuse_is_our_error_and_still_a_value_or_key_error():
    # These raised bare ValueError or KeyError.
    with pytest.raises(OptionError, match="at least one tree"):
        generalize()
    with pytest.raises(TreeStructureError, match="without children"):
        COLLINS_1999.head_child("NP", [])
    with pytest.raises(TreeStructureError, match="cannot have -1 tokens"):
        MultiFunctionTree({}, -1)
    gold = MultiFunctionTree({(0, 2): {"a"}}, 2)
    ev = TedEvalEvaluator([gold], [gold])
    with pytest.raises(OptionError, match="average must be"):
        ev.score("labeled", average="mean")
    with pytest.raises(OptionError, match="has no measure 'LAS'") as info:
        ev.score("LAS")
    assert isinstance(info.value, KeyError)
    cross = CrossFrameworkEvaluator([("A", [gold], [gold]), ("B", [gold], [gold])])
    for call in (lambda: cross.single("C"), lambda: cross.overlap("A", "C")):
        with pytest.raises(OptionError, match="'C'") as info:
            call()
        assert isinstance(info.value, KeyError)


def test_reader_errors_are_input_format_errors(tmp_path):
    from nltk_tedeval.reading import read_file

    path = tmp_path / "x.conllu"
    path.write_bytes(b"1\tJ\xe9r\xf4me\t_\t_\t_\t_\t0\troot\t_\t_\n")
    with pytest.raises(InputFormatError) as info:
        list(read_file(path))
    assert (info.value.file, info.value.line, info.value.sentence) == (str(path), 1, 1)
    assert "not UTF-8: byte 0xe9 at byte 4" in info.value.message


# -- determinism ---------------------------------------------------------------------------

BYRON = GUM / "GUM_bio_byron"
EVALB = ROOT / "corpora_samples" / "evalb"
SIG = ["--significance", "500", "--json"]
UD, PTB = f"{BYRON}.conllu", f"{BYRON}.ptb"
EXPERIMENTS = ["-e", f"ptb={PTB},{PTB}", "-e", f"ud={UD},{PTB}"]
DETERMINISM_RUNS = [
    ["score", UD, PTB, UD, "--projectivize", "--macro", *SIG],
    ["cross", *EXPERIMENTS, "--projectivize", "--tl-unify", "ptb:ud", *SIG],
    ["parseval", f"{EVALB}/gold.mrg", f"{EVALB}/test.mrg", f"{EVALB}/gold.mrg", *SIG],
    ["attach", UD, UD, UD, *SIG],
    ["mph", PTB, UD, PTB, "--projectivize", *SIG],
]

_RUN_ALL = """
import json, sys
from nltk_tedeval.cli import main
for argv in json.loads(sys.argv[1]):
    assert main(argv) == 0
    print("\\x1e", flush=True)
"""


def test_json_output_is_identical_across_processes_and_hash_seeds():
    outputs = []
    for seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        proc = subprocess.run(
            [sys.executable, "-c", _RUN_ALL, json.dumps(DETERMINISM_RUNS)],
            capture_output=True,
            env=env,
            check=True,
        )
        outputs.append(proc.stdout)
    assert outputs[0] == outputs[1]
    reports = [json.loads(part) for part in outputs[0].decode("utf-8").split("\x1e")[:-1]]
    assert len(reports) == len(DETERMINISM_RUNS)
    assert all(r.get("significance") for r in reports)  # the test ran, with its default seed
    assert {s["seed"] for r in reports for s in r["significance"]} == {12345}


def test_json_output_is_identical_within_a_process(capsys):
    for argv in DETERMINISM_RUNS[:2]:
        first = run(capsys, *argv)
        second = run(capsys, *argv)
        assert first == second and first[0] == 0


def test_cross_scores_do_not_depend_on_the_order_of_experiments(capsys):
    exps = [
        ["-e", f"ptb={BYRON}.ptb,{BYRON}.ptb"],
        ["-e", f"ud={BYRON}.conllu,{BYRON}.ptb"],
        ["-e", f"spec={BYRON}.conllu,{BYRON}.conllu"],
    ]
    tail = ["--projectivize", "--significance", "300", "--json"]
    reports = []
    for order in ((0, 1, 2), (2, 0, 1), (1, 2, 0)):
        argv = [x for i in order for x in exps[i]]
        status, out, err = run(capsys, "cross", *argv, *tail)
        assert status == 0, err
        reports.append(json.loads(out))
    assert reports[0] == reports[1] == reports[2]
    # And the orders really were different runs of the protocol.
    assert [s["name"] for s in reports[0]["systems"]] == ["ptb", "spec", "ud"]


def test_cross_api_scores_do_not_depend_on_the_order_of_experiments():
    words = ("a", "b", "c")
    g1 = MultiFunctionTree({(0, 3): {"r"}, (0, 2): {"x"}, (0, 1): {"h"}}, words)
    g2 = MultiFunctionTree({(0, 3): {"r"}, (1, 3): {"y"}, (2, 3): {"h"}}, words)
    p1 = MultiFunctionTree({(0, 3): {"r"}, (1, 3): {"x"}}, words)
    forward = CrossFrameworkEvaluator([("A", [p1], [g1]), ("B", [g2], [g2])])
    backward = CrossFrameworkEvaluator([("B", [g2], [g2]), ("A", [p1], [g1])])
    assert forward.as_dict(significance_rounds=50) == backward.as_dict(significance_rounds=50)
    # MULTIPLE for A: e = g1 ⊓ g2 = {r(0,3)}; p1 = {r(0,3), x(1,3)}, g1 =
    # {r(0,3), x(0,2), h(0,1)}: p − e = {x(1,3)} (not in g1), δ = 1, ι = 2 + 1.
    labeled, _ = forward.multiple("A")
    assert labeled.totals == {"delta_labeled": 1, "iota_labeled": 3}
