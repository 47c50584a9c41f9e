"""Every metric of nltk_tedeval on GUM, per genre: each gold against a perturbed copy.

A sanity check and a timing of the whole tool on real data. For each GUM
genre the gold trees of both theories are scored against copies damaged in
one seeded, documented way, through the ``tedeval`` command itself (so the
times include reading the files):

- **constituency** (GUM's PTB brackets): every phrase other than the root and
  the POS tags is dissolved with probability 0.2, its children joining its
  parent, as a parser that builds flatter trees would;
- **dependency** (GUM's UD trees): every token whose head is not the root is
  attached to its grandparent with probability 0.1 (lifting keeps a
  projective tree projective) and its relation becomes ``dep`` with
  probability 0.05.

Lifting to the grandparent is exactly the error NED forgives (Schwartz et
al. 2011), so NED stays 1.0 while UAS and the undirected score drop.

Usage::

    python examples/gum_metrics.py [GUM_DIRECTORY] [--out DIR]

The directory defaults to the 80 documents shipped gzipped in
``corpora_samples/gum_excerpt``. ``--out`` keeps the
perturbed files (default: a temporary directory).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from nltk import Tree

from nltk_tedeval.cli import main as tedeval
from nltk_tedeval.reading import read_file

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gum_files import EXCERPT, gum_documents, gum_path, gum_text

HERE = Path(__file__).resolve().parent.parent
SEED = 2026
DISSOLVE = 0.2
LIFT = 0.1
RELABEL = 0.05


def default_directory() -> Path:
    return EXCERPT


def genre_documents(directory: Path) -> dict[str, list[Path]]:
    genres: dict[str, list[Path]] = defaultdict(list)
    for doc in gum_documents(directory):
        genres[doc.split("_")[1]].append(directory / doc)
    return dict(genres)


# -- the perturbations ----------------------------------------------------------------------


def dissolve_phrases(tree: Tree, rng: random.Random) -> Tree:
    """A copy of ``tree`` with some phrases dissolved into their parents (not recursive)."""
    # Post-order over an explicit stack: each node's new children are built
    # before the node itself.
    built: dict[int, list[Any]] = {}
    stack: list[tuple[Tree, bool]] = [(tree, False)]
    while stack:
        node, done = stack.pop()
        if not done:
            stack.append((node, True))
            stack.extend((k, False) for k in node if isinstance(k, Tree))
            continue
        children: list[Any] = []
        for kid in node:
            if not isinstance(kid, Tree):
                children.append(kid)
                continue
            new_kids = built.pop(id(kid))
            is_tag = len(kid) == 1 and not isinstance(kid[0], Tree)
            if not is_tag and rng.random() < DISSOLVE:
                children.extend(new_kids)  # the phrase goes, its children stay
            else:
                children.append(Tree(kid.label(), new_kids))
        built[id(node)] = children
    return Tree(tree.label(), built[id(tree)])


def perturb_conllu(text: str, rng: random.Random) -> str:
    """CoNLL-U ``text`` with some tokens lifted to their grandparents and relabelled."""
    out: list[str] = []
    for block in text.strip("\n").split("\n\n"):
        lines = block.split("\n")
        rows = [line.split("\t") for line in lines]
        heads = {r[0]: r[6] for r in rows if len(r) == 10 and r[0].isdigit()}
        for line, cells in zip(lines, rows, strict=True):
            if len(cells) == 10 and cells[0].isdigit():
                head = cells[6]
                if head != "0" and rng.random() < LIFT:
                    cells[6] = heads[head]  # lifted, as seen in the gold
                if rng.random() < RELABEL:
                    cells[7] = "dep"
                line = "\t".join(cells)
            out.append(line)
        out.append("")
    return "\n".join(out) + "\n"


def write_genre(docs: list[Path], out: Path, genre: str) -> dict[str, Path]:
    """Concatenated gold files of a genre and their perturbed copies."""
    rng = random.Random(f"{SEED}-{genre}")
    files = {
        k: out / f"{genre}.{k}" for k in ("gold.ptb", "test.ptb", "gold.conllu", "test.conllu")
    }
    gold_ptb = "\n\n".join(gum_text(gum_path(d.parent, d.name, ".ptb")).strip() for d in docs)
    files["gold.ptb"].write_text(gold_ptb + "\n", encoding="utf-8")
    with open(files["test.ptb"], "w", encoding="utf-8") as test:
        for record in read_file(files["gold.ptb"]):
            test.write(dissolve_phrases(record.tree, rng).pformat(margin=10**9) + "\n")
    gold_conllu = "\n\n".join(gum_text(gum_path(d.parent, d.name, ".conllu")).strip() for d in docs)
    files["gold.conllu"].write_text(gold_conllu + "\n\n", encoding="utf-8")
    files["test.conllu"].write_text(perturb_conllu(gold_conllu, rng), encoding="utf-8")
    return files


# -- scoring through the command ------------------------------------------------------------


def run(*argv: Any) -> tuple[dict[str, Any], float]:
    """``tedeval ARGV --json`` in this process: its JSON and its wall time."""
    buffer = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(buffer):
        status = tedeval([str(a) for a in argv] + ["--json", "--no-progress"])
    elapsed = time.perf_counter() - start
    if status:
        raise SystemExit(f"tedeval {' '.join(map(str, argv))} failed with status {status}")
    return json.loads(buffer.getvalue()), elapsed


def value(report: dict[str, Any], name: str, system: int = 0) -> float:
    """A score of one system of a ``--json`` report (docs/report.md)."""
    return float(report["systems"][system]["scores"][name]["value"])


def score_genre(f: dict[str, Path]) -> tuple[dict[str, float], dict[str, float]]:
    """Every metric's figures for one genre, and the seconds each command took."""
    figures: dict[str, float] = {}
    times: dict[str, float] = {}
    data, times["ParsEval"] = run("parseval", f["gold.ptb"], f["test.ptb"])
    every = data["systems"][0]["details"]["summary"]["all"]
    figures["sentences"] = every["sentences"]
    figures["ParsEval F1"] = every["bracketing_fmeasure"] / 100
    figures["ParsEval complete"] = every["complete_match"] / 100
    data, times["MPH"] = run("mph", f["gold.ptb"], f["test.ptb"])
    figures["MPH F1"] = value(data, "F1")
    data, times["MPH (UD parse)"] = run("mph", f["gold.ptb"], f["test.conllu"], "--projectivize")
    figures["MPH F1, UD parse"] = value(data, "F1")
    data, times["attachment"] = run("attach", f["gold.conllu"], f["test.conllu"])
    for m in ("LAS", "UAS", "LA", "UNDIRECTED", "NED"):
        figures[m] = value(data, m)
    data, times["TedEval cross"] = run(
        "cross",
        "-e",
        f"ptb={f['gold.ptb']},{f['test.ptb']}",
        "-e",
        f"ud={f['gold.conllu']},{f['test.conllu']}",
        "--projectivize",
    )
    for system, name in enumerate(s["name"] for s in data["systems"]):
        for scenario in ("single", "multiple"):
            for mode in ("labeled", "unlabeled"):
                key = f"TedEval {scenario.upper()} {mode[0].upper()}, {name}"
                figures[key] = value(data, f"{scenario} {mode}", system)
    (pair,) = data["overlap"]
    figures["overlap U"] = float(pair["unlabeled"]["value"])
    return figures, times


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("directory", nargs="?", type=Path, default=default_directory())
    ap.add_argument("--out", type=Path, help="keep the perturbed files here")
    args = ap.parse_args(argv[1:])
    genres = genre_documents(args.directory)
    if not genres:
        print(f"no GUM_*.ptb files in {args.directory}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or Path(tmp)
        out.mkdir(parents=True, exist_ok=True)
        results = {}
        for genre, docs in genres.items():
            results[genre] = score_genre(write_genre(docs, out, genre))
    names = list(genres)
    print(f"GUM ({args.directory}), each gold against its perturbed copy (seed {SEED})\n")
    print("| figure | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for key in results[names[0]][0]:
        cells = [results[g][0][key] for g in names]
        fmt = "{:,.0f}" if key == "sentences" else "{:.4f}"
        print(f"| {key} | " + " | ".join(fmt.format(c) for c in cells) + " |")
    print("\nseconds (read + score, through the tedeval command):\n")
    print("| command | " + " | ".join(names) + " | sentences/s |")
    print("|---|" + "---|" * (len(names) + 1))
    total = sum(results[g][0]["sentences"] for g in names)
    for key in results[names[0]][1]:
        cells = [results[g][1][key] for g in names]
        rate = total / sum(cells)
        print(f"| {key} | " + " | ".join(f"{c:.2f}" for c in cells) + f" | {rate:,.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
