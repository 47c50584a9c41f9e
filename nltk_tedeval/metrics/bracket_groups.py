"""ParsEval broken down: by category, sentence length, bracket span; label confusions and
attachment errors (SPEC.md §12.4).

A metric hands this module each valid sentence's counted brackets, after its
own rules (EVALB's deletions and label rules, or disco-dop's), as
:class:`Bracket` objects, and gets back the groups of every key asked for:

- ``label``: a bracket's group is its match label (``""`` labels of unlabeled
  scoring form the one group ``(unlabeled)``); matched brackets count in
  their label's group, so a group's recall, precision and F1 are disco-dop's
  *Category Statistics* and CoreNLP's ``EvalbByCat``;
- ``span``: the bracket's width in words, in bins;
- ``discontinuous``: whether its words have a gap (disco-dop's trees only);
- ``confusion``: a test bracket that matches no gold one, on the span of a
  gold bracket that matches no test one: ``GOLD→PARSE``, counted as
  disco-dop's ``eval --verbose`` counts its label confusions;
- ``attachment``: a bracket right on both sides (label and span) whose parent
  differs: ``LABEL: GOLD-PARENT→PARSE-PARENT``, counted as disco-dop counts its
  attachment errors.

``length`` is the sentence's whole row in the bin of its EVALB length (the
metric adds it: it is a row, not brackets).

>>> gold = [Bracket("S", (0, 3), 3, "S", ""), Bracket("NP", (1, 3), 2, "NP", "S")]
>>> test = [Bracket("S", (0, 3), 3, "S", ""), Bracket("VP", (1, 3), 2, "VP", "S"),
...         Bracket("NP", (2, 3), 1, "NP", "VP")]
>>> g = bracket_groups(gold, test, ("label", "confusion"), {})
>>> g["label"]  # S matched; NP only in the gold; VP only in the test; NP in the test
{'S': (1, 1, 1), 'NP': (0, 1, 1), 'VP': (0, 0, 1)}
>>> g["confusion"]
{'NP→VP': (1,)}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import NamedTuple

from ..scoring.groups import Bins, GroupKey
from ..scoring.stats import Measure, f_measure, precision, recall

__all__ = [
    "BRACKET_COLUMNS",
    "BRACKET_KEYS",
    "COUNT_COLUMNS",
    "UNLABELED",
    "Bracket",
    "bracket_groups",
    "length_key",
]

BRACKET_COLUMNS: tuple[str, ...] = ("matched", "gold", "test")
"""The columns of a group of brackets: matched, gold and test brackets in it."""
COUNT_COLUMNS: tuple[str, ...] = ("count",)
"""The one column of a key of counted events (confusions, attachment errors)."""

UNLABELED = "(unlabeled)"
"""The one ``label`` group of unlabeled scoring, where every bracket's label is ``""``."""

ARROW = "→"


class Bracket(NamedTuple):
    """A counted bracket of one side, as its metric's rules leave it.

    ``label`` is the match key (``""`` when unlabeled), ``span`` what must be
    equal for two brackets to match (``(start, end)`` or a set of positions),
    ``width`` its number of words; ``named`` its label even in unlabeled
    scoring and ``parent`` the label of its parent (``""`` for the root), for
    attachment errors, which always compare labels, as disco-dop's do;
    ``gapped`` whether its words have a gap.
    """

    label: str
    span: Hashable
    width: int
    named: str
    parent: str
    gapped: bool = False


_BRACKET_MEASURES: dict[str, Measure] = {
    "R": Measure("R", BRACKET_COLUMNS, recall, "no gold bracket in the group"),
    "P": Measure("P", BRACKET_COLUMNS, precision, "no test bracket in the group"),
    "F1": Measure("F1", BRACKET_COLUMNS, f_measure, "no bracket of the group on either side"),
}
"""Recall, precision and F1 of a group's brackets, as disco-dop prints them (in that order)."""


def _bracket_key(name: str, help: str, binned: bool = False) -> GroupKey:
    return GroupKey(name, BRACKET_COLUMNS, _BRACKET_MEASURES, "gold", help, binned=binned)


def _count_key(name: str, help: str) -> GroupKey:
    # Events, not a split of the brackets: their counts do not sum to a corpus figure.
    return GroupKey(name, COUNT_COLUMNS, {}, "count", help, counts=True, partition=False)


BRACKET_KEYS: dict[str, GroupKey] = {
    "label": _bracket_key(
        "label", "the bracket's category, after the parameter file's label rules"
    ),
    "span": _bracket_key("span", "the bracket's width in words (after deletions), in bins", True),
    "confusion": _count_key(
        "confusion",
        "GOLD→PARSE: a parse bracket on the span of an unmatched gold bracket, other label",
    ),
    "attachment": _count_key(
        "attachment",
        "LABEL: GOLD→PARSE parent of a bracket right on both sides whose parent differs",
    ),
}
"""The keys of ParsEval's brackets (SPEC.md §12.4), ``length`` aside."""

DISCONTINUOUS_KEY = _bracket_key(
    "discontinuous", "whether the bracket's words have a gap (discontinuous) or not (contiguous)"
)


def length_key(columns: tuple[str, ...], measures: Mapping[str, Measure]) -> GroupKey:
    """``length``: the sentence's row in the bin of its length (the ``len <= CUTOFF`` length)."""
    shown = tuple(m for m in ("R", "P", "F1") if m in measures)
    return GroupKey(
        "length",
        columns,
        dict(measures),
        "gold",
        "the sentence's length in words (as for the len<=CUTOFF_LEN figures), in bins",
        binned=True,
        measure_names=shown,
        whole=True,
    )


def _add(by: dict[str, list[int]], group: str, column: int, value: int = 1) -> None:
    row = by.get(group)
    if row is None:
        row = by[group] = [0, 0, 0]
    row[column] += value


def _matching(
    gold: Sequence[Bracket],
    test: Sequence[Bracket],
    same_label: Callable[[str, str], bool] | None,
) -> tuple[list[bool], list[bool]]:
    """Which gold and which test brackets are matched.

    As multisets of (label, span) (EVALB with transitive label classes, and
    disco-dop): the first brackets of each (label, span) in order, as many as
    the other side has. ``same_label`` replays EVALB's greedy loop instead
    (a non-transitive ``EQ_LABEL`` set): each gold bracket takes the first
    free test bracket of its span whose label it equals.
    """
    g_ok = [False] * len(gold)
    t_ok = [False] * len(test)
    if same_label is None:
        free: dict[tuple[str, Hashable], list[int]] = {}
        for i, b in enumerate(test):
            free.setdefault((b.label, b.span), []).append(i)
        for i, b in enumerate(gold):
            cands = free.get((b.label, b.span))
            if cands:
                g_ok[i] = True
                t_ok[cands.pop(0)] = True
        return g_ok, t_ok
    by_span: dict[Hashable, list[int]] = {}
    for i, b in enumerate(test):
        by_span.setdefault(b.span, []).append(i)
    for i, b in enumerate(gold):
        for j in by_span.get(b.span, ()):
            if not t_ok[j] and same_label(b.label, test[j].label):
                t_ok[j] = g_ok[i] = True
                break
    return g_ok, t_ok


def bracket_groups(
    gold: Sequence[Bracket],
    test: Sequence[Bracket],
    keys: Sequence[str],
    bins: Mapping[str, Bins],
    same_label: Callable[[str, str], bool] | None = None,
    classes: Mapping[str, str] | None = None,
) -> dict[str, dict[str, tuple[int, ...]]]:
    """The groups of ``keys`` (of :data:`BRACKET_KEYS` and ``discontinuous``) of one
    valid sentence, from its counted brackets in pre-order (an ancestor before its
    descendants). ``bins`` holds the ``span`` bins; ``same_label`` as :func:`_matching`.

    A matched pair counts in the group of its gold bracket, which is its test
    bracket's too: under a non-transitive ``EQ_LABEL`` set (``same_label``) the
    greedy loop may pair labels of two classes, so ``classes`` names each label's
    class in the transitive closure (the ``label`` group), and no group can count
    more matched brackets than it has on either side (SPEC.md §12.4).
    """
    out: dict[str, dict[str, tuple[int, ...]]] = {}
    wanted = [k for k in keys if k in ("label", "span", "discontinuous")]
    if wanted:
        g_ok = _matching(gold, test, same_label)[0]
        for key in wanted:
            by: dict[str, list[int]] = {}
            group = _grouper(key, bins, classes)
            for b, ok in zip(gold, g_ok, strict=True):
                g = group(b)
                _add(by, g, 1)
                if ok:
                    _add(by, g, 0)
            for b in test:
                _add(by, group(b), 2)
            out[key] = {g: tuple(row) for g, row in by.items()}
    if "confusion" in keys:
        out["confusion"] = _confusions(gold, test, same_label)
    if "attachment" in keys:
        out["attachment"] = _attachments(gold, test)
    return out


def _grouper(
    key: str, bins: Mapping[str, Bins], classes: Mapping[str, str] | None = None
) -> Callable[[Bracket], str]:
    if key == "label":
        if classes:
            return lambda b: classes.get(b.label, b.label) if b.label else UNLABELED
        return lambda b: b.label if b.label else UNLABELED
    if key == "span":
        span_bins = bins["span"]
        return lambda b: span_bins.label(b.width)
    return lambda b: "discontinuous" if b.gapped else "contiguous"


def _confusions(
    gold: Sequence[Bracket],
    test: Sequence[Bracket],
    same_label: Callable[[str, str], bool] | None,
) -> dict[str, tuple[int, ...]]:
    """disco-dop's label confusions of one sentence (``catbreakdown`` in its eval.py).

    The gold brackets left unmatched name their span's gold label (the last
    in pre-order, the deepest, when several share a span, as disco-dop's
    dict of the multiset difference keeps the last); every distinct unmatched
    test (label, span) on such a span is one event.
    """
    g_ok, t_ok = _matching(gold, test, same_label)
    gold_label: dict[Hashable, str] = {}
    for b, ok in zip(gold, g_ok, strict=True):
        if not ok:
            gold_label[b.span] = b.label
    if not gold_label:
        return {}
    events: Counter[str] = Counter()
    seen: set[tuple[str, Hashable]] = set()
    for b, ok in zip(test, t_ok, strict=True):
        if ok or (b.label, b.span) in seen or b.span not in gold_label:
            continue
        seen.add((b.label, b.span))
        events[f"{gold_label[b.span]}{ARROW}{b.label}"] += 1
    return {g: (n,) for g, n in events.items()}


def _attachments(gold: Sequence[Bracket], test: Sequence[Bracket]) -> dict[str, tuple[int, ...]]:
    """disco-dop's attachment errors of one sentence (``catbreakdown`` in its eval.py).

    Each side is a *set* of (label, span, parent); a gold one the parse lacks
    names its (label, span)'s gold parent (the topmost when several do, as in
    ``(NP (NP ...))``, where disco-dop's choice follows its set's hash order), and
    every distinct parse (label, span, parent) the gold lacks, on a (label,
    span) that has such a gold parent, is one event.
    """
    g_set = {(b.named, b.span, b.parent) for b in gold}
    t_set = {(b.named, b.span, b.parent) for b in test}
    gold_parent: dict[tuple[str, Hashable], str] = {}
    for b in gold:
        if (b.named, b.span, b.parent) not in t_set:
            # The topmost of a unary chain of one label: its parent is the chain's.
            gold_parent.setdefault((b.named, b.span), b.parent)
    if not gold_parent:
        return {}
    events: Counter[str] = Counter()
    seen: set[tuple[str, Hashable, str]] = set()
    for b in test:
        item = (b.named, b.span, b.parent)
        if item in g_set or item in seen:
            continue
        seen.add(item)
        parent = gold_parent.get((b.named, b.span))
        if parent is not None:
            events[f"{b.named}: {parent}{ARROW}{b.parent}"] += 1
    return {g: (n,) for g, n in events.items()}
