"""ParsEval over discontinuous brackets, as disco-dop's ``eval`` computes it.

EVALB cannot read a constituent whose words are not adjacent. disco-dop
(van Cranenburgh et al.; ``discodop eval``, module ``discodop/eval.py``)
generalizes its rules to discontinuous trees, and its parameter file
``proper.prm`` is what discontinuous-parsing papers report. This module
computes the same figures, sentence by sentence, as statistics:

- Labels lose their function tags: a label is cut at its first ``-`` or
  ``=`` after the first character (``NP-SB`` -> ``NP``; ``-NONE-`` stays).
  Tags are compared after the cut too.
- A word is deleted, with its preterminal, when the **gold** tag of its
  position is in ``DELETE_LABEL``, when the word is in ``DELETE_WORD``, or,
  with ``DELETE_ROOT_PRETERMS``, when its gold preterminal hangs right under
  the gold root. Positions are then renumbered. ``EQ_WORD`` maps words
  before the two sentences are compared; they must then be equal.
- ``EQ_LABEL`` maps every label below the root; a phrase whose label is then
  in ``DELETE_LABEL`` gives its children to its parent, and a phrase left
  without words disappears.
- Every remaining phrase (a node above the preterminals; the root too,
  unless its label is in ``DELETE_LABEL``) is a bracket: its label (``""``
  when unlabeled) and the *set* of its words' positions, so a
  discontinuous phrase is one bracket. With ``DISC_ONLY`` only the
  discontinuous brackets count. Brackets match as multisets.
- Exact match: the two multisets are equal. POS accuracy compares the tags
  of the remaining words. The length that decides the ``<= CUTOFF_LEN``
  block counts the gold words whose tag is not in
  ``DELETE_LABEL_FOR_LENGTH``, before any deletion.

Its per-category statistics, label confusions and attachment errors are the
breakdowns ``by="label"``, ``"confusion"`` and ``"attachment"`` (SPEC.md
§12.3). Two parts of disco-dop's report are not computed: the rewrite-rule
and tag breakdowns, and the function-tag score of Blaheta and Charniak
(2000), which disco-dop takes from the export format's edge column.

>>> from nltk_tedeval.trees.discontinuous import DiscTree
>>> gold = DiscTree.from_discbracket(
...     "(ROOT (S (VP (PROAV 0=Darüber) (VVPP 2=nachgedacht)) (VMFIN 1=muss)) ($. 3=.))")
>>> test = DiscTree.from_discbracket(
...     "(ROOT (S (PROAV 0=Darüber) (VP (VVPP 2=nachgedacht)) (VMFIN 1=muss)) ($. 3=.))")
>>> p, r, f = DiscoParsevalEvaluator([test], [gold]).eval()
>>> round(p, 4), round(r, 4)
(0.5, 0.5)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..errors import OptionError, TreeStructureError, YieldMismatchError
from ..kinds import CONSTITUENCY, DISCONTINUOUS, Accepts, kind_of
from ..scoring.groups import Grouped, GroupKey
from ..scoring.stats import Measure, accuracy, f_measure, precision, recall
from ..trees.discodop_heads import DiscoHeadRules
from ..trees.kinds import OWN_TREE, as_kind, kind_name
from .bracket_groups import BRACKET_KEYS, DISCONTINUOUS_KEY, Bracket, bracket_groups, length_key
from .disco_tables import TABLE_KEYS, table_groups
from .parseval import BracketEvaluator

__all__ = [
    "DiscoParams",
    "DiscoParsevalEvaluator",
    "DiscoTree",
    "DiscoView",
    "NodeTable",
    "disco_brackets",
    "disco_tree",
]


def _closure(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Each member of an equivalence class (from undirected pairs) mapped to one representative."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for a, b in pairs:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    return {x: find(x) for x in parent}


@dataclass(frozen=True)
class DiscoParams:
    """The options of a disco-dop evaluation parameter file.

    The defaults are those of disco-dop's ``proper.prm``: the roots
    (``TOP``, ``ROOT``, ``VROOT``), ``NOPARSE``, the punctuation tags of
    Negra/Tiger, Alpino and the Penn Treebank and ``-NONE-`` deleted, a list
    of punctuation words deleted whatever their tag, ``ADVP`` = ``PRT``,
    ``-LRB-`` = ``(`` and ``-RRB-`` = ``)``, cut-off 40, labeled.

    >>> p = DiscoParams.from_text("LABELED 0\\nDELETE_WORD .\\nEQ_LABEL A B\\n")
    >>> p.labeled, p.delete_words, p.eq_labels == {"A": "A", "B": "A"}
    (False, frozenset({'.'}), True)
    """

    cutoff_len: int = 40
    labeled: bool = True
    delete_labels: frozenset[str] = frozenset(
        {"NOPARSE", "TOP", "ROOT", "VROOT", "-NONE-"}
        | {"$,", "$(", "$[", "$."}  # Negra and Tiger punctuation tags
        | {"PUNCT", "punct", "LET[]", "LET()", "LET", "let[]", "let()", "let"}  # Alpino
        | {",", ":", "``", "''", "."}  # the Penn Treebank's
    )
    delete_labels_for_length: frozenset[str] = frozenset()
    delete_words: frozenset[str] = frozenset(
        {".", ",", ":", ";", "'", "`", '"', "``", "''", "-", "(", ")", "/", "&", "$"}
        | {"!", "!!!", "?", "??", "???", "..", "...", "«", "»"}
    )
    eq_labels: dict[str, str] = field(default_factory=lambda: _closure([("ADVP", "PRT")]))
    eq_words: dict[str, str] = field(
        default_factory=lambda: _closure([("-LRB-", "("), ("-RRB-", ")")])
    )
    disc_only: bool = False
    delete_root_preterms: bool = False
    name: str = "proper"
    head_rules: DiscoHeadRules | None = None
    """disco-dop's ``--headrules``: the table the head-rule dependencies read (``DEP``,
    :mod:`~nltk_tedeval.metrics.head_dependencies`); no parameter file names one."""
    functions: str = "remove"
    """disco-dop's ``eval --functions``: what becomes of the function tags in the labels
    ParsEval compares (:data:`FUNCTIONS`). They are read for the function-tag score
    (:mod:`~nltk_tedeval.metrics.function_tags`) whatever this says."""

    morphology: str = "no"
    """disco-dop's ``eval --morphology``: what an export file's morphology column does to
    its tags (:data:`MORPHOLOGY`); other files have none."""

    def __post_init__(self) -> None:
        if self.morphology not in MORPHOLOGY:
            raise OptionError(
                f"morphology takes one of {', '.join(MORPHOLOGY)} (disco-dop's eval "
                f"--morphology), not {self.morphology!r}",
                token=str(self.morphology),
            )
        if self.functions not in FUNCTIONS:
            raise OptionError(
                f"functions takes one of {', '.join(FUNCTIONS)} (disco-dop's eval "
                f"--functions), not {self.functions!r}",
                token=str(self.functions),
            )

    @classmethod
    def from_text(cls, text: str, name: str = "custom") -> DiscoParams:
        """Read a parameter file's text as disco-dop reads it.

        Lines that are empty or start with ``#`` are skipped; the keyword is
        the first word and the value the rest of the line. ``DEBUG``,
        ``MAX_ERROR``, ``LA``, ``TED`` and ``DEP`` are accepted and change
        nothing here; an unknown keyword, a keyword that takes one value
        given twice, or an ``EQ_`` line without two values is an
        :class:`~nltk_tedeval.errors.OptionError` naming the line.

        Labels are compared as disco-dop's export reader writes them, with
        ``(`` and ``)`` made ``[`` and ``]``, while the values given here are
        kept as written: ``DELETE_LABEL $(`` matches no tag, since the tag
        ``$(`` of an export file is ``$[`` by then, as in disco-dop (SPEC.md
        §7). Name ``$[`` (its ``proper.prm`` names both).

        ``DISC_ONLY 1`` is obeyed, unlike disco-dop, whose command line
        overwrites the file's value: there only ``--disconly`` scores the
        discontinuous brackets alone (SPEC.md §7).
        """
        ints: dict[str, int] = {}
        sets: dict[str, set[str]] = {"DELETE_LABEL": set(), "DELETE_LABEL_FOR_LENGTH": set()}
        sets["DELETE_WORD"] = set()
        pairs: dict[str, list[tuple[str, str]]] = {"EQ_LABEL": [], "EQ_WORD": []}
        once = ("DEBUG", "MAX_ERROR", "CUTOFF_LEN", "LABELED", "DISC_ONLY", "LA", "TED", "DEP")
        once += ("DELETE_ROOT_PRETERMS",)
        for lineno, line in enumerate(text.splitlines(), start=1):
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 1)
            where = f"{name}:{lineno}"
            if len(parts) < 2:
                raise OptionError(f"{where}: {parts[0]!r} has no value", token=line)
            key, value = parts
            if key in once:
                if key in ints:
                    raise OptionError(f"{where}: {key} is given twice", token=key)
                try:
                    ints[key] = int(value)
                except ValueError:
                    raise OptionError(
                        f"{where}: {key} takes a number, not {value!r}", token=value
                    ) from None
            elif key in sets:
                sets[key].add(value)
            elif key in pairs:
                both = value.split()
                if len(both) != 2:
                    raise OptionError(f"{where}: {key} takes two values", token=value)
                pairs[key].append((both[0], both[1]))
            else:
                raise OptionError(f"{where}: unknown keyword {key!r}", token=key)
        return cls(
            cutoff_len=ints.get("CUTOFF_LEN", 40),
            labeled=bool(ints.get("LABELED", 1)),
            delete_labels=frozenset(sets["DELETE_LABEL"]),
            delete_labels_for_length=frozenset(sets["DELETE_LABEL_FOR_LENGTH"]),
            delete_words=frozenset(sets["DELETE_WORD"]),
            eq_labels=_closure(pairs["EQ_LABEL"]),
            eq_words=_closure(pairs["EQ_WORD"]),
            disc_only=bool(ints.get("DISC_ONLY", 0)),
            delete_root_preterms=bool(ints.get("DELETE_ROOT_PRETERMS", 0)),
            name=name,
        )

    @classmethod
    def from_file(cls, path: str | None) -> DiscoParams:
        """:meth:`from_text` of a file; ``None`` gives ``proper.prm``'s settings."""
        if path is None:
            return cls()
        from pathlib import Path

        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as err:
            raise OptionError(f"cannot read parameter file {path}: {err.strerror}") from None
        return cls.from_text(text, Path(path).name)


FUNCTIONS = ("remove", "leave", "add", "replace")
"""disco-dop's ``--functions``: ``remove`` (its default) cuts a label at its first ``-``
or ``=`` after the first character; the others keep the labels as its bracket readers
leave them, whole (``NP-SBJ``). Of an export file, whose function is the edge to the
parent (our label ``CATEGORY-EDGE``), ``leave`` keeps the category alone, ``add`` the
category and its edge, ``replace`` the edge alone (``--`` where there is none) but for
the root's label (SPEC.md §7)."""

MORPHOLOGY = ("no", "add", "replace", "between")
"""disco-dop's ``--morphology``, of an export file's parts of speech: ``no`` (its default)
keeps the tag; ``add`` makes it ``TAG/MORPH``, ``replace`` ``MORPH``; ``between`` puts
a part of speech ``MORPH`` between the tag, then a phrase, and its word (SPEC.md §7)."""

_SQUARE = str.maketrans("()", "[]")


def _cut(label: str) -> str:
    """The label as disco-dop compares it: function tags cut, round brackets made square.

    Function tags go at the first ``-`` or ``=`` after position 0. disco-dop's
    export reader writes ``(`` and ``)`` in a tag or category as ``[`` and
    ``]`` (Negra's ``$(`` is ``$[``); no other format can hold a bracket in a
    label, so doing it for every tree gives its figures on every input.
    """
    for char in "-=":
        x = label.find(char)
        if x > 0:
            label = label[:x]
    if "(" in label or ")" in label:
        label = label.translate(_SQUARE)
    return label


def bracket_functions(label: str) -> tuple[str, ...]:
    """The function tags of a label of a bracket file, as disco-dop's reader takes them.

    What follows the first ``-`` after the first character, unless it is a
    number (``NP-1``, an index), without ``=`` and the digits that end it; split
    at ``-``, so that ``S-NOM-SBJ`` has two. ``-NONE-`` has none.

    >>> bracket_functions("S-NOM-SBJ"), bracket_functions("NP-SBJ=2"), bracket_functions("NP-1")
    (('NOM', 'SBJ'), ('SBJ',), ())
    >>> bracket_functions("-NONE-"), bracket_functions("NP=2"), bracket_functions("NP-SBJ-1")
    ((), (), ('SBJ', ''))
    """
    x = label.find("-")
    if x <= 0:
        return ()
    rest = label[x + 1 :]
    if rest.isdigit():
        return ()
    # disco-dop strips '=' and digits from the end only: NP-SBJ-1 keeps 'SBJ-', and the
    # empty tag after its last '-' is a tag there, counted as one (SPEC.md §7).
    func = rest.rstrip("=0123456789")
    if func in ("", "--"):
        return ()
    return tuple(func.split("-"))


def _labels_of(
    raw: list[str], functions: str, edges: list[str] | None, own: frozenset[int] = frozenset()
) -> list[str]:
    """The labels ParsEval compares under disco-dop's ``--functions`` (:data:`FUNCTIONS`);
    ``edges``: those of an export file's nodes (``raw`` is then ``CATEGORY-EDGE``);
    ``own``: the nodes ``--morphology between`` made, whose label ``replace`` keeps."""
    if functions == "remove":
        return [_cut(x) for x in raw]
    if edges is None or functions == "add":
        return [x.translate(_SQUARE) for x in raw]
    if functions == "leave":
        return [
            (x[: -len(e) - 1] if e else x).translate(_SQUARE)
            for x, e in zip(raw, edges, strict=True)
        ]
    # replace: the edge, '--' for none; the root keeps its label (disco-dop skips it).
    return [raw[0].translate(_SQUARE)] + [
        (raw[i] if i in own else e or "--").translate(_SQUARE)
        for i, e in enumerate(edges[1:], start=1)
    ]


def _functions_of(raw: list[str], edges: list[str] | None) -> list[tuple[str, ...]]:
    """Every node's function tags, as disco-dop reads them from the file: an export
    file's edge split at ``-``, a bracket file's label's (:func:`bracket_functions`)."""
    if edges is not None:
        return [tuple(e.split("-")) if e else () for e in edges]
    return [bracket_functions(x) for x in raw]


@dataclass
class NodeTable:
    """One tree as nodes: labels, children (node ids, or ``-1 - position`` for words), and
    the labels as read (``raw``) with an export tree's edges, whose function tags
    :attr:`funcs` reads (on first use: only the function-tag score asks)."""

    words: tuple[str, ...]
    labels: list[str]
    kids: list[list[int]]
    raw: list[str] = field(default_factory=list)
    edges: list[str] | None = None

    @property
    def funcs(self) -> list[tuple[str, ...]]:
        """Every node's function tags, as disco-dop reads them (:func:`_functions_of`)."""
        got = self.__dict__.get("_funcs")
        if got is None:
            got = self.__dict__["_funcs"] = _functions_of(self.raw, self.edges)
        return got

    def tags(self) -> list[str]:
        """The label of the node right above each word (its preterminal)."""
        out = [""] * len(self.words)
        for node, kids in enumerate(self.kids):
            for k in kids:
                if k < 0:
                    out[-1 - k] = self.labels[node]
        return out

    def phrasal(self, node: int) -> bool:
        # disco-dop's test: a node whose first child is a node, not a word.
        kids = self.kids[node]
        return bool(kids) and kids[0] >= 0


DISCO_INPUTS = Accepts(
    (CONSTITUENCY, DISCONTINUOUS),
    lambda tree, kind, side: TreeStructureError(
        f"{side}: expected a phrase-structure tree, got {kind_name(tree)}; ParsEval "
        "compares brackets"
    ),
)
"""What disco-dop's ParsEval scores: phrase structures, discontinuous or not."""


def _table(tree: Any, side: str, functions: str = "remove", morphology: str = "no") -> NodeTable:
    """Flatten any phrase-structure tree; labels as ``functions`` and, of an export tree,
    ``morphology`` leave them (:data:`FUNCTIONS`, :data:`MORPHOLOGY`), the function tags
    of each node kept apart."""
    if kind_of(tree) != DISCONTINUOUS:
        ps = as_kind(tree, OWN_TREE, DISCO_INPUTS, side)
        raw = [n.label for n in ps.nodes]
        return NodeTable(
            ps.words,
            _labels_of(raw, functions, None),
            [list(n.children) for n in ps.nodes],
            raw,
        )
    from nltk import Tree  # loaded already: a DiscTree is one

    # Positions are written on the leaves: nodes may be numbered in any order, here in
    # pre-order (the order of an export tree's edges).
    nodes: list[Any] = []
    stack: list[Any] = [tree]
    while stack:
        node = stack.pop()
        nodes.append(node)
        stack.extend(k for k in reversed(node) if isinstance(k, Tree))
    number = {id(n): i for i, n in enumerate(nodes)}
    raw = [str(n.label()) for n in nodes]
    kids = [[number[id(k)] if isinstance(k, Tree) else -1 - int(k) for k in n] for n in nodes]
    given = getattr(tree, "export_edges", None)
    edges = list(given) if given is not None and len(given) == len(raw) else None
    own: frozenset[int] = frozenset()
    morph = getattr(tree, "export_morph", None)
    if morphology != "no" and edges is not None and morph is not None:
        own = _morphology(raw, kids, edges, morph, morphology)
    return NodeTable(tree.words, _labels_of(raw, functions, edges, own), kids, raw, edges)


def _morphology(
    raw: list[str], kids: list[list[int]], edges: list[str], morph: Any, action: str
) -> frozenset[int]:
    """disco-dop's ``handlemorphology`` on every part of speech of an export tree, in
    place (its tag the category of ``raw``'s ``CATEGORY-EDGE``); returns the nodes
    ``between`` made (they have no edge)."""
    made = []
    for node in range(len(raw)):
        children = kids[node]
        if not children or children[0] >= 0:
            continue  # a phrase
        m = morph[-1 - children[0]].translate(_SQUARE).replace(" ", "_")
        e = edges[node]
        suffix = f"-{e}" if e else ""
        tag = raw[node][: len(raw[node]) - len(suffix)]
        if action == "add":
            raw[node] = f"{tag}/{m}{suffix}"
        elif action == "replace":
            raw[node] = m + suffix
        else:  # between: the tag becomes a phrase over a part of speech MORPH
            made.append(len(raw))
            raw.append(m)
            edges.append("")
            kids.append(children)
            kids[node] = [len(raw) - 1]
    return frozenset(made)


def disco_brackets(
    table: NodeTable, deleted: set[int], renumber: dict[int, int], params: DiscoParams
) -> tuple[Counter[tuple[str, frozenset[int]]], int]:
    """The multiset of brackets of one side, and how many of them are discontinuous."""
    labels, kids = table.labels, table.kids
    n_nodes = len(labels)
    # Post-order: each node's remaining words, from its children's.
    order: list[int] = []
    stack = [0]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(k for k in kids[node] if k >= 0)
    words_under: list[frozenset[int]] = [frozenset()] * n_nodes
    for node in reversed(order):
        positions: set[int] = set()
        for k in kids[node]:
            if k >= 0:
                positions |= words_under[k]
            elif -1 - k not in deleted:
                positions.add(renumber[-1 - k])
        words_under[node] = frozenset(positions)
    found: Counter[tuple[str, frozenset[int]]] = Counter()
    disc = 0
    for node in order:
        if not table.phrasal(node) or not words_under[node]:
            continue
        label = labels[node] if node == 0 else params.eq_labels.get(labels[node], labels[node])
        if label in params.delete_labels:
            continue  # a deleted phrase gives its children to its parent
        span = words_under[node]
        gapped = max(span) - min(span) + 1 != len(span)
        if params.disc_only and not gapped:
            continue
        found[(label if params.labeled else "", span)] += 1
        disc += gapped
    return found, disc


def _group_brackets(
    table: NodeTable, deleted: set[int], renumber: dict[int, int], params: DiscoParams
) -> list[Bracket]:
    """The brackets :func:`_brackets` counts, in pre-order, with their parents' labels
    (SPEC.md §12.4), as disco-dop's ``parentedbracketings`` gives them after its
    ``transform``: a deleted phrase hands its children to its parent, the root is
    never deleted (its parent is ``""``), labels below it are ``EQ_LABEL``'s."""
    labels, kids = table.labels, table.kids
    words_under: dict[int, frozenset[int]] = {}
    order: list[tuple[int, int]] = []  # (node, its nearest kept ancestor), pre-order
    stack = [(0, -1)]
    while stack:
        node, up = stack.pop()
        order.append((node, up))
        label = _mapped(labels, node, params)
        # The root stays whatever its label; a deleted phrase is no one's parent.
        keep = node == 0 or label not in params.delete_labels
        stack.extend((k, node if keep else up) for k in reversed(kids[node]) if k >= 0)
    for node, _ in reversed(order):
        positions: set[int] = set()
        for k in kids[node]:
            if k >= 0:
                positions |= words_under[k]
            elif -1 - k not in deleted:
                positions.add(renumber[-1 - k])
        words_under[node] = frozenset(positions)
    out = []
    for node, up in order:
        span = words_under[node]
        if not table.phrasal(node) or not span:
            continue
        label = _mapped(labels, node, params)
        if label in params.delete_labels:
            continue
        gapped = max(span) - min(span) + 1 != len(span)
        if params.disc_only and not gapped:
            continue
        parent = "" if up < 0 else _mapped(labels, up, params)
        out.append(Bracket(label if params.labeled else "", span, len(span), label, parent, gapped))
    return out


def _mapped(labels: list[str], node: int, params: DiscoParams) -> str:
    """A node's label as disco-dop's transform leaves it: EQ_LABEL's below the root."""
    return labels[node] if node == 0 else params.eq_labels.get(labels[node], labels[node])


@dataclass(frozen=True)
class DiscoTree:
    """One side of a sentence as disco-dop's ``transform`` leaves it, for the measures that
    read the whole tree (Leaf-Ancestor, tree edit distance).

    ``labels`` are the phrases left (``EQ_LABEL``'s below the root), numbered so that
    a phrase's number is above its children's; ``kids`` their children, a phrase by
    its number and a word, with its part of speech, as ``-1 - position``; ``tags``
    the part of speech of every word left (``EQ_LABEL``'s), by its position after
    the deletions; ``root`` the root's number, and ``root_deleted`` whether its label
    is in ``DELETE_LABEL`` (the root is never deleted: its label is left out of what
    the measures count). ``phrasal_root`` is false for a tree that is one part of
    speech over its word.
    """

    labels: tuple[str, ...]
    kids: tuple[tuple[int, ...], ...]
    tags: tuple[str, ...]
    root: int
    root_deleted: bool
    phrasal_root: bool = True

    @classmethod
    def build(
        cls,
        labels: Sequence[str],
        kids: Sequence[Sequence[int]],
        tags: Sequence[str],
        root: int,
        root_deleted: bool,
        phrasal_root: bool = True,
    ) -> DiscoTree:
        """A tree from plain lists (for examples and tests)."""
        return cls(
            tuple(labels), tuple(tuple(k) for k in kids), tuple(tags), root, root_deleted,
            phrasal_root,
        )  # fmt: skip

    @property
    def nodes(self) -> int:
        """Its phrases and parts of speech: disco-dop's count of a tree's subtrees."""
        if not self.phrasal_root:
            return min(1, len(self.tags))
        return len(self.labels) + len(self.tags)

    def spans(self) -> list[list[int]]:
        """Every phrase's words, in order."""
        out: list[list[int]] = []
        for kids in self.kids:  # children first: their words are known
            words: list[int] = []
            for k in kids:
                if k < 0:
                    words.append(-1 - k)
                else:
                    words.extend(out[k])
            words.sort()
            out.append(words)
        return out


def disco_tree(
    table: NodeTable, deleted: set[int], renumber: dict[int, int], params: DiscoParams
) -> DiscoTree:
    """``table`` as disco-dop's ``transform`` leaves it (:class:`DiscoTree`): deleted words
    gone with their part of speech, ``EQ_LABEL`` applied below the root, a phrase whose
    label is then deleted giving its children to its parent, a phrase left without
    words gone."""
    labels, kids = table.labels, table.kids
    eq, dropped = params.eq_labels, params.delete_labels
    tags = [""] * len(renumber)
    phrasal = [bool(k) and k[0] >= 0 for k in kids]  # disco-dop's test, once a node
    order: list[int] = []
    stack = [0]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(k for k in kids[node] if k >= 0 and phrasal[k])
    new_labels: list[str] = []
    new_kids: list[tuple[int, ...]] = []
    items: dict[int, list[int]] = {}
    for node in reversed(order):  # children before their parents
        out: list[int] = []
        for k in kids[node]:
            if k < 0:  # a word right under a phrase: its own part of speech is the phrase
                if -1 - k not in deleted:
                    w = renumber[-1 - k]
                    out.append(-1 - w)
                    tags[w] = eq.get(labels[node], labels[node])
            elif not phrasal[k]:
                tag = eq.get(labels[k], labels[k])
                for kk in kids[k]:
                    if kk < 0 and -1 - kk not in deleted:
                        w = renumber[-1 - kk]
                        out.append(-1 - w)
                        tags[w] = tag
            else:
                sub = items.pop(k)
                if not sub:
                    continue
                label = eq.get(labels[k], labels[k])
                if label in dropped:
                    out.extend(sub)
                else:
                    new_labels.append(label)
                    new_kids.append(tuple(sub))
                    out.append(len(new_labels) - 1)
        items[node] = out
    new_labels.append(labels[0])
    new_kids.append(tuple(items[0]))
    return DiscoTree(
        tuple(new_labels),
        tuple(new_kids),
        tuple(tags),
        len(new_labels) - 1,
        labels[0] in dropped,
        phrasal[0],
    )


class DiscoView:
    """A sentence as disco-dop's ParsEval compared it, for the measures that count from
    its trees (:attr:`DiscoParsevalEvaluator.counts_measures`): both trees after the
    transform, made on first use, whether the sentence is within the cut-off, and a
    ``cache`` where a measure keeps what its columns and its groups both read (the
    lineages of Leaf-Ancestor)."""

    __slots__ = (
        "_deleted", "_gold", "_parse", "_renumber", "cache", "cut", "gold_table", "params",
        "parse_table",
    )  # fmt: skip

    def __init__(
        self,
        gold: NodeTable,
        parse: NodeTable | None,
        deleted: set[int],
        renumber: dict[int, int],
        params: DiscoParams,
        cut: bool,
    ) -> None:
        self._gold: Any = gold
        self._parse: Any = parse
        self.gold_table, self.parse_table = gold, parse
        """Both trees as read (labels as ``--functions`` leaves them, function tags
        apart), before the transform: what the function-tag score and the head rules
        read (each with ``words``, ``labels``, ``kids``, ``raw`` and ``edges``; node 0
        the root, a word as ``-1 - position``; the parse ``None`` for a missing
        parse)."""
        self._deleted, self._renumber = deleted, renumber
        self.params = params
        self.cut = cut
        self.cache: dict[str, Any] = {}

    @property
    def deleted(self) -> set[int]:
        """The positions deleted (before renumbering)."""
        return self._deleted

    @property
    def renumber(self) -> dict[int, int]:
        """Each kept position's number after the deletions."""
        return self._renumber

    @property
    def has_parse(self) -> bool:
        """Whether there is a parse (not a missing parse's row)."""
        return self._parse is not None

    def gold_tree(self) -> DiscoTree:
        if isinstance(self._gold, NodeTable):
            self._gold = disco_tree(self._gold, self._deleted, self._renumber, self.params)
        return self._gold

    def parse_tree(self) -> DiscoTree:
        if isinstance(self._parse, NodeTable):
            self._parse = disco_tree(self._parse, self._deleted, self._renumber, self.params)
        return self._parse


COLUMNS: tuple[str, ...] = (
    "matched",
    "gold",
    "test",
    "gold_types",
    "test_types",
    "gold_disc",
    "test_disc",
    "exact",
    "sentences",
    "correct_tags",
    "words",
)
"""Per-sentence statistics; each also as ``NAME_cut``, 0 for a sentence longer than the cutoff."""


def _measures(suffix: str) -> dict[str, Measure]:
    brackets = (f"matched{suffix}", f"gold{suffix}", f"test{suffix}")
    tail = suffix.upper()
    return {
        m.name: m
        for m in (
            Measure(f"P{tail}", brackets, precision, "no test bracket"),
            Measure(f"R{tail}", brackets, recall, "no gold bracket"),
            Measure(f"F1{tail}", brackets, f_measure, "no bracket on either side"),
            Measure(
                f"EXACT_MATCH{tail}",
                (f"exact{suffix}", f"sentences{suffix}"),
                accuracy,
                "no sentence",
            ),
            Measure(
                f"POS_ACCURACY{tail}",
                (f"correct_tags{suffix}", f"words{suffix}"),
                accuracy,
                "no word",
            ),
        )
    }


class DiscoParsevalEvaluator(BracketEvaluator):
    """ParsEval over discontinuous brackets, with disco-dop's rules (see the module).

    ``params`` is a :class:`DiscoParams` (default: ``proper.prm``'s
    settings). Trees may be :class:`~nltk_tedeval.trees.discontinuous.DiscTree`
    objects, ``nltk.Tree`` objects or flattened phrase structures; gold and
    parse must have the same words once deletions are made, else the
    sentence is an error (:class:`~nltk_tedeval.errors.YieldMismatchError`).

    >>> from nltk_tedeval.trees.discontinuous import DiscTree
    >>> gold = DiscTree.from_discbracket("(ROOT (S (NP (DT 0=a) (NN 2=c)) (VB 1=b)))")
    >>> ev = DiscoParsevalEvaluator([gold], [gold])
    >>> [float(s) for s in ev.eval()]
    [1.0, 1.0, 1.0]
    >>> print(ev.summary_text().splitlines()[3])
    gold brackets (disc.):          2 (1)
    """

    signature_keys: ClassVar[dict[str, str]] = {
        **BracketEvaluator.signature_keys,
        "disc_only": "disco-dop's DISC_ONLY: only discontinuous brackets counted (yes/no)",
        "headrules": "disco-dop's --headrules: the head-rule table the dependencies (DEP) "
        "were read through (its file name; only when a table is given)",
        "functions": "disco-dop's --functions, where not remove: the function tags the "
        "compared labels keep (leave, add, replace)",
        "morphology": "disco-dop's --morphology, where not no: an export file's tags with "
        "its morphology (add, replace, between)",
    }

    measures: ClassVar[dict[str, Measure]] = {**_measures(""), **_measures("_cut")}
    columns: ClassVar[tuple[str, ...]] = (
        *COLUMNS,
        "length",
        *(f"{c}_cut" for c in COLUMNS),
    )
    shown_measures: ClassVar[tuple[str, ...]] = ("P", "R", "F1", "EXACT_MATCH", "POS_ACCURACY")
    tested_measures: ClassVar[tuple[str, ...] | None] = ("F1",)
    per_sentence_columns: ClassVar[tuple[str, ...] | None] = (*COLUMNS, "length")
    metric: ClassVar[str] = "parseval-disco"
    params_type: ClassVar[type] = DiscoParams
    params: DiscoParams
    breakdown_keys: ClassVar[dict[str, GroupKey]] = {
        "label": BRACKET_KEYS["label"],
        "length": length_key(columns, measures),
        "span": BRACKET_KEYS["span"],
        "discontinuous": DISCONTINUOUS_KEY,
        "confusion": BRACKET_KEYS["confusion"],
        "attachment": BRACKET_KEYS["attachment"],
        **TABLE_KEYS,
    }

    measure_extensions: ClassVar[tuple[Any, ...]] = (
        "nltk_tedeval.metrics.leaf_ancestor:LEAF_ANCESTOR",
        "nltk_tedeval.metrics.tree_distance:TREE_DISTANCE",
        "nltk_tedeval.metrics.head_dependencies:HEAD_DEPENDENCIES",
        "nltk_tedeval.metrics.function_tags:FUNCTION_TAGS",
    )
    counts_measures: ClassVar[bool] = True

    def signature_fields(self) -> dict[str, object]:
        return {
            **super().signature_fields(),
            "prm": self.params.name,
            "labeled": self.params.labeled,
            "cutoff": self.params.cutoff_len,
            "disc_only": self.params.disc_only,
            **self._head_rules_field(),
            # Only where they change the labels from disco-dop's defaults.
            **({"functions": self.params.functions} if self.params.functions != "remove" else {}),
            **({"morphology": self.params.morphology} if self.params.morphology != "no" else {}),
        }

    def _head_rules_field(self) -> dict[str, str]:
        # The head-rule dependencies' table, when the run has them (DEP reads Collins'
        # table when none is given: metrics/head_dependencies.py).
        if "DEP" not in self.measures:
            return {}
        rules = self.params.head_rules
        return {"headrules": "collins" if rules is None else rules.name}

    def sentence_view(self, parsed: Any, gold: Any) -> DiscoView:
        """One sentence as this evaluator compares it: both trees after disco-dop's
        transform (:class:`DiscoView`), to read what Leaf-Ancestor and tree distance
        count.

        >>> from nltk_tedeval.trees.discontinuous import DiscTree
        >>> gold = DiscTree.from_discbracket("(ROOT (S (NP (DT 0=a) (NN 1=b)) ($. 2=.)))")
        >>> view = DiscoParsevalEvaluator([], []).sentence_view(gold, gold)
        >>> view.gold_tree().labels, view.gold_tree().tags
        (('NP', 'S', 'ROOT'), ('DT', 'NN'))
        """
        return self._view(*self._compare(parsed, gold), True)

    def _view(self, row: list[int], compared: tuple[Any, ...], with_parse: bool) -> DiscoView:
        g, p, deleted, renumber = compared
        cut = row[len(COLUMNS)] <= self.params.cutoff_len
        return DiscoView(g, p if with_parse else None, deleted, renumber, self.params, cut)

    def _sentence_stats(self, parsed: Any, gold: Any) -> tuple[list[int], Any]:
        row, compared = self._compare(parsed, gold)
        view = None
        if self.extra is not None and self.extra.counted:
            # The measures that read the trees (Leaf-Ancestor, tree distance) count here.
            view = self._view(row, compared, True)
            row = [*row, *self.extra.count(view)]
        if self.by:
            return row, Grouped(None, self._groups(row, *compared, view=view, with_parse=True))
        return row, None

    def _groups(
        self,
        row: list[int],
        g: NodeTable,
        p: NodeTable,
        deleted: set[int],
        renumber: dict[int, int],
        *,
        view: DiscoView | None = None,
        with_parse: bool,
    ) -> dict[str, dict[str, tuple[int, ...]]]:
        """The groups of ``self.by`` of a sentence (``with_parse`` false: a missing parse)."""
        out: dict[str, Any] = {}
        brackets = set(BRACKET_KEYS) | {"discontinuous"}
        if any(k in brackets for k in self.by):
            gb = _group_brackets(g, deleted, renumber, self.params)
            pb = _group_brackets(p, deleted, renumber, self.params) if with_parse else []
            out = bracket_groups(gb, pb, self.by, {"span": self.options.bins_for("span")})
        if "length" in self.by:
            length = row[len(COLUMNS)]
            out["length"] = {self.options.bins_for("length").label(length): tuple(row)}
        if any(k in TABLE_KEYS for k in self.by):
            # disco-dop's POS and rewrite-rule tables read both trees after its transform.
            if view is None:
                view = self._view(row, (g, p, deleted, renumber), with_parse)
            out.update(table_groups(view, self.by))
        if view is not None and self.extra is not None and self.extra.keys:
            out.update(self.extra.key_groups(view, self.by, parse=with_parse))
        return out

    def _compare(
        self, parsed: Any, gold: Any
    ) -> tuple[list[int], tuple[NodeTable, NodeTable, set[int], dict[int, int]]]:
        """A sentence's row, and what its groups are read from."""
        params = self.params
        g = _table(gold, "gold", params.functions, params.morphology)
        p = _table(parsed, "parse", params.functions, params.morphology)
        if len(g.words) != len(p.words):
            raise YieldMismatchError(
                f"the sentences differ in length: gold has {len(g.words)} words, the parse "
                f"{len(p.words)}"
            )
        gold_tags, parse_tags = g.tags(), p.tags()
        under_root = {-1 - k for k in g.kids[0] if k < 0} | {
            -1 - kk for k in g.kids[0] if k >= 0 and not g.phrasal(k) for kk in g.kids[k]
        }
        deleted = {
            i
            for i, (tag, word) in enumerate(zip(gold_tags, g.words, strict=True))
            if tag in params.delete_labels
            or word in params.delete_words
            or (params.delete_root_preterms and i in under_root)
        }
        # The parse's own words are deleted by the gold's tags, and by their own text.
        deleted |= {i for i, word in enumerate(p.words) if word in params.delete_words}
        kept = [i for i in range(len(g.words)) if i not in deleted]
        renumber = {old: new for new, old in enumerate(kept)}
        eq = params.eq_words
        gw = [eq.get(g.words[i], g.words[i]) for i in kept]
        pw = [eq.get(p.words[i], p.words[i]) for i in kept]
        if gw != pw:
            k = next(i for i, (a, b) in enumerate(zip(gw, pw, strict=True)) if a != b)
            raise YieldMismatchError(
                f"the words differ at word {kept[k] + 1}: gold has {gw[k]!r}, the parse {pw[k]!r}",
                token=f"{gw[k]} / {pw[k]}",
            )
        gb, gdisc = disco_brackets(g, deleted, renumber, params)
        pb, pdisc = disco_brackets(p, deleted, renumber, params)
        matched = sum((gb & pb).values())
        counted = 1 if not params.disc_only or gb or pb else 0
        exact = 1 if gb == pb and counted else 0
        tags = sum(gold_tags[i] == parse_tags[i] for i in kept)
        length = sum(t not in params.delete_labels_for_length for t in gold_tags)
        row = [
            matched,
            sum(gb.values()),
            sum(pb.values()),
            len(gb),
            len(pb),
            gdisc,
            pdisc,
            exact,
            counted,
            tags,
            len(kept),
        ]
        cut = length <= params.cutoff_len
        full = [*row, length, *(x if cut else 0 for x in row)]
        return full, (g, p, deleted, renumber)

    def _zero_stats(self, gold: Any) -> tuple[list[int], Any]:
        """A missing parse with nothing right: its flat parse without a bracket of its own."""
        row, compared = self._compare(self._flat_parse(gold), gold)
        base = len(COLUMNS)
        # No test bracket, no tag right, no exact match.
        for offset in (0, base + 1):
            row[offset + 0] = 0
            row[offset + 2] = row[offset + 4] = row[offset + 6] = 0
            row[offset + 7] = 0
            row[offset + 9] = 0
        view = None
        if self.extra is not None and self.extra.counted:
            view = self._view(row, compared, False)
            row = [*row, *self.extra.zero(view)]
        if self.by:
            return row, Grouped(None, self._groups(row, *compared, view=view, with_parse=False))
        return row, None

    # -- the report ----------------------------------------------------------------

    def more_text(self) -> list[str]:
        """The figures of the run's measures that disco-dop's summary has no line for, in its
        layout: Leaf-Ancestor over words and the shares of exact lineages and of exact
        sentences (CoreNLP's).

        >>> from nltk_tedeval.trees.discontinuous import DiscTree
        >>> gold = DiscTree.from_discbracket("(ROOT (S (NP (DT 0=a) (NN 1=b)) (VB 2=c)))")
        >>> ev = DiscoParsevalEvaluator([gold], [gold], extra_measures="LA_WORDS,LA_EXACT")
        >>> print("\\n".join(ev.more_text()))
        leaf-ancestor (words):     100.00
        exact lineages:            100.00
        exact sentences:           100.00
        """
        lines = (
            ("leaf-ancestor (words):", "LA_WORDS"),
            ("exact lineages:", "LA_EXACT"),
            ("exact sentences:", "LA_EXACT_SENT"),
        )
        shown = [(title, name) for title, name in lines if name in self.measures]
        if not shown:
            return []
        lengths = self.stats.view(["length"])[:, 0].tolist()
        longest = int(max(lengths)) if len(lengths) else 0

        def pct(measure: str) -> str:
            value = self.score(measure)
            return f"{100 * float(value):6.2f}" if value == value else "   nan"

        if longest <= self.params.cutoff_len:
            return [f"{title:<27}{pct(name)}" for title, name in shown]
        return [f"{title:<27}{pct(name + '_CUT')}     {pct(name)}" for title, name in shown]

    def summary_text(self) -> str:
        """disco-dop's summary block, line for line; with Leaf-Ancestor (``LA``), tree
        distance (``TED``) and the function-tag score (``FUNC``) among the run's measures,
        their lines too, as ``eval --la --ted`` prints them (the function-tag line where a
        parse's tag counted, as there).

        A figure with nothing to compare is printed as disco-dop prints it:
        ``nan`` for recall, precision and F1, ``0DIV!`` for exact match and
        POS accuracy. Where brackets were compared and none matched, F1 is
        0.00, where disco-dop prints ``nan`` (SPEC.md §7).
        """
        table = self.stats
        totals = dict(zip(self.columns, table.totals(self.columns).tolist(), strict=True))
        lengths = table.view(["length"])[:, 0].tolist()
        cutoff = self.params.cutoff_len
        longest = int(max(lengths)) if len(lengths) else 0
        longest_cut = int(max((x for x in lengths if x <= cutoff), default=0))

        def pct(measure: str) -> str:
            value = self.score(measure)
            if value == value:
                return f"{100 * float(value):6.2f}"
            # Undefined, spelled as disco-dop spells it on that line: its
            # bracket scores come out NaN, its ratios of sentences and of
            # tags divide by zero.
            return " 0DIV!" if measure.startswith(("EXACT", "POS")) else "   nan"

        def count(name: str) -> int:
            return int(totals[name])

        disc = count("gold_disc") or count("test_disc")
        # disco-dop's --la and --ted lines, where the run has their measures.
        extras = [
            (title, name)
            for title, name in (("leaf-ancestor:", "LA"), ("tree-dist (Dice micro avg)", "TED"))
            if name in self.measures
        ]
        dep = "DEP" in self.measures  # disco-dop's --headrules line
        # disco-dop prints its function-tag line, after that one, where the parses had a
        # tag that counted.
        func = (
            [("function tags:", "FUNC")] if "FUNC" in self.measures and count("func_test") else []
        )
        if longest <= cutoff:
            lines = [
                " Summary (ALL) ".center(35, "_"),
                f"number of sentences:       {count('sentences'):6d}",
                f"longest sentence:          {longest:6d}",
            ]
            if disc:
                lines += [
                    f"gold brackets (disc.):     {count('gold_types'):6d} ({count('gold_disc')})",
                    f"cand. brackets (disc.):    {count('test_types'):6d} ({count('test_disc')})",
                ]
            else:
                lines += [
                    f"gold brackets:             {count('gold_types'):6d}",
                    f"cand. brackets:            {count('test_types'):6d}",
                ]
            lines += [
                f"labeled recall:            {pct('R')}",
                f"labeled precision:         {pct('P')}",
                f"labeled f-measure:         {pct('F1')}",
                f"exact match:               {pct('EXACT_MATCH')}",
                *(f"{title:<27}{pct(name)}" for title, name in extras),
                *([f"unlabeled dependencies:    {pct('DEP')}"] if dep else []),
                *(f"{title:<27}{pct(name)}" for title, name in func),
                f"pos accuracy:              {pct('POS_ACCURACY')}",
            ]
            return "\n".join(lines)
        lines = [
            f"{' Summary '.center(27, '_')} <= {cutoff} ______ ALL",
            f"number of sentences:       {count('sentences_cut'):6d}     {count('sentences'):6d}",
            f"longest sentence:          {longest_cut:6d}     {longest:6d}",
            f"gold brackets:             {count('gold_types_cut'):6d}     {count('gold_types'):6d}",
            f"cand. brackets:            {count('test_types_cut'):6d}     {count('test_types'):6d}",
        ]
        if disc:
            lines += [
                f"disc. gold brackets:       {count('gold_disc_cut'):6d}     "
                f"{count('gold_disc'):6d}",
                f"disc. cand. brackets:      {count('test_disc_cut'):6d}     "
                f"{count('test_disc'):6d}",
            ]
        for title, name in (
            ("labeled recall:", "R"),
            ("labeled precision:", "P"),
            ("labeled f-measure:", "F1"),
            ("exact match:", "EXACT_MATCH"),
            *extras,
            *([("unlabeled dependencies:", "DEP")] if dep else []),
            *func,
            ("pos accuracy:", "POS_ACCURACY"),
        ):
            line = f"{title:<27}{pct(name + '_CUT')}     {pct(name)}"
            if name == "DEP":  # disco-dop adds the counts over every sentence
                line += f"  ({count('dep_right')} / {count('dep_words')})"
            lines.append(line)
        return "\n".join(lines)
