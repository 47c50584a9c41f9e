"""The cross-framework study of examples/study.py, on the outputs it ships.

Runs the evaluation part of the study (no training: no scikit-learn, no
matplotlib) on ``corpora_samples/study/`` and checks its numbers against
figures worked out another way: sentence and token counts read from the
files with plain string operations, the PCFG's coverage from the output
file's empty lines, each gold scored against itself, LAS and UAS from
nltk's own ``DependencyEvaluator``, and the shipped results table.
"""

from __future__ import annotations

import csv
import importlib.util
import sys
import warnings
from pathlib import Path
from types import ModuleType

import pytest
from nltk import Tree
from nltk.parse import DependencyEvaluator, DependencyGraph

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
    # share none), a tree without labels has nothing wrong in labeled mode.
    assert flat["multiple_l"] == 1.0
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


def read_csv(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_shipped_results_match_the_outputs(study, evaluation, tmp_path: Path) -> None:
    study.write_csv(list(evaluation[0].values()), tmp_path / "results.csv")
    fresh = read_csv(tmp_path / "results.csv")
    shipped = read_csv(ROOT / "examples" / "study_results.csv")
    assert len(fresh) == 12  # two sentence sets, three parsers and three references
    assert fresh == shipped
