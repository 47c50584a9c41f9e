"""Make the enhanced UD fixtures: treebank excerpts, two parses of each, the IWPT script's outputs.

Run from the repository root with the treebanks' and UniversalDependencies/tools'
files at hand (SOURCE.md says which commits)::

    python tests/fixtures_eud/make_eud.py --tools DIR --ewt en_ewt-ud-test.conllu \\
        --alpino nl_alpino-ud-test.conllu

For each treebank it writes ``NAME/gold.conllu`` (an excerpt, its empty nodes
kept), ``NAME/same.conllu`` (the gold's tokens, words and sentences; DEPS
heads and relations changed by a seeded random generator, some edges dropped,
some added with a sibling subtype) and ``NAME/resegmented.conllu`` (that parse
on another segmentation, as corpora_samples/ud/make_parses.py resegments), and
``outputs.json``: what ``iwpt20_xud_eval.py -v`` and ``-c`` print for every
``--enhancements`` digit, each file first collapsed by
``enhanced_collapse_empty_nodes.pl`` as the shared task collapsed them. The
parses' DEPS are written collapsed (``conj>obj`` paths), as a system's are.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "corpora_samples" / "ud"))
sys.path.insert(0, str(ROOT))

import make_parses  # noqa: E402

from nltk_tedeval.reading.ud_words import read_ud_words_text  # noqa: E402

HERE = Path(__file__).parent
DIGITS = ["0", "1", "2", "3", "4", "5", "6", "12", "3456"]
RELATIONS = ["nsubj", "obj", "obl", "nmod", "conj", "advmod", "amod", "acl:relcl", "dep"]
SUBTYPES = ["in", "on", "of", "to", "with", "and", "or"]


def excerpt(path: Path, first: int, also_empty: bool = True) -> str:
    """The first ``first`` sentences, and every later one that holds an empty node."""
    blocks = path.read_text(encoding="utf-8").split("\n\n")
    blocks = [b for b in blocks if b.strip()]
    keep = blocks[:first] + [
        b for b in blocks[first:]
        if also_empty and any("." in ln.split("\t")[0] for ln in b.splitlines() if ln[:1].isdigit())
    ]  # fmt: skip
    return "\n\n".join(keep) + "\n\n"


def sibling(label: str, rng: random.Random) -> str:
    base, _, sub = label.partition(":")
    others = [s for s in SUBTYPES if s != sub]
    return f"{base}:{rng.choice(others)}"


def corrupt(sentences: list[make_parses.Sentence], rng: random.Random) -> None:
    for sent in sentences:
        words = sent.words
        for w in words:
            new = []
            for head, label in w.edeps:
                r = rng.random()
                if r < 0.08 and len(words) > 2:
                    choices = [v for v in words if v is not w and v is not head]
                    head = rng.choice(choices)
                elif r < 0.16:
                    label = rng.choice([x for x in RELATIONS if x != label])
                elif r < 0.22:
                    label = sibling(label, rng)
                elif r < 0.26 and len(w.edeps) > 1:
                    continue  # an edge left out
                new.append((head, label))
                if rng.random() < 0.04:  # an extra edge with a sibling subtype
                    new.append((head, sibling(label, rng)))
            w.edeps = new or list(w.edeps)


def write(sentences: list[make_parses.Sentence]) -> str:
    """make_parses.write with each word's DEPS: edges from words of its own sentence
    (a head that resegmentation took away is dropped; no edge left: the basic one)."""
    text = make_parses.write(sentences)
    lines = text.split("\n")
    s = -1
    out = []
    words: list = []
    index: dict[int, int] = {}
    for line in lines:
        if line.startswith("# sent_id"):
            s += 1
            words = sentences[s].words
            index = {id(w): i + 1 for i, w in enumerate(words)}
        cells = line.split("\t")
        if len(cells) == 10 and cells[0].isdigit():
            w = words[int(cells[0]) - 1]
            edges = set()
            for head, label in getattr(w, "edeps", []):
                h = 0 if head is None else index.get(id(head))
                if h is not None and (h == 0) == (label == "root"):
                    edges.add((h, label))
            if not edges:
                edges = {(int(cells[6]), cells[7])}
            cells[8] = "|".join(f"{h}:{lab}" for h, lab in sorted(edges))
            line = "\t".join(cells)
        out.append(line)
    return "\n".join(out)


def parses(gold_text: str, seed: int) -> dict[str, str]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "gold.conllu"
        path.write_text(gold_text, encoding="utf-8")

        def load() -> list[make_parses.Sentence]:
            sentences = make_parses.read(path)
            read = [s.tree for s in read_ud_words_text(gold_text, deps=True)]
            for sent, ours in zip(sentences, read, strict=True):
                words = sent.words
                for w, edges in zip(words, ours.deps, strict=True):
                    w.edeps = [(None if h == 0 else words[h - 1], lab) for h, lab in edges]
            return sentences

        same = load()
        corrupt(same, random.Random(seed))
        out = {"same": write(same)}
        reseg = load()
        corrupt(reseg, random.Random(seed))
        pieces = []
        every = 20
        for k in range(0, len(reseg), every):
            piece = reseg[k : k + every]
            # make_parses splits sentence SPLIT of a piece in two halves of its tokens:
            # a piece too short, or whose sentence there is too short, is kept as it is.
            short = len(piece) <= make_parses.SPLIT or len(piece[make_parses.SPLIT].tokens) < 3
            pieces += piece if short else make_parses.resegment(piece, False)
        out["resegmented"] = write(pieces)
    return out


def run_script(tools: Path, gold: Path, system: Path, digits: str, flag: str) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        collapsed = []
        for k, f in enumerate((gold, system)):
            c = Path(tmp) / f"{k}.conllu"
            with open(c, "w", encoding="utf-8") as out:
                subprocess.run(["perl", str(tools / "enhanced_collapse_empty_nodes.pl"), str(f)],
                               stdout=out, stderr=subprocess.DEVNULL, check=True)  # fmt: skip
            collapsed.append(str(c))
        done = subprocess.run(
            [sys.executable, str(tools / "iwpt20_xud_eval.py"), flag, "--enhancements", digits,
             *collapsed],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        return done.stdout


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tools", type=Path, required=True)
    ap.add_argument("--ewt", type=Path, required=True)
    ap.add_argument("--alpino", type=Path, required=True)
    args = ap.parse_args()
    outputs: dict[str, str] = {}
    for name, path, first, seed in (("ewt", args.ewt, 60, 43), ("alpino", args.alpino, 30, 44)):
        folder = HERE / name
        folder.mkdir(exist_ok=True)
        gold = excerpt(path, first)
        (folder / "gold.conllu").write_text(gold, encoding="utf-8")
        for parse, text in parses(gold, seed).items():
            (folder / f"{parse}.conllu").write_text(text, encoding="utf-8")
            for digits in DIGITS:
                for flag in ("-v", "-c"):
                    outputs[f"{name}/{parse}/{digits}/{flag}"] = run_script(
                        args.tools, folder / "gold.conllu", folder / f"{parse}.conllu", digits, flag
                    )
    (HERE / "outputs.json").write_text(json.dumps(outputs, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
