"""The CoNLL 2018 shared task's metrics, as its evaluation script defines them.

Zeman et al. (2018), "CoNLL 2018 Shared Task: Multilingual Parsing from Raw
Text to Universal Dependencies", §2.5, score a system that tokenized raw
text itself. Both files spell the same characters (whitespace aside), so
every token is a range of characters; the script ``conll18_ud_eval.py``
(v1.2) defines from there:

- **Tokens** and **Sentences**: a system token (sentence) is right when a
  gold one covers exactly its characters.
- **Words**: words are aligned through their token's characters; inside a
  *multiword span* (the smallest stretch of text that holds whole multiword
  tokens of either side) by a longest common subsequence of their
  lower-cased forms.
- Over aligned words: **UPOS**, **XPOS**, **UFeats** (universal features
  only), **AllTags**, **Lemmas** (a gold ``_`` accepts any lemma), **UAS**,
  **LAS** (relation subtypes stripped: ``nsubj:pass`` is ``nsubj``);
  **CLAS** (LAS over content relations), **MLAS** (CLAS that also needs
  UPOS, UFeats and the function-word children with their relation, UPOS and
  UFeats) and **BLEX** (CLAS that also needs the lemma).

Each metric has precision (over system items), recall (over gold items),
F1, and for the metrics of aligned words the *aligned accuracy* (over
aligned gold words). Following :mod:`nltk_tedeval.scoring.stats`, every
metric is four integer columns (``correct``, ``gold``, ``system``,
``aligned``) counted per *unit* (:mod:`nltk_tedeval.alignment`, the
smallest groups of sentences whose ends both files share); every score is a
:class:`~nltk_tedeval.scoring.stats.Measure` over their sums.

Files without relations (every DEPREL ``_``) are the one place where a
score here departs from the script's: the script compares ``_`` with ``_``
as a relation, so its LAS is then its UAS. With no word of either file
carrying a relation (the column ``relations`` counts those that do), LAS
has nothing to compare and is N/A with its reason (SPEC.md §5, §7); its
tables still print the script's figures, byte for byte. CLAS, MLAS and
BLEX need none of this: ``_`` is no content relation, so they have no item
on either side, N/A as every ratio of nothing.

Broken down by ``relation`` (``by="relation"``, SPEC.md §12.3), LAS, CLAS,
MLAS and BLEX keep the script's definitions over its own word alignment: a
gold word counts for the recall of its relation, a system word for the
precision of its own, and an aligned pair is correct in the one group of the
relation both share (a right LAS needs the same relation). The groups'
columns sum to the corpus's. Parts of speech and sentence length are not
offered: a pair right in LAS may have two parts of speech, so a group by
UPOS would have no precision, and a system word has no gold sentence when the
two files split sentences differently.

>>> from nltk_tedeval.reading.ud_words import read_ud_words_text
>>> row = "{}\\t{}\\t{}\\t{}\\t_\\t_\\t{}\\t{}\\t_\\t_\\n"
>>> gold = "".join(row.format(*w) for w in [(1, "I", "I", "PRON", 2, "nsubj"),
...                                         (2, "left", "leave", "VERB", 0, "root")])
>>> parse = "".join(row.format(*w) for w in [(1, "I", "I", "PRON", 2, "obj"),
...                                          (2, "left", "left", "VERB", 0, "root")])
>>> ev = Conll18Evaluator(read_ud_words_text(parse + "\\n"), read_ud_words_text(gold + "\\n"))
>>> [float(s) for s in ev.eval()]  # LAS, MLAS, BLEX F1
[0.5, 0.5, 0.0]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from ..alignment import CONLL18_NORMALIZATION, align_units
from ..alignment.multiword import align_words
from ..errors import OptionError, TedEvalError
from ..kinds import UD, Accepts, accepted
from ..records import require_corpus, unwrap
from ..scoring.bootstrap import DEFAULT_BOOTSTRAP_ROUNDS
from ..scoring.breakdown import Breakdown, breakdown_in, paired_groups
from ..scoring.groups import GroupCollector, GroupKey, GroupTable
from ..scoring.lengths import LeftOutByLength, LengthBounds
from ..scoring.options import RunOptions
from ..scoring.significance import DEFAULT_ROUNDS, DEFAULT_SEED, SignificanceResult
from ..scoring.stats import (
    Measure,
    RowBuffer,
    Score,
    Signature,
    StatsTable,
    accuracy,
    f_measure,
    precision,
    recall,
)
from ..trees.ud_words import UDSentence

__all__ = [
    "CONLL18_BREAKDOWNS",
    "CONLL18_METRICS",
    "CONTENT_RELATIONS",
    "FUNCTION_RELATIONS",
    "UNIVERSAL_FEATURES",
    "Conll18Evaluator",
]

CONLL18_METRICS: tuple[str, ...] = (
    "Tokens",
    "Sentences",
    "Words",
    "UPOS",
    "XPOS",
    "UFeats",
    "AllTags",
    "Lemmas",
    "UAS",
    "LAS",
    "CLAS",
    "MLAS",
    "BLEX",
)
"""The metrics in the order of the script's table."""

_SPAN_METRICS = ("Tokens", "Sentences", "Words")  # no aligned accuracy

CONTENT_RELATIONS = frozenset([
    "nsubj", "obj", "iobj", "csubj", "ccomp", "xcomp", "obl", "vocative", "expl", "dislocated",
    "advcl", "advmod", "discourse", "nmod", "appos", "nummod", "acl", "amod", "conj", "fixed",
    "flat", "compound", "list", "parataxis", "orphan", "goeswith", "reparandum", "root", "dep"
])  # fmt: skip
"""Relations of content words: the words CLAS, MLAS and BLEX score (§2.5)."""

FUNCTION_RELATIONS = frozenset(["aux", "cop", "mark", "det", "clf", "case", "cc"])
"""Relations of function words: MLAS asks for them as children of a content word."""

UNIVERSAL_FEATURES = frozenset([
    "PronType", "NumType", "Poss", "Reflex", "Foreign", "Abbr", "Gender", "Animacy", "Number",
    "Case", "Definite", "Degree", "VerbForm", "Mood", "Tense", "Aspect", "Voice", "Evident",
    "Polarity", "Person", "Polite"
])  # fmt: skip
"""The UD v2 universal features; UFeats ignores language-specific ones."""

_COUNTS = ("correct", "gold", "system", "aligned")
COLUMNS: tuple[str, ...] = (
    *(f"{m}.{c}" for m in CONLL18_METRICS for c in _COUNTS),
    "relations",  # words of either file whose DEPREL is not _
)

_NO_RELATION = "_"  # the DEPREL of a word without a relation (universal part)
_RELATION_METRICS = ("LAS",)  # the metrics that compare relations, whatever they are


def _given_relations(
    formula: Callable[[np.ndarray], np.ndarray],
) -> Callable[[np.ndarray], np.ndarray]:
    """``formula`` over all columns but the last, N/A where the last (``relations``) sums to 0."""

    def gated(totals: np.ndarray) -> np.ndarray:
        totals = np.asarray(totals)
        value = formula(totals[..., :-1])
        return np.where(totals[..., -1] > 0, value, np.nan)

    return gated


def _measures(script: bool = False) -> dict[str, Measure]:
    """Every measure; ``script=True``: as the script computes them, ``_`` a relation like any."""
    out: dict[str, Measure] = {}
    for m in CONLL18_METRICS:
        pr = (f"{m}.correct", f"{m}.gold", f"{m}.system")
        parts = [
            (m, pr, f_measure, "no item on either side"),
            (f"{m}.precision", pr, precision, "no system item"),
            (f"{m}.recall", pr, recall, "no gold item"),
        ]
        if m not in _SPAN_METRICS:
            acc = (f"{m}.correct", f"{m}.aligned")
            parts.append((f"{m}.aligned_accuracy", acc, accuracy, "no aligned word"))
        for name, columns, formula, why in parts:
            if m in _RELATION_METRICS and not script:
                columns = (*columns, "relations")
                formula = _given_relations(formula)
                why = f"no relation to compare (every DEPREL is _), or {why}"
            out[name] = Measure(name, columns, formula, why)
    return out


_SCRIPT_MEASURES = _measures(script=True)

_GROUP_METRICS = ("LAS", "CLAS", "MLAS", "BLEX")  # those that ask for the relation
RELATION_COLUMNS: tuple[str, ...] = (
    *(f"{m}.{c}" for m in _GROUP_METRICS for c in _COUNTS),
    "relations",  # words of either file in the group whose DEPREL is not _
)


def _relation_measures() -> dict[str, Measure]:
    """The corpus measures of :data:`_GROUP_METRICS`, over a relation's columns."""
    every = _measures()
    return {name: m for name, m in every.items() if name.split(".")[0] in _GROUP_METRICS}


CONLL18_BREAKDOWNS: dict[str, GroupKey] = {
    "relation": GroupKey(
        "relation",
        RELATION_COLUMNS,
        _relation_measures(),
        frequency="LAS.gold",
        help="the relation (universal part) of the word: the gold word's for recall and "
        "aligned accuracy, the system word's for precision",
        measure_names=(
            "LAS.precision",
            "LAS.recall",
            "LAS",
            "LAS.aligned_accuracy",
            "CLAS",
            "MLAS",
            "BLEX",
        ),
    ),
}
"""What the CoNLL 2018 metrics break down by (SPEC.md §12.3): the relation only."""


@dataclass(slots=True)
class _Word:
    """A word with everything the metrics compare, placed in its file's stream."""

    start: int  # the characters of its token, in the file's stream
    end: int
    multiword: bool  # part of a multiword token
    form: str  # lower-cased, for the LCS inside multiword spans
    unit: int
    parent: int  # index of its head in the file's word list; -1 for the root
    deprel: str  # the universal part only
    upos: str
    xpos: str
    feats: str  # universal features only, sorted
    lemma: str
    content: bool
    children: list[int]  # its function-word children, in word order
    deps: tuple[tuple[int, str], ...] | None = None  # enhanced edges, when read (SPEC.md §17)
    base: int = 0  # index of its sentence's first word in the file's word list


_FEATS: dict[str, str] = {}  # a FEATS cell's universal features: few distinct cells in a file


def _universal_feats(feats: str) -> str:
    found = _FEATS.get(feats)
    if found is None:
        found = "|".join(
            sorted(f for f in feats.split("|") if f.split("=", 1)[0] in UNIVERSAL_FEATURES)
        )
        if len(_FEATS) < 100_000:
            _FEATS[feats] = found
    return found


class _File:
    """One file's tokens, sentences and words as character spans of its stream."""

    def __init__(self) -> None:
        self.words: list[_Word] = []

    def add(
        self, placed: Sequence[Any], offset: int, unit: int
    ) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """Add a unit's sentences (``placed``); return their token and sentence spans."""
        tokens: list[tuple[int, int]] = []
        sentences: list[tuple[int, int]] = []
        for s in placed:
            sent: UDSentence = unwrap(s.item)[0]
            base = len(self.words)
            bounds = s.bounds
            sentences.append((offset + bounds[0], offset + bounds[-1]))
            edges = sent.deps
            for k, tok in enumerate(sent.tokens):
                start, end = offset + bounds[k], offset + bounds[k + 1]
                tokens.append((start, end))
                for j in range(tok.first, tok.last):
                    w = sent.words[j]
                    deprel = w.deprel.split(":")[0]
                    # The script drops Zs characters from a token's form, and so
                    # from a one-word token's word, but compares the words of a
                    # multiword token as written.
                    form = w.form if tok.multiword else CONLL18_NORMALIZATION(w.form)
                    self.words.append(
                        _Word(
                            start, end, tok.multiword, form.lower(), unit,
                            base + w.head - 1 if w.head else -1, deprel, w.upos, w.xpos,
                            _universal_feats(w.feats), w.lemma, deprel in CONTENT_RELATIONS, [],
                            None if edges is None else edges[j], base,
                        )
                    )  # fmt: skip
            for i in range(base, len(self.words)):
                w = self.words[i]
                if w.parent >= 0 and w.deprel in FUNCTION_RELATIONS:
                    self.words[w.parent].children.append(i)
        return tokens, sentences


def _matched_spans(gold: list[tuple[int, int]], system: list[tuple[int, int]]) -> int:
    """How many system spans a gold span equals (both sorted by start, as files are)."""
    correct = gi = si = 0
    while gi < len(gold) and si < len(system):
        g, s = gold[gi], system[si]
        if s[0] < g[0]:
            si += 1
        elif g[0] < s[0]:
            gi += 1
        else:
            correct += g[1] == s[1]
            gi += 1
            si += 1
    return correct


_NOT_ALIGNED = -2  # a system head with no aligned gold word; -1 is the root


class Conll18Evaluator:
    """The CoNLL 2018 shared task's metrics of a system's CoNLL-U against the gold.

    ``parsed_sents`` and ``gold_sents`` are sequences of
    :class:`~nltk_tedeval.trees.ud_words.UDSentence` (or the records
    :func:`~nltk_tedeval.reading.ud_words.read_ud_words` yields). They may
    hold different numbers of sentences and tokens: only their characters
    must agree (Zs spaces aside), or an
    :class:`~nltk_tedeval.alignment.AlignmentError` names the first
    difference. :meth:`eval` gives the official scores (LAS, MLAS and BLEX
    F1); :meth:`score` any measure: a metric's name is its F1, and
    ``"LAS.precision"``, ``"LAS.recall"``, ``"LAS.aligned_accuracy"`` the
    rest. :meth:`table` prints what the script prints. ``max_length=`` and
    ``min_length=`` keep the units whose gold sentences have that many words
    (SPEC.md §15), listed in :attr:`left_out_by_length`; the script scores the
    rest as it would.

    >>> from nltk_tedeval.reading import read_ud_words_text
    >>> gold = "1\\tGo\\tgo\\tVERB\\t_\\t_\\t0\\troot\\t_\\t_\\n"
    >>> gold += "2\\t!\\t!\\tPUNCT\\t_\\t_\\t1\\tpunct\\t_\\t_\\n\\n"
    >>> system = "1\\tGo!\\tgo\\tVERB\\t_\\t_\\t0\\troot\\t_\\t_\\n\\n"  # one token for two
    >>> ev = Conll18Evaluator(read_ud_words_text(system), read_ud_words_text(gold))
    >>> ev.counts("Tokens"), round(float(ev.score("Tokens")), 4)
    ({'correct': 0, 'gold': 2, 'system': 1, 'aligned': 0}, 0.0)
    """

    metric: ClassVar[str] = "conll18"
    signature_keys: ClassVar[dict[str, str]] = {
        "subtypes": "dependency relation subtypes cut at ':' (strip), as the script does",
    }
    measures: ClassVar[dict[str, Measure]] = _measures()
    primary: ClassVar[tuple[str, ...]] = ("LAS", "MLAS", "BLEX")
    columns: ClassVar[tuple[str, ...]] = COLUMNS
    table_metrics: ClassVar[tuple[str, ...]] = CONLL18_METRICS  # the rows of its table
    script_measures: ClassVar[dict[str, Measure]] = _SCRIPT_MEASURES

    def __init__(
        self,
        parsed_sents: Iterable[Any],
        gold_sents: Iterable[Any],
        *,
        options: RunOptions | None = None,
        **run: Any,
    ) -> None:
        self.options = RunOptions.of(options, **run)
        # The script's own definitions: it aligns tokens through their characters
        # itself, stops at the first bad sentence and knows no missing parse.
        fixed = RunOptions(
            progress=self.options.progress,
            statistics=self.options.statistics,
            by=self.options.by,
            bins=self.options.bins,
            # Which sentences are scored, not how: the script scores the rest as it would.
            min_length=self.options.min_length,
            max_length=self.options.max_length,
        )
        if self.options != fixed:
            changed = [
                name for name in RunOptions.names()
                if getattr(self.options, name) != getattr(fixed, name)
            ]  # fmt: skip
            raise OptionError(
                f"the CoNLL 2018 metrics are the script's own: {', '.join(changed)} would "
                "change them (it aligns tokens itself, stops at a bad sentence and has no "
                "missing parse)"
            )
        offered = self.available_breakdowns()
        unknown = [k for k in self.by if k not in offered]
        if unknown:
            raise OptionError(
                f"Conll18Evaluator has no breakdown by {', '.join(unknown)}; it has "
                f"{', '.join(offered)} (a pair of aligned words can have two parts of speech, "
                "and a system word no gold sentence, so only the relation defines its groups)"
            )
        # Other libraries' objects (a spaCy Doc, a conllu TokenList, stanza's
        # words) are read into tokens and words here (SPEC.md §13).
        self.parsed_sents = require_corpus(parsed_sents, "parsed_sents", "ud")
        self.gold_sents = require_corpus(gold_sents, "gold_sents", "ud")
        self._stats: StatsTable | None = None
        self._group_tables: dict[str, GroupTable] = {}
        self._unit_sizes: list[int] = []
        self.units = 0
        self.sentences = {"gold": 0, "system": 0}
        self.left_out_by_length: list[LeftOutByLength] = []
        """The gold sentences the length filter left out (SPEC.md §15): those of every unit
        whose gold words are outside the bounds, each with its unit's length."""

    breakdown_keys: ClassVar[dict[str, GroupKey]] = CONLL18_BREAKDOWNS

    @property
    def by(self) -> tuple[str, ...]:
        """The breakdown keys of the run (SPEC.md §12)."""
        return self.options.by

    def available_breakdowns(self) -> dict[str, GroupKey]:
        """The breakdown keys offered: ``relation`` (SPEC.md §12.3)."""
        return dict(self.breakdown_keys)

    @property
    def length_filter(self) -> LengthBounds | None:
        """The run's length filter (SPEC.md §15), or ``None``."""
        return self.options.length_filter

    @property
    def signature(self) -> Signature:
        return Signature(
            {
                "metric": self.metric,
                "align": "chars:ws=Zs",
                "subtypes": "strip",
                **self.options.length_fields(),
            },
            keys=self.signature_keys,
        )

    def run_counts(self) -> dict[str, int]:
        """The gold sentences ``read`` and ``scored`` (and ``length_filtered`` with a length
        filter), as a report counts them; the script knows no missing parse and stops at a
        bad sentence, so ``missing`` and ``skipped`` are 0."""
        _ = self.stats
        left_out = len(self.left_out_by_length)
        counts = {
            "read": self.sentences["gold"] + left_out,
            "scored": self.sentences["gold"],
            "missing": 0,
            "skipped": 0,
        }
        if self.length_filter is not None:
            counts["length_filtered"] = left_out
        return counts

    @property
    def stats(self) -> StatsTable:
        """One row per unit: the four counts of every metric (:data:`COLUMNS`)."""
        if self._stats is None:
            self._stats = self._compute()
        return self._stats

    def _compute(self) -> StatsTable:
        gold, system = _File(), _File()
        width = len(CONLL18_METRICS)
        spans: list[list[int]] = []  # per unit: Tokens and Sentences counts
        offset = 0
        units = align_units(
            self.gold_sents,
            self.parsed_sents,
            words=_token_forms,
            normalization=CONLL18_NORMALIZATION,
            roles=("gold", "system"),
            advice="the CoNLL 2018 metrics need the same characters on both sides, "
            "as its script does",
        )
        bounds = self.options.length_filter
        u = -1
        for unit in units:
            if bounds is not None and self._left_out(unit, bounds):
                offset += unit.length
                continue
            u += 1
            g_tok, g_sent = gold.add(unit.gold, offset, u)
            s_tok, s_sent = system.add(unit.test, offset, u)
            self.sentences["gold"] += len(unit.gold)
            self.sentences["system"] += len(unit.test)
            self._unit_sizes.append(len(unit.gold))
            spans.append(
                [_matched_spans(g_tok, s_tok), len(g_tok), len(s_tok),
                 _matched_spans(g_sent, s_sent), len(g_sent), len(s_sent)]
            )  # fmt: skip
            offset += unit.length
        self.units = n_units = len(spans)
        counts = np.zeros((n_units, width, 4), dtype=np.int64)
        index = {m: i for i, m in enumerate(CONLL18_METRICS)}
        for u, row in enumerate(spans):
            counts[u, index["Tokens"], :3] = row[:3]
            counts[u, index["Sentences"], :3] = row[3:]
        groups: list[dict[str, list[int]]] | None = None
        if "relation" in self.by:
            groups = [{} for _ in range(n_units)]
        pairs = align_words(gold.words, system.words)
        self._count_words(gold.words, system.words, counts, index, groups, pairs)
        if groups is not None:
            collector = GroupCollector(
                {"relation": self.breakdown_keys["relation"]},
                keep_rows=self.options.statistics == "rows",
            )
            for by_relation in groups:
                collector.add({"relation": by_relation})
            self._group_tables = collector.finish()
        relations = [0] * n_units
        for w in (*gold.words, *system.words):
            relations[w.unit] += w.deprel != _NO_RELATION
        extra = self._more_counts(gold.words, system.words, pairs, n_units)
        buf = RowBuffer(len(self.columns))
        for u in range(n_units):
            buf.append([*counts[u].reshape(-1).tolist(), relations[u], *extra[u]])
        return StatsTable(self.columns, buf.to_array())

    def _more_counts(
        self, gold: list[_Word], system: list[_Word], pairs: list[tuple[int, int]], n_units: int
    ) -> list[list[int]]:
        """Columns a variant of the metric adds after :data:`COLUMNS`, per unit (none here;
        the enhanced metrics' ELAS and EULAS, :mod:`.enhanced_ud`)."""
        return [[] for _ in range(n_units)]

    def _left_out(self, unit: Any, bounds: LengthBounds) -> bool:
        """Whether the length filter leaves ``unit`` out: by its gold sentences' words (a
        multiword token counting as its words), each then listed (SPEC.md §15)."""
        length = sum(len(unwrap(s.item)[0].words) for s in unit.gold)
        reason = bounds.reason(length)
        if reason is None:
            return False
        self.left_out_by_length += [
            LeftOutByLength(s.number, getattr(s.item, "sentence_id", None) or None, length, reason)
            for s in unit.gold
        ]
        return True

    @staticmethod
    def _count_words(
        gold: list[_Word],
        system: list[_Word],
        counts: np.ndarray,
        index: dict[str, int],
        groups: list[dict[str, list[int]]] | None = None,
        pairs: list[tuple[int, int]] | None = None,
    ) -> None:
        """Each metric's counts per unit; with ``groups``, each unit's relations' rows too."""
        if pairs is None:
            pairs = align_words(gold, system)
        to_gold = dict((s, g) for g, s in pairs)
        # Per word: which metrics count it (gold words for recall, system for precision).
        plain = [index[m] for m in CONLL18_METRICS if m not in ("Tokens", "Sentences")]
        content = [index["CLAS"], index["MLAS"], index["BLEX"]]
        # Summed per unit in Python, then added to the array in one step each: an element
        # of a numpy array costs more to update than a list's.
        n_units = counts.shape[0]
        others = [k for k in plain if k not in content]
        for side, words in ((1, gold), (2, system)):
            every, contents = [0] * n_units, [0] * n_units
            for w in words:
                every[w.unit] += 1
                if w.content:
                    contents[w.unit] += 1
            counts[:, others, side] += np.array(every, dtype=np.int64)[:, None]
            counts[:, content, side] += np.array(contents, dtype=np.int64)[:, None]
        width = counts.shape[1]
        right_rows = [[0] * width for _ in range(n_units)]
        aligned_rows = [[0] * width for _ in range(n_units)]

        def head(w: _Word) -> int:
            return -1 if w.parent < 0 else to_gold.get(w.parent, _NOT_ALIGNED)

        for gi, si in pairs:
            g, s = gold[gi], system[si]
            u = g.unit
            right = {
                "Words": True,
                "UPOS": g.upos == s.upos,
                "XPOS": g.xpos == s.xpos,
                "UFeats": g.feats == s.feats,
                "AllTags": (g.upos, g.xpos, g.feats) == (s.upos, s.xpos, s.feats),
                "Lemmas": g.lemma == "_" or g.lemma == s.lemma,
            }
            uas = g.parent == head(s)
            las = uas and g.deprel == s.deprel
            right["UAS"] = uas
            right["LAS"] = las
            if g.content:
                right["CLAS"] = las
                right["BLEX"] = las and right["Lemmas"]
                right["MLAS"] = (
                    las
                    and g.upos == s.upos
                    and g.feats == s.feats
                    and [(c, gold[c].deprel, gold[c].upos, gold[c].feats) for c in g.children]
                    == [
                        (
                            to_gold.get(c, _NOT_ALIGNED),
                            system[c].deprel,
                            system[c].upos,
                            system[c].feats,
                        )
                        for c in s.children
                    ]
                )
            right_row, aligned_row = right_rows[u], aligned_rows[u]
            for name, ok in right.items():
                k = index[name]
                aligned_row[k] += 1
                right_row[k] += ok
            if groups is not None:
                # A right LAS (CLAS, MLAS, BLEX) needs the same relation on both sides:
                # the pair is correct in the gold word's group, which is the system word's.
                row = _relation_row(groups[u], g.deprel)
                for j, name in enumerate(_GROUP_METRICS):
                    if name in right:
                        row[4 * j] += right[name]
                        row[4 * j + 3] += 1
        if n_units:
            counts[:, :, 0] += np.array(right_rows, dtype=np.int64)
            counts[:, :, 3] += np.array(aligned_rows, dtype=np.int64)
        counts[:, index["Words"], 3] = 0  # Words has no aligned accuracy
        if groups is not None:
            for side, words in ((1, gold), (2, system)):
                for w in words:
                    row = _relation_row(groups[w.unit], w.deprel)
                    row[-1] += w.deprel != _NO_RELATION
                    for j, name in enumerate(_GROUP_METRICS):
                        if name == "LAS" or w.content:
                            row[4 * j + side] += 1

    # -- breakdowns (SPEC.md §12) -------------------------------------------------

    @property
    def group_tables(self) -> dict[str, GroupTable]:
        """The statistics of every group of every key of ``by``, by key (one row per unit)."""
        _ = self.stats
        return dict(self._group_tables)

    def breakdown(
        self,
        key: str,
        *,
        average: str = "micro",
        ci: float | None = None,
        rounds: int = DEFAULT_BOOTSTRAP_ROUNDS,
        seed: int = DEFAULT_SEED,
    ) -> Breakdown:
        """The scores of every group of ``key`` (``"relation"``), as :class:`Score` objects;
        ``average="macro"`` averages over units, ``ci`` resamples units."""
        return breakdown_in(
            self.group_tables, self.by, key, self.signature,
            average=average, ci=ci, rounds=rounds, seed=seed,
        )  # fmt: skip

    def breakdowns(self, **options: Any) -> dict[str, Breakdown]:
        """:meth:`breakdown` of every key of ``by``, in order."""
        return {key: self.breakdown(key, **options) for key in self.by}

    def group_significance(
        self,
        other: Conll18Evaluator,
        key: str,
        name: str,
        *,
        rounds: int = DEFAULT_ROUNDS,
        seed: int = DEFAULT_SEED,
    ) -> dict[str, SignificanceResult]:
        """The paired randomization test of every group of ``key`` on measure ``name``.

        The two systems are paired unit by unit, so both must split the gold into
        the same units (as two systems that keep the gold's sentences do).
        """
        if self._unit_sizes != other._unit_sizes:
            raise OptionError(
                "a paired test pairs units of aligned sentences, and the two systems split "
                "the gold into different units (they split its sentences differently)"
            )
        return paired_groups(
            self.group_tables, other.group_tables, key, name, rounds=rounds, seed=seed
        )

    def measure(self, name: str) -> Measure:
        try:
            return self.measures[name]
        except KeyError:
            raise OptionError(
                f"the CoNLL 2018 metrics have no measure {name!r}; they have "
                f"{', '.join(sorted(self.measures))}"
            ) from None

    def score(self, name: str, *, average: str = "micro") -> Score:
        """The corpus (``"micro"``) or per-unit ``"macro"`` score of one measure."""
        return Score.from_table(
            self.stats, self.measure(name), signature=self.signature, average=average
        )

    def scores(self, *, average: str = "micro") -> dict[str, Score]:
        return {name: self.score(name, average=average) for name in self.measures}

    def eval(self) -> tuple[Score, ...]:
        """LAS, MLAS and BLEX F1: the shared task's official scores."""
        return tuple(self.score(name) for name in self.primary)

    def counts(self, metric: str) -> dict[str, int]:
        """``correct``, ``gold``, ``system`` and ``aligned`` of one metric, summed."""
        totals = self.stats.totals([f"{metric}.{c}" for c in _COUNTS]).tolist()
        return dict(zip(_COUNTS, totals, strict=True))

    def results(self, *, script: bool = False) -> dict[str, dict[str, float | int | None]]:
        """Every metric as the script computes it, under its names.

        ``precision``, ``recall``, ``f1`` and ``aligned_accuracy`` are
        ``None`` where nothing was there to score (the script prints 0 for
        those), LAS's too where no word carries a relation (every DEPREL
        ``_``), unless ``script=True`` asks for the script's figures there
        (``_`` = ``_``); ``aligned_accuracy`` is ``None`` for Tokens,
        Sentences and Words, which are not scored over aligned words.
        """
        measures = self.script_measures if script else self.measures
        out: dict[str, dict[str, float | int | None]] = {}
        for m in self.table_metrics:
            entry: dict[str, float | int | None] = dict(self.counts(m))
            names = {
                "precision": f"{m}.precision",
                "recall": f"{m}.recall",
                "f1": m,
                "aligned_accuracy": f"{m}.aligned_accuracy",
            }
            for key, name in names.items():
                if name not in measures:
                    entry[key] = None
                    if key == "aligned_accuracy":
                        entry["aligned"] = None
                    continue
                value = self.stats.corpus(measures[name])
                entry[key] = None if math.isnan(value) else value
            out[m] = entry
        return out

    def table(self, style: str = "verbose") -> str:
        """What ``conll18_ud_eval.py`` prints.

        ``style`` is ``"verbose"`` (its ``-v`` table), ``"counts"`` (``-c``)
        or ``"short"`` (the three official scores).

        Byte for byte, without the final newline; a score with nothing to
        score prints as 0.00, as the script prints it, and LAS over files
        without relations prints the script's figure (its UAS).
        """
        results = self.results(script=True)

        def pct(value: float | int | None) -> float:
            return 100 * (value or 0.0)

        if style == "short":
            return "\n".join(
                f"{m} {'F1 ' if m in ('LAS', 'ELAS', 'EULAS') else ''}Score: "
                f"{pct(results[m]['f1']):.2f}"
                for m in self.primary
            )
        if style not in ("verbose", "counts"):
            raise OptionError(f"style must be 'verbose', 'counts' or 'short', not {style!r}")
        if style == "counts":
            lines = ["Metric     | Correct   |      Gold | Predicted | Aligned"]
        else:
            lines = ["Metric     | Precision |    Recall |  F1 Score | AligndAcc"]
        lines.append("-----------+-----------+-----------+-----------+-----------")
        for m in self.table_metrics:
            r = results[m]
            if style == "counts":
                # The script prints a total of 0 aligned words as a blank, as it
                # prints the rows that have no aligned total at all.
                aligned = r["aligned"] or (r["correct"] if m == "Words" else "")
                lines.append(
                    f"{m:11}|{r['correct']:10} |{r['gold']:10} |{r['system']:10} |{aligned:10}"
                )
            else:
                acc = "" if m in _SPAN_METRICS else f"{pct(r['aligned_accuracy']):10.2f}"
                lines.append(
                    f"{m:11}|{pct(r['precision']):10.2f} |{pct(r['recall']):10.2f} "
                    f"|{pct(r['f1']):10.2f} |{acc}"
                )
        return "\n".join(lines)


def _relation_row(groups: dict[str, list[int]], relation: str) -> list[int]:
    row = groups.get(relation)
    if row is None:
        row = groups[relation] = [0] * len(RELATION_COLUMNS)
    return row


def _token_forms(item: Any) -> list[str]:
    sent, where, error = unwrap(item)
    if error is not None:
        raise error
    try:
        accepted(sent, CONLL18_INPUTS)
    except TedEvalError as err:
        raise err.locate(**where) from None
    return [t.form for t in sent.tokens]


CONLL18_INPUTS = Accepts(
    (UD,),
    lambda sent, kind, side: TedEvalError(
        f"the CoNLL 2018 metrics read CoNLL-U sentences with their tokens and words "
        f"(UDSentence, as read_ud_words reads them), not {type(sent).__name__}"
    ),
)
"""What the CoNLL 2018 metrics score: CoNLL-U sentences, tokens and words (no tree kind)."""
