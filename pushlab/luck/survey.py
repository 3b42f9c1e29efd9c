"""Positions met in play, and the numbers measured on them: the data the lessons' figures draw.

The plots (:mod:`pushlab.plots.luck`) only draw; what they draw comes from here, made
of the library's own answers: exact odds and the one-turn hint (:mod:`pushlab.luck.odds`),
whole-game advice (:mod:`pushlab.luck.advice`) and rollouts (:mod:`pushlab.luck.sim`).
:mod:`pushlab.plots.luck` still gives every name here (the lessons call ``plots.midgame``).

- :func:`midgame`, :func:`push_path`: positions from seeded bot games;
- :func:`bust_odds_data`, :func:`ev_data`: exact bust odds and the hint's values over positions;
- :func:`policy_data`: the three-column push tables of bot games, with risk and the hint's choice;
- :func:`protection_data`: what banking protects as the pile shrinks (rollouts).
"""

from __future__ import annotations

import numpy as np

from pushlab.errors import PushlabError
from pushlab.luck import odds
from pushlab.luck.advice import advise
from pushlab.luck.bots import StopAfter, StopAtRisk
from pushlab.luck.cards import COLOURS
from pushlab.luck.game import Game
from pushlab.luck.positions import bench_position
from pushlab.luck.rules import placement
from pushlab.luck.sim import simulate_from
from pushlab.stats import Z95, mean_ci

__all__ = ["midgame", "push_path", "bust_odds_data", "ev_data", "policy_data", "protection_data"]


def midgame(players: int = 3, turns: int = 12, seed=0, bot=None):
    """A table from the middle of a seeded bot game: the start of turn ``turns + 1``.

    Every seat is played by ``bot`` (default ``StopAfter(3)``). Useful for lessons on
    card counting, where the cards already seen matter.

    >>> midgame(3, turns=4, seed=1).turn
    5
    """
    rng = np.random.default_rng(seed)
    bot = bot or StopAfter(3)
    g = Game.new(players, seed=rng)
    while not g.is_over and (g.turn <= turns or g.phase != "turn"):
        g = g.apply(bot.choose(g, rng))
    if g.is_over:
        raise PushlabError(f"the game ended before turn {turns + 1}; ask for fewer turns")
    return g


def push_path(game, cards: int = 9) -> list:
    """The states of one push that always draws: after each placement, until ``cards`` cards or a bust.

    Placement follows the bots' shared rule (:func:`pushlab.luck.rules.placement`).
    ``game`` must be at the start of a turn or in a push.

    >>> from pushlab.luck import Game
    >>> [sum(map(len, g.columns)) for g in push_path(Game.new(2, deck="R1 B2 G3 Y4"), cards=3)]
    [1, 2, 3]
    """
    if game.phase not in ("turn", "push"):
        raise PushlabError(f"push_path needs a state at the start of a turn or in a push, not {game.phase!r}")
    out, g, player = [], game, game.active_player
    while not g.is_over and g.active_player == player and "draw" in g.legal_actions():
        if out and sum(map(len, g.columns)) >= cards:
            break
        g = g.apply("draw")
        while g.phase == "place":
            g = g.apply(f"place {placement(g.pending, g.columns)}")
        if g.phase != "push" or g.active_player != player:
            break                       # bust (or the pile ran out): the push is over
        out.append(g)
    return out


def bust_odds_data(states) -> dict:
    """Exact bust odds of the next card for each state (counting vs naive), with cards on the table.

    >>> from pushlab.luck import Game
    >>> g = Game.new(2, deck="R1 B1 G1 Y1 R2", rolls="*")
    >>> for a in ["draw", "place 0", "draw", "place 1", "draw", "place 2"]:
    ...     g = g.apply(a)
    >>> bust_odds_data([g])["counting"]
    [Fraction(1, 2)]
    """
    out = {"cards": [], "counting": [], "naive": []}
    for g in states:
        if g.is_over or g.draw_pile_size == 0 or g.phase != "push":
            continue
        out["cards"].append(sum(len(col) for col in g.columns))
        out["counting"].append(odds.bust_probability(g, counting=True))
        out["naive"].append(odds.bust_probability(g, counting=False))
    return out


def ev_data(states) -> dict:
    """The hint's expected value of drawing one more card vs stopping, for each push state."""
    out = {"cards": [], "draw": [], "stop": []}
    for g in states:
        if g.phase != "push" or not {"draw", "stop"} <= set(g.legal_actions()):
            continue
        values = odds.hint(g).values
        out["cards"].append(sum(len(col) for col in g.columns))
        out["draw"].append(float(values["draw"]))
        out["stop"].append(float(values["stop"]))
    return out


def policy_data(n_games: int = 10, players: int = 3, seed=0, bot=None, progress: bool = False) -> dict:
    """Three-column push tables met in ``n_games`` bot games: table points, bust risk, the hint's choice.

    The games are played by ``bot`` (default ``StopAtRisk(0.35)``, which often builds three
    columns) from a seeded generator; every push decision with three columns (so some
    risk) where both ``draw`` and ``stop`` are legal is kept. ``progress``: True shows a
    ``tqdm.auto`` bar (a widget in notebooks); a callable is called ``progress(done, total)``
    after each game.
    """
    rng = np.random.default_rng(seed)
    bot = bot or StopAtRisk(0.35)
    out = {"points": [], "risk": [], "best": []}
    games = range(n_games)
    if progress is True:
        from tqdm.auto import tqdm
        games = tqdm(games, desc="games played", unit="game")
    for i in games:
        g = Game.new(players, seed=rng)
        while not g.is_over:
            if (g.phase == "push" and len(g.columns) == 3
                    and {"draw", "stop"} <= set(g.legal_actions())):
                out["points"].append(sum(c.points for col in g.columns for c in col))
                out["risk"].append(odds.bust_probability(g))
                out["best"].append(odds.hint(g).best)
            g = g.apply(bot.choose(g, rng))
        if callable(progress):
            progress(i + 1, n_games)
    return out


def protection_data(players: int = 3, bench: str = "B2 B5 B5 B6 B6 B6", piles=(102, 80, 60, 40, 20),
                    *, harder: bool = True, rollouts: int = 500, policy: str = "after 4",
                    seed: int = 0, progress=None) -> dict:
    """Rolls ahead, protection and the value of banking, as the pile shrinks (by rollouts).

    For each pile size, the first player holds ``bench`` (one colour, the first card's)
    at the start of a turn (:func:`pushlab.luck.positions.bench_position`; the pile keeps
    18 roll cards per 102 cards) and every seat plays ``policy`` afterwards. Keys:
    ``pile``; ``rolls`` (mean die rolls still faced if she draws) and its 95% ``rolls_half``;
    ``formula``: points x rolls x q (q = 1/6, 1/3 harder), the linear rule of thumb;
    ``protects``: :meth:`pushlab.luck.Advice.protects`, points x (1 - (1 - q)^R) averaged
    over the rollouts; ``lost`` (``lost_half``): the bench colour's points actually lost
    to a roll in rollouts where she draws; ``edge`` (``edge_lo``, ``edge_hi``): win
    probability of banking minus drawing, paired 95% interval. ``progress()`` is called
    after each pile size.
    """
    out = {k: [] for k in ("pile", "rolls", "rolls_half", "formula", "protects", "lost",
                           "lost_half", "edge", "edge_lo", "edge_hi")}
    q = 1 / 3 if harder else 1 / 6
    for i, pile in enumerate(piles):
        g = bench_position(players, bench, pile, harder=harder, rolls=round(18 * pile / 102),
                           seed=seed + i)
        colour = g.benches[0][0].colour
        points = sum(c.points for c in g.benches[0] if c.colour == colour)
        a = advise(g, rollouts=rollouts, policy=policy, seed=seed + i)
        cont = simulate_from(g, rollouts, policy, actions=["draw"],
                             rng=np.random.default_rng(seed + 1000 + i))
        lost = points * cont.lost[0, :, COLOURS.index(colour)]
        lost_mean, lost_half = mean_ci(lost)
        edge, lo, hi = a.edge_ci(f"bank {colour}", "draw")
        for k, v in (("pile", pile), ("rolls", a.rolls), ("rolls_half", Z95 * a.rolls_se),
                     ("formula", points * a.rolls * q), ("protects", a.protects(colour)[0]),
                     ("lost", lost_mean), ("lost_half", lost_half), ("edge", edge),
                     ("edge_lo", lo), ("edge_hi", hi)):
            out[k].append(float(v))
        if progress is not None:
            progress()
    out.update(points=points, colour=colour, harder=harder, players=players, policy=policy,
               rollouts=rollouts)
    return out
