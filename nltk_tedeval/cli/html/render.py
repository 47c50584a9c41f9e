"""One HTML file from a report and its sentences: summary in HTML, sentences as compact JSON.

The summary (scores, signatures, counts, significance, notes, overlap,
breakdowns) is rendered here, escaped, so it needs no script to read. The
sentences are embedded once, in a ``<script type="application/json">``, as
one array per sentence (no repeated keys; labels, relations, file names and
panel names interned in a string table written after them), and
``report.js`` builds the sentence table and draws a sentence's trees only
when it is opened. :func:`write_html` streams: a sentence is encoded and
written, then forgotten, so 100,000 sentences never form one string here.

A sentence row, as ``report.js`` reads it (``S`` is the string table)::

    [n, id, file (S index or null), line, words, values, panels, ops, align, op_systems,
     answers, modes]

- ``values``: one number (or null) per column of the header's ``cols``
  (``[system, "s" score | "t" statistic, name]``), rounded to 4 decimals;
- a panel: ``[name, words or 0 (the sentence's), nodes, arcs, marks, arcs3, shown,
  labels]``, the last three left out when empty (0 when a later one is not):
  ``nodes`` flat by 4 ``label, start, end, parent`` (a node with gaps:
  ``label, [s, e, s, e, ...], -1, parent``); ``shown``, one per node, the S index of
  the label it draws (parts joined by U+0001, alternately text and the function the
  metric compares, drawn in bold) or null to draw ``label``; ``labels`` the S index of
  the line that says what the node labels are (null in a TedEval panel without one);
  a TedEval panel has a ninth element, ``unlabeled``, the unlabeled script's marks
  (flat by 4 as ``marks``, each a node: its label is the node's); ``arcs`` flat by 2
  ``head, rel`` for dependents 1..n in order, or ``{"b": panel, "d": [dep,
  head, rel, ...]}``: the arcs of an earlier panel over the same words, but
  these; else ``arcs3`` flat by 3 ``head, dep, rel``; ``marks`` flat by 4
  ``kind, label, start, end``;
- ``ops`` flat by 5 ``kind, label, start, end, text`` (text 0: the
  sentence's words ``start:end``);
- ``op_systems`` (left out when there are no ops) flat by 2 ``system, count``: the
  systems whose edit scripts ``ops`` holds, in order, and how many operations each has;
- ``answers`` (left out when none): a list of ``[system, status, reason, changes,
  text]``, a language model's answer that gave no tree to score as given (invalid, or
  unfaithful: ``changes`` the kinds of difference in its words), with its text.
- ``modes`` (TedEval's, left out otherwise; ``op_systems`` and ``answers`` then
  written, maybe empty): ``[systems, unlabeled_ops]``, ``systems`` flat by 6 ``system,
  count, labeled δ, labeled ι, unlabeled δ, unlabeled ι`` (``count``: how many of
  ``unlabeled_ops`` are the system's), ``unlabeled_ops`` flat by 5 as ``ops``: what the
  report's labeled/unlabeled switch shows.

The header (``tedeval-header``) has ``strings``, ``cols``, ``schema`` and
``reference``: how the panels name TedEval's reference (``gold``, or ``generalized
gold (A ⊓ B)``), ``null`` for a report without one.
"""

from __future__ import annotations

import html
import io
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from typing import Any, TextIO

from ..output import fmt, p_value_text

__all__ = ["SCHEMA", "SentenceEncoder", "render_html", "write_html"]

SCHEMA = "nltk_tedeval/html-sentences/1"
"""The version of the embedded sentence encoding (``report.js`` checks it)."""

def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


def _script_json(value: Any) -> str:
    """JSON that cannot end its <script> element: every ``<`` is written ``\\u003c``."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return text.replace("<", "\\u003c")


def _num(value: Any) -> Any:
    """A per-sentence number as it is embedded: 4 decimals, integral floats as ints, NaN null."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return None
        value = round(value, 4)
        return int(value) if value.is_integer() else value
    return value


class SentenceEncoder:
    """Turns the contract's sentence dicts into the compact rows ``report.js`` reads."""

    def __init__(self) -> None:
        self.strings: list[str] = []
        self._string_index: dict[str, int] = {}
        self.cols: list[list[str]] = []
        self._col_index: dict[tuple[str, str, str], int] = {}
        self.count = 0
        self._arc_base: tuple[int, list[Any]] | None = None

    def intern(self, value: Any) -> int | None:
        if value is None:
            return None
        text = str(value)
        index = self._string_index.get(text)
        if index is None:
            index = self._string_index[text] = len(self.strings)
            self.strings.append(text)
        return index

    def _col(self, system: str, kind: str, name: str) -> int:
        key = (system, kind, name)
        index = self._col_index.get(key)
        if index is None:
            index = self._col_index[key] = len(self.cols)
            self.cols.append([system, kind, name])
        return index

    def encode(self, sentence: Mapping[str, Any]) -> list[Any]:
        self.count += 1
        words = list(sentence.get("words") or [])
        values: list[Any] = []
        for system, columns in (sentence.get("systems") or {}).items():
            for kind, part in (("s", "scores"), ("t", "stats")):
                for name, value in ((columns or {}).get(part) or {}).items():
                    index = self._col(system, kind, name)
                    values.extend([None] * (index + 1 - len(values)))
                    values[index] = _num(value)
        self._arc_base: tuple[int, list[Any]] | None = None
        panels = [self._panel(tree, words, k) for k, tree in enumerate(sentence.get("trees") or [])]
        ops = self._ops(sentence.get("ops") or [], words)
        op_systems = [
            x
            for name, count in sentence.get("op_systems") or []
            for x in (self.intern(name), count)
        ]
        row = [
            sentence.get("n", self.count),
            sentence.get("id"),
            self.intern(sentence.get("file")),
            sentence.get("line"),
            words,
            values,
            panels,
            ops,
            sentence.get("align"),
        ]
        answers = [
            [self.intern(a[0]), self.intern(a[1]), a[2], [self.intern(c) for c in a[3]], a[4]]
            for a in sentence.get("answers") or []
        ]
        modes: list[Any] = [[], []]  # TedEval's switch: systems' numbers, unlabeled ops
        for name, unlabeled_ops, *numbers in sentence.get("modes") or []:
            modes[0].extend([self.intern(name), len(unlabeled_ops), *numbers])
            modes[1].extend(self._ops(unlabeled_ops, words))
        if op_systems or answers or modes[0]:
            row.append(op_systems)
        if answers or modes[0]:
            row.append(answers)
        if modes[0]:
            row.append(modes)
        return row

    def _ops(self, given: Iterable[Sequence[Any]], words: list[str]) -> list[Any]:
        ops: list[Any] = []
        for op in given:
            kind, label, start, end, *rest = [*op, None, None, None, None][:5]
            text = rest[0]
            spans_words = isinstance(start, int) and isinstance(end, int)
            if text is not None and spans_words and text == " ".join(words[start:end]):
                text = 0
            ops.extend([self.intern(kind), self.intern(label), start, end, text])
        return ops

    def _panel(self, tree: Mapping[str, Any], words: list[str], panel_index: int) -> list[Any]:
        own = tree.get("words")
        panel_words: Any = 0 if own is None or list(own) == words else list(own)
        nodes: list[Any] = []
        shown: list[Any] = []  # per node: the S index of its drawn label's parts, or None
        for node in tree.get("nodes") or []:
            if isinstance(node, Mapping):  # {"label", "spans", "parent"}: a node with gaps
                flat = [x for span in node["spans"] for x in span]
                nodes.extend([self.intern(node.get("label")), flat, -1, node.get("parent", -1)])
                parts = node.get("shown")
            elif isinstance(node[1], list):  # [label, spans, -1, parent(, shown)]
                flat = [x for span in node[1] for x in span]
                nodes.extend([self.intern(node[0]), flat, -1, node[3]])
                parts = node[4] if len(node) > 4 else None
            else:
                nodes.extend([self.intern(node[0]), node[1], node[2], node[3]])
                parts = node[4] if len(node) > 4 else None
            shown.append(None if parts is None else self.intern("\x01".join(parts)))
        arcs = [list(a) for a in tree.get("arcs") or []]
        sequential = all(a[1] == i for i, a in enumerate(arcs, start=1))
        arcs2: Any = [x for a in arcs for x in (a[0], self.intern(a[2]))] if sequential else []
        arcs3 = [] if sequential else [x for a in arcs for x in (a[0], a[1], self.intern(a[2]))]
        if sequential and arcs and panel_words == 0:
            base = self._arc_base
            if base is not None and len(base[1]) == len(arcs2):
                # A parse over the gold's words: only the arcs that differ from the first
                # panel's, as {"b": that panel, "d": [dependent, head, rel, ...]}.
                old = base[1]
                diff = [
                    x
                    for k in range(0, len(arcs2), 2)
                    if old[k] != arcs2[k] or old[k + 1] != arcs2[k + 1]
                    for x in (k // 2 + 1, arcs2[k], arcs2[k + 1])
                ]
                if len(diff) * 2 < len(arcs2) * 3:
                    arcs2 = {"b": base[0], "d": diff}
            else:
                self._arc_base = (panel_index, arcs2)
        marks, unlabeled = (
            [
                x
                for m in tree.get(key) or []
                for x in (self.intern(m[0]), self.intern(m[1]), m[2], m[3])
            ]
            for key in ("marks", "unlabeled_marks")
        )
        panel = [self.intern(tree.get("name", "")), panel_words, nodes, arcs2, marks]
        extra: list[Any] = [arcs3 or 0, shown if any(x is not None for x in shown) else 0]
        note = self.intern(tree.get("labels"))
        if note is not None or "unlabeled_marks" in tree:
            extra.append(note)  # an S index, which may be 0, or null: never trimmed
            if "unlabeled_marks" in tree:
                extra.append(unlabeled)
        else:
            while extra and extra[-1] == 0:
                extra.pop()
        return panel + extra

    def header(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "count": self.count,
            "strings": self.strings,
            "cols": self.cols,
        }


# --- the summary -------------------------------------------------------------------------


def _percent(report: Mapping[str, Any]) -> bool:
    return report.get("command") == "parseval"


def _score_text(score: Mapping[str, Any] | None, percent: bool, measure: str) -> str:
    """A score as the text report prints it: 4 decimals, or EVALB's percentages with 2."""
    if score is None:
        return "n/a"
    value = score.get("value")
    if value is None:
        return "n/a"
    if percent and not measure.upper().startswith("AVG_CROSSING"):
        return fmt(float(value) * 100, 2)
    return fmt(float(value), 2 if percent else 4)


def _ci_text(score: Mapping[str, Any], percent: bool, measure: str) -> str:
    ci = score.get("ci")
    if not ci:
        return ""
    low, high = ci.get("low"), ci.get("high")
    scale = 100.0 if percent and not measure.upper().startswith("AVG_CROSSING") else 1.0
    digits = 2 if percent else 4
    lo = "n/a" if low is None else fmt(low * scale, digits)
    hi = "n/a" if high is None else fmt(high * scale, digits)
    return f"[{lo}, {hi}]"


def _bar(score: Mapping[str, Any] | None, measure: str) -> str:
    """A bar of width value (0..1 of 80 px), with the interval as a whisker when there is one."""
    if not score or score.get("value") is None or measure.upper().startswith("AVG_CROSSING"):
        return ""
    width = 80.0

    def x(v: float) -> float:
        return round(max(0.0, min(1.0, float(v))) * width, 1)

    parts = [
        f'<svg class="bar" width="{width:g}" height="12" viewBox="0 0 {width:g} 12" '
        f'role="img" aria-label="{_e(measure)} {_e(score["value"])}">',
        f'<rect class="bar-track" x="0" y="2" width="{width:g}" height="8"></rect>',
        f'<rect class="bar-value" x="0" y="2" width="{x(score["value"])}" height="8"></rect>',
    ]
    ci = score.get("ci") or {}
    if ci.get("low") is not None and ci.get("high") is not None:
        lo, hi = x(ci["low"]), x(ci["high"])
        parts.append(f'<path class="whisker" d="M{lo} 6H{hi}M{lo} 2V10M{hi} 2V10"></path>')
    parts.append("</svg>")
    return "".join(parts)


def _measures(scores: Iterable[Mapping[str, Any]], order: Sequence[str] = ()) -> list[str]:
    """The measures of the scores table: those the text report shows (``order``), in its
    order, then every other one in the report's."""
    seen: list[str] = []
    for score in scores:
        for name in score:
            if name not in seen:
                seen.append(name)
    known = [m for m in order if m in seen]
    return known + [m for m in seen if m not in known]


def _na_lines(rows: Sequence[tuple[str, Mapping[str, Any]]], measures: Sequence[str]) -> list[str]:
    """``n/a: MEASURE of SYSTEMS: REASON`` for every score shown as n/a."""
    by_reason: dict[tuple[str, str], list[str]] = {}
    for name, scores in rows:
        for measure in measures:
            score = scores.get(measure)
            if score is not None and score.get("value") is None:
                reason = score.get("reason") or "undefined"
                by_reason.setdefault((measure, reason), []).append(name)
    return [
        f"n/a: {measure} of {', '.join(names)}: {reason}"
        for (measure, reason), names in by_reason.items()
    ]


def _scores_section(report: Mapping[str, Any], order: Sequence[str] = ()) -> str:
    systems = report.get("systems") or []
    percent = _percent(report)
    measures = _measures((s.get("scores") or {} for s in systems), order)
    rows: list[tuple[str, Mapping[str, Any]]] = []
    for system in systems:
        rows.append((str(system.get("name")), system.get("scores") or {}))
        if system.get("macro"):
            rows.append((f"{system.get('name')} (macro)", system["macro"]))
    out = ['<section id="scores"><h2>Scores</h2>']
    out.append('<table class="scores"><thead><tr><th scope="col">system</th>')
    out.extend(f'<th scope="col">{_e(m)}</th>' for m in measures)
    out.append("</tr></thead><tbody>")
    for name, scores in rows:
        out.append(f'<tr><th scope="row">{_e(name)}</th>')
        for measure in measures:
            score = scores.get(measure)
            text = _score_text(score, percent, measure)
            title = f' title="{_e(score.get("reason"))}"' if score and score.get("reason") else ""
            ci = _ci_text(score, percent, measure) if score else ""
            ci_html = f' <span class="ci">{_e(ci)}</span>' if ci else ""
            out.append(f'<td class="num"{title}>{_e(text)}{ci_html}</td>')
        out.append("</tr>")
    out.append("</tbody></table>")
    lines = _na_lines(rows, measures)
    if lines:
        out.append('<ul class="na">' + "".join(f"<li>{_e(x)}</li>" for x in lines) + "</ul>")
    out.append('<h3>Signatures</h3><dl class="signatures">')
    for system in systems:
        out.append(
            f"<dt>{_e(system.get('name'))}</dt><dd><code>{_e(system.get('signature'))}</code></dd>"
        )
    out.append("</dl></section>")
    return "".join(out)


def _counts_section(report: Mapping[str, Any]) -> str:
    counts = report.get("counts") or {}
    out = ['<section id="counts"><h2>Counts</h2><table class="counts"><tbody>']
    for key in ("read", "scored", "missing", "skipped", "errors", "length_filtered"):
        if key in counts:
            out.append(f'<tr><th scope="row">{key}</th><td class="num">{_e(counts[key])}</td></tr>')
    out.append("</tbody></table>")
    missing = report.get("missing") or {}
    listed = missing.get("sentences") or []
    if missing.get("policy"):
        out.append(f"<p>missing parses: <code>--missing {_e(missing['policy'])}</code></p>")
    answers = report.get("answers") or {}
    if answers:
        # Answers read and found to hold no tree (SPEC.md §14), counted apart.
        out.append('<table class="answers"><caption>answers with no tree to score as given')
        out.append("</caption><thead><tr><th>system</th><th>invalid</th><th>unfaithful</th>")
        out.append("<th>unfaithful, kept and scored</th></tr></thead><tbody>")
        for name, n in answers.items():
            out.append(
                f'<tr><th scope="row">{_e(name)}</th><td class="num">{_e(n.get("invalid"))}</td>'
                f'<td class="num">{_e(n.get("unfaithful"))}</td>'
                f'<td class="num">{_e(n.get("kept"))}</td></tr>'
            )
        out.append("</tbody></table>")
        kept = [(name, a) for name, n in answers.items() for a in n.get("sentences") or []
                if a.get("kept")]  # fmt: skip
        if kept:
            out.append(f"<details><summary>{len(kept)} unfaithful answers kept</summary><ul>")
            for name, a in kept[:1000]:
                out.append(
                    f"<li>sentence {_e(a.get('sentence'))} ({_e(name)}): {_e(a.get('reason'))}</li>"
                )
            out.append("</ul></details>")
    limit = 1000
    if listed:
        why = any(entry.get("reasons") for entry in listed)
        out.append(f"<details><summary>{len(listed)} sentences with a missing parse</summary>")
        out.append('<table class="missing"><thead><tr><th>sentence</th><th>id</th>')
        out.append("<th>systems</th>" + ("<th>why</th>" if why else "") + "</tr></thead><tbody>")
        for entry in listed[:limit]:
            reasons = "<br>".join(
                f"{_e(r.get('system'))}: {_e(r.get('status'))}: {_e(r.get('reason'))}"
                for r in entry.get("reasons") or []
            )
            out.append(
                f'<tr><td class="num">{_e(entry.get("sentence"))}</td>'
                f"<td>{_e(entry.get('id') or '')}</td>"
                f"<td>{_e(', '.join(entry.get('systems') or []))}</td>"
                + (f"<td>{reasons}</td>" if why else "")
                + "</tr>"
            )
        out.append("</tbody></table>")
        if len(listed) > limit:
            out.append(f"<p>... {len(listed) - limit} more (the JSON report lists all)</p>")
        out.append("</details>")
    lengths = report.get("length_filter")
    if lengths:
        # The length filter (SPEC.md §15): what it kept, and every sentence it left out.
        bounds = [
            f"<code>--{name.replace('_', '-')} {_e(lengths[name])}</code>"
            for name in ("min_length", "max_length")
            if lengths.get(name) is not None
        ]
        left = lengths.get("sentences") or []
        out.append(f"<p>length filter: {' '.join(bounds)}</p>")
        if left:
            out.append(f"<details><summary>{len(left)} left out by length</summary><ul>")
            for entry in left[:limit]:
                out.append(
                    f"<li>{_e(entry.get('sentence'))} {_e(entry.get('id') or '')}: "
                    f"{_e(entry.get('length'))} words ({_e(entry.get('reason'))})</li>"
                )
            if len(left) > limit:
                out.append(f"<li>... {len(left) - limit} more (the JSON report lists all)</li>")
            out.append("</ul></details>")
    skipped = report.get("skipped") or []
    if skipped:
        out.append(f"<details><summary>{len(skipped)} sentences skipped as bad</summary><ul>")
        for entry in skipped[:limit]:
            out.append(
                f"<li>{_e(entry.get('sentence'))} {_e(entry.get('id') or '')}: "
                f"{_e(entry.get('reason'))}</li>"
            )
        out.append("</ul></details>")
    for system in report.get("systems") or []:
        details = system.get("details") or {}
        non_trees = (details.get("non_trees") or {}).get("parse")
        if non_trees:
            out.append(
                f"<p>{_e(system.get('name'))}: {_e(non_trees)} parses are not a tree "
                "(scored token by token)</p>"
            )
    alignment = report.get("alignment")
    if alignment:
        out.append('<h3>Alignment</h3><dl class="alignment">')
        for key, value in alignment.items():
            shown = (
                ", ".join(f"{k}: {v}" for k, v in value.items())
                if isinstance(value, Mapping)
                else value
            )
            out.append(f"<dt>{_e(key)}</dt><dd>{_e(shown)}</dd>")
        out.append("</dl>")
    out.append("</section>")
    return "".join(out)


def _significance_table(rows: Sequence[Mapping[str, Any]], percent: bool, *, key: bool) -> str:
    head = ["A", "B", "measure", "score A", "score B", "p-value"]
    if key:
        head = ["key", "group", *head]
    elif any("scenario" in r for r in rows):
        head = ["scenario", *head]
    out = ['<table class="significance"><thead><tr>']
    out.extend(f'<th scope="col">{h}</th>' for h in head)
    out.append("</tr></thead><tbody>")
    for r in rows:
        measure = str(r.get("measure"))
        cells = [
            r.get("a"),
            r.get("b"),
            measure,
            _score_text({"value": r.get("score_a")}, percent, measure),
            _score_text({"value": r.get("score_b")}, percent, measure),
            p_value_text(r.get("p_value"), int(r.get("rounds") or 0)),
        ]
        if key:
            cells = [r.get("key"), r.get("group"), *cells]
        elif "scenario" in head:
            cells = [r.get("scenario", ""), *cells]
        title = f' title="{_e(r["reason"])}"' if r.get("reason") else ""
        out.append(f"<tr{title}>" + "".join(f"<td>{_e(c)}</td>" for c in cells) + "</tr>")
    out.append("</tbody></table>")
    reasons = [
        f"n/a: {r.get('measure')} p-value of {r.get('a')} vs {r.get('b')}: {r['reason']}"
        for r in rows
        if r.get("reason")
    ]
    if reasons:
        out.append('<ul class="na">' + "".join(f"<li>{_e(x)}</li>" for x in reasons) + "</ul>")
    return "".join(out)


def _significance_section(report: Mapping[str, Any]) -> str:
    rows = report.get("significance")
    if not rows:
        return ""
    first = rows[0]
    return (
        '<section id="significance"><h2>Significance</h2>'
        f"<p>paired approximate randomization, {_e(first.get('rounds'))} rounds, "
        f"seed {_e(first.get('seed'))}</p>"
        + _significance_table(rows, _percent(report), key=False)
        + "</section>"
    )


def _notes_section(report: Mapping[str, Any]) -> str:
    notes = report.get("notes")
    if not notes:
        return ""
    items = "".join(f"<li>note: {_e(n)}</li>" for n in notes)
    return f'<section id="notes"><h2>Notes</h2><ul>{items}</ul></section>'


def _overlap_section(report: Mapping[str, Any]) -> str:
    overlap = report.get("overlap")
    if not overlap:
        return ""
    out = ['<section id="overlap"><h2>Cross-theory overlap</h2><table class="overlap"><thead>']
    out.append("<tr><th>A</th><th>B</th><th>labeled</th><th>unlabeled</th></tr></thead><tbody>")
    for row in overlap:
        cells = [f"<td>{_e(row.get('a'))}</td>", f"<td>{_e(row.get('b'))}</td>"]
        for mode in ("labeled", "unlabeled"):
            score = row.get(mode)
            text = _score_text(score, False, mode)
            title = f' title="{_e(score.get("reason"))}"' if score and score.get("reason") else ""
            cells.append(f'<td class="num"{title}>{_e(text)}</td>')
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table></section>")
    return "".join(out)


def _breakdowns_section(report: Mapping[str, Any]) -> str:
    breakdowns = report.get("breakdowns")
    if not breakdowns:
        return ""
    percent = _percent(report)
    out = ['<section id="breakdowns"><h2>Breakdowns</h2>']
    for number, b in enumerate(breakdowns):
        key = str(b.get("key"))
        measures = list(b.get("measures") or [])
        counted = bool(b.get("counts"))
        title = f"{b.get('system')} by {key}"
        out.append(f'<details class="breakdown" id="breakdown-{number}" open>')
        out.append(f"<summary><h3>{_e(title)}</h3> <span>{_e(b.get('help') or '')}</span>")
        out.append("</summary>")
        freq = "count" if counted else str(b.get("frequency") or "frequency")
        head = [key, freq, "share %"] + ([] if counted else measures)
        out.append(f'<table class="breakdown" data-key="{_e(key)}"><thead><tr>')
        out.extend(f'<th scope="col">{_e(h)}</th>' for h in head)
        if counted:
            out.append('<th scope="col">share</th>')
        out.append("</tr></thead><tbody>")
        groups = b.get("groups") or []
        for g in groups:
            share = g.get("share")
            share_text = "n/a" if share is None else fmt(float(share) * 100, 2)
            out.append(
                f'<tr><th scope="row">{_e(g.get("group"))}</th>'
                f'<td class="num">{_e(g.get("frequency"))}</td>'
                f'<td class="num">{_e(share_text)}</td>'
            )
            if counted:
                out.append(f"<td>{_bar({'value': share}, 'share')}</td>")
            scores = g.get("scores") or {}
            for m in [] if counted else measures:
                score = scores.get(m)
                text = _score_text(score, percent, m)
                ci = _ci_text(score, percent, m) if score else ""
                reason = f' title="{_e(score["reason"])}"' if score and score.get("reason") else ""
                out.append(
                    f'<td class="num"{reason}>{_e(text)}'
                    + (f' <span class="ci">{_e(ci)}</span>' if ci else "")
                    + f"{_bar(score, m)}</td>"
                )
            out.append("</tr>")
        out.append("</tbody></table>")
        total = b.get("total_groups")
        if isinstance(total, int) and total > len(groups):
            out.append(f"<p>... {total - len(groups)} more groups (--top 0 shows all)</p>")
        out.append("</details>")
    group_rows = report.get("group_significance")
    if group_rows:
        out.append("<h3>Significance by group</h3>")
        out.append(_significance_table(group_rows, percent, key=True))
    out.append("</section>")
    return "".join(out)


def _head(title: str) -> str:
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="light dark">'
        # Nothing may be fetched: no image, font, script, style or frame from anywhere.
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">"
        f"<title>{_e(title)}</title><style>{_asset('report.css')}</style></head>"
    )


def _sentences_block() -> str:
    return (
        '<section id="sentences" aria-labelledby="sentences-title">'
        '<h2 id="sentences-title">Sentences</h2>'
        '<div class="controls" role="search">'
        '<label>words or id <input type="search" id="filter-text" autocomplete="off"></label> '
        '<label>length from <input type="number" id="len-min" min="0" inputmode="numeric"></label> '
        '<label>to <input type="number" id="len-max" min="0" inputmode="numeric"></label> '
        '<span id="status" role="status" aria-live="polite"></span></div>'
        '<div class="table-wrap" id="table-wrap"><table id="sentence-table" class="sentences">'
        "<caption>Each scored sentence; click a column header to sort (scores: worst first), "
        "click a row or press Enter on it to draw its trees; arrow keys move between rows."
        "</caption><thead></thead><tbody></tbody></table></div>"
        '<p><button type="button" id="more" hidden>show more</button></p>'
        '<section id="sentence" aria-live="polite" hidden></section>'
        "</section>"
    )


def write_html(
    report: Mapping[str, Any],
    sentences: Iterable[Mapping[str, Any]],
    out: TextIO,
    *,
    text: str | None = None,
    title: str | None = None,
    order: Sequence[str] = (),
) -> None:
    """Write the self-contained HTML report of ``report`` and its ``sentences`` to ``out``.

    ``report`` is the dict a command prints with ``--json``; ``sentences`` the
    compact per-sentence dicts of the contract (docs in /work/i29-html.md), read
    once, in order, each encoded and written at once; ``text`` the text report,
    embedded verbatim; ``order`` the measures the text report shows, in its
    order, which the scores table shows first (the evaluator's
    ``shown_measures``). Nothing in the file refers to the network.
    """
    command = report.get("command", "report")
    golds = ", ".join(str(g.get("file")) for g in report.get("golds") or [])
    title = title or f"tedeval {command}" + (f": against {golds}" if golds else "")
    out.write(_head(title))
    out.write('<body><a class="skip" href="#sentences">skip to the sentences</a><main>')
    out.write(f'<header><h1>{_e(title)}</h1><p class="tool">{_e(report.get("tool", ""))}')
    out.write(f" · report version {_e(report.get('version', ''))}</p></header>")
    out.write(_scores_section(report, order))
    out.write(_counts_section(report))
    out.write(_significance_section(report))
    out.write(_notes_section(report))
    out.write(_overlap_section(report))
    out.write(_breakdowns_section(report))
    if text is not None:
        out.write(
            '<details class="text-report" id="text-report"><summary>text report</summary>'
            f"<pre>{_e(text)}</pre></details>"
        )
    out.write(_sentences_block())
    out.write("</main>")
    encoder = SentenceEncoder()
    out.write('<script type="application/json" id="tedeval-sentences">[')
    for index, sentence in enumerate(sentences):
        if index:
            out.write(",\n")
        out.write(_script_json(encoder.encode(sentence)))
    out.write("]</script>")
    out.write('<script type="application/json" id="tedeval-header">')
    out.write(_script_json({**encoder.header(), "reference": reference_caption(report)}))
    out.write("</script>")
    scripts = "\n".join(_asset(name) for name in ("layout.js", "marks.js", "report.js"))
    out.write(f"<script>{scripts}</script></body></html>\n")


def reference_caption(report: Mapping[str, Any]) -> str | None:
    """How the panels name TedEval's reference: the gold (SINGLE), the generalized gold
    of every theory (MULTIPLE, ``⊓``), a gold enriched by TL-unification (``⊔tl``) as the
    run enriched it; ``None`` for a metric without a reference.

    >>> golds = [{"file": "a/g1.conll", "role": "gold"}, {"file": "g2.conll", "role": "other"}]
    >>> reference_caption({"command": "score", "golds": golds})
    'generalized gold (g1.conll ⊓ g2.conll)'
    >>> reference_caption({"command": "score", "golds": golds[:1]})
    'gold'
    >>> reference_caption({"command": "cross", "golds": [{"name": "ptb"}, {"name": "ud"}],
    ...                    "tl_unify": {"ud": "ptb"}})
    'generalized gold (ptb ⊓ ud ⊔tl ptb)'
    """
    golds = list(report.get("golds") or [])
    command = report.get("command")
    if command == "cross":
        tl = report.get("tl_unify") or {}
        names = [str(g.get("name")) for g in golds]
        joined = " ⊓ ".join(f"{n} ⊔tl {tl[n]}" if n in tl else n for n in names)
        return f"generalized gold ({joined})"
    if command != "score":
        return None

    def short(g: Mapping[str, Any]) -> str:
        return str(g.get("file", "")).replace("\\", "/").rsplit("/", 1)[-1]

    first = next((g for g in golds if g.get("role") == "gold"), None)
    tl = next((g for g in golds if g.get("role") == "tl-unify"), None)
    others = [short(g) for g in golds if g.get("role") == "other"]
    if first is None or (tl is None and not others):
        return "gold"
    gold = short(first) if tl is None else f"{short(first)} ⊔tl {short(tl)}"
    return f"generalized gold ({' ⊓ '.join([gold, *others])})" if others else gold


def render_html(
    report: Mapping[str, Any],
    sentences: Iterable[Mapping[str, Any]],
    *,
    text: str | None = None,
    title: str | None = None,
    order: Sequence[str] = (),
) -> str:
    """The self-contained HTML report as one string (see :func:`write_html`)."""
    buffer = io.StringIO()
    write_html(report, sentences, buffer, text=text, title=title, order=order)
    return buffer.getvalue()
