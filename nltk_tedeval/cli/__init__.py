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
:func:`~.command.console`, which is :func:`main` for a process that ends with it.
"""

from ..lazy import exports

# The names of __init__.pyi, and the folder's modules, imported on first use (nltk_tedeval.lazy).
__getattr__, __dir__, __all__ = exports(__name__, __file__, __path__)

# The built-in metrics register themselves in cli.registry.METRICS when their table is
# read: whoever uses the command line's registry finds them there (docs/extending.md).
from . import commands  # noqa: E402, F401
