"""The JSON shapes an answer comes in: records, model API responses, and those with no text.

A script that asks a language model to parse a corpus saves what it got:
the text, a record of its own, the API's whole response, or ``null`` when
the call failed. Each shape here is read as SPEC.md §14 says, its status
and reason written out by hand; a value that holds no text is an invalid
answer, counted, never a stop. The tree finder itself is tested in
tests/test_answers.py.
"""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from nltk_tedeval.cli import main
from nltk_tedeval.errors import InputFormatError, OptionError
from nltk_tedeval.reading.answers import read_answers, read_answers_file

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "docs" / "report.schema.json").read_text(encoding="utf-8"))

WORDS = ["I", "left"]
T = "(S (NP (PRP I)) (VP (VBD left)))"


def chat(content: Any, finish: str = "stop", **message: Any) -> dict[str, Any]:
    """An OpenAI-style chat completion, as its API returns it."""
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content, **message},
                "finish_reason": finish,
            }
        ],
    }


def messages(*blocks: dict[str, Any], stop: str = "end_turn") -> dict[str, Any]:
    """An Anthropic-style messages response, its content a list of blocks."""
    return {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "content": list(blocks),
        "stop_reason": stop,
    }


def text(value: str) -> dict[str, str]:
    return {"type": "text", "text": value}


# Each shape, what it reads as, and the reason of an invalid one, by hand.
SHAPES: list[tuple[str, Any, str, str | None]] = [
    # -- no text at all: a failed call, an empty answer, a value of the wrong type
    ("null line", None, "invalid", "no answer text: null (a failed API call?)"),
    (
        "null answer",
        {"answer": None},
        "invalid",
        "no answer text: null at 'answer' (a failed API call?)",
    ),
    ("empty string", "", "invalid", "no answer text: an empty string"),
    ("white space", " \n\t", "invalid", "no answer text: only white space"),
    (
        "empty answer",
        {"id": 7, "answer": ""},
        "invalid",
        "no answer text: an empty string at 'answer'",
    ),
    ("number", {"answer": 42}, "invalid", "no answer text: a JSON number at 'answer'"),
    ("boolean", {"answer": False}, "invalid", "no answer text: a JSON boolean at 'answer'"),
    (
        "no key",
        {"id": 1, "prompt": "Parse: I left"},
        "invalid",
        "no answer text: an object without an answer's key (its keys: 'id', 'prompt')",
    ),
    (
        "empty object",
        {},
        "invalid",
        "no answer text: an object without an answer's key (its keys: none)",
    ),
    # Seven keys: the first five named, two counted.
    (
        "many keys",
        dict.fromkeys("abcdefg", 0),
        "invalid",
        "no answer text: an object without an answer's key "
        "(its keys: 'a', 'b', 'c', 'd', 'e' and 2 more)",
    ),
    ("empty list", [], "invalid", "no answer text: an empty list"),
    # A list is blocks of one answer; numbers are no text block.
    ("list of numbers", [1, 2], "invalid", "no answer text: no text block (its blocks: number)"),
    # -- a record of one's own: the first key of ANSWER_KEYS present wins
    ("string", T, "tree", None),
    ("record", {"id": 3, "answer": T}, "tree", None),
    ("error null", {"answer": T, "error": None}, "tree", None),  # no error: a null one
    # -- a chat completion (OpenAI and the servers that speak its API)
    ("chat", chat(T), "tree", None),
    ("completion", {"choices": [{"text": T, "index": 0, "finish_reason": "stop"}]}, "tree", None),
    ("no choice", {"choices": []}, "invalid", "no answer text: an empty list at 'choices'"),
    # A tool call instead of text: the message's content is null, the API's own null, not
    # a failed call's.
    (
        "tool call",
        chat(None, "tool_calls", tool_calls=[{"id": "c1"}]),
        "invalid",
        "no answer text: null at 'choices[0].message.content'",
    ),
    (
        "refusal",
        chat(None, refusal="I cannot help with that."),
        "invalid",
        "the model refused: 'I cannot help with that.'",
    ),
    # A filter stops the answer whatever came before it, here a whole tree.
    (
        "filtered",
        chat(T, "content_filter"),
        "invalid",
        "refused or filtered: finish_reason 'content_filter'",
    ),
    # Cut off after the tree: the tree is whole, a tree. Cut off inside it: 5 '(' (S NP PRP
    # VP VBD), 2 ')' (PRP NP), 3 not closed, and the cut-off said after the reason.
    ("cut after", chat(T + "\n\nThe subject is", "length"), "tree", None),
    (
        "cut inside",
        chat("(S (NP (PRP I)) (VP (VBD", "length"),
        "invalid",
        "unbalanced brackets: 3 '(' not closed; the response was cut off: finish_reason 'length'",
    ),
    # A wrong word is unfaithful as in any answer: the shape only gives the text.
    (
        "chat unfaithful",
        chat(T.replace("left", "went")),
        "unfaithful",
        "word 2 changed: 'went' for 'left'",
    ),
    # -- a messages response (Anthropic): its text blocks joined, thinking left out
    (
        "messages",
        messages({"type": "thinking", "thinking": "(S (X x))"}, text("Here:\n"), text(T)),
        "tree",
        None,
    ),
    (
        "tool use",
        messages({"type": "tool_use", "id": "t1", "name": "parse", "input": {}}, stop="tool_use"),
        "invalid",
        "no answer text: no text block at 'content' (its blocks: 'tool_use')",
    ),
    ("empty text", messages(text("")), "invalid", "no answer text: an empty string at 'content'"),
    (
        "stop refusal",
        messages(text("I can"), stop="refusal"),
        "invalid",
        "refused or filtered: stop_reason 'refusal'",
    ),
    (
        "max tokens",
        messages(stop="max_tokens"),
        "invalid",
        "no answer text: an empty list at 'content'; the response was cut off: "
        "stop_reason 'max_tokens'",
    ),
    # -- error responses
    (
        "anthropic error",
        {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
        "invalid",
        "API error: overloaded_error: 'Overloaded'",
    ),
    # OpenAI's error has a type and a code: the code, the more precise, names it.
    (
        "openai error",
        {
            "error": {
                "message": "Rate limit reached",
                "type": "requests",
                "param": None,
                "code": "rate_limit_exceeded",
            }
        },
        "invalid",
        "API error: rate_limit_exceeded: 'Rate limit reached'",
    ),
    ("error string", {"answer": None, "error": "timeout"}, "invalid", "API error: 'timeout'"),
    # -- a response nested in a record, or in a batch's output line
    ("under answer", {"id": 3, "answer": chat(T)}, "tree", None),
    ("under response", {"prompt": "I left", "response": messages(text(T))}, "tree", None),
    (
        "openai batch",
        {"custom_id": "s1", "response": {"status_code": 200, "body": chat(T)}, "error": None},
        "tree",
        None,
    ),
    (
        "openai batch error",
        {
            "custom_id": "s1",
            "response": None,
            "error": {"code": "batch_expired", "message": "expired"},
        },
        "invalid",
        "API error: batch_expired: 'expired'",
    ),
    (
        "anthropic batch",
        {"custom_id": "s1", "result": {"type": "succeeded", "message": messages(text(T))}},
        "tree",
        None,
    ),
    # The errored result wraps an error object that wraps the error itself.
    (
        "anthropic batch error",
        {
            "custom_id": "s1",
            "result": {
                "type": "errored",
                "error": {
                    "type": "error",
                    "error": {"type": "invalid_request_error", "message": "bad"},
                },
            },
        },
        "invalid",
        "API error: invalid_request_error: 'bad'",
    ),
    (
        "anthropic batch expired",
        {"custom_id": "s1", "result": {"type": "expired"}},
        "invalid",
        "no answer text: an object of type 'expired' at 'result' without an answer's key "
        "(its keys: 'type')",
    ),
    # -- other APIs' shapes the same keys reach
    (
        "gemini",
        {
            "candidates": [
                {
                    "content": {
                        "role": "model",
                        "parts": [{"text": "(S (X x))", "thought": True}, {"text": T}],
                    },
                    "finishReason": "STOP",
                }
            ]
        },
        "tree",
        None,
    ),
    (
        "gemini blocked",
        {"candidates": [{"finishReason": "SAFETY"}]},
        "invalid",
        "refused or filtered: finishReason 'SAFETY'",
    ),
    (
        "responses api",
        {
            "object": "response",
            "status": "completed",
            "output": [
                {"type": "reasoning", "summary": []},
                {"type": "message", "content": [{"type": "output_text", "text": T}]},
            ],
        },
        "tree",
        None,
    ),
    (
        "responses refusal",
        {
            "object": "response",
            "output": [{"type": "message", "content": [{"type": "refusal", "refusal": "No."}]}],
        },
        "invalid",
        "the model refused: 'No.'",
    ),
    ("hugging face", [{"generated_text": T}], "tree", None),
    (
        "ollama chat",
        {"model": "m", "message": {"role": "assistant", "content": T}, "done": True},
        "tree",
        None,
    ),
]


@pytest.mark.parametrize(
    ("shape", "status", "reason"), [s[1:] for s in SHAPES], ids=[s[0] for s in SHAPES]
)
def test_each_shape_reads_as_written(shape: Any, status: str, reason: str | None) -> None:
    # After an answer that is a tree: answers of which not one object has an answer's key
    # are an error (test_a_file_without_one_known_key_is_an_error), one such is invalid.
    first, answer = read_answers([T, shape], [WORDS, WORDS])
    assert first.status == "tree"
    assert (answer.status, answer.reason) == (status, reason)
    # An invalid answer is a missing parse: no tree, however it came to be invalid.
    assert (answer.tree is None) == (status != "tree")


def test_an_answer_without_text_has_nothing_found() -> None:
    (answer,) = read_answers([{"answer": None}], [WORDS])
    assert (answer.text, answer.found, answer.kind, answer.error) == ("", None, None, None)


def test_text_blocks_are_joined_as_they_are() -> None:
    # "Here:\n" and the tree, one after the other: the answer's text, its tree found in it.
    (answer,) = read_answers([messages(text("Here:\n"), text(T))], [WORDS])
    assert (answer.text, answer.found) == ("Here:\n" + T, T)


def test_the_text_of_a_refusal_is_kept() -> None:
    # The refusal's words are the answer's text, for whoever looks at it.
    (answer,) = read_answers([chat(None, refusal="I cannot.")], [WORDS])
    assert answer.text == "I cannot."


def test_python_values_that_are_no_json_are_errors() -> None:
    with pytest.raises(OptionError) as err:
        read_answers([object()], [WORDS])
    assert str(err.value) == (
        "answer 1 is of type object, neither a string nor a JSON value; give a response as a "
        "dict (an SDK's object: its .model_dump())"
    )
    # One response, not in a list: its keys would be taken for answers.
    with pytest.raises(OptionError, match="texts is a dict, not a list of answers"):
        read_answers(chat(T), [WORDS])


# -- files -----------------------------------------------------------------------------


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def test_a_null_line_is_an_invalid_answer_in_its_place(tmp_path: Path) -> None:
    # Line 1 a tree, line 2 blank (no answer, skipped), line 3 null, line 4 {"answer": null}:
    # three answers, the last two invalid, each with the line it was read from.
    path = write(tmp_path / "a.jsonl", [json.dumps(T), "", "null", '{"answer": null}'])
    answers = read_answers_file(path, [WORDS] * 3)
    assert [(a.number, a.line, a.status, a.reason) for a in answers] == [
        (1, 1, "tree", None),
        (2, 3, "invalid", "no answer text: null (a failed API call?)"),
        (3, 4, "invalid", "no answer text: null at 'answer' (a failed API call?)"),
    ]
    assert {a.file for a in answers} == {str(path)}


def test_a_line_that_is_no_json_is_an_error(tmp_path: Path) -> None:
    # It may be half of an answer (a raw line break in a string) or the file no JSON Lines:
    # taken for an answer, it would shift every answer after it onto the wrong sentence.
    path = write(tmp_path / "a.jsonl", [json.dumps(T), T])
    with pytest.raises(InputFormatError) as err:
        read_answers_file(path, [WORDS] * 2)
    assert (err.value.file, err.value.line) == (str(path), 2)
    assert str(err.value) == (
        f"{path}:2: not JSON: Expecting value at column 1; each line is one answer as JSON: "
        "a string, an object holding it, or null for none (json.dumps writes them)"
    )


def test_a_file_without_one_known_key_is_an_error(tmp_path: Path) -> None:
    # Every object lacks an answer's key: the answers are under a key of the file's own
    # ("prediction"), not a run of failed calls; scoring them all invalid would mislead.
    lines = [json.dumps({"id": i, "prediction": T}) for i in (1, 2)]
    path = write(tmp_path / "a.jsonl", ["", *lines])
    with pytest.raises(InputFormatError) as err:
        read_answers_file(path, [WORDS] * 2)
    assert (err.value.file, err.value.line) == (str(path), 2)
    assert str(err.value) == (
        f"{path}:2: no object holds an answer under a key read (SPEC.md §14; the first one's "
        "keys: 'id', 'prediction'): put each answer under 'answer'"
    )
    # One answer found is enough: the object without one beside it is an invalid answer.
    path = write(tmp_path / "b.jsonl", [lines[0], json.dumps({"id": 2, "answer": T})])
    assert [a.status for a in read_answers_file(path, [WORDS] * 2)] == ["invalid", "tree"]


# -- the command line ------------------------------------------------------------------

GOLD = [
    "(S (NP (PRP I)) (VP (VBD left)))",
    "(S (NP (PRP You)) (VP (VBD stayed)))",
    "(S (NP (PRP We)) (VP (VBD ran)))",
    "(S (NP (PRP They)) (VP (VBD sat)))",
    "(S (NP (PRP He)) (VP (VBD slept)))",
    "(S (NP (PRP She)) (VP (VBD won)))",
]
MIXED = [
    chat(GOLD[0]),  # a chat completion: a tree
    messages(text("Here is the parse:\n"), text(GOLD[1])),  # a messages response: a tree
    {"answer": None},  # a failed call in a record of one's own
    None,  # a failed call, the whole line
    {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
    chat("(S (NP (PRP She)) (VP (VBD", "length"),  # cut off: 3 '(' not closed
]
REASONS = [
    (3, "no answer text: null at 'answer' (a failed API call?)"),
    (4, "no answer text: null (a failed API call?)"),
    (5, "API error: overloaded_error: 'Overloaded'"),
    (6, "unbalanced brackets: 3 '(' not closed; the response was cut off: finish_reason 'length'"),
]


def test_tedeval_score_counts_every_shape_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Six answers in six shapes: two trees, four invalid, and the run goes on. Under
    --missing zero, TedEval unlabeled: each gold "X verbed" has 2 items, the spans (0,1)
    and (1,2) (the full span is the root, not an item; NP over PRP, VP over VBD, one node
    each). A right tree: δ = 0, ι = 2 + 2 = 4; a missing one: δ = ι = |e| = 2. Σδ = 4 * 2
    = 8, Σι = 2 * 4 + 4 * 2 = 16: 1 - 8/16 = 0.5000. Labeled: no function label, n/a."""
    gold = write(tmp_path / "gold.ptb", GOLD)
    llm = write(tmp_path / "llm.jsonl", [json.dumps(a) for a in MIXED])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        status = main(["score", str(gold), f"llm={llm}", "--missing", "zero"])
    out = capsys.readouterr().out
    assert status == 0
    assert "llm     n/a      0.5000" in out
    lines = out.splitlines()
    start = lines.index(
        "6 sentences read, 6 scored, 4 with a missing parse (llm: 4), 0 skipped as bad"
    )
    assert lines[start + 1 : start + 7] == [
        "missing parses: scored with nothing right (--missing zero)",
        "answers with no tree to score as given: llm: 4 invalid, 0 unfaithful",
        *(f"  sentence {n} (llm): invalid: {reason}" for n, reason in REASONS),
    ]

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        status = main(["score", str(gold), f"llm={llm}", "--missing", "zero", "-f", "json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0
    jsonschema.validate(data, SCHEMA)
    assert data["counts"] == {"read": 6, "scored": 6, "missing": 4, "skipped": 0}
    assert data["answers"] == {
        "llm": {
            "invalid": 4,
            "unfaithful": 0,
            "kept": 0,
            "sentences": [
                {"sentence": n, "status": "invalid", "reason": reason, "kept": False}
                for n, reason in REASONS
            ],
        }
    }
    assert [(m["sentence"], m["reasons"]) for m in data["missing"]["sentences"]] == [
        (n, [{"system": "llm", "status": "invalid", "reason": reason}]) for n, reason in REASONS
    ]
    (system,) = data["systems"]
    unlabeled = system["scores"]["unlabeled"]
    assert unlabeled["totals"] == {"delta_unlabeled": 8, "iota_unlabeled": 16}
    assert unlabeled["value"] == 0.5


def test_the_spec_table_reads_as_written() -> None:
    """SPEC.md §14's table of lines, each read as its row says (T stands for the tree)."""
    spec = (ROOT / "docs" / "SPEC.md").read_text(encoding="utf-8")
    table = spec[spec.index("| line |", spec.index("Worked, each line the answer to")) :]
    table = table[: table.index("\n\n")]
    rows = table.splitlines()[2:]
    assert len(rows) == 18
    for row in rows:
        cells = re.fullmatch(r"\| `(.*)` \| (.*) \|", row)
        assert cells is not None, row
        line, expected = cells.groups()
        value = json.loads(re.sub(r"(?<=[:\[,] )T(?=[,}\]])", json.dumps(T), line))
        _, answer = read_answers([T, value], [WORDS, WORDS])
        read = "a tree" if answer.status == "tree" else f"invalid: `{answer.reason}`"
        assert expected.startswith(read), line
