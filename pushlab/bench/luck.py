"""Push-your-luck benchmarks (section ``luck`` of ``python -m pushlab.bench``).

>>> sorted(BENCHMARKS)[1:3]
['batched_random_games', 'batched_threshold_games']
"""

from __future__ import annotations

import numpy as np

from pushlab.bench.common import Config, rates, section, timed

BENCHMARKS: dict = {}
benchmark = section(BENCHMARKS)


def _engine_games(bots, games, seed):
    """Games per second playing whole 4-player games with ``Game.apply``."""
    from pushlab.tournament import tournament

    _, wall, cpu = timed(tournament, bots, games=games, seed=seed)
    return rates(games, wall, cpu)


@benchmark
def engine_random_games(cfg: Config) -> dict:
    """4-player games/s, four RandomBots, engine (Game.apply loop)."""
    from pushlab.luck.bots import RandomBot

    return _engine_games([RandomBot()] * 4, cfg.size(200, 20), cfg.seed)


@benchmark
def engine_threshold_games(cfg: Config) -> dict:
    """4-player games/s, four StopAfter(5) bots, engine."""
    from pushlab.luck.bots import StopAfter

    return _engine_games([StopAfter(5)] * 4, cfg.size(300, 20), cfg.seed)


@benchmark
def batched_threshold_games(cfg: Config) -> dict:
    """4-player games/s, four StopAfter(5) bots, batched numpy simulator (median of 3)."""
    from pushlab.luck.sim import simulate_games

    games = cfg.size(50_000, 2_000)
    rng = np.random.default_rng(cfg.seed)
    simulate_games(1000, 4, k=5, rng=rng)  # warm-up
    runs = [timed(simulate_games, games, 4, k=5, rng=rng)[1:] for _ in range(3)]
    wall, cpu = sorted(runs)[1]
    return {**rates(games, wall, cpu), "policy": "StopAfter(5, bank_at=None) at every seat",
            "batch": 20_000, "runs": 3, "reported": "median run by wall time"}


@benchmark
def batched_random_games(cfg: Config) -> dict:
    """4-player games/s, four RandomBot-equivalent seats, batched numpy simulator."""
    from pushlab.luck.sim import simulate_games

    games = cfg.size(10_000, 500)
    rng = np.random.default_rng(cfg.seed)
    _, wall, cpu = timed(simulate_games, games, 4, random=True, rng=rng)
    return {**rates(games, wall, cpu), "policy": "RandomBot(bank_at=None) at every seat"}


def _sample_states(count, seed):
    """``count`` decision states from RandomBot games (4 players), uniformly over steps."""
    from pushlab.luck.bots import RandomBot
    from pushlab.luck.game import Game

    rng = np.random.default_rng(seed)
    bot, states = RandomBot(), []
    while len(states) < count:
        g = Game.new(4, seed=int(rng.integers(2**31)))
        while not g.is_over:
            if rng.random() < 0.05:
                states.append(g)
            g = g.apply(bot.choose(g, rng))
    return states[:count]


@benchmark
def hint_latency(cfg: Config) -> dict:
    """odds.hint latency over random mid-game decision states: p50, p95, max (ms), wall and CPU;
    the search depths used and how many hints were exact."""
    from pushlab.luck import odds

    states = _sample_states(cfg.size(1000, 50), cfg.seed)
    runs = [timed(odds.hint, g) for g in states]
    # wall-clock latency is what a reader waits for, so it includes other load; CPU time is
    # the fairer figure on a loaded machine
    ms = np.array([wall for _, wall, _ in runs]) * 1000
    cpu = np.array([c for _, _, c in runs]) * 1000
    depths = np.bincount([h.depth for h, _, _ in runs])
    return {"states": len(states), "p50_ms": round(float(np.percentile(ms, 50)), 3),
            "p95_ms": round(float(np.percentile(ms, 95)), 3),
            "max_ms": round(float(ms.max()), 3), "mean_ms": round(float(ms.mean()), 3),
            "cpu_p50_ms": round(float(np.percentile(cpu, 50)), 3), "cpu_p95_ms": round(float(np.percentile(cpu, 95)), 3),
            "depths": {int(d): int(c) for d, c in enumerate(depths) if c},
            "exact": sum(bool(h.exact) for h, _, _ in runs)}


def _turn_state(seed):
    """A full-deck 4-player game at the start of a turn, a few turns in."""
    from pushlab.luck.bots import StopAfter
    from pushlab.luck.game import Game

    g, rng, bot = Game.new(4, seed=seed), np.random.default_rng(seed), StopAfter(4)
    while g.turn < 6 or g.phase != "turn":
        g = g.apply(bot.choose(g, rng))
    return g


@benchmark
def monte_carlo_turns(cfg: Config) -> dict:
    """Single-turn Monte Carlo: turns/s vectorized vs the Game.apply loop, and the ratio."""
    from pushlab.luck.sim import TurnPolicy, simulate_turns, simulate_turns_engine

    g = _turn_state(cfg.seed)
    out = {"state": f"4 players, start of turn {g.turn}, pile {g.draw_pile_size}"}
    for label, policy in (("after5", TurnPolicy.after(5)), ("risk0.25", TurnPolicy.risk(0.25))):
        n_vec, n_eng = cfg.size(200_000, 5_000), cfg.size(2_000, 100)
        rng = np.random.default_rng(cfg.seed)
        _, t_vec, c_vec = timed(simulate_turns, g, policy, n_vec, rng)
        _, t_eng, c_eng = timed(simulate_turns_engine, g, policy, n_eng, rng)
        vec, eng = n_vec / t_vec, n_eng / t_eng
        out[label] = {"vectorized_turns_per_s": round(vec), "engine_turns_per_s": round(eng),
                      "ratio": round(vec / eng, 1),
                      "ratio_by_cpu_time": round((n_vec / c_vec) / (n_eng / c_eng), 1)}
    return out


def _midgame_states(count, seed):
    """``count`` 4-player decision states with 30..90 cards in the pile (mid-game), from
    games where every seat plays ``after 5`` with one decision in five at random."""
    from pushlab.luck.bots import RandomBot
    from pushlab.luck.game import Game
    from pushlab.luck.policy import DEFAULT_POLICY

    rng = np.random.default_rng(seed)
    states = []
    while len(states) < count:
        g = Game.new(4, seed=int(rng.integers(2**31)))
        while not g.is_over:
            if 30 <= g.draw_pile_size <= 90 and rng.random() < 0.04:
                states.append(g)
            bot = RandomBot() if rng.random() < 0.2 else DEFAULT_POLICY
            g = g.apply(bot.choose(g, rng))
    return states[:count]


@benchmark
def rollouts_from_position(cfg: Config) -> dict:
    """Whole-game rollouts/s from a mid-game position (sim.simulate_from, 4 players)."""
    from pushlab.luck.sim import simulate_from

    g = _midgame_states(1, cfg.seed)[0]
    n = cfg.size(20_000, 500)
    rng = np.random.default_rng(cfg.seed)
    simulate_from(g, 500, actions=["draw" if "draw" in g.legal_actions() else None], rng=rng)
    _, wall, cpu = timed(simulate_from, g, n, rng=rng)
    return {**rates(n, wall, cpu, unit="rollouts"),
            "state": f"4 players, {g.phase}, pile {g.draw_pile_size}",
            "policy": "after 5 at every seat", "reference": "batched_threshold_games (same run)"}


@benchmark
def advise_latency(cfg: Config) -> dict:
    """advise() latency, 1,000 rollouts per action, over random 4-player mid-game states."""
    from pushlab.luck.advice import advise

    states = _midgame_states(cfg.size(100, 4), cfg.seed)
    advise(states[0], rollouts=200, seed=0)                           # warm-up
    runs = [timed(advise, g, rollouts=1000, seed=i)[1:] for i, g in enumerate(states)]
    wall = 1000 * np.array([r[0] for r in runs])
    cpu = 1000 * np.array([r[1] for r in runs])
    actions = [len(g.legal_actions()) for g in states]
    pct = lambda x, q: round(float(np.percentile(x, q)), 1)
    return {"states": len(states), "rollouts_per_action": 1000,
            "mean_actions": round(float(np.mean(actions)), 2), "max_actions": max(actions),
            "p50_ms": pct(wall, 50), "p95_ms": pct(wall, 95), "max_ms": round(float(wall.max()), 1),
            "cpu_p50_ms": pct(cpu, 50), "cpu_p95_ms": pct(cpu, 95),
            "goal": "p95 <= 300 ms (wall clock, includes other load)"}


def _search_games(result) -> int:
    """Whole games a search simulated (candidates x games per round, endgame stage included)."""
    rounds = list(result.rounds) + ([result.endgame] if result.endgame is not None else [])
    return sum(len(r.win) for r in rounds) * result.games


@benchmark
def policy_search_games(cfg: Config) -> dict:
    """Policy search games/s (4 players, 6 policies, one round) on 1 and on 2 worker processes."""
    from concurrent.futures import ProcessPoolExecutor

    from pushlab.luck.search import Family, search

    fam = Family(stop=("after 4", "after 5", "after 6"), bank=(None, "bank at 25"), endgame=())
    games = cfg.size(1200, 120)
    kw = dict(family=fam, games=games, seed=cfg.seed, max_rounds=1, chunk=games // 2)
    search(4, **{**kw, "games": 8, "chunk": 8})              # warm-up (imports)
    serial, wall1, cpu1 = timed(search, 4, **kw)
    with ProcessPoolExecutor(2) as pool:
        search(4, executor=pool, **{**kw, "games": 8, "chunk": 4})   # start the workers
        pooled, wall2, _ = timed(search, 4, executor=pool, **kw)
    n = _search_games(serial)
    return {"games": n, "policies": len(fam.policies()), "players": 4,
            "one_worker": rates(n, wall1, cpu1),
            "two_workers": {"games": n, "seconds": round(wall2, 3),
                            "games_per_s": round(n / wall2, 1)},
            "speedup": round(wall1 / wall2, 2), "identical_results": pooled == serial,
            "units": "whole games simulated (each policy in each seat, against the field)"}
