"""Leaf-Ancestor (Sampson and Babarczy 2003), as disco-dop's ``eval --la`` computes it.

Every word has a *lineage*: the labels of the phrases above it, from its
parent up to the root (its part of speech is not in it). The lineage of a
word in the parse is compared with its lineage in the gold by Levenshtein
distance, each insertion, deletion or substitution of a label costing 1,
and the word scores

    1 − d / (|gold lineage| + |parse lineage|)

(1 when both lineages are empty). A sentence scores the mean of its words,
and disco-dop's figure is the mean of the sentence scores: ``LA``. Beside
it stand the two figures CoreNLP's ``LeafAncestorEval`` prints: the mean
over every word of the corpus (``LA_WORDS``, its "corpus-level
(micro-averaged)" figure) and the share of words whose lineages are equal
(``LA_EXACT``), and the share of sentences whose every word has equal
lineages (``LA_EXACT_SENT``, its sentence-level "Exact", a sentence whose
mean is 1); and its per-lineage table, the breakdown ``by="lineage"``
(the words of each gold lineage, their mean score and exact share).

The lineages are disco-dop's (``discodop.eval.leafancestorpaths``), read off
both trees after its transform (deleted words and phrases, ``EQ_LABEL``,
:mod:`~nltk_tedeval.metrics.disco_parseval`), with its boundary markers: a
word that opens phrases has ``(`` right below the label of the highest of
them, and a word that closes phrases ``)`` right above the label of the
highest of them; a phrase with gaps opens each later part with ``[`` and
closes each earlier one with ``]``, below or above the highest such label in
the same way. So in ``(S (NP a b) c)`` the lineage of *a* is ``NP ( S``,
that of *b* ``NP ) S`` and that of *c* ``S )``. The root's label is left
out when the parameter file deletes it (``proper.prm`` deletes ``ROOT``,
``VROOT`` and ``TOP``), and so is any marker it would have put.

A sentence without a word (every word deleted, as punctuation) has nothing
to compare: its scores are N/A and it stays out of every figure (disco-dop
makes the whole corpus's figure ``nan``; SPEC.md §7).

Statistics are integers. A word's score and a sentence's are rational
numbers, kept in billionths (:data:`SCALE`), each rounded once to the
nearest from the exact fraction: the corpus figures carry at most half a
billionth of rounding, far below the four decimals any report prints.

>>> from nltk_tedeval.metrics.disco_parseval import DiscoParsevalEvaluator
>>> from nltk_tedeval.trees.discontinuous import DiscTree
>>> gold = DiscTree.from_discbracket("(ROOT (S (NP (DT 0=a) (NN 1=b)) (VB 2=c)))")
>>> parse = DiscTree.from_discbracket("(ROOT (S (DT 0=a) (NP (NN 1=b) (VB 2=c))))")
>>> ev = DiscoParsevalEvaluator([parse], [gold], extra_measures="LA,LA_WORDS,LA_EXACT")
>>> [round(float(ev.score(m)), 4) for m in ("LA", "LA_WORDS", "LA_EXACT")]
[0.7556, 0.7556, 0.0]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import lcm
from typing import TYPE_CHECKING, Any

import lazy_loader

from ..scoring.extensions import MeasureExtension
from ..scoring.groups import GroupKey
from ..scoring.stats import Measure, accuracy

if TYPE_CHECKING:
    import numpy as np

    from .disco_parseval import DiscoTree, DiscoView
else:
    np = lazy_loader.load("numpy")

__all__ = [
    "LEAF_ANCESTOR",
    "MARKERS",
    "SCALE",
    "WordLineages",
    "billionths",
    "lineage_alignment",
    "lineage_distance",
    "lineages",
    "sentence_counts",
    "view_lineages",
    "word_lineages",
    "word_score",
]

SCALE = 1_000_000_000
"""Word and sentence scores are kept in billionths: integers, rounded once each."""

MARKERS = frozenset("()[]")
"""disco-dop's boundary markers in a lineage: a phrase opens ``(``, closes ``)``; a part of
a phrase with gaps opens ``[``, closes ``]``."""

_NAN = float("nan")


def billionths(totals: np.ndarray) -> np.ndarray:
    """``score / (count · SCALE)`` over columns (score in billionths, count); NaN where
    count = 0."""
    t = np.asarray(totals)
    num = np.asarray(t[..., 0], dtype=np.float64)
    den = np.asarray(t[..., 1] * SCALE, dtype=np.float64)
    out = np.full(np.broadcast(num, den).shape, np.nan, dtype=np.float64)
    np.divide(num, den, out=out, where=den != 0)
    return out


# The same on one row of Python integers, to the bit: both sides made doubles, then divided.
billionths.row = lambda t: _NAN if t[1] == 0 else float(t[0]) / float(t[1] * SCALE)  # type: ignore[attr-defined]


def lineages(tree: DiscoTree) -> list[list[str]]:
    """Every word's lineage, from the word up, with disco-dop's boundary markers.

    >>> from nltk_tedeval.metrics.disco_parseval import DiscoTree
    >>> t = DiscoTree.build(["NP", "S"], [[-1, -2], [0, -3]], ["DT", "NN", "VB"], 1, False)
    >>> [" ".join(x) for x in lineages(t)]
    ['NP ( S', 'NP ) S', 'S )']
    """
    paths: list[list[str]] = [[] for _ in tree.tags]
    if not tree.phrasal_root:
        return paths  # a tree that is one part of speech: no phrase above its word
    spans = tree.spans()
    # Built from the root down, as disco-dop walks the tree, then turned to read upwards.
    # A node's number is above its children's: from the highest down is top-down.
    for node in range(len(tree.labels) - 1, -1, -1):
        if node == tree.root and tree.root_deleted:
            continue
        words = spans[node]
        if not words:
            continue
        label = tree.labels[node]
        first, last = words[0], words[-1]
        if last - first + 1 == len(words):  # no gap: one opening, one closing
            path = paths[first]
            if first == last and ")" not in path:
                path.append(")")
            path.append(label)
            if "(" not in path:
                path.append("(")
            if first == last:
                continue
            for b in range(first + 1, last):
                paths[b].append(label)
            path = paths[last]
            if ")" not in path:
                path.append(")")
            path.append(label)
            continue
        inside = set(words)
        for b in words:
            path = paths[b]
            if b + 1 not in inside:
                if b == last:
                    if ")" not in path:
                        path.append(")")
                elif "]" not in path:
                    path.append("]")
            path.append(label)
            if b - 1 not in inside:
                if b == first:
                    if "(" not in path:
                        path.append("(")
                elif "[" not in path:
                    path.append("[")
    for path in paths:
        path.reverse()
    return paths


def lineage_distance(a: Sequence[str], b: Sequence[str]) -> int:
    """The Levenshtein distance of two lineages, label by label (unit costs).

    >>> lineage_distance(["NP", ")", "S"], ["(", "NP", "S"]), lineage_distance([], ["S"])
    (2, 1)
    """
    # What both share at either end costs nothing and changes no optimal alignment.
    start, end_a, end_b = 0, len(a), len(b)
    while start < end_a and start < end_b and a[start] == b[start]:
        start += 1
    while end_a > start and end_b > start and a[end_a - 1] == b[end_b - 1]:
        end_a -= 1
        end_b -= 1
    a, b = a[start:end_a], b[start:end_b]
    if not a or not b:
        return len(a) + len(b)
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        current = [i]
        for j, y in enumerate(b, start=1):
            best = previous[j - 1] + (x != y)
            if previous[j] + 1 < best:
                best = previous[j] + 1
            if current[j - 1] + 1 < best:
                best = current[j - 1] + 1
            current.append(best)
        previous = current
    return previous[-1]


KEEP, SUBSTITUTE, DELETE, INSERT = "=", "s", "d", "i"
"""The steps of an alignment (:func:`lineage_alignment`): a label of both lineages kept, a
gold label replaced by a parse label, a gold label the parse lacks, a parse label the gold
lacks."""


def lineage_alignment(a: Sequence[str], b: Sequence[str]) -> str:
    """One alignment of lineage ``a`` (the gold's) with ``b`` (the parse's) of least cost, the
    edits :func:`lineage_distance` counts: a string of :data:`KEEP`, :data:`SUBSTITUTE`,
    :data:`DELETE` (a label of ``a`` only) and :data:`INSERT` (of ``b`` only), in the
    lineages' order; its cost (every step but ``=``) is their distance.

    Of several alignments of least cost it takes, walking back from the root's end, a
    kept or substituted pair before a deletion, a deletion before an insertion: the same
    alignment every time, the one the HTML report draws.

    >>> lineage_alignment(["NP", ")", "(", "S"], ["(", "VP"])  # He of tests/test_leaf_ancestor.py
    'dd=s'
    >>> lineage_alignment(["(", "VP", "S", ")"], ["VP", ")"]), lineage_alignment([], ["S"])
    ('d=d=', 'i')
    """
    n, m = len(a), len(b)
    # The whole table of Wagner and Fischer (1974), kept to walk back through; a lineage
    # is a few labels, so n·m is small.
    table = [list(range(m + 1))]
    for i in range(1, n + 1):
        row = [i]
        above = table[-1]
        x = a[i - 1]
        for j in range(1, m + 1):
            row.append(min(above[j - 1] + (x != b[j - 1]), above[j] + 1, row[j - 1] + 1))
        table.append(row)
    steps: list[str] = []
    i, j = n, m
    while i or j:
        here = table[i][j]
        if i and j and here == table[i - 1][j - 1] + (a[i - 1] != b[j - 1]):
            steps.append(KEEP if a[i - 1] == b[j - 1] else SUBSTITUTE)
            i, j = i - 1, j - 1
        elif i and here == table[i - 1][j] + 1:
            steps.append(DELETE)
            i -= 1
        else:
            steps.append(INSERT)
            j -= 1
    return "".join(reversed(steps))


def word_score(gold: Sequence[str], parse: Sequence[str]) -> tuple[int, int]:
    """A word's distance and score in billionths, ``1 − d / (|gold| + |parse|)`` (1 for
    equal lineages, two empty ones too): what :func:`sentence_counts` adds up.

    >>> word_score(["NP", ")", "(", "S"], ["(", "VP"]), word_score([], [])
    ((3, 500000000), (0, 1000000000))
    """
    if list(gold) == list(parse):
        return 0, SCALE
    d = lineage_distance(gold, parse)
    return d, _word_billionths(d, len(gold) + len(parse))


@dataclass(frozen=True)
class WordLineages:
    """A word as Leaf-Ancestor compares it (:func:`word_lineages`): the HTML report's row."""

    position: int
    """The word's position in the sentence as read, from 0 (the transform's deleted words
    have none: they are not compared)."""
    gold: tuple[str, ...]
    """Its gold lineage, from the word up, with the boundary markers."""
    parse: tuple[str, ...]
    """Its parse lineage, the same way."""
    alignment: str
    """:func:`lineage_alignment` of the two."""
    distance: int
    """:func:`lineage_distance` of the two (the alignment's cost)."""
    score: int
    """``1 − distance / (|gold| + |parse|)`` in billionths (:func:`word_score`)."""


def word_lineages(view: DiscoView) -> list[WordLineages]:
    """Every compared word of a sentence with a parse: its lineages, their alignment, its
    distance and its score, from the functions the sentence's row is counted with.

    >>> from nltk_tedeval.metrics.disco_parseval import DiscoParsevalEvaluator
    >>> from nltk_tedeval.trees.discontinuous import DiscTree
    >>> gold = DiscTree.from_discbracket("(ROOT (S (NP (PRP 0=He)) (VP (VBD 1=left))))")
    >>> parse = DiscTree.from_discbracket("(ROOT (VP (PRP 0=He) (VBD 1=left)))")
    >>> view = DiscoParsevalEvaluator([], []).sentence_view(parse, gold)
    >>> [(w.position, " ".join(w.gold), " ".join(w.parse), w.alignment, w.score)
    ...  for w in word_lineages(view)]
    [(0, 'NP ) ( S', '( VP', 'dd=s', 500000000), (1, '( VP S )', 'VP )', 'd=d=', 666666667)]
    """
    gold, parse = view_lineages(view)
    if parse is None:
        raise ValueError("a missing parse has no lineages to align")
    renumber = view.renumber
    position = {new: old for old, new in renumber.items()}
    out = []
    for k, (g, p) in enumerate(zip(gold, parse, strict=True)):
        d, score = word_score(g, p)
        out.append(
            WordLineages(position.get(k, k), tuple(g), tuple(p), lineage_alignment(g, p), d, score)
        )
    return out


def view_lineages(view: DiscoView) -> tuple[list[list[str]], list[list[str]] | None]:
    """Every word's lineage in the gold and in the parse (``None`` for a missing parse),
    made once a sentence for its row and its groups."""
    got = view.cache.get("lineages")
    if got is None:
        parse = lineages(view.parse_tree()) if view.has_parse else None
        got = view.cache["lineages"] = (lineages(view.gold_tree()), parse)
    return got


def _word_billionths(d: int, length: int) -> int:
    """``1 − d / length`` in billionths, rounded half up (``length`` at least 1)."""
    return (2 * SCALE * (length - d) + length) // (2 * length)


def sentence_counts(view: DiscoView) -> tuple[int, int, int, int, int, int]:
    """(words, exact, word score, sentences, sentence score, exact sentences) of one
    sentence, the scores in billionths: the sentence's row of Leaf-Ancestor, before the
    ``_cut`` copies."""
    gold, parse = view_lineages(view)
    assert parse is not None
    n = len(gold)
    if n == 0:
        return 0, 0, 0, 0, 0, 0
    exact = word_score = 0
    matched: dict[int, int] = {}  # length -> sum of (length - d) of the words with d > 0
    for g, p in zip(gold, parse, strict=True):
        if g == p:
            exact += 1
            word_score += SCALE
            continue
        length = len(g) + len(p)
        d = lineage_distance(g, p)
        word_score += _word_billionths(d, length)
        matched[length] = matched.get(length, 0) + length - d
    # The sentence's mean exactly, as one fraction, then rounded once.
    common = lcm(*matched) if matched else 1
    num = exact * common + sum(m * (common // length) for length, m in matched.items())
    den = common * n
    return n, exact, word_score, 1, (2 * SCALE * num + den) // (2 * den), int(exact == n)


_BASE = ("la_words", "la_exact", "la_word_score", "la_sentences", "la_score", "la_exact_sentences")
COLUMNS = (*_BASE, *(f"{c}_cut" for c in _BASE))
"""Per-sentence columns: the words compared and those with equal lineages, the sum of the
words' scores and the sentence's score (in billionths), 1 for a sentence with a word, 1
for one whose every word has equal lineages; each again as ``NAME_cut``, 0 for a sentence
longer than the cut-off."""


def _count(view: DiscoView) -> tuple[int, ...]:
    row = sentence_counts(view)
    return (*row, *(row if view.cut else (0,) * len(row)))


def _zero(view: DiscoView) -> tuple[int, ...]:
    # A missing parse: every word compared, none right.
    n = len(view.gold_tree().tags)
    row = (n, 0, 0, 1 if n else 0, 0, 0)
    return (*row, *(row if view.cut else (0,) * len(row)))


def _measures(suffix: str) -> tuple[Measure, ...]:
    tail = suffix.upper()
    return (
        Measure(
            f"LA{tail}",
            (f"la_score{suffix}", f"la_sentences{suffix}"),
            billionths,
            "no word to compare",
        ),
        Measure(
            f"LA_WORDS{tail}",
            (f"la_word_score{suffix}", f"la_words{suffix}"),
            billionths,
            "no word to compare",
        ),
        Measure(
            f"LA_EXACT{tail}",
            (f"la_exact{suffix}", f"la_words{suffix}"),
            accuracy,
            "no word to compare",
        ),
        Measure(
            f"LA_EXACT_SENT{tail}",
            (f"la_exact_sentences{suffix}", f"la_sentences{suffix}"),
            accuracy,
            "no sentence with a word to compare",
        ),
    )


NO_LINEAGE = "(none)"
"""The group of a word with no phrase above it (right under a deleted root)."""
LINEAGE_COLUMNS = ("words", "word_score", "exact")
LINEAGE_KEY = GroupKey(
    "lineage",
    LINEAGE_COLUMNS,
    {
        "LA": Measure("LA", ("word_score", "words"), billionths, "no word to compare"),
        "LA_EXACT": Measure("LA_EXACT", ("exact", "words"), accuracy, "no word to compare"),
    },
    "words",
    "the word's gold lineage, its labels from the word up (CoreNLP's LeafAncestorEval table)",
)
"""``by="lineage"``: each gold lineage (labels without markers, from the word up), its words,
their mean score and the share with an equal lineage."""


def _lineage_groups(
    view: DiscoView, key: str, *, parse: bool = True
) -> Mapping[str, tuple[int, ...]]:
    # (A missing parse's view has no parse: ``parse`` says the same.)
    gold, test = view_lineages(view)
    by: dict[str, list[int]] = {}
    for i, g in enumerate(gold):
        group = " ".join(x for x in g if x not in MARKERS) or NO_LINEAGE
        row = by.get(group)
        if row is None:
            row = by[group] = [0, 0, 0]
        row[0] += 1
        if test is None:
            continue  # a missing parse: nothing right
        p = test[i]
        if g == p:
            row[1] += SCALE
            row[2] += 1
        else:
            row[1] += _word_billionths(lineage_distance(g, p), len(g) + len(p))
    return {group: tuple(row) for group, row in by.items()}


def _keys() -> dict[str, Any]:
    return {"lineage": LINEAGE_KEY}


LEAF_ANCESTOR = MeasureExtension(
    "leaf_ancestor",
    reads=(),
    columns=COLUMNS,
    derive=None,
    measures=(*_measures(""), *_measures("_cut")),
    tested=("LA",),
    count=_count,
    zero=_zero,
    keys=_keys(),
    group_rows=_lineage_groups,
    help="Leaf-Ancestor (Sampson and Babarczy 2003) as disco-dop's eval --la: LA, the mean "
    "of sentence means; LA_WORDS, the mean over words; LA_EXACT, words with equal lineages; "
    "LA_EXACT_SENT, sentences whose every word has them",
)
"""Leaf-Ancestor on disco-dop's ParsEval: ``extra_measures="LA"``, ``tedeval parseval --la``."""
