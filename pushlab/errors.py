"""Domain errors shared by both games. All subclass ``ValueError``.

>>> issubclass(IllegalAction, ValueError)
True
"""


class PushlabError(ValueError):
    """Base class of every error pushlab raises for bad input."""


class ParseError(PushlabError):
    """A card, die face, deck or action string is malformed; the message quotes it."""


class SetupError(PushlabError):
    """A game cannot be set up as asked (wrong player count, bad option, bad deck)."""


class UnsupportedPolicy(SetupError):
    """A policy the batched simulator cannot run (it names the policy and what it can run)."""


class IllegalAction(PushlabError):
    """An action is malformed or not legal now. The game state is unchanged.

    ``action`` is what was asked for and ``legal`` the legal actions at that moment
    (possibly a short description where the list would be huge).
    """

    def __init__(self, message, action=None, legal=None):
        super().__init__(message)
        self.action = action
        self.legal = legal


class Unavailable(PushlabError):
    """What a reader asked for cannot be done now (nothing selected, nothing to undo).

    The message is the whole sentence a reader sees; the state is unchanged.
    """


class TooLarge(SetupError):
    """A computation would be too large to run here; the message gives the size estimate.

    Raised before any work starts (for example by :func:`pushlab.luck.solve.solve`).
    """
