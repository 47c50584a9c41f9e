"""The public API: everything exported has a docstring with a runnable example."""

from __future__ import annotations

import inspect

import pytest

import nltk_tedeval

PUBLIC = [
    name
    for name in nltk_tedeval.__all__
    if inspect.isclass(getattr(nltk_tedeval, name))
    or inspect.isfunction(getattr(nltk_tedeval, name))
]


@pytest.mark.parametrize("name", PUBLIC)
def test_exported_name_has_a_docstring_example(name):
    obj = getattr(nltk_tedeval, name)
    doc = inspect.getdoc(obj) or ""
    assert doc, f"{name} has no docstring"
    if inspect.isclass(obj) and issubclass(obj, Exception):
        return  # errors are documented by the examples that raise them
    assert ">>>" in doc, f"{name}'s docstring shows no example"


def test_all_is_sorted_and_complete():
    assert len(set(nltk_tedeval.__all__)) == len(nltk_tedeval.__all__)
    for name in nltk_tedeval.__all__:
        assert hasattr(nltk_tedeval, name), name
