"""Missing parses: one policy for every metric, in Python and on the command line (SPEC.md §10).

The shipped PCFG output ``corpora_samples/study/outputs/pcfg.ptb`` has one
line per sentence of ``corpora_samples/study/test.ptb`` and an empty line for
each sentence the PCFG could not parse. Expected values come from three
independent places: hand derivations in the docstrings, the flat trees built
here with ``examples/study.py``'s recipe and scored as ordinary parses, and
the study's table (``examples/study_results.csv``, whose every cell
``tests/study_reference.py`` recomputes without this package's metric code).
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest
from nltk import Tree
from nltk.parse import DependencyGraph

from nltk_tedeval import (
    AttachmentEvaluator,
    MPHEvaluator,
    ParsevalEvaluator,
    TedEvalEvaluator,
    read_file,
)
from nltk_tedeval.cli import main
from nltk_tedeval.errors import MissingParseError, MissingParseWarning, OptionError
from nltk_tedeval.reading import EvalbParams

ROOT = Path(__file__).resolve().parent.parent
STUDY = ROOT / "corpora_samples" / "study"
GOLD_PTB = STUDY / "test.ptb"
GOLD_UD = STUDY / "test.conllu"
PCFG = STUDY / "outputs" / "pcfg.ptb"
EAGER = STUDY / "outputs" / "arc-eager.conllu"
STANDARD = STUDY / "outputs" / "arc-standard.conllu"


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: object) -> dict[str, Any]:
    status, out, err = run(capsys, *argv, "--json")
    assert status == 0, err
    return json.loads(out)


def value(data: dict[str, Any], measure: str, system: int = 0) -> float:
    return data["systems"][system]["scores"][measure]["value"]


def flat_tree(gold: Tree) -> Tree:
    """examples/study.py's stand-in for a sentence the PCFG did not parse."""
    return Tree("ROOT", [Tree(tag, [word]) for word, tag in gold.pos()])


def blank_lines(path: Path) -> int:
    return sum(1 for line in path.read_text(encoding="utf-8").split("\n")[:-1] if not line)


@pytest.fixture(scope="module")
def study() -> dict[str, list[Any]]:
    gold = [r.tree for r in read_file(GOLD_PTB)]
    pcfg = [r.tree for r in read_file(PCFG, one_per_line=True)]
    return {"gold": gold, "pcfg": pcfg}


# -- the shipped PCFG output: every sentence read, the missing ones counted -------------


def test_the_pcfg_file_has_336_empty_lines_among_605() -> None:
    """The facts the rest of this file relies on, counted from the raw text."""
    assert blank_lines(PCFG) == 336
    assert len(PCFG.read_text(encoding="utf-8").split("\n")[:-1]) == 605


@pytest.mark.parametrize("command", ["score", "mph"])
def test_every_command_reads_all_605_sentences_and_counts_the_missing(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """Before, ``score`` stopped at sentence 3 with a yield mismatch: the empty
    lines were dropped, pairing every later parse with the wrong gold."""
    data = run_json(capsys, command, GOLD_PTB, PCFG)
    assert data["counts"] == {"read": 605, "scored": 269, "missing": 336, "skipped": 0}
    assert data["missing"]["policy"] == "skip"
    assert len(data["missing"]["sentences"]) == 336
    assert data["missing"]["sentences"][0]["systems"] == ["pcfg"]
    assert data["systems"][0]["missing"] == 336
    status, out, err = run(capsys, command, GOLD_PTB, PCFG)
    assert status == 0
    assert "605 sentences read, 269 scored, 336 with a missing parse (pcfg: 336)" in out
    assert err.startswith("tedeval: warning: 336 of 605 sentences have a missing parse")


def test_cross_reads_all_605_sentences_and_counts_the_missing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = run_json(
        capsys, "cross", "-e", f"ptb={GOLD_PTB},{PCFG}", "-e", f"ud={GOLD_UD},{EAGER}",
        "--projectivize",
    )  # fmt: skip
    assert data["counts"] == {"read": 605, "scored": 269, "missing": 336, "skipped": 0}
    assert [(s["name"], s["missing"]) for s in data["systems"]] == [("ptb", 336), ("ud", 0)]


@pytest.mark.parametrize(
    ("command", "measure"), [("score", "labeled"), ("score", "unlabeled"), ("mph", "F1")]
)
def test_zero_scores_lower_than_skip(
    capsys: pytest.CaptureFixture[str], command: str, measure: str
) -> None:
    skip = value(run_json(capsys, command, GOLD_PTB, PCFG), measure)
    zero = run_json(capsys, command, GOLD_PTB, PCFG, "--missing", "zero")
    assert zero["counts"] == {"read": 605, "scored": 605, "missing": 336, "skipped": 0}
    assert value(zero, measure) < skip


def test_zero_tedeval_is_skip_with_every_missing_gold_item_counted(
    capsys: pytest.CaptureFixture[str], study: dict[str, list[Any]]
) -> None:
    """Zero adds, for each missing sentence, δ = ι = |g| (SPEC.md §10): the Σδ and Σι
    of skip plus the gold items of the 336 sentences, counted here by converting the
    gold trees alone (their SINGLE against themselves has δ = 0 and ι = 2|g|)."""
    skip = run_json(capsys, "score", GOLD_PTB, PCFG)["systems"][0]["scores"]
    zero = run_json(capsys, "score", GOLD_PTB, PCFG, "--missing", "zero")["systems"][0]
    missing_golds = [g for g, p in zip(study["gold"], study["pcfg"], strict=True) if p is None]
    self_scores = TedEvalEvaluator(missing_golds, missing_golds)
    for mode in ("labeled", "unlabeled"):
        (iota_self,) = self_scores.stats.totals((f"iota_{mode}",)).tolist()
        items = iota_self // 2
        expected = {
            f"delta_{mode}": skip[mode]["totals"][f"delta_{mode}"] + items,
            f"iota_{mode}": skip[mode]["totals"][f"iota_{mode}"] + items,
        }
        assert zero["scores"][mode]["totals"] == expected


# -- flat: exactly the study's flat trees ------------------------------------------------


def test_flat_equals_the_flat_trees_of_the_study(
    capsys: pytest.CaptureFixture[str], study: dict[str, list[Any]], tmp_path: Path
) -> None:
    """``--missing flat`` against the same parses with examples/study.py's flat tree
    written in by hand, scored as ordinary parses; and against the study's table
    (sentence set "all", PCFG + Viterbi), which study_reference.py recomputes."""
    filled = [
        flat_tree(g) if p is None else p for g, p in zip(study["gold"], study["pcfg"], strict=True)
    ]
    tedeval = run_json(capsys, "score", GOLD_PTB, PCFG, "--missing", "flat")
    labeled, unlabeled = TedEvalEvaluator(filled, study["gold"]).eval()
    assert value(tedeval, "labeled") == pytest.approx(float(labeled), abs=1e-12)
    assert value(tedeval, "unlabeled") == pytest.approx(float(unlabeled), abs=1e-12)
    assert round(value(tedeval, "labeled"), 6) == 0.171156
    assert round(value(tedeval, "unlabeled"), 6) == 0.804682

    # The study deletes ROOT like TOP (COLLINS.prm plus one line), so that the one
    # bracket every flat tree gets right does not count.
    prm = tmp_path / "collins_root.prm"
    collins = (ROOT / "corpora_samples" / "evalb" / "collins.prm").read_text(encoding="utf-8")
    prm.write_text(collins + "DELETE_LABEL ROOT\n", encoding="utf-8")
    parseval = run_json(capsys, "parseval", GOLD_PTB, PCFG, "--missing", "flat", "-p", prm)
    params = EvalbParams.from_file(str(prm))
    (_, _, f1) = ParsevalEvaluator(filled, study["gold"], params).eval()
    assert value(parseval, "F1") == pytest.approx(float(f1), abs=1e-12)
    assert round(value(parseval, "F1"), 6) == 0.260232

    mph = run_json(capsys, "mph", GOLD_PTB, PCFG, "--missing", "flat")
    assert round(value(mph, "F1"), 6) == 0.214237

    cross = run_json(
        capsys, "cross", "-e", f"ptb={GOLD_PTB},{PCFG}", "-e", f"ud={GOLD_UD},{EAGER}",
        "--projectivize", "--missing", "flat",
    )  # fmt: skip
    assert round(value(cross, "multiple labeled"), 6) == 0.547222
    assert round(value(cross, "multiple unlabeled"), 6) == 0.913183


# -- Python and the command line agree ----------------------------------------------------


@pytest.mark.parametrize("policy", ["skip", "zero", "flat"])
def test_python_and_command_line_agree_on_counts_and_scores(
    capsys: pytest.CaptureFixture[str], study: dict[str, list[Any]], policy: str
) -> None:
    gold, pcfg = study["gold"], study["pcfg"]
    for command, cls, measures in (
        ("score", TedEvalEvaluator, ("labeled", "unlabeled")),
        ("parseval", ParsevalEvaluator, ("P", "R", "F1")),
        ("mph", MPHEvaluator, ("P", "R", "F1")),
    ):
        data = run_json(capsys, command, GOLD_PTB, PCFG, "--missing", policy)
        with pytest.warns(MissingParseWarning, match="336 of 605 sentences"):
            ev = cls(pcfg, gold, missing=policy)
            ev.eval()
        assert ev.counts() == data["counts"], command
        for m in measures:
            assert float(ev.score(m)) == pytest.approx(value(data, m), abs=1e-12), (command, m)


@pytest.fixture
def headless(tmp_path: Path) -> Path:
    """arc-eager's output with sentences 2 and 5 unparsed: every HEAD and DEPREL '_'."""
    blocks = EAGER.read_text(encoding="utf-8").split("\n\n")
    for k in (1, 4):
        lines = blocks[k].split("\n")
        for i, line in enumerate(lines):
            cells = line.split("\t")
            if len(cells) == 10 and not line.startswith("#"):
                cells[6] = cells[7] = "_"
                lines[i] = "\t".join(cells)
        blocks[k] = "\n".join(lines)
    path = tmp_path / "eager.conllu"
    path.write_text("\n\n".join(blocks), encoding="utf-8")
    return path


@pytest.mark.parametrize("policy", ["skip", "zero", "flat"])
def test_attachment_python_and_command_line_agree_on_a_conll_missing_parse(
    capsys: pytest.CaptureFixture[str], headless: Path, policy: str
) -> None:
    data = run_json(capsys, "attach", GOLD_UD, headless, "--missing", policy)
    scored = 605 if policy != "skip" else 603
    assert data["counts"] == {"read": 605, "scored": scored, "missing": 2, "skipped": 0}
    assert [m["sentence"] for m in data["missing"]["sentences"]] == [2, 5]
    gold = [r.tree for r in read_file(GOLD_UD)]
    parses = [r.tree for r in read_file(headless)]
    assert (parses[1], parses[4]) == (None, None)
    with pytest.warns(MissingParseWarning):
        ev = AttachmentEvaluator(parses, gold, missing=policy)
        ev.eval()
    assert ev.counts() == data["counts"]
    for m in ("LAS", "UAS", "LA", "UNDIRECTED", "NED"):
        assert float(ev.score(m)) == pytest.approx(value(data, m), abs=1e-12)


def test_attachment_zero_adds_the_missing_tokens_to_the_total_only(
    capsys: pytest.CaptureFixture[str], headless: Path
) -> None:
    """Zero: the two sentences' tokens join the denominator, nothing the numerators."""
    skip = run_json(capsys, "attach", GOLD_UD, headless)["systems"][0]["scores"]["LAS"]
    zero = run_json(capsys, "attach", GOLD_UD, headless, "--missing", "zero")
    blocks = GOLD_UD.read_text(encoding="utf-8").split("\n\n")
    tokens = sum(
        1
        for k in (1, 4)
        for line in blocks[k].split("\n")
        if line and not line.startswith("#") and line.split("\t")[0].isdigit()
    )
    totals = zero["systems"][0]["scores"]["LAS"]["totals"]
    assert totals == {
        "head_label": skip["totals"]["head_label"],
        "labeled_tokens": skip["totals"]["labeled_tokens"] + tokens,
    }


# -- the Python cases of the issue, by hand ----------------------------------------------

GOLD = "(S (NP (DT the) (NN dog)) (VP (VBD barked)))"
OTHER = "(S (NP (PRP it)) (VP (VBD rained)))"


def trees() -> list[Tree]:
    return [Tree.fromstring(GOLD), Tree.fromstring(OTHER)]


def test_parseval_none_is_counted_and_announced_not_silent() -> None:
    """``ParsevalEvaluator([None] + trees[1:], trees)`` used to say P = R = F1 = 1.0 and
    nothing else. It still leaves the sentence out (EVALB's skip sentence), but warns,
    counts it, and says so in its signature. Zero: sentence 1's 3 gold brackets
    (S, NP, VP) join the 3 of sentence 2, with no test bracket: R = 3/6, P = 3/3."""
    gold = trees()
    with pytest.warns(MissingParseWarning, match=r"1 of 2 sentences? has a missing parse"):
        ev = ParsevalEvaluator([None, gold[1]], gold)
        assert [float(s) for s in ev.eval()] == [1.0, 1.0, 1.0]
    assert ev.counts() == {"read": 2, "scored": 1, "missing": 1, "skipped": 0, "errors": 0}
    assert ev.summary()["all"]["skip_sentences"] == 1
    assert str(ev.signature).endswith("missing:skip|version:0.1.0")
    with pytest.warns(MissingParseWarning):
        p, r, f = ParsevalEvaluator([None, gold[1]], gold, missing="zero").eval()
    assert (float(p), float(r), float(f)) == (1.0, 0.5, pytest.approx(2 / 3))


def test_tedeval_none_follows_the_policy() -> None:
    """Gold 1 has unlabeled items (0,2), (2,3) and (0,1), (1,2) under NP [the PTB
    labeler counts no function tag here, so no labeled item]; parse 2 is right.
    skip: only sentence 2, score 1.0. zero: sentence 1 adds δ = ι = 4 unlabeled items:
    gold 2 has (0,1), (1,2): its ι is 2 + 2 = 4, so unlabeled = 1 − 4/8 = 0.5."""
    gold = trees()
    with pytest.warns(MissingParseWarning):
        skip = TedEvalEvaluator([None, gold[1]], gold)
        assert float(skip.eval()[1]) == 1.0
    assert skip.counts() == {"read": 2, "scored": 1, "missing": 1, "skipped": 0}
    with pytest.warns(MissingParseWarning):
        zero = TedEvalEvaluator([None, gold[1]], gold, missing="zero")
        assert float(zero.eval()[1]) == 0.5
    with pytest.raises(MissingParseError) as info:
        TedEvalEvaluator([None, gold[1]], gold, missing="error").eval()
    assert info.value.sentence == 1
    assert info.value.message.startswith("parsed_sents has no parse for this sentence")


def test_a_caught_exception_stands_for_a_missing_parse_and_names_its_reason() -> None:
    gold = trees()
    failure = RuntimeError("chart full")
    with pytest.warns(MissingParseWarning):
        ev = AttachmentEvaluator([failure], [_dep()])
        assert ev.counts() == {"read": 1, "scored": 0, "missing": 1, "skipped": 0}
    with pytest.raises(MissingParseError, match=r"\(RuntimeError: chart full\)"):
        TedEvalEvaluator([failure, gold[1]], gold, missing="error").eval()


def _dep() -> DependencyGraph:
    return DependencyGraph("the DT 2 det\ndog NN 3 nsubj\nbarked VBD 0 ROOT")


def test_attachment_none_and_flat_by_hand() -> None:
    """Flat attaches every token to the root with ``dep``: only "barked" (gold head 0)
    has its head right, no label is right (gold ROOT, flat dep): UAS 1/3, LAS 0.
    Undirected: "dog"'s flat head 0 is not a gold child of it; "the"'s is not either;
    NED: "the"'s gold grandparent is 3 (barked), not 0; "dog"'s gold grandparent is
    the root 0 = its flat head: NED = 2/3. Before, None said "expected an nltk
    DependencyGraph, got NoneType"."""
    with pytest.warns(MissingParseWarning):
        ev = AttachmentEvaluator([None], [_dep()], missing="flat")
        scores = ev.scores()
    assert float(scores["UAS"]) == pytest.approx(1 / 3)
    assert float(scores["LAS"]) == 0.0
    assert float(scores["NED"]) == pytest.approx(2 / 3)
    with pytest.warns(MissingParseWarning):
        zero = AttachmentEvaluator([None], [_dep()], missing="zero").scores()
    assert [float(zero[m]) for m in ("LAS", "UAS", "NED")] == [0.0, 0.0, 0.0]


def test_bad_parses_are_missing_parses_and_bad_golds_are_skipped() -> None:
    """Sentence 1: a parse with other words (a bad parse, on_error="skip"), its system's
    failed parse (SPEC.md §10); sentence 2: missing. Nothing is left to score. A gold
    that is bad by itself stays a sentence skipped as bad, apart from both."""
    gold = trees()
    bad = Tree.fromstring("(S (NP (DT a) (NN cat)) (VP (VBD sat)))")
    with pytest.warns(MissingParseWarning, match=r"2 of 2 .*1 of them bad input"):
        ev = TedEvalEvaluator([bad, None], gold, on_error="skip")
        assert ev.counts() == {"read": 2, "scored": 0, "missing": 2, "skipped": 0}
    assert [b.number for b in ev.bad_parses] == [1]
    with pytest.warns(MissingParseWarning):
        ev = TedEvalEvaluator(
            [gold[0], None], [Tree.fromstring("(S (-NONE- *))"), gold[1]], on_error="skip"
        )
        assert ev.counts() == {"read": 2, "scored": 0, "missing": 1, "skipped": 1}


def test_a_missing_gold_is_a_bad_sentence_not_a_missing_parse() -> None:
    from nltk_tedeval.errors import TedEvalError

    gold = trees()
    with pytest.raises(TedEvalError, match="gold_sents has no tree for this sentence"):
        MPHEvaluator(gold, [None, gold[1]]).eval()


def test_unknown_policy_is_refused() -> None:
    with pytest.raises(OptionError, match="missing must be one of 'skip', 'zero', 'flat'"):
        TedEvalEvaluator([], [], missing="ignore")


def test_three_systems_leave_out_the_union_of_their_missing_sentences() -> None:
    """skip: a sentence any system lacks is left out of all, so that pairs compare the
    same sentences; each system's own count is kept."""
    gold = trees() * 2
    a = [None, gold[1], gold[2], gold[3]]
    b = [gold[0], gold[1], None, gold[3]]
    c = list(gold)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        evs = TedEvalEvaluator.evaluate_systems(gold, [a, b, c], names=["a", "b", "c"])
        assert evs[2].numbers == [2, 4]
    assert evs[0].counts() == {"read": 4, "scored": 2, "missing": 2, "skipped": 0}
    assert evs[0].run.missing_by_system(["a", "b", "c"]) == {"a": 1, "b": 1, "c": 0}
    assert len(seen) == 1 and "(a: 1, b: 1)" in str(seen[0].message)


def test_a_macro_average_says_which_sentences_it_left_out_and_why(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 40: ParsEval's macro average leaves out EVALB's skip rows (missing parses) and
    error sentences; it says so, apart from sentences with nothing to compare. Sentence 1
    is exact (P = R = 1), 2 is missing, 3 has "went" for "ran" (an error sentence), 4 is a
    one-word sentence whose only bracket the prm deletes (TOP): nothing to compare."""
    gold = tmp_path / "g.ptb"
    gold.write_text(
        "(S (NP (PRP I)) (VP (VBD left)))\n(S (NP (PRP You)) (VP (VBD stayed)))\n"
        "(S (NP (PRP We)) (VP (VBD ran)))\n(TOP (UH Hi))\n",
        encoding="utf-8",
    )
    parse = tmp_path / "p.ptb"
    parse.write_text(
        "(S (NP (PRP I)) (VP (VBD left)))\n\n(S (NP (PRP We)) (VP (VBD went)))\n(TOP (UH Hi))\n",
        encoding="utf-8",
    )
    status, out, err = run(capsys, "parseval", gold, parse, "--macro")
    assert status == 0, err
    assert "macro: P=1.0000 R=1.0000 F1=1.0000\n" in out
    assert (
        "macro P of p: leaves out 3 sentences: 1 with a missing parse, 1 EVALB counts as "
        "errors, 1 with nothing to compare\n"
    ) in out
    assert (
        "4 sentences read, 2 scored, 1 EVALB error sentence in no total, 1 with a missing "
        "parse (p: 1), 0 skipped as bad\n"
    ) in out
    # The same run without the missing and error sentences has only the one left out.
    status, out, _ = run(capsys, "parseval", gold, gold, "--macro")
    assert "macro P of g: leaves out 1 sentence with nothing to compare\n" in out


@pytest.mark.parametrize("command", ["parseval", "score", "mph", "cross"])
@pytest.mark.parametrize("name", ["blank.ptb", "blank.txt"])
def test_a_file_of_blank_lines_is_one_missing_parse_a_line_in_every_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, name: str
) -> None:
    # Issue 40: parseval read 2 missing parses where score stopped ("ends after 0
    # sentences"). Beside a bracketed gold of 2 sentences, 2 blank lines are 2 missing
    # parses, whatever the file's name, under every command (SPEC.md §10).
    gold = tmp_path / "g.ptb"
    gold.write_text(f"{GOLD}\n{OTHER}\n", encoding="utf-8")
    blank = tmp_path / name
    blank.write_text("\n\n", encoding="utf-8")
    argv = (
        ["cross", "-e", f"A={gold},{blank}", "-e", f"B={gold},{gold}"]
        if command == "cross"
        else [command, str(gold), str(blank)]
    )
    data = run_json(capsys, *argv, "--missing", "zero")
    assert data["counts"]["read"] == 2 and data["counts"]["missing"] == 2
    assert [m["sentence"] for m in data["missing"]["sentences"]] == [1, 2]


def test_a_file_of_blank_lines_beside_a_conll_gold_holds_no_sentence(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    gold = tmp_path / "g.conllu"
    gold.write_text("1\tI\tI\tPRON\tPRP\t_\t0\troot\t_\t_\n\n", encoding="utf-8")
    blank = tmp_path / "p.conllu"
    blank.write_text("\n\n", encoding="utf-8")
    status, out, err = run(capsys, "attach", gold, blank)
    assert (status, out) == (1, "")
    assert err == (
        f"tedeval: error: {blank} ends after 0 sentences, but {gold} continues with sentence "
        "1 on line 1; parallel sources must hold the same sentences in the same order\n"
    )


def test_parseval_zero_gets_no_tag_right() -> None:
    """Issue 45: under zero a missing parse is the gold's words with every tag wrong (SPEC.md
    §10). Sentence 1 "it rained" (2 words) is missing, sentence 2 "the dog barked" exact:
    3 of 5 tags right, 60.00 as EVALB prints it; crediting the missing tags would be 100."""
    gold = [Tree.fromstring(OTHER), Tree.fromstring(GOLD)]
    with pytest.warns(MissingParseWarning):
        ev = ParsevalEvaluator([None, gold[1]], gold, missing="zero")
        tags = ev.score("TAGGING_ACCURACY")
    assert tags.totals == {"correct_tags": 3, "words": 5}
    assert ev.summary()["all"]["tagging_accuracy"] == pytest.approx(60.0)
