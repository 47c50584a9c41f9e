"""A cross-framework study anyone can rerun: nltk's own parsers on GUM, every metric.

Three parsers from nltk itself are trained on the same 505 GUM sentences
(``corpora_samples/study/train.*``) and run on 605 test sentences of 16
other documents (``test.*``), then scored with every metric of
nltk_tedeval, as in Tables 1 and 2 of Tsarfaty, Nivre and Andersson (2012):

- ``nltk.parse.transitionparser.TransitionParser``, arc-standard and
  arc-eager (an SVM over the training trees, projectivized first), produce
  Universal Dependencies trees;
- a PCFG induced with ``nltk.induce_pcfg`` from the bracketed training trees
  (function tags kept, horizontally Markovized), parsed with
  ``nltk.ViterbiParser`` on the POS-tag sequences of the test sentences of at
  most :data:`MAX_LENGTH` tokens, produces Penn Treebank trees.

The outputs are written to ``corpora_samples/study/outputs/`` and shipped,
so the evaluation can be rerun without scikit-learn (13 s of CPU on 2 cores,
Python 3.11, 2026-12-01):

- TedEval SINGLE and MULTIPLE, labeled and unlabeled, against the GUM-PTB
  and GUM-UD golds and their generalization, also with the PTB gold enriched
  by TL-unification with the UD gold (PTB ⊔tl UD, as the 2012 paper does
  with SD);
- ParsEval (EVALB, COLLINS.prm with ``ROOT`` deleted like ``TOP``), MPH
  (dependency parses give brackets from their projections), LAS, UAS and NED
  (punctuation excluded, as CoNLL-X and nltk's ``DependencyEvaluator``);
- paired randomization tests between the parsers.

Every metric is computed twice, on the same sentences for every system:
the test sentences every parser parsed (the PCFG's coverage), and all test
sentences with each sentence the PCFG did not parse given a flat tree.

Usage::

    pip install -e ".[study]"
    python examples/study.py                  # train, parse, write outputs, evaluate
    python examples/study.py --evaluate-only  # evaluate the shipped outputs
    python examples/study.py --evaluate-only --results examples   # and rewrite the shipped results

The results are ``study_results.md`` and ``.csv`` and the plot of
per-sentence scores ``study_scores.png``, written to ``--results DIR``: by
default ``examples/`` after training (the run that rewrites the shipped
outputs rewrites the shipped results too), and a new temporary directory
with ``--evaluate-only``, so that scoring the shipped outputs leaves the
repository as it was. ``docs/study.md`` discusses them.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import platform
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nltk
from nltk import Nonterminal, Tree
from nltk.grammar import PCFG
from nltk.parse import DependencyGraph

from nltk_tedeval import (
    Converter,
    CrossFrameworkEvaluator,
    DependencyTree,
    Experiment,
    TedEvalError,
    from_dependency_graph,
    paired_randomization,
)
from nltk_tedeval.metrics.attachment import AttachmentEvaluator
from nltk_tedeval.metrics.mph import MPHEvaluator
from nltk_tedeval.metrics.parseval import ParsevalEvaluator
from nltk_tedeval.protocol.evaluators import LABELED, UNLABELED
from nltk_tedeval.reading import read_file
from nltk_tedeval.reading.evalb_params import COLLINS_DELETE_LABELS, EvalbParams
from nltk_tedeval.scoring.evaluator import Evaluator

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = ROOT / "corpora_samples" / "study"
OUTPUTS = DATA / "outputs"
# The names of the results in the --results directory; the shipped ones are in examples/.
RESULTS_NAME = "study_results"  # .md and .csv
PLOT_NAME = "study_scores.png"

MAX_LENGTH = 20
"""The PCFG parses test sentences of at most this many tokens (punctuation included)."""
HORIZONTAL_MARKOV = 1
"""Sisters remembered when the PCFG's training trees are binarized (Klein and Manning 2003)."""
SVM_SEED = 0
"""Seed of numpy's global generator, which scikit-learn's SVC uses for its probability CV."""
ROUNDS = 10_000
"""Rounds of each paired randomization test, as in the 2012 paper."""

# The parsers, in table order, with the file of their outputs and their theory.
PCFG_NAME = "PCFG + Viterbi"
ALGORITHMS = ("arc-standard", "arc-eager")
SYSTEMS = (PCFG_NAME, *ALGORITHMS)
OUTPUT_FILES = {
    PCFG_NAME: "pcfg.ptb",
    "arc-standard": "arc-standard.conllu",
    "arc-eager": "arc-eager.conllu",
}
# References scored as if they were parses: the golds (sanity checks and
# ceilings) and a tree without any phrase (a floor, and what stands for a
# sentence the PCFG did not parse in the "all" set).
PTB_GOLD = "GUM-PTB gold"
UD_GOLD = "GUM-UD gold"
FLAT = "flat tree"
REFERENCES = (PTB_GOLD, UD_GOLD, FLAT)
EVERYTHING = (*SYSTEMS, *REFERENCES)
FRAMEWORK = {
    PCFG_NAME: "PTB",
    PTB_GOLD: "PTB",
    FLAT: "PTB",
    "arc-standard": "UD",
    "arc-eager": "UD",
    UD_GOLD: "UD",
}

# EVALB's COLLINS.prm deletes the tgrep root TOP; GUM's root is called ROOT.
PARSEVAL_PARAMS = EvalbParams(delete_labels=(*COLLINS_DELETE_LABELS, "ROOT"))
# UD golds have non-projective trees (SPEC.md §3.1); parser outputs are projective.
UD_CONVERTER = Converter(projectivize=True)
PTB_CONVERTER = Converter()


# -- data ------------------------------------------------------------------------------


@dataclass
class Corpus:
    """The gold trees of one part of the study, in both frameworks."""

    ptb: list[Tree]
    ud: list[DependencyGraph]
    ids: list[str]

    def __len__(self) -> int:
        return len(self.ptb)


def read_corpus(part: str, directory: Path = DATA) -> Corpus:
    """``train`` or ``test``: its bracketed and CoNLL-U gold trees."""
    ptb = [s.tree for s in read_file(directory / f"{part}.ptb")]
    records = list(read_file(directory / f"{part}.conllu"))
    if len(ptb) != len(records):
        raise SystemExit(f"{part}: {len(ptb)} bracketed trees but {len(records)} CoNLL-U trees")
    return Corpus(ptb, [r.tree for r in records], [r.sentence_id or "" for r in records])


@dataclass
class Outputs:
    """What the parsers returned for the test sentences (``None``: no PCFG parse)."""

    pcfg: list[Tree | None]
    dependency: dict[str, list[DependencyGraph]]


def read_outputs(directory: Path = OUTPUTS, sentences: int | None = None) -> Outputs:
    """The parser outputs: one line per test sentence for the PCFG (empty: no parse).

    With ``sentences``, every file must hold that many; a missing file or a
    wrong count stops the script with a message saying which.
    """
    missing = [name for name in OUTPUT_FILES.values() if not (directory / name).is_file()]
    if missing:
        raise SystemExit(
            f"no {', '.join(missing)} in {directory}: run examples/study.py without "
            "--evaluate-only to train the parsers and write their outputs"
        )
    pcfg = [s.tree for s in read_file(directory / OUTPUT_FILES[PCFG_NAME], one_per_line=True)]
    dependency = {a: [s.tree for s in read_file(directory / OUTPUT_FILES[a])] for a in ALGORITHMS}
    counts = {PCFG_NAME: len(pcfg)} | {a: len(trees) for a, trees in dependency.items()}
    for system, count in counts.items():
        if sentences is not None and count != sentences:
            raise SystemExit(
                f"{directory / OUTPUT_FILES[system]} holds {count} sentences, "
                f"but the test set has {sentences}"
            )
    return Outputs(pcfg, dependency)


def write_outputs(outputs: Outputs, test: Corpus, directory: Path = OUTPUTS) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / OUTPUT_FILES[PCFG_NAME], "w", encoding="utf-8") as f:
        for tree in outputs.pcfg:
            f.write(("" if tree is None else tree.pformat(margin=sys.maxsize)) + "\n")
    for algorithm in ALGORITHMS:
        with open(directory / OUTPUT_FILES[algorithm], "w", encoding="utf-8") as f:
            for sid, graph in zip(test.ids, outputs.dependency[algorithm], strict=True):
                f.write(conllu(graph, sid))


def conllu(graph: DependencyGraph, sentence_id: str) -> str:
    """A parsed graph as CoNLL-U, read from each node's ``head`` and ``rel`` only.

    nltk's TransitionParser returns copies of its input graphs with ``head``
    and ``rel`` set, but ``deps`` left as they were, so ``deps`` are never
    read here. Lemmas and features are ``_``: the parsers never saw them.
    """
    lines = [f"# sent_id = {sentence_id}"]
    for address in range(1, len(graph.nodes)):
        node = graph.nodes[address]
        cells = (
            address,
            node["word"],
            "_",
            node["ctag"],
            node["tag"],
            "_",
            node["head"],
            node["rel"] or "_",
            "_",
            "_",
        )
        lines.append("\t".join(str(c) for c in cells))
    return "\n".join(lines) + "\n\n"


def flat_tree(gold: Tree) -> Tree:
    """A tree without phrases: the tagged words right under ROOT.

    It stands for a sentence the PCFG did not parse, and is scored as a
    reference: the floor of every metric.
    """
    return Tree("ROOT", [Tree(tag, [word]) for word, tag in gold.pos()])


# -- the PCFG --------------------------------------------------------------------------


def pcfg_training_tree(tree: Tree) -> Tree:
    """A training tree for the PCFG: POS tags as words, binarized with h = 1.

    Function tags (``NP-SBJ``) are kept: they are the PTB theory's grammatical
    functions, the only labels TedEval reads from a bracketed tree, so a parser
    trained without them scores 0 in labeled TedEval against GUM-PTB.
    """
    tree = tree.copy(deep=True)
    for position in tree.treepositions("leaves"):
        tree[position] = tree[position[:-1]].label()
    tree.chomsky_normal_form(horzMarkov=HORIZONTAL_MARKOV)
    return tree


def induce_grammar(trees: Sequence[Tree]) -> PCFG:
    """The maximum-likelihood PCFG of the binarized training trees."""
    productions = [p for tree in trees for p in pcfg_training_tree(tree).productions()]
    return nltk.induce_pcfg(Nonterminal("ROOT"), productions)


def pcfg_parse(parser: nltk.ViterbiParser, gold: Tree) -> Tree | None:
    """The Viterbi parse of a sentence's POS tags, with its words put back (``None``: none).

    The grammar's terminals are POS tags, so unknown words cannot occur; a tag
    never seen in training makes nltk raise ``ValueError`` and counts as no parse.
    """
    words, tags = zip(*gold.pos(), strict=True)
    try:
        best = next(iter(parser.parse(tags)), None)
    except ValueError:
        return None
    if best is None:
        return None
    tree = Tree.convert(best)
    tree.un_chomsky_normal_form()
    for word, position in zip(words, tree.treepositions("leaves"), strict=True):
        tree[position] = word
    return tree


# -- the transition parsers ------------------------------------------------------------


def parser_input(tree: DependencyTree, *, gold_arcs: bool) -> DependencyGraph:
    """A graph for TransitionParser: words and POS tags, arcs only for training.

    Lemmas and features are left out (``_``), so the dependency parsers see
    what the PCFG sees, words and gold POS tags, plus nothing else. The
    TransitionParser reads the PTB tag from ``tag`` (XPOS).
    """
    graph = DependencyGraph()
    for address, word in enumerate(tree.words, start=1):
        node = graph.nodes[address]
        node.update(
            address=address,
            word=word,
            lemma="_",
            feats="_",
            ctag=tree.ctags[address - 1],
            tag=tree.tags[address - 1],
        )
        if gold_arcs:
            head, rel = tree.heads[address - 1], tree.rels[address - 1]
            node.update(head=head, rel=rel)
            graph.nodes[head]["deps"][rel].append(address)
        else:
            node.update(head=None, rel=None)
    return graph


@contextmanager
def nltk_workspace() -> Iterator[Path]:
    """A private directory nltk may write models to.

    nltk 3.10 only reads and writes files inside its data roots
    (``nltk.pathsec``), and the shared ``/tmp`` is not one; a fresh
    ``mkdtemp`` directory (mode 0700) put on ``nltk.data.path`` is.
    """
    work = Path(tempfile.mkdtemp(prefix="nltk_tedeval_study_"))
    nltk.data.path.insert(0, str(work))
    try:
        yield work
    finally:
        nltk.data.path.remove(str(work))
        shutil.rmtree(work, ignore_errors=True)


def run_transition_parser(
    algorithm: str, train: Sequence[DependencyTree], test: Sequence[DependencyTree]
) -> dict[str, Any]:
    """Train nltk's TransitionParser and parse; the outputs as heads and relations."""
    import numpy as np
    from nltk.parse.transitionparser import TransitionParser

    # nltk 3.10 refuses to let TransitionParser.train write its model outside
    # nltk's data paths (nltk.pathsec), so /tmp or the working directory fail
    # with a permission error; the model goes to a private directory that
    # nltk_workspace() puts on nltk.data.path for as long as it is needed.
    with nltk_workspace() as work:
        model = str(work / f"{algorithm}.model")
        np.random.seed(SVM_SEED)  # SVC(probability=True) draws its CV folds from it
        parser = TransitionParser(algorithm)
        with Clock() as training:
            parser.train([parser_input(t, gold_arcs=True) for t in train], model, verbose=False)
        with Clock() as parsing:
            graphs = parser.parse([parser_input(t, gold_arcs=False) for t in test], model)
    return {
        "algorithm": algorithm,
        "heads": [[g.nodes[a]["head"] for a in range(1, len(g.nodes))] for g in graphs],
        "rels": [[g.nodes[a]["rel"] for a in range(1, len(g.nodes))] for g in graphs],
        "train": training.as_dict(),
        "parse": parsing.as_dict(),
    }


def output_graph(
    tree: DependencyTree, heads: Sequence[int], rels: Sequence[str]
) -> DependencyGraph:
    graph = parser_input(tree, gold_arcs=False)
    for address, (head, rel) in enumerate(zip(heads, rels, strict=True), start=1):
        graph.nodes[address].update(head=head, rel=rel)
    return graph


# -- training and parsing, two processes at a time ---------------------------------------

_VITERBI: nltk.ViterbiParser | None = None


def _init_worker(grammar: PCFG) -> None:
    global _VITERBI
    # No time limit: nltk 3.10's default of 5 s per sentence would make the
    # coverage depend on the machine. The length cap bounds the time instead.
    _VITERBI = nltk.ViterbiParser(grammar, max_time=None)


def _pcfg_task(index: int, gold: Tree) -> tuple[int, str | None, dict[str, float]]:
    assert _VITERBI is not None
    with Clock() as clock:
        tree = pcfg_parse(_VITERBI, gold)
    return index, None if tree is None else tree.pformat(margin=sys.maxsize), clock.as_dict()


def train_and_parse(train: Corpus, test: Corpus, jobs: int) -> tuple[Outputs, dict[str, Any]]:
    """Train the three parsers, parse the test sentences; outputs and a log of times."""
    log: dict[str, Any] = {}
    with Clock() as inducing:
        grammar = induce_grammar(train.ptb)
    log["pcfg_induce"] = inducing.as_dict()
    log["pcfg_grammar"] = {
        "productions": len(grammar.productions()),
        "nonterminals": len({p.lhs() for p in grammar.productions()}),
    }
    # TransitionParser learns only from projective trees (it skips the others).
    projectivized = [from_dependency_graph(g).projectivize() for g in train.ud]
    train_trees = [tree for tree, _ in projectivized]
    log["projectivized training trees"] = sum(bool(arcs) for _, arcs in projectivized)
    test_trees = [from_dependency_graph(g) for g in test.ud]
    short = [i for i, t in enumerate(test.ptb) if len(t.leaves()) <= MAX_LENGTH]
    pcfg: list[Tree | None] = [None] * len(test)
    pcfg_times: list[dict[str, float]] = []
    results: dict[str, dict[str, Any]] = {}
    with (
        Clock() as wall,
        ProcessPoolExecutor(jobs, initializer=_init_worker, initargs=(grammar,)) as pool,
    ):
        # The two SVMs are the longest tasks: start them first, then the
        # sentences longest first, so that both processes finish together.
        svm: list[Future] = [
            pool.submit(run_transition_parser, a, train_trees, test_trees) for a in ALGORITHMS
        ]
        order = sorted(short, key=lambda i: -len(test.ptb[i].leaves()))
        sentences = [pool.submit(_pcfg_task, i, test.ptb[i]) for i in order]
        for done, future in enumerate(sentences, start=1):
            index, text, times = future.result()
            pcfg[index] = None if text is None else Tree.fromstring(text)
            pcfg_times.append(times)
            if done % 50 == 0 or done == len(sentences):
                print(f"  PCFG: {done}/{len(sentences)} sentences parsed", flush=True)
        for future in svm:
            result = future.result()
            results[result["algorithm"]] = result
            print(f"  {result['algorithm']}: trained and parsed", flush=True)
    log["parallel_wall_seconds"] = round(wall.seconds, 2)
    log["pcfg_parse"] = {
        "sentences": len(short),
        "wall_seconds_summed": round(sum(t["wall_seconds"] for t in pcfg_times), 2),
        "cpu_seconds": round(sum(t["cpu_seconds"] for t in pcfg_times), 2),
        "slowest_sentence_seconds": max((t["wall_seconds"] for t in pcfg_times), default=0.0),
    }
    dependency = {}
    for algorithm in ALGORITHMS:
        r = results[algorithm]
        log[algorithm] = {"train": r["train"], "parse": r["parse"]}
        dependency[algorithm] = [
            output_graph(t, h, rl)
            for t, h, rl in zip(test_trees, r["heads"], r["rels"], strict=True)
        ]
    return Outputs(pcfg, dependency), log


class Clock:
    """Wall and CPU seconds of a ``with`` block (CPU time does not suffer from a busy machine)."""

    def __enter__(self) -> Clock:
        self._wall, self._cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        self.seconds = time.perf_counter() - self._wall
        self.cpu = time.process_time() - self._cpu

    def as_dict(self) -> dict[str, float]:
        return {"wall_seconds": round(self.seconds, 2), "cpu_seconds": round(self.cpu, 2)}


# -- evaluation ------------------------------------------------------------------------

# Columns of the results, in order: (key, heading, paired). A paired column
# has an unlabeled and a labeled number (keys key_u and key_l; UAS and LAS for
# attachment), the others one number (key).
COLUMNS: tuple[tuple[str, str, bool], ...] = (
    ("parseval_f1", "ParsEval F1 (GUM-PTB)", False),
    ("mph_f1", "MPH F1 (GUM-PTB)", False),
    ("single_ptb", "TedEval SINGLE, GUM-PTB", True),
    ("multiple", "TedEval MULTIPLE, PTB ⊓ UD", True),
    ("single_ud", "TedEval SINGLE, GUM-UD", True),
    ("attachment", "UAS / LAS (GUM-UD)", True),
    ("ned", "NED (GUM-UD)", False),
    ("single_tl", "TedEval SINGLE, PTB ⊔tl UD", True),
    ("multiple_tl", "TedEval MULTIPLE, (PTB ⊔tl UD) ⊓ UD", True),
)


def column_keys() -> list[str]:
    """The key of every number of a row, in column order."""
    keys: list[str] = []
    for key, _, paired in COLUMNS:
        keys += [f"{key}_u", f"{key}_l"] if paired else [key]
    return keys


@dataclass
class PairedTest:
    """One paired randomization test between two systems on one measure."""

    measure: str
    a: str
    b: str
    score_a: float
    score_b: float
    p_value: float


@dataclass
class SubsetResult:
    """Every score of every system on one set of test sentences."""

    name: str
    description: str
    sentences: int
    tokens: int
    scores: dict[str, dict[str, float]] = field(default_factory=dict)
    tests: list[PairedTest] = field(default_factory=list)
    per_sentence: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    overlap: dict[str, float] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)


def evaluate(
    gold: Corpus,
    outputs: Outputs,
    indices: Sequence[int],
    *,
    name: str,
    description: str,
    rounds: int = ROUNDS,
) -> SubsetResult:
    """Score every system and every reference on the test sentences ``indices``.

    A sentence without a PCFG parse gets :func:`flat_tree`; on the subset of
    parsed sentences there is none.
    """
    ptb = [gold.ptb[i] for i in indices]
    ud = [gold.ud[i] for i in indices]
    pcfg = [outputs.pcfg[i] for i in indices]
    parses: dict[str, list[Any]] = {
        PCFG_NAME: [flat_tree(g) if t is None else t for t, g in zip(pcfg, ptb, strict=True)],
        **{a: [outputs.dependency[a][i] for i in indices] for a in ALGORITHMS},
        PTB_GOLD: ptb,
        UD_GOLD: ud,
        FLAT: [flat_tree(t) for t in ptb],
    }
    result = SubsetResult(name, description, len(indices), sum(len(t.leaves()) for t in ptb))
    result.scores = {s: {} for s in EVERYTHING}
    timed = _timer(result.seconds)

    with timed("TedEval"):
        _tedeval(result, parses, ptb, ud, rounds)
    with timed("ParsEval"):
        for system in (PCFG_NAME, PTB_GOLD, FLAT):
            ev = ParsevalEvaluator(parses[system], ptb, PARSEVAL_PARAMS)
            result.scores[system]["parseval_f1"] = float(ev.score("F1"))
    with timed("MPH"):
        evs = MPHEvaluator.evaluate_systems(
            ptb, [parses[s] for s in EVERYTHING], names=EVERYTHING, projectivize=True
        )
        for system, ev in zip(EVERYTHING, evs, strict=True):
            result.scores[system]["mph_f1"] = float(ev.score("F1"))
        _pairwise(result, "MPH F1", dict(zip(EVERYTHING, evs, strict=True)), "F1", rounds)
    with timed("attachment"):
        dep_systems = (*ALGORITHMS, UD_GOLD)
        evs = AttachmentEvaluator.evaluate_systems(
            ud, [parses[s] for s in dep_systems], names=dep_systems, punct="exclude"
        )
        for system, ev in zip(dep_systems, evs, strict=True):
            scores = result.scores[system]
            scores["attachment_u"] = float(ev.score("UAS"))
            scores["attachment_l"] = float(ev.score("LAS"))
            scores["ned"] = float(ev.score("NED"))
        by_name = dict(zip(dep_systems, evs, strict=True))
        for measure in ("LAS", "UAS", "NED"):
            _pairwise(result, measure, by_name, measure, rounds)
    return result


def _timer(seconds: dict[str, float]) -> Callable[[str], Any]:
    @contextmanager
    def timed(step: str) -> Iterator[None]:
        start = time.perf_counter()
        yield
        seconds[step] = round(time.perf_counter() - start, 2)

    return timed


def _tedeval(
    result: SubsetResult,
    parses: dict[str, list[Any]],
    ptb: list[Tree],
    ud: list[DependencyGraph],
    rounds: int,
) -> None:
    """TedEval in both scenarios and modes, without and with PTB ⊔tl UD."""

    def experiments() -> list[Experiment]:
        return [
            Experiment(
                s,
                parses[s],
                ptb if FRAMEWORK[s] == "PTB" else ud,
                PTB_CONVERTER if FRAMEWORK[s] == "PTB" else UD_CONVERTER,
            )
            for s in EVERYTHING
        ]

    plain = CrossFrameworkEvaluator(experiments())
    tl = CrossFrameworkEvaluator(
        experiments(),
        tl_unify={s: UD_GOLD for s in EVERYTHING if FRAMEWORK[s] == "PTB"},
    )
    for system in EVERYTHING:
        scores = result.scores[system]
        single = "single_ptb" if FRAMEWORK[system] == "PTB" else "single_ud"
        for key, pair in (
            (single, plain.single(system)),
            ("multiple", plain.multiple(system)),
            ("single_tl", tl.single(system)),
            ("multiple_tl", tl.multiple(system)),
        ):
            scores[f"{key}_u"], scores[f"{key}_l"] = float(pair[1]), float(pair[0])
        result.per_sentence[system] = {
            "multiple_u": [r.unlabeled for r in plain.sentence_results(system, "multiple")],
            "multiple_tl_l": [r.labeled for r in tl.sentence_results(system, "multiple")],
            "single_l": [r.labeled for r in plain.sentence_results(system, "single")],
        }
    for prefix, evaluator in (("", plain), ("tl_", tl)):
        labeled, unlabeled = evaluator.overlap(PTB_GOLD, UD_GOLD)
        result.overlap[f"{prefix}u"], result.overlap[f"{prefix}l"] = (
            float(unlabeled),
            float(labeled),
        )
    # Every pair of parsers against the same reference: MULTIPLE always,
    # SINGLE only for parsers of the same theory; with PTB ⊔tl UD only the
    # labeled mode, since TL-unification adds labels and no spans.
    tests = [
        ("TedEval MULTIPLE U", plain, "multiple", UNLABELED, False),
        ("TedEval MULTIPLE L", plain, "multiple", LABELED, False),
        ("TedEval SINGLE U", plain, "single", UNLABELED, True),
        ("TedEval SINGLE L", plain, "single", LABELED, True),
        ("TedEval ⊔tl MULTIPLE L", tl, "multiple", LABELED, False),
    ]
    for i, a in enumerate(SYSTEMS):
        for b in SYSTEMS[i + 1 :]:
            for label, evaluator, scenario, measure, same_theory in tests:
                if same_theory and FRAMEWORK[a] != FRAMEWORK[b]:
                    continue
                test = paired_randomization(
                    evaluator.stats(a, scenario),
                    evaluator.stats(b, scenario),
                    measure,
                    rounds=rounds,
                )
                result.tests.append(
                    PairedTest(label, a, b, test.score_a, test.score_b, test.p_value)
                )


def _pairwise(
    result: SubsetResult, label: str, evaluators: dict[str, Evaluator], measure: str, rounds: int
) -> None:
    names = [s for s in SYSTEMS if s in evaluators]
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            test = evaluators[a].significance(evaluators[b], measure, rounds=rounds)
            result.tests.append(PairedTest(label, a, b, test.score_a, test.score_b, test.p_value))


def subsets(gold: Corpus, outputs: Outputs) -> list[tuple[str, str, list[int]]]:
    """The two sentence sets every system is scored on: ``(name, description, indices)``."""
    parsed = [i for i, tree in enumerate(outputs.pcfg) if tree is not None]
    return [
        (
            "parsed",
            f"the {len(parsed)} test sentences every parser parsed "
            f"(the PCFG's coverage: at most {MAX_LENGTH} tokens, and a parse found)",
            parsed,
        ),
        (
            "all",
            f"all {len(gold)} test sentences; the {len(gold) - len(parsed)} without a PCFG "
            "parse count as flat trees (every word under ROOT) in every metric",
            list(range(len(gold))),
        ),
    ]


def coverage(gold: Corpus, outputs: Outputs) -> dict[str, int]:
    """How many test sentences the PCFG parsed, was not asked to, or found no parse for."""
    lengths = [len(t.leaves()) for t in gold.ptb]
    return {
        "test sentences": len(gold),
        "parsed": sum(t is not None for t in outputs.pcfg),
        f"longer than {MAX_LENGTH} tokens (not parsed)": sum(n > MAX_LENGTH for n in lengths),
        "no parse found": sum(
            t is None and n <= MAX_LENGTH for t, n in zip(outputs.pcfg, lengths, strict=True)
        ),
    }


# -- reports ---------------------------------------------------------------------------


def _number(value: float | None) -> str:
    # None: the metric does not apply to the system; NaN: it applies, but
    # there was nothing to compare (Σι = 0, SPEC.md §5).
    if value is None:
        return "N/A"
    return "n/a" if math.isnan(value) else f"{value:.4f}"


def markdown_table(result: SubsetResult) -> str:
    """Tables 1 and 2 of the 2012 paper in one: a U and an L row per system."""
    head = ["System", "", *(heading for _, heading, _ in COLUMNS)]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for system in EVERYTHING:
        scores = result.scores[system]
        for mode in ("U", "L"):
            cells = (
                [system if system in SYSTEMS else f"*{system}*", mode]
                if mode == "U"
                else ["", mode]
            )
            for key, _, paired in COLUMNS:
                if paired:
                    cells.append(_number(scores.get(f"{key}_{mode.lower()}")))
                else:  # one number per system, on its first row
                    cells.append(_number(scores.get(key)) if mode == "U" else "")
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def markdown_tests(result: SubsetResult) -> str:
    lines = ["| measure | A | B | A | B | p |", "|---|---|---|---|---|---|"]
    for t in result.tests:
        mark = " *" if t.p_value < 0.05 else ""
        lines.append(
            f"| {t.measure} | {t.a} | {t.b} | {t.score_a:.4f} | {t.score_b:.4f} "
            f"| {t.p_value:.4f}{mark} |"
        )
    return "\n".join(lines)


def markdown_report(
    results: Sequence[SubsetResult], cover: dict[str, int], log: dict[str, Any], rounds: int
) -> str:
    parts = [
        "# Cross-framework study: nltk's parsers on GUM",
        "",
        "Made by `examples/study.py`; `docs/study.md` explains and discusses it. "
        "TedEval cells: U = unlabeled, L = labeled. UAS / LAS and NED exclude punctuation. "
        "Italic rows are references, not parsers: each gold scored as if it were a parse, "
        "and the flat tree (every word right under ROOT, no phrase at all). "
        "N/A: the metric does not apply to the framework. "
        "n/a: it applies, but there is nothing to compare (no labeled item on either "
        "side, Σι = 0; SPEC.md §5).",
        "",
        "PCFG coverage: " + ", ".join(f"{k}: {v}" for k, v in cover.items()) + ".",
    ]
    for r in results:
        parts += [
            "",
            f"## {r.name.capitalize()}: {r.description}",
            "",
            f"{r.sentences} sentences, {r.tokens} tokens.",
            "",
            markdown_table(r),
            "",
            f"Cross-theory overlap of the golds (SINGLE, GUM-PTB against GUM-UD): "
            f"U {r.overlap['u']:.4f}, L {r.overlap['l']:.4f}; "
            f"PTB ⊔tl UD against GUM-UD: U {r.overlap['tl_u']:.4f}, L {r.overlap['tl_l']:.4f}.",
            "",
            f"Paired randomization tests ({rounds} rounds; * p < 0.05):",
            "",
            markdown_tests(r),
        ]
    if log:
        parts += [
            "",
            "## Settings and times of the run that made the outputs",
            "",
            "```json",
            json.dumps(log, indent=2, ensure_ascii=False),
            "```",
        ]
    return "\n".join(parts) + "\n"


def csv_rows(results: Sequence[SubsetResult]) -> list[dict[str, Any]]:
    """One row per sentence set and system, one column per number."""
    rows = []
    for r in results:
        for system in EVERYTHING:
            row: dict[str, Any] = {
                "sentence_set": r.name,
                "sentences": r.sentences,
                "system": system,
                "framework": FRAMEWORK[system],
            }
            for key in column_keys():
                value = r.scores[system].get(key)
                row[key] = "" if value is None else f"{value:.6f}"
            rows.append(row)
    return rows


def write_csv(results: Sequence[SubsetResult], path: Path) -> None:
    rows = csv_rows(results)
    with open(path, "w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


PANELS = (
    ("multiple_u", "TedEval MULTIPLE, unlabeled\n(reference: PTB ⊓ UD)"),
    ("single_l", "TedEval SINGLE, labeled\n(reference: the parser's own gold)"),
    ("multiple_tl_l", "TedEval MULTIPLE, labeled\n(reference: (PTB ⊔tl UD) ⊓ UD)"),
)


PLOTTED = (*SYSTEMS, FLAT)


def plotted_scores(result: SubsetResult, key: str) -> dict[str, list[float]]:
    """The sentence scores of one panel, per plotted system: a sentence with nothing to
    compare (ι = 0) has no score, and is left out rather than drawn as 1 or 0."""
    return {
        system: [x for x in result.per_sentence[system][key] if not math.isnan(x)]
        for system in PLOTTED
    }


def plot(result: SubsetResult, path: Path) -> None:
    """Violins and boxes of the per-sentence TedEval scores of the parsers and the flat tree."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shown = PLOTTED
    colors = {
        PCFG_NAME: "#c0504d",
        "arc-standard": "#4f81bd",
        "arc-eager": "#9bbb59",
        FLAT: "#a0a0a0",
    }
    labels = ["PCFG\n+ Viterbi", "arc-standard", "arc-eager", "flat tree\n(no phrases)"]
    positions = range(1, len(shown) + 1)
    fig, axes = plt.subplots(1, len(PANELS), figsize=(14, 5), sharey=True)
    for ax, (key, title) in zip(axes, PANELS, strict=True):
        data = list(plotted_scores(result, key).values())
        violins = ax.violinplot(data, showextrema=False, widths=0.85)
        for body, system in zip(violins["bodies"], shown, strict=True):
            body.set_facecolor(colors[system])
            body.set_alpha(0.5)
        ax.boxplot(data, widths=0.18, showfliers=False, medianprops={"color": "black"})
        means = [sum(d) / len(d) for d in data]
        ax.scatter(
            positions,
            means,
            marker="D",
            color="white",
            edgecolor="black",
            zorder=3,
            label="mean of the sentence scores",
        )
        ax.set_xticks(positions, labels)
        ax.set_title(title, fontsize=11)
        ax.grid(axis="y", alpha=0.3)
    axes[0].set_ylabel("sentence score  1 − δ/ι")
    axes[0].set_ylim(-0.02, 1.02)
    axes[0].legend(loc="lower left", fontsize=9)
    fig.suptitle(
        f"Per-sentence TedEval scores on the {result.sentences} GUM test sentences every "
        "parser parsed (violin: distribution; box: quartiles, whiskers to 1.5 IQR)\n"
        "a sentence with nothing to compare (ι = 0) has no score and is not drawn",
        fontsize=12,
    )
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


# -- main ------------------------------------------------------------------------------


def run_evaluation(
    gold: Corpus, outputs: Outputs, rounds: int = ROUNDS
) -> tuple[list[SubsetResult], dict[str, int]]:
    """Evaluate the outputs on both sentence sets: the part the test suite runs."""
    results = [
        evaluate(gold, outputs, indices, name=name, description=text, rounds=rounds)
        for name, text, indices in subsets(gold, outputs)
    ]
    return results, coverage(gold, outputs)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--evaluate-only",
        action="store_true",
        help="evaluate the shipped outputs instead of training and parsing",
    )
    parser.add_argument(
        "--jobs", type=int, default=2, help="processes for training and parsing (default 2)"
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=ROUNDS,
        help=f"rounds of each significance test (default {ROUNDS})",
    )
    parser.add_argument(
        "--outputs",
        type=Path,
        default=OUTPUTS,
        metavar="DIR",
        help="directory of the parser outputs to write or read (default: the shipped ones)",
    )
    parser.add_argument(
        "--results",
        type=Path,
        metavar="DIR",
        help=f"directory to write {RESULTS_NAME}.md, .csv and {PLOT_NAME} to (default: "
        "examples/ after training; with --evaluate-only a new temporary directory, so that "
        "the shipped results stay as they are: --results examples rewrites them)",
    )
    parser.add_argument("--no-plot", action="store_true", help="do not draw the PNG")
    args = parser.parse_args(argv)
    out = results_directory(args.results, args.evaluate_only)

    steps: dict[str, float] = {}
    with Clock() as clock:
        test = read_corpus("test")
    steps["read the test golds"] = clock.seconds
    log_path = args.outputs / "run.json"
    if args.evaluate_only:
        with Clock() as clock:
            outputs = read_outputs(args.outputs, len(test))
        steps["read the parser outputs"] = clock.seconds
        log = json.loads(log_path.read_text(encoding="utf-8")) if log_path.exists() else {}
    else:
        train = read_corpus("train")
        print(f"training on {len(train)} sentences, parsing {len(test)}, {args.jobs} processes")
        with Clock() as clock:
            outputs, times = train_and_parse(train, test, args.jobs)
        steps["train and parse"] = clock.seconds
        write_outputs(outputs, test, args.outputs)
        log = {
            "training sentences": len(train),
            "test sentences": len(test),
            "max PCFG sentence length": MAX_LENGTH,
            "horizontal Markovization": HORIZONTAL_MARKOV,
            "SVM seed": SVM_SEED,
            "python": platform.python_version(),
            "nltk": nltk.__version__,
            "scikit-learn": _version("sklearn"),
            "processes": args.jobs,
            "cpus": os.cpu_count(),
            "times": times,
        }
        log_path.write_text(json.dumps(log, indent=2) + "\n", encoding="utf-8")
        # Evaluate what was written, exactly as --evaluate-only will.
        outputs = read_outputs(args.outputs, len(test))

    with Clock() as clock:
        results, cover = run_evaluation(test, outputs, args.rounds)
    steps["evaluate (both sentence sets, every metric and test)"] = clock.seconds
    for r in results:
        for step, seconds in r.seconds.items():
            steps[f"  {r.name}: {step}"] = seconds
    report = markdown_report(results, cover, log, args.rounds)
    written = [out / f"{RESULTS_NAME}.md", out / f"{RESULTS_NAME}.csv"]
    written[0].write_text(report, encoding="utf-8")
    write_csv(results, written[1])
    if not args.no_plot:
        try:
            with Clock() as clock:
                plot(results[0], out / PLOT_NAME)
            steps["plot"] = clock.seconds
            written.append(out / PLOT_NAME)
        except ImportError:
            print("no plot: matplotlib is not installed (pip install -e '.[study]')")
    print(report.split("\n## Settings")[0])
    if log:
        print("training and parsing (the run that made the outputs; seconds):")
        for line in describe_times(log["times"]):
            print(f"  {line}")
    print("this run, each step (seconds):")
    for step, seconds in steps.items():
        print(f"  {step}: {seconds:.1f}")
    print(f"wrote {', '.join(p.name for p in written)} to {out}")
    return 0


def results_directory(out: Path | None, evaluate_only: bool) -> Path:
    """Where a run writes its results: ``out`` if given, else ``examples/`` after
    training and a new temporary directory (kept, for the reader) when only evaluating."""
    if out is None:
        return Path(tempfile.mkdtemp(prefix="tedeval-study-")) if evaluate_only else HERE
    out.mkdir(parents=True, exist_ok=True)
    return out


def describe_times(times: dict[str, Any]) -> Iterator[str]:
    """The times of ``run.json`` as lines: wall-clock and CPU seconds of each step."""

    def both(t: dict[str, float]) -> str:
        return f"{t['wall_seconds']:.1f} wall, {t['cpu_seconds']:.1f} CPU"

    yield f"PCFG: induce the grammar: {both(times['pcfg_induce'])}"
    parse = times["pcfg_parse"]
    yield (
        f"PCFG: parse {parse['sentences']} sentences: {parse['cpu_seconds']:.1f} CPU "
        f"(slowest sentence {parse['slowest_sentence_seconds']:.1f} wall)"
    )
    for algorithm in ALGORITHMS:
        yield f"{algorithm}: train: {both(times[algorithm]['train'])}"
        yield f"{algorithm}: parse: {both(times[algorithm]['parse'])}"
    yield f"all of it, in parallel processes: {times['parallel_wall_seconds']:.1f} wall"


def _version(module: str) -> str | None:
    try:
        return __import__(module).__version__
    except ImportError:
        return None


if __name__ == "__main__":
    try:
        sys.exit(main())
    except TedEvalError as err:  # a bad data or output file: the message names it
        sys.exit(f"error: {err}")
