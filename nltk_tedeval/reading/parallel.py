"""Several files in lockstep: one tuple of sentences at a time, in the order of the paths."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import ExitStack

from ..errors import OptionError, SentenceCountError
from ..records import SourceSentence
from .detect import file_suffix
from .formats import Format, ReadOptions
from .lines import Lines, PathLike, file_lines
from .sentences import read_options, read_source

__all__ = ["read_parallel"]


def read_parallel(
    paths: Sequence[PathLike],
    formats: str | Sequence[str | None] | None = None,
    *,
    on_error: str = "raise",
    one_per_line: bool | Sequence[bool | None] | None = False,
) -> Iterator[tuple[SourceSentence, ...]]:
    """The sentences of several files in lockstep: one tuple per sentence, in ``paths`` order.

    ``formats`` is one format for all files, one per file (``None`` entries
    are detected), or ``None`` to detect every one; ``one_per_line`` likewise.
    When one file ends before the others, raises
    :class:`~nltk_tedeval.errors.SentenceCountError` naming the file that
    ends, after how many sentences and at which line, and where the others
    go on.

    >>> import pathlib, tempfile
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (d / "a.ptb").write_text("(S (NP I) (VP left))\\n", encoding="utf-8")
    >>> _ = (d / "b.ptb").write_text("(S (NP I) (VP (VBD left)))\\n", encoding="utf-8")
    >>> [(x.number, y.number) for x, y in read_parallel([d / "a.ptb", d / "b.ptb"])]
    [(1, 1)]
    """
    paths = list(paths)
    fmts = _per_file(formats, len(paths), "formats")
    evalb = _per_file(one_per_line, len(paths), "one_per_line")
    options = [read_options(f, on_error, one) for f, one in zip(fmts, evalb, strict=True)]
    return _parallel(paths, options)


def _per_file(value: object, n: int, what: str) -> list:
    if value is None or isinstance(value, (str, bool)):
        return [value] * n
    values = list(value)  # type: ignore[call-overload]
    if len(values) != n:
        raise OptionError(f"{len(values)} {what} for {n} files; give one per file or one for all")
    return values


def _parallel(
    paths: list[PathLike], options: list[tuple[Format | None, ReadOptions]]
) -> Iterator[tuple[SourceSentence, ...]]:
    with ExitStack() as stack:
        sources = [file_lines(p, stack) for p in paths]
        readers = [
            read_source(src, fmt, opts, file_suffix(p))
            for src, p, (fmt, opts) in zip(sources, paths, options, strict=True)
        ]
        count = 0
        while True:
            row = [next(r, None) for r in readers]
            ended = [i for i, rec in enumerate(row) if rec is None]
            if len(ended) == len(row):
                return
            if ended:
                raise _count_error(sources, row, ended, count)
            count += 1
            yield tuple(row)  # type: ignore[arg-type]


def _count_error(
    sources: list[Lines], row: list[SourceSentence | None], ended: list[int], count: int
) -> SentenceCountError:
    first = sources[ended[0]]
    if len(ended) == 1:
        names = f"{first.name} ends"
    else:
        names = " and ".join(f"{sources[i].name} (line {sources[i].count})" for i in ended)
        names += " end"
    # A file read twice (a gold scored as its own parse) is named once.
    going = "; ".join(
        dict.fromkeys(
            f"{rec.file} continues with sentence {rec.number} on line {rec.line}"
            for rec in row
            if rec is not None
        )
    )
    return SentenceCountError(
        f"{names} after {count} sentence{'s' if count != 1 else ''}"
        + (f" (line {first.count})" if len(ended) == 1 else "")
        + f", but {going}; parallel files must hold the same sentences in the same order",
        file=first.name,
        line=first.count,
    )
