"""Real data: the GUM documents of corpora_samples/gum in both frameworks.

Each document has a bracketed (PTB) and a CoNLL-U version of the same
sentences. Both convert, their yields agree once PTB escapes are undone, and
the span-set and APTED engines agree on the cross-theory overlap of the two
golds, sentence by sentence.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nltk_tedeval import (
    CrossFrameworkEvaluator,
    Experiment,
    NonProjectiveError,
    check_yields,
    from_dependency_graph,
    sentence_stats,
    to_mft,
)
from nltk_tedeval.reading import read_file
from nltk_tedeval.trees.convert import Converter

GUM = Path(__file__).resolve().parent.parent / "corpora_samples" / "gum"
DOCS = ["GUM_academic_salinity", "GUM_bio_byron", "GUM_news_crane", "GUM_voyage_cleveland"]
# Sentence counts from the documents' CoNLL-U sent_id comments.
SENTENCES = {
    "GUM_academic_salinity": 24,
    "GUM_bio_byron": 25,
    "GUM_news_crane": 13,
    "GUM_voyage_cleveland": 20,
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
    if doc == "GUM_academic_salinity":
        # This document escapes brackets in the .ptb file (SOURCE.md).
        assert escaped > 0


@pytest.mark.parametrize("doc", DOCS)
def test_non_projective_trees_need_projectivize(doc):
    _, graphs = read(doc)
    for graph in graphs:
        tree = from_dependency_graph(graph)
        if brute_force_projective(tree.heads):
            to_mft(graph)
        else:
            with pytest.raises(NonProjectiveError, match="non-projective arc"):
                to_mft(graph)
            assert to_mft(graph, projectivize=True).n == len(tree)


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
    # labeled is common ground; the bracketings overlap in part.
    assert float(labeled) == 0.0
    assert 0.5 < unlabeled < 1.0
    assert cross.result.read == sum(SENTENCES.values())
