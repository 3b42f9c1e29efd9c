"""The benchmark runner: ``python -m pushlab.bench [luck|rummy|all] [--quick] [--seed N] [--only NAME ...]``.

Prints JSON: machine info, the config, then ``{section: {name: result}}`` with each
benchmark's own figures plus ``wall_s``. The sections (:data:`SECTIONS`) export their
benchmarks as ``BENCHMARKS`` and never import this module.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import sys

import numpy as np

from pushlab.accel import summary as accel_summary
from pushlab.bench.common import Config, timed

SECTIONS = {"luck": "pushlab.bench.luck", "rummy": "pushlab.bench.rummy"}


def benchmarks(section: str) -> dict:
    """The ``{name: f(cfg) -> dict}`` a section exports."""
    return importlib.import_module(SECTIONS[section]).BENCHMARKS


def run(sections, cfg: Config = Config(), only=None) -> dict:
    """Run the benchmarks of ``sections`` (only those named in ``only``, if given); return
    {section: {name: result}} plus machine info and the load average before and after."""
    if only:
        known = {name for section in sections for name in benchmarks(section)}
        unknown = sorted(set(only) - known)
        if unknown:
            raise SystemExit(f"unknown benchmark(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    out = {"machine": {"python": platform.python_version(), "numpy": np.__version__,
                       "cpus": os.cpu_count(), "platform": platform.platform(),
                       "load_before": [round(x, 2) for x in os.getloadavg()]},
           "config": {"quick": cfg.quick, "seed": cfg.seed}}
    for section in sections:
        out[section] = {}
        for name, func in benchmarks(section).items():
            if only and name not in only:
                continue
            try:
                result, secs, _ = timed(func, cfg)
            except Exception as exc:  # report, keep going: one broken benchmark is not all
                result, secs = {"error": f"{type(exc).__name__}: {exc}"}, 0.0
            out[section][name] = {**result, "wall_s": round(secs, 2)}
    out["machine"]["load_after"] = [round(x, 2) for x in os.getloadavg()]
    out["machine"]["accel"] = accel_summary()      # compiled or pure Python (pushlab.accel)
    return out


def main(argv=None) -> int:
    """Command line: print the JSON of the chosen sections."""
    parser = argparse.ArgumentParser(prog="python -m pushlab.bench",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("section", nargs="?", default="all", choices=[*SECTIONS, "all"])
    parser.add_argument("--quick", action="store_true", help="small sizes (a smoke test)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", action="append", metavar="NAME",
                        help="run only this benchmark (repeat; e.g. advise_latency)")
    args = parser.parse_args(argv)
    sections = list(SECTIONS) if args.section == "all" else [args.section]
    json.dump(run(sections, Config(args.quick, args.seed), args.only), sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
