"""ParsEval exactly as EVALB computes it.

EVALB (Sekine and Collins 1997) is the scorer behind every published
constituency-parsing figure. This module computes the same figures from
``nltk.Tree`` objects, following EVALB's rules to the letter (README §6-7):

- Words whose POS tag is in ``DELETE_LABEL`` (COLLINS.prm: punctuation and
  ``-NONE-``) are removed, with every bracket left covering nothing.
- Every other node above the POS tags is a bracket ``(label, start, end)``
  over the remaining words; function tags are cut from its label at the first
  ``-`` or ``=`` (``NP-SBJ-1`` -> ``NP``; ``-LRB-`` as a phrase label becomes
  the empty label, as in EVALB); a bracket whose label is then in
  ``DELETE_LABEL`` (``TOP``) is not counted.
- Brackets are matched as multisets: two ``(NP (NP x))`` brackets in the gold
  match at most two in the test (README §7.5); ``EQ_LABEL`` pairs count as
  one label (``ADVP``/``PRT``).
- A test bracket is a crossing bracket when some gold bracket overlaps it
  without nesting (counted on the test side, as EVALB does since Collins).
- A sentence is *skipped* when the test has no words (an empty line, a parser
  failure), an *error* when the two sides differ in length or in a word after
  deletion; both are counted but add nothing to the bracket figures.
- The length that decides the ``len <= CUTOFF_LEN`` subset is the gold word
  count without the ``DELETE_LABEL_FOR_LENGTH`` words (README §7.4).
- With ``QUOTE_LABEL`` set, a quote-like word (``'``, ``"``, ``/``) deleted
  on one side only is put back before lengths are compared, as EVALB's 2006
  repair does (README, "Bug fix and additional functionality").

Each sentence is reduced to integers (a row of a
:class:`~nltk_tedeval.scoring.stats.StatsTable`); every corpus figure is a
:class:`~nltk_tedeval.scoring.stats.Measure` over column sums, so the significance
test works on ParsEval F1 as on any other metric.

Unlike EVALB there is no limit on sentence length, brackets or line length,
and error sentences are listed rather than fatal unless ``max_error`` is set;
a tree EVALB cannot read at all (a word beside a phrase) is an error sentence
here, where EVALB gives up.

>>> from nltk import Tree
>>> gold = [Tree.fromstring("(S (NP (DT The) (NN cat)) (VP (VBD sat)) (. .))")]
>>> test = [Tree.fromstring("(S (NP (DT The)) (VP (NN cat) (VBD sat)) (. .))")]
>>> p, r, f = ParsevalEvaluator(test, gold).eval()
>>> round(p, 4), round(r, 4), round(f, 4)
(0.3333, 0.3333, 0.3333)
>>> print(ParsevalEvaluator(test, gold).sentence_lines()[0])
   1    4    0   33.33  33.33     1      3    3      1      3     3   100.00
"""

from __future__ import annotations

import dataclasses
import math
import reprlib
import warnings
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from ..alignment import Unit
from ..errors import (
    EmptyTreeError,
    ErrorSentenceWarning,
    InputFormatError,
    OptionError,
    TedEvalError,
    TreeStructureError,
)
from ..kinds import CONSTITUENCY, DEPENDENCY, DISCONTINUOUS, Accepts, Kind, is_record, tree_family
from ..records import loaded_class, tree_of, unwrap
from ..scoring.evaluator import Evaluator
from ..scoring.groups import Grouped, GroupKey
from ..scoring.missing import ZERO, outside_the_package
from ..scoring.options import RunOptions
from ..scoring.stats import Measure, StatsTable, accuracy, f_measure, precision, recall
from ..trees.constituency import PhraseStructure
from ..trees.evalb_params import EvalbParams
from ..trees.kinds import (
    OWN_TREE,
    as_kind,
    flat_parse,
    has_text,
    kind_name,
    text_key,
    text_length,
    text_tokens,
    tree_words,
)
from ..trees.tokens import joined_words
from .aligned_brackets import aligned_row
from .bracket_groups import BRACKET_KEYS, bracket_groups, length_key
from .evalb_brackets import (
    EvalbRules,
    EvalbSide,
    counted_brackets,
    empty_side,
    read_side,
    score_sides,
    side_brackets,
)
from .evalb_report import (
    EVALB_HEAD,
    EVALB_RULE,
    STATUS_NAMES,
    block_text,
    evalb_f,
    evalb_sentence_lines,
    evalb_sentence_rows,
    evalb_statuses,
)
from .evalb_row import BASE_COLUMNS, COLUMNS, STATUS_ERROR, STATUS_SKIP, STATUS_VALID, evalb_row

__all__ = [
    "COLUMNS",
    "STATUS_ERROR",
    "STATUS_SKIP",
    "STATUS_VALID",
    "EvalbParams",
    "ParsevalEvaluator",
    "TooManyErrorsError",
]


def _misuse(sent: Any, kind: Kind | None, which: str) -> InputFormatError:
    """ParsEval's words for a tree it cannot score: no sentence of such a corpus can be."""
    hint = (
        "; ParsEval compares brackets: score a dependency parse with tedeval score "
        "(TedEval) or mph (MPHEvaluator)"
        if kind == DEPENDENCY
        else ""
    )
    misuse = InputFormatError(
        f"{which} tree is {kind_name(sent)}, not an nltk.Tree or None{hint}",
        token=reprlib.repr(sent) if tree_family(kind) is None else None,
    )
    misuse.fatal = True  # no sentence of such a corpus can be scored
    return misuse


PARSEVAL_INPUTS = Accepts((CONSTITUENCY, DISCONTINUOUS), _misuse)
"""What ParsEval scores: phrase structures (a missing parse, ``None``, is taken before)."""

ALIGNED_PARSEVAL_INPUTS = Accepts(
    (CONSTITUENCY, DISCONTINUOUS),
    lambda tree, kind, which: InputFormatError(
        f"{which} tree is {kind_name(tree)}, not an nltk.Tree"
    ),
)
"""What ParsEval scores of an aligned unit's sentences (a missing parse is no sentence there)."""


_NO_VALID = "no valid sentence"


def _measures(suffix: str) -> dict[str, Measure]:
    brackets = (f"matched{suffix}", f"gold{suffix}", f"test{suffix}")
    valid = f"valid{suffix}"
    tail = suffix.upper()
    return {
        m.name: m
        for m in (
            Measure(f"P{tail}", brackets, precision, "no test bracket"),
            Measure(f"R{tail}", brackets, recall, "no gold bracket"),
            Measure(f"F1{tail}", brackets, f_measure, "no bracket on either side"),
            Measure(f"COMPLETE_MATCH{tail}", (f"complete{suffix}", valid), accuracy, _NO_VALID),
            Measure(f"AVG_CROSSING{tail}", (f"crossing{suffix}", valid), accuracy, _NO_VALID),
            Measure(f"NO_CROSSING{tail}", (f"no_crossing{suffix}", valid), accuracy, _NO_VALID),
            Measure(
                f"TWO_OR_LESS_CROSSING{tail}", (f"two_or_less{suffix}", valid), accuracy, _NO_VALID
            ),
            Measure(
                f"TAGGING_ACCURACY{tail}",
                (f"correct_tags{suffix}", f"words{suffix}"),
                accuracy,
                "no tagged word",
            ),
        )
    }


_LENGTH = COLUMNS.index("length")

# What the block path computes for a sentence of two lines of blocks, as the
# per-sentence path does (ParsevalEvaluator._scores_batches).
_BATCHED = ("_sentence_stats", "_side")


def _block_tree() -> type | None:
    """The class of a block's line, once the block reader has made one; ``None`` before.

    Blocks read and score with numpy, whose import costs more than the whole run of a
    small file, which the line reader reads (:data:`~nltk_tedeval.reading.ptb.SMALL_INPUT_LINES`,
    issue 31): no tree can be a block's line while trees.blocks was never imported.
    """
    return loaded_class("nltk_tedeval.trees.blocks", "BlockTree")


def _block_lines(parsed: Any, gold: Any, block_tree: type) -> tuple[Any, Any] | None:
    """The parse and the gold of a sentence as the same line of two blocks, or ``None``.

    Found as :meth:`ParsevalEvaluator._sentence_stats` finds the trees: an
    aligned unit of the same tokens on both sides stands for its sentence.
    ``block_tree`` is the class of a block's line (:func:`_block_tree`, looked up
    once for a batch).
    """
    if isinstance(parsed, Unit):
        if not parsed.identical:
            return None
        # Aligned units hold reader records: their trees are what blocks know.
        p_tree, g_tree = tree_of(parsed.test[0].item), tree_of(parsed.gold[0].item)
    else:
        p_tree, g_tree = parsed, gold  # a sentence of the loop holds its trees already
    same_line = (
        isinstance(p_tree, block_tree)
        and isinstance(g_tree, block_tree)
        and p_tree.index == g_tree.index
    )
    return (p_tree, g_tree) if same_line else None


class TooManyErrorsError(TedEvalError, ValueError):
    """More error sentences than the ``max_error`` the caller set.

    ``errors`` holds every error found up to that point; ``partial``, when
    the evaluator set it, the statistics of the sentences before the one
    that stopped the run (what EVALB has printed when it aborts).
    """

    def __init__(self, message: str, *, errors: Sequence[TedEvalError] = (), **where: Any):
        super().__init__(message, **where)
        self.errors = list(errors)
        self.partial: StatsTable | None = None


# -- the evaluator ----------------------------------------------------------------


class BracketEvaluator(Evaluator):
    """A bracket metric configured by a parameter file: EVALB's, or disco-dop's.

    Subclasses name the type of their parameters in :attr:`params_type`,
    whose no-argument instance is the default.
    """

    params_type: ClassVar[type] = EvalbParams
    signature_keys: ClassVar[dict[str, str]] = {
        "prm": "the EVALB (or disco-dop) parameter file",
        "labeled": "ParsEval brackets compared with their labels (yes/no)",
        "cutoff": "ParsEval's CUTOFF_LEN for the len<=N figures",
    }
    primary: ClassVar[tuple[str, ...]] = ("P", "R", "F1")
    parse_kind: ClassVar[str | None] = "constituency"

    _flat_parse = staticmethod(flat_parse)
    _gold_words = staticmethod(tree_words)
    _gold_length = staticmethod(text_length)
    _has_text = staticmethod(has_text)

    def __init__(
        self,
        parsed_sents: Iterable[Any],
        gold_sents: Iterable[Any],
        params: Any = None,
        *,
        options: RunOptions | None = None,
        **run: Any,
    ) -> None:
        super().__init__(
            parsed_sents,
            gold_sents,
            options=options,
            **run,
        )
        if params is None:
            params = self.params_type()
        elif not isinstance(params, self.params_type):
            name = self.params_type.__name__
            article = "an" if name[0] in "AEIOU" else "a"
            raise OptionError(f"params must be {article} {name}, not {type(params).__name__}")
        self.params = params
        self._start()


class ParsevalEvaluator(BracketEvaluator):
    """Bracket precision, recall and F1 as EVALB computes them.

    ``parsed_sents`` and ``gold_sents`` are parallel sequences of
    ``nltk.Tree`` (or flattened :class:`~nltk_tedeval.trees.constituency.PhraseStructure`,
    or the records of :mod:`nltk_tedeval.reading`); ``None`` stands for a
    missing parse, as an empty line does in EVALB's files: with the default
    ``missing="skip"`` it is EVALB's *skip sentence* (counted, announced by a
    :class:`~nltk_tedeval.errors.MissingParseWarning`); ``"zero"``, ``"flat"``
    and ``"error"`` are as for every metric (SPEC.md §10). ``params`` defaults to COLLINS.prm's
    settings.

    A record that the reader could not read (an unbalanced line) raises its
    error; with ``on_error="skip"`` it becomes an error sentence instead, as
    EVALB counts a line it cannot read, and is listed in :attr:`errors`.
    Sentences EVALB counts as errors (different words) or skips (no test
    words) are never raised: they are counted and listed, unless
    ``params.max_error`` is set and exceeded.

    :meth:`eval` returns ``(precision, recall, F1)``; :meth:`scores` has
    every figure of EVALB's summary (``*_CUT`` for ``len <= CUTOFF_LEN``);
    :meth:`summary` and :meth:`summary_text` give the summary as a dict and as
    EVALB prints it; :meth:`sentence_lines` gives EVALB's per-sentence table.

    >>> from nltk import Tree
    >>> gold = Tree.fromstring("(S (NP (DT the) (NN dog)) (VP (VBD saw) (NP (PRP it))))")
    >>> test = Tree.fromstring("(S (NP (DT the) (NN dog)) (VP (VBD saw) (PRP it)))")
    >>> [round(s, 4) for s in ParsevalEvaluator([test], [gold]).eval()]
    [1.0, 0.75, 0.8571]
    """

    measures: ClassVar[dict[str, Measure]] = {**_measures(""), **_measures("_cut")}
    columns: ClassVar[tuple[str, ...]] = COLUMNS
    tested_measures: ClassVar[tuple[str, ...] | None] = ("F1",)
    # EVALB's per-sentence figures and the length: the len<=CUTOFF columns repeat them.
    per_sentence_columns: ClassVar[tuple[str, ...] | None] = (*BASE_COLUMNS, "length")
    metric: ClassVar[str] = "parseval"
    params: EvalbParams
    breakdown_keys: ClassVar[dict[str, GroupKey]] = {
        "label": BRACKET_KEYS["label"],
        "length": length_key(COLUMNS, measures),
        "span": BRACKET_KEYS["span"],
        "confusion": BRACKET_KEYS["confusion"],
        "attachment": BRACKET_KEYS["attachment"],
    }

    def signature_fields(self) -> dict[str, object]:
        return {
            **super().signature_fields(),
            "prm": self.params.name,
            "labeled": self.params.labeled,
            "cutoff": self.params.cutoff_len,
        }

    # -- statistics -------------------------------------------------------------
    #
    # EVALB's error and skip sentences are rows of the table (they are
    # counted), not sentences left out, and a line the reader could not read
    # is, with on_error="skip", one more EVALB error: so ParsEval asks the
    # sentence loop for unreadable lines and counts them itself, and a
    # missing parse left out under missing="skip" is EVALB's skip row.

    counts_reader_errors = True

    def _start(self) -> None:
        self._rules = EvalbRules(self.params)
        # Attachment errors compare labels even in unlabeled scoring (as disco-dop's do).
        labeled = (
            self.params if self.params.labeled else dataclasses.replace(self.params, labeled=True)
        )
        self._named_rules = self._rules if self.params.labeled else EvalbRules(labeled)
        self._block_labels: Any = None
        self._plain_blocks: tuple[Any, Any, Any, Any] | None = None  # the last pair scored
        self._kept = 0
        self._error_rows: list[tuple[int, TedEvalError]] = []

    def _sentence_stats(self, parsed: Any, gold: Any) -> tuple[list[int], TedEvalError | None]:
        """EVALB's calc_result() for one sentence: its row, and its error if it has one."""
        rules = self._rules
        if isinstance(parsed, Unit):
            if not parsed.identical:
                return aligned_row(parsed, rules, self._structure, self.params.cutoff_len)
            # The same tokens: EVALB's own steps, so that its figures stay EVALB's.
            parsed, gold = parsed.test[0].item, parsed.gold[0].item
            if parsed is ZERO:
                return self._zero_stats(gold)
        gold_side, test_side = self._side(gold, "gold", rules), self._side(parsed, "test", rules)
        row, note = score_sides(gold_side, test_side, rules, self.params.cutoff_len)
        if note is not None and gold_side.problem is None and self.missing_policy != "skip":
            # EVALB's error sentence, the parse's fault (other words, a tree EVALB cannot
            # read): under zero, flat or error it is this system's failed parse (SPEC.md
            # §10), not a sentence in no total; under skip it stays EVALB's.
            note.side = "parse"
            note.parse_failure = True
            raise note
        if self.by:
            return row, Grouped(note, self._groups(row, gold_side, test_side))
        return row, note

    # -- breakdowns (SPEC.md §12.4) ----------------------------------------------

    def available_breakdowns(self) -> dict[str, GroupKey]:
        # Under alignment a row is a unit, which may join sentences and whose
        # positions are not words of one tree: no group is defined there, not
        # even the length of a sentence (SPEC.md §12.4).
        return {} if self.align is not None else dict(self.breakdown_keys)

    def _groups(
        self, row: Sequence[int], gold: EvalbSide, test: EvalbSide | None
    ) -> dict[str, dict[str, tuple[int, ...]]]:
        """The groups of ``self.by`` of a sentence's row and sides (``test`` ``None``: a
        missing parse with no bracket). Only a valid sentence has brackets to split:
        an error or a skip is in its ``length`` group only, as its row counts it."""
        keys = self.by
        out: dict[str, dict[str, tuple[int, ...]]] = {}
        if row[1] and any(k != "length" for k in keys):
            rules, named = self._rules, self._named_rules
            g = side_brackets(gold, rules, named)
            t = [] if test is None else side_brackets(test, rules, named)
            same = rules.same_label if rules.greedy else None
            classes = rules.closure if rules.greedy else None
            bins = {"span": self.options.bins_for("span")}
            out = bracket_groups(g, t, keys, bins, same, classes)
        if "length" in keys:
            length = row[_LENGTH]
            out["length"] = {self.options.bins_for("length").label(length): tuple(row)}
        return out

    # -- many sentences at once: the loop's batches ------------------------------

    @classmethod
    def _scores_batches(cls) -> bool:
        # The blocks' rows are what these methods make of each sentence; a
        # class that changes one of them has its sentences scored by it.
        return all(getattr(cls, name) is getattr(ParsevalEvaluator, name) for name in _BATCHED)

    def _finish(self) -> None:
        super()._finish()
        self._plain_blocks = None  # the run is over: its last blocks go
        errors = self._error_count()
        if errors:
            first = self._first_error()
            read = self.run.read
            are = "is an EVALB error sentence" if errors == 1 else "are EVALB error sentences"
            warnings.warn(
                ErrorSentenceWarning(
                    f"{self.system_name}: {errors} of {read} sentence{'s' if read != 1 else ''} "
                    f"{are}, in no total, as EVALB counts them"
                    + (f" (the first: {first})" if first is not None else "")
                    + "; missing='zero' counts such a parse as one with nothing right"
                ),
                stacklevel=outside_the_package(),
            )

    def _first_error(self) -> TedEvalError | None:
        """The error of the first error sentence, which the warning of :meth:`_finish` names."""
        return self._error_rows[0][1] if self._error_rows else None

    def _error_count(self) -> int:
        """EVALB's error sentences of this system: rows in no total but the count."""
        return int(self.stats.sums(["errors"])[0])

    def rows_without_score(self) -> dict[str, int]:
        """EVALB's skip rows of missing parses, and its error sentences: rows in no total."""
        out = super().rows_without_score()
        errors = self._error_count()
        if errors:
            out["EVALB counts as errors"] = errors
        return out

    def counts(self) -> dict[str, int]:
        """The run's counts, with this system's EVALB error sentences apart (``errors``):
        they are in no total, so ``scored`` leaves them out (SPEC.md §10)."""
        counts = super().counts()
        errors = self._error_count()
        counts["scored"] -= errors
        counts["errors"] = errors
        return counts

    def _plain_stats(self, golds: list[Any], parses: list[Any]) -> Any:
        """The rows of consecutive lines of one pair of blocks, from :func:`block_rows`, and
        which are final: the sentence loop's plain runs (its note is ``None``, as a batch's).

        Only consecutive lines ``i..j`` of a gold block and of a parse block at the same
        places, which is what a run of sentences read without error is in two
        one-tree-per-line files; anything else goes to the batches (``None``).
        """
        block_tree = _block_tree()
        if self.by or block_tree is None or {*map(type, golds), *map(type, parses)} != {block_tree}:
            return None
        first, last, p_first, p_last = golds[0], golds[-1], parses[0], parses[-1]
        n = len(golds)
        if not (
            first.block is last.block
            and p_first.block is p_last.block
            and last.index - first.index == n - 1
            and p_last.index - p_first.index == n - 1
            and first.index == p_first.index
        ):
            return None
        # A pair of blocks is scored once, however many runs its lines come in (a line
        # that is not plain, an error or a skip, ends a run in the middle of a block).
        cached = self._plain_blocks
        if cached is None or cached[0] is not first.block or cached[1] is not p_first.block:
            from .evalb_blocks import block_rows

            rows, fast = block_rows(
                first.block, p_first.block, self._labels(), self.params.cutoff_len
            )
            cached = self._plain_blocks = (first.block, p_first.block, rows, fast)
        lines = slice(first.index, last.index + 1)
        return cached[2][lines], cached[3][lines]

    def _labels(self) -> Any:
        """The run's :class:`~nltk_tedeval.metrics.evalb_blocks.BlockLabels`, made for its
        first pair of blocks."""
        if self._block_labels is None:
            from .evalb_blocks import BlockLabels

            self._block_labels = BlockLabels(self._rules)
        return self._block_labels

    def _batch_stats(self, pairs: Sequence[tuple[Any, Any]]) -> list[tuple[list[int], Any] | None]:
        """The rows of the sentences that are lines of blocks, a pair of blocks at a time
        (:func:`~nltk_tedeval.metrics.evalb_blocks.lines_rows`); ``None`` for the rest."""
        if any(k != "length" for k in self.by):
            # Blocks count whole lines with numpy and keep no bracket, so a run that
            # breaks brackets down scores every sentence alone (_sentence_stats).
            return [None] * len(pairs)
        block_tree = _block_tree()
        if block_tree is None:
            return [None] * len(pairs)  # (no line of a block: trees read another way)
        lines = [_block_lines(parsed, gold, block_tree) for parsed, gold in pairs]
        from .evalb_blocks import lines_rows

        rows = lines_rows(lines, self._labels(), self.params.cutoff_len)
        if self.by:
            # By length only: a block's row is the whole group of its sentence.
            bins = self.options.bins_for("length")
            return [
                None
                if row is None
                else (row, Grouped(None, {"length": {bins.label(row[_LENGTH]): tuple(row)}}))
                for row in rows
            ]
        return [None if row is None else (row, None) for row in rows]

    @staticmethod
    def _gold_words(gold: Any) -> bytes | None:
        """What identifies the gold's words in the key of a paired test: :func:`joined_words`.

        Bytes rather than a tuple of strings, so that a block of lines gives
        them without making a string of every word.
        """
        block_tree = _block_tree()
        if block_tree is not None and isinstance(gold, block_tree):
            return gold.joined_words
        words = tree_words(gold)
        return None if words is None else joined_words(words)

    def _skip_missing(self, gold: Any) -> tuple[list[int], None] | None:
        """EVALB's skip sentence: an empty test line, counted and scored as nothing.

        Under alignment the unit of a missing parse is one skip row, of the
        length of its gold sentences, so that a unit of one sentence gives
        the row of the same sentence without alignment (SPEC.md §11).
        """
        rules, cutoff = self._rules, self.params.cutoff_len
        if isinstance(gold, Unit):
            length = sum(self._side(s.item, "gold", rules).length for s in gold.gold)
            return evalb_row(STATUS_SKIP, length=length, cutoff=cutoff), None
        side = self._side(gold, "gold", rules)
        row, _ = score_sides(side, empty_side(), rules, cutoff)
        if self.by:
            return row, Grouped(None, self._groups(row, side, None))
        return row, None

    def _zero_stats(self, gold: Any) -> tuple[list[int], TedEvalError | None]:
        """A missing parse with nothing right: no test bracket and every tag wrong (SPEC.md §10).

        The gold's words stand in for the test's, so the sentence is valid
        and its length is the gold's, unless the gold itself is bad.
        """
        rules = self._rules
        side = self._side(gold, "gold", rules)
        if side.problem is not None or side.wn == 0:
            return self._sentence_stats(None, gold)
        # A valid sentence whose test side has no bracket and no right tag.
        gold_brackets = len(counted_brackets(side))
        row = evalb_row(
            STATUS_VALID,
            gold=gold_brackets,
            words=side.wn,
            length=side.length,
            cutoff=self.params.cutoff_len,
        )
        if self.by:
            return row, Grouped(None, self._groups(row, side, None))
        return row, None

    def _keep_run(self, note: TedEvalError | None, count: int) -> None:
        if note is None:
            self._kept += count  # what _keep does with each of them
        else:
            super()._keep_run(note, count)

    def _keep(self, note: TedEvalError | None) -> None:
        index = self._kept
        self._kept += 1
        if note is None:
            return
        limit = self.params.max_error
        errors = self._error_rows
        if limit is not None and len(errors) > limit:
            # EVALB exits on the error met once more than MAX_ERROR errors
            # have been counted (Error_count++ > Max_error in its Error()).
            raise TooManyErrorsError(
                f"{len(errors) + 1} sentences with errors, more than MAX_ERROR + 1 = "
                f"{limit + 1} (EVALB stops here); this one: {note.message}",
                errors=[e for _, e in errors] + [note],
                sentence=note.sentence or index + 1,
                token=note.token,
                file=note.file,
                line=note.line,
            )
        errors.append((index, note))

    def _side(self, sent: Any, which: str, rules: EvalbRules) -> EvalbSide:
        if is_record(sent):
            # A reader record: the tree, or the reader's error for its line.
            if sent.error is not None:
                err = sent.error
                if self.on_error == "raise":
                    raise err
                side = empty_side()
                side.problem = err
                side.wn = -1  # unknown, but not 0, which would make it a skip
                return side
            sent = sent.tree
        if sent is None:
            return empty_side()
        try:
            ps = as_kind(sent, OWN_TREE, PARSEVAL_INPUTS, which)
        except EmptyTreeError as err:
            if err.token is None:
                # A tree without any word reads like an empty line.
                return empty_side()
            side = empty_side()
            side.problem = InputFormatError(
                f"{which} tree: {err.message}; such empty constituents are not "
                "supported (EVALB would ignore them)",
                token=err.token,
            )
            side.wn = -1  # not 0, which would make it a skip
            return side
        except TreeStructureError as err:
            raise InputFormatError(f"{which} tree: {err.message}", token=err.token) from None
        return read_side(ps, rules, which)

    def _text_tokens(self, tree: Any) -> tuple[str, ...] | None:
        return text_tokens(tree)

    text_key = staticmethod(text_key)

    def _structure(self, item: Any, which: str) -> PhraseStructure:
        """The flattened tree of an aligned sentence (its reader error was raised already)."""
        try:
            return as_kind(unwrap(item)[0], OWN_TREE, ALIGNED_PARSEVAL_INPUTS, which)
        except TreeStructureError as err:
            raise InputFormatError(f"{which} tree: {err.message}", token=err.token) from None

    @property
    def errors(self) -> list[TedEvalError]:
        """The error sentences, one error each (``sentence`` and ``token`` set), in order.

        The scorer placed each when it scored its sentence (its number, file and line),
        so a run that kept only sums names them too.
        """
        _ = self.stats
        return [err for _, err in self._error_rows]

    # -- EVALB's output ---------------------------------------------------------

    def statuses(self) -> list[int]:
        """EVALB's status of every sentence: 0 valid, 1 error, 2 skip."""
        return evalb_statuses(self.stats)

    def _sentence_rows(self) -> list[tuple[int, ...]]:
        return evalb_sentence_rows(self.stats)

    def sentence_results(self) -> list[dict[str, object]]:
        """One dict per sentence with the figures of EVALB's per-sentence table.

        Percentages are computed as EVALB prints them (0.0 without a denominator).
        """
        errors = {e.sentence: e for e in self.errors}
        out = []
        for (
            number,
            status,
            length,
            match,
            gold,
            test,
            crossing,
            words,
            correct,
        ) in self._sentence_rows():
            err = errors.get(number)
            out.append(
                {
                    "sentence": number,
                    "length": length,
                    "status": STATUS_NAMES[status],
                    "recall": 0.0 if gold == 0 else 100.0 * match / gold,
                    "precision": 0.0 if test == 0 else 100.0 * match / test,
                    "matched_brackets": match,
                    "gold_brackets": gold,
                    "test_brackets": test,
                    "crossing_brackets": crossing,
                    "words": words,
                    "correct_tags": correct,
                    "tagging_accuracy": 0.0 if words == 0 else 100.0 * correct / words,
                    "error": None if err is None else err.message,
                }
            )
        return out

    def sentence_lines(self) -> list[str]:
        """EVALB's per-sentence table, one line per sentence (without its header)."""
        return evalb_sentence_lines(self.stats)

    def summary(self) -> dict[str, object]:
        """EVALB's summary as a JSON-ready dict.

        ``all`` and ``cutoff`` hold the two blocks of EVALB's summary: counts,
        and the figures in percent exactly as EVALB computes them before
        printing (0.0 where EVALB prints 0.00 for want of a denominator; an F
        measure EVALB prints as ``nan`` is ``None``). ``errors`` lists the
        error sentences.
        """
        return {
            "metric": self.metric,
            "signature": str(self.signature),
            "cutoff_len": self.params.cutoff_len,
            "all": self._block(""),
            "cutoff": self._block("_cut"),
            "errors": [
                {"sentence": e.sentence, "token": e.token, "message": e.message}
                for e in self.errors
            ],
        }

    def _block(self, suffix: str) -> dict[str, object]:
        t = dict(
            zip(
                BASE_COLUMNS,
                self.stats.sums([c + suffix for c in BASE_COLUMNS]),
                strict=True,
            )
        )
        valid = t["valid"]
        r = 100.0 * t["matched"] / t["gold"] if t["gold"] > 0 else 0.0
        p = 100.0 * t["matched"] / t["test"] if t["test"] > 0 else 0.0
        f = evalb_f(p, r)
        return {
            "sentences": t["sentences"],
            "error_sentences": t["errors"],
            "skip_sentences": t["skipped"],
            "valid_sentences": valid,
            "matched_brackets": t["matched"],
            "gold_brackets": t["gold"],
            "test_brackets": t["test"],
            "crossing_brackets": t["crossing"],
            "words": t["words"],
            "correct_tags": t["correct_tags"],
            "complete_match_sentences": t["complete"],
            "no_crossing_sentences": t["no_crossing"],
            "two_or_less_crossing_sentences": t["two_or_less"],
            "bracketing_recall": r,
            "bracketing_precision": p,
            "bracketing_fmeasure": None if math.isnan(f) else f,
            "complete_match": 100.0 * t["complete"] / valid if valid > 0 else 0.0,
            "average_crossing": 1.0 * t["crossing"] / valid if valid > 0 else 0.0,
            "no_crossing": 100.0 * t["no_crossing"] / valid if valid > 0 else 0.0,
            "two_or_less_crossing": 100.0 * t["two_or_less"] / valid if valid > 0 else 0.0,
            "tagging_accuracy": 100.0 * t["correct_tags"] / t["words"] if t["words"] > 0 else 0.0,
        }

    def summary_text(self, *, sentences: bool = False) -> str:
        """The summary exactly as EVALB prints it.

        With ``sentences=True`` the whole of EVALB's standard output: the
        header, the per-sentence table, then the summary.
        """
        out = []
        if sentences:
            out.append(EVALB_HEAD)
            out.extend(line + "\n" for line in self.sentence_lines())
        a = self._block("")
        out.append(f"{EVALB_RULE}\n")
        if a["gold_brackets"] > 0 and a["test_brackets"] > 0:
            out.append(
                f"                {a['bracketing_recall']:6.2f} {a['bracketing_precision']:6.2f}"
                f" {a['matched_brackets']:6d} {a['gold_brackets']:5d} {a['test_brackets']:5d}"
                f"  {a['crossing_brackets']:5d}"
            )
        out.append(f"  {a['words']:5d} {a['correct_tags']:5d}   {a['tagging_accuracy']:6.2f}")
        out.append("\n=== Summary ===\n")
        out.append("\n-- All --\n")
        out.append(block_text(a))
        out.append(f"\n-- len<={self.params.cutoff_len} --\n")
        out.append(block_text(self._block("_cut")))
        return "".join(out)
