"""RolloutBot against a field of one policy, with a paired control (issue 8 section 5).

Game ``i`` (seed ``SeedSequence(seed, spawn_key=(i,))``, as :func:`pushlab.tournament.tournament`)
is played twice on the same deck and die faces, with seat rotation (game ``i`` seats the
tested bot at seat ``(-i) % players``):

- arm **rollout**: ``RolloutBot(rollouts, policy=FIELD, ...)`` in that seat, ``FIELD`` at every
  other seat (exactly ``tournament([bot, FIELD, FIELD, ...], games, seed)``);
- arm **control**: ``FIELD`` in that seat too (every seat plays ``FIELD``).

It prints (and writes to ``--out`` as JSON, after every ``--every`` games, so a long run
can be stopped and resumed with ``--resume``): the rollout seat's win rate with its 95%
Wilson interval against parity 1/players, the control seat's, the paired difference of
win shares (Agresti-Min interval) and of final scores (t interval), CPU and wall seconds
and the load average. Usage (the issue-8 run, docs/decisions.md "RolloutBot strength")::

    nice -n 5 .venv/bin/python scripts/rollout_tournament.py --games 3000 --seed 20000 \\
        --rollouts 500 --phases turn,push --push-pile 30 --margin 1 --out rollout.json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np

from pushlab.luck.bots import RolloutBot
from pushlab.luck.game import Game
from pushlab.luck.policy import Policy
from pushlab.stats import column_mean_ci, paired_diff_ci, paired_rate_diff_ci, rate_ci
from pushlab.tournament import default_outcome, game_seeds, play, seating_of


class CountingRolloutBot(RolloutBot):
    """A RolloutBot that counts its simulated decisions and those where it left the policy."""

    simulated = 0
    switched = 0

    def decide(self, game, rng):
        """RolloutBot's decision, counted."""
        action = super().decide(game, rng)
        if self.simulates(game):
            self.simulated += 1
            self.switched += action != self.policy.choose(game)
        return action


def play_pair(i: int, seed: int, bot: RolloutBot, field: Policy, players: int) -> dict:
    """Game ``i`` in both arms: the bot's seat, and per arm the seat's win share and score."""
    ((game_seed, rng),) = game_seeds(seed, i + 1, i)
    seats = seating_of(i, players)               # bot index per seat; bot 0 is tested
    seat = int(np.flatnonzero(seats == 0)[0])
    row = {"game": i, "seat": seat}
    for arm, tested in (("rollout", bot), ("control", field)):
        bots = [tested if b == 0 else field for b in seats]
        scores, wins = default_outcome(play(Game.new(players, seed=game_seed), bots, rng))
        row[arm] = {"win": float(wins[seat]), "score": float(scores[seat])}
    return row


def summary(rows: list, players: int) -> dict:
    """Win rates (Wilson), mean scores (t) and paired differences, all 95%."""
    w = np.array([[r["rollout"]["win"], r["control"]["win"]] for r in rows])
    s = np.array([[r["rollout"]["score"], r["control"]["score"]] for r in rows])
    rate, lo, hi = rate_ci(w)
    mean, mlo, mhi = column_mean_ci(s)
    return {"games": len(rows), "parity": 1 / players,
            "rollout_win": [rate[0], lo[0], hi[0]], "control_win": [rate[1], lo[1], hi[1]],
            "win_diff": list(paired_rate_diff_ci(w[:, 0], w[:, 1])),
            "rollout_score": [mean[0], mlo[0], mhi[0]], "control_score": [mean[1], mlo[1], mhi[1]],
            "score_diff": list(paired_diff_ci(s[:, 0], s[:, 1])),
            "excludes_parity": bool(lo[0] > 1 / players or hi[0] < 1 / players)}


def report(data: dict) -> str:
    """The summary as a few readable lines."""
    s = data["summary"]
    f3 = lambda x: f"{x[0]:.3f} [{x[1]:.3f}, {x[2]:.3f}]"
    f2 = lambda x: f"{x[0]:+.2f} [{x[1]:+.2f}, {x[2]:+.2f}]"
    return "\n".join([
        f"{s['games']} games, seed {data['seed']}, {data['bot']} against {data['field']!r}",
        f"rollout seat win rate {f3(s['rollout_win'])} (parity {s['parity']:.3f}; "
        f"interval excludes parity: {s['excludes_parity']})",
        f"control seat win rate {f3(s['control_win'])}",
        f"paired win difference {s['win_diff'][0]:+.4f} [{s['win_diff'][1]:+.4f}, {s['win_diff'][2]:+.4f}]",
        f"mean score {s['rollout_score'][0]:.2f} vs {s['control_score'][0]:.2f}, "
        f"paired {f2(s['score_diff'])}",
        f"simulated decisions {data['simulated']}, left the policy {data['switched']}",
        f"cpu {data['cpu_seconds']:.0f} s, wall {data['wall_seconds']:.0f} s, "
        f"load average {data['load_start']} -> {data['load_end']}"])


def main(argv=None) -> int:
    """Command line (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=20000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--field", default="after 6, bank loss 10",
                    help="the field's policy, also the bot's rollout policy (default: the shipped "
                    "search's best 4-player policy)")
    ap.add_argument("--rollouts", type=int, default=500)
    ap.add_argument("--phases", default="turn,push")
    ap.add_argument("--margin", type=float, default=1.0)
    ap.add_argument("--push-pile", type=int, default=30)
    ap.add_argument("--every", type=int, default=20, help="write --out after this many games")
    ap.add_argument("--out", default=None, help="JSON file for the per-game results and summary")
    ap.add_argument("--resume", action="store_true", help="continue the games already in --out")
    args = ap.parse_args(argv)
    field = Policy.parse(args.field)
    margin = int(args.margin) if float(args.margin).is_integer() else args.margin
    bot = CountingRolloutBot(args.rollouts, policy=field, phases=tuple(args.phases.split(",")),
                             margin=margin, push_pile=args.push_pile)
    config = {"seed": args.seed, "players": args.players, "field": str(field),
              "bot": repr(RolloutBot(args.rollouts, policy=field, phases=bot.phases,
                                     margin=margin, push_pile=args.push_pile))}
    data = {**config, "command": "scripts/rollout_tournament.py " + " ".join(argv or sys.argv[1:]),
            "rows": [], "simulated": 0, "switched": 0, "cpu_seconds": 0.0, "wall_seconds": 0.0,
            "load_start": [round(x, 2) for x in os.getloadavg()]}
    if args.resume and args.out and os.path.exists(args.out):
        with open(args.out) as fh:
            old = json.load(fh)
        if any(old[k] != v for k, v in config.items()):
            ap.error(f"{args.out} was made with another configuration")
        data = {**old, "command": data["command"]}
        bot.simulated, bot.switched = old["simulated"], old["switched"]
    c0, t0 = time.process_time() - data["cpu_seconds"], time.perf_counter() - data["wall_seconds"]
    for i in range(len(data["rows"]), args.games):
        data["rows"].append(play_pair(i, args.seed, bot, field, args.players))
        if (i + 1) % args.every == 0 or i + 1 == args.games:
            data.update(simulated=bot.simulated, switched=bot.switched,
                        cpu_seconds=time.process_time() - c0, wall_seconds=time.perf_counter() - t0,
                        load_end=[round(x, 2) for x in os.getloadavg()],
                        summary=summary(data["rows"], args.players))
            if args.out:
                tmp = args.out + ".tmp"
                with open(tmp, "w") as fh:
                    json.dump(data, fh)
                os.replace(tmp, args.out)
            print(f"{i + 1} games: win {data['summary']['rollout_win'][0]:.3f}, "
                  f"{data['cpu_seconds']:.0f} cpu s", flush=True)
    print(report(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
