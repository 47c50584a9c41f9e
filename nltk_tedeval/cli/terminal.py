"""What the command line shows the terminal before any scoring: its name, choices and messages.

Layer 5. The parser (:mod:`~nltk_tedeval.cli.command`) builds ``--help`` and
checks arguments from these, and every report turns library messages into
the command's words with :func:`for_command_line`. The module imports no
scoring code, so that ``tedeval --version`` and ``tedeval CMD --help`` start
without it (issue 31).
"""

from __future__ import annotations

import argparse
import os
import re

from ..errors import OptionError
from ..scoring.defaults import DEFAULT_BOOTSTRAP_ROUNDS

__all__ = [
    "DEFAULT_TEXT_TOP",
    "OUTPUT_FORMATS",
    "PROG",
    "add_breakdown_options",
    "add_measure_option",
    "check_numbers",
    "check_output_files",
    "check_streams",
    "for_command_line",
]

PROG = "tedeval"
"""The command's name, as its help, errors and warnings print it."""


OUTPUT_FORMATS = ("text", "json", "tsv", "csv", "markdown", "latex", "html")
"""``-f/--output-format``: the text report, JSON, or the score table in a table format."""


DEFAULT_TEXT_TOP = 20
"""Groups a text table shows unless ``--top`` says otherwise (JSON and the other formats: all)."""


# Library messages name Python parameters; on the command line the same
# advice names the flag that does it, and a source of sentences is a file
# (which the message's location already names) or its role. One table,
# applied to every error and warning.
_FLAGS = (
    ("use projectivize=True to lift", "use --projectivize to lift"),
    ("or projectivize=True to lift", "or --projectivize to lift"),
    ("pass missing='skip', 'zero' or 'flat'", "pass --missing skip, zero or flat"),
    ("(engine='span')", "(--engine span)"),
    ("with on_error='skip'", "with --skip-bad"),
    ("align='lcs' aligns", "--align lcs aligns"),
    (": use 'skip' or 'zero'", ": use --missing skip or zero"),
    ("(an empty line or None)", "(an empty line)"),
)
_PATTERNS = (
    (re.compile(r"\bmissing='(skip|zero|flat|error)'"), r"--missing \1"),
    (re.compile(r"\bgold_sents\b"), "the gold"),
    (re.compile(r"\bother_golds\[\d+\]"), "the other gold"),
    (re.compile(r"\btl_unify_with\b"), "the --tl-unify gold"),
    (re.compile(r"\bparsed_sents\b"), "the parse"),
)
# A message is one line of text: a control character (from a file's name, or
# input quoted without escapes) must not reach the terminal as itself.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def for_command_line(message: str) -> str:
    r"""An error message with its Python parameters replaced by the command's flags.

    >>> for_command_line("arc 3 -> 1 crosses; use projectivize=True to lift non-projective arcs")
    'arc 3 -> 1 crosses; use --projectivize to lift non-projective arcs'
    >>> for_command_line("g.ptb:2: gold_sents has no tree here (an empty line or None)")
    'g.ptb:2: the gold has no tree here (an empty line)'
    >>> print(for_command_line("a missing parse (missing='skip') in x\ny\x1b[31m.ptb"))
    a missing parse (--missing skip) in x\ny\x1b[31m.ptb
    """
    for python, flag in _FLAGS:
        message = message.replace(python, flag)
    for pattern, flag in _PATTERNS:
        message = pattern.sub(flag, message)
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], message)


def check_numbers(args: argparse.Namespace) -> None:
    """Refuse, before any file is read, a number that no option of the command takes.

    One rule and one message per option, whatever the value: a count of rounds
    is at least 1 (``--significance 0`` is no test, so it is refused rather than
    ignored), a seed, a number of groups or of errors at least 0, a length bound at
    least 1 (the minimum not above the maximum), and a level what
    :data:`~nltk_tedeval.scoring.bootstrap.LEVELS` says.
    """
    for option, attr, least, what in (
        ("--significance", "significance", 1, "a number of rounds of at least 1"),
        ("--seed", "seed", 0, "a non-negative integer"),
        ("--top", "top", 0, "a number of groups (0: all)"),
        ("--max-errors", "max_errors", 0, "a number of error sentences of at least 0"),
        ("--sentence", "sentence", 1, "a sentence number, from 1"),
        ("--first", "first", 1, "a number of sentences of at least 1"),
        ("--min-length", "min_length", 1, "a number of words of at least 1"),
        ("--max-length", "max_length", 1, "a number of words of at least 1"),
    ):
        value = getattr(args, attr, None)
        if value is not None and value < least:
            raise OptionError(f"{option} takes {what}, not {value}")
    low, high = getattr(args, "min_length", None), getattr(args, "max_length", None)
    if low is not None and high is not None and low > high:
        raise OptionError(
            f"--min-length {low} is more than --max-length {high}: no sentence could be kept"
        )
    level = getattr(args, "ci", None)
    if level is not None:
        from ..scoring.bootstrap import LEVELS, check_level  # only with --ci (numpy's module)

        try:
            check_level(level)
        except OptionError:
            raise OptionError(f"--ci takes {LEVELS}, not {level}") from None


def check_output_files(args: argparse.Namespace) -> None:
    """Refuse, before any scoring, an output file that no report can be written to.

    ``--output`` and ``--per-sentence`` name a file: an empty name, a name that
    is a directory (``/``, ``.``, ``reports/``) or a file in a directory that
    does not exist would otherwise fail only when the report is written.
    """
    for option, attr in (("--output", "output"), ("--per-sentence", "per_sentence")):
        path = getattr(args, attr, None)
        if path is None or (path == "-" and attr == "per_sentence"):
            continue
        if not path:
            raise OptionError(f"{option} takes a file name, not an empty string")
        name = os.path.basename(path)
        if name in ("", ".", "..") or os.path.isdir(path):
            raise OptionError(f"{option} {path}: is a directory; give the name of a file in it")
        folder = os.path.dirname(path) or "."
        if not os.path.isdir(folder):
            raise OptionError(f"{option} {path}: no directory {folder}")


def check_streams(args: argparse.Namespace) -> None:
    """Refuse options that would put two formats on standard output."""
    if getattr(args, "per_sentence", None) != "-" or getattr(args, "output", None):
        return
    form = getattr(args, "output_format", "text")
    for option, given in (
        (f"--output-format {form}", form != "text"),
        ("--evalb", getattr(args, "evalb", False)),
    ):
        if given:
            raise OptionError(
                f"{option} and --per-sentence - would both write to standard output; "
                "give --per-sentence a file name"
            )


def add_measure_option(p: argparse.ArgumentParser, offered: str) -> None:
    """``--measure``: the measures a command's metric offers beyond its own (``offered``, in
    words, for the help), which a run adds where it is asked (docs/extending.md)."""
    p.add_argument(
        "--measure",
        action="append",
        default=[],
        metavar="NAME[,NAME...]",
        help=f"add measures beyond the command's own ({offered}; 'all': every one), to every "
        "table, format, breakdown by length, interval and test",
    )


def add_breakdown_options(p: argparse.ArgumentParser) -> None:
    """The breakdown options every command shares."""
    g = p.add_argument_group("breakdowns and intervals (docs/report.md)")
    g.add_argument(
        "--by",
        action="append",
        default=[],
        metavar="KEY[,KEY...]",
        help="break every score down by these keys (relation, length, ...): a table per key "
        "and system, groups by gold frequency; an unknown key lists the command's keys",
    )
    g.add_argument(
        "--bins",
        action="append",
        default=[],
        metavar="KEY=B[,B...]",
        help="the bins of a binned key of --by, as upper bounds (length=10,20,30,40: 1-10, "
        "11-20, 21-30, 31-40, 41+); repeat for each key",
    )
    g.add_argument(
        "--top",
        type=int,
        metavar="N",
        default=None,
        help=f"show the N most frequent groups of each key (default {DEFAULT_TEXT_TOP} in text, "
        "all in the other formats; 0: all)",
    )
    g.add_argument(
        "--ci",
        metavar="LEVEL",
        default=None,
        help="seeded bootstrap confidence intervals at LEVEL (0.95 or 95: 0.5 to below 1, or 50 "
        "to below 100) for every score and "
        f"group, resampling sentences ({DEFAULT_BOOTSTRAP_ROUNDS} rounds, --seed)",
    )
