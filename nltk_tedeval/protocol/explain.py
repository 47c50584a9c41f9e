"""Why a parse gets its TedEval score: the edit script, drawn on the trees.

TedEval's score of one sentence is ``1 − δ/ι`` (Tsarfaty, Nivre and
Andersson 2011, §3 "Step 3"; 2012, §3.3). Behind those two numbers are sets:
the *edit script* from the parse to the reference gold, made of ``delete``
operations (what the parse **must lose**) and ``add`` operations (what it
**must gain**), and among them the operations that the native gold's own
script to the reference performs too. Those are not charged: they only undo
the conventions of the gold's theory, which generalization removed (2011,
§3 "Step 3", δ_new; 2012, §3.3, δ).

:func:`explain` converts the trees exactly as the protocol does
(:mod:`nltk_tedeval.protocol.sentence`), builds the reference (the native gold in the
SINGLE scenario, the generalization of every theory's gold in MULTIPLE) and
returns an :class:`Explanation`: those sets, δ, ι and the score, with the
trees drawn so that every operation is visible. In labeled mode an item is a
function label over a span, ``(label, start, end)``; in unlabeled mode it is
a node, ``(start, end)``, and the node over the whole sentence is never
counted (SPEC.md §5).

Marks in the drawings:

- ``-x``: the parse must lose ``x`` (a charged ``delete``);
- ``+x``: the parse must gain ``x`` (a charged ``add``);
- ``[-x]``, ``[+x]``: the same operations, not charged because the native
  gold's script to the reference does them too.

A node's labels are joined by commas, unmarked ones first (``nsubj,+SBJ``:
the parse must gain ``SBJ`` over a span where it has ``nsubj``). In
unlabeled mode the mark stands before the whole node (``-hd,root``). ``_`` is
a node whose label set is empty (a chain of length 0, 2012 §3.3), and
``<root>`` the virtual root of a tree without a node over the whole sentence.

"arrive on Sunday" (SPEC.md §5): a parse that attaches "Sunday" to "arrive",
scored against the gold of its own theory, where "on" heads "Sunday":

>>> from nltk_tedeval.trees.dependency import DependencyTree
>>> words = ("arrive", "on", "Sunday")
>>> gold1 = DependencyTree(words, (0, 1, 2), ("root", "prep", "pobj"))
>>> gold2 = DependencyTree(words, (0, 3, 1), ("root", "case", "tmod"))
>>> parse = DependencyTree(words, (0, 1, 1), ("root", "prep", "pobj"))
>>> e = explain(parse, gold1)
>>> sorted(e.deletions), sorted(e.additions)
([('prep', 1, 2)], [('hd', 1, 2), ('prep', 1, 3)])
>>> e.delta, e.iota, round(e.score, 4)
(3, 9, 0.6667)
>>> m = explain(parse, gold1, other_golds=[gold2])     # MULTIPLE
>>> print(m.reference)
(0,3):{root} (0,1):{hd} (1,3):{} (1,2):{} (2,3):{}
>>> sorted(m.charged), sorted(m.uncharged)
([('delete', ('prep', 1, 2))], [('delete', ('pobj', 2, 3))])
>>> m.delta, m.iota, round(m.score, 4)
(1, 6, 0.8333)
>>> "-prep" in str(e) and "+hd" in str(e) and "[-pobj]" in str(m)
True

``print(e)`` draws the trees in the terminal; in Jupyter an explanation
displays itself as SVG drawings when the optional ``svgling`` package is
installed (charged deletions red, charged additions green, uncharged
operations grey), and as the text drawing otherwise.
"""

from __future__ import annotations

import html as _html
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..alignment import Normalization, align_units
from ..errors import OptionError, TedEvalError
from ..records import unwrap
from ..scoring.options import check_align
from ..trees.constituency import is_tree, mft_to_tree
from ..trees.convert import Converter
from ..trees.kinds import text_tokens
from ..trees.mft import MultiFunctionTree, Span
from ..trees.operations import generalize
from ..trees.tokens import check_yields
from .aligned import unit_trees
from .drawing import (
    COLOURS,
    DRAWINGS,
    EMPTY,
    MAX_DRAWN_TOKENS,
    VIRTUAL_ROOT,
    bracketed,
    item_key,
    mark_text,
    node_paths,
    op_lines,
    pretty,
)
from .evaluators import converter_of

__all__ = ["DRAWINGS", "SCENARIOS", "Explanation", "Operation", "explain"]

Operation = tuple[str, tuple]
"""An edit operation: ``("delete", item)`` or ``("add", item)``, as in
:func:`nltk_tedeval.protocol.engine_apted.edit_script`."""

SCENARIOS = ("single", "multiple", "given")
"""Where the reference comes from: the native gold, the generalization of
every theory's gold, or the caller."""


@dataclass(frozen=True)
class Explanation:
    """The TedEval edit script of one parse, with δ, ι and the score.

    Build it with :func:`explain`. All fields are read-only; the item sets
    are frozensets of ``(label, start, end)`` (labeled mode) or
    ``(start, end)`` (unlabeled mode):

    - ``parse``, ``gold``, ``reference``: the converted trees;
    - ``labeled``: the mode; ``scenario``: one of :data:`SCENARIOS`;
    - ``deletions`` (the parse must lose them) and ``additions`` (it must
      gain them): the optimal script ES(parse, reference), which is unique
      (2012, §3.3);
    - ``gold_deletions``, ``gold_additions``: the gold's own script
      ES(gold, reference);
    - ``uncharged_deletions``, ``uncharged_additions``: the operations of
      both scripts, which δ does not count;
    - ``delta`` = |ES(parse, ref)| − |ES(parse, ref) ∩ ES(gold, ref)|,
      ``iota`` = |parse| + |reference|, and ``score`` = 1 − δ/ι (NaN when
      ι = 0, nothing to compare).

    ``str()`` and :meth:`text` draw the trees for a terminal; :meth:`html`
    (what Jupyter shows) draws them as SVG with ``svgling`` if it is
    installed. ``dataclasses.replace(e, labeled=False)`` gives the same
    explanation in the other mode.

    >>> from nltk_tedeval.trees.mft import MultiFunctionTree
    >>> gold = MultiFunctionTree({(0, 2): {"root"}, (0, 1): {"nsubj"}, (1, 2): {"hd"}}, 2)
    >>> parse = MultiFunctionTree({(0, 2): {"root"}, (0, 1): {"obj"}, (1, 2): {"hd"}}, 2)
    >>> e = explain(parse, gold)
    >>> sorted(e.deletions), sorted(e.additions), e.delta, e.iota
    ([('obj', 0, 1)], [('nsubj', 0, 1)], 2, 6)
    """

    parse: MultiFunctionTree
    gold: MultiFunctionTree
    reference: MultiFunctionTree
    labeled: bool = True
    scenario: str = "single"
    deletions: frozenset[tuple] = field(init=False)
    additions: frozenset[tuple] = field(init=False)
    gold_deletions: frozenset[tuple] = field(init=False)
    gold_additions: frozenset[tuple] = field(init=False)
    uncharged_deletions: frozenset[tuple] = field(init=False)
    uncharged_additions: frozenset[tuple] = field(init=False)
    delta: int = field(init=False)
    iota: int = field(init=False)

    def __post_init__(self) -> None:
        if self.scenario not in SCENARIOS:
            raise OptionError(f"scenario must be one of {SCENARIOS}, not {self.scenario!r}")
        check_yields(
            [self.reference.words, self.parse.words, self.gold.words],
            ["reference", "parse", "gold"],
        )
        p, g, e = (self._items(t) for t in (self.parse, self.gold, self.reference))
        deletions, additions = p - e, e - p
        gold_deletions, gold_additions = g - e, e - g
        uncharged_deletions = deletions & gold_deletions
        uncharged_additions = additions & gold_additions
        set_ = object.__setattr__
        set_(self, "deletions", deletions)
        set_(self, "additions", additions)
        set_(self, "gold_deletions", gold_deletions)
        set_(self, "gold_additions", gold_additions)
        set_(self, "uncharged_deletions", uncharged_deletions)
        set_(self, "uncharged_additions", uncharged_additions)
        charged = len(deletions) + len(additions)
        set_(self, "delta", charged - len(uncharged_deletions) - len(uncharged_additions))
        set_(self, "iota", len(p) + len(e))

    def _items(self, tree: MultiFunctionTree) -> frozenset[tuple]:
        return tree.labeled_items() if self.labeled else tree.unlabeled_items()

    # -- the numbers and the scripts as operations ------------------------------

    @property
    def score(self) -> float:
        """The sentence score ``1 − δ/ι`` (NaN when ι = 0: nothing to compare, SPEC.md §5)."""
        return 1.0 - self.delta / self.iota if self.iota else float("nan")

    @property
    def mode(self) -> str:
        """``"labeled"`` or ``"unlabeled"``."""
        return "labeled" if self.labeled else "unlabeled"

    @property
    def charged_deletions(self) -> frozenset[tuple]:
        """What the parse must lose and is charged for."""
        return self.deletions - self.uncharged_deletions

    @property
    def charged_additions(self) -> frozenset[tuple]:
        """What the parse must gain and is charged for."""
        return self.additions - self.uncharged_additions

    @property
    def script(self) -> frozenset[Operation]:
        """ES(parse, reference) as operations, as :func:`~nltk_tedeval.edit_script` gives it."""
        return _operations(self.deletions, self.additions)

    @property
    def gold_script(self) -> frozenset[Operation]:
        """ES(gold, reference): what generalization takes from the gold's theory."""
        return _operations(self.gold_deletions, self.gold_additions)

    @property
    def uncharged(self) -> frozenset[Operation]:
        """ES(parse, reference) ∩ ES(gold, reference): the operations δ does not count."""
        return _operations(self.uncharged_deletions, self.uncharged_additions)

    @property
    def charged(self) -> frozenset[Operation]:
        """The operations δ counts: ``len(charged) == delta``."""
        return _operations(self.charged_deletions, self.charged_additions)

    # -- drawings ---------------------------------------------------------------

    def _parse_marks(self) -> dict[tuple, tuple[str, bool]]:
        marks = {i: ("delete", True) for i in self.deletions}
        marks.update((i, ("delete", False)) for i in self.uncharged_deletions)
        return marks

    def _reference_marks(self) -> dict[tuple, tuple[str, bool]]:
        marks = {i: ("add", True) for i in self.additions}
        marks.update((i, ("add", False)) for i in self.uncharged_additions)
        return marks

    def _gold_marks(self) -> dict[tuple, tuple[str, bool]]:
        # The gold's own operations are never charged to anyone: they are
        # drawn as uncharged, whether or not the parse's script shares them.
        marks = {i: ("delete", False) for i in self.gold_deletions}
        marks.update((i, ("add", False)) for i in self.gold_additions)
        return marks

    def panels(self) -> list[tuple[str, MultiFunctionTree, dict[tuple, tuple[str, bool]]]]:
        """The trees to draw, each with a caption and its marks.

        Marks map an item to ``(operation, charged)``. The parse carries
        its deletions, the reference its additions; in MULTIPLE (or with a
        given reference) the native gold follows with its own script, all
        marked as not charged.
        """
        out = [
            (
                'parse: "-x" must be lost, "[-x]" too but is not charged',
                self.parse,
                self._parse_marks(),
            ),
            (
                f"reference, {self._reference_name()}: "
                '"+x" must be gained, "[+x]" too but is not charged',
                self.reference,
                self._reference_marks(),
            ),
        ]
        if self.gold != self.reference:
            caption = 'native gold: "[-x]" generalization takes x away (a convention of its theory)'
            out.append((caption, self.gold, self._gold_marks()))
        return out

    def _reference_name(self) -> str:
        return {
            "single": "the native gold, SINGLE",
            "multiple": "the generalized gold, MULTIPLE",
            "given": "given",
        }[self.scenario]

    def _node_text(self, marks: dict[tuple, tuple[str, bool]]) -> Callable[..., str]:
        labeled = self.labeled

        def text(span: Span, labels: frozenset[str]) -> str:
            if labeled:
                # Unmarked labels first, so that a mark reads as belonging
                # to the one label after it: "nsubj,+SBJ".
                kept, marked = [], []
                for label in sorted(labels):
                    mark = marks.get((label, *span))
                    if mark is None:
                        kept.append(label)
                    else:
                        marked.append(mark_text(*mark, label))
                return ",".join(kept + marked) or EMPTY
            plain = ",".join(sorted(labels)) or EMPTY
            mark = marks.get(span)
            return plain if mark is None else mark_text(*mark, plain)

        return text

    def _node_colour(
        self, marks: dict[tuple, tuple[str, bool]], span: Span, labels: frozenset[str]
    ) -> str | None:
        found = (
            [marks[(label, *span)] for label in labels if (label, *span) in marks]
            if self.labeled
            else ([marks[span]] if span in marks else [])
        )
        if not found:
            return None
        charged = [op for op, is_charged in found if is_charged]
        return COLOURS[charged[0]] if charged else COLOURS["free"]

    def _draw_text(
        self, tree: MultiFunctionTree, marks: dict[tuple, tuple[str, bool]], drawing: str, **kw
    ) -> str:
        node_text = self._node_text(marks)
        if drawing == "tree" or (drawing == "auto" and tree.n <= MAX_DRAWN_TOKENS):
            try:
                nltk_tree = mft_to_tree(tree, node_text, top_label=VIRTUAL_ROOT)
                # A tree with gaps has positions as leaves; nltk draws it
                # with crossing branches over the words in order.
                words = None if tree.contiguous else list(tree.words)
                return pretty(nltk_tree, sentence=words, **kw)
            except RecursionError:
                pass  # nltk's drawing recurses: a very deep tree prints as brackets
        return bracketed(tree, node_text)

    def summary(self) -> str:
        """The operations, δ, ι and the score, as lines of text (no drawings)."""
        return f"{self._heading()}\n{self._details()}"

    def _details(self) -> str:
        words = self.reference.words
        lines = [
            *op_lines("must lose", self.deletions, self.uncharged_deletions, "-", words),
            *op_lines("must gain", self.additions, self.uncharged_additions, "+", words),
        ]
        free = sorted(self.uncharged, key=_op_key)
        if free:
            lines.append(
                f"not charged ({len(free)}): the native gold's own script does "
                f"{'it' if len(free) == 1 else 'them'} too"
            )
        else:
            lines.append("not charged: nothing")
        script = len(self.deletions) + len(self.additions)
        lines.append(
            f"δ = |ES(parse, ref)| − |ES(parse, ref) ∩ ES(gold, ref)| = {script} − "
            f"{script - self.delta} = {self.delta}"
        )
        lines.append(
            f"ι = |parse| + |ref| = {len(self._items(self.parse))} + "
            f"{len(self._items(self.reference))} = {self.iota}"
        )
        lines.append(f"score = 1 − δ/ι = {self._score_text()}")
        return "\n".join(lines)

    def _score_text(self) -> str:
        if not self.iota:
            return "n/a (ι = 0: nothing to compare)"
        return f"1 − {self.delta}/{self.iota} = {self.score:.4f}"

    def _heading(self) -> str:
        what = (
            "items are (label, span); an empty label set is no item"
            if self.labeled
            else "items are nodes, except the one over the whole sentence"
        )
        return f"TedEval, {self.mode} ({what}), {self.scenario.upper()}"

    def text(self, *, drawing: str = "auto", unicodelines: bool = False) -> str:
        """The drawings, the operations, δ, ι and the score, for a terminal.

        ``drawing`` is one of :data:`DRAWINGS`; ``unicodelines=True`` draws
        the branches with box-drawing characters.
        """
        if drawing not in DRAWINGS:
            raise OptionError(f"drawing must be one of {DRAWINGS}, not {drawing!r}")
        blocks = [self._heading(), ""]
        for caption, tree, marks in self.panels():
            blocks.append(caption)
            blocks.append(self._draw_text(tree, marks, drawing, unicodelines=unicodelines))
            blocks.append("")
        blocks.append(self._details())
        return "\n".join(blocks)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return (
            f"<Explanation {self.mode} {self.scenario}: δ={self.delta} ι={self.iota} "
            f"score={self.score:.4f}, lose {len(self.deletions)}, gain {len(self.additions)}, "
            f"{len(self.uncharged)} not charged>"
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """IPython's terminal display: the text drawing."""
        printer.text(repr(self) if cycle else self.text())

    def svg(self) -> list[str] | None:
        """One SVG drawing per panel (see :meth:`panels`), or ``None`` without ``svgling``.

        Also ``None`` when a tree has a node whose yield has gaps: svgling
        draws no crossing branches, so such explanations show as text.
        """
        try:
            import svgling
        except ImportError:
            return None
        if not all(tree.contiguous for _, tree, _ in self.panels()):
            return None
        out = []
        for _, tree, marks in self.panels():
            layout = svgling.draw_tree(
                mft_to_tree(tree, self._node_text(marks), top_label=VIRTUAL_ROOT)
            )
            for span, path in node_paths(tree).items():
                colour = self._node_colour(marks, span, tree.labels(span))
                if colour is not None:
                    layout.set_node_style(path, text_color=colour)
            out.append(layout._repr_svg_())
        return out

    def html(self) -> str:
        """HTML for Jupyter: SVG drawings with ``svgling``, else the text in ``<pre>``."""
        esc = _html.escape
        drawings = None
        if self.reference.n <= MAX_DRAWN_TOKENS:
            try:
                drawings = self.svg()
            except RecursionError:  # svgling recurses too
                drawings = None
        if drawings is None:
            return f"<pre>{esc(self.text())}</pre>"
        parts = [f"<div><p><b>{esc(self._heading())}</b></p>"]
        for (caption, _, _), svg in zip(self.panels(), drawings, strict=True):
            parts.append(f"<p>{esc(caption)}</p>{svg}")
        parts.append(f"<pre>{esc(self._details())}</pre></div>")
        return "".join(parts)

    def _repr_html_(self) -> str:
        return self.html()


def _operations(deletions: Iterable[tuple], additions: Iterable[tuple]) -> frozenset[Operation]:
    return frozenset([*(("delete", i) for i in deletions), *(("add", i) for i in additions)])


def _op_key(op: Operation) -> tuple:
    kind, item = op
    return (kind, item_key(item))


def explain(
    parse: Any,
    gold: Any,
    reference: Any | None = None,
    *,
    other_golds: Sequence[Any] = (),
    other_converters: Sequence[Converter] | None = None,
    labeled: bool = True,
    converter: Converter | None = None,
    align: bool | str = False,
    normalization: Normalization | None = None,
    **conversion_options: Any,
) -> Explanation:
    """Explain the TedEval score of ``parse`` against its native ``gold``.

    ``parse`` and ``gold`` are ``nltk.Tree``, ``nltk.parse.DependencyGraph``,
    :class:`~nltk_tedeval.trees.dependency.DependencyTree` or
    :class:`~nltk_tedeval.trees.mft.MultiFunctionTree` objects (or records of
    :mod:`nltk_tedeval.reading`), both converted with the gold theory's
    ``converter`` or conversion options (``labeler``, ``head_label``,
    ``strip_subtypes``, ``projectivize``, ``label_map``), as
    :class:`~nltk_tedeval.TedEvalEvaluator` converts them.

    The reference is, as in the protocol:

    - the gold itself (SINGLE) by default;
    - the generalization of the gold and ``other_golds``, the golds of the
      same sentence in other theories (MULTIPLE), each converted with its
      entry of ``other_converters`` (default: the gold's converter);
    - or ``reference``, any tree the caller built (for instance a
      generalization after TL-unification), converted like the gold.

    ``labeled`` chooses the items: function labels over spans, or nodes.
    The numbers are those of :func:`nltk_tedeval.protocol.sentence_stats`.

    With ``align=True`` (or ``"lcs"``; ``normalization`` as for the
    evaluators) the parse may be tokenized differently from the gold (SPEC.md
    §11): the trees are placed over the *atoms* of their text, the pieces
    between the token boundaries of either side, which are the words that the
    explanation draws. ``parse``, ``gold`` and each other gold may then also
    be a list of sentences, as long as together they make one unit. A token
    the parser merged shows as the gold's items over its atoms that the parse
    lacks:

    >>> from nltk_tedeval.trees import DependencyTree
    >>> gold = DependencyTree(("New", "York", "left"), (2, 3, 0), ("compound", "nsubj", "root"))
    >>> parse = DependencyTree(("NewYork", "left"), (2, 0), ("nsubj", "root"))
    >>> e = explain(parse, gold, align=True)
    >>> e.gold.words, sorted(e.additions), e.delta, e.iota
    (('New', 'York', 'left'), [('compound', 0, 1), ('hd', 1, 2)], 2, 8)

    >>> from nltk.parse import DependencyGraph
    >>> gold = DependencyGraph("arrive VB 0 ROOT\\non IN 1 prep\\nSunday NNP 2 pobj")
    >>> parse = DependencyGraph("arrive VB 0 ROOT\\non IN 1 prep\\nSunday NNP 1 pobj")
    >>> e = explain(parse, gold)
    >>> e.delta, e.iota, round(e.score, 4)
    (3, 9, 0.6667)
    """
    conv = converter_of(converter, conversion_options)
    if reference is not None and other_golds:
        raise OptionError("give either a reference or other golds to generalize, not both")
    others = list(other_golds)
    if other_converters is None:
        other_converters = [conv] * len(others)
    if len(other_converters) != len(others):
        raise OptionError("give one converter per other gold")
    named = [("gold", gold, conv), ("parse", parse, conv)]
    named += [
        (f"other gold {i + 1}", g, c)
        for i, (g, c) in enumerate(zip(others, other_converters, strict=True))
    ]
    mode = check_align(align)
    if mode is not None:
        if reference is not None:
            raise OptionError(
                "a given reference has no text of its own to align: give other_golds instead"
            )
        trees = _aligned_trees(named, mode, normalization)
    else:
        if reference is not None:
            named.append(("reference", reference, conv))
        trees = [_convert(name, obj, c) for name, obj, c in named]
        check_yields([t.words for t in trees], [name for name, _, _ in named])
    gold_t, parse_t = trees[0], trees[1]
    if reference is not None:
        ref_t, scenario = trees[-1], "given"
    elif others:
        ref_t, scenario = generalize(gold_t, *trees[2:]), "multiple"
    else:
        ref_t, scenario = gold_t, "single"
    return Explanation(parse_t, gold_t, ref_t, labeled=labeled, scenario=scenario)


def _aligned_trees(
    named: Sequence[tuple[str, Any, Converter]], mode: str, normalization: Normalization | None
) -> list[MultiFunctionTree]:
    """Every side over the atoms of the one unit its sentences make (SPEC.md §11)."""

    def sentences(obj: Any) -> list[Any]:
        # A list of sentences; an nltk.Tree is a list too, but one sentence.
        return obj if isinstance(obj, list) and not is_tree(obj) else [obj]

    def words(item: Any) -> tuple[str, ...]:
        tree, where, error = unwrap(item)
        if error is not None:
            raise error
        found = text_tokens(tree) if tree is not None else None
        if found is None:
            raise TedEvalError("a missing tree has no text to align", **where)
        return tuple(found)

    units = list(
        align_units(
            *(sentences(obj) for _, obj, _ in named),
            words=words,
            normalization=normalization,
            roles=[name for name, _, _ in named],
            mode=mode,
        )
    )
    if len(units) != 1:
        raise OptionError(
            f"the sentences make {len(units)} units of text, each scored on its own; "
            "explain one unit at a time"
        )
    whole = units[0]
    # Each view ends with its own side, as the sentence loop's do.
    views = [whole.side(0), whole.pair(1), *(whole.side(k) for k in range(2, len(named)))]
    trees, _ = unit_trees(views, [c for _, _, c in named], lambda mft: None)
    return trees


def _convert(name: str, obj: Any, converter: Converter) -> MultiFunctionTree:
    tree, where, error = unwrap(obj)
    if error is not None:
        raise error
    if tree is None:
        raise TedEvalError(f"no tree for the {name}", **where)
    try:
        return converter(tree)
    except TedEvalError as err:
        err.side = err.side or name
        raise err.locate(**where) from None
