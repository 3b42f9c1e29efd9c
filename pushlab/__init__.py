"""pushlab: exact engines and teaching notebooks for two card games called *Push*.

- :mod:`pushlab.luck`  -- Push, the Ravensburger push-your-luck card game.
- :mod:`pushlab.rummy` -- Push, the partnership contract rummy.
- :mod:`pushlab.i18n`  -- the language of what a reader sees: ``pushlab.set_language("cs")``.

Inside IPython (a notebook, Voilà) importing pushlab registers the engines' HTML views
(:mod:`pushlab.display.formatters`); elsewhere it imports no presentation code.
"""

import sys

from pushlab.errors import IllegalAction, ParseError, PushlabError, SetupError
from pushlab.i18n import current_language, set_language

__version__ = "0.1.0"
__all__ = ["IllegalAction", "ParseError", "PushlabError", "SetupError", "__version__",
           "current_language", "set_language"]

if "IPython" in sys.modules:            # in a notebook: the engines' values are drawn as in the apps
    from pushlab.display.formatters import register as _register_formatters
    _register_formatters()
