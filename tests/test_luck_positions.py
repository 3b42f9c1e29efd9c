"""Scripted positions: every card of the deck in one place, the pile as asked, play goes on."""

from collections import Counter

import pytest

from pushlab.errors import SetupError
from pushlab.luck import full_deck
from pushlab.luck.bots import StopAfter
from pushlab.luck.positions import bench_position
from pushlab.tournament import play


@pytest.mark.parametrize("players, harder", [(2, False), (3, True), (6, False)])
def test_every_card_in_one_place_and_the_pile_as_asked(players, harder):
    g = bench_position(players, "B2 B5 B5 B6 B6 B6", 60, harder=harder, rolls=7,
                       banks=["R6"] + [""] * (players - 1), seed=3)
    cards = Counter(g.draw_pile) + Counter(g.discard_pile) + Counter(c for b in g.benches for c in b) \
        + Counter(c for b in g.banks for c in b)
    assert cards == Counter(full_deck(players > 2))
    assert g.draw_pile_size == 60 and sum(c.is_roll for c in g.draw_pile) == 7
    assert g.harder == harder and g.current_player == 0 and g.phase == "turn"
    assert g.scores()[0] == 30 + 6
    final = play(g, [StopAfter(4)] * players)
    assert final.is_over


def test_same_seed_same_position_and_bad_setups_raise():
    assert bench_position(3, "Y4", 50, seed=2) == bench_position(3, "Y4", 50, seed=2)
    with pytest.raises(SetupError, match="more often"):
        bench_position(2, "R1 R1 R1 R1", 10, rolls=2)
    with pytest.raises(SetupError, match="cannot be made"):
        bench_position(2, "R1", 10, rolls=19)
    with pytest.raises(SetupError, match="one entry per player"):
        bench_position(2, "R1", 10, banks=["", "", ""])
