"""Tests written to kill the survivors of disco-dop's ParsEval in issue 26's mutation audit
(docs/mutation.md, "The fourth run").

Each test names, in its docstring, the behaviour that surviving mutants of
``nltk_tedeval/metrics/disco_parseval.py`` got wrong. Every expected value is
worked out in the comments, from SPEC.md or from the rules of disco-dop's
``discodop/eval.py`` (github andreasvc/disco-dop, commit dd181a6, the commit
of the fixtures in tests/fixtures_disco): ``readparam``, ``transform``,
``parentedbracketings`` and ``catbreakdown``; never copied from the
package's output.
"""

from __future__ import annotations

import codecs
import dataclasses
import locale
import sys
from pathlib import Path

import pytest

from nltk_tedeval import DiscoParsevalEvaluator
from nltk_tedeval.errors import MissingParseWarning
from nltk_tedeval.metrics.bracket_groups import UNLABELED
from nltk_tedeval.metrics.disco_parseval import DiscoParams
from nltk_tedeval.trees.discontinuous import DiscTree

DBR = DiscTree.from_discbracket


def bracket_totals(ev: DiscoParsevalEvaluator, key: str) -> dict[str, tuple[int, int, int]]:
    """A breakdown's groups as (matched, gold, test)."""
    return {
        g: (s.totals["matched"], s.totals["gold"], s.totals["test"])
        for g, s in ev.breakdown(key).items()
    }


def events(ev: DiscoParsevalEvaluator, key: str) -> dict[str, int]:
    """A breakdown of counted events (confusions, attachment errors): group -> count."""
    return {g: s.frequency for g, s in ev.breakdown(key).items()}


# -- the parameter file ------------------------------------------------------------------


def test_a_parameter_file_is_read_as_utf8_whatever_the_locale(tmp_path: Path) -> None:
    """A parameter file is UTF-8 (disco-dop's ``readparam`` opens it with
    ``encoding='utf8'``; proper.prm's DELETE_WORD names ``«`` and ``»``), also where the
    locale's encoding is ASCII.

    A survivor read it in the locale's encoding."""
    if sys.flags.utf8_mode:
        pytest.skip("in UTF-8 mode every file is read as UTF-8")
    prm = tmp_path / "guillemets.prm"
    prm.write_bytes("DELETE_WORD «\nDELETE_WORD »\n".encode())
    old = locale.setlocale(locale.LC_CTYPE)
    try:
        locale.setlocale(locale.LC_CTYPE, "C")
        if codecs.lookup(locale.getpreferredencoding(False)).name == "utf-8":
            pytest.skip("the C locale of this platform is UTF-8")
        params = DiscoParams.from_file(str(prm))
    finally:
        locale.setlocale(locale.LC_CTYPE, old)
    # The two lines, each a DELETE_WORD with one word: « and ».
    assert params.delete_words == frozenset({"«", "»"})
    assert params.name == "guillemets.prm"


# -- the breakdowns (SPEC.md §12.4) ------------------------------------------------------


def test_the_root_bracket_has_no_parent_in_attachment_errors() -> None:
    """The root's parent is ``""`` (disco-dop's ``parentedbracketings`` takes
    ``getattr(a.parent, 'label', '')``, and the root has none).

    Survivors gave the root a parent: the label of its first child, of the last node
    read, or a made-up one."""
    # proper.prm deletes neither S nor X, nor a word or tag here.
    # Gold: S {0,1} is the root: (S, {0,1}, parent "").
    # Parse: the root X {0,1} (parent ""), and S {0,1} under it (parent X).
    # disco-dop: the gold's (S, {0,1}, "") is not among the parse's, so its gold
    # parent is ""; the parse's (S, {0,1}, "X") is not among the gold's and has
    # that gold parent: one attachment error, S with gold parent "" and parse
    # parent X. The parse's X has no gold bracket of its label and span: no event.
    gold = DBR("(S (NN 0=a) (VB 1=b))")
    parse = DBR("(X (S (NN 0=a) (VB 1=b)))")
    ev = DiscoParsevalEvaluator([parse], [gold], by="attachment")
    assert events(ev, "attachment") == {"S: →X": 1}


def test_a_deleted_phrase_hands_its_children_to_its_parent_in_attachment_errors() -> None:
    """A phrase whose label is deleted is no one's parent: its children hang from its own
    parent (disco-dop's ``transform`` splices them in), so their parent is that one's label.

    Survivors kept the deleted phrase as its children's parent."""
    params = dataclasses.replace(DiscoParams(), delete_labels=DiscoParams().delete_labels | {"X"})
    # Gold after transform: S {0,1,2} (parent ""), and X's child NP {0,1} under S
    # (parent S); X itself is no bracket. Parse: S {0,1,2} (""), VP {0,1,2} (S),
    # NP {0,1} (VP). The gold's (NP, {0,1}, S) is not the parse's: gold parent S;
    # the parse's (NP, {0,1}, VP) is not the gold's: one error NP, S -> VP. The
    # parse's VP has no gold VP on its span: no event; S is the same on both sides.
    gold = DBR("(S (X (NP (NN 0=a) (NN 1=b))) (VB 2=c))")
    parse = DBR("(S (VP (NP (NN 0=a) (NN 1=b)) (VB 2=c)))")
    ev = DiscoParsevalEvaluator([parse], [gold], params, by="attachment")
    assert events(ev, "attachment") == {"NP: S→VP": 1}


def test_the_root_keeps_its_label_in_the_category_breakdown() -> None:
    """EQ_LABEL maps every label below the root, never the root's own (disco-dop's
    ``transform`` relabels children only), in the breakdowns as in the corpus figures.

    A survivor mapped the root's label in the breakdowns."""
    # EQ_LABEL A S: the class {A, S}, named by its first member, A. The file
    # deletes no label or word. Brackets on both sides: the root S {0,1,2} keeps
    # its label S; NP {0}; the inner S {1,2} is A. Each matched once.
    params = DiscoParams.from_text("EQ_LABEL A S\n")
    tree = DBR("(S (NP (NN 0=a)) (S (VB 1=b) (NN 2=c)))")
    ev = DiscoParsevalEvaluator([tree], [tree], params, by="label")
    assert bracket_totals(ev, "label") == {"S": (1, 1, 1), "NP": (1, 1, 1), "A": (1, 1, 1)}


def test_unlabeled_scoring_has_one_category() -> None:
    """With ``LABELED 0`` a bracket is ``("", words)`` (disco-dop's ``bracketing``), so
    every bracket is in the one category ``(unlabeled)`` (SPEC.md §12.4) and a bracket
    matches one of another label on the same words.

    Survivors kept the labels, or named the category otherwise."""
    params = dataclasses.replace(DiscoParams(), labeled=False)
    # Gold S {0,1,2}, NP {0,1}; parse S {0,1,2}, VP {0,1} (ROOT-less trees,
    # nothing deleted). Unlabeled: ("", {0,1,2}) and ("", {0,1}) on both sides,
    # both matched: one category of 2 matched, 2 gold, 2 test.
    gold = DBR("(S (NP (NN 0=a) (NN 1=b)) (VB 2=c))")
    parse = DBR("(S (VP (NN 0=a) (NN 1=b)) (VB 2=c))")
    ev = DiscoParsevalEvaluator([parse], [gold], params, by="label")
    assert bracket_totals(ev, "label") == {UNLABELED: (2, 2, 2)}


def test_the_length_breakdown_alone_and_with_its_own_bins() -> None:
    """``by="length"`` alone puts the sentence's row in the bin of its length, with the
    bins given for ``length`` (SPEC.md §12.4, §12.7).

    Survivors failed when ``length`` was the only key, or used the default bins."""
    # Gold = parse, 3 words, nothing deleted by proper.prm (ROOT-less tree): S
    # {0,1,2} and NP {0,1}, both matched; length 3. Bins "2": 1-2 and 3+; the
    # sentence is in 3+ (the default bins would put it in 1-10).
    tree = DBR("(S (NP (NN 0=a) (NN 1=b)) (VB 2=c))")
    ev = DiscoParsevalEvaluator([tree], [tree], by="length", bins={"length": "2"})
    groups = ev.breakdown("length")
    assert list(groups) == ["3+"]
    t = groups["3+"].totals
    assert (t["matched"], t["gold"], t["test"], t["length"], t["words"]) == (2, 2, 2, 3, 3)


def test_a_missing_parse_scored_zero_has_its_gold_brackets_in_its_groups() -> None:
    """Under ``missing="zero"`` a missing parse's groups hold its gold brackets, none
    matched, and no test bracket (SPEC.md §10, §12.4), also where the parameter file
    keeps the flat parse's ``ROOT``; its row is in its length group.

    Survivors dropped the groups, failed on them, or counted the flat parse's ROOT."""
    # A file that deletes nothing: the flat parse ROOT {0,1,2} would be a bracket.
    params = DiscoParams.from_text("CUTOFF_LEN 40\n")
    gold = DBR("(S (NP (NN 0=a) (NN 1=b)) (VB 2=c))")
    ev = DiscoParsevalEvaluator([None], [gold], params, by="label,length", missing="zero")
    with pytest.warns(MissingParseWarning):  # the sentences are scored when first asked
        label = bracket_totals(ev, "label")
    # Gold S {0,1,2} and NP {0,1}, unmatched; no test bracket.
    assert label == {"S": (0, 1, 0), "NP": (0, 1, 0)}
    # The row (SPEC.md §10, zero): matched 0, gold 2, test 0, no tag right of 3
    # words, length 3: bin 1-10.
    length = ev.breakdown("length")
    assert list(length) == ["1-10"]
    t = length["1-10"].totals
    assert (t["matched"], t["gold"], t["test"], t["correct_tags"], t["words"]) == (0, 2, 0, 0, 3)
    assert t["length"] == 3
