"""Build differently tokenized CoNLL-U pairs, and the CoNLL 2018 script's tables of them.

Run from the project root with the script's path (it is not shipped; take
``evaluation_script/conll18_ud_eval.py`` from github ufal/conll2018):

    python tests/fixtures_conll18/make.py PATH/conll18_ud_eval.py

From each GUM sample in ``corpora_samples/gum`` it writes a *gold* (the
sample, with some adjacent tokens joined into multiword tokens) and a
*system* file: the same characters, re-split into tokens and sentences,
some tokens made multiword tokens, and words, tags, lemmas, features,
heads and relations partly copied from the gold, partly random. The
script's ``-v`` and ``-c`` output on each pair is stored beside it, for
tests/test_conll18.py to compare with.
"""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
SAMPLES = HERE.parent.parent / "corpora_samples" / "gum"
RELS = [
    "nsubj",
    "obj",
    "obl:tmod",
    "det",
    "case",
    "amod",
    "advmod",
    "root",
    "punct",
    "cc",
    "conj",
    "aux",
    "cop",
    "mark",
    "compound",
    "nmod:poss",
    "acl:relcl",
    "dep",
]
UPOS = ["NOUN", "VERB", "ADP", "DET", "PUNCT", "PRON", "ADJ", "PROPN", "AUX"]
FEATS = [
    "_",
    "Number=Sing",
    "Number=Plur",
    "Definite=Def|PronType=Art",
    "Foo=Bar|Number=Sing",
    "Mood=Ind|Tense=Past|VerbForm=Fin",
]


def read(path: Path) -> list[list[list[str]]]:
    """Sentences as lists of 10-column word lines (multiword lines and comments dropped)."""
    out, cur = [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            if cur:
                out.append(cur)
            cur = []
        elif (
            not line.startswith("#")
            and "-" not in line.split("\t")[0]
            and "." not in line.split("\t")[0]
        ):
            cur.append(line.split("\t"))
    if cur:
        out.append(cur)
    return out


def fix_tree(heads: list[int], rng: random.Random) -> list[int]:
    """Make ``heads`` (1-based, 0 root) a tree: one root, no cycle."""
    n = len(heads)
    roots = [i for i, h in enumerate(heads) if h == 0]
    root = roots[0] if roots else rng.randrange(n)
    heads = [h if 0 <= h <= n and h != i + 1 else root + 1 for i, h in enumerate(heads)]
    heads[root] = 0
    for i in range(n):
        if i != root and heads[i] == 0:
            heads[i] = root + 1
    while True:
        bad = None
        for i in range(n):
            seen, j = set(), i
            while j != root and j not in seen:
                seen.add(j)
                j = heads[j] - 1
            if j != root:
                bad = j
                break
        if bad is None:
            return heads
        heads[bad] = root + 1


def write(sents: list[list[tuple[str, list[list[str]]]]]) -> str:
    """Sentences of tokens (form, words) as CoNLL-U."""
    lines = []
    for k, sent in enumerate(sents, 1):
        lines.append(f"# sent_id = s{k}")
        i = 0
        for form, words in sent:
            if len(words) > 1 or words[0][1] != form:
                lines.append(f"{i + 1}-{i + len(words)}\t{form}\t_\t_\t_\t_\t_\t_\t_\t_")
            for w in words:
                i += 1
                lines.append("\t".join([str(i), *w[1:]]))
        lines.append("")
    return "\n".join(lines) + "\n"


def build(sents, rng: random.Random, gold: bool):
    """Tokens and sentences re-split; words labelled from the base or at random."""
    # The character stream, with every token's (sentence, word) so labels can follow.
    chars = []  # (char, sentence index, word index, word line)
    for s, sent in enumerate(sents):
        for w, cols in enumerate(sent):
            for c in cols[1]:
                chars.append((c, s, w, cols))
    # Token boundaries: the base's, some removed (merges), some added (splits).
    base_bounds, sent_bounds = set(), set()
    pos = 0
    for sent in sents:
        sent_bounds.add(pos)
        for cols in sent:
            base_bounds.add(pos)
            pos += len(cols[1])
    base_bounds.add(pos)
    sent_bounds.add(pos)
    total = pos
    bounds = set()
    for b in range(total + 1):
        if b in (0, total):
            bounds.add(b)
        elif b in sent_bounds:
            if gold or rng.random() > 0.1:
                bounds.add(b)
        elif b in base_bounds:
            if gold or rng.random() > 0.06:
                bounds.add(b)
        elif not gold and rng.random() < 0.02:
            bounds.add(b)
    bounds = sorted(bounds)
    sbounds = {
        b
        for b in bounds
        if (b in sent_bounds and (gold or rng.random() > 0.12))
        or (not gold and b not in sent_bounds and rng.random() < 0.02)
    }
    sbounds |= {0, total}
    out, cur_tokens = [], []
    multi_p = 0.08 if gold else 0.12
    for a, b in itertools.pairwise(bounds):
        form = "".join(c for c, *_ in chars[a:b])
        cols = chars[a][3]
        exact = (
            a in base_bounds
            and b in base_bounds
            and len({(s, w) for _, s, w, _ in chars[a:b]}) == 1
        )
        # a multiword token: 2 words splitting the form, or one word renamed
        if len(form) >= 2 and rng.random() < multi_p:
            cut = rng.randrange(1, len(form))
            parts = [form[:cut], form[cut:]]
            if rng.random() < 0.3:
                parts = [p.upper() if rng.random() < 0.5 else p + "x" for p in parts]
            words = [
                [
                    None,
                    p,
                    p.lower(),
                    rng.choice(UPOS),
                    "_",
                    rng.choice(FEATS),
                    ("base", cols),
                    rng.choice(RELS),
                    "_",
                    "_",
                ]
                for p in parts
            ]
        elif exact and rng.random() < 0.9:
            w = list(cols)
            if not gold:
                if rng.random() < 0.1:
                    w[3] = rng.choice(UPOS)
                if rng.random() < 0.1:
                    w[2] = w[2] + "s"
                if rng.random() < 0.1:
                    w[5] = rng.choice(FEATS)
                if rng.random() < 0.15:
                    w[7] = rng.choice(RELS)
            w[6] = ("base", cols)
            words = [w]
        else:
            words = [
                [
                    None,
                    form,
                    form.lower(),
                    rng.choice(UPOS),
                    "NN",
                    rng.choice(FEATS),
                    ("base", cols),
                    rng.choice(RELS),
                    "_",
                    "_",
                ]
            ]
        if rng.random() < 0.02 and not gold:
            form = form[:1] + "\u00a0" + form[1:]  # a no-break space the script ignores
            if len(words) == 1:
                words[0][1] = form
        cur_tokens.append((form, words, a))
        if b in sbounds:
            out.append(cur_tokens)
            cur_tokens = []
    # heads: follow the base where the base head's word is in the same sentence
    result = []
    for sent in out:
        flat = [w for _, words, _ in sent for w in words]
        index = {}
        for k, w in enumerate(flat):
            index.setdefault(id(w[6][1]), k + 1)
        heads = []
        for w in flat:
            src = w[6][1]
            h = None
            if rng.random() < 0.85:
                bh = int(src[6])
                if bh == 0:
                    h = 0
                else:
                    # the base sentence of src: find the word line it points to
                    for s in sents:
                        if any(x is src for x in s):
                            target = s[bh - 1]
                            h = index.get(id(target))
                            break
            if h is None:
                h = rng.randrange(len(flat) + 1)
            heads.append(h)
        heads = fix_tree(heads, rng)
        for w, h in zip(flat, heads, strict=False):
            w[6] = str(h)
        result.append([(form, words) for form, words, _ in sent])
    return result


def main() -> None:
    script = sys.argv[1]
    for n, path in enumerate(sorted(SAMPLES.glob("*.conllu"))):
        rng = random.Random(n)
        base = read(path)
        for variant in range(2):
            gold = build(base, rng, gold=True)
            system = build(base, rng, gold=False)
            stem = f"{path.stem}.{variant}"
            (HERE / f"{stem}.gold.conllu").write_text(write(gold), encoding="utf-8")
            (HERE / f"{stem}.system.conllu").write_text(write(system), encoding="utf-8")
            for flag in ("-v", "-c"):
                res = subprocess.run(
                    [
                        sys.executable,
                        script,
                        flag,
                        HERE / f"{stem}.gold.conllu",
                        HERE / f"{stem}.system.conllu",
                    ],
                    capture_output=True,
                    text=True,
                    check=True,
                )
                (HERE / f"{stem}{flag}.txt").write_text(res.stdout, encoding="utf-8")


if __name__ == "__main__":
    main()
