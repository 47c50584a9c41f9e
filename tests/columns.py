"""Statistics by column name, for tests that assert rows (issue 46).

A metric's per-sentence statistics rows, an aligned run's rows and the rows of a
breakdown's groups may gain columns: a measure of one's own appends the columns it
needs after the others. A test that compares a whole row, slices one by position or
compares every score by name would then fail although no number it checks changed.
These helpers pick the columns (and measures) a test names, so that it asserts those
and no other, whatever else a row holds:

>>> table = StatsTable(("tokens", "head", "sentences"), [(4, 3, 1), (2, 2, 1)])
>>> pick(table, "tokens", "head")
[[4, 3], [2, 2]]
>>> totals(table, "head", "tokens"), named_totals(table, "head")
((5, 6), {'head': 5})

A source is an evaluator (its ``stats``), a :class:`StatsTable`, a
:class:`SumsTable` (sums only: it keeps no row to pick), a breakdown's
:class:`GroupTable` (for :func:`totals`, the sums over every group) or plain
``(columns, rows)``. A name the source lacks is a ``KeyError`` that names the
columns it has; naming no column at all is refused, as it would assert nothing.

The column tuples below are the attachment columns that tests work out by hand:
those the attachment metric had before any measure added one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeAlias

from nltk_tedeval.scoring.breakdown import Breakdown
from nltk_tedeval.scoring.evaluator import Evaluator
from nltk_tedeval.scoring.groups import GroupTable
from nltk_tedeval.scoring.stats import StatsTable, SumsTable

__all__ = [
    "ALIGNED_ROW",
    "ATTACHMENT_ROW",
    "ATTACHMENT_SCORES",
    "GROUP_ROW",
    "entries",
    "group_rows",
    "named_totals",
    "pick",
    "scores",
    "totals",
]

ATTACHMENT_ROW: tuple[str, ...] = (
    "tokens", "head", "label", "head_label", "undirected", "ned", "labeled_tokens",
)  # fmt: skip
"""An attachment sentence's counts (SPEC.md §7): tokens scored, those with the head
right, the relation, both, undirected, NED, and the tokens where a relation is compared."""

ALIGNED_ROW: tuple[str, ...] = (
    "gold_tokens", "parse_tokens", "head", "label", "head_label", "undirected", "ned",
    "labeled_gold_tokens", "labeled_parse_tokens",
)  # fmt: skip
"""An aligned attachment unit's counts (SPEC.md §11): gold and parse words scored, the
aligned words right by each measure, and the gold and parse words where a relation is
compared."""

GROUP_ROW: tuple[str, ...] = (
    *ATTACHMENT_ROW, "predicted", "predicted_head", "labeled_predicted",
)  # fmt: skip
"""An attachment group's counts (SPEC.md §12.3): the gold side as :data:`ATTACHMENT_ROW`,
then the group's parse words, those with the head right and those where a relation is
compared."""

ATTACHMENT_SCORES: tuple[str, ...] = ("LAS", "UAS", "LA", "UNDIRECTED", "NED")
"""The attachment measures that tests work out by hand."""

Rows: TypeAlias = "tuple[Sequence[str], Iterable[Sequence[int]]]"
Source: TypeAlias = "Evaluator | StatsTable | SumsTable | GroupTable | Rows"


def _named(names: Sequence[str]) -> tuple[str, ...]:
    if not names:
        raise ValueError("name the columns to compare: none named asserts nothing")
    return tuple(names)


def _missing(names: Sequence[str], have: Iterable[str], what: str = "column") -> None:
    have = tuple(have)
    absent = [n for n in names if n not in have]
    if absent:
        raise KeyError(f"no {what} {', '.join(map(repr, absent))}; it has {have}")


def _table(source: Source) -> StatsTable | SumsTable | GroupTable | Rows:
    if isinstance(source, Evaluator):
        return source.stats
    if isinstance(source, StatsTable | SumsTable | GroupTable):
        return source
    if isinstance(source, tuple) and len(source) == 2:
        return source
    raise TypeError(
        f"an evaluator, a StatsTable, a SumsTable, a GroupTable or (columns, rows), not "
        f"{type(source).__name__}"
    )


def _plain(
    columns: Sequence[str], rows: Iterable[Sequence[int]], names: Sequence[str]
) -> list[list[int]]:
    _missing(names, columns)
    index = [list(columns).index(n) for n in names]
    return [[int(row[i]) for i in index] for row in rows]


def pick(source: Source, *names: str) -> list[list[int]]:
    """Every row's values of the named columns, in the order named.

    >>> pick((("tokens", "head", "ned"), [(3, 2, 3)]), "ned", "tokens")
    [[3, 3]]
    >>> pick(StatsTable(("tokens",), [(3,)]), "heads")
    Traceback (most recent call last):
    ...
    KeyError: "no column 'heads'; it has ('tokens',)"
    """
    names = _named(names)
    table = _table(source)
    if isinstance(table, SumsTable | GroupTable):
        raise TypeError(f"a {type(table).__name__} keeps no rows to pick: ask for totals()")
    if isinstance(table, StatsTable):
        _missing(names, table.columns)
        return table.view(names).tolist()
    columns, rows = table
    return _plain(columns, rows, names)


def totals(source: Source, *names: str) -> tuple[int, ...]:
    """The sums of the named columns over every row (of a :class:`GroupTable`: over every
    group), in the order named, as Python integers.

    >>> totals((("tokens", "head"), [(3, 2), (4, 4)]), "head", "tokens")
    (6, 7)
    """
    names = _named(names)
    table = _table(source)
    if isinstance(table, StatsTable | SumsTable):
        _missing(names, table.columns)
        return tuple(table.sums(names))
    if isinstance(table, GroupTable):
        columns = table.key.columns
        _missing(names, columns)
        whole = table.all_totals().tolist()
        return tuple(whole[columns.index(n)] for n in names)
    columns, rows = table
    picked = _plain(columns, rows, names)
    return tuple(sum(row[i] for row in picked) for i in range(len(names)))


def named_totals(source: Source, *names: str) -> dict[str, int]:
    """:func:`totals` by name: a dict of each named column's sum.

    >>> named_totals((("tokens", "head"), [(3, 2), (4, 4)]), "tokens", "head")
    {'tokens': 7, 'head': 6}
    """
    return dict(zip(names, totals(source, *names), strict=True))


def group_rows(source: Breakdown | GroupTable, *names: str) -> dict[str, tuple[int, ...]]:
    """Each group's totals of the named columns, by group (a breakdown's order: the most
    frequent first, bins in order).

    >>> from nltk_tedeval.scoring.groups import GroupCollector, GroupKey
    >>> key = GroupKey("upos", ("tokens", "head", "sentences"), {}, frequency="tokens")
    >>> c = GroupCollector({"upos": key}, keep_rows=False)
    >>> c.add({"upos": {"NOUN": (2, 1, 1), "VERB": (1, 1, 1)}})
    >>> c.add({"upos": {"NOUN": (1, 1, 1)}})
    >>> group_rows(c.finish()["upos"], "tokens", "head")
    {'NOUN': (3, 2), 'VERB': (1, 1)}
    """
    names = _named(names)
    if isinstance(source, Breakdown):
        table = source.table
    elif isinstance(source, GroupTable):
        table = source
    else:
        raise TypeError(f"a Breakdown or a GroupTable, not {type(source).__name__}")
    _missing(names, table.key.columns)
    return {g: tuple(table.totals(g, names).tolist()) for g in table.groups()}


def scores(
    source: Evaluator | Mapping[str, Any], *names: str, average: str = "micro"
) -> dict[str, float]:
    """The named measures' values as floats, by name: of an evaluator (its ``average``,
    micro by default) or of a mapping of scores (a group's ``scores``).

    >>> from nltk_tedeval import AttachmentEvaluator, DependencyTree
    >>> gold = DependencyTree(("I", "left"), (2, 0), ("nsubj", "root"))
    >>> parse = DependencyTree(("I", "left"), (2, 0), ("obj", "root"))
    >>> scores(AttachmentEvaluator([parse], [gold]), "UAS", "LAS")
    {'UAS': 1.0, 'LAS': 0.5}
    """
    names = _named(names)
    if isinstance(source, Evaluator):
        return {n: float(source.score(n, average=average)) for n in names}
    if average != "micro":
        raise ValueError("a mapping of scores has one average: ask the evaluator for another")
    _missing(names, source, "measure")
    return {n: float(source[n]) for n in names}


def entries(mapping: Mapping[str, Any], *names: str) -> dict[str, Any]:
    """The named entries of a mapping as they are (the ``scores`` of a JSON report, whose
    every other entry a new measure may add).

    >>> entries({"LAS": {"value": 0.5}, "UCM": {"value": 1.0}}, "LAS")
    {'LAS': {'value': 0.5}}
    """
    names = _named(names)
    _missing(names, mapping, "entry")
    return {n: mapping[n] for n in names}
