"""Cross-framework experiments: parsers of several theories, each with its own gold.

:class:`CrossFrameworkEvaluator` runs the whole experiment of the 2012 paper
(§4): every parse scored against its native gold (SINGLE) and against the
generalization of all golds (MULTIPLE), labeled and unlabeled, the
cross-theory overlap of every pair of golds, and pairwise significance, all
from per-sentence (δ, ι) statistics (:mod:`nltk_tedeval.scoring.stats`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..alignment import Normalization, aligned_streams, describe_alignment
from ..errors import OptionError
from ..records import corpus_kind, require_corpus
from ..scoring.breakdown import Breakdown
from ..scoring.evaluator import UnknownNameError
from ..scoring.groups import GroupTable
from ..scoring.loop import LoopResult, RunAccounts
from ..scoring.options import RunOptions
from ..scoring.significance import (
    DEFAULT_ROUNDS,
    DEFAULT_SEED,
    SignificanceResult,
    paired_randomization,
)
from ..scoring.stats import Score, Signature, StatsTable, SumsTable
from ..trees.convert import Converter
from ..trees.kinds import text_tokens
from .evaluators import LABELED, SIGNATURE_KEYS, TL_NOTE, UNLABELED
from .sentence import ProtocolConfig, ProtocolResult, SentenceResult, run_protocol, table_results

__all__ = ["CrossFrameworkEvaluator", "Experiment"]


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
        # Other libraries' objects are read into trees here (SPEC.md §13).
        gold = require_corpus(self.gold_sents, f"experiment {self.name!r}: gold_sents")
        object.__setattr__(self, "gold_sents", gold)
        if self.parsed_sents is not None:
            parsed = require_corpus(
                self.parsed_sents, f"experiment {self.name!r}: parsed_sents", corpus_kind(gold)
            )
            object.__setattr__(self, "parsed_sents", parsed)


class CrossFrameworkEvaluator(RunAccounts):
    """A cross-framework experiment: parsers of several theories on the same sentences.

    Each :class:`Experiment` (or ``(name, parsed_sents, gold_sents)``
    tuple) brings its parser's output and its native gold. Every parse is
    scored against its native gold (SINGLE) and against the generalization
    of all golds (MULTIPLE), labeled and unlabeled; :meth:`overlap` gives the
    cross-theory overlap of every pair of golds and :meth:`significance`
    pairwise p-values. ``tl_unify`` maps an experiment name to another whose
    gold labels enrich it by TL-unification.

    Scores do not depend on the order of the experiments (a length filter,
    ``max_length=``, counts the words of the first experiment's gold, which are
    every gold's but under alignment; SPEC.md §15). ``statistics``
    says what the run keeps (:data:`~nltk_tedeval.scoring.evaluator.STATISTICS`):
    with ``"sums"`` (or ``"macro"``, for macro averages too) its memory stays
    flat, and per-sentence results and significance tests raise an error.
    ``by="label,length"`` keeps breakdowns (SPEC.md §12.5) of every table:
    :meth:`breakdown` for a parse in SINGLE or MULTIPLE (against the
    generalized gold), :meth:`overlap_breakdown` for a pair of golds.

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
        options: RunOptions | None = None,
        **run: Any,
    ) -> None:
        self.options = RunOptions.of(options, **run)
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
        self.segment_maps: dict[str, tuple[bool, bool]] = {}
        """Under alignment, by experiment: whether its gold's and its parse's surface tokens
        came from token-to-segment maps (the readers applied them; the command line sets
        this), for the signatures' ``segments:`` (SPEC.md §11)."""
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
            by=self.options.by,
            length_bins=self.options.bins_for("length"),
        )
        self.aligned_counts: dict[str, int] = {}
        """Under alignment: the units scored, and the sentences of every corpus by name."""
        self.unit_sentences: dict[int, dict[str, str]] = {}
        """Under alignment, in a run that keeps rows: the sentences of every unit, by corpus."""
        self._result: ProtocolResult | None = None

    # -- the run options, as attributes -------------------------------------------

    @property
    def align(self) -> str | None:
        return self.options.align

    @property
    def normalization(self) -> Normalization:
        return self.options.normalization

    @property
    def on_error(self) -> str:
        return self.options.on_error

    @property
    def missing_policy(self) -> str:
        return self.options.missing

    @property
    def jobs(self) -> int:
        return self.options.jobs

    @property
    def names(self) -> list[str]:
        return [e.name for e in self.experiments]

    def _run(self) -> ProtocolResult:
        golds = [(f"{e.name} gold", e.gold_sents) for e in self.experiments]
        parses = [
            (f"{self.experiments[i].name} parse", self.experiments[i].parsed_sents)
            for i in self._scored
        ]
        if self.align is not None:
            golds, parses = aligned_streams(  # type: ignore[assignment]
                golds,
                parses,
                words=text_tokens,
                normalization=self.normalization,
                tally=self.aligned_counts,
                mode=self.align,
                sentences=self.unit_sentences if self.options.statistics == "rows" else None,
            )
        return run_protocol(golds, parses, self.config, options=self.options)  # type: ignore[arg-type]

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

    def stats(self, name: str, scenario: str) -> StatsTable | SumsTable:
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
        """One note per TL-unified gold (its parses are judged on labels they cannot
        write), and under alignment what the rows are (SPEC.md §11)."""
        notes = [
            TL_NOTE.format(gold=f"{a}'s gold", other=f"{b}'s", parses=f"{a}'s parses")
            for a, b in self.tl_unify.items()
        ]
        if self.align is not None:
            _ = self.result
            notes.append(describe_alignment(self.align, self.aligned_counts))
        return notes

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
        fields.update(self.options.signature_fields())
        if self.align is not None and name is not None:
            # SINGLE reads the experiment's own gold; MULTIPLE every experiment's.
            own_gold, own_parse = self.segment_maps.get(name, (False, False))
            any_gold = any(g for g, _ in self.segment_maps.values())
            golds = own_gold if scenario == "single" else any_gold
            sides = [s for s, m in (("gold", golds), ("parse", own_parse)) if m]
            if sides:
                fields["segments"] = "+".join(sides)
        fields.update(self.options.length_fields())
        fields["missing"] = self.missing_policy
        return Signature(fields, keys=SIGNATURE_KEYS)

    def _overlap_signature(self) -> Signature:
        """The options behind the cross-theory overlap of two golds (no parse, no converter)."""
        return Signature(
            {
                "metric": "tedeval",
                "ref": "overlap",
                "engine": self.config.engine,
                **self.options.length_fields(),
                "missing": self.missing_policy,
            },
            keys=SIGNATURE_KEYS,
        )

    def _scores(
        self, table: StatsTable | SumsTable, signature: Signature, average: str
    ) -> tuple[Score, Score]:
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
        sig = self._overlap_signature()
        return self._scores(table, sig, average)

    # -- breakdowns (SPEC.md §12.5) ------------------------------------------------

    def _groups(self, index: int, key: str) -> GroupTable:
        tables = self.result.group_tables
        if not tables or key not in tables[index]:
            asked = ", ".join(self.options.by) if self.options.by else "none"
            raise OptionError(
                f"no breakdown by {key!r} in this run (by= asked for {asked}): "
                f"make the experiment with by={key!r}"
            )
        return tables[index][key]

    def breakdown(self, name: str, key: str, scenario: str = "single", **options: Any) -> Breakdown:
        """The groups of ``key`` (``by=``) for ``name``'s parse in ``"single"`` (against its
        native gold) or ``"multiple"`` (against the generalized gold), as
        :meth:`~nltk_tedeval.scoring.evaluator.Evaluator.breakdown` gives them (``average``,
        ``ci``, ``rounds``, ``seed``)."""
        j = self._parse_index(name)
        n = len(self._scored)
        if scenario not in ("single", "multiple"):
            raise OptionError(f"scenario must be 'single' or 'multiple', not {scenario!r}")
        index = j if scenario == "single" else n + j
        return Breakdown(self._groups(index, key), self.signature(scenario, name), **options)

    def overlap_breakdown(self, a: str, b: str, key: str, **options: Any) -> Breakdown:
        """The groups of ``key`` for the cross-theory overlap of the golds of ``a`` and ``b``:
        with ``"label"``, which labels carry the difference between the two theories."""
        ia, ib = self._index(a), self._index(b)
        pair = (min(ia, ib), max(ia, ib))
        index = 2 * len(self._scored) + self.config.gold_pairs.index(pair)
        sig = self._overlap_signature()
        return Breakdown(self._groups(index, key), sig, **options)

    def significance(
        self,
        *,
        rounds: int = DEFAULT_ROUNDS,
        seed: int = DEFAULT_SEED,
    ) -> list[tuple[str, str, str, str, SignificanceResult]]:
        """Pairwise tests: ``(scenario, mode, a, b, result)`` for every pair of parsers.

        Pairs are ordered by name so the output does not depend on the order
        experiments were given in. A measure that is N/A for either parser
        (labeled, where no tree carries a function label) is not tested: its
        result has no p-value and says why in ``reason`` (SPEC.md §6).
        """
        if self.options.statistics != "rows":
            raise OptionError(
                "a paired test swaps rows of two parsers, and this experiment kept only "
                "their sums: keep them with statistics='rows' (the default)"
            )
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
            scores: tuple[Score, Score],
            table: StatsTable | SumsTable,
            scenario: str,
            name: str | None,
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
