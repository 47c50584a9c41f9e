"""The exact span-set engine: TedEval's δ and ι from item sets, in linear time.

With add and delete as the only operations, both anchored in spans and
never touching terminals, the optimal edit script from ``x`` to ``y`` is
unique (2012 paper, §3.3): delete every item of ``x`` missing from ``y``,
add every item of ``y`` missing from ``x``. So

    |ES(p, e)|            = |p − e| + |e − p|
    |ES(p, e) ∩ ES(g, e)| = |(p − e) ∩ g| + |(e − p) − g|

(a deletion is shared when the native gold also has the item; an addition
when the native gold lacks it too) and δ is their difference. Items come from
:meth:`~nltk_tedeval.trees.mft.MultiFunctionTree.labeled_items` or
:meth:`~nltk_tedeval.trees.mft.MultiFunctionTree.unlabeled_items` and are cached on
the trees, so each sentence costs a handful of set operations.

When the reference is subsumed by the native gold (always true in the
protocol, where it is a generalization that includes that gold), the second
term is 0 and δ = |p − e| + |e − p| − |(p ∩ g) − e|, as SPEC.md §5 writes it.

>>> from nltk_tedeval.trees.mft import MultiFunctionTree
>>> g = MultiFunctionTree({(0, 2): {"A"}, (0, 1): {"B"}}, 2)
>>> span_counts(g, g, g, labeled=True)
(0, 4)
"""

from __future__ import annotations

from ..trees.mft import MultiFunctionTree

__all__ = ["span_counts"]


def span_counts(
    parse: MultiFunctionTree,
    gold: MultiFunctionTree,
    reference: MultiFunctionTree,
    *,
    labeled: bool,
) -> tuple[int, int]:
    """``(δ(parse, gold, reference), ι(parse, reference))`` in one mode."""
    if labeled:
        p, g, e = parse.labeled_items(), gold.labeled_items(), reference.labeled_items()
    else:
        p, g, e = parse.unlabeled_items(), gold.unlabeled_items(), reference.unlabeled_items()
    if p is e:
        return 0, 2 * len(p)
    deletions = p - e
    additions = e - p
    shared = len(deletions & g) + len(additions - g)
    return len(deletions) + len(additions) - shared, len(p) + len(e)
