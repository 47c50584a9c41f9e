"""ParsEval worked examples, each checked twice: by hand and against the real EVALB.

Every case is a parameter file and a gold/test pair under
``tests/fixtures_parseval`` (``<case>.prm``, ``<case>_gold.mrg``,
``<case>_test.mrg``); ``<case>.evalb.txt`` is what the real EVALB (the 2006
version with the quote repair, built from its C source) printed for
``evalb -p <case>.prm <case>_gold.mrg <case>_test.mrg``. Each test states the
numbers worked out by hand from EVALB's rules (the comments show how) and
checks that our figures equal both the hand numbers and EVALB's output.

The cases cover rules whose wrong versions passed the rest of the suite:
``EQ_LABEL`` in the tagging accuracy, ``DELETE_LABEL`` through ``EQ_LABEL``,
multiset matching of repeated brackets, and the greedy match of a
non-transitive ``EQ_LABEL`` set.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from nltk import Tree

from nltk_tedeval.cli import main
from nltk_tedeval.metrics.parseval import COLUMNS, ParsevalEvaluator
from nltk_tedeval.reading.evalb_params import EvalbParams

FIXTURES = Path(__file__).resolve().parent / "fixtures_parseval"
CASES = ("eq_tags", "eq_delete", "multiset", "greedy")


def read_mrg(path: Path) -> list[Tree | None]:
    """One tree per line, an empty line an empty parse: EVALB's reading."""
    lines = path.read_text(encoding="utf-8").split("\n")[:-1]
    return [None if not line.strip() else Tree.fromstring(line) for line in lines]


def params_of(case: str) -> EvalbParams:
    return EvalbParams.from_text((FIXTURES / f"{case}.prm").read_text(encoding="utf-8"))


def evaluate(case: str) -> ParsevalEvaluator:
    return ParsevalEvaluator(
        read_mrg(FIXTURES / f"{case}_test.mrg"),
        read_mrg(FIXTURES / f"{case}_gold.mrg"),
        params_of(case),
    )


def evalb_output(case: str) -> str:
    return (FIXTURES / f"{case}.evalb.txt").read_text(encoding="utf-8")


# Columns of EVALB's per-sentence table, after ID, Len. and Stat.
_TABLE = ("matched", "gold", "test", "crossing", "words", "correct_tags")


def evalb_sentences(case: str) -> list[dict[str, int]]:
    """EVALB's per-sentence table, read back into integers.

    A line is ``ID Len Stat Recall Prec Matched Gold Test Cross Words Tags Acc``;
    the two percentages are dropped since they follow from the counts.
    """
    lines = evalb_output(case).split("\n")
    rules = [i for i, line in enumerate(lines) if line.startswith("=" * 20)]
    rows = []
    for line in lines[rules[0] + 1 : rules[1]]:
        f = line.split()
        values = [int(f[i]) for i in (5, 6, 7, 8, 9, 10)]
        row = dict(zip(_TABLE, values, strict=True))
        rows.append({"length": int(f[1]), "status": int(f[2]), **row})
    return rows


def evalb_totals(case: str) -> dict[str, float]:
    """EVALB's totals line: R, P, matched, gold, test, crossing, words, tags, accuracy."""
    lines = evalb_output(case).split("\n")
    rules = [i for i, line in enumerate(lines) if line.startswith("=" * 20)]
    f = lines[rules[1] + 1].split()
    keys = ("recall", "precision", *_TABLE, "tagging_accuracy")
    return {k: float(v) for k, v in zip(keys, f, strict=True)}


def our_sentences(ev: ParsevalEvaluator) -> list[dict[str, int]]:
    out = []
    for values, status in zip(ev.stats.array.tolist(), ev.statuses(), strict=True):
        row = dict(zip(COLUMNS, values, strict=True))
        out.append({"length": row["length"], "status": status, **{k: row[k] for k in _TABLE}})
    return out


def counts(ev: ParsevalEvaluator, column: str) -> list[int]:
    """One statistics column, sentence by sentence."""
    return ev.stats.view((column,)).ravel().tolist()


@pytest.mark.parametrize("case", CASES)
def test_whole_output_equals_evalb(case: str) -> None:
    ev = evaluate(case)
    assert our_sentences(ev) == evalb_sentences(case)
    summary = ev.summary()["all"]
    totals = evalb_totals(case)
    assert [summary[k] for k in ("matched_brackets", "gold_brackets", "test_brackets")] == [
        totals["matched"],
        totals["gold"],
        totals["test"],
    ]
    assert (summary["words"], summary["correct_tags"]) == (totals["words"], totals["correct_tags"])
    assert round(summary["tagging_accuracy"], 2) == totals["tagging_accuracy"]
    # Byte for byte, header, table and both summary blocks included.
    assert ev.summary_text(sentences=True) == evalb_output(case)


@pytest.mark.parametrize("case", CASES)
def test_command_line_prints_what_evalb_prints(case: str, capsys: pytest.CaptureFixture) -> None:
    gold, test, prm = (FIXTURES / f"{case}{s}" for s in ("_gold.mrg", "_test.mrg", ".prm"))
    status = main(["parseval", str(gold), str(test), "-p", str(prm), "--evalb"])
    out, _ = capsys.readouterr()
    assert status == 0
    # --evalb prints EVALB's standard output and nothing more.
    assert out == evalb_output(case).rstrip("\n") + "\n"


def test_eq_label_applies_to_tagging_accuracy() -> None:
    """EVALB compares POS tags with label_comp(), so EQ_LABEL NN NNS counts NN = NNS.

    Sentence 1: the/DT dogs/NNS barked/VBD (./. deleted) against the test's
    dogs/NN: 3 of 3 tags right (a plain == would give 2 of 3, 66.67).
    Sentence 2: rain/NN fell/VBD hard/RB against rain/NNS fell/VBN: rain is
    right under EQ_LABEL, fell is wrong: 2 of 3. Total 5 of 6 = 83.33.
    """
    ev = evaluate("eq_tags")
    assert counts(ev, "words") == [3, 3]
    assert counts(ev, "correct_tags") == [3, 2]
    sentences = ev.sentence_results()
    assert sentences[0]["tagging_accuracy"] == 100.0  # NN vs NNS equal under EQ_LABEL NN NNS
    assert sentences[1]["tagging_accuracy"] == 100.0 * 2 / 3
    assert ev.summary()["all"]["tagging_accuracy"] == 100.0 * 5 / 6
    assert ev.score("TAGGING_ACCURACY") == 5 / 6
    # The brackets are the same on both sides: S NP VP, then S NP VP ADVP.
    assert (counts(ev, "matched"), counts(ev, "gold"), counts(ev, "test")) == (
        [3, 4],
        [3, 4],
        [3, 4],
    )
    # Without the EQ_LABEL line the two tags differ again: 2 of 3, then 1 of 3.
    plain = ParsevalEvaluator(
        read_mrg(FIXTURES / "eq_tags_test.mrg"),
        read_mrg(FIXTURES / "eq_tags_gold.mrg"),
        params_of("eq_tags").replace(eq_labels=(("ADVP", "PRT"),)),
    )
    assert counts(plain, "correct_tags") == [2, 1]


def test_delete_label_reaches_labels_equal_to_it() -> None:
    """massage_data() deletes a bracket whose label label_comp()s equal to a DELETE_LABEL.

    With DELETE_LABEL TOP and EQ_LABEL TOP ROOT, a ROOT bracket goes like TOP:
    sentence 1, ROOT over S NP VP on both sides: 3 brackets each, not 4.
    Sentence 2, gold ROOT against test TOP: both deleted, 3 of 3 (keeping ROOT
    would leave gold 4 and recall 75.00). Sentence 3, a ROOT inside the tree
    over NP: deleted wherever it stands, so gold S NP VP = test S NP VP.
    """
    ev = evaluate("eq_delete")
    assert counts(ev, "gold") == [3, 3, 3]
    assert counts(ev, "test") == [3, 3, 3]
    assert counts(ev, "matched") == [3, 3, 3]
    assert ev.eval() == (1.0, 1.0, 1.0)
    assert counts(ev, "complete") == [1, 1, 1]
    # Without the EQ_LABEL pair ROOT is an ordinary bracket: 4, 4 and 4 gold
    # brackets, and only the first sentence's test has a fourth.
    plain = ParsevalEvaluator(
        read_mrg(FIXTURES / "eq_delete_test.mrg"),
        read_mrg(FIXTURES / "eq_delete_gold.mrg"),
        params_of("eq_delete").replace(eq_labels=(("ADVP", "PRT"),)),
    )
    assert counts(plain, "gold") == [4, 4, 4]
    assert counts(plain, "test") == [4, 3, 3]
    assert counts(plain, "matched") == [4, 3, 3]


def test_repeated_brackets_match_as_multisets() -> None:
    """A labelled span that occurs n times in gold and m in test matches min(n, m) times.

    1. gold S NP[0,2] NP[0,2] VP[2,3] (4); test S NP[0,2] ADJP[2,3] (3):
       S, and NP once (min(2, 1)): 2 matched.
    2. gold S NP[0,1] x3 VP[1,3] ADVP[2,3] (6); test S NP[0,1] x2 VP[1,2]
       ADVP[2,3] (5): S, NP twice (min(3, 2)), ADVP: 4 matched. Counting
       each distinct bracket once would give 3.
    3. the other way round: gold S NP[0,2] VP[2,3] (3); test S NP[0,2] x2
       NP[2,3] (4): S and NP once: 2 matched.
    In each sentence the two sides also differ elsewhere, so no shortcut for
    equal bracket lists applies. Totals 8 of 13 gold, 8 of 12 test: recall
    61.54, precision 66.67.
    """
    ev = evaluate("multiset")
    assert counts(ev, "gold") == [4, 6, 3]
    assert counts(ev, "test") == [3, 5, 4]
    assert counts(ev, "matched") == [2, 4, 2]
    assert counts(ev, "crossing") == [0, 0, 0]
    p, r, f = ev.eval()
    assert (p, r) == (8 / 12, 8 / 13)
    assert f == pytest.approx(2 * 8 / (13 + 12))
    summary = ev.summary()["all"]
    assert round(summary["bracketing_recall"], 2) == 61.54
    assert round(summary["bracketing_precision"], 2) == 66.67


def test_non_transitive_eq_label_is_matched_greedily() -> None:
    """EQ_LABEL A B and B C (not A C): EVALB's loop decides, not a best matching.

    Each gold bracket, in tree order, takes the first unmatched test bracket
    of the same span whose label is equal to its own or paired with it.
    1. gold S B[0,2] A[0,2]; test S A[0,2] C[0,2]. S-S; B takes A (first);
       A is left with C, not equal: 2 matched (a best matching, B-C and A-A,
       would find 3).
    2. gold S A[0,2]; test S C[0,2]. A and C are not paired (a transitive
       closure would pair them): 1 matched.
    3. gold S A[0,2] B[0,2]; test S C[0,2] A[0,2]. A skips C and takes A; B
       takes C: 3 matched (exact labels alone would give 2).
    Totals 6 of 8 on both sides: 75.00.
    """
    ev = evaluate("greedy")
    assert counts(ev, "gold") == [3, 2, 3]
    assert counts(ev, "test") == [3, 2, 3]
    assert counts(ev, "matched") == [2, 1, 3]
    assert ev.eval() == (6 / 8, 6 / 8, 6 / 8)
