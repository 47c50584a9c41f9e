"""Measures added to a metric: columns derived from its statistics, and their scores.

Some measures need nothing a metric does not count already. A sentence is
an *unlabeled complete match* (UCM, supar's ``AttachmentMetric``, AllenNLP's
UEM) when every scored head is right, and attachment's row of the sentence
says so: ``head == tokens``. Such a measure is not a metric of its own but a
:class:`MeasureExtension` of one:

- the **columns** it adds to each row, derived by one function from the
  named columns the metric counts (``reads``): the same function for a
  sentence's row, a group's row and a block of rows (it takes integers or
  numpy arrays alike, as the package's formulas do);
- its **measures**, :class:`~nltk_tedeval.scoring.stats.Measure` objects over
  those columns, scored, averaged, broken down, bootstrapped and tested as
  every measure is;
- its version over aligned words (``aligned``), when the metric's rows are
  other columns under alignment (SPEC.md §11), and whether the breakdowns
  whose groups hold whole sentences (by length, file, genre) get it.

A metric lists the extensions it offers (``measure_extensions``, names
imported on first use); a run adds those it is asked for
(``extra_measures=``, ``--measure``). The :class:`ActiveExtensions` of an
evaluator append the derived columns to every row the run makes, in the one
place that hands rows on (the run's scorer, :mod:`nltk_tedeval.scoring.evaluator`),
so that no path of a metric (aligned units, missing parses' stand-ins,
EVALB's skip rows, batches, numpy blocks, group rows) can leave them out. A
metric never sees the columns: its own rows keep their shape, and only a
run that asks for an extension has its columns, so every other run's
output stays byte for byte what it was.

>>> from nltk_tedeval.scoring.stats import Measure, accuracy
>>> whole = MeasureExtension(
...     "whole", reads=("right", "total"), columns=("sentences", "whole"),
...     derive=lambda right, total: ((total > 0) * 1, (total > 0) & (right == total)),
...     measures=(Measure("WHOLE", ("whole", "sentences"), accuracy),))
>>> active = ActiveExtensions([whole], ("right", "total"))
>>> active.columns, active.row((3, 3)), active.row((2, 3)), active.row((0, 0))
(('sentences', 'whole'), (3, 3, 1, 1), (2, 3, 1, 0), (0, 0, 0, 0))
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import lazy_loader

from ..errors import OptionError
from .groups import Grouped, GroupKey, name_list
from .stats import Measure

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_loader.load("numpy")  # only for a block of rows: a run of sums needs none

__all__ = [
    "ALL",
    "ActiveExtensions",
    "MeasureExtension",
    "check_extra_measures",
    "loaded",
    "register_measure",
    "unregister_measure",
]

ALL = "all"
"""``extra_measures`` (``--measure``) that asks for every measure a metric offers."""


@dataclass(frozen=True)
class MeasureExtension:
    """Measures over columns derived from a metric's own (see the module's docstring).

    ``derive(*values)`` receives the values of ``reads`` (integers, or numpy
    arrays of a block's rows) and returns the values of ``columns``, in
    order: integers for integers, arrays for arrays. ``tested`` names the
    measures a significance test runs on (default: all of them); ``aligned``
    is the extension over the metric's aligned columns (``None``: none, and
    asking for it under alignment is an error); ``groups`` says whether the
    groups of breakdown keys that hold whole sentences get the columns.
    """

    name: str
    reads: tuple[str, ...]
    columns: tuple[str, ...]
    derive: Callable[..., Sequence[Any]]
    measures: tuple[Measure, ...]
    tested: tuple[str, ...] | None = None
    aligned: MeasureExtension | None = None
    groups: bool = True
    help: str = ""
    tokens: bool = False
    """Whether its columns count tokens, each token on its own (MaltEval's AnyRight): then
    the group rows of every key that have the columns it reads get it too (by relation,
    part of speech, lemma, ...), not only the groups of whole sentences."""

    def extends(self, key: GroupKey) -> bool:
        """Whether the groups of ``key`` get the extension's columns and measures."""
        if not self.groups:
            return False
        return key.whole or (self.tokens and set(self.reads) <= set(key.columns))

    def __post_init__(self) -> None:
        object.__setattr__(self, "reads", tuple(self.reads))
        object.__setattr__(self, "columns", tuple(self.columns))
        object.__setattr__(self, "measures", tuple(self.measures))
        if not self.columns or not self.measures:
            raise OptionError(f"measure extension {self.name!r} has no columns or no measures")
        names = [m.name for m in self.measures]
        if self.tested is not None and not set(self.tested) <= set(names):
            raise OptionError(
                f"measure extension {self.name!r} tests {self.tested}, not among its "
                f"measures {tuple(names)}"
            )
        if self.aligned is not None and [m.name for m in self.aligned.measures] != names:
            raise OptionError(
                f"measure extension {self.name!r}: its aligned version gives other measures"
            )

    @property
    def names(self) -> tuple[str, ...]:
        """Its measures' names, in order."""
        return tuple(m.name for m in self.measures)

    @property
    def tested_names(self) -> tuple[str, ...]:
        return self.names if self.tested is None else self.tested


def loaded(extension: MeasureExtension | str) -> MeasureExtension:
    """An extension, or the one a ``"package.module:NAME"`` name names, imported now (as
    formats are: a metric lists its extensions without importing them)."""
    if isinstance(extension, MeasureExtension):
        return extension
    module, _, name = extension.partition(":")
    found = getattr(importlib.import_module(module), name)
    if not isinstance(found, MeasureExtension):
        raise OptionError(f"{extension} is a {type(found).__name__}, not a MeasureExtension")
    return found


def register_measure(evaluator: type, extension: MeasureExtension | str) -> None:
    """Offer ``extension`` on ``evaluator`` (an Evaluator class) and its subclasses: one line.

    The class gets a tuple of its own, so that a subclass's extensions never
    join the class it derives from. A name already offered is refused.
    """
    ext = loaded(extension)
    offered = [loaded(e) for e in evaluator.measure_extensions]
    taken = {n for e in offered for n in e.names} & set(ext.names)
    if taken:
        raise OptionError(
            f"{evaluator.__name__} offers {', '.join(sorted(taken))} already; give the "
            "measures other names"
        )
    evaluator.measure_extensions = (*evaluator.measure_extensions, extension)


def unregister_measure(evaluator: type, name: str) -> None:
    """Take back the extension named ``name`` that :func:`register_measure` offered."""
    kept = tuple(e for e in evaluator.measure_extensions if loaded(e).name != name)
    if len(kept) == len(evaluator.measure_extensions):
        raise OptionError(f"{evaluator.__name__} offers no extension {name!r}")
    evaluator.measure_extensions = kept


def check_extra_measures(value: Any) -> tuple[str, ...]:
    """``extra_measures`` as a tuple of names: ``"UCM,LCM"``, an iterable, or :data:`ALL`.

    >>> check_extra_measures("UCM, LCM"), check_extra_measures(None)
    (('UCM', 'LCM'), ())
    """
    return name_list(value, "extra_measures", "measure names")


def chosen(
    offered: Iterable[MeasureExtension | str], asked: Sequence[str], metric: str
) -> list[tuple[MeasureExtension, tuple[str, ...]]]:
    """The extensions ``asked`` calls for, each with the measures of it asked for, in the
    order the metric offers them; an unknown name is refused, naming those offered."""
    if not asked:
        return []
    extensions = [loaded(e) for e in offered]
    names = [n for e in extensions for n in e.names]
    if ALL in asked:
        return [(e, e.names) for e in extensions]
    unknown = [n for n in asked if n not in names]
    if unknown:
        have = f"it offers {', '.join(names)}" if names else "it offers none"
        raise OptionError(f"{metric} has no further measure {', '.join(unknown)}; {have}")
    return [
        (e, tuple(n for n in e.names if n in asked))
        for e in extensions
        if any(n in asked for n in e.names)
    ]


class ActiveExtensions:
    """The extensions of one evaluator's run, bound to the columns of its rows.

    ``base`` are the metric's own columns (its aligned ones under alignment);
    :meth:`row`, :meth:`rows` and :meth:`groups` append the derived columns
    to a sentence's row, a block of rows and a sentence's group rows.
    """

    def __init__(
        self,
        extensions: Sequence[MeasureExtension],
        base: Sequence[str],
        shown: Mapping[str, tuple[str, ...]] | None = None,
    ) -> None:
        self.extensions = list(extensions)
        self.base = tuple(base)
        self.columns = tuple(c for e in self.extensions for c in e.columns)
        clash = set(self.columns) & set(self.base)
        if clash or len(set(self.columns)) != len(self.columns):
            raise OptionError(f"measure extensions add columns the row has already: {clash}")
        self._picks = [self._positions(e, self.base) for e in self.extensions]
        shown = shown or {}
        self.shown = tuple(n for e in self.extensions for n in shown.get(e.name, e.names))
        self.tested = tuple(
            n for e in self.extensions for n in e.tested_names if n in shown.get(e.name, e.names)
        )
        self.measures = {m.name: m for e in self.extensions for m in e.measures}
        self._group_picks: dict[tuple[str, tuple[str, ...]], list[list[int]]] = {}

    @staticmethod
    def _positions(extension: MeasureExtension, columns: Sequence[str]) -> list[int]:
        missing = [c for c in extension.reads if c not in columns]
        if missing:
            raise OptionError(
                f"measure extension {extension.name!r} reads {', '.join(missing)}, which "
                f"these rows do not have ({', '.join(columns)})"
            )
        return [columns.index(c) for c in extension.reads]

    def row(self, row: Sequence[int]) -> tuple[int, ...]:
        """``row`` with the derived columns after it."""
        out = tuple(row)
        for e, picks in zip(self.extensions, self._picks, strict=True):
            out += tuple(int(v) for v in e.derive(*(row[i] for i in picks)))
        return out

    def rows(self, rows: Any) -> Any:
        """A block of rows (an int64 array, a row a sentence) with the derived columns."""
        parts = [rows]
        for e, picks in zip(self.extensions, self._picks, strict=True):
            derived = e.derive(*(rows[:, i] for i in picks))
            parts.append(np.stack([np.asarray(d, dtype=np.int64) for d in derived], axis=1))
        return np.concatenate(parts, axis=1)

    def key(self, key: GroupKey) -> GroupKey:
        """``key`` with the columns and measures of the extensions that extend it
        (:meth:`MeasureExtension.extends`: its groups hold whole sentences, or count
        tokens); else ``key`` itself."""
        extensions = [e for e in self.extensions if e.extends(key)]
        if not extensions:
            return key
        columns = tuple(c for e in extensions for c in e.columns)
        names = tuple(n for n in self.shown if any(n in e.names for e in extensions))
        return dataclasses.replace(
            key,
            columns=(*key.columns, *columns),
            measures={**key.measures, **{m.name: m for e in extensions for m in e.measures}},
            measure_names=(*key.shown(), *names),
        )

    def groups(self, note: Any, keys: Mapping[str, GroupKey]) -> Any:
        """A sentence's note with its group rows extended, for the keys :meth:`key` extends
        (``keys``: the metric's own keys by name, whose columns the rows have)."""
        if not isinstance(note, Grouped):
            return note
        out = dict(note.groups)
        changed = False
        for name, by_group in note.groups.items():
            key = keys.get(name)
            if key is None:
                continue
            extensions = [e for e in self.extensions if e.extends(key)]
            if not extensions:
                continue
            picks = self._group_picks.get((name, key.columns))
            if picks is None:
                picks = self._group_picks[(name, key.columns)] = [
                    self._positions(e, key.columns) for e in extensions
                ]
            grown = {}
            for group, row in by_group.items():
                extra: tuple[int, ...] = ()
                for e, p in zip(extensions, picks, strict=True):
                    extra += tuple(int(v) for v in e.derive(*(row[i] for i in p)))
                grown[group] = (*row, *extra)
            out[name] = grown
            changed = True
        return Grouped(note.note, out) if changed else note
