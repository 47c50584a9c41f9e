"""Tree edit distance as disco-dop's ``eval --ted`` prints it ("tree-dist (Dice micro avg)").

The small examples are worked out by hand in the comments (disco-dop's ``--debug``
prints the same distances and denominators for them); the fixtures are disco-dop's own
output (tests/fixtures_disco/SOURCE.md, issue 44). Both engines, Zhang and Shasha's and
APTED's, give every distance.
"""

from __future__ import annotations

import json

import pytest

from nltk_tedeval import DiscTree, OptionError
from nltk_tedeval.cli import main
from nltk_tedeval.metrics.disco_parseval import DiscoParams, DiscoParsevalEvaluator, DiscoTree
from nltk_tedeval.metrics.tree_distance import postorder, tree_distance, zhang_shasha

from .discodop_la_ted import CASES, FIX, discodop, trees

# Two words, ROOT deleted (proper.prm). Gold (ROOT (S (NP (PRP He)) (VP (VBD left)))),
# parse (ROOT (VP (PRP He) (VBD left))). Each part of speech is one leaf with its word's
# position: PRP-0, VBD-1.
#   Nodes: gold ROOT S NP PRP-0 VP VBD-1 (6), parse ROOT VP PRP-0 VBD-1 (4); the gold's
#   root is deleted, so both roots come off the denominator: n = 6 + 4 - 2 = 8.
#   Distance: delete NP and VP (their leaves go to S), relabel S as VP: d = 3 (the gold
#   has 2 nodes more, and deleting any 2 of S, NP, VP leaves a tree that is not the
#   parse's). TED = 1 - 3/8 = 0.625.
TWO_GOLD = "(ROOT (S (NP (PRP 0=He)) (VP (VBD 1=left))))"
TWO_PARSE = "(ROOT (VP (PRP 0=He) (VBD 1=left)))"
# Five words "a b c d e", a phrase with a gap: gold VP over {a, c}, parse VP over {b, c}.
#   Ordered as disco-dop orders them (children by their first word):
#   gold  ROOT(S(VP(V-0 N-2) X-1 NP(D-3 N-4)))   parse ROOT(S(V-0 VP(X-1 N-2) NP(D-3 N-4)))
#   9 nodes each, n = 9 + 9 - 2 = 16. N-2 before X-1 in the gold, after it in the parse:
#   no mapping keeps both. Delete the gold's VP, relabel N-2 as as N-2, insert
#   the parse's VP over them: d = 3 (2 would need the two trees one relabelling or one
#   move apart, and they are not). TED = 1 - 3/16 = 0.8125.
FIVE_GOLD = "(ROOT (S (VP (V 0=a) (N 2=c)) (X 1=b) (NP (D 3=d) (N 4=e))))"
FIVE_PARSE = "(ROOT (S (V 0=a) (VP (X 1=b) (N 2=c)) (NP (D 3=d) (N 4=e))))"


def disc(*texts: str) -> list[DiscTree]:
    return [DiscTree.from_discbracket(t) for t in texts]


def view(parse: DiscTree, gold: DiscTree, params: DiscoParams | None = None):
    ev = DiscoParsevalEvaluator([], [], params, extra_measures="TED")
    return ev.sentence_view(parse, gold)


def test_two_words_by_hand():
    ev = DiscoParsevalEvaluator(disc(TWO_PARSE), disc(TWO_GOLD), extra_measures="TED")
    assert ev.score("TED").totals == {"ted_distance": 3, "ted_nodes": 8}
    assert float(ev.score("TED")) == 0.625
    v = view(disc(TWO_PARSE)[0], disc(TWO_GOLD)[0])
    assert postorder(v.gold_tree())[0] == ["PRP-0", "NP", "VBD-1", "VP", "S", "ROOT"]
    assert postorder(v.parse_tree())[0] == ["PRP-0", "VBD-1", "VP", "ROOT"]


def test_five_words_with_a_gap_by_hand():
    v = view(disc(FIVE_PARSE)[0], disc(FIVE_GOLD)[0])
    labels, leftmost = postorder(v.gold_tree())
    assert labels == ["V-0", "N-2", "VP", "X-1", "D-3", "N-4", "NP", "S", "ROOT"]
    assert leftmost == [0, 1, 0, 3, 4, 5, 4, 0, 0]
    assert tree_distance(v.gold_tree(), v.parse_tree()) == 3
    assert tree_distance(v.gold_tree(), v.parse_tree(), "apted") == 3
    ev = DiscoParsevalEvaluator(disc(FIVE_PARSE), disc(FIVE_GOLD), extra_measures="TED")
    assert ev.score("TED").totals == {"ted_distance": 3, "ted_nodes": 16}


def test_micro_is_over_summed_nodes_and_macro_over_sentences():
    # Micro (disco-dop's "Dice micro avg"): 1 - (3 + 3)/(8 + 16) = 0.75 (disco-dop: 75.00).
    # Macro: (0.625 + 0.8125) / 2 = 0.71875.
    ev = DiscoParsevalEvaluator(
        disc(TWO_PARSE, FIVE_PARSE), disc(TWO_GOLD, FIVE_GOLD), extra_measures="TED"
    )
    assert float(ev.score("TED")) == 0.75
    assert float(ev.score("TED", average="macro")) == 0.71875
    assert ev.summary_text().split("\n")[-2] == "tree-dist (Dice micro avg)  75.00"


def test_a_root_the_parameter_file_keeps_is_counted():
    # Only NP deleted: the denominator keeps both roots, 6 - 1 (NP) + 4 = 9 nodes; the
    # gold is then ROOT(S(PRP-0 VP(VBD-1))): delete VP, relabel S as VP: d = 2.
    params = DiscoParams.from_text("DELETE_LABEL NP\n")
    ev = DiscoParsevalEvaluator(disc(TWO_PARSE), disc(TWO_GOLD), params, extra_measures="TED")
    assert ev.score("TED").totals == {"ted_distance": 2, "ted_nodes": 9}


def test_zhang_shasha_on_small_forests():
    # a(b) against a: delete b. f(a b) against f(b a): two relabellings.
    assert zhang_shasha((["b", "a"], [0, 0]), (["a"], [0])) == 1
    assert zhang_shasha((["a", "b", "f"], [0, 1, 0]), (["b", "a", "f"], [0, 1, 0])) == 2
    assert zhang_shasha(([], []), (["a"], [0])) == 1
    # disco-dop's own demonstration (treedist.test): f(d(a c(b)) e) against f(c(d(a b)) e)
    # is 2, f(d(x(a) b c) z) against f(c(d(a x(b) c)) z) is 3.
    one = DiscoTree.build(["c", "d", "f"], [[-2], [-1, 0], [1, -3]], ["a", "b", "e"], 2, False)
    two = DiscoTree.build(["d", "c", "f"], [[-1, -2], [0], [1, -3]], ["a", "b", "e"], 2, False)
    assert tree_distance(one, two) == tree_distance(one, two, "apted") == 2


def test_a_deep_chain_needs_no_recursion():
    # A right-branching parse of 300 words against a flat gold: every phrase inserted.
    n = 300
    flat = DiscoTree.build(["S"], [[-1 - i for i in range(n)]], ["X"] * n, 0, False)
    kids: list[list[int]] = []
    for i in range(n - 1):  # phrase i over words n-2-i .. n-1, numbered from the bottom
        kids.append([-1 - (n - 2 - i), *([i - 1] if i else [-n])])
    chain = DiscoTree.build(["P"] * (n - 1), kids, ["X"] * n, n - 2, False)
    assert tree_distance(flat, chain) == n - 1  # S relabelled P (1), the other 298 inserted


def test_an_unknown_engine_is_refused():
    v = view(disc(TWO_PARSE)[0], disc(TWO_GOLD)[0])
    with pytest.raises(OptionError, match="engine must be one of zs, apted"):
        tree_distance(v.gold_tree(), v.parse_tree(), "rted")


@pytest.mark.parametrize("name", sorted(CASES))
def test_discodops_tree_distance_figure_for_figure(name):
    build, params = CASES[name]
    gold, parse = build()
    ev = DiscoParsevalEvaluator(parse, gold, params, extra_measures="TED")
    summary, rows = discodop(name)
    ted = [line for line in summary if line.startswith("tree-dist")]
    assert ted and [x for x in ev.summary_text().split("\n") if x.startswith("tree-dist")] == ted
    # Every sentence: disco-dop prints its distance times 100, "%6.2f".
    cols = list(ev.columns)
    got = []
    for row in ev.stats.array.tolist():
        get = dict(zip(cols, row, strict=True))
        got.append(f"{100 * get['ted_distance']:.2f}" if get["ted_nodes"] else "nan")
    assert got == [t for _, t in rows]


@pytest.mark.parametrize(
    ("gold", "parse"),
    [("random_gold.dbr", "random_parse.dbr"), ("gum_gold.dbr", "gum_parse.dbr"),
     ("gen_gold.mrg", "gen_parse.mrg")],
)  # fmt: skip
def test_apted_gives_every_distance_zhang_shasha_gives(gold, parse):
    for g, p in zip(trees(gold), trees(parse), strict=True):
        v = view(p, g)
        assert tree_distance(v.gold_tree(), v.parse_tree(), "apted") == tree_distance(
            v.gold_tree(), v.parse_tree()
        )


def test_a_sentence_without_a_word_is_na(capsys):
    params = DiscoParams.from_file(str(FIX / "custom.prm"))
    punct = trees("punct_only.dbr")
    ev = DiscoParsevalEvaluator(punct, punct, params, extra_measures="TED")
    assert ev.score("TED").reason == "no word to compare"
    assert "tree-dist (Dice micro avg)    nan" in ev.summary_text()
    # Beside He left it adds nothing. custom.prm deletes NP too: the gold is then
    # ROOT(S(PRP-0 VP(VBD-1))), 5 nodes; delete VP, relabel S as VP: 2 of 5 + 4 - 2.
    mixed = DiscoParsevalEvaluator(
        [punct[0], *disc(TWO_PARSE)], [punct[0], *disc(TWO_GOLD)], params, extra_measures="TED"
    )
    assert mixed.score("TED").totals == {"ted_distance": 2, "ted_nodes": 7}


def test_a_missing_parse_scores_zero():
    # The gold of He left has 6 nodes less its root: distance 5 of 5.
    with pytest.warns(UserWarning, match="scored with nothing right"):
        ev = DiscoParsevalEvaluator([None], disc(TWO_GOLD), missing="zero", extra_measures="TED")
        assert ev.score("TED").totals == {"ted_distance": 5, "ted_nodes": 5}


def test_the_command_line(tmp_path, capsys):
    gold, parse = tmp_path / "gold.dbr", tmp_path / "parse.dbr"
    gold.write_text(f"{TWO_GOLD}\n{FIVE_GOLD}\n", encoding="utf-8")
    parse.write_text(f"{TWO_PARSE}\n{FIVE_PARSE}\n", encoding="utf-8")
    assert main(["parseval", str(gold), str(parse), "--ted", "--macro"]) == 0
    out = capsys.readouterr().out
    assert "tree-dist (Dice micro avg)  75.00\n" in out and "TED=0.7188" in out
    assert main(["parseval", str(gold), str(parse), "--ted", "--la", "--json"]) == 0
    scores = json.loads(capsys.readouterr().out)["systems"][0]["scores"]
    assert scores["TED"]["totals"] == {"ted_distance": 6, "ted_nodes": 24}
    assert scores["TED"]["value"] == 0.75 and "LA" in scores and "TED_CUT" in scores
    assert main(["parseval", str(gold), str(parse), "--ted", "-f", "csv", "--by", "length"]) == 0
    assert "TED" in capsys.readouterr().out.splitlines()[0]
