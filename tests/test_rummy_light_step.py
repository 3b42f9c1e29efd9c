"""The engine's light step (issue 24) gives exactly the states of the draft it bypasses.

``Game.apply`` resolves take, push, and a discard, lay-off, meld or wild replacement that
neither goes out nor ends the deal straight into the next state; every other action, and
every action a light check refuses, goes through ``Game._apply_draft`` (the step-by-step
draft, the reference). Here both are applied at every step of seeded play by every bot
(and random legal actions at small round caps, so pushes empty the stock and quiet rounds
reach the cap), and the states compared field by field, events included. About 2 s.
"""

from collections import Counter

import numpy as np
import pytest

from pushlab.errors import IllegalAction
from pushlab.rummy.actions import Discard, LayOff, MeldDown, Push, Take
from pushlab.rummy.bots import HeuristicBot, NeverPushBot, RandomBot
from pushlab.rummy.expert import ExpertBot
from pushlab.rummy.game import _LIGHT, Game, _candidate_melds


def _same(a: Game, b: Game) -> None:
    """Two states equal in every field, event, and table meld's kept place."""
    assert type(a) is type(b) is Game
    assert a.__getstate__() == b.__getstate__()
    assert a._nev == b._nev and a.events == b.events
    assert [m.__dict__ for m in a.table] == [m.__dict__ for m in b.table]
    assert sorted(a.__dict__) == sorted(b.__dict__)


def _step(g: Game, action) -> Game | None:
    """Apply both ways from the same state; check they agree (the same state or the same
    refusal) and leave the state unchanged."""
    before = g.__getstate__()
    try:
        draft = g._apply_draft(action)
    except IllegalAction as e:
        with pytest.raises(IllegalAction) as light:
            g.apply(action)
        assert str(light.value) == str(e)
        return None
    light = g.apply(action)                  # after the draft: its event list is shared, so
    _same(light, draft)                      # the light step must copy it as the draft does
    assert g.__getstate__() == before
    return light


_COMMON = {"Take", "Push", "Discard"}
_MELDING = _COMMON | {"MeldDown", "LayOff"}


@pytest.mark.parametrize("seed, bots, cap, deals, light_kinds", [
    (0, (HeuristicBot, ExpertBot, NeverPushBot, RandomBot), 50, (1, 2, 3, 4, 5), _MELDING),
    (1, (ExpertBot,) * 4, 50, (3, 5), _MELDING | {"Replace"}),
    (2, (RandomBot,) * 4, 3, (1, 2), _COMMON),
    (3, (RandomBot, HeuristicBot) * 2, 2, (4,), _MELDING),
])
def test_light_step_equals_the_draft(seed, bots, cap, deals, light_kinds):
    rng = np.random.default_rng(seed)
    g = Game.new(seed=seed, deals=deals, round_cap=cap)
    players = [make() for make in bots]
    light = Counter()
    while not g.is_over:
        action = players[g.current_player].choose(g, rng)
        if type(action) in _LIGHT and _LIGHT[type(action)](g.__dict__, action) is not None:
            light[type(action).__name__] += 1
        if g.phase == "play" and rng.random() < 0.3:     # asides: actions not played
            others = g.legal_actions() + g.meld_actions(limit=4)
            _step(g, others[int(rng.integers(len(others)))])
            if not g.met[g.current_player]:             # one meld: short of the contract
                melds = [m for m in _candidate_melds(g.hand(g.current_player))]
                if melds:
                    _step(g, MeldDown((melds[0],)))
        g = _step(g, action)
    assert sum(light.values()) > 50                  # the light step did the common work
    assert light_kinds <= set(light)                 # ... of every kind these bots play


def test_refused_actions_fall_back_to_the_draft_and_its_message():
    g = Game.new(seed=5, dealer=0)
    cases = [Discard(g.hands[0][0]), LayOff(g.hands[1][0], 0, None)]   # before drawing
    g = g.apply("push")
    p = g.current_player
    held = g.hands[p]
    missing = next(c for c in Game.new(seed=6).hands[0] if c not in held)
    cases += [Take(), Push(), Discard(missing), LayOff(held[0], 0, None), LayOff(held[0], 3, "low")]
    for state, action in [(Game.new(seed=5, dealer=0), a) for a in cases[:2]] + [(g, a) for a in cases[2:]]:
        assert _LIGHT[type(action)](state.__dict__, action) is None
        with pytest.raises(IllegalAction) as light:
            state.apply(action)
        with pytest.raises(IllegalAction) as draft:
            state._apply_draft(action)
        assert str(light.value) == str(draft.value)
