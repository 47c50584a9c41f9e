"""Names of :mod:`nltk_tedeval.protocol`, read by ``lazy_loader.attach_stub`` and type checkers."""

from .cross import CrossFrameworkEvaluator as CrossFrameworkEvaluator
from .cross import Experiment as Experiment
from .engine_apted import FunctionNode as FunctionNode
from .engine_apted import apted_counts as apted_counts
from .engine_apted import apted_distance as apted_distance
from .engine_apted import edit_script as edit_script
from .engine_apted import sorted_function_tree as sorted_function_tree
from .engine_span import span_counts as span_counts
from .evaluators import LABELED as LABELED
from .evaluators import UNLABELED as UNLABELED
from .evaluators import TedEvalEvaluator as TedEvalEvaluator
from .explain import DRAWINGS as DRAWINGS
from .explain import SCENARIOS as SCENARIOS
from .explain import Explanation as Explanation
from .explain import Operation as Operation
from .explain import explain as explain
from .sentence import COLUMNS as COLUMNS
from .sentence import ENGINES as ENGINES
from .sentence import ProtocolConfig as ProtocolConfig
from .sentence import ProtocolResult as ProtocolResult
from .sentence import SentenceOutcome as SentenceOutcome
from .sentence import SentenceResult as SentenceResult
from .sentence import get_engine as get_engine
from .sentence import process_sentence as process_sentence
from .sentence import run_protocol as run_protocol
from .sentence import sentence_stats as sentence_stats
