"""nltk_tedeval: cross-framework parser evaluation for NLTK."""

from ._version import __version__

__all__ = ["__version__"]
