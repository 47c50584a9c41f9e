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

Every name is imported on first use (PEP 562): ``import nltk_tedeval`` costs a
few milliseconds, and a command imports the modules it runs, no others.

>>> from nltk.parse import DependencyGraph
>>> from nltk_tedeval import TedEvalEvaluator
>>> gold = DependencyGraph("arrive VB 0 ROOT\\non IN 1 prep\\nSunday NNP 2 pobj")
>>> parse = DependencyGraph("arrive VB 0 ROOT\\non IN 1 prep\\nSunday NNP 1 pobj")
>>> labeled, unlabeled = TedEvalEvaluator([parse], [gold]).eval()
>>> print(f"{labeled:.4f} {unlabeled:.4f}")
0.6667 0.8571
"""

from . import hooks
from .lazy import exports

# The names of __init__.pyi, and the package's modules, imported on first use (.lazy).
__getattr__, __dir__, __all__ = exports(__name__, __file__, __path__)


def _html_report(evaluators: list, path: str | None, inline: bool) -> str:
    # The renderer lives with the command line's reports, imported on the first report.
    from .cli.notebook import html_report

    return html_report(evaluators, path, inline)


def _read_objects(value: object, name: str, want: str | None) -> object:
    # Other libraries' objects (spaCy, stanza, conllu, plain Python) are read into the
    # package's trees wherever a corpus is taken (SPEC.md §13); that module is imported
    # when the first corpus is.
    from .trees.objects import adapt_corpus

    return adapt_corpus(value, name, want)


def _file_stem(name: str) -> str:
    # A breakdown by file names documents by their files, less the suffixes of the
    # readers' table of formats (reading.detect.file_stem), which metrics do not import.
    from .reading.detect import file_stem

    return file_stem(name)


hooks.set_html_report(_html_report)
hooks.set_corpus_reader(_read_objects)
hooks.set_file_stem(_file_stem)
