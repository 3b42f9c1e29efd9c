"""What the reader sees of Push (push-your-luck): HTML rendering, a play session, widgets.

Three layers, kept apart:

- rendering: ``card_html``, ``table_html``, ``odds_html`` turn a :class:`~pushlab.luck.Game`
  into HTML strings (no widgets, no rules);
- :class:`LuckSession`: a pure-Python controller holding the game, undo history, the
  bots for the other seats and the hint/regret bookkeeping (testable without a browser);
- widgets (:class:`TableView`, :class:`StepThrough`, :class:`OddsPanel`, :class:`PlayApp`)
  that observe a game or a session. Legality always comes from ``game.legal_actions()``
  and errors from :class:`~pushlab.IllegalAction`.

>>> from pushlab.luck import Game
>>> g = Game.new(2, deck="R3 B5 G1", rolls="*")
>>> "pl-card" in table_html(g.apply("draw"))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pushlab.errors import SetupError, Unavailable
from pushlab.i18n import _, ngettext
from pushlab.luck.words import colour_name, direction_words, log_line
from pushlab.widgets.links import PositionLink, requested_position
from pushlab.widgets.session import Session
from pushlab.widgets.common import (
    MessageArea, StepPlayer, error_text, page_direction, replay, routed,
)
from pushlab.widgets.render import CSS, box_html, card_html, esc, row_html, stack_html
from pushlab.widgets.render import cards_html as render_cards
from pushlab.widgets.render.cards import CARD_COLOURS, COLOUR_NAMES, COLOUR_SHAPES, COLOURS  # noqa: F401

__all__ = [
    "card_html", "cards_html", "column_html", "table_html", "odds_html", "log_html",
    "Decision", "LuckSession", "BOT_KINDS", "make_bot",
    "TableView", "StepThrough", "CompareSteps", "OddsPanel", "PlayApp",
]



def decision_words(language: str | None = None) -> dict:
    """The reader's decisions in words, for the end-of-game review (every decision with a
    choice is judged, banking included), in ``language`` (default: the current one)."""
    return {"turn": _("draw or bank", language), "place": _("place a card", language),
            "push": _("draw or stop", language), "collect": _("take a column", language)}


def switch_rule_words(language: str | None = None) -> dict:
    """The two readings of rule 10 (``switch_rule``) as the settings name them."""
    return {"turn": _("reverse this turn only (default)", language),
            "game": _("last until the next switch card", language)}


def switch_rule_text(language: str | None = None) -> dict:
    """The two readings of rule 10 as a sentence."""
    return {
        "turn": _("a switch card reverses the collection for this turn only (switch_rule='turn', "
                  "the default).", language),
        "game": _("a switch card reverses the collection until the next switch card, turn after "
                  "turn (switch_rule='game', the printed rule texts' wording).", language),
    }


def phase_text(language: str | None = None) -> dict:
    """What each phase asks for, in words."""
    return {
        "turn": _("start of turn: draw a card or bank a colour", language),
        "place": _("place the drawn card in a column", language),
        "push": _("draw again or stop", language),
        "collect": _("take a column", language),
        "over": _("the game is over", language),
    }


DECISION_WORDS = decision_words("en")
#: Rollouts per action of the live whole-game advice and of the end-of-game review.
ADVICE_ROLLOUTS, REVIEW_ROLLOUTS = 1000, 200
TROPHY = "\u2605 "  # a star marks the winners
STAR_MARK = "\u2605 "  # and the recommended action
#: In English (the translated words: :func:`switch_rule_words`, :func:`switch_rule_text`,
#: :func:`phase_text`).
SWITCH_RULE_WORDS = switch_rule_words("en")
SWITCH_RULE_TEXT = switch_rule_text("en")
PHASE_TEXT = phase_text("en")


def _points(n: int) -> str:
    """'1 pt', '7 pts' in the current language."""
    return ngettext("{n} pt", "{n} pts", n).format(n=n)


# --------------------------------------------------------------------------- rendering

def cards_html(cards, size: str = "sm") -> str:
    """A row of small cards (:func:`pushlab.widgets.render.cards_html`).

    >>> from pushlab.luck import parse_cards
    >>> cards_html(parse_cards("R1 B2")).count("pl-card")
    2
    """
    return render_cards(cards, size)


def column_html(cards, title: str) -> str:
    """One column: its cards overlapping top to bottom, with its number and points.

    >>> from pushlab.luck import parse_cards
    >>> "7 pts" in column_html(parse_cards("R3 B4"), "Column 1")
    True
    """
    points = sum(c.points for c in cards)
    body = ('<div class="pl-col">' + "".join(card_html(c) for c in cards) + "</div>"
            f'<div class="pl-muted" style="text-align:center">{esc(_points(points))}</div>')
    return box_html(title, body, style="min-width:70px")


def _column_title(i: int) -> str:
    """'Column 1' (``i`` counts from 0) in the current language."""
    return _("Column {n}").format(n=i + 1)


def _empty_column(i: int) -> str:
    """A dashed placeholder where column ``i`` could be started."""
    empty = esc(_("empty"))
    return box_html(_column_title(i), f'<div class="pl-col"><span class="pl-slot">{empty}</span></div>'
                    '<div class="pl-muted">&nbsp;</div>', style="min-width:70px")


def _bench_html(cards) -> str:
    """A bench: small cards grouped by colour (the engine keeps them sorted)."""
    if not cards:
        return '<span class="pl-muted">' + esc(_("bench empty")) + '</span>'
    groups = []
    for colour in COLOURS:
        mine = [c for c in cards if c.colour == colour]
        if mine:
            groups.append(f'<span style="margin-right:6px;white-space:nowrap">{cards_html(mine)}</span>')
    return f'<div class="pl-row pushlab-ltr" style="gap:0">{"".join(groups)}</div>'


def _bank_html(cards) -> str:
    """A bank: a face-down stack with its card count and points."""
    safe = _("banked cards are safe")
    if not cards:
        return f'<span class="pl-muted" title="{esc(safe)}">' + esc(_("bank empty")) + '</span>'
    points = sum(c.points for c in cards)
    caption = _("bank: {points} ({cards})").format(
        points=_points(points), cards=ngettext("{n} card", "{n} cards", len(cards)).format(n=len(cards)))
    return stack_html(len(cards), caption, title=safe, size="sm")


def _direction_text(direction: int) -> str:
    """Collection direction as an arrow and words."""
    return direction_words(direction)


def _switch_pile_html(game) -> str:
    """The switch cards beside the draw pile (rule 10): this turn's, or the lasting pile.

    >>> from pushlab.luck import Game
    >>> g = Game.new(3, deck="switch R1 B2", switch_rule="game").apply("draw")
    >>> "switch pile: 1 (lasts)" in _switch_pile_html(g), _switch_pile_html(Game.new(3, seed=0))
    (True, '')
    """
    n = len(game.switch_pile)
    if not n:
        return ""
    caption = (_("switch pile: {n} (lasts)") if game.direction_lasts else _("set aside: {n}")).format(n=n)
    shown = game.switch_pile[-4:]       # the top few; the count says how many
    tip = esc(_("switch cards beside the draw pile"))
    return (f'<span class="pl-stack" title="{tip}"><span>'
            f'{cards_html(shown)}</span><span class="pl-cap">{esc(caption)}</span></span>')


def _status_line(game, labels=None) -> str:
    """Who must act and what they must do."""
    if game.is_over:
        scores = game.scores()
        winners = [game.players[i] for i in game.winners()]
        if len(winners) > 1:
            names = winners[0]
            for other in winners[1:]:
                names = _("{names} and {last}").format(names=names, last=other)
            return _("Game over: {names} win with {points} points").format(names=names, points=max(scores))
        return _("Game over: {names} wins with {points} points").format(names=winners[0], points=max(scores))
    active = game.players[game.active_player]
    turn = _("{who}'s turn").format(who=active)
    if game.phase == "collect":
        return turn + " \u00b7 " + _("{who} must take a column").format(who=game.players[game.collector])
    return turn + " \u00b7 " + phase_text().get(game.phase, game.phase)


def table_html(game, labels=None, you: int | None = None) -> str:
    """The whole table of one state: piles, direction, columns, benches, banks, scores.

    ``labels`` optionally adds a word per player (e.g. a bot's kind); ``you`` marks
    the reader's seat.
    """
    status = f'<div style="font-size:16px;font-weight:600;margin:2px 4px 6px">{esc(_status_line(game))}</div>'
    # piles and direction
    pile = stack_html(game.draw_pile_size, _("draw pile: {n}").format(n=game.draw_pile_size),
                      title=_("cards left to draw"))
    discards = game.discard_pile
    if discards:
        top = (f'<span class="pl-stack"><span class="pl-pile">{card_html(discards[-1])}</span>'
               f'<span class="pl-cap">{esc(_("discards: {n}").format(n=len(discards)))}</span></span>')
    else:
        top = stack_html(0, _("discards: {n}").format(n=0))
    switches = _switch_pile_html(game)
    lasts = game.direction_lasts
    reach = _("until the next switch card") if lasts else _("this turn only")
    tip = (_("order in which players collect columns; switch cards last until the next one")
           if lasts else _("order in which players collect columns this turn"))
    heading = esc(_("Collection"))
    direction = (f'<div class="pl-box pl-direction" title="{esc(tip)}">'
                 f'<h4>{heading}</h4><div style="font-size:20px">{esc(_direction_text(game.direction))}</div>'
                 f'<div class="pl-muted">{esc(reach)}</div></div>')
    pending = ""
    if game.pending is not None:
        pending = box_html(_("Drawn card"), card_html(game.pending), highlight=True)
    piles = row_html([pile, top, switches, direction, pending])
    # columns
    cols = [column_html(col, _column_title(i)) for i, col in enumerate(game.columns)]
    cols += [_empty_column(i) for i in range(len(game.columns), 3)]
    columns = box_html(_("Columns on the table"), row_html(cols), style="display:inline-block")
    # players
    scores = game.scores()
    boxes = []
    for i, name in enumerate(game.players):
        tag = []
        if you is not None and i == you:
            tag.append(_("you"))
        if labels and labels[i]:
            tag.append(labels[i])
        title = name + (f" ({', '.join(tag)})" if tag else "") + f" \u2014 {_points(scores[i])}"
        body = row_html([f'<div style="flex:1 1 auto">{_bench_html(game.benches[i])}</div>',
                         _bank_html(game.banks[i])])
        boxes.append(box_html(title, body, highlight=(i == game.current_player),
                              style="flex:1 1 200px;min-width:190px"))
    players = f'<div class="pl-row" style="gap:0">{"".join(boxes)}</div>'
    return f'{CSS}<div class="pl-root pl-table">{status}{piles}{columns}{players}</div>'


def log_html(log, start: int = 0, last: int | None = None) -> str:
    """The event log as a numbered list; entries from ``start`` on are bold (new); ``last`` trims.

    >>> log_html(["Ann stops", "Ben takes column 1: R3"], start=1).count('class="pl-new"')
    1
    """
    items = list(enumerate(log, 1))
    if last is not None and len(items) > last:
        items = items[-last:]
    label = esc(_("Event log"))
    if not items:
        return (f'{CSS}<div class="pl-root pl-muted" role="log" aria-live="polite">'
                + esc(_("Nothing has happened yet.")) + '</div>')
    first = items[0][0]
    lis = "".join(f'<li class="{"pl-new" if k - 1 >= start else ""}">{ltr_notation(esc(log_line(text)))}</li>'
                  for k, text in items)
    return (f'{CSS}<div class="pl-root" role="log" aria-live="polite" aria-label="{label}">'
            f'<ol class="pl-log" tabindex="0" start="{first}">{lis}</ol></div>')



_NOTATION = None


def ltr_notation(html: str, language: str | None = None) -> str:
    """``html`` with each run of card notation (``R3 B5 roll``) in a left-to-right ``pushlab-ltr``
    span on right-to-left pages (Arabic), so the cards keep their order; other pages unchanged.

    >>> from pushlab import i18n
    >>> ltr_notation("Ann takes column 1: R3 roll"), ltr_notation("x R3 B5", "ar")
    ('Ann takes column 1: R3 roll', 'x <span class="pushlab-ltr">R3 B5</span>')
    """
    from pushlab import i18n
    global _NOTATION
    if not i18n.is_rtl(language):
        return html
    if _NOTATION is None:
        import re
        card = r"(?:[RBGYP]\d{1,2}|roll|switch)"
        _NOTATION = re.compile(rf"(?<![\w-]){card}(?:[ |]+{card})*(?![\w-])")
    return _NOTATION.sub(lambda m: f'<span class="pushlab-ltr">{m.group()}</span>', html)


def _pct(p) -> str:
    """A probability as a percentage with one decimal."""
    return f"{100 * float(p):.1f}%"


def _frac(p) -> str:
    """A probability as an exact fraction when it is one."""
    return f" ({p.numerator}/{p.denominator})" if isinstance(p, Fraction) and p.denominator > 1 else ""


def odds_html(game) -> str:
    """Exact bust probability of the next card, counting cards vs naive, and what the next card does.

    >>> from pushlab.luck import Game
    >>> "counting" in odds_html(Game.new(2, seed=1))
    True
    """
    from pushlab.luck import odds
    if game.is_over or game.draw_pile_size == 0:
        return f'{CSS}<div class="pl-root pl-muted">' + esc(_("No next card: the draw pile is empty.")) + '</div>'
    counting = odds.bust_probability(game, counting=True)
    naive = odds.bust_probability(game, counting=False)
    seen, full = esc(_("counting the cards seen")), esc(_("naive (full deck minus the columns)"))
    rows = (f'<tr><td>{seen}</td><td><b>{_pct(counting)}</b>{esc(_frac(counting))}</td></tr>'
            f'<tr><td>{full}</td><td><b>{_pct(naive)}</b>{esc(_frac(naive))}</td></tr>')
    bars = []
    for label, p in _dist_items(odds.next_card_distribution(game, counting=True)):
        width = int(round(150 * float(p)))
        colour = "#c62828" if p is not None and label == _dist_labels()["bust"] else "#5b8cc0"
        bars.append(f'<tr><td>{esc(label)}</td><td><span class="pl-bar" style="width:{width}px;'
                    f'background:{colour}"></span> {_pct(p)}</td></tr>')
    return (f'{CSS}<div class="pl-root">'
            + box_html(_("Chance the next card busts"), f'<table class="pl-kv">{rows}</table>')
            + box_html(ngettext("What the next card does ({n} card in the pile)",
                                "What the next card does ({n} cards in the pile)",
                                game.draw_pile_size).format(n=game.draw_pile_size),
                       f'<table class="pl-kv">{"".join(bars)}</table>')
            + "</div>")


def _dist_labels(language: str | None = None) -> dict:
    """The next-card outcomes of :func:`pushlab.luck.odds.next_card_distribution` in words."""
    return {"bust": _("bust (fits no column)", language), "new column only": _("needs a new column", language),
            "fits 1": _("fits 1 column", language), "fits 2": _("fits 2 columns", language),
            "fits 3": _("fits 3 columns", language), "roll": _("roll card", language),
            "switch": _("switch card", language)}


def _dist_items(dist):
    """(label, probability) rows of a next-card distribution, in the library's key order, zeros dropped."""
    labels = _dist_labels()
    return [(labels.get(k, str(k)), p) for k, p in dist.items() if p]


# --------------------------------------------------------------------------- session

def bot_kind_texts(language: str | None = None) -> dict:
    """Bot kinds a reader can choose, by name, with a one-line description in ``language``."""
    return {
        "cautious": _("stops after 2 cards", language),
        "steady": _("stops after 3 cards", language),
        "bold": _("stops when the bust risk reaches 30%", language),
        "greedy": _("draws while the expected gain is positive", language),
        "hint": _("plays the one-turn expectimax move (exact for this turn; never banks)", language),
        "rollout": _("whole-game rollouts, 100 per action, for draw/stop/bank (slower)", language),
        "random": _("chooses at random", language),
    }


def bot_kind_names(language: str | None = None) -> dict:
    """The bot kinds' names as a reader sees them (the keys stay the English names)."""
    return {"cautious": _("cautious", language), "steady": _("steady", language), "bold": _("bold", language),
            "greedy": _("greedy", language), "hint": _("hint", language), "rollout": _("rollout", language),
            "random": _("random", language), "mixed": _("mixed", language)}


#: Bot kinds a reader can choose, by name, with a one-line description (English: :func:`bot_kind_texts`).
BOT_KINDS = bot_kind_texts("en")


def make_bot(kind: str):
    """A bot from its name in :data:`BOT_KINDS`; a bad name raises ``SetupError``."""
    from pushlab.luck import bots
    makers = {
        "cautious": lambda: bots.StopAfter(2),
        "steady": lambda: bots.StopAfter(3),
        "bold": lambda: bots.StopAtRisk(0.3),
        "greedy": lambda: bots.Greedy(),
        "hint": lambda: bots.HintBot(),
        "rollout": lambda: bots.RolloutBot(100, phases=("turn", "push")),
        "random": lambda: bots.RandomBot(),
    }
    if kind not in makers:
        raise SetupError(_("unknown bot kind {kind}; choose one of {kinds}").format(
            kind=repr(kind), kinds=", ".join(makers)))
    return makers[kind]()


@dataclass
class Decision:
    """One decision of the reader: the state, the action, and (once reviewed) the whole-game advice."""

    state: object
    action: str
    advice: object = None

    @property
    def judged(self) -> bool:
        """True when the decision had a choice (more than one legal action)."""
        return len(self.state.legal_actions()) > 1

    @property
    def regret(self) -> tuple | None:
        """(win probability lost against the advice's best action, its SE), None before review."""
        if self.advice is None:
            return None
        if self.action == self.advice.best:
            return 0.0, 0.0
        return self.advice.edge(self.advice.best, self.action)


def starts(language: str | None = None) -> dict:
    """Who starts, as the setup offers it."""
    return {"random": _("chosen at random", language), "you": _("you start", language),
            "bot": _("a bot starts", language)}


STARTS = starts("en")


class LuckSession(Session):
    """A game between the reader (seat ``you``) and bots in the other seats; no widgets.

    ``act(action)`` applies the reader's action (an illegal one raises ``IllegalAction``
    and leaves the state unchanged), then the bots move until the reader must decide
    again or the game is over. ``undo()`` goes back to the reader's previous decision. Without a ``game``,
    ``first`` says who starts: ``"you"``, ``"bot"`` or ``"random"`` (the reader, Ann, then
    sits where that puts her; the first listed player starts, as the rules let players
    decide). ``policy`` is how every seat plays in the whole-game rollouts. ``switch_rule``
    (rule 10, ``"turn"`` or ``"game"``) sets up the new game when no ``game`` is given.

    >>> from pushlab.luck import Game
    >>> s = LuckSession(Game.new(["Ann", "Bot"], deck="R3 B5 G1 Y2", rolls="*"), bots=["cautious"])
    >>> s.act("stop")
    Traceback (most recent call last):
    ...
    pushlab.errors.IllegalAction: cannot 'stop' now: Ann must draw (nothing to bank); legal actions: draw
    >>> s.act("draw"); s.game.phase
    'place'
    >>> LuckSession(n_bots=2, seed=1, first="bot").you in (1, 2)
    True
    """

    def __init__(self, game=None, *, n_bots: int = 2, bots=None, seed=None, you: int | None = None,
                 first: str = "you", track_regret: bool = True, names=None, policy=None,
                 switch_rule: str = "turn"):
        self.rng = np.random.default_rng(seed)
        if bots is None:
            bots = ["steady"] * n_bots
        bots = list(bots)
        if not 1 <= len(bots) <= 5:
            raise SetupError(_("play against 1 to 5 bots, not {n}").format(n=len(bots)))
        if first not in STARTS:
            raise SetupError(_("first must be one of {choices}, not {value}").format(
                choices=", ".join(STARTS), value=repr(first)))
        self.bot_kinds = [b if isinstance(b, str) else type(b).__name__ for b in bots]
        if game is None:
            from pushlab.luck import Game
            n = len(bots) + 1
            if you is None:
                you = {"you": 0, "bot": int(self.rng.integers(1, n)) if n > 1 else 0,
                       "random": int(self.rng.integers(0, n))}[first]
            base = list(names or ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"][:n])
            order = base[1:]
            order.insert(you, base[0])
            game = Game.new(order, seed=self.rng, switch_rule=switch_rule)
        you = 0 if you is None else you
        if game.num_players != len(bots) + 1:
            raise SetupError(_("the game has {players} players but {bots} bots + you were given").format(
                players=game.num_players, bots=len(bots)))
        if not 0 <= you < game.num_players:
            raise SetupError(_("seat {seat} does not exist in a {players}-player game").format(
                seat=you, players=game.num_players))
        seats = [i for i in range(game.num_players) if i != you]
        super().__init__(game, you=you, rng=self.rng,
                         bots={seat: (make_bot(b) if isinstance(b, str) else b) for seat, b in zip(seats, bots)})
        self.track_regret = track_regret
        self.policy = policy
        # the rollouts draw from their own stream, so the bots play the same with or without them
        self.advice_rng = np.random.default_rng(self.rng.bit_generator.seed_seq.spawn(1)[0])
        self.decisions: list[Decision] = []      # one per entry of ``history``
        self._advisers = {}
        self.run_bots()

    # -- queries
    @property
    def labels(self) -> list[str]:
        """A word per seat: '' for the reader, else the bot's kind ('steady bot')."""
        out, kinds = [], iter(self.bot_kinds)
        names = bot_kind_names()
        for i in range(self.game.num_players):
            if i == self.you:
                out.append("")
            else:
                kind = next(kinds)
                out.append(_("{kind} bot").format(kind=names.get(kind, kind)))
        return out

    def hint(self):
        """The one-turn hint for the reader's current decision (``.values``, ``.best``), or None."""
        if not self.your_move:
            return None
        from pushlab.luck import odds
        return odds.hint(self.game)

    def hint_text(self) -> str:
        """One sentence: what the one-turn hint would do here and what it is worth this turn."""
        h = self.hint()
        if h is None:
            return ""
        values = dict(h.values)
        best = h.best
        banks = {a for a in values if a.startswith("bank")}
        others = [v for a, v in values.items() if a != best and a not in banks]
        how = _how(h)
        value = f"{float(values[best]):+.1f}"
        if others:
            text = _("This turn only ({how}): {action} is worth {value} points, {gain} points over the "
                     "next move.").format(how=how, action=_action_words(best), value=value,
                                          gain=f"{float(values[best]) - float(max(others)):+.1f}")
        else:
            text = _("This turn only ({how}): {action} is worth {value} points.").format(
                how=how, action=_action_words(best), value=value)
        if banks:
            text += " " + _("Banking counts 0 here: its pay-off comes in later turns (see the whole game).")
        return text

    def adviser(self, state=None):
        """The (cached) :class:`~pushlab.luck.advice.Adviser` of ``state`` (default: now)."""
        from pushlab.luck.advice import Adviser
        state = self.game if state is None else state
        ad = self._advisers.get(state)
        if ad is None:
            ad = self._advisers[state] = Adviser(state, policy=self.policy, seed=self.advice_rng)
        return ad

    def advice_steps(self, rollouts: int = ADVICE_ROLLOUTS, chunk: int = 100):
        """Compute the whole-game advice for the reader's decision now, ``chunk`` rollouts
        per action at a time; yields ``(done, total)`` after each chunk."""
        if not self.your_move:
            return
        ad = self.adviser()
        while ad.rollouts < rollouts:
            ad.step(min(chunk, rollouts - ad.rollouts))
            yield ad.rollouts, rollouts

    def advice(self, rollouts: int = ADVICE_ROLLOUTS):
        """The whole-game advice for the reader's decision now (None when a bot moves)."""
        if not self.your_move:
            return None
        for _ in self.advice_steps(rollouts):
            pass
        return self.adviser().advice()

    # -- actions
    def act(self, action: str, then_bots: bool = True) -> None:
        """Apply the reader's action and remember it as a decision; an illegal one raises ``IllegalAction``."""
        self.check(action)
        new = self.game.apply(action)
        self.decisions.append(Decision(self.game, self._canonical(action, new)))
        self.advance(new, then_bots)

    def undo(self) -> None:
        """Go back to before the reader's last decision (bot moves after it are undone too)."""
        super().undo()
        del self.decisions[len(self.history):]

    def _canonical(self, action: str, new) -> str:
        """The legal action string that led to ``new`` (the engine accepts e.g. 'Bank red' for 'bank R')."""
        legal = self.game.legal_actions()
        if action in legal:
            return action
        return next((a for a in legal if self.game.apply(a) == new), action)

    # -- the review
    def review_steps(self, rollouts: int = REVIEW_ROLLOUTS, chunk: int = 100):
        """Judge every decision with a choice against whole-game advice (``rollouts`` per
        action); yields ``(done, total)`` after each chunk. Nothing when regret is not tracked."""
        if not self.track_regret:
            return
        todo = [d for d in self.decisions if d.judged]
        for k, d in enumerate(todo):
            ad = self.adviser(d.state)
            while ad.rollouts < rollouts:
                ad.step(min(chunk, rollouts - ad.rollouts))
                yield k, len(todo)
            d.advice = ad.advice()
        yield len(todo), len(todo)

    def review(self, rollouts: int = REVIEW_ROLLOUTS) -> list[dict]:
        """Run :meth:`review_steps` to the end and return :meth:`regret_rows`."""
        for _ in self.review_steps(rollouts):
            pass
        return self.regret_rows()

    @property
    def reviewed(self) -> bool:
        """True when every judged decision has its advice."""
        return all(d.advice is not None for d in self.decisions if d.judged)

    def regret_rows(self) -> list[dict]:
        """One row per reviewed decision: phase, action, best action, win probabilities and
        the win probability lost (``regret``, with its paired SE ``regret_se``)."""
        rows = []
        for d in self.decisions:
            if d.advice is None:
                continue
            r, se = d.regret
            v = d.advice.values
            rows.append({"phase": d.state.phase, "action": d.action, "best": d.advice.best,
                         "win": v[d.action].win, "best_win": v[d.advice.best].win,
                         "regret": r, "regret_se": se})
        return rows

    def total_regret(self) -> tuple:
        """(win probability lost against the advice, summed over reviewed decisions; its SE)."""
        rows = self.regret_rows()
        return (float(sum(r["regret"] for r in rows)),
                float(np.sqrt(sum(r["regret_se"] ** 2 for r in rows))))


def _how(hint) -> str:
    """How a one-turn hint was computed: 'exact' or 'looking N draws ahead'."""
    return _("exact") if hint.exact else _("looking {n} draws ahead").format(n=hint.depth)


def _action_words(action: str) -> str:
    """An action string in words, for hints."""
    word, sep, arg = action.partition(" ")
    if word == "place":
        return _("put the card in column {n}").format(n=int(arg) + 1)
    if word == "take":
        return _("take column {n}").format(n=int(arg) + 1)
    if word == "bank":
        return _("bank the {colour} cards").format(colour=colour_name(arg))
    return {"draw": _("draw another card"), "stop": _("stop")}.get(word, action)


def _step_html(action: str) -> str:
    """A scripted action in words, with the script's own spelling when it differs (columns count from 0 there).

    >>> _step_html("take 0")
    'take column 1 (<code>take 0</code>)'
    >>> _step_html("draw")
    '<code>draw</code>'
    """
    word, sep, arg = action.strip().partition(" ")
    if word in ("place", "take") and arg.strip().isdigit():
        words = (_("put it in column {n}") if word == "place" else _("take column {n}")).format(n=int(arg) + 1)
    elif word == "bank" and arg.strip():
        words = _("bank {colour}").format(colour=colour_name(arg.strip().upper()) if arg.strip().upper() in COLOURS
                                          else arg.strip())

    else:
        return f"<code>{esc(action)}</code>"
    return f"{esc(words)} (<code>{esc(action)}</code>)"


def _policy_text(session) -> str:
    """How every seat plays in the session's rollouts, in words."""
    from pushlab.luck.policy import DEFAULT_POLICY
    return str(session.policy or DEFAULT_POLICY)


def _kernel_loop():
    """The running event loop of a Jupyter kernel, or None (plain Python, tests).

    Another library's loop (Playwright's sync API keeps one running in the main thread
    of a test session) is not a kernel's: work scheduled there would never run.
    """
    import asyncio
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    shell = get_ipython()
    if shell is None or getattr(shell, "kernel", None) is None:
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def advice_html(advice, hint=None, session=None, progress: str = "") -> str:
    """Whole-game advice (win chance per action, 95% CI, the recommendation) beside the
    exact one-turn values of the hint, each labelled with how it was obtained."""
    from pushlab.luck.policy import DEFAULT_POLICY
    policy = str(advice.policy if advice is not None else (session and session.policy) or DEFAULT_POLICY)
    parts = []
    if advice is None:
        estimating = esc(_("Whole game: estimating…"))
        parts.append(f'<p class="pl-muted">{estimating} {esc(progress)}</p>')
    else:
        rows = []
        for a, v in advice.values.items():
            star = STAR_MARK if a == advice.best else ""
            rows.append(f"<tr><td>{star}{esc(_action_words(a))}</td><td><b>{100 * v.win:.0f}%</b> "
                        f"({100 * v.win_low:.0f}\u2013{100 * v.win_high:.0f}%)</td>"
                        f"<td>{v.score:.0f}</td></tr>")
        more = f" {esc(progress)}" if progress else ""
        head = _("<b>Whole game</b> (estimated from {n} rollouts per action{more}: you take the action, "
                 "then every player plays <i>{policy}</i> to the end)").format(
                     n=f"{advice.rollouts:,}", more=more, policy=esc(policy))
        best = _("Recommended: <b>{action}</b> (highest estimated chance to win; close calls are "
                 "within the intervals).").format(action=esc(_action_words(advice.best)))
        heads = "".join(f"<th>{esc(h)}</th>" for h in (_("action"), _("chance to win (95% CI)"), _("final score")))
        parts.append(
            f"<p>{head}</p>"
            f'<table class="pl-kv"><tr>{heads}</tr>{"".join(rows)}</table>'
            f"<p>{best}</p>")
        if advice.bench:
            parts.append(f'<p class="pl-muted">{esc(advice.explain())}</p>')
    if hint is not None:
        rows = "".join(f"<tr><td>{STAR_MARK if a == hint.best else ''}{esc(_action_words(a))}</td>"
                       f"<td>{v:+.1f}</td></tr>" for a, v in hint.values.items())
        head = _("<b>This turn only</b> (one-turn expectimax, {how}: points you add this turn minus "
                 "the others' average; banking counts 0)").format(how=esc(_how(hint)))
        parts.append(f"<p>{head}</p>"
                     f'<table class="pl-kv"><tr><th>{esc(_("action"))}</th><th>{esc(_("points"))}</th></tr>'
                     f'{rows}</table>')
    return f'{CSS}<div class="pl-root pl-advice">{"".join(parts)}</div>'


def summary_html(session: LuckSession, progress: str = "") -> str:
    """End-of-game scores and the review of the reader's decisions against whole-game advice."""
    g = session.game
    scores = g.scores()
    order = sorted(range(g.num_players), key=lambda i: -scores[i])
    labels = session.labels
    score_rows = "".join(
        f'<tr><td>{TROPHY if i in g.winners() else ""}{esc(g.players[i])}</td>'
        f'<td>{esc(labels[i] or _("you"))}</td><td>{_bold_points(scores[i])}</td></tr>' for i in order)
    rows = session.regret_rows()
    if not session.track_regret:
        regret = '<p class="pl-muted">' + esc(_("Decisions are not reviewed in this game.")) + '</p>'
    elif not session.reviewed:
        regret = ('<p class="pl-muted">' + esc(_("Reviewing your decisions against whole-game advice…"))
                  + f' {esc(progress)}</p>')
    elif not rows:
        regret = '<p class="pl-muted">' + esc(_("You had no decision with a choice.")) + '</p>'
    else:
        total, se = session.total_regret()
        matched = sum(r["action"] == r["best"] for r in rows)
        costly = sorted((r for r in rows if r["action"] != r["best"]), key=lambda r: -r["regret"])
        n = next(d.advice.rollouts for d in session.decisions if d.advice is not None)
        made = ngettext("You made {n} decision with a choice (banking included); {matched} matched the "
                        "whole-game advice.",
                        "You made {n} decisions with a choice (banking included); {matched} matched the "
                        "whole-game advice.", len(rows)).format(n=len(rows), matched=matched)
        cost = _("Against it, your other choices cost about <b>{points} percentage points</b> of winning "
                 "chance in total (95% CI \u00b1{ci}). Estimated from {n} rollouts per action, every player "
                 "then playing <i>{policy}</i>; each decision is judged from the position you faced, not by "
                 "how the cards fell.").format(points=f"{100 * total:.1f}", ci=f"{100 * 1.96 * se:.1f}", n=n,
                                               policy=esc(_policy_text(session)))
        regret = f"<p>{esc(made)} {cost}</p>"
        if costly:
            words = decision_words()
            lines = "".join(
                f'<tr><td>{esc(words.get(r["phase"], r["phase"]))}</td>'
                f'<td>{esc(_action_words(r["action"]))}</td><td>{esc(_action_words(r["best"]))}</td>'
                f'<td>{esc(_vs(r["win"], r["best_win"]))}</td>'
                f'<td>{100 * r["regret"]:+.1f} \u00b1 {100 * 1.96 * r["regret_se"]:.1f}</td></tr>'
                for r in costly[:10])
            which = _("The 10 costliest") if len(costly) > 10 else _("Where the advice differed")
            caption = esc(_("{which} (winning chance lost, in percentage points, 95% CI):").format(which=which))
            heads = "".join(f"<th>{esc(h)}</th>" for h in (_("decision"), _("you chose"), _("advice"),
                                                            _("chance to win"), _("lost")))
            regret += (f'<p>{caption}</p>'
                       f'<table class="pl-kv"><tr>{heads}</tr>{lines}</table>')
    return (f'{CSS}<div class="pl-root">'
            + box_html(_("Final scores"), f'<table class="pl-kv">{score_rows}</table>')
            + box_html(_("Your decisions against whole-game advice"), regret) + "</div>")


def _vs(a: float, b: float) -> str:
    """Two win chances side by side: '40% vs 55%'."""
    return _("{a}% vs {b}%").format(a=f"{100 * a:.0f}", b=f"{100 * b:.0f}")


def _bold_points(n: int) -> str:
    """'<b>7</b> pts' in the current language."""
    return ngettext("<b>{n}</b> pt", "<b>{n}</b> pts", n).format(n=n)


# --------------------------------------------------------------------------- widgets

def _label_width(px: str) -> dict:
    """A setting's label width: ``px`` for the English labels, as wide as needed in translations."""
    from pushlab import i18n
    return {"description_width": px if i18n.current_language() == i18n.SOURCE else "initial"}


def _w():
    """ipywidgets, imported where widgets are built."""
    import ipywidgets
    return ipywidgets


class TableView:
    """A static view of one state of the game; ``show(game)`` redraws it.

    In a notebook, ``TableView(game)`` displays itself (as its ``widget``).
    """

    def __init__(self, game=None, labels=None, you=None, width: str = "660px"):
        w = _w()
        self.widget = w.HTML(layout=w.Layout(width=width, min_width="340px"))
        self.widget.add_class("pl-tableview")
        self.labels, self.you, self.game = labels, you, None
        if game is not None:
            self.show(game)

    def show(self, game) -> None:
        """Draw ``game``."""
        self.game = game
        self.widget.value = table_html(game, self.labels, self.you)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    def _repr_html_(self):
        return table_html(self.game, self.labels, self.you) if self.game is not None else ""


class OddsPanel:
    """Exact bust probability of the next card (counting vs naive) and the next-card distribution."""

    def __init__(self, game=None):
        w = _w()
        self.widget = w.HTML(layout=w.Layout(max_width="560px"))
        self.widget.add_class("pl-odds")
        self.game = None
        if game is not None:
            self.show(game)

    def show(self, game) -> None:
        """Redraw for ``game``."""
        self.game = game
        self.widget.value = odds_html(game)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


class StepThrough(StepPlayer):
    """A Next/Back player over a scripted list of actions, the event log beside the table.

    ``notes`` is a list of sentences: ``notes[0]`` for the start, ``notes[i]`` after the
    i-th action (shorter lists are fine), or a dict ``{step: note}``.
    An illegal script raises ``IllegalAction`` naming the step at once.
    """

    def __init__(self, game, actions, notes=None, odds: bool = False, title: str = ""):
        w = _w()
        self.setup_steps(game, actions, notes)
        self.table = TableView(game)
        self.log = w.HTML(layout=w.Layout(width="330px"))
        self.odds = OddsPanel() if odds else None
        side = [w.HTML(f"{CSS}<div class='pl-root'><b>" + esc(_("Event log")) + "</b></div>"), self.log]
        if self.odds:
            side.append(self.odds.widget)
        header = [w.HTML(f"{CSS}<div class='pl-root' style='font-size:18px;font-weight:600'>{esc(title)}</div>")] \
            if title else []
        self.widget = w.VBox(header + [
            self.step_controls(), self.note, self.message.widget,
            w.HBox([self.table.widget, w.VBox(side)], layout=w.Layout(align_items="flex-start")),
        ])
        self.widget.add_class("pl-stepthrough")
        page_direction(self.widget)
        self.go(0)

    def show(self, game, new_from: int) -> None:
        """Draw the table, the log (this step's lines in bold) and the odds."""
        self.table.show(game)
        self.log.value = log_html(game.log, start=new_from)
        if self.odds:
            self.odds.show(game)

    def action_html(self, action: str) -> str:
        """Name the next action in words and in the script's notation."""
        return _step_html(action)


class CompareSteps(StepPlayer):
    """One script played on several games side by side (say, the two readings of rule 10).

    ``games`` maps a caption to a ``Game``; every game replays the same ``actions``
    (each must be legal in every game: an illegal step raises at once) and one row of
    Next/Back buttons moves them all. ``notes`` as in :class:`StepThrough`.

    >>> from pushlab.luck import Card, Game
    >>> c = CompareSteps({"a": Game.new(2, deck="R3 B5"), "b": Game.new(2, deck="R3 B5", harder=True)},
    ...                  ["draw", "place 0"])
    >>> c.go(2); [t.game.columns for t in c.tables] == [((Card("R3"),),)] * 2
    True
    """

    def __init__(self, games, actions, notes=None, title: str = "", width: str = "470px"):
        w = _w()
        items = list(games.items())
        if not items:
            raise SetupError(_("CompareSteps needs at least one game"))

        self.setup_steps(items[0][1], actions, notes)
        self.lines = [replay(game, self.actions) for _, game in items]
        self.tables = [TableView(game, width=width) for _, game in items]
        self.logs = [w.HTML(layout=w.Layout(width=width)) for _ in items]
        sides = [w.VBox([w.HTML(f"{CSS}<div class='pl-root' style='font-size:16px;font-weight:600;"
                                f"margin:4px'>{esc(caption)}</div>"),
                         table.widget, w.HTML(f"{CSS}<div class='pl-root'><b>" + esc(_("Event log")) + "</b> "
                                              + esc(_("(latest)")) + "</div>"),
                         log])
                 for (caption, _game), table, log in zip(items, self.tables, self.logs)]
        header = [w.HTML(f"{CSS}<div class='pl-root' style='font-size:18px;font-weight:600'>{esc(title)}</div>")] \
            if title else []
        self.widget = w.VBox(header + [
            self.step_controls(), self.note, self.message.widget,
            w.HBox(sides, layout=w.Layout(align_items="flex-start", flex_flow="row wrap")),
        ])
        self.widget.add_class("pl-comparesteps")
        page_direction(self.widget)
        self.go(0)

    def show(self, game, new_from: int) -> None:
        """Draw every game at the current step; each log shows its last lines, this step's in bold."""
        k = self.step
        for states, table, log in zip(self.lines, self.tables, self.logs):
            g = states[k]
            start = len(states[k - 1].log) if k else len(g.log)
            log.value = log_html(g.log, start=start, last=max(6, len(g.log) - start))
            table.show(g)

    def action_html(self, action: str) -> str:
        """Name the next action in words and in the script's notation."""
        return _step_html(action)


class PlayApp:
    """A full game against 1-5 bots with live odds, an optional hint, undo and an end summary.

    All game logic is in :class:`LuckSession`; this class only wires buttons to it.
    """

    def __init__(self, n_bots: int = 2, bot_kinds=None, seed=None, hints: bool = False,
                 first: str = "random", advice_rollouts: int = ADVICE_ROLLOUTS,
                 review_rollouts: int = REVIEW_ROLLOUTS, chunk: int = 100,
                 switch_rule: str = "turn", position: str | None = None):
        from pushlab.luck.game import check_switch_rule

        check_switch_rule(switch_rule)
        w = _w()
        self.advice_rollouts, self.review_rollouts, self.chunk = advice_rollouts, review_rollouts, chunk
        self._task = None
        kinds = list(BOT_KINDS)
        self.message = MessageArea()
        guard = routed(self.message)
        # setup controls
        self.n_bots = w.BoundedIntText(value=n_bots, min=1, max=5, description=_("Bots:"),
                                       tooltip=_("How many bots play against you (1-5)"),
                                       layout=w.Layout(width="130px"), style=_label_width("40px"))
        first_kind = bot_kinds[0] if bot_kinds else "steady"
        names = bot_kind_names()
        self.kind = w.Dropdown(options=[(f"{names[k]} ({d})", k) for k, d in bot_kind_texts().items()]
                               + [(names["mixed"], "mixed")],
                               value=first_kind if first_kind in kinds else "steady", description=_("Bot kind:"),
                               tooltip=_("How the bots decide"), layout=w.Layout(width="330px"),
                               style=_label_width("65px"))
        self.seed = w.IntText(value=0 if seed is None else int(seed), description=_("Seed:"),
                              tooltip=_("Same seed, same shuffle: replay a game"),
                              layout=w.Layout(width="150px"), style=_label_width("40px"))
        self.first = w.Dropdown(options=[(text, key) for key, text in starts().items()], value=first,
                                description=_("Starts:"), tooltip=_("Who plays the first turn"),
                                layout=w.Layout(width="190px"), style=_label_width("45px"))
        rule_words = switch_rule_words()
        self.switch_rule = w.Dropdown(
            options=[(rule_words["turn"], "turn"), (rule_words["game"], "game")],
            value=switch_rule, description=_("Switch cards:"),
            tooltip=_("Rule 10: does a switch card reverse collection for this turn only, "
                      "or until the next switch card (as the printed rule texts say)?"),
            layout=w.Layout(width="330px"), style=_label_width("90px"))
        self.switch_rule.add_class("pl-switch-rule")
        self.rule_note = w.HTML()
        self.rule_note.add_class("pl-rule-note")
        self.new_game = w.Button(description=_("New game"), icon="refresh",
                                 tooltip=_("Deal a new game with these settings"))
        self.show_hint = w.Checkbox(value=hints, description=_("Show advice"), indent=False,
                                    tooltip=_("Whole-game advice (estimated by rollouts) and the exact "
                                              "one-turn values"), layout=w.Layout(width="120px"))
        # action controls
        self.draw = w.Button(description=_("Draw"), icon="hand-paper-o", button_style="primary",
                             tooltip=_("Draw the top card of the pile"))
        self.stop = w.Button(description=_("Stop"), icon="hand-stop-o", button_style="warning",
                             tooltip=_("Stop pushing and take a column"))
        self.columns = [w.Button(description=_column_title(i),
                                 tooltip=_("Put the card in / take column {n}").format(n=i + 1),
                                 layout=w.Layout(width="120px")) for i in range(3)]
        self.new_column = w.Button(description=_("New column"), icon="plus",
                                   tooltip=_("Start a new column with the card"))
        self.banks = [w.Button(description=_("Bank {colour}").format(colour=colour_name(c)),
                               tooltip=_("Bank all your {colour} bench cards").format(colour=colour_name(c)),
                               layout=w.Layout(width="auto", min_width="120px")) for c in COLOURS]
        self.undo = w.Button(description=_("Undo"), icon="undo", tooltip=_("Take back your last decision"))
        for name, b in [("draw", self.draw), ("stop", self.stop), ("new", self.new_column), ("undo", self.undo),
                        *((f"col-{i}", b) for i, b in enumerate(self.columns)),
                        *((f"bank-{c}", b) for c, b in zip(COLOURS, self.banks))]:
            b.add_class(f"pl-btn-{name}")          # stable hooks for browser tests
        for i, b in enumerate(self.columns):
            b.on_click(guard(lambda _=None, i=i: self._column(i)))
        self.new_column.on_click(guard(lambda _=None: self._new_column()))
        for c, b in zip(COLOURS, self.banks):
            b.on_click(guard(lambda _=None, c=c: self._act(f"bank {c}")))
        self.draw.on_click(guard(lambda _=None: self._act("draw")))
        self.stop.on_click(guard(lambda _=None: self._act("stop")))
        self.undo.on_click(guard(lambda _=None: self._undo()))
        self.new_game.on_click(guard(lambda _=None: self.start()))
        self.show_hint.observe(guard(lambda _=None: self.refresh()), names="value")
        # views
        self.table = TableView(width="680px")
        self.odds = OddsPanel()
        self.hint = w.HTML()
        self.hint.add_class("pl-hint")
        self.progress = w.IntProgress(value=0, min=0, max=1, description="", bar_style="info",
                                      layout=w.Layout(width="300px", visibility="hidden"))
        self.progress.add_class("pl-progress")
        self.log = w.HTML()
        self.summary = w.HTML()
        self.prompt = w.HTML()
        self.prompt.add_class("pl-prompt")
        setup = w.HBox([self.n_bots, self.kind, self.first, self.seed, self.switch_rule,
                        self.new_game, self.show_hint],
                       layout=w.Layout(flex_flow="row wrap", align_items="center"))
        actions = w.VBox([
            w.HBox([self.draw, self.stop, *self.columns, self.new_column, self.undo],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HBox(self.banks, layout=w.Layout(flex_flow="row wrap")),
        ])
        side = w.VBox([self.odds.widget, self.progress, self.hint,
                       w.HTML(f"{CSS}<div class='pl-root'><b>" + esc(_("Event log")) + "</b> "
                              + esc(_("(latest last)")) + "</div>"), self.log],
                      layout=w.Layout(width="360px", min_width="300px"))
        self.widget = w.VBox([setup, self.rule_note, self.prompt, actions, self.message.widget, self.summary,
                              w.HBox([self.table.widget, side],
                                     layout=w.Layout(align_items="flex-start", flex_flow="row wrap"))])
        self.widget.add_class("pl-playapp")
        self._given_kinds = list(bot_kinds) if bot_kinds else None
        self.link = PositionLink(lambda: self.session.game)
        self.widget.children = (self.widget.children[0], self.link.widget, *self.widget.children[1:])
        page_direction(self.widget)
        self.open_position(position)

    # -- wiring
    def open_position(self, text: str | None = None) -> None:
        """Play from the position ``text`` (:mod:`pushlab.share`; None: the page's ``?position=``).

        The reader takes the seat to act, bots of the chosen kind the others. No
        position asked for: a new game from the setup. A position that cannot be
        opened: a new game, and the reason in the message line.
        """
        from pushlab.luck import Game

        game, problem = requested_position(Game, text)
        if game is None:
            self.start()
        else:
            n = game.num_players - 1
            self.n_bots.value = n
            kinds = ([list(BOT_KINDS)[i % len(BOT_KINDS)] for i in range(n)] if self.kind.value == "mixed"
                     else [self.kind.value] * n)
            you = game.current_player if game.current_player is not None else 0
            self.session = LuckSession(game, bots=kinds, you=you, seed=int(self.seed.value))
            self.message.clear()
            self.refresh()
        if problem:
            self.message.error(problem)

    def start(self) -> None:
        """Deal a new game from the setup controls."""
        n = int(self.n_bots.value)
        if self._given_kinds and len(self._given_kinds) == n:
            kinds = self._given_kinds
        elif self.kind.value == "mixed":
            kinds = [list(BOT_KINDS)[i % len(BOT_KINDS)] for i in range(n)]
        else:
            kinds = [self.kind.value] * n
        self._given_kinds = None
        self.session = LuckSession(n_bots=n, bots=kinds, seed=int(self.seed.value),
                                   first=self.first.value, switch_rule=self.switch_rule.value)
        self.message.clear()
        self.refresh()

    def _act(self, action: str) -> None:
        """Send an action to the session and redraw; a refusal raises on to the message line (``routed``)."""
        try:
            self.session.act(action)
        finally:
            self.refresh()

    def _column(self, i: int) -> None:
        """A column button: place into or take column i, whichever the phase asks."""
        phase = self.session.game.phase
        self._act(f"take {i}" if phase == "collect" else f"place {i}")

    def _new_column(self) -> None:
        """Start a new column with the drawn card."""
        self._act(f"place {len(self.session.game.columns)}")

    def _undo(self) -> None:
        """Undo the reader's last decision (nothing to undo: said as a note, not an error)."""
        try:
            self.session.undo()
        except Unavailable as exc:
            self.message.info(str(exc))
        self.refresh()

    def refresh(self) -> None:
        """Redraw everything from the session; enable exactly the legal choice buttons."""
        s = self.session
        g = s.game
        legal = set(s.legal())
        self.table.labels, self.table.you = s.labels, s.you
        self.table.show(g)
        self.rule_note.value = (f"{CSS}<div class='pl-root pl-muted'>" + esc(_("In this game:")) + " "
                                f"{esc(switch_rule_text()[g.switch_rule])}</div>")
        over = g.is_over
        self.draw.disabled = self.stop.disabled = over          # always pressable while playing
        collect = g.phase == "collect"
        for i, b in enumerate(self.columns):
            b.description = _("Take column {n}").format(n=i + 1) if collect else _column_title(i)
            b.disabled = not ({f"place {i}", f"take {i}"} & legal) or (f"place {i}" in legal and i == len(g.columns))
        self.new_column.disabled = f"place {len(g.columns)}" not in legal
        for c, b in zip(COLOURS, self.banks):
            b.disabled = f"bank {c}" not in legal
        self.undo.disabled = not s.history
        self.log.value = log_html(g.log, start=s.seen, last=40)
        self.odds.show(g)
        self.hint.value = ""
        self._cancel()
        if self.show_hint.value and s.your_move:
            self._start(self._advice_steps(s.hint()))
        self.summary.value = ""
        if over:
            self.summary.value = summary_html(s)
            self._start(self._review_steps())
        # last, with a version number: a front end that sees the new prompt has every update above
        self.version = getattr(self, "version", 0) + 1
        self.prompt.value = (f"{CSS}<div class='pl-root' role='status' data-version='{self.version}' "
                             f"style='font-size:15px;padding:4px 0'>{esc(self._prompt_text())}</div>")

    # -- work in the background: chunks between which the page stays responsive
    def _cancel(self) -> None:
        """Stop the background computation, if any."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self.progress.layout.visibility = "hidden"

    def _start(self, steps) -> None:
        """Run the generator ``steps`` chunk by chunk: as a task of the kernel's event loop
        (clicks are handled between chunks), or at once where no loop runs (plain Python)."""
        import asyncio
        loop = _kernel_loop()
        if loop is None:
            for _ in steps:
                pass
            return

        async def drive():
            try:
                for _ in steps:
                    await asyncio.sleep(0.01)
            except Exception as exc:          # shown, never lost in the event loop
                self.message.error(error_text(exc))
            finally:
                self.progress.layout.visibility = "hidden"
        self._task = loop.create_task(drive())

    def _show_progress(self, done: int, total: int, what: str) -> None:
        """Show the progress bar at ``done`` of ``total``."""
        self.progress.max = max(total, 1)
        self.progress.value = done
        self.progress.description = what
        self.progress.layout.visibility = "visible" if done < total else "hidden"

    def _advice_steps(self, hint):
        """Show the one-turn hint now, then the whole-game advice as its rollouts come in."""
        s, total = self.session, self.advice_rollouts
        self.hint.value = advice_html(None, hint, s)
        self._show_progress(0, total, _("advice"))
        yield
        for done, _total in s.advice_steps(total, self.chunk):
            more = (_("(computing: {done} of {total})").format(done=f"{done:,}", total=f"{total:,}")
                    if done < total else "")
            self.hint.value = advice_html(s.adviser().advice(), hint, s, more)
            self._show_progress(done, total, _("advice"))
            yield

    def _review_steps(self):
        """Review the reader's decisions after the game, with progress."""
        s = self.session
        for done, total in s.review_steps(self.review_rollouts, self.chunk):
            self._show_progress(done, total, _("review"))
            self.summary.value = summary_html(s, ngettext("({done} of {total} decision)", "({done} of {total} decisions)",
                                                          total).format(done=done, total=total))
            yield
        self.summary.value = summary_html(s)

    def _prompt_text(self) -> str:
        """What the reader should do now, in words."""
        g = self.session.game
        if g.is_over:
            return _("The game is over. Press 'New game' to play again.")
        phase = g.phase
        if phase == "push" and not g.columns:
            return _("No column yet (a switch card is set aside): Draw again.")
        return {
            "turn": _("Your turn: Draw a card, or bank one colour of your bench."),
            "place": _("Put the drawn card in a column (or start a new column)."),
            "push": _("Draw again, or Stop and take a column."),
            "collect": _("Take one of the columns on the table."),
        }.get(phase, phase_text().get(phase, ""))


    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)
