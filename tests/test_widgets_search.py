"""Search widgets: the explorer draws the results it is given; the runner searches behind a button."""

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from pushlab.luck.search import Family, search  # noqa: E402
from pushlab.widgets.search import SearchExplorer, SearchRunner, summary_html  # noqa: E402


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
    run = SearchRunner(players=2, games=60)
    run.button.click()
    assert run.message.text == "" and run.result is not None
    assert run.progress.value == run.progress.max > 1
    assert "<img" in run.out.value and "2 players" in run.out.value
    assert not run.button.disabled
