"""The shape every NLTK-style evaluator of nltk_tedeval shares.

nltk's ``DependencyEvaluator(parsed_sents, gold_sents).eval()`` returns a
tuple of floats. Our evaluators keep that call and build everything on the
"statistics, then scores" design of :mod:`nltk_tedeval.scoring.stats`: a subclass
only says how to turn one sentence into a row of integers
(:meth:`Evaluator._sentence_stats`) and which :class:`~nltk_tedeval.scoring.stats.Measure`
objects it offers; the loop over sentences, bad-sentence handling, scores,
macro averages, per-sentence scores and the significance test come from here.

>>> from nltk_tedeval.scoring.stats import Measure, accuracy
>>> class Toy(Evaluator):
...     measures = {"ACC": Measure("ACC", ("correct", "total"), accuracy)}
...     primary = ("ACC",)
...     columns = ("correct", "total")
...     def _sentence_stats(self, parsed, gold):
...         return (sum(p == g for p, g in zip(parsed, gold)), len(gold)), None
>>> (acc,) = Toy([[1, 2, 3]], [[1, 2, 4]]).eval()
>>> round(acc, 4)
0.6667
>>> a, b = Toy.evaluate_systems([[1, 2]], [[[1, 2]], [[1, 0]]])
>>> float(a.eval()[0]), float(b.eval()[0])
(1.0, 0.5)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence, Sized
from dataclasses import dataclass
from typing import Any, ClassVar

from ..errors import OptionError, SentenceCountError, TedEvalError
from ..records import require_corpora, require_corpus, unwrap
from .significance import DEFAULT_ROUNDS, DEFAULT_SEED, SignificanceResult, paired_randomization
from .stats import Measure, RowBuffer, Score, Signature, StatsTable

__all__ = ["ON_ERROR", "Evaluator", "SkippedSentence", "zip_parallel"]

ON_ERROR = ("raise", "skip")
"""What to do with a bad sentence: stop with its error, or leave it out and list it."""


class UnknownNameError(OptionError, KeyError):
    """A measure or experiment name that does not exist: an OptionError, and a KeyError."""


@dataclass(frozen=True)
class SkippedSentence:
    """A sentence left out of every system, and why.

    >>> SkippedSentence(3, "s-3", "a cycle").as_dict()
    {'sentence': 3, 'id': 's-3', 'reason': 'a cycle'}
    """

    number: int
    sentence_id: str | None
    reason: str

    def as_dict(self) -> dict[str, object]:
        return {"sentence": self.number, "id": self.sentence_id, "reason": self.reason}


def check_on_error(on_error: str) -> str:
    if on_error not in ON_ERROR:
        raise OptionError(f"on_error must be 'raise' or 'skip', not {on_error!r}")
    return on_error


def zip_parallel(named: Sequence[tuple[str, Iterable[Any] | None]]) -> Iterator[list[Any]]:
    """Zip parallel sentence sources in lockstep, streaming.

    Raises :class:`~nltk_tedeval.errors.SentenceCountError` naming the
    source that ends first and after how many sentences.
    """
    iters = [(name, iter(src)) for name, src in named if src is not None]
    lengths = [(name, len(src)) for name, src in named if isinstance(src, Sized)]
    if len({n for _, n in lengths}) > 1:
        desc = ", ".join(f"{name} has {n}" for name, n in lengths)
        raise SentenceCountError(f"the sentence lists differ in length: {desc}")
    number = 0
    while True:
        row, ended = [], []
        for name, it in iters:
            try:
                row.append(next(it))
            except StopIteration:
                ended.append(name)
        if ended:
            if len(ended) == len(iters):
                return
            going = [name for name, _ in iters if name not in ended]
            raise SentenceCountError(
                f"{', '.join(ended)} ended after {number} sentences, but "
                f"{', '.join(going)} continue(s); every source needs one tree per sentence"
            )
        number += 1
        yield row


class Evaluator:
    """Base of the evaluators: parsed and gold sentences in, scores out.

    Subclasses set :attr:`measures` (name to :class:`Measure`), :attr:`primary`
    (the names :meth:`eval` returns, in order) and :attr:`columns`, and
    implement :meth:`_sentence_stats`, which turns one (parsed, gold) pair
    into a row of integers; they may extend :meth:`signature_fields`.
    Statistics are computed once, on first use.

    Sentences may be lists or any iterables (read once, in a stream), of
    trees or of reader records (see :func:`unwrap`). With
    ``on_error="skip"`` a sentence whose statistics cannot be computed is
    left out and listed in :attr:`skipped`; :attr:`numbers` gives the number
    (from 1) of every scored sentence, row by row.

    >>> from nltk_tedeval.metrics.attachment import AttachmentEvaluator
    >>> from nltk_tedeval.trees.dependency import DependencyTree
    >>> gold = DependencyTree(("I", "left"), (2, 0), ("nsubj", "root"))
    >>> parse = DependencyTree(("I", "left"), (2, 0), ("obj", "root"))
    >>> las, uas = AttachmentEvaluator([parse], [gold]).eval()
    >>> float(las), float(uas)
    (0.5, 1.0)
    """

    measures: ClassVar[dict[str, Measure]] = {}
    primary: ClassVar[tuple[str, ...]] = ()
    columns: ClassVar[tuple[str, ...]] = ()
    metric: ClassVar[str] = "metric"

    def __init__(
        self, parsed_sents: Iterable[Any], gold_sents: Iterable[Any], *, on_error: str = "raise"
    ) -> None:
        self.parsed_sents = require_corpus(parsed_sents, "parsed_sents")
        self.gold_sents = require_corpus(gold_sents, "gold_sents")
        sized = isinstance(parsed_sents, Sized) and isinstance(gold_sents, Sized)
        if sized and len(parsed_sents) != len(gold_sents):  # type: ignore[arg-type]
            raise SentenceCountError(
                f"{len(parsed_sents)} parsed sentences but {len(gold_sents)} gold "
                "sentences; evaluation needs one parse per gold sentence"
            )
        self.on_error = check_on_error(on_error)
        self._stats: StatsTable | None = None
        self._numbers: list[int] = []
        self._skipped: list[SkippedSentence] = []

    @property
    def numbers(self) -> list[int]:
        """The number (from 1) of every scored sentence, in the order of :attr:`stats`."""
        _ = self.stats
        return self._numbers

    @property
    def skipped(self) -> list[SkippedSentence]:
        """Sentences left out with ``on_error="skip"``, with their reasons."""
        _ = self.stats
        return self._skipped

    # -- to implement ---------------------------------------------------------

    def _sentence_stats(self, parsed: Any, gold: Any) -> tuple[Sequence[int], Any]:
        """``(row, note)`` for one sentence; raise a TedEvalError if it is bad.

        ``row`` holds the sentence's statistics in :attr:`columns` order.
        ``note`` is anything the metric wants to remember about the sentence
        (per-relation counts, say); it is handed to :meth:`_keep` only if the
        sentence is scored, so a sentence skipped because another system
        failed on it leaves no trace.
        """
        raise NotImplementedError

    def _start(self) -> None:
        """Reset per-run state before the first sentence."""

    def _keep(self, note: Any) -> None:
        """Remember a scored sentence's note."""

    def _finish(self) -> None:
        """Complete per-run state after the last sentence."""

    # -- the loop, for one or several systems on the same gold ------------------

    def _compute_stats(self) -> StatsTable:
        rows = zip_parallel([("gold_sents", self.gold_sents), ("parsed_sents", self.parsed_sents)])
        _run_systems([self], ((gold, [parsed]) for gold, parsed in rows))
        assert self._stats is not None
        return self._stats

    @classmethod
    def evaluate_systems(
        cls,
        gold_sents: Iterable[Any],
        systems: Sequence[Iterable[Any]],
        *,
        names: Sequence[str] | None = None,
        on_error: str = "raise",
        **options: Any,
    ) -> list[Evaluator]:
        """Score several systems against one gold in one pass over the data.

        A sentence that is bad for any system is left out of every system
        (``on_error="skip"``) so paired comparisons and significance tests
        see the same sentences. Returns one evaluator per system, ready.
        """
        require_corpus(gold_sents, "gold_sents")
        systems = require_corpora(systems, "systems")
        names = list(names or [f"system {i + 1}" for i in range(len(systems))])
        evaluators = [cls([], [], on_error=on_error, **options) for _ in systems]
        rows = zip_parallel([("gold", gold_sents), *zip(names, systems, strict=True)])
        _run_systems(evaluators, ((row[0], row[1:]) for row in rows))
        return evaluators

    def signature_fields(self) -> dict[str, object]:
        """Options that change the numbers; subclasses add theirs."""
        return {"metric": self.metric}

    # -- shared ---------------------------------------------------------------

    @property
    def stats(self) -> StatsTable:
        """Per-sentence sufficient statistics, one row per sentence."""
        if self._stats is None:
            self._stats = self._compute_stats()
        return self._stats

    @property
    def signature(self) -> Signature:
        """The :class:`Signature` of every option that changes a number."""
        return Signature(self.signature_fields())

    def measure(self, name: str) -> Measure:
        """The :class:`Measure` called ``name``."""
        try:
            return self.measures[name]
        except KeyError:
            raise UnknownNameError(
                f"{type(self).__name__} has no measure {name!r}; it has {sorted(self.measures)}"
            ) from None

    def score(self, name: str, *, average: str = "micro", stats: StatsTable | None = None) -> Score:
        """The corpus (``"micro"``, default) or ``"macro"`` score of one measure."""
        return Score.from_table(
            self.stats if stats is None else stats,
            self.measure(name),
            signature=self.signature,
            average=average,
        )

    def scores(self, *, average: str = "micro") -> dict[str, Score]:
        """Every measure, by name."""
        return {name: self.score(name, average=average) for name in self.measures}

    def eval(self) -> tuple[Score, ...]:
        """The primary corpus scores, as nltk's evaluators return them."""
        return tuple(self.score(name) for name in self.primary)

    def sentence_scores(self, name: str) -> list[float]:
        """The score of every sentence on its own under measure ``name``."""
        return self.stats.per_sentence(self.measure(name)).tolist()

    def significance(
        self,
        other: Evaluator,
        name: str,
        *,
        rounds: int = DEFAULT_ROUNDS,
        seed: int = DEFAULT_SEED,
    ) -> SignificanceResult:
        """Paired randomization test of this system against ``other`` on ``name``."""
        return paired_randomization(
            self.stats, other.stats, self.measure(name), rounds=rounds, seed=seed
        )


def _run_systems(
    evaluators: Sequence[Evaluator], rows: Iterable[tuple[Any, Sequence[Any]]]
) -> None:
    on_error = evaluators[0].on_error
    tables = [RowBuffer(len(ev.columns)) for ev in evaluators]
    numbers: list[int] = []
    skipped: list[SkippedSentence] = []
    for ev in evaluators:
        ev._start()
    for number, (gold, parses) in enumerate(rows, start=1):
        g_tree, g_where, g_err = unwrap(gold)
        sid = getattr(gold, "sentence_id", None) or next(
            (getattr(p, "sentence_id", None) for p in parses if getattr(p, "sentence_id", None)),
            None,
        )
        results = []
        try:
            if g_err is not None:
                raise g_err
            for ev, parsed in zip(evaluators, parses, strict=True):
                p_tree, p_where, p_err = unwrap(parsed)
                if p_err is not None:
                    raise p_err
                try:
                    results.append(ev._sentence_stats(p_tree, g_tree))
                except TedEvalError as err:
                    # Name the file of the tree the error is about, when known;
                    # an error about both trees (a yield mismatch) names both.
                    if err.side is None and err.file is None:
                        _name_both(err, g_where, p_where)
                    where = {"parse": p_where, "gold": g_where}.get(err.side or "", {})
                    raise err.locate(**where) from None
        except TedEvalError as err:
            err.locate(sentence=number, sentence_id=sid)
            if on_error == "raise":
                raise
            skipped.append(SkippedSentence(number, sid, str(err)))
            continue
        numbers.append(number)
        for ev, table, (row, note) in zip(evaluators, tables, results, strict=True):
            table.append(row)
            ev._keep(note)
    for ev, table in zip(evaluators, tables, strict=True):
        ev._finish()
        ev._numbers = list(numbers)
        ev._skipped = list(skipped)
        ev._stats = StatsTable(ev.columns, table.to_array())


def _name_both(err: TedEvalError, gold: dict[str, Any], parse: dict[str, Any]) -> None:
    """Add the files and lines of both trees to the message of an error about both."""
    files = [
        f"{side} {where['file']}" + (f":{where['line']}" if where.get("line") else "")
        for side, where in (("gold", gold), ("parse", parse))
        if where.get("file")
    ]
    if files:
        err.message = f"{err.message} ({', '.join(files)})"
        err.args = (err.message,)
