"""What a page of the play apps costs a server: widgets and their state (issue 20).

Every reader's page asks for the state of every widget of its kernel, and a warm kernel
opens each of them while it runs the notebook; ``scripts/load_bench.py`` measures the
server's CPU per view. These checks keep the count and the size down: controls share
their Layout and style models (``pushlab.widgets.common.lean``), an app's style sheets
are sent once, in its root, not in every piece of HTML, and parts most readers never open
are built when first opened. Was (before): app 02, 322 widgets and 338 kB of state; app
06, 305 widgets and 315 kB. Each notebook's code runs here as in a kernel (about 0.5 s).
"""

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

#: notebook: (most widgets, most bytes of state) for its whole page
BUDGET = {"02-play-push-your-luck": (160, 160_000), "06-play-push-rummy": (140, 140_000)}


def run_code_cells(name: str) -> tuple:
    """Run the notebook's code cells in a namespace, as a kernel would: the widgets its page
    has (model id -> widget: those made, and the shared models they use) and the namespace."""
    from ipywidgets.widgets.widget import _instances

    from pushlab import i18n

    before = set(_instances)
    ns = {}
    cells = json.loads((REPO / "notebooks" / f"{name}.ipynb").read_text())["cells"]
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            for cell in cells:
                if cell["cell_type"] == "code":
                    exec(compile("".join(cell["source"]), name, "exec"), ns)   # noqa: S102 - our own lessons
    finally:
        i18n.set_language("en")
    made = {k: w for k, w in _instances.items() if k not in before}
    shared = {m.model_id: m for w in made.values() for m in (getattr(w, "layout", None), getattr(w, "style", None))
              if m is not None and m.comm is not None}      # made before, by an earlier test: counted too
    return {**made, **shared}, ns


def state_bytes(widgets) -> int:
    from ipywidgets.widgets.widget import _remove_buffers

    return sum(len(json.dumps(_remove_buffers(w.get_state())[0])) for w in widgets.values())


@pytest.mark.parametrize("name", sorted(BUDGET))
def test_a_play_app_page_has_few_widgets_and_little_state(name):
    widgets, _ns = run_code_cells(name)
    most, most_bytes = BUDGET[name]
    size = state_bytes(widgets)
    print(f"{name}: {len(widgets)} widgets, {size} bytes of state")
    assert len(widgets) <= most, f"{name}: {len(widgets)} widgets (budget {most}; was over 300)"
    assert size <= most_bytes, f"{name}: {size} bytes of widget state (budget {most_bytes})"
    layouts = [w for w in widgets.values() if type(w).__name__ == "Layout"]
    assert len(layouts) < len(widgets) / 3, "most controls share their Layout"


@pytest.mark.parametrize("name", sorted(BUDGET))
def test_each_style_sheet_is_sent_once_per_app(name):
    widgets, ns = run_code_cells(name)
    app = ns.get("app")
    root = app.widget if app is not None else next(
        w for w in widgets.values() if "pl-playapp" in getattr(w, "_dom_classes", ()))

    def html_values(w):
        yield getattr(w, "value", "") if isinstance(getattr(w, "value", None), str) else ""
        for child in getattr(w, "children", ()) or ():
            yield from html_values(child)

    blocks = [b for v in html_values(root) for b in re.findall(r"<style>.*?</style>", v, re.S)]
    assert blocks, "the app carries its style sheets"
    repeated = {b[:60] for b in blocks if blocks.count(b) > 1}
    assert not repeated, f"style sheets repeated inside one app: {repeated}"
    assert any(".pl-root{" in b for b in blocks)                 # pushlab's sheet is there, once


def test_the_reasoning_of_an_exercise_is_built_when_first_shown():
    from pushlab import teaching
    from pushlab.widgets.teach import Exercise, Exercises

    ex = Exercise(teaching.exercise("03.first-switch"))
    assert ex.reasoning is None and not ex.reasoning_shown
    n = len(ex.widget.children)
    ex.toggle_reasoning()
    assert ex.reasoning_shown and len(ex.widget.children) == n + 1 and "1/10" in ex.reasoning.value
    ex.toggle_reasoning()
    assert not ex.reasoning_shown and ex.reasoning.layout.display == "none"
    block = Exercises("02-play-push-your-luck")
    style = block.widget.children[0]
    assert ".pl-teach" in style.value and all(".pl-teach" not in e.header.value for e in block.items)


def test_a_shared_layout_cannot_be_changed_by_one_widget():
    import ipywidgets as w

    from pushlab.widgets.common import lean, lean_ipw

    a, b = lean_ipw().Button(description="a"), lean(w.Button, description="b", layout={"width": "auto"})
    with pytest.raises(AttributeError, match="shared"):
        a.layout.display = "none"
    with pytest.raises(AttributeError, match="shared"):
        b.style.button_color = "red"
    assert a.layout.display is None
    a.close()
    b.layout.close()                                  # a closed shared model is made again
    c = lean(w.Button, layout={"width": "auto"})
    assert c.layout is not b.layout and c.layout.comm is not None and c.layout.width == "auto"
