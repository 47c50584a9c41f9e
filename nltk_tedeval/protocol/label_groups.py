"""TedEval broken down: δ and ι by function label, and by sentence length (SPEC.md §12.5).

TedEval's edit operations are *add* and *delete*, each of one item, a
function label over a span, at unit cost (2012 paper, §3.3; a relabeling is
no operation of its own: the script deletes the old label and adds the new
one, and APTED's rename costs 2 for the same reason). So every operation of
the edit script ES(parse, reference) has exactly one label, and δ and ι
split over labels in integers:

- a *deletion* of ``(l, span)`` is charged to ``l``, the label the parse
  must lose; an *addition* of ``(l, span)`` to ``l``, the label it must gain;
  a relabeling ``A → B`` over one span is the deletion of ``A`` (charged to
  ``A``) and the addition of ``B`` (charged to ``B``): one unit each, half
  of its cost of 2 to either label;
- an operation of ES(parse, ref) ∩ ES(gold, ref) (it undoes a convention of
  the gold's theory, 2011 §3 "Step 3") is not charged, as δ does not count
  it; it is counted in ``uncharged`` of its label;
- ι = |parse| + |reference|: every item of either tree belongs to its label.

Hence, summed over the labels of a sentence, ``delta`` is the sentence's
labeled δ and ``iota`` its labeled ι (the tests prove it over generated
trees, for both engines and both references). A label's score is TedEval's
``1 − δ/ι`` over its own items and operations; it lies in [0, 1], since each
charged deletion removes one of the label's parse items and each charged
addition adds one of its reference items.

>>> from nltk_tedeval.trees.mft import MultiFunctionTree
>>> gold = MultiFunctionTree({(0, 2): {"root"}, (0, 1): {"nsubj"}, (1, 2): {"hd"}}, 2)
>>> parse = MultiFunctionTree({(0, 2): {"root"}, (0, 1): {"obj"}, (1, 2): {"hd"}}, 2)
>>> parts = label_parts(parse, gold, gold)
>>> parts["obj"], parts["nsubj"], parts["root"]
((1, 1, 1, 0, 0, 1, 0), (1, 1, 0, 1, 0, 0, 1), (0, 2, 0, 0, 0, 1, 1))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..scoring.groups import Bins, GroupKey
from ..scoring.stats import Measure, edit_score
from ..trees.mft import MultiFunctionTree
from .engine_apted import FunctionNode, edit_script, sorted_function_tree

__all__ = [
    "LABEL_COLUMNS",
    "LABEL_MEASURES",
    "LENGTH_COLUMNS",
    "LENGTH_MEASURES",
    "TEDEVAL_KEYS",
    "label_parts",
    "length_part",
    "sentence_groups",
]

LABEL_COLUMNS: tuple[str, ...] = (
    "delta",  # charged operations on the label: deleted + added
    "iota",  # items with the label: parse_items + reference_items
    "deleted",  # charged deletions of the label (the parse must lose it)
    "added",  # charged additions of the label (the parse must gain it)
    "uncharged",  # operations on the label that the gold's own script does too
    "parse_items",  # the parse's items with the label
    "reference_items",  # the reference's items with the label
)
"""The row of one label in one sentence (labeled mode)."""

LENGTH_COLUMNS: tuple[str, ...] = (
    "sentences",
    "delta_labeled",
    "iota_labeled",
    "delta_unlabeled",
    "iota_unlabeled",
)
"""The row of one sentence in its length bin: 1 and the sentence's own row (δ, ι in both modes)."""

_SHOWN_LABEL = ("TEDEVAL",)

LABEL_MEASURES: dict[str, Measure] = {
    "TEDEVAL": Measure(
        "TEDEVAL",
        ("delta", "iota"),
        edit_score,
        "no item with the label on either side (ι = 0)",
    ),
}
LENGTH_MEASURES: dict[str, Measure] = {
    "labeled": Measure(
        "TEDEVAL labeled",
        ("delta_labeled", "iota_labeled"),
        edit_score,
        "no labeled item on either side (Σι = 0): no function label to compare",
    ),
    "unlabeled": Measure(
        "TEDEVAL unlabeled",
        ("delta_unlabeled", "iota_unlabeled"),
        edit_score,
        "no span below the sentence on either side (Σι = 0)",
    ),
}

TEDEVAL_KEYS: dict[str, GroupKey] = {
    "label": GroupKey(
        "label",
        LABEL_COLUMNS,
        LABEL_MEASURES,
        # δ's share: the groups are listed by the cost they carry, the share of a
        # label is its part of Σδ (SPEC.md §12.5).
        frequency="delta",
        help="the function label of an edit operation or item (labeled δ and ι, split)",
        measure_names=_SHOWN_LABEL,
    ),
    "length": GroupKey(
        "length",
        LENGTH_COLUMNS,
        LENGTH_MEASURES,
        frequency="sentences",
        help="the sentence's length in words, in bins",
        binned=True,
        whole=True,
    ),
}
"""The breakdown keys of TedEval (SPEC.md §12.5)."""


def _tally(out: dict[str, list[int]], items: Iterable[tuple[Any, ...]], column: int) -> None:
    for item in items:
        row = out.get(item[0])
        if row is None:
            row = out[item[0]] = [0] * len(LABEL_COLUMNS)
        row[column] += 1


def _labels_of(node: FunctionNode) -> list[str]:
    """The labels of the function nodes of a sorted function tree (one per item)."""
    out, stack = [], [node]
    while stack:
        n = stack.pop()
        if n.kind == 1:  # a function node (the tree's root and terminals carry no label)
            out.append(n.label)
        stack.extend(n.children)
    return out


def label_parts(
    parse: MultiFunctionTree,
    gold: MultiFunctionTree,
    reference: MultiFunctionTree,
    *,
    engine: str = "span",
) -> dict[str, tuple[int, ...]]:
    """Each label's row of :data:`LABEL_COLUMNS` for ``parse`` with native ``gold``
    against ``reference``, in labeled mode.

    ``engine="span"`` takes the scripts from the item sets, ``"apted"`` from
    APTED's optimal mappings (:func:`~nltk_tedeval.protocol.engine_apted.edit_script`)
    and ι from the function nodes of the sorted function trees, as each engine
    computes δ and ι.
    """
    out: dict[str, list[int]] = {}
    if engine == "apted":
        to_ref = edit_script(parse, reference, labeled=True)
        shared = frozenset() if gold == reference else edit_script(gold, reference, labeled=True)
        dels = [item for op, item in to_ref if op == "delete"]
        adds = [item for op, item in to_ref if op == "add"]
        uncharged = [item for _, item in to_ref & shared]
        deleted = [item for item in dels if ("delete", item) not in shared]
        added = [item for item in adds if ("add", item) not in shared]
        p_labels = _labels_of(sorted_function_tree(parse, labeled=True))
        e_labels = _labels_of(sorted_function_tree(reference, labeled=True))
    else:
        p, g, e = parse.labeled_items(), gold.labeled_items(), reference.labeled_items()
        deletions, additions = p - e, e - p
        shared_dels, shared_adds = deletions & g, additions - g
        uncharged = [*shared_dels, *shared_adds]
        deleted = list(deletions - shared_dels)
        added = list(additions - shared_adds)
        p_labels = [item[0] for item in p]
        e_labels = [item[0] for item in e]
    _tally(out, deleted, 2)
    _tally(out, added, 3)
    _tally(out, uncharged, 4)
    _tally(out, ((label,) for label in p_labels), 5)
    _tally(out, ((label,) for label in e_labels), 6)
    return {label: (row[2] + row[3], row[5] + row[6], *row[2:]) for label, row in out.items()}


def length_part(
    n_words: int, row: tuple[int, int, int, int], bins: Bins
) -> dict[str, tuple[int, ...]]:
    """The sentence's one group of the ``length`` key: its bin, with 1 and its row."""
    return {bins.label(n_words): (1, *row)}


def sentence_groups(
    keys: Iterable[str],
    parse: MultiFunctionTree,
    gold: MultiFunctionTree,
    reference: MultiFunctionTree,
    row: tuple[int, int, int, int],
    *,
    engine: str,
    length_bins: Bins,
) -> Mapping[str, Mapping[str, tuple[int, ...]]]:
    """Every asked key's groups of one comparison whose statistics are ``row``.

    A comparison without a function label on any tree has no labeled row
    (δ_L = ι_L = 0, SPEC.md §5), so it has no label group either.
    """
    out: dict[str, Mapping[str, tuple[int, ...]]] = {}
    for key in keys:
        if key == "label":
            out[key] = label_parts(parse, gold, reference, engine=engine) if row[1] else {}
        elif key == "length":
            out[key] = length_part(reference.n, row, length_bins)
    return out
