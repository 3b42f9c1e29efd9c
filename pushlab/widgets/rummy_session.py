"""The rummy play session: the reader with a bot partner against two bots, card selection and staging.

:class:`RummySession` builds on :class:`pushlab.widgets.session.Session` (it raises, the
UI shows) and keeps the reader's selection and staged melds; :func:`run_order` lays
selected cards out as a run for the reader (the engine still judges it).
"""

from __future__ import annotations

import numpy as np

from pushlab.errors import IllegalAction, PushlabError, Unavailable
from pushlab.i18n import _, ngettext
from pushlab.rummy.cards import parse_cards
from pushlab.rummy.melds import contract_words
from pushlab.widgets.render.rummy import _show_key
from pushlab.widgets.session import Session

__all__ = ["RummySession", "SEAT_NAMES", "default_bots", "run_order"]


def run_order(cards) -> tuple:
    """The selected cards laid out low to high as a run, wilds filling the gaps (a UI convenience).

    Tries the natural cards with the ace low, then high, in a window of as many places as
    cards: one where a 2 of the suit stands in its own place first, then the highest
    (spare wilds at the top, past the ace at the bottom); the cards are placed by
    :func:`pushlab.rummy.melds.lay_out_run` (the engine's and the finder's run layout).
    Returns the first layout the rules accept, else the naturals sorted with the wilds
    after them. The engine still judges the result.

    >>> [str(c) for c in run_order(parse_cards("7H JK 5H"))]
    ['5H', 'JK', '7H']
    >>> [str(c) for c in run_order(parse_cards("AC JK KC"))]
    ['JK', 'KC', 'AC']
    >>> [str(c) for c in run_order(parse_cards("4H 2H 3H"))]
    ['2H', '3H', '4H']
    >>> [str(c) for c in run_order(parse_cards("QS JK KS 2D"))]      # J Q K A: 2s first
    ['2D', 'QS', 'KS', 'JK']
    """
    from pushlab.rummy.melds import is_valid_meld, lay_out_run
    cards = parse_cards(cards)
    wilds = sorted((c for c in cards if c.is_wild), key=lambda c: (c.is_joker, str(c)))  # 2s first
    naturals = [c for c in cards if c.is_natural]
    fallback = tuple(sorted(naturals, key=lambda c: (c.suit, c.rank)) + wilds)
    suits = {c.suit for c in naturals}
    if len(suits) != 1 or not naturals:
        return fallback
    suit = suits.pop()
    own_two = any(c.rank == 2 and c.suit == suit for c in wilds)
    n = len(cards)
    for ace_high in (False, True):
        vals = sorted(14 if c.rank == 1 and ace_high else c.rank for c in naturals)
        if len(set(vals)) < len(vals):
            continue
        starts = range(max(1, vals[-1] - n + 1), min(vals[0], 15 - n) + 1)
        for lo in sorted(starts, key=lambda lo: (not (own_two and lo <= 2 < lo + n), -lo)):
            layout = lay_out_run(suit, lo, lo + n - 1, naturals, list(wilds))
            if is_valid_meld(layout, "run"):
                return layout
    return fallback


SEAT_NAMES = ("Ann", "Ben", "Cat", "Dan")


class RummySession(Session):
    """The reader (seat ``you``) with a bot partner against two bots; no widgets.

    The reader's choices are kept here: ``selection`` (indices into the sorted hand, in
    the order clicked) and ``staged`` melds waiting to be laid down together (the first
    melding must lay down the whole contract in one action, rule 13). Every action goes
    through ``Game.apply``; an illegal one raises the engine's ``IllegalAction`` (a
    request that cannot be made now, such as discarding with nothing selected, raises
    ``Unavailable``) and changes nothing. After the reader's turn the bots play until the
    reader must act.

    ``bots`` maps the other seats to objects with ``choose(game, rng) -> action``
    (default: :func:`default_bots`).

    >>> from pushlab.rummy.game import Game, deck_for
    >>> deck = deck_for(["5H 5S JK 9S 9C 9D", "7C 8C 2D QH KH QD", "3C 4C 6C 10D KS JH",
    ...                  "JD 10S 3H 8D 6S 4S"], upcard="4D", stock="AS KC 7H", dealer=3)
    >>> s = RummySession(Game.new(deck=deck, dealer=3, deals=(1,), names=SEAT_NAMES), bots={})
    >>> s.act("discard 5H")
    Traceback (most recent call last):
    ...
    pushlab.errors.IllegalAction: rule 12: Ann must first draw: take the discard or push; legal actions: take, push
    >>> s.take(); s.hand_text()
    '4D 5S 5H 9S 9D 9C JK'
    """

    def __init__(self, game=None, *, bots=None, seed=None, you: int = 0, deals=(1, 2, 3, 4, 5),
                 dealer=None, names=SEAT_NAMES):
        from pushlab.rummy.game import Game
        rng = np.random.default_rng(seed)
        if game is None:
            game = Game.new(seed=rng, deals=deals, dealer=dealer, names=names)
        if you not in range(4):
            raise PushlabError(f"the reader's seat must be 0..3, not {you!r}")
        super().__init__(game, you=you, rng=rng, bots=default_bots() if bots is None else bots)
        self.selection: list[int] = []
        self.staged: list = []              # Meld values (owner None) waiting to be laid down
        self.info = ""                       # a note for the reader after a step that worked
        self.run_bots()

    def over_text(self) -> str:
        """Why nothing can be played after the match."""
        return _("the match is over; start a new game")

    def not_yours_text(self, name: str) -> str:
        """Why the reader cannot act in another player's turn."""
        return _("it is {name}'s turn, not yours").format(name=name)

    def moved(self) -> None:
        """A new state: nothing is selected or staged any more."""
        self.selection = []
        self.staged = []

    # -- queries
    @property
    def hand(self) -> tuple:
        """The reader's hand, sorted, minus the cards in staged melds."""
        hand = list(self.game.hand(self.you))
        for meld in self.staged:
            for c in meld.cards:
                hand.remove(c)
        return tuple(hand)

    def hand_text(self) -> str:
        """The reader's hand in notation (sorted by rank, as shown)."""
        return " ".join(str(c) for c in self.hand_sorted())

    def hand_sorted(self) -> tuple:
        """The hand as shown: by rank (ace low), then suit, wilds last, so sets sit together."""
        return tuple(sorted(self.hand, key=_show_key))

    def selected(self, order: str = "selected") -> tuple:
        """The selected cards, in the order clicked (``"selected"``) or laid out as a run (``"sorted"``)."""
        shown = self.hand_sorted()
        cards = tuple(shown[i] for i in self.selection)
        if order == "sorted":
            return run_order(cards) if cards else cards
        if order != "selected":
            raise PushlabError(f"order is 'selected' or 'sorted', not {order!r}")
        return cards

    def phase_text(self) -> str:
        """What the reader should do now, in words."""
        g = self.game
        if g.is_over:
            return _("The match is over. Start a new game to play again.")
        if not self.your_move:
            return _("{name} is playing.").format(name=g.players[g.current_player])
        if g.phase == "draw":
            top = g.discard_top.pretty if g.discard_top else _("nothing")
            return _("Your turn: take the discard ({card}), or push it with the top stock card to "
                     "{name} and draw from the stock.").format(card=top, name=g.players[(self.you + 1) % 4])
        if not g.met[self.you]:
            return _("Meld the whole contract ({contract}) at once if you can, then discard one card.").format(
                contract=contract_words(g.deal_number))
        return _("Meld, lay off or replace wilds if you like, then discard one card.")

    # -- selection (no rules: just which cards are picked)
    def toggle(self, i: int) -> None:
        """Select or deselect the i-th card of the shown hand."""
        if not 0 <= i < len(self.hand_sorted()):
            raise PushlabError(_("there is no card {index} in your hand of {count}").format(
                index=i, count=len(self.hand_sorted())))
        if i in self.selection:
            self.selection.remove(i)
        else:
            self.selection.append(i)

    def select(self, cards) -> None:
        """Select cards by notation, in the order given (replacing the selection)."""
        shown = list(self.hand_sorted())
        picked = []
        for c in parse_cards(cards):
            free = [i for i, h in enumerate(shown) if h == c and i not in picked]
            if not free:
                raise PushlabError(_("you have no (more) {card} to select").format(card=c.pretty))
            picked.append(free[0])
        self.selection = picked

    def clear_selection(self) -> None:
        """Deselect everything."""
        self.selection = []
        self.info = ""

    # -- actions
    def check(self, action) -> None:
        """The session's checks, and staged melds must be laid down (or put back) before anything else."""
        self.info = ""
        super().check(action)
        if self.staged and not str(action).startswith("meld"):
            raise IllegalAction(_("you have staged melds: lay them down or put them back first"), action)

    def take(self) -> None:
        """Take the top discard (rule 12a)."""
        self.act("take")

    def push(self) -> None:
        """Push (rule 12b)."""
        self.act("push")

    def discard(self) -> None:
        """Discard the one selected card (rule 15)."""
        cards = self._need_selected(1, _("discard"), exact=True)
        self.act(f"discard {cards[0]}")

    def stage(self, kind: str, order: str = "selected") -> None:
        """Put the selected cards aside as a meld of ``kind`` (checked at once by the meld rules)."""
        from pushlab.rummy import Meld
        self.info = ""
        cards = self._need_selected(3, _("make a set") if kind == "set" else _("make a run"))
        if kind == "run":
            cards = self.selected(order)
        if not self.your_move or self.game.phase != "play":
            raise IllegalAction(_("you can meld only in your turn, after drawing (rule 13)"), f"meld {kind}")
        meld = Meld(kind, cards)
        self.staged.append(meld)
        self.selection = []
        self.info = _("Staged {meld}.").format(meld=meld.text())

    def unstage(self) -> None:
        """Put the staged melds back into the hand."""
        self.staged = []
        self.selection = []
        self.info = ""

    def meld(self, kind: str | None = None, order: str = "selected") -> None:
        """Lay down the staged melds (plus the selection as a ``kind`` meld, if given) in one action."""
        self.info = ""
        parts = [(m.kind, m.cards) for m in self.staged]
        if kind is not None and self.selection:       # not checked yet: the engine judges it
            parts.append((kind, self.selected(order if kind == "run" else "selected")))
        if not parts:
            raise Unavailable(_("Select cards and stage them as a set or a run first."))
        action = "meld " + "; ".join(f"{k} {' '.join(str(c) for c in cs)}" for k, cs in parts)
        staged, self.staged = self.staged, []
        try:
            self.act(action, then_bots=False)
        except PushlabError:
            self.staged = staged              # refused: nothing changed, the melds stay staged
            raise
        self.run_bots()                       # laid down: a bot's failure must not un-meld them

    def lay_off(self, meld_index: int, end: str | None = None) -> None:
        """Lay off the selected cards, in order, onto meld ``meld_index`` (0-based): all or nothing."""
        cards = self._need_selected(1, _("lay off"))
        if self.staged:
            raise IllegalAction(_("lay down or put back your staged melds first"))
        suffix = f" {end}" if end else ""
        self.check(f"layoff {cards[0]} {meld_index}{suffix}")   # the reader's turn, the game not over
        game = self.game
        for c in cards:
            game = game.apply(f"layoff {c} {meld_index}{suffix}")
            if game.current_player != self.you or game.deal_index != self.game.deal_index:
                break                     # went out: the deal is over
        self.advance(game)

    def replace_wild(self, meld_index: int, then: int | str) -> None:
        """Replace a wild in meld ``meld_index`` by the first selected card (rule 14).

        The freed wild goes on: ``then`` is a meld index to lay it off on, or ``"set"`` /
        ``"run"`` to meld it with the other selected cards.
        """
        cards = self._need_selected(1, _("replace a wild with"))
        natural, rest = cards[0], cards[1:]
        freed = self._freed_wild(meld_index, natural)
        # no wild to free: the action is still sent, so the engine refuses it and says why
        wild = () if freed is None else (freed,)
        if isinstance(then, str) and then in ("set", "run"):
            new = rest + wild
            if then == "run":
                new = run_order(new) if new else new
            follow = f"meld {then} {' '.join(str(c) for c in new)}"
        else:
            follow = f"layoff {freed if freed is not None else natural} {int(then)}"
        self.act(f"replace {meld_index} {natural} then {follow}")

    def _freed_wild(self, meld_index, natural):
        """The wild that ``natural`` would free from a meld, or None if it frees none."""
        try:
            return self.game.table[int(meld_index)].replace(natural)[1]
        except (IllegalAction, IndexError, ValueError):
            return None

    def _need_selected(self, n: int, what: str, exact: bool = False) -> tuple:
        """The selected cards if there are enough (exactly ``n`` if ``exact``), else raise ``Unavailable``."""
        self.info = ""
        cards = self.selected()
        if (exact and len(cards) != n) or len(cards) < n:
            if exact:
                text = ngettext("Select exactly {n} card to {what} (you selected {count}).",
                                "Select exactly {n} cards to {what} (you selected {count}).", n)
            else:
                text = ngettext("Select at least {n} card to {what} (you selected {count}).",
                                "Select at least {n} cards to {what} (you selected {count}).", n)
            raise Unavailable(text.format(n=n, what=what, count=len(cards)))
        return cards


def default_bots() -> dict:
    """Bots for seats 1, 2 (the reader's partner) and 3, from :mod:`pushlab.rummy.bots`."""
    from pushlab.rummy import bots
    return {seat: bots.HeuristicBot() for seat in (1, 2, 3)}
