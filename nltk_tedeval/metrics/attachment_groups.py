"""Attachment scores broken down: by relation, part of speech, length, distance, ... (SPEC.md §12).

Every group row has :data:`GROUP_COLUMNS`: the attachment statistics of the
gold tokens in the group (the sentence row's columns, restricted to them),
and the parse tokens in the group (``predicted``) with their right heads.

*Token keys* put a token in the group of its gold word or sentence (``upos``,
``xpos``, ``length``, ``depth``, ``projective``, ``file``, ``genre``): a group's
LAS, UAS, LA, UNDIRECTED and NED are accuracies over its gold tokens, and the
groups of a key split the corpus's tokens.

*Arc keys* are properties of an arc, which the gold arc and the parse arc of
a token may not share (``relation``, ``distance``, ``direction``): a group has
recall over the gold arcs in it and precision over the parse arcs in it, as
spaCy's ``dep_las_per_type`` and MaltEval's ``Deprel`` group give them. An arc
with the right head has the same distance and direction on both sides, and
one with the right head and relation is in the same group on both sides, so
``head_label`` and ``head`` are the matched arcs of each side's group.

The *confusion* key counts events, not tokens: a scored word whose parse head
is its gold head and whose parse relation is not its gold one is one
``gold→parse`` event (``obj→nsubj``), in the one column ``count``; its groups
come most frequent first and have no score (disco-dop's label confusions,
for relations).

>>> from nltk_tedeval.trees.dependency import DependencyTree
>>> gold = DependencyTree(("I", "saw", "her"), (2, 0, 2), ("nsubj", "root", "obj"))
>>> parse = DependencyTree(("I", "saw", "her"), (2, 0, 1), ("nsubj", "root", "nsubj"))
>>> g = token_groups(gold, parse, ["nsubj", "root", "obj"], ["nsubj", "root", "nsubj"],
...                  None, True, ("relation", "direction"), {})
>>> g["relation"]["nsubj"]  # 1 gold nsubj, right; 2 parse nsubj, 1 with its head
(1, 1, 1, 1, 1, 1, 1, 2, 1, 2)
>>> g["direction"]["left"]  # "her" has its head on its left, in the gold and in the parse
(1, 0, 0, 0, 0, 0, 1, 1, 0, 1)
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from .. import hooks
from ..errors import OptionError
from ..scoring.groups import DEFAULT_BINS, Bins, GroupKey
from ..scoring.stats import Measure, accuracy, harmonic_f1
from ..trees.dependency import DependencyTree
from .malteval_keys import MALTEVAL_KEYS
from .word_keys import WordGroups, WordKey

__all__ = [
    "ARC_KEYS",
    "ATTACHMENT_KEYS",
    "CONFUSION",
    "GROUP_COLUMNS",
    "SELF",
    "TOKEN_KEYS",
    "WORD_KEYS",
    "WordKey",
    "document_of",
    "morphology_fields",
    "register_word_key",
    "token_groups",
    "unregister_word_key",
    "valued_key",
    "zero_groups",
]

GROUP_COLUMNS: tuple[str, ...] = (
    "tokens",  # gold tokens of the group (scored)
    "head",  # ... whose predicted head is the gold head
    "label",  # ... whose predicted relation is the gold relation (labeled sentences)
    "head_label",  # ... with both right (labeled sentences)
    "undirected",  # ... whose predicted head is the gold head or a gold child
    "ned",  # ... or the gold grandparent
    "labeled_tokens",  # gold tokens of the group in sentences with a relation to compare
    "predicted",  # parse tokens of the group (by the parse arc's property)
    "predicted_head",  # ... whose head is the gold head
    "labeled_predicted",  # parse tokens of the group in sentences with a relation
)


_NO_GOLD = "no gold token in the group"
_NO_LABELED = "no gold token of the group has a relation to compare"
_NO_PARSE = "no parse token in the group"
_NO_PARSE_LABELED = "no parse token of the group has a relation to compare"
_NEITHER = "precision or recall is undefined (no token of the group on one side)"


def _m(name: str, columns: tuple[str, ...], formula: Any, why: str) -> Measure:
    return Measure(name, columns, formula, why)


TOKEN_MEASURES: dict[str, Measure] = {
    "LAS": _m("LAS", ("head_label", "labeled_tokens"), accuracy, _NO_LABELED),
    "UAS": _m("UAS", ("head", "tokens"), accuracy, _NO_GOLD),
    "LA": _m("LA", ("label", "labeled_tokens"), accuracy, _NO_LABELED),
    "UNDIRECTED": _m("UNDIRECTED", ("undirected", "tokens"), accuracy, _NO_GOLD),
    "NED": _m("NED", ("ned", "tokens"), accuracy, _NO_GOLD),
}
"""Accuracies over the gold tokens of a group: the corpus measures, restricted."""

ARC_MEASURES: dict[str, Measure] = {
    "LAS_P": _m("LAS_P", ("head_label", "labeled_predicted"), accuracy, _NO_PARSE_LABELED),
    "LAS_R": _m("LAS_R", ("head_label", "labeled_tokens"), accuracy, _NO_LABELED),
    "LAS_F": _m(
        "LAS_F",
        ("head_label", "labeled_tokens", "head_label", "labeled_predicted"),
        harmonic_f1,
        _NEITHER,
    ),
    "UAS_P": _m("UAS_P", ("predicted_head", "predicted"), accuracy, _NO_PARSE),
    "UAS_R": _m("UAS_R", ("head", "tokens"), accuracy, _NO_GOLD),
    "UAS_F": _m("UAS_F", ("head", "tokens", "predicted_head", "predicted"), harmonic_f1, _NEITHER),
    **TOKEN_MEASURES,
}
"""Precision over the parse's arcs of a group, recall over the gold's, and their F1."""

SENTENCE_KEYS = ("length", "file", "genre")
"""Token keys whose group is the sentence's: every token of it in one group."""

_ARC_SHOWN = ("LAS_P", "LAS_R", "LAS_F", "UAS_P", "UAS_R", "UAS_F")
_TOKEN_SHOWN = ("LAS", "UAS", "LA", "UNDIRECTED", "NED")


def _key(name: str, help: str, arc: bool, binned: bool = False) -> GroupKey:
    return GroupKey(
        name,
        GROUP_COLUMNS,
        ARC_MEASURES if arc else TOKEN_MEASURES,
        frequency="tokens",
        help=help,
        binned=binned,
        measure_names=_ARC_SHOWN if arc else _TOKEN_SHOWN,
        whole=name in SENTENCE_KEYS,
    )


ARC_KEYS = ("relation", "distance", "direction")
CONFUSION = "confusion"
CONFUSION_ARROW = "→"
TOKEN_KEYS = ("upos", "xpos", "length", "depth", "projective", "file", "genre")

ATTACHMENT_KEYS: dict[str, GroupKey] = {
    "relation": _key(
        "relation", "the relation of the arc (gold for recall, parse for precision)", True
    ),
    "upos": _key("upos", "the gold word's universal part of speech (CoNLL-U column 4)", False),
    "xpos": _key("xpos", "the gold word's language-specific tag (CoNLL-U column 5)", False),
    "length": _key("length", "the sentence's length in words, in bins", False, binned=True),
    "distance": _key(
        "distance",
        "|head - dependent| of the arc in bins; arcs from the root and a parse token's arc "
        "to itself (self) apart",
        True,
        True,
    ),
    "direction": _key(
        "direction",
        "where the head lies from its dependent: left (before it), right (after it), root, "
        "self (a parse token on itself), as MaltEval's ArcDirection",
        True,
    ),
    "depth": _key(
        "depth",
        "the gold word's depth: arcs from the root to it (1: a word on the root; MaltEval's "
        "ArcDepth counts one fewer), in bins",
        False,
        binned=True,
    ),
    "projective": _key(
        "projective",
        "whether the gold arc is projective (nothing it spans escapes its head)",
        False,
    ),
    "file": _key("file", "the document: the sentence id without its number, else the file", False),
    "genre": _key("genre", "the document's name without its last _ part (GUM_academic)", False),
    CONFUSION: GroupKey(
        CONFUSION,
        ("count",),
        {},
        frequency="count",
        help="gold relation→parse relation of the scored words whose head is right and "
        "relation wrong, most frequent first",
        counts=True,
        partition=False,
    ),
}
"""The breakdown keys of attachment scores (SPEC.md §12.3)."""

SELF = "self"
"""The group of a parse arc from a token to itself (distance 0, no direction)."""

_SENT_NUMBER = re.compile(r"[-_.:]\d+\Z")


def document_of(sentence_id: str | None, file: str | None) -> str:
    """The document a sentence belongs to: its id without the trailing ``-N`` (``_N``,
    ``.N``, ``:N``), else the name of its file without directory and extensions.

    An id without such a part (``s1``, ``17``) names no document: the file does.
    The extensions are those that name a format of the readers' table
    (``.conllu``, ``.mrg``, ``.txt``) or a compression (``.gz``), in any case:
    ``hooks.file_stem``, which the package installs.

    >>> document_of("GUM_academic_art-12", None), document_of(None, "data/dev.conllu.gz")
    ('GUM_academic_art', 'dev')
    >>> document_of("s1", "a/b.conllu"), document_of("17", None), document_of(None, None)
    ('b', '-', '-')
    """
    if sentence_id:
        doc = _SENT_NUMBER.sub("", sentence_id)
        if doc and doc != sentence_id:
            return doc
    if file:
        name = file.replace("\\", "/").rsplit("/", 1)[-1]
        stem = hooks.file_stem()
        return name if stem is None else stem(name)
    return "-"


def _genre(document: str) -> str:
    return document.rsplit("_", 1)[0] if "_" in document else document


def _direction(dep: int, head: int) -> str:
    # MaltEval's ArcDirection: the side of the dependent its head lies on. A parse
    # may make a token its own head (it need not be a tree): "self", as there.
    if head == 0:
        return "root"
    if head == dep:
        return SELF
    return "left" if head < dep else "right"


def _distance(dep: int, head: int, bins: Bins) -> str:
    if head == 0:
        return "root"
    if head == dep:
        return SELF  # |head - dependent| = 0 is no bin's: a parse's token on itself
    return bins.label(abs(head - dep))


def _depths(heads: Sequence[int]) -> list[int]:
    """The depth of every word of a tree (1: on the root); a cycle's words get their path."""
    depth = [0] * (len(heads) + 1)
    for start in range(1, len(heads) + 1):
        path = []
        node = start
        while node != 0 and depth[node] == 0 and node not in path:
            path.append(node)
            node = heads[node - 1]
        base = depth[node] if node != 0 and node not in path else 0
        for k, n in enumerate(reversed(path)):
            depth[n] = base + k + 1
    return depth[1:]


def _projective(heads: Sequence[int]) -> list[bool]:
    """Whether each word's gold arc is projective: every word between dependent and head
    descends from the head (the root's arcs span the whole sentence)."""
    n = len(heads)
    out = []
    for i, h in enumerate(heads, start=1):
        if h == 0:
            out.append(True)
            continue
        low, high = min(i, h), max(i, h)
        ok = True
        for k in range(low + 1, high):
            node, seen = k, 0
            while node != 0 and node != h and seen <= n:
                node, seen = heads[node - 1], seen + 1
            if node != h:
                ok = False
                break
        out.append(ok)
    return out


def _by_tag(column: str) -> WordGroups:
    def groups(gold: DependencyTree, bins: Bins | None) -> list[str]:
        tags = getattr(gold, column)
        if tags is None:
            return ["_"] * len(gold.heads)
        return [t or "_" for t in tags]  # as _tag: no tag, or an empty one, is "_"

    return groups


def _by_depth(gold: DependencyTree, bins: Bins | None) -> list[str]:
    assert bins is not None  # a binned key always gets its bins
    return [bins.label(d) for d in _depths(gold.heads)]


def _by_projectivity(gold: DependencyTree, bins: Bins | None) -> list[str]:
    return ["projective" if p else "non-projective" for p in _projective(gold.heads)]


WORD_KEYS: dict[str, WordKey] = {}
"""The token keys by a property of the gold word, built-in and registered: each key of
:data:`ATTACHMENT_KEYS` that :func:`register_word_key` added, and ``upos``, ``xpos``,
``depth`` and ``projective``, which go through the same door."""


def register_word_key(key: WordKey) -> None:
    """Make ``key`` a breakdown key of attachment scores (``by=``, ``tedeval attach --by``).

    The name must be new; a binned key's default bins join
    :data:`~nltk_tedeval.scoring.groups.DEFAULT_BINS`.
    """
    if key.name in ATTACHMENT_KEYS or key.name in DEFAULT_BINS:
        raise OptionError(f"attachment already has a breakdown key {key.name!r}")
    if not _KEY_NAME.fullmatch(key.name):
        raise OptionError(
            "a breakdown key's name is a word (letters, digits, _ and - within it), "
            f"not {key.name!r}"
        )
    WORD_KEYS[key.name] = key
    ATTACHMENT_KEYS[key.name] = _key(key.name, key.help, key.arc, binned=key.bins is not None)
    if key.bins is not None:
        DEFAULT_BINS[key.name] = key.bins


_KEY_NAME = re.compile(r"[^\W_](?:[\w-]*\w)?")
"""A key's name: letters, digits and ``_``, with ``-`` inside (``relation-length``)."""


def valued_key(name: str) -> GroupKey | None:
    """The breakdown key ``NAME=VALUE`` of a word key that takes a value (``feats=Case``),
    or ``None`` when ``name`` is no such key."""
    if _valued_word_key(name) is None:
        return None
    base_name, _, value = name.partition("=")
    base = ATTACHMENT_KEYS[base_name]
    return dataclasses.replace(
        base, name=name, help=f"the value of {value} in the gold word's {base_name} (_ for none)"
    )


def _valued_word_key(name: str) -> WordKey | None:
    key, eq, value = name.partition("=")
    word = WORD_KEYS.get(key)
    if not eq or not value or word is None or word.valued is None:
        return None
    found = _VALUED.get(name)
    if found is None:
        found = _VALUED[name] = dataclasses.replace(word, name=name, groups=word.valued(value))
    return found


_VALUED: dict[str, WordKey] = {}
"""The word keys ``NAME=VALUE`` asked for so far, each made once."""


MORPHOLOGY_FIELDS = {"lemma": "lemmas", "feats": "feats"}
"""The fields of ``exclude=`` that read a tree's columns kept only on request."""


def morphology_fields(by: Sequence[str], exclude_fields: Sequence[str]) -> tuple[str, ...]:
    """The tree columns kept only on request (``lemmas``, ``feats``) that a run by the keys
    ``by`` leaving out words by the fields ``exclude_fields`` reads.

    >>> morphology_fields(["upos", "feats=Case"], ["lemma", "xpos"])
    ('feats', 'lemmas')
    """
    fields: list[str] = []
    for name in by:
        word = WORD_KEYS.get(name) or _valued_word_key(name)
        if word is not None:
            fields.extend(word.reads)
    fields.extend(MORPHOLOGY_FIELDS[f] for f in exclude_fields if f in MORPHOLOGY_FIELDS)
    return tuple(dict.fromkeys(fields))


def unregister_word_key(name: str) -> None:
    """Take a key that :func:`register_word_key` added out again (tests, notebooks)."""
    if name in BUILT_IN_WORD_KEYS or name not in WORD_KEYS:
        raise OptionError(f"{name!r} is no registered word key of attachment")
    del WORD_KEYS[name], ATTACHMENT_KEYS[name]
    DEFAULT_BINS.pop(name, None)
    for valued in [v for v in _VALUED if v.partition("=")[0] == name]:
        del _VALUED[valued]


# The built-in keys of gold words fill the table that a key of one's own joins, so that
# both go through one path (their help and place stay those of ATTACHMENT_KEYS above).
WORD_KEYS.update(
    (k.name, k)
    for k in (
        WordKey("upos", ATTACHMENT_KEYS["upos"].help, _by_tag("ctags")),
        WordKey("xpos", ATTACHMENT_KEYS["xpos"].help, _by_tag("tags")),
        WordKey("depth", ATTACHMENT_KEYS["depth"].help, _by_depth, DEFAULT_BINS["depth"]),
        WordKey("projective", ATTACHMENT_KEYS["projective"].help, _by_projectivity),
    )
)
# MaltEval's groupings (form, lemma, feats, relation-length, ...), in their own module.
for _maltevals in MALTEVAL_KEYS:
    register_word_key(_maltevals)
BUILT_IN_WORD_KEYS = frozenset(WORD_KEYS)


def token_groups(
    gold: DependencyTree,
    parse: DependencyTree | None,
    gold_rels: Sequence[str],
    parse_rels: Sequence[str] | None,
    scored: Sequence[bool] | None,
    labeled: bool,
    keys: Sequence[str],
    bins: Mapping[str, Bins],
    where: tuple[str | None, str | None] = (None, None),
    *,
    row: Sequence[int] | None = None,
    relation_rows: Mapping[str, Sequence[int]] | None = None,
) -> dict[str, dict[str, tuple[int, ...]]]:
    """Each key's groups of one sentence, rows of :data:`GROUP_COLUMNS`.

    ``parse`` ``None`` is a missing parse with nothing right (``missing="zero"``):
    its tokens count in no group's ``predicted``. ``where`` is the gold's
    (sentence id, file), for ``file`` and ``genre``. ``relation_rows``, the
    groups by relation that the sentence's row pass made, spare ``relation`` a
    pass of its own; ``row``, the sentence's own row of a parse
    (ATTACHMENT_COLUMNS), spares the keys of whole sentences one: it is their
    gold part, and its tokens,
    heads and labeled tokens their parse part.
    """
    done = set(SENTENCE_KEYS) | ({"relation"} if relation_rows is not None else set())
    if row is not None and parse is not None and set(keys) <= done:
        whole = (*row[:7], row[0], row[1], row[6])
        return {
            key: (
                {g: tuple(r) for g, r in relation_rows.items()}
                if key == "relation" and relation_rows is not None
                else ({_sentence_group(key, len(gold.heads), bins, where): whole} if row[0] else {})
            )
            for key in keys
        }
    g_heads = gold.heads
    n = len(g_heads)
    p_heads = parse.heads if parse is not None else None
    lab = 1 if labeled else 0
    # Each scored token's outcomes, as columns over the sentence (whole-sentence
    # comprehensions cost a third of a loop of appends); every key below only counts
    # them by its own groups.
    where_i = list(range(n)) if scored is None else [i for i in range(n) if scored[i]]
    m = len(where_i)
    confusions: dict[str, list[int]] = {}
    if p_heads is None:
        head_ok = label_ok = undirected = ned = [False] * m
    else:
        ph = [p_heads[i] for i in where_i]
        gh = [g_heads[i] for i in where_i]
        head_ok = [p == g for p, g in zip(ph, gh, strict=True)]
        if parse_rels is None or not labeled:
            label_ok = [False] * m
        else:
            label_ok = [gold_rels[i] == parse_rels[i] for i in where_i]
        # §5 "Undirected Evaluation" and "NED", as _sentence_row tests them.
        undirected = [
            h or (p != 0 and g_heads[p - 1] == i + 1)
            for h, p, i in zip(head_ok, ph, where_i, strict=True)
        ]
        ned = [
            u or (g != 0 and g_heads[g - 1] == p)
            for u, g, p in zip(undirected, gh, ph, strict=True)
        ]
        if labeled and parse_rels is not None and CONFUSION in keys:
            for i, h, la in zip(where_i, head_ok, label_ok, strict=True):
                if h and not la:
                    event = f"{gold_rels[i]}{CONFUSION_ARROW}{parse_rels[i]}"
                    confusions.setdefault(event, [0])[0] += 1
    outcomes = list(zip(head_ok, label_ok, undirected, ned, strict=True))
    has_parse = p_heads is not None
    out: dict[str, dict[str, tuple[int, ...]]] = {}
    for key in keys:
        if key == CONFUSION:
            out[key] = {e: (c[0],) for e, c in confusions.items()}
            continue
        if key in SENTENCE_KEYS:
            # One group for the whole sentence: its tokens' sums, no count per group.
            out[key] = (
                {_sentence_group(key, n, bins, where): _whole(outcomes, lab, has_parse)}
                if m
                else {}
            )
            continue
        if key in ARC_KEYS:
            gold_keys, parse_keys = _arc_groups(key, where_i, g_heads, p_heads, gold_rels,
                                                parse_rels, bins)  # fmt: skip
        else:
            gold_keys = _token_groups(key, where_i, gold, bins)
            if not has_parse:
                parse_keys = [None] * m
            elif _word_key(key).arc:
                assert parse is not None
                parse_keys = _token_groups(key, where_i, parse, bins)
            else:
                parse_keys = gold_keys
        out[key] = _accumulate(gold_keys, parse_keys, outcomes, head_ok, lab)
    return out


def _whole(outcomes: Sequence[tuple[bool, bool, bool, bool]], lab: int, has_parse: bool
           ) -> tuple[int, ...]:  # fmt: skip
    """The row of every token of a sentence in one group."""
    m = len(outcomes)
    head = sum(o[0] for o in outcomes)
    label = sum(o[1] for o in outcomes)
    both = sum(o[0] and o[1] for o in outcomes)
    undirected = sum(o[2] for o in outcomes)
    ned = sum(o[3] for o in outcomes)
    parsed = (m, head, m * lab) if has_parse else (0, 0, 0)
    return (m, head, label * lab, both * lab, undirected, ned, m * lab, *parsed)



def _sentence_group(
    key: str, n: int, bins: Mapping[str, Bins], where: tuple[str | None, str | None]
) -> str:
    if key == "length":
        return bins["length"].label(n)
    document = document_of(*where)
    return document if key == "file" else _genre(document)


def _arc_groups(
    key: str,
    where_i: Sequence[int],
    g_heads: Sequence[int],
    p_heads: Sequence[int] | None,
    gold_rels: Sequence[str],
    parse_rels: Sequence[str] | None,
    bins: Mapping[str, Bins],
) -> tuple[list[str], list[str | None]]:
    """The group of each scored token's gold arc and of its parse arc (``None``: none)."""
    if key == "relation":
        gold_keys = [gold_rels[i] for i in where_i]
        if p_heads is None or parse_rels is None:
            return gold_keys, [None] * len(where_i)
        return gold_keys, [parse_rels[i] for i in where_i]
    if key == "distance":
        b = bins["distance"]
        gold_keys = [_distance(i + 1, g_heads[i], b) for i in where_i]
        if p_heads is None:
            return gold_keys, [None] * len(where_i)
        return gold_keys, [_distance(i + 1, p_heads[i], b) for i in where_i]
    gold_keys = [_direction(i + 1, g_heads[i]) for i in where_i]
    if p_heads is None:
        return gold_keys, [None] * len(where_i)
    return gold_keys, [_direction(i + 1, p_heads[i]) for i in where_i]


def _token_groups(
    key: str,
    where_i: Sequence[int],
    gold: DependencyTree,
    bins: Mapping[str, Bins],
) -> list[str]:
    """The group of each scored token under a token key (of its word in ``gold``)."""
    word = _word_key(key)
    # A valued key (NAME=VALUE) is binned as its key is: the run's bins are by key name.
    binned = bins.get(word.name) or bins.get(word.name.partition("=")[0])
    groups = word.groups(gold, binned if word.bins is not None else None)
    if len(where_i) == len(groups):
        return list(groups)  # every token scored (punctuation included)
    return [groups[i] for i in where_i]


def _word_key(name: str) -> WordKey:
    word = WORD_KEYS.get(name)
    if word is None:
        word = _valued_word_key(name)
        assert word is not None  # the evaluator offered only the keys it has
    return word


def _accumulate(
    gold_keys: Sequence[str],
    parse_keys: Sequence[str | None],
    outcomes: Sequence[tuple[bool, bool, bool, bool]],
    head_ok: Sequence[bool],
    lab: int,
) -> dict[str, tuple[int, ...]]:
    """Rows by group: each token's outcomes in its gold group, its parse arc in its parse
    group (``None``: no parse token).

    Tokens of one group with the same outcomes are counted together first (``Counter``
    counts in C), so the additions run once per distinct (group, outcomes), not per token.
    """
    width = len(GROUP_COLUMNS)
    rows: dict[str, list[int]] = {}
    for (group, (h, la, u, e)), c in Counter(zip(gold_keys, outcomes, strict=True)).items():
        row = rows.get(group)
        if row is None:
            row = rows[group] = [0] * width
        row[0] += c
        if h:
            row[1] += c
        if la:
            row[2] += c * lab
            if h:
                row[3] += c * lab
        if u:
            row[4] += c
        if e:
            row[5] += c
        row[6] += c * lab
    for (group, h), c in Counter(zip(parse_keys, head_ok, strict=True)).items():
        if group is None:
            continue
        row = rows.get(group)
        if row is None:
            row = rows[group] = [0] * width
        row[7] += c
        if h:
            row[8] += c
        row[9] += c * lab
    return {g: tuple(r) for g, r in rows.items()}


def zero_groups(
    gold: DependencyTree,
    gold_rels: Sequence[str],
    scored: Sequence[bool] | None,
    labeled: bool,
    keys: Sequence[str],
    bins: Mapping[str, Bins],
    where: tuple[str | None, str | None] = (None, None),
) -> dict[str, dict[str, tuple[int, ...]]]:
    """The groups of a missing parse with nothing right: the gold tokens, no parse token."""
    return token_groups(gold, None, gold_rels, None, scored, labeled, keys, bins, where)
