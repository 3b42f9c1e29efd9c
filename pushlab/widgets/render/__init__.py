"""Pure HTML renderers shared by both games: strings in, HTML out; no widgets, no rules.

- :mod:`~pushlab.widgets.render.html`  -- the style sheet, boxes, rows, messages and
  :func:`card_face`, the one card face;
- :mod:`~pushlab.widgets.render.cards` -- :func:`card_html`, the one card renderer of both
  games, used by the apps and, imported lazily, by the engines' ``_repr_html_``.

Importing this package imports no ipywidgets.
"""

from pushlab.widgets.render.html import (CSS, box_html, card_back, card_face, esc, message_html, row_html,
                                         stack_html)
from pushlab.widgets.render.cards import (CARD_COLOURS, COLOUR_NAMES, COLOUR_SHAPES, COLOURS, RUMMY_CSS,
                                          card_block, card_classes, card_html, card_name, cards_block,
                                          cards_html)

__all__ = [
    "CSS", "esc", "card_face", "card_back", "stack_html", "row_html", "box_html", "message_html",
    "COLOURS", "COLOUR_NAMES", "CARD_COLOURS", "COLOUR_SHAPES", "RUMMY_CSS",
    "card_html", "cards_html", "card_name", "card_classes", "card_block", "cards_block",
]
