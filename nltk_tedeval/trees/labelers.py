"""Function labelers: what grammatical functions a phrase-structure label carries.

Phrase-structure treebanks encode functions in different places (2012
paper, §2 and Figure 1): Penn Treebank dash features (``NP-SBJ``),
Tiger/Talbanken edge labels exported as ``CAT:FUNC``, Floresta's mirror
``FUNC:cat``, or Relational-Realizational function nodes (``SBJ@S``). A
labeler is any callable from a node label to the set of function labels it
carries; :func:`get_labeler` resolves the built-in names.

>>> sorted(ptb_labeler("PP-LOC-CLR"))
['CLR', 'LOC']
>>> sorted(ptb_labeler("NP-SBJ-1")), sorted(ptb_labeler("NP=2")), sorted(ptb_labeler("-LRB-"))
(['SBJ'], [], [])
>>> sorted(colon_labeler()("NP:SB")), sorted(colon_labeler(function_first=True)("SB:np"))
(['SB'], ['SB'])
>>> sorted(rr_labeler("SBJ@S")), sorted(rr_labeler("{SBJ,PRD}@S")), sorted(rr_labeler("NP"))
(['SBJ'], [], [])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..errors import OptionError

__all__ = [
    "LABELERS",
    "READINGS",
    "Labeler",
    "Reading",
    "colon_labeler",
    "get_labeler",
    "get_reading",
    "identity_labeler",
    "ptb_labeler",
    "rr_labeler",
]

Labeler = Callable[[str], Iterable[str]]
_NONE: frozenset[str] = frozenset()


def ptb_labeler(label: str) -> frozenset[str]:
    """Penn Treebank dash features, without numeric indices.

    ``NP-SBJ-1`` gives {SBJ}; ``PP-LOC-CLR`` gives {LOC, CLR}; ``NP=2``,
    ``S`` and POS tags give {}; labels that begin with a dash (``-LRB-``,
    ``-NONE-``) are categories, not features, and give {}.

    >>> sorted(ptb_labeler("PP-LOC-CLR")), sorted(ptb_labeler("NP=2"))
    (['CLR', 'LOC'], [])
    """
    if "-" not in label or label.startswith("-"):
        return _NONE
    core = label.split("=", 1)[0]
    return frozenset(f for f in core.split("-")[1:] if f and not f.isdigit())


def colon_labeler(*, function_first: bool = False) -> Labeler:
    """Labels of the form ``CAT:FUNC`` (or ``FUNC:cat`` with ``function_first``).

    A label without a colon carries no function.

    >>> colon_labeler()("NP:SB"), colon_labeler(function_first=True)("SB:np")
    (frozenset({'SB'}), frozenset({'SB'}))
    """

    def labeler(label: str) -> frozenset[str]:
        if ":" not in label:
            return _NONE
        parts = label.split(":")
        funcs = parts[:-1] if function_first else parts[1:]
        return frozenset(f for f in funcs if f)

    labeler.__name__ = "colon_function_first" if function_first else "colon"
    return labeler


def identity_labeler(label: str) -> frozenset[str]:
    """The label is the function, as in the papers' function-tree figures; ``*`` is none.

    >>> identity_labeler("nsubj"), identity_labeler("*")
    (frozenset({'nsubj'}), frozenset())
    """
    label = label.strip()
    return _NONE if label in ("", "*") else frozenset((label,))


def rr_labeler(label: str) -> frozenset[str]:
    """Relational-Realizational trees (Tsarfaty and Sima'an, 2008).

    Function nodes ``FUNC@CAT`` keep their function; projection nodes (label
    sets such as ``{SBJ,PRD}@S``) and realization nodes (plain categories)
    carry none, and collapse into the function node over the same span.

    >>> rr_labeler("SBJ@S"), rr_labeler("{SBJ,PRD}@S")
    (frozenset({'SBJ'}), frozenset())
    """
    if "@" not in label or label.startswith("{"):
        return _NONE
    func = label.split("@", 1)[0]
    return frozenset((func,)) if func else _NONE


LABELERS: dict[str, Labeler] = {
    "ptb": ptb_labeler,
    "colon": colon_labeler(),
    "colon-mirror": colon_labeler(function_first=True),
    "identity": identity_labeler,
    "rr": rr_labeler,
}
"""The built-in labelers by name."""


def get_labeler(spec: str | Labeler) -> Labeler:
    """A labeler from its name (see :data:`LABELERS`) or any callable.

    >>> get_labeler("ptb")("NP-SBJ")
    frozenset({'SBJ'})
    """
    if callable(spec):
        return spec
    try:
        return LABELERS[spec]
    except KeyError:
        raise OptionError(
            f"unknown labeler {spec!r}; choose one of {', '.join(LABELERS)} or pass a callable"
        ) from None


def labeler_name(spec: str | Labeler) -> str:
    """A short name for signatures."""
    if isinstance(spec, str):
        return spec
    for name, fn in LABELERS.items():
        if fn is spec:
            return name
    return getattr(spec, "__name__", "custom")


Reading = tuple[tuple[str, str | None], ...]
"""A label cut into its parts, as the HTML report draws it: ``(text, function)`` pairs in
the label's order, ``function`` the function label the part stands for (its text also holds
the separator that goes with it: ``"-SBJ"``), ``None`` for the category; coindices, which
no labeler reads, are left out."""


def ptb_reading(label: str) -> Reading:
    """The category and the dash features :func:`ptb_labeler` reads.

    >>> ptb_reading("NP-SBJ-1"), ptb_reading("NP=2"), ptb_reading("-LRB-")
    ((('NP', None), ('-SBJ', 'SBJ')), (('NP', None),), (('-LRB-', None),))
    >>> ptb_reading("PP-LOC-CLR")
    (('PP', None), ('-LOC', 'LOC'), ('-CLR', 'CLR'))
    """
    if label.startswith("-"):
        return ((label, None),)
    core = label.split("=", 1)[0]
    category, *features = core.split("-")
    return ((category, None), *((f"-{f}", f) for f in features if f and not f.isdigit()))


def colon_reading(*, function_first: bool = False) -> Callable[[str], Reading]:
    """The category and functions :func:`colon_labeler` reads (``NP:SB``, or ``SB:np``).

    >>> colon_reading()("NP:SB"), colon_reading(function_first=True)("SB:np")
    ((('NP', None), (':SB', 'SB')), (('SB:', 'SB'), ('np', None)))
    """

    def reading(label: str) -> Reading:
        if ":" not in label:
            return ((label, None),)
        parts = label.split(":")
        if function_first:
            return (*((f"{f}:", f or None) for f in parts[:-1]), (parts[-1], None))
        return ((parts[0], None), *((f":{f}", f or None) for f in parts[1:]))

    return reading


def identity_reading(label: str) -> Reading:
    """The whole label is the function (:func:`identity_labeler`); ``*`` is none.

    >>> identity_reading("nsubj"), identity_reading("*")
    ((('nsubj', 'nsubj'),), (('*', None),))
    """
    stripped = label.strip()
    return ((label, None),) if stripped in ("", "*") else ((stripped, stripped),)


def rr_reading(label: str) -> Reading:
    """A function node ``FUNC@CAT`` (:func:`rr_labeler`); other nodes are categories.

    >>> rr_reading("SBJ@S"), rr_reading("{SBJ,PRD}@S")
    ((('SBJ@', 'SBJ'), ('S', None)), (('{SBJ,PRD}@S', None),))
    """
    if "@" not in label or label.startswith("{"):
        return ((label, None),)
    func, category = label.split("@", 1)
    return ((f"{func}@", func or None), (category, None))


READINGS: dict[str, Callable[[str], Reading]] = {
    "ptb": ptb_reading,
    "colon": colon_reading(),
    "colon-mirror": colon_reading(function_first=True),
    "identity": identity_reading,
    "rr": rr_reading,
}
"""How the built-in labelers cut a label into category and functions, by name: the
functions of ``READINGS[name](label)`` are exactly ``LABELERS[name](label)``."""


def get_reading(spec: str | Labeler) -> Callable[[str], Reading] | None:
    """The reading of a built-in labeler, given by name or as the function itself; ``None``
    for any other callable, whose categories nothing can tell.

    >>> get_reading("ptb")("NP-SBJ"), get_reading(lambda label: ())
    ((('NP', None), ('-SBJ', 'SBJ')), None)
    """
    if isinstance(spec, str):
        return READINGS.get(spec)
    for name, fn in LABELERS.items():
        if fn is spec:
            return READINGS[name]
    return None
