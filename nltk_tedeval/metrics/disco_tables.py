"""disco-dop's POS Statistics and its three rewrite-rule error tables, as breakdown keys.

``eval --verbose`` ends with tables of what went wrong. Four of them are keys of
:class:`~nltk_tedeval.metrics.disco_parseval.DiscoParsevalEvaluator` here, counted
from both trees after disco-dop's transform:

- ``tag``: each part of speech of the words compared (their tags as read, before
  ``EQ_LABEL``, as POS accuracy compares them): the words the gold gives it, those
  the parse gives it, those both do; so its share of the gold words, recall,
  precision and F1 (*POS Statistics*);
- ``tag_confusion``: ``GOLD→PARSE``, a word the two tag differently (its right
  column);
- ``rule_confusion``: ``GOLD→PARSE``, two rewrite rules on the same words, the
  parse's not the gold's (*Rewrite rule mismatches (for given span)*);
- ``rule_extra``: a parse rule on words no gold phrase covers (*span not in gold
  trees*);
- ``rule_missing``: a gold rule on words no parse phrase covers (*span missing
  from candidate parses*).

A rule is a phrase (the root too) with its children, written as disco-dop prints
it, a space for its tab: the *yield function* first, then the labels, parent
first. The yield function says which child each run of words comes from, one
digit (the child's number) a run, a comma at every gap: ``010 S VP NP`` is an
``S`` whose words are ``VP``'s, then ``NP``'s, then ``VP``'s again, without gap.
Rules on one word only are left out, as there. Of the rules, only those of one
side are counted (a rule both trees have on the same words is right); each
distinct one once a sentence, as disco-dop's multiset differences give them; a
gold rule on the words names, where several do (a unary chain), the last in
pre-order, the lowest.

A missing parse (``missing="zero"``) gives its gold's tags with none right and
every gold rule missing.

>>> from nltk import Tree
>>> from nltk_tedeval.metrics.disco_parseval import DiscoParsevalEvaluator
>>> gold = Tree.fromstring("(ROOT (S (NP (DT the) (NN dog)) (VP (VBD barked))))")
>>> parse = Tree.fromstring("(ROOT (S (DT the) (VP (NN dog) (VBD barked))))")
>>> ev = DiscoParsevalEvaluator([parse], [gold], by="rule_missing,rule_extra,rule_confusion")
>>> [(g, s.frequency) for g, s in ev.breakdown("rule_confusion").items()]
[('01 S NP VP→01 S DT VP', 1)]
>>> list(ev.breakdown("rule_missing")), list(ev.breakdown("rule_extra"))
(['01 NP DT NN'], ['01 VP NN VBD'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import pairwise
from typing import Any

from ..scoring.groups import GroupKey
from ..scoring.stats import Measure, f_measure, precision, recall
from .bracket_groups import ARROW, BRACKET_COLUMNS

# disco_parseval imports this module for its keys: its DiscoTree and DiscoView are
# named here by the annotations alone, without an import (no cycle).
DiscoTree = DiscoView = Any

__all__ = ["TABLE_KEYS", "rules", "table_groups", "yield_function"]

RULE_KEYS = ("rule_confusion", "rule_extra", "rule_missing")
TAG_KEYS = ("tag", "tag_confusion")


def _count_key(name: str, help: str) -> GroupKey:
    return GroupKey(name, ("count",), {}, "count", help, counts=True, partition=False)


_TAG_MEASURES = {
    "R": Measure("R", BRACKET_COLUMNS, recall, "no gold word of the tag"),
    "P": Measure("P", BRACKET_COLUMNS, precision, "no parse word of the tag"),
    "F1": Measure("F1", BRACKET_COLUMNS, f_measure, "no word of the tag on either side"),
}

TABLE_KEYS: dict[str, GroupKey] = {
    "tag": GroupKey(
        "tag",
        BRACKET_COLUMNS,
        _TAG_MEASURES,
        "gold",
        "the word's part of speech (disco-dop's POS Statistics): gold, parse and both",
    ),
    "tag_confusion": _count_key(
        "tag_confusion", "GOLD→PARSE: a word whose parse tag is not its gold tag"
    ),
    "rule_confusion": _count_key(
        "rule_confusion",
        "GOLD→PARSE: a parse rewrite rule on the words of an unmatched gold rule (yield "
        "function, labels)",
    ),
    "rule_extra": _count_key(
        "rule_extra", "a parse rewrite rule on words that no gold phrase covers"
    ),
    "rule_missing": _count_key(
        "rule_missing", "a gold rewrite rule on words that no parse phrase covers"
    ),
}
"""The keys of disco-dop's POS Statistics and rewrite-rule tables (SPEC.md §12.4)."""


def yield_function(children: list[list[int]]) -> str:
    """The yield function of a phrase whose children cover ``children`` (each its words,
    in order), as disco-dop prints it: a child's number for each run of its words, a
    comma where the words have a gap.

    >>> yield_function([[0, 2], [1]]), yield_function([[0], [3]]), yield_function([[1, 2], [0]])
    ('010', '0,1', '10')
    """
    owner = sorted((w, i) for i, words in enumerate(children) for w in words)
    out = [str(owner[0][1])]
    for (prev, prev_child), (w, child) in pairwise(owner):
        if w != prev + 1:
            out.append("," + str(child))
        elif child != prev_child:
            out.append(str(child))
    return "".join(out)


def rules(tree: DiscoTree) -> list[tuple[frozenset[int], str]]:
    """Every phrase of ``tree`` on more than one word with its rule, in pre-order (the
    root first; disco-dop's ``subtrees()``)."""
    if not tree.phrasal_root or not tree.tags:
        return []
    spans = tree.spans()
    out = []
    stack = [tree.root]
    while stack:
        node = stack.pop()
        kids = tree.kids[node]
        stack.extend(k for k in reversed(kids) if k >= 0)
        if len(spans[node]) < 2:
            continue
        labels = [tree.labels[k] if k >= 0 else tree.tags[-1 - k] for k in kids]
        covered = [spans[k] if k >= 0 else [-1 - k] for k in kids]
        rule = f"{yield_function(covered)} {tree.labels[node]} {' '.join(labels)}"
        out.append((frozenset(spans[node]), rule))
    return out


def _rule_groups(view: DiscoView, by: Any) -> dict[str, dict[str, tuple[int, ...]]]:
    gold = Counter(rules(view.gold_tree()))
    parse = Counter(rules(view.parse_tree())) if view.has_parse else Counter()
    missing, extra = gold - parse, parse - gold  # in pre-order, each distinct once
    out: dict[str, dict[str, tuple[int, ...]]] = {}
    if "rule_confusion" in by:
        gold_rule = {span: rule for span, rule in missing}  # the last on the words
        events: Counter[str] = Counter(
            f"{gold_rule[span]}{ARROW}{rule}" for span, rule in extra if span in gold_rule
        )
        out["rule_confusion"] = {g: (n,) for g, n in events.items()}
    if "rule_extra" in by:
        spans = {span for span, _ in gold}
        events = Counter(rule for span, rule in extra if span not in spans)
        out["rule_extra"] = {g: (n,) for g, n in events.items()}
    if "rule_missing" in by:
        spans = {span for span, _ in parse}
        events = Counter(rule for span, rule in missing if span not in spans)
        out["rule_missing"] = {g: (n,) for g, n in events.items()}
    return out


def _tag_groups(view: DiscoView, by: Any) -> dict[str, dict[str, tuple[int, ...]]]:
    kept = sorted(view.renumber, key=view.renumber.__getitem__)
    all_gold = view.gold_table.tags()
    gold = [all_gold[i] for i in kept]
    parse: list[str | None] = [None] * len(kept)
    if view.parse_table is not None:
        all_parse = view.parse_table.tags()
        parse = [all_parse[i] for i in kept]
    out: dict[str, dict[str, tuple[int, ...]]] = {}
    if "tag" in by:
        rows: dict[str, list[int]] = {}
        for g, p in zip(gold, parse, strict=True):
            rows.setdefault(g, [0, 0, 0])[1] += 1
            if p is not None:
                rows.setdefault(p, [0, 0, 0])[2] += 1
                if p == g:
                    rows[g][0] += 1
        out["tag"] = {t: tuple(row) for t, row in rows.items()}
    if "tag_confusion" in by:
        events = Counter(
            f"{g}{ARROW}{p}" for g, p in zip(gold, parse, strict=True) if p is not None and p != g
        )
        out["tag_confusion"] = {e: (n,) for e, n in events.items()}
    return out


def table_groups(view: DiscoView, by: Any) -> Mapping[str, Mapping[str, tuple[int, ...]]]:
    """The groups of the keys of :data:`TABLE_KEYS` among ``by`` of one sentence."""
    out: dict[str, Mapping[str, tuple[int, ...]]] = {}
    if any(k in by for k in TAG_KEYS):
        out.update(_tag_groups(view, by))
    if any(k in by for k in RULE_KEYS):
        out.update(_rule_groups(view, by))
    return out
