"""The metrics of the package as ``tedeval`` commands: their own arguments, and where each runs.

Every built-in command is one :class:`~nltk_tedeval.cli.registry.Command`
in :data:`~nltk_tedeval.cli.registry.METRICS`, registered here. Building
their arguments imports no metric: each entry names its run function as a
``"module:name"`` string, imported when the command runs.
"""

from __future__ import annotations

import argparse

from ..reading.formats import CONSTITUENCY, DEPENDENCY, DISCONTINUOUS
from ..scoring.defaults import DEFAULT_BOOTSTRAP_ROUNDS, DEFAULT_ROUNDS
from ..trees.labelers import LABELERS
from .file_kinds import FileKinds
from .registry import Command, gold_and_systems, register
from .terminal import add_measure_option

__all__ = ["CONLL18_TABLES", "GoldOnly"]

CONLL18_TABLES = ("verbose", "counts", "short")
"""The tables ``attach --conll18`` prints: the script's ``-v``, its ``-c``, its three scores."""


class GoldOnly(str):
    """A ``--gold-only NAME=GOLD`` value: an experiment whose gold has no parse to score.

    It shares ``-e``'s list, so that experiments keep the order they were given in.
    """


def conversion(p: argparse.ArgumentParser, *, per_experiment: bool, engine: bool = True) -> None:
    """The options of the conversion to multi-function trees (SPEC.md §3), and the engine."""
    g = p.add_argument_group("conversion to multi-function trees (SPEC.md §3)")
    g.add_argument(
        "--labeler",
        default="ptb",
        choices=sorted(LABELERS),
        help="function labels of bracketed trees (default ptb: dash tags such as NP-SBJ)",
    )
    g.add_argument("--head-label", default="hd", help="label of dependency heads (default hd)")
    g.add_argument("--strip-subtypes", action="store_true", help="compare nsubj:pass as nsubj")
    g.add_argument(
        "--projectivize",
        action="store_true",
        help="lift non-projective arcs (Nivre and Nilsson 2005) before scoring; by default "
        "a non-projective tree is scored as it is, its projections keeping their gaps",
    )
    if per_experiment:
        g.add_argument(
            "--label-map",
            action="append",
            default=[],
            metavar="NAME=FILE",
            help="rename experiment NAME's labels with a TSV map (from<TAB>to)",
        )
        g.add_argument(
            "--tl-unify",
            action="append",
            default=[],
            metavar="A:B",
            help="enrich experiment A's gold with B's labels by TL-unification",
        )
    else:
        g.add_argument(
            "--label-map", metavar="FILE", help="rename labels with a TSV map (from<TAB>to)"
        )
    if not engine:
        return
    e = p.add_argument_group("engine")
    e.add_argument(
        "--engine",
        default="span",
        choices=["span", "apted"],
        help="span: exact and linear (default); apted: tree edit distance cross-check",
    )


def _score(p: argparse.ArgumentParser) -> None:
    gold_and_systems("PARSE")(p)
    p.add_argument(
        "--other-gold",
        action="append",
        default=[],
        metavar="FILE",
        help="gold of another theory; scores against the generalized gold (MULTIPLE)",
    )
    p.add_argument(
        "--other-gold-segments",
        action="append",
        default=[],
        metavar="FILE",
        help="with --align: the token-to-segment map of an --other-gold file, one per "
        "--other-gold in their order ('-' for one without), as --gold-segments",
    )
    p.add_argument(
        "--tl-unify",
        metavar="FILE",
        help="enrich GOLD with this gold's labels by TL-unification (PTB ⊔tl SD)",
    )
    conversion(p, per_experiment=False)


def _explain(p: argparse.ArgumentParser) -> None:
    p.add_argument("gold", metavar="GOLD")
    p.add_argument("parse", metavar="PARSE")
    p.add_argument(
        "-s",
        "--sentence",
        type=int,
        required=True,
        metavar="N",
        help="the sentence to explain: its number in GOLD, from 1",
    )
    p.add_argument(
        "--other-gold",
        action="append",
        default=[],
        metavar="FILE",
        help="gold of another theory: explain MULTIPLE, against the generalized gold",
    )
    p.add_argument(
        "--mode",
        choices=["both", "labeled", "unlabeled"],
        default="both",
        help="the labeled script, the unlabeled one, or both (default)",
    )
    p.add_argument(
        "--drawing",
        choices=["auto", "tree", "brackets"],
        default="auto",
        help="trees drawn with branches, as bracketed text, or auto (default): branches up "
        "to 40 words",
    )
    p.add_argument(
        "--ascii", action="store_true", help="draw branches in ASCII, not box-drawing characters"
    )
    conversion(p, per_experiment=False, engine=False)


def _cross(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "-e",
        "--experiment",
        action="append",
        required=True,
        metavar="NAME=GOLD,PARSE",
        help="an experiment: its native gold and its parser's output (repeat for each)",
    )
    p.add_argument(
        "--gold-only",
        action="append",
        dest="experiment",
        type=GoldOnly,
        metavar="NAME=GOLD",
        help="a theory with a gold and no parser: its gold takes part in MULTIPLE's "
        "generalization and in the overlap, and no row is scored for it",
    )
    conversion(p, per_experiment=True)


def _parseval(p: argparse.ArgumentParser) -> None:
    gold_and_systems("TEST")(p)
    p.add_argument(
        "-p", "--params", metavar="PRM", help="an EVALB parameter file (default COLLINS.prm)"
    )
    p.add_argument(
        "--max-errors",
        type=int,
        default=None,
        metavar="N",
        help="stop as EVALB does after N error sentences (default: never; MAX_ERROR in PRM "
        "is ignored)",
    )
    p.add_argument(
        "--evalb",
        action="store_true",
        help="print EVALB's own output: the per-sentence table and the summary (error "
        "sentences go to standard error, as EVALB reports them)",
    )
    p.add_argument(
        "--jp-evalb",
        action="store_true",
        help="with --align: jp-evalb's default mode (Jo, Park and Park 2024) over the aligned "
        "units, printing its table (see docs/SPEC.md, section 11)",
    )
    p.add_argument(
        "--disco",
        action="store_true",
        help="discontinuous brackets as disco-dop's eval scores them (PRM a disco-dop "
        "parameter file, default proper.prm's settings); the default for discbracket and "
        "export gold files",
    )
    p.add_argument(
        "--la",
        action="store_true",
        help="disco-dop's eval --la: Leaf-Ancestor (Sampson and Babarczy 2003), the mean of "
        "the sentences' mean lineage scores (LA), with the mean over words (LA_WORDS), the "
        "share of words whose lineages are equal (LA_EXACT) and that of sentences whose every "
        "word's are (LA_EXACT_SENT); scores with disco-dop's rules, as --disco; --by lineage "
        "gives the per-lineage table",
    )
    p.add_argument(
        "--ted",
        action="store_true",
        help="disco-dop's eval --ted: tree edit distance, 1 minus the summed distance over "
        "the summed nodes (TED, its 'tree-dist (Dice micro avg)'; --macro: the mean of "
        "sentences); scores with disco-dop's rules, as --disco",
    )
    p.add_argument(
        "--headrules",
        metavar="FILE|collins",
        help="disco-dop's eval --headrules: dependencies read off both trees through the head "
        "rules of FILE (disco-dop's format, as its ptb.headrules; 'collins': the package's "
        "Collins 1999 table in that format), the share of words whose "
        "head is the gold's (DEP, its 'unlabeled dependencies'); scores with disco-dop's "
        "rules, as --disco",
    )
    p.add_argument(
        "--function-tags",
        action="store_true",
        help="the function-tag score of Blaheta and Charniak (2000) as disco-dop's eval "
        "prints it ('function tags:'): the F1 of the tags on brackets matched in the other "
        "tree (FUNC), its precision (FUNC_P) and recall (FUNC_R); scores with disco-dop's "
        "rules, as --disco; --by function, function_confusion give its Function Tag "
        "Statistics",
    )
    p.add_argument(
        "--functions",
        choices=("remove", "leave", "add", "replace"),
        default=None,
        help="disco-dop's eval --functions: what the labels ParsEval compares keep of their "
        "function tags: remove (its default) cuts them, the others keep a bracket file's "
        "labels whole; of an export file leave keeps the category, add the category and "
        "edge, replace the edge alone; scores with disco-dop's rules, as --disco",
    )
    p.add_argument(
        "--morphology",
        choices=("no", "add", "replace", "between"),
        default=None,
        help="disco-dop's eval --morphology, of an export file's parts of speech: no (its "
        "default) keeps the tag, add makes it TAG/MORPH, replace MORPH, between a phrase "
        "TAG over a part of speech MORPH; scores with disco-dop's rules, as --disco",
    )
    p.add_argument(
        "--spmrl",
        action="store_true",
        help="evalb_spmrl's rules and output, as the SPMRL shared tasks scored (labels and "
        "tags cut at -, = and #, no word deleted; PRM default spmrl.prm's settings, "
        "CUTOFF_LEN 70); its wrong numbers are reproduced and warned of (docs/SPEC.md "
        "§7, evalb_spmrl)",
    )
    p.add_argument(
        "--spmrl-unparsed",
        action="store_true",
        help="with --spmrl: evalb_spmrl's -X, a sentence without a parse counted as valid "
        "(status 3) with its gold brackets miscounted as evalb_spmrl does; --missing zero "
        "counts them correctly",
    )
    p.add_argument(
        "--spmrl-compact",
        action="store_true",
        help="with --spmrl: evalb_spmrl's -L, its table then one summary line (whose Prec: "
        "is the recall and Rec: the precision, as evalb_spmrl prints them)",
    )
    p.add_argument(
        "--first",
        type=int,
        default=None,
        metavar="N",
        help="score the first N sentences of every file and read no further (evalb_spmrl's -K N)",
    )


def _attach(p: argparse.ArgumentParser) -> None:
    gold_and_systems("PARSE")(p)
    p.add_argument(
        "--punct",
        choices=["include", "exclude", "unicode", "ptb-pos", "upos", "relation", "spacy"],
        default="include",
        help="include punctuation (default, as CoNLL 2018) or exclude it, decided on the gold "
        "token: exclude or unicode by its characters (CoNLL-X eval.pl, nltk), ptb-pos by its "
        "PTB tag (`` '' , . :, Chen and Manning 2014), upos by UPOS PUNCT, relation by the "
        "punct relation, spacy by the p or punct relation (spaCy's scorer)",
    )
    p.add_argument(
        "--exclude",
        action="append",
        default=[],
        metavar="FIELD=V[,V...]",
        help="also leave out tokens whose gold FIELD (form, lemma, upos, xpos, feats, deprel) "
        "is one of the values, as MaltEval's Exclude* options (feats: the whole FEATS cell); "
        "@FILE reads the values one a line (repeat for several fields)",
    )
    p.add_argument("--strip-subtypes", action="store_true", help="compare nsubj:pass as nsubj")
    p.add_argument("--relations", action="store_true", help="print the per-relation table")
    add_measure_option(
        p,
        "UCM, LCM: complete match; AnyRight, BothRight, BothWrong, LabelWrong, HeadWrong, "
        "AnyWrong: MaltEval's word-level measures; ROOT, ROOT_P, ROOT_F1: root accuracy",
    )
    p.add_argument(
        "--conll18",
        nargs="?",
        const="verbose",
        choices=list(CONLL18_TABLES),
        help="the CoNLL 2018 shared task's metrics, exactly as conll18_ud_eval.py defines "
        "them (tokens and sentences may differ; subtypes stripped), printed as its -v table "
        "(verbose, default), its -c table (counts) or its three official scores (short)",
    )
    p.add_argument(
        "--enhanced",
        action="store_true",
        help="with --conll18: also ELAS and EULAS over the DEPS column, exactly as the IWPT "
        "2020/2021 shared task's iwpt20_xud_eval.py scores them (empty nodes collapsed as "
        "the task collapsed them), printed as its tables; each gold edge counted once",
    )
    p.add_argument(
        "--enhancements",
        metavar="DIGITS",
        help="with --enhanced: the script's digits that switch enhancement types off on both "
        "sides: 1 gapping, 2 shared parents in coordination, 3 shared dependents, "
        "4 controlled subjects, 5 relative clauses, 6 case information (0: none; 12: 1 and 2)",
    )
    p.add_argument(
        "--iwpt-script",
        action="store_true",
        help="with --enhanced: the script's own figures where they are not a score (a gold "
        "edge counted once for every system edge that matches it, its digits 2, 3 and 5 as "
        "it runs them); warns on stderr",
    )


def _mph(p: argparse.ArgumentParser) -> None:
    gold_and_systems("TEST")(p)
    p.add_argument("--head-rules", metavar="FILE", help="a head-rule table (default Collins 1999)")
    p.add_argument(
        "--punct-tags",
        metavar="TAGS",
        help="space-separated POS tags whose tokens are removed (default: , : `` '' .)",
    )
    p.add_argument("--projectivize", action="store_true", help="lift non-projective arcs")


_HERE = "nltk_tedeval.cli"

register(
    Command(
        "score",
        "TedEval of one or more parses against a gold file (SINGLE or MULTIPLE)",
        _score,
        f"{_HERE}.tedeval_commands:cmd_score",
        """examples:
  tedeval score gold.conllu parse.conllu
  tedeval score gold.ptb parse1.ptb parse2.ptb --significance 10000
  tedeval score gold.conllu parse.conllu --other-gold gold.ptb --json   # MULTIPLE
  tedeval score gold.ptb pcfg=out/pcfg.ptb --missing zero   # failed parses count as wrong
  tedeval score gold.ptb parse.ptb --tl-unify gold.conllu --projectivize
  tedeval score gold.ptb parse.ptb --max-length 40   # sentences of at most 40 words
  tedeval score --align gold.ptb parse.ptb --gold-segments gold.seg   # gold over morphemes
  tedeval score gold.conllu goldseg=a.conllu predseg=b.conllu --align   # SPEC.md §11.1
""",
    )
)
register(
    Command(
        "cross",
        "a cross-framework experiment: SINGLE, MULTIPLE and overlap",
        _cross,
        f"{_HERE}.tedeval_commands:cmd_cross",
        """examples:
  tedeval cross -e ptb=gold.ptb,berkeley.ptb -e ud=gold.conllu,malt.conllu --projectivize
  tedeval cross -e ptb=gold.ptb,parse.ptb -e ud=gold.conllu,parse.conllu \\
      --tl-unify ptb:ud --significance 10000 --json
  tedeval cross -e ptb=gold.ptb,parse.ptb --gold-only ud=gold.conllu   # ud: gold, no parser
  tedeval cross -e ptb=gold.ptb,a.ptb -e ud=gold.conllu,b.conllu --max-length 40
  tedeval cross --align -e ptb=gold.ptb,parse.ptb -e ud=gold.conllu,parse.conllu \\
      --gold-segments ptb=gold.conllu   # the PTB gold's words grouped as the UD tokens
""",
        formats=False,
        files=FileKinds(answer_files=False),
    )
)
register(
    Command(
        "parseval",
        "ParsEval bracket scores exactly as EVALB computes them",
        _parseval,
        f"{_HERE}.classic_commands:cmd_parseval",
        """examples:
  tedeval parseval gold.mrg test.mrg
  tedeval parseval gold.mrg test.mrg -p COLLINS.prm --per-sentence lines.tsv
  tedeval parseval gold.mrg test.mrg --evalb > ours.txt   # EVALB's own output, to diff
  tedeval parseval negra-dev.export parses.export          # disco-dop's rules (discontinuous)
  tedeval parseval gold.mrg test.mrg --la --ted            # disco-dop's eval --la --ted
  tedeval parseval gold.mrg test.mrg --function-tags --by function,tag,rule_missing
  tedeval parseval gold.ptb parse.ptb --spmrl              # evalb_spmrl -p spmrl.prm
  tedeval parseval gold.ptb parse.ptb --spmrl --max-length 69   # SPMRL's "< 70" sentences
  tedeval parseval --align gold.ptb raw.ptb --gold-segments gold.seg   # SPMRL morphemes
""",
        files=FileKinds(
            scores=(CONSTITUENCY, DISCONTINUOUS),
            refuse=f"{_HERE}.inputs:refuse_for_parseval",
            answers=CONSTITUENCY,
        ),
    )
)
register(
    Command(
        "attach",
        "attachment scores: LAS, UAS, label accuracy, undirected and NED",
        _attach,
        f"{_HERE}.classic_commands:cmd_attach",
        """examples:
  tedeval attach gold.conllu parse.conllu
  tedeval attach gold.conllx parse.conllx --punct exclude --relations
  tedeval attach gold.conllu a.conllu b.conllu --significance 10000
  tedeval attach gold.conllu parse.conllu --max-length 40 --json   # "<= 40", listed in JSON
  tedeval attach --align gold.conllx parse.conllu --gold-segments gold.seg   # SPMRL CoNLL-X
  tedeval attach gold.conllu parse.conllu --by relation-length,frame,feats=Case   # MaltEval's
  tedeval attach gold.conllu parse.conllu --measure AnyRight,BothWrong --by lemma --top 0
  tedeval attach gold.conllu parse.conllu --exclude lemma=be,have --exclude feats=@feats.txt
""",
        files=FileKinds(
            scores=(DEPENDENCY,),
            refuse=f"{_HERE}.inputs:refuse_for_attach",
            answers=DEPENDENCY,
        ),
    )
)
register(
    Command(
        "mph",
        "MPH: unlabeled brackets of maximal projections of heads",
        _mph,
        f"{_HERE}.classic_commands:cmd_mph",
        """examples:
  tedeval mph gold.ptb parse.ptb
  tedeval mph gold.ptb parse.conllu --projectivize   # a dependency parse against bracketed gold
  tedeval mph gold.ptb parse.ptb --head-rules my.rules
  tedeval mph gold.ptb parse.ptb --min-length 5 --max-length 40   # 5 to 40 words
""",
    )
)
register(
    Command(
        "explain",
        "one sentence's TedEval edit script: both trees, the operations marked, δ, ι, score",
        _explain,
        f"{_HERE}.explain_command:cmd_explain",
        """examples:
  tedeval explain gold.ptb parse.ptb --sentence 3
  tedeval explain gold.conllu parse.conllu -s 3 --other-gold gold.ptb   # MULTIPLE
  tedeval explain gold.ptb parse.ptb -s 3 --mode unlabeled --ascii
""",
        report=False,
    )
)


RANKED_METRICS = ("attach", "mph", "parseval", "score")
"""The commands whose runs ``tedeval rank`` scores: one gold and any number of systems each."""

MISSING_TREEBANK = ("zero", "omit")
"""What a system without a treebank's row gets in a ranking (SPEC.md §16)."""


def rank_options(p: argparse.ArgumentParser) -> None:
    """The options of ``tedeval rank`` itself (the metric's follow its name)."""
    p.add_argument(
        "--rank-by",
        metavar="MEASURE",
        help="the measure ranked (default: F1 where the metric has one, else its first "
        "primary measure: LAS for attach, labeled for score)",
    )
    p.add_argument(
        "--missing-treebank",
        choices=MISSING_TREEBANK,
        help="a system without a row for a treebank: zero counts it as 0 there (the CoNLL "
        "2018 shared task's rule), omit averages it over the treebanks it has. Required "
        "when some system misses a treebank; the table says how many each has",
    )
    p.add_argument(
        "--jobs",
        type=int,
        metavar="N",
        help="score the treebanks on N processes (joblib; default: every core)",
    )
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="score the treebanks on the Dask cluster whose scheduler is at ADDRESS "
        "(tcp://host:8786; pip install 'nltk_tedeval[dask]')",
    )
    p.add_argument(
        "--bootstrap",
        type=int,
        metavar="R",
        default=DEFAULT_BOOTSTRAP_ROUNDS,
        help=f"rounds of the bootstrap intervals (default {DEFAULT_BOOTSTRAP_ROUNDS}); their "
        "level is the metric's --ci (default 95)",
    )


def _rank(p: argparse.ArgumentParser) -> None:
    p.add_argument("manifest", metavar="MANIFEST", help="a TSV or JSON of treebank, gold, "
                   "system, parse rows (paths relative to its folder)")  # fmt: skip
    p.add_argument(
        "metric", metavar="METRIC", help=f"the command scored: {', '.join(RANKED_METRICS)}"
    )
    p.add_argument(
        "metric_options",
        nargs=argparse.REMAINDER,
        metavar="...",
        help="the metric's own options, as tedeval METRIC takes them (--punct exclude, -p "
        "COLLINS.prm, --max-length 40...); and the report's: -f json, -o FILE, --seed, "
        f"--ci LEVEL, --significance R (rounds of the tests, default {DEFAULT_ROUNDS})",
    )
    rank_options(p)


register(
    Command(
        "rank",
        "many systems on many treebanks: one metric's macro average over treebanks, ranked, "
        "with bootstrap intervals and paired tests between neighbours",
        _rank,
        f"{_HERE}.rank:cmd_rank",
        """A manifest is a TSV (or a JSON list of objects) of rows treebank, gold, system,
parse; paths are relative to its folder. The metric's options follow its name.

examples:
  tedeval rank runs.tsv attach                         # LAS, macro over treebanks
  tedeval rank runs.tsv attach --punct exclude --rank-by UAS --json -o rank.json
  tedeval rank runs.tsv score --missing-treebank zero  # a missing file scores 0 (CoNLL 2018)
  tedeval rank runs.tsv parseval -p COLLINS.prm --missing-treebank omit --ci 90
  tedeval rank runs.tsv attach --jobs 2 --significance 10000 --seed 7
  tedeval rank runs.tsv attach --scheduler tcp://10.0.0.5:8786   # on a Dask cluster
  tedeval rank corpora_samples/rank/runs.tsv attach --missing-treebank zero
""",
        formats=False,
        report=False,
    )
)
