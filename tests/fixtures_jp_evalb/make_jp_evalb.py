"""Build differently tokenized bracketed pairs, and jp-evalb's tables of them.

Run from the project root with the path of ``jp-evalb.py`` (it is not
shipped; take it from github jungyeul/alignment-based-PARSEVAL):

    python tests/fixtures_jp_evalb/make_jp_evalb.py PATH/jp-evalb.py

From each GUM sample in ``corpora_samples/gum`` and each of three seeds it
writes a *gold* (the sample's trees, one per line; for two of the seeds
with empty elements put into some, never the last) and a *test* file: the
same text as a parser of raw text might bracket it, with tokens merged and
split, sentences joined and split, phrases relabelled, removed and added,
tags changed; one seed writes ``"`` for the quotes, one roots the test
trees in ``S1``. jp-evalb's default mode is run on each pair:

- ``NAME.jp-evalb.txt``: its table, without the two ``Current time`` lines;
- ``NAME.units``: each unit of its own alignment: its gold sentences, its
  test sentences, its gold word groups (jp-evalb cuts at length 40 by that
  number; its table prints the gold word count as Len), and the size of
  every gold and every test word group;
- ``NAME.crash``: the exception, where jp-evalb stops instead.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import random
import sys
import tempfile
import traceback
from pathlib import Path

from nltk import Tree

HERE = Path(__file__).parent
SAMPLES = HERE.parent.parent / "corpora_samples" / "gum"
LABELS = ["NP", "VP", "PP", "S", "ADJP", "ADVP", "SBAR"]
TAGS = ["NN", "NNP", "VB", "JJ", "IN", "DT", "RB"]


def read_trees(path: Path) -> list[Tree]:
    text = path.read_text(encoding="utf-8")
    out, depth, start = [], 0, None
    for i, ch in enumerate(text):
        if ch == "(":
            if depth == 0:
                start = i
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                out.append(Tree.fromstring(text[start : i + 1]))
    return out


def phrases(tree: Tree) -> list[tuple[int, ...]]:
    """Positions of the phrase nodes below the root (not POS tags)."""
    return [
        p for p in tree.treepositions() if p and isinstance(tree[p], Tree) and tree[p].height() > 2
    ]


def with_traces(tree: Tree, rng: random.Random) -> Tree:
    tree = tree.copy(deep=True)
    # Deepest first, so that an insertion shifts no position still to visit.
    for p in reversed(phrases(tree)):
        node = tree[p]
        if node.label().startswith("S") and rng.random() < 0.5:
            node.insert(0, Tree("NP-SBJ", [Tree("-NONE-", ["*"])]))
        elif node.label().startswith("VP") and rng.random() < 0.2:
            node.insert(len(node), Tree("-NONE-", [f"*T*-{rng.randint(1, 9)}"]))
    return tree


def without_traces(tree: Tree) -> Tree:
    def strip(t: Tree) -> Tree | None:
        if isinstance(t[0], str):
            return None if t.label() == "-NONE-" else t
        kids = [k for k in (strip(c) for c in t) if k is not None]
        return Tree(t.label(), kids) if kids else None

    return strip(tree)  # type: ignore[return-value]


def preterminal_parents(tree: Tree) -> list[tuple[int, ...]]:
    return [
        p
        for p in tree.treepositions()
        if isinstance(tree[p], Tree)
        and tree[p].height() > 2
        and sum(isinstance(c, Tree) and c.height() == 2 for c in tree[p]) >= 2
    ]


def retokenize(tree: Tree, rng: random.Random) -> None:
    """Merge two neighbouring words, or split one, in place."""
    if rng.random() < 0.3:
        parents = preterminal_parents(tree)
        if parents:
            node = tree[rng.choice(parents)]
            pairs = [
                i
                for i in range(len(node) - 1)
                if node[i].height() == 2 and node[i + 1].height() == 2
            ]
            if pairs:
                i = rng.choice(pairs)
                node[i] = Tree(node[i].label(), [node[i][0] + node[i + 1][0]])
                del node[i + 1]
    if rng.random() < 0.3:
        spots = [p for p in tree.treepositions("leaves") if len(tree[p]) >= 4]
        if spots:
            p = rng.choice(spots)
            word, tag_pos = tree[p], p[:-1]
            k = rng.randint(1, len(word) - 1)
            parent, i = tree[tag_pos[:-1]], tag_pos[-1]
            tag = tree[tag_pos].label()
            parent[i] = Tree(tag, [word[:k]])
            parent.insert(i + 1, Tree(rng.choice([tag, "NN"]), [word[k:]]))


def restructure(tree: Tree, rng: random.Random) -> None:
    """Relabel, remove and add phrases, and change tags, in place."""
    for p in phrases(tree):
        if rng.random() < 0.12:
            tree[p].set_label(rng.choice(LABELS))
    ps = phrases(tree)
    if ps and rng.random() < 0.5:
        p = rng.choice(ps)
        parent, i = tree[p[:-1]], p[-1]
        kids = list(parent[i])
        del parent[i]
        for k, kid in enumerate(kids):
            parent.insert(i + k, kid)
    ps = [p for p in phrases(tree) if len(tree[p]) >= 3]
    if ps and rng.random() < 0.5:
        node = tree[rng.choice(ps)]
        i = rng.randrange(len(node) - 1)
        pair = [node[i], node[i + 1]]
        del node[i : i + 2]
        node.insert(i, Tree(rng.choice(LABELS), pair))
    for p in tree.treepositions():
        if isinstance(tree[p], Tree) and tree[p].height() == 2 and rng.random() < 0.05:
            tree[p].set_label(rng.choice(TAGS))


def resegment(trees: list[Tree], rng: random.Random, root: str) -> list[Tree]:
    """Join some neighbouring sentences, split some others."""
    out: list[Tree] = []
    i = 0
    while i < len(trees):
        t = trees[i]
        if i + 2 < len(trees) and rng.random() < 0.15:
            out.append(Tree(root, list(t) + list(trees[i + 1])))
            i += 2
            continue
        top = t[0] if len(t) == 1 and t[0].height() > 2 else None
        if top is not None and len(top) >= 3 and i + 1 < len(trees) and rng.random() < 0.15:
            k = rng.randint(1, len(top) - 1)
            out.append(Tree(root, [Tree(top.label(), list(top[:k]))]))
            out.append(Tree(root, [Tree(top.label(), list(top[k:]))]))
        else:
            out.append(Tree(root, list(t)))
        i += 1
    return out


def raw_quotes(tree: Tree) -> None:
    for p in tree.treepositions("leaves"):
        w = tree[p]
        tree[p] = {"``": '"', "''": '"'}.get(w, w)


def one_line(tree: Tree) -> str:
    return tree.pformat(margin=1_000_000)


def build(sample: Path, seed: int) -> tuple[list[str], list[str]]:
    rng = random.Random(f"{sample.stem}-{seed}")
    trees = read_trees(sample)
    # jp-evalb reads a trace as a word, so that a sentence with one differs
    # from its parse; in the last sentence that stops it (an IndexError),
    # so the last sentence keeps none, and seed 0 has none at all.
    gold = [
        with_traces(t, rng) if seed and k < len(trees) - 1 else t.copy(deep=True)
        for k, t in enumerate(trees)
    ]
    test = [without_traces(t) for t in gold]
    for t in test:
        retokenize(t, rng)
        restructure(t, rng)
        if seed == 1:
            raw_quotes(t)
    test = resegment(test, rng, "S1" if seed == 2 else "ROOT")
    return [one_line(t) for t in gold], [one_line(t) for t in test]


def run_jp_evalb(jp_path: str, gold: Path, test: Path, name: str) -> None:
    spec = importlib.util.spec_from_file_location("jp_evalb", jp_path)
    jp = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(jp)  # type: ignore[union-attr]
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                jp.main(["jp-evalb.py", str(gold.resolve()), str(test.resolve())])
            table = [
                line
                for line in Path("jp-evalb.txt").read_text(encoding="utf-8").splitlines(True)
                if not line.startswith("Current time")
            ]
            (HERE / f"{name}.jp-evalb.txt").write_text("".join(table), encoding="utf-8")
            # Its own alignment again, for the number of gold word groups per unit.
            jp.SYS_PUNC_CNT.clear()
            jp.GOLD_PUNC_CNT.clear()
            sys_lines = jp.parse_file(str(test.resolve()))
            gold_lines = jp.parse_file(str(gold.resolve()))
            lt, rt, ll, rl = jp.extract_leaves_and_trees(sys_lines, gold_lines)
            lt, rt, _, _ = jp.sentence_alignment(lt, rt, ll, rl)
            lw, rw = jp.word_alignment(jp.merging_trees(lt), jp.merging_trees(rt))

            def size(group: object) -> int:
                return len(group) if isinstance(group, list) else 1

            def groups(words: list) -> str:
                return ",".join(str(size(w)) for w in words)

            (HERE / f"{name}.units").write_text(
                "".join(
                    f"{size(g)} {size(t)} {len(r)} {groups(r)} {groups(w)}\n"
                    for g, t, r, w in zip(rt, lt, rw, lw, strict=True)
                ),
                encoding="utf-8",
            )
        except Exception:
            crash = traceback.format_exc().strip().splitlines()[-1]
            (HERE / f"{name}.crash").write_text(crash + "\n", encoding="utf-8")
        finally:
            os.chdir(cwd)


def main(jp_path: str) -> None:
    for old in HERE.glob("*.*"):
        if old.suffix in (".gold", ".test", ".txt", ".units", ".positions", ".crash"):
            old.unlink()
    for sample in sorted(SAMPLES.glob("*.ptb")):
        for seed in range(3):
            name = f"{sample.stem}.{seed}"
            gold, test = build(sample, seed)
            g, t = HERE / f"{name}.gold", HERE / f"{name}.test"
            g.write_text("\n".join(gold) + "\n", encoding="utf-8")
            t.write_text("\n".join(test) + "\n", encoding="utf-8")
            run_jp_evalb(jp_path, g, t, name)


if __name__ == "__main__":
    main(sys.argv[1])
