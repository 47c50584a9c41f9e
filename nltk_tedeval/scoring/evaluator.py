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

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..alignment import (
    Normalization,
    Unit,
    aligned_streams,
    alignment_summary,
    describe_alignment,
)
from ..errors import OptionError, SentenceCountError, TedEvalError
from ..hooks import html_report
from ..records import corpus_kind, require_corpora, require_corpus
from .bootstrap import bootstrap_intervals, check_level
from .defaults import DEFAULT_BOOTSTRAP_ROUNDS, DEFAULT_ROUNDS, DEFAULT_SEED
from .extensions import ActiveExtensions, MeasureExtension, chosen
from .groups import GroupCollector, Grouped, GroupKey, GroupTable
from .loop import (
    LoopResult,
    RunAccounts,
    Sentence,
    SkippedSentence,
    check_lengths,
    sentence_loop,
    zip_parallel,
)
from .missing import MISSING, ZERO, MissingSentence
from .options import ON_ERROR, STATISTICS, RunOptions
from .stats import Measure, Score, Signature, StatsTable, SumsTable

if TYPE_CHECKING:
    # Imported where they are used: a run that asks for no breakdown and no test
    # imports neither (issue 31).
    from .breakdown import Breakdown
    from .significance import SignificanceResult

__all__ = [
    "MISSING",
    "ON_ERROR",
    "STATISTICS",
    "Evaluator",
    "MissingSentence",
    "RunOptions",
    "SkippedSentence",
    "UnknownNameError",
    "zip_parallel",
]


class UnknownNameError(OptionError, KeyError):
    """A measure or experiment name that does not exist: an OptionError, and a KeyError."""


class Evaluator(RunAccounts):
    """Base of the evaluators: parsed and gold sentences in, scores out.

    Subclasses set :attr:`measures` (name to :class:`Measure`), :attr:`primary`
    (the names :meth:`eval` returns, in order) and :attr:`columns`, and
    implement :meth:`_sentence_stats`, which turns one (parsed, gold) pair
    into a row of integers, and :meth:`_zero_stats`, the row of a missing
    parse scored with nothing right; they may extend :meth:`signature_fields`.
    Statistics are computed once, on first use, by the one sentence loop of
    :mod:`nltk_tedeval.scoring.loop`.

    Sentences may be lists or any iterables (read once, in a stream), of
    trees or of reader records (see :func:`~nltk_tedeval.records.unwrap`).
    ``on_error="skip"`` leaves a bad sentence out (listed in
    :attr:`skipped`); ``missing`` says what a missing parse (``None``, a
    caught exception, an empty line) does: ``"skip"`` (default), ``"zero"``,
    ``"flat"`` or ``"error"`` (SPEC.md §10); missing parses are listed in
    :attr:`missing` and announced by a
    :class:`~nltk_tedeval.errors.MissingParseWarning`. :attr:`numbers` gives
    the number (from 1) of every scored sentence, row by row.

    ``align=True`` (or ``"exact"``) scores parses whose tokens and sentences
    differ from the gold's (SPEC.md §11): the two sequences may differ in
    length, and each row of statistics is then a *unit*, the smallest group
    of sentences whose ends both sides share. ``normalization`` says how
    token texts are compared (:class:`~nltk_tedeval.alignment.Normalization`).

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
    aligned_columns: ClassVar[tuple[str, ...] | None] = None
    """The columns of a row under alignment, when they are others (a unit's, SPEC.md §11);
    ``None``: :attr:`columns` there too."""
    aligned_measures: ClassVar[dict[str, Measure] | None] = None
    """The measures over :attr:`aligned_columns` (``None``: :attr:`measures`)."""
    shown_measures: ClassVar[tuple[str, ...]] = ()
    """The measures a report shows, in order (its table, the HTML report; default
    :attr:`primary`); a run's own adds the extra measures it asked for."""
    tested_measures: ClassVar[tuple[str, ...] | None] = None
    """The measures a significance test runs on (default: :attr:`shown_measures`)."""
    per_sentence_columns: ClassVar[tuple[str, ...] | None] = None
    """The columns of a per-sentence table (``--per-sentence``; default: :attr:`columns`),
    before those of the measures a run adds."""
    measure_extensions: ClassVar[tuple[MeasureExtension | str, ...]] = ()
    """The measures a run can add to the metric's own (``extra_measures=``, ``--measure``;
    :mod:`~nltk_tedeval.scoring.extensions`): extensions, or ``"module:NAME"`` names of
    them, imported when a run asks for one."""
    counts_measures: ClassVar[bool] = False
    """Whether the metric hands its view of every sentence to the measures that count their
    columns from the trees (:class:`~nltk_tedeval.scoring.extensions.MeasureExtension`'s
    ``count``): then it appends ``self.extra.count(view)`` to its rows itself."""
    reads_rows: ClassVar[bool] = True
    """Whether the evaluator's own reports (summaries, details) read per-sentence rows.

    ``False`` lets the command line keep sums only (``statistics="sums"``) when
    none of its options asks for rows either; it is a promise, so it is off
    unless a subclass's reports are known to read nothing but sums.
    """
    reads_macro: ClassVar[bool] = False
    """Whether those reports, reading no rows, still give macro averages (then the
    command line keeps each sentence's scores, ``statistics="macro"``, not sums only)."""

    signature_keys: ClassVar[dict[str, str]] = {}
    """The metric's own signature keys, with what each records (beside the shared
    :data:`~nltk_tedeval.scoring.stats.SIGNATURE_KEYS`)."""
    parallel: ClassVar[bool] = False
    """Whether the evaluator spreads its sentences over ``jobs`` worker processes."""
    breakdown_keys: ClassVar[dict[str, GroupKey]] = {}
    """What the metric's statistics can be broken down by (``by=``; SPEC.md §12)."""
    parse_kind: ClassVar[str | None] = None
    """The parse the metric scores of an object that holds two, a dependency and a
    constituency parse (``"dependency"``, ``"constituency"``; ``None``: either; SPEC.md §13)."""
    text_key: ClassVar[Callable[[Any], object] | None] = None
    """Under alignment, what stands for a tree's text tokens where it costs less to make
    (:data:`~nltk_tedeval.alignment.unit.TextKey`; issue 31), or ``None``: none does."""
    sentence_where: tuple[str | None, str | None] = (None, None)
    """While a sentence is scored: its gold's sentence id and file (breakdowns by document)."""

    def __init__(
        self,
        parsed_sents: Iterable[Any],
        gold_sents: Iterable[Any],
        *,
        options: RunOptions | None = None,
        **run: Any,
    ) -> None:
        self.gold_sents = require_corpus(gold_sents, "gold_sents", self.parse_kind)
        # An object with two parses gives the metric's kind, or else the gold's.
        want = self.parse_kind or corpus_kind(self.gold_sents)
        self.parsed_sents = require_corpus(parsed_sents, "parsed_sents", want)
        try:
            self.options = RunOptions.of(options, **run)
        except OptionError as err:
            raise OptionError(f"{type(self).__name__}: {err.message}") from None
        if self.options.jobs != 1 and not self.parallel:
            raise OptionError(
                f"{type(self).__name__} scores in one process: jobs applies to TedEval's "
                "APTED engine (TedEvalEvaluator, CrossFrameworkEvaluator)"
            )
        if self.align is not None and self.aligned_columns is not None:
            # Over aligned words a row is a unit's, of other columns (SPEC.md §11).
            self.columns = self.aligned_columns
            self.measures = self.aligned_measures or self.measures
        self.extra = self._extensions()
        """The measures this run adds to the metric's (``extra_measures``), bound to its
        rows, or ``None``."""
        self.aligned_counts: dict[str, int] = {}
        """Under alignment: the units scored, and the sentences of every corpus by name."""
        self.unit_sentences: dict[int, dict[str, str]] = {}
        """Under alignment, in a run that keeps rows: the sentences of every unit, by corpus."""
        if self.align is None:
            check_lengths([("gold_sents", self.gold_sents), ("parsed_sents", self.parsed_sents)])
        self._stats: StatsTable | SumsTable | None = None
        self._group_tables: dict[str, GroupTable] = {}
        self._run: LoopResult | None = None
        self._index = 0  # which system of a shared run this evaluator reports
        self._names: list[str] = ["parsed_sents"]

    def _extensions(self) -> ActiveExtensions | None:
        """The extensions ``extra_measures`` asks for, their columns and measures added to
        this evaluator's (:mod:`~nltk_tedeval.scoring.extensions`)."""
        cls = type(self)
        shown = self.shown_measures or self.primary
        tested = shown if self.tested_measures is None else self.tested_measures
        asked = self.options.extra_measures
        if not asked:
            self.shown_measures, self.tested_measures = tuple(shown), tuple(tested)
            return None
        picked = []
        for extension, names in chosen(self.measure_extensions, asked, cls.__name__):
            if self.align is not None and self.aligned_columns is not None:
                if extension.aligned is None:
                    raise OptionError(
                        f"{cls.__name__}: {', '.join(names)} has no version over aligned "
                        f"words (align={self.align!r}; SPEC.md §11)"
                    )
                extension = extension.aligned
            if extension.counts and not self.counts_measures:
                raise OptionError(
                    f"{cls.__name__}: {', '.join(names)} counts from the trees, which this "
                    "metric does not hand to its measures"
                )
            picked.append((extension, names))
        active = ActiveExtensions(
            [e for e, _ in picked], self.columns, {e.name: names for e, names in picked}
        )
        self.columns = (*self.columns, *active.columns)
        self.measures = {**self.measures, **active.measures}
        self.shown_measures = (*shown, *active.shown)
        self.tested_measures = (*tested, *active.tested)
        return active

    # -- the run options, as the attributes nltk-style callers read -------------

    @property
    def align(self) -> str | None:
        """The alignment mode (SPEC.md §11), or ``None``."""
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
    def progress(self) -> bool | None:
        return self.options.progress

    @property
    def by(self) -> tuple[str, ...]:
        """The breakdown keys of the run (SPEC.md §12): a metric adds their groups to its notes."""
        return self.options.by

    @property
    def run(self) -> LoopResult:
        """What the sentence loop did: tables, numbers, skipped and missing sentences."""
        _ = self.stats
        assert self._run is not None
        return self._run

    def _loop_result(self) -> LoopResult:
        return self.run

    @property
    def system_name(self) -> str:
        """The name of the system this evaluator reports: ``parsed_sents``, or its name
        in an :meth:`evaluate_systems` run."""
        return self._names[self._index] if self._index < len(self._names) else "parsed_sents"

    # -- the HTML report (issue 29) --------------------------------------------

    def html(self, path: str | None = None, *, others: Sequence[Evaluator] = ()) -> str:
        """The HTML report ``tedeval ... -f html`` writes, of this evaluator and ``others``
        of the same run; written to ``path`` too when given.

        The report is made above this layer (the command line's renderer): the
        package hands its writer over when it is imported (:mod:`nltk_tedeval.hooks`).
        """
        writer = html_report()
        if writer is None:
            raise OptionError("no HTML report writer: import nltk_tedeval first")
        return writer([self, *others], path, False)

    def _repr_html_(self) -> str:
        """What Jupyter shows: the HTML report, in a frame of its own."""
        writer = html_report()
        if writer is None:
            return f"<pre>{type(self).__name__}: {', '.join(map(str, self.eval()))}</pre>"
        return writer([self], None, True)

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

    def _zero_stats(self, gold: Any) -> tuple[Sequence[int], Any]:
        """``(row, note)`` of a missing parse under ``missing="zero"``: every gold item missed."""
        raise NotImplementedError

    def _flat_parse(self, gold: Any) -> Any:
        """The flat parse of ``gold`` that stands in for a missing parse (``missing="flat"``)."""
        raise NotImplementedError

    def _gold_words(self, gold: Any) -> Any:
        """The words of a gold tree, to tell the sentences of two runs apart (``None``: unknown)."""
        return None

    def _gold_length(self, gold: Any) -> int:
        """How many words ``gold`` has, as a length filter counts them (SPEC.md §15): a metric
        that can be filtered by length says so (the package's metrics read
        :func:`~nltk_tedeval.trees.kinds.text_length`)."""
        raise OptionError(
            f"{type(self).__name__} does not say how many words a gold sentence has: "
            "define _gold_length to filter its sentences by length (min_length, max_length)"
        )

    def _has_text(self, parse: Any) -> bool:
        """Whether ``parse`` has a word of text; one without is a missing parse (SPEC.md §10)."""
        return True

    @classmethod
    def _scores_batches(cls) -> bool:
        """Whether the loop's batches go to :meth:`_batch_stats` (no, by default). Tie the
        answer to :meth:`_sentence_stats`: a subclass that changes it is not batched."""
        return False

    def _plain_stats(self, golds: list[Any], parses: list[Any]) -> Any:
        """The rows of consecutive sentences at once, as an array, and a mask of those that
        are final and keep no note; ``None`` (the default): none at once."""
        return None

    def _batch_stats(self, pairs: Sequence[tuple[Any, Any]]) -> Sequence[Any]:
        """``(row, note)`` of consecutive (parsed, gold) pairs, as :meth:`_sentence_stats`
        gives them, scored at once; ``None`` for a pair left to that method."""
        return [None] * len(pairs)

    def _skip_missing(self, gold: Any) -> tuple[Sequence[int], Any] | None:
        """The row of a sentence left out as missing, or ``None`` (no row, the default)."""
        return None

    def text_tokens(self, tree: Any) -> Sequence[str] | None:
        """The tokens of ``tree`` that spell its text, as alignment reads them (``None``: none)."""
        return self._text_tokens(tree)

    def _text_tokens(self, tree: Any) -> Sequence[str] | None:
        """The tokens of ``tree`` that spell its text, for alignment; ``None`` if it has none."""
        raise OptionError(f"{type(self).__name__} cannot score parses of other tokenizations")

    def _start(self) -> None:
        """Reset per-run state before the first sentence."""

    def _keep(self, note: Any) -> None:
        """Remember a scored sentence's note."""

    def _keep_run(self, note: Any, count: int) -> None:
        """:meth:`_keep` of ``count`` consecutive sentences of one note (a plain run's)."""
        for _ in range(count):
            self._keep(note)

    def _finish(self) -> None:
        """Complete per-run state after the last sentence."""

    def _gold_sources(self) -> list[tuple[str, Iterable[Any] | None]]:
        """The gold corpora read beside the systems; the first is the native gold."""
        return [("gold_sents", self.gold_sents)]

    @classmethod
    def _scorer(cls, evaluators: Sequence[Evaluator]) -> Any:
        """The :class:`~nltk_tedeval.scoring.loop.SentenceScorer` of a run of ``evaluators``."""
        if cls._scores_batches():
            return _BatchScorer(evaluators)
        return _SystemsScorer(evaluators)

    def _receive(self, run: LoopResult, index: int) -> StatsTable | SumsTable:
        """This evaluator's table of a finished run (it reports system ``index``)."""
        return run.tables[index]

    # -- the loop, for one or several systems on the same gold ------------------

    def _compute_stats(self) -> StatsTable | SumsTable:
        self._share_run([self], [(self._names[0], self.parsed_sents)])
        assert self._stats is not None
        return self._stats

    def _share_run(
        self, evaluators: Sequence[Evaluator], systems: Sequence[tuple[str, Iterable[Any]]]
    ) -> None:
        """Run the loop once for ``evaluators`` (one per system) and give each its table."""
        golds = [(n, g) for n, g in self._gold_sources() if g is not None]
        for ev in evaluators:
            ev._names = [n for n, _ in systems]
        if self.align is not None:
            golds, systems = self._aligned(golds, systems)
        collectors = [ev._group_collector() for ev in evaluators]
        scorer = type(self)._scorer(evaluators)
        if self.extra is not None and not getattr(scorer, "appends_extensions", False):
            raise OptionError(
                f"{type(self).__name__} scores with a scorer of its own, which adds no "
                "measure (extra_measures)"
            )
        for ev in evaluators:
            ev._start()
        keepers = [ev._keep for ev in evaluators]

        def keep(notes: Sequence[Any]) -> None:
            for fn, note in zip(keepers, notes, strict=True):
                fn(note)

        if any(c is not None for c in collectors):

            def keep_groups(notes: Sequence[Any]) -> None:
                for fn, collector, note in zip(keepers, collectors, notes, strict=True):
                    if isinstance(note, Grouped):
                        collector.add(note.groups)
                        note = note.note
                    elif collector is not None:
                        collector.add(None)
                    fn(note)

            keep = keep_groups

        def keep_run(notes: Sequence[Any], count: int) -> None:
            for ev, note in zip(evaluators, notes, strict=True):
                ev._keep_run(note, count)

        run = sentence_loop(
            golds,
            systems,
            scorer,
            options=self.options,
            measures=self.measures.values(),
            keep=keep,
            # (Groups come with each sentence's note: a run of them is kept one by one.)
            keep_run=None if any(c is not None for c in collectors) else keep_run,
        )
        for index, ev in enumerate(evaluators):
            ev.aligned_counts = self.aligned_counts
            ev.unit_sentences = self.unit_sentences
            ev._index = index
            ev._run = run
            ev._stats = ev._receive(run, index)
            if collectors[index] is not None:
                ev._group_tables = collectors[index].finish()
            ev._finish()

    def available_breakdowns(self) -> dict[str, GroupKey]:
        """The breakdown keys this evaluator offers with its options (SPEC.md §12), with those
        of the measures its run adds."""
        keys = dict(self.breakdown_keys)
        if self.extra is not None:
            keys.update(self.extra.keys)
        return keys

    def _group_collector(self) -> GroupCollector | None:
        """The collector of the run's groups, or ``None`` without ``by``; refuses unknown keys."""
        if not self.by:
            return None
        offered = self.available_breakdowns()
        unknown = [k for k in self.by if k not in offered]
        if unknown:
            where = f" under align={self.align}" if self.align and self.breakdown_keys else ""
            have = f"it has {', '.join(offered)}" if offered else "it has none"
            raise OptionError(
                f"{type(self).__name__} has no breakdown by {', '.join(unknown)}{where}; {have}"
            )
        keys = {k: offered[k] for k in self.by}
        if self.extra is not None:
            keys = {k: self.extra.key(key) for k, key in keys.items()}
        return GroupCollector(keys, keep_rows=self.options.statistics == "rows")

    def _aligned(
        self,
        golds: Sequence[tuple[str, Iterable[Any]]],
        systems: Sequence[tuple[str, Iterable[Any]]],
    ) -> tuple[list[tuple[str, Iterable[Any]]], list[tuple[str, Iterable[Any]]]]:
        """The corpora as streams of units (:func:`~nltk_tedeval.alignment.aligned_streams`)."""
        return aligned_streams(
            golds,
            systems,
            words=self._text_tokens,
            normalization=self.normalization,
            key=self.text_key,
            tally=self.aligned_counts,
            mode=self.align or "exact",
            sentences=self.unit_sentences if self.options.statistics == "rows" else None,
        )

    @classmethod
    def evaluate_systems(
        cls,
        gold_sents: Iterable[Any],
        systems: Sequence[Iterable[Any]],
        *,
        names: Sequence[str] | None = None,
        statistics: str | None = None,
        **options: Any,
    ) -> list[Evaluator]:
        """Score several systems against one gold in one pass over the data.

        Takes the options of the evaluator. A sentence that is bad for any
        system (``on_error="skip"``), or that some system has no parse for
        (``missing="skip"``), is left out of every system, so that paired
        comparisons and significance tests see the same sentences. Returns
        one evaluator per system, ready. ``statistics`` says what the run
        keeps (:data:`STATISTICS`): with ``"sums"`` or ``"macro"`` its memory
        stays flat, and what reads rows (:meth:`significance`, sentence
        scores, :attr:`numbers`) raises :class:`~nltk_tedeval.errors.OptionError`.
        """
        gold_sents = require_corpus(gold_sents, "gold_sents", cls.parse_kind)
        systems = require_corpora(systems, "systems", cls.parse_kind or corpus_kind(gold_sents))
        if not systems:
            raise OptionError("evaluate_systems needs at least one system")
        names = list(names or [f"system {i + 1}" for i in range(len(systems))])
        if len(names) != len(systems):
            raise OptionError(f"{len(names)} names for {len(systems)} systems")
        if len(set(names)) != len(names):
            raise OptionError(f"system names must be unique: {names}")
        if statistics is not None:
            options["statistics"] = statistics  # over what options= says
        run, _ = RunOptions.split(options)
        if RunOptions.of(options.get("options"), **run).align is None:
            check_lengths([("gold", gold_sents), *zip(names, systems, strict=True)])
        evaluators = [cls(system, gold_sents, **options) for system in systems]
        evaluators[0]._share_run(evaluators, list(zip(names, systems, strict=True)))
        return evaluators

    def signature_fields(self) -> dict[str, object]:
        """Options that change the numbers; subclasses add theirs."""
        fields: dict[str, object] = {"metric": self.metric, **self.options.signature_fields()}
        return fields

    # -- shared ---------------------------------------------------------------

    @property
    def stats(self) -> StatsTable | SumsTable:
        """Per-sentence sufficient statistics, one row per sentence (their sums only in a
        run of ``statistics="sums"`` or ``"macro"``)."""
        if self._stats is None:
            self._stats = self._compute_stats()
        return self._stats

    @property
    def signature(self) -> Signature:
        """The :class:`Signature` of every option that changes a number.

        The length filter (SPEC.md §15) and the missing-parse policy are the
        last fields: they change the number of every metric alike.
        """
        return Signature(
            {
                **self.signature_fields(),
                **self.options.length_fields(),
                "missing": self.missing_policy,
            },
            keys=self.signature_keys,
        )

    @property
    def notes(self) -> list[str]:
        """What a reader must know to read the numbers right; subclasses add theirs."""
        return []

    def rows_without_score(self) -> dict[str, int]:
        """Rows that no measure scores, whatever it is, by why: a macro average leaves them
        out beside the sentences that have nothing to compare, and a report says which is
        which. Here the rows of missing parses left out under ``missing="skip"`` that a
        metric keeps all the same (EVALB's skip sentences, :meth:`_skip_missing`)."""
        n = self.run.missing_rows
        return {"with a missing parse": n} if n else {}

    def alignment_note(self) -> str | None:
        """Under alignment, how many units the rows are and how many sentences each side had."""
        if self.align is None:
            return None
        _ = self.stats
        return describe_alignment(self.align, self.aligned_counts)

    def alignment_summary(self) -> dict[str, Any] | None:
        """Under alignment, the alignment as data (the ``alignment`` of a JSON report)."""
        if self.align is None:
            return None
        _ = self.stats
        return alignment_summary(self.align, self.normalization.signature, self.aligned_counts)

    def measure(self, name: str) -> Measure:
        """The :class:`Measure` called ``name``."""
        try:
            return self.measures[name]
        except KeyError:
            raise UnknownNameError(
                f"{type(self).__name__} has no measure {name!r}; it has {sorted(self.measures)}"
            ) from None

    def score(
        self,
        name: str,
        *,
        average: str = "micro",
        stats: StatsTable | SumsTable | None = None,
        ci: float | None = None,
        rounds: int = DEFAULT_BOOTSTRAP_ROUNDS,
        seed: int = DEFAULT_SEED,
    ) -> Score:
        """The corpus (``"micro"``, default) or ``"macro"`` score of one measure.

        ``ci`` (a level, 0.95) adds a seeded bootstrap confidence interval that
        resamples the sentences (SPEC.md §12); it needs the run's rows.
        """
        table = self.stats if stats is None else stats
        score = Score.from_table(
            table, self.measure(name), signature=self.signature, average=average
        )
        if ci is None:
            return score
        level = check_level(ci)
        if not isinstance(table, StatsTable):
            raise OptionError(
                "a confidence interval resamples sentences: this run kept the sums only "
                "(statistics='sums' or 'macro')"
            )
        ((low, high),) = bootstrap_intervals(
            [(table, self.measure(name))], level=level, rounds=rounds, seed=seed, average=average
        )
        return score.with_interval(low, high, level)

    def scores(self, *, average: str = "micro", ci: float | None = None) -> dict[str, Score]:
        """Every measure, by name (with intervals at level ``ci`` when given)."""
        return {name: self.score(name, average=average, ci=ci) for name in self.measures}

    # -- breakdowns (SPEC.md §12) -----------------------------------------------

    @property
    def group_tables(self) -> dict[str, GroupTable]:
        """The statistics of every group of every key of ``by``, by key."""
        _ = self.stats
        return dict(self._group_tables)

    def breakdown(
        self,
        key: str,
        *,
        average: str = "micro",
        ci: float | None = None,
        rounds: int = DEFAULT_BOOTSTRAP_ROUNDS,
        seed: int = DEFAULT_SEED,
    ) -> Breakdown:
        """The scores of every group of ``key`` (one of ``by``), as :class:`Score` objects.

        >>> from nltk_tedeval.metrics.attachment import AttachmentEvaluator
        >>> from nltk_tedeval.trees.dependency import DependencyTree
        >>> gold = DependencyTree(("I", "left"), (2, 0), ("nsubj", "root"))
        >>> parse = DependencyTree(("I", "left"), (2, 0), ("obj", "root"))
        >>> b = AttachmentEvaluator([parse], [gold], by="relation").breakdown("relation")
        >>> float(b["nsubj"].scores["LAS_R"]), b["obj"].scores["LAS_P"].format()
        (0.0, '0.0000')
        """
        from .breakdown import breakdown_in

        return breakdown_in(
            self.group_tables, self.by, key, self.signature,
            average=average, ci=ci, rounds=rounds, seed=seed,
        )  # fmt: skip

    def breakdowns(self, **options: Any) -> dict[str, Breakdown]:
        """:meth:`breakdown` of every key of ``by``, in order."""
        return {key: self.breakdown(key, **options) for key in self.by}

    def group_significance(
        self,
        other: Evaluator,
        key: str,
        name: str,
        *,
        rounds: int = DEFAULT_ROUNDS,
        seed: int = DEFAULT_SEED,
    ) -> dict[str, SignificanceResult]:
        """:meth:`significance` of every group of ``key`` on the group's measure ``name``."""
        from .breakdown import paired_groups

        check_paired(self.run, other.run)
        return paired_groups(
            self.group_tables, other.group_tables, key, name, rounds=rounds, seed=seed
        )

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
        """Paired randomization test of this system against ``other`` on ``name``.

        Both must have scored the same sentences: the same numbers, ids and
        gold words, in the same order (evaluators of one
        :meth:`evaluate_systems` run always have).

        A measure that is N/A for either system (nothing to compare,
        SPEC.md §9: no sentence, or a zero denominator such as labeled
        TedEval without function labels) is not tested: the result's
        ``p_value`` is ``nan``, its ``rounds`` 0, and its ``reason`` says
        which score is N/A and why (SPEC.md §6).
        """
        from .significance import paired_randomization

        check_paired(self.run, other.run)
        return paired_randomization(
            self.stats, other.stats, self.measure(name), rounds=rounds, seed=seed
        )


def check_paired(a: LoopResult, b: LoopResult) -> None:
    """Refuse a paired test between runs that did not score the same sentences."""
    keys_a, keys_b = a.keys, b.keys
    if keys_a == keys_b:
        return
    if len(keys_a) != len(keys_b):
        raise SentenceCountError(
            f"a paired test needs the same sentences: one system has {len(keys_a)} scored "
            f"sentences, the other {len(keys_b)}"
        )
    k = next(i for i, (x, y) in enumerate(zip(keys_a, keys_b, strict=True)) if x != y)
    n_a, n_b = a.numbers[k], b.numbers[k]
    if n_a != n_b:
        what = f"is sentence {n_a} in one and sentence {n_b} in the other"
    else:
        what = f"(sentence {n_a}) has other gold words or another id"
    raise SentenceCountError(
        f"a paired test needs the same sentences, but scored sentence {k + 1} {what}; "
        "score both systems against one gold, in one evaluate_systems call"
    )


class _SystemsScorer:
    """The scorer of a run of classic evaluators: one table per system, from its gold.

    It is the one place every row of the run passes through, whatever made it (a
    sentence, a unit, a missing parse's stand-in, a batch, a block): the columns of
    the measures a run adds (:mod:`~nltk_tedeval.scoring.extensions`) are appended
    here, to the rows and to the group rows of the keys they extend (whole sentences;
    every group of tokens for an extension that counts tokens).
    """

    appends_extensions = True

    def __init__(self, evaluators: Sequence[Evaluator]) -> None:
        self.evaluators = list(evaluators)
        self.columns = [ev.columns for ev in evaluators]
        first = evaluators[0]
        self.counts_reader_errors = getattr(first, "counts_reader_errors", False)
        self._has_text = first._has_text
        # Each system's extensions and the metric's own keys, whose columns its group rows
        # have; None where a system's run adds no measure (every run but those that ask).
        self._extra = [
            None if ev.extra is None else (ev.extra, ev.available_breakdowns()) for ev in evaluators
        ]

    def _extended(self, j: int, row: Sequence[int], note: Any) -> tuple[Sequence[int], Any]:
        """System ``j``'s row and note with the columns of the measures its run adds."""
        extra = self._extra[j]
        if extra is None:
            return row, note
        active, keys = extra
        return active.row(row), active.groups(note, keys)

    def score(self, sentence: Sentence) -> tuple[list[Sequence[int]], list[Any]]:
        g_where = sentence.where[0]
        n_golds = len(sentence.golds)
        rows, notes = [], []
        for j, (ev, parsed) in enumerate(zip(self.evaluators, sentence.parses, strict=True)):
            p_where = sentence.where[n_golds + j]
            # The document of the sentence, for breakdowns by file or genre (SPEC.md §12).
            ev.sentence_where = (sentence.sentence_id, g_where.get("file"))
            try:
                if parsed is ZERO:
                    row, note = ev._zero_stats(_record(sentence, 0))
                else:
                    parse = _record(sentence, n_golds + j, parsed)
                    row, note = ev._sentence_stats(parse, _record(sentence, 0))
            except TedEvalError as err:
                # Name the file of the tree the error is about, when known;
                # an error about both trees (a yield mismatch) names both.
                if err.side is None and err.file is None:
                    _name_both(err, g_where, p_where)
                where = {"parse": p_where, "gold": g_where}.get(err.side or "", {})
                raise err.locate(**where) from None
            if self._extra[j] is not None:
                row, note = self._extended(j, row, note)
            # An error a metric counts (EVALB's), alone or with the sentence's groups.
            counted = note.note if isinstance(note, Grouped) else note
            if isinstance(counted, TedEvalError):
                counted.locate(sentence=sentence.number, sentence_id=sentence.sentence_id)
                counted.locate(**p_where)
            rows.append(row)
            notes.append(note)
        return rows, notes

    def flat(self, gold: Any) -> Any:
        return self.evaluators[0]._flat_parse(gold)

    def words(self, gold: Any) -> Any:
        return self.evaluators[0]._gold_words(gold)

    def length(self, gold: Any) -> int:
        return self.evaluators[0]._gold_length(gold)

    def has_text(self, parse: Any) -> bool:
        # A unit's sentences without text were found missing when it was made (a unit
        # with one is no Unit to the loop, SPEC.md §11): every sentence left has text.
        return type(parse) is Unit or self._has_text(parse)

    def skip_missing(self, sentence: Sentence) -> tuple[list[Sequence[int]], list[Any]] | None:
        skipped = [ev._skip_missing(_record(sentence, 0)) for ev in self.evaluators]
        if any(s is None for s in skipped):
            return None
        rows = [self._extended(j, *s) for j, s in enumerate(skipped)]  # type: ignore[misc]
        return [r for r, _ in rows], [n for _, n in rows]


class _BatchScorer(_SystemsScorer):
    """The scorer of evaluators that score runs of sentences at once (``_batch_stats``)."""

    def score_plain(self, golds: list[Any], parses: list[Any]) -> Any:
        """The rows of a run of consecutive sentences read without error, as an array, which
        are final and the note each keeps (the sentence loop's plain runs); ``None``: the
        run goes to the batches, sentence by sentence."""
        if len(self.evaluators) != 1:
            return None
        decided = self.evaluators[0]._plain_stats(golds, parses)
        if decided is None:
            return None
        rows, final = decided
        if self._extra[0] is not None:
            rows = self._extra[0][0].rows(rows)  # a block's rows: no group rows (no --by)
        return rows, final.tolist(), [None]

    def score_batch(self, sentences: Sequence[Sentence]) -> list[Any]:
        n = len(sentences[0].golds) if sentences else 0
        if len(self.evaluators) == 1:
            # One system (most runs): its rows as they come, without zipping systems; a
            # sentence that read without error hands its trees as they are (_record's).
            pairs = [
                (s.parses[0], s.golds[0])
                if not any(s.errors)
                else (_record(s, n, s.parses[0]), _record(s, 0))
                for s in sentences
            ]
            decided = self.evaluators[0]._batch_stats(pairs)
            if self._extra[0] is not None:
                decided = [None if d is None else self._extended(0, *d) for d in decided]
            return [None if d is None else ([d[0]], [d[1]]) for d in decided]
        decided = [
            ev._batch_stats([(_record(s, n + j, s.parses[j]), _record(s, 0)) for s in sentences])
            for j, ev in enumerate(self.evaluators)
        ]
        decided = [
            [None if d is None else self._extended(j, *d) for d in rows]
            if self._extra[j] is not None
            else rows
            for j, rows in enumerate(decided)
        ]
        # A sentence is the batch's when every system's row is: (rows, notes) as score's.
        return [
            None if None in by_system else ([r for r, _ in by_system], [x for _, x in by_system])
            for by_system in zip(*decided, strict=True)
        ]


def _record(sentence: Sentence, index: int, tree: Any = None) -> Any:
    """Source ``index``'s tree, or its reader error for a scorer that counts those itself."""
    errors = sentence.errors
    if errors and errors[index] is not None:
        return _Unreadable(errors[index])
    if tree is not None:
        return tree
    n_golds = len(sentence.golds)
    return sentence.golds[index] if index < n_golds else sentence.parses[index - n_golds]


class _Unreadable:
    """A line the reader could not read, handed to a metric that counts such lines (EVALB)."""

    tree = None

    def __init__(self, error: TedEvalError) -> None:
        self.error = error


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
