"""``tedeval explain``: one sentence's TedEval edit script, drawn in a terminal.

For students without a browser and for bug reports: both trees (the parse and
the reference), the operations of the edit script marked on them (``-x``
lost, ``+x`` gained, ``[-x]`` and ``[+x]`` in the gold's own script too, so not
charged, SPEC.md §4), δ, ι and the score (§5), labeled and unlabeled: the
computation behind the number ``tedeval score`` prints for the sentence, as
:func:`nltk_tedeval.protocol.explain.explain` gives it, with the same
conversion options. ``--other-gold`` explains MULTIPLE against the
generalized gold, as ``score --other-gold`` scores it.
"""

from __future__ import annotations

import argparse
from itertools import islice

from ..errors import InputFormatError, OptionError
from .inputs import LAYOUTS, label_map

__all__ = ["cmd_explain"]

MODES = {"both": (True, False), "labeled": (True,), "unlabeled": (False,)}
"""``--mode``: the modes explained, in order (``labeled``: items are labels over spans)."""


def _nth(path: str, n: int, fmt: str | None, layout: str, role: str) -> object:
    """The tree of sentence ``n`` of ``path``, or an error that names the file."""
    from ..reading import read_file

    found = list(
        islice(read_file(path, fmt, on_error="collect", one_per_line=LAYOUTS[layout]), n - 1, n)
    )
    if not found:
        from ..reading import count_sentences

        total = count_sentences(path, fmt)
        raise OptionError(
            f"--sentence {n}: {path} has {total} sentence{'s' if total != 1 else ''}"
        )
    record = found[0]
    if record.error is not None:
        raise record.error
    if record.tree is None:
        raise InputFormatError(
            f"the {role} has no tree here (a missing parse): nothing to explain",
            file=path,
            line=record.line,
            sentence=n,
        )
    return record.tree


def cmd_explain(args: argparse.Namespace) -> int:
    from ..protocol.explain import explain
    from ..trees.convert import Converter

    n = args.sentence  # from 1: check_numbers refused any other
    gold_format = args.gold_format or args.format
    parse_format = args.parse_format or args.format
    gold = _nth(args.gold, n, gold_format, args.layout, "gold")
    parse = _nth(args.parse, n, parse_format, args.layout, "parse")
    others = [_nth(path, n, gold_format, args.layout, "other gold") for path in args.other_gold]
    converter = Converter(
        labeler=args.labeler,
        head_label=args.head_label,
        strip_subtypes=args.strip_subtypes,
        projectivize=args.projectivize,
        label_map=label_map(args.label_map),
    )
    blocks = [f"sentence {n} of {args.gold}, parsed in {args.parse}"]
    for labeled in MODES[args.mode]:
        e = explain(parse, gold, other_golds=others, converter=converter, labeled=labeled)
        blocks.append(e.text(drawing=args.drawing, unicodelines=not args.ascii))
    print("\n\n".join(blocks))
    return 0
