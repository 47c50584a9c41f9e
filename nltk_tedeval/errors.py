"""One family of errors for everything nltk_tedeval reports.

Every problem the package detects in its input is a :class:`TedEvalError`.
An error carries where it happened (file, line, sentence number, sentence id)
and what it concerns (a token or an arc), so that a message can point a user
at the exact place in a corpus of thousands of sentences.

Code deep inside (a converter, an operation) usually knows the token but not
the file; the layer that does know (a reader, an evaluator) fills the rest in
with :meth:`TedEvalError.locate`, which never overwrites what is already known.

Sentence numbers in messages count from 1, as people count lines.

>>> err = NonProjectiveError("arc 3 -> 1 crosses token 2")
>>> str(err.locate(file="gold.conllu", line=12, sentence=4, sentence_id="s-4"))
'gold.conllu:12: sentence 4 (id s-4): arc 3 -> 1 crosses token 2'
"""

from __future__ import annotations

__all__ = [
    "AlignmentError",
    "EmptyTreeError",
    "ErrorSentenceWarning",
    "InputFormatError",
    "MissingParseError",
    "MissingParseWarning",
    "NonProjectiveError",
    "NonTreeParseWarning",
    "OptionError",
    "SentenceCountError",
    "TedEvalError",
    "TreeStructureError",
    "UnificationError",
    "YieldMismatchError",
    "excerpt",
]


def excerpt(text: str, limit: int = 40) -> str:
    r"""``text`` as a message quotes a piece of input: escaped, and short.

    Quoted as ``repr`` quotes it, so that control characters (of a binary
    file, say) print as escapes instead of reaching the terminal; U+FFFD,
    which stands for bytes that were no UTF-8, is escaped too. At most
    ``limit`` characters are shown, then ``…``.

    >>> excerpt("NP-SBJ")
    "'NP-SBJ'"
    >>> print(excerpt("\x7fELF\x02\x01\ufffd" + "x" * 100, limit=12))
    '\x7fELF\x02\x01\ufffdxxxxx'…
    """
    shown = repr(text[:limit]).replace("\ufffd", "\\ufffd")
    return shown + ("…" if len(text) > limit else "")


class TedEvalError(Exception):
    """Base class of every error nltk_tedeval reports about its input.

    Attributes are ``None`` where unknown: ``file``, ``line`` (1-based),
    ``sentence`` (1-based number in its file or list), ``sentence_id`` (the id
    the format gives, such as CoNLL-U ``# sent_id``), ``token`` (the
    offending token or arc, as text) and ``side`` (``"gold"`` or ``"parse"``
    when the error concerns one tree of a comparison).

    ``fatal`` marks an error that no skipping can make right (a dependency
    tree handed to ParsEval, which compares brackets): it stops the run
    even with ``on_error="skip"``. ``parse_failure`` marks one that makes a
    parse its system's failed parse even without it.
    """

    fatal = False
    parse_failure = False
    """Set on an error a metric finds in a parse and counts as that system's failed parse
    whatever ``on_error`` says (SPEC.md §10): EVALB's error sentences (other words than the
    gold's) under ``missing="zero"``, ``"flat"`` or ``"error"``."""

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        sentence: int | None = None,
        sentence_id: str | None = None,
        token: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.sentence = sentence
        self.sentence_id = sentence_id
        self.token = token
        self.side: str | None = None
        self.unit: str | None = None
        """Under alignment, the unit of the sentence and the sentences of every side in it."""

    def locate(
        self,
        *,
        file: str | None = None,
        line: int | None = None,
        sentence: int | None = None,
        sentence_id: str | None = None,
        unit: str | None = None,
    ) -> TedEvalError:
        """Fill in location fields that are still unknown and return ``self``."""
        if self.file is None:
            self.file = file
        if self.line is None:
            self.line = line
        if self.sentence is None:
            self.sentence = sentence
        if self.sentence_id is None:
            self.sentence_id = sentence_id
        if getattr(self, "unit", None) is None:
            self.unit = unit
        return self

    def on_side(self, side: str) -> TedEvalError:
        """Say which tree of a comparison the message is about (``"gold: ..."``).

        ``side`` is ``"gold"`` or ``"parse"``; an evaluator that knows the
        file of each side uses it to name the right file.
        """
        if self.side is None:
            self.side = side
            self.message = f"{side}: {self.message}"
            self.args = (self.message,)
        return self

    @property
    def where(self) -> str:
        """The location prefix of the message, such as ``gold.ptb:7: sentence 3``."""
        parts = []
        if self.file is not None:
            parts.append(self.file if self.line is None else f"{self.file}:{self.line}")
        elif self.line is not None:
            parts.append(f"line {self.line}")
        if self.sentence is not None:
            sent = f"sentence {self.sentence}"
            if self.sentence_id:
                sent += f" (id {self.sentence_id})"
            parts.append(sent)
        elif self.sentence_id:
            parts.append(f"sentence id {self.sentence_id}")
        unit = getattr(self, "unit", None)
        if unit:
            parts.append(f"in {unit}")
        return ": ".join(parts)

    def __str__(self) -> str:
        where = self.where
        return f"{where}: {self.message}" if where else self.message

    def __reduce__(self):  # keep the location when errors cross process boundaries
        return (_rebuild, (type(self), self.message, self.__dict__))


def _rebuild(cls: type[TedEvalError], message: str, state: dict) -> TedEvalError:
    err = cls.__new__(cls)
    Exception.__init__(err, message)
    err.__dict__.update(state)
    return err


class InputFormatError(TedEvalError, ValueError):
    """Malformed input: a bad line, a wrong column count, an unbalanced bracket."""


class SentenceCountError(InputFormatError):
    """Files or lists that should be parallel hold different numbers of sentences."""


class TreeStructureError(TedEvalError, ValueError):
    """A tree that is not a tree: a cycle, a bad or missing head, no tokens."""


class EmptyTreeError(TreeStructureError):
    """A tree without any token (after empty elements are removed)."""


class NonProjectiveError(TreeStructureError):
    """A dependency tree with an arc whose projection is not a contiguous span."""


class YieldMismatchError(TedEvalError, ValueError):
    """Trees compared for one sentence do not have the same tokens."""


class AlignmentError(TedEvalError, ValueError):
    """Two tokenizations that do not spell the same text, so their tokens cannot be aligned."""


class UnificationError(TedEvalError, ValueError):
    """Unification of two multi-function trees whose spans cross."""


class OptionError(TedEvalError, ValueError):
    """An option value that nltk_tedeval does not know (a labeler name, an engine)."""


class MissingParseError(TedEvalError, ValueError):
    """A parse is missing (an empty line, ``None``) and the policy is ``missing="error"``."""


class MissingParseWarning(UserWarning):
    """Some parses were missing; the run counted them and applied its ``missing`` policy.

    The command line prints it as one line on standard error. Turn it into
    an error with ``warnings.simplefilter("error", MissingParseWarning)``,
    or pass ``missing="error"``.
    """


class ErrorSentenceWarning(UserWarning):
    """Some sentences were EVALB's error sentences, which are in no total (SPEC.md §7, §10).

    EVALB counts a sentence whose parse has other words than the gold (or a
    tree it cannot read) as an *error sentence* and leaves it out of every
    figure but the count, which can flatter a parser; ParsEval does the same
    under ``missing="skip"`` so that its figures stay EVALB's, and says so
    with this warning. ``missing="zero"`` (or ``"flat"``) scores such a parse
    as the parser's failed parse instead. Turn it into an error with
    ``warnings.simplefilter("error", ErrorSentenceWarning)``.
    """


class NonTreeParseWarning(UserWarning):
    """Some parses were not trees (a cycle of heads, a token that is its own head).

    Attachment scores need only a head per token, so such a parse is scored
    token by token, as CoNLL-X ``eval.pl`` and nltk score it, and counted
    (``non_trees``); the warning names the file, line and sentence of the
    first few. The undirected score and NED can reward a cycle (an arc is
    right whichever way it points), so these numbers deserve a look. Turn
    it into an error with ``warnings.simplefilter("error", NonTreeParseWarning)``.
    """
