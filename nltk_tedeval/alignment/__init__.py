"""Aligning two tokenizations: layer 2, beside reading, shared by every metric (SPEC.md §11).

:mod:`.normalize` says how a token's text becomes characters;
:mod:`.units` cuts the two character streams into units (groups of
sentences) and positions (groups of tokens) that both sides share;
:mod:`.lcs` aligns texts that differ; :mod:`.streams` turns the corpora of
a run into streams of units for the sentence loop, and describes the
alignment for reports.
"""

from ..lazy import exports

# The names of __init__.pyi, and the folder's modules, imported on first use (nltk_tedeval.lazy).
__getattr__, __dir__, __all__ = exports(__name__, __file__, __path__)
