"""Push (push-your-luck) in every language: apps, errors, the event log, plots and plurals.

The engine's state stays language-free (its log is events, written in a language when shown,
:mod:`pushlab.i18n.events`); everything a reader sees passes through the catalogs.
"""

import pickle

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")

from pushlab import i18n                                   # noqa: E402
from pushlab.errors import SetupError                      # noqa: E402
from pushlab.luck import Game, bots                        # noqa: E402
from pushlab.i18n.events import event_text, log_lines     # noqa: E402
from pushlab.luck import events                            # noqa: E402
from pushlab.luck.cards import parse_cards                 # noqa: E402
from pushlab.widgets import luck as ui                     # noqa: E402
from pushlab.widgets.common import error_text               # noqa: E402
from helpers import refused                                 # noqa: E402

#: A few words per language that the Push widgets must show (and English must not).
DRAW = {"en": "Draw", "et": "Tõmba", "cs": "Táhnout", "ar": "اسحب", "eo": "Tiri"}
STOP = {"en": "Stop", "et": "Peatu", "cs": "Zastavit", "ar": "توقف", "eo": "Halti"}
ENGLISH_BUTTONS = None


@pytest.fixture(autouse=True)
def english_after():
    """Every test leaves the process in English."""
    yield
    i18n.set_language("en")


def _buttons(app):
    """Every button description and dropdown option label of a PlayApp."""
    widgets = [app.draw, app.stop, app.new_column, app.undo, app.new_game, *app.columns, *app.banks,
               app.link.button]
    labels = [b.description for b in widgets]
    labels += [app.n_bots.description, app.kind.description, app.seed.description, app.first.description,
               app.switch_rule.description, app.show_hint.description]
    labels += [text for text, _value in app.first.options] + [text for text, _value in app.switch_rule.options]
    return labels


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_play_app_labels_are_translated_and_values_stay_english(language):
    """Buttons, settings and options speak the language; option values and actions stay notation."""
    english = _buttons(ui.PlayApp(seed=3))
    i18n.set_language(language)
    app = ui.PlayApp(seed=3)
    shown = _buttons(app)
    assert app.draw.description == DRAW[language] and app.stop.description == STOP[language]
    same = [e for e, s in zip(english, shown) if e == s]
    assert same == [], f"English left in {language}: {same}"
    assert [v for _t, v in app.first.options] == ["random", "you", "bot"]
    assert [v for _t, v in app.switch_rule.options] == ["turn", "game"]
    app.session.act("draw")                               # actions stay notation
    assert "Your turn" not in app.prompt.value and "Event log" not in app.log.value


def test_illegal_move_gives_a_translated_error_and_leaves_the_state():
    """act() with an illegal move raises the engine's error, translated at raise time; the app shows it."""
    i18n.set_language("cs")
    s = ui.LuckSession(Game.new(["Ann", "Bot"], deck="R3 B5 G1 Y2", rolls="*"), bots=["cautious"])
    before = s.game
    error = refused(s.act, "stop")
    assert s.game == before
    assert error.startswith("Nepovolený tah: teď nelze 'stop': Ann musí táhnout")
    assert "povolené tahy: draw" in error
    i18n.set_language("eo")
    error = refused(s.act, "bank R")
    assert error.startswith("Nepermesita: ne eblas 'bank R': Ann havas neniun karton de la koloro ruĝa")
    with pytest.raises(SetupError, match="Push bezonas 2 ĝis 6 ludantojn, ricevis 7"):
        Game.new(7)
    i18n.set_language("en")
    assert refused(s.act, "stop") == ("Illegal: cannot 'stop' now: Ann must draw (nothing to bank); "
                                      "legal actions: draw")


def test_error_text_prefixes_follow_the_language():
    """The shared error channel translates its own words too."""
    i18n.set_language("et")
    assert error_text(ValueError("x")) == "Viga: x"
    i18n.set_language("ar")
    assert error_text(ValueError("x")) == "خطأ: x"


def _played_logs(seeds=range(12)):
    """Logs of whole bot games: 2 to 6 players, both switch rules, the harder game."""
    for seed in seeds:
        rng = np.random.default_rng(seed)
        n = 2 + seed % 5
        g = Game.new(n, seed=seed, harder=bool(seed % 3 == 0), switch_rule=("turn", "game")[seed % 2])
        field = [bots.StopAfter(1 + seed % 4, bank_at=6 + seed % 5), bots.RandomBot()]
        while not g.is_over:
            g = g.apply(field[g.current_player % 2].choose(g, rng))
        yield g


def test_every_event_of_whole_games_is_written_in_every_language():
    """Each event of many whole games reads as a sentence in every language, none left in English."""
    games = list(_played_logs())
    kinds = {type(e) for g in games for e in g.events}
    assert kinds == set(events.EVENTS)
    for g in games:
        assert tuple(log_lines(g.events, g.players, "en")) == g.log
        for language in i18n.TRANSLATED:
            lines = log_lines(g.events, g.players, language)
            assert all(line != english for line, english in zip(lines, g.log)), language
            html = log_lines(g.events, g.players, language, html=True)
            taken = [line for line, e in zip(html, g.events) if isinstance(e, events.TookColumn)]
            assert taken and all('<span class="pushlab-ltr">' in line for line in taken), language


def test_the_log_renders_in_czech_and_the_state_stays_language_free():
    """log_html shows Czech sentences; equality, hash and pickle do not depend on the language."""
    g = Game.new(2, deck="R3 B5 R4 G1", rolls="*", seed=5)
    for action in ["draw", "place 0", "draw", "place 1", "stop", "take 0", "take 0"]:
        g = g.apply(action)
    english = pickle.dumps(g)
    i18n.set_language("cs")
    again = Game.new(2, deck="R3 B5 R4 G1", rolls="*", seed=5)
    for action in ["draw", "place 0", "draw", "place 1", "stop", "take 0", "take 0"]:
        again = again.apply(action)
    assert again == g and hash(again) == hash(g) and pickle.dumps(again) == english
    html = ui.log_html(g)
    assert 'Ann táhne <span class="pushlab-ltr">R3</span> a zakládá sloupec 1' in html and "Ann zastavuje" in html
    assert 'Ann bere sloupec 1: <span class="pushlab-ltr">R3</span>' in html and "draws" not in html
    assert 'aria-label="Záznam událostí"' in html or "Záznam" not in html   # label translated if a11y kept it
    assert g.log[0] == "Ann draws R3 and starts column 1"


def test_table_and_odds_speak_the_language_with_card_notation_kept():
    """The table's captions and the odds panel are translated; card notation is not."""
    g = Game.new(3, deck="R3 B5 roll G1", rolls="*").apply("draw").apply("place 0")
    i18n.set_language("ar")
    table = ui.table_html(g, labels=["", "steady bot", "bold bot"], you=0)
    assert "كومة السحب" in table and "العمود 1" in table and "Column" not in table
    assert 'title="أحمر 3"' in table
    odds = ui.odds_html(g)
    assert "فرصة أن تدفع الورقة التالية بعيدًا جدًا" in odds and "counting" not in odds


@pytest.mark.parametrize("language,n,expected", [
    ("cs", 1, "1 bod"), ("cs", 3, "3 body"), ("cs", 5, "5 bodů"), ("cs", 22, "22 bodů"),
    ("ar", 0, "0 نقطة"), ("ar", 1, "1 نقطة"), ("ar", 2, "2 نقطتان"), ("ar", 3, "3 نقاط"),
    ("ar", 11, "11 نقطة"), ("ar", 100, "100 نقطة"),
    ("et", 1, "1 punkt"), ("et", 2, "2 punkti"), ("eo", 2, "2 poentoj"),
])
def test_counts_use_each_languages_plural_forms(language, n, expected):
    """ngettext picks Czech's three forms and Arabic's six (a column's points, say)."""
    assert i18n.ngettext("{n} pt", "{n} pts", n, language).format(n=n) == expected


def test_the_bank_log_line_uses_the_plural_forms_and_the_colours_case():
    """A counted log sentence takes the count's plural form, the colour agreeing with it."""
    players = ("Ann", "Ben")
    bank = lambda cards, language: event_text(events.Banked(0, cards[0], parse_cards(cards)), players, language)
    assert bank("B3", "en") == "Ann banks 1 blue card (3 points)"
    assert bank("B3", "cs") == "Ann ukládá do banky 1 modrou kartu (3 b.)"
    assert bank("R1 R4", "cs") == "Ann ukládá do banky 2 červené karty (5 b.)"
    assert bank("R1 R2 R3 R4 R5", "cs") == "Ann ukládá do banky 5 červených karet (15 b.)"
    assert bank("B3", "et") == "Ann pangab 1 sinise kaardi (3 punkti)"
    assert bank("B3 B4", "et") == "Ann pangab 2 sinist kaarti (7 punkti)"
    assert bank("R1 R3", "ar") == "Ann: إيداع 2 ورقتين من اللون الأحمر في البنك (4 نقطة)"
    assert bank("G2 G5 G6", "eo") == "Ann enbankigas 3 verdajn kartojn (13 poentoj)"


@pytest.mark.parametrize("language, expected", [
    # the colour in the accusative (Czech), with the article (Arabic: no verb whose subject is the
    # player, so nothing needs the player's gender), in the genitive (Estonian); glossaries' words
    ("cs", "Ann hodí barvu modrou a ztrácí B1"),
    ("ar", "Ann: رمي النرد، والنتيجة اللون الأزرق، فتضيع B1"),
    ("et", "Ann veeretab sinise ja kaotab B1"),
    ("eo", "Ann ĵetas la koloron bluan kaj perdas B1"),
    ("en", "Ann rolls blue and loses B1"),
])
def test_the_roll_line_names_the_colour_in_the_form_the_sentence_needs(language, expected):
    """'Ann rolls blue' in each language, the colour inflected where it stands."""
    g = Game.new(2, deck="B1 R2 roll", rolls="B", switch_cards=False)
    for action in ["draw", "place 0", "stop", "take 0", "draw", "place 0", "stop", "take 0", "draw", "place 0",
                   "stop", "take 0"]:
        g = g.apply(action)
    assert g.events[-2] == events.Rolled(0, "B", parse_cards("B1"))
    assert event_text(g.events[-2], g.players, language) == expected
    assert event_text(events.Rolled(1, "B", ()), ("Ann", "Ben"), "cs") == "Ben hodí barvu modrou a nic neztrácí"


def test_a_plots_title_axes_and_legend_are_translated():
    """Plot titles, axis labels and legends are drawn in the language in use."""
    from pushlab.plots import luck as plots
    from pushlab.plots.alt import data_table_html
    i18n.set_language("eo")
    ax = plots.bust_odds({"cards": [3, 4, 5], "counting": [0.1, 0.2, 0.3], "naive": [0.1, 0.2, 0.35]})
    assert ax.get_title() == "Ŝanco, ke la sekva karto puŝas tro for, dum la kolumnoj kreskas"
    assert ax.get_xlabel() == "kartoj en la kolumnoj (nombro)"
    assert [t.get_text() for t in ax.get_legend().get_texts()][0] == "kalkulante la viditajn kartojn (ekzakte)"
    assert "La nombroj en ĉi tiu grafikaĵo" in data_table_html(ax.figure) or "panelo" in data_table_html(ax.figure)
    i18n.set_language("en")
    ax = plots.bust_odds({"cards": [3, 4, 5], "counting": [0.1, 0.2, 0.3]})
    assert ax.get_title() == "Chance that the next card busts, as the columns grow"


def test_summary_and_hint_are_translated():
    """The end-of-game summary and the one-turn hint sentence speak the language."""
    i18n.set_language("et")
    s = ui.LuckSession(n_bots=1, seed=4, track_regret=False)
    assert s.hint_text().startswith("Ainult see käik (")
    html = ui.summary_html(s)
    assert "Lõppskoorid" in html and "Otsuseid ei hinnata" not in html and "Final scores" not in html


def test_arabic_apps_are_right_to_left_with_card_notation_left_to_right():
    """In Arabic the app's box is RTL; log card runs and benches stay left to right; English unchanged."""
    app = ui.PlayApp(seed=2)
    assert i18n.RTL_CLASS not in app.widget._dom_classes
    i18n.set_language("ar")
    app = ui.PlayApp(seed=2)
    assert i18n.RTL_CLASS in app.widget._dom_classes
    assert "direction: rtl" in app.widget.children[0].value
    g = Game.new(2, deck="R3 roll R2", rolls="*", seed=1)
    for action in ["draw", "place 0", "draw", "place 0", "stop", "take 0"]:
        g = g.apply(action)
    assert 'Ann: أخذ العمود 1: <span class="pushlab-ltr">R3 roll</span>' in ui.log_html(g)
    left = events.ColumnsDiscarded((parse_cards("R2"), parse_cards("B3 G4")))
    assert event_text(left, g.players, html=True).endswith('<span class="pushlab-ltr">R2 | B3 G4</span>')
    g = Game.new(2, deck="R3 B5", rolls="*", seed=1)
    for action in ["draw", "place 0", "stop", "take 0"]:
        g = g.apply(action)
    assert 'class="pl-row pushlab-ltr"' in ui.table_html(g)


def test_the_switch_rule_summary_speaks_the_language():
    """Lesson 03's paragraph on the two readings of rule 10 is translated, its numbers kept (in
    the language's decimal mark: pushlab.i18n.numbers)."""
    from pushlab.plots.luck import switch_rule_summary
    d = {"players": 3, "games": 900, "rules": {
        r: {"rate": np.array([.3, .4, .3]), "lo": np.array([.27, .37, .27]),
            "hi": np.array([.33, .43, .33])} for r in ("turn", "game")},
        "diff": {"rate": np.zeros(3), "lo": np.full(3, -.02), "hi": np.full(3, .02)}}
    english = switch_rule_summary(d)
    i18n.set_language("cs")
    czech = switch_rule_summary(d)
    assert czech.startswith("**Kdo začíná**") and "místo 1: +0,0\u00a0% [-2,0\u00a0%" in czech and "Going first" not in czech
    assert english.startswith("**Going first** wins 30.0% [27.0%, 33.0%]")
