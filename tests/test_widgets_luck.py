"""The push-your-luck UI layer without a browser: rendering, the LuckSession controller, widget wiring."""

import re

import numpy as np
import pytest

from pushlab.errors import IllegalAction, SetupError
from pushlab.luck import Card, Game, bots, odds, parse_cards
from pushlab.widgets import common
from pushlab.widgets import luck as ui
from helpers import refused

DECK = "R3 B5 G1 Y2 P4 R6 B1 G2 Y3 P5 R1 B2"


def scripted(deck=DECK, rolls="****", names=("Ann", "Bot")):
    """A small scripted game, Ann first."""
    return Game.new(list(names), deck=deck, rolls=rolls)


def session(**kw):
    """Ann against one 'cautious' bot (stops after 2 cards) on the scripted deck."""
    return ui.LuckSession(scripted(**kw), bots=["cautious"])


def text(html):
    """Visible text of an HTML fragment (tags and the style sheet removed)."""
    html = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


# --------------------------------------------------------------------------- rendering

def test_card_html_shows_number_colour_and_kind():
    red3 = ui.card_html(Card.parse("R3"))
    assert 'title="red 3"' in red3 and ">3<" in red3 and ui.CARD_COLOURS["R"] in red3
    assert "roll" in text(ui.card_html(Card.parse("roll")))
    assert "switch" in text(ui.card_html(Card.parse("switch")))
    assert "pl-sm" in ui.card_html(Card.parse("B2"), size="sm")


def test_table_html_shows_piles_columns_direction_and_scores():
    g = scripted()
    for a in ["draw", "place 0", "draw", "place 1"]:
        g = g.apply(a)
    shown = text(ui.table_html(g, you=0))
    assert "draw pile: 10" in shown
    assert "Column 1" in shown and "Column 2" in shown and "Column 3" in shown  # third is an empty slot
    assert "clockwise" in shown
    assert "Ann (you) — 0 pts" in shown
    assert "draw again or stop" in shown
    assert ui.table_html(g).count('class="pl-card') >= 2 + 1  # two column cards + pile backs


def test_table_html_benches_are_grouped_by_colour_and_banks_face_down():
    s = session()
    for a in ["draw", "place 0", "draw", "place 1", "stop", "take 1"]:
        s.act(a)
    g = s.game
    shown = text(ui.table_html(g))
    assert "bank empty" in shown
    assert "Ann — 5 pts" in shown  # took column 2: B5
    assert g.benches[0] == parse_cards("B5")
    s.act("bank B")
    banked = ui.table_html(s.game)
    assert "bank: 5 pts (1 card)" in text(banked) and "pl-back" in banked


def test_table_html_marks_the_collector_and_the_end():
    g = scripted()
    for a in ["draw", "place 0", "draw", "place 1", "stop"]:
        g = g.apply(a)
    assert "Ann must take a column" in text(ui.table_html(g))
    while not g.is_over:
        g = g.apply(bots.StopAfter(2).choose(g, np.random.default_rng(0)))
    assert text(ui.table_html(g)).startswith("Game over:")


def test_log_html_marks_new_entries_and_trims():
    html = ui.log_html(["a", "b", "c", "d"], start=2, last=3)
    assert html.count('class="pl-new"') == 2
    assert 'start="2"' in html and ">a<" not in html


def test_odds_html_shows_exact_counting_and_naive_odds():
    g = Game.new(2, deck="R1 B1 G1 Y1 R2", rolls="*")
    for a in ["draw", "place 0", "draw", "place 1", "draw", "place 2"]:
        g = g.apply(a)
    shown = text(ui.odds_html(g))
    assert "counting the cards seen 50.0% (1/2)" in shown
    naive = odds.bust_probability(g, counting=False)
    assert f"{100 * float(naive):.1f}%" in shown
    assert "bust (fits no column) 50.0%" in shown and "fits 2 columns 50.0%" in shown


def test_odds_html_when_the_pile_is_empty():
    g = Game.new(2, deck="R1", rolls="*").apply("draw").apply("place 0")
    assert "No next card" in ui.odds_html(g)


# --------------------------------------------------------------------------- error routing

def test_error_text_adds_the_legal_actions_when_missing():
    exc = IllegalAction("'stop' needs at least one column", "stop", ["draw"])
    assert common.error_text(exc) == "Illegal: 'stop' needs at least one column. Legal: draw"
    assert common.error_text(SetupError("bad seat")) == "Error: bad seat"
    assert common.error_text(KeyError("x")).startswith("Unexpected KeyError")


def test_routed_shows_every_exception_and_clears_on_success():
    area = common.MessageArea()

    @common.routed(area)
    def boom(_=None):
        raise ZeroDivisionError("division by zero")

    @common.routed(area)
    def fine(_=None):
        return "ok"

    boom()
    assert area.kind == "error" and area.text == "Unexpected ZeroDivisionError: division by zero"
    assert "pl-error" in area.widget.value and "division by zero" in area.widget.value
    assert fine() == "ok" and area.text == "" and area.widget.value == ""


# --------------------------------------------------------------------------- the session

def test_session_plays_a_scripted_turn_and_runs_the_bot():
    s = session()
    assert s.your_move and s.legal() == ["draw"]
    for a in ["draw", "place 0", "draw", "place 1", "stop", "take 1"]:
        s.act(a)
    log = s.game.log
    assert log[:5] == ("Ann draws R3 and starts column 1", "Ann draws B5 and starts column 2",
                       "Ann stops", "Ann takes column 2: B5", "Bot takes column 1: R3")
    # the bot (stop after 2 cards) then played its whole turn: G1 Y2 go into one column
    assert "Bot stops" in log and "Bot takes column 1: G1 Y2" in log
    assert s.your_move and s.game.active_player == 0 and s.game.turn == 3


def test_illegal_action_raises_and_leaves_the_state_unchanged():
    s = session()
    before = s.game
    error = refused(s.act, "stop")
    assert s.game is before and s.history == [] and s.decisions == []
    assert error.startswith("Illegal:") and "stop" in error and "draw" in error
    assert refused(s.act, "take 7") and s.game is before
    s.act("draw")
    assert s.game.phase == "place"


def test_acting_after_the_game_is_over_is_an_error():
    s = ui.LuckSession(scripted(deck="R3"), bots=["cautious"])
    for a in ["draw", "place 0", "stop", "take 0"]:
        s.act(a)
    assert s.game.is_over and not s.your_move and s.legal() == []
    assert "over" in refused(s.act, "draw")


def test_undo_goes_back_to_the_previous_decision_and_drops_its_regret():
    s = session()
    start = s.game
    s.act("draw")
    s.act("place 0")
    assert len(s.decisions) == 2
    s.undo()
    assert s.game.phase == "place" and len(s.decisions) == 1
    s.undo()
    assert s.game == start and s.decisions == []
    assert refused(s.undo) == "Nothing to undo." and s.game == start


def test_undo_also_takes_back_the_bot_moves_after_it():
    s = session()
    for a in ["draw", "place 0", "draw", "place 1", "stop"]:
        s.act(a)
    before_take = s.game
    s.act("take 1")
    assert len(s.game.log) > len(before_take.log) + 2   # the bot took a column and played a turn
    s.undo()
    assert s.game == before_take


def test_regret_is_the_win_probability_lost_against_whole_game_advice():
    s = ui.LuckSession(Game.new(["Ann", "Bot"], seed=2), bots=["cautious"], seed=1)
    s.act("draw")
    s.act("place 0")
    state = s.game
    s.act("stop")
    rows = s.review(rollouts=300)
    d = next(d for d in s.decisions if d.state == state)
    assert d.judged and d.advice.rollouts == 300 and d.advice.phase == "push"
    row = next(r for r in rows if r["phase"] == "push")
    assert row["action"] == "stop" and row["best"] == d.advice.best
    if row["best"] != "stop":
        diff, se = d.advice.edge(row["best"], "stop")
        assert row["regret"] == diff and row["regret_se"] == se > 0
    assert [r["phase"] for r in rows] == [d.state.phase for d in s.decisions if d.judged]
    total, se = s.total_regret()
    assert total == pytest.approx(sum(r["regret"] for r in rows)) and se >= 0
    assert s.reviewed


def test_bank_decisions_are_judged_and_the_advice_matches_advise():
    from pushlab.luck import advise
    s = ui.LuckSession(Game.new(["Ann", "Bot"], seed=4), bots=["cautious"], seed=4)
    rng = np.random.default_rng(0)
    me = bots.StopAfter(3, bank_at=4)
    while not s.game.is_over and not any(d.action.startswith("bank") for d in s.decisions):
        s.act(me.choose(s.game, rng))
    bank = next(d for d in s.decisions if d.action.startswith("bank"))
    assert bank.judged and bank.state.phase == "turn"
    s.review(rollouts=200)
    assert bank.advice is not None and bank.action in bank.advice.values
    assert {r["phase"] for r in s.regret_rows()} >= {"turn"}
    live = ui.LuckSession(Game.new(["Ann", "Bot"], seed=4), bots=["cautious"], seed=4)
    a = live.advice(rollouts=200)
    assert set(a.values) == set(live.game.legal_actions()) and a.rollouts == 200
    assert a.values["draw"].turn == odds.hint(live.game).values["draw"]
    assert live.advice(rollouts=200) is not a and live.adviser().rollouts == 200   # cached work


def test_advice_does_not_change_how_the_bots_play():
    a = ui.LuckSession(n_bots=2, seed=9)
    b = ui.LuckSession(n_bots=2, seed=9)
    a.advice(rollouts=50)
    me = bots.StopAfter(3)
    for s in (a, b):
        while not s.game.is_over:
            s.act(me.choose(s.game))
    assert a.game == b.game


def test_decisions_are_recorded_in_canonical_notation():
    s = session()
    s.act("  DRAW ")
    s.act("Place 0")
    assert [d.action for d in s.decisions] == ["draw", "place 0"]
    assert [d.judged for d in s.decisions] == [False, False]     # both were the only legal move


def test_hint_text_says_it_is_one_turn_only():
    s = session()
    s.act("draw")
    s.act("place 0")
    sentence = s.hint_text()
    h = odds.hint(s.game)
    assert re.match(r"This turn only \(in the hint's model, (to the end of the turn|looking \d draws ahead)\): "
                    r"draw another card is worth",
                    sentence), sentence
    assert f"{h.values['draw'] - h.values['stop']:+.1f} points over the next move" in sentence
    assert "best" not in sentence


def test_who_starts_is_chosen_or_random():
    assert ui.LuckSession(n_bots=2, seed=1, first="you").you == 0
    bot_first = {ui.LuckSession(n_bots=2, seed=k, first="bot").you for k in range(12)}
    anyone = {ui.LuckSession(n_bots=2, seed=k, first="random").you for k in range(12)}
    assert bot_first == {1, 2} and anyone == {0, 1, 2}
    s = ui.LuckSession(n_bots=2, seed=1, first="bot")
    assert s.game.players[s.you] == "Ann" and s.game.players[0] != "Ann"
    assert any(line.startswith(s.game.players[0]) for line in s.game.log)   # a bot played turn 1
    assert s.your_move and s.labels[s.you] == ""
    with pytest.raises(SetupError, match="first must be"):
        ui.LuckSession(first="me")


def test_session_setup_errors_are_clear():
    with pytest.raises(SetupError, match="1 to 5 bots"):
        ui.LuckSession(bots=[])
    with pytest.raises(SetupError, match="unknown bot kind"):
        ui.LuckSession(bots=["wizard"])
    with pytest.raises(SetupError, match="3 players but 1 bots"):
        ui.LuckSession(Game.new(3, seed=1), bots=["cautious"])


def test_every_bot_kind_can_play_a_game():
    s = ui.LuckSession(n_bots=5, bots=list(ui.BOT_KINDS)[:5], seed=1, track_regret=False)
    me = bots.StopAfter(1)
    rng = np.random.default_rng(1)
    while not s.game.is_over:
        s.act(me.choose(s.game, rng))
    assert len(s.game.scores()) == 6 and s.regret_rows() == []
    ui.make_bot("random")


def test_seeded_sessions_are_reproducible():
    a = ui.LuckSession(n_bots=3, seed=11)
    b = ui.LuckSession(n_bots=3, seed=11)
    assert a.game == b.game


# --------------------------------------------------------------------------- widgets

def test_table_view_and_odds_panel_redraw():
    g = scripted()
    view = ui.TableView(g)
    first = view.widget.value
    view.show(g.apply("draw"))
    assert view.widget.value != first and "Drawn card" in text(view.widget.value)
    panel = ui.OddsPanel(g)
    assert "counting" in panel.widget.value
    empty = ui.TableView()
    assert empty.widget.value == "" and empty._repr_html_() == ""


def test_step_through_next_back_and_notes():
    st = ui.StepThrough(scripted(), ["draw", "place 0", "draw", "place 1"],
                        notes=["Start.", "Ann draws a card."])
    assert st.step == 0 and st.back.disabled and not st.next.disabled
    assert "Start." in st.note.value
    st.next.click()
    assert st.step == 1 and "Ann draws a card." in st.note.value and "Drawn card" in text(st.table.widget.value)
    st.next.click()                                  # placing logs the draw
    assert 'class="pl-new">Ann draws <span class="pushlab-ltr">R3</span> and starts column 1' in st.log.value
    for _ in range(5):
        st.next.click()
    assert st.step == 4 and st.next.disabled
    st.back.click()
    assert st.step == 3
    st.restart.click()
    assert st.step == 0 and st.message.text == ""


def test_step_through_names_the_illegal_step():
    with pytest.raises(IllegalAction, match=r"step 2 \('stop'\)"):
        ui.StepThrough(scripted(), ["draw", "stop"])


def test_step_through_go_out_of_range_is_shown():
    st = ui.StepThrough(scripted(), ["draw"])
    with pytest.raises(IllegalAction, match="no step 5"):
        st.go(5)


def app(**kw):
    """A PlayApp against one cautious bot with a fixed seed."""
    kw.setdefault("n_bots", 1)
    kw.setdefault("bot_kinds", ["cautious"])
    kw.setdefault("seed", 3)
    kw.setdefault("first", "you")
    kw.setdefault("advice_rollouts", 60)
    kw.setdefault("review_rollouts", 20)
    kw.setdefault("chunk", 30)
    return ui.PlayApp(**kw)


def test_play_app_illegal_stop_shows_the_engines_message():
    a = app()
    before = a.session.game
    assert not a.stop.disabled                       # pressable on purpose
    a.stop.click()
    assert a.message.kind == "error" and a.message.text.startswith("Illegal:")
    assert "stop" in a.message.text and "draw" in a.message.text
    assert "pl-error" in a.message.widget.value
    assert a.session.game is before


def test_play_app_a_full_turn_by_clicking():
    a = app()
    table0 = a.table.widget.value
    assert all(b.disabled for b in a.columns) and all(b.disabled for b in a.banks)
    a.draw.click()
    assert a.table.widget.value != table0 and a.message.text == ""
    assert a.session.game.phase == "place" and not a.new_column.disabled
    a.new_column.click()
    assert len(a.session.game.columns) == 1
    a.stop.click()                                   # stop with one column
    assert a.session.game.phase == "collect"
    assert [b.description for b in a.columns] == ["Take column 1", "Take column 2", "Take column 3"]
    assert not a.columns[0].disabled and a.columns[1].disabled
    a.columns[0].click()
    assert a.message.text == "" and a.session.game.benches[0]
    assert a.session.your_move and not a.undo.disabled


def test_play_app_undo_and_hint_and_new_game():
    a = app(hints=True)
    a.draw.click()
    shown = text(a.hint.value)
    assert "Whole game (estimated from 60 rollouts per action" in shown and "Recommended:" in shown
    assert "This turn only (the one-turn hint, a model" in shown
    assert "exact" not in shown.split("This turn only", 1)[1]
    a.undo.click()
    assert a.session.game.phase == "turn" and a.undo.disabled
    a.undo.click()                                   # disabled in the browser; here it says why
    assert a.message.text == "Nothing to undo."
    a.n_bots.value = 3
    a.kind.value = "mixed"
    a.new_game.click()
    assert a.session.game.num_players == 4
    assert a.session.bot_kinds == list(ui.BOT_KINDS)[:3]


def test_play_app_full_game_ends_with_scores_and_regret():
    a = app(seed=5)
    rng = np.random.default_rng(0)
    me = bots.StopAfter(2)
    buttons = {"draw": a.draw, "stop": a.stop}
    while not a.session.game.is_over:
        action = me.choose(a.session.game, rng)
        verb, _, arg = action.partition(" ")
        if verb in buttons:
            buttons[verb].click()
        elif verb == "bank":
            a.banks["RBGYP".index(arg)].click()
        elif verb == "place" and int(arg) == len(a.session.game.columns):
            a.new_column.click()
        else:
            a.columns[int(arg)].click()
        assert a.message.text == "", a.message.text
    summary = text(a.summary.value)
    assert "Final scores" in summary and "percentage points of winning chance" in summary
    assert f"{100 * a.session.total_regret()[0]:.1f} percentage points" in summary
    assert "Estimated from 20 rollouts per action" in summary and a.session.reviewed
    assert a.draw.disabled and a.stop.disabled


def test_pressing_any_button_in_any_state_is_legal_or_a_clear_message():
    a = app(n_bots=2, bot_kinds=["bold", "greedy"], seed=8)
    rng = np.random.default_rng(8)
    buttons = [a.draw, a.stop, *a.columns, a.new_column, *a.banks, a.undo]
    presses = illegal = 0
    while not a.session.game.is_over and presses < 400:
        b = buttons[int(rng.integers(len(buttons)))]
        if b.disabled or (b is a.undo and rng.random() < 0.8):
            continue
        before = a.session.game
        b.click()
        presses += 1
        if a.message.kind == "error":
            illegal += 1
            assert b in (a.draw, a.stop), f"enabled button {b.description!r} was illegal"
            assert a.message.text.startswith("Illegal:"), a.message.text
            assert a.session.game is before
    assert illegal > 0 and presses > 20


# ---------------------------------------------------------------------- rule 10: the two readings
def test_table_html_shows_the_switch_pile_and_how_long_the_direction_lasts():
    deck = "R1 switch B2 G3" + " P6" * 4
    for rule, pile, reach in (("turn", "set aside: 1", "this turn only"),
                              ("game", "switch pile: 1 (lasts)", "until the next switch card")):
        g = Game.new(3, deck=deck, rolls="*", switch_rule=rule)
        g = g.apply("draw").apply("place 0").apply("draw")
        shown = text(ui.table_html(g))
        assert pile in shown and reach in shown and "counter-clockwise" in shown
        g = g.apply("stop").apply("take 0")           # Ann took R1; next turn
        shown = text(ui.table_html(g))
        assert (pile in shown) == (rule == "game")
        assert ("counter-clockwise" in shown) == (rule == "game")


def test_play_app_offers_the_switch_rule_and_shows_the_one_in_force():
    a = app()
    assert a.switch_rule.value == "turn" and a.session.game.switch_rule == "turn"
    assert "this turn only" in text(a.rule_note.value)
    a.switch_rule.value = "game"                     # a setting: in force from the next game
    assert a.session.game.switch_rule == "turn" and "this turn only" in text(a.rule_note.value)
    a.new_game.click()
    assert a.session.game.switch_rule == "game"
    assert "until the next switch card" in text(a.rule_note.value)
    assert "until the next switch card" in text(a.table.widget.value)
    assert app(switch_rule="game").session.game.switch_rule == "game"
    with pytest.raises(SetupError, match="'turn'.*'game'"):
        app(switch_rule="lasting")
    assert ui.LuckSession(bots=["cautious"], seed=1, switch_rule="game").game.switch_rule == "game"


def test_run_button_shows_results_progress_and_errors():
    shown, calls = [], []

    def compute(progress):
        for i in range(1, 4):
            progress(i, 3)
            calls.append(i)
        return "result"

    b = common.RunButton("Go", compute, shown.append, note="takes a moment")
    assert b.progress.layout.visibility == "hidden" and not shown
    b.button.click()
    assert shown == ["result"] and calls == [1, 2, 3] and b.progress.value == 1.0
    assert b.message.text == "Done." and not b.button.disabled

    def broken(progress):
        raise SetupError("needs 3 to 6 players")

    bad = common.RunButton("Go", broken, shown.append)
    bad.run()
    assert bad.message.kind == "error" and "needs 3 to 6 players" in bad.message.text
    assert shown == ["result"] and not bad.button.disabled


def test_the_undo_handler_has_one_home_for_both_play_apps():
    """PlayApp and lesson 11's PerfectPlay share one Undo handler (widgets.common.UndoesDecisions;
    was: two copies): nothing to undo is a note, not an error, then the app redraws. ~0.01 s."""
    from pushlab.errors import Unavailable
    from pushlab.widgets.luck_app import PlayApp
    from pushlab.widgets.perfect import PerfectPlay

    assert PlayApp._undo is PerfectPlay._undo is common.UndoesDecisions._undo

    class App(common.UndoesDecisions):
        class session:
            def undo():
                raise Unavailable("Nothing to undo.")
        message, drawn = common.MessageArea(), 0

        def refresh(self):
            self.drawn += 1

    a = App()
    a._undo()
    assert (a.message.text, a.message.kind, a.drawn) == ("Nothing to undo.", "info", 1)
