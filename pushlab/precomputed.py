"""Results the lessons show at once: computed ahead, shipped in ``pushlab/data/``.

Some lesson figures take seconds to compute (one-turn hints over many tables, hundreds of
whole games). A page must be usable within 3 s, so the lesson shows the shipped
result at once, says so, and offers a button that recomputes it live with a progress
bar (:class:`pushlab.widgets.live.LiveResult`). Each result here is the output of one
library call with fixed arguments; nothing is typed in by hand.

Regenerate after a change to the engine, the bots or the odds (and commit the files)::

    python -m pushlab.precomputed            # every result
    python -m pushlab.precomputed --check    # recompute and compare, write nothing

``tests/test_precomputed.py`` recomputes a part of each result and compares.

>>> sorted(RESULTS)
['luck-policy-map', 'luck-strategies']
>>> RESULTS["luck-policy-map"].call
'pushlab.plots.luck.policy_data(n_games=8, players=3, seed=1)'
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Callable

import numpy as np

DATA = "data"
COMMAND = "python -m pushlab.precomputed"


@dataclass(frozen=True)
class Result:
    """One shipped result: how to compute it (``compute(progress)``) and to store it as JSON."""

    name: str
    call: str                 # the library call, in words (shown to readers)
    compute: Callable         # compute(progress=None) -> value; progress(done, total)
    encode: Callable          # value -> JSON-able
    decode: Callable          # JSON-able -> value

    @property
    def filename(self) -> str:
        """The file's name in ``pushlab/data/``."""
        return f"{self.name}.json"


# ---------------------------------------------------------------------- the results
def _policy_map(progress=None):
    """Three-column tables of 8 bot games with their one-turn hint (notebook 03, section 4)."""
    from pushlab.plots.luck import policy_data

    return policy_data(n_games=8, players=3, seed=1, progress=progress)


def _encode_policy(data):
    return {"points": [int(p) for p in data["points"]],
            "risk": [str(Fraction(r)) for r in data["risk"]], "best": list(data["best"])}


def _decode_policy(data):
    return {"points": list(data["points"]), "risk": [Fraction(r) for r in data["risk"]],
            "best": list(data["best"])}


STRATEGY_BOTS = "StopAfter(2), StopAfter(4), StopAtRisk(0.3), Greedy()"


def strategy_bots() -> list:
    """The four bots of notebook 03's strategy comparison."""
    from pushlab.luck.bots import Greedy, StopAfter, StopAtRisk

    return [StopAfter(2), StopAfter(4), StopAtRisk(0.3), Greedy()]


def _strategies(progress=None, games=200):
    """A 200-game tournament of four bots, seats rotating (notebook 03, section 6)."""
    from pushlab.tournament import tournament

    return tournament(strategy_bots(), games=games, seed=11, progress=progress)


def _encode_tournament(result):
    return {"names": list(result.names), "scores": result.scores.tolist(),
            "wins": result.wins.tolist(), "seating": result.seating.tolist()}


def _decode_tournament(data):
    from pushlab.tournament import TournamentResult

    return TournamentResult(names=tuple(data["names"]), scores=np.array(data["scores"]),
                            wins=np.array(data["wins"], dtype=float),
                            seating=np.array(data["seating"]))


RESULTS = {r.name: r for r in (
    Result("luck-policy-map", "pushlab.plots.luck.policy_data(n_games=8, players=3, seed=1)",
           _policy_map, _encode_policy, _decode_policy),
    Result("luck-strategies",
           f"pushlab.tournament.tournament([{STRATEGY_BOTS}], games=200, seed=11)",
           _strategies, _encode_tournament, _decode_tournament),
)}


# ---------------------------------------------------------------------- loading
def _result(name: str) -> Result:
    """The registered result ``name`` (a PushlabError names the known ones)."""
    from pushlab.errors import PushlabError

    if name not in RESULTS:
        raise PushlabError(f"no shipped result {name!r}; known: {', '.join(sorted(RESULTS))}")
    return RESULTS[name]


def load(name: str):
    """The shipped result ``name``, decoded (e.g. a ``TournamentResult``).

    >>> load("luck-strategies").games
    200
    """
    result = _result(name)
    text = resources.files("pushlab").joinpath(DATA, result.filename).read_text()
    return result.decode(json.loads(text)["value"])


def compute(name: str, progress=None):
    """Compute result ``name`` now (seconds); ``progress(done, total)`` is called as it goes."""
    return _result(name).compute(progress)


def regenerate(names=None, folder: Path | None = None, check: bool = False) -> list:
    """Recompute ``names`` (default: all) and write them to ``folder`` (default: the
    package's ``data/``); with ``check`` compare with the files instead. Returns the
    names whose file differs (``check``) or that were written."""
    folder = Path(folder) if folder else Path(__file__).with_name(DATA)
    changed = []
    for name in names or sorted(RESULTS):
        r = _result(name)
        doc = {"name": name, "made_by": r.call, "regenerate": f"{COMMAND} {name}",
               "value": r.encode(r.compute(None))}
        path = folder / r.filename
        text = json.dumps(doc, separators=(",", ":")) + "\n"
        old = path.read_text() if path.exists() else None
        if old != text:
            changed.append(name)
            if not check:
                folder.mkdir(parents=True, exist_ok=True)
                path.write_text(text)
    return changed


def main(argv=None) -> int:
    """``python -m pushlab.precomputed [NAME ...] [--check]``."""
    ap = argparse.ArgumentParser(prog=COMMAND, description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", metavar="NAME", help=f"default: all ({', '.join(RESULTS)})")
    ap.add_argument("--check", action="store_true", help="compare with the shipped files only")
    args = ap.parse_args(argv)
    changed = regenerate(args.names, check=args.check)
    verb = "differs" if args.check else "written"
    for name in changed:
        print(f"{name}: {verb}")
    if not changed:
        print("all shipped results are up to date" if args.check else "nothing changed")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
