"""Tests written to kill the mutants that survived the mutation run (docs/mutation.md).

Each test names, in its docstring, the behaviour the surviving mutants got
wrong; every expected value is worked out by hand in the comments (from
SPEC.md, the module's documented contract, or a second computation written
here), never copied from the code's output.
"""

from __future__ import annotations

import itertools
import math
import pickle
import warnings
from pathlib import Path

import numpy as np
import pytest

from nltk_tedeval import Measure, Score, Signature, StatsTable, paired_randomization
from nltk_tedeval.errors import MissingParseWarning, NonTreeParseWarning, OptionError
from nltk_tedeval.reading.evalb_params import EvalbParams
from nltk_tedeval.scoring.stats import TEDEVAL, accuracy

from .columns import ATTACHMENT_ROW, entries, pick, totals

# -- stats ---------------------------------------------------------------------------------


def test_score_as_dict_and_printed_forms() -> None:
    """Every key of ``Score.as_dict`` and both printed forms, micro and macro."""
    sig = Signature(metric="attachment")
    micro = Score(0.75, name="LAS", totals={"correct": 3, "total": 4}, sentences=2, signature=sig)
    assert micro.as_dict() == {
        "name": "LAS",
        "value": 0.75,
        "reason": None,
        "average": "micro",
        "sentences": 2,
        "undefined": 0,
        "totals": {"correct": 3, "total": 4},
        "signature": "metric:attachment|version:0.1.0",
    }
    macro = Score(0.5, name="UAS", sentences=1, signature=sig, average="macro")
    # No totals: the parenthesis holds only the count; a macro score says so.
    assert str(macro) == "UAS = 0.5000 (1 sentence, macro) metric:attachment|version:0.1.0"
    assert str(micro) == (
        "LAS = 0.7500 (correct=3 total=4, 2 sentences) metric:attachment|version:0.1.0"
    )
    # Undefined: the reason follows n/a; a macro says what it left out.
    na = Score(float("nan"), name="LAS", sentences=2, signature=sig, reason="no token scored")
    assert na.as_dict()["value"] is None and na.as_dict()["reason"] == "no token scored"
    assert str(na) == "LAS = n/a (no token scored) (2 sentences) metric:attachment|version:0.1.0"
    assert Score(float("nan"), name="X", sentences=0, signature=sig).reason == "no sentence"
    assert Score(float("nan"), name="X", sentences=3, signature=sig).reason == (
        "nothing to compare"
    )
    assert Score(0.5, name="X", sentences=3, signature=sig, reason="ignored").reason is None
    left = Score(0.5, name="UAS", sentences=3, signature=sig, average="macro", undefined=2)
    assert str(left) == (
        "UAS = 0.5000 (3 sentences, macro leaving out 2 with nothing to compare) "
        "metric:attachment|version:0.1.0"
    )


def test_score_survives_pickling_with_all_it_knows() -> None:
    """``Score.__reduce__``: what the worker processes of ``jobs=`` send back."""
    sig = Signature(metric="tedeval", ref="single", keys={"ref": "the reference"})
    score = Score(
        0.25,
        name="TEDEVAL",
        totals={"delta": 3, "iota": 4},
        sentences=5,
        signature=sig,
        average="macro",
    )
    back = pickle.loads(pickle.dumps(score))
    assert type(back) is Score and float(back) == 0.25
    na = Score(float("nan"), name="T", sentences=4, undefined=4, reason="why", signature=sig)
    na_back = pickle.loads(pickle.dumps(na))
    assert (na_back.undefined, na_back.reason) == (4, "why")
    assert (back.name, back.signature, back.sentences, back.totals, back.average) == (
        "TEDEVAL",
        sig,
        5,
        {"delta": 3, "iota": 4},
        "macro",
    )


def test_signature_equality_and_repr() -> None:
    """Two signatures are equal only when every field is; the repr shows the string form."""
    assert Signature(metric="a") != Signature(metric="b")
    assert Signature(metric="a") == Signature(metric="a")
    assert Signature(metric="a") != "metric:a|version:0.1.0"
    assert repr(Signature(metric="a")) == "Signature('metric:a|version:0.1.0')"


def test_macro_of_only_undefined_sentences_is_nan_without_a_warning() -> None:
    """Every sentence undefined (total 0): the macro average is NaN, and numpy is not
    asked for the mean of nothing (which would warn "Mean of empty slice")."""
    table = StatsTable(("correct", "total"), [(0, 0), (0, 0)])
    acc = Measure("ACC", ("correct", "total"), accuracy)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert math.isnan(table.macro(acc))


def test_statistics_are_read_only_integers_even_for_an_empty_table() -> None:
    """A table holds int64 counts, also with no rows (so an empty corpus reports the
    integer 0 in JSON, not 0.0), and its array cannot be written to."""
    empty = StatsTable(("correct", "total"), [])
    assert empty.array.dtype == np.int64 and empty.array.shape == (0, 2)
    totals = empty.totals(("correct", "total")).tolist()
    assert totals == [0, 0] and all(type(v) is int for v in totals)
    table = StatsTable(("correct", "total"), [(1, 2)])
    with pytest.raises(ValueError):
        table.array[0, 0] = 5


def test_signature_version_is_always_the_packages_and_last() -> None:
    """A ``version`` field given by the caller is replaced by the package's, placed last."""
    assert str(Signature(version="9.9", metric="x")) == "metric:x|version:0.1.0"
    assert str(Signature({"version": "9.9"}, metric="x")) == "metric:x|version:0.1.0"


# -- significance ----------------------------------------------------------------------------


def _delta_iota(rows: list[tuple[int, int]]) -> StatsTable:
    return StatsTable(("delta", "iota"), rows)


def _exact_p(a_rows: list[tuple[int, int]], b_rows: list[tuple[int, int]]) -> float:
    """The exact permutation p-value: every one of the 2^n swap patterns, by enumeration."""
    a, b = np.array(a_rows), np.array(b_rows)
    observed = abs(float(TEDEVAL(a.sum(0))) - float(TEDEVAL(b.sum(0))))
    patterns = list(itertools.product((0, 1), repeat=len(a)))
    hits = 0
    for swap in patterns:
        s = np.array(swap)[:, None]
        new_a, new_b = np.where(s, b, a).sum(0), np.where(s, a, b).sum(0)
        hits += abs(float(TEDEVAL(new_a)) - float(TEDEVAL(new_b))) >= observed - 1e-12
    return hits / len(patterns)


def test_significance_swaps_sentences_that_differ_in_every_column() -> None:
    """B is worse than A on every sentence in both δ and ι (no zero in any difference,
    and four differences are exactly (1, 1)): every one of those sentences must be swapped.

    Only two of the 2^8 = 256 swap patterns (none, and all) reach the observed
    difference, so the exact p-value is 2/256; 20,000 rounds land within five
    standard errors of it (se = sqrt(p(1-p)/20000) ≈ 0.0006).
    """
    a = [(0, 10), (1, 10), (0, 8), (2, 12), (1, 9), (0, 10), (3, 11), (1, 7)]
    b = [(2, 12), (2, 11), (1, 9), (4, 13), (3, 11), (1, 11), (5, 12), (2, 8)]
    exact = _exact_p(a, b)
    assert exact == 2 / 256
    result = paired_randomization(_delta_iota(a), _delta_iota(b), TEDEVAL, rounds=20000)
    se = math.sqrt(exact * (1 - exact) / 20000)
    assert abs(result.p_value - exact) < 5 * se


def test_significance_result_as_dict_records_rounds_and_seed() -> None:
    """Identical systems: no sentence differs, every round ties, p = (R+1)/(R+1) = 1.

    Scores: δ/ι = 2/20 on each side, so both are 1 − 0.1 = 0.9.
    """
    a = _delta_iota([(1, 10), (1, 10)])
    result = paired_randomization(a, a, TEDEVAL, rounds=9, seed=3)
    assert (result.rounds, result.seed) == (9, 3)
    assert result.as_dict() == {
        "measure": "TEDEVAL",
        "score_a": 0.9,
        "score_b": 0.9,
        "difference": 0.0,
        "p_value": 1.0,
        "rounds": 9,
        "seed": 3,
        "sentences": 2,
    }


def test_significance_smallest_legal_rounds_and_seed() -> None:
    """``rounds=1`` and ``seed=0`` are legal (at least 1; non-negative): p = (1+1)/(1+1)."""
    a = _delta_iota([(1, 10)])
    assert paired_randomization(a, a, TEDEVAL, rounds=1, seed=0).p_value == 1.0


@pytest.mark.parametrize("option", [{"rounds": 2.5}, {"seed": 1.5}, {"seed": "7"}])
def test_significance_refuses_options_that_are_not_integers(option: dict) -> None:
    a = _delta_iota([(1, 10)])
    with pytest.raises(OptionError):
        paired_randomization(a, a, TEDEVAL, **option)


def test_significance_last_block_stops_at_the_rounds_asked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Blocks of 7 rounds over 20 rounds: 7 + 7 + 6, never 21.

    The systems differ on both sentences but tie overall (A wins one, B the
    other), so the observed difference is 0 and every round reaches it:
    c = R and p = (R + 1) / (R + 1) = 1 exactly; a 21st round would give 22/21.
    """
    import nltk_tedeval.scoring.significance as sig

    monkeypatch.setattr(sig, "_BLOCK_CELLS", 7 * 2)
    a = _delta_iota([(0, 10), (5, 10)])
    b = _delta_iota([(5, 10), (0, 10)])
    assert paired_randomization(a, b, TEDEVAL, rounds=20).p_value == 1.0


def test_coin_flips_are_the_bits_of_one_64_bit_word_per_row() -> None:
    """``_coin_flips``: a round over 64 sentences takes exactly one 64-bit output of
    the bit generator, and its flips are that word's bits (so a row holds as many
    ones as the word has set bits)."""
    from nltk_tedeval.scoring.significance import _coin_flips

    flips = _coin_flips(np.random.default_rng(5), 3, 64)
    words = np.random.default_rng(5).bit_generator.random_raw(3)
    assert flips.shape == (3, 64) and flips.dtype == np.float64
    assert set(np.unique(flips)) <= {0.0, 1.0}
    assert [int(row.sum()) for row in flips] == [bin(int(w)).count("1") for w in words]
    # and nothing more was drawn: the next output is the fourth word
    rng = np.random.default_rng(5)
    _coin_flips(rng, 3, 64)
    assert rng.bit_generator.random_raw() == np.random.default_rng(5).bit_generator.random_raw(4)[3]


# -- EVALB parameter files -------------------------------------------------------------------


def _prm(text: str) -> EvalbParams:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # none of these lines is worth a warning
        return EvalbParams.from_text(text)


def test_prm_comment_line_is_ignored_silently() -> None:
    # "#" starts a comment (EVALB's README §6); read as a keyword it would warn.
    assert _prm("# DELETE_LABEL X\nLABELED 0\n").labeled is False


def test_prm_three_character_line_is_read() -> None:
    """Only lines shorter than three characters are skipped: "AB 1" is read (an
    unknown keyword: a warning); "AB" is skipped without one."""
    with pytest.warns(UserWarning, match="unknown keyword 'AB'"):
        EvalbParams.from_text("AB 1\n")
    with pytest.warns(UserWarning, match="unknown keyword 'A'"):
        EvalbParams.from_text("A 1\n")
    assert _prm("AB\n") == EvalbParams.evalb_defaults()


def test_prm_line_starting_with_a_blank_is_an_unknown_keyword() -> None:
    """The keyword ends at the first blank, so " LABELED 0" has an empty keyword: EVALB
    complains and goes on (a warning), it is not a keyword without a value (an error)."""
    with pytest.warns(UserWarning, match="unknown keyword"):
        params = EvalbParams.from_text(" LABELED 0\n")
    assert params.labeled is True


def test_prm_values_keep_blanks_that_c_does_not_call_blanks() -> None:
    """A no-break space is no C blank (isspace in the "C" locale), so it is part of the
    label; and atoi() stops at it, reading no digit."""
    assert _prm("DELETE_LABEL \u00a0X\n").delete_labels == ("\u00a0X",)
    with pytest.raises(OptionError):
        EvalbParams.from_text("CUTOFF_LEN \u00a010\n")


def test_prm_integers_are_read_as_atoi_reads_them() -> None:
    """atoi(): an optional sign, then the leading digits; the rest is ignored."""
    assert _prm("CUTOFF_LEN +5\n").cutoff_len == 5
    assert _prm("DEBUG -3\n").debug == -3
    assert _prm("CUTOFF_LEN 5X\n").cutoff_len == 5
    assert _prm("CUTOFF_LEN 12X\n").cutoff_len == 12


def test_prm_bad_pair_skips_only_its_own_line() -> None:
    """EQ_LABEL with one value is ignored with a warning; the next line still counts."""
    with pytest.warns(UserWarning, match="EQ_LABEL requires two values"):
        params = EvalbParams.from_text("EQ_LABEL A\nLABELED 0\n")
    assert params.labeled is False and params.eq_labels == ()


def test_prm_warnings_point_outside_the_library() -> None:
    """``stacklevel``: the warning names the caller's file, not evalb_params.py."""
    for text in ("EQ_LABEL A\n", "BOGUS 1\n"):
        with pytest.warns(UserWarning) as record:
            EvalbParams.from_text(text)
        assert Path(record[0].filename).name != "evalb_params.py"


@pytest.mark.parametrize(
    ("text", "line", "token", "message"),
    [
        # a keyword without a value
        ("LABELED 0\nCUTOFF_LEN\n", 2, "CUTOFF_LEN", "keyword 'CUTOFF_LEN' has no value"),
        # atoi() would read no digit
        ("DEBUG 0\nDEBUG 1\nLABELED yes\n", 3, "yes", "LABELED needs an integer, got 'yes'"),
    ],
)
def test_prm_errors_say_where(text: str, line: int, token: str, message: str) -> None:
    """An OptionError of a parameter file carries its file, line and token, and prints
    as ``file:line: what``, the location once (it used to be in the message too,
    so that the command line said ``my.prm:2: my.prm:2:``; issue 26, item 15)."""
    with pytest.raises(OptionError) as info:
        EvalbParams.from_text(text, source="my.prm")
    err = info.value
    assert (err.file, err.line, err.token) == ("my.prm", line, token)
    assert str(err) == f"my.prm:{line}: {message}"
    with pytest.raises(OptionError) as info:
        EvalbParams.from_text(text)
    assert str(info.value) == f"line {line}: {message}"


def test_prm_warnings_say_where_and_why() -> None:
    with pytest.warns(UserWarning) as record:
        EvalbParams.from_text("EQ_LABEL A\nBOGUS 1\n", source="my.prm")
    assert [str(w.message) for w in record] == [
        "my.prm:1: EQ_LABEL requires two values, got 'A'; line ignored (as EVALB does)",
        "my.prm:2: unknown keyword 'BOGUS' in parameter file; line ignored (as EVALB does)",
    ]


# -- head rules ------------------------------------------------------------------------------


def test_instruction_keeps_its_categories_as_a_tuple() -> None:
    """Instructions are frozen and hashable, so a list of categories becomes a tuple."""
    from nltk_tedeval.trees.headrules import Instruction

    ins = Instruction("left", ["NP", "S"])
    assert ins.categories == ("NP", "S") and isinstance(ins.categories, tuple)
    assert hash(ins) == hash(Instruction("left", ("NP", "S")))


def test_head_rules_lines_after_a_coordination_directive_still_count() -> None:
    from nltk_tedeval.trees.headrules import HeadRules, Instruction

    rules = HeadRules.from_text("!coordination CC\nNP right NN\n")
    assert rules.coordination == frozenset({"CC"})
    assert rules.instructions("NP") == (Instruction("right", ("NN",)),)


def test_head_rules_instructions_strip_function_tags_and_fall_back_to_the_default() -> None:
    """``instructions``: NP-SBJ-1 is looked up as NP; an unlisted label gets the "*" line,
    and with no "*" line the leftmost child (``left`` with no categories)."""
    from nltk_tedeval.trees.headrules import HeadRules, Instruction

    rules = HeadRules({"NP": ("right", "NN"), "*": ("right", ())})
    assert rules.instructions("NP-SBJ-1") == (Instruction("right", ("NN",)),)
    assert rules.instructions("VP") == (Instruction("right"),)
    assert HeadRules({"NP": ("right", "NN")}).instructions("VP") == (Instruction("left"),)


def test_head_rules_equality_compares_the_tables() -> None:
    from nltk_tedeval.trees.headrules import HeadRules

    assert HeadRules({"NP": ("right", "NN")}) != HeadRules({"NP": ("left", "NN")})
    assert HeadRules({"NP": ("right", "NN")}) == HeadRules.from_text("NP right NN\n")
    assert HeadRules({"NP": ("right", "NN")}) != "NP right NN\n"


_DIRS = "left, right, left-any, right-any"


@pytest.mark.parametrize(
    ("text", "line", "token", "message"),
    [
        (
            "NP right NN\n!coord CC\n",
            2,
            "!coord",
            "unknown head-rule directive '!coord'; the only one is !coordination",
        ),
        (
            "NP right NN\n\nVP\n",
            3,
            "VP",
            "head-rule line 'VP' has no direction; write 'LABEL DIRECTION [CATEGORY ...]' "
            f"with DIRECTION one of {_DIRS}",
        ),
        (
            "# comment\nPP upward IN\n",
            2,
            "upward",
            f"unknown head-rule direction 'upward' for PP; use one of {_DIRS}",
        ),
    ],
)
def test_head_rule_file_errors_name_line_and_token(
    text: str, line: int, token: str, message: str
) -> None:
    from nltk_tedeval.errors import InputFormatError
    from nltk_tedeval.trees.headrules import HeadRules

    with pytest.raises(InputFormatError) as info:
        HeadRules.from_text(text)
    assert (info.value.line, info.value.token, info.value.message) == (line, token, message)


def test_head_rule_option_errors() -> None:
    from nltk_tedeval.errors import TreeStructureError
    from nltk_tedeval.trees.headrules import HeadRules, Instruction

    cases = [
        (lambda: Instruction("up"), f"unknown head-rule direction 'up'; use one of {_DIRS}"),
        (
            lambda: HeadRules({"NP": [5]}),
            "a head-rule instruction is a (direction, categories) pair, not 5",
        ),
        (lambda: HeadRules({"NP": []}), "head rule for 'NP' has no instructions"),
    ]
    for make, message in cases:
        with pytest.raises(OptionError) as info:
            make()
        assert info.value.message == message
    with pytest.raises(TreeStructureError) as info:
        HeadRules({}).head_child("NP", [])
    assert info.value.message == "a constituent without children has no head child"


# -- operations ------------------------------------------------------------------------------


def test_unify_refuses_crossing_spans_and_names_them() -> None:
    """``a ⊔ b`` fails when two spans cross (SPEC.md §4): (0,2) over "a b" and (1,3)
    over "b c" share "b" and neither contains the other."""
    from nltk_tedeval.errors import UnificationError
    from nltk_tedeval.trees.mft import MultiFunctionTree
    from nltk_tedeval.trees.operations import unify

    a = MultiFunctionTree({(0, 3): set(), (0, 2): {"X"}}, ("a", "b", "c"))
    b = MultiFunctionTree({(0, 3): set(), (1, 3): {"Y"}}, ("a", "b", "c"))
    with pytest.raises(UnificationError) as info:
        unify(a, b)
    # the spans in the order of the table (pre-order: the one starting first), with
    # the words under each
    assert info.value.token == "(0,2) x (1,3)"
    assert info.value.message == "cannot unify: span (0,2) ('a b') crosses span (1,3) ('b c')"


def test_operations_keep_the_first_trees_words() -> None:
    """Trees whose yields differ only by Penn Treebank escapes can be combined; like
    ``generalize`` and ``tl_unify``, ``unify`` keeps the first tree's words, and its
    error message quotes them."""
    from nltk_tedeval.errors import UnificationError
    from nltk_tedeval.trees.mft import MultiFunctionTree
    from nltk_tedeval.trees.operations import generalize, unify

    ptb = MultiFunctionTree({(0, 2): {"S"}}, ("-LRB-", "x"))
    plain = MultiFunctionTree({(0, 2): {"root"}, (0, 1): {"hd"}}, ("(", "x"))
    assert unify(ptb, plain).words == ("-LRB-", "x")
    assert generalize(ptb, plain).words == ("-LRB-", "x")
    crossing = MultiFunctionTree({(0, 3): set(), (0, 2): set()}, ("-LRB-", "x", "y"))
    other = MultiFunctionTree({(0, 3): set(), (1, 3): set()}, ("(", "x", "y"))
    with pytest.raises(UnificationError, match="'-LRB- x'"):
        unify(crossing, other)


def test_relabel_accepts_a_function() -> None:
    """``relabel`` with a callable: each label goes through it; ``None`` drops the label."""
    from nltk_tedeval.trees.mft import MultiFunctionTree
    from nltk_tedeval.trees.operations import relabel

    t = MultiFunctionTree({(0, 2): {"SUB", "X"}, (0, 1): {"hd"}}, 2)
    out = relabel(t, lambda label: None if label == "X" else label.lower())
    assert out.labels((0, 2)) == {"sub"} and out.labels((0, 1)) == {"hd"}


# -- protocol --------------------------------------------------------------------------------


def test_protocol_config_build_names_and_options() -> None:
    """``ProtocolConfig.build``: one gold is "gold", several "gold 1", "gold 2"...; the
    same for parses; converters may be given; other options go through."""
    from nltk_tedeval.protocol import ProtocolConfig
    from nltk_tedeval.trees.convert import Converter

    one = ProtocolConfig.build(theories=1, parses=[0])
    assert (one.theory_names, one.parse_names) == (("gold",), ("parse",))
    two = ProtocolConfig.build(theories=2, parses=[0, 1])
    assert (two.theory_names, two.parse_names) == (("gold 1", "gold 2"), ("parse 1", "parse 2"))
    convs = (Converter(), Converter())
    given = ProtocolConfig.build(theories=convs, parses=[1], engine="apted", overlaps=True)
    assert given.converters == convs and given.parse_theories == (1,)
    assert (given.engine, given.overlaps) == ("apted", True)


def test_protocol_scorer_scores_each_sentence_on_its_own() -> None:
    """``ProtocolScorer.score`` (what each worker of ``jobs > 1`` runs) scores one
    sentence from its own golds and parses, so a batch is the scorer on each.

    The PTB labeler keeps function tags only, so gold (S (NP-SBJ a) (VP b)) has
    the labelled item SBJ(0,1) and the unlabelled items (0,1), (1,2) (the full
    span is never counted). Sentence 7 parses it right: δ_L = 0, ι_L = 1 + 1,
    δ_U = 0, ι_U = 2 + 2. Sentence 8 tags NP as TMP: delete SBJ(0,1), add
    TMP(0,1), neither shared, so δ_L = 2; the brackets are right, δ_U = 0.
    """
    from nltk import Tree

    from nltk_tedeval.protocol import ProtocolConfig
    from nltk_tedeval.protocol.sentence import ProtocolScorer
    from nltk_tedeval.scoring.loop import Sentence

    config = ProtocolConfig.build(theories=1, parses=[0])
    gold = Tree.fromstring("(S (NP-SBJ a) (VP b))")
    wrong = Tree.fromstring("(S (NP-TMP a) (VP b))")
    scorer = ProtocolScorer(config)
    out = [
        scorer.score(Sentence(n, None, (gold,), (parse,), (False,), ({}, {})))
        for n, parse in ((7, gold), (8, wrong))
    ]
    assert out == [([(0, 2, 0, 4)], (0, 0)), ([(2, 2, 0, 4)], (0, 0))]


def test_function_node_repr_names_its_kind() -> None:
    from nltk_tedeval.protocol.engine_apted import _FUNC, _ROOT, _TERM, FunctionNode

    assert repr(FunctionNode(_ROOT, "", (0, 2))) == "FunctionNode(root, '', (0, 2))"
    assert repr(FunctionNode(_FUNC, "SBJ", (0, 1))) == "FunctionNode(func, 'SBJ', (0, 1))"
    assert repr(FunctionNode(_TERM, "a", (0, 1))) == "FunctionNode(term, 'a', (0, 1))"


# -- TedEval evaluators ----------------------------------------------------------------------

# SPEC.md §3.3 and §5, "arrive on Sunday": gold1 (heads 0 1 2, root prep pobj),
# gold2 (heads 0 3 1, root case tmod) and the parse p (heads 0 1 1).
_GOLD1 = "arrive VB 0 ROOT\non IN 1 prep\nSunday NNP 2 pobj"
_GOLD2 = "arrive VB 0 ROOT\non IN 3 case\nSunday NNP 1 tmod"
_PARSE = "arrive VB 0 ROOT\non IN 1 prep\nSunday NNP 1 pobj"
# Default converter options, in the order Converter.signature_fields gives them.
_CONV = "labeler:ptb|hd:hd|subtypes:keep|proj:native|map:no"


def _score_dict(delta: int, iota: int, mode: str, sig: str, avg: str) -> dict:
    """A Score.as_dict of one sentence with these δ and ι (score 1 − δ/ι)."""
    return {
        "name": f"TEDEVAL {mode}",
        "value": 1 - delta / iota,
        "reason": None,
        "average": avg,
        "sentences": 1,
        "undefined": 0,
        "totals": {f"delta_{mode}": delta, f"iota_{mode}": iota},
        "signature": f"{sig}|avg:{avg}|version:0.1.0",
    }


def _block(lab: tuple[int, int], unl: tuple[int, int], sig: str) -> dict:
    """One scenario of one experiment with macro scores: one sentence, so macro = micro."""
    return {
        "labeled": _score_dict(*lab, "labeled", sig, "micro"),
        "unlabeled": _score_dict(*unl, "unlabeled", sig, "micro"),
        "sentences": 1,
        "skipped": [],
        "signature": f"{sig}|avg:micro|version:0.1.0",
        "macro": {
            "labeled": _score_dict(*lab, "labeled", sig, "macro"),
            "unlabeled": _score_dict(*unl, "unlabeled", sig, "macro"),
        },
    }


def test_cross_framework_as_dict_by_hand() -> None:
    """The whole JSON report of a two-theory experiment, from SPEC.md §5's worked table.

    A parses with p against gold1; B "parses" with gold2 itself. δ/ι:
    A SINGLE 3/9 and 1/7 (p against gold1); A MULTIPLE 1/6 and 1/7; B SINGLE
    0/10 and 0/8 (a gold against itself: 5 labelled items and 4 spans on each
    side); B MULTIPLE 0/7 and 0/8 ("gold2 as parse, MULTIPLE"); the overlap of
    the golds 6/10 and 0/8. One sentence, so each macro score is the micro one.
    The systems differ on the one sentence in every scenario and mode, so every
    shuffle reaches the observed difference: p = (3 + 1) / (3 + 1) = 1.
    """
    from nltk.parse import DependencyGraph as G

    from nltk_tedeval import CrossFrameworkEvaluator

    # B first: the report is keyed by sorted names whatever the order given
    cross = CrossFrameworkEvaluator(
        [("B", [G(_GOLD2)], [G(_GOLD2)]), ("A", [G(_PARSE)], [G(_GOLD1)])]
    )
    single = f"metric:tedeval|ref:single|{_CONV}|tl:no|engine:span|missing:skip"
    multiple = f"metric:tedeval|ref:multiple(2)|{_CONV}|tl:no|engine:span|missing:skip"
    overlap_sig = "metric:tedeval|ref:overlap|engine:span|missing:skip"
    sigs = {"single": single, "multiple": multiple}
    scores = {
        ("A", "single"): ((3, 9), (1, 7)),
        ("A", "multiple"): ((1, 6), (1, 7)),
        ("B", "single"): ((0, 10), (0, 8)),
        ("B", "multiple"): ((0, 7), (0, 8)),
    }
    significance = []
    for scenario in ("single", "multiple"):
        for k, mode in enumerate(("labeled", "unlabeled")):
            (da, ia), (db, ib) = scores[("A", scenario)][k], scores[("B", scenario)][k]
            significance.append(
                {
                    "scenario": scenario,
                    "mode": mode,
                    "a": "A",
                    "b": "B",
                    "measure": f"TEDEVAL {mode}",
                    "score_a": 1 - da / ia,
                    "score_b": 1 - db / ib,
                    "difference": (1 - da / ia) - (1 - db / ib),
                    "p_value": 1.0,
                    "rounds": 3,
                    "seed": 5,
                    "sentences": 1,
                }
            )
    expected = {
        "experiments": {
            name: {
                scenario: _block(*scores[(name, scenario)], sigs[scenario])
                for scenario in ("single", "multiple")
            }
            for name in ("A", "B")
        },
        "overlap": {
            "A vs B": {
                "labeled": _score_dict(6, 10, "labeled", overlap_sig, "micro"),
                "unlabeled": _score_dict(0, 8, "unlabeled", overlap_sig, "micro"),
            }
        },
        "counts": {"read": 1, "scored": 1, "missing": 0, "skipped": 0},
        "skipped": [],
        "missing": [],
        "significance": significance,
    }
    got = cross.as_dict(significance_rounds=3, seed=5, macro=True)
    assert got == expected


def test_cross_framework_signature_names_tl_unification_and_engine() -> None:
    """A theory enriched by TL-unification says with which; the engine is the one asked for."""
    from nltk.parse import DependencyGraph as G

    from nltk_tedeval import CrossFrameworkEvaluator

    cross = CrossFrameworkEvaluator(
        [("A", [G(_PARSE)], [G(_GOLD1)]), ("B", [G(_GOLD2)], [G(_GOLD2)])],
        tl_unify={"A": "B"},
        engine="apted",
    )
    assert str(cross.signature("single", "A")) == (
        f"metric:tedeval|ref:single|{_CONV}|tl:B|engine:apted|missing:skip|version:0.1.0"
    )
    assert str(cross.signature("multiple", "B")) == (
        f"metric:tedeval|ref:multiple(2)|{_CONV}|tl:no|engine:apted|missing:skip|version:0.1.0"
    )
    assert str(cross.signature("multiple")) == (
        "metric:tedeval|ref:multiple(2)|engine:apted|missing:skip|version:0.1.0"
    )
    assert str(cross.overlap("A", "B")[0].signature) == (
        "metric:tedeval|ref:overlap|engine:apted|missing:skip|avg:micro|version:0.1.0"
    )


def test_cross_framework_shows_no_progress_bar_unless_asked(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``progress=False`` (the default) means no bar even when stderr is a terminal."""
    import sys

    from nltk.parse import DependencyGraph as G

    from nltk_tedeval import CrossFrameworkEvaluator

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    cross = CrossFrameworkEvaluator(
        [("A", [G(_PARSE)], [G(_GOLD1)]), ("B", [G(_GOLD2)], [G(_GOLD2)])]
    )
    cross.single("A")
    assert capsys.readouterr().err == ""


def test_evaluate_systems_names_and_keeps_each_system() -> None:
    """``evaluate_systems``: systems are "system 1", "system 2"... (they name the sources,
    as in ``projectivized``) and each evaluator keeps its own parses."""
    from nltk_tedeval import TedEvalEvaluator
    from nltk_tedeval.trees.dependency import DependencyTree as D

    w = ("arrive", "on", "Sunday")
    gold = D(w, (0, 1, 2), ("root", "prep", "pobj"))
    parse = D(w, (0, 1, 1), ("root", "prep", "pobj"))
    first, second = TedEvalEvaluator.evaluate_systems([gold], [[gold], [parse]])
    assert second.parsed_sents == [parse] and first.parsed_sents == [gold]
    assert list(first.projectivized) == ["gold", "system 1", "system 2"]
    with pytest.raises(OptionError, match=r"^evaluate_systems needs at least one system$"):
        TedEvalEvaluator.evaluate_systems([gold], [])


def test_sentence_results_carry_the_readers_sentence_ids() -> None:
    """A CoNLL-U ``# sent_id`` reaches the per-sentence results of both evaluators."""
    from nltk_tedeval import CrossFrameworkEvaluator, TedEvalEvaluator
    from nltk_tedeval.reading import read_text

    conllu = (
        "# sent_id = s-1\n"
        "1\tarrive\tarrive\tVERB\tVB\t_\t0\troot\t_\t_\n"
        "2\ton\ton\tADP\tIN\t_\t1\tprep\t_\t_\n"
        "3\tSunday\tSunday\tPROPN\tNNP\t_\t2\tpobj\t_\t_\n\n"
    )

    def records() -> list:
        return list(read_text(conllu, "conllu"))

    (res,) = TedEvalEvaluator(records(), records()).sentence_results()
    assert (res.number, res.sentence_id) == (1, "s-1")
    cross = CrossFrameworkEvaluator([("A", records(), records()), ("B", records(), records())])
    (res,) = cross.sentence_results("A", "multiple")
    # the parse equals both golds: 5 labelled items on each side (SPEC.md §3.3)
    assert res == type(res)(1, "s-1", 0, 10, 0, 8)


def test_base_category_keeps_labels_with_an_x() -> None:
    """Only "-" and "=" start a function tag or an index: NX and WHNP-X stay NX, WHNP."""
    from nltk_tedeval.trees.headrules import base_category

    assert base_category("NX") == "NX"
    assert base_category("X") == "X"
    assert base_category("NX-TTL=2") == "NX"


def test_get_head_rules_names_and_short_tables() -> None:
    """ "collins1999" (any case, blanks around) is Collins' table; a table of one line
    with two fields ("NP right") is a table, not an unknown name; others are errors."""
    from nltk_tedeval.trees.headrules import COLLINS_1999, HeadRules, get_head_rules

    assert get_head_rules(" Collins1999\n") is COLLINS_1999
    assert get_head_rules("NP right") == HeadRules.from_text("NP right\n")
    with pytest.raises(OptionError, match="unknown head rules 'bogus'"):
        get_head_rules("bogus")
    with pytest.raises(OptionError, match="not int"):
        get_head_rules(5)  # type: ignore[arg-type]


def test_words_directly_under_a_phrase_are_not_categories() -> None:
    """(S a (NP b)) with the rule "S: leftmost NP": the bare word "a" has no category, so
    the NP child heads S and "b" (word 2, 1-based) is the root; "a" depends on it."""
    from nltk import Tree

    from nltk_tedeval.trees.headrules import HeadRules, head_dependencies

    rules = HeadRules({"S": ("left", "NP"), "NP": ("left", ())})
    assert head_dependencies(Tree.fromstring("(S a (NP b))"), rules) == (2, 0)


def test_evalb_params_pairs_and_labeled_flag_are_checked() -> None:
    """EQ_LABEL entries are pairs; a triple is an OptionError naming it; ``labeled`` is
    stored as a bool whatever truthy value is given."""
    with pytest.raises(OptionError) as info:
        EvalbParams(eq_labels=[("A", "B", "C")])
    assert info.value.token == "('A', 'B', 'C')"
    assert info.value.message == "eq_labels holds pairs, got ('A', 'B', 'C')"
    assert EvalbParams(labeled=2).labeled is True
    assert EvalbParams(labeled=0).labeled is False


# -- MPH ---------------------------------------------------------------------------------------


def _dep(words: str, heads: tuple[int, ...], tags: str | None = None, ctags: str | None = None):
    from nltk_tedeval.trees.dependency import DependencyTree

    n = len(words.split())
    return DependencyTree(
        tuple(words.split()),
        heads,
        tags=tuple(tags.split()) if tags else (None,) * n,
        ctags=tuple(ctags.split()) if ctags else (None,) * n,
    )


def test_mph_dependency_tag_falls_back_to_upos() -> None:
    """A token without XPOS is judged by its UPOS. "a , b c" with c heading "," and b:
    kept, c's projection is ", b c" = (1, 4); with the comma (UPOS ",") removed it is
    "b c", reported tight in the sentence's positions as (2, 4)."""
    from nltk_tedeval.metrics.mph import mph_brackets

    tree = _dep("a , b c", (0, 4, 4, 1), ctags="NN , NN NN")
    assert mph_brackets(tree) == {(2, 4)}
    assert mph_brackets(tree, punct_tags=()) == {(1, 4)}


def test_mph_punctuation_at_the_root_hands_the_root_to_its_dependent() -> None:
    """ "a b c d ." with "." as the root, b under it, a and d under b, c under d. Without
    the ".", b is the root (its nearest kept ancestor is the root) and the only bracket
    strictly inside the 4 kept words is d's projection "c d" = (2, 4)."""
    from nltk_tedeval.metrics.mph import mph_brackets

    tree = _dep("a b c d .", (2, 5, 4, 2, 0), tags="NN NN NN NN .")
    assert mph_brackets(tree) == {(2, 4)}


def test_mph_counts_only_trees_that_were_lifted() -> None:
    """``projectivized`` counts trees whose arcs were lifted: none for projective trees
    or an all-punctuation sentence; one when only the gold is non-projective.

    Non-projective: "a b c d" with a under c, c and d under b, b the root: the arc
    c -> a passes over b, which c does not dominate.
    """
    from nltk_tedeval import MPHEvaluator

    projective = _dep("a b c d", (2, 0, 2, 3), tags="NN NN NN NN")
    crossing = _dep("a b c d", (3, 0, 2, 2), tags="NN NN NN NN")
    punct = _dep(". ,", (0, 1), tags=". ,")
    ev = MPHEvaluator([projective, punct], [projective, punct], projectivize=True)
    assert ev.projectivized == 0
    assert MPHEvaluator([projective], [crossing], projectivize=True).projectivized == 1


def test_mph_non_projective_error_names_the_arc_in_the_callers_numbers() -> None:
    from nltk_tedeval.errors import NonProjectiveError
    from nltk_tedeval.metrics.mph import mph_brackets

    tail = (
        ": the projection of token 3 is not a contiguous span, so it is no MPH bracket; "
        "use projectivize=True to lift non-projective arcs"
    )
    with pytest.raises(NonProjectiveError) as info:
        mph_brackets(_dep("a b c d", (3, 0, 2, 2), tags="NN NN NN NN"))
    assert info.value.token == "3 -> 1 (c -> a)"
    assert info.value.message == "non-projective arc 3 -> 1 (c -> a)" + tail
    # a leading comma is removed first: the arc keeps the sentence's numbers (4 -> 2)
    with pytest.raises(NonProjectiveError) as info:
        mph_brackets(_dep(", a b c d", (2, 4, 0, 3, 3), tags=", NN NN NN NN"))
    assert info.value.token == "4 -> 2 (c -> a)"
    assert info.value.message == (
        "non-projective arc 4 -> 2 (c -> a) (punctuation removed)"
        + tail.replace("token 3", "token 4")
    )


def test_mph_yield_mismatch_names_gold_and_parse() -> None:
    from nltk_tedeval import MPHEvaluator
    from nltk_tedeval.errors import YieldMismatchError

    with pytest.raises(YieldMismatchError, match="gold has 'a', parse has 'b'"):
        MPHEvaluator([_dep("b", (0,))], [_dep("a", (0,))]).eval()


# -- attachment --------------------------------------------------------------------------------


def _rel(rel: str, counts: tuple[int, int, int, int], ratios: tuple) -> dict:
    lp, lr, lf, ap, ar, af = ratios
    return {
        "relation": rel,
        "gold": counts[0],
        "predicted": counts[1],
        "label_correct": counts[2],
        "head_label_correct": counts[3],
        "label_precision": lp,
        "label_recall": lr,
        "label_f1": lf,
        "las_precision": ap,
        "las_recall": ar,
        "las_f1": af,
    }


def test_attachment_report_by_hand() -> None:
    """The whole JSON report of two sentences, worked out by hand.

    Sentence 1, "a b": gold a <- b (nsubj), b root; the parse makes a and b each
    other's head (not a tree). a is right; b's head a is its gold child, so b
    counts for UNDIRECTED and NED, not for UAS; both labels are right.
    Row (tokens, head, label, head_label, undirected, ned, labeled_tokens) =
    (2, 1, 2, 1, 2, 2, 2): both sentences carry relations, so LA and LAS count
    over all 6 tokens too.

    Sentence 2, "John saw Mary .": gold John, Mary, "." under saw; the parse
    puts Mary under John and calls it nsubj (gold obj). Mary's head John is
    neither her gold head, nor a gold child of hers, nor her gold grandparent
    (the root): wrong everywhere. Row = (4, 3, 3, 3, 3, 3, 4).

    Totals (6, 4, 5, 4, 5, 5): LAS 4/6, UAS 4/6, LA 5/6, UNDIRECTED 5/6, NED 5/6.
    Macro: LAS and UAS (1/2 + 3/4)/2 = 0.625, the others (1 + 3/4)/2 = 0.875.

    Relations [gold, predicted, label right, label and head right]: nsubj
    [2, 3, 2, 2] (Mary predicted nsubj too), obj [1, 0, 0, 0], punct [1, 1, 1, 1],
    root [2, 2, 2, 1] (b's head is wrong).
    """
    from nltk.parse import DependencyGraph

    from nltk_tedeval import AttachmentEvaluator
    from nltk_tedeval.trees.dependency import DependencyTree

    words = ("John", "saw", "Mary", ".")
    gold2 = DependencyTree(words, (2, 0, 2, 2), ("nsubj", "root", "obj", "punct"))
    parse2 = DependencyTree(words, (2, 0, 1, 2), ("nsubj", "root", "nsubj", "punct"))
    gold1 = DependencyTree(("a", "b"), (2, 0), ("nsubj", "root"))
    parse1 = DependencyGraph("a\tX\t2\tnsubj\nb\tX\t1\troot")
    ev = AttachmentEvaluator([parse1, parse2], [gold1, gold2])
    sig = "metric:attachment|punct:include|subtypes:keep|missing:skip"

    def score(name: str, col: str, num: int, avg: str, value: float) -> dict:
        den = "labeled_tokens" if name in ("LA", "LAS") else "tokens"
        return {
            "name": name,
            "value": value,
            "reason": None,
            "average": avg,
            "sentences": 2,
            "undefined": 0,
            "totals": {col: num, den: 6},
            "signature": f"{sig}|avg:{avg}|version:0.1.0",
        }

    cols = {
        "LAS": ("head_label", 4),
        "UAS": ("head", 4),
        "LA": ("label", 5),
        "UNDIRECTED": ("undirected", 5),
        "NED": ("ned", 5),
    }
    macro = {"LAS": 0.625, "UAS": 0.625, "LA": 0.875, "UNDIRECTED": 0.875, "NED": 0.875}
    with pytest.warns(NonTreeParseWarning, match="parsed_sents: 1 parse is not a tree"):
        report = ev.report()
    # The whole report, and of its scores the five worked out above, by name.
    scores = {block: entries(report[block], *cols) for block in ("scores", "macro")}
    assert {**report, **scores} == {
        "metric": "attachment",
        "signature": f"{sig}|version:0.1.0",
        "sentences": 2,
        "tokens": 6,
        "excluded_tokens": 0,
        "non_trees": {"parse": 1, "gold": 0},
        "scores": {n: score(n, c, k, "micro", k / 6) for n, (c, k) in cols.items()},
        "macro": {n: score(n, c, k, "macro", macro[n]) for n, (c, k) in cols.items()},
        "relations": {
            "nsubj": _rel("nsubj", (2, 3, 2, 2), (2 / 3, 1.0, 0.8, 2 / 3, 1.0, 0.8)),
            "obj": _rel("obj", (1, 0, 0, 0), (None, 0.0, 0.0, None, 0.0, 0.0)),
            "punct": _rel("punct", (1, 1, 1, 1), (1.0,) * 6),
            "root": _rel("root", (2, 2, 2, 1), (1.0, 1.0, 1.0, 0.5, 0.5, 0.5)),
        },
    }


def test_attachment_strip_subtypes_signature_and_missing_relations() -> None:
    """With ``strip_subtypes=True`` the signature says so, ``nsubj:pass`` counts as nsubj
    and a token without a relation is filed under NO_RELATION ("_")."""
    from nltk_tedeval import AttachmentEvaluator
    from nltk_tedeval.trees.dependency import DependencyTree

    tree = DependencyTree(("a", "b"), (2, 0), ("nsubj:pass", None))
    ev = AttachmentEvaluator([tree], [tree], strip_subtypes=True)
    assert (
        str(ev.signature)
        == "metric:attachment|punct:include|subtypes:strip|missing:skip|version:0.1.0"
    )
    assert list(ev.relation_scores()) == ["_", "nsubj"]


def test_attachment_errors_name_the_side() -> None:
    from nltk.parse import DependencyGraph

    from nltk_tedeval import AttachmentEvaluator
    from nltk_tedeval.errors import TedEvalError, YieldMismatchError
    from nltk_tedeval.trees.dependency import DependencyTree

    good = DependencyTree(("a", "b"), (2, 0), ("x", "root"))
    bad = DependencyGraph("a\tX\t2\tx\nb\tX\t7\troot")  # b's head is outside the sentence
    with pytest.raises(TedEvalError) as info:
        AttachmentEvaluator([good], [bad]).eval()
    assert info.value.side == "gold" and info.value.message.startswith("gold: ")
    with pytest.raises(YieldMismatchError, match="gold has 'a', parse has 'c'"):
        AttachmentEvaluator([DependencyTree(("c", "b"), (2, 0))], [good]).eval()


# -- ParsEval ----------------------------------------------------------------------------------
#
# The figures below are worked out from EVALB's definitions and were checked
# against the output of EVALB itself (evalb -p COLLINS.prm) on the same lines.

_PRM = "metric:parseval|prm:collins|labeled:yes|cutoff:40|missing:skip|version:0.1.0"


def _evalb_block(
    n: tuple[int, int, int, int],
    brackets: tuple[int, int, int, int],
    sentences: tuple[int, int, int],
    tags: tuple[int, int],
    figures: tuple,
) -> dict:
    """A summary block: sentence counts (all, error, skip, valid), brackets (matched, gold,
    test, crossing), sentences (complete, no crossing, <= 2 crossing), tags (words,
    correct) and the figures EVALB prints (R, P, F, CM, avg crossing, NC, 2C, tagging)."""
    r, p, f, cm, ac, nc, tc, ta = figures
    return {
        "sentences": n[0],
        "error_sentences": n[1],
        "skip_sentences": n[2],
        "valid_sentences": n[3],
        "matched_brackets": brackets[0],
        "gold_brackets": brackets[1],
        "test_brackets": brackets[2],
        "crossing_brackets": brackets[3],
        "words": tags[0],
        "correct_tags": tags[1],
        "complete_match_sentences": sentences[0],
        "no_crossing_sentences": sentences[1],
        "two_or_less_crossing_sentences": sentences[2],
        "bracketing_recall": r,
        "bracketing_precision": p,
        "bracketing_fmeasure": f,
        "complete_match": cm,
        "average_crossing": ac,
        "no_crossing": nc,
        "two_or_less_crossing": tc,
        "tagging_accuracy": ta,
    }


def _parseval(gold: str, test: str | None, **options: object):
    from nltk import Tree

    from nltk_tedeval import ParsevalEvaluator

    return ParsevalEvaluator(
        [None if test is None else Tree.fromstring(test)], [Tree.fromstring(gold)], **options
    )


def test_parseval_one_word_sentence_against_itself() -> None:
    """One sentence of one word: every count is 1 and every figure 100 (EVALB agrees)."""
    ev = _parseval("(S (NN a))", "(S (NN a))")
    block = _evalb_block(
        (1, 0, 0, 1),
        (1, 1, 1, 0),
        (1, 1, 1),
        (1, 1),
        (100.0, 100.0, 100.0, 100.0, 0.0, 100.0, 100.0, 100.0),
    )
    assert ev.summary() == {
        "metric": "parseval",
        "signature": _PRM,
        "cutoff_len": 40,
        "all": block,
        "cutoff": block,
        "errors": [],
    }
    assert ev.summary_text().split("\n")[1] == (
        "                100.00 100.00      1     1     1      0      1     1   100.00"
    )
    assert ev.summary_text() == ev.summary_text(sentences=False)


def test_parseval_one_crossing_bracket() -> None:
    """Gold S(0,3) NP(0,2); test S(0,3) X(1,3). S matches; X crosses NP: R = P = 50,
    one crossing bracket in the one valid sentence (average 1.00, no-crossing 0)."""
    from nltk_tedeval.reading.evalb_params import EvalbParams

    gold, test = "(S (NP (A a) (B b)) (C c))", "(S (A a) (X (B b) (C c)))"
    block = _evalb_block(
        (1, 0, 0, 1),
        (1, 2, 2, 1),
        (0, 0, 1),
        (3, 3),
        (50.0, 50.0, 50.0, 0.0, 1.0, 0.0, 100.0, 100.0),
    )
    assert _parseval(gold, test).summary()["all"] == block
    # without EQ_LABEL lines the matching is EVALB's greedy loop: the same figures
    assert _parseval(gold, test, params=EvalbParams.evalb_defaults()).summary()["all"] == block
    assert _parseval(gold, test).sentence_results() == [
        {
            "sentence": 1,
            "length": 3,
            "status": "valid",
            "recall": 50.0,
            "precision": 50.0,
            "matched_brackets": 1,
            "gold_brackets": 2,
            "test_brackets": 2,
            "crossing_brackets": 1,
            "words": 3,
            "correct_tags": 3,
            "tagging_accuracy": 100.0,
            "error": None,
        }
    ]


def test_parseval_skipped_sentence_has_no_figures() -> None:
    """An empty test line is skipped: nothing is valid, every figure is 0.00 and F is
    EVALB's "-nan" (None); no bracket line is printed above the summary."""
    ev = _parseval("(S (NN a))", None)
    block = _evalb_block(
        (1, 0, 1, 0),
        (0, 0, 0, 0),
        (0, 0, 0),
        (0, 0),
        (0.0, 0.0, None, 0.0, 0.0, 0.0, 0.0, 0.0),
    )
    assert ev.summary()["all"] == block
    (row,) = ev.sentence_results()
    assert (row["status"], row["recall"], row["precision"], row["tagging_accuracy"]) == (
        "skip",
        0.0,
        0.0,
        0.0,
    )
    assert row["length"] == 1
    assert ev.summary_text().split("\n")[1] == "      0     0     0.00"
    # a sentence with no gold either has length 0
    from nltk_tedeval import ParsevalEvaluator

    assert ParsevalEvaluator([None], [None]).sentence_results()[0]["length"] == 0


def test_parseval_test_without_brackets_prints_no_bracket_line() -> None:
    """COLLINS.prm deletes TOP: the test keeps no bracket, the gold keeps X. EVALB prints
    only the tag figures under the table (gold 1, test 0)."""
    ev = _parseval("(X (NN a))", "(TOP (NN a))")
    assert ev.summary()["all"] == _evalb_block(
        (1, 0, 0, 1),
        (0, 1, 0, 0),
        (0, 1, 1),
        (1, 1),
        (0.0, 0.0, None, 0.0, 0.0, 100.0, 100.0, 100.0),
    )
    assert ev.summary_text().split("\n")[1] == "      1     1   100.00"


def test_parseval_error_sentence_is_listed_with_its_word() -> None:
    ev = _parseval("(S (NN a))", "(S (NN b))")
    message = "word 1 differs: gold 'a', test 'b'"
    assert ev.summary()["errors"] == [{"sentence": 1, "token": "b", "message": message}]
    assert ev.summary()["all"]["error_sentences"] == 1
    assert ev.summary()["all"]["sentences"] == 1
    assert ev.sentence_results()[0]["error"] == message
    assert ev.numbers == [1]


def test_parseval_length_mismatch_and_normalization_messages() -> None:
    ev = _parseval("(S (NN a) (NN b))", "(S (NN a))")
    (err,) = ev.errors
    assert err.token == "2|1"
    assert err.message == (
        "length mismatch: 2 gold words, 1 test words (after deleting DELETE_LABEL words)"
    )
    ev = _parseval("(S (NN caf\u00e9))", "(S (NN cafe\u0301))")
    (err,) = ev.errors
    assert err.message == (
        "word 1 differs: gold 'caf\u00e9', test 'cafe\u0301' (the same text in different "
        "Unicode normalization forms, NFC and NFD; EVALB compares bytes, so normalize "
        "both files to NFC first)"
    )


def test_parseval_word_not_under_a_pos_tag_is_an_error_sentence() -> None:
    """EVALB reads a word only right after its POS tag; "a" directly under NP is an error."""
    ev = _parseval("(S (NP a (NN b)))", "(S (NP (NN a) (NN b)))")
    (err,) = ev.errors
    assert err.token == "a" and err.sentence == 1
    assert err.message == (
        "gold tree: word 'a' (token 1) is not alone under a POS tag, so EVALB cannot read this tree"
    )
    assert ev.summary()["all"]["valid_sentences"] == 0


def test_parseval_numbers_errors_in_one_pass_over_several_systems() -> None:
    """``evaluate_systems``: error sentences are numbered from 1 among all sentences; with
    MAX_ERROR 0 the second error stops the run naming sentence 3."""
    from nltk import Tree

    from nltk_tedeval import ParsevalEvaluator
    from nltk_tedeval.metrics.parseval import TooManyErrorsError
    from nltk_tedeval.reading.evalb_params import EvalbParams

    gold = [Tree.fromstring(f"(S (NN {w}))") for w in "abc"]
    test = [Tree.fromstring(f"(S (NN {w}))") for w in "axy"]
    (ev,) = ParsevalEvaluator.evaluate_systems(gold, [test])
    assert [e.sentence for e in ev.errors] == [2, 3]
    assert ev.numbers == [1, 2, 3]
    with pytest.raises(TooManyErrorsError) as info:
        ParsevalEvaluator.evaluate_systems(gold, [test], params=EvalbParams(max_error=0))
    err = info.value
    # What EVALB has printed when it stops: the two sentences before the third.
    assert (err.sentence, err.token, len(err.partial)) == (3, "y", 2)
    assert [e.token for e in err.errors] == ["x", "y"]
    assert err.message == (
        "2 sentences with errors, more than MAX_ERROR + 1 = 1 (EVALB stops here); "
        "this one: word 1 differs: gold 'c', test 'y'"
    )


def test_parseval_refuses_what_is_not_a_tree_or_parameters() -> None:
    from nltk import Tree

    from nltk_tedeval import ParsevalEvaluator
    from nltk_tedeval.errors import InputFormatError

    with pytest.raises(InputFormatError) as info:
        ParsevalEvaluator([5], [Tree.fromstring("(S (NN a))")]).eval()
    assert info.value.message == "test tree is an int, not an nltk.Tree or None"
    assert info.value.token == "5"
    with pytest.raises(OptionError, match=r"^params must be an EvalbParams, not dict$"):
        ParsevalEvaluator([], [], params={})  # type: ignore[arg-type]


def test_parseval_reads_flattened_trees_too() -> None:
    from nltk import Tree

    from nltk_tedeval import ParsevalEvaluator
    from nltk_tedeval.trees.constituency import flatten_tree

    t = flatten_tree(Tree.fromstring("(S (NP (DT the) (NN dog)) (VP (VBD ran)))"))
    assert [float(s) for s in ParsevalEvaluator([t], [t]).eval()] == [1.0, 1.0, 1.0]


def test_parseval_non_transitive_eq_labels_do_not_chain() -> None:
    """EQ_LABEL A B and B C do not make A equal to C (EVALB compares pairs): gold A(0,1)
    against test C(0,1) does not match; only S does, so recall = 1/2."""
    from nltk_tedeval.reading.evalb_params import EvalbParams

    params = EvalbParams.from_text("EQ_LABEL A B\nEQ_LABEL B C\n")
    ev = _parseval("(S (A (NN a)) (NN b))", "(S (C (NN a)) (NN b))", params=params)
    assert ev.summary()["all"]["matched_brackets"] == 1


def test_parseval_greedy_match_with_a_gold_span_the_test_lacks() -> None:
    """The greedy loop (non-transitive EQ_LABEL) over a gold bracket whose span has no
    test bracket at all. EVALB's own line for these two trees and this parameter file:
    S matches, A(0,2) has no test bracket, B(1,3) crosses it."""
    from nltk_tedeval.reading.evalb_params import EvalbParams

    params = EvalbParams.from_text("EQ_LABEL A B\nEQ_LABEL B C\n")
    ev = _parseval("(S (A (NN x) (NN y)) (NN z))", "(S (NN x) (B (NN y) (NN z)))", params=params)
    assert ev.sentence_lines() == [
        "   1    3    0   50.00  50.00     1      2    2      1      3     3   100.00"
    ]


def test_eq_label_classes_when_transitive() -> None:
    """``_label_classes``: a representative (the smallest label) per class when every
    pair of a class is declared; ``None`` (replay EVALB's greedy loop) otherwise."""
    from nltk_tedeval.metrics.evalb_brackets import _label_classes

    assert _label_classes([("PRT", "ADVP")]) == {"ADVP": "ADVP", "PRT": "ADVP"}
    assert _label_classes([("A", "B"), ("D", "C")]) == {"A": "A", "B": "A", "C": "C", "D": "C"}
    assert _label_classes([("A", "B"), ("B", "C")]) is None
    assert _label_classes([("A", "B"), ("B", "C"), ("A", "C")]) == {"A": "A", "B": "A", "C": "A"}


def test_evalb_sentence_table_header() -> None:
    from nltk_tedeval.metrics.evalb_report import evalb_sentence_lines

    ev = _parseval("(S (NN a))", "(S (NN a))")
    assert evalb_sentence_lines(ev.stats, header=True) == [
        "  Sent.                        Matched  Bracket   Cross        Correct Tag",
        " ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy",
        "=" * 76,
        "   1    1    0  100.00 100.00     1      1    1      0      1     1   100.00",
    ]


_QUOTES = "DELETE_LABEL ''\nQUOTE_LABEL ''\nQUOTE_LABEL POS\n"


@pytest.mark.parametrize(
    ("prm", "gold", "test", "evalb_line"),
    [
        # gold deletes the quote (tag ''), the test keeps it (POS): EVALB puts it back
        # in the gold with its tag, which then differs from the test's
        (
            _QUOTES,
            "(S (NP (NN a) ('' ')) (VB b))",
            "(S (NP (NN a) (POS ')) (VB b))",
            "   1    3    0  100.00 100.00     2      2    2      0      3     2    66.67",
        ),
        # the other way round
        (
            _QUOTES,
            "(S (NP (NN a) (POS ')) (VB b))",
            "(S (NP (NN a) ('' ')) (VB b))",
            "   1    3    0  100.00 100.00     2      2    2      0      3     2    66.67",
        ),
        # the test deletes two quotes in a row: each is put back where it stood
        (
            _QUOTES,
            "(S (NP (NN a) (POS ') (POS ')) (VB b))",
            "(S (NP (NN a) ('' ') ('' ')) (VB b))",
            "   1    4    0  100.00 100.00     2      2    2      0      4     2    50.00",
        ),
        # ... and in two constituents: the second goes back after b, not next to the first
        (
            _QUOTES,
            "(S (NP (NN a) (POS ')) (VP (VB b) (POS ')))",
            "(S (NP (NN a) ('' ')) (VP (VB b) ('' ')))",
            "   1    4    0  100.00 100.00     3      3    3      0      4     2    50.00",
        ),
        # EQ_LABEL makes the reinserted tag right
        (
            _QUOTES + "EQ_LABEL '' POS\n",
            "(S (NP (NN a) ('' ')) (VB b))",
            "(S (NP (NN a) (POS ')) (VB b))",
            "   1    3    0  100.00 100.00     2      2    2      0      3     3   100.00",
        ),
        # two quotes in a row, then quotes in two constituents
        (
            _QUOTES,
            "(S (NP (NN a) ('' ') ('' ')) (VB b))",
            "(S (NP (NN a) (POS ') (POS ')) (VB b))",
            "   1    4    0  100.00 100.00     2      2    2      0      4     2    50.00",
        ),
        (
            _QUOTES,
            "(S (NP (NN a) ('' ')) (VP (VB b) ('' ')))",
            "(S (NP (NN a) (POS ')) (VP (VB b) (POS ')))",
            "   1    4    0  100.00 100.00     3      3    3      0      4     2    50.00",
        ),
        # each side deletes one of two quotes: EVALB cannot repair it (an error)
        (
            _QUOTES,
            "(S (NP (NN a) (POS ')) (VP (VB b) ('' ')))",
            "(S (NP (NN a) ('' ')) (VP (VB b) (POS ')))",
            "   1    4    1    0.00   0.00     0      0    0      0      0     0     0.00",
        ),
        (
            _QUOTES,
            "(S (NP (NN a)) (VP (VB b) ('' ')))",
            "(S (NP (NN a)) (VP (VB b) (POS ')))",
            "   1    3    0  100.00 100.00     3      3    3      0      3     2    66.67",
        ),
        # two quote tags that are both kept do not call for a repair at their position
        (
            _QUOTES + "QUOTE_LABEL X\n",
            "(S (NN a) (POS ') (VB b) ('' '))",
            "(S (NN a) (X ') (VB b) (POS '))",
            "   1    4    0  100.00 100.00     1      1    1      0      4     2    50.00",
        ),
        (
            _QUOTES + "QUOTE_LABEL X\n",
            "(S (NN a) (X ') (VB b) (POS '))",
            "(S (NN a) (POS ') (VB b) ('' '))",
            "   1    4    0  100.00 100.00     1      1    1      0      4     2    50.00",
        ),
    ],
)
def test_parseval_quote_repair_as_evalb_prints_it(
    prm: str, gold: str, test: str, evalb_line: str
) -> None:
    """EVALB's length-mismatch fix for quotes (README, QUOTE_LABEL); each expected line is
    EVALB's own output for these two files and this parameter file."""
    from nltk_tedeval.reading.evalb_params import EvalbParams

    ev = _parseval(gold, test, params=EvalbParams.from_text(prm))
    assert ev.sentence_lines() == [evalb_line]


def test_operations_refuse_trees_over_different_words() -> None:
    """Operations are defined only for one yield (SPEC.md §4): the second and any later
    tree is checked against the first."""
    from nltk_tedeval.errors import YieldMismatchError
    from nltk_tedeval.trees.mft import MultiFunctionTree
    from nltk_tedeval.trees.operations import generalize, subsumes, unify

    a = MultiFunctionTree({(0, 2): set()}, ("a", "b"))
    c = MultiFunctionTree({(0, 2): set()}, ("a", "c"))
    message = "the yields differ at token 2: the first tree has 'b', another tree has 'c'"
    for op in (generalize, unify):
        with pytest.raises(YieldMismatchError) as info:
            op(a, c)
        assert str(info.value) == message
        with pytest.raises(YieldMismatchError):
            op(a, a, c)
    with pytest.raises(YieldMismatchError):
        subsumes(c, a)
    with pytest.raises(OptionError, match=r"^the operation needs at least one tree$"):
        unify()


def test_tedeval_multiple_with_tl_unification_by_hand() -> None:
    """MULTIPLE with a TL-unified gold (SPEC.md §4, §5), "arrive on Sunday".

    gold1 ⊔tl gold2 adds gold2's labels to gold1's spans: (1,3):{prep,tmod},
    (1,2):{hd,case}, (2,3):{pobj,hd}. Generalized with gold2 this gives back
    gold2 itself, the reference e. The parse p is gold1: p−e = {prep(1,3),
    hd(1,2), pobj(2,3)}, e−p = {tmod(1,3), case(1,2), hd(2,3)}, and all of p is
    in the native gold, so δ = 3 + 3 − 3 = 3 and ι = 5 + 5: labeled 0.7. The
    spans all agree: unlabeled 1.0.
    """
    from nltk.parse import DependencyGraph as G

    from nltk_tedeval import TedEvalEvaluator

    ev = TedEvalEvaluator(
        [G(_GOLD1)], [G(_GOLD1)], other_golds=[[G(_GOLD2)]], tl_unify_with=[G(_GOLD2)]
    )
    labeled, unlabeled = ev.eval()
    assert labeled.totals == {"delta_labeled": 3, "iota_labeled": 10}
    assert (float(labeled), float(unlabeled)) == (0.7, 1.0)
    # every source is named, in the order golds, TL source, parse
    assert list(ev.projectivized) == ["gold", "other gold 1", "TL-unification gold", "parse"]


def test_tedeval_evaluator_messages_and_defaults(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    from nltk.parse import DependencyGraph as G

    from nltk_tedeval import SentenceCountError, TedEvalEvaluator
    from nltk_tedeval.trees.convert import Converter

    with pytest.raises(OptionError) as info:
        TedEvalEvaluator([], [], colour="red", size=2)
    assert info.value.message == (
        "unknown option(s) colour, size; conversion options are labeler, head_label, "
        "strip_subtypes, projectivize, label_map"
    )
    with pytest.raises(OptionError, match=r"^pass either converter= or conversion options, not"):
        TedEvalEvaluator([], [], converter=Converter(), head_label="HD")
    with pytest.raises(OptionError, match=r"^give one converter per other gold list$"):
        TedEvalEvaluator([], [], other_golds=[[]], other_converters=[])
    with pytest.raises(SentenceCountError, match="tl_unify_with has 2"):
        TedEvalEvaluator([G(_GOLD1)], [G(_GOLD1)], tl_unify_with=[G(_GOLD1)] * 2).eval()
    # no progress bar by default, even at a terminal
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    TedEvalEvaluator([G(_GOLD1)], [G(_GOLD1)]).eval()
    assert capsys.readouterr().err == ""


def _config(**fields: object):
    from nltk_tedeval.protocol import ProtocolConfig
    from nltk_tedeval.trees.convert import Converter

    k = fields.pop("k", 1)
    base = dict(
        converters=tuple(Converter() for _ in range(k)),  # type: ignore[call-overload]
        parse_theories=(0,),
        theory_names=tuple(f"g{i}" for i in range(k)),  # type: ignore[call-overload]
        parse_names=("p",),
    )
    return ProtocolConfig(**{**base, **fields})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"k": 0, "parse_theories": ()}, "the protocol needs at least one gold theory"),
        ({"parse_theories": (1,)}, "parse theory 1 does not exist; there are 1 theories"),
        ({"tl_unify": ((0, 0),)}, "TL-unification needs two different golds, got 0 and 0"),
        # b indexes the theories then the auxiliary golds: 2 is past both here
        ({"k": 2, "tl_unify": ((0, 2),)}, "TL-unification needs two different golds, got 0 and 2"),
        # a must be a theory (it is the gold that changes), not an auxiliary gold
        (
            {"k": 2, "tl_unify": ((2, 0),), "aux_converters": (None,), "aux_names": ("x",)},
            "TL-unification needs two different golds, got 2 and 0",
        ),
        ({"aux_converters": (None,)}, "every auxiliary gold needs a name"),
        ({"engine": "fast"}, "unknown engine 'fast'; choose one of span, apted"),
    ],
)
def test_protocol_config_refuses(fields: dict, message: str) -> None:
    with pytest.raises(OptionError) as info:
        _config(**fields)
    assert info.value.message == message


def test_protocol_config_accepts_the_edges() -> None:
    """The last theory as a parse theory, and gold 1 enriched from gold 0 (b = 0)."""
    cfg = _config(k=2, parse_theories=(1,), tl_unify=((1, 0),))
    assert cfg.tl_unify == ((1, 0),) and cfg.parse_theories == (1,)


def test_run_protocol_defaults_and_result_fields(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """One theory: no MULTIPLE tables (None), no overlaps ({}); the result keeps its
    configuration; ``progress=True`` draws a bar over ``total`` sentences on stderr and
    clears it at the end (``leave=False``)."""
    from nltk import Tree

    from nltk_tedeval.errors import TedEvalError
    from nltk_tedeval.protocol import ProtocolConfig, run_protocol
    from nltk_tedeval.scoring.options import RunOptions

    config = ProtocolConfig.build(theories=1, parses=[0])
    t = Tree.fromstring("(S (NP-SBJ a) (VP b))")
    result = run_protocol(
        [("gold", iter([t, t]))],
        [("parse", iter([t, t]))],
        config,
        options=RunOptions(progress=True),
        total=2,
    )
    assert result.multiple is None and result.overlap == {} and result.config is config
    assert [table.array.tolist() for table in result.single] == [[[0, 2, 0, 4]] * 2]
    assert result.counts() == {"read": 2, "scored": 2, "missing": 0, "skipped": 0}
    err = capsys.readouterr().err
    assert "0/2" in err and "sent/s" in err and err.endswith("\r")
    # the default is to raise a bad sentence's own error: here a gold without a tree
    with pytest.raises(TedEvalError, match=r"^sentence 1: gold has no tree for this sentence"):
        run_protocol([("gold", [None])], [("parse", [t])], config)


def test_tedeval_counts_every_lifted_tree_and_arc() -> None:
    """Two non-projective golds ("a b c d": the arc c -> a passes over b); lifting moves
    a under b, one arc each: 2 sentences and 2 arcs of the gold were changed."""
    from nltk.parse import DependencyGraph as G

    from nltk_tedeval import TedEvalEvaluator

    crossing = "a X 3 x\nb X 0 root\nc X 2 x\nd X 2 x"
    flat = "a X 2 x\nb X 0 root\nc X 2 x\nd X 2 x"
    ev = TedEvalEvaluator([G(flat)] * 2, [G(crossing)] * 2, projectivize=True)
    assert ev.projectivized == {"gold": (2, 2), "parse": (0, 0)}


def test_protocol_errors_name_the_files_lines_and_sentence_ids() -> None:
    """A yield mismatch between reader records names each side by file:line, and the
    sentence by number and id; a missing tree is located the same way."""
    from nltk_tedeval import CrossFrameworkEvaluator, TedEvalEvaluator
    from nltk_tedeval.errors import MissingParseError, YieldMismatchError
    from nltk_tedeval.reading import read_text

    def conllu(last: str) -> str:
        return (
            "# sent_id = s-1\n"
            "1\tarrive\tarrive\tVERB\tVB\t_\t0\troot\t_\t_\n"
            "2\ton\ton\tADP\tIN\t_\t1\tprep\t_\t_\n"
            f"3\t{last}\t{last}\tPROPN\tNNP\t_\t2\tpobj\t_\t_\n\n"
        )

    gold = list(read_text(conllu("Sunday"), "conllu", name="g.conllu"))
    parse = list(read_text(conllu("Monday"), "conllu", name="p.conllu"))
    with pytest.raises(YieldMismatchError) as info:
        CrossFrameworkEvaluator([("A", parse, gold), ("B", gold, gold)]).single("A")
    # a record's line is the first line of its sentence (here its "# sent_id" line)
    assert str(info.value) == (
        "sentence 1 (id s-1): the yields differ at token 3: "
        "g.conllu:1 has 'Sunday', p.conllu:1 has 'Monday'"
    )
    with pytest.raises(MissingParseError) as info:
        TedEvalEvaluator([None], gold, missing="error").eval()
    assert info.value.message.startswith("parsed_sents has no parse for this sentence; ")
    assert (info.value.sentence, info.value.sentence_id) == (1, "s-1")


def test_apted_on_a_chain_deep_enough_for_its_own_thread() -> None:
    """A chain of 100 nested spans (i, 100), each labelled X: sorted function trees about
    102 deep, so APTED (4 frames a level, plus 200) needs more than half the default
    recursion limit and runs in a thread with a larger stack and limit, which are put
    back afterwards.

    The parse relabels only the innermost span (99, 100) Y: labeled δ = 2 (delete X,
    add Y there), ι = 100 + 100; unlabeled the spans agree, δ = 0 and ι = 99 + 99
    (the full span is the root and is never counted).
    """
    import sys

    from nltk_tedeval.protocol import sentence_stats
    from nltk_tedeval.trees.mft import MultiFunctionTree

    n = 100
    gold = MultiFunctionTree({(i, n): {"X"} for i in range(n)}, n)
    parse = MultiFunctionTree({(i, n): {"Y" if i == n - 1 else "X"} for i in range(n)}, n)
    limit = sys.getrecursionlimit()
    assert sentence_stats(parse, gold, engine="apted") == (2, 200, 0, 198)
    assert sys.getrecursionlimit() == limit


def test_tedeval_in_two_processes_keeps_every_sentence_in_order() -> None:
    """``jobs=2``: sentences go to worker processes in batches and come back in order,
    with their numbers (SPEC.md §5: p against gold1 is 3/9 and 1/7; gold1 against
    itself 0/10 and 0/8)."""
    from nltk.parse import DependencyGraph as G

    from nltk_tedeval import TedEvalEvaluator

    # The APTED engine: the span engine never leaves the main process.
    ev = TedEvalEvaluator([G(_PARSE), G(_GOLD1)], [G(_GOLD1), G(_GOLD1)], jobs=2, engine="apted")
    rows = [
        (r.number, r.delta_labeled, r.iota_labeled, r.delta_unlabeled, r.iota_unlabeled)
        for r in ev.sentence_results()
    ]
    assert rows == [(1, 3, 9, 1, 7), (2, 0, 10, 0, 8)]


def test_the_span_engine_runs_in_one_process_whatever_jobs_says(monkeypatch) -> None:
    """Shipping microsecond sentences to workers costs more than it saves (run_protocol)."""
    from nltk.parse import DependencyGraph as G

    from nltk_tedeval import TedEvalEvaluator
    from nltk_tedeval.scoring import loop

    seen = []
    outcomes = loop._outcomes

    def spy(prepared, scorer, jobs, *rest):
        seen.append(jobs > 1 and scorer.batch_size is not None)
        return outcomes(prepared, scorer, jobs, *rest)

    monkeypatch.setattr(loop, "_outcomes", spy)
    ev = TedEvalEvaluator([G(_PARSE)], [G(_GOLD1)], jobs=2)
    assert [s.totals for s in ev.eval()] == [
        {"delta_labeled": 3, "iota_labeled": 9},
        {"delta_unlabeled": 1, "iota_unlabeled": 7},
    ]
    TedEvalEvaluator([G(_PARSE)], [G(_GOLD1)], jobs=2, engine="apted").eval()
    # Only the APTED run goes to worker processes.
    assert seen == [False, True]


def test_cross_framework_option_messages() -> None:
    from nltk.parse import DependencyGraph as G

    from nltk_tedeval import CrossFrameworkEvaluator

    with pytest.raises(OptionError) as info:
        CrossFrameworkEvaluator([("A", [G(_PARSE)], [G(_GOLD1)])])
    assert info.value.message == "a cross-framework experiment needs at least two experiments"
    cross = CrossFrameworkEvaluator(
        [("A", [G(_PARSE)], [G(_GOLD1)]), ("B", [G(_GOLD2)], [G(_GOLD2)])]
    )
    with pytest.raises(OptionError) as info:
        cross.stats("A", "both")
    assert info.value.message == "scenario must be 'single' or 'multiple', not 'both'"


def test_statistics_messages() -> None:
    from nltk_tedeval.scoring.stats import RowBuffer

    with pytest.raises(ValueError, match=r"^a row of 3 statistics in a table of 2 columns$"):
        RowBuffer(2).append((1, 2, 3))
    empty = StatsTable(("correct", "total"), [(0, 0)])
    acc = Measure("ACC", ("correct", "total"), accuracy)
    # Nothing to compare (SPEC.md §6): no test, and the measure's own reason.
    untested = paired_randomization(empty, empty, acc)
    assert untested.reason == "not tested: scores A and B are N/A (nothing to compare)"
    assert (untested.rounds, untested.sentences) == (0, 1)


def test_signature_refuses_unknown_keys_naming_them_all() -> None:
    """Second run, stats.py: the message lists every unknown key, comma-separated."""
    from nltk_tedeval.scoring.stats import Signature

    with pytest.raises(ValueError) as info:  # a programming error, not the user's
        Signature(metric="x", zz=1, aa=2)
    assert str(info.value) == (
        "signature key(s) aa, zz are neither in SIGNATURE_KEYS nor the metric's own; declare "
        "a key, with its meaning, in the metric's signature_keys before the metric uses it"
    )


def test_coin_flips_cover_every_sentence_past_64() -> None:
    """Second run, significance.py: each round draws ceil(n / 64) 64-bit words, so every
    one of 130 sentences gets its own fair coin. Counted over 4,000 rounds, each column
    is heads about half the time: a column left without bits (always 0) would be heads
    never. The bound is 6 standard deviations (sd = sqrt(4000) / 2 = 31.6) from 2,000."""
    import numpy as np

    from nltk_tedeval.scoring.significance import _coin_flips

    flips = _coin_flips(np.random.default_rng(7), 4000, 130)
    assert flips.shape == (4000, 130)
    heads = flips.sum(axis=0)
    assert heads.min() > 2000 - 6 * 31.7 and heads.max() < 2000 + 6 * 31.7


@pytest.mark.parametrize(
    ("x_nodes", "y_nodes", "labeled", "expected"),
    [
        # SPEC.md §5, n = 4: delete A and B over (0,3), add them over (0,2).
        ({(0, 4): {"R"}, (0, 3): {"A", "B"}}, {(0, 4): {"R"}, (0, 2): {"A", "B"}}, True, 4),
        # Unlabeled: delete (0,3), add (0,2).
        ({(0, 4): {"R"}, (0, 3): {"A", "B"}}, {(0, 4): {"R"}, (0, 2): {"A", "B"}}, False, 2),
        # Two crossing-free moves of one token each: (0,2) -> (0,1) and (2,4) -> (1,4).
        ({(0, 4): {"R"}, (0, 2): {"X"}, (2, 4): {"Y"}},
         {(0, 4): {"R"}, (0, 1): {"X"}, (1, 4): {"Y"}}, True, 4),
    ],
)  # fmt: skip
def test_apted_never_moves_a_token_to_save_edits(
    x_nodes: dict, y_nodes: dict, labeled: bool, expected: int
) -> None:
    """Second run, engine_apted.py: renaming a terminal, or a terminal into a function
    node, must cost more than any script the protocol allows; the distances are the
    symmetric differences of the item sets (SPEC.md §5), which a cheap terminal rename
    would undercut by moving a token instead."""
    from nltk_tedeval.protocol.engine_apted import apted_distance
    from nltk_tedeval.trees.mft import MultiFunctionTree

    x = MultiFunctionTree(x_nodes, 4)
    y = MultiFunctionTree(y_nodes, 4)
    assert apted_distance(x, y, labeled=labeled) == expected
    assert apted_distance(y, x, labeled=labeled) == expected


def test_prm_numbers_may_follow_several_blanks() -> None:
    """Second run, evalb_params.py: EVALB reads a number with C's atoi, which skips the
    blanks before it; a tab and spaces between keyword and number are allowed."""
    from nltk_tedeval.reading.evalb_params import EvalbParams

    assert EvalbParams.from_text("CUTOFF_LEN \t 25\n").cutoff_len == 25
    assert EvalbParams.from_text("MAX_ERROR   7\n").max_error == 7


def test_a_user_head_table_is_named_by_eight_hex_digits_of_its_text() -> None:
    """Second run, headrules.py: the signature names a table without a name by
    "user-" and the first 8 hex digits of the SHA-1 of its text (docs: heads:user-…),
    so two runs with the same table carry the same signature."""
    import hashlib
    import re

    from nltk_tedeval.trees.headrules import HeadRules

    rules = HeadRules({"NP": ("right", ["NN"])})
    assert re.fullmatch(r"user-[0-9a-f]{8}", rules.name)
    assert rules.name == "user-" + hashlib.sha1(rules.to_text().encode()).hexdigest()[:8]


def test_apted_leaves_the_recursion_limit_as_it_found_it() -> None:
    """Second run, engine_apted.py (``_deep``): a tree deep enough for APTED's own
    thread raises the interpreter's recursion limit while it runs, and must restore it;
    the distance is that of SPEC.md §5: a chain of 100 nested spans (i, 100), each
    labelled X, against the tree with only (0, 100):{X} has 99 labeled items to delete,
    every X but the one over the whole sentence, which both trees have."""
    import sys

    from nltk_tedeval.protocol.engine_apted import apted_distance
    from nltk_tedeval.trees.mft import MultiFunctionTree

    chain = MultiFunctionTree({(i, 100): {"X"} for i in range(100)}, 100)
    flat = MultiFunctionTree({(0, 100): {"X"}}, 100)
    before = sys.getrecursionlimit()
    # A limit below what the chain needs (4 × depth + 200, about 600), as a caller
    # may have set it: the engine raises it for its thread, then puts it back.
    sys.setrecursionlimit(450)
    try:
        assert apted_distance(chain, flat, labeled=True) == 99
        assert sys.getrecursionlimit() == 450
    finally:
        sys.setrecursionlimit(before)


@pytest.mark.parametrize("punct", ["include", "exclude"])
def test_attachment_missing_zero_counts_every_gold_token_by_hand(punct: str) -> None:
    """A missing parse under ``missing="zero"``: every scored gold token, nothing right.

    Sentence 1, "John saw Mary ." (nsubj root obj punct), parsed exactly.
    Sentence 2, "big red dog ." (amod amod root punct), no parse.

    Punctuation included: sentence 1 gives 4 tokens, 4 right in every column;
    sentence 2 gives 4 tokens, none right. Totals (tokens, head, label,
    head_label, undirected, ned, labeled_tokens) = (8, 4, 4, 4, 4, 4, 8): the
    gold of the missing parse carries relations, so LA and LAS count it too. Relations [gold,
    predicted, label right, both right]: amod [2, 0, 0, 0] (two gold tokens,
    nothing predicted), root and punct [2, 1, 1, 1], nsubj and obj [1, 1, 1, 1].

    Punctuation excluded: both "." leave, one from each sentence, so 2 tokens
    are excluded, the totals are (6, 3, 3, 3, 3, 3, 6), and punct appears nowhere.
    """
    from nltk_tedeval import AttachmentEvaluator
    from nltk_tedeval.trees.dependency import DependencyTree

    s1 = DependencyTree(
        ("John", "saw", "Mary", "."), (2, 0, 2, 2), ("nsubj", "root", "obj", "punct")
    )
    s2 = DependencyTree(("big", "red", "dog", "."), (3, 3, 0, 3), ("amod", "amod", "root", "punct"))
    ev = AttachmentEvaluator([s1, None], [s1, s2], missing="zero", punct=punct)
    with pytest.warns(MissingParseWarning):
        report = ev.report()
    rels = {r: (s.gold, s.predicted, s.label_correct, s.head_label_correct)
            for r, s in ev.relation_scores().items()}  # fmt: skip
    same = {"nsubj": (1, 1, 1, 1), "obj": (1, 1, 1, 1), "root": (2, 1, 1, 1), "amod": (2, 0, 0, 0)}
    if punct == "include":
        assert totals(ev, *ATTACHMENT_ROW) == (8, 4, 4, 4, 4, 4, 8)
        assert (report["tokens"], report["excluded_tokens"]) == (8, 0)
        assert rels == {**same, "punct": (2, 1, 1, 1)}
        assert pick(ev, *ATTACHMENT_ROW)[1] == [4, 0, 0, 0, 0, 0, 4]
    else:
        assert totals(ev, *ATTACHMENT_ROW) == (6, 3, 3, 3, 3, 3, 6)
        assert (report["tokens"], report["excluded_tokens"]) == (6, 2)
        assert rels == same
        assert pick(ev, *ATTACHMENT_ROW)[1] == [3, 0, 0, 0, 0, 0, 3]
    assert report["non_trees"] == {"parse": 0, "gold": 0}


def test_attachment_missing_zero_still_refuses_a_gold_that_is_no_tree() -> None:
    """SPEC.md §8: a gold whose heads form a cycle is an error, also when its parse is missing."""
    from nltk_tedeval import AttachmentEvaluator
    from nltk_tedeval.errors import TedEvalError
    from nltk_tedeval.trees.dependency import DependencyTree

    cycle = DependencyTree(("a", "b"), (2, 1), ("dep", "dep"), check=False)
    ev = AttachmentEvaluator([None], [cycle], missing="zero")
    with pytest.raises(TedEvalError, match="gold") as caught:
        ev.eval()
    assert "cycle" in str(caught.value)


def test_mph_missing_zero_counts_the_gold_brackets_by_hand() -> None:
    """MPH's ``missing="zero"``: (matched, gold, test) = (0, the gold's brackets, 0).

    "the big dog barked at the cat ." with Collins' heads: NP 0-3 (head dog),
    PP 4-7 (head at) and NP 5-7 (head cat) are maximal projections; VP 3-7
    shares S's head, barked; the period goes first (SPEC.md §7), so the
    brackets are counted over 7 words. Gold row: (0, 3, 0).
    """
    from nltk import Tree

    from nltk_tedeval import MPHEvaluator

    gold = Tree.fromstring(
        "(S (NP (DT the) (JJ big) (NN dog)) (VP (VBD barked) (PP (IN at) (NP (DT the) "
        "(NN cat)))) (. .))"
    )
    ev = MPHEvaluator([gold, None], [gold, gold], missing="zero")
    with pytest.warns(MissingParseWarning):
        rows = ev.stats.array.tolist()
    assert rows == [[3, 3, 3], [0, 3, 0]]
    # The evaluator's own head rules, also on this path: with every phrase
    # headed by its rightmost child (PP by its NP), cat heads S, VP, PP and
    # NP 5-7, so only NP 0-3 (head dog) is a maximal projection.
    rightmost = {"PP": ("right", "NP"), "*": ("right", ())}
    ev = MPHEvaluator([None], [gold], missing="zero", head_rules=rightmost)
    with pytest.warns(MissingParseWarning):
        assert ev.stats.array.tolist() == [[0, 1, 0]]


def test_mph_missing_zero_lifts_or_refuses_a_non_projective_gold_as_asked() -> None:
    """The zero path reads its gold with the evaluator's own options.

    a b c d with c -> a crossing b: refused, naming the gold, unless
    ``projectivize=True``, which lifts c -> a to b -> a and leaves no bracket.
    """
    from nltk.parse import DependencyGraph

    from nltk_tedeval import MPHEvaluator
    from nltk_tedeval.errors import NonProjectiveError

    nonproj = DependencyGraph(
        "a\tNN\t3\tdep\nb\tVB\t0\troot\nc\tNN\t2\tdep\nd\tNN\t2\tdep", top_relation_label="root"
    )
    lifted = MPHEvaluator([None], [nonproj], missing="zero", projectivize=True)
    with pytest.warns(MissingParseWarning):
        assert lifted.stats.array.tolist() == [[0, 0, 0]]
    refused = MPHEvaluator([None], [nonproj], missing="zero")
    with pytest.raises(NonProjectiveError, match=r"gold: non-projective arc 3 -> 1"):
        refused.eval()


def test_attachment_scores_a_dependency_tree_parse_that_is_no_tree() -> None:
    """Only a gold must be a tree (SPEC.md §8). A parse built as a ``DependencyTree``
    without the check, whose two tokens head each other, is scored and counted: "a b"
    with gold a <- b (nsubj), b root; a's head b is right, b's head a is wrong, and a is
    b's gold child, so b counts as undirected and NED. Row (2, 1, 2, 1, 2, 2, 2)."""
    from nltk_tedeval import AttachmentEvaluator
    from nltk_tedeval.trees.dependency import DependencyTree

    gold = DependencyTree(("a", "b"), (2, 0), ("nsubj", "root"))
    parse = DependencyTree(("a", "b"), (2, 1), ("nsubj", "root"), check=False)
    ev = AttachmentEvaluator([parse], [gold])
    with pytest.warns(NonTreeParseWarning, match=r"\(the heads form a cycle: 1 \(a\) -> 2"):
        assert pick(ev, *ATTACHMENT_ROW) == [[2, 1, 2, 1, 2, 2, 2]]
    assert ev.report()["non_trees"] == {"parse": 1, "gold": 0}


def test_parseval_error_sentence_length_skips_empty_elements_even_when_unreadable() -> None:
    """A gold EVALB cannot read ("sleeps" hangs under VP without a POS tag) is an error
    sentence, but its length still follows DELETE_LABEL_FOR_LENGTH (-NONE- in
    COLLINS.prm): of "* sleeps now" the trace does not count, so Len is 2, not 3, and
    the sentence falls in the len<=40 block."""
    from nltk import Tree

    from nltk_tedeval.metrics.parseval import ParsevalEvaluator

    gold = Tree.fromstring("(S (NP-SBJ (-NONE- *)) (VP sleeps (RB now)))")
    test = Tree.fromstring("(S (NP (-NONE- *)) (VP (VBZ sleeps) (RB now)))")
    ev = ParsevalEvaluator([test], [gold], on_error="skip")
    assert ev.sentence_lines() == [
        "   1    2    1    0.00   0.00     0      0    0      0      0     0     0.00"
    ]
    assert ev.stats.totals(["length", "errors", "errors_cut"]).tolist() == [2, 1, 1]


def test_attachment_suggests_other_metrics_only_for_constituency_trees() -> None:
    """The hint to use TedEval, ParsEval or MPH fits a phrase-structure tree; for a
    multi-function tree it would send the user the wrong way, so the message stops."""
    from nltk import Tree

    from nltk_tedeval import AttachmentEvaluator
    from nltk_tedeval.errors import TreeStructureError
    from nltk_tedeval.trees.mft import MultiFunctionTree

    mft = MultiFunctionTree({(0, 1): set()}, 1)
    with pytest.raises(TreeStructureError) as caught:
        AttachmentEvaluator([mft], [mft]).eval()
    assert str(caught.value) == (
        "sentence 1: parse: expected an nltk DependencyGraph, got a MultiFunctionTree"
    )
    tree = Tree.fromstring("(S (NN a))")
    with pytest.raises(TreeStructureError, match="for constituency trees use tedeval score") as c:
        AttachmentEvaluator([tree], [tree]).eval()
    assert c.value.token is None  # a tree is named by its kind, not printed whole


def test_evaluators_show_no_progress_bar_unless_asked(capsys: pytest.CaptureFixture[str]) -> None:
    """In Python the default is quiet: ``progress=False`` for every evaluator (the
    command line decides for itself), so nothing reaches standard error."""
    from nltk import Tree

    from nltk_tedeval import AttachmentEvaluator, MPHEvaluator, ParsevalEvaluator
    from nltk_tedeval.trees.dependency import DependencyTree

    dep = DependencyTree(("a", "b"), (2, 0), ("nsubj", "root"))
    tree = Tree.fromstring("(S (NP (DT a) (NN b)) (VP (VB c)))")
    AttachmentEvaluator([dep] * 50, [dep] * 50).eval()
    MPHEvaluator([tree] * 50, [tree] * 50).eval()
    ParsevalEvaluator([tree] * 50, [tree] * 50).eval()
    assert capsys.readouterr().err == ""
    AttachmentEvaluator([dep] * 50, [dep] * 50, progress=True).eval()
    assert "0/50" in capsys.readouterr().err  # the bar, cleared when done


def test_attachment_names_a_value_that_is_no_tree_at_all() -> None:
    """A plain string where a tree belongs: the error carries it as its token."""
    from nltk_tedeval import AttachmentEvaluator
    from nltk_tedeval.errors import TreeStructureError

    with pytest.raises(TreeStructureError) as caught:
        AttachmentEvaluator(["x y"], ["x y"]).eval()
    assert caught.value.token == "'x y'"
    assert "got a str" in str(caught.value)


def test_apted_size_limits_count_depth_and_nodes_exactly() -> None:
    """The APTED engine takes sorted function trees up to depth MAX_DEPTH (150).

    A chain of n nested spans (0,n), (0,n-1), ..., (0,1), one label each, has in
    labeled mode the root, n function nodes in a row and a terminal below the
    last: depth n + 2, and n function nodes + n terminals + the root = 2n + 1
    nodes. n = 148 (depth 150) is taken: the tree against itself, δ = 0 and
    ι = 148 + 148. n = 149 (depth 151, 299 nodes) is refused, with its numbers.
    """
    from nltk_tedeval.errors import OptionError
    from nltk_tedeval.protocol.engine_apted import MAX_DEPTH, apted_counts
    from nltk_tedeval.trees.mft import MultiFunctionTree

    assert MAX_DEPTH == 150

    def chain(n: int) -> MultiFunctionTree:
        return MultiFunctionTree({(0, k): {"X"} for k in range(1, n + 1)}, n)

    ok = chain(148)
    assert apted_counts(ok, ok, ok, labeled=True) == (0, 296)
    deep = chain(149)
    with pytest.raises(OptionError) as caught:
        apted_counts(deep, deep, deep, labeled=True)
    assert "this one has 299 nodes and depth 151" in str(caught.value)
    assert caught.value.token == "299 nodes, depth 151"
    assert str(caught.value).endswith(
        "use the span engine (engine='span'), which gives the same numbers in linear time"
    )


def test_apted_refuses_either_tree_when_it_has_too_many_nodes() -> None:
    """At most MAX_NODES (600) nodes, counted for each tree: 300 words, a label over
    every word and one over the sentence is 301 function nodes + 300 terminals + the
    root = 602, refused whether it comes first or second; the sentence label alone
    is 1 + 300 + 1 = 302."""
    from nltk_tedeval.errors import OptionError
    from nltk_tedeval.protocol.engine_apted import MAX_NODES, apted_distance
    from nltk_tedeval.trees.mft import MultiFunctionTree

    assert MAX_NODES == 600
    n = 300
    big = MultiFunctionTree({(0, n): {"X"}, **{(i, i + 1): {"A"} for i in range(n)}}, n)
    small = MultiFunctionTree({(0, n): {"X"}}, n)
    for x, y in ((small, big), (big, small)):
        with pytest.raises(OptionError, match="this one has 602 nodes and depth 4"):
            apted_distance(x, y, labeled=True)
    # 299 words: 300 function nodes + 299 terminals + the root = 600, still taken;
    # the distance is the 299 word labels to add.
    n = 299
    limit = MultiFunctionTree({(0, n): {"X"}, **{(i, i + 1): {"A"} for i in range(n)}}, n)
    assert apted_distance(MultiFunctionTree({(0, n): {"X"}}, n), limit, labeled=True) == 299


def test_deep_runs_in_its_own_thread_and_hands_back_result_or_error() -> None:
    """``_deep`` for a tree too deep for the caller's recursion limit: the value
    comes back, and so does the very exception the function raised."""
    from nltk_tedeval.protocol.engine_apted import _deep

    assert _deep(lambda: 42, 1000) == 42  # 4 × 1000 + 200 > the default limit / 2

    def fail() -> int:
        raise ZeroDivisionError("from the worker")

    with pytest.raises(ZeroDivisionError, match="from the worker"):
        _deep(fail, 1000)
