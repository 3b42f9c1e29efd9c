"""Names a package gives without importing them: a module ``__getattr__`` that imports on first use.

The package faces :mod:`pushlab.luck` and :mod:`pushlab.rummy` import their engine only;
their analysis names (``hint``, ``advise``, ``ExpertBot``, ...) come from here, so that
importing an engine loads no analysis (docs/architecture.md, "Light faces"). Name the
table ``_LAZY`` (a module-level dict of name -> module path): ``scripts/import_graph.py``
reads it, so these imports count in the import graph like imports inside functions.

>>> import types
>>> face = types.ModuleType("face")
>>> face.__getattr__, face.__dir__ = lazy_names(vars(face), {"Fraction": "fractions"})
>>> face.Fraction(1, 3), "Fraction" in vars(face), "Fraction" in dir(face)
(Fraction(1, 3), True, True)
>>> face.missing
Traceback (most recent call last):
...
AttributeError: module 'face' has no attribute 'missing'
"""

from __future__ import annotations

from importlib import import_module

__all__ = ["lazy_names"]


def lazy_names(namespace: dict, homes: dict):
    """``(__getattr__, __dir__)`` for a module whose globals are ``namespace``: each name of
    ``homes`` ({name: module path}) is imported from its module on first use and kept."""

    def __getattr__(name):
        if name in homes:
            value = namespace[name] = getattr(import_module(homes[name]), name)
            return value
        raise AttributeError(f"module {namespace['__name__']!r} has no attribute {name!r}")

    def __dir__():
        return sorted(set(namespace) | set(homes))

    return __getattr__, __dir__
