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
:func:`~nltk_tedeval.reading.brackets._evalb_line`, the line-by-line reader,
so its tree or its error is exactly that reader's.

A regular line's record holds a :class:`BlockTree`, a
:class:`~nltk_tedeval.trees.constituency.PhraseStructure` whose table is
built from the line's text on first use, so every metric accepts it; its
words come from the block without building the table.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cached_property
from itertools import islice
from typing import Any

import numpy as np

from ..records import SourceSentence
from ..trees.constituency import Node, PhraseStructure
from .brackets import _Brackets, _evalb_line, _evalb_tokens
from .lines import _Lines

__all__: list[str] = []  # read through sentences.py

BLOCK_LINES = 2048
"""Lines analysed together: enough to amortise numpy's per-call cost, small enough to stream."""

# Byte classes: 0 "(", 1 ")", 2 part of a word, 3 white space, 4 the line break.
# EVALB splits at the C locale's white space only (isspace in the "C" locale),
# so a byte of a multi-byte UTF-8 character is always part of a word.
_OPEN, _CLOSE, _WORD, _SPACE, _BREAK = 0, 1, 2, 3, 4
_CLASS = np.full(256, _WORD, dtype=np.int8)
_CLASS[ord("(")] = _OPEN
_CLASS[ord(")")] = _CLOSE
for _byte in b" \t\r\f\v":
    _CLASS[_byte] = _SPACE
_CLASS[ord("\n")] = _BREAK
_NONE = 9  # no token (before the first or after the last of a line)


class BracketBlock:
    """The trees of a block of lines as integer columns (only the regular lines').

    ``regular[i]`` says whether line ``i`` of the block is regular. Words
    (in order, of regular lines only) have ``word_line``, their bytes
    ``raw[word_start:word_end]`` and ``word_tag``, an index in ``labels``;
    the words of line ``i`` are ``line_words[i]:line_words[i + 1]``.
    Phrases (constituents that are not POS tags, in pre-order) have
    ``phrase_line``, ``phrase_label`` and their span ``phrase_start``,
    ``phrase_end`` over the words of their line.
    """

    def __init__(self, texts: Sequence[str]) -> None:
        self.texts = list(texts)
        n = len(self.texts)
        joined = "\n".join(self.texts) + "\n"
        self._ascii = joined.isascii()  # byte offsets are character offsets
        # surrogatepass: a line given as a Python string may hold a lone
        # surrogate; its bytes then only need to compare equal to themselves.
        self.raw = joined.encode("utf-8", "surrogatepass")
        self.buf = np.frombuffer(self.raw, dtype=np.uint8)
        kind = _CLASS[self.buf]
        is_word = kind == _WORD
        word_first = is_word.copy()
        word_first[1:] &= ~is_word[:-1]
        word_last = is_word.copy()
        word_last[:-1] &= ~is_word[1:]
        tok_pos = np.flatnonzero((kind <= _CLOSE) | word_first)
        types = kind[tok_pos]
        word_end = np.flatnonzero(word_last) + 1  # one per word token, in order
        # Each line ends in its own "\n", so the breaks before a token are its line.
        tok_line = np.searchsorted(np.flatnonzero(kind == _BREAK), tok_pos)
        line_tok = np.searchsorted(tok_line, np.arange(n + 1))
        self.regular = self._regular_lines(types, tok_line, line_tok, n)
        self._columns(types, tok_pos, tok_line, word_end, n)

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
        tok_line: np.ndarray,
        word_end: np.ndarray,
        n: int,
    ) -> None:
        keep = self.regular[tok_line]
        is_open = types == _OPEN
        # word_end holds one end per word token: a word token's rank among them.
        word_rank = np.cumsum(types == _WORD, dtype=np.int32) - 1
        tok_end = word_end[np.maximum(word_rank, 0)] if len(word_end) else word_rank
        label_of_open = self._label_ids(types, tok_pos, tok_end)
        open_rank = np.cumsum(is_open, dtype=np.int32) - 1

        terms = np.flatnonzero(self._is_term & keep)
        self.word_line = tok_line[terms]
        self.word_start = tok_pos[terms]
        self.word_end = word_end[word_rank[terms]]
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
        closing = np.empty(len(types), dtype=np.intp)
        closing[paired[0::2]] = paired[1::2]

        is_phrase = is_open & keep
        is_phrase[terms - 2] = False  # the POS tags
        phrases = np.flatnonzero(is_phrase)
        term = self._is_term & keep
        words_before = np.cumsum(term, dtype=np.int32) - term
        self.phrase_line = tok_line[phrases]
        first_word = self.line_words[self.phrase_line]
        self.phrase_start = words_before[phrases] - first_word
        self.phrase_end = words_before[closing[phrases]] - first_word
        self.phrase_label = label_of_open[open_rank[phrases]]
        del self._depth, self._is_term

    def _label_ids(self, types: np.ndarray, tok_pos: np.ndarray, tok_end: np.ndarray) -> np.ndarray:
        """The label of every "(" as an index in :attr:`labels` (``""`` when a bracket follows).

        A label of up to 8 bytes is its bytes read as one little-endian
        integer, zero-padded, which identifies it exactly when no label
        holds a NUL byte: one gather and one sort for all labels of the
        block. Longer labels (rare: function tags such as NP-SBJ-1) and a
        block with a NUL byte go through Python strings.
        """
        opens = np.flatnonzero(types == _OPEN)
        has_label = np.zeros(len(opens), dtype=bool)
        inside = opens + 1 < len(types)
        has_label[inside] = types[opens[inside] + 1] == _WORD
        starts = np.zeros(len(opens), dtype=np.int64)
        lengths = np.zeros(len(opens), dtype=np.int64)
        label_tok = opens[has_label] + 1
        starts[has_label] = tok_pos[label_tok]
        lengths[has_label] = tok_end[label_tok] - starts[has_label]
        raw = self.raw
        short = lengths <= 8
        if 0 in self.buf:
            short[:] = False
        padded = np.frombuffer(raw + bytes(8), dtype=np.uint8)
        # Every byte offset read as the start of a little-endian uint64.
        at = np.ndarray((len(raw) + 1,), dtype="<u8", buffer=padded, strides=(1,))
        masks = np.array([(1 << (8 * k)) - 1 for k in range(9)], dtype=np.uint64)
        keys = at[starts[short]] & masks[lengths[short]]
        packed, inverse = np.unique(keys, return_inverse=True)
        ids = np.empty(len(opens), dtype=np.int64)
        ids[short] = inverse.reshape(-1)
        self.labels = [
            int(k).to_bytes(8, "little").rstrip(b"\0").decode("utf-8", "surrogatepass")
            for k in packed.tolist()
        ]
        long_ones = np.flatnonzero(~short)
        if len(long_ones):
            more: dict[str, int] = {}
            s_list, l_list = starts[long_ones].tolist(), lengths[long_ones].tolist()
            found = [
                raw[s : s + n].decode("utf-8", "surrogatepass")
                for s, n in zip(s_list, l_list, strict=True)
            ]
            for label in found:
                more.setdefault(label, len(self.labels) + len(more))
            self.labels.extend(more)
            ids[long_ones] = [more[label] for label in found]
        return ids

    # -- per line ---------------------------------------------------------------

    @cached_property
    def _words(self) -> list[str]:
        """The words of the regular lines as strings, made on the first request."""
        starts, ends = self.word_start, self.word_end
        if not self._ascii:
            # A character's offset is its byte's, less the UTF-8 continuation
            # bytes (10xxxxxx) before it.
            continuation = np.zeros(len(self.buf) + 1, dtype=np.int32)
            np.cumsum((self.buf & 0xC0) == 0x80, out=continuation[1:])
            starts, ends = starts - continuation[starts], ends - continuation[ends]
        text = self.raw.decode("utf-8", "surrogatepass")
        return [text[s:e] for s, e in zip(starts.tolist(), ends.tolist(), strict=True)]

    def words(self, index: int) -> tuple[str, ...]:
        """The words of regular line ``index``."""
        return tuple(self._words[self.line_words[index] : self.line_words[index + 1]])


class BlockTree(PhraseStructure):
    """A regular line of a :class:`BracketBlock`, a ``PhraseStructure`` built on first use.

    Its words come from the block; its nodes and tags from reading the
    line's text with the line-by-line reader, so it equals the table that
    reader gives. Metrics that know blocks (ParsEval) score the whole block
    from its columns instead and never build the table.
    """

    def __init__(self, block: BracketBlock, index: int, lineno: int) -> None:
        object.__setattr__(self, "block", block)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "lineno", lineno)

    block: BracketBlock
    index: int
    lineno: int

    @cached_property
    def _table(self) -> PhraseStructure:
        reader = _Brackets(escapes=False, nltk_trees=False, nltk_free=True)
        reader.feed(_evalb_tokens(self.block.texts[self.index]), self.lineno)
        table = reader.done[0][1]
        assert isinstance(table, PhraseStructure)  # a regular line has words
        return table

    @cached_property
    def words(self) -> tuple[str, ...]:  # type: ignore[override]
        return self.block.words(self.index)

    @cached_property
    def nodes(self) -> tuple[Node, ...]:  # type: ignore[override]
        return self._table.nodes

    @cached_property
    def tags(self) -> tuple[str | None, ...]:  # type: ignore[override]
        return self._table.tags

    def _fields(self) -> tuple[Any, ...]:
        return (self.words, self.nodes, self.tags)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PhraseStructure):
            return self._fields() == (other.words, other.nodes, other.tags)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"BlockTree(line={self.lineno}, words={self.words!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # A worker process gets the table, not the whole block.
        return (PhraseStructure, self._fields())


def _read_ptb_blocks(lines: _Lines, collect: bool, nltk_free: bool) -> Iterator[SourceSentence]:
    """EVALB's reading (every line one sentence) of ``lines``, a block at a time."""
    name = lines.name
    reader = _Brackets(escapes=False, nltk_trees=False, nltk_free=nltk_free)
    it = iter(lines)
    lineno = 0
    while texts := list(islice(it, BLOCK_LINES)):
        block = BracketBlock(texts)
        regular = block.regular.tolist()
        for i, text in enumerate(texts):
            lineno += 1
            if regular[i] and not lines.bad:
                yield SourceSentence(name, lineno, lineno, None, BlockTree(block, i, lineno))
            else:
                yield _evalb_line(reader, lines, lineno, text, collect)
