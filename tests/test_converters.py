"""Converters from nltk trees to multi-function trees (SPEC.md §3)."""

from __future__ import annotations

import pytest
from nltk import Tree
from nltk.parse import DependencyGraph

from nltk_tedeval import (
    Converter,
    DependencyTree,
    EmptyTreeError,
    MultiFunctionTree,
    OptionError,
    TedEvalEvaluator,
    TreeStructureError,
    YieldMismatchError,
    check_yields,
    from_dependency_graph,
    normalize_token,
    to_mft,
)
from nltk_tedeval.trees.labelers import colon_labeler, identity_labeler, ptb_labeler, rr_labeler


def graph(rows: list[tuple], top="root") -> DependencyGraph:
    return DependencyGraph(
        "\n".join("\t".join(str(c) for c in r) for r in rows), top_relation_label=top
    )


# -- labelers --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        ("NP-SBJ-1", {"SBJ"}),
        ("PP-LOC-CLR", {"LOC", "CLR"}),
        ("NP=2", set()),
        ("NP-SBJ=2", {"SBJ"}),
        ("S", set()),
        ("-LRB-", set()),
        ("-NONE-", set()),
        ("NNP", set()),
        ("S-TPC-1", {"TPC"}),
    ],
)
def test_ptb_labeler(label, expected):
    assert ptb_labeler(label) == expected


def test_colon_labelers():
    assert colon_labeler()("NP:SB") == {"SB"}
    assert colon_labeler()("NP") == set()
    assert colon_labeler(function_first=True)("SUBJ:np") == {"SUBJ"}
    tree = Tree.fromstring("(S (NP:SB (PN Ida)) (VP:HD (V sov)))")
    assert to_mft(tree, labeler="colon") == MultiFunctionTree(
        {(0, 2): set(), (0, 1): {"SB"}, (1, 2): {"HD"}}, ("Ida", "sov")
    )


def test_identity_labeler_reads_paper_figures():
    assert identity_labeler("*") == set()
    tree = Tree.fromstring("(root (hd arrive) (prep (hd on) (pobj Sunday)))")
    assert to_mft(tree, labeler="identity") == MultiFunctionTree(
        {(0, 3): {"root"}, (0, 1): {"hd"}, (1, 3): {"prep"}, (1, 2): {"hd"}, (2, 3): {"pobj"}},
        ("arrive", "on", "Sunday"),
    )


def test_relational_realizational_keeps_only_function_nodes():
    assert rr_labeler("SBJ@S") == {"SBJ"}
    assert rr_labeler("{SBJ,PRD}@S") == set()
    tree = Tree.fromstring("(S ({SBJ,PRD}@S (SBJ@S (NP (NN John))) (PRD@S (VP (VB sleeps)))))")
    # Projection and realization nodes share spans with function nodes and
    # add no labels; the S over both words is a node without functions.
    assert to_mft(tree, labeler="rr") == MultiFunctionTree(
        {(0, 2): set(), (0, 1): {"SBJ"}, (1, 2): {"PRD"}}, ("John", "sleeps")
    )


def test_user_callable_labeler():
    tree = Tree.fromstring("(S (NP x) (VP y))")
    result = to_mft(tree, labeler=lambda label: {label.lower()})
    assert result.labels((0, 2)) == {"s"} and result.labels((0, 1)) == {"np"}


def test_unknown_labeler_is_an_option_error():
    with pytest.raises(OptionError, match="unknown labeler 'pbt'"):
        Converter(labeler="pbt")


# -- constituency ---------------------------------------------------------------------


def test_unary_chains_collapse_with_label_union():
    tree = Tree.fromstring("(S (NP-SBJ (NP-TMP (NN today))) (VP (VB rain)))")
    assert to_mft(tree).labels((0, 1)) == {"SBJ", "TMP"}
    assert len(to_mft(tree)) == 3


def test_top_wrapper_is_just_another_constituent():
    bare = to_mft(Tree.fromstring("(S (NP x) (VP y))"))
    for wrapped in ("(TOP (S (NP x) (VP y)))", "(ROOT (S (NP x) (VP y)))", "( (S (NP x) (VP y)))"):
        assert to_mft(Tree.fromstring(wrapped)) == bare


def test_constituent_with_only_empty_elements_disappears():
    tree = Tree.fromstring("(S (NP-SBJ (-NONE- *)) (VP (VB go) (NP (-NONE- *T*))))")
    assert to_mft(tree) == MultiFunctionTree({(0, 1): set()}, ("go",))


def test_tree_of_only_empty_elements_is_an_error():
    with pytest.raises(EmptyTreeError, match="no words"):
        to_mft(Tree.fromstring("(S (NP (-NONE- *)))"))


def test_constituent_without_words_is_removed():
    # SPEC.md §3.2: every constituent left without words is removed, also
    # one that never had any. S and VP then share the span of "go".
    tree = Tree("S", [Tree("NP-SBJ", []), Tree("VP", ["go"])])
    assert to_mft(tree) == MultiFunctionTree({(0, 1): set()}, ("go",))
    from nltk_tedeval import flatten_tree

    flat = flatten_tree(tree)
    assert [(n.label, n.start, n.end) for n in flat.nodes] == [
        ("S", 0, 1),
        ("NP-SBJ", 0, 0),
        ("VP", 0, 1),
    ]
    assert [n.label for n in flat.remove_empty_elements().nodes] == ["S", "VP"]


def test_deep_tree_converts_without_recursion():
    depth = 3000
    tree = Tree("X", ["w0"])
    for i in range(1, depth):
        tree = Tree("X", [f"w{i}", tree])
    result = to_mft(tree)
    assert result.n == depth and len(result) == depth


def test_escapes_undone_in_words():
    tree = Tree.fromstring("(NP (-LRB- -LRB-) (NN a-RRB-b) (-RRB- -RRB-))")
    assert to_mft(tree).words == ("(", "a)b", ")")
    assert normalize_token("-LRB-a-RRB-") == "(a)"
    assert normalize_token("-LSB--RSB--LCB--RCB-") == "[]{}"


# -- dependency -----------------------------------------------------------------------


def test_head_label_configurable_and_subtypes():
    g = graph([("she", "PRP", 2, "nsubj:pass"), ("left", "VBD", 0, "root")])
    assert to_mft(g).labels((0, 1)) == {"nsubj:pass"}
    assert to_mft(g).labels((1, 2)) == {"hd"}
    assert to_mft(g, strip_subtypes=True).labels((0, 1)) == {"nsubj"}
    assert to_mft(g, head_label="HEAD").labels((1, 2)) == {"HEAD"}


def test_missing_relation_gives_no_label_but_head_label_stays():
    g = DependencyGraph("big JJ 2\nhouse NN 0")  # Malt-TAB with three columns
    result = to_mft(g)
    assert result.labels((0, 1)) == set() and (0, 1) in result
    assert result.labels((1, 2)) == {"hd"}
    # nltk's three-column reader leaves every relation empty, the root's too.
    assert result.labels((0, 2)) == set() and (0, 2) in result


def test_several_tokens_may_attach_to_the_root():
    g = graph([("Hi", "UH", 0, "root"), ("there", "RB", 0, "root")])
    assert to_mft(g) == MultiFunctionTree({(0, 1): {"root"}, (1, 2): {"root"}}, ("Hi", "there"))


def test_transition_parser_style_graph_uses_heads_not_deps():
    # nltk's TransitionParser returns graphs whose deps still describe the
    # input; only each node's head may be trusted.
    g = graph([("a", "X", 2, "x"), ("b", "X", 0, "root")])
    g.nodes[1]["deps"]["bogus"].append(2)
    assert to_mft(g) == MultiFunctionTree(
        {(0, 2): {"root"}, (0, 1): {"x"}, (1, 2): {"hd"}}, ("a", "b")
    )


NONPROJ = [  # "A hearing is scheduled on ... today": hearing -> on crosses is -> scheduled
    ("A", "DT", 2, "det"),
    ("hearing", "NN", 3, "nsubj"),
    ("is", "VBZ", 0, "root"),
    ("scheduled", "VBN", 3, "vc"),
    ("on", "IN", 2, "prep"),
    ("today", "NN", 3, "tmod"),
]


def test_non_projective_tree_keeps_its_gaps():
    # By hand (SPEC.md §2, "Yields with gaps"): hearing dominates A and on but not
    # "is scheduled", so its projection is positions 0, 1 and 4; every other
    # projection is contiguous. Heads of projections longer than one token get hd.
    words = ("A", "hearing", "is", "scheduled", "on", "today")
    expected = MultiFunctionTree(
        {
            (0, 6): {"root"},
            (2, 3): {"hd"},
            (0, 1): {"det"},
            frozenset({0, 1, 4}): {"nsubj"},
            (1, 2): {"hd"},
            (3, 4): {"vc"},
            (4, 5): {"prep"},
            (5, 6): {"tmod"},
        },
        words,
    )
    mft = to_mft(graph(NONPROJ))
    assert mft == expected
    assert mft.labels((0, 2, 4, 5)) == {"nsubj"} and (0, 2, 4, 5) in mft.spans
    assert not mft.contiguous
    assert Converter().signature_fields()["proj"] == "native"
    assert Converter(projectivize=True).signature_fields()["proj"] == "lift"


def test_the_apted_engine_refuses_a_yield_with_gaps_naming_it():
    with pytest.raises(OptionError) as info:
        TedEvalEvaluator([graph(NONPROJ)], [graph(NONPROJ)], engine="apted").eval()
    assert info.value.token == "(0,2)+(4,5)"
    assert "'A hearing … on'" in str(info.value) and "engine='span'" in str(info.value)


def test_projectivize_lifts_the_shortest_arc_and_reports_it():
    tree = from_dependency_graph(graph(NONPROJ))
    fixed, lifted = tree.projectivize()
    # hearing -> on is lifted to hearing's head, "is"; labels unchanged.
    assert [(a.head, a.dependent) for a in lifted] == [(2, 5)]
    assert fixed.heads == (2, 3, 0, 3, 3, 3)
    assert fixed.rels == tree.rels
    conv = Converter(projectivize=True).convert(graph(NONPROJ))
    assert len(conv.lifted) == 1
    assert conv.mft.labels((4, 5)) == {"prep"}
    ev = TedEvalEvaluator([graph(NONPROJ)], [graph(NONPROJ)], projectivize=True)
    assert ev.eval()[0] == 1.0
    assert ev.projectivized["gold"] == (1, 1) and ev.projectivized["parse"] == (1, 1)


def test_projectivize_on_a_deeply_crossing_tree_terminates():
    # Every arc i -> i + 2 crosses its neighbour.
    n = 9
    heads = tuple([0] + [max(0, i - 2) if i > 2 else 1 for i in range(2, n + 1)])
    tree = DependencyTree(tuple(f"w{i}" for i in range(1, n + 1)), heads)
    fixed, _ = tree.projectivize()
    assert fixed.is_projective()


def test_cycle_is_an_error_naming_the_tokens():
    g = graph([("a", "X", 2, "x"), ("b", "X", 3, "y"), ("c", "X", 2, "z"), ("d", "X", 0, "root")])
    with pytest.raises(TreeStructureError, match=r"cycle: 2 \(b\) -> 3 \(c\) -> 2"):
        to_mft(g)


def test_self_loop_and_out_of_range_heads():
    with pytest.raises(TreeStructureError, match="its own head"):
        DependencyTree(("a", "b"), (1, 0))
    with pytest.raises(TreeStructureError, match=r"head 7, outside 0\.\.2"):
        DependencyTree(("a", "b"), (7, 0))


def test_empty_dependency_graph_is_an_error():
    with pytest.raises(EmptyTreeError):
        to_mft(DependencyGraph())


def test_address_gap_is_an_error():
    g = graph([("a", "X", 0, "root"), ("b", "X", 1, "x")])
    g.nodes[3] = dict(g.nodes[2], address=3)
    del g.nodes[2]
    with pytest.raises(TreeStructureError, match="address 2 is missing"):
        to_mft(g)


def test_unknown_object_is_refused():
    # A bracketed string is a tree (SPEC.md §13); a number is nothing the package reads.
    with pytest.raises(TreeStructureError, match="got a float"):
        to_mft(3.5)
    assert to_mft("(S (NP x))").n == 1


# -- yields -------------------------------------------------------------------------


def test_yields_equal_after_escapes():
    check_yields([("-LRB-a-RRB-", "b"), ("(a)", "b")], ["gold.ptb", "gold.conllu"])


def test_yield_mismatch_names_sentence_position_and_tokens():
    with pytest.raises(YieldMismatchError) as info:
        check_yields(
            [("John", "saw", "Mary"), ("John", "sees", "Mary")],
            ["gold", "parse"],
            sentence=7,
            sentence_id="s-7",
        )
    msg = str(info.value)
    assert "sentence 7 (id s-7)" in msg
    assert "token 2" in msg and "'saw'" in msg and "'sees'" in msg


def test_yield_length_mismatch():
    with pytest.raises(YieldMismatchError, match="gold has 2 tokens, parse has 3"):
        check_yields([("a", "b"), ("a", "b", "c")], ["gold", "parse"])


def test_evaluator_reports_yield_mismatch_with_sentence_number():
    gold = [Tree.fromstring("(S (NP a) (VP b))"), Tree.fromstring("(S (NP c) (VP d))")]
    parse = [Tree.fromstring("(S (NP a) (VP b))"), Tree.fromstring("(S (NP c) (VP e))")]
    with pytest.raises(YieldMismatchError, match=r"sentence 2: .*'d'.*'e'"):
        TedEvalEvaluator(parse, gold).eval()
