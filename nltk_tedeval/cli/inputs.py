"""The files of a command: system names, layouts, and the readers of :mod:`nltk_tedeval.reading`."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputFormatError, OptionError, TedEvalError
from ..reading import FORMATS, count_sentences, detect_format, read_file, read_label_map
from ..reading.detect import blank_file, file_suffix
from ..reading.formats import DEPENDENCY, DISCONTINUOUS
from ..reading.lines import STDIN
from ..scoring.options import RunOptions
from .breakdowns import bins_of, keys_of
from .file_kinds import EVERY_KIND, FileCheck, FileKinds

__all__: list[str] = []  # helpers of the commands only (and the refusals they declare)

LAYOUTS = {"auto": None, "line": True, "free": False}
"""``--layout``: how bracketed files hold their trees (one_per_line of the readers)."""


@dataclass(frozen=True)
class System:
    """A system's output file and the name its report gives it."""

    name: str
    path: str


def systems(values: Sequence[str]) -> list[System]:
    """``NAME=FILE`` or ``FILE`` arguments as named systems; the default name is the stem.

    A value that names an existing file is a file, even with ``=`` in it.
    Stems that collide (``a/parse.conllu``, ``b/parse.conllu``) fall back to
    the paths, and the same file given twice is numbered (``parse#2``), so
    that every name is unique; two systems given the same name are refused.

    >>> [(s.name, s.path) for s in systems(["pcfg=out/pcfg.ptb", "runs/malt.conllu"])]
    [('pcfg', 'out/pcfg.ptb'), ('malt', 'runs/malt.conllu')]
    """
    named: list[tuple[str | None, str]] = []
    for value in values:
        name, sep, path = value.partition("=")
        if sep and name and path and not os.path.exists(value):
            named.append((name, path))
        else:
            named.append((None, value))
    given = [name for name, _ in named if name is not None]
    dup = sorted({n for n in given if given.count(n) > 1})
    if dup:
        raise OptionError(f"two systems are named {', '.join(map(repr, dup))}; name them NAME=FILE")
    stems = [_stem(path) for _, path in named]
    out: list[System] = []
    taken = set(given)
    for (name, path), stem in zip(named, stems, strict=True):
        if name is None:
            name = stem if stems.count(stem) == 1 and stem not in taken else path
            # The same file twice (a gold scored as a perfect parse, say): number it.
            base, k = name, 1
            while name in taken:
                k += 1
                name = f"{base}#{k}"
        taken.add(name)
        out.append(System(name, path))
    return out


def _stem(path: str) -> str:
    """A file's name without its format and compression suffixes; ``stdin`` for ``-``."""
    if path == STDIN:
        return "stdin"
    name = Path(path)
    if name.suffix.lower() in (".gz", ".bz2", ".xz"):
        name = name.with_suffix("")
    return name.stem or path


def wants_morphology(args: argparse.Namespace) -> bool:
    """Whether the run groups or leaves out words by their lemma or features (``--by
    lemma``, ``--exclude feats=...``), which the readers keep only when asked."""
    keys = keys_of(args)
    fields = [str(e).partition("=")[0].strip() for e in getattr(args, "exclude", None) or ()]
    if not keys and not fields:
        return False
    from ..metrics.attachment_groups import morphology_fields  # only for such a run

    return bool(morphology_fields(keys, fields))


def streams(
    args: argparse.Namespace,
    paths: Sequence[str],
    formats: Sequence[str | None],
    against: Sequence[int] | None = None,
    segments: Sequence[str | None] | None = None,
) -> list[Iterable[Any]]:
    """One stream of reader records per file, each read lazily.

    The sentence loop reads them in lockstep, one sentence of each at a
    time, and says which file ends first. Bracketed files follow
    ``--layout``: by default a file of one tree per line is read as EVALB
    reads it, an empty line being a missing parse. ``against[k]`` is the
    index of the gold that file ``k`` is scored against (default: the first);
    ``segments[k]``, the token-to-segment map of file ``k`` or ``None``
    (``--gold-segments``, ``--parse-segments``).
    """
    if list(paths).count(STDIN) > 1:
        raise OptionError("only one input can be standard input ('-')")
    formats = blank_files_read_as_their_gold(paths, formats, against)
    on_error = "collect" if args.skip_bad else "raise"
    one_per_line = LAYOUTS[args.layout]
    morphology = wants_morphology(args)
    golds = {0} if against is None else set(against)
    out: list[Iterable[Any]] = [
        _answers(args, path, paths[0], formats[0])
        if k and is_answers_file(path)
        # Straight to phrase-structure tables: the command line never needs
        # nltk.Tree objects, and building them doubles the cost of reading;
        # nltk_free, so that nltk itself is never imported either.
        else _File(
            read_file(
                path,
                fmt,
                on_error=on_error,
                one_per_line=one_per_line,
                nltk_trees=False,
                nltk_free=True,
                morphology=morphology and k in golds,  # read by keys and exclusions
            ),
            # As the readers name standard input in their messages.
            "<stdin>" if path == STDIN else path,
        )
        for k, (path, fmt) in enumerate(zip(paths, formats, strict=True))
    ]
    for k, path in enumerate(segments or ()):
        if path is not None:
            from ..reading.segments import with_segments  # only for a map

            out[k] = _File(with_segments(out[k], path), out[k].file)  # type: ignore[attr-defined]
    shown = progress(args)
    if paths[0] != STDIN and (shown or (shown is None and sys.stderr.isatty())):
        # A progress bar shows an ETA when it knows the length: count the
        # first file's sentences in a quick pass of its own.
        total = count_sentences(paths[0], formats[0], one_per_line=one_per_line)
        out[0] = _Counted(iter(out[0]), paths[0], total)
    return out


def blank_files_read_as_their_gold(
    paths: Sequence[str], formats: Sequence[str | None], against: Sequence[int] | None = None
) -> list[str | None]:
    """``formats`` with the format of its gold for each file of nothing but blank lines.

    Such a file's content tells no format: it is read in its gold's, so that every
    command gives it one meaning, the one ``parseval`` (which reads every file as
    brackets) gives it: beside a bracketed gold, in EVALB's layout, each line is a
    missing parse (SPEC.md §10); beside a CoNLL gold, it holds no sentence.
    """
    out = list(formats)
    for k, (path, fmt) in enumerate(zip(paths, formats, strict=True)):
        gold = against[k] if against is not None else 0
        if k == gold or fmt is not None or is_answers_file(path) or not blank_file(path):
            continue
        out[k] = formats[gold]
        if out[k] is None and paths[gold] != STDIN:
            # The gold's own reading says what is wrong with it, if anything is.
            with contextlib.suppress(InputFormatError, OSError):
                out[k] = detect_format(paths[gold])
    return out


ANSWER_SUFFIXES = (".jsonl",)
"""A parse file with one of these suffixes holds a language model's answers (SPEC.md §14)."""


def file_kinds(args: argparse.Namespace) -> FileKinds:
    """The kinds of file the command of ``args`` declares it takes (its registry entry,
    which the parser hands down); every kind for a command line built by hand."""
    return getattr(args, "files", EVERY_KIND)


def is_answers_file(path: str) -> bool:
    """Whether ``path`` names a JSON Lines file of answers (``.jsonl``, compressed or not)."""
    return path != STDIN and file_suffix(path) in ANSWER_SUFFIXES


def _answers(args: argparse.Namespace, path: str, gold: str, gold_format: str | None) -> _File:
    """The answers of ``path``, each read against its gold sentence's words (SPEC.md §14).

    The gold is read once more, whole, for its words: an answer is faithful
    when its words are the sentence's.
    """
    if gold == STDIN:
        raise OptionError(
            f"{path} holds answers, which are read against the gold's words: give the gold "
            "as a file, not standard input"
        )
    files = file_kinds(args)
    if not files.answer_files:
        raise OptionError(f"{path}: tedeval {args.command} does not read answer files (.jsonl) yet")
    if args.unfaithful == "keep" and args.align != "lcs":
        raise OptionError(
            "--unfaithful keep scores an unfaithful answer's tree against the gold's text: "
            "it needs --align lcs"
        )
    # A gold sentence that is bad or missing has no words to compare: its answer is read
    # against none, and the sentence loop reports the gold sentence as it always does.
    words = [
        () if record.tree is None else record.tree
        for record in read_file(
            gold,
            gold_format,
            on_error="collect",
            one_per_line=LAYOUTS[args.layout],
            nltk_trees=False,
            nltk_free=True,
        )
    ]
    kind = files.answers
    from ..reading.answers import read_answers_file  # only for a .jsonl parse file

    answers = read_answers_file(path, words, kind=kind, unfaithful=args.unfaithful)
    return _File(iter(answers), path)


class _File:
    """A file's stream of sentences that knows the file's name, also before its first record.

    The sentence loop names the file that ends first; an empty file has no
    record to name it.
    """

    records_only = True
    """It yields the readers' records alone: no other library's objects to read (SPEC.md §13)."""

    def __init__(self, stream: Iterator[Any], file: str) -> None:
        self.stream = stream
        self.file = file

    def __iter__(self) -> Iterator[Any]:
        return iter(self.stream)


class _Counted(_File):
    """A file's stream that knows how many sentences it holds (for the progress bar)."""

    def __init__(self, stream: Iterator[Any], file: str, length: int) -> None:
        super().__init__(stream, file)
        self.length = length

    def __len__(self) -> int:
        return self.length


# The formats attach --conll18 reads: 10 tab-separated columns, as the CoNLL
# 2018 script reads CoNLL-U (reading.read_ud_words).
_CONLL18_FORMATS = frozenset({"conllx", "conllu"})


def _detected(path: str, forced: str | None) -> str | None:
    """The format found in ``path``; None when forced, on standard input, or unreadable.

    A file whose format cannot be told (empty, missing, not text) is left to
    the readers, which say what is wrong with it and where.
    """
    if forced is not None or path == STDIN:
        return None
    try:
        return detect_format(path)
    except (TedEvalError, OSError):
        return None


def check_formats(args: argparse.Namespace) -> None:
    """Refuse, before reading, a file in a format the command cannot score.

    Reading it would stop at its first line with a message about brackets or
    columns ("text outside brackets: '#'"); this one names the file, the
    format found in it, and the commands that score it. What a command takes
    is its own declaration (:class:`~.registry.FileKinds`, in its registry
    entry); formats given with ``--format`` are the user's and are read as given.
    """
    files = file_kinds(args)
    if files.scores is None:
        return  # score, cross and mph read every format
    gold_forced = args.gold_format or args.format
    test_forced = args.parse_format or args.format
    gold = _detected(args.gold, gold_forced)
    found = [("gold", args.gold, gold)]
    found += [("parse", s.path, _detected(s.path, test_forced)) for s in systems(args.tests)]
    gold_kind = None if gold is None else FORMATS[gold].kind
    for role, path, fmt in found:
        if fmt is None:
            continue
        what = f"{path} is {FORMATS[fmt].description}"
        check = FileCheck(role, path, fmt, FORMATS[fmt].kind, gold, gold_kind, what)
        message = files.refusal(args, check)
        if message is not None:
            raise InputFormatError(message)


def refuse_for_parseval(args: argparse.Namespace, file: FileCheck) -> str | None:
    """parseval's words for a file it does not score: dependency trees, and a discontinuous
    parse beside Penn Treebank gold (it reads every file as its gold's kind of brackets)."""
    if file.kind == DEPENDENCY:
        advice = (
            "use tedeval attach or tedeval score"
            if file.role == "gold"
            else "tedeval score and tedeval mph compare dependency parses with bracketed gold"
        )
        return f"{file.what}: parseval scores bracketed trees; {advice}"
    if file.kind == DISCONTINUOUS and file.gold == "ptb":
        return (
            f"{file.what}, and the gold {args.gold} is Penn Treebank brackets: parseval reads "
            "every file as its gold's kind of brackets; give the gold as a discbracket or "
            "export file (disco-dop's rules), or use tedeval score"
        )
    return None


def refuse_for_attach(args: argparse.Namespace, file: FileCheck) -> str | None:
    """attach's words for a file it does not score: trees other than dependency trees, and,
    under ``--conll18``, a format other than the CoNLL 2018 script's."""
    if file.kind != DEPENDENCY:
        if file.role == "parse" and file.gold_kind == DEPENDENCY:
            advice = (
                "tedeval score compares discontinuous parses with dependency gold"
                if file.kind == DISCONTINUOUS
                else "tedeval score and tedeval mph compare constituency parses with "
                "dependency gold"
            )
        elif file.kind == DISCONTINUOUS:
            advice = "use tedeval score or parseval"
        else:
            advice = "use tedeval score, parseval or mph"
        return f"{file.what}: attach scores dependency trees; {advice}"
    if args.conll18 and file.fmt not in _CONLL18_FORMATS:
        return (
            f"{file.what}: attach --conll18 reads CoNLL-U files, as the CoNLL 2018 script "
            "does; leave out --conll18 to score it"
        )
    return None


NO_SEGMENTS = "-"
"""The ``--parse-segments`` value of a parse file that has no map (it keeps its place)."""


def segment_maps(args: argparse.Namespace, golds: int, parses: int) -> list[str | None] | None:
    """The token-to-segment map of every file of a command of ``golds`` gold files (the
    first the one ``--gold-segments`` is for) and ``parses`` parse files, ``None`` for
    a file without; ``None`` without either option. Refused without ``--align``, which
    alone reads them, and with more maps than files."""
    gold, parse = getattr(args, "gold_segments", []), getattr(args, "parse_segments", [])
    other = getattr(args, "other_gold_segments", [])
    if not gold and not parse and not other:
        return None
    require_align_for_segments(args)
    if len(gold) > 1:
        raise OptionError(
            f"--gold-segments is given {len(gold)} times; the gold {args.gold} takes one map"
        )
    if len(other) > golds - 1:
        raise OptionError(
            f"--other-gold-segments is given {len(other)} times for {golds - 1} --other-gold "
            f"file{'s' if golds != 2 else ''}: give one per --other-gold, in their order ('-' "
            "for one without a map)"
        )
    if len(parse) > parses:
        raise OptionError(
            f"--parse-segments is given {len(parse)} times for {parses} parse file"
            f"{'s' if parses != 1 else ''}: give one per parse file, in their order ('-' "
            "for a parse without a map)"
        )
    maps: list[str | None] = [gold[0] if gold else None]
    maps += [None if o == NO_SEGMENTS else o for o in other] + [None] * (golds - 1 - len(other))
    maps += [None if p == NO_SEGMENTS else p for p in parse] + [None] * (parses - len(parse))
    return maps


def segments_note(maps: dict[str, str]) -> str:
    """What the report says of the maps a run read (``maps``: file name by side).

    >>> segments_note({"gold": "gold.seg", "malt": "malt.conllu"})
    'surface tokens from token-to-segment maps: gold.seg for gold, malt.conllu for malt'
    """
    return "surface tokens from token-to-segment maps: " + ", ".join(
        f"{path} for {name}" for name, path in maps.items()
    )


def require_align_for_segments(args: argparse.Namespace) -> None:
    """Refuse ``--gold-segments``/``--parse-segments`` where nothing would read them."""
    options = (
        ("--gold-segments", args.gold_segments),
        ("--parse-segments", args.parse_segments),
        ("--other-gold-segments", getattr(args, "other_gold_segments", [])),
    )
    given = [option for option, values in options if values]
    if not given or getattr(args, "align", None):
        return
    raise OptionError(
        f"{' and '.join(given)} give{'s' if len(given) == 1 else ''} the surface tokens "
        "that alignment spells the text by: give --align (or --align lcs) with "
        f"{'it' if len(given) == 1 else 'them'}"
    )


def label_map(path: str | None) -> dict[str, str] | None:
    return read_label_map(path) if path else None


def require_sentences(read: int, paths: Sequence[str]) -> None:
    """An empty corpus has no score: say so instead of printing one.

    >>> require_sentences(0, ["a.ptb", "b.ptb", "a.ptb"])
    Traceback (most recent call last):
    ...
    nltk_tedeval.errors.InputFormatError: no sentences to score: a.ptb and b.ptb hold none
    """
    if read == 0:
        # A file given twice (a gold scored as its own parse) is named once.
        files = list(dict.fromkeys("<stdin>" if p == STDIN else p for p in paths))
        named = files[0] if len(files) == 1 else f"{', '.join(files[:-1])} and {files[-1]}"
        raise InputFormatError(
            f"no sentences to score: {named} {'holds' if len(files) == 1 else 'hold'} none"
        )


def progress(args: argparse.Namespace) -> bool | None:
    """``--quiet`` silences the bar; otherwise ``--progress``/``--no-progress``, or the terminal."""
    return False if args.quiet else args.progress


def run_options(args: argparse.Namespace, statistics: str = "rows") -> RunOptions:
    """The run options of a command line (every evaluator takes them)."""
    return RunOptions(
        on_error="skip" if args.skip_bad else "raise",
        missing=args.missing,
        progress=progress(args),
        align=getattr(args, "align", None),
        statistics=statistics,
        by=keys_of(args),
        bins=bins_of(args),
        extra_measures=",".join(getattr(args, "measure", None) or ()),
        min_length=getattr(args, "min_length", None),
        max_length=getattr(args, "max_length", None),
    )
