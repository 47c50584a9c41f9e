"""The record of one read sentence, and how the later steps take a tree out of it.

A reader (:mod:`nltk_tedeval.reading`) turns every sentence of a file into a
:class:`SourceSentence`: the tree nltk would have built from the same text,
or the error that stopped it, and where the sentence came from. Converters,
evaluators and the TedEval protocol accept such records wherever they
accept trees, and take them apart with :func:`unwrap`, so that an error
found late can still name the file and line without those steps knowing
about files. Both live here, below every step that uses them.

What a record or a tree *is* is decided in :mod:`nltk_tedeval.kinds`, the
registry of kinds, which tests a value against nltk's classes without
importing nltk, so that the command line never imports it; the tests here
(:func:`is_nltk_tree`, :func:`is_dependency_graph`, the corpus checks) read it.

>>> record = SourceSentence("gold.ptb", 3, 7, None, None)
>>> unwrap(record)
(None, {'file': 'gold.ptb', 'line': 7}, None)
>>> unwrap("a tree")
('a tree', {}, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import OptionError, TedEvalError
from .hooks import corpus_reader
from .kinds import (
    CONSTITUENCY,
    DEPENDENCY,
    DISCONTINUOUS,
    is_loaded_instance,
    is_record,
    kind_of,
    loaded_class,
    single_named,
    spec_of,
    tree_family,
)

if TYPE_CHECKING:
    from nltk.parse import DependencyGraph
    from nltk.tree import Tree

__all__ = [
    "SourceSentence",
    "corpus_kind",
    "is_dependency_graph",
    "is_disc_tree",
    "is_loaded_instance",
    "is_nltk_tree",
    "loaded_class",
    "require_corpora",
    "require_corpus",
    "tree_of",
    "unwrap",
]


@dataclass(frozen=True)
class SourceSentence:
    """One sentence of an input file, read or failed.

    ``number`` counts sentences from 1 in their file; ``line`` is the first
    line of the sentence (its first comment line in CoNLL-U). ``sentence_id``
    is the CoNLL-U ``# sent_id``, or ``None``. Exactly one of ``tree`` and
    ``error`` is set, except for an empty line in one-tree-per-line mode,
    where both are ``None`` (EVALB's empty parse).

    ``multiword`` holds the sentence's multiword tokens where a token-to-segment map
    gave them (:func:`~nltk_tedeval.reading.segments.with_segments`; SPEC.md §11):
    ``(first, end, form)``, the tree's text words ``first:end`` (0-based, empty
    elements not counted) making the surface token ``form``. Alignment reads the
    text from them; nothing else does.
    """

    file: str
    number: int
    line: int
    sentence_id: str | None
    tree: Tree | DependencyGraph | None
    error: TedEvalError | None = None
    multiword: tuple[tuple[int, int, str], ...] = ()

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

    @classmethod
    def read(
        cls, file: str, number: int, line: int, sentence_id: str | None, tree: Any
    ) -> SourceSentence:
        """The record of a tree read without error, as ``SourceSentence(...)`` makes it.

        Built without the frozen dataclass's field-by-field ``__init__``, half
        of a record's cost: the block readers make one per sentence per file,
        60,000 for ParsEval over 30,000 sentences (issue 31).

        >>> SourceSentence.read("a", 2, 2, None, "t") == SourceSentence("a", 2, 2, None, "t")
        True
        """
        record = object.__new__(cls)
        record.__dict__.update(
            file=file, number=number, line=line, sentence_id=sentence_id, tree=tree, error=None
        )
        return record


def unwrap(obj: Any) -> tuple[Any, dict[str, Any], TedEvalError | None]:
    """A tree, where it came from, and the reader's error for a bad record.

    Evaluators accept trees or the records of :mod:`nltk_tedeval.reading`
    (anything with ``tree``, ``error``, ``file`` and ``line`` attributes), so
    that errors can name the file and line without the evaluators knowing
    about files.
    """
    if type(obj) is SourceSentence:
        # The readers' records, without the attribute tests: the sentence loop and the
        # alignment unwrap every sentence of every corpus (issue 31).
        return obj.tree, {"file": obj.file, "line": obj.line}, obj.error
    if is_record(obj):
        where = {"file": getattr(obj, "file", None), "line": getattr(obj, "line", None)}
        return obj.tree, where, obj.error
    return obj, {}, None


def tree_of(obj: Any) -> Any:
    """``unwrap(obj)[0]``: the tree alone, without making the record's place.

    >>> tree_of(SourceSentence("a", 1, 1, None, "t")), tree_of("t")
    ('t', 't')
    """
    return obj.tree if type(obj) is SourceSentence else unwrap(obj)[0]


def require_corpus(value: Any, name: str, want: str | None = None) -> Any:
    """``value`` if it can be a corpus; an :class:`~nltk_tedeval.errors.OptionError` if not.

    Parses held by other libraries' objects (a spaCy ``Doc``, a conllu
    ``TokenList``, ...) are read into the package's trees here, by the reader
    the package hands over when it is imported (:mod:`nltk_tedeval.hooks`;
    SPEC.md §13); ``want`` says what the caller scores (``"dependency"``,
    ``"constituency"``, ``"ud"`` or ``None`` for either).

    An ``nltk.Tree`` is a list of its children, so a single tree passed where
    a list of trees belongs would be scored child by child, as if each
    phrase were a sentence, and give a number; a ``DependencyGraph`` or a
    string fails later with a message about something else. The evaluators
    call this on each corpus argument first, so the mistake gets its own
    message. ``name`` is the parameter's name, as the user wrote it.

    >>> from nltk import Tree
    >>> require_corpus([Tree("S", ["a"])], "gold_sents")[0]
    Tree('S', ['a'])
    >>> try:
    ...     require_corpus(Tree("S", ["a"]), "gold_sents")
    ... except OptionError as err:
    ...     print(err)
    gold_sents is one nltk.Tree, not a corpus; wrap a single sentence in a list: [tree]
    """
    single = single_named(value)
    if single is not None:
        raise OptionError(
            f"{name} is {single}, not a corpus; wrap a single sentence in a list: [tree]"
        )
    if isinstance(value, (str, bytes)):
        raise OptionError(
            f"{name} is a {type(value).__name__}, not a corpus of trees; read a file or a "
            "string into trees first (nltk_tedeval.read_file or read_text)"
        )
    reader = corpus_reader()
    # A stream that says it holds the package's own records (the command line's files)
    # has nothing to read, and asking would import the readers of every other library's
    # objects, a twentieth of a small file's whole run (issue 31).
    if reader is not None and not getattr(value, "records_only", False):
        value = reader(value, name, want)  # a document (a spaCy Doc) is its sentences
    if not hasattr(value, "__iter__"):
        raise OptionError(
            f"{name} is a {type(value).__name__}, not a corpus: give a list (or any iterable) "
            "of trees, one per sentence"
        )
    return value


def require_corpora(values: Any, name: str, want: str | None = None) -> list[Any]:
    """A list of corpora (one per system or theory), each checked by :func:`require_corpus`.

    >>> from nltk import Tree
    >>> try:
    ...     require_corpora([Tree("S", ["a"])], "other_golds")
    ... except OptionError as err:
    ...     print(err)
    other_golds[0] is one nltk.Tree, not a corpus; wrap a single sentence in a list: [tree]
    """
    if single_named(values) is not None:
        raise OptionError(
            f"{name} is one sentence; it takes a list of corpora: {name}=[[tree, ...], ...]"
        )
    if not hasattr(values, "__iter__") or isinstance(values, (str, bytes)):
        require_corpus(values, name)  # its message
    return [require_corpus(c, f"{name}[{i}]", want) for i, c in enumerate(values)]


def corpus_kind(corpus: Any) -> str | None:
    """``"dependency"`` or ``"constituency"``: the kind of a list's first tree, else ``None``.

    What the parses of an object holding both kinds are read as where the
    metric takes either (TedEval, MPH): the gold's kind (SPEC.md §13).

    >>> from nltk import Tree
    >>> corpus_kind([Tree("S", ["a"])]), corpus_kind(iter([])), corpus_kind([None])
    ('constituency', None, None)
    """
    if not isinstance(corpus, (list, tuple)) or not corpus:
        return None
    family = tree_family(kind_of(unwrap(corpus[0])[0]))
    return family if family in (CONSTITUENCY, DEPENDENCY) else None


def is_nltk_tree(obj: Any) -> bool:
    """True for an ``nltk.Tree`` (any subclass too), without importing nltk (:data:`~.kinds.KINDS`).

    >>> is_nltk_tree("(S (NP I) (VP left))")
    False
    """
    spec = spec_of(obj)
    return spec is not None and spec.nltk and tree_family(spec.kind) == CONSTITUENCY


def is_disc_tree(obj: Any) -> bool:
    """True for a :class:`~nltk_tedeval.trees.discontinuous.DiscTree`, without importing its module.

    That module builds on ``nltk.Tree``; it is imported only to read or
    convert a discontinuous tree, so that the rest of the package works
    without nltk: the registry of kinds names the class.

    >>> is_disc_tree("(S (NP 0=I) (VP 1=left))")
    False
    """
    return kind_of(obj) == DISCONTINUOUS


def is_dependency_graph(obj: Any) -> bool:
    """True for an ``nltk.parse.DependencyGraph``, without importing nltk (:data:`~.kinds.KINDS`).

    >>> is_dependency_graph({0: {"word": None}})
    False
    """
    spec = spec_of(obj)
    return spec is not None and spec.nltk and spec.kind == DEPENDENCY
