"""TedEval over units: joint evaluation of segmentation and parsing (SPEC.md §11).

The 2012 paper scores a parse whose yield is the gold's and names lifting
that restriction as its open problem; Tsarfaty, Nivre and Andersson (ACL
2012, "Joint evaluation of morphological segmentation and syntactic
parsing") score trees over different segmentations by anchoring nodes in
a common coordinate system. Here the coordinates are the *atoms* of a unit
(:mod:`nltk_tedeval.alignment`): the pieces of its text between the token
boundaries of any side. Every tree of every side is converted as usual,
sentence by sentence, and each node's span over tokens becomes the span
over the atoms those tokens spell; the sentences of one side then make one
multi-function tree over the unit's atoms. Its node over the whole unit is
the virtual root (§3.3): never counted unlabeled, and labelled only when one
sentence of that side covers the whole unit.

So a token the parse merged ("NewYork" for "New" "York") is a node over two
atoms where the gold has a node over each, and costs the edits of those
nodes; a sentence the parse split in two costs the nodes that span both
halves. When both sides tokenize alike, the atoms are the tokens and every
item, δ and ι are those of the unaligned protocol.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..alignment import AlignedSentence, Unit
from ..errors import TedEvalError
from ..records import SourceSentence, unwrap
from ..scoring.missing import ZERO
from ..trees.convert import Converter
from ..trees.mft import MultiFunctionTree

__all__: list[str] = []  # used by the protocol


def unit_trees(
    views: Sequence[Unit], converters: Sequence[Converter], engine_check: Any
) -> tuple[list[MultiFunctionTree], list[int]]:
    """Every side's multi-function tree over the unit's atoms, and its lifted arcs.

    ``views`` are the units of the sentence loop, one per source (golds,
    then parses): each knows its whole unit and which side it stands for
    (the last side of a view is its own; a parse's view pairs it with the
    native gold). ``engine_check`` refuses a tree the engine cannot score.
    """
    whole = views[0].whole or views[0]
    atoms = whole.atoms()
    index: dict[int, int] = {}  # each atom's number, made when a sentence needs it
    text = whole.text
    words: tuple[str, ...] | int = len(atoms) - 1
    if text:
        words = tuple(map(text.__getitem__, map(slice, atoms[:-1], atoms[1:])))
    trees: list[MultiFunctionTree] = []
    lifted: list[int] = []
    for view, conv in zip(views, converters, strict=True):
        nodes: dict[Any, frozenset[str]] = {}
        arcs = 0
        # A parse that stands in for a missing one with nothing right (missing="zero")
        # has no node: it adds no item over the atoms of the gold sentence it stands for.
        own = view.sides[-1]
        sentences = (
            own
            if (len(own) == 1 and own[0].item is not ZERO) or all(s.item is not ZERO for s in own)
            else tuple(s for s in own if s.item is not ZERO)
        )
        alike = _alike(sentences, atoms)
        for s in sentences:
            item = s.item
            if type(item) is SourceSentence:
                tree, error = item.tree, item.error  # unwrap's, without making the place
            else:
                tree, _, error = unwrap(item)
            if error is not None:
                raise error
            try:
                conversion = conv.convert(tree)
                engine_check(conversion.mft)
            except TedEvalError as err:
                raise err.locate(**s.source) from None
            mft = conversion.mft
            arcs += len(conversion.lifted)
            bounds = s.bounds
            if mft.n != len(bounds) - 1:
                raise TedEvalError(
                    f"the converted tree has {mft.n} words where the sentence has "
                    f"{len(bounds) - 1} tokens of text",
                    **s.source,
                )
            if alike:
                # The sentence is the unit and its tokens are its atoms (every
                # side tokenized alike): its spans are already over atoms.
                trees.append(mft if mft.words == words else mft.with_words(words))
                break
            if not index:
                index.update((b, i) for i, b in enumerate(atoms))
            for span, labels in mft.as_dict().items():
                key = _atom_span(span, s, index)
                nodes[key] = nodes[key] | labels if key in nodes else labels
        if not alike:
            trees.append(MultiFunctionTree(nodes, words))
        lifted.append(arcs)
    return trees, lifted


def _alike(sentences: Sequence[AlignedSentence], atoms: tuple[int, ...]) -> bool:
    """One sentence whose tokens are the unit's atoms: its spans need no mapping."""
    return len(sentences) == 1 and sentences[0].ends is None and sentences[0].bounds == atoms


def _atom_span(span: tuple[int, ...], s: AlignedSentence, index: dict[int, int]) -> Any:
    """A span over a sentence's tokens as the span over the atoms they spell.

    A run of tokens ``a..b`` covers the text from the start of token ``a``
    to the end of token ``b - 1``, the holes of its side between them
    included (under ``align="lcs"``: text that another side has and this
    one lacks, inside the run). A token boundary is an atom boundary, and a
    gap of tokens a gap of atoms, so the runs stay canonical.
    """
    runs: list[int] = []
    for a, b in zip(span[::2], span[1::2], strict=True):
        runs += [index[s.token_start(a)], index[s.token_end(b - 1)]]
    return tuple(runs)
