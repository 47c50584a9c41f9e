"""Multiword tokens: words aligned as the CoNLL 2018 script aligns them (SPEC.md §11).

A CoNLL-U multiword token (``2-3 du`` over the words ``de`` and ``le``) is
one token of the text and several words of the tree; its words need not
spell it. Zeman et al. (2018, §2.5) align such files in two steps: surface
tokens by their characters, then the words inside a *multiword span* (the
smallest stretch of text holding whole multiword tokens of either side) by
a longest common subsequence of their lower-cased forms. Every other word
is its token, aligned when both sides have a token over the same characters.

:func:`align_words` is that alignment, over any words that know their
token's characters (the CoNLL 2018 metrics' own words, and the words of a
unit here). :func:`word_unit` lays a unit whose tokens a multiword token
spells out again over its *words*: a pair of aligned words spells the same
characters, and a word that nothing on the other side aligns to is text of
its own side alone, a hole of the other (as under ``align="lcs"``), so that
it counts against the side that has it in every metric.

>>> from collections import namedtuple
>>> W = namedtuple("W", "start end multiword form")
>>> gold = [W(0, 2, False, "il"), W(2, 4, True, "de"), W(2, 4, True, "le"), W(4, 8, False, "chat")]
>>> parse = [W(0, 2, False, "il"), W(2, 4, False, "du"), W(4, 8, False, "chat")]
>>> align_words(gold, parse)
[(0, 0), (3, 2)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol

from ..trees.tokens import Segmented
from .normalize import CONLL18_NORMALIZATION, Normalization
from .unit import AlignedSentence, Unit, token_texts

__all__ = ["WordSpan", "align_words", "lcs_pairs", "lcs_words", "word_unit"]


class WordSpan(Protocol):
    """A word as the alignment sees it: its token's characters and its form."""

    @property
    def start(self) -> int: ...  # the characters of its token, in one stream
    @property
    def end(self) -> int: ...
    @property
    def multiword(self) -> bool: ...  # part of a multiword token
    @property
    def form(self) -> str: ...  # lower-cased, for the LCS inside multiword spans


def _past(words: Sequence[WordSpan], i: int, end: int) -> bool:
    """Word ``i`` lies beyond a multiword span that ends at character ``end``."""
    if i >= len(words):
        return True
    w = words[i]
    return w.start >= end if w.multiword else w.end > end


def _multiword_span(
    gold: Sequence[WordSpan], system: Sequence[WordSpan], gi: int, si: int
) -> tuple[int, int, int, int]:
    """The words ``gold[gs:ge]`` and ``system[ss:se]`` of the multiword span at ``gi, si``.

    The span starts at the multiword token found, grows while either side
    has a word that is not past its end, and ends after the last multiword
    token it takes in (the script's ``find_multiword_span``, whose one-word
    skip at the start is kept so that the alignment is the script's).
    """
    if gold[gi].multiword:
        end = gold[gi].end
        if not system[si].multiword and system[si].start < gold[gi].start:
            si += 1
    else:
        end = system[si].end
        if not gold[gi].multiword and gold[gi].start < system[si].start:
            gi += 1
    gs, ss = gi, si
    while not _past(gold, gi, end) or not _past(system, si, end):
        if gi < len(gold) and (si >= len(system) or gold[gi].start <= system[si].start):
            w = gold[gi]
            gi += 1
        else:
            w = system[si]
            si += 1
        if w.multiword and w.end > end:
            end = w.end
    return gs, ss, gi, si


def lcs_pairs(gold: Sequence[WordSpan], system: Sequence[WordSpan]) -> list[tuple[int, int]]:
    """Pairs of a longest common subsequence of the words' forms, the first one found
    (walking both from the start, a gold word passed over before a system word on a tie,
    as the script walks its table).

    >>> from types import SimpleNamespace as W
    >>> lcs_pairs([W(form="a"), W(form="b")], [W(form="b"), W(form="a"), W(form="b")])
    [(0, 1), (1, 2)]
    """
    n, m = len(gold), len(system)
    # table[i][j]: LCS length of gold[i:] and system[j:]
    table = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        row, below = table[i], table[i + 1]
        gf = gold[i].form
        for j in range(m - 1, -1, -1):
            if gf == system[j].form:
                row[j] = below[j + 1] + 1
            else:
                row[j] = max(below[j], row[j + 1])
    pairs = []
    i = j = 0
    while i < n and j < m:
        if gold[i].form == system[j].form:
            pairs.append((i, j))
            i += 1
            j += 1
        elif table[i][j] == table[i + 1][j]:
            i += 1
        else:
            j += 1
    return pairs


def _walk(
    gold: Sequence[WordSpan], system: Sequence[WordSpan]
) -> Iterator[tuple[int, int, int, int, list[tuple[int, int]]]]:
    """The alignment of :func:`align_words` a piece at a time: ``(gs, ge, ss, se,
    pairs)`` for a word aligned by its token's characters (one word on each side, one
    pair) and for every multiword span (its words ``gold[gs:ge]`` and ``system[ss:se]``
    and their :func:`lcs_pairs`, in the span's own indices)."""
    gi = si = 0
    while gi < len(gold) and si < len(system):
        g, s = gold[gi], system[si]
        if g.multiword or s.multiword:
            gs, ss, gi, si = _multiword_span(gold, system, gi, si)
            pairs = lcs_pairs(gold[gs:gi], system[ss:si]) if gi > gs and si > ss else []
            yield gs, gi, ss, si, pairs
        elif g.start == s.start and g.end == s.end:
            yield gi, gi + 1, si, si + 1, [(0, 0)]
            gi += 1
            si += 1
        elif g.start <= s.start:
            gi += 1
        else:
            si += 1


def align_words(gold: Sequence[WordSpan], system: Sequence[WordSpan]) -> list[tuple[int, int]]:
    """Aligned (gold, system) word indices, in order: a word that is its token by the
    token's characters (the same start and end on both sides), the words of a multiword
    span by :func:`lcs_pairs`. Both sequences in text order; the characters of both
    sides counted in one stream."""
    return [(gs + a, ss + b) for gs, _, ss, _, pairs in _walk(gold, system) for a, b in pairs]


class _Word:
    """A word of a unit: its token's characters in the unit's surface text, its form,
    and where its own characters start in its side's stream of words."""

    __slots__ = ("end", "first", "form", "multiword", "own", "start", "text")

    def __init__(
        self, start: int, end: int, multiword: bool, form: str, text: str, own: int
    ) -> None:
        self.start, self.end, self.multiword = start, end, multiword
        self.form, self.text, self.own = form, text, own
        self.first = start  # where its token starts in its own side's surface text


def _side_words(
    sentences: Sequence[AlignedSentence],
    segmented: Sequence[Segmented | None],
    norm: Normalization,
) -> tuple[list[_Word], list[list[str] | None]]:
    """A side's words in the unit, and each sentence's word texts (``None``: missing).

    ``sentences`` hold surface tokens and their bounds in the unit's text; a
    sentence of ``segmented`` words has multiword tokens, any other is its
    tokens' words.
    """
    words: list[_Word] = []
    texts: list[list[str] | None] = []
    own = 0
    for s, seg in zip(sentences, segmented, strict=True):
        if s.missing:
            texts.append(None)
            continue
        if seg is None:
            spelled = list(token_texts(s.tokens, norm, s.item, s.index))
            for i, text in enumerate(spelled):
                form = CONLL18_NORMALIZATION(s.tokens[i]).lower()
                words.append(_Word(s.bounds[i], s.bounds[i + 1], False, form, text, own))
                own += len(text)
            texts.append(spelled)
            continue
        spelled = list(token_texts(tuple(seg), norm, s.item, s.index))
        w = 0
        for i, (count, multiword) in enumerate(seg.tokens()):
            a, b = s.bounds[i], s.bounds[i + 1]
            for k in range(w, w + count):
                # The script drops Zs characters from a one-word token's form and
                # compares the words of a multiword token as written (lower-cased).
                form = seg[k].lower() if multiword else CONLL18_NORMALIZATION(seg[k]).lower()
                words.append(_Word(a, b, multiword, form, spelled[k], own))
                own += len(spelled[k])
            w += count
        texts.append(spelled)
    return words, texts


def _partners(
    gold: list[_Word], other: list[_Word], surface: Sequence[int] | None = None
) -> tuple[list[int], int, set[int]]:
    """For every character of ``other``'s words, its gold partner or -1; how many pairs
    are equal characters (what :func:`~.lcs.merged_layout` takes of a diff); and the
    words of ``other`` that share text with one gold word but are not aligned to it.

    Words that :func:`align_words` aligns pair their characters in order. A word of a
    one-word token outside every multiword span shares the surface text's characters
    with the gold's one-word tokens there (tokenized apart, ``Nov.`` against ``Nov`` and
    ``.``, they overlap as under exact alignment). Inside a multiword span, the words
    the LCS leaves out between two aligned pairs (or a pair and the span's end) spell,
    on both sides, the same stretch of text where both sides have such words: their
    characters pair in order, as a merged or split token's do (``du`` against ``de``
    and ``le``), so that TedEval charges what it charges a token split otherwise. Such
    a word may then be alone in a position with one gold word and still be no aligned
    pair: the third value lists them, for the metrics that align words (SPEC.md §11).

    ``surface``, when the two sides' surface texts differ (``align="lcs"``), gives the
    gold partner of every character of ``other``'s surface text (-1 for none), and
    ``other``'s words have their token's characters (``start``, ``end``) in the
    gold's, or -1 for a token with no partner there (:func:`lcs_words`); without it,
    both sides spell one surface text.
    """
    size = sum(len(w.text) for w in other)
    partner = [-1] * size
    equal = 0
    n_other = len(other)
    aligned: set[int] = set()  # the words the script's walk aligns (of those walked)
    in_span = [False] * len(other)
    gold_in_span = [False] * len(gold)

    def pair(g_words: Sequence[_Word], o_words: Sequence[_Word]) -> None:
        # In order, the first characters together and the last together, the shorter
        # side's spread over the longer's: both sides' words then cover the same text
        # (``du`` pairs its d with the d of ``de`` and its u with the e of ``le``).
        nonlocal equal
        g_chars = [(w.own + c, x) for w in g_words for c, x in enumerate(w.text)]
        o_chars = [(w.own + c, x) for w in o_words for c, x in enumerate(w.text)]
        short, long_ = sorted((len(g_chars), len(o_chars)))
        for i in range(short):
            j = i if short == long_ else (i * (long_ - 1)) // max(1, short - 1)
            gi, oi = (i, j) if len(g_chars) == short else (j, i)
            (g, x), (o, y) = g_chars[gi], o_chars[oi]
            partner[o] = g
            equal += x == y

    # A token of the parse's own surface text (no partner in the gold's) takes no part
    # in the walk: its words are the parse's own text.
    walked = [j for j, w in enumerate(other) if w.start >= 0]
    if len(walked) < len(other):
        other = [other[j] for j in walked]
    else:
        walked = []
    # Nor does a gold token the parse has no character of (text the parse lacks, such as
    # the sentences of its missing parses): the script's walk takes both sides to spell
    # one text, and would carry a multiword span across the hole to a later token.
    kept = range(len(gold))
    if surface is not None:
        covered = bytearray(len(gold) and gold[-1].end)
        for p in surface:
            if p >= 0:
                covered[p] = 1
        kept = [i for i, g in enumerate(gold) if any(covered[g.start : g.end])]
    in_walk = gold if len(kept) == len(gold) else [gold[i] for i in kept]
    for gs, ge, ss, se, pairs in _walk(in_walk, other):
        if (
            (ge - gs, se - ss) == (1, 1)
            and pairs
            and not (in_walk[gs].multiword or other[ss].multiword)
        ):
            pair(in_walk[gs:ge], other[ss:se])  # a word that is its token
            aligned.add(ss)
            continue
        for i in range(gs, ge):
            gold_in_span[kept[i]] = True
        in_span[ss:se] = [True] * (se - ss)
        g_at, o_at = gs, ss
        for a, b in [*pairs, (ge - gs, se - ss)]:
            g_gap, o_gap = in_walk[g_at : gs + a], other[o_at : ss + b]
            if g_gap and o_gap:
                pair(g_gap, o_gap)
            if gs + a < ge:
                pair(in_walk[gs + a : gs + a + 1], other[ss + b : ss + b + 1])
                aligned.add(ss + b)
            g_at, o_at = gs + a + 1, ss + b + 1
    plain: dict[int, int] = {}  # surface character -> the gold word character spelling it
    for g, inside in zip(gold, gold_in_span, strict=True):
        if not inside and not g.multiword:
            for c in range(g.end - g.start):
                plain[g.start + c] = g.own + c
    for j, w in enumerate(other):
        if not in_span[j] and not w.multiword and partner[w.own] < 0:
            for c in range(len(w.text)):
                at = w.first + c if surface is None else surface[w.first + c]
                p = plain.get(at, -1)
                partner[w.own + c] = p
                equal += p >= 0
    # Every other word is no aligned pair, even alone in a position with one gold word:
    # a one-word token that overlaps a gold one partly (Lo of Lors, its rs taken into the
    # multiword span after it), or a word the LCS left out (SPEC.md §11).
    kept_aligned = {walked[j] for j in aligned} if walked else aligned
    apart = set(range(n_other)) - kept_aligned
    return partner, equal, apart


def lcs_words(
    sides: Sequence[Sequence[AlignedSentence]],
    segmented: Sequence[Sequence[Segmented | None]],
    surface: Sequence[Sequence[int]],
    norm: Normalization,
) -> tuple[list[list[list[str] | None]], list[tuple[list[int], int]], list[set[int]]]:
    """The word texts of every side, every parse's word partners and its words apart
    (:func:`_partners`), for sides whose surface texts differ (``align="lcs"``).

    ``sides`` hold every side's sentences with their surface tokens and bounds in
    their side's surface text; ``surface[k - 1]`` gives the gold partner of every
    character of parse ``k``'s surface text, as the diff found it.
    """
    gold, gold_texts = _side_words(sides[0], segmented[0], norm)
    texts = [gold_texts]
    diffs = []
    aparts = []
    for side, segs, partner in zip(sides[1:], segmented[1:], surface, strict=True):
        words, side_texts = _side_words(side, segs, norm)
        for w in words:
            paired = [partner[c] for c in range(w.first, w.first + w.end - w.start)]
            paired = [p for p in paired if p >= 0]
            w.start, w.end = (paired[0], paired[-1] + 1) if paired else (-1, -1)
        found = _partners(gold, words, partner)
        texts.append(side_texts)
        diffs.append(found[:2])
        aparts.append(found[2])
    return texts, diffs, aparts


def word_unit(
    unit: Unit,
    segmented: Sequence[Sequence[Segmented | None]],
    norm: Normalization,
    roles: Sequence[str],
) -> Unit:
    """``unit``, whose sentences hold surface tokens, laid out again over their words.

    ``segmented[k][i]`` holds the words of sentence ``i`` of side ``k`` when a
    multiword token makes them differ from its tokens (``None`` otherwise). Every
    parse's words are aligned to the gold's (:func:`align_words`) and all sides laid
    out on one merged text (:func:`~.lcs.merged_layout`): aligned words spell the same
    characters, a word aligned to nothing is its side's own text. A missing parse
    stands for the same gold sentence as before.
    """
    from .lcs import merged_layout

    sides_words = []
    texts = []
    for side, segs in zip(unit.sides, segmented, strict=True):
        words, side_texts = _side_words(side, segs, norm)
        sides_words.append(words)
        texts.append(side_texts)
    found = [_partners(sides_words[0], other) for other in sides_words[1:]]
    layout = merged_layout(texts, roles, diffs=[(p, e) for p, e, _ in found])
    aparts: list[set[int]] = [set(), *(a for _, _, a in found)]
    gold_starts = {s.start: i for i, s in enumerate(unit.sides[0])}
    gold_extents = layout.extents[0]
    out: list[tuple[AlignedSentence, ...]] = []
    for k, side in enumerate(unit.sides):
        placed = []
        first = 0  # the side's words before this sentence
        for i, s in enumerate(side):
            extent = layout.extents[k][i]
            if extent is None:
                g = gold_extents[gold_starts[s.start]]
                assert g is not None
                placed.append(AlignedSentence(s.item, s.index, (), (g[0][0], g[1][-1]), True))
                continue
            starts, ends = extent
            bounds = (*starts, ends[-1])
            holes = ends if ends[:-1] != bounds[1:-1] else None
            tokens: Any = tuple(segmented[k][i] or s.tokens)
            apart = frozenset(t - first for t in aparts[k] if first <= t < first + len(tokens))
            first += len(tokens)
            placed.append(
                AlignedSentence(s.item, s.index, tokens, bounds, ends=holes, apart=apart or None)
            )
        out.append(tuple(placed))
    return Unit(unit.number, tuple(out), len(layout.text), layout.text)
