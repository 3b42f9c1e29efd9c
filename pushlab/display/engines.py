"""How the engines' values look in a notebook: HTML of cards, games, melds and finder results.

The engines import no presentation code; these functions draw their values with the apps'
card faces (:mod:`pushlab.display.cards`), and :mod:`pushlab.display.formatters` registers
them with IPython, keyed by the class's full name (so this module imports no engine
either). :func:`html_of` draws any of them.

>>> from pushlab.luck import Card
>>> "pl-card" in html_of(Card.parse("R3"))
True
>>> html_of(3) is None
True
"""

from __future__ import annotations

from pushlab.display.cards import block, card_block, card_html, cards_html
from pushlab.display.html import esc

__all__ = ["luck_game_html", "rummy_game_html", "meld_html", "way_html", "extra_html", "VIEWS", "html_of"]


def luck_game_html(game) -> str:
    """A push-your-luck game: status line, columns, benches and banks, the cards drawn as in the apps.

    >>> from pushlab.luck import Game
    >>> "column 1" in luck_game_html(Game.new(2, deck="R3", rolls="*").apply("draw").apply("place 0"))
    True
    """
    if game.is_over:
        status = esc(game.log[-1] if game.log else "The game is over")
    else:
        status = esc(game.waiting_for())
    head = (f"<div><b>Push</b>, turn {game.turn}: {status} &middot; "
            f"draw pile {game.draw_pile_size} &middot; collection "
            f"{esc(game.direction_text())}</div>")
    cols = "".join(
        f'<div style="display:inline-block;margin-right:1em;vertical-align:top">'
        f"column {i + 1}<br>{cards_html(col)}</div>"
        for i, col in enumerate(game.columns))
    if game.pending is not None:
        cols += f'<div style="display:inline-block">drawn<br>{card_html(game.pending)}</div>'
    rows = "".join(
        f"<tr><td>{'&#9654; ' if i == game.current_player else ''}{esc(name)}</td>"
        f"<td>{cards_html(bench, 'sm') or '-'}</td><td>{cards_html(bank, 'sm') or '-'}</td>"
        f"<td>{score}</td></tr>"
        for i, (name, bench, bank, score) in enumerate(
            zip(game.players, game.benches, game.banks, game.scores())))
    table = ("<table><tr><th>player</th><th>bench</th><th>bank</th><th>score</th></tr>"
             f"{rows}</table>")
    return block(f'<div class="pushlab-luck-game">{head}<div>{cols}</div>{table}</div>', "div")


def rummy_game_html(game) -> str:
    """A rummy match: the public state as a compact table, the cards drawn as in the apps."""
    rows = "".join(
        f"<tr><td>{'&#9654; ' if p == game.current_player else ''}{esc(name)}</td>"
        f"<td>{len(game.hands[p])}</td><td>{'yes' if game.met[p] else ''}</td></tr>"
        for p, name in enumerate(game.players))
    melds = "".join(f"<li>{m.kind} {cards_html(m.cards, 'sm')} <small>{esc(game.players[m.owner])}</small></li>"
                    for m in game.table)
    top = card_html(game.discard_top, "sm") if game.discard_top else "-"
    s = game.scores()
    return block(f"<div><b>Deal {game.deal_number}</b>: {game.contract_text} &middot; stock "
                 f"{game.stock_size} &middot; discard {top}<table><tr><th>player</th><th>cards</th>"
                 f"<th>contract</th></tr>{rows}</table><ol start=0>{melds}</ol>"
                 f"{esc(game.teams[0])} {s[0]} &middot; {esc(game.teams[1])} {s[1]}</div>", "div")


def meld_html(meld) -> str:
    """A meld as a row of small cards."""
    return block(f'<span title="{esc(str(meld))}, player {meld.owner}">{cards_html(meld.cards, "sm")}</span>')


def way_html(way) -> str:
    """A finder's way to meet the contract (:class:`pushlab.rummy.finder.contract.Way`): the melds, then the rest."""
    rows = [f"<div>{m.kind}: {cards_html(m.cards, 'sm')}</div>" for m in way.melds]
    rest = cards_html(way.rest, "sm") or "nothing"
    return block("".join(rows) + f"<div>left in hand: {rest} ({way.penalty} points)</div>", "div")


def extra_html(extra) -> str:
    """A finder's extra play (:class:`pushlab.rummy.finder.extra.Extra`): new melds, lay-offs (by table
    meld number, from 0) and the rest."""
    rows = [f"<div>new {m.kind}: {cards_html(m.cards, 'sm')}</div>" for m in extra.melds]
    rows += [f"<div>lay off on meld {lf.index}: {cards_html(lf.cards, 'sm')}</div>" for lf in extra.layoffs]
    rest = cards_html(extra.rest, "sm") or "nothing"
    return block("".join(rows) + f"<div>left in hand: {rest} ({extra.penalty} points)</div>", "div")


#: The view of each engine class, by (module, class name): what IPython shows (formatters).
VIEWS = {
    ("pushlab.luck.cards", "Card"): card_block,
    ("pushlab.luck.game", "Game"): luck_game_html,
    ("pushlab.rummy.cards", "Card"): card_block,
    ("pushlab.rummy.game", "Game"): rummy_game_html,
    ("pushlab.rummy.melds", "Meld"): meld_html,
    ("pushlab.rummy.finder.contract", "Way"): way_html,
    ("pushlab.rummy.finder.extra", "Extra"): extra_html,
}


def html_of(value) -> str | None:
    """The HTML view of an engine value (:data:`VIEWS`), or None for anything else."""
    for cls in type(value).__mro__:
        view = VIEWS.get((cls.__module__, cls.__qualname__))
        if view is not None:
            return view(value)
    return None
