"""Every output of a broad set of ``tedeval`` command lines, to prove a change keeps them.

A change that should not change behaviour is proved so by running the same
command lines before and after it and comparing standard output, standard
error and the exit status byte for byte::

    python benchmarks/cli_outputs.py run /tmp/before     # on the old commit
    python benchmarks/cli_outputs.py run /tmp/after      # on the new one
    python benchmarks/cli_outputs.py compare /tmp/before /tmp/after

The command lines cover every command, every output format, ``--align``
exact and lcs, every ``--missing`` policy, ``--evalb``, ``--jp-evalb``,
``--conll18``, discontinuous input, several systems and significance, on
the shipped data and on a few small files written here (missing parses,
texts that differ). ``list`` prints them. Each run goes through ``python -m
nltk_tedeval`` from the repository root, so it measures the checkout it
runs in.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUM = "corpora_samples/gum"
STUDY = "corpora_samples/study"
RAW = "corpora_samples/raw_text"
SPEC = "corpora_samples/spec"
EVALB = "corpora_samples/evalb"
C18 = "tests/fixtures_conll18"
DISCO = "tests/fixtures_disco"
JP = "tests/fixtures_jp_evalb"

# Small inputs written next to the outputs, so that every policy meets a missing parse.
SMALL = {
    "g.ptb": (
        "(S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .))\n"
        "(S (NP (PRP It)) (VP (VBD ran) (ADVP (RB away))) (. .))\n"
        "(S (NP (DT A) (NN cat)) (VP (VBD slept)) (. .))\n"
    ),
    "p_missing.ptb": (
        "(S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .))\n"
        "\n"
        "(S (NP (DT A) (NN cat)) (VP (VB slept)) (. .))\n"
    ),
    "p_joined.ptb": (
        "(S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .) (NP (PRP It)) (VP (VBD ran) "
        "(ADVP (RB away))) (. .))\n"
        "(S (NP (DT A) (NN cat)) (VP (VBD slept)) (. .))\n"
    ),
    "p_wordless.ptb": (
        "(S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .))\n"
        "(())\n"
        "(S (NP (DT A) (NN cat)) (VP (VBD slept)) (. .))\n"
    ),
    # The same text as g.ptb but for one word of the last sentence: alignment stops there.
    "p_typo.ptb": (
        "(S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .))\n"
        "(S (NP (PRP It)) (VP (VBD ran) (ADVP (RB away))) (. .))\n"
        "(S (NP (DT A) (NN cat)) (VP (VBD sleeps)) (. .))\n"
    ),
    "g.conllu": (
        "1\tThe\tthe\tDET\tDT\t_\t2\tdet\t_\t_\n2\tdog\tdog\tNOUN\tNN\t_\t3\tnsubj\t_\t_\n"
        "3\tbarked\tbark\tVERB\tVBD\t_\t0\troot\t_\t_\n4\t.\t.\tPUNCT\t.\t_\t3\tpunct\t_\t_\n\n"
        "1\tIt\tit\tPRON\tPRP\t_\t2\tnsubj\t_\t_\n2\tran\trun\tVERB\tVBD\t_\t0\troot\t_\t_\n"
        "3\taway\taway\tADV\tRB\t_\t2\tadvmod\t_\t_\n4\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_\n\n"
    ),
    "p_missing.conllu": (
        "1\tThe\tthe\tDET\tDT\t_\t3\tdet\t_\t_\n2\tdog\tdog\tNOUN\tNN\t_\t3\tnsubj\t_\t_\n"
        "3\tbarked\tbark\tVERB\tVBD\t_\t0\troot\t_\t_\n4\t.\t.\tPUNCT\t.\t_\t3\tpunct\t_\t_\n\n"
        "1\tIt\tit\tPRON\tPRP\t_\t_\t_\t_\t_\n2\tran\trun\tVERB\tVBD\t_\t_\t_\t_\t_\n"
        "3\taway\taway\tADV\tRB\t_\t_\t_\t_\t_\n4\t.\t.\tPUNCT\t.\t_\t_\t_\t_\t_\n\n"
    ),
}


def command_lines() -> list[list[str]]:
    """The command lines, as argument lists for ``tedeval`` (``{small}`` is the small files)."""
    out: list[list[str]] = []
    forms = [[], ["--json"], ["-f", "markdown"], ["-f", "csv"], ["-f", "tsv"], ["-f", "latex"]]
    crane_ptb, crane_ud = f"{GUM}/GUM_news_crane.ptb", f"{GUM}/GUM_news_crane.conllu"
    byron_ptb = f"{GUM}/GUM_bio_byron.ptb"
    study_ptb, study_ud = f"{STUDY}/test.ptb", f"{STUDY}/test.conllu"
    pcfg, eager, standard = (f"{STUDY}/outputs/{n}" for n in
                             ("pcfg.ptb", "arc-eager.conllu", "arc-standard.conllu"))  # fmt: skip
    pipe = f"{RAW}/nltk-pipeline"
    toks = f"{RAW}/nltk-tokens"

    # score
    for form in forms:
        out.append(["score", study_ud, eager, standard, *form])
        out.append(["score", study_ptb, pcfg, *form, "--missing", "zero"])
    for extra in (
        ["--missing", "skip"], ["--missing", "flat"], ["--macro"], ["--significance", "500"],
        ["--per-sentence", "-"], ["--projectivize"], ["--strip-subtypes"],
        ["--labeler", "colon"], ["--head-label", "HD"],
    ):  # fmt: skip
        out.append(["score", study_ptb, pcfg, *extra])
        out.append(["score", study_ud, eager, standard, *extra])
    out.append(["score", crane_ud, crane_ud, "--other-gold", crane_ptb])
    out.append(["score", crane_ud, crane_ud, "--other-gold", crane_ptb, "--json"])
    out.append(["score", crane_ptb, crane_ptb, "--tl-unify", crane_ud])
    out.append(["score", byron_ptb, byron_ptb, "--engine", "apted", "--projectivize"])
    out.append(["score", f"{SPEC}/arrive_gold1.conll", f"{SPEC}/arrive_parse.conll",
                "--other-gold", f"{SPEC}/arrive_gold2.conll"])  # fmt: skip
    for mode in (["--align"], ["--align", "lcs"]):
        for form in ([], ["--json"], ["--per-sentence", "-"]):
            out.append(["score", *mode, study_ud, f"{pipe}/arc-eager.conllu", *form])
            out.append(["score", *mode, study_ptb, f"{toks}/pcfg.ptb", "--missing", "zero",
                        *form])  # fmt: skip
        out.append(["score", *mode, study_ptb, pcfg, "--missing", "zero"])
    # Multiword tokens under alignment, and the length filters (issue 41, 43).
    for lang in ("french", "hebrew"):
        ud = f"corpora_samples/ud/{lang}"
        for mode in (["--align"], ["--align", "lcs"]):
            out.append(["score", *mode, f"{ud}/gold.conllu", f"{ud}/resegmented.conllu",
                        f"{ud}/same.conllu", "--json"])  # fmt: skip
            out.append(["attach", *mode, "--strip-subtypes", f"{ud}/gold.conllu",
                        f"{ud}/resegmented.conllu", "--json"])  # fmt: skip
    out.append(["score", study_ud, eager, "--max-length", "20", "--min-length", "5", "--json"])
    out.append(["attach", study_ud, eager, "--max-length", "40", "--by", "upos"])
    out.append(["parseval", study_ptb, pcfg, "--max-length", "39"])

    # cross
    exps = ["-e", f"ptb={crane_ptb},{crane_ptb}", "-e", f"ud={crane_ud},{crane_ud}"]
    for form in forms:
        out.append(["cross", *exps, *form])
    for extra in (
        ["--projectivize"], ["--tl-unify", "ptb:ud"], ["--significance", "300"], ["--macro"],
        ["--per-sentence", "-"], ["--align"], ["--align", "lcs"],
    ):  # fmt: skip
        out.append(["cross", *exps, *extra])
    out.append(["cross", "-e", f"ptb={study_ptb},{pcfg}", "-e",
                f"ud={study_ud},{eager},{standard}", "--missing", "zero"])  # fmt: skip
    out.append(["cross", "-e", f"ptb={study_ptb},{pcfg}", "-e", f"ud={study_ud},{eager},{standard}",
                "--significance", "200", "--json"])  # fmt: skip

    # parseval
    for form in forms:
        out.append(["parseval", f"{EVALB}/gold.mrg", f"{EVALB}/test.mrg", *form])
        out.append(["parseval", study_ptb, pcfg, *form])
    for extra in (
        ["--evalb"], ["-p", f"{EVALB}/collins.prm", "--evalb"], ["--max-errors", "1"],
        ["--per-sentence", "-"], ["--missing", "zero"], ["--missing", "flat"], ["--macro"],
        ["--layout", "line"], ["--layout", "free"], ["--by", "length"],
        ["--by", "label,length", "--json"], ["--by", "length", "--bins", "length=10,20"],
        ["--ci", "0.95"], ["--by", "length", "--ci", "95", "--json"], ["--by", "span"],
    ):  # fmt: skip
        out.append(["parseval", f"{EVALB}/gold.mrg", f"{EVALB}/test.mrg", *extra])
        out.append(["parseval", study_ptb, pcfg, *extra])
    out.append(["parseval", study_ptb, pcfg, f"{toks}/pcfg.ptb", "--significance", "300"])
    out.append(["parseval", crane_ptb, crane_ptb, "--json"])
    for mode in (["--align"], ["--align", "lcs"]):
        for extra in ([], ["--json"], ["--jp-evalb"], ["--per-sentence", "-"],
                      ["--missing", "zero"]):  # fmt: skip
            out.append(["parseval", *mode, study_ptb, f"{pipe}/pcfg.ptb", *extra])
    for name in ("GUM_bio_byron.0", "GUM_voyage_cleveland.1", "GUM_academic_salinity.0"):
        out.append(["parseval", "--align", "--jp-evalb", f"{JP}/{name}.gold", f"{JP}/{name}.test"])
    for extra in ([], ["--json"], ["-p", f"{DISCO}/custom.prm"], ["--per-sentence", "-"]):
        out.append(["parseval", f"{DISCO}/random_gold.dbr", f"{DISCO}/random_parse.dbr", *extra])
    out.append(["parseval", "--disco", crane_ptb, crane_ptb])

    # attach
    for form in forms:
        out.append(["attach", study_ud, eager, standard, *form])
    for extra in (
        ["--punct", "exclude"], ["--relations"], ["--strip-subtypes"], ["--macro"],
        ["--significance", "500"], ["--per-sentence", "-"], ["--missing", "zero"],
        ["--missing", "flat"], ["--by", "relation"], ["--by", "relation,length", "--json"],
        ["--by", "relation", "--ci", "0.9"],
    ):  # fmt: skip
        out.append(["attach", study_ud, eager, standard, *extra])
    for mode in (["--align"], ["--align", "lcs"]):
        for extra in ([], ["--json"], ["--punct", "exclude"], ["--per-sentence", "-"]):
            out.append(["attach", *mode, study_ud, f"{pipe}/arc-eager.conllu",
                        f"{pipe}/arc-standard.conllu", *extra])  # fmt: skip
    for name in ("GUM_bio_byron.0", "GUM_news_crane.1"):
        for flag in (["--conll18"], ["--conll18", "counts"], ["--conll18", "short"],
                     ["--conll18", "--json"]):  # fmt: skip
            gold, system = f"{C18}/{name}.gold.conllu", f"{C18}/{name}.system.conllu"
            out.append(["attach", *flag, gold, system])
    out.append(["attach", f"{SPEC}/arrive_gold1.conll", f"{SPEC}/arrive_parse.conll"])

    # mph
    for form in forms:
        out.append(["mph", study_ptb, pcfg, *form])
    for extra in (["--missing", "zero"], ["--macro"], ["--significance", "300"],
                  ["--per-sentence", "-"], ["--punct-tags", ", ."]):  # fmt: skip
        out.append(["mph", study_ptb, pcfg, *extra])
    out.append(["mph", crane_ptb, crane_ud, "--projectivize"])

    # the small files: every policy, both alignment modes, a wordless tree
    for policy in ("skip", "zero", "flat", "error"):
        for mode in ([], ["--align"], ["--align", "lcs"]):
            for cmd, gold, parse in (
                ("parseval", "g.ptb", "p_missing.ptb"), ("score", "g.ptb", "p_missing.ptb"),
                ("mph", "g.ptb", "p_missing.ptb"), ("attach", "g.conllu", "p_missing.conllu"),
                ("score", "g.conllu", "p_missing.conllu"), ("parseval", "g.ptb", "p_wordless.ptb"),
                ("score", "g.ptb", "p_wordless.ptb"),
            ):  # fmt: skip
                out.append([cmd, *mode, "{small}/" + gold, "{small}/" + parse, "--missing", policy])
    for mode in (["--align"], ["--align", "lcs"]):
        for cmd in ("parseval", "score", "mph"):
            out.append([cmd, *mode, "{small}/g.ptb", "{small}/p_joined.ptb"])
    for mode in (["--align"], ["--align", "lcs"]):
        for cmd in ("parseval", "score"):
            out.append([cmd, *mode, "{small}/g.ptb", "{small}/p_typo.ptb"])
    # units of tokens written apart (PTB escapes against UD's characters), several sides
    out.append(["score", "--align", crane_ud, crane_ptb, "--per-sentence", "-"])
    out.append(["score", "--align", crane_ud, crane_ptb, crane_ptb, "--json"])
    out.append(["cross", *exps, "--align", "--per-sentence", "-"])
    # what a process prints before it scores anything (issue 31: nothing else imported)
    out.append(["--version"])
    out.append(["--help"])
    for cmd in ("score", "cross", "parseval", "attach", "mph"):
        out.append([cmd, "--help"])
    # bad input
    out.append(["parseval", crane_ud, crane_ud])
    out.append(["attach", crane_ptb, crane_ptb])
    out.append(["score", crane_ptb, study_ptb])
    out.append(["cross", "-e", f"ptb={crane_ptb}"])
    return out


def run(outdir: Path) -> None:
    outdir.mkdir(parents=True, exist_ok=True)
    small = outdir / "small"
    small.mkdir(exist_ok=True)
    for name, text in SMALL.items():
        (small / name).write_text(text, encoding="utf-8")
    env = dict(os.environ, PYTHONHASHSEED="0", COLUMNS="80")
    index = []
    for k, args in enumerate(command_lines(), start=1):
        args = [a.replace("{small}", str(small)) for a in args]
        proc = subprocess.run(
            [sys.executable, "-m", "nltk_tedeval", *args],
            cwd=ROOT,
            capture_output=True,
            env=env,
            check=False,
        )
        shown = [a.replace(str(small), "{small}") for a in args]
        here = str(small).encode()
        record = (
            b"$ tedeval " + shlex.join(shown).encode() + b"\n"
            + b"exit " + str(proc.returncode).encode() + b"\n--- stdout\n"
            + proc.stdout.replace(here, b"{small}")
            + b"--- stderr\n" + proc.stderr.replace(here, b"{small}")
        )  # fmt: skip
        (outdir / f"{k:04d}.txt").write_bytes(record)
        index.append(shlex.join(shown))
    (outdir / "index.json").write_text(json.dumps(index, indent=1), encoding="utf-8")
    print(f"{len(index)} command lines written to {outdir}")


def compare(a: Path, b: Path) -> int:
    index_a = json.loads((a / "index.json").read_text(encoding="utf-8"))
    index_b = json.loads((b / "index.json").read_text(encoding="utf-8"))
    if index_a != index_b:
        print("the two runs ran different command lines")
        return 2
    differ = []
    for k, line in enumerate(index_a, start=1):
        x = (a / f"{k:04d}.txt").read_bytes()
        y = (b / f"{k:04d}.txt").read_bytes()
        if x != y:
            differ.append((k, line))
    for k, line in differ:
        print(f"differs: {k:04d} tedeval {line}")
    outputs = b"".join((a / f"{k:04d}.txt").read_bytes() for k in range(1, len(index_a) + 1))
    digest = hashlib.sha256(outputs).hexdigest()[:12]
    print(f"{len(index_a) - len(differ)} of {len(index_a)} command lines byte-identical "
          f"(outputs of the first run: sha256 {digest})")  # fmt: skip
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="action", required=True)
    sub.add_parser("list", help="print the command lines")
    r = sub.add_parser("run", help="run every command line, writing outputs to OUTDIR")
    r.add_argument("outdir", type=Path)
    c = sub.add_parser("compare", help="compare the outputs of two runs byte for byte")
    c.add_argument("a", type=Path)
    c.add_argument("b", type=Path)
    args = parser.parse_args()
    if args.action == "list":
        for line in command_lines():
            print("tedeval " + shlex.join(line))
        return 0
    if args.action == "run":
        run(args.outdir)
        return 0
    return compare(args.a, args.b)


if __name__ == "__main__":
    sys.exit(main())
