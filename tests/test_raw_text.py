"""The raw-text example (examples/raw_text.py), on the outputs it ships.

Its outputs are nltk's parsers run on the raw text of the GUM test
documents, in three conditions. The checks here work their figures out
another way than the aligned evaluators do: the texts with plain string
operations, the gold-token condition with the unaligned evaluators (equal
tokens must give the unaligned numbers), and attachment under nltk's
tokenization by pairing tokens through their character offsets directly.
The shipped results table must equal a fresh evaluation.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from nltk_tedeval import AttachmentEvaluator, ParsevalEvaluator, TedEvalEvaluator, read_file
from nltk_tedeval.metrics.attachment import is_punctuation

ROOT = Path(__file__).resolve().parent.parent
STUDY = ROOT / "corpora_samples" / "study"
RAW = ROOT / "corpora_samples" / "raw_text"
CONDITIONS = ("gold-tokens", "nltk-tokens", "nltk-pipeline")


@pytest.fixture(scope="module")
def example() -> ModuleType:
    sys.path.insert(0, str(ROOT / "examples"))
    try:
        spec = importlib.util.spec_from_file_location("raw_text", ROOT / "examples" / "raw_text.py")
        module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
        spec.loader.exec_module(module)  # type: ignore[union-attr]
        return module
    finally:
        sys.path.remove(str(ROOT / "examples"))


def _conllu_sentences(path: Path) -> list[list[list[str]]]:
    """Token rows of each sentence of a CoNLL-U file, by plain string splitting."""
    out: list[list[list[str]]] = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        rows = [line.split("\t") for line in block.splitlines() if line and line[0].isdigit()]
        rows = [r for r in rows if r[0].isdigit()]  # no ranges, no empty nodes
        if rows:
            out.append(rows)
    return out


def _text(sentences: list[list[list[str]]]) -> str:
    return "".join(r[1] for s in sentences for r in s).replace(" ", "")


@pytest.mark.parametrize("condition", CONDITIONS)
@pytest.mark.parametrize("system", ["arc-standard", "arc-eager"])
def test_outputs_spell_the_gold_text(condition: str, system: str) -> None:
    gold = _conllu_sentences(STUDY / "test.conllu")
    out = _conllu_sentences(RAW / condition / f"{system}.conllu")
    assert _text(out) == _text(gold)
    expected = {"gold-tokens": 605, "nltk-tokens": 605}.get(condition)
    if expected is not None:
        assert len(out) == expected
    else:
        # Punkt's sentences, as run.json records them, fewer than the treebank's.
        assert len(out) < 605
    if condition == "gold-tokens":
        assert [[r[1] for r in s] for s in out] == [[r[1] for r in s] for s in gold]


@pytest.mark.parametrize("condition", CONDITIONS)
def test_the_pcfg_output_has_a_tree_per_sentence_of_its_condition(condition: str) -> None:
    lines = (RAW / condition / "pcfg.ptb").read_text(encoding="utf-8").splitlines()
    conllu = _conllu_sentences(RAW / condition / "arc-eager.conllu")
    assert len(lines) == len(conllu)
    assert all(line.startswith("(ROOT ") for line in lines)


def test_gold_tokens_give_the_unaligned_numbers() -> None:
    gold_ud = [r.tree for r in read_file(STUDY / "test.conllu")]
    parses = [r.tree for r in read_file(RAW / "gold-tokens" / "arc-eager.conllu")]
    aligned = AttachmentEvaluator(parses, gold_ud, align=True, punct="exclude")
    plain = AttachmentEvaluator(parses, gold_ud, punct="exclude")
    for m in ("LAS", "UAS"):
        assert float(aligned.score(m)) == pytest.approx(float(plain.score(m)))
    ted = TedEvalEvaluator(parses, gold_ud, align=True, projectivize=True).eval()
    assert ted == TedEvalEvaluator(parses, gold_ud, projectivize=True).eval()
    gold_ptb = [r.tree for r in read_file(STUDY / "test.ptb")]
    pcfg = [r.tree for r in read_file(RAW / "gold-tokens" / "pcfg.ptb", one_per_line=True)]
    assert ParsevalEvaluator(pcfg, gold_ptb, align=True).eval() == pytest.approx(
        ParsevalEvaluator(pcfg, gold_ptb).eval()
    )


def _spans(rows: list[list[str]], at: int) -> list[tuple[int, int]]:
    out = []
    for r in rows:
        n = len(r[1].replace(" ", ""))
        out.append((at, at + n))
        at += n
    return out


def test_attachment_under_nltk_tokens_pairs_tokens_by_their_characters() -> None:
    # A gold word and a parse word are aligned when they spell the same
    # characters of the text (SPEC.md §11); LAS counts aligned, non-punctuation
    # words whose head is the aligned gold head (or both the root) and whose
    # relation is the gold's. Precision over the parse's words, recall over the gold's.
    gold = _conllu_sentences(STUDY / "test.conllu")
    parse = _conllu_sentences(RAW / "nltk-tokens" / "arc-eager.conllu")
    right = gold_n = parse_n = 0
    for g, p in zip(gold, parse, strict=True):  # the same sentences in this condition
        gs, ps = _spans(g, 0), _spans(p, 0)
        g_index = {span: k for k, span in enumerate(gs)}
        p_to_g = {k: g_index.get(span) for k, span in enumerate(ps)}
        gold_n += sum(not is_punctuation(r[1]) for r in g)
        parse_n += sum(not is_punctuation(r[1]) for r in p)
        for k, row in enumerate(p):
            j = p_to_g[k]
            if j is None or is_punctuation(row[1]):
                continue
            head = int(row[6])
            gold_head = int(g[j][6])
            same_head = (head == 0 and gold_head == 0) or (
                head > 0 and p_to_g[head - 1] is not None and p_to_g[head - 1] + 1 == gold_head
            )
            right += same_head and row[7] == g[j][7]
    precision, recall = right / parse_n, right / gold_n
    f1 = 2 * precision * recall / (precision + recall)
    ev = AttachmentEvaluator(
        [r.tree for r in read_file(RAW / "nltk-tokens" / "arc-eager.conllu")],
        [r.tree for r in read_file(STUDY / "test.conllu")],
        align=True,
        punct="exclude",
    )
    assert float(ev.score("LAS_P")) == pytest.approx(precision)
    assert float(ev.score("LAS_R")) == pytest.approx(recall)
    assert float(ev.score("LAS")) == pytest.approx(f1)


@pytest.mark.slow
def test_shipped_results_equal_a_fresh_evaluation(example: ModuleType) -> None:
    shipped = (ROOT / "examples" / "raw_text_results.md").read_text(encoding="utf-8")
    assert example.evaluate() == shipped


def test_one_root_hangs_further_roots_from_the_first(example: ModuleType, tmp_path: Path) -> None:
    # Sentence 1 has roots at words 2 and 3: word 3 now hangs from 2, relation kept.
    # Sentence 2 has one root and is left as it is.
    rows = [
        "1\tI\t_\t_\tPRP\t_\t2\tnsubj\t_\t_",
        "2\tleft\t_\t_\tVBD\t_\t0\troot\t_\t_",
        "3\tsoon\t_\t_\tRB\t_\t0\tadvmod\t_\t_",
    ]
    second = "1\tGo\t_\t_\tVB\t_\t0\troot\t_\t_"
    path = tmp_path / "p.conllu"
    path.write_text("\n".join(rows) + "\n\n" + second + "\n\n", encoding="utf-8")
    rows[2] = "3\tsoon\t_\t_\tRB\t_\t2\tadvmod\t_\t_"
    assert example.one_root(path) == "\n".join(rows) + "\n\n" + second + "\n\n"
