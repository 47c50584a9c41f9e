"""The GUM document pairs the examples read: plain or gzipped, by name.

A GUM directory holds ``GUM_<genre>_<name>.ptb`` and ``.conllu`` pairs; the
project ships all 80 of its excerpt gzipped in ``corpora_samples/gum_excerpt``
(see SOURCE.md there) and four plain ones in ``corpora_samples/gum``.
"""

from __future__ import annotations

import gzip
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXCERPT = ROOT / "corpora_samples" / "gum_excerpt"
"""The default GUM directory of the examples and benchmarks: the shipped excerpt."""


def gum_documents(directory: Path) -> list[str]:
    """The document names of ``directory`` (``GUM_news_crane``), sorted."""
    names = {
        p.name.removesuffix(".gz").removesuffix(".ptb")
        for pattern in ("GUM_*.ptb", "GUM_*.ptb.gz")
        for p in directory.glob(pattern)
    }
    return sorted(names)


def gum_path(directory: Path, document: str, suffix: str) -> Path:
    """The file of ``document`` in one format (``.ptb``, ``.conllu``), plain or gzipped."""
    plain = directory / f"{document}{suffix}"
    return plain if plain.exists() else directory / f"{document}{suffix}.gz"


def gum_text(path: Path) -> str:
    """The text of a GUM file, decompressed if it is gzipped."""
    if path.suffix == ".gz":
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            return handle.read()
    return path.read_text(encoding="utf-8")
