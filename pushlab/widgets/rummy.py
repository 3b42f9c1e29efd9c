"""Push (contract rummy) in widgets: the import path lessons and readers' code use.

The code lives by role; every name is importable from here as before:

- :mod:`pushlab.widgets.render.rummy`  -- cards, melds, the table, scores, log, odds and hint as HTML
  (cards by the one renderer, :mod:`pushlab.display.cards`);
- :mod:`pushlab.widgets.rummy_session` -- :class:`RummySession`, the UI-free play controller;
- :mod:`pushlab.widgets.rummy_lessons` -- ``MeldChecker``, ``PushDraw``, ``StepThrough``;
- :mod:`pushlab.widgets.rummy_app`     -- ``PlayApp``, ``HandView``, ``OddsPanel``, ``HintPanel``.

>>> from pushlab.widgets.rummy import PlayApp, MeldChecker
>>> PlayApp.__module__, MeldChecker.__module__
('pushlab.widgets.rummy_app', 'pushlab.widgets.rummy_lessons')
"""

from pushlab.display.cards import RUMMY_CSS, card_classes, card_name  # noqa: F401
from pushlab.widgets.render.rummy import *  # noqa: F401,F403
from pushlab.widgets.render.rummy import __all__ as _render
from pushlab.widgets.rummy_app import *  # noqa: F401,F403
from pushlab.widgets.rummy_app import __all__ as _app
from pushlab.widgets.rummy_lessons import *  # noqa: F401,F403
from pushlab.widgets.rummy_lessons import __all__ as _lessons
from pushlab.widgets.rummy_session import *  # noqa: F401,F403
from pushlab.widgets.rummy_session import __all__ as _session

__all__ = ["RUMMY_CSS", "card_name", "card_classes", *_render, *_session, *_lessons, *_app]
