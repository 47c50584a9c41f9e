"""The HTML report at scale: its size, its bytes per sentence beyond the words, and its open time.

A synthetic but realistic ``attach`` report of two systems: each sentence has
GUM-like words (5 to 40, about 20), a random projective gold tree, two parses
that get about 15 % of heads and 8 % of relations wrong, their five scores
and seven statistics, three arc panels (gold and both parses) and a mark on
every wrong arc. The same seed gives the same file.

    python benchmarks/html_report.py --sentences 20000 [--out report.html]

prints the file's size, the bytes per sentence beyond its words, the time to
write it, and the time headless Chromium (the Debian ``chromium`` and
``chromium-driver`` packages) takes to open it until the sentence table is
built. Without Chromium it prints the sizes and says so.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere: the package and tests/
    sys.path.insert(0, str(ROOT))

from nltk_tedeval.cli.html import write_html  # noqa: E402

RELS = ("nsubj", "obj", "obl", "amod", "det", "case", "advmod", "conj", "cc", "nmod", "punct")
VOCABULARY = tuple(
    [
        "the",
        "a",
        "of",
        "to",
        "and",
        "in",
        "that",
        "is",
        "for",
        "on",
        "with",
        "as",
        "was",
        "by",
        "at",
        "from",
        "it",
        "his",
        "an",
        "be",
        "this",
        "are",
        "which",
        "have",
        "or",
        "had",
        "not",
        "but",
        "were",
        "their",
        "they",
        "one",
        "all",
        "been",
        "has",
        "more",
        "when",
        "who",
        "would",
        "there",
        "also",
        "new",
        "first",
        "university",
        "students",
        "research",
        "education",
        "government",
        "president",
        "Washington",
        "Sunday",
        "city",
        "council",
        "reported",
        "announced",
        "according",
        "children",
        "however",
        "between",
        "during",
        "development",
        "international",
        "community",
        "following",
        "including",
        "approximately",
        ",",
        ".",
        "(",
        ")",
        ";",
        ":",
    ]
)
MEASURES = ("LAS", "UAS", "LA", "UNDIRECTED", "NED")
STATS = ("tokens", "head", "label", "head_label", "undirected", "ned", "labeled_tokens")


def projective_heads(n: int, rng: random.Random) -> list[int]:
    """A random projective tree over n words: 1-based heads, one 0."""
    heads = [0] * n
    pending = [(0, n, 0)]
    while pending:
        lo, hi, parent = pending.pop()
        h = rng.randrange(lo, hi)
        heads[h] = parent
        for a, b in ((lo, h), (h + 1, hi)):
            if a < b:
                pending.append((a, b, h + 1))
    return heads


def synthetic_sentences(count: int, seed: int = 1, systems: int = 2) -> list[dict[str, Any]]:
    """``count`` sentences of a synthetic attachment report, as the renderer's contract has them."""
    rng = random.Random(seed)
    names = [f"parser {chr(65 + k)}" for k in range(systems)]
    out = []
    line = 1
    for n in range(1, count + 1):
        length = max(5, min(40, int(rng.gauss(20, 8))))
        words = [rng.choice(VOCABULARY) for _ in range(length)]
        heads = projective_heads(length, rng)
        rels = [rng.choice(RELS) if h else "root" for h in heads]
        trees = [
            {
                "name": "gold",
                "arcs": [[h, d, r] for d, (h, r) in enumerate(zip(heads, rels, strict=True), 1)],
            }
        ]
        columns = {}
        for name in names:
            p_heads = [rng.randrange(0, length + 1) if rng.random() < 0.15 else h for h in heads]
            p_heads = [h if h != d else 0 for d, h in enumerate(p_heads, 1)]
            p_rels = [rng.choice(RELS) if rng.random() < 0.08 else r for r in rels]
            head = sum(a == b for a, b in zip(heads, p_heads, strict=True))
            label = sum(a == b for a, b in zip(rels, p_rels, strict=True))
            both = sum(
                a == b and c == d for a, b, c, d in zip(heads, p_heads, rels, p_rels, strict=True)
            )
            marks = []
            for d in range(1, length + 1):
                if p_heads[d - 1] != heads[d - 1]:
                    marks.append(["delete", p_rels[d - 1], d - 1, d])
                elif p_rels[d - 1] != rels[d - 1]:
                    marks.append(["relabel", p_rels[d - 1], d - 1, d])
            trees.append(
                {
                    "name": name,
                    "arcs": [
                        [h, d, r] for d, (h, r) in enumerate(zip(p_heads, p_rels, strict=True), 1)
                    ],
                    "marks": marks,
                }
            )
            undirected = min(length, head + rng.randrange(0, 2))
            ned = min(length, undirected + rng.randrange(0, 2))
            stats = [length, head, label, both, undirected, ned, length]
            scores = [both / length, head / length, label / length, undirected / length]
            scores.append(ned / length)
            columns[name] = {
                "scores": dict(zip(MEASURES, scores, strict=True)),
                "stats": dict(zip(STATS, stats, strict=True)),
            }
        out.append(
            {
                "n": n,
                "id": f"GUM_news_synthetic-{n}",
                "file": "gold.conllu",
                "line": line,
                "words": words,
                "systems": columns,
                "trees": trees,
            }
        )
        line += length + 3
    return out


def synthetic_report(sentences: list[dict[str, Any]]) -> dict[str, Any]:
    """A minimal ``attach --json`` report over ``sentences`` (its scores are not theirs)."""
    names = list(sentences[0]["systems"]) if sentences else ["parser A"]
    return {
        "schema": "nltk_tedeval/report",
        "version": 1,
        "tool": "nltk_tedeval benchmark",
        "command": "attach",
        "golds": [{"role": "gold", "file": "gold.conllu"}],
        "systems": [
            {
                "name": name,
                "test": f"{name}.conllu",
                "gold": "gold.conllu",
                "signature": "metric:attachment|version:benchmark",
                "missing": 0,
                "scores": {m: {"name": m, "value": 0.5, "reason": None} for m in MEASURES},
            }
            for name in names
        ],
        "counts": {"read": len(sentences), "scored": len(sentences), "missing": 0, "skipped": 0},
        "missing": {"policy": "skip", "sentences": []},
        "skipped": [],
    }


def words_bytes(sentences: list[dict[str, Any]]) -> int:
    """The bytes of the words themselves: each sentence's words as a compact JSON array."""
    return sum(
        len(json.dumps(s["words"], ensure_ascii=False, separators=(",", ":")).encode())
        for s in sentences
    )


def measure(count: int, out: Path | None = None, *, browser: bool = True) -> dict[str, Any]:
    """Write the report of ``count`` synthetic sentences; its size, overhead and open time."""
    sentences = synthetic_sentences(count)
    report = synthetic_report(sentences)
    folder = Path(tempfile.mkdtemp(prefix="tedeval-html-"))
    path = out or folder / f"report-{count}.html"
    start = time.perf_counter()
    with open(path, "w", encoding="utf-8") as handle:
        write_html(report, sentences, handle)
    written = time.perf_counter() - start
    empty = folder / "empty.html"
    with open(empty, "w", encoding="utf-8") as handle:
        write_html(report, [], handle)
    size = path.stat().st_size
    beyond = size - empty.stat().st_size - words_bytes(sentences)
    result: dict[str, Any] = {
        "sentences": count,
        "bytes": size,
        "bytes_per_sentence_beyond_words": beyond / max(1, count),
        "write_seconds": written,
        "open_seconds": None,
        "path": str(path),
    }
    if browser:
        from tests import browser_support

        why = browser_support.missing()
        if why:
            result["open_seconds"] = why
        else:
            with browser_support.chromium(folder / "profile") as driver:
                result["open_seconds"] = browser_support.open_report(driver, path, timeout=600)
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=20000)
    parser.add_argument("--out", type=Path, default=None, help="keep the report here")
    parser.add_argument("--no-browser", action="store_true", help="sizes only")
    args = parser.parse_args(argv)
    r = measure(args.sentences, args.out, browser=not args.no_browser)
    print(f"sentences                        {r['sentences']}")
    print(f"file size                        {r['bytes'] / 1e6:.2f} MB ({r['bytes']} bytes)")
    print(f"bytes per sentence beyond words  {r['bytes_per_sentence_beyond_words']:.0f}")
    print(f"time to write                    {r['write_seconds']:.2f} s")
    opened = r["open_seconds"]
    shown = f"{opened:.2f} s" if isinstance(opened, float) else str(opened)
    print(f"time to open in Chromium         {shown}")
    print(f"report                           {r['path']}")


if __name__ == "__main__":
    main()
