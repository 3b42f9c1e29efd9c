"""Shareable positions (pushlab.share): round trips, link length, and hostile input."""

import base64
import json
import zlib

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from pushlab import share
from pushlab.errors import PushlabError
from pushlab.luck import Game as Luck
from pushlab.luck.bots import RandomBot, StopAfter, StopAtRisk
from pushlab.rummy import Game as Rummy
from pushlab.rummy.bots import HeuristicBot
from pushlab.share import ShareError, decode, encode

APP = "http://127.0.0.1:8866/voila/render/02-play-push-your-luck.ipynb"


def luck_line(seed, players=4, bot=None, **options):
    """Every state of one seeded push-your-luck game."""
    rng = np.random.default_rng(seed)
    bot = bot or StopAfter(4, bank_at=12)
    g = Luck.new(players, seed=seed, **options)
    states = [g]
    while not g.is_over:
        g = g.apply(bot.choose(g, rng))
        states.append(g)
    return states


def rummy_line(seed, deals=(1, 2)):
    """Every 7th state of one seeded rummy match."""
    rng = np.random.default_rng(seed)
    bot = HeuristicBot()
    g = Rummy.new(seed=seed, deals=deals)
    states = [g]
    while not g.is_over:
        g = g.apply(bot.choose(g, rng))
        states.append(g)
    return states[::7] + [g]


def repack(text, change):
    """``text`` with its JSON record changed by ``change`` and packed again (a forged link)."""
    head, _, body = text.partition(".")
    raw = zlib.decompressobj(-15, share._ZDICT).decompress(base64.urlsafe_b64decode(body + "==="))
    data = json.loads(raw)
    change(data)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, share._ZDICT)
    out = packer.compress(json.dumps(data).encode()) + packer.flush()
    return head + "." + base64.urlsafe_b64encode(out).decode().rstrip("=")


@pytest.mark.parametrize("options", [dict(), dict(harder=True, switch_rule="game"),
                                     dict(players=["Émilie", "Jüri", "مريم"], switch_cards=True)])
def test_luck_round_trip_every_state(options):
    for g in luck_line(5, **options):
        text = encode(g)
        assert decode(text) == g
        assert set(text[3:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def test_rummy_round_trip_with_hidden_hands():
    for g in rummy_line(2):
        back = decode(encode(g))
        assert back == g
        assert back.hands == g.hands and back.stock == g.stock   # a teacher's setup: all is in it


@pytest.mark.parametrize("bot", [RandomBot(), StopAfter(2), StopAfter(6, bank_at=20), StopAtRisk(0.5)])
def test_luck_links_stay_under_2000_characters(bot):
    """Six players to the end of the game: the longest logs a position carries."""
    for seed in range(3):
        states = luck_line(seed, players=6, bot=bot, harder=bool(seed % 2))
        longest = max(len(share.url_for(g, APP)) for g in states[::10] + states[-1:])
        assert longest < 2000, longest


def test_url_round_trip_and_query():
    g = luck_line(1)[40]
    url = share.url_for(g, APP + "?lang=et")
    assert "lang=et" in url
    assert share.position_from_query(url.split("?", 1)[1]) == g
    assert share.position_from_query("lang=cs") is None


@pytest.mark.parametrize("text, words", [
    ("", "empty"),
    ("hello", "not a pushlab position"),
    ("L1.", "truncated"),
    ("L1.!!!!", "damaged"),
    ("X1.abcd", "not a pushlab position"),
    ("L3.abcd", "not known"),
    ("R1.eJwrSS0u0SsqTcvMz0kFACM4BTY", "damaged"),
    ("L1." + "A" * 200_000, "too long"),
])
def test_bad_text_gets_a_clear_error(text, words):
    with pytest.raises(ShareError, match=words):
        decode(text)


#: Lesson 01's shared position as pushlab 0.1 wrote it (version 1: the log as English sentences).
V1_LINK = ("L1.pVZLcsMwCL1Kpoqdlm4a_w7Ahi3DjsPk7n0IOYlnMonbeGTJQnwEDwk_BeVvcLSov0Lk5wkcGUIEt6YxzsEWH"
           "9Ci3YNyI90jAfBsPthSr6EDTwErsFMoHpNWu_RmHRK-ZTONRFiCaAB_2EgBaKl0nSJlgiGz5hwOgOg1m3jcSEEkM"
           "8SXWE2bU2wLu2XsuRpM8tjIqxPIOyiHrUxAaIZDPoTRFJhzRKJCjY9hAz2mqWEM6zI_8h2-gRMxa3O-fsF3KPAa0"
           "HD53JRdGSKuQzRrnmJ3bQn24QRkEQquAfSMZ3LuOh5I_NdVf3ch_0etfGhqf5F654djLSt5LlvIWvE4r1d3PSrb2"
           "jGsV24px64_lhPez74rX11f6PtUPi7rneNkQioizmrCqkrEZujRzMgwijkJibIwkxoYxF2wYqrsjo-QABMkhdxcW"
           "CDsyniIY5HVyVXrkoiqv3XLNWcvvw")


def test_version_1_links_still_open_at_their_position_without_their_log():
    """An L1 link opens at its position; its English log is not read back (no events to show)."""
    g = decode(V1_LINK)
    assert g.events == () and g.log == () and g.phase == "collect" and g.players == ("Ann", "Ben", "Cat")
    assert [" ".join(map(str, c)) for c in g.columns] == ["roll Y5 G1", "R1"] and g.direction == -1
    assert decode(encode(g)) == g and encode(g).startswith("L2.")


#: A rummy position as pushlab 0.1 wrote it (Ben has pushed in deal 1).
R1_LINK = ("R1.jVW7bttAEPyVgSobcCG-RacijsVBrASWQmAkEoW4sOWQUuHCH6LOgGF_mL4kM0vqZTUBiOM99mZn72b3_u9Sl"
           "g1vgxbB0D-jt3psu82DJofDP-seLkouri8qOJKdj8IaSY1g7FF5JCUSJ8XVKLxNhiUKhym_SgqTZY20RFYiLzErU"
           "emT6PqlyCO2pcyZ-oazSD0iLgpenarGxAu4MO_s5_RQI-fnMSGww8Shcph5TPmVokZK9EL4SY3M21KF0CF2CD1SE"
           "XYyTZ1iKUpBEJTW5ElQ7qHpjJtrRURPjIIQdBPafEIUi457U4uFjMmJhxAbRSJzb-ToqdQvc1pgNFNvUwQIexqz4"
           "cSuVTjIQgnw1Og97fPtqh0kTgWOCi-9rbftojnq60yef7ePzeZBw84uv2XFXjJxX0b3iYYH_cmlSW8-KikVBLgJs"
           "F4huL1joX7etJQJmEENazeno3tQljAFIrUXokPza_HnBzYs09sXeylZqKv97qtXLx_AjglmM_a6yZAvOIxz_7Ru1"
           "qDC77T0PLwdq3b9ZKZ9aKR5kSnzA9-eED2KE6nud-9I1ATj_e5TXj81_lLzQZjTPnE77itOW0JZc_yBqTXVEEfPq"
           "5DJFbkTKuP4xkao70iFmquZqRnOR9Zts2iYiR0yLVxC48ZOb4nfr-J7e-GK5eDkKj65ikQxPvrLLPBDreiaxpI8m"
           "-R5FgdRFAZhPE6DKDeLhVVXFeafb_8A")


def test_version_1_rummy_links_open_without_their_logs():
    g = decode(R1_LINK)
    assert g.events == () and g.log == () and g.private_log == ((),) * 4
    assert g.phase == "play" and g.active_player == 1 and " ".join(map(str, g.hand(1))) == "AS AH 10H 2D AC JC JK"
    assert decode(encode(g)) == g and encode(g).startswith("R2.")


def test_forged_rummy_events_are_refused():
    text = encode(rummy_line(2)[1])
    forgeries = {
        "out of range": lambda d: d["events"].append(["WentOut", 4]),
        "is not one of": lambda d: d["events"].append(["LaidOff", 0, "6H", 0, "middle", ["run", "6H 7H 8H", 0]]),
        "not a run|rule": lambda d: d["events"].append(["LaidOff", 0, "6H", 0, "low", ["run", "6H 9C 8H", 0]]),
    }
    for words, change in forgeries.items():
        with pytest.raises(ShareError, match=words):
            decode(repack(text, change))


def test_forged_events_are_refused():
    text = encode(luck_line(3)[30])
    forgeries = {
        "not in the game": lambda d: d["events"].append(["Stopped", 5]),
        "name of an event": lambda d: d["events"].append(["Exploded", 0]),
        "expected 3 parts": lambda d: d["events"].append(["Busted", 0]),
        "not a card": lambda d: d["events"].append(["Busted", 0, "Q9"]),
        "is not one of": lambda d: d["events"].append(["Rolled", 0, "X", "", False]),
        "cannot be written|not a valid state": lambda d: d["events"].append(["GameOver", [], 3]),
    }
    for words, change in forgeries.items():
        with pytest.raises(ShareError, match=words):
            decode(repack(text, change))


def test_truncated_and_mixed_up_texts_are_refused():
    text = encode(luck_line(3)[30])
    for cut in (4, len(text) // 2, len(text) - 3):
        with pytest.raises(ShareError):
            decode(text[:cut])
    with pytest.raises(ShareError):
        decode("R" + text[1:])             # a luck record read as rummy


def test_forged_positions_are_refused():
    text = encode(luck_line(3)[30])
    forgeries = {
        "the cards": lambda d: d.update(draw_pile=d["draw_pile"].replace("R1", "R2", 1)),
        "phase": lambda d: d.update(phase="lunch"),
        "active_player": lambda d: d.update(active_player=9),
        "players": lambda d: d.update(players=["Ann", "Ann", "Cat", "Dan"]),
        "field": lambda d: d.pop("die"),
        "die": lambda d: d.update(die="RRXX"),
        "expected a whole number": lambda d: d.update(turn="1; import os"),
    }
    for words, change in forgeries.items():
        with pytest.raises(ShareError, match=words):
            decode(repack(text, change))


def test_zip_bomb_is_bounded():
    bomb = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, share._ZDICT)
    body = bomb.compress(b"[" * 10_000_000) + bomb.flush()
    text = "L1." + base64.urlsafe_b64encode(body).decode().rstrip("=")
    assert len(text) < share.MAX_TEXT
    with pytest.raises(ShareError, match="more than"):
        decode(text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_decodes_or_raises_share_error(text):
    try:
        decode(text)
    except ShareError:
        pass


_VALID = encode(luck_line(4)[25])


@settings(max_examples=300, deadline=None)
@given(st.integers(3, len(_VALID) - 1), st.sampled_from("AZaz09-_."))
def test_tampered_characters_are_refused_or_exact(at, char):
    """A changed character is refused, or (rarely) still names a valid, complete position."""
    text = _VALID[:at] + char + _VALID[at + 1:]
    try:
        g = decode(text)
    except ShareError as e:
        assert isinstance(e, PushlabError) and isinstance(e, ValueError)
    else:
        assert decode(encode(g)) == g


def test_only_games_encode():
    with pytest.raises(ShareError, match="only push-your-luck and rummy"):
        encode("R3 B5")


def test_switch_pile_cards_are_counted_under_the_lasting_rule():
    """Under switch_rule='game' drawn switch cards stay on the switch pile all game (rule 10)."""
    from collections import Counter
    from pushlab.luck.cards import full_deck
    for g in luck_line(1, players=5, switch_rule="game"):
        assert Counter(g.all_cards()) == Counter(full_deck(True))


def test_sharing_doc_examples_run():
    import doctest
    from pathlib import Path
    doc = Path(__file__).resolve().parents[1] / "docs" / "sharing.md"
    result = doctest.testfile(str(doc), module_relative=False)
    assert result.failed == 0 and result.attempted >= 5
