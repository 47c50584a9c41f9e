"""``--by``, ``--bins``, ``--top``, ``--ci`` and ``--significance --by`` on the command line.

Every expected number is worked out by hand below from two tiny CoNLL-U
files written here; the definitions are those of SPEC.md §7 and §12
(attachment per relation as spaCy's ``dep_las_per_type``: precision over the
parse's arcs with the relation, recall over the gold's).

The gold, two sentences (punctuation included, as the default)::

    S1  1 I PRON ->2 nsubj   2 saw VERB ->0 root   3 her PRON ->2 obj   4 . PUNCT ->2 punct
    S2  1 She PRON ->2 nsubj 2 ran VERB ->0 root

System ``a`` gets S1's ``her`` wrong (head 1, nsubj) and S2's ``She`` half
wrong (right head, obj); system ``b`` is the gold itself.

For ``a``, token by token (head right / relation right):
    I  y/y   saw y/y   her n/n   .  y/y   She y/n   ran y/y
so LAS = 4/6, UAS = 5/6 (corpus).

By relation (gold arcs for recall, parse arcs for precision):
    gold   nsubj {I, She} 2, root {saw, ran} 2, obj {her} 1, punct {.} 1   (6 tokens)
    parse  nsubj {I, her} 2, root {saw, ran} 2, obj {She} 1, punct {.} 1
    nsubj  LAS_P = 1/2 (I right, her not), LAS_R = 1/2 (I right, She's label wrong),
           LAS_F = 0.5; UAS_P = 1/2 (her's head wrong), UAS_R = 2/2 (I, She: heads right)
    root   everything 2/2 = 1
    obj    LAS_P = 0/1 (She is no gold obj), LAS_R = 0/1 (her wrong): LAS_F = 0;
           UAS_P = 1/1 (She's head right), UAS_R = 0/1
    punct  everything 1/1
    Order: gold frequency, then name: nsubj (2), root (2), obj (1), punct (1);
    shares 2/6 = 33.33 %, 33.33 %, 1/6 = 16.67 %, 16.67 %.

By upos (tokens of the gold word's tag):
    PRON {I, her, She} 3: LAS 1/3 (I), UAS 2/3 (I, She)
    VERB {saw, ran} 2: LAS 2/2, UAS 2/2;  PUNCT {.} 1: 1/1
    shares 50 %, 33.33 %, 16.67 %.

By length with ``--bins length=2,3`` (bins 1-2, 3, 4+; S2 has 2 words, S1 4):
    1-2  {She, ran}: LAS 1/2 = 0.5;  4+  {I, saw, her, .}: LAS 3/4 = 0.75
    (no sentence of 3 words: no group "3"); bins keep their order.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import ClassVar

import pytest

from nltk_tedeval.cli import main
from nltk_tedeval.cli.breakdowns import breakdown_report, check_request
from nltk_tedeval.errors import OptionError
from nltk_tedeval.scoring.evaluator import Evaluator
from nltk_tedeval.scoring.groups import Grouped, GroupKey
from nltk_tedeval.scoring.stats import Measure, accuracy

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "docs" / "report.schema.json").read_text(encoding="utf-8"))

GOLD = (
    "1\tI\tI\tPRON\tPRP\t_\t2\tnsubj\t_\t_\n"
    "2\tsaw\tsee\tVERB\tVBD\t_\t0\troot\t_\t_\n"
    "3\ther\ther\tPRON\tPRP\t_\t2\tobj\t_\t_\n"
    "4\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_\n"
    "\n"
    "1\tShe\tshe\tPRON\tPRP\t_\t2\tnsubj\t_\t_\n"
    "2\tran\trun\tVERB\tVBD\t_\t0\troot\t_\t_\n"
    "\n"
)
A = GOLD.replace(
    "3\ther\ther\tPRON\tPRP\t_\t2\tobj", "3\ther\ther\tPRON\tPRP\t_\t1\tnsubj"
).replace("1\tShe\tshe\tPRON\tPRP\t_\t2\tnsubj", "1\tShe\tshe\tPRON\tPRP\t_\t2\tobj")


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    out = {}
    for name, text in (("gold", GOLD), ("a", A), ("b", GOLD)):
        path = tmp_path / f"{name}.conllu"
        path.write_text(text, encoding="utf-8")
        out[name] = path
    assert A != GOLD and A.count("\n") == GOLD.count("\n")
    return out


def run(capsys, *argv: object) -> tuple[int, str, str]:
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys, *argv: object) -> dict:
    status, out, err = run(capsys, *argv, "--json")
    assert status == 0, err
    data = json.loads(out)
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(data, SCHEMA)
    return data


def value(score: dict) -> float | None:
    return score["value"]


# -- JSON: the numbers worked out above -------------------------------------------------


def test_json_breakdown_by_relation_and_upos(capsys, files):
    data = run_json(capsys, "attach", files["gold"], files["a"], "--by", "relation,upos")
    assert data["version"] == 2
    assert [(b["system"], b["key"]) for b in data["breakdowns"]] == [
        ("a", "relation"),
        ("a", "upos"),
    ]
    rel, upos = data["breakdowns"]
    assert rel["frequency"] == "tokens" and rel["total_groups"] == 4 and not rel["counts"]
    groups = {g["group"]: g for g in rel["groups"]}
    assert [g["group"] for g in rel["groups"]] == ["nsubj", "root", "obj", "punct"]
    assert [g["frequency"] for g in rel["groups"]] == [2, 2, 1, 1]
    assert groups["nsubj"]["share"] == pytest.approx(2 / 6)
    nsubj = groups["nsubj"]["scores"]
    assert value(nsubj["LAS_P"]) == pytest.approx(0.5)
    assert value(nsubj["LAS_R"]) == pytest.approx(0.5)
    assert value(nsubj["LAS_F"]) == pytest.approx(0.5)
    assert value(nsubj["UAS_P"]) == pytest.approx(0.5)
    assert value(nsubj["UAS_R"]) == pytest.approx(1.0)
    obj = groups["obj"]["scores"]
    assert (value(obj["LAS_P"]), value(obj["LAS_R"]), value(obj["LAS_F"])) == (0.0, 0.0, 0.0)
    assert (value(obj["UAS_P"]), value(obj["UAS_R"])) == (1.0, 0.0)
    assert all(value(s) == 1.0 for s in groups["root"]["scores"].values())
    assert [g["group"] for g in upos["groups"]] == ["PRON", "VERB", "PUNCT"]
    pron = upos["groups"][0]
    assert pron["frequency"] == 3 and pron["share"] == pytest.approx(0.5)
    assert value(pron["scores"]["LAS"]) == pytest.approx(1 / 3)
    assert value(pron["scores"]["UAS"]) == pytest.approx(2 / 3)
    # The corpus scores are those of a run without --by.
    assert value(data["systems"][0]["scores"]["LAS"]) == pytest.approx(4 / 6)
    assert value(data["systems"][0]["scores"]["UAS"]) == pytest.approx(5 / 6)


def test_a_group_counts_its_own_sentences_whether_rows_are_kept_or_not(capsys, files, tmp_path):
    # By hand, system a by relation (gold arcs for recall, parse arcs for precision):
    #   nsubj: S1 (I, gold and parse; her, parse), S2 (She, gold only: no parse nsubj,
    #          P undefined): 2 sentences, P undefined in 1, R in none;
    #   root: S1, S2; punct: S1 only;
    #   obj: S1 (her, gold: R 0/1, no parse obj: P undefined),
    #        S2 (She, parse: P 0/1, no gold obj: R undefined): 2 sentences, 1 undefined each.
    # A run of sums (--by alone) says what a run that keeps rows (a per-sentence file) says.
    expected = {
        "nsubj": {"LAS_P": (2, 1), "LAS_R": (2, 0), "UAS_P": (2, 1), "UAS_R": (2, 0)},
        "root": {"LAS_P": (2, 0), "LAS_R": (2, 0)},
        "obj": {"LAS_P": (2, 1), "LAS_R": (2, 1), "UAS_P": (2, 1), "UAS_R": (2, 1)},
        "punct": {"LAS_P": (1, 0), "LAS_R": (1, 0)},
    }
    tsv = tmp_path / "rows.tsv"
    for extra in ((), ("--per-sentence", tsv)):
        data = run_json(capsys, "attach", files["gold"], files["a"], "--by", "relation", *extra)
        groups = {g["group"]: g["scores"] for g in data["breakdowns"][0]["groups"]}
        for group, measures in expected.items():
            for name, counts in measures.items():
                score = groups[group][name]
                assert (score["sentences"], score["undefined"]) == counts, (extra, group, name)


def test_without_by_or_ci_the_report_is_version_1(capsys, files):
    data = run_json(capsys, "attach", files["gold"], files["a"])
    assert data["version"] == 1
    assert "breakdowns" not in data and "group_significance" not in data
    assert all("ci" not in s for s in data["systems"][0]["scores"].values())


def test_bins(capsys, files):
    data = run_json(capsys, "attach", files["gold"], files["a"], "--by", "length",
                    "--bins", "length=2,3")  # fmt: skip
    (length,) = data["breakdowns"]
    assert length["binned"]
    assert [g["group"] for g in length["groups"]] == ["1-2", "4+"]
    assert [value(g["scores"]["LAS"]) for g in length["groups"]] == [0.5, 0.75]
    # The default bins put both sentences in 1-10.
    data = run_json(capsys, "attach", files["gold"], files["a"], "--by", "length")
    assert [g["group"] for g in data["breakdowns"][0]["groups"]] == ["1-10"]


def test_top_cuts_json_only_when_given(capsys, files):
    data = run_json(capsys, "attach", files["gold"], files["a"], "--by", "relation", "--top", "1")
    (rel,) = data["breakdowns"]
    assert [g["group"] for g in rel["groups"]] == ["nsubj"] and rel["total_groups"] == 4


# -- text ----------------------------------------------------------------------------


def test_text_table(capsys, files):
    status, out, err = run(capsys, "attach", files["gold"], files["a"], "--by", "relation")
    assert status == 0, err
    lines = out.splitlines()
    start = lines.index(
        "a by relation: the relation of the arc (gold for recall, parse for precision)"
    )
    header = lines[start + 1].split()
    assert header == ["relation", "tokens", "share", "%", "LAS_P", "LAS_R", "LAS_F",
                      "UAS_P", "UAS_R", "UAS_F"]  # fmt: skip
    rows = [line.split() for line in lines[start + 3 : start + 7]]
    assert rows == [
        ["nsubj", "2", "33.33", "0.5000", "0.5000", "0.5000", "0.5000", "1.0000", "0.6667"],
        ["root", "2", "33.33", "1.0000", "1.0000", "1.0000", "1.0000", "1.0000", "1.0000"],
        ["obj", "1", "16.67", "0.0000", "0.0000", "0.0000", "1.0000", "0.0000", "0.0000"],
        ["punct", "1", "16.67", "1.0000", "1.0000", "1.0000", "1.0000", "1.0000", "1.0000"],
    ]
    # nsubj's UAS_F: 2 * 0.5 * 1 / (0.5 + 1) = 2/3.
    assert out.rstrip().splitlines()[-1].startswith("signature: metric:attachment")


def test_text_top_says_how_many_more(capsys, files):
    status, out, _ = run(capsys, "attach", files["gold"], files["a"], "--by", "relation",
                         "--top", "2")  # fmt: skip
    assert status == 0
    assert "... 2 more groups (--top 0 shows all)" in out
    assert "\nobj " not in out and "\nroot " in out
    _, out, _ = run(capsys, "attach", files["gold"], files["a"], "--by", "relation", "--top", "0")
    assert "more group" not in out and "\npunct " in out


def test_text_na_group_says_why(capsys, files, tmp_path):
    # A parse that labels no word obj: the gold's obj group has no parse arc, so its
    # precision is N/A (0 parse arcs), its recall 0/1.
    p = tmp_path / "no_obj.conllu"
    p.write_text(GOLD.replace("\tobj\t", "\tdobj\t"), encoding="utf-8")
    status, out, _ = run(capsys, "attach", files["gold"], p, "--by", "relation", "--top", "0")
    assert status == 0
    row = next(line.split() for line in out.splitlines() if line.startswith("obj "))
    assert row[:5] == ["obj", "1", "16.67", "n/a", "0.0000"]
    assert "n/a: LAS_P of obj: no parse token of the group has a relation to compare" in out


# -- --ci -------------------------------------------------------------------------------


def test_ci_is_seeded_and_contains_the_point(capsys, files):
    argv = ("attach", files["gold"], files["a"], "--by", "upos", "--ci", "0.9")
    first = run_json(capsys, *argv)
    again = run_json(capsys, *argv)
    assert first == again
    assert first["version"] == 2
    las = first["systems"][0]["scores"]["LAS"]
    assert las["ci"]["level"] == pytest.approx(0.9)
    assert las["ci"]["low"] <= las["value"] <= las["ci"]["high"]
    for group in first["breakdowns"][0]["groups"]:
        for score in group["scores"].values():
            ci = score["ci"]
            assert ci["level"] == pytest.approx(0.9)
            if score["value"] is not None and ci["low"] is not None:
                assert ci["low"] <= score["value"] <= ci["high"]
    # VERB and PUNCT are right in every sentence that has them: every resampled
    # corpus scores them 1, so their interval is [1, 1].
    verb = next(g for g in first["breakdowns"][0]["groups"] if g["group"] == "VERB")
    assert (verb["scores"]["LAS"]["ci"]["low"], verb["scores"]["LAS"]["ci"]["high"]) == (1.0, 1.0)
    # Another seed is another draw, yet the same text twice with the same one.
    _, text1, _ = run(capsys, *argv)
    _, text2, _ = run(capsys, *argv)
    assert text1 == text2
    assert (
        "90% confidence intervals (percentile bootstrap over sentences, 1000 rounds, seed" in text1
    )
    assert "LAS (90% CI)" in text1 and "1.0000 [1.0000, 1.0000]" in text1


def test_ci_without_by_gives_the_corpus_intervals(capsys, files):
    data = run_json(capsys, "attach", files["gold"], files["a"], "--ci", "95")
    assert "breakdowns" not in data and data["version"] == 2
    for score in data["systems"][0]["scores"].values():
        assert score["ci"]["low"] <= score["value"] <= score["ci"]["high"]
    status, out, _ = run(capsys, "attach", files["gold"], files["a"], "--ci", "95", "-f", "tsv")
    assert status == 0
    header, row = out.splitlines()
    assert header.split("\t")[:4] == ["system", "LAS", "LAS low", "LAS high"]
    cells = row.split("\t")
    assert cells[0] == "a" and cells[1] == "0.6667"
    assert float(cells[2]) <= 0.6667 <= float(cells[3])


# -- every -f format -------------------------------------------------------------------


@pytest.mark.parametrize("form", ["tsv", "csv", "markdown", "latex"])
def test_table_formats_print_one_table_per_key(capsys, files, form):
    status, out, err = run(capsys, "attach", files["gold"], files["a"], files["b"],
                           "--by", "relation,upos", "-f", form)  # fmt: skip
    assert status == 0, err
    blocks = out.rstrip("\n").split("\n\n")
    assert len(blocks) == 3  # the score table, then relation, then upos
    sep = {"tsv": "\t", "csv": ",", "markdown": " | ", "latex": " & "}[form]
    rel = blocks[1]
    if form == "tsv":
        lines = rel.splitlines()
        assert lines[0].split("\t") == ["system", "relation", "tokens", "share %", "LAS_P",
                                        "LAS_R", "LAS_F", "UAS_P", "UAS_R", "UAS_F"]  # fmt: skip
        assert lines[1].split("\t") == ["a", "nsubj", "2", "33.33", "0.5000", "0.5000",
                                        "0.5000", "0.5000", "1.0000", "0.6667"]  # fmt: skip
        # 4 groups of a, then 4 of b (b is the gold: every score 1).
        assert len(lines) == 9 and lines[5].split("\t")[:5] == ["b", "nsubj", "2", "33.33",
                                                               "1.0000"]  # fmt: skip
        upos = blocks[2].splitlines()
        assert upos[0].split("\t")[:6] == ["system", "upos", "tokens", "share %", "LAS", "UAS"]
        assert upos[1].split("\t")[:6] == ["a", "PRON", "3", "50.00", "0.3333", "0.6667"]
    elif form == "latex":
        assert rel.count("\\begin{tabular}") == 1 and "share \\%" in rel
        assert "a & nsubj & 2 & 33.33 & 0.5000" in rel
        assert "LAS\\_P" in rel
    else:
        assert sep.join(["a", "nsubj", "2", "33.33", "0.5000"]) in rel


def test_table_formats_with_ci_add_bounds(capsys, files):
    status, out, _ = run(capsys, "attach", files["gold"], files["a"], "--by", "upos",
                         "--ci", "0.95", "-f", "csv")  # fmt: skip
    assert status == 0
    upos = out.rstrip("\n").split("\n\n")[1].splitlines()
    assert upos[0].split(",")[:7] == ["system", "upos", "tokens", "share %", "LAS",
                                      "LAS low", "LAS high"]  # fmt: skip
    verb = next(line.split(",") for line in upos if line.startswith("a,VERB,"))
    assert verb[4:7] == ["1.0000", "1.0000", "1.0000"]


# -- --significance with --by -----------------------------------------------------------


def test_significance_by_group(capsys, files):
    data = run_json(capsys, "attach", files["gold"], files["a"], files["b"], "--by", "relation",
                    "--significance", "99")  # fmt: skip
    assert len(data["significance"]) == 3  # the corpus tests as before: LAS, UAS, NED
    # Every measure of the key's table is tested (issue 40), groups in the table's order.
    tests = {(t["group"], t["measure"]): t for t in data["group_significance"]}
    measures = ["LAS_P", "LAS_R", "LAS_F", "UAS_P", "UAS_R", "UAS_F"]
    assert list(tests) == [(g, m) for g in ("nsubj", "root", "obj", "punct") for m in measures]
    scores = {k: (t["score_a"], t["score_b"]) for k, t in tests.items()}
    # nsubj: P = R = 1/2 labeled, UAS_P 1/2 and UAS_R 2/2, so UAS_F = 2/3; b is the gold.
    assert [scores["nsubj", m] for m in measures] == [
        (0.5, 1.0), (0.5, 1.0), (0.5, 1.0), (0.5, 1.0), (1.0, 1.0), (pytest.approx(2 / 3), 1.0)
    ]  # fmt: skip
    # obj: nothing right labeled; UAS_P 1/1 (She's head), UAS_R 0/1 (her's), so UAS_F 0.
    assert [scores["obj", m] for m in measures] == [
        (0.0, 1.0), (0.0, 1.0), (0.0, 1.0), (1.0, 1.0), (0.0, 1.0), (0.0, 1.0)
    ]  # fmt: skip
    # root: both right everywhere, no difference, nothing to shuffle: p = 1.
    assert all(tests["root", m]["p_value"] == 1.0 for m in measures)
    assert tests["nsubj", "UAS_R"]["p_value"] == 1.0  # equal scores in every sentence
    assert all(0 < t["p_value"] <= 1 for t in tests.values())
    assert all(t["a"] == "a" and t["b"] == "b" and t["key"] == "relation" for t in tests.values())
    status, out, _ = run(capsys, "attach", files["gold"], files["a"], files["b"], "--by",
                         "relation", "--significance", "99")  # fmt: skip
    assert status == 0
    assert "a vs b by relation: paired approximate randomization, 99 rounds, seed" in out
    rows = [line.split() for line in out.splitlines() if line.startswith(("nsubj ", "obj "))]
    tested = [row[:4] for row in rows if len(row) == 5]
    assert tested[:2] == [["nsubj", "LAS_P", "0.5000", "1.0000"],
                          ["nsubj", "LAS_R", "0.5000", "1.0000"]]  # fmt: skip
    assert len(tested) == 12  # nsubj and obj, six measures each


def test_groups_with_nothing_to_test_are_left_out_and_counted(capsys, files, tmp_path):
    # System c labels S2's "She" iobj, a relation the gold (system b) never has: b has
    # no iobj arc (every iobj score of b is N/A) and no gold arc has it (the recalls are
    # N/A for both), so no iobj test runs. The text leaves the group out and counts its
    # six tests by reason; the JSON report keeps them with their reasons.
    c = tmp_path / "c.conllu"
    she = "1\tShe\tshe\tPRON\tPRP\t_\t2\t"
    c.write_text(GOLD.replace(f"{she}nsubj", f"{she}iobj"), encoding="utf-8")
    argv = ["attach", files["gold"], files["b"], c, "--by", "relation", "--significance", "99"]
    status, out, _ = run(capsys, *argv)
    assert status == 0
    table = out.split("b vs c by relation: paired approximate randomization")[1]
    groups = {line.split()[0] for line in table.splitlines()[3:] if len(line.split()) == 5}
    assert groups == {"nsubj", "root", "obj", "punct"}
    left = [line for line in out.splitlines() if line.startswith("left out: ")]
    na = "the JSON report lists them"
    assert left == [
        f"left out: 1 test with nothing to test: score A is N/A (no parse token of the group "
        f"has a relation to compare); {na}",
        "left out: 1 test with nothing to test: scores A and B are N/A (no gold token of the "
        f"group has a relation to compare); {na}",
        "left out: 2 tests with nothing to test: scores A and B are N/A (precision or recall "
        f"is undefined (no token of the group on one side)); {na}",
        "left out: 1 test with nothing to test: score A is N/A (no parse token in the "
        f"group); {na}",
        "left out: 1 test with nothing to test: scores A and B are N/A (no gold token in the "
        f"group); {na}",
    ]
    data = run_json(capsys, *argv)
    untested = [t for t in data["group_significance"] if t.get("reason")]
    assert [(t["group"], t["measure"]) for t in untested] == [
        ("iobj", m) for m in ("LAS_P", "LAS_R", "LAS_F", "UAS_P", "UAS_R", "UAS_F")
    ]


# -- errors -------------------------------------------------------------------------------


def one_line_error(capsys, *argv: object) -> str:
    status, out, err = run(capsys, *argv)
    assert status == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith("tedeval: error: "), err
    assert "Traceback" not in err
    return err


def test_unknown_key_names_the_keys(capsys, files):
    err = one_line_error(capsys, "attach", files["gold"], files["a"], "--by", "relation,colour")
    assert "no breakdown by colour" in err
    assert "relation, upos, xpos, length, distance, direction, depth, projective" in err


def test_bins_errors(capsys, files):
    err = one_line_error(capsys, "attach", files["gold"], files["a"], "--bins", "length=5")
    assert "which --by does not ask for" in err
    err = one_line_error(capsys, "attach", files["gold"], files["a"], "--by", "upos",
                         "--bins", "upos=5")  # fmt: skip
    assert "upos is not binned" in err and "length" in err
    err = one_line_error(capsys, "attach", files["gold"], files["a"], "--by", "length",
                         "--bins", "length=20,10")  # fmt: skip
    assert "bins must rise" in err
    err = one_line_error(capsys, "attach", files["gold"], files["a"], "--by", "length",
                         "--bins", "length")  # fmt: skip
    assert "KEY=B[,B...]" in err


def test_option_value_errors(capsys, files):
    err = one_line_error(capsys, "attach", files["gold"], files["a"], "--ci", "abc")
    assert "--ci takes a fraction from 0.5 to below 1 (0.95)" in err
    err = one_line_error(capsys, "attach", files["gold"], files["a"], "--by", "upos",
                         "--top", "-1")  # fmt: skip
    assert "--top" in err


def test_by_where_a_command_cannot(capsys, files):
    err = one_line_error(capsys, "attach", files["gold"], files["a"], "--conll18", "--by", "upos")
    assert "Conll18Evaluator has no breakdown by upos; it has relation" in err
    err = one_line_error(capsys, "attach", files["gold"], files["a"], "--conll18", "--ci", "0.9")
    assert "--conll18" in err and "--ci" in err
    err = one_line_error(capsys, "attach", files["gold"], files["a"], "--align", "--by", "upos")
    assert "no breakdown by upos under align=exact" in err
    err = one_line_error(capsys, "cross", "-e", f"a={files['gold']},{files['a']}",
                         "-e", f"b={files['gold']},{files['b']}", "--by", "relation")  # fmt: skip
    # cross offers TedEval's keys (label, length), for every parse and pair of golds.
    assert "TedEval has no breakdown by relation; it has label, length" in err


def test_a_metric_without_keys_says_so():
    class Keyless(Evaluator):
        metric = "keyless"

    args = argparse.Namespace(command="keyless", by=["label"], bins=[], top=None, ci=None)
    with pytest.raises(OptionError, match="tedeval keyless offers no breakdown yet"):
        check_request(args, Keyless)
    args.by = []
    check_request(args, Keyless)  # nothing asked: nothing to refuse


# -- the plot helper ------------------------------------------------------------------------


class RecordingAxes:
    """The Axes methods plot_breakdown calls, recorded (matplotlib is an optional extra)."""

    def __init__(self) -> None:
        self.calls: dict[str, tuple] = {}

    def __getattr__(self, name: str):
        def record(*args, **kwargs):
            self.calls[name] = (args, kwargs)

        return record


def breakdown(key: str, ci: float | None = None):
    from nltk_tedeval.metrics.attachment import AttachmentEvaluator
    from nltk_tedeval.reading import read_file

    with tempfile.TemporaryDirectory() as d:  # the readers read files
        g, p = Path(d) / "g.conllu", Path(d) / "p.conllu"
        g.write_text(GOLD, encoding="utf-8")
        p.write_text(A, encoding="utf-8")
        ev = AttachmentEvaluator(list(read_file(str(p))), list(read_file(str(g))), by=key)
        return ev.breakdown(key, ci=ci)


def test_plot_breakdown_bars_and_error_bars():
    from nltk_tedeval.cli.plotting import bar_data, plot_breakdown

    ax = RecordingAxes()
    assert plot_breakdown(breakdown("relation"), ax=ax) is ax
    (positions, heights), kwargs = ax.calls["barh"]
    assert positions == [0, 1, 2, 3] and heights == [0.5, 1.0, 0.0, 1.0]  # LAS_P, as above
    assert kwargs["xerr"] is None
    assert ax.calls["set_yticks"][0][1] == ["nsubj", "root", "obj", "punct"]
    assert ax.calls["set_xlabel"][0] == ("LAS_P",)
    name, labels, heights, errors = bar_data(breakdown("upos", ci=0.95), "UAS")
    assert (name, labels) == ("UAS", ["PRON", "VERB", "PUNCT"])
    assert heights == pytest.approx([2 / 3, 1.0, 1.0])
    assert errors is not None and errors[1] == (0.0, 0.0)  # VERB: [1, 1]
    assert all(below >= 0 and above >= 0 for below, above in errors)
    with pytest.raises(OptionError, match="no measure 'F1'"):
        bar_data(breakdown("upos"), "F1")


RELATIONS = [
    "compound:prt", "nmod:poss", "obl:tmod", "acl:relcl", "det:predet", "nsubj:pass",
    "aux:pass", "csubj:pass", "flat:foreign", "cc:preconj", "obl:npmod", "nmod:tmod",
    "expl:pv", "compound:lvc", "advcl:relcl", "nmod:npmod", "obl:agent", "det:poss",
    "iobj", "root",
]  # fmt: skip


def test_plot_breakdown_names_never_overlap_and_stay_in_the_figure():
    # Issue 42 item 9: the notebook's chart of relations had names over each other.
    import matplotlib

    matplotlib.use("Agg")
    from nltk_tedeval.cli.plotting import plot_breakdown
    from nltk_tedeval.metrics.attachment import AttachmentEvaluator
    from nltk_tedeval.trees.dependency import DependencyTree

    # One token per relation, hanging from a root word: 20 groups of long names.
    words = ("w",) * (len(RELATIONS) + 1)
    heads = (0, *([1] * len(RELATIONS)))
    rels = ("root", *RELATIONS[:-1], "iobj")
    gold = DependencyTree(words, heads, rels)
    ax = plot_breakdown(AttachmentEvaluator([gold], [gold], by="relation").breakdown("relation"))
    figure = ax.figure
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    boxes = [t.get_window_extent(renderer) for t in ax.get_yticklabels() if t.get_text()]
    assert len(boxes) == len(set(rels)) == 20
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not a.overlaps(b), (a, b)
    bounds = figure.bbox
    for box in boxes:
        assert box.x0 >= bounds.x0 and box.x1 <= bounds.x1
        assert box.y0 >= bounds.y0 and box.y1 <= bounds.y1
    import matplotlib.pyplot as plt

    plt.close(figure)


def test_plot_breakdown_without_matplotlib_names_the_extra(monkeypatch):
    from nltk_tedeval.cli.plotting import plot_breakdown

    # None in sys.modules makes the import fail, as when the extra is not installed.
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(OptionError, match=r"nltk_tedeval\[plot\]"):
        plot_breakdown(breakdown("upos"))


# -- a counted key (confusions) and percentages, on a toy metric ------------------------


class Confusions(Evaluator):
    """Token tags, their accuracy, and each wrong tag counted as a "gold->parse" event."""

    measures: ClassVar[dict[str, Measure]] = {"ACC": Measure("ACC", ("correct", "total"), accuracy)}
    primary = ("ACC",)
    columns = ("correct", "total")
    breakdown_keys: ClassVar[dict[str, GroupKey]] = {
        "confusion": GroupKey("confusion", ("count",), {}, frequency="count", counts=True,
                              help="gold tag -> parse tag, where they differ"),
        "tag": GroupKey("tag", ("correct", "total"),
                        {"ACC": Measure("ACC", ("correct", "total"), accuracy)},
                        frequency="total", help="the gold tag"),
    }  # fmt: skip

    def _sentence_stats(self, parsed, gold):
        row = (sum(p == g for p, g in zip(parsed, gold, strict=True)), len(gold))
        if not self.by:
            return row, None
        confusions: dict[str, tuple[int]] = {}
        tags: dict[str, tuple[int, int]] = {}
        for p, g in zip(parsed, gold, strict=True):
            if p != g:
                confusions[f"{g}->{p}"] = (confusions.get(f"{g}->{p}", (0,))[0] + 1,)
            c, t = tags.get(g, (0, 0))
            tags[g] = (c + (p == g), t + 1)
        return row, Grouped(None, {"confusion": confusions, "tag": tags})


def toy_args(**given) -> argparse.Namespace:
    return argparse.Namespace(**{"by": [], "bins": [], "top": None, "ci": None, "seed": 7,
                                 **given})  # fmt: skip


def test_counted_key_is_a_count_table():
    # Gold N V N N, parse N N V N: two confusions, V->N and N->V, once each;
    # second sentence N N against V N: N->V again. So N->V 2, V->N 1 (share 2/3, 1/3).
    gold = [["N", "V", "N", "N"], ["N", "N"]]
    parse = [["N", "N", "V", "N"], ["V", "N"]]
    ev = Confusions(parse, gold, by="confusion,tag")
    parts = breakdown_report(toy_args(by=["confusion,tag"]), [("toy", ev)])
    text = "\n".join(parts.text)
    assert "toy by confusion: gold tag -> parse tag, where they differ" in text
    block = text.split("toy by confusion")[1].split("\n\n")[0].splitlines()
    assert block[1].split() == ["confusion", "count", "share", "%"]
    assert [line.split() for line in block[3:]] == [["N->V", "2", "66.67"], ["V->N", "1", "33.33"]]
    conf = parts.json[0]
    assert conf["counts"] and conf["measures"] == []
    assert [(g["group"], g["frequency"], g["scores"]) for g in conf["groups"]] == [
        ("N->V", 2, {}), ("V->N", 1, {})
    ]  # fmt: skip
    assert parts.tables[0].header == ["system", "confusion", "count", "share %"]
    # N: 5 gold tokens, 3 right (the first sentence's 1st and 4th, the second's 2nd);
    # V: 1, wrong. As percentages (parseval's scale): 60.00 and 0.00.
    parts = breakdown_report(toy_args(by=["tag"]), [("toy", ev)], percent=True)
    rows = [r for r in parts.tables[0].rows]
    assert rows == [["toy", "N", "5", "83.33", "60.00"], ["toy", "V", "1", "16.67", "0.00"]]


def test_counted_keys_are_not_tested():
    gold = [["N", "V"], ["N", "N"]]
    a = Confusions.evaluate_systems(gold, [[["N", "N"], ["N", "N"]], gold], by="confusion,tag",
                                    names=["a", "b"])  # fmt: skip
    parts = breakdown_report(toy_args(by=["confusion,tag"]), [("a", a[0]), ("b", a[1])],
                             rounds=9)  # fmt: skip
    assert {t["key"] for t in parts.tests} == {"tag"}
    assert {t["group"]: (t["score_a"], t["score_b"]) for t in parts.tests} == {
        "N": (1.0, 1.0), "V": (0.0, 1.0)
    }  # fmt: skip


def test_conll18_by_relation(capsys, files):
    # The script aligns the same words one to one. By relation (gold word's for recall,
    # system word's for precision): nsubj has gold I (right) and She (a's obj), so recall
    # 1/2; a's nsubj are I (right) and her (head 1, gold 2), so precision 1/2 and LAS F1
    # 1/2. obj: gold her is a's nsubj, a's obj She is gold nsubj: 0/1 both ways. root
    # (saw, ran) and punct (.) are right.
    data = run_json(capsys, "attach", files["gold"], files["a"], "--conll18", "--by", "relation")
    (entry,) = data["breakdowns"]
    groups = {g["group"]: g for g in entry["groups"]}
    assert [g["group"] for g in entry["groups"]][:1] == ["nsubj"]  # 2 gold words, the most
    nsubj = groups["nsubj"]["scores"]
    assert value(nsubj["LAS.recall"]) == 0.5 and value(nsubj["LAS.precision"]) == 0.5
    assert value(nsubj["LAS"]) == 0.5
    assert value(groups["obj"]["scores"]["LAS"]) == 0.0
    assert value(groups["root"]["scores"]["LAS"]) == 1.0
    assert value(groups["punct"]["scores"]["LAS"]) == 1.0
    # The script's table comes first, byte for byte, and the breakdown after it.
    status, out, _ = run(capsys, "attach", files["gold"], files["a"], "--conll18", "--by",
                         "relation")  # fmt: skip
    plain = run(capsys, "attach", files["gold"], files["a"], "--conll18")[1]
    assert status == 0 and out.startswith(plain.rstrip("\n") + "\n\n")
    assert "nsubj" in out[len(plain) :]


def test_cross_by_label_splits_every_table(capsys):
    # A gold used as its own parse has δ = 0 in SINGLE and MULTIPLE, so no label group
    # carries δ there; the cross-theory overlap of the two golds is where labels carry δ,
    # and its groups sum to the overlap's labeled (δ, ι) (SPEC.md §12.1, §12.5).
    g = ROOT / "corpora_samples" / "gum"
    ptb, ud = g / "GUM_news_crane.ptb", g / "GUM_news_crane.conllu"
    exps = ("-e", f"ptb={ptb},{ptb}", "-e", f"ud={ud},{ud}")
    data = run_json(capsys, "cross", *exps, "--by", "label")
    systems = [b["system"] for b in data["breakdowns"]]
    assert systems == ["ptb SINGLE", "ud SINGLE", "ptb MULTIPLE", "ud MULTIPLE", "ptb vs ud"]
    for entry in data["breakdowns"][:4]:
        assert all(grp["totals"]["delta"] == 0 for grp in entry["groups"])
    for tl in ((), ("--tl-unify", "ptb:ud")):
        data = run_json(capsys, "cross", *exps, *tl, "--by", "label")
        overlap = data["breakdowns"][4]["groups"]
        (pair,) = data["overlap"]
        totals = pair["labeled"]["totals"]  # delta_labeled, iota_labeled
        assert sum(grp["totals"]["delta"] for grp in overlap) == totals["delta_labeled"] > 0
        assert sum(grp["totals"]["iota"] for grp in overlap) == totals["iota_labeled"]


def test_score_by_length_shows_tedevals_two_measures(capsys):
    # SPEC.md §6's files: sentence 1 ("I left", 2 words) has δ_U = 0, ι_U = 4; sentence 2
    # ("she sang loudly", 3 words) δ_U = 1, ι_U = 7 in b. With bins 1-2 and 3+: unlabeled
    # 1.0000 and 1 - 1/7 = 0.8571; labeled is n/a (no relation in three-column files).
    spec = ROOT / "corpora_samples" / "spec"
    status, out, err = run(capsys, "score", spec / "gold.tab", spec / "b.tab", "--by", "length",
                           "--bins", "length=2")  # fmt: skip
    assert status == 0, err
    start = out.index("b by length")
    table = out[start:].splitlines()[1:5]
    assert table[0].split() == ["length", "sentences", "share", "%", "labeled", "unlabeled"]
    assert table[2].split() == ["1-2", "1", "50.00", "n/a", "1.0000"]
    assert table[3].split() == ["3+", "1", "50.00", "n/a", "0.8571"]


def test_parsevals_confusions_and_attachment_errors_are_count_tables():
    # The hand corpus of test_breakdown_parseval.py: sentence 1's gold NP(3,4) is ADVP in
    # the test (one confusion); sentence 2's NP(3,4) hangs under S, not VP (one attachment
    # error). Counted events: a count and a share, no score.
    from nltk import Tree

    from nltk_tedeval import ParsevalEvaluator

    from .test_breakdown_parseval import GOLD1, GOLD2, TEST1, TEST2

    gold = [Tree.fromstring(GOLD1), Tree.fromstring(GOLD2)]
    test = [Tree.fromstring(TEST1), Tree.fromstring(TEST2)]
    ev = ParsevalEvaluator(test, gold, by="confusion,attachment")
    parts = breakdown_report(toy_args(by=["confusion,attachment"]), [("p", ev)])
    shown = {t["key"]: t for t in parts.json}
    for key, event in (("confusion", "NP→ADVP"), ("attachment", "NP: VP→S")):
        assert shown[key]["counts"] is True and shown[key]["measures"] == []
        assert [(g["group"], g["frequency"], g["scores"]) for g in shown[key]["groups"]] == [
            (event, 1, {})
        ]
