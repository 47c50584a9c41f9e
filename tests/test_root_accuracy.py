"""Root accuracy, a measure added to attachment (metrics/root_accuracy.py, SPEC.md §7).

The first counting extension of attachment: its columns are counted from the
trees (the attachment evaluator's AttachmentView), not derived from its row.
The figures below are worked by hand and counted independently on the study's
files (the conllu library), and every path of a run is checked to carry them:
missing parses, exclusions, breakdowns, sums, intervals, tests, JSON.

The corpus by hand (heads; relations do not matter here):

    S1  I ->2   saw ->0   her ->2   . ->2        one gold root: saw
    S2  Go ->0   ! ->1                           one gold root: Go

Parse P puts I and saw on the root (S1: saw right, I a root too) and "!" on
the root with Go under it (S2: Go wrong, "!" a wrong root):

- ROOT = root_right / gold_roots = 1/2; ROOT_P = 1/3 (I, saw, !);
  ROOT_F1 = 2·1 / (2 + 3) = 0.4.
- punct="exclude": "." and "!" are no scored tokens: ROOT 1/2, ROOT_P 1/2
  (I, saw), F1 2/4.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import conllu
import pytest

from nltk_tedeval import AttachmentEvaluator, DependencyTree, read_file
from nltk_tedeval.cli import main

ROOT_DIR = Path(__file__).resolve().parent.parent
STUDY = ROOT_DIR / "corpora_samples" / "study"

S1 = ("I", "saw", "her", ".")
S2 = ("Go", "!")
GOLD = [
    DependencyTree(S1, (2, 0, 2, 2), ("nsubj", "root", "obj", "punct")),
    DependencyTree(S2, (0, 1), ("root", "punct")),
]
PARSE = [
    DependencyTree(S1, (0, 0, 2, 2), ("nsubj", "root", "obj", "punct")),
    DependencyTree(S2, (2, 0), ("root", "punct")),
]


def root_totals(ev: AttachmentEvaluator) -> tuple[int, int, int]:
    t = {**ev.score("ROOT").totals, **ev.score("ROOT_P").totals}
    return t["root_right"], t["gold_roots"], t["parse_roots"]


def test_the_corpus_by_hand() -> None:
    ev = AttachmentEvaluator(PARSE, GOLD, extra_measures="ROOT,ROOT_P,ROOT_F1")
    assert root_totals(ev) == (1, 2, 3)
    assert float(ev.score("ROOT")) == 0.5
    assert float(ev.score("ROOT_P")) == pytest.approx(1 / 3)
    assert float(ev.score("ROOT_F1")) == pytest.approx(0.4)
    # The metric's own figures do not move: UAS 3 of 6 (I, Go, ! wrong).
    assert ev.score("UAS").totals == {"head": 3, "tokens": 6}
    assert ev.shown_measures[-3:] == ("ROOT", "ROOT_P", "ROOT_F1")


def test_scored_tokens_only() -> None:
    ev = AttachmentEvaluator(PARSE, GOLD, extra_measures="ROOT,ROOT_P", punct="exclude")
    assert root_totals(ev) == (1, 2, 2)
    # Leaving out every word whose gold relation is root: no gold root to score.
    ev = AttachmentEvaluator(
        PARSE, GOLD, extra_measures="ROOT,ROOT_P", exclude={"deprel": {"root"}}
    )
    assert root_totals(ev) == (0, 0, 2)  # the scored parse roots: I (S1) and ! (S2)
    root = ev.score("ROOT")
    assert root.format() == "n/a" and root.reason == "no scored token on the gold's root"
    assert float(ev.score("ROOT_P")) == 0.0


def test_a_parse_without_a_root_has_no_precision() -> None:
    # A cycle (a -> b -> a) puts no token on the root: ROOT 0/1 and ROOT_P N/A.
    gold = [DependencyTree(("a", "b"), (0, 1))]
    cycle = [DependencyTree(("a", "b"), (2, 1), check=False)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the NonTreeParseWarning of SPEC.md §7
        ev = AttachmentEvaluator(cycle, gold, extra_measures="ROOT,ROOT_P,ROOT_F1")
        assert root_totals(ev) == (0, 1, 0)
        assert float(ev.score("ROOT")) == 0.0
        assert ev.score("ROOT_P").reason == "no scored token on the parse's root"
        assert float(ev.score("ROOT_F1")) == 0.0


def test_missing_parses_count_as_their_policy_says() -> None:
    # S2 missing. zero: its gold root counts, none right, no parse root: (1, 2, 2).
    # skip: left out: (1, 1, 2). flat: every word on the root: Go right, "!" a root: (2, 2, 4).
    expected = {"zero": (1, 2, 2), "skip": (1, 1, 2), "flat": (2, 2, 4)}
    for policy, totals in expected.items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ev = AttachmentEvaluator(
                [PARSE[0], None], GOLD, extra_measures="ROOT,ROOT_P", missing=policy
            )
            assert root_totals(ev) == totals, policy


def test_breakdowns_of_whole_sentences_carry_it() -> None:
    ev = AttachmentEvaluator(
        PARSE, GOLD, extra_measures="ROOT", by="length", bins={"length": "2"}
    )
    b = ev.breakdown("length")
    # S2 (2 words): Go wrong; S1 (4 words, bin 3+): saw right.
    assert {g: float(b[g].scores["ROOT"]) for g in b} == {"1-2": 0.0, "3+": 1.0}
    # A key whose groups are tokens does not get it.
    ev = AttachmentEvaluator(PARSE, GOLD, extra_measures="ROOT", by="relation")
    assert "ROOT" not in ev.breakdown("relation")["root"].scores
    # Under missing="zero" the missing parse's group counts its gold root.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ev = AttachmentEvaluator(
            [PARSE[0], None], GOLD, extra_measures="ROOT", by="length",
            bins={"length": "2"}, missing="zero",
        )  # fmt: skip
    b = ev.breakdown("length")
    assert b["1-2"].scores["ROOT"].totals == {"root_right": 0, "gold_roots": 1}


def test_aligned_over_the_same_tokens_gives_the_unaligned_figures() -> None:
    ev = AttachmentEvaluator(PARSE, GOLD, extra_measures="ROOT,ROOT_P,ROOT_F1", align="exact")
    assert root_totals(ev) == (1, 2, 3)
    # S2 missing under zero: its gold root counts, none right, no root of the parse's.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ev = AttachmentEvaluator(
            [PARSE[0], None], GOLD, extra_measures="ROOT,ROOT_P", align="exact", missing="zero"
        )
    assert root_totals(ev) == (1, 2, 2)


def test_aligned_a_split_root_is_lost_and_a_kept_root_right() -> None:
    # Gold S1 "I saw her ." (root saw). Parse: "s aw" for saw, with "s" on the root and
    # "aw" under it: the gold root has no partner (2 parse tokens in its place): none
    # right, 1 gold root, 1 parse root. With S2 "Go !" the same on both sides (root Go
    # right): (1, 2, 2).
    parse = DependencyTree(("I", "s", "aw", "her", "."), (2, 0, 2, 2, 2),
                           ("nsubj", "root", "dep", "obj", "punct"))  # fmt: skip
    ev = AttachmentEvaluator([parse, GOLD[1]], GOLD, extra_measures="ROOT,ROOT_P", align="exact")
    assert root_totals(ev) == (1, 2, 2)
    assert float(ev.score("ROOT")) == 0.5


# The script's word alignment, root by root: (root_right, gold_roots, parse_roots) on
# each pair of corpora_samples/ud/, counted with the CoNLL 2018 script (ufal/conll2018
# f2bc4dd, conll18_ud_eval.py -c) on copies of both files whose XPOS is "R" for a word
# on the root and a mark of its side's own elsewhere ("g" in the gold, "s" in the
# parse), so that the script's XPOS correct count is the aligned pairs of roots.
SCRIPT_ROOTS = {
    "arabic": (9, 15, 15), "chinese": (18, 20, 20), "french": (17, 20, 20),
    "german": (18, 20, 20), "hebrew": (18, 20, 20), "italian": (19, 20, 20),
    "japanese": (17, 20, 20), "spanish": (16, 20, 20), "turkish": (13, 20, 20),
    "vietnamese": (18, 20, 20),
}  # fmt: skip


@pytest.mark.parametrize("language", sorted(SCRIPT_ROOTS))
def test_aligned_roots_are_the_scripts_aligned_roots(
    capsys: pytest.CaptureFixture[str], language: str
) -> None:
    folder = ROOT_DIR / "corpora_samples" / "ud" / language
    for parse, expected in (("resegmented", SCRIPT_ROOTS[language]), ("same", None)):
        report = run_json(capsys, "attach", folder / "gold.conllu", folder / f"{parse}.conllu",
                          "--align", "--measure", "ROOT,ROOT_P,ROOT_F1")  # fmt: skip
        scores = report["systems"][0]["scores"]
        totals = {**scores["ROOT"]["totals"], **scores["ROOT_P"]["totals"]}
        got = (totals["root_right"], totals["gold_roots"], totals["parse_roots"])
        if expected is None:  # the gold's segmentation: every root kept (make_parses.py)
            n = SCRIPT_ROOTS[language][1]
            expected = (n, n, n)
        assert got == expected, parse
        right, gold, predicted = expected
        assert scores["ROOT_F1"]["value"] == pytest.approx(2 * right / (gold + predicted))


def test_the_study_counted_from_the_files() -> None:
    # An independent count with the conllu library over every word.
    gold = conllu.parse((STUDY / "test.conllu").read_text(encoding="utf-8"))
    parse = conllu.parse((STUDY / "outputs" / "arc-eager.conllu").read_text(encoding="utf-8"))
    right = gold_roots = parse_roots = 0
    for g, p in zip(gold, parse, strict=True):
        words = [[x for x in s if isinstance(x["id"], int)] for s in (g, p)]
        for x, y in zip(*words, strict=True):
            gold_roots += x["head"] == 0
            parse_roots += y["head"] == 0
            right += x["head"] == 0 and y["head"] == 0
    ev = AttachmentEvaluator(
        read_file(STUDY / "outputs" / "arc-eager.conllu"),
        read_file(STUDY / "test.conllu"),
        extra_measures="ROOT,ROOT_P",
    )
    assert root_totals(ev) == (right, gold_roots, parse_roots)
    assert gold_roots == len(gold)  # one root a sentence in the study's gold
    # The arc-eager parser leaves words it never attached on the root: 1,284 roots.
    assert (right, gold_roots, parse_roots) == (457, 605, 1284)


def conllu_text(trees: list[DependencyTree]) -> str:
    out = []
    for tree in trees:
        for i, (w, h, r) in enumerate(zip(tree.words, tree.heads, tree.rels, strict=True), 1):
            tag = "PUNCT" if w in ".!" else "X"
            out.append(f"{i}\t{w}\t{w}\t{tag}\t{tag}\t_\t{h}\t{r}\t_\t_\n")
        out.append("\n")
    return "".join(out)


def run_json(capsys: pytest.CaptureFixture[str], *argv: object) -> dict[str, Any]:
    assert main([*map(str, argv), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_command_line_shows_it_in_every_output(capsys, tmp_path: Path) -> None:
    g, p = tmp_path / "gold.conllu", tmp_path / "p.conllu"
    g.write_text(conllu_text(GOLD), encoding="utf-8")
    p.write_text(conllu_text(PARSE), encoding="utf-8")
    assert main(["attach", str(g), str(p), "--measure", "ROOT,ROOT_P,ROOT_F1"]) == 0
    out = capsys.readouterr().out
    assert "system  LAS     UAS     LA      UNDIRECTED  NED     ROOT    ROOT_P  ROOT_F1\n" in out
    # By hand: heads right 3 of 6 (I, Go, ! wrong), every relation right (LA 1), LAS 3/6;
    # undirected adds Go (its parse head "!" is its gold child), NED I and ! (each on its
    # gold grandparent, the root).
    assert "p       0.5000  0.5000  1.0000  0.6667      1.0000  0.5000  0.3333  0.4000\n" in out
    data = run_json(capsys, "attach", g, p, "--measure", "ROOT_P")
    scores = data["systems"][0]["scores"]
    assert scores["ROOT_P"]["totals"] == {"root_right": 1, "parse_roots": 3}
    # Intervals and the paired test take it as any measure: a system against the gold
    # itself (ROOT 1.0) differs on S2 alone.
    data = run_json(
        capsys, "attach", g, p, g, "--measure", "ROOT", "--significance", "1000", "--seed", "1"
    )
    tests = [t for t in data["significance"] if t["measure"] == "ROOT"]
    assert [(t["a"], t["b"]) for t in tests] == [("p", "gold")]
    assert (tests[0]["score_a"], tests[0]["score_b"]) == (0.5, 1.0)
    # Every swap of the two sentences leaves |difference| at 0.5 (S1 ties): p = 1.
    assert tests[0]["p_value"] == 1.0
    # Resampling two sentences, one right and one wrong: means 0, 1/2 and 1.
    data = run_json(capsys, "attach", g, p, "--measure", "ROOT", "--ci", "95", "--seed", "1")
    ci = data["systems"][0]["scores"]["ROOT"]["ci"]
    assert (ci["low"], ci["high"]) == (0.0, 1.0)
    tsv = tmp_path / "out.tsv"
    assert main(["attach", str(g), str(p), "--measure", "ROOT", "-f", "tsv", "-o", str(tsv)]) == 0
    header, row = tsv.read_text(encoding="utf-8").splitlines()[:2]
    assert header.split("\t")[-1] == "ROOT" and row.split("\t")[-1] == "0.5000"
