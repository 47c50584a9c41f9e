"""The record of one read sentence, and how the later steps take a tree out of it.

A reader (:mod:`nltk_tedeval.reading`) turns every sentence of a file into a
:class:`SourceSentence`: the tree nltk would have built from the same text,
or the error that stopped it, and where the sentence came from. Converters,
evaluators and the TedEval protocol accept such records wherever they
accept trees, and take them apart with :func:`unwrap`, so that an error
found late can still name the file and line without those steps knowing
about files. Both live here, below every step that uses them.

>>> record = SourceSentence("gold.ptb", 3, 7, None, None)
>>> unwrap(record)
(None, {'file': 'gold.ptb', 'line': 7}, None)
>>> unwrap("a tree")
('a tree', {}, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import TedEvalError

if TYPE_CHECKING:
    from nltk.parse import DependencyGraph
    from nltk.tree import Tree

__all__ = ["SourceSentence", "unwrap"]


@dataclass(frozen=True)
class SourceSentence:
    """One sentence of an input file, read or failed.

    ``number`` counts sentences from 1 in their file; ``line`` is the first
    line of the sentence (its first comment line in CoNLL-U). ``sentence_id``
    is the CoNLL-U ``# sent_id``, or ``None``. Exactly one of ``tree`` and
    ``error`` is set, except for an empty line in one-tree-per-line mode,
    where both are ``None`` (EVALB's empty parse).
    """

    file: str
    number: int
    line: int
    sentence_id: str | None
    tree: Tree | DependencyGraph | None
    error: TedEvalError | None = None

    def __repr__(self) -> str:
        # The default repr would print the whole tree, recursively: useless
        # for a long sentence and a RecursionError for a very deep one.
        if self.tree is None:
            tree = "None"
        elif hasattr(self.tree, "label"):
            tree = f"<Tree {self.tree.label()!r}>"
        else:
            tree = repr(self.tree)
        return (
            f"SourceSentence(file={self.file!r}, number={self.number}, line={self.line}, "
            f"sentence_id={self.sentence_id!r}, tree={tree}, error={self.error!r})"
        )


def unwrap(obj: Any) -> tuple[Any, dict[str, Any], TedEvalError | None]:
    """A tree, where it came from, and the reader's error for a bad record.

    Evaluators accept trees or the records of :mod:`nltk_tedeval.reading`
    (anything with ``tree``, ``error``, ``file`` and ``line`` attributes), so
    that errors can name the file and line without the evaluators knowing
    about files.
    """
    if hasattr(obj, "tree") and hasattr(obj, "error"):
        where = {"file": getattr(obj, "file", None), "line": getattr(obj, "line", None)}
        return obj.tree, where, obj.error
    return obj, {}, None
