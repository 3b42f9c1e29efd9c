"""Search widgets: the explorer draws the results it is given; the runner searches behind a button."""

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from pushlab.luck.search import Family, search  # noqa: E402
from pushlab.widgets.banking import SearchExplorer, SearchRunner, summary_html  # noqa: E402


@pytest.fixture(scope="module")
def results():
    """Tiny searches for 2 and 3 players, normal and harder."""
    fam = Family(stop=("after 2", "after 5"), bank=(None, "bank at 15"), endgame=())
    return [search(n, harder=h, family=fam, games=24, seed=1, max_rounds=2, start="after 2")
            for h in (False, True) for n in (2, 3)]


def test_explorer_draws_both_variants_and_follows_the_controls(results):
    ex = SearchExplorer(results, players=3)
    assert ex.message.text == ""
    first = ex.heatmaps.value
    assert first.count("<img") == 1 and "3 players" in first and "harder game" in first
    assert ex.paths.value.count("<img") == 1
    ex.players.value = 2
    assert ex.heatmaps.value != first and "2 players" in ex.heatmaps.value
    ex.round.value = "last"
    assert ex.message.text == ""


def test_explorer_shows_a_missing_result_as_an_error(results):
    ex = SearchExplorer(results[:1] + results[2:3], players=2)   # 2 players only, both variants
    assert ex.message.text == ""
    ex2 = SearchExplorer(results[:2], players=2)                  # normal game only
    assert "no search result" in ex2.message.text and ex2.message.kind == "error"


def test_summary_table_has_a_row_per_result(results):
    html = summary_html(results)
    assert html.count("<tr>") == 1 + len(results)


def test_runner_searches_with_progress():
    run = SearchRunner(players=2, games=60, max_rounds=1)
    run.button.click()
    assert run.message.text == "" and run.result is not None
    assert run.progress.value == run.progress.max > 1
    assert "<img" in run.out.value and "2 players" in run.out.value
    assert not run.button.disabled


def test_bank_story_answers_both_questions():
    from pushlab.luck.positions import bench_position
    from pushlab.widgets.banking import BankStory

    g = bench_position(3, "B2 B5 B5 B6 B6 B6", 102, harder=True)
    story = BankStory(g, rollouts=200, protection_rollouts=40)
    assert "Ann" in story.table.widget.value and story.answer.value == ""
    story.ask.click()
    assert story.message.text == ""
    html = story.answer.value
    assert "bank the blue cards" in html and "draw another card" in html and "(recommended)" in html
    assert "hint" in html and "protects about" in html and "bank B" not in html
    story.why.click()
    assert story.message.text == "" and story.progress.value == 5
    assert story.plots.value.startswith("<img") and "cards left" in story.plots.value
    assert story.data["pile"][0] == 102 and not story.why.disabled


def test_bank_story_shows_errors():
    from pushlab.luck.bots import StopAfter
    from pushlab.luck.positions import bench_position
    from pushlab.tournament import play
    from pushlab.widgets.banking import BankStory

    over = play(bench_position(2, "R3", 4, rolls=0), [StopAfter(2)] * 2)
    story = BankStory(over, rollouts=20)
    story.ask.click()
    assert story.message.kind == "error" and "over" in story.message.text


def test_lesson_08s_answers_name_actions_and_policies_in_the_readers_language():
    """Issue 26 review: the bank story showed the action codes ("bank B", "draw", "to") and the
    rollout duel the bot's repr ("RolloutBot(100, policy='after 6, bank loss 10')") on Czech
    pages; the hint's prediction said "The hint says bank B". Now words of the page's language."""
    import re
    from html import unescape

    from pushlab import i18n, teaching
    from pushlab.luck.positions import bench_position
    from pushlab.widgets.banking import BankStory, duel_names

    i18n.set_language("cs")
    try:
        story = BankStory(bench_position(3, "B2 B5 B5 B6 B6 B6", 102, harder=True), rollouts=100,
                          policy="after 4, bank at 15")
        story.run_advice()
        text = re.sub(r"<[^>]+>", " ", unescape(story.answer.value))
        names = duel_names("after 6, bank loss 10", 100, 2)
        risky = duel_names("risk 0.15, bank loss 2.5", 100, 3)
    finally:
        i18n.set_language("en")
    assert "uložit do banky karty barvy modrá" in text and "táhnout další kartu" in text
    assert "'po 4, banka při 15'" in text and "61,5\u00a0% až 79,0\u00a0%" in text
    assert not re.search(r"\b(draw|bank [RBGYP]|after \d|bank at|to)\b", text), text
    assert names == ["RolloutBot (100 dohrání na akci, pak 'po 6, banka při ztrátě 10')",
                     "soupeř 1: po 6, banka při ztrátě 10"], names
    assert len(risky) == 3 and all("riziko 0,15, banka při ztrátě 2,5" in n for n in risky), risky
    hint = teaching.prediction("08.hint-late", "cs")
    assert "bank B" not in hint.exact_text and "uložit modrou do banky" in hint.exact_text


def test_rollout_duel_plays_seeded_games():
    from pushlab.widgets.banking import RolloutDuel

    duel = RolloutDuel("after 5", players=2, rollouts=10, games=2, phases=("turn",))
    duel.button.click()
    assert duel.message.text == "" and duel.result.games == 2
    assert duel.progress.value == duel.progress.max == 2
    assert "RolloutBot won" in duel.out.value and "<img" in duel.out.value


def test_the_search_speaks_the_readers_language(results):
    """Summary, stopping reason and the bank rule "never" are words of the page's language, in
    the widget's text and in its figures' descriptions; summary() in English stays as it was."""
    from html import unescape

    from pushlab import i18n
    from pushlab.luck.search import stop_reason, summary
    from pushlab.plots import luck as plots

    r = results[0]
    assert summary(r, "en").startswith(f"2 players, normal game: {len(r.rounds)} round")
    assert f", {r.stopped}; best '{r.best}'" in summary(r, "en").splitlines()[0]
    before = i18n.current_language()
    i18n.set_language("cs")
    try:
        text = summary(r)
        assert text.startswith("hráčů: 2, běžná hra:") and "nejlepší 'po " in text and "after" not in text
        assert stop_reason(r.stopped) in text and stop_reason(r.stopped) != r.stopped
        grid = plots.search_grid_data(r)
        assert "nikdy" in grid["bank"] and grid["stop"][0].startswith("po ")     # policy names translated
        assert "po 5" in unescape(summary_html(results)) and "after" not in unescape(summary_html(results))
        assert f"({stop_reason(r.stopped)})" in unescape(summary_html(results))
        ex = SearchExplorer(results, players=2)
        assert stop_reason(results[0].stopped) in unescape(ex.paths.value)
    finally:
        i18n.set_language(before)


def test_search_summary_table_writes_intervals_by_numbers_interval():
    """Lesson 08's search table: the win rate's and the endgame edge's intervals by
    ``numbers.interval`` (Czech: a semicolon between bounds). Was: "[23,1 %, 26,0 %]". (~50 ms)"""
    import re

    from pushlab import i18n
    from pushlab.luck.search import load_results
    from pushlab.widgets.banking import summary_html

    results = load_results()
    i18n.set_language("cs")
    try:
        html = summary_html(results)
    finally:
        i18n.set_language("en")
    intervals = re.findall(r"\[[-+\u2212]?\d+,\d[^\]<]*\]", html)       # bounds with a decimal comma
    assert intervals and all(";" in i and "," in i for i in intervals), intervals
