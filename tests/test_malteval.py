"""MaltEval's groupings and word-level measures (issue 43, item 4; SPEC.md §7, §12.4).

By hand, three sentences (ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL), the parse
wrong on *her* (head), *She* (relation), *home* (both; the parse makes it its own
head, a relation length of 0):

    gold                                             parse
    1 I    I    PRON  PRP Case=Nom|Number=Sing|Person=1  2 nsubj     2 nsubj
    2 saw  see  VERB  VBD Tense=Past                     0 root      0 root
    3 her  she  PRON  PRP Case=Acc|Number=Sing           2 obj       1 obj
    4 .    .    PUNCT .   _                              2 punct     2 punct

    1 She  she  PRON  PRP Case=Nom|Number=Sing           2 nsubj     2 obj
    2 ran  run  VERB  VBD Tense=Past                     0 root      0 root
    3 home home NOUN  NN  Number=Sing                    2 obl       3 nmod

    1 Go   go   VERB  VB  Mood=Imp                       0 root      0 root

8 tokens: 6 heads right (not *her*, *home*), 6 relations (not *She*, *home*), 5 both.
AnyRight 7 (all but *home*), BothRight 5, BothWrong 1 (*home*), LabelWrong 2,
HeadWrong 2, AnyWrong 3: shares of 8.

The groups (tokens, heads right, both right):

- lemma ``she`` (*her*, *She*): 2, 1, 0; ``see``, ``run``, ``go``, ``I``, ``.``: 1, 1, 1;
  ``home``: 1, 0, 0;
- feats=Case: ``Nom`` (*I*, *She*) 2, 2, 1; ``Acc`` (*her*) 1, 0, 0; ``_`` (the five
  others) 5, 4, 4;
- relation-length, gold: ``1`` (*I*, *her*, *She*, *home*) 4, 2, 1; ``-1`` (the roots)
  3, 3, 3; ``2`` (*.*) 1, 1, 1. The parse's: ``1`` (*I*, *She*) 2 with 2 heads right,
  ``2`` (*her*, *.*) 2 with 1, ``0`` (*home* on itself) 1 with 0, ``-1`` 3 with 3;
- start-position: ``1`` (*I*, *She*, *Go*) 3, 3, 2; ``2`` (*saw*, *ran*) 2, 2, 2;
  ``3`` (*her*, *home*) 2, 0, 0; ``4`` (*.*) 1, 1, 1;
- end-position: ``1`` (*.*, *home*, *Go*) 3, 2, 2; ``2`` (*her*, *ran*) 2, 1, 1;
  ``3`` (*saw*, *She*) 2, 2, 1; ``4`` (*I*) 1, 1, 1;
- branching: ``0`` (*I*, *her*, *.*, *She*, *home*, *Go*) 6, 4, 3; ``3`` (*saw*) and
  ``2`` (*ran*) 1, 1, 1;
- frame: ``*nsubj*`` (*I*, *She*) 2, 2, 1; ``nsubj *root* obj punct`` (*saw*),
  ``nsubj *root* obl`` (*ran*), ``*root*`` (*Go*), ``*punct*`` 1, 1, 1; ``*obj*``
  (*her*) and ``*obl*`` (*home*) 1, 0, 0.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from pathlib import Path

import conllu
import pytest

from nltk_tedeval import AttachmentEvaluator, OptionError, read_file
from nltk_tedeval.cli import main
from nltk_tedeval.errors import InputFormatError
from nltk_tedeval.metrics.malteval_measures import MALTEVAL_MEASURES
from nltk_tedeval.trees.dependency import DependencyTree, from_dependency_graph

ROOT = Path(__file__).resolve().parent.parent
STUDY = ROOT / "corpora_samples" / "study"
FIXTURES = Path(__file__).resolve().parent / "fixtures_malteval"

GOLD = [
    [
        ("I", "I", "PRON", "PRP", "Case=Nom|Number=Sing|Person=1", 2, "nsubj"),
        ("saw", "see", "VERB", "VBD", "Tense=Past", 0, "root"),
        ("her", "she", "PRON", "PRP", "Case=Acc|Number=Sing", 2, "obj"),
        (".", ".", "PUNCT", ".", "_", 2, "punct"),
    ],
    [
        ("She", "she", "PRON", "PRP", "Case=Nom|Number=Sing", 2, "nsubj"),
        ("ran", "run", "VERB", "VBD", "Tense=Past", 0, "root"),
        ("home", "home", "NOUN", "NN", "Number=Sing", 2, "obl"),
    ],
    [("Go", "go", "VERB", "VB", "Mood=Imp", 0, "root")],
]
PARSE_ARCS = [[(2, "nsubj"), (0, "root"), (1, "obj"), (2, "punct")],
              [(2, "obj"), (0, "root"), (3, "nmod")],
              [(0, "root")]]  # fmt: skip
MEASURES = ("AnyRight", "BothRight", "BothWrong", "LabelWrong", "HeadWrong", "AnyWrong")


def conllu_text(sentences: list[list[tuple]]) -> str:
    out = []
    for sentence in sentences:
        for i, (form, lemma, upos, xpos, feats, head, rel) in enumerate(sentence, start=1):
            out.append(f"{i}\t{form}\t{lemma}\t{upos}\t{xpos}\t{feats}\t{head}\t{rel}\t_\t_")
        out.append("")
    return "\n".join(out) + "\n"


PARSE = [
    [(*token[:5], head, rel) for token, (head, rel) in zip(gold, arcs, strict=True)]
    for gold, arcs in zip(GOLD, PARSE_ARCS, strict=True)
]


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    gold, parse = tmp_path / "gold.conllu", tmp_path / "parse.conllu"
    gold.write_text(conllu_text(GOLD), encoding="utf-8")
    parse.write_text(conllu_text(PARSE), encoding="utf-8")
    return {"gold": gold, "parse": parse}


def trees(path: Path, morphology: bool = True) -> list[DependencyTree]:
    return [r.tree for r in read_file(path, nltk_trees=False, morphology=morphology)]


def evaluator(files: dict[str, Path], **options: object) -> AttachmentEvaluator:
    with pytest.warns(UserWarning, match="is not a tree"):  # home is its own head
        ev = AttachmentEvaluator(trees(files["parse"]), trees(files["gold"]), **options)
        ev.stats  # noqa: B018 (the warning comes with the statistics)
    return ev


def groups_of(ev: AttachmentEvaluator, key: str) -> dict[str, tuple[int, int, int]]:
    """Each group's (gold tokens, heads right, both right), groups with a gold token."""
    out = {}
    arc = "_R" if key == "relation-length" else ""  # recall: over the gold's arcs
    for group, score in ev.breakdown(key).items():
        uas, las = score.scores["UAS" + arc].totals, score.scores["LAS" + arc].totals
        if uas["tokens"]:
            out[group] = (uas["tokens"], uas["head"], las["head_label"])
    return out


BY_HAND = {
    "lemma": {"she": (2, 1, 0), "see": (1, 1, 1), "run": (1, 1, 1), "go": (1, 1, 1),
              "I": (1, 1, 1), ".": (1, 1, 1), "home": (1, 0, 0)},
    "feats=Case": {"Nom": (2, 2, 1), "Acc": (1, 0, 0), "_": (5, 4, 4)},
    "start-position": {"1": (3, 3, 2), "2": (2, 2, 2), "3": (2, 0, 0), "4": (1, 1, 1)},
    "end-position": {"1": (3, 2, 2), "2": (2, 1, 1), "3": (2, 2, 1), "4": (1, 1, 1)},
    "branching": {"0": (6, 4, 3), "3": (1, 1, 1), "2": (1, 1, 1)},
    "frame": {"*nsubj*": (2, 2, 1), "nsubj *root* obj punct": (1, 1, 1),
              "nsubj *root* obl": (1, 1, 1), "*root*": (1, 1, 1), "*punct*": (1, 1, 1),
              "*obj*": (1, 0, 0), "*obl*": (1, 0, 0)},
    "form": {w: (1, int(w not in ("her", "home")), int(w not in ("her", "She", "home")))
             for w in ("I", "saw", "her", ".", "She", "ran", "home", "Go")},
    "feats": {"Case=Nom|Number=Sing|Person=1": (1, 1, 1), "Tense=Past": (2, 2, 2),
              "Case=Acc|Number=Sing": (1, 0, 0), "_": (1, 1, 1),
              "Case=Nom|Number=Sing": (1, 1, 0), "Number=Sing": (1, 0, 0),
              "Mood=Imp": (1, 1, 1)},
}  # fmt: skip


@pytest.mark.parametrize("key", sorted(BY_HAND))
def test_each_key_by_hand(files: dict[str, Path], key: str) -> None:
    ev = evaluator(files, by=key)
    assert groups_of(ev, key) == BY_HAND[key]
    # The groups split the corpus's 8 tokens.
    assert sum(t for t, _, _ in groups_of(ev, key).values()) == 8


def test_relation_length_has_precision_over_the_parse_arcs(files: dict[str, Path]) -> None:
    groups = evaluator(files, by="relation-length").breakdown("relation-length")
    recall = {g: s.scores["UAS_R"].totals for g, s in groups.items()}
    assert recall == {
        "1": {"head": 2, "tokens": 4},
        "-1": {"head": 3, "tokens": 3},
        "2": {"head": 1, "tokens": 1},
        "0": {"head": 0, "tokens": 0},  # a group of the parse's alone
    }
    precision = {g: s.scores["UAS_P"].totals for g, s in groups.items()}
    assert precision == {
        "1": {"predicted_head": 2, "predicted": 2},
        "-1": {"predicted_head": 3, "predicted": 3},
        "2": {"predicted_head": 1, "predicted": 2},
        "0": {"predicted_head": 0, "predicted": 1},  # home on itself: MaltEval's 0
    }
    # LAS_P: of the parse's two arcs of length 1, I's is right with its relation.
    assert groups["1"].scores["LAS_P"].totals == {"head_label": 1, "labeled_predicted": 2}
    assert groups["0"].scores["UAS_R"].reason == "no gold token in the group"


def test_the_measures_by_hand(files: dict[str, Path]) -> None:
    ev = evaluator(files, extra_measures=",".join(MEASURES))
    counts = {name: ev.score(name).totals for name in MEASURES}
    assert counts == {
        "AnyRight": {"any_right": 7, "labeled_tokens": 8},
        "BothRight": {"head_label": 5, "labeled_tokens": 8},
        "BothWrong": {"both_wrong": 1, "labeled_tokens": 8},
        "LabelWrong": {"label_wrong": 2, "labeled_tokens": 8},
        "HeadWrong": {"head_wrong": 2, "tokens": 8},
        "AnyWrong": {"any_wrong": 3, "labeled_tokens": 8},
    }
    assert [float(ev.score(n)) for n in MEASURES] == [7 / 8, 5 / 8, 1 / 8, 2 / 8, 2 / 8, 3 / 8]
    # Per sentence (macro): S1 AnyRight 4/4, S2 2/3, S3 1/1.
    assert float(ev.score("AnyRight", average="macro")) == pytest.approx((1 + 2 / 3 + 1) / 3)


def test_the_measures_in_every_group_of_tokens(files: dict[str, Path]) -> None:
    ev = evaluator(files, by="lemma,relation,length", extra_measures="AnyRight,BothWrong,AnyWrong")
    she = ev.breakdown("lemma")["she"].scores
    # her: head wrong, relation right; She: head right, relation wrong.
    assert she["AnyRight"].totals == {"any_right": 2, "labeled_tokens": 2}
    assert she["BothWrong"].totals == {"both_wrong": 0, "labeled_tokens": 2}
    assert she["AnyWrong"].totals == {"any_wrong": 2, "labeled_tokens": 2}
    # By relation, over the gold tokens of each relation: obl (home) is both wrong.
    assert ev.breakdown("relation")["obl"].scores["BothWrong"].totals["both_wrong"] == 1
    # A group of whole sentences gets them as before: all three in 1-10.
    assert ev.breakdown("length")["1-10"].scores["AnyRight"].totals["any_right"] == 7


def test_nothing_to_compare_is_na() -> None:
    gold = DependencyTree(("I", "left"), (2, 0))
    parse = DependencyTree(("I", "left"), (0, 0))
    ev = AttachmentEvaluator([parse], [gold], extra_measures="all")
    anyright, headwrong = ev.score("AnyRight"), ev.score("HeadWrong")
    assert anyright.as_dict()["value"] is None
    assert "no relation to compare" in anyright.reason
    assert headwrong.totals == {"head_wrong": 1, "tokens": 2} and float(headwrong) == 0.5


def test_missing_parses_count_as_their_policy_says(files: dict[str, Path], tmp_path: Path) -> None:
    # S3's parse missing (every head _): under zero its token is wrong on both counts.
    missing = tmp_path / "missing.conllu"
    missing.write_text(conllu_text(PARSE[:2]) + "1\tGo\tgo\tVERB\tVB\t_\t_\t_\t_\t_\n\n", "utf-8")
    with pytest.warns(UserWarning):
        ev = AttachmentEvaluator(trees(missing), trees(files["gold"]), missing="zero",
                                 extra_measures="AnyRight,BothWrong,HeadWrong")  # fmt: skip
        assert ev.score("AnyRight").totals == {"any_right": 6, "labeled_tokens": 8}
    assert ev.score("BothWrong").totals == {"both_wrong": 2, "labeled_tokens": 8}
    assert ev.score("HeadWrong").totals == {"head_wrong": 3, "tokens": 8}


def test_exclude_by_lemma_and_features_by_hand(files: dict[str, Path]) -> None:
    # lemma she: her and She out; 5 of the 6 others' heads right (not home).
    ev = evaluator(files, exclude=["lemma=she"])
    assert ev.score("UAS").totals == {"head": 5, "tokens": 6}
    assert "|exclude:lemma=she|" in str(ev.signature)
    # The whole FEATS cell, as MaltEval's ExcludeFeats: saw and ran out, 4 of 6.
    ev = evaluator(files, exclude={"feats": ["Tense=Past"]})
    assert ev.score("UAS").totals == {"head": 4, "tokens": 6}
    # A tree without the column has nothing to leave out by: an error that says so.
    gold = DependencyTree(("I", "left"), (2, 0), ("nsubj", "root"))
    with pytest.raises(InputFormatError, match=r"gold: no lemmas \(LEMMA\) to break down"):
        AttachmentEvaluator([gold], [gold], exclude=["lemma=I"]).stats  # noqa: B018


def test_the_command_line_text_json_and_tables(files: dict[str, Path], capsys) -> None:
    g, p = str(files["gold"]), str(files["parse"])
    argv = ["attach", g, p, "--by", "feats=Case,relation-length", "--measure", "AnyRight,HeadWrong"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "system  LAS     UAS     LA      UNDIRECTED  NED     AnyRight  HeadWrong\n" in out
    assert "parse   0.6250  0.7500  0.7500  0.7500      0.7500  0.8750    0.2500\n" in out
    assert "parse by feats=Case: the value of Case in the gold word's feats (_ for none)\n" in out
    assert ("feats=Case  tokens  share %  LAS     UAS     LA      UNDIRECTED  NED     "
            "AnyRight  HeadWrong\n") in out  # fmt: skip
    assert ("Nom         2       25.00    0.5000  1.0000  0.5000  1.0000      1.0000  "
            "1.0000    0.0000\n") in out  # fmt: skip
    assert "relation-length  tokens  share %  LAS_P   LAS_R" in out
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    case, length = data["breakdowns"]
    assert case["key"] == "feats=Case" and length["key"] == "relation-length"
    assert [x["group"] for x in case["groups"]] == ["_", "Nom", "Acc"]
    acc = case["groups"][2]["scores"]
    assert acc["AnyRight"]["totals"] == {"any_right": 1, "labeled_tokens": 1}
    assert acc["HeadWrong"]["totals"] == {"head_wrong": 1, "tokens": 1}
    assert "|by:feats=Case=Acc|" in acc["LAS"]["signature"]
    scores = data["systems"][0]["scores"]
    assert scores["AnyRight"]["totals"] == {"any_right": 7, "labeled_tokens": 8}
    assert main([*argv, "-f", "tsv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split("\t") == ["system", "LAS", "UAS", "LA", "UNDIRECTED", "NED",
                                    "AnyRight", "HeadWrong"]  # fmt: skip
    assert "parse\tAcc\t1\t12.50\t0.0000\t0.0000\t1.0000\t0.0000\t0.0000\t1.0000\t1.0000" in lines
    # The per-sentence file gains the measures' columns and scores.
    assert main([*argv, "--per-sentence", "-"]) == 0
    header = capsys.readouterr().out.splitlines()[0].split("\t")
    assert {"any_right", "head_wrong", "AnyRight", "HeadWrong"} <= set(header)


def test_intervals_and_tests_per_group(files: dict[str, Path], capsys) -> None:
    g, p = str(files["gold"]), str(files["parse"])
    argv = ["attach", g, p, g, "--by", "lemma", "--measure", "AnyRight", "--ci", "95",
            "--significance", "99", "--json"]  # fmt: skip
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    she = next(x for x in data["breakdowns"][0]["groups"] if x["group"] == "she")
    assert she["scores"]["AnyRight"]["ci"]["level"] == 0.95
    # The gold against itself: every token right, AnyRight 1.0 in every group.
    gold_self = data["breakdowns"][1]["groups"]
    assert all(x["scores"]["AnyRight"]["value"] == 1.0 for x in gold_self)
    tested = {(t["key"], t["group"], t["measure"]) for t in data["group_significance"]}
    assert ("lemma", "she", "AnyRight") in tested and ("lemma", "she", "LAS") in tested


def test_refusals(files: dict[str, Path], capsys) -> None:
    g = str(files["gold"])
    assert main(["attach", g, g, "--by", "feats=,lemma"]) == 1
    assert "has no breakdown by feats=" in capsys.readouterr().err
    assert main(["attach", g, g, "--by", "lemma=x"]) == 1  # lemma takes no value
    assert "has no breakdown by lemma=x" in capsys.readouterr().err
    assert main(["attach", "--align", g, g, "--measure", "AnyRight"]) == 1
    assert "AnyRight" in capsys.readouterr().err


# -- the trees keep LEMMA and FEATS -------------------------------------------------------


def test_every_reader_path_keeps_lemmas_and_features(files: dict[str, Path]) -> None:
    fast = trees(files["gold"])
    graphs = [
        from_dependency_graph(r.tree, require_tree=False, morphology=True)
        for r in read_file(files["gold"])
    ]
    assert fast[1].lemmas == ("she", "run", "home") == graphs[1].lemmas
    assert fast[0].feats == ("Case=Nom|Number=Sing|Person=1", "Tense=Past",
                             "Case=Acc|Number=Sing", None) == graphs[0].feats  # fmt: skip
    # Lines split at spaces (old CoNLL-X files) go the line-at-a-time way: the same.
    slow = files["gold"].with_name("slow.conllu")
    slow.write_text(conllu_text(GOLD).replace("\t", " "), encoding="utf-8")
    records = trees(slow)
    assert [t.lemmas for t in records] == [t.lemmas for t in fast]
    assert [t.feats for t in records] == [t.feats for t in fast]
    # Equality, hash and repr stay the structure's.
    bare = DependencyTree(fast[2].words, fast[2].heads, fast[2].rels, fast[2].tags, fast[2].ctags)
    assert bare == fast[2] and hash(bare) == hash(fast[2]) and repr(bare) == repr(fast[2])
    assert bare.lemmas is None and bare.feats is None


def test_lemmas_and_features_are_read_when_asked(files: dict[str, Path], tmp_path: Path,
                                                 capsys) -> None:  # fmt: skip
    # Not asked: none, and a run that needs them says why.
    bare = trees(files["gold"], morphology=False)
    assert bare[0].lemmas is None and bare[0].feats is None
    with pytest.raises(InputFormatError, match=r"no features \(FEATS\) .*morphology=True"):
        AttachmentEvaluator(bare, bare, by="feats=Case").stats  # noqa: B018
    # A DependencyGraph has them in its nodes: the evaluator takes what it needs.
    graphs = [r.tree for r in read_file(files["gold"])]
    ev = AttachmentEvaluator(graphs, graphs, by="lemma")
    assert ev.breakdown("lemma")["she"].scores["UAS"].totals == {"head": 2, "tokens": 2}
    assert from_dependency_graph(graphs[0]).lemmas is None  # unless asked
    # A format without the column: the command line says so, naming file and sentence.
    tab = tmp_path / "gold.tab"
    tab.write_text("I\tPRP\t2\tnsubj\nleft\tVBD\t0\troot\n\n", encoding="utf-8")
    assert trees(tab)[0].lemmas is None and trees(tab)[0].feats is None
    assert main(["attach", str(tab), str(tab), "--by", "lemma"]) == 1
    err = capsys.readouterr().err
    assert err == (f"tedeval: error: {tab}:1: sentence 1: gold: no lemmas (LEMMA) to break "
                   "down or leave out words by: the file has no such column (or, in Python, "
                   "it was read without morphology=True)\n")  # fmt: skip


# -- an independent count with the conllu library over the study's sample -----------------


def _oracle_groups(sentence: list[dict]) -> dict[str, list[str]]:
    words = [t for t in sentence if isinstance(t["id"], int)]
    n = len(words)
    kids: dict[int, list[dict]] = defaultdict(list)
    for t in words:
        kids[t["head"]].append(t)
    out: dict[str, list[str]] = defaultdict(list)
    for i, t in enumerate(words, start=1):
        out["form"].append(t["form"])
        out["lemma"].append(t["lemma"] or "_")
        feats = t["feats"] or {}
        out["feats"].append("|".join(f"{k}={v}" for k, v in feats.items()) or "_")
        out["feats=Number"].append(feats.get("Number", "_"))
        out["relation-length"].append("-1" if t["head"] == 0 else str(abs(t["head"] - i)))
        out["start-position"].append(str(i))
        out["end-position"].append(str(n - i + 1))
        out["branching"].append(str(len(kids[i])))
        left = [k["deprel"] for k in kids[i] if k["id"] < i]
        right = [k["deprel"] for k in kids[i] if k["id"] > i]
        out["frame"].append(" ".join([*left, f"*{t['deprel']}*", *right]))
    return out


def test_every_key_and_measure_equals_a_count_with_the_conllu_library() -> None:
    gold = conllu.parse((STUDY / "test.conllu").read_text(encoding="utf-8"))
    parse = conllu.parse((STUDY / "outputs" / "arc-eager.conllu").read_text(encoding="utf-8"))
    keys = ("form", "lemma", "feats", "feats=Number", "relation-length", "start-position",
            "end-position", "branching", "frame")  # fmt: skip
    expected: dict[str, Counter] = {k: Counter() for k in keys}
    hits: Counter = Counter()
    for g_sent, p_sent in zip(gold, parse, strict=True):
        groups = _oracle_groups(g_sent)
        g_words = [t for t in g_sent if isinstance(t["id"], int)]
        p_words = [t for t in p_sent if isinstance(t["id"], int)]
        for i, (g, p) in enumerate(zip(g_words, p_words, strict=True)):
            head, label = g["head"] == p["head"], g["deprel"] == p["deprel"]
            hits.update(tokens=1, AnyRight=head or label, BothRight=head and label,
                        BothWrong=not head and not label, LabelWrong=not label,
                        HeadWrong=not head, AnyWrong=not head or not label)  # fmt: skip
            for key in keys:
                expected[key][(groups[key][i], "tokens")] += 1
                expected[key][(groups[key][i], "head")] += head
                expected[key][(groups[key][i], "both")] += head and label
    ev = AttachmentEvaluator(
        trees(STUDY / "outputs" / "arc-eager.conllu"), trees(STUDY / "test.conllu"),
        by=",".join(keys), extra_measures="all",
    )  # fmt: skip
    for key in keys:
        got: Counter = Counter()
        for group, (tokens, head, both) in groups_of(ev, key).items():
            got.update({(group, "tokens"): tokens, (group, "head"): head, (group, "both"): both})
        assert +got == +expected[key], key
    columns = {"AnyRight": "any_right", "BothRight": "head_label", "BothWrong": "both_wrong",
               "LabelWrong": "label_wrong", "HeadWrong": "head_wrong", "AnyWrong": "any_wrong"}
    for name, column in columns.items():
        totals = ev.score(name).totals
        assert totals[column] == hits[name] and max(totals.values()) == hits["tokens"], name


# -- MaltEval's own output on the same files (tests/fixtures_malteval/SOURCE.md) ---------


def malteval_table(name: str) -> dict[str, dict[str, int]]:
    """A MaltEval table: per group, each column by its header (``counter / Metric:UAS``)."""
    lines = (FIXTURES / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if " / " in line)
    header = lines[at]
    heads = re.findall(r"(\S+ / Metric:\S+)", header)
    group_at = header.rindex(" ") + 1  # the grouping's own column, last
    out = {}
    for line in lines[at + 2 :]:
        if not line.strip() or line.startswith("-"):
            continue
        numbers = line[:group_at].split()
        out[line[group_at:].rstrip()] = {h: int(v) for h, v in zip(heads, numbers, strict=True)}
    return out


def study(**options: object) -> AttachmentEvaluator:
    return AttachmentEvaluator(
        trees(STUDY / "outputs" / "arc-eager.conllu"), trees(STUDY / "test.conllu"), **options
    )


SIMPLE = {"Wordform": "form", "Lemma": "lemma", "Feats": "feats",
          "StartWordPosition": "start-position", "EndWordPosition": "end-position"}  # fmt: skip


@pytest.mark.parametrize("grouping", sorted(SIMPLE))
def test_simple_groupings_equal_malteval(grouping: str) -> None:
    key = SIMPLE[grouping]
    ours = groups_of(study(by=key), key)
    theirs = malteval_table(grouping)
    assert len(theirs) >= 80
    for group, cells in theirs.items():
        if "Position" in grouping:
            group = str(int(group) + 1)  # MaltEval counts from 0 (SOURCE.md)
        tokens, head, both = ours[group]
        assert (tokens, head) == (cells["counter / Metric:UAS"],
                                  cells["correctcounter / Metric:UAS"]), group  # fmt: skip
        assert (tokens, both) == (cells["counter / Metric:LAS"],
                                  cells["correctcounter / Metric:LAS"]), group  # fmt: skip
    if grouping in ("Feats", "StartWordPosition", "EndWordPosition"):  # every group shown
        assert len(ours) == len(theirs)


@pytest.mark.parametrize("grouping", ["BranchingFactor", "Frame", "RelationLength"])
def test_the_gold_side_of_groupings_a_parse_changes_equals_malteval(grouping: str) -> None:
    key = {"BranchingFactor": "branching", "Frame": "frame",
           "RelationLength": "relation-length"}[grouping]  # fmt: skip
    ev = study(by=key)
    ours = {g: s for g, s in ev.breakdown(key).items()}
    for group, cells in malteval_table(grouping).items():
        gold_tokens = cells["treebankcounter / Metric:UAS"]
        if not gold_tokens:
            continue  # a group of the parse's alone
        scores = ours[group].scores
        uas = scores["UAS_R" if key == "relation-length" else "UAS"].totals
        las = scores["LAS_R" if key == "relation-length" else "LAS"].totals
        assert uas == {"head": cells["treebankcorrectcounter / Metric:UAS"],
                       "tokens": gold_tokens}, group  # fmt: skip
        assert las["head_label"] == cells["treebankcorrectcounter / Metric:LAS"], group
        if key == "relation-length":  # and the parse's side: MaltEval's parser counts
            assert scores["UAS_P"].totals == {
                "predicted_head": cells["parsercorrectcounter / Metric:UAS"],
                "predicted": cells["parsercounter / Metric:UAS"],
            }, group
            assert scores["LAS_P"].totals["head_label"] == (
                cells["parsercorrectcounter / Metric:LAS"]
            ), group


def test_the_measures_equal_malteval_by_upos() -> None:
    ev = study(by="upos", extra_measures="all")
    columns = {"AnyRight": "any_right", "BothWrong": "both_wrong", "LabelWrong": "label_wrong",
               "HeadWrong": "head_wrong", "AnyWrong": "any_wrong"}
    theirs = malteval_table("Cpostag_measures")
    totals: Counter = Counter()
    for upos, cells in theirs.items():
        scores = ev.breakdown("upos")[upos].scores
        for name, column in columns.items():
            got = scores[name].totals
            assert got[column] == cells[f"correctcounter / Metric:{name}"], (upos, name)
            assert max(got.values()) == cells[f"counter / Metric:{name}"], (upos, name)
            totals[name] += got[column]
    for name, column in columns.items():  # and the corpus's: the groups' sums
        assert ev.score(name).totals[column] == totals[name]


def test_exclude_by_lemma_and_features_equals_malteval() -> None:
    ev = study(by="upos", exclude={"lemma": ["be", "have"], "feats": ["Number=Sing"]})
    ours = groups_of(ev, "upos")
    for upos, cells in malteval_table("exclude").items():
        if cells["counter / Metric:UAS"] == 0:
            assert upos not in ours
            continue
        tokens, head, both = ours[upos]
        assert (tokens, head, both) == (cells["counter / Metric:UAS"],
                                        cells["correctcounter / Metric:UAS"],
                                        cells["correctcounter / Metric:LAS"]), upos  # fmt: skip


def test_the_extension_is_one_module_with_token_columns() -> None:
    assert MALTEVAL_MEASURES.tokens and MALTEVAL_MEASURES.names == MEASURES
    with pytest.raises(OptionError, match="has no further measure"):
        AttachmentEvaluator([], [], extra_measures="AnyRigth").stats  # noqa: B018
