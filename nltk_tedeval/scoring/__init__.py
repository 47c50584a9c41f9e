"""Statistics, scores and the sentence loop: layer 3, above the base modules only.

The last step of every metric, TedEval's and the classic ones alike: each
sentence is reduced to a row of integers (TedEval's δ and ι, 2012 paper,
§3.3; matched and gold brackets; correct heads), and everything a report
shows is computed from those rows.

- :mod:`~nltk_tedeval.scoring.stats`: the table of per-sentence statistics,
  measures over its column sums, corpus and macro scores, signatures;
- :mod:`~nltk_tedeval.scoring.significance`: the paired approximate
  randomization test over two such tables;
- :mod:`~nltk_tedeval.scoring.loop`: the one loop over the sentences of a
  run, with the policies for bad sentences and missing parses, reading its
  sources in lockstep (:mod:`~nltk_tedeval.scoring.lockstep`) and handing a
  scorer that can score many at once runs of them (:mod:`~nltk_tedeval.scoring.runs`);
- :mod:`~nltk_tedeval.scoring.evaluator`: the NLTK-style :class:`Evaluator`
  base, which runs that loop for one or several systems.

This layer knows no tree, file or metric: a metric plugs in by turning one
sentence into a row (:meth:`Evaluator._sentence_stats`).

>>> from nltk_tedeval.scoring import TEDEVAL, StatsTable
>>> table = StatsTable(("delta", "iota"), [(1, 6), (0, 4)])
>>> round(table.corpus(TEDEVAL), 4), round(table.macro(TEDEVAL), 4)
(0.9, 0.9167)
"""

from ..lazy import exports

# The names of __init__.pyi, and the folder's modules, imported on first use (nltk_tedeval.lazy).
__getattr__, __dir__, __all__ = exports(__name__, __file__, __path__)
