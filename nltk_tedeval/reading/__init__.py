"""Reading the formats: layer 2, files to sentence records, before the protocol.

Bracketed trees, CoNLL-X, CoNLL-U, Malt-TAB and CoNLL 2009, sentence by
sentence. This package is the only part of nltk_tedeval that knows about
files. It turns a
file (or a text, or any iterable of lines) into a stream of
:class:`~nltk_tedeval.records.SourceSentence` records, each holding the tree
nltk would have built from the same text (an ``nltk.Tree`` for Penn Treebank
brackets, an ``nltk.parse.DependencyGraph`` for the column formats) and where
it came from, so that every later error can name the file, line and sentence.

The readers are generators: a file of a million sentences is read in
constant memory. They build nltk's objects directly instead of handing text
to ``Tree.fromstring`` or ``DependencyGraph``, which is faster (about 2.4 and
1.6 times on the GUM corpus; ``test_speed_against_nltk`` measures it) and
has no recursion or depth limit; the test suite checks that the results are
equal to nltk's own. Files are opened here and never through nltk's
corpus readers, which refuse paths outside nltk's data directories.

Bad input is an :class:`~nltk_tedeval.errors.InputFormatError` naming the
file, the line and what is wrong. With ``on_error="collect"`` a bad sentence
becomes a record with ``tree=None`` and the error, and reading goes on at the
next sentence boundary, so sentence numbers stay aligned across files.

- :mod:`~nltk_tedeval.reading.lines`: bytes to lines, decoding errors kept
  for the sentence they belong to;
- :mod:`~nltk_tedeval.reading.formats`: the table of formats, :data:`FORMATS`:
  each name with how to sniff, read and count it; :func:`register_format`
  adds one (docs/extending.md);
- :mod:`~nltk_tedeval.reading.detect`: which format a file is in;
- :mod:`~nltk_tedeval.reading.sentences`: :func:`read_file`, :func:`read_text`
  and :func:`read_lines`, over the readers the table names
  (:mod:`~nltk_tedeval.reading.ptb`, :mod:`~nltk_tedeval.reading.columns`,
  :mod:`~nltk_tedeval.reading.discontinuous`);
- :mod:`~nltk_tedeval.reading.parallel`: several files in lockstep;
- :mod:`~nltk_tedeval.reading.tables`: label maps and head-rule tables;
- :mod:`~nltk_tedeval.reading.evalb_params`: EVALB's parameter files.

>>> from nltk_tedeval.reading import detect_format_text, read_text
>>> [s.tree for s in read_text("(S (NP John)\\n   (VP runs))\\n")]
[Tree('S', [Tree('NP', ['John']), Tree('VP', ['runs'])])]
>>> malt = "John\\tNNP\\t2\\tSBJ\\nruns\\tVBZ\\t0\\tROOT\\n"
>>> detect_format_text(malt)
'malttab'
>>> graph = next(read_text(malt)).tree
>>> graph.root["word"], graph.nodes[1]["head"], graph.nodes[1]["rel"]
('runs', 2, 'SBJ')
>>> bad = "(S (NP John) (VP runs)))\\n(S (NP Mary))"
>>> records = list(read_text(bad, on_error="collect"))
>>> [(r.number, r.line, r.tree is None) for r in records]
[(1, 1, True), (2, 2, False)]
>>> print(records[0].error)
<string>:1: sentence 1: too many closing brackets: ')' after the tree begun on line 1 is complete
"""

from ..lazy import exports

# The names of __init__.pyi, and the folder's modules, imported on first use (nltk_tedeval.lazy).
__getattr__, __dir__, __all__ = exports(__name__, __file__, __path__)
