"""``tedeval parseval --spmrl``: evalb_spmrl's output byte for byte, and its rules worked by hand.

The fixtures (tests/fixtures_spmrl/SOURCE.md) are evalb_spmrl's standard output on
SPMRL-style trees made from GUM, for each option combination the command offers.

The worked sentence of docs/SPEC.md §7 (evalb_spmrl), with spmrl.prm::

    gold   ( (S (NP##num=sg## (DT the) (NN##num=sg## dog)) (VP##t=pres## (VBZ##t=pres## barks))))
    parse  (ROOT (S (NP##case=nom|num=pl## (DT the) (NN##num=pl## dog))
                    (VP (NNS##num=pl## barks))))

evalb_spmrl cuts every label and tag at its first ``-``, ``=`` or ``#`` and cuts the
DELETE_LABEL entries too, so ``-NONE-`` becomes the empty label and deletes the gold's
empty root; ``ROOT`` is deleted on the parse side. Left: S, NP, VP on both sides, all
matched: recall = precision = 3/3 = 100.00. Tags: DT = DT, NN = NN (features cut),
VBZ != NNS: 2/3 = 66.67.

EVALB with the same file cuts labels at ``-`` and ``=`` only: the gold keeps its empty
root (``""`` is not ``-NONE-``) and has "", S, NP##num, VP##t; the parse S, NP##case, VP.
Only S matches: recall 1/4 = 25.00, precision 1/3 = 33.33; tags keep their features,
so only DT is right: 1/3 = 33.33.

Without a parse, under ``-X``, evalb_spmrl counts each gold bracket once, plus once for
every DELETE_LABEL line (TOP, ROOT, S1, -NONE-, VROOT) its cut label differs from: the
empty root differs from 4 (it equals the cut ``-NONE-``): 1 + 4 = 5; S, NP and VP from
all 5: 3 x 6 = 18; 23 gold brackets, status 3, 3 words, no tag right. The sentence
really has 3 gold brackets, which ``--missing zero`` counts.

A parse with a fourth word (a length mismatch) is printed with status 0 and nothing
in it, and counted as a valid sentence, a complete match (its gold has 3 words > 1).
"""

from __future__ import annotations

import dataclasses
import warnings
from pathlib import Path

import pytest
from nltk import Tree

from nltk_tedeval.cli import main
from nltk_tedeval.errors import OptionError
from nltk_tedeval.metrics.evalb_spmrl import (
    SPMRL_PARAMS,
    SpmrlCompatibilityWarning,
    SpmrlParsevalEvaluator,
    spmrl_cut,
)
from nltk_tedeval.metrics.parseval import ParsevalEvaluator
from nltk_tedeval.reading import read_file
from nltk_tedeval.reading.evalb_params import EvalbParams

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "tests" / "fixtures_spmrl"
SPMRL_PRM = ROOT / "corpora_samples" / "evalb" / "spmrl.prm"

GOLD = "( (S (NP##num=sg## (DT the) (NN##num=sg## dog)) (VP##t=pres## (VBZ##t=pres## barks))))"
PARSE = "(ROOT (S (NP##case=nom|num=pl## (DT the) (NN##num=pl## dog)) (VP (NNS##num=pl## barks))))"
LONGER = "(ROOT (S (NP (DT the) (NN dog)) (VP (VBZ barks) (RB loudly))))"

# fixture: the options of tedeval parseval --spmrl (SOURCE.md's table)
RUNS = {
    "spmrl": [],
    "spmrl_X": ["--spmrl-unparsed"],
    "spmrl_K20": ["--first", "20"],
    "spmrl_L": ["--spmrl-compact"],
    "spmrl_XL": ["--spmrl-unparsed", "--spmrl-compact"],
    "spmrl_K12XL": ["--first", "12", "--spmrl-unparsed", "--spmrl-compact"],
    "punct": ["-p", "punct.prm"],
    "punct_X": ["-p", "punct.prm", "--spmrl-unparsed"],
}


@pytest.mark.parametrize("fixture", sorted(RUNS))
def test_the_output_is_evalb_spmrls_byte_for_byte(
    fixture: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(HERE)  # the -L line names the test file as given
    assert main(["parseval", "--spmrl", *RUNS[fixture], "gold.ptb", "parse.ptb"]) == 0
    out, err = capsys.readouterr()
    assert out == (HERE / f"{fixture}.evalb_spmrl.txt").read_text(encoding="utf-8")
    # Each of evalb_spmrl's wrong numbers is warned of.
    mismatches = "2 length mismatches" if "12" not in RUNS[fixture] else "1 length mismatch"
    assert f"counts {mismatches} (the first: sentence 10) as valid" in err
    if "--spmrl-unparsed" in RUNS[fixture]:
        assert "-X counts the 2 sentences without a parse (the first: sentence 3)" in err
    if "--spmrl-compact" in RUNS[fixture]:
        assert "prints the recall under 'Prec:' and the precision under 'Rec:'" in err


def test_the_python_api_gives_the_same_output() -> None:
    gold = list(read_file(str(HERE / "gold.ptb"), "ptb", one_per_line=True))
    parse = list(read_file(str(HERE / "parse.ptb"), "ptb", one_per_line=True))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ev = SpmrlParsevalEvaluator(parse, gold, unparsed=True)
        assert ev.summary_text(sentences=True) == (HERE / "spmrl_X.evalb_spmrl.txt").read_text()
        first = SpmrlParsevalEvaluator(parse[:12], gold[:12], unparsed=True)  # -K 12
        assert first.compact_text("parse.ptb") == (HERE / "spmrl_K12XL.evalb_spmrl.txt").read_text()
    # The sentence evalb_spmrl prints twice (19) holds both lines' counts.
    assert ev.statuses()[2] == 3 and ev.statuses()[18] == 1
    assert [line[:10] for line in ev.sentence_lines()[18:21]] == [
        "  19    1 ",
        "  19    1 ",
        "  20    4 ",
    ]


def test_shipped_spmrl_prm_is_evalb_spmrls_settings() -> None:
    params = EvalbParams.from_file(str(SPMRL_PRM))
    assert params.max_error == 10000  # spmrl.prm's MAX_ERROR, ignored unless asked for
    assert params.replace(max_error=None) == SPMRL_PARAMS
    assert SPMRL_PARAMS.cutoff_len == 70
    assert SPMRL_PARAMS.delete_labels == ("TOP", "ROOT", "S1", "-NONE-", "VROOT")


def test_labels_and_tags_are_cut_at_dash_equals_and_hash() -> None:
    assert spmrl_cut("NP-SBJ##case=nom##") == "NP"
    assert spmrl_cut("NN##num=sg##") == "NN"
    assert spmrl_cut("PP=2") == "PP"
    assert spmrl_cut("-NONE-") == "" and spmrl_cut("-LRB-##x##") == ""
    assert spmrl_cut("VROOT") == "VROOT"


def _one(parse: str | None, gold: str = GOLD, **kw: object) -> list[str]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ev = SpmrlParsevalEvaluator(
            [None if parse is None else Tree.fromstring(parse)], [Tree.fromstring(gold)], **kw
        )
        return ev.sentence_lines()


def test_worked_sentence_spmrl_and_evalb() -> None:
    # SPMRL: 3 of 3 brackets, 2 of 3 tags (the module docstring).
    assert _one(PARSE) == [
        "   1    3    0  100.00 100.00     3      3    3      0      3     2    66.67"
    ]
    # EVALB with the same parameters: 1 of 4 gold and 3 test brackets, 1 of 3 tags.
    params = dataclasses.replace(SPMRL_PARAMS)
    ev = ParsevalEvaluator([Tree.fromstring(PARSE)], [Tree.fromstring(GOLD)], params)
    assert ev.sentence_lines() == [
        "   1    3    0   25.00  33.33     1      4    3      0      3     1    33.33"
    ]


def test_unparsed_counts_evalb_spmrls_wrong_gold_brackets_and_zero_the_right_ones() -> None:
    # -X: 5 + 3 x 6 = 23 gold brackets, status 3; --missing zero: the true 3, status 0.
    assert _one(None, unparsed=True) == [
        "   1    3    3    0.00   0.00     0     23    0      0      3     0     0.00"
    ]
    assert _one(None, missing="zero") == [
        "   1    3    0    0.00   0.00     0      3    0      0      3     0     0.00"
    ]
    # Without -X, evalb_spmrl's skip sentence.
    assert _one(None) == [
        "   1    3    2    0.00   0.00     0      0    0      0      0     0     0.00"
    ]


@pytest.mark.filterwarnings("ignore::nltk_tedeval.errors.MissingParseWarning")
def test_unparsed_warns_with_both_counts() -> None:
    with pytest.warns(SpmrlCompatibilityWarning, match="23 gold brackets where they have 3"):
        _ = SpmrlParsevalEvaluator([None], [Tree.fromstring(GOLD)], unparsed=True).stats


def test_a_length_mismatch_is_a_valid_empty_sentence_and_a_complete_match() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ev = SpmrlParsevalEvaluator([Tree.fromstring(LONGER)], [Tree.fromstring(GOLD)])
        assert ev.sentence_lines() == [
            "   1    3    0    0.00   0.00     0      0    0      0      0     0     0.00"
        ]
        summary = ev.summary()["all"]
    assert summary["valid_sentences"] == 1 and summary["complete_match"] == 100.0
    assert "length mismatch" in ev.errors[0].message


def test_words_tagged_with_a_delete_label_are_kept() -> None:
    # punct.prm deletes "," and "."; evalb_spmrl keeps both words: 4 words, 4 tags.
    gold = "(ROOT (S (NP (NN dogs)) (VP (VBP bark)) (, ,) (. .)))"
    params = EvalbParams.from_file(str(HERE / "punct.prm")).replace(max_error=None)
    with pytest.warns(
        SpmrlCompatibilityWarning, match=r"2 gold words tagged with a DELETE_LABEL \(, \.\)"
    ):
        lines = _lines_warned(gold, params)
    assert lines == ["   1    4    0  100.00 100.00     3      3    3      0      4     4   100.00"]


def _lines_warned(gold: str, params: EvalbParams) -> list[str]:
    ev = SpmrlParsevalEvaluator([Tree.fromstring(gold)], [Tree.fromstring(gold)], params)
    return ev.sentence_lines()


def test_compact_line_swaps_recall_and_precision_as_evalb_spmrl() -> None:
    # recall 1/2 = 50.00 (gold S, NP; parse S), precision 1/1 = 100.00: "Prec:" shows 50.00.
    gold = "(ROOT (S (NP (NN dogs)) (VBP bark)))"
    parse = "(ROOT (S (NN dogs) (VBP bark)))"
    ev = SpmrlParsevalEvaluator([Tree.fromstring(parse)], [Tree.fromstring(gold)])
    assert ev.compact_line("p.ptb") == (
        "F1:  66.67 %\tPrec:  50.00 %\tRec: 100.00 %\tPOS: 100.00 %\tEX:   0.00 %\t"
        "Unparsed:      0\tSent:      1\tfile: p.ptb\n"
    )


def test_compact_line_prints_c_s_nan_when_nothing_matches() -> None:
    # evalb_spmrl -L on these: "F1:   -nan %\tPrec:   0.00 %\tRec:   0.00 %\t...".
    gold, parse = "(ROOT (S (NN a) (NN b)))", "(ROOT (X (NN a) (NN b)))"
    ev = SpmrlParsevalEvaluator([Tree.fromstring(parse)], [Tree.fromstring(gold)])
    assert ev.compact_line("np.ptb").startswith("F1:   -nan %\tPrec:   0.00 %\tRec:   0.00 %\t")


def test_quote_label_is_refused() -> None:
    params = SPMRL_PARAMS.replace(quote_labels=("``",))
    with pytest.raises(OptionError, match="QUOTE_LABEL"):
        SpmrlParsevalEvaluator([Tree.fromstring(GOLD)], [Tree.fromstring(GOLD)], params)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--spmrl-unparsed"], "--spmrl-unparsed is an option of evalb_spmrl's: give --spmrl"),
        (["--spmrl-compact"], "--spmrl-compact is an option of evalb_spmrl's: give --spmrl"),
        (["--spmrl", "--disco"], "--disco cannot go with it"),
        (["--spmrl", "--align"], "--align cannot go with it"),
        (["--spmrl", "--spmrl-unparsed", "--missing", "zero"], "give one of them"),
        (["--spmrl", "--by", "label"], "no breakdowns or intervals"),
        (["--first", "0"], "--first takes a number of sentences of at least 1, not 0"),
    ],
)
def test_bad_option_combinations_are_one_line_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    gold = str(HERE / "gold.ptb")
    assert main(["parseval", *argv, gold, str(HERE / "parse.ptb")]) == 1
    out, err = capsys.readouterr()
    assert out == "" and message in err and err.count("\n") == 1, err


def test_first_stops_reading_both_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # The parse file is shorter than the gold after sentence 2: --first 2 never sees it.
    gold = tmp_path / "g.ptb"
    parse = tmp_path / "p.ptb"
    gold.write_text(f"{GOLD}\n{GOLD}\n{GOLD}\n")
    parse.write_text(f"{PARSE}\n{PARSE}\n")
    assert main(["parseval", "--spmrl", "--first", "2", str(gold), str(parse)]) == 0
    out = capsys.readouterr().out
    assert "Number of sentence        =      2\n" in out
    assert main(["parseval", "--spmrl", str(gold), str(parse)]) == 1
    assert "ends after 2 sentences" in capsys.readouterr().err


def test_a_bad_tree_names_file_line_and_sentence(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    gold = tmp_path / "g.ptb"
    parse = tmp_path / "p.ptb"
    gold.write_text(f"{GOLD}\n{GOLD}\n")
    parse.write_text(f"{PARSE}\n(ROOT (S (NP (DT the) (NN dog))\n")
    assert main(["parseval", "--spmrl", str(gold), str(parse)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{parse}:2" in err and "sentence 2" in err, err
