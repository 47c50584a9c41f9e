"""The door for a breakdown key of one's own: a property of the gold word (docs/extending.md).

:class:`WordKey` is what :func:`~nltk_tedeval.metrics.attachment_groups.register_word_key`
takes; it lives apart from that table so that a module of keys (MaltEval's,
:mod:`.malteval_keys`) imports it without importing the table that registers them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..scoring.groups import Bins
from ..trees.dependency import DependencyTree

__all__ = ["WordGroups", "WordKey"]

WordGroups = Callable[[DependencyTree, "Bins | None"], Sequence[str]]
"""The group of every gold word of a sentence, in order: ``groups(gold, bins)``, where
``bins`` are the key's bins for a binned key and ``None`` for another."""


@dataclass(frozen=True)
class WordKey:
    """A token key by a property of the gold word: the door for a key of one's own.

    ``groups`` puts every word of a gold :class:`DependencyTree` in a group (a
    string); a token of the sentence then counts in its gold word's group, so a
    group's LAS, UAS, LA, UNDIRECTED and NED are accuracies over its gold tokens
    and the groups split the corpus's tokens, as for ``upos``. ``bins``, for a key
    over an integer, are its default bins (``--bins NAME=...`` sets others): the
    function gets the run's bins and labels each integer with ``bins.label``.

    ``arc``: the property is one of the word's arc that a right head keeps (its
    length), so the parse's arcs are grouped by it too, with ``groups(parse,
    bins)``: a group then has recall over its gold tokens and precision over
    its parse tokens, as ``distance`` (``LAS_P`` to ``UAS_F``). ``valued``: the
    key also takes a value, ``NAME=VALUE`` (``feats=Case``), and
    ``valued(VALUE)`` gives that key's groups function. ``reads``: the columns
    of the tree it reads that a reader keeps only when asked (``"lemmas"``,
    ``"feats"``: ``morphology=True``); a run by the key asks for them, and a gold
    tree without them is an error that says so.
    """

    name: str
    help: str
    groups: WordGroups
    bins: Bins | None = None
    arc: bool = False
    valued: Callable[[str], WordGroups] | None = None
    reads: tuple[str, ...] = ()
