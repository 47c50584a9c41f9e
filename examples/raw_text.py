"""nltk's parsers on raw text: what tokenization and sentence splitting cost, by every metric.

The study (``examples/study.py``) parses the GUM test sentences as the
treebank splits and tokenizes them, with gold POS tags. An NLTK user parses
raw text. This example runs the study's three parsers, trained on the same
505 training sentences, on the raw text of the 16 test documents (the
``# text =`` comments of ``corpora_samples/study/test.conllu``), in three
conditions that add one step of a real pipeline at a time:

- ``gold-tokens``: the treebank's sentences and tokens, POS tags from
  nltk's ``PerceptronTagger`` trained on the training trees;
- ``nltk-tokens``: the treebank's sentences, each sentence's text split into
  tokens by nltk's word tokenizer (``NLTKWordTokenizer``, what
  ``word_tokenize`` uses), then tagged;
- ``nltk-pipeline``: each document's text split into sentences by Punkt
  (``PunktSentenceTokenizer`` trained on the training documents' text, so
  nothing is downloaded), then tokenized and tagged;
- ``spacy-pipeline``: the same documents split into sentences and tokens by
  spaCy (``spacy.blank("en")``: its rule-based tokenizer and
  ``sentencizer``, no model to download), then tagged and parsed as the
  others: the alternative to the whole nltk pipeline.

Each parse is scored against the GUM gold of its framework with
``align=True`` (docs/SPEC.md §11): TedEval, ParsEval (EVALB's rules and
jp-evalb's), attachment F1 and the CoNLL 2018 metrics. With the study's
shipped outputs (gold tags), the differences between neighbouring columns
say how much of each score is lost to tagging, to tokenization and to
sentence splitting. ``docs/study.md`` discusses them.

Usage::

    pip install -e ".[study]"
    python examples/raw_text.py                  # train, parse (about half an hour on 2 cores)
    python examples/raw_text.py --conditions spacy-pipeline  # train, parse that one only
    python examples/raw_text.py --evaluate-only  # score the shipped outputs (23 s of CPU)
    python examples/raw_text.py --evaluate-only --results examples/raw_text_results.md

The outputs go to ``corpora_samples/raw_text/<condition>/`` (shipped), the
tables to ``--results FILE``: by default ``examples/raw_text_results.md`` after
parsing (the run that rewrites the shipped outputs rewrites the shipped
tables too), and a new temporary file with ``--evaluate-only``, so that
scoring the shipped outputs leaves the repository as it was (as
``examples/study.py`` does).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from itertools import pairwise
from pathlib import Path
from typing import Any

import nltk
from nltk import Tree
from nltk.parse import DependencyGraph
from nltk.tokenize.destructive import NLTKWordTokenizer
from nltk.tokenize.punkt import PunktSentenceTokenizer, PunktTrainer

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import study  # noqa: E402  (examples/study.py: the parsers, trained as there)

from nltk_tedeval import (  # noqa: E402
    AttachmentEvaluator,
    Conll18Evaluator,
    JpEvalbEvaluator,
    ParsevalEvaluator,
    TedEvalError,
    TedEvalEvaluator,
    from_dependency_graph,
    read_file,
    read_ud_words,
)
from nltk_tedeval.reading import read_ud_words_text  # noqa: E402

DATA = study.DATA
OUT = study.ROOT / "corpora_samples" / "raw_text"
RESULTS = HERE / "raw_text_results.md"
CONDITIONS = ("gold-tokens", "nltk-tokens", "nltk-pipeline", "spacy-pipeline")
GOLD_TAGS = "gold tags (study)"
PCFG_MAX_LENGTH = 15
"""The PCFG parses sentences of at most this many tokens (the study's cap is 20): three
conditions of Viterbi parsing at 20 would take over an hour of CPU; longer sentences
get the flat tree of their tagged tokens."""

# -- the raw text ------------------------------------------------------------------------


def sentence_texts(path: Path) -> list[tuple[str, str]]:
    """``(sent_id, text)`` of every sentence of a CoNLL-U file, from its comments."""
    out: list[tuple[str, str]] = []
    sid = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# sent_id = "):
            sid = line[len("# sent_id = ") :]
        elif line.startswith("# text = "):
            out.append((sid, line[len("# text = ") :]))
    return out


def documents(path: Path) -> list[tuple[str, str]]:
    """``(document, text)``: the sentences of each document joined by a space."""
    docs: dict[str, list[str]] = {}
    for sid, text in sentence_texts(path):
        docs.setdefault(sid.rsplit("-", 1)[0], []).append(text)
    return [(doc, " ".join(texts)) for doc, texts in docs.items()]


def punkt(train_path: Path) -> PunktSentenceTokenizer:
    """Punkt trained on the training documents' text: no model to download."""
    trainer = PunktTrainer()
    trainer.INCLUDE_ALL_COLLOCS = True
    for _, text in documents(train_path):
        trainer.train(text, finalize=False)
    trainer.finalize_training()
    return PunktSentenceTokenizer(trainer.get_params())


_WORDS = NLTKWordTokenizer()


def tokenize(text: str) -> tuple[list[str], list[str]]:
    """The tokens of a sentence as ``word_tokenize`` writes them, and as the text spells them.

    The parsers see the first (PTB quotes ````` and ``''`` and bracket escapes
    ``-LRB-`` and the like, as in training, and as a bracketed tree must write
    a bracket); the CoNLL-U outputs keep the second, so that their characters
    are the text's.
    """
    ptb = _WORDS.tokenize(text, convert_parentheses=True)
    spans = list(_WORDS.span_tokenize(text))
    return ptb, [text[a:b] for a, b in spans]


def tagger(train: study.Corpus) -> nltk.tag.PerceptronTagger:
    """nltk's averaged perceptron, trained on the training trees' words and tags."""
    tag = nltk.tag.PerceptronTagger(load=False)
    random.seed(0)  # the perceptron shuffles its training sentences
    tag.train([t.pos() for t in train.ptb], nr_iter=5)
    return tag


# -- the three conditions -----------------------------------------------------------------


def segment(condition: str, test: study.Corpus, split: PunktSentenceTokenizer) -> list[dict]:
    """The test material as each condition gives it to the tagger: ids, PTB tokens, forms."""
    if condition == "gold-tokens":
        return [
            {"id": sid, "ptb": t.leaves(), "forms": list(from_dependency_graph(g).words)}
            for sid, t, g in zip(test.ids, test.ptb, test.ud, strict=True)
        ]
    if condition == "spacy-pipeline":
        return spacy_segments()
    if condition == "nltk-tokens":
        pieces = sentence_texts(DATA / "test.conllu")
    else:
        pieces = [
            (f"{doc}-s{k}", sentence)
            for doc, text in documents(DATA / "test.conllu")
            for k, sentence in enumerate(split.tokenize(text), start=1)
        ]
    out = []
    for sid, text in pieces:
        ptb, forms = tokenize(text)
        out.append({"id": sid, "ptb": ptb, "forms": forms})
    return out


# What a bracketed tree must write for a bracket, and PTB's quotes (the parsers were
# trained on PTB tokens, as word_tokenize writes them).
_PTB_BRACKETS = {"(": "-LRB-", ")": "-RRB-", "[": "-LSB-", "]": "-RSB-", "{": "-LCB-",
                 "}": "-RCB-"}  # fmt: skip


def spacy_segments() -> list[dict]:
    """spaCy's sentences and tokens of every test document: ``spacy.blank("en")`` and its
    rule-based ``sentencizer``, nothing downloaded. The parsers get PTB tokens (brackets
    escaped, straight double quotes as opening and closing quotes in turn)."""
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    out = []
    for doc_name, text in documents(DATA / "test.conllu"):
        for k, sentence in enumerate(nlp(text).sents, start=1):
            forms = [t.text for t in sentence if not t.is_space]
            ptb, opened = [], False
            for form in forms:
                if form == '"':
                    ptb.append("''" if opened else "``")
                    opened = not opened
                else:
                    # A bracket inside a token ("Re(a)d") would end the leaf in a
                    # bracketed tree: PTB escapes it as it escapes a bracket token.
                    escaped = form.replace("(", "-LRB-").replace(")", "-RRB-")
                    ptb.append(_PTB_BRACKETS.get(form, escaped))
            out.append({"id": f"{doc_name}-s{k}", "ptb": ptb, "forms": forms})
    return out


def dependency_input(words: Sequence[str], tags: Sequence[str]) -> DependencyGraph:
    graph = DependencyGraph()
    for address, (word, tag) in enumerate(zip(words, tags, strict=True), start=1):
        graph.nodes[address].update(
            address=address, word=word, lemma="_", feats="_", ctag="_", tag=tag,
            head=None, rel=None,
        )  # fmt: skip
    return graph


def _parse_pcfg(tagged: list[tuple[str, str]]) -> str:
    flat = Tree("ROOT", [Tree(tag, [word]) for word, tag in tagged])
    tree = None
    if len(tagged) <= PCFG_MAX_LENGTH:
        tree = study.pcfg_parse(study._VITERBI, flat)
    # A sentence the PCFG cannot parse gets the flat tree of its tagged
    # tokens, as in the study's "all" set, so that every parser is scored on
    # every sentence (an empty line would be a missing parse, SPEC.md §11).
    return (tree or flat).pformat(margin=sys.maxsize)


def _transition(algorithm: str, train_trees: list, tagged: list[tuple[list, list]]) -> dict:
    """Train one transition parser as the study does and parse ``(words, tags)`` sentences."""
    import numpy as np
    from nltk.parse.transitionparser import TransitionParser

    with study.nltk_workspace() as work:
        model = str(work / f"{algorithm}.model")
        np.random.seed(study.SVM_SEED)
        parser = TransitionParser(algorithm)
        parser.train(
            [study.parser_input(t, gold_arcs=True) for t in train_trees], model, verbose=False
        )
        # Graphs are built here: nltk's DependencyGraph cannot be pickled.
        graphs = parser.parse([dependency_input(w, t) for w, t in tagged], model)
    return {
        "algorithm": algorithm,
        "heads": [[g.nodes[a]["head"] for a in range(1, len(g.nodes))] for g in graphs],
        "rels": [[g.nodes[a]["rel"] for a in range(1, len(g.nodes))] for g in graphs],
    }


def train_and_parse(jobs: int, conditions: Sequence[str] = CONDITIONS) -> dict[str, Any]:
    train, test = study.read_corpus("train"), study.read_corpus("test")
    split = punkt(DATA / "train.conllu")
    tag = tagger(train)
    material = {c: segment(c, test, split) for c in conditions}
    for sentences in material.values():
        for s in sentences:
            s["tags"] = [t for _, t in tag.tag(s["ptb"])]
    grammar = study.induce_grammar(train.ptb)
    train_trees = [tree for tree, _ in (from_dependency_graph(g).projectivize() for g in train.ud)]
    # One training per transition parser, parsing every condition at once.
    everything = [s for c in conditions for s in material[c]]
    inputs = [(s["ptb"], s["tags"]) for s in everything]
    with ProcessPoolExecutor(jobs, initializer=study._init_worker, initargs=(grammar,)) as pool:
        svm = [pool.submit(_transition, a, train_trees, inputs) for a in study.ALGORITHMS]
        order = sorted(range(len(everything)), key=lambda i: -len(everything[i]["ptb"]))
        trees = dict(
            zip(
                order,
                pool.map(
                    _parse_pcfg,
                    [
                        list(zip(everything[i]["ptb"], everything[i]["tags"], strict=True))
                        for i in order
                    ],
                    chunksize=4,
                ),
                strict=True,
            )
        )
        parsed = {r["algorithm"]: r for r in (f.result() for f in svm)}
    start = 0
    for condition in conditions:
        sentences = material[condition]
        folder = OUT / condition
        folder.mkdir(parents=True, exist_ok=True)
        with open(folder / "pcfg.ptb", "w", encoding="utf-8") as f:
            for k in range(len(sentences)):
                f.write(trees[start + k] + "\n")
        for algorithm in study.ALGORITHMS:
            r = parsed[algorithm]
            with open(folder / f"{algorithm}.conllu", "w", encoding="utf-8") as f:
                for k, s in enumerate(sentences):
                    f.write(_conllu(s, r["heads"][start + k], r["rels"][start + k]))
        start += len(sentences)
    run = OUT / "run.json"
    before = json.loads(run.read_text(encoding="utf-8")) if run.exists() else {}
    log = {
        "training sentences": len(train),
        "test documents": len(documents(DATA / "test.conllu")),
        # A run of some conditions keeps the counts of the others.
        "sentences": {**before.get("sentences", {}),
                      **{c: len(material[c]) for c in conditions}},
        "tokens": {**before.get("tokens", {}),
                   **{c: sum(len(s["ptb"]) for s in material[c]) for c in conditions}},
        "max PCFG sentence length": PCFG_MAX_LENGTH,
        "python": platform.python_version(),
        "nltk": nltk.__version__,
    }  # fmt: skip
    if "spacy-pipeline" in conditions:
        import spacy

        log["spacy"] = spacy.__version__
    (OUT / "run.json").write_text(json.dumps(log, indent=2) + "\n", encoding="utf-8")
    return log


def _conllu(sentence: dict, heads: Sequence[int], rels: Sequence[str]) -> str:
    """One parsed sentence; FORM as the text spells it, SpaceAfter left out (not scored)."""
    text = " ".join(sentence["forms"])
    lines = [f"# sent_id = {sentence['id']}", f"# text = {text}"]
    for k, (form, tag) in enumerate(zip(sentence["forms"], sentence["tags"], strict=True)):
        cells = (k + 1, form, "_", "_", tag, "_", heads[k], rels[k] or "_", "_", "_")
        lines.append("\t".join(str(c) for c in cells))
    return "\n".join(lines) + "\n\n"


# -- scoring -----------------------------------------------------------------------------

# The rows of the results: (metric, framework, how to score a parse file).
METRICS = (
    "TedEval labeled",
    "TedEval unlabeled",
    "ParsEval F1 (EVALB rules)",
    "ParsEval F1 (jp-evalb)",
    "LAS F1",
    "UAS F1",
    "CoNLL 2018 LAS",
    "CoNLL 2018 CLAS",
)


def score(system: str, folder: Path) -> dict[str, float | None]:
    """Every metric that applies to ``system``'s output in ``folder``, against its gold."""
    gold_ptb, gold_ud = DATA / "test.ptb", DATA / "test.conllu"
    out: dict[str, float | None] = dict.fromkeys(METRICS)
    if system == study.PCFG_NAME:
        path = folder / "pcfg.ptb"
        parses = _ptb_parses(path)
        gold = [r.tree for r in read_file(gold_ptb)]
        ted = TedEvalEvaluator(parses, gold, align=True)
        out["TedEval labeled"], out["TedEval unlabeled"] = (float(s) for s in ted.eval())
        out["ParsEval F1 (EVALB rules)"] = float(
            ParsevalEvaluator(parses, gold, study.PARSEVAL_PARAMS, align=True).eval()[2]
        )
        out["ParsEval F1 (jp-evalb)"] = float(JpEvalbEvaluator(parses, gold).eval()[2])
        return out
    path = folder / study.OUTPUT_FILES[system]
    parses = [r.tree for r in read_file(path)]
    gold = [r.tree for r in read_file(gold_ud)]
    ted = TedEvalEvaluator(parses, gold, align=True, projectivize=True)
    out["TedEval labeled"], out["TedEval unlabeled"] = (float(s) for s in ted.eval())
    att = AttachmentEvaluator(parses, gold, align=True, punct="exclude")
    out["LAS F1"], out["UAS F1"] = float(att.score("LAS")), float(att.score("UAS"))
    try:
        c18 = Conll18Evaluator(read_ud_words(path), read_ud_words(gold_ud))
        las = float(c18.score("LAS"))
    except TedEvalError as err:
        # The script refuses a sentence with two roots, which nltk's
        # TransitionParser leaves wherever it attached no head: score a copy
        # with one root per sentence instead, and say so under the table.
        REFUSED[system] = str(err)
        repaired = read_ud_words_text(one_root(path), str(path))
        c18 = Conll18Evaluator(repaired, read_ud_words(gold_ud))
        las = float(c18.score("LAS"))
    out["CoNLL 2018 LAS"] = las
    out["CoNLL 2018 CLAS"] = float(c18.score("CLAS"))
    return out


REFUSED: dict[str, str] = {}
"""Why the CoNLL 2018 script refuses a system's own output: the first error of its checks."""


def one_root(path: Path) -> str:
    """A CoNLL-U file's text with the further roots of every sentence hanging from its first.

    The CoNLL 2018 definitions (and the UD guidelines) allow one root per
    sentence; nltk's ``TransitionParser`` leaves every word it did not attach
    on the root. Attaching such a word to the sentence's first root, its
    relation kept, is the smallest change that makes a tree of it: each such
    word is then counted wrong unless the first root is its gold head.
    """
    blocks = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        lines = block.split("\n")
        first = None
        for k, line in enumerate(lines):
            cells = line.split("\t")
            if len(cells) != 10 or not cells[0].isdigit() or cells[6] != "0":
                continue
            if first is None:
                first = cells[0]
            else:
                cells[6] = first
                lines[k] = "\t".join(cells)
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _ptb_parses(path: Path) -> list[Tree]:
    """The PCFG's trees, as this example's conditions have them.

    In the study's outputs (gold tags, a cap of 20 tokens) an empty line (no
    parse) and a parse of a sentence longer than :data:`PCFG_MAX_LENGTH`
    become the flat tree of the gold's tagged words, so that the gold-tag
    column differs from the others by the tags alone.
    """
    parses = [r.tree for r in read_file(path, one_per_line=True)]
    if path.parent == study.OUTPUTS:
        gold = [r.tree for r in read_file(DATA / "test.ptb")]
        parses = [
            study.flat_tree(g) if p is None or len(g.leaves()) > PCFG_MAX_LENGTH else p
            for p, g in zip(parses, gold, strict=True)
        ]
    return parses


def evaluate() -> str:
    folders = {GOLD_TAGS: study.OUTPUTS, **{c: OUT / c for c in CONDITIONS}}
    missing = [str(f) for f in folders.values() if not f.is_dir()]
    if missing:
        raise SystemExit(f"no outputs in {', '.join(missing)}: run without --evaluate-only")
    lines = [
        "# nltk's parsers on raw text: every metric, five conditions",
        "",
        "Made by `python examples/raw_text.py --evaluate-only` from the shipped outputs.",
        "Each column up to nltk-pipeline adds one step of a raw-text pipeline; the",
        "first three `Δ` columns are the loss to tagging, to tokenization and to",
        "sentence splitting (points of 100). spacy-pipeline replaces nltk's sentence",
        'splitting and tokenization by spaCy\'s (`spacy.blank("en")`, its sentencizer);',
        "`Δ spaCy` is its score minus nltk-pipeline's.",
        "",
    ]
    columns = list(folders)
    for system in study.SYSTEMS:
        scores = {c: score(system, folders[c]) for c in columns}
        lines += [f"## {system}", ""]
        head = [*columns, "Δ tagging", "Δ tokens", "Δ sentences", "Δ spaCy"]
        lines.append("| metric | " + " | ".join(head) + " |")
        lines.append("|---" * (len(columns) + 5) + "|")
        for metric in METRICS:
            values = [scores[c][metric] for c in columns]
            if all(v is None for v in values):
                continue
            cells = [f"{100 * v:.2f}" if v is not None else "n/a" for v in values]
            # Each step's loss (the score before it minus after it), then spaCy's
            # pipeline against nltk's (after minus before: a gain is positive).
            steps = [(a, b) for a, b in pairwise(values[:-1])] + [(values[-1], values[-2])]
            deltas = [
                f"{100 * (a - b):+.2f}" if a is not None and b is not None else "n/a"
                for a, b in steps
            ]
            lines.append(f"| {metric} | " + " | ".join(cells + deltas) + " |")
        lines.append("")
        if system in REFUSED:
            lines += [
                "CoNLL 2018 rows: `conll18_ud_eval.py` (and `Conll18Evaluator`) refuse this "
                f"parser's own outputs, for example `{_short(REFUSED[system])}`; the rows "
                "score a copy in which every further root of a sentence hangs from its first "
                "(`one_root`), its relation kept.",
                "",
            ]
    return "\n".join(lines)


def _short(message: str) -> str:
    """An error message without the absolute path of the file, which differs per machine."""
    return message.replace(str(study.ROOT) + "/", "")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--evaluate-only", action="store_true", help="score the shipped outputs")
    ap.add_argument("--jobs", type=int, default=2, help="processes for training and parsing")
    ap.add_argument(
        "--conditions",
        nargs="+",
        choices=CONDITIONS,
        default=list(CONDITIONS),
        help="the conditions to parse again (the others' shipped outputs are kept)",
    )
    ap.add_argument(
        "--results",
        type=Path,
        metavar="FILE",
        help=f"where to write the tables (default: {RESULTS.relative_to(study.ROOT)} after "
        "parsing; with --evaluate-only a new temporary file, so that the shipped tables stay "
        "as they are: name the shipped file to rewrite it)",
    )
    args = ap.parse_args(argv)
    if not args.evaluate_only:
        print(json.dumps(train_and_parse(args.jobs, args.conditions), indent=2))
    report = evaluate()
    out = args.results
    if out is None:
        out = RESULTS
        if args.evaluate_only:
            handle, name = tempfile.mkstemp(prefix="tedeval-raw-text-", suffix=".md")
            os.close(handle)
            out = Path(name)
    out.write_text(report, encoding="utf-8")
    print(report)
    print(f"tables written to {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
