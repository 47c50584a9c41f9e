"""Tests of nltk_tedeval.metrics.attachment: LAS, UAS, LA, UNDIRECTED, NED.

Every expected number is worked out by hand in the comments beside it, or
comes from a second method: nltk's own ``DependencyEvaluator`` for LAS and
UAS, and a direct set-based transcription of Schwartz et al. (2011, §5) for
the undirected score and NED.
"""

from __future__ import annotations

import json
import math
import warnings
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from nltk.parse import DependencyEvaluator, DependencyGraph

from nltk_tedeval.cli import main
from nltk_tedeval.errors import (
    NonTreeParseWarning,
    OptionError,
    SentenceCountError,
    TreeStructureError,
    YieldMismatchError,
)
from nltk_tedeval.metrics.attachment import (
    AttachmentEvaluator,
    RelationScore,
    is_punctuation,
)
from nltk_tedeval.trees.dependency import DependencyTree

from .columns import ATTACHMENT_ROW, ATTACHMENT_SCORES, pick, totals
from .columns import scores as named_scores
from .conftest import examples


def tree(words: str, heads: list[int], rels: str | None = None) -> DependencyTree:
    return DependencyTree(
        tuple(words.split()), tuple(heads), None if rels is None else tuple(rels.split())
    )


def scores(ev: AttachmentEvaluator) -> dict[str, float]:
    # The measures worked out here, by name: one a metric adds since is not among them.
    return named_scores(ev, *ATTACHMENT_SCORES)


# -- hand-worked LAS / UAS / LA ---------------------------------------------------

# gold:  John -nsubj-> saw(root), Mary -obj-> saw, . -punct-> saw
# parse: John -obj-> saw (head right, label wrong), saw root (both right),
#        Mary -obj-> John (head wrong, label right), . -punct-> saw (both right)
GOLD_JSM = tree("John saw Mary .", [2, 0, 2, 2], "nsubj root obj punct")
PARSE_JSM = tree("John saw Mary .", [2, 0, 1, 2], "obj root obj punct")


def test_hand_worked_punctuation_included():
    ev = AttachmentEvaluator([PARSE_JSM], [GOLD_JSM])
    las, uas = ev.eval()
    # 4 tokens; heads right: John, saw, . = 3; labels right: saw, Mary, . = 3;
    # both: saw, . = 2.
    assert (float(las), float(uas)) == (2 / 4, 3 / 4)
    assert float(ev.score("LA")) == 3 / 4
    assert totals(ev, "tokens", "head", "label", "head_label") == (4, 3, 3, 2)
    # Mary's predicted head John is neither its gold head (saw), a gold child
    # (it has none) nor its gold grandparent (the root): wrong under all three.
    assert float(ev.score("UNDIRECTED")) == 3 / 4
    assert float(ev.score("NED")) == 3 / 4


def test_hand_worked_punctuation_excluded():
    ev = AttachmentEvaluator([PARSE_JSM], [GOLD_JSM], punct="exclude")
    # "." is left out: 3 tokens; heads right: John, saw; labels right: saw,
    # Mary; both: saw.
    assert scores(ev) == {
        "LAS": 1 / 3,
        "UAS": 2 / 3,
        "LA": 2 / 3,
        "UNDIRECTED": 2 / 3,
        "NED": 2 / 3,
    }
    assert ev.excluded_tokens == 1
    assert AttachmentEvaluator([PARSE_JSM], [GOLD_JSM]).excluded_tokens == 0


def test_eval_returns_scores_that_know_their_options():
    ev = AttachmentEvaluator([PARSE_JSM], [GOLD_JSM], punct="exclude", strip_subtypes=True)
    las, uas = ev.eval()
    assert las.name == "LAS" and uas.name == "UAS"
    assert las.totals == {"head_label": 1, "labeled_tokens": 3}
    assert str(las.signature).startswith(
        "metric:attachment|punct:exclude|subtypes:strip|missing:skip|avg:micro|version:"
    )


def test_is_punctuation():
    # Unicode categories Pc Pd Ps Pe Pi Pf Po only; symbols ($ is Sc) and
    # mixed tokens are words; PTB escapes are words (as in eval.pl and nltk).
    for tok in [".", ",", "...", "«", "»", "“", "—", "-", "(", "%", "_", "!?"]:
        assert is_punctuation(tok), tok
    for tok in ["$", "+", "U.S.", "3.5", "-LRB-", "a", "'s"]:
        assert not is_punctuation(tok), tok
    # nltk removes punctuation characters and skips what is left empty, so
    # an empty token is skipped too.
    assert is_punctuation("")


# -- equality with nltk's DependencyEvaluator ------------------------------------

NLTK_GOLD = """
Pierre  NNP     2       NMOD
Vinken  NNP     8       SUB
,       ,       2       P
61      CD      5       NMOD
years   NNS     6       AMOD
old     JJ      2       NMOD
,       ,       2       P
will    MD      0       ROOT
join    VB      8       VC
the     DT      11      NMOD
board   NN      9       OBJ
as      IN      9       VMOD
a       DT      15      NMOD
nonexecutive    JJ      15      NMOD
director        NN      12      PMOD
Nov.    NNP     9       VMOD
29      CD      16      NMOD
.       .       9       VMOD
"""

# nltk's docstring parse, verbatim: token 3 (",") is its own head.
NLTK_PARSE = """
Pierre  NNP     8       NMOD
Vinken  NNP     1       SUB
,       ,       3       P
61      CD      6       NMOD
years   NNS     6       AMOD
old     JJ      2       NMOD
,       ,       3       AMOD
will    MD      0       ROOT
join    VB      8       VC
the     DT      11      AMOD
board   NN      9       OBJECT
as      IN      9       NMOD
a       DT      15      NMOD
nonexecutive    JJ      15      NMOD
director        NN      12      PMOD
Nov.    NNP     9       VMOD
29      CD      16      NMOD
.       .       9       VMOD
"""

# The same parse with the self-loop on punctuation token 3 repaired (head 2,
# as in the gold), so that it is a tree. Token 3 is punctuation, so nltk's
# figures do not change.
NLTK_PARSE_TREE = NLTK_PARSE.replace(",       ,       3       P", ",       ,       2       P")


def nltk_scores(parsed: list[DependencyGraph], gold: list[DependencyGraph]):
    return DependencyEvaluator(parsed, gold).eval()


def test_nltk_docstring_example_equals_nltk():
    gold, parsed = [DependencyGraph(NLTK_GOLD)], [DependencyGraph(NLTK_PARSE_TREE)]
    # By hand, punctuation (tokens 3, 7, 18) excluded: 15 tokens. Heads wrong:
    # Pierre, Vinken, 61 -> 12 right. Of those, labels wrong: the (AMOD),
    # board (OBJECT), as (NMOD) -> 9 right. Labels right: 15 - 3 = 12.
    ev = AttachmentEvaluator(parsed, gold, punct="exclude")
    las, uas = ev.eval()
    assert (float(las), float(uas)) == (9 / 15, 12 / 15) == (0.6, 0.8)
    assert (float(las), float(uas)) == nltk_scores(parsed, gold)
    assert float(ev.score("LA")) == 12 / 15
    # nltk's own docstring figures are the same on the verbatim (non-tree) parse.
    assert nltk_scores([DependencyGraph(NLTK_PARSE)], gold) == (0.6, 0.8)


def test_nltk_docstring_example_with_punctuation():
    gold, parsed = [DependencyGraph(NLTK_GOLD)], [DependencyGraph(NLTK_PARSE_TREE)]
    # Adding the 3 punctuation tokens: token 3 (2 P) and 18 (9 VMOD) are right,
    # token 7 (3 AMOD against 2 P) is wrong on both: 11/18 and 14/18.
    las, uas = AttachmentEvaluator(parsed, gold).eval()
    assert (float(las), float(uas)) == (11 / 18, 14 / 18)


def test_nltk_docstring_parse_is_scored_although_not_a_tree():
    # The verbatim docstring parse has a self-loop on token 3; attachment
    # scores need only heads, so it is scored (as nltk and eval.pl do) and
    # counted as a non-tree. Punctuation excluded, token 3 does not count:
    # nltk's own figures.
    parsed, gold = [DependencyGraph(NLTK_PARSE)], [DependencyGraph(NLTK_GOLD)]
    ev = AttachmentEvaluator(parsed, gold, punct="exclude")
    with pytest.warns(NonTreeParseWarning, match="1 parse is not a tree"):
        assert tuple(float(s) for s in ev.eval()) == nltk_scores(parsed, gold) == (0.6, 0.8)
    assert ev.non_trees == {"parse": 1, "gold": 0}
    # Punctuation included, token 3 (head 3 against 2) now has a wrong head
    # but the right label: one fewer than the repaired parse's 11/18 and 14/18.
    with pytest.warns(NonTreeParseWarning):
        las, uas = AttachmentEvaluator(parsed, gold).eval()
    assert (float(las), float(uas)) == (10 / 18, 13 / 18)


# Three real-looking CoNLL-X sentences with Unicode punctuation ("—", "“",
# "”", "..."), a symbol that is punctuation by category ("%", Po), one that
# is not ("$", Sc), mixed tokens ("U.S.", "3.5") and UD relation subtypes.
CONLL_GOLD = """\
1	The	the	DET	DT	_	3	det	_	_
2	U.S.	U.S.	PROPN	NNP	_	3	compound	_	_
3	economy	economy	NOUN	NN	_	4	nsubj	_	_
4	grew	grow	VERB	VBD	_	0	root	_	_
5	3.5	3.5	NUM	CD	_	6	nummod	_	_
6	%	%	SYM	NN	_	4	obj	_	_
7	in	in	ADP	IN	_	8	case	_	_
8	2010	2010	NUM	CD	_	4	obl	_	_
9	—	—	PUNCT	:	_	10	punct	_	_
10	faster	fast	ADV	RBR	_	4	advmod	_	_
11	than	than	SCONJ	IN	_	12	mark	_	_
12	expected	expect	VERB	VBN	_	10	advcl	_	_
13	.	.	PUNCT	.	_	4	punct	_	_

1	“	“	PUNCT	``	_	3	punct	_	_
2	Prices	price	NOUN	NNS	_	3	nsubj	_	_
3	rose	rise	VERB	VBD	_	0	root	_	_
4	to	to	ADP	TO	_	5	case	_	_
5	$	$	SYM	$	_	3	obl	_	_
6	5	5	NUM	CD	_	5	nummod	_	_
7	”	”	PUNCT	''	_	3	punct	_	_
8	,	,	PUNCT	,	_	10	punct	_	_
9	he	he	PRON	PRP	_	10	nsubj	_	_
10	said	say	VERB	VBD	_	3	parataxis	_	_
11	...	...	PUNCT	:	_	3	punct	_	_

1	It	it	PRON	PRP	_	3	nsubj:pass	_	_
2	was	be	AUX	VBD	_	3	aux:pass	_	_
3	approved	approve	VERB	VBN	_	0	root	_	_
4	yesterday	yesterday	NOUN	NN	_	3	obl:tmod	_	_
5	.	.	PUNCT	.	_	3	punct	_	_
"""

CONLL_PARSE = """\
1	The	the	DET	DT	_	3	det	_	_
2	U.S.	U.S.	PROPN	NNP	_	3	amod	_	_
3	economy	economy	NOUN	NN	_	4	nsubj	_	_
4	grew	grow	VERB	VBD	_	0	root	_	_
5	3.5	3.5	NUM	CD	_	4	nummod	_	_
6	%	%	SYM	NN	_	4	obj	_	_
7	in	in	ADP	IN	_	8	case	_	_
8	2010	2010	NUM	CD	_	6	nmod	_	_
9	—	—	PUNCT	:	_	4	punct	_	_
10	faster	fast	ADV	RBR	_	4	advmod	_	_
11	than	than	SCONJ	IN	_	12	mark	_	_
12	expected	expect	VERB	VBN	_	4	advcl	_	_
13	.	.	PUNCT	.	_	4	punct	_	_

1	“	“	PUNCT	``	_	2	punct	_	_
2	Prices	price	NOUN	NNS	_	3	nsubj	_	_
3	rose	rise	VERB	VBD	_	10	ccomp	_	_
4	to	to	ADP	TO	_	5	case	_	_
5	$	$	SYM	$	_	3	obj	_	_
6	5	5	NUM	CD	_	5	nummod	_	_
7	”	”	PUNCT	''	_	3	punct	_	_
8	,	,	PUNCT	,	_	10	punct	_	_
9	he	he	PRON	PRP	_	10	nsubj	_	_
10	said	say	VERB	VBD	_	0	root	_	_
11	...	...	PUNCT	:	_	10	punct	_	_

1	It	it	PRON	PRP	_	3	nsubj	_	_
2	was	be	AUX	VBD	_	3	aux:pass	_	_
3	approved	approve	VERB	VBN	_	0	root	_	_
4	yesterday	yesterday	NOUN	NN	_	3	obl	_	_
5	.	.	PUNCT	.	_	2	punct	_	_
"""


def graphs(text: str) -> list[DependencyGraph]:
    with warnings.catch_warnings():  # nltk warns when no token is labelled ROOT
        warnings.simplefilter("ignore")
        return [DependencyGraph(block) for block in text.split("\n\n") if block.strip()]


def test_conll_sentences_equal_nltk():
    gold, parsed = graphs(CONLL_GOLD), graphs(CONLL_PARSE)
    ev = AttachmentEvaluator(parsed, gold, punct="exclude")
    las, uas = ev.eval()
    assert (float(las), float(uas)) == nltk_scores(parsed, gold)
    # By hand. Sentence 1 scores 10 tokens (not %, —, .): heads wrong 3.5,
    # 2010, expected -> 7; both right The, economy, grew, in, faster, than
    # -> 6; labels wrong U.S., 2010 -> 8. Sentence 2 scores 7 (not “ ” , ...;
    # "$" is a symbol): heads wrong rose, said -> 5; both Prices, to, 5, he
    # -> 4; labels wrong rose, $, said -> 4. Sentence 3 scores 4 (not .):
    # heads 4; labels wrong It, yesterday -> 2; both 2.
    assert (float(las), float(uas)) == (12 / 21, 16 / 21)
    assert float(ev.score("LA")) == 14 / 21
    assert ev.excluded_tokens == 3 + 4 + 1


def test_conll_sentences_punctuation_included():
    gold, parsed = graphs(CONLL_GOLD), graphs(CONLL_PARSE)
    ev = AttachmentEvaluator(parsed, gold)
    # Adding punctuation by hand: sentence 1 "%" both right, "—" head wrong
    # label right, "." both right; sentence 2 “ and ... head wrong label
    # right, ” and , both right; sentence 3 "." head wrong label right.
    # Tokens 13+11+5 = 29, heads 9+7+4 = 20, labels 11+8+3 = 22, both 8+6+2 = 16.
    assert ev.stats.totals(("tokens", "head", "label", "head_label")).tolist() == [29, 20, 22, 16]
    assert scores(ev)["LAS"] == 16 / 29
    assert scores(ev)["UAS"] == 20 / 29
    assert scores(ev)["LA"] == 22 / 29


def test_strip_subtypes():
    gold, parsed = graphs(CONLL_GOLD), graphs(CONLL_PARSE)
    # nsubj:pass/nsubj and obl:tmod/obl now agree: sentence 3 gains 2 labels
    # and 2 head+label (both have the right head).
    ev = AttachmentEvaluator(parsed, gold, punct="exclude", strip_subtypes=True)
    assert float(ev.score("LA")) == 16 / 21
    assert float(ev.score("LAS")) == 14 / 21
    assert "nsubj:pass" not in ev.relation_scores()
    assert ev.relation_scores()["aux"].label_correct == 1


# -- undirected and NED (Schwartz et al. 2011, §5) ---------------------------------

# Figure 3 over w1..w4, gold (a): w1 -> w2 -> w3, with w1 under the root and
# w4 a second dependent of w1 (w4 is needed for Figure 3(c)).
FIG3_WORDS = "w1 w2 w3 w4"
FIG3_GOLD = tree(FIG3_WORDS, [0, 1, 2, 1])
# (b): the edge-flip of w2 -> w3: w3 hangs from w1 and w2 from w3.
FIG3_FLIP = tree(FIG3_WORDS, [0, 3, 1, 1])
# (c): the edge between w2 and w3 switched and w3's parent some other word, w4.
FIG3_FLIP_MOVED = tree(FIG3_WORDS, [0, 3, 4, 1])


def test_figure3_edge_flip_is_not_a_ned_error():
    ev = AttachmentEvaluator([FIG3_FLIP], [FIG3_GOLD])
    # UAS: w1, w4 right; w2 and w3 have new heads -> 2/4.
    # Undirected: w2's head w3 is its gold child (right); w3's head w1 is
    # neither its gold head w2 nor a gold child: one error -> 3/4.
    # NED: w1 is w3's gold grandparent -> 4/4.
    assert float(ev.score("UAS")) == 2 / 4
    assert float(ev.score("UNDIRECTED")) == 3 / 4
    assert float(ev.score("NED")) == 1.0


def test_figure3_flip_and_reattachment_is_a_ned_error():
    ev = AttachmentEvaluator([FIG3_FLIP_MOVED], [FIG3_GOLD])
    # w3 now hangs from w4: not its gold head (w2), child (none) or
    # grandparent (w1): a NED error. w2 (under its gold child w3) is fine.
    assert float(ev.score("NED")) == 3 / 4
    # "undirected evaluation gives the parses in Figure 3(b) and Figure 3(c)
    # the same score" (§5).
    assert float(ev.score("UNDIRECTED")) == 3 / 4
    assert float(ev.score("UAS")) == 2 / 4


def test_i_want_to_eat():
    # §5 and Figure 2: gold want -> eat -> to (to's gold parent is eat);
    # the parse flips the edge: want -> to -> eat.
    gold = tree("I want to eat", [2, 0, 4, 2])
    parse = tree("I want to eat", [2, 0, 2, 3])
    ev = AttachmentEvaluator([parse], [gold])
    # "to"'s parent "want" is neither its gold parent nor its gold child: an
    # undirected error; "eat"'s parent "to" is its gold child. "want" is the
    # gold grandparent of "to", so NED forgives both.
    assert float(ev.score("UAS")) == 2 / 4
    assert float(ev.score("UNDIRECTED")) == 3 / 4
    assert float(ev.score("NED")) == 1.0


def test_root_counts_as_a_head():
    # A chain of 1,000 tokens (token k under k-1, token 1 under the root)
    # against a parse that puts every token under the root. UAS: token 1.
    # Undirected: the root is nobody's child, so still only token 1. NED:
    # token 2's gold grandparent is the root, so tokens 1 and 2.
    n = 1000
    words = " ".join(f"w{i}" for i in range(n))
    gold = tree(words, list(range(n)))
    flat = tree(words, [0] * n)
    ev = AttachmentEvaluator([flat], [gold])
    assert float(ev.score("UAS")) == 1 / n
    assert float(ev.score("UNDIRECTED")) == 1 / n
    assert float(ev.score("NED")) == 2 / n
    # And the root as a gold child target: gold "a <- b(root)", parse
    # "a(root) -> b": b's predicted head a is its gold child (undirected),
    # a's predicted head, the root, is its gold grandparent (NED).
    ev = AttachmentEvaluator([tree("a b", [0, 1])], [tree("a b", [2, 0])])
    assert scores(ev)["UNDIRECTED"] == 1 / 2
    assert scores(ev)["NED"] == 1.0


# -- per-relation breakdown, macro and micro ---------------------------------------


def test_relation_scores():
    rels = AttachmentEvaluator([PARSE_JSM], [GOLD_JSM]).relation_scores()
    # gold relations nsubj root obj punct; predicted obj root obj punct.
    assert list(rels) == ["nsubj", "obj", "punct", "root"]
    # nsubj: 1 gold (John), never predicted.
    assert rels["nsubj"] == RelationScore("nsubj", 1, 0, 0, 0)
    assert math.isnan(rels["nsubj"].label_precision)
    assert rels["nsubj"].label_recall == 0.0
    # obj: 1 gold (Mary), predicted on John and Mary; Mary's label is right
    # but its head is not.
    assert rels["obj"] == RelationScore("obj", 1, 2, 1, 0)
    assert (rels["obj"].label_precision, rels["obj"].label_recall) == (0.5, 1.0)
    assert rels["obj"].label_f1 == 2 * 1 / (1 + 2)
    assert (rels["obj"].las_precision, rels["obj"].las_recall) == (0.0, 0.0)
    assert rels["root"] == RelationScore("root", 1, 1, 1, 1)
    assert rels["root"].las_f1 == 1.0
    assert rels["obj"].as_dict()["label_precision"] == 0.5
    assert rels["nsubj"].as_dict()["las_precision"] is None


def test_relation_scores_without_punctuation_and_labels():
    rels = AttachmentEvaluator([PARSE_JSM], [GOLD_JSM], punct="exclude").relation_scores()
    assert "punct" not in rels
    # Unlabeled trees: no token carries a relation, so there is none to
    # compare (SPEC.md §7): no breakdown, and LA is N/A, not 1.0 for "_" = "_".
    ev = AttachmentEvaluator([FIG3_FLIP], [FIG3_GOLD])
    assert ev.relation_scores() == {}
    assert math.isnan(ev.score("LA")) and ev.score("LA").reason.startswith("no relation")


def test_macro_and_micro():
    gold = [tree("Hi", [0]), tree("a b c", [0, 1, 2]), tree(".", [0])]
    parsed = [tree("Hi", [0]), tree("a b c", [2, 0, 2]), tree(".", [0])]
    ev = AttachmentEvaluator(parsed, gold, punct="exclude")
    # Sentence 1: 1/1. Sentence 2: a (2 vs 0) and b (0 vs 1) wrong, c right:
    # 1/3. Sentence 3 is only punctuation: nothing scored, undefined.
    # Micro: 2/4. Macro: mean of the defined sentences, (1 + 1/3) / 2.
    assert float(ev.score("UAS")) == 2 / 4
    assert ev.score("UAS", average="macro") == pytest.approx(2 / 3)
    per = ev.sentence_scores("UAS")
    assert per[:2] == [1.0, pytest.approx(1 / 3)] and math.isnan(per[2])


def test_significance_applies():
    ev = AttachmentEvaluator([PARSE_JSM, FIG3_FLIP], [GOLD_JSM, FIG3_GOLD])
    same = AttachmentEvaluator([PARSE_JSM, FIG3_FLIP], [GOLD_JSM, FIG3_GOLD])
    result = ev.significance(same, "NED", rounds=99)
    assert result.p_value == 1.0 and result.measure == "NED"


def test_report_is_json_ready():
    report = AttachmentEvaluator([PARSE_JSM], [GOLD_JSM], punct="exclude").report()
    text = json.dumps(report, allow_nan=False)
    assert json.loads(text) == report
    assert report["sentences"] == 1 and report["tokens"] == 3
    assert report["excluded_tokens"] == 1
    assert report["scores"]["LAS"]["value"] == 1 / 3
    assert report["macro"]["UAS"]["average"] == "macro"
    assert report["relations"]["obj"]["gold"] == 1
    assert {"LAS", "UAS", "LA", "UNDIRECTED", "NED"} <= report["scores"].keys()


# -- properties ------------------------------------------------------------------

WORDS = ["the", "dog", "U.S.", "$", "3.5", ",", ".", "...", "—", "(", "%"]
RELS = ["nsubj", "obj", "det", "punct", "root"]


@st.composite
def tree_heads(draw, n: int) -> list[int]:
    """Heads of a random tree over n tokens: each token, in a random order,
    hangs from the root or from a token placed before it."""
    order = draw(st.permutations(range(1, n + 1)))
    heads = [0] * n
    for k, tok in enumerate(order):
        heads[tok - 1] = draw(st.sampled_from([0, *order[:k]]))
    return heads


@st.composite
def tree_pairs(draw) -> tuple[DependencyTree, DependencyTree]:
    words = tuple(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=12)))
    n = len(words)
    rels = st.lists(st.sampled_from(RELS), min_size=n, max_size=n)
    gold = DependencyTree(words, tuple(draw(tree_heads(n))), tuple(draw(rels)))
    parse = DependencyTree(words, tuple(draw(tree_heads(n))), tuple(draw(rels)))
    return gold, parse


@st.composite
def bare_or_labeled_pairs(draw) -> tuple[DependencyTree, DependencyTree]:
    """:func:`tree_pairs` whose sides may have lost every relation (None, as ``_`` reads)."""
    gold, parse = draw(tree_pairs())
    if draw(st.booleans()):
        gold = DependencyTree(gold.words, gold.heads)
    if draw(st.booleans()):
        parse = DependencyTree(parse.words, parse.heads)
    return gold, parse


def reference_counts(gold: DependencyTree, parse: DependencyTree) -> tuple[int, ...]:
    """Every count of ATTACHMENT_ROW straight from the definitions (§5 for the last two).

    A sentence where neither side has any relation has none to compare
    (SPEC.md §7): label, head_label and labeled_tokens are 0.
    """
    parent = dict(enumerate(gold.heads, start=1))
    children = {t: {d for d, h in parent.items() if h == t} for t in range(len(gold) + 1)}
    uas = label = las = undirected = ned = 0
    for dep, (pred, rel) in enumerate(zip(parse.heads, parse.rels, strict=True), start=1):
        grandparent = parent.get(parent[dep])  # the root has no parent
        head_ok = pred == parent[dep]
        label_ok = rel == gold.rels[dep - 1]
        uas += head_ok
        label += label_ok
        las += head_ok and label_ok
        undirected += head_ok or pred in children[dep]
        ned += head_ok or pred in children[dep] or pred == grandparent
    if all(r is None for r in (*gold.rels, *parse.rels)):
        return len(gold), uas, 0, 0, undirected, ned, 0
    return len(gold), uas, label, las, undirected, ned, len(gold)


def ratio(num: int, den: int) -> float:
    return num / den if den else math.nan


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(bare_or_labeled_pairs(), min_size=1, max_size=4))
def test_measures_match_the_definitions(pairs):
    gold = [g for g, _ in pairs]
    parsed = [p for _, p in pairs]
    ev = AttachmentEvaluator(parsed, gold)
    expected = [reference_counts(g, p) for g, p in pairs]
    assert pick(ev, *ATTACHMENT_ROW) == [list(row) for row in expected]
    # Corpus scores are ratios of the summed counts (SPEC.md §7, micro).
    sums = (sum(col) for col in zip(*expected, strict=True))
    tokens, uas, label, las, undirected, ned, labeled = sums
    assert scores(ev) == pytest.approx(
        {
            "LAS": ratio(las, labeled),
            "UAS": uas / tokens,
            "LA": ratio(label, labeled),
            "UNDIRECTED": undirected / tokens,
            "NED": ned / tokens,
        },
        nan_ok=True,
        rel=0,
        abs=0,
    )
    # A tree against itself is perfect on every measure, but LA and LAS where
    # no gold has a relation: nothing to compare there.
    bare = all(r is None for g in gold for r in g.rels)
    for name, value in scores(AttachmentEvaluator(gold, gold)).items():
        if bare and name in ("LA", "LAS"):
            assert math.isnan(value), name
        else:
            assert value == 1.0, name


def graph(t: DependencyTree) -> DependencyGraph:
    lines = (f"{w}\tX\t{h}\t{r}" for w, h, r in zip(t.words, t.heads, t.rels, strict=True))
    with warnings.catch_warnings():  # nltk warns when no token is labelled ROOT
        warnings.simplefilter("ignore")
        return DependencyGraph("\n".join(lines))


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(tree_pairs(), min_size=1, max_size=4))
def test_equals_nltk_on_random_trees(pairs):
    assume(any(not is_punctuation(w) for g, _ in pairs for w in g.words))
    gold = [graph(g) for g, _ in pairs]
    parsed = [graph(p) for _, p in pairs]
    las, uas = AttachmentEvaluator(parsed, gold, punct="exclude").eval()
    assert (float(las), float(uas)) == nltk_scores(parsed, gold)


# -- bad input -------------------------------------------------------------------


def test_yield_mismatch_names_sentence_and_token():
    gold = [GOLD_JSM, tree("John saw Mary", [2, 0, 2])]
    parsed = [GOLD_JSM, tree("John saw Marie", [2, 0, 2])]
    with pytest.raises(YieldMismatchError) as info:
        AttachmentEvaluator(parsed, gold).eval()
    err = info.value
    assert err.sentence == 2 and err.token == "3"
    assert "'Mary'" in str(err) and "'Marie'" in str(err)


def test_yield_length_mismatch():
    with pytest.raises(YieldMismatchError) as info:
        AttachmentEvaluator([tree("John saw", [2, 0])], [tree("John saw Mary", [2, 0, 2])]).eval()
    assert info.value.sentence == 1
    assert "length" in str(info.value)


def test_ptb_escapes_are_the_same_token():
    gold = tree("-LRB- a -RRB-", [2, 0, 2], "punct root punct")
    parse = tree("( a )", [2, 0, 2], "punct root punct")
    assert float(AttachmentEvaluator([parse], [gold]).eval()[0]) == 1.0


def test_different_sentence_counts():
    with pytest.raises(SentenceCountError):
        AttachmentEvaluator([GOLD_JSM], [GOLD_JSM, GOLD_JSM])


def test_cyclic_parses_are_scored_and_counted_cyclic_golds_and_bad_heads_are_errors():
    """A parse is scored per token even when it is no tree (as eval.pl does); a gold
    must be a tree (SPEC.md §8), as in tedeval score. Parse a->b, b->a, c root against
    gold a->c, b->c: only c's head is right, UAS 1/3."""
    cyclic = DependencyGraph("a\tX\t2\tdep\nb\tX\t1\tdep\nc\tX\t0\tROOT")
    tree = DependencyGraph("a\tX\t3\tdep\nb\tX\t3\tdep\nc\tX\t0\tROOT")
    ev = AttachmentEvaluator([cyclic], [tree])
    with pytest.warns(NonTreeParseWarning, match=r"sentence 1 \(the heads form a cycle"):
        assert float(ev.score("UAS")) == pytest.approx(1 / 3)
    assert ev.non_trees == {"parse": 1, "gold": 0}
    with pytest.raises(TreeStructureError) as cycle:
        AttachmentEvaluator([tree], [cyclic]).eval()
    assert str(cycle.value) == (
        "sentence 1: gold: the heads form a cycle: 1 (a) -> 2 (b) -> 1; "
        "the tree does not reach the root"
    )
    out_of_range = DependencyGraph("a\tX\t2\tdep\nb\tX\t0\tROOT")
    out_of_range.nodes[1]["head"] = 9
    with pytest.raises(TreeStructureError) as info:
        AttachmentEvaluator([GOLD_JSM, out_of_range], [GOLD_JSM, GOLD_JSM]).eval()
    assert info.value.sentence == 2
    assert "parse: token 1 ('a') has head 9, outside 0..2" in str(info.value)


def test_not_a_dependency_graph():
    with pytest.raises(TreeStructureError, match="expected an nltk DependencyGraph"):
        AttachmentEvaluator([["John", "saw"]], [GOLD_JSM]).eval()


def test_unknown_punct_option():
    with pytest.raises(OptionError, match="punct"):
        AttachmentEvaluator([GOLD_JSM], [GOLD_JSM], punct="ignore")


def test_empty_corpus():
    ev = AttachmentEvaluator([], [])
    assert math.isnan(ev.score("LAS")) and ev.relation_scores() == {}


# -- parses that are not trees: scored, counted and named (SPEC.md §7) ---------------------

# Gold "a b c": a and c under b, b the root. Parse heads, sentence by sentence:
# 1 (2, 1, 2) a cycle a <-> b; 2 (2, 2, 2) b its own head; 3 (3, 1, 2) a cycle
# a -> c -> b -> a; 4 (2, 3, 2) a cycle b <-> c; 5 (0, 0, 2) two tokens on the
# root, which is a tree (SPEC.md §3.1). Four parses are not trees. In sentence 1,
# b's head a is b's gold child: UAS 2/3 but UNDIRECTED and NED 3/3, a cycle
# rewarded, which is why these parses are counted and named.
NON_TREE_HEADS = [(2, 1, 2), (2, 2, 2), (3, 1, 2), (2, 3, 2), (0, 0, 2)]


def conllu_abc(heads: list[tuple[int, ...]]) -> str:
    out = []
    for k, sent in enumerate(heads, start=1):
        out.append(f"# sent_id = s{k}")
        for i, (w, h) in enumerate(zip("abc", sent, strict=True), start=1):
            out.append(f"{i}\t{w}\t{w}\tX\tX\t_\t{h}\t{'root' if h == 0 else 'dep'}\t_\t_")
        out.append("")
    return "\n".join(out) + "\n"


def test_non_tree_parses_are_named_on_stderr_and_counted_in_every_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gold, parse = tmp_path / "gold.conllu", tmp_path / "cyc.conllu"
    gold.write_text(conllu_abc([(2, 0, 2)] * 5), encoding="utf-8")
    parse.write_text(conllu_abc(NON_TREE_HEADS), encoding="utf-8")
    # Each sentence takes 5 lines (# sent_id, 3 words, a blank): 1, 6, 11, 16, 21.
    warning = (
        f"tedeval: warning: cyc: 4 parses are not trees, scored token by token (SPEC.md §7): "
        f"{parse}:1: sentence 1 (id s1) (the heads form a cycle: 1 (a) -> 2 (b) -> 1; the "
        f"tree does not reach the root), {parse}:6: sentence 2 (id s2) (token 2 ('b') is its "
        f"own head), {parse}:11: sentence 3 (id s3) (the heads form a cycle: 1 (a) -> 3 (c) "
        f"-> 2 (b) -> 1; the tree does not reach the root) and 1 more\n"
    )
    for extra in ([], ["--align"]):
        assert main(["attach", str(gold), str(parse), *extra]) == 0
        out, err = capsys.readouterr()
        assert err == warning
        assert "cyc: 4 parses are not a tree (scored token by token)" in out.splitlines()
        assert main(["attach", str(gold), str(parse), "--json", *extra]) == 0
        out, err = capsys.readouterr()
        assert err == warning
        assert json.loads(out)["systems"][0]["details"]["non_trees"] == {"parse": 4, "gold": 0}


def test_a_non_tree_parse_warns_in_python_and_a_cycle_can_score_undirected_one() -> None:
    gold = DependencyTree(("a", "b", "c"), (2, 0, 2), ("dep", "root", "dep"))
    parse = DependencyTree(("a", "b", "c"), (2, 1, 2), ("dep", "root", "dep"), check=False)
    ev = AttachmentEvaluator([parse], [gold])
    with pytest.warns(NonTreeParseWarning) as record:
        got = scores(ev)
    assert got == {"LAS": 2 / 3, "UAS": 2 / 3, "LA": 1.0, "UNDIRECTED": 1.0, "NED": 1.0}
    (warning,) = record
    assert str(warning.message) == (
        "parsed_sents: 1 parse is not a tree, scored token by token (SPEC.md §7): sentence 1 "
        "(the heads form a cycle: 1 (a) -> 2 (b) -> 1; the tree does not reach the root)"
    )
    (err,) = ev.non_tree_parses
    assert (err.sentence, err.token) == (1, "1 a")
    # Several tokens on the root make a tree: nothing to warn about.
    roots = DependencyTree(("a", "b", "c"), (0, 0, 2))
    with warnings.catch_warnings():
        warnings.simplefilter("error", NonTreeParseWarning)
        assert AttachmentEvaluator([roots], [gold]).non_trees == {"parse": 0, "gold": 0}
