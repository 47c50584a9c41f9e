"""Names of :mod:`nltk_tedeval.metrics`, read by ``lazy_loader.attach_stub`` and type checkers."""

from .attachment import ATTACHMENT_COLUMNS as ATTACHMENT_COLUMNS
from .attachment import ATTACHMENT_MEASURES as ATTACHMENT_MEASURES
from .attachment import LA as LA
from .attachment import LAS as LAS
from .attachment import NED as NED
from .attachment import NO_RELATION as NO_RELATION
from .attachment import UAS as UAS
from .attachment import UNDIRECTED as UNDIRECTED
from .attachment import AttachmentEvaluator as AttachmentEvaluator
from .attachment import RelationScore as RelationScore
from .attachment import is_punctuation as is_punctuation
from .conll18 import CONLL18_METRICS as CONLL18_METRICS
from .conll18 import Conll18Evaluator as Conll18Evaluator
from .disco_parseval import DiscoParams as DiscoParams
from .disco_parseval import DiscoParsevalEvaluator as DiscoParsevalEvaluator
from .enhanced_ud import EnhancedEvaluator as EnhancedEvaluator
from .evalb_spmrl import SpmrlParsevalEvaluator as SpmrlParsevalEvaluator
from .jp_evalb import JpEvalbEvaluator as JpEvalbEvaluator
from .mph import PUNCT_TAGS as PUNCT_TAGS
from .mph import MPHEvaluator as MPHEvaluator
from .mph import mph_brackets as mph_brackets
from .parseval import ParsevalEvaluator as ParsevalEvaluator
from .parseval import TooManyErrorsError as TooManyErrorsError
