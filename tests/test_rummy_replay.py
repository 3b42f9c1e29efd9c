"""Speed work must not change play: seeded self-play matches give the same games as before it.

The expected values (final scores, number of actions, and a digest of every action's text)
were recorded from main before the bots, finder and engine were made faster (issue 9 §6,
2026-12-01; the random, never-push and second mixed tables before issue 24's incremental
bots and lighter engine step); any change of play, however small, changes the digest.
Every bot of :mod:`pushlab.rummy.bots` and :mod:`pushlab.rummy.expert` plays a whole table.
"""

import hashlib

import numpy as np
import pytest

from pushlab.rummy.bots import HeuristicBot, NeverPushBot, RandomBot
from pushlab.rummy.expert import ExpertBot
from pushlab.rummy.game import Game

MIXES = {"heuristic": (HeuristicBot,) * 4, "expert": (ExpertBot,) * 4,
         "mixed": (ExpertBot, HeuristicBot, NeverPushBot, RandomBot),
         "random": (RandomBot,) * 4, "never-push": (NeverPushBot,) * 4,
         "mixed2": (RandomBot, ExpertBot, HeuristicBot, NeverPushBot)}

RECORDED = [   # (bots, seed, final scores, actions, sha256 of the action texts, first 16 hex)
    ("heuristic", 0, (355, 215), 485, "cf19906ba60b7758"),
    ("heuristic", 1, (395, 150), 483, "5ffc8a5e7ce9b573"),
    ("heuristic", 2, (200, 565), 350, "ce95cb0c18a4498c"),
    ("expert", 0, (265, 190), 381, "7255af5ddf445ae0"),
    ("expert", 1, (370, 125), 477, "2483a020994e2d3f"),
    ("mixed", 0, (260, 535), 195, "01b3ea8e4b8440fd"),
    ("mixed", 3, (200, 470), 472, "f636bef94baaa33a"),
    ("heuristic", 3, (225, 515), 464, "3e05b67e4e6683b8"),
    ("expert", 2, (50, 325), 358, "0946b40e9dcccdcf"),
    ("random", 0, (2380, 2420), 689, "24d277109e052ebb"),
    ("random", 1, (2685, 2115), 815, "6c04fdca2c86e93e"),
    ("never-push", 0, (720, 410), 1242, "72d5d41c141c14b2"),
    ("never-push", 1, (515, 405), 1001, "ee6f8ab314475551"),
    ("mixed2", 0, (715, 0), 422, "5207cfebe9093d9c"),
    ("mixed2", 5, (360, 145), 504, "2369ce4137619a84"),
]


def play(bots: str, seed: int):
    """A whole match (deals 1-5) of seeded self-play: (final scores, actions, digest)."""
    g = Game.new(seed=seed)
    players = [make() for make in MIXES[bots]]
    rng = np.random.default_rng(seed)
    digest, n = hashlib.sha256(), 0
    while not g.is_over:
        a = players[g.current_player].choose(g, rng)
        digest.update(str(a).encode() + b"|")
        g = g.apply(a)
        n += 1
    return g.scores(), n, digest.hexdigest()[:16]


@pytest.mark.parametrize("bots, seed, scores, actions, digest", RECORDED)
def test_seeded_self_play_is_unchanged(bots, seed, scores, actions, digest):
    assert play(bots, seed) == (scores, actions, digest)
