"""Melds of Push (contract rummy): a table of sets and runs with wilds (rules 7-11, 13, 14)."""

from pushlab.display import html_of
import pytest

from pushlab.errors import IllegalAction, ParseError
from pushlab.rummy import (CONTRACTS, HAND_SIZES, Card, Meld, contract_problem, contract_text,
                           explain_meld, is_valid_meld, meets_contract, meld_problem, natural_mask,
                           parse_cards, run_values)

# (cards, kind, valid, words expected in the problem or the explanation)
CASES = [
    # --- the spec's "Facts for checking"
    ("5H 5S JK", "set", True, "JK is 5♦ or 5♣"),
    ("5H JK 7H", "run", True, "JK is 6♥"),
    ("QC KC AC", "run", True, "valid run"),
    ("AC 2C 3C", "run", True, "2♣ counts as natural"),
    ("KC AC 2C", "run", False, "no wrap-around"),
    ("2D JK 2S", "set", False, "at least one natural"),
    ("2D JK 2S", "run", False, "at least one natural"),
    ("5H 5H 5S", "set", False, "different suits (two 5♥)"),
    # --- sets (rule 8)
    ("9S 9H 9D", "set", True, "valid set of 9s"),
    ("9S 9H 9D 9C", "set", True, "valid set of 9s"),
    ("AS AH JK", "set", True, "JK is A♦ or A♣"),
    ("KS 2H JK", "set", True, "2♥ is K♥ or K♦ or K♣"),
    ("JK JK 7C", "set", True, "valid set of 7s"),
    ("9S 9H 9D 9C JK", "set", False, "at most 4"),
    ("9S 9H JK JK 2C", "set", False, "at most 4"),
    ("9S 9H 8D", "set", False, "share one rank"),
    ("9S 9H", "set", False, "at least 3 cards, not 2"),
    ("2S 2H 2D", "set", False, "at least one natural"),
    ("JK JK JK", "set", False, "at least one natural"),
    ("9S 9S JK", "set", False, "two 9♠"),
    # --- runs (rules 9, 10)
    ("3D 4D 5D", "run", True, "valid run"),
    ("5D 4D 3D", "run", False, "not in sequence"),
    ("3D 5D 4D", "run", False, "not in sequence"),
    ("3D 4D 5H", "run", False, "share one suit"),
    ("JK 4D 5D", "run", True, "JK is 3♦"),
    ("JK JK 5D", "run", True, "JK is 3♦, JK is 4♦"),
    ("2S 4D 5D", "run", True, "2♠ is 3♦"),
    ("2D 3D 4D", "run", True, "2♦ counts as natural"),
    ("AD 2D 3D", "run", True, "2♦ counts as natural"),
    ("JK 2D 3D", "run", True, "JK is A♦, 2♦ counts as natural"),
    ("2D JK 4D", "run", True, "2♦ counts as natural"),
    ("3D 2D 5D", "run", True, "2♦ is 4♦"),                 # a 2 out of its place is wild
    ("2H 3D 4D", "run", True, "2♥ is 2♦"),                 # another suit's 2 is wild
    ("JK AD 2D", "run", False, "no wrap-around"),
    ("JK JK 2D 3D", "run", False, "below a low ace"),
    ("JK KS AS", "run", True, "JK is Q♠"),
    ("AS JK JK", "run", True, "JK is 2♠, JK is 3♠"),
    ("JK JK AS", "run", True, "JK is Q♠, JK is K♠"),
    ("JK AS JK", "run", False, "ace"),
    ("AS KS QS", "run", False, "not in sequence"),
    ("QS KS AS 2S", "run", False, "no wrap-around"),
    ("KS AS JK", "run", False, "above a high ace"),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "run", True, "valid run"),
    ("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "run", True, "valid run"),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "run", False, "at most 13"),
    ("JK JK JK", "run", False, "at least one natural"),
    ("8C 9C", "run", False, "at least 3 cards"),
    ("8C 8C 9C", "run", False, "not in sequence"),
    ("10H JH QH KH AH", "run", True, "valid run"),
]


@pytest.mark.parametrize("cards, kind, valid, words", CASES)
def test_meld_table(cards, kind, valid, words):
    assert is_valid_meld(cards, kind) is valid
    assert is_valid_meld(parse_cards(cards), kind) is valid
    problem = meld_problem(cards, kind)
    explanation = explain_meld(cards, kind)
    assert (problem is None) is valid
    if valid:
        assert explanation.startswith(f"valid {kind}")
    else:
        assert explanation == f"not a {kind}: {problem}"
        assert problem.count(".") <= 1 and "\n" not in problem      # one sentence
    assert words in explanation


def test_unknown_kind_is_a_parse_error():
    with pytest.raises(ParseError, match="'seq'"):
        is_valid_meld("5H 6H 7H", "seq")


def test_run_values_and_natural_mask():
    assert run_values("JK QC KC AC") == (11, 12, 13, 14)
    assert run_values("AC 2C 3C") == (1, 2, 3)
    assert natural_mask("AC 2C 3C", "run") == (True, True, True)
    assert natural_mask("2H 3C 4C", "run") == (False, True, True)
    assert natural_mask("5C 2C 7C", "run") == (True, False, True)
    assert natural_mask("5H 2H 5S", "set") == (True, False, True)
    with pytest.raises(IllegalAction):
        run_values("5H 6S 7H")


@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5])
def test_contract_table_rule_5(deal):
    sizes = {1: 6, 2: 7, 3: 8, 4: 9, 5: 10}
    assert HAND_SIZES[deal] == sizes[deal]
    # the contract needs exactly as many cards as are dealt (facts for checking)
    assert sum(size for _, size in CONTRACTS[deal]) == HAND_SIZES[deal]


def test_contract_words():
    assert [contract_text(d) for d in range(1, 6)] == [
        "2 sets of 3", "1 set of 3 + 1 run of 4", "2 runs of 4", "3 sets of 3", "2 runs of 5"]


def test_meets_contract_rule_11():
    two_sets = [("set", "5H 5S JK"), ("set", "9C 9D 9S")]
    assert meets_contract(two_sets, 1)
    assert meets_contract([("set", "5H 5S JK 5C"), ("set", "9C 9D 9S")], 1)   # larger is fine
    assert meets_contract(two_sets + [("run", "3D 4D 5D")], 1)                # extra melds fine
    assert not meets_contract(two_sets[:1], 1)
    assert not meets_contract([("set", "5H 5S JK"), ("run", "9C 10C JC")], 1)  # wrong kind
    assert meets_contract([("set", "5H 5S JK"), ("run", "9C 10C JC QC")], 2)
    assert not meets_contract([("set", "5H 5S JK"), ("run", "9C 10C JC")], 2)  # run too short
    assert meets_contract([("run", "3D 4D 5D 6D"), ("run", "JK 9S 10S JS")], 3)
    assert meets_contract([("set", "5H 5S JK"), ("set", "9C 9D 9S"), ("set", "KC KD 2S")], 4)
    assert not meets_contract([("set", "5H 5S JK"), ("set", "9C 9D 9S")], 4)
    assert meets_contract([("run", "3D 4D 5D 6D 7D"), ("run", "9S 10S JS QS KS")], 5)
    assert not meets_contract([("run", "3D 4D 5D 6D 7D"), ("run", "10S JS QS KS")], 5)
    assert not meets_contract([("set", "5H 5H JK"), ("set", "9C 9D 9S")], 1)   # invalid meld
    assert "not a set" in contract_problem([("set", "5H 5H JK"), ("set", "9C 9D 9S")], 1)
    assert meets_contract([Meld("set", "5H 5S JK"), Meld("set", "9C 9D 9S")], 1)
    with pytest.raises(ParseError):
        meets_contract(two_sets, 6)


def test_meld_value_validates_and_is_immutable():
    m = Meld("run", "5H JK 7H", owner=2)
    assert m.cards == parse_cards("5H JK 7H") and m.owner == 2 and len(m) == 3
    assert m.suit == "H" and m.rank is None and Meld("set", "5H 5S JK").rank == 5
    assert str(m) == "run 5♥ JK 7♥" and repr(m) == "Meld('run', '5H JK 7H', owner=2)"
    with pytest.raises(IllegalAction, match="not a set"):
        Meld("set", "5H 5H 5S")
    with pytest.raises(AttributeError):
        m.owner = 1
    assert "5♥" in html_of(m)


def test_run_lay_offs_rule_13():
    m = Meld("run", "5H JK 7H")
    assert m.layoff_ends("8H") == ("high",) and m.layoff_ends("4H") == ("low",)
    assert m.layoff_ends("JK") == ("low", "high") and m.layoff_ends("2C") == ("low", "high")
    assert m.layoff_ends("9H") == () and m.layoff_ends("8S") == () and m.layoff_ends("6H") == ()
    assert m.lay_off("8H").cards == parse_cards("5H JK 7H 8H")
    assert m.lay_off("JK", "low").cards == parse_cards("JK 5H JK 7H")
    with pytest.raises(IllegalAction, match="both ends"):
        m.lay_off("JK")
    with pytest.raises(IllegalAction, match="does not fit"):
        m.lay_off("9H")
    with pytest.raises(IllegalAction, match="low end"):
        m.lay_off("8H", "low")
    top = Meld("run", "QC KC AC")
    assert top.layoff_ends("JC") == ("low",) and top.layoff_ends("2C") == ("low",)
    assert top.layoff_ends("JK") == ("low",)                     # nothing above a high ace
    bottom = Meld("run", "AD 2D 3D")
    assert bottom.layoff_ends("4D") == ("high",) and bottom.layoff_ends("KD") == ()
    assert bottom.layoff_ends("JK") == ("high",)
    assert Meld("run", "JK 3D 4D").layoff_ends("AD") == ("low",)
    full = Meld("run", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    assert full.layoff_ends("AS") == () and full.layoff_ends("JK") == ()


def test_set_lay_offs_rule_13():
    s = Meld("set", "5H 5S JK")
    assert s.layoff_ends("5D") == ("any",) and s.layoff_ends("JK") == ("any",)
    assert s.layoff_ends("5H") == () and s.layoff_ends("6D") == ()
    assert s.lay_off("5C").cards == parse_cards("5H 5S JK 5C")
    four = s.lay_off("2D")
    assert four.layoff_ends("5D") == ()                          # at most 4 cards (rule 8)


def test_wild_replacement_rule_14():
    run = Meld("run", "5H JK 7H 2S", owner=1)
    assert run.replace_options("6H") == (1,) and run.replace_options("8H") == (3,)
    assert run.replace_options("5H") == () and run.replace_options("6S") == ()
    assert run.replace("6H") == (Meld("run", "5H 6H 7H 2S", owner=1), Card("JK"))
    assert run.replace("8H") == (Meld("run", "5H JK 7H 8H", owner=1), Card("2S"))
    own_two = Meld("run", "AH 2H 3H JK")
    assert own_two.replace_options("2H") == ()                   # natural by rule 10: no wild there
    assert own_two.replace_options("4H") == (3,)
    assert Meld("run", "AH JK 3H").replace_options("2H") == (1,)
    assert Meld("run", "JK JK AS").replace("KS")[0].cards == parse_cards("JK KS AS")
    s = Meld("set", "5H 5S JK 2C")
    assert s.replace_options("5D") == (2, 3) and s.replace_options("5C") == (2, 3)
    assert s.replace_options("5H") == () and s.replace_options("6D") == ()
    assert s.replace("5D") == (Meld("set", "5H 5S 5D 2C"), Card("JK"))
    assert s.replace("5D", wild="2C") == (Meld("set", "5H 5S JK 5D"), Card("2C"))
    with pytest.raises(IllegalAction, match="rule 14"):
        s.replace("5H")
    with pytest.raises(IllegalAction, match="rule 14"):
        Meld("run", "5H 6H 7H").replace("6H")


# --------------------------------------------------------------------------- properties
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from pushlab.rummy import JOKER, SUITS  # noqa: E402


@st.composite
def runs_with_wilds(draw):
    """A natural run (suit, start value, length) and the same run with some cards made wild."""
    suit = draw(st.sampled_from(SUITS))
    length = draw(st.integers(3, 13))
    start = draw(st.integers(1, 15 - length))
    natural = tuple(Card(1 if v == 14 else v, suit) for v in range(start, start + length))
    anchors = [i for i, c in enumerate(natural) if c.rank != 2]
    keep = draw(st.sampled_from(anchors))
    wild_at = draw(st.sets(st.sampled_from(range(length)), max_size=length - 1))
    wild_at.discard(keep)
    wilds = [JOKER] + [Card(2, s) for s in SUITS]
    cards = list(natural)
    for i in wild_at:
        cards[i] = draw(st.sampled_from(wilds))
    return natural, tuple(cards), sorted(wild_at)


@settings(max_examples=150, deadline=None)
@given(runs_with_wilds())
def test_any_run_with_wilds_is_valid_and_each_wild_stands_for_its_place(case):
    natural, cards, wild_at = case
    assert is_valid_meld(natural, "run") and is_valid_meld(cards, "run")
    m = Meld("run", cards)
    assert m.stands_for() == natural
    for i in wild_at:
        if m.natural[i]:                                   # the 2 of the suit in its own place
            assert cards[i] == natural[i] == Card(2, m.suit)
            continue
        assert i in m.replace_options(natural[i])
        assert m.replace(natural[i], cards[i])[0].stands_for() == natural
    start = natural[0].rank                                 # value of the first place (ace low)
    end = start + len(natural) - 1                          # 14 is a high ace
    room = len(natural) < 13
    expected = tuple(e for e, ok in (("low", room and start > 1), ("high", room and end < 14)) if ok)
    assert m.layoff_ends(JOKER) == expected
    for e in expected:
        longer = m.lay_off(JOKER, e)
        assert len(longer) == len(m) + 1
        assert longer.stands_for()[slice(1, None) if e == "low" else slice(0, -1)] == natural


@settings(max_examples=100, deadline=None)
@given(runs_with_wilds(), st.data())
def test_swapping_two_natural_cards_breaks_a_run(case, data):
    natural, cards, wild_at = case
    idx = [i for i, c in enumerate(cards) if c.is_natural]
    if len(idx) < 2:
        return
    i, j = data.draw(st.sampled_from([(a, b) for a in idx for b in idx if a < b]))
    swapped = list(cards)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    assert not is_valid_meld(swapped, "run")
    assert meld_problem(swapped, "run") is not None


@settings(max_examples=100, deadline=None)
@given(rank=st.sampled_from([1] + list(range(3, 14))), suits=st.sets(st.sampled_from(SUITS), min_size=1),
       wilds=st.lists(st.sampled_from(["JK", "2S", "2H", "2D", "2C"]), max_size=3))
def test_sets_of_distinct_suits_up_to_four_cards(rank, suits, wilds):
    cards = tuple(Card(rank, s) for s in sorted(suits)) + parse_cards(wilds)
    assert is_valid_meld(cards, "set") == (3 <= len(cards) <= 4)
    dup = cards + (cards[0],)
    assert not is_valid_meld(dup, "set")
    if is_valid_meld(cards, "set"):
        m = Meld("set", cards)
        missing = [Card(rank, s) for s in SUITS if s not in suits]
        for c in missing:
            assert m.replace_options(c) == tuple(i for i, x in enumerate(cards) if x.is_wild)
        assert m.layoff_ends(missing[0] if missing else JOKER) == (("any",) if len(cards) < 4 else ())


def test_set_layoff_ends_agree_with_analysing_the_longer_set():
    """Meld.layoff_ends of a set reads the set (issue 24); it must equal the analysis of the set
    with the card added (_layoff_ends), for every valid set of 3-4 cards of a few ranks and
    every card. About 0.2 s."""
    from itertools import combinations

    from pushlab.rummy.cards import full_deck
    from pushlab.rummy.melds import _layoff_ends

    cards = sorted(set(full_deck()), key=lambda c: c.order)
    wild = [Card.parse(w) for w in ("JK", "2S", "2D")]
    checked = 0
    for rank in (1, 5, 13):
        pool = [Card(rank, s) for s in SUITS] + wild
        for n in (3, 4):
            for combo in combinations(pool, n):
                if not is_valid_meld(combo, "set"):
                    continue
                m = Meld("set", combo)
                for c in cards:
                    assert m.layoff_ends(c) == _layoff_ends("set", m.cards, c), (m, c)
                    checked += 1
    assert checked > 3000


def test_replace_gives_the_validated_meld():
    """Meld.replace builds the new meld without validating it again (issue 24): it must equal
    the validated meld of the same cards, place included, for every replacement option of
    every wild in a range of sets and runs. About 0.1 s."""
    from pushlab.rummy.cards import full_deck

    cards = sorted(set(full_deck()), key=lambda c: c.order)
    melds = [Meld("set", "5H 5S JK"), Meld("set", "KH 2C KD"), Meld("set", "AS JK 2D", owner=1),
             Meld("run", "5H JK 7H"), Meld("run", "JK 2C 3C 2H"), Meld("run", "JK QC KC JK"),
             Meld("run", "2D 2S 4D JK 6D", owner=3), Meld("run", "JK 2H 3H")]
    done = 0
    for m in melds:
        for c in cards:
            for i in m.replace_options(c):
                new, freed = m.replace(c, m.cards[i])
                ref = Meld(m.kind, new.cards, m.owner)
                assert (new, new._place, freed) == (ref, ref._place, m.cards[i])
                assert new.__dict__ == ref.__dict__
                done += 1
    assert done >= 10
