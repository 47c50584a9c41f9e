"""A CoNLL-U sentence as the CoNLL 2018 shared task scores it: tokens, words and their columns.

The other metrics read a dependency tree (:mod:`.dependency`): one word per
token, multiword tokens and empty nodes left out. The CoNLL 2018 metrics
(Zeman et al. 2018, §2.5; :mod:`nltk_tedeval.metrics.conll18`) also score
how a system split the text into tokens and words, so they keep the
*surface tokens* (a multiword token such as Spanish "del" is one token of
two words, "de" and "el") beside the syntactic words.

>>> s = UDSentence(
...     tokens=(UDToken("vámonos", 0, 2, True), UDToken("!", 2, 3)),
...     words=(UDWord("vamos", "ir", "VERB", "_", "_", 0, "root"),
...            UDWord("nos", "nosotros", "PRON", "_", "_", 1, "obj"),
...            UDWord("!", "!", "PUNCT", "_", "_", 1, "punct")),
... )
>>> [t.form for t in s.tokens], [t.multiword for t in s.tokens]
(['vámonos', '!'], [True, False])
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["UDSentence", "UDToken", "UDWord"]


@dataclass(frozen=True, slots=True)
class UDWord:
    """One syntactic word: its CoNLL-U columns (``head`` 0 is the root), read at ``line``."""

    form: str
    lemma: str
    upos: str
    xpos: str
    feats: str
    head: int
    deprel: str
    line: int = 0


@dataclass(frozen=True, slots=True)
class UDToken:
    """One surface token: its text and the words ``first`` (inclusive) to ``last`` (exclusive).

    ``multiword`` marks a multiword token (CoNLL-U ID ``3-4``), whose words
    have forms of their own.
    """

    form: str
    first: int
    last: int
    multiword: bool = False
    line: int = 0


@dataclass(frozen=True, slots=True)
class UDSentence:
    """The tokens and words of one CoNLL-U sentence (empty nodes are not kept)."""

    tokens: tuple[UDToken, ...]
    words: tuple[UDWord, ...]

    def __len__(self) -> int:
        return len(self.words)
