"""Head rules as disco-dop reads and applies them (``discodop eval --headrules FILE``).

disco-dop's head-rule files (its ``ptb.headrules``, ``negra.headrules``, ...)
have one instruction a line::

    % a comment
    LABEL  DIRECTION  CATEGORY [CATEGORY ...]
    LABEL  LIKE       OTHER

DIRECTION is ``left-to-right`` or ``left`` (scan the children from the left,
category first: the first category of the list that some child has, the
leftmost such child), ``right-to-left`` or ``right`` (the same from the
right), ``leftdis`` or ``rightdis`` (position first: the first child from
that side whose category is any of the list); ``LIKE`` copies the lines of
another label read before. Lines are read upper-cased, and a line of fewer
than three fields is ignored, as disco-dop ignores it (``FRAG right`` in its
``ptb.headrules`` says nothing). A category matches a child whose label,
before any ``[``, is it (upper-cased); the rules of a phrase are found by its
label as the tree has it.

The head child of a phrase (disco-dop's ``heads.headfinder``): its label's
lines are tried in order, the first that finds a child decides. When none
does, the head is the first child that is not punctuation (a label among
:data:`PUNCTUATION_TAGS`), scanning from the side of the last line tried
(from the left if the label has no line), or else that side's first child.
When a line found the head, Penn Treebank coordination moves it: if at least
two children precede it and the one just before is ``CC`` or ``CONJP``, the
head is the nearest child before that one which is not punctuation (a label
among the tags or among :data:`PUNCTUATION_WORDS`).

Before any rule, a child whose function (an export edge, or what a
bracketed label carries after ``-``), split at ``-``, holds ``HD`` is the
head. Heads are found on the trees as read (labels as ``--functions`` leaves
them, before any deletion), as disco-dop applies its rules when it reads a
file; :mod:`nltk_tedeval.metrics.head_dependencies` reads dependencies off
them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..errors import InputFormatError, OptionError

__all__ = [
    "HEAD_RULE_TABLES",
    "PUNCTUATION_TAGS",
    "PUNCTUATION_WORDS",
    "DiscoHeadRules",
    "collins_discodop_text",
    "head_child",
    "head_rules",
]

PUNCTUATION_TAGS = frozenset(
    {".", ",", ":", "'", "''", "`", "``", '"'}
    | {"-LRB-", "-RRB-", "-LSB-", "-RSB-", "-LCB-", "-RCB-"}  # the Penn Treebank's
    | {"$,", "$.", "$[", "$("}  # Negra and Tiger
    | {"let", "LET[]", "SPEC[symb]", "TW[hoofd,vrij]"}  # Alpino and Lassy
    | {"PONCT", "PUNCT", "COMMA", "PAREN"}  # the French Treebank, Grammatical Framework
)
"""The labels disco-dop's head finder takes for punctuation (its ``PUNCTTAGS``)."""

PUNCTUATION_WORDS = frozenset(".,():-\";?/!*&`[]<>{}|=\xc2\xab\xc2\xbb\xb7\xad\\") | {
    "&bullet;", "..", "...", "....", ".....", "......", "!!", "!!!", "??", "???", "''",
    "``", ",,", "--", "---", "----", "-LRB-", "-RRB-", "-LCB-", "-RCB-", "-LSB-", "-RSB-",
    "#LRB#", "#RRB#",
}  # fmt: skip
"""The strings disco-dop also takes for punctuation where coordination moves a head
(its ``PUNCTUATION``, whose characters include the UTF-8 bytes of « and » read as
Latin-1, as its source has them)."""

_LINE = re.compile(
    r"^(\S+)\s+(LEFT-TO-RIGHT|RIGHT-TO-LEFT|LEFT|RIGHT|LEFTDIS|RIGHTDIS|LIKE)(?:\s+(.*))?$"
)
_COORDINATION = frozenset({"CC", "CONJP"})


@dataclass(frozen=True)
class DiscoHeadRules:
    """A head-rule table in disco-dop's format: per label, its ``(direction, categories)``
    lines in order, upper-cased; ``name`` says where it came from (for the signature).

    >>> rules = DiscoHeadRules.from_text("% PP\\nPP right IN TO\\nPP left PP\\nFRAG right\\n")
    >>> rules.rules
    {'PP': (('RIGHT', ('IN', 'TO')), ('LEFT', ('PP',)))}
    """

    rules: Mapping[str, tuple[tuple[str, tuple[str, ...]], ...]]
    name: str = "headrules"

    @classmethod
    def from_text(
        cls, text: str, name: str = "headrules", path: str | None = None
    ) -> DiscoHeadRules:
        """Read a table; a line that is not an instruction is an error naming it."""
        table: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip().upper()
            if not line or line.startswith("%") or len(line.split()) <= 2:
                continue
            m = _LINE.match(line)
            if m is None:
                raise InputFormatError(
                    f"not a head rule: {raw.strip()!r} (LABEL DIRECTION CATEGORY..., DIRECTION "
                    "one of left-to-right, right-to-left, left, right, leftdis, rightdis, like)",
                    file=path,
                    line=number,
                )
            label, direction, heads = m.groups()
            lines = table.setdefault(label, [])
            if direction == "LIKE":
                if heads not in table:
                    raise InputFormatError(
                        f"{label} like {heads}: no rule for {heads} before this line",
                        file=path,
                        line=number,
                    )
                lines.extend(table[heads])
            else:
                lines.append((direction, tuple((heads or "").split())))
        return cls({k: tuple(v) for k, v in table.items()}, name)

    @classmethod
    def from_file(cls, path: str) -> DiscoHeadRules:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as err:
            raise OptionError(f"cannot read the head rules {path!r}: {err.strerror}") from None
        return cls.from_text(text, name=path.rsplit("/", 1)[-1], path=path)


def _category(label: str) -> str:
    return label.split("[")[0].upper()


def head_child(
    rules: DiscoHeadRules,
    label: str,
    children: Sequence[str],
    functions: Sequence[str] | None = None,
) -> int:
    """The index of the head child of a phrase ``label`` whose children have these labels
    and ``functions`` (disco-dop's ``headfinder``; see the module's docstring): a child
    whose function, split at ``-``, holds ``HD`` heads it before any rule.

    >>> rules = DiscoHeadRules.from_text("VP left VB\\nNP rightdis NN NNS\\n")
    >>> head_child(rules, "VP", ["RB", "VB", "NP"]), head_child(rules, "NP", ["NN", "NNS"])
    (1, 1)
    >>> head_child(rules, "S", [",", "NP", "VP"])  # no line: the first that is no punctuation
    1
    >>> head_child(DiscoHeadRules.from_text("NP right NN\\n"), "NP", ["NN", "CC", "NN"])
    0
    """
    n = len(children)
    if n == 0:
        raise OptionError("a phrase without children has no head child")
    if functions is not None:
        for i, f in enumerate(functions):
            if "HD" in f.upper().split("-"):
                return i
    order: Sequence[int] = range(n)
    head = None
    for direction, heads in rules.rules.get(label, ()):
        order = range(n) if direction.startswith("LEFT") else range(n - 1, -1, -1)
        cats = [_category(children[i]) for i in order]
        if direction in ("LEFTDIS", "RIGHTDIS"):
            head = next((i for i, c in zip(order, cats, strict=True) if c in heads), None)
        else:
            head = next(
                (i for h in heads for i, c in zip(order, cats, strict=True) if c == h), None
            )
        if head is not None:
            break
    if head is None:
        return next((i for i in order if children[i] not in PUNCTUATION_TAGS), order[0])
    if head >= 2 and children[head - 1] in _COORDINATION:
        for i in range(head - 2, -1, -1):
            if children[i] not in PUNCTUATION_TAGS and children[i] not in PUNCTUATION_WORDS:
                return i
    return head


_DIRECTIONS = {"left": "left", "right": "right", "left-any": "leftdis", "right-any": "rightdis"}


def collins_discodop_text() -> str:
    """The package's Collins (1999) table (:data:`~nltk_tedeval.trees.headrules.COLLINS_1999_TEXT`)
    written in disco-dop's format: ``left-any``/``right-any`` become ``leftdis``/``rightdis``;
    the ``*`` default and the ``!coordination`` line have no counterpart there (disco-dop's
    finder has its own default and always moves a head after ``CC``), and a line without
    categories is kept, as disco-dop ignores it.

    >>> print(collins_discodop_text().splitlines()[2])
    ADJP left NNS QP NN $ ADVP JJ VBN VBG ADJP JJR NP JJS DT FW RBR RBS SBAR RB
    """
    from .headrules import COLLINS_1999_TEXT

    out = ["% Collins (1999), Appendix A, as nltk_tedeval's trees/headrules.py writes it,",
           "% in disco-dop's head-rule format (nltk_tedeval.trees.discodop_heads)."]  # fmt: skip
    for line in COLLINS_1999_TEXT.splitlines():
        fields = line.split()
        if not fields or fields[0].startswith(("#", "*", "!")):
            continue
        out.append(" ".join([fields[0], _DIRECTIONS[fields[1]], *fields[2:]]))
    return "\n".join(out) + "\n"


HEAD_RULE_TABLES = ("collins",)
"""The tables ``--headrules`` takes by name (else a file in disco-dop's format)."""


def head_rules(spec: str) -> DiscoHeadRules:
    """A table by name (:data:`HEAD_RULE_TABLES`) or from a file in disco-dop's format."""
    if spec == "collins":
        return DiscoHeadRules.from_text(collins_discodop_text(), name="collins")
    return DiscoHeadRules.from_file(spec)
