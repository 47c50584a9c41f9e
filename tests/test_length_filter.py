"""Length filters (issue 43, item 5): ``--max-length``, ``--min-length``, ``max_length=``,
``min_length=`` (SPEC.md §15).

The corpus by hand (``corpora_samples/spec/lengths_*``): four sentences of 3, 5, 40 and
41 words (``a1 a2 a3``, ``b1 .. b5``, ``c1 .. c40``, ``d1 .. d41``). Each gold
is ``(S (NP-SBJ (X w1) (X w2)) (X w3) ... (X wn))``: EVALB's brackets S and NP, TedEval's
labeled item SBJ(0,2) and n + 1 unlabeled items (NP and the n preterminals). The parses:

- sentence 1 (3 words): the gold;
- sentence 2 (5 words): flat, ``(S (X w1) ... (X w5))``;
- sentence 3 (40 words): ``VP-OBJ`` over w1 w2 instead of ``NP-SBJ``;
- sentence 4 (41 words): a second ``NP-SBJ`` over w3 w4.

Per sentence (ParsEval: matched, gold and test brackets; TedEval: δ/ι):

    sentence  words  ParsEval  labeled  unlabeled
    1         3      2 2 2     0/2      0/8     (4 items a side)
    2         5      1 2 1     1/1      1/11    (6 gold, 5 parse)
    3         40     1 2 2     2/2      0/82    (OBJ for SBJ; the same spans)
    4         41     2 2 3     1/3      1/85    (42 gold, 43 parse)

The dependency corpus has the same words, each a chain (word i hangs from i + 1, the last
from the root; relation dep, root for the last). Its parse: sentence 1 right but the
relation of w1 (nsubj): heads 3/3, LAS 2/3; sentence 2 w1 on w3: 4/5; sentence 3 w1..w4
on w40: 36/40; sentence 4 every word on w41, of which only w40 is right, and the root:
2/41.

    filter             kept     ParsEval R P F1        TedEval L U      UAS LAS
    none               1-4      75.00 75.00 75.00      4/8   2/186      45/89 44/89
    --max-length 40    1-3      66.67 80.00 72.73      3/5   1/101      43/48 42/48
    --min 5 --max 40   2, 3     50.00 66.67 57.14      3/3   1/93       40/45 40/45
    --min-length 41    4        100.00 66.67 80.00     1/3   1/85       2/41  2/41

Without a filter EVALB's ``len<=40`` block is sentences 1-3: 66.67, 80.00, 72.73, the
figures of ``--max-length 40`` for all sentences.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import conllu
import jsonschema
import pytest
from nltk import Tree

from nltk_tedeval import (
    AttachmentEvaluator,
    Conll18Evaluator,
    CrossFrameworkEvaluator,
    OptionError,
    ParsevalEvaluator,
    TedEvalEvaluator,
    read_file,
)
from nltk_tedeval.cli import main
from nltk_tedeval.reading import read_text, read_ud_words, read_ud_words_text
from nltk_tedeval.scoring.options import RunOptions

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "docs" / "report.schema.json").read_text(encoding="utf-8"))
STUDY = ROOT / "corpora_samples" / "study"
LENGTHS = (3, 5, 40, 41)


def words(k: int, n: int) -> list[str]:
    """The words of sentence ``k`` (from 1): a1 a2 a3, b1 ... b5, ..."""
    return [f"{'abcde'[k - 1]}{i}" for i in range(1, n + 1)]


def bracketed(ws: Sequence[str], first: str | None, second: str | None = None) -> str:
    def x(w: str) -> str:
        return f"(X {w})"

    parts = [f"({first} {x(ws[0])} {x(ws[1])})"] if first else [x(ws[0]), x(ws[1])]
    rest = list(ws[2:])
    if second:
        parts.append(f"({second} {x(rest[0])} {x(rest[1])})")
        rest = rest[2:]
    parts += [x(w) for w in rest]
    return "(S " + " ".join(parts) + ")"


WORDS = [words(k, n) for k, n in enumerate(LENGTHS, start=1)]
GOLD_PTB = [bracketed(w, "NP-SBJ") for w in WORDS]
PARSE_PTB = [
    bracketed(WORDS[0], "NP-SBJ"),
    bracketed(WORDS[1], None),
    bracketed(WORDS[2], "VP-OBJ"),
    bracketed(WORDS[3], "NP-SBJ", "NP-SBJ"),
]


def conll_sentence(ws: Sequence[str], heads: Sequence[int], rels: Sequence[str]) -> str:
    rows = [
        f"{i}\t{w}\t{w}\tX\tX\t_\t{h}\t{r}\t_\t_\n"
        for i, (w, h, r) in enumerate(zip(ws, heads, rels, strict=True), start=1)
    ]
    return "".join(rows) + "\n"


def chain(n: int) -> tuple[list[int], list[str]]:
    return [i + 1 for i in range(1, n)] + [0], ["dep"] * (n - 1) + ["root"]


GOLD_CONLLU = [conll_sentence(w, *chain(len(w))) for w in WORDS]


def _parse_conllu() -> list[str]:
    out = []
    for k, w in enumerate(WORDS):
        heads, rels = chain(len(w))
        if k == 0:
            rels[0] = "nsubj"
        elif k == 1:
            heads[0] = 3
        elif k == 2:
            heads[0:4] = [40] * 4
        else:
            heads = [41] * 40 + [0]
        out.append(conll_sentence(w, heads, rels))
    return out


PARSE_CONLLU = _parse_conllu()


TEXTS = {
    "gold.ptb": "\n".join(GOLD_PTB) + "\n",
    "parse.ptb": "\n".join(PARSE_PTB) + "\n",
    "gold.conllu": "".join(GOLD_CONLLU),
    "parse.conllu": "".join(PARSE_CONLLU),
}
SHIPPED = ROOT / "corpora_samples" / "spec"


@pytest.fixture
def files() -> dict[str, Path]:
    """The corpus as shipped for SPEC.md §15's examples (``corpora_samples/spec/lengths_*``)."""
    return {name: SHIPPED / f"lengths_{name}" for name in TEXTS}


def test_the_shipped_files_are_the_corpus_by_hand() -> None:
    for name, text in TEXTS.items():
        assert (SHIPPED / f"lengths_{name}").read_text(encoding="utf-8") == text, name


def kept_files(tmp_path: Path, keep: Sequence[int]) -> dict[str, Path]:
    """The corpus of the sentences ``keep`` (from 1) alone: what a filter must equal."""
    out = {}
    for name, sentences in (
        ("gold.ptb", GOLD_PTB),
        ("parse.ptb", PARSE_PTB),
        ("gold.conllu", GOLD_CONLLU),
        ("parse.conllu", PARSE_CONLLU),
    ):
        path = tmp_path / f"kept_{'_'.join(map(str, keep))}_{name}"
        chosen = [sentences[k - 1] for k in keep]
        joiner = "" if name.endswith("conllu") else "\n"
        path.write_text(joiner.join(chosen) + ("" if joiner == "" else "\n"), encoding="utf-8")
        out[name] = path
    return out


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: object) -> dict[str, Any]:
    status, out, err = run(capsys, *argv, "--json")
    assert status == 0, err
    data = json.loads(out)
    jsonschema.validate(data, SCHEMA)
    return data


FILTERS = {
    "none": (),
    "<=40": ("--max-length", "40"),
    "5-40": ("--min-length", "5", "--max-length", "40"),
    ">=41": ("--min-length", "41"),
}
KEPT = {"none": (1, 2, 3, 4), "<=40": (1, 2, 3), "5-40": (2, 3), ">=41": (4,)}


def totals(score: dict[str, Any], *names: str) -> tuple[int, ...]:
    return tuple(score["totals"][n] for n in names)


# -- by hand, every command ----------------------------------------------------------------


ATTACH = {  # (head, tokens), (head_label, labeled_tokens)
    "none": ((45, 89), (44, 89)),
    "<=40": ((43, 48), (42, 48)),
    "5-40": ((40, 45), (40, 45)),
    ">=41": ((2, 41), (2, 41)),
}


@pytest.mark.parametrize("name", sorted(FILTERS))
def test_attach_by_hand(
    capsys: pytest.CaptureFixture[str], files: dict[str, Path], name: str
) -> None:
    data = run_json(capsys, "attach", files["gold.conllu"], files["parse.conllu"], *FILTERS[name])
    scores = data["systems"][0]["scores"]
    uas, las = ATTACH[name]
    assert totals(scores["UAS"], "head", "tokens") == uas
    assert totals(scores["LAS"], "head_label", "labeled_tokens") == las
    kept = KEPT[name]
    assert data["counts"]["read"] == 4 and data["counts"]["scored"] == len(kept)
    if name == "none":
        assert "length_filter" not in data and "length_filtered" not in data["counts"]
        assert "length:" not in data["systems"][0]["signature"]
        return
    assert data["counts"]["length_filtered"] == 4 - len(kept)
    left = data["length_filter"]["sentences"]
    assert [s["sentence"] for s in left] == [k for k in (1, 2, 3, 4) if k not in kept]
    assert [s["length"] for s in left] == [LENGTHS[s["sentence"] - 1] for s in left]
    assert f"|length:{name}|missing:skip|" in data["systems"][0]["signature"]


def test_attach_text_report(capsys: pytest.CaptureFixture[str], files: dict[str, Path]) -> None:
    status, out, err = run(
        capsys, "attach", files["gold.conllu"], files["parse.conllu"], *FILTERS["5-40"]
    )
    assert status == 0 and err == ""
    lines = out.splitlines()
    # 40/45 = 0.8889 in LAS and UAS.
    assert lines[3].split()[:3] == ["lengths_parse", "0.8889", "0.8889"]
    assert lines[4:8] == [
        "4 sentences read, 2 scored, 0 with a missing parse, 0 skipped as bad, "
        "2 left out by length",
        "length filter: sentences of 5 to 40 words kept (--min-length 5 --max-length 40); "
        "left out: 1 with fewer than 5 words, 1 with more than 40 words",
        "  sentence 1: 3 words",
        "  sentence 4: 41 words",
    ]
    assert lines[-1] == (
        "signature: metric:attachment|punct:include|subtypes:keep|length:5-40|missing:skip"
        "|version:0.1.0"
    )


PARSEVAL = {  # matched, gold, test for all sentences, and for len <= 40
    "none": ((6, 8, 8), (4, 6, 5)),
    "<=40": ((4, 6, 5), (4, 6, 5)),
    "5-40": ((2, 4, 3), (2, 4, 3)),
    ">=41": ((2, 2, 3), (0, 0, 0)),
}


@pytest.mark.parametrize("name", sorted(FILTERS))
def test_parseval_by_hand_and_evalbs_cutoff(
    capsys: pytest.CaptureFixture[str], files: dict[str, Path], name: str
) -> None:
    data = run_json(capsys, "parseval", files["gold.ptb"], files["parse.ptb"], *FILTERS[name])
    summary = data["systems"][0]["details"]["summary"]
    every, cut = PARSEVAL[name]
    block = summary["all"]
    assert (block["matched_brackets"], block["gold_brackets"], block["test_brackets"]) == every
    block = summary["cutoff"]
    assert (block["matched_brackets"], block["gold_brackets"], block["test_brackets"]) == cut
    assert block["sentences"] == sum(1 for k in KEPT[name] if LENGTHS[k - 1] <= 40)


def test_max_length_40_is_evalbs_len_40_block(
    capsys: pytest.CaptureFixture[str], files: dict[str, Path]
) -> None:
    # COLLINS.prm's DELETE_LABEL_FOR_LENGTH is -NONE- alone: EVALB's length is ours, so the
    # figures of --max-length 40 over all its sentences are EVALB's len<=40 block without it.
    plain = run_json(capsys, "parseval", files["gold.ptb"], files["parse.ptb"])
    cut = run_json(capsys, "parseval", files["gold.ptb"], files["parse.ptb"], "--max-length", "40")
    assert (
        plain["systems"][0]["details"]["summary"]["cutoff"]
        == (cut["systems"][0]["details"]["summary"]["all"])
    )
    _, out, _ = run(capsys, "parseval", files["gold.ptb"], files["parse.ptb"])
    _, filtered, _ = run(
        capsys, "parseval", files["gold.ptb"], files["parse.ptb"], "--max-length", "40"
    )
    len40 = out[out.index("-- len<=40 --") :].split("\n")[1:13]
    every = filtered[filtered.index("-- All --") :].split("\n")[1:13]
    assert len40 == every
    assert "Bracketing Recall         =  66.67" in every
    assert "Bracketing Precision      =  80.00" in every
    assert "Bracketing FMeasure       =  72.73" in every


def test_a_prm_that_shortens_evalbs_length(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A 41-token sentence ending in "." tagged ".": with DELETE_LABEL_FOR_LENGTH . EVALB's
    # length is 40 (in its len<=40 block); ours counts the "." (41): --max-length 40 leaves
    # the sentence out. The filter keeps one length for every metric; the block the file's.
    ws = words(5, 40)
    gold = bracketed(ws, "NP")[:-1] + " (. .))"  # 40 words and the "." under S
    prm = tmp_path / "len.prm"
    prm.write_text(
        "CUTOFF_LEN 40\nLABELED 1\nDELETE_LABEL TOP\nDELETE_LABEL -NONE-\nDELETE_LABEL .\n"
        "DELETE_LABEL_FOR_LENGTH -NONE-\nDELETE_LABEL_FOR_LENGTH .\n",
        encoding="utf-8",
    )
    path = tmp_path / "g.ptb"
    path.write_text(gold + "\n", encoding="utf-8")
    plain = run_json(capsys, "parseval", path, path, "-p", prm)
    assert plain["systems"][0]["details"]["summary"]["cutoff"]["sentences"] == 1
    filtered = run_json(capsys, "parseval", path, path, "-p", prm, "--max-length", "40")
    assert filtered["length_filter"]["sentences"] == [
        {"sentence": 1, "id": None, "length": 41, "reason": "longer"}
    ]
    assert filtered["counts"]["scored"] == 0


TEDEVAL = {  # labeled δ, ι; unlabeled δ, ι
    "none": (4, 8, 2, 186),
    "<=40": (3, 5, 1, 101),
    "5-40": (3, 3, 1, 93),
    ">=41": (1, 3, 1, 85),
}


@pytest.mark.parametrize("name", sorted(FILTERS))
def test_score_by_hand(
    capsys: pytest.CaptureFixture[str], files: dict[str, Path], name: str
) -> None:
    data = run_json(capsys, "score", files["gold.ptb"], files["parse.ptb"], *FILTERS[name])
    scores = data["systems"][0]["scores"]
    got = (
        *totals(scores["labeled"], "delta_labeled", "iota_labeled"),
        *totals(scores["unlabeled"], "delta_unlabeled", "iota_unlabeled"),
    )
    assert got == TEDEVAL[name]
    dl, il, du, iu = got
    assert scores["labeled"]["value"] == pytest.approx(1 - dl / il)
    assert scores["unlabeled"]["value"] == pytest.approx(1 - du / iu)


def test_cross_leaves_out_the_same_sentences_everywhere(
    capsys: pytest.CaptureFixture[str], files: dict[str, Path]
) -> None:
    data = run_json(
        capsys,
        "cross",
        "-e", f"ptb={files['gold.ptb']},{files['parse.ptb']}",
        "-e", f"ud={files['gold.conllu']},{files['parse.conllu']}",
        "--max-length", "40",
    )  # fmt: skip
    ptb = next(s for s in data["systems"] if s["name"] == "ptb")
    # SINGLE of the bracketed experiment is `score`'s: labeled 3/5, unlabeled 1/101.
    assert totals(ptb["scores"]["single labeled"], "delta_labeled", "iota_labeled") == (3, 5)
    assert totals(ptb["scores"]["single unlabeled"], "delta_unlabeled", "iota_unlabeled") == (
        1,
        101,
    )
    assert data["counts"]["length_filtered"] == 1
    for system in data["systems"]:
        for sig in system["details"]["signatures"].values():
            assert "|length:<=40|missing:skip|" in sig
    for pair in data["overlap"]:
        assert "|length:<=40|missing:skip|" in pair["labeled"]["signature"]
    assert all(s["sentences"] == 3 for s in ptb["scores"].values())


def test_conll18_by_hand(capsys: pytest.CaptureFixture[str], files: dict[str, Path]) -> None:
    # The same tokens on both sides: the script's UAS and LAS are attach's, 43/48 and 42/48.
    status, out, err = run(
        capsys, "attach", files["gold.conllu"], files["parse.conllu"], "--conll18",
        "--max-length", "40",
    )  # fmt: skip
    assert status == 0
    assert "UAS        |     89.58 |     89.58 |     89.58 |     89.58" in out
    assert "LAS        |     87.50 |     87.50 |     87.50 |     87.50" in out
    assert "length" not in out  # the script's table alone, as it prints it
    assert err.splitlines() == [
        "tedeval: length filter: sentences of at most 40 words kept (--max-length 40); "
        "left out: 1 with more than 40 words",
        "tedeval:   sentence 4: 41 words",
    ]
    data = run_json(
        capsys, "attach", files["gold.conllu"], files["parse.conllu"], "--conll18",
        "--max-length", "40",
    )  # fmt: skip
    assert data["counts"] == {
        "read": 4, "scored": 3, "missing": 0, "skipped": 0, "length_filtered": 1
    }  # fmt: skip
    uas = data["systems"][0]["details"]["conll18"]["UAS"]
    assert (uas["correct"], uas["gold"]) == (43, 48)
    assert data["systems"][0]["signature"] == (
        "metric:conll18|align:chars:ws=Zs|subtypes:strip|length:<=40|version:0.1.0"
    )


MULTIWORD = (
    "1\tVoy\tir\tVERB\t_\t_\t0\troot\t_\t_\n2-3\tdel\t_\t_\t_\t_\t_\t_\t_\t_\n"
    "2\tde\tde\tADP\t_\t_\t4\tcase\t_\t_\n3\tel\tel\tDET\t_\t_\t4\tdet\t_\t_\n"
    "4\tcentro\tcentro\tNOUN\t_\t_\t1\tobl\t_\t_\n\n"
)


def test_every_metric_counts_a_multiword_token_as_its_words() -> None:
    # "del" (2-3) is one token of two words, "de" and "el": the sentence has 4 words, for
    # attachment (and TedEval) as for the CoNLL 2018 metrics below.
    trees = [r.tree for r in read_text(MULTIWORD, "conllu")]
    assert AttachmentEvaluator(trees, trees, max_length=4).counts()["scored"] == 1
    three = AttachmentEvaluator(trees, trees, max_length=3)
    assert [s.length for s in three.left_out_by_length] == [4]
    assert TedEvalEvaluator(trees, trees, min_length=5).counts()["length_filtered"] == 1


def test_conll18_counts_a_multiword_token_as_its_words() -> None:
    # "del" (2-3) is one token of two words, "de" and "el": the sentence has 4 words.
    text = MULTIWORD
    four = Conll18Evaluator(read_ud_words_text(text), read_ud_words_text(text), max_length=4)
    three = Conll18Evaluator(read_ud_words_text(text), read_ud_words_text(text), max_length=3)
    assert four.run_counts()["scored"] == 1
    assert three.run_counts()["length_filtered"] == 1
    assert three.left_out_by_length[0].length == 4


# -- the sub-corpus: a filter is the run on the sentences it keeps ---------------------------


def _scores(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every system's scores, without their signatures (which name the filter)."""
    return [
        {k: {f: v for f, v in s.items() if f != "signature"} for k, s in sys["scores"].items()}
        for sys in data["systems"]
    ]


COMMANDS: dict[str, tuple[str, ...]] = {
    "score": ("score", "gold.ptb", "parse.ptb"),
    "score-dep": ("score", "gold.conllu", "parse.conllu"),
    "attach": ("attach", "gold.conllu", "parse.conllu", "gold.conllu"),
    "parseval": ("parseval", "gold.ptb", "parse.ptb", "gold.ptb"),
    "mph": ("mph", "gold.ptb", "parse.ptb", "parse.conllu"),
    "attach-align": ("attach", "gold.conllu", "parse.conllu", "--align"),
    "parseval-align": ("parseval", "gold.ptb", "parse.ptb", "--align"),
    "conll18": ("attach", "gold.conllu", "parse.conllu", "--conll18"),
    "conll18-by": ("attach", "gold.conllu", "parse.conllu", "--conll18", "--by", "relation"),
    "attach-lcs": ("attach", "gold.conllu", "parse.conllu", "--align", "lcs"),
    "attach-by": ("attach", "gold.conllu", "parse.conllu", "--by", "relation,length"),
    "score-multiple": ("score", "gold.ptb", "parse.ptb", "--other-gold", "gold.conllu"),
    "parseval-disco": ("parseval", "gold.ptb", "parse.ptb", "--disco"),
    "parseval-spmrl": ("parseval", "gold.ptb", "parse.ptb", "--spmrl"),
    "parseval-jp": ("parseval", "gold.ptb", "parse.ptb", "--align", "--jp-evalb"),
    "parseval-by": ("parseval", "gold.ptb", "parse.ptb", "--by", "label,span"),
}


@pytest.mark.parametrize("name", ["<=40", "5-40", ">=41"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_filter_scores_what_the_kept_sentences_score_alone(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    files: dict[str, Path],
    command: str,
    name: str,
) -> None:
    cmd, *rest = COMMANDS[command]
    kept = kept_files(tmp_path, KEPT[name])

    def argv(paths: dict[str, Path]) -> list[object]:
        return [cmd, *(paths.get(a, a) for a in rest)]

    filtered = run_json(capsys, *argv(files), *FILTERS[name], "--macro")
    alone = run_json(capsys, *argv(kept), "--macro")
    assert _scores(filtered) == _scores(alone)
    for a, b in zip(filtered.get("breakdowns", ()), alone.get("breakdowns", ()), strict=True):
        assert [(g["group"], g["totals"]) for g in a["groups"]] == [
            (g["group"], g["totals"]) for g in b["groups"]
        ]
    counts = filtered["counts"]
    assert counts["read"] == 4 and counts["scored"] == alone["counts"]["scored"]
    assert counts["length_filtered"] == 4 - len(KEPT[name])
    left = [s["sentence"] for s in filtered["length_filter"]["sentences"]]
    assert left == [k for k in (1, 2, 3, 4) if k not in KEPT[name]]


def top_level_trees(path: Path) -> list[str]:
    """The trees of a file of bracketed trees over several lines, split at depth 0."""
    out, depth, start = [], 0, 0
    text = path.read_text(encoding="utf-8")
    for i, c in enumerate(text):
        if c == "(":
            if depth == 0:
                start = i
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                out.append(text[start : i + 1])
    return out


def test_the_study_against_an_independent_count(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # 605 GUM sentences: the words of each gold counted by the conllu library (multiword
    # ranges and empty nodes left out) and by nltk (-NONE- left out), then the sentences of
    # 10 to 20 words written out and scored alone.
    text = (STUDY / "test.conllu").read_text(encoding="utf-8")
    ud = conllu.parse(text)
    n_ud = [sum(isinstance(t["id"], int) for t in s) for s in ud]
    trees = [Tree.fromstring(t) for t in top_level_trees(STUDY / "test.ptb")]
    ptb_lines = [t.pformat(margin=10**9) for t in trees]
    n_ptb = [sum(1 for _, tag in t.pos() if tag != "-NONE-") for t in trees]
    assert n_ud == n_ptb  # the two theories' golds have the same words
    keep = [k for k, n in enumerate(n_ud) if 10 <= n <= 20]
    assert 0 < len(keep) < len(n_ud)
    eager = (STUDY / "outputs" / "arc-eager.conllu").read_text(encoding="utf-8")
    eager_blocks = eager.strip("\n").split("\n\n")
    gold_blocks = text.strip("\n").split("\n\n")
    assert len(eager_blocks) == len(gold_blocks) == len(n_ud)
    g = tmp_path / "g.conllu"
    p = tmp_path / "p.conllu"
    g.write_text("\n\n".join(gold_blocks[k] for k in keep) + "\n\n", encoding="utf-8")
    p.write_text("\n\n".join(eager_blocks[k] for k in keep) + "\n\n", encoding="utf-8")
    gp = tmp_path / "g.ptb"
    gp.write_text("\n".join(ptb_lines[k] for k in keep) + "\n", encoding="utf-8")
    bounds = ("--min-length", "10", "--max-length", "20")
    for argv, alone in (
        (
            ["attach", STUDY / "test.conllu", STUDY / "outputs" / "arc-eager.conllu"],
            ["attach", g, p],
        ),
        (["score", STUDY / "test.ptb", STUDY / "outputs" / "arc-eager.conllu"], ["score", gp, p]),
        (["mph", STUDY / "test.ptb", STUDY / "outputs" / "arc-eager.conllu"], ["mph", gp, p]),
    ):
        filtered = run_json(capsys, *argv, *bounds)
        assert _scores(filtered) == _scores(run_json(capsys, *alone)), argv[0]
        assert filtered["counts"]["scored"] == len(keep)
        reasons = filtered["length_filter"]["left_out"]
        assert reasons == {
            "shorter": sum(n < 10 for n in n_ud),
            "longer": sum(n > 20 for n in n_ud),
        }


# -- breakdowns, intervals, tests and the per-sentence table ---------------------------------


def test_breakdown_by_length_is_the_filter(
    capsys: pytest.CaptureFixture[str], files: dict[str, Path]
) -> None:
    # --by length --bins length=40 puts sentences 1-3 in 1-40: the totals of --max-length 40.
    argv = ["attach", files["gold.conllu"], files["parse.conllu"], "--by", "length"]
    plain = run_json(capsys, *argv, "--bins", "length=40")
    (groups,) = [b["groups"] for b in plain["breakdowns"]]
    first = next(g for g in groups if g["group"] == "1-40")
    assert (first["totals"]["head"], first["totals"]["tokens"]) == (43, 48)
    filtered = run_json(capsys, *argv, "--bins", "length=40", "--max-length", "40")
    (groups,) = [b["groups"] for b in filtered["breakdowns"]]
    assert [g["group"] for g in groups] == ["1-40"]
    assert groups[0]["scores"]["UAS"]["value"] == filtered["systems"][0]["scores"]["UAS"]["value"]
    assert "|length:<=40|missing:skip|by:length=1-40|" in groups[0]["scores"]["UAS"]["signature"]


def test_intervals_and_tests_resample_the_kept_sentences(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, files: dict[str, Path]
) -> None:
    kept = kept_files(tmp_path, KEPT["<=40"])
    extra = ("--ci", "0.95", "--significance", "200", "--by", "length", "--bins", "length=5")
    argv = [
        "attach",
        files["gold.conllu"],
        f"p={files['parse.conllu']}",
        f"g={files['gold.conllu']}",
    ]
    alone = ["attach", kept["gold.conllu"], f"p={kept['parse.conllu']}", f"g={kept['gold.conllu']}"]
    filtered = run_json(capsys, *argv, *extra, "--max-length", "40")
    by_itself = run_json(capsys, *alone, *extra)
    assert _scores(filtered) == _scores(by_itself)
    assert (
        filtered["systems"][0]["scores"]["UAS"]["ci"]
        == by_itself["systems"][0]["scores"]["UAS"]["ci"]
    )
    assert filtered["significance"] == by_itself["significance"]
    for a, b in zip(filtered["breakdowns"], by_itself["breakdowns"], strict=True):
        assert [g["totals"] for g in a["groups"]] == [g["totals"] for g in b["groups"]]
    # In text too: the intervals' table and the breakdown follow the filter's lines.
    status, out, _ = run(capsys, *argv, *extra, "--max-length", "40")
    assert status == 0
    assert out.index("length filter:") < out.index("95% confidence intervals")
    assert "p by length" in out


def test_per_sentence_rows_are_the_kept_sentences(
    capsys: pytest.CaptureFixture[str], files: dict[str, Path]
) -> None:
    status, out, err = run(
        capsys, "attach", files["gold.conllu"], files["parse.conllu"], *FILTERS["5-40"],
        "--per-sentence", "-",
    )  # fmt: skip
    assert status == 0
    rows = out.splitlines()[1:]
    assert [r.split("\t")[0] for r in rows] == ["2", "3"]  # their numbers in the file
    assert "2 left out by length" in err


def test_evalb_output_is_evalbs_on_the_kept_sentences(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, files: dict[str, Path]
) -> None:
    kept = kept_files(tmp_path, KEPT["5-40"])
    status, out, err = run(
        capsys, "parseval", files["gold.ptb"], files["parse.ptb"], "--evalb", *FILTERS["5-40"]
    )
    assert status == 0
    _, alone, _ = run(capsys, "parseval", kept["gold.ptb"], kept["parse.ptb"], "--evalb")
    assert out == alone  # EVALB's table numbers the sentences it read, 1 and 2
    assert err.splitlines()[0].startswith("tedeval: length filter: sentences of 5 to 40 words")
    assert err.splitlines()[1:] == [
        "tedeval:   sentence 1: 3 words",
        "tedeval:   sentence 4: 41 words",
    ]


def test_a_table_format_names_them_on_standard_error(
    capsys: pytest.CaptureFixture[str], files: dict[str, Path]
) -> None:
    status, out, err = run(
        capsys, "parseval", files["gold.ptb"], files["parse.ptb"], "--max-length", "40",
        "-f", "tsv",
    )  # fmt: skip
    assert status == 0
    assert out.splitlines() == ["system\tP\tR\tF1", "lengths_parse\t80.00\t66.67\t72.73"]
    assert err.splitlines() == [
        "tedeval: length filter: sentences of at most 40 words kept (--max-length 40); "
        "left out: 1 with more than 40 words",
        "tedeval:   sentence 4: 41 words",
    ]


def test_html_report_counts_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, files: dict[str, Path]
) -> None:
    out = tmp_path / "r.html"
    status, _, err = run(
        capsys, "attach", files["gold.conllu"], files["parse.conllu"], "--max-length", "40",
        "-f", "html", "-o", out,
    )  # fmt: skip
    assert status == 0, err
    page = out.read_text(encoding="utf-8")
    assert '<th scope="row">length_filtered</th><td class="num">1</td>' in page
    assert "<li>4 : 41 words (longer)</li>" in page


# -- what a left-out sentence is not -----------------------------------------------------------


def test_a_left_out_sentence_has_no_missing_parse(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, files: dict[str, Path]
) -> None:
    # Sentence 4's parse is an empty line: without the filter a missing parse, with
    # --max-length 40 no part of the run (no warning, not counted).
    parse = tmp_path / "missing.ptb"
    parse.write_text("\n".join([*PARSE_PTB[:3], ""]) + "\n", encoding="utf-8")
    status, out, err = run(capsys, "parseval", files["gold.ptb"], parse, "--missing", "zero")
    assert status == 0 and "1 with a missing parse" in out and "warning" in err
    data = run_json(capsys, "parseval", files["gold.ptb"], parse, "--max-length", "40")
    assert data["counts"]["missing"] == 0 and data["missing"]["sentences"] == []
    status, _, err = run(capsys, "parseval", files["gold.ptb"], parse, "--max-length", "40")
    assert status == 0 and err == ""
    status, _, err = run(
        capsys, "parseval", files["gold.ptb"], parse, "--max-length", "40", "--missing", "error"
    )
    assert status == 0 and err == ""  # no missing parse to stop at


def test_a_bad_gold_is_reported_as_without_a_filter(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, files: dict[str, Path]
) -> None:
    # A gold that cannot be read has no length: it is bad input, stopped or skipped as ever.
    gold = tmp_path / "bad.conllu"
    gold.write_text("".join(GOLD_CONLLU).replace("\t41\tdep", "\t99\tdep", 1), encoding="utf-8")
    status, _, err = run(capsys, "attach", gold, files["parse.conllu"], "--max-length", "40")
    assert status == 1 and "has head 99" in err
    data = run_json(
        capsys, "attach", gold, files["parse.conllu"], "--max-length", "40", "--skip-bad"
    )
    assert data["counts"]["skipped"] == 1 and data["counts"]["length_filtered"] == 0


def test_first_reads_then_the_filter_decides(
    capsys: pytest.CaptureFixture[str], files: dict[str, Path]
) -> None:
    data = run_json(
        capsys, "parseval", files["gold.ptb"], files["parse.ptb"], "--first", "3",
        "--min-length", "5",
    )  # fmt: skip
    assert data["counts"]["read"] == 3 and data["counts"]["scored"] == 2


def test_aligned_units_count_their_gold_sentences() -> None:
    # The parser joins gold sentences 1 and 2 (3 + 5 words): one unit of 8 words, kept or
    # left out whole, by its 8 words (SPEC.md §15), whatever each sentence's length.
    gold = [r.tree for r in read_text("".join(GOLD_CONLLU[:2]), "conllu")]
    heads = [2, 3, 0, 5, 6, 7, 8, 3]
    joined = conll_sentence(WORDS[0] + WORDS[1], heads, ["dep"] * 2 + ["root"] + ["dep"] * 5)
    parse = [r.tree for r in read_text(joined, "conllu")]
    seven = AttachmentEvaluator(parse, gold, align=True, max_length=7)
    assert seven.counts() == {
        "read": 1, "scored": 0, "missing": 0, "skipped": 0, "length_filtered": 1
    }  # fmt: skip
    assert seven.left_out_by_length[0].as_dict() == {
        "sentence": 1, "id": None, "length": 8, "reason": "longer"
    }  # fmt: skip
    eight = AttachmentEvaluator(parse, gold, align=True, max_length=8)
    assert eight.counts()["scored"] == 1


# -- the Python face -------------------------------------------------------------------------


def test_evaluators_take_the_bounds(files: dict[str, Path]) -> None:
    gold = [r.tree for r in read_file(files["gold.conllu"])]
    parse = [r.tree for r in read_file(files["parse.conllu"])]
    ev = AttachmentEvaluator(parse, gold, min_length=5, max_length=40)
    assert ev.score("UAS").totals == {"head": 40, "tokens": 45}
    assert ev.counts() == {
        "read": 4, "scored": 2, "missing": 0, "skipped": 0, "length_filtered": 2
    }  # fmt: skip
    assert [(s.number, s.length, s.reason) for s in ev.left_out_by_length] == [
        (1, 3, "shorter"),
        (4, 41, "longer"),
    ]
    assert "|length:5-40|missing:skip|" in str(ev.signature)
    ptb_gold = [Tree.fromstring(t) for t in GOLD_PTB]
    ptb_parse = [Tree.fromstring(t) for t in PARSE_PTB]
    labeled, _ = TedEvalEvaluator(ptb_parse, ptb_gold, max_length=40).eval()
    assert labeled.totals == {"delta_labeled": 3, "iota_labeled": 5}
    pv = ParsevalEvaluator(ptb_parse, ptb_gold, options=RunOptions(min_length=41))
    assert pv.score("R").totals["matched"] == 2
    cross = CrossFrameworkEvaluator(
        [("ptb", ptb_parse, ptb_gold), ("ud", parse, gold)], max_length=40
    )
    assert cross.counts()["length_filtered"] == 1
    assert [round(float(s), 4) for s in cross.single("ptb")] == [0.4, round(1 - 1 / 101, 4)]
    c18 = Conll18Evaluator(
        read_ud_words(files["parse.conllu"]), read_ud_words(files["gold.conllu"]), max_length=40
    )
    assert c18.counts("UAS")["correct"] == 43


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"max_length": 0}, "max_length must be a number of words of at least 1, not 0"),
        ({"min_length": -3}, "min_length must be a number of words of at least 1, not -3"),
        ({"max_length": 4.5}, "max_length must be a number of words of at least 1, not 4.5"),
        ({"max_length": True}, "max_length must be a number of words of at least 1, not True"),
        (
            {"min_length": 50, "max_length": 40},
            "min_length 50 is more than max_length 40: no sentence could be kept",
        ),
    ],
)
def test_bad_bounds_are_refused(given: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError) as err:
        AttachmentEvaluator([], [], **given)
    assert str(err.value) == f"AttachmentEvaluator: {message}"


def test_min_above_max_on_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "no such file"
    for command in ("attach", "parseval", "score", "mph"):
        status, out, err = run(
            capsys, command, missing, missing, "--min-length", "50", "--max-length", "40"
        )
        assert (status, out) == (1, "")
        assert err == (
            "tedeval: error: --min-length 50 is more than --max-length 40: no sentence could "
            "be kept\n"
        )


def test_every_sentence_left_out_has_no_score(
    capsys: pytest.CaptureFixture[str], files: dict[str, Path]
) -> None:
    # Nothing to compare is N/A, never 1.0: every sentence has fewer than 42 words.
    data = run_json(
        capsys, "attach", files["gold.conllu"], files["parse.conllu"], "--min-length", "42"
    )
    uas = data["systems"][0]["scores"]["UAS"]
    assert uas["value"] is None and uas["reason"]
    assert data["counts"]["scored"] == 0 and data["counts"]["length_filtered"] == 4
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ev = AttachmentEvaluator(
            [r.tree for r in read_file(files["parse.conllu"])],
            [r.tree for r in read_file(files["gold.conllu"])],
            min_length=42,
        )
        assert ev.counts()["scored"] == 0


def test_conll18_systems_that_split_sentences_otherwise(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The CoNLL 2018 metrics align each system on its own: a system that joins the gold's
    # sentences of 3 and 5 words makes one unit of 8, which --max-length 7 leaves out for
    # that system alone; the report says so and each system lists its own.
    gold = tmp_path / "g.conllu"
    gold.write_text("".join(GOLD_CONLLU[:2]), encoding="utf-8")
    heads = [2, 3, 0, 5, 6, 7, 8, 3]
    joined = tmp_path / "joined.conllu"
    joined.write_text(
        conll_sentence(WORDS[0] + WORDS[1], heads, ["dep"] * 2 + ["root"] + ["dep"] * 5),
        encoding="utf-8",
    )
    data = run_json(capsys, "attach", gold, gold, joined, "--conll18", "--max-length", "7")
    same, other = data["systems"]
    assert same["details"]["length_filter"]["sentences"] == []
    assert [s["sentence"] for s in other["details"]["length_filter"]["sentences"]] == [1, 2]
    assert [s["length"] for s in other["details"]["length_filter"]["sentences"]] == [8, 8]
    assert data["counts"]["length_filtered"] == 0  # the counts are the first system's
    assert "split the gold into different units" in data["notes"][0]
    status, _, err = run(capsys, "attach", gold, gold, joined, "--conll18", "--max-length", "7")
    assert status == 0 and "note: the systems split the gold into different units" in err


def test_the_html_report_of_python_evaluators_counts_them(files: dict[str, Path]) -> None:
    from nltk_tedeval.cli.notebook import evaluator_report

    ev = AttachmentEvaluator(
        [r.tree for r in read_file(files["parse.conllu"])],
        [r.tree for r in read_file(files["gold.conllu"])],
        max_length=40,
    )
    data = evaluator_report(ev)
    jsonschema.validate(data, SCHEMA)
    assert data["length_filter"]["sentences"] == [
        {"sentence": 4, "id": None, "length": 41, "reason": "longer"}
    ]
    assert "<li>4 : 41 words (longer)</li>" in ev.html()


@pytest.mark.parametrize("mode", [(), ("--spmrl",)])
def test_evalbs_length_column_is_the_filters_length(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, mode: tuple[str, ...]
) -> None:
    # Brackets count, a trace does not: 4 words, the Len of EVALB's and evalb_spmrl's
    # tables (COLLINS.prm and spmrl.prm name -NONE- alone in DELETE_LABEL_FOR_LENGTH).
    path = tmp_path / "lrb.ptb"
    path.write_text(
        "(S (NP (-LRB- -LRB-) (NN a) (-RRB- -RRB-)) (VP (VB b)) (-NONE- *))\n", encoding="utf-8"
    )
    status, out, _ = run(capsys, "parseval", path, path, "--evalb", *mode)
    assert status == 0 and out.splitlines()[3].split()[:2] == ["1", "4"]
    kept = run_json(capsys, "parseval", path, path, *mode, "--max-length", "4")
    assert kept["counts"]["scored"] == 1
    left = run_json(capsys, "parseval", path, path, *mode, "--max-length", "3")
    assert left["length_filter"]["sentences"][0]["length"] == 4
