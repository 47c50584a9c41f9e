"""Hypothesis profiles for the whole suite, chosen by ``NLTK_TEDEVAL_FUZZ``.

- ``default`` (the variable unset; every run, CI included): each property test
  tries a quarter of the inputs its ``@settings`` names (:func:`examples`, at
  least :data:`FEWEST`), drawn from a seed fixed per test (``derandomize``), so
  that every run tries the same inputs: a failure is the code's, not the draw's,
  and the same command replays it (so hypothesis keeps no database of failures
  in this profile: the seed replays them). No per-example deadline (slow
  machines would fail at random).
- ``thorough`` (a scheduled or manual run): the counts as each test names them,
  drawn at random; a failure prints the ``@reproduce_failure`` blob that
  replays it, and hypothesis keeps the input in ``.hypothesis/`` and tries it
  first next time::

      NLTK_TEDEVAL_FUZZ=thorough python -m pytest -n auto

- ``long``: ``thorough``, and every fuzz test of ``test_fuzz.py`` tries
  :data:`LONG_FACTOR` times as many inputs, for a run of 72 minutes on one
  core (2026-11-23, ``docs/robustness.md``)::

      NLTK_TEDEVAL_FUZZ=long pytest tests/test_fuzz.py
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

PROFILE = os.environ.get("NLTK_TEDEVAL_FUZZ", "default").strip() or "default"
"""The active profile: ``default``, ``thorough`` or ``long``."""

PROFILES = ("default", "thorough", "long")

LONG_FACTOR = 100
"""How many times more inputs each fuzz test tries in the ``long`` profile."""

SHARE = 4
"""The default profile tries one in this many of the inputs a test names."""

FEWEST = 10
"""...but never fewer than this many."""

_SLOW_IS_FINE = [HealthCheck.too_slow, HealthCheck.data_too_large]

if PROFILE not in PROFILES:
    raise ValueError(f"NLTK_TEDEVAL_FUZZ must be one of {', '.join(PROFILES)}, not {PROFILE!r}")
settings.register_profile(
    "default", max_examples=100 // SHARE, derandomize=True, deadline=None, print_blob=True
)
settings.register_profile("thorough", deadline=None, print_blob=True)
settings.register_profile(
    "long", deadline=None, print_blob=True, suppress_health_check=_SLOW_IS_FINE
)
settings.load_profile(PROFILE)


def examples(count: int) -> int:
    """How many inputs a property test tries: ``count`` as it names them in a thorough run,
    a quarter of them (at least :data:`FEWEST`) in the default one."""
    if PROFILE == "default":
        return max(FEWEST, count // SHARE)
    return count


def fuzz_settings(count: int) -> settings:
    """Settings of one fuzz test: :func:`examples` of ``count``, ``LONG_FACTOR`` times
    ``count`` in the long profile."""
    return settings(
        max_examples=count * LONG_FACTOR if PROFILE == "long" else examples(count),
        deadline=None,
        print_blob=True,
        suppress_health_check=_SLOW_IS_FINE,
    )


@pytest.fixture
def blocks_always(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every one-tree-per-line input read a block at a time, however few its lines.

    A file of fewer lines than a block is read a line at a time, without numpy
    (``reading.ptb.SMALL_INPUT_LINES``, issue 31); the tests of the block reader and of
    what ParsEval does with blocks give it small inputs, so they take it for them
    (``pytestmark = pytest.mark.usefixtures("blocks_always")``).
    """
    from nltk_tedeval.reading import ptb

    monkeypatch.setattr(ptb, "SMALL_INPUT_LINES", 0)
