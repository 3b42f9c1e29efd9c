"""Bots for Push (push-your-luck): ``choose(game, rng) -> action string``.

A bot is any object with a ``choose(game, rng)`` method (and a readable ``name``),
or a plain function ``f(game, rng) -> str``. Every bot here shares three rules
(documented precisely because :mod:`pushlab.luck.sim` re-implements them in numpy):

- **bank** (phase ``turn``): with ``bank_at=x``, bank the bench colour with the most
  points (ties: first in ``RBGYP``) once it holds at least ``x`` points; ``None``
  never banks. Default :data:`DEFAULT_BANK_AT` = None: measured, banking costs a
  threshold bot win rate against non-bankers at every threshold (docs/decisions.md).
- **place** (:func:`placement`): a number card goes to the column that accepts it
  with no roll card and the most points (then any accepting column with the most
  points; ties: lowest index); a new column only when no column accepts it. A roll
  card starts a new column while fewer than three exist, else goes to the accepting
  column with the fewest points.
- **take** (:func:`take_choice`): the column with the highest expected immediate
  points for the collector: its points minus, with a roll card, the expected die
  loss ``(bench + column points) / 6`` (``/ 3`` in the harder game); ties: lowest index.

Subclasses only decide ``draw`` or ``stop`` in phase ``push``.

>>> from pushlab.luck import Game
>>> g = Game.new(3, deck="R3 B5 R4 G1 Y2", rolls="*")
>>> bot = StopAfter(2)
>>> actions = []
>>> while g.phase != "collect":
...     actions.append(bot.choose(g))
...     g = g.apply(actions[-1])
>>> actions
['draw', 'place 0', 'draw', 'place 0', 'stop']
>>> StopAfter(2)
StopAfter(2, bank_at=None)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np

from pushlab.checks import is_count, probability as as_fraction
from pushlab.errors import IllegalAction, SetupError
from pushlab.luck.policy import DEFAULT_POLICY, BankRule, Policy, StopRule
from pushlab.luck.rules import (DEFAULT_BANK_AT, MAX_COLUMNS, bank_choice, bench_colour_points, card_fits,  # noqa: F401
                                cards_in_columns, column_points, pile_bust_probability, placement,
                                take_choice, take_value6)
from pushlab.luck.sim import simulate_from
from pushlab.luck.odds import bust_probability, hint
from pushlab.luck.game import Game
from pushlab.protocol import game_seeds, play
from pushlab.seeding import entropy, make_rng


# The shared rules (placement, take_choice, bank_choice, ...) live in pushlab.luck.rules;
# they stay importable from here.
def _value_after(card, columns, bench: int, harder: bool) -> int:
    """6 x the value of stopping after ``card`` is drawn (bust: minus the expected loss)."""
    if card.is_switch:
        new = columns
    else:
        i = placement(card, columns)
        if i is None:
            return -(1 + harder) * bench
        new = list(columns)
        if i == len(columns):
            new.append((card,))
        else:
            new[i] = columns[i] + (card,)
    if not new:
        return 0
    return max(take_value6(col, bench, harder) for col in new)


# ---------------------------------------------------------------------- bots
class Bot:
    """Base bot: the shared bank/place/take rules; subclasses decide draw or stop."""

    def __init__(self, bank_at=DEFAULT_BANK_AT):
        if bank_at is not None and not is_count(bank_at):
            raise SetupError(f"bank_at must be a positive int or None, got {bank_at!r}")
        self.bank_at = bank_at

    @property
    def name(self) -> str:
        """A readable name (the repr)."""
        return repr(self)

    def _args(self) -> list:
        """Positional arguments shown in the repr."""
        return []

    def __repr__(self) -> str:
        args = [repr(a) for a in self._args()] + [f"bank_at={self.bank_at!r}"]
        return f"{type(self).__name__}({', '.join(args)})"

    def __eq__(self, other):
        return type(self) is type(other) and repr(self) == repr(other)

    def __hash__(self):
        return hash(repr(self))

    def choose(self, game, rng=None) -> str:
        """The action this bot takes in ``game`` (a legal one): the bank rule first, then :meth:`decide`."""
        _check_not_over(game)
        colour = bank_choice(game, self.bank_at)
        return f"bank {colour}" if colour else self.decide(game, rng)

    def decide(self, game, rng) -> str:
        """Every decision but banking, by phase (``on_turn``, ``on_place``, ...)."""
        return getattr(self, _PHASES[game.phase])(game, rng)

    def on_turn(self, game, rng) -> str:
        """Start of turn when the bank rule did not trigger: draw."""
        return "draw"

    def on_place(self, game, rng) -> str:
        """Place the pending card by :func:`placement`."""
        return f"place {placement(game.pending, game.columns)}"

    def on_push(self, game, rng) -> str:
        """Draw or stop; forced moves first, then :meth:`should_stop`."""
        if not game.columns:
            return "draw"
        if not game.draw_pile:
            return "stop"
        return "stop" if self.should_stop(game, rng) else "draw"

    def on_collect(self, game, rng) -> str:
        """Take a column by :func:`take_choice`."""
        return f"take {take_choice(game)}"

    def should_stop(self, game, rng) -> bool:
        """True to stop now (a column exists and the pile is not empty)."""
        raise NotImplementedError


def _check_not_over(game) -> None:
    """Raise IllegalAction when there is nothing to decide."""
    if game.is_over:
        raise IllegalAction("the game is over: there is no action to choose", legal=[])


_PHASES = {"turn": "on_turn", "place": "on_place", "push": "on_push", "collect": "on_collect"}


def _pick(legal, rng):
    """A uniformly random element of ``legal`` using ``rng``."""
    if rng is None:
        raise SetupError("this bot needs a numpy Generator: choose(game, rng)")
    return legal[int(rng.integers(len(legal)))]


class RandomBot(Bot):
    """Uniformly random legal actions (banking by ``bank_at`` first if it triggers).

    >>> from pushlab.luck import Game
    >>> RandomBot().choose(Game.new(2, seed=1), np.random.default_rng(0))
    'draw'
    >>> RandomBot()
    RandomBot(bank_at=None)
    """

    def __init__(self, bank_at=None):
        super().__init__(bank_at)

    def decide(self, game, rng) -> str:
        """A random legal action."""
        return _pick(game.legal_actions(), rng)


class StopAfter(Bot):
    """Stop once ``k`` cards lie in the columns this turn.

    >>> StopAfter(3, bank_at=None).k
    3
    """

    def __init__(self, k: int = 5, bank_at=DEFAULT_BANK_AT):
        if not is_count(k):
            raise SetupError(f"StopAfter needs k >= 1 cards, got {k!r}")
        super().__init__(bank_at)
        self.k = int(k)

    def _args(self):
        return [self.k]

    def should_stop(self, game, rng) -> bool:
        """Stop when at least ``k`` cards are in the columns."""
        return cards_in_columns(game) >= self.k

    def as_policy(self) -> Policy:
        """This bot as the simulator's :class:`~pushlab.luck.policy.Policy` (``after k``)."""
        return Policy(StopRule("after", self.k), None if self.bank_at is None else BankRule("at", self.bank_at))


class StopAtRisk(Bot):
    """Stop once the exact chance that the next card busts reaches ``p``.

    Uses :func:`pushlab.luck.odds.bust_probability` (``counting=True``).

    >>> StopAtRisk(0.25)
    StopAtRisk(0.25, bank_at=None)
    """

    def __init__(self, p: float = 0.25, bank_at=DEFAULT_BANK_AT):
        try:
            risk = as_fraction(p)
        except SetupError:
            raise SetupError(f"StopAtRisk needs a probability 0..1, got {p!r}") from None
        super().__init__(bank_at)
        self.p, self.risk = p, risk

    def _args(self):
        return [self.p]

    def should_stop(self, game, rng) -> bool:
        """Stop when the bust probability of the next card is at least ``p`` (read as its decimal)."""
        return _bust_probability(game) >= self.risk

    def as_policy(self) -> Policy:
        """This bot as the simulator's :class:`~pushlab.luck.policy.Policy` (``risk p``)."""
        return Policy(StopRule("risk", self.p), None if self.bank_at is None else BankRule("at", self.bank_at))


def _bust_probability(game):
    """Counting-view bust probability of the next card."""
    return bust_probability(game, counting=True)


class Greedy(Bot):
    """One step: draw iff one more card then stopping beats stopping now, in expectation.

    Values are expected immediate points of the column the bot would take (roll-card
    and bust losses included), over the make-up of the draw pile.

    >>> from pushlab.luck import Game
    >>> g = Game.new(2, deck="R6 B5 G4 R1 R2 R3", rolls="*")
    >>> for a in ["draw", "place 0", "draw", "place 0", "draw", "place 0"]:
    ...     g = g.apply(a)
    >>> Greedy().choose(g)
    'stop'
    """

    def should_stop(self, game, rng) -> bool:
        """Stop unless the expected value of one more card is strictly higher."""
        return self.gain6(game) <= 0

    @staticmethod
    def gain6(game) -> Fraction:
        """6 x (expected value of drawing one card then stopping - value of stopping now)."""
        me = game.active_player
        bench = sum(c.points for c in game.benches[me])
        now = max(take_value6(col, bench, game.harder) for col in game.columns)
        counts = Counter(game.draw_pile)
        total = sum(m * _value_after(card, game.columns, bench, game.harder)
                    for card, m in counts.items())
        return Fraction(total, len(game.draw_pile)) - now


class HintBot(Bot):
    """Follows ``odds.hint(game).best`` (expectimax hint); shared rules where it has none.

    Banking by ``bank_at`` (default None: leave banking to the hint) is applied first.
    """

    def __init__(self, bank_at=None):
        super().__init__(bank_at)

    def decide(self, game, rng) -> str:
        """The hinted action if legal, else the shared rules."""
        best = getattr(hint(game), "best", None)
        if best in game.legal_actions():
            return best
        return super().decide(game, rng)

    def should_stop(self, game, rng) -> bool:
        """Fallback only: stop at a one-in-four bust risk."""
        return _bust_probability(game) >= 0.25


class RolloutBot(Bot):
    """Plays :func:`pushlab.luck.advise`'s recommendation: the action with the highest
    estimated win probability over ``rollouts`` whole-game continuations per action, in
    which every seat (itself included) then plays ``policy``.

    Only decisions with a choice are simulated, in the phases ``phases`` (default: all;
    others follow ``policy``); with ``push_pile=N``, draw-or-stop decisions only while
    the draw pile holds at most N cards (the late game, where rollouts are short and the
    score situation matters most; default None: always). It leaves the policy's own
    action only for one whose win estimate is higher by more than ``margin`` standard
    errors of the paired difference (default 0: always the recommendation), so that
    rollout noise does not replace a sound move by a lucky one. Its randomness comes from
    the ``rng`` passed to ``choose`` (None: fresh entropy). It runs the same rollouts as ``advise`` (same
    Generator, same result) but skips the one-turn hint it does not use.

    >>> from pushlab.luck import Game
    >>> RolloutBot(100).choose(Game.new(3, seed=1), np.random.default_rng(0))
    'draw'
    >>> RolloutBot(300, policy="after 4")
    RolloutBot(300, policy='after 4')
    >>> RolloutBot(500, phases=("turn", "push"), margin=1, push_pile=30, bank_top=True)
    RolloutBot(500, policy='after 5', phases=('turn', 'push'), margin=1, push_pile=30, bank_top=True)
    """

    PHASES = ("turn", "place", "push", "collect")

    def __init__(self, rollouts: int = 200, policy=None, phases=PHASES, margin: float = 0.0,
                 push_pile: int | None = None, bank_top: bool = False):
        if not is_count(rollouts, 2):
            raise SetupError(f"RolloutBot needs rollouts >= 2, got {rollouts!r}")
        if not set(phases) <= set(self.PHASES):
            raise SetupError(f"phases must be among {self.PHASES}, got {phases!r}")
        super().__init__(None)
        self.rollouts = int(rollouts)
        self.policy = Policy.of(DEFAULT_POLICY if policy is None else policy)
        self.phases = tuple(phases)
        if isinstance(margin, bool) or not isinstance(margin, (int, float)) or margin < 0:
            raise SetupError(f"margin must be a number of standard errors >= 0, got {margin!r}")
        self.margin = margin
        if push_pile is not None and not is_count(push_pile, 0):
            raise SetupError(f"push_pile must be a number of cards >= 0 or None, got {push_pile!r}")
        self.push_pile = None if push_pile is None else int(push_pile)
        if not isinstance(bank_top, bool):
            raise SetupError(f"bank_top must be True or False, got {bank_top!r}")
        self.bank_top = bank_top

    def __repr__(self) -> str:
        extra = "" if self.phases == self.PHASES else f", phases={self.phases!r}"
        extra += f", margin={self.margin!r}" if self.margin else ""
        extra += f", push_pile={self.push_pile!r}" if self.push_pile is not None else ""
        extra += ", bank_top=True" if self.bank_top else ""
        return f"RolloutBot({self.rollouts}, policy={str(self.policy)!r}{extra})"

    def simulates(self, game) -> bool:
        """True when this decision is settled by rollouts (else the policy plays it)."""
        if game.phase not in self.phases or len(game.legal_actions()) == 1:
            return False
        return not (game.phase == "push" and self.push_pile is not None
                    and game.draw_pile_size > self.push_pile)

    def candidates(self, game) -> list:
        """The actions compared by rollouts (legal order): all, or with ``bank_top`` at the
        start of a turn drawing and banking the bench's top colour."""
        legal = game.legal_actions()
        if not self.bank_top or game.phase != "turn":
            return legal
        colour = bank_choice(game, 1)
        return [a for a in legal if not a.startswith("bank") or a == f"bank {colour}"]

    def decide(self, game, rng) -> str:
        """The advised action where there is a choice in one of ``phases``."""
        own = self.policy.choose(game)
        if not self.simulates(game):
            return own
        legal = self.candidates(game)
        me = game.current_player
        c = simulate_from(game, self.rollouts, self.policy, actions=legal, rng=make_rng(rng))
        wins, scores = c.wins[:, :, me], c.scores[:, :, me]
        win, score = wins.mean(1), scores.mean(1)
        best = max(range(len(legal)), key=lambda i: (win[i], score[i], -i))
        if legal[best] == own or not self.margin:
            return legal[best]
        diff = wins[best] - wins[legal.index(own)]
        se = diff.std(ddof=1) / np.sqrt(diff.size)
        return legal[best] if diff.mean() > self.margin * se else own


BOT_KINDS = (RandomBot, StopAfter, StopAtRisk, Greedy, HintBot, RolloutBot)


# ---------------------------------------------------------------------- whole games
def play_game(bots, *, seed=None, **game_options):
    """Play a whole game, seat ``i`` by ``bots[i]``; return the final ``Game``.

    ``seed`` (int) makes it reproducible: the deck, the die and the bots' Generator
    all derive from it (as game 0 of ``tournament(bots, seed=seed)`` without rotation).
    ``game_options`` go to ``Game.new`` (``harder``, ``switch_cards``, ``deck``, ...).

    >>> a = play_game([StopAfter(2), Greedy(), RandomBot()], seed=4)
    >>> b = play_game([StopAfter(2), Greedy(), RandomBot()], seed=4)
    >>> a.is_over, a == b
    (True, True)
    """
    players = game_options.pop("players", len(bots))
    ((game_seed, rng),) = game_seeds(entropy(seed), 1)
    game = Game.new(players, seed=game_seed, **game_options)
    if game.num_players != len(bots):
        raise SetupError(f"{game.num_players} players but {len(bots)} bots")
    return play(game, bots, rng)
