"""Extreme inputs: very long, very deep and very many sentences, and odd labels.

Each input is read from a file, converted and scored by every metric that
applies, and the numbers are checked against values worked out by hand in
the comments (they follow from the definitions in SPEC.md; no scorer was
run to get them). Nothing here measures time: that belongs to the
benchmarks. What is tested is that nothing recurses, nothing is quadratic
enough to stall the suite, and the numbers are right.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from nltk_tedeval import (
    AttachmentEvaluator,
    MPHEvaluator,
    ParsevalEvaluator,
    TedEvalEvaluator,
    to_mft,
)
from nltk_tedeval.errors import InputFormatError, OptionError
from nltk_tedeval.protocol.engine_apted import MAX_DEPTH, MAX_NODES
from nltk_tedeval.reading import read_file, read_text
from nltk_tedeval.trees.dependency import Arc, DependencyTree

from .conftest import PROFILE

LONG = 5000
DEEP = 2000
# The scale test's sentences: 200,000 in a thorough run, a quarter of them in the default one
# (tests/conftest.py): linear either way, which is what it shows.
MANY = 200_000 if PROFILE != "default" else 50_000


def conll_line(i: int, word: str, head: int, rel: str, tag: str = "NN") -> str:
    return f"{i}\t{word}\t{word}\t{tag}\t{tag}\t_\t{head}\t{rel}\t_\t_\n"


def scores(ev) -> list[float]:
    return [float(s) for s in ev.eval()]


# -- a sentence of 5,000 tokens ------------------------------------------------------------


@pytest.fixture(scope="module")
def long_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A flat bracketed sentence and a star-shaped dependency tree of 5,000 tokens.

    Gold: (S (NP-SBJ (T w0)) ... (NP-SBJ (T w4999))). Parse: every tenth
    constituent (w0, w10, ...) is VP-OBJ instead.
    Dependency gold: token 1 is the root, every other token hangs from it.
    Dependency parse: every token k divisible by 10 hangs from k - 1 instead.
    """
    d = tmp_path_factory.mktemp("long")
    words = [f"w{i}" for i in range(LONG)]
    gold = "(S " + " ".join(f"(NP-SBJ (T {w}))" for w in words) + ")\n"
    parse = (
        "(S "
        + " ".join(
            f"({'VP-OBJ' if i % 10 == 0 else 'NP-SBJ'} (T {w}))" for i, w in enumerate(words)
        )
        + ")\n"
    )
    dep_gold = "".join(
        conll_line(k, words[k - 1], 0 if k == 1 else 1, "root" if k == 1 else "dep")
        for k in range(1, LONG + 1)
    )
    dep_parse = "".join(
        conll_line(
            k,
            words[k - 1],
            0 if k == 1 else (k - 1 if k % 10 == 0 else 1),
            "root" if k == 1 else "dep",
        )
        for k in range(1, LONG + 1)
    )
    files = {"gold.ptb": gold, "parse.ptb": parse, "gold.conll": dep_gold, "parse.conll": dep_parse}
    for name, text in files.items():
        (d / name).write_text(text if name.endswith(".ptb") else text + "\n", encoding="utf-8")
    return {name: d / name for name in files}


def test_long_sentence_tedeval_brackets(long_files: dict[str, Path]) -> None:
    ev = TedEvalEvaluator(read_file(long_files["parse.ptb"]), read_file(long_files["gold.ptb"]))
    labeled, unlabeled = ev.eval()
    # Labeled items: SBJ over every token in gold; 500 tokens carry OBJ instead
    # in the parse: 500 deletions and 500 additions, ι = 5000 + 5000.
    assert labeled.totals == {"delta_labeled": 1000, "iota_labeled": 10000}
    assert float(labeled) == pytest.approx(0.9)
    # Unlabeled: the same 5000 one-token spans on both sides.
    assert unlabeled.totals == {"delta_unlabeled": 0, "iota_unlabeled": 10000}


def test_long_sentence_tedeval_dependencies(long_files: dict[str, Path]) -> None:
    ev = TedEvalEvaluator(read_file(long_files["parse.conll"]), read_file(long_files["gold.conll"]))
    labeled, unlabeled = ev.eval()
    # Gold items: root(0,5000), hd(0,1), dep(k-1,k) for k = 2..5000: 5001.
    # In the parse the 500 tokens j = k - 1 (k divisible by 10) head k, so
    # dep(j-1,j) becomes dep(j-1,j+1) plus hd(j-1,j): 1000 additions, 500
    # deletions; the parse has 5001 + 500 items.
    assert labeled.totals == {"delta_labeled": 1500, "iota_labeled": 5501 + 5001}
    # Unlabeled: gold has the 5000 one-token spans, the parse also the 500
    # spans (j-1, j+1).
    assert unlabeled.totals == {"delta_unlabeled": 500, "iota_unlabeled": 5500 + 5000}


def test_long_sentence_parseval(long_files: dict[str, Path]) -> None:
    gold = read_file(long_files["gold.ptb"], one_per_line=True)
    test = read_file(long_files["parse.ptb"], one_per_line=True)
    ev = ParsevalEvaluator(test, gold)
    p, r, f = ev.eval()
    # Brackets: S over everything plus one NP or VP per word (function tags
    # cut): 5001 on each side, of which the 500 VP brackets do not match.
    assert p.totals == {"matched": 4501, "gold": 5001, "test": 5001}
    assert float(p) == float(r) == float(f) == pytest.approx(4501 / 5001)
    summary = ev.summary()
    assert summary["all"]["valid_sentences"] == 1
    assert summary["cutoff"]["sentences"] == 0  # longer than CUTOFF_LEN 40


def test_long_sentence_attachment(long_files: dict[str, Path]) -> None:
    ev = AttachmentEvaluator(
        read_file(long_files["parse.conll"]), read_file(long_files["gold.conll"])
    )
    las, uas = ev.eval()
    # 500 of 5000 tokens hang from their left neighbour instead of token 1;
    # that neighbour is neither their gold child nor their grandparent (0).
    assert las.totals == {"head_label": 4500, "labeled_tokens": 5000}
    assert float(uas) == pytest.approx(0.9)
    assert float(ev.score("UNDIRECTED")) == float(ev.score("NED")) == pytest.approx(0.9)


def test_long_sentence_mph(long_files: dict[str, Path]) -> None:
    # A dependency parse against bracketed gold. Collins' S rule makes w0's
    # NP the head of S, so no NP is a maximal projection of more than one
    # word: gold has no MPH bracket. The parse's 500 two-token projections
    # (j-1, j+1) all are brackets.
    ev = MPHEvaluator(read_file(long_files["parse.conll"]), read_file(long_files["gold.ptb"]))
    p, _, f = ev.eval()
    assert p.totals == {"matched": 0, "gold": 0, "test": 500}
    assert float(f) == 0.0


# -- a tree 2,000 levels deep --------------------------------------------------------------


@pytest.fixture(scope="module")
def deep_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A right-branching chain 2,000 levels deep, and a flat tree over the same words.

    Bracketed: (S-F (T w0) (S-F (T w1) ... (S-F (T w1999))...)) and
    (S-F (T w0) (T w1) ... (T w1999)). Dependencies: token i hangs from
    i - 1 (a chain), or every token from token 1 (a star).
    """
    d = tmp_path_factory.mktemp("deep")
    words = [f"w{i}" for i in range(DEEP)]
    chain = "".join(f"(S-F (T {w}) " for w in words[:-1]) + f"(S-F (T {words[-1]}))"
    chain += ")" * (DEEP - 1)
    flat = "(S-F " + " ".join(f"(T {w})" for w in words) + ")"
    dep_chain = "".join(
        conll_line(k, words[k - 1], k - 1, "root" if k == 1 else "dep") for k in range(1, DEEP + 1)
    )
    dep_star = "".join(
        conll_line(k, words[k - 1], 0 if k == 1 else 1, "root" if k == 1 else "dep")
        for k in range(1, DEEP + 1)
    )
    files = {"chain.ptb": chain, "flat.ptb": flat, "chain.conll": dep_chain, "star.conll": dep_star}
    for name, text in files.items():
        (d / name).write_text(text + "\n", encoding="utf-8")
    return {name: d / name for name in files}


def test_deep_tree_reads_and_converts(deep_files: dict[str, Path]) -> None:
    (record,) = read_file(deep_files["chain.ptb"])
    mft = to_mft(record.tree)
    # S-F over (i, 2000) for every i, and the 2000 one-token spans of T.
    assert len(mft) == 2 * DEEP - 1
    assert mft.labels((DEEP - 1, DEEP)) == {"F"} and mft.labels((5, 6)) == frozenset()
    (record,) = read_file(deep_files["chain.conll"])
    assert len(to_mft(record.tree)) == 2 * DEEP - 1  # projections (i, n) and hd nodes


def test_deep_tree_tedeval(deep_files: dict[str, Path]) -> None:
    same = TedEvalEvaluator(read_file(deep_files["chain.ptb"]), read_file(deep_files["chain.ptb"]))
    assert scores(same) == [1.0, 1.0]
    flat = TedEvalEvaluator(read_file(deep_files["flat.ptb"]), read_file(deep_files["chain.ptb"]))
    labeled, unlabeled = flat.eval()
    # Labeled: gold has F over (i, 2000) for all 2000 i, the flat parse only
    # over (0, 2000): 1999 additions; ι = 1 + 2000.
    assert labeled.totals == {"delta_labeled": 1999, "iota_labeled": 2001}
    # Unlabeled: gold has 2000 one-token spans and (i, 2000) for 1 <= i <= 1998
    # (3998 items); the flat parse only the 2000 one-token spans.
    assert unlabeled.totals == {"delta_unlabeled": 1998, "iota_unlabeled": 2000 + 3998}
    chains = TedEvalEvaluator(
        read_file(deep_files["chain.conll"]), read_file(deep_files["chain.conll"])
    )
    assert scores(chains) == [1.0, 1.0]


def test_deep_tree_apted_refuses_with_a_clear_error(deep_files: dict[str, Path]) -> None:
    ev = TedEvalEvaluator(
        read_file(deep_files["chain.ptb"]), read_file(deep_files["chain.ptb"]), engine="apted"
    )
    with pytest.raises(OptionError) as info:
        ev.eval()
    err = info.value
    assert err.sentence == 1
    assert f"at most {MAX_NODES} nodes and depth {MAX_DEPTH}" in err.message
    assert "engine='span'" in err.message


def test_deep_tree_parseval(deep_files: dict[str, Path]) -> None:
    gold = read_file(deep_files["chain.ptb"], one_per_line=True)
    test = read_file(deep_files["flat.ptb"], one_per_line=True)
    p, r, f = ParsevalEvaluator(test, gold).eval()
    # Gold brackets: S over (i, 2000) for all 2000 i; test: one S over all.
    assert p.totals == {"matched": 1, "gold": 2000, "test": 1}
    assert (float(p), float(r), float(f)) == pytest.approx((1.0, 1 / 2000, 2 / 2001))


def test_deep_tree_mph_against_a_dependency_chain(deep_files: dict[str, Path]) -> None:
    # With the head rule "S left T" each S is headed by its own first word,
    # so every S is a maximal projection: brackets (i, 2000) for 1 <= i <=
    # 1998, exactly the projections of the dependency chain.
    ev = MPHEvaluator(
        read_file(deep_files["chain.conll"]),
        read_file(deep_files["chain.ptb"]),
        head_rules="S left T",
        punct_tags=(),
    )
    p, r, f = ev.eval()
    assert p.totals == {"matched": 1998, "gold": 1998, "test": 1998}
    assert (float(p), float(r), float(f)) == (1.0, 1.0, 1.0)


def test_deep_tree_attachment(deep_files: dict[str, Path]) -> None:
    ev = AttachmentEvaluator(
        read_file(deep_files["star.conll"]), read_file(deep_files["chain.conll"])
    )
    # Only tokens 1 (root) and 2 (head 1) are right; NED also forgives token 3,
    # whose gold grandparent is token 1.
    assert ev.score("UAS").totals == {"head": 2, "tokens": DEEP}
    assert ev.score("UNDIRECTED").totals == {"undirected": 2, "tokens": DEEP}
    assert ev.score("NED").totals == {"ned": 3, "tokens": DEEP}


def test_projectivizing_a_cascade_of_lifts() -> None:
    # Token 1 is the root, tokens 2 and 3 hang from it, every later token k
    # from k - 2: every arc into k >= 4 crosses token k - 1. Lifting the
    # shortest arc first (leftmost on ties) moves them one by one, in order,
    # to token 1. This once took cubic time (half an hour at 5,000 tokens).
    n = 600
    heads = tuple(0 if k == 1 else 1 if k in (2, 3) else k - 2 for k in range(1, n + 1))
    tree = DependencyTree(tuple(f"w{i}" for i in range(n)), heads)
    lifted, arcs = tree.projectivize()
    assert lifted.heads == (0,) + (1,) * (n - 1)
    assert arcs == tuple(Arc(k - 2, k) for k in range(4, n + 1))


# -- 200,000 one-token sentences (50,000 in the default profile) --------------------------


@pytest.fixture(scope="module")
def many_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """MANY sentences of one token: (S-X (NN wi)), and the CoNLL-U equivalent.

    In the parse, every hundredth sentence (1, 101, 201, ...) is S-Y.
    """
    d = tmp_path_factory.mktemp("many")
    files = {
        "gold.ptb": "".join(f"(S-X (NN w{i}))\n" for i in range(MANY)),
        "parse.ptb": "".join(
            f"(S-{'Y' if i % 100 == 0 else 'X'} (NN w{i}))\n" for i in range(MANY)
        ),
        "gold.conllu": "".join(
            f"# sent_id = s{i}\n1\tw{i}\tw\tNOUN\tNN\t_\t0\troot\t_\t_\n\n" for i in range(MANY)
        ),
    }
    for name, text in files.items():
        (d / name).write_text(text, encoding="utf-8")
    return {name: d / name for name in files}


@pytest.mark.slow
def test_many_sentences_tedeval(many_files: dict[str, Path]) -> None:
    ev = TedEvalEvaluator(read_file(many_files["parse.ptb"]), read_file(many_files["gold.ptb"]))
    labeled, unlabeled = ev.eval()
    # One item per sentence and side (X or Y over the token); one sentence in a
    # hundred differs, each by a deletion and an addition.
    assert labeled.totals == {"delta_labeled": 2 * (MANY // 100), "iota_labeled": 2 * MANY}
    assert float(labeled) == pytest.approx(0.99)
    # Unlabeled: a one-token sentence has no span but the whole one, so
    # nothing to compare in any sentence: N/A (SPEC.md §5), each one undefined.
    assert unlabeled.totals == {"delta_unlabeled": 0, "iota_unlabeled": 0}
    assert math.isnan(unlabeled) and unlabeled.undefined == MANY
    assert len(ev.numbers) == MANY and ev.skipped == []


@pytest.mark.slow
def test_many_sentences_parseval(many_files: dict[str, Path]) -> None:
    # (MPH does not apply: a one-token sentence has no MPH bracket.)
    gold = read_file(many_files["gold.ptb"], one_per_line=True)
    test = read_file(many_files["parse.ptb"], one_per_line=True)
    ev = ParsevalEvaluator(test, gold)
    # Function tags are cut: S matches S in every sentence.
    assert ev.score("F1").totals == {"matched": MANY, "gold": MANY, "test": MANY}
    assert ev.summary()["all"]["valid_sentences"] == MANY


@pytest.mark.slow
def test_many_sentences_attachment(many_files: dict[str, Path]) -> None:
    gold = read_file(many_files["gold.conllu"])
    parse = read_file(many_files["gold.conllu"])
    las, _ = AttachmentEvaluator(parse, gold).eval()
    assert las.totals == {"head_label": MANY, "labeled_tokens": MANY} and las.sentences == MANY


# -- labels: Unicode, and what "escaped spaces" mean ---------------------------------------


def test_unicode_labels_and_words() -> None:
    (tree,) = (r.tree for r in read_text("(S (NP-主語 (NN 東京)) (VP-述語 (VB 行く)))"))
    mft = to_mft(tree)
    assert mft.words == ("東京", "行く")
    assert mft.labels((0, 1)) == {"主語"} and mft.labels((1, 2)) == {"述語"}
    conllu = (
        "1\tÉcole\técole\tNOUN\tNN\t_\t2\tnsubj:主語\t_\t_\n"
        "2\tva\taller\tVERB\tVB\t_\t0\troot\t_\t_\n"
    )
    (graph,) = (r.tree for r in read_text(conllu))
    assert str(to_mft(graph)) == "(0,2):{root} (0,1):{nsubj:主語} (1,2):{hd}"
    assert str(to_mft(graph, strip_subtypes=True)) == "(0,2):{root} (0,1):{nsubj} (1,2):{hd}"


def test_a_backslash_before_a_space_in_a_bracket_label_is_an_error() -> None:
    # Brackets have no escape for spaces; nltk would read "(NP\ SBJ x)" as the
    # label "NP\" over the words "SBJ" and "x", silently changing the yield.
    text = "(S (NP\\ SBJ (NN a)) (VP (VB b)))\n(S (NN a) (VB b))\n"
    with pytest.raises(InputFormatError) as info:
        list(read_text(text, name="t.ptb"))
    assert str(info.value).startswith("t.ptb:1: sentence 1: the label 'NP\\\\' ends in a backslash")
    assert info.value.token == "NP\\"
    records = list(read_text(text, name="t.ptb", on_error="collect"))
    assert records[0].error is not None and records[1].tree is not None


def test_other_backslashes_are_kept_as_written() -> None:
    # "\s" is no escape: the label is those characters. Escaped brackets in
    # words are kept with their backslash, as nltk keeps them.
    (tree,) = (r.tree for r in read_text(r"(S (NP\sSBJ (NN \(a\))) (VP (VB 1\/2)))"))
    assert tree[0].label() == "NP\\sSBJ"
    assert to_mft(tree).words == ("\\(a\\)", "1\\/2")


def test_spaces_inside_conll_cells_are_kept() -> None:
    # CoNLL-U (v2) allows spaces in FORM and LEMMA; cells are split at tabs
    # only, and any cell keeps its spaces, a relation too.
    text = (
        "1\tNew York\tNew York\tPROPN\tNNP\t_\t0\troot\t_\t_\n"
        "2\tcity\tcity\tNOUN\tNN\t_\t1\tin the\t_\t_\n"
    )
    (graph,) = (r.tree for r in read_text(text))
    assert graph.nodes[1]["word"] == "New York"
    assert str(to_mft(graph)) == "(0,2):{root} (0,1):{hd} (1,2):{in the}"
    # Old space-separated CoNLL-X lines cannot hold a space in a cell: the
    # column count gives it away.
    with pytest.raises(InputFormatError, match="11 columns"):
        list(read_text("1 New York x NNP NNP _ 0 root _ _\n", "conllx"))
