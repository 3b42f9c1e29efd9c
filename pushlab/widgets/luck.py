"""Push (push-your-luck) in widgets: the import path lessons and readers' code use.

The code lives by role; every name is importable from here as before:

- :mod:`pushlab.widgets.render.luck`  -- the table, log, odds, advice and review as HTML
  (cards by the one renderer, :mod:`pushlab.display.cards`);
- :mod:`pushlab.widgets.luck_session` -- :class:`LuckSession`, the UI-free play controller;
- :mod:`pushlab.widgets.luck_lessons` -- ``TableView``, ``OddsPanel``, ``StepThrough``, ``CompareSteps``;
- :mod:`pushlab.widgets.luck_app`     -- ``PlayApp``.

>>> from pushlab.widgets.luck import PlayApp, LuckSession
>>> PlayApp.__module__, LuckSession.__module__
('pushlab.widgets.luck_app', 'pushlab.widgets.luck_session')
"""

from pushlab.widgets.luck_app import *  # noqa: F401,F403
from pushlab.widgets.luck_app import __all__ as _app
from pushlab.widgets.luck_lessons import *  # noqa: F401,F403
from pushlab.widgets.luck_lessons import __all__ as _lessons
from pushlab.widgets.luck_session import *  # noqa: F401,F403
from pushlab.widgets.luck_session import __all__ as _session
from pushlab.display.cards import CARD_COLOURS, COLOUR_SHAPES, card_html  # noqa: F401
from pushlab.luck.cards import COLOUR_NAMES, COLOURS  # noqa: F401
from pushlab.widgets.render.luck import *  # noqa: F401,F403
from pushlab.widgets.render.luck import __all__ as _render

__all__ = ["card_html", "CARD_COLOURS", "COLOUR_NAMES", "COLOUR_SHAPES", "COLOURS",
           *_render, *_session, *_lessons, *_app]
