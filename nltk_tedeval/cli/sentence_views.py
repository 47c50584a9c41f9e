"""Every scored sentence as the HTML report draws it (``-f html``; /docs/report.md).

A command that writes HTML keeps its input sentences (a list per file) and,
after the run, gives the renderer (:mod:`nltk_tedeval.cli.html`) one compact
dict per scored sentence: where it was read, its gold words, every system's
statistics and scores, and the panels to draw, each evaluator's own
(:meth:`panels_of`): TedEval's explanation (the parse with the items the edit
script deletes, the reference with those it adds, the native gold with its
own uncharged script), attachment's arcs (wrong heads and relations marked),
ParsEval's and MPH's bracketed trees.

Under ``--align`` a row is a unit of sentences: the run's records are aligned
again (:func:`~nltk_tedeval.alignment.streams.record_units`, as the run aligned
them) to give the unit's gold words, its gold and parse sentences, the tokens
of each side that the other does not spell (``align.unmatched``) and its
panels: TedEval's explanation of the unit, other metrics' trees of the unit's
sentences side by side, without marks.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from nltk import Tree

from ..alignment.streams import record_units
from ..alignment.unit import AlignedSentence, Unit, unmatched_tokens
from ..errors import TedEvalError
from ..records import unwrap
from ..scoring.evaluator import Evaluator
from ..trees.constituency import PhraseStructure, flatten_tree, span_labels
from ..trees.dependency import DependencyTree, from_dependency_graph
from ..trees.discontinuous import DiscTree, is_disc_tree
from ..trees.kinds import tree_words
from ..trees.labelers import Reading, get_reading
from ..trees.mft import MultiFunctionTree, span_words

__all__ = [
    "PANELS",
    "UNIT_PANELS",
    "cross_views",
    "dependency_panels",
    "disc_nodes",
    "explanation_panels",
    "item_mark",
    "mft_nodes",
    "node_categories",
    "panels_of",
    "phrase_panels",
    "sentence_views",
    "shown_label",
    "unit_panels",
]


def _number(value: float) -> float | None:
    return None if value is None or math.isnan(value) else round(float(value), 4)


def sentence_views(
    pairs: Sequence[tuple[str, Evaluator]],
    gold: Sequence[Any],
    systems: Sequence[Sequence[Any]],
    measures: Sequence[str],
) -> Iterator[dict[str, Any]]:
    """The renderer's sentence dicts of a finished run, in the run's order.

    ``gold`` and ``systems`` are the records the run read (lists, by input
    sentence number from 1); ``measures`` the scores each system shows.
    """
    first = pairs[0][1]
    run = first.run
    tables = [(name, ev.stats, {m: ev.sentence_scores(m) for m in measures}) for name, ev in pairs]
    aligned = first.align is not None
    units = _units(first, gold, systems) if aligned else None
    for k, (number, sid) in enumerate(zip(run.numbers, run.sentence_ids, strict=True)):
        view: dict[str, Any] = {"n": number, "id": sid}
        out_systems = {}
        for name, table, scores in tables:
            row = table.array[k].tolist()
            out_systems[name] = {
                "scores": {m: _number(s[k]) for m, s in scores.items()},
                "stats": dict(zip(table.columns, row, strict=True)),
            }
        view["systems"] = out_systems
        if units is not None:
            unit = _unit_numbered(units, number)
            if unit is not None:
                view.update(_unit_view(pairs, unit))
                yield view
                continue
        if aligned or number > len(gold):
            view["words"] = []
            yield view
            continue
        record = gold[number - 1]
        tree, where, _ = unwrap(record)
        view["file"] = where.get("file")
        view["line"] = where.get("line")
        try:
            view["words"] = list(tree_words(tree) or ())
        except TedEvalError:
            view["words"] = []
        panels: list[dict[str, Any]] = []
        ops: list[list[Any]] = []
        op_systems: list[list[Any]] = []  # [system, how many of the ops are its]
        modes: list[list[Any]] = []  # TedEval's both scripts: tedeval_modes()
        answers: list[list[Any]] = []
        for (name, ev), parses in zip(pairs, systems, strict=True):
            given = parses[number - 1] if number <= len(parses) else None
            answer = answer_view(name, given)
            if answer is not None:
                answers.append(answer)
            parse = unwrap(given)[0] if given is not None else None
            try:
                drawn = panels_of(ev, name, parse, tree, first_system=not panels, number=number)
            except TedEvalError:
                drawn = None  # a sentence the metric skipped or could not draw: no panel
            if drawn is not None:
                panels += drawn[0]
                ops += drawn[1]
                if drawn[1]:
                    op_systems.append([name, len(drawn[1])])
                if len(drawn) > 2:
                    modes.append(drawn[2])
        if answers:
            view["answers"] = answers
            if not any(p["name"] == "gold" for p in panels):
                # No parse to draw beside it: the gold alone, to read the answer against.
                panels = gold_panels(pairs[0][1], tree, number) + panels
        if panels:
            view["trees"] = panels
        if ops:
            view["ops"] = ops
            view["op_systems"] = op_systems
        if modes:
            view["modes"] = modes
        yield view


ANSWER_TEXT = 4000
"""The characters of an answer's text the HTML report keeps (the rest is cut, and said)."""


def answer_view(name: str, record: Any) -> list[Any] | None:
    """A language model's answer that gave no tree to score as given (SPEC.md §14):
    ``[system, status, reason, changes, text]``, for the report to show when the sentence
    is opened; ``None`` for anything else (a reader's record, an answer that is a tree)."""
    from ..reading.answers import Answer  # a module without imports of its own

    if not isinstance(record, Answer) or record.status == "tree":
        return None
    text = record.text
    if len(text) > ANSWER_TEXT:
        text = text[:ANSWER_TEXT] + f"\u2026 ({len(record.text) - ANSWER_TEXT} more characters)"
    return [name, record.status, record.reason or "", list(record.changes), text]


def gold_panels(ev: Evaluator, gold: Any, number: int) -> list[dict[str, Any]]:
    """The gold's panel alone, drawn as the metric draws it (the gold as its own parse)."""
    try:
        drawn = panels_of(ev, "gold", gold, gold, first_system=True, number=number)
    except TedEvalError:
        return []
    if drawn is None:
        return []
    panels = drawn[0]
    own = [p for p in panels if p["name"] == "gold"]
    if own:
        return own[:1]
    # TedEval under SINGLE draws the gold as the reference: that panel, named the gold.
    reference = [p for p in panels if p["name"].startswith("reference")]
    return [{**reference[0], "name": "gold", "marks": []}] if reference else []


def _units(ev: Evaluator, gold: Sequence[Any], systems: Sequence[Sequence[Any]]) -> Iterator[Unit]:
    return record_units(
        [gold, *systems],
        words=ev.text_tokens,
        normalization=ev.normalization,
        mode=ev.align or "exact",
    )


def _unit_numbered(units: Iterator[Unit], number: int) -> Unit | None:
    """The unit ``number`` of ``units`` (in increasing order; a skipped unit has no row)."""
    for unit in units:
        if unit.number == number:
            return unit
        if unit.number > number:  # pragma: no cover - the run numbers every unit it scored
            return None
    return None


def _ref(sentence: AlignedSentence) -> str:
    where = sentence.source
    out = str(where["sentence"])
    if where.get("sentence_id"):
        out += f" ({where['sentence_id']})"
    if where.get("file"):
        out += f" {where['file']}:{where.get('line')}"
    return out


def _unit_view(pairs: Sequence[tuple[str, Evaluator]], unit: Unit) -> dict[str, Any]:
    """What a unit's row shows beyond its numbers: where its gold starts, its gold words,
    its sentences, its panels and each panel's unmatched tokens."""
    gold_side = unit.sides[0]
    words = [w for s in gold_side for w in s.tokens]
    start = gold_side[0].source if gold_side else {}
    view: dict[str, Any] = {"file": start.get("file"), "line": start.get("line"), "words": words}
    tokens: dict[str, list[str]] = {}  # the words of each side's unmatched offsets
    unmatched: dict[str, list[list[int]]] = {}
    panels: list[dict[str, Any]] = []
    ops: list[list[Any]] = []
    op_systems: list[list[Any]] = []
    modes: list[list[Any]] = []
    for k, (name, ev) in enumerate(pairs, 1):
        side = unit.sides[k] if k < len(unit.sides) else ()
        if k == 1:
            unmatched["gold"] = [list(r) for r in unmatched_tokens(gold_side, side, unit.length)]
            tokens["gold"] = words
            unmatched["parse"] = [list(r) for r in unmatched_tokens(side, gold_side, unit.length)]
            tokens["parse"] = [w for s in side for w in s.tokens]
        unmatched[name] = [list(r) for r in unmatched_tokens(side, gold_side, unit.length)]
        tokens[name] = [w for s in side for w in s.tokens]
        if any(s.missing for s in side):
            continue  # a missing parse: its words and numbers only
        try:
            drawn = unit_panels(ev, name, side, gold_side, first_system=not panels)
        except TedEvalError:
            drawn = None
        if drawn is not None:
            panels += drawn[0]
            ops += drawn[1]
            if drawn[1]:
                op_systems.append([name, len(drawn[1])])
            if len(drawn) > 2:
                modes.append(drawn[2])
    first_parse = next((p for p in panels if p["name"] not in ("gold", "reference")), None)
    sides = dict(unmatched)  # by side: offsets into that side's tokens
    for panel in panels:
        # A panel's words may be its side's tokens, or the unit's atoms (an explanation's,
        # shared by every panel): unmatched are the words of tokens the other side lacks.
        own = panel["name"] if panel["name"] in tokens else "gold"
        spans: set[int] = set()
        for side_name in {"gold", own}:
            for s, e in _respan(sides[side_name], tokens[side_name], panel["words"]):
                spans.update(range(s, e))
        unmatched[panel["name"]] = [list(r) for r in _runs(frozenset(spans))]
        if panel is first_parse:
            unmatched["parse"] = unmatched[panel["name"]]
    parses = unit.sides[1] if len(unit.sides) > 1 else ()
    view["align"] = {
        "gold": [_ref(s) for s in gold_side],
        "parse": [_ref(s) for s in parses],
        "unmatched": unmatched,
    }
    if panels:
        view["trees"] = panels
    if ops:
        view["ops"] = ops
        view["op_systems"] = op_systems
    if modes:
        view["modes"] = modes
    return view


def _respan(spans: list[list[int]], tokens: Sequence[str], words: Sequence[str]) -> list[list[int]]:
    """Token spans ``[s, e)`` over ``tokens`` as spans over ``words`` that spell the same
    characters cut elsewhere (an explanation's atoms); ``[]`` if they spell others."""
    if list(tokens) == list(words):
        return spans
    if "".join(tokens) != "".join(words):
        return []
    bad: list[tuple[int, int]] = []  # character ranges of the unmatched tokens
    ends = [0]
    for t in tokens:
        ends.append(ends[-1] + len(t))
    for s, e in spans:
        bad.append((ends[s], ends[e]))
    out: list[list[int]] = []
    at = 0
    for i, w in enumerate(words):
        a, b = at, at + len(w)
        at = b
        if any(a < y and x < b for x, y in bad):
            if out and out[-1][1] == i:
                out[-1][1] = i + 1
            else:
                out.append([i, i + 1])
    return out


def unit_panels(
    ev: Evaluator,
    name: str,
    parse: Sequence[AlignedSentence],
    gold: Sequence[AlignedSentence],
    *,
    first_system: bool,
) -> tuple[list[dict[str, Any]], list[list[Any]]] | None:
    """The panels of one system's parse of an aligned unit (the gold's before the first
    system's): TedEval's explanation of the unit, other metrics' sentences drawn one after
    another; ``None``: nothing to draw."""
    parses = [unwrap(s.item)[0] for s in parse]
    golds = [unwrap(s.item)[0] for s in gold]
    if not parses or not golds or any(t is None for t in (*parses, *golds)):
        return None
    if ev.metric == "tedeval":
        from ..protocol.explain import explain

        e = explain(
            parses if len(parses) > 1 else parses[0],
            golds if len(golds) > 1 else golds[0],
            converter=ev.converter,
            align=ev.align or True,
            normalization=ev.normalization,
        )
        return explanation_panels(e, name, first_system=first_system)
    draw = UNIT_PANELS.get(ev.metric)
    if draw is None:
        return None
    panels = []
    if first_system:
        panels.append({"name": "gold", **draw(golds)})
    panels.append({"name": name, **draw(parses)})
    return panels, []


def _unit_arcs(trees: Sequence[Any]) -> dict[str, Any]:
    """Dependency trees one after another: one panel's words and arcs (heads shifted)."""
    words: list[str] = []
    arcs: list[list[Any]] = []
    for tree in trees:
        dep = _dependency(tree)
        offset = len(words)
        for h, d, r in _arcs(dep):
            arcs.append([h + offset if h else 0, d + offset, r])
        words += dep.words
    return {"words": words, "arcs": arcs}


def _unit_nodes(trees: Sequence[Any]) -> dict[str, Any]:
    """Bracketed trees one after another: one panel's words and nodes (each a root)."""
    words: list[str] = []
    nodes: list[list[Any]] = []
    for tree in trees:
        ps = _phrase(tree)
        if ps is None:
            raise TedEvalError("not a bracketed tree")
        offset, base = len(words), len(nodes)
        nodes += [
            [n.label, n.start + offset, n.end + offset, n.parent + base if n.parent >= 0 else -1]
            for n in ps.nodes
        ]
        words += ps.words
    return {"words": words, "nodes": nodes}


def cross_views(
    cross: Any,
    converters: dict[str, Any],
    golds: dict[str, Sequence[Any]],
    parses: dict[str, Sequence[Any]],
) -> Iterator[dict[str, Any]]:
    """The sentence dicts of a ``cross`` run: each scored parse's SINGLE and MULTIPLE numbers
    and, per parse, ``explain(parse, gold, other_golds=[...])``'s MULTIPLE panels (the parse,
    the generalized reference, its native gold), in the run's order.

    ``converters``, ``golds`` and ``parses`` (the records read) go by experiment name, the
    golds in the run's order; under ``--align`` a unit gives its numbers only.
    """
    names = list(cross.scored_names)
    results = {
        name: (cross.sentence_results(name, "single"), cross.sentence_results(name, "multiple"))
        for name in names
    }
    theories = list(golds)
    first_gold = golds[theories[0]]
    for k, head in enumerate(results[names[0]][0] if names else ()):
        number = head.number
        view: dict[str, Any] = {"n": number, "id": head.sentence_id}
        out_systems = {}
        for name in names:
            single, multiple = results[name][0][k], results[name][1][k]
            out_systems[name] = {
                "scores": {
                    "SINGLE labeled": _number(single.labeled),
                    "SINGLE unlabeled": _number(single.unlabeled),
                    "MULTIPLE labeled": _number(multiple.labeled),
                    "MULTIPLE unlabeled": _number(multiple.unlabeled),
                },
                "stats": {
                    f"{sc}_{c}": getattr(r, c)
                    for sc, r in (("single", single), ("multiple", multiple))
                    for c in ("delta_labeled", "iota_labeled", "delta_unlabeled", "iota_unlabeled")
                },
            }
        view["systems"] = out_systems
        if cross.align is not None or number > len(first_gold):
            view["words"] = []
            yield view
            continue
        tree, where, _ = unwrap(first_gold[number - 1])
        view["file"], view["line"] = where.get("file"), where.get("line")
        try:
            view["words"] = list(tree_words(tree) or ())
        except TedEvalError:
            view["words"] = []
        panels: list[dict[str, Any]] = []
        ops: list[list[Any]] = []
        op_systems: list[list[Any]] = []
        modes: list[list[Any]] = []
        for name in names:
            try:
                drawn = cross_panels(
                    name, number, converters, golds, parses[name], cross.tl_unify
                )
            except TedEvalError:
                drawn = None  # not drawable (a missing parse, a sentence skipped): numbers only
            if drawn is not None:
                panels += drawn[0]
                ops += drawn[1]
                if drawn[1]:
                    op_systems.append([name, len(drawn[1])])
                if len(drawn) > 2:
                    modes.append(drawn[2])
        if panels:
            view["trees"] = panels
        if ops:
            view["ops"] = ops
            view["op_systems"] = op_systems
        if modes:
            view["modes"] = modes
        yield view


def cross_panels(
    name: str,
    number: int,
    converters: dict[str, Any],
    golds: dict[str, Sequence[Any]],
    parses: Sequence[Any],
    tl_unify: Mapping[str, str] | None = None,
) -> tuple[list[dict[str, Any]], list[list[Any]]] | None:
    """Experiment ``name``'s MULTIPLE explanation of sentence ``number``: its parse, the
    generalized reference and its native gold (panel ``gold (name)``).

    ``tl_unify`` (``A: B``) enriches A's gold with B's labels before the generalization,
    as the run did (``cross --tl-unify A:B``), so that the script drawn is the one scored.
    """
    from ..protocol.explain import explain
    from ..trees.operations import tl_unify as unify

    parse = unwrap(parses[number - 1])[0] if number <= len(parses) else None
    trees = {g: unwrap(golds[g][number - 1])[0] for g in golds}
    if parse is None or any(t is None for t in trees.values()):
        return None
    categories = node_categories(converters[name], parse, trees[name])
    if tl_unify:
        # Every gold as its multi-function tree, each enriched with the plain tree of its
        # partner, as protocol/sentence.py does.
        mfts = {g: converters[g](t) for g, t in trees.items()}
        trees = {g: unify(m, mfts[tl_unify[g]]) if g in tl_unify else m for g, m in mfts.items()}
    others = [g for g in golds if g != name]
    e = explain(
        parse,
        trees[name],
        other_golds=[trees[g] for g in others],
        other_converters=[converters[g] for g in others],
        converter=converters[name],
    )
    panels, ops, modes = explanation_panels(e, name, first_system=True, categories=categories)
    for panel in panels:
        if panel["name"] == "gold":
            panel["name"] = f"gold ({name})"
    return panels, ops, modes


def panels_of(
    ev: Evaluator,
    name: str,
    parse: Any,
    gold: Any,
    *,
    first_system: bool,
    number: int | None = None,
) -> tuple[list[dict[str, Any]], list[list[Any]]] | None:
    """The panels of one system's parse of a sentence (with the gold's before the first
    system's), and the operations listed under them; ``None``: nothing to draw.

    Each metric draws its own way (:data:`PANELS`, by the evaluator's ``metric``); a
    metric without an entry gives its words and numbers only.
    """
    if parse is None or gold is None:
        return None
    draw = PANELS.get(ev.metric)
    if draw is None:
        return None
    return draw(ev, name, parse, gold, first_system, number)


def _tedeval(
    ev: Any, name: str, parse: Any, gold: Any, first_system: bool, number: int | None
) -> tuple[list[dict[str, Any]], list[list[Any]]] | None:
    """The explanation of the number the run printed: against the gold enriched by
    TL-unification when the run was, and the generalization with the other golds under
    MULTIPLE (SPEC.md §5), as the protocol computes them (protocol/sentence.py)."""
    from ..protocol.explain import explain
    from ..trees.operations import tl_unify

    config = ev.config
    categories = node_categories(ev.converter, parse, gold)
    others: list[Any] = []
    if ev.other_golds or ev.tl_unify_with is not None:
        if number is None or not all(
            isinstance(g, Sequence) for g in (*ev.other_golds, ev.tl_unify_with or [])
        ):
            return None  # golds streamed and gone: draw nothing rather than another script
        others = [unwrap(g[number - 1])[0] for g in ev.other_golds]
        if any(t is None for t in others):
            return None
    if ev.tl_unify_with is not None:
        aux = unwrap(ev.tl_unify_with[number - 1])[0]
        if aux is None:
            return None
        gold = tl_unify(ev.converter(gold), config.aux_converters[0](aux))
    e = explain(
        parse,
        gold,
        other_golds=others,
        other_converters=list(config.converters[1 : 1 + len(others)]),
        converter=ev.converter,
    )
    return explanation_panels(e, name, first_system=first_system, categories=categories)


def _attachment(
    ev: Any, name: str, parse: Any, gold: Any, first_system: bool, number: int | None = None
) -> tuple[list[dict[str, Any]], list[list[Any]]]:
    return dependency_panels(name, _dependency(parse), _dependency(gold), first_system=first_system)


def _phrases(
    ev: Any, name: str, parse: Any, gold: Any, first_system: bool, number: int | None = None
) -> tuple[list[dict[str, Any]], list[list[Any]]] | None:
    parse, gold = _phrase(parse), _phrase(gold)
    if parse is None or gold is None:
        return None
    panels, ops = phrase_panels(name, parse, gold, first_system=first_system)
    if ev.metric in ("parseval", "parseval-disco"):
        for panel in panels:
            panel["labels"] = PARSEVAL_LABELS
    return panels, ops


def _disco(
    ev: Any, name: str, parse: Any, gold: Any, first_system: bool, number: int | None = None
) -> tuple[list[dict[str, Any]], list[list[Any]]] | None:
    if not (is_disc_tree(parse) and is_disc_tree(gold)):
        return _phrases(ev, name, parse, gold, first_system)  # contiguous input: brackets
    panels = []
    if first_system:
        panels.append({"name": "gold", "words": list(gold.words), "nodes": disc_nodes(gold)})
    panels.append({"name": name, "words": list(parse.words), "nodes": disc_nodes(parse)})
    for panel in panels:
        panel["labels"] = PARSEVAL_LABELS
    return panels, []


def disc_nodes(tree: DiscTree) -> list[Any]:
    """A discontinuous tree's constituents (pre-terminals too), in pre-order, as the renderer's
    nodes: ``[label, start, end, parent]``, or ``{"label", "spans", "parent"}`` for a node whose
    words have gaps (its lines cross the others')."""
    nodes: list[Any] = []
    stack: list[tuple[Any, int]] = [(tree, -1)]
    while stack:
        node, parent = stack.pop()
        runs = _runs(frozenset(node.leaves()))
        label = str(node.label())
        if len(runs) == 1:
            nodes.append([label, runs[0][0], runs[0][1], parent])
        else:
            nodes.append({"label": label, "spans": [list(r) for r in runs], "parent": parent})
        index = len(nodes) - 1
        stack += [(kid, index) for kid in reversed(node) if isinstance(kid, Tree)]
    return nodes


def _dependency(tree: Any) -> DependencyTree:
    return (
        tree
        if isinstance(tree, DependencyTree)
        else from_dependency_graph(tree, require_tree=False)
    )


def _phrase(tree: Any) -> PhraseStructure | None:
    if isinstance(tree, PhraseStructure):
        return tree
    if hasattr(tree, "label") and hasattr(tree, "leaves"):
        return flatten_tree(tree)
    return None


PANELS: dict[str, Any] = {
    "tedeval": _tedeval,
    "attachment": _attachment,
    "parseval": _phrases,
    "mph": _phrases,
    "parseval-disco": _disco,
}
"""How each metric draws a sentence: ``(evaluator, system name, parse, gold, first_system,
number)`` to ``(panels, operations)`` (``number``: the sentence's, for the other golds a
metric read beside the gold); a new metric adds its entry."""

UNIT_PANELS: dict[str, Any] = {
    "attachment": _unit_arcs,
    "parseval": _unit_nodes,
    "mph": _unit_nodes,
}
"""How each metric other than TedEval draws an aligned unit's sentences of one side, one
after another: ``trees`` to a panel's ``{"words", ...}`` (no marks)."""


def mft_nodes(tree: MultiFunctionTree, categories: Categories | None = None) -> list[Any]:
    """A multi-function tree as the renderer's nodes: ``[labels, start, end, parent]``, or a
    dict with ``spans`` for a node with gaps; labels of one span joined by commas.

    With ``categories`` (the treebank's labels of each span and how the labeler reads them,
    :func:`node_categories`) a node over a span that has some also carries what it shows,
    :func:`shown_label`'s parts: ``[labels, start, end, parent, shown]`` (``"shown"`` in the
    dict). The labels stay what TedEval compares; the marks find their node by them.
    """
    nodes: list[Any] = []
    stack: list[tuple[int, frozenset[int]]] = []  # (node index, its positions)
    chains, reading = categories if categories is not None else ({}, None)
    gaps = not tree.contiguous
    for span in tree.spans:
        positions = _positions(span)
        if gaps:
            # A node with gaps is left and entered again (S over 0-4 and 5-22 is left at
            # the comma 4-5): the parent is the smallest node before that holds the words.
            holders = [(len(p), i) for i, p in stack if positions <= p]
            parent = min(holders)[1] if holders else -1
            stack.append((len(nodes), positions))
        else:
            while stack and not positions <= stack[-1][1]:
                stack.pop()
            parent = stack[-1][0] if stack else -1
        functions = tree.labels(span)
        label = ",".join(sorted(functions)) or "_"
        chain = chains.get(span)
        shown = shown_label(chain, functions, reading) if chain and reading else None
        runs = _runs(positions)
        if len(runs) == 1:
            nodes.append([label, runs[0][0], runs[0][1], parent])
            if shown is not None:
                nodes[-1].append(shown)
        else:
            nodes.append({"label": label, "spans": [list(r) for r in runs], "parent": parent})
            if shown is not None:
                nodes[-1]["shown"] = shown
        if not gaps:
            stack.append((len(nodes) - 1, positions))
    return nodes


Categories = tuple[Mapping[Any, tuple[str, ...]], Callable[[str], Reading]]
"""The treebank's labels of each span of a tree
(:func:`~nltk_tedeval.trees.constituency.span_labels`) and the labeler's reading of a label
(:func:`~nltk_tedeval.trees.labelers.get_reading`)."""

TEDEVAL_LABELS = (
    "node labels: category-function, as the treebank writes them (NP-SBJ; a unary chain is "
    "one node: NP-SBJ+PRP); TedEval compares the function, in bold (SBJ), over the node's "
    "words, and not the category"
)
"""The line under TedEval's drawings of constituency trees: which part of a label counts."""

PARSEVAL_LABELS = (
    "node labels as the treebank writes them; ParsEval compares a phrase's category (its "
    "label cut at the first - or =: NP of NP-SBJ-1) and its words; POS tags are not "
    "brackets, nor are the labels the parameter file deletes"
)
"""The line under ParsEval's drawings: which part of a label counts."""


def node_categories(converter: Any, parse: Any, gold: Any) -> dict[str, Categories] | None:
    """What TedEval's panels show of the treebank's labels: ``{"parse": ..., "gold": ...}``
    (the reference's nodes are spans of the gold), each the tree's :data:`Categories`, or
    ``None`` where a tree is no constituency tree or the labeler no built-in one."""
    reading = get_reading(getattr(converter, "labeler", "ptb"))
    if reading is None:
        return None
    out = {}
    for side, tree in (("parse", parse), ("gold", gold)):
        chains = span_labels(unwrap(tree)[0])
        if chains is not None:
            out[side] = (chains, reading)
    return out or None


def shown_label(
    chain: Sequence[str], functions: frozenset[str], reading: Callable[[str], Reading]
) -> list[str]:
    """A node's label as drawn: the treebank's labels of its span (``chain``, outermost
    first, joined by ``+`` as ``nltk.Tree.collapse_unary`` joins them), each with those of
    its functions the node has, then any other function of the node after a comma. Parts
    alternate, from the first: text, then a function TedEval compares, drawn in bold.

    >>> from nltk_tedeval.trees.labelers import ptb_reading
    >>> shown_label(("NP-SBJ-1", "PRP"), frozenset({"SBJ"}), ptb_reading)
    ['NP-', 'SBJ', '+PRP']
    >>> shown_label(("NP-SBJ",), frozenset(), ptb_reading)   # generalized away
    ['NP']
    >>> shown_label(("VP",), frozenset({"nsubj"}), ptb_reading)   # from TL-unification
    ['VP,', 'nsubj']
    >>> shown_label(("NP-SBJ", "NP-SBJ"), frozenset({"SBJ"}), ptb_reading)   # one item, once
    ['NP-', 'SBJ', '+NP-SBJ']
    """
    parts = [""]

    def add(text: str, compared: bool) -> None:
        if compared == (len(parts) % 2 == 0):
            parts[-1] += text
        else:
            parts.append(text)

    covered = set()
    for k, label in enumerate(chain):
        if k:
            add("+", False)
        for text, function in reading(label):
            if function is None:
                add(text, False)
            elif function in functions and function not in covered:
                # Bold once: a function twice in a chain (NP-SBJ+NP-SBJ) is one item.
                at = text.find(function)
                add(text[:at], False)
                add(function, True)
                add(text[at + len(function) :], False)
                covered.add(function)
            elif function in functions:
                add(text, False)
    for function in sorted(functions - covered):
        add(",", False)
        add(function, True)
    while len(parts) > 1 and not parts[-1]:
        parts.pop()
    return parts


def _positions(span: Any) -> frozenset[int]:
    if isinstance(span, frozenset):
        return span
    out: set[int] = set()
    for s, e in zip(span[::2], span[1::2], strict=True):
        out.update(range(s, e))
    return frozenset(out)


def _runs(positions: frozenset[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for p in sorted(positions):
        if runs and runs[-1][1] == p:
            runs[-1] = (runs[-1][0], p + 1)
        else:
            runs.append((p, p + 1))
    return runs


def item_mark(kind: str, charged: bool, item: tuple) -> list[Any]:
    """A mark of the renderer for an explanation's item ``(label, *span)``."""
    label, *span = item
    runs = _runs(_positions(tuple(span) if len(span) != 1 else span[0]))
    prefix = "" if charged else "free-"
    return [f"{prefix}{kind}", label, runs[0][0], runs[-1][1]]


def explanation_panels(
    explanation: Any,
    name: str,
    *,
    first_system: bool,
    categories: Mapping[str, Categories] | None = None,
) -> tuple[list[dict[str, Any]], list[list[Any]], list[Any]]:
    """TedEval's panels: the parse (its deletions), the reference (its additions) and, when the
    reference is not the gold, the native gold with its own script (never charged).

    Each panel has the labeled script's ``marks`` (an item is a function over a span: a
    node carries one mark per function marked) and the unlabeled script's
    ``unlabeled_marks`` (an item is a node, the one over the whole sentence never one,
    SPEC.md §5), which the report shows when its switch is on "unlabeled". The operations
    returned are the labeled ones, then :func:`tedeval_modes`: the unlabeled ones and
    both modes' δ and ι.

    ``categories`` (:func:`node_categories`) gives a constituency tree's nodes the
    treebank's labels to show beside the functions compared; the reference's spans are
    the gold's (SINGLE: the gold; MULTIPLE: some of its spans)."""
    panels = []
    categories = categories or {}
    unlabeled = replace(explanation, labeled=False)
    unlabeled_marks = [marks for _, _, marks in unlabeled.panels()]
    for k, (caption, tree, marks) in enumerate(explanation.panels()):
        kind = "parse" if caption.startswith("parse") else (
            "reference" if caption.startswith("reference") else "gold")  # fmt: skip
        if kind == "gold" and not first_system:
            continue
        panel_name = {"parse": name, "reference": f"reference ({name})", "gold": "gold"}[kind]
        shown = categories.get("parse" if kind == "parse" else "gold")
        panels.append(
            {
                "name": panel_name,
                "words": list(tree.words),
                "nodes": mft_nodes(tree, shown),
                # In order: the items are sets' members, whose order moves with the hash seed.
                "marks": sorted(
                    (item_mark(op, charged, item) for item, (op, charged) in marks.items()),
                    key=_mark_order,
                ),
                "unlabeled_marks": sorted(
                    (
                        node_mark(op, charged, span, tree)
                        for span, (op, charged) in unlabeled_marks[k].items()
                    ),
                    key=_mark_order,
                ),
            }
        )
        if shown is not None:
            panels[-1]["labels"] = TEDEVAL_LABELS
    ops = script_ops(explanation.reference.words, panels, "marks")
    return panels, ops, tedeval_modes(explanation, name, panels)


def script_ops(words: Sequence[str], panels: Sequence[Mapping[str, Any]], key: str) -> list[Any]:
    """The operations of a script listed under the drawings: the parse's and the
    reference's marks (``key``: ``"marks"`` or ``"unlabeled_marks"``), what the parse
    loses and gains, each with the reference's words of its span."""
    return [
        [*mark, " ".join(span_words(words, (mark[2], mark[3])))]
        for panel in panels
        if panel["name"] != "gold"
        for mark in panel.get(key) or ()
    ]


def tedeval_modes(explanation: Any, name: str, panels: Sequence[Mapping[str, Any]]) -> list[Any]:
    """What the report's labeled/unlabeled switch shows beside system ``name``'s drawings:
    ``[name, unlabeled operations, labeled δ, ι, unlabeled δ, ι]``, the numbers those of
    the explanation drawn (the run's, SPEC.md §5)."""
    unlabeled = replace(explanation, labeled=False)
    ops = script_ops(explanation.reference.words, panels, "unlabeled_marks")
    return [name, ops, explanation.delta, explanation.iota, unlabeled.delta, unlabeled.iota]


def node_mark(kind: str, charged: bool, span: Any, tree: MultiFunctionTree) -> list[Any]:
    """A mark of the renderer for an unlabeled item, a node: its label is the node's labels
    as :func:`mft_nodes` writes them, so that the report finds the node by it."""
    runs = _runs(_positions(span))
    prefix = "" if charged else "free-"
    label = ",".join(sorted(tree.labels(span))) or "_"
    return [f"{prefix}{kind}", label, runs[0][0], runs[-1][1]]


def _mark_order(mark: list[Any]) -> tuple[Any, ...]:
    """Kind, start, end, label: how a panel's marks are listed."""
    return mark[0], mark[2], mark[3], mark[1]


def dependency_panels(
    name: str, parse: DependencyTree, gold: DependencyTree, *, first_system: bool
) -> tuple[list[dict[str, Any]], list[list[Any]]]:
    """Attachment's panels: arcs over the words; a parse arc with the wrong head is marked
    deleted (and the gold's arc added on the gold panel), a right head with the wrong
    relation relabelled."""
    panels = []
    gold_arcs = _arcs(gold)
    parse_marks, gold_marks, ops = [], [], []
    for d, (gh, ph, gr, pr) in enumerate(
        zip(gold.heads, parse.heads, gold.rels, parse.rels, strict=True), 1
    ):
        word = gold.words[d - 1]
        if gh != ph:
            parse_marks.append(["delete", pr or "_", d - 1, d])
            gold_marks.append(["add", gr or "_", d - 1, d])
            ops.append(["delete", pr or "_", d - 1, d, f"{word} ← head {ph}"])
            ops.append(["add", gr or "_", d - 1, d, f"{word} ← head {gh}"])
        elif (gr or "_") != (pr or "_"):
            parse_marks.append(["relabel", pr or "_", d - 1, d])
            ops.append(["relabel", pr or "_", d - 1, d, f"{word}: {gr or '_'} → {pr or '_'}"])
    if first_system:
        panels.append({"name": "gold", "words": list(gold.words), "arcs": gold_arcs})
    panels.append(
        {
            "name": name,
            "words": list(parse.words),
            "arcs": _arcs(parse),
            "marks": parse_marks,
        }
    )
    if gold_marks:
        panels.append(
            {"name": f"gold arcs {name} missed", "words": list(gold.words), "arcs": gold_arcs,
             "marks": gold_marks}
        )  # fmt: skip
    return panels, ops


def _arcs(tree: DependencyTree) -> list[list[Any]]:
    return [[h, d, r or "_"] for d, (h, r) in enumerate(zip(tree.heads, tree.rels, strict=True), 1)]


def phrase_panels(
    name: str, parse: PhraseStructure, gold: PhraseStructure, *, first_system: bool
) -> tuple[list[dict[str, Any]], list[list[Any]]]:
    """Bracketed trees side by side (ParsEval, MPH): the gold before the first system's."""

    def nodes(ps: PhraseStructure) -> list[list[Any]]:
        return [[n.label, n.start, n.end, n.parent] for n in ps.nodes]

    panels = []
    if first_system:
        panels.append({"name": "gold", "words": list(gold.words), "nodes": nodes(gold)})
    panels.append({"name": name, "words": list(parse.words), "nodes": nodes(parse)})
    return panels, []
