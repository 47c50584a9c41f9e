"""Text tables pad by display width (issue 41, item 4): a CJK character takes two
terminal columns, a combining mark none, so every column starts where its header does.

Expected layouts are written out by hand: ``系统甲`` is three wide characters, six
columns, as wide as ``system``; ``主语`` four columns, as wide as ``root``.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from nltk_tedeval.cli import main
from nltk_tedeval.cli.output import display_width, text_table

GOLD = "1\t我\t我\tPRON\t_\t_\t2\t主语\t_\t_\n2\t看\t看\tVERB\t_\t_\t0\troot\t_\t_\n" \
    "3\t书\t书\tNOUN\t_\t_\t2\t宾语\t_\t_\n\n"
PARSE = GOLD.replace("3\t书\t书\tNOUN\t_\t_\t2", "3\t书\t书\tNOUN\t_\t_\t1")


def test_widths_by_hand() -> None:
    assert display_width("系统甲") == 6
    assert display_width("ＬＡＳ") == 6  # full-width Latin letters
    assert display_width("cafe\u0301") == 4  # e and a combining acute: one column
    assert display_width("שלום") == 4  # Hebrew letters are narrow
    assert display_width("a\tb") == 3  # a control character: every code point counts


def test_a_table_of_wide_and_combining_cells() -> None:
    table = text_table(["name", "score"], [["系统甲", 0.5], ["cafe\u0301", 1.0], ["x", None]])
    assert table.splitlines() == [
        "name    score",
        "------  ------",
        "系统甲  0.5000",
        "cafe\u0301    1.0000",
        "x       n/a",
    ]


def test_a_report_with_a_chinese_system_name_and_relations(tmp_path: Path) -> None:
    (tmp_path / "gold.conllu").write_text(GOLD, encoding="utf-8")
    (tmp_path / "parse.conllu").write_text(PARSE, encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main([
            "attach", str(tmp_path / "gold.conllu"), f"系统甲={tmp_path / 'parse.conllu'}",
            "--by", "relation",
        ])  # fmt: skip
    assert status == 0
    lines = out.getvalue().splitlines()
    # 书's head is wrong: LAS and UAS 2/3; every relation right: LA 3/3.
    assert "system  LAS     UAS     LA      UNDIRECTED  NED" in lines
    assert "系统甲  0.6667  0.6667  1.0000  0.6667      0.6667" in lines
    assert "主语      1       33.33    1.0000  1.0000  1.0000  1.0000  1.0000  1.0000" in lines
    assert "宾语      1       33.33    0.0000  0.0000  0.0000  0.0000  0.0000  0.0000" in lines
    assert "root      1       33.33    1.0000  1.0000  1.0000  1.0000  1.0000  1.0000" in lines
