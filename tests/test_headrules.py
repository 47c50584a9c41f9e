"""Head rules: Collins (1999) worked by hand, user tables, non-recursive head finding.

Every expected head below was found by reading the rule in Collins' thesis
(Appendix A) and applying it to the children by hand; the comments give the
reasoning.
"""

from __future__ import annotations

import pytest
from nltk import Tree

from nltk_tedeval.errors import InputFormatError, OptionError
from nltk_tedeval.trees.constituency import flatten_tree
from nltk_tedeval.trees.headrules import (
    COLLINS_1999,
    COLLINS_1999_TEXT,
    HeadRules,
    Instruction,
    base_category,
    find_heads,
    get_head_rules,
    head_dependencies,
)


def head(label: str, children: str) -> int:
    return COLLINS_1999.head_child(label, children.split())


# -- the NP rule ---------------------------------------------------------------


def test_np_rightmost_noun() -> None:
    # First NP step: rightmost child among NN NNP NNPS NNS NX POS JJR.
    assert head("NP", "DT JJ NN") == 2
    assert head("NP", "DT NNP NNP") == 2
    assert head("NP", "NN NNS JJ") == 1  # scanning from the right, NNS comes first


def test_np_possessive_marker_heads() -> None:
    # (NP (NNP John) (POS 's)): the last child is POS, so it heads.
    assert head("NP", "NNP POS") == 1


def test_np_leftmost_np() -> None:
    # (NP (NP the man) (PP in the hat)): no noun tag among the children, so
    # the second step takes the leftmost NP.
    assert head("NP", "NP PP") == 0
    assert head("NP", "NP , NP ,") == 0


def test_np_dollar_cd_adjective_and_last_child() -> None:
    assert head("NP", "$ CD") == 0  # third step: $ before the CD step
    assert head("NP", "DT CD") == 1  # fourth step: CD
    assert head("NP", "DT JJ") == 1  # fifth step: JJ
    assert head("NP", "PDT DT") == 1  # nothing matches: the last child


def test_np_rule_category_strips_function_tags() -> None:
    assert head("NP-SBJ-1", "DT NN") == 1
    assert head("NP-TMP", "NP-SBJ PP-LOC") == 0


# -- the table -------------------------------------------------------------------


def test_vp_left_category_first() -> None:
    assert head("VP", "VBD NP") == 0
    assert head("VP", "MD VP") == 0
    assert head("VP", "TO VP") == 0
    # Category first: VBD comes before VB in the priority list, so it wins
    # although VB is further left.
    assert head("VP", "VB VBD") == 1
    assert head("VP", "ADVP NP") == 1  # no verb: NP is the last category
    assert head("VP", "ADVP PP") == 0  # nothing in the list: leftmost child


def test_pp_searches_from_the_right() -> None:
    assert head("PP", "IN NP") == 0
    # "right" means the scan starts at the right end: (PP because of NP)
    # is headed by "of".
    assert head("PP", "IN IN NP") == 1
    assert head("PP", "ADVP IN NP") == 1
    # Nothing in the list: the rightmost child, (PP (NP two years) (ADVP ago)).
    assert head("PP", "NP ADVP") == 1


def test_s_and_sbar() -> None:
    assert head("S", "NP-SBJ VP .") == 1
    assert head("S-TPC-1", "NP-SBJ VP") == 1
    assert head("S", "S CC S") == 0  # TO IN VP absent, S leftmost
    assert head("S", "NP ADJP-PRD") == 1  # small clause: ADJP before NP
    assert head("SBAR", "IN S") == 0
    assert head("SBAR", "WHNP S") == 0
    assert head("SBAR", "S") == 0


def test_empty_priority_lists_and_unlisted_labels() -> None:
    assert head("FRAG", "NP PP") == 1  # FRAG right, no list: rightmost
    assert head("PRN", "-LRB- NP -RRB-") == 0  # PRN left: leftmost
    assert head("NX", "JJ NN") == 0  # unlisted: leftmost (Bikel 2004)
    assert head("TOP", "S") == 0
    assert head("", "NP VP") == 0


def test_coordination_moves_head_left_of_cc() -> None:
    # NP rule picks "pepper" (rightmost NN); it follows a CC that is not the
    # first child, so the head moves to "salt".
    assert head("NP", "NN CC NN") == 0
    # UCP right with no list picks the last child, then coordination.
    assert head("UCP", "ADJP CC NP") == 0
    # ADVP right picks the rightmost RB ("quietly"), then coordination.
    assert head("ADVP", "RB CC RB") == 0
    # A CC in first position does not move the head (h - 2 < 0).
    assert head("NP", "CC NN") == 1
    # The left NP step already picks the first conjunct.
    assert head("NP", "NP CC NP") == 0


def test_base_category() -> None:
    assert base_category("NP-SBJ-1") == "NP"
    assert base_category("PP-LOC-CLR") == "PP"
    assert base_category("NP=2") == "NP"
    assert base_category("-NONE-") == "-NONE-"
    assert base_category("-LRB-") == "-LRB-"
    assert base_category("PRP$") == "PRP$"
    assert base_category(None) == ""


# -- trees -----------------------------------------------------------------------


def test_find_heads_on_a_tree() -> None:
    t = Tree.fromstring(
        "(S (NP-SBJ (DT The) (NN dog)) (VP (VBD saw) (NP (NP (NNP John) (POS 's)) (NN cat))))"
    )
    ps = flatten_tree(t)
    by_span = {(n.label, n.start, n.end): h for n, h in zip(ps.nodes, find_heads(ps), strict=True)}
    assert by_span[("S", 0, 6)] == 2  # S -> VP -> VBD saw
    assert by_span[("VP", 2, 6)] == 2
    assert by_span[("NP-SBJ", 0, 2)] == 1  # dog
    assert by_span[("NP", 3, 6)] == 5  # (NP (NP John 's) (NN cat)): NN cat
    assert by_span[("NP", 3, 5)] == 4  # 's
    assert by_span[("NNP", 3, 4)] == 3  # a preterminal heads itself


def test_head_dependencies_by_hand() -> None:
    # The dog saw John 's cat: dog<-saw, The<-dog, cat<-saw, 's<-cat, John<-'s.
    t = Tree.fromstring(
        "(S (NP-SBJ (DT The) (NN dog)) (VP (VBD saw) (NP (NP (NNP John) (POS 's)) (NN cat))))"
    )
    assert head_dependencies(t) == (2, 3, 0, 5, 6, 3)


def test_words_without_tags_are_children_too() -> None:
    # (NP the dog) with bare words: no tags, nothing matches, last child.
    ps = flatten_tree(Tree.fromstring("(S (NP the dog) (VP barked))"))
    assert head_dependencies(ps) == (2, 3, 0)


def test_deep_tree_is_not_recursive() -> None:
    # nltk's fromstring refuses depth > 500, so build the tree bottom up.
    depth = 5000
    tree = Tree("VP", [Tree("VB", [f"w{depth - 1}"])])
    for i in range(depth - 2, -1, -1):
        tree = Tree("VP", [Tree("VB", [f"w{i}"]), tree])
    ps = flatten_tree(tree)
    heads = head_dependencies(ps)
    # Every verb heads its own VP, whose parent is headed by the previous verb.
    assert heads == tuple(range(depth))


# -- user tables -----------------------------------------------------------------

USER_TEXT = """\
# determiners head noun phrases, prepositions do not head PPs
NP  left      DT
NP  right-any NN NNS
PP  right     NP
*   right
"""


def test_user_table_replaces_collins() -> None:
    rules = HeadRules.from_text(USER_TEXT)
    assert rules.head_child("NP", ["DT", "NN"]) == 0  # Collins: 1
    assert rules.head_child("NP", ["JJ", "NN"]) == 1
    assert rules.head_child("PP-LOC", ["IN", "NP"]) == 1  # Collins: 0
    # S is not listed: the * line takes the rightmost child (Collins: VP, 1).
    assert rules.head_child("S", ["NP", "VP", "ADVP"]) == 2
    # No !coordination line: no coordination adjustment.
    assert rules.head_child("NP", ["NN", "CC", "NN"]) == 2
    # Fallback when nothing matches: the side of the label's last line.
    assert rules.head_child("NP", ["JJ", "RB"]) == 1
    assert rules.head_child("PP", ["IN", "ADVP"]) == 1


def test_user_table_as_mapping_equals_text() -> None:
    mapping = {
        "NP": [("left", ["DT"]), ("right-any", "NN NNS")],
        "PP": ("right", ("NP",)),
        "*": ("right", ()),
    }
    assert HeadRules(mapping) == HeadRules.from_text(USER_TEXT)
    assert get_head_rules(mapping) == HeadRules.from_text(USER_TEXT)
    assert get_head_rules(USER_TEXT) == HeadRules.from_text(USER_TEXT)


def test_user_table_changes_head_dependencies() -> None:
    t = Tree.fromstring("(VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat))))")
    # Collins: on<-sat, the<-mat, mat<-on.
    assert head_dependencies(t) == (0, 1, 4, 2)
    # User: the PP is headed by its NP, the NP by "the"; VP (unlisted,
    # * right) by the PP, so "the" is the root.
    assert head_dependencies(t, USER_TEXT) == (3, 3, 0, 3)


def test_collins_text_round_trip_and_names() -> None:
    assert HeadRules.from_text(COLLINS_1999.to_text()) == COLLINS_1999
    assert HeadRules.from_text(COLLINS_1999_TEXT) == COLLINS_1999
    assert COLLINS_1999.name == "collins1999"
    assert get_head_rules(None) is COLLINS_1999
    assert get_head_rules("collins") is COLLINS_1999
    assert COLLINS_1999.coordination == frozenset({"CC"})
    a, b = HeadRules.from_text(USER_TEXT), HeadRules.from_text("# same\n" + USER_TEXT)
    assert a.name == b.name and a.name.startswith("user-")
    assert HeadRules.from_text(USER_TEXT, name="dp").name == "dp"


def test_instruction_directions() -> None:
    cats = ["NN", "DT", "NN", "JJ"]
    assert Instruction("left", ("JJ", "NN")).find(cats) == 3
    assert Instruction("right", ("DT", "NN")).find(cats) == 1
    assert Instruction("left-any", ("JJ", "NN")).find(cats) == 0
    assert Instruction("right-any", ("DT", "NN")).find(cats) == 2
    assert Instruction("left", ("VB",)).find(cats) is None
    assert Instruction("right").find(cats) == 3


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("NP left NN\nVP\n", 2),
        ("# c\nNP sideways NN\n", 2),
        ("!nonsense CC\n", 1),
    ],
)
def test_bad_table_text_names_the_line(text: str, line: int) -> None:
    with pytest.raises(InputFormatError) as info:
        HeadRules.from_text(text)
    assert info.value.line == line
    assert f"line {line}" in str(info.value)


def test_bad_specs() -> None:
    with pytest.raises(OptionError):
        get_head_rules("magerman")
    with pytest.raises(OptionError):
        get_head_rules(42)  # type: ignore[arg-type]
    with pytest.raises(OptionError):
        HeadRules({"NP": ("up", "NN")})
    with pytest.raises(OptionError):
        HeadRules({"NP": ["left"]})
    with pytest.raises(OptionError):
        HeadRules({"NP": []})
