"""``align="lcs"``: the characters that texts which differ still share (SPEC.md §11).

A parser's text may differ from the treebank's in a few characters (an
ellipsis written ``...`` or ``…``, a dropped character). Each parse's
character stream is matched to the gold's by a longest common subsequence,
computed as a minimal diff (Myers' O(ND) algorithm, from the
``diff-match-patch`` library with its time limit off, so the diff is
minimal); a gold character is *shared* when every parse matched it, and a
parse character when its gold partner is shared. Every token is then
reduced to its shared characters, and the streams of shared characters are
equal on all sides, so units and positions follow as for equal texts.
"""

from __future__ import annotations

from collections.abc import Sequence

from diff_match_patch import diff_match_patch

from ..errors import AlignmentError

__all__ = ["shared_characters"]

Texts = list[list[list[str]]]  # per side, per sentence, per token: its characters


def _matches(gold: str, other: str) -> list[int]:
    """For every character of ``other``, the index of its gold partner, or -1."""
    dmp = diff_match_patch()
    dmp.Diff_Timeout = 0  # no time limit: a minimal diff, whatever it costs
    partner = [-1] * len(other)
    g = o = 0
    for op, text in dmp.diff_main(gold, other, False):
        n = len(text)
        if op == 0:
            partner[o : o + n] = range(g, g + n)
            g += n
            o += n
        elif op < 0:
            g += n
        else:
            o += n
    return partner


def shared_characters(sides: Texts, roles: Sequence[str]) -> tuple[Texts, list[int]]:
    """Every token's shared characters, and how many characters each side left unmatched."""
    streams = ["".join("".join(s) for s in side) for side in sides]
    gold = streams[0]
    shared = bytearray([1]) * len(gold)
    partners = []
    for other in streams[1:]:
        partner = _matches(gold, other)
        matched = bytearray(len(gold))
        for p in partner:
            if p >= 0:
                matched[p] = 1
        shared = bytearray(a & b for a, b in zip(shared, matched, strict=True))
        partners.append(partner)
    if gold and not any(shared):
        raise AlignmentError(
            f"the texts share no character: {roles[0]} and "
            f"{', '.join(roles[1 : len(sides)])} are not two tokenizations of one text"
        )
    keep = [shared] + [
        bytearray(1 if p >= 0 and shared[p] else 0 for p in partner) for partner in partners
    ]
    out: Texts = []
    unmatched = []
    for side, flags in zip(sides, keep, strict=True):
        i = 0
        reduced_side = []
        for sentence in side:
            reduced = []
            for token in sentence:
                n = len(token)
                kept = flags[i : i + n]
                reduced.append("".join(c for c, f in zip(token, kept, strict=True) if f))
                i += n
            reduced_side.append(reduced)
        out.append(reduced_side)
        unmatched.append(len(flags) - sum(flags))
    return out, unmatched
