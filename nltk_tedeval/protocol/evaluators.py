"""TedEval evaluators in the shape of nltk's ``DependencyEvaluator``.

:class:`TedEvalEvaluator` scores one parser against its native gold (the
SINGLE scenario of the 2012 paper, §4) or, given the golds of other
theories, against the generalization of all golds of each sentence
(MULTIPLE). :class:`CrossFrameworkEvaluator` runs a whole cross-framework
experiment: several parsers, each with the gold of its own theory, every
one scored in both scenarios and both modes, plus the cross-theory overlap
of every pair of golds and pairwise significance.

The scores are the paper's TEDEVAL metric (§3.3), ``1 − Σδ / Σι`` over the
corpus, in labeled and unlabeled mode. Everything is computed from per
sentence (δ, ι) statistics, see :mod:`nltk_tedeval.scoring.stats`.

>>> from nltk.parse import DependencyGraph
>>> gold = DependencyGraph("arrive VB 0 ROOT\\non IN 1 prep\\nSunday NNP 2 pobj")
>>> parse = DependencyGraph("arrive VB 0 ROOT\\non IN 1 prep\\nSunday NNP 1 pobj")
>>> labeled, unlabeled = TedEvalEvaluator([parse], [gold]).eval()
>>> round(labeled, 4), round(unlabeled, 4)
(0.6667, 0.8571)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ..errors import OptionError
from ..records import require_corpora, require_corpus
from ..scoring.evaluator import Evaluator, UnknownNameError
from ..scoring.loop import (
    LoopResult,
    RunAccounts,
    Sentence,
    check_jobs,
    check_missing,
    check_on_error,
)
from ..scoring.significance import (
    DEFAULT_ROUNDS,
    DEFAULT_SEED,
    SignificanceResult,
    paired_randomization,
)
from ..scoring.stats import Measure, Score, Signature, StatsTable, edit_score
from ..trees.convert import Converter
from .sentence import (
    COLUMNS,
    ProtocolConfig,
    ProtocolResult,
    ProtocolScorer,
    Row,
    SentenceResult,
    run_protocol,
    table_results,
)

__all__ = [
    "LABELED",
    "UNLABELED",
    "CrossFrameworkEvaluator",
    "Experiment",
    "TedEvalEvaluator",
]

LABELED = Measure(
    "TEDEVAL labeled",
    ("delta_labeled", "iota_labeled"),
    edit_score,
    "no labeled item on either side (Σι = 0): no function label to compare",
)
"""TedEval over labeled items (every function label over every span)."""
UNLABELED = Measure(
    "TEDEVAL unlabeled",
    ("delta_unlabeled", "iota_unlabeled"),
    edit_score,
    "no span below the sentence on either side (Σι = 0)",
)
"""TedEval over unlabeled items (every span but the whole sentence)."""

_TL_NOTE = (
    "{gold} carries {other} labels by TL-unification; {parses} cannot "
    "produce them, so their labeled scores count those labels as missed and stay "
    "below 1.0 even for a parse equal to the gold (SPEC.md §5)"
)

_CONVERTER_OPTIONS = ("labeler", "head_label", "strip_subtypes", "projectivize", "label_map")


def _converter(converter: Converter | None, options: Mapping[str, Any]) -> Converter:
    unknown = set(options) - set(_CONVERTER_OPTIONS)
    if unknown:
        raise OptionError(
            f"unknown option(s) {', '.join(sorted(unknown))}; "
            f"conversion options are {', '.join(_CONVERTER_OPTIONS)}"
        )
    if converter is not None:
        if options:
            raise OptionError("pass either converter= or conversion options, not both")
        return converter
    return Converter(**options)


class TedEvalEvaluator(Evaluator):
    """TedEval for one parser, in the SINGLE or MULTIPLE scenario.

    ``parsed_sents`` and ``gold_sents`` are parallel sequences (or iterables,
    read once) of ``nltk.Tree``, ``DependencyGraph`` or
    :class:`~nltk_tedeval.trees.mft.MultiFunctionTree`, mixed freely. Passing
    ``other_golds`` (a list of parallel gold lists of other theories)
    switches to MULTIPLE: the reference of each sentence is the
    generalization of its gold with every other gold.

    Options:

    - conversion options for this theory (``labeler``, ``head_label``,
      ``strip_subtypes``, ``projectivize``, ``label_map``; see
      :class:`~nltk_tedeval.trees.convert.Converter`), or a ready ``converter``;
      ``other_converters`` gives one converter per other gold list
      (default: the same options);
    - ``tl_unify_with``: a parallel gold list of another theory whose labels
      enrich this gold by TL-unification (PTB ⊔tl SD in the 2012 paper);
    - ``engine``: ``"span"`` (exact, linear, default) or ``"apted"``;
    - ``on_error``: ``"raise"`` (default) or ``"skip"`` bad sentences,
      leaving them out and listing them in :attr:`skipped`;
    - ``missing``: what a missing parse (``None``) does: ``"skip"``
      (default), ``"zero"``, ``"flat"`` or ``"error"`` (SPEC.md §10);
    - ``jobs``: worker processes for the APTED engine; the span engine always
      runs in one process, which is faster.

    ``eval()`` returns the corpus (micro) scores ``(labeled, unlabeled)``.

    >>> from nltk import Tree
    >>> gold = Tree.fromstring("(S (NP-SBJ (PRP I)) (VP (VBD saw) (NP-OBJ (PRP her))))")
    >>> parse = Tree.fromstring("(S (NP-SBJ (PRP I)) (VP (VBD saw) (NP (PRP her))))")
    >>> ev = TedEvalEvaluator([parse], [gold])
    >>> [round(s, 4) for s in ev.eval()]
    [0.6667, 1.0]
    >>> ev.sentence_results()[0].delta_labeled
    1
    """

    metric = "tedeval"
    measures: ClassVar[dict[str, Measure]] = {"labeled": LABELED, "unlabeled": UNLABELED}
    primary = ("labeled", "unlabeled")
    columns = COLUMNS

    def __init__(
        self,
        parsed_sents: Iterable[Any],
        gold_sents: Iterable[Any],
        *,
        other_golds: Sequence[Iterable[Any]] = (),
        other_converters: Sequence[Converter] | None = None,
        tl_unify_with: Iterable[Any] | None = None,
        tl_converter: Converter | None = None,
        engine: str = "span",
        on_error: str = "raise",
        missing: str = "skip",
        jobs: int = 1,
        progress: bool | None = False,
        converter: Converter | None = None,
        **options: Any,
    ) -> None:
        super().__init__(
            parsed_sents, gold_sents, on_error=on_error, missing=missing, progress=progress
        )
        self.converter = _converter(converter, options)
        self.other_golds = require_corpora(other_golds, "other_golds")
        if tl_unify_with is not None:
            require_corpus(tl_unify_with, "tl_unify_with")
        if other_converters is None:
            other_converters = [self.converter] * len(self.other_golds)
        if len(other_converters) != len(self.other_golds):
            raise OptionError("give one converter per other gold list")
        self.tl_unify_with = tl_unify_with
        aux = () if tl_unify_with is None else (tl_converter or self.converter,)
        k = 1 + len(self.other_golds)
        self.config = ProtocolConfig(
            converters=(self.converter, *other_converters),
            parse_theories=(0,),
            theory_names=("gold", *(f"other gold {i + 1}" for i in range(len(self.other_golds)))),
            parse_names=("parse",),
            tl_unify=((0, k),) if aux else (),
            aux_converters=aux,
            aux_names=("TL-unification gold",) if aux else (),
            engine=engine,
            multiple=bool(self.other_golds),
        )
        self.jobs = check_jobs(jobs)
        self._lifted: list[int] = []
        self._lifted_arcs: list[int] = []

    @property
    def scenario(self) -> str:
        """``"single"`` or ``"multiple"``."""
        return "multiple" if self.other_golds else "single"

    # -- the run: the protocol as the scorer of the one sentence loop -------------

    def _gold_sources(self) -> list[tuple[str, Iterable[Any] | None]]:
        return [
            ("gold_sents", self.gold_sents),
            *((f"other_golds[{i}]", g) for i, g in enumerate(self.other_golds)),
            ("tl_unify_with", self.tl_unify_with),
        ]

    @classmethod
    def _scorer(cls, evaluators: Sequence[Evaluator]) -> _SystemsProtocol:
        first = evaluators[0]
        assert isinstance(first, TedEvalEvaluator)
        names = first._names if len(evaluators) > 1 else ["parse"]
        config = replace(
            first.config, parse_theories=(0,) * len(evaluators), parse_names=tuple(names)
        )
        for ev in evaluators:
            assert isinstance(ev, TedEvalEvaluator)
            ev.config = config
        return _SystemsProtocol(config)

    def _receive(self, run: LoopResult, index: int) -> StatsTable:
        n = len(self.config.parse_theories)
        return run.tables[n + index if self.other_golds else index]

    def _start(self) -> None:
        config = self.config
        n_sources = len(config.converters) + len(config.aux_converters) + len(config.parse_theories)
        self._lifted = [0] * n_sources
        self._lifted_arcs = [0] * n_sources

    def _keep(self, note: tuple[int, ...]) -> None:
        for s, count in enumerate(note):
            if count:
                self._lifted[s] += 1
                self._lifted_arcs[s] += count

    def signature_fields(self) -> dict[str, object]:
        fields: dict[str, object] = {
            "metric": "tedeval",
            "ref": self.scenario
            if not self.other_golds
            else f"multiple({1 + len(self.other_golds)})",
        }
        fields.update(self.converter.signature_fields())
        fields["tl"] = self.tl_unify_with is not None
        fields["engine"] = self.config.engine
        return fields

    @property
    def notes(self) -> list[str]:
        """A gold enriched by TL-unification judges parses on labels they cannot write (§5)."""
        if self.tl_unify_with is None:
            return []
        return [
            _TL_NOTE.format(
                gold="the gold", other="another theory's", parses="parses of its own theory"
            )
        ]

    def sentence_results(self) -> list[SentenceResult]:
        """δ, ι and scores of every scored sentence, in order."""
        run = self.run
        return table_results(self.stats, run.numbers, run.sentence_ids)

    def macro(self) -> tuple[Score, Score]:
        """The macro averages ``(labeled, unlabeled)``: means of sentence scores."""
        return self.score("labeled", average="macro"), self.score("unlabeled", average="macro")

    @property
    def projectivized(self) -> dict[str, tuple[int, int]]:
        """Per source, ``(sentences changed, arcs lifted)`` by ``projectivize=True``."""
        _ = self.stats
        names = (*self.config.theory_names, *self.config.aux_names, *self.config.parse_names)
        return {
            name: (s, a) for name, s, a in zip(names, self._lifted, self._lifted_arcs, strict=True)
        }

    def as_dict(self) -> dict[str, object]:
        """The report as JSON-ready data: scores, counts, skipped and missing sentences."""
        labeled, unlabeled = self.eval()
        return {
            "labeled": labeled.as_dict(),
            "unlabeled": unlabeled.as_dict(),
            "counts": self.counts(),
            "skipped": [s.as_dict() for s in self.skipped],
            "missing": [m.as_dict() for m in self.missing],
            "signature": str(self.signature),
        }


class _SystemsProtocol(ProtocolScorer):
    """The protocol scoring every system of one run; each system's note is the lifted arcs."""

    def score(self, sentence: Sentence) -> tuple[list[Row], list[tuple[int, ...]]]:
        rows, lifted = super().score(sentence)
        return rows, [lifted] * len(self.config.parse_theories)


@dataclass(frozen=True)
class Experiment:
    """One framework of a cross-framework experiment.

    ``parsed_sents`` may be ``None`` for a theory whose gold takes part in
    generalization without a parser to score.

    >>> from nltk_tedeval.trees.convert import Converter
    >>> Experiment("ud", [], [], Converter(projectivize=True)).converter.projectivize
    True
    """

    name: str
    parsed_sents: Iterable[Any] | None
    gold_sents: Iterable[Any]
    converter: Converter = field(default_factory=Converter)

    def __post_init__(self) -> None:
        require_corpus(self.gold_sents, f"experiment {self.name!r}: gold_sents")
        if self.parsed_sents is not None:
            require_corpus(self.parsed_sents, f"experiment {self.name!r}: parsed_sents")


class CrossFrameworkEvaluator(RunAccounts):
    """A cross-framework experiment: parsers of several theories on the same sentences.

    Each :class:`Experiment` (or ``(name, parsed_sents, gold_sents)``
    tuple) brings its parser's output and its native gold. Every parse is
    scored against its native gold (SINGLE) and against the generalization
    of all golds (MULTIPLE), labeled and unlabeled; :meth:`overlap` gives the
    cross-theory overlap of every pair of golds and :meth:`significance`
    pairwise p-values. ``tl_unify`` maps an experiment name to another whose
    gold labels enrich it by TL-unification.

    Scores do not depend on the order of the experiments.

    >>> from nltk.parse import DependencyGraph as G
    >>> g1 = G("arrive VB 0 ROOT\\non IN 1 prep\\nSunday NNP 2 pobj")
    >>> g2 = G("arrive VB 0 ROOT\\non IN 3 case\\nSunday NNP 1 tmod")
    >>> p1 = G("arrive VB 0 ROOT\\non IN 1 prep\\nSunday NNP 1 pobj")
    >>> cross = CrossFrameworkEvaluator([("A", [p1], [g1]), ("B", [g2], [g2])])
    >>> [round(s, 4) for s in cross.multiple("A")]
    [0.8333, 0.8571]
    >>> [round(s, 4) for s in cross.overlap("A", "B")]
    [0.4, 1.0]
    """

    def __init__(
        self,
        experiments: Sequence[Experiment | tuple[Any, ...]],
        *,
        tl_unify: Mapping[str, str] | None = None,
        engine: str = "span",
        on_error: str = "raise",
        missing: str = "skip",
        jobs: int = 1,
        progress: bool | None = False,
    ) -> None:
        exps = [e if isinstance(e, Experiment) else Experiment(*e) for e in experiments]
        names = [e.name for e in exps]
        if len(exps) < 2:
            raise OptionError("a cross-framework experiment needs at least two experiments")
        if len(set(names)) != len(names):
            raise OptionError(f"experiment names must be unique: {names}")
        self.experiments = exps
        index = {n: i for i, n in enumerate(names)}
        pairs = []
        for a, b in (tl_unify or {}).items():
            for name in (a, b):
                if name not in index:
                    raise OptionError(f"TL-unification names unknown experiment {name!r}")
            pairs.append((index[a], index[b]))
        self.tl_unify = dict(tl_unify or {})
        scored = [i for i, e in enumerate(exps) if e.parsed_sents is not None]
        self._scored = scored
        self.config = ProtocolConfig(
            converters=tuple(e.converter for e in exps),
            parse_theories=tuple(scored),
            theory_names=tuple(f"{n} gold" for n in names),
            parse_names=tuple(f"{names[i]} parse" for i in scored),
            tl_unify=tuple(pairs),
            engine=engine,
            multiple=True,
            overlaps=True,
        )
        self.on_error = check_on_error(on_error)
        self.missing_policy = check_missing(missing)
        self.jobs = check_jobs(jobs)
        self.progress = progress
        self._result: ProtocolResult | None = None

    @property
    def names(self) -> list[str]:
        return [e.name for e in self.experiments]

    def _run(self) -> ProtocolResult:
        golds = [(f"{e.name} gold", e.gold_sents) for e in self.experiments]
        parses = [
            (f"{self.experiments[i].name} parse", self.experiments[i].parsed_sents)
            for i in self._scored
        ]
        return run_protocol(
            golds,
            parses,  # type: ignore[arg-type]
            self.config,
            on_error=self.on_error,
            missing=self.missing_policy,
            jobs=self.jobs,
            progress=self.progress,
        )

    @property
    def result(self) -> ProtocolResult:
        """The raw statistics of the run (computed on first use)."""
        if self._result is None:
            self._result = self._run()
        return self._result

    def _loop_result(self) -> LoopResult:
        return self.result.run

    # -- tables ---------------------------------------------------------------

    def _index(self, name: str) -> int:
        try:
            return self.names.index(name)
        except ValueError:
            raise UnknownNameError(
                f"no experiment {name!r}; the experiments are {self.names}"
            ) from None

    def _parse_index(self, name: str) -> int:
        try:
            i = self.names.index(name)
            return self._scored.index(i)
        except ValueError:
            raise UnknownNameError(
                f"no scored experiment {name!r}; scored: {self.scored_names}"
            ) from None

    @property
    def scored_names(self) -> list[str]:
        """Experiments that have a parser to score."""
        return [self.names[i] for i in self._scored]

    def stats(self, name: str, scenario: str) -> StatsTable:
        """Per-sentence statistics of experiment ``name`` in ``"single"`` or ``"multiple"``."""
        j = self._parse_index(name)
        if scenario == "single":
            return self.result.single[j]
        if scenario == "multiple":
            assert self.result.multiple is not None
            return self.result.multiple[j]
        raise OptionError(f"scenario must be 'single' or 'multiple', not {scenario!r}")

    @property
    def notes(self) -> list[str]:
        """One note per TL-unified gold: its parses are judged on labels they cannot write."""
        return [
            _TL_NOTE.format(gold=f"{a}'s gold", other=f"{b}'s", parses=f"{a}'s parses")
            for a, b in self.tl_unify.items()
        ]

    def signature(self, scenario: str, name: str | None = None) -> Signature:
        """Options behind the numbers of one scenario (and one experiment's theory)."""
        fields: dict[str, object] = {
            "metric": "tedeval",
            "ref": "single" if scenario == "single" else f"multiple({len(self.experiments)})",
        }
        if name is not None:
            fields.update(self.experiments[self._index(name)].converter.signature_fields())
            fields["tl"] = self.tl_unify.get(name, "no")
        fields["engine"] = self.config.engine
        fields["missing"] = self.missing_policy
        return Signature(fields)

    def _scores(self, table: StatsTable, signature: Signature, average: str) -> tuple[Score, Score]:
        return (
            Score.from_table(table, LABELED, signature=signature, average=average),
            Score.from_table(table, UNLABELED, signature=signature, average=average),
        )

    def single(self, name: str, *, average: str = "micro") -> tuple[Score, Score]:
        """``(labeled, unlabeled)`` of ``name``'s parse against its native gold."""
        return self._scores(self.stats(name, "single"), self.signature("single", name), average)

    def multiple(self, name: str, *, average: str = "micro") -> tuple[Score, Score]:
        """``(labeled, unlabeled)`` of ``name``'s parse against the generalized gold."""
        return self._scores(self.stats(name, "multiple"), self.signature("multiple", name), average)

    def overlap(self, a: str, b: str, *, average: str = "micro") -> tuple[Score, Score]:
        """Cross-theory overlap of the golds of ``a`` and ``b``: ``(labeled, unlabeled)``.

        The SINGLE score of one theory's gold trees against the other's; it is
        symmetric (SPEC.md §5).
        """
        ia, ib = self._index(a), self._index(b)
        table = self.result.overlap[(min(ia, ib), max(ia, ib))]
        sig = Signature(
            metric="tedeval", ref="overlap", engine=self.config.engine, missing=self.missing_policy
        )
        return self._scores(table, sig, average)

    def significance(
        self,
        *,
        rounds: int = DEFAULT_ROUNDS,
        seed: int = DEFAULT_SEED,
    ) -> list[tuple[str, str, str, str, SignificanceResult]]:
        """Pairwise tests: ``(scenario, mode, a, b, result)`` for every pair of parsers.

        Pairs are ordered by name so the output does not depend on the order
        experiments were given in.
        """
        names = sorted(self.scored_names)
        out = []
        for scenario in ("single", "multiple"):
            for mode, measure in (("labeled", LABELED), ("unlabeled", UNLABELED)):
                for i, a in enumerate(names):
                    for b in names[i + 1 :]:
                        res = paired_randomization(
                            self.stats(a, scenario),
                            self.stats(b, scenario),
                            measure,
                            rounds=rounds,
                            seed=seed,
                        )
                        out.append((scenario, mode, a, b, res))
        return out

    def sentence_results(self, name: str, scenario: str) -> list[SentenceResult]:
        """Per-sentence δ, ι and scores of one experiment in one scenario."""
        res = self.result
        return table_results(self.stats(name, scenario), res.numbers, res.sentence_ids)

    def as_dict(
        self,
        *,
        significance_rounds: int | None = None,
        seed: int = DEFAULT_SEED,
        macro: bool = False,
    ) -> dict[str, object]:
        """The whole experiment as JSON-ready data, keyed by sorted names."""
        res = self.result
        skipped = [s.as_dict() for s in res.skipped]

        def block(
            scores: tuple[Score, Score], table: StatsTable, scenario: str, name: str | None
        ) -> dict:
            d: dict[str, object] = {
                "labeled": scores[0].as_dict(),
                "unlabeled": scores[1].as_dict(),
                "sentences": len(table),
                "skipped": skipped,
                "signature": str(scores[0].signature),
            }
            if macro:
                m = self._scores(table, self.signature(scenario, name), "macro")
                d["macro"] = {"labeled": m[0].as_dict(), "unlabeled": m[1].as_dict()}
            return d

        experiments = {}
        for name in sorted(self.scored_names):
            experiments[name] = {
                scenario: block(
                    getattr(self, scenario)(name), self.stats(name, scenario), scenario, name
                )
                for scenario in ("single", "multiple")
            }
        overlap = {}
        names = sorted(self.names)
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                lab, unl = self.overlap(a, b)
                overlap[f"{a} vs {b}"] = {"labeled": lab.as_dict(), "unlabeled": unl.as_dict()}
        out: dict[str, object] = {
            "experiments": experiments,
            "overlap": overlap,
            "counts": self.counts(),
            "skipped": skipped,
            "missing": [m.as_dict() for m in self.missing],
        }
        if significance_rounds:
            out["significance"] = [
                {"scenario": sc, "mode": mode, "a": a, "b": b, **r.as_dict()}
                for sc, mode, a, b, r in self.significance(rounds=significance_rounds, seed=seed)
            ]
        return out
