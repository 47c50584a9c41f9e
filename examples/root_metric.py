"""A toy metric: root attachment, whether a parse finds the roots of the gold's sentences.

Per sentence its statistics are the gold's roots that the parse has too
(``right``), the gold's roots and the parse's; precision, recall and F1 are
ratios of their sums, as every metric of nltk_tedeval is scored. The class is
an ``Evaluator``, so it has the nltk face, the missing-parse policies, macro
averages and significance tests of every metric, and one line,
``register(ROOT)``, makes it ``tedeval root``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from nltk_tedeval.cli.registry import evaluator_command
from nltk_tedeval.scoring.evaluator import Evaluator
from nltk_tedeval.scoring.stats import Measure, f_measure, precision, recall
from nltk_tedeval.trees import DependencyTree, from_dependency_graph
from nltk_tedeval.trees.kinds import flat_parse, has_text, text_length, tree_words

COLUMNS = ("right", "gold", "parse")


def _roots(tree: Any) -> set[int]:
    """The tokens (from 1) that hang from the root."""
    if not isinstance(tree, DependencyTree):
        tree = from_dependency_graph(tree)
    return {i for i, head in enumerate(tree.heads, start=1) if head == 0}


class RootEvaluator(Evaluator):
    """Precision, recall and F1 of the tokens a parse attaches to the root."""

    metric: ClassVar[str] = "root"
    columns: ClassVar[tuple[str, ...]] = COLUMNS
    measures: ClassVar[dict[str, Measure]] = {
        "P": Measure("P", COLUMNS, precision, "no root in the parses"),
        "R": Measure("R", COLUMNS, recall, "no root in the golds"),
        "F1": Measure("F1", COLUMNS, f_measure, "no root on either side"),
    }
    primary: ClassVar[tuple[str, ...]] = ("P", "R", "F1")

    # How a missing parse is scored under --missing flat, and what counts as one;
    # the gold's words (paired tests) and their number (--max-length, --min-length).
    _flat_parse = staticmethod(flat_parse)
    _has_text = staticmethod(has_text)
    _gold_words = staticmethod(tree_words)
    _gold_length = staticmethod(text_length)

    def _sentence_stats(self, parsed: Any, gold: Any) -> tuple[tuple[int, ...], None]:
        gold_roots, parse_roots = _roots(gold), _roots(parsed)
        return (len(gold_roots & parse_roots), len(gold_roots), len(parse_roots)), None

    def _zero_stats(self, gold: Any) -> tuple[tuple[int, ...], None]:
        return (0, len(_roots(gold)), 0), None  # nothing right: every gold root missed


ROOT = evaluator_command(
    "root",
    "root attachment: precision, recall and F1 of the tokens on the root",
    RootEvaluator,
    ["P", "R", "F1"],
)
