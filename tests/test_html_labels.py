"""Issue 42, item 3: what a node of a constituency-derived tree shows in the HTML report.

TedEval's tree of a phrase-structure tree keeps only the functions its labeler reads
(``NP-SBJ`` gives ``{SBJ}``, ``VP`` nothing, drawn ``_``). The report draws the
treebank's labels again (:func:`~nltk_tedeval.trees.constituency.span_labels`, cut by
the labeler's reading, :data:`~nltk_tedeval.trees.labelers.READINGS`), with the function
compared in bold, and nothing it scores changes: the labels the marks name and every
number stay what they were.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from nltk_tedeval.cli.sentence_views import PARSEVAL_LABELS, TEDEVAL_LABELS, shown_label
from nltk_tedeval.reading import read_file
from nltk_tedeval.trees.constituency import span_labels
from nltk_tedeval.trees.convert import Converter
from nltk_tedeval.trees.labelers import LABELERS, READINGS, get_reading

from .test_html_views import views

ROOT = Path(__file__).resolve().parent.parent
STUDY = ROOT / "corpora_samples" / "study"
GUM = ROOT / "corpora_samples" / "gum"
DISCO = ROOT / "tests" / "fixtures_disco"

TREEBANKS = [
    STUDY / "test.ptb",
    STUDY / "outputs" / "pcfg.ptb",
    *sorted(GUM.glob("*.ptb")),
    DISCO / "gum_gold.export",
    DISCO / "random_gold.dbr",
]


def trees() -> list[Any]:
    return [s.tree for path in TREEBANKS for s in read_file(path) if s.tree is not None]


def test_each_reading_finds_the_functions_its_labeler_reads() -> None:
    labels = {label for tree in trees() for chain in span_labels(tree).values() for label in chain}
    # The treebanks' own labels, and the other notations' shapes (Tiger's, Floresta's,
    # Relational-Realizational, bare functions), with an empty part and coindices.
    labels |= {"NP:SB", "S:HD:OC", "SB:np", ":x", "x:", "SBJ@S", "{SBJ,PRD}@S", "@S", "nsubj"}
    labels |= {"*", "", "NP-SBJ-1", "NP=2", "NP-SBJ=3", "PP-LOC-CLR", "-LRB-", "-NONE-"}
    assert len(labels) > 100
    for name, labeler in LABELERS.items():
        reading = READINGS[name]
        for label in labels:
            parts = reading(label)
            assert {f for _, f in parts if f} == set(labeler(label)), (name, label)
            # Each function's text spells it: what is drawn in bold is the function itself.
            assert all(f in text for text, f in parts if f), (name, label)
    assert get_reading(LABELERS["colon"]) is READINGS["colon"]


def test_the_labels_are_over_the_spans_of_tedevals_trees() -> None:
    count = 0
    for tree in trees():
        chains = span_labels(tree)
        mft = Converter()(tree)
        assert set(chains) == set(mft.spans)
        for span, chain in chains.items():
            # The functions of a node are those of its labels, all of them (SPEC.md §3.2).
            read = {f for label in chain for f in LABELERS["ptb"](label)}
            assert read == set(mft.labels(span))
            count += 1
    assert count > 10000


def test_shown_labels_by_hand() -> None:
    ptb = READINGS["ptb"]
    # A chain of two labels, the function of the first in bold; the coindex left out.
    assert shown_label(("NP-SBJ-1", "PRP"), frozenset({"SBJ"}), ptb) == ["NP-", "SBJ", "+PRP"]
    # Two functions of one label, in the label's order.
    assert shown_label(("PP-LOC-CLR",), frozenset({"CLR", "LOC"}), ptb) == [
        "PP-", "LOC", "-", "CLR",
    ]  # fmt: skip
    # MULTIPLE's reference without the function: the category only.
    assert shown_label(("NP-SBJ", "NNP"), frozenset(), ptb) == ["NP+NNP"]
    # A function no label spells (--label-map SUB:SBJ), after a comma.
    assert shown_label(("NP-SUB",), frozenset({"SBJ"}), ptb) == ["NP,", "SBJ"]
    # Tiger's colon and Floresta's mirror.
    assert shown_label(("NP:SB",), frozenset({"SB"}), READINGS["colon"]) == ["NP:", "SB"]
    assert shown_label(("SB:np",), frozenset({"SB"}), READINGS["colon-mirror"]) == ["", "SB", ":np"]


def test_the_bold_parts_are_the_functions_the_node_is_compared_by(monkeypatch) -> None:
    """Every node of every panel of the study's TedEval report (MULTIPLE, with the UD
    theory): what is bold is exactly the node's label set, the label marks name."""
    argv = (
        "cross", "-e", f"ptb={STUDY / 'test.ptb'},{STUDY / 'outputs' / 'pcfg.ptb'}",
        "-e", f"ud={STUDY / 'test.conllu'},{STUDY / 'outputs' / 'arc-eager.conllu'}",
        "--missing", "zero",
    )  # fmt: skip
    shown = plain = 0
    for view in views(monkeypatch, *argv):
        for panel in view.get("trees") or []:
            ptb = panel["name"] in ("ptb", "reference (ptb)", "gold (ptb)")
            assert (panel.get("labels") == TEDEVAL_LABELS) == ptb, panel["name"]
            for node in panel["nodes"]:
                label = node["label"] if isinstance(node, dict) else node[0]
                parts = node.get("shown") if isinstance(node, dict) else (node[4:] or [None])[0]
                if not ptb:
                    assert parts is None  # a UD tree's node shows its relations
                    plain += 1
                    continue
                functions = set() if label == "_" else set(label.split(","))
                assert set(parts[1::2]) == functions, (label, parts)
                assert "".join(parts[::2]).strip()  # a category is always there
                shown += 1
    assert shown > 10000 and plain > 10000


def test_parsevals_panels_say_it_compares_the_category(monkeypatch) -> None:
    got = views(monkeypatch, "parseval", STUDY / "test.ptb", STUDY / "outputs" / "pcfg.ptb")
    panels = [p for v in got for p in v.get("trees") or []]
    assert panels and all(p["labels"] == PARSEVAL_LABELS for p in panels)
    assert "compares a phrase's category" in PARSEVAL_LABELS


def test_a_node_inside_a_gapped_node_hangs_from_it() -> None:
    """Sentence 1 of the GUM export: S has the words 0-3, 5-21 and 23-31 (the comma, 4,
    hangs from ROOT); the subject NP-SBJ over 5-9 comes after the comma, so after S was
    left once, and is still S's child, as in the treebank."""
    from nltk_tedeval.cli.sentence_views import mft_nodes, node_categories

    tree = next(s.tree for s in read_file(DISCO / "gum_gold.export"))
    mft = Converter()(tree)
    nodes = mft_nodes(mft, node_categories(Converter(), tree, tree)["gold"])
    where = {
        (tuple(map(tuple, n["spans"])) if isinstance(n, dict) else ((n[1], n[2]),)): i
        for i, n in enumerate(nodes)
    }
    s = where[((0, 4), (5, 22), (23, 32))]
    subject = nodes[where[((5, 10),)]]
    assert nodes[s]["shown"] == ["S"] and subject[4] == ["NP-", "SBJ"]
    assert subject[3] == s
    assert nodes[where[((4, 5),)]][3] == where[((0, 34),)]  # the comma: ROOT's
