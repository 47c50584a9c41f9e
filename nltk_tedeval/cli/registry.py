"""The metrics the ``tedeval`` command knows: one entry each, read to build its subcommands.

A metric is one :class:`Command` in :data:`METRICS`: its name, what it says
in ``--help``, the arguments of its own (its files and options) and how it
runs. :func:`~nltk_tedeval.cli.command.build_parser` gives every entry the
options all commands share (formats, ``--align``, ``--missing``, output)
and nothing else, so a new metric is a module and one :func:`register`
call. A metric that is an :class:`~nltk_tedeval.scoring.evaluator.Evaluator`
needs no run function of its own: :func:`evaluator_command` runs it over a
gold file and any number of system files and reports it as every command
does (text, ``--json``, every ``-f`` format, ``--per-sentence``,
``--significance``). docs/extending.md shows a whole example.

>>> sorted(METRICS)
['attach', 'cross', 'explain', 'mph', 'parseval', 'rank', 'score']
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .file_kinds import EVERY_KIND, FileKinds, resolve

__all__ = [
    "METRICS",
    "SYSTEM_HELP",
    "Command",
    "evaluator_command",
    "register",
]

SYSTEM_HELP = "a system's output file, or NAME=FILE to name it (default name: the file's stem)"

Arguments = Callable[[argparse.ArgumentParser], None]
Runner = Callable[[argparse.Namespace], int]


@dataclass(frozen=True)
class Command:
    """A subcommand of ``tedeval``: one metric.

    ``arguments`` adds the command's own arguments (its files first) to its
    parser; ``run`` (a function or a ``"module:name"`` string) runs it and
    returns the exit status. ``formats`` gives the command ``--gold-format``
    and ``--parse-format`` beside ``--format``; ``files`` declares the kinds
    of file it takes (:class:`FileKinds`), read before any file is.
    """

    name: str
    help: str
    arguments: Arguments
    run: Runner | str
    examples: str = ""
    formats: bool = True
    files: FileKinds = EVERY_KIND
    report: bool = True
    """Whether the command prints a report of scores, with the options every report has
    (output formats, ``--missing``, ``--significance``, ``--by``...): ``explain`` does not."""

    def runner(self) -> Runner:
        """The run function, imported on first use."""
        return resolve(self.run)


METRICS: dict[str, Command] = {}
"""Every metric of the command line, by name, in the order ``--help`` lists them."""


def register(command: Command) -> Command:
    """Add ``command`` to :data:`METRICS` (a name taken twice is refused)."""
    if command.name in METRICS and METRICS[command.name] is not command:
        raise ValueError(f"a tedeval command {command.name!r} is already registered")
    METRICS[command.name] = command
    return command


def gold_and_systems(test: str = "PARSE") -> Arguments:
    """The arguments of a command over one gold file and any number of system files."""

    def add(p: argparse.ArgumentParser) -> None:
        p.add_argument("gold", metavar="GOLD")
        p.add_argument("tests", metavar=test, nargs="+", help=SYSTEM_HELP)

    return add


@dataclass(frozen=True)
class _EvaluatorRun:
    """The run of an :func:`evaluator_command` (picklable, unlike a closure)."""

    evaluator: Any
    measures: Sequence[str]
    significance: Sequence[str]
    options: Callable[[argparse.Namespace], dict[str, Any]] | None
    name: str = field(default="")

    def __call__(self, args: argparse.Namespace) -> int:
        from .inputs import check_formats
        from .systems import evaluate, report_run

        check_formats(args)
        options = self.options(args) if self.options is not None else {}
        run = evaluate(args, resolve(self.evaluator), options)
        report_run(
            args,
            run,
            measures=list(self.measures),
            significance_measures=list(self.significance),
            title=f"{self.name}: against {args.gold}",
        )
        return 0


def evaluator_command(
    name: str,
    help: str,
    evaluator: Any,
    measures: Sequence[str],
    *,
    significance: Sequence[str] | None = None,
    options: Callable[[argparse.Namespace], dict[str, Any]] | None = None,
    arguments: Arguments | None = None,
    examples: str = "",
    test: str = "PARSE",
    files: FileKinds = EVERY_KIND,
) -> Command:
    """The command of a metric that is an :class:`~nltk_tedeval.scoring.evaluator.Evaluator`.

    ``tedeval NAME GOLD SYSTEM [SYSTEM ...]`` reads the files, runs
    ``evaluator`` (a class or a ``"module:Class"`` string) over every system
    in one pass, and reports the scores of ``measures`` (and tests those of
    ``significance``, by default the same, under ``--significance``).
    ``arguments`` adds the metric's own options; ``options`` turns them into
    the evaluator's keywords; ``files`` the kinds of file it takes.
    """
    positional = gold_and_systems(test)

    def add(p: argparse.ArgumentParser) -> None:
        positional(p)
        if arguments is not None:
            arguments(p)

    run = _EvaluatorRun(evaluator, tuple(measures), tuple(significance or measures), options, name)
    return Command(name, help, add, run, examples, files=files)
