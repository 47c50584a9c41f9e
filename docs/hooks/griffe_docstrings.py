"""Griffe extension: the package's docstrings, written for ``help()`` and Sphinx, as Markdown.

The docstrings are plain prose with reST's roles (``:func:`explain```) and doctest
examples, which pytest runs (``--doctest-modules``). Rendered as Markdown a
role would show its colons and an example's output (``[0.75, 0.8571]``) would read
as a link; so, for the API pages only, a role becomes its code and each run of
``>>>`` examples with its output becomes a fenced Python block. The docstrings
themselves are not changed.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:func|class|meth|mod|attr|data|exc|obj|const|term):`~?([^`]+)`")


def _markdown(text: str) -> str:
    out: list[str] = []
    lines = text.split("\n")
    k = 0
    while k < len(lines):
        line = lines[k]
        # An example indented by four spaces is a code block of Markdown already.
        if line.lstrip().startswith(">>>") and len(line) - len(line.lstrip()) < 4:
            indent = line[: len(line) - len(line.lstrip())]
            block = []
            while k < len(lines) and lines[k].strip():
                block.append(lines[k][len(indent) :] if lines[k].startswith(indent) else lines[k])
                k += 1
            if out and out[-1].strip():
                out.append("")
            out += [f"{indent}```pycon", *(indent + b for b in block), f"{indent}```"]
            continue
        out.append(ROLE.sub(lambda m: f"`{m[1]}`", line))
        k += 1
    return "\n".join(out)


class MarkdownDocstrings(griffe.Extension):
    """Rewrite every docstring as it is loaded."""

    def on_instance(self, *, node: Any, obj: griffe.Object, agent: Any, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = _markdown(obj.docstring.value)
