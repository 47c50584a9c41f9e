"""The table of input formats: each name with how to sniff, read and count it.

:data:`FORMATS` maps every format name to a :class:`Format`: a small
immutable record of

- ``read``: the reader, ``(lines, options) -> Iterator[SourceSentence]``,
  over a :class:`~nltk_tedeval.reading.lines.Lines` and the caller's
  :class:`ReadOptions`;
- ``count``: a quick count of the sentences ``read`` would yield, for a
  progress bar, ``(lines, options) -> int``;
- ``sniff``: how detection recognises the format, ``(head) -> int | None``
  over the :class:`Head` of the input (see below), or None for a format that
  is only ever named; ``suffixes``: file name suffixes that name the format
  whatever the content; ``extensions``: other suffixes its files often
  carry, which decide nothing (``.mrg``);
- ``kind``: the trees it holds (:data:`CONSTITUENCY`, :data:`DEPENDENCY`,
  :data:`DISCONTINUOUS`), which decides the commands that score it; and
  ``description`` and ``shape``, how messages name a file and a line in it.

``read``, ``count`` and ``sniff`` are functions or ``"package.module:function"``
names imported on first use, so that importing this table imports no
reader: the discontinuous readers import nltk, which the command line never
does unless it reads such a file. :func:`~nltk_tedeval.reading.read_file`,
:func:`~nltk_tedeval.reading.count_sentences`, detection and the command
line's ``--format`` choices all go through the table, so a new format is
one module and one :func:`register_format` call (docs/extending.md).

Detection (:func:`~nltk_tedeval.reading.detect_format`) asks every format's
sniff for the line from which it claims the input: 0 for the input as a
whole (its suffix is one of the format's ``suffixes``, or its first lines
hold a header only that format writes), else the number of the first line
in the format's shape. The lowest claim wins, so the first line in a known
shape decides, as it always did; on a tie the format earlier in the table
wins (the built-in ones first, then the registered ones in the order they
were registered).

>>> FORMATS["malttab"].kind, FORMATS["malttab"].description
('dependency', 'a Malt-TAB file (dependency trees)')
>>> FORMATS["conll09_predicted"].sniff is None  # only ever named
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..errors import OptionError

if TYPE_CHECKING:
    from ..records import SourceSentence
    from .lines import Lines

__all__ = [
    "CONSTITUENCY",
    "DEPENDENCY",
    "DISCONTINUOUS",
    "FORMATS",
    "Format",
    "Head",
    "ReadOptions",
    "binary_format",
    "file_suffixes",
    "format_named",
    "register_format",
    "unregister_format",
]

CONSTITUENCY = "constituency"
"""Phrase-structure trees over adjacent words (``parseval``, ``mph``, ``score``, ``cross``)."""
DEPENDENCY = "dependency"
"""Dependency trees (``attach``, ``score``, ``cross``, and the parses of ``mph``)."""
DISCONTINUOUS = "discontinuous"
"""Phrase-structure trees whose phrases may cover words that are not adjacent."""
_KINDS = (CONSTITUENCY, DEPENDENCY, DISCONTINUOUS)


@dataclass(frozen=True)
class ReadOptions:
    """What the caller of :func:`~nltk_tedeval.reading.read_file` asked of every reader.

    ``collect``: a bad sentence becomes a record with ``tree=None`` and the
    error, and reading goes on at the next sentence (else the error is
    raised). ``one_per_line``: bracketed files in EVALB's layout (None: the
    reader chooses). ``nltk_trees``: nltk's objects where the format has
    them; ``nltk_free``: never import nltk; ``morphology``: keep each word's
    lemma and features in the trees made without nltk (``DependencyTree``'s
    ``lemmas`` and ``feats``). A format that has no use for an option ignores it.
    """

    collect: bool = False
    one_per_line: bool | None = False
    nltk_trees: bool = True
    nltk_free: bool = False
    morphology: bool = False


@dataclass(frozen=True)
class Head:
    """The first lines of an input, as detection shows them to every format's sniff.

    ``lines`` are the non-blank lines, stripped, with their numbers;
    ``tokens`` the same without comment lines (``#`` first, unless the line
    is a Malt-TAB line whose word is ``#``). Detection reads 200 lines, more
    while all are blank or comments; ``suffix`` is the file name's lower-case
    suffix (``.conllu`` also for ``x.conllu.gz``), ``""`` for none.
    ``before`` is the line another format has claimed already, if any: a
    claim from there on would lose, so :meth:`first` stops there.
    """

    name: str
    suffix: str
    lines: tuple[tuple[int, str], ...]
    tokens: tuple[tuple[int, str], ...]
    before: int | None = None

    def first(self, shaped: Callable[[str], bool]) -> int | None:
        """The number of the first token line for which ``shaped`` is true; None if none is.

        Only lines before :attr:`before` are tried.
        """
        before = self.before
        for n, line in self.tokens:
            if before is not None and n >= before:
                return None
            if shaped(line):
                return n
        return None


Reader = Callable[["Lines", ReadOptions], Iterator["SourceSentence"]]
Counter = Callable[["Lines", ReadOptions], int]
Sniff = Callable[[Head], "int | None"]


@dataclass(frozen=True)
class Format:
    """One input format: its name and how to sniff, read and count it (see the module)."""

    name: str
    read: Reader | str
    count: Counter | str
    kind: str
    sniff: Sniff | str | None = None
    suffixes: tuple[str, ...] = ()
    description: str = ""
    shape: str = ""
    binary: bool = False
    """A file of bytes, not lines (a spaCy DocBin): ``read`` and ``count`` take its path
    (``(path, options)``), and detection knows it by its suffix alone."""
    extensions: tuple[str, ...] = ()
    """Other suffixes its files often carry, which name no format (``.mrg``, ``.txt``):
    detection reads the content. A file's name without them, without its format's
    name (``.conllu``) and ``suffixes`` and without ``.gz``, ``.bz2`` or ``.xz``
    names its document in breakdowns by file (:func:`file_suffixes`)."""

    def __post_init__(self) -> None:
        if not self.name or self.name != self.name.lower() or not self.name.isidentifier():
            raise OptionError(f"a format's name is a lower-case word, not {self.name!r}")
        if self.kind not in _KINDS:
            raise OptionError(
                f"format {self.name!r}: unknown kind {self.kind!r}; expected one of "
                f"{', '.join(_KINDS)}"
            )
        for suffix in (*self.suffixes, *self.extensions):
            if not suffix.startswith(".") or suffix != suffix.lower():
                raise OptionError(
                    f"format {self.name!r}: a suffix is lower-case with its dot, not {suffix!r}"
                )
        if not self.description:
            object.__setattr__(self, "description", f"a {self.name} file")

    def read_sentences(self, lines: Lines, options: ReadOptions) -> Iterator[SourceSentence]:
        """The sentences of ``lines``, read by this format's reader."""
        if self.binary:
            raise OptionError(
                f"{self.description} is read from a file, not from text: "
                "read_file(path, format=...)"
            )
        reader: Reader = _loaded(self.read)
        return reader(lines, options)

    def read_path(self, path: str, options: ReadOptions) -> Iterator[SourceSentence]:
        """The sentences of the file at ``path``, for a :attr:`binary` format."""
        reader = _loaded(self.read)
        return reader(path, options)  # type: ignore[no-any-return]

    def count_path(self, path: str, options: ReadOptions) -> int:
        """How many sentences :meth:`read_path` would yield."""
        counter = _loaded(self.count)
        return counter(path, options)  # type: ignore[no-any-return]

    def count_sentences(self, lines: Lines, options: ReadOptions) -> int:
        """How many sentences :meth:`read_sentences` would yield, counted quickly."""
        counter: Counter = _loaded(self.count)
        return counter(lines, options)

    def claim(self, head: Head) -> int | None:
        """The line from which this format claims the input (0: all of it), or None."""
        if head.suffix in self.suffixes:
            return 0
        if self.binary:
            return None  # known by its suffix alone (binary_format)
        if self.sniff is None:
            return None
        sniff: Sniff = _loaded(self.sniff)
        return sniff(head)


def _loaded(function: Callable[..., Any] | str) -> Any:
    """A function, or the one a ``"package.module:function"`` name names, imported now."""
    if not isinstance(function, str):
        return function
    found = _IMPORTED.get(function)
    if found is None:
        # "module:NAME.attribute": an attribute of a module's object (a column map's read).
        module, _, name = function.partition(":")
        found = importlib.import_module(module)
        for attribute in name.split("."):
            found = getattr(found, attribute)
        _IMPORTED[function] = found
    return found


# Functions named by module, once imported: detection asks every format of
# the table for every file, and a dictionary lookup is cheaper than an import.
_IMPORTED: dict[str, Any] = {}


_READING = "nltk_tedeval.reading"
_BUILT_IN = (
    Format(
        "ptb",
        read=f"{_READING}.ptb:read_ptb",
        count=f"{_READING}.ptb:count_ptb",
        sniff=f"{_READING}.detect:sniff_ptb",
        kind=CONSTITUENCY,
        description="a Penn Treebank file (bracketed constituency trees)",
        shape="a bracketed tree",
        extensions=(".mrg", ".tree", ".trees", ".txt"),
    ),
    Format(
        "conllx",
        read=f"{_READING}.columns:read_conll",
        count=f"{_READING}.columns:count_blocks",
        kind=DEPENDENCY,
        sniff=f"{_READING}.detect:sniff_conllx",
        description="a CoNLL-X file (dependency trees)",
        shape="a CoNLL line of 10 columns",
        extensions=(".conll",),
    ),
    Format(
        "conllu",
        read=f"{_READING}.columns:read_conll",
        count=f"{_READING}.columns:count_blocks",
        kind=DEPENDENCY,
        sniff=f"{_READING}.detect:sniff_conllu",
        description="a CoNLL-U file (dependency trees)",
        shape="a CoNLL line of 10 columns",
    ),
    Format(
        "malttab",
        read=f"{_READING}.columns:read_malttab",
        count=f"{_READING}.columns:count_blocks",
        kind=DEPENDENCY,
        sniff=f"{_READING}.detect:sniff_malttab",
        description="a Malt-TAB file (dependency trees)",
        shape="a Malt-TAB line (word, tag, head[, relation])",
    ),
    # CoNLL 2009: one column map each (reading/columns.py), the gold columns and the
    # predicted ones; detection takes a file for the gold.
    Format(
        "conll09",
        read=f"{_READING}.columns:CONLL09.read",
        count=f"{_READING}.columns:count_blocks",
        kind=DEPENDENCY,
        sniff=f"{_READING}.columns:CONLL09.sniff",
        description="a CoNLL 2009 file (dependency trees)",
        shape="a CoNLL 2009 line of 14 or more columns",
    ),
    Format(
        "conll09_predicted",
        read=f"{_READING}.columns:CONLL09_PREDICTED.read",
        count=f"{_READING}.columns:count_blocks",
        kind=DEPENDENCY,
        description="a CoNLL 2009 file, its predicted columns (dependency trees)",
    ),
    Format(
        "discbracket",
        read=f"{_READING}.discontinuous:read_discbracket",
        count=f"{_READING}.detect:count_discbracket",
        sniff=f"{_READING}.detect:sniff_discbracket",
        suffixes=(".discbracket",),
        kind=DISCONTINUOUS,
        description="a discbracket file (discontinuous constituency trees)",
        shape="a bracketed tree",
    ),
    Format(
        "export",
        read=f"{_READING}.discontinuous:read_export",
        count=f"{_READING}.detect:count_export",
        sniff=f"{_READING}.detect:sniff_export",
        suffixes=(".export",),
        kind=DISCONTINUOUS,
        description="a Negra export file (discontinuous constituency trees)",
    ),
    Format(
        "spacy",
        read=f"{_READING}.docbin:read_docbin",
        count=f"{_READING}.docbin:count_docbin",
        suffixes=(".spacy",),
        kind=DEPENDENCY,
        description="a spaCy DocBin file (.spacy; dependency trees)",
        binary=True,
    ),
)
_BUILT_IN_NAMES = frozenset(f.name for f in _BUILT_IN)

_TABLE: dict[str, Format] = {f.name: f for f in _BUILT_IN}
FORMATS: Mapping[str, Format] = MappingProxyType(_TABLE)
"""Every format by name, in detection order: a read-only view of the table.

It changes through :func:`register_format` and :func:`unregister_format`
only; everything that lists or looks up formats (``format=``, ``--format``'s
choices, detection, messages) reads it when it runs.
"""


def register_format(fmt: Format) -> Format:
    """Add ``fmt`` to :data:`FORMATS`, after the formats there; return it.

    Raises :class:`~nltk_tedeval.errors.OptionError` if a format of that name
    is there already.
    """
    if not isinstance(fmt, Format):
        raise OptionError(f"register_format takes a Format, not a {type(fmt).__name__}")
    if fmt.name in _TABLE:
        raise OptionError(f"a format named {fmt.name!r} is registered already")
    _TABLE[fmt.name] = fmt
    _SUFFIXES.clear()
    return fmt


def unregister_format(name: str) -> None:
    """Take a registered format out of :data:`FORMATS` again; the built-in ones stay."""
    if name in _BUILT_IN_NAMES:
        raise OptionError(f"{name!r} is a built-in format; only registered ones can go")
    if name not in _TABLE:
        raise OptionError(f"no format named {name!r} is registered")
    del _TABLE[name]
    _SUFFIXES.clear()


def file_suffixes() -> tuple[str, ...]:
    """The suffixes the table knows files by, lower-case: every format's name
    (``.conllu``), ``suffixes`` and ``extensions``, in the table's order.

    The same tuple until the table changes.

    >>> file_suffixes()[:6]
    ('.ptb', '.mrg', '.tree', '.trees', '.txt', '.conllx')
    """
    if not _SUFFIXES:
        known = (s for f in _TABLE.values() for s in (f".{f.name}", *f.suffixes, *f.extensions))
        _SUFFIXES.append(tuple(dict.fromkeys(known)))
    return _SUFFIXES[0]


_SUFFIXES: list[tuple[str, ...]] = []  # file_suffixes(), once worked out


def binary_format(suffix: str) -> Format | None:
    """The binary format a file name's suffix names (``.spacy``), or None.

    >>> binary_format(".spacy").name, binary_format(".ptb")
    ('spacy', None)
    """
    for fmt in _TABLE.values():
        if fmt.binary and suffix in fmt.suffixes:
            return fmt
    return None


def format_named(name: object) -> Format:
    """The format of that name (any case), or an OptionError that lists the known ones.

    >>> format_named("CoNLLU").name
    'conllu'
    >>> format_named("tiger")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    nltk_tedeval.errors.OptionError: unknown format 'tiger'; expected one of ptb, conllx, ...
    """
    fmt = _TABLE.get(name.lower()) if isinstance(name, str) else None
    if fmt is None:
        raise OptionError(f"unknown format {name!r}; expected one of {', '.join(_TABLE)}")
    return fmt
