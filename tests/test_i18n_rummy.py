"""The rummy apps in every language: labels, messages, the event log, engine errors, plots, plurals.

The engine's state stays language-free (its log is events, written in a language when shown by
:mod:`pushlab.i18n.events`); everything a reader sees is translated when shown (``docs/i18n.md``).
"""

import pickle

import pytest

from pushlab import i18n
from pushlab.i18n.events import event_text, log_lines
from pushlab.rummy import events
from pushlab.rummy.game import Game, deck_for
from pushlab.rummy.cards import Card
from pushlab.rummy.melds import CONTRACTS, Meld, contract_text, contract_words, explain_meld
from pushlab.widgets import rummy as ui
from helpers import refused

# Dan (3) deals deal 1: Ann holds 5H 5S JK 9S 9C 9D, the upcard is 4D, then a 3-card stock.
DECK = deck_for(["5H 5S JK 9S 9C 9D", "7C 8C 2D QH KH QD", "3C 4C 6C 10D KS JH", "JD 10S 3H 8D 6S 4S"],
                upcard="4D", stock="AS KC 7H", dealer=3)


@pytest.fixture(autouse=True)
def english_after():
    """Every test leaves the process in English."""
    yield
    i18n.set_language("en")


def scripted_session():
    """Ann (seat 0) to draw in deal 1, no bots (every seat scripted)."""
    return ui.RummySession(Game.new(deck=DECK, dealer=3, deals=(1,), names=ui.SEAT_NAMES), bots={})


def played_games():
    """A few seeded bot matches (with pushes, melds, lay-offs, wild replacements, a round cap and
    a stock that runs out)."""
    from pushlab.rummy.expert import ExpertBot
    from pushlab.seeding import make_rng
    games = []
    for seed, cap in ((1, 50), (2, 50), (3, 1)):
        rng = make_rng(seed)
        g = Game.new(seed=seed, round_cap=cap)
        bot = ExpertBot()
        while not g.is_over:
            g = g.apply(bot.choose(g, rng))
        games.append(g)
    g = Game.new(deck=DECK, dealer=3, deals=(1,))      # 3 stock cards: push, then push into the empty stock
    games.append(g.apply("push").apply("discard 5H").apply("push"))
    return games


def test_every_event_of_seeded_play_is_written_in_every_language():
    """Every event the engine records reads as a sentence in each language; English is Game.log."""
    games = played_games()
    kinds = {type(e) for g in games for e in g.events}
    assert len(kinds) >= 14, sorted(k.__name__ for k in kinds)   # every template: tests/test_events_text.py
    for g in games:
        public = [e for e in g.events if not e.private]
        assert tuple(log_lines(public, g.players, "en")) == g.log
        assert len(g.log) + sum(map(len, g.private_log)) == len(g.events)
        for language in i18n.TRANSLATED:
            assert all(a != b for a, b in zip(log_lines(public, g.players, language), g.log)), language


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_the_event_log_renders_translated(language):
    """log_html shows the English log of the state in the reader's language, cards kept left to right."""
    g = Game.new(deck=DECK, dealer=3, deals=(1,)).apply("take").apply("meld set 5H 5S JK; set 9S 9C 9D")
    i18n.set_language(language)
    html = ui.log_html(g)
    assert "melds" not in html and "deals 6 cards" not in html
    assert '<span class="pushlab-ltr">5♥ 5♠ JK</span>' in html
    assert i18n.gettext("Event log", language) in html


def test_log_lines_in_czech_and_arabic():
    """Nested parts (contract, melds, a meld's label) are translated too."""
    g = Game.new(deck=DECK, dealer=3, deals=(1,))
    first = event_text(g.events[0], g.players, "cs")
    assert first.startswith("Rozdání 1 (1 z 1), požadavek 2 sety po 3: Dan rozdává") and "4♦" in first
    g = g.apply("take").apply("meld set 5H 5S JK; set 9S 9C 9D")
    assert event_text(g.events[-1], g.players, "cs") == (
        "Ann vykládá set 5♥ 5♠ JK (kombinace 1) a set 9♠ 9♣ 9♦ (kombinace 2) a plní požadavek")
    assert event_text(g.events[-1], g.players, "ar").startswith("Ann: إنزال مجموعة 5♥ 5♠ JK (التشكيلة 1)")
    laid = events.LaidOff(1, Card.parse("6H"), 1, "low", Meld("run", "6H 7H 8H 9H", owner=2))
    assert event_text(laid, g.players, "en") == "Ben lays off 6♥ at the low end of meld 2 (Cat's run 6♥ 7♥ 8♥ 9♥)"
    assert event_text(laid, g.players, "eo") == (
        "Ben almetas 6♥ ĉe la malalta fino de kombino 2 (sekvenco de Cat 6♥ 7♥ 8♥ 9♥)")


def test_the_state_does_not_depend_on_the_language():
    """The same moves under Czech and English give equal, equally hashed and pickled states."""
    moves = ("take", "meld set 5H 5S JK; set 9S 9C 9D", "discard 4D")
    states = {}
    for language in ("cs", "en"):
        i18n.set_language(language)
        g = Game.new(seed=5, deck=DECK, dealer=3, deals=(1,))
        for move in moves:
            g = g.apply(move)
        states[language] = g
    assert states["cs"] == states["en"] and hash(states["cs"]) == hash(states["en"])
    assert pickle.dumps(states["cs"]) == pickle.dumps(states["en"])
    assert "Ann discards 4♦" in states["cs"].log and states["cs"].log[-1].startswith("The match is over")


def test_an_illegal_move_gives_a_translated_error_and_changes_nothing():
    """RummySession.act raises the engine's domain error, marked at raise time: the app shows it in the language."""
    i18n.set_language("cs")
    s = scripted_session()
    before = s.game
    error = refused(s.act, "discard 5H")
    assert "pravidlo 12: Ann musí nejdřív dobrat" in error and "povolené tahy: take, push" in error
    assert s.game == before
    i18n.set_language("ar")
    assert "القاعدة 12" in refused(s.act, "discard 5H")
    s.take()
    assert "حدد ورقة واحدة بالضبط" in refused(s.discard)     # the plural for 1
    i18n.set_language("en")
    error = refused(s.act, "meld set 5H 9S JK")
    assert error.startswith("Illegal: rule 8: 5♥ 9♠ JK is not a set: a set's natural cards must share one rank")


def test_meld_explanations_and_errors_are_translated_when_shown():
    """Memoized meld checks stay English inside; the words shown follow set_language."""
    i18n.set_language("et")
    assert explain_meld("5H 5H 5S", "set") == (
        "pole komplekt: komplekti looduslikud kaardid peavad olema eri mastidest (kaks 5♥)")
    assert explain_meld("5H JK 7H", "run") == "korrektne rida: JK on 6♥"
    i18n.set_language("en")
    assert explain_meld("5H 5H 5S", "set") == ("not a set: a set's natural cards must have different suits "
                                               "(two 5♥)")
    i18n.set_language("eo")
    checker = ui.MeldChecker("5H 5S")
    assert "kombino bezonas almenaŭ 3 kartojn, ne 2" in checker.result.value
    assert checker.kind.options[0] == ("aro", "set") and checker.text.description == "Kartoj:"


def test_play_app_labels_status_and_table_speak_the_language():
    """Buttons, dropdown labels (values stay English), prompt, table and odds are translated."""
    i18n.set_language("et")
    app = ui.PlayApp(seed=3, hint=False)
    assert app.take.description == "Võta äravisatud kaart" and app.push.description == "Lükka"
    assert app.order.options == (("valitud järjekorras", "selected"), ("sorditud", "sorted"))
    assert app.end.options[1] == ("madal ots", "low")
    assert "Sinu käik" in app.prompt.value or "mängib" in app.prompt.value
    assert "Varu ja äraviskehunnik" in app.table.value and "Penalty" not in app.table.value
    assert "Stock" not in app.table.value and "contract" not in app.table.value
    i18n.set_language("ar")
    app = ui.PlayApp(seed=3, hint=False)
    assert app.discard.description == "ارمِ" and "كومة السحب" in app.table.value


def test_status_line_and_contract_words_are_english_by_default():
    """English stays as it was: contract_words is contract_text, the status line unchanged."""
    assert all(contract_words(deal) == contract_text(deal) for deal in CONTRACTS)
    assert ui.status_text(Game.new(seed=1, dealer=0, deals=(1,))) == (
        "Deal 1 (1 of 1) · contract: 2 sets of 3 · Ben to draw: take the discard or push")
    i18n.set_language("cs")
    assert ui.status_text(Game.new(seed=1, dealer=0, deals=(1,))) == (
        "Rozdání 1 (1 z 1) · požadavek: 2 sety po 3 · Ben dobírá: vezme odhozenou kartu, nebo tlačí")


def test_plot_titles_axes_and_legends_are_translated():
    """A rummy plot drawn in Estonian has Estonian title, axes and legend."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from pushlab.plots import rummy as rp
    i18n.set_language("et")
    ax = rp.contract_probability({1: [0.1, 0.2]}, simulated={1: {"p": [0.1, 0.2], "n": 100}})
    assert ax.get_title() == "Tõenäosus, et vooru nõue on käes"
    assert ax.get_xlabel() == "mängitud omad käigud (0 = nagu jagatud)" and ax.get_ylabel() == "tõenäosus"
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "jagamine 1 täpne" in labels and "jagamine 1 simuleeritud (95 % usaldusvahemik)" in labels
    ax2 = rp.bot_comparison({"a": [1, 2, 3]})
    assert ax2.get_title() == "Robotite stiilid võrdluses (95 % usaldusvahemikud)"
    plt.close("all")


def test_card_names_and_hand_tooltips():
    """Cards keep their notation on the face; their spoken names are translated."""
    from pushlab.rummy import Card
    i18n.set_language("cs")
    assert ui.card_name(Card.parse("10H")) == "10 (srdce)"
    assert ui.card_name(Card.parse("2S")) == "2 (piky) (divoká)"
    html = ui.card_html(Card.parse("QD"))
    assert 'aria-label="dáma (káry)"' in html and "Q" in html


@pytest.mark.parametrize("n, czech", [(1, "1 karta"), (2, "2 karty"), (4, "4 karty"), (5, "5 karet"),
                                      (21, "21 karet")])
def test_czech_plural_forms(n, czech):
    """Czech has three forms: 1, 2-4, the rest."""
    assert i18n.ngettext("{n} card", "{n} cards", n, "cs").format(n=n) == czech


@pytest.mark.parametrize("n, arabic", [(0, "0 ورقة"), (1, "ورقة واحدة"), (2, "ورقتان"), (3, "3 أوراق"),
                                       (10, "10 أوراق"), (11, "11 ورقة"), (99, "99 ورقة"), (100, "100 ورقة")])
def test_arabic_plural_forms(n, arabic):
    """Arabic has six forms: zero, one, two, few (3-10), many (11-99), other."""
    assert i18n.ngettext("{n} card", "{n} cards", n, "ar").format(n=n) == arabic


def test_switching_language_after_import_changes_what_is_shown():
    """Nothing is translated at import time: the same function answers in each language set."""
    g = Game.new(seed=1, dealer=0, deals=(4,))
    texts = set()
    for language in i18n.LANGUAGES:
        i18n.set_language(language)
        texts.add(ui.scores_html(g))
    assert len(texts) == len(i18n.LANGUAGES)


def test_arabic_apps_are_right_to_left_with_cards_left_to_right():
    """In Arabic the app box carries the RTL class and style; hands and melds stay left to right."""
    from pushlab.rummy import Meld
    i18n.set_language("ar")
    app = ui.PlayApp(seed=3, hint=False, odds=False)
    assert i18n.RTL_CLASS in app.widget._dom_classes
    assert "direction: rtl" in app.widget.children[0].value
    assert "pushlab-ltr" in app.hand.box._dom_classes
    assert '<span class="pushlab-ltr">' in ui.meld_html(Meld("run", "5H JK 7H", owner=0))
    i18n.set_language("et")
    assert i18n.RTL_CLASS not in ui.PlayApp(seed=3, hint=False, odds=False).widget._dom_classes


def test_step_through_names_the_next_action_in_words_and_push_draw_speaks_czech():
    """The lesson players: the next scripted action in words (English keeps its notation)."""
    g = Game.new(seed=5, deck=DECK, dealer=3, deals=(1,))
    i18n.set_language("cs")
    player = ui.StepThrough(g, ["take", "discard 5H"])
    assert "další:" in player.position.value.lower() and "vzít" in player.position.value
    draw = ui.PushDraw()
    assert draw.next.description == "Další" and "Ann nechce odhozenou kartu 9♣ a tlačí." in draw.view.value
    i18n.set_language("en")
    assert "<code>take</code>" in ui.StepThrough(g, ["take"]).position.value


def test_a_translated_engine_error_lists_the_legal_actions_once():
    """The engine's message names the legal actions; the app does not add them a second time."""
    for language in i18n.TRANSLATED:
        i18n.set_language(language)
        s = scripted_session()
        error = refused(s.act, "discard 5H")
        assert error.count("take, push") == 1, error
