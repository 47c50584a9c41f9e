"""TedEval evaluators in the shape of nltk's ``DependencyEvaluator``.

:class:`TedEvalEvaluator` scores one parser against its native gold (the
SINGLE scenario of the 2012 paper, §4) or, given the golds of other
theories, against the generalization of all golds of each sentence
(MULTIPLE). :class:`~nltk_tedeval.protocol.cross.CrossFrameworkEvaluator`
runs a whole cross-framework experiment.

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
from dataclasses import replace
from typing import Any, ClassVar

from ..errors import OptionError
from ..records import require_corpora, require_corpus
from ..scoring.evaluator import Evaluator
from ..scoring.groups import Grouped, GroupKey
from ..scoring.loop import LoopResult, Sentence
from ..scoring.options import RunOptions
from ..scoring.stats import Measure, Score, StatsTable, SumsTable
from ..trees.convert import Converter
from ..trees.kinds import text_key, text_tokens
from .label_groups import TEDEVAL_KEYS
from .sentence import (
    COLUMNS,
    LABELED,
    UNLABELED,
    ProtocolConfig,
    ProtocolScorer,
    Row,
    SentenceResult,
    TableGroups,
    table_results,
)

__all__ = ["LABELED", "SIGNATURE_KEYS", "UNLABELED", "TedEvalEvaluator"]

SIGNATURE_KEYS: dict[str, str] = {
    "ref": "TedEval's reference: single, multiple(k) over k theories, or overlap",
    "labeler": "how bracket labels carry functions (ptb, colon, identity, rr, ...)",
    "hd": "the label of a dependency head's own node",
    "subtypes": "dependency relation subtypes kept (keep) or cut at ':' (strip)",
    "proj": "non-projective trees scored as they are (native) or lifted (lift)",
    "map": "a label map applied before scoring (yes/no)",
    "tl": "TL-unification of a gold with another theory's labels",
    "engine": "TedEval's engine: span (exact set counting) or apted",
}
"""TedEval's own signature keys: its reference and the conversion's options (SPEC.md §3)."""

TL_NOTE = (
    "{gold} carries {other} labels by TL-unification; {parses} cannot "
    "produce them, so their labeled scores count those labels as missed and stay "
    "below 1.0 even for a parse equal to the gold (SPEC.md §5)"
)

_CONVERTER_OPTIONS = ("labeler", "head_label", "strip_subtypes", "projectivize", "label_map")


def converter_of(converter: Converter | None, options: Mapping[str, Any]) -> Converter:
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
    - ``by``: breakdown keys (SPEC.md §12.5): ``"label"`` splits labeled δ and ι
      over the function labels of the edit operations and items, ``"length"``
      puts each sentence's row in its length bin; :meth:`breakdown` gives them.

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
    reads_rows = False  # its reports read sums; only sentence_results reads rows
    parallel = True  # the APTED engine spreads over jobs; the span engine stays in one process
    signature_keys = SIGNATURE_KEYS
    breakdown_keys: ClassVar[dict[str, GroupKey]] = TEDEVAL_KEYS

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
        converter: Converter | None = None,
        options: RunOptions | None = None,
        **keywords: Any,
    ) -> None:
        run, conversion = RunOptions.split(keywords)
        super().__init__(parsed_sents, gold_sents, options=options, **run)
        self.converter = converter_of(converter, conversion)
        self.other_golds = require_corpora(other_golds, "other_golds")
        if tl_unify_with is not None:
            tl_unify_with = require_corpus(tl_unify_with, "tl_unify_with")
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
            first.config,
            parse_theories=(0,) * len(evaluators),
            parse_names=tuple(names),
            by=first.by,
            length_bins=first.options.bins_for("length"),
        )
        for ev in evaluators:
            assert isinstance(ev, TedEvalEvaluator)
            ev.config = config
        return _SystemsProtocol(config)

    def _text_tokens(self, tree: Any) -> tuple[str, ...] | None:
        return text_tokens(tree)

    text_key = staticmethod(text_key)

    def _receive(self, run: LoopResult, index: int) -> StatsTable | SumsTable:
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
        fields.update(self.options.signature_fields())
        return fields

    @property
    def notes(self) -> list[str]:
        """A gold enriched by TL-unification judges parses on labels they cannot write (§5)."""
        if self.tl_unify_with is None:
            return []
        return [
            TL_NOTE.format(
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
        """The report as JSON-ready data: scores, counts, skipped and missing sentences, and
        the parses that were bad input (``bad_parses``, when there are any)."""
        labeled, unlabeled = self.eval()
        out: dict[str, object] = {
            "labeled": labeled.as_dict(),
            "unlabeled": unlabeled.as_dict(),
            "counts": self.counts(),
            "skipped": [s.as_dict() for s in self.skipped],
            "missing": [m.as_dict() for m in self.missing],
            "signature": str(self.signature),
        }
        if self.bad_parses:
            out["bad_parses"] = [b.as_dict() for b in self.bad_parses]
        return out


class _SystemsProtocol(ProtocolScorer):
    """The protocol scoring every system of one run; each system's note is the lifted arcs."""

    def score(self, sentence: Sentence) -> tuple[list[Row], list[Any]]:
        rows, note = super().score(sentence)
        n = len(self.config.parse_theories)
        if isinstance(note, TableGroups):
            # Each system reads its own table: SINGLE's rows come first, then
            # MULTIPLE's (_receive), and its groups are that table's.
            first = n if self.has_multiple else 0
            return rows, [Grouped(note.lifted, note.groups[first + j]) for j in range(n)]
        return rows, [note] * n
