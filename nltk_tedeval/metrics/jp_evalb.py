"""ParsEval as jp-evalb's default mode defines it, over aligned positions (SPEC.md §11).

jp-evalb (Jo, Park and Park, "A Novel Alignment-based Approach for PARSEVAL
Measures", Computational Linguistics 50(3), 2024) scores parses whose
sentences and words differ from the gold's by aligning them first. Its
alignment is heuristic; ours is exact (:mod:`nltk_tedeval.alignment`), and on
top of it this module counts what jp-evalb's default mode counts (no
parameter file, no ``-evalb``), per unit:

- a *constituent* is every node of height above 2 (not a POS tag over its
  word), the root included; its label is cut at the first ``-`` (so
  ``NP-SBJ-1`` is ``NP``, and nothing else of the label is touched); a node
  labelled ``TOP`` and a label left empty are not counted, nor, on the test
  side only, ``S1`` (the root of Charniak-style parsers);
- it covers the positions of its first and last word; an empty element
  (such as ``(-NONE- *T*-1)``), which has no characters, sits in the
  position that follows it, or the last one at the end of the unit, as
  jp-evalb groups it with its neighbour;
- brackets are matched as *sets* of (label, first position, end), while the
  gold and test counts are the numbers of constituents; crossing brackets are
  EVALB's (a test constituent counts once if it crosses any gold one);
- no word is deleted: punctuation and empty elements are words; the tags are
  scored as multisets of (tag, word) pairs, words as written, so
  ``correct tags`` is the size of the multiset intersection and ``words`` the
  number of gold words;
- the length (the table's Len, and the ``<= 40`` cut) is the number of
  positions that hold gold text;
- no sentence is an error or a skip.

jp-evalb's own alignment compares sentences by an edit-distance ratio and
words one by one, so it can align texts that are not the same; here the
texts must be the same (``align="exact"``) or are aligned by a longest
common subsequence (``align="lcs"``), and the two agree wherever jp-evalb's
heuristics find the alignment that the characters define.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from ..alignment import Unit
from ..errors import InputFormatError, TedEvalError
from ..scoring.missing import ZERO
from ..scoring.options import RunOptions
from ..trees.constituency import EMPTY_ELEMENT, PhraseStructure
from .evalb_row import NO_SENTENCE, STATUS_VALID, evalb_row
from .parseval import ParsevalEvaluator

__all__ = ["JP_EVALB_CUTOFF", "JpEvalbEvaluator", "word_positions"]

JP_EVALB_CUTOFF = 40
"""jp-evalb's fixed length cut for its second summary block."""

# Labels that are never constituents: jp-evalb drops the node labelled TOP
# before cutting the label, and an empty label after.
_TOP = "TOP"
# Charniak-style parsers root every tree in S1; jp-evalb drops it on the test side.
_TEST_ROOT = "S1"


class JpEvalbEvaluator(ParsevalEvaluator):
    """Bracket and tagging scores as jp-evalb's default mode computes them.

    The parses and the gold are aligned (``align="exact"`` by default, or
    ``"lcs"``), so they may have different tokens and sentences; each unit
    of the alignment is one row of jp-evalb's table. The figures and the
    summary are ParsEval's (:class:`ParsevalEvaluator`), with a cut at
    length 40; :meth:`jp_evalb_text` prints jp-evalb's own table.

    >>> from nltk import Tree
    >>> gold = [Tree.fromstring("(S (NP (NNP Nov.) (CD 5)) (VP (VBD rose)))")]
    >>> test = [Tree.fromstring("(S (NP (NNP Nov) (. .) (CD 5)) (VP (VBD rose)))")]
    >>> ev = JpEvalbEvaluator(test, gold)
    >>> ev.stats.totals(["matched", "gold", "test", "words", "correct_tags", "length"]).tolist()
    [3, 3, 3, 3, 2, 3]
    """

    def __init__(
        self,
        parsed_sents: Any,
        gold_sents: Any,
        *,
        options: RunOptions | None = None,
        **run: Any,
    ) -> None:
        options = RunOptions.of(options, **run)
        if options.align is None:
            # jp-evalb always aligns; equal tokenizations align trivially.
            options = RunOptions.of(options, align="exact")
        super().__init__(parsed_sents, gold_sents, None, options=options)
        self.params = self.params.replace(cutoff_len=JP_EVALB_CUTOFF)

    def signature_fields(self) -> dict[str, object]:
        fields = super().signature_fields()
        fields["prm"] = "jp-evalb"
        return fields

    def _sentence_stats(self, parsed: Any, gold: Any) -> tuple[list[int], TedEvalError | None]:
        return jp_evalb_row(parsed, self._structure, JP_EVALB_CUTOFF), None

    def jp_evalb_text(self) -> str:
        """jp-evalb's ``jp-evalb.txt`` without its two ``Current time`` lines."""
        from .jp_evalb_report import jp_evalb_text

        return jp_evalb_text(self.stats)

    #: what the CLI names this mode in reports
    rules_name: ClassVar[str] = "jp-evalb"


def jp_evalb_row(unit: Unit, structure: Any, cutoff: int = JP_EVALB_CUTOFF) -> list[int]:
    """One unit as ParsEval's columns by jp-evalb's rules, ``*_cut`` for length <= ``cutoff``."""
    gold: list[tuple[str, int, int]] = []
    test: list[tuple[str, int, int]] = []
    gold_tags: Counter[tuple[str, str]] = Counter()
    test_tags: Counter[tuple[str, str]] = Counter()
    for sentences, which, brackets, tags in (
        (unit.gold, "gold", gold, gold_tags),
        (unit.test, "test", test, test_tags),
    ):
        for s in sentences:
            if s.item is ZERO:
                continue  # nothing right (missing="zero"): no constituent, no tagged word
            ps: PhraseStructure = structure(s.item, which)
            _check_tags(ps, which)
            tags.update(zip(ps.tags, ps.words, strict=True))  # type: ignore[arg-type]
            brackets.extend(_constituents(unit, s, ps, test=which == "test"))
    matched = len(set(gold) & set(test))
    crossing = _crossing_pairs([(a, b) for _, a, b in gold], [(a, b) for _, a, b in test])
    words = sum(gold_tags.values())
    correct = sum((gold_tags & test_tags).values())
    if not unit.gold and not unit.test:
        # A unit of other sides only (another parse's added sentence): nothing here.
        return evalb_row(NO_SENTENCE, cutoff=cutoff)
    # The length counts the positions that hold gold text (under align="lcs" a
    # position may hold only text that the parse adds).
    length = len({p for s in unit.gold for p in unit.token_positions(s)})
    # No sentence is an error or a skip: every unit is valid.
    return evalb_row(
        STATUS_VALID, matched, len(gold), len(test), crossing, words, correct, length, cutoff=cutoff
    )


def _crossing_pairs(gold: list[tuple[int, int]], test: list[tuple[int, int]]) -> int:
    """Test brackets that cross some gold bracket, every pair checked.

    EVALB's shortcuts assume that gold brackets never cross each other; here
    they can, since an empty element takes the position after it (a VP whose
    last word is a trace reaches into the next word's position).
    """
    spans = sorted(set(gold))
    crosses: dict[tuple[int, int], bool] = {}
    for s, e in set(test):
        crosses[(s, e)] = any(a < s < b < e or s < a < e < b for a, b in spans)
    return sum(crosses[span] for span in test)


def word_positions(unit: Unit, s: Any, ps: PhraseStructure) -> list[int]:
    """The position of every word of ``ps``, a sentence of ``unit``, empty elements included.

    A text token has its own. An empty element is placed where the next text
    token starts (the sentence's end after its last), so that it joins the
    position that follows it, or the unit's last, as jp-evalb groups it.
    """
    where: list[int] = []
    t = 0
    for tag in ps.tags:
        where.append(unit.position(s.bounds[t]))
        t += tag != EMPTY_ELEMENT
    return where


def _check_tags(ps: PhraseStructure, which: str) -> None:
    if None in ps.tags:
        i = ps.tags.index(None)
        raise InputFormatError(
            f"{which} tree: word {ps.words[i]!r} (token {i + 1}) is not alone under a POS "
            "tag, so it has no (tag, word) pair to score",
            token=ps.words[i],
        )


def _constituents(
    unit: Unit, s: Any, ps: PhraseStructure, *, test: bool
) -> list[tuple[str, int, int]]:
    """jp-evalb's constituents of one sentence: (cut label, first position, end)."""
    where = word_positions(unit, s, ps)
    out: list[tuple[str, int, int]] = []
    for node in ps.nodes:
        if node.start == node.end:
            continue  # no word under it: nltk's height 1, never counted
        if len(node.children) == 1 and node.children[0] < 0:
            continue  # a POS tag over its word: height 2
        if node.label == _TOP:
            continue
        label = node.label.split("-", 1)[0]
        if not label or (test and label == _TEST_ROOT):
            continue
        out.append((label, where[node.start], where[node.end - 1] + 1))
    return out
