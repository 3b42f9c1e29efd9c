"""Small helpers shared by the test files: scripts that read like game records."""

from collections import Counter

from pushlab.luck import Game, parse_cards

FILL = " P6" * 8  # cards left in the pile so that a scripted luck game does not end early


def cards(text):
    """Cards from notation, as a tuple."""
    return parse_cards(text)


def play(game, script):
    """Apply a luck script of actions ("draw place 0 stop take 1 bank R") and return the state."""
    words = script.split()
    i = 0
    while i < len(words):
        if words[i] in ("bank", "place", "take"):
            action, i = f"{words[i]} {words[i + 1]}", i + 2
        else:
            action, i = words[i], i + 1
        game = game.apply(action)
    return game


def new(players=3, deck="", rolls="", **options):
    """A scripted luck game; the seed only matters once the scripted rolls run out."""
    return Game.new(players, deck=deck, rolls=rolls, seed=0, **options)


def run(game, actions):
    """Apply actions (a list of action strings) in order."""
    for a in actions:
        game = game.apply(a)
    return game


def rummy_cards(g):
    """Counter of every card of a rummy deal: stock, discard pile, hands and melds."""
    c = Counter(g.stock) + Counter(g.discard_pile)
    for h in g.hands:
        c.update(h)
    for m in g.table:
        c.update(m.cards)
    return c


def refused(call, *args, **kwargs) -> str:
    """What a reader is shown when ``call(*args)`` is refused: it must raise a pushlab domain error
    (sessions raise, the UI shows :func:`pushlab.widgets.common.error_text` of it)."""
    import pytest

    from pushlab.errors import PushlabError
    from pushlab.widgets.common import error_text
    with pytest.raises(PushlabError) as info:
        call(*args, **kwargs)
    return error_text(info.value)
