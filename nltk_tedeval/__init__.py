"""nltk_tedeval: cross-framework parser evaluation for NLTK.

Parsers built on different theories (dependency trees in one scheme or
another, phrase-structure trees with function tags) cannot be compared
fairly with attachment scores or ParsEval. TedEval (Tsarfaty, Nivre and
Andersson 2011, 2012) converts every tree to a multi-function tree,
generalizes the gold trees of all theories to their common ground, and
scores each parse by an edit distance that does not charge for undoing its
own theory's conventions.

>>> from nltk.parse import DependencyGraph
>>> gold = DependencyGraph("arrive VB 0 ROOT\\non IN 1 prep\\nSunday NNP 2 pobj")
>>> parse = DependencyGraph("arrive VB 0 ROOT\\non IN 1 prep\\nSunday NNP 1 pobj")
>>> labeled, unlabeled = TedEvalEvaluator([parse], [gold]).eval()
>>> print(f"{labeled:.4f} {unlabeled:.4f}")
0.6667 0.8571
"""

from ._version import __version__
from .attachment import AttachmentEvaluator, is_punctuation
from .constituency import PhraseStructure, flatten_tree, tree_to_mft
from .convert import Converter, to_mft
from .dependency import DependencyTree, dependency_to_mft, from_dependency_graph
from .engine_apted import apted_distance, edit_script, sorted_function_tree
from .errors import (
    EmptyTreeError,
    InputFormatError,
    NonProjectiveError,
    OptionError,
    SentenceCountError,
    TedEvalError,
    TreeStructureError,
    UnificationError,
    YieldMismatchError,
)
from .evalb_params import EvalbParams
from .evaluator import Evaluator, SkippedSentence
from .explain import Explanation, explain
from .headrules import COLLINS_1999, HeadRules
from .labelers import (
    LABELERS,
    colon_labeler,
    get_labeler,
    identity_labeler,
    ptb_labeler,
    rr_labeler,
)
from .mft import MultiFunctionTree
from .mph import MPHEvaluator, mph_brackets
from .operations import generalize, relabel, subsumes, tl_unify, unify
from .parseval import ParsevalEvaluator
from .protocol import sentence_stats
from .readers import (
    detect_format,
    read_file,
    read_head_rules,
    read_label_map,
    read_parallel,
    read_text,
)
from .significance import SignificanceResult, paired_randomization
from .stats import Measure, Score, Signature, StatsTable
from .tedeval import CrossFrameworkEvaluator, Experiment, SentenceResult, TedEvalEvaluator
from .tokens import check_yields, normalize_token

__all__ = [
    "COLLINS_1999",
    "LABELERS",
    "AttachmentEvaluator",
    "Converter",
    "CrossFrameworkEvaluator",
    "DependencyTree",
    "EmptyTreeError",
    "EvalbParams",
    "Evaluator",
    "Experiment",
    "Explanation",
    "HeadRules",
    "InputFormatError",
    "MPHEvaluator",
    "Measure",
    "MultiFunctionTree",
    "NonProjectiveError",
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
    "apted_distance",
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
    "read_file",
    "read_head_rules",
    "read_label_map",
    "read_parallel",
    "read_text",
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
