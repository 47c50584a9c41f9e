"""Write the SPMRL-style gold and parse files that evalb_spmrl's outputs here were made on.

Run from the project root: ``python tests/fixtures_spmrl/make_spmrl.py``; then
run evalb_spmrl as SOURCE.md says.

The trees are the 57 sentences of three GUM documents of ``corpora_samples/gum``
(``GUM_news_crane``, ``GUM_voyage_cleveland``, ``GUM_academic_salinity``, in that
order), each a PTB tree with the UD morphology of its ``.conllu`` twin written into
its labels as the SPMRL 2013 shared task's files carry it, ``LABEL##features##``:

- a POS tag gets its token's FEATS (``(NNS##Number=Plur## pilgrims)``), and
  nothing when the token has none (``(IN in)``);
- a phrase gets the FEATS of its head, the first of its words whose UD head
  lies outside the phrase (``(NP-SBJ##Number=Sing## ...)``), and nothing when
  that word has none;
- the root of every odd-numbered sentence has the empty label, as the French
  SPMRL files write it (``( (S ...))``); the others keep GUM's ``ROOT``.

``gold.ptb`` holds those trees, one per line, with two changes: sentence 15
gets an empty subject ``(NP-SBJ (-NONE- *))`` before its first word, and
sentence 16 an empty element ``(-NONE- *T*)`` at the end of its root.
``parse.ptb`` holds the same trees changed as a parser might have returned
them:

- every feature string is changed (``Sing`` read ``Plur`` and the reverse,
  other features dropped on every third tag): evalb_spmrl cuts labels at the
  first ``#``, so none of this changes a score;
- sentence n with n % 6 == 1 has its first NP relabelled ADJP; == 2 its first
  NN tag made NNS; == 3 its first phrase under a phrase flattened into its
  parent; == 4 its first two sister words wrapped in a new NP (a bracket
  that may cross); == 5 its first PP relabelled ADVP and its function tags
  changed (``-SBJ`` to ``-OBJ``, cut anyway); == 0 its first phrase that
  follows a sister has its first child moved into a new NP with that sister
  (a crossing bracket);
- roots: ``ROOT`` where the gold has the empty label and ``TOP`` or ``VROOT``
  where it has ``ROOT`` (all deleted by spmrl.prm);
- sentence 3 is an empty line (a parser failure), sentence 7 the empty
  parse ``(())``; sentence 10 lacks its last word (a length mismatch);
  sentence 12 has its first word changed (a word mismatch); sentence 15
  keeps the gold's empty subject, sentence 16 lacks its empty element (a
  length mismatch for evalb_spmrl, which deletes no word); sentence 19, a
  gold sentence of one word (``Understand``), is parsed as two words
  (``Under stand``), which evalb_spmrl prints twice.
"""

from __future__ import annotations

from pathlib import Path

from nltk import Tree

HERE = Path(__file__).parent
GUM = HERE.parent.parent / "corpora_samples" / "gum"
DOCS = ("news_crane", "voyage_cleveland", "academic_salinity")


def conllu_sentences(path: Path) -> list[list[tuple[str, int]]]:
    """Each sentence's words as (FEATS, head) of its syntactic words."""
    out = []
    for block in path.read_text(encoding="utf-8").strip().split("\n\n"):
        words = []
        for line in block.split("\n"):
            cols = line.split("\t")
            if line.startswith("#") or not cols[0].isdigit():
                continue
            words.append((cols[5], int(cols[6])))
        out.append(words)
    return out


def with_features(label: str, feats: str) -> str:
    return label if feats == "_" else f"{label}##{feats}##"


def decorate(tree: Tree, words: list[tuple[str, int]]) -> Tree:
    """The tree with its tags and phrase labels carrying the UD features."""

    def walk(node: Tree, start: int) -> tuple[Tree, int]:
        if isinstance(node[0], str):
            return Tree(with_features(node.label(), words[start][0]), [node[0]]), start + 1
        kids, end = [], start
        for kid in node:
            new, end = walk(kid, end)
            kids.append(new)
        inside = range(start + 1, end + 1)  # CoNLL-U numbers from 1
        head = next((i for i in inside if words[i - 1][1] not in inside), None)
        feats = "_" if head is None or node.label() == "ROOT" else words[head - 1][0]
        return Tree(with_features(node.label(), feats), kids), end

    return walk(tree, 0)[0]


def one_line(tree: Tree) -> str:
    return tree.pformat(margin=10**9)


def swap_features(label: str, k: int) -> str:
    base, sep, rest = label.partition("##")
    if not sep:
        return label
    feats = rest[:-2]
    feats = feats.replace("Sing", "@").replace("Plur", "Sing").replace("@", "Plur")
    if k % 3 == 0:
        feats = feats.split("|")[0]
    return f"{base}##{feats}##"


def phrases(tree: Tree) -> list[tuple[int, ...]]:
    return [p for p in tree.treepositions() if isinstance(tree[p], Tree) and p]


def parse_of(gold: Tree, n: int) -> Tree:
    t = gold.copy(deep=True)
    count = 0
    for p in t.treepositions():
        if isinstance(t[p], Tree):
            count += 1
            t[p].set_label(swap_features(t[p].label(), count))
    kind = n % 6
    nodes = [p for p in phrases(t) if not isinstance(t[p][0], str)]
    tags = [p for p in phrases(t) if isinstance(t[p][0], str)]
    if kind == 1:
        for p in nodes:
            if t[p].label().split("#")[0].split("-")[0] == "NP":
                t[p].set_label("ADJP" + t[p].label()[2:])
                break
    elif kind == 2:
        for p in tags:
            if t[p].label().split("#")[0] == "NN":
                t[p].set_label("NNS" + t[p].label()[2:])
                break
    elif kind == 3:
        for p in nodes:
            if len(p) >= 2:
                parent, i = t[p[:-1]], p[-1]
                parent[i : i + 1] = list(t[p])
                break
    elif kind == 4:
        for p in nodes:
            kids = t[p]
            for i in range(len(kids) - 1):
                if isinstance(kids[i][0], str) and isinstance(kids[i + 1][0], str):
                    kids[i : i + 2] = [Tree("NP", [kids[i], kids[i + 1]])]
                    break
            else:
                continue
            break
    elif kind == 5:
        for p in nodes:
            if t[p].label().startswith("PP"):
                t[p].set_label("ADVP" + t[p].label()[2:])
                break
        for p in nodes:
            t[p].set_label(t[p].label().replace("-SBJ", "-OBJ"))
    elif kind == 0:
        for p in [(), *nodes]:
            kids = t[p]
            i = next(
                (
                    i
                    for i in range(1, len(kids))
                    if not isinstance(kids[i][0], str) and len(kids[i]) >= 2
                ),
                None,
            )
            if i is not None:
                first = kids[i].pop(0)
                kids[i - 1 : i] = [Tree("NP", [kids[i - 1], first])]
                break
    root = t.label()
    t.set_label("ROOT" if root == "" else ("TOP" if n % 4 == 0 else "VROOT"))
    return t


def main() -> None:
    golds: list[Tree] = []
    for doc in DOCS:
        trees = (GUM / f"GUM_{doc}.ptb").read_text(encoding="utf-8").strip().split("\n\n")
        words = conllu_sentences(GUM / f"GUM_{doc}.conllu")
        for text, ws in zip(trees, words, strict=True):
            golds.append(decorate(Tree.fromstring(text), ws))
    for n, tree in enumerate(golds, start=1):
        if n % 2:
            tree.set_label("")
    # Empty elements: a subject trace in 15 (kept by the parse), a *T* in 16 (not).
    golds[14].insert(0, Tree("NP-SBJ", [Tree("-NONE-", ["*"])]))
    parses = [parse_of(g, n) for n, g in enumerate(golds, start=1)]
    golds[15].append(Tree("-NONE-", ["*T*"]))
    lines = [one_line(p) for p in parses]
    lines[2] = ""
    lines[6] = "(())"
    ten = parses[9]
    last = ten.treepositions("leaves")[-1]
    del ten[last[:-2]][last[-2]]
    lines[9] = one_line(ten)
    twelve = parses[11]
    twelve[twelve.treepositions("leaves")[0]] = "Xyzzy"
    lines[11] = one_line(twelve)
    assert golds[18].leaves() == ["Understand"], golds[18]
    lines[18] = "(VROOT (VB Under) (VB stand))"
    (HERE / "gold.ptb").write_text("".join(one_line(g) + "\n" for g in golds), encoding="utf-8")
    (HERE / "parse.ptb").write_text("".join(line + "\n" for line in lines), encoding="utf-8")


if __name__ == "__main__":
    main()
