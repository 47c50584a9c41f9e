"""Parses that are not trees, as attachment scores meet them: found, placed, named.

Attachment needs only a head per token, so a parse whose heads form a cycle
(a token that is its own head included) is scored token by token, as CoNLL-X
``eval.pl`` and nltk score it (SPEC.md §7). Such a parse can be rewarded (the
undirected score and NED take an arc whichever way it points), so every one
is counted and the first few are named, by file, line and sentence, in a
:class:`~nltk_tedeval.errors.NonTreeParseWarning`. Several tokens on the root
make a tree (SPEC.md §3.1). A gold that is not a tree stays an error (§8).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import NonTreeParseWarning, TedEvalError
from ..scoring.groups import Grouped
from ..trees.dependency import DependencyTree, checked

__all__: list[str] = []  # used by AttachmentEvaluator

KEPT = 3
"""How many parses that are not trees a run keeps to name (it counts them all)."""


def non_tree_errors(
    trees: Sequence[DependencyTree | None], placed: Sequence[Any] = ()
) -> list[TedEvalError]:
    """Why each of ``trees`` that is not a tree is not one, placed if ``placed`` says where.

    Each is the error a gold would raise (the cycle, or the token that is its
    own head). ``placed`` holds each tree's aligned sentence (SPEC.md §11),
    whose record knows its file and line; otherwise :class:`PlacingScorer`
    places the error.
    """
    out = []
    for k, tree in enumerate(trees):
        if tree is None or tree.is_tree():
            continue  # None: a stand-in for a missing parse (SPEC.md §11), no tree of its own
        try:
            checked(tree)
        except TedEvalError as err:
            if k < len(placed):
                err.locate(**placed[k].source)
            out.append(err)
    return out


def non_tree_warning(name: str, count: int, kept: Sequence[TedEvalError]) -> NonTreeParseWarning:
    """The warning of a system with ``count`` such parses, naming the ``kept`` ones.

    >>> err = TedEvalError("token 2 ('b') is its own head", file="p.conllu", line=6, sentence=2)
    >>> message = str(non_tree_warning("p", 5, [err]))
    >>> message.split(": ", 2)[:2]
    ['p', '5 parses are not trees, scored token by token (SPEC.md §7)']
    >>> message.split(": ", 2)[2]
    "p.conllu:6: sentence 2 (token 2 ('b') is its own head) and 4 more"
    """
    places = ", ".join(f"{e.where} ({e.message})" if e.where else e.message for e in kept)
    if count > len(kept):
        places += f" and {count - len(kept)} more"
    noun = "parse is not a tree" if count == 1 else "parses are not trees"
    return NonTreeParseWarning(
        f"{name}: {count} {noun}, scored token by token (SPEC.md §7): {places}"
    )


class PlacingScorer:
    """The scorer of an attachment run, which also says where a parse that is not a tree is.

    The metric sees trees, not where they were read; the run's sentence
    knows each source's file and line, so the errors of the notes' third
    item (:func:`non_tree_errors`) are placed here, before the sentence is
    kept. Everything else is the wrapped scorer's.
    """

    def __init__(self, scorer: Any) -> None:
        self.scorer = scorer

    def __getattr__(self, name: str) -> Any:
        if name == "scorer":  # not set yet (unpickling): no recursion
            raise AttributeError(name)
        return getattr(self.scorer, name)

    def score(self, sentence: Any) -> tuple[Any, list[Any]]:
        rows, notes = self.scorer.score(sentence)
        n_golds = len(sentence.golds)
        for j, note in enumerate(notes):
            if isinstance(note, Grouped):
                note = note.note
            for err in note[2]:
                err.locate(sentence=sentence.number, sentence_id=sentence.sentence_id)
                err.locate(**sentence.where[n_golds + j])
        return rows, notes
