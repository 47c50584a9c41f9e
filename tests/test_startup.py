"""What a process pays before it scores anything (issue 31).

``import nltk_tedeval`` imports three small modules of the package and, of its
dependencies, only lazy_loader; ``tedeval --version`` and ``tedeval CMD --help`` import the command
line's own modules, the registries its choices come from (formats, labelers,
metrics) and the options' defaults, and no scoring code, numpy, nltk or apted.
Each check runs in a fresh interpreter and lists what it imported. The time
this saves is measured in benchmarks/run.py (``startup``), not here.
"""

from __future__ import annotations

import ast
import importlib.metadata
import json
import subprocess
import sys
from pathlib import Path

import pytest

import nltk_tedeval.cli.commands  # noqa: F401  (registers the commands in METRICS)
from nltk_tedeval.cli.registry import METRICS

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "nltk_tedeval"

HEAVY = ("numpy", "nltk", "apted", "joblib", "tqdm", "diff_match_patch", "spacy")

# What `import nltk_tedeval` may import of the package: itself, the hooks the lower layers
# are handed (nltk_tedeval.hooks) and the lazy loading of names (nltk_tedeval.lazy).
IMPORT_PACKAGE = {"nltk_tedeval", "nltk_tedeval.hooks", "nltk_tedeval.lazy"}

# What --version and --help may import: the command line's parser, the modules it
# reads its choices from (each imports nothing of the scoring code), and the
# packages above them (whose names are lazy).
PARSER = IMPORT_PACKAGE | {
    "nltk_tedeval._version",
    "nltk_tedeval.errors",
    "nltk_tedeval.cli",
    "nltk_tedeval.cli.command",
    "nltk_tedeval.cli.commands",
    "nltk_tedeval.cli.file_kinds",
    "nltk_tedeval.cli.registry",
    "nltk_tedeval.cli.terminal",
    "nltk_tedeval.reading",
    "nltk_tedeval.reading.formats",
    "nltk_tedeval.scoring",
    "nltk_tedeval.scoring.defaults",
    "nltk_tedeval.trees",
    "nltk_tedeval.trees.labelers",
}

LIST_IMPORTS = (
    "import json, sys\n"
    "{code}\n"
    "names = sorted(m for m in sys.modules if m.split('.')[0] in {heavy} + ('nltk_tedeval',))\n"
    "sys.__stdout__.write('\\n' + json.dumps(names))\n"
)


def imported_by(code: str) -> tuple[set[str], set[str], str]:
    """The package's modules and the heavy dependencies ``code`` imports, and its output."""
    proc = subprocess.run(
        [sys.executable, "-c", LIST_IMPORTS.format(code=code, heavy=HEAVY)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    output, _, listing = proc.stdout.rpartition("\n")
    names = set(json.loads(listing))
    ours = {n for n in names if n.split(".")[0] == "nltk_tedeval"}
    return ours, names - ours, output


def run_main(*argv: str) -> str:
    return (
        "from nltk_tedeval.cli import main\n"
        "try:\n"
        f"    main({list(argv)!r})\n"
        "except SystemExit as exit:\n"
        "    assert exit.code in (0, None), exit.code\n"
    )


def test_importing_the_package_imports_almost_nothing() -> None:
    ours, heavy, _ = imported_by("import nltk_tedeval")
    assert ours == IMPORT_PACKAGE
    assert heavy == set()


def test_version_imports_only_the_parser() -> None:
    ours, heavy, output = imported_by(run_main("--version"))
    assert output.strip() == "tedeval 0.1.0"
    assert ours <= PARSER, sorted(ours - PARSER)
    assert heavy == set()


@pytest.mark.parametrize("command", [None, *METRICS])
def test_help_imports_only_the_parser(command: str | None) -> None:
    argv = ["--help"] if command is None else [command, "--help"]
    ours, heavy, output = imported_by(run_main(*argv))
    assert output.startswith("usage: tedeval")
    assert ours <= PARSER, sorted(ours - PARSER)
    assert heavy == set()


def test_a_name_is_imported_with_its_module_only() -> None:
    # TedEvalEvaluator needs the protocol's modules and the scoring loop, not the other
    # metrics, the command line or the readers of files.
    ours, heavy, _ = imported_by("from nltk_tedeval import TedEvalEvaluator")
    assert "nltk_tedeval.protocol.evaluators" in ours
    assert not any(n.startswith(("nltk_tedeval.metrics.", "nltk_tedeval.cli.")) for n in ours)
    assert "nltk_tedeval.reading.sentences" not in ours
    assert "nltk" not in heavy


def stubbed_packages() -> list[Path]:
    return sorted(p.parent for p in PACKAGE.rglob("__init__.pyi"))


def test_every_package_has_a_stub_and_lists_only_its_own_modules() -> None:
    packages = sorted(p.parent for p in PACKAGE.rglob("__init__.py"))
    assert stubbed_packages() == [p for p in packages if p.name != "html"]
    for package in stubbed_packages():
        tree = ast.parse((package / "__init__.pyi").read_text(encoding="utf-8"))
        for node in tree.body[1:]:
            # lazy_loader.attach_stub reads relative imports only; "X as X" re-exports
            # the name for type checkers (PEP 484).
            assert isinstance(node, ast.ImportFrom) and node.level == 1, package
            assert (package / f"{node.module.split('.')[0]}.py").exists() or (
                package / node.module.split(".")[0]
            ).is_dir()
            assert all(a.asname == a.name for a in node.names), package


def test_the_stubs_are_shipped_in_the_wheel() -> None:
    # A wheel without them fails at import: setuptools ships what package-data names.
    # (tomllib is Python 3.11's; the line is read as written.)
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '\n"*" = ["__init__.pyi"]\n' in pyproject


def test_a_packages_modules_are_its_attributes_imported_on_first_use() -> None:
    # As when every __init__ imported its modules: nltk_tedeval.trees, and the modules of
    # a folder, are attributes (listed by dir), but not names __all__ exports.
    code = (
        "import nltk_tedeval as t\n"
        "names = ('trees', 'reading', 'alignment', 'scoring', 'protocol', 'metrics', 'cli',\n"
        "         'errors', 'records')\n"
        "assert all(hasattr(t, n) and n in dir(t) and n not in t.__all__ for n in names)\n"
        "assert t.scoring.evaluator.Evaluator is t.Evaluator\n"
        "assert 'evaluator' in dir(t.scoring) and 'evaluator' not in t.scoring.__all__\n"
        "assert not hasattr(t, 'nothing') and not hasattr(t.trees, 'nothing')\n"
    )
    imported_by(code)


def test_a_name_that_is_also_its_modules_name_stays_the_name() -> None:
    # protocol/explain.py holds explain(): importing the module first (as a notebook does)
    # must not make the package's name the module (lazy_loader 0.6 guards it).
    code = (
        "import nltk_tedeval.protocol.explain\n"
        "from nltk_tedeval import explain\n"
        "from nltk_tedeval.protocol import explain as same\n"
        "assert callable(explain) and explain is same, explain\n"
    )
    imported_by(code)


def test_the_packages_doctests_pass_without_pytest() -> None:
    # A docstring's example imports the names it uses: a module's globals no longer hold
    # them (doctest runs them against the module's dict).
    code = (
        "import doctest, importlib\n"
        "for name in ('', '.trees', '.reading', '.scoring', '.protocol', '.metrics'):\n"
        "    module = importlib.import_module('nltk_tedeval' + name)\n"
        "    failed, tried = doctest.testmod(module)\n"
        "    assert tried and not failed, (name, failed)\n"
    )
    imported_by(code)


GOLD = "1\tHe\t_\tPRON\t_\t_\t2\tnsubj\t_\t_\n2\tleft\t_\tVERB\t_\t_\t0\troot\t_\t_\n\n" * 2
PARSE = GOLD.replace("2\tnsubj", "0\tnsubj", 1)


def test_the_process_entry_is_main_with_its_status_and_its_files(tmp_path: Path) -> None:
    # `python -m nltk_tedeval` (and the console script) run console(): main's output,
    # files and exit status, then every object frozen so that the collector's last passes
    # at exit are skipped (issue 31).
    gold, parse, rows = tmp_path / "g.conllu", tmp_path / "p.conllu", tmp_path / "rows.tsv"
    gold.write_text(GOLD, encoding="utf-8")
    parse.write_text(PARSE, encoding="utf-8")
    command = [sys.executable, "-m", "nltk_tedeval", "attach", str(gold), str(parse)]
    proc = subprocess.run(
        [*command, "--per-sentence", str(rows), "-f", "json"], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    # He's head is wrong in the first sentence: 3 of 4 heads right.
    assert json.loads(proc.stdout)["systems"][0]["scores"]["UAS"]["value"] == 0.75
    assert len(rows.read_text(encoding="utf-8").splitlines()) == 3  # a header, 2 sentences
    missing = tmp_path / "none.conllu"
    failed = subprocess.run([*command[:-1], str(missing)], capture_output=True, text=True)
    assert failed.returncode == 1
    assert failed.stderr.startswith(f"tedeval: error: {missing}: No such file or directory")
    # Every object left is frozen (thousands: the modules' functions and classes), none
    # before console() ends; the console script is console() too.
    code = (
        "import gc, sys\n"
        f"sys.argv = ['tedeval', 'attach', {str(gold)!r}, {str(parse)!r}]\n"
        "from nltk_tedeval.cli import console\n"
        "before = gc.get_freeze_count()\n"
        "status = console()\n"
        "print(status, before, gc.get_freeze_count() > 5000)\n"
    )
    _, _, output = imported_by(code)
    assert output.split()[-3:] == ["0", "0", "True"]
    (script,) = importlib.metadata.entry_points(group="console_scripts", name="tedeval")
    assert script.value == "nltk_tedeval.cli:console"
