"""Attachment scores (LAS, UAS, LA), the undirected score and NED.

Every score here is a ratio of tokens: a token is *scored* (counted in the
denominator) unless it is punctuation and the caller asked to exclude
punctuation, and it is *correct* (counted in the numerator) when its predicted
attachment passes the measure's test against the gold tree:

- **UAS**: the predicted head is the gold head.
- **LA** (label accuracy): the predicted relation is the gold relation.
- **LAS**: both.
- **UNDIRECTED** (Klein and Manning 2004, as defined by Schwartz et al. 2011,
  §5): the predicted head is the gold head or a gold *child* of the token, so
  an arc is right whichever way it points.
- **NED**, Neutral Edge Direction (Schwartz et al. 2011, §5): as UNDIRECTED, or
  the predicted head is the gold *grandparent*. This forgives both tokens of an
  edge-flip, where UNDIRECTED still penalises one of them (§5, Figure 3).

The root (address 0) counts as a head like any other (SPEC.md §7): a token
whose gold head hangs from the root has the root as its gold grandparent.

LA and LAS compare relations, and a sentence where no scored token carries one,
in the gold or in the parse (nltk's three-column files, CoNLL ``_``), has none
to compare: its tokens are left out of their denominator (``labeled_tokens``),
as TedEval leaves out the labeled items of a comparison without a function
label (SPEC.md §5, §7). A corpus without any relation has no LA and no LAS:
N/A with its reason, never the 1.0 that ``_`` = ``_`` would give.

Following the "statistics, then scores" design of :mod:`nltk_tedeval.scoring.stats`,
each sentence becomes one row of integer counts (the columns of
:data:`ATTACHMENT_COLUMNS`); every score is a :class:`~nltk_tedeval.scoring.stats.Measure`
over the summed columns, so the macro average and the paired significance test
come from :class:`~nltk_tedeval.scoring.evaluator.Evaluator` for all five scores.

"I want to eat" with the edge between "to" and "eat" flipped (§5, Figure 2):
"to" now hangs from "want", its gold grandparent, which only NED accepts.

>>> words = ("I", "want", "to", "eat")
>>> gold = DependencyTree(words, heads=(2, 0, 4, 2), rels=("nsubj", "root", "mark", "xcomp"))
>>> parse = DependencyTree(words, heads=(2, 0, 2, 3), rels=("nsubj", "root", "xcomp", "mark"))
>>> ev = AttachmentEvaluator([parse], [gold])
>>> las, uas = ev.eval()
>>> float(las), float(uas), float(ev.score("UNDIRECTED")), float(ev.score("NED"))
(0.5, 0.5, 0.75, 1.0)
"""

from __future__ import annotations

import reprlib
import unicodedata
import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from ..alignment import AlignedSentence, Unit
from ..errors import InputFormatError, OptionError, TedEvalError, TreeStructureError
from ..kinds import CONSTITUENCY, DEPENDENCY, Accepts, Kind, accepted, tree_family
from ..records import unwrap
from ..scoring.evaluator import Evaluator
from ..scoring.groups import Grouped, GroupKey
from ..scoring.missing import ZERO
from ..scoring.options import RunOptions
from ..scoring.stats import Measure, accuracy
from ..trees.dependency import DependencyTree, from_dependency_graph, strip_subtype
from ..trees.kinds import flat_parse, has_text, kind_name, text_length, text_tokens, tree_words
from ..trees.tokens import check_yields
from .aligned_attachment import (
    ALIGNED_COLUMNS,
    ALIGNED_MEASURES,
    Node,
    aligned_row,
    word_alignment,
)
from .attachment_groups import ATTACHMENT_KEYS, morphology_fields, token_groups, valued_key
from .non_tree_parses import KEPT, PlacingScorer, non_tree_errors, non_tree_warning

if TYPE_CHECKING:
    from nltk.parse import DependencyGraph

__all__ = [
    "ATTACHMENT_COLUMNS",
    "ATTACHMENT_MEASURES",
    "LA",
    "LAS",
    "NED",
    "NO_RELATION",
    "UAS",
    "UNDIRECTED",
    "AlignedAttachmentView",
    "AttachmentEvaluator",
    "AttachmentView",
    "RelationScore",
    "is_punctuation",
]


class AttachmentView(NamedTuple):
    """One sentence as attachment compares it, for the measures that count their columns
    from the trees (:class:`~nltk_tedeval.scoring.extensions.MeasureExtension`'s
    ``count``; root accuracy): both trees' heads (1-based, 0 the root; ``parse_heads``
    ``None`` for a missing parse) and which tokens are scored (``None``: all)."""

    gold_heads: Sequence[int]
    parse_heads: Sequence[int] | None
    scored: Sequence[bool] | None


class AlignedAttachmentView(NamedTuple):
    """A unit of aligned sentences (SPEC.md §11) as attachment compares it, for the
    counting measures' versions over aligned words: each side's heads and scored words
    per sentence of the unit (a parse's heads ``None`` where it is missing), and each
    aligned parse word's gold word, ``(sentence, token)`` 0-based (the root ``(-1, -1)``
    to the root). A unit whose sides have the same tokens comes as an
    :class:`AttachmentView` instead."""

    gold_heads: Sequence[Sequence[int]]
    parse_heads: Sequence[Sequence[int] | None]
    gold_scored: Sequence[Sequence[bool]]
    parse_scored: Sequence[Sequence[bool]]
    to_gold: Mapping[Node, Node]


ATTACHMENT_COLUMNS: tuple[str, ...] = (
    "tokens",  # tokens scored (all, or all but punctuation)
    "head",  # ... whose predicted head is the gold head
    "label",  # ... whose predicted relation is the gold relation
    "head_label",  # ... with both right
    "undirected",  # ... whose predicted head is the gold head or a gold child
    "ned",  # ... or else the gold grandparent
    "labeled_tokens",  # tokens scored, if a scored token of either side has a relation
)
"""The per-sentence sufficient statistics, one StatsTable column each.

``label`` and ``head_label`` count over ``labeled_tokens``: a sentence in which
no scored token of the gold or the parse carries a relation has 0 in all three,
as it has nothing to compare in LA and LAS (SPEC.md §5, §7)."""

_NO_TOKEN = "no token scored"
_NOTHING_LABELED = "no relation to compare: no scored token carries one, in the gold or the parse"
LAS = Measure("LAS", ("head_label", "labeled_tokens"), accuracy, _NOTHING_LABELED)
UAS = Measure("UAS", ("head", "tokens"), accuracy, _NO_TOKEN)
LA = Measure("LA", ("label", "labeled_tokens"), accuracy, _NOTHING_LABELED)
UNDIRECTED = Measure("UNDIRECTED", ("undirected", "tokens"), accuracy, _NO_TOKEN)
NED = Measure("NED", ("ned", "tokens"), accuracy, _NO_TOKEN)
ATTACHMENT_MEASURES: dict[str, Measure] = {m.name: m for m in (LAS, UAS, LA, UNDIRECTED, NED)}

NO_RELATION = "_"
"""How the per-relation breakdown names a token without a relation."""

PUNCT_OPTIONS = ("include", "exclude", "unicode", "ptb-pos", "upos", "relation", "spacy")
"""How punctuation is decided (SPEC.md §7), always on the gold token: ``include`` scores
every token (CoNLL 2018); ``exclude`` (``unicode`` is its other name) leaves out a token
whose form is all Unicode punctuation (CoNLL-X eval.pl, nltk); ``ptb-pos`` one whose gold
POS tag is a PTB punctuation tag (PTB_PUNCT_TAGS: English PTB-dependency papers from Chen
and Manning 2014); ``upos`` one whose gold UPOS is PUNCT; ``relation`` one whose gold
relation is ``punct`` (subtypes too); ``spacy`` one whose gold relation is ``p`` or
``punct`` in any case, the gold side of spaCy's ``Scorer.score_deps``."""

PTB_PUNCT_TAGS = frozenset({"``", "''", ",", ".", ":"})
"""The PTB tags of punctuation that English dependency papers leave out (Chen and Manning
2014, and the Stanford parser's evaluation after them)."""

# The presets that read only a token's form can judge either side's words under alignment.
FORM_PUNCT = ("exclude", "unicode")

EXCLUDE_FIELDS = ("form", "lemma", "upos", "xpos", "feats", "deprel")
"""What ``exclude=`` can leave tokens out by, on the gold token (MaltEval's
ExcludeWordforms, ExcludeLemmas, ExcludeCpostags, ExcludePostags, ExcludeFeats and
ExcludeDeprels); a FEATS value is the whole cell, as MaltEval compares it."""


def check_exclude(value: Any) -> tuple[tuple[str, frozenset[str]], ...]:
    """``exclude=`` as sorted ``(field, values)`` pairs: a mapping of a field to its values,
    or ``"FIELD=V,V"`` texts (``--exclude``).

    >>> [(f, sorted(v)) for f, v in check_exclude({"xpos": ["$", "#"], "form": "--"})]
    [('form', ['--']), ('xpos', ['#', '$'])]
    >>> [(f, sorted(v)) for f, v in check_exclude(["deprel=punct,p"])]
    [('deprel', ['p', 'punct'])]
    """
    if not value:
        return ()
    items: list[tuple[str, Any]] = []
    if isinstance(value, Mapping):
        items = list(value.items())
    else:
        for text in [value] if isinstance(value, str) else value:
            field, eq, values = str(text).partition("=")
            if not eq or not values:
                raise OptionError(f"exclude takes FIELD=V[,V...] such as xpos=$,#, not {text!r}")
            items.append((field.strip(), [v for v in values.split(",") if v != ""]))
    out: dict[str, set[str]] = {}
    for field, values in items:
        if field not in EXCLUDE_FIELDS:
            raise OptionError(
                f"exclude leaves tokens out by {', '.join(EXCLUDE_FIELDS)}, not {field!r}"
            )
        if isinstance(values, str):
            values = [values]
        out.setdefault(field, set()).update(str(v) for v in values)
    return tuple((f, frozenset(v)) for f, v in sorted(out.items()) if v)
_PUNCT_CATEGORIES = frozenset({"Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po"})


@lru_cache(maxsize=1 << 16)
def is_punctuation(token: str) -> bool:
    """True when every character of ``token`` is Unicode punctuation (categories P*).

    This is the test of CoNLL-X ``eval.pl`` and of nltk's
    ``DependencyEvaluator``. The token is taken as written, so a PTB escape
    such as ``-LRB-`` is a word, as in both of those tools. Like nltk, the
    empty string counts as punctuation (nothing in it is anything else).

    >>> is_punctuation("..."), is_punctuation("«"), is_punctuation("U.S."), is_punctuation("$")
    (True, True, False, False)
    """
    # The cache matters: a corpus has few distinct punctuation-like forms, and
    # the category lookup per character is the costliest part of this test.
    return all(unicodedata.category(ch) in _PUNCT_CATEGORIES for ch in token)


@dataclass(frozen=True)
class RelationScore:
    """Precision and recall of one relation label, over the scored tokens.

    ``gold`` and ``predicted`` count tokens whose gold (predicted) relation is
    :attr:`relation`; ``label_correct`` counts tokens where both are, and
    ``head_label_correct`` those that also have the right head. The ``label_*``
    figures are CoNLL-X ``eval.pl``'s "precision and recall of DEPREL"; the
    ``las_*`` figures those of "DEPREL + ATTACHMENT". Undefined ratios
    (nothing predicted, say) are NaN.
    """

    relation: str
    gold: int
    predicted: int
    label_correct: int
    head_label_correct: int

    @property
    def label_precision(self) -> float:
        return _ratio(self.label_correct, self.predicted)

    @property
    def label_recall(self) -> float:
        return _ratio(self.label_correct, self.gold)

    @property
    def label_f1(self) -> float:
        return _ratio(2 * self.label_correct, self.gold + self.predicted)

    @property
    def las_precision(self) -> float:
        return _ratio(self.head_label_correct, self.predicted)

    @property
    def las_recall(self) -> float:
        return _ratio(self.head_label_correct, self.gold)

    @property
    def las_f1(self) -> float:
        return _ratio(2 * self.head_label_correct, self.gold + self.predicted)

    def as_dict(self) -> dict[str, object]:
        """Counts and ratios, JSON-ready (``None`` for undefined ratios)."""
        out: dict[str, object] = {
            "relation": self.relation,
            "gold": self.gold,
            "predicted": self.predicted,
            "label_correct": self.label_correct,
            "head_label_correct": self.head_label_correct,
        }
        for name in (
            "label_precision",
            "label_recall",
            "label_f1",
            "las_precision",
            "las_recall",
            "las_f1",
        ):
            value = getattr(self, name)
            out[name] = None if value != value else value  # NaN is not JSON
        return out


def _ratio(num: int, den: int) -> float:
    return num / den if den else float("nan")


class AttachmentEvaluator(Evaluator):
    """LAS and UAS with nltk's call shape, plus LA, UNDIRECTED and NED by name.

    ``parsed_sents`` and ``gold_sents`` hold ``nltk.parse.DependencyGraph``
    or :class:`~nltk_tedeval.trees.dependency.DependencyTree` objects, one parse per
    gold sentence, over the same tokens (compared after undoing PTB escapes).
    Attachment needs only a head per token, so, as in CoNLL-X ``eval.pl``
    and nltk, a parse whose heads do not form a tree (a cycle, a token that
    is its own head) is still scored, token by token; :attr:`non_trees`
    counts such parses, :attr:`non_tree_parses` says where the first few
    are, and a :class:`~nltk_tedeval.errors.NonTreeParseWarning` says so
    (several tokens on the root make a tree, SPEC.md §3.1). A gold must be a
    tree. A head outside the sentence, a missing head, a gold that is not a
    tree or a yield mismatch raises a
    :class:`~nltk_tedeval.errors.TedEvalError` naming the sentence (from 1)
    and the token.

    LA and LAS compare relations only in sentences where a scored token of
    the gold or the parse carries one (not ``None``, ``_`` or empty): with no
    relation anywhere they are N/A, with their reason (SPEC.md §5, §7).

    ``punct="include"`` (default, CoNLL 2018) scores every token;
    ``punct="exclude"`` leaves out tokens made only of punctuation
    (:func:`is_punctuation`, decided on the gold token), as CoNLL-X
    ``eval.pl`` and nltk's ``DependencyEvaluator`` do; LAS and UAS then equal
    nltk's. ``strip_subtypes=True`` compares ``nsubj:pass`` as ``nsubj``.
    A missing parse (``None``) follows ``missing`` (SPEC.md §10).

    :meth:`eval` returns ``(LAS, UAS)`` as nltk does; :meth:`score` gives any
    of :data:`ATTACHMENT_MEASURES`, micro (default) or macro.

    >>> words = ("John", "saw", "Mary", ".")
    >>> gold = DependencyTree(words, (2, 0, 2, 2), ("nsubj", "root", "obj", "punct"))
    >>> parse = DependencyTree(words, (2, 0, 1, 2), ("nsubj", "root", "obj", "punct"))
    >>> las, uas = AttachmentEvaluator([parse], [gold], punct="exclude").eval()
    >>> round(las, 4), round(uas, 4)
    (0.6667, 0.6667)
    >>> # NED forgives flips, not a sibling attachment: Mary is wrong, so 3 of 4.
    >>> float(AttachmentEvaluator([parse], [gold]).score("NED"))
    0.75
    >>> # Without relations, nothing to compare in LAS: N/A, not UAS again.
    >>> bare = AttachmentEvaluator([DependencyTree(words, (2, 0, 1, 2))],
    ...                            [DependencyTree(words, (2, 0, 2, 2))])
    >>> bare.score("LAS").format(), bare.score("LAS").reason, float(bare.score("UAS"))
    ('n/a', 'no relation to compare: no scored token carries one, in the gold or the parse', 0.75)
    """

    measures: ClassVar[dict[str, Measure]] = ATTACHMENT_MEASURES
    primary: ClassVar[tuple[str, ...]] = ("LAS", "UAS")
    columns: ClassVar[tuple[str, ...]] = ATTACHMENT_COLUMNS
    # Over aligned words, each score is a precision, a recall and their F1 (SPEC.md §11).
    aligned_columns: ClassVar[tuple[str, ...] | None] = ALIGNED_COLUMNS
    aligned_measures: ClassVar[dict[str, Measure] | None] = ALIGNED_MEASURES
    shown_measures: ClassVar[tuple[str, ...]] = ("LAS", "UAS", "LA", "UNDIRECTED", "NED")
    # A measure that is N/A (LAS without a relation to compare) is reported not tested,
    # beside the tests of the others (SPEC.md §6).
    tested_measures: ClassVar[tuple[str, ...] | None] = ("LAS", "UAS", "NED")
    measure_extensions: ClassVar[tuple[Any, ...]] = (
        "nltk_tedeval.metrics.complete_match:COMPLETE_MATCH",
        "nltk_tedeval.metrics.malteval_measures:MALTEVAL_MEASURES",
        "nltk_tedeval.metrics.root_accuracy:ROOT_ACCURACY",
    )
    counts_measures: ClassVar[bool] = True
    metric: ClassVar[str] = "attachment"
    parse_kind: ClassVar[str | None] = "dependency"
    signature_keys: ClassVar[dict[str, str]] = {
        "punct": "punctuation tokens scored (include) or left out, decided on the gold token "
        "by its form (exclude, unicode), PTB tag (ptb-pos), UPOS (upos) or relation "
        "(relation, spacy)",
        "exclude": "tokens also left out by the gold token's form, lemma, UPOS, XPOS, features "
        "or relation (field=values+...), absent when none",
        "subtypes": "dependency relation subtypes kept (keep) or cut at ':' (strip)",
    }
    # Its reports read sums and macro averages: the command line keeps no row per
    # sentence, only its scores.
    reads_rows: ClassVar[bool] = False
    reads_macro: ClassVar[bool] = True
    breakdown_keys: ClassVar[dict[str, GroupKey]] = ATTACHMENT_KEYS

    _flat_parse = staticmethod(flat_parse)
    _gold_words = staticmethod(tree_words)
    _gold_length = staticmethod(text_length)
    _has_text = staticmethod(has_text)

    def __init__(
        self,
        parsed_sents: Sequence[DependencyGraph | DependencyTree],
        gold_sents: Sequence[DependencyGraph | DependencyTree],
        *,
        punct: str = "include",
        exclude: Any = None,
        strip_subtypes: bool = False,
        options: RunOptions | None = None,
        **run: Any,
    ) -> None:
        if punct not in PUNCT_OPTIONS:
            raise OptionError(f"punct must be one of {PUNCT_OPTIONS}, not {punct!r}")
        super().__init__(
            parsed_sents,
            gold_sents,
            options=options,
            **run,
        )
        self.exclude = check_exclude(exclude)
        by_tags = [f for f, _ in self.exclude if f != "form"]
        if self.align is not None and by_tags:
            raise OptionError(
                f"exclude by {', '.join(by_tags)} decides by the gold token, which a parse word "
                "of another tokenization has no gold token to take from; under align exclude "
                "leaves words out by form only"
            )
        if self.align is not None and punct not in ("include", *FORM_PUNCT):
            raise OptionError(
                f"punct={punct!r} decides by the gold token's tag or relation, which a parse "
                "word of another tokenization has no gold token to take from; under align "
                "punct is include, exclude or unicode (by the form of each side's words)"
            )
        self.punct = punct
        self.strip_subtypes = strip_subtypes
        self._relations: dict[str, RelationScore] | None = None
        # The gold columns kept only on request that the run's keys and exclusions read.
        self._morphology = morphology_fields(self.by, [f for f, _ in self.exclude])

    def signature_fields(self) -> dict[str, object]:
        fields = super().signature_fields() | {"punct": self.punct}
        if self.exclude:
            # Values joined by spaces: a tag may be a comma (the PTB's ",").
            fields["exclude"] = "+".join(f"{f}={' '.join(sorted(v))}" for f, v in self.exclude)
        return fields | {"subtypes": "strip" if self.strip_subtypes else "keep"}

    # -- statistics -----------------------------------------------------------

    def _start(self) -> None:
        # Per relation: [gold, predicted, label_correct, head_label_correct].
        self._counts: dict[str, list[int]] = {}
        self._excluded = 0
        self._non_trees = {"parse": 0, "gold": 0}
        self._non_tree_parses: list[TedEvalError] = []

    @classmethod
    def _scorer(cls, evaluators: Sequence[Evaluator]) -> Any:
        return PlacingScorer(super()._scorer(evaluators))

    def _sentence_stats(self, parsed: Any, gold: Any) -> tuple[tuple[int, ...], Any]:
        if isinstance(parsed, Unit):
            return self._unit_stats(parsed)
        parse_tree = _as_tree(parsed, "parse")
        gold_tree = self._gold_tree(gold)
        check_yields([gold_tree.words, parse_tree.words], ["gold", "parse"])
        scored = self._scored(gold_tree)
        counts: dict[str, list[int]] = {}
        gold_rels, parse_rels = self._rels(gold_tree), self._rels(parse_tree)
        labeled = _carry_relations((gold_rels, parse_rels), scored)
        # The groups by relation come out of the row's own pass over the tokens.
        relation_rows: dict[str, list[int]] | None = {} if "relation" in self.by else None
        row = _sentence_row(
            gold_tree.heads,
            parse_tree.heads,
            gold_rels,
            parse_rels,
            scored,
            counts,
            labeled,
            relation_rows,
        )
        note: Any = (
            counts,
            0 if scored is None else scored.count(False),
            non_tree_errors([parse_tree]),
            not gold_tree.is_tree(),
        )
        counted: tuple[int, ...] = ()
        if self.extra is not None and self.extra.counted:
            # The measures that read the trees (root accuracy) count here.
            view = AttachmentView(gold_tree.heads, parse_tree.heads, scored)
            counted = self.extra.count(view)
        if self.by:
            note = Grouped(
                note,
                self._with_counted(
                    token_groups(
                        gold_tree,
                        parse_tree,
                        gold_rels,
                        parse_rels,
                        scored,
                        labeled,
                        self.by,
                        self._bins,
                        self.sentence_where,
                        row=row,
                        relation_rows=relation_rows,
                    ),
                    counted,
                ),
            )
        return (*row, *counted) if counted else row, note

    def _with_counted(
        self, groups: dict[str, dict[str, tuple[int, ...]]], counted: tuple[int, ...]
    ) -> dict[str, dict[str, tuple[int, ...]]]:
        """``groups`` with the counted columns on the rows of the keys whose groups hold
        whole sentences (each the sentence's one group), as their keys' columns say."""
        if not counted:
            return groups
        keys = self.breakdown_keys
        for name, rows in groups.items():
            key = keys.get(name)
            if key is not None and key.whole:
                groups[name] = {g: (*r, *counted) for g, r in rows.items()}
        return groups

    def available_breakdowns(self) -> dict[str, GroupKey]:
        # Under alignment a row is a unit and a word may have no counterpart: the
        # groups of one-to-one tokens are not defined there (SPEC.md §12.3).
        if self.align is not None:
            return {}
        keys = dict(self.breakdown_keys)
        # A key that takes a value is offered with the values the run asks for (feats=Case).
        keys.update((k, v) for k in self.by if k not in keys and (v := valued_key(k)) is not None)
        return keys

    @property
    def _bins(self) -> dict[str, Any]:
        # Every binned key's, a word key of one's own included (attachment_groups.WordKey).
        return {k: self.options.bins_for(k) for k, key in self.breakdown_keys.items() if key.binned}

    def _unit_stats(self, unit: Unit) -> tuple[tuple[int, ...], Any]:
        """A unit of aligned sentences (SPEC.md §11): :data:`ALIGNED_COLUMNS`."""
        gold = [_unit_tree(s, "gold") for s in unit.gold]
        # A parse standing in for a missing one with nothing right (missing="zero"):
        # the gold sentence's words, no head or relation right (SPEC.md §10).
        parse = [None if s.item is ZERO else _unit_tree(s, "parse") for s in unit.test]
        exclude = self.punct in FORM_PUNCT
        # Each parse sentence of the unit has its own place in its file.
        bad = non_tree_errors(parse, unit.test)
        if unit.identical:
            # The same tokens: every word is aligned to its namesake, so the
            # aligned counts are the unaligned ones, over the same words on
            # both sides (a shortcut; the general path gives the same row).
            if parse[0] is None:
                plain, (_, excluded, _, bad_gold) = self._zero_stats(gold[0])
            else:
                plain, (_, excluded, _, bad_gold) = self._sentence_stats(parse[0], gold[0])
            # The counted columns (root accuracy) come after the row, as plain has them.
            tokens, head, label, head_label, undirected, ned, labeled = plain[:7]
            row = (tokens, tokens, head, label, head_label, undirected, ned, labeled, labeled)
            return (*row, *plain[7:]), ({}, excluded, bad, int(bad_gold))
        forms = next((v for f, v in self.exclude if f == "form"), frozenset())
        keep = (  # each side's words by their own form: punctuation, and exclude's forms
            (lambda w: not is_punctuation(w) and w not in forms)
            if exclude
            else (lambda w: w not in forms)
        )
        # Each side's words are scored by their own punctuation, here as in aligned_row.
        labeled = self._carry_relations((*gold, *(t for t in parse if t is not None)))
        to_gold = word_alignment(unit)
        row = aligned_row(unit, (gold, parse), self._rels, keep, labeled=labeled, to_gold=to_gold)
        if self.extra is not None and self.extra.counted:
            # The measures that read the trees (root accuracy) count over the alignment.
            parse_words = [
                s.tokens if t is None else t.words for s, t in zip(unit.test, parse, strict=True)
            ]
            view = AlignedAttachmentView(
                [t.heads for t in gold],
                [None if t is None else t.heads for t in parse],
                [[keep(w) for w in t.words] for t in gold],
                [[keep(w) for w in words] for words in parse_words],
                to_gold,
            )
            row = (*row, *self.extra.count(view))
        excluded = sum(not keep(w) for t in gold for w in t.words)
        note = ({}, excluded, bad, sum(not t.is_tree() for t in gold))
        return row, note

    def _text_tokens(self, tree: Any) -> tuple[str, ...] | None:
        return text_tokens(tree)

    def _gold_tree(self, gold: Any) -> DependencyTree:
        """The gold as a tree, with the lemmas and features the run reads (an error if the
        gold has none: nothing to group or leave words out by)."""
        tree = _as_tree(gold, "gold", bool(self._morphology))
        for field in self._morphology:
            if getattr(tree, field) is None:
                what = {"lemmas": "lemmas (LEMMA)", "feats": "features (FEATS)"}[field]
                err = InputFormatError(
                    f"no {what} to break down or leave out words by: the file has no such "
                    "column (or, in Python, it was read without morphology=True)"
                )
                err.fatal = True  # every sentence of the file lacks them
                raise err.on_side("gold")
        return tree

    def _zero_stats(self, gold: Any) -> tuple[tuple[int, ...], Any]:
        """A missing parse with nothing right: every scored token counts, none is correct.

        The missing parse carries no relation, so LA and LAS count the
        sentence only if its gold carries one.
        """
        gold_tree = self._gold_tree(gold)
        own = self._scored(gold_tree)  # None: every token, as the groups take it
        scored = own or [True] * len(gold_tree.words)
        counts: dict[str, list[int]] = {}
        gold_rels = self._rels(gold_tree)
        labeled = _carry_relations((gold_rels,), scored)
        for rel, keep in zip(gold_rels, scored, strict=True):
            if keep and labeled:
                counts.setdefault(rel, [0, 0, 0, 0])[0] += 1
        note: Any = (counts, scored.count(False), [], not gold_tree.is_tree())
        counted: tuple[int, ...] = ()
        if self.extra is not None and self.extra.counted:
            counted = self.extra.zero(AttachmentView(gold_tree.heads, None, own))
        if self.by:
            groups = token_groups(
                gold_tree,
                None,
                gold_rels,
                None,
                own,
                labeled,
                self.by,
                self._bins,
                self.sentence_where,
            )
            note = Grouped(note, self._with_counted(groups, counted))
        tokens = sum(scored)
        return (tokens, 0, 0, 0, 0, 0, tokens if labeled else 0, *counted), note

    def _keep(self, note: Any) -> None:
        counts, excluded, parse_non_trees, gold_non_tree = note
        totals = self._counts
        # (Unrolled: every sentence adds a dozen relations, and a loop over each one's four
        # counts cost twice as much as the additions.)
        for rel, (gold, predicted, label, head_label) in counts.items():
            total = totals.get(rel)
            if total is None:
                totals[rel] = [gold, predicted, label, head_label]
            else:
                total[0] += gold
                total[1] += predicted
                total[2] += label
                total[3] += head_label
        self._excluded += excluded
        self._non_trees["parse"] += len(parse_non_trees)
        self._non_trees["gold"] += gold_non_tree
        room = KEPT - len(self._non_tree_parses)
        self._non_tree_parses += parse_non_trees[:room]

    def _finish(self) -> None:
        self._relations = {
            rel: RelationScore(rel, *self._counts[rel]) for rel in sorted(self._counts)
        }
        n = self._non_trees["parse"]
        if n:
            name = self._names[self._index] if self._index < len(self._names) else "parsed_sents"
            warnings.warn(non_tree_warning(name, n, self._non_tree_parses), stacklevel=2)

    def _carry_relations(self, trees: Iterable[DependencyTree]) -> bool:
        """Whether a scored token of some of ``trees`` (a unit's) carries a relation."""
        return any(_carry_relations((self._rels(t),), self._scored(t)) for t in trees)

    def _scored(self, tree: DependencyTree) -> list[bool] | None:
        """Which tokens of the gold ``tree`` count (``None``: all, punctuation included)."""
        keep = self._punct_scored(tree)
        if not self.exclude:
            return keep
        keep = [True] * len(tree.words) if keep is None else keep
        columns = {
            "form": tree.words,
            "lemma": tree.lemmas,
            "upos": tree.ctags,
            "xpos": tree.tags,
            "feats": tree.feats,
            "deprel": tree.rels,
        }
        for field, values in self.exclude:
            column = columns[field]
            if column is None:
                continue  # no tags at all (_gold_tree refused a gold without lemmas)
            keep = [k and (v or "_") not in values for k, v in zip(keep, column, strict=True)]
        return keep

    def _punct_scored(self, tree: DependencyTree) -> list[bool] | None:
        punct = self.punct
        if punct == "include":
            return None
        if punct in FORM_PUNCT:
            return [not is_punctuation(w) for w in tree.words]
        n = len(tree.words)
        if punct == "ptb-pos":
            tags = tree.tags if tree.tags is not None else tree.ctags
            return [True] * n if tags is None else [t not in PTB_PUNCT_TAGS for t in tags]
        if punct == "upos":
            tags = tree.ctags
            return [True] * n if tags is None else [t != "PUNCT" for t in tags]
        rels = [r or "" for r in tree.rels]
        if punct == "relation":
            return [strip_subtype(r) != "punct" for r in rels]
        return [r.lower() not in ("p", "punct") for r in rels]  # spacy

    def _rels(self, tree: DependencyTree) -> list[str]:
        if self.strip_subtypes:
            return [NO_RELATION if r is None else strip_subtype(r) for r in tree.rels]
        return [NO_RELATION if r is None else r for r in tree.rels]

    # -- reports --------------------------------------------------------------

    def relation_scores(self) -> dict[str, RelationScore]:
        """Precision and recall per relation label (gold or predicted), by label."""
        self.stats  # noqa: B018 (computing the statistics counts the relations too)
        assert self._relations is not None
        return dict(self._relations)

    @property
    def non_trees(self) -> dict[str, int]:
        """Sentences whose heads do not form a tree, per side (``parse``, ``gold``).

        A gold that is not a tree is an error (SPEC.md §8), so ``gold`` stays 0
        in a finished run; the key is kept for the reports' shape.
        """
        self.stats  # noqa: B018 (computing the statistics counts them)
        return dict(self._non_trees)

    @property
    def non_tree_parses(self) -> list[TedEvalError]:
        """The first parses that are not trees, each as the error a gold would raise.

        Each names its file, line and sentence when known, and the cycle or
        the token that is its own head; at most the first few are kept,
        :attr:`non_trees` counts them all.
        """
        self.stats  # noqa: B018 (computing the statistics finds them)
        return list(self._non_tree_parses)

    @property
    def excluded_tokens(self) -> int:
        """How many tokens ``punct="exclude"`` left out (0 when punctuation is included)."""
        self.stats  # noqa: B018 (computing the statistics counts them)
        return self._excluded

    def report(self) -> dict[str, Any]:
        """Everything in one JSON-ready dict: options, micro and macro scores, relations.

        ``tokens`` counts the gold tokens scored; under alignment the
        per-relation breakdown is empty (its counts need one-to-one tokens).
        """
        micro = self.scores()
        return {
            "metric": self.metric,
            "signature": str(self.signature),
            "sentences": len(self.stats),
            "tokens": self.stats.sums((self.columns[0],))[0],
            "excluded_tokens": self.excluded_tokens,
            "non_trees": self.non_trees,
            "scores": {name: score.as_dict() for name, score in micro.items()},
            "macro": {name: s.as_dict() for name, s in self.scores(average="macro").items()},
            "relations": {rel: r.as_dict() for rel, r in self.relation_scores().items()},
        }


def _unit_tree(s: AlignedSentence, side: str) -> DependencyTree:
    """:func:`_as_tree` of a sentence of an aligned unit, an error naming where it was read."""
    try:
        return _as_tree(unwrap(s.item)[0], side)
    except TedEvalError as err:
        raise err.locate(**s.source) from None


def _as_tree(sent: Any, side: str, morphology: bool = False) -> DependencyTree:
    """Read one sentence, naming the side in any error.

    A gold must be a tree (SPEC.md §8): a cycle or a token that is its own
    head is an error, as in ``tedeval score``. A parse need not be one:
    attachment is defined per token, so such a parse is scored and counted.
    """
    gold = side == "gold"
    accepted(sent, ATTACHMENT_INPUTS, side)
    if isinstance(sent, DependencyTree):
        if gold and not sent.is_tree():
            try:
                DependencyTree(sent.words, sent.heads, sent.rels, sent.tags, sent.ctags)
            except TedEvalError as err:
                raise err.on_side(side) from None
        return sent
    try:
        return from_dependency_graph(sent, require_tree=gold, morphology=morphology)
    except TedEvalError as err:
        raise err.on_side(side) from None


def _misuse(sent: Any, kind: Kind | None, side: str) -> TedEvalError:
    """Attachment's words for a tree it cannot score, and the metric that scores it."""
    family = tree_family(kind)
    hint = (
        "; attachment scores compare heads: for constituency trees use tedeval score "
        "(TedEval), parseval or mph (ParsevalEvaluator, MPHEvaluator)"
        if family == CONSTITUENCY
        else ""
    )
    return TreeStructureError(
        f"expected an nltk DependencyGraph, got {kind_name(sent)}{hint}",
        token=reprlib.repr(sent) if family is None and sent is not None else None,
    ).on_side(side)


ATTACHMENT_INPUTS = Accepts((DEPENDENCY,), _misuse)
"""What attachment scores: dependency trees (a parse need not be a tree, a gold must)."""


def _carry_relations(sides: Iterable[Sequence[str]], scored: Sequence[bool] | None) -> bool:
    """True when a scored token of some side has a relation: LA and LAS have one to compare."""
    if scored is None:
        return any(r != NO_RELATION for rels in sides for r in rels)
    return any(
        r != NO_RELATION and keep for rels in sides for r, keep in zip(rels, scored, strict=True)
    )


def _sentence_row(
    gold_heads: Sequence[int],
    pred_heads: Sequence[int],
    gold_rels: Sequence[str],
    pred_rels: Sequence[str],
    scored: Sequence[bool] | None,
    counts: dict[str, list[int]],
    labeled: bool,
    relation_rows: dict[str, list[int]] | None = None,
) -> tuple[int, int, int, int, int, int, int]:
    """One sentence's :data:`ATTACHMENT_COLUMNS`; adds its relations to ``counts``.

    Heads are 1-based addresses with 0 for the root, so ``gold_heads[h - 1]``
    is the gold head of token h. One pass, constant work per token.
    ``labeled`` says whether a scored token carries a relation: if none does,
    the label columns are 0 and no relation is counted (nothing to compare).
    ``relation_rows``, when given, receives the sentence's groups by relation
    (:data:`~nltk_tedeval.metrics.attachment_groups.GROUP_COLUMNS`; SPEC.md §12.3)
    in the same pass: a second pass over the tokens costs as much again.
    """
    lab = 1 if labeled else 0
    tokens = head = label = head_label = undirected = ned = 0
    for i, (g, p) in enumerate(zip(gold_heads, pred_heads, strict=True)):
        if scored is not None and not scored[i]:
            continue
        tokens += 1
        dep = i + 1
        head_ok = p == g
        # §5 "Undirected Evaluation": the predicted head may be a gold child,
        # i.e. a token whose gold head is this one. The root is nobody's child.
        undirected_ok = head_ok or (p != 0 and gold_heads[p - 1] == dep)
        # §5 "NED": or the gold grandparent, the gold head of the gold head.
        # A token under the root has no grandparent; one whose head is under
        # the root has the root as grandparent (SPEC.md §7).
        ned_ok = undirected_ok or (g != 0 and gold_heads[g - 1] == p)
        gr = gold_rels[i]
        pr = pred_rels[i]
        label_ok = gr == pr
        head += head_ok
        label += label_ok
        undirected += undirected_ok
        ned += ned_ok
        both = head_ok and label_ok
        head_label += both
        if relation_rows is not None:
            row = relation_rows.get(gr)
            if row is None:
                row = relation_rows[gr] = [0] * 10
            row[0] += 1
            row[1] += head_ok
            row[2] += label_ok * lab
            row[3] += both * lab
            row[4] += undirected_ok
            row[5] += ned_ok
            row[6] += lab
            row = relation_rows.get(pr)
            if row is None:
                row = relation_rows[pr] = [0] * 10
            row[7] += 1
            row[8] += head_ok
            row[9] += lab
        if not labeled:
            continue

        gold_row = counts.get(gr)
        if gold_row is None:
            gold_row = counts[gr] = [0, 0, 0, 0]
        gold_row[0] += 1
        # A right label is also a prediction of the gold relation, so it
        # counts once as gold, predicted and correct for that relation.
        if label_ok:
            gold_row[1] += 1
            gold_row[2] += 1
            gold_row[3] += both
        else:
            pred_row = counts.get(pr)
            if pred_row is None:
                pred_row = counts[pr] = [0, 0, 0, 0]
            pred_row[1] += 1
    if not labeled:
        return tokens, head, 0, 0, undirected, ned, 0
    return tokens, head, label, head_label, undirected, ned, tokens
