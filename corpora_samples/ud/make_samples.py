"""Cut the gold excerpts of corpora_samples/ud/ from the UD treebanks' test sets.

Run from the project root, once per language, with the treebank's test file
and its licence (the treebanks are not shipped; take them from the
UniversalDependencies repositories named in ``SAMPLES``, at the commits
named there):

    python corpora_samples/ud/make_samples.py LANGUAGE TEST_FILE LICENSE_FILE

It writes ``LANGUAGE/gold.conllu`` (the sentences ``SAMPLES`` names, copied
line for line, comments included), ``LANGUAGE/LICENSE.txt`` (the licence,
copied) and ``LANGUAGE/SOURCE.md`` (where they came from, the sentence ids).
With ``slim`` the DEPS column becomes ``_`` and MISC keeps only
``SpaceAfter=No``, to keep a treebank with long MISC values small.
"""

from __future__ import annotations

import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).parent


@dataclass(frozen=True)
class Sample:
    treebank: str
    commit: str
    file: str
    licence: str
    start: int  # 0-based index of the first sentence taken
    count: int
    why: str
    slim: bool = False
    note: str = ""
    misc: str = "glosses and transliterations"  # what a slim excerpt drops from MISC


SAMPLES = {
    "french": Sample(
        "UD_French-GSD", "830e2782304af08b3cc1c9250475343e04274d81", "fr_gsd-ud-test.conllu",
        "CC BY-SA 4.0", 30, 20,
        "multiword tokens du, des, au, aux (de + le, à + le ...)",
    ),
    "hebrew": Sample(
        "UD_Hebrew-HTB", "a6d496c877d0d07d97bcfdb2de11d245ef94256a", "he_htb-ud-test.conllu",
        "CC BY-NC-SA 4.0", 130, 20,
        "multiword tokens everywhere: prefixes ו, ה, ב, ל, ש and pronoun suffixes, whose "
        "words do not spell the token (בבית = ב + ה_ + בית)",
    ),
    "arabic": Sample(
        "UD_Arabic-PADT", "c31d25b45ef6b4340c291a01b2c2ae68d0dc0fdc", "ar_padt-ud-test.conllu",
        "CC BY-NC-SA 3.0", 0, 15,
        "clitics as multiword tokens (و, ل, ب and pronoun suffixes), words spelled "
        "otherwise than their token (واضافت = و + أضافت)",
        slim=True,
        note="\nThe repository's snapshot on this project's machine lacked the test file\n"
        "(its large files are left out), so the 15 sentences were copied by hand,\n"
        "column for column, from the stored copy of the file at the commit above;\n"
        "every sentence's `# text` equals its tokens joined as SpaceAfter says.\n"
        "The licence is the repository's current LICENSE.txt.\n",
    ),
    "german": Sample(
        "UD_German-GSD", "297fcf350481058d0737a27f0f8fd03b2eadd67a", "de_gsd-ud-test.conllu",
        "CC BY-SA 4.0", 795, 20,
        "multiword tokens im, zum, zur, am (in + dem, zu + dem ...)",
    ),
    "turkish": Sample(
        "UD_Turkish-IMST", "bcd48daa9957794a9137d85a4e2a115cdcdd4b1a", "tr_imst-ud-test.conllu",
        "CC BY-NC-SA (README: 4.0; LICENSE.txt: 3.0)", 445, 20,
        "copula and -ki suffixes as multiword tokens (Yalnızdı = Yalnız + dı)",
    ),
    "chinese": Sample(
        "UD_Chinese-GSD", "200dbe8acf60ff0d194f2d30bf925c410eee762a", "zh_gsd-ud-test.conllu",
        "CC BY-SA 4.0", 235, 20,
        "no spaces and no multiword tokens: segmentation is word segmentation",
    ),
    "vietnamese": Sample(
        "UD_Vietnamese-VTB", "e8fa54835582fb5d0c767f19f0992675726fa084", "vi_vtb-ud-test.conllu",
        "CC BY-SA 4.0", 0, 20,
        "words that contain spaces (bắt chuyện, quen quen)",
    ),
    "spanish": Sample(
        "UD_Spanish-GSD", "57c045644664e5c1e169263cc4e3b95e40c078ba", "es_gsd-ud-test.conllu",
        "CC BY-SA 4.0", 16, 20,
        "multiword tokens del, al (de + el, a + el) and verbs with clitics",
    ),
    "italian": Sample(
        "UD_Italian-ISDT", "689c1bf3c7d132903d2196ac69b76a0933c90997", "it_isdt-ud-test.conllu",
        "CC BY-NC-SA 3.0", 442, 20,
        "multiword tokens della, nel, sulla, dal (di + la, in + il ...)",
    ),
    "japanese": Sample(
        "UD_Japanese-GSD", "7bc20119f476b552635e0640644e577b6fd3606b", "ja_gsd-ud-test.conllu",
        "CC BY-SA 4.0", 0, 20,
        "no spaces and no multiword tokens, in a script of its own: word segmentation",
        slim=True, misc="bunsetsu labels and readings",
    ),
}  # fmt: skip


def sentences(text: str) -> list[list[str]]:
    """The file's sentences, each its lines (comments included), blank lines dropped."""
    out: list[list[str]] = [[]]
    for line in text.splitlines():
        if line.strip():
            out[-1].append(line)
        elif out[-1]:
            out.append([])
    return [s for s in out if s]


def slim_line(line: str) -> str:
    if line.startswith("#"):
        return line
    cols = line.split("\t")
    cols[8] = "_"
    cols[9] = "SpaceAfter=No" if "SpaceAfter=No" in cols[9].split("|") else "_"
    return "\t".join(cols)


def sent_id(sentence: list[str]) -> str:
    for line in sentence:
        if line.startswith("# sent_id"):
            return line.split("=", 1)[1].strip()
    raise ValueError("a sentence without # sent_id")


def main(language: str, test_file: str, licence_file: str) -> None:
    sample = SAMPLES[language]
    out = HERE / language
    out.mkdir(exist_ok=True)
    taken = sentences(Path(test_file).read_text(encoding="utf-8"))
    taken = taken[sample.start : sample.start + sample.count]
    # A document's first sentence carries "# global.columns" in some files:
    # keep it only on the excerpt's first sentence, where it belongs.
    lines: list[str] = []
    for i, sent in enumerate(taken):
        for line in sent:
            if line.startswith("# global.columns") and i:
                continue
            lines.append(slim_line(line) if sample.slim else line)
        lines.append("")
    (out / "gold.conllu").write_text("\n".join(lines) + "\n", encoding="utf-8")
    shutil.copyfile(licence_file, out / "LICENSE.txt")
    ids = [sent_id(s) for s in taken]
    slim = (
        "\nChanged: the DEPS column is `_` and MISC keeps only `SpaceAfter=No`\n"
        f"(the treebank's MISC carries {sample.misc} that would more\n"
        "than double the file's size); every other column is the treebank's.\n"
        if sample.slim
        else "\nCopied line for line, comments included.\n"
    )
    (out / "SOURCE.md").write_text(
        f"# {language.title()}: {sample.count} sentences of {sample.treebank}\n\n"
        f"- repository: github UniversalDependencies/{sample.treebank}\n"
        f"- commit: {sample.commit}\n"
        f"- file: `{sample.file}`, sentences {sample.start + 1} to "
        f"{sample.start + sample.count} of the file\n"
        f"- licence: {sample.licence} (LICENSE.txt, copied from the repository)\n"
        f"- chosen for: {sample.why}\n"
        f"{slim}{sample.note}\n"
        "Sentence ids taken, in order:\n\n"
        + "".join(f"- `{i}`\n" for i in ids)
        + "\n`gold.conllu` is that excerpt; `same.conllu` and `resegmented.conllu` are\n"
        "parses made from it by `corpora_samples/ud/make_parses.py` (see ../README.md).\n",
        encoding="utf-8",
    )
    print(f"{language}: {len(ids)} sentences, {ids[0]} .. {ids[-1]}")


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in SAMPLES:
        sys.exit(__doc__)
    main(*sys.argv[1:])
