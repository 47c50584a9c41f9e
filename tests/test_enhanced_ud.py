"""Enhanced UD (`attach --conll18 --enhanced`): ELAS and EULAS, hand-worked and the IWPT script's.

tests/fixtures_eud/ holds excerpts of UD_English-EWT and UD_Dutch-Alpino
(empty nodes kept), two parses of each (the gold's segmentation with DEPS
heads and relations corrupted; the same parse resegmented), and what
iwpt20_xud_eval.py printed for them with every --enhancements digit, each file
first collapsed by enhanced_collapse_empty_nodes.pl (SOURCE.md there). The hand-worked
cases under iwpt_script=True are what the script prints for them too (run once, by hand).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nltk_tedeval.cli import main
from nltk_tedeval.errors import InputFormatError, OptionError, TedEvalError
from nltk_tedeval.metrics.enhanced_ud import EnhancedEvaluator
from nltk_tedeval.reading.ud_words import read_ud_words, read_ud_words_text

FIXTURES = Path(__file__).parent / "fixtures_eud"
OUTPUTS = json.loads((FIXTURES / "outputs.json").read_text(encoding="utf-8"))


def conllu(*rows: str) -> str:
    """One sentence of compact rows: 'ID FORM HEAD DEPREL DEPS' (ID N.M: an empty node)."""
    out = []
    for row in rows:
        i, form, head, rel, deps = row.split()
        if "." in i:
            head = rel = "_"
        out.append("\t".join([i, form, form.lower(), "X", "_", "_", head, rel, deps, "_"]))
    return "\n".join(out) + "\n\n"


def evaluate(parse: str, gold: str, **kw: object) -> EnhancedEvaluator:
    return EnhancedEvaluator(
        read_ud_words_text(parse, deps=True), read_ud_words_text(gold, deps=True), **kw
    )


def deps(text: str) -> list[list[str]]:
    """Every word's enhanced edges, as HEAD:LABEL."""
    (s,) = read_ud_words_text(text, deps=True)
    return [[f"{h}:{lab}" for h, lab in w] for w in s.tree.deps]


# -- reading: empty nodes collapsed as enhanced_collapse_empty_nodes.pl does ------------

GAPPING = conllu(
    "1 Sue 2 nsubj 2:nsubj",
    "2 ate 0 root 0:root",
    "3 rice 2 obj 2:obj",
    "4 and 5 cc 5:cc|5.1:cc",
    "5 Tom 2 conj 5.1:nsubj",
    "5.1 ate _ _ 2:conj:and",
    "6 beans 5 orphan 5.1:obj",
)


def test_a_path_through_an_empty_node_becomes_one_edge() -> None:
    # By hand: 2 -conj:and-> 5.1 -nsubj-> 5 is 2:conj:and>nsubj on Tom, 2 -conj:and-> 5.1
    # -obj-> 6 is 2:conj:and>obj on beans; "and" keeps 5:cc and gains 2:conj:and>cc.
    assert deps(GAPPING) == [
        ["2:nsubj"], ["0:root"], ["2:obj"], ["2:conj:and>cc", "5:cc"],
        ["2:conj:and>nsubj"], ["2:conj:and>obj"],
    ]  # fmt: skip


def test_two_empty_nodes_in_a_row_and_a_repeated_edge() -> None:
    text = conllu(
        "1 a 0 root 0:root",
        "1.1 e _ _ 1:x",
        "1.2 f _ _ 1.1:y",
        "2 b 1 dep 1.2:z|1:dep|1:dep",
    )
    # The ids of the empty nodes leave the label: 1 -x-> 1.1 -y-> 1.2 -z-> 2; 1:dep once.
    assert deps(text) == [["0:root"], ["1:dep", "1:x>y>z"]]


def test_an_empty_node_nothing_enters_leaves_no_path() -> None:
    text = conllu("1 a 0 root 0:root", "1.1 e _ _ _", "2 b 1 dep 1:dep|1.1:x")
    assert deps(text) == [["0:root"], ["1:dep"]]


def test_the_ordinary_path_reads_no_deps() -> None:
    (s,) = read_ud_words_text(GAPPING)
    assert s.tree.deps is None


@pytest.mark.parametrize(
    ("cell", "says"),
    [
        ("2nsubj", "'2nsubj' is not HEAD:RELATION"),
        ("9:nsubj", "head 9 is no word (1..3)"),
        ("1.1:nsubj", "head 1.1 is no word"),
        ("_", "DEPS is _"),
        ("2:", "'2:' is not HEAD:RELATION"),
    ],
)
def test_a_malformed_deps_cell_is_named(cell: str, says: str) -> None:
    text = conllu("1 Hi 0 root 0:root", "2 there 1 dep 1:dep") + conllu(
        "1 I 2 nsubj " + cell, "2 left 0 root 0:root", "3 . 2 punct 2:punct"
    )
    with pytest.raises(InputFormatError) as caught:
        list(read_ud_words_text(text, "parse.conllu", deps=True))
    err = caught.value
    assert says in str(err)
    assert (err.file, err.line, err.sentence, err.token) == ("parse.conllu", 4, 2, "1")


def test_sentences_read_without_deps_are_refused() -> None:
    gold = conllu("1 Hi 0 root 0:root")
    ev = EnhancedEvaluator(read_ud_words_text(gold), read_ud_words_text(gold))
    with pytest.raises(TedEvalError, match="read without it"):
        ev.counts("ELAS")


# -- scoring ----------------------------------------------------------------------------

ROME = conllu("1 in 2 case 2:case", "2 Rome 0 root 0:root", "3 slept 2 obl 2:obl:in")


def test_an_extra_edge_with_a_sibling_subtype() -> None:
    parse = ROME.replace("2:obl:in", "2:obl:in|2:obl:on")
    # Gold 3 edges, parse 4. ELAS: 3 right (obl:on is no gold edge): P 3/4, R 3/3.
    ev = evaluate(parse, ROME)
    assert ev.counts("ELAS") == {"correct": 3, "gold": 3, "system": 4, "aligned": 3}
    # EULAS: obl:in and obl:on are both obl from 2; the one gold obl is matched once.
    assert ev.counts("EULAS") == {"correct": 3, "gold": 3, "system": 4, "aligned": 3}
    assert float(ev.score("EULAS.recall")) == 1.0
    # The script matches the gold obl once for each of the two: 4 right of 3 gold edges.
    script = evaluate(parse, ROME, iwpt_script=True)
    assert script.counts("EULAS")["correct"] == 4
    assert float(script.score("EULAS.recall")) == pytest.approx(4 / 3)
    # Its aligned accuracy divides by the 3 aligned words.
    assert script.counts("EULAS")["aligned"] == 3


def test_a_wrong_head_and_a_wrong_subtype() -> None:
    parse = ROME.replace("2:obl:in", "1:obl:on")
    ev = evaluate(parse, ROME)
    assert ev.counts("ELAS")["correct"] == 2  # case and root
    assert ev.counts("EULAS")["correct"] == 2  # the head is wrong whatever the label
    parse = ROME.replace("2:obl:in", "2:obl:on")
    assert evaluate(parse, ROME).counts("EULAS")["correct"] == 3


COORDINATION = conllu(
    "1 John 2 nsubj 2:nsubj|4:nsubj",
    "2 saw 0 root 0:root",
    "3 and 4 cc 4:cc",
    "4 heard 2 conj 2:conj:and",
    "5 Mary 2 obj 2:obj|4:obj",
    "6 and 7 cc 7:cc",
    "7 Bill 5 conj 2:obj|4:obj|5:conj:and",
)


def test_digit_3_drops_shared_dependents_and_the_script_does_not() -> None:
    # John's 4:nsubj repeats his basic relation (nsubj from 2) from another head, as
    # Mary's 4:obj does: 2 of 11 edges go. Bill's basic head is 5, from which he has
    # no obj, so his 2:obj and 4:obj stay.
    ev = evaluate(COORDINATION, COORDINATION, enhancements="3")
    assert ev.counts("ELAS")["gold"] == 9
    script = evaluate(COORDINATION, COORDINATION, enhancements="3", iwpt_script=True)
    assert script.counts("ELAS")["gold"] == 11  # it compares a word with a string


def test_digit_2_keeps_a_conjuncts_conj_edges() -> None:
    # heard keeps 2:conj:and; Bill drops 2:obj and 4:obj for 5:conj:and: 11 - 2 = 9.
    for script in (False, True):
        ev = evaluate(COORDINATION, COORDINATION, enhancements="2", iwpt_script=script)
        assert ev.counts("ELAS")["gold"] == 9


CONTROL = conllu(
    "1 I 2 nsubj 2:nsubj|4:nsubj:xsubj",
    "2 want 0 root 0:root",
    "3 to 4 mark 4:mark",
    "4 go 2 xcomp 2:xcomp",
)


def test_digit_4_drops_the_controlled_subject() -> None:
    parse = CONTROL.replace("2:nsubj|4:nsubj:xsubj", "2:nsubj")
    assert evaluate(parse, CONTROL).counts("ELAS") == {
        "correct": 4, "gold": 5, "system": 4, "aligned": 5,
    }  # fmt: skip
    assert evaluate(parse, CONTROL, enhancements="4").counts("ELAS") == {
        "correct": 4, "gold": 4, "system": 4, "aligned": 4,
    }  # fmt: skip


RELATIVE = conllu(
    "1 the 2 det 2:det",
    "2 man 0 root 0:root|4:nsubj",
    "3 who 4 nsubj 2:ref",
    "4 left 2 acl:relcl 2:acl:relcl",
)


def test_digit_5_relative_clauses() -> None:
    # who's ref becomes its basic edge (4:nsubj); man's 4:nsubj, from the acl that hangs
    # from man, is dropped: 5 edges, 4 left, 4:nsubj now on who.
    ev = evaluate(RELATIVE, RELATIVE, enhancements="5")
    assert ev.counts("ELAS")["gold"] == 4
    basic = RELATIVE.replace("0:root|4:nsubj", "0:root").replace("2:ref", "4:nsubj")
    assert evaluate(basic, RELATIVE, enhancements="5").counts("ELAS")["correct"] == 4
    # The script looks for an acl whose head is the word before (man is word 2; left
    # hangs from 2, not 1), so man's 4:nsubj stays.
    script = evaluate(RELATIVE, RELATIVE, enhancements="5", iwpt_script=True)
    assert script.counts("ELAS")["gold"] == 5


def test_digit_6_and_digit_1() -> None:
    parse = ROME.replace("2:obl:in", "2:obl:on")
    assert evaluate(parse, ROME).counts("ELAS")["correct"] == 2
    assert evaluate(parse, ROME, enhancements="6").counts("ELAS")["correct"] == 3
    # Digit 1: Tom's and beans' paths become their basic edges (2:conj, 5:orphan) and
    # "and" loses its path for 5:cc, which it has: 6 edges, none a path.
    for script in (False, True):
        ev = evaluate(GAPPING, GAPPING, enhancements="1", iwpt_script=script)
        assert ev.counts("ELAS") == {"correct": 6, "gold": 6, "system": 6, "aligned": 6}


def test_digit_1_where_the_basic_edge_comes_first() -> None:
    text = conllu(
        "1 a 0 root 0:root",
        "2 b 1 dep 1:dep|3.1:z",
        "3 c 1 dep 1:dep",
        "3.1 e _ _ 3:y",
    )
    # b's edges are 1:dep and 3:y>z; digit 1 makes the path the basic 1:dep, which b
    # has: one edge. The script appends it after the 1:dep it has already kept, and
    # matches each of b's two gold 1:dep with each of its two: 2 x 2.
    ev = evaluate(text, text, enhancements="1")
    assert ev.counts("ELAS") == {"correct": 3, "gold": 3, "system": 3, "aligned": 3}
    script = evaluate(text, text, enhancements="1", iwpt_script=True)
    assert script.counts("ELAS") == {"correct": 6, "gold": 4, "system": 4, "aligned": 3}


def test_bad_digits_are_refused() -> None:
    with pytest.raises(OptionError, match="digits 0-6"):
        evaluate(ROME, ROME, enhancements="7")


# -- the IWPT script's own tables -------------------------------------------------------


@pytest.mark.parametrize("key", sorted(OUTPUTS))
def test_tables_equal_the_script(key: str) -> None:
    name, parse, digits, flag = key.split("/")
    ev = EnhancedEvaluator(
        read_ud_words(FIXTURES / name / f"{parse}.conllu", deps=True),
        read_ud_words(FIXTURES / name / "gold.conllu", deps=True),
        enhancements=digits,
        iwpt_script=True,
    )
    assert ev.table("verbose" if flag == "-v" else "counts") + "\n" == OUTPUTS[key]


@pytest.mark.parametrize("name", ["ewt", "alpino"])
@pytest.mark.parametrize("parse", ["same", "resegmented"])
def test_counted_once_elas_equals_the_script_without_digits(name: str, parse: str) -> None:
    """With no digit and exact labels each key has one edge a side, so the script's
    products are our matches: ELAS's correct, gold and system are its (the aligned
    column is edges here, words there)."""
    ev = EnhancedEvaluator(
        read_ud_words(FIXTURES / name / f"{parse}.conllu", deps=True),
        read_ud_words(FIXTURES / name / "gold.conllu", deps=True),
    )
    rows = OUTPUTS[f"{name}/{parse}/0/-c"].splitlines()
    (elas,) = [r for r in rows if r.startswith("ELAS ")]
    correct, gold, system = (int(c) for c in elas.split("|")[1:4])
    counts = ev.counts("ELAS")
    assert (counts["correct"], counts["gold"], counts["system"]) == (correct, gold, system)


def test_the_command_prints_the_scripts_table_and_warns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    gold, parse = FIXTURES / "alpino" / "gold.conllu", FIXTURES / "alpino" / "resegmented.conllu"
    argv = ["attach", "--conll18", "counts", "--enhanced", str(gold), str(parse)]
    assert main([*argv, "--iwpt-script", "--enhancements", "12"]) == 0
    captured = capsys.readouterr()
    assert captured.out == OUTPUTS["alpino/resegmented/12/-c"]
    assert "warning: --iwpt-script" in captured.err
    assert main(argv) == 0
    assert "warning" not in capsys.readouterr().err


def test_the_command_refuses_enhanced_options_alone(capsys: pytest.CaptureFixture[str]) -> None:
    gold = str(FIXTURES / "ewt" / "gold.conllu")
    assert main(["attach", "--enhanced", gold, gold]) != 0
    assert "give it with --conll18" in capsys.readouterr().err
    assert main(["attach", "--conll18", "--iwpt-script", gold, gold]) != 0
    assert "give --enhanced" in capsys.readouterr().err


def test_the_report_has_elas_and_its_signature(capsys: pytest.CaptureFixture[str]) -> None:
    gold, parse = FIXTURES / "ewt" / "gold.conllu", FIXTURES / "ewt" / "same.conllu"
    assert main(["attach", "--conll18", "--enhanced", str(gold), str(parse), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    jsonschema = pytest.importorskip("jsonschema")
    schema = Path(__file__).resolve().parent.parent / "docs" / "report.schema.json"
    jsonschema.validate(data, json.loads(schema.read_text(encoding="utf-8")))
    (system,) = data["systems"]
    assert system["details"]["conll18"]["ELAS"]["gold"] == 1345
    assert "enhancements:0|count:once" in system["signature"]
    rows = OUTPUTS["ewt/same/0/-v"].splitlines()
    (elas,) = [r for r in rows if r.startswith("ELAS ")]
    f1 = float(elas.split("|")[3])
    assert round(100 * system["scores"]["ELAS"]["value"], 2) == f1
