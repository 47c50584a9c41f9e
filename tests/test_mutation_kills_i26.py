"""Tests written to kill the survivors of issue 26's mutation audit (docs/mutation.md).

The audit mutated the alignment layer, the aligned metrics, disco-dop's
ParsEval and the missing-parse policies. Each test here names, in its
docstring, the behaviour that surviving mutants got wrong; every expected
value is worked out in the comments, from SPEC.md, the documented contract of
the function, or (for disco-dop) the rules of its ``discodop/eval.py``
(github andreasvc/disco-dop, commit dd181a6, the commit of the fixtures in
tests/fixtures_disco), never copied from the package's output. The three
classes of the audit (sums over units, exact match, missing parses) are in
tests/test_unit_sums_exact_missing.py.
"""

from __future__ import annotations

import dataclasses
import os
import warnings
from dataclasses import dataclass
from typing import Any

import pytest
from nltk import Tree
from nltk.parse import DependencyGraph

from nltk_tedeval import (
    AttachmentEvaluator,
    DependencyTree,
    DiscoParsevalEvaluator,
    JpEvalbEvaluator,
    ParsevalEvaluator,
    TedEvalEvaluator,
)
from nltk_tedeval.alignment import (
    Normalization,
    align_units,
    alignment_summary,
    describe_alignment,
)
from nltk_tedeval.alignment.lcs import merged_layout
from nltk_tedeval.alignment.unit import unmatched_tokens
from nltk_tedeval.errors import (
    AlignmentError,
    InputFormatError,
    MissingParseWarning,
    OptionError,
    TedEvalError,
    TreeStructureError,
    YieldMismatchError,
)
from nltk_tedeval.metrics.disco_parseval import DiscoParams
from nltk_tedeval.reading import read_text
from nltk_tedeval.trees.discontinuous import DiscTree

from .columns import ALIGNED_ROW, pick

T = Tree.fromstring
DBR = DiscTree.from_discbracket


def disco_row(parse: Any, gold: Any, params: DiscoParams | None = None) -> dict[str, int]:
    """The one row of a disco-dop evaluation, by column name (without the _cut copy)."""
    ev = DiscoParsevalEvaluator([parse], [gold], params)
    (row,) = ev.stats.array.tolist()
    return {c: v for c, v in zip(ev.columns, row, strict=True) if not c.endswith("_cut")}


def counts(row: dict[str, int]) -> tuple[int, ...]:
    """matched, gold, test, exact, correct tags, words."""
    return tuple(row[c] for c in ("matched", "gold", "test", "exact", "correct_tags", "words"))


# -- disco-dop's ParsEval ---------------------------------------------------------------


def test_disco_delete_root_preterms_deletes_the_words_right_under_the_gold_root() -> None:
    """``DELETE_ROOT_PRETERMS 1``: a word is deleted when its gold preterminal is a child
    of the root (disco-dop's ``grootpos``), and so is a word hanging from the root itself.

    Survivors built the set of such words wrongly (the other node's children,
    shifted positions, the phrasal children) or ignored the flag."""
    params = DiscoParams.from_text("DELETE_ROOT_PRETERMS 1\n")
    # Words a b e c d: c's preterminal XY is a child of ROOT and d hangs from
    # ROOT itself: both go; e hangs from S, not from the root: it stays, with
    # S as its tag. Nothing else is deleted (the file names no label or word).
    # Over {a, b, e}: gold ROOT {0,1,2}, S {0,1,2}, NP {0}; the parse, whose e
    # hangs from ROOT, ROOT {0,1,2}, S {0,1}, NP {0}: 2 matched of 3 and 3, no
    # exact match; tags NN and VB right, e's S (gold) against ROOT wrong: 2 of
    # 3 (the parse's wrong tag ZZ is c's, which is gone). Length: the 5 gold
    # words (no DELETE_LABEL_FOR_LENGTH).
    tree = T("(ROOT (S (NP (NN a)) (VB b) e) (XY c) d)")
    row = disco_row(T("(ROOT (S (NP (NN a)) (VB b)) e (ZZ c) d)"), tree, params)
    assert counts(row) == (2, 3, 3, 0, 2, 3)
    assert row["length"] == 5
    # Without the flag all 5 words stay: ROOT {0..4}, S {0,1,2}, NP {0}, 5 tags.
    assert counts(disco_row(tree, tree, DiscoParams.from_text("LABELED 1\n"))) == (3, 3, 3, 1, 5, 5)


def test_disco_eq_label_maps_every_label_below_the_root_but_not_the_root() -> None:
    """EQ_LABEL maps the labels of the root's descendants (proper.prm: ADVP = PRT), never
    the root's own (disco-dop's ``transform`` relabels children only, SPEC.md §7).

    Survivors mapped no label, mapped only the root, or mapped the root too."""
    # proper.prm: ROOT deleted; S {0,1} and ADVP {0} = PRT {0}: 2 of 2 matched,
    # an exact match; the tags RB and RP differ: 1 of 2 right.
    gold = DBR("(ROOT (S (ADVP (RB 0=up)) (VB 1=go)))")
    parse = DBR("(ROOT (S (PRT (RP 0=up)) (VB 1=go)))")
    assert counts(disco_row(parse, gold)) == (2, 2, 2, 1, 1, 2)
    # A file that makes VROOT equal to S and deletes VROOT: the root keeps its
    # label VROOT, so it is deleted, and only the S below it is a bracket.
    params = DiscoParams.from_text("EQ_LABEL VROOT S\nDELETE_LABEL VROOT\n")
    tree = DBR("(VROOT (S (NN 0=a) (VB 1=b)))")
    assert counts(disco_row(tree, tree, params)) == (1, 1, 1, 1, 2, 2)


def test_disco_a_gold_word_in_delete_word_goes_whatever_the_parse_spells() -> None:
    """A word is deleted when the *gold* word is in DELETE_WORD, also where the parse
    spells it otherwise (PTB's ``-LRB-`` for disco-dop's ``(``; EQ_WORD makes them equal).

    A survivor deleted the gold's word only with DELETE_ROOT_PRETERMS."""
    # SPEC.md §7's worked example, the parse written as a PTB tree: its words
    # are -LRB- and -RRB-, which are not in proper.prm's DELETE_WORD, but the
    # gold's ( and ) are, so positions 1 and 3 go on both sides: S {0, 1},
    # NP {0}, PRN {1} each, all matched; NN and CD right of 2 words.
    gold = DBR("(ROOT (S (NP (NN 0=Stadt)) (PRN (CD 2=1890))) (-LRB- 1=#LRB#) (-RRB- 3=#RRB#))")
    parse = T("(ROOT (S (NP (NN Stadt)) (PRN (-LRB- -LRB-) (CD 1890) (-RRB- -RRB-))))")
    assert counts(disco_row(parse, gold)) == (3, 3, 3, 1, 2, 2)


def test_disco_labels_lose_function_tags_at_the_first_dash_or_equals_only() -> None:
    """A label is cut at its first ``-`` or ``=`` after the first character, and round
    brackets in it read as square ones (SPEC.md §7, disco-dop's export reader).

    Survivors cut at the last ``-``, at position 0 (``-NONE-`` became ``""``, no
    longer deleted), only after position 1, at an ``X``, or left ``)`` alone."""
    # S-TPC-1 -> S, NP-SBJ -> NP, NP=2 -> NP; the trace's tag -NONE- is deleted
    # with its word, and so is the "." (proper.prm), and NP-SBJ-2 has no word
    # left. Words I, left, home; brackets S {0,1,2}, NP {0}, VP {1,2}, NP {2}
    # on both sides (ROOT deleted): 4 of 4, exact; 3 tags of 3.
    gold = T(
        "(ROOT (S-TPC-1 (NP-SBJ (PRP I)) (NP-SBJ-2 (-NONE- *T*))"
        " (VP (VBD left) (NP=2 (NN home)))) (. .))"
    )
    parse = T("(ROOT (S (NP (PRP I)) (NP (-NONE- *T*)) (VP (VBD left) (NP (NN home)))) (. .))")
    assert counts(disco_row(parse, gold)) == (4, 4, 4, 1, 3, 3)
    # EQ_LABEL NX NP: NX is cut nowhere (no "-" or "="), so it equals NP.
    params = DiscoParams.from_text("EQ_LABEL NX NP\n")
    gold, parse = T("(S (NX (NN a)) (VB b))"), T("(S (NP (NN a)) (VB b))")
    assert counts(disco_row(parse, gold, params)) == (2, 2, 2, 1, 2, 2)
    # A tag with a closing bracket only reads as the square one: $) is $].
    gold = Tree("S", [T("(NP (NN a))"), Tree("$)", ["b"])])
    parse = Tree("S", [T("(NP (NN a))"), Tree("$]", ["b"])])
    assert counts(disco_row(parse, gold, params)) == (2, 2, 2, 1, 2, 2)


def test_disco_errors_name_the_side_the_length_and_the_word() -> None:
    """The messages of a tree of the wrong kind, of sentences of other lengths and of
    differing words, with the token of the last (survivors blanked or shifted them)."""
    dep = DependencyTree(("a",), (0,), ("root",))
    tree = T("(S (NN a))")
    with pytest.raises(TreeStructureError) as err:
        DiscoParsevalEvaluator([tree], [dep]).eval()
    assert err.value.message.endswith(
        "gold: expected a phrase-structure tree, got a dependency tree (DependencyGraph); "
        "ParsEval compares brackets"
    )
    with pytest.raises(TreeStructureError, match=r"parse: expected a phrase-structure tree"):
        DiscoParsevalEvaluator([dep], [tree]).eval()
    with pytest.raises(YieldMismatchError) as err:
        DiscoParsevalEvaluator([T("(S (NN a) (NN b) (NN c))")], [T("(S (NN a) (NN b))")]).eval()
    assert err.value.message.endswith(
        "the sentences differ in length: gold has 2 words, the parse 3"
    )
    # "a" matches; the second word differs: word 2, gold b, parse c.
    with pytest.raises(YieldMismatchError) as err:
        DiscoParsevalEvaluator([T("(S (NN a) (NN c))")], [T("(S (NN a) (NN b))")]).eval()
    assert err.value.message.endswith("the words differ at word 2: gold has 'b', the parse 'c'")
    assert err.value.token == "b / c"


def test_disco_parameter_file_keywords_values_and_errors() -> None:
    """Every keyword disco-dop's ``readparam`` accepts is read, the ones we ignore too,
    and each error names the default file name ``custom``, the line and the token.

    Survivors refused DEBUG, MAX_ERROR, LA, TED, DEP or DELETE_ROOT_PRETERMS,
    dropped DELETE_LABEL_FOR_LENGTH, EQ_WORD or DELETE_ROOT_PRETERMS, renamed
    the default file, and lost the token of an error."""
    text = (
        "DEBUG 1\nMAX_ERROR 10\nLA 1\nTED 1\nDEP 1\nDELETE_ROOT_PRETERMS 1\n"
        "DELETE_LABEL_FOR_LENGTH -NONE-\nEQ_WORD -LRB- (\nDISC_ONLY 1\n# a comment\n\n"
    )
    # Only the keywords that change the evaluation land in the parameters; an
    # EQ_ pair becomes a class whose representative is the smaller string.
    assert DiscoParams.from_text(text) == DiscoParams(
        cutoff_len=40,
        labeled=True,
        delete_labels=frozenset(),
        delete_labels_for_length=frozenset({"-NONE-"}),
        delete_words=frozenset(),
        eq_labels={},
        eq_words={"(": "(", "-LRB-": "("},
        disc_only=True,
        delete_root_preterms=True,
        name="custom",
    )
    for bad, message, token in [
        ("LABELED\n", "custom:1: 'LABELED' has no value", "LABELED"),
        ("LA 1\nLA 1\n", "custom:2: LA is given twice", "LA"),
        ("CUTOFF_LEN many\n", "custom:1: CUTOFF_LEN takes a number, not 'many'", "many"),
        ("EQ_WORD a\n", "custom:1: EQ_WORD takes two values", "a"),
        ("DELETE_LABELS X\n", "custom:1: unknown keyword 'DELETE_LABELS'", "DELETE_LABELS"),
    ]:
        with pytest.raises(OptionError) as err:
            DiscoParams.from_text(bad)
        assert (err.value.message, err.value.token) == (message, token)
    with pytest.raises(OptionError) as err:
        DiscoParams.from_file("/no/such/dir/proper.prm")
    assert err.value.message == (
        "cannot read parameter file /no/such/dir/proper.prm: No such file or directory"
    )


DARUEBER = DBR("(ROOT (S (VP (PROAV 0=Darüber) (VVPP 2=nachgedacht)) (VMFIN 1=muss)) ($. 3=.))")


def test_disco_summary_blocks_follow_the_longest_sentence() -> None:
    """disco-dop prints one block when its longest sentence is at most CUTOFF_LEN
    (``acc.maxlenseen <= CUTOFF_LEN``, 0 for no sentence), else two.

    Survivors cut at ``<``, took the longest of no sentence as 1 or failed on
    it, and got the longest sentence within the cut wrong when none was."""
    # No sentence: one block, longest 0; every ratio undefined, spelled as
    # disco-dop spells it (nan, 0DIV!); no discontinuous bracket.
    assert DiscoParsevalEvaluator([], []).summary_text().splitlines() == [
        "__________ Summary (ALL) __________",
        "number of sentences:            0",
        "longest sentence:               0",
        "gold brackets:                  0",
        "cand. brackets:                 0",
        "labeled recall:               nan",
        "labeled precision:            nan",
        "labeled f-measure:            nan",
        "exact match:                0DIV!",
        "pos accuracy:               0DIV!",
    ]
    # The gold of 4 words against itself. CUTOFF_LEN 4: still one block.
    four = dataclasses.replace(DiscoParams(), cutoff_len=4)
    at = DiscoParsevalEvaluator([DARUEBER], [DARUEBER], four)
    lines = at.summary_text().splitlines()
    assert lines[:3] == [
        "__________ Summary (ALL) __________",
        "number of sentences:            1",
        "longest sentence:               4",
    ]
    # CUTOFF_LEN 3: two blocks, the first without a sentence (longest 0).
    three = dataclasses.replace(DiscoParams(), cutoff_len=3)
    below = DiscoParsevalEvaluator([DARUEBER], [DARUEBER], three)
    lines = below.summary_text().splitlines()
    assert lines[:3] == [
        "_________ Summary _________ <= 3 ______ ALL",
        "number of sentences:            0          1",
        "longest sentence:               0          4",
    ]


def test_disco_says_why_a_figure_is_na() -> None:
    """Each N/A figure of disco-dop's ParsEval carries its reason (SPEC.md §9); survivors
    blanked or changed the reasons of F1, exact match and POS accuracy."""
    # Flat trees: proper.prm deletes the root, so neither side has a bracket.
    flat = DBR("(ROOT (NN 0=a) (VB 1=b))")
    ev = DiscoParsevalEvaluator([flat], [flat])
    reasons = {m: ev.score(m).reason for m in ("P", "R", "F1", "P_CUT", "R_CUT", "F1_CUT")}
    assert reasons == {
        "P": "no test bracket",
        "R": "no gold bracket",
        "F1": "no bracket on either side",
        "P_CUT": "no test bracket",
        "R_CUT": "no gold bracket",
        "F1_CUT": "no bracket on either side",
    }
    # With DISC_ONLY a sentence without a discontinuous bracket on either side
    # does not count for exact match: none is left.
    only = DiscoParsevalEvaluator(
        [flat], [flat], dataclasses.replace(DiscoParams(), disc_only=True)
    )
    assert [only.score(m).reason for m in ("EXACT_MATCH", "EXACT_MATCH_CUT")] == ["no sentence"] * 2
    # Punctuation only: every word is deleted, no tag is compared.
    punct = DBR("(ROOT ($, 0=,) ($. 1=.))")
    ev = DiscoParsevalEvaluator([punct], [punct])
    assert [ev.score(m).reason for m in ("POS_ACCURACY", "POS_ACCURACY_CUT")] == ["no word"] * 2


# -- attachment over aligned words -------------------------------------------------------


def test_aligned_attachment_says_why_each_figure_is_na() -> None:
    """With ``punct="exclude"`` and only punctuation, no word is scored on either side:
    every aligned measure is N/A, named and with its reason (SPEC.md §9, §11);
    survivors dropped the name or changed the reasons."""
    gold = [DependencyTree((".", ","), (0, 1), ("punct", "punct"))]
    ev = AttachmentEvaluator(gold, gold, align=True, punct="exclude")
    # LA and LAS count over the words of units where a scored word carries a
    # relation (SPEC.md §7, "Under --align ... labeled_gold_tokens and
    # labeled_parse_tokens"): here none is scored, so their reasons say so.
    relation = {
        "": "no relation to compare: no scored word carries one on either side",
        "_P": "no scored parse word where a relation is compared (on either side)",
        "_R": "no scored gold word where a relation is compared (on either side)",
    }
    for base in ("UAS", "LA", "LAS", "UNDIRECTED", "NED"):
        plain = {"": "no scored word on either side", "_P": "no scored parse word",
                 "_R": "no scored gold word"}  # fmt: skip
        reasons = relation if base in ("LA", "LAS") else plain
        for name, reason in [(f"{base}{end}", why) for end, why in reasons.items()]:
            score = ev.score(name)
            assert (score.name, score.reason, score.value != score.value) == (name, reason, True)


# -- the alignment layer: messages and where they point ----------------------------------


@dataclass
class Record:
    """A sentence as a reader hands it on: its tree (here: its tokens), its file and line,
    and its reading error (the duck type :func:`nltk_tedeval.records.unwrap` reads)."""

    tree: Any
    file: str | None = None
    line: int | None = None
    error: TedEvalError | None = None


def tokens(item: Any) -> Any:
    """A record's tokens; a plain list is its own; ``None`` is a missing parse."""
    return item.tree if isinstance(item, Record) else item


def alignment_error(gold: list, *parses: list, mode: str = "exact") -> AlignmentError:
    with pytest.raises(AlignmentError) as err:
        list(align_units(gold, *parses, words=tokens, mode=mode))
    return err.value


ADVICE = (
    "both sides must spell the same text; align='lcs' aligns texts that differ and counts "
    "the characters it leaves unmatched"
)
NORMALIZED = "(characters normalized as esc+ws=all; '|' marks the first difference); "


def test_where_one_text_ends_before_the_other() -> None:
    """The message of two texts that end apart names the side that ended, the sentence and
    token it ended after (or "ends" when it had nothing left) and the text around the
    place (SPEC.md §11, "Different streams").

    Survivors named the wrong side, the wrong sentence or token, lost the
    sentence number, or misspelled "ends" and "at the end of its file"."""
    # The parse's three sentences A | b | c end after character 3, inside the
    # gold's one sentence A b c D: the parse ended, after token 1 of its
    # sentence 3 (c); the gold reads on at its token 4 (D).
    err = alignment_error([["A", "b", "c", "D"]], [["A"], ["b"], ["c"]])
    assert err.message == (
        "the parse text ends where the other goes on: gold token 4 ('D') reads 'Abc|D', "
        "parse ends after token 1 ('c') (sentence 3) reads 'Abc|' " + NORMALIZED + ADVICE
    )
    # One sentence of three tokens: it ends after token 3, c.
    err = alignment_error([["A", "b", "c", "D"]], [["A", "b", "c"]])
    assert "parse ends after token 3 ('c') (sentence 1) reads 'Abc|'" in err.message
    # The gold ends with a unit (A), and the parse goes on with its sentence 2.
    err = alignment_error([["A"]], [["A"], ["b"]])
    assert err.message == (
        "the gold text ends where the other goes on: gold ends reads 'A|', parse token 1 "
        "('b') (sentence 2) reads 'A|b' " + NORMALIZED + ADVICE
    )
    # The parse ends with a unit; the gold goes on with its sentence 2. A
    # sentence of a file with no line number is named by file alone.
    gold = [Record(["A"], "g.txt", 3), Record(["b"], "g.txt", 4)]
    err = alignment_error(gold, [Record(["A"], "p.txt")])
    assert err.message == (
        "the parse text ends where the other goes on: gold token 1 ('b') reads 'A|b', parse "
        "ends (at the end of its file) reads 'A|' " + NORMALIZED + ADVICE
    )
    assert (err.file, err.line, err.sentence) == ("g.txt", 4, 2)
    err = alignment_error([Record(["A", "b"], "g.txt", 3)],
                          [Record(["A"], "p.txt"), Record(["c"], "p.txt")])  # fmt: skip
    assert "parse token 1 ('c') (p.txt sentence 2) reads 'A|c'" in err.message


def test_where_texts_part_with_a_missing_parse_among_several_parses() -> None:
    """With a second parse keeping the unit open, the first parse's missing sentence
    (which holds the gold's text, no token) is still in its side when the texts part:
    the message names the sentence after it, or says the side "ends" after it.

    Survivors stored no start for the missing sentence (the search for the
    sentence that holds a character then fails) or looked for a token in it."""
    # Parse 1 reads A, a missing parse standing for the gold's b, then c e;
    # parse 2 joins the gold's three sentences, so the unit is still open when
    # parse 1's e meets the gold's d at character 3.
    err = alignment_error(
        [["A"], ["b"], ["c", "d"]], [["A"], None, ["c", "e"]], [["A", "b", "c", "d"]]
    )
    assert err.message == (
        "the texts differ: gold token 2 ('d') reads 'Abc|d', parse token 2 ('e') (sentence 3) "
        "reads 'Abc|e' " + NORMALIZED + ADVICE
    )
    # Parse 1 ends with its missing sentence 2 (the gold's b); the gold goes on
    # with c, which parse 2 has.
    err = alignment_error([["A"], ["b"], ["c"]], [["A"], None], [["A", "b", "c"]])
    assert err.message == (
        "the parse text ends where the other goes on: gold token 1 ('c') reads 'Ab|c', parse "
        "ends (sentence 2) reads 'Ab|' " + NORMALIZED + ADVICE
    )


@pytest.mark.parametrize("mode", ["exact", "lcs"])
def test_alignment_errors_point_at_the_sentence_they_are_about(mode: str) -> None:
    """A gold without a tree, and a token without characters, are errors at that
    sentence's file and line, in both modes (survivors lost the place or the wording)."""
    err = alignment_error([Record(None, "g.txt", 3)], [Record(["A"], "p.txt", 1)], mode=mode)
    assert err.message == "the gold has no tree here, and a gold sentence cannot be missing"
    assert (err.file, err.line, err.sentence) == ("g.txt", 3, 1)
    err = alignment_error([Record(["A", " "], "g.txt", 3)], [Record(["A"], "p.txt", 1)], mode=mode)
    assert err.message == (
        "token 2 (' ') has no characters once normalized (esc+ws=all), so it cannot be "
        "placed in the text"
    )
    assert (err.file, err.line, err.sentence, err.token) == ("g.txt", 3, 1, " ")


def test_a_missing_parse_that_stands_for_nothing_is_named() -> None:
    """Under exact alignment a missing parse after the gold's end, or inside a gold
    sentence, is an error at its own file and line; under lcs one that finds no whole
    gold sentence in its hole says how many there are for how many missing parses."""
    err = alignment_error([Record(["A"], "g", 1)], [Record(["A"], "p", 1), Record(None, "p", 2)])
    assert err.message == "a missing parse after the gold's end stands for no gold sentence"
    assert (err.file, err.line, err.sentence) == ("p", 2, 2)
    parse = [Record(["A"], "p", 1), Record(None, "p", 2), Record(["b"], "p", 3)]
    err = alignment_error([Record(["A", "b"], "g", 1)], parse)
    assert err.message == (
        "a missing parse in the middle of a gold sentence stands for no whole sentence: under "
        "alignment a missing parse must come where a gold sentence starts, in place of that "
        "sentence"
    )
    assert (err.file, err.line, err.sentence) == ("p", 2, 2)
    # lcs: the gold is one sentence "Ab" and the parse's A and b lie on its
    # text (the only A and b there), so the hole between them holds no whole
    # gold sentence: 0 whole sentences for 1 missing parse. (The old example,
    # gold A | b, is a tie of the line-by-line diff: the marks around the
    # missing parse may pair with the gold's marks around b, which the parse's
    # b then follows as its own text; SPEC.md §11 does not fix the tie.)
    gold = [Record(["A", "b"], "g", 1)]
    err = alignment_error(gold, parse, mode="lcs")
    assert err.message == (
        "a missing parse stands for no gold sentence: where it comes, the gold has 0 whole "
        "sentences that the parse lacks, for 1 missing parse; under alignment a missing parse "
        "stands for one gold sentence that the parse's text does not have"
    )
    assert (err.file, err.line, err.sentence) == ("p", 2, 2)
    # Between A and c the gold has one whole sentence, b, for two missing
    # parses: the second stands for nothing.
    gold = [Record(["A"], "g", 1), Record(["b"], "g", 2), Record(["c", "d"], "g", 3)]
    parse = [Record(["A"], "p", 1), Record(None, "p", 2), Record(None, "p", 3),
             Record(["c"], "p", 4), Record(["d"], "p", 5)]  # fmt: skip
    err = alignment_error(gold, parse, mode="lcs")
    assert "the gold has 1 whole sentence that the parse lacks, for 2 missing parses;" in (
        err.message
    )
    assert (err.file, err.line, err.sentence) == ("p", 3, 3)


def test_a_unit_is_described_with_every_sides_sentences() -> None:
    """:meth:`Unit.describe` (SPEC.md §11, "Naming units"): each side's sentence or range of
    sentences, its file and first line when known, or "no sentence of" it.

    Survivors dropped the range, the plural, the file or a side without a sentence."""
    gold = [Record(["A", "b"], "g.txt", 3), Record(["c"], "g.txt", 5)]
    (unit,) = align_units(gold, [Record(["A", "b", "c"], "p.txt", 1)], words=tokens)
    assert unit.describe(["gold", "p"]) == (
        "unit 1 (gold sentences 1-2, g.txt line 3; p sentence 1, p.txt line 1)"
    )
    # lcs: a dropped gold sentence, and an added parse sentence (trees without a file).
    units = align_units([["A"], ["c"]], [["A"]], mode="lcs")
    assert [u.describe(["gold", "p"]) for u in units] == [
        "unit 1 (gold sentence 1; p sentence 1)",
        "unit 2 (gold sentence 2; no sentence of p)",
    ]
    units = align_units([["A"]], [["A"], ["x", "y"]], mode="lcs")
    assert [u.describe(["gold", "p"]) for u in units] == [
        "unit 1 (gold sentence 1; p sentence 1)",
        "unit 2 (no sentence of gold; p sentence 2)",
    ]


def test_an_unreadable_sentence_stops_an_aligned_run_with_its_own_message() -> None:
    """Under alignment a reader's error stops the run even with ``on_error="skip"``; its
    message is the reader's, then why (SPEC.md §11). A survivor kept only the why."""
    bad = InputFormatError("unbalanced brackets")
    gold = [Record(DependencyTree(("a",), (0,), ("root",)), "g", 1)]
    with pytest.raises(InputFormatError) as err:
        AttachmentEvaluator([Record(None, "p", 1, bad)], gold, align=True, on_error="skip").eval()
    assert err.value.fatal  # no skipping makes it right (errors.TedEvalError.fatal)
    assert err.value.message == (
        "unbalanced brackets; under alignment a sentence that cannot be read stops the run "
        "even when bad sentences are skipped (--skip-bad): without its words the texts cannot "
        "be aligned past it"
    )


def test_the_alignment_note_and_summary_count_units_and_sentences() -> None:
    """The note and summary of an aligned run (public: :func:`describe_alignment`,
    :func:`alignment_summary`): units in the plural but for one, 0 units when the tally
    has none, the unmatched characters after the rest."""
    tally = {"gold_sents": 3, "p": 2, "units": 2, "unmatched gold": 10, "unmatched p": 0}
    assert describe_alignment("lcs", tally) == (
        "aligned over the text (lcs): rows are 2 units, from 3 sentences of the gold, "
        "2 sentences of p (SPEC.md §11); characters left unmatched: 10 of gold, 0 of p"
    )
    assert describe_alignment("exact", {"gold_sents": 1, "p": 1}) == (
        "aligned over the text (exact): rows are 0 units, from 1 sentence of the gold, "
        "1 sentence of p (SPEC.md §11)"
    )
    assert alignment_summary("exact", "esc+ws=all", {"gold_sents": 1, "p": 1}) == {
        "mode": "exact",
        "normalization": "esc+ws=all",
        "units": 0,
        "sentences": {"gold": 1, "p": 1},
    }


# -- align="lcs": the merged text and the units over it ---------------------------------


@pytest.mark.parametrize(
    ("gold", "parse", "text", "parse_extent", "unmatched"),
    [
        # A gold token split in two: both parse tokens pair with it, one group,
        # New 0-3 and York 3-7 (SPEC.md §11).
        (["NewYork", "left"], ["New", "York", "left"], "NewYorkleft",
         ((0, 3, 7), (3, 7, 11)), [0, 0]),
        # "!!" is the parse's own text inside the gold's one token: it goes
        # before the f it comes before; wonder and ful are one group but do not
        # meet, since the parse's own token stands between them.
        (["wonderful"], ["wonder", "!!", "ful"], "wonder!!ful",
         ((0, 6, 8), (6, 8, 11)), [0, 2]),
        # The parse drops the f: wonder and ul, neighbours in one group, meet, so
        # wonder covers the f it lacks; 1 gold character unmatched.
        (["wonderful"], ["wonder", "ul"], "wonderful", ((0, 7), (7, 9)), [1, 0]),
        # "Oh" is the parse's own text, before the gold's first character; then
        # dog (of the gold's dogs) is extended to the end of dogs: 2-6.
        (["dogs", "barked"], ["Oh", "dog", "barked"], "Ohdogsbarked",
         ((0, 2, 6), (2, 6, 12)), [1, 2]),
    ],
)  # fmt: skip
def test_lcs_parse_tokens_cover_the_gold_text_of_their_group(
    gold: list[str], parse: list[str], text: str, parse_extent: tuple, unmatched: list[int]
) -> None:
    """SPEC.md §11 (``align="lcs"``): within a group of overlapping tokens the parse's
    tokens cover the gold's text from the group's first gold character to its last,
    meeting one another, unless a token of the parse's own text stands between them.

    Survivors grouped tokens wrongly (indexing the wrong group, stopping at the
    first own token) or made the wrong neighbours meet. Each diff here is the
    only longest common subsequence of the two texts."""
    layout = merged_layout([[gold], [parse]], ["gold", "parse"])
    assert layout.text == text
    assert layout.extents[1] == [parse_extent]
    assert layout.unmatched == unmatched


def test_lcs_a_split_token_costs_its_nodes_as_without_lcs() -> None:
    """SPEC.md §11's split token under ``align="lcs"``: gold "NewYork left", parse "New
    York left": labeled δ = 2 (compound(0,1) and hd(1,2) added), ι = 3 + 5; unlabeled
    δ = 2, ι = 2 + 4."""
    gold = DependencyTree(("NewYork", "left"), (2, 0), ("nsubj", "root"))
    parse = DependencyTree(("New", "York", "left"), (2, 3, 0), ("compound", "nsubj", "root"))
    ev = TedEvalEvaluator([parse], [gold], align="lcs")
    assert ev.stats.array.tolist() == [[2, 8, 2, 6]]


def test_lcs_missing_parses_in_a_row_stand_for_the_gold_sentences_in_order() -> None:
    """Two missing parses before the parse's "a" among three gold sentences "a": the marks
    around them anchor the diff (m + 1 marks for m missing parses in a row), so they
    stand for gold sentences 1 and 2 and the parse's "a" is the third (SPEC.md §11)."""
    gold = [DependencyTree(("a",), (0,), ("root",))] * 3
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingParseWarning)
        ev = AttachmentEvaluator([None, None, gold[0]], gold, align="lcs", missing="zero")
        # zero: the two stand-ins have the gold's word, not right; the third is.
        # The last two columns (labeled gold and parse words) are 1 and 1 in
        # each unit: the gold's word carries "root", and a stand-in's sentence
        # counts where its gold has relations (SPEC.md §7).
        assert pick(ev, *ALIGNED_ROW) == [[1, 1, 0, 0, 0, 0, 0, 1, 1]] * 2 + [[1] * 9]


def test_lcs_a_missing_parse_is_not_counted_as_unmatched_text() -> None:
    """The report counts the gold characters some parse lacks; the text a missing parse
    stands for is counted as missing, not as characters that parse lacks (SPEC.md §11).

    Survivors skipped that step, applied it to no parse, to the wrong parse, or at
    the wrong offsets."""
    gold = [["I", "left"], ["You", "stayed"]]

    def unmatched(*parses: list) -> dict[str, int]:
        tally: dict[str, int] = {}
        list(align_units(gold, *parses, words=tokens, mode="lcs", tally=tally))
        return {k: v for k, v in tally.items() if k.startswith("unmatched")}

    # Missing parse for "You stayed": nothing unmatched.
    assert unmatched([["I", "left"], None]) == {"unmatched gold": 0, "unmatched parse": 0}
    # With a second parse that has every sentence: still nothing.
    assert unmatched([["I", "left"], None], gold) == {
        "unmatched gold": 0,
        "unmatched parse": 0,
        "unmatched parse 2": 0,
    }
    # A parse that drops the sentence lacks its 9 characters (Youstayed).
    assert unmatched([["I", "left"]]) == {"unmatched gold": 9, "unmatched parse": 0}


def test_lcs_a_stand_in_keeps_the_holes_of_its_gold_sentence() -> None:
    """Under lcs with two systems, system b adds "big" inside the gold's "New York stayed",
    which system a lacks (a missing parse): the gold sentence has a hole there, and a's
    flat stand-in, over the gold sentence's tokens, keeps it (SPEC.md §10, §11).

    Survivors gave the stand-in no holes, so its "New" reached over "big"."""
    gold = [DependencyTree(("New", "York", "stayed"), (2, 3, 0), ("compound", "nsubj", "root"))]
    b = [DependencyTree(("New", "big", "York", "stayed"), (3, 3, 4, 0),
                        ("compound", "amod", "nsubj", "root"))]  # fmt: skip
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingParseWarning)
        a_ev, b_ev = TedEvalEvaluator.evaluate_systems(
            gold, [[None], b], missing="flat", align="lcs"
        )
        # Atoms New | big | York | stayed. Gold: root(0,4) (its one sentence is
        # the unit), nsubj(0,3) (New to York, the hole included), compound(0,1),
        # hd(2,3), hd(3,4). a's flat parse: dep(0,1) dep(2,3) dep(3,4) and no
        # node over the sentence. Labeled: nothing shared, δ = ι = 5 + 3;
        # unlabeled (0,3) missed: δ = 1, ι = 4 + 3.
        assert a_ev.stats.array.tolist() == [[8, 8, 1, 7]]
        # b has the gold's items and amod(1,2): δ = 1, ι = 5 + 6; unlabeled
        # 4 + 5 spans, δ = 1.
        assert b_ev.stats.array.tolist() == [[1, 11, 1, 9]]


def test_lcs_another_systems_added_word_leaves_a_systems_positions_alone() -> None:
    """System b adds "today" at the end of the unit; for system a, which lacks it, that
    text is no position of its own: it joins a's last position (SPEC.md §11), so the
    gold's trailing trace sits with "left" there, as jp-evalb groups it.

    Survivors kept the empty piece as a position, or broke the positions."""
    gold = T("(S (NP (PRP I)) (VP (VBD left) (NP (-NONE- *T*))))")
    a = T("(S (NP (PRP I)) (VP (VBD left)))")
    b = T("(S (NP (PRP I)) (VP (VBD left) (NP (NN today))))")
    a_ev, b_ev = JpEvalbEvaluator.evaluate_systems([gold], [[a], [b]], align="lcs")
    # a: positions I | left; the trace is in position 1. Gold S 0-2, NP 0-1,
    # VP 1-2, NP 1-2 (the trace's); a S, NP, VP: 3 of 4. Pairs (PRP, I),
    # (VBD, left), (-NONE-, *T*): a shares 2 of 3. Length: 2 gold positions.
    row = [1, 1, 0, 0, 3, 4, 3, 0, 0, 1, 1, 3, 2, 2]
    assert a_ev.stats.array.tolist() == [[*row, *row[:13]]]
    # b: positions I | left | today; the trace, at the end of its sentence,
    # is in the unit's last position, with today: gold S 0-3, NP 0-1, VP 1-3,
    # NP 2-3, all b's: a complete match. 2 pairs of 3 shared; 2 gold positions.
    row = [1, 1, 0, 0, 4, 4, 4, 1, 0, 1, 1, 3, 2, 2]
    assert b_ev.stats.array.tolist() == [[*row, *row[:13]]]


# -- the missing-parse policy itself (scoring/missing.py) --------------------------------


def test_the_missing_parse_warning_reads_as_the_guide_shows_it() -> None:
    """docs/guide/score.md's warning line (README.md's until issue 42): "336 of 605 sentences
    have a missing parse (pcfg: 336), scored with nothing right": n of read, the verb
    agreeing with n, the noun with read, each system with a missing parse (and no other) by
    name, then what the policy does
    (SPEC.md §10's three meanings) and the policy's name; the warning points at the
    caller outside the package (here, this file)."""
    from nltk_tedeval.scoring.missing import warn_missing

    def said(*args: Any) -> tuple[str, str]:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            warn_missing(*args)
        (w,) = caught
        return str(w.message), w.filename

    # Under mutmut each function is called through a trampoline of mutmut's own,
    # which moves the frame count the stacklevel is computed from: the caller's
    # file is checked in ordinary runs only (docs/mutation.md, the fourth run).
    under_mutmut = "MUTANT_UNDER_TEST" in os.environ
    message, filename = said(1, 1, {"a": 1, "b": 0}, "skip")
    assert message == (
        "1 of 1 sentence has a missing parse (a: 1), left out of every system (missing='skip')"
    )
    assert under_mutmut or filename == __file__
    assert said(2, 3, {"a": 2, "b": 1}, "flat")[0] == (
        "2 of 3 sentences have a missing parse (a: 2, b: 1), scored as flat parses (missing='flat')"
    )
    assert said(1, 2, {"p": 1}, "zero")[0] == (
        "1 of 2 sentences has a missing parse (p: 1), scored with nothing right (missing='zero')"
    )
    # Through an evaluator, the warning still names this file, not the package's.
    gold = [DependencyTree(("a",), (0,), ("root",))]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        AttachmentEvaluator([None], gold, missing="zero").score("UAS")
    files = [w.filename for w in caught if w.category is MissingParseWarning]
    assert len(files) == 1 and (under_mutmut or files == [__file__])


def test_zero_is_one_value_even_through_pickle_and_unknown_policies_are_refused() -> None:
    """ZERO is one value, also after a trip through pickle (worker processes send it
    back); its repr is its name; an unknown policy is refused naming the four."""
    import pickle

    from nltk_tedeval.scoring.missing import ZERO, check_missing

    assert pickle.loads(pickle.dumps(ZERO)) is ZERO
    assert type(ZERO)() is ZERO
    assert repr(ZERO) == "ZERO"
    assert check_missing("flat") == "flat"
    with pytest.raises(OptionError) as err:
        check_missing("none")
    assert str(err.value) == "missing must be one of 'skip', 'zero', 'flat', 'error', not 'none'"


def test_a_piece_of_another_parses_text_is_no_position_of_a_pair() -> None:
    """Under lcs with two parses, text only parse b has is no position of the pair of the
    gold and parse a: a position holds at least one token of the pair, so such a piece
    joins the one after it, or the one before it at the end of a unit (the contract of
    ``alignment.unit``'s piece cutting, SPEC.md §11).

    Survivors kept a piece whose token starts right at its end, or kept an empty last
    piece after the first, as positions of their own."""

    def pair_positions(*sides: list) -> list[tuple[int, list[tuple[int, ...]]]]:
        out = []
        for unit in align_units(*sides, mode="lcs"):
            pair = unit.pair(1)
            out.append((pair.n_positions, [pair.token_positions(s) for s in pair.sides[0]]))
        return out

    # b adds "big" between I and left, or before I: for (gold, a) the piece
    # "big" holds no token and joins the piece after it; 2 positions, I in 0,
    # left in 1.
    gold = [["I", "left"]]
    assert pair_positions(gold, gold, [["I", "big", "left"]]) == [(2, [(0, 1)])]
    assert pair_positions(gold, gold, [["big", "I", "left"]]) == [(2, [(0, 1)])]
    # b adds "x" after I, ending unit 1 (b's "I x" | "y" | "left" against the
    # gold's "I" | "left"): the piece "x" is the last of unit 1 and joins I's
    # position, so (gold, a) has 1 position there. Unit 2 is b's "y" alone:
    # no token of the pair, so the whole unit is one piece; unit 3 "left".
    gold = [["I"], ["left"]]
    assert pair_positions(gold, gold, [["I", "x"], ["y"], ["left"]]) == [
        (1, [(0,)]),
        (1, []),
        (1, [(0,)]),
    ]


# -- ParsEval over aligned positions (metrics/aligned_brackets.py) -----------------------


def test_aligned_parseval_rows_of_another_parses_sentence_and_of_a_tree_evalb_cannot_read() -> None:
    """Under lcs with two parses, parse b adds a sentence: the unit it makes holds no
    sentence of the gold or of a, so a's row there is all 0 (evalb_row's NO_SENTENCE),
    while b's is a valid sentence with its own bracket and nothing of the gold's.
    A gold or test tree with a word beside a phrase is an error row naming its side
    (SPEC.md §11: EVALB's rules over positions). Survivors scored the unit as a
    sentence, or dropped the side's name."""
    gold = [T("(S (NP (PRP I)) (VP (VBD left)))")]
    b = [gold[0], T("(S (NN extra))")]
    a_ev, b_ev = ParsevalEvaluator.evaluate_systems(gold, [[gold[0]], b], align="lcs")
    # Columns: sentences valid errors skipped matched gold test complete
    # crossing no_crossing two_or_less words correct length, then the
    # len <= 40 copy of the first 13. Unit 1, "I left" on every side: S(0,2)
    # NP(0,1) VP(1,2) on both (preterminals are not brackets): 3 of 3, a
    # complete match, 2 words 2 tags right, length 2.
    same = [1, 1, 0, 0, 3, 3, 3, 1, 0, 1, 1, 2, 2, 2]
    # Unit 2: a has nothing there: all 27 columns 0. b: one valid sentence,
    # its S(0,1) (its NN position is kept: no gold token there, and NN is no
    # deleted tag) against no gold bracket: matched 0, gold 0, test 1, not
    # complete, no crossing; 0 gold words, length 0 (no gold sentence).
    extra = [1, 1, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0]
    assert a_ev.stats.array.tolist() == [[*same, *same[:13]], [0] * 27]
    assert b_ev.stats.array.tolist() == [[*same, *same[:13]], [*extra, *extra[:13]]]
    # A word beside a phrase (b under S next to X) is not alone under a POS
    # tag: EVALB cannot read the tree; the error names the side and the word.
    # The other side joins "a b" into one token, so the unit is scored over
    # positions (a unit of equal tokens takes EVALB's own steps instead).
    ok = T("(S (X ab))")
    bad = Tree("S", [Tree("X", ["a"]), "b"])
    # The row is EVALB's error row: a sentence, an error, no count, and the
    # length of the gold's words (none has a deleted tag): 2 for the bad
    # gold "a b", 1 for the good gold "ab"; within the len <= 40 copy.
    for golds, parses, side, length in (([bad], [ok], "gold", 2), ([ok], [bad], "test", 1)):
        ev = ParsevalEvaluator(parses, golds, align=True)
        error = [1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        assert ev.stats.array.tolist() == [[*error, length, *error]]
        (err,) = ev.errors
        assert err.message == (
            f"{side} tree: word 'b' (token 2) is not alone under a POS tag, so EVALB cannot "
            "read this tree"
        )
        assert err.token == "b"


# -- attachment over aligned positions (metrics/aligned_attachment.py) -------------------


def test_aligned_undirected_and_ned_credit_an_inverted_arc_across_parse_sentences() -> None:
    """Gold "a b c d" as one sentence, parse "a b" | "c d": the unit is scored over
    positions (SPEC.md §11), each word aligned to its namesake, and UNDIRECTED and NED
    read the gold's children and grandparent there as they do unaligned (SPEC.md §7).

    Survivors recorded a gold word's children wrong, or tested the parse head against
    the wrong node, so UNDIRECTED lost its credit for an inverted arc."""
    gold = [DependencyTree(("a", "b", "c", "d"), (0, 1, 4, 1), ("root", "x", "y", "z"))]
    parse = [
        DependencyTree(("a", "b"), (2, 0), ("x", "root")),
        DependencyTree(("c", "d"), (0, 1), ("root", "z")),
    ]
    # Gold heads: a ROOT, b a, c d, d a (children: a {b, d}, d {c}).
    # Parse heads: a b, b ROOT, c ROOT, d c. No head right.
    #   a: parse head b, a gold child of a: undirected; NED too.
    #   b: parse head ROOT, not a child of b; NED: b's gold grandparent is
    #      a's head, ROOT: right.
    #   c: parse head ROOT; grandparent a: neither.
    #   d: parse head c, a gold child of d: undirected, NED.
    # Labels: only d's "z" equals the gold's. Every word carries a relation.
    for mode in (True, "lcs"):
        ev = AttachmentEvaluator(parse, gold, align=mode)
        assert pick(ev, *ALIGNED_ROW) == [[4, 4, 0, 1, 0, 2, 3, 4, 4]]
        assert ev.score("UNDIRECTED").value == 0.5
        assert ev.score("NED").value == 0.75


def test_aligned_attachment_goes_on_past_a_parse_word_it_does_not_score() -> None:
    """With punctuation left out, each side's words are scored by their own spelling
    (SPEC.md §7, §11): the gold's "-LRB-" is a word (CoNLL-X's test takes it as
    written), the parse's "(" at its position is punctuation. That pair is not
    compared, and the words after it still are.

    A survivor stopped comparing at the first such word, so nothing after it was right."""
    gold = [DependencyTree(("-LRB-", "a", "b"), (2, 0, 2), ("punct", "root", "obj"))]
    parse = [DependencyTree(("(", "a", "b"), (2, 0, 2), ("punct", "root", "obj"))]
    # "-LRB-" and "(" are one position once normalized; the tokens differ, so
    # the unit is scored over positions. Gold scored: -LRB-, a, b (3); parse
    # scored: a, b (2). a and b have their heads and relations right: 2 in
    # each of head, label, head+label, undirected and NED; labeled 3 and 2.
    for mode in (True, "lcs"):
        ev = AttachmentEvaluator(parse, gold, align=mode, punct="exclude")
        assert pick(ev, *ALIGNED_ROW) == [[3, 2, 2, 2, 2, 2, 2, 3, 2]]


def test_lcs_a_missing_parse_takes_the_gold_sentence_its_parse_repeats() -> None:
    """SPEC.md §11's tie: gold "A" | "b", parse "A", a missing parse, "b". The missing
    parse stands for the gold's "b"; the parse's own "b" is text the gold lacks."""
    gold = [DependencyTree(("A",), (0,), ("root",)), DependencyTree(("b",), (0,), ("root",))]
    parse = [gold[0], None, gold[1]]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingParseWarning)
        ev = AttachmentEvaluator(parse, gold, align="lcs", missing="zero")
        # Unit 1: A right. Unit 2: the stand-in over the gold's b, nothing right.
        # Unit 3: the parse's b alone: no gold word, one parse word.
        rows = [[1] * 9, [1, 1, 0, 0, 0, 0, 0, 1, 1], [0, 1] + [0] * 6 + [1]]
        assert pick(ev, *ALIGNED_ROW) == rows
        # UAS: recall 1/2, precision 1/3, F1 2 * (1/6) / (5/6) = 0.4.
        assert ev.score("UAS").value == pytest.approx(0.4)


# -- jp-evalb (metrics/jp_evalb.py) ------------------------------------------------------

JP_COLUMNS = ("sentences", "valid", "matched", "gold", "test", "words", "correct_tags", "length")


def jp_rows(ev: JpEvalbEvaluator) -> list[tuple[int, ...]]:
    """Each row's sentences, valid, matched, gold, test, words, correct tags and length."""
    index = [ev.columns.index(c) for c in JP_COLUMNS]
    return [tuple(row[i] for i in index) for row in ev.stats.array.tolist()]


def test_jp_evalb_names_the_first_word_beside_a_phrase_on_either_side() -> None:
    """jp-evalb scores (tag, word) pairs, so a word hanging beside a phrase has none: the
    error names the side, the first such word and its token number (SPEC.md §11).
    Survivors named another word, no side, no token, or another number."""
    good = T("(S (X a) (X b) (X c))")
    bad = Tree("S", [Tree("X", ["a"]), "b", "c"])  # b and c hang under S
    for golds, parses, side in (([bad], [good], "gold"), ([good], [bad], "test")):
        with pytest.raises(InputFormatError) as err:
            JpEvalbEvaluator(parses, golds).eval()
        assert err.value.message == (
            f"{side} tree: word 'b' (token 2) is not alone under a POS tag, so it has no "
            "(tag, word) pair to score"
        )
        assert err.value.token == "b"


def test_jp_evalb_tagging_compares_tags_and_words() -> None:
    """Tagging accuracy counts a word right only with its gold tag: "the cat" tagged DT NN
    against DT VB is 1 of 2. Both brackets, S(0,2) and NP(0,2), match. A survivor paired
    words alone, so a wrong tag counted as right."""
    ev = JpEvalbEvaluator([T("(S (NP (DT the) (VB cat)))")], [T("(S (NP (DT the) (NN cat)))")])
    assert jp_rows(ev) == [(1, 1, 2, 2, 2, 2, 1, 2)]


def test_jp_evalb_takes_its_options_object() -> None:
    """options=RunOptions(missing="zero") is the run's policy, as every evaluator takes it.
    Under zero the missing parse has nothing right: gold S, NP, VP (3), none matched, its
    3 words counted, no tag right. A survivor dropped the options object (so: skip)."""
    from nltk_tedeval.scoring.options import RunOptions

    gold = [T("(S (NP (DT the) (NN cat)) (VP (VBD sat)))")]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingParseWarning)
        ev = JpEvalbEvaluator([None], gold, options=RunOptions(missing="zero"))
        assert ev.missing_policy == "zero"
        assert jp_rows(ev) == [(1, 1, 0, 3, 0, 3, 0, 3)]


def test_jp_evalb_scores_a_systems_sentences_after_a_stand_in() -> None:
    """System a fails on "I left" and parses "You stayed"; system b joins both sentences,
    so one unit holds both gold sentences and a's stand-in comes first in it. Under zero
    the stand-in adds nothing, and a's own sentence still counts: gold S, NP, VP twice
    (6), a's 3 matched, 4 words, You/PRP and stayed/VBD right. A survivor stopped at the
    stand-in."""
    g1 = T("(S (NP (PRP I)) (VP (VBD left)))")
    g2 = T("(S (NP (PRP You)) (VP (VBD stayed)))")
    joined = Tree("S", [g1.copy(deep=True), g2.copy(deep=True)])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingParseWarning)
        a_ev, b_ev = JpEvalbEvaluator.evaluate_systems(
            [g1, g2], [[None, g2], [joined]], missing="zero", align=True
        )
        # length: the 4 gold positions of the unit.
        assert jp_rows(a_ev) == [(1, 1, 3, 6, 3, 4, 2, 4)]
        # b: all 6 gold brackets and its S over both: 6 of 7; every tag right.
        assert jp_rows(b_ev) == [(1, 1, 6, 6, 7, 4, 4, 4)]


def test_jp_evalb_rows_of_a_dropped_and_of_an_added_sentence() -> None:
    """Under lcs, system a drops the gold's second sentence and system b adds a third
    one. The unit of the dropped sentence is valid for a, with the gold's brackets and
    words unmatched; the unit of b's added sentence has no gold and no sentence of a:
    a's row there is all 0 (no sentence), b's is valid with its one bracket and no gold
    (SPEC.md §11). Survivors turned either unit into the all-0 row or the other way."""
    g1 = T("(S (NP (PRP I)) (VP (VBD left)))")
    g2 = T("(S (NP (PRP You)) (VP (VBD stayed)))")
    extra = T("(S (UH oh))")
    a_ev, b_ev = JpEvalbEvaluator.evaluate_systems([g1, g2], [[g1], [g1, g2, extra]], align="lcs")
    same = (1, 1, 3, 3, 3, 2, 2, 2)
    # Unit 2 for a: "You stayed" missed: 3 gold brackets, 2 words, length 2.
    # Unit 3 for a: nothing at all. For b: S(0,1) over "oh", no gold word.
    assert jp_rows(a_ev) == [same, (1, 1, 0, 3, 0, 2, 0, 2), (0,) * 8]
    assert jp_rows(b_ev) == [same, same, (1, 1, 0, 0, 1, 0, 0, 0)]


# -- the alignment layer ------------------------------------------------------------------


def test_a_missing_gold_sentence_under_alignment_is_named() -> None:
    """A missing parse makes the gold's next sentence the one it stands for; when that
    gold sentence is itself missing, the error names it (SPEC.md §11). A survivor lost
    the gold side on the way and crashed."""
    g = DependencyTree(("a",), (0,), ("root",))
    with pytest.raises(AlignmentError) as err:
        AttachmentEvaluator([g, None], [g, None], align=True, missing="zero").eval()
    assert str(err.value) == (
        "sentence 2: the gold has no tree here, and a gold sentence cannot be missing"
    )


def test_jp_evalb_goes_on_past_a_phrase_without_words() -> None:
    """A phrase with no word under it, such as ``(X)``, is never a constituent (nltk's
    height 1, as jp-evalb reads trees); the phrases after it still are: S, NP and VP, 3
    of 3, 2 words, 2 tags right. A survivor stopped at the empty phrase."""
    tree = T("(S (X) (NP (NN a)) (VP (VB go)))")
    assert jp_rows(JpEvalbEvaluator([tree], [tree])) == [(1, 1, 3, 3, 3, 2, 2, 2)]


def test_an_evaluators_normalization_reaches_the_alignment() -> None:
    """``normalization=`` decides which characters are the same text (SPEC.md §11): with
    case folded, gold "A b" and parse "a b" are one text, both heads right (the row of 2
    words, all 5 measures and both labeled columns 2); by default they differ. A survivor
    dropped the evaluator's normalization on the way to the aligned streams."""
    from nltk_tedeval import Normalization

    gold = [DependencyTree(("A", "b"), (0, 1), ("root", "x"))]
    parse = [DependencyTree(("a", "b"), (0, 1), ("root", "x"))]
    ev = AttachmentEvaluator(parse, gold, align=True, normalization=Normalization(casefold=True))
    assert pick(ev, *ALIGNED_ROW) == [[2] * 9]
    with pytest.raises(AlignmentError, match="the texts differ"):
        AttachmentEvaluator(parse, gold, align=True).eval()


def test_alignment_errors_name_every_corpus_by_its_role() -> None:
    """With another theory's gold (``other_golds``), an error where texts part names the
    corpus whose text differs: the parse as ``parsed_sents``, the other gold as
    ``other_golds[0]`` (SPEC.md §11). A survivor shifted the names by one corpus."""
    gold = [T("(S (NP a) (VP b))")]
    other = [DependencyTree(("a", "b"), (2, 0), ("nsubj", "root"))]
    odd_parse = [T("(S (NP a) (VP c))")]
    odd_other = [DependencyTree(("a", "c"), (2, 0), ("nsubj", "root"))]
    cases = ((odd_parse, other, "parsed_sents"), (gold, odd_other, "other_golds[0]"))
    for parse, others, name in cases:
        with pytest.raises(AlignmentError) as err:
            TedEvalEvaluator(parse, gold, other_golds=[others], align=True).eval()
        assert str(err.value).startswith(
            f"sentence 1: the texts differ: gold token 2 ('b') reads 'a|b', {name} token 2 "
            "('c') (sentence 1) reads 'a|c'"
        )


def test_the_aligned_counts_sum_every_units_sentences() -> None:
    """The alignment note counts each corpus's sentences over all units (SPEC.md §11):
    gold "a b" | "c", parse "a" | "b" | "c": 2 units, 2 gold and 3 parse sentences. A
    survivor kept only the last unit's count for the parse. The parse's words are the
    gold's, one by one, in both units (it split the sentence, not a word): no unit of
    other words."""
    gold = [
        DependencyTree(("a", "b"), (0, 1), ("root", "x")),
        DependencyTree(("c",), (0,), ("root",)),
    ]
    parse = [DependencyTree((w,), (0,), ("root",)) for w in "abc"]
    ev = AttachmentEvaluator(parse, gold, align=True)
    ev.eval()
    assert ev.aligned_counts == {
        "gold_sents": 2, "parsed_sents": 3, "units": 2, "other words parsed_sents": 0,
    }  # fmt: skip


# -- the fourth run, continued (2026-11-27, second session): unit.py, aligned_attachment.py


def test_aligned_attachment_without_relations_counts_heads_not_labels() -> None:
    """Relation-less files (nltk's three columns) aligned over units that differ: the row's
    head column counts right heads. Gold "He left ." (He <- left, left root, . <- left),
    parse "He left." (He root, "left." <- He): "He" is the only word with a partner; its
    head is wrong (root, not "left"), but the gold's head of "left" is the root, which is
    the parse's head of "He": NED credits it. "left." spans two gold words: no partner.
    A survivor counted equal labels (None = None: every word) as right heads."""
    gold = [DependencyGraph("He PRP 2\nleft VBD 0\n. . 2", top_relation_label="root")]
    parse = [DependencyGraph("He PRP 0\nleft. VBD 1", top_relation_label="root")]
    ev = AttachmentEvaluator(parse, gold, align=True)
    # gold_tokens, parse_tokens, head, label, head_label, undirected, ned, labeled x2
    assert pick(ev, *ALIGNED_ROW) == [[3, 2, 0, 0, 0, 0, 1, 0, 0]]


def test_an_aligned_unit_names_each_records_own_sentence_number() -> None:
    """Records passed from the middle of a file keep their file's numbers in messages:
    the second sentence of the gold file is "sentence 2" though it is the stream's first.
    A survivor numbered sentences by their place in the stream."""
    gold = list(read_text("(S (A a) (B b))\n(S (C c) (D d))\n", "ptb", one_per_line=True))
    parse = list(read_text("(S (C c) (D d))\n", "ptb", one_per_line=True))
    (unit,) = align_units(gold[1:], parse, words=lambda r: tuple(r.tree.leaves()))
    assert unit.describe(["gold", "parse"]) == (
        "unit 1 (gold sentence 2, <string> line 2; parse sentence 1, <string> line 1)"
    )
    assert unit.gold[0].source["sentence"] == 2


@pytest.mark.parametrize(
    ("gold", "parse", "gold_runs", "parse_runs"),
    [
        # two gold words the parse lacks, next to each other: one run
        ([["a", "b", "c", "d"]], [["a", "d"]], [(1, 3)], []),
        # a run across a gold sentence boundary: "b" ends the first, "cc" starts the second
        ([["aa", "b"], ["cc", "dd"]], [["aa", "dd"]], [(1, 3)], []),
        # a one-character word at the very end of the unit
        ([["The", "dog", "."]], [["The", "dog"]], [(2, 3)], []),
        # words only the parse has, at the end and in the middle
        ([["a", "b"]], [["a", "b", "xy"]], [], [(2, 3)]),
        ([["ab", "cd"]], [["ab", "X", "cd"]], [], [(1, 2)]),
        ([["a", "bb", "c"], ["d"]], [["a", "c", "d"]], [(1, 2)], []),
        # three gold sentences in one unit: "b" is token 1, "d" token 3 of the unit
        ([["a"], ["b"], ["c", "d"]], [["a", "c"]], [(1, 2), (3, 4)], []),
    ],
)
def test_unmatched_tokens_are_runs_over_a_sides_tokens(
    gold: list, parse: list, gold_runs: list, parse_runs: list
) -> None:
    """What the HTML report marks under ``--align lcs`` (SPEC.md §11): runs ``[s, e)`` of
    token offsets over all of a side's tokens in the unit, worked out by hand; and the
    position of the unit's last character is its last position (a token of no width at
    the end joins it). Survivors sized the coverage one short, merged no runs, restarted
    the offsets at each sentence, and let the last position run past the end."""
    units = list(align_units(gold, parse, mode="lcs"))
    got_gold, got_parse = [], []
    for unit in units:
        got_gold += unmatched_tokens(unit.gold, unit.test, unit.length)
        got_parse += unmatched_tokens(unit.test, unit.gold, unit.length)
        assert unit.position(unit.length) == unit.n_positions - 1
    assert (got_gold, got_parse) == (gold_runs, parse_runs)


def test_normalization_drops_all_white_space_or_only_space_separators() -> None:
    """``whitespace="all"`` drops every character ``str.isspace`` accepts (tab, line
    separator U+2028, no-break space U+00A0, space); ``"Zs"`` (the CoNLL 2018 script's)
    only the space separators, U+00A0 and the space (SPEC.md §11). A token as a Python
    object may hold any of them. Survivors took the Zs branch for "all", or looked for
    white space only in printable text."""
    token = "a\tb\u2028c\u00a0d e"
    assert Normalization()(token) == "abcde"
    assert Normalization()("x\ty") == "xy"
    assert Normalization(whitespace="Zs")(token) == "a\tb\u2028cde"
    # A token of space separators only has no characters left (an error where it is
    # placed); one more survivor kept it whole.
    assert Normalization(whitespace="Zs")("\u00a0 \u3000") == ""
    # Anything else is refused by name (a survivor raised the error without its message).
    with pytest.raises(OptionError, match=r"^whitespace must be 'all' or 'Zs', not 'tabs'$"):
        Normalization(whitespace="tabs")


def test_a_difference_at_the_first_character_of_a_later_unit_is_found() -> None:
    """After a unit closes, the next unit's characters are compared from its first one:
    "a" | "bc" against "a" | "xc" differ at the second unit's first character. A survivor
    started comparing one character in and accepted the parse."""
    with pytest.raises(AlignmentError) as err:
        list(align_units([["a"], ["bc"]], [["a"], ["xc"]]))
    assert str(err.value).startswith(
        "sentence 2: the texts differ: gold token 1 ('bc') reads 'a|bc', parse token 1 "
        "('xc') (sentence 2) reads 'a|xc'"
    )


def test_a_gold_aligned_alone_is_a_unit_per_sentence_and_a_bad_mode_is_refused() -> None:
    """``align_units`` of one corpus (no parse) gives each sentence its own unit; survivors
    zipped its roles strictly (two roles, one corpus) and took a unit's text from a second
    side it does not have. An unknown mode is refused by name."""
    units = list(align_units([["a"], ["bc"]]))
    assert [(u.number, u.text, [s.tokens for s in u.gold]) for u in units] == [
        (1, "a", [("a",)]),
        (2, "bc", [("bc",)]),
    ]
    with pytest.raises(OptionError, match=r"^mode must be 'exact' or 'lcs', not 'fuzzy'$"):
        list(align_units([["a"]], [["a"]], mode="fuzzy"))


def test_sentences_without_characters_after_the_last_unit_are_a_unit_of_their_own() -> None:
    """Empty sentences at the end of every side (a parser's empty last line, given as a
    sentence of no tokens) close the run as one more unit: numbered after the last, with
    the sentences of every side, no characters. Survivors numbered it 1, 0 or 3, or left
    out its number, sentences or length."""
    units = list(align_units([["a"], []], [["a"], []]))
    last = units[-1]
    assert [u.number for u in units] == [1, 2]
    assert (last.length, [[s.tokens for s in side] for side in last.sides]) == (0, [[()], [()]])
