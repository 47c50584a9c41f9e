"""Aligning two tokenizations: layer 2, beside reading, shared by every metric (SPEC.md §11).

:mod:`.normalize` says how a token's text becomes characters;
:mod:`.units` cuts the two character streams into units (groups of
sentences) and positions (groups of tokens) that both sides share;
:mod:`.lcs` aligns texts that differ; :mod:`.streams` turns the corpora of
a run into streams of units for the sentence loop, and describes the
alignment for reports.
"""

import lazy_loader

# The package's names are imported on first use (PEP 562, through lazy_loader): the
# stub beside this file, __init__.pyi, lists them for type checkers and for the loader, so
# that importing one module of the package does not import all the others (issue 31).
__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
