"""MPH: unlabeled brackets of the maximal projections of heads.

"Using the Penn Treebank to evaluate non-treebank parsers" (the MPH paper,
SPEC.md §7) scores only the brackets that most theories agree on: those of
*maximal projections of heads*. Head rules (Collins 1999 by default, see
:mod:`nltk_tedeval.trees.headrules`) give every constituent a head word; a
constituent is a maximal projection when it is the root or its parent has
another head word. Labels, intermediate projections and the order in which
modifiers attach no longer matter, so parsers built on other conventions can
be compared with the treebank. Since a dependency tree with ordered
dependents is isomorphic to an MPH tree (the paper's conclusion), the MPH
brackets of a dependency tree are the projections of its words, and a
dependency parse can be scored against constituency gold, or the other way
round.

**Order of operations**, the same on both sides of every sentence:

1. Read the tree. An ``nltk.Tree`` loses its empty elements (``-NONE-``)
   and every constituent left without words (SPEC.md §3.2); a
   ``DependencyGraph`` is read into a checked
   :class:`~nltk_tedeval.trees.dependency.DependencyTree`.
2. The evaluator checks that both yields are equal
   (:func:`~nltk_tedeval.trees.tokens.check_yields`).
3. Remove punctuation tokens: a token whose POS tag is in ``punct_tags``
   (default :data:`PUNCT_TAGS`, the tags COLLINS.prm deletes). The gold
   tree's tag decides, so both trees lose the same tokens; where the gold
   tree has no tag for a token, the parse's tag decides. A dependency tree's
   tag is its XPOS, or its UPOS when XPOS is missing. Constituents left
   without words disappear; the dependents of a removed token are attached to
   its nearest kept ancestor. Collins (1999) also removed punctuation before
   finding heads, so punctuation never heads anything.
4. Find heads: the head rules on the remaining constituency tree; a
   dependency tree's own arcs.
5. Take the maximal projections: the root and every constituent whose head
   word differs from its parent's; for a dependency tree, the projection of
   every word (the word and all its descendants). A projection that is not
   contiguous is an error naming the arc, unless ``projectivize=True`` lifts
   arcs (Nivre and Nilsson 2005) first.
6. Their spans over the m remaining tokens, minus every single-token span,
   minus the span ``(0, m)`` of the whole sentence, as a set: a span is
   counted once however many constituents share it (the paper's "flatten all
   non-branching non-terminals").

A sentence's statistics are then ``matched`` (spans in both sets), ``gold``
and ``test`` (the sizes of the sets); precision, recall and F1 are computed
from their corpus sums (:mod:`nltk_tedeval.scoring.stats`). Everything is linear in
the size of the trees and nothing recurses.

>>> from nltk import Tree
>>> gold = Tree.fromstring("(S (NP-SBJ (DT The) (JJ old) (NN dog)) "
...                        "(VP (VBD slept) (PP (IN on) (NP (DT the) (NN mat)))) (. .))")
>>> sorted(mph_brackets(gold))
[(0, 3), (4, 7), (5, 7)]
>>> parse = Tree.fromstring("(S (NP (DT The) (JJ old)) (VP (NN dog) (VBD slept) "
...                         "(PP (IN on) (NP (DT the) (NN mat)))) (. .))")
>>> p, r, f = MPHEvaluator([parse], [gold]).eval()
>>> round(p, 4), round(r, 4), round(f, 4)
(0.6667, 0.6667, 0.6667)
"""

from __future__ import annotations

import reprlib
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from ..errors import NonProjectiveError, TedEvalError, TreeStructureError
from ..kinds import CONSTITUENCY, DEPENDENCY, DISCONTINUOUS, Accepts
from ..scoring.evaluator import Evaluator
from ..scoring.groups import Grouped, GroupKey
from ..scoring.options import RunOptions
from ..scoring.stats import Measure, accuracy, f_measure, harmonic_f1, precision, recall
from ..trees.constituency import EMPTY_ELEMENT, PhraseStructure
from ..trees.dependency import Arc, DependencyTree
from ..trees.evalb_params import COLLINS_DELETE_LABELS
from ..trees.headrules import (
    HeadRules,
    HeadRulesSpec,
    base_category,
    find_heads,
    get_head_rules,
)
from ..trees.kinds import OWN_TREE, as_kind, flat_parse, has_text, text_length, tree_words
from ..trees.mft import Span
from ..trees.tokens import check_yields

__all__ = [
    "CATEGORY_COLUMNS",
    "MEASURES",
    "MPH_KEYS",
    "PUNCT_TAGS",
    "MPHEvaluator",
    "mph_brackets",
]

PUNCT_TAGS: frozenset[str] = frozenset(COLLINS_DELETE_LABELS) - {"TOP", EMPTY_ELEMENT}
"""The punctuation tags COLLINS.prm deletes: ``, : `` '' .`` (its ``TOP`` is no POS
tag and its ``-NONE-`` is removed as an empty element before anything else)."""

COLUMNS = ("matched", "gold", "test")
MEASURES: dict[str, Measure] = {
    "P": Measure("P", COLUMNS, precision, "no test bracket"),
    "R": Measure("R", COLUMNS, recall, "no gold bracket"),
    "F1": Measure("F1", COLUMNS, f_measure, "no bracket on either side"),
}
"""Unlabeled bracket precision, recall and F1 over (matched, gold, test)."""

CATEGORY_COLUMNS = ("gold", "gold_matched", "test", "test_matched")
"""A category's row: gold brackets of the category and how many of them the parse has,
test brackets of the category and how many of them the gold has (SPEC.md §12.6)."""


MPH_KEYS: dict[str, GroupKey] = {
    "category": GroupKey(
        "category",
        CATEGORY_COLUMNS,
        {
            "P": Measure(
                "P", ("test_matched", "test"), accuracy, "no test bracket of the category"
            ),
            "R": Measure(
                "R", ("gold_matched", "gold"), accuracy, "no gold bracket of the category"
            ),
            "F1": Measure(
                "F1",
                ("gold_matched", "gold", "test_matched", "test"),
                harmonic_f1,
                "precision or recall is undefined (no bracket of the category on one side)",
            ),
        },
        frequency="gold",
        help=(
            "the category of the maximal projection: its label without function tags in a "
            "constituency tree, its head word's tag in a dependency tree (each side its own)"
        ),
    ),
}
"""The breakdown keys of MPH (SPEC.md §12.6)."""

Source = PhraseStructure | DependencyTree
PunctSpec = Iterable[str] | str | None


MPH_INPUTS = Accepts(
    (CONSTITUENCY, DISCONTINUOUS, DEPENDENCY),
    lambda tree, kind, side: TreeStructureError(
        "expected an nltk.Tree or a DependencyGraph, got "
        f"{type(tree).__name__}: {reprlib.repr(tree)}"
    ),
)
"""What MPH scores: phrase structures and dependency trees alike (SPEC.md §12.6)."""


def _read(tree: Any) -> Source:
    """Step 1: a flattened constituency tree without empty elements, or a dependency tree."""
    src = as_kind(tree, OWN_TREE, MPH_INPUTS)
    return src.remove_empty_elements() if isinstance(src, PhraseStructure) else src


def _tags(src: Source) -> tuple[str | None, ...]:
    if isinstance(src, PhraseStructure):
        return src.tags
    return tuple(t if t is not None else c for t, c in zip(src.tags, src.ctags, strict=True))


def _punct_set(punct_tags: PunctSpec) -> frozenset[str]:
    if punct_tags is None:
        return frozenset()
    if isinstance(punct_tags, str):
        return frozenset(punct_tags.split())
    return frozenset(str(t) for t in punct_tags)


def _phrase_brackets(
    ps: PhraseStructure,
    drop: Sequence[bool],
    rules: HeadRules,
    categories: dict[Span, str] | None = None,
) -> set[Span]:
    """Steps 3 to 6 for a constituency tree, spans over the kept tokens; ``categories``
    (given) receives each bracket's category, that of its outermost maximal projection."""
    if any(drop):
        ps = ps.without_words(lambda i: drop[i])
    heads = find_heads(ps, rules)
    m = len(ps.words)
    out: set[Span] = set()
    for i, node in enumerate(ps.nodes):
        if node.parent >= 0 and heads[node.parent] == heads[i]:
            continue  # not maximal: its parent projects the same head word
        if 1 < node.end - node.start < m:
            out.add((node.start, node.end))
            if categories is not None:
                # Pre-order: the first node of a span is the outermost.
                categories.setdefault((node.start, node.end), base_category(node.label))
    return out


def _dependency_brackets(
    tree: DependencyTree,
    drop: Sequence[bool],
    projectivize: bool,
    categories: dict[Span, str] | None = None,
) -> tuple[set[Span], bool]:
    """Steps 3 to 6 for a dependency tree; also says whether arcs were lifted."""
    n = len(tree)
    kept = [i for i in range(n) if not drop[i]]
    m = len(kept)
    if m < n:
        # anc[a]: address a itself when kept, else its nearest kept ancestor
        # (0 for the root). Each address is resolved once, so this is linear.
        anc = [-1] * (n + 1)
        anc[0] = 0
        for a in range(1, n + 1):
            path = []
            b = a
            while anc[b] < 0:
                if not drop[b - 1]:
                    anc[b] = b
                    break
                path.append(b)
                b = tree.heads[b - 1]
            for p in path:
                anc[p] = anc[b]
        new_addr = [0] * (n + 1)
        for j, i in enumerate(kept, start=1):
            new_addr[i + 1] = j
        reduced = DependencyTree(
            tuple(tree.words[i] for i in kept),
            tuple(new_addr[anc[tree.heads[i]]] for i in kept),
            tuple(tree.rels[i] for i in kept),
            tuple(tree.tags[i] for i in kept),
            tuple(tree.ctags[i] for i in kept),
        )
    else:
        reduced = tree
    lifted = False
    if not reduced.is_projective():
        if not projectivize:
            arc = reduced.non_projective_arcs()[0]
            # Name the arc with the caller's token numbers, not the reduced ones.
            orig = Arc(kept[arc.head - 1] + 1 if arc.head else 0, kept[arc.dependent - 1] + 1)
            where = " (punctuation removed)" if m < n else ""
            raise NonProjectiveError(
                f"non-projective arc {orig.describe(tree.words)}{where}: the projection of "
                f"token {orig.head} is not a contiguous span, so it is no MPH bracket; "
                "use projectivize=True to lift non-projective arcs",
                token=orig.describe(tree.words),
            )
        reduced, arcs = reduced.projectivize()
        lifted = bool(arcs)
    spans = reduced.projections()
    out = {s for s in spans if 1 < s[1] - s[0] < m}
    if categories is not None:
        # The projection of a word is the maximal projection of that head: its
        # category is the word's tag (distinct words have distinct projections).
        tags = _tags(reduced)
        for s, tag in zip(spans, tags, strict=True):
            if s in out:
                categories[s] = tag or "_"
    return out, lifted


def _brackets(
    src: Source,
    drop: Sequence[bool],
    rules: HeadRules,
    projectivize: bool,
    categories: dict[Span, str] | None = None,
) -> tuple[set[Span], bool]:
    if all(drop):
        return set(), False
    if isinstance(src, PhraseStructure):
        return _phrase_brackets(src, drop, rules, categories), False
    return _dependency_brackets(src, drop, projectivize, categories)


def _category_groups(
    gold_b: set[Span],
    test_b: set[Span],
    gold_c: dict[Span, str],
    test_c: dict[Span, str],
) -> dict[str, tuple[int, ...]]:
    """Each category's row of :data:`CATEGORY_COLUMNS`: every gold bracket in its own
    category, every test bracket in its own, so the columns sum to (gold, matched,
    test, matched)."""
    rows: dict[str, list[int]] = {}
    for brackets, cats, other, at in ((gold_b, gold_c, test_b, 0), (test_b, test_c, gold_b, 2)):
        for span in brackets:
            row = rows.get(cats[span])
            if row is None:
                row = rows[cats[span]] = [0, 0, 0, 0]
            row[at] += 1
            row[at + 1] += span in other
    return {c: tuple(r) for c, r in rows.items()}


def mph_brackets(
    tree: Any,
    *,
    head_rules: HeadRulesSpec = None,
    punct_tags: PunctSpec = PUNCT_TAGS,
    projectivize: bool = False,
) -> frozenset[Span]:
    """The MPH brackets of one tree, as spans over its own token positions.

    ``tree`` is an ``nltk.Tree``, a ``DependencyGraph`` (or their flattened
    forms). Punctuation is decided by the tree's own tags. Brackets are
    computed over the tokens left after removing punctuation (steps 3 to 6 of
    the module docstring) and reported tight around their first and last
    kept token, in the positions of the tree's yield (empty elements are not
    tokens), so ``words[start:end]`` shows the bracket.

    >>> from nltk import Tree
    >>> sorted(mph_brackets(Tree.fromstring("(S (NP (DT the) (NN dog)) (VP (VBD barked)) (. .))")))
    [(0, 2)]
    """
    src = _read(tree)
    punct = _punct_set(punct_tags)
    drop = [t in punct for t in _tags(src)]
    spans, _ = _brackets(src, drop, get_head_rules(head_rules), projectivize)
    kept = [i for i, d in enumerate(drop) if not d]
    return frozenset((kept[a], kept[b - 1] + 1) for a, b in spans)


class MPHEvaluator(Evaluator):
    """MPH bracket precision, recall and F1 of parsed against gold sentences.

    Sentences are ``nltk.Tree`` or ``DependencyGraph`` objects, mixed freely
    on either side. ``head_rules`` is ``None`` (Collins 1999), a
    :class:`~nltk_tedeval.trees.headrules.HeadRules`, a table as text or a mapping;
    ``punct_tags`` the POS tags whose tokens are removed (a collection or a
    whitespace-separated string; ``()`` keeps every token); ``projectivize``
    lifts non-projective dependency arcs instead of refusing them, and
    :attr:`projectivized` then counts the trees changed.

    :meth:`eval` returns (precision, recall, F1) as
    :class:`~nltk_tedeval.scoring.stats.Score` objects. Errors name the sentence
    (from 1) and the side.

    >>> from nltk import Tree
    >>> gold = Tree.fromstring("(S (NP (DT the) (NN dog)) (VP (VBD saw) (NP (DT a) (NN cat))))")
    >>> parse = Tree.fromstring("(S (NP (DT the) (NN dog)) (VP (VBD saw) (DT a)) (NN cat))")
    >>> # gold brackets {(0, 2), (3, 5)}; the parse keeps only (0, 2).
    >>> [round(s, 4) for s in MPHEvaluator([parse], [gold]).eval()]
    [1.0, 0.5, 0.6667]
    """

    measures: ClassVar[dict[str, Measure]] = MEASURES
    primary: ClassVar[tuple[str, ...]] = ("P", "R", "F1")
    tested_measures: ClassVar[tuple[str, ...] | None] = ("F1",)
    columns: ClassVar[tuple[str, ...]] = COLUMNS
    metric: ClassVar[str] = "mph"
    signature_keys: ClassVar[dict[str, str]] = {
        "heads": "the head rules of MPH",
        "punct": "the POS tags whose tokens are removed (collins, none, or the tags)",
        "proj": "non-projective trees refused (require) or lifted (lift)",
    }
    # Its reports read sums only: the command line keeps no row per sentence.
    reads_rows: ClassVar[bool] = False
    breakdown_keys: ClassVar[dict[str, GroupKey]] = MPH_KEYS

    _flat_parse = staticmethod(flat_parse)
    _gold_words = staticmethod(tree_words)
    _gold_length = staticmethod(text_length)
    _has_text = staticmethod(has_text)

    def __init__(
        self,
        parsed_sents: Sequence[Any],
        gold_sents: Sequence[Any],
        *,
        head_rules: HeadRulesSpec = None,
        punct_tags: PunctSpec = PUNCT_TAGS,
        projectivize: bool = False,
        options: RunOptions | None = None,
        **run: Any,
    ) -> None:
        super().__init__(
            parsed_sents,
            gold_sents,
            options=options,
            **run,
        )
        self.head_rules = get_head_rules(head_rules)
        self.punct_tags = _punct_set(punct_tags)
        self.projectivize = projectivize
        self._projectivized = 0

    def signature_fields(self) -> dict[str, object]:
        if self.punct_tags == PUNCT_TAGS:
            punct = "collins"
        elif not self.punct_tags:
            punct = "none"
        else:
            punct = "+".join(sorted(self.punct_tags))
        return super().signature_fields() | {
            "heads": self.head_rules.name,
            "punct": punct,
            "proj": "lift" if self.projectivize else "require",
        }

    @property
    def projectivized(self) -> int:
        """How many trees (gold or parsed) had arcs lifted by ``projectivize=True``."""
        _ = self.stats
        return self._projectivized

    def _start(self) -> None:
        self._projectivized = 0

    def _keep(self, note: Any) -> None:
        self._projectivized += note

    def _sentence_stats(self, parsed: Any, gold: Any) -> tuple[tuple[int, int, int], int]:
        sides = {}
        for side, tree in (("gold", gold), ("parse", parsed)):
            try:
                sides[side] = _read(tree)
            except TedEvalError as err:
                raise err.on_side(side) from None
        g, p = sides["gold"], sides["parse"]
        check_yields([g.words, p.words], ["gold", "parse"])
        # Step 3: the gold tag decides, the parse's fills in where gold has none.
        punct = self.punct_tags
        drop = [
            (gt if gt is not None else pt) in punct
            for gt, pt in zip(_tags(g), _tags(p), strict=True)
        ]
        result = {}
        lifted = 0
        # Categories only when asked (by="category"): without by nothing changes.
        cats: dict[str, dict[Span, str]] | None = {"gold": {}, "parse": {}} if self.by else None
        for side, src in (("gold", g), ("parse", p)):
            try:
                result[side], changed = _brackets(
                    src, drop, self.head_rules, self.projectivize, cats and cats[side]
                )
            except TedEvalError as err:
                raise err.on_side(side) from None
            lifted += changed
        gold_b, test_b = result["gold"], result["parse"]
        row = (len(gold_b & test_b), len(gold_b), len(test_b))
        if cats is not None:
            groups = _category_groups(gold_b, test_b, cats["gold"], cats["parse"])
            return row, Grouped(lifted, {"category": groups})  # type: ignore[return-value]
        return row, lifted

    def _zero_stats(self, gold: Any) -> tuple[tuple[int, int, int], int]:
        """A missing parse with nothing right: every gold bracket missed, no test bracket."""
        cats: dict[Span, str] | None = {} if self.by else None
        try:
            g = _read(gold)
            drop = [t in self.punct_tags for t in _tags(g)]
            gold_b, lifted = _brackets(g, drop, self.head_rules, self.projectivize, cats)
        except TedEvalError as err:
            raise err.on_side("gold") from None
        if cats is not None:
            groups = _category_groups(gold_b, set(), cats, {})
            return (0, len(gold_b), 0), Grouped(lifted, {"category": groups})  # type: ignore[return-value]
        return (0, len(gold_b), 0), lifted
