"""Regenerate the tables of perfect play in small Push games: docs/solve.md and pushlab/data/luck-solve.json.

    python scripts/solve_check.py all          # scaling, grades, Monte Carlo, then the page
    python scripts/solve_check.py scaling      # one part (parts merge into the data file)
    python scripts/solve_check.py render       # docs/solve.md from the data file

Each part writes its section of the data file; ``render`` writes the page. Scaling solves
each deck in a child process (its CPU time and peak memory alone), in growing order, and stops
after the first deck that takes more than ``--max-seconds`` CPU seconds (default 600: ten
minutes of one core; the machine is shared, so CPU time, not wall time, is the measure).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "pushlab" / "data" / "luck-solve.json"
PAGE = ROOT / "docs" / "solve.md"
COMMAND = "python scripts/solve_check.py all"

#: growing decks for the scaling table (SmallDeck keywords)
SCALING = [
    dict(colours=1, numbers=2, rolls=0),
    dict(colours=2, numbers=1, copies=2, rolls=1),
    dict(colours=2, numbers=2, rolls=1),
    dict(colours=3, numbers=1, copies=2, rolls=1),
    dict(colours=2, numbers=2, rolls=2),
    dict(colours=3, numbers=2, rolls=1),
    dict(colours=2, numbers=3, rolls=1),
    dict(colours=2, numbers=3, rolls=2),
    dict(colours=2, numbers=2, copies=2, rolls=1),
    dict(colours=4, numbers=2, rolls=1),
    dict(colours=2, numbers=2, copies=2, rolls=2),
    dict(colours=2, numbers=4, rolls=1),
    # next: 3 colours x numbers 1-3 + 1 roll card, estimated 14 million states: about 8-12 GB,
    # more than this shared machine should give one process (solve refuses it by default)
]
#: decks graded (small to the largest comfortable one)
GRADES = [
    dict(colours=2, numbers=1, copies=2, rolls=1),
    dict(colours=3, numbers=1, copies=2, rolls=1),
    dict(colours=3, numbers=2, rolls=1),
]
#: Monte Carlo checks: (deck, opponent)
MC = [
    (dict(colours=2, numbers=1, copies=2, rolls=1), "after 2"),
    (dict(colours=3, numbers=1, copies=2, rolls=1), "after 2"),
]


def load() -> dict:
    if DATA.exists():
        return json.loads(DATA.read_text())
    return {"format": 1, "command": COMMAND}


def save(data: dict) -> None:
    DATA.write_text(json.dumps(data, indent=1) + "\n")


def one(kwargs: dict) -> dict:
    """Solve one deck in this process; its figures."""
    from pushlab.luck.solve import SmallDeck, solve

    deck = SmallDeck(**kwargs)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    cpu = time.process_time()
    sol = solve(deck, max_states=10**9)
    cpu = time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"deck": kwargs, "name": str(deck), "cards": len(deck.cards), "states": sol.states,
            "seconds": round(cpu, 2), "wall_seconds": round(sol.seconds, 2), "estimate": deck.estimate(),
            "start_value": float(sol.start_value), "peak_mb": round(peak / 1024),
            "solve_mb": round((peak - before) / 1024)}


def scaling(args) -> None:
    done = {json.dumps(r["deck"], sort_keys=True): r for r in load().get("scaling", []) if r["states"]}
    rows = []
    for kwargs in SCALING:
        old = done.get(json.dumps(kwargs, sort_keys=True))
        if old is not None and not args.again:          # measured already: keep it
            rows.append(old)
            continue
        cmd = [sys.executable, __file__, "one", json.dumps(kwargs)]
        t0 = time.time()
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=args.max_wall, check=True)
            row = json.loads(out.stdout.strip().splitlines()[-1])
        except subprocess.TimeoutExpired:
            from pushlab.luck.solve import SmallDeck
            d = SmallDeck(**kwargs)
            row = {"deck": kwargs, "name": str(d), "cards": len(d.cards), "states": None,
                   "seconds": None, "estimate": d.estimate(), "note": f"not done in {args.max_wall:.0f} s wall"}
        row["wall"] = round(time.time() - t0, 1)
        rows.append(row)
        print(row, flush=True)
        data = load()
        data["scaling"] = rows
        save(data)
        if row["seconds"] is None or row["seconds"] > args.max_seconds:
            break


def grades(args) -> None:
    from pushlab.luck import grade
    from pushlab.luck.solve import SmallDeck, solve

    out = []
    for kwargs in GRADES[:args.decks]:
        deck = SmallDeck(**kwargs)
        sol = solve(deck)
        t0 = time.time()
        pol = grade.grade_policies(sol, grade.opponents())
        rule, rule_win, best, best_win, table = grade.simplest_rule(sol)
        adv = grade.grade_advice(sol, rollouts=args.rollouts, seed=23, limit=args.advice_limit)
        adv_best = grade.grade_advice(sol, rollouts=args.rollouts, seed=24, limit=args.advice_limit, policy=best)
        row = {"deck": kwargs, "name": str(deck), "states": sol.states, "start_value": float(sol.start_value),
               "opponents": [vars(g) for g in pol], "simplest_rule": rule, "simplest_win": rule_win,
               "best_rule": best, "best_rule_win": best_win, "rules": table,
               "advice": vars(adv), "advice_best_rule": vars(adv_best), "seconds": round(time.time() - t0, 1)}
        out.append(row)
        print(row["name"], row["seconds"], flush=True)
        data = load()
        data["grades"] = out
        save(data)


def mc(args) -> None:
    from pushlab.luck import grade
    from pushlab.luck.solve import SmallDeck, solve

    out = []
    for kwargs, opp in MC:
        deck = SmallDeck(**kwargs)
        sol = solve(deck)
        t0 = time.time()
        r = grade.monte_carlo(sol, opp, args.games, seed=2026)
        r.update(deck=kwargs, name=str(deck), opponent=opp, seconds=round(time.time() - t0, 1))
        out.append(r)
        print(r, flush=True)
        data = load()
        data["monte_carlo"] = out
        save(data)


def pct(x) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def render(args) -> None:
    data = load()
    lines = [PAGE.read_text().split("<!-- tables -->")[0].rstrip(), "", "<!-- tables -->", ""]
    lines += [f"Regenerated by `{COMMAND}` (figures in `pushlab/data/luck-solve.json`).", "",
              "### Scaling", "",
              "| deck | cards | states | CPU seconds | estimate | peak MB | first player wins |",
              "|---|---|---|---|---|---|---|"]
    for r in data.get("scaling", []):
        lines.append(f"| {r['name'].split(':')[0]} | {r['cards']} | {r['states'] or '-'} | "
                     f"{r['seconds'] if r['seconds'] is not None else r.get('note')} | {r['estimate']} | "
                     f"{r.get('peak_mb', '-')} | {pct(r.get('start_value'))} |")
    for g in data.get("grades", []):
        lines += ["", f"### Grades: {g['name']} ({g['states']:,} states)", "",
                  f"Perfect play against itself: the first player wins {pct(g['start_value'])}.", "",
                  "| opponent | optimal wins, seated first | seated second | mean | opponent's loss vs 50% |",
                  "|---|---|---|---|---|"]
        for o in g["opponents"]:
            lines.append(f"| {o['opponent']} | {pct(o['first'])} | {pct(o['second'])} | {pct(o['mean'])} | "
                         f"{100 * o['regret']:.1f} pp |")
        rule = g["simplest_rule"]
        lines += ["", (f"Simplest rule within 1 pp of perfect play: **{rule}** ({pct(g['simplest_win'])} against it)."
                       if rule else f"No rule of the family ({len(g['rules'])} rules) comes within 1 pp: the best, "
                       f"**{g['best_rule']}**, wins {pct(g['best_rule_win'])} against perfect play.")]
        for a in (g["advice"], g["advice_best_rule"]):
            lines += ["", f"`advise` ({a['rollouts']} rollouts, continuation `{a['policy']}`), on the {a['decisions']} "
                      f"decisions with a choice most often reached in perfect play: picks an optimal action "
                      f"{pct(a['agreement'])} of the time (weighted by reach); loses {100 * a['regret']:.2f} pp of win "
                      f"probability per decision ({100 * a['regret_per_game']:.2f} pp summed over a game's "
                      f"decisions, each judged alone). Its {a['checks']} rollout estimates against the exact value "
                      f"of the action followed by `{a['policy']}`: largest |z| = {a['max_z']:.2f} (SE under the "
                      f"exact value), {a['beyond_4se']} beyond 4 SE" + (f"; the largest: {a['worst']}." if a.get('worst') else ".")]
    if data.get("monte_carlo"):
        lines += ["", "### Monte Carlo check (the engine plays, Game.apply)", "",
                  "| deck | opponent | games | optimal wins (MC) | SE | exact | z |", "|---|---|---|---|---|---|---|"]
        for r in data["monte_carlo"]:
            lines.append(f"| {r['name'].split(':')[0]} | {r['opponent']} | {r['games']:,} | {r['mean']:.4f} | "
                         f"{r['se']:.4f} | {r['exact']:.4f} | {r['z']:+.2f} |")
    PAGE.write_text("\n".join(lines) + "\n")


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("part", choices=["all", "scaling", "grades", "mc", "render", "one"])
    p.add_argument("deck", nargs="?")
    p.add_argument("--max-seconds", type=float, default=600, help="CPU seconds of the largest solve")
    p.add_argument("--max-wall", type=float, default=1800, help="wall seconds before a solve is given up")
    p.add_argument("--games", type=int, default=100_000)
    p.add_argument("--again", action="store_true", help="re-measure the decks already in the data file")
    p.add_argument("--rollouts", type=int, default=400)
    p.add_argument("--advice-limit", type=int, default=200)
    p.add_argument("--decks", type=int, default=len(GRADES), help="grade only the first N decks")
    args = p.parse_args(argv)
    sys.setrecursionlimit(20_000)
    if args.part == "one":
        print(json.dumps(one(json.loads(args.deck))))
        return
    for part in (["scaling", "grades", "mc", "render"] if args.part == "all" else [args.part]):
        globals()[part](args)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
