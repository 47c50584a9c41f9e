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
from ..records import SourceSentence, unwrap
from ..trees.tokens import Segmented
from .normalize import Normalization
from .unit import TextKey
from .units import AlignedSentence, Unit, align_units

__all__ = [
    "FailedUnit",
    "aligned_streams",
    "alignment_summary",
    "describe_alignment",
    "other_words",
    "record_units",
    "sentence_numbers",
]

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
    sentences: dict[int, dict[str, str]] | None = None,
    key: TextKey | None = None,
) -> tuple[list[Named], list[Named]]:
    """Every named corpus as a stream of unit views, in step with the others.

    ``words`` gives the text tokens of a tree (``None`` when it has none),
    ``key``, when given, what stands for them where it costs less
    (:data:`~.unit.TextKey`). A gold stream yields its own side of each unit (:meth:`Unit.side`); a
    system stream yields the unit of the first gold and that system
    (:meth:`Unit.pair`). Every view knows its whole unit (``whole``).
    ``tally``, when given, counts the sentences of every corpus by name as
    they stream, the units under ``"units"`` and, with ``mode="lcs"``
    (:func:`~.units.align_units`), the characters each corpus left unmatched.
    ``sentences``, when given, maps every unit's number to the numbers of
    the sentences each corpus has in it (``"3"``, ``"2-3"``, ``""``), by name.

    >>> g, s = aligned_streams([("gold", [["A", "b"]])], [("p", [["A"], ["b"]])], words=list)
    >>> [len(u.test) for u in s[0][1]]
    [2]
    """
    n_golds = len(golds)
    counts = tally if tally is not None else {}
    joint = record_units(
        [corpus for _, corpus in golds] + [corpus for _, corpus in systems],
        words=words,
        normalization=normalization,
        roles=["gold", *(n for n, _ in golds[1:]), *(n for n, _ in systems)],
        mode=mode,
        tally=counts,
        key=key,
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
                if sentences is not None:
                    sentences[u.number] = {
                        name: sentence_numbers(side)
                        for name, side in zip(names, u.sides, strict=True)
                    }
            yield u.side(k)

    norm = normalization or Normalization()
    for name, _ in systems:
        counts.setdefault(f"{OTHER_WORDS}{name}", 0)

    def pair(units: Iterator[Unit], k: int) -> Iterator[Any]:
        other = f"{OTHER_WORDS}{names[k]}"
        for u in units:
            counts[names[k]] += len(u.sides[k])
            counts[other] += other_words(u.sides[0], u.sides[k], norm)
            view = u.pair(k)
            # A unit with a missing parse is the loop's missing parse, under
            # its policy (SPEC.md §10 and §11), still naming its file and line.
            own = u.sides[k]
            gone = own[0].missing if len(own) == 1 else any(s.missing for s in own)
            yield _Gone(view) if gone else view

    gold_streams: list[Named] = [(n, side(streams[k], k)) for k, (n, _) in enumerate(golds)]
    system_streams: list[Named] = [
        (n, pair(streams[n_golds + j], n_golds + j)) for j, (n, _) in enumerate(systems)
    ]
    return gold_streams, system_streams


OTHER_WORDS = "other words "
"""The tally's key, before a system's name, of the units in which its words are not the
gold's (:func:`other_words`)."""


def other_words(
    gold: Sequence[AlignedSentence], side: Sequence[AlignedSentence], norm: Normalization
) -> bool:
    """Whether ``side`` has words in a unit and they are not ``gold``'s, one by one (as
    normalized): its segmentation is not the gold's there. A parse made on the gold's
    segmentation has none, in the scenario that Tsarfaty, Nivre and Andersson (2012) call
    non-realistic; a missing parse has no words at all, so neither.

    >>> from .unit import AlignedSentence as S
    >>> g = [S(None, 0, ("-LRB-", "a"), (0, 1, 2))]
    >>> other_words(g, [S(None, 0, ("(", "a"), (0, 1, 2))], Normalization())
    False
    >>> other_words(g, [S(None, 0, ("(a",), (0, 2))], Normalization())
    True
    """
    if not side or any(s.missing for s in side):
        return False
    if len(gold) == 1 and len(side) == 1:
        spelling = gold[0].__dict__.get("_spelling")
        if spelling is not None and spelling is side[0].__dict__.get("_spelling"):
            return False  # one text key spells both (a parse of the gold's tokens)
        a, b = tuple(gold[0].tokens), tuple(side[0].tokens)
    else:
        a = tuple(t for s in gold for t in s.tokens)
        b = tuple(t for s in side for t in s.tokens)
    return a != b and (len(a) != len(b) or list(norm.texts(a)) != list(norm.texts(b)))


def record_units(
    corpora: Sequence[Iterable[Any]],
    *,
    words: Callable[[Any], Sequence[str] | None],
    normalization: Normalization | None = None,
    roles: Sequence[str] | None = None,
    mode: str = "exact",
    tally: dict[str, int] | None = None,
    key: TextKey | None = None,
) -> Iterator[Unit]:
    """The whole units of corpora of read records (the golds first), as :func:`aligned_streams`
    aligns them: a record that cannot be read stops the run, a parse without words is missing.

    What a report that draws every unit's sentences aligns again (``-f html``).
    """

    def tokens(item: Any) -> Sequence[str] | None:
        tree, where, error = unwrap(item)
        if error is not None:
            raise _unalignable(error)
        # None is a missing parse: it stands for the gold sentence where it comes.
        try:
            found = words(tree) if tree is not None else None
        except EmptyTreeError:
            return None  # a tree without words, such as "(TOP ())", is a missing parse
        except TreeStructureError as err:
            raise InputFormatError(err.message, token=err.token, **where) from None
        # So is a tree whose words are all empty elements: it has no text either.
        if not found:
            return None
        if item is not tree and (multiword := getattr(item, "multiword", ())):
            # A record whose tree's words a token-to-segment map groups into surface
            # tokens (reading.segments): the text is spelled by those (SPEC.md §11).
            if multiword[-1][1] > len(found):
                raise InputFormatError(
                    f"the surface token {multiword[-1][2]!r} over words {multiword[-1][0] + 1}-"
                    f"{multiword[-1][1]} goes past the sentence's {len(found)} text words",
                    **where,
                )
            return Segmented(found, multiword)
        return found

    def record_key(item: Any) -> object:
        if type(item) is SourceSentence:
            if item.error is not None or item.multiword:
                return None  # (surface tokens of a map: the words do not spell the text)
            return key(item.tree)  # type: ignore[misc]
        tree, _, error = unwrap(item)
        if error is not None or (item is not tree and getattr(item, "multiword", ())):
            return None
        return key(tree)  # type: ignore[misc]

    return align_units(
        *corpora,
        words=tokens,
        normalization=normalization,
        roles=list(roles) if roles is not None else ["gold"] + [""] * (len(corpora) - 1),
        mode=mode,
        tally=tally if tally is not None else {},
        key=record_key if key is not None else None,
    )


def sentence_numbers(sentences: Sequence[AlignedSentence]) -> str:
    """The numbers of consecutive sentences, as a report prints them: ``3``, ``2-3`` or nothing.

    >>> sentence_numbers([])
    ''
    """
    if not sentences:
        return ""
    first, last = sentences[0].number, sentences[-1].number
    return f"{first}" if first == last else f"{first}-{last}"


class _Gone:
    """A unit in which a system has a missing parse, as the sentence loop sees it.

    It has no tree, so the loop applies its missing-parse policy to the unit
    (``skip`` leaves the unit out, ``error`` stops, naming the file and line
    of the first missing sentence); :meth:`stand_in` gives the unit that
    ``zero`` and ``flat`` score, in which only the missing sentences are
    replaced. An empty tree such as ``(TOP ())`` is a missing parse here, so
    the tree is dropped whatever the record held.
    """

    tree = None
    error = None

    def __init__(self, view: Unit) -> None:
        self.unit = view
        first = next(s for s in view.test if s.missing).source
        self.file = first.get("file")
        self.line = first.get("line")
        self.sentence = first["sentence"]

    def stand_in(self, make: Callable[[Any], Any], native: int = 0) -> Unit:
        """The unit with each missing sentence replaced by what ``make`` builds from the gold.

        A missing parse stands for a gold sentence (SPEC.md §11); ``make``
        receives each sentence of gold ``native`` (an index into the run's
        golds) that lies within the text it stands for, and builds the
        parse that takes its place, over that sentence's tokens.
        """
        return _stood_in(self.unit, make, native, every=False)


class FailedUnit:
    """A unit whose parse is bad input (its scoring raised, under ``on_error="skip"``).

    The loop cannot tell which of the unit's parse sentences is at fault, so
    the whole parse side of the unit is its system's failed parse (SPEC.md
    §10): :meth:`stand_in` replaces every parse sentence, so that the unit
    scores no better than a unit of missing parses would.
    """

    def __init__(self, view: Unit) -> None:
        self.unit = view

    def stand_in(self, make: Callable[[Any], Any], native: int = 0) -> Unit:
        """The unit with its parse side made of what ``make`` builds from each gold sentence."""
        return _stood_in(self.unit, make, native, every=True)


def _stood_in(view: Unit, make: Callable[[Any], Any], native: int, *, every: bool) -> Unit:
    """``view`` with its missing parse sentences replaced by what ``make`` builds from the
    sentences of gold ``native`` each one covers; ``every``: its whole parse side, by what
    ``make`` builds from every gold sentence of the unit."""
    golds = (view.whole or view).sides[native]
    if every and view.test:
        # Every gold sentence of the unit, whether or not a parse sentence holds it whole.
        first = view.test[0]
        return view.with_test(tuple(first.replaced(make(g.item), g) for g in golds))
    sentences: list[AlignedSentence] = []
    for s in view.test:
        if not s.missing:
            sentences.append(s)
            continue
        sentences.extend(
            s.replaced(make(g.item), g) for g in golds if s.start <= g.start and g.end <= s.end
        )
    return view.with_test(tuple(sentences))


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
    other = _pop_other_words(counts)
    sentences = {("gold" if k == "gold_sents" else k): n for k, n in counts.items()}
    out: dict[str, Any] = {
        "mode": mode,
        "normalization": normalization,
        "units": units,
        "sentences": sentences,
    }
    if unmatched:
        out["unmatched"] = unmatched
    if other:
        out["other_words"] = other
    return out


def _pop_other_words(counts: dict[str, int]) -> dict[str, int]:
    """The units with words other than the gold's, by system, taken out of a tally; none
    where no system has any (the segmentations agree, and there is nothing to say)."""
    other = {
        k[len(OTHER_WORDS) :]: counts.pop(k) for k in list(counts) if k.startswith(OTHER_WORDS)
    }
    return other if any(other.values()) else {}


def describe_alignment(mode: str, tally: dict[str, int]) -> str:
    """The note a report carries under alignment: what its rows are, and the sentences read.

    >>> note = describe_alignment("exact", {"gold_sents": 2, "parser": 1, "units": 1})
    >>> note[31:]
    'rows are 1 unit, from 2 sentences of the gold, 1 sentence of parser (SPEC.md §11)'
    """
    counts = dict(tally)
    units = counts.pop("units", 0)
    unmatched = {k[len("unmatched ") :]: counts.pop(k) for k in list(counts) if k.startswith("unm")}
    other = _pop_other_words(counts)
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
    if other:
        note += "; words other than the gold's in " + ", ".join(
            f"{n} of {units} unit{'s' if units != 1 else ''} of {name}" for name, n in other.items()
        )
    return note
