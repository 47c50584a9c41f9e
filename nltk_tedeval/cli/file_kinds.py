"""The kinds of file a command takes: declared in its registry entry, read before any file is.

A command of :data:`~nltk_tedeval.cli.registry.METRICS` says which kinds of
trees it scores (the kinds of :data:`~nltk_tedeval.reading.FORMATS`:
``constituency``, ``dependency``, ``discontinuous``), what it says of a file
of another kind, and whether it reads a language model's answers, and which
trees it asks for; :func:`~nltk_tedeval.cli.inputs.check_formats` and the
reading of answer files read the declaration, so that no step of the
command line asks which command it runs. This module imports nothing of the
package: ``--help`` builds every command's parser, and its entry, without
reading a file.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["EVERY_KIND", "FileCheck", "FileKinds", "resolve"]


def resolve(target: Any) -> Any:
    """``target`` itself, or the object a ``"module:name"`` string names (imported now).

    Entries name their functions as strings, so that building the parser
    (``--help``, ``--version``) imports none of them.
    """
    if not isinstance(target, str):
        return target
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class FileCheck:
    """One file of a command line, as :class:`FileKinds` judges it before reading.

    ``fmt`` is the format found in the file (:data:`~nltk_tedeval.reading.FORMATS`),
    ``kind`` that format's kind of trees; ``gold`` and ``gold_kind`` the gold
    file's (``None``: not found); ``what`` names the file and its format, as
    every message begins.
    """

    role: str  # "gold" or "parse"
    path: str
    fmt: str
    kind: str
    gold: str | None
    gold_kind: str | None
    what: str


@dataclass(frozen=True)
class FileKinds:
    """The files a command takes, by the kind of trees they hold (a format's kind).

    ``scores`` lists the kinds it scores (``None``: every kind; nothing is
    refused before reading). ``refuse`` (a function or a ``"module:name"``
    string) gives the command's own words for a file it does not take,
    ``refuse(args, check)`` with a :class:`FileCheck`, or ``None`` for a file
    it takes; it may refuse more than a kind (a discontinuous parse beside a
    Penn Treebank gold). ``answers`` is the kind of trees the command asks a
    language model for (``None``: either), ``answer_files`` whether it reads
    answer files (``.jsonl``) at all.
    """

    scores: tuple[str, ...] | None = None
    refuse: Callable[[argparse.Namespace, FileCheck], str | None] | str | None = None
    answers: str | None = None
    answer_files: bool = True

    def refusal(self, args: argparse.Namespace, check: FileCheck) -> str | None:
        """The message for ``check``'s file if the command does not take it; else ``None``."""
        if self.scores is None:
            return None
        message = resolve(self.refuse)(args, check) if self.refuse is not None else None
        if message is None and check.kind not in self.scores:
            message = f"{check.what}: tedeval {args.command} does not score {check.kind} trees"
        return message


EVERY_KIND = FileKinds()
"""A command that reads every format and any answer file (score, mph)."""
