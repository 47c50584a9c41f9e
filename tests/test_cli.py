"""The ``tedeval`` command end to end, on the files in corpora_samples/.

Expected numbers come from SPEC.md's worked examples or from a second,
brute-force implementation of the definitions written here in the test.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from nltk import Tree

from nltk_tedeval.cli import main

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "corpora_samples" / "spec"
GUM = ROOT / "corpora_samples" / "gum"
EVALB = ROOT / "corpora_samples" / "evalb"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys, *argv: str) -> dict:
    status, out, err = run(capsys, *argv, "--json")
    assert status == 0, err
    return json.loads(out)


def scores(data: dict, system: int = 0) -> dict:
    """The scores of one system of a report (docs/report.md)."""
    return data["systems"][system]["scores"]


# -- SPEC.md worked examples as files ---------------------------------------------------


def test_score_single_and_multiple(capsys):
    g1, g2, p = (
        SPEC / "arrive_gold1.conll",
        SPEC / "arrive_gold2.conll",
        SPEC / "arrive_parse.conll",
    )
    status, out, _ = run(capsys, "score", g1, p)
    assert status == 0
    assert "0.6667" in out and "0.8571" in out and "signature: metric:tedeval" in out
    data = run_json(capsys, "score", g1, p)
    assert scores(data)["labeled"]["totals"] == {"delta_labeled": 3, "iota_labeled": 9}
    assert scores(data)["unlabeled"]["totals"] == {"delta_unlabeled": 1, "iota_unlabeled": 7}
    assert data["counts"] == {"read": 1, "scored": 1, "missing": 0, "skipped": 0}
    assert data["skipped"] == []
    assert "version:" in data["systems"][0]["signature"]
    multiple = run_json(capsys, "score", g1, p, "--other-gold", g2)
    assert multiple["scenario"] == "multiple"
    assert scores(multiple)["labeled"]["value"] == pytest.approx(1 - 1 / 6)
    assert scores(multiple)["unlabeled"]["value"] == pytest.approx(1 - 1 / 7)


def test_cross_on_the_worked_examples(capsys):
    g1, g2, p = (
        SPEC / "arrive_gold1.conll",
        SPEC / "arrive_gold2.conll",
        SPEC / "arrive_parse.conll",
    )
    data = run_json(capsys, "cross", "-e", f"t1={g1},{p}", "-e", f"t2={g2},{g2}")
    assert [s["name"] for s in data["systems"]] == ["t1", "t2"]
    t1 = scores(data, 0)
    assert t1["single labeled"]["value"] == pytest.approx(1 - 3 / 9)
    assert t1["multiple labeled"]["value"] == pytest.approx(1 - 1 / 6)
    assert scores(data, 1)["multiple labeled"]["totals"] == {
        "delta_labeled": 0,
        "iota_labeled": 7,
    }
    (overlap,) = data["overlap"]
    assert (overlap["a"], overlap["b"]) == ("t1", "t2")
    assert overlap["labeled"]["value"] == pytest.approx(0.4)
    assert overlap["unlabeled"]["value"] == 1.0
    _, out, _ = run(capsys, "cross", "-e", f"t1={g1},{p}", "-e", f"t2={g2},{g2}")
    assert "t1 vs t2" in out and "0.4000" in out and "0.8333" in out


def test_constituency_file_against_itself(capsys):
    data = run_json(capsys, "score", SPEC / "john.ptb", SPEC / "john.ptb")
    # Items by hand (SPEC.md §3.3): sentence 1 has one labeled item (SBJ) and
    # five unlabeled (six spans minus the whole); sentence 2 one and seven.
    assert scores(data)["labeled"]["totals"] == {"delta_labeled": 0, "iota_labeled": 4}
    assert scores(data)["unlabeled"]["totals"] == {"delta_unlabeled": 0, "iota_unlabeled": 24}


def test_per_sentence_tsv(capsys, tmp_path):
    out = tmp_path / "sent.tsv"
    g1, p = SPEC / "arrive_gold1.conll", SPEC / "arrive_parse.conll"
    status, _, _ = run(capsys, "score", g1, p, "--per-sentence", out)
    assert status == 0
    header, row = out.read_text(encoding="utf-8").splitlines()
    # docs/report.md: sentence, id, system, the statistics, then the sentence's scores
    assert header.split("\t") == [
        "sentence", "id", "system", "delta_labeled", "iota_labeled",
        "delta_unlabeled", "iota_unlabeled", "labeled", "unlabeled",
    ]  # fmt: skip
    cells = row.split("\t")
    assert cells[:3] == ["1", "", "arrive_parse"]
    assert cells[3:7] == ["3", "9", "1", "7"]
    assert float(cells[7]) == pytest.approx(1 - 3 / 9, abs=1e-6)
    assert float(cells[8]) == pytest.approx(1 - 1 / 7, abs=1e-6)


def test_several_parses_with_significance(capsys):
    g1, g2, p = (
        SPEC / "arrive_gold1.conll",
        SPEC / "arrive_gold2.conll",
        SPEC / "arrive_parse.conll",
    )
    data = run_json(capsys, "score", g1, p, g1, "--significance", "99")
    assert [s["test"] for s in data["systems"]] == [str(p), str(g1)]
    assert [s["name"] for s in data["systems"]] == ["arrive_parse", "arrive_gold1"]
    assert scores(data, 1)["labeled"]["value"] == 1.0
    assert {r["measure"] for r in data["significance"]} == {"TEDEVAL labeled", "TEDEVAL unlabeled"}
    # One sentence: the only other arrangement swaps the systems, which
    # reaches the observed difference, so every round counts: p = 1.
    assert all(r["p_value"] == 1.0 for r in data["significance"])
    _ = g2


# -- GUM: one document scored both ways --------------------------------------------------


def ptb_spans(tree: Tree) -> set[frozenset[int]]:
    """Every constituent's yield as a set of positions, by walking tree positions."""
    leaves = tree.treepositions("leaves")
    spans = set()
    for pos in tree.treepositions():
        if isinstance(tree[pos], Tree):
            spans.add(frozenset(i for i, leaf in enumerate(leaves) if leaf[: len(pos)] == pos))
    return spans


def conll_sentences(path: Path) -> list[list[list[str]]]:
    blocks = path.read_text(encoding="utf-8").strip().split("\n\n")
    out = []
    for block in blocks:
        rows = [ln.split("\t") for ln in block.splitlines() if ln and not ln.startswith("#")]
        out.append([r for r in rows if r[0].isdigit()])
    return out


def dependency_spans(rows: list[list[str]]) -> set[frozenset[int]]:
    """Every projection's yield as a set of positions, by brute force, with the head
    node of every token that has dependents; gaps stay (SPEC.md §2)."""
    heads = [int(r[6]) for r in rows]
    n = len(heads)

    def descendants(w: int) -> set[int]:
        out = {w}
        changed = True
        while changed:
            changed = False
            for d in range(1, n + 1):
                if d not in out and heads[d - 1] in out:
                    out.add(d)
                    changed = True
        return out

    spans = set()
    for w in range(1, n + 1):
        d = descendants(w)
        spans.add(frozenset(i - 1 for i in d))
        if len(d) > 1:
            spans.add(frozenset({w - 1}))  # the head node
    return spans


def test_gum_document_both_ways_against_a_brute_force_overlap(capsys):
    ptb, conllu = GUM / "GUM_news_crane.ptb", GUM / "GUM_news_crane.conllu"
    trees = [Tree.fromstring(t) for t in ptb.read_text(encoding="utf-8").strip().split("\n\n")]
    delta = iota = 0
    gapped = 0
    for tree, rows in zip(trees, conll_sentences(conllu), strict=True):
        dep = dependency_spans(rows)
        gapped += any(max(y) - min(y) + 1 != len(y) for y in dep)
        full = frozenset(range(len(rows)))
        a, b = ptb_spans(tree) - {full}, dep - {full}
        delta += len(a ^ b)
        iota += len(a) + len(b)
    assert gapped == 1  # one of the 13 trees is non-projective, and is scored as it is
    data = run_json(capsys, "cross", "-e", f"ptb={ptb},{ptb}", "-e", f"ud={conllu},{conllu}")
    assert data["counts"] == {"read": 13, "scored": 13, "missing": 0, "skipped": 0}
    (overlap,) = data["overlap"]
    assert (overlap["a"], overlap["b"]) == ("ptb", "ud")
    assert overlap["unlabeled"]["totals"] == {"delta_unlabeled": delta, "iota_unlabeled": iota}
    # PTB function tags and UD relations share no label.
    assert overlap["labeled"]["value"] == 0.0
    for system in (0, 1):
        for scenario in ("single", "multiple"):
            assert scores(data, system)[f"{scenario} labeled"]["value"] == 1.0
    # The table shows the same numbers as the JSON.
    _, out, _ = run(capsys, "cross", "-e", f"ptb={ptb},{ptb}", "-e", f"ud={conllu},{conllu}")
    assert f"{overlap['unlabeled']['value']:.4f}" in out
    assert "13 sentences read, 13 scored, 0 with a missing parse, 0 skipped as bad" in out
    # Each experiment is signed for both references: SINGLE and MULTIPLE of two golds.
    for ref in ("ref:single|", "ref:multiple(2)|"):
        assert out.count(ref) == 2


def ptb_labeled(tree: Tree) -> set[tuple[str, tuple[int, int]]]:
    """Labeled items (function, span) of every constituent, with SPEC.md §3.2's ``ptb``
    labeler written out: the dash and ``=`` features minus numeric indices."""
    leaves = tree.treepositions("leaves")
    items = set()
    for pos in tree.treepositions():
        node = tree[pos]
        if isinstance(node, Tree):
            covered = [i for i, leaf in enumerate(leaves) if leaf[: len(pos)] == pos]
            label = node.label()
            features = [] if label.startswith("-") else re.split(r"[-=]", label)[1:]
            span = (covered[0], covered[-1] + 1)
            items.update((f, span) for f in features if f and not f.isdigit())
    return items


def descendants(heads: list[int], w: int) -> set[int]:
    out = {w}
    changed = True
    while changed:
        changed = False
        for d, h in enumerate(heads, start=1):
            if h in out and d not in out:
                out.add(d)
                changed = True
    return out


def lift(heads: list[int]) -> list[int]:
    """Nivre and Nilsson's lifting as SPEC.md §3.1 states it: while some arc h -> d has a
    token between h and d that h does not dominate, move the shortest such arc's
    dependent to h's head. A tie for the shortest would leave the order open: none here."""
    heads = list(heads)
    while True:
        crossing = [
            (abs(h - d), d)
            for d, h in enumerate(heads, start=1)
            if h and not all(k in descendants(heads, h) for k in range(min(h, d) + 1, max(h, d)))
        ]
        if not crossing:
            return heads
        crossing.sort()
        assert len(crossing) == 1 or crossing[0][0] < crossing[1][0]
        d = crossing[0][1]
        heads[d - 1] = heads[heads[d - 1] - 1]


def ud_labeled(rows: list[list[str]]) -> set[tuple[str, tuple[int, int]]]:
    """Labeled items of a dependency tree (SPEC.md §3.1), lifted first: the relation over
    each projection, ``hd`` over the head token of a projection longer than it."""
    heads = lift([int(r[6]) for r in rows])
    items = set()
    for w, row in enumerate(rows, start=1):
        proj = descendants(heads, w)
        items.add((row[7], (min(proj) - 1, max(proj))))
        if len(proj) > 1:
            items.add(("hd", (w - 1, w)))
    return items


def test_gum_cross_with_projectivize_and_tl_unification(capsys):
    ptb, conllu = GUM / "GUM_news_crane.ptb", GUM / "GUM_news_crane.conllu"
    data = run_json(
        capsys,
        "cross",
        "-e", f"ptb={ptb},{ptb}",
        "-e", f"ud={conllu},{conllu}",
        "--projectivize",
        "--tl-unify", "ptb:ud",
    )  # fmt: skip
    assert data["counts"] == {"read": 13, "scored": 13, "missing": 0, "skipped": 0}
    # PTB ⊔tl UD keeps PTB's spans, each with its PTB functions plus the UD
    # labels over the same span (SPEC.md §4); the overlap is its SINGLE score
    # against UD: delta = |A ^ B|, iota = |A| + |B|, summed over the sentences.
    trees = [Tree.fromstring(t) for t in ptb.read_text(encoding="utf-8").strip().split("\n\n")]
    delta = iota = 0
    for tree, rows in zip(trees, conll_sentences(conllu), strict=True):
        ud = ud_labeled(rows)
        spans = {(min(y), max(y) + 1) for y in ptb_spans(tree)}  # constituents: no gaps
        tl = ptb_labeled(tree) | {(label, span) for label, span in ud if span in spans}
        delta += len(tl ^ ud)
        iota += len(tl) + len(ud)
    labeled = data["overlap"][0]["labeled"]
    assert labeled["totals"] == {"delta_labeled": delta, "iota_labeled": iota}
    assert labeled["value"] == pytest.approx(1 - delta / iota)
    assert [s["name"] for s in data["systems"]] == ["ptb", "ud"]
    assert scores(data, 1)["single labeled"]["value"] == 1.0


def test_json_output_is_byte_identical_across_runs(capsys):
    ptb, conllu = GUM / "GUM_news_crane.ptb", GUM / "GUM_news_crane.conllu"
    argv = ["cross", "-e", f"ptb={ptb},{ptb}", "-e", f"ud={conllu},{conllu}", "--projectivize",
            "--significance", "200", "--json"]  # fmt: skip
    first = run(capsys, *argv)[1]
    assert run(capsys, *argv)[1] == first


# -- classic metrics through the command ---------------------------------------------------


def test_parseval_matches_evalb_fixture(capsys):
    # The real EVALB's summary on these files, with COLLINS.prm settings, is
    # stored in tests/fixtures_parseval/sample_collins.evalb.txt.
    data = run_json(
        capsys, "parseval", EVALB / "gold.mrg", EVALB / "test.mrg", "-p", EVALB / "collins.prm"
    )
    summary = data["systems"][0]["details"]["summary"]
    every, cut = summary["all"], summary["cutoff"]
    assert (every["sentences"], every["error_sentences"], every["skip_sentences"]) == (33, 2, 2)
    assert round(every["bracketing_recall"], 2) == 94.95
    assert round(every["bracketing_precision"], 2) == 93.73
    assert round(every["bracketing_fmeasure"], 2) == 94.34
    assert round(cut["bracketing_fmeasure"], 2) == 93.17
    assert scores(data)["F1"]["value"] == pytest.approx(2 * 583 / (614 + 622))
    status, out, _ = run(capsys, "parseval", EVALB / "gold.mrg", EVALB / "test.mrg")
    assert status == 0
    assert "Bracketing FMeasure       =  94.34" in out and "2 error sentences:" in out
    status, out, _ = run(capsys, "parseval", EVALB / "gold.mrg", EVALB / "test.mrg", "--evalb")
    expected = (ROOT / "tests" / "fixtures_parseval" / "sample_collins.evalb.txt").read_text()
    assert expected.strip() in out


# Collins (1999, appendix A) head table, written out from the thesis for a second
# computation of MPH brackets: parent -> (direction, priority list). "left" scans the
# children from the left for the first category of the list, then the second, ...;
# "right" scans from the right; without a match the first child from that side.
COLLINS = {
    "ADJP": ("left", "NNS QP NN $ ADVP JJ VBN VBG ADJP JJR NP JJS DT FW RBR RBS SBAR RB"),
    "ADVP": ("right", "RB RBR RBS FW ADVP TO CD JJR JJ IN NP JJS NN"),
    "CONJP": ("right", "CC RB IN"),
    "FRAG": ("right", ""),
    "INTJ": ("left", ""),
    "LST": ("right", "LS :"),
    "NAC": ("left", "NN NNS NNP NNPS NP NAC EX $ CD QP PRP VBG JJ JJS JJR ADJP FW"),
    "PP": ("right", "IN TO VBG VBN RP FW"),
    "PRN": ("left", ""),
    "PRT": ("right", "RP"),
    "QP": ("left", "$ IN NNS NN JJ RB DT CD NCD QP JJR JJS"),
    "RRC": ("right", "VP NP ADVP ADJP PP"),
    "S": ("left", "TO IN VP S SBAR ADJP UCP NP"),
    "SBAR": ("left", "WHNP WHPP WHADVP WHADJP IN DT S SQ SINV SBAR FRAG"),
    "SBARQ": ("left", "SQ S SINV SBARQ FRAG"),
    "SINV": ("left", "VBZ VBD VBP VB MD VP S SINV ADJP NP"),
    "SQ": ("left", "VBZ VBD VBP VB MD VP SQ"),
    "UCP": ("right", ""),
    "VP": ("left", "TO VBD VBN MD VBZ VB VBG VBP VP ADJP NN NNS NP"),
    "WHADJP": ("left", "CC WRB JJ ADJP"),
    "WHADVP": ("right", "CC WRB"),
    "WHNP": ("left", "WDT WP WP$ WHADJP WHPP WHNP"),
    "WHPP": ("right", "IN TO FW"),
}
MPH_PUNCT = {",", ":", "``", "''", "."}  # the POS tags COLLINS.prm deletes


def category(label: str) -> str:
    return label if label.startswith("-") else re.split(r"[-=]", label)[0]


def head_child(label: str, kids: list[str]) -> int:
    """Collins' choice among the children's categories ``kids``."""
    parent = category(label)
    order = list(range(len(kids)))
    if parent == "NP":
        # By positions: the rightmost noun (or POS, JJR), else the leftmost NP, else
        # the rightmost of each later group, else the last child.
        groups = [("right", "NN NNP NNPS NNS NX POS JJR"), ("left", "NP"),
                  ("right", "$ ADJP PRN"), ("right", "CD"), ("right", "JJ JJS RB QP")]  # fmt: skip
        head = len(kids) - 1
        for side, cats in groups:
            scan = order if side == "left" else order[::-1]
            found = [i for i in scan if kids[i] in cats.split()]
            if found:
                head = found[0]
                break
    elif parent in COLLINS:
        side, cats = COLLINS[parent]
        scan = order if side == "left" else order[::-1]
        head = scan[0]
        for cat in cats.split():
            found = [i for i in scan if kids[i] == cat]
            if found:
                head = found[0]
                break
    else:
        head = 0  # ROOT, TOP and other unlisted labels: the leftmost child
    if head >= 2 and kids[head - 1] == "CC":
        head -= 2  # coordination: the conjunct before the CC
    return head


def mph_from_tree(tree: Tree) -> tuple[list[bool], set[tuple[int, int]]]:
    """Which tokens are kept, and the MPH brackets over the kept ones (SPEC.md §7)."""
    tags = [tree[p[:-1]].label() for p in tree.treepositions("leaves")]
    keep = [t not in MPH_PUNCT for t in tags]
    index = {}
    for i, p in enumerate(tree.treepositions("leaves")):
        if keep[i]:
            index[p] = len(index)
    head_word: dict[tuple[int, ...], int] = {}
    spans: dict[tuple[int, ...], tuple[int, int]] = {}
    for pos in sorted(tree.treepositions(), key=len, reverse=True):  # children first
        node = tree[pos]
        if not isinstance(node, Tree):
            continue
        if len(node) == 1 and not isinstance(node[0], Tree):
            if (*pos, 0) in index:
                head_word[pos] = index[(*pos, 0)]
                spans[pos] = (head_word[pos], head_word[pos] + 1)
            continue
        kids = [(*pos, i) for i in range(len(node)) if (*pos, i) in head_word]
        if not kids:
            continue  # only punctuation below: gone
        h = head_child(node.label(), [category(tree[k].label()) for k in kids])
        head_word[pos] = head_word[kids[h]]
        spans[pos] = (spans[kids[0]][0], spans[kids[-1]][1])
    m = sum(keep)
    brackets = {spans[pos] for pos in spans if (pos == () or head_word[pos[:-1]] != head_word[pos])}
    return keep, {b for b in brackets if b[1] - b[0] > 1 and b != (0, m)}


def mph_from_heads(heads: list[int], keep: list[bool]) -> set[tuple[int, int]]:
    """MPH brackets of a dependency tree: punctuation tokens out (their dependents go to
    the nearest kept ancestor), arcs lifted, then every projection over the kept tokens."""
    new = {old: k for k, old in enumerate((i for i, kept in enumerate(keep, 1) if kept), 1)}
    reduced = []
    for d in new:
        h = heads[d - 1]
        while h and h not in new:
            h = heads[h - 1]
        reduced.append(new[h] if h else 0)
    lifted = lift(reduced)
    m = len(lifted)
    out = set()
    for w in range(1, m + 1):
        proj = descendants(lifted, w)
        if len(proj) > 1:
            out.add((min(proj) - 1, max(proj)))
    return out - {(0, m)}


def test_attach_and_mph(capsys):
    conllu, ptb = GUM / "GUM_bio_byron.conllu", GUM / "GUM_bio_byron.ptb"
    data = run_json(capsys, "attach", conllu, conllu)
    assert scores(data)["LAS"]["value"] == 1.0 and scores(data)["NED"]["value"] == 1.0
    data = run_json(capsys, "mph", ptb, ptb)
    assert scores(data)["F1"]["value"] == 1.0
    # A dependency parse against bracketed gold needs its non-projective
    # trees lifted; it then scores below 1.
    status, _, err = run(capsys, "mph", ptb, conllu)
    assert status == 1 and "non-projective arc" in err and "GUM_bio_byron.conllu:" in err
    data = run_json(capsys, "mph", ptb, conllu, "--projectivize")
    # A second computation: Collins' head rules on the brackets, projections of the
    # lifted UD trees, punctuation (by the PTB tags) removed from both.
    trees = [Tree.fromstring(t) for t in ptb.read_text(encoding="utf-8").strip().split("\n\n")]
    matched = gold = test = 0
    for tree, rows in zip(trees, conll_sentences(conllu), strict=True):
        keep, g = mph_from_tree(tree)
        t = mph_from_heads([int(r[6]) for r in rows], keep)
        matched, gold, test = matched + len(g & t), gold + len(g), test + len(t)
    mph = scores(data)
    assert mph["F1"]["totals"] == {"matched": matched, "gold": gold, "test": test}
    assert mph["F1"]["value"] == pytest.approx(2 * matched / (gold + test))
    assert mph["P"]["value"] == pytest.approx(matched / test)
    assert mph["R"]["value"] == pytest.approx(matched / gold)


# -- bad input: one test each, exit status and a message naming file and line ----------------


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


GOOD_CONLL = "1\tJohn\t_\tNNP\tNNP\t_\t2\tnsubj\t_\t_\n2\tsleeps\t_\tVBZ\tVBZ\t_\t0\troot\t_\t_\n"
GOOD_PTB = "(S (NP John) (VP sleeps))\n"


def second(first_row: str) -> str:
    """A second CoNLL sentence whose first line is ``first_row``."""
    return GOOD_CONLL + "\n" + first_row + "\n2\tsleeps\t_\tVBZ\tVBZ\t_\t0\troot\t_\t_\n"


BAD_INPUTS = [
    ("columns.conll", second("1\tJohn\t_\tNNP\tNNP\t2\tnsubj\t_\t_"), "columns.conll:4", "column"),
    ("head.conll", second("1\tJohn\t_\tNNP\tNNP\t_\tx\tnsubj\t_\t_"), "head.conll:4", "head"),
    ("range.conll", second("1\tJohn\t_\tNNP\tNNP\t_\t7\tnsubj\t_\t_"), "range.conll:4", "head"),
    ("brackets.ptb", GOOD_PTB + "(S (NP John) (VP sleeps)))\n", "brackets.ptb:2", "closing"),
    ("open.ptb", GOOD_PTB + "(S (NP John) (VP sleeps)\n", "open.ptb:2", ""),
]


@pytest.mark.parametrize(("name", "text", "where", "what"), BAD_INPUTS)
def test_malformed_input_names_file_and_line(capsys, tmp_path, name, text, where, what):
    bad = write(tmp_path, name, text)
    status, out, err = run(capsys, "score", bad, bad)
    assert status == 1 and out == ""
    assert err.startswith("tedeval: error: ") and where in err and what in err
    assert "Traceback" not in err
    # With --skip-bad the run finishes and lists the bad sentence.
    data = run_json(capsys, "score", bad, bad, "--skip-bad")
    assert data["counts"] == {"read": 2, "scored": 1, "missing": 0, "skipped": 1}
    assert data["skipped"][0]["sentence"] == 2 and where in data["skipped"][0]["reason"]


def test_different_sentence_counts_say_which_file_ends_first(capsys, tmp_path):
    one = write(tmp_path, "one.conll", GOOD_CONLL)
    two = write(tmp_path, "two.conll", GOOD_CONLL + "\n" + GOOD_CONLL)
    status, _, err = run(capsys, "score", two, one)
    assert status == 1
    assert "one.conll" in err and "ends" in err and "two.conll" in err and "line" in err


def test_yield_mismatch_cycle_and_non_projective(capsys, tmp_path):
    gold = write(tmp_path, "gold.conll", GOOD_CONLL)
    other = write(tmp_path, "other.conll", GOOD_CONLL.replace("John", "Mary"))
    status, _, err = run(capsys, "score", gold, other)
    assert status == 1 and "sentence 1" in err and "'John'" in err and "'Mary'" in err
    cycle = write(tmp_path, "cycle.conll", GOOD_CONLL.replace("_\t0\troot", "_\t1\troot"))
    status, _, err = run(capsys, "score", gold, cycle)
    assert status == 1 and "cycle.conll:1: sentence 1" in err and "cycle" in err
    nonproj = (
        "1\ta\t_\tX\tX\t_\t3\tx\t_\t_\n2\tb\t_\tX\tX\t_\t0\troot\t_\t_\n"
        "3\tc\t_\tX\tX\t_\t2\ty\t_\t_\n4\td\t_\tX\tX\t_\t1\tz\t_\t_\n"
    )
    np_file = write(tmp_path, "np.conll", nonproj)
    # TedEval scores a non-projective tree as it is (a against itself is perfect);
    # MPH needs contiguous brackets and refuses it, naming file, sentence and arc.
    status, out, _ = run(capsys, "score", np_file, np_file)
    assert status == 0 and "1.0000   1.0000" in out and "proj:native" in out
    status, _, err = run(capsys, "mph", np_file, np_file)
    assert status == 1 and "np.conll:1: sentence 1" in err and "non-projective arc" in err
    assert "--projectivize" in err
    assert run(capsys, "score", np_file, np_file, "--projectivize")[0] == 0


def test_missing_file_and_bad_options(capsys, tmp_path):
    status, _, err = run(capsys, "score", tmp_path / "nope.conll", tmp_path / "nope.conll")
    assert status == 1 and "nope.conll" in err and "Traceback" not in err
    status, _, err = run(capsys, "cross", "-e", "onlyname", "-e", "b=x,y")
    assert status == 1 and "NAME=GOLD,PARSE" in err
    with pytest.raises(SystemExit) as info:
        main(["score", "only-one-file"])
    assert info.value.code == 2
    assert "required" in capsys.readouterr().err


def test_an_experiment_without_a_parse_is_an_error_naming_it(capsys):
    """``-e ptb=gold.ptb`` used to drop ptb's row without a word (issue 26, item 7)."""
    g1, p = SPEC / "arrive_gold1.conll", SPEC / "arrive_parse.conll"
    status, out, err = run(capsys, "cross", "-e", f"ptb={g1}", "-e", f"ud={g1},{p}")
    assert (status, out) == (1, "")
    assert err == (
        f"tedeval: error: experiment 'ptb' has no parse: -e takes NAME=GOLD,PARSE, got "
        f"'ptb={g1}'; for a gold without a parser, give --gold-only ptb={g1}\n"
    )


def test_a_gold_without_a_parser_is_asked_for_with_gold_only(capsys):
    """``--gold-only`` keeps a theory whose gold only takes part in MULTIPLE and the
    overlap: t1's parse against gold1 ⊓ gold2 scores 1 − 1/6 labeled (SPEC.md §5),
    and t2 has no row."""
    g1, g2 = SPEC / "arrive_gold1.conll", SPEC / "arrive_gold2.conll"
    p = SPEC / "arrive_parse.conll"
    data = run_json(capsys, "cross", "-e", f"t1={g1},{p}", "--gold-only", f"t2={g2}")
    assert [s["name"] for s in data["systems"]] == ["t1"]
    assert scores(data)["multiple labeled"]["value"] == pytest.approx(1 - 1 / 6)
    assert [(o["a"], o["b"]) for o in data["overlap"]] == [("t1", "t2")]
    assert [g["name"] for g in data["golds"]] == ["t1", "t2"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["-e", "=G,P"], "-e takes NAME=GOLD,PARSE, got '=G,P': the experiment has no name"),
        (["-e", " =G,P"], "-e takes NAME=GOLD,PARSE, got ' =G,P': the experiment has no name"),
        (["-e", "a"], "-e takes NAME=GOLD,PARSE, got 'a': no '=' after the name"),
        (["-e", "a="], "-e takes NAME=GOLD,PARSE, got 'a=': experiment 'a' needs one gold "
                       "file and one parse file, separated by a comma"),
        (["-e", "a=,P"], "-e takes NAME=GOLD,PARSE, got 'a=,P': experiment 'a' needs one "
                         "gold file and one parse file, separated by a comma"),
        (["-e", "a=G,"], "-e takes NAME=GOLD,PARSE, got 'a=G,': experiment 'a' needs one "
                         "gold file and one parse file, separated by a comma"),
        (["-e", "a=G,P,Q"], "-e takes NAME=GOLD,PARSE, got 'a=G,P,Q': experiment 'a' needs "
                            "one gold file and one parse file, separated by a comma"),
        (["--gold-only", "b=G,P"], "--gold-only takes NAME=GOLD, one gold file, got 'b=G,P'; "
                                   "an experiment with a parse is -e NAME=GOLD,PARSE"),
        (["--gold-only", "=G"], "--gold-only takes NAME=GOLD, got '=G': the experiment has no "
                                "name"),
        (["-e", "x=G,P"], "two experiments are named 'x'; give each its own name"),
        (["--gold-only", "x=G"], "two experiments are named 'x'; give each its own name"),
        (["-e", "y=G,P", "--tl-unify", "x:z"],
         "--tl-unify x:z names no experiment 'z'; the experiments are 'x', 'y'"),
        (["-e", "y=G,P", "--tl-unify", "x:x"],
         "--tl-unify x:x would unify a gold with itself; give two different experiments, A:B"),
        (["-e", "y=G,P", "--label-map", "z=map.tsv"],
         "--label-map z=map.tsv names no experiment 'z'; the experiments are 'x', 'y'"),
    ],
)  # fmt: skip
def test_every_malformed_experiment_is_one_line_naming_it(capsys, argv, message):
    # Options are checked before any file is opened: G and P need not exist.
    status, out, err = run(capsys, "cross", "-e", "x=G,P", *argv)
    assert (status, out, err) == (1, "", f"tedeval: error: {message}\n")


def test_a_missing_or_unreadable_experiment_file_is_named(capsys, tmp_path):
    g1, p = SPEC / "arrive_gold1.conll", SPEC / "arrive_parse.conll"
    nope = tmp_path / "nope.conll"
    for spec in (f"a={nope},{p}", f"a={g1},{nope}"):
        status, _, err = run(capsys, "cross", "-e", spec, "-e", f"b={g1},{p}")
        assert (status, err) == (1, f"tedeval: error: {nope}: No such file or directory\n")
    status, _, err = run(capsys, "cross", "-e", f"a={tmp_path},{p}", "-e", f"b={g1},{p}")
    assert (status, err) == (1, f"tedeval: error: {tmp_path}: Is a directory\n")


def test_empty_file_is_an_error_not_a_score(capsys, tmp_path):
    empty = write(tmp_path, "empty.conll", "")
    for command in ("score", "attach", "mph", "parseval"):
        status, out, err = run(capsys, command, empty, empty, "--format", "conllx")
        assert status == 1 and out == ""
        assert "empty.conll" in err and "no sentences" in err


# -- the command itself ----------------------------------------------------------------------


@pytest.mark.parametrize("command", ["score", "cross", "parseval", "attach", "mph"])
def test_help_shows_an_example(capsys, command):
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert "examples:" in out and f"tedeval {command} " in out


def test_runs_as_python_module():
    g1, p = SPEC / "arrive_gold1.conll", SPEC / "arrive_parse.conll"
    proc = subprocess.run(
        [sys.executable, "-m", "nltk_tedeval", "score", str(g1), str(p), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert scores(json.loads(proc.stdout))["labeled"]["value"] == pytest.approx(1 - 3 / 9)


def test_label_map_file_and_macro(capsys, tmp_path):
    g1, g2 = SPEC / "arrive_gold1.conll", SPEC / "arrive_gold2.conll"
    # gold1 judged by gold2 (SPEC.md §5): labeled 6/10. Renaming gold1's
    # prep to tmod and pobj to hd leaves only hd over (1,2) against case: 2/10.
    mapping = write(tmp_path, "map.tsv", "# theory 1 to theory 2\nprep\ttmod\npobj\thd\n")
    data = run_json(capsys, "cross", "-e", f"t1={g1},{g1}", "-e", f"t2={g2},{g2}",
                    "--label-map", f"t1={mapping}", "--macro")  # fmt: skip
    assert data["overlap"][0]["labeled"]["totals"] == {
        "delta_labeled": 2,
        "iota_labeled": 10,
    }
    assert "single labeled" in data["systems"][0]["macro"]
    status, _, err = run(capsys, "cross", "-e", f"t1={g1},{g1}", "-e", f"t2={g2},{g2}",
                         "--label-map", f"t3={mapping}")  # fmt: skip
    assert status == 1 and "--label-map t3=" in err and "names no experiment 't3'" in err
    status, out, _ = run(capsys, "score", g2, g1, "--macro")
    assert "(macro)" in out and "0.4000" in out


# -- tedeval parseval --evalb: EVALB's standard output, line for line -----------------------

FIXTURES = ROOT / "tests" / "fixtures_parseval"


def test_parseval_evalb_mode_splits_words_as_evalb_does(capsys):
    # EVALB splits at the C locale's white space only: "a<NBSP>b" is one word
    # (sentence 1 valid, 3 brackets), "NN<NBSP>a" one label, which leaves
    # sentence 2's test a word short (a length error), and U+3000 inside
    # "x<U+3000>y" joins too (sentence 3: S and VP of 3 gold brackets). The
    # fixture is the real EVALB's output on these files (COLLINS.prm).
    status, out, err = run(
        capsys, "parseval", FIXTURES / "nbsp_gold.mrg", FIXTURES / "nbsp_test.mrg", "--evalb"
    )
    assert status == 0
    # --evalb prints EVALB's output and nothing else (no signature line).
    assert out.rstrip("\n") == (FIXTURES / "nbsp.evalb.txt").read_text().rstrip("\n")
    # EVALB reports its error sentences on standard error; so do we, naming the file.
    assert err.count("error sentence") == 1 and "nbsp_test.mrg" in err and "sentence 2" in err


def test_parseval_evalb_mode_stops_where_evalb_stops(capsys):
    # Word errors in sentences 2, 4 and 5. With a maximum of 1, EVALB counts
    # errors 1 and 2 and exits at the third (sentence 5), having printed the
    # header and sentences 1 to 4: the fixture is its output (evalb -e 1).
    status, out, err = run(
        capsys,
        "parseval",
        FIXTURES / "abort_gold.mrg",
        FIXTURES / "abort_test.mrg",
        "--evalb",
        "--max-errors",
        "1",
    )
    assert status == 1
    assert out.rstrip("\n") == (FIXTURES / "abort_max1.evalb.txt").read_text().rstrip("\n")
    assert err.startswith("tedeval: error: ") and "abort_test.mrg:5: sentence 5" in err
    # Without a maximum every sentence is scored: 6 sentences, 3 with errors.
    data = run_json(capsys, "parseval", FIXTURES / "abort_gold.mrg", FIXTURES / "abort_test.mrg")
    every = data["systems"][0]["details"]["summary"]["all"]
    assert (every["sentences"], every["error_sentences"], every["valid_sentences"]) == (6, 3, 3)


def test_parseval_reads_pretty_printed_trees_and_evalb_lines(capsys, tmp_path):
    # GUM's .ptb files print each tree over several lines; EVALB reads one
    # tree per line. The layout is detected per file, so the two mix.
    pretty = GUM / "GUM_bio_byron.ptb"
    trees = [Tree.fromstring(t) for t in pretty.read_text(encoding="utf-8").split("\n\n") if t]
    assert len(trees) == 25
    flat = tmp_path / "byron.mrg"
    flat.write_text("".join(t.pformat(margin=10**9) + "\n" for t in trees), encoding="utf-8")
    data = run_json(capsys, "parseval", pretty, flat)
    every = data["systems"][0]["details"]["summary"]["all"]
    assert (every["sentences"], every["valid_sentences"]) == (25, 25)
    assert every["bracketing_fmeasure"] == 100.0
    # Forced to EVALB's layout, the pretty-printed file fails at its first
    # tree that runs over a line, named by file and line.
    first_open = next(
        n
        for n, line in enumerate(pretty.read_text(encoding="utf-8").split("\n"), start=1)
        if line.count("(") > line.count(")")
    )
    status, _, err = run(capsys, "parseval", pretty, flat, "--layout", "line")
    assert status == 1
    assert f"GUM_bio_byron.ptb:{first_open}:" in err and "one whole tree" in err


def test_parseval_line_missing_a_bracket_stays_an_error_of_that_line(capsys, tmp_path):
    # A one-tree-per-line file whose line 2 lacks a bracket: the next tree
    # starts at the margin, so the file is still read line by line.
    gold = tmp_path / "gold.mrg"
    test = tmp_path / "test.mrg"
    gold.write_text("(S (NN a))\n(S (NN b))\n(S (NN c))\n", encoding="utf-8")
    test.write_text("(S (NN a))\n(S (NN b)\n(S (NN c))\n", encoding="utf-8")
    status, _, err = run(capsys, "parseval", gold, test)
    assert status == 1 and "test.mrg:2:" in err and "1 closing bracket missing" in err
