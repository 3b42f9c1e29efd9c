"""What every benchmark section shares: the config, timing helpers and the registry maker.

>>> BENCHMARKS = {}
>>> benchmark = section(BENCHMARKS)
>>> @benchmark
... def tiny(cfg):
...     return {"n": cfg.size(100, 1)}
>>> BENCHMARKS["tiny"](Config(quick=True))
{'n': 1}
"""

from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Config:
    """What every benchmark gets: ``quick`` (smaller sizes, for smoke tests) and ``seed``."""

    quick: bool = False
    seed: int = 0

    def size(self, full: int, quick: int) -> int:
        """``full`` normally, ``quick`` in quick mode."""
        return quick if self.quick else full


def section(registry: dict):
    """A decorator adding ``f(cfg) -> dict`` to ``registry`` under its name (or ``name=``)."""
    def benchmark(func=None, *, name: str | None = None):
        def add(f):
            registry[name or f.__name__] = f
            return f
        return add(func) if func is not None else add
    return benchmark


def timed(func, *args, **kwargs):
    """(result, wall seconds, CPU seconds) of one call."""
    t0, c0 = time.perf_counter(), time.process_time()
    out = func(*args, **kwargs)
    return out, time.perf_counter() - t0, time.process_time() - c0


def rates(count, wall, cpu, unit="games"):
    """Throughput by wall clock and by CPU time (the latter ignores other load).

    >>> rates(10, 2.0, 1.0)
    {'games': 10, 'seconds': 2.0, 'cpu_seconds': 1.0, 'games_per_s': 5.0, 'games_per_cpu_s': 10.0}
    """
    return {unit: count, "seconds": round(wall, 3), "cpu_seconds": round(cpu, 3),
            f"{unit}_per_s": round(count / wall, 1), f"{unit}_per_cpu_s": round(count / cpu, 1)}
