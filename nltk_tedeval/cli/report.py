"""The one report of every command: its JSON schema, its common text, its per-sentence rows.

Every command reports the same way, whatever its metric and however many
systems it scores (docs/report.md documents the schema):

- :func:`report` builds the JSON object: always a list of named systems,
  the counts ``read``, ``scored``, ``missing`` and ``skipped``, the missing
  parses and the policy that handled them, and a ``version`` of the schema;
- :func:`system_entry` builds one system of it;
- :func:`counts_lines` is the text every command prints under its table;
- :func:`evaluator_rows` gives the per-sentence TSV rows of a system, in the
  one column scheme of :data:`PER_SENTENCE_KEYS` followed by the metric's
  statistics and sentence scores.

>>> lines = counts_lines({"read": 3, "scored": 2, "missing": 1, "skipped": 0},
...                      "skip", {"pcfg": 1}, [])
>>> print("\\n".join(lines))
3 sentences read, 2 scored, 1 with a missing parse (pcfg: 1), 0 skipped as bad
missing parses: left out of every system (--missing skip)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from .._version import __version__
from ..scoring.evaluator import Evaluator
from ..scoring.lengths import LeftOutByLength, LengthBounds, length_summary
from ..scoring.missing import AnswerFailure, BadParse, failure_counts
from ..scoring.stats import Score

__all__ = [
    "ALIGNED_KEYS",
    "FIRST_VERSION",
    "PER_SENTENCE_KEYS",
    "REPORT_SCHEMA",
    "REPORT_VERSION",
    "bad_parse_lines",
    "counts_lines",
    "evaluator_rows",
    "length_filter_of",
    "length_lines",
    "report",
    "report_length_lines",
    "system_entry",
    "undefined_lines",
]

REPORT_SCHEMA = "nltk_tedeval/report"
"""The name of the JSON report format, in every report's ``schema`` field."""

REPORT_VERSION = 2
"""The version of the JSON report format; it changes when a field changes meaning or goes,
or when fields are added that a reader of the old version must not miss.

Version 2 added ``breakdowns``, ``group_significance`` and a score's ``ci``
(``--by``, ``--ci``). A report that has none of them is a version 1 report in
every field and says so (:data:`FIRST_VERSION`): the output of a command line
without ``--by`` and ``--ci`` is the same, byte for byte, as before them."""

FIRST_VERSION = 1
"""The ``version`` of a report that uses no field added after version 1."""

PER_SENTENCE_KEYS = ("sentence", "id", "system")
"""The first columns of every per-sentence TSV, in every command."""

ALIGNED_KEYS = ("gold_sentences", "parse_sentences")
"""The columns after :data:`PER_SENTENCE_KEYS` under ``--align``, where a row is a unit
(its number is the ``sentence`` column): the numbers of its gold and parse sentences."""

_POLICY_TEXT = {
    "skip": "left out of every system",
    "zero": "scored with nothing right",
    "flat": "scored as flat parses",
    "error": "none allowed",
}


def system_entry(
    name: str,
    test: str,
    gold: str,
    *,
    scores: Mapping[str, Score],
    signature: object,
    missing: int,
    macro: Mapping[str, Score] | None = None,
    details: Mapping[str, Any] | None = None,
    errors: int | None = None,
) -> dict[str, Any]:
    """One system of a report: its files, scores, signature and missing parses, and for
    ParsEval its EVALB error sentences (``errors``), which are in no total."""
    entry: dict[str, Any] = {
        "name": name,
        "test": test,
        "gold": gold,
        "scores": {k: s.as_dict() for k, s in scores.items()},
        "signature": str(signature),
        "missing": missing,
    }
    if errors is not None:
        entry["errors"] = errors
    if macro is not None:
        entry["macro"] = {k: s.as_dict() for k, s in macro.items()}
    if details:
        entry["details"] = dict(details)
    return entry


def report(
    command: str,
    *,
    golds: Sequence[Mapping[str, str]],
    systems: Sequence[Mapping[str, Any]],
    counts: Mapping[str, int],
    policy: str,
    missing: Sequence[Any],
    skipped: Sequence[Any],
    significance: Sequence[Mapping[str, Any]] | None = None,
    notes: Sequence[str] = (),
    version: int = FIRST_VERSION,
    failures: Sequence[AnswerFailure] = (),
    bad: Sequence[BadParse] = (),
    length: LengthFilterRun | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A whole report, the same shape for every command and any number of systems.

    ``length`` is the run's length filter and the sentences it left out (SPEC.md
    §15): a report of a run with one gives them under ``length_filter``.

    ``failures`` are the answers read and found invalid or unfaithful (SPEC.md
    §14): a report that has any counts and lists them under ``answers``.
    ``bad`` are the parses that were bad input, each its system's failed parse
    (``--skip-bad``, SPEC.md §10): a report that has any lists them under
    ``bad_parses``.

    ``notes`` are what a reader must know to read the numbers right (a gold
    enriched with labels its parses cannot produce, SPEC.md §5); ``version``
    is :data:`REPORT_VERSION` when the report has a field of version 2.
    """
    data: dict[str, Any] = {
        "schema": REPORT_SCHEMA,
        "version": version,
        "tool": f"nltk_tedeval {__version__}",
        "command": command,
        "golds": [dict(g) for g in golds],
        "systems": list(systems),
        "counts": dict(counts),
        "missing": {"policy": policy, "sentences": [m.as_dict() for m in missing]},
        "skipped": [s.as_dict() for s in skipped],
    }
    if length is not None:
        data["length_filter"] = length_summary(*length)
    # Answers read and found invalid or unfaithful (SPEC.md §14), counted apart per system.
    counted = failure_counts(failures, [str(s.get("name")) for s in systems])
    if counted:
        data["answers"] = {
            name: {**n, "sentences": [f.as_dict() for f in failures if f.system == name]}
            for name, n in counted.items()
        }
    if bad:
        data["bad_parses"] = [b.as_dict() for b in bad]
    if significance is not None:
        data["significance"] = list(significance)
    if notes:
        data["notes"] = list(notes)
    data.update(extra)
    return data


def undefined_lines(
    scores: Iterable[tuple[str, str, Score]],
    apart: Mapping[str, Mapping[str, int]] | None = None,
) -> list[str]:
    """Why a shown score is ``n/a``, and what each macro average left out, once per reason.

    ``scores`` are ``(system, column, score)`` triples in the order they are shown.
    Nothing to compare is reported, never hidden behind a number (SPEC.md §5, §9).
    ``apart`` gives, per system, the rows a macro average leaves out that are no
    sentence with nothing to compare (:meth:`Evaluator.rows_without_score`: EVALB's rows
    of a missing parse or an error sentence), so that the line says which is which.

    >>> from nltk_tedeval.scoring.stats import Signature
    >>> na = Score(float("nan"), name="labeled", signature=Signature(), sentences=2,
    ...            reason="no labeled item on either side (Σι = 0)")
    >>> undefined_lines([("a", "labeled", na), ("b", "labeled", na)])
    ['n/a: labeled of a, b: no labeled item on either side (Σι = 0)']
    >>> macro = Score(0.5, name="P", signature=Signature(), sentences=9, undefined=4,
    ...               average="macro")
    >>> undefined_lines([("a", "P", macro)], {"a": {"with a missing parse": 3}})
    ['macro P of a: leaves out 4 sentences: 3 with a missing parse, 1 with nothing to compare']
    """
    apart = apart or {}
    na: dict[tuple[str, str], list[str]] = {}
    left_out: dict[tuple[str, str], list[str]] = {}
    for system, column, score in scores:
        if score.reason:
            na.setdefault((column, score.reason), []).append(system)
        elif score.average == "macro" and score.undefined:
            why = _left_out(score.undefined, apart.get(system, {}))
            left_out.setdefault((column, why), []).append(system)
    lines = [
        f"n/a: {name} of {', '.join(dict.fromkeys(who))}: {reason}"
        for (name, reason), who in na.items()
    ]
    for (name, why), who in left_out.items():
        lines.append(f"macro {name} of {', '.join(dict.fromkeys(who))}: leaves out {why}")
    return lines


def _left_out(n: int, apart: Mapping[str, int]) -> str:
    """``n`` sentences left out of a macro average, by why: those of ``apart``, then the
    rest, which have nothing to compare.

    >>> _left_out(336, {"with a missing parse": 336})
    '336 sentences with a missing parse'
    """
    parts = [(k, why) for why, k in apart.items() if k]
    rest = n - sum(k for k, _ in parts)
    if rest:
        parts.append((rest, "with nothing to compare"))
    if len(parts) == 1:
        k, why = parts[0]
        return f"{k} {'sentence' if k == 1 else 'sentences'} {why}"
    noun = "sentence" if n == 1 else "sentences"
    return f"{n} {noun}: " + ", ".join(f"{k} {why}" for k, why in parts)


def counts_lines(
    counts: Mapping[str, int],
    policy: str,
    by_system: Mapping[str, int],
    skipped: Sequence[Any],
    unit: str = "sentence",
    failures: Sequence[AnswerFailure] = (),
    bad: Sequence[BadParse] = (),
    errors: Mapping[str, int] | None = None,
    length: LengthFilterRun | None = None,
) -> list[str]:
    """What happened to the sentences, in words: counts, the missing-parse policy, bad ones.

    ``errors`` are each system's EVALB error sentences (``parseval``), in no
    total: ``counts`` are the first system's, which leave its own out of
    ``scored``.

    ``unit`` names what a row is: ``"unit"`` under alignment (SPEC.md §11).
    ``failures`` are the answers found invalid or unfaithful (SPEC.md §14),
    ``bad`` the parses that were bad input (SPEC.md §10): each counted per
    system, the first :data:`SHOWN_REASONS` named with their reasons. ``length``
    is the run's length filter and what it left out (:func:`length_lines`).
    """
    read = counts["read"]
    noun = unit if read == 1 else f"{unit}s"
    parts = [f"{read} {noun} read", *_scored(counts, errors)]
    lacking = ", ".join(f"{name}: {n}" for name, n in by_system.items() if n)
    parts.append(f"{counts['missing']} with a missing parse" + (f" ({lacking})" if lacking else ""))
    parts.append(f"{counts['skipped']} skipped as bad")
    if length is not None:
        parts.append(f"{len(length[1])} left out by length")
    lines = [", ".join(parts)]
    if counts["missing"]:
        lines.append(f"missing parses: {_POLICY_TEXT[policy]} (--missing {policy})")
    lines += answer_lines(failures, list(by_system), unit)
    lines += bad_parse_lines(bad, list(by_system), unit)
    for s in skipped:
        lines.append(f"  skipped sentence {s.number}: {s.reason}")
    if length is not None:
        lines += length_lines(*length, unit=unit)
    return lines


LengthFilterRun = tuple[LengthBounds, Sequence[LeftOutByLength]]
"""A run's length filter and the sentences it left out (SPEC.md §15), as a report gives them."""


def length_filter_of(accounts: Any) -> LengthFilterRun | None:
    """The length filter of a run (an evaluator, a cross experiment) and what it left out;
    ``None`` for a run without one, whose report says nothing of lengths."""
    bounds = accounts.length_filter
    return None if bounds is None else (bounds, accounts.left_out_by_length)


def report_length_lines(data: Mapping[str, Any]) -> list[str]:
    """:func:`length_lines` of a JSON report's ``length_filter``: for an output that does
    not hold them (a table format), what the filter kept and left out."""
    lengths = data["length_filter"]
    bounds = LengthBounds(lengths["min_length"], lengths["max_length"])
    left = [
        LeftOutByLength(s["sentence"], s["id"], s["length"], s["reason"])
        for s in lengths["sentences"]
    ]
    return length_lines(bounds, left, unit="unit" if "alignment" in data else "sentence")


def length_lines(
    bounds: LengthBounds, left_out: Sequence[LeftOutByLength], unit: str = "sentence"
) -> list[str]:
    """The length filter in words: what it keeps, how many it left out and why, then the
    first :data:`SHOWN_REASONS` sentences left out with their lengths.

    >>> out = [LeftOutByLength(1, None, 3, "shorter"), LeftOutByLength(4, "s-4", 41, "longer")]
    >>> print("\\n".join(length_lines(LengthBounds(5, 40), out)))  # doctest: +NORMALIZE_WHITESPACE
    length filter: sentences of 5 to 40 words kept (--min-length 5 --max-length 40);
      left out: 1 with fewer than 5 words, 1 with more than 40 words
      sentence 1: 3 words
      sentence 4 (s-4): 41 words
    """
    kept = f"length filter: {unit}s of {bounds.describe()} kept ({bounds.options()})"
    why = [
        f"{n} with {bounds.why(reason)}"
        for reason in ("shorter", "longer")
        if (n := sum(s.reason == reason for s in left_out))
    ]
    lines = [f"{kept}; left out: {', '.join(why)}" if why else f"{kept}; none left out"]
    for s in left_out[:SHOWN_REASONS]:
        sid = f" ({s.sentence_id})" if s.sentence_id else ""
        lines.append(f"  {unit} {s.number}{sid}: {s.length} word{'s' if s.length != 1 else ''}")
    if len(left_out) > SHOWN_REASONS:
        lines.append(f"  ... {len(left_out) - SHOWN_REASONS} more (the JSON report lists all)")
    return lines


def _scored(counts: Mapping[str, int], errors: Mapping[str, int] | None) -> list[str]:
    """How many sentences each system scored, and its EVALB error sentences if it has any.

    >>> _scored({"scored": 2, "errors": 1}, {"a": 1, "b": 0})
    ['2-3 scored (a: 2, b: 3)', 'EVALB error sentences in no total (a: 1)']
    """
    if not errors or not any(errors.values()):
        return [f"{counts['scored']} scored"]
    rows = counts["scored"] + counts.get("errors", 0)
    scored = {name: rows - n for name, n in errors.items()}
    low, high = min(scored.values()), max(scored.values())
    per = ", ".join(f"{name}: {n}" for name, n in scored.items())
    out = [f"{low} scored" if low == high else f"{low}-{high} scored ({per})"]
    if len(errors) == 1:
        (n,) = errors.values()
        out.append(f"{n} EVALB error sentence{'s' if n != 1 else ''} in no total")
    else:
        per = ", ".join(f"{name}: {n}" for name, n in errors.items() if n)
        out.append(f"EVALB error sentences in no total ({per})")
    return out


SHOWN_REASONS = 10
"""Answers a text report names with their reasons; the JSON report names them all."""


def answer_lines(
    failures: Sequence[AnswerFailure], names: Sequence[str], unit: str = "sentence"
) -> list[str]:
    """The answers found invalid or unfaithful, per system, then the first ones with reasons.

    >>> f = [AnswerFailure(2, "llm", "invalid", "no tree found"),
    ...      AnswerFailure(5, "llm", "unfaithful", "word 2 dropped: 'a'", kept=True)]
    >>> print("\\n".join(answer_lines(f, ["llm"])))
    answers with no tree to score as given: llm: 1 invalid, 1 unfaithful (1 kept and scored)
      sentence 2 (llm): invalid: no tree found
      sentence 5 (llm): unfaithful, kept: word 2 dropped: 'a'
    """
    counted = failure_counts(failures, names)
    if not counted:
        return []
    per = "; ".join(
        f"{name}: {n['invalid']} invalid, {n['unfaithful']} unfaithful"
        + (f" ({n['kept']} kept and scored)" if n["kept"] else "")
        for name, n in counted.items()
    )
    lines = [f"answers with no tree to score as given: {per}"]
    for f in failures[:SHOWN_REASONS]:
        status = f"{f.status}, kept" if f.kept else f.status
        lines.append(f"  {unit} {f.number} ({f.system}): {status}: {f.reason}")
    if len(failures) > SHOWN_REASONS:
        lines.append(f"  ... {len(failures) - SHOWN_REASONS} more (the JSON report lists all)")
    return lines


def bad_parse_lines(
    bad: Sequence[BadParse], names: Sequence[str], unit: str = "sentence"
) -> list[str]:
    """The parses that were bad input, per system, then the first ones with their errors.

    >>> b = [BadParse(3, "p", "p.conllu:7: sentence 3: token 1 ('We') has head 99")]
    >>> print("\\n".join(bad_parse_lines(b, ["p", "q"])))
    bad parses, each a missing parse of its own system: p: 1
      sentence 3 (p): p.conllu:7: sentence 3: token 1 ('We') has head 99
    """
    if not bad:
        return []
    counted = {name: sum(b.system == name for b in bad) for name in names}
    per = ", ".join(f"{name}: {n}" for name, n in counted.items() if n)
    lines = [f"bad parses, each a missing parse of its own system: {per}"]
    for b in bad[:SHOWN_REASONS]:
        lines.append(f"  {unit} {b.number} ({b.system}): {b.reason}")
    if len(bad) > SHOWN_REASONS:
        lines.append(f"  ... {len(bad) - SHOWN_REASONS} more (the JSON report lists all)")
    return lines


def evaluator_rows(
    name: str, ev: Evaluator, columns: Sequence[str], measures: Sequence[str]
) -> Iterator[tuple[Any, ...]]:
    """Per-sentence rows of one system: keys, the chosen statistics, then sentence scores."""
    table = ev.stats
    index = [table.columns.index(c) for c in columns]
    scores = [ev.sentence_scores(m) for m in measures]
    run = ev.run
    units = ev.unit_sentences if ev.align is not None else None
    for k, (number, sid, row) in enumerate(
        zip(run.numbers, run.sentence_ids, table.array.tolist(), strict=True)
    ):
        keys: tuple[Any, ...] = (number, sid or "", name)
        if units is not None:
            unit = units.get(number, {})
            keys += (next(iter(unit.values()), ""), unit.get(name, ""))
        yield (*keys, *(row[i] for i in index), *(s[k] for s in scores))
