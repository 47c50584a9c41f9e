"""Tokens and yields: everything compared for a sentence has the same words.

Penn Treebank files escape brackets (``-LRB-`` for ``(``), CoNLL files do
not; in GUM, 366 of 4,636 sentences differ between the two only by these
escapes (SPEC.md §1). Tokens are therefore compared after undoing the
escapes, also inside tokens, so ``-LRB-a-RRB-`` equals ``(a)``.

Tokens are also compared in Unicode normalization form NFC (SPEC.md §1,
Decision): ``"e\u0301"`` (e and a combining acute, NFD) and ``"\u00e9"``
(é, NFC) are canonically equivalent, the same text stored two ways, and
which one a file holds depends on the tool that wrote it, not on the parse.
Compatibility forms (NFKC) are not applied: ``ﬁ`` and ``fi`` are different
characters, and a tokenizer that changes one into the other changed the text.

>>> normalize_token("-LRB-a-RRB-")
'(a)'
>>> normalize_token("cafe\u0301") == "caf\u00e9"
True
>>> check_yields([("John", "-LRB-"), ("John", "(")], ["gold", "parse"])
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from ..errors import YieldMismatchError

__all__ = [
    "PTB_ESCAPES",
    "Segmented",
    "check_yields",
    "joined_words",
    "normalize_token",
    "split_joined_words",
]

PTB_ESCAPES: tuple[tuple[str, str], ...] = (
    ("-LRB-", "("),
    ("-RRB-", ")"),
    ("-LSB-", "["),
    ("-RSB-", "]"),
    ("-LCB-", "{"),
    ("-RCB-", "}"),
)


def normalize_token(token: str) -> str:
    """Undo the Penn Treebank bracket escapes anywhere in ``token``; NFC for the rest.

    >>> normalize_token("-LRB-a-RRB-"), normalize_token("plain")
    ('(a)', 'plain')
    """
    if "-" in token:
        for escaped, raw in PTB_ESCAPES:
            if escaped in token:
                token = token.replace(escaped, raw)
    # isascii() is a flag test in CPython, so ASCII tokens pay nothing for NFC.
    if not token.isascii() and not unicodedata.is_normalized("NFC", token):
        token = unicodedata.normalize("NFC", token)
    return token


def check_yields(
    yields: Sequence[Sequence[str]],
    names: Sequence[str],
    *,
    sentence: int | None = None,
    sentence_id: str | None = None,
) -> None:
    """Raise :class:`~nltk_tedeval.errors.YieldMismatchError` unless all yields agree.

    ``yields`` are token sequences (already normalised or not: both sides
    are normalised here), ``names`` say where each comes from ("gold",
    "parse", a file name). The error names the sentence, the first position
    that differs and the tokens on both sides.

    >>> check_yields([("a", "-LRB-"), ("a", "(")], ["ptb", "conllu"])  # only escapes differ
    >>> check_yields([("caf\u00e9",), ("cafe\u0301",)], ["nfc", "nfd"])  # only NFC/NFD differ
    >>> try:
    ...     check_yields([("a", "b"), ("a", "c")], ["gold", "parse"], sentence=3)
    ... except YieldMismatchError as err:
    ...     print(err)
    sentence 3: the yields differ at token 2: gold has 'b', parse has 'c'
    """
    if len(yields) < 2:
        return
    first = yields[0]
    for other, name in zip(yields[1:], names[1:], strict=False):
        if other is first or tuple(other) == tuple(first):
            continue
        a = [normalize_token(t) for t in first]
        b = [normalize_token(t) for t in other]
        if a == b:
            continue
        for pos, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                raise YieldMismatchError(
                    f"the yields differ at token {pos + 1}: {names[0]} has {first[pos]!r}, "
                    f"{name} has {other[pos]!r}",
                    sentence=sentence,
                    sentence_id=sentence_id,
                    token=f"{pos + 1}",
                )
        shorter, longer = (names[0], name) if len(a) < len(b) else (name, names[0])
        pos = min(len(a), len(b))
        extra = (b if len(b) > len(a) else a)[pos]
        raise YieldMismatchError(
            f"the yields differ in length: {names[0]} has {len(a)} "
            f"token{'s' if len(a) != 1 else ''}, {name} has {len(b)}; {shorter} ends before "
            f"token {pos + 1} ({extra!r} in {longer})",
            sentence=sentence,
            sentence_id=sentence_id,
            token=f"{pos + 1}",
        )


def joined_words(words: Sequence[str]) -> bytes:
    """The words' UTF-8 bytes joined by 0xFF, a byte UTF-8 never holds: equal bytes, equal words.

    What ParsEval hashes to tell sentences apart in paired tests, and alignment
    compares before any word (a sentence's text key); a block of bracketed lines
    gives it for its lines without making a string of each word. A lone surrogate
    (which a Python string may hold) is kept as its own bytes.

    >>> joined_words(["a", "\\u00e7a"])
    b'a\\xff\\xc3\\xa7a'
    """
    return b"\xff".join(word.encode("utf-8", "surrogatepass") for word in words)


def split_joined_words(joined: bytes) -> list[str]:
    """The words that :func:`joined_words` joined (one at least, none with a line break, as
    the words of a line are): one decode, the 0xFF between them made line breaks first.

    >>> words = ["a", "\\u00e7a", "b\\ud800"]  # a lone surrogate too
    >>> split_joined_words(joined_words(words)) == words
    True
    """
    return joined.replace(b"\xff", b"\n").decode("utf-8", "surrogatepass").split("\n")


class Segmented(tuple[str, ...]):
    """A sentence's words whose multiword tokens do not spell them one by one: the words,
    as a tuple, and ``multiword``, the CoNLL-U ranges ``(first, end, form)`` of its
    multiword tokens (words ``first:end``, 0-based, make the token ``form``).

    Alignment (SPEC.md §11) reads the text from the tokens and aligns the words inside
    a multiword token as the CoNLL 2018 script does.

    >>> words = Segmented(("Il", "parle", "de", "le", "chat"), ((2, 4, "du"),))
    >>> words.surface(), list(words.tokens())
    (('Il', 'parle', 'du', 'chat'), [(1, False), (1, False), (2, True), (1, False)])
    """

    multiword: tuple[tuple[int, int, str], ...]

    def __new__(
        cls, words: Sequence[str], multiword: tuple[tuple[int, int, str], ...]
    ) -> Segmented:
        self = super().__new__(cls, words)
        self.multiword = multiword
        return self

    def __reduce__(
        self,
    ) -> tuple[type[Segmented], tuple[tuple[str, ...], tuple[tuple[int, int, str], ...]]]:
        return Segmented, (tuple(self), self.multiword)

    def tokens(self) -> list[tuple[int, bool]]:
        """Every surface token's number of words and whether it is a multiword token."""
        out: list[tuple[int, bool]] = []
        w = 0
        for first, end, _ in self.multiword:
            out += [(1, False)] * (first - w)
            out.append((end - first, True))
            w = end
        out += [(1, False)] * (len(self) - w)
        return out

    def surface(self) -> tuple[str, ...]:
        """The surface tokens: the multiword tokens' forms, the other words as they are."""
        out: list[str] = []
        w = 0
        for first, end, form in self.multiword:
            out += self[w:first]
            out.append(form)
            w = end
        out += self[w:]
        return tuple(out)
