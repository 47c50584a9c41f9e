"""The registry of kinds (nltk_tedeval.kinds): what every input is, decided in one place.

Every kind is recognised, by its class alone; each metric's declared kinds
(an ``Accepts``) take what it scores and refuse the rest with the metric's
own message, byte for byte the message it gave before the registry; the
command line's commands declare the kinds of file they take.
"""

from __future__ import annotations

import argparse
import sys
import types
from typing import Any

import pytest
from nltk import Tree
from nltk.parse import DependencyGraph

from nltk_tedeval import kinds
from nltk_tedeval.cli import commands  # noqa: F401  (registers the commands)
from nltk_tedeval.cli.file_kinds import FileCheck
from nltk_tedeval.cli.registry import METRICS
from nltk_tedeval.errors import InputFormatError, TedEvalError, TreeStructureError
from nltk_tedeval.kinds import (
    CONSTITUENCY,
    DEPENDENCY,
    DISCONTINUOUS,
    KINDS,
    MFT,
    RECORD,
    UD,
    Accepts,
    KindSpec,
    accepted,
    is_record,
    kind_named,
    kind_of,
    register_kind,
    single_named,
)
from nltk_tedeval.metrics.attachment import ATTACHMENT_INPUTS
from nltk_tedeval.metrics.conll18 import CONLL18_INPUTS
from nltk_tedeval.metrics.disco_parseval import DISCO_INPUTS
from nltk_tedeval.metrics.mph import MPH_INPUTS
from nltk_tedeval.metrics.parseval import ALIGNED_PARSEVAL_INPUTS, PARSEVAL_INPUTS
from nltk_tedeval.records import SourceSentence, corpus_kind, require_corpus
from nltk_tedeval.trees.constituency import PhraseStructure, WordlessTree, flatten_tree
from nltk_tedeval.trees.convert import CONVERTIBLE, to_mft
from nltk_tedeval.trees.dependency import DependencyTree
from nltk_tedeval.trees.discontinuous import DiscTree
from nltk_tedeval.trees.kinds import OWN_TREE, as_kind, tree_kind
from nltk_tedeval.trees.mft import MultiFunctionTree
from nltk_tedeval.trees.objects import object_kind
from nltk_tedeval.trees.ud_words import UDSentence, UDToken, UDWord

TREE = Tree.fromstring("(S (NP I) (VP left))")
DISC = DiscTree.from_discbracket("(S (NP 0=I) (VP 1=left))")
GRAPH = DependencyGraph("I PRP 2 nsubj\nleft VBD 0 ROOT")
ARCS = DependencyTree(("I", "left"), (2, 0), ("nsubj", "root"))
UD_SENTENCE = UDSentence((UDToken("Hi", 0, 1),), (UDWord("Hi", "_", "_", "_", "_", 0, "root"),))
RECORD_OF_TREE = SourceSentence("a.ptb", 1, 1, None, TREE)


class DuckRecord:
    """A record of another class: the records' interface is ``tree`` and ``error``."""

    def __init__(self, tree: Any) -> None:
        self.tree, self.error = tree, None


# Every object, its kind, how messages name it, and how the corpus check names one.
EVERY_KIND = [
    ("nltk.Tree", TREE, CONSTITUENCY, "a constituency tree (nltk.Tree)", "one nltk.Tree"),
    ("DiscTree", DISC, DISCONTINUOUS, "a constituency tree (nltk.Tree)", "one nltk.Tree"),
    ("PhraseStructure", flatten_tree(TREE), CONSTITUENCY, "a constituency tree (nltk.Tree)", None),
    ("WordlessTree", WordlessTree(("TOP",), ((),)), CONSTITUENCY,
     "a constituency tree (nltk.Tree)", None),
    ("DependencyGraph", GRAPH, DEPENDENCY, "a dependency tree (DependencyGraph)",
     "one DependencyGraph"),
    ("DependencyTree", ARCS, DEPENDENCY, "a dependency tree (DependencyGraph)",
     "one DependencyTree"),
    ("MultiFunctionTree", to_mft(TREE), MFT, "a MultiFunctionTree", None),
    ("UDSentence", UD_SENTENCE, UD, "an UDSentence", None),
    ("SourceSentence", RECORD_OF_TREE, RECORD, "a SourceSentence",
     "one read sentence (a SourceSentence)"),
    ("a record of another class", DuckRecord(TREE), RECORD, "a DuckRecord", None),
    ("triples (foreign)", [("Hi", 0, "root")], None, "a list", None),
    ("a bracketed string (foreign)", "(S (X a))", None, "a str", None),
    ("an int", 3, None, "an int", None),
    ("None", None, None, "None", None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("obj", "kind", "named", "single"),
    [row[1:] for row in EVERY_KIND],
    ids=[row[0] for row in EVERY_KIND],
)
def test_every_kind_is_recognised_and_named(obj: Any, kind: Any, named: str, single: Any) -> None:
    assert kind_of(obj) == kind
    assert kind_named(obj) == named
    assert single_named(obj) == single
    assert is_record(obj) == (kind == RECORD)
    # The older classifiers answer from the same registry.
    family = {DISCONTINUOUS: CONSTITUENCY, UD: None, RECORD: None}.get(kind, kind)
    assert tree_kind(obj) == family


def test_the_old_classifiers_read_the_registry() -> None:
    assert corpus_kind([RECORD_OF_TREE]) == CONSTITUENCY
    assert corpus_kind([ARCS]) == corpus_kind([GRAPH]) == DEPENDENCY
    assert corpus_kind([to_mft(TREE)]) is None  # a family, but no kind of parse to read
    # What the registry knows is no foreign object; a foreign one is read by objects.py.
    assert object_kind(UD_SENTENCE) is None and object_kind(DuckRecord(None)) is None
    assert object_kind([("Hi", 0, "root")]).name == "triples"


def test_a_foreign_object_where_a_corpus_belongs_keeps_its_message() -> None:
    with pytest.raises(TedEvalError) as err:
        require_corpus(ARCS, "gold_sents")
    assert str(err.value) == (
        "gold_sents is one DependencyTree, not a corpus; wrap a single sentence in a list: [tree]"
    )
    with pytest.raises(TedEvalError) as err:
        require_corpus(3, "gold_sents")
    assert str(err.value) == (
        "gold_sents is a int, not a corpus: give a list (or any iterable) of trees, one per "
        "sentence"
    )


# Each metric's declaration: what as_kind(obj, OWN_TREE, ...) gives for a tree it takes
# (the class), and its message for a foreign object (the int 3) and for the other kind.
ACCEPTED = [
    ("ParsEval", PARSEVAL_INPUTS, TREE, PhraseStructure, InputFormatError,
     "gold tree is an int, not an nltk.Tree or None"),
    ("ParsEval on aligned units", ALIGNED_PARSEVAL_INPUTS, DISC, PhraseStructure,
     InputFormatError, "gold tree is an int, not an nltk.Tree"),
    ("disco-dop's ParsEval", DISCO_INPUTS, TREE, PhraseStructure, TreeStructureError,
     "gold: expected a phrase-structure tree, got an int; ParsEval compares brackets"),
    ("attachment", ATTACHMENT_INPUTS, GRAPH, DependencyTree, TreeStructureError,
     "gold: expected an nltk DependencyGraph, got an int"),
    ("MPH", MPH_INPUTS, GRAPH, DependencyTree, TreeStructureError,
     "expected an nltk.Tree or a DependencyGraph, got int: 3"),
    ("step 1 (TedEval)", CONVERTIBLE, to_mft(TREE), MultiFunctionTree, TreeStructureError,
     "expected an nltk.Tree, an nltk DependencyGraph or a MultiFunctionTree, got an int"),
    ("CoNLL 2018", CONLL18_INPUTS, UD_SENTENCE, UDSentence, TedEvalError,
     "the CoNLL 2018 metrics read CoNLL-U sentences with their tokens and words "
     "(UDSentence, as read_ud_words reads them), not int"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("accepts", "obj", "cls", "error", "message"),
    [row[1:] for row in ACCEPTED],
    ids=[row[0] for row in ACCEPTED],
)
def test_each_metric_takes_its_kinds_and_refuses_a_foreign_object_in_its_words(
    accepts: Accepts, obj: Any, cls: type, error: type, message: str
) -> None:
    assert isinstance(as_kind(obj, OWN_TREE, accepts, "gold"), cls)
    assert as_kind(obj, None, accepts, "gold") is obj
    with pytest.raises(error) as err:
        as_kind(3, OWN_TREE, accepts, "gold")
    assert str(err.value) == message


def test_the_declared_kinds() -> None:
    phrases = {CONSTITUENCY, DISCONTINUOUS}
    assert PARSEVAL_INPUTS.kinds == ALIGNED_PARSEVAL_INPUTS.kinds == DISCO_INPUTS.kinds == phrases
    assert ATTACHMENT_INPUTS.kinds == {DEPENDENCY}
    assert MPH_INPUTS.kinds == phrases | {DEPENDENCY}
    assert CONVERTIBLE.kinds == phrases | {DEPENDENCY, MFT}
    assert CONLL18_INPUTS.kinds == {UD}


def test_the_other_kind_gets_the_metrics_advice() -> None:
    with pytest.raises(InputFormatError) as err:
        as_kind(ARCS, OWN_TREE, PARSEVAL_INPUTS, "test")
    assert str(err.value) == (
        "test tree is a dependency tree (DependencyGraph), not an nltk.Tree or None; ParsEval "
        "compares brackets: score a dependency parse with tedeval score (TedEval) or mph "
        "(MPHEvaluator)"
    )
    assert err.value.fatal and err.value.token is None
    with pytest.raises(TreeStructureError) as err:
        accepted(TREE, ATTACHMENT_INPUTS, "parse")
    assert str(err.value) == (
        "parse: expected an nltk DependencyGraph, got a constituency tree (nltk.Tree); "
        "attachment scores compare heads: for constituency trees use tedeval score (TedEval), "
        "parseval or mph (ParsevalEvaluator, MPHEvaluator)"
    )


def test_a_registered_kind_is_recognised_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    class Chart:
        """A parser's chart, read as one phrase structure."""

    module = types.ModuleType("chart_parser")
    module.Chart = Chart  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "chart_parser", module)
    # The registry and its cache of types as they were, after the test.
    monkeypatch.setattr(kinds, "KINDS", list(KINDS))
    monkeypatch.setattr(kinds, "_BY_TYPE", {})
    register_kind(KindSpec(CONSTITUENCY, "chart_parser", "Chart", "a chart", "one chart"))
    chart = Chart()
    assert kind_of(chart) == tree_kind(chart) == CONSTITUENCY
    assert single_named(chart) == "one chart"
    assert accepted(chart, DISCO_INPUTS) == CONSTITUENCY
    with pytest.raises(TreeStructureError) as err:
        accepted(chart, ATTACHMENT_INPUTS, "gold")
    assert str(err.value) == (
        "gold: expected an nltk DependencyGraph, got a chart; attachment scores compare heads: "
        "for constituency trees use tedeval score (TedEval), parseval or mph "
        "(ParsevalEvaluator, MPHEvaluator)"
    )


def namespace(command: str, **values: Any) -> argparse.Namespace:
    return argparse.Namespace(command=command, gold="g.ptb", conll18=False, **values)


def test_commands_declare_the_kinds_of_file_they_take() -> None:
    files = {name: METRICS[name].files for name in ("score", "cross", "parseval", "attach", "mph")}
    assert files["parseval"].scores == (CONSTITUENCY, DISCONTINUOUS)
    assert files["attach"].scores == (DEPENDENCY,)
    assert files["score"].scores is files["mph"].scores is files["cross"].scores is None
    assert (files["parseval"].answers, files["attach"].answers) == (CONSTITUENCY, DEPENDENCY)
    assert files["score"].answers is None and files["score"].answer_files
    assert not files["cross"].answer_files
    conllu = FileCheck("parse", "p.conllu", "conllu", DEPENDENCY, "ptb", CONSTITUENCY,
                       "p.conllu is CoNLL-U")  # fmt: skip
    assert files["parseval"].refusal(namespace("parseval"), conllu) == (
        "p.conllu is CoNLL-U: parseval scores bracketed trees; tedeval score and tedeval mph "
        "compare dependency parses with bracketed gold"
    )
    assert files["attach"].refusal(namespace("attach"), conllu) is None
    assert files["score"].refusal(namespace("score"), conllu) is None
