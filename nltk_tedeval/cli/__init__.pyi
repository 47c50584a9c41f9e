"""Names of :mod:`nltk_tedeval.cli`, read by ``lazy_loader.attach_stub`` and type checkers."""

from .command import build_parser as build_parser
from .command import console as console
from .command import main as main
