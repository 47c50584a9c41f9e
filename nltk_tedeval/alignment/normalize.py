"""How a token's text becomes characters of the stream that both sides share.

A parser that runs on raw text and a treebank write the same words
differently: the Penn Treebank escapes brackets (``-LRB-``), writes
opening and closing double quotes as ``` `` ``` and ``''`` (as nltk's
``word_tokenize`` also does), and escapes ``/`` and ``*``. Before the
characters of the two sides are compared (docs/SPEC.md §11), every token
is normalized so that such spellings of one character compare equal, and
whitespace, which tokenizers keep inside some tokens and drop elsewhere,
is removed.

>>> ptb = Normalization()
>>> [ptb("-LRB-"), ptb("``"), ptb("1\\\\/2"), ptb("New York"), ptb("Nov."), ptb("``Hi''")]
['(', '"', '1/2', 'NewYork', 'Nov.', '"Hi"']
>>> Normalization(escapes=False, whitespace="Zs")("``")
'``'
>>> Normalization(casefold=True)("Straße")
'strasse'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import repeat

from ..errors import OptionError
from ..trees.tokens import normalize_token

__all__ = ["CONLL18_NORMALIZATION", "QUOTE_TOKENS", "Normalization"]

QUOTE_TOKENS: dict[str, str] = {"``": '"', "''": '"', "`": "'"}
"""Whole tokens that PTB (and nltk's ``word_tokenize``) write for a quote of the text.

Single quotes stay ``'`` as the text has them; only the backquote that
opens one becomes ``'``.
"""

# Escapes inside a token: PTB writes 1\/2 and \*, the text 1/2 and *.
_INNER = (("\\/", "/"), ("\\*", "*"))
_MEMO_SIZE = 200_000  # token types remembered before the memo starts again


@dataclass(frozen=True)
class Normalization:
    """The mapping from a token's text to its characters in the shared stream.

    ``escapes`` compares tokens as the yields of equal tokenizations are
    compared (:func:`~nltk_tedeval.trees.tokens.normalize_token`: bracket
    escapes such as ``-LRB-`` undone, NFC) and also maps the quote tokens
    (:data:`QUOTE_TOKENS`) and ``\\/``, ``\\*`` to their characters;
    ``whitespace`` says which characters are dropped: ``"all"`` (every
    character ``str.isspace`` accepts, the default) or ``"Zs"`` (Unicode
    space separators only, as the CoNLL 2018 script drops them);
    ``casefold`` compares without case.

    >>> Normalization()("''"), Normalization(casefold=True).signature
    ('"', 'esc+ws=all+casefold')
    """

    escapes: bool = True
    whitespace: str = "all"
    casefold: bool = False
    # Tokens repeat (a corpus has far fewer types than tokens): each is
    # normalized once. Not part of the value.
    memo: dict[str, str] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        if self.whitespace not in ("all", "Zs"):
            raise OptionError(f"whitespace must be 'all' or 'Zs', not {self.whitespace!r}")

    def __call__(self, token: str) -> str:
        memo = self.memo
        text = memo.get(token)
        if text is None:
            if len(memo) >= _MEMO_SIZE:
                memo.clear()
            text = memo[token] = self._normalize(token)
        return text

    def texts(self, tokens: Sequence[str]) -> list[str]:
        """Every token's characters: ``[self(t) for t in tokens]``, with less work where
        it can be seen at once that no token changes (issue 31).

        A sentence of printable characters without a space, a backslash, a backquote,
        two single quotes in a row or the ``-L``/``-R`` that every bracket escape
        starts with, ASCII or each of its tokens in NFC (which only escapes bring),
        holds no token that an escape, a quote, whitespace or NFC could change: its
        tokens are their own characters (most sentences of a treebank). Anything else
        is normalized token by token, each type once.

        >>> Normalization().texts(["He", "left", "-LRB-", "``"])
        ['He', 'left', '(', '"']
        """
        if "" not in tokens and self._unchanged("".join(tokens), tokens):
            return list(tokens)
        # Most tokens were seen before: their texts are looked up in C, and only new
        # ones (None) are normalized.
        texts = list(map(self.memo.get, tokens))
        if None in texts:
            texts = [
                self(token) if text is None else text
                for token, text in zip(tokens, texts, strict=True)
            ]
        return texts  # type: ignore[return-value]

    def joined_text(self, joined: bytes) -> str | None:
        """The characters of the tokens of ``joined`` (their UTF-8 bytes joined by 0xFF, as
        :func:`~nltk_tedeval.trees.tokens.joined_words` makes them) one after the other,
        when :meth:`texts` would see at once that no token changes; ``None`` otherwise.

        What a block's line gives without decoding a word: ASCII bytes are their own
        characters. A unit of sentences that a key spells alike needs its text and
        length, not its tokens: this finds them without splitting the tokens apart
        (issue 31).

        >>> Normalization().joined_text(b"He\\xffleft"), Normalization().joined_text(b"He\\xff")
        ('Heleft', None)
        """
        if not joined or joined[0] == 0xFF or joined[-1] == 0xFF or b"\xff\xff" in joined:
            return None  # an empty token
        text = joined.replace(b"\xff", b"").decode("latin-1")
        # (A byte >= 0x80, read as Latin-1, is no character of the token: ASCII only.)
        return text if text.isascii() and self._unchanged(text) else None

    def _unchanged(self, text: str, tokens: Sequence[str] | None = None) -> bool:
        """Whether ``text``, the characters of some tokens, has none that normalizing a token
        could change (conservatively: ``False`` may still be unchanged).

        Every test but one is of single characters, or of two an escape needs (which
        may only straddle two tokens: conservative). NFC is not: a token may be in
        NFC and two together not, so text that is not ASCII, where escapes bring NFC,
        is unchanged only if each of ``tokens`` is in NFC (none given: not known).
        """
        if self.casefold or not text.isprintable() or " " in text or "\\" in text:
            return False  # (whitespace is a space or not printable)
        if not self.escapes:
            return True
        if "`" in text or "''" in text or "-L" in text or "-R" in text:
            return False
        return text.isascii() or (
            tokens is not None and all(map(unicodedata.is_normalized, repeat("NFC"), tokens))
        )

    def _normalize(self, token: str) -> str:
        if token.isascii() and token.isalnum():
            # Most new types of a corpus (words, numbers): no escape, quote, space or
            # NFC form can change them, so none is looked for.
            return token.casefold() if self.casefold else token
        text = token
        if self.escapes:
            quote = QUOTE_TOKENS.get(text)
            if quote is not None:
                text = quote
            else:
                # A tokenizer that joins a quote to its word keeps PTB's opening ``
                # at the token's start and closing '' at its end (``Lettische).
                if text.startswith("``"):
                    text = '"' + text[2:]
                if text.endswith("''"):
                    text = text[:-2] + '"'
                text = normalize_token(text)
                if "\\" in text:
                    for escaped, char in _INNER:
                        text = text.replace(escaped, char)
        if self.whitespace == "all":
            if not text.isprintable() or " " in text:
                text = "".join(c for c in text if not c.isspace())
        elif any(unicodedata.category(c) == "Zs" for c in text):
            text = "".join(c for c in text if unicodedata.category(c) != "Zs")
        return text.casefold() if self.casefold else text

    @property
    def signature(self) -> str:
        """The option string scores carry (``esc+ws`` and so on)."""
        parts = ["esc" if self.escapes else "noesc", f"ws={self.whitespace}"]
        if self.casefold:
            parts.append("casefold")
        return "+".join(parts)


CONLL18_NORMALIZATION = Normalization(escapes=False, whitespace="Zs")
"""The CoNLL 2018 script's characters: a token's FORM without its Zs characters."""
