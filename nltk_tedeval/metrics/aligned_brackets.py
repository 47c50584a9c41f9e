"""ParsEval over aligned positions: EVALB's counts when the tokenizations differ (SPEC.md §11).

EVALB compares brackets over word indices, so both trees must have the same
words. A parse of raw text need not: where its tokens or sentences differ
from the gold's, brackets are compared over the *positions* of their unit
(:mod:`nltk_tedeval.alignment`): a bracket covers the positions of its first
and last token, and two brackets match when their labels and positions do.
Everything else is EVALB's, read from the same parameter file:

- a position is deleted when every gold token in it has a ``DELETE_LABEL``
  tag (punctuation with COLLINS.prm), on both sides alike, and bracket ends
  are counted over the positions left, as EVALB counts over the words left;
- labels are EVALB's (function tags cut, ``EQ_LABEL`` classes, deleted
  labels), a bracket over deleted positions only is not counted, brackets
  are matched as multisets, crossing brackets are EVALB's;
- the words of the tagging accuracy are the gold tokens in kept positions;
  a tag is right in a position of one token on each side whose tags are
  EVALB-equal;
- the length (for ``CUTOFF_LEN``) is the sum of the gold sentences' lengths.

Empty elements (``-NONE-``) have no characters in a text, so they take no
position and are left out of both sides.

A unit of one sentence on each side with the same tokens is scored by
EVALB's own steps instead (:mod:`.evalb_brackets`), so that equal
tokenizations give EVALB's figures to the last error sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..alignment import AlignedSentence, Unit
from ..errors import InputFormatError, TedEvalError
from ..scoring.missing import ZERO
from ..trees.constituency import EMPTY_ELEMENT, PhraseStructure
from .evalb_brackets import EvalbRules, matched_and_crossing
from .evalb_row import NO_SENTENCE, STATUS_ERROR, STATUS_VALID, evalb_row

__all__: list[str] = []  # used by ParsevalEvaluator

Structure = Callable[[Any, str], PhraseStructure]


def aligned_row(
    unit: Unit, rules: EvalbRules, structure: Structure, cutoff: int
) -> tuple[list[int], TedEvalError | None]:
    """One unit as a row of EVALB's per-sentence columns, ``*_cut`` for length <= ``cutoff``."""
    gold = [(s, structure(s.item, "gold")) for s in unit.gold]
    # A parse standing in for a missing one with nothing right (missing="zero") has
    # the gold's words, every tag wrong and no bracket (SPEC.md §10).
    test = [(s, None if s.item is ZERO else structure(s.item, "test")) for s in unit.test]
    if not gold and not test:
        # A unit of other sides only (another parse's added sentence): nothing here.
        return evalb_row(NO_SENTENCE, cutoff=cutoff), None
    length = 0
    delete_len = rules.delete_len
    for _, ps in gold:
        length += sum(1 for t in ps.tags if t not in delete_len)
    for which, side in (("gold", gold), ("test", test)):
        for _, ps in side:
            if ps is not None and None in ps.tags:
                i = ps.tags.index(None)
                problem = InputFormatError(
                    f"{which} tree: word {ps.words[i]!r} (token {i + 1}) is not alone under a "
                    "POS tag, so EVALB cannot read this tree",
                    token=ps.words[i],
                )
                return evalb_row(STATUS_ERROR, length=length, cutoff=cutoff), problem

    n = unit.n_positions
    gold_tags: list[list[str]] = [[] for _ in range(n)]
    test_tags: list[list[str | None]] = [[] for _ in range(n)]
    for s, ps in gold:
        for p, tag in zip(_token_positions(unit, s, ps), ps.tags, strict=True):
            if p >= 0:
                gold_tags[p].append(tag)  # type: ignore[arg-type]
    for s, ps in test:
        if ps is None:
            test_tags_of = [None] * len(s.tokens)  # no tag is right
            places: Sequence[int] = unit.token_positions(s)
        else:
            test_tags_of = list(ps.tags)
            places = _token_positions(unit, s, ps)
        for p, tag in zip(places, test_tags_of, strict=True):
            if p >= 0:
                test_tags[p].append(tag)
    # A position is deleted when every gold token in it is (EVALB deletes by
    # tag); one that holds the parse's text alone, when every parse token is.
    delete = rules.delete
    kept = [
        any(t not in delete for t in g) if g else any(t not in delete for t in t_)
        for g, t_ in zip(gold_tags, test_tags, strict=True)
    ]
    before = [0] * (n + 1)  # kept positions before each position
    for p in range(n):
        before[p + 1] = before[p] + kept[p]

    g_keys = _brackets(unit, gold, rules, before)
    t_keys = _brackets(unit, [(s, ps) for s, ps in test if ps is not None], rules, before)
    matched, crossing = matched_and_crossing(g_keys, t_keys, rules)
    words = sum(len(gold_tags[p]) for p in range(n) if kept[p])
    correct = sum(
        1
        for p in range(n)
        if kept[p]
        and len(gold_tags[p]) == 1
        and len(test_tags[p]) == 1
        and test_tags[p][0] is not None
        and rules.same_label(gold_tags[p][0], test_tags[p][0])
    )
    row = evalb_row(
        STATUS_VALID,
        matched,
        len(g_keys),
        len(t_keys),
        crossing,
        words,
        correct,
        length,
        cutoff=cutoff,
    )
    return row, None


def _token_positions(unit: Unit, s: AlignedSentence, ps: PhraseStructure) -> list[int]:
    """The position of every word of ``ps``; -1 for an empty element (it has none)."""
    text = iter(unit.token_positions(s))
    return [-1 if tag == EMPTY_ELEMENT else next(text) for tag in ps.tags]


def _brackets(
    unit: Unit,
    side: list[tuple[AlignedSentence, PhraseStructure]],
    rules: EvalbRules,
    before: list[int],
) -> list[tuple[str, int, int]]:
    """The counted brackets of one side: (match key, first kept position, end)."""
    out: list[tuple[str, int, int]] = []
    label_of = rules.bracket_label
    for s, ps in side:
        # Each word's index among the tokens of the text (-1: an empty element).
        text: list[int] = []
        count = 0
        for tag in ps.tags:
            text.append(-1 if tag == EMPTY_ELEMENT else count)
            count += tag != EMPTY_ELEMENT
        for node in ps.nodes:
            children = node.children
            if len(children) == 1 and children[0] < 0:
                continue  # a POS tag over its word
            key = label_of(node.label)
            if key is None:
                continue
            inside = [t for t in text[node.start : node.end] if t >= 0]
            if not inside:
                continue  # only empty elements
            a, b = s.token_start(inside[0]), s.token_end(inside[-1])
            start, end = before[unit.position(a)], before[unit.position(b - 1) + 1]
            if start != end:
                out.append((key, start, end))
    return out
