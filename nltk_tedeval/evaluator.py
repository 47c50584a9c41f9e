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
from typing import Any, ClassVar

from .errors import SentenceCountError
from .significance import DEFAULT_ROUNDS, DEFAULT_SEED, SignificanceResult, paired_randomization
from .stats import Measure, Score, Signature, StatsTable

__all__ = ["Evaluator"]


class Evaluator:
    """Base of the evaluators: parsed and gold sentences in, scores out.

    Subclasses set :attr:`measures` (name to :class:`Measure`), :attr:`primary`
    (the names :meth:`eval` returns, in order) and implement
    :meth:`_compute_stats`; they may extend :meth:`signature_fields`.
    Statistics are computed once, on first use.
    """

    measures: ClassVar[dict[str, Measure]] = {}
    primary: ClassVar[tuple[str, ...]] = ()
    metric: ClassVar[str] = "metric"

    def __init__(self, parsed_sents: Sequence[Any], gold_sents: Sequence[Any]) -> None:
        self.parsed_sents = list(parsed_sents)
        self.gold_sents = list(gold_sents)
        if len(self.parsed_sents) != len(self.gold_sents):
            raise SentenceCountError(
                f"{len(self.parsed_sents)} parsed sentences but {len(self.gold_sents)} gold "
                "sentences; evaluation needs one parse per gold sentence"
            )
        self._stats: StatsTable | None = None

    # -- to implement ---------------------------------------------------------

    def _compute_stats(self) -> StatsTable:
        raise NotImplementedError

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
