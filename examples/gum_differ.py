"""Where do GUM's two gold theories differ? The cross-theory overlap broken down by label.

The labeled overlap of GUM's constituency gold, TL-unified with its UD gold
(PTB ⊔tl UD, 2012 paper §4.1), against the UD gold is the SINGLE TedEval
score of one theory's trees against the other's (SPEC.md §5). Broken down by
``label`` (SPEC.md §12.5), its δ is split over the function labels whose items
the edit script deletes or adds: the labels that carry the difference.

Usage::

    python examples/gum_differ.py [--top N] [GUM_DIRECTORY]

The directory defaults to the 80 documents shipped gzipped in
``corpora_samples/gum_excerpt`` (2,996 sentences).
"""

from __future__ import annotations

import sys
from pathlib import Path

from nltk_tedeval import CrossFrameworkEvaluator, Experiment
from nltk_tedeval.reading import read_file

HERE = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    args = argv[1:]
    top = 12
    if "--top" in args:
        i = args.index("--top")
        top = int(args[i + 1])
        del args[i : i + 2]
    directory = Path(args[0]) if args else HERE / "corpora_samples" / "gum_excerpt"
    docs = sorted(p.name.split(".")[0] for p in directory.glob("GUM_*.ptb*"))
    if not docs:
        print(f"no GUM_*.ptb files in {directory}", file=sys.stderr)
        return 1

    def trees(doc: str, suffix: str) -> list:
        plain = directory / f"{doc}{suffix}"
        path = plain if plain.exists() else directory / f"{doc}{suffix}.gz"
        return [s.tree for s in read_file(path)]

    ptb = [t for d in docs for t in trees(d, ".ptb")]
    ud = [t for d in docs for t in trees(d, ".conllu")]
    cross = CrossFrameworkEvaluator(
        [Experiment("ptb", None, ptb), Experiment("ud", None, ud)],
        tl_unify={"ptb": "ud"},
        by="label",
    )
    labeled, _ = cross.overlap("ptb", "ud")
    t = labeled.totals
    print(
        f"labeled overlap, PTB ⊔tl UD against UD, {len(ptb)} sentences: {float(labeled):.4f} "
        f"(δ {t['delta_labeled']}, ι {t['iota_labeled']})"
    )
    print(f"{'label':<12} {'deleted':>7} {'added':>6} {'δ':>6} {'share of δ':>10} {'TEDEVAL':>8}")
    b = cross.overlap_breakdown("ptb", "ud", "label")
    for g in b.top(top):
        row = g.totals
        print(
            f"{g.group:<12} {row['deleted']:>7} {row['added']:>6} {row['delta']:>6} "
            f"{g.share:>10.1%} {float(g.scores['TEDEVAL']):>8.4f}"
        )
    rest = len(b) - min(top, len(b))
    if rest:
        print(f"... and {rest} more labels")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
