"""``tedeval rank`` (issue 43 item 6, SPEC.md §16): the macro average over treebanks, worked
by hand from each treebank's counts, what --missing-treebank does, the manifest's errors,
the JSON schema, and the same numbers on every engine and number of workers.

The sample manifest ``corpora_samples/rank/runs.tsv`` ranks three systems on three
treebanks made of shipped files (its README): ``parse`` has a parse of all three,
``gold2`` too, ``copy`` has none of ``french``. The LAS counts below are those of a
plain CoNLL reader (:func:`oracle_las`: head and relation equal, every word counted,
as ``attach``'s defaults say), which the first test checks against the files.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest

from nltk_tedeval.cli import main
from nltk_tedeval.scoring.bootstrap import (
    bootstrap_intervals,
    macro_over_strata,
    stratified_intervals,
)
from nltk_tedeval.scoring.significance import paired_randomization, stratified_randomization
from nltk_tedeval.scoring.stats import TEDEVAL, Measure, StatsTable, accuracy

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "corpora_samples"
MANIFEST = SAMPLES / "rank" / "runs.tsv"
SCHEMA = json.loads((ROOT / "docs" / "rank.schema.json").read_text(encoding="utf-8"))
LAS = Measure("LAS", ("correct", "total"), accuracy)

# Correct (head and relation) and total words of each parse, from oracle_las.
COUNTS = {
    ("arrive", "parse"): (2, 3),  # "Sunday" attached to "arrive" instead of "on"
    ("arrive", "gold2"): (1, 3),  # the other theory: only the root agrees
    ("arrive", "copy"): (3, 3),
    ("lengths", "parse"): (44, 89),
    ("lengths", "gold2"): (89, 89),
    ("lengths", "copy"): (89, 89),
    ("french", "parse"): (273, 394),
    ("french", "gold2"): (394, 394),
}
FILES = {
    "arrive": ("spec/arrive_gold1.conll", {"parse": "spec/arrive_parse.conll",
               "gold2": "spec/arrive_gold2.conll", "copy": "spec/arrive_gold1.conll"}),
    "lengths": ("spec/lengths_gold.conllu", {"parse": "spec/lengths_parse.conllu",
                "gold2": "spec/lengths_gold.conllu", "copy": "spec/lengths_gold.conllu"}),
    "french": ("ud/french/gold.conllu", {"parse": "ud/french/same.conllu",
               "gold2": "ud/french/gold.conllu"}),
}  # fmt: skip


def oracle_las(gold: Path, parse: Path) -> tuple[int, int]:
    """Words whose head and relation both agree, and words: a CoNLL reader of its own."""

    def words(path: Path) -> list[tuple[str, str]]:
        out = []
        for line in path.read_text(encoding="utf-8").splitlines():
            cells = line.split("\t")
            if len(cells) == 10 and cells[0].isdigit():  # no range, no empty node
                out.append((cells[6], cells[7]))
        return out

    g, p = words(gold), words(parse)
    assert len(g) == len(p)
    return sum(a == b for a, b in zip(g, p, strict=True)), len(g)


def rank_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(["rank", *argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    jsonschema.validate(data, SCHEMA)
    return data


def by_name(data: dict) -> dict[str, dict]:
    return {e["system"]: e for e in data["systems"]}


def test_the_counts_are_those_of_an_independent_reader() -> None:
    for (treebank, system), counts in COUNTS.items():
        gold, parses = FILES[treebank]
        assert oracle_las(SAMPLES / gold, SAMPLES / parses[system]) == counts


def test_macro_average_over_treebanks_by_hand_with_a_missing_treebank_as_zero(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = rank_json(capsys, str(MANIFEST), "attach", "--missing-treebank", "zero", "--jobs", "1")
    got = by_name(data)
    # parse: (2/3 + 44/89 + 273/394) / 3; gold2: (1/3 + 1 + 1) / 3 = 7/9;
    # copy: (1 + 1 + 0) / 3 = 2/3, french counted as 0 (the CoNLL 2018 rule).
    parse = (Fraction(2, 3) + Fraction(44, 89) + Fraction(273, 394)) / 3
    assert got["parse"]["macro"] == pytest.approx(float(parse), abs=1e-15)
    assert got["gold2"]["macro"] == pytest.approx(7 / 9, abs=1e-15)
    assert got["copy"]["macro"] == pytest.approx(2 / 3, abs=1e-15)
    assert [e["system"] for e in data["systems"]] == ["gold2", "copy", "parse"]
    assert [e["rank"] for e in data["systems"]] == [1, 2, 3]
    assert (got["copy"]["treebanks"], got["copy"]["counted"]) == (2, 3)
    assert got["copy"]["missing_treebanks"] == ["french"]
    assert got["copy"]["scores"]["french"] is None
    assert got["parse"]["scores"]["lengths"]["totals"] == {"head_label": 44, "labeled_tokens": 89}
    assert data["missing_treebank"] == "zero" and data["measure"] == "LAS"
    # copy and gold2 vary on no sentence but arrive's one, the same whatever is drawn:
    # their intervals are their averages.
    assert got["copy"]["ci"]["low"] == pytest.approx(2 / 3) == got["copy"]["ci"]["high"]
    assert got["gold2"]["ci"]["low"] == pytest.approx(7 / 9) == got["gold2"]["ci"]["high"]
    low, high = got["parse"]["ci"]["low"], got["parse"]["ci"]["high"]
    assert low < float(parse) < high


def test_omit_averages_over_the_treebanks_a_system_has(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = rank_json(capsys, str(MANIFEST), "attach", "--missing-treebank", "omit", "--jobs", "1")
    got = by_name(data)
    # copy: (1 + 1) / 2 = 1, first now; the others as under zero (they miss nothing).
    assert got["copy"]["macro"] == 1.0 and got["copy"]["counted"] == 2
    assert got["gold2"]["macro"] == pytest.approx(7 / 9, abs=1e-15)
    assert [e["system"] for e in data["systems"]] == ["copy", "gold2", "parse"]


def test_a_missing_treebank_is_never_silent(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", str(MANIFEST), "attach"]) == 1
    err = capsys.readouterr().err
    assert "system 'copy' has no row for treebank 'french' (of 3)" in err
    assert "--missing-treebank zero" in err and "--missing-treebank omit" in err
    assert main(["rank", str(MANIFEST), "attach", "--missing-treebank", "zero", "-q"]) == 0
    out = capsys.readouterr().out
    assert "2/3 (missing as 0)" in out
    assert "missing: copy has no parse of french (counted as 0 in its average" in out


def test_neighbours_are_tested_in_ranking_order(capsys: pytest.CaptureFixture[str]) -> None:
    data = rank_json(
        capsys, str(MANIFEST), "attach", "--missing-treebank", "zero", "--significance", "999"
    )
    tests = [(t["a"], t["b"]) for t in data["tests"]]
    assert tests == [("gold2", "copy"), ("copy", "parse")]
    first = data["tests"][0]
    # gold2 and copy differ on arrive's one sentence alone. Swapped, gold2's arrive is 1 and
    # copy's 1/3: a difference of |3/3 - (1/3 + 1 + 0)/3| = 5/9; kept, 1/9. Every round
    # reaches the observed 1/9: p = (999 + 1) / (999 + 1) = 1.
    assert first["difference"] == pytest.approx(1 / 9)
    assert first["p_value"] == 1.0 and first["sentences"] == 1 + 4  # arrive's and lengths'


def test_one_treebank_gives_the_single_runs_interval_and_p_value() -> None:
    # The stratified code on one stratum is the corpus code, draw for draw.
    a = StatsTable(("correct", "total"), [(3, 4), (1, 5), (2, 2), (0, 3), (5, 6)] * 7)
    b = StatsTable(("correct", "total"), [(2, 4), (1, 5), (2, 2), (1, 3), (3, 6)] * 7)
    single = bootstrap_intervals([(a, LAS), (b, LAS)], level=0.9, rounds=500, seed=3)
    assert stratified_intervals([([a], 1), ([b], 1)], LAS, level=0.9, rounds=500, seed=3) == (
        single
    )
    one = paired_randomization(a, b, LAS, rounds=999, seed=5)
    strat = stratified_randomization([(a, b)], (1, 1), LAS, rounds=999, seed=5)
    assert (strat.p_value, strat.score_a, strat.score_b) == (one.p_value, one.score_a, one.score_b)


def test_the_macro_average_and_a_test_by_hand() -> None:
    # Two treebanks: A scores 3/4 and 1/2, B 1/4 and 1/2. Macro: A (3/4 + 1/2)/2 = 5/8,
    # B (1/4 + 1/2)/2 = 3/8. Treebank 1 is one sentence: swapped, A has 1/4 and B 3/4 there,
    # a difference of 2/8 either way; treebank 2's sentences are equal. Every round
    # reaches |5/8 - 3/8| = 2/8: p = 1.
    a1, b1 = StatsTable(("correct", "total"), [(3, 4)]), StatsTable(("correct", "total"), [(1, 4)])
    t2 = StatsTable(("correct", "total"), [(1, 2), (1, 2)])
    assert macro_over_strata([([a1, t2], 2), ([b1, t2], 2)], LAS) == [0.625, 0.375]
    result = stratified_randomization([(a1, b1), (t2, t2)], (2, 2), LAS, rounds=99, seed=1)
    assert (result.difference, result.p_value, result.sentences) == (0.25, 1.0, 3)
    # TedEval, 30 sentences of δ/ι 0/10 (A) against 5/10 (B) on treebank 1; A alone has
    # treebank 2, where it scores 1 (B omits it: counted 2 and 1). Observed: A (1 + 1)/2 = 1,
    # B 1/2. With s of treebank 1's sentences swapped, A is (1 - s/60 + 1)/2 = 1 - s/120 and
    # B 1/2 + s/60: |A - B| = |1/2 - s/40| reaches 1/2 only at s = 0 (once in 2^30).
    # So p = (0 + 1)/(999 + 1).
    none = StatsTable(("delta", "iota"), [(0, 10)] * 30)
    half = StatsTable(("delta", "iota"), [(5, 10)] * 30)
    res = stratified_randomization([(none, half), (none, None)], (2, 1), TEDEVAL, rounds=999)
    assert (res.score_a, res.score_b, res.p_value, res.sentences) == (1.0, 0.5, 0.001, 30)
    # A stratum without a sentence has no score: the average is N/A and is not tested.
    empty = StatsTable(("correct", "total"), [])
    assert math.isnan(macro_over_strata([([a1, empty], 2)], LAS)[0])


def test_same_numbers_on_one_or_two_workers(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [str(MANIFEST), "attach", "--missing-treebank", "zero", "--significance", "500"]
    one = rank_json(capsys, *argv, "--jobs", "1")
    two = rank_json(capsys, *argv, "--jobs", "2")
    assert one == two


def test_same_numbers_on_a_dask_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip(
        "distributed", reason="dask's distributed is not installed: the Dask engine is untested"
    )
    argv = [str(MANIFEST), "attach", "--missing-treebank", "zero", "--significance", "500"]
    local = rank_json(capsys, *argv, "--jobs", "1")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        on_dask = rank_json(capsys, *argv, "--scheduler", cluster.scheduler_address)
    assert on_dask == local


def test_the_metric_options_reach_every_treebank(capsys: pytest.CaptureFixture[str]) -> None:
    # UAS of arrive's parse: heads 0 1 1 against 0 1 2, 2/3; of the other theory's 0 3 1,
    # 1/3; a rank by UAS is a rank of the metric's options too (--max-length 3: arrive's
    # one sentence and lengths' first, three words each).
    data = rank_json(capsys, str(MANIFEST), "attach", "--rank-by", "UAS", "--max-length", "3",
                     "--missing-treebank", "omit")  # fmt: skip
    got = by_name(data)
    assert data["measure"] == "UAS"
    assert got["parse"]["scores"]["arrive"]["value"] == pytest.approx(2 / 3)
    assert got["gold2"]["scores"]["arrive"]["value"] == pytest.approx(1 / 3)
    assert got["parse"]["scores"]["lengths"]["sentences"] == 1
    assert "length:<=3" in data["treebanks"][0]["signature"]


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("treebank\tgold\tsystem\tparse\nt\tg.conllu\ts\n", ":2: a row has 4 tab-separated fields"),
        ("t\tg.conllu\ts\tnone.conllu\n", ":1: field 'parse': no such file: none.conllu"),
        ("t\tg.conllu\t\tg.conllu\n", ":1: field 'system' is empty"),
        ("t\tg.conllu\ts\tg.conllu\n# c\nt\tg.conllu\ts\tg.conllu\n",
         ":3: field 'system': 's' already has a parse of treebank 't' on line 1"),
        ("t\tg.conllu\ts\tg.conllu\nt\th.conllu\tr\tg.conllu\n",
         ":2: field 'gold': treebank 't' has another gold on line 1"),
        ("t\tg.conllu\ta=b\tg.conllu\n", ":1: field 'system': a name without '='"),
        ('[\n {"treebank": "t", "gold": "g.conllu", "system": "s", "parse": "g.conllu"},\n'
         ' {"treebank": "t", "gold": "g.conllu", "system": "r"}\n]\n',
         ":3: field 'parse' is missing"),
        ('[\n {"treebank": "t", "gold": "g.conllu", "system": "s", "parse": 3}\n]\n',
         ":2: field 'parse' is a string, not 3"),
        ('[\n {"treebank": "t", "gold": "g.conllu", "system": "s", "parse": "g.conllu", '
         '"x": "y"}\n]\n', ":2: field 'x' is not one of a row's"),
        ('[\n {"treebank": "t",\n', ":3: not JSON"),
        ("# nothing\n", "the manifest has no row"),
    ],
)  # fmt: skip
def test_a_bad_manifest_row_names_file_line_and_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, message: str
) -> None:
    gold = (SAMPLES / "spec" / "left_gold.conllu").read_text(encoding="utf-8")
    write(tmp_path / "g.conllu", gold)
    write(tmp_path / "h.conllu", gold)
    name = "m.json" if text.startswith("[") else "m.tsv"
    manifest = write(tmp_path / name, text)
    assert main(["rank", str(manifest), "attach"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"tedeval: error: {manifest}")
    assert message in captured.err
    assert "Traceback" not in captured.err


def test_a_json_manifest_ranks_as_its_tsv(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = MANIFEST.read_text(encoding="utf-8").splitlines()[1:]
    rows = []
    for line in lines:
        treebank, gold, system, parse = line.split("\t")
        rows.append({"treebank": treebank, "system": system,
                     "gold": str((MANIFEST.parent / gold).resolve()),
                     "parse": str((MANIFEST.parent / parse).resolve())})  # fmt: skip
    manifest = write(tmp_path / "runs.json", json.dumps(rows, indent=1))
    argv = ["attach", "--missing-treebank", "zero", "--jobs", "1"]
    from_json = rank_json(capsys, str(manifest), *argv)
    from_tsv = rank_json(capsys, str(MANIFEST), *argv)
    for data in (from_json, from_tsv):
        data.pop("manifest")
    assert from_json == from_tsv


def test_options_without_a_meaning_in_a_ranking_are_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for extra, option in ((["--by", "relation"], "--by"), (["--macro"], "--macro"),
                          (["--per-sentence", "x.tsv"], "--per-sentence")):  # fmt: skip
        assert main(["rank", str(MANIFEST), "attach", "--missing-treebank", "zero", *extra]) == 1
        assert f"tedeval rank reports no {option}" in capsys.readouterr().err
    assert main(["rank", str(MANIFEST), "cross"]) == 1
    assert "tedeval rank scores one of attach, mph, parseval, score, not 'cross'" in (
        capsys.readouterr().err
    )
    assert main(["rank", str(MANIFEST), "attach", "--jobs", "0"]) == 1
    assert capsys.readouterr().err == (
        "tedeval: error: --jobs takes a number of processes of at least 1, not 0\n"
    )


def test_a_worker_sends_back_integers_not_trees() -> None:
    # Memory stays flat: what crosses to the ranking process is each system's rows of
    # the measure's two columns, one per sentence (french: 20 sentences).
    import pickle

    from nltk_tedeval.cli.rank import Job, score_treebank

    gold = str(SAMPLES / "ud" / "french" / "gold.conllu")
    job = Job("french", gold, (("parse", str(SAMPLES / "ud" / "french" / "same.conllu")),))
    result = score_treebank("attach", [], None, job)
    (rows,) = result.rows.values()
    assert rows.shape == (20, 2) and rows.dtype.kind == "i"
    assert rows.sum(axis=0).tolist() == [273, 394]
    assert len(pickle.dumps(result)) < 4000


def test_the_engines_are_refused_clearly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["rank", str(MANIFEST), "attach", "--missing-treebank", "zero"]
    assert main([*argv, "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1"]) == 1
    assert "--jobs is for this machine's cores" in capsys.readouterr().err
    monkeypatch.setitem(__import__("sys").modules, "distributed", None)  # not installed
    assert main([*argv, "--scheduler", "tcp://127.0.0.1:1"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tedeval: error: --scheduler runs the treebanks on a Dask cluster")
    assert "pip install 'nltk_tedeval[dask]'" in err


def test_the_report_goes_to_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "rank.json"
    argv = [str(MANIFEST), "attach", "--missing-treebank", "omit", "--json", "-o", str(out)]
    assert main(["rank", *argv, "--jobs", "1"]) == 0
    assert capsys.readouterr().out == ""
    data = json.loads(out.read_text(encoding="utf-8"))
    jsonschema.validate(data, SCHEMA)
    assert [e["system"] for e in data["systems"]] == ["copy", "gold2", "parse"]
