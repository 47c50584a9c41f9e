"""Hypothesis profiles for the whole suite, chosen by ``NLTK_TEDEVAL_FUZZ``.

- ``default`` (the variable unset): hypothesis' own defaults without the
  per-example deadline, which only makes slow machines fail at random. The
  fuzz tests of ``test_fuzz.py`` then try 200 to 2,000 inputs each, under
  a minute in all.
- ``long``: every fuzz test tries :data:`LONG_FACTOR` times as many inputs,
  for a run of an hour or so (see ``docs/robustness.md``)::

      NLTK_TEDEVAL_FUZZ=long pytest tests/test_fuzz.py

Hypothesis keeps every failing input in ``.hypothesis/`` and tries it first
next time, so a bug found by a long run is replayed by the normal one.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

PROFILE = os.environ.get("NLTK_TEDEVAL_FUZZ", "default").strip() or "default"
"""The active profile: ``default`` or ``long``."""

LONG_FACTOR = 100
"""How many times more inputs each fuzz test tries in the ``long`` profile."""

_SLOW_IS_FINE = [HealthCheck.too_slow, HealthCheck.data_too_large]

settings.register_profile("default", deadline=None, print_blob=True)
settings.register_profile(
    "long", deadline=None, print_blob=True, suppress_health_check=_SLOW_IS_FINE
)
if PROFILE not in ("default", "long"):
    raise ValueError(f"NLTK_TEDEVAL_FUZZ must be 'default' or 'long', not {PROFILE!r}")
settings.load_profile(PROFILE)


def fuzz_settings(examples: int) -> settings:
    """Settings of one fuzz test: ``examples`` inputs, or ``LONG_FACTOR`` times more."""
    factor = LONG_FACTOR if PROFILE == "long" else 1
    return settings(
        max_examples=examples * factor,
        deadline=None,
        print_blob=True,
        suppress_health_check=_SLOW_IS_FINE,
    )
