"""``align="lcs"``: one text for sides whose texts differ, and what each side lacks (SPEC.md §11).

A parser's text may differ from the treebank's: a few characters (an
ellipsis written ``...`` or ``…``, a changed word), a word it dropped or
added, a sentence it skipped. Each parse's character stream is matched to
the gold's by a diff (the ``diff-match-patch`` library): sentence by
sentence first, a sentence a line, then character by character where
sentences differ, by a longest common subsequence (Myers' O(ND) algorithm
with the time limit off, so that this part is minimal). Between two stretches of equal
characters, the gold's characters and the parse's that differ are paired
in order, one to one: they are *changed* characters, and the longer
side's rest is its own.

Tokens then fall in two kinds:

- a parse token with a character equal or changed to a gold character
  *overlaps* the gold tokens of those characters; overlapping tokens make
  *groups* (``New York`` and ``NewYork``, ``colour`` and ``color``, ``cat``
  and ``dog``), and within a group the parse's tokens cover the gold's text
  from the group's first gold character to its last, cut where the parse's
  own tokens meet;
- a token that overlaps nothing on the other side (a word or sentence one
  side has and the other lacks) is that side's own text.

All sides are laid out on one *merged* text: the gold's characters, and the
characters of every parse token that overlaps nothing, each placed where it
comes in the gold's text. A token is a stretch of the merged text, and a
stretch that one side's tokens leave uncovered (text another side has) is a
*hole* of that side. So what one side lacks counts against it in every
metric, while a changed spelling does not. The gold's tokens never depend
on the parses, so the parses of a run do not change each other's places.

>>> layout = merged_layout([[["a", "big", "dog"]], [["a", "dog", "!"]]], ["gold", "parse"])
>>> layout.text, layout.extents
('abigdog!', [[((0, 1, 4), (1, 4, 7))], [((0, 4, 7), (1, 7, 8))]])
>>> layout.unmatched
[3, 1]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate, pairwise
from typing import Any

from diff_match_patch import diff_match_patch

from ..errors import AlignmentError
from ..trees.tokens import Segmented
from .normalize import Normalization
from .unit import AlignedSentence, Unit, Words, located, token_texts

__all__ = ["Layout", "lcs_units", "merged_layout"]

_MARKS = "\ufffe\uffff\x00\x01"  # characters no text is expected to hold; the first absent one
Extent = tuple[tuple[int, ...], tuple[int, ...]]  # a sentence's token starts and ends
Sides = Sequence[Sequence[Sequence[str] | None]]  # per side, per sentence: token texts or None


def _partners(gold: str, other: str, marks: str = "") -> tuple[list[int], int]:
    """For every character of ``other``, its gold partner (equal or changed) or -1;
    and how many of the pairs are equal characters.

    ``marks`` are characters of neither text that both streams hold at
    sentence boundaries (line ends, and the marks around missing parses):
    they guide the diff and are no character of either text (indices leave
    them out, and they pair with nothing).
    """
    dmp = diff_match_patch()
    dmp.Diff_Timeout = 0  # no time limit: minimal wherever it rediffs characters
    not_text = set(marks)
    partner = [-1] * (len(other) - sum(other.count(m) for m in not_text))
    g = o = 0  # characters of text so far, marks left out
    equal = 0
    gone: list[int] = []  # the differing characters since the last equal stretch
    added: list[int] = []

    def pair() -> None:
        # Changed characters: the two sides' differing stretches, one to one.
        for a, b in zip(gone, added, strict=False):
            partner[b] = a
        gone.clear()
        added.clear()

    # Line by line first, a sentence a line, then character by character where
    # lines differ (diff-match-patch's line mode): fast on whole files.
    for op, text in dmp.diff_main(gold, other, "\n" in not_text):
        if op == 0:
            pair()
        for c in text:
            if c in not_text:
                continue
            if op == 0:
                partner[o] = g
                equal += 1
                g += 1
                o += 1
            elif op < 0:
                gone.append(g)
                g += 1
            else:
                added.append(o)
                o += 1
    pair()
    return partner, equal


def _lines(side: Sequence[Sequence[str] | None], mark: str, gold: bool) -> str:
    """A side's stream a sentence a line, for the diff.

    A missing parse has no text: its place is marked (``mark`` on lines of
    its own), and so are the boundaries of every gold sentence, so that the
    diff takes the marks around a run of ``m`` missing sentences (``m + 1``
    of them) for the boundaries of the ``m`` gold sentences they stand for,
    even among repeated text.
    """
    out = []
    before = False  # whether the sentence before was a missing one
    for sentence in side:
        if sentence is None:
            out.append(f"{mark}\n" if before else f"{mark}\n{mark}\n")
            before = True
            continue
        if gold and mark:
            out.append(f"{mark}\n")
        out.append("".join(sentence) + "\n")
        before = False
    if gold and mark:
        out.append(f"{mark}\n")
    return "".join(out)


@dataclass(frozen=True)
class Layout:
    """Every side laid out on one merged text.

    ``extents[k][i]`` holds the token starts and ends of sentence ``i`` of
    side ``k`` in the merged text, or ``None`` for a sentence without text (a
    missing parse). ``unmatched[0]`` counts the gold characters that some
    parse does not have as they are, ``unmatched[k]`` the characters of
    parse ``k`` that the gold does not have as they are (changed or its own).
    ``lacking[k - 1]`` flags, per gold character, those parse ``k`` lacks.
    """

    text: str
    extents: list[list[Extent | None]]
    unmatched: list[int]
    lacking: list[bytearray]


def text_diffs(sides: Sides) -> list[tuple[list[int], int]]:
    """Every parse's character partners in the gold's text (:func:`_partners`), a
    sentence a line where no token holds a line break."""
    streams = ["".join("".join(s) for s in side if s is not None) for side in sides]
    gold = streams[0]
    diffs = []
    for side, other in zip(sides[1:], streams[1:], strict=True):
        if "\n" in gold or "\n" in other:
            diffs.append(_partners(gold, other))  # no line of its own for a sentence
            continue
        mark = ""
        if any(sentence is None for sentence in side):
            mark = next(c for c in _MARKS if c not in gold and c not in other)
        lines = (_lines(sides[0], mark, True), _lines(side, mark, False))
        diffs.append(_partners(*lines, marks=f"\n{mark}"))
    return diffs


def _tokens(side: Sequence[Sequence[str] | None]) -> list[tuple[int, int]]:
    """Every token's characters in its side's stream, in order."""
    out = []
    i = 0
    for sentence in side:
        for token in sentence or ():
            out.append((i, i + len(token)))
            i += len(token)
    return out


def merged_layout(
    sides: Sides, roles: Sequence[str], diffs: list[tuple[list[int], int]] | None = None
) -> Layout:
    """The merged text of a gold (side 0) and its parses, and where every token lies in it.

    ``diffs``, when given, are every parse's character partners as :func:`_partners`
    gives them, found otherwise (the words of multiword tokens, :mod:`.multiword`);
    a parse may then share no character with the gold.
    """
    streams = ["".join("".join(s) for s in side if s is not None) for side in sides]
    gold = streams[0]
    size = len(gold)
    gold_tokens = _tokens(sides[0])
    token_of = [0] * size  # the gold token of every gold character
    for t, (a, b) in enumerate(gold_tokens):
        token_of[a:b] = [t] * (b - a)
    given = diffs is not None
    if diffs is None:
        diffs = text_diffs(sides)
    for k, (partner, equal) in enumerate(diffs, start=1):
        if gold and partner and not equal and not given:
            raise AlignmentError(
                f"the texts share no character: {roles[0]} and {roles[k]} are not two "
                "tokenizations of one text"
            )
    parse_tokens = [_tokens(side) for side in sides[1:]]
    # A parse token that overlaps no gold token is the parse's own text: its
    # characters go before the gold character that the parse's next paired
    # character pairs with (after the gold's own characters there).
    own: list[list[bool]] = []
    added = [[0] * (size + 1) for _ in diffs]
    anchors: list[list[int]] = []
    for k, ((partner, _), tokens) in enumerate(zip(diffs, parse_tokens, strict=True)):
        alone = [max(partner[a:b]) < 0 for a, b in tokens]
        anchor = [size] * len(partner)
        nxt = size
        for o in range(len(partner) - 1, -1, -1):
            if partner[o] >= 0:
                nxt = partner[o]
            anchor[o] = nxt
        for (a, b), is_own in zip(tokens, alone, strict=True):
            if is_own:
                for o in range(a, b):
                    added[k][anchor[o]] += 1
        own.append(alone)
        anchors.append(anchor)
    at_anchor = [sum(col) for col in zip(*added, strict=True)] if added else [0] * (size + 1)
    before = list(accumulate(at_anchor, initial=0))  # own characters anchored before g
    gold_offset = [g + before[g + 1] for g in range(size)]
    chars = [""] * (size + before[-1])
    for g, c in enumerate(gold):
        chars[gold_offset[g]] = c
    gold_extent = [(gold_offset[a], gold_offset[b - 1] + 1) for a, b in gold_tokens]
    extents_of: list[list[tuple[int, int]]] = [gold_extent]
    for k, ((partner, _), tokens) in enumerate(zip(diffs, parse_tokens, strict=True)):
        other = streams[k + 1]
        earlier = [sum(added[j][g] for j in range(k)) for g in range(size + 1)] if k else None
        seen = [0] * (size + 1)
        spans: list[tuple[int, int]] = []
        for (a, b), is_own in zip(tokens, own[k], strict=True):
            if is_own:
                placed = []
                for o in range(a, b):
                    g = anchors[k][o]
                    at = g + before[g] + (earlier[g] if earlier else 0) + seen[g]
                    seen[g] += 1
                    chars[at] = other[o]
                    placed.append(at)
                spans.append((placed[0], placed[-1] + 1))
            else:
                paired = [p for p in partner[a:b] if p >= 0]
                spans.append((gold_offset[paired[0]], gold_offset[paired[-1]] + 1))
        extents_of.append(_grouped(spans, own[k], partner, tokens, token_of, gold_extent))
    extents: list[list[Extent | None]] = []
    for side, spans in zip(sides, extents_of, strict=True):
        t = 0
        placed_side: list[Extent | None] = []
        for sentence in side:
            if sentence is None:
                placed_side.append(None)
                continue
            mine = spans[t : t + len(sentence)]
            t += len(sentence)
            placed_side.append((tuple(a for a, _ in mine), tuple(b for _, b in mine)))
        extents.append(placed_side)
    lacking = []
    unmatched_parse = []
    for partner, equal in diffs:
        flags = bytearray([1]) * size
        for o, p in enumerate(partner):
            if p >= 0 and gold[p] == streams[len(lacking) + 1][o]:
                flags[p] = 0
        lacking.append(flags)
        unmatched_parse.append(len(partner) - equal)
    union = bytearray(size)
    for flags in lacking:
        union = bytearray(x | y for x, y in zip(union, flags, strict=True))
    return Layout("".join(chars), extents, [sum(union), *unmatched_parse], lacking)


def _grouped(
    spans: list[tuple[int, int]],
    alone: list[bool],
    partner: list[int],
    tokens: list[tuple[int, int]],
    token_of: list[int],
    gold_extent: list[tuple[int, int]],
) -> list[tuple[int, int]]:
    """The parse's token spans with each group's tokens covering the group's gold text.

    A group is a run of parse tokens whose gold tokens (from the first to the
    last that their characters pair with) meet or overlap. Its tokens meet
    one another, its first starts where its first gold token starts and its
    last ends where its last gold token ends, unless a token of the parse's
    own text stands in between.
    """
    out = list(spans)
    groups: list[tuple[int, int, list[int]]] = []  # first and last gold token, parse tokens
    for u, ((a, b), is_own) in enumerate(zip(tokens, alone, strict=True)):
        if is_own:
            continue
        paired = [p for p in partner[a:b] if p >= 0]
        lo, hi = token_of[paired[0]], token_of[paired[-1]]
        if groups and lo <= groups[-1][1]:
            first_gold, last_gold, members = groups[-1]
            groups[-1] = (first_gold, max(last_gold, hi), [*members, u])
        else:
            groups.append((lo, hi, [u]))
    for first_gold, last_gold, members in groups:
        start, end = gold_extent[first_gold][0], gold_extent[last_gold][1]
        first, last = members[0], members[-1]
        low = out[first - 1][1] if first > 0 else 0
        out[first] = (max(start, low), out[first][1])
        high = out[last + 1][0] if last + 1 < len(out) else end
        out[last] = (out[last][0], min(end, high))
        for u, v in pairwise(members):
            if v == u + 1:
                out[u] = (out[u][0], out[v][0])  # neighbours in a group meet
    return out


def lcs_units(
    corpora: Sequence[Iterable[Any]],
    words: Words,
    norm: Normalization,
    roles: Sequence[str],
    tally: dict[str, int] | None,
    lcs_words: Callable[..., Any] | None = None,
) -> Iterator[Unit]:
    """The units of sides whose texts differ, laid out on one merged text (:mod:`.lcs`).

    ``lcs_words`` aligns the words of multiword tokens (:func:`~.multiword.lcs_words`,
    passed in by :func:`~.units.align_units`: that module lays its units out here).

    Every side is read whole. A unit ends wherever no sentence of any side
    goes on across that point of the merged text; so a gold sentence that
    a parse lacks entirely is a unit without that parse's sentences, and a
    sentence the parse adds a unit without the gold's.
    """
    items = [list(c) for c in corpora]
    tokens: list[list[tuple[str, ...]]] = []
    texts: list[list[list[str] | None]] = []
    for k, side in enumerate(items):
        side_tokens: list[tuple[str, ...]] = []
        side_texts: list[list[str] | None] = []
        for index, item in enumerate(side):
            found = words(item)
            if not found and k == 0:
                raise located(
                    AlignmentError(
                        "the gold has no tree here, and a gold sentence cannot be missing"
                    ),
                    item,
                    index,
                )
            found = () if found is None else found if isinstance(found, tuple) else tuple(found)
            side_tokens.append(found)
            side_texts.append(token_texts(found, norm, item, index) if found else None)
        tokens.append(side_tokens)
        texts.append(side_texts)
    aparts: list[set[int]] | None = None
    surface_texts = texts
    if any(isinstance(t, Segmented) for side in tokens for t in side):
        # A parse sentence with a gold sentence's words is its segmentation, whatever
        # its multiword tokens, as under exact alignment: it takes the gold's.
        _gold_segmentation(tokens, texts)
        # Multiword tokens: the texts' surface characters are diffed, the words
        # inside a multiword token aligned as the CoNLL 2018 script aligns them.
        if lcs_words is None:
            raise AlignmentError("multiword tokens need their word alignment (lcs_words)")
        texts, diffs, aparts, surface_texts, surface_diffs = _multiword_words(
            items, tokens, texts, norm, lcs_words
        )
        layout = merged_layout(texts, roles, diffs=diffs)
        _surface_unmatched(layout, surface_texts, surface_diffs)
    else:
        layout = merged_layout(texts, roles)
    gold_extents = [e for e in layout.extents[0] if e is not None]
    gold_spans = [(e[0][0], e[1][-1]) for e in gold_extents]
    spans: list[list[tuple[int, int]]] = [gold_spans]
    for k in range(1, len(items)):
        spans.append(_parse_spans(layout.extents[k], gold_spans, items[k], layout))
    if tally is not None:
        # The text of a gold sentence that a missing parse stands for is counted
        # as missing, not as characters the parse lacks.
        first = list(accumulate((sum(map(len, t or ())) for t in surface_texts[0]), initial=0))
        number_of = {span: i for i, span in enumerate(gold_spans)}
        for k in range(1, len(items)):
            for i, extent in enumerate(layout.extents[k]):
                if extent is None:
                    g = number_of[spans[k][i]]
                    layout.lacking[k - 1][first[g] : first[g + 1]] = bytes(first[g + 1] - first[g])
        lacking = bytearray(len(layout.lacking[0])) if layout.lacking else bytearray()
        for flags in layout.lacking:
            lacking = bytearray(x | y for x, y in zip(lacking, flags, strict=True))
        for role, n in zip(roles, [sum(lacking), *layout.unmatched[1:]], strict=False):
            tally[f"unmatched {role}"] = n
    # A point of the merged text cuts when no sentence of any side goes on across it.
    size = len(layout.text)
    across = [0] * (size + 2)
    for side_spans in spans:
        for a, b in side_spans:
            if b - a > 1:
                across[a + 1] += 1
                across[b] -= 1
    inside = list(accumulate(across))
    cuts = sorted({p for side_spans in spans for span in side_spans for p in span if not inside[p]}
                  | {0, size})  # fmt: skip
    cursor = [0] * len(items)
    number = 0
    # Per side and sentence, the words apart (:mod:`.multiword`), by their place.
    apart_of: list[list[frozenset[int] | None]] = [[None] * len(side) for side in items]
    if aparts is not None:
        for k in range(1, len(items)):
            w = 0
            for i, found in enumerate(tokens[k]):
                mine = frozenset(t - w for t in aparts[k - 1] if w <= t < w + len(found))
                apart_of[k][i] = mine or None
                w += len(found)
    for c, d in pairwise(cuts):
        sides: list[tuple[AlignedSentence, ...]] = []
        for k, side in enumerate(items):
            out = []
            i = cursor[k]
            while i < len(side) and spans[k][i][1] <= d:
                a, b = spans[k][i]
                extent = layout.extents[k][i]
                if extent is None:
                    out.append(AlignedSentence(side[i], i, (), (a - c, b - c), missing=True))
                else:
                    starts, ends = extent
                    bounds = (*(x - c for x in starts), ends[-1] - c)
                    shifted = tuple(x - c for x in ends)
                    holes = shifted if shifted[:-1] != bounds[1:-1] else None
                    out.append(
                        AlignedSentence(
                            side[i], i, tokens[k][i], bounds, ends=holes, apart=apart_of[k][i]
                        )
                    )
                i += 1
            cursor[k] = i
            sides.append(tuple(out))
        if any(sides):
            number += 1
            yield Unit(number, tuple(sides), d - c, layout.text[c:d])


def _gold_segmentation(
    tokens: list[list[tuple[str, ...]]], texts: list[list[list[str] | None]]
) -> None:
    """Give every parse sentence whose words are, one by one, those of the gold sentence
    a diff of the sides' sentences pairs it with, that gold sentence's multiword tokens.

    Without alignment the words are compared one by one and multiword tokens are not
    read, and exact alignment takes such a sentence word for word (SPEC.md §11); a
    parse that copies no range line, or others, must score so here too. The sentences
    are diffed a sentence a line, each line its words' characters with a separator
    that no text holds, so that two lines are equal only where the words are; missing
    parses are marked as for the text's diff (:func:`_lines`), so that they keep their
    place. A parse sentence that already spells a gold sentence, words and tokens, is
    left as it is: its text is the gold's without help.
    """
    held = {c for side in texts for sentence in side for w in sentence or () for c in w}
    sep, mark = [c for c in "\x1f\x1e\x1d\x1c\ufffe\uffff" if c not in held][:2]

    def surface(found: tuple[str, ...]) -> tuple[str, ...]:
        return found.surface() if isinstance(found, Segmented) else found

    spelled = {(tuple(t), surface(f)) for f, t in zip(tokens[0], texts[0], strict=True)}
    dmp = diff_match_patch()
    dmp.Diff_Timeout = 0

    def lines(side: list[list[str] | None], marked: bool, gold: bool) -> tuple[str, list[int]]:
        # The stream of _lines, and the sentence of every line (-1: a mark).
        lined = [None if t is None else [sep.join(t)] for t in side]
        text = _lines(lined, mark if marked else "", gold)
        owners: list[int] = []
        before = False
        for i, sentence in enumerate(side):
            if sentence is None:
                owners += [-1] if before else [-1, -1]
                before = True
                continue
            owners += [-1, i] if gold and marked else [i]
            before = False
        return text, owners + ([-1] if gold and marked else [])

    for k in range(1, len(tokens)):
        marked = any(t is None for t in texts[k])
        gold_text, gold_of = lines(texts[0], marked, True)
        text, of = lines(texts[k], marked, False)
        a, b, _ = dmp.diff_linesToChars(gold_text, text)
        g = o = 0
        for op, chunk in dmp.diff_main(a, b, False):
            n = len(chunk)  # a character a line
            for d in range(n if op == 0 else 0):
                i, j = gold_of[g + d], of[o + d]
                mine = tokens[k][j] if j >= 0 else None
                if i < 0 or mine is None or (tuple(texts[k][j]), surface(mine)) in spelled:
                    continue
                gold = tokens[0][i]
                tokens[k][j] = (
                    Segmented(mine, gold.multiword) if isinstance(gold, Segmented) else tuple(mine)
                )
            g += n if op <= 0 else 0
            o += n if op >= 0 else 0


def _multiword_words(
    items: list[list[Any]],
    tokens: list[list[tuple[str, ...]]],
    texts: list[list[list[str] | None]],
    norm: Normalization,
    lcs_words: Callable[..., Any],
) -> tuple[
    list[list[list[str] | None]],
    list[tuple[list[int], int]],
    list[set[int]],
    list[list[list[str] | None]],
    list[tuple[list[int], int]],
]:
    """Word texts, word partners and words apart of sides with multiword tokens, from a
    diff of their surface texts (``lcs_words``, :func:`~.multiword.lcs_words`); and the
    surface texts and their diffs."""
    surface: list[list[list[str] | None]] = []
    placed: list[list[AlignedSentence]] = []
    segmented: list[list[Segmented | None]] = []
    for side_items, side_tokens, side_texts in zip(items, tokens, texts, strict=True):
        side_surface: list[list[str] | None] = []
        side_placed = []
        side_segs: list[Segmented | None] = []
        at = 0
        for i, (item, found, text) in enumerate(
            zip(side_items, side_tokens, side_texts, strict=True)
        ):
            seg = found if isinstance(found, Segmented) else None
            if text is None:
                side_surface.append(None)
                side_placed.append(AlignedSentence(item, i, (), (at, at), missing=True))
                side_segs.append(None)
                continue
            forms = seg.surface() if seg is not None else found
            spelled = token_texts(forms, norm, item, i) if seg is not None else text
            bounds = tuple(accumulate(map(len, spelled), initial=at))
            at = bounds[-1]
            side_surface.append(spelled)
            side_placed.append(AlignedSentence(item, i, forms, bounds))
            side_segs.append(seg)
        surface.append(side_surface)
        placed.append(side_placed)
        segmented.append(side_segs)
    surface_diffs = text_diffs(surface)
    word_texts, diffs, aparts = lcs_words(
        placed, segmented, [partner for partner, _ in surface_diffs], norm
    )
    return word_texts, diffs, aparts, surface, surface_diffs


def _surface_unmatched(
    layout: Layout,
    surface: list[list[list[str] | None]],
    diffs: list[tuple[list[int], int]],
) -> None:
    """Count the characters left unmatched on the surface texts, not the words': a
    multiword token's words need not spell it, and only its text is the text."""
    streams = ["".join("".join(s) for s in side if s is not None) for side in surface]
    gold = streams[0]
    layout.lacking.clear()
    layout.unmatched.clear()
    union = bytearray(len(gold))
    unmatched_parse = []
    for (partner, equal), other in zip(diffs, streams[1:], strict=True):
        flags = bytearray([1]) * len(gold)
        for o, p in enumerate(partner):
            if p >= 0 and gold[p] == other[o]:
                flags[p] = 0
        layout.lacking.append(flags)
        union = bytearray(x | y for x, y in zip(union, flags, strict=True))
        unmatched_parse.append(len(partner) - equal)
    layout.unmatched.extend([sum(union), *unmatched_parse])


def _parse_spans(
    extents: Sequence[tuple[tuple[int, ...], tuple[int, ...]] | None],
    gold: Sequence[tuple[int, int]],
    items: Sequence[Any],
    layout: Layout,
) -> list[tuple[int, int]]:
    """Every sentence's stretch of the merged text; a missing parse takes a gold sentence's.

    A missing parse has no text: it stands for a gold sentence that the
    parse lacks where it comes, in the hole between the parse's sentences
    before and after it. The missing parses of one hole take the whole gold
    sentences in that hole one each, in order; gold text left over in the
    hole is text the parse lacks.
    """
    out: list[tuple[int, int] | None] = [
        None if e is None else (e[0][0], e[1][-1]) for e in extents
    ]
    i = 0
    while i < len(out):
        if out[i] is not None:
            i += 1
            continue
        j = i
        while j < len(out) and out[j] is None:
            j += 1
        low = out[i - 1][1] if i else 0  # type: ignore[index]
        high = out[j][0] if j < len(out) else len(layout.text)  # type: ignore[index]
        inside = [span for span in gold if span[0] >= low and span[1] <= high]
        for n, k in enumerate(range(i, j)):
            if n >= len(inside):
                raise located(
                    AlignmentError(
                        "a missing parse stands for no gold sentence: where it comes, the "
                        f"gold has {len(inside)} whole sentence{'s' if len(inside) != 1 else ''} "
                        f"that the parse lacks, for {j - i} missing parse"
                        f"{'s' if j - i != 1 else ''}; under alignment a missing parse stands "
                        "for one gold sentence that the parse's text does not have"
                    ),
                    items[k],
                    k,
                )
            out[k] = inside[n]
        i = j
    return out  # type: ignore[return-value]
