"""The TedEval protocol and its engines: layer 4, beside the classic metrics.

TedEval (Tsarfaty, Nivre and Andersson 2011, §3; 2012, §3), sentence by
sentence: step 1 converts every tree to a multi-function tree (the
converters of :mod:`nltk_tedeval.trees`), step 2 generalizes the golds of
all theories into a common reference, step 3 counts TedEval's edit script,
δ and ι, for every parse. The corpus scores are then computed from those
counts by :mod:`nltk_tedeval.scoring`.

- :mod:`~nltk_tedeval.protocol.sentence`: the three steps for one sentence,
  and the streaming run over a corpus (optionally in worker processes);
- :mod:`~nltk_tedeval.protocol.engine_span`: δ and ι from item sets, exact
  and linear (the default engine);
- :mod:`~nltk_tedeval.protocol.engine_apted`: δ from a general tree edit
  distance (APTED), the independent check;
- :mod:`~nltk_tedeval.protocol.evaluators`: the NLTK-style evaluators, SINGLE
  and MULTIPLE scenarios and whole cross-framework experiments;
- :mod:`~nltk_tedeval.protocol.explain` and
  :mod:`~nltk_tedeval.protocol.drawing`: why a parse gets its score, the edit
  script drawn on the trees.

Nothing here imports :mod:`nltk_tedeval.metrics`, nor the other way round.

>>> from nltk_tedeval.protocol import sentence_stats
>>> from nltk_tedeval.trees import DependencyTree as D, to_mft
>>> w = ("arrive", "on", "Sunday")
>>> gold = to_mft(D(w, (0, 1, 2), ("root", "prep", "pobj")))
>>> parse = to_mft(D(w, (0, 1, 1), ("root", "prep", "pobj")))
>>> sentence_stats(parse, gold)
(3, 9, 1, 7)
"""

from ..lazy import exports

# The names of __init__.pyi, and the folder's modules, imported on first use (nltk_tedeval.lazy).
__getattr__, __dir__, __all__ = exports(__name__, __file__, __path__)
