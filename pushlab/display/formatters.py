"""The engines' notebook look: IPython's HTML formatter is told how to draw each engine class.

:func:`register` adds :data:`pushlab.display.engines.VIEWS` to a shell's ``text/html``
formatter *by class name* (``for_type_by_name``), so registering imports no engine and an
engine never imports this package. ``import pushlab`` calls it when it runs inside IPython
(a notebook, JupyterLab, Voilà); elsewhere nothing is registered and nothing is imported.

>>> from IPython.core.interactiveshell import InteractiveShell
>>> from pushlab.luck import Card
>>> shell = InteractiveShell.instance()
>>> register(shell)
True
>>> "pl-card" in shell.display_formatter.format(Card.parse("R3"))[0]["text/html"]
True
"""

from __future__ import annotations

import sys

from pushlab.display.engines import VIEWS

__all__ = ["register"]


def register(shell=None) -> bool:
    """Register the engines' HTML views with ``shell`` (default: the running IPython); False when none runs."""
    if shell is None:
        ipython = sys.modules.get("IPython")
        shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return False
    html = shell.display_formatter.formatters["text/html"]
    for (module, name), view in VIEWS.items():
        html.for_type_by_name(module, name, view)
    return True
