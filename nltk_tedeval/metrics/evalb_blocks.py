"""EVALB's statistics for a whole block of sentences at once, from integer columns.

:mod:`~nltk_tedeval.metrics.evalb_brackets` replays EVALB on one sentence at
a time. When the gold and the parse come from one-tree-per-line files read
in blocks (:class:`~nltk_tedeval.trees.blocks.BracketColumns`),
the same steps run over every sentence of a block together, as numpy
operations on the blocks' columns: deletion of ``DELETE_LABEL`` words,
spans over the kept words, ``EQ_LABEL`` classes, the multiset intersection
of labelled brackets, crossing brackets and tagging accuracy.

Only the common case is decided here: both lines regular, the same kept
words (byte for byte) and at least one of them. Everything else (EVALB's
skip and error sentences, the quote repair of ``fix_quote``, ``EQ_WORD``,
a non-transitive ``EQ_LABEL`` set) is left to the per-sentence replay,
whose rows and errors are the reference: ``fast[i]`` says which rows were
decided here, and the tests check them against that replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..trees.blocks import BlockTree, BracketColumns, ranges
from .evalb_brackets import EvalbRules
from .evalb_row import COLUMNS, NO_SENTENCE, STATUS_VALID, evalb_row

__all__: list[str] = []  # used by metrics/parseval.py

# A block's brackets are packed into one int64 (line, label, start, end) when
# that fits; beyond, the block is replayed sentence by sentence.
_LIMIT = 2**62


class BlockLabels:
    """EVALB's rules on the label strings of blocks, with ids shared by every block of a run.

    Each block numbers its own labels; these tables translate them into
    what the rules make of them: deleted as a word (``DELETE_LABEL``), left
    out of the length (``DELETE_LABEL_FOR_LENGTH``), the bracket's match key
    (:meth:`EvalbRules.bracket_label`, ``-1`` when deleted) and the tag as a
    run-wide id, so that the gold's and the parse's tags compare as integers.
    """

    def __init__(self, rules: EvalbRules) -> None:
        self.rules = rules
        self.keys: dict[str, int] = {}
        self.tags: dict[str, int] = {}
        # Per label book (a reader's), the tables of its labels so far: a
        # book only grows, so each label is looked at once, however many
        # labels a file has.
        self._books: dict[Any, tuple[_Column, ...]] = {}
        # EQ_LABEL compares tags pairwise (not by class: it need not be
        # transitive), so only the labels it names get a row of the table.
        named = sorted({label for pair in rules.eq_labels for label in pair})
        self._eq_row = {label: i for i, label in enumerate(named)}
        self._eq = np.array([[(a, b) in rules.eq_labels for b in named] for a in named], dtype=bool)
        self._tag_eq_row = _Column(np.int64)  # per run-wide tag id: its row, -1 for none

    def tables(self, block: BracketColumns) -> tuple[np.ndarray, ...]:
        columns = self._books.get(block.book)
        if columns is None:
            columns = self._books[block.book] = tuple(
                _Column(t) for t in (bool, bool, np.int64, np.int64)
            )
        labels = block.labels
        new = labels[len(columns[0]) :]
        if new:
            rules = self.rules
            deleted, short, key, tag = [], [], [], []
            for label in new:
                deleted.append(label in rules.delete)
                short.append(label in rules.delete_len)
                bracket = rules.bracket_label(label)
                key.append(-1 if bracket is None else self.keys.setdefault(bracket, len(self.keys)))
                if label not in self.tags:
                    self.tags[label] = len(self.tags)
                    self._tag_eq_row.extend([self._eq_row.get(label, -1)])
                tag.append(self.tags[label])
            for column, values in zip(columns, (deleted, short, key, tag), strict=True):
                column.extend(values)
        return tuple(column.view() for column in columns)

    def same_tags(self, gold: np.ndarray, test: np.ndarray) -> np.ndarray:
        """EVALB's tag comparison: equal, or an ``EQ_LABEL`` pair."""
        same = gold == test
        if len(self._eq):
            rows = self._tag_eq_row.view()
            g, t = rows[gold], rows[test]
            named = (g >= 0) & (t >= 0)
            same[named] |= self._eq[g[named], t[named]]
        return same


class _Column:
    """A column of numbers that grows at its end, doubling its room: no copy per block."""

    def __init__(self, dtype: Any) -> None:
        self._data = np.zeros(16, dtype=dtype)
        self._n = 0

    def __len__(self) -> int:
        return self._n

    def extend(self, values: list[Any]) -> None:
        end = self._n + len(values)
        if end > len(self._data):
            grown = np.zeros(max(end, 2 * len(self._data)), dtype=self._data.dtype)
            grown[: self._n] = self._data[: self._n]
            self._data = grown
        self._data[self._n : end] = values
        self._n = end

    def view(self) -> np.ndarray:
        return self._data[: self._n]


class _Side:
    """One block as EVALB reads each of its trees: kept words and counted brackets."""

    def __init__(self, block: BracketColumns, labels: BlockLabels) -> None:
        deleted, short, key, _ = tables = labels.tables(block)
        self.tag = tables[3][block.word_tag]
        n = len(block.texts)
        self.kept = ~deleted[block.word_tag]
        self.wn = np.bincount(block.word_line[self.kept], minlength=n)
        self.length = np.bincount(block.word_line[~short[block.word_tag]], minlength=n)
        # Spans over the kept words: the kept words before each word boundary.
        kept_before = np.zeros(len(self.kept) + 1, dtype=np.int64)
        np.cumsum(self.kept, out=kept_before[1:])
        first = block.line_words[block.phrase_line]
        base = kept_before[first]
        start = kept_before[first + block.phrase_start] - base
        end = kept_before[first + block.phrase_end] - base
        label = key[block.phrase_label]
        counted = (label >= 0) & (start != end)  # massage_data() drops the rest
        self.line = block.phrase_line[counted]
        self.label = label[counted]
        self.start = start[counted]
        self.end = end[counted]


def block_rows(
    gold: BracketColumns, test: BracketColumns, labels: BlockLabels, cutoff: int
) -> tuple[np.ndarray, np.ndarray]:
    """The rows of :data:`COLUMNS` for every sentence of two parallel blocks, and which are final.

    ``rows[i]`` is final where ``fast[i]``; the other rows are zero (rows of
    :data:`~nltk_tedeval.metrics.evalb_row.NO_SENTENCE`) and must be
    replayed one sentence at a time.
    """
    n = len(gold.texts)
    rows = np.zeros((n, len(COLUMNS)), dtype=np.int64)
    fast = np.zeros(n, dtype=bool)
    if len(test.texts) != n or labels.rules.greedy:
        return rows, fast
    g, t = _Side(gold, labels), _Side(test, labels)
    fast = gold.regular & test.regular & (g.wn == t.wn) & (t.wn > 0)
    fast &= ~_words_differ(gold, g, test, t, fast, n)
    size = int(max(g.wn.max(initial=0), t.wn.max(initial=0))) + 1
    n_keys = len(labels.keys) + 1
    if n * n_keys * size * size >= _LIMIT:
        return rows, np.zeros(n, dtype=bool)

    g_words = _kept_in(gold, g, fast)
    t_words = _kept_in(test, t, fast)
    same_tag = labels.same_tags(g.tag[g_words], t.tag[t_words])
    correct = np.bincount(gold.word_line[g_words][same_tag], minlength=n)

    g_sel, t_sel = fast[g.line], fast[t.line]
    g_span = (g.line[g_sel] * size + g.start[g_sel]) * size + g.end[g_sel]
    t_span = (t.line[t_sel] * size + t.start[t_sel]) * size + t.end[t_sel]
    g_keys = g_span + g.label[g_sel] * (n * size * size)
    t_keys = t_span + t.label[t_sel] * (n * size * size)
    matched = _multiset_overlap(g_keys, t_keys, size * size, n)
    gb = np.bincount(g.line[g_sel], minlength=n)
    tb = np.bincount(t.line[t_sel], minlength=n)
    crossing = _crossing(g_span, t_span, size, n)

    status = np.where(fast, STATUS_VALID, NO_SENTENCE)
    columns = evalb_row(status, matched, gb, tb, crossing, g.wn, correct, g.length, cutoff=cutoff)
    rows = np.stack(columns, axis=1)
    return rows, fast


def lines_rows(
    lines: Sequence[tuple[BlockTree, BlockTree] | None], labels: BlockLabels, cutoff: int
) -> list[list[int] | None]:
    """The rows of sentences given as the same line of two blocks, ``(parse, gold)``.

    Each pair of blocks is scored once (:func:`block_rows`), for all its
    lines among ``lines``; ``None`` for a sentence that is not two lines of
    blocks, and for one the blocks leave to the per-sentence replay.
    """
    out: list[list[int] | None] = [None] * len(lines)
    # Per pair of blocks (gold, parse), keyed by identity: which sentences are their lines.
    pairs: dict[tuple[int, int], tuple[BracketColumns, BracketColumns, list[tuple[int, int]]]]
    pairs = {}
    entry: tuple[BracketColumns, BracketColumns, list[tuple[int, int]]] | None = None
    for k, line in enumerate(lines):
        if line is None:
            continue
        parse, gold = line
        # Consecutive lines are nearly always of the same pair: no lookup for them.
        if entry is None or entry[0] is not gold.block or entry[1] is not parse.block:
            key = (id(gold.block), id(parse.block))
            entry = pairs.setdefault(key, (gold.block, parse.block, []))
        entry[2].append((k, gold.index))
    for gold_block, parse_block, members in pairs.values():
        rows, fast = block_rows(gold_block, parse_block, labels, cutoff)
        decided, table = fast.tolist(), rows.tolist()
        for k, index in members:
            if decided[index]:
                out[k] = table[index]
    return out


def _kept_in(block: BracketColumns, side: _Side, lines: np.ndarray) -> np.ndarray:
    """Indices of the kept words of the chosen lines, in order."""
    return np.flatnonzero(side.kept & lines[block.word_line])


def _words_differ(
    gold: BracketColumns, g: _Side, test: BracketColumns, t: _Side, lines: np.ndarray, n: int
) -> np.ndarray:
    """Lines (among ``lines``) whose kept words differ in any byte.

    Words compare by length and first 8 bytes (the blocks' ``word_key``);
    only longer words have the rest of their bytes compared.
    """
    gw, tw = _kept_in(gold, g, lines), _kept_in(test, t, lines)
    g_len = gold.word_end[gw] - gold.word_start[gw]
    differ = (g_len != test.word_end[tw] - test.word_start[tw]) | (
        gold.word_key[gw] != test.word_key[tw]
    )
    longer = np.flatnonzero(~differ & (g_len > 8))
    if len(longer):
        rest = g_len[longer] - 8
        g_bytes = gold.buf[ranges(gold.word_start[gw[longer]] + 8, rest)]
        t_bytes = test.buf[ranges(test.word_start[tw[longer]] + 8, rest)]
        differ[longer[np.repeat(np.arange(len(longer)), rest)[g_bytes != t_bytes]]] = True
    return np.bincount(gold.word_line[gw][differ], minlength=n) > 0


def _multiset_overlap(g_keys: np.ndarray, t_keys: np.ndarray, per_line: int, n: int) -> np.ndarray:
    """Per line, the size of the multiset intersection of the gold and test brackets.

    The ``k``-th copy of a gold bracket (counting from 0) is matched when
    the test has more than ``k`` copies of it: the intersection's size,
    counted with sorted arrays only.
    """
    gold, test = np.sort(g_keys), np.sort(t_keys)
    copy = np.arange(len(gold)) - np.searchsorted(gold, gold, "left")
    in_test = np.searchsorted(test, gold, "right") - np.searchsorted(test, gold, "left")
    matched = gold[copy < in_test]
    return np.bincount((matched % (n * per_line)) // per_line, minlength=n)


def _distinct(values: np.ndarray) -> np.ndarray:
    """The sorted distinct values (``np.unique`` without its hashing, slower here)."""
    values = np.sort(values)
    keep = np.ones(len(values), dtype=bool)
    keep[1:] = values[1:] != values[:-1]
    return values[keep]


_PAIRS = 1 << 22  # gold-test bracket pairs compared at once, to bound memory


def _crossing(g_span: np.ndarray, t_span: np.ndarray, size: int, n: int) -> np.ndarray:
    """Per line, the test brackets that cross a gold bracket (EVALB's crossing brackets).

    As :func:`~nltk_tedeval.metrics.evalb_brackets._crossing`: a test span
    that is also a gold span crosses nothing; any other is compared with
    every distinct gold span of its line.
    """
    gold = _distinct(g_span)
    out = np.zeros(n, dtype=np.int64)
    if not len(gold) or not len(t_span):
        return out
    at = np.minimum(np.searchsorted(gold, t_span), len(gold) - 1)
    others = t_span[gold[at] != t_span]
    if not len(others):
        return out
    g_line = gold // (size * size)
    o_line = others // (size * size)
    lo = np.searchsorted(g_line, o_line, "left")
    hi = np.searchsorted(g_line, o_line, "right")
    pairs = hi - lo
    a, b = (gold // size) % size, gold % size
    s, e = (others // size) % size, others % size
    crossed = np.zeros(len(others), dtype=bool)
    done = 0
    while done < len(others):
        # As many test brackets as make about _PAIRS comparisons (at least one).
        stop = int(np.searchsorted(np.cumsum(pairs[done:]), _PAIRS, "right")) + done
        stop = max(stop, done + 1)
        count = pairs[done:stop]
        which = np.repeat(np.arange(done, stop), count)
        offset = np.arange(int(count.sum())) - np.repeat(np.cumsum(count) - count, count)
        gi = lo[which] + offset
        ga, gb = a[gi], b[gi]
        ts, te = s[which], e[which]
        hit = ((ga < ts) & (ts < gb) & (gb < te)) | ((ts < ga) & (ga < te) & (te < gb))
        crossed[which[hit]] = True
        done = stop
    return np.bincount(o_line[crossed], minlength=n)
