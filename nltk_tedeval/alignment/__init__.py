"""Aligning two tokenizations: layer 2, beside reading, shared by every metric (SPEC.md §11).

:mod:`.normalize` says how a token's text becomes characters;
:mod:`.units` cuts the two character streams into units (groups of
sentences) and positions (groups of tokens) that both sides share;
:mod:`.lcs` aligns texts that differ; :mod:`.streams` turns the corpora of
a run into streams of units for the sentence loop, and describes the
alignment for reports.
"""

from .normalize import CONLL18_NORMALIZATION, QUOTE_TOKENS, Normalization
from .streams import aligned_streams, alignment_summary, describe_alignment
from .units import AlignedSentence, AlignmentError, Unit, align_units

__all__ = [
    "CONLL18_NORMALIZATION",
    "QUOTE_TOKENS",
    "AlignedSentence",
    "AlignmentError",
    "Normalization",
    "Unit",
    "align_units",
    "aligned_streams",
    "alignment_summary",
    "describe_alignment",
]
