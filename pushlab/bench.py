"""Benchmarks: ``python -m pushlab.bench [luck|rummy|all] [--quick] [--seed N]`` prints JSON.

Speed claims in pushlab come from here, never from timed unit tests. Benchmarks
live in a registry per game section::

    from pushlab.bench import register

    @register("rummy", "engine_games")
    def engine_games(cfg):            # cfg.quick, cfg.seed
        ...
        return {"games_per_s": 123.4}

A section may also keep its benchmarks in its own module, imported on demand
(:data:`SECTION_MODULES`, e.g. ``pushlab/rummy/bench.py`` for ``rummy``). A
benchmark that cannot run yet returns ``{"skipped": "why"}``. Each one should take
well under a minute (the full run stays under about two minutes).

>>> sorted(BENCHMARKS["luck"])[:2]
['batched_random_games', 'batched_threshold_games']
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import sys
import time
from dataclasses import dataclass

import numpy as np

BENCHMARKS: dict = {"luck": {}, "rummy": {}}
SECTION_MODULES = {"rummy": "pushlab.rummy.bench"}

if __name__ == "__main__":  # ``python -m pushlab.bench``: one registry for every importer
    sys.modules.setdefault("pushlab.bench", sys.modules[__name__])


@dataclass(frozen=True)
class Config:
    """What every benchmark gets: ``quick`` (smaller sizes, for smoke tests) and ``seed``."""

    quick: bool = False
    seed: int = 0

    def size(self, full: int, quick: int) -> int:
        """``full`` normally, ``quick`` in quick mode."""
        return quick if self.quick else full


def register(section: str, name: str | None = None):
    """Decorator adding ``f(cfg) -> dict`` to the benchmarks of ``section``."""
    def add(func):
        BENCHMARKS.setdefault(section, {})[name or func.__name__] = func
        return func
    return add


def _timed(func, *args, **kwargs):
    """(result, wall seconds) of one call; the CPU seconds go to ``_timed.cpu``."""
    t0, c0 = time.perf_counter(), time.process_time()
    out = func(*args, **kwargs)
    _timed.cpu = time.process_time() - c0
    return out, time.perf_counter() - t0


def _rates(count, wall, cpu, unit="games"):
    """Throughput by wall clock and by CPU time (the latter ignores other load)."""
    return {unit: count, "seconds": round(wall, 3), "cpu_seconds": round(cpu, 3),
            f"{unit}_per_s": round(count / wall, 1), f"{unit}_per_cpu_s": round(count / cpu, 1)}


# ---------------------------------------------------------------------- luck
def _engine_games(bots, games, seed):
    """Games per second playing whole 4-player games with ``Game.apply``."""
    from pushlab.tournament import tournament

    _, secs = _timed(tournament, bots, games=games, seed=seed)
    return _rates(games, secs, _timed.cpu)


@register("luck")
def engine_random_games(cfg: Config) -> dict:
    """4-player games/s, four RandomBots, engine (Game.apply loop)."""
    from pushlab.luck.bots import RandomBot

    return _engine_games([RandomBot()] * 4, cfg.size(200, 20), cfg.seed)


@register("luck")
def engine_threshold_games(cfg: Config) -> dict:
    """4-player games/s, four StopAfter(5) bots, engine."""
    from pushlab.luck.bots import StopAfter

    return _engine_games([StopAfter(5)] * 4, cfg.size(300, 20), cfg.seed)


@register("luck")
def batched_threshold_games(cfg: Config) -> dict:
    """4-player games/s, four StopAfter(5) bots, batched numpy simulator (median of 3)."""
    from pushlab.luck.sim import simulate_games

    games = cfg.size(50_000, 2_000)
    rng = np.random.default_rng(cfg.seed)
    simulate_games(1000, 4, k=5, rng=rng)  # warm-up
    runs = []
    for _ in range(3):
        wall = _timed(simulate_games, games, 4, k=5, rng=rng)[1]
        runs.append((wall, _timed.cpu))
    wall, cpu = sorted(runs)[1]
    return {**_rates(games, wall, cpu), "policy": "StopAfter(5, bank_at=None) at every seat",
            "batch": 20_000, "runs": 3, "reported": "median run by wall time"}


@register("luck")
def batched_random_games(cfg: Config) -> dict:
    """4-player games/s, four RandomBot-equivalent seats, batched numpy simulator."""
    from pushlab.luck.sim import simulate_games

    games = cfg.size(10_000, 500)
    rng = np.random.default_rng(cfg.seed)
    wall = _timed(simulate_games, games, 4, random=True, rng=rng)[1]
    return {**_rates(games, wall, _timed.cpu), "policy": "RandomBot(bank_at=None) at every seat"}


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


@register("luck")
def hint_latency(cfg: Config) -> dict:
    """odds.hint latency over random mid-game decision states: p50, p95, max (ms)."""
    try:
        from pushlab.luck import odds
    except ImportError as exc:
        return {"skipped": f"pushlab.luck.odds is not available yet ({exc})"}
    states = _sample_states(cfg.size(1000, 50), cfg.seed)
    ms = np.array([_timed(odds.hint, g)[1] * 1000 for g in states])
    # wall-clock latency (what a reader waits for), so it includes other load
    return {"states": len(states), "p50_ms": round(float(np.percentile(ms, 50)), 3),
            "p95_ms": round(float(np.percentile(ms, 95)), 3),
            "max_ms": round(float(ms.max()), 3), "mean_ms": round(float(ms.mean()), 3)}


def _turn_state(seed):
    """A full-deck 4-player game at the start of a turn, a few turns in."""
    from pushlab.luck.bots import StopAfter
    from pushlab.luck.game import Game

    g, rng, bot = Game.new(4, seed=seed), np.random.default_rng(seed), StopAfter(4)
    while g.turn < 6 or g.phase != "turn":
        g = g.apply(bot.choose(g, rng))
    return g


@register("luck")
def monte_carlo_turns(cfg: Config) -> dict:
    """Single-turn Monte Carlo: turns/s vectorized vs the Game.apply loop, and the ratio."""
    from pushlab.luck.sim import TurnPolicy, simulate_turns, simulate_turns_engine

    g = _turn_state(cfg.seed)
    out = {"state": f"4 players, start of turn {g.turn}, pile {g.draw_pile_size}"}
    for label, policy in (("after5", TurnPolicy.after(5)), ("risk0.25", TurnPolicy.risk(0.25))):
        n_vec, n_eng = cfg.size(200_000, 5_000), cfg.size(2_000, 100)
        rng = np.random.default_rng(cfg.seed)
        _, t_vec = _timed(simulate_turns, g, policy, n_vec, rng)
        c_vec = _timed.cpu
        _, t_eng = _timed(simulate_turns_engine, g, policy, n_eng, rng)
        c_eng = _timed.cpu
        vec, eng = n_vec / t_vec, n_eng / t_eng
        out[label] = {"vectorized_turns_per_s": round(vec), "engine_turns_per_s": round(eng),
                      "ratio": round(vec / eng, 1),
                      "ratio_by_cpu_time": round((n_vec / c_vec) / (n_eng / c_eng), 1)}
    return out


# ---------------------------------------------------------------------- rummy
@register("rummy")
def engine_deals(cfg: Config) -> dict:
    """Rummy deals/s, four HeuristicBots (``pushlab.rummy.bench.bench_rummy``)."""
    try:
        from pushlab.rummy.bench import bench_rummy
    except ImportError as exc:
        return {"skipped": f"pushlab.rummy.bench is not available yet ({exc})"}
    return bench_rummy(matches=cfg.size(20, 1), bot="heuristic", seed=cfg.seed)


# ---------------------------------------------------------------------- running
def run(sections, cfg: Config = Config()) -> dict:
    """Run the benchmarks of ``sections``; return {section: {name: result}} plus machine info."""
    out = {"machine": {"python": platform.python_version(), "numpy": np.__version__,
                       "cpus": os.cpu_count(), "platform": platform.platform()},
           "config": {"quick": cfg.quick, "seed": cfg.seed}}
    for section in sections:
        _load(section)
        benches = BENCHMARKS.get(section, {})
        if not benches:
            out[section] = {"skipped": f"no {section} benchmarks registered yet"}
            continue
        out[section] = {}
        for name, func in benches.items():
            try:
                result, secs = _timed(func, cfg)
            except Exception as exc:  # report, keep going: one broken benchmark is not all
                result, secs = {"error": f"{type(exc).__name__}: {exc}"}, 0.0
            out[section][name] = {**result, "wall_s": round(secs, 2)}
    return out


def _load(section):
    """Import the section's own benchmark module, if it has one."""
    module = SECTION_MODULES.get(section)
    if module:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


def main(argv=None) -> int:
    """Command line: print the JSON of the chosen sections."""
    parser = argparse.ArgumentParser(prog="python -m pushlab.bench", description=__doc__.split("\n")[0])
    parser.add_argument("section", nargs="?", default="all", choices=["luck", "rummy", "all"])
    parser.add_argument("--quick", action="store_true", help="small sizes (a smoke test)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    sections = ["luck", "rummy"] if args.section == "all" else [args.section]
    json.dump(run(sections, Config(args.quick, args.seed)), sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
