"""The TedEval protocol, one sentence at a time (2012 paper, §3 and Figure 3).

For every sentence the protocol

1. converts every tree (the gold of each theory, each parse) into a
   multi-function tree with its theory's :class:`~nltk_tedeval.trees.convert.Converter`,
   optionally enriching one gold with another's labels by TL-unification
   (as the paper does for PTB with SD, §4.1);
2. checks that all trees share one yield and generalizes the golds of all
   theories into the reference of the MULTIPLE scenario;
3. extracts TedEval's sufficient statistics, δ and ι in labeled and
   unlabeled mode, for every parse against its native gold (SINGLE) and
   against the generalized gold (MULTIPLE), and for every pair of golds
   (the cross-theory overlap).

Only those integers are kept, so corpora of any size stream through in
constant memory; corpus scores, macro averages and significance tests are
computed from them by :mod:`nltk_tedeval.scoring.stats`. Inputs are trees or reader
records (anything with ``tree``, ``error``, ``file``, ``line``, ``number``
and ``sentence_id`` attributes), so errors can name the file and line.

>>> from nltk_tedeval.trees.dependency import DependencyTree as D
>>> w = ("arrive", "on", "Sunday")
>>> gold1 = D(w, (0, 1, 2), ("root", "prep", "pobj"))
>>> gold2 = D(w, (0, 3, 1), ("root", "case", "tmod"))
>>> parse = D(w, (0, 1, 1), ("root", "prep", "pobj"))
>>> config = ProtocolConfig.build(theories=2, parses=[0])
>>> out = process_sentence(1, None, [gold1, gold2], [parse], config)
>>> out.single, out.multiple
(((3, 9, 1, 7),), ((1, 6, 1, 7),))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from ..alignment import Unit
from ..errors import OptionError, TedEvalError
from ..kinds import is_record
from ..records import unwrap
from ..scoring.groups import DEFAULT_BINS, Bins, GroupCollector, GroupTable
from ..scoring.loop import (
    ZERO,
    LoopResult,
    RunAccounts,
    Sentence,
    SkippedSentence,
    sentence_loop,
)
from ..scoring.options import RunOptions
from ..scoring.stats import Measure, StatsTable, edit_score
from ..trees.convert import Converter
from ..trees.kinds import flat_parse, has_text, text_length, tree_words
from ..trees.mft import MultiFunctionTree
from ..trees.operations import carries_function_labels, generalize, tl_unify
from ..trees.tokens import check_yields
from .aligned import unit_trees
from .engine_apted import apted_counts, require_contiguous
from .engine_span import span_counts
from .label_groups import TEDEVAL_KEYS, sentence_groups

__all__ = [
    "COLUMNS",
    "ENGINES",
    "LABELED",
    "TEDEVAL_MEASURES",
    "UNLABELED",
    "ProtocolConfig",
    "ProtocolResult",
    "ProtocolScorer",
    "SentenceOutcome",
    "SentenceResult",
    "SkippedSentence",
    "TableGroups",
    "get_engine",
    "process_sentence",
    "run_protocol",
    "sentence_stats",
    "table_results",
]

COLUMNS = ("delta_labeled", "iota_labeled", "delta_unlabeled", "iota_unlabeled")
"""The sufficient statistics of one sentence: δ and ι in labeled, then unlabeled mode."""

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
TEDEVAL_MEASURES = (LABELED, UNLABELED)

Row = tuple[int, int, int, int]
Engine = Callable[..., tuple[int, int]]

ENGINES: dict[str, Engine] = {"span": span_counts, "apted": apted_counts}
"""The scoring engines by name: the exact span-set engine and the APTED cross-check."""


def get_engine(name: str) -> Engine:
    try:
        return ENGINES[name]
    except KeyError:
        raise OptionError(f"unknown engine {name!r}; choose one of {', '.join(ENGINES)}") from None


def sentence_stats(
    parse: MultiFunctionTree,
    gold: MultiFunctionTree,
    reference: MultiFunctionTree | None = None,
    *,
    engine: str = "span",
) -> Row:
    """``(δ_L, ι_L, δ_U, ι_U)`` of ``parse`` with native ``gold`` against ``reference``.

    ``reference`` defaults to ``gold`` (the SINGLE scenario).

    >>> from nltk_tedeval.trees.mft import MultiFunctionTree
    >>> gold = MultiFunctionTree({(0, 2): {"root"}, (0, 1): {"nsubj"}, (1, 2): {"hd"}}, 2)
    >>> parse = MultiFunctionTree({(0, 2): {"root"}, (0, 1): {"obj"}, (1, 2): {"hd"}}, 2)
    >>> sentence_stats(parse, gold)
    (2, 6, 0, 4)
    """
    fn = get_engine(engine)
    ref = gold if reference is None else reference
    dl, il = fn(parse, gold, ref, labeled=True)
    du, iu = fn(parse, gold, ref, labeled=False)
    return dl, il, du, iu


@dataclass(frozen=True)
class ProtocolConfig:
    """What to compute for each sentence.

    ``converters[k]`` converts the gold of theory ``k``; ``parse_theories[j]``
    is the native theory of parse ``j`` (converted with that theory's
    converter). ``aux_converters`` convert extra golds that only serve as
    sources of TL-unification and take no part in generalization; they come
    after the theories' golds in a sentence's gold list. ``tl_unify`` lists
    ``(a, b)`` pairs meaning gold ``a`` becomes ``gold_a ⊔tl gold_b`` (``b``
    indexes theories then auxiliary golds) before anything is compared.
    ``theory_names``, ``aux_names`` and ``parse_names`` are used in messages.
    """

    converters: tuple[Converter, ...]
    parse_theories: tuple[int, ...]
    theory_names: tuple[str, ...]
    parse_names: tuple[str, ...]
    tl_unify: tuple[tuple[int, int], ...] = ()
    aux_converters: tuple[Converter, ...] = ()
    aux_names: tuple[str, ...] = ()
    engine: str = "span"
    multiple: bool = True
    overlaps: bool = False
    by: tuple[str, ...] = ()
    """The breakdown keys whose groups every comparison gives (SPEC.md §12.5); they
    travel with the configuration to worker processes, so ``jobs > 1`` carries them."""
    length_bins: Bins = DEFAULT_BINS["length"]

    def __post_init__(self) -> None:
        get_engine(self.engine)
        k = len(self.converters)
        if k == 0:
            raise OptionError("the protocol needs at least one gold theory")
        for t in self.parse_theories:
            if not 0 <= t < k:
                raise OptionError(f"parse theory {t} does not exist; there are {k} theories")
        sources = k + len(self.aux_converters)
        for a, b in self.tl_unify:
            if a == b or not (0 <= a < k and 0 <= b < sources):
                raise OptionError(f"TL-unification needs two different golds, got {a} and {b}")
        if len(self.aux_names) != len(self.aux_converters):
            raise OptionError("every auxiliary gold needs a name")
        unknown = [k for k in self.by if k not in TEDEVAL_KEYS]
        if unknown:
            raise OptionError(
                f"TedEval has no breakdown by {', '.join(unknown)}; it has "
                f"{', '.join(TEDEVAL_KEYS)}"
            )

    @classmethod
    def build(
        cls,
        *,
        theories: int | Sequence[Converter],
        parses: Sequence[int],
        theory_names: Sequence[str] | None = None,
        parse_names: Sequence[str] | None = None,
        **options: Any,
    ) -> ProtocolConfig:
        """A configuration with default converters and names where none are given."""
        converters = (
            tuple(Converter() for _ in range(theories))
            if isinstance(theories, int)
            else tuple(theories)
        )
        k = len(converters)
        names = tuple(theory_names or (["gold"] if k == 1 else [f"gold {i + 1}" for i in range(k)]))
        pnames = tuple(
            parse_names
            or (["parse"] if len(parses) == 1 else [f"parse {j + 1}" for j in range(len(parses))])
        )
        return cls(converters, tuple(parses), names, pnames, **options)

    @cached_property
    def head_labels(self) -> frozenset[str]:
        """Every converter's head label: labels the conversion adds, no function (§5)."""
        return frozenset(c.head_label for c in (*self.converters, *self.aux_converters))

    @property
    def gold_pairs(self) -> list[tuple[int, int]]:
        """Every unordered pair of gold theories, for the cross-theory overlap."""
        k = len(self.converters)
        return [(a, b) for a in range(k) for b in range(a + 1, k)]


class SentenceOutcome(NamedTuple):
    """The statistics of one sentence, or the error that stopped it."""

    number: int
    sentence_id: str | None
    single: tuple[Row, ...] = ()
    multiple: tuple[Row, ...] | None = None
    overlap: tuple[Row, ...] = ()
    lifted: tuple[int, ...] = ()
    error: TedEvalError | None = None
    groups: tuple[Any, ...] = ()
    """With ``config.by``: the groups of every row (single, multiple, overlap), in order."""


class TableGroups(NamedTuple):
    """The note of a sentence in a run with breakdowns: the lifted arcs and the groups of
    every table's row, in the order of the scorer's tables."""

    lifted: tuple[int, ...]
    groups: tuple[Any, ...]


def _source_name(default: str, where: dict[str, Any]) -> str:
    """``file:line`` of a reader record (for messages about several trees), else ``default``."""
    name = where.get("file")
    if not name:
        return default
    return f"{name}:{where['line']}" if where.get("line") else name


class ProtocolScorer:
    """The protocol as the sentence loop's scorer (:mod:`nltk_tedeval.scoring.loop`).

    Its tables are, in order: SINGLE for every parse, MULTIPLE for every
    parse (when there are several theories and ``config.multiple``), and the
    overlap of every pair of golds (with ``config.overlaps``); every row is
    :data:`COLUMNS`. A parse that is :data:`~nltk_tedeval.scoring.loop.ZERO`
    (a missing parse under ``missing="zero"``) is the empty multi-function
    tree over the gold's words: no item at all, so δ = ι = |e| (SPEC.md §10).
    """

    def __init__(self, config: ProtocolConfig) -> None:
        self.config = config
        n = len(config.parse_theories)
        self.has_multiple = config.multiple and len(config.converters) > 1
        tables = n + (n if self.has_multiple else 0)
        tables += len(config.gold_pairs) if config.overlaps else 0
        self.columns = (COLUMNS,) * tables
        # An APTED sentence takes a tenth of a second or more, so small
        # batches keep every worker busy. A span-engine sentence takes
        # microseconds: shipping it to a worker costs more than scoring it
        # (30,000 GUM sentences: 8.0 s in one process, 9.1 s in two), so the
        # span engine stays in one process whatever ``jobs`` says.
        self.batch_size: int | None = 4 if config.engine == "apted" else None

    def flat(self, gold: Any) -> Any:
        return flat_parse(gold)

    def words(self, gold: Any) -> Any:
        return tree_words(gold)

    def length(self, gold: Any) -> int:
        return text_length(gold)

    def has_text(self, parse: Any) -> bool:
        return has_text(parse)

    def score(self, sentence: Sentence) -> tuple[list[Row], tuple[int, ...]]:
        out = _protocol(sentence.golds, sentence.parses, sentence.where, self.config)
        rows = [*out.single, *(out.multiple or ()), *out.overlap]
        if self.config.by:
            return rows, TableGroups(out.lifted, out.groups)  # type: ignore[return-value]
        return rows, out.lifted


def _protocol(
    golds: Sequence[Any],
    parses: Sequence[Any],
    where: Sequence[dict[str, Any]],
    config: ProtocolConfig,
) -> SentenceOutcome:
    """The three steps of the protocol on trees; raises the error of a bad sentence."""
    names = [
        _source_name(n, w)
        for n, w in zip(
            (*config.theory_names, *config.aux_names, *config.parse_names), where, strict=True
        )
    ]
    converted: list[MultiFunctionTree | None] = []
    lifted: list[int] = []
    converters = (
        *config.converters,
        *config.aux_converters,
        *(config.converters[t] for t in config.parse_theories),
    )
    aligned = bool(golds) and isinstance(golds[0], Unit)
    if aligned:
        # Units of sentences (SPEC.md §11): one tree per side over the unit's atoms.
        check = require_contiguous if config.engine == "apted" else _no_check
        views = [*golds, *parses]
        # A ZERO parse (a missing one, missing="zero") has no tree: it gets no
        # items over the unit's atoms, as below over its gold's words.
        present = [k for k, v in enumerate(views) if v is not ZERO]
        unit_mfts, unit_lifted = unit_trees(
            [views[k] for k in present], [converters[k] for k in present], check
        )
        converted = [None] * len(views)
        lifted = [0] * len(views)
        for k, mft, arcs in zip(present, unit_mfts, unit_lifted, strict=True):
            converted[k], lifted[k] = mft, arcs
    for tree, at, conv in zip((*golds, *parses), where, converters, strict=True):
        if aligned:
            break
        if tree is ZERO:
            converted.append(None)
            lifted.append(0)
            continue
        try:
            conversion = conv.convert(tree)
            if config.engine == "apted":
                # Refused here, where the tree's file and line are known.
                require_contiguous(conversion.mft)
        except TedEvalError as err:
            raise err.locate(**at) from None
        converted.append(conversion.mft)
        lifted.append(len(conversion.lifted))
    k = len(config.converters)
    n_golds = k + len(config.aux_converters)
    all_golds = [t for t in converted[:n_golds] if t is not None]
    # A ZERO parse has no items over the words of its own gold.
    parse_trees = [
        t if t is not None else MultiFunctionTree({}, all_golds[th].words)
        for t, th in zip(converted[n_golds:], config.parse_theories, strict=True)
    ]
    check_yields([t.words for t in (*all_golds, *parse_trees)], names)
    gold_trees = all_golds[:k]
    for a, b in config.tl_unify:
        gold_trees[a] = tl_unify(gold_trees[a], all_golds[b])
    heads = config.head_labels
    labeled = {id(t): carries_function_labels(t, heads) for t in (*gold_trees, *parse_trees)}
    groups: list[Any] = []

    def stats(
        p: MultiFunctionTree, g: MultiFunctionTree, e: MultiFunctionTree | None = None
    ) -> Row:
        row = sentence_stats(p, g, e, engine=config.engine)
        if not (labeled[id(p)] or labeled[id(g)] or (e is not None and labeled[id(e)])):
            # No tree of this comparison carries a function label: labeled mode
            # has nothing to compare (SPEC.md §5), not a perfect score.
            row = (0, 0, row[2], row[3])
        if config.by:
            # Computed apart from the row, by the same engine: the tests check
            # that the groups sum to the row instead of it being their sum.
            groups.append(
                sentence_groups(
                    config.by,
                    p,
                    g,
                    g if e is None else e,
                    row,
                    engine=config.engine,
                    length_bins=config.length_bins,
                )
            )
        return row

    single = tuple(
        stats(p, gold_trees[t]) for p, t in zip(parse_trees, config.parse_theories, strict=True)
    )
    multiple = None
    if config.multiple and k > 1:
        reference = generalize(*gold_trees)
        labeled[id(reference)] = carries_function_labels(reference, heads)
        multiple = tuple(
            stats(p, gold_trees[t], reference)
            for p, t in zip(parse_trees, config.parse_theories, strict=True)
        )
    overlap: tuple[Row, ...] = ()
    if config.overlaps:
        overlap = tuple(stats(gold_trees[a], gold_trees[b]) for a, b in config.gold_pairs)
    return SentenceOutcome(0, None, single, multiple, overlap, tuple(lifted), groups=tuple(groups))


def _no_check(_: MultiFunctionTree) -> None:
    """The span engine scores every tree, gapped or not."""


def process_sentence(
    number: int,
    sentence_id: str | None,
    golds: Sequence[Any],
    parses: Sequence[Any],
    config: ProtocolConfig,
) -> SentenceOutcome:
    """Run the three steps of the protocol on one sentence (see the module docstring).

    ``golds`` and ``parses`` are trees or reader records. Never raises a
    :class:`~nltk_tedeval.errors.TedEvalError`: it is returned in the
    outcome, located at this sentence, so the caller decides whether to
    stop or to skip. A whole corpus goes through :func:`run_protocol`,
    which also applies the missing-parse policy.
    """
    sources = [unwrap(x) for x in (*golds, *parses)]
    sid = sentence_id or next(
        (getattr(o, "sentence_id", None) for o in (*golds, *parses) if is_record(o)), None
    )
    try:
        for (tree, at, error), name in zip(
            sources, (*config.theory_names, *config.aux_names, *config.parse_names), strict=True
        ):
            if error is not None:
                raise error
            if tree is None:
                raise TedEvalError(f"{name} has no tree for this sentence", **at)
        trees = [t for t, _, _ in sources]
        out = _protocol(
            trees[: len(golds)], trees[len(golds) :], [w for _, w, _ in sources], config
        )
        return out._replace(number=number, sentence_id=sid)
    except TedEvalError as err:
        return SentenceOutcome(number, sid, error=err.locate(sentence=number, sentence_id=sid))


@dataclass
class ProtocolResult(RunAccounts):
    """The statistics of a whole run: one table per parse, scenario and gold pair."""

    config: ProtocolConfig
    single: list[StatsTable]
    multiple: list[StatsTable] | None
    overlap: dict[tuple[int, int], StatsTable]
    run: LoopResult
    lifted_sentences: list[int] = field(default_factory=list)
    lifted_arcs: list[int] = field(default_factory=list)
    group_tables: list[dict[str, GroupTable]] = field(default_factory=list)
    """With ``config.by``: every table's groups by key, in the order of ``run.tables``."""

    def _loop_result(self) -> LoopResult:
        return self.run


def run_protocol(
    golds: Sequence[tuple[str, Iterable[Any] | None]],
    parses: Sequence[tuple[str, Iterable[Any]]],
    config: ProtocolConfig,
    *,
    options: RunOptions | None = None,
    total: int | None = None,
) -> ProtocolResult:
    """Run the protocol over named corpora: the golds (theories, then auxiliary), then the parses.

    It is the one sentence loop of :func:`~nltk_tedeval.scoring.loop.sentence_loop`
    with :class:`ProtocolScorer`, under the run's ``options``
    (:class:`~nltk_tedeval.scoring.options.RunOptions`: what a bad sentence and
    a missing parse do; ``jobs > 1`` spreads sentences over processes with
    joblib for the APTED engine, the span engine always running in one
    process, which is faster; a progress bar; the statistics kept).
    """
    scorer = ProtocolScorer(config)
    n_sources = len(config.converters) + len(config.aux_converters) + len(config.parse_theories)
    lifted_sentences = [0] * n_sources
    lifted_arcs = [0] * n_sources

    collectors: list[GroupCollector] = []
    if config.by:
        keys = {k: TEDEVAL_KEYS[k] for k in config.by}
        keep_rows = (options or RunOptions()).statistics == "rows"
        collectors = [GroupCollector(keys, keep_rows) for _ in scorer.columns]

    def keep(note: tuple[int, ...] | TableGroups) -> None:
        lifted = note
        if isinstance(note, TableGroups):
            lifted = note.lifted
            for collector, groups in zip(collectors, note.groups, strict=True):
                collector.add(groups)
        for s, count in enumerate(lifted):
            if count:
                lifted_sentences[s] += 1
                lifted_arcs[s] += count

    run = sentence_loop(
        [(name, corpus) for name, corpus in golds if corpus is not None],
        parses,
        scorer,
        native=config.parse_theories,
        options=options,
        measures=TEDEVAL_MEASURES,
        total=total,
        keep=keep,
    )
    n = len(config.parse_theories)
    tables = run.tables
    multiple = tables[n : 2 * n] if scorer.has_multiple else None
    rest = tables[2 * n :] if scorer.has_multiple else tables[n:]
    overlap = dict(zip(config.gold_pairs, rest, strict=True)) if config.overlaps else {}
    return ProtocolResult(
        config,
        tables[:n],
        multiple,
        overlap,
        run,
        lifted_sentences,
        lifted_arcs,
        [c.finish() for c in collectors],
    )


_NAN = float("nan")


@dataclass(frozen=True)
class SentenceResult:
    """δ, ι and the score of one sentence in both modes.

    >>> r = SentenceResult(1, None, 3, 9, 1, 7)
    >>> round(r.labeled, 4), round(r.unlabeled, 4)
    (0.6667, 0.8571)
    """

    number: int
    sentence_id: str | None
    delta_labeled: int
    iota_labeled: int
    delta_unlabeled: int
    iota_unlabeled: int

    @property
    def labeled(self) -> float:
        """``1 − δ/ι`` in labeled mode (NaN when ι = 0: nothing to compare)."""
        return 1.0 - self.delta_labeled / self.iota_labeled if self.iota_labeled else _NAN

    @property
    def unlabeled(self) -> float:
        """``1 − δ/ι`` in unlabeled mode (NaN when ι = 0: nothing to compare)."""
        return 1.0 - self.delta_unlabeled / self.iota_unlabeled if self.iota_unlabeled else _NAN


def table_results(
    table: StatsTable, numbers: Sequence[int], ids: Sequence[str | None]
) -> list[SentenceResult]:
    """One :class:`SentenceResult` per row of a (δ, ι) table, with its sentence's number and id."""
    return [
        SentenceResult(n, sid, *row)
        for n, sid, row in zip(numbers, ids, table.array.tolist(), strict=True)
    ]
