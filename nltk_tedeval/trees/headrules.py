"""Head rules: which child of a constituent carries its head word.

Penn Treebank trees do not mark heads, so every head-based measure (MPH
brackets, constituency-to-dependency conversion) needs a *head-percolation
table*. For each parent category the table gives an ordered list of search
instructions; the first instruction that finds a child picks the head child,
and the head word of a constituent is the head word of its head child.

The default table is the one of Collins (1999), *Head-Driven Statistical
Models for Natural Language Parsing*, PhD thesis, University of
Pennsylvania, Appendix A, written out here from its published description:

- one line per parent category with a search direction and a priority list.
  ``left`` means: for the first category of the list, scan the children from
  the left and take the first child of that category; if there is none, do
  the same with the second category, and so on. ``right`` scans from the
  right. When no category is found, the head is the leftmost (``left``) or
  rightmost (``right``) child. Collins' own instructions for the table say
  that the direction is "where you start" the scan
  (http://people.csail.mit.edu/mcollins/papers/heads), so ``PP right IN``
  picks the *last* preposition, as in ``(PP (IN because) (IN of) NP)``.
- a special rule for NP, where the priority is over positions, not
  categories: take the rightmost child that is any of NN NNP NNPS NNS NX POS
  JJR; else the leftmost NP; else the rightmost of $ ADJP PRN; else the
  rightmost CD; else the rightmost of JJ JJS RB QP; else the last child. The
  thesis' first step ("if the last word is POS, it is the head") is covered by
  the first one, which scans from the right and includes POS.
- coordination: when the chosen head child is preceded by a CC that is not
  the first child (``X -> ... Y CC Z`` with Z chosen), the head moves to Y,
  the child just before the CC. We apply it to every category, as the thesis
  describes it. Bikel (2004, "Intricacies of Collins' parsing model", §3.12)
  reports that Collins' parser does not apply it inside base NPs; we follow
  the thesis instead (the difference never changes MPH brackets of base NPs
  whose children are single words).
- categories that the table does not list (NX, X, TOP, ROOT, an empty label)
  take the leftmost child, which is what Bikel (2004, §3.12) reports Collins'
  parser does.

Function tags and indices are stripped before any lookup, on the parent and
on the children alike (``NP-SBJ-1`` is NP, ``NP=2`` is NP); labels that begin
with a dash (``-NONE-``, ``-LRB-``) are kept whole. Collins removed
punctuation before finding heads; :mod:`nltk_tedeval.metrics.mph` does the same.

**A user table** replaces Collins' entirely. As text, one instruction per
line::

    # a comment line
    LABEL  DIRECTION  [CATEGORY ...]
    *      DIRECTION  [CATEGORY ...]     (labels the table does not list)
    !coordination CC [CATEGORY ...]      (Collins' coordination adjustment)

Several lines for one label are tried in order. DIRECTION is ``left`` or
``right`` (category first, as in Collins' table) or ``left-any`` or
``right-any`` (position first: the first child from that side whose category
is any of the list, as in the NP rule). A line without categories always
matches: it picks the first child from its side. When no line of a label
finds a child, the first child from the side of the label's last line is the
head. Labels without lines and without a ``*`` line take the leftmost child.
The coordination adjustment is off unless a ``!coordination`` line names the
conjunction categories. The same table as a Python mapping is ``{label:
[(direction, categories), ...]}`` with ``"*"`` for the default, and
``coordination=`` as a keyword.

Finding heads never recurses: constituents are visited in reverse pre-order,
so every child is done before its parent (trees thousands of levels deep are
fine), and each constituent costs time linear in its number of children.

>>> COLLINS_1999.head_child("NP-SBJ", ["DT", "JJ", "NN"])
2
>>> COLLINS_1999.head_child("NP", ["NN", "CC", "NN"])  # salt and pepper
0
>>> from nltk import Tree
>>> head_dependencies(Tree.fromstring(
...     "(S (NP-SBJ (DT The) (NN dog)) (VP (VBD saw) (NP (PRP me))))"))
(2, 3, 0, 3)
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InputFormatError, OptionError, TreeStructureError, excerpt
from .constituency import PhraseStructure, flatten_tree

__all__ = [
    "COLLINS_1999",
    "COLLINS_1999_TEXT",
    "DIRECTIONS",
    "HeadRules",
    "HeadRulesSpec",
    "Instruction",
    "base_category",
    "find_heads",
    "get_head_rules",
    "head_dependencies",
]

DIRECTIONS = ("left", "right", "left-any", "right-any")
"""Search directions of an instruction (see the module docstring)."""

DEFAULT_LABEL = "*"
"""The table entry used for labels that have no lines of their own."""


def base_category(label: str | None) -> str:
    """The category without function tags or indices: ``NP-SBJ-1`` gives ``NP``.

    Labels that begin with a dash (``-NONE-``, ``-LRB-``) are categories of
    their own and stay whole; ``None`` (a word without a tag) gives ``""``.

    >>> base_category("NP-SBJ-1"), base_category("NP=2"), base_category("-LRB-")
    ('NP', 'NP', '-LRB-')
    """
    if not label or label[0] == "-":
        return label or ""
    for i, ch in enumerate(label):
        if ch in "-=":
            return label[:i]
    return label


@dataclass(frozen=True)
class Instruction:
    """One search of a head rule: a direction and a priority list of categories."""

    direction: str
    categories: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.direction not in DIRECTIONS:
            raise OptionError(
                f"unknown head-rule direction {self.direction!r}; "
                f"use one of {', '.join(DIRECTIONS)}"
            )
        object.__setattr__(self, "categories", tuple(self.categories))

    @property
    def from_left(self) -> bool:
        return self.direction.startswith("left")

    def find(self, cats: Sequence[str]) -> int | None:
        """The index of the child this instruction picks among ``cats``, or ``None``."""
        n = len(cats)
        if not self.categories:
            return 0 if self.from_left else n - 1
        order = range(n) if self.from_left else range(n - 1, -1, -1)
        if self.direction.endswith("-any"):
            wanted = set(self.categories)
            return next((i for i in order if cats[i] in wanted), None)
        # Category first: the first position of each category from our side,
        # then the first category of the priority list that occurs. One pass
        # over the children plus one over the list.
        first: dict[str, int] = {}
        for i in order:
            first.setdefault(cats[i], i)
        return next((first[c] for c in self.categories if c in first), None)

    def to_text(self, label: str) -> str:
        return " ".join((label, self.direction, *self.categories))


InstructionLike = Instruction | tuple[str, str | Iterable[str]]


def _instruction(value: InstructionLike) -> Instruction:
    if isinstance(value, Instruction):
        return value
    try:
        direction, cats = value
    except (TypeError, ValueError):
        raise OptionError(
            f"a head-rule instruction is a (direction, categories) pair, not {value!r}"
        ) from None
    if isinstance(cats, str):
        cats = cats.split()
    return Instruction(str(direction), tuple(str(c) for c in cats))


class HeadRules:
    """A head-percolation table: per parent category, instructions tried in order.

    ``rules`` maps a category to one instruction or a sequence of them (an
    :class:`Instruction` or a ``(direction, categories)`` pair, categories as a
    sequence or a whitespace-separated string); the key ``"*"`` gives the rule
    for categories not listed. ``coordination`` names the conjunction
    categories of Collins' coordination adjustment (none by default).
    ``name`` appears in score signatures; by default it is derived from the
    table's text, so equal tables get equal names.

    >>> rules = HeadRules({"PP": ("right", "NP"), "*": ("right", ())})
    >>> rules.head_child("PP", ["IN", "NP-LOC"]), rules.head_child("S", ["NP", "VP"])
    (1, 1)
    """

    __slots__ = ("_default", "_rules", "coordination", "name")

    def __init__(
        self,
        rules: Mapping[str, InstructionLike | Sequence[InstructionLike]],
        *,
        coordination: Iterable[str] = (),
        name: str | None = None,
    ) -> None:
        table: dict[str, tuple[Instruction, ...]] = {}
        for label, value in rules.items():
            if isinstance(value, Instruction) or (
                isinstance(value, (tuple, list)) and len(value) == 2 and isinstance(value[0], str)
            ):
                value = [value]
            table[str(label)] = tuple(_instruction(v) for v in value)
            if not table[str(label)] and label != DEFAULT_LABEL:
                raise OptionError(f"head rule for {label!r} has no instructions")
        default = table.pop(DEFAULT_LABEL, ())
        self._rules = table
        self._default = default or (Instruction("left"),)
        self.coordination = frozenset(coordination)
        self.name = name or "user-" + hashlib.sha1(self.to_text().encode()).hexdigest()[:8]

    # -- reading --------------------------------------------------------------

    @classmethod
    def from_text(cls, text: str, *, name: str | None = None) -> HeadRules:
        """Read a table in the text format of the module docstring.

        Errors are :class:`~nltk_tedeval.errors.InputFormatError` naming the line.
        """
        rules: dict[str, list[Instruction]] = {}
        coordination: list[str] = []
        for lineno, raw in enumerate(text.splitlines(), start=1):
            fields = raw.split()
            if not fields or fields[0].startswith("#"):
                continue
            if fields[0].startswith("!"):
                if fields[0] != "!coordination":
                    raise InputFormatError(
                        f"unknown head-rule directive {excerpt(fields[0])}; the only one is "
                        "!coordination",
                        line=lineno,
                        token=fields[0],
                    )
                coordination.extend(fields[1:])
                continue
            if len(fields) < 2:
                raise InputFormatError(
                    f"head-rule line {excerpt(raw.strip())} has no direction; write "
                    "'LABEL DIRECTION [CATEGORY ...]' with DIRECTION one of "
                    f"{', '.join(DIRECTIONS)}",
                    line=lineno,
                    token=fields[0],
                )
            if fields[1] not in DIRECTIONS:
                raise InputFormatError(
                    f"unknown head-rule direction {excerpt(fields[1])} for {fields[0]}; use one of "
                    f"{', '.join(DIRECTIONS)}",
                    line=lineno,
                    token=fields[1],
                )
            rules.setdefault(fields[0], []).append(Instruction(fields[1], tuple(fields[2:])))
        return cls(rules, coordination=coordination, name=name)

    def to_text(self) -> str:
        """The table in the text format (sorted by label; reads back equal)."""
        lines = [ins.to_text(label) for label in sorted(self._rules) for ins in self._rules[label]]
        lines.extend(ins.to_text(DEFAULT_LABEL) for ins in self._default)
        if self.coordination:
            lines.append(" ".join(("!coordination", *sorted(self.coordination))))
        return "\n".join(lines) + "\n"

    def instructions(self, label: str) -> tuple[Instruction, ...]:
        """The instructions tried for a parent ``label`` (function tags stripped)."""
        return self._rules.get(base_category(label), self._default)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HeadRules) and (
            self._rules,
            self._default,
            self.coordination,
        ) == (other._rules, other._default, other.coordination)

    def __hash__(self) -> int:
        return hash(self.to_text())

    def __repr__(self) -> str:
        return f"HeadRules(name={self.name!r}, labels={len(self._rules)})"

    # -- using ----------------------------------------------------------------

    def head_child(self, label: str, children: Sequence[str | None]) -> int:
        """The index of the head child of a ``label`` node with these child labels.

        Child labels are categories of phrases or tags of words (``None`` for
        a word without a tag); function tags are stripped here.
        """
        n = len(children)
        if n == 0:
            raise TreeStructureError("a constituent without children has no head child")
        if n == 1:
            return 0
        cats = [base_category(c) for c in children]
        return self._head_of(base_category(label), cats)

    def _head_of(self, parent: str, cats: Sequence[str]) -> int:
        # ``parent`` and ``cats`` are already stripped of function tags.
        instructions = self._rules.get(parent, self._default)
        head = None
        for ins in instructions:
            head = ins.find(cats)
            if head is not None:
                break
        if head is None:
            head = 0 if instructions[-1].from_left else len(cats) - 1
        # Collins (1999, App. A): in "... Y CC Z" with Z chosen, Y heads instead,
        # provided the CC is not the first child.
        if head >= 2 and cats[head - 1] in self.coordination:
            head -= 2
        return head


COLLINS_1999_TEXT = """\
# Collins (1999), Head-Driven Statistical Models for Natural Language Parsing,
# PhD thesis, University of Pennsylvania, Appendix A.
ADJP    left   NNS QP NN $ ADVP JJ VBN VBG ADJP JJR NP JJS DT FW RBR RBS SBAR RB
ADVP    right  RB RBR RBS FW ADVP TO CD JJR JJ IN NP JJS NN
CONJP   right  CC RB IN
FRAG    right
INTJ    left
LST     right  LS :
NAC     left   NN NNS NNP NNPS NP NAC EX $ CD QP PRP VBG JJ JJS JJR ADJP FW
PP      right  IN TO VBG VBN RP FW
PRN     left
PRT     right  RP
QP      left   $ IN NNS NN JJ RB DT CD NCD QP JJR JJS
RRC     right  VP NP ADVP ADJP PP
S       left   TO IN VP S SBAR ADJP UCP NP
SBAR    left   WHNP WHPP WHADVP WHADJP IN DT S SQ SINV SBAR FRAG
SBARQ   left   SQ S SINV SBARQ FRAG
SINV    left   VBZ VBD VBP VB MD VP S SINV ADJP NP
SQ      left   VBZ VBD VBP VB MD VP SQ
UCP     right
VP      left   TO VBD VBN MD VBZ VB VBG VBP VP ADJP NN NNS NP
WHADJP  left   CC WRB JJ ADJP
WHADVP  right  CC WRB
WHNP    left   WDT WP WP$ WHADJP WHPP WHNP
WHPP    right  IN TO FW
# The special NP rule: positions first ("-any"), tried in order; finally the
# last child. Its first step (a last child tagged POS heads) is the first line.
NP      right-any  NN NNP NNPS NNS NX POS JJR
NP      left       NP
NP      right-any  $ ADJP PRN
NP      right      CD
NP      right-any  JJ JJS RB QP
NP      right
# Categories not listed (NX, X, TOP ...) take the leftmost child (Bikel 2004).
*       left
# X -> ... Y CC Z with Z chosen: Y heads instead.
!coordination CC
"""
"""The default table in the text format, ready to copy and edit."""

COLLINS_1999 = HeadRules.from_text(COLLINS_1999_TEXT, name="collins1999")
"""Collins' (1999) head rules, the default everywhere."""

HeadRulesSpec = HeadRules | str | Mapping[str, Any] | None
"""What ``head_rules=`` accepts: see :func:`get_head_rules`."""


def get_head_rules(spec: HeadRulesSpec = None) -> HeadRules:
    """Resolve a ``head_rules=`` option.

    ``None``, ``"collins"`` or ``"collins1999"`` give :data:`COLLINS_1999`; a
    :class:`HeadRules` is used as it is; other text is a table in the text
    format (a command line reads the file and passes its text); a mapping is
    read as by :class:`HeadRules`.
    """
    if spec is None:
        return COLLINS_1999
    if isinstance(spec, HeadRules):
        return spec
    if isinstance(spec, str):
        if spec.strip().lower() in ("collins", "collins1999"):
            return COLLINS_1999
        if len(spec.split()) < 2:
            raise OptionError(
                f"unknown head rules {spec!r}: give 'collins' or the text of a head-rule table"
            )
        return HeadRules.from_text(spec)
    if isinstance(spec, Mapping):
        return HeadRules(spec)
    raise OptionError(
        f"head_rules must be None, 'collins', a table as text, a mapping or HeadRules, "
        f"not {type(spec).__name__}"
    )


def find_heads(ps: PhraseStructure, rules: HeadRulesSpec = None) -> tuple[int, ...]:
    """The head word position of every node of ``ps`` (indexed like ``ps.nodes``).

    A preterminal's head is its word; a phrase's head is its head child's.
    Words hanging directly under a phrase count as children without a tag.
    """
    table = get_head_rules(rules)
    nodes = ps.nodes
    heads = [0] * len(nodes)
    cat_of: dict[str, str] = {}

    def cat(label: str | None) -> str:
        if label is None:
            return ""
        c = cat_of.get(label)
        if c is None:
            c = cat_of[label] = base_category(label)
        return c

    # Pre-order puts every child after its parent, so reverse pre-order
    # finishes children first: no recursion, one visit per node.
    for i in range(len(nodes) - 1, -1, -1):
        node = nodes[i]
        kids = node.children
        if len(kids) == 1:
            k = kids[0]
            heads[i] = heads[k] if k >= 0 else -1 - k
            continue
        cats = [cat(nodes[k].label) if k >= 0 else "" for k in kids]
        k = kids[table._head_of(cat(node.label), cats)]
        heads[i] = heads[k] if k >= 0 else -1 - k
    return tuple(heads)


def head_dependencies(tree: Any, rules: HeadRulesSpec = None) -> tuple[int, ...]:
    """Convert a phrase-structure tree to unlabeled dependencies with head rules.

    Returns the head of every word, 1-based with 0 for the root, as in
    :class:`~nltk_tedeval.trees.dependency.DependencyTree`: within each constituent
    the head words of the non-head children depend on the constituent's head
    word. ``tree`` is an ``nltk.Tree`` or a
    :class:`~nltk_tedeval.trees.constituency.PhraseStructure`, taken as it is (remove
    empty elements or punctuation first if they should not count).
    """
    ps = tree if isinstance(tree, PhraseStructure) else flatten_tree(tree)
    heads = find_heads(ps, rules)
    deps = [0] * len(ps.words)
    for i, node in enumerate(ps.nodes):
        h = heads[i]
        for k in node.children:
            w = heads[k] if k >= 0 else -1 - k
            if w != h:
                deps[w] = h + 1
    return tuple(deps)
