"""The guide's GUM overlap table (docs/guide/cross.md, README's until issue 42) is rerun from
the excerpt that ships, and gives its numbers."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "guide" / "cross.md"


def load_script():
    spec = importlib.util.spec_from_file_location(
        "gum_overlap", ROOT / "examples" / "gum_overlap.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def test_the_overlap_table_of_the_guide_reruns_from_the_shipped_excerpt(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert load_script().main(["gum_overlap.py"]) == 0
    printed = {line.split()[0]: line.split()[1:] for line in capsys.readouterr().out.splitlines()}
    readme = PAGE.read_text(encoding="utf-8")
    number = r"([\d.]+)"
    table = re.findall(
        rf"^\| (\w+) \| ([\d,]+) \| (\d+) \| {number} \| {number} \| {number} \| {number} \|$",
        readme,
        flags=re.MULTILINE,
    )
    assert [row[0] for row in table] == ["academic", "bio", "news", "voyage", "all"]
    for genre, sentences, gaps, *scores in table:
        sents, lifted, *values = printed[genre]
        assert int(sents) == int(sentences.replace(",", ""))
        assert int(lifted) == int(gaps)
        assert values == scores, genre


def test_the_guides_figures_on_the_non_projective_sentences_rerun(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert load_script().main(["gum_overlap.py", "--gapped"]) == 0
    out = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(out) if line.startswith("all "))
    sents, gaps, native, lifted = out[at].split()[1:5]
    assert sents == gaps == "113"
    readme = " ".join(PAGE.read_text(encoding="utf-8").split())
    assert f"unlabeled overlap is {native} as they are and {lifted} lifted" in readme
    deltas = [line.split("= ")[1] for line in out[at + 1 : at + 3]]
    claimed = [f"{int(d):,}/{int(i):,}" for d, i in (x.split("/") for x in deltas)]
    assert f"δ/ι = {claimed[0]} against {claimed[1]}" in readme
    (d0, _), (d1, _) = (x.split("/") for x in deltas)
    assert f"({int(d0) - int(d1)} fewer edits" in readme


def test_the_specs_count_of_sentences_that_differ_only_by_escapes() -> None:
    """SPEC.md §1: 326 of the 2,996 shipped sentences write a bracket differently in
    the two files. Counted on the raw text (leaves by a regular expression, CoNLL-U
    FORM columns), and by the readers, whose yields then agree once the escapes are
    undone."""
    import gzip

    from nltk_tedeval import check_yields
    from nltk_tedeval.reading import read_file
    from nltk_tedeval.trees.kinds import tree_words

    excerpt = ROOT / "corpora_samples" / "gum_excerpt"
    raw = read = total = 0
    for ptb in sorted(excerpt.glob("*.ptb.gz")):
        conllu = ptb.with_name(ptb.name.replace(".ptb.gz", ".conllu.gz"))
        trees = gzip.decompress(ptb.read_bytes()).decode("utf-8").strip().split("\n\n")
        blocks = gzip.decompress(conllu.read_bytes()).decode("utf-8").strip().split("\n\n")
        for text, block in zip(trees, blocks, strict=True):
            leaves = re.findall(r"\(\S+ ([^()\s]+)\)", text)
            forms = [ln.split("\t")[1] for ln in block.splitlines() if ln.split("\t")[0].isdigit()]
            raw += leaves != forms
        pairs = zip(read_file(ptb), read_file(conllu), strict=True)
        for a, b in pairs:
            total += 1
            wa, wb = tree_words(a.tree), tree_words(b.tree)
            read += wa != wb
            check_yields([wa, wb], ["ptb", "conllu"])  # raises unless only escapes differ
    assert (total, raw, read) == (2996, 326, 326)
    spec = " ".join((ROOT / "docs" / "SPEC.md").read_text(encoding="utf-8").split())
    assert "326 of the 2,996 sentences" in spec
