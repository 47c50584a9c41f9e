"""The ``tedeval`` command: layer 5, the top; the only place that knows argv and stdout.

The last step of the pipeline: files in, read by :mod:`nltk_tedeval.reading`;
scores out, as a text table, one JSON object or per-sentence TSV.

- :mod:`~nltk_tedeval.cli.command`: the argument parser, :func:`main` and
  how errors become one-line messages and exit statuses;
- :mod:`~nltk_tedeval.cli.tedeval_commands`: ``tedeval score`` and
  ``tedeval cross``;
- :mod:`~nltk_tedeval.cli.classic_commands`: ``tedeval parseval``,
  ``attach`` and ``mph``;
- :mod:`~nltk_tedeval.cli.inputs`: the files of a command, read in lockstep;
- :mod:`~nltk_tedeval.cli.output`: tables, JSON and TSV, alike for every command.

``python -m nltk_tedeval`` and the ``tedeval`` console script both run
:func:`main`.
"""

from .command import build_parser, main

__all__ = ["build_parser", "main"]
