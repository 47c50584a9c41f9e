"""Write the generated trees of the breakdown fixtures: ``gen_gold.mrg`` and ``gen_parse.mrg``.

Run from the project root: ``python tests/fixtures_disco/make_brackets.py``.
Contiguous trees, one per line, under a ``ROOT``, over words ``w1`` ... (no
punctuation, no function tag), so that EVALB's rules and disco-dop's give
the same brackets with ``gen.prm``. Each gold tree splits its words at
random into phrases of random categories, with unary chains (some of the
same category, ``(NP (NP ...))``); its parse relabels some phrases, removes
some (their children go up) and adds some over adjacent siblings, so that
label confusions and attachment errors occur. Fixed seed: the same files
every time.
"""

from __future__ import annotations

import random
from pathlib import Path

PHRASES = ("S", "NP", "VP", "PP", "ADJP", "ADVP", "PRT", "SBAR")
TAGS = ("DT", "NN", "VB", "IN", "JJ", "RB")
HERE = Path(__file__).parent


def gold_tree(words: list[str], rng: random.Random) -> list:
    """A tree as nested lists: [label, child, ...]; a preterminal is [tag, word]."""
    if len(words) == 1 and rng.random() < 0.6:
        return [rng.choice(TAGS), words[0]]
    if len(words) == 1:
        return [rng.choice(PHRASES), [rng.choice(TAGS), words[0]]]
    cuts = sorted(rng.sample(range(1, len(words)), min(len(words) - 1, rng.randint(1, 3))))
    parts = [words[a:b] for a, b in zip([0, *cuts], [*cuts, len(words)], strict=True)]
    node = [rng.choice(PHRASES), *(gold_tree(p, rng) for p in parts)]
    if rng.random() < 0.1:  # a unary chain, sometimes of the same category
        node = [node[0] if rng.random() < 0.5 else rng.choice(PHRASES), node]
    return node


def is_phrase(node: list) -> bool:
    return isinstance(node[1], list)


def perturb(node: list, rng: random.Random) -> list:
    if not is_phrase(node):
        return list(node)
    kids = []
    for kid in node[1:]:
        new = perturb(kid, rng)
        if is_phrase(new) and rng.random() < 0.12:
            kids.extend(new[1:])  # the phrase is removed, its children go up
        else:
            kids.append(new)
    if len(kids) > 2 and rng.random() < 0.2:
        i = rng.randrange(len(kids) - 1)
        kids[i : i + 2] = [[rng.choice(PHRASES), kids[i], kids[i + 1]]]
    label = rng.choice(PHRASES) if rng.random() < 0.15 else node[0]
    return [label, *kids]


def text(node: list) -> str:
    if not is_phrase(node):
        return f"({node[0]} {node[1]})"
    return f"({node[0]} {' '.join(text(k) for k in node[1:])})"


def main() -> None:
    rng = random.Random(28)
    gold, parse = [], []
    for _ in range(300):
        n = rng.randint(1, 45)
        words = [f"w{i + 1}" for i in range(n)]
        tree = gold_tree(words, rng)
        if not is_phrase(tree):
            tree = ["S", tree]
        gold.append(text(["ROOT", tree]))
        parse.append(text(["ROOT", perturb(tree, rng)]))
    (HERE / "gen_gold.mrg").write_text("\n".join(gold) + "\n", encoding="utf-8")
    (HERE / "gen_parse.mrg").write_text("\n".join(parse) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
