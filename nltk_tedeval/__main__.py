"""``python -m nltk_tedeval``: the same as the ``tedeval`` command."""

import sys

from .cli import console

sys.exit(console())
