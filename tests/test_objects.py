"""Parses held by other libraries' objects: spaCy, stanza, conllu, plain Python (SPEC.md §13).

Two kinds of test. Hand-worked examples fix what each kind of object means
(its words, heads, relations, sentences, a missing parse); the GUM study data
built into each kind of object must give every metric the numbers the same
sentences give from the files, for both frameworks. spaCy objects are built
with ``spacy.blank`` (no model); stanza's are plain classes with its
attribute names (the package reads them by their attributes, never imports
stanza); conllu's are the real package's.
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path
from typing import Any

import conllu
import pytest
import spacy
from nltk import Tree
from spacy.tokens import Doc, Span

import nltk_tedeval as t
from nltk_tedeval.errors import InputFormatError, OptionError
from nltk_tedeval.reading.ud_words import read_ud_words_text
from nltk_tedeval.trees.objects import adapt_corpus, as_tree, as_ud_sentence

ROOT = Path(__file__).resolve().parent.parent
STUDY = ROOT / "corpora_samples" / "study"
BYRON = ROOT / "corpora_samples" / "gum" / "GUM_bio_byron.conllu"
N = 80  # sentences of the study's test set used here

NLP = spacy.blank("en")
Span.set_extension("parse_string", default=None, force=True)  # as benepar sets it


def doc_of(tokenlists: list[Any]) -> Doc:
    """One spaCy Doc holding conllu sentences (their words: spaCy has no multiword tokens)."""
    words, heads, deps, tags, pos, lemmas, morphs = [], [], [], [], [], [], []
    for tl in tokenlists:
        ws = [w for w in tl if isinstance(w["id"], int)]
        offset = len(words)
        for k, w in enumerate(ws):
            words.append(w["form"])
            heads.append(offset + w["head"] - 1 if w["head"] else offset + k)
            deps.append(w["deprel"] or "")
            tags.append(w["xpos"] or "")
            pos.append(w["upos"] or "")
            lemmas.append(w["lemma"] or "")
            feats = w["feats"] or {}
            morphs.append("|".join(f"{k}={v}" for k, v in feats.items()))
    return Doc(NLP.vocab, words=words, heads=heads, deps=deps, tags=tags, pos=pos,
               lemmas=lemmas, morphs=morphs)  # fmt: skip


class Fake:
    """A stanza object: only the attributes stanza's Document, Sentence, Token and Word have."""

    def __init__(self, **attributes: Any) -> None:
        self.__dict__.update(attributes)


class Constituency:
    """stanza's constituency tree: its ``str`` is the bracketed tree."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text


def stanza_sentence(tl: Any) -> Fake:
    """A stanza Sentence of a conllu sentence: its tokens (multiword ones too) and words."""
    words = [
        Fake(id=w["id"], text=w["form"], lemma=w["lemma"], upos=w["upos"], xpos=w["xpos"],
             feats=conllu.serializer.serialize_field(w["feats"]) if w["feats"] else None,
             head=w["head"], deprel=w["deprel"])
        for w in tl if isinstance(w["id"], int)
    ]  # fmt: skip
    tokens, covered = [], 0
    for row in tl:
        rid = row["id"]
        if isinstance(rid, tuple) and rid[1] == "-":
            tokens.append(Fake(id=(rid[0], rid[2]), text=row["form"]))
            covered = rid[2]
        elif isinstance(rid, int) and rid > covered:
            tokens.append(Fake(id=(rid,), text=row["form"]))
    return Fake(words=words, tokens=tokens)


def stanza_bracketed(text: str) -> Fake:
    """A stanza Sentence from a constituency pipeline alone (no heads)."""
    leaves = Tree.fromstring(text).leaves() if text.strip() else []
    words = [Fake(id=k, text=w, head=None, deprel=None) for k, w in enumerate(leaves, 1)]
    tokens = [Fake(id=(k,), text=w) for k, w in enumerate(leaves, 1)]
    return Fake(words=words, tokens=tokens, constituency=Constituency(text) if leaves else None)


def span_of(text: str) -> Span:
    """A spaCy sentence with benepar's constituency parse string (an empty Doc if none)."""
    if not text.strip():
        return Doc(NLP.vocab, words=[])[:]
    span = Doc(NLP.vocab, words=Tree.fromstring(text).leaves())[:]
    span._.parse_string = text
    return span


def rows(arrays: Any) -> list[list[Any]]:
    return arrays.stats.array.tolist()


@pytest.fixture(scope="module")
def dependency_data() -> dict[str, Any]:
    gold_tl = conllu.parse((STUDY / "test.conllu").read_text(encoding="utf-8"))[:N]
    parse_tl = conllu.parse((STUDY / "outputs" / "arc-eager.conllu").read_text("utf-8"))[:N]
    return {
        "gold_file": list(t.read_file(STUDY / "test.conllu"))[:N],
        "parse_file": list(t.read_file(STUDY / "outputs" / "arc-eager.conllu"))[:N],
        "gold_tl": gold_tl,
        "parse_tl": parse_tl,
    }


@pytest.fixture(scope="module")
def constituency_data() -> dict[str, Any]:
    gold = list(t.read_file(STUDY / "test.ptb"))[:N]
    lines = (STUDY / "outputs" / "pcfg.ptb").read_text(encoding="utf-8").split("\n")[:N]
    return {
        "gold_file": gold,
        "parse_file": list(t.read_file(STUDY / "outputs" / "pcfg.ptb", one_per_line=True))[:N],
        "gold_strings": [str(s.tree) for s in gold],
        "parse_strings": lines,
    }


# -- hand-worked meanings ------------------------------------------------------------------


def test_a_spacy_doc_is_its_sentences_and_each_token_its_head_in_the_sentence() -> None:
    """Two sentences in one Doc: "I left ." (I <- left -> .) and "You stayed" (You <- stayed).
    spaCy heads are Doc positions; a root is its own head. In each sentence the package's
    head of token k is its head's position in the sentence from 1, 0 for the root."""
    doc = Doc(NLP.vocab, words=["I", "left", ".", "You", "stayed"],
              heads=[1, 1, 1, 4, 4], deps=["nsubj", "ROOT", "punct", "nsubj", "ROOT"],
              tags=["PRP", "VBD", ".", "PRP", "VBD"])  # fmt: skip
    trees = t.as_trees(doc)
    assert [tr.words for tr in trees] == [("I", "left", "."), ("You", "stayed")]
    assert [tr.heads for tr in trees] == [(2, 0, 2), (2, 0)]
    assert [tr.rels for tr in trees] == [("nsubj", "ROOT", "punct"), ("nsubj", "ROOT")]
    assert trees[0].tags == ("PRP", "VBD", ".")
    # Scored against a gold where "." hangs from "I": 4 of 5 heads right, the
    # same 4 with their relations: UAS = LAS = 0.8.
    gold = [[("I", 2, "nsubj"), ("left", 0, "ROOT"), (".", 1, "punct")],
            [("You", 2, "nsubj"), ("stayed", 0, "ROOT")]]  # fmt: skip
    las, uas = t.AttachmentEvaluator(doc, gold).eval()
    assert (float(las), float(uas)) == (0.8, 0.8)
    # The Doc as an item of a corpus stands for its two sentences too.
    las, uas = t.AttachmentEvaluator([doc], gold).eval()
    assert float(uas) == 0.8


def test_a_doc_without_a_parse_is_a_missing_parse() -> None:
    """A Doc from a tokenizer alone has no dependency annotation: the parser gave no parse,
    which is a missing parse (SPEC.md §10), as a CoNLL sentence of '_' heads is."""
    gold = [[("Hi", 0, "root")], [("Bye", 0, "root")]]
    parse = [[("Hi", 0, "root")], NLP("Bye")[:]]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", t.MissingParseWarning)
        ev = t.AttachmentEvaluator(parse, gold, missing="zero")
        # zero: the second sentence's one word counts, nothing right: UAS 1/2.
        assert float(ev.score("UAS")) == 0.5
        assert [m.number for m in ev.missing] == [2]


def test_token_rows_and_triples_read_as_the_column_reader_reads_them() -> None:
    """A conllu TokenList: its multiword-token range and empty node are left out, '_' is
    no value, and a sentence of '_' heads is a missing parse; triples are the same words."""
    text = (
        "1-2\tdel\t_\t_\t_\t_\t_\t_\t_\t_\n"
        "1\tde\tde\tADP\tIN\t_\t2\tcase\t_\t_\n"
        "2\tel\tel\tDET\t_\t_\t0\troot\t_\t_\n"
        "2.1\tx\t_\t_\t_\t_\t_\t_\t_\t_\n\n"
    )
    (tl,) = conllu.parse(text)
    tree = t.as_tree(tl)
    assert (tree.words, tree.heads, tree.rels) == (("de", "el"), (2, 0), ("case", "root"))
    assert (tree.tags, tree.ctags) == (("IN", None), ("ADP", "DET"))
    file_tree = next(iter(t.read_text(text, "conllu", nltk_trees=False))).tree
    assert (file_tree.words, file_tree.heads, file_tree.tags) == (tree.words, tree.heads, tree.tags)
    (unparsed,) = conllu.parse("1\tHi\t_\t_\t_\t_\t_\t_\t_\t_\n\n")
    assert t.as_tree(unparsed) is None
    triples = t.as_tree([("de", 2, "case"), ("el", 0, "root")])
    assert (triples.words, triples.heads, triples.rels) == (tree.words, tree.heads, tree.rels)
    # The CoNLL 2018 metrics keep the surface token "del" over its two words.
    ud = t.trees.objects.as_ud_sentence(tl)
    assert [(k.form, k.first, k.last, k.multiword) for k in ud.tokens] == [("del", 0, 2, True)]
    assert [(w.form, w.upos, w.feats, w.head) for w in ud.words] == [
        ("de", "ADP", "_", 2),
        ("el", "DET", "_", 0),
    ]


def test_stanza_objects_are_read_by_their_attributes() -> None:
    """A stanza Document (faked: stanza is never imported) is its sentences; its words'
    id, text, head and deprel are the tree; to_dict() rows (key "text") read alike."""
    words = [Fake(id=1, text="I", head=2, deprel="nsubj", upos="PRON", xpos="PRP"),
             Fake(id=2, text="left", head=0, deprel="root", upos="VERB", xpos="VBD")]  # fmt: skip
    sentence = Fake(words=words, tokens=[Fake(id=(1,), text="I"), Fake(id=(2,), text="left")])
    document = Fake(sentences=[sentence, sentence])
    (a, b) = t.as_trees(document)
    assert b == a
    assert (a.words, a.heads, a.rels, a.tags, a.ctags) == (
        ("I", "left"), (2, 0), ("nsubj", "root"), ("PRP", "VBD"), ("PRON", "VERB"))  # fmt: skip
    as_dict = [[{"id": 1, "text": "I", "head": 2, "deprel": "nsubj"},
                {"id": 2, "text": "left", "head": 0, "deprel": "root"}]]  # fmt: skip
    (c,) = t.as_trees(as_dict)
    assert (c.words, c.heads, c.rels) == (a.words, a.heads, a.rels)
    # Against a gold whose "I" hangs from the root and "left" from "I": no head right.
    gold = [[("I", 0, "root"), ("left", 1, "dep")]] * 2
    las, uas = t.AttachmentEvaluator(document, gold).eval()
    assert (float(las), float(uas)) == (0.0, 0.0)


def test_an_object_with_two_parses_gives_the_one_the_metric_scores() -> None:
    """A spaCy sentence with a dependency parse and benepar's parse_string: attachment
    scores the dependency parse, ParsEval the constituency parse; as_trees chooses."""
    doc = Doc(NLP.vocab, words=["I", "left"], heads=[1, 1], deps=["nsubj", "ROOT"])
    span = doc[:]
    span._.parse_string = "(S (NP (PRP I)) (VP (VBD left)))"
    dep = [[("I", 2, "nsubj"), ("left", 0, "ROOT")]]
    const = ["(S (NP (PRP I)) (VP (VBD left)))"]
    assert float(t.AttachmentEvaluator([span], dep).eval()[0]) == 1.0
    # S, NP, VP: 3 of 3 brackets.
    assert [float(s) for s in t.ParsevalEvaluator([span], const).eval()] == [1.0, 1.0, 1.0]
    (tree,) = t.as_trees([span], kind="constituency")
    assert isinstance(tree, Tree) and tree.label() == "S"
    (tree,) = t.as_trees([span])
    assert tree.heads == (2, 0)


def test_bracketed_strings_are_trees_and_an_empty_one_a_missing_parse() -> None:
    gold = ["(S (NP (PRP I)) (VP (VBD left)))", "(S (NP (PRP You)) (VP (VBD stayed)))"]
    parse = ["(S (NP (PRP I)) (VBD left))", ""]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", t.MissingParseWarning)
        ev = t.ParsevalEvaluator(parse, gold, missing="zero")
        # Gold brackets 3 + 3; the parse's S and NP match in sentence 1; the
        # missing parse has none: R = 2/6, P = 2/2.
        p, r, _ = ev.eval()
        assert (float(p), float(r)) == (1.0, pytest.approx(1 / 3))


def test_a_single_sentence_where_a_corpus_belongs_is_named() -> None:
    doc = Doc(NLP.vocab, words=["Hi"], heads=[0], deps=["ROOT"])
    with pytest.raises(OptionError, match=r"parsed_sents is one spaCy Span \(a sentence\)"):
        t.AttachmentEvaluator(doc[:], [doc])
    with pytest.raises(OptionError, match=r"gold_sents is one sentence of \(word, head"):
        t.AttachmentEvaluator([doc], [("Hi", 0, "root")])
    (tl,) = conllu.parse("1\tHi\t_\t_\t_\t_\t0\troot\t_\t_\n\n")
    with pytest.raises(OptionError, match="one sentence of token rows"):
        t.AttachmentEvaluator(tl, [tl])


def test_bad_objects_name_the_sentence_and_the_token() -> None:
    good = [("a", 0, "root"), ("b", 1, "dep")]
    bad = [("a", 0, "root"), ("b", None, "dep")]
    with pytest.raises(InputFormatError) as err:
        t.AttachmentEvaluator([good, bad], [good, good])
    assert err.value.sentence == 2
    assert err.value.token == "b"
    assert "parsed_sents: a sentence of (word, head, relation) triples: token 2 ('b') has no " \
        "head" in err.value.message  # fmt: skip
    with pytest.raises(InputFormatError, match=r"token 2 \('b'\) has head 5, outside 0..2"):
        t.as_tree([("a", 0, "root"), ("b", 5, "dep")])
    with pytest.raises(InputFormatError, match="nltk cannot read the bracketed tree"):
        t.as_tree("(S (NP I)")


def test_a_new_kind_of_object_is_one_registry_entry() -> None:
    class Heads(tuple):  # a sentence as (word, head) pairs
        pass

    kind = t.ObjectKind("pairs", lambda o: isinstance(o, Heads),
                        tree=lambda o, want: t.as_tree([(w, h, None) for w, h in o]))  # fmt: skip
    t.register_object_kind(kind)
    try:
        gold = [[("a", 0, "root"), ("b", 1, "dep")]]
        las, uas = t.AttachmentEvaluator([Heads((("a", 2), ("b", 0)))], gold).eval()
        assert (float(las), float(uas)) == (0.0, 0.0)
    finally:
        t.trees.OBJECT_KINDS.remove(kind)


# -- GUM: every metric, the same numbers from objects as from files -----------------------


def test_gum_dependency_objects_give_the_files_numbers(dependency_data: dict[str, Any]) -> None:
    d = dependency_data
    gold_doc = doc_of(d["gold_tl"])
    # One Doc per parse: spaCy makes a sentence of every root, and this parser
    # leaves some tokens hanging from the root; the whole Doc is the sentence.
    parse_spans = [doc_of([tl])[:] for tl in d["parse_tl"]]
    stanza_gold = Fake(sentences=[stanza_sentence(tl) for tl in d["gold_tl"]])
    triples = [[(w["form"], w["head"], w["deprel"]) for w in tl if isinstance(w["id"], int)]
               for tl in d["parse_tl"]]  # fmt: skip
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for evaluator, options in (
            (t.AttachmentEvaluator, {}),
            (t.AttachmentEvaluator, {"punct": "exclude"}),
            (t.TedEvalEvaluator, {}),
            (t.MPHEvaluator, {"projectivize": True}),
        ):
            expected = rows(evaluator(d["parse_file"], d["gold_file"], **options))
            for parse, gold in (
                (d["parse_tl"], d["gold_tl"]),  # conllu
                (parse_spans, gold_doc),  # spaCy
                (triples, stanza_gold),  # plain Python against stanza
                (d["parse_tl"], [*d["gold_file"][:40], *d["gold_tl"][40:]]),  # mixed
            ):
                assert rows(evaluator(parse, gold, **options)) == expected, evaluator


def test_gum_conll18_from_objects(dependency_data: dict[str, Any]) -> None:
    """The CoNLL 2018 metrics from conllu and stanza objects equal the file's, multiword
    tokens included; from spaCy (no multiword tokens) every figure but Tokens does."""
    gold = list(t.read_ud_words(BYRON))
    gold_tl = conllu.parse(BYRON.read_text(encoding="utf-8"))
    # A system that moves the head of every second word to the root's child.
    expected = rows(t.Conll18Evaluator(gold, gold))
    assert rows(t.Conll18Evaluator(gold_tl, gold)) == expected
    stanza_doc = Fake(sentences=[stanza_sentence(tl) for tl in gold_tl])
    assert rows(t.Conll18Evaluator(stanza_doc, gold_tl)) == expected
    ev_file = t.Conll18Evaluator(gold, gold)
    ev_spacy = t.Conll18Evaluator(doc_of(gold_tl), doc_of(gold_tl))
    multiword = sum(1 for tl in gold_tl for w in tl if isinstance(w["id"], tuple)
                    and w["id"][1] == "-")  # fmt: skip
    words_in_multiword = sum(w["id"][2] - w["id"][0] + 1 for tl in gold_tl for w in tl
                             if isinstance(w["id"], tuple) and w["id"][1] == "-")  # fmt: skip
    assert multiword > 0
    for column in ev_file.columns:
        got, want = ev_spacy.stats.totals([column]), ev_file.stats.totals([column])
        if column in ("Tokens.correct", "Tokens.gold", "Tokens.system"):
            # Each multiword token of k words is k tokens in spaCy ("aligned" is
            # the script's count of aligned words, 0 for Tokens).
            assert int(got[0]) == int(want[0]) + words_in_multiword - multiword, column
        else:
            assert int(got[0]) == int(want[0]), column
    # A parse that is not a tree is refused, as the script and our reader refuse it.
    with pytest.raises(InputFormatError, match="2 words hang from the root"):
        t.Conll18Evaluator(dependency_data["parse_tl"], dependency_data["gold_tl"])


def test_gum_constituency_objects_give_the_files_numbers(
    constituency_data: dict[str, Any],
) -> None:
    d = constituency_data
    spans = [span_of(text) for text in d["parse_strings"]]
    stanza = [stanza_bracketed(text) for text in d["parse_strings"]]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for evaluator in (t.ParsevalEvaluator, t.JpEvalbEvaluator, t.DiscoParsevalEvaluator,
                          t.TedEvalEvaluator, t.MPHEvaluator):  # fmt: skip
            expected = rows(evaluator(d["parse_file"], d["gold_file"], missing="zero"))
            for parse, gold in (
                (d["parse_strings"], d["gold_strings"]),
                (spans, [span_of(text) for text in d["gold_strings"]]),
                (stanza, d["gold_strings"]),
            ):
                assert rows(evaluator(parse, gold, missing="zero")) == expected, evaluator


# -- .spacy files (DocBin) on the command line ---------------------------------------------


def test_a_spacy_docbin_file_is_a_dependency_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two Docs: "I left . You stayed" (two sentences) and a Doc from the tokenizer alone
    (a missing parse). Against the gold of SPEC.md §13's worked example plus "no parse
    here": sentence 1 has 2 of 3 heads right ("." hangs from "I"), sentence 2 both, and
    the missing parse none of 3 under --missing zero: UAS 4/8; relations right wherever
    the head is, and "." too: LA 5/8."""
    from spacy.tokens import DocBin

    from nltk_tedeval.cli import main

    doc = Doc(NLP.vocab, words=["I", "left", ".", "You", "stayed"],
              heads=[1, 1, 1, 4, 4], deps=["nsubj", "ROOT", "punct", "nsubj", "ROOT"])  # fmt: skip
    DocBin(docs=[doc, NLP("no parse here")]).to_disk(tmp_path / "p.spacy")
    gold = tmp_path / "g.conllu"
    rows_ = [["I", 2, "nsubj"], ["left", 0, "ROOT"], [".", 1, "punct"], None,
             ["You", 2, "nsubj"], ["stayed", 0, "ROOT"], None,
             ["no", 2, "x"], ["parse", 0, "ROOT"], ["here", 2, "x"], None]  # fmt: skip
    lines, k = [], 0
    for r in rows_:
        if r is None:
            lines.append("")
            k = 0
            continue
        k += 1
        lines.append(f"{k}\t{r[0]}\t_\t_\t_\t_\t{r[1]}\t{r[2]}\t_\t_")
    gold.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert t.detect_format(tmp_path / "p.spacy") == "spacy"
    assert [s.number for s in t.read_file(tmp_path / "p.spacy")] == [1, 2, 3]
    status = main(["attach", str(gold), str(tmp_path / "p.spacy"), "--missing", "zero",
                   "-f", "json", "-q"])  # fmt: skip
    out = capsys.readouterr().out
    assert status == 0
    import json

    (system,) = json.loads(out)["systems"]
    scores = system["scores"]
    assert scores["UAS"]["totals"] == {"head": 4, "tokens": 8}
    assert scores["UAS"]["value"] == 0.5
    assert scores["LA"]["value"] == 0.625


def test_a_spacy_file_without_spacy_names_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from spacy.tokens import DocBin

    DocBin(docs=[NLP("Hi")]).to_disk(tmp_path / "p.spacy")
    monkeypatch.setitem(sys.modules, "spacy.tokens", None)  # as if spaCy were not installed
    with pytest.raises(OptionError) as err:
        list(t.read_file(tmp_path / "p.spacy"))
    assert str(err.value) == (
        f"{tmp_path / 'p.spacy'}: reading a spaCy DocBin (.spacy) needs spaCy: "
        'pip install "nltk_tedeval[spacy]"'
    )


def test_a_file_that_is_no_docbin_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "bad.spacy"
    bad.write_bytes(b"(S (NP I) (VP left))\n")
    with pytest.raises(InputFormatError, match=r"bad.spacy: not a spaCy DocBin file"):
        list(t.read_file(bad))


def test_gum_cross_framework_from_objects(
    dependency_data: dict[str, Any], constituency_data: dict[str, Any]
) -> None:
    """An experiment's corpora may be objects too: conllu TokenLists for GUM-UD, bracketed
    strings for GUM-PTB give the files' SINGLE, MULTIPLE and overlap figures."""
    d, c = dependency_data, constituency_data
    lifted = t.Converter(projectivize=True)

    def figures(ud_parse: Any, ud_gold: Any, ptb_parse: Any, ptb_gold: Any) -> list[str]:
        cross = t.CrossFrameworkEvaluator(
            [("ud", ud_parse, ud_gold, lifted), ("ptb", ptb_parse, ptb_gold)], missing="zero"
        )
        scores = [*cross.single("ud"), *cross.single("ptb"), *cross.multiple("ud"),
                  *cross.multiple("ptb"), *cross.overlap("ud", "ptb")]  # fmt: skip
        return [repr(s) for s in scores]

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = figures(d["parse_file"], d["gold_file"], c["parse_file"], c["gold_file"])
        got = figures(d["parse_tl"], d["gold_tl"], c["parse_strings"], c["gold_strings"])
    assert got == expected


def test_a_parse_getter_that_fails_is_no_parse_and_is_read_only_where_wanted() -> None:
    """benepar's ``parse_string`` getter raises a bare Exception on a Doc it never saw: the
    dependency parse is scored, and a constituency metric finds no parse (a missing one)."""

    def no_benepar(span: Span) -> str:
        raise Exception("No constituency parse is available for this document.")

    Span.set_extension("parse_string", getter=no_benepar, force=True)
    try:
        doc = Doc(NLP.vocab, words=["I", "left"], heads=[1, 1], deps=["nsubj", "ROOT"])
        gold = [[("I", 2, "nsubj"), ("left", 0, "ROOT")]]
        assert [float(s) for s in t.AttachmentEvaluator([doc], gold).eval()] == [1.0, 1.0]
        (tree,) = t.as_trees([doc[:]], kind="constituency")
        assert tree.heads == (2, 0)  # no constituency parse: the dependency one, as given
    finally:
        Span.set_extension("parse_string", default=None, force=True)


def test_triples_are_known_by_their_shape() -> None:
    """Triples whose heads are all unset are a missing parse; a later head that is no
    number is an error naming the token; three words are a sentence, not a triple."""
    assert t.as_tree([("I", None, None), ("left", None, None)]) is None
    with pytest.raises(InputFormatError, match=r"token 2 \('left'\) has head '0', not a number"):
        t.as_tree([("I", 2, "nsubj"), ("left", "0", "root")])
    assert t.trees.objects.object_kind([["The", "cat", "sat"]]) is None


def test_an_object_with_two_parses_gives_the_gold_kind_to_tedeval() -> None:
    """TedEval takes either kind: a stanza sentence with both parses, against a bracketed
    gold, is scored by its constituency tree, the same tree as the gold: unlabeled 1.0,
    labeled n/a as for the gold against itself (no function label to compare)."""
    words = [Fake(id=1, text="I", head=2, deprel="nsubj"),
             Fake(id=2, text="left", head=0, deprel="root")]  # fmt: skip
    tree = "(S (NP (PRP I)) (VP (VBD left)))"
    both = Fake(words=words, tokens=[Fake(id=(1,), text="I"), Fake(id=(2,), text="left")],
                constituency=Constituency(tree))  # fmt: skip
    labeled, unlabeled = t.TedEvalEvaluator([both], [tree]).eval()
    assert float(unlabeled) == 1.0
    assert labeled.reason is not None


# -- issue 45: objects against files, field by field ----------------------------------------


def test_a_spacy_doc_against_a_conllu_gold_reads_upos_and_xpos_where_they_are() -> None:
    # Issue 45: a Doc of "I left" (pos_ PRON VERB, tag_ PRP VBD) against the same sentence
    # read from a CoNLL-U file: every tag agrees, so UPOS, XPOS, AllTags and MLAS are 1.0.
    # Reading pos_ for XPOS and tag_ for UPOS, as a mutant did, gives 0.0 for all four.
    doc = Doc(NLP.vocab, words=["I", "left"], heads=[1, 1], deps=["nsubj", "root"],
              pos=["PRON", "VERB"], tags=["PRP", "VBD"], lemmas=["I", "leave"])  # fmt: skip
    gold = list(t.read_ud_words(ROOT / "corpora_samples" / "spec" / "left_gold.conllu"))[:1]
    scores = t.Conll18Evaluator(doc, gold).scores()
    for measure in ("UPOS", "XPOS", "AllTags", "MLAS", "LAS", "UPOS.aligned_accuracy"):
        assert float(scores[measure]) == 1.0, measure


def _group_totals(ev: Any) -> dict[str, dict[str, Any]]:
    return {key: {g: s.totals for g, s in ev.breakdown(key).items()} for key in ev.by}


def test_every_object_kind_reads_every_field_the_metrics_read_as_the_file_does(
    dependency_data: dict[str, Any],
) -> None:
    """Each kind of object holding the parse, scored against the gold *file*, gives the
    numbers of the parse file: breakdowns by UPOS, XPOS and relation (attachment), the
    tags MPH deletes as punctuation, and every CoNLL 2018 measure (the gold itself as the
    parse, which the script takes: a tree), Tokens apart for spaCy, which has no multiword
    tokens. A reader that took one field for another (UPOS for XPOS) would move a group."""
    d = dependency_data
    parses = {
        "conllu": d["parse_tl"],
        "spacy": [doc_of([tl])[:] for tl in d["parse_tl"]],
        "stanza": Fake(sentences=[stanza_sentence(tl) for tl in d["parse_tl"]]),
    }
    # The keys and MPH's punctuation read the gold's tags: each kind as the gold too.
    golds = {
        "conllu": d["gold_tl"],
        "spacy": doc_of(d["gold_tl"]),
        "stanza": Fake(sentences=[stanza_sentence(tl) for tl in d["gold_tl"]]),
    }
    by = "upos,xpos,relation"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = _group_totals(t.AttachmentEvaluator(d["parse_file"], d["gold_file"], by=by))
        want_mph = rows(t.MPHEvaluator(d["parse_file"], d["gold_file"], projectivize=True))
        for name in parses:
            for parse, gold in ((parses[name], d["gold_file"]), (d["parse_file"], golds[name])):
                got = t.AttachmentEvaluator(parse, gold, by=by)
                assert _group_totals(got) == want, name
                mph = t.MPHEvaluator(parse, gold, projectivize=True)
                assert rows(mph) == want_mph, name
    gold = list(t.read_ud_words(BYRON))
    gold_tl = conllu.parse(BYRON.read_text(encoding="utf-8"))
    perfect = {
        "conllu": gold_tl,
        "spacy": doc_of(gold_tl),
        "stanza": Fake(sentences=[stanza_sentence(tl) for tl in gold_tl]),
    }
    for name, parse in perfect.items():
        for scores in (
            t.Conll18Evaluator(parse, gold).scores(),
            t.Conll18Evaluator(gold, parse).scores(),
        ):
            for measure, score in scores.items():
                if name == "spacy" and measure.split(".")[0] == "Tokens":
                    continue  # (its Tokens counts: test_gum_conll18_from_objects)
                assert float(score) == 1.0, (name, measure)


def test_every_object_kind_gives_the_lemmas_and_features_a_file_read_with_them_gives(
    dependency_data: dict[str, Any],
) -> None:
    """Issue 45's classes: the breakdowns by lemma and features, and the exclusions by
    them, read the gold's LEMMA and FEATS, which a file keeps when read with
    ``morphology=True``. A gold of token rows, a spaCy Doc or a stanza Document holds
    them too, and gives the file's groups; before, each was refused as having none."""
    d = dependency_data
    gold_file = list(t.read_file(STUDY / "test.conllu", morphology=True))[:N]
    golds = {
        "conllu": d["gold_tl"],
        "spacy": doc_of(d["gold_tl"]),
        "stanza": Fake(sentences=[stanza_sentence(tl) for tl in d["gold_tl"]]),
    }
    by = "form,lemma,feats,feats=Number"
    exclude = ["lemma=the,be", "feats=Number=Sing"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = _group_totals(t.AttachmentEvaluator(d["parse_file"], gold_file, by=by))
        want_excluded = rows(
            t.AttachmentEvaluator(d["parse_file"], gold_file, exclude=exclude, by="upos")
        )
        for name, gold in golds.items():
            got = t.AttachmentEvaluator(d["parse_file"], gold, by=by)
            assert _group_totals(got) == want, name
            excluded = t.AttachmentEvaluator(d["parse_file"], gold, exclude=exclude, by="upos")
            assert rows(excluded) == want_excluded, name
    # The anchor beside the reader: conllu's own parse of the file counts each group.
    words = [w for tl in d["gold_tl"] for w in tl if isinstance(w["id"], int)]
    the = sum(w["lemma"] == "the" for w in words)
    sing = sum((w["feats"] or {}).get("Number") == "Sing" for w in words)
    assert want["lemma"]["the"]["tokens"] == the == 95
    assert want["feats=Number"]["Sing"]["tokens"] == sing == 389


# -- issue 45: the fifth mutation run (docs/mutation.md) -----------------------------------


class _Stream:
    """A reader's stream of sentence objects: iterable, with a length and a file."""

    def __init__(self, items: list[Any], file: str) -> None:
        self.items, self.file = items, file

    def __iter__(self) -> Any:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


def test_a_stream_of_objects_keeps_its_file_but_not_its_length() -> None:
    # adapt_corpus reads a stream as it is taken: its attributes are the stream's (the file
    # a count error names), but no special name is, as its length is not its sentences'.
    adapted = adapt_corpus(_Stream([[("Hi", 0, "root")]], "parses.txt"), "parse")
    assert adapted.file == "parses.txt"
    assert not hasattr(adapted, "__len__")
    gold = [t.DependencyTree(("Hi",), (0,), ("root",)), t.DependencyTree(("Bye",), (0,), ("root",))]
    with pytest.raises(t.SentenceCountError) as err:
        t.AttachmentEvaluator(_Stream([[("Hi", 0, "root")]], "parses.txt"), gold).eval()
    assert str(err.value).startswith("parses.txt ends after 1 sentence, but ")


def test_triples_give_the_conll18_metrics_their_words_heads_and_relations() -> None:
    # Triples hold words, heads and relations, nothing else: against a CoNLL-U gold of "_"
    # lemmas, tags and features every measure is 1.0, each word its own token; a relation
    # of None is "_", as the gold's. A head unset, or heads in a cycle, are refused. (Their
    # features, "_", are no universal feature, which is all the script compares.)
    gold_text = "1\tI\t_\t_\t_\t_\t2\tnsubj\t_\t_\n2\tleft\t_\t_\t_\t_\t0\t_\t_\t_\n\n"
    gold = list(read_ud_words_text(gold_text))
    triples = [[("I", 2, "nsubj"), ("left", 0, None)]]
    scores = t.Conll18Evaluator(triples, gold).scores()
    assert {m for m, s in scores.items() if float(s) != 1.0} == set()
    # As the gold, their "_" lemmas accept any (Lemmas, BLEX): a parse lemmatized i, leave.
    lemmatized = list(read_ud_words_text(gold_text.replace("\tI\t_", "\tI\ti").replace(
        "\tleft\t_", "\tleft\tleave")))  # fmt: skip
    assert [w.lemma for w in lemmatized[0].tree.words] == ["i", "leave"]
    scores = t.Conll18Evaluator(lemmatized, triples).scores()
    assert {m for m, s in scores.items() if float(s) != 1.0} == set()
    with pytest.raises(InputFormatError) as err:
        t.Conll18Evaluator([[("I", None, "nsubj"), ("left", 0, None)]], gold).scores()
    assert str(err.value) == (
        "sentence 1: parsed_sents: word 'I' has head None: the CoNLL 2018 metrics need every head"
    )
    with pytest.raises(InputFormatError) as err:
        t.Conll18Evaluator([[("I", 2, "nsubj"), ("left", 1, None)]], gold).scores()
    assert str(err.value) == (
        "sentence 1: parsed_sents: a sentence of (word, head, relation) triples: the heads "
        "form a cycle: 1 (I) -> 2 (left) -> 1; the CoNLL 2018 script scores only trees"
    )


def test_triples_have_no_features_lemmas_or_tags_as_a_conllu_file_writes_none() -> None:
    # A CoNLL-U file writes "_" for a value it lacks: triples lack all but form, head and
    # relation.
    words = t.trees.objects.as_ud_sentence([("I", 2, "nsubj"), ("left", 0, "root")]).words
    assert [(w.lemma, w.upos, w.xpos, w.feats) for w in words] == [("_", "_", "_", "_")] * 2


def test_a_registered_kind_is_tried_before_every_other_even_a_spacy_doc() -> None:
    # A kind registered for spaCy Docs reads a Doc as one sentence of its own; tried after
    # the built-in "spaCy Doc" kind, the Doc would be several sentences (an error here).
    from nltk_tedeval.trees.objects import OBJECT_KINDS, ObjectKind, register_object_kind

    doc = Doc(spacy.blank("en").vocab, words=["Hi"])
    mine = ObjectKind("whole Doc", lambda o: type(o).__name__ == "Doc",
                      tree=lambda o, want: t.DependencyTree(("Hi",), (0,), ("root",)))  # fmt: skip
    register_object_kind(mine)
    try:
        assert t.trees.objects.as_tree(doc).words == ("Hi",)
    finally:
        OBJECT_KINDS.remove(mine)


def test_an_adapted_stream_names_the_attribute_it_lacks() -> None:
    adapted = adapt_corpus(_Stream([[("Hi", 0, "root")]], "parses.txt"), "parse")
    with pytest.raises(AttributeError) as err:
        adapted.__len__  # noqa: B018
    assert str(err.value) == "__len__"


def test_as_trees_takes_the_dependency_kind_and_names_a_kind_it_does_not_know() -> None:
    assert [
        tree.heads for tree in t.trees.objects.as_trees([[("Hi", 0, "root")]], "dependency")
    ] == [(0,)]
    with pytest.raises(OptionError) as err:
        t.trees.objects.as_trees([[("Hi", 0, "root")]], "ud")  # type: ignore[arg-type]
    assert str(err.value) == "kind must be 'dependency' or 'constituency', not 'ud'"


def test_a_triple_of_two_items_is_refused_naming_it_by_its_number() -> None:
    with pytest.raises(InputFormatError) as err:
        t.trees.objects.as_tree([("I", 2, "nsubj"), ("left", 0)])
    assert str(err.value) == "a sentence of (word, head, relation) triples: item 2 is ('left', 0)"


# -- issue 45: the seventh mutation run (docs/mutation.md) ---------------------------------


def _row(i: Any, form: str, head: Any, deprel: str = "dep", **cells: Any) -> dict[str, Any]:
    return {"id": i, "form": form, "head": head, "deprel": deprel, **cells}


def _refusal(call: Any) -> tuple[str, Any]:
    with pytest.raises((InputFormatError, OptionError)) as err:
        call()
    return str(err.value), getattr(err.value, "token", None)


def test_bad_token_rows_are_named_as_rows_with_the_word() -> None:
    # Issue 45 (the seventh mutation run): each refusal of a sentence of token rows names
    # the rows, the word and the token (SPEC.md §8's error rule); texts by hand.
    rows = "a sentence of token rows"
    assert _refusal(lambda: as_tree([_row(1, "a", None), _row(2, "b", 0, "root")])) == (
        f"{rows}: token 1 ('a') has no head but other tokens have heads; a sentence the "
        "parser failed on has none",
        "a",
    )
    assert _refusal(lambda: as_tree([_row(1, "a", 5), _row(2, "b", 0, "root")])) == (
        f"{rows}: token 1 ('a') has head 5, outside 0..2",
        "a",
    )
    assert _refusal(lambda: as_tree([_row(2, "a", 0, "root")])) == (
        f"{rows}: word 1 ('a') has id 2; word ids count from 1",
        "a",
    )
    assert _refusal(lambda: as_ud_sentence([_row(1, "a", "x"), _row(2, "b", 0, "root")])) == (
        "word 'a' has head 'x': the CoNLL 2018 metrics need every head",
        "a",
    )
    assert _refusal(lambda: as_ud_sentence([_row(1, "a", 2), _row(2, "b", 1)])) == (
        f"{rows}: the heads form a cycle: 1 (a) -> 2 (b) -> 1; the CoNLL 2018 script "
        "scores only trees",
        "a",
    )
    assert _refusal(lambda: as_ud_sentence("(S (X a))"))[0] == (
        "the CoNLL 2018 metrics read tokens and words; a bracketed string has no CoNLL-U words"
    )


def test_a_parse_of_rows_need_not_be_a_tree_and_empty_features_are_none() -> None:
    # A parse is scored per token, a cycle and all (SPEC.md §8): the rows' tree is built
    # unchecked. An empty FEATS (conllu's {}) is the file's "_": no feature.
    tree = as_tree([_row(1, "a", 2), _row(2, "b", 1, feats={})])
    assert (tree.heads, tree.is_tree(), tree.feats) == ((2, 1), False, (None, None))
    ud = as_ud_sentence([_row(1, "a", 0, "root", feats={})])
    assert ud.words[0].feats == "_"


def test_rows_with_stanzas_first_last_ids_are_one_multiword_token() -> None:
    # stanza's to_dict() writes a multiword token's id as (first, last): "du" over words
    # 1 and 2 is one token covering words 0..2 (0-based, end exclusive), then "x" its own.
    rows = [{"id": (1, 2), "text": "du"}, _row(1, "de", 2), _row(2, "le", 0, "root")]
    ud = as_ud_sentence([*rows, _row(3, "x", 2)])
    assert [(t.form, t.first, t.last, t.multiword) for t in ud.tokens] == [
        ("du", 0, 2, True),
        ("x", 2, 3, False),
    ]


def test_bad_spacy_sentences_are_named_as_spacy_sentences() -> None:
    # A Span cut from a Doc whose first token's head (c, token 3) is outside it; a
    # benepar parse string that does not close.
    doc = Doc(NLP.vocab, words=["a", "b", "c"], heads=[2, 2, 2], deps=["x", "y", "root"])
    assert _refusal(lambda: as_tree(doc[0:2])) == (
        "a spaCy sentence: token 1 ('a') has head 3, outside 0..2",
        "a",
    )
    assert _refusal(lambda: as_ud_sentence(doc[0:2]))[0] == (
        "a spaCy sentence: word 1 ('a') has head 3, outside 0..2"
    )
    span = Doc(NLP.vocab, words=["a", "b"])[:]
    span._.parse_string = "(S (X a) (Y b)"
    said = _refusal(lambda: as_tree(span))[0]
    assert said.startswith("a spaCy sentence's parse_string: nltk cannot read the bracketed tree: ")


def test_a_spacy_sentence_without_dependencies_has_no_dependency_parse() -> None:
    # benepar's parse string alone: a constituency tree, unless the dependency parse is
    # asked for, which the sentence lacks (a missing parse).
    span = Doc(NLP.vocab, words=["a", "b"])[:]
    span._.parse_string = "(S (X a) (Y b))"
    assert as_tree(span) == Tree.fromstring("(S (X a) (Y b))")
    assert as_tree(span, "dependency") is None
    # With dependencies too, they are the parse taken by default.
    parsed = Doc(NLP.vocab, words=["a", "b"], heads=[1, 1], deps=["x", "root"])[:]
    parsed._.parse_string = "(S (X a) (Y b))"
    assert as_tree(parsed).heads == (2, 0)


def _word(k: int, text: str, head: Any, deprel: str | None = "dep") -> Fake:
    return Fake(id=k, text=text, head=head, deprel=deprel)  # no lemma, tags or features


def test_stanza_sentences_with_both_parses_and_bare_words() -> None:
    # A stanza sentence with heads and a constituency tree: the dependency parse by
    # default, the tree when asked for.
    words = [_word(1, "a", 2), _word(2, "b", 0, "root")]
    both = Fake(words=words, tokens=[], constituency=Constituency("(S (X a) (Y b))"))
    assert as_tree(both).heads == (2, 0)
    assert as_tree(both, "constituency") == Tree.fromstring("(S (X a) (Y b))")
    # Words with no lemma, tags or features (a pipeline without them) and a token whose
    # id is a bare number: none of them, "_" in the CoNLL 2018 words.
    bare = Fake(words=[_word(1, "a", 0, "root")], tokens=[Fake(id=1, text="a")])
    assert (as_tree(bare).tags, as_tree(bare).ctags) == ((None,), (None,))
    [w] = as_ud_sentence(bare).words
    assert (w.lemma, w.upos, w.xpos, w.feats, w.head, w.deprel) == ("_", "_", "_", "_", 0, "root")
    # A multiword token (ids 1 and 2) and a token of one id in a tuple.
    mw = Fake(
        words=[_word(1, "de", 2), _word(2, "le", 0, "root"), _word(3, "x", 2)],
        tokens=[Fake(id=(1, 2), text="du"), Fake(id=(3,), text="x")],
    )
    assert [(t.form, t.first, t.last, t.multiword) for t in as_ud_sentence(mw).tokens] == [
        ("du", 0, 2, True),
        ("x", 2, 3, False),
    ]


def test_bad_stanza_sentences_are_named_as_stanza_sentences() -> None:
    unparsed = Fake(
        words=[_word(1, "a", None, None)], tokens=[], constituency=Constituency("(S (X a)")
    )
    assert _refusal(lambda: as_tree(unparsed))[0].startswith(
        "a stanza sentence's constituency tree: nltk cannot read the bracketed tree: "
    )
    assert _refusal(lambda: as_tree(Fake(words=[_word(2, "a", 0, "root")], tokens=[]))) == (
        "a stanza sentence: word 1 has id 2; word ids count from 1",
        None,
    )
    assert _refusal(lambda: as_tree(Fake(words=[_word(1, "a", 5, "root")], tokens=[]))) == (
        "a stanza sentence: token 1 ('a') has head 5, outside 0..1",
        "a",
    )
    token = [Fake(id=1, text="a")]
    no_head = Fake(words=[_word(1, "a", "x", "root")], tokens=token)
    assert _refusal(lambda: as_ud_sentence(no_head)) == (
        "word 'a' has head 'x': the CoNLL 2018 metrics need every head",
        "a",
    )
    own_head = Fake(words=[_word(1, "a", 1, "root")], tokens=token)
    assert _refusal(lambda: as_ud_sentence(own_head)) == (
        "a stanza sentence: the heads form a cycle: 1 (a) -> 1; the CoNLL 2018 script "
        "scores only trees",
        "a",
    )


def test_one_sentence_asked_of_a_doc_of_several_is_refused_as_worded() -> None:
    doc = Doc(NLP.vocab, words=["a", "b"], heads=[1, 1], deps=["x", "root"])
    assert _refusal(lambda: as_tree(doc))[0] == (
        "a spaCy Doc holds several sentences: score it as a corpus, or pass its sentences"
    )


def test_a_stream_of_objects_reads_the_parse_asked_for_and_names_its_corpus() -> None:
    # A stream (read as it is taken) keeps what the caller asked: the constituency tree
    # of a stanza sentence that has both parses, and the corpus's name in an error.
    words = [_word(1, "a", 2), _word(2, "b", 0, "root")]
    both = Fake(words=words, tokens=[], constituency=Constituency("(S (X a) (Y b))"))
    adapted = adapt_corpus(_Stream([both], "p.txt"), "parse", want="constituency")
    assert list(adapted) == [Tree.fromstring("(S (X a) (Y b))")]
    bad = adapt_corpus(_Stream([[_row(1, "a", 5, "root")]], "p.txt"), "parse")
    with pytest.raises(InputFormatError) as err:
        list(bad)
    assert str(err.value) == (
        "sentence 1: parse: a sentence of token rows: token 1 ('a') has head 5, outside 0..1"
    )


def test_a_bracketed_string_may_start_with_white_space() -> None:
    # As a file's line may be indented: "  (S (X a))" is the tree (S (X a)).
    assert as_tree("  (S (X a))") == Tree.fromstring("(S (X a))")
