"""spaCy's per-relation LAS on the shipped GUM excerpt, the anchor of the relation breakdown.

Run from the project root, with spaCy installed (it is in the test extra,
``pip install -e .[test]``; no model is needed):

    python tests/fixtures_spacy/make_dep_las.py

It reads the 80 gold documents of ``corpora_samples/gum_excerpt`` and makes a
parse of them deterministically (:func:`perturb`), puts both under spaCy's
conventions (:func:`spacy_convention`), builds spaCy ``Doc``s from words,
heads and relations with ``spacy.blank("en")``, and writes what
``Scorer.score_deps`` returns (relations lower-cased, as the parser reads them;
default ``ignore_labels``, none) and what the parser component's scorer
returns (``parser_score``: the same, ignoring the labels ``p`` and ``punct``),
to ``gum_dep_las_per_type.json``. tests/test_breakdown_attachment.py builds
the same pairs with :func:`gum_pairs` and compares the relation breakdown of
``AttachmentEvaluator`` with the file, and with spaCy itself when it is installed.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
GUM = ROOT / "corpora_samples" / "gum_excerpt"
OUT = HERE / "gum_dep_las_per_type.json"

Pair = tuple[tuple[str, ...], tuple[int, ...], tuple[str, ...], tuple[int, ...], tuple[str, ...]]
"""words, gold heads, gold relations, parse heads, parse relations (heads from 1, 0 the root)."""


def spacy_convention(heads: Sequence[int], rels: Sequence[str]) -> tuple[str, ...]:
    """Relations as spaCy's parsers give them: lower-cased, and every arc from the root "root"."""
    return tuple("root" if h == 0 else r.lower() for h, r in zip(heads, rels, strict=True))


def perturb(heads: Sequence[int], rels: Sequence[str], start: int) -> tuple[tuple, tuple, int]:
    """A parse of one gold sentence; ``start`` counts the words of the corpus before it.

    The k-th word of the corpus (from 1) takes the word before it as its head
    when 7 divides k (the first word of a sentence takes the second), the
    relation of the word after it when 11 does, and the root as its head when 29
    does. The parse need not be a tree; no word is its own head (spaCy would
    read that as the root).
    """
    heads, rels = list(heads), list(rels)
    gold_rels = tuple(rels)
    n = len(heads)
    k = start
    for i in range(n):
        k += 1
        if n > 1 and k % 7 == 0:
            heads[i] = i if i > 0 else 2
        if n > 1 and k % 11 == 0:
            rels[i] = gold_rels[(i + 1) % n]
        if k % 29 == 0:
            heads[i] = 0
    return tuple(heads), tuple(rels), k


def gum_pairs() -> list[Pair]:
    """Every sentence of the excerpt (documents in name order), gold and parse, under
    :func:`spacy_convention`."""
    from nltk_tedeval import read_file
    from nltk_tedeval.trees.dependency import from_dependency_graph

    out: list[Pair] = []
    k = 0
    for path in sorted(GUM.glob("*.conllu.gz")):
        for record in read_file(str(path)):
            tree = from_dependency_graph(record.tree)
            rels = tuple(r or "_" for r in tree.rels)
            p_heads, p_rels, k = perturb(tree.heads, rels, k)
            out.append(
                (
                    tuple(tree.words),
                    tuple(tree.heads),
                    spacy_convention(tree.heads, rels),
                    p_heads,
                    spacy_convention(p_heads, p_rels),
                )
            )
    return out


def spacy_scores(pairs: Sequence[Pair], parser: bool = False) -> dict[str, Any]:
    """``Scorer.score_deps`` of the pairs, as spaCy Docs (a root word is its own head there).

    Relations are read lower-cased, as spaCy's parser scores them; ``parser=True``
    scores as the parser component does (``spacy.pipeline.dep_parser.parser_score``,
    which also ignores the labels ``p`` and ``punct``), else ``Scorer.score_deps``
    with its default ``ignore_labels`` (none).
    """
    import spacy
    from spacy.pipeline.dep_parser import parser_score
    from spacy.scorer import Scorer
    from spacy.tokens import Doc
    from spacy.training import Example

    nlp = spacy.blank("en")

    def doc(words: Sequence[str], heads: Sequence[int], rels: Sequence[str]) -> Doc:
        absolute = [i if h == 0 else h - 1 for i, h in enumerate(heads)]
        return Doc(nlp.vocab, words=list(words), heads=absolute, deps=list(rels))

    examples = [Example(doc(words, ph, pr), doc(words, gh, gr)) for words, gh, gr, ph, pr in pairs]
    if parser:
        return parser_score(examples)

    def dep_getter(token: Any, attr: str) -> str:  # parser_score's own getter
        return token.vocab.strings.as_string(getattr(token, attr)).lower()

    return Scorer.score_deps(examples, "dep", getter=dep_getter)


def main() -> None:
    import spacy

    pairs = gum_pairs()
    plain = spacy_scores(pairs)
    parser = spacy_scores(pairs, parser=True)
    record = {
        "spacy_version": spacy.__version__,
        "python": sys.version.split()[0],
        "command": "python tests/fixtures_spacy/make_dep_las.py",
        "data": "corpora_samples/gum_excerpt/*.conllu.gz (80 documents, name order)",
        "sentences": len(pairs),
        "words": sum(len(p[0]) for p in pairs),
        "dep_uas": plain["dep_uas"],
        "dep_las": plain["dep_las"],
        "dep_las_per_type": plain["dep_las_per_type"],
        "parser_score": {
            "dep_uas": parser["dep_uas"],
            "dep_las": parser["dep_las"],
            "dep_las_per_type": parser["dep_las_per_type"],
        },
    }
    OUT.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(plain['dep_las_per_type'])} relations, {record['words']} words")


if __name__ == "__main__":
    main()
