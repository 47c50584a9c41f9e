"""What kind of input an object is, decided in one place: the registry of kinds.

Every step of the package takes inputs of several formal types, and must
tell them apart: a phrase structure (``nltk.Tree``, the package's
:class:`~nltk_tedeval.trees.constituency.PhraseStructure`), a
discontinuous tree (:class:`~nltk_tedeval.trees.discontinuous.DiscTree`), a
dependency tree (``DependencyGraph``,
:class:`~nltk_tedeval.trees.dependency.DependencyTree`), a multi-function
tree, a CoNLL-U sentence of tokens and words, a reader's record of a read
sentence. :data:`KINDS` lists them, one :class:`KindSpec` per class, and
:func:`kind_of` is the one function that reads it: every other test of
"what is this" in the package (``tree_kind``, ``is_nltk_tree``,
``is_disc_tree``, ``corpus_kind``, the corpus check's names for one
sentence, the metrics' checks of their inputs) asks it. Anything the
registry does not know is *foreign*: another library's object (a spaCy
``Doc``, a conllu ``TokenList``, triples...), which
:mod:`nltk_tedeval.trees.objects` reads into one of these kinds, or
something no step can score.

A class is named by its module and name, never imported: no object can be
an instance of a class whose module was never imported, so the test is
``False`` without importing nltk (:func:`loaded_class`). That is what lets
the command line run without nltk, and it is why this module, which every
layer reads, imports nothing of the package.

What a metric scores is declared, not tested for: an :class:`Accepts` names
the kinds it takes and builds its own message for any other, and
:func:`accepted` (or :func:`~nltk_tedeval.trees.kinds.as_kind`, which also
converts) applies it.

>>> kind_of("a string") is None, kind_of(None) is None
(True, True)
>>> from nltk import Tree
>>> kind_of(Tree("S", ["a"])), kind_named(Tree("S", ["a"])), kind_named(3)
('constituency', 'a constituency tree (nltk.Tree)', 'an int')
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final, Literal

__all__ = [
    "CONSTITUENCY",
    "DEPENDENCY",
    "DISCONTINUOUS",
    "KINDS",
    "MFT",
    "RECORD",
    "UD",
    "Accepts",
    "Kind",
    "KindSpec",
    "accepted",
    "is_loaded_instance",
    "is_record",
    "kind_named",
    "kind_of",
    "loaded_class",
    "register_kind",
    "single_named",
    "spec_of",
    "tree_family",
    "unregister_kind",
]

Kind = Literal["constituency", "discontinuous", "dependency", "mft", "ud", "record"]
"""What an object is; ``None`` (from :func:`kind_of`) for a foreign object or no input."""

CONSTITUENCY: Final = "constituency"
DISCONTINUOUS: Final = "discontinuous"
DEPENDENCY: Final = "dependency"
MFT: Final = "mft"
UD: Final = "ud"
RECORD: Final = "record"

# The names the readers' formats give their trees (reading.formats) are the first three:
# a file's kind and its trees' kind are one vocabulary.
_TREES = "nltk_tedeval.trees"


def loaded_class(module: str, name: str) -> type | None:
    """The class ``name`` of ``module`` once that module is imported; ``None`` before.

    No object can be an instance of a class whose module was never imported,
    so a type test against a class of nltk, or of one of our own modules that
    needs nltk (:mod:`~nltk_tedeval.trees.discontinuous`), can answer
    ``False`` without importing it. Every such test in the package comes
    here (through :func:`is_loaded_instance` and :func:`kind_of`): that is what lets the command
    line, which reads files straight into the package's own tree types, run
    without importing nltk at all, which costs 0.6 s and some 25 MB a
    process, and several times that when nltk finds scipy. A module set to
    ``None`` in :data:`sys.modules` (an import blocked on purpose) counts as
    not imported.

    >>> loaded_class("collections", "OrderedDict").__name__
    'OrderedDict'
    >>> loaded_class("no.such.module", "Tree") is None
    True
    """
    found = getattr(sys.modules.get(module), name, None)
    return found if isinstance(found, type) else None


def is_loaded_instance(obj: Any, module: str, name: str) -> bool:
    """``isinstance(obj, module.name)``, ``False`` without importing ``module`` if it is not yet.

    >>> from fractions import Fraction
    >>> is_loaded_instance(Fraction(1, 2), "fractions", "Fraction")
    True
    >>> is_loaded_instance(0.5, "fractions", "Fraction"), is_loaded_instance(1, "no.such", "X")
    (False, False)
    """
    cls = loaded_class(module, name)
    return cls is not None and isinstance(obj, cls)


@dataclass(frozen=True)
class KindSpec:
    """One class of input and what it is: its kind, and how messages name one.

    ``module`` and ``name`` name the class (subclasses count), tested only
    once its module is imported. ``named`` is how a message names such an
    object (``None``: by its Python type, "a PhraseStructure"); ``single``
    how the corpus check names one given where a corpus belongs
    (``"{type}"`` is its type's name; ``None``: no such message, the
    corpus check judges it as any other value). ``nltk`` marks nltk's own
    tree classes (and their subclasses), the ones the walks over an
    ``nltk.Tree`` read.
    """

    kind: Kind
    module: str
    name: str
    named: str | None = None
    single: str | None = None
    nltk: bool = False


_PHRASES = "a constituency tree (nltk.Tree)"
_ARCS = "a dependency tree (DependencyGraph)"

KINDS: list[KindSpec] = [
    # A DiscTree is an nltk.Tree: its entry comes first, as every subclass's must.
    KindSpec(DISCONTINUOUS, f"{_TREES}.discontinuous", "DiscTree", _PHRASES, "one nltk.Tree", True),
    # nltk.tree is the package that exports Tree (nltk >= 3.8 defines it in nltk.tree.tree).
    KindSpec(CONSTITUENCY, "nltk.tree", "Tree", _PHRASES, "one nltk.Tree", True),
    KindSpec(CONSTITUENCY, f"{_TREES}.constituency", "PhraseStructure", _PHRASES),
    KindSpec(CONSTITUENCY, f"{_TREES}.constituency", "WordlessTree", _PHRASES),
    KindSpec(
        DEPENDENCY,
        "nltk.parse.dependencygraph",
        "DependencyGraph",
        _ARCS,
        "one DependencyGraph",
        True,
    ),
    KindSpec(DEPENDENCY, f"{_TREES}.dependency", "DependencyTree", _ARCS, "one {type}"),
    KindSpec(MFT, f"{_TREES}.mft", "MultiFunctionTree", "a MultiFunctionTree"),
    KindSpec(UD, f"{_TREES}.ud_words", "UDSentence"),
    KindSpec(
        RECORD,
        "nltk_tedeval.records",
        "SourceSentence",
        None,
        "one read sentence (a SourceSentence)",
    ),
]
"""Every class of input the package knows, tried in order (a subclass before its base)."""

_BUILT_IN_COUNT = len(KINDS)  # register_kind puts a class of one's own before these

# The spec of each type met so far (None: none). A type's answer cannot change while
# KINDS does not: a class imported later cannot be a base of a type that exists already.
# The readers make one object per sentence, and the sentence loop, the alignment and
# every metric ask what it is (issue 31): a dictionary look-up, not nine type tests.
_BY_TYPE: dict[type, KindSpec | None] = {}


def register_kind(spec: KindSpec) -> None:
    """Add a class of input to :data:`KINDS`, tried before the others.

    >>> class Chart:
    ...     pass
    >>> register_kind(KindSpec(CONSTITUENCY, __name__, "Chart", "a chart"))
    >>> import sys; sys.modules[__name__].Chart = Chart
    >>> kind_of(Chart()), kind_named(Chart())
    ('constituency', 'a chart')
    >>> _ = KINDS.pop(0); _BY_TYPE.clear(); del sys.modules[__name__].Chart
    """
    KINDS.insert(0, spec)
    _BY_TYPE.clear()


def unregister_kind(spec: KindSpec) -> None:
    """Take back a class that :func:`register_kind` added (tests, notebooks)."""
    if spec not in KINDS[: len(KINDS) - _BUILT_IN_COUNT]:
        raise ValueError(f"{spec.module}.{spec.name} is no registered kind")
    KINDS.remove(spec)
    _BY_TYPE.clear()


def spec_of(obj: Any) -> KindSpec | None:
    """The :class:`KindSpec` of ``obj``'s class; ``None`` for a class the registry lacks."""
    cls = type(obj)
    try:
        return _BY_TYPE[cls]
    except KeyError:
        pass
    found = _BY_TYPE[cls] = next(
        (s for s in KINDS if is_loaded_instance(obj, s.module, s.name)), None
    )
    return found


def is_record(obj: Any) -> bool:
    """Whether ``obj`` is a reader's record of a sentence: a ``SourceSentence``, or anything
    with ``tree`` and ``error`` attributes (the records' interface, SPEC.md §13).

    >>> from nltk_tedeval.records import SourceSentence
    >>> is_record(SourceSentence("a", 1, 1, None, None)), is_record("a")
    (True, False)
    """
    spec = spec_of(obj)
    if spec is not None:
        return spec.kind == RECORD
    return hasattr(obj, "tree") and hasattr(obj, "error")


def kind_of(obj: Any) -> Kind | None:
    """What ``obj`` is: its :class:`KindSpec`'s kind, ``"record"`` for a record of any class,
    ``None`` for a foreign object or anything else.

    >>> from nltk_tedeval.records import SourceSentence
    >>> kind_of(SourceSentence("a", 1, 1, None, None)), kind_of([("Hi", 0, "root")])
    ('record', None)
    """
    spec = spec_of(obj)
    if spec is not None:
        return spec.kind
    return RECORD if hasattr(obj, "tree") and hasattr(obj, "error") else None


def tree_family(kind: Kind | None) -> Literal["constituency", "dependency", "mft"] | None:
    """The family of trees a kind belongs to: a discontinuous tree is a phrase structure.

    >>> tree_family("discontinuous"), tree_family("ud"), tree_family(None)
    ('constituency', None, None)
    """
    if kind in (CONSTITUENCY, DISCONTINUOUS):
        return CONSTITUENCY
    if kind in (DEPENDENCY, MFT):
        return kind
    return None


def _article(name: str) -> str:
    return f"{'an' if name[0].lower() in 'aeiou' else 'a'} {name}"


def kind_named(obj: Any) -> str:
    """How a message names ``obj``: its kind of tree, or its Python type if it is none.

    >>> kind_named(None), kind_named(3), kind_named("x")
    ('None', 'an int', 'a str')
    """
    if obj is None:
        return "None"
    spec = spec_of(obj)
    if spec is not None and spec.named is not None:
        return spec.named
    return _article(type(obj).__name__)


def single_named(obj: Any) -> str | None:
    """How to name ``obj`` if it is one sentence rather than a corpus; ``None`` if not one.

    >>> from nltk import Tree
    >>> single_named(Tree("S", ["a"])), single_named([Tree("S", ["a"])])
    ('one nltk.Tree', None)
    """
    spec = spec_of(obj)
    if spec is None or spec.single is None:
        return None
    return spec.single.format(type=type(obj).__name__)


Refusal = Callable[[Any, "Kind | None", str], Exception]
"""The error a step gives for an object of a kind it does not take: ``(obj, kind, side)``."""


@dataclass(frozen=True)
class Accepts:
    """The kinds a step (a metric, a converter) scores, and its own message for any other.

    ``refuse(obj, kind, side)`` builds the error for ``obj``, of kind
    ``kind`` (``None``: foreign), on ``side`` (``"gold"``, ``"test"``, or
    ``""``): each metric words it for its users (what it scores, which
    metric scores the other kind), so the message stays the metric's while
    the decision is the registry's. ``none`` says whether ``None`` (a missing
    parse) passes.

    >>> from nltk_tedeval.errors import TreeStructureError
    >>> phrases = Accepts(("constituency",), lambda o, k, s: TreeStructureError(f"not {k}"))
    >>> try:
    ...     accepted(3, phrases)
    ... except TreeStructureError as err:
    ...     print(err)
    not None
    """

    kinds: frozenset[Kind]
    refuse: Refusal
    none: bool = False

    def __init__(self, kinds: Iterable[Kind], refuse: Refusal, none: bool = False) -> None:
        object.__setattr__(self, "kinds", frozenset(kinds))
        object.__setattr__(self, "refuse", refuse)
        object.__setattr__(self, "none", none)


def accepted(obj: Any, accepts: Accepts, side: str = "") -> Kind | None:
    """The kind of ``obj`` if ``accepts`` takes it; otherwise the error ``accepts`` words.

    >>> from nltk import Tree
    >>> accepted(Tree("S", ["a"]), Accepts(("constituency", "discontinuous"), None))
    'constituency'
    """
    kind = kind_of(obj)
    if kind in accepts.kinds or (obj is None and accepts.none):
        return kind
    raise accepts.refuse(obj, kind, side)
