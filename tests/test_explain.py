"""The explanation of one sentence's TedEval score: scripts, δ, ι and drawings.

Expected values come from SPEC.md §5 (the worked scores) or are worked out by
hand in the comments; random trees are checked against the protocol's own
statistics (``sentence_stats``) and against the APTED engine's edit script,
an independent algorithm.
"""

from __future__ import annotations

import sys
import types

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk import Tree
from nltk.parse import DependencyGraph

from nltk_tedeval import MultiFunctionTree, generalize
from nltk_tedeval.errors import OptionError, TedEvalError, YieldMismatchError
from nltk_tedeval.protocol import sentence_stats
from nltk_tedeval.protocol.drawing import node_paths
from nltk_tedeval.protocol.engine_apted import edit_script
from nltk_tedeval.protocol.explain import COLOURS, Explanation, explain
from nltk_tedeval.reading import read_text
from nltk_tedeval.trees.constituency import mft_to_tree
from nltk_tedeval.trees.convert import Converter

from .conftest import examples
from .strategies import laminar_mfts, same_yield


def graph(words, heads, rels) -> DependencyGraph:
    lines = [f"{w}\tX\t{h}\t{r}" for w, h, r in zip(words, heads, rels, strict=True)]
    return DependencyGraph("\n".join(lines), top_relation_label="root")


ARRIVE = ("arrive", "on", "Sunday")
GOLD1 = graph(ARRIVE, [0, 1, 2], ["root", "prep", "pobj"])
GOLD2 = graph(ARRIVE, [0, 3, 1], ["root", "case", "tmod"])
PARSE = graph(ARRIVE, [0, 1, 1], ["root", "prep", "pobj"])


# -- SPEC.md §5, worked scores -------------------------------------------------------

# (parse, native gold, other golds) -> labeled (δ, ι), unlabeled (δ, ι), from the table.
WORKED = [
    pytest.param(GOLD1, GOLD1, [], (0, 10), (0, 8), id="gold1 against gold1"),
    pytest.param(GOLD1, GOLD2, [], (6, 10), (0, 8), id="gold1 against gold2"),
    pytest.param(PARSE, GOLD1, [], (3, 9), (1, 7), id="p against gold1"),
    pytest.param(PARSE, GOLD1, [GOLD2], (1, 6), (1, 7), id="p MULTIPLE"),
    pytest.param(GOLD1, GOLD1, [GOLD2], (0, 7), (0, 8), id="gold1 as parse MULTIPLE"),
    pytest.param(GOLD2, GOLD2, [GOLD1], (0, 7), (0, 8), id="gold2 as parse MULTIPLE"),
]


@pytest.mark.parametrize(("parse", "gold", "others", "labeled", "unlabeled"), WORKED)
def test_spec_worked_scores(parse, gold, others, labeled, unlabeled):
    lab = explain(parse, gold, other_golds=others)
    unl = explain(parse, gold, other_golds=others, labeled=False)
    assert (lab.delta, lab.iota) == labeled
    assert (unl.delta, unl.iota) == unlabeled
    assert lab.score == pytest.approx(1 - labeled[0] / labeled[1])
    assert unl.score == pytest.approx(1 - unlabeled[0] / unlabeled[1])
    assert lab.scenario == ("multiple" if others else "single")


def test_p_against_gold1_what_must_be_lost_and_gained():
    e = explain(PARSE, GOLD1)
    # p = root(0,3) hd(0,1) prep(1,2) pobj(2,3); gold1 puts prep over "on Sunday"
    # (1,3) and hd over "on" (1,2): p loses prep(1,2), gains prep(1,3) and hd(1,2).
    assert e.deletions == {("prep", 1, 2)}
    assert e.additions == {("prep", 1, 3), ("hd", 1, 2)}
    assert e.gold_deletions == e.gold_additions == frozenset()
    assert e.uncharged == frozenset()
    assert (
        e.script
        == e.charged
        == {
            ("delete", ("prep", 1, 2)),
            ("add", ("prep", 1, 3)),
            ("add", ("hd", 1, 2)),
        }
    )
    assert e.reference == e.gold
    assert (e.delta, e.iota) == (3, 9)
    assert e.score == pytest.approx(6 / 9)


def test_multiple_uncharged_operations():
    e = explain(PARSE, GOLD1, other_golds=[GOLD2])
    assert e.reference == MultiFunctionTree(
        {(0, 3): {"root"}, (0, 1): {"hd"}, (1, 3): (), (1, 2): (), (2, 3): ()}, ARRIVE
    )
    # The reference keeps only root(0,3) and hd(0,1): the parse must lose prep(1,2)
    # and pobj(2,3), and gain nothing. gold1 must itself lose prep(1,3), hd(1,2)
    # and pobj(2,3); pobj(2,3) is in both scripts, so it is not charged.
    assert e.deletions == {("prep", 1, 2), ("pobj", 2, 3)}
    assert e.additions == frozenset()
    assert e.gold_deletions == {("prep", 1, 3), ("hd", 1, 2), ("pobj", 2, 3)}
    assert e.uncharged_deletions == {("pobj", 2, 3)}
    assert e.uncharged == {("delete", ("pobj", 2, 3))}
    assert e.charged == {("delete", ("prep", 1, 2))}
    assert (e.delta, e.iota) == (1, 6)


def test_gold_as_parse_multiple_nothing_is_charged():
    e = explain(GOLD1, GOLD1, other_golds=[GOLD2])
    # gold1's three theory-specific labels go, all of them shared with its own script.
    assert e.deletions == e.uncharged_deletions == {("prep", 1, 3), ("hd", 1, 2), ("pobj", 2, 3)}
    assert e.charged == frozenset()
    assert (e.delta, e.iota, e.score) == (0, 7, 1.0)


def test_unlabeled_mode_items_are_spans():
    e = explain(PARSE, GOLD1, other_golds=[GOLD2], labeled=False)
    # Spans without (0,3): p has (0,1) (1,2) (2,3); the reference also (1,3).
    assert e.deletions == frozenset()
    assert e.additions == e.charged_additions == {(1, 3)}
    assert e.gold_deletions == e.gold_additions == frozenset()
    assert (e.delta, e.iota) == (1, 7)
    assert e.mode == "unlabeled"


def test_given_reference_can_share_additions():
    words = ("a", "b")
    p = MultiFunctionTree({(0, 2): {"A"}}, words)
    ref = MultiFunctionTree({(0, 2): {"A"}, (0, 1): {"B"}}, words)
    e = explain(p, p, reference=ref)
    # Parse and gold both lack B(0,1): the same addition is in both scripts.
    assert e.scenario == "given"
    assert e.additions == e.uncharged_additions == {("B", 0, 1)}
    assert e.uncharged == {("add", ("B", 0, 1))}
    assert (e.delta, e.iota) == (0, 3)


def test_phrase_structure_trees_and_function_tags():
    gold = Tree.fromstring("(S (NP-SBJ (PRP I)) (VP (VBD saw) (NP-OBJ (PRP her))))")
    parse = Tree.fromstring("(S (NP-SBJ (PRP I)) (VP (VBD saw) (NP (PRP her))))")
    e = explain(parse, gold)
    # Labeled items: the parse has SBJ(0,1); the gold SBJ(0,1) and OBJ(2,3).
    assert e.additions == {("OBJ", 2, 3)} and e.deletions == frozenset()
    assert (e.delta, e.iota) == (1, 3)
    unl = explain(parse, gold, labeled=False)
    assert (unl.delta, unl.iota) == (0, 8)  # same four spans besides (0,3) on each side


def test_converter_options_reach_every_tree():
    gold = graph(ARRIVE, [0, 1, 2], ["root", "prep", "pobj"])
    e = explain(PARSE, gold, head_label="HEAD")
    assert ("HEAD", 1, 2) in e.additions
    same = explain(PARSE, gold, converter=Converter(head_label="HEAD"))
    assert same == e


def test_reader_records_are_accepted():
    [gold] = read_text("(S (NP-SBJ (PRP I)) (VP (VBD left)))\n")
    [parse] = read_text("(S (NP (PRP I)) (VP (VBD left)))\n")
    e = explain(parse, gold)
    assert e.additions == {("SBJ", 0, 1)}


def test_bad_calls():
    with pytest.raises(OptionError):
        explain(PARSE, GOLD1, GOLD1, other_golds=[GOLD2])
    with pytest.raises(OptionError):
        explain(PARSE, GOLD1, other_golds=[GOLD2], other_converters=[])
    with pytest.raises(OptionError):
        explain(PARSE, GOLD1, labler="ptb")
    with pytest.raises(OptionError):
        explain(PARSE, GOLD1, converter=Converter(), head_label="x")
    with pytest.raises(OptionError):
        explain(PARSE, GOLD1).text(drawing="svg")
    other = graph(("arrive", "on", "Monday"), [0, 1, 2], ["root", "prep", "pobj"])
    with pytest.raises(YieldMismatchError, match="Monday"):
        explain(other, GOLD1)
    with pytest.raises(TedEvalError, match=r"expected an nltk\.Tree"):
        explain("not a tree", GOLD1)


# -- consistency with the protocol, on random trees ---------------------------------


@settings(max_examples=examples(150), deadline=None)
@given(same_yield(3), st.booleans())
def test_multiple_agrees_with_sentence_stats(trees, labeled):
    parse, gold, other = trees
    e = explain(parse, gold, other_golds=[other], labeled=labeled)
    stats = sentence_stats(parse, gold, generalize(gold, other))
    assert (e.delta, e.iota) == (stats[:2] if labeled else stats[2:])
    assert len(e.charged) == e.delta
    assert e.deletions.isdisjoint(e.additions)


@settings(max_examples=examples(150), deadline=None)
@given(same_yield(3), st.booleans())
def test_any_reference_agrees_with_sentence_stats(trees, labeled):
    parse, gold, reference = trees
    e = explain(parse, gold, reference, labeled=labeled)
    stats = sentence_stats(parse, gold, reference)
    assert (e.delta, e.iota) == (stats[:2] if labeled else stats[2:])
    single = explain(parse, gold, labeled=labeled)
    assert (single.delta, single.iota) == (
        sentence_stats(parse, gold)[:2] if labeled else sentence_stats(parse, gold)[2:]
    )


@settings(max_examples=examples(40), deadline=None)
@given(same_yield(2), st.booleans())
def test_script_is_the_apted_script(trees, labeled):
    parse, reference = trees
    e = Explanation(parse, parse, reference, labeled=labeled, scenario="given")
    assert e.script == edit_script(parse, reference, labeled=labeled)
    gold_side = Explanation(reference, parse, reference, labeled=labeled, scenario="given")
    assert gold_side.gold_script == edit_script(parse, reference, labeled=labeled)


# -- drawings ----------------------------------------------------------------------------


def _panels(text: str) -> list[str]:
    """The text of each drawn tree, split at the captions."""
    blocks = text.split("\n\n")
    return [b for b in blocks if b.startswith(("parse:", "reference", "native gold:"))]


def test_text_marks_what_is_lost_and_gained():
    text = str(explain(PARSE, GOLD1))
    parse_panel, reference_panel = _panels(text)
    assert "-prep" in parse_panel and "+" not in parse_panel.split("\n", 1)[1]
    assert "+prep" in reference_panel and "+hd" in reference_panel
    assert "δ = |ES(parse, ref)| − |ES(parse, ref) ∩ ES(gold, ref)| = 3 − 0 = 3" in text
    assert "ι = |parse| + |ref| = 4 + 5 = 9" in text
    assert "1 − 3/9 = 0.6667" in text
    assert "not charged: nothing" in text


def test_brackets_drawing_exact():
    e = explain(PARSE, GOLD1)
    text = e.text(drawing="brackets")
    assert "\n(root (hd arrive) (-prep on) (pobj Sunday))\n" in text
    assert "\n(root (hd arrive) (+prep (+hd on) (pobj Sunday)))\n" in text


def test_text_multiple_shows_uncharged_operations():
    e = explain(PARSE, GOLD1, other_golds=[GOLD2])
    text = e.text(drawing="brackets")
    assert "\n(root (hd arrive) (-prep on) ([-pobj] Sunday))\n" in text
    assert "\n(root (hd arrive) (_ (_ on) (_ Sunday)))\n" in text  # nothing to gain
    assert "\n(root (hd arrive) ([-prep] ([-hd] on) ([-pobj] Sunday)))\n" in text
    assert '- pobj (2,3) "Sunday"   (not charged)' in text
    assert "not charged (1)" in text
    assert len(_panels(e.text())) == 3


def test_text_unlabeled_marks_whole_nodes():
    text = explain(PARSE, GOLD1, other_golds=[GOLD2], labeled=False).text(drawing="brackets")
    assert "\n(root (hd arrive) (+_ (_ on) (_ Sunday)))\n" in text
    assert '+ (1,3) "on Sunday"' in text


def test_marked_labels_follow_the_others():
    words = ("a", "b")
    parse = MultiFunctionTree({(0, 2): {"x"}, (0, 1): {"nsubj"}}, words)
    gold = MultiFunctionTree({(0, 2): {"x"}, (0, 1): {"nsubj", "SBJ"}}, words)
    assert "(x (nsubj,+SBJ a) b)" in explain(parse, gold).text(drawing="brackets")


def test_virtual_root_when_no_node_covers_the_sentence():
    two_roots = MultiFunctionTree({(0, 1): {"x"}, (1, 2): {"y"}}, ("a", "b"))
    e = explain(two_roots, two_roots)
    assert "(<root> (x a) (y b))" in e.text(drawing="brackets")
    assert "<root>" in e.text()


def test_long_and_deep_trees_print_as_brackets():
    n = 300
    deep = MultiFunctionTree({(i, n): {"a"} for i in range(n)}, n)
    flat = MultiFunctionTree({(i, i + 1): {"a"} for i in range(n)}, n)
    e = explain(flat, deep)
    assert (e.delta, e.iota) == (2 * (n - 1), 2 * n)  # n−1 deletions, n−1 additions
    text = e.text()  # auto: longer than MAX_DRAWN_TOKENS, so brackets
    assert "(-a w0) (-a w1)" in text
    assert "(+a w0 (+a w1 (+a w2" in text
    assert e.html().startswith("<pre>")


def test_repr_is_short():
    assert repr(explain(PARSE, GOLD1)) == (
        "<Explanation labeled single: δ=3 ι=9 score=0.6667, lose 1, gain 2, 0 not charged>"
    )


# -- the helper in constituency.py and the node positions used for colours ----------------


@settings(max_examples=examples(100), deadline=None)
@given(laminar_mfts())
def test_mft_to_tree_matches_to_bracketed(tree):
    drawn = mft_to_tree(tree, top_label="TOP")
    assert drawn.leaves() == list(tree.words)
    text = drawn.pformat(margin=10**6)
    expected = tree.to_bracketed()
    if (0, tree.n) not in tree:
        expected = "(TOP " + expected[1:]
    assert text == expected


@settings(max_examples=examples(100), deadline=None)
@given(laminar_mfts())
def test_paths_point_at_the_nodes(tree):
    drawn = mft_to_tree(tree, lambda span, labels: f"{span[0]}-{span[1]}")
    for span, path in node_paths(tree).items():
        assert drawn[path].label() == f"{span[0]}-{span[1]}"
        assert drawn[path].leaves() == list(tree.words[span[0] : span[1]])
    assert set(node_paths(tree)) == set(tree.spans)


# -- HTML for Jupyter, with and without svgling ------------------------------------------


class _FakeLayout:
    def __init__(self, tree, calls):
        self.tree = tree
        self.calls = calls

    def set_node_style(self, path, **options):
        self.calls.append((str(self.tree), path, options))
        return self

    def _repr_svg_(self):
        return f"<svg>{self.tree.label()}</svg>"


def test_html_uses_svgling_with_colours(monkeypatch):
    calls: list = []
    fake = types.ModuleType("svgling")
    fake.draw_tree = lambda tree: _FakeLayout(tree, calls)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "svgling", fake)
    e = explain(PARSE, GOLD1)
    html = e._repr_html_()
    assert html.count("<svg>root</svg>") == 2
    # Parse: root's children are (0,1) (1,2) (2,3); (1,2) "-prep" is at position (1,).
    # Reference: (1,3) at (1,) and (1,2) under it at (1, 0), both to be gained.
    parse_calls = [(p, o) for t, p, o in calls if "-prep" in t]
    reference_calls = [(p, o) for t, p, o in calls if "+prep" in t]
    assert parse_calls == [((1,), {"text_color": COLOURS["delete"]})]
    assert sorted(reference_calls) == [
        ((1,), {"text_color": COLOURS["add"]}),
        ((1, 0), {"text_color": COLOURS["add"]}),
    ]
    assert "δ = |ES(parse, ref)|" in html


def test_html_uncharged_operations_are_grey(monkeypatch):
    calls: list = []
    fake = types.ModuleType("svgling")
    fake.draw_tree = lambda tree: _FakeLayout(tree, calls)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "svgling", fake)
    explain(PARSE, GOLD1, other_golds=[GOLD2]).html()
    colours = {
        str(p): o["text_color"] for t, p, o in calls if "[-pobj] Sunday)" in t and "-prep on" in t
    }
    # Parse: -prep over (1,2) at (1,) is charged; [-pobj] over (2,3) at (2,) is not.
    assert colours == {"(1,)": COLOURS["delete"], "(2,)": COLOURS["free"]}


def test_html_without_svgling_is_the_text(monkeypatch):
    monkeypatch.setitem(sys.modules, "svgling", None)  # makes "import svgling" fail
    e = explain(PARSE, GOLD1)
    assert e.svg() is None
    html = e._repr_html_()
    assert html.startswith("<pre>") and html.endswith("</pre>")
    assert "-prep" in html and "+hd" in html


# -- explain() over two tokenizations (SPEC.md §11) -------------------------------


def test_explain_a_split_token_shows_the_items_the_gold_lacks() -> None:
    from nltk_tedeval.trees import DependencyTree as D

    # The mirror of the merged token of SPEC.md §11: the parse splits "NewYork".
    gold = D(("NewYork", "left"), (2, 0), ("nsubj", "root"))
    parse = D(("New", "York", "left"), (2, 3, 0), ("compound", "nsubj", "root"))
    e = explain(parse, gold, align=True)
    assert e.parse.words == ("New", "York", "left")
    assert sorted(e.deletions) == [("compound", 0, 1), ("hd", 1, 2)]
    assert (sorted(e.additions), e.delta, e.iota) == ([], 2, 8)
    assert "York" in e.text()


def test_explain_two_sentences_joined_takes_lists_of_sentences() -> None:
    from nltk_tedeval.trees import DependencyTree as D

    # SPEC.md §11: gold "I left you stayed" in one sentence, the parse in two.
    one = D(("I", "left", "you", "stayed"), (2, 0, 4, 2), ("nsubj", "root", "nsubj", "parataxis"))
    two = [
        D(("I", "left"), (2, 0), ("nsubj", "root")),
        D(("you", "stayed"), (2, 0), ("nsubj", "root")),
    ]
    e = explain(two, one, align=True)
    # δ = 2 + 2 (root(0,2) and root(2,4) go, root(0,4) and parataxis(2,4) come), ι = 12.
    assert (e.delta, e.iota) == (4, 12)
    assert sorted(e.additions) == [("parataxis", 2, 4), ("root", 0, 4)]
    unlabeled = explain(two, one, align=True, labeled=False)
    assert (unlabeled.delta, unlabeled.iota) == (1, 11)


def test_explain_aligned_refuses_what_it_cannot_align() -> None:
    from nltk_tedeval.errors import AlignmentError, OptionError
    from nltk_tedeval.trees import DependencyTree as D

    a = D(("I", "left"), (2, 0), ("nsubj", "root"))
    b = D(("You", "left"), (2, 0), ("nsubj", "root"))
    with pytest.raises(AlignmentError, match="the texts differ"):
        explain(b, a, align=True)
    # "You" is a changed "I": it stands over the gold's text, the atoms are the gold's.
    assert explain(b, a, align="lcs").parse.words == ("I", "left")
    with pytest.raises(OptionError, match="2 units"):
        explain([a, a], [a, a], align=True)
    with pytest.raises(OptionError, match="reference"):
        explain(a, a, a, align=True)
