"""Names of :mod:`nltk_tedeval.scoring`, read by ``lazy_loader.attach_stub`` and type checkers."""

from .evaluator import ON_ERROR as ON_ERROR
from .evaluator import Evaluator as Evaluator
from .evaluator import SkippedSentence as SkippedSentence
from .evaluator import zip_parallel as zip_parallel
from .extensions import MeasureExtension as MeasureExtension
from .extensions import register_measure as register_measure
from .extensions import unregister_measure as unregister_measure
from .significance import DEFAULT_ROUNDS as DEFAULT_ROUNDS
from .significance import DEFAULT_SEED as DEFAULT_SEED
from .significance import SignificanceResult as SignificanceResult
from .significance import paired_randomization as paired_randomization
from .stats import TEDEVAL as TEDEVAL
from .stats import Measure as Measure
from .stats import RowBuffer as RowBuffer
from .stats import Score as Score
from .stats import Signature as Signature
from .stats import StatsTable as StatsTable
from .stats import accuracy as accuracy
from .stats import edit_score as edit_score
from .stats import f_measure as f_measure
from .stats import precision as precision
from .stats import recall as recall
