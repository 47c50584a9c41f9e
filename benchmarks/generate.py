"""Synthetic corpora for the benchmarks: any number of sentences of any length.

Each sentence is a random projective dependency tree (written as CoNLL-U)
and a phrase-structure tree over the same words (written as PTB brackets,
one tree per line): every word with dependents projects a phrase over its
projection, so both files describe the same sentences the way GUM's two
versions do, and every metric can run on them. A second, perturbed copy of
each gives "parser output" that differs from the gold in a controlled way.

Everything is seeded, so a size and a length always give the same files.

    python benchmarks/generate.py OUT_DIR --sentences 10000 --length 20
"""

from __future__ import annotations

import argparse
import itertools
import random
from pathlib import Path

RELS = ("nsubj", "obj", "obl", "amod", "det", "case", "advmod", "conj", "cc", "nmod", "punct")
TAGS = ("NN", "VB", "JJ", "DT", "IN", "RB", "NNS", "VBD", "PRP", "CC")


def random_heads(n: int, rng: random.Random) -> list[int]:
    """A random projective tree over n tokens (1-based heads, one root)."""
    heads = [0] * n
    pending = [(0, n, 0)]
    while pending:
        lo, hi, parent = pending.pop()
        h = rng.randrange(lo, hi)
        heads[h] = parent
        for a, b in ((lo, h), (h + 1, hi)):
            if a >= b:
                continue
            # Split the side into a few consecutive segments, each a subtree of h.
            cuts = sorted(rng.sample(range(a + 1, b), min(b - a - 1, rng.randint(0, 2))))
            bounds = [a, *cuts, b]
            for x, y in itertools.pairwise(bounds):
                pending.append((x, y, h + 1))
    return heads


def chain_heads(n: int) -> list[int]:
    """A right-branching chain: token i heads token i + 1 (the deepest tree)."""
    return [0, *range(1, n)]


def projections(heads: list[int]) -> list[tuple[int, int]]:
    n = len(heads)
    lo, hi = list(range(n + 1)), list(range(n + 1))
    kids: list[list[int]] = [[] for _ in range(n + 1)]
    for d, h in enumerate(heads, start=1):
        kids[h].append(d)
    order = [0]
    for node in order:
        order.extend(kids[node])
    for node in reversed(order):
        h = heads[node - 1] if node else 0
        if h:
            lo[h], hi[h] = min(lo[h], lo[node]), max(hi[h], hi[node])
    return [(lo[w] - 1, hi[w]) for w in range(1, n + 1)]


def brackets(words: list[str], tags: list[str], heads: list[int]) -> str:
    """PTB brackets: a phrase over every projection longer than one word."""
    spans = sorted({s for s in projections(heads) if s[1] - s[0] > 1}, key=lambda s: (s[0], -s[1]))
    opens: dict[int, list[tuple[int, int]]] = {}
    for s in spans:
        opens.setdefault(s[0], []).append(s)
    out = ["(ROOT"]
    closing: list[int] = []
    for i, (w, t) in enumerate(zip(words, tags, strict=True)):
        for s in opens.get(i, []):
            out.append(f"(XP-{RELS[(s[0] + s[1]) % len(RELS)].upper()}")
            closing.append(s[1])
        out.append(f"({t} {w})")
        while closing and closing[-1] == i + 1:
            out.append(")")
            closing.pop()
    out.append(")")
    return " ".join(out).replace(" )", ")")


def is_projective(heads: list[int]) -> bool:
    n = len(heads)
    size = [1] * (n + 1)
    kids: list[list[int]] = [[] for _ in range(n + 1)]
    for d, h in enumerate(heads, start=1):
        kids[h].append(d)
    order = [0]
    for node in order:
        order.extend(kids[node])
    for node in reversed(order):
        h = heads[node - 1] if node else 0
        if h:
            size[h] += size[node]
    return all(e - s == size[w] for w, (s, e) in enumerate(projections(heads), start=1))


def perturb(heads: list[int], rng: random.Random, rate: float = 0.15) -> list[int]:
    """Reattach some tokens to their grandparent, keeping the tree projective."""
    out = list(heads)
    for d in range(1, len(out) + 1):
        h = out[d - 1]
        if h and rng.random() < rate:
            out[d - 1] = out[h - 1]
            if not is_projective(out):
                out[d - 1] = h
    return out


def sentence(n: int, rng: random.Random, *, chain: bool = False) -> tuple[list, list, list, list]:
    words = [f"w{rng.randrange(5000)}" for _ in range(n)]
    tags = [rng.choice(TAGS) for _ in range(n)]
    heads = chain_heads(n) if chain else random_heads(n, rng)
    rels = ["root" if h == 0 else rng.choice(RELS) for h in heads]
    return words, tags, heads, rels


def conllu(sid: str, words: list, tags: list, heads: list, rels: list) -> str:
    lines = [f"# sent_id = {sid}"]
    for i, (w, t, h, r) in enumerate(zip(words, tags, heads, rels, strict=True), start=1):
        lines.append(f"{i}\t{w}\t{w}\t{t}\t{t}\t_\t{h}\t{'root' if h == 0 else r}\t_\t_")
    return "\n".join(lines) + "\n\n"


def write_corpus(
    out: Path,
    sentences: int,
    length: int,
    *,
    seed: int = 1,
    chain: bool = False,
    vary: bool = True,
) -> dict[str, Path]:
    """Write gold and parse files in both formats; returns their paths."""
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    stem = f"synth_{sentences}x{length}{'_chain' if chain else ''}"
    paths = {
        "gold_conllu": out / f"{stem}.gold.conllu",
        "parse_conllu": out / f"{stem}.parse.conllu",
        "gold_ptb": out / f"{stem}.gold.ptb",
        "parse_ptb": out / f"{stem}.parse.ptb",
    }
    handles = {k: open(p, "w", encoding="utf-8") for k, p in paths.items()}  # noqa: SIM115
    try:
        for i in range(sentences):
            n = max(1, rng.randint(length // 2, length * 3 // 2)) if vary else length
            words, tags, heads, rels = sentence(n, rng, chain=chain)
            parsed = heads if chain else perturb(heads, rng)
            sid = f"s{i + 1}"
            handles["gold_conllu"].write(conllu(sid, words, tags, heads, rels))
            handles["parse_conllu"].write(conllu(sid, words, tags, parsed, rels))
            handles["gold_ptb"].write(brackets(words, tags, heads) + "\n")
            handles["parse_ptb"].write(brackets(words, tags, parsed) + "\n")
    finally:
        for h in handles.values():
            h.close()
    return paths


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--sentences", type=int, default=1000)
    ap.add_argument("--length", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chain", action="store_true", help="right-branching chains")
    args = ap.parse_args()
    paths = write_corpus(args.out, args.sentences, args.length, seed=args.seed, chain=args.chain)
    for p in paths.values():
        print(p)


if __name__ == "__main__":
    main()
