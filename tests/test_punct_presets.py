"""Punctuation as papers define it (issue 43, item 2): the presets of ``punct=`` and
``--punct``, each decided on the gold token.

By hand, one sentence of seven tokens (form, UPOS, PTB tag, gold head, relation), the
parse right on "I", "left", "$" and "5" and wrong on the other three:

    1 I PRON PRP 2 nsubj   2 left VERB VBD 0 root   3 -- PUNCT : 2 punct
    4 $ SYM $ 5 dep        5 5 NUM CD 2 obj         6 . PUNCT . 2 p     7 ( PUNCT -LRB- 5 punct

- include: every token, 4/7;
- exclude = unicode: "--", "." and "(" are all punctuation characters ("$" is a currency
  sign, not punctuation): 4/4;
- ptb-pos: the tags ":" and "." (-LRB- is no PTB punctuation tag): 4/5;
- upos: the three PUNCT: 4/4;
- relation: the two punct ("." is p): 4/5;
- spacy: p and punct: 4/4.

On the study's 605 sentences (arc-eager against the UD gold) each preset equals an
independent count with the conllu library (the test below).
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import conllu
import pytest

from nltk_tedeval import AttachmentEvaluator, OptionError, read_file
from nltk_tedeval.cli import main
from nltk_tedeval.trees.dependency import DependencyTree

ROOT = Path(__file__).resolve().parent.parent
STUDY = ROOT / "corpora_samples" / "study"

WORDS = ("I", "left", "--", "$", "5", ".", "(")
GOLD = DependencyTree(
    WORDS,
    (2, 0, 2, 5, 2, 2, 5),
    ("nsubj", "root", "punct", "dep", "obj", "p", "punct"),
    tags=("PRP", "VBD", ":", "$", "CD", ".", "-LRB-"),
    ctags=("PRON", "VERB", "PUNCT", "SYM", "NUM", "PUNCT", "PUNCT"),
)
PARSE = DependencyTree(
    WORDS,
    (2, 0, 1, 5, 2, 1, 1),
    ("nsubj", "root", "punct", "dep", "obj", "p", "punct"),
)
BY_HAND = {
    "include": (4, 7),
    "exclude": (4, 4),
    "unicode": (4, 4),
    "ptb-pos": (4, 5),
    "upos": (4, 4),
    "relation": (4, 5),
    "spacy": (4, 4),
}


@pytest.mark.parametrize("preset", sorted(BY_HAND))
def test_each_preset_by_hand(preset: str) -> None:
    ev = AttachmentEvaluator([PARSE], [GOLD], punct=preset)
    totals = ev.score("UAS").totals
    assert (totals["head"], totals["tokens"]) == BY_HAND[preset]
    assert ev.excluded_tokens == 7 - BY_HAND[preset][1]
    assert f"punct:{preset}" in str(ev.signature)


def _is_punct(form: str) -> bool:
    return all(unicodedata.category(c).startswith("P") for c in form)


ORACLE = {
    "include": lambda t: False,
    "unicode": lambda t: _is_punct(t["form"]),
    "ptb-pos": lambda t: t["xpos"] in {"``", "''", ",", ".", ":"},
    "upos": lambda t: t["upos"] == "PUNCT",
    "relation": lambda t: t["deprel"].split(":")[0] == "punct",
    "spacy": lambda t: t["deprel"].lower() in ("p", "punct"),
}


@pytest.mark.parametrize("preset", sorted(ORACLE))
def test_each_preset_equals_an_independent_count(preset: str) -> None:
    gold = conllu.parse((STUDY / "test.conllu").read_text(encoding="utf-8"))
    parse = conllu.parse((STUDY / "outputs" / "arc-eager.conllu").read_text(encoding="utf-8"))
    tokens = head = both = 0
    for g_sent, p_sent in zip(gold, parse, strict=True):
        g_words = [t for t in g_sent if isinstance(t["id"], int)]  # no multiword tokens
        p_words = [t for t in p_sent if isinstance(t["id"], int)]
        for g, p in zip(g_words, p_words, strict=True):
            if ORACLE[preset](g):
                continue
            tokens += 1
            head += g["head"] == p["head"]
            both += g["head"] == p["head"] and g["deprel"] == p["deprel"]
    ev = AttachmentEvaluator(
        [r.tree for r in read_file(STUDY / "outputs" / "arc-eager.conllu")],
        [r.tree for r in read_file(STUDY / "test.conllu")],
        punct=preset,
    )
    assert ev.score("UAS").totals == {"head": head, "tokens": tokens}
    assert ev.score("LAS").totals == {"head_label": both, "labeled_tokens": tokens}


def test_the_command_line_takes_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    gold, parse = str(STUDY / "test.conllu"), str(STUDY / "outputs" / "arc-eager.conllu")
    assert main(["attach", gold, parse, "--punct", "ptb-pos"]) == 0
    out = capsys.readouterr().out
    # 9,589 of 12,922 heads right, 9,054 with the relation (the oracle's count).
    assert "arc-eager  0.7007  0.7421" in out
    assert "punct:ptb-pos" in out


def test_a_preset_of_tags_is_refused_under_alignment() -> None:
    with pytest.raises(OptionError, match="under align punct is include, exclude or unicode"):
        AttachmentEvaluator([PARSE], [GOLD], punct="upos", align="exact")
    with pytest.raises(OptionError, match="punct must be one of"):
        AttachmentEvaluator([PARSE], [GOLD], punct="tags")


def test_exclude_by_field_by_hand() -> None:
    # "$" (XPOS $) left out as well: 3 of the 6 others right (I, left, 5).
    ev = AttachmentEvaluator([PARSE], [GOLD], exclude={"xpos": ["$"]})
    assert ev.score("UAS").totals == {"head": 3, "tokens": 6}
    assert "|exclude:xpos=$|" in str(ev.signature)
    # With upos: "$" and the three PUNCT out: 3 of 3.
    ev = AttachmentEvaluator([PARSE], [GOLD], punct="upos", exclude=["xpos=$"])
    assert ev.score("UAS").totals == {"head": 3, "tokens": 3}
    # By relation, MaltEval's ExcludeDeprels: dep and p out: 3 (I, left, 5) of 5.
    ev = AttachmentEvaluator([PARSE], [GOLD], exclude=["deprel=dep,p"])
    assert ev.score("UAS").totals == {"head": 3, "tokens": 5}
    assert ev.excluded_tokens == 2
    # No exclusion: the signature is as it always was.
    assert "exclude" not in str(AttachmentEvaluator([PARSE], [GOLD]).signature)


def test_exclude_from_a_file_of_values_equals_the_ptb_preset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A comma is a value: a file gives it, one value a line.
    values = tmp_path / "ptb.txt"
    values.write_text(",\n.\n:\n", encoding="utf-8")
    gold, parse = str(STUDY / "test.conllu"), str(STUDY / "outputs" / "arc-eager.conllu")
    assert main(["attach", gold, parse, "--exclude", f"xpos=@{values}",
                 "--exclude", "xpos=``,''"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "arc-eager  0.7007  0.7421" in out  # the ptb-pos preset's figures, above
    assert "|exclude:xpos='' , . : ``|" in out


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("misc=x",
         "exclude leaves tokens out by form, lemma, upos, xpos, feats, deprel, not 'misc'"),
        ("xpos", "--exclude takes FIELD=V[,V...] or FIELD=@FILE, not 'xpos'"),
        ("xpos=,", "--exclude xpos=,: no value (give a comma, as any value, in a file: "
                   "xpos=@FILE)"),
    ],
)
def test_exclude_refuses_what_it_cannot_do(
    value: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    gold = str(STUDY / "test.conllu")
    assert main(["attach", gold, gold, "--exclude", value]) == 1
    assert capsys.readouterr().err == f"tedeval: error: {message}\n"


def test_exclude_under_alignment_by_form_only() -> None:
    with pytest.raises(OptionError, match="under align exclude leaves words out by form only"):
        AttachmentEvaluator([PARSE], [GOLD], exclude={"upos": ["PUNCT"]}, align="exact")
    ev = AttachmentEvaluator([PARSE], [GOLD], exclude={"form": ["$", "("]}, align="exact")
    # Each side's "$" and "(" out: 5 words a side, I, left and 5 right.
    assert ev.score("UAS").totals["head"] == 3
    assert ev.score("UAS").totals["gold_tokens"] == 5
