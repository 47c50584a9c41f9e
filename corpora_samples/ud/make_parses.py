"""Make the two parses of every gold excerpt in corpora_samples/ud/, deterministically.

Run from the project root:

    python corpora_samples/ud/make_parses.py           # (re)write them
    python corpora_samples/ud/make_parses.py --check   # exit 1 if any is not what it makes

For each ``LANGUAGE/gold.conllu`` it writes

- ``same.conllu``: the gold's tokens, words and sentences, with some heads,
  relations, tags, lemmas and features changed (``change_annotation``), as a
  parser that was given the gold segmentation would err;
- ``resegmented.conllu``: the gold's annotation on another segmentation, as
  a tokenizer such as UDPipe's would produce it (``resegment``): every third
  multiword token left unsplit (one word, the surface form), the next one
  split differently (three words or more: the last two joined; two words:
  the surface cut at another place), one token a sentence split in two, two
  tokens a sentence joined into one, the fifth and sixth sentences joined,
  the tenth split in two. The characters of the text (whitespace aside) are
  the gold's; the heads and relations are the gold's wherever the words
  survive.

Both are valid CoNLL-U as the CoNLL 2018 script reads it: one root per
sentence, no cycle, heads inside the sentence, multiword ranges that cover
their words, a ``# text`` that is the tokens joined as ``SpaceAfter`` says.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).parent
LANGUAGES = [
    "arabic", "chinese", "french", "german", "hebrew", "italian", "japanese", "spanish",
    "turkish", "vietnamese",
]
# Languages whose words may contain spaces: a tokenizer joins two tokens there
# into one word with a space, and splits such a word at its space.
SPACED = {"vietnamese"}
RELATIONS = ["nmod", "obl", "obj", "nsubj", "advmod", "amod", "dep"]
TAGS = ["NOUN", "VERB", "ADJ", "ADV", "PROPN"]
JOINED = 4  # sentences 4 and 5 (0-based) are joined
SPLIT = 9  # sentence 9 (0-based) is split


@dataclass(eq=False)
class Word:
    form: str
    lemma: str
    upos: str
    xpos: str
    feats: str
    deprel: str
    misc: str
    head: Word | None = None  # None: the root


@dataclass(eq=False)
class Token:
    form: str
    words: list[Word]
    space_after: bool
    misc: str  # the MISC of a multiword token's line (SpaceAfter removed)

    @property
    def multiword(self) -> bool:
        return len(self.words) > 1 or self.form != self.words[0].form


@dataclass(eq=False)
class Sentence:
    sent_id: str
    tokens: list[Token] = field(default_factory=list)

    @property
    def words(self) -> list[Word]:
        return [w for t in self.tokens for w in t.words]

    @property
    def text(self) -> str:
        return "".join(t.form + (" " if t.space_after else "") for t in self.tokens).rstrip(" ")


def strip_space_after(misc: str) -> tuple[str, bool]:
    parts = [p for p in misc.split("|") if p != "_"]
    space = "SpaceAfter=No" not in parts
    parts = [p for p in parts if p != "SpaceAfter=No"]
    return "|".join(parts) or "_", space


def read(path: Path) -> list[Sentence]:
    sentences: list[Sentence] = []
    cur: Sentence | None = None
    rows: list[tuple[Word, str]] = []  # words and their HEAD column
    until = 0
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip():
            if cur is not None:
                for word, head in rows:
                    word.head = None if head == "0" else rows[int(head) - 1][0]
                sentences.append(cur)
            cur, rows, until = None, [], 0
            continue
        if cur is None:
            cur = Sentence("")
        if line.startswith("#"):
            if line.startswith("# sent_id"):
                cur.sent_id = line.split("=", 1)[1].strip()
            continue
        c = line.split("\t")
        if "." in c[0]:
            continue
        if "-" in c[0]:
            until = int(c[0].split("-")[1])
            misc, space = strip_space_after(c[9])
            cur.tokens.append(Token(c[1], [], space, misc))
            continue
        misc, space = strip_space_after(c[9])
        word = Word(c[1], c[2], c[3], c[4], c[5], c[7], misc)
        rows.append((word, c[6]))
        if int(c[0]) <= until:
            cur.tokens[-1].words.append(word)
        else:
            cur.tokens.append(Token(c[1], [word], space, "_"))
    return sentences


def write(sentences: list[Sentence]) -> str:
    out = []
    for sent in sentences:
        out += [f"# sent_id = {sent.sent_id}", f"# text = {sent.text}"]
        words = sent.words
        index = {id(w): i + 1 for i, w in enumerate(words)}
        roots = [w for w in words if w.head is None]
        assert len(roots) == 1, (sent.sent_id, len(roots))
        n = 0
        for tok in sent.tokens:
            last = "" if tok.space_after else "SpaceAfter=No"
            if tok.multiword:
                misc = "|".join(p for p in (tok.misc, last) if p and p != "_") or "_"
                out.append(f"{n + 1}-{n + len(tok.words)}\t{tok.form}" + "\t_" * 7 + f"\t{misc}")
            for w in tok.words:
                n += 1
                misc = w.misc
                if not tok.multiword:
                    misc = "|".join(p for p in (w.misc, last) if p and p != "_") or "_"
                head = 0 if w.head is None else index[id(w.head)]
                deprel = "root" if w.head is None else w.deprel
                cols = [str(n), w.form, w.lemma, w.upos, w.xpos, w.feats, str(head)]
                out.append("\t".join([*cols, deprel, "_", misc]))
        out.append("")
    return "\n".join(out) + "\n"


def ancestors(word: Word) -> list[Word]:
    out = []
    while word.head is not None:
        word = word.head
        out.append(word)
    return out


def contract(sent: Sentence, a: Word, b: Word, form: str) -> Word:
    """Join words a and b into one (in a's place): the higher one's annotation and head.

    The higher is the ancestor of the other, or a when neither is; its head is
    then never inside the other's subtree, so the tree stays a tree.
    """
    keep = b if b in ancestors(a) else a
    merged = Word(form, keep.lemma, keep.upos, keep.xpos, keep.feats, keep.deprel, keep.misc)
    merged.head = keep.head
    for w in sent.words:
        if w.head is a or w.head is b:
            w.head = merged
    for tok in sent.tokens:
        tok.words = [merged if w is a else w for w in tok.words if w is not b]
    return merged


def cut(surface: str, words: list[Word]) -> int:
    """Where a two-word multiword token is cut differently: one character off the gold's cut."""
    first = words[0].form
    if first + words[1].form == surface:
        return len(first) + 1 if len(surface) - len(first) > 1 else len(first) - 1
    common = 0
    while common < min(len(first), len(surface)) and first[common] == surface[common]:
        common += 1
    return max(1, min(len(surface) - 1, common))


def split_word(sent: Sentence, tok: Token, spaced: bool) -> None:
    """Split a one-word token in two tokens (at its space, else in the middle)."""
    (w,) = tok.words
    if spaced and " " in w.form:
        left, right = w.form.split(" ", 1)
        space = True
    else:
        half = len(w.form) // 2
        left, right = w.form[:half], w.form[half:]
        space = False
    second = Word(right, right, "X", "_", "_", "dep", "_", head=w)
    w.form = left
    i = sent.tokens.index(tok)
    sent.tokens[i : i + 1] = [
        Token(left, [w], space, "_"),
        Token(right, [second], tok.space_after, "_"),
    ]


def join_tokens(sent: Sentence, i: int) -> None:
    first, second = sent.tokens[i], sent.tokens[i + 1]
    form = first.form + (" " if first.space_after else "") + second.form
    merged = contract(sent, first.words[0], second.words[0], form)
    sent.tokens[i : i + 2] = [Token(form, [merged], second.space_after, "_")]


def joinable(sent: Sentence, spaced: bool) -> int | None:
    """The first pair of one-word tokens a tokenizer might join (no punctuation first)."""
    pairs = [
        i
        for i in range(len(sent.tokens) - 1)
        if not sent.tokens[i].multiword
        and not sent.tokens[i + 1].multiword
        and (spaced or not sent.tokens[i].space_after)
    ]

    def punct(i: int) -> int:
        return sum(sent.tokens[j].words[0].upos == "PUNCT" for j in (i, i + 1))

    pairs.sort(key=lambda i: (punct(i), i))
    return pairs[0] if pairs and punct(pairs[0]) < 2 else None


def splittable(sent: Sentence, spaced: bool) -> Token | None:
    ones = [t for t in sent.tokens if not t.multiword and t.words[0].upos != "PUNCT"]
    if spaced:
        for t in ones:
            if " " in t.form:
                return t
    for t in ones:
        if len(t.form) >= 4:
            return t
    return None


def split_sentence(sent: Sentence) -> list[Sentence]:
    """Cut a sentence between two tokens in its middle; each part gets one root.

    A part's root is the gold root if the part has it, else its first word whose
    head lies outside the part; the part's other such words hang from it.
    """
    k = len(sent.tokens) // 2
    parts = [Sentence(f"{sent.sent_id}-1", sent.tokens[:k]),
             Sentence(f"{sent.sent_id}-2", sent.tokens[k:])]  # fmt: skip
    for part in parts:
        words = part.words
        inside = set(map(id, words))
        orphans = [w for w in words if w.head is None or id(w.head) not in inside]
        root = next((w for w in orphans if w.head is None), orphans[0])
        for w in orphans:
            w.head = None if w is root else root
            if w is not root and w.deprel == "root":
                w.deprel = "parataxis"
    return parts


def join_sentences(a: Sentence, b: Sentence) -> Sentence:
    (root_b,) = [w for w in b.words if w.head is None]
    (root_a,) = [w for w in a.words if w.head is None]
    root_b.head, root_b.deprel = root_a, "parataxis"
    return Sentence(f"{a.sent_id}+{b.sent_id}", a.tokens + b.tokens)


def resegment(sentences: list[Sentence], spaced: bool) -> list[Sentence]:
    m = 0
    for s, sent in enumerate(sentences):
        for tok in list(sent.tokens):
            if not tok.multiword:
                continue
            if m % 3 == 0:  # left unsplit: one word, the surface form
                merged = tok.words[0]
                for w in tok.words[1:]:
                    merged = contract(sent, merged, w, tok.form)
                tok.words = [merged]
                tok.misc = "_"
            elif m % 3 == 1 and len(tok.words) > 2:  # split differently: last two joined
                a, b = tok.words[-2:]
                contract(sent, a, b, a.form + b.form)
            elif m % 3 == 1:  # split differently: cut elsewhere
                k = cut(tok.form, tok.words)
                tok.words[0].form, tok.words[1].form = tok.form[:k], tok.form[k:]
            m += 1
        if s % 4 == 1 and (tok := splittable(sent, spaced)) is not None:
            split_word(sent, tok, spaced)
        if s % 4 == 3 and (i := joinable(sent, spaced)) is not None:
            join_tokens(sent, i)
    out = [*sentences[:JOINED], join_sentences(sentences[JOINED], sentences[JOINED + 1])]
    for s in range(JOINED + 2, len(sentences)):
        out += split_sentence(sentences[s]) if s == SPLIT else [sentences[s]]
    return out


def change_annotation(sentences: list[Sentence]) -> list[Sentence]:
    """Change some heads, relations, tags, lemmas and features, by the word's position."""
    i = 0
    for sent in sentences:
        words = sent.words
        for w in words:
            if i % 7 == 3 and w.head is not None:
                # to its grandparent, or else to a sibling: never a cycle, one root
                if w.head.head is not None:
                    w.head = w.head.head
                else:
                    siblings = [v for v in words if v.head is w.head and v is not w]
                    if siblings:
                        w.head = siblings[0]
            if i % 5 == 1 and w.head is not None:
                base = w.deprel.split(":")[0]
                choices = [r for r in RELATIONS if r != base]
                w.deprel = choices[i % len(choices)]
            if i % 9 == 4:
                choices = [t for t in TAGS if t != w.upos]
                w.upos = choices[i % len(choices)]
            if i % 11 == 6:
                w.lemma = w.form if w.lemma != w.form else w.lemma + "x"
            if i % 13 == 8:
                w.feats = "_" if w.feats != "_" else "Number=Sing"
            i += 1
    return sentences


def parses(language: str) -> dict[str, str]:
    gold = HERE / language / "gold.conllu"
    spaced = language in SPACED
    return {
        "same.conllu": write(change_annotation(read(gold))),
        "resegmented.conllu": write(resegment(read(gold), spaced)),
    }


def main(argv: list[str]) -> int:
    check = argv == ["--check"]
    if argv and not check:
        sys.exit(__doc__)
    stale = []
    for language in LANGUAGES:
        for name, text in parses(language).items():
            path = HERE / language / name
            if check:
                if not path.exists() or path.read_text(encoding="utf-8") != text:
                    stale.append(str(path))
            else:
                path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"not what make_parses.py makes: {path}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
