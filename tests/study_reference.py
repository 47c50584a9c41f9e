"""A second computation of the study's numbers that uses none of nltk_tedeval's code.

``tests/test_study.py`` checks the shipped results of ``examples/study.py``
(``examples/study_results.csv`` and ``.md``) against the values computed here.
Everything below is written from the definitions (docs/SPEC.md, EVALB's
``evalb.c`` and COLLINS.prm, Collins 1999 Appendix A, Schwartz et al. 2011),
reads the files with nltk's ``Tree`` and plain string operations, and keeps
every count as an integer; nothing here imports ``nltk_tedeval``. It is
deliberately plain (sets of items, dictionaries of spans, quadratic loops)
so that a reader can check it against the definitions line by line.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from nltk import Tree

Span = tuple[int, int]
MFT = dict[Span, frozenset[str]]  # span -> function labels (SPEC.md §2)


# -- reading the files -------------------------------------------------------------------


@dataclass(frozen=True)
class Token:
    form: str
    xpos: str
    head: int
    deprel: str


def read_ptb(path: Path) -> list[Tree]:
    """A bracketed file with one (pretty-printed) tree per blank-line-separated block."""
    return [Tree.fromstring(b) for b in path.read_text(encoding="utf-8").strip().split("\n\n")]


def read_pcfg(path: Path) -> list[Tree | None]:
    """One tree per line; an empty line is a sentence without a parse."""
    lines = path.read_text(encoding="utf-8").split("\n")[:-1]
    return [Tree.fromstring(line) if line.strip() else None for line in lines]


def read_conllu(path: Path) -> list[list[Token]]:
    """The basic trees of a CoNLL-U file (comments, ranges and empty nodes skipped)."""
    sentences = []
    for block in path.read_text(encoding="utf-8").strip().split("\n\n"):
        tokens = []
        for line in block.split("\n"):
            cells = line.split("\t")
            if line.startswith("#") or not cells[0].isdigit():
                continue
            tokens.append(Token(cells[1], cells[4], int(cells[6]), cells[7]))
        sentences.append(tokens)
    return sentences


def flat_tree(gold: Tree) -> Tree:
    """The study's stand-in for a missing parse: every tagged word right under ROOT."""
    return Tree("ROOT", [Tree(tag, [word]) for word, tag in gold.pos()])


def is_preterminal(node: Tree) -> bool:
    return len(node) == 1 and isinstance(node[0], str)


# -- ParsEval as EVALB computes it --------------------------------------------------------

# COLLINS.prm's DELETE_LABEL lines, plus ROOT (the study's PARSEVAL_PARAMS).
EVALB_DELETE = frozenset({"TOP", "-NONE-", ",", ":", "``", "''", ".", "ROOT"})
EVALB_EQUAL = {"PRT": "ADVP"}  # EQ_LABEL ADVP PRT


def evalb_brackets(
    tree: Tree, delete: frozenset[str] = EVALB_DELETE
) -> tuple[list[str], Counter[tuple[str, int, int]]]:
    """The words EVALB keeps and its multiset of labeled brackets (evalb.c, massage_data).

    A preterminal whose tag is a DELETE_LABEL loses its word and is no
    bracket; a preterminal is never a bracket. Every other node is a bracket
    over the kept words it covers, with its label cut at the first ``-`` or
    ``=``; it is dropped when it covers no kept word (a "zero element") or its
    cut label is a DELETE_LABEL.
    """
    words: list[str] = []
    brackets: Counter[tuple[str, int, int]] = Counter()

    def walk(node: Tree) -> None:
        if is_preterminal(node):
            if node.label() not in delete:
                words.append(node[0])
            return
        start = len(words)
        for child in node:
            walk(child)
        label = re.split("[-=]", node.label(), maxsplit=1)[0]
        if len(words) > start and label not in delete:
            brackets[(EVALB_EQUAL.get(label, label), start, len(words))] += 1

    walk(tree)
    return words, brackets


def evalb_counts(
    parses: Iterable[Tree], golds: Iterable[Tree], delete: frozenset[str] = EVALB_DELETE
) -> tuple[int, int, int]:
    """Summed (matched, gold, test) brackets; matching is multiset intersection, as in evalb.c.

    In evalb.c each gold bracket takes the first unmatched test bracket with
    its span and (equivalent) label, which matches as many as the multiset
    intersection of (label, start, end) has.
    """
    matched = gold_total = test_total = 0
    for parse, gold in zip(parses, golds, strict=True):
        gold_words, gold_brackets = evalb_brackets(gold, delete)
        test_words, test_brackets = evalb_brackets(parse, delete)
        assert gold_words == test_words  # else EVALB counts an error sentence
        matched += sum((gold_brackets & test_brackets).values())
        gold_total += sum(gold_brackets.values())
        test_total += sum(test_brackets.values())
    return matched, gold_total, test_total


def f1(matched: int, gold: int, test: int) -> Fraction:
    return Fraction(2 * matched, gold + test)


# -- attachment (CoNLL-X eval.pl, nltk's DependencyEvaluator) ----------------------------


def is_punctuation(word: str) -> bool:
    """Every character in a Unicode punctuation category (nltk's DependencyEvaluator)."""
    return all(unicodedata.category(c).startswith("P") for c in word)


def attachment_counts(
    parses: Sequence[list[Token]], golds: Sequence[list[Token]]
) -> dict[str, int]:
    """Tokens (punctuation excluded) with the right head, head and relation, and NED.

    NED (Schwartz et al. 2011, SPEC.md §7): the predicted head is the gold
    head, a gold child of the token, or the gold head's gold head; the root 0
    is a head like any other (it has no head itself).
    """
    counts = Counter({"tokens": 0, "uas": 0, "las": 0, "ned": 0})
    for parse, gold in zip(parses, golds, strict=True):
        gold_heads = {i: t.head for i, t in enumerate(gold, start=1)}
        for i, (p, g) in enumerate(zip(parse, gold, strict=True), start=1):
            assert p.form == g.form
            if is_punctuation(g.form):
                continue
            counts["tokens"] += 1
            counts["uas"] += p.head == g.head
            counts["las"] += p.head == g.head and p.deprel == g.deprel
            counts["ned"] += (
                p.head == g.head
                or gold_heads.get(p.head) == i
                or p.head == gold_heads.get(g.head, -1)
            )
    return dict(counts)


# -- dependency trees: projections and lifting -------------------------------------------


def descendants(heads: Sequence[int]) -> list[set[int]]:
    """For every token 1..n (index 0 unused), itself and every token below it."""
    n = len(heads)
    below: list[set[int]] = [set() for _ in range(n + 1)]
    for token in range(1, n + 1):
        node = token
        while node:  # climb to the root, adding the token to every ancestor
            below[node].add(token)
            node = heads[node - 1]
    return below


def lift(heads: Sequence[int]) -> list[int]:
    """Nivre and Nilsson's (2005) lifting (SPEC.md §3.1).

    While some arc ``h -> d`` has a token between h and d that h does not
    dominate, the shortest such arc (ties: the leftmost dependent) becomes
    ``head(h) -> d``.
    """
    heads = list(heads)
    while True:
        below = descendants(heads)
        bad = []
        for d, h in enumerate(heads, start=1):
            if h == 0:
                continue
            low, high = min(h, d), max(h, d)
            if any(k not in below[h] for k in range(low + 1, high)):
                bad.append((high - low, d))
        if not bad:
            return heads
        _, d = min(bad)
        heads[d - 1] = heads[heads[d - 1] - 1]


def projection_spans(heads: Sequence[int]) -> list[Span]:
    """The span of every token's projection, 0-based half-open; it must be contiguous."""
    spans = []
    for token, below in enumerate(descendants(heads)[1:], start=1):
        low, high = min(below), max(below)
        assert len(below) == high - low + 1, f"token {token}: projection not contiguous"
        spans.append((low - 1, high))
    return spans


# -- TedEval (SPEC.md §3 and §5) ---------------------------------------------------------


def add_node(mft: MFT, span: Span, labels: Iterable[str]) -> None:
    """A node over ``span``; nodes with the same span merge by label union."""
    mft[span] = mft.get(span, frozenset()) | frozenset(labels)


def ptb_functions(label: str) -> set[str]:
    """The ``ptb`` labeler: dash and ``=`` features, minus numeric indices.

    ``NP-SBJ-1`` gives {SBJ}, ``PP-LOC-CLR`` {LOC, CLR}, ``NP=2`` and ``S``
    nothing, and ``-LRB-`` (a label that begins with a dash) nothing.
    """
    if label.startswith("-"):
        return set()
    return {f for f in re.split("[-=]", label)[1:] if f and not f.isdigit()}


def ptb_mft(tree: Tree) -> MFT:
    """Every constituent, preterminals included, as a node over its span (SPEC.md §3.2).

    POS tags give no label; unary chains, which share a span, merge. The study's
    trees have no empty elements, whose removal this does not implement.
    """
    mft: MFT = {}

    def walk(node: Tree, start: int) -> int:
        if is_preterminal(node):
            assert node.label() != "-NONE-"
            add_node(mft, (start, start + 1), ())
            return start + 1
        end = start
        for child in node:
            end = walk(child, end)
        add_node(mft, (start, end), ptb_functions(node.label()))
        return end

    walk(tree, 0)
    return mft


def ud_mft(tokens: Sequence[Token]) -> MFT:
    """Tsarfaty et al. 2011 with the 2012 head label (SPEC.md §3.1), after lifting.

    The projection of each token gets its relation (none for ``_``); a token
    whose projection is longer than itself also gets ``hd`` on its own span.
    """
    heads = lift([t.head for t in tokens])
    mft: MFT = {}
    for i, (span, token) in enumerate(zip(projection_spans(heads), tokens, strict=True)):
        add_node(mft, span, () if token.deprel in ("", "_") else (token.deprel,))
        if span != (i, i + 1):
            add_node(mft, (i, i + 1), ("hd",))
    return mft


def generalize(a: MFT, b: MFT) -> MFT:
    """``a ⊓ b``: the spans of both, each with the labels both have there."""
    return {span: labels & b[span] for span, labels in a.items() if span in b}


def tl_unify(a: MFT, b: MFT) -> MFT:
    """``a ⊔tl b``: a's spans, each with its labels and b's labels at that span."""
    return {span: labels | b.get(span, frozenset()) for span, labels in a.items()}


def items(mft: MFT, n: int, labeled: bool) -> set:
    """Labeled: a (label, span) per label; unlabeled: every span but the full one (§5)."""
    if labeled:
        return {(label, span) for span, labels in mft.items() for label in labels}
    return {span for span in mft if span != (0, n)}


def delta_iota(p: MFT, g: MFT, e: MFT, n: int, labeled: bool) -> tuple[int, int]:
    """δ = |p−e| + |e−p| − |(p∩g)−e| and ι = |p| + |e| (SPEC.md §5).

    That form of δ = |ES(p,e)| − |ES(p,e) ∩ ES(g,e)| needs e ⊆ g, which holds
    when e is g or a generalization of golds that include g.
    """
    p, g, e = items(p, n, labeled), items(g, n, labeled), items(e, n, labeled)
    assert e <= g
    return len(p - e) + len(e - p) - len((p & g) - e), len(p) + len(e)


# -- MPH (SPEC.md §7) with Collins' (1999) head rules ------------------------------------

# Collins (1999), Appendix A, one parent a line: direction, then the priority
# list. "left": for each category in turn, the first child of it from the
# left; "right": from the right. None found: the first child from that side.
COLLINS_TABLE = """
ADJP left NNS QP NN $ ADVP JJ VBN VBG ADJP JJR NP JJS DT FW RBR RBS SBAR RB
ADVP right RB RBR RBS FW ADVP TO CD JJR JJ IN NP JJS NN
CONJP right CC RB IN
FRAG right
INTJ left
LST right LS :
NAC left NN NNS NNP NNPS NP NAC EX $ CD QP PRP VBG JJ JJS JJR ADJP FW
PP right IN TO VBG VBN RP FW
PRN left
PRT right RP
QP left $ IN NNS NN JJ RB DT CD NCD QP JJR JJS
RRC right VP NP ADVP ADJP PP
S left TO IN VP S SBAR ADJP UCP NP
SBAR left WHNP WHPP WHADVP WHADJP IN DT S SQ SINV SBAR FRAG
SBARQ left SQ S SINV SBARQ FRAG
SINV left VBZ VBD VBP VB MD VP S SINV ADJP NP
SQ left VBZ VBD VBP VB MD VP SQ
UCP right
VP left TO VBD VBN MD VBZ VB VBG VBP VP ADJP NN NNS NP
WHADJP left CC WRB JJ ADJP
WHADVP right CC WRB
WHNP left WDT WP WP$ WHADJP WHPP WHNP
WHPP right IN TO FW
"""
COLLINS = {
    parent: (direction, tuple(priority))
    for parent, direction, *priority in (line.split() for line in COLLINS_TABLE.strip().split("\n"))
}
# NP: positions first. (direction, any of these categories), tried in order.
COLLINS_NP = (
    ("right", ("NN", "NNP", "NNPS", "NNS", "NX", "POS", "JJR")),
    ("left", ("NP",)),
    ("right", ("$", "ADJP", "PRN")),
    ("right", ("CD",)),
    ("right", ("JJ", "JJS", "RB", "QP")),
)


def category(label: str) -> str:
    """Function tags and indices stripped; a label that begins with a dash stays whole."""
    return label if label.startswith("-") else re.split("[-=]", label)[0]


def head_child(parent: str, children: Sequence[str]) -> int:
    """Collins' head child among ``children`` (categories), with his coordination rule."""
    last = len(children) - 1
    head = None
    if parent == "NP":
        for direction, wanted in COLLINS_NP:
            order = range(last, -1, -1) if direction == "right" else range(last + 1)
            head = next((i for i in order if children[i] in wanted), None)
            if head is not None:
                break
        if head is None:
            head = last
    elif parent in COLLINS:
        direction, priority = COLLINS[parent]
        order = list(range(last, -1, -1) if direction == "right" else range(last + 1))
        for wanted in priority:
            head = next((i for i in order if children[i] == wanted), None)
            if head is not None:
                break
        if head is None:
            head = order[0]
    else:  # not in the table (ROOT, NX, X): the leftmost child
        head = 0
    if head >= 2 and children[head - 1] == "CC":  # Y CC Z with Z chosen: Y
        head -= 2
    return head


def without_punctuation(tree: Tree, punct: Callable[[str], bool]) -> Tree | None:
    """The tree without punctuation preterminals and the constituents left empty."""
    if is_preterminal(tree):
        return None if punct(tree.label()) else tree
    children = [c for c in (without_punctuation(child, punct) for child in tree) if c is not None]
    return Tree(tree.label(), children) if children else None


MPH_PUNCT = frozenset({",", ":", "``", "''", "."})  # COLLINS.prm's deleted POS tags


def mph_from_tree(tree: Tree) -> set[Span]:
    """Spans of the maximal projections of a constituency tree (SPEC.md §7).

    Punctuation goes first, then heads are found; a node is a maximal
    projection when it is the root or its head word is not its parent's. Spans
    are over the m remaining tokens, without single tokens and without (0, m).
    """
    pruned = without_punctuation(tree, lambda tag: tag in MPH_PUNCT)
    if pruned is None:
        return set()
    nodes: dict[tuple[int, ...], tuple[Span, int]] = {}  # position -> (span, head word)

    def visit(position: tuple[int, ...], node: Tree, start: int) -> tuple[int, int]:
        if is_preterminal(node):
            end, head = start + 1, start
        else:
            end, heads = start, []
            for k, child in enumerate(node):
                end, child_head = visit((*position, k), child, end)
                heads.append(child_head)
            head = heads[head_child(category(node.label()), [category(c.label()) for c in node])]
        nodes[position] = ((start, end), head)
        return end, head

    m, _ = visit((), pruned, 0)
    maximal = {
        span
        for position, (span, head) in nodes.items()
        if not position or nodes[position[:-1]][1] != head
    }
    return {(a, b) for a, b in maximal if b - a > 1 and (a, b) != (0, m)}


def mph_from_dependencies(tokens: Sequence[Token], punct: Sequence[bool]) -> set[Span]:
    """Spans of the projections of a dependency tree's words (SPEC.md §7).

    Punctuation tokens go first, their dependents hanging from the nearest
    kept ancestor; then arcs are lifted until the tree is projective.
    """
    kept = [i for i in range(1, len(tokens) + 1) if not punct[i - 1]]
    new = {old: k for k, old in enumerate(kept, start=1)}
    heads = []
    for old in kept:
        head = tokens[old - 1].head
        while head and punct[head - 1]:
            head = tokens[head - 1].head
        heads.append(new[head] if head else 0)
    m = len(kept)
    spans = set(projection_spans(lift(heads)))
    return {(a, b) for a, b in spans if b - a > 1 and (a, b) != (0, m)}


# -- the study's table ---------------------------------------------------------------------

PCFG = "PCFG + Viterbi"
DEPENDENCY_PARSERS = ("arc-standard", "arc-eager")
PTB_GOLD, UD_GOLD, FLAT = "GUM-PTB gold", "GUM-UD gold", "flat tree"
PTB_SYSTEMS = (PCFG, PTB_GOLD, FLAT)
UD_SYSTEMS = (*DEPENDENCY_PARSERS, UD_GOLD)
PARSERS = (PCFG, *DEPENDENCY_PARSERS)
SYSTEMS = (*PARSERS, PTB_GOLD, UD_GOLD, FLAT)  # the order of the study's tables


@dataclass
class StudyFiles:
    """The golds and the parser outputs of corpora_samples/study/, read directly."""

    ptb: list[Tree]
    ud: list[list[Token]]
    pcfg: list[Tree | None]
    dependency: dict[str, list[list[Token]]]

    @classmethod
    def read(cls, directory: Path) -> StudyFiles:
        return cls(
            read_ptb(directory / "test.ptb"),
            read_conllu(directory / "test.conllu"),
            read_pcfg(directory / "outputs" / "pcfg.ptb"),
            {a: read_conllu(directory / "outputs" / f"{a}.conllu") for a in DEPENDENCY_PARSERS},
        )

    def parsed(self) -> list[int]:
        return [i for i, tree in enumerate(self.pcfg) if tree is not None]


Counts = tuple[int, ...]


def sentence_counts(files: StudyFiles) -> list[dict[str, dict[str, Counts]]]:
    """For every test sentence, system and column, the integers its score is made of.

    TedEval columns hold (δ, ι), ParsEval and MPH (matched, gold, test),
    attachment columns (right, tokens). A missing PCFG parse is a flat tree.
    A sentence's counts do not depend on the set it is scored in, so both
    sets of the study are sums over these.
    """
    return [
        sentence_row(
            gold,
            gold_tokens,
            flat_tree(gold) if files.pcfg[i] is None else files.pcfg[i],
            {a: files.dependency[a][i] for a in DEPENDENCY_PARSERS},
        )
        for i, (gold, gold_tokens) in enumerate(zip(files.ptb, files.ud, strict=True))
    ]


def sentence_row(
    gold: Tree, gold_tokens: list[Token], pcfg: Tree, parsers: dict[str, list[Token]]
) -> dict[str, dict[str, Counts]]:
    """One sentence's counts: {system: {column: counts}}, and the golds' overlap."""
    constituency = {PCFG: pcfg, PTB_GOLD: gold, FLAT: flat_tree(gold)}
    dependency = {**parsers, UD_GOLD: gold_tokens}
    n = len(gold.leaves())
    assert n == len(gold_tokens)

    gold_ptb, gold_ud = ptb_mft(gold), ud_mft(gold_tokens)
    gold_tl = tl_unify(gold_ptb, gold_ud)
    reference, reference_tl = generalize(gold_ptb, gold_ud), generalize(gold_tl, gold_ud)
    mph_gold = mph_from_tree(gold)
    punct = [tag in MPH_PUNCT for _, tag in gold.pos()]

    def both(key: str, p: MFT, g: MFT, e: MFT) -> dict[str, Counts]:
        return {
            f"{key}_u": delta_iota(p, g, e, n, False),
            f"{key}_l": delta_iota(p, g, e, n, True),
        }

    def spans(test: set[Span]) -> Counts:
        return len(test & mph_gold), len(mph_gold), len(test)

    row: dict[str, dict[str, Counts]] = {}
    for system, tree in constituency.items():
        mft = ptb_mft(tree)
        row[system] = {
            "parseval_f1": evalb_counts([tree], [gold]),
            "mph_f1": spans(mph_from_tree(tree)),
            **both("single_ptb", mft, gold_ptb, gold_ptb),
            **both("multiple", mft, gold_ptb, reference),
            **both("single_tl", mft, gold_tl, gold_tl),
            **both("multiple_tl", mft, gold_tl, reference_tl),
        }
    for system, tokens in dependency.items():
        mft = ud_mft(tokens)
        attachment = attachment_counts([tokens], [gold_tokens])
        row[system] = {
            "mph_f1": spans(mph_from_dependencies(tokens, punct)),
            **both("multiple", mft, gold_ud, reference),
            **both("single_ud", mft, gold_ud, gold_ud),
            "attachment_u": (attachment["uas"], attachment["tokens"]),
            "attachment_l": (attachment["las"], attachment["tokens"]),
            "ned": (attachment["ned"], attachment["tokens"]),
            **both("single_tl", mft, gold_ud, gold_ud),
            **both("multiple_tl", mft, gold_ud, reference_tl),
        }
    # Cross-theory overlap: SINGLE of one gold against the other (SPEC.md §5).
    row["overlap"] = {
        **both("plain", gold_ptb, gold_ud, gold_ud),
        **both("tl", gold_tl, gold_ud, gold_ud),
    }
    return row


def total(table: Sequence[dict[str, dict[str, Counts]]], indices: Iterable[int]) -> dict:
    """The counts summed over the sentences ``indices``: {system: {column: counts}}."""
    sums: dict[str, dict[str, Counts]] = {}
    for i in indices:
        for system, columns in table[i].items():
            into = sums.setdefault(system, {})
            for column, counts in columns.items():
                previous = into.get(column, (0,) * len(counts))
                into[column] = tuple(a + b for a, b in zip(previous, counts, strict=True))
    return sums


def score(column: str, counts: Counts) -> Fraction | None:
    """A column's corpus score from its summed counts; ``None`` where it is N/A."""
    if column in ("parseval_f1", "mph_f1"):
        return f1(*counts)
    if column.startswith(("attachment", "ned")):
        return Fraction(*counts)
    delta, iota = counts  # TedEval: 1 − Σδ/Σι, N/A where there is nothing (SPEC.md §5)
    return 1 - Fraction(delta, iota) if iota else None
