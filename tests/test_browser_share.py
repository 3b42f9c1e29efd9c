"""Position links in the play apps, in headless Chromium: ``?position=`` opens that position,
a bad link shows a clear message and the default game, "Link to this position" gives the address."""

from pathlib import Path
from urllib.parse import quote

from pushlab.luck import Game
from pushlab.rummy.game import Game as RummyGame
from pushlab.share import encode

LUCK = "02-play-push-your-luck"
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
RUMMY = "06-play-push-rummy"


def shared_luck_game():
    """A mid-turn position (a new game never opens like this): a card in column 1, Ann to place the next."""
    return Game.new(["Ann", "Ben", "Cat"], seed=11).apply("draw").apply("place 0").apply("draw")


def test_luck_app_opens_the_linked_position_and_links_back(open_app, app_errors, screenshot):
    from pushlab.luck.cards import COLOUR_NAMES

    game = shared_luck_game()
    (card,), = game.columns
    assert game.phase == "place"
    page = open_app(LUCK, wait_for=".pl-playapp .pl-btn-draw", query="position=" + quote(encode(game), safe="."))
    assert page.locator(".pl-playapp .pl-message").inner_text().strip() == ""
    table = page.locator(".pl-playapp .pl-tableview")
    assert table.locator(f".pl-card[title='{COLOUR_NAMES[card.colour]} {card.number}']").count() >= 1
    assert "put the drawn card in a column" in page.inner_text(".pl-playapp .pl-prompt").lower()
    page.locator(".pl-btn-link").click()
    page.wait_for_function("() => document.querySelector('.pl-position-link input').value.includes('position=L2.')")
    link = page.locator(".pl-position-link input").input_value()
    assert "/voila/render/02-play-push-your-luck.ipynb?position=L2." in link
    assert app_errors(page) == []
    screenshot(page, "share-luck-linked")


def test_luck_app_with_a_tampered_link_shows_why_and_a_new_game(open_app, app_errors):
    text = encode(shared_luck_game())
    tampered = text[:-12] + ("A" if text[-12] != "A" else "B") + text[-11:]
    page = open_app(LUCK, wait_for=".pl-playapp .pl-btn-draw", query="position=" + quote(tampered, safe="."))
    msg = page.locator(".pl-playapp .pl-message").inner_text()
    assert "cannot be opened" in msg and "Showing a new game instead" in msg
    assert page.locator(".pl-playapp .pl-message [role=alert]").count() == 1
    assert app_errors(page) == []


def test_rummy_app_opens_the_linked_position_and_rejects_an_empty_link(open_app, app_errors):
    game = RummyGame.new(seed=77, deals=(2,))
    page = open_app(RUMMY, wait_for=".pl-rummy-playapp", query="position=" + quote(encode(game), safe="."))
    assert page.locator(".pl-rummy-playapp .pl-message").inner_text().strip() == ""
    text = page.inner_text(".pl-rummy-playapp")
    assert "deal 2" in text.lower()
    # the reader's dealt cards are the linked ones (bots moving first can only add cards by pushing)
    assert all(card.pretty in text for card in game.hand(0))
    page2 = open_app(RUMMY, wait_for=".pl-rummy-playapp", query="position=")
    assert "names no position" in page2.locator(".pl-rummy-playapp .pl-message").inner_text()
    assert app_errors(page) == [] and app_errors(page2) == []


def test_luck_rules_app_shows_the_linked_position_and_links_back(open_app, app_errors):
    """Lesson 01's shared-position table shows the ?position= of the address, not the lesson's own."""
    from pushlab.luck.cards import COLOUR_NAMES

    game = shared_luck_game()
    (card,), = game.columns
    page = open_app("01-push-your-luck-rules", wait_for=".pl-shared-position .pl-btn-link",
                    query="position=" + quote(encode(game), safe="."))
    shared = page.locator(".pl-shared-position")
    assert shared.locator(".pl-message").inner_text().strip() == ""
    assert shared.locator(f".pl-card[title='{COLOUR_NAMES[card.colour]} {card.number}']").count() == 1
    shared.locator(".pl-btn-link").click()
    page.wait_for_function("() => document.querySelector('.pl-shared-position .pl-position-link input')"
                           ".value.includes('position=L2.')")
    link = shared.locator(".pl-position-link input").input_value()
    assert "/voila/render/01-push-your-luck-rules.ipynb?position=" + encode(game) in link
    assert app_errors(page) == []
    SCREENSHOTS.mkdir(exist_ok=True)
    shared.screenshot(path=str(SCREENSHOTS / "share-01-rules-linked.png"))


def test_rummy_rules_app_refuses_a_luck_link_and_shows_its_own_position(open_app, app_errors):
    """Lesson 05 given a push-your-luck position: a clear message and the lesson's deal."""
    page = open_app("05-rummy-rules", wait_for=".pl-shared-position .pl-btn-link",
                    query="position=" + quote(encode(shared_luck_game()), safe="."))
    shared = page.locator(".pl-shared-position")
    message = shared.locator(".pl-message [role=alert]").inner_text()
    assert "other game" in message and "Showing the lesson's position instead" in message, message
    table = shared.locator(".pl-rummy-table")
    assert "Deal 1" in table.inner_text()
    assert table.locator(".pl-meld .pl-card[title='jack of clubs']").count() == 1   # Ben's replacement
    assert app_errors(page) == []


def test_a_warm_kernel_builds_the_app_before_the_reader_and_then_opens_the_link(
        voila_factory, open_app, app_errors, tmp_path):
    """``pushlab serve --pool``: a warm kernel has built the play app with its setup's game
    before anyone asked (reading ``?position=`` waits for the reader in a thread, not in the
    cell); a reader with a link then gets that position, one without gets the setup's game."""
    import shutil
    import time

    from conftest import NOTEBOOK_DIR

    from pushlab.serving import voila_options

    shutil.copy(NOTEBOOK_DIR / f"{LUCK}.ipynb", tmp_path)
    server = voila_factory(tmp_path, [o for o in voila_options(tmp_path, pool=2) if not o.startswith("--template=")])
    deadline = time.monotonic() + 180
    while f"Kernel pool of {LUCK}.ipynb is filled" not in server.log.read_text() and time.monotonic() < deadline:
        time.sleep(0.5)
    assert f"Kernel pool of {LUCK}.ipynb is filled" in server.log.read_text(), server.log.read_text()[-3000:]
    game = shared_luck_game()
    (card,), = game.columns
    from pushlab.luck.cards import COLOUR_NAMES

    linked = open_app(LUCK, server=server, wait_for=".pl-playapp .pl-btn-draw",
                      query="position=" + quote(encode(game), safe="."))
    linked.locator(f".pl-playapp .pl-tableview .pl-card[title='{COLOUR_NAMES[card.colour]} {card.number}']"
                   ).first.wait_for(timeout=60_000)
    linked.get_by_text("put the drawn card in a column", exact=False).first.wait_for(timeout=30_000)
    plain = open_app(LUCK, server=server, wait_for=".pl-playapp .pl-btn-draw")
    assert plain.locator(".pl-playapp .pl-message").inner_text().strip() == ""
    assert "put the drawn card" not in plain.inner_text(".pl-playapp .pl-prompt").lower()
    log = server.log.read_text()
    assert log.count(f"Using pre-heated kernel") == 2, log[-3000:]
    assert app_errors(linked) == [] and app_errors(plain) == []
