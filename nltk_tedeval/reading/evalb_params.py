"""EVALB's parameter files, as :mod:`nltk_tedeval.trees.evalb_params` holds them.

The parameters moved to the trees (layer 1) so that the metrics can apply
them without importing the readers; this module keeps the names where
they were read from before.
"""

from ..trees.evalb_params import COLLINS_DELETE_LABELS, EvalbParams

__all__ = ["COLLINS_DELETE_LABELS", "EvalbParams"]
