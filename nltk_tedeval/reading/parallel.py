"""Several files in lockstep: one tuple of sentences at a time, in the order of the paths."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import ExitStack

from ..errors import OptionError, SentenceCountError
from ..records import SourceSentence
from .detect import _suffix
from .lines import PathLike, _file_lines, _Lines
from .sentences import _options, _read

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
    options = [_options(f, on_error) for f in fmts]
    return _parallel(paths, options, evalb)


def _per_file(value: object, n: int, what: str) -> list:
    if value is None or isinstance(value, (str, bool)):
        return [value] * n
    values = list(value)  # type: ignore[call-overload]
    if len(values) != n:
        raise OptionError(f"{len(values)} {what} for {n} files; give one per file or one for all")
    return values


def _parallel(
    paths: list[PathLike], options: list[tuple[str | None, bool]], evalb: list[bool | None]
) -> Iterator[tuple[SourceSentence, ...]]:
    with ExitStack() as stack:
        sources = [_file_lines(p, stack) for p in paths]
        readers = [
            _read(src, fmt, collect, one, _suffix(p))
            for src, p, (fmt, collect), one in zip(sources, paths, options, evalb, strict=True)
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
    sources: list[_Lines], row: list[SourceSentence | None], ended: list[int], count: int
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
