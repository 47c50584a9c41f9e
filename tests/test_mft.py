"""The multi-function tree value type (SPEC.md §2)."""

from __future__ import annotations

import pickle

import pytest

from nltk_tedeval import MultiFunctionTree, TreeStructureError, UnificationError


def arrive() -> MultiFunctionTree:
    return MultiFunctionTree(
        {(0, 3): {"root"}, (0, 1): {"hd"}, (1, 3): {"prep"}, (1, 2): {"hd"}, (2, 3): {"pobj"}},
        ("arrive", "on", "Sunday"),
    )


def test_value_semantics():
    a, b = arrive(), arrive()
    assert a == b and hash(a) == hash(b)
    assert len({a, b}) == 1
    assert a.n == 3 and len(a) == 5
    assert a.labels((1, 3)) == frozenset({"prep"})
    assert a.labels((0, 2)) == frozenset()  # no node there
    assert a.get((0, 2)) is None and (0, 2) not in a and (1, 3) in a


def test_spans_in_pre_order():
    assert arrive().spans == ((0, 3), (0, 1), (1, 3), (1, 2), (2, 3))


def test_order_of_construction_does_not_matter():
    nodes = [((2, 3), ["pobj"]), ((0, 3), ["root"]), ((1, 3), ["prep"]), ((0, 1), ["hd"])]
    assert MultiFunctionTree(nodes, 3) == MultiFunctionTree(dict(reversed(nodes)), 3)


def test_repeated_span_merges_by_union():
    t = MultiFunctionTree([((0, 1), ["a"]), ((0, 1), ["b"])], 1)
    assert t.labels((0, 1)) == frozenset({"a", "b"})


def test_immutable():
    t = arrive()
    with pytest.raises(AttributeError):
        t._nodes = {}  # type: ignore[misc]
    with pytest.raises(AttributeError):
        t.anything = 1  # type: ignore[attr-defined]
    d = t.as_dict()
    d[(0, 1)] = frozenset({"changed"})
    assert t.labels((0, 1)) == frozenset({"hd"})


def test_words_matter_for_equality():
    a = MultiFunctionTree({(0, 1): {"x"}}, ("a",))
    b = MultiFunctionTree({(0, 1): {"x"}}, ("b",))
    assert a != b


def test_readable_str_repr_and_brackets():
    t = arrive()
    assert str(t) == "(0,3):{root} (0,1):{hd} (1,3):{prep} (1,2):{hd} (2,3):{pobj}"
    assert repr(t).startswith("MultiFunctionTree({(0, 3): ['root'], (0, 1): ['hd']")
    assert t.to_bracketed() == "(root (hd arrive) (prep (hd on) (pobj Sunday)))"


def test_brackets_with_label_sets_empty_nodes_and_escapes():
    t = MultiFunctionTree({(0, 3): set(), (0, 1): {"b", "a"}, (1, 3): set()}, ["x", "(y", ")"])
    assert t.to_bracketed() == "(_ (a+b x) (_ -LRB-y -RRB-))"


def test_brackets_wrap_when_no_node_covers_the_yield():
    t = MultiFunctionTree({(0, 1): {"a"}, (1, 2): {"b"}}, ["x", "y", "z"])
    assert t.to_bracketed() == "((a x) (b y) z)"


def test_crossing_spans_are_refused_with_both_spans_named():
    with pytest.raises(UnificationError, match=r"\(0,2\) and \(1,3\)"):
        MultiFunctionTree({(0, 2): {"a"}, (1, 3): {"b"}}, 3)


@pytest.mark.parametrize("span", [(0, 0), (2, 1), (-1, 1), (0, 4)])
def test_spans_outside_the_yield_are_refused(span):
    with pytest.raises(TreeStructureError, match="outside a yield of 3"):
        MultiFunctionTree({span: {"a"}}, 3)


def test_items_labeled_and_unlabeled():
    t = arrive()
    assert t.labeled_items() == {
        ("root", 0, 3),
        ("hd", 0, 1),
        ("prep", 1, 3),
        ("hd", 1, 2),
        ("pobj", 2, 3),
    }
    # The full-span node is the virtual root in unlabeled mode.
    assert t.unlabeled_items() == {(0, 1), (1, 3), (1, 2), (2, 3)}
    empty_labels = MultiFunctionTree({(0, 2): set(), (0, 1): set()}, 2)
    assert empty_labels.labeled_items() == frozenset()
    assert empty_labels.unlabeled_items() == {(0, 1)}


def test_pickle_round_trip():
    t = arrive()
    assert pickle.loads(pickle.dumps(t)) == t
