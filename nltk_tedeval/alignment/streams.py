"""Corpora as streams of units, for the one sentence loop to take in step (SPEC.md §11).

The sentence loop zips its corpora sentence by sentence. Under alignment
the corpora may hold different numbers of sentences, so one alignment runs
over every gold and every system at once and each corpus becomes a stream
of :class:`~.units.Unit` views: a unit ends only where every side ends a
sentence, so the rows of all systems stand for the same text and can be
compared pairwise (significance tests, per-unit tables).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from ..errors import EmptyTreeError, InputFormatError, TedEvalError, TreeStructureError
from ..records import unwrap
from .normalize import Normalization
from .units import Unit, align_units

__all__ = ["aligned_streams", "alignment_summary", "describe_alignment"]

Named = tuple[str, Iterable[Any]]


def _unalignable(error: TedEvalError) -> TedEvalError:
    """A sentence that cannot be read, said to stop an aligned run whatever the skip policy.

    Without its words there is no text for it, so where the texts meet again
    after it cannot be found (SPEC.md §11): skipping it as an unaligned run
    does (§8) would misalign everything after it.
    """
    if not error.fatal:
        error.message += (
            "; under alignment a sentence that cannot be read stops the run even when bad "
            "sentences are skipped (--skip-bad): without its words the texts cannot be "
            "aligned past it"
        )
        error.args = (error.message,)
        error.fatal = True
    return error


def aligned_streams(
    golds: Sequence[Named],
    systems: Sequence[Named],
    *,
    words: Callable[[Any], Sequence[str] | None],
    normalization: Normalization | None = None,
    tally: dict[str, int] | None = None,
    mode: str = "exact",
) -> tuple[list[Named], list[Named]]:
    """Every named corpus as a stream of unit views, in step with the others.

    ``words`` gives the text tokens of a tree (``None`` when it has none).
    A gold stream yields its own side of each unit (:meth:`Unit.side`); a
    system stream yields the unit of the first gold and that system
    (:meth:`Unit.pair`). Every view knows its whole unit (``whole``).
    ``tally``, when given, counts the sentences of every corpus by name as
    they stream, the units under ``"units"`` and, with ``mode="lcs"``
    (:func:`~.units.align_units`), the characters each corpus left unmatched.

    >>> g, s = aligned_streams([("gold", [["A", "b"]])], [("p", [["A"], ["b"]])], words=list)
    >>> [len(u.test) for u in s[0][1]]
    [2]
    """
    n_golds = len(golds)

    def tokens(item: Any) -> Sequence[str]:
        tree, where, error = unwrap(item)
        if error is not None:
            raise _unalignable(error)
        # None is a missing parse: it stands for the gold sentence where it comes.
        try:
            return words(tree) if tree is not None else None
        except EmptyTreeError:
            return None  # a tree without words, such as "(TOP ())", is a missing parse
        except TreeStructureError as err:
            raise InputFormatError(err.message, token=err.token, **where) from None

    counts = tally if tally is not None else {}
    joint = align_units(
        *(corpus for _, corpus in golds),
        *(corpus for _, corpus in systems),
        words=tokens,
        normalization=normalization,
        roles=["gold", *(n for n, _ in golds[1:]), *(n for n, _ in systems)],
        mode=mode,
        tally=counts,
    )
    streams = _fan_out(joint, n_golds + len(systems))

    names = [n for n, _ in (*golds, *systems)]
    for name in (*names, "units"):
        counts.setdefault(name, 0)

    def side(units: Iterator[Unit], k: int) -> Iterator[Unit]:
        for u in units:
            counts[names[k]] += len(u.sides[k])
            if k == 0:
                counts["units"] += 1
            yield u.side(k)

    def pair(units: Iterator[Unit], k: int) -> Iterator[Any]:
        for u in units:
            counts[names[k]] += len(u.sides[k])
            gone = next((s.item for s in u.sides[k] if s.missing), _PRESENT)
            # A unit with a missing parse is the loop's missing parse, under
            # its policy (SPEC.md §10 and §11), still naming its file and line.
            yield u.pair(k) if gone is _PRESENT else _Gone(gone)

    gold_streams: list[Named] = [(n, side(streams[k], k)) for k, (n, _) in enumerate(golds)]
    system_streams: list[Named] = [
        (n, pair(streams[n_golds + j], n_golds + j)) for j, (n, _) in enumerate(systems)
    ]
    return gold_streams, system_streams


_PRESENT = object()


class _Gone:
    """A missing parse as the sentence loop sees one: no tree, and where it was read.

    An empty tree such as ``(TOP ())`` is a missing parse here, so the tree is
    dropped whatever the record held.
    """

    tree = None
    error = None

    def __init__(self, item: Any) -> None:
        _, where, _ = unwrap(item)
        self.file = where.get("file")
        self.line = where.get("line")


def _fan_out(source: Iterator[Unit], n: int) -> list[Iterator[Unit]]:
    """``n`` iterators over ``source``, each yielding every unit once.

    Unlike ``itertools.tee``, which frees its buffer only in blocks of dozens
    of items, a unit here is dropped as soon as every stream has taken it:
    the sentence loop takes the streams in step, so at most one unit (and its
    trees) is alive, and the collector does not keep finding live trees.
    """
    queues: list[deque[Unit]] = [deque() for _ in range(n)]

    def stream(q: deque[Unit]) -> Iterator[Unit]:
        while True:
            if not q:
                unit = next(source, None)
                if unit is None:
                    return
                for other in queues:
                    other.append(unit)
            yield q.popleft()

    return [stream(q) for q in queues]


def alignment_summary(mode: str, normalization: str, tally: dict[str, int]) -> dict[str, Any]:
    """The alignment of a run as data, for reports: mode, normalization, units, sentences.

    >>> alignment_summary("lcs", "esc+ws=all", {"gold_sents": 2, "p": 1, "units": 1,
    ...                                         "unmatched gold": 3, "unmatched p": 0})
    ... # doctest: +NORMALIZE_WHITESPACE
    {'mode': 'lcs', 'normalization': 'esc+ws=all', 'units': 1,
     'sentences': {'gold': 2, 'p': 1}, 'unmatched': {'gold': 3, 'p': 0}}
    """
    counts = dict(tally)
    units = counts.pop("units", 0)
    unmatched = {k[len("unmatched ") :]: counts.pop(k) for k in list(counts) if k.startswith("unm")}
    sentences = {("gold" if k == "gold_sents" else k): n for k, n in counts.items()}
    out: dict[str, Any] = {
        "mode": mode,
        "normalization": normalization,
        "units": units,
        "sentences": sentences,
    }
    if unmatched:
        out["unmatched"] = unmatched
    return out


def describe_alignment(mode: str, tally: dict[str, int]) -> str:
    """The note a report carries under alignment: what its rows are, and the sentences read.

    >>> note = describe_alignment("exact", {"gold_sents": 2, "parser": 1, "units": 1})
    >>> note[31:]
    'rows are 1 unit, from 2 sentences of the gold, 1 sentence of parser (SPEC.md §11)'
    """
    counts = dict(tally)
    units = counts.pop("units", 0)
    unmatched = {k[len("unmatched ") :]: counts.pop(k) for k in list(counts) if k.startswith("unm")}
    sides = ", ".join(
        f"{n} sentence{'s' if n != 1 else ''} of {'the gold' if name == 'gold_sents' else name}"
        for name, n in counts.items()
    )
    note = (
        f"aligned over the text ({mode}): rows are {units} unit"
        f"{'s' if units != 1 else ''}, from {sides} (SPEC.md §11)"
    )
    if unmatched:
        note += "; characters left unmatched: " + ", ".join(
            f"{n} of {name}" for name, n in unmatched.items()
        )
    return note
