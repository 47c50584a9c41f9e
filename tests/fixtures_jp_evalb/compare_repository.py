"""Compare jp-evalb on its own repository's samples with ``tedeval parseval --align --jp-evalb``.

A developer's check, run by hand (the test suite never runs it), from the
project root, with the path of a checkout of github
jungyeul/alignment-based-PARSEVAL:

    python tests/fixtures_jp_evalb/compare_repository.py PATH/alignment-based-PARSEVAL

That repository has no licence, so nothing of it is copied here: its
``jp-evalb.py`` is run as it is, in a subprocess, in its default mode (no
parameter file, no ``-evalb``), in a temporary directory (it writes its table
to ``jp-evalb.txt`` in the current one), on each of its three samples:
``case1_ptb23_dir`` (section 23 of the PTB and a Berkeley parse),
``case2_bug_dir`` (EVALB's bug cases) and ``case3_korean_dir`` (an
end-to-end Korean parse, whose morphemes differ from the gold's). Ours runs
on the same files as ``tedeval parseval GOLD TEST --align --jp-evalb
--missing zero`` (jp-evalb scores an empty parse, ``(TOP ())``, as one with
nothing right), with ``--align lcs`` where the exact alignment refuses
texts that differ.

The two tables are then read back, row by row. A row is a unit of each
side's alignment; both count every gold word once in a unit's ``Words``, so
a row of ours and one of jp-evalb's cover the same gold sentences when the
gold words before them and in them are the same. Such rows are compared
column by column; where the two alignments made different units, the rows
of that stretch are shown side by side, not compared. ``Len`` differs by
design (docs/SPEC.md, section 11): jp-evalb prints the gold word count,
ours the aligned positions (by which jp-evalb itself cuts at 40). The
totals line and the two summary blocks are compared too, and the table that
the sample directory holds (``jp-evalb.txt``, committed with it) is
checked against what the checkout's ``jp-evalb.py`` prints now.

Per sample it prints the rows compared and equal, each differing column
with its count, the first differing rows side by side, the totals and
summary values that differ, and a one-line verdict.
"""

from __future__ import annotations

import argparse
import difflib
import os
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

COLUMNS = (
    "ID", "Len", "Stat", "Recall", "Prec", "Matched", "Gold", "Test", "Cross", "Words", "Tags",
    "TagAcc",
)  # fmt: skip
WORDS = COLUMNS.index("Words")
TOTALS_FULL = ("Recall", "Prec", "Matched", "Gold", "Test", "Cross", "Words", "Tags", "TagAcc")
TOTALS_TAGS = ("Words", "Tags", "TagAcc")
PROJECT = Path(__file__).resolve().parents[2]
LEN_WHY = "by design: jp-evalb prints the gold words, ours the positions"


@dataclass(frozen=True)
class Sample:
    """One sample directory of jp-evalb's repository."""

    directory: str
    gold: str
    test: str


SAMPLES = (
    Sample("case1_ptb23_dir", "23.gold", "23.sys_berkeley_top"),
    Sample("case2_bug_dir", "bug.gld", "bug.tst"),
    Sample("case3_korean_dir", "BGAA0001.test.gold", "BGAA0001.test.sys"),
)


@dataclass
class Table:
    """A table in jp-evalb's layout, read back."""

    rows: list[list[str]] = field(default_factory=list)
    totals: dict[str, str] = field(default_factory=dict)
    summary: dict[str, str] = field(default_factory=dict)


@dataclass
class Run:
    """What one side printed, or why it printed nothing."""

    command: list[str]
    table: Table | None = None
    text: str = ""
    error: str = ""
    warnings: list[str] = field(default_factory=list)


def read_table(text: str) -> Table:
    """Read a table printed as jp-evalb prints one (its ``Current time`` lines skipped)."""
    table = Table()
    separators = 0
    block = ""
    for line in text.splitlines():
        fields = line.split()
        if line.startswith("Current time") or not fields:
            continue
        if line.startswith("====="):
            separators += 1
        elif line.startswith("-- ") and line.endswith(" --"):
            block = line.strip("- ")
        elif separators == 1 and len(fields) == len(COLUMNS) and fields[0].isdigit():
            table.rows.append(fields)
        elif separators == 2 and not table.totals and not line.startswith("==="):
            names = TOTALS_FULL if len(fields) == len(TOTALS_FULL) else TOTALS_TAGS
            table.totals = dict(zip(names, fields, strict=False))
        elif "=" in line and block:
            key, _, value = line.partition("=")
            table.summary[f"{block}: {key.strip()}"] = value.strip()
    return table


def run_jp_evalb(checkout: Path, sample: Sample, python: str, timeout: float) -> Run:
    """Run the repository's jp-evalb.py, default mode, on one sample, in a scratch directory."""
    here = checkout / sample.directory
    command = [
        python,
        str((checkout / "jp-evalb.py").resolve()),
        str((here / sample.gold).resolve()),
        str((here / sample.test).resolve()),
    ]
    with tempfile.TemporaryDirectory(prefix="jp-evalb-") as tmp:
        try:
            done = subprocess.run(
                command, cwd=tmp, capture_output=True, text=True, timeout=timeout, check=False
            )
        except subprocess.TimeoutExpired:
            return Run(command, error=f"no answer after {timeout:g} s")
        if done.returncode != 0:
            lines = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
            return Run(command, error=lines[-1])
        text = (Path(tmp) / "jp-evalb.txt").read_text(encoding="utf-8")
    return Run(command, table=read_table(text), text=text)


def run_ours(sample: Sample, checkout: Path, timeout: float) -> Run:
    """``tedeval parseval --align --jp-evalb`` on one sample: exact alignment, else lcs."""
    here = checkout / sample.directory
    # Run as a module, so that from the project root it needs no installation.
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(PROJECT), env.get("PYTHONPATH", "")) if p)
    last = Run([])
    for align in ("exact", "lcs"):
        command = [
            sys.executable, "-m", "nltk_tedeval", "parseval", str(here / sample.gold),
            str(here / sample.test), "--align", align, "--jp-evalb", "--missing", "zero", "-q",
        ]  # fmt: skip
        try:
            done = subprocess.run(
                command, capture_output=True, text=True, timeout=timeout, check=False, env=env
            )
        except subprocess.TimeoutExpired:
            return Run(command, error=f"no answer after {timeout:g} s")
        if done.returncode == 0:
            warnings = [line for line in done.stderr.splitlines() if line.strip()]
            return Run(command, read_table(done.stdout), done.stdout, warnings=warnings)
        lines = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
        last = Run(command, error=lines[-1])
        if "--align lcs" not in done.stderr:
            break  # not a refusal that lcs answers
    return last


def pair_rows(
    ours: list[list[str]], theirs: list[list[str]]
) -> tuple[list[tuple[int, int]], list[tuple[list[int], list[int]]]]:
    """Pair the rows that cover the same gold words; group the others into blocks.

    Returns the pairs (row index of ours, of theirs) and the blocks (rows of
    ours, rows of theirs) over which the two alignments made different units.
    """
    pairs: list[tuple[int, int]] = []
    blocks: list[tuple[list[int], list[int]]] = []
    i = j = 0
    while i < len(ours) and j < len(theirs):
        mine, their = int(ours[i][WORDS]), int(theirs[j][WORDS])
        if mine == their:
            pairs.append((i, j))
            i, j = i + 1, j + 1
            continue
        block: tuple[list[int], list[int]] = ([i], [j])
        i, j = i + 1, j + 1
        while mine != their:
            if mine < their and i < len(ours):
                block[0].append(i)
                mine += int(ours[i][WORDS])
                i += 1
            elif their < mine and j < len(theirs):
                block[1].append(j)
                their += int(theirs[j][WORDS])
                j += 1
            else:
                break
        blocks.append(block)
    if i < len(ours) or j < len(theirs):
        blocks.append((list(range(i, len(ours))), list(range(j, len(theirs)))))
    return pairs, blocks


def differing_columns(mine: list[str], their: list[str]) -> list[str]:
    return [
        name for name, a, b in zip(COLUMNS, mine, their, strict=True) if a != b and name != "ID"
    ]


def row_line(label: str, values: Sequence[str]) -> str:
    return (f"  {label:<10}" + "".join(f"{v:>8}" for v in values)).rstrip()


def summed(rows: list[list[str]]) -> list[str]:
    """The count columns of some rows summed (the others left blank)."""
    counts = ("Matched", "Gold", "Test", "Cross", "Words", "Tags")
    return [
        str(sum(int(r[k]) for r in rows)) if name in counts else ""
        for k, name in enumerate(COLUMNS)
    ]


def committed_check(checkout: Path, sample: Sample, current: str) -> str:
    """Whether the sample's committed jp-evalb.txt is what jp-evalb.py prints now."""
    path = checkout / sample.directory / "jp-evalb.txt"
    if not path.exists():
        return "no committed jp-evalb.txt"

    def keep(text: str) -> list[str]:
        return [line for line in text.splitlines() if not line.startswith("Current time")]

    old, new = keep(path.read_text(encoding="utf-8")), keep(current)
    if old == new:
        return "the same as jp-evalb.py prints now (Current time lines aside)"
    changed = sum(
        max(i2 - i1, j2 - j1)
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(
            None, old, new, autojunk=False
        ).get_opcodes()
        if tag != "equal"
    )
    old_rows, new_rows = read_table("\n".join(old)).rows, read_table("\n".join(new)).rows
    columns: Counter[str] = Counter()
    for a, b in zip(old_rows, new_rows, strict=False):
        columns.update(differing_columns(a, b))
    what = ", ".join(f"{c} {n}" for c, n in columns.most_common()) or "no row column"
    return (
        f"DIFFERS from what jp-evalb.py prints now: {changed} lines; "
        f"rows {len(old_rows)} committed vs {len(new_rows)} now; differing row columns: {what}"
    )


def compare_dicts(ours: dict[str, str], theirs: dict[str, str]) -> list[str]:
    keys = list(theirs) + [k for k in ours if k not in theirs]
    return [
        f"{k}: ours {ours.get(k, '-')} jp-evalb {theirs.get(k, '-')}"
        for k in keys
        if ours.get(k) != theirs.get(k)
    ]


def report(sample: Sample, ours: Run, theirs: Run, checkout: Path, show: int) -> str:
    """Print one sample's comparison; return its verdict."""
    print(f"== {sample.directory}: {sample.gold} vs {sample.test}")
    print(f"jp-evalb: {' '.join(theirs.command[1:])}")
    if theirs.table is None:
        print(f"  CRASHED: {theirs.error}")
    else:
        print(f"  ran: {len(theirs.table.rows)} rows")
        print(f"  committed jp-evalb.txt: {committed_check(checkout, sample, theirs.text)}")
    options = " ".join(ours.command[ours.command.index("--align") :])
    print(f"ours: tedeval parseval GOLD TEST {options}")
    if ours.table is None:
        print(f"  FAILED: {ours.error}")
    else:
        print(f"  ran: {len(ours.table.rows)} rows")
        for line in ours.warnings:
            print(f"  {line}")
    if theirs.table is None or ours.table is None:
        who = "jp-evalb crashed" if theirs.table is None else "ours failed"
        if theirs.table is None and ours.table is not None:
            print("ours, totals: " + " ".join(f"{k} {v}" for k, v in ours.table.totals.items()))
        print()
        return f"NOT COMPARED: {who}"

    mine, their = ours.table, theirs.table
    pairs, blocks = pair_rows(mine.rows, their.rows)
    columns: Counter[str] = Counter()
    equal = equal_but_len = 0
    differing: list[tuple[int, int, list[str]]] = []
    for i, j in pairs:
        cols = differing_columns(mine.rows[i], their.rows[j])
        columns.update(cols)
        equal += not cols
        equal_but_len += not [c for c in cols if c != "Len"]
        if cols:
            differing.append((i, j, cols))
    unpaired = (sum(len(b[0]) for b in blocks), sum(len(b[1]) for b in blocks))
    print(
        f"rows compared: {len(pairs)} (the same gold words on both sides); "
        f"equal: {equal}; equal apart from Len: {equal_but_len}"
    )
    if blocks:
        print(
            f"rows not compared: {unpaired[0]} of ours and {unpaired[1]} of jp-evalb's, in "
            f"{len(blocks)} stretches that the two alignments cut into different units"
        )
    for name in COLUMNS:
        if columns[name]:
            why = f" ({LEN_WHY})" if name == "Len" else ""
            print(f"  column {name}: differs in {columns[name]} rows{why}")
    beyond = [d for d in differing if d[2] != ["Len"]]
    shown = beyond[:show] if beyond else differing[: min(show, 2)]
    if shown:
        print("first differing rows" + (" (beyond Len):" if beyond else " (Len only):"))
        print(row_line("", COLUMNS))
        for i, j, cols in shown:
            print(row_line("ours", mine.rows[i]))
            print(row_line("jp-evalb", their.rows[j]))
            print(f"{'':12}differ: {', '.join(cols)}")
    if blocks:
        print("first stretches aligned differently (the counts summed below each side's rows):")
        print(row_line("", COLUMNS))
    for k, (bo, bt) in enumerate(blocks[:show]):
        print(f"  stretch {k + 1}")
        for label, table, rows in (("ours", mine, bo), ("jp-evalb", their, bt)):
            for i in rows:
                print(row_line(label, table.rows[i]))
            print(row_line(f"{label} sum", summed([table.rows[i] for i in rows])))
    totals = compare_dicts(mine.totals, their.totals)
    summary = compare_dicts(mine.summary, their.summary)
    print("totals: " + ("equal" if not totals else "; ".join(totals)))
    print("summary: " + ("equal" if not summary else f"{len(summary)} values differ"))
    for line in summary[:show]:
        print(f"  {line}")

    beyond_cols = [f"{c} {columns[c]}" for c in COLUMNS if columns[c] and c != "Len"]
    if not beyond_cols and not blocks and not totals and not summary:
        len_note = f", Len aside ({columns['Len']} rows, {LEN_WHY})" if columns["Len"] else ""
        verdict = f"SAME: all {len(pairs)} rows, the totals and the summary agree{len_note}"
    else:
        parts = []
        if beyond_cols:
            parts.append("rows differ in " + ", ".join(beyond_cols))
        if blocks:
            parts.append(f"{len(blocks)} stretches aligned differently")
        if totals:
            parts.append("totals differ in " + ", ".join(t.split(":")[0] for t in totals))
        if summary:
            parts.append(f"{len(summary)} summary values differ")
        verdict = "DIFFERENT: " + "; ".join(parts)
    print(f"verdict: {verdict}")
    print()
    return verdict


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Compare jp-evalb.py's default mode with tedeval parseval --align "
        "--jp-evalb on the three samples of jp-evalb's repository."
    )
    parser.add_argument("checkout", type=Path, help="a checkout of alignment-based-PARSEVAL")
    parser.add_argument("--show", type=int, default=5, help="differing rows to show (5)")
    parser.add_argument(
        "--python", default=sys.executable, help="the Python that runs jp-evalb.py (needs nltk)"
    )
    parser.add_argument("--timeout", type=float, default=3600.0, help="seconds per run (3600)")
    parser.add_argument(
        "--only", action="append", default=None, help="a sample directory to compare (repeatable)"
    )
    args = parser.parse_args(argv)
    checkout: Path = args.checkout
    if not (checkout / "jp-evalb.py").is_file():
        parser.error(f"{checkout}: no jp-evalb.py there")
    verdicts = []
    for sample in SAMPLES:
        if args.only and sample.directory not in args.only:
            continue
        if not (checkout / sample.directory).is_dir():
            print(f"== {sample.directory}: not in this checkout\n")
            continue
        theirs = run_jp_evalb(checkout, sample, args.python, args.timeout)
        ours = run_ours(sample, checkout, args.timeout)
        verdicts.append((sample.directory, report(sample, ours, theirs, checkout, args.show)))
    print("== verdicts")
    for name, verdict in verdicts:
        print(f"{name}: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
