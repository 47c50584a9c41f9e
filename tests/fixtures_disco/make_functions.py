"""Write the trees with seeded wrong parses that disco-dop's function-tag, POS and rule
tables here were made on (issue 44 items 3 and 4).

Run from the project root: ``python tests/fixtures_disco/make_functions.py``; then run
disco-dop as SOURCE.md says. It writes:

- ``gum_func_gold.mrg``: every tree of the four ``corpora_samples/gum/*.ptb`` files,
  one a line (GUM, CC BY 4.0; see corpora_samples/gum/SOURCE.md), with its function
  tags (``NP-SBJ``, ``PP-LOC``, ``NP-TMP``, ...);
- ``gum_func_parse.mrg``: the same trees, each phrase below the root changed with a
  fixed seed (44): its function tag replaced by another, dropped or added (about one
  phrase in six), its category replaced (one in twelve), or the phrase flattened
  into its parent (one in twelve); two adjacent children of a phrase of three or more
  grouped under a new ``NP`` (one phrase in twenty), and one part of speech in
  fifteen replaced by a confusable one. So the function tags, the tags and the
  rewrite rules of the two sides differ in every way disco-dop's tables count;
- ``random_func_parse.dbr``: ``random_parse.dbr`` with the function tags of its
  phrases replaced, dropped or added in the same way (Negra's edge labels), to score
  against ``random_gold.dbr``;
- with ``--morphology`` (after disco-dop has written ``gum_func_gold.export`` and
  ``gum_func_parse.export``, SOURCE.md): ``gum_morph_gold.export`` and
  ``gum_morph_parse.export``, those files with a morphology column made up from
  each word's tag (:data:`MORPH`: some with ``-``, ``=`` or brackets, which
  disco-dop's labels treat apart), and in the parse one word in ten given another.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from nltk import Tree

HERE = Path(__file__).parent
GUM = HERE.parent.parent / "corpora_samples" / "gum"

PTB_FUNCTIONS = ("SBJ", "TMP", "LOC", "ADV", "PRD", "DIR", "MNR", "PRP", "CLR")
NEGRA_FUNCTIONS = ("SB", "OA", "MO", "NK", "HD", "OC", "DA", "PD")
CATEGORIES = ("NP", "VP", "PP", "ADJP", "ADVP", "S", "SBAR")
CONFUSABLE = {
    "NN": "NNS", "NNS": "NN", "NNP": "NN", "JJ": "NN", "VBD": "VBN", "VBN": "VBD",
    "VBZ": "VBP", "VBP": "VB", "VB": "VBP", "IN": "RB", "RB": "IN", "DT": "PRP$",
    "CD": "JJ", "PRP": "NN", "VBG": "NN", "TO": "IN", "CC": "IN",
}  # fmt: skip


MORPH = {
    "NN": "sg", "NNS": "pl", "NNP": "sg,prop", "VBD": "past", "VBZ": "pres-3sg",
    "VBP": "pres", "VB": "inf", "VBN": "part(past)", "VBG": "part(pres)", "JJ": "pos",
    "JJR": "comp", "DT": "def=yes", "PRP": "pers,3", "IN": "prep", "RB": "adv",
}  # fmt: skip


def new_function(rng: random.Random, label: str, functions: tuple[str, ...]) -> str:
    """``label`` with its function tag replaced, dropped or, if it has none, added."""
    category, dash, function = label.partition("-")
    if not category:  # -NONE-, -LRB-: no category to carry a function
        return label
    if not dash:
        return f"{category}-{rng.choice(functions)}"
    roll = rng.random()
    if roll < 1 / 3:
        return category
    return f"{category}-{rng.choice([f for f in functions if f != function] or functions)}"


def perturb(tree: Tree, rng: random.Random) -> None:
    """Change ``tree``'s phrases below the root and its tags in place (see the module)."""
    for parent in list(tree.subtrees()):
        i = 0
        while i < len(parent):
            kid = parent[i]
            if not isinstance(kid, Tree):
                i += 1
                continue
            if not isinstance(kid[0], Tree):  # a part of speech
                if rng.random() < 1 / 15 and kid.label() in CONFUSABLE:
                    kid.set_label(CONFUSABLE[kid.label()])
                i += 1
                continue
            roll = rng.random()
            if roll < 1 / 6:
                kid.set_label(new_function(rng, kid.label(), PTB_FUNCTIONS))
            elif roll < 1 / 6 + 1 / 12:
                _, dash, function = kid.label().partition("-")
                kid.set_label(rng.choice(CATEGORIES) + (f"-{function}" if dash else ""))
            elif roll < 1 / 6 + 1 / 6:
                parent[i : i + 1] = list(kid)  # flattened: its children are its parent's
                continue
            elif roll < 1 / 6 + 1 / 6 + 1 / 20 and len(kid) >= 3:
                j = rng.randrange(len(kid) - 1)
                kid[j : j + 2] = [Tree("NP", list(kid[j : j + 2]))]
            i += 1


def one_line(tree: Tree) -> str:
    return " ".join(str(tree).split())


def gum_trees() -> list[str]:
    out = []
    for path in sorted(GUM.glob("*.ptb")):
        text = path.read_text(encoding="utf-8")
        out += [" ".join(t.split()) for t in text.strip().split("\n\n")]
    return out


PHRASE = re.compile(r"\((\S+) (?=\()")


def main() -> None:
    rng = random.Random(44)
    golds = gum_trees()
    parses = []
    for line in golds:
        tree = Tree.fromstring(line)
        perturb(tree, rng)
        parses.append(one_line(tree))
    (HERE / "gum_func_gold.mrg").write_text("\n".join(golds) + "\n", encoding="utf-8")
    (HERE / "gum_func_parse.mrg").write_text("\n".join(parses) + "\n", encoding="utf-8")

    def relabel(m: re.Match[str]) -> str:
        label = m.group(1)
        if label != "ROOT" and rng.random() < 1 / 3:
            label = new_function(rng, label, NEGRA_FUNCTIONS)
        return f"({label} "

    lines = (HERE / "random_parse.dbr").read_text(encoding="utf-8").splitlines()
    changed = [PHRASE.sub(relabel, line) for line in lines]
    (HERE / "random_func_parse.dbr").write_text("\n".join(changed) + "\n", encoding="utf-8")


def with_morphology(name: str, rng: random.Random | None) -> str:
    """The export file ``name`` with each word's morphology column made from its tag."""
    out = []
    for line in (HERE / name).read_text(encoding="utf-8").splitlines():
        cells = line.split("\t")
        if len(cells) >= 6 and not line.startswith(("#", "%%")):
            morph = MORPH.get(cells[2], "--")
            if rng is not None and rng.random() < 0.1:
                morph = rng.choice(sorted(set(MORPH.values())))
            cells[3] = morph
        out.append("\t".join(cells))
    return "\n".join(out) + "\n"


def morphology() -> None:
    rng = random.Random(44)
    for side, seeded in (("gold", None), ("parse", rng)):
        text = with_morphology(f"gum_func_{side}.export", seeded)
        (HERE / f"gum_morph_{side}.export").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    import sys

    if "--morphology" in sys.argv:
        morphology()
    else:
        main()
