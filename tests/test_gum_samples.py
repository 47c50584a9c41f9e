"""Real data: the GUM documents of corpora_samples/gum in both frameworks.

Each document has a bracketed (PTB) and a CoNLL-U version of the same
sentences. Both convert, their yields agree once PTB escapes are undone, and
the span-set and APTED engines agree on the cross-theory overlap of the two
golds, sentence by sentence.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from nltk import Tree

from nltk_tedeval import (
    CrossFrameworkEvaluator,
    Experiment,
    check_yields,
    from_dependency_graph,
    sentence_stats,
    to_mft,
)
from nltk_tedeval.reading import read_file
from nltk_tedeval.trees.convert import Converter
from nltk_tedeval.trees.mft import span_positions

from .test_cli import conll_sentences, dependency_spans, ptb_spans, ud_labeled

GUM = Path(__file__).resolve().parent.parent / "corpora_samples" / "gum"
ESCAPE = re.compile(r"-[LR][RSC]B-")
"""A Penn Treebank bracket escape (SPEC.md §1) anywhere in a word."""
DOCS = ["GUM_academic_salinity", "GUM_bio_byron", "GUM_news_crane", "GUM_voyage_cleveland"]
# Sentence counts from the documents' CoNLL-U sent_id comments.
SENTENCES = {
    "GUM_academic_salinity": 24,
    "GUM_bio_byron": 25,
    "GUM_news_crane": 13,
    "GUM_voyage_cleveland": 20,
}
# Sentences with a projection that is not contiguous, counted from the files' heads
# by brute force (descendants of every token) in a separate script.
NON_PROJECTIVE = {
    "GUM_academic_salinity": 1,
    "GUM_bio_byron": 4,
    "GUM_news_crane": 1,
    "GUM_voyage_cleveland": 1,
}


def read(doc: str):
    trees = [s.tree for s in read_file(GUM / f"{doc}.ptb")]
    graphs = [s.tree for s in read_file(GUM / f"{doc}.conllu")]
    return trees, graphs


def brute_force_projective(heads: tuple[int, ...]) -> bool:
    """Projectivity by definition: every arc's span is dominated by its head."""
    n = len(heads)

    def dominated(h: int, k: int) -> bool:
        while k != 0:
            if k == h:
                return True
            k = heads[k - 1]
        return False

    for d in range(1, n + 1):
        h = heads[d - 1]
        if h and not all(dominated(h, k) for k in range(min(h, d) + 1, max(h, d))):
            return False
    return True


@pytest.mark.parametrize("doc", DOCS)
def test_both_versions_convert_with_equal_yields(doc):
    trees, graphs = read(doc)
    assert len(trees) == len(graphs) == SENTENCES[doc]
    escaped = 0
    for i, (tree, graph) in enumerate(zip(trees, graphs, strict=True), start=1):
        const = to_mft(tree)
        dep = to_mft(graph, projectivize=True)
        check_yields([const.words, dep.words], ["ptb", "conllu"], sentence=i)
        assert const.words == dep.words
        raw_leaves = [w for w in tree.leaves()]
        raw_words = [graph.nodes[k]["word"] for k in range(1, len(graph.nodes))]
        escaped += raw_leaves != raw_words
    # The .ptb files escape brackets (-LRB-, also inside tokens) where the
    # .conllu files write them bare (SOURCE.md): the sentences that differ are
    # those with an escape in a word, found here by scanning the file's text.
    chunks = (GUM / f"{doc}.ptb").read_text(encoding="utf-8").strip().split("\n\n")
    leaves = [re.findall(r"\(\S+ ([^()\s]+)\)", chunk) for chunk in chunks]
    assert escaped == sum(any(ESCAPE.search(w) for w in words) for words in leaves)


@pytest.mark.parametrize("doc", DOCS)
def test_non_projective_trees_keep_their_gaps_or_are_lifted(doc):
    """Every projection becomes a node over exactly its positions (found by brute
    force), gaps included; projectivize=True gives contiguous spans instead."""
    _, graphs = read(doc)
    gapped = 0
    for graph in graphs:
        tree = from_dependency_graph(graph)
        rows = [[str(a), "", "", "", "", "", str(h)] for a, h in enumerate(tree.heads, 1)]
        mft = to_mft(graph)
        assert {frozenset(span_positions(s)) for s in mft.spans} == dependency_spans(rows)
        assert mft.contiguous == brute_force_projective(tree.heads)
        gapped += not mft.contiguous
        assert to_mft(graph, projectivize=True).contiguous
    assert gapped == NON_PROJECTIVE[doc]


@pytest.mark.parametrize("doc", DOCS)
def test_engines_agree_on_the_cross_theory_overlap(doc):
    trees, graphs = read(doc)
    dep_conv = Converter(projectivize=True)
    for tree, graph in zip(trees, graphs, strict=True):
        const, dep = to_mft(tree), dep_conv(graph)
        assert sentence_stats(const, dep, engine="span") == sentence_stats(
            const, dep, engine="apted"
        )


def test_cross_experiment_on_all_four_documents():
    pairs = [read(doc) for doc in DOCS]
    trees = [t for ts, _ in pairs for t in ts]
    graphs = [g for _, gs in pairs for g in gs]
    cross = CrossFrameworkEvaluator(
        [
            Experiment("ptb", trees, trees),
            Experiment("ud", graphs, graphs, Converter(projectivize=True)),
        ]
    )
    # Each gold as its own parse is perfect in SINGLE and MULTIPLE.
    for name in ("ptb", "ud"):
        assert [float(s) for s in cross.single(name)] == [1.0, 1.0]
        assert [float(s) for s in cross.multiple(name)] == [1.0, 1.0]
    labeled, unlabeled = cross.overlap("ptb", "ud")
    # PTB function tags (SBJ, TMP, ...) and UD relations (nsubj, obl, ...)
    # share no label, so without TL-unification or a label map nothing
    # labeled is common ground.
    assert float(labeled) == 0.0
    # The bracketings overlap in part. A second computation: the spans of the
    # constituents, and the projections (plus head tokens) of the lifted UD
    # trees, both without the whole sentence; delta = |A ^ B|, iota = |A| + |B|.
    delta = iota = 0
    for doc in DOCS:
        ptb = (GUM / f"{doc}.ptb").read_text(encoding="utf-8").strip().split("\n\n")
        for text, rows in zip(ptb, conll_sentences(GUM / f"{doc}.conllu"), strict=True):
            full = (0, len(rows))
            a = {(min(y), max(y) + 1) for y in ptb_spans(Tree.fromstring(text))} - {full}
            b = {span for _, span in ud_labeled(rows)} | {(i, i + 1) for i in range(len(rows))}
            delta += len(a ^ (b - {full}))
            iota += len(a) + len(b - {full})
    assert unlabeled.totals == {"delta_unlabeled": delta, "iota_unlabeled": iota}
    assert float(unlabeled) == pytest.approx(1 - delta / iota)
    assert cross.result.read == sum(SENTENCES.values())
    # Without lifting, the non-projective trees keep their gaps: the same count over
    # yields as sets of positions, the projections found by brute force.
    native = CrossFrameworkEvaluator(
        [Experiment("ptb", trees, trees), Experiment("ud", graphs, graphs)]
    )
    delta = iota = 0
    for doc in DOCS:
        ptb = (GUM / f"{doc}.ptb").read_text(encoding="utf-8").strip().split("\n\n")
        for text, rows in zip(ptb, conll_sentences(GUM / f"{doc}.conllu"), strict=True):
            full = frozenset(range(len(rows)))
            a = ptb_spans(Tree.fromstring(text)) - {full}
            b = dependency_spans(rows) - {full}
            delta += len(a ^ b)
            iota += len(a) + len(b)
    _, unlabeled = native.overlap("ptb", "ud")
    assert unlabeled.totals == {"delta_unlabeled": delta, "iota_unlabeled": iota}
    assert native.result.run.scored == sum(SENTENCES.values())
