"""Write the export files of GUM sentences with brackets that disco-dop's outputs here were made on.

Run from the project root: ``python tests/fixtures_disco/make_gum.py``; then
run disco-dop as SOURCE.md says. From the three GUM samples that have them,
it takes the sentences holding a word tagged ``-LRB-``, turns ``-LRB-`` and
``-RRB-`` in the words back into brackets (an export word may hold one), and
writes four files in export format 3:

- ``gum_gold.export``: the punctuation (Penn tags ``, . : `` '' -LRB- -RRB-
  HYPH``) hangs from the root, as Negra and Tiger attach it, so the
  phrases around it have gaps; phrases left without words are dropped;
- ``gum_parse.export``: the punctuation where GUM has it, and in each
  sentence the first PP (in pre-order) labelled ADVP;
- ``gum_stts_gold.export``, ``gum_stts_parse.export``: the same with the
  STTS punctuation tags of Negra and Tiger: ``$,`` for ``,``, ``$.`` for
  ``.`` and ``$(`` for the others.

Each sentence's ``#BOS`` line carries its document and number as a comment;
disco-dop's writer puts it after the tree and a tab in ``discbracket``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from nltk import Tree

HERE = Path(__file__).parent
GUM = HERE.parent.parent / "corpora_samples" / "gum"
DOCS = ("voyage_cleveland", "academic_salinity", "bio_byron")
PUNCT = frozenset({",", ".", ":", "``", "''", "-LRB-", "-RRB-", "HYPH"})


def penn(tag: str) -> str:
    return tag


def stts(tag: str) -> str:
    return {",": "$,", ".": "$."}.get(tag, "$(" if tag in PUNCT else tag)


def export_lines(tree: Tree, gold: bool, tag_of: Callable[[str], str]) -> list[str]:
    """The word and phrase lines of one sentence (GUM's ROOT is the export root)."""
    words: list[tuple[str, str, str]] = []  # word, tag, parent
    phrases: list[tuple[str, str, str, str]] = []  # number, category, edge, parent
    relabelled = gold  # only the parse relabels a PP

    def walk(node: Tree, parent: str) -> None:
        nonlocal relabelled
        for kid in node:
            if isinstance(kid[0], str):
                word = kid[0].replace("-LRB-", "(").replace("-RRB-", ")")
                moved = gold and kid.label() in PUNCT
                words.append((word, tag_of(kid.label()), "0" if moved else parent))
                continue
            category, _, edge = kid.label().partition("-")
            if category == "PP" and not relabelled:
                category, relabelled = "ADVP", True
            number = str(500 + len(phrases))
            phrases.append((number, category, edge or "--", parent))
            walk(kid, number)

    walk(tree, "0")
    # Export has no empty phrase: drop those whose words all went to the root.
    while True:
        used = {p for _, _, p in words} | {p[3] for p in phrases}
        kept = [p for p in phrases if p[0] in used]
        if len(kept) == len(phrases):
            break
        phrases = kept
    lines = [f"{w}\t{t}\t--\t--\t{p}" for w, t, p in words]
    return lines + [f"#{n}\t{c}\t--\t{e}\t{p}" for n, c, e, p in phrases]


def main() -> None:
    sentences: list[tuple[str, int, Tree]] = []
    for doc in DOCS:
        text = (GUM / f"GUM_{doc}.ptb").read_text(encoding="utf-8")
        for k, block in enumerate(text.strip().split("\n\n"), start=1):
            tree = Tree.fromstring(block)
            if any(tag == "-LRB-" for _, tag in tree.pos()):
                sentences.append((doc, k, tree))
    for name, gold, tag_of in (
        ("gum_gold", True, penn),
        ("gum_parse", False, penn),
        ("gum_stts_gold", True, stts),
        ("gum_stts_parse", False, stts),
    ):
        lines = ["#FORMAT 3"]
        for n, (doc, k, tree) in enumerate(sentences, start=1):
            lines.append(f"#BOS {n} %% GUM_{doc} sentence {k}")
            lines += export_lines(tree, gold, tag_of)
            lines.append(f"#EOS {n}")
        (HERE / f"{name}.export").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
