"""nltk_tedeval: cross-framework parser evaluation for NLTK.

Parsers built on different theories (dependency trees in one scheme or
another, phrase-structure trees with function tags) cannot be compared
fairly with attachment scores or ParsEval. TedEval (Tsarfaty, Nivre and
Andersson 2011, 2012) converts every tree to a multi-function tree,
generalizes the gold trees of all theories to their common ground, and
scores each parse by an edit distance that does not charge for undoing its
own theory's conventions.

The folders hold the steps of the pipeline, stacked in layers: each imports
only the ones listed before it, ``protocol`` and ``metrics`` never import
each other, and ``errors`` and ``records`` are below them all:

- :mod:`~nltk_tedeval.trees`: tree types, converters to multi-function trees
  and the operations on them (protocol steps 1 and 2);
- :mod:`~nltk_tedeval.reading`: files to sentence records, the only code that
  knows about files;
- :mod:`~nltk_tedeval.scoring`: per-sentence statistics to scores, the
  significance test, the shared evaluator loop;
- :mod:`~nltk_tedeval.alignment`: the units and positions that two
  tokenizations of one text share, for scoring parses of raw text;
- :mod:`~nltk_tedeval.protocol`: TedEval itself, its engines and evaluators
  (step 3), and :func:`explain`;
- :mod:`~nltk_tedeval.metrics`: ParsEval, attachment scores and MPH, beside
  TedEval;
- :mod:`~nltk_tedeval.cli`: the ``tedeval`` command.

>>> from nltk.parse import DependencyGraph
>>> gold = DependencyGraph("arrive VB 0 ROOT\\non IN 1 prep\\nSunday NNP 2 pobj")
>>> parse = DependencyGraph("arrive VB 0 ROOT\\non IN 1 prep\\nSunday NNP 1 pobj")
>>> labeled, unlabeled = TedEvalEvaluator([parse], [gold]).eval()
>>> print(f"{labeled:.4f} {unlabeled:.4f}")
0.6667 0.8571
"""

from typing import Any

from . import records, scoring
from ._version import __version__
from .alignment import AlignmentError, Normalization, align_units
from .errors import (
    EmptyTreeError,
    InputFormatError,
    MissingParseError,
    MissingParseWarning,
    NonProjectiveError,
    NonTreeParseWarning,
    OptionError,
    SentenceCountError,
    TedEvalError,
    TreeStructureError,
    UnificationError,
    YieldMismatchError,
)
from .metrics import (
    AttachmentEvaluator,
    Conll18Evaluator,
    DiscoParams,
    DiscoParsevalEvaluator,
    JpEvalbEvaluator,
    MPHEvaluator,
    ParsevalEvaluator,
    is_punctuation,
    mph_brackets,
)
from .protocol import (
    CrossFrameworkEvaluator,
    Experiment,
    Explanation,
    SentenceResult,
    TedEvalEvaluator,
    apted_distance,
    edit_script,
    explain,
    sentence_stats,
    sorted_function_tree,
)
from .reading import (
    Answer,
    EvalbParams,
    answer_counts,
    detect_format,
    read_answers,
    read_answers_file,
    read_file,
    read_head_rules,
    read_label_map,
    read_parallel,
    read_text,
    read_ud_words,
)
from .scoring import (
    Evaluator,
    Measure,
    Score,
    Signature,
    SignificanceResult,
    SkippedSentence,
    StatsTable,
    paired_randomization,
)
from .trees import (
    COLLINS_1999,
    LABELERS,
    Converter,
    DependencyTree,
    HeadRules,
    MultiFunctionTree,
    ObjectKind,
    PhraseStructure,
    as_tree,
    as_trees,
    check_yields,
    colon_labeler,
    dependency_to_mft,
    flatten_tree,
    from_dependency_graph,
    generalize,
    get_labeler,
    identity_labeler,
    normalize_token,
    ptb_labeler,
    register_object_kind,
    relabel,
    rr_labeler,
    subsumes,
    tl_unify,
    to_mft,
    tree_to_mft,
    unify,
)
from .trees.objects import adapt_corpus

__all__ = [
    "COLLINS_1999",
    "LABELERS",
    "AlignmentError",
    "Answer",
    "AttachmentEvaluator",
    "Conll18Evaluator",
    "Converter",
    "CrossFrameworkEvaluator",
    "DependencyTree",
    "DiscTree",
    "DiscoParams",
    "DiscoParsevalEvaluator",
    "EmptyTreeError",
    "EvalbParams",
    "Evaluator",
    "Experiment",
    "Explanation",
    "HeadRules",
    "InputFormatError",
    "JpEvalbEvaluator",
    "MPHEvaluator",
    "Measure",
    "MissingParseError",
    "MissingParseWarning",
    "MultiFunctionTree",
    "NonProjectiveError",
    "NonTreeParseWarning",
    "Normalization",
    "ObjectKind",
    "OptionError",
    "ParsevalEvaluator",
    "PhraseStructure",
    "Score",
    "SentenceCountError",
    "SentenceResult",
    "Signature",
    "SignificanceResult",
    "SkippedSentence",
    "StatsTable",
    "TedEvalError",
    "TedEvalEvaluator",
    "TreeStructureError",
    "UnificationError",
    "YieldMismatchError",
    "__version__",
    "align_units",
    "answer_counts",
    "apted_distance",
    "as_tree",
    "as_trees",
    "check_yields",
    "colon_labeler",
    "dependency_to_mft",
    "detect_format",
    "edit_script",
    "explain",
    "flatten_tree",
    "from_dependency_graph",
    "generalize",
    "get_labeler",
    "identity_labeler",
    "is_punctuation",
    "mph_brackets",
    "normalize_token",
    "paired_randomization",
    "ptb_labeler",
    "read_answers",
    "read_answers_file",
    "read_file",
    "read_head_rules",
    "read_label_map",
    "read_parallel",
    "read_text",
    "read_ud_words",
    "register_object_kind",
    "relabel",
    "rr_labeler",
    "sentence_stats",
    "sorted_function_tree",
    "subsumes",
    "tl_unify",
    "to_mft",
    "tree_to_mft",
    "unify",
]


def _html_report(evaluators: Any, path: str | None, inline: bool) -> str:
    # The renderer lives with the command line's reports and is imported on first use.
    from .cli.notebook import html_report

    return html_report(evaluators, path, inline)


scoring.evaluator.set_html_report(_html_report)
# Other libraries' objects (spaCy, stanza, conllu, plain Python) are read into
# the package's trees wherever a corpus is taken (SPEC.md §13).
records.set_corpus_reader(adapt_corpus)


def __getattr__(name: str) -> Any:
    # DiscTree is an nltk.Tree: taken from nltk_tedeval.trees on first use
    # (PEP 562), so that importing the package does not import nltk
    # (nltk_tedeval.records.loaded_class says why).
    if name == "DiscTree":
        from . import trees

        value = globals()[name] = trees.DiscTree
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | {"DiscTree"})
