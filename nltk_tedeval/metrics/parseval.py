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

import math
import reprlib
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any, ClassVar

from ..errors import (
    EmptyTreeError,
    InputFormatError,
    OptionError,
    TedEvalError,
    TreeStructureError,
    YieldMismatchError,
)
from ..reading.evalb_params import EvalbParams
from ..scoring.evaluator import Evaluator, zip_parallel
from ..scoring.stats import Measure, RowBuffer, StatsTable, accuracy, f_measure, precision, recall
from ..trees.constituency import PhraseStructure, flatten_tree, is_tree

__all__ = [
    "COLUMNS",
    "STATUS_ERROR",
    "STATUS_SKIP",
    "STATUS_VALID",
    "EvalbParams",
    "ParsevalEvaluator",
    "TooManyErrorsError",
]

STATUS_VALID = 0
"""EVALB's status of a sentence that was scored."""
STATUS_ERROR = 1
"""EVALB's status of a sentence whose words differ between gold and test."""
STATUS_SKIP = 2
"""EVALB's status of a sentence whose test side has no words."""

# Per-sentence statistics, first over all sentences, then again (suffix
# "_cut") for the sentences of length <= CUTOFF_LEN, so that every figure of
# both blocks of EVALB's summary is a plain formula over column sums.
_BASE_COLUMNS = (
    "sentences",
    "valid",
    "errors",
    "skipped",
    "matched",
    "gold",
    "test",
    "complete",
    "crossing",
    "no_crossing",
    "two_or_less",
    "words",
    "correct_tags",
)
COLUMNS: tuple[str, ...] = (
    *_BASE_COLUMNS,
    "length",
    *(f"{c}_cut" for c in _BASE_COLUMNS),
)
"""The columns of :attr:`ParsevalEvaluator.stats`, one row per sentence."""

_EVALB_RULE = "=" * 76
_EVALB_HEAD = (
    "  Sent.                        Matched  Bracket   Cross        Correct Tag\n"
    " ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy\n"
    f"{_EVALB_RULE}\n"
)
_STATUS_NAMES = ("valid", "error", "skip")
# EVALB's quote terms: the only words its length-mismatch fix reinserts.
_QUOTE_WORDS = frozenset({"'", '"', "/"})


def _measures(suffix: str) -> dict[str, Measure]:
    brackets = (f"matched{suffix}", f"gold{suffix}", f"test{suffix}")
    valid = f"valid{suffix}"
    tail = suffix.upper()
    return {
        m.name: m
        for m in (
            Measure(f"P{tail}", brackets, precision),
            Measure(f"R{tail}", brackets, recall),
            Measure(f"F1{tail}", brackets, f_measure),
            Measure(f"COMPLETE_MATCH{tail}", (f"complete{suffix}", valid), accuracy),
            Measure(f"AVG_CROSSING{tail}", (f"crossing{suffix}", valid), accuracy),
            Measure(f"NO_CROSSING{tail}", (f"no_crossing{suffix}", valid), accuracy),
            Measure(f"TWO_OR_LESS_CROSSING{tail}", (f"two_or_less{suffix}", valid), accuracy),
            Measure(
                f"TAGGING_ACCURACY{tail}", (f"correct_tags{suffix}", f"words{suffix}"), accuracy
            ),
        )
    }


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


# -- EVALB's view of one side of one sentence -----------------------------------


@dataclass
class _Quote:
    """A quote-like word EVALB remembers for its length-mismatch fix."""

    word: str
    tag: str
    index: int  # position among the kept words where it stands (or would)
    bracket: int  # number of brackets opened before it
    parent: int  # its POS node's parent in the flattened tree
    tree: PhraseStructure
    bracket_id: dict[int, int]  # node index -> EVALB's bracket number

    def ends(self) -> Iterator[int]:
        """The brackets open around the word (EVALB copies its stack here)."""
        # Walked only when the word is reinserted, so deep trees full of
        # quotes cost nothing unless EVALB's repair actually runs.
        parent = self.parent
        while parent >= 0:
            yield self.bracket_id[parent]
            parent = self.tree.nodes[parent].parent


@dataclass
class _Side:
    """One tree as EVALB reads it: kept words, their tags, and brackets."""

    words: list[str]
    tags: list[str]
    wn: int  # number of kept words (grows when a quote is reinserted)
    length: int  # words not in DELETE_LABEL_FOR_LENGTH (the cut-off length)
    labels: list[str | None]  # match keys of the brackets (Rules.bracket_label), pre-order
    starts: list[int]
    ends: list[int]
    quotes: list[_Quote] = field(default_factory=list)
    problem: TedEvalError | None = None  # a tree EVALB cannot read


def _empty_side() -> _Side:
    return _Side([], [], 0, 0, [], [], [])


class _Rules:
    """An :class:`EvalbParams` turned into lookup tables, built once per evaluation."""

    def __init__(self, params: EvalbParams) -> None:
        self.params = params
        self.delete = frozenset(params.delete_labels)
        self.delete_len = frozenset(params.delete_labels_for_length)
        self.quote_tags = frozenset(params.quote_labels)
        self.labeled = params.labeled
        self.eq_labels = frozenset(params.eq_labels) | {(b, a) for a, b in params.eq_labels}
        self.eq_words = frozenset(params.eq_words) | {(b, a) for a, b in params.eq_words}
        # A phrase label is deleted when it compares equal (EQ_LABEL included)
        # to a DELETE_LABEL entry, as EVALB's massage_data() does.
        self.bracket_delete = self.delete | {b for a, b in self.eq_labels if a in self.delete}
        self.canonical = _label_classes(params.eq_labels)
        # Only a non-transitive EQ_LABEL set needs EVALB's greedy loop replayed.
        self.greedy = self.labeled and self.canonical is None
        self._label_cache: dict[str, str | None] = {}

    def same_label(self, a: str, b: str) -> bool:
        return a == b or (a, b) in self.eq_labels

    def same_word(self, a: str, b: str) -> bool:
        return a == b or (a, b) in self.eq_words

    def bracket_label(self, raw: str) -> str | None:
        """The key under which a phrase labelled ``raw`` is matched; ``None`` if deleted.

        That is EVALB's label (function tags cut), or its ``EQ_LABEL`` class
        representative, or ``""`` for every bracket in unlabelled scoring.
        """
        try:
            return self._label_cache[raw]
        except KeyError:
            pass
        label = raw
        # README §7.2: functional tags follow "-" or "="; EVALB cuts at the
        # first one anywhere, position 0 included (so "-NONE-" -> "").
        for i, ch in enumerate(raw):
            if ch == "-" or ch == "=":
                label = raw[:i]
                break
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


def _label_classes(pairs: Iterable[tuple[str, str]]) -> dict[str, str] | None:
    """A representative label per ``EQ_LABEL`` class, or ``None`` if not transitive.

    When equivalence is transitive, EVALB's greedy matching equals a multiset
    intersection over representatives; otherwise it is replayed greedily.
    """
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    related = set()
    for a, b in pairs:
        related.add((a, b))
        related.add((b, a))
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    classes: dict[str, list[str]] = {}
    for label in list(parent):
        classes.setdefault(find(label), []).append(label)
    for members in classes.values():
        for a in members:
            for b in members:
                if a != b and (a, b) not in related:
                    return None
    return {label: find(label) for label in parent}


def _read_side(ps: PhraseStructure, rules: _Rules, which: str) -> _Side:
    """Replay EVALB's read_line() on a flattened tree."""
    all_words, tags = ps.words, ps.tags
    n = len(all_words)
    problem: TedEvalError | None = None
    if None in tags:
        # EVALB only reads a word right after its POS tag; anything else
        # makes it loop on "Reading sentence" until it gives up.
        i = tags.index(None)
        problem = InputFormatError(
            f"{which} tree: word {all_words[i]!r} (token {i + 1}) is not alone under a "
            "POS tag, so EVALB cannot read this tree",
            token=all_words[i],
        )
        tags = tuple("" if t is None else t for t in tags)
    delete = rules.delete
    if delete.isdisjoint(tags):
        words, kept_tags = list(all_words), list(tags)
        kept_before: Sequence[int] = range(n + 1)
    else:
        keep = [t not in delete for t in tags]
        words = [w for w, k in zip(all_words, keep, strict=True) if k]
        kept_tags = [t for t, k in zip(tags, keep, strict=True) if k]
        kept_before = list(accumulate(keep, initial=0))
    delete_len = rules.delete_len
    length = n if delete_len.isdisjoint(tags) else sum(1 for t in tags if t not in delete_len)
    labels: list[str | None] = []
    starts: list[int] = []
    ends: list[int] = []
    label_of = rules.bracket_label
    for node in ps.nodes:
        children = node.children
        if len(children) == 1 and children[0] < 0:
            continue  # a POS tag over its word
        labels.append(label_of(node.label))
        starts.append(kept_before[node.start])
        ends.append(kept_before[node.end])
    side = _Side(words, kept_tags, len(words), length, labels, starts, ends, problem=problem)
    if rules.quote_tags:
        side.quotes = _quotes(ps, rules, kept_before)
    return side


def _quotes(ps: PhraseStructure, rules: _Rules, kept_before: Sequence[int]) -> list[_Quote]:
    quotes: list[_Quote] = []
    bracket_id: dict[int, int] = {}
    opened = 0
    for i, node in enumerate(ps.nodes):
        if not node.is_preterminal:
            bracket_id[i] = opened
            opened += 1
            continue
        pos = -1 - node.children[0]
        word = ps.words[pos]
        if node.label in rules.quote_tags and word in _QUOTE_WORDS:
            quotes.append(
                _Quote(word, node.label, kept_before[pos], opened, node.parent, ps, bracket_id)
            )
    return quotes


def _reinsert(quote: _Quote, side: _Side) -> None:
    """EVALB's reinsert_term(): put a deleted quote word back, shifting brackets."""
    ind = quote.index
    if ind > len(side.words):
        # EVALB's arrays hold empty words beyond the sentence.
        pad = ind - len(side.words)
        side.words.extend([""] * pad)
        side.tags.extend([""] * pad)
    side.words.insert(ind, quote.word)
    side.tags.insert(ind, quote.tag)
    side.wn += 1
    for k in range(quote.bracket, len(side.starts)):
        side.starts[k] += 1
        side.ends[k] += 1
    for k in quote.ends():
        side.ends[k] += 1


def _fix_quotes(gold: _Side, test: _Side, rules: _Rules) -> None:
    """EVALB's fix_quote(): undo a deletion one side made and the other did not."""
    delete = rules.delete
    gq, tq = gold.quotes, test.quotes
    for i, t in enumerate(tq):
        ind = t.index
        for j, g in enumerate(gq):
            if g.index != ind or g.tag == t.tag:
                continue
            if g.tag in delete and t.tag not in delete:
                _reinsert(g, gold)
                for q in gq[j:]:
                    q.index += 1
            elif t.tag in delete and g.tag not in delete:
                _reinsert(t, test)
                for q in tq[i:]:
                    q.index += 1


def _crossing(gold: list[tuple[int, int]], test: list[tuple[int, int]]) -> int:
    """Number of test brackets that cross at least one gold bracket.

    ``(s, e)`` crosses ``(a, b)`` when ``a < s < b < e`` or ``s < a < e < b``.
    Gold brackets come from one tree, so they never cross each other, and a
    test bracket with the span of a gold bracket crosses nothing: only the
    other test brackets are checked. Few of them are checked against every
    gold bracket; many go through :func:`_crossing_sweep`, which is
    near-linear, so long sentences with poor parses stay fast.
    """
    if not gold or not test:
        return 0
    spans = set(gold)
    others = [span for span in test if span not in spans]
    if not others:
        return 0
    if len(others) * len(spans) > 2048:
        return _crossing_sweep(list(spans), others)
    count = 0
    for s, e in others:
        for a, b in spans:
            if (a < s < b < e) or (s < a < e < b):
                count += 1
                break
    return count


def _crossing_sweep(gold: list[tuple[int, int]], test: list[tuple[int, int]]) -> int:
    """:func:`_crossing` in near-linear time.

    For every word boundary ``x`` we find the smallest end and the largest
    start of the gold brackets strictly around it (``a < x < b``); then
    ``(s, e)`` crosses iff ``min_end[s] < e`` or ``max_start[e] > s``. Each
    boundary is filled once (a union-find skips filled ones).
    """
    size = max(max(b for _, b in gold), max(e for _, e in test)) + 1
    min_end = [size + 1] * (size + 1)
    max_start = [-1] * (size + 1)
    for table, order, take_end in (
        (min_end, sorted(gold, key=lambda s: s[1]), True),
        (max_start, sorted(gold, key=lambda s: -s[0]), False),
    ):
        nxt = list(range(size + 2))
        for a, b in order:
            x = _find(nxt, a + 1)
            while x < b:
                table[x] = b if take_end else a
                nxt[x] = x + 1
                x = _find(nxt, x + 1)
    return sum(1 for s, e in test if min_end[s] < e or max_start[e] > s)


def _find(nxt: list[int], x: int) -> int:
    root = x
    while nxt[root] != root:
        root = nxt[root]
    while nxt[x] != root:
        nxt[x], x = root, nxt[x]
    return root


def _greedy_matches(
    gold: list[tuple[str, int, int]], test: list[tuple[str, int, int]], rules: _Rules
) -> int:
    """EVALB's own matching loop, per span, for non-transitive ``EQ_LABEL`` sets."""
    by_span: dict[tuple[int, int], list[list]] = {}
    for label, s, e in test:
        by_span.setdefault((s, e), []).append([label, False])
    match = 0
    for label, s, e in gold:
        for cand in by_span.get((s, e), ()):
            if not cand[1] and rules.same_label(label, cand[0]):
                cand[1] = True
                match += 1
                break
    return match


# -- the evaluator ----------------------------------------------------------------


class ParsevalEvaluator(Evaluator):
    """Bracket precision, recall and F1 as EVALB computes them.

    ``parsed_sents`` and ``gold_sents`` are parallel sequences of
    ``nltk.Tree`` (or flattened :class:`~nltk_tedeval.trees.constituency.PhraseStructure`,
    or the records of :mod:`nltk_tedeval.reading`); ``None`` stands for an
    empty line, such as a parser failure. ``params`` defaults to COLLINS.prm's
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
    primary: ClassVar[tuple[str, ...]] = ("P", "R", "F1")
    columns: ClassVar[tuple[str, ...]] = COLUMNS
    metric: ClassVar[str] = "parseval"

    def __init__(
        self,
        parsed_sents: Iterable[Any],
        gold_sents: Iterable[Any],
        params: EvalbParams | None = None,
        *,
        on_error: str = "raise",
    ) -> None:
        super().__init__(parsed_sents, gold_sents, on_error=on_error)
        if params is None:
            params = EvalbParams()
        elif not isinstance(params, EvalbParams):
            raise OptionError(f"params must be an EvalbParams, not {type(params).__name__}")
        self.params = params
        self._start()

    def signature_fields(self) -> dict[str, object]:
        return {
            **super().signature_fields(),
            "prm": self.params.name,
            "labeled": self.params.labeled,
            "cutoff": self.params.cutoff_len,
        }

    # -- statistics -------------------------------------------------------------
    #
    # ParsEval keeps its own loop over the sentences: EVALB's error and skip
    # sentences are rows of the table (they are counted), not sentences left
    # out, and a line the reader could not read is, on request, one more
    # EVALB error. The per-sentence hooks (_start, _sentence_stats, _keep)
    # are the ones the base class's multi-system loop calls.

    def _compute_stats(self) -> StatsTable:
        self._start()
        rows = RowBuffer(len(COLUMNS))
        pairs = zip_parallel([("gold_sents", self.gold_sents), ("parsed_sents", self.parsed_sents)])
        number = 0
        for number, (gold, parsed) in enumerate(pairs, start=1):
            try:
                row, error = self._sentence_stats(parsed, gold)
            except TedEvalError as err:
                raise err.locate(sentence=number) from None
            if error is not None:
                error.locate(sentence=number)
            try:
                self._keep(error)
            except TooManyErrorsError as err:
                # What EVALB has printed when it stops: the sentences before this one.
                err.partial = StatsTable(COLUMNS, rows.to_array())
                raise
            rows.append(row)
        # Every sentence is a row; none is left out.
        self._numbers = list(range(1, number + 1))
        self._skipped = []
        return StatsTable(COLUMNS, rows.to_array())

    def _start(self) -> None:
        self._rules = _Rules(self.params)
        self._kept = 0
        self._error_rows: list[tuple[int, TedEvalError]] = []

    def _sentence_stats(self, parsed: Any, gold: Any) -> tuple[list[int], TedEvalError | None]:
        """EVALB's calc_result() for one sentence: its row, and its error if it has one."""
        rules = self._rules
        row, error = _score(
            self._side(gold, "gold", rules), self._side(parsed, "test", rules), rules
        )
        base_len = len(_BASE_COLUMNS)
        cut = 1 if row[base_len] <= self.params.cutoff_len else 0
        return row + [v * cut for v in row[:base_len]], error

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
            )
        errors.append((index, note))

    def _side(self, sent: Any, which: str, rules: _Rules) -> _Side:
        if hasattr(sent, "tree") and hasattr(sent, "error"):
            # A reader record: the tree, or the reader's error for its line.
            if sent.error is not None:
                err = sent.error
                if self.on_error == "raise":
                    raise err
                side = _empty_side()
                side.problem = err
                side.wn = -1  # unknown, but not 0, which would make it a skip
                return side
            sent = sent.tree
        if sent is None:
            return _empty_side()
        if isinstance(sent, PhraseStructure):
            ps = sent
        elif is_tree(sent):
            try:
                ps = flatten_tree(sent)
            except EmptyTreeError as err:
                if err.token is None:
                    # A tree without any word reads like an empty line.
                    return _empty_side()
                side = _empty_side()
                side.problem = InputFormatError(
                    f"{which} tree: {err.message}; such empty constituents are not "
                    "supported (EVALB would ignore them)",
                    token=err.token,
                )
                side.wn = -1  # not 0, which would make it a skip
                return side
            except TreeStructureError as err:
                raise InputFormatError(f"{which} tree: {err.message}", token=err.token) from None
        else:
            raise InputFormatError(
                f"{which} tree is a {type(sent).__name__}, not an nltk.Tree or None",
                token=reprlib.repr(sent),
            )
        return _read_side(ps, rules, which)

    @property
    def errors(self) -> list[TedEvalError]:
        """The error sentences, one error each (``sentence`` and ``token`` set), in order."""
        _ = self.stats
        numbers = getattr(self, "numbers", None) or []
        for index, err in self._error_rows:
            if err.sentence is None and index < len(numbers):
                err.locate(sentence=numbers[index])
        return [err for _, err in self._error_rows]

    # -- EVALB's output ---------------------------------------------------------

    def statuses(self) -> list[int]:
        """EVALB's status of every sentence: 0 valid, 1 error, 2 skip."""
        return _statuses(self.stats)

    def _sentence_rows(self) -> list[tuple[int, ...]]:
        return _sentence_rows(self.stats)

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
                    "status": _STATUS_NAMES[status],
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
                _BASE_COLUMNS,
                self.stats.totals([c + suffix for c in _BASE_COLUMNS]).tolist(),
                strict=True,
            )
        )
        valid = t["valid"]
        r = 100.0 * t["matched"] / t["gold"] if t["gold"] > 0 else 0.0
        p = 100.0 * t["matched"] / t["test"] if t["test"] > 0 else 0.0
        f = _evalb_f(p, r)
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
            out.append(_EVALB_HEAD)
            out.extend(line + "\n" for line in self.sentence_lines())
        a = self._block("")
        out.append(f"{_EVALB_RULE}\n")
        if a["gold_brackets"] > 0 and a["test_brackets"] > 0:
            out.append(
                f"                {a['bracketing_recall']:6.2f} {a['bracketing_precision']:6.2f}"
                f" {a['matched_brackets']:6d} {a['gold_brackets']:5d} {a['test_brackets']:5d}"
                f"  {a['crossing_brackets']:5d}"
            )
        out.append(f"  {a['words']:5d} {a['correct_tags']:5d}   {a['tagging_accuracy']:6.2f}")
        out.append("\n=== Summary ===\n")
        out.append("\n-- All --\n")
        out.append(_block_text(a))
        out.append(f"\n-- len<={self.params.cutoff_len} --\n")
        out.append(_block_text(self._block("_cut")))
        return "".join(out)


def _statuses(table: StatsTable) -> list[int]:
    view = table.view(("errors", "skipped"))
    return (view[:, 0] * STATUS_ERROR + view[:, 1] * STATUS_SKIP).tolist()


def _sentence_rows(table: StatsTable) -> list[tuple[int, ...]]:
    cols = ("length", "matched", "gold", "test", "crossing", "words", "correct_tags")
    return [
        (number, status, *vals)
        for number, (status, vals) in enumerate(
            zip(_statuses(table), table.view(cols).tolist(), strict=True), start=1
        )
    ]


def evalb_sentence_lines(table: StatsTable, *, header: bool = False) -> list[str]:
    """EVALB's per-sentence table of the rows of ``table`` (sentences numbered from 1).

    With ``header=True`` EVALB's three header lines come first.
    """
    lines = _EVALB_HEAD.rstrip("\n").split("\n") if header else []
    for number, status, length, match, gold, test, crossing, words, correct in _sentence_rows(
        table
    ):
        rec = 0.0 if gold == 0 else 100.0 * match / gold
        prec = 0.0 if test == 0 else 100.0 * match / test
        acc = 0.0 if words == 0 else 100.0 * correct / words
        lines.append(
            f"{number:4d}  {length:3d}    {status:d}  {rec:6.2f} {prec:6.2f}   {match:3d}"
            f"    {gold:3d}  {test:3d}    {crossing:3d}   {words:4d}  {correct:4d}   {acc:6.2f}"
        )
    return lines


def _evalb_f(p: float, r: float) -> float:
    # EVALB computes F from the two percentages; with nothing matched that is
    # 0/0, which C prints as "-nan".
    return math.nan if p + r == 0 else 2 * p * r / (p + r)


def _fmt(value: float | None) -> str:
    return "  -nan" if value is None else f"{value:6.2f}"


def _block_text(b: dict[str, object]) -> str:
    return (
        f"Number of sentence        = {b['sentences']:6d}\n"
        f"Number of Error sentence  = {b['error_sentences']:6d}\n"
        f"Number of Skip  sentence  = {b['skip_sentences']:6d}\n"
        f"Number of Valid sentence  = {b['valid_sentences']:6d}\n"
        + f"Bracketing Recall         = {_fmt(b['bracketing_recall'])}\n"
        + f"Bracketing Precision      = {_fmt(b['bracketing_precision'])}\n"
        + f"Bracketing FMeasure       = {_fmt(b['bracketing_fmeasure'])}\n"
        + f"Complete match            = {_fmt(b['complete_match'])}\n"
        + f"Average crossing          = {_fmt(b['average_crossing'])}\n"
        + f"No crossing               = {_fmt(b['no_crossing'])}\n"
        + f"2 or less crossing        = {_fmt(b['two_or_less_crossing'])}\n"
        + f"Tagging accuracy          = {_fmt(b['tagging_accuracy'])}\n"
    )


def _normalization_hint(gold: str, test: str) -> str:
    """Why two words that look alike differ, when the reason is Unicode normalization.

    ParsEval compares words byte for byte, as EVALB does (SPEC.md §1,
    Decision), so NFC against NFD is an error sentence here although the
    other metrics accept it; the message says so instead of leaving the user
    to stare at two identical-looking words.
    """
    if unicodedata.normalize("NFC", gold) == unicodedata.normalize("NFC", test):
        return (
            " (the same text in different Unicode normalization forms, NFC and NFD;"
            " EVALB compares bytes, so normalize both files to NFC first)"
        )
    return ""


def _score(gold: _Side, test: _Side, rules: _Rules) -> tuple[list[int], TedEvalError | None]:
    """One sentence, as EVALB's calc_result(): a row of statistics and its error."""
    length = gold.length
    zeros = [0] * 9
    if test.wn == 0:
        # An empty test line (or a parse without words) is skipped, whatever
        # the gold holds: EVALB tests this before anything else.
        return [1, 0, 0, 1, *zeros, length], None
    problem = gold.problem or test.problem
    if problem is not None:
        return [1, 0, 1, 0, *zeros, length], problem
    if gold.wn != test.wn:
        if gold.quotes and test.quotes:
            _fix_quotes(gold, test, rules)
        if gold.wn != test.wn:
            return [1, 0, 1, 0, *zeros, length], YieldMismatchError(
                f"length mismatch: {gold.wn} gold words, {test.wn} test words "
                "(after deleting DELETE_LABEL words)",
                token=f"{gold.wn}|{test.wn}",
            )
    wn = gold.wn
    gw, tw = gold.words, test.words
    if gw[:wn] != tw[:wn]:
        for i in range(wn):
            if not rules.same_word(gw[i], tw[i]):
                return [1, 0, 1, 0, *zeros, length], YieldMismatchError(
                    f"word {i + 1} differs: gold {gw[i]!r}, test {tw[i]!r}"
                    + _normalization_hint(gw[i], tw[i]),
                    token=tw[i],
                )

    g_keys = _brackets(gold)
    t_keys = _brackets(test)
    if g_keys == t_keys:
        match = len(g_keys)
    elif rules.greedy:
        match = _greedy_matches(g_keys, t_keys, rules)
    else:
        match = sum((Counter(g_keys) & Counter(t_keys)).values())
    crossing = _crossing([(s, e) for _, s, e in g_keys], [(s, e) for _, s, e in t_keys])
    gt, tt = gold.tags, test.tags
    correct = sum(1 for i in range(wn) if rules.same_label(gt[i], tt[i]))
    gb, tb = len(g_keys), len(t_keys)
    complete = 1 if gb == tb == match else 0
    return [
        1,
        1,
        0,
        0,
        match,
        gb,
        tb,
        complete,
        crossing,
        1 if crossing == 0 else 0,
        1 if crossing <= 2 else 0,
        wn,
        correct,
        length,
    ], None


def _brackets(side: _Side) -> list[tuple[str, int, int]]:
    """EVALB's massage_data(): the counted brackets of one side, in pre-order."""
    return [
        (label, s, e)
        for label, s, e in zip(side.labels, side.starts, side.ends, strict=True)
        if label is not None and s != e
    ]
