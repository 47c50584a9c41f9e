"""The ``tedeval`` command: every metric of the package, from files.

Subcommands:

- ``tedeval score GOLD PARSE [PARSE ...]``: TedEval SINGLE (or MULTIPLE
  with ``--other-gold``), labeled and unlabeled;
- ``tedeval cross -e NAME=GOLD,PARSE ...``: a cross-framework experiment,
  SINGLE and MULTIPLE for every experiment, the cross-theory overlap of
  every pair of golds, and pairwise significance;
- ``tedeval parseval GOLD TEST [TEST ...]``: ParsEval as EVALB computes it;
- ``tedeval attach GOLD PARSE [PARSE ...]``: LAS, UAS, LA, undirected, NED;
- ``tedeval mph GOLD TEST [TEST ...]``: MPH bracket scores.

Files are read in lockstep, sentence by sentence (:mod:`nltk_tedeval.reading`),
so memory does not grow with the corpus. Every report carries a signature
of the options that change its numbers. Problems in the input are one-line
messages naming the file, line and sentence, with exit status 1; ``--debug``
shows the Python traceback instead.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import sys
import warnings
from collections.abc import Sequence
from typing import Any

from .._version import __version__
from ..errors import MissingParseWarning, TedEvalError
from ..reading.formats import FORMATS
from ..scoring.defaults import DEFAULT_SEED, MISSING
from .commands import CONLL18_TABLES
from .registry import METRICS
from .terminal import (
    OUTPUT_FORMATS,
    PROG,
    add_breakdown_options,
    check_numbers,
    check_output_files,
    check_streams,
    for_command_line,
)

__all__ = ["bare_optional_values", "build_parser", "console", "main"]


_ALIGN_MODES = ("exact", "lcs")


def _common(p: argparse.ArgumentParser, *, formats: bool = True, report: bool = True) -> None:
    inp = p.add_argument_group("input")
    if formats:
        inp.add_argument(
            "--format", choices=FORMATS, help="force the format of every file (default: detect)"
        )
        inp.add_argument(
            "--gold-format", choices=FORMATS, help="force the format of the gold files"
        )
        inp.add_argument(
            "--parse-format", choices=FORMATS, help="force the format of the parse (test) files"
        )
    else:
        inp.add_argument("--format", choices=FORMATS, help="force the format of every file")
    inp.add_argument(
        "--layout",
        choices=["auto", "line", "free"],
        default="auto",
        help="bracketed files. line: one tree per line, an empty line a missing parse (EVALB's "
        "layout); free: trees may run over several lines (pretty-printed .mrg files); auto "
        "(default): free when a file's trees run over several lines",
    )
    if not report:
        p.add_argument("--debug", action="store_true", help="show Python tracebacks for errors")
        return
    inp.add_argument(
        "--align",
        nargs="?",
        const="exact",
        choices=list(_ALIGN_MODES),
        help="score parses whose tokens and sentences differ from the gold's. exact "
        "(default): both sides must spell the same text (PTB escapes and quotes undone, "
        "whitespace ignored); lcs: texts may differ, their characters are matched by a "
        "longest common subsequence and the unmatched ones counted. Scores are counted per "
        "unit, the smallest group of sentences whose ends both share (docs/SPEC.md §11)",
    )
    inp.add_argument(
        "--gold-segments",
        metavar="FILE",
        action="append",
        default=[],
        help="with --align: the gold's surface tokens, for trees whose words are segments "
        "(SPMRL Hebrew and Arabic over morphemes): a token-to-segment map, TedEval's -sg file "
        "(a line TOKEN<TAB>SEG:SEG:... per token, an empty line after each sentence) or a "
        "CoNLL-U file, whose range lines give them (docs/SPEC.md §11). cross: NAME=FILE, for "
        "experiment NAME's gold",
    )
    inp.add_argument(
        "--parse-segments",
        metavar="FILE",
        action="append",
        default=[],
        help="with --align: the same for the parse files, one per parse file in their order "
        "('-' for one without: it is read as it is), TedEval's -sp file. cross: NAME=FILE",
    )
    inp.add_argument(
        "--skip-bad",
        action="store_true",
        help="go on past bad input instead of stopping: a bad gold sentence is left out of "
        "every system, a bad parse is its system's failed parse under --missing (counted and "
        "listed)",
    )
    inp.add_argument(
        "--missing",
        choices=MISSING,
        default="skip",
        help="a missing parse (an empty line; a CoNLL sentence whose every head is _): skip "
        "(default) leaves the sentence out of every system, zero scores it with nothing "
        "right, flat scores a flat parse of the gold's words, error stops. Always counted",
    )
    inp.add_argument(
        "--max-length",
        type=int,
        metavar="N",
        help="score only the sentences whose gold has at most N words (inclusive: '<= 40' "
        "is --max-length 40, '< 70' is --max-length 69). A word is a token of the gold, "
        "punctuation included, an empty element (-NONE-) not (docs/SPEC.md §15); the gold "
        "decides for every system alike, and the sentences left out are counted and listed",
    )
    inp.add_argument(
        "--min-length",
        type=int,
        metavar="N",
        help="score only the sentences whose gold has at least N words (inclusive)",
    )
    inp.add_argument(
        "--unfaithful",
        choices=["missing", "keep"],
        default="missing",
        help="a language model's answer (a parse file named .jsonl, docs/SPEC.md §14) whose "
        "words are not the sentence's: missing (default) makes it a missing parse, keep "
        "scores its tree (with --align lcs, against the gold's text). Invalid and unfaithful "
        "answers are always counted, with their reasons",
    )
    out = p.add_argument_group("output")
    out.add_argument(
        "-f",
        "--output-format",
        choices=OUTPUT_FORMATS,
        default="text",
        help="text (default); json: the whole report (docs/report.md); tsv, csv, markdown, "
        "latex: the score table alone (percentages in parseval, as EVALB prints them; "
        "fractions elsewhere); html: one self-contained file with every sentence's trees "
        "(give it --output FILE)",
    )
    out.add_argument(
        "--json",
        dest="output_format",
        action="store_const",
        const="json",
        help="the same as -f json",
    )
    out.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write the report, in any --output-format, to FILE instead of standard output",
    )
    out.add_argument(
        "--per-sentence",
        metavar="FILE",
        help="write every sentence's statistics as TSV ('-' = stdout; the text report then "
        "goes to stderr)",
    )
    out.add_argument("--macro", action="store_true", help="also report macro averages")
    out.add_argument(
        "--significance",
        type=int,
        metavar="R",
        default=None,
        help="pairwise paired randomization test with R rounds (at least 1) between systems",
    )
    out.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help=f"seed of the test (default {DEFAULT_SEED})"
    )
    add_breakdown_options(p)
    p.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on stderr (default: only when stderr is a terminal)",
    )
    p.add_argument(
        "-q", "--quiet", action="store_true", help="no progress bar (warnings still show)"
    )
    p.add_argument("--debug", action="store_true", help="show Python tracebacks for errors")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Cross-framework parser evaluation: TedEval beside ParsEval, LAS/UAS, NED "
        "and MPH.",
        epilog="Run 'tedeval COMMAND --help' for a command's options and examples.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in METRICS.values():
        p = sub.add_parser(
            command.name,
            help=command.help,
            description=command.help,
            epilog=command.examples,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        p.set_defaults(command_parser=p)  # for errors found after parsing, with its usage
        command.arguments(p)
        _common(p, formats=command.formats, report=command.report)
        p.set_defaults(run=command.runner)
        p.set_defaults(files=command.files)  # the kinds of file it takes (cli.file_kinds)
    return parser


def console() -> int:
    """The ``tedeval`` process (the console script, ``python -m nltk_tedeval``): :func:`main`
    on ``sys.argv``, and the exit status for ``sys.exit``.

    The process ends right after: every object the run left is freed as the
    interpreter exits, and the collector's last passes over them all would find
    nothing more to collect. Freezing them skips those passes, about 10 ms of a
    0.2 s run (issue 31); output and files are closed before, and exit handlers
    still run. Not for :func:`main`, which a Python program may call and go on.
    """
    status = main()
    gc.freeze()
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    words = bare_optional_values(sys.argv[1:] if argv is None else list(argv))
    args, unknown = parser.parse_known_args(words)
    if unknown:
        # argparse reports these from the top parser, with its usage line
        # ("tedeval [-h] [--version] COMMAND ..."); the command's own usage
        # shows the options that were meant.
        hint = (
            ""
            if unknown[0].startswith("-")
            else "; give the files together, before or after the options"
        )
        args.command_parser.error(f"unrecognized arguments: {' '.join(unknown)}{hint}")
    with warnings.catch_warnings():
        warnings.simplefilter("always", MissingParseWarning)
        warnings.showwarning = _show_warning
        return _run(args)


# Options whose value may be left out, and the value they then take.
_OPTIONAL_VALUES = {
    "--align": ("exact", _ALIGN_MODES),
    "--conll18": ("verbose", CONLL18_TABLES),
}


def bare_optional_values(argv: list[str]) -> list[str]:
    """``--align`` or ``--conll18`` followed by a file means its default value before that file.

    argparse gives an option with an optional value the next word, so
    ``tedeval parseval --align gold.mrg parse.mrg`` would take the gold's
    path as the alignment mode and stop with "invalid choice".
    """
    out = list(argv)
    for i, word in enumerate(out[:-1]):
        if word == "--":
            break
        if word in _OPTIONAL_VALUES:
            const, choices = _OPTIONAL_VALUES[word]
            if out[i + 1] not in choices and not out[i + 1].startswith("-"):
                out[i] = f"{word}={const}"
    return out


def _run(args: argparse.Namespace) -> int:
    _tolerant_stdout()
    try:
        check_streams(args)
        check_numbers(args)
        check_output_files(args)
        status = args.run()(args)
        sys.stdout.flush()  # a closed pipe shows here, not at exit
        return status
    except TedEvalError as err:
        _debug_traceback(args)
        print(f"{PROG}: error: {for_command_line(str(err))}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # Whoever read the output stopped early (tedeval ... | head): not an
        # error of the run. Later writes to stdout must not raise again.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 141  # 128 + SIGPIPE, as a shell reports a process killed by it
    except OSError as err:
        _debug_traceback(args)
        # The file may be an input or an output (--per-sentence): name it, as cp does.
        name = f"{err.filename}: " if getattr(err, "filename", None) else ""
        print(f"{PROG}: error: {for_command_line(f'{name}{err.strerror or err}')}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except MemoryError:
        _debug_traceback(args)
        print(f"{PROG}: error: out of memory", file=sys.stderr)
        return 1
    except Exception as err:  # a bug: say so in one line, and how to see more
        _debug_traceback(args)
        print(
            f"{PROG}: internal error: {type(err).__name__}: {' '.join(str(err).split())} "
            "(this is a bug in "
            f"nltk_tedeval {__version__}; rerun with --debug for the traceback and report it)",
            file=sys.stderr,
        )
        return 70  # EX_SOFTWARE of sysexits.h: an internal error


def _debug_traceback(args: argparse.Namespace) -> None:
    """The Python traceback of the error being handled, under ``--debug``."""
    if args.debug:
        import traceback  # only then: a run without an error need not import it (issue 31)

        traceback.print_exc()


def _tolerant_stdout() -> None:
    """Print characters the output encoding lacks (⊓ under LANG=C) as escapes, not fail."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None and getattr(sys.stdout, "errors", None) == "strict":
        with contextlib.suppress(OSError, ValueError):
            reconfigure(errors="backslashreplace")


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: Any = None,
    line: str | None = None,
) -> None:
    """Warnings (a .prm line EVALB also ignores) as one line each, without source code."""
    print(f"{PROG}: warning: {for_command_line(str(message))}", file=sys.stderr)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
