"""Names of :mod:`nltk_tedeval.alignment`, read by ``lazy_loader.attach_stub`` and type checkers."""

from .normalize import CONLL18_NORMALIZATION as CONLL18_NORMALIZATION
from .normalize import QUOTE_TOKENS as QUOTE_TOKENS
from .normalize import Normalization as Normalization
from .streams import aligned_streams as aligned_streams
from .streams import alignment_summary as alignment_summary
from .streams import describe_alignment as describe_alignment
from .units import AlignedSentence as AlignedSentence
from .units import AlignmentError as AlignmentError
from .units import Unit as Unit
from .units import align_units as align_units
