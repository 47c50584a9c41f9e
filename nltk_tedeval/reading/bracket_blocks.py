"""One-tree-per-line brackets, a block of lines at a time: the command line's fast path.

EVALB's layout (one tree per line) lets a reader look at many trees at once.
:class:`BracketBlock` tokenizes a block of lines with numpy over their
UTF-8 bytes, split as EVALB splits them (brackets, runs of anything but a
bracket and the C locale's white space), and keeps, for every *regular*
line, its words, their POS tags and its phrases as flat integer columns:
what ParsEval needs (:mod:`~nltk_tedeval.metrics.evalb_blocks`) without one
Python object per token.

A line is regular when it holds exactly one tree in which every word stands
alone under a POS tag, ``(TAG word)``, and every other constituent contains
a constituent: the trees EVALB reads without complaint, which are nearly all
of them. Every other line (empty, unbalanced, two trees, a word beside
phrases, a constituent without words, a byte that is not UTF-8) is read by
:func:`~nltk_tedeval.reading.brackets.evalb_line`, the line-by-line reader,
so its tree or its error is exactly that reader's.

A regular line's record holds a :class:`~nltk_tedeval.trees.blocks.BlockTree`,
a :class:`~nltk_tedeval.trees.constituency.PhraseStructure` whose table is
built from the block's columns on first use, so every metric accepts it;
its words come from the block without building the table. The columns are
those of :class:`~nltk_tedeval.trees.blocks.BracketColumns`, which the
metrics read without importing this module.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import cached_property, partial
from itertools import islice
from typing import Any

import numpy as np

from ..records import SourceSentence
from ..trees.blocks import BlockTree, ranges
from ..trees.constituency import EMPTY_ELEMENT, Node, PhraseStructure
from ..trees.tokens import split_joined_words
from .brackets import BracketTrees, evalb_line
from .lines import Lines

__all__: list[str] = []  # read through sentences.py

BLOCK_LINES = 256
"""Lines analysed together: as fast as 1,024 (numpy's per-call cost is paid per block), and
small enough that a run's memory is the same at 1,000 sentences as at 100,000."""

# Byte classes: 0 "(", 1 ")", 2 part of a word, 3 white space, 4 the line break.
# EVALB splits at the C locale's white space only (isspace in the "C" locale),
# so a byte of a multi-byte UTF-8 character is always part of a word.
_OPEN, _CLOSE, _WORD, SPACE_CLASS, _BREAK = 0, 1, 2, 3, 4
BYTE_CLASS = np.full(256, _WORD, dtype=np.int8)
BYTE_CLASS[ord("(")] = _OPEN
BYTE_CLASS[ord(")")] = _CLOSE
for _byte in b" \t\r\f\v":
    BYTE_CLASS[_byte] = SPACE_CLASS
BYTE_CLASS[ord("\n")] = _BREAK
_NONE = 9  # no token (before the first or after the last of a line)


class LabelBook:
    """The labels met so far by one reader, numbered once for all its blocks.

    A label of up to 8 bytes is known by its bytes read as one
    little-endian integer, zero-padded (exact as long as no label holds a
    NUL byte). The few labels of a treebank are kept in a collision-free
    multiplicative hash table, so that the labels of a block are looked up
    with a multiplication and two gathers; a label not found is added and
    the table rebuilt (up to :data:`_TABLE_LABELS` labels; later ones are
    looked up in a dict). Longer labels (rare: function tags such as
    NP-SBJ-1) and the labels of a block holding a NUL byte go through
    Python strings. Either way, a label has one id.
    """

    def __init__(self) -> None:
        self.labels: list[str] = []  # id -> label
        self._ids: dict[str, int] = {}  # label -> id: one id a label, whichever way it came
        self._known: dict[int, int] = {}  # packed label -> id
        self._table(1)

    def id_of(self, label: str) -> int | None:
        """The id of ``label``, or ``None`` if no block has held it yet."""
        return self._ids.get(label)

    def _id(self, label: str) -> int:
        found = self._ids.get(label)
        if found is None:
            found = self._ids[label] = len(self.labels)
            self.labels.append(label)
        return found

    def _table(self, seed: int) -> None:
        # A table of about n² slots has no collision for most multipliers
        # (the birthday bound), so a few tries find one; beyond a few
        # thousand labels, sorted keys and a binary search take over.
        keys = np.fromiter(self._known, dtype=np.uint64, count=len(self._known))
        ids = np.fromiter(self._known.values(), dtype=np.int32, count=len(self._known))
        bits = 2 * len(keys).bit_length() + 1
        # random, not numpy.random: that one import would add 10 MB to every run.
        rng = random.Random(seed)
        while bits <= 22:
            for _ in range(8):
                mult = np.uint64(rng.getrandbits(64) | 1)
                slots = (keys * mult) >> np.uint64(64 - bits)
                # (Not np.unique: its first call imports numpy.ma, 8 MB.)
                if len(set(slots.tolist())) == len(slots):
                    self._mult, self._shift = mult, np.uint64(64 - bits)
                    self._slot_key = np.zeros(1 << bits, dtype=np.uint64)
                    self._slot_id = np.full(1 << bits, -1, dtype=np.int32)
                    self._slot_key[slots] = keys
                    self._slot_id[slots] = ids
                    return
            bits += 1
        order = np.argsort(keys)
        self._mult = None
        self._slot_key, self._slot_id = keys[order], ids[order]

    def _lookup(self, keys: np.ndarray) -> np.ndarray:
        if self._mult is None:
            slots = np.minimum(np.searchsorted(self._slot_key, keys), len(self._slot_key) - 1)
        else:
            slots = (keys * self._mult) >> self._shift
        ids = self._slot_id[slots]
        ids[self._slot_key[slots] != keys] = -1
        return ids

    def ids(self, raw: bytes, starts: np.ndarray, lengths: np.ndarray, nul: bool) -> np.ndarray:
        """The ids of the labels ``raw[s:s + n]`` for ``s, n`` in ``starts, lengths``."""
        ids = np.empty(len(starts), dtype=np.int32)
        short = np.zeros(len(starts), dtype=bool) if nul else lengths <= 8
        keys = _packed(raw, starts[short], lengths[short])
        found = self._lookup(keys)
        missing = found < 0
        if missing.any():
            known = self._known
            new = sorted({k for k in keys[missing].tolist() if k not in known})
            for key in new:
                label = key.to_bytes(8, "little").rstrip(b"\0")
                self._known[key] = self._id(label.decode("utf-8", "surrogatepass"))
            if new and len(self._known) <= _TABLE_LABELS:
                self._table(len(self._known))
                found = self._lookup(keys)
                missing = found < 0
            if missing.any():  # labels beyond the table's: a dict, per label
                found[missing] = [self._known[k] for k in keys[missing].tolist()]
        ids[short] = found
        long_ones = np.flatnonzero(~short)
        if len(long_ones):
            spans = zip(starts[long_ones].tolist(), lengths[long_ones].tolist(), strict=True)
            labels = [raw[s : s + n].decode("utf-8", "surrogatepass") for s, n in spans]
            ids[long_ones] = [self._id(label) for label in labels]
        return ids


_TABLE_LABELS = 4096
"""Short labels kept in the hash table. A treebank has a few hundred; a file with more (a
label per tree, say) would rebuild the table at every block, so the rest go through a dict."""


_new_node = partial(tuple.__new__, Node)

_MASKS = np.array([(1 << (8 * k)) - 1 for k in range(9)], dtype=np.uint64)


def _packed(raw: bytes, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """The first (up to) 8 bytes at each start, as little-endian integers, zero-padded."""
    padded = np.frombuffer(raw + bytes(8), dtype=np.uint8)
    # Every byte offset read as the start of a little-endian uint64.
    at = np.ndarray((len(raw) + 1,), dtype="<u8", buffer=padded, strides=(1,))
    return at[starts] & _MASKS[np.minimum(lengths, 8)]


class BracketBlock:
    """The trees of a block of lines as integer columns (only the regular lines'):
    a :class:`~nltk_tedeval.trees.blocks.BracketColumns`.

    ``regular[i]`` says whether line ``i`` of the block is regular. Words
    (in order, of regular lines only) have ``word_line``, their bytes
    ``raw[word_start:word_end]`` (the first 8 as the integer ``word_key``)
    and ``word_tag``, an index in ``labels``; the words of line ``i`` are
    ``line_words[i]:line_words[i + 1]``. Phrases (constituents that are not
    POS tags, in pre-order) have ``phrase_line``, ``phrase_label`` and their
    span ``phrase_start``, ``phrase_end`` over the words of their line.
    ``book`` numbers the labels of every block of one reader alike.
    """

    def __init__(self, texts: Sequence[str], book: LabelBook | None = None) -> None:
        self.texts = list(texts)
        n = len(self.texts)
        joined = joined_lines(self.texts)
        # surrogatepass: a line given as a Python string may hold a lone
        # surrogate; its bytes then only need to compare equal to themselves.
        self.raw = joined.encode("utf-8", "surrogatepass")
        self.buf = np.frombuffer(self.raw, dtype=np.uint8)
        kind = BYTE_CLASS.take(self.buf)
        is_word = kind == _WORD
        word_first = is_word.copy()
        word_first[1:] &= ~is_word[:-1]
        word_last = is_word.copy()
        word_last[:-1] &= ~is_word[1:]
        paren = kind <= _CLOSE
        tok_pos = np.flatnonzero(paren | word_first)
        tok_end = np.flatnonzero(paren | word_last) + 1  # tokens never overlap
        types = kind[tok_pos]
        # Each line ends in its own "\n": the tokens before each are its line's.
        line_tok = np.zeros(n + 1, dtype=np.int64)
        line_tok[1:] = np.searchsorted(tok_pos, np.flatnonzero(kind == _BREAK))
        tok_line = np.repeat(np.arange(n, dtype=np.int32), np.diff(line_tok))
        self.regular = self._regular_lines(types, tok_line, line_tok, n)
        self.book = book if book is not None else LabelBook()
        self._columns(types, tok_pos, tok_end, tok_line, n)

    # -- which lines are regular ------------------------------------------------

    def _regular_lines(
        self, types: np.ndarray, tok_line: np.ndarray, line_tok: np.ndarray, n: int
    ) -> np.ndarray:
        m = len(types)
        first = np.ones(m, dtype=bool)
        first[1:] = tok_line[1:] != tok_line[:-1]
        last = np.ones(m, dtype=bool)
        last[:-1] = first[1:]
        prev = np.full(m, _NONE, dtype=np.int8)
        prev[1:] = types[:-1]
        prev[first] = _NONE
        nxt = np.full(m, _NONE, dtype=np.int8)
        nxt[:-1] = types[1:]
        nxt[last] = _NONE
        after_next = np.full(m, _NONE, dtype=np.int8)  # the type two tokens on, same line
        after_next[:-1] = nxt[1:]
        after_next[last] = _NONE
        is_label = (types == _WORD) & (prev == _OPEN)
        is_term = (types == _WORD) & (prev != _OPEN)
        label_before = np.zeros(m, dtype=bool)
        label_before[1:] = is_label[:-1]
        label_before &= ~first
        # A word must be "(TAG word)": after its tag, before a ")".
        bad = is_term & ~(label_before & (nxt == _CLOSE))
        # A constituent must contain something: no "()" or "(X)".
        is_open = types == _OPEN
        bad |= is_open & (
            (nxt == _CLOSE)
            | (nxt == _NONE)
            | ((nxt == _WORD) & ((after_next == _CLOSE) | (after_next == _NONE)))
        )
        delta = is_open.astype(np.int32) - (types == _CLOSE)
        depth = np.cumsum(delta, dtype=np.int32)
        counts = np.diff(line_tok)
        has = counts > 0
        starts = line_tok[:-1][has]
        base = np.zeros(n, dtype=np.int32)
        base[has] = depth[starts] - delta[starts]
        depth -= np.repeat(base, counts)
        self._depth = depth
        self._is_term = is_term
        # One tree: the depth stays above 0 until the last token, which closes it.
        closed = np.bincount(tok_line[depth <= 0], minlength=n)
        regular = has & (np.bincount(tok_line[bad], minlength=n) == 0) & (closed == 1)
        ends = line_tok[1:][has] - 1
        regular[has] &= (types[starts] == _OPEN) & (depth[ends] == 0)
        return regular

    # -- the columns of the regular lines ---------------------------------------

    def _columns(
        self,
        types: np.ndarray,
        tok_pos: np.ndarray,
        tok_end: np.ndarray,
        tok_line: np.ndarray,
        n: int,
    ) -> None:
        keep = self.regular[tok_line]
        is_open = types == _OPEN
        label_of_open = self._label_ids(types, tok_pos, tok_end)
        open_rank = np.cumsum(is_open, dtype=np.int32) - 1

        term = self._is_term & keep
        terms = np.flatnonzero(term)
        self.word_line = tok_line[terms]
        self.word_start = tok_pos[terms]
        self.word_end = tok_end[terms]
        self.word_key = _packed(self.raw, self.word_start, self.word_end - self.word_start)
        self.word_tag = label_of_open[open_rank[terms - 2]]
        self.line_words = np.searchsorted(self.word_line, np.arange(n + 1))

        # Each ")" closes the latest "(" one level deeper. Sorted stably by
        # the level a bracket opens or closes, the brackets of the regular
        # lines alternate in pairs, "(" then its ")": within a line each
        # level opens and closes in turn, and each line ends where it began.
        # (Stable sorting of 16-bit keys is a radix sort: no comparisons.)
        parens = np.flatnonzero((types <= _CLOSE) & keep)
        level = self._depth[parens] + (types[parens] == _CLOSE)
        if len(level) and level.max() < 2**15:
            level = level.astype(np.int16)
        paired = parens[np.argsort(level, kind="stable")]
        closing = np.empty(len(types), dtype=np.int32)
        closing[paired[0::2]] = paired[1::2]

        is_phrase = is_open & keep
        is_phrase[terms - 2] = False  # the POS tags
        phrases = np.flatnonzero(is_phrase)
        self.phrase_line = tok_line[phrases]
        first_word = self.line_words[self.phrase_line]
        # The words before each token: the terminals at earlier tokens.
        words_before = np.cumsum(term, dtype=np.int32) - term
        self.phrase_start = words_before[phrases] - first_word
        self.phrase_end = words_before[closing[phrases]] - first_word
        self.phrase_label = label_of_open[open_rank[phrases]]
        self.labels = self.book.labels
        # What a tree's table needs beyond the phrases, worked out on demand
        # (ParsEval never asks): every node, the POS tags too, in pre-order.
        nodes = is_open & keep
        self._parts = (
            nodes,
            closing,
            self._depth,
            tok_line,
            terms,
            words_before,
            label_of_open,
            open_rank,
        )
        del self._depth, self._is_term

    def _label_ids(self, types: np.ndarray, tok_pos: np.ndarray, tok_end: np.ndarray) -> np.ndarray:
        """The label of every "(" as an id of :attr:`book` (``""`` when a bracket follows)."""
        opens = np.flatnonzero(types == _OPEN)
        label_tok = opens + 1
        has_label = label_tok < len(types)
        has_label[has_label] = types[label_tok[has_label]] == _WORD
        label_tok = label_tok[has_label]
        starts = np.zeros(len(opens), dtype=np.int64)
        lengths = np.zeros(len(opens), dtype=np.int64)
        starts[has_label] = tok_pos[label_tok]
        lengths[has_label] = tok_end[label_tok] - starts[has_label]
        return self.book.ids(self.raw, starts, lengths, nul=bool((self.buf == 0).any()))

    # -- per line ---------------------------------------------------------------

    @cached_property
    def _nodes(self) -> tuple[list[Any], ...]:
        """Every node of the regular lines in pre-order, as lists: label, start, end, parent,
        whether it is a POS tag, and the first node of each line.

        A node's parent is the last node one level up before it: any later
        node of that level would have closed the parent first.
        """
        opens, closing, depth, tok_line, terms, words_before, label_of_open, open_rank = self._parts
        del self._parts
        nodes = np.flatnonzero(opens)
        line = tok_line[nodes]
        first_word = self.line_words[line]
        start = words_before[nodes] - first_word
        end = words_before[closing[nodes]] - first_word
        level = depth[nodes].astype(np.int64)
        size = len(depth) + 1
        by_level = np.sort(level * size + nodes)
        above = (level - 1) * size
        parent_tok = by_level[np.searchsorted(by_level, above + nodes) - 1] - above
        line_nodes = np.searchsorted(line, np.arange(len(self.texts) + 1))
        parent = np.searchsorted(nodes, parent_tok) - line_nodes[line]
        parent[level == 1] = -1
        is_tag = np.zeros(len(nodes), dtype=bool)
        is_tag[np.searchsorted(nodes, terms - 2)] = True
        names = self.labels
        return (
            [names[i] for i in label_of_open[open_rank[nodes]].tolist()],
            start.tolist(),
            end.tolist(),
            parent.tolist(),
            is_tag.tolist(),
            line_nodes.tolist(),
        )

    @cached_property
    def empty_element_lines(self) -> frozenset[int]:
        """The regular lines with a word tagged ``-NONE-`` (an empty element)."""
        tag = self.book.id_of(EMPTY_ELEMENT)
        if tag is None:
            return frozenset()
        return frozenset(self.word_line[self.word_tag == tag].tolist())

    def labeled_spans(self, index: int) -> Iterator[tuple[str, int, int]]:
        """``(label, start, end)`` of every node of regular line ``index``, in pre-order."""
        labels, starts, ends, _, _, line_nodes = self._nodes
        first, last = line_nodes[index], line_nodes[index + 1]
        return zip(labels[first:last], starts[first:last], ends[first:last], strict=True)

    def table(self, index: int) -> PhraseStructure:
        """The table of regular line ``index``, the one the line reader makes of it."""
        labels, starts, ends, parents, is_tag, line_nodes = self._nodes
        first, last = line_nodes[index], line_nodes[index + 1]
        tag = is_tag[first:last]
        begin = starts[first:last]
        children: list[Any] = [[] for _ in tag]
        for j, p in enumerate(parents[first + 1 : last], start=1):
            children[p].append(j)
        kids = [(-1 - s,) if t else tuple(c) for s, t, c in zip(begin, tag, children, strict=True)]
        # tuple.__new__ over zipped columns: a third of the cost of Node(...) each.
        names = labels[first:last]
        rows = zip(names, begin, ends[first:last], parents[first:last], kids, strict=True)
        nodes = tuple(map(_new_node, rows))
        tags = tuple(name for name, t in zip(names, tag, strict=True) if t)
        return PhraseStructure(self.words(index), nodes, tags)

    @cached_property
    def _words(self) -> list[str]:
        """The words of the regular lines as strings, made on the first request.

        One decode of the words' bytes, each followed by 0xFF (:attr:`_joined_words`),
        split at a line break put in its place: no word holds either (a word is part
        of a line, and no UTF-8 text has the byte 0xFF). Slicing the decoded line at
        each word's offsets cost four times as much (alignment reads every word).
        """
        data, _ = self._joined_words
        return split_joined_words(data)[:-1]  # (the last word is followed by 0xFF too)

    @cached_property
    def line_bounds(self) -> list[int]:
        """:attr:`line_words` as Python integers: indexing numpy costs more than a list."""
        return self.line_words.tolist()

    def words(self, index: int) -> tuple[str, ...]:
        """The words of regular line ``index``."""
        bounds = self.line_bounds
        return tuple(self._words[bounds[index] : bounds[index + 1]])

    def tags(self, index: int) -> tuple[str, ...]:
        """The POS tags of the words of regular line ``index`` (each word has one)."""
        labels = self.labels
        first, last = self.line_words[index], self.line_words[index + 1]
        return tuple(labels[t] for t in self.word_tag[first:last].tolist())

    @cached_property
    def _joined_words(self) -> tuple[bytes, list[int]]:
        """Every regular line's :func:`~nltk_tedeval.trees.tokens.joined_words`: one buffer,
        and the lines' offsets in it."""
        lengths = self.word_end - self.word_start
        ends = np.cumsum(lengths + 1)  # each word, then 0xFF
        # One gather: every word's bytes and the byte after it, which is read from a
        # 0xFF put after the block's bytes (a third of the time of filling 0xFF and
        # scattering the words into it).
        where = ranges(self.word_start, lengths + 1)
        where[ends - 1] = len(self.buf)
        out = np.append(self.buf, np.uint8(0xFF))[where]
        offsets = np.zeros(len(ends) + 1, dtype=np.int64)
        offsets[1:] = ends
        return out.tobytes(), offsets[self.line_words].tolist()

    def joined_words(self, index: int) -> bytes:
        """:func:`~nltk_tedeval.trees.tokens.joined_words` of line ``index``, from the block's."""
        data, offsets = self._joined_words
        start, end = offsets[index], offsets[index + 1]
        return data[start : end - 1] if end > start else b""


def joined_lines(texts: Sequence[str]) -> str:
    """``texts`` as one text, each ending in a line break: what a block's numpy reads.

    A line handed over with a line break inside (``read_lines``) keeps it as
    a space, white space for EVALB and for ``str.split`` alike, so that the
    text still has one line per entry.

    >>> joined_lines(["(A a)", "(B\\n b)"])
    '(A a)\\n(B  b)\\n'
    """
    joined = "\n".join(texts) + "\n"
    if joined.count("\n") != len(texts):
        joined = "\n".join(t.replace("\n", " ") for t in texts) + "\n"
    return joined


def read_ptb_blocks(lines: Lines, collect: bool, nltk_free: bool) -> Iterator[SourceSentence]:
    """EVALB's reading (every line one sentence) of ``lines``, a block at a time."""
    name = lines.name
    reader = BracketTrees(escapes=False, nltk_trees=False, nltk_free=nltk_free)
    book = LabelBook()
    it = iter(lines)
    lineno = 0
    while texts := list(islice(it, BLOCK_LINES)):
        block = BracketBlock(texts, book)
        regular = block.regular.tolist()
        for i, text in enumerate(texts):
            lineno += 1
            if regular[i] and not lines.bad:
                yield SourceSentence.read(name, lineno, lineno, None, BlockTree(block, i, lineno))
            else:
                yield evalb_line(reader, lines, lineno, text, collect)
