"""Build ``corpora_samples/study/`` from the GUM excerpt: the study's split, trimmed.

The cross-framework study (``examples/study.py``, ``docs/study.md``) trains
and tests on GUM documents that have both a constituency (``.ptb``) and a
dependency (``.conllu``) gold. This script makes its data, deterministically,
from a directory of such document pairs (the GUM excerpt shipped gzipped in
``corpora_samples/gum_excerpt``
by default):

- **Split by document.** The documents are sorted by name (so by genre, then
  title); every fifth one, starting from the third (index 2, 7, 12, ...), is a
  test document. In the 80-document excerpt that puts four documents of each
  of the four genres in the test set.
- **Training documents.** The SVM of nltk's ``TransitionParser`` trains in
  time that grows fast with the number of sentences, so the study trains
  every parser on the same subset of the other documents, chosen by the same
  rule: every fifth remaining document, starting from the third.
- **Files.** The documents of each part are concatenated in sorted order into
  ``train.ptb``/``train.conllu`` and ``test.ptb``/``test.conllu``. Bracketed
  trees are copied unchanged. CoNLL-U files are trimmed to keep the
  repository small: the DEPS and MISC columns become ``_``, only the
  ``# sent_id`` and ``# text`` comments stay, and empty nodes (``8.1``, which
  only carry enhanced dependencies) are dropped; multiword-token lines and all
  basic-tree columns are kept as they are.

Usage::

    python examples/study_data.py [GUM_DIRECTORY]

It prints the split, and checks that the two files of every document hold
the same number of sentences with the same words.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from nltk_tedeval import check_yields, from_dependency_graph
from nltk_tedeval.reading import read_file

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gum_files import EXCERPT, gum_documents, gum_path, gum_text

ROOT = Path(__file__).resolve().parent.parent
STUDY = ROOT / "corpora_samples" / "study"
DEFAULT_GUM = EXCERPT
KEPT_COMMENTS = ("# sent_id", "# text")


def every_fifth_from_third(items: Sequence[str]) -> tuple[list[str], list[str]]:
    """``(picked, rest)``: items at positions 2, 7, 12, ... and all the others."""
    picked = [x for i, x in enumerate(items) if i % 5 == 2]
    rest = [x for i, x in enumerate(items) if i % 5 != 2]
    return picked, rest


def split(documents: Sequence[str]) -> tuple[list[str], list[str]]:
    """``(train, test)`` documents of the study, in sorted order."""
    test, rest = every_fifth_from_third(sorted(documents))
    train, _ = every_fifth_from_third(rest)
    return train, test


def genre(document: str) -> str:
    """``GUM_bio_byron`` -> ``bio``."""
    return document.split("_")[1]


def trim_conllu(lines: Iterable[str]) -> list[str]:
    """CoNLL-U lines without DEPS, MISC, empty nodes and comments other than id and text."""
    out = []
    for line in lines:
        if line.startswith("#"):
            if line.startswith(KEPT_COMMENTS):
                out.append(line)
            continue
        if not line.strip():
            out.append("")
            continue
        cells = line.split("\t")
        if "." in cells[0]:
            continue  # an empty node: enhanced dependencies only
        cells[8] = cells[9] = "_"
        out.append("\t".join(cells))
    return out


def check_document(gum: Path, document: str) -> int:
    """The number of sentences of a document; both files must agree on them."""
    trees = [s.tree for s in read_file(gum_path(gum, document, ".ptb"))]
    graphs = [s.tree for s in read_file(gum_path(gum, document, ".conllu"))]
    if len(trees) != len(graphs):
        raise SystemExit(f"{document}: {len(trees)} trees but {len(graphs)} dependency graphs")
    for tree, graph in zip(trees, graphs, strict=True):
        check_yields([tree.leaves(), from_dependency_graph(graph).words], ["ptb", "conllu"])
    return len(trees)


def write_part(gum: Path, documents: Sequence[str], name: str) -> int:
    """Write ``name``.ptb and ``name``.conllu; return the number of sentences."""
    ptb: list[str] = []
    conllu: list[str] = []
    sentences = 0
    for document in documents:
        sentences += check_document(gum, document)
        ptb.append(gum_text(gum_path(gum, document, ".ptb")).strip("\n") + "\n")
        text = gum_text(gum_path(gum, document, ".conllu"))
        conllu.append("\n".join(trim_conllu(text.strip("\n").split("\n"))) + "\n")
    (STUDY / f"{name}.ptb").write_text("\n".join(ptb), encoding="utf-8")
    (STUDY / f"{name}.conllu").write_text("\n".join(conllu), encoding="utf-8")
    return sentences


def main(argv: list[str]) -> int:
    gum = Path(argv[1]) if len(argv) > 1 else DEFAULT_GUM
    documents = gum_documents(gum)
    if not documents:
        print(f"no GUM_*.ptb files in {gum}", file=sys.stderr)
        return 1
    train, test = split(documents)
    STUDY.mkdir(parents=True, exist_ok=True)
    for name, docs in (("train", train), ("test", test)):
        sentences = write_part(gum, docs, name)
        genres = Counter(genre(d) for d in docs)
        print(
            f"{name}: {len(docs)} documents, {sentences} sentences, {dict(sorted(genres.items()))}"
        )
        for d in docs:
            print(f"  {d}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
