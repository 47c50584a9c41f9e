"""The classic metrics beside TedEval: layer 4, a sibling of :mod:`nltk_tedeval.protocol`.

Each scores parses of one framework against a gold of the same framework,
as the field has long done, so that TedEval's figures can be read next to
the familiar ones. Each turns a sentence into a row of integer statistics
and leaves the corpus scores, macro averages and significance tests to
:mod:`nltk_tedeval.scoring`:

- :mod:`~nltk_tedeval.metrics.parseval`: ParsEval exactly as EVALB computes
  it, with EVALB's reading of a sentence in
  :mod:`~nltk_tedeval.metrics.evalb_brackets` (of whole blocks in
  :mod:`~nltk_tedeval.metrics.evalb_blocks`) and its printed output in
  :mod:`~nltk_tedeval.metrics.evalb_report`; over texts tokenized
  differently, EVALB's rules in :mod:`~nltk_tedeval.metrics.aligned_brackets`
  and jp-evalb's default mode in :mod:`~nltk_tedeval.metrics.jp_evalb`; the
  SPMRL shared tasks' evalb_spmrl in :mod:`~nltk_tedeval.metrics.evalb_spmrl`; all
  of them make their counts a row with
  :func:`~nltk_tedeval.metrics.evalb_row.evalb_row`;
- :mod:`~nltk_tedeval.metrics.attachment`: LAS, UAS, label accuracy, the
  undirected score and NED;
- :mod:`~nltk_tedeval.metrics.conll18`: the CoNLL 2018 shared task's metrics,
  as its script defines them, over texts tokenized differently;
- :mod:`~nltk_tedeval.metrics.mph`: unlabeled brackets of maximal
  projections of heads, across constituency and dependency trees.

The column tables (``COLUMNS``, ``MEASURES``, the EVALB statuses) stay in
their modules, where their names are unambiguous.

>>> from nltk_tedeval.metrics import AttachmentEvaluator
>>> from nltk_tedeval.trees import DependencyTree
>>> gold = DependencyTree(("I", "left"), (2, 0), ("nsubj", "root"))
>>> parse = DependencyTree(("I", "left"), (0, 1), ("root", "dep"))
>>> [float(s) for s in AttachmentEvaluator([parse], [gold]).eval()]
[0.0, 0.0]
"""

from ..lazy import exports

# The names of __init__.pyi, and the folder's modules, imported on first use (nltk_tedeval.lazy).
__getattr__, __dir__, __all__ = exports(__name__, __file__, __path__)
