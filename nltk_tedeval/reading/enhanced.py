"""The DEPS column of CoNLL-U read as the IWPT 2020/2021 shared task read it (SPEC.md §17).

An enhanced UD graph (the DEPS column, ``2:nsubj|4:nsubj:xsubj``) may pass
through *empty nodes* (``8.1``), words that elided material leaves out of the
text (gapping). The shared task scored graphs without them: before its
evaluation script (``iwpt20_xud_eval.py``) both files went through
``enhanced_collapse_empty_nodes.pl`` (UniversalDependencies/tools), which

1. replaces every path from a word through one or more empty nodes to a word
   by one edge whose label is the path's relations joined by ``>``
   (``5 -conj-> 8.1 -obj-> 9`` becomes ``5:conj>obj`` on word 9), building the
   paths outwards from each edge that leaves an empty node, and extending only
   the pieces whose nodes do not repeat (a path that ends on two words is kept
   even when it goes round);
2. drops the empty nodes and every edge to or from them;
3. writes each word's edges once each (a repeated ``head:label`` kept once),
   sorted by head, then by label.

:func:`enhanced_edges` does the same to one sentence, so the package takes a
file as it is, empty nodes and all: a file collapsed already comes out as it
went in (sorted, each edge once). What the collapse or the script cannot read
is an error naming the file, line, sentence and token.

>>> words = [("1", "2:nsubj", 1), ("2", "0:root", 2), ("3", "2:conj|3.1:obj", 3)]
>>> enhanced_edges(words, [("3.1", "2:conj", 4)], "<string>", 1, None)
(((2, 'nsubj'),), ((0, 'root'),), ((2, 'conj'), (2, 'conj>obj')))
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..errors import InputFormatError

__all__ = ["Edges", "enhanced_edges"]

Edges = tuple[tuple[int, str], ...]
"""A word's incoming enhanced edges: ``(head, label)``, head 0 the root, words from 1."""

_ITEM = re.compile(r"([0-9]+(?:\.[0-9]+)?):(.+)\Z", re.DOTALL)
_EMPTY_IDS = re.compile(r">[0-9]+\.[0-9]+>")  # an empty node's ID inside a collapsed path


def _key(node: str) -> tuple[int, int]:
    """A node ID (``7``, ``7.1``) as numbers, in the order the collapse sorts them."""
    whole, _, part = node.partition(".")
    return int(whole), int(part or 0)


def enhanced_edges(
    words: Sequence[tuple[str, str, int]],
    empty: Sequence[tuple[str, str, int]],
    file: str,
    sentence: int,
    sentence_id: str | None,
) -> tuple[Edges, ...]:
    """Every word's enhanced edges, empty nodes collapsed as the shared task collapsed them.

    ``words`` and ``empty`` hold ``(ID, DEPS, line)`` of the sentence's words
    and empty nodes. A word whose DEPS is ``_``, or whose every edge came
    from an empty node that nothing enters, is an error: the script reads
    no such file (its ``_`` fails to split into head and label).
    """

    def error(message: str, line: int, token: str) -> InputFormatError:
        return InputFormatError(
            message, file=file, line=line, sentence=sentence, sentence_id=sentence_id, token=token
        )

    if not empty:
        fast = _without_empty_nodes(words)
        if fast is not None:
            return fast
    known = {str(i) for i in range(len(words) + 1)} | {e[0] for e in empty}
    edges: list[tuple[str, ...]] = []  # (parent, label, child), node by node in ID order
    nodes = sorted([*words, *empty], key=lambda n: _key(n[0]))
    for node, deps, line in nodes:
        if deps == "_":
            if "." in node:
                continue  # an empty node nothing enters: the collapse ignores its paths
            raise error(
                f"word {node} has no enhanced dependency (DEPS is _); the enhanced "
                "metrics score a DEPS column on every word",
                line,
                node,
            )
        seen: set[tuple[str, str]] = set()
        for item in deps.split("|"):
            m = _ITEM.match(item)
            if m is None:
                raise error(
                    f"DEPS {deps!r} of word {node}: {item!r} is not HEAD:RELATION (a word "
                    "number, 0 or an empty node's N.M, a colon, a relation)",
                    line,
                    node,
                )
            head, label = m.group(1), m.group(2)
            canonical = head if "." in head else str(int(head))
            if canonical not in known:
                raise error(
                    f"DEPS {deps!r} of word {node}: head {head} is no word (1..{len(words)}), "
                    "0 or empty node of the sentence",
                    line,
                    node,
                )
            if (canonical, label) not in seen:  # a repeated edge counts once, as collapsed
                seen.add((canonical, label))
                edges.append((canonical, label, node))
    kept = _collapse(edges)
    out: list[list[tuple[int, str]]] = [[] for _ in words]
    for path in kept:
        parent, child = path[0], path[-1]
        label = path[1] if len(path) == 3 else _EMPTY_IDS.sub(">", ">".join(path[1:-1]))
        out[int(child) - 1].append((int(parent), label))
    result = []
    for (node, _, line), found in zip(words, out, strict=True):
        if not found:
            raise error(
                f"word {node} has no enhanced dependency once the empty nodes are "
                "collapsed (each of its heads is an empty node that nothing enters)",
                line,
                node,
            )
        result.append(tuple(sorted(set(found))))
    return tuple(result)


def _without_empty_nodes(words: Sequence[tuple[str, str, int]]) -> tuple[Edges, ...] | None:
    """The common case, a sentence without empty nodes whose every cell is well formed:
    each word's edges, sorted, each once; ``None`` for any cell the full path must name."""
    n = len(words)
    out = []
    for _, deps, _ in words:
        found = []
        for item in deps.split("|"):
            head, colon, label = item.partition(":")
            if not (colon and label and head.isascii() and head.isdigit()):
                return None
            h = int(head)
            if h > n:
                return None
            found.append((h, label))
        out.append(tuple(sorted(set(found))) if len(found) > 1 else tuple(found))
    return tuple(out)


def _collapse(edges: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """The collapse's paths between words: its worklist, in its order.

    Every edge that leaves an empty node is joined, in turn, to every edge
    known so far that enters that node; a join between two words is kept, a
    join still at an empty node goes back to the lists (a path out of one to
    the worklist, unless it was there before; a path into one to the edges
    that enter, unless it was one of them at the start), when its nodes do
    not repeat.
    """
    ok = [e for e in edges if "." not in e[0] and "." not in e[-1]]
    out_of_empty = [e for e in edges if "." in e[0]]
    into_empty = [e for e in edges if "." in e[-1]]
    queued = set(out_of_empty)
    entered_at_start = set(into_empty)
    i = 0
    while i < len(out_of_empty):
        tail = out_of_empty[i]
        i += 1
        for head in [e for e in into_empty if e[-1] == tail[0]]:
            path = head[:-1] + tail
            if "." not in path[0] and "." not in path[-1]:
                ok.append(path)
                continue
            nodes = path[::2]
            if len(set(nodes)) < len(nodes):
                continue  # a cycle: not used to build longer paths
            if "." in path[0] and path not in queued:
                out_of_empty.append(path)
                queued.add(path)
            if "." in path[-1] and path not in entered_at_start:
                into_empty.append(path)
    return ok
