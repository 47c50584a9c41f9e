"""Root accuracy: the gold roots whose parse head is the root too, over the gold's roots
(ROOT) and over the parse's (ROOT_P).

Yamada and Matsumoto (2003) print it beside attachment as *root accuracy*,
"the ratio of the number of correctly identified root nodes to the total
number of sentences"; with one root a sentence, as UD and the PTB
conversions have, that is ``root_right / gold_roots``. A parse may hang
several words on the root, or none (a cycle, §3.1 of SPEC.md), so the
precision over the parse's roots is its other half, and their F1 the figure
for both. Over the scored tokens only (``punct=``, ``exclude=``), as UAS
counts them, so a run's root figures and its UAS are over the same words:

    ROOT = root_right / gold_roots   ROOT_P = root_right / parse_roots
    ROOT_F1 = 2 root_right / (gold_roots + parse_roots)

The columns are counted from the trees (a *counting* extension,
:mod:`nltk_tedeval.scoring.extensions`): attachment's own row has no root
column, and the attachment evaluator hands its view of each sentence
(:class:`~nltk_tedeval.metrics.attachment.AttachmentView`) to the measures
that count. A gold without a scored root has ROOT N/A; a parse with no
scored root, ROOT_P N/A; a missing parse under ``missing="zero"`` has the
gold's roots, none right and none of its own (SPEC.md §7, §10).

Over aligned words (``align=``, SPEC.md §11) the attachment evaluator hands
an :class:`~nltk_tedeval.metrics.attachment.AlignedAttachmentView` instead:
each side's roots are its own, and a gold root is right when the word
alignment pairs it with a parse root.
"""

from __future__ import annotations

from typing import Any

from nltk_tedeval.metrics.attachment import AttachmentView
from nltk_tedeval.scoring.extensions import MeasureExtension
from nltk_tedeval.scoring.stats import Measure, accuracy, f_measure

__all__ = ["ROOT", "ROOT_ACCURACY", "ROOT_F1", "ROOT_P"]

COLUMNS = ("root_right", "gold_roots", "parse_roots")

ROOT = Measure(
    "ROOT", ("root_right", "gold_roots"), accuracy, "no scored token on the gold's root"
)
ROOT_P = Measure(
    "ROOT_P", ("root_right", "parse_roots"), accuracy, "no scored token on the parse's root"
)
ROOT_F1 = Measure(
    "ROOT_F1", COLUMNS, f_measure, "no scored token on the root, in the gold or the parse"
)


def _count(view: Any) -> tuple[int, int, int]:
    """``(root_right, gold_roots, parse_roots)`` of a sentence's scored tokens.

    >>> from nltk_tedeval.metrics.attachment import AttachmentView
    >>> _count(AttachmentView(gold_heads=(2, 0, 2), parse_heads=(0, 0, 2), scored=None))
    (1, 1, 2)
    >>> _count(AttachmentView((2, 0, 2), (0, 0, 2), scored=(True, False, True)))
    (0, 0, 1)
    """
    right = gold = parse = 0
    scored = view.scored
    for i, (g, p) in enumerate(zip(view.gold_heads, view.parse_heads, strict=True)):
        if scored is not None and not scored[i]:
            continue
        gold += g == 0
        parse += p == 0
        right += g == 0 and p == 0
    return right, gold, parse


def _zero(view: Any) -> tuple[int, int, int]:
    """A missing parse: the gold's scored roots, none right, no root of its own.

    >>> from nltk_tedeval.metrics.attachment import AttachmentView
    >>> _zero(AttachmentView(gold_heads=(2, 0, 2), parse_heads=None, scored=None))
    (0, 1, 0)
    """
    scored = view.scored
    gold = sum(
        1 for i, g in enumerate(view.gold_heads) if g == 0 and (scored is None or scored[i])
    )
    return 0, gold, 0


def _count_aligned(view: Any) -> tuple[int, int, int]:
    """``(root_right, gold_roots, parse_roots)`` of a unit of aligned sentences (SPEC.md
    §11): a gold root is right when its aligned parse word is a root too; each side's
    roots are its own scored words on the root, a word without a partner among them.

    >>> from nltk_tedeval.metrics.attachment import AlignedAttachmentView
    >>> # gold "a b | c" (two sentences, roots b and c), parse "a b c" (one, root a):
    >>> # a and c aligned, b apart.
    >>> view = AlignedAttachmentView(
    ...     gold_heads=[(2, 0), (0,)], parse_heads=[(0, 1, 1)],
    ...     gold_scored=[(True, True), (True,)], parse_scored=[(True, True, True)],
    ...     to_gold={(-1, -1): (-1, -1), (0, 0): (0, 0), (0, 2): (1, 0)})
    >>> _count_aligned(view)
    (0, 2, 1)
    """
    if isinstance(view, AttachmentView):  # a unit whose sides have the same tokens
        return _count(view)
    gold = sum(
        h == 0 and keep
        for heads, scored in zip(view.gold_heads, view.gold_scored, strict=True)
        for h, keep in zip(heads, scored, strict=True)
    )
    right = parse = 0
    for k, heads in enumerate(view.parse_heads):
        if heads is None:  # a missing parse's stand-in: no root of its own
            continue
        for t, (h, keep) in enumerate(zip(heads, view.parse_scored[k], strict=True)):
            if h != 0 or not keep:
                continue
            parse += 1
            g = view.to_gold.get((k, t))
            if g is not None:
                right += view.gold_scored[g[0]][g[1]] and view.gold_heads[g[0]][g[1]] == 0
    return right, gold, parse


def _zero_aligned(view: Any) -> tuple[int, int, int]:
    if isinstance(view, AttachmentView):
        return _zero(view)
    return _count_aligned(view)  # its parses are None: no root of their own


_MEASURES = {"reads": (), "columns": COLUMNS, "derive": None,
             "measures": (ROOT, ROOT_P, ROOT_F1), "tested": ("ROOT",)}  # fmt: skip

ROOT_ACCURACY = MeasureExtension(
    "root_accuracy",
    **_MEASURES,  # type: ignore[arg-type]
    count=_count,
    zero=_zero,
    aligned=MeasureExtension(
        "root_accuracy",
        **_MEASURES,  # type: ignore[arg-type]
        count=_count_aligned,
        zero=_zero_aligned,
    ),
    help="root accuracy: the gold's roots whose parse head is the root too (ROOT, Yamada "
    "and Matsumoto 2003), its precision over the parse's roots (ROOT_P) and their F1",
)
"""Root accuracy on attachment: ``extra_measures="ROOT"``, ``tedeval attach --measure ROOT``."""
