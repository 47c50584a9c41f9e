"""ELAS and EULAS: enhanced UD graphs scored as the IWPT 2020/2021 shared task scored them.

Bouma et al. (2020, 2021), "Overview of the IWPT Shared Task on Parsing into
Enhanced Universal Dependencies", score the DEPS column of a parse against
the gold's with ``iwpt20_xud_eval.py`` (UniversalDependencies/tools, later
``eval.py``): the CoNLL 2018 script (:mod:`.conll18`, its alignment of words
across tokenizations included) with two more rows,

- **ELAS**: the enhanced edges (head, relation with its subtypes and case
  markers, a path ``conj>obj`` through a collapsed empty node) of aligned
  words that the other file has too, the head aligned; precision over the
  system's edges, recall over the gold's;
- **EULAS**: the same with every relation of the path cut at ``:``
  (``obl:in`` is ``obl``).

Both files' empty nodes are collapsed first, as the task collapsed them
(:mod:`nltk_tedeval.reading.enhanced`). ``enhancements`` switches types of
enhancement off on both sides, as the script's ``--enhancements`` digits do
(SPEC.md §17): 1 gapping (a path through an empty node becomes the word's
basic edge), 2 shared parents in coordination (a conjunct keeps only its
``conj`` edges), 3 shared dependents in coordination (an edge that repeats
the basic edge's relation from another head is dropped), 4 controlled
subjects (no ``nsubj`` edge from an ``xcomp``), 5 relative clauses (a ``ref``
edge becomes the basic edge; the edge from an ``acl`` back to its own head
is dropped), 6 case information (``obl:in`` is ``obl``).

The script's figures are not always a score, and the default departs from
them there; ``iwpt_script=True`` gives them back (SPEC.md §17):

- it counts a gold edge once for every system edge that matches it, so two
  system edges ``obl:in`` and ``obl:on`` from the gold's head make one gold
  ``obl:in`` count twice for EULAS (a recall over 100%), and the duplicates
  that digits 1 and 5 make count again; here a word's edges are a set and
  each gold edge matches at most one system edge;
- digit 3 does nothing (it compares a word with a string), digit 5 drops the
  edge from an ``acl`` whose head is the word *before* the dependent instead of
  the dependent itself, digit 2 keeps only the last ``conj`` edge, and digit 1
  gives a root word's gapped edge a head that matches nothing; here each does
  what its name says;
- its aligned accuracy divides edges by *words*; here by the gold edges of
  the aligned words.

>>> from nltk_tedeval.reading.ud_words import read_ud_words_text
>>> row = "{}\\t{}\\t_\\tX\\t_\\t_\\t{}\\t{}\\t{}\\t_\\n"
>>> gold = row.format(1, "in", 2, "case", "2:case") + row.format(2, "Rome", 0, "root", "0:root")
>>> gold += row.format(3, "slept", 2, "obl", "2:obl:in") + "\\n"
>>> parse = gold.replace("2:obl:in", "2:obl:in|2:obl:on")
>>> def ev(**kw):
...     return EnhancedEvaluator(read_ud_words_text(parse, deps=True),
...                              read_ud_words_text(gold, deps=True), **kw)
>>> ev().counts("EULAS"), ev(iwpt_script=True).counts("EULAS")["correct"]
({'correct': 3, 'gold': 3, 'system': 4, 'aligned': 3}, 4)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from ..errors import OptionError, TedEvalError
from ..scoring.options import RunOptions
from ..scoring.stats import Measure, Signature, accuracy, f_measure, precision, recall
from .conll18 import COLUMNS, CONLL18_METRICS, Conll18Evaluator

__all__ = ["ENHANCED_METRICS", "ENHANCEMENTS", "EnhancedEvaluator", "enhancement_digits"]

ENHANCED_METRICS: tuple[str, ...] = ("ELAS", "EULAS")

ENHANCEMENTS: dict[str, str] = {
    "0": "every type of enhancement scored",
    "1": "no gapping: a path through an empty node becomes the word's basic edge",
    "2": "no shared parents in coordination: a conjunct keeps its conj edges only",
    "3": "no shared dependents in coordination: an edge repeating the basic relation "
    "from another head is dropped",
    "4": "no controlled subjects: no nsubj edge from an xcomp",
    "5": "no relative clauses: a ref edge becomes the basic edge, an acl's edge back to "
    "its head is dropped",
    "6": "no case information: obl, nmod, conj, advcl lose a second part other than pass, "
    "relcl, xsubj",
}
"""The script's ``--enhancements`` digits; several combine (``12``)."""

_CASE_RELATIONS = frozenset(["obl", "nmod", "conj", "advcl"])
_KEPT_SUBTYPES = frozenset(["pass", "relcl", "xsubj"])

# Heads of processed edges: a gold word's index in its file, -1 the root, and for the
# script's root word given its basic edge by digit 1 or 5 a head that matches nothing
# (it takes the word's basic parent, None for the root): one value per side.
_ROOT = -1
_NOT_ALIGNED = -2
_NO_HEAD_GOLD = -3
_NO_HEAD_SYSTEM = -4

_COUNTS = ("correct", "gold", "system", "aligned")  # each metric's columns, as conll18's

ENHANCED_COLUMNS: tuple[str, ...] = (
    *COLUMNS,
    *(f"{m}.{c}" for m in ENHANCED_METRICS for c in _COUNTS),
)


def _enhanced_measures() -> dict[str, Measure]:
    out: dict[str, Measure] = {}
    for m in ENHANCED_METRICS:
        pr = (f"{m}.correct", f"{m}.gold", f"{m}.system")
        for name, columns, formula, why in (
            (m, pr, f_measure, "no enhanced edge on either side"),
            (f"{m}.precision", pr, precision, "no system edge"),
            (f"{m}.recall", pr, recall, "no gold edge"),
            (f"{m}.aligned_accuracy", (f"{m}.correct", f"{m}.aligned"), accuracy,
             "no aligned word with an edge"),
        ):  # fmt: skip
            out[name] = Measure(name, columns, formula, why)
    return out


def enhancement_digits(text: str) -> frozenset[str]:
    """The digits 1-6 of ``--enhancements`` (0 alone: none switched off)."""
    if not text or any(c not in ENHANCEMENTS for c in text):
        meanings = "; ".join(f"{k} {v}" for k, v in ENHANCEMENTS.items())
        raise OptionError(f"--enhancements takes digits 0-6 ({meanings}), not {text!r}")
    return frozenset(text) - {"0"}


_STEPS: dict[str, tuple[str, ...]] = {}
_UNIVERSAL: dict[tuple[str, ...], tuple[str, ...]] = {}


def _steps(label: str) -> tuple[str, ...]:
    """A label's relations along its path (``conj>obj``), one tuple per label string."""
    steps = _STEPS.get(label)
    if steps is None:
        steps = _STEPS[label] = tuple(label.split(">"))
    return steps


def _processed(words: Sequence[Any], i: int, off: frozenset[str], script: bool,
               no_head: int) -> list[tuple[int, tuple[str, ...]]]:  # fmt: skip
    """Word ``i``'s enhanced edges once the digits ``off`` are applied (the script's order,
    1 to 6), heads as indices in ``words``."""
    w = words[i]
    base = w.base
    edges = [(base + h - 1 if h else _ROOT, _steps(label)) for h, label in w.deps]
    if not off:
        return edges
    basic = w.parent if w.parent >= 0 else (no_head if script else _ROOT)
    basic_edge = (basic, (w.deprel,))
    if "1" in off:  # gapping: a path through an empty node is the basic edge
        done: list[tuple[int, tuple[str, ...]]] = []
        for e in edges:
            if len(e[1]) > 1:
                done.append(basic_edge)  # the script appends it even when it is there
            elif e not in done:
                done.append(e)
        edges = done
    if "2" in off:  # shared parents: a conjunct keeps its conj edges
        conj = [e for e in edges if len(e[1]) == 1 and e[1][0].startswith("conj")]
        if conj:
            edges = conj[-1:] if script else conj
    if "3" in off and not script:  # shared dependents: the script's test is never true
        head = w.parent if w.parent >= 0 else _ROOT
        edges = [
            e for e in edges
            if not any(s2 == e[1] and h2 == head and e[0] != h2 for h2, s2 in edges)
        ]  # fmt: skip
    if "4" in off:  # control: no subject edge from an xcomp
        edges = [
            e for e in edges
            if not (e[0] >= 0 and words[e[0]].deprel == "xcomp"
                    and any(r.startswith("nsubj") for r in e[1]))
        ]  # fmt: skip
    if "5" in off:  # relative clauses
        # The external argument's edge from the acl that hangs from it; the script
        # compares the acl's HEAD with the word's 0-based position, one word too early.
        own = i - base + (0 if script else 1)
        done = []
        for e in edges:
            if e[1][0] == "ref":
                done.append(basic_edge)
            elif (
                e[0] >= 0
                and words[e[0]].deprel.startswith("acl")
                and (words[e[0]].parent - base + 1 if words[e[0]].parent >= 0 else 0) == own
            ):
                continue
            else:
                done.append(e)
        edges = done
    if "6" in off:  # case information
        done = []
        for h, steps in edges:
            kept = []
            for r in steps:
                parts = r.split(":")
                if (
                    parts[0] in _CASE_RELATIONS
                    and len(parts) == 2
                    and parts[1] not in _KEPT_SUBTYPES
                ):
                    r = parts[0]
                kept.append(r)
            done.append((h, tuple(kept)))
        edges = done
    return edges


def _universal(steps: tuple[str, ...]) -> tuple[str, ...]:
    found = _UNIVERSAL.get(steps)
    if found is None:
        found = _UNIVERSAL[steps] = tuple(r.split(":")[0] for r in steps)
    return found


def _matches(gold: list[tuple[int, tuple[str, ...]]], system: list[tuple[int, tuple[str, ...]]],
             script: bool) -> int:  # fmt: skip
    """How many (gold, system) edge pairs are equal: each edge in at most one pair, or,
    as the script counts, every equal pair (the product of the two multiplicities)."""
    g, s = set(gold), set(system)
    if len(g) == len(gold) and len(s) == len(system):
        return len(g & s)  # no edge twice on either side: both counts are the intersection
    gc, sc = Counter(gold), Counter(system)
    if script:
        return sum(n * sc[k] for k, n in gc.items())
    return sum(min(n, sc[k]) for k, n in gc.items())


class EnhancedEvaluator(Conll18Evaluator):
    """The IWPT 2020/2021 shared task's metrics: the CoNLL 2018 ones, ELAS and EULAS.

    Both sides read with their DEPS column (``read_ud_words(path,
    deps=True)``). ``enhancements`` is the script's ``--enhancements``
    (``"0"``, ``"4"``, ``"12"``, ...); ``iwpt_script=True`` gives the script's
    own figures where they are not a score (module docstring, SPEC.md §17).
    :meth:`table` prints what ``iwpt20_xud_eval.py`` prints.

    >>> from nltk_tedeval.reading.ud_words import read_ud_words_text
    >>> gold = "1\\tGo\\tgo\\tVERB\\t_\\t_\\t0\\troot\\t0:root\\t_\\n"
    >>> gold += "2\\thome\\thome\\tNOUN\\t_\\t_\\t1\\tobl\\t1:obl:to\\t_\\n\\n"
    >>> parse = gold.replace("1:obl:to", "1:obl:at")
    >>> ev = EnhancedEvaluator(read_ud_words_text(parse, deps=True),
    ...                        read_ud_words_text(gold, deps=True))
    >>> float(ev.score("ELAS")), float(ev.score("EULAS"))
    (0.5, 1.0)
    """

    metric: ClassVar[str] = "iwpt20"
    signature_keys: ClassVar[dict[str, str]] = {
        **Conll18Evaluator.signature_keys,
        "enhancements": "the types of enhancement switched off on both sides (the "
        "script's --enhancements digits; 0: none)",
        "count": "each gold edge matched once (once) or once for every system edge that "
        "matches it, as the IWPT script counts (script)",
    }
    measures: ClassVar[dict[str, Measure]] = {
        **Conll18Evaluator.measures,
        **_enhanced_measures(),
    }
    script_measures: ClassVar[dict[str, Measure]] = {
        **Conll18Evaluator.script_measures,
        **_enhanced_measures(),
    }
    primary: ClassVar[tuple[str, ...]] = ("LAS", "ELAS", "EULAS", "MLAS", "BLEX")
    columns: ClassVar[tuple[str, ...]] = ENHANCED_COLUMNS
    table_metrics: ClassVar[tuple[str, ...]] = (
        *CONLL18_METRICS[: CONLL18_METRICS.index("LAS") + 1],
        *ENHANCED_METRICS,
        *CONLL18_METRICS[CONLL18_METRICS.index("LAS") + 1 :],
    )

    def __init__(
        self,
        parsed_sents: Iterable[Any],
        gold_sents: Iterable[Any],
        *,
        enhancements: str = "0",
        iwpt_script: bool = False,
        options: RunOptions | None = None,
        **run: Any,
    ) -> None:
        self.enhancements = enhancement_digits(enhancements)
        self.iwpt_script = iwpt_script
        super().__init__(parsed_sents, gold_sents, options=options, **run)

    @property
    def signature(self) -> Signature:
        base = super().signature
        fields = dict(base.fields)
        fields["enhancements"] = "".join(sorted(self.enhancements)) or "0"
        fields["count"] = "script" if self.iwpt_script else "once"
        return Signature(fields, keys=self.signature_keys)

    def _more_counts(
        self, gold: list[Any], system: list[Any], pairs: list[tuple[int, int]], n_units: int
    ) -> list[list[int]]:
        script = self.iwpt_script
        off = self.enhancements
        for side, words in (("gold", gold), ("system", system)):
            for w in words:
                if w.deps is None:
                    raise TedEvalError(
                        f"the enhanced metrics score the DEPS column, and the {side} sentences "
                        "were read without it (read_ud_words(path, deps=True))"
                    )
        g_edges = [_processed(gold, i, off, script, _NO_HEAD_GOLD) for i in range(len(gold))]
        s_edges = [_processed(system, i, off, script, _NO_HEAD_SYSTEM) for i in range(len(system))]
        if not script and off:
            # A word's edges are a set; the reader's are (each once), digits 1 and 5 may
            # repeat one.
            g_edges = [list(dict.fromkeys(e)) for e in g_edges]
            s_edges = [list(dict.fromkeys(e)) for e in s_edges]
        rows = [[0] * 8 for _ in range(n_units)]  # ELAS and EULAS: correct, gold, system, aligned
        for w, e in zip(gold, g_edges, strict=True):
            rows[w.unit][1] += len(e)
            rows[w.unit][5] += len(e)
        for w, e in zip(system, s_edges, strict=True):
            rows[w.unit][2] += len(e)
            rows[w.unit][6] += len(e)
        to_gold = {s: g for g, s in pairs}

        def mapped(h: int) -> int:
            return h if h < 0 else to_gold.get(h, _NOT_ALIGNED)

        for gi, si in pairs:
            row = rows[gold[gi].unit]
            ge = g_edges[gi]
            se = [(mapped(h), steps) for h, steps in s_edges[si]]
            n = len(ge)
            row[3] += 1 if script else n  # the script's aligned words, or their gold edges
            row[7] += 1 if script else n
            row[0] += _matches(ge, se, script)
            row[4] += _matches(
                [(h, _universal(st)) for h, st in ge], [(h, _universal(st)) for h, st in se], script
            )
        return rows
