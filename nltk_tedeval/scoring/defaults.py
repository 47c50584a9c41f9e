"""The scoring options' choices and defaults, in a module that imports nothing.

The command line's parser shows them in ``--help`` and checks its arguments
against them; keeping them apart from the code that uses them (numpy, the
sentence loop) lets ``tedeval --help`` start without loading that code
(issue 31). Each is defined here only; the modules that use them import them.
"""

from __future__ import annotations

__all__ = ["DEFAULT_BOOTSTRAP_ROUNDS", "DEFAULT_ROUNDS", "DEFAULT_SEED", "MISSING"]

MISSING = ("skip", "zero", "flat", "error")
"""What to do with a missing parse (SPEC.md §10)."""

DEFAULT_ROUNDS = 10_000
"""Rounds of the paired randomization test (SPEC.md §6)."""

DEFAULT_SEED = 12345
"""Seed of the randomization test and of the bootstrap."""

DEFAULT_BOOTSTRAP_ROUNDS = 1000
"""Resamples of the bootstrap confidence intervals."""
