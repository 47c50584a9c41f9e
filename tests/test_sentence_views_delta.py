"""The HTML report's drawings are the computation behind the number beside them
(issue 42, item 1): for every sentence, the charged operations drawn are δ.

``tedeval score --other-gold`` (MULTIPLE) and ``--tl-unify`` printed δ and ι of the
generalized or enriched gold beside the SINGLE script's trees: on the study's 605
sentences the labeled script drawn disagreed with δ on 550 sentences under MULTIPLE and
508 under TL-unification. By hand, issue 42's example ("arrive on Sunday", gold1 with
"on" under "arrive" and "Sunday" under "on", gold2 with "Sunday" under "arrive" and "on"
under "Sunday", the parse with both under "arrive"): MULTIPLE δ = 1, ι = 6: the parse
loses prep over "on", charged, and pobj over "Sunday", which the gold's own script
loses too (not charged).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nltk_tedeval import TedEvalEvaluator, read_file
from nltk_tedeval.cli.sentence_views import sentence_views

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "corpora_samples" / "spec"
STUDY = ROOT / "corpora_samples" / "study"


def trees(path: Path) -> list[Any]:
    return [r.tree for r in read_file(path)]


def views(parse: list[Any], gold: list[Any], **options: Any) -> list[dict[str, Any]]:
    ev = TedEvalEvaluator(parse, gold, **options)
    ev.eval()
    return list(sentence_views([("p", ev)], gold, [parse], ["labeled"]))


def test_multiple_draws_the_generalized_script_by_hand() -> None:
    gold1, gold2 = trees(SPEC / "arrive_gold1.conll"), trees(SPEC / "arrive_gold2.conll")
    (view,) = views(trees(SPEC / "arrive_parse.conll"), gold1, other_golds=[gold2])
    stats = view["systems"]["p"]["stats"]
    assert (stats["delta_labeled"], stats["iota_labeled"]) == (1, 6)
    assert view["ops"] == [["delete", "prep", 1, 2, "on"], ["free-delete", "pobj", 2, 3, "Sunday"]]
    # Unlabeled (items are nodes, the root 0-3 none): the parse has 0-1, 1-2, 2-3, the
    # generalized reference gold1's 0-1, 1-3, 1-2, 2-3 (gold2 has them all too): ι = 7, and
    # the one node to add, 1-3 ("on Sunday"), has no label left: δ = 1.
    assert view["modes"] == [["p", [["add", "_", 1, 3, "on Sunday"]], 1, 6, 1, 7]]
    # SINGLE, against gold1 alone: δ = 3 (lose prep over "on", gain hd over "on" and prep
    # over "on Sunday").
    (single,) = views(trees(SPEC / "arrive_parse.conll"), gold1)
    assert single["systems"]["p"]["stats"]["delta_labeled"] == 3
    assert [op[0] for op in single["ops"]] == ["delete", "add", "add"]


@pytest.fixture(scope="module")
def study() -> dict[str, list[Any]]:
    return {
        "ptb": trees(STUDY / "test.ptb"),
        "ud": trees(STUDY / "test.conllu"),
        "eager": trees(STUDY / "outputs" / "arc-eager.conllu"),
    }


@pytest.mark.parametrize("scenario", ["single", "multiple", "tl-unify"])
def test_every_study_sentence_draws_delta_charged_operations(
    study: dict[str, list[Any]], scenario: str
) -> None:
    options: dict[str, Any] = {
        "single": {},
        "multiple": {"other_golds": [study["ptb"]]},
        "tl-unify": {"tl_unify_with": study["ptb"]},
    }[scenario]
    drawn = views(study["eager"], study["ud"], **options)
    assert len(drawn) == 605
    for view in drawn:
        stats = view["systems"]["p"]["stats"]
        charged = [op for op in view.get("ops", []) if not op[0].startswith("free-")]
        assert len(charged) == stats["delta_labeled"], view["n"]
        # The report's switch: the unlabeled script and both modes' δ and ι, the run's.
        ((name, unlabeled, *numbers),) = view["modes"]
        assert name == "p"
        assert numbers == [stats[f"{x}_{m}"] for m in ("labeled", "unlabeled")
                           for x in ("delta", "iota")], view["n"]  # fmt: skip
        charged = [op for op in unlabeled if not op[0].startswith("free-")]
        assert len(charged) == stats["delta_unlabeled"], view["n"]
        marks = [m for p in view["trees"] if p["name"] != "gold" for m in p["unlabeled_marks"]]
        assert [[*m, o[4]] for m, o in zip(marks, unlabeled, strict=True)] == unlabeled


@pytest.mark.parametrize("tl_unify", [None, {"ud": "ptb"}])
def test_every_cross_sentence_draws_multiple_delta(
    study: dict[str, list[Any]], tl_unify: dict[str, str] | None
) -> None:
    from nltk_tedeval import CrossFrameworkEvaluator
    from nltk_tedeval.cli.sentence_views import cross_views
    from nltk_tedeval.trees.convert import Converter

    cross = CrossFrameworkEvaluator(
        [("ud", study["eager"], study["ud"]), ("ptb", None, study["ptb"])], tl_unify=tl_unify
    )
    cross.multiple("ud")
    converter = Converter()
    drawn = list(
        cross_views(
            cross,
            {"ud": converter, "ptb": converter},
            {"ud": study["ud"], "ptb": study["ptb"]},
            {"ud": study["eager"]},
        )
    )
    assert len(drawn) == 605
    for view in drawn:
        stats = view["systems"]["ud"]["stats"]
        charged = [op for op in view.get("ops", []) if not op[0].startswith("free-")]
        assert len(charged) == stats["multiple_delta_labeled"], view["n"]
        if "modes" not in view:
            continue  # nothing drawn: numbers only
        modes = {m[0]: m for m in view["modes"]}
        _, unlabeled, *numbers = modes["ud"]
        assert numbers == [stats[f"multiple_{x}_{m}"] for m in ("labeled", "unlabeled")
                           for x in ("delta", "iota")], view["n"]  # fmt: skip
        charged = [op for op in unlabeled if not op[0].startswith("free-")]
        assert len(charged) == stats["multiple_delta_unlabeled"], view["n"]
