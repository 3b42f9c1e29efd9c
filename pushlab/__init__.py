"""pushlab: exact engines and teaching notebooks for two card games called *Push*.

- :mod:`pushlab.luck`  -- Push, the Ravensburger push-your-luck card game.
- :mod:`pushlab.rummy` -- Push, the partnership contract rummy.
"""

from pushlab.errors import IllegalAction, ParseError, PushlabError, SetupError

__version__ = "0.1.0"
__all__ = ["IllegalAction", "ParseError", "PushlabError", "SetupError", "__version__"]
