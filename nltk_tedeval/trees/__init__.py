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

from ..lazy import exports

# The names of __init__.pyi, and the folder's modules, imported on first use (nltk_tedeval.lazy).
__getattr__, __dir__, __all__ = exports(__name__, __file__, __path__)
