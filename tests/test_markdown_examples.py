"""Every example in every Markdown file runs as shown (issue 26: docs that cannot drift).

The test finds every Markdown file of the repository (not ``.git``, virtual
environments, build output or mutmut's copy in ``mutants/``) and every
fenced block in it:

- **Python blocks** (```python) run alone, each in a fresh namespace, from
  the repository root, as a reader who copies just that block would run
  them: a block of ``>>>`` examples through doctest (ELLIPSIS, as pytest's
  ``--doctest-glob`` runs them), any other block through ``exec``; when a
  ```text block follows it with nothing but blank lines between, that block
  is what it prints.
- **Shell sessions** (a ```console, ```text or plain ``` block whose lines
  start with ``$``): each ``$`` command (``\\`` continues it on the next
  line) runs under bash from the repository root, and its standard output
  and standard error, merged as a terminal shows them, must be the lines
  under it. The exit status must be 0, or 1 when the output shown has a
  ``tedeval: error:`` line.
- **Command blocks** (```sh): each command runs and must exit with 0.

Every command is first checked without running it (``check_command``): a
``tedeval`` command must parse with the command's own argument parser, a
script must exist and know the options given, an extra of ``pip install``
must exist, and every file named must exist unless it is one of the
``PLACEHOLDERS`` of syntax summaries (``tedeval score GOLD PARSE``); a
command naming a placeholder is only checked, never run, and so is every
command in ``NOT_RUN``, each with its reason.

Output is compared after two normalizations, and no other: blanks at the
end of a line and empty lines at the end are ignored, and the commands run
with ``PYTHONIOENCODING=utf-8``, so that ``⊓`` prints as on a UTF-8
terminal whatever the locale of the test run.

A command written outside these blocks (an indented code block, a fenced
block of another language) fails the test, so that every example is run;
backticked ``python SCRIPT --option`` commands in the prose get the checks
without running. The module paths (``nltk_tedeval.x.y``) and package paths
(``nltk_tedeval/x/y.py``) that any Markdown file names must exist.
"""

from __future__ import annotations

import configparser
import contextlib
import doctest
import importlib
import importlib.metadata
import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from nltk_tedeval.cli.command import build_parser

from .test_docs_references import generated, references

ROOT = Path(__file__).resolve().parent.parent

# Directories that hold no documentation of the project: build output (site/ is the
# documentation site that `mkdocs build` makes from these files),
# mutmut's copy of the repository, caches; hidden directories (.git, .venv,
# .pytest_cache, ...) and virtual environments are left out as well.
SKIPPED_DIRECTORIES = {"build", "dist", "mutants", "node_modules", "__pycache__", "site"}

# Commands the test does not run, with the reason; each still gets every
# check that needs no run (its options parse, its script and files exist).
NOT_RUN = {
    'pip install -e ".[test]"': "installs packages from the network; the test runs inside it",
    'pip install -e ".[bench]"': "installs packages from the network",
    'pip install -e ".[study]"': "installs packages from the network",
    'pip install -e ".[test,mutation]"': "installs packages from the network",
    "python -m pytest -n auto": "the whole suite, this test included: minutes "
    "(docs/guide/install.md)",
    "NLTK_TEDEVAL_FUZZ=thorough python -m pytest -n auto": "the whole suite, thorough",
    "python benchmarks/run.py": "every benchmark: minutes (docs/guide/speed.md says how many)",
    "python benchmarks/run.py --only read,cross,parseval": "timed runs of the whole GUM excerpt",
    "python benchmarks/run.py --only startup,align": "timed runs of whole processes",
    "python benchmarks/run.py --only la_ted --discodop PATH/discodop --discodop-python "
    "PATH/python": "disco-dop's eval --la --ted on GUM: minutes",
    "python examples/study.py --evaluate-only": "the study's whole evaluation, with 10,000-round "
    "tests; tests/test_study.py runs it with fewer rounds and checks what it writes where",
    "python examples/study.py": "trains the study's parsers: 17 minutes, and rewrites the outputs",
    "mutmut run --max-children 2": "the release mutation run: about an hour",
    "mutmut run --max-children 1": "a mutation run: over an hour",
    "mutmut results": "reads mutants/, the results of a mutation run",
    "NLTK_TEDEVAL_FUZZ=long pytest tests/test_fuzz.py --hypothesis-show-statistics": "the long "
    "fuzzing session: 72 minutes",
}

# Names that stand for the reader's own files in syntax summaries. A command
# that names one is checked (it parses, its other files exist), never run.
PLACEHOLDERS = {
    # tedeval's own metavariables
    "GOLD", "GOLD2", "PARSE", "TEST", "FILE", "SYSTEM", "GOLD.export", "TEST.export",
    # parameter files of EVALB and disco-dop, which are not shipped
    "COLLINS.prm", "proper.prm",
    # the reader's treebank files and parser outputs
    "gold.ptb", "berkeley.ptb", "gold.conllu", "malt.conllu", "gold.mrg",
    "raw_parse.conllu", "raw_parse.mrg",
    "runs/1/parse.conllu", "runs/2/parse.conllu",
    # programs that are not shipped: EVALB and the CoNLL 2018 script
    "PATH", "PATH/evalb", "PATH/conll18_ud_eval.py", "conll18_ud_eval.py",
    # a UD test set that is not shipped (benchmarks/run.py --ud-gold)
    "PATH/fr_gsd-ud-test.conllu",
    # the IWPT 2020 scripts and the treebanks with enhanced graphs (issue 43)
    "PATH/en_ewt-ud-test.conllu", "PATH/iwpt20_xud_eval.py", "PATH/tools",
    "PATH/nl_alpino-ud-test.conllu",
    "gold.collapsed.conllu", "system.collapsed.conllu", "FLAG", "DIGITS",
    # disco-dop built in place, and the Python with its dependencies (issue 44)
    "PATH/discodop", "PATH/python",
    # a mutant's name (docs/mutation.md)
    "NAME",
}  # fmt: skip

# Environment variables a command may set, and the file that reads each
# (None: read by another program).
ENVIRONMENT = {"NLTK_TEDEVAL_FUZZ": "tests/conftest.py", "MUTANT_UNDER_TEST": None}

# Directories a command may change to that exist only after another step.
LATER_DIRECTORIES = {"mutants": "mutmut's copy of the repository, made by `mutmut run`"}

# Strings that look like package paths and are not.
NOT_PATHS = {
    "nltk_tedeval/report": "the JSON report's schema name (docs/report.md)",
    "nltk_tedeval/rank": "the ranking report's schema name (docs/report.md)",
}

# Files that must keep at least this many examples of each kind: the test
# must not pass by finding nothing. Add a file here when it gains examples.
AT_LEAST = {
    # README.md's sections moved to the guide (issue 42): their examples with them
    "README.md": {"doctest": 1, "commands": 1},
    "docs/guide/scores.md": {"doctest": 3},
    "docs/guide/score.md": {"doctest": 1, "session": 3, "commands": 1},
    "docs/guide/cross.md": {"session": 2},
    "docs/guide/tokenization.md": {"doctest": 1, "session": 2, "commands": 1},
    "docs/guide/llm.md": {"doctest": 1, "session": 1},
    "docs/guide/teaching.md": {"doctest": 1, "session": 1},
    "docs/guide/classic.md": {"doctest": 2},
    "docs/guide/speed.md": {"commands": 1},
    "docs/guide/install.md": {"commands": 2},
    "corpora_samples/mph/README.md": {"python": 1},
    "corpora_samples/spec/README.md": {"session": 3},
    "corpora_samples/llm/README.md": {"session": 1},
    "corpora_samples/ud/README.md": {"session": 1, "commands": 1},
    "docs/extending.md": {"python": 2},
    "docs/report.md": {"commands": 1},
    "docs/study.md": {"commands": 1, "session": 3},
    "docs/mutation.md": {"commands": 3},
    "docs/robustness.md": {"commands": 1},
    "tests/fixtures_conll18/SOURCE.md": {"commands": 1},
    "tests/fixtures_ud_languages/SOURCE.md": {"commands": 1},
    "examples/study_results.md": {"json": 1},
}

PYTHON = {"python", "py", "python3", "pycon"}
SHELL = {"sh", "bash", "shell", "console", "shell-session"}
SESSION = SHELL | {"text", ""}
# What a command looks like at the start of a line, to find one outside a run block.
COMMAND_START = re.compile(r"^\s*(\$ |(tedeval|python|python3|pytest|pip|mutmut)( |$))")
FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`\s]*)[^`]*$")
# A word that names a file: it has a folder or a file name extension.
FILE_LIKE = re.compile(r"/|\.(conllu|conll|ptb|mrg|prm|rules|tsv|export|dbr|py|json|gz|txt|md)$")
PLACEHOLDER_LIKE = re.compile(r"^[A-Z][A-Z0-9_]+$")


@dataclass(frozen=True)
class Block:
    """A fenced block of a Markdown file."""

    path: str  # relative to the repository root, with forward slashes
    line: int  # of the opening fence, from 1
    end: int  # of the closing fence
    lang: str
    text: str

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"

    @property
    def kind(self) -> str:
        """doctest, python, session, commands, json or other."""
        if self.lang in PYTHON:
            return "doctest" if re.search(r"^\s*>>> ", self.text, re.M) else "python"
        if self.lang in SESSION and re.search(r"^\$ ", self.text, re.M):
            return "session"
        if self.lang in SHELL:
            return "commands"
        return "json" if self.lang == "json" else "other"


def _skipped_directory(path: Path) -> bool:
    name = path.name
    return (
        name in SKIPPED_DIRECTORIES
        or name.endswith(".egg-info")
        or (name.startswith(".") and name not in {".ci", ".github"})
        or (path / "pyvenv.cfg").exists()
    )


def markdown_files() -> list[str]:
    found = []
    for directory, subdirectories, files in os.walk(ROOT):
        here = Path(directory)
        subdirectories[:] = sorted(d for d in subdirectories if not _skipped_directory(here / d))
        found += [
            (here / f).relative_to(ROOT).as_posix() for f in sorted(files) if f.endswith(".md")
        ]
    return sorted(found)


def fenced_blocks(path: str) -> list[Block]:
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    blocks, i = [], 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        fence, indent = opening["fence"], len(opening["indent"])
        closing = re.compile(rf"^ {{0,3}}{fence[0]}{{{len(fence)},}}\s*$")
        j = i + 1
        while j < len(lines) and not closing.match(lines[j]):
            j += 1
        assert j < len(lines), f"{path}:{i + 1}: a fence that is never closed"
        # A fence indented by n spaces takes up to n spaces off each line of its block.
        body = [re.sub(rf"^ {{0,{indent}}}", "", line) for line in lines[i + 1 : j]]
        text = "\n".join(body) + "\n" if body else ""
        blocks.append(Block(path, i + 1, j + 1, opening["info"].lower(), text))
        i = j + 1
    return blocks


FILES = markdown_files()
BLOCKS = [block for path in FILES for block in fenced_blocks(path)]


def _output_block(block: Block) -> Block | None:
    """The ```text block right after a Python block: what it prints."""
    lines = (ROOT / block.path).read_text(encoding="utf-8").splitlines()
    following = [b for b in BLOCKS if b.path == block.path and b.line > block.end]
    if not following:
        return None
    after = min(following, key=lambda b: b.line)
    between = lines[block.end : after.line - 1]
    if after.lang == "text" and after.kind == "other" and not any(s.strip() for s in between):
        return after
    return None


# -- commands -------------------------------------------------------------------------------


def one_line(command: str) -> str:
    """A command with its continuation lines joined, as the shell reads it."""
    return re.sub(r"\\\n\s*", " ", command).strip()


def simple_commands(command: str) -> list[list[str]]:
    """The words of each simple command of a command line, comments dropped."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars=";&|")
    lexer.whitespace_split = True
    commands: list[list[str]] = [[]]
    for word in lexer:
        if word in {"&&", "||", ";", "|"}:
            commands.append([])
        else:
            commands[-1].append(word)
    return [c for c in commands if c]


def _syntax_words(words: list[str]) -> list[str]:
    """Words of a syntax summary with its ``[optional]`` brackets and ``...`` taken off."""
    out = []
    for word in words:
        if word == "...":
            continue
        if word.startswith("["):
            word = word[1:]
        if word.endswith("]") and "[" not in word:
            word = word[:-1]
        if word:
            out.append(word)
    return out


def _named_files(word: str) -> list[str]:
    """The files a word may name: itself, or the parts of NAME=FILE and GOLD,PARSE."""
    if word.startswith("-"):
        word = word.partition("=")[2]
    name, eq, value = word.partition("=")
    if eq and re.fullmatch(r"[\w.-]+", name):
        word = value
    return [part for part in word.split(",") if part]


def _check_files(words: list[str], where: str) -> bool:
    """Every file named exists or is a placeholder; True when one is a placeholder."""
    placeholder = False
    for word in words:
        for part in _named_files(word):
            if part in PLACEHOLDERS:
                placeholder = True
            elif PLACEHOLDER_LIKE.match(part):
                pytest.fail(f"{where}: {part!r} looks like a placeholder; add it to PLACEHOLDERS")
            elif FILE_LIKE.search(part) and not (ROOT / part).exists():
                pytest.fail(f"{where}: {part!r} does not exist (nor is it a placeholder)")
    return placeholder


def _tedeval_help(args: list[str]) -> str:
    """What ``tedeval [COMMAND] --help`` prints."""
    printed = io.StringIO()
    with contextlib.suppress(SystemExit), contextlib.redirect_stdout(printed):
        build_parser().parse_args([*args, "--help"])
    return printed.getvalue()


def _check_tedeval(args: list[str], where: str) -> None:
    """The command's own parser takes the arguments, and every option is spelled in full."""
    stderr = io.StringIO()
    try:
        with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
            build_parser().parse_args(args)
    except SystemExit as exit_:
        if exit_.code:
            pytest.fail(f"{where}: tedeval {shlex.join(args)}: {stderr.getvalue().strip()}")
    # argparse also takes an abbreviation (--head-rule for --head-rules); the docs do not.
    command = [a for a in args[:1] if not a.startswith("-")]
    known = _tedeval_help(command)
    for word in args:
        option = word.partition("=")[0]
        if option == "--":
            break
        if option.startswith("--"):
            spelled = re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", known)
            assert spelled, f"{where}: tedeval {' '.join(command)} has no option {option}"


def _check_script(script: str, args: list[str], where: str) -> None:
    """The script exists and knows every --option given (and every --only section)."""
    if script in PLACEHOLDERS:
        return
    assert (ROOT / script).is_file(), f"{where}: {script} does not exist"
    source = (ROOT / script).read_text(encoding="utf-8")
    for k, word in enumerate(args):
        if not word.startswith("--"):
            continue
        option = word.partition("=")[0]
        assert f'"{option}"' in source, f"{where}: {script} has no option {option}"
        if option == "--only" and k + 1 < len(args):
            for section in args[k + 1].split(","):
                assert f'"{section}"' in source, f"{where}: {script} has no section {section}"


@dataclass(frozen=True)
class Checked:
    """What checking a command found out."""

    placeholder: bool  # it names a placeholder: a syntax summary, never run
    programs: tuple[str, ...]


# Programs the test may run; any other command must be in NOT_RUN or name a placeholder.
RUNS = {"tedeval", "python", "python3", "cd"}


def check_command(command: str, where: str) -> Checked:
    """Check a command without running it; fails the test on anything the docs get wrong."""
    placeholder = False
    programs = []
    for words in simple_commands(one_line(command)):
        words = _syntax_words(words)
        while re.match(r"^[A-Za-z_]\w*=", words[0]):
            variable, _, value = words.pop(0).partition("=")
            assert variable in ENVIRONMENT, f"{where}: unknown variable {variable}"
            reader = ENVIRONMENT[variable]
            if reader is not None:
                text = (ROOT / reader).read_text(encoding="utf-8")
                assert variable in text and f'"{value}"' in text, f"{where}: {reader}"
            placeholder |= value in PLACEHOLDERS
        program, args = words[0], words[1:]
        programs.append(program)
        python = program in {"python", "python3"}
        if program == "cd":
            assert args[0] in LATER_DIRECTORIES or (ROOT / args[0]).is_dir(), where
            placeholder |= args[0] in LATER_DIRECTORIES
            continue
        placeholder |= _check_files(args, where)
        if program == "tedeval":
            _check_tedeval(args, where)
        elif python and args[:2] == ["-m", "nltk_tedeval"]:
            _check_tedeval(args[2:], where)
        elif (python and args[:2] == ["-m", "pytest"]) or program == "pytest":
            pass  # the files it names were checked above
        elif python and args and not args[0].startswith("-"):
            _check_script(args[0], args[1:], where)
        elif program == "pip" and args[:2] == ["install", "-e"]:
            extras = re.fullmatch(r"\.(?:\[([\w,-]+)\])?", args[2])
            assert extras, f"{where}: pip installs {args[2]!r}, not this project"
            known = set(importlib.metadata.metadata("nltk_tedeval").get_all("Provides-Extra"))
            unknown = set((extras[1] or "").split(",")) - known - {""}
            assert not unknown, f"{where}: pyproject.toml has no extra {sorted(unknown)}"
        elif program == "mutmut":
            config = configparser.ConfigParser()
            config.read(ROOT / "setup.cfg", encoding="utf-8")
            assert config.has_section("mutmut"), f"{where}: setup.cfg has no [mutmut] section"
            assert args[0] in {"run", "results", "show", "browse"}, f"{where}: mutmut {args[0]}"
        else:
            pytest.fail(f"{where}: no check for {program!r}; add one to check_command")
    return Checked(placeholder, tuple(programs))


def to_run(command: str, where: str) -> bool:
    """Check a command; True when the test is to run it too."""
    checked = check_command(command, where)
    if _key(command) in NOT_RUN or checked.placeholder:
        return False
    others = set(checked.programs) - RUNS
    assert not others, f"{where}: {sorted(others)} would run; list the command in NOT_RUN"
    return True


def _environment() -> dict[str, str]:
    """This interpreter's tedeval and python first on PATH; output as on a UTF-8 terminal."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def run_command(command: str, where: str) -> tuple[int, str]:
    if shutil.which("bash") is None:
        pytest.fail(f"{where}: the shell examples need bash")
    env = _environment()
    assert shutil.which("tedeval", path=env["PATH"]), f"{where}: pip install -e . first"
    done = subprocess.run(
        ["bash", "-c", one_line(command)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        timeout=300,
    )
    return done.returncode, done.stdout


def normalized(lines: list[str]) -> list[str]:
    """Blanks at line ends and empty lines at the end do not count."""
    out = [line.rstrip() for line in lines]
    while out and not out[-1]:
        out.pop()
    return out


def session(block: Block) -> list[tuple[str, list[str]]]:
    """The commands of a shell session, each with the output shown under it."""
    items: list[tuple[str, list[str]]] = []
    lines = block.text.splitlines()
    k = 0
    while k < len(lines):
        assert lines[k].startswith("$ "), f"{block.where}: output before the first $ command"
        command = [lines[k][2:]]
        while command[-1].endswith("\\"):
            k += 1
            command.append(lines[k])
        k += 1
        output = []
        while k < len(lines) and not lines[k].startswith("$ "):
            output.append(lines[k])
            k += 1
        items.append(("\n".join(command), output))
    return items


def block_commands(block: Block) -> list[str]:
    """The commands of a ```sh block: its lines, continuations joined, comments left out."""
    commands: list[str] = []
    pending = ""
    for line in block.text.splitlines():
        pending = f"{pending}\n{line}" if pending else line
        if line.endswith("\\"):
            continue
        if pending.strip() and not pending.lstrip().startswith("#"):
            commands.append(pending)
        pending = ""
    return commands


def _key(command: str) -> str:
    """A command as NOT_RUN spells it: one line, comment off, single spaces."""
    words = one_line(command)
    lexer = shlex.shlex(words, posix=False)
    lexer.whitespace_split = True
    return " ".join(lexer)


# -- the tests ------------------------------------------------------------------------------


def _ids(blocks: list[Block]) -> list[str]:
    return [b.where for b in blocks]


DOCTESTS = [b for b in BLOCKS if b.kind == "doctest"]
SCRIPTS = [b for b in BLOCKS if b.kind == "python"]
SESSIONS = [b for b in BLOCKS if b.kind == "session"]
COMMAND_BLOCKS = [b for b in BLOCKS if b.kind == "commands"]


@pytest.mark.parametrize("block", DOCTESTS, ids=_ids(DOCTESTS))
def test_doctest_block_runs_alone(block: Block, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    test = doctest.DocTestParser().get_doctest(
        block.text, {"__name__": "__main__"}, block.where, str(ROOT / block.path), block.line
    )
    assert test.examples, f"{block.where}: no example found"
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test, out=report.append)
    assert result.failed == 0, "".join(report)
    assert result.attempted == len(test.examples)


@pytest.mark.parametrize("block", SCRIPTS, ids=_ids(SCRIPTS))
def test_python_block_runs_alone(block: Block, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(block.text, block.where, "exec"), {"__name__": "__main__"})
    shown = _output_block(block)
    if shown is not None:
        assert normalized(printed.getvalue().splitlines()) == normalized(shown.text.splitlines()), (
            f"{block.where} prints other lines than {shown.where} shows"
        )


@pytest.mark.parametrize("block", SESSIONS, ids=_ids(SESSIONS))
def test_shell_session_prints_what_it_shows(block: Block) -> None:
    for command, shown in session(block):
        where = f"{block.where}: $ {one_line(command)}"
        if not to_run(command, where):
            continue
        status, output = run_command(command, where)
        expected_status = 1 if any(s.startswith("tedeval: error:") for s in shown) else 0
        assert normalized(output.splitlines()) == normalized(shown), where
        assert status == expected_status, f"{where}: exit status {status}"


@pytest.mark.parametrize("block", COMMAND_BLOCKS, ids=_ids(COMMAND_BLOCKS))
def test_shell_commands_run(block: Block) -> None:
    for command in block_commands(block):
        where = f"{block.where}: {one_line(command)}"
        if not to_run(command, where):
            continue
        status, output = run_command(command, where)
        assert status == 0, f"{where}: exit status {status}\n{output}"


def test_json_blocks_parse() -> None:
    blocks = [b for b in BLOCKS if b.kind == "json"]
    assert blocks
    for block in blocks:
        json.loads(block.text)


def test_every_file_keeps_its_examples() -> None:
    """The extractor finds every fence, and each file at least the examples it had."""
    for path in FILES:
        text = (ROOT / path).read_text(encoding="utf-8")
        fences = sum(1 for line in text.splitlines() if FENCE.match(line))
        blocks = [b for b in BLOCKS if b.path == path]
        assert fences == 2 * len(blocks), f"{path}: {fences} fence lines, {len(blocks)} blocks"
    for path, least in AT_LEAST.items():
        assert path in FILES, f"{path} is not found"
        found = Counter(b.kind for b in BLOCKS if b.path == path)
        for kind, count in least.items():
            assert found[kind] >= count, f"{path}: {found[kind]} {kind} blocks, not {count}"
    assert {"README.md", "docs/SPEC.md", "docs/study.md"} <= set(FILES)


def test_every_command_is_in_a_block_that_runs() -> None:
    """A command in an indented code block or a block of another kind would never run."""
    for path in FILES:
        lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
        inside = {n for b in BLOCKS if b.path == path for n in range(b.line, b.end + 1)}
        for n, line in enumerate(lines, 1):
            indented = line.startswith("    ") and n > 1 and not lines[n - 2].strip()
            if n not in inside and indented and COMMAND_START.match(line):
                pytest.fail(f"{path}:{n}: a command in an indented block; fence it as ```sh")
    for block in BLOCKS:
        if block.kind == "other" and COMMAND_START.match(block.text):
            pytest.fail(f"{block.where}: a command in a ```{block.lang} block; use ```sh")


def _shown_commands() -> set[str]:
    """Every command of every block, and every ``python SCRIPT`` of the prose, as keys."""
    shown = set()
    for block in BLOCKS:
        if block.kind == "commands":
            shown.update(_key(c) for c in block_commands(block))
        elif block.kind == "session":
            shown.update(_key(c) for c, _ in session(block))
    return shown | {_key(c) for _, c in inline_script_commands()}


def test_not_run_and_placeholders_are_all_used() -> None:
    """The exclusions stay short: each names a command or a file some document still shows."""
    shown = _shown_commands()
    assert set(NOT_RUN) <= shown, sorted(set(NOT_RUN) - shown)
    words = " ".join(shown)
    unused = {p for p in PLACEHOLDERS if not re.search(rf"(?<![\w./]){re.escape(p)}\b", words)}
    assert not unused, sorted(unused)


def inline_script_commands() -> list[tuple[str, str]]:
    """``python SCRIPT ...`` in backticks in the prose, with where each is."""
    found = []
    for path in FILES:
        text = (ROOT / path).read_text(encoding="utf-8")
        for match in re.finditer(r"(?<!`)`([^`]+)`(?!`)", text):
            command = " ".join(match[1].split())
            if re.match(r"python [\w/.-]+\.py\b", command):
                found.append((f"{path}:{text.count(chr(10), 0, match.start()) + 1}", command))
    return found


def test_inline_script_commands_name_what_exists() -> None:
    """``python SCRIPT --option`` written in the prose: the script and its options exist."""
    found = inline_script_commands()
    assert len(found) >= 10, found
    for where, command in found:
        check_command(command, f"{where}: `{command}`")


def test_module_and_package_paths_exist() -> None:
    """``nltk_tedeval.x.y`` imports, and ``nltk_tedeval/x/y.py`` is a file of the package."""
    for path in FILES:
        text = (ROOT / path).read_text(encoding="utf-8")
        for dotted in re.findall(r"\bnltk_tedeval(?:\.\w+)+", text):
            parts = dotted.split(".")
            for k in range(len(parts), 0, -1):
                try:
                    obj = importlib.import_module(".".join(parts[:k]))
                except ModuleNotFoundError:
                    continue
                for name in parts[k:]:
                    assert hasattr(obj, name), f"{path}: {dotted} does not exist"
                    obj = getattr(obj, name)
                break
        for slashed in re.findall(r"\bnltk_tedeval(?:/[\w.]+)+", text):
            if slashed not in NOT_PATHS:
                assert (ROOT / slashed).exists(), f"{path}: {slashed} does not exist"
        for ref in references(ROOT / path):
            doc = ROOT / path
            exists = (doc.parent / ref).exists() or (ROOT / ref).exists()
            assert exists or generated(doc, ref), f"{path}: {ref}"
