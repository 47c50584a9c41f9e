"""Attachment scores broken down (SPEC.md §12.3): every key worked by hand, the groups
summing to the corpus over generated corpora, macro and N/A per group, seeded
intervals, per-group tests, and the CoNLL 2018 metrics by relation.

The worked corpus (two sentences, the parse beside the gold):

    S1 "GUM_news_a-1"   The  cat   sat  on   mats  .
       UPOS             DET  NOUN  VERB ADP  NOUN  PUNCT
       gold head/rel    2det 3nsubj 0root 5case 3obl 3punct
       parse head/rel   2det 3obj  0root 3case 3obl 5punct
    S2 "GUM_bio_b-1"    A    B     C     D
       UPOS             PRON VERB  VERB  ADV
       gold head/rel    3obj 0root 2xcomp 2advmod
       parse head/rel   2obj 0root 2xcomp 3advmod

Per token (H head right, L relation right, U undirected, N NED):
    The H L U N; cat H U N (nsubj→obj); sat H L U N; on L N (parse head 3 is the
    gold grandparent); mats H L U N; "." L; A L N (parse head 2 is A's gold
    grandparent); B H L U N; C H L U N; D L.
So the corpus has tokens 10, head 6, label 9, head_label 5, undirected 6, ned 8.
Row order: tokens, head, label, head_label, undirected, ned, labeled_tokens,
predicted, predicted_head, labeled_predicted.
"""

from __future__ import annotations

import importlib.util
import json
import math
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nltk_tedeval import AttachmentEvaluator, Conll18Evaluator, DependencyTree, read_file
from nltk_tedeval.errors import MissingParseWarning, OptionError
from nltk_tedeval.metrics.attachment_groups import (
    ARC_KEYS,
    ATTACHMENT_KEYS,
    TOKEN_KEYS,
    WordKey,
    document_of,
    register_word_key,
    token_groups,
    unregister_word_key,
    zero_groups,
)
from nltk_tedeval.metrics.conll18 import RELATION_COLUMNS
from nltk_tedeval.metrics.malteval_keys import MALTEVAL_KEYS
from nltk_tedeval.reading.ud_words import read_ud_words, read_ud_words_text
from nltk_tedeval.scoring.groups import DEFAULT_BINS, Bins

from .columns import ATTACHMENT_ROW, GROUP_ROW, group_rows, named_totals, totals
from .conftest import examples

GOLD_ROWS = [
    ("GUM_news_a-1", [
        ("The", "DET", "DT", 2, "det"), ("cat", "NOUN", "NN", 3, "nsubj"),
        ("sat", "VERB", "VBD", 0, "root"), ("on", "ADP", "IN", 5, "case"),
        ("mats", "NOUN", "NNS", 3, "obl"), (".", "PUNCT", ".", 3, "punct"),
    ]),
    ("GUM_bio_b-1", [
        ("A", "PRON", "PRP", 3, "obj"), ("B", "VERB", "VBD", 0, "root"),
        ("C", "VERB", "VB", 2, "xcomp"), ("D", "ADV", "RB", 2, "advmod"),
    ]),
]  # fmt: skip
PARSE_HEADS = [(2, 3, 0, 3, 3, 5), (2, 0, 2, 3)]
PARSE_RELS = [("det", "obj", "root", "case", "obl", "punct"), ("obj", "root", "xcomp", "advmod")]


def conllu(sentences) -> str:
    out = []
    for sid, words in sentences:
        if sid is not None:
            out.append(f"# sent_id = {sid}")
        for i, (form, upos, xpos, head, rel) in enumerate(words, start=1):
            out.append(f"{i}\t{form}\t{form.lower()}\t{upos}\t{xpos}\t_\t{head}\t{rel}\t_\t_")
        out.append("")
    return "\n".join(out) + "\n"


def parse_rows():
    return [
        (sid, [(w[0], w[1], w[2], h, r) for w, h, r in zip(words, heads, rels, strict=True)])
        for (sid, words), heads, rels in zip(GOLD_ROWS, PARSE_HEADS, PARSE_RELS, strict=True)
    ]


@pytest.fixture
def corpus(tmp_path):
    gold, parse = tmp_path / "gold.conllu", tmp_path / "parse.conllu"
    gold.write_text(conllu(GOLD_ROWS), encoding="utf-8")
    parse.write_text(conllu(parse_rows()), encoding="utf-8")
    return list(read_file(str(parse))), list(read_file(str(gold)))


def group_totals(ev, key):
    # The row order above (GROUP_ROW), by name: a column a measure adds is not among them.
    return group_rows(ev.breakdown(key), *GROUP_ROW)


S1 = (6, 4, 5, 3, 4, 5, 6, 6, 4, 6)  # sentence 1's corpus row, predicted = its tokens
S2 = (4, 2, 4, 2, 2, 3, 4, 4, 2, 4)
ONE = (1,) * 10  # a word right in everything
HEAD_WRONG_N = (1, 0, 1, 0, 0, 1, 1, 1, 0, 1)  # relation right, head wrong, NED right
HEAD_WRONG = (1, 0, 1, 0, 0, 0, 1, 1, 0, 1)  # relation right, head wrong, NED wrong

HAND = {
    # relation: a gold word in its gold relation's group, a parse word in its parse
    # relation's (predicted columns). cat is gold nsubj, parse obj; A is obj on both.
    "relation": {
        "root": (2,) * 10,
        "obj": (1, 0, 1, 0, 0, 1, 1, 2, 1, 2),  # gold A; parse cat (head right) and A
        "advmod": HEAD_WRONG,
        "case": HEAD_WRONG_N,
        "det": ONE,
        "nsubj": (1, 1, 0, 0, 1, 1, 1, 0, 0, 0),  # no parse nsubj
        "obl": ONE,
        "punct": HEAD_WRONG,
        "xcomp": ONE,
    },
    # direction (MaltEval): the side the head is on. Gold right: The cat on A; left:
    # mats . C D. Parse right: The cat A; left: on mats . C D.
    "direction": {
        "left": (4, 2, 4, 2, 2, 2, 4, 5, 2, 5),
        "right": (4, 2, 3, 1, 2, 4, 4, 3, 2, 3),
        "root": (2,) * 10,
    },
    # distance |h - d|: gold 1: The cat on C; 2: mats A D; 3: "."; parse 1: The cat on
    # "." A C D; 2: mats.
    "distance": {
        "root": (2,) * 10,
        "1": (4, 3, 3, 2, 3, 4, 4, 7, 3, 7),
        "2": (3, 1, 3, 1, 1, 2, 3, 1, 1, 1),
        "3": (1, 0, 1, 0, 0, 0, 1, 0, 0, 0),
    },
    # depth in the gold tree: 1 sat B; 2 cat mats . C D; 3 The on A.
    "depth": {
        "1": (2,) * 10,
        "2": (5, 3, 4, 2, 3, 3, 5, 5, 3, 5),
        "3": (3, 1, 3, 1, 1, 3, 3, 3, 1, 3),
    },
    # A's gold arc 3→1 spans B, the root word, which does not descend from C.
    "projective": {
        "projective": (9, 6, 8, 5, 6, 7, 9, 9, 6, 9),
        "non-projective": HEAD_WRONG_N,
    },
    "upos": {
        "VERB": (3,) * 10,
        "NOUN": (2, 2, 1, 1, 2, 2, 2, 2, 2, 2),  # cat (relation wrong) and mats
        "ADP": HEAD_WRONG_N,
        "ADV": HEAD_WRONG,
        "DET": ONE,
        "PRON": HEAD_WRONG_N,
        "PUNCT": HEAD_WRONG,
    },
    "xpos": {
        "VBD": (2,) * 10,
        ".": HEAD_WRONG,
        "DT": ONE,
        "IN": HEAD_WRONG_N,
        "NN": (1, 1, 0, 0, 1, 1, 1, 1, 1, 1),
        "NNS": ONE,
        "PRP": HEAD_WRONG_N,
        "RB": HEAD_WRONG,
        "VB": ONE,
    },
    "file": {"GUM_news_a": S1, "GUM_bio_b": S2},
    "genre": {"GUM_news": S1, "GUM_bio": S2},
}


@pytest.mark.parametrize("key", sorted(HAND))
def test_every_key_worked_by_hand(corpus, key):
    parse, gold = corpus
    ev = AttachmentEvaluator(parse, gold, by=key)
    assert group_totals(ev, key) == HAND[key]
    # Most frequent first (then by name); binned keys in their bins' order, root first.
    if ATTACHMENT_KEYS[key].binned:
        assert list(ev.breakdown(key)) == list(HAND[key])
    else:
        freq = [(-row[0], g) for g, row in HAND[key].items()]
        assert list(ev.breakdown(key)) == [g for _, g in sorted(freq)]


def test_length_bins_and_their_default(corpus):
    parse, gold = corpus
    # Both sentences (6 and 4 words) in the default 1-10; bins "5" split them.
    assert group_totals(AttachmentEvaluator(parse, gold, by="length"), "length") == {
        "1-10": tuple(a + b for a, b in zip(S1, S2, strict=True))
    }
    ev = AttachmentEvaluator(parse, gold, by="length", bins={"length": "5"})
    assert group_totals(ev, "length") == {"1-5": S2, "6+": S1}


def test_arc_measures_by_hand(corpus):
    parse, gold = corpus
    b = AttachmentEvaluator(parse, gold, by="relation").breakdown("relation")
    obj = b["obj"].scores
    # obj: gold A (head wrong); parse cat (head right) and A: LAS P 0/2, R 0/1,
    # F 0 (both 0); UAS P 1/2, R 0/1, F 0.
    assert [float(obj[m]) for m in ("LAS_P", "LAS_R", "LAS_F", "UAS_P", "UAS_R")] == [
        0.0, 0.0, 0.0, 0.5, 0.0,
    ]  # fmt: skip
    assert float(obj["UAS_F"]) == 0.0
    root = b["root"].scores
    assert [float(root[m]) for m in ("LAS_P", "LAS_R", "LAS_F")] == [1.0, 1.0, 1.0]
    # nsubj has no parse word: precision and F1 are N/A with their reason, recall 0/1.
    nsubj = b["nsubj"].scores
    assert float(nsubj["LAS_R"]) == 0.0
    assert nsubj["LAS_P"].format() == "n/a"
    assert nsubj["LAS_P"].reason == "no parse token of the group has a relation to compare"
    assert nsubj["LAS_F"].reason.startswith("precision or recall is undefined")
    assert b["nsubj"].frequency == 1 and b["root"].share == 2 / 10
    # distance 3 ("."): no parse arc of length 3.
    d3 = AttachmentEvaluator(parse, gold, by="distance").breakdown("distance")["3"].scores
    assert d3["UAS_P"].reason == "no parse token in the group" and float(d3["UAS_R"]) == 0.0


def test_confusions_most_frequent_first(corpus):
    parse, gold = corpus
    ev = AttachmentEvaluator(parse, gold, by="confusion")
    # Only cat has its head right and its relation wrong.
    assert {g: s.totals for g, s in ev.breakdown("confusion").items()} == {
        "nsubj→obj": {"count": 1}
    }
    assert ev.breakdown("confusion")["nsubj→obj"].scores == {}
    words = ("a", "b", "c", "d")
    gold_t = DependencyTree(words, (2, 0, 2, 2), ("nsubj", "root", "obj", "obj"))
    # Heads all right; b's relation right; a obj for nsubj, c and d iobj for obj:
    # obj→iobj twice, then nsubj→obj once.
    parse_t = DependencyTree(words, (2, 0, 2, 2), ("obj", "root", "iobj", "iobj"))
    b = AttachmentEvaluator([parse_t], [gold_t], by="confusion").breakdown("confusion")
    assert [(g, s.frequency) for g, s in b.items()] == [("obj→iobj", 2), ("nsubj→obj", 1)]
    # A head wrong is an attachment error, not a confusion.
    wrong = DependencyTree(words, (3, 0, 2, 2), ("obj", "root", "obj", "obj"))
    assert len(AttachmentEvaluator([wrong], [gold_t], by="confusion").breakdown("confusion")) == 0


def test_punct_exclude_and_strip_subtypes_apply_to_groups(corpus):
    parse, gold = corpus
    ev = AttachmentEvaluator(parse, gold, by="relation,upos", punct="exclude")
    # "." is left out: no punct group, and 9 tokens in the groups.
    assert "punct" not in ev.breakdown("relation") and "PUNCT" not in ev.breakdown("upos")
    assert sum(s.frequency for s in ev.breakdown("upos").values()) == 9
    words = ("it", "was", "seen")
    gold_t = DependencyTree(words, (3, 3, 0), ("nsubj:pass", "aux:pass", "root"))
    parse_t = DependencyTree(words, (3, 3, 0), ("nsubj", "aux:pass", "root"))
    kept = AttachmentEvaluator([parse_t], [gold_t], by="relation,confusion")
    assert set(kept.breakdown("relation")) == {"nsubj:pass", "nsubj", "aux:pass", "root"}
    assert list(kept.breakdown("confusion")) == ["nsubj:pass→nsubj"]
    cut = AttachmentEvaluator([parse_t], [gold_t], by="relation,confusion", strip_subtypes=True)
    assert set(cut.breakdown("relation")) == {"nsubj", "aux", "root"}
    assert float(cut.breakdown("relation")["nsubj"].scores["LAS_F"]) == 1.0
    assert len(cut.breakdown("confusion")) == 0


@pytest.mark.filterwarnings("ignore::nltk_tedeval.MissingParseWarning")
def test_missing_parses_zero_and_flat(corpus):
    parse, gold = corpus
    ev = AttachmentEvaluator([parse[0], None], gold, by="relation,upos", missing="zero")
    # S2's gold words count with nothing right and no parse word: root holds sat
    # (right) and B (missing): tokens 2, head 1, predicted 1.
    rel = group_totals(ev, "relation")
    assert rel["root"] == (2, 1, 1, 1, 1, 1, 2, 1, 1, 1)
    assert rel["xcomp"] == (1, 0, 0, 0, 0, 0, 1, 0, 0, 0)
    assert group_totals(ev, "upos")["VERB"] == (3, 1, 1, 1, 1, 1, 3, 1, 1, 1)
    flat = AttachmentEvaluator([parse[0], None], gold, by="relation,confusion", missing="flat")
    # The flat parse hangs A B C D on the root with "dep": B's head is right, its
    # relation not (root→dep); dep collects 4 parse words, 1 with its head.
    assert group_totals(flat, "relation")["dep"] == (0, 0, 0, 0, 0, 0, 0, 4, 1, 4)
    assert {g: s.frequency for g, s in flat.breakdown("confusion").items()} == {
        "nsubj→obj": 1,
        "root→dep": 1,
    }


def test_macro_per_group(corpus):
    parse, gold = corpus
    ev = AttachmentEvaluator(parse, gold, by="direction", statistics="rows")
    right = ev.breakdown("direction", average="macro")["right"].scores["LAS_R"]
    # Right-headed gold words: S1 The (right), cat, on: 1/3; S2 A: 0/1. Mean 1/6;
    # the micro figure is 1/4.
    assert float(right) == pytest.approx(1 / 6)
    assert float(ev.breakdown("direction")["right"].scores["LAS_R"]) == 0.25


def test_a_group_without_relations_is_na():
    words = ("I", "left")
    bare = AttachmentEvaluator(
        [DependencyTree(words, (2, 0))], [DependencyTree(words, (2, 0))], by="relation,upos"
    )
    group = bare.breakdown("relation")["_"].scores
    assert group["LAS_R"].format() == "n/a" and float(group["UAS_R"]) == 1.0
    assert group["LAS_R"].reason == "no gold token of the group has a relation to compare"
    assert bare.breakdown("upos")["_"].scores["LAS"].reason.startswith("no gold token")


def test_documents_from_ids_or_files():
    assert document_of("weblog-x_20051126-0001", None) == "weblog-x_20051126"
    assert document_of("GUM_bio_byron-3", "other.conllu") == "GUM_bio_byron"
    # A bare number or an id glued to its number names no document: the file does.
    assert document_of("12", "dir/GUM_bio_byron.conllu.gz") == "GUM_bio_byron"
    assert document_of("s12", None) == "-"


def test_files_name_documents_without_ids(tmp_path):
    rows = [(None, GOLD_ROWS[0][1])]
    path = tmp_path / "GUM_news_a.conllu"
    path.write_text(conllu(rows), encoding="utf-8")
    sents = list(read_file(str(path)))
    ev = AttachmentEvaluator(sents, sents, by="file,genre")
    assert list(ev.breakdown("file")) == ["GUM_news_a"]
    assert list(ev.breakdown("genre")) == ["GUM_news"]


def test_a_parse_token_on_itself_is_self():
    words = ("a", "b")
    gold = DependencyTree(words, (2, 0), ("nsubj", "root"))
    parse = DependencyTree(words, (1, 0), ("nsubj", "root"), check=False)
    with pytest.warns(Warning):
        ev = AttachmentEvaluator([parse], [gold], by="direction,distance")
        ev.stats  # noqa: B018
    # a: gold head 2 (right of it, distance 1); parse head itself.
    assert group_totals(ev, "direction")["self"] == (0,) * 7 + (1, 0, 1)
    assert group_totals(ev, "direction")["right"] == (1, 0, 1, 0, 0, 0, 1, 0, 0, 0)
    assert group_totals(ev, "distance")["self"] == (0,) * 7 + (1, 0, 1)


def test_alignment_has_no_breakdowns():
    maltevals = {k.name for k in MALTEVAL_KEYS}
    assert ATTACHMENT_KEYS.keys() == {*ARC_KEYS, *TOKEN_KEYS, "confusion", *maltevals}


# -- groups sum to the corpus, over generated corpora -------------------------------

TAGS = ("NOUN", "VERB", "PUNCT")
RELS = ("nsubj", "obj", "root", "punct")
FORMS = ("w", ",", "x")
FEATS = ("Case=Nom", "Case=Acc|Number=Sing", "Number=Sing", None)
GOLD_WORD_KEYS = {k.name for k in MALTEVAL_KEYS if not k.arc} | {"feats=Case"}


@st.composite
def any_tree_heads(draw, n):
    """Any tree over n words (projective or not): each word in a random order hangs
    from one placed before it, the first from the root."""
    order = draw(st.permutations(range(1, n + 1)))
    heads = [0] * n
    for k, node in enumerate(order):
        heads[node - 1] = 0 if k == 0 else order[draw(st.integers(0, k - 1))]
    return tuple(heads)


@st.composite
def sentence_pairs(draw):
    n = draw(st.integers(1, 7))
    words = tuple(draw(st.sampled_from(FORMS)) for _ in range(n))
    heads = draw(any_tree_heads(n))
    tags = tuple(draw(st.sampled_from(TAGS)) for _ in range(n))
    gold = DependencyTree(
        words,
        heads,
        tuple(draw(st.sampled_from(RELS)) for _ in range(n)),
        tags,
        tags,
        # The lemmas and features the keys by them read (MaltEval's Lemma, Feats).
        lemmas=tuple(draw(st.sampled_from(("w", "x", None))) for _ in range(n)),
        feats=tuple(draw(st.sampled_from(FEATS)) for _ in range(n)),
    )
    # A parse need not be a tree: any head, the token itself included.
    p_heads = tuple(draw(st.integers(0, n)) for _ in range(n))
    parse = DependencyTree(
        words, p_heads, tuple(draw(st.sampled_from(RELS)) for _ in range(n)), check=False
    )
    return parse, gold


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(sentence_pairs(), min_size=1, max_size=4), st.sampled_from(["include", "exclude"]))
def test_groups_sum_to_the_corpus(pairs, punct):
    parse, gold = zip(*pairs, strict=True)
    keys = (*ATTACHMENT_KEYS, "feats=Case")
    with _quiet():
        ev = AttachmentEvaluator(list(parse), list(gold), by=keys, punct=punct)
        corpus = named_totals(ev, *ATTACHMENT_ROW)
    tables = ev.group_tables
    for key in keys:
        if key == "confusion":
            continue
        sums = named_totals(tables[key], *GROUP_ROW)
        for column in ATTACHMENT_ROW:  # the gold side: every column
            assert sums[column] == corpus[column], (key, column)
        # The parse side: every scored parse word once, with its head right or not.
        assert sums["predicted"] == corpus["tokens"]
        assert sums["predicted_head"] == corpus["head"]
        assert sums["labeled_predicted"] == corpus["labeled_tokens"]
        if key in TOKEN_KEYS or key in GOLD_WORD_KEYS:  # each parse word in its gold group
            assert sums["predicted"] == sums["tokens"]
    # Every word has a relation here: a confusion is a word with the head right and
    # the relation wrong.
    assert totals(tables["confusion"], "count") == (corpus["head"] - corpus["head_label"],)


class _quiet:
    """Parses that are not trees warn; the sums are what is tested here."""

    def __enter__(self):
        import warnings

        self._w = warnings.catch_warnings()
        self._w.__enter__()
        warnings.simplefilter("ignore")

    def __exit__(self, *exc):
        return self._w.__exit__(*exc)


# -- intervals and tests per group, on GUM --------------------------------------------

GUM = Path(__file__).resolve().parent.parent / "corpora_samples" / "gum_excerpt"


def perturbed(gold_sents, every=7):
    """A parse made from the gold, deterministically: every ``every``-th word of the
    corpus gets the previous word as head (or the next, for the first), every
    ``every + 4``-th a relation from its neighbour."""
    from nltk_tedeval.trees.dependency import from_dependency_graph

    out, k = [], 0
    for sent in gold_sents:
        tree = from_dependency_graph(sent)
        heads, rels = list(tree.heads), list(tree.rels)
        n = len(heads)
        for i in range(n):
            k += 1
            if k % every == 0 and n > 1:
                heads[i] = i if i > 0 else 2
            if k % (every + 4) == 0 and n > 1:
                rels[i] = rels[(i + 1) % n]
        out.append(DependencyTree(tree.words, tuple(heads), tuple(rels), tree.tags, tree.ctags,
                                  check=False))  # fmt: skip
    return out


@pytest.fixture(scope="module")
def gum():
    gold = []
    for name in ("GUM_academic_art", "GUM_bio_byron", "GUM_news_crane"):
        path = GUM / f"{name}.conllu.gz"
        if not path.exists():  # the excerpt ships these three; fail loudly if it stops
            raise FileNotFoundError(path)
        gold += [s.tree if hasattr(s, "tree") else s for s in read_file(str(path))]
    return gold


def test_bootstrap_intervals_are_seeded_and_hold_the_estimate(gum):
    with _quiet():
        parse = perturbed(gum)
        ev = AttachmentEvaluator(parse, gum, by="relation,length", statistics="rows")
        a = ev.breakdown("relation", ci=0.95, rounds=200, seed=3)
        b = ev.breakdown("relation", ci=0.95, rounds=200, seed=3)
    for group in list(a)[:8]:
        for name in ("LAS_P", "LAS_R", "LAS_F"):
            sa, sb = a[group].scores[name], b[group].scores[name]
            assert sa.interval == sb.interval
            if not math.isnan(float(sa)):
                low, high, level = sa.interval
                assert level == 0.95 and low <= float(sa) <= high


def test_group_significance_identical_and_different(gum):
    with _quiet():
        same = perturbed(gum)
        a = AttachmentEvaluator(same, gum, by="relation", statistics="rows")
        b = AttachmentEvaluator(perturbed(gum), gum, by="relation", statistics="rows")
        tests = a.group_significance(b, "relation", "LAS_F", rounds=200)
    assert {r.p_value for r in tests.values() if not math.isnan(r.p_value)} == {1.0}
    # A system that gets every punct head wrong against the gold itself.
    from nltk_tedeval.trees.dependency import from_dependency_graph

    bad = []
    for sent in gum:
        t = from_dependency_graph(sent)
        heads = tuple(
            (h % len(t.heads)) + 1 if r == "punct" else h
            for h, r in zip(t.heads, t.rels, strict=True)
        )
        bad.append(DependencyTree(t.words, heads, t.rels, check=False))
    with _quiet():
        worse = AttachmentEvaluator(bad, gum, by="relation", statistics="rows")
        good = AttachmentEvaluator(gum, gum, by="relation", statistics="rows")
        res = worse.group_significance(good, "relation", "LAS_F", rounds=200)
    assert res["punct"].p_value < 0.01
    assert res["nsubj"].p_value == 1.0


# -- CoNLL 2018 by relation ----------------------------------------------------------


def ud(rows):
    line = "{}\t{}\t{}\t{}\t_\t_\t{}\t{}\t_\t_\n"
    return "".join(line.format(*r) for r in rows) + "\n"


def test_conll18_relation_by_hand():
    gold = ud([(1, "I", "I", "PRON", 2, "nsubj"), (2, "left", "leave", "VERB", 0, "root")])
    parse = ud([(1, "I", "I", "PRON", 2, "obj"), (2, "left", "left", "VERB", 0, "root")])
    ev = Conll18Evaluator(read_ud_words_text(parse), read_ud_words_text(gold), by="relation")
    b = ev.breakdown("relation")
    # nsubj: gold 1, system 0; obj: system 1; root: 1, 1, right (lemma wrong: BLEX 0).
    assert b["nsubj"].totals["LAS.gold"] == 1 and b["nsubj"].totals["LAS.system"] == 0
    assert float(b["nsubj"].scores["LAS.recall"]) == 0.0
    assert b["nsubj"].scores["LAS.precision"].format() == "n/a"
    assert float(b["obj"].scores["LAS.precision"]) == 0.0
    root = b["root"].scores
    assert [float(root[m]) for m in ("LAS", "CLAS", "MLAS", "BLEX")] == [1.0, 1.0, 1.0, 0.0]
    assert list(b) == ["nsubj", "root", "obj"]  # gold frequency 1, 1, 0; then by name


def test_conll18_groups_sum_to_the_script_counts():
    fixtures = Path(__file__).parent / "fixtures_conll18"
    for gold_path in sorted(fixtures.glob("*.gold.conllu"))[:4]:
        system_path = gold_path.with_name(gold_path.name.replace(".gold.", ".system."))
        ev = Conll18Evaluator(
            read_ud_words(str(system_path)), read_ud_words(str(gold_path)), by="relation"
        )
        sums = ev.group_tables["relation"].all_totals().tolist()
        got = dict(zip(RELATION_COLUMNS, sums, strict=True))
        for metric in ("LAS", "CLAS", "MLAS", "BLEX"):
            for c, v in ev.counts(metric).items():
                assert got[f"{metric}.{c}"] == v, (gold_path.name, metric, c)


def test_conll18_offers_only_the_relation():
    text = ud([(1, "Go", "go", "VERB", 0, "root")])
    ev = Conll18Evaluator(read_ud_words_text(text), read_ud_words_text(text))
    assert list(ev.available_breakdowns()) == ["relation"]
    with pytest.raises(OptionError, match="no breakdown by upos; it has relation"):
        Conll18Evaluator(read_ud_words_text(text), read_ud_words_text(text), by="upos")


# -- spaCy's dep_las_per_type on GUM (SPEC.md §12.3) -----------------------------------

SPACY = Path(__file__).parent / "fixtures_spacy"


def _spacy_make():
    """tests/fixtures_spacy/make_dep_las.py, which builds the pairs spaCy scored."""
    spec = importlib.util.spec_from_file_location("spacy_fixture_make", SPACY / "make_dep_las.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def spacy_run():
    make = _spacy_make()
    pairs = make.gum_pairs()
    parse = [DependencyTree(w, ph, pr, check=False) for w, _, _, ph, pr in pairs]
    gold = [DependencyTree(w, gh, gr) for w, gh, gr, _, _ in pairs]
    with _quiet():
        ev = AttachmentEvaluator(parse, gold, by="relation")
        ev.stats  # noqa: B018
    return make, pairs, ev


def assert_per_type_equal(breakdown, per_type, left_out=()):
    assert set(per_type) == set(breakdown) - set(left_out)
    for label, prf in per_type.items():
        scores = breakdown[label].scores
        for ours, theirs in (("LAS_P", "p"), ("LAS_R", "r"), ("LAS_F", "f")):
            value = float(scores[ours])
            if math.isnan(value):
                # A relation no parse word (gold word) has: N/A here, 0 in spaCy's PRFScore.
                assert prf[theirs] == 0.0, (label, ours)
            else:
                assert value == pytest.approx(prf[theirs], rel=1e-12, abs=1e-15), (label, ours)


def test_per_relation_las_equals_spacy_fixture(spacy_run):
    _, pairs, ev = spacy_run
    fixture = json.loads((SPACY / "gum_dep_las_per_type.json").read_text(encoding="utf-8"))
    assert fixture["sentences"] == len(pairs) == 2996
    b = ev.breakdown("relation")
    assert len(fixture["dep_las_per_type"]) == len(b) == 51
    assert_per_type_equal(b, fixture["dep_las_per_type"])
    # Every word has one arc on each side, so spaCy's LAS and UAS F1 are our LAS and UAS.
    assert float(ev.score("LAS")) == pytest.approx(fixture["dep_las"], rel=1e-12)
    assert float(ev.score("UAS")) == pytest.approx(fixture["dep_uas"], rel=1e-12)
    # The parser component ignores the labels p and punct: gold and parse arcs so
    # labelled drop out, and every other relation keeps its figures.
    assert_per_type_equal(b, fixture["parser_score"]["dep_las_per_type"], left_out=("punct",))


def test_per_relation_las_equals_spacy_live(spacy_run):
    pytest.importorskip("spacy", reason="spaCy is in the test extra; the fixture test stands")
    make, pairs, ev = spacy_run
    live = make.spacy_scores(pairs)
    assert_per_type_equal(ev.breakdown("relation"), live["dep_las_per_type"])


@pytest.mark.parametrize("statistics", ["sums", "rows"])
def test_groups_of_a_long_run_of_sums_count_every_token_once(statistics: str) -> None:
    # Issue 45: a run that keeps sums only (what the command line does by default) folds
    # each key's group rows every 8,192 rows; no test reached a fold before. 9,000
    # two-word sentences "dogs bark" (UPOS NOUN, VERB), the parse right on "bark" and
    # wrong on "dogs" (on the root, not on "bark"): NOUN 9,000 tokens, LAS 0; VERB 9,000,
    # LAS 1.
    upos = ("NOUN", "VERB")
    gold = DependencyTree(("dogs", "bark"), (2, 0), ("nsubj", "root"), ctags=upos)
    parse = DependencyTree(("dogs", "bark"), (0, 0), ("nsubj", "root"), ctags=upos)
    n = 9000
    ev = AttachmentEvaluator([parse] * n, [gold] * n, by="upos", statistics=statistics)
    b = ev.breakdown("upos")
    assert b["NOUN"].scores["LAS"].totals == {"head_label": 0, "labeled_tokens": n}
    assert b["VERB"].scores["LAS"].totals == {"head_label": n, "labeled_tokens": n}
    assert b["NOUN"].frequency == b["VERB"].frequency == n


def test_each_key_says_its_name_help_measures_and_order(corpus):
    # Issue 45 (the fifth mutation run): what a breakdown shows of its key. Arc keys show
    # precision, recall and F1 (not the token accuracies they also have); binned keys
    # keep their bins' order (depth 1, 2, 3 hold 2, 5 and 3 tokens: by frequency it would
    # be 2, 3, 1); a token key has no arc measure to test.
    parse, gold = corpus
    ev = AttachmentEvaluator(parse, gold, by="relation,depth,upos")
    relation = ev.breakdown("relation").as_dict()
    assert relation["key"] == "relation"
    assert relation["help"] == "the relation of the arc (gold for recall, parse for precision)"
    assert relation["measures"] == ["LAS_P", "LAS_R", "LAS_F", "UAS_P", "UAS_R", "UAS_F"]
    assert list(ev.breakdown("depth")) == ["1", "2", "3"]
    upos = ev.breakdown("upos")
    assert upos.as_dict()["help"] == "the gold word's universal part of speech (CoNLL-U column 4)"
    # VERB: sat, B and C, all three right (HAND).
    shown = str(upos["VERB"].scores["LAS"])
    assert shown.startswith("LAS = 1.0000 (head_label=3 labeled_tokens=3, 2 sentences)")
    assert "|by:upos=VERB|" in shown
    with pytest.raises(OptionError) as err:
        ev.group_significance(ev, "upos", "LAS_P")
    assert str(err.value) == (
        "the breakdown by upos has no measure 'LAS_P'; it has LAS, UAS, LA, UNDIRECTED, NED"
    )


def test_zero_groups_count_the_gold_tokens_and_no_parse_token():
    # A missing parse with nothing right: "I saw her" (I and her PRON on saw, VERB, the
    # root). Each gold token counts in its groups' tokens (and labeled_tokens when the
    # sentence is labeled), nothing right, no parse token: I's head is on its right, her's
    # on its left; the sentence is in 1-10, document GUM_bio_x, genre GUM_bio.
    gold = DependencyTree(("I", "saw", "her"), (2, 0, 2), ("nsubj", "root", "obj"),
                          ctags=("PRON", "VERB", "PRON"))  # fmt: skip
    keys = ("relation", "upos", "length", "direction", "file", "genre")
    groups = zero_groups(gold, gold.rels, None, True, keys, DEFAULT_BINS, ("GUM_bio_x-3", None))
    one, two, three = ((k, 0, 0, 0, 0, 0, k, 0, 0, 0) for k in (1, 2, 3))
    assert groups == {
        "relation": {"nsubj": one, "root": one, "obj": one},
        "upos": {"PRON": two, "VERB": one},
        "length": {"1-10": three},
        "direction": {"right": one, "root": one, "left": one},
        "file": {"GUM_bio_x": three},
        "genre": {"GUM_bio": three},
    }
    # Unlabeled, "her" not scored: two tokens, no labeled token.
    unlabeled = zero_groups(gold, gold.rels, (True, True, False), False, ("relation",), {})
    assert unlabeled == {"relation": {"nsubj": (1,) + (0,) * 9, "root": (1,) + (0,) * 9}}


@pytest.mark.parametrize(
    ("heads", "non_projective"),
    [
        # a <- b (the root), and c's head is a: the arc a -> c spans b, a's own head,
        # which does not descend from a. So c alone is non-projective.
        ((2, 0, 1), 1),
        # c is the root, a's head is c and b's is a: the arc c -> a spans b, which
        # descends from c through word 1. Projective, every arc.
        ((3, 1, 0), 0),
        # Word 1 the root; 2 -> 3 -> 4 -> 5 -> 6 -> 1, and 7's head 1: the arcs 1 -> 6 and
        # 1 -> 7 span words five arcs below word 1 at most. Projective, every arc.
        ((0, 3, 4, 5, 6, 1, 1), 0),
    ],
)
def test_projective_arcs_are_those_whose_span_descends_from_their_head(heads, non_projective):
    words = tuple("abcdefg"[: len(heads)])
    gold = DependencyTree(words, heads, ("dep",) * len(heads))
    ev = AttachmentEvaluator([gold], [gold], by="projective")
    expected = {"projective": len(heads) - non_projective, "non-projective": non_projective}
    assert {g: s.frequency for g, s in ev.breakdown("projective").items()} == {
        g: n for g, n in expected.items() if n
    }


def test_a_word_below_the_first_word_is_one_deeper():
    # "a b": a on the root (depth 1), b on a (depth 2), whichever word is visited first.
    gold = DependencyTree(("a", "b"), (0, 1), ("root", "dep"))
    ev = AttachmentEvaluator([gold], [gold], by="depth")
    assert {g: s.frequency for g, s in ev.breakdown("depth").items()} == {"1": 1, "2": 1}


def test_the_document_of_a_file_is_its_name_on_any_path():
    # A Windows path and a bare file name: the file's name without its extensions.
    assert document_of(None, "data\\gum\\dev.conllu") == "dev"
    assert document_of(None, "dev.conllu") == "dev"


# -- issue 45: the seventh mutation run (docs/mutation.md) ---------------------------------

# "a ." with "." on "a": the parse right on both (H L U N all right).
A_DOT = DependencyTree(("a", "."), (0, 1), ("root", "punct"), ctags=("NOUN", "PUNCT"))
RIGHT = (1, 1, 1, 1, 1, 1, 1, 1, 1, 1)  # one token, everything right, parse token too


def test_length_beside_relation_keeps_its_own_groups() -> None:
    # The keys of whole sentences and relation together take the sentence's row pass:
    # length still has its one group, 1-10 (both tokens right), relation its two.
    ev = AttachmentEvaluator([A_DOT], [A_DOT], by="length,relation")
    length = ev.breakdown("length")
    assert list(length) == ["1-10"]
    assert length["1-10"].totals["tokens"] == 2 and length["1-10"].totals["head"] == 2
    assert sorted(ev.breakdown("relation")) == ["punct", "root"]


def test_a_sentence_of_punctuation_alone_has_no_length_group() -> None:
    # punct="exclude": "a ." scores "a" only, "." alone scores nothing, so its sentence
    # is in no group (as a group's count of sentences says: 1, not 2).
    dot = DependencyTree((".",), (0,), ("punct",), ctags=("PUNCT",))
    # By length alone (the sentence's row pass) and beside upos (the token pass).
    for by in ("length", "length,upos"):
        ev = AttachmentEvaluator([A_DOT, dot], [A_DOT, dot], by=by, punct="exclude")
        group = ev.breakdown("length")["1-10"]
        assert group.key == "length" and group.totals["tokens"] == 1
        shown = str(group.scores["UAS"])
        assert shown.startswith("UAS = 1.0000 (head=1 tokens=1, 1 sentence)"), by


def test_a_missing_parse_under_zero_is_in_the_gold_distance_groups_only() -> None:
    # missing="zero": "a" (from the root) and "." (distance 1) count as gold tokens with
    # nothing right, and as no parse token (no precision).
    ev = AttachmentEvaluator([None], [A_DOT], by="distance", missing="zero")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingParseWarning)
        b = ev.breakdown("distance")
    for group in ("root", "1"):
        t = b[group].totals
        assert (t["tokens"], t["head"], t["predicted"]) == (1, 0, 0), group


def test_token_groups_called_directly_take_what_the_signature_allows() -> None:
    # token_groups is public: a parse without relations (parse_rels None), a row without
    # relation_rows, a missing parse with a row, no row at all. Rows of GROUP_COLUMNS by
    # hand: (tokens, head, label, head_label, undirected, ned, labeled_tokens, predicted,
    # predicted_head, labeled_predicted).
    rels = ["root", "punct"]
    bins = DEFAULT_BINS
    unlabeled = token_groups(A_DOT, A_DOT, rels, None, None, False, ["relation"], bins)
    assert unlabeled == {"relation": {g: (1, 1, 0, 0, 1, 1, 0, 0, 0, 0) for g in rels}}
    whole = (2, 2, 2, 2, 2, 2, 2)  # the sentence's ATTACHMENT_COLUMNS row
    by_relation = token_groups(A_DOT, A_DOT, rels, rels, None, True, ["relation"], bins, row=whole)
    assert by_relation == {"relation": {"root": RIGHT, "punct": RIGHT}}
    assert token_groups(A_DOT, A_DOT, rels, rels, None, True, ["length"], bins) == {
        "length": {"1-10": (2,) * 10}
    }
    # Labeled, but the parse has no relations: no label is right, every token labeled.
    labeled = token_groups(A_DOT, A_DOT, rels, None, None, True, ["relation"], bins)
    assert labeled == {"relation": {g: (1, 1, 0, 0, 1, 1, 1, 0, 0, 0) for g in rels}}
    # Confusions need a labeled run with parse relations: none otherwise.
    for parse_rels, labeled_run in ((None, True), (rels, False)):
        got = token_groups(A_DOT, A_DOT, rels, parse_rels, None, labeled_run, ["confusion"], bins)
        assert got == {"confusion": {}}
    zero = (2, 0, 0, 0, 0, 0, 2)
    missing = token_groups(A_DOT, None, rels, None, None, True, ["length"], bins, row=zero)
    assert missing == {"length": {"1-10": (2, 0, 0, 0, 0, 0, 2, 0, 0, 0)}}


def test_an_arc_word_key_shows_arc_measures_and_a_valued_key_is_made_anew() -> None:
    # A registered arc key shows precision, recall and F1, as distance does. A key that
    # takes a value ("mine=a=b": the value a=b, split at the first "=") is made once per
    # name, and made anew once its key is taken out and registered again.
    # Binned: each head in the bins 1, 2+ (heads 0 and 1 are both in 1).
    def heads(g: Any, b: Any) -> list[str]:
        return [b.label(h) for h in g.heads]

    register_word_key(WordKey("mine_arc", "h", heads, bins=Bins((1,)), arc=True))
    try:
        ev = AttachmentEvaluator([A_DOT], [A_DOT], by="mine_arc")
        assert list(ev.breakdown("mine_arc")) == ["1"]
        assert ev.breakdown("mine_arc").as_dict()["measures"] == [
            "LAS_P", "LAS_R", "LAS_F", "UAS_P", "UAS_R", "UAS_F"
        ]  # fmt: skip
    finally:
        unregister_word_key("mine_arc")

    def key(prefix: str) -> WordKey:
        def valued(value: str) -> Any:
            return lambda g, b: [prefix + value] * len(g.heads)

        return WordKey("mine", "h", lambda g, b: ["_"] * len(g.heads), valued=valued)

    for prefix in ("old:", "new:"):
        register_word_key(key(prefix))
        try:
            ev = AttachmentEvaluator([A_DOT], [A_DOT], by="mine=a=b")
            assert list(ev.breakdown("mine=a=b")) == [f"{prefix}a=b"]
        finally:
            unregister_word_key("mine")

    # Binned and valued at once: "mine_n=x" takes the key's bins (1, 2+), as "mine_n" does
    # (it stopped with KeyError: 'mine_n=x'; the seventh mutation run's finding). A_DOT's
    # heads are in the bins 1 and 2+ as heads() labels them.
    def valued_heads(value: str) -> Any:
        return lambda g, b: [f"{value}{b.label(h)}" for h in g.heads]

    register_word_key(WordKey("mine_n", "h", heads, bins=Bins((1,)), valued=valued_heads))
    try:
        plain = AttachmentEvaluator([A_DOT], [A_DOT], by="mine_n").breakdown("mine_n")
        ev = AttachmentEvaluator([A_DOT], [A_DOT], by="mine_n=x")
        assert sorted(ev.breakdown("mine_n=x")) == sorted(f"x{g}" for g in plain)
        got = {g: r.scores["UAS"].totals["tokens"] for g, r in ev.breakdown("mine_n=x").items()}
        assert got == {f"x{g}": r.scores["UAS"].totals["tokens"] for g, r in plain.items()}
        assert got == {"x1": 2}  # heads 0 and 1, both in the bin 1
    finally:
        unregister_word_key("mine_n")


def test_a_word_keys_bad_name_is_refused_as_worded() -> None:
    with pytest.raises(OptionError) as err:
        register_word_key(WordKey("a b", "", lambda g, b: []))
    assert str(err.value) == (
        "a breakdown key's name is a word (letters, digits, _ and - within it), not 'a b'"
    )
