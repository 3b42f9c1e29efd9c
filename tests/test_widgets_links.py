"""Position links in the play apps (pushlab.widgets.links), without a browser."""

import sys

import pytest

from pushlab.luck import Game
from pushlab.rummy.game import Game as RummyGame
from pushlab.share import MAX_TEXT, encode
from pushlab.widgets import links
from pushlab.widgets.luck import PlayApp
from pushlab.widgets.rummy import PlayApp as RummyPlayApp


@pytest.fixture
def luck_game():
    return Game.new(["Ann", "Ben", "Cat", "Dan"], seed=3).apply("draw")


def test_page_query_outside_voila_returns_at_once(monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)
    monkeypatch.setitem(sys.modules, "voila.utils", None)   # importing Voilà here would fail
    assert links.page_query() == ""
    monkeypatch.setenv("QUERY_STRING", "position=L1.x")
    assert links.page_query() == "position=L1.x"
    assert links.page_address() == "" or links.page_address().startswith("http")


def test_luck_app_opens_a_position_with_the_reader_in_the_seat_to_act(luck_game):
    app = PlayApp(position=encode(luck_game))
    assert app.session.game == luck_game
    assert app.session.you == luck_game.current_player
    assert int(app.n_bots.value) == 3 and app.message.text == ""
    url = app.link.update()
    assert url.startswith("?position=L2.") and "position=L2." in app.link.anchor.value
    assert links.requested_position(Game, query=url[1:]) == (luck_game, "")


@pytest.mark.parametrize("bad, words", [
    ("", "names no position"),
    ("   ", "names no position"),
    ("L1.", "cannot be opened"),
    ("TRUNCATED", "cannot be opened"),
    ("L2.AAAA", "cannot be opened"),
    ("x" * (MAX_TEXT + 10), "cannot be opened"),
])
def test_luck_app_with_a_bad_position_shows_why_and_a_new_game(bad, words, luck_game):
    if bad == "TRUNCATED":
        bad = encode(luck_game)[:-7]
    app = PlayApp(seed=2024, position=bad)
    assert words in app.message.text and app.message.kind == "error"
    assert app.message.text.endswith("Showing a new game instead.")
    assert app.session.game == PlayApp(seed=2024).session.game       # the default game


def test_an_overlong_address_is_refused_before_decoding():
    game, problem = links.requested_position(Game, query="position=" + "A" * 200_000)
    assert game is None and "too long" in problem


def test_rummy_app_opens_a_position_and_refuses_the_other_game(luck_game):
    deal = RummyGame.new(seed=5, deals=(3,))
    app = RummyPlayApp(position=encode(deal))
    assert app.message.text == ""
    assert set(deal.hand(0)) <= set(app.session.game.hand(0))   # bots moving first can only push cards onto Ann
    other = RummyPlayApp(position=encode(luck_game))
    assert "other game" in other.message.text


# ---------------------------------------------------------------- a kernel of the warm pool

@pytest.fixture
def warm_kernel(monkeypatch):
    """A kernel of ``pushlab serve --pool``: the page's query comes only when ``reader(query)`` is called."""
    import threading

    arrived, query = threading.Event(), {}

    def wait_for_reader():
        assert arrived.wait(20), "no reader came"
        return query["text"]

    def reader(text):
        query["text"] = text
        arrived.set()

    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(links, "page_query", wait_for_reader)
    return reader


def test_a_warm_kernel_reads_the_query_in_a_thread_so_the_cell_goes_on(warm_kernel):
    seen = []
    thread = links.on_page_query(seen.append)
    assert thread.is_alive() and seen == []          # returned at once: the lesson runs on
    warm_kernel("position=L1.x")
    thread.join(20)
    assert seen == ["position=L1.x"]


def test_an_error_in_the_waiting_thread_is_shown_to_the_reader(warm_kernel):
    from pushlab.errors import PushlabError
    from pushlab.widgets.common import MessageArea

    def broken(query):
        raise PushlabError("that went wrong")

    message = MessageArea()
    thread = links.on_page_query(broken, message)
    warm_kernel("")
    thread.join(20)
    assert message.kind == "error" and "that went wrong" in message.text


@pytest.mark.parametrize("app_type", [PlayApp, RummyPlayApp])
def test_a_warm_kernel_builds_the_app_before_the_reader_comes(warm_kernel, app_type, luck_game):
    """The app is made with its setup's game while no reader is there; the reader's
    ?position= then replaces it (a bad one leaves it and says why)."""
    import threading

    app = app_type(seed=5)                                   # returns: did not wait for the reader
    default = app.session.game
    [waiting] = [t for t in threading.enumerate() if t.name == "pushlab-page-query"]
    position = luck_game if app_type is PlayApp else RummyGame.new(seed=77, deals=(2,))
    warm_kernel("lang=et&position=" + encode(position))
    waiting.join(20)
    assert app.session.game is not default and app.message.text == ""
    assert (app.session.game == position) if app_type is PlayApp else (app.session.game.deal_number == 2)


def test_a_warm_kernel_keeps_the_setup_game_when_the_link_is_bad(warm_kernel):
    import threading

    app = PlayApp(seed=5)
    default = app.session.game
    [waiting] = [t for t in threading.enumerate() if t.name == "pushlab-page-query"]
    warm_kernel("position=L1.broken")
    waiting.join(20)
    assert app.session.game is default and "cannot be opened" in app.message.text


def test_a_warm_kernel_asks_voila_once_and_is_then_the_readers(monkeypatch):
    """Voilà hands the reader's request to one waiter per kernel, once: every later reader of
    the query (a second app on the page, a later call) gets the same answer without asking."""
    import threading

    from pushlab import serving

    asked = []

    def wait_for_request():
        asked.append(threading.current_thread().name)
        return {"QUERY_STRING": "position=L1.x"}

    monkeypatch.setattr(serving, "wait_for_request", wait_for_request)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("QUERY_STRING", "")          # recorded, so that what query_string() sets is undone
    monkeypatch.delenv("QUERY_STRING")
    threads = [threading.Thread(target=serving.query_string) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert serving.query_string() == "position=L1.x" and len(asked) == 1
    assert serving.os.environ["VOILA_PREHEAT"] == "False"
