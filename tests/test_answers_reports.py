"""Language models' answers scored and counted in every report (SPEC.md §14).

The reader's classes are tested in tests/test_answers.py; here four answers
to four gold sentences go through the command line and the evaluators, and
every figure is worked out by hand: one good tree inside prose and a
Markdown fence, one unbalanced tree, one tree with a changed word, and one
refusal with no tree at all.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import jsonschema
import pytest

import nltk_tedeval as t
from nltk_tedeval.cli import main

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "docs" / "report.schema.json").read_text(encoding="utf-8"))

GOLD = [
    "(S (NP (DT The) (NN cat)) (VP (VBD sat)))",
    "(S (NP (PRP I)) (VP (VBD left)))",
    "(S (NP (PRP You)) (VP (VBD stayed)))",
    "(S (NP (PRP We)) (VP (VBD ran)))",
]
ANSWERS = [
    "Sure! Here is the parse:\n```\n(S (NP (DT The) (NN cat)) (VP (VBD sat)))\n```",
    "(S (NP (PRP I)) (VP (VBD left))",
    {"answer": "(S (NP (PRP You)) (VP (VBD remained)))"},
    "I cannot parse this sentence.",
]
UNBALANCED = "unbalanced brackets: 1 '(' not closed"
CHANGED = "word 2 changed: 'remained' for 'stayed'"
NO_TREE = "no tree found: no bracketed tree (a '(' followed by a label or a '(')"


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    gold = tmp_path / "gold.ptb"
    gold.write_text("\n".join(GOLD) + "\n", encoding="utf-8")
    llm = tmp_path / "llm.jsonl"
    llm.write_text("".join(json.dumps(a) + "\n" for a in ANSWERS), encoding="utf-8")
    return str(gold), str(llm)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        status = main(list(argv))
    return status, capsys.readouterr().out


def test_invalid_and_unfaithful_answers_are_missing_parses_counted_with_reasons(
    files: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Under --missing zero the three answers without a usable tree are missing parses
    scored with nothing right. Gold brackets: S, NP, VP in each sentence (a POS tag is no
    bracket): 12; the first answer matches its 3: R = 3/12 = 25.00, P = 3/3 = 100.00,
    F1 = 2 * 0.25 / 1.25 = 40.00. Tags: 3 right of 3 + 2 + 2 + 2 = 9 words: 33.33."""
    gold, llm = files
    status, out = run(capsys, "parseval", gold, llm, "--missing", "zero", "-q")
    assert status == 0
    assert "Bracketing Recall         =  25.00" in out
    assert "Bracketing Precision      = 100.00" in out
    assert "Bracketing FMeasure       =  40.00" in out
    assert "Tagging accuracy          =  33.33" in out
    tail = out.splitlines()[-6:-1]
    assert tail == [
        "missing parses: scored with nothing right (--missing zero)",
        "answers with no tree to score as given: llm: 2 invalid, 1 unfaithful",
        f"  sentence 2 (llm): invalid: {UNBALANCED}",
        f"  sentence 3 (llm): unfaithful: {CHANGED}",
        f"  sentence 4 (llm): invalid: {NO_TREE}",
    ]


def test_the_json_report_counts_and_lists_them_whatever_the_policy(
    files: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    gold, llm = files
    for policy in ("skip", "zero", "flat"):
        status, out = run(capsys, "parseval", gold, llm, "--missing", policy, "-f", "json")
        assert status == 0
        data = json.loads(out)
        jsonschema.validate(data, SCHEMA)
        assert data["answers"] == {
            "llm": {
                "invalid": 2,
                "unfaithful": 1,
                "kept": 0,
                "sentences": [
                    {"sentence": 2, "status": "invalid", "reason": UNBALANCED, "kept": False},
                    {"sentence": 3, "status": "unfaithful", "reason": CHANGED, "kept": False},
                    {"sentence": 4, "status": "invalid", "reason": NO_TREE, "kept": False},
                ],
            }
        }
        assert [m["sentence"] for m in data["missing"]["sentences"]] == [2, 3, 4]
        assert data["missing"]["sentences"][1]["reasons"] == [
            {"system": "llm", "status": "unfaithful", "reason": CHANGED}
        ]


def test_a_kept_unfaithful_answer_is_scored_against_the_gold_text(
    files: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """--unfaithful keep --align lcs: the third answer's tree is scored. Its words "You
    remained" and the gold's "You stayed" share the boundary after "You", so S(0,2),
    NP(0,1) and VP(1,2) are at the gold's positions: 3 more matched, R = 6/12 = 50.00,
    P = 6/6 = 100.00. It is still counted as unfaithful, and as kept."""
    gold, llm = files
    status, out = run(capsys, "parseval", gold, llm, "--missing", "zero", "--unfaithful", "keep",
                      "--align", "lcs", "-q")  # fmt: skip
    assert status == 0
    assert "Bracketing Recall         =  50.00" in out
    assert "Bracketing Precision      = 100.00" in out
    assert "answers with no tree to score as given: llm: 2 invalid, 1 unfaithful (1 kept and " \
        "scored)" in out  # fmt: skip
    assert f"  unit 3 (llm): unfaithful, kept: {CHANGED}" in out


def test_the_html_report_shows_the_counts_and_the_reasons(
    files: tuple[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gold, llm = files
    page = tmp_path / "r.html"
    status, _ = run(capsys, "parseval", gold, llm, "-f", "html", "-o", str(page), "-q")
    assert status == 0
    html = page.read_text(encoding="utf-8")
    assert '<table class="answers"><caption>answers with no tree to score as given' in html
    assert (
        '<tr><th scope="row">llm</th><td class="num">2</td><td class="num">1</td>'
        '<td class="num">0</td></tr>'
    ) in html
    assert "<th>why</th>" in html
    assert "llm: unfaithful: word 2 changed: &#x27;remained&#x27; for &#x27;stayed&#x27;" in html


def test_dependency_answers_under_attach(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """CoNLL rows as answers to "I left" and "You stayed": the first right, the second a
    cycle (You -> stayed -> You): invalid, a missing parse. UAS under zero: 2 of 4."""
    gold = tmp_path / "g.conllu"
    gold.write_text(
        "1\tI\t_\t_\t_\t_\t2\tnsubj\t_\t_\n2\tleft\t_\t_\t_\t_\t0\troot\t_\t_\n\n"
        "1\tYou\t_\t_\t_\t_\t2\tnsubj\t_\t_\n2\tstayed\t_\t_\t_\t_\t0\troot\t_\t_\n\n",
        encoding="utf-8",
    )
    rows = "1\tI\t_\t_\t_\t_\t2\tnsubj\t_\t_\n2\tleft\t_\t_\t_\t_\t0\troot\t_\t_\n"
    answers = [f"```conllu\n{rows}```", "1 You 2 nsubj\n2 stayed 1 root"]
    llm = tmp_path / "llm.jsonl"
    llm.write_text("".join(json.dumps(a) + "\n" for a in answers), encoding="utf-8")
    status, out = run(capsys, "attach", str(gold), str(llm), "--missing", "zero", "-f", "json")
    assert status == 0
    data = json.loads(out)
    (system,) = data["systems"]
    assert system["scores"]["UAS"]["totals"] == {"head": 2, "tokens": 4}
    ((entry,),) = [a["sentences"] for a in data["answers"].values()]
    assert entry == {"sentence": 2, "status": "invalid", "kept": False,
                     "reason": "no root (no token has head 0); a dependency tree has one; "
                     "a cycle: tokens 1 -> 2 -> 1"}  # fmt: skip


def test_answers_in_python_are_counted_by_the_evaluator() -> None:
    answers = t.read_answers([a if isinstance(a, str) else a["answer"] for a in ANSWERS], GOLD)
    assert t.answer_counts(answers) == {"tree": 1, "invalid": 2, "unfaithful": 1}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", t.MissingParseWarning)
        ev = t.ParsevalEvaluator(answers, GOLD, missing="zero")
        assert float(ev.score("R")) == 0.25
        assert [(f.number, f.status, f.kept) for f in ev.answer_failures] == [
            (2, "invalid", False),
            (3, "unfaithful", False),
            (4, "invalid", False),
        ]


def test_answers_need_the_gold_as_a_file(
    files: tuple[str, str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import sys

    _, llm = files
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"(S (X a))\n")))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        status = main(["parseval", "-", llm])
    err = capsys.readouterr().err
    assert status != 0
    assert f"{llm} holds answers, which are read against the gold's words: give the gold " \
        "as a file, not standard input" in err  # fmt: skip


def test_a_kept_unfaithful_answer_needs_lcs(
    files: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Without the texts' alignment a kept unfaithful answer would be an EVALB error row,
    out of the totals: a flattering number. It is refused (SPEC.md §14)."""
    gold, llm = files
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        status = main(["parseval", gold, llm, "--unfaithful", "keep"])
    assert status != 0
    assert capsys.readouterr().err == (
        "tedeval: error: --unfaithful keep scores an unfaithful answer's tree against the "
        "gold's text: it needs --align lcs\n"
    )
    answers = t.read_answers([a if isinstance(a, str) else a["answer"] for a in ANSWERS], GOLD,
                             unfaithful="keep")  # fmt: skip
    with pytest.raises(t.OptionError) as err:
        t.ParsevalEvaluator(answers, GOLD, missing="zero").eval()
    assert str(err.value) == (
        "parsed_sents: sentence 3: an unfaithful answer kept (unfaithful='keep', --unfaithful "
        "keep) is scored against the gold's text only with align='lcs' (--align lcs): "
        f"{CHANGED}"
    )


def test_answers_are_read_against_a_tokenizers_sentences() -> None:
    """The sentences an LLM was asked to parse often come from a tokenizer: a spaCy Doc
    split by its sentencizer (no parse) gives its words, sentence by sentence (SPEC.md
    §13-§14). "I left ." is answered right; "You stayed ." with "went": word 2 changed."""
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    answers = t.read_answers(
        ["(S (NP (PRP I)) (VP (VBD left)) (. .))", "(S (NP (PRP You)) (VP (VBD went)) (. .))"],
        nlp("I left. You stayed."),
    )
    assert [(a.status, a.reason) for a in answers] == [
        ("tree", None),
        ("unfaithful", "word 2 changed: 'went' for 'stayed'"),
    ]
