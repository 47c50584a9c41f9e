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

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, NamedTuple

from ..errors import OptionError, TedEvalError
from ..records import unwrap
from ..scoring.evaluator import SkippedSentence, check_on_error
from ..scoring.stats import RowBuffer, StatsTable
from ..trees.convert import Converter
from ..trees.mft import MultiFunctionTree
from ..trees.operations import generalize, tl_unify
from ..trees.tokens import check_yields
from .engine_apted import apted_counts
from .engine_span import span_counts

__all__ = [
    "COLUMNS",
    "ENGINES",
    "ProtocolConfig",
    "ProtocolResult",
    "SentenceOutcome",
    "SentenceResult",
    "SkippedSentence",
    "get_engine",
    "process_sentence",
    "run_protocol",
    "sentence_stats",
    "table_results",
]

COLUMNS = ("delta_labeled", "iota_labeled", "delta_unlabeled", "iota_unlabeled")
"""The sufficient statistics of one sentence: δ and ι in labeled, then unlabeled mode."""

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


def _source_name(default: str, where: dict[str, Any]) -> str:
    """``file:line`` of a reader record (for messages about several trees), else ``default``."""
    name = where.get("file")
    if not name:
        return default
    return f"{name}:{where['line']}" if where.get("line") else name


def process_sentence(
    number: int,
    sentence_id: str | None,
    golds: Sequence[Any],
    parses: Sequence[Any],
    config: ProtocolConfig,
) -> SentenceOutcome:
    """Run the three steps of the protocol on one sentence (see the module docstring).

    Never raises a :class:`~nltk_tedeval.errors.TedEvalError`: it is returned
    in the outcome, located at this sentence, so the caller decides whether
    to stop or to skip.
    """
    sid = sentence_id
    try:
        sources = [unwrap(g) for g in golds] + [unwrap(p) for p in parses]
        if sid is None:
            sid = next(
                (getattr(o, "sentence_id", None) for o in (*golds, *parses) if hasattr(o, "tree")),
                None,
            )
        names = [
            _source_name(n, w)
            for n, (_, w, _) in zip(
                (*config.theory_names, *config.aux_names, *config.parse_names),
                sources,
                strict=True,
            )
        ]
        converted: list[MultiFunctionTree] = []
        lifted: list[int] = []
        converters = (
            *config.converters,
            *config.aux_converters,
            *(config.converters[t] for t in config.parse_theories),
        )
        for (tree, where, error), conv in zip(sources, converters, strict=True):
            if error is not None:
                raise error
            if tree is None:
                raise TedEvalError("no tree for this sentence", **where)
            try:
                conversion = conv.convert(tree)
            except TedEvalError as err:
                raise err.locate(**where) from None
            converted.append(conversion.mft)
            lifted.append(len(conversion.lifted))
        k = len(config.converters)
        n_golds = k + len(config.aux_converters)
        all_golds = converted[:n_golds]
        parse_trees = converted[n_golds:]
        check_yields([t.words for t in converted], names)
        gold_trees = all_golds[:k]
        for a, b in config.tl_unify:
            gold_trees[a] = tl_unify(gold_trees[a], all_golds[b])
        engine = config.engine
        single = tuple(
            sentence_stats(p, gold_trees[t], engine=engine)
            for p, t in zip(parse_trees, config.parse_theories, strict=True)
        )
        multiple = None
        if config.multiple and k > 1:
            reference = generalize(*gold_trees)
            multiple = tuple(
                sentence_stats(p, gold_trees[t], reference, engine=engine)
                for p, t in zip(parse_trees, config.parse_theories, strict=True)
            )
        overlap = ()
        if config.overlaps:
            overlap = tuple(
                sentence_stats(gold_trees[a], gold_trees[b], engine=engine)
                for a, b in config.gold_pairs
            )
        return SentenceOutcome(number, sid, single, multiple, overlap, tuple(lifted))
    except TedEvalError as err:
        return SentenceOutcome(number, sid, error=err.locate(sentence=number, sentence_id=sid))


def _process_batch(
    batch: list[tuple[int, str | None, Sequence[Any], Sequence[Any]]], config: ProtocolConfig
) -> list[SentenceOutcome]:
    return [process_sentence(n, sid, g, p, config) for n, sid, g, p in batch]


@dataclass
class ProtocolResult:
    """The statistics of a whole run: one table per parse, scenario and gold pair."""

    config: ProtocolConfig
    single: list[StatsTable]
    multiple: list[StatsTable] | None
    overlap: dict[tuple[int, int], StatsTable]
    numbers: list[int]
    sentence_ids: list[str | None]
    skipped: list[SkippedSentence] = field(default_factory=list)
    lifted_sentences: list[int] = field(default_factory=list)
    lifted_arcs: list[int] = field(default_factory=list)

    @property
    def read(self) -> int:
        """Sentences read: scored plus skipped."""
        return len(self.numbers) + len(self.skipped)


def _batches(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    it = iter(items)
    while batch := list(islice(it, size)):
        yield batch


def run_protocol(
    sentences: Iterable[tuple[int, str | None, Sequence[Any], Sequence[Any]]],
    config: ProtocolConfig,
    *,
    on_error: str = "raise",
    jobs: int = 1,
    progress: bool | None = None,
    total: int | None = None,
) -> ProtocolResult:
    """Run the protocol over a stream of ``(number, sentence_id, golds, parses)``.

    ``on_error="raise"`` stops at the first bad sentence with its error;
    ``"skip"`` leaves it out of every system alike and records why.
    ``jobs > 1`` spreads sentences over processes with joblib (worth it for
    the APTED engine). ``progress`` shows a tqdm bar on stderr (by default
    only when stderr is a terminal).
    """
    check_on_error(on_error)
    if not isinstance(jobs, int) or jobs == 0:
        raise OptionError(
            f"jobs must be a positive number of processes (or negative, joblib style: "
            f"-1 for every CPU), not {jobs!r}"
        )
    n_parses = len(config.parse_theories)
    n_sources = len(config.converters) + len(config.aux_converters) + n_parses
    width = len(COLUMNS)
    single_rows = [RowBuffer(width) for _ in range(n_parses)]
    multi_rows = [RowBuffer(width) for _ in range(n_parses)]
    pair_rows = {p: RowBuffer(width) for p in config.gold_pairs}
    result = ProtocolResult(config, [], None, {}, [], [])
    result.lifted_sentences = [0] * n_sources
    result.lifted_arcs = [0] * n_sources

    outcomes = _outcomes(sentences, config, jobs)
    if progress is None:
        progress = sys.stderr.isatty()
    if progress:
        from tqdm import tqdm

        outcomes = tqdm(outcomes, total=total, unit="sent", file=sys.stderr, leave=False)
    for out in outcomes:
        if out.error is not None:
            if on_error == "raise":
                raise out.error
            result.skipped.append(SkippedSentence(out.number, out.sentence_id, str(out.error)))
            continue
        result.numbers.append(out.number)
        result.sentence_ids.append(out.sentence_id)
        for j, row in enumerate(out.single):
            single_rows[j].append(row)
        if out.multiple is not None:
            for j, row in enumerate(out.multiple):
                multi_rows[j].append(row)
        for pair, row in zip(config.gold_pairs, out.overlap, strict=False):
            pair_rows[pair].append(row)
        for s, count in enumerate(out.lifted):
            if count:
                result.lifted_sentences[s] += 1
                result.lifted_arcs[s] += count
    result.single = [StatsTable(COLUMNS, rows.to_array()) for rows in single_rows]
    if config.multiple and len(config.converters) > 1:
        result.multiple = [StatsTable(COLUMNS, rows.to_array()) for rows in multi_rows]
    if config.overlaps:
        result.overlap = {p: StatsTable(COLUMNS, rows.to_array()) for p, rows in pair_rows.items()}
    return result


def _outcomes(
    sentences: Iterable[tuple[int, str | None, Sequence[Any], Sequence[Any]]],
    config: ProtocolConfig,
    jobs: int,
) -> Iterator[SentenceOutcome]:
    if jobs == 1:
        for number, sid, golds, parses in sentences:
            yield process_sentence(number, sid, golds, parses, config)
        return
    from joblib import Parallel, delayed

    # Batches amortise the cost of shipping trees to worker processes; the
    # generator output keeps both the order and the streaming. An APTED
    # sentence takes a tenth of a second or more, so small batches keep
    # every worker busy; span-engine sentences take microseconds.
    size = 4 if config.engine == "apted" else 256
    runner = Parallel(n_jobs=jobs, return_as="generator")
    for batch in runner(delayed(_process_batch)(b, config) for b in _batches(sentences, size)):
        yield from batch


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
        """``1 − δ/ι`` in labeled mode (1.0 when ι = 0)."""
        return 1.0 - self.delta_labeled / self.iota_labeled if self.iota_labeled else 1.0

    @property
    def unlabeled(self) -> float:
        """``1 − δ/ι`` in unlabeled mode (1.0 when ι = 0)."""
        return 1.0 - self.delta_unlabeled / self.iota_unlabeled if self.iota_unlabeled else 1.0


def table_results(
    table: StatsTable, numbers: Sequence[int], ids: Sequence[str | None]
) -> list[SentenceResult]:
    """One :class:`SentenceResult` per row of a (δ, ι) table, with its sentence's number and id."""
    return [
        SentenceResult(n, sid, *row)
        for n, sid, row in zip(numbers, ids, table.array.tolist(), strict=True)
    ]
