"""Discontinuous constituency: the discbracket and Negra export readers, and TedEval on them.

Every expected tree and score is worked out by hand from the files below
(SPEC.md §2, "Yields with gaps", and §3.2).
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk import Tree

from nltk_tedeval import (
    DiscTree,
    InputFormatError,
    MultiFunctionTree,
    ParsevalEvaluator,
    TedEvalError,
    TedEvalEvaluator,
    TreeStructureError,
    explain,
    to_mft,
)
from nltk_tedeval.cli import main
from nltk_tedeval.reading import detect_format, read_file, read_text
from nltk_tedeval.trees.discontinuous import as_contiguous
from nltk_tedeval.trees.kinds import flat_parse, tree_words

from .conftest import examples

# "Darüber muss nachgedacht werden ." (format 3): the inner VP (#500) covers
# "Darüber" and "nachgedacht" across the finite verb "muss".
GOLD3 = """\
%% word tag morph edge parent secedge comment
#FORMAT 3
#BOT ORIGIN
0 a made-up corpus
#EOT ORIGIN
#BOS 1
Darüber\tPROAV\t--\tMO\t500
muss\tVMFIN\t3.Sg.Pres.Ind\tHD\t0
nachgedacht\tVVPP\t--\tHD\t500
werden\tVAINF\t--\tHD\t501
.\t$.\t--\t--\t0
#500\tVP\t--\tOC\t501
#501\tVP\t--\tOC\t0
#EOS 1
#BOS 2
Es\tPPER\t--\tSB\t500\tSB\t501  %% a secondary edge, ignored
regnet\tVVFIN\t--\tHD\t500
#500\tS\t--\t--\t0
#EOS 2
"""
# The same sentences in format 4 (a lemma column), with "Darüber" attached to
# the outer VP instead: the inner VP is then "nachgedacht" alone.
PARSE4 = """\
#BOS 1
Darüber\tdarüber\tPROAV\t--\tMO\t501
muss\tmüssen\tVMFIN\t3.Sg.Pres.Ind\tHD\t0
nachgedacht\tnachdenken\tVVPP\t--\tHD\t500
werden\twerden\tVAINF\t--\tHD\t501
.\t--\t$.\t--\t--\t0
#500\t--\tVP\t--\tOC\t501
#501\t--\tVP\t--\tOC\t0
#EOS 1
#BOS 2
Es\tes\tPPER\t--\tSB\t500
regnet\tregnen\tVVFIN\t--\tHD\t500
#500\t--\tS\t--\t--\t0
#EOS 2
"""
WORDS = ("Darüber", "muss", "nachgedacht", "werden", ".")
# By hand: phrases get CATEGORY-EDGE, words TAG-EDGE, the sentence's root ROOT;
# children in the order of their first word.
GOLD_TREE = (
    "(ROOT (VP-OC (VP-OC (PROAV-MO 0=Darüber) (VVPP-HD 2=nachgedacht)) (VAINF-HD 3=werden))"
    " (VMFIN-HD 1=muss) ($. 4=.))"
)
PARSE_TREE = (
    "(ROOT (VP-OC (PROAV-MO 0=Darüber) (VP-OC (VVPP-HD 2=nachgedacht)) (VAINF-HD 3=werden))"
    " (VMFIN-HD 1=muss) ($. 4=.))"
)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_export_format_3_and_4_read_by_hand(tmp_path):
    gold = list(read_file(write(tmp_path, "gold.export", GOLD3)))
    parse = list(read_text(PARSE4, "export"))
    assert [(r.number, r.line, r.sentence_id) for r in gold] == [(1, 6, "1"), (2, 15, "2")]
    assert [(r.number, r.line, r.sentence_id) for r in parse] == [(1, 1, "1"), (2, 10, "2")]
    assert gold[0].tree.words == parse[0].tree.words == WORDS
    assert gold[0].tree.to_discbracket() == GOLD_TREE
    assert parse[0].tree.to_discbracket() == PARSE_TREE
    assert gold[1].tree.to_discbracket() == "(ROOT (S (PPER-SB 0=Es) (VVFIN-HD 1=regnet)))"
    assert gold[0].tree.discontinuous and not gold[1].tree.discontinuous


def test_conversion_and_tedeval_by_hand():
    gold = DiscTree.from_discbracket(GOLD_TREE)
    parse = DiscTree.from_discbracket(PARSE_TREE)
    # Gold: ROOT (0,5); VP-OC over 0, 2, 3; VP-OC over 0, 2; each word under its tag.
    assert to_mft(gold) == MultiFunctionTree(
        {
            (0, 5): (),
            frozenset({0, 2, 3}): {"OC"},
            frozenset({0, 2}): {"OC"},
            (0, 1): {"MO"},
            (1, 2): {"HD"},
            (2, 3): {"HD"},
            (3, 4): {"HD"},
            (4, 5): (),
        },
        WORDS,
    )
    # Parse: the inner VP over "nachgedacht" alone merges with its tag (unary chain).
    assert to_mft(parse).labels((2, 3)) == {"OC", "HD"}
    assert (0, 1, 2, 3) not in to_mft(parse)
    # Labeled: 6 items each; the parse lacks OC over (0,1)+(2,3) and has OC over
    # (2,3): δ = 2, ι = 12. Unlabeled: the gold has 7 nodes below the root, the
    # parse 6, all of them the gold's: δ = 1, ι = 13.
    labeled, unlabeled = TedEvalEvaluator([parse], [gold]).eval()
    assert labeled.totals == {"delta_labeled": 2, "iota_labeled": 12}
    assert unlabeled.totals == {"delta_unlabeled": 1, "iota_unlabeled": 13}


def test_the_command_line_scores_export_files(tmp_path, capsys):
    gold = write(tmp_path, "gold.export", GOLD3)
    parse = write(tmp_path, "parse.export", PARSE4)
    assert main(["score", str(gold), str(parse), "--json"]) == 0
    import json

    data = json.loads(capsys.readouterr().out)
    scores = {s["name"]: s for s in data["systems"][0]["scores"].values()}
    # Sentence 2 is the same on both sides: 2 labeled items (SB, HD) and 2 nodes.
    assert scores["TEDEVAL labeled"]["totals"] == {"delta_labeled": 2, "iota_labeled": 16}
    assert scores["TEDEVAL unlabeled"]["totals"] == {"delta_unlabeled": 1, "iota_unlabeled": 17}
    # MULTIPLE with the parse as a second gold theory: the reference keeps what both
    # share, and each tree's own convention is not charged.
    assert main(["score", str(gold), str(gold), "--other-gold", str(parse), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert all(s["value"] == 1.0 for s in data["systems"][0]["scores"].values())


def test_discbracket_reads_and_round_trips(tmp_path):
    text = GOLD_TREE + "\n" + "(ROOT (S (PPER-SB 0=Es) (VVFIN-HD 1=regnet)))\n"
    path = write(tmp_path, "trees.txt", text)
    assert detect_format(path) == "discbracket"
    trees = [r.tree for r in read_file(path)]
    assert [t.to_discbracket() for t in trees] == text.splitlines()
    # A word with an "=" keeps it: only the first one separates the position.
    (record,) = read_text("(S (X 0=a=b) (Y 1=c))", "discbracket")
    assert record.tree.words == ("a=b", "c")


@pytest.mark.parametrize(
    ("text", "message", "token"),
    [
        ("(S (X 0=a) (Y b))", "leaf 'b' carries no position", "b"),
        ("(S (X 0=a) (Y 0=b))", "position 0 is used twice", "0=b"),
        ("(S (X 0=a) (Y 2=b))", "1 is missing", "1"),
    ],
)
def test_discbracket_errors_name_file_line_sentence_and_token(text, message, token):
    good = "(S (X 0=a) (Y 1=b))"
    with pytest.raises(InputFormatError) as info:
        list(read_text(f"{good}\n{text}\n", "discbracket", name="t.disc"))
    err = info.value
    assert (err.file, err.line, err.sentence, err.token) == ("t.disc", 2, 2, token)
    assert message in str(err)
    records = list(read_text(f"{text}\n{good}\n", "discbracket", on_error="collect"))
    assert records[0].tree is None and records[1].tree.words == ("a", "b")


EXPORT_ERRORS = [
    ("#BOS 1\na\tX\t--\t--\t501\n#EOS 1\n", 2, "parent 501, which is neither 0 nor a phrase"),
    ("#BOS 1\na\tX\t--\t--\t500\n#500\tS\t--\t--\t501\n#501\tS\t--\t--\t500\n#EOS 1\n", 3,
     "form a cycle"),
    ("#BOS 1\na\tX\t--\t--\n#EOS 1\n", 2, "4 columns"),
    ("#BOS 1\na\tX\t--\t--\tx\n#EOS 1\n", 2, "parent 'x' is not a number"),
    ("#BOS 1\na\tX\t--\t--\t0\n#500\tS\t--\t--\t0\n#EOS 1\n", 3, "phrase #500 covers no word"),
    ("#BOS 1\na\tX\t--\t--\t0\n", 1, "the file ends inside the sentence"),
    ("#BOS 1\n#EOS 1\n", 1, "the sentence has no words"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "line", "message"), EXPORT_ERRORS)
def test_export_errors_name_file_line_and_sentence(text, line, message):
    good = "#BOS 7\nok\tX\t--\t--\t0\n#EOS 7\n"
    with pytest.raises(InputFormatError) as info:
        list(read_text(good + text, "export", name="t.export"))
    err = info.value
    assert (err.file, err.line, err.sentence) == ("t.export", line + 3, 2)
    assert message in str(err)
    # Collected, the sentence fails alone.
    records = list(read_text(text + good, "export", on_error="collect"))
    assert records[0].error is not None and records[-1].tree.words == ("ok",)


def test_detection_of_both_formats(tmp_path):
    assert detect_format(write(tmp_path, "a.txt", GOLD3)) == "export"
    assert detect_format(write(tmp_path, "b.txt", PARSE4)) == "export"
    assert detect_format(write(tmp_path, "c.export", "#BOS 1\n")) == "export"
    assert detect_format(write(tmp_path, "d.txt", "(S (NP 0=a) (VP 1=b))\n")) == "discbracket"
    assert detect_format(write(tmp_path, "e.txt", "(S (NP a) (VP b))\n")) == "ptb"


def test_contiguous_trees_reach_every_metric_and_discontinuous_ones_are_refused_by_name():
    gold = DiscTree.from_discbracket("(S (NP (DT 0=the) (NN 1=cat)) (VP (VBD 2=sat)))")
    plain = Tree.fromstring("(S (NP (DT the) (NN cat)) (VP (VBD sat)))")
    assert as_contiguous(gold) == plain
    assert (
        ParsevalEvaluator([gold], [gold]).summary() == ParsevalEvaluator([plain], [plain]).summary()
    )
    assert to_mft(gold) == to_mft(plain)
    disc = DiscTree.from_discbracket(GOLD_TREE)
    with pytest.raises(TedEvalError, match=r"VP-OC over \(0,1\)\+\(2,4\)"):
        ParsevalEvaluator([disc], [disc]).summary()
    # The flat parse of a missing sentence: the gold's tags in word order.
    assert flat_parse(disc) == Tree.fromstring(
        "(ROOT (PROAV-MO Darüber) (VMFIN-HD muss) (VVPP-HD nachgedacht) (VAINF-HD werden) ($. .))"
    )
    assert tree_words(disc) == WORDS


def test_explain_draws_a_discontinuous_constituent():
    e = explain(DiscTree.from_discbracket(PARSE_TREE), DiscTree.from_discbracket(GOLD_TREE))
    assert sorted(e.additions) == [("OC", 0, 1, 2, 3)]
    assert sorted(e.deletions) == [("OC", 2, 3)]
    drawn = e.text(drawing="tree")
    assert "+OC" in drawn and "nachgedacht" in drawn


@st.composite
def disc_trees(draw: st.DrawFn) -> DiscTree:
    """Any phrase-structure tree over n words in any order: each word hangs from one
    of a few phrases, each phrase from an earlier one (so no cycle)."""
    n = draw(st.integers(1, 7))
    phrases = draw(st.integers(1, 4))
    parents = [None] + [draw(st.integers(0, k - 1)) for k in range(1, phrases)]
    nodes = [Tree(f"P{k}", []) for k in range(phrases)]
    for position in range(n):
        nodes[draw(st.integers(0, phrases - 1))].append(Tree("T", [position]))
    for k in range(1, phrases):
        nodes[parents[k]].append(nodes[k])
    return DiscTree(nodes[0].label(), list(nodes[0]), words=[f"w{i}" for i in range(n)])


@settings(max_examples=examples(150), deadline=None)
@given(disc_trees())
def test_conversion_gives_every_constituents_words_and_brackets_round_trip(tree):
    # By brute force: the positions under every subtree with at least one word.
    expected = {}
    for pos in tree.treepositions():
        sub = tree[pos]
        if isinstance(sub, Tree):
            leaves = frozenset(sub.leaves())
            if leaves:
                expected.setdefault(leaves, set()).add(sub.label())
    mft = to_mft(tree, labeler="identity")
    got = {
        frozenset(p for i in range(0, len(s), 2) for p in range(s[i], s[i + 1])): labels
        for s, labels in mft.as_dict().items()
    }
    assert got == {k: frozenset(v) for k, v in expected.items()}
    again = DiscTree.from_discbracket(tree.to_discbracket())
    assert again == tree and again.words == tree.words
    contiguous = all(max(k) - min(k) + 1 == len(k) for k in expected)
    assert tree.discontinuous == (not contiguous)
    assert mft.contiguous == contiguous


def test_leaves_must_be_each_position_once():
    with pytest.raises(TreeStructureError, match="used twice"):
        DiscTree("S", [Tree("X", [0]), Tree("Y", [0])], words=("a", "b"))
    with pytest.raises(TreeStructureError, match=r"word 1 \('b'\) is not a leaf"):
        DiscTree("S", [Tree("X", [0])], words=("a", "b"))
    for order in itertools.permutations(range(3)):
        t = DiscTree("S", [Tree("X", [p]) for p in order], words=("a", "b", "c"))
        assert as_contiguous(t) == Tree.fromstring("(S (X a) (X b) (X c))")


def test_discbracket_as_discodops_writer_puts_it(tmp_path):
    # disco-dop writes "(" and ")" in a word as #LRB# and #RRB#, and a sentence's
    # comment after its tree and a tab; a comment may hold anything, brackets too.
    text = (
        "(ROOT (S (NN 0=Stadt) (PRN (-LRB- 1=#LRB#) (CD 2=1890) (-RRB- 3=#RRB#))))\t"
        "GUM_voyage_cleveland sentence 9 (copy)\n"
        "(ROOT (X 0=a#LRB#b) (Y 1=-LRB-))\t\n"
    )
    path = write(tmp_path, "trees.dbr", text)
    assert detect_format(path) == "discbracket"
    first, second = (r.tree for r in read_file(path))
    assert first.words == ("Stadt", "(", "1890", ")")
    # Anywhere in a word, as disco-dop reads it; Penn's escape is a word as it is.
    assert second.words == ("a(b", "-LRB-")
    # Written back as disco-dop writes it (without the comment, which is not kept).
    assert [first.to_discbracket(), second.to_discbracket()] == [
        line.split("\t")[0] for line in text.splitlines()
    ]


def test_a_comment_tab_ends_only_a_complete_tree():
    # A tab inside a tree, or before it, is white space; after a tree spread over
    # lines, the tab on its last line starts a comment.
    text = "\t(S\t(X 0=a)\n   (Y 1=b))\tnote (1)\n(S (X 0=c) (Y 1=d))\n"
    records = list(read_text(text, "discbracket"))
    assert [r.tree.words for r in records] == [("a", "b"), ("c", "d")]
    assert [r.line for r in records] == [1, 3]
    # Text after a tree without a tab is still an error, naming where it is.
    with pytest.raises(InputFormatError) as info:
        list(read_text("(S (X 0=a))\n(S (X 0=b)) note\n", "discbracket", name="t.dbr"))
    err = info.value
    assert (err.file, err.line, err.sentence, err.token) == ("t.dbr", 2, 2, "note")
    assert "text outside brackets" in str(err)
