"""EVALB parameter files (``.prm``): read, hold and write them.

EVALB (Sekine and Collins 1997) takes its scoring options from a small text
file of ``KEYWORD value`` lines (README §6). :class:`EvalbParams` holds every
option EVALB knows, and :meth:`EvalbParams.from_text` reads any such file
from its text exactly as EVALB reads it:

- a line starting with ``#``, or shorter than three characters once trailing
  blanks are cut, is ignored;
- the keyword is the line up to its first blank; the value is the rest of
  the line, trailing blanks removed (so ``DELETE_LABEL , :`` deletes the
  single label ``", :"``, as in EVALB);
- ``DEBUG``, ``MAX_ERROR``, ``CUTOFF_LEN`` and ``LABELED`` take an integer
  read as C's ``atoi`` reads it (leading digits; ``LABELED 2`` is labelled);
- ``DELETE_LABEL``, ``DELETE_LABEL_FOR_LENGTH`` and ``QUOTE_LABEL`` add one
  label each; ``EQ_LABEL`` and ``EQ_WORD`` add a pair of equivalent labels or
  words and need exactly two values;
- options a file does not set keep EVALB's built-in values (labelled,
  cut-off 40, nothing deleted), not COLLINS.prm's.

Where EVALB only prints a complaint and goes on (an unknown keyword, an
``EQ_LABEL`` without two values) we warn and go on; where EVALB's behaviour
is undefined (a keyword without a value, ``LABELED yes``) we raise
:class:`~nltk_tedeval.errors.OptionError` naming the line.

The parameters are EVALB's rules on tree labels (which are deleted, which
are equal), so they live with the trees, below both the readers and the
metrics that apply them (metrics never import the readers);
:mod:`nltk_tedeval.reading.evalb_params` gives the same names.

One deliberate difference: EVALB stops after ``MAX_ERROR`` errors (10 unless
set). nltk_tedeval has no such limit unless one is asked for, so
``max_error`` is ``None`` by default and set only by a ``MAX_ERROR`` line (or
by the caller).

>>> p = EvalbParams.from_text("LABELED 0\\nDELETE_LABEL TOP\\nEQ_LABEL ADVP PRT\\n")
>>> p.labeled, p.delete_labels, p.eq_labels
(False, ('TOP',), (('ADVP', 'PRT'),))
>>> EvalbParams() == EvalbParams.collins()
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import warnings
from dataclasses import dataclass

from ..errors import OptionError, excerpt

__all__ = ["COLLINS_DELETE_LABELS", "EvalbParams"]

COLLINS_DELETE_LABELS: tuple[str, ...] = ("TOP", "-NONE-", ",", ":", "``", "''", ".")
"""The labels COLLINS.prm deletes: the tgrep root, empty elements, punctuation."""

# C's isspace() in the "C" locale, which is what EVALB's parser tests for.
_C_SPACE = " \t\n\v\f\r"


@dataclass(frozen=True)
class EvalbParams:
    """Every option of an EVALB parameter file.

    The defaults are COLLINS.prm's settings (README §6), except that
    ``max_error`` is ``None`` (no limit on error sentences).

    Attributes:
        debug: ``DEBUG``; kept for completeness, it changes no number.
        max_error: ``MAX_ERROR``; ``None`` lists every error sentence; an
            integer makes the evaluation fail where EVALB would stop.
        cutoff_len: ``CUTOFF_LEN``; the second block of figures covers the
            sentences whose length is at most this.
        labeled: ``LABELED``; brackets must agree on the label too.
        delete_labels: ``DELETE_LABEL``; a POS tag here deletes its word, a
            phrase label here deletes the bracket (README §6, §7.1).
        delete_labels_for_length: ``DELETE_LABEL_FOR_LENGTH``; words with
            these tags do not count towards the sentence length (README §7.4).
        eq_labels: ``EQ_LABEL`` pairs, equivalent in both directions.
        eq_words: ``EQ_WORD`` pairs, equivalent in both directions.
        quote_labels: ``QUOTE_LABEL``; POS tags of quote-like words (``'``,
            ``"``, ``/``) that one side may have deleted and the other not
            (the 2006 length-mismatch fix described in EVALB's README).

    >>> params = EvalbParams.from_text("LABELED 0\\nCUTOFF_LEN 10\\nDELETE_LABEL ,")
    >>> params.labeled, params.cutoff_len, params.delete_labels
    (False, 10, (',',))
    """

    debug: int = 0
    max_error: int | None = None
    cutoff_len: int = 40
    labeled: bool = True
    delete_labels: tuple[str, ...] = COLLINS_DELETE_LABELS
    delete_labels_for_length: tuple[str, ...] = ("-NONE-",)
    eq_labels: tuple[tuple[str, str], ...] = (("ADVP", "PRT"),)
    eq_words: tuple[tuple[str, str], ...] = ()
    quote_labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # Accept lists from callers but keep the object hashable.
        for name in ("delete_labels", "delete_labels_for_length", "quote_labels"):
            object.__setattr__(self, name, tuple(str(x) for x in getattr(self, name)))
        for name in ("eq_labels", "eq_words"):
            pairs = []
            for pair in getattr(self, name):
                pair = tuple(pair)
                if len(pair) != 2:
                    raise OptionError(f"{name} holds pairs, got {pair!r}", token=repr(pair))
                pairs.append((str(pair[0]), str(pair[1])))
            object.__setattr__(self, name, tuple(pairs))
        object.__setattr__(self, "labeled", bool(self.labeled))

    # -- constructors -----------------------------------------------------------

    @classmethod
    def collins(cls) -> EvalbParams:
        """COLLINS.prm's settings (the default), without an error limit."""
        return cls()

    @classmethod
    def from_file(cls, path: str | None) -> EvalbParams:
        """Read the parameter file at ``path``; COLLINS.prm's settings for ``None``.

        Bytes that are not UTF-8 are replaced: EVALB compares labels as
        bytes, and a label it could not match here is reported by name.
        """
        if path is None:
            return cls.collins()
        with open(path, encoding="utf-8", errors="replace") as handle:
            return cls.from_text(handle.read(), source=str(path))

    @classmethod
    def evalb_defaults(cls) -> EvalbParams:
        """EVALB's built-in settings, used when it is run without ``-p``."""
        return cls(
            delete_labels=(),
            delete_labels_for_length=(),
            eq_labels=(),
        )

    @classmethod
    def from_text(cls, text: str, *, source: str | None = None) -> EvalbParams:
        """Read an EVALB parameter file from its text.

        ``source`` (a file name) only serves to locate errors and warnings.
        """
        values: dict[str, object] = {}
        lists: dict[str, list] = {
            "delete_labels": [],
            "delete_labels_for_length": [],
            "quote_labels": [],
            "eq_labels": [],
            "eq_words": [],
        }
        where = source or "parameter file"
        # EVALB reads with fgets(), so only "\n" ends a line; a "\r" before it
        # is trailing white space and is cut like any other.
        for lineno, line in enumerate(text.split("\n"), start=1):
            line = _trim_tail(line)
            if line.startswith("#") or len(line) < 3:
                continue
            cut = _first_space(line)
            if cut < 0:
                # The location is the error's own (file and line): not in the text too.
                raise OptionError(
                    f"keyword {excerpt(line)} has no value",
                    file=source,
                    line=lineno,
                    token=line,
                )
            keyword = line[:cut]
            value = line[cut:].lstrip(_C_SPACE)
            if keyword in _INT_KEYWORDS:
                values[_INT_KEYWORDS[keyword]] = _atoi(value, keyword, source, lineno)
            elif keyword in _LIST_KEYWORDS:
                lists[_LIST_KEYWORDS[keyword]].append(value)
            elif keyword in _PAIR_KEYWORDS:
                parts = _c_split(value)
                if len(parts) != 2:
                    warnings.warn(
                        f"{where}:{lineno}: {keyword} requires two values, got {excerpt(value)}; "
                        "line ignored (as EVALB does)",
                        stacklevel=2,
                    )
                    continue
                lists[_PAIR_KEYWORDS[keyword]].append((parts[0], parts[1]))
            else:
                warnings.warn(
                    f"{where}:{lineno}: unknown keyword {excerpt(keyword or line)} in parameter "
                    "file; line ignored (as EVALB does)",
                    stacklevel=2,
                )
        base = cls.evalb_defaults()
        changes: dict[str, object] = {k: tuple(v) for k, v in lists.items()}
        changes.update(values)
        if "labeled" in changes:
            changes["labeled"] = changes["labeled"] != 0
        return dataclasses.replace(base, **changes)

    # -- output -----------------------------------------------------------------

    def to_text(self) -> str:
        """A parameter file that EVALB (and :meth:`from_text`) reads back as these settings.

        ``MAX_ERROR`` is written only when set, since EVALB would otherwise
        apply its own limit of 10 anyway.
        """
        lines = [f"DEBUG {self.debug}"]
        if self.max_error is not None:
            lines.append(f"MAX_ERROR {self.max_error}")
        lines.append(f"CUTOFF_LEN {self.cutoff_len}")
        lines.append(f"LABELED {int(self.labeled)}")
        lines += [f"DELETE_LABEL {x}" for x in self.delete_labels]
        lines += [f"DELETE_LABEL_FOR_LENGTH {x}" for x in self.delete_labels_for_length]
        lines += [f"QUOTE_LABEL {x}" for x in self.quote_labels]
        lines += [f"EQ_LABEL {a} {b}" for a, b in self.eq_labels]
        lines += [f"EQ_WORD {a} {b}" for a, b in self.eq_words]
        return "\n".join(lines) + "\n"

    def replace(self, **changes: object) -> EvalbParams:
        """A copy with some options changed (like EVALB's ``-c`` and ``-e``)."""
        return dataclasses.replace(self, **changes)

    @property
    def name(self) -> str:
        """``collins`` for the default settings, else a short digest of them.

        ``max_error`` and ``debug`` change no figure and are left out.
        """
        canonical = self.replace(max_error=None, debug=0)
        if canonical == EvalbParams():
            return "collins"
        digest = hashlib.sha1(canonical.to_text().encode("utf-8")).hexdigest()[:8]
        return f"prm-{digest}"


_INT_KEYWORDS = {
    "DEBUG": "debug",
    "MAX_ERROR": "max_error",
    "CUTOFF_LEN": "cutoff_len",
    "LABELED": "labeled",
}
_LIST_KEYWORDS = {
    "DELETE_LABEL": "delete_labels",
    "DELETE_LABEL_FOR_LENGTH": "delete_labels_for_length",
    "QUOTE_LABEL": "quote_labels",
}
_PAIR_KEYWORDS = {"EQ_LABEL": "eq_labels", "EQ_WORD": "eq_words"}


def _trim_tail(line: str) -> str:
    # EVALB cuts trailing blanks but never the first character of a line.
    end = len(line)
    while end > 1 and line[end - 1] in _C_SPACE:
        end -= 1
    return line[:end]


def _first_space(line: str) -> int:
    for i, ch in enumerate(line):
        if ch in _C_SPACE:
            return i
    return -1


def _c_split(value: str) -> list[str]:
    parts: list[str] = []
    word: list[str] = []
    for ch in value:
        if ch in _C_SPACE:
            if word:
                parts.append("".join(word))
                word = []
        else:
            word.append(ch)
    if word:
        parts.append("".join(word))
    return parts


def _atoi(value: str, keyword: str, source: str | None, lineno: int) -> int:
    """C's ``atoi``: optional blanks and sign, then digits; the rest is ignored."""
    text = value.lstrip(_C_SPACE)
    i = 1 if text[:1] in ("+", "-") else 0
    j = i
    while j < len(text) and text[j] in "0123456789":
        j += 1
    if j == i:
        # atoi() would silently read 0 here ("LABELED yes" = unlabelled).
        raise OptionError(
            f"{keyword} needs an integer, got {excerpt(value)}",
            file=source,
            line=lineno,
            token=value,
        )
    return int(text[:j])
