"""ParsEval as evalb_spmrl computes it: the scorer of the SPMRL 2013 and 2014 shared tasks.

evalb_spmrl (Djamé Seddah's EVALB, from the SANCL 2012 version of Slav Petrov
and Ryan McDonald; its source is ``EVALB_SPMRL/evalb.c`` in
nikitakit/self-attentive-parser) reads the SPMRL treebanks, whose labels
carry morphology (``NP##case=nom|num=sg##``), with ``spmrl.prm``. It differs
from EVALB (docs/SPEC.md §7, evalb_spmrl):

- every label, POS tags included, is cut at its first ``-``, ``=`` or ``#``;
  the ``DELETE_LABEL`` entries are cut the same way before they are compared
  (so ``-NONE-`` becomes the empty label, and deletes a root written ``( (S
  ...))``);
- no word is ever deleted: a POS tag in ``DELETE_LABEL`` (punctuation,
  ``-NONE-``) keeps its word, which counts for the length check and for
  tagging accuracy (``DELETE_LABEL_FOR_LENGTH`` still shortens the length
  that decides ``len<=CUTOFF_LEN``);
- a length mismatch is printed as a valid sentence with nothing in it (status
  0, a complete match) and counted so; when the gold has at most one word it
  is then scored again and printed a second time, under the same number;
- ``-X`` (``unparsed=True``) counts a sentence without a parse as a valid one
  (status 3) with no test bracket, no right tag, and a wrong count of gold
  brackets: each gold bracket counts once, plus once for every
  ``DELETE_LABEL`` line whose label it does not equal;
- ``-L`` prints a compact summary line (:meth:`SpmrlParsevalEvaluator.compact_line`)
  whose ``Prec:`` is the recall and ``Rec:`` the precision;
- ``-K n`` scores the first ``n`` sentences (here: give the first ``n``).

Published SPMRL figures were computed with these rules, wrong ones included,
so they are reproduced; a :class:`SpmrlCompatibilityWarning` says when one of
the wrong ones changed a number, and ``missing="zero"`` still counts a
missing parse correctly (its gold brackets as they are, no special status).
``QUOTE_LABEL``, whose repair would put back words evalb_spmrl never
deleted, is refused.

>>> gold = "( (NP##num=sg## (DT##def=y## the) (NN##num=sg## dog)))"
>>> parse = "(ROOT (NP##num=pl## (DT the) (NN##num=pl## dog)))"
>>> from nltk import Tree
>>> ev = SpmrlParsevalEvaluator([Tree.fromstring(parse)], [Tree.fromstring(gold)])
>>> print(ev.sentence_lines()[0])
   1    2    0  100.00 100.00     1      1    1      0      2     2   100.00
"""

from __future__ import annotations

import warnings
from typing import Any, ClassVar

from ..alignment import Unit
from ..errors import OptionError, TedEvalError, YieldMismatchError
from ..scoring.missing import outside_the_package
from ..scoring.stats import StatsTable
from ..trees.evalb_params import EvalbParams
from .evalb_brackets import (
    EvalbRules,
    EvalbSide,
    compared_sides,
    counted_brackets,
    empty_side,
)
from .evalb_report import EVALB_HEAD, evalb_f
from .evalb_row import COLUMNS, STATUS_ERROR, STATUS_SKIP, STATUS_VALID, evalb_row
from .parseval import ParsevalEvaluator

__all__ = [
    "SPMRL_COLUMNS",
    "SPMRL_PARAMS",
    "STATUS_UNPARSED",
    "SpmrlCompatibilityWarning",
    "SpmrlParsevalEvaluator",
    "SpmrlRules",
    "spmrl_cut",
    "spmrl_sentence_lines",
]

SPMRL_PARAMS = EvalbParams(
    cutoff_len=70,
    labeled=True,
    delete_labels=("TOP", "ROOT", "S1", "-NONE-", "VROOT"),
    delete_labels_for_length=("-NONE-",),
    eq_labels=(),
)
"""The settings of evalb_spmrl's ``spmrl.prm`` (its ``MAX_ERROR 10000`` left out, as
every ``MAX_ERROR`` is unless asked for): ``corpora_samples/evalb/spmrl.prm``."""

STATUS_UNPARSED = 3
"""evalb_spmrl's status of a sentence without a parse under ``-X`` (counted as valid)."""

# Per sentence, after EVALB's columns: what only evalb_spmrl's rules make.
SPMRL_EXTRA: tuple[str, ...] = (
    "spmrl_unparsed",  # 1: an unparsed sentence under -X (printed with status 3)
    "spmrl_true_gold",  # the gold brackets such a sentence really has
    "spmrl_mismatch",  # 1: a length mismatch counted as a valid, empty sentence
    "spmrl_repeated",  # 1: printed twice (a zero line first); its counts hold both
    "spmrl_kept_words",  # gold words whose POS tag is a DELETE_LABEL, kept
)
SPMRL_COLUMNS: tuple[str, ...] = (*COLUMNS, *SPMRL_EXTRA)
"""The columns of :class:`SpmrlParsevalEvaluator`'s rows: EVALB's, then :data:`SPMRL_EXTRA`."""
_EXTRA = {name: len(COLUMNS) + i for i, name in enumerate(SPMRL_EXTRA)}
_NONE = [0] * len(SPMRL_EXTRA)

STATUS_NAMES = ("valid", "error", "skip", "unparsed")


class SpmrlCompatibilityWarning(UserWarning):
    """evalb_spmrl's rules gave a number that is wrong, and it was reproduced."""


def spmrl_cut(label: str) -> str:
    """evalb_spmrl's label: cut at the first ``-``, ``=`` or ``#`` anywhere.

    >>> spmrl_cut("NP-SBJ##case=nom##"), spmrl_cut("NN##num=sg##"), spmrl_cut("-NONE-")
    ('NP', 'NN', '')
    """
    for i, ch in enumerate(label):
        if ch in "-=#":
            return label[:i]
    return label


class SpmrlRules(EvalbRules):
    """:class:`EvalbRules` as evalb_spmrl applies them: labels and tags cut at ``-``,
    ``=`` and ``#``, no word deleted."""

    def __init__(self, params: EvalbParams) -> None:
        if params.quote_labels:
            raise OptionError(
                "evalb_spmrl deletes no word, so its QUOTE_LABEL repair would put back "
                f"words that are there (QUOTE_LABEL {' '.join(params.quote_labels)}); "
                "it is not reproduced: remove the QUOTE_LABEL lines (spmrl.prm has none)"
            )
        super().__init__(params)
        # Every DELETE_LABEL entry, cut as label_comp() cuts both sides it compares,
        # in order and with repeats: -X counts one gold bracket for each it differs from.
        self.delete_list = tuple(spmrl_cut(d) for d in params.delete_labels)
        cut = frozenset(self.delete_list)
        self.tag_delete = frozenset(params.delete_labels)  # the tags EVALB would delete
        self.delete = frozenset()  # read_side() keeps every word
        self.bracket_delete = cut | {b for a, b in self.eq_labels if a in cut}
        self._tag_cache: dict[str, str] = {}

    def bracket_label(self, raw: str) -> str | None:
        try:
            return self._label_cache[raw]
        except KeyError:
            pass
        label = spmrl_cut(raw)
        result: str | None
        if label in self.bracket_delete:
            result = None
        elif not self.labeled:
            result = ""
        elif self.canonical is not None:
            result = self.canonical.get(label, label)
        else:
            result = label
        self._label_cache[raw] = result
        return result

    def same_tag(self, a: str, b: str) -> bool:
        """evalb_spmrl's tagging test: both tags cut, then equal or an ``EQ_LABEL`` pair."""
        cache = self._tag_cache
        ca = cache.get(a)
        if ca is None:
            ca = cache[a] = spmrl_cut(a)
        cb = cache.get(b)
        if cb is None:
            cb = cache[b] = spmrl_cut(b)
        return self.same_label(ca, cb)

    def unparsed_gold(self, side: EvalbSide) -> int:
        """The gold brackets -X counts for an unparsed sentence (massage_data_gold_only()).

        Each bracket over at least one word counts once, and once more for every
        ``DELETE_LABEL`` entry its label (cut) does not equal: with spmrl.prm's five
        entries a bracket counts 6 times, a deleted ``ROOT`` 5.
        """
        ps = side.tree
        if ps is None:
            return 0
        delete = self.delete_list
        count = 0
        for node in ps.nodes:
            if node.is_preterminal or node.start == node.end:
                continue
            label = spmrl_cut(node.label)
            count += 1 + sum(1 for d in delete if not self.same_label(label, d))
        return count


def spmrl_score_sides(
    gold: EvalbSide, test: EvalbSide, rules: SpmrlRules, cutoff: int, *, unparsed: bool
) -> tuple[list[int], TedEvalError | None]:
    """One sentence, as evalb_spmrl's calc_result(): its row of :data:`SPMRL_COLUMNS`
    and its error (an error sentence's, or a length mismatch's, which is counted valid)."""
    length = gold.length
    kept = sum(1 for t in gold.tags if t in rules.tag_delete) if rules.tag_delete else 0
    extra = [0, 0, 0, 0, kept]
    if test.wn == 0:
        if unparsed and gold.problem is None:
            extra[_EXTRA["spmrl_unparsed"] - len(COLUMNS)] = 1
            extra[_EXTRA["spmrl_true_gold"] - len(COLUMNS)] = len(counted_brackets(gold))
            row = evalb_row(
                STATUS_VALID,
                gold=rules.unparsed_gold(gold),
                words=gold.wn,
                length=length,
                cutoff=cutoff,
            )
            return [*row, *extra], None
        return [*evalb_row(STATUS_SKIP, length=length, cutoff=cutoff), *extra], None
    problem = gold.problem or test.problem
    if problem is not None:
        return [*evalb_row(STATUS_ERROR, length=length, cutoff=cutoff), *extra], problem
    first: list[int] | None = None
    if gold.wn != test.wn:
        # Printed and counted as a valid sentence with nothing in it, then (Slav's
        # "ignore 1 word sentences") an error only when the gold has more than a word.
        first = evalb_row(STATUS_VALID, length=length, cutoff=cutoff)
        mismatch = YieldMismatchError(
            f"length mismatch: {gold.wn} gold words, {test.wn} test words "
            "(evalb_spmrl deletes no word); counted, as evalb_spmrl counts it, as a valid "
            "sentence with no bracket and no word",
            token=f"{gold.wn}|{test.wn}",
        )
        if gold.wn > 1:
            extra[_EXTRA["spmrl_mismatch"] - len(COLUMNS)] = 1
            mismatch.counted_valid = True  # type: ignore[attr-defined]
            return [*first, *extra], mismatch
        extra[_EXTRA["spmrl_repeated"] - len(COLUMNS)] = 1
    row, note = compared_sides(gold, test, rules, cutoff, rules.same_tag)
    if first is not None:
        row = [a + b for a, b in zip(first, row, strict=True)]
        row[COLUMNS.index("length")] = length
    return [*row, *extra], note


def spmrl_statuses(table: StatsTable) -> list[int]:
    """evalb_spmrl's printed status of every row: 0 valid, 1 error, 2 skip, 3 unparsed (-X)."""
    view = table.view(("errors", "skipped", "spmrl_unparsed"))
    return [
        STATUS_UNPARSED if u else e * STATUS_ERROR + s * STATUS_SKIP for e, s, u in view.tolist()
    ]


def spmrl_sentence_lines(table: StatsTable, *, header: bool = False) -> list[str]:
    """evalb_spmrl's per-sentence table of the rows of ``table`` (sentences numbered from 1).

    A repeated row (a one-word gold sentence of another length than its parse)
    gives two lines: the empty valid one evalb_spmrl prints first, then its own.
    """
    lines = EVALB_HEAD.rstrip("\n").split("\n") if header else []
    cols = ("length", "matched", "gold", "test", "crossing", "words", "correct_tags")
    rows = table.view(cols).tolist()
    repeated = table.view(("spmrl_repeated",)).tolist()
    for number, (status, vals, (again,)) in enumerate(
        zip(spmrl_statuses(table), rows, repeated, strict=True), start=1
    ):
        length, match, gold, test, crossing, words, correct = vals
        if again:
            lines.append(_line(number, length, 0, 0, 0, 0, 0, 0, 0))
        lines.append(_line(number, length, status, match, gold, test, crossing, words, correct))
    return lines


def _line(
    number: int,
    length: int,
    status: int,
    match: int,
    gold: int,
    test: int,
    crossing: int,
    words: int,
    correct: int,
) -> str:
    rec = 0.0 if gold == 0 else 100.0 * match / gold
    prec = 0.0 if test == 0 else 100.0 * match / test
    acc = 0.0 if words == 0 else 100.0 * correct / words
    return (
        f"{number:4d}  {length:3d}    {status:d}  {rec:6.2f} {prec:6.2f}   {match:3d}"
        f"    {gold:3d}  {test:3d}    {crossing:3d}   {words:4d}  {correct:4d}   {acc:6.2f}"
    )


class SpmrlParsevalEvaluator(ParsevalEvaluator):
    """:class:`~nltk_tedeval.metrics.parseval.ParsevalEvaluator` with evalb_spmrl's rules.

    ``params`` defaults to :data:`SPMRL_PARAMS` (spmrl.prm). ``unparsed=True`` is
    evalb_spmrl's ``-X``: a sentence without a parse is counted as a valid one with
    its (miscounted) gold brackets, status 3 in :meth:`sentence_lines`; it needs the
    default ``missing="skip"`` (``missing="zero"`` counts such a sentence correctly).
    evalb_spmrl's ``-K n`` is ``parsed[:n], gold[:n]``. :meth:`summary_text` gives its
    output, :meth:`compact_line` its ``-L`` line.
    """

    columns: ClassVar[tuple[str, ...]] = SPMRL_COLUMNS
    signature_keys: ClassVar[dict[str, str]] = {
        **ParsevalEvaluator.signature_keys,
        "spmrl": "evalb_spmrl's rules (the SPMRL shared tasks' scorer)",
        "unparsed": "evalb_spmrl's -X: sentences without a parse counted as valid",
    }
    _rules: SpmrlRules

    def __init__(
        self,
        parsed_sents: Any,
        gold_sents: Any,
        params: Any = None,
        *,
        unparsed: bool = False,
        **run: Any,
    ) -> None:
        self.unparsed = bool(unparsed)
        super().__init__(
            parsed_sents, gold_sents, SPMRL_PARAMS if params is None else params, **run
        )
        if self.unparsed and self.missing_policy != "skip":
            raise OptionError(
                f"unparsed=True is evalb_spmrl's -X, which counts a missing parse its own "
                f"(wrong) way; missing={self.missing_policy!r} counts it another: give one of them"
            )
        if self.align is not None:
            raise OptionError("evalb_spmrl compares sentences of the same words: no alignment")

    def signature_fields(self) -> dict[str, object]:
        return {**super().signature_fields(), "spmrl": True, "unparsed": self.unparsed}

    def _start(self) -> None:
        super()._start()
        self._rules = SpmrlRules(self.params)
        self._named_rules = self._rules
        self._kept_tags: set[str] = set()

    def _first_error(self) -> TedEvalError | None:
        # A length mismatch is listed with the errors (evalb_spmrl reports it) but is
        # counted as a valid sentence: the warning about error sentences names a real one.
        return next(
            (e for _, e in self._error_rows if not getattr(e, "counted_valid", False)), None
        )

    def available_breakdowns(self) -> dict[str, Any]:
        return {}  # evalb_spmrl's table is all it has

    def _sentence_stats(self, parsed: Any, gold: Any) -> tuple[list[int], TedEvalError | None]:
        if isinstance(parsed, Unit):  # (refused in __init__; a unit of one sentence)
            parsed, gold = parsed.test[0].item, parsed.gold[0].item
        rules = self._rules
        gold_side, test_side = self._side(gold, "gold", rules), self._side(parsed, "test", rules)
        if rules.tag_delete and not rules.tag_delete.isdisjoint(gold_side.tags):
            self._kept_tags.update(rules.tag_delete.intersection(gold_side.tags))
        row, note = spmrl_score_sides(
            gold_side, test_side, rules, self.params.cutoff_len, unparsed=self.unparsed
        )
        if note is not None and gold_side.problem is None and self.missing_policy != "skip":
            # As for EVALB: under zero, flat or error, the parse's fault is its
            # system's failed parse (SPEC.md §10).
            note.side = "parse"
            note.parse_failure = True
            raise note
        return row, note

    def _skip_missing(self, gold: Any) -> tuple[list[int], None] | None:
        side = self._side(gold, "gold", self._rules)
        if self._rules.tag_delete and not self._rules.tag_delete.isdisjoint(side.tags):
            self._kept_tags.update(self._rules.tag_delete.intersection(side.tags))
        row, _ = spmrl_score_sides(
            side, empty_side(), self._rules, self.params.cutoff_len, unparsed=self.unparsed
        )
        return row, None

    def _zero_stats(self, gold: Any) -> tuple[list[int], TedEvalError | None]:
        row, note = super()._zero_stats(gold)
        row = list(row)
        return (row if len(row) == len(SPMRL_COLUMNS) else [*row, *_NONE]), note

    # -- warnings: evalb_spmrl's wrong numbers, reproduced --------------------------

    def _finish(self) -> None:
        super()._finish()
        sums = dict(zip(SPMRL_EXTRA, self.stats.sums(list(SPMRL_EXTRA)), strict=True))
        name = self.system_name
        rows = self.options.statistics == "rows"

        def first(column: str) -> str:
            if not rows:
                return ""
            numbers = [
                i for i, (v,) in enumerate(self.stats.view((column,)).tolist(), start=1) if v
            ]
            return f" (the first: sentence {numbers[0]})" if numbers else ""

        def say(message: str) -> None:
            warnings.warn(
                SpmrlCompatibilityWarning(f"{name}: {message}"), stacklevel=outside_the_package()
            )

        same = "; reproduced because published SPMRL figures were computed so"
        if sums["spmrl_unparsed"]:
            n = int(sums["spmrl_unparsed"])
            counted = int(self.stats.sums(["gold"])[0])
            view = self.stats.view(("spmrl_unparsed", "gold", "spmrl_true_gold")).tolist()
            wrong = sum(g for u, g, _ in view if u) if rows else None
            true = int(sums["spmrl_true_gold"])
            how = f"{wrong} gold brackets where they have {true}" if wrong is not None else ""
            say(
                f"evalb_spmrl's -X counts the {n} sentence{'s' if n != 1 else ''} without a "
                f"parse{first('spmrl_unparsed')}, not left out but valid, with a wrong number "
                "of gold brackets"
                + (f", {how}" if how else "")
                + " (each bracket once more for every DELETE_LABEL line it differs from), "
                f"{counted} in all{same}; --missing zero counts such sentences correctly"
            )
        if sums["spmrl_mismatch"]:
            n = int(sums["spmrl_mismatch"])
            say(
                f"evalb_spmrl counts {n} length mismatch{'es' if n != 1 else ''}"
                f"{first('spmrl_mismatch')} as valid sentence{'s' if n != 1 else ''} with no "
                f"bracket and no word, each a complete match{same} (--evalb counts a length "
                "mismatch as an error sentence)"
            )
        if sums["spmrl_repeated"]:
            n = int(sums["spmrl_repeated"])
            say(
                f"evalb_spmrl prints and counts {n} gold sentence{'s' if n != 1 else ''} of at "
                f"most one word whose parse has another length{first('spmrl_repeated')} twice: "
                f"once as a valid sentence with nothing in it, once scored{same}"
            )
        if sums["spmrl_kept_words"]:
            n = int(sums["spmrl_kept_words"])
            tags = " ".join(sorted(self._kept_tags))
            say(
                f"evalb_spmrl deletes no word: {n} gold word{'s' if n != 1 else ''} tagged with a "
                f"DELETE_LABEL ({tags}) {'are' if n != 1 else 'is'} kept and scored (length and "
                "tagging accuracy), as in published SPMRL figures; --evalb deletes them"
            )

    # -- evalb_spmrl's output -------------------------------------------------------

    def statuses(self) -> list[int]:
        """evalb_spmrl's status of every sentence: 0 valid, 1 error, 2 skip, 3 unparsed."""
        return spmrl_statuses(self.stats)

    def sentence_lines(self) -> list[str]:
        """evalb_spmrl's per-sentence table (without its header)."""
        return spmrl_sentence_lines(self.stats)

    def sentence_results(self) -> list[dict[str, object]]:
        out = super().sentence_results()
        for entry, status in zip(out, self.statuses(), strict=True):
            entry["status"] = STATUS_NAMES[status]
        return out

    def _sentence_rows(self) -> list[tuple[int, ...]]:
        rows = super()._sentence_rows()
        return [
            (row[0], status, *row[2:]) for row, status in zip(rows, self.statuses(), strict=True)
        ]

    def compact_line(self, file: str) -> str:
        """evalb_spmrl's ``-L`` summary, ``file`` the name it ends with (the test file's).

        As in evalb_spmrl, ``Prec:`` shows the recall and ``Rec:`` the precision.
        """
        a = self._block("")
        r, p = a["bracketing_recall"], a["bracketing_precision"]
        f = evalb_f(p, r)  # type: ignore[arg-type]
        pos = a["tagging_accuracy"]
        ex = a["complete_match"]
        unparsed = a["skip_sentences"] + a["error_sentences"]  # type: ignore[operator]
        # F from the two percentages; with nothing matched it is 0/0, which C prints "-nan".
        f_text = "  -nan" if f != f else f"{f:6.2f}"
        return (
            f"F1: {f_text} %\tPrec: {r:6.2f} %\tRec: {p:6.2f} %\t"
            f"POS: {pos:6.2f} %\tEX: {ex:6.2f} %\tUnparsed: {unparsed:6d}\t"
            f"Sent: {a['sentences']:6d}\tfile: {file}\n"
        )

    def compact_text(self, file: str) -> str:
        """evalb_spmrl's whole output under ``-L``: its table, then :meth:`compact_line`."""
        return (
            EVALB_HEAD
            + "".join(line + "\n" for line in self.sentence_lines())
            + (self.compact_line(file))
        )
