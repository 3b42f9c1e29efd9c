"""Whole-deal advice for the player to move, by determinized rollouts with ExpertBot.

:func:`advise` estimates, for each choice open to the player to move, the **expected
penalty difference** at the end of the current deal: the player's partnership's penalty
minus the other partnership's (rule 19; lower is better, negative means ahead).

- Draw phase: ``take`` (when there is a discard) and ``push``.
- Play phase: every discard, and the best meld/lay-off line the meld finder sees (the
  melds, lay-offs and wild replacements :class:`~pushlab.rummy.expert.ExpertBot` would play
  this turn before its discard), keyed by the line's first action.

Model: the player knows their own hand, the table, the discard pile and everyone's hand
size; every other card (the other three hands and the stock) is sampled uniformly from
the cards the player has not seen (a *determinization*; what players revealed by
taking discards is not used). Each sample is played to the end of the deal by four
ExpertBots after the choice; every choice is rolled out on the same samples (common
random numbers), so their differences are sharper than their standard errors suggest.
These are estimates under that model, with standard errors, not exact values.

>>> from pushlab.rummy.game import Game
>>> a = advise(Game.new(seed=1, deals=(1,), dealer=0), rollouts=4, seed=0)
>>> sorted(a.values), a.best in a.values, a.rollouts
(['push', 'take'], True, 4)
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field, replace

import numpy as np

from pushlab.checks import is_count
from pushlab.errors import PushlabError
from pushlab.i18n import _
from pushlab.rummy.cards import full_deck
from pushlab.rummy.expert import ExpertBot, _collector_paused
from pushlab.seeding import make_rng

__all__ = ["Advice", "Value", "advise", "choices", "determinize", "unseen_cards", "DEFAULT_BUDGET",
           "DEFAULT_ROLLOUTS", "MIN_ROLLOUTS"]

DEFAULT_BUDGET = 64
"""Rollouts in all by default, shared among the choices (the latency goal: p95 <= 1 s,
``advise_latency`` in ``python -m pushlab.bench rummy``)."""

MIN_ROLLOUTS = 4
"""The fewest rollouts per choice by default, however many choices there are."""

DEFAULT_ROLLOUTS = DEFAULT_BUDGET // 8
"""Rollouts per choice for a typical play decision (8 choices) by default."""

_MAX_STEPS = 3000           # a rollout longer than this is a bug (the round cap ends deals)


@dataclass(frozen=True)
class Value:
    """An estimated expected penalty difference: ``mean``, its standard error ``se``, ``n`` rollouts."""

    mean: float
    se: float
    n: int

    def __str__(self):
        """``-12.5 ± 4.1``."""
        return f"{self.mean:+.1f} ± {self.se:.1f}"


@dataclass(frozen=True)
class Advice:
    """The estimates for one decision: ``values[action]`` (a :class:`Value`), the ``lines``
    (the whole meld/lay-off line a value stands for, by its first action), ``player``,
    ``phase`` and ``rollouts`` per choice."""

    player: int
    phase: str
    values: dict
    lines: dict = field(default_factory=dict)
    rollouts: int = 0

    @property
    def best(self) -> str:
        """The choice with the lowest estimated penalty difference (an estimate: see the SEs)."""
        return min(self.values, key=lambda a: (self.values[a].mean, a))

    def ranked(self) -> list:
        """(action, Value) pairs, best first."""
        return sorted(self.values.items(), key=lambda kv: (kv[1].mean, kv[0]))

    def __str__(self):
        """One line per choice, best first."""
        head = (f"Whole-deal estimate for player {self.player} ({self.rollouts} rollouts per "
                f"choice, ExpertBot in every seat): expected penalty difference, lower is better")
        rows = [f"  {a:<40} {v}" + ("  <- best" if a == self.best else "")
                for a, v in self.ranked()]
        return "\n".join([head] + rows)


def unseen_cards(game, player: int) -> list:
    """The cards ``player`` has not seen, sorted: the deck minus their hand, the discard
    pile and the table (as a multiset; hidden hands and the stock are drawn from these).

    >>> from pushlab.rummy.game import Game
    >>> g = Game.new(seed=1, deals=(1,))
    >>> len(unseen_cards(g, 0)) == 108 - 6 - 1
    True
    """
    left = Counter(full_deck())
    left.subtract(game.hands[player])
    left.subtract(game.discard_pile)
    for m in game.table:
        left.subtract(m.cards)
    if any(n < 0 for n in left.values()):
        raise PushlabError(_("the position holds more copies of a card than the 108-card deck"))
    return sorted(left.elements())


def determinize(game, player: int, rng, pool=None):
    """A copy of ``game`` limited to its current deal in which every card ``player`` cannot
    see (other hands, stock) is redrawn from :func:`unseen_cards`; hand and stock sizes kept.

    It reads nothing hidden: only the player's hand, public cards and sizes.
    """
    pool = unseen_cards(game, player) if pool is None else pool
    order = rng.permutation(len(pool))
    hands, i = list(game.hands), 0
    for q in range(4):
        if q != player:
            n = len(hands[q])
            hands[q] = tuple(sorted((pool[j] for j in order[i:i + n]), key=_order))
            i += n
    stock = tuple(pool[j] for j in order[i:i + game.stock_size])
    k = game.deal_index
    return replace(game, hands=tuple(hands), stock=stock, deals=(game.deals[k],), deal_index=0,
                   results=(), decks=(None,), deal_seeds=(game.deal_seeds[k],), events=())


def _order(card):
    """The engine's hand order."""
    return card.order


def _rollout(game, player) -> float:
    """Play a one-deal game to its end with ExpertBots: player's side minus the other side."""
    bots = [ExpertBot() for _ in range(4)]
    steps = 0
    while not game.is_over:
        game = game.apply(bots[game.current_player].choose(game))
        steps += 1
        if steps > _MAX_STEPS:
            raise PushlabError("a rollout did not end")    # pragma: no cover
    s = game.results[-1].scores
    return float(s[player % 2] - s[1 - player % 2])


def choices(game) -> dict:
    """The choices advise() weighs: {first action: the line of actions it stands for}."""
    if game.phase == "draw":
        return {a: (a,) for a in map(str, game.legal_actions())}
    out = {a: (a,) for a in map(str, game.legal_actions()) if a.startswith("discard")}
    line = _line(game)
    if line:
        out.setdefault(line[0], line)
    return out


def _line(game) -> tuple:
    """The melds, lay-offs and replacements ExpertBot plays this turn before discarding."""
    bot, p, steps = ExpertBot(), game.current_player, []
    while not game.is_over and game.current_player == p and game.phase == "play":
        a = str(bot.choose(game))
        if a.startswith("discard"):
            break
        steps.append(a)
        game = game.apply(a)
    return tuple(steps)


def _sample(world, lines, player) -> dict:
    """Every choice's rollout on one determinized world: {first action: result}.

    Python's cyclic garbage collector is paused while it plays (as :func:`advise` pauses it
    around the whole run: rollouts make no cyclic garbage), so a sample played in an
    executor's worker process is as quick as one played here."""
    out = {}
    with _collector_paused():
        for a, line in lines.items():
            g = world
            for step in line:
                g = g.apply(step)
            out[a] = _rollout(g, player)
    return out


def advise(game, *, rollouts: int | None = None, seed=None, progress=None,
           executor=None) -> Advice:
    """Estimate each choice of the player to move by ``rollouts`` determinized rollouts.

    ``rollouts``: per choice; None shares :data:`DEFAULT_BUDGET` among the choices (at
    least :data:`MIN_ROLLOUTS` each: 32 each for take/push, 8 each for 8 choices).
    ``seed``: int, None or a numpy Generator. ``progress(done, total)`` is called after
    each sample. Values: expected (player's side minus other side) penalty at the end of
    the deal, lower is better; see the module notes for the model.

    ``executor``: a :class:`concurrent.futures.Executor` (e.g. a small process pool kept
    by the caller while cores are spare) to play the samples in; the worlds are drawn
    here, in order, from ``seed`` and the bots choose without randomness, so the values
    are exactly those of a run without one.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from pushlab.rummy.game import Game
    >>> g = Game.new(seed=1, deals=(1,), dealer=0)
    >>> with ThreadPoolExecutor(2) as ex:
    ...     advise(g, rollouts=3, seed=5, executor=ex) == advise(g, rollouts=3, seed=5)
    True
    """
    if game.is_over:
        raise PushlabError(_("the match is over: there is no move to advise"))
    if rollouts is not None and not is_count(rollouts):
        raise PushlabError(f"rollouts must be None or a positive int, got {rollouts!r}")
    rng = make_rng(seed)
    p = game.current_player
    lines = choices(game)
    if rollouts is None:
        rollouts = max(MIN_ROLLOUTS, DEFAULT_BUDGET // len(lines))
    pool = unseen_cards(game, p)
    results = {a: [] for a in lines}
    worlds = (determinize(game, p, rng, pool) for _ in range(rollouts))
    if executor is None:
        samples = (_sample(world, lines, p) for world in worlds)
    else:
        samples = executor.map(_sample, list(worlds), [lines] * rollouts, [p] * rollouts)
    with _collector_paused():
        for i, sample in enumerate(samples):
            for a, r in sample.items():
                results[a].append(r)
            if progress is not None:
                progress(i + 1, rollouts)
    values = {a: _value(v) for a, v in results.items()}
    return Advice(player=p, phase=game.phase, values=values,
                  lines={a: line for a, line in lines.items() if len(line) > 1 or
                         not line[0].startswith(("discard", "take", "push"))},
                  rollouts=rollouts)


def _value(samples) -> Value:
    """Mean and standard error of rollout results."""
    arr = np.asarray(samples, dtype=float)
    se = float(arr.std(ddof=1) / math.sqrt(arr.size)) if arr.size > 1 else math.inf
    return Value(float(arr.mean()), se, int(arr.size))
