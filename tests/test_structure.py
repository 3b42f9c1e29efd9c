"""The shape of the package (issue 22, docs/architecture.md): no import cycle, layers that
only point down, light package faces, and the generated part of docs/architecture.md current.

The layers are defined once, in ``scripts/import_graph.py``; its graph is read from the
source with ``ast`` (imports inside functions counted). About 2 CPU-s in all: the graph is
parsed once (~0.6 CPU-s), and each face test imports one engine module in a fresh
interpreter (~0.4 s each).
"""

import importlib.util
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("import_graph", REPO / "scripts" / "import_graph.py")
import_graph = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(import_graph)


@pytest.fixture(scope="module")
def graphs():
    """pushlab's import graph: (every import, the imports run at import time, the others by statement)."""
    return import_graph.graph()


def test_no_cycle_no_upward_import_and_every_module_in_a_layer(graphs):
    """The import graph breaks no rule (run ``python scripts/import_graph.py`` to see why it does)."""
    assert import_graph.problems(graphs=graphs) == []


def test_the_generated_section_of_architecture_md_is_current(graphs):
    """docs/architecture.md's layer table and face lists are the code's (``python scripts/import_graph.py --write``)."""
    assert (REPO / "docs" / "architecture.md").read_text(encoding="utf-8") == import_graph.current_doc(graphs=graphs)


def _tree(root, files):
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_the_checker_finds_a_cycle_an_upward_import_a_heavy_face_and_a_module_in_no_layer(tmp_path):
    """On a small made-up tree, each kind of break is reported (so the test above can fail),
    a pointless import inside a function too."""
    root = _tree(tmp_path, {
        "pushlab/__init__.py": "", "pushlab/errors.py": "", "pushlab/luck/__init__.py": "",
        "pushlab/luck/cards.py": "from pushlab.luck import game\n",
        "pushlab/luck/game.py": "from pushlab.luck.cards import Card\nimport pushlab.luck.odds\n"
                                "def view():\n    from pushlab.widgets import common\n",
        "pushlab/luck/odds.py": "def f():\n    import pushlab.luck\n",   # its own package: loaded anyway
        "pushlab/rummy/__init__.py": "", "pushlab/rummy/game.py": "",
        "pushlab/widgets/__init__.py": "", "pushlab/widgets/common.py": "from ..errors import PushlabError\n",
    })
    assert import_graph.problems(root) == [
        "cycle: pushlab.luck.cards, pushlab.luck.game",
        "points up: pushlab.luck.game -> pushlab.luck.odds (engine -> analysis)",
        "points up: pushlab.luck.game -> pushlab.widgets (engine -> widgets)",   # a function's import counts
        "points up: pushlab.luck.game -> pushlab.widgets.common (engine -> widgets)",
        "import inside a function for nothing: pushlab.luck.odds -> pushlab.luck (line 2; loaded with the "
        "module anyway: import it at the top)",
        "import pushlab.luck.game loads more than the engine: pushlab.luck.odds"]
    (root / "pushlab" / "newthing.py").write_text("")
    assert import_graph.problems(root) == [
        "pushlab.newthing is in no layer: add it to LAYERS in scripts/import_graph.py"]


def loaded_by(module):
    """The pushlab modules a fresh interpreter has after ``import module``."""
    code = f"import sys, {module}; print(' '.join(m for m in sys.modules if m.split('.')[0] == 'pushlab'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


@pytest.mark.parametrize("module", import_graph.FACES)
def test_importing_an_engine_loads_only_the_engine_modules_the_graph_lists(module, graphs):
    """Importing a game's engine loads what the graph says (listed in docs/architecture.md),
    all of it engine or below: no analysis, no presentation (the faces import those on first use)."""
    _, eager, _ = graphs
    listed = import_graph.loads(module, eager)
    assert loaded_by(module) == listed
    assert max(map(import_graph.layer_of, listed)) == [n for n, _, _ in import_graph.LAYERS].index("engine")


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
