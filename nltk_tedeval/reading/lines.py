"""The lines of one input: bytes read in chunks, decoded, split at line breaks.

Every reader of :mod:`nltk_tedeval.reading` walks its input through a
:class:`Lines`: a file read in binary chunks of whole lines, a text in
memory or any iterable of lines, with the byte order mark dropped, CRLF
turned into LF, and each line that is not UTF-8 kept (with replacement
characters) and remembered as an error for the sentence it belongs to.
"""

from __future__ import annotations

import importlib
import lzma
import os
import sys
import zlib
from collections.abc import Iterable, Iterator
from contextlib import ExitStack
from itertools import chain, islice
from typing import BinaryIO

from ..errors import InputFormatError

__all__ = ["STDIN", "Lines", "PathLike", "file_lines"]

PathLike = str | os.PathLike[str]

_CHUNK = 1 << 16  # bytes read at a time


class Lines:
    """The lines of one input, in order, without their line breaks.

    What every reader of a format reads (:mod:`~nltk_tedeval.reading.formats`):
    iterate it for the lines (``enumerate(lines, start=1)`` numbers them),
    name files in errors with :attr:`name`, and take the decoding error of a
    sentence's lines with :meth:`take_bad`; :meth:`peek` looks ahead without
    consuming.

    Files are read in binary chunks of whole lines; each chunk is decoded at
    once and split at ``"\\n"`` only (``str.splitlines`` would also split at
    characters such as U+2028 that may occur inside a token). Readers walk
    the lines with ``enumerate`` over a C-level chain of these blocks: a
    Python generator step per line would cost about as much as reading the
    line. A UTF-8 byte order mark is dropped and CRLF line ends become LF.

    A chunk that is not valid UTF-8 is decoded again line by line, with
    replacement characters, so that the brackets and columns around a bad
    byte stay readable; each bad line's error waits in :attr:`bad` until the
    reader of its sentence takes it with :meth:`take_bad`, so that in
    collect mode only that sentence fails.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.count = 0  # lines read from the source so far; the total once it is exhausted
        self.bad: list[InputFormatError] = []
        self._head: list[str] = []  # lines peeked at but not yet iterated
        self._blocks: Iterator[list[str]] = iter(())

    @classmethod
    def from_file(cls, name: str, handle: BinaryIO) -> Lines:
        self = cls(name)
        self._blocks = self._file_blocks(handle)
        return self

    @classmethod
    def from_text(cls, name: str, text: str) -> Lines:
        self = cls(name)
        self._blocks = self._count(iter([self._split(text)]))
        return self

    @classmethod
    def from_lines(cls, name: str, lines: Iterable[str]) -> Lines:
        self = cls(name)
        it = iter(lines)
        batches = iter(lambda: [line.rstrip("\r\n") for line in islice(it, 4096)], [])
        self._blocks = self._count(self._strip_bom(batches))
        return self

    def _split(self, text: str) -> list[str]:
        if "\r" in text:
            text = text.replace("\r\n", "\n")
        if not self.count and text.startswith("\ufeff"):
            text = text[1:]
        lines = text.split("\n")
        if lines[-1] == "":  # a final line break ends the last line, it starts none
            lines.pop()
        return lines

    def _count(self, blocks: Iterator[list[str]]) -> Iterator[list[str]]:
        for block in blocks:
            self.count += len(block)
            yield block

    @staticmethod
    def _strip_bom(blocks: Iterator[list[str]]) -> Iterator[list[str]]:
        for block in blocks:
            if block and block[0].startswith("\ufeff"):
                block[0] = block[0][1:]
            yield block
            break
        yield from blocks

    def _file_blocks(self, handle: BinaryIO) -> Iterator[list[str]]:
        pending: list[bytes] = []  # the start of a line longer than a chunk
        while chunk := handle.read(_CHUNK):
            end = chunk.rfind(b"\n") + 1
            if not end:
                pending.append(chunk)
                continue
            pending.append(chunk[:end])
            data = b"".join(pending)
            pending = [chunk[end:]] if end < len(chunk) else []
            yield self._decode(data)
        if pending:
            yield self._decode(b"".join(pending))

    def _decode(self, data: bytes) -> list[str]:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            # Find the bad lines: a line break byte never occurs inside a
            # UTF-8 sequence, so lines decode independently.
            parts = []
            for i, raw in enumerate(data.split(b"\n"), start=self.count + 1):
                try:
                    parts.append(raw.decode("utf-8"))
                except UnicodeDecodeError as exc:
                    self.bad.append(_decode_error(self.name, i, raw, exc))
                    parts.append(raw.decode("utf-8", "replace"))
            text = "\n".join(parts)
        lines = self._split(text)
        self.count += len(lines)
        return lines

    def peek(self, size: int) -> list[str]:
        """The first ``size`` lines (fewer at the end), without consuming them."""
        while len(self._head) < size:
            block = next(self._blocks, None)
            if block is None:
                break
            self._head.extend(block)
        return self._head[:size]

    def __iter__(self) -> Iterator[str]:
        head, self._head = self._head, []
        return chain(head, chain.from_iterable(self._blocks))

    def take_bad(self, before: int | None = None) -> InputFormatError | None:
        """The first decoding error on a line before ``before`` (all lines if None)."""
        if not self.bad:
            return None
        mine = [e for e in self.bad if before is None or (e.line or 0) < before]
        self.bad = [e for e in self.bad if e not in mine]
        return mine[0] if mine else None


def _decode_error(name: str, line: int, raw: bytes, exc: UnicodeDecodeError) -> InputFormatError:
    byte = raw[exc.start : exc.start + 1].hex()
    return InputFormatError(
        f"the line is not UTF-8: byte 0x{byte} at byte {exc.start + 1} cannot be decoded; "
        "convert the file to UTF-8 (for example with iconv -f latin1 -t utf-8)",
        file=name,
        line=line,
    )


STDIN = "-"
"""The path that stands for standard input, as in most Unix tools."""

# Compressed files are recognised by their first bytes, whatever their name.
_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x1f\x8b", "gzip"),
    (b"BZh", "bz2"),
    (b"\xfd7zXZ\x00", "lzma"),
)


def file_lines(path: PathLike, stack: ExitStack) -> Lines:
    """The lines of the file at ``path`` (``-``: standard input), decompressed if need be."""
    name = os.fspath(path)
    if name == STDIN:
        raw: BinaryIO = sys.stdin.buffer
        name = "<stdin>"
    else:
        raw = stack.enter_context(open(path, "rb"))  # noqa: SIM115 (closed by the stack)
    return Lines.from_file(name, _decompressed(raw, stack, name))


def _decompressed(raw: BinaryIO, stack: ExitStack, name: str) -> BinaryIO:
    peek = getattr(raw, "peek", None)
    head = peek(6)[:6] if peek is not None else b""
    for magic, module in _MAGIC:
        if head.startswith(magic):
            opener = importlib.import_module(module)
            stream = stack.enter_context(opener.open(raw, "rb"))  # type: ignore[attr-defined]
            return _Decompressing(stream, module, name)  # type: ignore[return-value]
    return raw


class _Decompressing:
    """A decompressing stream whose corrupt or truncated data is an input error, not a crash."""

    def __init__(self, stream: BinaryIO, kind: str, name: str) -> None:
        self.stream = stream
        self.kind = {"gzip": "gzip", "bz2": "bzip2", "lzma": "xz"}[kind]
        self.name = name

    def read(self, size: int = -1) -> bytes:
        try:
            return self.stream.read(size)
        except (EOFError, OSError, ValueError, zlib.error, lzma.LZMAError) as err:
            raise InputFormatError(
                f"the {self.kind} data is corrupt or cut short ({err}); "
                f"check the file with {self.kind} -t",
                file=self.name,
            ) from None
