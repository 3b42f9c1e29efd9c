"""The one card renderer (pushlab.display): the apps and the engines' notebook look draw the same faces."""

import subprocess
import sys

import pytest

from pushlab import luck, rummy
from pushlab.display import html_of
from pushlab.widgets import luck as luck_ui
from pushlab.widgets import render
from pushlab.widgets import rummy as rummy_ui


def test_luck_engine_cards_are_the_apps_card_faces():
    """Card and Game of the push-your-luck engine show the apps' faces: colour letter and shape included."""
    g = luck.Game.new(2, deck="R3 B5 G1 Y2", rolls="*")
    for action in ("draw", "place 0", "draw"):
        g = g.apply(action)
    html = html_of(g)
    r3, b5 = luck.Card.parse("R3"), luck.Card.parse("B5")
    assert luck_ui.card_html(r3) in html and luck_ui.card_html(b5) in html      # the app's markup
    assert render.CSS in html and html.count("<style>") == 2                      # the style sheet once
    card = html_of(r3)
    assert luck_ui.card_html(r3) in card and 'class="pl-corner">R<' in card and "\u25cf" in card
    bench = html_of(luck.Game.new(2, deck="R3 B5", rolls="*").apply("draw").apply("place 0").apply("stop")
                    .apply("take 0"))
    assert luck_ui.cards_html([r3]) in bench                                       # a bench: small faces


def test_rummy_engine_cards_are_the_apps_card_faces():
    """Card, Meld and Game of the rummy engine show the apps' faces (suit symbol, red ink, gold wilds)."""
    five, joker = rummy.Card.parse("5H"), rummy.Card.parse("JK")
    assert rummy_ui.card_html(five) in html_of(five)
    assert 'class="pl-suit">\u2665<' in html_of(five) and "pl-red" in html_of(five)
    meld = rummy.Meld("run", "5H JK 7H", owner=2)
    assert rummy_ui.cards_html(meld.cards, "sm") in html_of(meld) and "pl-joker" in html_of(meld)
    g = rummy.Game.new(seed=1, dealer=0, deals=(1,))
    html = html_of(g)
    assert rummy_ui.card_html(g.discard_top, "sm") in html and render.RUMMY_CSS in html
    assert html_of(joker) != html_of(five)


def test_one_renderer_for_both_games():
    """The old per-game functions are the shared renderer's output; other values are refused."""
    assert luck_ui.card_html is render.card_html
    assert rummy_ui.card_html("10D", "sm") == render.card_html(rummy.Card.parse("10D"), "sm")
    with pytest.raises(TypeError, match="luck.Card or a pushlab.rummy.Card"):
        render.card_html(3)


def test_engines_import_no_presentation_and_ipython_gets_their_look():
    """Importing the engines outside IPython imports no presentation code (pushlab.display, ipywidgets);
    in IPython, importing pushlab registers the engines' HTML views, and drawing them imports no ipywidgets."""
    code = ("import sys, pushlab.luck, pushlab.rummy\n"
            "bad = [m for m in sys.modules if m.startswith(('pushlab.display', 'pushlab.widgets', 'ipywidgets'))]\n"
            "assert not bad, bad\n"
            "str(pushlab.luck.Game.new(2, seed=0)); str(pushlab.rummy.Game.new(seed=0))\n"
            "print('ok')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
    code = ("import sys\n"
            "from IPython.core.interactiveshell import InteractiveShell\n"
            "shell = InteractiveShell.instance()\n"
            "import pushlab.luck, pushlab.rummy\n"
            "fmt = shell.display_formatter.format\n"
            "html = fmt(pushlab.luck.Card.parse('R3'))[0]['text/html'] + fmt(pushlab.rummy.Card.parse('5H'))[0]['text/html']\n"
            "assert 'pl-card' in html and 'text/html' in fmt(pushlab.rummy.Game.new(seed=0))[0]\n"
            "assert 'ipywidgets' not in sys.modules, 'renderer import'\n"
            "print('ok')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


def test_each_games_widgets_leave_the_other_engine_unloaded():
    """The shared renderer imports no engine: a rummy page does not pay for the luck engine, nor the reverse."""
    code = ("import sys, pushlab.widgets.{mine}\n"
            "assert 'pushlab.{other}' not in sys.modules, sorted(m for m in sys.modules if '{other}' in m)\n")
    for mine, other in (("rummy", "luck"), ("luck", "rummy")):
        out = subprocess.run([sys.executable, "-c", code.format(mine=mine, other=other)],
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr


@pytest.mark.parametrize("lang, names", [("en", "Ann, Ben, and Cat"), ("cs", "Ann, Ben a\xa0Cat"),
                                         ("ar", "Ann وBen وCat")])
def test_a_shared_win_names_the_winners_as_a_list_in_the_language(lang, names):
    """The status line of a game three players share: CLDR's list (was "Ann and Ben and Cat",
    the message "{names} and {last}" nested, in every language). ~5 ms each."""
    from helpers import new

    from pushlab import i18n
    from pushlab.widgets.render.luck import _status_line

    game = new(3, "switch").apply("draw")            # the pile runs out: all three tie at 0
    assert game.is_over and len(game.winners()) == 3
    before = i18n.current_language()
    i18n.set_language(lang)
    try:
        assert names in _status_line(game)
    finally:
        i18n.set_language(before)
