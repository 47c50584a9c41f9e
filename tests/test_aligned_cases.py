"""More aligned tokenizations (SPEC.md §11), every expected value worked out by hand.

Each test pairs a gold with a parse that spells the same text but splits its
tokens or sentences otherwise: a split token, a sentence split in two, two
sentences joined, adjacent mismatches in the first and the last sentence of a
file, quotes and PTB escapes, a trace, a character more under
``align="lcs"``, texts that share nothing on the command line, the spelling
``align="exact"`` and a CoNLL-U multiword token. The comment above each
assertion derives its figures from SPEC.md §11 (with §5 for TedEval items
and §7 for EVALB's rules): the atoms or positions of the unit, the items,
brackets or aligned words on each side, and the arithmetic. No figure was
copied from the package's output.

Row layouts: TedEval ``[labeled δ, labeled ι, unlabeled δ, unlabeled ι]``;
aligned attachment ``[gold words, parse words, head, label, head+label,
undirected, NED]``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from nltk import Tree
from nltk.parse import DependencyGraph

from nltk_tedeval import (
    AlignmentError,
    AttachmentEvaluator,
    DependencyTree,
    JpEvalbEvaluator,
    OptionError,
    ParsevalEvaluator,
    TedEvalEvaluator,
    read_file,
)
from nltk_tedeval.cli import main

from .columns import pick

D = DependencyTree
COUNTS = ("matched", "gold", "test", "words", "correct_tags", "length")
WORDS = ("gold_tokens", "parse_tokens", "head", "label", "head_label", "undirected", "ned")
"""The aligned attachment counts worked out by hand below, by name; labeled_* (LA's and
LAS's words, which equal the scored ones wherever a relation is compared) in
test_labeled_na.py."""
ITEMS = ("delta_labeled", "iota_labeled", "delta_unlabeled", "iota_unlabeled")
"""TedEval's δ and ι, labeled and unlabeled, worked out by hand below."""


def rows(ev: Any) -> list[list[int]]:
    # Two runs compared with each other: every column but labeled_* (see WORDS).
    cols = [c for c in ev.stats.columns if not c.startswith("labeled_")]
    return ev.stats.view(cols).tolist()


def totals(ev: Any, cols: tuple[str, ...] = COUNTS) -> list[int]:
    return ev.stats.totals(cols).tolist()


def score(ev: Any, name: str) -> float:
    return float(ev.score(name))


# -- 1. a split token under attachment ---------------------------------------------

NEWYORK = D(("NewYork", "left"), (2, 0), ("nsubj", "root"))
NEW_YORK = D(("New", "York", "left"), (2, 3, 0), ("compound", "nsubj", "root"))
HE_RAN = D(("He", "ran"), (2, 0), ("nsubj", "root"))
HE_RAN_OBJ = D(("He", "ran"), (2, 0), ("obj", "root"))


def test_attachment_split_token() -> None:
    # Positions NewYork | left. Gold NewYork is alone in position 0, the parse
    # has New and York there: no partner. 'left' is alone on both sides and
    # hangs from the root with 'root' on both: right for every measure.
    # Gold words 2, parse words 3, 1 right: P = 1/3, R = 1/2, F1 = 2·1/(2+3).
    ev = AttachmentEvaluator([NEW_YORK], [NEWYORK], align=True)
    assert pick(ev, *WORDS) == [[2, 3, 1, 1, 1, 1, 1]]
    for name in ("LAS", "UAS"):
        assert score(ev, f"{name}_P") == pytest.approx(1 / 3)
        assert score(ev, f"{name}_R") == 0.5
        assert score(ev, name) == pytest.approx(2 / 5)


def test_attachment_split_token_with_a_second_sentence() -> None:
    # Unit 1 as above: 2 gold words, 3 parse words, 1 head and 1 head+label
    # right. Unit 2 'He ran': both heads right, He's relation obj is not
    # nsubj: 2 heads, 1 head+label. Totals: gold 4, parse 5, head 3, LAS 2.
    # UAS_P = 3/5, UAS_R = 3/4, UAS = 2·3/9; LAS_P = 2/5, LAS_R = 2/4, LAS = 2·2/9.
    ev = AttachmentEvaluator([NEW_YORK, HE_RAN_OBJ], [NEWYORK, HE_RAN], align=True)
    assert totals(ev, ("gold_tokens", "parse_tokens", "head", "head_label")) == [4, 5, 3, 2]
    assert (score(ev, "UAS_P"), score(ev, "UAS_R")) == (0.6, 0.75)
    assert score(ev, "UAS") == pytest.approx(2 / 3)
    assert (score(ev, "LAS_P"), score(ev, "LAS_R")) == (0.4, 0.5)
    assert score(ev, "LAS") == pytest.approx(4 / 9)


# -- 2. one gold sentence, two parse sentences: ParsEval and jp-evalb --------------

SPLIT_GOLD = [Tree.fromstring(
    "(S (NP (PRP I)) (VP (VBD left) (, ,) (S (NP (PRP you)) (VP (VBD stayed)))))"
)]  # fmt: skip
SPLIT_TEST = [
    Tree.fromstring("(S (NP (PRP I)) (VP (VBD left)) (, ,))"),
    Tree.fromstring("(S (NP (PRP you)) (VP (VBD stayed)))"),
]


def test_parseval_sentence_split_in_two() -> None:
    # One unit (the parse's first end, after ',', is no gold end). Positions
    # I | left | , | you | stayed; ',' is deleted (COLLINS.prm), so the kept
    # positions count I=0 left=1 you=2 stayed=3.
    # Gold S(0,4) NP(0,1) VP(1,4) S(2,4) NP(2,3) VP(3,4): 6.
    # Test S(0,2) NP(0,1) VP(1,2) | S(2,4) NP(2,3) VP(3,4): 6. Matched NP(0,1)
    # S(2,4) NP(2,3) VP(3,4): 4. Test S(0,2) crosses gold VP(1,4): 1 crossing.
    # Words: the 4 gold tokens of kept positions, every tag equal; length 5.
    ev = ParsevalEvaluator(SPLIT_TEST, SPLIT_GOLD, align=True)
    assert len(rows(ev)) == 1
    assert totals(ev) == [4, 6, 6, 4, 4, 5]
    assert totals(ev, ("crossing", "no_crossing", "two_or_less", "complete")) == [1, 0, 1, 0]
    p, r, f = ev.eval()
    assert (float(p), float(r), float(f)) == pytest.approx((2 / 3, 2 / 3, 2 / 3))


def test_jp_evalb_sentence_split_in_two() -> None:
    # jp-evalb deletes no word: positions I=0 left=1 ,=2 you=3 stayed=4.
    # Gold S(0,5) NP(0,1) VP(1,5) S(3,5) NP(3,4) VP(4,5): 6; test S(0,3)
    # NP(0,1) VP(1,2) S(3,5) NP(3,4) VP(4,5): 6; 4 shared (NP(0,1) S(3,5)
    # NP(3,4) VP(4,5)); S(0,3) crosses VP(1,5). The 5 (tag, word) pairs are
    # the same on both sides: 5 of 5; length = 5 gold positions.
    ev = JpEvalbEvaluator(SPLIT_TEST, SPLIT_GOLD)
    assert totals(ev) == [4, 6, 6, 5, 5, 5]
    assert totals(ev, ("crossing",)) == [1]


# -- 3. two gold sentences joined by the parser, under attachment ------------------


def _graph(rows_: str) -> DependencyGraph:
    return DependencyGraph(rows_, top_relation_label="root")


def test_attachment_two_sentences_joined() -> None:
    # Gold 'I left' + 'you stayed', each with its root; parse one sentence, you
    # <-nsubj stayed <-parataxis left. One unit, every word alone in its
    # position: 4 aligned words. I, left, you: head and relation right.
    # stayed: gold head the root, parse head left: wrong; relation parataxis
    # is not root; left is no gold child of stayed (its only child is you);
    # NED needs a gold grandparent and stayed's gold head is the root: wrong.
    # 3 of 4 everywhere: P = R = F1 = 0.75.
    gold = [
        _graph("I PRP 2 nsubj\nleft VBD 0 root\n"),
        _graph("you PRP 2 nsubj\nstayed VBD 0 root\n"),
    ]
    parse = [_graph("I PRP 2 nsubj\nleft VBD 0 root\nyou PRP 4 nsubj\nstayed VBD 2 parataxis\n")]
    ev = AttachmentEvaluator(parse, gold, align=True)
    assert pick(ev, *WORDS) == [[4, 4, 3, 3, 3, 3, 3]]
    for name in ("LAS", "UAS", "NED"):
        assert (score(ev, f"{name}_P"), score(ev, f"{name}_R"), score(ev, name)) == (0.75,) * 3


def test_attachment_two_sentences_joined_without_punctuation() -> None:
    # Gold 'Hi .' + 'Go !', parse 'Hi . Go !' with Go <-parataxis Hi. Under
    # punct="exclude" each side scores Hi and Go only: 2 and 2. Hi: root on
    # both, right. Go: gold head the root, parse head Hi: wrong for UAS, and
    # Hi is no gold child of Go. 1 of 2: P = R = F1 = 0.5, LAS alike.
    gold = [D(("Hi", "."), (0, 1), ("root", "punct")), D(("Go", "!"), (0, 1), ("root", "punct"))]
    parse = [D(("Hi", ".", "Go", "!"), (0, 1, 1, 3), ("root", "punct", "parataxis", "punct"))]
    ev = AttachmentEvaluator(parse, gold, align=True, punct="exclude")
    assert pick(ev, *WORDS) == [[2, 2, 1, 1, 1, 1, 1]]
    assert (score(ev, "UAS"), score(ev, "LAS")) == (0.5, 0.5)


# -- 4. adjacent mismatches, in the first and the last sentence of three ----------

# Sentence 1: gold I | can't | go | . ; parse I | ca | n't | go. : a split next
# to a merge. Sentence 2 agrees. Sentence 3: gold They | don | 't | care,
# parse They | do | n't | care: "don't" cut at different places.
DEP_GOLD = [
    D(("I", "can't", "go", "."), (3, 3, 0, 3), ("nsubj", "aux", "root", "punct")),
    D(("She", "left"), (2, 0), ("nsubj", "root")),
    D(("They", "don", "'t", "care"), (4, 4, 4, 0), ("nsubj", "aux", "advmod", "root")),
]
DEP_PARSE = [
    D(("I", "ca", "n't", "go."), (4, 4, 4, 0), ("nsubj", "aux", "advmod", "root")),
    D(("She", "left"), (2, 0), ("nsubj", "root")),
    D(("They", "do", "n't", "care"), (4, 4, 2, 0), ("nsubj", "aux", "advmod", "root")),
]


def test_tedeval_adjacent_mismatches_first_and_last_sentence() -> None:
    # Unit 1, atoms I | ca | n't | go | . (0..5). Gold: root(0,5) nsubj(0,1)
    # aux(1,3) hd(3,4) punct(4,5); parse: root(0,5) nsubj(0,1) aux(1,2)
    # advmod(2,3) hd(3,5). Shared root, nsubj: labeled δ = 3 + 3, ι = 10;
    # unlabeled gold (0,1)(1,3)(3,4)(4,5), parse (0,1)(1,2)(2,3)(3,5): δ = 6, ι = 8.
    # Unit 2 is equal: root nsubj hd, δ = 0, ι = 6; unlabeled 0 / 4.
    # Unit 3, atoms They | do | n | 't | care. Gold: root(0,5) nsubj(0,1)
    # aux(1,3) advmod(3,4) hd(4,5); parse (do heads n't): root(0,5) nsubj(0,1)
    # aux(1,4) hd(1,2) advmod(2,4) hd(4,5). Shared root, nsubj, hd(4,5):
    # labeled δ = 3 + 2, ι = 11; unlabeled gold (0,1)(1,3)(3,4)(4,5), parse
    # (0,1)(1,4)(1,2)(2,4)(4,5): δ = 3 + 2, ι = 9.
    # Corpus: labeled 1 - 11/27, unlabeled 1 - 11/21.
    for engine in ("span", "apted"):
        ev = TedEvalEvaluator(DEP_PARSE, DEP_GOLD, align=True, engine=engine)
        assert pick(ev, *ITEMS) == [[6, 10, 6, 8], [0, 6, 0, 4], [5, 11, 5, 9]]
    labeled, unlabeled = ev.eval()
    assert float(labeled) == pytest.approx(16 / 27)
    assert float(unlabeled) == pytest.approx(10 / 21)


def test_attachment_adjacent_mismatches_first_and_last_sentence() -> None:
    # Unit 1, positions I | can't | go. : only I is alone on both sides; its
    # parse head go. has no partner: wrong, only its relation nsubj (LA) is
    # right. 4 gold, 4 parse words, 0 heads right.
    # Unit 2: 2 and 2, both right. Unit 3, positions They | don't | care: They
    # and care align; They hangs from care on both, care from the root: 2
    # right of 4 and 4. Totals 4 right of 10 gold and 10 parse words: UAS_P =
    # UAS_R = UAS = 0.4; the relations of those 4 are right too: LAS = 0.4.
    ev = AttachmentEvaluator(DEP_PARSE, DEP_GOLD, align=True)
    assert pick(ev, *WORDS) == [[4, 4, 0, 1, 0, 0, 0], [2, 2, 2, 2, 2, 2, 2], [4, 4, 2, 2, 2, 2, 2]]
    assert (score(ev, "UAS_P"), score(ev, "UAS_R"), score(ev, "UAS")) == (0.4, 0.4, 0.4)
    assert score(ev, "LAS") == 0.4


def test_parseval_adjacent_mismatches_first_and_last_sentence() -> None:
    gold = [Tree.fromstring(s) for s in (
        "(S (NP (PRP I)) (VP (MD can't) (VP (VB go))) (. .))",
        "(S (NP (PRP She)) (VP (VBD left)))",
        "(S (NP (PRP They)) (VP (VBP don) (RB 't) (VP (VB care))))",
    )]  # fmt: skip
    test = [Tree.fromstring(s) for s in (
        "(S (NP (PRP I)) (VP (MD ca) (RB n't) (VB go.)))",
        "(S (NP (PRP She)) (VP (VBD left)))",
        "(S (NP (PRP They)) (VP (VP (VBP do) (RB n't)) (VB care)))",
    )]  # fmt: skip
    # Unit 1, positions I | can't | go. ; the last holds gold 'go' (VB), so it
    # is kept. Gold S(0,3) NP(0,1) VP(1,3) VP(2,3); test S(0,3) NP(0,1)
    # VP(1,3): 3 matched of 4 and 3. Words: 4 gold tokens; only I is one
    # token on each side, its tag right: 1. Length 4.
    # Unit 2: S(0,2) NP(0,1) VP(1,2) on both: 3 of 3 and 3; 2 words, 2 right.
    # Unit 3, positions They | don't | care. Gold S(0,3) NP(0,1) VP(1,3)
    # VP(2,3); test S(0,3) NP(0,1) VP(1,3) VP(1,2): 3 of 4 and 4. Words 4,
    # They and care right: 2. Length 4.
    # Totals: matched 9, gold 11, test 10, words 10, tags 5, length 10.
    ev = ParsevalEvaluator(test, gold, align=True)
    assert ev.stats.view(("matched", "gold", "test")).tolist() == [
        [3, 4, 3], [3, 3, 3], [3, 4, 4]
    ]  # fmt: skip
    assert totals(ev) == [9, 11, 10, 10, 5, 10]


# -- 5. quotes and PTB escapes -------------------------------------------------------


def _quoted(first: str, second: str, lrb: str, half: str, rrb: str, parse: bool) -> Tree:
    paren = Tree("PRN", [Tree("-LRB-", [lrb]), Tree("CD", [half]), Tree("-RRB-", [rrb])])
    if not parse:
        # Gold: the number under its own NP, the greeting under INTJ.
        paren[1] = Tree("NP", [paren[1]])
        return Tree("S", [Tree("``", [first]), Tree("INTJ", [Tree("UH", ["Hi"])]),
                          Tree("''", [second]), paren])  # fmt: skip
    # Parse: the quotes and the greeting under one NP.
    quote = Tree("NP", [Tree("``", [first]), Tree("UH", ["Hi"]), Tree("''", [second])])
    return Tree("S", [quote, paren])


QUOTE_GOLD = _quoted("``", "''", "-LRB-", "1\\/2", "-RRB-", parse=False)
QUOTE_TEST = _quoted('"', '"', "(", "1/2", ")", parse=True)


def test_parseval_quotes_and_escapes() -> None:
    # `` Hi '' -LRB- 1\/2 -RRB- against " Hi " ( 1/2 ): six positions, one
    # token each. Gold tags `` and '' delete positions 0 and 2; kept: Hi=0
    # (=1 1/2=2 )=3. Gold S(0,4) INTJ(0,1) PRN(1,4) NP(2,3): 4. Test S(0,4),
    # NP over " Hi " = (0,1), PRN(1,4): 3. Matched S and PRN: 2.
    # Words: the 4 gold tokens kept, tags UH -LRB- CD -RRB- on both: 4. Length 6.
    ev = ParsevalEvaluator([QUOTE_TEST], [QUOTE_GOLD], align=True)
    assert totals(ev) == [2, 4, 3, 4, 4, 6]
    p, r, _f = ev.eval()
    assert (float(p), float(r)) == (pytest.approx(2 / 3), 0.5)


def test_tedeval_quotes_and_escapes() -> None:
    # Atoms are the six tokens. No label carries a function: labeled δ = ι = 0.
    # Unlabeled gold (INTJ and UH collapse, NP and CD collapse): (0,1) (1,2)
    # (2,3) (3,6) (3,4) (4,5) (5,6); the parse the same and (0,3): δ = 1, ι = 15.
    ev = TedEvalEvaluator([QUOTE_TEST], [QUOTE_GOLD], align=True)
    assert pick(ev, *ITEMS) == [[0, 0, 1, 15]]
    assert float(ev.eval()[1]) == pytest.approx(14 / 15)


# -- 6. a trace in the gold, tokens differing elsewhere -----------------------------


def test_tedeval_trace_in_gold_and_a_merged_token() -> None:
    gold = Tree.fromstring(
        "(S (NP-SBJ-1 (NNP John)) (VP (VBD tried) (S (NP-SBJ (-NONE- *-1))"
        " (VP (TO to) (VP (VB leave))))) (. .))"
    )
    parse = Tree.fromstring("(S (NP (NNP John)) (VP (VBD tried) (VP (TO to) (VP (VB leave.)))))")
    # The trace has no characters. Atoms John | tried | to | leave | . (0..5).
    # Gold (SPEC §3.3): (0,1):{SBJ} (1,2) (1,4) (2,3) (2,4) (3,4) (4,5) below
    # the whole (0,5):{}. Parse: (0,1) (1,5) (1,2) (2,5) (2,3) (3,5), no label.
    # Labeled: gold SBJ(0,1) only, the parse nothing: δ = 1, ι = 1.
    # Unlabeled: parse alone (1,5) (2,5) (3,5), gold alone (1,4) (2,4) (3,4)
    # (4,5): δ = 7, ι = 7 + 6 = 13.
    for engine in ("span", "apted"):
        ev = TedEvalEvaluator([parse], [gold], align=True, engine=engine)
        assert pick(ev, *ITEMS) == [[1, 1, 7, 13]]
    labeled, unlabeled = ev.eval()
    assert (float(labeled), float(unlabeled)) == (0.0, pytest.approx(6 / 13))


# -- 7. align="lcs": one character more in the parse ---------------------------------


def test_attachment_lcs_with_a_character_more() -> None:
    gold = [D(("The", "color", "fades"), (2, 3, 0), ("det", "nsubj", "root"))]
    parse = [D(("The", "colour", "fades"), (2, 3, 0), ("det", "obj", "root"))]
    with pytest.raises(AlignmentError):
        AttachmentEvaluator(parse, gold, align=True).eval()
    # Shared text 'Thecolorfades': the parse's 'u' is its only unmatched
    # character. Positions The | colo(u)r | fades, one token each: 3 aligned
    # words, every head right; colour's relation obj is not nsubj.
    # UAS 3/3; LAS 2 of 3 on both sides: P = R = F1 = 2/3.
    ev = AttachmentEvaluator(parse, gold, align="lcs")
    assert pick(ev, *WORDS) == [[3, 3, 3, 2, 2, 3, 3]]
    assert score(ev, "UAS") == 1.0
    assert (score(ev, "LAS_P"), score(ev, "LAS_R")) == pytest.approx((2 / 3, 2 / 3))
    assert ev.aligned_counts["unmatched gold"] == 0
    assert ev.aligned_counts["unmatched parsed_sents"] == 1
    assert "characters left unmatched: 0 of gold, 1 of parsed_sents" in str(ev.alignment_note())


# -- 8. the command line: texts that share no character -------------------------------


@pytest.mark.parametrize(
    ("command", "suffix", "gold", "parse"),
    [
        ("score", "ptb", "(S (NN abc))\n", "(S (NN xyz))\n"),
        ("parseval", "ptb", "(S (NN abc))\n", "(S (NN xyz))\n"),
        ("attach", "conllu", "1\tabc\t_\tNN\tNN\t_\t0\troot\t_\t_\n\n",
         "1\txyz\t_\tNN\tNN\t_\t0\troot\t_\t_\n\n"),
    ],
    ids=["score", "parseval", "attach"],
)  # fmt: skip
def test_cli_lcs_on_texts_that_share_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, suffix: str,
    gold: str, parse: str,
) -> None:  # fmt: skip
    g, p = tmp_path / f"gold.{suffix}", tmp_path / f"parse.{suffix}"
    g.write_text(gold, encoding="utf-8")
    p.write_text(parse, encoding="utf-8")
    assert main([command, str(g), str(p), "--align", "lcs"]) != 0
    err = capsys.readouterr().err
    assert "share no character" in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


# -- 9. align="exact" is align=True; a bad value is refused ------------------------


def test_align_exact_is_align_true() -> None:
    pt_gold, pt_test = [QUOTE_GOLD], [QUOTE_TEST]
    for cls, parse, gold in (
        (TedEvalEvaluator, DEP_PARSE, DEP_GOLD),
        (AttachmentEvaluator, DEP_PARSE, DEP_GOLD),
        (ParsevalEvaluator, pt_test, pt_gold),
    ):
        explicit = cls(parse, gold, align="exact")
        default = cls(parse, gold, align=True)
        assert rows(explicit) == rows(default)
        assert [float(s) for s in explicit.eval()] == [float(s) for s in default.eval()]
        assert explicit.align == default.align == "exact"


@pytest.mark.parametrize("cls", [TedEvalEvaluator, AttachmentEvaluator, ParsevalEvaluator])
def test_align_fuzzy_is_refused(cls: type) -> None:
    with pytest.raises(OptionError, match="fuzzy"):
        cls([NEW_YORK], [NEWYORK], align="fuzzy")


# -- 10. a CoNLL-U multiword token under plain attachment ---------------------------

MWT_GOLD = (
    "1\tvino\tvenir\tVERB\t_\t_\t0\troot\t_\t_\n"
    "2-3\tdel\t_\t_\t_\t_\t_\t_\t_\t_\n"
    "2\tde\tde\tADP\t_\t_\t4\tcase\t_\t_\n"
    "3\tel\tel\tDET\t_\t_\t4\tdet\t_\t_\n"
    "4\tcampo\tcampo\tNOUN\t_\t_\t1\tobl\t_\t_\n\n"
)
MWT_PARSE = (
    "1\tvino\tvenir\tVERB\t_\t_\t0\troot\t_\t_\n"
    "2\tdel\tdel\tADP\t_\t_\t3\tcase\t_\t_\n"
    "3\tcampo\tcampo\tNOUN\t_\t_\t1\tobl\t_\t_\n\n"
)


def test_multiword_token_words_spell_another_text(tmp_path: Path) -> None:
    # SPEC §3.1 skips the range line 2-3, so the gold's words are vino de el
    # campo, spelling 'vinodeelcampo'; the parse spells 'vinodelcampo'. §11:
    # different streams stop the run with an error at the first difference.
    g, p = tmp_path / "gold.conllu", tmp_path / "parse.conllu"
    g.write_text(MWT_GOLD, encoding="utf-8")
    p.write_text(MWT_PARSE, encoding="utf-8")
    gold = [r.tree for r in read_file(str(g))]
    parse = [r.tree for r in read_file(str(p))]
    with pytest.raises(AlignmentError, match="the texts differ"):
        AttachmentEvaluator(parse, gold, align=True).eval()
