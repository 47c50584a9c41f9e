"""Nothing to compare in labeled (or unlabeled) TedEval is N/A with its reason (SPEC.md §5).

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

import pytest
from nltk import Tree
from nltk.parse import DependencyGraph

from nltk_tedeval import CrossFrameworkEvaluator, TedEvalEvaluator
from nltk_tedeval.cli import main
from nltk_tedeval.protocol.sentence import SentenceResult
from nltk_tedeval.trees.mft import MultiFunctionTree
from nltk_tedeval.trees.operations import carries_function_labels

GOLD_RIGHT = "I PRP 2\nleft VBD 0\n"  # "I" under "left"
PARSE_LEFT = "I PRP 0\nleft VBD 1\n"  # "left" under "I"
REASON = "no labeled item on either side (Σι = 0): no function label to compare"


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
