"""The shape of the package (issue 22, docs/architecture.md): light package faces.

Each face test imports one engine module in a fresh interpreter (about 0.3 CPU-s each).
"""

import subprocess
import sys
import warnings

import pytest

#: What importing each game's engine may load (pushlab modules): the engine, its events and
#: the language layer that writes them; never bots, odds, advice, the finder or stats.
ENGINE_LOAD = {
    "pushlab.luck.game": {"pushlab", "pushlab.errors", "pushlab.seeding", "pushlab.i18n", "pushlab.i18n.events",
                          "pushlab.i18n.forms", "pushlab.luck", "pushlab.luck.cards", "pushlab.luck.events",
                          "pushlab.luck.game", "pushlab.luck.rules"},
    "pushlab.rummy.game": {"pushlab", "pushlab.errors", "pushlab.seeding", "pushlab.i18n", "pushlab.i18n.events",
                           "pushlab.i18n.forms", "pushlab.rummy", "pushlab.rummy.actions", "pushlab.rummy.cards",
                           "pushlab.rummy.events", "pushlab.rummy.game", "pushlab.rummy.melds"},
}


def loaded_by(module):
    """The pushlab modules a fresh interpreter has after ``import module``."""
    code = f"import sys, {module}; print(' '.join(m for m in sys.modules if m.split('.')[0] == 'pushlab'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


@pytest.mark.parametrize("module", sorted(ENGINE_LOAD))
def test_importing_an_engine_loads_only_the_engine(module):
    """Importing a game's engine loads neither analysis nor presentation (the faces import those on first use)."""
    assert loaded_by(module) == ENGINE_LOAD[module]


def test_the_faces_still_give_their_analysis_names():
    """pushlab.luck and pushlab.rummy give advise, hint, ExpertBot... as before, imported on first use."""
    import pushlab.luck as luck
    import pushlab.rummy as rummy
    from pushlab.luck.advice import advise as luck_advise
    from pushlab.luck.odds import bust_probability
    from pushlab.rummy.advice import advise as rummy_advise
    from pushlab.rummy.expert import ExpertBot

    assert luck.advise is luck_advise and luck.bust_probability is bust_probability
    assert rummy.ExpertBot is ExpertBot and {"advise", "hint", "Advice"} <= set(dir(luck))
    from pushlab.rummy import advise
    assert advise in (rummy_advise, sys.modules.get("pushlab.rummy.advise"))   # the old module name, if loaded, calls it
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        luck.nothing


def test_the_old_rummy_advise_module_warns_and_still_advises():
    """pushlab.rummy.advise (now pushlab.rummy.advice) warns; the function keeps working either way."""
    from pushlab.rummy import Game
    from pushlab.rummy.advice import Advice

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sys.modules.pop("pushlab.rummy.advise", None)
        import pushlab.rummy.advise as old
    assert any("pushlab.rummy.advice" in str(w.message) for w in caught) and old.Advice is Advice
    import pushlab.rummy
    game = Game.new(seed=1, deals=(1,), dealer=0)
    assert pushlab.rummy.advise(game, rollouts=2, seed=0).best in ("take", "push")
