"""Nothing to compare in labeled (or unlabeled) TedEval, and in LA and LAS, is N/A (SPEC.md §5, §7).

Every expected value is worked out by hand from SPEC.md §3 and §5:

- "I left", heads [2, 0], no relations (nltk's three-column Malt-TAB):
  nodes (0,2):{} (0,1):{} (1,2):{hd}; unlabeled items (0,1), (1,2).
- the same words with heads [0, 1]: nodes (0,2):{} (1,2):{} (0,1):{hd};
  unlabeled items (0,1), (1,2) again.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import jsonschema
import pytest
from nltk import Tree
from nltk.parse import DependencyGraph

from nltk_tedeval import AttachmentEvaluator, CrossFrameworkEvaluator, TedEvalEvaluator
from nltk_tedeval.cli import main
from nltk_tedeval.errors import MissingParseWarning
from nltk_tedeval.protocol.sentence import SentenceResult
from nltk_tedeval.trees.dependency import DependencyTree
from nltk_tedeval.trees.mft import MultiFunctionTree
from nltk_tedeval.trees.operations import carries_function_labels

from .columns import ALIGNED_ROW, ATTACHMENT_ROW, ATTACHMENT_SCORES, pick, scores

GOLD_RIGHT = "I PRP 2\nleft VBD 0\n"  # "I" under "left"
PARSE_LEFT = "I PRP 0\nleft VBD 1\n"  # "left" under "I"
REASON = "no labeled item on either side (Σι = 0): no function label to compare"
SCHEMA = Path(__file__).resolve().parent.parent / "docs" / "report.schema.json"


def malt(text: str) -> DependencyGraph:
    return DependencyGraph(text)


def test_carries_function_labels_ignores_every_head_label() -> None:
    bare = MultiFunctionTree({(0, 2): set(), (0, 1): {"HD"}}, 2)
    assert not carries_function_labels(bare, ("hd", "HD"))
    assert carries_function_labels(bare, ("hd",))
    assert not carries_function_labels(MultiFunctionTree({}, 3))


def test_unlabeled_dependencies_score_labeled_na_and_unlabeled_as_before() -> None:
    ev = TedEvalEvaluator([malt(GOLD_RIGHT)], [malt(GOLD_RIGHT)])
    labeled, unlabeled = ev.eval()
    assert labeled.totals == {"delta_labeled": 0, "iota_labeled": 0}
    assert math.isnan(labeled) and labeled.reason == REASON
    assert unlabeled.totals == {"delta_unlabeled": 0, "iota_unlabeled": 4}
    assert float(unlabeled) == 1.0 and unlabeled.reason is None
    # Before SPEC.md §5's rule, the hd items alone made a wrong head direction
    # 2/2 = 0.0 labeled; now there is no labeled number to be wrong.
    wrong = TedEvalEvaluator([malt(PARSE_LEFT)], [malt(GOLD_RIGHT)])
    labeled, unlabeled = wrong.eval()
    assert labeled.totals == {"delta_labeled": 0, "iota_labeled": 0} and math.isnan(labeled)
    assert unlabeled.totals == {"delta_unlabeled": 0, "iota_unlabeled": 4}


def test_a_labeled_gold_against_an_unlabeled_parse_is_still_a_number() -> None:
    # Gold with relations: (0,2):{root} (0,1):{nsubj} (1,2):{hd}: 3 items.
    gold = malt("I PRP 2 nsubj\nleft VBD 0 root\n")
    # The parse keeps only hd (1,2): δ = |p−g| + |g−p| = 0 + 2, ι = 1 + 3.
    labeled, _ = TedEvalEvaluator([malt(GOLD_RIGHT)], [gold]).eval()
    assert labeled.totals == {"delta_labeled": 2, "iota_labeled": 4}
    assert float(labeled) == pytest.approx(0.5)


def test_a_sentence_with_iota_zero_has_no_score_and_the_macro_leaves_it_out() -> None:
    # One-word sentence: its only node is the whole sentence, so unlabeled ι = 0.
    one = Tree.fromstring("(S-X (NN yes))")
    # Three words, one wrong bracket: gold spans (0,2) (0,1) (1,2) (2,3), parse
    # (1,3) (0,1) (1,2) (2,3) below the sentence: unlabeled δ = 1 + 1, ι = 4 + 4.
    gold = Tree.fromstring("(S (NP (DT a) (NN b)) (VB c))")
    parse = Tree.fromstring("(S (DT a) (VP (NN b) (VB c)))")
    ev = TedEvalEvaluator([one, parse], [one, gold])
    results = ev.sentence_results()
    assert (results[0].iota_unlabeled, math.isnan(results[0].unlabeled)) == (0, True)
    assert results[1].unlabeled == 0.75
    macro = ev.score("unlabeled", average="macro")
    assert float(macro) == 0.75 and macro.undefined == 1 and macro.reason is None
    assert "leaving out 1 with nothing to compare" in str(macro)
    assert ev.score("unlabeled").undefined == 1
    assert math.isnan(SentenceResult(1, None, 0, 0, 0, 0).labeled)


def test_a_macro_of_nothing_but_undefined_sentences_is_na_with_its_reason() -> None:
    one = Tree.fromstring("(S (NN yes))")
    macro = TedEvalEvaluator([one], [one]).score("unlabeled", average="macro")
    assert math.isnan(macro) and macro.undefined == 1
    assert macro.reason.startswith("no sentence has a score of its own")


def test_the_flat_tree_against_a_label_free_generalization_is_na() -> None:
    # PTB gold with one function tag, UD gold: PTB ⊓ UD keeps no label at (0,1)
    # (SBJ against nsubj), none at (0,2) ({} against {root}).
    ptb = Tree.fromstring("(S (NP-SBJ (PRP I)) (VP (VBD left)))")
    ud = DependencyGraph("I PRP 2 nsubj\nleft VBD 0 root\n")
    flat = Tree.fromstring("(S (PRP I) (VBD left))")
    cross = CrossFrameworkEvaluator([("ptb", [flat], [ptb]), ("ud", [ud], [ud])])
    labeled, unlabeled = cross.multiple("ptb")
    assert labeled.totals == {"delta_labeled": 0, "iota_labeled": 0}
    assert math.isnan(labeled) and "Σι = 0" in labeled.reason
    # Unlabeled: the flat parse and the reference both have (0,1) and (1,2).
    assert unlabeled.totals == {"delta_unlabeled": 0, "iota_unlabeled": 4}
    # SINGLE: the PTB gold carries SBJ, so the flat parse misses it: δ = ι = 1.
    single_labeled, _ = cross.single("ptb")
    assert single_labeled.totals == {"delta_labeled": 1, "iota_labeled": 1}
    assert float(single_labeled) == 0.0


def test_tl_unification_is_noted_in_python(tmp_path: Path) -> None:
    ptb = Tree.fromstring("(S (NP-SBJ (PRP I)) (VP (VBD left)))")
    ud = DependencyGraph("I PRP 2 nsubj\nleft VBD 0 root\n")
    ev = TedEvalEvaluator([ptb], [ptb], tl_unify_with=[ud])
    (note,) = ev.notes
    assert "TL-unification" in note and "below 1.0" in note
    assert TedEvalEvaluator([ptb], [ptb]).notes == []
    # A perfect PTB parse against PTB ⊔tl UD: the gold is (0,2):{root}
    # (0,1):{SBJ, nsubj} (1,2):{hd}, 4 items; the parse has SBJ alone.
    # δ = 3 (root, nsubj, hd missed), ι = 1 + 4, score 1 − 3/5.
    labeled, _ = ev.eval()
    assert labeled.totals == {"delta_labeled": 3, "iota_labeled": 5}
    assert float(labeled) == pytest.approx(0.4)
    cross = CrossFrameworkEvaluator(
        [("ptb", [ptb], [ptb]), ("ud", [ud], [ud])], tl_unify={"ptb": "ud"}
    )
    assert cross.notes == [
        "ptb's gold carries ud's labels by TL-unification; ptb's parses cannot produce "
        "them, so their labeled scores count those labels as missed and stay below 1.0 "
        "even for a parse equal to the gold (SPEC.md §5)"
    ]


def _files(tmp_path: Path) -> tuple[str, str]:
    gold = tmp_path / "gold.malt"
    parse = tmp_path / "parse.malt"
    gold.write_text(GOLD_RIGHT + "\n" + "a DT 2\ndog NN 0\n", encoding="utf-8")
    parse.write_text(PARSE_LEFT + "\n" + "a DT 2\ndog NN 0\n", encoding="utf-8")
    return str(gold), str(parse)


def test_the_command_line_prints_na_with_its_reason(tmp_path: Path, capsys) -> None:
    gold, parse = _files(tmp_path)
    assert main(["score", gold, parse]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("parse "))
    assert row.split() == ["parse", "n/a", "1.0000"]
    assert f"n/a: labeled of parse: {REASON}" in out
    assert main(["score", gold, parse, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    labeled = data["systems"][0]["scores"]["labeled"]
    assert (labeled["value"], labeled["reason"], labeled["undefined"]) == (None, REASON, 2)
    unlabeled = data["systems"][0]["scores"]["unlabeled"]
    assert (unlabeled["value"], unlabeled["reason"], unlabeled["undefined"]) == (1.0, None, 0)
    assert "notes" not in data


def test_the_command_line_notes_tl_unification(tmp_path: Path, capsys) -> None:
    ptb = tmp_path / "g.ptb"
    ptb.write_text("(S (NP-SBJ (PRP I)) (VP (VBD left)))\n", encoding="utf-8")
    ud = tmp_path / "g.malt"
    ud.write_text("I PRP 2 nsubj\nleft VBD 0 root\n", encoding="utf-8")
    assert main(["score", str(ptb), str(ptb), "--tl-unify", str(ud)]) == 0
    out = capsys.readouterr().out
    assert "note: the gold carries another theory's labels by TL-unification" in out
    args = ["cross", "-e", f"ptb={ptb},{ptb}", "-e", f"ud={ud},{ud}", "--tl-unify", "ptb:ud"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["notes"][0].startswith("ptb's gold carries ud's labels by TL-unification")
    # The same number as in Python: 1 − 3/5.
    ptb_entry = next(s for s in data["systems"] if s["name"] == "ptb")
    assert ptb_entry["scores"]["single labeled"]["value"] == pytest.approx(0.4)


def test_the_command_line_says_what_a_macro_average_left_out(tmp_path: Path, capsys) -> None:
    # Sentence 1 as above (unlabeled 0/4); sentence 2 has one token, so its
    # only node is the sentence itself: unlabeled ι = 0, no score of its own.
    gold = tmp_path / "gold.malt"
    gold.write_text(GOLD_RIGHT + "\nyes UH 0\n", encoding="utf-8")
    assert main(["score", str(gold), str(gold), "--macro"]) == 0
    out = capsys.readouterr().out
    assert "macro unlabeled of gold: leaves out 1 sentence with nothing to compare" in out
    macro_row = next(line for line in out.splitlines() if line.startswith("  (macro)"))
    assert macro_row.split() == ["(macro)", "n/a", "1.0000"]
    assert main(["score", str(gold), str(gold), "--macro", "--json"]) == 0
    macro = json.loads(capsys.readouterr().out)["systems"][0]["macro"]
    assert (macro["unlabeled"]["value"], macro["unlabeled"]["undefined"]) == (1.0, 1)
    assert macro["labeled"]["reason"].startswith("no sentence has a score of its own")


def test_macro_lines_name_every_system_once_and_only_for_macro_averages(
    tmp_path: Path, capsys
) -> None:
    # Two one-token sentences (unlabeled ι = 0) and sentence 1 of the file above.
    gold = tmp_path / "gold.malt"
    gold.write_text(GOLD_RIGHT + "\nyes UH 0\n\nno UH 0\n", encoding="utf-8")
    systems = [f"a={gold}", f"b={gold}"]
    assert main(["score", str(gold), *systems, "--macro"]) == 0
    lines = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("macro ")]
    assert lines == ["macro unlabeled of a, b: leaves out 2 sentences with nothing to compare"]
    # The corpus (micro) score leaves nothing out: no such line without --macro.
    assert main(["score", str(gold), *systems]) == 0
    assert not any(ln.startswith("macro ") for ln in capsys.readouterr().out.splitlines())


# -- attachment: LA and LAS compare relations, and need one (SPEC.md §5, §7) ------------------
#
# "I left" and "You stay" in nltk's three-column form (word, tag, head), every
# head wrong: the gold hangs each pronoun from its verb, the parse each verb
# from its pronoun. By hand: UAS 0/4; UNDIRECTED 2/4 (a verb's predicted head is
# its gold child); NED 4/4 (a pronoun's predicted head, the root, is its gold
# grandparent). No token has a relation: LA and LAS have nothing to compare.

ATTACH_REASON = "no relation to compare: no scored token carries one, in the gold or the parse"
GOLD_3COL = "I\tPRP\t2\nleft\tVBD\t0\n\nYou\tPRP\t2\nstay\tVBP\t0\n"
PARSE_3COL = "I\tPRP\t0\nleft\tVBD\t1\n\nYou\tPRP\t0\nstay\tVBP\t1\n"


def dtree(words: str, heads: tuple[int, ...], rels: str | None = None) -> DependencyTree:
    return DependencyTree(tuple(words.split()), heads, None if rels is None else rels.split())


def test_attachment_without_relations_gives_no_la_and_no_las() -> None:
    gold = [malt("I PRP 2\nleft VBD 0\n"), malt("You PRP 2\nstay VBP 0\n")]
    parse = [malt("I PRP 0\nleft VBD 1\n"), malt("You PRP 0\nstay VBP 1\n")]
    ev = AttachmentEvaluator(parse, gold)
    for name in ("LA", "LAS"):
        score = ev.score(name)
        assert math.isnan(score) and score.reason == ATTACH_REASON
        assert score.totals == {"label" if name == "LA" else "head_label": 0, "labeled_tokens": 0}
        macro = ev.score(name, average="macro")
        assert math.isnan(macro) and macro.undefined == 2
    assert [float(ev.score(m)) for m in ("UAS", "UNDIRECTED", "NED")] == [0.0, 0.5, 1.0]
    assert ev.relation_scores() == {}
    assert pick(ev, *ATTACHMENT_ROW) == [[2, 0, 0, 0, 1, 2, 0]] * 2
    # The same trees as CoNLL-X with DEPREL _ are read as the same, and score the same.
    row = "{}\t{}\t_\tX\tX\t_\t{}\t_\t_\t_"
    sides = ([(1, "I", 2), (2, "left", 0)], [(1, "I", 0), (2, "left", 1)])
    conll = [DependencyGraph("\n".join(row.format(*cells) for cells in rows)) for rows in sides]
    ev = AttachmentEvaluator([conll[1]], [conll[0]])
    assert pick(ev, *ATTACHMENT_ROW) == [[2, 0, 0, 0, 1, 2, 0]]
    assert math.isnan(ev.score("LAS")) and ev.score("LAS").reason == ATTACH_REASON


def test_attachment_leaves_out_the_sentences_without_relations() -> None:
    """Sentence 1 "John saw Mary" carries relations; the parse hangs Mary from John
    as nsubj (gold obj): head and label wrong for Mary only. Row (tokens, head,
    label, head_label, undirected, ned, labeled_tokens) = (3, 2, 2, 2, 2, 2, 3):
    Mary's predicted head John is neither her gold child nor her gold grandparent
    (the root). Sentence 2 is the bare "I left" of above: (2, 0, 0, 0, 1, 2, 0).
    LA and LAS count over sentence 1 alone, 2/3, where "_" = "_" in sentence 2
    would have made LA 4/5; UAS 2/5, UNDIRECTED 3/5, NED 4/5 over both."""
    gold = [dtree("John saw Mary", (2, 0, 2), "nsubj root obj"), dtree("I left", (2, 0))]
    parse = [dtree("John saw Mary", (2, 0, 1), "nsubj root nsubj"), dtree("I left", (0, 1))]
    ev = AttachmentEvaluator(parse, gold)
    assert pick(ev, *ATTACHMENT_ROW) == [[3, 2, 2, 2, 2, 2, 3], [2, 0, 0, 0, 1, 2, 0]]
    assert scores(ev, *ATTACHMENT_SCORES) == {
        "LAS": 2 / 3, "UAS": 2 / 5, "LA": 2 / 3, "UNDIRECTED": 3 / 5, "NED": 4 / 5
    }  # fmt: skip
    macro = ev.score("LAS", average="macro")
    assert float(macro) == 2 / 3 and macro.undefined == 1
    # Only sentence 1's tokens are in the breakdown: [gold, predicted, label, both].
    rels = {r: (s.gold, s.predicted, s.label_correct, s.head_label_correct)
            for r, s in ev.relation_scores().items()}  # fmt: skip
    assert rels == {"nsubj": (1, 2, 1, 1), "obj": (1, 0, 0, 0), "root": (1, 1, 1, 1)}


def test_attachment_a_relation_on_one_side_is_compared() -> None:
    # A parse without relations against a labeled gold lacks them: LA 0/2, not N/A.
    labeled, bare = dtree("I left", (2, 0), "nsubj root"), dtree("I left", (2, 0))
    ev = AttachmentEvaluator([bare], [labeled])
    assert (float(ev.score("LA")), float(ev.score("LAS")), float(ev.score("UAS"))) == (0, 0, 1)
    # A labeled parse against a bare gold: relations the gold never has, 0/2 again.
    ev = AttachmentEvaluator([labeled], [bare])
    assert (float(ev.score("LA")), float(ev.score("LAS"))) == (0, 0)


def test_attachment_judges_relations_on_the_scored_tokens() -> None:
    # "Hi ." with a relation on "." only. Punctuation included, "." is compared
    # (punct = punct) and "Hi" (_ = _) with it: LA 1.0. Excluded, "Hi" alone is
    # scored and carries no relation: N/A.
    tree = DependencyTree(("Hi", "."), (0, 1), (None, "punct"))
    assert float(AttachmentEvaluator([tree], [tree]).score("LA")) == 1.0
    excluded = AttachmentEvaluator([tree], [tree], punct="exclude")
    assert math.isnan(excluded.score("LA")) and float(excluded.score("UAS")) == 1.0


def test_attachment_missing_zero_counts_relations_only_where_the_gold_has_them() -> None:
    bare, labeled = dtree("I left", (2, 0)), dtree("I left", (2, 0), "nsubj root")
    with pytest.warns(MissingParseWarning):
        ev = AttachmentEvaluator([None, None], [bare, labeled], missing="zero")
        assert pick(ev, *ATTACHMENT_ROW) == [[2, 0, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0, 2]]
    assert float(ev.score("LAS")) == 0.0 and float(ev.score("UAS")) == 0.0
    with pytest.warns(MissingParseWarning):
        only_bare = AttachmentEvaluator([None], [bare], missing="zero")
        assert math.isnan(only_bare.score("LAS"))


def test_aligned_attachment_needs_a_relation_too() -> None:
    """Gold "New York left" (New under York under left), parse "NewYork left". Only
    "left" is alone in its position on both sides, so it is the one aligned word;
    its head is the root on both sides: head, undirected and NED right. Without
    relations, (gold_tokens, parse_tokens, head, label, head_label, undirected, ned,
    labeled_gold_tokens, labeled_parse_tokens) = (3, 2, 1, 0, 0, 1, 1, 0, 0) and LA
    and LAS are N/A as precision, recall and F1. With the gold's relations, left's
    root against the parse's "_" is wrong: (3, 2, 1, 0, 0, 1, 1, 3, 2), LA_P 0/2."""
    gold_bare, parse = dtree("New York left", (2, 3, 0)), dtree("NewYork left", (2, 0))
    ev = AttachmentEvaluator([parse], [gold_bare], align=True)
    assert pick(ev, *ALIGNED_ROW) == [[3, 2, 1, 0, 0, 1, 1, 0, 0]]
    assert (float(ev.score("UAS_P")), float(ev.score("UAS_R"))) == (1 / 2, 1 / 3)
    for name in ("LA", "LA_P", "LA_R", "LAS", "LAS_P", "LAS_R"):
        assert math.isnan(ev.score(name)), name
    assert ev.score("LAS").reason.startswith("no relation to compare")
    gold = dtree("New York left", (2, 3, 0), "compound nsubj root")
    ev = AttachmentEvaluator([parse], [gold], align=True)
    assert pick(ev, *ALIGNED_ROW) == [[3, 2, 1, 0, 0, 1, 1, 3, 2]]
    assert (float(ev.score("LA_P")), float(ev.score("LA_R")), float(ev.score("LAS"))) == (0, 0, 0)
    # A unit of the same tokens takes the shortcut, with the same rule.
    same = AttachmentEvaluator([dtree("I left", (0, 1))], [dtree("I left", (2, 0))], align=True)
    assert pick(same, *ALIGNED_ROW) == [[2, 2, 0, 0, 0, 1, 2, 0, 0]]


def test_attach_command_prints_na_with_its_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gold, parse = tmp_path / "gold.txt", tmp_path / "parse.txt"
    gold.write_text(GOLD_3COL, encoding="utf-8")
    parse.write_text(PARSE_3COL, encoding="utf-8")
    assert main(["attach", str(gold), str(parse), "--relations"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:4] == [
        "system  LAS  UAS     LA   UNDIRECTED  NED",
        "------  ---  ------  ---  ----------  ------",
        "parse   n/a  0.0000  n/a  0.5000      1.0000",
    ]
    assert f"n/a: LAS of parse: {ATTACH_REASON}" in out
    assert f"n/a: LA of parse: {ATTACH_REASON}" in out
    assert f"relations of parse: n/a ({ATTACH_REASON})" in out
    assert main(["attach", str(gold), str(parse), "--json", "--macro"]) == 0
    data = json.loads(capsys.readouterr().out)
    jsonschema.validate(data, json.loads(SCHEMA.read_text(encoding="utf-8")))
    (system,) = data["systems"]
    for block in ("scores", "macro"):
        for name in ("LA", "LAS"):
            assert system[block][name]["value"] is None
            assert system[block][name]["reason"].endswith(ATTACH_REASON)
    assert system["scores"]["NED"]["value"] == 1.0
    assert system["details"]["relations"] == {}


def test_attach_tests_significance_on_what_is_defined(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Two systems on the bare files: LAS is N/A for both, so it is reported not
    # tested (SPEC.md §6), and UAS and NED are tested; in Python, the test of LAS
    # has no p-value and says why.
    gold, parse = tmp_path / "gold.txt", tmp_path / "parse.txt"
    gold.write_text(GOLD_3COL, encoding="utf-8")
    parse.write_text(PARSE_3COL, encoding="utf-8")
    assert main(["attach", str(gold), str(parse), f"right={gold}", "--significance", "50",
                 "--json"]) == 0  # fmt: skip
    tests = json.loads(capsys.readouterr().out)["significance"]
    assert [t["measure"] for t in tests] == ["LAS", "UAS", "NED"]
    assert tests[0]["p_value"] is None and "no relation to compare" in tests[0]["reason"]
    assert all(t["p_value"] is not None for t in tests[1:])
    a = AttachmentEvaluator([malt("I PRP 0\nleft VBD 1\n")], [malt(GOLD_RIGHT)])
    b = AttachmentEvaluator([malt(GOLD_RIGHT)], [malt(GOLD_RIGHT)])
    untested = a.significance(b, "LAS")
    assert not untested.tested and untested.rounds == 0
    assert "no relation to compare" in untested.reason


def test_spec_worked_example_of_relations_to_compare() -> None:
    """SPEC.md §7, "Relations to compare": two bare sentences with every head wrong
    and "John saw Mary" with relations, Mary's head and relation wrong."""
    gold = [dtree("I left", (2, 0)), dtree("You stay", (2, 0)),
            dtree("John saw Mary", (2, 0, 2), "nsubj root obj")]  # fmt: skip
    parse = [dtree("I left", (0, 1)), dtree("You stay", (0, 1)),
             dtree("John saw Mary", (2, 0, 1), "nsubj root nsubj")]  # fmt: skip
    assert scores(AttachmentEvaluator(parse, gold), *ATTACHMENT_SCORES) == {
        "LAS": 2 / 3, "UAS": 2 / 7, "LA": 2 / 3, "UNDIRECTED": 4 / 7, "NED": 6 / 7
    }  # fmt: skip
    bare = AttachmentEvaluator(parse[:2], gold[:2])
    assert [float(bare.score(m)) for m in ("UAS", "UNDIRECTED", "NED")] == [0.0, 0.5, 1.0]
    assert math.isnan(bare.score("LA")) and math.isnan(bare.score("LAS"))
