"""Equal segmentation gives the unaligned figures, also with CoNLL-U multiword tokens
(SPEC.md §11, "TedEval across segmentations").

tests/test_aligned_equivalence.py checks it for tokens that are their words.
Here the gold's sentences hold multiword tokens (ranges ``first-last`` whose form
need not spell their words, as French ``du`` = ``de`` + ``le``), and the parse has
the gold's words, one by one, with:

- the gold's multiword tokens (a parser run on the gold's segmentation that
  copies the range lines);
- none (a parser that drops the range lines, as many do when given words);
- its own (other ranges, other forms: the words are still the gold's).

Whatever the multiword tokens, a parse with the gold's words is the paper's
non-realistic scenario (Tsarfaty, Nivre and Andersson 2012: gold segmentation),
and every metric under ``align="exact"`` and ``align="lcs"`` must give what it
gives without alignment, which compares word by word and reads no multiword
token: every missing-parse policy, every attachment measure (root accuracy, which
counts from the trees, too), TedEval SINGLE and MULTIPLE. What the unaligned path
gives is checked by hand elsewhere; this file checks that alignment over multiword
tokens adds nothing to it.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nltk_tedeval import (
    AttachmentEvaluator,
    CrossFrameworkEvaluator,
    DependencyTree,
    TedEvalEvaluator,
)
from nltk_tedeval.errors import MissingParseWarning, TedEvalError

from .columns import ALIGNED_ROW, ATTACHMENT_ROW
from .conftest import examples
from .strategies import projective_heads
from .test_aligned_equivalence import MODES, POLICIES, attachment_rows, outcome

WORDS = ("de", "le", "a", "bb", "h_", "bit", ".")
RELS = ("nsubj", "case", "det", "obl", "punct")
# Multiword forms: some spell no word of theirs (du = de + le), one is a word itself.
FORMS = ("du", "bbit", "zum", "a")


@st.composite
def multiword_ranges(draw, n: int) -> tuple[tuple[int, int, str], ...]:
    """Non-overlapping ranges of two or three words, with forms from :data:`FORMS` or the
    words' own concatenation."""
    out = []
    i = 0
    while i < n - 1:
        if draw(st.booleans()):
            end = min(n, i + draw(st.integers(2, 3)))
            out.append((i, end, draw(st.sampled_from(FORMS))))
            i = end
        else:
            i += 1
    return tuple(out)


def spelled(words: tuple[str, ...], ranges: tuple[tuple[int, int, str], ...]) -> tuple:
    """``ranges`` with some forms replaced by the words they hold, written together."""
    return tuple((a, b, "".join(words[a:b]) if f == "a" else f) for a, b, f in ranges)


@st.composite
def tree(draw, words: tuple[str, ...], ranges: tuple) -> DependencyTree:
    rels = tuple(draw(st.sampled_from(RELS)) for _ in words)
    return DependencyTree(words, draw(projective_heads(len(words))), rels, multiword=ranges)


@st.composite
def corpora(draw) -> tuple[list, list]:
    """A gold corpus with multiword tokens and a parse with its words, some missing."""
    gold, parse = [], []
    for _ in range(draw(st.integers(1, 4))):
        words = tuple(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6)))
        ranges = spelled(words, draw(multiword_ranges(len(words))))
        gold.append(draw(tree(words, ranges)))
        kind = draw(st.sampled_from(["missing", "same", "same", "none", "own"]))
        if kind == "missing":
            parse.append(None)
            continue
        mine = {"same": ranges, "none": ()}.get(kind)
        if mine is None:
            mine = spelled(words, draw(multiword_ranges(len(words))))
        parse.append(draw(tree(words, mine)))
    return gold, parse


SETTINGS = settings(
    max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("policy", POLICIES)
@SETTINGS
@given(data=corpora())
def test_attachment(policy: str, mode: str, data) -> None:
    gold, parse = data

    def run(punct: str, align: Any) -> tuple:
        return outcome(
            lambda: AttachmentEvaluator(parse, gold, missing=policy, punct=punct, align=align),
            ALIGNED_ROW if align else ATTACHMENT_ROW,
        )

    for punct in ("include", "exclude"):
        assert attachment_rows(run(punct, mode)) == run(punct, False)


ROOTS = ("root_right", "gold_roots", "parse_roots")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("policy", POLICIES)
@SETTINGS
@given(data=corpora())
def test_root_accuracy(policy: str, mode: str, data) -> None:
    # A counting measure, whose columns a unit of the gold's words carries through the
    # aligned row (the unaligned count); over other words it counts on the word alignment,
    # checked against the CoNLL 2018 script's in tests/test_root_accuracy.py.
    gold, parse = data

    def run(punct: str, align: Any) -> tuple:
        return outcome(
            lambda: AttachmentEvaluator(
                parse, gold, missing=policy, punct=punct, align=align, extra_measures="ROOT_F1"
            ),
            ROOTS,
        )

    for punct in ("include", "exclude"):
        assert run(punct, mode) == run(punct, False)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("policy", POLICIES)
@SETTINGS
@given(data=corpora())
def test_tedeval(policy: str, mode: str, data) -> None:
    gold, parse = data
    plain = outcome(lambda: TedEvalEvaluator(parse, gold, missing=policy))
    assert outcome(lambda: TedEvalEvaluator(parse, gold, missing=policy, align=mode)) == plain


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("policy", POLICIES)
@SETTINGS
@given(first=corpora(), second=st.data())
def test_cross(policy: str, mode: str, first, second) -> None:
    # Two dependency theories over the same words and multiword tokens: the second
    # gold and parse rebuilt over the first's words, with other trees.
    gold_a, parse_a = first
    gold_b, parse_b = [], []
    for g, p in zip(gold_a, parse_a, strict=True):
        gold_b.append(second.draw(tree(g.words, g.multiword)))
        parse_b.append(None if p is None else second.draw(tree(p.words, p.multiword)))

    def run(align: Any) -> tuple:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MissingParseWarning)
            try:
                ev = CrossFrameworkEvaluator(
                    [("a", parse_a, gold_a), ("b", parse_b, gold_b)], missing=policy, align=align
                )
                return [ev.stats(n, s).array.tolist() for n in ("a", "b")
                        for s in ("single", "multiple")], ev.counts()  # fmt: skip
            except TedEvalError as err:
                return type(err).__name__, err.message

    assert run(mode) == run(False)


def unsplit(tree: DependencyTree) -> DependencyTree:
    """``tree`` with every multiword token one word, written as the token: the words of a
    range contracted into one, which takes the head of the range's word nearest the root
    (so no cycle), and the dependents of all of them."""
    n = len(tree.words)
    depth = [0] * n
    for i in range(n):
        h = tree.heads[i]
        while h:
            depth[i] += 1
            h = tree.heads[h - 1]
    ranges = {i: (a, b, form) for a, b, form in tree.multiword for i in range(a, b)}
    new_of, words, rels, top = [], [], [], {}
    for i in range(n):
        a, b, form = ranges.get(i, (i, i + 1, tree.words[i]))
        if i == a:
            top[len(words)] = min(range(a, b), key=lambda j: depth[j])
            words.append(form)
            rels.append(tree.rels[top[len(words) - 1]])
        new_of.append(len(words) - 1)
    heads = []
    for w in range(len(words)):
        h = tree.heads[top[w]]
        heads.append(0 if h == 0 else new_of[h - 1] + 1)
    return DependencyTree(tuple(words), tuple(heads), tuple(rels))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("policy", POLICIES)
@SETTINGS
@given(data=corpora())
def test_beside_a_parse_of_other_words(policy: str, mode: str, data) -> None:
    # The two scenarios side by side: the parse on the gold's words beside a system that
    # leaves every multiword token unsplit (other words, the same sentences). The first
    # system's rows are its unaligned rows still: the other system's words change no unit
    # and no word of it.
    gold, parse = data
    other = [unsplit(g) for g in gold]

    def both() -> Any:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MissingParseWarning)
            first, _ = TedEvalEvaluator.evaluate_systems(
                gold, [parse, other], missing=policy, align=mode
            )
            first.stats  # noqa: B018 (scored here, under the warnings filter)
            return first

    # The rows, or the error's kind (its message names the unit under alignment).
    assert outcome(both)[0] == outcome(lambda: TedEvalEvaluator(parse, gold, missing=policy))[0]
