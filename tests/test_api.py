"""The public API: everything exported has a docstring with a runnable example."""

from __future__ import annotations

import inspect

import nltk_tedeval

PUBLIC = [
    name
    for name in nltk_tedeval.__all__
    if inspect.isclass(getattr(nltk_tedeval, name))
    or inspect.isfunction(getattr(nltk_tedeval, name))
]


def docstring_problem(name: str) -> str | None:
    """What is missing from the docstring of public ``name``, or ``None``."""
    obj = getattr(nltk_tedeval, name)
    doc = inspect.getdoc(obj) or ""
    if not doc:
        return f"{name} has no docstring"
    if inspect.isclass(obj) and issubclass(obj, Exception):
        return None  # errors are documented by the examples that raise them
    if ">>>" not in doc:
        return f"{name}'s docstring shows no example"
    return None


def test_every_exported_name_has_a_docstring_example() -> None:
    # One test for all names, so that one run lists every offender. The
    # examples themselves run under pytest's --doctest-modules.
    assert PUBLIC, "no public class or function found"
    problems = [p for p in map(docstring_problem, PUBLIC) if p is not None]
    assert problems == [], "\n".join(problems)


def test_all_names_exist_once() -> None:
    assert len(set(nltk_tedeval.__all__)) == len(nltk_tedeval.__all__)
    for name in nltk_tedeval.__all__:
        assert hasattr(nltk_tedeval, name), name
