"""ParsEval in jp-evalb's default mode (SPEC.md §11): by hand, and against jp-evalb's tables.

The fixtures (tests/fixtures_jp_evalb, built by its make_jp_evalb.py from the GUM
samples) hold differently tokenized pairs and what jp-evalb's default mode
printed for them, with its own alignment (gold sentences, test sentences
and gold word groups per unit). Its alignment is heuristic: where it finds
the units and word groups that the characters define, every figure of the
row must be ours; where it stopped with an exception, ours must still give
an answer.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from nltk import Tree

from nltk_tedeval.alignment import align_units
from nltk_tedeval.cli import main
from nltk_tedeval.errors import AlignmentError
from nltk_tedeval.metrics.jp_evalb import JpEvalbEvaluator, word_positions
from nltk_tedeval.reading import read_file, read_text
from nltk_tedeval.trees.constituency import flatten_tree
from nltk_tedeval.trees.kinds import text_tokens

FIXTURES = Path(__file__).parent / "fixtures_jp_evalb"
RAN = sorted(p.name[: -len(".jp-evalb.txt")] for p in FIXTURES.glob("*.jp-evalb.txt"))
CRASHED = sorted(p.name[: -len(".crash")] for p in FIXTURES.glob("*.crash"))


def _t(s: str) -> Tree:
    return Tree.fromstring(s)


def _totals(ev: JpEvalbEvaluator) -> list[int]:
    cols = ["matched", "gold", "test", "crossing", "words", "correct_tags", "length"]
    return [int(v) for v in ev.stats.totals(cols).tolist()]


# -- by hand ---------------------------------------------------------------------


def test_a_split_token_and_traces_by_hand() -> None:
    # Gold: "Nov. 5 *T* rose ." with a trace; the parse splits "Nov." and has no trace.
    gold = _t("(ROOT (S (NP-TMP (NNP Nov.) (CD 5)) (NP-SBJ (-NONE- *T*)) (VP (VBD rose)) (. .)))")
    test = _t("(ROOT (S (NP (NNP Nov) (. .) (CD 5)) (VP (VBD rose)) (. .)))")
    ev = JpEvalbEvaluator([test], [gold])
    # Positions: "Nov." | "5" | "rose" | "." (the trace joins "rose", the next token).
    # Gold constituents: ROOT 0-4, S 0-4, NP 0-2 (NP-TMP cut), NP 2-3 (the trace's
    # NP-SBJ, at rose's position), VP 2-3 -> 5. Test: ROOT 0-4, S 0-4, NP 0-2,
    # VP 2-3 -> 4. All 4 test brackets are gold ones.
    # Tags: gold (NNP Nov.) (CD 5) (-NONE- *T*) (VBD rose) (. .): 5 words;
    # test shares (CD 5) (VBD rose) (. .): 3 correct. Length: 4 positions.
    assert _totals(ev) == [4, 5, 4, 0, 5, 3, 4]
    p, r, f = ev.eval()
    assert (p, r) == (1.0, 0.8)
    assert f == pytest.approx(2 * 0.8 / 1.8)


def test_brackets_match_as_sets_and_count_as_lists() -> None:
    # A unary NP over NP: two gold NP 0-2 brackets, one in the test.
    gold = _t("(ROOT (S (NP (NP (DT the) (NN dog))) (VP (VBD ran))))")
    test = _t("(ROOT (S (NP (DT the) (NN dog)) (VP (VBD ran))))")
    ev = JpEvalbEvaluator([test], [gold])
    # gold: ROOT, S, NP, NP, VP = 5; test: ROOT, S, NP, VP = 4; the sets share 4.
    assert _totals(ev)[:3] == [4, 5, 4]


def test_top_empty_labels_and_s1() -> None:
    # TOP and an empty root label are never counted; S1 only on the test side;
    # labels are cut at the first "-", and only there ("NP=2" stays whole).
    gold = _t("(TOP (S1 (S (NP-SBJ-1 (PRP I)) (VP (VBD left) (NP=2 (NN home))))))")
    test = _t("(S1 (S (NP (PRP I)) (VP (VBD left) (NP (NN home)))))")
    ev = JpEvalbEvaluator([test], [gold])
    # gold: S1, S, NP, VP, NP=2 = 5; test: S, NP, VP, NP = 4; shared: S, NP, VP = 3.
    assert _totals(ev)[:3] == [3, 5, 4]
    empty_root = _t("( (S (NP (PRP I)) (VP (VBD left))))")
    assert _totals(JpEvalbEvaluator([empty_root], [empty_root]))[:3] == [3, 3, 3]


def test_tags_are_tag_word_multisets_with_words_as_written() -> None:
    gold = _t("(ROOT (S (`` ``) (NP (PRP I)) (VP (VBD left)) ('' '')))")
    test = _t("(ROOT (S (`` \") (NP (PRP I)) (VP (VBD left)) ('' \")))")
    ev = JpEvalbEvaluator([test], [gold])
    # The quotes align (normalized to '"'), but ("``", "``") is not ("``", '"').
    assert _totals(ev)[4:6] == [4, 2]


def test_two_sentences_joined_make_one_row_and_length_counts_positions() -> None:
    gold = [
        _t("(ROOT (S (NP (PRP It)) (VP (VBD rained)) (. .)))"),
        _t("(ROOT (S (NP (PRP We)) (VP (VBD stayed)) (. .)))"),
    ]
    test = [
        _t(
            "(ROOT (S (NP (PRP It)) (VP (VBD rained)) (. .))"
            " (S (NP (PRP We)) (VP (VBD stayed)) (. .)))"
        )
    ]
    ev = JpEvalbEvaluator(test, gold)
    # One unit of 6 positions. Gold: 2 x (ROOT, S, NP, VP) = 8, the ROOTs at 0-3
    # and 3-6; test: ROOT 0-6, S 0-3, NP, VP, S 3-6, NP, VP = 7; shared: 6.
    # Crossing: ROOT 0-6 contains both gold ROOTs, so nothing crosses.
    assert len(ev.stats) == 1
    assert _totals(ev) == [6, 8, 7, 0, 6, 6, 6]


def test_the_cut_is_at_forty_positions() -> None:
    words = " ".join(f"(NN w{i})" for i in range(41))
    long_ = _t(f"(ROOT (NP {words}))")
    short = _t("(ROOT (NP (NN a) (NN b)))")
    ev = JpEvalbEvaluator([long_, short], [long_, short])
    s = ev.summary()
    assert (s["cutoff_len"], s["all"]["sentences"], s["cutoff"]["sentences"]) == (40, 2, 1)


def test_different_text_is_an_error_and_lcs_aligns_it() -> None:
    gold = _t("(ROOT (S (NP (PRP It)) (VP (VBD rained))))")
    test = _t("(ROOT (S (NP (PRP It)) (VP (VBD rainned))))")
    with pytest.raises(AlignmentError, match="differ"):
        JpEvalbEvaluator([test], [gold]).eval()
    ev = JpEvalbEvaluator([test], [gold], align="lcs")
    assert _totals(ev)[:3] == [4, 4, 4]


# -- against jp-evalb ---------------------------------------------------------


def _rows(lines: list[str]) -> list[list[str]]:
    return [p for p in (line.split() for line in lines) if len(p) == 12 and p[0].isdigit()]


def _read(name: str) -> tuple[list, list]:
    return list(read_file(FIXTURES / f"{name}.gold")), list(read_file(FIXTURES / f"{name}.test"))


def _our_units(name: str) -> list[tuple[int, int, str, str]]:
    """Each unit of our alignment as the .units files give jp-evalb's.

    (gold sentences, test sentences, gold group sizes, test group sizes),
    a group being the words, empty elements included, of one position.
    """
    gold, test = _read(name)
    out = []
    units = align_units([r.tree for r in gold], [r.tree for r in test], words=text_tokens)
    for u in units:
        sizes = []
        for side in (u.gold, u.test):
            count: Counter[int] = Counter()
            for s in side:
                count.update(word_positions(u, s, flatten_tree(s.item)))
            sizes.append(",".join(str(count[p]) for p in range(u.n_positions)))
        out.append((len(u.gold), len(u.test), sizes[0], sizes[1]))
    return out


def _their_units(name: str) -> list[tuple[int, int, str, str]]:
    out = []
    for line in (FIXTURES / f"{name}.units").read_text().splitlines():
        g, t, _, gs, ts = line.split()
        out.append((int(g), int(t), gs, ts))
    return out


@pytest.mark.parametrize("name", RAN)
def test_rows_equal_jp_evalb_wherever_its_alignment_is_the_texts(name: str) -> None:
    gold, test = _read(name)
    ev = JpEvalbEvaluator(test, gold)
    ours_units, theirs_units = _our_units(name), _their_units(name)
    table = (FIXTURES / f"{name}.jp-evalb.txt").read_text(encoding="utf-8")
    ours = _rows(ev.jp_evalb_text().splitlines())
    theirs = _rows(table.splitlines())
    assert len(theirs) == len(theirs_units)
    # Walk both sequences of units by the gold sentences they cover; a row is
    # comparable where both made the same unit with the same word groups.
    i = j = g_ours = g_theirs = compared = 0
    while i < len(ours_units) and j < len(theirs_units):
        if g_ours == g_theirs and ours_units[i] == theirs_units[j]:
            mine, their = ours[i], theirs[j]
            # Len: ours counts gold positions, as jp-evalb's own cut does; its
            # table prints the gold words there.
            assert int(mine[1]) == len(theirs_units[j][2].split(","))
            assert mine[2:] == their[2:], f"unit {i + 1}"
            compared += 1
        if g_ours + ours_units[i][0] <= g_theirs + theirs_units[j][0]:
            g_ours += ours_units[i][0]
            i += 1
        else:
            g_theirs += theirs_units[j][0]
            j += 1
    assert compared >= len(theirs) // 2
    if ours_units == theirs_units:
        # The same alignment everywhere: the whole table is the same, Len aside.
        mine_lines = ev.jp_evalb_text().splitlines()
        their_lines = table.splitlines()
        assert len(mine_lines) == len(their_lines)
        for a, b in zip(mine_lines, their_lines, strict=True):
            if not _rows([a]):
                assert a == b


def test_where_jp_evalbs_alignment_is_not_the_texts() -> None:
    # Name the fixtures that jp-evalb aligned as the characters do, everywhere,
    # and count the units where its heuristics chose other groups.
    same, differ = [], 0
    for name in RAN:
        ours, theirs = _our_units(name), _their_units(name)
        if ours == theirs:
            same.append(name)
        differ += sum(u not in ours for u in theirs)
    assert same == ["GUM_bio_byron.0", "GUM_voyage_cleveland.0"]
    assert differ > 0


@pytest.mark.parametrize("name", CRASHED)
def test_an_answer_where_jp_evalb_crashes(name: str) -> None:
    gold, test = _read(name)
    ev = JpEvalbEvaluator(test, gold)
    # Every gold word is counted once, whatever the units: the gold files'
    # preterminals, counted here straight from the trees.
    words = sum(len(r.tree.pos()) for r in gold)
    assert _totals(ev)[4] == words
    # And every gold constituent of height > 2 not labelled TOP is a gold bracket.
    brackets = sum(
        1
        for r in gold
        for st in r.tree.subtrees(lambda t: t.height() > 2)
        if st.label() != "TOP" and st.label().split("-")[0]
    )
    assert _totals(ev)[1] == brackets
    assert 0 <= ev.eval()[2] <= 1


# -- the command line -----------------------------------------------------------


def test_cli_prints_jp_evalbs_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    name = "GUM_voyage_cleveland.0"
    code = main(
        [
            "parseval",
            str(FIXTURES / f"{name}.gold"),
            str(FIXTURES / f"{name}.test"),
            "--align",
            "--jp-evalb",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    table = (FIXTURES / f"{name}.jp-evalb.txt").read_text(encoding="utf-8")
    units = [len(u[2].split(",")) for u in _their_units(name)]
    expected = []
    for line in table.splitlines():
        p = line.split()
        if len(p) == 12 and p[0].isdigit():
            line = line[:5] + f"{units[int(p[0]) - 1]:>4}" + line[9:]
        expected.append(line)
    assert out.splitlines() == expected


def test_cli_jp_evalb_needs_align_and_refuses_a_prm(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    g = FIXTURES / "GUM_voyage_cleveland.0.gold"
    t = FIXTURES / "GUM_voyage_cleveland.0.test"
    assert main(["parseval", str(g), str(t), "--jp-evalb"]) == 1
    assert "--jp-evalb" in capsys.readouterr().err
    prm = tmp_path / "x.prm"
    prm.write_text("CUTOFF_LEN 40\n")
    assert main(["parseval", str(g), str(t), "--align", "--jp-evalb", "--params", str(prm)]) == 1
    assert "parameter file" in capsys.readouterr().err


def test_json_names_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    g = FIXTURES / "GUM_voyage_cleveland.0.gold"
    t = FIXTURES / "GUM_voyage_cleveland.0.test"
    assert main(["parseval", str(g), str(t), "--align", "--jp-evalb", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "prm:jp-evalb" in json.dumps(data["systems"][0]["signature"])


def test_read_text_gives_records_it_can_score() -> None:
    gold = list(read_text("(ROOT (S (NP (PRP I)) (VP (VBD left))))\n", name="g.mrg"))
    test = list(read_text("(ROOT (S (NP (PRP I)) (VP (VBD left))))\n", name="t.mrg"))
    assert _totals(JpEvalbEvaluator(test, gold))[:3] == [4, 4, 4]


def test_an_empty_parse_is_a_missing_parse_scored_as_jp_evalb_scores_it() -> None:
    from nltk_tedeval.errors import MissingParseError

    text = "(ROOT (S (NP (PRP I)) (VP (VBD left))))\n(ROOT (S (NP (PRP We)) (VP (VBD stayed))))\n"
    gold = list(read_text(text, name="g.mrg"))
    test = list(read_text("(TOP ())\n(ROOT (S (NP (PRP We)) (VP (VBD stayed))))\n", name="t.mrg"))
    with pytest.raises(MissingParseError, match=r"t\.mrg:1: .*has no parse"):
        JpEvalbEvaluator(test, gold, missing="error").eval()
    # jp-evalb scores an empty parse as one with nothing: with missing="zero",
    # the gold's 4 constituents (ROOT, S, NP, VP) and 2 words, nothing matched.
    ev = JpEvalbEvaluator(test, gold, missing="zero")
    assert ev.stats.array.tolist()[0][4:14] == [0, 4, 0, 0, 0, 1, 1, 2, 0, 2]
    assert ev.counts()["missing"] == 1
