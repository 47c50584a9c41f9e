"""Function tags (Blaheta and Charniak 2000) as disco-dop's eval scores them, its Function
Tag Statistics (``by="function"``, ``"function_confusion"``) and its ``--functions``
(SPEC.md §7, issue 44 item 3).

The small examples are worked out by hand in the comments. The summaries, every
sentence's function-tag F1 and the tables are checked against disco-dop's ``eval
--verbose`` on GUM's trees with seeded wrong parses, bracketed and in export form, under
each ``--functions``, and on generated discontinuous trees (tests/fixtures_disco/SOURCE.md).
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from nltk import Tree

from nltk_tedeval import MissingParseWarning, OptionError
from nltk_tedeval.cli import main
from nltk_tedeval.metrics.disco_parseval import (
    DiscoParams,
    DiscoParsevalEvaluator,
    bracket_functions,
)
from nltk_tedeval.reading import read_text

from .discodop_tables import CASES, FIX, function_table, limit, lines_of, pct, summary

FUNC = "FUNC,FUNC_P,FUNC_R"
KEYS = "function,function_confusion"

# He left today: both trees have NP(He), NP(today), VP, S; the gold tags NP(He) SBJ and
# NP(today) TMP, the parse SBJ and ADV.
GOLD = "(ROOT (S (NP-SBJ (PRP He)) (VP (VBD left) (NP-TMP (NN today)))))"
PARSE = "(ROOT (S (NP-SBJ (PRP He)) (VP (VBD left) (NP-ADV (NN today)))))"


def ptb(*texts: str) -> list[Tree]:
    return [Tree.fromstring(t) for t in texts]


def evaluator(parse: list, gold: list, params: DiscoParams | None = None, **run):
    return DiscoParsevalEvaluator(
        parse, gold, params or DiscoParams(), extra_measures=FUNC, by=KEYS, **run
    )


def test_he_left_today_by_hand():
    # Pairs: gold {(NP He, SBJ), (NP today, TMP)}, parse {(NP He, SBJ), (NP today, ADV)};
    # one of two right on each side: P = R = F1 = 1/2.
    ev = evaluator(ptb(PARSE), ptb(GOLD))
    assert [float(ev.score(m)) for m in ("FUNC", "FUNC_P", "FUNC_R")] == [0.5, 0.5, 0.5]
    totals = ev.score("FUNC").totals
    assert (totals["func_matched"], totals["func_gold"], totals["func_test"]) == (1, 2, 2)
    table = ev.breakdown("function")
    assert {g: tuple(s.totals.values()) for g, s in table.items()} == {
        "SBJ": (1, 1, 1),
        "TMP": (0, 1, 0),
        "ADV": (0, 0, 1),
    }
    assert float(table["SBJ"].scores["F1"]) == 1.0 and table["TMP"].share == 0.5
    # The parse's ADV sits on the bracket whose gold tag is TMP.
    assert {g: s.frequency for g, s in ev.breakdown("function_confusion").items()} == {"TMP→ADV": 1}
    assert "function tags:              50.00" in ev.summary_text()


def test_a_tag_counts_only_on_a_bracket_of_the_other_tree():
    # The parse puts the/dog apart: NP(the dog)-SBJ has no parse bracket, NP(the)-SBJ no
    # gold one, so neither tag counts; VP-PRD is on VP(barked) in both (one right pair).
    gold = "(ROOT (S (NP-SBJ (DT the) (NN dog)) (VP-PRD (VBD barked))))"
    parse = "(ROOT (S (NP-SBJ (DT the)) (NN dog) (VP-PRD (VBD barked))))"
    ev = evaluator(ptb(parse), ptb(gold))
    totals = ev.score("FUNC").totals
    assert (totals["func_matched"], totals["func_gold"], totals["func_test"]) == (1, 1, 1)
    assert list(ev.breakdown("function")) == ["PRD"]


def test_a_sentence_with_no_tag_to_compare_is_na_with_its_reason(capsys, tmp_path):
    # No bracket of the gold has a tag: nothing to compare, neither 1 nor 0.
    gold = "(ROOT (S (NP (PRP He)) (VP (VBD left))))"
    ev = evaluator(ptb(gold), ptb(gold))
    score = ev.score("FUNC")
    assert score != score and score.reason == "no function tag to compare"
    # disco-dop prints no function-tag line where no parse tag counted; nor do we.
    assert "function tags" not in ev.summary_text()
    # Beside a sentence with tags it is left out of nothing: its counts are zeros.
    both = evaluator(ptb(gold, PARSE), ptb(gold, GOLD))
    assert float(both.score("FUNC")) == 0.5 and both.sentence_scores("FUNC")[0] != 0.0
    path = tmp_path / "g.mrg"
    path.write_text(gold + "\n", encoding="utf-8")
    assert main(["parseval", str(path), str(path), "--function-tags", "--json"]) == 0
    scores = json.loads(capsys.readouterr().out)["systems"][0]["scores"]
    assert scores["FUNC"]["value"] is None
    assert scores["FUNC"]["reason"] == "no function tag to compare"


def test_deleted_phrases_and_words_take_their_tags_with_them():
    # DELETE_LABEL NP: the NP-SBJ phrases are spliced out, so only VP-PRD's tag is left;
    # the comma's part of speech is deleted with its word (DELETE_WORD ,), its tag too.
    params = DiscoParams.from_text("DELETE_LABEL NP\nDELETE_WORD ,\n")
    gold = "(ROOT (S (NP-SBJ (PRP He)) (,-X ,) (VP-PRD (VBD left))))"
    parse = "(ROOT (S (NP-SBJ (PRP He)) (,-X ,) (VP-TMP (VBD left))))"
    ev = evaluator(ptb(parse), ptb(gold), params)
    totals = ev.score("FUNC").totals
    assert (totals["func_matched"], totals["func_gold"], totals["func_test"]) == (0, 1, 1)
    assert set(ev.breakdown("function_confusion")) == {"PRD→TMP"}
    # Unlabeled (LABELED 0): disco-dop looks a phrase's labeled bracket up among the other
    # tree's unlabeled ones, so no phrase's tag ever counts; nothing is compared.
    unlabeled = evaluator(ptb(PARSE), ptb(GOLD), DiscoParams.from_text("LABELED 0\n"))
    assert unlabeled.score("FUNC").reason == "no function tag to compare"


def test_tags_of_a_label_as_discodop_reads_them():
    # S-NOM-SBJ has two tags; the index of NP-1 is none, that of NP-SBJ=2 is cut, and
    # NP-SBJ-1 keeps the empty tag after its last '-' (disco-dop strips digits only).
    assert bracket_functions("S-NOM-SBJ") == ("NOM", "SBJ")
    assert bracket_functions("NP-1") == () and bracket_functions("NP-SBJ=2") == ("SBJ",)
    assert bracket_functions("NP-SBJ-1") == ("SBJ", "")
    assert bracket_functions("-NONE-") == () and bracket_functions("-LRB-") == ()
    # Two tags on one matched bracket: two pairs each side; only SBJ is right.
    gold = "(ROOT (S (S-NOM-SBJ (VP (VBG Running))) (VP (VBZ helps))))"
    parse = "(ROOT (S (S-NOM-TMP (VP (VBG Running))) (VP (VBZ helps))))"
    ev = evaluator(ptb(parse), ptb(gold))
    totals = ev.score("FUNC").totals
    assert (totals["func_matched"], totals["func_gold"], totals["func_test"]) == (1, 2, 2)
    assert {g: s.frequency for g, s in ev.breakdown("function_confusion").items()} == {
        "SBJ→TMP": 1
    }  # the gold's last unmatched tag on the bracket names it, as disco-dop's dict keeps


def test_a_part_of_speech_counts_where_the_other_tree_has_its_tag():
    # Export edges of words are function tags too: NN-SB is compared where the parse
    # tags the word NN, whatever brackets there are.
    gold = "#BOS 1\nHund\tNN\t--\tSB\t500\nbellt\tVVFIN\t--\tHD\t500\n#500\tS\t--\t--\t0\n#EOS 1\n"
    parse = "#BOS 1\nHund\tNN\t--\tOA\t0\nbellt\tVVFIN\t--\tHD\t0\n#EOS 1\n"
    g = [r.tree for r in read_text(gold, "export")]
    p = [r.tree for r in read_text(parse, "export")]
    ev = evaluator(p, g)
    # Pairs: gold (NN Hund, SB), (VVFIN bellt, HD); parse (NN, OA), (VVFIN, HD).
    totals = ev.score("FUNC").totals
    assert (totals["func_matched"], totals["func_gold"], totals["func_test"]) == (1, 2, 2)
    assert set(ev.breakdown("function_confusion")) == {"SB→OA"}


def test_functions_option_changes_the_labels_parseval_compares():
    # Under add (and, of a bracket file, leave and replace) NP-TMP and NP-ADV are two
    # labels: 6 brackets a side (ROOT deleted), 5 matched; the tags then all agree.
    for functions in ("leave", "add", "replace"):
        params = DiscoParams(functions=functions)
        ev = evaluator(ptb(PARSE), ptb(GOLD), params)
        assert float(ev.score("F1")) == pytest.approx(3 / 4)  # S, VP, NP-SBJ of 4
        assert float(ev.score("FUNC")) == 1.0
        assert f"functions:{functions}" in str(ev.score("F1"))
    assert float(evaluator(ptb(PARSE), ptb(GOLD)).score("F1")) == 1.0
    with pytest.raises(OptionError, match="functions takes one of remove, leave, add"):
        DiscoParams(functions="keep")


def test_an_export_files_functions_are_its_edges():
    # leave keeps the category (NP), add the category and edge (NP-SB), replace the edge
    # (SB); the root (ROOT) keeps its label under replace, and a word without an edge
    # is '--' there.
    text = "#BOS 1\nHund\tNN\t--\tNK\t500\nbellt\tVVFIN\t--\t--\t0\n#500\tNP\t--\tSB\t0\n#EOS 1\n"
    tree = [r.tree for r in read_text(text, "export")]
    labels = {}
    for functions in ("remove", "leave", "add", "replace"):
        ev = DiscoParsevalEvaluator(tree, tree, DiscoParams(functions=functions))
        view = ev.sentence_view(tree[0], tree[0])
        labels[functions] = (view.gold_table.labels, view.gold_tree().tags)
    assert labels["leave"][0][1:] == labels["remove"][0][1:] == ["NP", "NN", "VVFIN"]
    assert labels["add"][0][1:] == ["NP-SB", "NN-NK", "VVFIN"]
    assert labels["replace"][0] == ["ROOT", "SB", "NK", "--"]


def test_morphology_rewrites_an_export_files_tags():
    # disco-dop's --morphology: add gives NN/sg (its '(' made '['), replace sg, and between
    # a phrase NN (a bracket on one word) over a part of speech sg; -e in the morphology
    # is cut under --functions remove, as any label is.
    text = (
        "#BOS 1\nHund\tNN\tsg(x)\tSB\t500\nbellt\tVVFIN\tmet-e\tHD\t500\n"
        "#500\tS\t--\t--\t0\n#EOS 1\n"
    )
    tree = [r.tree for r in read_text(text, "export")]
    seen = {}
    for morphology in ("no", "add", "replace", "between"):
        ev = DiscoParsevalEvaluator(tree, tree, DiscoParams(morphology=morphology))
        view = ev.sentence_view(tree[0], tree[0])
        seen[morphology] = (view.gold_tree().tags, view.gold_tree().labels)
    assert seen["no"] == (("NN", "VVFIN"), ("S", "ROOT"))
    assert seen["add"][0] == ("NN/sg[x]", "VVFIN/met")
    assert seen["replace"][0] == ("sg[x]", "met")
    assert seen["between"] == (("sg[x]", "met"), ("NN", "VVFIN", "S", "ROOT"))
    # Under between the tags' phrases are brackets: ROOT deleted, S, NN and VVFIN.
    ev = DiscoParsevalEvaluator(tree, tree, DiscoParams(morphology="between"))
    assert ev.score("F1").totals["gold"] == 3
    assert "morphology:between" in str(ev.score("F1"))
    with pytest.raises(OptionError, match="morphology takes one of no, add"):
        DiscoParams(morphology="yes")


def test_a_missing_parse_compares_no_tag():
    # missing="zero": a missing parse matches no bracket, so no tag of its gold counts.
    ev = evaluator([None, *ptb(PARSE)], ptb(GOLD, GOLD), missing="zero")
    with pytest.warns(MissingParseWarning):
        assert float(ev.score("FUNC")) == 0.5
    assert ev.score("FUNC").totals["func_gold"] == 2


def test_intervals_and_tests_come_from_the_shared_code():
    gold, parse = CASES["gum_func_proper"][0]()
    a = DiscoParsevalEvaluator(parse, gold, extra_measures=FUNC)
    b = DiscoParsevalEvaluator(gold, gold, extra_measures=FUNC)
    score = a.score("FUNC", ci=0.95, rounds=200)
    low, high, level = score.interval
    assert low <= float(score) <= high and level == 0.95
    assert a.significance(b, "FUNC", rounds=200).p_value <= 0.05


# -- disco-dop's eval --verbose -------------------------------------------------------

FUNC_CASES = sorted(n for n in CASES if any(x.startswith("function tags") for x in summary(n)))
ROW = re.compile(r"\s*(\S+)\s+\d+\s+\S+\s+\S+\s+\d+\s+\d+\s+\d+\s+\d+\s+\d+\s+\S+(.*)$")


def sentence_figures(name: str) -> list[str]:
    """Each sentence's function-tag F1 as disco-dop printed it ("" where no parse tag of
    the sentence counted)."""
    lines = lines_of(name)
    under = next(i for i, x in enumerate(lines) if x.lstrip().startswith("_____"))
    out = []
    for line in lines[under + 1 :]:
        m = ROW.match(line)
        if m is None:
            break
        out.append(m.group(2).strip()[:6].strip())
    return out


def test_the_fixtures_cover_every_option():
    assert len(FUNC_CASES) >= 15
    assert {"gum_func_export_replace", "gum_func_add", "random_func_proper"} <= set(FUNC_CASES)
    # Under the unlabeled custom.prm a phrase's labeled bracket is never a bracket of the
    # other tree there: no tag counts, and no function-tag line is printed.
    assert "random_func_custom" not in FUNC_CASES


@pytest.mark.parametrize("name", FUNC_CASES)
def test_discodops_function_tags_figure_for_figure(name):
    build, params = CASES[name]
    gold, parse = build()
    ev = evaluator(parse, gold, params)
    theirs = [x for x in summary(name) if x.startswith("function tags")]
    ours = [x for x in ev.summary_text().split("\n") if x.startswith("function tags")]
    assert ours == theirs
    if "la_ted" in name or not lines_of(name)[0].startswith("Parameters:"):
        return  # rows checked with Leaf-Ancestor's figures; or no --verbose, no rows
    cols = list(ev.columns)
    got = []
    for row in ev.stats.array.tolist():
        get = dict(zip(cols, row, strict=True))
        m, g, t = get["func_matched"], get["func_gold"], get["func_test"]
        # disco-dop: nan where the F1 of its Decimals is undefined, 0 matched included.
        got.append("" if not t else "nan" if not m else f"{200 * m / (g + t):.2f}")
    assert got == sentence_figures(name)


@pytest.mark.parametrize("name", [n for n in FUNC_CASES if function_table(n)[0]])
def test_discodops_function_tag_statistics(name):
    build, params = CASES[name]
    gold, parse = build()
    ev = evaluator(parse, gold, params)
    figures, confusions = function_table(name)
    table = ev.breakdown("function")
    assert limit(name) is not None or set(figures) == set(table)
    whole = sum(s.frequency for s in table.values())
    for tag, (share, r, p, f1) in figures.items():
        group = table[tag]
        # disco-dop's % gold divides by its distinct (bracket, tag) pairs, ours by all:
        # they differ only where one pair is twice in a sentence, not in these files.
        assert f"{100 * group.frequency / whole:.2f}" == share
        assert (pct(group.scores["R"]), pct(group.scores["P"])) == (r, p)
        if f1 == "nan" and group.totals["matched"] == 0:
            assert float(group.scores["F1"]) == 0.0  # nothing matched: 0.00 (SPEC.md §7)
        else:
            assert pct(group.scores["F1"]) == f1
    ours = Counter(
        {tuple(g.split("→")): s.frequency for g, s in ev.breakdown("function_confusion").items()}
    )
    if limit(name) is None:
        assert ours == confusions
    else:
        assert all(ours[k] == n for k, n in confusions.items())
    # The groups split the pairs: their columns sum to the corpus's.
    assert whole == ev.score("FUNC").totals["func_gold"]


def test_the_command_line(tmp_path, capsys):
    gold, parse = str(FIX / "gum_func_gold.mrg"), str(FIX / "gum_func_parse.mrg")
    assert main(["parseval", gold, parse, "--function-tags"]) == 0
    out = capsys.readouterr().out
    assert "function tags:              55.80      50.38\n" in out
    assert main(["parseval", gold, parse, "--function-tags", "-f", "tsv"]) == 0
    header, row = capsys.readouterr().out.splitlines()[:2]
    assert header.split("\t")[-3:] == ["FUNC", "FUNC_P", "FUNC_R"]
    assert row.split("\t")[-3:][0] == "50.38"
    # --by function alone brings the measure it breaks down.
    assert main(["parseval", gold, parse, "--by", "function", "-f", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    system = data["systems"][0]
    assert round(100 * system["scores"]["FUNC"]["value"], 2) == 50.38
    (function,) = [b for b in data["breakdowns"] if b["key"] == "function"]
    groups = {g["group"]: g for g in function["groups"]}
    assert groups["SBJ"]["frequency"] == 112
    assert main(["parseval", gold, parse, "--functions", "add"]) == 0
    out = capsys.readouterr().out
    assert "labeled f-measure:          69.96      67.98" in out
    assert "functions:add" in out
    assert main(["parseval", gold, parse, "--function-tags", "--evalb"]) == 1
    assert "--function-tags" in capsys.readouterr().err
    gold, parse = str(FIX / "gum_morph_gold.export"), str(FIX / "gum_morph_parse.export")
    assert main(["parseval", gold, parse, "--morphology", "between"]) == 0
    out = capsys.readouterr().out
    assert "pos accuracy:               85.87      84.84" in out  # disco-dop's line
    assert "morphology:between" in out
