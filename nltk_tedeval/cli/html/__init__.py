"""The HTML report: layer 5, one self-contained file a browser opens from disk.

- :mod:`~nltk_tedeval.cli.html.render`: :func:`render_html` and
  :func:`write_html` turn a command's ``--json`` report and one compact dict
  per sentence into a single HTML file: the summary tables, the breakdowns
  with bar charts, the text report verbatim, and a sortable, filterable
  sentence table whose trees ``report.js`` draws as SVG on demand.

The CSS and JavaScript (``report.css``, ``report.js``) ship as package data
and are inlined: the file fetches nothing.
"""

from .render import render_html, write_html

__all__ = ["render_html", "write_html"]
