"""The CoNLL 2018 metrics (`attach --conll18`): hand-worked cases and the script's own tables.

tests/fixtures_conll18/ holds differently tokenized CoNLL-U pairs built from
the GUM samples (make.py) and the tables conll18_ud_eval.py v1.2 printed for
them (-v and -c); see SOURCE.md there.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from nltk_tedeval.alignment import AlignmentError
from nltk_tedeval.cli import main
from nltk_tedeval.errors import InputFormatError, OptionError
from nltk_tedeval.metrics.conll18 import CONLL18_METRICS, Conll18Evaluator
from nltk_tedeval.reading.ud_words import read_ud_words, read_ud_words_text

FIXTURES = Path(__file__).parent / "fixtures_conll18"
SAMPLES = Path(__file__).parent.parent / "corpora_samples" / "gum"
PAIRS = sorted(p.name[: -len(".gold.conllu")] for p in FIXTURES.glob("*.gold.conllu"))


def conllu(*sentences: list[str]) -> str:
    """Sentences of compact rows: 'ID FORM LEMMA UPOS FEATS HEAD DEPREL' or 'A-B FORM'."""
    out = []
    for sent in sentences:
        for row in sent:
            cells = row.split()
            if "-" in cells[0]:
                out.append("\t".join([cells[0], cells[1], *["_"] * 8]))
            else:
                i, form, lemma, upos, feats, head, rel = cells
                out.append("\t".join([i, form, lemma, upos, "_", feats, head, rel, "_", "_"]))
        out.append("")
    return "\n".join(out) + "\n"


def evaluate(system: str, gold: str) -> Conll18Evaluator:
    return Conll18Evaluator(read_ud_words_text(system, "sys"), read_ud_words_text(gold, "gold"))


GOLD = conllu(
    [
        "1 I I PRON _ 2 nsubj",
        "2 saw see VERB Tense=Past 0 root",
        "3 the the DET _ 4 det",
        "4 cat cat NOUN Number=Sing 2 obj",
    ]
)


def test_merged_token_by_hand() -> None:
    # "the" and "cat" merged into one token and word "thecat". Spans (characters
    # without spaces): I 0-1, saw 1-4, the 4-7, cat 7-10 against thecat 4-10.
    system = conllu(
        [
            "1 I I PRON _ 2 nsubj",
            "2 saw see VERB Tense=Past 0 root",
            "3 thecat thecat NOUN Number=Sing 2 obj",
        ]
    )
    ev = evaluate(system, GOLD)
    c = {m: ev.counts(m) for m in CONLL18_METRICS}
    # I and saw align; the, cat and thecat do not.
    assert c["Tokens"] == {"correct": 2, "gold": 4, "system": 3, "aligned": 0}
    assert c["Words"]["correct"] == 2
    assert c["Sentences"] == {"correct": 1, "gold": 1, "system": 1, "aligned": 0}
    # Both aligned words have the right head and relation.
    assert c["LAS"] == {"correct": 2, "gold": 4, "system": 3, "aligned": 2}
    # Content words: gold I, saw, cat (det is a function relation); system all 3.
    assert c["CLAS"] == {"correct": 2, "gold": 3, "system": 3, "aligned": 2}
    assert float(ev.score("LAS")) == pytest.approx(2 * 2 / 7)
    assert float(ev.score("LAS.precision")) == pytest.approx(2 / 3)
    assert float(ev.score("LAS.aligned_accuracy")) == 1.0
    assert float(ev.score("CLAS")) == pytest.approx(2 / 3)


def test_split_token_by_hand() -> None:
    # "saw" split into "sa" + "w": neither part aligns with the gold word.
    system = conllu(
        [
            "1 I I PRON _ 2 nsubj",
            "2 sa see VERB Tense=Past 0 root",
            "3 w w X _ 2 dep",
            "4 the the DET _ 5 det",
            "5 cat cat NOUN Number=Sing 2 obj",
        ]
    )
    ev = evaluate(system, GOLD)
    assert ev.counts("Tokens") == {"correct": 3, "gold": 4, "system": 5, "aligned": 0}
    assert ev.counts("Words")["correct"] == 3
    # I's head "sa" is not aligned to any gold word: wrong. cat hangs from "sa": wrong.
    # the -> cat is right.
    assert ev.counts("UAS") == {"correct": 1, "gold": 4, "system": 5, "aligned": 3}
    # MLAS: "cat" (content) would need its function child "the" right too, but its
    # own head is wrong already; no content word is right.
    assert ev.counts("MLAS")["correct"] == 0


def test_counts_table_leaves_a_zero_aligned_total_blank() -> None:
    # Gold "ab" is one word; the system split it into "a" and "b": no word
    # aligns, so every aligned total is 0. conll18_ud_eval.py -c prints such a
    # total as a blank (its Words row prints the correct words instead); this
    # table is the one it printed for this pair.
    gold = conllu(["1 ab ab NOUN _ 0 root"])
    system = conllu(["1 a a NOUN _ 0 root", "2 b b NOUN _ 1 dep"])
    rows = [
        ("Tokens", "0", "1", "2", ""),
        ("Sentences", "1", "1", "1", ""),
        ("Words", "0", "1", "2", "0"),
        *((m, "0", "1", "2", "") for m in CONLL18_METRICS[3:]),
    ]
    expected = [
        "Metric     | Correct   |      Gold | Predicted | Aligned",
        "-----------+-----------+-----------+-----------+-----------",
        *(f"{m:11}|{c:>10} |{g:>10} |{s:>10} |{a:>10}" for m, c, g, s, a in rows),
    ]
    assert evaluate(system, gold).table("counts") == "\n".join(expected)


def test_mlas_needs_the_function_children() -> None:
    # Same tokens; the determiner's UPOS is wrong: LAS and CLAS lose nothing
    # for "cat", MLAS does (its function child's UPOS differs).
    system = GOLD.replace("the\tthe\tDET", "the\tthe\tPRON")
    ev = evaluate(system, GOLD)
    assert ev.counts("CLAS")["correct"] == 3
    assert ev.counts("MLAS")["correct"] == 2
    assert ev.counts("UPOS")["correct"] == 3
    # A lemma of '_' in the gold accepts any lemma.
    gold_no_lemma = GOLD.replace("cat\tcat", "cat\t_")
    ev = evaluate(GOLD.replace("cat\tcat", "cat\tkitty"), gold_no_lemma)
    assert ev.counts("Lemmas")["correct"] == 4
    assert ev.counts("BLEX")["correct"] == 3


SPANISH = conllu(
    [
        "1 Voy ir VERB _ 0 root",
        "2-3 del _",
        "2 de de ADP _ 4 case",
        "3 el el DET _ 4 det",
        "4 centro centro NOUN _ 1 obl",
    ]
)


def test_multiword_token_left_unsplit_and_split_wrongly() -> None:
    unsplit = conllu(
        [
            "1 Voy ir VERB _ 0 root",
            "2 del del ADP _ 3 case",
            "3 centro centro NOUN _ 1 obl",
        ]
    )
    ev = evaluate(unsplit, SPANISH)
    # The token "del" is right (one token, same characters); its words are not:
    # the LCS of (de, el) and (del) is empty.
    assert ev.counts("Tokens")["correct"] == 3
    assert ev.counts("Words") == {"correct": 2, "gold": 4, "system": 3, "aligned": 0}
    wrong = conllu(
        [
            "1 Voy ir VERB _ 0 root",
            "2-3 del _",
            "2 d de ADP _ 4 case",
            "3 EL el DET _ 4 det",
            "4 centro centro NOUN _ 1 obl",
        ]
    )
    ev = evaluate(wrong, SPANISH)
    # Inside the multiword span the LCS of lower-cased forms aligns el with EL.
    assert ev.counts("Words")["correct"] == 3
    assert ev.counts("LAS") == {"correct": 3, "gold": 4, "system": 4, "aligned": 3}


def test_sentence_split_in_two_and_joined() -> None:
    gold = conllu(["1 A a X _ 0 root", "2 b b X _ 1 dep"], ["1 C c X _ 0 root"])
    system = conllu(["1 A a X _ 0 root"], ["1 b b X _ 0 root", "2 C c X _ 1 dep"])
    ev = evaluate(system, gold)
    # Sentence spans: gold 0-2 and 2-3, system 0-1 and 1-3: none equal.
    assert ev.counts("Sentences") == {"correct": 0, "gold": 2, "system": 2, "aligned": 0}
    assert ev.counts("Words")["correct"] == 3
    # A is right; b's gold head A, system root: wrong; C gold root, system hangs from b.
    assert ev.counts("UAS")["correct"] == 1
    assert ev.units == 1  # no sentence end is shared inside the text


def test_no_break_space_inside_a_form_is_ignored() -> None:
    gold = conllu(["1 10000 10000 NUM _ 0 root"])
    system = gold.replace("\t10000\t10000", "\t10\u00a0000\t10000", 1)
    ev = evaluate(system, gold)
    assert ev.counts("Tokens")["correct"] == 1
    assert ev.counts("Words")["correct"] == 1


def test_different_text_is_an_error_naming_both_sides() -> None:
    system = GOLD.replace("\tcat\tcat", "\tdog\tdog")
    with pytest.raises(AlignmentError) as info:
        evaluate(system, GOLD).eval()
    message = str(info.value)
    assert message.startswith("gold:1: sentence 1:")
    assert "gold token 4 ('cat') reads 'Isawthe|cat'" in message
    assert "system token 4 ('dog') (sys:1 sentence 1) reads 'Isawthe|dog'" in message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1\tA\n\n", "2 columns"),
        (conllu(["2 A a X _ 0 root"]), "word ID '2' where 1 was expected"),
        (conllu(["1 A a X _ 0 root", "2 B b X _ 0 root"]), "2 words hang from the root"),
        # No root means a cycle, and the script reports the cycle first, as here.
        (conllu(["1 A a X _ 2 dep", "2 B b X _ 1 dep"]), r"cycle: 1 \(A\) -> 2 \(B\) -> 1"),
        (conllu(["1 A a X _ 0 root", "2 B b X _ 3 dep", "3 C c X _ 2 dep"]), "cycle"),
        (conllu(["1 A a X _ 0 root", "2 B b X _ 2 dep"]), r"cycle: 2 \(B\) -> 2"),
        (conllu(["1 A a X _ 5 root"]), "head 5, outside 0..1"),
        (conllu(["1-3 AB", "1 A a X _ 0 root", "2 B b X _ 1 dep"]), "ends before its words"),
    ],
)
def test_bad_conllu_is_refused_with_its_place(text: str, message: str) -> None:
    with pytest.raises(InputFormatError, match=message) as info:
        list(read_ud_words_text(text, "bad.conllu"))
    assert str(info.value).startswith("bad.conllu:")


def test_identical_files_score_100_everywhere() -> None:
    path = SAMPLES / "GUM_bio_byron.conllu"
    ev = Conll18Evaluator(read_ud_words(path), read_ud_words(path))
    for line in ev.table("verbose").splitlines()[2:]:
        cells = [c.strip() for c in line.split("|")]
        assert all(c == "100.00" for c in cells[1:] if c), line


@pytest.mark.parametrize("pair", PAIRS)
def test_tables_equal_the_script(pair: str, capsys: pytest.CaptureFixture[str]) -> None:
    gold, system = FIXTURES / f"{pair}.gold.conllu", FIXTURES / f"{pair}.system.conllu"
    for style, flag in (("verbose", "-v"), ("counts", "-c")):
        assert main(["attach", str(gold), str(system), "--conll18", style]) == 0
        out = capsys.readouterr().out
        assert out == (FIXTURES / f"{pair}{flag}.txt").read_text(encoding="utf-8")


def test_json_carries_every_metric(capsys: pytest.CaptureFixture[str]) -> None:
    pair = PAIRS[0]
    gold, system = FIXTURES / f"{pair}.gold.conllu", FIXTURES / f"{pair}.system.conllu"
    main(["attach", str(gold), str(system), "--conll18", "--output-format", "json"])
    data = json.loads(capsys.readouterr().out)
    metrics = data["systems"][0]["details"]["conll18"]
    assert list(metrics) == sorted(CONLL18_METRICS)
    # The -c table of the script has the same counts.
    counts = (FIXTURES / f"{pair}-c.txt").read_text(encoding="utf-8").splitlines()[2:]
    for line in counts:
        name, correct, gold_n, system_n, _ = (c.strip() for c in line.split("|"))
        m = metrics[name]
        assert (m["correct"], m["gold"], m["system"]) == (int(correct), int(gold_n), int(system_n))
        assert m["f1"] == pytest.approx(2 * m["correct"] / (m["gold"] + m["system"]))
        assert set(m) == {"correct", "gold", "system", "aligned", "precision", "recall", "f1",
                          "aligned_accuracy"}  # fmt: skip


def test_options_that_change_the_definitions_are_refused() -> None:
    g = str(SAMPLES / "GUM_bio_byron.conllu")
    with pytest.raises(OptionError, match="--strip-subtypes"):
        from nltk_tedeval.cli.classic_commands import cmd_attach
        from nltk_tedeval.cli.command import build_parser

        cmd_attach(build_parser().parse_args(["attach", g, g, "--conll18", "--strip-subtypes"]))


# -- files without relations (SPEC.md §7): the script's tables, N/A in JSON and Python --


def norel() -> Conll18Evaluator:
    gold, system = FIXTURES / "norel.gold.conllu", FIXTURES / "norel.system.conllu"
    return Conll18Evaluator(read_ud_words(system), read_ud_words(gold))


def test_without_relations_las_is_na_but_the_tables_stay_the_scripts() -> None:
    """norel: every DEPREL is _ and 2 of 8 heads are wrong (SOURCE.md). The script
    counts _ = _ as a right relation, so its LAS is its UAS, 6/8; here LAS has no
    relation to compare: N/A, with the script's counts kept."""
    ev = norel()
    assert float(ev.score("UAS")) == 0.75
    for name in ("LAS", "LAS.precision", "LAS.recall", "LAS.aligned_accuracy"):
        score = ev.score(name)
        assert math.isnan(score), name
        assert score.reason is not None and score.reason.startswith("no relation to compare")
    assert ev.score("LAS").totals == {
        "LAS.correct": 6, "LAS.gold": 8, "LAS.system": 8, "relations": 0
    }  # fmt: skip
    # _ is no content relation: CLAS, MLAS and BLEX have no item at all.
    assert math.isnan(ev.score("CLAS")) and ev.score("CLAS").reason == "no item on either side"
    results = ev.results()
    assert results["LAS"] == {"correct": 6, "gold": 8, "system": 8, "aligned": 8,
                              "precision": None, "recall": None, "f1": None,
                              "aligned_accuracy": None}  # fmt: skip
    assert ev.results(script=True)["LAS"]["f1"] == 0.75
    assert "LAS        |     75.00 |     75.00 |     75.00 |     75.00" in ev.table()


def test_without_relations_json_is_null_with_its_reason(capsys: pytest.CaptureFixture[str]) -> None:
    gold, system = FIXTURES / "norel.gold.conllu", FIXTURES / "norel.system.conllu"
    assert main(["attach", str(gold), str(system), "--conll18", "--json"]) == 0
    (entry,) = json.loads(capsys.readouterr().out)["systems"]
    assert entry["scores"]["LAS"]["value"] is None
    assert entry["scores"]["LAS"]["reason"].startswith("no relation to compare")
    assert entry["scores"]["UAS"]["value"] == 0.75
    assert entry["details"]["conll18"]["LAS"]["f1"] is None
    # The short output is the script's three lines, its LAS included.
    assert main(["attach", str(gold), str(system), "--conll18", "short"]) == 0
    assert capsys.readouterr().out == "LAS F1 Score: 75.00\nMLAS Score: 0.00\nBLEX Score: 0.00\n"


def test_one_sentence_with_relations_keeps_the_scripts_las() -> None:
    """Sentence 1 has relations, sentence 2 none (_ on both sides). The script's LAS
    counts both: sentence 1 has 4 of 5 right (down's head is wrong), sentence 2 2 of 3
    (_ = _, the final . has a wrong head): 6/8. Some word carries a relation, so LAS
    is that number; per unit (macro), unit 2 has none to compare: 4/5 alone."""
    words = ["The", "cat", "sat", "down", "."]
    rels = ["det", "nsubj", "root", "advmod", "punct"]

    def first(heads: tuple[int, ...]) -> list[str]:
        rows = zip(range(1, 6), words, heads, rels, strict=True)
        return [f"{i} {w} {w} X _ {h} {r}" for i, w, h, r in rows]

    gold = conllu(first((2, 3, 0, 3, 3)), ["1 It it X _ 2 _", "2 slept sleep X _ 0 _",
                                           "3 . . X _ 2 _"])  # fmt: skip
    system = conllu(first((2, 3, 0, 2, 3)), ["1 It it X _ 2 _", "2 slept sleep X _ 0 _",
                                             "3 . . X _ 1 _"])  # fmt: skip
    ev = evaluate(system, gold)
    assert float(ev.score("LAS")) == 0.75 == ev.results(script=True)["LAS"]["f1"]
    macro = ev.score("LAS", average="macro")
    assert float(macro) == 0.8 and macro.undefined == 1


def test_a_cycle_or_two_roots_are_refused_as_the_script_refuses_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The script raises "There is a cycle" (a word its own head included) before it
    counts roots, and then "There are N roots"; tedeval attach --conll18 refuses the
    same files, in one line naming file, line, sentence and the word."""
    gold = tmp_path / "gold.conllu"
    gold.write_text(conllu(["1 A a X _ 0 root", "2 B b X _ 1 dep"]), encoding="utf-8")
    cases = {
        "cycle.conllu": (["1 A a X _ 2 dep", "2 B b X _ 1 dep"],
                         ":1: sentence 1: the heads form a cycle: 1 (A) -> 2 (B) -> 1"),
        "self.conllu": (["1 A a X _ 0 root", "2 B b X _ 2 dep"],
                        ":2: sentence 1: the heads form a cycle: 2 (B) -> 2"),
        "roots.conllu": (["1 A a X _ 0 root", "2 B b X _ 0 dep"],
                         ":2: sentence 1: 2 words hang from the root (0)"),
    }  # fmt: skip
    for name, (rows, message) in cases.items():
        path = tmp_path / name
        path.write_text(conllu(rows), encoding="utf-8")
        assert main(["attach", str(gold), str(path), "--conll18"]) == 1
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1
        assert err.startswith(f"tedeval: error: {path}{message}"), err
