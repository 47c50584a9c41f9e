"""disco-dop's POS Statistics and rewrite-rule tables as breakdown keys (``tag``,
``tag_confusion``, ``rule_confusion``, ``rule_extra``, ``rule_missing``; SPEC.md §12.4,
issue 44 item 4).

The small examples are worked out by hand in the comments; the tables are checked
against every ``eval --verbose`` output of tests/fixtures_disco (SOURCE.md): GUM's trees
with seeded wrong parses (bracketed and export, each ``--functions``), GUM excerpts with
discontinuous punctuation, generated discontinuous and contiguous trees.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from nltk import Tree

from nltk_tedeval import MissingParseWarning
from nltk_tedeval.cli import main
from nltk_tedeval.metrics.disco_parseval import DiscoParams, DiscoParsevalEvaluator
from nltk_tedeval.metrics.disco_tables import rules, yield_function
from nltk_tedeval.trees.discontinuous import DiscTree

from .discodop_tables import CASES, FIX, limit, pct, pos_table, rule_tables

KEYS = "tag,tag_confusion,rule_confusion,rule_extra,rule_missing"

# The dog barked: the parse takes "the" out of NP and gives "dog" a verb's tag.
GOLD = "(ROOT (S (NP (DT the) (NN dog)) (VP (VBD barked))))"
PARSE = "(ROOT (S (DT the) (VP (VB dog) (VBD barked))))"


def counts(ev, key: str) -> dict[str, int]:
    return {g: s.frequency for g, s in ev.breakdown(key).items()}


def test_the_dog_barked_by_hand():
    ev = DiscoParsevalEvaluator(
        [Tree.fromstring(PARSE)], [Tree.fromstring(GOLD)], DiscoParams(), by=KEYS
    )
    # Tags: DT and VBD right; dog NN in the gold, VB in the parse.
    tags = {g: tuple(s.totals.values()) for g, s in ev.breakdown("tag").items()}
    assert tags == {"DT": (1, 1, 1), "NN": (0, 1, 0), "VBD": (1, 1, 1), "VB": (0, 0, 1)}
    assert ev.breakdown("tag")["NN"].share == pytest.approx(1 / 3)
    assert counts(ev, "tag_confusion") == {"NN→VB": 1}
    # Rules on two words or more: gold ROOT→S, S→NP VP (words 0-1 NP's, 2 VP's: "01"),
    # NP→DT NN; parse ROOT→S, S→DT VP, VP→VB VBD. ROOT→S is right. S on both sides with
    # other rules: a confusion; NP(the dog) has no parse phrase: missing; VP(dog barked)
    # no gold one: extra.
    assert counts(ev, "rule_confusion") == {"01 S NP VP→01 S DT VP": 1}
    assert counts(ev, "rule_missing") == {"01 NP DT NN": 1}
    assert counts(ev, "rule_extra") == {"01 VP VB VBD": 1}


def test_yield_functions_as_discodop_prints_them():
    # (S (VP 0 2) (NP 1)): VP, NP, VP again without gap: "010"; a gap is a comma.
    assert yield_function([[0, 2], [1]]) == "010"
    assert yield_function([[0], [2]]) == "0,1"
    assert yield_function([[3, 4], [1, 2]]) == "10"
    tree = DiscTree.from_discbracket("(ROOT (S (VP (VB 0=is) (JJ 2=happy)) (NP 1=Mary)))")
    view = DiscoParsevalEvaluator([], [], DiscoParams()).sentence_view(tree, tree)
    # The root (deleted by proper.prm, but its rule is read), S, and VP with its gap.
    assert [r for _, r in rules(view.gold_tree())] == ["0 ROOT S", "010 S VP NP", "0,1 VP VB JJ"]


def test_a_unary_chain_names_its_lowest_unmatched_gold_rule():
    # Gold S→VP→(VB, NN) on the same two words; the parse has S→(VB, NN): its S rule
    # differs, and of the gold's two unmatched rules on the words the last in pre-order,
    # VP's, names the confusion (disco-dop's dict keeps the last).
    gold = "(ROOT (S (VP (VB eat) (NN fish))))"
    parse = "(ROOT (S (VB eat) (NN fish)))"
    ev = DiscoParsevalEvaluator(
        [Tree.fromstring(parse)], [Tree.fromstring(gold)], DiscoParams(), by=KEYS
    )
    assert counts(ev, "rule_confusion") == {"01 VP VB NN→01 S VB NN": 1}
    assert counts(ev, "rule_missing") == {} and counts(ev, "rule_extra") == {}


def test_a_missing_parse_has_its_gold_tags_and_rules_and_nothing_right():
    ev = DiscoParsevalEvaluator(
        [None], [Tree.fromstring(GOLD)], DiscoParams(), by=KEYS, missing="zero"
    )
    with pytest.warns(MissingParseWarning):
        tags = {g: tuple(s.totals.values()) for g, s in ev.breakdown("tag").items()}
    assert tags == {"DT": (0, 1, 0), "NN": (0, 1, 0), "VBD": (0, 1, 0)}
    assert counts(ev, "rule_missing") == {"0 ROOT S": 1, "01 S NP VP": 1, "01 NP DT NN": 1}
    assert counts(ev, "tag_confusion") == {} and counts(ev, "rule_confusion") == {}


# -- disco-dop's eval --verbose -------------------------------------------------------


def _eq_name(params: DiscoParams):
    """disco-dop names an EQ_LABEL class by a member of its choice (PRT for ADVP/PRT
    under proper.prm), we by the alphabetically first: theirs as ours."""
    eq = params.eq_labels

    def rename(text: str) -> str:
        return " ".join(eq.get(w, w) for w in text.split(" "))

    return rename


TABLE_CASES = sorted(n for n in CASES if any(rule_tables(n)) or pos_table(n)[0])


def test_the_fixtures_cover_every_table():
    assert len(TABLE_CASES) >= 15
    assert all(sum(t.values()) for t in rule_tables("gum_func_proper"))
    assert pos_table("gum_func_proper")[1] and pos_table("random_func_proper")[1]


@pytest.mark.parametrize("name", TABLE_CASES)
def test_discodops_rule_tables(name):
    build, params = CASES[name]
    gold, parse = build()
    ev = DiscoParsevalEvaluator(parse, gold, params, by=KEYS)
    rename = _eq_name(params)
    mismatch, extra, missing = rule_tables(name)
    theirs = {
        "rule_confusion": Counter(
            {f"{rename(g)}→{rename(c)}": n for (g, c), n in mismatch.items()}
        ),
        "rule_extra": Counter({rename(r): n for r, n in extra.items()}),
        "rule_missing": Counter({rename(r): n for r, n in missing.items()}),
    }
    for key, table in theirs.items():
        ours = Counter(counts(ev, key))
        if limit(name) is None:
            assert ours == table, key
        else:  # the 10 most frequent (ties in disco-dop's order)
            assert all(ours[k] == n for k, n in table.items()), key
            assert len(table) == min(10, len(ours))


@pytest.mark.parametrize("name", [n for n in TABLE_CASES if pos_table(n)[0]])
def test_discodops_pos_statistics(name):
    build, params = CASES[name]
    gold, parse = build()
    ev = DiscoParsevalEvaluator(parse, gold, params, by=KEYS)
    figures, confusions = pos_table(name)
    table = ev.breakdown("tag")
    in_gold = [g for g, s in table.items() if s.frequency]
    if limit(name) is None:
        assert set(figures) == set(in_gold)
    for tag, (share, r, p, f1) in figures.items():
        group = table[tag]
        assert f"{100 * group.share:.2f}" == share
        assert (pct(group.scores["R"]), pct(group.scores["P"]), pct(group.scores["F1"])) == (
            r,
            p,
            f1,
        )
    ours = Counter(
        {tuple(g.split("→")): s.frequency for g, s in ev.breakdown("tag_confusion").items()}
    )
    if limit(name) is None:
        assert ours == confusions
    else:
        assert all(ours[k] == n for k, n in confusions.items())
    # The tag groups split the words compared: gold words sum to POS accuracy's.
    assert sum(s.frequency for s in table.values()) == ev.score("POS_ACCURACY").totals["words"]
    assert (
        sum(s.totals["matched"] for s in table.values())
        == (ev.score("POS_ACCURACY").totals["correct_tags"])
    )


def test_the_command_line(capsys):
    gold, parse = str(FIX / "gum_func_gold.mrg"), str(FIX / "gum_func_parse.mrg")
    assert main(["parseval", gold, parse, "--by", KEYS, "--top", "0", "-f", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    keys = {b["key"]: b for b in data["breakdowns"]}
    assert set(keys) == set(KEYS.split(","))
    tags = {g["group"]: g["frequency"] for g in keys["tag_confusion"]["groups"]}
    assert tags["IN→RB"] == 35  # disco-dop's "RB IN 35"
    missing = {g["group"]: g["frequency"] for g in keys["rule_missing"]["groups"]}
    assert missing["01 PP IN NP"] == 24
    assert main(["parseval", gold, parse, "--by", "rule_missing", "--top", "1"]) == 0
    out = capsys.readouterr().out
    assert "01 PP IN NP   24" in out
