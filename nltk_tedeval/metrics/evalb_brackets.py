"""EVALB's view of one sentence: its words and brackets, matched and counted.

EVALB reads each tree into kept words, their tags and labelled brackets
(``read_line``), applies its deletions and label rules (``massage_data``),
repairs quote words deleted on one side only (``fix_quote``) and counts the
matched and crossing brackets of the pair (``calc_result``). This module
replays those steps on flattened trees
(:class:`~nltk_tedeval.trees.constituency.PhraseStructure`): :func:`read_side`
reads each tree, :func:`score_sides` counts a gold and test pair and makes
its counts a row of :data:`~nltk_tedeval.metrics.evalb_row.COLUMNS` with
:func:`~nltk_tedeval.metrics.evalb_row.evalb_row`, and
:mod:`~nltk_tedeval.metrics.parseval` sums the rows.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import accumulate

from ..errors import InputFormatError, TedEvalError, YieldMismatchError
from ..trees.constituency import PhraseStructure
from ..trees.evalb_params import EvalbParams
from .bracket_groups import Bracket
from .evalb_row import STATUS_ERROR, STATUS_SKIP, STATUS_VALID, evalb_row

__all__ = [
    "EvalbRules",
    "EvalbSide",
    "compared_sides",
    "counted_brackets",
    "cut_label",
    "empty_side",
    "matched_and_crossing",
    "normalization_hint",
    "read_side",
    "score_sides",
    "side_brackets",
]

# EVALB's quote terms: the only words its length-mismatch fix reinserts.
_QUOTE_WORDS = frozenset({"'", '"', "/"})


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
class EvalbSide:
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
    # The tree the brackets were read from (its nodes give each bracket's parent,
    # for the breakdowns of SPEC.md §12.4); bracket k is its k-th phrase node.
    tree: PhraseStructure | None = None


def empty_side() -> EvalbSide:
    return EvalbSide([], [], 0, 0, [], [], [])


class EvalbRules:
    """An :class:`EvalbParams` turned into lookup tables, built once per evaluation."""

    def __init__(self, params: EvalbParams) -> None:
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
        self.closure = label_closure(params.eq_labels)
        """Each ``EQ_LABEL`` label's class in the transitive closure: a breakdown's label
        group, so that a pair the greedy loop matches is in one group (SPEC.md §12.4)."""
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
    closure = label_closure(pairs)
    related = {(a, b) for a, b in pairs} | {(b, a) for a, b in pairs}
    for a, ra in closure.items():
        for b, rb in closure.items():
            if a != b and ra == rb and (a, b) not in related:
                return None
    return closure


def label_closure(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Each label of ``pairs`` mapped to the alphabetically first label of its class in
    the transitive closure of the ``EQ_LABEL`` pairs.

    >>> label_closure([("A", "B"), ("B", "C"), ("ADVP", "PRT")])
    {'A': 'A', 'B': 'A', 'C': 'A', 'ADVP': 'ADVP', 'PRT': 'ADVP'}
    """
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in pairs:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    return {label: find(label) for label in parent}


def read_side(ps: PhraseStructure, rules: EvalbRules, which: str) -> EvalbSide:
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
    side = EvalbSide(
        words, kept_tags, len(words), length, labels, starts, ends, problem=problem, tree=ps
    )
    if rules.quote_tags:
        side.quotes = _quotes(ps, rules, kept_before)
    return side


def _quotes(ps: PhraseStructure, rules: EvalbRules, kept_before: Sequence[int]) -> list[_Quote]:
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


def _reinsert(quote: _Quote, side: EvalbSide) -> None:
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


def _fix_quotes(gold: EvalbSide, test: EvalbSide, rules: EvalbRules) -> None:
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
    gold: list[tuple[str, int, int]], test: list[tuple[str, int, int]], rules: EvalbRules
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


def normalization_hint(gold: str, test: str) -> str:
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


def score_sides(
    gold: EvalbSide, test: EvalbSide, rules: EvalbRules, cutoff: int
) -> tuple[list[int], TedEvalError | None]:
    """One sentence, as EVALB's calc_result(): its row of statistics and its error.

    ``cutoff`` is ``CUTOFF_LEN``, the length up to which the sentence is
    counted again in the ``*_cut`` columns.
    """
    length = gold.length
    if test.wn == 0:
        # An empty test line (or a parse without words) is skipped, whatever
        # the gold holds: EVALB tests this before anything else.
        return evalb_row(STATUS_SKIP, length=length, cutoff=cutoff), None
    problem = gold.problem or test.problem
    if problem is not None:
        return evalb_row(STATUS_ERROR, length=length, cutoff=cutoff), problem
    if gold.wn != test.wn:
        if gold.quotes and test.quotes:
            _fix_quotes(gold, test, rules)
        if gold.wn != test.wn:
            return evalb_row(STATUS_ERROR, length=length, cutoff=cutoff), YieldMismatchError(
                f"length mismatch: {gold.wn} gold words, {test.wn} test words "
                "(after deleting DELETE_LABEL words)",
                token=f"{gold.wn}|{test.wn}",
            )
    return compared_sides(gold, test, rules, cutoff, rules.same_label)


def compared_sides(
    gold: EvalbSide,
    test: EvalbSide,
    rules: EvalbRules,
    cutoff: int,
    same_tag: Callable[[str, str], bool],
) -> tuple[list[int], TedEvalError | None]:
    """Two sides of as many words: the words compared (an error sentence at the first that
    differs), then the brackets matched and crossing and the tags ``same_tag`` accepts.

    The end of EVALB's calc_result(), shared with evalb_spmrl, which compares tags by
    its own cut of labels.
    """
    length = gold.length
    wn = gold.wn
    gw, tw = gold.words, test.words
    if gw[:wn] != tw[:wn]:
        for i in range(wn):
            if not rules.same_word(gw[i], tw[i]):
                return evalb_row(STATUS_ERROR, length=length, cutoff=cutoff), YieldMismatchError(
                    f"word {i + 1} differs: gold {gw[i]!r}, test {tw[i]!r}"
                    + normalization_hint(gw[i], tw[i]),
                    token=tw[i],
                )

    g_keys = counted_brackets(gold)
    t_keys = counted_brackets(test)
    matched, crossing = matched_and_crossing(g_keys, t_keys, rules)
    gt, tt = gold.tags, test.tags
    correct = sum(1 for i in range(wn) if same_tag(gt[i], tt[i]))
    row = evalb_row(
        STATUS_VALID,
        matched,
        len(g_keys),
        len(t_keys),
        crossing,
        wn,
        correct,
        length,
        cutoff=cutoff,
    )
    return row, None


def matched_and_crossing(
    gold: list[tuple[str, int, int]], test: list[tuple[str, int, int]], rules: EvalbRules
) -> tuple[int, int]:
    """EVALB's matched brackets (a multiset intersection) and crossing brackets of a pair.

    Brackets are ``(match key, start, end)``: :func:`counted_brackets` of a
    sentence's sides, or of an aligned unit's positions.
    """
    if gold == test:
        matched = len(gold)  # every bracket finds its own copy, greedily too
    elif rules.greedy:
        matched = _greedy_matches(gold, test, rules)
    else:
        matched = sum((Counter(gold) & Counter(test)).values())
    crossing = _crossing([(s, e) for _, s, e in gold], [(s, e) for _, s, e in test])
    return matched, crossing


def counted_brackets(side: EvalbSide) -> list[tuple[str, int, int]]:
    """EVALB's massage_data(): the counted brackets of one side, in pre-order."""
    return [
        (label, s, e)
        for label, s, e in zip(side.labels, side.starts, side.ends, strict=True)
        if label is not None and s != e
    ]


def cut_label(raw: str) -> str:
    """EVALB's label without its function tags: cut at the first ``-`` or ``=`` anywhere."""
    for i, ch in enumerate(raw):
        if ch == "-" or ch == "=":
            return raw[:i]
    return raw


def side_brackets(side: EvalbSide, rules: EvalbRules, named: EvalbRules) -> list[Bracket]:
    """The counted brackets of a side (:func:`counted_brackets`, in pre-order) for the
    breakdowns of SPEC.md §12.4, each with its label under ``named`` (``rules`` made
    labeled) and its parent's: the nearest ancestor whose label is not deleted, or
    else the root (with its label cut), as disco-dop's trees keep the root whatever
    its label. Read after :func:`score_sides`, which may have moved spans (quotes).
    """
    ps = side.tree
    if ps is None:
        return []
    nodes = ps.nodes
    phrases = [i for i, node in enumerate(nodes) if not node.is_preterminal]
    out = []
    for k, i in enumerate(phrases):
        label, s, e = side.labels[k], side.starts[k], side.ends[k]
        if label is None or s == e:
            continue
        parent = nodes[i].parent
        while parent > 0 and named.bracket_label(nodes[parent].label) is None:
            parent = nodes[parent].parent
        if parent < 0:
            up = ""
        else:
            raw = nodes[parent].label
            up_label = named.bracket_label(raw)
            up = cut_label(raw) if up_label is None else up_label
        name = named.bracket_label(nodes[i].label) or ""
        out.append(Bracket(label, (s, e), e - s, name, up))
    return out
