"""Grades against the truth: bots, policies and advice of Push (push-your-luck) against perfect play.

On a small deck solved exactly (:mod:`pushlab.luck.solve`) everything is computed
exactly, not sampled:

- :func:`match_value`: the win probability (ties half) of one policy against another,
  by policy evaluation (an expectation over every card and die roll, each seat playing
  its policy: ``"optimal"``, a bot of :mod:`pushlab.luck.bots`, a
  :class:`~pushlab.luck.policy.Policy` or its text);
- :func:`grade_policies`: perfect play against each bot and policy, in both seats;
- :func:`simplest_rule`: the simplest policy of a family whose win probability against
  perfect play is within ``margin`` (1 percentage point) of a half;
- :func:`grade_advice`: how often :func:`pushlab.luck.advise` picks an optimal action and
  the win probability it loses when it does not (its *regret*), over every decision
  reachable in perfect play, weighted by how often play reaches it; and its rollout
  estimates against the exact value of "this action, then the advice's policy".
- :func:`monte_carlo`: an independent check: games played by the engine (``Game.apply``).

>>> from pushlab.luck.solve import SmallDeck, solve
>>> sol = solve(SmallDeck(colours=2, numbers=1, copies=2, rolls=1))
>>> round(match_value(sol, "optimal", "optimal"), 4)          # = sol.start_value
0.6
>>> round(match_value(sol, "optimal", "after 1"), 4), round(match_value(sol, "after 1", "optimal"), 4)
(0.7167, 0.4111)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pushlab.errors import SetupError
from pushlab.luck.bots import Bot, Greedy, HintBot, RandomBot, StopAfter, StopAtRisk
from pushlab.luck.policy import Policy
from pushlab.luck.solve import Solution, _name, _parse
from pushlab.protocol import play

__all__ = ["match_value", "grade_policies", "simplest_rule", "grade_advice", "monte_carlo",
           "PolicyGrade", "AdviceGrade", "RULE_FAMILY"]

#: Candidate human rules, simplest first: a card count, then a risk threshold (needs card
#: counting), then either with a bank threshold.
RULE_FAMILY = tuple(
    [f"after {k}" for k in range(1, 7)]
    + [f"risk {p}" for p in ("0.1", "0.2", "0.3", "0.4", "0.5")]
    + [f"after {k}, bank at {x}" for k in range(1, 7) for x in (2, 3, 4, 6)]
    + [f"risk {p}, bank at {x}" for p in ("0.1", "0.2", "0.3", "0.4", "0.5") for x in (2, 3, 4, 6)])


def _seat(player):
    """A seat's chooser: 'optimal', a RandomBot (uniform), or a deterministic bot/policy."""
    if isinstance(player, str) and player == "optimal":
        return "optimal"
    if isinstance(player, str):
        return Policy.parse(player)
    if isinstance(player, RandomBot):
        if player.bank_at is not None:
            raise SetupError("only RandomBot() without bank_at can be evaluated exactly")
        return "random"
    if hasattr(player, "choose") or callable(player):
        return player
    raise SetupError(f"not a player: {player!r} ('optimal', a bot or a policy)")


def _label(player) -> str:
    """A readable name of a seat's player."""
    if isinstance(player, str):
        return player
    if isinstance(player, Policy):
        return str(player)
    return getattr(player, "name", None) if isinstance(getattr(player, "name", None), str) else repr(player)


class _Evaluator:
    """Policy evaluation on one solution: seat 0's win probability, memoised by concrete state."""

    def __init__(self, solution: Solution, seats, cache=None):
        self.sol = solution
        self.model = solution.model
        self.seats = [_seat(p) for p in seats]
        self.memo = {}
        self.opt = {} if cache is None else cache     # concrete state -> optimal internal action

    def choice(self, s) -> list:
        """[(probability, internal action)] of the mover in ``s``."""
        mover = s[2] if s[0] == "C" else s[1]
        seat = self.seats[mover]
        if seat == "optimal":
            a = self.opt.get(s)
            if a is None:
                a = self.opt[s] = _parse(self.sol.best(s))
            return [(1.0, a)]
        actions = self.model.actions(s)
        if seat == "random":
            return [(1.0 / len(actions), a) for a in actions]
        game = self.model.to_game(s)
        choose = getattr(seat, "choose", None)
        name = choose(game, None) if choose is not None else seat(game, None)
        return [(1.0, _parse(game.canonical(name)))]

    def win0(self, s) -> float:
        if s[0] == "O":
            return self.model.terminal(s, 1.0, 0.5)
        v = self.memo.get(s)
        if v is None:
            v = self.memo[s] = sum(p * self.after(s, a) for p, a in self.choice(s))
        return v

    def after(self, s, action) -> float:
        """Seat 0's value of ``action`` in ``s``, then the seats' policies."""
        outcomes, total = self.model.step(s, action)
        return sum(w * self.win0(t) for w, t in outcomes) / total

    def reach(self, start) -> dict:
        """How often play from ``start`` reaches each decision state (expected visits per game)."""
        order, seen = [], set()

        def visit(s):
            seen.add(s)
            for _, a in self.choice(s):
                for _, t in self.model.step(s, a)[0]:
                    if t[0] != "O" and t not in seen:
                        visit(t)
            order.append(s)

        visit(start)
        mass = {start: 1.0}
        for s in reversed(order):           # parents before children
            m = mass.get(s, 0.0)
            for p, a in self.choice(s):
                outcomes, total = self.model.step(s, a)
                for w, t in outcomes:
                    if t[0] != "O":
                        mass[t] = mass.get(t, 0.0) + m * p * w / total
        return mass


def _with_recursion(fn):
    """Run ``fn`` with room for deep recursion (a game is a long chain of decisions)."""
    import sys
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        return fn()
    finally:
        sys.setrecursionlimit(limit)


def match_value(solution: Solution, first, second, state=None) -> float:
    """The win probability (ties half) of the ``first`` seat against ``second``, exactly.

    ``first``/``second``: ``"optimal"`` (perfect play from ``solution``), a policy text
    (``"after 3"``), a :class:`~pushlab.luck.policy.Policy`, a deterministic bot
    (``StopAfter(2)``, ``Greedy()``, ...) or ``RandomBot()`` (uniform over legal actions).
    ``state``: a ``Game`` of the deck (default: the start, before the shuffle).
    """
    ev = _Evaluator(solution, (first, second))
    s = solution.model.start() if state is None else solution.model.from_game(state)
    return _with_recursion(lambda: ev.win0(s))


@dataclass(frozen=True)
class PolicyGrade:
    """Perfect play against one opponent: ``first`` (optimal seated first), ``second``
    (optimal seated second), ``mean`` (the average: each seat half the games), and the
    opponent's ``regret``: how much less the opponent wins against perfect play than
    perfect play itself would (``1 - mean`` against ``1 - value of optimal vs optimal``)."""

    opponent: str
    first: float
    second: float
    mean: float
    regret: float


def grade_policies(solution: Solution, opponents, progress=None) -> list:
    """One :class:`PolicyGrade` per opponent (bots, policies or their texts), exactly."""
    cache = {}
    out = []
    for opp in opponents:
        s = solution.model.start()
        a = _with_recursion(lambda: _Evaluator(solution, ("optimal", opp), cache).win0(s))
        b = 1 - _with_recursion(lambda: _Evaluator(solution, (opp, "optimal"), cache).win0(s))
        mean = (a + b) / 2
        # against perfect play, perfect play itself wins (v + 1 - v) / 2 = 1/2 on average
        out.append(PolicyGrade(_label(opp), a, b, mean, mean - 0.5))
        if progress is not None:
            progress(_label(opp), mean)
    return out


def simplest_rule(solution: Solution, family=RULE_FAMILY, margin: float = 0.01):
    """The first policy of ``family`` (simplest first) that wins at least ``1/2 - margin``
    against perfect play (each seat half the games), with its win probability; and the best.

    Returns ``(rule or None, its win probability, best rule, best win probability, table)``
    where ``table`` maps every rule to its win probability against perfect play.
    """
    grades = grade_policies(solution, family)
    table = {g.opponent: 1 - g.mean for g in grades}
    found = next(((r, w) for r, w in table.items() if w >= 0.5 - margin), (None, None))
    best = max(table, key=table.get)
    return found[0], found[1], best, table[best], table


@dataclass(frozen=True)
class AdviceGrade:
    """How :func:`pushlab.luck.advise` does against perfect play (see :func:`grade_advice`).

    ``decisions``: reachable decision states with a choice that were graded; ``agreement``:
    share (weighted by reach) where advice picks an action of optimal value; ``regret``:
    mean win probability lost per graded decision (weighted); ``regret_per_game``: the
    expected sum over a game's decisions; ``checks``: actions whose rollout estimate was
    compared with the exact value ``p`` of "this action, then the policy"; ``max_z`` the largest
    ``|estimate - p| / SE``, with the standard error under that value, ``sqrt(p (1 - p) / rollouts)``
    (a tie scores a half, so the true SE is no larger: a conservative test; the rollouts' own
    SE is unreliable near 0 and 1), and ``beyond_4se`` how many exceed 4; ``worst`` describes
    the check with the largest z.
    """

    decisions: int
    agreement: float
    regret: float
    regret_per_game: float
    checks: int
    max_z: float
    beyond_4se: int
    rollouts: int
    policy: str
    worst: str = ""


def grade_advice(solution: Solution, *, rollouts: int = 400, policy="after 5", seed=0,
                 limit: int | None = None, progress=None) -> AdviceGrade:
    """Grade :func:`pushlab.luck.advise` on every decision reachable in perfect play (both seats optimal).

    Each decision with a choice (at most ``limit`` of them, the most often reached first)
    is given to ``advise(game, rollouts=rollouts, policy=policy)``. Needs the real die
    (``die="full"``): the rollouts roll it.
    """
    from pushlab.luck.advice import advise

    if tuple(solution.deck.faces) != tuple("RBGYP*"):
        raise SetupError("grade_advice needs a deck with the real die (die='full'): the advice rolls it")
    rng = np.random.default_rng(seed)
    model = solution.model
    ev = _Evaluator(solution, ("optimal", "optimal"))
    reach = _with_recursion(lambda: ev.reach(model.start()))
    cont = _Evaluator(solution, (policy, policy))
    states = [s for s in sorted(reach, key=lambda s: -reach[s]) if len(model.actions(s)) > 1]
    if limit is not None:
        states = states[:limit]
    weight = agree = lost = lost_game = 0.0
    checks, beyond, max_z, worst = 0, 0, 0.0, ""
    for i, s in enumerate(states):
        r = reach[s]
        values = solution.action_values(s)
        top = max(values.values())
        game = model.to_game(s, rng)
        a = advise(game, rollouts=rollouts, policy=policy, seed=rng)
        regret = top - values[a.best]
        weight += r
        agree += r * (regret <= 1e-9)
        lost += r * regret
        lost_game += r * regret
        mover = s[2] if s[0] == "C" else s[1]
        for name, av in a.values.items():
            exact = _with_recursion(lambda: cont.after(s, _parse(name)))
            exact = exact if mover == 0 else 1 - exact
            checks += 1
            se = (exact * (1 - exact) / a.rollouts) ** 0.5
            if se > 0:
                z = abs(av.win - exact) / se
            else:
                z = 0.0 if abs(av.win - exact) < 1e-9 else float("inf")
            if z > max_z:
                d = solution.describe(s)
                max_z, worst = z, (f"{d['phase']}: columns {d['columns']}, benches {d['benches']}, banks "
                                   f"{d['bank_points']}, pile {sorted(map(str, d['pile'].elements()))}, "
                                   f"{name}: rollouts {av.win:.4f}, exact {exact:.4f}")
            beyond += z > 4
        if progress is not None:
            progress(i + 1, len(states))
    return AdviceGrade(len(states), agree / weight, lost / weight, lost_game, checks, max_z, beyond,
                       rollouts, str(policy), worst)


def monte_carlo(solution: Solution, opponent, games: int, seed=0) -> dict:
    """Perfect play against ``opponent`` in ``games`` games played by the engine (``Game.apply``).

    Perfect play takes the first seat in even games and the second in odd ones; each game
    is dealt by :meth:`~pushlab.luck.solve.SmallDeck.new_game` from its own child seed.
    Returns the mean fractional win of perfect play, its standard error, and the exact
    value it estimates (:func:`match_value`, both seats averaged).
    """
    if isinstance(opponent, str):
        opponent = Policy.parse(opponent)
    best = {}
    model = solution.model

    class Cached:
        name = "optimal"

        def choose(self, game, rng=None):
            s = model.from_game(game)
            a = best.get(s)
            if a is None:
                a = best[s] = solution.best(s)
            return a

    opt = Cached()
    root = np.random.SeedSequence(seed)
    wins = np.empty(games)
    for i, child in enumerate(root.spawn(games)):
        rng = np.random.default_rng(child)
        game = solution.deck.new_game(rng)
        seat = i % 2
        bots = [opt, opponent] if seat == 0 else [opponent, opt]
        end = play(game, bots, rng)
        w = end.winners()
        wins[i] = (1.0 / len(w)) if seat in w else 0.0
    exact = (match_value(solution, "optimal", opponent) + 1 - match_value(solution, opponent, "optimal")) / 2
    mean = float(wins.mean())
    se = float(wins.std(ddof=1) / np.sqrt(games))
    return {"games": games, "mean": mean, "se": se, "exact": exact,
            "z": (mean - exact) / se if se > 0 else 0.0}


def opponents() -> list:
    """The bots and policies graded by default: pushlab's bots and the searched 2-player policy."""
    from pushlab.luck.search import find, load_results

    searched = find(load_results(), 2).recommended
    return [RandomBot(), StopAfter(1), StopAfter(2), StopAfter(3), StopAfter(5), StopAtRisk(0.25),
            Greedy(), HintBot(), searched]


_ = (Bot, _name)
