"""The cross-framework study of examples/study.py, on the outputs it ships.

Runs the evaluation part of the study (no training: no scikit-learn, no
matplotlib) on ``corpora_samples/study/`` and checks its numbers against
figures worked out another way: sentence and token counts read from the
files with plain string operations, the PCFG's coverage from the output
file's empty lines, each gold scored against itself, LAS and UAS from
nltk's own ``DependencyEvaluator``, and the shipped results table.

The shipped results (``examples/study_results.csv`` and ``.md``) are also
checked against a second computation of every number, in
``tests/study_reference.py``, which does not use nltk_tedeval's metric code:
EVALB's bracket counting (checked against EVALB's own counts), LAS, UAS and
NED counted from the CoNLL-U columns, TedEval from item sets built by
SPEC.md's conversion rules, and MPH with Collins' head rules written out
again. So a table regenerated after a bug fails here.
"""

from __future__ import annotations

import csv
import importlib.util
import math
import re
import sys
import tempfile
import warnings
from pathlib import Path
from types import ModuleType

import pytest
from nltk import Tree
from nltk.parse import DependencyEvaluator, DependencyGraph

from . import study_reference as reference

ROOT = Path(__file__).resolve().parent.parent
STUDY = ROOT / "corpora_samples" / "study"
OUTPUTS = STUDY / "outputs"
TEST_SENTENCES = 605  # 16 documents, SOURCE.md
TRAIN_SENTENCES = 505  # 13 documents
MAX_LENGTH = 20


def load(name: str) -> ModuleType:
    """An example script as a module (examples/ is not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "examples" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def study() -> ModuleType:
    return load("study")


@pytest.fixture(scope="module")
def gold(study):
    return study.read_corpus("test")


@pytest.fixture(scope="module")
def outputs(study, gold):
    return study.read_outputs(sentences=len(gold))


@pytest.fixture(scope="module")
def evaluation(study, gold, outputs):
    results, cover = study.run_evaluation(gold, outputs, rounds=200)
    return {r.name: r for r in results}, cover


# -- the files, read with string operations only ---------------------------------------


def conllu_sentences(path: Path) -> list[list[list[str]]]:
    """The word lines of every sentence, split into cells (no comments, no 1-2 ranges)."""
    sentences = []
    for block in path.read_text(encoding="utf-8").strip().split("\n\n"):
        rows = [line.split("\t") for line in block.split("\n") if not line.startswith("#")]
        sentences.append([r for r in rows if r[0].isdigit()])
    return sentences


def sentence_ids(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [
        line.split("=", 1)[1].strip() for line in text.split("\n") if line.startswith("# sent_id")
    ]


def pcfg_lines() -> list[str]:
    return (OUTPUTS / "pcfg.ptb").read_text(encoding="utf-8").split("\n")[:-1]


def test_sentence_counts() -> None:
    for part, count in (("test", TEST_SENTENCES), ("train", TRAIN_SENTENCES)):
        ptb = (STUDY / f"{part}.ptb").read_text(encoding="utf-8")
        assert sum(line.startswith("(ROOT") for line in ptb.split("\n")) == count
        assert len(sentence_ids(STUDY / f"{part}.conllu")) == count
        assert len(conllu_sentences(STUDY / f"{part}.conllu")) == count
    ids = sentence_ids(STUDY / "test.conllu")
    for name in ("arc-standard", "arc-eager"):
        assert sentence_ids(OUTPUTS / f"{name}.conllu") == ids
    assert len(pcfg_lines()) == TEST_SENTENCES


def test_split_is_by_document() -> None:
    def documents(part: str) -> set[str]:
        return {i.rsplit("-", 1)[0] for i in sentence_ids(STUDY / f"{part}.conllu")}

    train, test = documents("train"), documents("test")
    assert len(train) == 13 and len(test) == 16 and not train & test
    genres = [d.split("_")[1] for d in sorted(test)]
    assert {g: genres.count(g) for g in genres} == {"academic": 4, "bio": 4, "news": 4, "voyage": 4}


def test_trimmed_conllu_keeps_the_basic_trees() -> None:
    text = (STUDY / "test.conllu").read_text(encoding="utf-8")
    comments = {line.split("=")[0].strip() for line in text.split("\n") if line.startswith("#")}
    assert comments == {"# sent_id", "# text"}
    for sentence in conllu_sentences(STUDY / "test.conllu"):
        for cells in sentence:
            assert len(cells) == 10 and cells[8] == cells[9] == "_"
            assert cells[6].isdigit() and cells[7] != "_"


def test_trim_conllu() -> None:
    trim = load("study_data").trim_conllu
    lines = [
        "# newdoc id = d",
        "# sent_id = d-1",
        "# text = Don't.",
        "1-2\tDon't\t_\t_\t_\t_\t_\t_\t_\tSpaceAfter=No",
        "1\tDo\tdo\tAUX\tVBP\t_\t0\troot\t0:root\t_",
        "2\tn't\tnot\tPART\tRB\t_\t1\tadvmod\t1:advmod\tSpaceAfter=No",
        "2.1\tgo\tgo\tVERB\tVB\t_\t_\t_\t1:xcomp\t_",
        "3\t.\t.\tPUNCT\t.\t_\t1\tpunct\t1:punct\t_",
        "",
    ]
    assert trim(lines) == [
        "# sent_id = d-1",
        "# text = Don't.",
        "1-2\tDon't\t_\t_\t_\t_\t_\t_\t_\t_",
        "1\tDo\tdo\tAUX\tVBP\t_\t0\troot\t_\t_",
        "2\tn't\tnot\tPART\tRB\t_\t1\tadvmod\t_\t_",
        "3\t.\t.\tPUNCT\t.\t_\t1\tpunct\t_\t_",
        "",
    ]


# -- the outputs -----------------------------------------------------------------------


def test_pcfg_coverage_matches_the_files(evaluation) -> None:
    results, cover = evaluation
    lengths = [len(s) for s in conllu_sentences(STUDY / "test.conllu")]
    lines = pcfg_lines()
    parsed = [i for i, line in enumerate(lines) if line.strip()]
    assert all(lengths[i] <= MAX_LENGTH for i in parsed)
    too_long = sum(n > MAX_LENGTH for n in lengths)
    assert cover == {
        "test sentences": TEST_SENTENCES,
        "parsed": len(parsed),
        f"longer than {MAX_LENGTH} tokens (not parsed)": too_long,
        "no parse found": TEST_SENTENCES - len(parsed) - too_long,
    }
    assert results["parsed"].sentences == len(parsed)
    assert results["parsed"].tokens == sum(lengths[i] for i in parsed)
    assert results["all"].sentences == TEST_SENTENCES
    assert results["all"].tokens == sum(lengths)


def test_pcfg_parses_the_gold_tags() -> None:
    golds = (STUDY / "test.ptb").read_text(encoding="utf-8").split("\n(ROOT")
    golds = [Tree.fromstring(g if i == 0 else "(ROOT" + g) for i, g in enumerate(golds)]
    for line, gold in zip(pcfg_lines(), golds, strict=True):
        if line:
            assert Tree.fromstring(line).pos() == gold.pos()


def test_transition_parser_outputs_are_trees_over_the_gold_words() -> None:
    golds = conllu_sentences(STUDY / "test.conllu")
    for name in ("arc-standard", "arc-eager"):
        for parsed, gold in zip(conllu_sentences(OUTPUTS / f"{name}.conllu"), golds, strict=True):
            assert [c[1:5:3] for c in parsed] == [c[1:5:3] for c in gold]  # word, XPOS
            heads = [int(c[6]) for c in parsed]
            for token in range(1, len(heads) + 1):  # every token reaches the root
                seen, node = set(), token
                while node:
                    assert node not in seen
                    seen.add(node)
                    node = heads[node - 1]


def nltk_graphs(path: Path) -> list[DependencyGraph]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nltk warns about sentences with several roots
        return [
            DependencyGraph("\n".join("\t".join(c) for c in s), top_relation_label="root")
            for s in conllu_sentences(path)
        ]


@pytest.mark.parametrize("name", ["arc-standard", "arc-eager"])
def test_attachment_equals_nltk(evaluation, name: str) -> None:
    las, uas = DependencyEvaluator(
        nltk_graphs(OUTPUTS / f"{name}.conllu"), nltk_graphs(STUDY / "test.conllu")
    ).eval()
    scores = evaluation[0]["all"].scores[name]
    assert scores["attachment_l"] == pytest.approx(las, abs=1e-12)
    assert scores["attachment_u"] == pytest.approx(uas, abs=1e-12)


# -- the evaluation --------------------------------------------------------------------


@pytest.mark.parametrize("subset", ["parsed", "all"])
def test_each_gold_scores_one_against_itself(study, evaluation, subset: str) -> None:
    scores = evaluation[0][subset].scores
    ptb, ud = scores[study.PTB_GOLD], scores[study.UD_GOLD]
    for key in (
        "parseval_f1",
        "mph_f1",
        "single_ptb_u",
        "single_ptb_l",
        "multiple_u",
        "multiple_l",
    ):
        assert ptb[key] == 1.0, key
    for key in (
        "single_ud_u",
        "single_ud_l",
        "multiple_u",
        "multiple_l",
        "attachment_u",
        "attachment_l",
        "ned",
        "single_tl_l",
        "multiple_tl_l",
    ):
        assert ud[key] == 1.0, key


@pytest.mark.parametrize("subset", ["parsed", "all"])
def test_flat_tree_is_the_floor(study, evaluation, subset: str) -> None:
    scores = evaluation[0][subset].scores
    flat = scores[study.FLAT]
    # No phrase: no bracket to match, no function label to find.
    assert flat["parseval_f1"] == flat["mph_f1"] == flat["single_ptb_l"] == 0.0
    # Against the generalized gold, which has no label at all (the two golds
    # share none), a tree without labels has nothing to compare in labeled
    # mode: Σι = 0, N/A (SPEC.md §5), not the perfect score it used to get.
    assert math.isnan(flat["multiple_l"])
    for system in study.SYSTEMS:
        if study.FRAMEWORK[system] == "PTB":
            assert scores[system]["parseval_f1"] > 0 and scores[system]["single_ptb_u"] > 0
        assert scores[system]["mph_f1"] > 0


def test_labeled_multiple_is_label_precision_when_golds_share_no_label(
    study, gold, outputs, evaluation
) -> None:
    """GUM-PTB and GUM-UD share no label, so the generalized gold has none.

    Then δ = |p| − |p ∩ g| and ι = |p| (SPEC.md §5): labeled MULTIPLE is the
    precision of the parse's (label, span) items against its own gold.
    """
    from nltk_tedeval import to_mft

    result = evaluation[0]["parsed"]
    assert result.overlap["l"] == 0.0
    right = predicted = 0
    for tree, parse in zip(gold.ptb, outputs.pcfg, strict=True):
        if parse is not None:
            items = to_mft(parse).labeled_items()
            right += len(items & to_mft(tree).labeled_items())
            predicted += len(items)
    assert result.scores[study.PCFG_NAME]["multiple_l"] == pytest.approx(right / predicted)


def test_tl_unification_changes_labels_only(study, evaluation) -> None:
    for result in evaluation[0].values():
        for system, scores in result.scores.items():
            single = "single_ptb" if study.FRAMEWORK[system] == "PTB" else "single_ud"
            assert scores["single_tl_u"] == scores[f"{single}_u"]
            assert scores["multiple_tl_u"] == scores["multiple_u"]
            if study.FRAMEWORK[system] == "UD":
                assert scores["single_tl_l"] == scores["single_ud_l"]


def test_significance_tests(study, evaluation) -> None:
    tests = evaluation[0]["parsed"].tests
    pairs = {(t.measure, t.a, t.b) for t in tests}
    assert ("TedEval MULTIPLE U", study.PCFG_NAME, "arc-eager") in pairs
    assert ("TedEval SINGLE L", "arc-standard", "arc-eager") in pairs
    assert ("TedEval SINGLE L", study.PCFG_NAME, "arc-eager") not in pairs  # different golds
    assert all(1 / 201 <= t.p_value <= 1 for t in tests)


def test_the_study_prm_file_deletes_the_root_bracket(study) -> None:
    """corpora_samples/study/collins_root.prm, which docs/study.md gives `tedeval parseval`, holds
    the script's settings: COLLINS.prm's and ROOT deleted. Worked by hand on one
    sentence whose parse makes NP (0,1) of the gold's NP (0,2): with ROOT kept both sides
    have ROOT, S, NP and VP, three alike (3/4); with ROOT deleted, two of three (2/3)."""
    from nltk_tedeval.metrics.parseval import ParsevalEvaluator
    from nltk_tedeval.reading.evalb_params import EvalbParams

    params = EvalbParams.from_file(STUDY / "collins_root.prm")
    assert params == study.PARSEVAL_PARAMS
    gold = Tree.fromstring("(ROOT (S (NP (DT a) (NN b)) (VP (VB c))))")
    parse = Tree.fromstring("(ROOT (S (NP (DT a)) (NN b) (VP (VB c))))")
    for prm, share in ((EvalbParams.collins(), 3 / 4), (params, 2 / 3)):
        assert ParsevalEvaluator([parse], [gold], prm).eval() == pytest.approx((share,) * 3)


# A function tag in a bracketed tree: a category, a dash and a letter (NP-SBJ,
# PP-LOC); the brackets' own -LRB- and -RRB- start with the dash.
FUNCTION_TAG = re.compile(r"\([A-Z]+-[A-Z]")


def test_the_plot_leaves_out_sentences_with_nothing_to_compare(study, evaluation) -> None:
    """The middle panel of examples/study_scores.png, labeled SINGLE, worked out by hand.

    The flat tree has no labeled item. A sentence whose gold has k ≥ 1
    function tags scores 1 − k/(0 + k) = 0; one whose gold has none has
    nothing to compare (ι = 0) and no score, so it is not drawn: the flat
    tree's points are all 0, and its mean is 0 (it was about 0.25 when
    ι = 0 counted as 1). The PCFG's sentences without a score are those where
    neither its parse nor the gold has a function tag.
    """
    gold = (STUDY / "test.ptb").read_text(encoding="utf-8").strip().split("\n\n")
    parsed = [(g, p) for g, p in zip(gold, pcfg_lines(), strict=True) if p]
    with_tags = sum(bool(FUNCTION_TAG.search(g)) for g, _ in parsed)
    either = sum(bool(FUNCTION_TAG.search(g) or FUNCTION_TAG.search(p)) for g, p in parsed)
    assert (len(parsed), with_tags, either) == (269, 202, 206)
    drawn = study.plotted_scores(evaluation[0]["parsed"], "single_l")
    assert drawn[study.FLAT] == [0.0] * with_tags
    assert len(drawn[study.PCFG_NAME]) == either
    assert all(len(drawn[s]) == 269 for s in study.ALGORITHMS)  # every UD gold has relations


SHIPPED_RESULTS = [
    ROOT / "examples" / name
    for name in ("study_results.md", "study_results.csv", "study_scores.png")
]


def test_evaluate_only_leaves_the_shipped_results_alone(
    study, gold, outputs, evaluation, monkeypatch, tmp_path: Path, capsys
) -> None:
    """--evaluate-only writes to a new temporary directory and says which; the shipped
    results keep their bytes and their modification times."""
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in SHIPPED_RESULTS}
    results, cover = evaluation
    # The evaluation is the fixture's (the tests above check it): this test is about files.
    monkeypatch.setattr(study, "read_corpus", lambda part: gold)
    monkeypatch.setattr(study, "read_outputs", lambda *args, **kwargs: outputs)
    monkeypatch.setattr(study, "run_evaluation", lambda *args: (list(results.values()), cover))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    assert study.main(["--evaluate-only", "--rounds", "200"]) == 0
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in SHIPPED_RESULTS} == before
    (directory,) = tmp_path.iterdir()
    plotted = importlib.util.find_spec("matplotlib") is not None
    expected = {"study_results.md", "study_results.csv"} | (
        {"study_scores.png"} if plotted else set()
    )
    assert {p.name for p in directory.iterdir()} == expected
    assert f"to {directory}\n" in capsys.readouterr().out
    # Asked to, it writes where it is told.
    assert study.main(["--evaluate-only", "--results", str(tmp_path / "here"), "--no-plot"]) == 0
    assert {p.name for p in (tmp_path / "here").iterdir()} == {
        "study_results.md",
        "study_results.csv",
    }


def read_csv(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_shipped_results_match_the_outputs(study, evaluation, tmp_path: Path) -> None:
    study.write_csv(list(evaluation[0].values()), tmp_path / "results.csv")
    fresh = read_csv(tmp_path / "results.csv")
    shipped = read_csv(ROOT / "examples" / "study_results.csv")
    assert len(fresh) == 12  # two sentence sets, three parsers and three references
    assert fresh == shipped


# -- the shipped numbers against a second computation ------------------------------------
#
# tests/study_reference.py recomputes every number of the study from the files,
# without nltk_tedeval's metric code. examples/study_results.csv and .md are
# written by the code under test, so test_shipped_results_match_the_outputs
# alone would accept a table regenerated after a bug; the tests below would not.

Totals = dict[str, dict[str, dict[str, tuple[int, ...]]]]
ROW_KEYS = ("sentence_set", "sentences", "system", "framework")  # the rest are scores
# The columns of the Markdown tables: (key, paired). A paired column has a
# number on the U row (key_u) and on the L row (key_l); the others one
# number, on the U row.
MD_COLUMNS = (
    ("parseval_f1", False),
    ("mph_f1", False),
    ("single_ptb", True),
    ("multiple", True),
    ("single_ud", True),
    ("attachment", True),
    ("ned", False),
    ("single_tl", True),
    ("multiple_tl", True),
)


@pytest.fixture(scope="module")
def files() -> reference.StudyFiles:
    return reference.StudyFiles.read(STUDY)


@pytest.fixture(scope="module")
def sentence_table(files: reference.StudyFiles) -> list[dict[str, dict[str, tuple[int, ...]]]]:
    """Every test sentence's counts: [{system: {column: counts}}]."""
    return reference.sentence_counts(files)


@pytest.fixture(scope="module")
def independent(files: reference.StudyFiles, sentence_table) -> Totals:
    """The summed counts of both sentence sets: {set: {system: {column: counts}}}."""
    return {
        "parsed": reference.total(sentence_table, files.parsed()),
        "all": reference.total(sentence_table, range(len(sentence_table))),
    }


def formatted(
    totals: dict[str, tuple[int, ...]], column: str, digits: int, undefined: str = "nan"
) -> str | None:
    """A score as the study prints it; ``None`` where the metric does not apply,
    ``undefined`` where it applies but has nothing to compare (SPEC.md §5)."""
    if column not in totals:
        return None
    value = reference.score(column, totals[column])
    return undefined if value is None else f"{float(value):.{digits}f}"


def test_reference_reproduces_the_spec_examples() -> None:
    """The second computation, on SPEC.md §3.3, §4 and §5's worked examples."""
    tree = Tree.fromstring("(TOP (S (NP-SBJ (NNP John)) (VP (VBD saw) (NP (NNP Mary))) (. .)))")
    assert reference.ptb_mft(tree) == {
        (0, 1): {"SBJ"},
        (0, 4): set(),
        (1, 2): set(),
        (1, 3): set(),
        (2, 3): set(),
        (3, 4): set(),
    }

    def arrive(heads: list[int], rels: list[str]) -> reference.MFT:
        words = ("arrive", "on", "Sunday")
        return reference.ud_mft(
            [reference.Token(w, "_", h, r) for w, h, r in zip(words, heads, rels, strict=True)]
        )

    gold1 = arrive([0, 1, 2], ["root", "prep", "pobj"])
    gold2 = arrive([0, 3, 1], ["root", "case", "tmod"])
    parse = arrive([0, 1, 1], ["root", "prep", "pobj"])
    assert gold1 == {
        (0, 3): {"root"},
        (0, 1): {"hd"},
        (1, 3): {"prep"},
        (1, 2): {"hd"},
        (2, 3): {"pobj"},
    }
    e = reference.generalize(gold1, gold2)
    assert e == {(0, 3): {"root"}, (0, 1): {"hd"}, (1, 2): set(), (1, 3): set(), (2, 3): set()}
    # SPEC.md §5's table: (labeled δ, ι), (unlabeled δ, ι).
    for p, g, ref, expected in (
        (gold1, gold1, gold1, ((0, 10), (0, 8))),
        (gold1, gold2, gold2, ((6, 10), (0, 8))),
        (parse, gold1, gold1, ((3, 9), (1, 7))),
        (parse, gold1, e, ((1, 6), (1, 7))),
        (gold1, gold1, e, ((0, 7), (0, 8))),
        (gold2, gold2, e, ((0, 7), (0, 8))),
    ):
        assert reference.delta_iota(p, g, ref, 3, True) == expected[0]
        assert reference.delta_iota(p, g, ref, 3, False) == expected[1]


def test_reference_on_a_hand_worked_sentence(files: reference.StudyFiles, evaluation) -> None:
    """Test sentence 2, "Results from a nationally representative sample of adults", by hand.

    Tokens 0-7. GUM-PTB: (NP (NP Results) (PP from (NP (NP a (ADJP nationally
    representative) sample) (PP of (NP adults))))); the PCFG attaches "of
    adults" to the top NP instead: (NP (NP (NP Results) (PP from (NP a (ADJP ..)
    sample))) (PP of (NP adults))). GUM-UD: heads [0,6,6,5,6,1,8,6], relations
    root case det advmod amod nmod case nmod. arc-standard: heads
    [0,6,6,5,6,0,8,0], relations _ case det advmod amod _ case _ (three roots).

    ParsEval (ROOT deleted, preterminals not counted): gold NP08 NP01 PP18 NP28
    NP26 ADJP35 PP68 NP78, PCFG NP08 NP06 NP01 PP16 NP26 ADJP35 PP68 NP78: 6 of 8
    and 8.

    TedEval, unlabeled items (spans but (0,8)): PTB gold 13 (01 12 18 28 26 23 35
    34 45 56 68 67 78), PCFG 13 (06 16 in place of 18 28): SINGLE δ = 4, ι =
    26. No function tag anywhere, so labeled δ = ι = 0. UD gold: 11 (01 12 23
    34 35 45 18 56 67 68 78), all of them PTB spans too, so the reference of
    MULTIPLE is these 11 spans with no label. PCFG, MULTIPLE: p−e = {06 16 26},
    e−p = {18}, (p∩g)−e = {26}: δ = 3 + 1 − 1 = 3, ι = 13 + 11 = 24.
    arc-standard's spans: 01 12 23 34 35 45 16 56 67 68 78 (Results, sample and
    adults are roots, so no node over 08): SINGLE U δ = |{16}| + |{18}| = 2,
    ι = 22; MULTIPLE U the same (e has gold's spans). Labeled: gold 12 items
    (root08 hd01 case12 det23 advmod34 amod35 hd45 nmod18 hd56 case67 nmod68
    hd78), the parse 8, all in gold (no relation on its three roots): SINGLE L
    δ = 4, ι = 20; MULTIPLE L, with no label in e, δ = 8 − |p∩g| = 0, ι = 8.

    Attachment: heads right but on tokens 6 and 8 (UAS 6/8), relations right
    too but on token 1, whose relation is missing (LAS 5/8); NED also takes
    token 6, whose predicted head 0 is its gold grandparent (7/8).

    MPH, Collins' heads: in the gold, NP08 and NP01 are headed by Results (NP:
    the leftmost NP child), PP18 by from (PP: the rightmost IN), NP28 and NP26
    by sample, ADJP35 by representative, PP68 by of; the maximal projections
    (head not the parent's; no single token, not 08) are 18 28 35 68. PCFG: 16
    26 35 68, 2 of them right. arc-standard's projections longer than a token:
    35 16 68, 2 right.
    """
    row = reference.sentence_counts(
        reference.StudyFiles(
            files.ptb[1:2],
            files.ud[1:2],
            files.pcfg[1:2],
            {a: s[1:2] for a, s in files.dependency.items()},
        )
    )[0]
    pcfg, arc = row[reference.PCFG], row["arc-standard"]
    assert pcfg["parseval_f1"] == (6, 8, 8)
    assert (pcfg["single_ptb_u"], pcfg["single_ptb_l"]) == ((4, 26), (0, 0))
    assert (pcfg["multiple_u"], pcfg["multiple_l"]) == ((3, 24), (0, 0))
    assert (arc["single_ud_u"], arc["single_ud_l"]) == ((2, 22), (4, 20))
    assert (arc["multiple_u"], arc["multiple_l"]) == ((2, 22), (0, 8))
    assert (arc["attachment_u"], arc["attachment_l"], arc["ned"]) == ((6, 8), (5, 8), (7, 8))
    assert (pcfg["mph_f1"], arc["mph_f1"]) == ((2, 4, 4), (2, 4, 3))
    # The package's own sentence scores (1 − δ/ι) for the same sentence, the
    # second of the parsed set.
    sentence = evaluation[0]["parsed"].per_sentence
    assert sentence[reference.PCFG]["multiple_u"][1] == pytest.approx(1 - 3 / 24)
    assert sentence["arc-standard"]["multiple_u"][1] == pytest.approx(1 - 2 / 22)
    assert sentence["arc-standard"]["single_l"][1] == pytest.approx(1 - 4 / 20)
    assert math.isnan(sentence[reference.PCFG]["single_l"][1])  # ι = 0: nothing to compare


def test_parseval_counts_equal_real_evalb(files: reference.StudyFiles, independent: Totals) -> None:
    """The bracket counts of the second computation are those of EVALB itself.

    Counts printed by evalb.c (Sekine and Collins's EVALB, in its later release
    that also prints the F-measure; compiled with gcc) run as
    ``evalb -p PRM gold test`` on the study's files written one tree per line
    (the PCFG's missing parses as flat trees), with PRM = COLLINS.prm plus
    ``DELETE_LABEL ROOT`` as the study uses, then plain COLLINS.prm: the
    (matched, gold, test) of its summary line. For the flat trees, which have
    no bracket, EVALB prints no counts, only recall and precision 0.00 (and
    F-measure -nan, where the study reports 2·0/(gold + test) = 0).
    """
    assert independent["parsed"][reference.PCFG]["parseval_f1"] == (1739, 2340, 2331)
    assert independent["all"][reference.PCFG]["parseval_f1"] == (1739, 11034, 2331)
    assert independent["all"][reference.PTB_GOLD]["parseval_f1"] == (11034, 11034, 11034)
    assert independent["all"][reference.FLAT]["parseval_f1"] == (0, 11034, 0)
    # ROOT kept (COLLINS.prm as it is): docs/study.md's "raises the PCFG's F1 to 0.7710".
    parsed = files.parsed()
    keep_root = reference.EVALB_DELETE - {"ROOT"}
    counts = reference.evalb_counts(
        [files.pcfg[i] for i in parsed], [files.ptb[i] for i in parsed], keep_root
    )
    assert counts == (2008, 2609, 2600)
    assert f"{2 * 2008 / (2609 + 2600):.4f}" == "0.7710"


def test_shipped_csv_equals_the_second_computation(
    files: reference.StudyFiles, independent: Totals
) -> None:
    rows = read_csv(ROOT / "examples" / "study_results.csv")
    sizes = {"parsed": len(files.parsed()), "all": TEST_SENTENCES}
    assert [(r["sentence_set"], r["system"]) for r in rows] == [
        (subset, system) for subset in sizes for system in reference.SYSTEMS
    ]
    for row in rows:
        totals = independent[row["sentence_set"]][row["system"]]
        assert int(row["sentences"]) == sizes[row["sentence_set"]]
        scores = {k: v for k, v in row.items() if k not in ROW_KEYS}
        assert set(totals) <= set(scores)
        for column, shipped in scores.items():
            expected = formatted(totals, column, 6)
            assert shipped == ("" if expected is None else expected), (row["system"], column)


def markdown_section(text: str, heading: str) -> str:
    sections = [s for s in text.split("\n## ") if s.startswith(heading)]
    assert len(sections) == 1, heading
    return sections[0]


def test_shipped_markdown_equals_the_second_computation(
    files: reference.StudyFiles, independent: Totals
) -> None:
    text = (ROOT / "examples" / "study_results.md").read_text(encoding="utf-8")
    lengths = [len(t.leaves()) for t in files.ptb]
    parsed = len(files.parsed())
    too_long = sum(n > MAX_LENGTH for n in lengths)
    assert (
        f"PCFG coverage: test sentences: {TEST_SENTENCES}, parsed: {parsed}, longer than "
        f"{MAX_LENGTH} tokens (not parsed): {too_long}, no parse found: "
        f"{TEST_SENTENCES - parsed - too_long}.\n"
    ) in text
    for subset, heading, indices in (
        ("parsed", "Parsed: ", files.parsed()),
        ("all", "All: ", range(TEST_SENTENCES)),
    ):
        section = markdown_section(text, heading)
        tokens = sum(lengths[i] for i in indices)
        assert f"\n{len(indices)} sentences, {tokens} tokens.\n" in section
        rows = [line.split(" | ") for line in section.split("\n") if line.startswith("| ")]
        expected_rows = []
        for system in reference.SYSTEMS:
            totals = independent[subset][system]
            name = system if system in reference.PARSERS else f"*{system}*"
            for mode in ("U", "L"):
                cells = [name if mode == "U" else "", mode]
                for key, paired in MD_COLUMNS:
                    if paired or mode == "U":
                        column = f"{key}_{mode.lower()}" if paired else key
                        cells.append(formatted(totals, column, 4, "n/a") or "N/A")
                    else:
                        cells.append("")
                expected_rows.append(cells)
        table = [[cell.strip(" |") for cell in row] for row in rows[1 : 1 + len(expected_rows)]]
        assert table == expected_rows, subset
        overlap = {
            k: formatted(independent[subset]["overlap"], k, 4)
            for k in ("plain_u", "plain_l", "tl_u", "tl_l")
        }
        assert (
            f"(SINGLE, GUM-PTB against GUM-UD): U {overlap['plain_u']}, L {overlap['plain_l']}; "
            f"PTB ⊔tl UD against GUM-UD: U {overlap['tl_u']}, L {overlap['tl_l']}."
        ) in section


def test_fresh_evaluation_equals_the_second_computation(
    files: reference.StudyFiles, sentence_table, evaluation, independent: Totals
) -> None:
    """Beyond the printed digits: the scores as floats, which metrics apply to whom,
    and the sentence scores the plot shows, so that errors cannot cancel out in a sum.
    """
    for system, series in evaluation[0]["parsed"].per_sentence.items():
        single = "single_ptb_l" if system in reference.PTB_SYSTEMS else "single_ud_l"
        columns = {"multiple_u": "multiple_u", "multiple_tl_l": "multiple_tl_l", "single_l": single}
        assert set(series) == set(columns)
        for key, column in columns.items():
            expected = []
            for i in files.parsed():
                delta, iota = sentence_table[i][system][column]
                expected.append(1 - delta / iota if iota else math.nan)
            assert series[key] == pytest.approx(expected, abs=1e-12, nan_ok=True), (system, key)
    for subset, result in evaluation[0].items():
        for system, scores in result.scores.items():
            totals = independent[subset][system]
            assert set(scores) == set(totals), system
            for column, value in scores.items():
                exact = reference.score(column, totals[column])
                expected = math.nan if exact is None else float(exact)
                assert value == pytest.approx(expected, abs=1e-12, nan_ok=True), (
                    subset,
                    system,
                    column,
                )
        overlap = {
            f"{prefix}{mode}": float(
                reference.score(f"{name}_{mode}", independent[subset]["overlap"][f"{name}_{mode}"])
            )
            for prefix, name in (("", "plain"), ("tl_", "tl"))
            for mode in "ul"
        }
        assert result.overlap == pytest.approx(overlap, abs=1e-12)
