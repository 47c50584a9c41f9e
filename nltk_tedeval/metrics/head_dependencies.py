"""Dependencies read off constituency trees through head rules, as disco-dop's ``eval
--headrules FILE`` scores them ("unlabeled dependencies").

Each phrase's head child is found on the tree as read (labels without their
function tags, before anything is deleted) by disco-dop's head finder over a
table in its format (:mod:`nltk_tedeval.trees.discodop_heads`), children in
the file's order (an export tree's by their words, as disco-dop's readers
leave them). The trees
then go through disco-dop's transform (:mod:`.disco_parseval`: deleted words
gone, ``EQ_LABEL``, a phrase whose label is deleted giving its children to
its parent, a phrase left without words gone); a child keeps its mark as
its old parent's head wherever it lands. A phrase's lexical head is its
first marked child's (a word is its own); every other child's lexical head
depends on it, and the lexical head of each child of the root depends on
the root (Lin 1995). Every word left is the dependent of one dependency, so
a sentence counts its words and those whose head is the same in both
trees:

    DEP = Σ right / Σ words      (DEP_CUT: over the sentences within the cut-off)

disco-dop compares ``(dependent, function, head)`` triples, the function
being that of the child whose lexical head the dependent is (an export
file's edge label, or what a bracketed label carries after its first ``-``,
trailing digits and ``=`` cut; ``-`` for none, ``root`` under the root), so
a word counts only with its head and that function right, as here; and a
child whose function is ``HD`` heads its phrase before any rule. A phrase whose
head word or head phrase the transform deleted (a head rule that picks a
deleted tag) has no head: disco-dop stops with ``StopIteration``; here it is
an error naming the phrase. A sentence without a word is N/A and adds
nothing; a missing parse under ``missing="zero"`` has its words, none right.
Without a table (``DiscoParams.head_rules`` ``None``) the package's Collins
table is read (``"collins"``), and the run's signature names it.

>>> from nltk_tedeval.metrics.disco_parseval import DiscoParams, DiscoParsevalEvaluator
>>> from nltk_tedeval.trees.discodop_heads import DiscoHeadRules
>>> from nltk_tedeval.trees.discontinuous import DiscTree
>>> rules = DiscoHeadRules.from_text("S right VP\\nVP left VB\\nNP right NN\\n")
>>> gold = DiscTree.from_discbracket("(ROOT (S (NP (DT 0=a) (NN 1=b)) (VP (VB 2=c))))")
>>> parse = DiscTree.from_discbracket("(ROOT (S (DT 0=a) (NP (NN 1=b) (VB 2=c))))")
>>> ev = DiscoParsevalEvaluator([parse], [gold], params=DiscoParams(head_rules=rules),
...                             extra_measures="DEP")
>>> ev.score("DEP").totals
{'dep_right': 1, 'dep_words': 3}
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..errors import TreeStructureError
from ..scoring.extensions import MeasureExtension
from ..scoring.stats import Measure, accuracy
from ..trees.discodop_heads import DiscoHeadRules, head_child, head_rules

if TYPE_CHECKING:
    from .disco_parseval import DiscoView

__all__ = ["HEAD_DEPENDENCIES", "dependencies", "functions"]

COLUMNS = ("dep_right", "dep_words", "dep_right_cut", "dep_words_cut")
"""Per-sentence columns: the words whose head is right and the words, and both again for
a sentence no longer than the cut-off (0 for a longer one)."""


def _ordered(labels: list[str], kids: list[list[int]]) -> list[list[int]]:
    """Every node's children as disco-dop's export reader orders them: by the list of
    their words, each child's own children ordered first (reverse pre-order). Its
    bracket and discbracket readers keep the file's order."""
    order: list[int] = []
    stack = [0]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(k for k in kids[node] if k >= 0)
    words: dict[int, list[int]] = {}
    out: list[list[int]] = [[] for _ in labels]
    for node in reversed(order):  # children first

        def leaves(k: int) -> list[int]:
            return [-1 - k] if k < 0 else words[k]

        out[node] = sorted(kids[node], key=leaves)
        words[node] = [w for k in out[node] for w in leaves(k)]
    return out


def functions(tree: Any) -> list[str]:
    """Every node's function as disco-dop's readers keep it (``--`` for none): an export
    tree's edge label, else what its bracketed label carries after its first ``-``
    (not at the start, not digits alone), trailing digits and ``=`` cut.

    >>> from types import SimpleNamespace as T
    >>> functions(T(raw=["ROOT", "NP-SBJ=2", "NP-1", "-NONE-", "S-NOM-SBJ"], edges=None))
    ['--', 'SBJ', '--', '--', 'NOM-SBJ']
    """
    if tree.edges is not None:
        return [e or "--" for e in tree.edges]
    out = []
    for label in tree.raw:
        x = label.find("-")
        rest = label[x + 1 :] if x > 0 else ""
        out.append(rest.rstrip("=0123456789") if rest and not rest.isdigit() else "--")
    return out


def dependencies(
    tree: Any,
    rules: DiscoHeadRules,
    deleted: frozenset[int],
    renumber: Mapping[int, int],
    eq_labels: Mapping[str, str],
    delete_labels: frozenset[str],
) -> list[tuple[int, str]]:
    """Each word's ``(head, function)`` (heads 1-based positions after the deletions, 0 the
    root; the function ``-`` for none, ``root`` under the root), by the word's new
    position: ``tree`` as read (``words``, ``labels``, ``kids``, ``raw``, ``edges``), the
    head rules applied to it, the transform's deletions after (see the module's
    docstring)."""
    labels, kids = tree.labels, tree.kids
    funcs = functions(tree)
    phrasal = [bool(k) and k[0] >= 0 for k in kids]
    # disco-dop sorts an export tree's children, not a bracketed tree's: a phrase with
    # gaps written (PP (X 3) (Y 1)) finds its head from the right among Y, X only in export.
    ordered = _ordered(labels, kids) if tree.edges is not None else kids
    # The head child of every phrase, marked on the child (a node, or a word by -1 - i).
    marked: set[int] = set()
    for node, children in enumerate(ordered):
        if not phrasal[node]:
            continue
        child_labels = [labels[k] if k >= 0 else "" for k in children]
        child_funcs = [funcs[k] if k >= 0 else "--" for k in children]
        marked.add(children[head_child(rules, labels[node], child_labels, child_funcs)])
    heads: list[tuple[int, str]] = [(0, "root")] * len(renumber)
    # Reverse pre-order over the phrases: each one's transformed children, as
    # (lexical head, marked), known before its parent's.
    order: list[int] = []
    stack = [0]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(k for k in ordered[node] if k >= 0 and phrasal[k])
    items: dict[int, list[tuple[int, bool, str]]] = {}
    for node in reversed(order):
        # (lexical head, marked as its old parent's head, function) of each child left
        out: list[tuple[int, bool, str]] = []
        for k in ordered[node]:
            if k < 0 or not phrasal[k]:  # a word, alone or under its part of speech
                func = "--" if k < 0 else funcs[k]
                for w in [k] if k < 0 else [kk for kk in kids[k] if kk < 0]:
                    if -1 - w not in deleted:
                        out.append((renumber[-1 - w] + 1, k in marked, func))
                continue
            sub = items.pop(k)
            if not sub:
                continue  # a phrase left without words is gone
            if eq_labels.get(labels[k], labels[k]) in delete_labels:
                out.extend(sub)  # its children, each with its own mark, go to the parent
                continue
            out.append((_attach(sub, labels[k], heads), k in marked, funcs[k]))
        items[node] = out
    for word, _, _ in items[0]:
        heads[word - 1] = (0, "root")  # the root's children depend on the root
    return heads


def _attach(
    children: list[tuple[int, bool, str]], label: str, heads: list[tuple[int, str]]
) -> int:
    """A kept phrase's lexical head; every other child's depends on it, with the child's
    function."""
    head = next((word for word, mark, _ in children if mark), None)
    if head is None:
        raise TreeStructureError(
            f"head rules: the head child of a phrase {label} is deleted by the parameter "
            "file (DELETE_LABEL or DELETE_WORD), so the phrase has no head; disco-dop stops "
            "with StopIteration here. Give a head rule that picks another child"
        )
    for word, _, func in children:
        if word != head:
            heads[word - 1] = (head, "-" if func == "--" or not func else func)
    return head


@lru_cache(maxsize=1)
def _collins() -> DiscoHeadRules:
    return head_rules("collins")


def _rules(view: DiscoView) -> DiscoHeadRules:
    # disco-dop needs a table; here a run that asks for DEP without one (extra_measures
    # "all") reads the package's Collins table, and its signature says so.
    return view.params.head_rules or _collins()


def sentence_counts(view: DiscoView) -> tuple[int, int]:
    """``(right, words)`` of a sentence: the words whose head and function are the same in
    both trees."""
    gold, parse = view.gold_table, view.parse_table
    deleted, renumber = frozenset(view.deleted), view.renumber
    p = view.params
    rules = _rules(view)
    g = _side(gold, rules, deleted, renumber, p, "gold")
    t = _side(parse, rules, deleted, renumber, p, "parse")
    return sum(a == b for a, b in zip(g, t, strict=True)), len(g)


def _side(
    tree: Any, rules: DiscoHeadRules, deleted: frozenset[int], renumber: Mapping[int, int],
    p: Any, side: str,
) -> list[tuple[int, str]]:  # fmt: skip
    try:
        return dependencies(tree, rules, deleted, renumber, p.eq_labels, p.delete_labels)
    except TreeStructureError as err:
        raise err.on_side(side) from None


def _count(view: DiscoView) -> tuple[int, ...]:
    row = sentence_counts(view)
    return (*row, *(row if view.cut else (0, 0)))


def _zero(view: DiscoView) -> tuple[int, ...]:
    # A missing parse: every word of the gold counts, none is right.
    _rules(view)
    words = len(view.renumber)
    return (0, words, 0, words if view.cut else 0)


HEAD_DEPENDENCIES = MeasureExtension(
    "head_dependencies",
    reads=(),
    columns=COLUMNS,
    derive=None,
    measures=(
        Measure("DEP", ("dep_right", "dep_words"), accuracy, "no word to compare"),
        Measure("DEP_CUT", ("dep_right_cut", "dep_words_cut"), accuracy, "no word to compare"),
    ),
    tested=("DEP",),
    count=_count,
    zero=_zero,
    help="dependencies read off the trees through head rules, as disco-dop's eval "
    "--headrules: the share of words whose head is the gold's (its 'unlabeled dependencies')",
)
"""Head-rule dependencies on disco-dop's ParsEval: ``extra_measures="DEP"`` with
``DiscoParams(head_rules=...)``, ``tedeval parseval --headrules FILE``."""
