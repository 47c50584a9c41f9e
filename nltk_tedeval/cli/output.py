"""Writing reports: aligned text tables, deterministic JSON, per-sentence TSV.

The command-line tool prints every result in one of three ways, all made
here so they look alike across metrics and commands:

- a text table for people (:func:`text_table`);
- one JSON object for programs, byte-identical for identical inputs
  (:func:`to_json`: sorted keys, NaN as ``null``);
- a tab-separated file with one line per sentence (:func:`write_tsv`).

The table of pairwise significance tests and the choice of stream are here
too; what a report holds is :mod:`~nltk_tedeval.cli.report`'s.

>>> print(text_table(["system", "LAS"], [["a.conllu", 0.91234], ["b.conllu", float("nan")]]))
system    LAS
--------  ------
a.conllu  0.9123
b.conllu  n/a
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..errors import OptionError
from ..scoring.evaluator import Evaluator

__all__ = [
    "ScoreTable",
    "check_significance",
    "display_width",
    "fmt",
    "p_value_text",
    "pairwise",
    "significance_table",
    "text_table",
    "to_json",
    "write_tsv",
]


NA = "n/a"
"""How a text table or a human-read format (Markdown, LaTeX) shows a number with nothing to
compare (SPEC.md §9); TSV and CSV leave its cell empty."""


def fmt(value: Any, digits: int = 4) -> str:
    """A cell: floats with ``digits`` decimals, ``n/a`` for NaN or None."""
    if value is None:
        return NA
    if isinstance(value, float):
        return NA if math.isnan(value) else f"{value:.{digits}f}"
    return str(value)


def display_width(text: str) -> int:
    """The columns ``text`` takes in a terminal: an East Asian wide or full-width character
    two, a combining mark or a zero-width one none (wcwidth, after Unicode's East Asian
    Width and general categories), so that ``系统甲`` pads as six columns.

    >>> [display_width(t) for t in ("LAS", "系统甲", "e\u0301", "בבית")]
    [3, 6, 1, 4]
    """
    if text.isascii():
        return len(text)
    import wcwidth  # only for a cell that is not ASCII: most reports never import it

    width = wcwidth.wcswidth(text)
    # A control character has no width of its own (-1): count every code point then.
    return len(text) if width < 0 else width


def _pad(cell: str, width: int) -> str:
    return cell + " " * (width - display_width(cell))


def text_table(header: Sequence[str], rows: Iterable[Sequence[Any]], digits: int = 4) -> str:
    """Columns padded to their widest cell by display width, a rule under the header."""
    cells = [[str(h) for h in header]] + [[fmt(v, digits) for v in row] for row in rows]
    widths = [max(display_width(r[i]) for r in cells) for i in range(len(header))]
    lines = [
        "  ".join(_pad(c, w) for c, w in zip(row, widths, strict=True)).rstrip() for row in cells
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _clean(obj: Any) -> Any:
    """NaN becomes None (JSON has no NaN); tuples become lists; keys become strings."""
    if isinstance(obj, float):
        return None if math.isnan(obj) else float(obj)
    if isinstance(obj, Mapping):
        return {str(k): _clean(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_clean(v) for v in obj]
    if hasattr(obj, "item") and callable(obj.item):  # numpy scalars
        return _clean(obj.item())
    return obj


def to_json(obj: Any) -> str:
    """Deterministic JSON: sorted keys, two-space indent, no NaN."""
    import json  # only for -f json: a table run need not import it (issue 31)

    return json.dumps(_clean(obj), sort_keys=True, indent=2, ensure_ascii=False, allow_nan=False)


def write_tsv(path: str | Path, header: Sequence[str], rows: Iterable[Sequence[Any]]) -> int:
    """Write a TSV file (``-`` is standard output); returns the number of rows."""
    count = 0

    def line(values: Sequence[Any]) -> str:
        out = []
        for v in values:
            if isinstance(v, float):
                # Nothing to compare is an empty cell, a missing number to a spreadsheet.
                out.append("" if math.isnan(v) else repr(round(v, 6)))
            else:
                out.append("" if v is None else str(v).replace("\t", " "))
        return "\t".join(out) + "\n"

    if str(path) == "-":
        handle = sys.stdout
        close = False
    else:
        handle = open(path, "w", encoding="utf-8", newline="")  # noqa: SIM115
        close = True
    try:
        handle.write(line(header))
        for row in rows:
            handle.write(line(row))
            count += 1
    finally:
        if close:
            handle.close()
    return count


def pairwise(
    systems: Sequence[tuple[str, Evaluator]], measures: Sequence[str], rounds: int, seed: int
) -> list[dict[str, Any]]:
    out = []
    for (name_a, a), (name_b, b) in itertools.combinations(systems, 2):
        for measure in measures:
            res = a.significance(b, measure, rounds=rounds, seed=seed)
            out.append({"a": name_a, "b": name_b, **res.as_dict()})
    return out


def p_value_text(p: float | None, rounds: int) -> str:
    """A p-value with as many decimals as ``rounds`` can resolve: 1/(R+1) is the smallest.

    >>> p_value_text(1 / 10001, 10000), p_value_text(0.5, 99), p_value_text(None, 99)
    ('0.00010', '0.50', 'n/a')
    """
    if p is None or math.isnan(p):
        return "n/a"
    digits = max(2, math.ceil(math.log10(rounds + 1)))
    return f"{p:.{digits}f}"


def significance_table(
    rows: Sequence[dict[str, Any]], rounds: int, seed: int, *, percent: bool = False
) -> str:
    """The pairwise tests; scores on the report's scale (``percent`` for EVALB's)."""
    header = ["A", "B", "measure", "score A", "score B", "p-value"]
    scale, digits = (100.0, 2) if percent else (1.0, 4)
    body = [
        [
            r["a"],
            r["b"],
            _test_measure(r),
            fmt(None if r["score_a"] is None else r["score_a"] * scale, digits),
            fmt(None if r["score_b"] is None else r["score_b"] * scale, digits),
            p_value_text(r["p_value"], rounds),
        ]
        for r in rows
    ]
    noun = "round" if rounds == 1 else "rounds"
    lines = [f"paired approximate randomization, {rounds} {noun}, seed {seed}"]
    lines.append(text_table(header, body))
    # A test that did not run (its measure N/A) says why, once per measure and reason.
    untested: dict[tuple[str, str], list[str]] = {}
    for r in rows:
        if r.get("reason"):
            key = (_test_measure(r), r["reason"])
            untested.setdefault(key, []).append(f"{r['a']} vs {r['b']}")
    lines += [
        f"n/a: {measure} p-value of {', '.join(pairs)}: {reason}"
        for (measure, reason), pairs in untested.items()
    ]
    return "\n".join(lines)


def _test_measure(row: Mapping[str, Any]) -> str:
    """The measure of a test as the text names it: ``cross`` tests each scenario apart.

    A ``cross`` row's ``measure`` (``TEDEVAL labeled``) is the same in SINGLE
    and MULTIPLE; its ``scenario`` and ``mode`` tell them apart.
    """
    if "scenario" in row:
        return f"{row['scenario']} {row['mode']}"
    return str(row["measure"])


class ScoreTable:
    """The scores of a report as one table: a row per system, a column per measure.

    ``percent`` says the numbers are percentages (EVALB's convention, for
    ``parseval``); every other report uses fractions. The table formats all
    print these numbers, rounded alike: 2 decimals for percentages, 4 for
    fractions.
    """

    def __init__(
        self,
        header: Sequence[str],
        rows: Sequence[Sequence[Any]],
        *,
        percent: bool = False,
        after: Sequence[ScoreTable] = (),
    ):
        self.header = list(header)
        self.rows = [list(r) for r in rows]
        self.percent = percent
        self.after = list(after)
        """Tables printed after this one, each after an empty line (``--by``'s breakdowns)."""

    def cells(self) -> list[list[str]]:
        digits = 2 if self.percent else 4
        scale = 100.0 if self.percent else 1.0
        return [
            [
                c if isinstance(c, str) else fmt(None if c is None else c * scale, digits)
                for c in row
            ]
            for row in self.rows
        ]

    def render(self, form: str) -> str:
        """The table in ``form`` (tsv, csv, markdown, latex), then those of :attr:`after`."""
        return "\n\n".join(t.render_one(form) for t in (self, *self.after))

    def render_one(self, form: str) -> str:
        """This table alone in ``form``."""
        cells = self.cells()
        if form in ("tsv", "csv"):
            import csv
            import io

            buffer = io.StringIO()
            writer = csv.writer(
                buffer, delimiter="\t" if form == "tsv" else ",", lineterminator="\n"
            )
            writer.writerow(self.header)
            # A number that is N/A is an empty cell, which spreadsheets and pandas read as
            # a missing number; "n/a" would make the whole column text.
            writer.writerows([["" if c == NA else c for c in row] for row in cells])
            return buffer.getvalue().rstrip("\n")
        if form == "markdown":
            lines = ["| " + " | ".join(self.header) + " |"]
            lines.append("|" + "|".join("---" for _ in self.header) + "|")
            lines += ["| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in cells]
            return "\n".join(lines)
        if form == "latex":
            spec = "l" + "r" * (len(self.header) - 1)
            lines = [f"\\begin{{tabular}}{{{spec}}}", "\\hline"]
            lines.append(" & ".join(_latex(h) for h in self.header) + " \\\\")
            lines.append("\\hline")
            lines += [" & ".join(_latex(c) for c in row) + " \\\\" for row in cells]
            lines += ["\\hline", "\\end{tabular}"]
            return "\n".join(lines)
        raise ValueError(form)


_LATEX = {
    **{ch: "\\" + ch for ch in "&%$#_{}"},
    "\\": r"\textbackslash{}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}


def _latex(text: str) -> str:
    """``text`` with LaTeX's special characters escaped."""
    return "".join(_LATEX.get(ch, ch) for ch in text)


def write_output(path: str, content: str | Callable[[Any], None]) -> None:
    """``content`` and a newline into ``path`` (``--output``), as print would have ended it;
    or what ``content`` writes to the open file (a report streamed, ``-f html``).

    Written beside and renamed, so that a run that fails half way leaves no
    half report where a whole one was.
    """
    target = Path(path)
    if target.name in ("", ".", ".."):
        raise OptionError(f"--output {path}: is a directory; give the name of a file in it")
    partial = target.with_name(f".{target.name}.partial")
    try:
        with open(partial, "w", encoding="utf-8", newline="\n") as f:
            if callable(content):
                content(f)
            else:
                f.write(content)
                f.write("\n")
        os.replace(partial, target)
    except OSError as err:
        partial.unlink(missing_ok=True)
        raise OptionError(f"--output {path}: {err.strerror or err}") from None
    except BaseException:
        partial.unlink(missing_ok=True)
        raise


def check_significance(args: argparse.Namespace, systems: int) -> None:
    """Refuse a significance test that cannot run: one system alone (its number of rounds
    is checked with every option's, :func:`~nltk_tedeval.cli.terminal.check_numbers`)."""
    if not getattr(args, "significance", None):
        return
    if systems < 2:
        raise OptionError(
            "--significance compares systems with each other: give two or more "
            f"(this run scores {systems})"
        )
