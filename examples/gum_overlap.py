"""Cross-theory overlap of GUM's constituency and dependency gold, per genre.

The overlap of two gold theories is the SINGLE TedEval score of one
theory's trees against the other's (SPEC.md §5). This script prints it for
each GUM genre, labeled and unlabeled, with and without TL-unification of
the bracketed trees with the UD trees (PTB ⊔tl UD, as the 2012 paper does
for PTB with SD, §4.1).

Usage::

    python examples/gum_overlap.py [--gapped] [GUM_DIRECTORY]

The directory defaults to the 80 documents shipped gzipped in
``corpora_samples/gum_excerpt`` (2,996 sentences); any directory of
``GUM_*.ptb``/``GUM_*.conllu`` pairs, plain or gzipped, works. Non-projective
UD trees are scored as they are (their yields keep their gaps, SPEC.md §3.1)
and, beside, lifted with ``projectivize=True``; their count is printed.
``--gapped`` keeps only the sentences whose UD tree is non-projective, where
lifting makes its whole difference, and prints the unlabeled δ/ι of each.
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict
from pathlib import Path

from nltk_tedeval import Converter, CrossFrameworkEvaluator, Experiment, from_dependency_graph
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
    gapped = "--gapped" in argv[1:]
    args = [a for a in argv[1:] if a != "--gapped"]
    directory = Path(args[0]) if args else default_directory()
    genres = genre_files(directory)
    if not genres:
        print(f"no GUM_*.ptb files in {directory}", file=sys.stderr)
        return 1
    genres["all"] = [doc for docs in genres.values() for doc in docs]
    width = max(10, *map(len, genres))
    print(f"GUM cross-theory overlap, constituency (PTB) against dependency (UD) gold: {directory}")
    header = (
        f"{'genre':<{width}} {'sents':>6} {'gaps':>5} {'U':>8} {'U lift':>8} "
        f"{'L (tl)':>8} {'L tl lift':>9}"
    )
    print(header)
    print("-" * len(header))
    start = time.perf_counter()
    for genre, docs in genres.items():
        trees = [s.tree for d in docs for s in read_file(document(directory, d, ".ptb"))]
        graphs = [s.tree for d in docs for s in read_file(document(directory, d, ".conllu"))]
        if gapped:
            keep = [not from_dependency_graph(g).is_projective() for g in graphs]
            trees = [t for t, k in zip(trees, keep, strict=True) if k]
            graphs = [g for g, k in zip(graphs, keep, strict=True) if k]
        unlabeled, labeled_tl = [], []
        lifted = 0
        # The UD trees as they are (non-projective ones keep their gaps, SPEC.md §3.1),
        # then lifted; without and with PTB ⊔tl UD.
        for projectivize in (False, True):
            for tl in (None, {"ptb": "ud"}):
                cross = CrossFrameworkEvaluator(
                    [
                        Experiment("ptb", None, trees),
                        Experiment("ud", None, graphs, Converter(projectivize=projectivize)),
                    ],
                    tl_unify=tl,
                )
                labeled, plain = cross.overlap("ptb", "ud")
                if tl is None:
                    unlabeled.append(plain)
                else:
                    labeled_tl.append(labeled)
                lifted = max(lifted, cross.result.lifted_sentences[1])
        row = [*unlabeled, *labeled_tl]
        print(
            f"{genre:<{width}} {len(trees):>6} {lifted:>5} "
            + " ".join(f"{float(s):>8.4f}" for s in row)
        )
        if gapped:
            for how, score in zip(("as they are", "lifted"), unlabeled, strict=True):
                t = score.totals
                print(f"  unlabeled {how}: δ/ι = {t['delta_unlabeled']}/{t['iota_unlabeled']}")
    print(
        f"({time.perf_counter() - start:.1f} s; gaps = non-projective UD trees, kept as they "
        "are or lifted; labeled overlap without TL-unification is 0: no label is shared)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
