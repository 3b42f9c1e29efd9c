"""Benchmark ``pushlab.luck.odds.hint`` on random mid-game states.

Run: ``python benchmarks/bench_luck_hint.py [states] [seed]``. States come from
seeded games (2-5 players) played by uniformly random legal actions; every
decision in phase turn/place/push after the first 10 cards is a candidate, and
a random sample of them is timed one by one. Prints p50/p95/max of wall-clock and
CPU time (CPU time is the fairer figure on a loaded machine), the depths used
and how many hints were exact.
"""

import sys
import time

import numpy as np

from pushlab.luck import Game
from pushlab.luck.odds import hint


def candidate_states(games: int = 40, seed: int = 0):
    """Decision states (turn/place/push) of random games."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(games):
        g = Game.new(2 + i % 4, seed=rng)
        while not g.is_over:
            if g.phase in ("turn", "place", "push") and g.draw_pile_size < 110:
                out.append(g)
            actions = g.legal_actions()
            g = g.apply(actions[int(rng.integers(len(actions)))])
    return out


def main(size: int = 400, seed: int = 1) -> None:
    """Time hint() on ``size`` sampled states and print the summary."""
    pool = candidate_states()
    rng = np.random.default_rng(seed)
    sample = [pool[i] for i in rng.choice(len(pool), size=size, replace=False)]
    wall, cpu, depths, exact = [], [], [], 0
    for g in sample:
        w0, c0 = time.perf_counter(), time.process_time()
        h = hint(g)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
        depths.append(h.depth)
        exact += h.exact
    for name, xs in (("wall", wall), ("cpu", cpu)):
        ms = 1000 * np.array(xs)
        print(f"{name}: p50 {np.percentile(ms, 50):.2f} ms, p95 {np.percentile(ms, 95):.2f} ms, "
              f"max {ms.max():.2f} ms")
    counts = np.bincount(depths)
    print(f"{size} states; depth used: " + ", ".join(
        f"{d}: {c}" for d, c in enumerate(counts) if c) + f"; exact: {exact}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
