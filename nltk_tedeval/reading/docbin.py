"""spaCy's DocBin files (``.spacy``): the parses a spaCy pipeline saved, read as sentences.

``DocBin().to_disk("out.spacy")`` is how spaCy stores processed documents
(and its training data). Each ``Doc`` is its sentences (``Doc.sents``), each
a dependency tree read as :func:`~nltk_tedeval.trees.objects.as_tree` reads
an in-memory ``Doc`` (SPEC.md §13); a ``Doc`` without a dependency parse is a
missing parse per sentence, as a CoNLL sentence of ``_`` heads is.

Reading one needs spaCy (``pip install "nltk_tedeval[spacy]"``); nothing
else in the package imports it. A DocBin has no lines: a record's ``line``
is ``None``, and messages name the document and sentence instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..errors import InputFormatError, OptionError, TedEvalError
from ..records import SourceSentence
from ..trees.objects import as_tree, document_sentences
from .formats import ReadOptions

__all__ = ["count_docbin", "read_docbin"]


def _docs(path: str) -> Iterator[Any]:
    try:
        from spacy.tokens import DocBin
        from spacy.vocab import Vocab
    except ImportError:
        raise OptionError(
            f"{path}: reading a spaCy DocBin (.spacy) needs spaCy: "
            'pip install "nltk_tedeval[spacy]"'
        ) from None
    try:
        docbin = DocBin().from_disk(path)
    except (ValueError, KeyError, TypeError, OSError) as err:
        # zlib, msgpack and spaCy's own checks raise these for a file that is no DocBin.
        raise InputFormatError(f"not a spaCy DocBin file ({err})", file=path) from None
    # The DocBin keeps its own strings: an empty vocabulary reads them all.
    return docbin.get_docs(Vocab())


def read_docbin(path: str, options: ReadOptions) -> Iterator[SourceSentence]:
    """The sentences of every ``Doc`` of a DocBin file, in order.

    ``options.collect``: a sentence that cannot be read becomes a record with
    its error, and reading goes on.
    """
    number = 0
    for d, doc in enumerate(_docs(path), 1):
        for s, span in enumerate(document_sentences(doc), 1):
            number += 1
            try:
                tree = as_tree(span, "dependency")
            except TedEvalError as err:
                err.locate(file=path, sentence=number)
                err.message = f"doc {d}, sentence {s}: {err.message}"
                err.args = (err.message,)
                if not options.collect:
                    raise
                yield SourceSentence(path, number, None, None, None, err)  # type: ignore[arg-type]
                continue
            yield SourceSentence(path, number, None, None, tree)  # type: ignore[arg-type]


def count_docbin(path: str, options: ReadOptions) -> int:
    """How many sentences :func:`read_docbin` yields (it reads the documents)."""
    return sum(len(document_sentences(doc)) for doc in _docs(path))
