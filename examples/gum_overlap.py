"""Cross-theory overlap of GUM's constituency and dependency gold, per genre.

The overlap of two gold theories is the SINGLE TedEval score of one
theory's trees against the other's (SPEC.md §5). This script prints it for
each GUM genre, labeled and unlabeled, with and without TL-unification of
the bracketed trees with the UD trees (PTB ⊔tl UD, as the 2012 paper does
for PTB with SD, §4.1).

Usage::

    python examples/gum_overlap.py [GUM_DIRECTORY]

The directory defaults to the 80 documents shipped gzipped in
``corpora_samples/gum_excerpt`` (2,996 sentences); any directory of
``GUM_*.ptb``/``GUM_*.conllu`` pairs, plain or gzipped, works. Non-projective
UD trees are projectivized (their count is printed).
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict
from pathlib import Path

from nltk_tedeval import Converter, CrossFrameworkEvaluator, Experiment
from nltk_tedeval.reading import read_file

HERE = Path(__file__).resolve().parent.parent


def default_directory() -> Path:
    return HERE / "corpora_samples" / "gum_excerpt"


def genre_files(directory: Path) -> dict[str, list[str]]:
    """Document names by genre; a document is ``GUM_genre_name.ptb`` (or ``.ptb.gz``)."""
    genres: dict[str, list[str]] = defaultdict(list)
    for ptb in sorted([*directory.glob("GUM_*.ptb"), *directory.glob("GUM_*.ptb.gz")]):
        doc = ptb.name.removesuffix(".gz").removesuffix(".ptb")
        genres[doc.split("_")[1]].append(doc)
    return dict(genres)


def document(directory: Path, doc: str, suffix: str) -> Path:
    """The file of ``doc`` in one format, plain or gzipped."""
    plain = directory / f"{doc}{suffix}"
    return plain if plain.exists() else directory / f"{doc}{suffix}.gz"


def main(argv: list[str]) -> int:
    directory = Path(argv[1]) if len(argv) > 1 else default_directory()
    genres = genre_files(directory)
    if not genres:
        print(f"no GUM_*.ptb files in {directory}", file=sys.stderr)
        return 1
    genres["all"] = [doc for docs in genres.values() for doc in docs]
    print(f"GUM cross-theory overlap, constituency (PTB) against dependency (UD) gold: {directory}")
    header = f"{'genre':<10} {'sents':>6} {'proj':>5} {'L':>8} {'U':>8} {'L (tl)':>8} {'U (tl)':>8}"
    print(header)
    print("-" * len(header))
    start = time.perf_counter()
    for genre, docs in genres.items():
        trees = [s.tree for d in docs for s in read_file(document(directory, d, ".ptb"))]
        graphs = [s.tree for d in docs for s in read_file(document(directory, d, ".conllu"))]
        row = []
        lifted = 0
        for tl in (None, {"ptb": "ud"}):
            cross = CrossFrameworkEvaluator(
                [
                    Experiment("ptb", None, trees),
                    Experiment("ud", None, graphs, Converter(projectivize=True)),
                ],
                tl_unify=tl,
            )
            row.extend(cross.overlap("ptb", "ud"))
            lifted = cross.result.lifted_sentences[1]
        print(
            f"{genre:<10} {len(trees):>6} {lifted:>5} " + " ".join(f"{float(s):>8.4f}" for s in row)
        )
    print(f"({time.perf_counter() - start:.1f} s; proj = UD trees projectivized)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
