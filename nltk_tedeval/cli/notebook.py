"""An evaluator's result as the HTML report, from Python and inline in Jupyter (issue 29).

``ev.html(path)`` writes the report ``tedeval CMD -f html`` writes, from an
evaluator (or several, of one :meth:`~nltk_tedeval.scoring.evaluator.Evaluator.evaluate_systems`
run); ``ev._repr_html_()``, what Jupyter shows, puts that report in an
``<iframe srcdoc>``, so that its styles and script stay inside it. The
sentences' trees are drawn when the evaluator was given lists (it can read
them again after the run) and kept its rows; otherwise the report has the
scores and breakdowns only.
"""

from __future__ import annotations

import argparse
import html as _html
import io
from collections.abc import Sequence
from typing import Any

from ..scoring.evaluator import Evaluator
from ..scoring.stats import StatsTable
from .breakdowns import breakdown_report
from .html import write_html
from .report import FIRST_VERSION, REPORT_VERSION, length_filter_of, report, system_entry
from .sentence_views import sentence_views

__all__ = ["evaluator_html", "evaluator_report", "html_report", "notebook_html"]


def _pairs(evaluators: Evaluator | Sequence[Evaluator]) -> list[tuple[str, Evaluator]]:
    if isinstance(evaluators, Evaluator):
        evaluators = [evaluators]
    return [(ev.system_name, ev) for ev in evaluators]


def evaluator_report(evaluators: Evaluator | Sequence[Evaluator]) -> dict[str, Any]:
    """The JSON report of one run's evaluators, as the command line builds it."""
    pairs = _pairs(evaluators)
    first = pairs[0][1]
    entries = [
        system_entry(
            name,
            "parsed_sents",
            "gold_sents",
            scores=ev.scores(),
            signature=ev.signature,
            missing=first.run.missing_by_system([n for n, _ in pairs])[name],
        )
        for name, ev in pairs
    ]
    extra: dict[str, Any] = {}
    if first.by:
        args = argparse.Namespace(by=list(first.by), bins=[], top=None, ci=None, seed=12345)
        parts = breakdown_report(args, pairs)
        extra["breakdowns"] = parts.json
    return report(
        first.metric,
        golds=[{"role": "gold", "file": "gold_sents"}],
        systems=entries,
        counts=first.counts(),
        policy=first.missing_policy,
        missing=first.missing,
        skipped=first.skipped,
        failures=first.answer_failures,
        bad=first.bad_parses,
        notes=first.notes,
        version=REPORT_VERSION if extra else FIRST_VERSION,
        length=length_filter_of(first),
        **extra,
    )


def evaluator_html(evaluators: Evaluator | Sequence[Evaluator], path: str | None = None) -> str:
    """The HTML report of one run's evaluators; written to ``path`` too when given."""
    pairs = _pairs(evaluators)
    first = pairs[0][1]
    data = evaluator_report(evaluators)
    text = "\n".join(str(s) for _, ev in pairs for s in ev.scores().values())
    sentences: Any = ()
    golds = first.gold_sents
    parses = [ev.parsed_sents for _, ev in pairs]
    if (
        isinstance(first.stats, StatsTable)
        and isinstance(golds, Sequence)
        and all(isinstance(p, Sequence) for p in parses)
    ):
        sentences = sentence_views(pairs, golds, parses, list(first.measures))
    out = io.StringIO()
    title = f"nltk_tedeval {first.metric}"
    write_html(data, sentences, out, text=text, title=title, order=first.shown_measures)
    page = out.getvalue()
    if path is not None:
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(page)
    return page


def notebook_html(evaluators: Evaluator | Sequence[Evaluator]) -> str:
    """The report in an ``<iframe srcdoc>``: Jupyter shows it inline, its script apart."""
    page = evaluator_html(evaluators)
    return (
        '<iframe style="width:100%;height:640px;border:1px solid #ccc" '
        f'sandbox="allow-scripts" srcdoc="{_html.escape(page, quote=True)}"></iframe>'
    )


def html_report(evaluators: Sequence[Evaluator], path: str | None, inline: bool) -> str:
    """The writer :meth:`Evaluator.html` and ``_repr_html_`` call (the package installs it
    in :mod:`nltk_tedeval.hooks`)."""
    return notebook_html(evaluators) if inline else evaluator_html(evaluators, path)
