"""Deprecated: moved to :mod:`pushlab.display.cards` (removal after 0.2).

The card renderer and the HTML pieces are presentation without widgets; they live in the
:mod:`pushlab.display` package, below the widgets, so that nothing below the widgets needs
``pushlab.widgets``.
"""

import warnings

from pushlab.display.cards import *  # noqa: F401,F403
from pushlab.display.cards import __all__  # noqa: F401

warnings.warn("pushlab.widgets.render.cards is deprecated: import from pushlab.display.cards", DeprecationWarning, stacklevel=2)
