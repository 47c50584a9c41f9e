"""One entry point from any tree of any framework to a multi-function tree.

Step 1 of the protocol (2012 paper, §3.1): every tree, whatever its formal
type, becomes a multi-function tree. A :class:`Converter` holds the options
of one *theory* (annotation scheme): how phrase-structure labels map to
functions, the head label of dependency trees, whether relation subtypes are
kept, whether non-projective arcs are lifted, and a label map. It accepts
``nltk.Tree``, ``nltk.parse.DependencyGraph``, an already flattened
:class:`~nltk_tedeval.trees.constituency.PhraseStructure` or
:class:`~nltk_tedeval.trees.dependency.DependencyTree`, and passes a
:class:`~nltk_tedeval.trees.mft.MultiFunctionTree` through unchanged, so users can
convert once and score many times.

>>> from nltk import Tree
>>> print(to_mft(Tree.fromstring("(S (NP-SBJ (PRP I)) (VP (VBD left)))")))
(0,2):{} (0,1):{SBJ} (1,2):{}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..errors import TedEvalError, TreeStructureError
from ..kinds import CONSTITUENCY, DEPENDENCY, DISCONTINUOUS, MFT, Accepts, accepted, tree_family
from ..records import unwrap
from .constituency import tree_to_mft
from .dependency import (
    Arc,
    DependencyTree,
    checked,
    dependency_to_mft,
    from_dependency_graph,
)
from .kinds import kind_name
from .labelers import Labeler, get_labeler, labeler_name
from .mft import MultiFunctionTree
from .objects import as_tree
from .operations import relabel

__all__ = ["Conversion", "Converter", "to_mft"]


class Conversion(NamedTuple):
    """A converted tree and the non-projective arcs lifted on the way (if any)."""

    mft: MultiFunctionTree
    lifted: tuple[Arc, ...] = ()


CONVERTIBLE = Accepts(
    (CONSTITUENCY, DISCONTINUOUS, DEPENDENCY, MFT),
    lambda obj, kind, side: TreeStructureError(
        "expected an nltk.Tree, an nltk DependencyGraph or a MultiFunctionTree, "
        f"got {kind_name(obj)}"
    ),
)
"""What step 1 converts (TedEval, and every theory's converter): every kind of tree."""


@dataclass(frozen=True)
class Converter:
    """The conversion options of one theory; call it on a tree to get its MFT.

    - ``labeler``: for phrase-structure trees, ``"ptb"`` (default), ``"colon"``,
      ``"colon-mirror"``, ``"identity"``, ``"rr"`` or a callable (see
      :mod:`nltk_tedeval.trees.labelers`);
    - ``head_label``: label of the head-word node of dependency projections
      (``"hd"``, the 2012 convention);
    - ``strip_subtypes``: ``nsubj:pass`` becomes ``nsubj``;
    - ``projectivize``: lift non-projective arcs (Nivre and Nilsson, 2005)
      before converting; by default a non-projective tree is converted as it
      is, its projections with gaps becoming nodes over yields with gaps
      (SPEC.md §2);
    - ``label_map``: rename labels after conversion (``{"SUB": "SBJ"}``);
      a label mapped to ``""`` or ``None`` is dropped.

    >>> from nltk_tedeval.trees.dependency import DependencyTree
    >>> conv = Converter(head_label="HD", label_map={"pobj": "obj"})
    >>> print(conv(DependencyTree(("on", "Sunday"), (0, 1), ("prep", "pobj"))))
    (0,2):{prep} (0,1):{HD} (1,2):{obj}
    """

    labeler: str | Labeler = "ptb"
    head_label: str = "hd"
    strip_subtypes: bool = False
    projectivize: bool = False
    label_map: Mapping[str, str | None] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        get_labeler(self.labeler)  # fail early on an unknown name

    def convert(self, obj: Any) -> Conversion:
        """Convert ``obj`` and report the arcs lifted to make it projective.

        ``obj`` may also be a record of :mod:`nltk_tedeval.reading`; its
        reading error, if it has one, is raised.
        """
        tree, where, error = unwrap(obj)
        if error is not None:
            raise error
        if where:
            try:
                return self.convert(tree)
            except TedEvalError as err:
                raise err.locate(**where) from None
        lifted: tuple[Arc, ...] = ()
        kind = tree_family(accepted(obj, CONVERTIBLE))
        if kind == MFT:
            mft = obj
        elif kind == CONSTITUENCY:
            mft = tree_to_mft(obj, self.labeler)
        else:
            tree = checked(obj) if isinstance(obj, DependencyTree) else from_dependency_graph(obj)
            if self.projectivize:
                tree, lifted = tree.projectivize()
            mft = dependency_to_mft(
                tree, head_label=self.head_label, strip_subtypes=self.strip_subtypes
            )
        if self.label_map and not isinstance(obj, MultiFunctionTree):
            mft = relabel(mft, self.label_map)
        return Conversion(mft, lifted)

    def __call__(self, obj: Any) -> MultiFunctionTree:
        return self.convert(obj).mft

    def signature_fields(self) -> dict[str, object]:
        """The options as signature fields."""
        return {
            "labeler": labeler_name(self.labeler),
            "hd": self.head_label,
            "subtypes": "strip" if self.strip_subtypes else "keep",
            "proj": "lift" if self.projectivize else "native",
            "map": "yes" if self.label_map else "no",
        }


def to_mft(obj: Any, **options: Any) -> MultiFunctionTree:
    """Convert one tree with the given :class:`Converter` options.

    Other libraries' sentence objects (a spaCy ``Span``, a conllu
    ``TokenList``, ``(word, head, relation)`` triples, a bracketed string)
    are read first (:func:`~.objects.as_tree`; SPEC.md §13).

    >>> from nltk.parse import DependencyGraph
    >>> print(to_mft(DependencyGraph("I PRP 2 nsubj\\nleft VBD 0 ROOT"), head_label="HD"))
    (0,2):{ROOT} (0,1):{nsubj} (1,2):{HD}
    >>> print(to_mft([("I", 2, "nsubj"), ("left", 0, "ROOT")], head_label="HD"))
    (0,2):{ROOT} (0,1):{nsubj} (1,2):{HD}
    """
    return Converter(**options)(as_tree(obj))
