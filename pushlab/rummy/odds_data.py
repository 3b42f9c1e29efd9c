"""The simulated numbers of lesson 07 (the rummy odds): computed once, shipped as package data.

The lesson loads them (:func:`load`) instead of simulating while the page opens. Every
number is made by the library functions named below, with fixed seeds; regenerate the
file after changing the engine, the bots or the settings::

    python -m pushlab.rummy.odds_data [--workers 2] [--quick] [--out PATH]

(about 10 minutes on 2 idle cores; ``--quick`` is a small smoke run). It writes
``pushlab/data/rummy-odds.json``. Exact fractions are stored as ``"num/den"`` text.

>>> data = load()
>>> sorted(data)[:4]
['bots', 'dealt', 'exact', 'penalty']
>>> data["exact"][1] == odds.contract_prob_exact(1)
True
>>> data["wilds_exact"][1] == odds.contract_given_wilds_exact(1)
True
"""

from __future__ import annotations

import argparse
import json
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

from pushlab.rummy import odds
from pushlab.rummy.bots import HeuristicBot, NeverPushBot
from pushlab.rummy.expert import ExpertBot, duplicate_matches
from pushlab.rummy.melds import HAND_SIZES

__all__ = ["PATH", "SETTINGS", "QUICK", "BOT_PAIRINGS", "LIVE_PAIRS", "LIVE_SEED", "compute",
           "live_bots", "load", "save", "main"]

PATH = Path(__file__).resolve().parent.parent / "data" / "rummy-odds.json"

SETTINGS = dict(n_dealt=10000, n_within=40, within_turns=8, n_wilds=600, wild_deals=(1, 3, 5),
                n_penalty=600, penalty_deals=(1, 3, 5), pairs=200, seed=2026)
"""Sample sizes and seeds (per-section seeds are derived from these as in the lesson)."""

QUICK = dict(SETTINGS, n_dealt=500, n_within=4, n_wilds=50, n_penalty=6, pairs=2)

BOT_PAIRINGS = (("HeuristicBot", "NeverPushBot"), ("ExpertBot", "HeuristicBot"),
                ("ExpertBot", "NeverPushBot"))
"""Bot pairs compared by duplicate whole matches (:func:`pushlab.rummy.expert.duplicate_matches`)."""


LIVE_PAIRS = 20
"""Duplicate pairs lesson 07 plays live (40 whole matches: a few seconds)."""

LIVE_SEED = 7
"""Their seed: other cards than the shipped pairs' (seeds 2026..2028), the same on every run."""


def live_bots(a: str = "ExpertBot", b: str = "HeuristicBot", pairs: int = LIVE_PAIRS,
              seed: int = LIVE_SEED, progress=None) -> dict:
    """One bot comparison played now, as :func:`load` gives the shipped ones: {"a", "b",
    "penalties": array [pair, match, (a's, b's penalty)]}; ``progress(done, total)`` as the
    pairs finish.

    >>> r = live_bots(pairs=1, seed=3)
    >>> r["a"], r["b"], r["penalties"].shape
    ('ExpertBot', 'HeuristicBot', (1, 2, 2))
    """
    bots = _bots()
    d = duplicate_matches(bots[a], bots[b], pairs=pairs, seed=seed, progress=progress)
    return {"a": a, "b": b, "penalties": d}


def _bots() -> dict:
    """Bot classes by name."""
    return {"HeuristicBot": HeuristicBot, "NeverPushBot": NeverPushBot, "ExpertBot": ExpertBot}


def _est(e) -> dict:
    """An Estimate as plain JSON."""
    return {"mean": e.mean, "se": e.se, "n": e.n, "low": e.low, "high": e.high}


def _fraction_text(p) -> str:
    """A Fraction as "num/den"."""
    p = Fraction(p)
    return f"{p.numerator}/{p.denominator}"


def exact_tables(deals=odds.EXACT_DEALS) -> dict:
    """The exact P(contract | w wilds) of each deal (``odds.contract_given_wilds_exact``), as text:
    slow to count (seconds per deal), so the lesson loads them."""
    return {deal: {w: _fraction_text(p) for w, p in odds.contract_given_wilds_exact(deal).items()}
            for deal in deals}


def compute(settings: dict = SETTINGS, executor=None, log=print) -> dict:
    """Every simulated number of the lesson, as JSON-ready data (``log`` reports progress)."""
    s = dict(SETTINGS, **settings)
    out = {"settings": s, "dealt": {}, "exact": {}, "within": {}, "wilds": {}, "penalty": {},
           "wilds_exact": exact_tables(s.get("exact_deals", odds.EXACT_DEALS))}
    t0 = time.perf_counter()

    def say(what):
        log(f"[{time.perf_counter() - t0:6.0f} s] {what}")

    for deal in HAND_SIZES:
        out["dealt"][deal] = _est(odds.contract_prob_mc(deal, n=s["n_dealt"], seed=100 + deal))
        if deal in s.get("exact_deals", odds.EXACT_DEALS):
            p = odds.contract_prob_exact(deal)
            out["exact"][deal] = _fraction_text(p)
    say("dealt hands")
    for deal in HAND_SIZES:
        p, se = odds.contract_within(deal, turns=s["within_turns"], n=s["n_within"], seed=200 + deal)
        out["within"][deal] = {"p": [float(x) for x in p], "se": [float(x) for x in se]}
    say("contract within k turns")
    for deal in s["wild_deals"]:
        ws = list(odds.contract_given_wilds_exact(deal))
        sims = odds.contract_given_wilds_mc(deal, ws, n=s["n_wilds"], seed=400 + deal)
        out["wilds"][deal] = {w: _est(e) for w, e in sims.items()}
    say("wilds")
    for deal in s["penalty_deals"]:
        pens, _ = odds.penalty_when_out(deal, n=s["n_penalty"], seed=300 + deal)
        out["penalty"][deal] = [int(x) for x in pens]
        say(f"penalties, deal {deal}")
    out["bots"] = {}
    bots = _bots()
    for k, (a, b) in enumerate(BOT_PAIRINGS):
        d = duplicate_matches(bots[a], bots[b], pairs=s["pairs"], seed=s["seed"] + k,
                              executor=executor)
        out["bots"][f"{a} vs {b}"] = {"a": a, "b": b, "penalties": d.tolist()}
        say(f"{a} vs {b}: {2 * s['pairs']} matches")
    return out


def save(data: dict, path=None) -> Path:
    """Write the data as JSON (to :data:`PATH` by default)."""
    path = Path(path or PATH)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path


def load(path=None) -> dict:
    """The shipped data, with deals as ints, estimates as :class:`~pushlab.rummy.odds.Estimate`,
    exact values as ``Fraction`` and bot penalties as arrays [pair, match, (a, b)]."""
    raw = json.loads(Path(path or PATH).read_text(encoding="utf-8"))
    est = lambda d: odds.Estimate(**d)       # noqa: E731
    out = {"settings": raw["settings"],
           "dealt": {int(k): est(v) for k, v in raw["dealt"].items()},
           "exact": {int(k): Fraction(v) for k, v in raw["exact"].items()},
           "wilds_exact": {int(k): {int(w): Fraction(p) for w, p in v.items()}
                           for k, v in raw["wilds_exact"].items()},
           "within": {int(k): v for k, v in raw["within"].items()},
           "wilds": {int(k): {int(w): est(e) for w, e in v.items()} for k, v in raw["wilds"].items()},
           "penalty": {int(k): np.array(v) for k, v in raw["penalty"].items()},
           "bots": {k: dict(v, penalties=np.array(v["penalties"], dtype=float))
                    for k, v in raw["bots"].items()}}
    return out


def main(argv=None) -> int:
    """Command line: recompute and write the lesson's data."""
    ap = argparse.ArgumentParser(prog="python -m pushlab.rummy.odds_data",
                                 description="Recompute the simulated numbers of lesson 07.")
    ap.add_argument("--workers", type=int, default=1, help="processes for the bot matches")
    ap.add_argument("--quick", action="store_true", help="tiny samples (a smoke test)")
    ap.add_argument("--out", default=None, help=f"output file (default {PATH})")
    args = ap.parse_args(argv)
    settings = QUICK if args.quick else SETTINGS
    if args.workers > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(args.workers) as ex:
            data = compute(settings, executor=ex)
    else:
        data = compute(settings)
    print(f"wrote {save(data, args.out)}")
    return 0


if __name__ == "__main__":              # pragma: no cover
    raise SystemExit(main())
