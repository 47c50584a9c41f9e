"""The package's layout: layers that import only downward, no cycles, no private name shared.

The folders of nltk_tedeval follow a sentence through the pipeline, and each
layer may import only its own modules and those of lower layers, so that a
reader can understand a layer without the ones above it:

====  ============================  =============================================
 0    ``_version``, ``errors``,     the base: versions, the error family, the
      ``hooks``, ``records``,       record of a read sentence, the registry of
      ``kinds``                     kinds, and what the top hands down (``hooks``)
 1    ``trees/``                    tree types, converters, operations on trees
 2    ``reading/``, ``alignment/``  files to sentence records; the units and
                                    positions two tokenizations share
 3    ``scoring/``                  statistics to scores, the sentence loop
 4    ``protocol/``, ``metrics/``   TedEval, and the classic metrics beside it
 5    ``cli/``                      the ``tedeval`` command
 6    ``__init__``, ``__main__``    the package's public face
====  ============================  =============================================

``protocol`` and ``metrics`` share layer 4 and never import each other;
``scoring`` imports nothing but the base and ``alignment``, although trees and
reading lie below it; ``metrics`` never imports ``reading``: what a metric
needs of the readers' work (a block's columns, EVALB's parameters) is a
type in ``trees``; ``reading`` and ``alignment`` share layer 2 and never
import each other. The import graph is
read from the source with ``ast``, relative and absolute imports alike, at any
depth (an import inside a function counts).

Modules share public names, never each other's underscore names: a name a
second module needs is part of the first's interface, and its name says so.
That rule, not a count of lines, keeps modules to one idea each.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import nltk_tedeval

PACKAGE = "nltk_tedeval"
ROOT = Path(nltk_tedeval.__file__).resolve().parent

LAYERS = {
    "base": 0,
    "trees": 1,
    "reading": 2,
    "alignment": 2,
    "scoring": 3,
    "protocol": 4,
    "metrics": 4,
    "cli": 5,
    "top": 6,
}
BASE = {
    f"{PACKAGE}._version",
    f"{PACKAGE}.errors",
    f"{PACKAGE}.hooks",
    f"{PACKAGE}.kinds",
    f"{PACKAGE}.lazy",
    f"{PACKAGE}.records",
}
TOP = {PACKAGE, f"{PACKAGE}.__main__"}
# Lower layers that a group must not import all the same.
FORBIDDEN = {"scoring": {"trees", "reading"}, "metrics": {"reading"}}

# nltk_tedeval.__all__ when the package was split into these folders: every
# name a user could import from the package then must stay importable.
PUBLIC_NAMES = [
    "AlignmentError",
    "Conll18Evaluator",
    "JpEvalbEvaluator",
    "Normalization",
    "align_units",
    "read_ud_words",
    "AttachmentEvaluator",
    "COLLINS_1999",
    "Converter",
    "CrossFrameworkEvaluator",
    "DependencyTree",
    "DiscTree",
    "DiscoParams",
    "DiscoParsevalEvaluator",
    "EmptyTreeError",
    "ErrorSentenceWarning",
    "EvalbParams",
    "Evaluator",
    "Experiment",
    "Explanation",
    "HeadRules",
    "InputFormatError",
    "MissingParseError",
    "MissingParseWarning",
    "NonTreeParseWarning",
    "LABELERS",
    "MPHEvaluator",
    "Measure",
    "MultiFunctionTree",
    "NonProjectiveError",
    "OptionError",
    "ParsevalEvaluator",
    "PhraseStructure",
    "Score",
    "SentenceCountError",
    "SentenceResult",
    "Signature",
    "SignificanceResult",
    "SkippedSentence",
    "StatsTable",
    "TedEvalError",
    "TedEvalEvaluator",
    "TreeStructureError",
    "UnificationError",
    "YieldMismatchError",
    "__version__",
    "apted_distance",
    "check_yields",
    "colon_labeler",
    "dependency_to_mft",
    "detect_format",
    "edit_script",
    "explain",
    "flatten_tree",
    "from_dependency_graph",
    "generalize",
    "get_labeler",
    "identity_labeler",
    "is_punctuation",
    "mph_brackets",
    "normalize_token",
    "paired_randomization",
    "ptb_labeler",
    "read_file",
    "read_head_rules",
    "read_label_map",
    "read_parallel",
    "read_text",
    "relabel",
    "rr_labeler",
    "sentence_stats",
    "sorted_function_tree",
    "subsumes",
    "tl_unify",
    "to_mft",
    "tree_to_mft",
    "unify",
    # issue 30: other libraries' objects and language models' answers
    "Answer",
    "ObjectKind",
    "answer_counts",
    "as_tree",
    "as_trees",
    "read_answers",
    "read_answers_file",
    "register_object_kind",
    # issue 41: token-to-segment maps
    "read_segments",
    "with_segments",
]


def module_files() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = [PACKAGE, *path.relative_to(ROOT).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = module_files()


def group(module: str) -> str:
    if module in TOP:
        return "top"
    if module in BASE:
        return "base"
    folder = module.split(".")[1]
    assert folder in LAYERS, f"{module} is in no layer: add it to the table in this test"
    return folder


def imports(module: str, path: Path) -> set[str]:
    """The modules of the package that ``module`` imports, anywhere in its code."""
    is_package = path.name == "__init__.py"
    here = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()

    def add(target: str) -> None:
        assert target in MODULES, f"{module} imports {target}, which does not exist"
        found.add(target)

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == PACKAGE or alias.name.startswith(PACKAGE + "."):
                    add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            if source != PACKAGE and not source.startswith(PACKAGE + "."):
                continue
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                # "from . import x" imports the module x when there is one.
                add(submodule if submodule in MODULES else source)
    return found


GRAPH = {module: imports(module, path) for module, path in MODULES.items()}


def test_the_graph_sees_relative_absolute_and_function_level_imports() -> None:
    # Without these edges every other test here would pass for the wrong reason.
    assert f"{PACKAGE}.records" in GRAPH[f"{PACKAGE}.trees.convert"]
    assert f"{PACKAGE}.trees.mft" in GRAPH[f"{PACKAGE}.trees.operations"]
    assert f"{PACKAGE}.metrics.attachment" in GRAPH[f"{PACKAGE}.cli.classic_commands"]
    assert f"{PACKAGE}.trees.headrules" in GRAPH[f"{PACKAGE}.reading.tables"]


def test_every_module_is_in_a_layer() -> None:
    for module in MODULES:
        assert group(module) in LAYERS


def test_no_import_cycles() -> None:
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> None:
        if module in done:
            return
        assert module not in path, "import cycle: " + " -> ".join(
            [*path[path.index(module) :], module]
        )
        path.append(module)
        for target in sorted(GRAPH[module]):
            visit(target)
        path.pop()
        done.add(module)

    for module in sorted(GRAPH):
        visit(module)


def wrong_imports(graph: dict[str, set[str]]) -> list[str]:
    """The imports of ``graph`` that run up a layer or reach a layer forbidden to them."""
    wrong = []
    for module, targets in sorted(graph.items()):
        mine = group(module)
        for target in sorted(targets):
            theirs = group(target)
            allowed = theirs == mine or LAYERS[theirs] < LAYERS[mine]
            if not allowed or theirs in FORBIDDEN.get(mine, ()):
                wrong.append(f"{module} ({mine}) imports {target} ({theirs})")
    return wrong


def test_no_import_runs_up_a_layer() -> None:
    wrong = wrong_imports(GRAPH)
    assert not wrong, "\n".join(wrong)


def test_metrics_never_import_reading() -> None:
    # The rule itself: an import of reading/ from metrics/ is reported (it
    # lies below, so only FORBIDDEN catches it), one of trees/ is not, and
    # no metric imports reading/ today.
    parseval = f"{PACKAGE}.metrics.parseval"
    blocks = f"{PACKAGE}.reading.bracket_blocks"
    assert wrong_imports({parseval: {blocks, f"{PACKAGE}.trees.blocks"}}) == [
        f"{parseval} (metrics) imports {blocks} (reading)"
    ]
    into_reading = {
        (m, t)
        for m, ts in GRAPH.items()
        for t in ts
        if group(m) == "metrics" and group(t) == "reading"
    }
    assert into_reading == set()
    # ...while the metrics still reach what they took from there, one layer lower.
    assert f"{PACKAGE}.trees.blocks" in GRAPH[f"{PACKAGE}.metrics.evalb_blocks"]
    assert f"{PACKAGE}.trees.evalb_params" in GRAPH[f"{PACKAGE}.metrics.evalb_brackets"]


def test_protocol_and_metrics_do_not_import_each_other() -> None:
    # Already implied by the layer table; said again because it matters most.
    other = {"protocol": "metrics", "metrics": "protocol"}
    for module, targets in GRAPH.items():
        if group(module) in other:
            assert all(group(t) != other[group(module)] for t in targets), module


def private_names_shared() -> list[str]:
    """Every place where a module uses an underscore name of another of the package."""
    found = []
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        imported: dict[str, str] = {}  # local name -> module of the package it is
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                source = resolve(package, node.module, node.level)
                if not source.startswith(PACKAGE):
                    continue
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        found.append(f"{module} imports {source}.{alias.name}")
                    if f"{source}.{alias.name}" in MODULES:
                        imported[alias.asname or alias.name] = f"{source}.{alias.name}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith(PACKAGE) and alias.asname:
                        imported[alias.asname] = alias.name
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in imported
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
            ):
                found.append(f"{module} uses {imported[node.value.id]}.{node.attr}")
    return found


def resolve(package: str, name: str | None, level: int) -> str:
    """The absolute name of ``from <level dots><name> import ...`` inside ``package``."""
    if level == 0:
        return name or ""
    base = package.split(".")
    base = base[: len(base) - (level - 1)]
    return ".".join([*base, *([name] if name else [])])


def test_no_module_uses_another_modules_private_names() -> None:
    assert private_names_shared() == []


def test_the_private_name_rule_sees_both_spellings(tmp_path: Path, monkeypatch) -> None:
    # A module that imports an underscore name, and one that reads it off the
    # module it imported: both are found, each once.
    a = tmp_path / "a.py"
    a.write_text("from .b import _hidden\nfrom . import b\nx = b._other\n", encoding="utf-8")
    b = tmp_path / "b.py"
    b.write_text("_hidden = _other = 1\n", encoding="utf-8")
    monkeypatch.setattr(
        __import__(__name__, fromlist=["MODULES"]),
        "MODULES",
        {f"{PACKAGE}.demo.a": a, f"{PACKAGE}.demo.b": b},
    )
    assert private_names_shared() == [
        f"{PACKAGE}.demo.a imports {PACKAGE}.demo.b._hidden",
        f"{PACKAGE}.demo.a uses {PACKAGE}.demo.b._other",
    ]


def test_every_public_name_is_importable_from_the_package() -> None:
    assert sorted(nltk_tedeval.__all__) == sorted(PUBLIC_NAMES)
    for name in PUBLIC_NAMES:
        namespace: dict[str, object] = {}
        exec(f"from nltk_tedeval import {name}", namespace)
        assert namespace[name] is getattr(nltk_tedeval, name)


def test_every_subpackage_says_what_it_is_and_exports_its_names() -> None:
    for module, path in MODULES.items():
        if path.name != "__init__.py" or module == PACKAGE:
            continue
        package = importlib.import_module(module)
        assert package.__doc__ and f"layer {LAYERS[group(module)]}" in package.__doc__, module
        for name in package.__all__:
            assert hasattr(package, name), f"{module}.__all__ names {name}, which it lacks"
