"""What kind of tree a value is, decided in one place, and the flat baseline of each kind.

Every metric accepts trees of several formal types: ``nltk.Tree`` and
:class:`~nltk_tedeval.trees.constituency.PhraseStructure` are phrase
structures, ``DependencyGraph`` and
:class:`~nltk_tedeval.trees.dependency.DependencyTree` dependency trees, and
:class:`~nltk_tedeval.trees.mft.MultiFunctionTree` the protocol's own type
(2012 paper, §3.1). What each is, is decided by the registry of kinds
(:mod:`nltk_tedeval.kinds`); :func:`tree_kind` reads it as the family of
trees, and :func:`as_kind` is the one coercion of the metrics: each declares
the kinds it scores (an :class:`~nltk_tedeval.kinds.Accepts`, with its own
message for any other) and takes the package's own tree of the kind, so that
a new tree type is one registry entry, not a test in every metric.

:func:`flat_parse` builds the parse that stands in for a missing one under
``missing="flat"``: the gold's words with no structure at all, the floor of
every metric (SPEC.md §10).

>>> from nltk import Tree
>>> tree_kind(Tree("S", ["a"])), tree_kind("a string")
('constituency', None)
>>> print(flat_parse(Tree.fromstring("(S (NP (DT the) (NN cat)) (VP (VBD sat)))")))
(ROOT (DT the) (NN cat) (VBD sat))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from ..errors import EmptyTreeError, TreeStructureError
from ..kinds import (
    CONSTITUENCY,
    DEPENDENCY,
    DISCONTINUOUS,
    Accepts,
    accepted,
    kind_named,
    kind_of,
    spec_of,
    tree_family,
)
from .constituency import (
    EMPTY_ELEMENT,
    PhraseStructure,
    WordlessTree,
    flatten_tree,
    phrase_structure,
)
from .dependency import DependencyTree, checked, from_dependency_graph
from .mft import MultiFunctionTree
from .tokens import Segmented

if TYPE_CHECKING:
    from nltk import Tree

__all__ = [
    "FLAT_RELATION",
    "FLAT_ROOT",
    "OWN_TREE",
    "TreeKind",
    "as_kind",
    "flat_parse",
    "has_text",
    "kind_name",
    "text_key",
    "text_length",
    "text_tokens",
    "tree_kind",
    "tree_words",
]

TreeKind = Literal["constituency", "dependency", "mft"]

FLAT_ROOT = "ROOT"
"""The label of the one phrase of a flat constituency parse (as EVALB's ``ROOT`` or ``TOP``)."""

FLAT_RELATION = "dep"
"""The relation of every token of a flat dependency parse: UD's unspecified dependency."""


def tree_kind(obj: Any) -> TreeKind | None:
    """``"constituency"``, ``"dependency"`` or ``"mft"``; ``None`` for anything else.

    The registry's kind (:func:`~nltk_tedeval.kinds.kind_of`) as a family of
    trees: a discontinuous tree is a constituency tree.

    >>> from nltk.parse import DependencyGraph
    >>> tree_kind(DependencyGraph("I PRP 2 nsubj\\nleft VBD 0 ROOT"))
    'dependency'
    """
    return tree_family(kind_of(obj))


kind_name = kind_named
"""How a message names an object: the registry's words (:func:`~nltk_tedeval.kinds.kind_named`)."""

OWN_TREE = "own"
"""``as_kind``'s ``want`` for the package's own tree of an object's kind: a phrase
structure as a :class:`PhraseStructure`, a dependency tree as a checked
:class:`DependencyTree`, any other kind unchanged."""


def as_kind(obj: Any, want: str | None, accepts: Accepts, side: str = "") -> Any:
    """``obj`` if its kind is one ``accepts`` takes, as ``want`` asks; else ``accepts``'s error.

    ``want`` is :data:`OWN_TREE` (the table the metrics read: nltk's trees are
    flattened, a ``DependencyGraph`` read and checked, the errors of that
    reading raised) or ``None`` (``obj`` itself: the caller converts it).
    ``side`` names the side in the refusal (``"gold"``, ``"test"``).

    >>> from nltk import Tree
    >>> from nltk_tedeval.errors import TreeStructureError
    >>> phrases = Accepts(["constituency"], lambda o, k, s: TreeStructureError(f"{s}: {k}"))
    >>> as_kind(Tree.fromstring("(S (X a))"), OWN_TREE, phrases).tags
    ('X',)
    >>> as_kind(DependencyTree(("a",), (0,)), OWN_TREE, phrases, "gold")
    Traceback (most recent call last):
    ...
    nltk_tedeval.errors.TreeStructureError: gold: dependency
    """
    kind = accepted(obj, accepts, side)
    if want is None or obj is None:
        return obj
    if kind in (CONSTITUENCY, DISCONTINUOUS):
        return obj if isinstance(obj, PhraseStructure) else flatten_tree(obj)
    if kind == DEPENDENCY:
        return checked(obj) if isinstance(obj, DependencyTree) else from_dependency_graph(obj)
    return obj


def flat_parse(gold: Any) -> Any:
    """A parse of ``gold``'s words without any structure, of ``gold``'s own kind.

    - phrase structure: every word under its gold POS tag, every tag right
      under one ``ROOT`` phrase (as ``examples/study.py`` builds it), an
      ``nltk.Tree``, or a :class:`PhraseStructure` when ``gold`` is one;
    - dependency: every token attached to the root with relation ``dep``,
      keeping its gold tags;
    - multi-function tree: the node over the whole sentence with the gold
      root's labels, and no other node.

    ``None`` when ``gold`` is not a tree; the caller reports that.

    >>> from nltk.parse import DependencyGraph
    >>> flat_parse(DependencyGraph("I PRP 2 nsubj\\nleft VBD 0 ROOT")).heads
    (0, 0)
    """
    kind = tree_kind(gold)
    if kind == "constituency":
        # The package's own phrase structures give their own kind of flat
        # parse, as dependency trees do, so that the command line needs no nltk.
        if isinstance(gold, WordlessTree):
            return WordlessTree((FLAT_ROOT,), ((),))
        if isinstance(gold, PhraseStructure):
            return _flat_phrase_structure(gold)
        from nltk import Tree

        if kind_of(gold) == DISCONTINUOUS:
            pairs = [(gold.words[p], t) for p, t in sorted(gold.pos())]
        else:
            pairs = [(w, t) for w, t in gold.pos()]
        return Tree(FLAT_ROOT, [Tree(tag, [word]) for word, tag in pairs])
    if kind == "dependency":
        tree = checked(gold) if isinstance(gold, DependencyTree) else from_dependency_graph(gold)
        n = len(tree.words)
        return DependencyTree(
            tree.words, (0,) * n, (FLAT_RELATION,) * n, tree.tags, tree.ctags, check=False
        )
    if kind == "mft":
        whole = (0, len(gold.words))
        return MultiFunctionTree({whole: gold.labels(whole)}, gold.words)
    return None


def _flat_phrase_structure(gold: PhraseStructure) -> PhraseStructure:
    """:func:`flat_parse` of a phrase-structure table: the table of the flat ``nltk.Tree``.

    >>> from nltk import Tree
    >>> flat = Tree.fromstring("(ROOT (DT the) (NN cat) (X sat))")
    >>> ps = flatten_tree(Tree.fromstring("(S (NP (DT the) (NN cat)) sat)"))
    >>> _flat_phrase_structure(ps) == flatten_tree(flat)
    True
    """
    n = len(gold.words)
    return phrase_structure(
        [FLAT_ROOT, *(t if t is not None else "X" for t in gold.tags)],
        [0, *range(n)],
        [n, *range(1, n + 1)],
        [-1, *(0,) * n],
        [list(range(1, n + 1)), *([-1 - i] for i in range(n))],
        gold.words,
    )


def tree_words(obj: Any) -> tuple[str, ...] | None:
    """The words of a tree of any kind, as written; ``None`` for anything that is no tree.

    The sentence loop keeps them (hashed) for every scored sentence, so that a
    paired test can check that two runs scored the same sentences.

    >>> from nltk import Tree
    >>> tree_words(Tree.fromstring("(S (NP I) (VP left))")), tree_words(None)
    (('I', 'left'), None)
    """
    kind = tree_kind(obj)
    if kind == "constituency":
        if isinstance(obj, PhraseStructure) or kind_of(obj) == DISCONTINUOUS:
            return tuple(obj.words)
        if isinstance(obj, WordlessTree):
            return ()
        return _leaves(obj)
    if kind == "dependency":
        if isinstance(obj, DependencyTree):
            return obj.words
        nodes = obj.nodes
        return tuple(nodes[i]["word"] for i in sorted(nodes) if i)
    if kind == "mft":
        return obj.words
    return None


def _leaves(tree: Any) -> tuple[str, ...]:
    """``tree.leaves()`` without recursion, so that a tree of any depth works."""
    from nltk import Tree

    out: list[str] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, Tree):
            stack.extend(reversed(node))
        else:
            out.append(node)
    return tuple(out)


def text_tokens(obj: Any) -> tuple[str, ...] | None:
    """The tokens of a tree that spell its sentence's text: its words without empty elements.

    Traces and other empty elements (``-NONE-``) have no characters in the
    text a parser reads, so alignment (SPEC.md §11) leaves them out;
    ``None`` for anything that is no tree.

    >>> from nltk import Tree
    >>> text_tokens(Tree.fromstring("(S (NP (-NONE- *)) (VP (VB Go)) (. !))"))
    ('Go', '!')
    """
    if isinstance(obj, PhraseStructure):
        # What readers make (a block's line, a bracketed tree): no kind to look up, which
        # costs more than the words of a line (alignment asks it of every sentence).
        return tuple(obj.text_words())
    if isinstance(obj, DependencyTree):
        # (A dependency tree has no empty element; its multiword tokens spell the text.)
        return Segmented(obj.words, obj.multiword) if obj.multiword else obj.words
    spec = spec_of(obj)
    if spec is not None and spec.kind == CONSTITUENCY:
        if spec.nltk:
            return _tree_text(obj)
        ps = obj if isinstance(obj, PhraseStructure) else flatten_tree(obj)
        return tuple(ps.text_words())
    return tree_words(obj)


def text_length(obj: Any) -> int:
    """A sentence's length as the length filters count it (SPEC.md §15): its words, punctuation
    included, without empty elements (its :func:`text_tokens`).

    A CoNLL-U sentence counts its syntactic words (a multiword token as its words), as
    every metric reads it; a trace has no characters in the text and counts nothing.

    >>> from nltk import Tree
    >>> text_length(Tree.fromstring("(S (NP (-NONE- *)) (VP (VB Go)) (. !))"))
    2
    """
    tokens = text_tokens(obj)
    if tokens is None:
        raise TreeStructureError(f"{kind_name(obj)} is no tree: it has no words to count")
    return len(tokens)


def text_key(obj: Any) -> object:
    """What stands for :func:`text_tokens` where it costs less (``None``: nothing does):
    two trees of equal keys have equal text tokens. A line of a block of bracketed
    lines has one, its words' bytes; alignment compares them before any word
    (issue 31).

    >>> from nltk import Tree
    >>> print(text_key(Tree.fromstring("(S (X a))")))
    None
    """
    return obj.text_key() if isinstance(obj, PhraseStructure) else None


def has_text(obj: Any) -> bool:
    """Whether a tree has a word of text: a parse without one is a missing parse (SPEC.md §10).

    A tree without words (``(())``, ``(TOP ())``) and a tree of empty
    elements only (``(S (-NONE- *))``) are what a parser writes when it
    failed on a sentence. Anything that is no tree is not for this test to
    judge (``True``): the metric that reads it says what is wrong.

    >>> from nltk import Tree
    >>> [has_text(Tree.fromstring(t)) for t in ("(S (-NONE- *))", "(())", "(S (X a))")]
    [False, False, True]
    """
    if isinstance(obj, WordlessTree):
        return False
    if isinstance(obj, PhraseStructure):
        return obj.has_text()
    if isinstance(obj, DependencyTree):
        return bool(obj.words)
    try:
        tokens = text_tokens(obj)
    except EmptyTreeError:
        return False
    return tokens is None or bool(tokens)


def _tree_text(tree: Tree) -> tuple[str, ...]:
    """:func:`text_tokens` of an ``nltk.Tree``, without building its phrase-structure table.

    A word alone under ``-NONE-`` is an empty element; a tree without any
    word is refused as :func:`~.constituency.flatten_tree` refuses it.
    """
    out: list[str] = []
    stack: list[Tree | str] = [tree]
    any_word = False
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            any_word = True
            out.append(node)  # a word beside phrases: no tag of its own
        elif len(node) == 1 and isinstance(node[0], str):
            any_word = True
            if node.label() != EMPTY_ELEMENT:
                out.append(node[0])
        else:
            stack.extend(reversed(node))
    if not any_word:
        raise EmptyTreeError("the tree has no words")
    return tuple(out)
