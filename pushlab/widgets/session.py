"""The UI-free controller both play apps build on: it raises, the UI shows.

A :class:`Session` holds a game, the reader's seat, the bots of the other seats and the
states before each of the reader's actions (for undo). Every action goes through the
engine's ``apply``; a refused one raises the engine's domain error
(:class:`~pushlab.errors.IllegalAction`, or :class:`~pushlab.errors.Unavailable` for a
request that cannot be made now) and changes nothing. The apps catch it and show its
message (:func:`pushlab.widgets.common.routed`); there is no error attribute to read.
The games' sessions (:class:`pushlab.widgets.luck_session.LuckSession`,
:class:`pushlab.widgets.rummy_session.RummySession`) add their own choices and words.

>>> from pushlab.luck import Game
>>> class Solo(Session):
...     pass
>>> s = Solo(Game.new(2, deck="R3 B5 G1", rolls="*"), bots={})
>>> s.act("draw"); s.game.phase, len(s.history)
('place', 1)
>>> s.act("stop")
Traceback (most recent call last):
...
pushlab.errors.IllegalAction: cannot 'stop' now: Ann must place R3; legal actions: place 0
>>> s.undo(); s.game.phase, s.history
('turn', [])
>>> s.undo()
Traceback (most recent call last):
...
pushlab.errors.Unavailable: Nothing to undo.
"""

from __future__ import annotations

import numpy as np

from pushlab.errors import IllegalAction, PushlabError, Unavailable
from pushlab.i18n import _

__all__ = ["Session"]


class Session:
    """A game between the reader (seat ``you``) and bots (``{seat: bot}``, each with
    ``choose(game, rng)``); no widgets. ``rng`` (a seed or a Generator) drives the bots.

    Subclasses name the refusals in their game's words (:meth:`over_text`,
    :meth:`not_yours_text`), add checks (:meth:`check`) and react to a new state
    (:meth:`moved`).
    """

    #: How many bot moves in a row :meth:`run_bots` allows before it stops with an error.
    max_bot_steps = 5000

    def __init__(self, game, *, you: int = 0, bots=None, rng=None):
        self.rng = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
        self.game = game
        self.you = you
        self.bots = dict(bots or {})
        self.history: list = []          # the state before each of the reader's actions
        self.seen = 0                    # log length when the reader last acted

    # -- queries
    @property
    def your_move(self) -> bool:
        """True when the reader must act now."""
        return not self.game.is_over and self.game.current_player == self.you

    def legal(self) -> list:
        """The reader's legal actions now (empty when a bot moves or the game is over)."""
        return self.game.legal_actions() if self.your_move else []

    # -- the words of a refusal (a game says "game" or "match", "move" or "turn")
    def over_text(self) -> str:
        """Why nothing can be played after the end."""
        return _("the game is over; start a new game")

    def not_yours_text(self, name: str) -> str:
        """Why the reader cannot act while ``name`` is to move."""
        return _("it is {who}'s move, not yours").format(who=name)

    # -- actions
    def check(self, action) -> None:
        """Raise ``IllegalAction`` if the reader may not send ``action`` now (the engine judges the rest)."""
        if self.game.is_over:
            raise IllegalAction(self.over_text(), action, [])
        if not self.your_move:
            raise IllegalAction(self.not_yours_text(self.game.players[self.game.current_player]), action, [])

    def act(self, action, then_bots: bool = True) -> None:
        """Apply the reader's action, then let the bots move (unless ``then_bots`` is false).

        A refused action raises the engine's ``IllegalAction`` and changes nothing.
        """
        self.check(action)
        self.advance(self.game.apply(action), then_bots)

    def advance(self, new, then_bots: bool = True) -> None:
        """Make ``new`` (reached by the reader's own action) the current state, remembering the old one."""
        self.history.append(self.game)
        self.seen = len(self.game.log)
        self.game = new
        self.moved()
        if then_bots:
            self.run_bots()

    def undo(self) -> None:
        """Go back to before the reader's last action (the bot moves after it are undone too).

        Nothing to undo raises :class:`~pushlab.errors.Unavailable`.
        """
        if not self.history:
            raise Unavailable(_("Nothing to undo."))
        self.game = self.history.pop()
        self.seen = len(self.game.log)
        self.moved()

    def moved(self) -> None:
        """Called after the state changed by the reader's action or an undo (default: nothing)."""

    def run_bots(self) -> None:
        """Let the bots move until the reader must act or the game is over (a seat without a bot stops them)."""
        game = self.game
        steps = 0
        while not game.is_over and game.current_player != self.you:
            bot = self.bots.get(game.current_player)
            if bot is None:
                break                         # a seat without a bot: scripted play
            game = game.apply(bot.choose(game, self.rng))
            steps += 1
            if steps > self.max_bot_steps:
                raise PushlabError("the bots did not finish within the step limit")
        self.game = game
