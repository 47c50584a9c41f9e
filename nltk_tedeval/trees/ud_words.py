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

from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["UDSentence", "UDToken", "UDWord", "check_ud_tree"]


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
    """The tokens and words of one CoNLL-U sentence (empty nodes are not kept).

    ``deps``, read only when asked (``read_ud_words(path, deps=True)``), holds
    every word's enhanced edges, ``(head, label)`` with empty nodes collapsed
    (:mod:`nltk_tedeval.reading.enhanced`, SPEC.md §17); ``None`` otherwise.
    """

    tokens: tuple[UDToken, ...]
    words: tuple[UDWord, ...]
    deps: tuple[tuple[tuple[int, str], ...], ...] | None = None

    def __len__(self) -> int:
        return len(self.words)


def check_ud_tree(words: Sequence[UDWord], error: Callable[..., Exception]) -> None:
    """Heads inside the sentence, no cycle, one root: what the CoNLL 2018 script requires.

    ``error(message, line, token=None)`` builds the exception raised: the
    reader's names the file and line; a word read from an object has line 0.

    In the script's order: a cycle (a word that is its own head included)
    first, then the number of roots, so that a sentence without a root, whose
    heads must form a cycle, is refused for its cycle, as the script refuses it.
    """
    n = len(words)
    if n == 0:
        raise error("the sentence has no words", 0)
    for i, w in enumerate(words):
        if w.head > n:
            raise error(
                f"word {i + 1} ({w.form!r}) has head {w.head}, outside 0..{n}", w.line, str(w.head)
            )
    state = [0] * n  # 0 unseen, 1 on the current path, 2 reaches the root
    for i in range(n):
        path = []
        j = i
        while j >= 0 and state[j] == 0:
            state[j] = 1
            path.append(j)
            j = words[j].head - 1
        if j >= 0 and state[j] == 1:
            cycle = path[path.index(j) :]
            names = " -> ".join(f"{k + 1} ({words[k].form})" for k in cycle)
            w = words[j]
            raise error(
                f"the heads form a cycle: {names} -> {j + 1}; the CoNLL 2018 script "
                "scores only trees",
                w.line,
                w.form,
            )
        for k in path:
            state[k] = 2
    roots = [i for i, w in enumerate(words) if w.head == 0]
    if len(roots) != 1:
        # With no cycle, a sentence has at least one root.
        raise error(
            f"{len(roots)} words hang from the root (0); a sentence must have exactly one",
            words[roots[1]].line,
        )
