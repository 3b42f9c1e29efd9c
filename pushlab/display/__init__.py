"""Presentation without widgets: HTML of cards, tables and melds, and the engines' notebook look.

- :mod:`~pushlab.display.html`  -- the style sheet, boxes, rows, messages and
  :func:`~pushlab.display.html.card_face`, the one card face;
- :mod:`~pushlab.display.cards` -- :func:`~pushlab.display.cards.card_html`, the one card
  renderer of both games;
- :mod:`~pushlab.display.engines` -- the HTML views of the engines' values (cards, games,
  melds, finder results), :func:`~pushlab.display.engines.html_of`;
- :mod:`~pushlab.display.formatters` -- registers those views with IPython (``import
  pushlab`` does it in a notebook), so no engine imports presentation code.

Importing this package imports no ipywidgets and no engine.
"""

from pushlab.display.cards import (CARD_COLOURS, COLOUR_SHAPES, RUMMY_CSS, card_block, card_classes,  # noqa: F401
                                   card_html, card_name, cards_block, cards_html)
from pushlab.display.engines import html_of  # noqa: F401
from pushlab.display.html import CSS, box_html, card_back, card_face, esc, message_html, row_html, stack_html  # noqa: F401
