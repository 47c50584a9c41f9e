"""Parses as other libraries hold them: spaCy, stanza and conllu objects, and plain Python.

Most parses a user scores today come from a pipeline, not from a file:
spaCy's ``Doc`` and sentence ``Span``, stanza's ``Document`` and
``Sentence`` (or their ``to_dict()`` rows), the ``conllu`` package's
``TokenList`` and ``SentenceList``, a list of ``(word, head, relation)``
triples, a bracketed string. Every evaluator and :func:`~.convert.to_mft`
accepts them (SPEC.md §13): each is read here into the package's own tree
types, the same trees the readers build from the equivalent file, so every
metric gives the same numbers from objects as from files.

None of those libraries is imported: an object is recognised by its class's
module and name (spaCy) or by its attributes (stanza, conllu, plain
Python), so a pipeline's objects work whichever version made them, and the
package needs none of them installed. :data:`OBJECT_KINDS` is the registry:
a new kind of object is one :class:`ObjectKind` and
:func:`register_object_kind`.

A *document* (a spaCy ``Doc``, a stanza ``Document``) holds several
sentences: as a corpus, or as an item of one, it stands for its sentences in
order. An object with both a dependency parse and a constituency parse (a
spaCy pipeline with benepar, stanza's default English pipeline) gives the
one the evaluator scores (``kind``), and where either would do (TedEval,
MPH) the one of the gold's kind; :func:`as_trees` chooses explicitly. A sentence
without any parse (a ``Doc`` from a tokenizer alone, every head unset) is a
missing parse (SPEC.md §10), as a column file's sentence of ``_`` heads is.

>>> triples = [("I", 2, "nsubj"), ("left", 0, "root")]
>>> tree = as_tree(triples)
>>> tree.words, tree.heads, tree.rels
(('I', 'left'), (2, 0), ('nsubj', 'root'))
>>> as_tree("(S (NP (PRP I)) (VP (VBD left)))").leaves()
['I', 'left']
>>> [t.words for t in as_trees([[{"id": 1, "form": "Hi", "head": 0, "deprel": "root"}]])]
[('Hi',)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..errors import InputFormatError, OptionError, TedEvalError
from ..kinds import kind_of
from .dependency import DependencyTree
from .kinds import text_tokens
from .ud_words import UDSentence, UDToken, UDWord, check_ud_tree

__all__ = [
    "OBJECT_KINDS",
    "ObjectKind",
    "adapt_corpus",
    "as_tree",
    "as_trees",
    "as_ud_sentence",
    "document_sentences",
    "object_kind",
    "register_object_kind",
    "sentence_words",
]

Want = Literal["dependency", "constituency", "ud", "words"] | None
"""What the caller scores: a dependency tree, a phrase structure, CoNLL-U words, or either;
``"words"``: a sentence's words alone (what a language model was asked to parse)."""

_NO_VALUE = (None, "", "_")


@dataclass(frozen=True)
class ObjectKind:
    """One kind of foreign object: how to recognise it and read it.

    ``test`` says whether an object is of the kind. A *document* kind has
    ``sentences`` (the sentence objects it holds, in order); a *sentence*
    kind has ``tree`` (the package's tree for it, given what the caller
    scores; ``None`` for a sentence without a parse) and may have ``ud``
    (its :class:`~.ud_words.UDSentence`, for the CoNLL 2018 metrics).
    ``single`` names one sentence of the kind in the message for a sentence
    passed where a corpus belongs.

    >>> kind = object_kind([{"id": 1, "form": "Hi", "head": 0, "deprel": "root"}])
    >>> kind.name, kind.sentences is None, kind.single
    ('token rows', True, 'one sentence of token rows (a conllu TokenList)')
    """

    name: str
    test: Callable[[Any], bool]
    sentences: Callable[[Any], Sequence[Any]] | None = None
    tree: Callable[[Any, Want], Any] | None = None
    ud: Callable[[Any], UDSentence] | None = None
    single: str | None = None
    words: Callable[[Any], tuple[str, ...]] | None = None
    """A sentence's words without reading its parse (it may have none); by default the
    words of its tree."""


# -- recognising objects ---------------------------------------------------------------


def _spacy(obj: Any, name: str) -> bool:
    cls = type(obj)
    return cls.__name__ == name and cls.__module__.startswith("spacy.")


def _is_rows(obj: Any) -> bool:
    """A sentence as a list of token mappings: a conllu ``TokenList``, stanza ``to_dict()`` rows."""
    if not isinstance(obj, list) or not obj:
        return isinstance(obj, list) and hasattr(obj, "metadata")  # an empty TokenList
    first = obj[0]
    return isinstance(first, Mapping) and "id" in first and ("form" in first or "text" in first)


def _is_triples(obj: Any) -> bool:
    """A sentence as ``(word, head, relation)`` triples."""
    if not isinstance(obj, (list, tuple)) or not obj:
        return False
    first = obj[0]
    # A head may be unset (a missing parse, for _dependency to judge); a word where the
    # head belongs is a sentence of three words, not a triple.
    return (
        isinstance(first, (tuple, list))
        and len(first) == 3
        and isinstance(first[0], str)
        and (first[1] is None or (isinstance(first[1], int) and not isinstance(first[1], bool)))
    )


def _is_stanza_sentence(obj: Any) -> bool:
    if isinstance(obj, (str, list, tuple, Mapping)) or kind_of(obj) is not None:
        return False
    words = getattr(obj, "words", None)
    if not isinstance(words, list) or not hasattr(obj, "tokens"):
        return False
    return not words or all(hasattr(words[0], a) for a in ("id", "text", "head", "deprel"))


def _is_stanza_document(obj: Any) -> bool:
    if isinstance(obj, (str, list, tuple, Mapping)):
        return False
    return isinstance(getattr(obj, "sentences", None), list)


def _is_bracket_string(obj: Any) -> bool:
    return isinstance(obj, str) and (not obj.strip() or obj.lstrip().startswith("("))


# -- reading them ------------------------------------------------------------------------


def _bracket_tree(text: str, what: str) -> Any:
    """The ``nltk.Tree`` of a bracketed string; ``None`` for an empty one (a missing parse)."""
    if not text.strip():
        return None
    from nltk import Tree

    try:
        return Tree.fromstring(text)
    except ValueError as err:
        # nltk's message, its first clause: the rest is advice about nltk's internals.
        reason = " ".join(str(err).split(";")[0].split())
        raise InputFormatError(f"{what}: nltk cannot read the bracketed tree: {reason}") from None


def _dependency(
    words: Sequence[str],
    heads: Sequence[Any],
    rels: Sequence[Any],
    tags: Sequence[Any],
    ctags: Sequence[Any],
    what: str,
    lemmas: Sequence[Any] | None = None,
    feats: Sequence[Any] | None = None,
) -> DependencyTree | None:
    """A parse's tree as the column readers build it (SPEC.md §3.1); ``None`` if no head is set.

    Every head unset is the parser's missing parse (SPEC.md §10), as a CoNLL
    sentence of ``_`` heads is; some unset is an error naming the first.
    ``lemmas`` and ``feats``, for an object that has them, are kept as a CoNLL-U
    file read with ``morphology=True`` keeps its LEMMA and FEATS columns: the
    breakdowns and exclusions by lemma and features read them from the gold,
    and an object already holds them in memory, so they cost nothing to ask for.
    """
    if not words or all(h in _NO_VALUE for h in heads):
        return None
    n = len(words)
    for i, h in enumerate(heads):
        if h in _NO_VALUE:
            raise InputFormatError(
                f"{what}: token {i + 1} ({words[i]!r}) has no head but other tokens have "
                "heads; a sentence the parser failed on has none",
                token=str(words[i]),
            )
        if not isinstance(h, int) or isinstance(h, bool) or not 0 <= h <= n:
            why = f"outside 0..{n}" if isinstance(h, int) else "not a number"
            raise InputFormatError(
                f"{what}: token {i + 1} ({words[i]!r}) has head {h!r}, {why}",
                token=str(words[i]),
            )

    def values(column: Sequence[Any]) -> tuple[str | None, ...]:
        return tuple(None if v in _NO_VALUE else str(v) for v in column)

    return DependencyTree(
        tuple(str(w) for w in words),
        tuple(heads),
        values(rels),
        values(tags),
        values(ctags),
        check=False,
        lemmas=None if lemmas is None else values(lemmas),
        # conllu's FEATS is a dict: its cell as the file writes it.
        feats=None if feats is None else values([_cell(f) for f in feats]),
    )


def _cell(value: Any) -> str:
    """A CoNLL-U cell as the file would hold it: ``_`` for no value."""
    if value in _NO_VALUE:
        return "_"
    if isinstance(value, Mapping):  # conllu's FEATS
        return "|".join(f"{k}={v}" for k, v in value.items()) or "_"
    return str(value)


# spaCy ------------------------------------------------------------------------------------


def _spacy_sentences(doc: Any) -> list[Any]:
    # A Doc from a tokenizer alone has no sentence boundaries: it is one sentence.
    try:
        return list(doc.sents)
    except ValueError:
        return [doc[:]]


def _spacy_parse_string(span: Any) -> str | None:
    """benepar's constituency parse of a sentence span (``span._.parse_string``), if any."""
    try:
        return span._.parse_string or None
    except Exception:  # benepar's getter raises a bare Exception where it has no parse
        return None


def _spacy_tree(span: Any, want: Want) -> Any:
    dependency = span.doc.has_annotation("DEP")
    # benepar's parse is read only where it is wanted: its getter is costly, and fails
    # on a Doc benepar never saw.
    if want == "constituency" or (not dependency and want != "dependency"):
        brackets = _spacy_parse_string(span)
        if brackets:
            return _bracket_tree(brackets, "a spaCy sentence's parse_string")
    if not dependency:
        return None
    start = span.start
    tokens = list(span)
    heads = [0 if t.head.i == t.i else t.head.i - start + 1 for t in tokens]
    return _dependency(
        [t.text for t in tokens],
        heads,
        [t.dep_ for t in tokens],
        [t.tag_ for t in tokens],
        [t.pos_ for t in tokens],
        "a spaCy sentence",
        lemmas=[t.lemma_ for t in tokens],
        feats=[str(t.morph) for t in tokens],
    )


def _spacy_ud(span: Any) -> UDSentence:
    start = span.start
    words = []
    for t in span:
        head = 0 if t.head.i == t.i else t.head.i - start + 1
        words.append(
            UDWord(t.text, _cell(t.lemma_), _cell(t.pos_), _cell(t.tag_), _cell(str(t.morph)),
                   head, _cell(t.dep_))
        )  # fmt: skip
    tokens = tuple(UDToken(w.form, k, k + 1) for k, w in enumerate(words))
    return _checked(UDSentence(tokens, tuple(words)), "a spaCy sentence")


# stanza ----------------------------------------------------------------------------------


def _stanza_tree(sentence: Any, want: Want) -> Any:
    constituency = getattr(sentence, "constituency", None)
    words = sentence.words
    parsed = any(w.head is not None for w in words)
    if constituency is not None and (want == "constituency" or not parsed):
        return _bracket_tree(str(constituency), "a stanza sentence's constituency tree")
    for k, w in enumerate(words, 1):
        if w.id != k:
            raise InputFormatError(
                f"a stanza sentence: word {k} has id {w.id!r}; word ids count from 1"
            )
    return _dependency(
        [w.text for w in words],
        [w.head for w in words],
        [w.deprel for w in words],
        [getattr(w, "xpos", None) for w in words],
        [getattr(w, "upos", None) for w in words],
        "a stanza sentence",
        lemmas=[getattr(w, "lemma", None) for w in words],
        feats=[getattr(w, "feats", None) for w in words],
    )


def _stanza_ud(sentence: Any) -> UDSentence:
    tokens = []
    for tok in sentence.tokens:
        ids = tuple(tok.id) if isinstance(tok.id, (tuple, list)) else (tok.id,)
        tokens.append(UDToken(tok.text, ids[0] - 1, ids[-1], len(ids) > 1))
    words = tuple(
        UDWord(w.text, _cell(getattr(w, "lemma", None)), _cell(getattr(w, "upos", None)),
               _cell(getattr(w, "xpos", None)), _cell(getattr(w, "feats", None)),
               _head(w.head, w.text), _cell(w.deprel))
        for w in sentence.words
    )  # fmt: skip
    return _checked(UDSentence(tuple(tokens), words), "a stanza sentence")


def _checked(sentence: UDSentence, what: str) -> UDSentence:
    """``sentence`` if it is a tree, as the CoNLL 2018 script requires and its reader checks."""

    def error(message: str, line: int, token: str | None = None) -> InputFormatError:
        return InputFormatError(f"{what}: {message}", token=token)

    check_ud_tree(sentence.words, error)
    return sentence


def _head(value: Any, form: str) -> int:
    if not isinstance(value, int):
        raise InputFormatError(
            f"word {form!r} has head {value!r}: the CoNLL 2018 metrics need every head",
            token=form,
        )
    return value


# conllu TokenList and stanza's to_dict() rows -------------------------------------------


def _form(row: Mapping[str, Any]) -> str:
    return str(row["form"] if "form" in row else row["text"])


def _words_of_rows(rows: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The syntactic words: multiword-token ranges and empty nodes left out (as the reader does)."""
    words = [r for r in rows if isinstance(r["id"], int)]
    for k, r in enumerate(words, 1):
        if r["id"] != k:
            raise InputFormatError(
                f"a sentence of token rows: word {k} ({_form(r)!r}) has id {r['id']!r}; "
                "word ids count from 1",
                token=_form(r),
            )
    return words


def _rows_tree(rows: Sequence[Mapping[str, Any]], want: Want) -> DependencyTree | None:
    words = _words_of_rows(rows)
    return _dependency(
        [_form(r) for r in words],
        [r.get("head") for r in words],
        [r.get("deprel") for r in words],
        [r.get("xpos") for r in words],
        [r.get("upos") for r in words],
        "a sentence of token rows",
        lemmas=[r.get("lemma") for r in words],
        feats=[r.get("feats") for r in words],
    )


def _rows_ud(rows: Sequence[Mapping[str, Any]]) -> UDSentence:
    tokens: list[UDToken] = []
    covered = 0  # words inside the multiword token read last
    for r in rows:
        rid = r["id"]
        if isinstance(rid, int):
            if rid > covered:
                tokens.append(UDToken(_form(r), rid - 1, rid))
        elif isinstance(rid, (tuple, list)) and len(rid) == 3 and rid[1] == "-":
            tokens.append(UDToken(_form(r), rid[0] - 1, rid[2], True))
            covered = rid[2]
        elif isinstance(rid, (tuple, list)) and len(rid) == 2:  # stanza's (first, last)
            tokens.append(UDToken(_form(r), rid[0] - 1, rid[1], True))
            covered = rid[1]
    words = tuple(
        UDWord(_form(r), _cell(r.get("lemma")), _cell(r.get("upos")), _cell(r.get("xpos")),
               _cell(r.get("feats")), _head(r.get("head"), _form(r)), _cell(r.get("deprel")))
        for r in _words_of_rows(rows)
    )  # fmt: skip
    return _checked(UDSentence(tuple(tokens), words), "a sentence of token rows")


# plain Python ------------------------------------------------------------------------------


def _triples_tree(triples: Sequence[Sequence[Any]], want: Want) -> DependencyTree | None:
    for k, t in enumerate(triples, 1):
        if not isinstance(t, (tuple, list)) or len(t) != 3:
            raise InputFormatError(
                f"a sentence of (word, head, relation) triples: item {k} is {t!r}"
            )
    return _dependency(
        [t[0] for t in triples],
        [t[1] for t in triples],
        [t[2] for t in triples],
        [None] * len(triples),
        [None] * len(triples),
        "a sentence of (word, head, relation) triples",
    )


def _triples_ud(triples: Sequence[Sequence[Any]]) -> UDSentence:
    words = tuple(
        UDWord(str(w), "_", "_", "_", "_", _head(h, str(w)), _cell(r)) for w, h, r in triples
    )
    tokens = tuple(UDToken(w.form, k, k + 1) for k, w in enumerate(words))
    return _checked(UDSentence(tokens, words), "a sentence of (word, head, relation) triples")


OBJECT_KINDS: list[ObjectKind] = [
    ObjectKind("spaCy Doc", lambda o: _spacy(o, "Doc"), sentences=_spacy_sentences),
    ObjectKind(
        "spaCy Span",
        lambda o: _spacy(o, "Span"),
        tree=_spacy_tree,
        ud=_spacy_ud,
        single="one spaCy Span (a sentence)",
        words=lambda span: tuple(t.text for t in span),
    ),
    ObjectKind("stanza Document", _is_stanza_document, sentences=lambda d: d.sentences),
    ObjectKind(
        "stanza Sentence",
        _is_stanza_sentence,
        tree=_stanza_tree,
        ud=_stanza_ud,
        single="one stanza Sentence",
        words=lambda sentence: tuple(str(w.text) for w in sentence.words),
    ),
    ObjectKind(
        "token rows",
        _is_rows,
        tree=_rows_tree,
        ud=_rows_ud,
        single="one sentence of token rows (a conllu TokenList)",
        words=lambda rows: tuple(_form(r) for r in _words_of_rows(rows)),
    ),
    ObjectKind(
        "triples",
        _is_triples,
        tree=_triples_tree,
        ud=_triples_ud,
        single="one sentence of (word, head, relation) triples",
    ),
    ObjectKind(
        "bracketed string",
        _is_bracket_string,
        tree=lambda s, want: _bracket_tree(s, "a bracketed string"),
    ),
]
"""Every kind of foreign object, tried in order; the package's own kinds come first."""


def register_object_kind(kind: ObjectKind) -> None:
    """Accept another kind of object everywhere a tree is accepted (tried before the others).

    >>> class Pairs(list):
    ...     pass
    >>> register_object_kind(ObjectKind(
    ...     "pairs", lambda o: isinstance(o, Pairs),
    ...     tree=lambda o, want: as_tree([(w, h, None) for w, h in o])))
    >>> as_tree(Pairs([("Hi", 0)])).heads
    (0,)
    >>> _ = OBJECT_KINDS.pop(0)
    """
    OBJECT_KINDS.insert(0, kind)
    _PLAIN.clear()


# Types that are no foreign object whatever they hold: the package's trees,
# nltk's, reader records. Container types are tested by their content, every time.
_PLAIN: set[type] = {type(None)}
_BY_CONTENT = (str, list, tuple, dict)


def object_kind(obj: Any) -> ObjectKind | None:
    """The :class:`ObjectKind` of ``obj``; ``None`` for the package's own trees and records.

    >>> object_kind([("Hi", 0, "root")]).name, object_kind(None)
    ('triples', None)
    """
    cls = type(obj)
    if cls in _PLAIN:
        return None
    # An nltk.Tree is a list: its class says it is one of ours before its content is read.
    # Whatever the registry of kinds knows (nltk_tedeval.kinds) is no foreign object.
    if kind_of(obj) is not None:
        _PLAIN.add(cls)
        return None
    for kind in OBJECT_KINDS:
        if kind.test(obj):
            return kind
    if not isinstance(obj, _BY_CONTENT):
        _PLAIN.add(cls)
    return None


def _sentences(obj: Any) -> Iterator[Any]:
    """``obj``, or the sentences of a document, each document's in order."""
    kind = object_kind(obj)
    if kind is None or kind.sentences is None:
        yield obj
        return
    for s in kind.sentences(obj):
        yield from _sentences(s)


def document_sentences(obj: Any) -> list[Any]:
    """The sentence objects of a document (a spaCy ``Doc``, a stanza ``Document``); ``[obj]``
    for anything else."""
    return list(_sentences(obj))


def as_tree(obj: Any, kind: Want = None) -> Any:
    """The package's tree for one sentence object; the package's own trees and records unchanged.

    ``kind`` (``"dependency"`` or ``"constituency"``) chooses between two
    parses of one object; ``None`` takes the dependency parse where there is
    one. A sentence without a parse gives ``None`` (a missing parse).

    >>> as_tree([("Hi", 0, "root")]).heads, as_tree(""), as_tree(None)
    ((0,), None, None)
    """
    found = object_kind(obj)
    if found is None:
        return obj
    if found.tree is None:
        raise OptionError(
            f"a {found.name} holds several sentences: score it as a corpus, or pass its sentences"
        )
    return found.tree(obj, kind)


def as_ud_sentence(obj: Any) -> Any:
    """A sentence object as the CoNLL 2018 metrics read it; records and ``UDSentence`` unchanged."""
    found = object_kind(obj)
    if found is None:
        return obj
    if found.ud is None:
        raise OptionError(
            f"the CoNLL 2018 metrics read tokens and words; a {found.name} has no CoNLL-U words"
        )
    return found.ud(obj)


def as_trees(corpus: Any, kind: Want = None) -> list[Any]:
    """Every sentence of a corpus of objects (documents, sentences, or a document) as trees.

    ``kind="constituency"`` takes a benepar or stanza constituency parse
    where an object has both.

    >>> rows = [{"id": 1, "text": "Hi", "head": 0, "deprel": "root"}]  # stanza's to_dict()
    >>> [t.words for t in as_trees([rows, "(S (INTJ Bye))"]) if hasattr(t, "words")]
    [('Hi',)]
    """
    if kind not in (None, "dependency", "constituency"):
        raise OptionError(f"kind must be 'dependency' or 'constituency', not {kind!r}")
    return [as_tree(s, kind) for s in _corpus_sentences(corpus)]


def _corpus_sentences(corpus: Any) -> Iterator[Any]:
    top = object_kind(corpus)
    if top is not None and top.sentences is not None:
        yield from _sentences(corpus)
        return
    for item in corpus:
        yield from _sentences(item)


def sentence_words(obj: Any) -> Any:
    """A sentence object's words, parsed or not; the package's own trees and records unchanged.

    >>> sentence_words([{"id": 1, "form": "Hi", "head": None, "deprel": None}])
    ('Hi',)
    """
    found = object_kind(obj)
    if found is None:
        return obj
    if found.words is not None:
        return found.words(obj)
    tree = as_tree(obj)
    return () if tree is None else (text_tokens(tree) or ())


def _adapt(item: Any, want: Want, name: str, number: int) -> Any:
    """One sentence object read; an error names the corpus and the sentence's number."""
    try:
        if want == "words":
            return sentence_words(item)
        return as_ud_sentence(item) if want == "ud" else as_tree(item, want)
    except TedEvalError as err:
        err.locate(sentence=number)
        err.message = f"{name}: {err.message}"
        err.args = (err.message,)
        raise


def _read_all(items: Iterable[Any], want: Want, name: str) -> Iterator[Any]:
    number = 0
    for item in items:
        for s in _sentences(item):
            number += 1
            yield s if type(s) in _PLAIN else _adapt(s, want, name, number)


class _Adapted:
    """A corpus whose sentences are read as they are taken, keeping the source's file and length."""

    def __init__(self, source: Iterable[Any], want: Want, name: str) -> None:
        self.source = source
        self.want = want
        self.name = name

    def __iter__(self) -> Iterator[Any]:
        return _read_all(self.source, self.want, self.name)

    def __getattr__(self, name: str) -> Any:
        # A reader's stream names its file (the loop names the file that ends first).
        source = self.__dict__.get("source")
        if source is None or name.startswith("__"):
            raise AttributeError(name)
        return getattr(source, name)


def adapt_corpus(corpus: Any, name: str, want: Want = None) -> Any:
    """``corpus`` with every foreign object read into the package's types (SPEC.md §13).

    A list is read at once (a new list, or the same one if it holds nothing
    foreign); any other iterable as it is taken, keeping its file but not its
    length (a document in it is several sentences: the sentence loop finds
    which corpus ends first).
    A document is its sentences. One sentence where a corpus belongs is an
    :class:`~nltk_tedeval.errors.OptionError` naming it.
    """
    if isinstance(corpus, _Adapted) and corpus.want == want:
        return corpus
    top = object_kind(corpus)
    if top is not None and top.sentences is not None:
        return list(_read_all([corpus], want, name))
    if top is not None and top.single is not None:
        raise OptionError(
            f"{name} is {top.single}, not a corpus; wrap a single sentence in a list: [sentence]"
        )
    if not hasattr(corpus, "__iter__") or getattr(corpus, "records_only", False):
        # No corpus (the caller says so), or a stream that says it holds the
        # package's own records (the command line's files): nothing to read.
        return corpus
    if isinstance(corpus, (list, tuple)):
        if all(type(x) in _PLAIN or object_kind(x) is None for x in corpus):
            return corpus
        return list(_read_all(corpus, want, name))
    return _Adapted(corpus, want, name)
