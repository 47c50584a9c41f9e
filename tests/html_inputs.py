"""Hand-made inputs of the HTML report (issue 29): reports and sentences as the contract has them.

Every expected value is worked out by hand in the comments, so that the
tests compare the page with these numbers and not with the renderer's own.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def benchmark() -> Any:
    """benchmarks/html_report.py as a module (its synthetic corpus is the tests' too)."""
    spec = importlib.util.spec_from_file_location(
        "html_report", ROOT / "benchmarks" / "html_report.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def score(name: str, value: float | None, reason: str | None = None, **extra: Any) -> dict:
    return {"name": name, "value": value, "reason": reason, "average": "micro", **extra}


# --- TedEval, 3 sentences -------------------------------------------------------------
# Sentence 1, "She saw him on Sunday": the gold (SINGLE: also the reference) has the 7
# items root 0-5, nsubj 0-1, hd 1-2, obj 2-3, obl 3-5, case 3-4, hd 4-5; the parse is
# the same tree with obl 3-5 labeled nmod. Its script: delete nmod 3-5, add obl 3-5;
# δ = 2, ι = 7 + 7 = 14, score 1 - 2/14 = 0.857142...
SHE_SAW = ["She", "saw", "him", "on", "Sunday"]
GOLD_NODES = [
    ["root", 0, 5, -1],
    ["nsubj", 0, 1, 0],
    ["hd", 1, 2, 0],
    ["obj", 2, 3, 0],
    ["obl", 3, 5, 0],
    ["case", 3, 4, 4],
    ["hd", 4, 5, 4],
]
PARSE_NODES = [[("nmod" if n[0] == "obl" else n[0]), *n[1:]] for n in GOLD_NODES]
OPS_1 = [["delete", "nmod", 3, 5, "on Sunday"], ["add", "obl", 3, 5, "on Sunday"]]

# Sentence 2, "Dogs bark loudly": the parse's advmod 2-3 is relabeled (mark: relabel), and
# the gold's own script deletes its dep 1-2 at no charge (free-delete). δ = 10 here (the
# statistics are given, not computed: they test sorting, 10 > 2 numerically).
DOGS = ["Dogs", "bark", "loudly"]


def tedeval_sentences() -> list[dict[str, Any]]:
    return [
        {
            "n": 1,
            "id": "s-she",
            "file": "gold.mft",
            "line": 1,
            "words": SHE_SAW,
            "systems": {
                "A": {
                    "scores": {"labeled": 2 / 14 * -1 + 1, "unlabeled": 1.0},
                    "stats": {"delta": 2, "iota": 14},
                }
            },
            "trees": [
                {"name": "gold", "nodes": GOLD_NODES},
                {"name": "A", "nodes": PARSE_NODES, "marks": [["delete", "nmod", 3, 5]]},
                {"name": "reference", "nodes": GOLD_NODES, "marks": [["add", "obl", 3, 5]]},
            ],
            "ops": OPS_1,
        },
        {
            "n": 2,
            "id": "s-dogs",
            "file": "gold.mft",
            "line": 9,
            "words": DOGS,
            "systems": {
                "A": {
                    "scores": {"labeled": 0.25, "unlabeled": 0.5},
                    "stats": {"delta": 10, "iota": 12},
                }
            },
            "trees": [
                {
                    "name": "gold",
                    "nodes": [
                        ["root", 0, 3, -1],
                        ["dep", 0, 1, 0],
                        ["hd", 1, 2, 0],
                        ["advmod", 2, 3, 0],
                    ],
                    "marks": [["free-delete", "dep", 0, 1]],
                },
                {
                    "name": "A",
                    "nodes": [
                        ["root", 0, 3, -1],
                        ["nsubj", 0, 1, 0],
                        ["hd", 1, 2, 0],
                        ["obl", 2, 3, 0],
                    ],
                    "marks": [["relabel", "obl", 2, 3]],
                },
            ],
            "ops": [["relabel", "obl", 2, 3, "loudly"], ["free-delete", "dep", 0, 1, "Dogs"]],
        },
        {
            # A perfect parse; its labeled score is n/a (ι = 0 would be; here it is None)
            "n": 3,
            "id": "s-it",
            "file": "gold.mft",
            "line": 14,
            "words": ["It", "rains", "."],
            "systems": {
                "A": {
                    "scores": {"labeled": None, "unlabeled": 1.0},
                    "stats": {"delta": 0, "iota": 6},
                }
            },
            "trees": [{"name": "gold", "nodes": [["root", 0, 3, -1]]}],
        },
    ]


def tedeval_report() -> dict[str, Any]:
    return {
        "schema": "nltk_tedeval/report",
        "version": 2,
        "tool": "nltk_tedeval 0.1.0",
        "command": "score",
        "scenario": "single",
        "golds": [{"role": "gold", "file": "gold.mft"}],
        "systems": [
            {
                "name": "A",
                "test": "a.mft",
                "gold": "gold.mft",
                "signature": "metric:tedeval|ref:single|missing:skip|version:0.1.0",
                "missing": 0,
                # Σδ = 12, Σι = 32: 1 - 12/32 = 0.625
                "scores": {
                    "labeled": score(
                        "labeled", 0.625, ci={"level": 0.95, "low": 0.5, "high": 0.75}
                    ),
                    "unlabeled": score("unlabeled", None, "no sentence"),
                },
                "macro": {"labeled": score("labeled", 0.55), "unlabeled": score("unlabeled", 0.8)},
            }
        ],
        "counts": {"read": 3, "scored": 3, "missing": 0, "skipped": 0},
        "missing": {"policy": "skip", "sentences": []},
        "skipped": [],
        "notes": ["a gold was TL-unified with labels its parses cannot produce"],
        "breakdowns": [
            {
                "system": "A",
                "key": "label",
                "help": "the item's function label",
                "average": "micro",
                "measures": ["labeled"],
                "frequency": "gold",
                "counts": False,
                "binned": False,
                "total_groups": 3,
                "groups": [
                    {
                        "group": "obl",
                        "frequency": 2,
                        "share": 0.5,
                        "totals": {},
                        "scores": {
                            "labeled": score(
                                "labeled", 0.5, ci={"level": 0.95, "low": 0.25, "high": 0.75}
                            )
                        },
                    },
                    {
                        "group": "<nsubj>",
                        "frequency": 2,
                        "share": 0.5,
                        "totals": {},
                        "scores": {"labeled": score("labeled", None, "no item")},
                    },
                ],
            }
        ],
    }


TEDEVAL_TEXT = """score: against gold.mft
system  labeled  unlabeled
------  -------  ---------
A       0.6250   n/a
  (macro) 0.5500 0.8000
n/a: unlabeled of A: no sentence
3 sentences read, 3 scored, 0 with a missing parse, 0 skipped as bad
signature: metric:tedeval|ref:single|missing:skip|version:0.1.0 <&>
"""

# --- attachment, one sentence ---------------------------------------------------------
# "The cat sat": gold det(2→1), nsubj(3→2), root(0→3); the parse attaches "cat" to "The"
# (head 1): one wrong arc, marked delete on word 2 (offset 1-2). UAS = LAS = 2/3.
CAT = ["The", "cat", "sat"]


def attachment_sentences() -> list[dict[str, Any]]:
    return [
        {
            "n": 1,
            "id": "cat-1",
            "file": "gold.conllu",
            "line": 1,
            "words": CAT,
            "systems": {
                "eager": {
                    "scores": {"LAS": 2 / 3, "UAS": 2 / 3},
                    "stats": {"tokens": 3, "head": 2, "head_label": 2},
                }
            },
            "trees": [
                {"name": "gold", "arcs": [[2, 1, "det"], [3, 2, "nsubj"], [0, 3, "root"]]},
                {
                    "name": "eager",
                    "arcs": [[2, 1, "det"], [1, 2, "nsubj"], [0, 3, "root"]],
                    "marks": [["delete", "nsubj", 1, 2]],
                },
            ],
        }
    ]


def attachment_report() -> dict[str, Any]:
    return {
        "schema": "nltk_tedeval/report",
        "version": 1,
        "tool": "nltk_tedeval 0.1.0",
        "command": "attach",
        "golds": [{"role": "gold", "file": "gold.conllu"}],
        "systems": [
            {
                "name": "eager",
                "test": "eager.conllu",
                "gold": "gold.conllu",
                "signature": "metric:attachment|version:0.1.0",
                "missing": 0,
                "scores": {"LAS": score("LAS", 2 / 3), "UAS": score("UAS", 2 / 3)},
            }
        ],
        "counts": {"read": 1, "scored": 1, "missing": 0, "skipped": 0},
        "missing": {"policy": "skip", "sentences": []},
        "skipped": [],
        "significance": [],
    }


# --- an aligned unit ------------------------------------------------------------------
# Gold "New York is big" (sentences 3 and 4 of the gold make the unit) against the parse
# "NewYork is big" (its sentence 3): the gold's words 0-2 and the parse's word 0 do not
# match token for token.
def aligned_sentences() -> list[dict[str, Any]]:
    gold = ["New", "York", "is", "big"]
    parse = ["NewYork", "is", "big"]
    return [
        {
            "n": 1,
            "id": None,
            "file": "gold.conllu",
            "line": 1,
            "words": gold,
            "systems": {
                "p": {"scores": {"LAS": 0.5}, "stats": {"gold_tokens": 4, "parse_tokens": 3}}
            },
            "trees": [
                {
                    "name": "gold",
                    "words": gold,
                    "arcs": [[2, 1, "compound"], [4, 2, "nsubj"], [4, 3, "cop"], [0, 4, "root"]],
                },
                {
                    "name": "p",
                    "words": parse,
                    "arcs": [[3, 1, "nsubj"], [3, 2, "cop"], [0, 3, "root"]],
                },
            ],
            "align": {
                "gold": [3, 4],
                "parse": [3],
                "unmatched": {"gold": [[0, 2]], "parse": [[0, 1]]},
            },
        }
    ]


# --- a discontinuous tree -------------------------------------------------------------
# "A man arrived who was tall": the NP "A man ... who was tall" has the gap "arrived";
# its two word lines (to "A", "man") and its child RC (3-6) lie on both sides of the VP's
# line down to "arrived", so some of its branches cross the VP's.
TALL = ["A", "man", "arrived", "who", "was", "tall"]


def discontinuous_sentences() -> list[dict[str, Any]]:
    return [
        {
            "n": 1,
            "id": "disc-1",
            "file": "gold.export",
            "line": 1,
            "words": TALL,
            "systems": {
                "p": {"scores": {"F1": 1.0}, "stats": {"matched": 4, "gold": 4, "test": 4}}
            },
            "trees": [
                {
                    "name": "gold",
                    "nodes": [
                        ["S", 0, 6, -1],
                        {"label": "NP", "spans": [[0, 2], [3, 6]], "parent": 0},
                        ["VP", 2, 3, 0],
                        ["RC", 3, 6, 1],
                    ],
                }
            ],
        }
    ]
