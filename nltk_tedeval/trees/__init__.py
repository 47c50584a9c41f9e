"""The trees and their converters: layer 1, above the base modules only.

Step 1 of the protocol (2012 paper, §3.1; 2011 paper, §3 "Step 1"): every
tree, whatever its formal type, becomes a multi-function tree. This layer
holds the tree types and the pure functions over them; nothing here knows
about evaluators or scores, or reads a corpus (EVALB's parameters, rules on
labels that the metrics apply, are the one small file read here).

- :mod:`~nltk_tedeval.trees.mft`: the multi-function tree itself;
- :mod:`~nltk_tedeval.trees.tokens`: words and yields, compared alike everywhere;
- :mod:`~nltk_tedeval.trees.labelers`: which functions a phrase label carries;
- :mod:`~nltk_tedeval.trees.constituency` and
  :mod:`~nltk_tedeval.trees.dependency`: ``nltk.Tree`` and
  ``DependencyGraph`` to flat records and to multi-function trees;
- :mod:`~nltk_tedeval.trees.convert`: one converter per theory, for any tree;
- :mod:`~nltk_tedeval.trees.operations`: subsumption, generalization,
  unification and TL-unification (step 2, §3.2), pure functions over trees;
- :mod:`~nltk_tedeval.trees.headrules`: head-percolation tables, for MPH;
- :mod:`~nltk_tedeval.trees.evalb_params`: EVALB's parameters, its rules on labels;
- :mod:`~nltk_tedeval.trees.blocks`: a block of one-tree-per-line lines as
  columns, and one of its lines as a tree.

>>> from nltk_tedeval.trees import to_mft, generalize
>>> from nltk import Tree
>>> a = to_mft(Tree.fromstring("(S (NP-SBJ I) (VP left))"))
>>> b = to_mft(Tree.fromstring("(S (NP I) (VP left))"))
>>> print(generalize(a, b))
(0,2):{} (0,1):{} (1,2):{}
"""

from typing import Any

from .constituency import (
    EMPTY_ELEMENT,
    Node,
    PhraseStructure,
    WordlessTree,
    flatten_tree,
    is_disc_tree,
    is_tree,
    tree_to_mft,
)
from .convert import Conversion, Converter, to_mft
from .dependency import (
    Arc,
    DependencyTree,
    dependency_to_mft,
    from_dependency_graph,
    is_dependency_graph,
    strip_subtype,
)
from .headrules import (
    COLLINS_1999,
    COLLINS_1999_TEXT,
    DIRECTIONS,
    HeadRules,
    HeadRulesSpec,
    Instruction,
    base_category,
    find_heads,
    get_head_rules,
    head_dependencies,
)
from .labelers import (
    LABELERS,
    Labeler,
    colon_labeler,
    get_labeler,
    identity_labeler,
    ptb_labeler,
    rr_labeler,
)
from .mft import (
    Item,
    MultiFunctionTree,
    Span,
    escape_token,
    format_span,
    span_of,
    span_positions,
    span_size,
    span_words,
)
from .objects import OBJECT_KINDS, ObjectKind, as_tree, as_trees, register_object_kind
from .operations import generalize, relabel, subsumes, tl_unify, unify
from .tokens import PTB_ESCAPES, check_yields, normalize_token

__all__ = [
    "COLLINS_1999",
    "COLLINS_1999_TEXT",
    "DIRECTIONS",
    "EMPTY_ELEMENT",
    "LABELERS",
    "OBJECT_KINDS",
    "PTB_ESCAPES",
    "Arc",
    "Conversion",
    "Converter",
    "DependencyTree",
    "DiscTree",
    "HeadRules",
    "HeadRulesSpec",
    "Instruction",
    "Item",
    "Labeler",
    "MultiFunctionTree",
    "Node",
    "ObjectKind",
    "PhraseStructure",
    "Span",
    "WordlessTree",
    "as_contiguous",
    "as_tree",
    "as_trees",
    "base_category",
    "check_yields",
    "colon_labeler",
    "dependency_to_mft",
    "disc_tree_to_mft",
    "escape_token",
    "find_heads",
    "flatten_tree",
    "format_span",
    "from_dependency_graph",
    "generalize",
    "get_head_rules",
    "get_labeler",
    "head_dependencies",
    "identity_labeler",
    "is_dependency_graph",
    "is_disc_tree",
    "is_tree",
    "normalize_token",
    "ptb_labeler",
    "register_object_kind",
    "relabel",
    "rr_labeler",
    "span_of",
    "span_positions",
    "span_size",
    "span_words",
    "strip_subtype",
    "subsumes",
    "tl_unify",
    "to_mft",
    "tree_to_mft",
    "unify",
]

# The names of :mod:`.discontinuous`, whose DiscTree is an ``nltk.Tree``: that
# module, and nltk with it, is imported on first use of one of them (PEP 562),
# so that the package imports without nltk (see records.loaded_class).
_DISCONTINUOUS = frozenset({"DiscTree", "as_contiguous", "disc_tree_to_mft"})


def __getattr__(name: str) -> Any:
    if name in _DISCONTINUOUS:
        from . import discontinuous

        value = globals()[name] = getattr(discontinuous, name)
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _DISCONTINUOUS)
