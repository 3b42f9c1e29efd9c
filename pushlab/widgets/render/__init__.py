"""Each game's tables, odds and advice as HTML for the apps: strings in, HTML out; no widgets.

- :mod:`~pushlab.widgets.render.luck`, :mod:`~pushlab.widgets.render.rummy` -- each game's
  table, log, odds and advice;
- the shared pieces and the one card renderer are :mod:`pushlab.display` (``html``,
  ``cards``; the old ``render.html`` and ``render.cards`` are deprecation shims); this
  package still exports their names.

Importing this package imports no ipywidgets.
"""

from pushlab.display.html import (CSS, box_html, card_back, card_face, esc, message_html, row_html,
                                  stack_html)
from pushlab.display.cards import (CARD_COLOURS, COLOUR_SHAPES, RUMMY_CSS, card_block, card_classes, card_html,
                                   card_name, cards_block, cards_html)

__all__ = [
    "CSS", "esc", "card_face", "card_back", "stack_html", "row_html", "box_html", "message_html",
    "CARD_COLOURS", "COLOUR_SHAPES", "RUMMY_CSS",
    "card_html", "cards_html", "card_name", "card_classes", "card_block", "cards_block",
]
