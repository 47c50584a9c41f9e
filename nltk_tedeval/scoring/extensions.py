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

Other measures need the trees, not the row: Leaf-Ancestor compares each
word's lineage in the two trees. Such an extension *counts* its columns
(``count``) from what the metric compared of the sentence, its *view*
(disco-dop's ParsEval hands both trees after its transform), instead of
deriving them; the metric calls it, since only the metric holds the trees
(:attr:`~nltk_tedeval.scoring.evaluator.Evaluator.counts_measures`). A
counting extension may offer breakdown keys of its own (``keys``), whose
groups it counts from the same view.

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
    """Measures over columns derived from a metric's own, or counted from its trees (see
    the module's docstring).

    ``derive(*values)`` receives the values of ``reads`` (integers, or numpy
    arrays of a block's rows) and returns the values of ``columns``, in
    order: integers for integers, arrays for arrays. ``tested`` names the
    measures a significance test runs on (default: all of them); ``aligned``
    is the extension over the metric's aligned columns (``None``: none, and
    asking for it under alignment is an error); ``groups`` says whether the
    groups of breakdown keys that hold whole sentences get the columns.

    A counting extension gives ``count`` instead of ``derive`` (and no
    ``reads``): ``count(view)`` returns the values of ``columns`` for a
    sentence as the metric compared it, ``zero(view)`` those of a missing
    parse scored with nothing right (``missing="zero"``). ``keys`` are the
    breakdown keys it offers (name to
    :class:`~nltk_tedeval.scoring.groups.GroupKey`), whose groups
    ``group_rows(view, key)`` counts (``parse=False``: a missing parse's).
    """

    name: str
    reads: tuple[str, ...]
    columns: tuple[str, ...]
    derive: Callable[..., Sequence[Any]] | None
    measures: tuple[Measure, ...]
    tested: tuple[str, ...] | None = None
    aligned: MeasureExtension | None = None
    groups: bool = True
    help: str = ""
    count: Callable[[Any], Sequence[int]] | None = None
    zero: Callable[[Any], Sequence[int]] | None = None
    keys: Mapping[str, GroupKey] = dataclasses.field(default_factory=dict)
    group_rows: Callable[..., Mapping[str, Sequence[int]]] | None = None
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
        if (self.derive is None) == (self.count is None):
            raise OptionError(
                f"measure extension {self.name!r} needs one of derive (columns from the "
                "metric's) and count (columns from its trees)"
            )
        if self.count is not None and (
            self.reads or self.zero is None or not self.groups or self.tokens
        ):
            raise OptionError(
                f"measure extension {self.name!r} counts its columns: it reads no column, "
                "gives zero (a missing parse's) and goes with every whole-sentence group "
                "(and no token group)"
            )
        if self.keys and self.group_rows is None:
            raise OptionError(f"measure extension {self.name!r} offers keys without group_rows")
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

    @property
    def counts(self) -> bool:
        """Whether it counts its columns from the metric's trees (``count``), not its row."""
        return self.count is not None


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
    to a sentence's row, a block of rows and a sentence's group rows. The
    counted columns come first, right after the metric's own: the metric
    appends them (:meth:`count`, :meth:`zero`), and rows reach :meth:`row`
    with them.
    """

    def __init__(
        self,
        extensions: Sequence[MeasureExtension],
        base: Sequence[str],
        shown: Mapping[str, tuple[str, ...]] | None = None,
    ) -> None:
        given = list(extensions)
        self.counted = [e for e in given if e.counts]
        self.derived = [e for e in given if not e.counts]
        self.extensions = [*self.counted, *self.derived]
        self.base = tuple(base)
        self.columns = tuple(c for e in self.extensions for c in e.columns)
        clash = set(self.columns) & set(self.base)
        if clash or len(set(self.columns)) != len(self.columns):
            raise OptionError(f"measure extensions add columns the row has already: {clash}")
        counted = tuple(c for e in self.counted for c in e.columns)
        self._picks = [self._positions(e, (*self.base, *counted)) for e in self.derived]
        self.keys = {k: key for e in self.counted for k, key in e.keys.items()}
        """The breakdown keys the counting extensions offer, by name."""
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

    def count(self, view: Any) -> tuple[int, ...]:
        """The counted columns of a sentence, from the metric's ``view`` of it."""
        out: tuple[int, ...] = ()
        for e in self.counted:
            out += tuple(e.count(view))  # type: ignore[misc]
        return out

    def zero(self, view: Any) -> tuple[int, ...]:
        """The counted columns of a missing parse scored with nothing right."""
        out: tuple[int, ...] = ()
        for e in self.counted:
            out += tuple(e.zero(view))  # type: ignore[misc]
        return out

    def key_groups(
        self, view: Any, by: Iterable[str], *, parse: bool = True
    ) -> dict[str, Mapping[str, Sequence[int]]]:
        """The groups of the counting extensions' keys among ``by``, from ``view``."""
        out = {}
        for e in self.counted:
            for k in e.keys:
                if k in by:
                    out[k] = e.group_rows(view, k, parse=parse)  # type: ignore[misc]
        return out

    def row(self, row: Sequence[int]) -> tuple[int, ...]:
        """``row`` (with the counted columns) with the derived columns after it."""
        out = tuple(row)
        for e, picks in zip(self.derived, self._picks, strict=True):
            out += tuple(int(v) for v in e.derive(*(row[i] for i in picks)))  # type: ignore[misc]
        return out

    def rows(self, rows: Any) -> Any:
        """A block of rows (an int64 array, a row a sentence) with the derived columns."""
        parts = [rows]
        for e, picks in zip(self.derived, self._picks, strict=True):
            derived = e.derive(*(rows[:, i] for i in picks))  # type: ignore[misc]
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
            extensions = [e for e in self.derived if e.extends(key)]
            if not extensions:
                continue
            # A whole sentence's group row holds the counted columns already (the metric's).
            have = key.columns
            if key.whole:
                have = (*have, *(c for e in self.counted for c in e.columns))
            picks = self._group_picks.get((name, have))
            if picks is None:
                picks = self._group_picks[(name, have)] = [
                    self._positions(e, have) for e in extensions
                ]
            grown = {}
            for group, row in by_group.items():
                extra: tuple[int, ...] = ()
                for e, p in zip(extensions, picks, strict=True):
                    extra += tuple(int(v) for v in e.derive(*(row[i] for i in p)))  # type: ignore[misc]
                grown[group] = (*row, *extra)
            out[name] = grown
            changed = True
        return Grouped(note.note, out) if changed else note
