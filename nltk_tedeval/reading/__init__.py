"""Reading the formats: layer 2, the only code of nltk_tedeval that knows about files.

The first step of the pipeline, before the protocol: every sentence of a
file becomes a :class:`~nltk_tedeval.records.SourceSentence` record holding
the tree nltk would have built from the same text, or the error that
stopped it, and where it came from.
"""

from ..records import SourceSentence
from .evalb_params import COLLINS_DELETE_LABELS, EvalbParams
from .sentences import (
    FORMATS,
    detect_format,
    detect_format_text,
    read_file,
    read_head_rules,
    read_label_map,
    read_label_map_text,
    read_lines,
    read_parallel,
    read_text,
)

__all__ = [
    "COLLINS_DELETE_LABELS",
    "FORMATS",
    "EvalbParams",
    "SourceSentence",
    "detect_format",
    "detect_format_text",
    "read_file",
    "read_head_rules",
    "read_label_map",
    "read_label_map_text",
    "read_lines",
    "read_parallel",
    "read_text",
]
