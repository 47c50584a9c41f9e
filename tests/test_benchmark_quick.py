"""What ``benchmarks/run.py --quick`` runs, and how it reports the targets it cannot judge.

A quick run shrinks its inputs (every eighth GUM document, smaller synthetic
corpora) and leaves the sections whose point is their size to the full run,
so a target about the full run's inputs gets no verdict from it: the table
says "(full run)" where a verdict would be. Nothing here times anything; the
figures themselves are the benchmark's business.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def run() -> ModuleType:
    """benchmarks/run.py as a module (benchmarks/ is not a package)."""
    spec = importlib.util.spec_from_file_location("bench_run", ROOT / "benchmarks" / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_run"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def bench(run: ModuleType, quick: bool, tmp_path: Path):
    return run.Bench(repeat=1, quick=quick, tmp=tmp_path, gum=tmp_path)


def target_cell(run: ModuleType, figure) -> str:
    return figure.row()[run.HEADER.index("target")]


def test_a_quick_run_leaves_a_sized_target_to_the_full_run(run, tmp_path) -> None:
    b = bench(run, True, tmp_path)
    # 1.0 s against nltk's 2.0 s: 2x, short of 3x, which a full run would print NOT met.
    b.add(run.Figure("read", 100, 1.0, None, "nltk", 2.0, target=">= 3x", met=False))
    (figure,) = b.figures
    assert figure.met is None
    assert target_cell(run, figure) == ">= 3x (full run)"


def test_a_quick_run_judges_a_target_that_does_not_depend_on_size(run, tmp_path) -> None:
    b = bench(run, True, tmp_path)
    b.add(run.Figure("start-up", 0, 0.1, None, "python", 0.02, target="< 0.05 s", met=False,
                     sized=False))  # fmt: skip
    assert target_cell(run, b.figures[0]) == "< 0.05 s NOT met"


def test_a_full_run_judges_every_target(run, tmp_path) -> None:
    b = bench(run, False, tmp_path)
    b.add(run.Figure("read", 100, 1.0, None, "nltk", 4.0, target=">= 3x", met=True))
    assert target_cell(run, b.figures[0]) == ">= 3x met"


def test_a_quick_run_measures_no_memory(run, tmp_path) -> None:
    assert bench(run, True, tmp_path).peak_mb(lambda: bytearray(2**20)) is None
    # A full run does: the 1 MiB block is at its peak.
    assert bench(run, False, tmp_path).peak_mb(lambda: bytearray(2**20)) >= 1.0


def test_the_sections_of_each_run(run) -> None:
    everything = set(run.SECTIONS)
    assert run.chosen_sections(None, quick=False) == everything - {"suite"}
    assert run.chosen_sections(None, quick=True) == everything - {"suite", "jobs", "extreme"}
    # --only names what runs, quick or not.
    assert run.chosen_sections("jobs,suite", quick=True) == {"jobs", "suite"}


def test_the_quick_inputs_are_every_eighth_gum_document(run, tmp_path) -> None:
    files = run.concatenate_gum(run.gum_directory(), tmp_path, run.QUICK_EVERY)
    text = files["conllu"].read_text(encoding="utf-8")
    documents = {line.split("=")[1].strip().rsplit("-", 1)[0]
                 for line in text.splitlines() if line.startswith("# sent_id")}  # fmt: skip
    # The excerpt's 80 documents sorted by name, from the first: positions 0, 8, ..., 72.
    assert len(documents) == 10
    assert {"GUM_academic_art", "GUM_voyage_oakland"} <= documents
    assert text.count("# sent_id") == 353
    assert len(files["lines"].read_text(encoding="utf-8").splitlines()) == 353


@pytest.mark.parametrize("language", ["french", "vietnamese"])
def test_the_multiword_parses_are_the_samples_parses(run, tmp_path, language) -> None:
    # A 20-sentence excerpt is one stretch of RESEGMENTED_EVERY sentences: the
    # benchmark's parses of it are make_parses.py's shipped ones, byte for byte
    # (Vietnamese is split and joined at spaces, French is not).
    folder = ROOT / "corpora_samples" / "ud" / language
    assert run.RESEGMENTED_EVERY == 20
    made = run.ud_parses(folder / "gold.conllu", tmp_path)
    for name, shipped in (("same", "same.conllu"), ("resegmented", "resegmented.conllu")):
        assert made[name].read_bytes() == (folder / shipped).read_bytes()
