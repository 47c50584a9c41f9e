"""UCM and LCM, the complete-match measures added to attachment (metrics/complete_match.py).

The measure is an extension of attachment (scoring/extensions.py): this file
tests the figures, worked out by hand below and counted independently on the
study's files, and that every path of a run carries them (alignment, missing
parses, breakdowns by length, sums, intervals, tests, every output).

The corpus by hand (CoNLL-U; heads, relations):

    S1  I ->2 nsubj   saw ->0 root   her ->2 obj   . ->2 punct
    S2  She ->2 nsubj   ran ->0 root
    S3  Go ->0 root

Parse A gets S1's "her" wrong (head 1) and S2's "She" half wrong (right head,
relation obj); S3 right. Parse B hangs S1's "." from "I" and is right elsewhere.

- UCM (every scored head right): A: S2, S3 -> 2/3; B: S2, S3 -> 2/3 with
  punctuation scored, 3/3 without (the "." is no scored token then).
- LCM (every head and relation right): A: S3 -> 1/3; B: 2/3, and 3/3 without
  punctuation.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import conllu
import pytest

from nltk_tedeval import AttachmentEvaluator, DependencyTree, OptionError, read_file
from nltk_tedeval.cli import main
from nltk_tedeval.metrics.complete_match import COMPLETE_MATCH

ROOT = Path(__file__).resolve().parent.parent
STUDY = ROOT / "corpora_samples" / "study"

S1 = ("I", "saw", "her", ".")
GOLD = [
    DependencyTree(S1, (2, 0, 2, 2), ("nsubj", "root", "obj", "punct")),
    DependencyTree(("She", "ran"), (2, 0), ("nsubj", "root")),
    DependencyTree(("Go",), (0,), ("root",)),
]
A = [
    DependencyTree(S1, (2, 0, 1, 2), ("nsubj", "root", "obj", "punct")),
    DependencyTree(("She", "ran"), (2, 0), ("obj", "root")),
    GOLD[2],
]
B = [DependencyTree(S1, (2, 0, 2, 1), ("nsubj", "root", "obj", "punct")), GOLD[1], GOLD[2]]


def conllu_text(trees: list[DependencyTree]) -> str:
    out = []
    for tree in trees:
        for i, (w, h, r) in enumerate(zip(tree.words, tree.heads, tree.rels, strict=True), 1):
            tag = "PUNCT" if w == "." else "X"
            out.append(f"{i}\t{w}\t{w}\t{tag}\t{tag}\t_\t{h}\t{r}\t_\t_\n")
        out.append("\n")
    return "".join(out)


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    paths = {}
    for name, trees in (("gold", GOLD), ("a", A), ("b", B)):
        paths[name] = tmp_path / f"{name}.conllu"
        paths[name].write_text(conllu_text(trees), encoding="utf-8")
    return paths


def ucm_lcm(ev: AttachmentEvaluator) -> tuple[dict[str, int], dict[str, int]]:
    return ev.score("UCM").totals, ev.score("LCM").totals


def test_the_corpus_by_hand() -> None:
    a = AttachmentEvaluator(A, GOLD, extra_measures="UCM,LCM")
    assert ucm_lcm(a) == (
        {"complete_head": 2, "sentences": 3},
        {"complete_head_label": 1, "labeled_sentences": 3},
    )
    assert (float(a.score("UCM")), float(a.score("LCM"))) == (pytest.approx(2 / 3), 1 / 3)
    b = AttachmentEvaluator(B, GOLD, extra_measures="all")
    assert (float(b.score("UCM")), float(b.score("LCM"))) == (pytest.approx(2 / 3), 2 / 3)
    b = AttachmentEvaluator(B, GOLD, extra_measures="UCM,LCM", punct="exclude")
    assert (float(b.score("UCM")), float(b.score("LCM"))) == (1.0, 1.0)
    # The metric's own numbers do not move: LAS 3 + 1 + 1 = 5 of 7 for A.
    assert a.score("LAS").totals == {"head_label": 5, "labeled_tokens": 7}
    assert float(a.score("LAS")) == float(AttachmentEvaluator(A, GOLD).score("LAS"))


def test_only_what_is_asked_is_added() -> None:
    plain = AttachmentEvaluator(A, GOLD)
    assert "UCM" not in plain.measures and plain.columns[-1] == "labeled_tokens"
    ucm = AttachmentEvaluator(A, GOLD, extra_measures=["UCM"])
    assert ucm.shown_measures == ("LAS", "UAS", "LA", "UNDIRECTED", "NED", "UCM")
    assert ucm.columns[-4:] == COMPLETE_MATCH.columns
    with pytest.raises(OptionError, match="has no further measure XYZ; it offers UCM, LCM"):
        AttachmentEvaluator(A, GOLD, extra_measures="XYZ")


def test_nothing_to_compare_is_na() -> None:
    # No relation anywhere: no sentence to compare labels over, LCM N/A; UCM still defined.
    bare = [DependencyTree(t.words, t.heads) for t in GOLD]
    ev = AttachmentEvaluator(bare, bare, extra_measures="UCM,LCM")
    lcm = ev.score("LCM")
    assert lcm.format() == "n/a" and lcm.reason == "no sentence with a relation to compare"
    assert float(ev.score("UCM")) == 1.0
    empty = AttachmentEvaluator([], [], extra_measures="UCM")
    assert empty.score("UCM").format() == "n/a"


def test_missing_parses_count_as_their_policy_says() -> None:
    # S3 missing. zero: its one token scored, no head right: UCM 1/3 (S2), LCM 0/3.
    # skip: left out: UCM 1/2, LCM 0/2. flat: "Go" on the root with relation dep: its
    # head right (UCM 2/3), its relation not (LCM 0/3).
    parse = [A[0], A[1], None]
    expected = {"zero": ((1, 3), (0, 3)), "skip": ((1, 2), (0, 2)), "flat": ((2, 3), (0, 3))}
    for policy, ((u, n), (lu, ln)) in expected.items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ev = AttachmentEvaluator(parse, GOLD, extra_measures="UCM,LCM", missing=policy)
            assert ucm_lcm(ev) == (
                {"complete_head": u, "sentences": n},
                {"complete_head_label": lu, "labeled_sentences": ln},
            ), policy


def test_by_length_each_group_is_its_sentences_complete_match() -> None:
    # Bins 1, 2, 3+: S3 (1 word) complete, S2 (2 words) complete unlabeled only, S1 (4) not.
    ev = AttachmentEvaluator(A, GOLD, extra_measures="UCM,LCM", by="length",
                             bins={"length": "1,2"})  # fmt: skip
    b = ev.breakdown("length")
    assert {g: (float(b[g].scores["UCM"]), float(b[g].scores["LCM"])) for g in b} == {
        "1": (1.0, 1.0), "2": (1.0, 0.0), "3+": (0.0, 0.0)
    }  # fmt: skip
    # Keys whose groups are not whole sentences do not get them.
    ev = AttachmentEvaluator(A, GOLD, extra_measures="UCM", by="relation")
    assert "UCM" not in ev.breakdown("relation")["nsubj"].scores


def test_aligned_units_are_complete_when_every_word_of_both_sides_is_right() -> None:
    # The parse joins S2 and S3 into one sentence "She ran Go": one unit of the gold's two.
    # Go -> ran: Go's head is aligned to ran, but the gold's Go is a root: 2 of 3 right,
    # the unit is no complete match; with Go on the root (a second root), it is.
    joined = DependencyTree(("She", "ran", "Go"), (2, 0, 2), ("nsubj", "root", "root"))
    right = DependencyTree(("She", "ran", "Go"), (2, 0, 0), ("nsubj", "root", "root"))
    for parse, complete in ((joined, 0), (right, 1)):
        ev = AttachmentEvaluator([GOLD[0], parse], GOLD, align=True, extra_measures="UCM,LCM")
        # Units: S1 (exact, complete) and S2+S3.
        assert ucm_lcm(ev) == (
            {"complete_head": 1 + complete, "sentences": 2},
            {"complete_head_label": 1 + complete, "labeled_sentences": 2},
        )
    # A unit of one sentence with the same tokens is the sentence's complete match.
    same = AttachmentEvaluator(A, GOLD, align=True, extra_measures="UCM,LCM")
    assert ucm_lcm(same) == ucm_lcm(AttachmentEvaluator(A, GOLD, extra_measures="UCM,LCM"))


def test_the_study_counted_from_the_files() -> None:
    # An independent count with the conllu library: a sentence is complete when every
    # word's head is the gold's (and, for LCM, its relation too).
    gold = conllu.parse((STUDY / "test.conllu").read_text(encoding="utf-8"))
    parse = conllu.parse((STUDY / "outputs" / "arc-eager.conllu").read_text(encoding="utf-8"))
    heads = labels = 0
    for g, p in zip(gold, parse, strict=True):
        words = [[x for x in s if isinstance(x["id"], int)] for s in (g, p)]  # no "15-16"
        pairs = list(zip(*words, strict=True))
        heads += all(x["head"] == y["head"] for x, y in pairs)
        labels += all((x["head"], x["deprel"]) == (y["head"], y["deprel"]) for x, y in pairs)
    ev = AttachmentEvaluator(
        read_file(STUDY / "outputs" / "arc-eager.conllu"),
        read_file(STUDY / "test.conllu"),
        extra_measures="UCM,LCM",
    )
    assert ucm_lcm(ev) == (
        {"complete_head": heads, "sentences": len(gold)},
        {"complete_head_label": labels, "labeled_sentences": len(gold)},
    )
    assert (heads, labels, len(gold)) == (95, 55, 605)  # UCM 0.1570, LCM 0.0909


def run_json(capsys: pytest.CaptureFixture[str], *argv: object) -> dict[str, Any]:
    assert main([*map(str, argv), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_command_line_shows_them_everywhere_it_is_asked(capsys, files) -> None:
    g, a, b = files["gold"], files["a"], files["b"]
    argv = ["attach", g, a, b, "--measure", "UCM,LCM"]
    assert main([*map(str, argv)]) == 0
    out = capsys.readouterr().out
    assert "system  LAS     UAS     LA      UNDIRECTED  NED     UCM     LCM\n" in out
    # The metric's own measures, by hand over 7 tokens: A has 6 heads right ("her" wrong,
    # and "I" is neither its child nor its grandparent), 6 relations (She's), 5 both; B 6
    # heads ("." wrong), every relation.
    assert "a       0.7143  0.8571  0.8571  0.8571      0.8571  0.6667  0.3333\n" in out
    assert "b       0.8571  0.8571  1.0000  0.8571      0.8571  0.6667  0.6667\n" in out
    data = run_json(capsys, *argv)
    ucm = data["systems"][0]["scores"]["UCM"]
    assert (ucm["totals"], ucm["sentences"]) == ({"complete_head": 2, "sentences": 3}, 3)
    # Every table format, in the text's order.
    assert main([*map(str, argv), "-f", "csv"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "system,LAS,UAS,LA,UNDIRECTED,NED,UCM,LCM"
    # Per sentence: the columns and the scores.
    assert main([*map(str, argv), "--per-sentence", "-"]) == 0
    header = capsys.readouterr().out.splitlines()[0].split("\t")
    at = header.index("labeled_tokens") + 1  # after the metric's own columns
    assert header[at : at + 4] == list(COMPLETE_MATCH.columns) and header[-2:] == ["UCM", "LCM"]
    # Intervals and tests: every round of S1's and S2's swaps gives a difference at least
    # as large for UCM (equal totals): p = 1.
    data = run_json(capsys, *argv, "--ci", "95", "--significance", "99")
    assert "ci" in data["systems"][0]["scores"]["UCM"]
    tests = {t["measure"]: t for t in data["significance"]}
    assert tests["UCM"]["p_value"] == 1.0 and "LCM" in tests
    # By length: the groups get them too.
    data = run_json(capsys, *argv, "--by", "length")
    (first, *_) = data["breakdowns"]
    assert "UCM" in first["measures"] and "UCM" in first["groups"][0]["scores"]
    # And the HTML report, after the metric's own measures.
    assert main([*map(str, argv), "-f", "html"]) == 0
    page = capsys.readouterr().out
    head = page[page.index('<table class="scores">') :]
    head = head[: head.index("</thead>")]
    assert head.index(">NED<") < head.index(">UCM<") < head.index(">LCM<")


def test_the_command_line_under_alignment_and_missing_parses(capsys, files, tmp_path) -> None:
    g, a = files["gold"], files["a"]
    missing = tmp_path / "missing.conllu"
    # S3's token without a head: a missing parse, scored with nothing right under zero.
    missing.write_text(conllu_text(A[:2]) + "1\tGo\tGo\tX\tX\t_\t_\t_\t_\t_\n\n", "utf-8")
    data = run_json(capsys, "attach", g, missing, "--measure", "UCM", "--missing", "zero")
    assert data["systems"][0]["scores"]["UCM"]["totals"] == {"complete_head": 1, "sentences": 3}
    data = run_json(capsys, "attach", "--align", g, a, "--measure", "UCM,LCM")
    assert data["systems"][0]["scores"]["LCM"]["totals"] == {
        "complete_head_label": 1,
        "labeled_sentences": 3,
    }
    assert main(["attach", str(g), str(a), "--measure", "UCM", "--conll18"]) == 1
    assert "--measure would change or extend them" in capsys.readouterr().err
