"""The options of a run, in one value: what every evaluator and the sentence loop share.

How bad sentences and missing parses are handled, whether tokenizations are
aligned, how many processes score, and what the run keeps of its sentences
are the same question for every metric. They are one frozen
:class:`RunOptions`, validated once where it is made and handed as one value
to every evaluator, the cross-framework evaluator, the CoNLL 2018 evaluator,
the protocol and :func:`~nltk_tedeval.scoring.loop.sentence_loop`.

nltk's face stays: an evaluator takes the same options as keywords
(``AttachmentEvaluator(parsed, gold, missing="zero")``), which build the
value, or a ready one (``options=RunOptions(missing="zero")``).

>>> RunOptions(align=True).align, RunOptions.of(None, missing="zero").missing
('exact', 'zero')
>>> try:
...     RunOptions(missing="sometimes")
... except OptionError as err:
...     print(err)
missing must be one of 'skip', 'zero', 'flat', 'error', not 'sometimes'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from ..alignment import Normalization
from ..errors import OptionError
from .extensions import check_extra_measures
from .groups import DEFAULT_BINS, Bins, check_by
from .lengths import LengthBounds, check_length_bounds
from .missing import check_missing
from .stats import Measure, SumsTable

__all__ = [
    "ALIGN",
    "ON_ERROR",
    "STATISTICS",
    "RunOptions",
    "SumsPlan",
    "check_align",
    "check_jobs",
    "check_on_error",
]

ON_ERROR = ("raise", "skip")
"""What to do with a bad sentence: stop with its error, or leave it out and list it."""

ALIGN = ("exact", "lcs")
"""How ``align=`` aligns tokenizations (SPEC.md §11): ``"exact"`` (``True``) needs the
same text; ``"lcs"`` aligns texts that differ by a longest common subsequence."""

STATISTICS = ("rows", "sums", "macro")
"""What a run keeps of its sentences: every row (the default; anything can be computed
from them), the column sums alone (corpus scores), or the sums and every sentence's
score (macro averages too). Sums and sentence counts are exact either way."""


def check_on_error(on_error: str) -> str:
    if on_error not in ON_ERROR:
        raise OptionError(f"on_error must be 'raise' or 'skip', not {on_error!r}")
    return on_error


def check_align(value: bool | str | None) -> str | None:
    """``None`` (no alignment) or the alignment mode that ``value`` asks for."""
    if value is None or value is False:
        return None
    if value is True:
        return "exact"
    if isinstance(value, str) and value in ALIGN:
        return value
    raise OptionError(f"align must be False, True or one of {', '.join(ALIGN)}, not {value!r}")


def check_jobs(jobs: Any) -> int:
    if not isinstance(jobs, int) or isinstance(jobs, bool) or jobs == 0:
        raise OptionError(
            f"jobs must be a positive number of processes (or negative, joblib style: "
            f"-1 for every CPU), not {jobs!r}"
        )
    return jobs


def check_statistics(statistics: str) -> str:
    if statistics not in STATISTICS:
        raise OptionError(
            f"statistics must be one of {', '.join(map(repr, STATISTICS))}, not {statistics!r}"
        )
    return statistics


@dataclass(frozen=True)
class SumsPlan:
    """How a run that keeps no rows builds its table of some columns (``statistics``)."""

    measures: tuple[Measure, ...]
    macro: bool

    def __call__(self, columns: Iterable[str]) -> SumsTable:
        return SumsTable(tuple(columns), self.measures, self.macro)


@dataclass(frozen=True)
class RunOptions:
    """Every option of a run that is not a metric's own, validated when made.

    - ``on_error``: ``"raise"`` (default) or ``"skip"`` bad sentences (SPEC.md §8);
    - ``missing``: what a missing parse does, ``"skip"`` (default), ``"zero"``,
      ``"flat"`` or ``"error"`` (SPEC.md §10);
    - ``progress``: a progress bar on standard error (``None``: when it is a terminal);
    - ``align``: ``None`` (the default: the same tokens), ``"exact"`` (or
      ``True``) or ``"lcs"`` (SPEC.md §11), and ``normalization``, how token
      texts become characters;
    - ``jobs``: worker processes, where a metric spreads over them (TedEval's
      APTED engine); 1 elsewhere;
    - ``statistics``: what the run keeps of its sentences (:data:`STATISTICS`);
    - ``by``: the breakdown keys whose groups the run keeps (``"relation,length"``
      or a sequence; SPEC.md §12), and ``bins``, the bins of binned keys
      (``{"length": "10,20,30,40"}``; :data:`~nltk_tedeval.scoring.groups.DEFAULT_BINS`
      otherwise). Neither changes a corpus number.
    - ``extra_measures``: measures the metric offers beyond its own
      (``"UCM,LCM"`` or a sequence, ``"all"`` for every one;
      :mod:`~nltk_tedeval.scoring.extensions`). They add columns and scores
      and change no other number.
    - ``min_length`` and ``max_length``: keep only the sentences whose gold has at
      least, and at most, that many words (SPEC.md §15; ``None``: no bound). The
      sentences left out are counted and listed, and the signature says ``length:``.
    - ``segments``: under alignment, the sides whose surface tokens came from
      token-to-segment maps (``"gold"``, ``"parse"`` or ``"gold+parse"``; SPEC.md
      §11), which the readers applied before the run: the signature says
      ``segments:`` (the command line sets it for each system).
    """

    on_error: str = "raise"
    missing: str = "skip"
    progress: bool | None = False
    align: str | None = None
    normalization: Normalization = field(default_factory=Normalization)
    jobs: int = 1
    statistics: str = "rows"
    by: tuple[str, ...] = ()
    bins: tuple[tuple[str, Bins], ...] = ()
    extra_measures: tuple[str, ...] = ()
    min_length: int | None = None
    max_length: int | None = None
    segments: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "by", check_by(self.by))
        object.__setattr__(self, "extra_measures", check_extra_measures(self.extra_measures))
        object.__setattr__(self, "bins", _check_bins(self.bins))
        check_on_error(self.on_error)
        check_missing(self.missing)
        # align=True means "exact": the value is kept in its one spelling.
        object.__setattr__(self, "align", check_align(self.align))
        if self.normalization is None:
            object.__setattr__(self, "normalization", Normalization())
        elif not isinstance(self.normalization, Normalization):
            raise OptionError(
                f"normalization must be a Normalization, not {type(self.normalization).__name__}"
            )
        check_jobs(self.jobs)
        if self.segments not in (None, "gold", "parse", "gold+parse"):
            raise OptionError(
                f"segments must be None, 'gold', 'parse' or 'gold+parse', not {self.segments!r}"
            )
        check_statistics(self.statistics)
        check_length_bounds(self.min_length, self.max_length)

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The names of the options, as keywords."""
        return tuple(f.name for f in fields(cls))

    @classmethod
    def of(cls, options: RunOptions | None = None, /, **keywords: Any) -> RunOptions:
        """``options`` (default: the defaults) with ``keywords`` given over them.

        A keyword that is no run option is refused, naming the ones there are.
        """
        unknown = sorted(set(keywords) - set(cls.names()))
        if unknown:
            raise OptionError(
                f"unknown option(s) {', '.join(unknown)}; the run options are "
                f"{', '.join(cls.names())}"
            )
        if options is None:
            return cls(**keywords)
        if not isinstance(options, RunOptions):
            raise OptionError(f"options must be a RunOptions, not {type(options).__name__}")
        return replace(options, **keywords) if keywords else options

    @classmethod
    def split(cls, keywords: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """``keywords`` as (run options, the rest), for a constructor that takes both."""
        names = set(cls.names())
        run = {k: v for k, v in keywords.items() if k in names}
        return run, {k: v for k, v in keywords.items() if k not in names}

    def sums(self, measures: Iterable[Measure]) -> SumsPlan | None:
        """How the run's tables keep sums for ``measures``; ``None`` when it keeps rows."""
        if self.statistics == "rows":
            return None
        return SumsPlan(tuple(measures), self.statistics == "macro")

    def bins_for(self, key: str) -> Bins:
        """The bins of a binned breakdown key: those given, or its default.

        >>> str(RunOptions(bins={"length": "5,10"}).bins_for("length"))
        '5,10'
        """
        given = dict(self.bins)
        if key in given:
            return given[key]
        return DEFAULT_BINS.get(key, DEFAULT_BINS["length"])

    def signature_fields(self) -> dict[str, object]:
        """The signature fields these options give every metric (alignment; SPEC.md §11)."""
        if self.align is None:
            return {}
        fields: dict[str, object] = {"align": f"{self.align}:{self.normalization.signature}"}
        if self.segments:
            fields["segments"] = self.segments
        return fields

    @property
    def length_filter(self) -> LengthBounds | None:
        """The bounds of the run's length filter (SPEC.md §15), or ``None`` without one.

        >>> RunOptions(max_length=40).length_filter
        LengthBounds(min_length=None, max_length=40)
        """
        if self.min_length is None and self.max_length is None:
            return None
        return LengthBounds(self.min_length, self.max_length)

    def length_fields(self) -> dict[str, object]:
        """The signature field of the length filter, which every metric puts before
        ``missing``: ``{"length": "<=40"}``, or nothing without a filter (SPEC.md §15)."""
        bounds = self.length_filter
        return {} if bounds is None else {"length": bounds.signature}


def _check_bins(bins: Any) -> tuple[tuple[str, Bins], ...]:
    """``bins`` as sorted (key, :class:`Bins`) pairs, from a mapping or pairs of text or bounds."""
    if not bins:
        return ()
    items = bins.items() if isinstance(bins, Mapping) else bins
    out = {}
    for key, value in items:
        if isinstance(value, Bins):
            out[str(key)] = value
        elif isinstance(value, str):
            out[str(key)] = Bins.parse(value)
        else:
            out[str(key)] = Bins(tuple(value))
    return tuple(sorted(out.items()))
