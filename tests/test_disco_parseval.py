"""ParsEval over discontinuous brackets against disco-dop's own output.

The expected summaries and per-sentence counts are what disco-dop's ``eval``
printed on the same files (tests/fixtures_disco/SOURCE.md): a second,
independent implementation. The small examples are worked out by hand.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from nltk_tedeval import DiscTree, OptionError, YieldMismatchError
from nltk_tedeval.cli import main
from nltk_tedeval.metrics.disco_parseval import DiscoParams, DiscoParsevalEvaluator
from nltk_tedeval.reading import read_file, read_text

from .test_discontinuous import GOLD3, PARSE4

ROOT = Path(__file__).resolve().parent.parent
FIX = ROOT / "tests" / "fixtures_disco"
GUM = ROOT / "corpora_samples" / "gum"

# disco-dop's verbose table: id, length, recall, precision, matched, gold, cand,
# words, correct tags, accuracy.
ROW = re.compile(r"\s*(\S+)\s+(\d+)\s+\S+\s+\S+\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+\S+")


def discodop_output(name: str) -> tuple[list[str], list[tuple[int, ...]]]:
    """The summary lines (without "function tags") and the per-sentence counts."""
    text = (FIX / name).read_text(encoding="utf-8")
    start = text.rfind("\n", 0, text.index(" Summary ")) + 1
    summary = [
        line
        for line in text[start:].rstrip("\n").split("\n")
        if not line.startswith("function tags")
    ]
    rows = []
    lines = text[:start].splitlines()
    under = [i for i, line in enumerate(lines) if line.lstrip().startswith("_____")]
    if under:
        for line in lines[under[0] + 1 :]:
            m = ROW.match(line)
            if m is None:
                break
            rows.append(tuple(int(x) for x in m.groups()[1:]))
    return summary, rows


def our_rows(ev: DiscoParsevalEvaluator) -> list[tuple[int, ...]]:
    cols = list(ev.columns)
    out = []
    for row in ev.stats.array.tolist():
        get = dict(zip(cols, row, strict=True))
        out.append(
            tuple(
                int(get[c]) for c in ("length", "matched", "gold", "test", "words", "correct_tags")
            )
        )
    return out


RANDOM = [
    ("random_proper.discodop.txt", DiscoParams()),
    ("random_cut20.discodop.txt", dataclasses.replace(DiscoParams(), cutoff_len=20)),
    ("random_custom.discodop.txt", DiscoParams.from_file(str(FIX / "custom.prm"))),
]


@pytest.mark.parametrize(("output", "params"), RANDOM, ids=[r[0] for r in RANDOM])
def test_random_discontinuous_trees_give_discodops_figures(output, params):
    gold = [r.tree for r in read_file(FIX / "random_gold.dbr")]
    parse = [r.tree for r in read_file(FIX / "random_parse.dbr")]
    ev = DiscoParsevalEvaluator(parse, gold, params)
    summary, rows = discodop_output(output)
    assert len(rows) == 40
    assert our_rows(ev) == rows
    assert ev.summary_text().split("\n") == summary


def test_contiguous_penn_treebank_trees_give_discodops_figures():
    trees = (GUM / "GUM_news_crane.ptb").read_text(encoding="utf-8").strip().split("\n\n")
    lines = [" ".join(t.split()) for t in trees]
    changed = [
        t.replace("(NP (DT the)", "(ADJP (DT the)", 1).replace("(PP (IN", "(ADVP (IN", 1)
        for t in lines
    ]
    gold = [r.tree for r in read_text("\n".join(lines), "ptb")]
    parse = [r.tree for r in read_text("\n".join(changed), "ptb")]
    summary, _ = discodop_output("crane_proper.discodop.txt")
    assert DiscoParsevalEvaluator(parse, gold).summary_text().split("\n") == summary


def test_export_files_give_discodops_figures_and_rows():
    gold = [r.tree for r in read_text(GOLD3, "export")]
    parse = [r.tree for r in read_text(PARSE4, "export")]
    ev = DiscoParsevalEvaluator(parse, gold)
    summary, rows = discodop_output("darueber_proper.discodop.txt")
    assert our_rows(ev) == rows == [(5, 1, 2, 2, 4, 4), (2, 1, 1, 1, 2, 2)]
    assert ev.summary_text().split("\n") == summary


def test_a_small_example_by_hand():
    # The root and "." are deleted (proper.prm). Gold brackets: S over 0-2 and VP
    # over {0, 2}; the parse has S and a VP over {2}: 1 of 2 matched each way.
    # With DISC_ONLY only the gold's VP counts, and the parse has no such bracket.
    gold = DiscTree.from_discbracket(
        "(ROOT (S (VP (PROAV 0=Darüber) (VVPP 2=nachgedacht)) (VMFIN 1=muss)) ($. 3=.))"
    )
    test = DiscTree.from_discbracket(
        "(ROOT (S (PROAV 0=Darüber) (VP (VVPP 2=nachgedacht)) (VMFIN 1=muss)) ($. 3=.))"
    )
    ev = DiscoParsevalEvaluator([test], [gold])
    (row,) = ev.stats.array.tolist()
    get = dict(zip(ev.columns, row, strict=True))
    assert (get["matched"], get["gold"], get["test"], get["gold_disc"], get["words"]) == (
        1,
        2,
        2,
        1,
        3,
    )
    assert get["length"] == 4 and get["exact"] == 0
    only = DiscoParsevalEvaluator(
        [test], [gold], dataclasses.replace(DiscoParams(), disc_only=True)
    )
    (row,) = only.stats.array.tolist()
    get = dict(zip(only.columns, row, strict=True))
    assert (get["matched"], get["gold"], get["test"]) == (0, 1, 0)


def test_the_words_must_agree_once_deleted():
    gold = DiscTree.from_discbracket("(S (NP 0=a) (VP 1=b))")
    test = DiscTree.from_discbracket("(S (NP 0=a) (VP 1=c))")
    with pytest.raises(YieldMismatchError, match="gold has 'b', the parse 'c'"):
        DiscoParsevalEvaluator([test], [gold]).eval()
    # A deleted word may differ: "," against "." is punctuation on both sides.
    gold = DiscTree.from_discbracket("(S (NP 0=a) (VP 1=b) ($, 2=,))")
    test = DiscTree.from_discbracket("(S (NP 0=a) (VP 1=b) ($. 2=.))")
    assert [float(s) for s in DiscoParsevalEvaluator([test], [gold]).eval()] == [1.0, 1.0, 1.0]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("LABELED 1\nLABELED 0\n", "test.prm:2: LABELED is given twice"),
        ("NO_SUCH 1\n", "test.prm:1: unknown keyword 'NO_SUCH'"),
        ("EQ_LABEL A\n", "test.prm:1: EQ_LABEL takes two values"),
        ("CUTOFF_LEN many\n", "test.prm:1: CUTOFF_LEN takes a number"),
    ],
)
def test_bad_parameter_files_are_refused_naming_the_line(text, message):
    with pytest.raises(OptionError, match=re.escape(message)):
        DiscoParams.from_text(text, "test.prm")


def test_the_command_line_uses_discodops_rules_for_discontinuous_files(tmp_path, capsys):
    gold = tmp_path / "gold.export"
    gold.write_text(GOLD3, encoding="utf-8")
    parse = tmp_path / "parse.export"
    parse.write_text(PARSE4, encoding="utf-8")
    assert main(["parseval", str(gold), str(parse)]) == 0
    out = capsys.readouterr().out
    summary, _ = discodop_output("darueber_proper.discodop.txt")
    assert "\n".join(summary) in out
    assert "metric:parseval-disco|prm:proper" in out
    assert main(["parseval", str(gold), str(parse), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    scores = data["systems"][0]["scores"]
    assert scores["F1"]["totals"] == {"matched": 2, "gold": 3, "test": 3}
    # A discbracket gold gets disco-dop's rules too, with any parameter file.
    assert main(["parseval", str(FIX / "random_gold.dbr"), str(FIX / "random_parse.dbr"),
                 "-p", str(FIX / "custom.prm")]) == 0  # fmt: skip
    summary, _ = discodop_output("random_custom.discodop.txt")
    assert "\n".join(summary) in capsys.readouterr().out
    assert main(["parseval", str(gold), str(parse), "--evalb"]) == 1
    assert "--evalb prints EVALB's output" in capsys.readouterr().err
    # Penn Treebank files get them when asked: the GUM document against itself.
    crane = GUM / "GUM_news_crane.ptb"
    assert main(["parseval", str(crane), str(crane), "--disco", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["systems"][0]["scores"]["EXACT_MATCH"]["value"] == 1.0


def test_each_bracket_metric_takes_its_own_parameters():
    from nltk_tedeval import EvalbParams, ParsevalEvaluator

    with pytest.raises(OptionError, match=r"^params must be a DiscoParams, not EvalbParams$"):
        DiscoParsevalEvaluator([], [], EvalbParams())
    with pytest.raises(OptionError, match=r"^params must be an EvalbParams, not DiscoParams$"):
        ParsevalEvaluator([], [], DiscoParams())


# -- disco-dop's own discbracket output: bracket escapes and comments (issue 26) ----------


def trees(name: str) -> list:
    return [r.tree for r in read_file(FIX / name)]


def test_brackets_and_comments_as_discodops_writer_puts_them_give_its_figures():
    # disco-dop wrote these discbracket files from the export files beside them:
    # "(" and ")" as #LRB# and #RRB#, each tree followed by a tab and a comment.
    # Their -LRB-/-RRB- tags are deleted by no label of proper.prm: only
    # DELETE_WORD "(" and ")" deletes them, once read as brackets.
    summary, rows = discodop_output("gum_proper.discodop.txt")
    ev = DiscoParsevalEvaluator(trees("gum_parse.dbr"), trees("gum_gold.dbr"))
    assert len(rows) == 31
    assert our_rows(ev) == rows
    assert ev.summary_text().split("\n") == summary
    # The export files hold the brackets as words: the same figures.
    ev = DiscoParsevalEvaluator(trees("gum_parse.export"), trees("gum_gold.export"))
    assert our_rows(ev) == rows
    assert ev.summary_text().split("\n") == summary


def test_the_command_line_reads_discodops_discbracket_output(capsys):
    gold, parse = FIX / "gum_gold.dbr", FIX / "gum_parse.dbr"
    assert main(["parseval", str(gold), str(parse)]) == 0
    summary, _ = discodop_output("gum_proper.discodop.txt")
    assert "\n".join(summary) in capsys.readouterr().out


# -- export tags with round brackets (issue 26) ---------------------------------------


def test_an_export_tag_with_a_round_bracket_is_compared_as_discodop_reads_it():
    # disco-dop's export reader makes "$(" "$[", and a parameter file naming only
    # "$(" then deletes no bracket or dash: neither do we.
    params = DiscoParams.from_file(str(FIX / "stts_paren.prm"))
    ev = DiscoParsevalEvaluator(
        trees("gum_stts_parse.export"), trees("gum_stts_gold.export"), params
    )
    summary, rows = discodop_output("gum_stts_paren.discodop.txt")
    assert our_rows(ev) == rows
    assert ev.summary_text().split("\n") == summary


def test_a_round_bracket_tag_is_deleted_by_its_square_name_by_hand():
    # "Es ( regnet )" with the brackets tagged $( under the root and S over the
    # words: S covers positions 0 and 2, around the bracket at 1.
    text = "#BOS 1\nEs\tPPER\t--\tSB\t500\n(\t$(\t--\t--\t0\nregnet\tVVFIN\t--\tHD\t500\n"
    text += ")\t$(\t--\t--\t0\n#500\tS\t--\t--\t0\n#EOS 1\n"
    (record,) = read_text(text, "export")
    tree = record.tree

    def row(*labels: str) -> dict:
        params = DiscoParams.from_text("".join(f"DELETE_LABEL {x}\n" for x in labels))
        ev = DiscoParsevalEvaluator([tree], [tree], params)
        return dict(zip(ev.columns, ev.stats.array.tolist()[0], strict=True))

    # "$(" names nothing: 4 words, S over {0, 2} is discontinuous.
    got = row("ROOT", "$(")
    assert (got["words"], got["gold"], got["gold_disc"]) == (4, 1, 1)
    # "$[" deletes both brackets: 2 words, S over {0, 1}, contiguous.
    got = row("ROOT", "$[")
    assert (got["words"], got["gold"], got["gold_disc"]) == (2, 1, 0)


# -- undefined figures (issue 26) -----------------------------------------------------

# Where brackets were compared and none matched, disco-dop prints nan for F1
# (its precision or recall is 0); ours is 2·0/(gold + test) = 0 (SPEC.md §7).
F1_NAN = "labeled f-measure:            nan"
F1_ZERO = "labeled f-measure:           0.00"


def json_scores(capsys, *args: str) -> dict:
    assert main(["parseval", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)["systems"][0]["scores"]


def test_nothing_matched_is_zero_where_discodop_prints_nan(capsys):
    # By hand: gold S {0,1,2}, VP {0,2}, S {0,1}; parse VP {0,1,2}, VP {2}, NP {0,1}:
    # 3 brackets each, none equal. Recall and precision 0/3; F1 0/6.
    gold, parse = FIX / "nomatch_gold.dbr", FIX / "nomatch_parse.dbr"
    summary, rows = discodop_output("nomatch_proper.discodop.txt")
    assert summary.count(F1_NAN) == 1
    ev = DiscoParsevalEvaluator(trees("nomatch_parse.dbr"), trees("nomatch_gold.dbr"))
    assert our_rows(ev) == rows == [(4, 0, 2, 2, 3, 3), (3, 0, 1, 1, 2, 2)]
    assert ev.summary_text().split("\n") == [F1_ZERO if x == F1_NAN else x for x in summary]
    scores = json_scores(capsys, str(gold), str(parse))
    assert [scores[m]["value"] for m in ("R", "P", "F1")] == [0.0, 0.0, 0.0]


def test_no_gold_bracket_leaves_recall_undefined(capsys):
    # Flat golds: no bracket once ROOT is deleted. The parse's 2 brackets (VP over
    # 0-2 and VP over 2; NP is deleted by custom.prm) are all wrong: precision 0/2,
    # recall 0/0, F1 0/2. Sentence 2 has no bracket on either side: an exact match.
    prm = FIX / "custom.prm"
    params = DiscoParams.from_file(str(prm))
    summary, rows = discodop_output("flat_custom.discodop.txt")
    assert "labeled recall:               nan" in summary and summary.count(F1_NAN) == 1
    ev = DiscoParsevalEvaluator(trees("nomatch_parse.dbr"), trees("flat_gold.dbr"), params)
    assert our_rows(ev) == rows
    assert ev.summary_text().split("\n") == [F1_ZERO if x == F1_NAN else x for x in summary]
    gold, parse = FIX / "flat_gold.dbr", FIX / "nomatch_parse.dbr"
    scores = json_scores(capsys, str(gold), str(parse), "-p", str(prm))
    assert scores["R"]["value"] is None and scores["R"]["reason"] == "no gold bracket"
    assert (scores["P"]["value"], scores["F1"]["value"]) == (0.0, 0.0)
    assert scores["EXACT_MATCH"]["value"] == 0.5


def test_a_corpus_of_punctuation_has_no_pos_accuracy(capsys):
    # custom.prm deletes the word ",": no word, no bracket is left. Both sides
    # equal (nothing against nothing) is an exact match, as in disco-dop.
    params = DiscoParams.from_file(str(FIX / "custom.prm"))
    punct = trees("punct_only.dbr")
    summary, rows = discodop_output("punct_custom.discodop.txt")
    ev = DiscoParsevalEvaluator(punct, punct, params)
    assert our_rows(ev) == rows == [(1, 0, 0, 0, 0, 0), (2, 0, 0, 0, 0, 0)]
    assert ev.summary_text().split("\n") == summary
    assert summary[-4:] == [
        "labeled precision:            nan",
        F1_NAN,
        "exact match:               100.00",
        "pos accuracy:               0DIV!",
    ]
    path = str(FIX / "punct_only.dbr")
    scores = json_scores(capsys, path, path, "-p", str(FIX / "custom.prm"))
    assert [scores[m]["value"] for m in ("R", "P", "F1", "POS_ACCURACY")] == [None] * 4
    assert scores["EXACT_MATCH"]["value"] == 1.0


DISC_ONLY = dataclasses.replace(DiscoParams(), disc_only=True)


def test_disc_only_with_nothing_discontinuous_has_no_bracket_score(capsys):
    # The parses have no discontinuous bracket: against themselves, no sentence
    # counts; disco-dop divides 0 by 0 for exact match.
    parse = trees("gum_parse.dbr")
    summary, rows = discodop_output("gum_parse_disconly.discodop.txt")
    ev = DiscoParsevalEvaluator(parse, parse, DISC_ONLY)
    assert our_rows(ev) == rows
    assert ev.summary_text().split("\n") == summary
    assert summary[-5:-1] == [
        "labeled recall:               nan        nan",
        "labeled precision:            nan        nan",
        "labeled f-measure:            nan        nan",
        "exact match:                0DIV!      0DIV!",
    ]


def test_disc_only_where_the_parse_has_no_discontinuous_bracket():
    # 123 discontinuous gold brackets, none in the parses: recall 0/123, precision
    # 0/0 (undefined), F1 0/123 (disco-dop: nan).
    summary, rows = discodop_output("gum_disconly.discodop.txt")
    nan2 = "labeled f-measure:            nan        nan"
    zero2 = "labeled f-measure:           0.00       0.00"
    assert summary.count(nan2) == 1
    ev = DiscoParsevalEvaluator(trees("gum_parse.dbr"), trees("gum_gold.dbr"), DISC_ONLY)
    assert our_rows(ev) == rows
    assert ev.summary_text().split("\n") == [zero2 if x == nan2 else x for x in summary]


def test_disc_only_in_a_parameter_file_is_obeyed(tmp_path, capsys):
    # disco-dop's command line ignores DISC_ONLY in the file (only --disconly
    # sets it): with proper.prm's settings and DISC_ONLY 1 it printed exactly
    # what it prints for proper.prm. We obey the file: the --disconly figures.
    assert (FIX / "gum_disconly_prm.discodop.txt").read_bytes() == (
        FIX / "gum_proper.discodop.txt"
    ).read_bytes()
    p = DiscoParams()
    lines = [f"DELETE_LABEL {x}" for x in sorted(p.delete_labels)]
    lines += [f"DELETE_WORD {x}" for x in sorted(p.delete_words)]
    lines += ["EQ_LABEL ADVP PRT", "EQ_WORD -LRB- (", "EQ_WORD -RRB- )", "DISC_ONLY 1"]
    prm = tmp_path / "disconly.prm"
    prm.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert DiscoParams.from_file(str(prm)) == dataclasses.replace(DISC_ONLY, name="disconly.prm")
    gold, parse = FIX / "gum_gold.dbr", FIX / "gum_parse.dbr"
    assert main(["parseval", str(gold), str(parse), "-p", str(prm)]) == 0
    out = capsys.readouterr().out
    summary, _ = discodop_output("gum_disconly.discodop.txt")
    nan2 = "labeled f-measure:            nan        nan"
    zero2 = "labeled f-measure:           0.00       0.00"
    assert "\n".join(zero2 if x == nan2 else x for x in summary) in out
    scores = json_scores(capsys, str(gold), str(parse), "-p", str(prm))
    assert scores["P"]["value"] is None and scores["P"]["reason"] == "no test bracket"
    assert (scores["R"]["value"], scores["F1"]["value"]) == (0.0, 0.0)
    assert scores["R"]["totals"] == {"matched": 0, "gold": 123, "test": 0}


def test_the_worked_bracket_words_of_the_spec():
    # SPEC.md §7: "(" and ")" are deleted by DELETE_WORD once read as brackets;
    # both sides then have S {0, 1}, NP {0}, PRN {1}. disco-dop prints 100.00.
    gold = DiscTree.from_discbracket(
        "(ROOT (S (NP (NN 0=Stadt)) (PRN (CD 2=1890))) (-LRB- 1=#LRB#) (-RRB- 3=#RRB#))"
    )
    test = DiscTree.from_discbracket(
        "(ROOT (S (NP (NN 0=Stadt)) (PRN (-LRB- 1=#LRB#) (CD 2=1890) (-RRB- 3=#RRB#))))"
    )
    assert gold.words == ("Stadt", "(", "1890", ")")
    ev = DiscoParsevalEvaluator([test], [gold])
    (row,) = ev.stats.array.tolist()
    get = dict(zip(ev.columns, row, strict=True))
    assert (get["matched"], get["gold"], get["test"], get["gold_disc"], get["words"]) == (
        3,
        3,
        3,
        0,
        2,
    )
    assert [float(s) for s in ev.eval()] == [1.0, 1.0, 1.0]
