"""Run the CoNLL 2018 script on every pair of corpora_samples/ud/ and store its tables here.

Run from the project root with the script's path (it is not shipped; take
``evaluation_script/conll18_ud_eval.py`` from github ufal/conll2018):

    python tests/fixtures_ud_languages/make_ud_languages.py PATH/conll18_ud_eval.py

For every language folder of ``corpora_samples/ud`` and every parse in it
(``gold.conllu`` itself, ``same.conllu``, ``resegmented.conllu``) it writes
the script's standard output of ``-v`` and of ``-c`` on the pair, as
``LANGUAGE-PARSE-v.txt`` and ``LANGUAGE-PARSE-c.txt``, for
tests/test_ud_languages.py to compare with.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
SAMPLES = HERE.parent.parent / "corpora_samples" / "ud"
PARSES = ["gold", "same", "resegmented"]


def main() -> None:
    script = sys.argv[1]
    for folder in sorted(p for p in SAMPLES.iterdir() if (p / "gold.conllu").exists()):
        gold = folder / "gold.conllu"
        for parse in PARSES:
            for flag in ("-v", "-c"):
                res = subprocess.run(
                    [sys.executable, script, flag, str(gold), str(folder / f"{parse}.conllu")],
                    capture_output=True,
                    text=True,
                    encoding="utf-8",
                    check=True,
                )
                out = HERE / f"{folder.name}-{parse}{flag}.txt"
                out.write_text(res.stdout, encoding="utf-8")


if __name__ == "__main__":
    main()
