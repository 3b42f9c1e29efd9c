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

from pushlab.errors import IllegalAction, SetupError
from pushlab.widgets.links import PositionLink, requested_position
from pushlab.widgets.common import (
    CSS, MessageArea, StepPlayer, box_html, card_face, error_text, esc, replay, routed, row_html,
    stack_html,
)

__all__ = [
    "card_html", "cards_html", "column_html", "table_html", "odds_html", "log_html",
    "Decision", "LuckSession", "BOT_KINDS", "make_bot",
    "TableView", "StepThrough", "CompareSteps", "OddsPanel", "PlayApp",
]

COLOURS = "RBGYP"
COLOUR_NAMES = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "P": "purple"}
#: Card colours on screen; yellow gets dark ink.
CARD_COLOURS = {"R": "#d32f2f", "B": "#1e63b8", "G": "#2e8b3e", "Y": "#f2c511", "P": "#7e3fa6"}
#: A shape per colour, drawn beside the colour's letter: cards differ without colour vision.
COLOUR_SHAPES = {"R": "\u25cf", "B": "\u25a0", "G": "\u25b2", "Y": "\u25c6", "P": "\u271a"}   # ● ■ ▲ ◆ ✚
#: The reader's decisions in words, for the end-of-game review (every decision with a choice
#: is judged, banking included).
DECISION_WORDS = {"turn": "draw or bank", "place": "place a card", "push": "draw or stop",
                  "collect": "take a column"}
#: Rollouts per action of the live whole-game advice and of the end-of-game review.
ADVICE_ROLLOUTS, REVIEW_ROLLOUTS = 1000, 200
TROPHY = "\u2605 "  # a star marks the winners
STAR_MARK = "\u2605 "  # and the recommended action
#: The two readings of rule 10 (``switch_rule``), as the settings name them and as a sentence.
SWITCH_RULE_WORDS = {"turn": "reverse this turn only (default)",
                     "game": "last until the next switch card"}
SWITCH_RULE_TEXT = {
    "turn": "a switch card reverses the collection for this turn only (switch_rule='turn', "
            "the default).",
    "game": "a switch card reverses the collection until the next switch card, turn after "
            "turn (switch_rule='game', the printed rule texts' wording).",
}
PHASE_TEXT = {
    "turn": "start of turn: draw a card or bank a colour",
    "place": "place the drawn card in a column",
    "push": "draw again or stop",
    "collect": "take a column",
    "over": "the game is over",
}


# --------------------------------------------------------------------------- rendering

def card_html(card, size: str = "") -> str:
    """One card as a coloured rounded rectangle: big number, roll die or switch arrows.

    >>> from pushlab.luck import Card
    >>> 'title="red 3"' in card_html(Card.parse("R3"))
    True
    >>> "roll" in card_html(Card.parse("roll"))
    True
    """
    if card.kind == "number":
        name = COLOUR_NAMES[card.colour]
        return card_face(card.number, CARD_COLOURS[card.colour], corner=card.colour,
                         mark=COLOUR_SHAPES[card.colour], small=name, title=f"{name} {card.number}",
                         light=card.colour == "Y", size=size)
    if card.kind == "roll":
        return card_face("\u2684", "#eceff1", small="roll", light=True,
                         title="roll card: whoever collects it rolls the die", size=size)
    return card_face("\u21c4", "#37474f", small="switch",
                     title="switch card: reverses the collection direction", size=size)


def cards_html(cards, size: str = "sm") -> str:
    """A row of small cards.

    >>> from pushlab.luck import parse_cards
    >>> cards_html(parse_cards("R1 B2")).count("pl-card")
    2
    """
    return "".join(card_html(c, size) for c in cards)


def column_html(cards, title: str) -> str:
    """One column: its cards overlapping top to bottom, with its number and points.

    >>> from pushlab.luck import parse_cards
    >>> "7 pts" in column_html(parse_cards("R3 B4"), "Column 1")
    True
    """
    points = sum(c.points for c in cards)
    body = ('<div class="pl-col">' + "".join(card_html(c) for c in cards) + "</div>"
            f'<div class="pl-muted" style="text-align:center">{points} pt{"" if points == 1 else "s"}</div>')
    return box_html(title, body, style="min-width:70px")


def _empty_column(i: int) -> str:
    """A dashed placeholder where column ``i`` could be started."""
    return box_html(f"Column {i + 1}", '<div class="pl-col"><span class="pl-slot">empty</span></div>'
                    '<div class="pl-muted">&nbsp;</div>', style="min-width:70px")


def _bench_html(cards) -> str:
    """A bench: small cards grouped by colour (the engine keeps them sorted)."""
    if not cards:
        return '<span class="pl-muted">bench empty</span>'
    groups = []
    for colour in COLOURS:
        mine = [c for c in cards if c.colour == colour]
        if mine:
            groups.append(f'<span style="margin-right:6px;white-space:nowrap">{cards_html(mine)}</span>')
    return f'<div class="pl-row" style="gap:0">{"".join(groups)}</div>'


def _bank_html(cards) -> str:
    """A bank: a face-down stack with its card count and points."""
    if not cards:
        return '<span class="pl-muted" title="banked cards are safe">bank empty</span>'
    points = sum(c.points for c in cards)
    caption = f"bank: {points} pt{'' if points == 1 else 's'} ({len(cards)} card{'' if len(cards) == 1 else 's'})"
    return stack_html(len(cards), caption, title="banked cards are safe", size="sm")


def _direction_text(direction: int) -> str:
    """Collection direction as an arrow and words."""
    return "\u21bb clockwise" if direction >= 0 else "\u21ba counter-clockwise"


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
    caption = f"switch pile: {n} (lasts)" if game.direction_lasts else f"set aside: {n}"
    shown = game.switch_pile[-4:]       # the top few; the count says how many
    return (f'<span class="pl-stack" title="switch cards beside the draw pile"><span>'
            f'{cards_html(shown)}</span><span class="pl-cap">{caption}</span></span>')


def _status_line(game, labels=None) -> str:
    """Who must act and what they must do."""
    if game.is_over:
        scores = game.scores()
        names = " and ".join(game.players[i] for i in game.winners())
        return f"Game over: {names} {'win' if len(game.winners()) > 1 else 'wins'} with {max(scores)} points"
    active = game.players[game.active_player]
    if game.phase == "collect":
        return f"{active}'s turn \u00b7 {game.players[game.collector]} must take a column"
    return f"{active}'s turn \u00b7 {PHASE_TEXT.get(game.phase, game.phase)}"


def table_html(game, labels=None, you: int | None = None) -> str:
    """The whole table of one state: piles, direction, columns, benches, banks, scores.

    ``labels`` optionally adds a word per player (e.g. a bot's kind); ``you`` marks
    the reader's seat.
    """
    status = f'<div style="font-size:16px;font-weight:600;margin:2px 4px 6px">{esc(_status_line(game))}</div>'
    # piles and direction
    pile = stack_html(game.draw_pile_size, f"draw pile: {game.draw_pile_size}",
                      title="cards left to draw")
    discards = game.discard_pile
    if discards:
        top = (f'<span class="pl-stack"><span class="pl-pile">{card_html(discards[-1])}</span>'
               f'<span class="pl-cap">discards: {len(discards)}</span></span>')
    else:
        top = stack_html(0, "discards: 0")
    switches = _switch_pile_html(game)
    lasts = game.direction_lasts
    reach = "until the next switch card" if lasts else "this turn only"
    tip = ("order in which players collect columns; switch cards last until the next one"
           if lasts else "order in which players collect columns this turn")
    direction = (f'<div class="pl-box pl-direction" title="{tip}">'
                 f'<h4>Collection</h4><div style="font-size:20px">{esc(_direction_text(game.direction))}</div>'
                 f'<div class="pl-muted">{reach}</div></div>')
    pending = ""
    if game.pending is not None:
        pending = box_html("Drawn card", card_html(game.pending), highlight=True)
    piles = row_html([pile, top, switches, direction, pending])
    # columns
    cols = [column_html(col, f"Column {i + 1}") for i, col in enumerate(game.columns)]
    cols += [_empty_column(i) for i in range(len(game.columns), 3)]
    columns = box_html("Columns on the table", row_html(cols), style="display:inline-block")
    # players
    scores = game.scores()
    boxes = []
    for i, name in enumerate(game.players):
        tag = []
        if you is not None and i == you:
            tag.append("you")
        if labels and labels[i]:
            tag.append(labels[i])
        title = name + (f" ({', '.join(tag)})" if tag else "") + f" \u2014 {scores[i]} pt{'' if scores[i] == 1 else 's'}"
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
    if not items:
        return f'{CSS}<div class="pl-root pl-muted" role="log" aria-live="polite">Nothing has happened yet.</div>'
    first = items[0][0]
    lis = "".join(f'<li class="{"pl-new" if k - 1 >= start else ""}">{esc(text)}</li>' for k, text in items)
    return f'{CSS}<div class="pl-root" role="log" aria-live="polite" aria-label="Event log"><ol class="pl-log" tabindex="0" start="{first}">{lis}</ol></div>'


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
        return f'{CSS}<div class="pl-root pl-muted">No next card: the draw pile is empty.</div>'
    counting = odds.bust_probability(game, counting=True)
    naive = odds.bust_probability(game, counting=False)
    rows = (f'<tr><td>counting the cards seen</td><td><b>{_pct(counting)}</b>{esc(_frac(counting))}</td></tr>'
            f'<tr><td>naive (full deck minus the columns)</td><td><b>{_pct(naive)}</b>{esc(_frac(naive))}</td></tr>')
    bars = []
    for label, p in _dist_items(odds.next_card_distribution(game, counting=True)):
        width = int(round(150 * float(p)))
        colour = "#c62828" if label.startswith("bust") else "#5b8cc0"
        bars.append(f'<tr><td>{esc(label)}</td><td><span class="pl-bar" style="width:{width}px;'
                    f'background:{colour}"></span> {_pct(p)}</td></tr>')
    return (f'{CSS}<div class="pl-root">'
            + box_html("Chance the next card busts", f'<table class="pl-kv">{rows}</table>')
            + box_html(f"What the next card does ({game.draw_pile_size} cards in the pile)",
                       f'<table class="pl-kv">{"".join(bars)}</table>')
            + "</div>")


_DIST_LABELS = {"bust": "bust (fits no column)", "new column only": "needs a new column",
                "fits 1": "fits 1 column", "fits 2": "fits 2 columns", "fits 3": "fits 3 columns",
                "roll": "roll card", "switch": "switch card"}


def _dist_items(dist):
    """(label, probability) rows of a next-card distribution, in the library's key order, zeros dropped."""
    return [(_DIST_LABELS.get(k, str(k)), p) for k, p in dist.items() if p]


# --------------------------------------------------------------------------- session

#: Bot kinds a reader can choose, by name, with a one-line description.
BOT_KINDS = {
    "cautious": "stops after 2 cards",
    "steady": "stops after 3 cards",
    "bold": "stops when the bust risk reaches 30%",
    "greedy": "draws while the expected gain is positive",
    "hint": "plays the one-turn expectimax move (exact for this turn; never banks)",
    "rollout": "whole-game rollouts, 100 per action, for draw/stop/bank (slower)",
    "random": "chooses at random",
}


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
        raise SetupError(f"unknown bot kind {kind!r}; choose one of {', '.join(makers)}")
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


STARTS = {"random": "chosen at random", "you": "you start", "bot": "a bot starts"}


class LuckSession:
    """A game between the reader (seat ``you``) and bots in the other seats; no widgets.

    ``act(action)`` applies the reader's action (errors go to ``.error``, the state is
    unchanged), then the bots move until the reader must decide again or the game is
    over. ``undo()`` goes back to the reader's previous decision. Without a ``game``,
    ``first`` says who starts: ``"you"``, ``"bot"`` or ``"random"`` (the reader, Ann, then
    sits where that puts her; the first listed player starts, as the rules let players
    decide). ``policy`` is how every seat plays in the whole-game rollouts. ``switch_rule``
    (rule 10, ``"turn"`` or ``"game"``) sets up the new game when no ``game`` is given.

    >>> from pushlab.luck import Game
    >>> s = LuckSession(Game.new(["Ann", "Bot"], deck="R3 B5 G1 Y2", rolls="*"), bots=["cautious"])
    >>> s.act("stop"), s.error.startswith("Illegal:")
    (False, True)
    >>> s.act("draw"), s.game.phase
    (True, 'place')
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
            raise SetupError(f"play against 1 to 5 bots, not {len(bots)}")
        if first not in STARTS:
            raise SetupError(f"first must be one of {', '.join(STARTS)}, not {first!r}")
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
            raise SetupError(f"the game has {game.num_players} players but {len(bots)} bots + you were given")
        if not 0 <= you < game.num_players:
            raise SetupError(f"seat {you} does not exist in a {game.num_players}-player game")
        self.you = you
        seats = [i for i in range(game.num_players) if i != you]
        self.bots = {seat: (make_bot(b) if isinstance(b, str) else b) for seat, b in zip(seats, bots)}
        self.track_regret = track_regret
        self.policy = policy
        # the rollouts draw from their own stream, so the bots play the same with or without them
        self.advice_rng = np.random.default_rng(self.rng.bit_generator.seed_seq.spawn(1)[0])
        self.game = game
        self.history: list[tuple] = []   # (game, number of decisions) before each of the reader's actions
        self.decisions: list[Decision] = []
        self.error = ""
        self.seen = 0                     # log length when the reader last acted
        self._advisers = {}
        self._run_bots()

    # -- queries
    @property
    def labels(self) -> list[str]:
        """A word per seat: 'you' or the bot's kind."""
        out, kinds = [], iter(self.bot_kinds)
        for i in range(self.game.num_players):
            out.append("" if i == self.you else f"{next(kinds)} bot")
        return out

    @property
    def your_move(self) -> bool:
        """True when the reader must decide now."""
        return not self.game.is_over and self.game.current_player == self.you

    def legal(self) -> list[str]:
        """The reader's legal actions now (empty when a bot moves or the game is over)."""
        return self.game.legal_actions() if self.your_move else []

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
        gain = f", {float(values[best]) - float(max(others)):+.1f} points over the next move" \
            if others else ""
        how = "exact" if h.exact else f"looking {h.depth} draws ahead"
        text = (f"This turn only ({how}): {_action_words(best)} is worth "
                f"{float(values[best]):+.1f} points{gain}.")
        if banks:
            text += " Banking counts 0 here: its pay-off comes in later turns (see the whole game)."
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
    def act(self, action: str) -> bool:
        """Apply the reader's action; on an illegal action set ``error`` and return False."""
        self.error = ""
        try:
            if self.game.is_over:
                raise IllegalAction("the game is over; start a new game", action, [])
            if not self.your_move:
                raise IllegalAction(f"it is {self.game.players[self.game.current_player]}'s move, not yours",
                                    action, [])
            new = self.game.apply(action)
        except IllegalAction as exc:
            self.error = error_text(exc)
            return False
        decision = Decision(self.game, self._canonical(action, new))
        self.history.append((self.game, len(self.decisions)))
        self.decisions.append(decision)
        self.seen = len(self.game.log)
        self.game = new
        self._run_bots()
        return True

    def undo(self) -> bool:
        """Go back to before the reader's last action (bot moves after it are undone too)."""
        self.error = ""
        if not self.history:
            self.error = "Nothing to undo."
            return False
        self.game, n = self.history.pop()
        del self.decisions[n:]
        self.seen = len(self.game.log)
        return True

    def _canonical(self, action: str, new) -> str:
        """The legal action string that led to ``new`` (the engine accepts e.g. 'Bank red' for 'bank R')."""
        legal = self.game.legal_actions()
        if action in legal:
            return action
        return next((a for a in legal if self.game.apply(a) == new), action)

    def _run_bots(self) -> None:
        """Let the bots move until the reader must decide or the game is over."""
        game = self.game
        while not game.is_over and game.current_player != self.you:
            bot = self.bots[game.current_player]
            game = game.apply(bot.choose(game, self.rng))
        self.game = game

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


def _action_words(action: str) -> str:
    """An action string in words, for hints."""
    word, _, arg = action.partition(" ")
    if word == "place":
        return f"put the card in column {int(arg) + 1}"
    if word == "take":
        return f"take column {int(arg) + 1}"
    if word == "bank":
        return f"bank the {COLOUR_NAMES.get(arg, arg)} cards"
    return {"draw": "draw another card", "stop": "stop"}.get(word, action)


def _step_html(action: str) -> str:
    """A scripted action in words, with the script's own spelling when it differs (columns count from 0 there).

    >>> _step_html("take 0")
    'take column 1 (<code>take 0</code>)'
    >>> _step_html("draw")
    '<code>draw</code>'
    """
    word, _, arg = action.strip().partition(" ")
    if word in ("place", "take") and arg.strip().isdigit():
        words = f"{'put it in' if word == 'place' else 'take'} column {int(arg) + 1}"
    elif word == "bank" and arg.strip():
        words = f"bank {COLOUR_NAMES.get(arg.strip().upper(), arg.strip())}"
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
        parts.append(f'<p class="pl-muted">Whole game: estimating\u2026 {esc(progress)}</p>')
    else:
        rows = []
        for a, v in advice.values.items():
            star = STAR_MARK if a == advice.best else ""
            rows.append(f"<tr><td>{star}{esc(_action_words(a))}</td><td><b>{100 * v.win:.0f}%</b> "
                        f"({100 * v.win_low:.0f}\u2013{100 * v.win_high:.0f}%)</td>"
                        f"<td>{v.score:.0f}</td></tr>")
        more = f" {esc(progress)}" if progress else ""
        parts.append(
            f"<p><b>Whole game</b> (estimated from {advice.rollouts:,} rollouts per action{more}: "
            f"you take the action, then every player plays <i>{esc(policy)}</i> to the end)</p>"
            f'<table class="pl-kv"><tr><th>action</th><th>chance to win (95% CI)</th>'
            f"<th>final score</th></tr>{''.join(rows)}</table>"
            f"<p>Recommended: <b>{esc(_action_words(advice.best))}</b> (highest estimated chance "
            "to win; close calls are within the intervals).</p>")
        if advice.bench:
            parts.append(f'<p class="pl-muted">{esc(advice.explain())}</p>')
    if hint is not None:
        how = "exact" if hint.exact else f"looking {hint.depth} draws ahead"
        rows = "".join(f"<tr><td>{STAR_MARK if a == hint.best else ''}{esc(_action_words(a))}</td>"
                       f"<td>{v:+.1f}</td></tr>" for a, v in hint.values.items())
        parts.append(f"<p><b>This turn only</b> (one-turn expectimax, {how}: points you add this "
                     "turn minus the others' average; banking counts 0)</p>"
                     f'<table class="pl-kv"><tr><th>action</th><th>points</th></tr>{rows}</table>')
    return f'{CSS}<div class="pl-root pl-advice">{"".join(parts)}</div>'


def summary_html(session: LuckSession, progress: str = "") -> str:
    """End-of-game scores and the review of the reader's decisions against whole-game advice."""
    g = session.game
    scores = g.scores()
    order = sorted(range(g.num_players), key=lambda i: -scores[i])
    labels = session.labels
    score_rows = "".join(
        f'<tr><td>{TROPHY if i in g.winners() else ""}{esc(g.players[i])}</td>'
        f'<td>{esc(labels[i] or "you")}</td><td><b>{scores[i]}</b> pts</td></tr>' for i in order)
    rows = session.regret_rows()
    if not session.track_regret:
        regret = '<p class="pl-muted">Decisions are not reviewed in this game.</p>'
    elif not session.reviewed:
        regret = (f'<p class="pl-muted">Reviewing your decisions against whole-game advice\u2026 '
                  f'{esc(progress)}</p>')
    elif not rows:
        regret = '<p class="pl-muted">You had no decision with a choice.</p>'
    else:
        total, se = session.total_regret()
        matched = sum(r["action"] == r["best"] for r in rows)
        costly = sorted((r for r in rows if r["action"] != r["best"]), key=lambda r: -r["regret"])
        n = next(d.advice.rollouts for d in session.decisions if d.advice is not None)
        regret = (f"<p>You made {len(rows)} decisions with a choice (banking included); {matched} "
                  f"matched the whole-game advice. Against it, your other choices cost about "
                  f"<b>{100 * total:.1f} percentage points</b> of winning chance in total "
                  f"(95% CI \u00b1{100 * 1.96 * se:.1f}). Estimated from {n} rollouts per action, "
                  f"every player then playing <i>{esc(_policy_text(session))}</i>; each decision is "
                  "judged from the position you faced, not by how the cards fell.</p>")
        if costly:
            lines = "".join(
                f'<tr><td>{esc(DECISION_WORDS.get(r["phase"], r["phase"]))}</td>'
                f'<td>{esc(_action_words(r["action"]))}</td><td>{esc(_action_words(r["best"]))}</td>'
                f'<td>{100 * r["win"]:.0f}% vs {100 * r["best_win"]:.0f}%</td>'
                f'<td>{100 * r["regret"]:+.1f} \u00b1 {100 * 1.96 * r["regret_se"]:.1f}</td></tr>'
                for r in costly[:10])
            which = "The 10 costliest" if len(costly) > 10 else "Where the advice differed"
            regret += (f'<p>{which} (winning chance lost, in percentage points, 95% CI):</p>'
                       '<table class="pl-kv"><tr><th>decision</th><th>you chose</th><th>advice</th>'
                       f'<th>chance to win</th><th>lost</th></tr>{lines}</table>')
    return (f'{CSS}<div class="pl-root">'
            + box_html("Final scores", f'<table class="pl-kv">{score_rows}</table>')
            + box_html("Your decisions against whole-game advice", regret) + "</div>")


# --------------------------------------------------------------------------- widgets

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
        side = [w.HTML(f"{CSS}<div class='pl-root'><b>Event log</b></div>"), self.log]
        if self.odds:
            side.append(self.odds.widget)
        header = [w.HTML(f"{CSS}<div class='pl-root' style='font-size:18px;font-weight:600'>{esc(title)}</div>")] \
            if title else []
        self.widget = w.VBox(header + [
            self.step_controls(), self.note, self.message.widget,
            w.HBox([self.table.widget, w.VBox(side)], layout=w.Layout(align_items="flex-start")),
        ])
        self.widget.add_class("pl-stepthrough")
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
            raise SetupError("CompareSteps needs at least one game")
        self.setup_steps(items[0][1], actions, notes)
        self.lines = [replay(game, self.actions) for _, game in items]
        self.tables = [TableView(game, width=width) for _, game in items]
        self.logs = [w.HTML(layout=w.Layout(width=width)) for _ in items]
        sides = [w.VBox([w.HTML(f"{CSS}<div class='pl-root' style='font-size:16px;font-weight:600;"
                                f"margin:4px'>{esc(caption)}</div>"),
                         table.widget, w.HTML(f"{CSS}<div class='pl-root'><b>Event log</b> (latest)</div>"),
                         log])
                 for (caption, _), table, log in zip(items, self.tables, self.logs)]
        header = [w.HTML(f"{CSS}<div class='pl-root' style='font-size:18px;font-weight:600'>{esc(title)}</div>")] \
            if title else []
        self.widget = w.VBox(header + [
            self.step_controls(), self.note, self.message.widget,
            w.HBox(sides, layout=w.Layout(align_items="flex-start", flex_flow="row wrap")),
        ])
        self.widget.add_class("pl-comparesteps")
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
        self.n_bots = w.BoundedIntText(value=n_bots, min=1, max=5, description="Bots:",
                                       tooltip="How many bots play against you (1-5)",
                                       layout=w.Layout(width="130px"), style={"description_width": "40px"})
        first_kind = bot_kinds[0] if bot_kinds else "steady"
        self.kind = w.Dropdown(options=[(f"{k} ({d})", k) for k, d in BOT_KINDS.items()] + [("mixed", "mixed")],
                               value=first_kind if first_kind in kinds else "steady", description="Bot kind:",
                               tooltip="How the bots decide", layout=w.Layout(width="330px"),
                               style={"description_width": "65px"})
        self.seed = w.IntText(value=0 if seed is None else int(seed), description="Seed:",
                              tooltip="Same seed, same shuffle: replay a game",
                              layout=w.Layout(width="150px"), style={"description_width": "40px"})
        self.first = w.Dropdown(options=[(text, key) for key, text in STARTS.items()], value=first,
                                description="Starts:", tooltip="Who plays the first turn",
                                layout=w.Layout(width="190px"), style={"description_width": "45px"})
        self.switch_rule = w.Dropdown(
            options=[(SWITCH_RULE_WORDS["turn"], "turn"), (SWITCH_RULE_WORDS["game"], "game")],
            value=switch_rule, description="Switch cards:",
            tooltip="Rule 10: does a switch card reverse collection for this turn only, "
                    "or until the next switch card (as the printed rule texts say)?",
            layout=w.Layout(width="330px"), style={"description_width": "90px"})
        self.switch_rule.add_class("pl-switch-rule")
        self.rule_note = w.HTML()
        self.rule_note.add_class("pl-rule-note")
        self.new_game = w.Button(description="New game", icon="refresh", tooltip="Deal a new game with these settings")
        self.show_hint = w.Checkbox(value=hints, description="Show advice", indent=False,
                                    tooltip="Whole-game advice (estimated by rollouts) and the exact "
                                            "one-turn values", layout=w.Layout(width="120px"))
        # action controls
        self.draw = w.Button(description="Draw", icon="hand-paper-o", button_style="primary",
                             tooltip="Draw the top card of the pile")
        self.stop = w.Button(description="Stop", icon="hand-stop-o", button_style="warning",
                             tooltip="Stop pushing and take a column")
        self.columns = [w.Button(description=f"Column {i + 1}", tooltip=f"Put the card in / take column {i + 1}",
                                 layout=w.Layout(width="120px")) for i in range(3)]
        self.new_column = w.Button(description="New column", icon="plus", tooltip="Start a new column with the card")
        self.banks = [w.Button(description=f"Bank {COLOUR_NAMES[c]}",
                               tooltip=f"Bank all your {COLOUR_NAMES[c]} bench cards",
                               layout=w.Layout(width="120px")) for c in COLOURS]
        self.undo = w.Button(description="Undo", icon="undo", tooltip="Take back your last decision")
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
                       w.HTML(f"{CSS}<div class='pl-root'><b>Event log</b> (latest last)</div>"), self.log],
                      layout=w.Layout(width="360px", min_width="300px"))
        self.widget = w.VBox([setup, self.rule_note, self.prompt, actions, self.message.widget, self.summary,
                              w.HBox([self.table.widget, side],
                                     layout=w.Layout(align_items="flex-start", flex_flow="row wrap"))])
        self.widget.add_class("pl-playapp")
        self._given_kinds = list(bot_kinds) if bot_kinds else None
        self.link = PositionLink(lambda: self.session.game)
        self.widget.children = (self.widget.children[0], self.link.widget, *self.widget.children[1:])
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
        """Send an action to the session and show its error, if any."""
        if not self.session.act(action):
            self.message.error(self.session.error)
        self.refresh()

    def _column(self, i: int) -> None:
        """A column button: place into or take column i, whichever the phase asks."""
        phase = self.session.game.phase
        self._act(f"take {i}" if phase == "collect" else f"place {i}")

    def _new_column(self) -> None:
        """Start a new column with the drawn card."""
        self._act(f"place {len(self.session.game.columns)}")

    def _undo(self) -> None:
        """Undo the reader's last decision."""
        if not self.session.undo():
            self.message.info(self.session.error)
        self.refresh()

    def refresh(self) -> None:
        """Redraw everything from the session; enable exactly the legal choice buttons."""
        s = self.session
        g = s.game
        legal = set(s.legal())
        self.table.labels, self.table.you = s.labels, s.you
        self.table.show(g)
        self.rule_note.value = (f"{CSS}<div class='pl-root pl-muted'>In this game: "
                                f"{esc(SWITCH_RULE_TEXT[g.switch_rule])}</div>")
        over = g.is_over
        self.draw.disabled = self.stop.disabled = over          # always pressable while playing
        collect = g.phase == "collect"
        for i, b in enumerate(self.columns):
            b.description = f"Take column {i + 1}" if collect else f"Column {i + 1}"
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
        self._show_progress(0, total, "advice")
        yield
        for done, _ in s.advice_steps(total, self.chunk):
            more = f"(computing: {done:,} of {total:,})" if done < total else ""
            self.hint.value = advice_html(s.adviser().advice(), hint, s, more)
            self._show_progress(done, total, "advice")
            yield

    def _review_steps(self):
        """Review the reader's decisions after the game, with progress."""
        s = self.session
        for done, total in s.review_steps(self.review_rollouts, self.chunk):
            self._show_progress(done, total, "review")
            self.summary.value = summary_html(s, f"({done} of {total} decisions)")
            yield
        self.summary.value = summary_html(s)

    def _prompt_text(self) -> str:
        """What the reader should do now, in words."""
        g = self.session.game
        if g.is_over:
            return "The game is over. Press 'New game' to play again."
        phase = g.phase
        if phase == "push" and not g.columns:
            return "No column yet (a switch card is set aside): Draw again."
        return {
            "turn": "Your turn: Draw a card, or bank one colour of your bench.",
            "place": "Put the drawn card in a column (or start a new column).",
            "push": "Draw again, or Stop and take a column.",
            "collect": "Take one of the columns on the table.",
        }.get(phase, PHASE_TEXT.get(phase, ""))

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)
