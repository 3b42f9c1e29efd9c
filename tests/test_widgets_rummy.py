"""The rummy UI logic without a browser: card HTML, meld checker, run ordering, the session.

Scripted deals go through :class:`RummySession` exactly as the buttons of the play
app do; illegal choices must leave a message and the state unchanged.
"""

import pytest

from pushlab.errors import IllegalAction, PushlabError
from pushlab.rummy import Card, Meld, parse_cards
from pushlab.rummy.bots import HeuristicBot
from pushlab.rummy.game import Game, deck_for
from pushlab.widgets import rummy as ui
from helpers import refused

HANDS = ["5H 5S JK 9S 9C 9D", "7C 8C 2D QH KH QD", "3C 4C 6C 10D KS JH", "JD 10S 3H 8D 6S 4S"]


def scripted(hands=HANDS, upcard="4D", stock="AS KC 7H 6D 2C KD QS", deals=(1,), bots=None):
    """A session on a scripted first deal where the reader (seat 0) plays first."""
    game = Game.new(deck=deck_for(hands, upcard, stock, dealer=3), dealer=3, deals=deals,
                    names=ui.SEAT_NAMES)
    return ui.RummySession(game, bots={} if bots is None else bots, seed=0)


# ---------------------------------------------------------------- rendering

def test_card_html_colours_and_wilds():
    assert "pl-red" in ui.card_html(Card.parse("QD"))
    assert "pl-red" not in ui.card_html(Card.parse("QS"))
    two = ui.card_html(Card.parse("2S"))
    assert "pl-wild" in two and ">wild<" in two
    jk = ui.card_html(Card.parse("JK"))
    assert "pl-joker" in jk and "JOKER" in jk
    assert 'title="queen of spades"' in ui.card_html(Card.parse("QS"))


def test_meld_html_says_what_wilds_stand_for():
    h = ui.meld_html(Meld("run", "JK QC KC AC", owner=1), "Ben")
    assert "stands for J♣" in h
    h = ui.meld_html(Meld("set", "9S 9D 2H", owner=3))
    assert "stands for a 9" in h


def test_table_html_hides_other_hands():
    s = scripted()
    html = ui.table_html(s.game, you=0)
    assert html.count("pl-back") >= 3 * 6 - 1          # three hidden hands (CSS mentions pl-back too)
    assert "Ben" in html and "contract not met yet" in html
    assert 'title="jack of diamonds"' not in html      # Dan's JD is hidden
    open_html = ui.table_html(s.game, you=None, show_hands=True)
    assert 'title="jack of diamonds"' in open_html


def test_status_and_scores_text():
    s = scripted()
    assert ui.status_text(s.game).endswith("Ann to draw: take the discard or push")
    assert "Total" in ui.scores_html(s.game)


# ---------------------------------------------------------------- meld checker

def test_check_meld_uses_the_engine_explanations():
    assert ui.check_meld("5H JK 7H", "run") == [("run", True, "valid run: JK is 6♥")]
    (_, ok, text), = ui.check_meld("5H 5H 5S", "set")
    assert not ok and "different suits" in text
    with pytest.raises(PushlabError):
        ui.check_meld("5H 6H 7H", "pair")


def test_meld_checker_widget_typing_and_clicking():
    m = ui.MeldChecker("", kind="run")
    for c in ("5H", "JK", "7H"):
        m.add(Card.parse(c))
    assert m.text.value == "5H JK 7H"
    assert "valid run: JK is 6♥" in m.result.value
    m.text.value = "5H 5X"                             # a typo: message, no crash
    assert m.message.kind == "error" and "5X" in m.message.text
    m._drop_last()
    assert m.text.value == "5H" and m.message.text == ""
    m.text.value = "7H JK 5H"
    m._sort()
    assert m.text.value == "5H 7H JK"


# ---------------------------------------------------------------- run ordering

@pytest.mark.parametrize("cards, expected", [
    ("7H JK 5H", "5H JK 7H"),
    ("AC JK KC", "JK KC AC"),
    ("3D AD 2D", "AD 2D 3D"),
    ("9S 10S JK 2C", "9S 10S 2C JK"),                # spare wilds go on top, 2s before jokers
    ("QH KH JK AH", "JK QH KH AH"),                  # no room above a high ace: spare wild below
    ("5H 6S 7H", "5H 7H 6S"),                        # not one suit: naturals sorted by suit, rank
])
def test_run_order(cards, expected):
    assert " ".join(map(str, ui.run_order(parse_cards(cards)))) == expected


# ---------------------------------------------------------------- the session

def test_illegal_draw_and_discard_leave_state_unchanged():
    s = scripted()
    before = s.game
    assert refused(s.act, "discard 5H").startswith("Illegal: rule 12")
    assert s.game is before
    s.selection = []
    assert refused(s.discard).startswith("Select exactly 1 card") and s.game is before


def test_illegal_meld_shows_message_and_changes_nothing():
    s = scripted()
    s.take()
    before, hand = s.game, s.hand_sorted()
    s.select("5H 9S 9C")
    error = refused(s.stage, "set")
    assert error.startswith("Illegal:") and "not a set" in error
    assert s.game is before and s.staged == [] and s.hand_sorted() == hand
    # a valid set alone is not the contract: the engine refuses the lay-down (rule 13)
    s.select("5H 5S JK")
    s.stage("set")
    assert len(s.staged) == 1 and s.info.startswith("Staged")
    assert "rule 13" in refused(s.meld) and s.game is before
    assert len(s.staged) == 1                     # staged melds are kept for another try
    s.unstage()
    assert s.staged == [] and s.hand_sorted() == hand


def test_scripted_deal_take_meld_discard_goes_out():
    s = scripted()
    s.take()
    s.select("5H 5S JK")
    s.stage("set")
    s.select("9S 9C 9D")
    s.stage("set")
    assert s.hand_text() == "4D"
    s.meld()
    assert s.game.met[0] and len(s.game.table) == 2
    s.select("4D")
    s.discard()
    assert s.game.is_over
    assert s.game.results[0].went_out == 0 and s.game.scores()[0] == 0


def test_deal4_needs_three_sets_and_lay_off_needs_the_contract():
    hands = ["5H 5S JK 9S 9C 9D 5D 9H 6D", "7C 8C 2D QH KH QD 3D 4H 6H", "3C 4C 6C 10D KS JH KD JC 4D",
             "JD 10S 3H 8D 6S 4S QC 10C 8S"]
    s = scripted(hands=hands, upcard="KC", stock="AS 7H 2C QS AH 7D", deals=(4,))
    assert s.game.deal_number == 4                  # 3 sets of 3
    s.push()
    assert s.game.hand_sizes[:2] == (10, 11)        # you +1, Ben (left) +2
    s.select("5H 5S JK")
    s.stage("set")
    s.select("9S 9C 9D")
    s.stage("set")
    g = s.game
    assert "rule 13" in refused(s.meld) and s.game is g     # two sets: deal 4 needs three
    s.unstage()
    s.select("9H")
    assert refused(s.lay_off, 0).startswith("Illegal:") and s.game is g   # no melds, no contract


def test_select_missing_card_is_an_error():
    s = scripted()
    s.take()
    with pytest.raises(PushlabError, match="no \\(more\\) K♠"):
        s.select("KS")
    assert s.hand_text() == "4D 5S 5H 9S 9D 9C JK"


def _melded(upcard, stock="AS KC 7H 6D 2C KD QS"):
    """Reader takes the upcard and melds 5H 5S JK and 9S 9C 9D (deal 1), one card left."""
    s = scripted(upcard=upcard, stock=stock)
    s.take()
    s.select("5H 5S JK"); s.stage("set")
    s.select("9S 9C 9D"); s.stage("set")
    s.meld()
    assert s.game.met[0] and len(s.game.table) == 2 and s.hand_text() == str(Card.parse(upcard))
    return s


def test_lay_off_goes_out():
    s = _melded("9H")
    s.select("9H")
    s.lay_off(1)
    assert s.game.is_over and s.game.results[0].went_out == 0
    assert "lays off 9♥" in " ".join(s.game.log)


def test_lay_off_that_does_not_fit_changes_nothing():
    s = _melded("4D")
    g = s.game
    s.select("4D")
    error = refused(s.lay_off, 1)
    assert "rule 13" in error and "does not fit" in error and s.game is g


def test_replace_wild_then_lay_it_off():
    s = _melded("5D")
    g = s.game
    s.select("5D")
    assert "rule 14" in refused(s.replace_wild, 0, 0) and s.game is g   # the freed wild may not go back
    s.select("5D")
    s.replace_wild(0, 1)                            # JK freed from the fives, laid off on the nines
    table = s.game.results[0]                       # the hand is empty: you went out
    assert table.went_out == 0
    assert "replaces JK in meld 1 by 5♦" in " ".join(s.game.log)


def test_bots_finish_the_deal_after_the_reader():
    bots = {seat: HeuristicBot() for seat in (1, 2, 3)}
    s = ui.RummySession(seed=5, deals=(1,), bots=bots)
    steps = 0
    while not s.game.is_over:
        assert s.your_move
        g = s.game
        if g.phase == "draw":
            try:
                s.push()
            except IllegalAction:
                s.take()
        else:
            s.select([str(sorted(s.hand_sorted(), key=lambda c: -c.penalty)[0])])
            s.discard()
        steps += 1
        assert steps < 200
    assert len(s.game.results) == 1
    assert s.game.results[0].reason in ("out", "stock", "cap")


def test_session_reports_not_your_turn_and_over():
    s = scripted()
    s.take()
    s.select("9D")
    s.discard()                                      # Ben has no bot here: the session waits
    assert not s.your_move and "Ben is playing" in s.phase_text()
    assert "Ben's turn" in refused(s.take)


def test_selection_order_and_sorted_run():
    s = scripted(hands=["5H 7H JK 9S 9C 9D", "7C 8C 2D QH KH QD", "3C 4C 6C 10D KS JH",
                        "JD 10S 3H 8D 6S 4S"])
    s.select("7H JK 5H")
    assert [str(c) for c in s.selected()] == ["7H", "JK", "5H"]
    assert [str(c) for c in s.selected("sorted")] == ["5H", "JK", "7H"]
    assert [str(c) for c in s.hand_sorted()] == ["5H", "7H", "9S", "9D", "9C", "JK"]
    s.toggle(2)
    assert [str(c) for c in s.selected()] == ["7H", "JK", "5H", "9S"]
    s.toggle(2)
    assert len(s.selection) == 3
    with pytest.raises(PushlabError):
        s.toggle(99)


# ---------------------------------------------------------------- widgets (models only)

def test_play_app_builds_and_routes_errors():
    app = ui.PlayApp(seed=3, deal=1)
    s = app.session
    assert s.your_move
    before = s.game
    app.stage_set.click()                           # nothing selected
    assert app.message.kind == "error" and "Select at least 3" in app.message.text
    assert s.game is before
    if s.game.phase == "draw":
        app.push.click()
    assert s.game.phase == "play" and s.your_move
    visible = [b for b in app.hand.buttons if b.layout.display != "none"]
    assert len(visible) == len(s.hand_sorted())
    visible[0].value = True                         # a click selects the card
    assert s.selection == [0]
    app.discard.click()
    assert app.message.kind != "error"
    assert s.your_move or s.game.is_over


def test_push_frames_and_widget():
    frames = ui.push_frames("9C", "KD 4S", "Ann", "Ben")
    assert frames[0][1]["discard"] == (Card.parse("9C"),)
    assert frames[-1][1]["Ann"] == (Card.parse("4S"),)
    assert frames[-1][1]["Ben"] == (Card.parse("9C"), Card.parse("KD"))
    with pytest.raises(PushlabError):
        ui.push_frames("9C", "KD")
    w = ui.PushDraw()
    w.stepper.value = 3
    assert "Net: Ann +1 card" in w.view.value
    w.back.click()
    assert w.step == 2
    for _ in range(5):                     # Next stops at the last frame
        w.next.click()
    assert w.step == len(frames) - 1


def test_step_through_scripted_deal():
    game = Game.new(deck=deck_for(HANDS, "4D", "AS KC 7H", dealer=3), dealer=3, deals=(1,))
    st = ui.StepThrough(game, ["take", "meld set 5H 5S JK; set 9S 9C 9D", "discard 4D"],
                        notes=["dealt", "took"])
    st.next.click()
    assert st.step == 1 and "took" in st.note.value
    st.go(3)
    assert st.next.disabled and "Ann goes out" in st.log.value
    with pytest.raises(Exception, match="step 1"):
        ui.StepThrough(game, ["discard 4D"])


def test_hand_view_grows_with_the_hand():
    shown = []
    hv = ui.HandView(lambda i: shown.append(i), size=2)
    cards = parse_cards("AS 2H 3D 4C 5S")
    hv.show(cards, selected=[1], new=Card.parse("5S"))
    visible = [b for b in hv.buttons if b.layout.display != "none"]
    assert len(visible) == 5 and len(hv.box.children) == 5
    assert [b.value for b in visible] == [False, True, False, False, False]
    assert "pl-wild" in visible[1]._dom_classes and "pl-drawn" in visible[4]._dom_classes
    assert shown == []                              # redrawing is not a click
    visible[2].value = True
    assert shown == [2]
    hv.show(cards[:1])
    assert sum(b.layout.display != "none" for b in hv.buttons) == 1


def test_replace_wild_into_a_new_meld_and_refusals():
    # Ann holds only 5D after melding: the freed joker alone cannot make a new run, and 5D frees
    # no wild in the set of nines. Both are refused by the engine and nothing changes.
    s = _melded("5D")
    g = s.game
    s.select("5D")
    assert refused(s.replace_wild, 0, "run").startswith("Illegal:") and s.game is g   # 5D + JK: no run
    s.select("5D")
    assert "rule 14" in refused(s.replace_wild, 1, 0) and s.game is g   # 5D frees no wild among the nines


def test_odds_html_and_helpful_cards():
    s = scripted(hands=["5H 5S 9C 9D 3C KH", "7C 8C 2D QH KH QD", "3S 4C 6C 10D KS JH",
                        "JD 10S 3H 8D 6S 4S"], upcard="7S")
    assert [c.pretty for c in ui.helpful_cards(s.game.hand(0), 1)] == ["5♦", "5♣", "9♠", "9♥"]
    html = ui.odds_html(s)
    assert "<b>2 cards</b> short of the contract" in html
    assert "5♦" in html and "joker" in html
    s.take()
    s.select("KH")                                   # not 7S: taken this turn (decisions)
    s.discard()                                      # Ben has no bot here: not the reader's turn
    assert ui.odds_html(s) == ""


def test_the_hint_is_a_whole_deal_estimate_computed_in_the_background():
    s = scripted(hands=["5H 5S 9C 9D 3C KH", "7C 8C 2D QH KH QD", "3S 4C 6C 10D KS JH",
                        "JD 10S 3H 8D 6S 4S"], upcard="7S")
    panel = ui.OddsPanel(rollouts=2, seed=0)
    panel.show(s)                                    # the reader's draw: started at once
    panel.hint.wait(120)
    adv = panel.hint.advice
    assert sorted(adv.values) == ["push", "take"] and adv.rollouts == 2
    html = panel.hint.out.value
    assert "Whole-deal hint (an estimate)" in html and "standard error" in html
    assert "← lowest" in html and "ExpertBot" in html
    assert panel.hint.bar.layout.visibility == "hidden" and not panel.hint.button.disabled
    s.take()
    panel.hint.auto = False
    panel.show(s)                                    # a new position drops the old estimate ...
    assert panel.hint.advice is None and "Estimate my options" in panel.hint.out.value
    panel.hint.button.click()
    panel.hint.wait(120)
    assert any(a.startswith("discard") for a in panel.hint.advice.values)   # ... and makes its own
    s.select("KH")                                   # not 7S: taken this turn (decisions)
    s.discard()
    panel.show(s)                                    # not the reader's turn: no hint
    assert panel.hint.out.value == "" and panel.hint.button.disabled


def test_the_play_apps_hint_starts_when_the_reader_asks_then_follows_every_turn():
    """A class's server: an estimate costs about half a CPU second, so the play app does not
    start one for every reader at every turn until the reader has asked for it (issue 20)."""
    s = scripted(hands=["5H 5S 9C 9D 3C KH", "7C 8C 2D QH KH QD", "3S 4C 6C 10D KS JH",
                        "JD 10S 3H 8D 6S 4S"], upcard="7S")
    hint = ui.HintPanel(rollouts=2, seed=0, auto="ask")
    hint.show(s)                                     # the reader's draw: nothing computed yet
    assert hint._thread is None and hint.advice is None and not hint.button.disabled
    assert "Estimate my options" in hint.out.value
    hint.button.click()                              # asked: estimated now ...
    hint.wait(120)
    assert sorted(hint.advice.values) == ["push", "take"]
    s.take()
    hint.show(s)                                     # ... and at each later position, unasked
    hint.wait(120)
    assert any(a.startswith("discard") for a in hint.advice.values)
    app = ui.PlayApp(seed=3)                         # the app's default: on request
    assert app.odds.hint.auto == "ask" and app.odds.hint._thread is None


def test_a_stale_hint_stops_and_never_shows():
    s = scripted(hands=["5H 5S 9C 9D 3C KH", "7C 8C 2D QH KH QD", "3S 4C 6C 10D KS JH",
                        "JD 10S 3H 8D 6S 4S"], upcard="7S")
    hint = ui.HintPanel(rollouts=50, seed=1)
    hint.show(s)
    s.push()
    hint.show(s)                                     # the first estimate is now stale
    hint.wait(120)
    assert hint.advice is not None and hint.advice.phase == "play"


def test_action_words():
    assert ui.action_words("push", None) == "push"
    assert ui.action_words("meld set 5H 5S JK", None) == "meld set 5♥ 5♠ JK"


def test_play_app_lay_off_without_melds_is_a_message():
    app = ui.PlayApp(seed=3, deal=1, odds=False)
    s = app.session
    if s.game.phase == "draw":
        app.take.click()
    before = s.game
    app.hand.buttons[0].value = True
    app.lay_off.click()
    assert app.message.kind == "error" and "no melds on the table" in app.message.text
    app.replace.click()
    assert app.message.kind == "error" and s.game is before


@pytest.mark.parametrize("seed", [0, 1])
def test_a_whole_match_through_the_play_app_buttons(seed):
    """The heuristic bot plays the reader's seat through the app's controls: no error, the match ends."""
    app = ui.PlayApp(seed=seed, odds=True, hint=False)
    s = app.session
    bot = HeuristicBot()
    kinds = set()
    while not s.game.is_over:
        assert s.your_move
        action = str(bot.choose(s.game, s.rng))
        words = action.split()
        kinds.add(words[0])
        if action in ("take", "push"):
            (app.take if action == "take" else app.push).click()
        elif words[0] == "meld":
            for part in action[len("meld "):].split(";"):
                kind, *cards = part.split()
                s.select(cards)
                app.order.value = "selected"
                (app.stage_set if kind == "set" else app.stage_run).click()
                assert app.message.kind != "error", (action, app.message.text)
            app.lay_down.click()
        elif words[0] == "layoff":
            s.select(words[1:2])
            app.target.value = int(words[2])
            app.end.value = words[3] if len(words) > 3 else ""
            app.lay_off.click()
        else:
            s.select(words[1:2])
            app.discard.click()
        assert app.message.kind != "error", (action, app.message.text)
    assert len(s.game.results) == 5
    assert {"meld", "discard"} <= kinds
    assert "The match is over" in app.prompt.value
    assert all(b.disabled for b in (app.take, app.push, app.discard))


# ---------------------------------------------------------------- session edge cases (review, Dec 2026)

class _FailingBot:
    """A bot whose turn raises, as a broken bot or the bots' step limit would."""

    def choose(self, game, rng):
        raise PushlabError("bot failed")


def test_melds_laid_down_stay_down_when_a_bot_then_fails():
    """Going out by melding ends deal 1; a bot opening deal 2 fails. The melds were laid
    down: they must not come back as staged (was: staged again, and the hand broke)."""
    s = scripted(upcard="9H", deals=(1, 2), bots={1: _FailingBot()})
    s.take()
    s.select("5H 5S JK"); s.stage("set")
    s.select("9S 9C 9D 9H"); s.stage("set")
    with pytest.raises(PushlabError, match="bot failed"):
        s.meld()
    assert s.game.deal_number == 2 and len(s.history) == 2
    assert s.staged == [] and s.info == ""
    s.hand_text()                                     # the reader's new hand reads as before


def test_a_refused_meld_keeps_the_melds_staged():
    s = scripted()
    s.take()
    s.select("5H 5S JK"); s.stage("set")
    g = s.game
    assert "rule 13" in refused(s.meld)               # one set: deal 1 needs two
    assert s.game is g and [m.text() for m in s.staged] == ["set 5♥ 5♠ JK"]


def test_put_back_and_deselect_clear_the_staged_note():
    s = scripted()
    s.take()
    s.select("5H 5S JK"); s.stage("set")
    assert s.info.startswith("Staged")
    s.unstage()
    assert s.info == ""
    s.select("5H 5S JK"); s.stage("set")
    s.clear_selection()
    assert s.info == ""


def test_lay_off_is_refused_out_of_turn_like_every_action():
    """A scripted seat (no bot) is to move: laying off for it is 'not your turn', not the engine's rule."""
    s = scripted()
    s.take()
    s.select("9S")
    s.discard()                                        # Ben (no bot here) is to draw
    g = s.game
    s.select("5H")
    error = refused(s.lay_off, 0)
    assert "turn" in error and "Ben" in error and s.game is g
