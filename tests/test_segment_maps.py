"""Token-to-segment maps (``--gold-segments``, ``--parse-segments``, ``with_segments``):
trees whose words are segments aligned to the surface text (issue 41 item 1; SPEC.md
§11, "Token-to-segment maps").

The worked example is SPEC's: a Hebrew-like gold over the morphemes ב ה בית of the
surface token בבית, against a parse over the surface token; its figures are worked by
hand there and asserted here. A map that groups the gold's own words, given to trees
over the same words, leaves every figure as it is without alignment.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from nltk import Tree

from nltk_tedeval import ParsevalEvaluator, TedEvalEvaluator, read_segments, with_segments
from nltk_tedeval.cli import main
from nltk_tedeval.errors import AlignmentError, InputFormatError
from nltk_tedeval.reading import read_file
from nltk_tedeval.trees.kinds import text_tokens

ROOT = Path(__file__).resolve().parent.parent
STUDY = ROOT / "corpora_samples" / "study"

GOLD = "(S (NP-SBJ (PRP הוא)) (VP (VB ישב) (PP-LOC (IN ב) (NP (DT ה) (NN בית)))))\n"
PARSE = "(S (NP-SBJ (PRP הוא)) (VP (VB ישב) (PP-LOC (NN בבית))))\n"
MAP = "הוא\tהוא\nישב\tישב\nבבית\tב:ה:בית\n\n"  # TedEval's -sg format
ROW = "{}\t{}\t_\t_\t_\t_\t{}\t{}\t_\t_\n"
# The same surface tokens as CoNLL-U range lines over the same words.
CONLLU = "".join(
    ROW.format(*r)
    for r in [
        (1, "הוא", 2, "nsubj"), (2, "ישב", 0, "root"), ("3-5", "בבית", "_", "_"),
        (3, "ב", 5, "case"), (4, "ה", 5, "det"), (5, "בית", 2, "obl"),
    ]
) + "\n"  # fmt: skip


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    out = {}
    for name, text in {
        "gold.ptb": GOLD,
        "parse.ptb": PARSE,
        "gold.seg": MAP,
        "gold.conllu": CONLLU,
        # The gold's dependency tree over the morphemes, without its range line.
        "gold.conllx": "".join(line + "\n" for line in CONLLU.split("\n")[:-2] if "3-5" not in line)
        + "\n",
        "parse.conllu": ROW.format(1, "הוא", 2, "nsubj")
        + ROW.format(2, "ישב", 0, "root")
        + ROW.format(3, "בבית", 2, "obl")
        + "\n",
    }.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        out[name] = str(tmp_path / name)
    return out


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    status = main([*argv, "--json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    return json.loads(out)


def error_of(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1, err  # one line
    return err


# -- the worked example (SPEC.md §11) -------------------------------------------------------


def test_tedeval_on_the_worked_example(capsys: pytest.CaptureFixture[str], files) -> None:
    # Atoms הוא | ישב | ב | ה | בית; the parse's בבית covers ב ה בית. Labeled: SBJ(0,1)
    # and LOC(2,5) on both sides, δ/ι = 0/4. Unlabeled: the gold's 8 spans below the
    # root, the parse's 4; (2,3), (3,5), (3,4) and (4,5) must be added: δ/ι = 4/12.
    report = run_json(
        capsys, "score", "--align", "--gold-segments", files["gold.seg"],
        files["gold.ptb"], files["parse.ptb"],
    )  # fmt: skip
    scores = report["systems"][0]["scores"]
    assert scores["labeled"]["totals"] == {"delta_labeled": 0, "iota_labeled": 4}
    assert scores["unlabeled"]["totals"] == {"delta_unlabeled": 4, "iota_unlabeled": 12}
    assert scores["unlabeled"]["value"] == pytest.approx(1 - 4 / 12)
    assert report["alignment"]["segments"] == {"gold": files["gold.seg"]}
    assert "|align:exact:esc+ws=all|segments:gold|missing:skip|" in (
        scores["labeled"]["signature"]
    )
    assert report["notes"][-1] == (
        f"surface tokens from token-to-segment maps: {files['gold.seg']} for gold"
    )


def test_parseval_on_the_worked_example(capsys: pytest.CaptureFixture[str], files) -> None:
    # Positions הוא | ישב | בבית. Gold S(0,3) NP(0,1) VP(1,3) PP(2,3) NP(2,3), parse
    # S(0,3) NP(0,1) VP(1,3) PP(2,3): 4 matched of 5 gold and 4 test brackets; 5 gold
    # words, 2 tags right (הוא and ישב; בבית has no single gold partner).
    report = run_json(
        capsys, "parseval", "--align", "--gold-segments", files["gold.seg"],
        files["gold.ptb"], files["parse.ptb"],
    )  # fmt: skip
    scores = report["systems"][0]["scores"]
    assert scores["R"]["totals"] == {"gold": 5, "matched": 4, "test": 4}
    assert (scores["R"]["value"], scores["P"]["value"]) == (pytest.approx(0.8), 1.0)
    assert scores["TAGGING_ACCURACY"]["totals"] == {"correct_tags": 2, "words": 5}


def test_the_python_api_gives_the_same_statistics(files) -> None:
    gold = [Tree.fromstring(GOLD)]
    parse = [Tree.fromstring(PARSE)]
    segmented = list(with_segments(gold, read_segments(MAP.splitlines())))
    assert segmented[0].multiword == ((2, 5, "בבית"),)
    ted = TedEvalEvaluator(parse, segmented, align=True)
    columns = ["delta_labeled", "iota_labeled", "delta_unlabeled", "iota_unlabeled"]
    assert ted.stats.sums(columns) == [0, 4, 4, 12]
    records = list(with_segments(read_file(files["gold.ptb"]), files["gold.seg"]))
    ev = ParsevalEvaluator(parse, records, align=True)
    assert ev.stats.sums(["matched", "gold", "test"]) == [4, 5, 4]
    # Without the map, the morphemes spell another text than the surface tokens.
    with pytest.raises(AlignmentError, match="the texts differ"):
        TedEvalEvaluator(parse, gold, align=True).eval()


def test_a_conllu_file_gives_the_same_surface_tokens(
    capsys: pytest.CaptureFixture[str], files
) -> None:
    report = run_json(
        capsys, "score", "--align", "--gold-segments", files["gold.conllu"],
        files["gold.ptb"], files["parse.ptb"],
    )  # fmt: skip
    assert report["systems"][0]["scores"]["unlabeled"]["totals"]["delta_unlabeled"] == 4
    (seg,) = read_segments(files["gold.conllu"])
    assert seg.multiword() == ((2, 5, "בבית"),) and seg.lines == (1, 2, 3)


def test_under_lcs_the_map_leaves_no_character_unmatched(
    capsys: pytest.CaptureFixture[str], files
) -> None:
    # Without the map the gold's ה is a character the surface text lacks.
    plain = ["score", "--align", "lcs", files["gold.ptb"], files["parse.ptb"]]
    assert run_json(capsys, *plain)["alignment"]["unmatched"] == {"gold": 1, "parse": 0}
    mapped = run_json(capsys, *plain, "--gold-segments", files["gold.seg"])
    assert mapped["alignment"]["unmatched"] == {"gold": 0, "parse": 0}
    assert mapped["systems"][0]["scores"]["unlabeled"]["totals"]["delta_unlabeled"] == 4


def test_a_conllx_tree_over_morphemes_with_a_map_is_the_conllu_tree_with_ranges(
    capsys: pytest.CaptureFixture[str], files
) -> None:
    # הוא and ישב aligned and right; בבית and ב ה בית share no form (the script's LCS):
    # UAS precision 2/3, recall 2/5, F1 4/8.
    mapped = run_json(
        capsys, "attach", "--align", "--gold-segments", files["gold.seg"],
        files["gold.conllx"], files["parse.conllu"],
    )  # fmt: skip
    ranged = run_json(capsys, "attach", "--align", files["gold.conllu"], files["parse.conllu"])
    uas = mapped["systems"][0]["scores"]
    assert uas["UAS_P"]["value"] == pytest.approx(2 / 3)
    assert uas["UAS_R"]["value"] == pytest.approx(2 / 5)
    assert uas["UAS"]["value"] == pytest.approx(0.5)
    # The same figures as the CoNLL-U gold with range lines; only the signature says a
    # map gave the gold's tokens.
    ranged_scores = ranged["systems"][0]["scores"]
    for name, score in uas.items():
        signature = score.pop("signature")
        assert signature == ranged_scores[name].pop("signature").replace(
            "|align:exact:esc+ws=all|", "|align:exact:esc+ws=all|segments:gold|"
        )
    assert uas == ranged_scores


def test_an_other_gold_takes_a_map_of_its_own(capsys: pytest.CaptureFixture[str], files) -> None:
    # MULTIPLE against the gold and the same gold again is the gold's own figure (the
    # generalization of a tree with itself is the tree): the worked example's δ/ι.
    argv = ["score", "--align", files["gold.ptb"], files["parse.ptb"],
            "--gold-segments", files["gold.seg"], "--other-gold", files["gold.ptb"]]  # fmt: skip
    report = run_json(capsys, *argv, "--other-gold-segments", files["gold.seg"])
    scores = report["systems"][0]["scores"]
    assert scores["labeled"]["totals"] == {"delta_labeled": 0, "iota_labeled": 4}
    assert scores["unlabeled"]["totals"] == {"delta_unlabeled": 4, "iota_unlabeled": 12}
    assert "|segments:gold|" in scores["labeled"]["signature"]
    assert report["alignment"]["segments"] == {
        "gold": files["gold.seg"],
        "other gold 1": files["gold.seg"],
    }
    # (Its words are the gold's: without a map it takes the gold's tokens, as a parse
    # with the gold's words does.)
    report = run_json(capsys, *argv, "--other-gold-segments", "-")
    assert report["systems"][0]["scores"]["unlabeled"]["totals"]["iota_unlabeled"] == 12
    err = error_of(capsys, *argv, "--other-gold-segments", files["gold.seg"],
                   "--other-gold-segments", files["gold.seg"])  # fmt: skip
    assert "--other-gold-segments is given 2 times for 1 --other-gold file:" in err
    # A gold over the surface tokens and an other gold over the morphemes: without its
    # map the other gold spells ה, which the text has not.
    surface = ["score", "--align", files["parse.conllu"], files["parse.conllu"],
               "--other-gold", files["gold.ptb"]]  # fmt: skip
    assert main(surface) == 1
    err = capsys.readouterr().err
    assert "the texts differ" in err and "the other gold token 4 ('ה')" in err
    # With it the two golds align, and a parse equal to the gold is perfect against
    # their generalization (which the gold contains): δ = 0; a map of the other gold
    # alone marks the signature, MULTIPLE reading every gold.
    report = run_json(capsys, *surface, "--other-gold-segments", files["gold.seg"])
    scores = report["systems"][0]["scores"]
    assert scores["labeled"]["totals"]["delta_labeled"] == 0
    assert scores["unlabeled"]["totals"]["delta_unlabeled"] == 0
    assert "|segments:gold|" in scores["labeled"]["signature"]


def test_cross_takes_a_map_per_experiment(capsys: pytest.CaptureFixture[str], files) -> None:
    report = run_json(
        capsys, "cross", "--align", "-e", f"ptb={files['gold.ptb']},{files['parse.ptb']}",
        "-e", f"ud={files['gold.conllu']},{files['gold.conllu']}",
        "--gold-segments", f"ptb={files['gold.seg']}",
    )  # fmt: skip
    ptb = next(s for s in report["systems"] if s["name"] == "ptb")
    totals = ptb["scores"]["single unlabeled"]["totals"]
    assert totals == {"delta_unlabeled": 4, "iota_unlabeled": 12}
    # The signatures name the maps: ptb's gold had one, ud's had none (but MULTIPLE
    # reads every gold, ptb's among them).
    ud = next(s for s in report["systems"] if s["name"] == "ud")
    assert "|segments:gold|" in ptb["scores"]["single unlabeled"]["signature"]
    assert "segments:" not in ud["scores"]["single unlabeled"]["signature"]
    assert "|segments:gold|" in ud["scores"]["multiple unlabeled"]["signature"]
    assert report["notes"][-1] == (
        f"surface tokens from token-to-segment maps: {files['gold.seg']} for ptb gold"
    )


# -- a map of the trees' own segmentation changes nothing ----------------------------------


def own_map(path: Path, tmp_path: Path, name: str) -> str:
    """A map of the file's own words, each clitic (``n't``, ``'s``) joined to the word before
    it as one surface token; a tree without words gets an empty sentence."""
    blocks = []
    for record in read_file(path, one_per_line=None):
        words = text_tokens(record.tree) if record.tree is not None else ()
        tokens: list[list[str]] = []
        for w in words or ():
            if tokens and (w.startswith("'") or w == "n't"):
                tokens[-1].append(w)
            else:
                tokens.append([w])
        blocks.append("".join(f"{''.join(t)}\t{':'.join(t)}\n" for t in tokens) + "\n")
    out = tmp_path / name
    out.write_text("".join(blocks), encoding="utf-8")
    return str(out)


def scores_of(report: dict) -> list[dict]:
    return [s["scores"] for s in report["systems"]]


@pytest.mark.parametrize(
    ("command", "gold", "parse"),
    [
        ("score", "test.ptb", "outputs/pcfg.ptb"),
        ("parseval", "test.ptb", "outputs/pcfg.ptb"),
        ("attach", "test.conllu", "outputs/arc-eager.conllu"),
    ],
)
@pytest.mark.parametrize("mode", ["exact", "lcs"])
def test_the_trees_own_segmentation_gives_the_unaligned_figures(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, gold: str, parse: str,
    mode: str,
) -> None:  # fmt: skip
    # The PCFG has no parse for 336 of the 605 sentences: every map sentence of a missing
    # parse is passed over, and the gold's text around them still aligns.
    gold_path, parse_path = STUDY / gold, STUDY / parse
    if command == "attach":
        # The gold's own multiword tokens (GUM's "don't", 78 of them) as the map, a
        # CoNLL-U file; the tree without them.
        gold_map = str(gold_path)
        lines = gold_path.read_text(encoding="utf-8").splitlines(keepends=True)
        gold_path = tmp_path / "gold.conllu"
        gold_path.write_text("".join(x for x in lines if not x.split("\t")[0].count("-")))
        assert "\n3-4\t" in Path(gold_map).read_text() and "\n3-4\t" not in gold_path.read_text()
    else:
        gold_map = own_map(gold_path, tmp_path, "gold.seg")
        text = Path(gold_map).read_text(encoding="utf-8")  # (the study's tokens: 's, no n't)
        assert "\n's\t" not in text and "Norton's\tNorton:'s\n" in text
    parse_map = own_map(parse_path, tmp_path, "parse.seg")
    files = [str(gold_path), str(parse_path)]
    for missing in ("skip", "zero"):
        (plain,) = scores_of(run_json(capsys, command, *files, "--missing", missing))
        align = [f"--align={mode}", "--missing", missing]
        (unmapped,) = scores_of(run_json(capsys, command, *files, *align))
        both = ["--gold-segments", gold_map, "--parse-segments", parse_map]
        for maps in [both] if missing == "skip" else [both, ["--parse-segments", parse_map]]:
            (mapped,) = scores_of(run_json(capsys, command, *files, *align, *maps))
            # The same figures; the signature names the sides the maps gave (SPEC.md §11).
            sides = "gold+parse" if maps is both else "parse"
            for score in mapped.values():
                assert f"|segments:{sides}|" in score.pop("signature"), (missing, maps)
            for score in unmapped.values():
                assert "segments:" not in score["signature"]
            assert mapped == {
                name: {k: v for k, v in score.items() if k != "signature"}
                for name, score in unmapped.items()
            }, (missing, maps)
            # Every figure of the run without alignment (attachment adds its precision and
            # recall under alignment, which equal the figure here).
            values = {name: score["value"] for name, score in mapped.items()}
            assert {name: score["value"] for name, score in plain.items()} == {
                name: values[name] for name in plain
            }, (missing, maps)
            if command != "attach":  # (whose totals count gold and parse words apart)
                assert [s["totals"] for s in plain.values()] == [
                    s["totals"] for s in mapped.values()
                ]


# -- errors ------------------------------------------------------------------------------------


def write(tmp_path: Path, name: str, text: str) -> str:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return str(tmp_path / name)


def test_a_map_needs_align(capsys: pytest.CaptureFixture[str], files) -> None:
    err = error_of(capsys, "score", "--gold-segments", files["gold.seg"], files["gold.ptb"],
                   files["parse.ptb"])  # fmt: skip
    assert err == (
        "tedeval: error: --gold-segments gives the surface tokens that alignment spells the "
        "text by: give --align (or --align lcs) with it\n"
    )
    err = error_of(capsys, "attach", "--conll18", "--parse-segments", files["gold.seg"],
                   files["gold.conllu"], files["gold.conllu"])  # fmt: skip
    assert "--conll18 computes the CoNLL 2018 script's metrics" in err
    assert "--parse-segments would change or extend them" in err


def test_more_maps_than_files_are_refused(capsys: pytest.CaptureFixture[str], files) -> None:
    seg, gold, parse = files["gold.seg"], files["gold.ptb"], files["parse.ptb"]
    err = error_of(capsys, "score", "--align", "--gold-segments", seg, "--gold-segments", seg,
                   gold, parse)  # fmt: skip
    assert err == (
        f"tedeval: error: --gold-segments is given 2 times; the gold {gold} takes one map\n"
    )
    err = error_of(capsys, "score", "--align", "--parse-segments", "-", "--parse-segments", seg,
                   gold, parse)  # fmt: skip
    assert "--parse-segments is given 2 times for 1 parse file: give one per parse file" in err
    err = error_of(capsys, "cross", "--align", "-e", f"a={gold},{parse}", "-e", f"b={gold},{parse}",
                   "--gold-segments", f"c={seg}")  # fmt: skip
    assert "--gold-segments c=" in err and "names no experiment 'c'" in err


def test_a_dash_keeps_a_parse_without_a_map(capsys: pytest.CaptureFixture[str], files) -> None:
    # Two parses, the first over the surface tokens (no map), the second the gold itself.
    report = run_json(
        capsys, "score", "--align", "--gold-segments", files["gold.seg"],
        "--parse-segments", "-", "--parse-segments", files["gold.seg"],
        files["gold.ptb"], files["parse.ptb"], f"self={files['gold.ptb']}",
    )  # fmt: skip
    first, second = report["systems"]
    assert first["scores"]["unlabeled"]["totals"]["delta_unlabeled"] == 4
    assert second["scores"]["unlabeled"]["totals"]["delta_unlabeled"] == 0
    assert report["alignment"]["segments"] == {"gold": files["gold.seg"], "self": files["gold.seg"]}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "הוא\tהוא\nישב\nבבית\tב:ה:בית\n",
            "{m}:2: sentence 1: 'ישב' is no line of a token-to-segment map: it takes the "
            "surface token, a tab and its segments joined by ':' (TedEval's -sg/-sp files), "
            "or give a CoNLL-U file",
        ),
        (
            "הוא\tהוא\nישב\tישב\nבבית\tב::בית\n",
            "{m}:3: sentence 1: token 'בבית' has an empty segment in 'ב::בית' "
            "(segments are joined by ':', one ':' between two)",
        ),
        (
            "הוא\tהוא\nישב\tישב\nבבית\tב:בית\n",
            "{m}:3: sentence 1: token 'בבית' has the segments 'ב בית', but the "
            "tree's words 3-4 are 'ב ה' ({g}:1, sentence 1): the map's segments must be the "
            "tree's words, in order",
        ),
        (
            "הוא\tהוא\nישב\tישב\nבבית\tב:ה:בית\nעכשיו\tעכשיו\n",
            "{m}:4: sentence 1: token 'עכשיו' has the segments 'עכשיו', but the tree's text "
            "has 5 words ({g}:1, sentence 1): the map's segments must be the tree's words, in "
            "order",
        ),
        (
            "הוא\tהוא\nישב\tישב\n",
            "{m}:1: sentence 1: the map's sentence has 2 segments, the tree's text 5 words "
            "({g}:1, sentence 1; its words from 3: 'ב ה בית')",
        ),
        (
            MAP + "x\tx\n",
            "{m}:5: sentence 2: the token-to-segment map has more sentences than the 1 tree it "
            "is for: sentence 2 has no tree",
        ),
        (
            CONLLU.replace("3-5\t", "3-6\t"),
            "{m}:3: sentence 1: multiword token 3-6 ('בבית') goes past the sentence's last word, 5",
        ),
        (
            CONLLU.replace("3\tב\t", ROW.format("2-3", "x", "_", "_") + "3\tב\t"),
            "{m}:4: sentence 1: multiword token 2-3 ('x') must come just before "
            "its first word and end at or after it: here the next word is 3",
        ),
    ],
)
def test_a_bad_map_is_one_line_naming_file_line_and_token(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, files, text: str, message: str
) -> None:
    bad = write(tmp_path, "bad.seg", text)
    err = error_of(capsys, "score", "--align", "--gold-segments", bad, files["gold.ptb"],
                   files["parse.ptb"])  # fmt: skip
    assert err == "tedeval: error: " + message.format(m=bad, g=files["gold.ptb"]) + "\n"


def test_a_map_that_ends_before_the_trees(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                          files) -> None:  # fmt: skip
    gold = write(tmp_path, "two.ptb", GOLD * 2)
    parse = write(tmp_path, "two_parse.ptb", PARSE * 2)
    err = error_of(capsys, "score", "--align", "--gold-segments", files["gold.seg"], gold, parse)
    assert err == (
        f"tedeval: error: {gold}:2: sentence 2: the token-to-segment map ends after 1 "
        "sentence, and the trees go on\n"
    )


def test_a_tree_with_its_own_multiword_tokens_takes_no_map(
    capsys: pytest.CaptureFixture[str], files
) -> None:
    err = error_of(capsys, "attach", "--align", "--gold-segments", files["gold.seg"],
                   files["gold.conllu"], files["parse.conllu"])  # fmt: skip
    assert err == (
        f"tedeval: error: {files['gold.conllu']}:1: sentence 1: the tree has multiword tokens "
        "of its own (CoNLL-U range lines); a token-to-segment map is for trees without them\n"
    )


def test_a_missing_parse_takes_its_map_sentence(tmp_path: Path) -> None:
    # An empty line of EVALB's layout: its map sentence is passed over, unchecked.
    parse = write(tmp_path, "p.ptb", "\n" + PARSE)
    maps = write(tmp_path, "p.seg", "x\tx:y\n\nהוא\tהוא\nישב\tישב\nבבית\tבבית\n")
    records = list(with_segments(read_file(parse, one_per_line=True), maps))
    assert [r.tree is None for r in records] == [True, False]
    assert [r.multiword for r in records] == [(), ()]  # the surface token is its word
    with pytest.raises(InputFormatError, match="has the segments 'ב ה בית'"):
        list(with_segments(read_file(parse, one_per_line=True), write(tmp_path, "q.seg", MAP * 2)))
