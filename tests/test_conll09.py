"""CoNLL 2009 (issue 46): a column map each for the gold and the predicted columns, one line each.

tests/fixtures_conll09/sample.txt is written by hand in the CoNLL 2009 shared
task's columns: ID FORM LEMMA PLEMMA POS PPOS FEAT PFEAT HEAD PHEAD DEPREL
PDEPREL FILLPRED PRED and one APRED column per predicate (sentence 1 has one
predicate, 15 columns; sentence 2 two, 16 columns):

    sentence 1  John loves Mary .     HEAD 2 0 2 2   DEPREL SBJ ROOT OBJ P
                                      PHEAD 2 0 2 3  PDEPREL SBJ ROOT NMOD P
    sentence 2  She said he left .    HEAD 2 0 4 2 2  DEPREL SBJ ROOT SBJ OBJ P
                                      PHEAD 2 0 4 2 4 PDEPREL SBJ ROOT SBJ OPRD P

So the predicted columns against the gold ones, over the 9 tokens (punctuation
included, attach's default): heads right but for "." in both sentences, 7 of 9
(UAS 0.7778); relations right but for Mary (OBJ/NMOD) and left (OBJ/OPRD), 7 of
9 (LA 0.7778); both right 5 of 9 (LAS 0.5556: sentence 1 John, loves; sentence
2 She, said, he). The two wrong heads are no gold arc reversed ({4,3} and
{5,4} are not gold edges: UNDIRECTED 7/9) and neither the gold head's head
nor a gold dependent (NED 7/9).
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from nltk_tedeval.cli import main
from nltk_tedeval.errors import InputFormatError, OptionError
from nltk_tedeval.reading import (
    FORMATS,
    ColumnMap,
    count_sentences,
    detect_format,
    detect_format_text,
    read_file,
    read_text,
    register_format,
    unregister_format,
)
from nltk_tedeval.reading.columns import CONLL, CONLL09, CONLL09_PREDICTED, MALTTAB

SAMPLE = Path(__file__).resolve().parent / "fixtures_conll09" / "sample.txt"


def run(args: list[object]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main([str(a) for a in args])
        except SystemExit as exit_:
            status = int(exit_.code or 0)
    return status, out.getvalue(), err.getvalue()


def row(output: str, name: str) -> dict[str, str]:
    """The cells of the row ``name`` of a text table, by column."""
    lines = output.splitlines()
    header = next(line for line in lines if line.split()[:1] == ["system"]).split()
    cells = next(line for line in lines if line.split()[:1] == [name]).split()
    return dict(zip(header, cells, strict=True))


def line(*cells: object) -> str:
    return "\t".join(map(str, cells))


# -- the table --------------------------------------------------------------------------------


def test_two_formats_one_line_each_over_one_column_map_each() -> None:
    gold, predicted = FORMATS["conll09"], FORMATS["conll09_predicted"]
    assert (gold.kind, predicted.kind) == ("dependency", "dependency")
    # Detection takes a CoNLL 2009 file for its gold columns; the predicted ones are named.
    assert gold.sniff is not None and predicted.sniff is None
    assert gold.shape == CONLL09.shape == "a CoNLL 2009 line of 14 or more columns"
    assert CONLL09_PREDICTED.head == CONLL09.head + 1  # PHEAD follows HEAD, and so on


def test_the_maps_of_the_older_formats_say_their_rules_as_before() -> None:
    assert CONLL.rule == "10, separated by tabs"
    assert CONLL.shape == FORMATS["conllu"].shape == FORMATS["conllx"].shape
    assert MALTTAB.shape == FORMATS["malttab"].shape
    assert MALTTAB.rule == (
        "3 or 4 (word, tag, head[, relation]), the same number in every line of a sentence"
    )


# -- reading ----------------------------------------------------------------------------------


def test_detected_as_the_gold_columns_and_counted() -> None:
    assert detect_format(SAMPLE) == "conll09"
    assert count_sentences(SAMPLE) == 2


@pytest.mark.parametrize("nltk_trees", [True, False])
def test_the_gold_and_the_predicted_columns_as_written(nltk_trees: bool) -> None:
    def columns(fmt: str) -> list[tuple]:
        out = []
        for record in read_file(SAMPLE, fmt, nltk_trees=nltk_trees):
            tree = record.tree
            if nltk_trees:  # a DependencyGraph, nltk's nodes
                nodes = [tree.nodes[i] for i in range(1, len(tree.nodes))]
                heads = tuple(n["head"] for n in nodes)
                rels = tuple(n["rel"] for n in nodes)
                tags = tuple(n["tag"] for n in nodes)
                assert [n["ctag"] for n in nodes] == list(tags)  # one POS column
            else:
                heads, rels, tags = tree.heads, tree.rels, tree.tags
                assert tree.ctags == tags
            out.append((heads, rels, tags))
        return out

    assert columns("conll09") == [
        ((2, 0, 2, 2), ("SBJ", "ROOT", "OBJ", "P"), ("NNP", "VBZ", "NNP", ".")),
        ((2, 0, 4, 2, 2), ("SBJ", "ROOT", "SBJ", "OBJ", "P"), ("PRP", "VBD", "PRP", "VBD", ".")),
    ]
    assert columns("conll09_predicted") == [
        ((2, 0, 2, 3), ("SBJ", "ROOT", "NMOD", "P"), ("NNP", "VBZ", "NNP", ".")),
        ((2, 0, 4, 2, 4), ("SBJ", "ROOT", "SBJ", "OPRD", "P"), ("PRP", "VBD", "PRP", "VBN", ".")),
    ]


def test_lemmas_and_features_from_their_own_columns() -> None:
    text = line(1, "runs", "run", "runP", "VBZ", "VBZP", "a=1", "a=2", 0, 0, "R", "RP", "Y", "x")
    (gold,) = read_text(text + "\n", "conll09")
    (pred,) = read_text(text + "\n", "conll09_predicted")
    assert (gold.tree.nodes[1]["lemma"], gold.tree.nodes[1]["feats"]) == ("run", "a=1")
    assert (pred.tree.nodes[1]["lemma"], pred.tree.nodes[1]["feats"]) == ("runP", "a=2")


# -- the command line -------------------------------------------------------------------------


def test_attach_scores_the_predicted_columns_against_the_gold_ones() -> None:
    status, out, _ = run(
        [
            "attach",
            "--gold-format",
            "conll09",
            "--parse-format",
            "conll09_predicted",
            SAMPLE,
            SAMPLE,
        ]
    )
    assert status == 0
    scores = row(out, "sample")
    # Worked out by hand in the module's docstring.
    assert {k: scores[k] for k in ("LAS", "UAS", "LA", "UNDIRECTED", "NED")} == {
        "LAS": "0.5556",
        "UAS": "0.7778",
        "LA": "0.7778",
        "UNDIRECTED": "0.7778",
        "NED": "0.7778",
    }
    assert "2 sentences read, 2 scored, 0 with a missing parse, 0 skipped as bad" in out


def test_detected_both_sides_read_the_gold_columns() -> None:
    status, out, _ = run(["attach", SAMPLE, SAMPLE])
    assert status == 0
    assert {row(out, "sample")[k] for k in ("LAS", "UAS", "LA")} == {"1.0000"}


def test_parseval_refuses_it_by_its_kind() -> None:
    status, _, err = run(["parseval", SAMPLE, SAMPLE])
    assert status == 1
    assert f"{SAMPLE} is a CoNLL 2009 file (dependency trees): parseval scores bracketed" in err


# -- bad input and missing parses -------------------------------------------------------------


def test_a_short_line_is_an_error_that_says_what_the_lines_hold() -> None:
    text = line(1, "a", "a", "a", "N", "N", "_", "_", 0, 0, "R", "R", "_") + "\n"  # 13 columns
    with pytest.raises(InputFormatError) as caught:
        list(read_text(text, "conll09"))
    assert str(caught.value) == (
        "<string>:1: sentence 1: 13 columns; CoNLL 2009 lines have 14 or more, separated by tabs"
    )


def test_predicted_heads_left_out_are_the_missing_parse() -> None:
    # A gold file of the shared task's training data: PHEAD and PDEPREL are "_".
    text = (
        line(1, "a", "a", "a", "N", "N", "_", "_", 2, "_", "X", "_", "_", "_")
        + "\n"
        + line(2, "b", "b", "b", "V", "V", "_", "_", 0, "_", "ROOT", "_", "Y", "b.01")
        + "\n"
    )
    (gold,) = read_text(text, "conll09")
    (pred,) = read_text(text, "conll09_predicted")
    assert gold.tree.nodes[1]["head"] == 2
    assert (pred.tree, pred.error) == (None, None)  # the parse is missing (SPEC.md §10)


def test_detection_leaves_other_files_as_they_were() -> None:
    # 14 columns under comments (CoNLL-U Plus writes "# global.columns"): no CoNLL 2009.
    plus = "# global.columns = ID FORM\n" + line(1, "a", *["_"] * 12) + "\n"
    with pytest.raises(InputFormatError, match="cannot tell the format"):
        detect_format_text(plus)
    # Its first line in a known shape still decides: a CoNLL-X line before a 14-column one.
    conllx = line(1, "a", "_", "N", "N", "_", 0, "root", "_", "_")
    conll09 = line(1, "a", "a", "a", "N", "N", "_", "_", 0, 0, "R", "R", "Y", "a.01")
    assert detect_format_text(f"{conllx}\n\n{conll09}\n") == "conllx"
    assert detect_format_text(f"{conll09}\n\n{conllx}\n") == "conll09"


# -- a column map of one's own ----------------------------------------------------------------


def test_a_registered_column_map_is_one_line() -> None:
    # Three columns, head first: what a user writes for a CoNLL-like format of their own.
    hwt = ColumnMap("head-word-tag", columns=3, head=0, form=1, xpos=2)
    register_format(hwt.format("hwt", description="a head-word-tag file (dependency trees)"))
    try:
        # No built-in format claims it (Malt-TAB's head is its third column): detected.
        assert detect_format_text("2 John NNP\n0 runs VBZ\n") == "hwt"
        (record,) = read_text("2\tJohn\tNNP\n0\truns\tVBZ\n", "hwt", nltk_trees=False)
        assert (record.tree.words, record.tree.heads, record.tree.tags) == (
            ("John", "runs"),
            (2, 0),
            ("NNP", "VBZ"),
        )
        with pytest.raises(InputFormatError, match="2 columns; head-word-tag lines have 3,"):
            list(read_text("2\tJohn\n", "hwt"))
    finally:
        unregister_format("hwt")


def test_a_column_map_is_checked() -> None:
    with pytest.raises(OptionError, match="head is a column from 0 to 9, not 10"):
        ColumnMap("x", columns=10, form=1, head=10)
    with pytest.raises(OptionError, match="head is a column from 0 to 2, not 3"):
        ColumnMap("x", columns=4, optional=1, form=0, head=3)  # the head is never optional
