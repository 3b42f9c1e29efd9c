"""scripts/rollout_tournament.py: the rollout arm is the seeded tournament, the control is paired."""

import importlib.util
import json
from pathlib import Path

import numpy as np

from pushlab.luck.bots import RolloutBot
from pushlab.tournament import tournament

REPO = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("rollout_tournament",
                                               REPO / "scripts" / "rollout_tournament.py")
script = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(script)


def test_rollout_arm_is_the_tournament_and_resumes(tmp_path, capsys):
    out = tmp_path / "r.json"
    args = ["--games", "3", "--seed", "5", "--rollouts", "10", "--push-pile", "6",
            "--field", "after 5", "--every", "1", "--out", str(out)]
    script.main(args[:1] + ["2"] + args[2:])            # two games, then resume to three
    script.main(args + ["--resume"])
    data = json.loads(out.read_text())
    bot = RolloutBot(10, policy="after 5", phases=("turn", "push"), margin=1, push_pile=6)
    ref = tournament([bot] + [bot.policy] * 3, games=3, seed=5)
    assert [r["rollout"]["win"] for r in data["rows"]] == ref.by_bot(ref.wins)[:, 0].tolist()
    assert [r["rollout"]["score"] for r in data["rows"]] == ref.by_bot(ref.scores)[:, 0].tolist()
    control = tournament([bot.policy] * 4, games=3, seed=5)
    assert [r["control"]["score"] for r in data["rows"]] == control.by_bot(control.scores)[:, 0].tolist()
    s = data["summary"]
    assert s["games"] == 3 and data["bot"] == repr(bot)
    assert np.isclose(s["win_diff"][0], s["rollout_win"][0] - s["control_win"][0])
    assert "rollout seat win rate" in capsys.readouterr().out
