"""Every package's names, imported on first use: layer 0, used by each folder's ``__init__``.

``import nltk_tedeval`` should cost milliseconds and a command import only the
modules it runs (issue 31), so no package imports its modules when it is
imported. Its names are the lines of the stub beside its ``__init__.py``
(``from .mft import Span as Span``), which type checkers read as well;
``lazy_loader.attach_stub`` (scientific-python's loader, PEP 562) imports each
name's module when the name is first asked for. A package's modules are its
attributes too, as they were when every ``__init__`` imported them all
(``nltk_tedeval.trees``, ``nltk_tedeval.scoring.evaluator``): imported when
first asked for, listed by ``dir``, not among the names ``__all__`` exports.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

import lazy_loader

__all__ = ["exports"]


def exports(
    package: str, init_file: str, path: list[str]
) -> tuple[Callable[[str], object], Callable[[], list[str]], list[str]]:
    """``__getattr__``, ``__dir__`` and ``__all__`` of the package ``package``, whose
    ``__init__.py`` is ``init_file`` and whose folders are ``path`` (its ``__path__``)."""
    names, listed, all_names = lazy_loader.attach_stub(package, init_file)

    def __getattr__(name: str) -> object:
        try:
            return names(name)
        except AttributeError:
            pass
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as err:
            if err.name != f"{package}.{name}":
                raise  # a module of the package that imports something missing
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        import pkgutil  # only for dir(): the folder's modules

        modules = (m.name for m in pkgutil.iter_modules(path) if not m.name.startswith("_"))
        return sorted({*listed(), *modules})

    return __getattr__, __dir__, all_names
