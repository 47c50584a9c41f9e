"""Reading the answers of language models: the tree in each answer, and whether it is one.

A language model asked to parse a sentence answers in text: a bracketed
constituency tree or CoNLL rows, often inside prose or a Markdown code fence,
sometimes with unbalanced brackets or with the sentence's words changed
(Bai et al. 2023 found much of it invalid or unfaithful to the input).
:func:`read_answers` reads one answer per sentence, finds the tree in it and
says what it is, as an :class:`Answer` with one of three statuses:

- ``"tree"``: a tree with exactly the sentence's words;
- ``"invalid"``: no tree, unbalanced brackets, or dependency rows that are no
  tree (a head out of range, a cycle, no root or several);
- ``"unfaithful"``: a tree whose words differ from the sentence's.

An invalid answer is a missing parse (SPEC.md §10): its ``tree`` is ``None``,
and every evaluator scores it by its ``missing`` policy. So is an unfaithful
one unless ``unfaithful="keep"``, which keeps its tree for alignment of
differing texts (``align="lcs"``, SPEC.md §11) to score against the gold's.
Words are compared through the Penn Treebank bracket escapes (``-LRB-`` is
``(``), since a bracket cannot be a leaf of a bracketed tree.

An answer is its text, or a JSON value that holds it: a record of one's own
(``{"answer": ...}``) or a model API's response (a chat completion, a
messages response, ...), read through one table of keys,
:data:`ANSWER_KEYS`. A value that holds no text (``null`` for a failed call,
an API's error, a refusal) is an invalid answer with its reason.

>>> texts = [
...     "Here it is (in PTB format):\\n```lisp\\n(S (NP (DT The) (NN cat)) (VP (VBD sat)))\\n```",
...     "(S (NP (DT The) (NNS cats)) (VP (VBD sat)))",
...     "(S (NP (DT The) (NN cat)) (VP (VBD sat))",
...     "1\\tThe\\t2\\tdet\\n2\\tcat\\t3\\tnsubj\\n3\\tsat\\t0\\troot",
... ]
>>> answers = read_answers(texts, [["The", "cat", "sat"]] * 4)
>>> for answer in answers:
...     print(answer.number, answer.status, answer.kind, answer.reason)
1 tree constituency None
2 unfaithful constituency word 2 changed: 'cats' for 'cat'
3 invalid constituency unbalanced brackets: 1 '(' not closed
4 tree dependency None
>>> print(answers[0].tree)
(S (NP (DT The) (NN cat)) (VP (VBD sat)))
>>> answers[3].tree.heads
(2, 3, 0)
>>> answer_counts(answers)
{'tree': 2, 'invalid': 1, 'unfaithful': 1}
"""

from __future__ import annotations

import difflib
import json
import os
import re
from collections.abc import Iterable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import EmptyTreeError, InputFormatError, OptionError, TedEvalError, excerpt
from ..records import require_corpus
from ..trees.dependency import DependencyTree, head_cycles
from ..trees.kinds import text_tokens, tree_kind
from ..trees.tokens import normalize_token
from .lines import file_lines

__all__ = [
    "ANSWER_CHANGES",
    "ANSWER_KEYS",
    "ANSWER_KINDS",
    "ANSWER_STATUSES",
    "UNFAITHFUL_POLICIES",
    "Answer",
    "answer_counts",
    "read_answers",
    "read_answers_file",
]

ANSWER_STATUSES: tuple[str, ...] = ("tree", "invalid", "unfaithful")
"""What an answer can be: a faithful tree, no tree at all, or a tree of other words."""

ANSWER_KINDS: tuple[str, ...] = ("constituency", "dependency")
"""The kinds of tree an answer can hold (``kind=None`` looks for both)."""

UNFAITHFUL_POLICIES: tuple[str, ...] = ("missing", "keep")
"""What an unfaithful answer's ``tree`` is: ``None`` (a missing parse), or the tree found."""

ANSWER_CHANGES: tuple[str, ...] = ("changed", "dropped", "added")
"""The kinds of difference between an answer's words and its sentence's."""

ANSWER_KEYS: tuple[str, ...] = (
    # A record of one's own: {"answer": ...}, {"id": 3, "response": ...}; a messages
    # response's "content" and a Responses API "output" are lists of blocks.
    *("answer", "output", "response", "completion", "content", "text"),
    # A model API's response: a chat completion's or completion's "choices", Gemini's
    # "candidates", a choice's (or Ollama's) "message", a Gemini content's "parts", a batch
    # line's "body" (OpenAI) or "result" (Anthropic), Hugging Face's "generated_text".
    *("choices", "candidates", "message", "parts", "body", "result", "generated_text"),
)
"""The keys followed to an answer's text in a JSON object, the first present winning (SPEC.md §14).

What a key holds is read the same way, so that a response nested in a
record (``{"id": 3, "response": {"choices": ...}}``) is found as a bare one.
"""

# Lists of alternatives, whose first is the answer; every other list is one answer in
# blocks, whose text blocks are joined.
_FIRST_OF = frozenset({"choices", "candidates"})

# The blocks of a list that hold text (a block with no "type" too, as Gemini's parts);
# the others (thinking, reasoning, tool use, images) are skipped.
_TEXT_BLOCKS = frozenset({"text", "output_text", "message", "refusal"})

_CUT, _REFUSED = "cut", "refused"
# Why a response stopped, where that matters: a refusal or a filter leaves no answer to
# read, whatever text came before it; a cut-off leaves the text as it is (a tree complete
# before the cut is a tree), and is said after the reason of an answer found invalid.
_STOPS: dict[str, dict[str, str]] = {
    "finish_reason": {"length": _CUT, "content_filter": _REFUSED},  # OpenAI-style
    "stop_reason": {
        "max_tokens": _CUT,
        "model_context_window_exceeded": _CUT,
        "refusal": _REFUSED,
    },  # Anthropic
    "finishReason": {
        "MAX_TOKENS": _CUT,
        **dict.fromkeys(
            ("SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII"), _REFUSED
        ),
    },  # Gemini
    "done_reason": {"length": _CUT},  # Ollama
    "status": {"incomplete": _CUT},  # OpenAI's Responses API
}

_SHOWN = 3  # differences a reason names before it only counts the rest
_SHOWN_KEYS = 5  # keys of an object without an answer that its reason names
# Word pairs of a replaced stretch aligned by likeness (a table that size); beyond, by position.
_MAX_ALIGNED = 2500

_NO_WORDS = "the tree has no words (none, or only empty elements)"

_NO_TREE = {
    "constituency": "no tree found: no bracketed tree (a '(' followed by a label or a '(')",
    "dependency": "no tree found: no CoNLL rows (lines of 10 or 4 columns: ID FORM ... HEAD ...)",
    None: "no tree found: no bracketed tree (a '(' followed by a label or a '(') "
    "and no CoNLL rows (lines of 10 or 4 columns: ID FORM ... HEAD ...)",
}


@dataclass(frozen=True, repr=False)
class Answer:
    """One answer read: the tree found in it (or ``None``), its status and why.

    ``tree`` is an ``nltk.Tree`` (constituency) or a
    :class:`~nltk_tedeval.trees.dependency.DependencyTree` (dependency, built
    with ``check=False``), or ``None`` for an invalid answer and, unless
    ``unfaithful="keep"``, an unfaithful one. ``reason`` says why an answer
    is invalid or unfaithful (``None`` for ``"tree"``); ``text`` the answer's
    text (what its JSON held: ``""`` for none); ``found`` is the tree
    text found in the answer, ``kind`` what kind of tree it is (both ``None``
    when nothing was found); ``changes`` the kinds of difference of an
    unfaithful answer, from :data:`ANSWER_CHANGES`, in order of first
    appearance. ``number`` counts answers from 1; ``file`` and ``line`` say
    where it was read (:func:`read_answers_file`).

    ``error`` is always ``None``: an answer is a record the evaluators accept
    as they accept a reader's (they unwrap anything with ``tree`` and
    ``error``), and an answer without a tree is a missing parse, not bad input.

    >>> (answer,) = read_answers(["(S (NP (PRP I)) (VP (VBD went)))"], [["I", "left"]])
    >>> answer.status, answer.reason
    ('unfaithful', "word 2 changed: 'went' for 'left'")
    >>> answer.tree is None, answer.changes
    (True, ('changed',))
    """

    tree: Any
    status: str
    reason: str | None
    text: str
    number: int
    found: str | None = None
    kind: str | None = None
    file: str | None = None
    line: int | None = None
    error: None = None
    changes: tuple[str, ...] = ()

    def __repr__(self) -> str:
        # The tree and the text can be long, and an nltk.Tree's repr recurses: keep it short.
        where = "" if self.file is None else f", file={self.file!r}, line={self.line!r}"
        return (
            f"Answer(number={self.number}, status={self.status!r}, kind={self.kind!r}, "
            f"reason={self.reason!r}{where})"
        )


def read_answers(
    texts: Iterable[Any],
    sentences: Iterable[Any],
    *,
    kind: str | None = None,
    unfaithful: str = "missing",
    file: str | None = None,
    lines: Sequence[int] | None = None,
) -> list[Answer]:
    """The answers ``texts``, one per sentence of ``sentences``, each read and classified.

    An answer is its text, or a JSON value holding it as a file's line does
    (:func:`read_answers_file`): a model API's response as a dict, or
    ``None`` for a call that failed, which is an invalid answer. A sentence
    is a list or tuple of its words, or a gold tree of any kind the package
    reads, whose words are its text tokens (empty elements left out).
    ``kind`` is ``"constituency"``, ``"dependency"`` or ``None`` (either; a
    bracketed tree wins a tie). ``unfaithful`` is ``"missing"`` (an
    unfaithful answer has no tree) or ``"keep"``. ``file`` and ``lines`` (the
    line of every answer) are given to the answers and name the place in
    errors.

    >>> [a.reason for a in read_answers(["(S (NP I) (VP left) (ADVP early))"], [("I", "left")])]
    ["word added after word 2: 'early'"]
    >>> chat = {"choices": [{"message": {"content": "(S (NP I) (VP left))"}}]}
    >>> [(a.status, a.reason) for a in read_answers([chat, None], [["I", "left"]] * 2)]
    [('tree', None), ('invalid', 'no answer text: null (a failed API call?)')]
    """
    if kind is not None and kind not in ANSWER_KINDS:
        raise OptionError(
            f"kind must be one of 'constituency', 'dependency', None, not {kind!r}", file=file
        )
    if unfaithful not in UNFAITHFUL_POLICIES:
        raise OptionError(
            f"unfaithful must be one of 'missing', 'keep', not {unfaithful!r}", file=file
        )
    if isinstance(texts, (str, bytes, dict)):
        raise OptionError(
            f"texts is a {type(texts).__name__}, not a list of answers; "
            "wrap a single answer in a list: [text]",
            file=file,
        )
    texts = list(texts)
    # Sentence objects (a tokenizer's spaCy Doc, say) give their words, parsed or not.
    sentences = list(require_corpus(sentences, "sentences", "words"))
    if len(texts) != len(sentences):
        raise OptionError(
            f"{_count(len(texts), 'answer')} but {_count(len(sentences), 'sentence')}; "
            "give one sentence per answer, in order",
            file=file,
        )
    if lines is not None and len(lines) != len(texts):
        raise OptionError(
            f"{_count(len(texts), 'answer')} but {_count(len(lines), 'line number')}; "
            "give one line per answer",
            file=file,
        )
    held = []
    for number, text in enumerate(texts, start=1):
        if not _is_json(text):
            raise OptionError(
                f"answer {number} is of type {type(text).__name__}, neither a string nor a "
                "JSON value; give a response as a dict (an SDK's object: its .model_dump())",
                file=file,
                line=None if lines is None else lines[number - 1],
            )
        held.append(_held(text))
    if held and all(h.unknown for h in held):
        # Not one answer found: a file of another format, or the answers under a key of
        # their own. Counting each as invalid would score a run that never was.
        raise InputFormatError(
            "no object holds an answer under a key read (SPEC.md §14; the first one's "
            f"keys: {_keys(texts[0])}): put each answer under 'answer'",
            file=file,
            line=None if lines is None else lines[0],
        )
    keep = unfaithful == "keep"
    answers = []
    for number, (hold, sentence) in enumerate(zip(held, sentences, strict=True), start=1):
        line = None if lines is None else lines[number - 1]
        words = _sentence_words(sentence, number, file)
        if hold.reason is not None:
            reason = hold.reason if hold.note is None else f"{hold.reason}; {hold.note}"
            answers.append(Answer(None, "invalid", reason, hold.text, number, file=file, line=line))
            continue
        answer = _read_answer(hold.text, words, number, kind, keep, file, line)
        if answer.status == "invalid" and hold.note is not None:
            answer = replace(answer, reason=f"{answer.reason}; {hold.note}")
        answers.append(answer)
    return answers


def read_answers_file(
    path: str | os.PathLike[str],
    sentences: Iterable[Any],
    *,
    kind: str | None = None,
    unfaithful: str = "missing",
) -> list[Answer]:
    """The answers of a JSON Lines file (``-``: standard input), read as :func:`read_answers` reads.

    Each non-blank line is one answer: a JSON string, the answer, or an
    object holding it under the first of :data:`ANSWER_KEYS` present,
    nested as a model API's response nests it (SPEC.md §14). A line that
    holds no text (``null``, ``{"answer": null}``, an empty string, an
    object without any of those keys, an API's error or refusal) is an
    invalid answer with its reason. A line that is no JSON is an
    :class:`~nltk_tedeval.errors.InputFormatError` naming the file and
    line, as is a file whose every answer is an object without any of those
    keys (its answers under a key of its own). Compressed files are read as
    every other input is.

    >>> import json, pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "answers.jsonl"
    >>> _ = path.write_text(json.dumps({"answer": "(S (NP I) (VP left))"}) + "\\n")
    >>> [(a.status, a.line) for a in read_answers_file(path, [["I", "left"]])]
    [('tree', 1)]
    """
    texts: list[Any] = []
    numbers: list[int] = []
    with ExitStack() as stack:
        source = file_lines(path, stack)
        name = source.name
        for number, raw in enumerate(source, start=1):
            bad = source.take_bad(before=number + 1)
            if bad is not None:
                raise bad
            if not raw.strip():
                continue
            texts.append(_json_answer(raw, name, number))
            numbers.append(number)
    return read_answers(
        texts, sentences, kind=kind, unfaithful=unfaithful, file=name, lines=numbers
    )


def answer_counts(answers: Iterable[Answer]) -> dict[str, int]:
    """How many answers have each status, every status present (0 if none).

    >>> answer_counts(read_answers(["(S (X a))", "no idea"], [["a"], ["b"]]))
    {'tree': 1, 'invalid': 1, 'unfaithful': 0}
    """
    counts = dict.fromkeys(ANSWER_STATUSES, 0)
    for answer in answers:
        counts[answer.status] += 1
    return counts


# -- one answer -------------------------------------------------------------------


def _json_answer(raw: str, file: str, line: int) -> Any:
    # A line that is no JSON is a broken file, not an answer: it may be half of one (a raw
    # line break inside a string), or the file may be no JSON Lines at all, and counting
    # its lines as invalid answers would score them against the wrong sentences.
    try:
        return json.loads(raw)
    except json.JSONDecodeError as err:
        raise InputFormatError(
            f"not JSON: {err.msg} at column {err.colno}; each line is one answer as JSON: "
            "a string, an object holding it, or null for none (json.dumps writes them)",
            file=file,
            line=line,
        ) from None


# -- the text of an answer's JSON ----------------------------------------------------


@dataclass(frozen=True)
class _Held:
    """What a JSON value holds: an answer's text, or why it holds none."""

    text: str = ""  # the answer's text, or what text there was ("" for none)
    reason: str | None = None  # why there is no answer to read (an invalid answer)
    failed: bool = False  # an API error or a refusal, not only an absence of text
    note: str | None = None  # said after the reason if the answer is invalid (a cut-off)
    unknown: bool = False  # an object with none of ANSWER_KEYS: no answer at all


def _is_json(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, list, dict))


def _held(value: Any, path: str = "") -> _Held:
    """The text of ``value`` (a line's JSON, or what ``path`` holds in it), or why there is none."""
    at = f" at {path!r}" if path else ""
    if isinstance(value, str):
        if value.strip():
            return _Held(value)
        empty = "an empty string" if not value else "only white space"
        return _Held(value, f"no answer text: {empty}{at}")
    if value is None:
        # Null for the whole answer is what a script writes for a call that failed; deep
        # in a response it is the API's own (a message's content beside a tool call).
        failed = "" if "." in path or "[" in path else " (a failed API call?)"
        return _Held(reason=f"no answer text: null{at}{failed}")
    if isinstance(value, list):
        return _blocks(value, path)
    if not isinstance(value, dict):
        return _Held(reason=f"no answer text: a JSON {_json_type(value)}{at}")
    if value.get("error"):
        return _Held(reason=f"API error: {_error_text(value['error'])}", failed=True)
    refusal = value.get("refusal")
    if isinstance(refusal, str) and refusal.strip():
        return _Held(refusal, f"the model refused: {excerpt(refusal.strip())}", failed=True)
    key = next((k for k in ANSWER_KEYS if k in value), None)
    stops = _stops(value)
    refused = next(
        (f"refused or filtered: {n} {v!r}" for n, v, how in stops if how == _REFUSED), None
    )
    if key is None:
        if refused is not None:  # a Gemini candidate blocked before any content
            return _Held(reason=refused, failed=True)
        kind = value.get("type")
        kind = f" of type {excerpt(kind)}" if isinstance(kind, str) else ""
        return _Held(
            reason=f"no answer text: an object{kind}{at} without an answer's key "
            f"(its keys: {_keys(value)})",
            unknown=not path,
        )
    inner = f"{path}.{key}" if path else key
    held = value[key]
    if key in _FIRST_OF and isinstance(held, list):
        if not held:
            found = _Held(reason=f"no answer text: an empty list at {inner!r}")
        else:
            found = _held(held[0], f"{inner}[0]")
    else:
        found = _held(held, inner)
    if found.failed:
        return found
    if refused is not None:
        return _Held(found.text, refused, failed=True)
    cut = next((f"the response was cut off: {n} {v!r}" for n, v, how in stops if how == _CUT), None)
    if cut is not None and found.note is None:
        found = replace(found, note=cut)
    return found


def _stops(value: dict[str, Any]) -> list[tuple[str, str, str]]:
    """``(key, value, how)`` of each key of ``value`` saying why a response stopped that matters."""
    out = []
    for name, stops in _STOPS.items():
        stop = value.get(name)
        if isinstance(stop, str) and stop in stops:
            out.append((name, stop, stops[stop]))
    return out


def _blocks(blocks: list[Any], path: str) -> _Held:
    """The text blocks of a list joined, as an API's content blocks are one answer's pieces."""
    at = f" at {path!r}" if path else ""
    if not blocks:
        return _Held(reason=f"no answer text: an empty list{at}")
    pieces: list[str] = []
    others: list[str] = []
    note = None
    for i, block in enumerate(blocks):
        kind = block.get("type", "text") if isinstance(block, dict) else None
        if isinstance(block, str):
            pieces.append(block)
        elif kind in _TEXT_BLOCKS and not block.get("thought"):  # a Gemini thought: skipped
            found = _held(block, f"{path}[{i}]")
            if found.failed:
                return found
            pieces.append(found.text)  # "" for a text block without text
            note = note or found.note
        else:
            others.append(excerpt(kind) if isinstance(kind, str) else _json_type(block))
    if not pieces:
        shown = ", ".join(dict.fromkeys(others))
        return _Held(reason=f"no answer text: no text block{at} (its blocks: {shown})", note=note)
    # Blocks are pieces of one text, as an API streams it: joined as they are.
    return replace(_held("".join(pieces), path), note=note)


def _error_text(error: Any) -> str:
    """An API's error as a reason says it: its code or type, and its message."""
    if isinstance(error, dict):
        if error.get("error"):  # Anthropic's error object wraps the error itself
            return _error_text(error["error"])
        label = next(
            (error[k] for k in ("code", "type", "status") if isinstance(error.get(k), str)), None
        )
        if label is not None and not re.fullmatch(r"[\w.-]{1,40}", label):
            label = excerpt(label)
        message = error.get("message")
        if isinstance(message, str):
            return excerpt(message, 80) if label is None else f"{label}: {excerpt(message, 80)}"
        if label is not None:
            return label
    if isinstance(error, str):
        return excerpt(error, 80)
    return excerpt(json.dumps(error, ensure_ascii=False), 80)


def _keys(value: Any) -> str:
    """The first keys of an object, quoted: ``'id', 'prompt'`` (``none`` for none)."""
    keys = list(value) if isinstance(value, dict) else []
    shown = ", ".join(excerpt(str(k)) for k in keys[:_SHOWN_KEYS]) or "none"
    more = len(keys) - _SHOWN_KEYS
    return shown + (f" and {more} more" if more > 0 else "")


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return {list: "array", dict: "object", str: "string"}.get(type(value), type(value).__name__)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _article(name: str) -> str:
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _sentence_words(sentence: Any, number: int, file: str | None) -> tuple[str, ...]:
    # An nltk.Tree is a list too: ask what kind of tree it is before taking it for words.
    if tree_kind(sentence) is not None:
        try:
            words = tuple(text_tokens(sentence) or ())
        except TedEvalError as err:
            raise err.locate(file=file, sentence=number) from None
        except (TypeError, AttributeError, ValueError):
            words = None  # a tree holding what no tree holds: said below
        if words is not None and all(isinstance(w, str) for w in words):
            return words
        raise OptionError(
            f"sentence {number} is a {type(sentence).__name__} whose words cannot be read "
            "(a child that is neither a tree nor a word, or a word that is not a string); "
            "give a list of its words or a well-formed tree",
            file=file,
        )
    if isinstance(sentence, (list, tuple)) and all(isinstance(w, str) for w in sentence):
        return tuple(sentence)
    raise OptionError(
        f"sentence {number} is {_article(type(sentence).__name__)}; give a list of its words "
        "(str.split() for a text) or its gold tree",
        file=file,
    )


def _read_answer(
    text: str,
    words: tuple[str, ...],
    number: int,
    kind: str | None,
    keep: bool,
    file: str | None,
    line: int | None,
) -> Answer:
    gold = tuple(map(normalize_token, words))
    # The search works on LF line ends only, so that a fence's "$" finds a CRLF line end.
    search = text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text
    best = _find(search, gold, kind)
    if best is None:
        return Answer(None, "invalid", _NO_TREE[kind], text, number, file=file, line=line)
    if best.reason is not None:
        return Answer(None, "invalid", best.reason, text, number, best.found, best.kind, file, line)
    differences, changes = _differences(words, gold, best.words, best.norm)
    if not differences:
        return Answer(best.tree, "tree", None, text, number, best.found, best.kind, file, line)
    shown = "; ".join(differences[:_SHOWN])
    more = len(differences) - _SHOWN
    if more > 0:
        shown += f"; and {more} more difference{'s' if more > 1 else ''}"
    return Answer(
        best.tree if keep else None,
        "unfaithful",
        shown,
        text,
        number,
        best.found,
        best.kind,
        file,
        line,
        changes=changes,
    )


def _differences(
    gold_words: Sequence[str], gold: Sequence[str], words: Sequence[str], norm: Sequence[str]
) -> tuple[list[str], tuple[str, ...]]:
    """Every difference of ``words`` from ``gold_words`` (compared normalized), in order."""
    out: list[str] = []
    kinds: list[str] = []
    matcher = difflib.SequenceMatcher(None, gold, norm, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        for op, i, j in _edits(gold, norm, i1, i2, j1, j2):
            kinds.append(op)
            if op == "changed":
                out.append(
                    f"word {i + 1} changed: {excerpt(words[j])} for {excerpt(gold_words[i])}"
                )
            elif op == "dropped":
                out.append(f"word {i + 1} dropped: {excerpt(gold_words[i])}")
            elif i:
                out.append(f"word added after word {i}: {excerpt(words[j])}")
            elif gold_words:
                out.append(f"word added before word 1: {excerpt(words[j])}")
            else:
                out.append(f"word added: {excerpt(words[j])}")
    return out, tuple(dict.fromkeys(kinds))


def _edits(
    gold: Sequence[str], norm: Sequence[str], i1: int, i2: int, j1: int, j2: int
) -> list[tuple[str, int, int]]:
    """The edits that turn ``gold[i1:i2]`` into ``norm[j1:j2]``: ``(kind, i, j)``.

    ``i`` is the gold word changed or dropped, or for an added word the number
    of gold words before it. Pairing by position alone would report "The big
    cats" for "The cat" as cat changed to big and cats added; the cheapest
    alignment, a change costing less the more alike the two words are, pairs
    cat with cats and adds big.
    """
    a, b = i2 - i1, j2 - j1
    if a * b > _MAX_ALIGNED:
        common = min(a, b)
        return [
            *(("changed", i1 + k, j1 + k) for k in range(common)),
            *(("dropped", i, -1) for i in range(i1 + common, i2)),
            *(("added", i2, j) for j in range(j1 + common, j2)),
        ]
    cost = [[float(x + y) if not (x and y) else 0.0 for y in range(b + 1)] for x in range(a + 1)]
    move = [[1 if y == 0 else 2 for y in range(b + 1)] for _ in range(a + 1)]
    for x in range(1, a + 1):
        for y in range(1, b + 1):
            alike = difflib.SequenceMatcher(
                None, gold[i1 + x - 1].lower(), norm[j1 + y - 1].lower()
            ).ratio()
            # On a tie a change wins, then a drop: the first of the tuples.
            cost[x][y], move[x][y] = min(
                (cost[x - 1][y - 1] + 1 - alike, 0),
                (cost[x - 1][y] + 1, 1),
                (cost[x][y - 1] + 1, 2),
            )
    edits = []
    x, y = a, b
    while x or y:
        step = move[x][y]
        if step == 0:
            x, y = x - 1, y - 1
            edits.append(("changed", i1 + x, j1 + y))
        elif step == 1:
            x -= 1
            edits.append(("dropped", i1 + x, -1))
        else:
            y -= 1
            edits.append(("added", i1 + x, j1 + y))
    edits.reverse()
    return edits


# -- finding the tree ---------------------------------------------------------------

# A fence's info string has no backtick (CommonMark), so "```(S (X a))```" on one line
# is no fence and the tree in it is found in the whole text. An unclosed fence runs on.
_FENCE = re.compile(
    r"^[ \t]*(?P<fence>`{3,}|~{3,})[^\n`]*\n(?P<body>.*?)(?:^[ \t]*(?P=fence)[`~]*[ \t]*$|\Z)",
    re.M | re.S,
)
_PAREN = re.compile(r"[()]")
# "(" then "(" or a label and then "(" or a word: the start of a bracketed tree (or of
# prose in parentheses, which the ranking tells apart).
_TREE_START = re.compile(r"\(\s*(?:\(|[^\s()]+\s*\(|[^\s()]+\s+[^\s()])")
# A tree's start for sure: "((" or a label and "(", the label not ending in a colon
# as prose does ("(parse: (S ...").
_STRONG_START = re.compile(r"\(\s*(?:\(|[^\s()]*[^\s():]\s*\()")
_BRACKET_TOKEN = re.compile(r"[()]|[^\s()]+")
_ROW_ID = re.compile(r"[0-9]+(?:[-.][0-9]+)?\Z")
_ROW_HEAD = re.compile(r"[0-9]+\Z|_\Z")
_MAX_NESTING = 8  # unclosed prose parentheses looked inside, one in another


@dataclass
class _Candidate:
    """A tree text found in an answer, read and ranked."""

    kind: str
    start: int
    found: str
    tree: Any
    words: tuple[str, ...]  # the tree's words; for no tree, its likely leaves (to rank it)
    reason: str | None  # why it is no tree, or None
    tier: int  # 0 a nested tree or CoNLL rows, 1 a broken nested tree, 2 flat, 3 nothing
    norm: tuple[str, ...] = field(default=())
    key: tuple[int, ...] = field(default=())


@dataclass
class _Group:
    """A top-level bracketed group of a text: ``text[start:end]``."""

    start: int
    end: int
    unclosed: int = 0  # '(' left open at the end of the text
    strays: int = 0  # ')' right after it with no '(' before them


def _find(text: str, gold: tuple[str, ...], kind: str | None) -> _Candidate | None:
    """The tree of an answer: in the first code fence that holds one, else in the whole text."""
    if "```" in text or "~~~" in text:
        for fence in _FENCE.finditer(text):
            best = _best(text, fence.start("body"), fence.end("body"), gold, kind)
            # A fence holds a tree when it holds more than prose in parentheses.
            if best is not None and (best.tier <= 1 or best.key[0] < 0):
                return best
    return _best(text, 0, len(text), gold, kind)


def _best(
    text: str, pos: int, stop: int, gold: tuple[str, ...], kind: str | None
) -> _Candidate | None:
    candidates: list[_Candidate] = []
    blocks: list[_Candidate] = []
    if kind != "constituency":
        blocks = _row_candidates(text, pos, stop)
    if kind != "dependency":
        candidates = _bracket_candidates(text, pos, stop, 0)
        if blocks:
            # Brackets in the FORM or LEMMA column of CoNLL rows are words, not a tree.
            spans = [(b.start, b.start + len(b.found)) for b in blocks]
            candidates = [c for c in candidates if not any(a <= c.start < z for a, z in spans)]
    candidates += blocks
    if not candidates:
        return None
    for c in candidates:
        c.norm = tuple(map(normalize_token, c.words))
        matcher = difflib.SequenceMatcher(None, gold, c.norm, autojunk=False)
        matched = sum(block.size for block in matcher.get_matching_blocks())
        # Most of the sentence's words first; then what looks most like a tree; then
        # the length nearest the sentence's, fewest differences, brackets, first.
        c.key = (
            -matched,
            c.tier,
            abs(len(c.norm) - len(gold)),
            len(c.norm) + len(gold) - 2 * matched,
            c.kind != "constituency",
            c.start,
        )
    return min(candidates, key=lambda c: c.key)


def _groups(text: str, pos: int, stop: int) -> list[_Group]:
    """The top-level bracketed groups of ``text[pos:stop]``, in one pass over its brackets."""
    groups: list[_Group] = []
    depth = start = 0
    last = pos
    for m in _PAREN.finditer(text, pos, stop):
        i = last = m.start()
        if text[i] == "(":
            if not depth:
                start = i
            depth += 1
        elif depth:
            depth -= 1
            if not depth:
                groups.append(_Group(start, i + 1))
        elif groups and not text[groups[-1].end : i].strip():
            # Only a ')' right after a tree is the tree's; one elsewhere is prose ("a) ...").
            groups[-1].strays += 1
            groups[-1].end = i + 1
    if depth:
        # An open tree ends where its last bracket's line ends, not at the end of the answer.
        end = text.find("\n", last, stop)
        groups.append(_Group(start, stop if end < 0 else end, unclosed=depth))
    return groups


def _bracket_candidates(text: str, pos: int, stop: int, nesting: int) -> list[_Candidate]:
    groups = _groups(text, pos, stop)
    out: list[_Candidate] = []
    run: list[_Group] = []
    for group in groups:
        if not _TREE_START.match(text, group.start):
            out.extend(_run_candidates(text, run))
            run = []
            continue
        if run:
            gap = text[run[-1].end : group.start]
            # Trees side by side (on one line or the next) are one broken tree; a
            # blank line or text between them makes them separate.
            if gap.strip() or gap.count("\n") > 1:
                out.extend(_run_candidates(text, run))
                run = []
        run.append(group)
    out.extend(_run_candidates(text, run))
    if groups and groups[-1].unclosed and nesting < _MAX_NESTING:
        last = groups[-1]
        # An open parenthesis of prose ("(here is the parse: ...") may hold the tree;
        # one that starts like a tree is that tree, with a bracket missing.
        if not _STRONG_START.match(text, last.start):
            out.extend(_bracket_candidates(text, last.start + 1, last.end, nesting + 1))
    return out


_RUN_PARTS = 20
"""Groups in a row up to which every stretch of them is a candidate, not the whole run only."""


def _run_candidates(text: str, run: list[_Group]) -> list[_Candidate]:
    out = [_bracket_candidate(text, [group]) for group in run]
    if len(run) > _RUN_PARTS:
        out.append(_bracket_candidate(text, run))
    elif len(run) > 1:
        # Every stretch of two or more: a parenthesis of prose on the line before the
        # trees ("Sure! (in PTB format)") joins their run, and is no part of the broken tree.
        n = len(run)
        out += [_bracket_candidate(text, run[i:j]) for i in range(n) for j in range(i + 2, n + 1)]
    return out


def _bracket_candidate(text: str, groups: list[_Group]) -> _Candidate:
    start = groups[0].start
    found = text[start : groups[-1].end].rstrip()
    strays = sum(g.strays for g in groups)
    unclosed = groups[-1].unclosed
    problems = []
    if strays:
        problems.append(
            "a ')' with no '(' before it"
            if strays == 1
            else f"{strays} ')' with no '(' before them"
        )
    if unclosed:
        problems.append(f"{unclosed} '(' not closed")
    reason = None
    if problems:
        reason = "unbalanced brackets: " + " and ".join(problems)
    elif len(groups) > 1:
        reason = f"{len(groups)} bracketed trees in a row; one tree was expected"
    if reason is None:
        from nltk import Tree

        try:
            tree = Tree.fromstring(found)
        except ValueError as err:
            reason = f"not a tree: {str(err).splitlines()[0]}"
        else:
            try:
                words = text_tokens(tree) or ()
            except EmptyTreeError:
                words = ()
            if not words:
                return _Candidate("constituency", start, found, None, (), _NO_WORDS, 3)
            nested = any(isinstance(child, Tree) for child in tree)
            return _Candidate("constituency", start, found, tree, words, None, 0 if nested else 2)
    tier = 1 if found.count("(") > 1 else 3
    return _Candidate("constituency", start, found, None, _rough_leaves(found), reason, tier)


def _rough_leaves(found: str) -> tuple[str, ...]:
    """The words of broken brackets that would be leaves: those no '(' comes right before."""
    out = []
    after_open = False
    for m in _BRACKET_TOKEN.finditer(found):
        token = m.group()
        if token == "(":
            after_open = True
        elif token == ")":
            after_open = False
        elif after_open:
            after_open = False  # a label
        else:
            out.append(token)
    return tuple(out)


# -- CoNLL rows --------------------------------------------------------------------


def _row_cells(line: str) -> list[str] | None:
    """The cells of a CoNLL-U/CoNLL-X row (10 columns) or a 4-column one, else ``None``."""
    stripped = line.strip()
    if not stripped[:1].isdigit():
        return None
    cells = stripped.split("\t")
    if len(cells) not in (4, 10):
        cells = stripped.split()
    else:
        cells = [c.strip() for c in cells]
    if len(cells) == 10:
        head = cells[6]
    elif len(cells) == 4:
        head = cells[2]
    else:
        return None
    if not _ROW_ID.match(cells[0]) or not _ROW_HEAD.match(head):
        return None
    return cells


def _row_candidates(text: str, pos: int, stop: int) -> list[_Candidate]:
    """Every block of consecutive CoNLL rows (comment lines inside skipped), read."""
    out: list[_Candidate] = []
    rows: list[list[str]] = []
    first = last = pos
    offset = pos
    for line in text[pos:stop].split("\n"):
        end = offset + len(line)
        cells = _row_cells(line)
        if cells is not None:
            if not rows:
                first = offset
            rows.append(cells)
            last = end
        elif rows and not line.lstrip().startswith("#"):
            out.append(_dependency_candidate(text, first, last, rows))
            rows = []
        offset = end + 1
    if rows:
        out.append(_dependency_candidate(text, first, last, rows))
    return out


def _dependency_candidate(text: str, first: int, last: int, rows: list[list[str]]) -> _Candidate:
    found = text[first:last]
    words: list[str] = []
    heads: list[str] = []
    rels: list[str | None] = []
    xpos: list[str | None] = []
    upos: list[str | None] = []
    reason = None
    for cells in rows:
        tid = cells[0]
        if not tid.isdigit():
            continue  # a multiword token ("3-4") or an empty node ("5.1"), as in CoNLL-U files
        expected = len(words) + 1
        if int(tid) != expected and reason is None:
            reason = f"token IDs must count 1..n: {tid} where {expected} was expected"
        if len(cells) == 10:
            words.append(cells[1])
            upos.append(_cell(cells[3]))
            xpos.append(_cell(cells[4]))
            heads.append(cells[6])
            rels.append(_cell(cells[7]))
        else:
            words.append(cells[1])
            upos.append(None)
            xpos.append(None)
            heads.append(cells[2])
            rels.append(_cell(cells[3]))
    if not words:
        reason = "the rows have no tokens, only multiword-token or empty-node lines"
    reason = reason or _heads_problem(words, heads)
    tree = None
    if reason is None:
        tree = DependencyTree(
            tuple(words),
            tuple(int(h) for h in heads),
            tuple(rels),
            tags=tuple(xpos) if any(x is not None for x in xpos) else None,
            ctags=tuple(upos) if any(u is not None for u in upos) else None,
            check=False,
        )
    return _Candidate("dependency", first, found, tree, tuple(words), reason, 0)


def _cell(value: str) -> str | None:
    return None if value == "_" else value


def _heads_problem(words: Sequence[str], cells: Sequence[str]) -> str | None:
    """Why the heads are no tree (every problem, each naming its tokens), or ``None``."""
    n = len(words)
    headless = [i for i, h in enumerate(cells, start=1) if h == "_"]
    if headless:
        return f"no head ('_') for {_tokens(headless)}"
    heads = [int(h) for h in cells]
    outside = [i for i, h in enumerate(heads, start=1) if h > n]
    if outside:
        shown = [f"token {i} ({excerpt(words[i - 1])}) has head {heads[i - 1]}" for i in outside]
        more = len(shown) - _SHOWN
        return (
            f"heads outside 0..{n}: "
            + "; ".join(shown[:_SHOWN])
            + (f"; and {more} more" if more > 0 else "")
        )
    problems = []
    roots = [i for i, h in enumerate(heads, start=1) if h == 0]
    if not roots:
        problems.append("no root (no token has head 0); a dependency tree has one")
    elif len(roots) > 1:
        problems.append(f"{len(roots)} roots ({_tokens(roots)}); a dependency tree has one")
    cycles = head_cycles(heads)
    for cycle in cycles[:_SHOWN]:
        path = " -> ".join(str(i) for i in [*cycle, cycle[0]])
        if len(cycle) == 1:
            problems.append(f"a cycle: token {path} (its own head)")
        else:
            problems.append(f"a cycle: tokens {path}")
    if len(cycles) > _SHOWN:
        more = len(cycles) - _SHOWN
        problems.append(f"and {more} more cycle{'s' if more > 1 else ''}")
    return "; ".join(problems) or None


def _tokens(numbers: Sequence[int]) -> str:
    """``token 2``, ``tokens 1 and 4``, ``tokens 1, 2 and 4``."""
    if len(numbers) == 1:
        return f"token {numbers[0]}"
    return f"tokens {', '.join(map(str, numbers[:-1]))} and {numbers[-1]}"
