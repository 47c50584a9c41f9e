"""The one loop over the sentences of a run, with one policy for a missing parse.

Every evaluator and every command reduces its input here: the golds and
the systems are read in lockstep, each sentence once, whatever the number
of systems; each sentence goes to a metric's :class:`SentenceScorer`, which
turns it into one row of integers per table (TedEval's δ and ι, 2012 paper
§3.3; EVALB's bracket counts; correct heads); the rows become the
:class:`~nltk_tedeval.scoring.stats.StatsTable` objects that every score,
macro average and significance test is computed from, or, in a run that
reads no row, :class:`~nltk_tedeval.scoring.stats.SumsTable` objects, of
a memory that does not grow with the corpus.

Two things can go wrong with a sentence, and they are kept apart:

- a **bad sentence** (a line the reader could not read, a cycle, a yield
  mismatch) raises its error, or with ``on_error="skip"`` is left out of
  every system and listed in :attr:`LoopResult.skipped`;
- a **missing parse** (an empty line in a bracketed file, ``None`` or a
  caught exception in Python, a CoNLL sentence without heads) follows the
  ``missing`` policy (SPEC.md §10): ``"skip"`` leaves the sentence out of
  every system alike, ``"zero"`` scores it with nothing right, ``"flat"``
  scores a flat parse over the gold's words, and ``"error"`` stops. Missing
  parses are always counted, and a :class:`~nltk_tedeval.errors.MissingParseWarning`
  says so, so that no policy changes a score silently.

A run with a length filter (``min_length``, ``max_length``; SPEC.md §15)
leaves out, before either of these is looked at, every sentence whose first
gold has fewer or more words than its bounds (a unit under alignment: the
words of its gold sentences), for every system alike, and lists it in
:attr:`LoopResult.left_out`.

This module knows trees only as values it hands on: even the flat
stand-in of a missing parse comes from the scorer (its ``flat`` method), and
the number of a gold's words from its ``length``.

A scorer may take sentences by more than one: ``score_batch`` scores a
batch of :data:`BATCH_SENTENCES` (a sentence it leaves is scored alone),
and in a run of sums of one gold and one system, ``score_plain`` gets the
clean sentences of a batch (reader records read without error, a tree on
each side, a parse of text) as two lists of trees and gives the rows of
those it decides as one array, added to the table at once: ParsEval's 30,000
sentences then cost a block of numpy each 256 lines, not a sentence of
Python each line (issue 31).

>>> class Words:
...     columns = (("right", "total"),)
...     def score(self, s):
...         gold, parse = s.golds[0], s.parses[0]
...         right = 0 if parse is ZERO else sum(a == b for a, b in zip(gold, parse))
...         return ((right, len(gold)),), None
>>> import warnings
>>> from nltk_tedeval.scoring.options import RunOptions
>>> with warnings.catch_warnings(record=True):
...     run = sentence_loop([("gold", [["a", "b"], ["c"]])], [("sys", [["a", "x"], None])],
...                         Words(), options=RunOptions(missing="zero"))
>>> run.tables[0].array.tolist(), run.counts()
([[1, 2], [0, 1]], {'read': 2, 'scored': 2, 'missing': 1, 'skipped': 0})
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence, Sized
from contextlib import closing, nullcontext
from dataclasses import dataclass, field
from itertools import islice, repeat
from operator import attrgetter, is_, is_not
from typing import Any, NamedTuple, Protocol

from ..alignment.unit import Unit
from ..errors import (
    MissingParseError,
    OptionError,
    TedEvalError,
    TreeStructureError,
)
from ..records import SourceSentence, unwrap
from .lengths import LeftOutByLength, LengthBounds
from .lockstep import check_lengths, zip_parallel
from .missing import (
    MISSING,
    ZERO,
    AnswerFailure,
    BadParse,
    MissingSentence,
    check_missing,
    failures_of,
    stand_in,
    warn_missing,
)
from .options import RunOptions
from .runs import BATCH_SENTENCES, collector_paused, take_run
from .stats import IdColumn, Measure, RowBuffer, StatsTable, SumsTable

__all__ = [
    "MISSING",
    "ZERO",
    "AnswerFailure",
    "BadParse",
    "LoopResult",
    "MissingSentence",
    "RunAccounts",
    "Sentence",
    "SentenceScorer",
    "SkippedSentence",
    "check_lengths",
    "check_missing",
    "sentence_loop",
    "zip_parallel",
]


@dataclass(frozen=True)
class SkippedSentence:
    """A bad sentence left out of every system, and why.

    >>> SkippedSentence(3, "s-3", "a cycle").as_dict()
    {'sentence': 3, 'id': 's-3', 'reason': 'a cycle'}
    """

    number: int
    sentence_id: str | None
    reason: str

    def as_dict(self) -> dict[str, object]:
        return {"sentence": self.number, "id": self.sentence_id, "reason": self.reason}


class Sentence(NamedTuple):
    """One sentence of a run, as a scorer receives it.

    ``golds`` and ``parses`` are trees (unwrapped from reader records); a
    missing parse is :data:`ZERO` or a flat tree, as the policy says, and
    flagged in ``missing``. ``errors`` holds the reader's error of each
    source (golds, then parses) for a scorer that counts unreadable lines
    itself (EVALB's error sentences); other scorers never see one.
    ``where`` holds each source's file and line, for messages.
    """

    number: int
    sentence_id: str | None
    golds: tuple[Any, ...]
    parses: tuple[Any, ...]
    missing: tuple[bool, ...]
    where: tuple[dict[str, Any], ...]
    errors: tuple[TedEvalError | None, ...] = ()


Rows = Sequence[Sequence[int]]


class SentenceScorer(Protocol):
    """What a metric gives the loop: the columns of its tables and a way to fill a row.

    ``score`` returns one row per table, in :attr:`columns` order, and a
    note the caller's ``keep`` receives if the sentence is kept; it raises
    a :class:`~nltk_tedeval.errors.TedEvalError` for a bad sentence. A
    scorer may also define ``skip_missing(sentence)``, returning rows for a
    sentence left out under ``missing="skip"`` (ParsEval counts it as
    EVALB's skip sentence), and set ``counts_reader_errors = True`` to see
    unreadable lines instead of having the loop raise or skip them;
    ``batch_size`` says how many sentences go to a worker process at once
    under ``jobs > 1`` (256 if unset), ``None`` that the scorer's sentences
    are cheaper to score than to ship, so that it runs in one process. ``flat``
    builds the flat parse of a gold tree (``missing="flat"``); ``words``
    gives a gold tree's words, kept (hashed) in :attr:`LoopResult.keys` so
    that paired tests can check they compare the same sentences. A scorer
    may define ``has_text(parse)``: a parse for which it is false (a tree
    without a word of text) is a missing parse, and ``length(gold)``, the
    number of a gold tree's words, which a run with a length filter needs
    (SPEC.md §15).

    A scorer that can score many sentences at once (ParsEval, whole blocks
    of a one-tree-per-line file) defines ``score_batch(sentences)``: for a
    run of consecutive sentences, ``(rows, note)`` of each as ``score``
    would return them, or ``None`` for one it leaves to ``score``; it raises
    nothing (a bad sentence is ``score``'s to report). The loop decides the
    runs, the sentences numbered ``k * BATCH_SENTENCES + 1`` to ``(k + 1) *
    BATCH_SENTENCES`` but those decided before scoring (bad, or left out as
    missing), and calls ``score`` for every sentence ``score_batch`` leaves.
    """

    columns: Sequence[Sequence[str]]

    def score(self, sentence: Sentence) -> tuple[Rows, Any]: ...

    def flat(self, gold: Any) -> Any: ...

    def words(self, gold: Any) -> Any: ...


@dataclass
class LoopResult:
    """The tables of a run and what happened to its sentences.

    ``numbers`` and ``sentence_ids`` describe the rows of every table, unless
    ``recorded`` is false (a run of sums, which counts its sentences only);
    ``skipped`` lists bad sentences left out, ``missing`` the sentences with
    a missing parse (whatever the policy did with them).
    """

    tables: list[StatsTable | SumsTable]
    skipped: list[SkippedSentence] = field(default_factory=list)
    missing: list[MissingSentence] = field(default_factory=list)
    answer_failures: list[AnswerFailure] = field(default_factory=list)
    """Answers read and found invalid or unfaithful (SPEC.md §14), missing or kept."""
    bad_parses: list[BadParse] = field(default_factory=list)
    """Parses that were bad input, each its system's failed parse (``on_error="skip"``)."""
    length_filter: LengthBounds | None = None
    """The run's length filter (SPEC.md §15), or ``None``."""
    left_out: list[LeftOutByLength] = field(default_factory=list)
    """The sentences the length filter left out of every system, in order."""
    policy: str = "skip"
    missing_rows: int = 0
    recorded: bool = True
    _count: int = field(default=0, repr=False)
    # One entry per scored sentence of a recorded run, in compact columns (8 bytes
    # a number, an id's UTF-8 bytes): beside its rows they are all such a run keeps.
    _numbers: array = field(default_factory=lambda: array("q"), repr=False)  # type: ignore[type-arg]
    _ids: IdColumn = field(default_factory=IdColumn, repr=False)
    _keys: array = field(default_factory=lambda: array("q"), repr=False)  # type: ignore[type-arg]

    def add_run(self, count: int) -> None:
        """Count ``count`` scored sentences of a run that records none (sums)."""
        if self.recorded:
            raise ValueError("a run that records its sentences adds them one by one")
        self._count += count

    def add(self, number: int, sentence_id: str | None, key: int) -> None:
        """Count a scored sentence; record its number, its id and its key for paired tests."""
        self._count += 1
        if self.recorded:
            self._numbers.append(number)
            self._ids.append(sentence_id)
            self._keys.append(key)

    def _records(self) -> None:
        if not self.recorded:
            raise OptionError(
                "this run kept the sums of its sentences, not the sentences: per-sentence "
                "results and paired tests need statistics='rows' (the default)"
            )

    @property
    def numbers(self) -> list[int]:
        """The number (from 1) of every scored sentence, in the order of the tables' rows."""
        self._records()
        return self._numbers.tolist()

    @property
    def sentence_ids(self) -> list[str | None]:
        """The id (CoNLL-U ``# sent_id``) of every scored sentence, or ``None``."""
        self._records()
        return list(self._ids)

    @property
    def keys(self) -> list[int]:
        """What identifies every scored sentence for a paired test (a hash of number, id, words)."""
        self._records()
        return self._keys.tolist()

    @property
    def read(self) -> int:
        """Sentences read: scored, left out as missing, skipped as bad, or left out by length."""
        left_out = 0 if self.policy != "skip" else len(self.missing) - self.missing_rows
        return self._count + left_out + len(self.skipped) + len(self.left_out)

    @property
    def scored(self) -> int:
        """Sentences that add statistics (a missing one only under ``zero`` or ``flat``)."""
        return self._count - self.missing_rows

    def counts(self) -> dict[str, int]:
        """``read``, ``scored``, ``missing`` and ``skipped``, as every report gives them, and
        ``length_filtered`` in a run with a length filter (SPEC.md §15)."""
        counts = {
            "read": self.read,
            "scored": self.scored,
            "missing": len(self.missing),
            "skipped": len(self.skipped),
        }
        if self.length_filter is not None:
            counts["length_filtered"] = len(self.left_out)
        return counts

    def missing_by_system(self, names: Sequence[str]) -> dict[str, int]:
        """How many parses each system lacked."""
        counts = dict.fromkeys(names, 0)
        for m in self.missing:
            for name in m.systems:
                counts[name] = counts.get(name, 0) + 1
        return counts


class RunAccounts:
    """What happened to the sentences of a run, for any object that has a :class:`LoopResult`.

    Evaluators, protocol results and cross-framework experiments all answer
    the same questions the same way: which sentences were scored, which were
    skipped as bad, which lacked a parse, and the counts of each.
    """

    def _loop_result(self) -> LoopResult:
        raise NotImplementedError

    @property
    def numbers(self) -> list[int]:
        """The number (from 1) of every scored sentence, in the order of the tables' rows."""
        return self._loop_result().numbers

    @property
    def sentence_ids(self) -> list[str | None]:
        """The id (CoNLL-U ``# sent_id``) of every scored sentence, or ``None``."""
        return self._loop_result().sentence_ids

    @property
    def skipped(self) -> list[SkippedSentence]:
        """Bad sentences left out of every system (``on_error="skip"``), with reasons."""
        return self._loop_result().skipped

    @property
    def missing(self) -> list[MissingSentence]:
        """Sentences for which some system had no parse, whatever the policy did."""
        return self._loop_result().missing

    @property
    def answer_failures(self) -> list[AnswerFailure]:
        """Answers read and found invalid or unfaithful (SPEC.md §14), missing or kept."""
        return self._loop_result().answer_failures

    @property
    def bad_parses(self) -> list[BadParse]:
        """Parses that were bad input, each its system's failed parse (``on_error="skip"``,
        SPEC.md §10): also among :attr:`missing`."""
        return self._loop_result().bad_parses

    @property
    def length_filter(self) -> LengthBounds | None:
        """The run's length filter (SPEC.md §15), or ``None``."""
        return self._loop_result().length_filter

    @property
    def left_out_by_length(self) -> list[LeftOutByLength]:
        """The sentences the length filter left out of every system (SPEC.md §15)."""
        return self._loop_result().left_out

    @property
    def read(self) -> int:
        """Sentences read: scored, left out as missing, or skipped as bad."""
        return self._loop_result().read

    def counts(self) -> dict[str, int]:
        """Sentences ``read``, ``scored``, with a ``missing`` parse, and ``skipped`` as bad."""
        return self._loop_result().counts()


def sentence_loop(
    golds: Sequence[tuple[str, Iterable[Any]]],
    systems: Sequence[tuple[str, Iterable[Any]]],
    scorer: SentenceScorer,
    *,
    native: Sequence[int] | None = None,
    options: RunOptions | None = None,
    measures: Iterable[Measure] = (),
    total: int | None = None,
    keep: Callable[[Any], None] | None = None,
    keep_run: Callable[[Any, int], None] | None = None,
) -> LoopResult:
    """Score every sentence of ``golds`` and ``systems`` (named corpora) with ``scorer``.

    ``native[j]`` is the index in ``golds`` of system ``j``'s own gold, the
    one its flat parse is built from (default 0). ``options`` are the run's
    (:class:`~nltk_tedeval.scoring.options.RunOptions`): ``jobs > 1`` scores
    batches of sentences in worker processes (the scorer must pickle);
    ``progress`` shows a tqdm bar on stderr (``None``: when stderr is a
    terminal), with an ETA when ``total`` or the golds' length is known; a
    run of ``statistics="sums"`` or ``"macro"`` builds tables that keep no
    rows, for ``measures``, and records no sentence either. ``keep`` receives
    the note of every kept sentence, in order; if it raises, the error's
    ``partial`` attribute (when it has one) gets the table as far as it
    went, what a tool that stops there has printed, when the run has one
    table. ``keep_run``, when given, receives the note and the length of a
    plain run (see above) in place of that many calls of ``keep``.
    """
    options = options or RunOptions()
    on_error, missing, jobs, progress = (
        options.on_error, options.missing, options.jobs, options.progress
    )  # fmt: skip
    sums = options.sums(measures)
    names = [name for name, _ in systems]
    native = tuple(native) if native is not None else (0,) * len(systems)
    buffers = [RowBuffer(len(c)) if sums is None else sums(c) for c in scorer.columns]
    result = LoopResult(
        [], policy=missing, recorded=sums is None, length_filter=options.length_filter
    )
    if total is None and golds and isinstance(golds[0][1], Sized):
        total = len(golds[0][1])  # type: ignore[arg-type]

    words_of = getattr(scorer, "words", None)
    one_table = len(buffers) == 1
    append = buffers[0].append if one_table else None
    if progress is None:
        progress = sys.stderr.isatty()
    # Runs of clean sentences a scorer decides together, added as a block of rows: a run
    # of sums in this process, one gold and one system (a bar counts each run's length).
    plain = getattr(scorer, "score_plain", None)
    if not (sums is not None and jobs == 1 and one_table):
        plain = None
    if len(golds) != 1 or len(systems) != 1:
        plain = None
    sides = [name for name, _ in (*golds, *systems)]
    policy = _Policy(scorer, sides, len(golds), native, missing, result)
    prepared = _prepare(
        golds, systems, scorer, native, on_error, policy, result, options.align, plain
    )
    scoring = _outcomes(prepared, scorer, jobs, sides)
    outcomes: Iterable[Any] = scoring
    bar = None
    if progress:
        from tqdm import tqdm

        # Updated by hand: a plain run is many sentences in one outcome.
        bar = tqdm(total=total, unit="sent", file=sys.stderr, leave=False)
    # Closed however the loop ends, so that a run's pause of the collector ends with it.
    with closing(scoring), closing(bar) if bar is not None else nullcontext():
        for outcome in outcomes:
            if type(outcome) is _Plain:
                count = outcome.last - outcome.first + 1
                if bar is not None:
                    bar.update(count)
                if keep_run is not None:
                    keep_run(outcome.note, count)
                elif keep is not None:
                    for _ in range(count):
                        keep(outcome.note)
                result.add_run(count)
                buffers[0].add_rows(outcome.rows)  # type: ignore[union-attr]
                continue
            if bar is not None:
                bar.update(1)
            sentence, rows, note, error = outcome
            if error is not None:
                if error.fatal or (on_error == "raise" and not error.parse_failure):
                    raise error
                rescued = policy.rescue(sentence, error)
                if rescued is None:
                    continue
                sentence, rows, note, _ = rescued
            if keep is not None:
                try:
                    keep(note)
                except TedEvalError as err:
                    if hasattr(err, "partial") and len(buffers) == 1 and sums is None:
                        err.partial = StatsTable(scorer.columns[0], buffers[0].to_array())
                    raise
            key = _key(words_of, sentence) if sums is None else 0
            result.add(sentence.number, sentence.sentence_id, key)
            if one_table and len(rows) == 1:
                append(rows[0])
            else:
                for buffer, row in zip(buffers, rows, strict=True):
                    buffer.append(row)
    result.tables = [
        StatsTable(tuple(cols), buffer.take_array()) if isinstance(buffer, RowBuffer) else buffer
        for cols, buffer in zip(scorer.columns, buffers, strict=True)
    ]
    if result.missing:
        # In sentence order: a parse found bad when scored is recorded after those before.
        result.missing.sort(key=attrgetter("number"))
        result.bad_parses.sort(key=attrgetter("number"))
        by_system = result.missing_by_system(names)
        warn_missing(len(result.missing), result.read, by_system, missing, len(result.bad_parses))
    return result


_Outcome = tuple[Sentence, Rows, Any, TedEvalError | None]

_RECORDS = {SourceSentence}
_UNITS = {Unit}


class _Plain(NamedTuple):
    """Consecutive sentences ``first``..``last`` that a scorer's ``score_plain`` decided at
    once: their rows (one table, a row each, an array) and the note each one keeps."""

    first: int
    last: int
    rows: Any
    note: Any

    @property
    def number(self) -> int:  # where a run of the loop's batches places it
        return self.last


def _has_text_anyway(tree: Any) -> bool:
    """What a scorer that does not say which trees have text takes every tree for."""
    return True


def _plain_unit(unit: Unit) -> bool:
    """Whether an aligned unit of a gold and a parse is one sentence a side, of the same
    tokens, each a reader's record read without error (the sentences' trees then stand
    for the unit, as ParsEval scores it)."""
    if not unit.identical:
        return False
    return _clean_pair(unit.sides[0][0].item, unit.sides[1][0].item)


def _clean_pair(gold: Any, parse: Any) -> bool:
    """Whether a gold and a parse are readers' records read without error, each with a
    tree: the clean rows of plain runs, tested in attribute reads alone."""
    return (
        type(gold) is SourceSentence
        and type(parse) is SourceSentence
        and gold.error is None
        and parse.error is None
        and gold.tree is not None
        and parse.tree is not None
    )


def _record_sentence(
    number: int, row: Sequence[Any], k: int, present: tuple[bool, ...]
) -> Sentence:
    """The sentence of a row of reader records read without error, each with a tree, or of
    a row of aligned units (:func:`_plain_unit`)."""
    if type(row[0]) is Unit:
        units = tuple(row)
        where = tuple([{} for _ in units])
        return Sentence(number, None, units[:k], units[k:], present, where, (None,) * len(row))
    errors = tuple(map(_ERROR, row))
    trees = tuple(map(_TREE, row))
    return Sentence(
        number,
        next(filter(None, map(_SENTENCE_ID, row)), None),
        trees[:k],
        trees[k:],
        present,
        tuple([{"file": obj.file, "line": obj.line} for obj in row]),
        errors,
    )


_TREE, _ERROR, _SENTENCE_ID = attrgetter("tree"), attrgetter("error"), attrgetter("sentence_id")


def _key(words_of: Callable[[Any], Any] | None, sentence: Sentence) -> int:
    """What identifies a scored sentence for a paired test: its number, id and gold words."""
    words = words_of(sentence.golds[0]) if words_of is not None and sentence.golds else None
    return hash((sentence.number, sentence.sentence_id, words))


def _prepare(
    golds: Sequence[tuple[str, Iterable[Any]]],
    systems: Sequence[tuple[str, Iterable[Any]]],
    scorer: SentenceScorer,
    native: Sequence[int],
    on_error: str,
    policy: _Policy,
    result: LoopResult,
    align: str | None = None,
    plain: Callable[[list[Any], list[Any]], Any] | None = None,
) -> Iterator[Sentence | _Outcome | _Plain]:
    """Sentences ready to score; a bad or missing one is decided here, in the main process.

    With ``plain`` (a scorer's ``score_plain``, for one gold and one system),
    the clean rows of reader records between two multiples of
    :data:`BATCH_SENTENCES` go to it together: what it decides comes as
    :class:`_Plain` runs, the rest as sentences, in order.
    """
    k = len(golds)
    names = [name for name, _ in systems]
    counts_errors = getattr(scorer, "counts_reader_errors", False)
    # A parse without a word of text (an empty tree, only empty elements) is a
    # missing parse too; the scorer, which knows trees, says which are.
    has_text = getattr(scorer, "has_text", None)
    missing = policy.missing
    present = (False,) * len(systems)
    pending: list[tuple[int, Sequence[Any]]] = []  # clean rows of records for ``plain``

    def flush() -> Iterator[Sentence | _Plain]:
        yield from _plain_runs(pending, plain, k, present)  # type: ignore[arg-type]
        pending.clear()

    text = has_text if has_text is not None else _has_text_anyway
    bounds = result.length_filter
    length_of = _length_of(scorer) if bounds is not None else None
    for number, row in enumerate(zip_parallel([*golds, *systems]), start=1):
        if bounds is not None:
            # The gold decides, before anything else is looked at: a sentence outside the
            # bounds is no part of the run, for every system alike (SPEC.md §15).
            out = _outside_bounds(row, number, bounds, length_of)  # type: ignore[arg-type]
            if out is not None:
                result.left_out.append(out)
                if pending:
                    yield from flush()  # a plain run is consecutive sentences
                continue
        if plain is not None:
            # One gold, one parse (what plain runs take): a clean pair of records with a
            # parse of text, tested quickly (30,000 of them for ParsEval in a second), or
            # an aligned unit of one sentence of the same tokens on each side, scored as
            # that pair of sentences would be without alignment (SPEC.md §11).
            gold, parse = row
            if (_clean_pair(gold, parse) and text(parse.tree)) or (
                type(parse) is Unit and type(gold) is Unit and _plain_unit(parse)
            ):
                pending.append((number, row))
                if number % BATCH_SENTENCES == 0:
                    yield from flush()
                continue
            if pending:
                yield from flush()  # the clean rows before this one, in their order
        types = set(map(type, row))
        if types == _UNITS and not any(map(failures_of, row[k:])):
            # Aligned units, as the rest of this loop makes them: each its own tree, read
            # without error and never without text (a unit that lacks a parse comes as a
            # missing parse, no Unit; SPEC.md §11), answers of none that failed.
            yield _record_sentence(number, row, k, present)
            continue
        if types == _RECORDS and not any(map(is_not, map(_ERROR, row), repeat(None))):
            # Every source a reader's record read without error: most rows of most runs.
            # One with a tree on every side and a parse of text is what the rest of this
            # loop makes of it, made with the C iterators alone (issue 31).
            trees = tuple(map(_TREE, row))
            if not any(map(is_, trees, repeat(None))) and (
                has_text is None or all(map(has_text, trees[k:]))
            ):
                yield _record_sentence(number, row, k, present)
                continue
        # Every source's tree, place and reader error, and the first sentence id: once
        # per sentence, and ParsEval scores 30,000 of them in a second (issue 31).
        trees, places, faults = [], [], []
        sid = None
        for obj in row:
            kind = type(obj)
            if kind is SourceSentence:
                # unwrap's answer for a reader's record, without the call: 60,000 of them.
                trees.append(obj.tree)
                places.append({"file": obj.file, "line": obj.line})
                faults.append(obj.error)
                if sid is None:
                    sid = obj.sentence_id or None
            elif kind is Unit:
                # An aligned unit is its own tree, read without error (SPEC.md §11).
                trees.append(obj)
                places.append({})
                faults.append(None)
            else:
                tree, at, fault = unwrap(obj)
                trees.append(tree)
                places.append(at)
                faults.append(fault)
                if sid is None:
                    sid = getattr(obj, "sentence_id", None) or None
        where, errors = tuple(places), tuple(faults)
        absent = tuple(
            isinstance(obj, BaseException)
            or (err is None and (tree is None or (has_text is not None and not has_text(tree))))
            for obj, tree, err in zip(row[k:], trees[k:], errors[k:], strict=True)
        )
        sentence = Sentence(number, sid, tuple(trees[:k]), tuple(trees[k:]), absent, where, errors)
        # Counted whatever happens to the sentence (SPEC.md §14).
        failures: list[tuple[str, str, str, bool]] = []
        for name, obj in zip(names, row[k:], strict=True):
            # An answer says why it holds no tree (SPEC.md §14); kept when it is scored.
            failures += [(name, *f) for f in failures_of(obj)]
        for name, status, reason, kept in failures:
            if kept and align != "lcs":
                # Its words are not the sentence's: only the texts' alignment can score it;
                # anything else would drop it (EVALB's error row) or stop (SPEC.md §14).
                raise OptionError(
                    f"{name}: sentence {number}: an unfaithful answer kept "
                    "(unfaithful='keep', --unfaithful keep) is scored against the gold's text "
                    f"only with align='lcs' (--align lcs): {reason}"
                )
            result.answer_failures.append(AnswerFailure(number, name, status, reason, kept))
        reader_error = next((e for e in errors if e is not None), None)
        bad: dict[int, TedEvalError] = {}
        if (
            reader_error is not None
            and on_error == "skip"
            and (not counts_errors or missing != "skip")
        ):
            # A parse the reader could not read is its system's failed parse (SPEC.md §10);
            # only a bad gold leaves the sentence out of every system. A scorer that counts
            # unreadable lines itself (EVALB's error sentences) keeps them under "skip".
            bad = _bad_reads(errors, k, number, sid)
            if bad:
                reader_error = None
        if not counts_errors:
            if reader_error is None and any(tree is None for tree in trees[:k]):
                reader_error = _missing_gold(trees[:k], errors[:k], where, [n for n, _ in golds])
            if reader_error is not None:
                yield sentence, (), None, reader_error.locate(sentence=number, sentence_id=sid)
                continue
        if bad:
            absent = tuple(gone or j in bad for j, gone in enumerate(absent))
        if any(absent):
            why = tuple(
                (name, status, reason) for name, status, reason, kept in failures if not kept
            )
            decided = policy.apply(
                sentence, row[k:], tuple(j for j, gone in enumerate(absent) if gone), why, bad
            )
            if decided is not None:
                yield decided
            continue
        yield sentence
    if pending:
        yield from flush()


def _length_of(scorer: SentenceScorer) -> Callable[[Any], int]:
    """The scorer's count of a gold tree's words (its ``length``), for the length filter."""
    length = getattr(scorer, "length", None)
    if length is None:
        raise OptionError(
            f"{type(scorer).__name__} does not say how many words a gold sentence has: "
            "no length filter (min_length, max_length) can be applied to its run"
        )
    return length  # type: ignore[no-any-return]


def _outside_bounds(
    row: Sequence[Any], number: int, bounds: LengthBounds, length_of: Callable[[Any], int]
) -> LeftOutByLength | None:
    """The row's entry if its first gold's length is outside ``bounds``; ``None`` if it is
    inside, or if the gold has no length to tell (a bad gold, which the rest of the loop
    reports as it always does).

    Under alignment a row is a unit, whose length is the words of its gold sentences.
    """
    gold = row[0]
    if type(gold) is Unit:
        length = sum(len(s.tokens) for s in gold.gold)
    else:
        tree, _, error = unwrap(gold)
        if error is not None or tree is None or isinstance(tree, BaseException):
            return None
        try:
            length = length_of(tree)
        except TedEvalError:
            return None
    reason = bounds.reason(length)
    if reason is None:
        return None
    sid = next(filter(None, (getattr(obj, "sentence_id", None) for obj in row)), None)
    return LeftOutByLength(number, sid, length, reason)


def _bad_reads(
    errors: Sequence[TedEvalError | None], k: int, number: int, sid: str | None
) -> dict[int, TedEvalError]:
    """The reader errors of the parses of a sentence (by system), or none if a gold is bad
    too or an error is one no skipping can make right."""
    if any(e is not None for e in errors[:k]) or any(e.fatal for e in errors if e is not None):
        return {}
    return {
        j: e.locate(sentence=number, sentence_id=sid)
        for j, e in enumerate(errors[k:])
        if e is not None
    }


class _Policy:
    """The run's missing-parse policy (SPEC.md §10), for a sentence some of whose parses
    failed: missing ones, and bad ones (``on_error="skip"``), each its own system's.

    :meth:`apply` decides such a sentence where the loop finds it: before scoring
    (no parse, no text, a line the reader could not read) or after (a parse whose
    scoring raised, :meth:`rescue`).
    """

    def __init__(
        self,
        scorer: SentenceScorer,
        sides: Sequence[str],
        n_golds: int,
        native: Sequence[int],
        missing: str,
        result: LoopResult,
    ) -> None:
        self.scorer = scorer
        self.sides = list(sides)
        self.names = self.sides[n_golds:]
        self.native = native
        self.missing = missing
        self.result = result
        self.skip_missing = getattr(scorer, "skip_missing", None)

    def apply(
        self,
        sentence: Sentence,
        given: Sequence[Any],
        failed: tuple[int, ...],
        reasons: tuple[tuple[str, str, str], ...],
        bad: dict[int, TedEvalError],
    ) -> Sentence | _Outcome | None:
        """What the sentence becomes now that the parses ``failed`` (by system) failed.

        ``given`` holds what each system gave (a record, a tree, an exception,
        a unit); ``reasons`` why an answer held no tree (SPEC.md §14), ``bad``
        the error of each failed parse that was bad input. Raises under
        ``error``; under ``skip``, ``None`` (left out) or EVALB's skip row; under
        ``zero`` and ``flat``, the sentence with a stand-in for each failed parse,
        to score. Parses that failed before (``sentence.missing``) keep theirs.
        """
        result, names, k = self.result, self.names, len(sentence.golds)
        if self.missing == "error":
            j = failed[0]
            if j in bad:
                raise bad[j]
            obj = given[j]
            reason = f" ({type(obj).__name__}: {obj})" if isinstance(obj, BaseException) else ""
            err = MissingParseError(
                f"{names[j]} has no parse for this sentence{reason}; pass missing='skip', "
                "'zero' or 'flat' to score the others",
                **sentence.where[k + j],
            )
            # An aligned unit's missing sentence knows its own number.
            err.locate(sentence=getattr(obj, "sentence", None))
            raise _located(err, sentence, self.sides)
        reasons += tuple((names[j], "bad", str(err)) for j, err in sorted(bad.items()))
        absent = tuple(gone or j in failed for j, gone in enumerate(sentence.missing))
        lacking = tuple(name for name, gone in zip(names, absent, strict=True) if gone)
        entry = MissingSentence(sentence.number, sentence.sentence_id, lacking, reasons)
        if any(sentence.missing):
            _merge_missing(result.missing, entry)
        else:
            result.missing.append(entry)
        result.bad_parses += [
            BadParse(sentence.number, names[j], str(err)) for j, err in sorted(bad.items())
        ]
        if self.missing == "skip":
            rows = self.skip_missing(sentence) if self.skip_missing is not None else None
            if rows is None:
                return None
            result.missing_rows += 1
            return sentence, rows[0], rows[1], None
        golds, native, missing, scorer = sentence.golds, self.native, self.missing, self.scorer
        parses = tuple(
            stand_in(given[j], golds[native[j]], native[j], missing, lambda t: scorer.flat(t))
            if j in failed
            else tree
            for j, tree in enumerate(sentence.parses)
        )
        errors = sentence.errors
        if errors:
            # A stand-in is read without error: a scorer that counts unreadable lines scores it.
            errors = tuple(None if i >= k and i - k in failed else e for i, e in enumerate(errors))
        return sentence._replace(parses=parses, missing=absent, errors=errors)

    def rescue(self, sentence: Sentence, error: TedEvalError) -> _Outcome | None:
        """A sentence whose scoring raised ``error`` under ``on_error="skip"``: its outcome.

        A parse that makes the sentence bad is its system's failed parse, under
        the policy; a sentence whose gold is bad (or whose fault lies in no one
        parse) is left out of every system and listed as skipped.
        """
        bad = {
            j: _located(err, sentence, self.sides)
            for j, err in _faulty_parses(self.scorer, sentence, error, self.native).items()
        }
        if not bad:
            self.result.skipped.append(
                SkippedSentence(sentence.number, sentence.sentence_id, str(error))
            )
            return None
        given: list[Any] = list(sentence.parses)
        if self.missing in ("zero", "flat"):
            for j in bad:
                if type(given[j]) is Unit:
                    # Which of the unit's parse sentences is at fault is not known: the
                    # whole parse side of the unit failed.
                    from ..alignment.streams import FailedUnit

                    given[j] = FailedUnit(given[j])
        decided = self.apply(sentence, given, tuple(sorted(bad)), (), bad)
        if not isinstance(decided, Sentence):
            return decided
        outcome = _score_one(self.scorer, decided, self.sides)
        if outcome[3] is not None:  # no stand-in is bad input: the gold must be
            self.result.skipped.append(
                SkippedSentence(sentence.number, sentence.sentence_id, str(outcome[3]))
            )
            return None
        return outcome


def _nothing_right(parse: Any, native: int) -> Any:
    """What stands in for ``parse`` with nothing right (``missing="zero"``): :data:`ZERO`, or
    under alignment the unit whose parse sentences are all :data:`ZERO` (SPEC.md §11)."""
    if type(parse) is not Unit:
        return ZERO
    from ..alignment.streams import FailedUnit

    return FailedUnit(parse).stand_in(lambda _: ZERO, native)


def _merge_missing(missing: list[MissingSentence], entry: MissingSentence) -> None:
    """Put ``entry`` in place of the entry of its sentence (recorded before it was scored)."""
    for i in range(len(missing) - 1, -1, -1):
        if missing[i].number == entry.number:
            old = missing[i]
            missing[i] = MissingSentence(
                entry.number, entry.sentence_id, entry.systems, old.reasons + entry.reasons
            )
            return
    missing.append(entry)


def _faulty_parses(
    scorer: SentenceScorer, sentence: Sentence, error: TedEvalError, native: Sequence[int]
) -> dict[int, TedEvalError]:
    """The parses (by system) that make ``sentence`` bad, each with its error; none if the
    gold is bad by itself, or no one parse is at fault.

    The scorer is asked again with every parse but one standing aside, as a
    parse with nothing right (:data:`ZERO`, which any gold can be scored
    against): a sentence that fails so with no parse at all has a bad gold.
    Only a bad sentence costs this.
    """
    n, k = len(sentence.parses), len(sentence.golds)
    aside = [_nothing_right(p, native[j]) for j, p in enumerate(sentence.parses)]

    def attempt(keep: int | None) -> TedEvalError | None:
        parses = tuple(
            p if j == keep or sentence.missing[j] else aside[j]
            for j, p in enumerate(sentence.parses)
        )
        errors = sentence.errors
        if errors:
            errors = tuple(e if i < k or i - k == keep else None for i, e in enumerate(errors))
        try:
            scorer.score(sentence._replace(parses=parses, errors=errors))
        except TedEvalError as err:
            return err
        return None

    try:
        if attempt(None) is not None:
            return {}
        candidates = [j for j in range(n) if not sentence.missing[j]]
        if len(candidates) == 1:
            return {candidates[0]: error}
        found = {j: attempt(j) for j in candidates}
    except NotImplementedError:
        return {}  # a metric without a row for nothing right cannot tell
    return {j: err for j, err in found.items() if err is not None}


def _plain_runs(
    rows: Sequence[tuple[int, Sequence[Any]]],
    plain: Callable[[list[Any], list[Any]], Any],
    k: int,
    present: tuple[bool, ...],
) -> Iterator[Sentence | _Plain]:
    """Consecutive clean rows of records (one gold, one system) as ``plain`` decides them:
    a :class:`_Plain` for each stretch it scored, a sentence for each it left, in order.

    ``plain(golds, parses)`` gives ``(rows, decided, note)``: an array of a row
    per sentence, which of them are final, and the note each final one keeps;
    ``None`` leaves every sentence to the batches.
    """
    if type(rows[0][1][0]) is Unit:
        # Units of one sentence a side (_plain_unit): the trees of those sentences.
        golds = [row[1].sides[0][0].item.tree for _, row in rows]
        parses = [row[1].sides[1][0].item.tree for _, row in rows]
    else:
        golds = [row[0].tree for _, row in rows]
        parses = [row[1].tree for _, row in rows]
    decided = plain(golds, parses)
    if decided is None:
        for number, row in rows:
            yield _record_sentence(number, row, k, present)
        return
    table, final, note = decided
    n, i = len(rows), 0
    while i < n:
        if final[i]:
            j = i + 1
            while j < n and final[j]:
                j += 1
            yield _Plain(rows[i][0], rows[j - 1][0], table[i:j], note)
        else:
            j = i + 1
            yield _record_sentence(*rows[i], k, present)
        i = j


def _missing_gold(
    trees: Sequence[Any],
    errors: Sequence[TedEvalError | None],
    where: Sequence[dict[str, Any]],
    names: Sequence[str],
) -> TedEvalError | None:
    """A gold without a tree is a bad sentence, not a missing parse: the reference is wrong."""
    for tree, err, at, name in zip(trees, errors, where, names, strict=False):
        if tree is None and err is None:
            return TreeStructureError(
                f"{name} has no tree for this sentence (an empty line or None); a missing "
                "parse is allowed, a missing gold is not",
                **at,
            )
    return None


def _score_one(scorer: SentenceScorer, sentence: Sentence, sides: Sequence[str] = ()) -> _Outcome:
    try:
        rows, note = scorer.score(sentence)
    except TedEvalError as err:
        return sentence, (), None, _located(err, sentence, sides)
    return sentence, rows, note, None


def _score_batch(
    scorer: SentenceScorer, items: Sequence[Sentence | _Outcome], sides: Sequence[str] = ()
) -> Iterator[_Outcome]:
    """The outcomes of a run of items in order: ``score_batch``'s, ``score``'s for the
    sentences it leaves, and the items decided before as they are."""
    batch = getattr(scorer, "score_batch", None)
    sentences = [item for item in items if isinstance(item, Sentence)]
    decided = iter(batch(sentences) if batch is not None and sentences else ())
    for item in items:
        if not isinstance(item, Sentence):
            yield item
            continue
        scored = next(decided, None)
        if scored is None:  # scored in its turn: not at all if the caller stops before
            yield _score_one(scorer, item, sides)
        else:
            yield item, scored[0], scored[1], None


def _number(item: Sentence | _Outcome | _Plain) -> int:
    return (item if isinstance(item, (Sentence, _Plain)) else item[0]).number


def _located(err: TedEvalError, sentence: Sentence, sides: Sequence[str]) -> TedEvalError:
    """``err`` placed at its sentence; an aligned unit (SPEC.md §11) names its sentences.

    A row of an aligned run is a unit, whose number is no sentence's: the
    error names the unit and every side's sentences in it instead.
    """
    describe = getattr(sentence.golds[0], "describe", None) if sentence.golds else None
    if describe is not None:
        return err.locate(sentence_id=sentence.sentence_id, unit=describe(sides))
    return err.locate(sentence=sentence.number, sentence_id=sentence.sentence_id)


def _outcomes(
    prepared: Iterator[Sentence | _Outcome],
    scorer: SentenceScorer,
    jobs: int,
    sides: Sequence[str] = (),
) -> Iterator[_Outcome]:
    # Batches amortise the cost of shipping trees to worker processes; the
    # generator output keeps both the order and the streaming. Sentences
    # decided in the main process (bad, or left out as missing) keep their
    # place in the order. A scorer whose sentences are cheaper to score than
    # to ship says so with batch_size None, and stays in this process.
    size = getattr(scorer, "batch_size", BATCH_SENTENCES)
    if jobs == 1 or size is None:
        if getattr(scorer, "score_batch", None) is None:
            for item in prepared:
                yield item if not isinstance(item, Sentence) else _score_one(scorer, item, sides)
            return
        it = iter(prepared)
        first = next(it, None)
        while first is not None:
            with collector_paused():  # until the run's sentences are gone
                run, first = take_run(it, first, BATCH_SENTENCES, _number)
                scored = _score_batch(scorer, run, sides)
                del run
                yield from scored
                del scored
        return
    from joblib import Parallel, delayed

    def batches() -> Iterator[list[Sentence | _Outcome]]:
        it = iter(prepared)
        while batch := list(islice(it, size)):
            yield batch

    def work(batch: list[Sentence | _Outcome]) -> list[_Outcome]:
        return list(_score_batch(scorer, batch, sides))

    runner = Parallel(n_jobs=jobs, return_as="generator")
    for done in runner(delayed(work)(b) for b in batches()):
        yield from done
