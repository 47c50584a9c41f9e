"""Operations on multi-function trees (Tsarfaty et al. 2012, §3.2; SPEC.md §4).

A multi-function tree encodes a set of constraints: "over this span there is
a node with these functions". The operations compare and combine such
constraint sets, and are all pure functions:

- **subsumption** ``a ⊑ b``: every node of ``a`` has a node of ``b`` over the
  same span whose labels include ``a``'s; ``a`` is consistent with ``b`` and
  more general;
- **generalization** ``a ⊓ b``: the spans present in both, each with the
  intersection of its label sets; the common ground of two theories, which
  never fails;
- **unification** ``a ⊔ b``: the spans of either, each with the union of its
  label sets; fails when two spans cross;
- **TL-unification** ``a ⊔tl b``: ``a``'s structure with ``b``'s labels added
  where ``b`` has the same span (how the 2012 paper enriches PTB with SD
  functions, §4.1); never fails.

All operations are defined only for trees over the same yield.

>>> from nltk_tedeval.trees.dependency import DependencyTree, dependency_to_mft
>>> gold1 = dependency_to_mft(DependencyTree(("arrive", "on", "Sunday"), (0, 1, 2),
...                                          ("root", "prep", "pobj")))
>>> gold2 = dependency_to_mft(DependencyTree(("arrive", "on", "Sunday"), (0, 3, 1),
...                                          ("root", "case", "tmod")))
>>> print(generalize(gold1, gold2))
(0,3):{root} (0,1):{hd} (1,3):{} (1,2):{} (2,3):{}
>>> subsumes(generalize(gold1, gold2), gold1)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ..errors import OptionError, UnificationError
from .mft import MultiFunctionTree, Span, crossing_pair, format_span, span_words
from .tokens import check_yields

__all__ = [
    "carries_function_labels",
    "generalize",
    "relabel",
    "subsumes",
    "tl_unify",
    "unify",
]


def _same_yield(trees: Iterable[MultiFunctionTree]) -> list[MultiFunctionTree]:
    trees = list(trees)
    if not trees:
        raise OptionError("the operation needs at least one tree")
    first = trees[0]
    for t in trees[1:]:
        if t.words != first.words:
            # Raises unless the yields differ only by Penn Treebank escapes.
            check_yields([first.words, t.words], ["the first tree", "another tree"])
    return trees


def subsumes(a: MultiFunctionTree, b: MultiFunctionTree) -> bool:
    """``a ⊑ b``: every node of ``a`` is over a span of ``b`` with at least its labels.

    >>> a = MultiFunctionTree({(0, 2): set()}, 2)
    >>> b = MultiFunctionTree({(0, 2): {"root"}, (0, 1): {"hd"}}, 2)
    >>> subsumes(a, b), subsumes(b, a)
    (True, False)
    """
    _same_yield((a, b))
    for span, labels in a._table().items():
        other = b.get(span)
        if other is None or not labels <= other:
            return False
    return True


def generalize(*trees: MultiFunctionTree) -> MultiFunctionTree:
    """``t1 ⊓ t2 ⊓ ...``: spans present in every tree, with their common labels.

    The most specific tree that subsumes all inputs (2012, §3.2). It never
    fails; the spans of a subset of a laminar family are laminar.

    >>> a = MultiFunctionTree({(0, 3): {"root"}, (0, 2): {"x"}}, 3)
    >>> b = MultiFunctionTree({(0, 3): {"root", "S"}, (1, 3): {"y"}}, 3)
    >>> print(generalize(a, b))
    (0,3):{root}
    """
    trees_ = _same_yield(trees)
    first = trees_[0]
    if len(trees_) == 1:
        return first
    table: dict[Span, frozenset[str]] = {}
    rest = trees_[1:]
    for span, labels in first._table().items():
        for t in rest:
            other = t.get(span)
            if other is None:
                break
            labels = labels & other
        else:
            table[span] = labels
    return MultiFunctionTree._trusted(first.words, table)


def unify(*trees: MultiFunctionTree) -> MultiFunctionTree:
    """``t1 ⊔ t2 ⊔ ...``: every span of any tree, with the union of its labels.

    The most general tree that all inputs subsume. Raises
    :class:`~nltk_tedeval.errors.UnificationError` naming two crossing spans
    when the trees make incompatible claims about bracketing.

    >>> a = MultiFunctionTree({(0, 3): {"root"}}, 3)
    >>> b = MultiFunctionTree({(0, 3): {"S"}, (1, 3): {"VP"}}, 3)
    >>> print(unify(a, b))
    (0,3):{S,root} (1,3):{VP}
    """
    trees_ = _same_yield(trees)
    table: dict[Span, frozenset[str]] = {}
    for t in trees_:
        for span, labels in t._table().items():
            old = table.get(span)
            table[span] = labels if old is None else old | labels
    crossing = crossing_pair(table)
    if crossing is not None:
        a, b = crossing
        words = trees_[0].words
        raise UnificationError(
            f"cannot unify: span {format_span(a)} ({' '.join(span_words(words, a))!r}) crosses "
            f"span {format_span(b)} ({' '.join(span_words(words, b))!r})",
            token=f"{format_span(a)} x {format_span(b)}",
        )
    return MultiFunctionTree._trusted(trees_[0].words, table)


def tl_unify(a: MultiFunctionTree, b: MultiFunctionTree) -> MultiFunctionTree:
    """``a ⊔tl b``: ``a``'s spans, each with its labels plus ``b``'s labels over that span.

    The structure of ``a`` is kept whatever ``b`` claims, so this never
    fails (2012, §3.2, "Tree-Labeling-Unification").

    >>> ptb = MultiFunctionTree({(0, 3): set(), (1, 3): set()}, 3)
    >>> sd = MultiFunctionTree({(0, 3): {"root"}, (1, 2): {"hd"}}, 3)
    >>> print(tl_unify(ptb, sd))
    (0,3):{root} (1,3):{}
    """
    _same_yield((a, b))
    b_table = b._table()
    table = {span: labels | b_table.get(span, labels) for span, labels in a._table().items()}
    return MultiFunctionTree._trusted(a.words, table)


def relabel(
    tree: MultiFunctionTree, mapping: Mapping[str, str | None] | Callable[[str], str | None]
) -> MultiFunctionTree:
    """Rename labels through ``mapping``; a label mapped to ``None`` or ``""`` is dropped.

    Labels not in a mapping stay as they are. This is the 2011 paper's
    zero-cost relabelling (SUB to SBJ), applied per theory before anything
    else (SPEC.md §5, "Label maps").

    >>> t = MultiFunctionTree({(0, 2): {"SUB"}, (0, 1): {"hd"}}, 2)
    >>> print(relabel(t, {"SUB": "SBJ"}))
    (0,2):{SBJ} (0,1):{hd}
    """
    if callable(mapping):
        fn = mapping
    else:
        table_map = mapping

        def fn(label: str) -> str | None:
            return table_map.get(label, label)

    table: dict[Span, frozenset[str]] = {}
    for span, labels in tree._table().items():
        table[span] = frozenset(x for x in map(fn, labels) if x)
    return MultiFunctionTree._trusted(tree.words, table)


def carries_function_labels(tree: MultiFunctionTree, head_labels: Iterable[str] = ("hd",)) -> bool:
    """True when some node of ``tree`` has a label that is not a head label.

    The head label (``hd``, 2012 §3.1) is added by the dependency conversion
    itself, so a dependency tree without relations (nltk's three-column
    Malt-TAB files) carries only it, and a phrase-structure tree without
    function tags carries nothing. Labeled TedEval has nothing to compare
    when no tree of a comparison carries a function label (SPEC.md §5).

    >>> carries_function_labels(MultiFunctionTree({(0, 2): set(), (0, 1): {"hd"}}, 2))
    False
    >>> carries_function_labels(MultiFunctionTree({(0, 2): {"root"}, (0, 1): {"hd"}}, 2))
    True
    """
    heads = frozenset(head_labels)
    return any(not labels <= heads for labels in tree._table().values())
