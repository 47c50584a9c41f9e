"""The shape every NLTK-style evaluator of nltk_tedeval shares.

nltk's ``DependencyEvaluator(parsed_sents, gold_sents).eval()`` returns a
tuple of floats. Our evaluators keep that call and build everything on the
"statistics, then scores" design of :mod:`nltk_tedeval.stats`: a subclass
only says how to turn the sentences into a :class:`~nltk_tedeval.stats.StatsTable`
(:meth:`Evaluator._compute_stats`) and which :class:`~nltk_tedeval.stats.Measure`
objects it offers; scores, macro averages, per-sentence scores and the
significance test come from here.

>>> from nltk_tedeval.stats import Measure, accuracy
>>> class Toy(Evaluator):
...     measures = {"ACC": Measure("ACC", ("correct", "total"), accuracy)}
...     primary = ("ACC",)
...     def _compute_stats(self):
...         return StatsTable(("correct", "total"),
...                           [(sum(p == g for p, g in zip(ps, gs)), len(gs))
...                            for ps, gs in zip(self.parsed_sents, self.gold_sents)])
>>> (acc,) = Toy([[1, 2, 3]], [[1, 2, 4]]).eval()
>>> round(acc, 4)
0.6667
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import OptionError, SentenceCountError, TedEvalError
from .significance import DEFAULT_ROUNDS, DEFAULT_SEED, SignificanceResult, paired_randomization
from .stats import Measure, Score, Signature, StatsTable

__all__ = ["ON_ERROR", "Evaluator", "SkippedSentence", "unwrap"]

ON_ERROR = ("raise", "skip")
"""What to do with a bad sentence: stop with its error, or leave it out and list it."""


@dataclass(frozen=True)
class SkippedSentence:
    """A sentence left out of every system, and why."""

    number: int
    sentence_id: str | None
    reason: str

    def as_dict(self) -> dict[str, object]:
        return {"sentence": self.number, "id": self.sentence_id, "reason": self.reason}


def unwrap(obj: Any) -> tuple[Any, dict[str, Any], TedEvalError | None]:
    """A tree, where it came from, and the reader's error for a bad record.

    Evaluators accept trees or the records of :mod:`nltk_tedeval.readers`
    (anything with ``tree``, ``error``, ``file`` and ``line`` attributes), so
    that errors can name the file and line without the evaluators knowing
    about files.
    """
    if hasattr(obj, "tree") and hasattr(obj, "error"):
        where = {"file": getattr(obj, "file", None), "line": getattr(obj, "line", None)}
        return obj.tree, where, obj.error
    return obj, {}, None


def check_on_error(on_error: str) -> str:
    if on_error not in ON_ERROR:
        raise OptionError(f"on_error must be 'raise' or 'skip', not {on_error!r}")
    return on_error


class Evaluator:
    """Base of the evaluators: parsed and gold sentences in, scores out.

    Subclasses set :attr:`measures` (name to :class:`Measure`), :attr:`primary`
    (the names :meth:`eval` returns, in order) and :attr:`columns`, and
    implement :meth:`_sentence_stats`, which turns one (parsed, gold) pair
    into a row of integers; they may extend :meth:`signature_fields`.
    Statistics are computed once, on first use.

    Sentences may be trees or reader records (see :func:`unwrap`). With
    ``on_error="skip"`` a sentence whose statistics cannot be computed is
    left out and listed in :attr:`skipped`; :attr:`numbers` gives the number
    (from 1) of every scored sentence, row by row.
    """

    measures: ClassVar[dict[str, Measure]] = {}
    primary: ClassVar[tuple[str, ...]] = ()
    columns: ClassVar[tuple[str, ...]] = ()
    metric: ClassVar[str] = "metric"

    def __init__(
        self, parsed_sents: Sequence[Any], gold_sents: Sequence[Any], *, on_error: str = "raise"
    ) -> None:
        self.parsed_sents = list(parsed_sents)
        self.gold_sents = list(gold_sents)
        if len(self.parsed_sents) != len(self.gold_sents):
            raise SentenceCountError(
                f"{len(self.parsed_sents)} parsed sentences but {len(self.gold_sents)} gold "
                "sentences; evaluation needs one parse per gold sentence"
            )
        self.on_error = check_on_error(on_error)
        self._stats: StatsTable | None = None
        self.numbers: list[int] = []
        self.skipped: list[SkippedSentence] = []

    # -- to implement ---------------------------------------------------------

    def _sentence_stats(self, parsed: Any, gold: Any) -> Sequence[int]:
        """The statistics row of one sentence; raise a TedEvalError if it is bad."""
        raise NotImplementedError

    def _compute_stats(self) -> StatsTable:
        rows = []
        for number, (parsed, gold) in enumerate(
            zip(self.parsed_sents, self.gold_sents, strict=True), start=1
        ):
            p_tree, p_where, p_err = unwrap(parsed)
            g_tree, g_where, g_err = unwrap(gold)
            sid = getattr(gold, "sentence_id", None) or getattr(parsed, "sentence_id", None)
            try:
                if g_err is not None or p_err is not None:
                    raise g_err or p_err  # type: ignore[misc]
                try:
                    row = self._sentence_stats(p_tree, g_tree)
                except TedEvalError as err:
                    # Name the file of the tree the error is about, when known.
                    where = {"parse": p_where, "gold": g_where}.get(err.side or "", {})
                    raise err.locate(**where) from None
            except TedEvalError as err:
                err.locate(sentence=number, sentence_id=sid)
                if self.on_error == "raise":
                    raise
                self.skipped.append(SkippedSentence(number, sid, str(err)))
                continue
            rows.append(row)
            self.numbers.append(number)
        return StatsTable(self.columns, rows)

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
            raise KeyError(
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
