"""ExpertBot: each partnership idea in a scripted position, against HeuristicBot's choice."""

from dataclasses import replace

import numpy as np
import pytest

from pushlab.errors import SetupError
from pushlab.rummy import Game, Meld, parse_cards
from pushlab.rummy.bots import HeuristicBot
from pushlab.rummy.expert import ExpertBot, duplicate_match, duplicate_matches, fits_table


def play_position(hand, table, met=(True, False, False, False), **fields):
    """Deal 1 (seed 0), Ann (player 0) to play with ``hand`` and ``table`` on the table."""
    g = Game.new(seed=0, deals=(1,), dealer=3)
    hands = (parse_cards(hand),) + g.hands[1:]
    return replace(g, phase="play", met=met, table=table, hands=hands, drawn=None,
                   source="stock", **fields)


def turn(bot, g):
    """Ann's actions until her turn ends."""
    actions = []
    while g.current_player == 0 and g.phase == "play":
        actions.append(str(bot.choose(g)))
        g = g.apply(actions[-1])
    return actions, g


def test_expert_replaces_a_wild_when_the_freed_wild_can_be_laid_off():
    table = (Meld("run", "5H JK 7H", owner=2), Meld("set", "QH QD QC", owner=0))
    g = play_position("6H KD 4S", table)
    actions, after = turn(ExpertBot(), g)
    assert actions[0] == "replace 0 6H for JK then layoff JK 1"
    assert after.table[0].cards == parse_cards("5H 6H 7H")      # the partner's run, now natural
    assert parse_cards("JK")[0] in after.table[1].cards
    heuristic, _ = turn(HeuristicBot(), g)
    assert not any(a.startswith("replace") for a in heuristic)  # the heuristic bot never does


def test_expert_does_not_replace_before_the_contract():
    table = (Meld("run", "5H JK 7H", owner=2), Meld("set", "QH QD QC", owner=2))
    g = play_position("6H KD 4S", table, met=(False, False, True, False))
    assert ExpertBot().replacement(g) is not None             # finds one ...
    assert not str(ExpertBot().choose(g)).startswith("replace")    # ... but may not play it (rule 14)


def test_expert_lays_off_onto_its_partners_melds():
    table = (Meld("run", "5H 6H 7H", owner=2), Meld("set", "QH QD QC", owner=1))
    actions, after = turn(ExpertBot(), play_position("8H 4S 9C", table))
    assert actions[0] == "layoff 8H 0 high"


def test_expert_does_not_discard_what_the_met_left_opponent_lays_off():
    # KH fits the run on the table; Ben (on Ann's left) has met, so he would take it and lay it off
    table = (Meld("run", "10H JH QH", owner=1),)
    g = play_position("4C 4D 4S 9S 9C KH QS", table, met=(False, True, False, False))
    assert fits_table("KH", table) and not fits_table("QS", table)
    assert HeuristicBot().choose(g) == "discard KH"    # outside the plan, 10 points each ...
    assert ExpertBot().choose(g) == "discard QS"       # ... but KH feeds Ben


def test_expert_keeps_a_card_for_its_partners_meld_when_no_opponent_can_use_it():
    table = (Meld("run", "10H JH QH", owner=2),)
    g = play_position("4C 4D 4S 9S 9C KH QS", table, met=(False, False, True, False))
    assert ExpertBot().choose(g) == "discard QS"       # KH waits for Ann's own lay-off


def test_expert_never_throws_back_the_card_it_just_took():
    g = play_position("4C 4D 4S 9S 9C KH QS", (), met=(False,) * 4)
    g = replace(g, drawn=parse_cards("KH")[0], source="discard")
    assert ExpertBot().choose(g) == "discard QS"


def draw_position(hand, top, table=(), met=(False,) * 4, stock=None):
    """Deal 1, Ann to draw with ``hand``, ``top`` on the discard pile."""
    g = Game.new(seed=0, deals=(1,), dealer=3)
    fields = dict(hands=(parse_cards(hand),) + g.hands[1:], discard_pile=parse_cards(top),
                  table=table, met=met)
    if stock is not None:
        fields["stock"] = parse_cards(stock)
    return replace(g, **fields)


def test_expert_takes_a_discard_to_deny_the_met_left_opponent():
    table = (Meld("run", "5D 6D 7D", owner=1),)
    g = draw_position("AS 3C 4H 9S 10C KH", "8D", table, met=(False, True, False, False))
    assert HeuristicBot().choose(g) == "push"       # 8D does not help Ann ...
    assert ExpertBot().choose(g) == "take"          # ... but Ben would lay it off at once
    g_unmet = draw_position("AS 3C 4H 9S 10C KH", "8D", table, met=(False, False, True, False))
    assert ExpertBot().choose(g_unmet) == "push"    # Ben cannot lay off yet: push


def test_expert_ends_the_deal_by_pushing_only_when_its_side_is_ahead():
    low = draw_position("3S 4H 5C 6D 7S 8H", "KD", stock="9C")       # 30 points in hand
    high = draw_position("AS AH AC KD QS JH", "KD", stock="9C")      # 75 points in hand
    # the push hands KD and the last stock card to Ben, then ends the deal (rules 12, 17)
    assert ExpertBot().choose(low) == "push"         # 30 + 6 x 8.9 <= 12 x 8.9 + 10 + 8.9: end it
    assert ExpertBot().choose(high) == "take"        # 75 + 53 > 126: play on
    assert HeuristicBot().choose(high) == "push"


def test_a_duplicate_pair_plays_the_same_cards_with_the_partnerships_swapped():
    a = duplicate_match(7, ExpertBot, HeuristicBot, deals=(1,))
    b = duplicate_match(7, ExpertBot, HeuristicBot, deals=(1,))
    assert a == b and len(a) == 2
    d = duplicate_matches(HeuristicBot, HeuristicBot, pairs=3, seed=1, deals=(1,))
    assert d.shape == (3, 2, 2)    # the same bot on both sides: the two matches mirror
    assert np.all(d[:, 0, 0] == d[:, 1, 1]) and np.all(d[:, 0, 1] == d[:, 1, 0])
    with pytest.raises(SetupError, match="pairs"):
        duplicate_matches(ExpertBot, HeuristicBot, pairs=0)


def _replacement_reference(game):
    """ExpertBot.replacement as it was before issue 24's fifth pass: every table meld read, and
    the full list of meld_actions when no lay-off of the freed wild was found."""
    from pushlab.rummy.expert import _replaceable_of
    hand = set(game.hands[game.current_player])
    table = game.table
    for m, meld in enumerate(table):
        for nat in sorted(hand & _replaceable_of(meld)):
            for i in meld.replace_options(nat):
                wild = meld.cards[i]
                for k, other in enumerate(table):
                    ends = other.layoff_ends(wild) if k != m else ()
                    if ends:
                        end = "" if ends == ("any",) else f" {ends[0]}"
                        return f"replace {m} {nat} for {wild} then layoff {wild} {k}{end}"
    if any(hand & _replaceable_of(meld) for meld in table):
        acts = [str(a) for a in game.meld_actions(limit=None) if str(a).startswith("replace")]
        return acts[0] if acts else None
    return None


def test_replacement_matches_the_reference_in_self_play():
    # every play-phase state of 3 seeded ExpertBot matches (about 0.5 s); the meld-forming
    # fallback (no lay-off for the freed wild) must occur too
    bot, checked, fallback = ExpertBot(), 0, 0
    for seed in range(3):
        g = Game.new(seed=seed)
        while not g.is_over:
            if g.phase == "play" and g.met[g.current_player] and g.table:
                ref = _replacement_reference(g)
                assert bot.replacement(g) == ref
                checked += 1
                fallback += ref is not None and " then meld " in ref
            g = g.apply(bot.choose(g))
    assert checked > 300 and fallback > 0


def test_replaceable_read_off_the_place_matches_the_analysis():
    # every table meld of 3 seeded ExpertBot matches (about 0.4 s): the cards a wild's
    # replacement takes, read off the meld's known place, as _replaceable finds them
    from pushlab.rummy.expert import _replaceable, _replaceable_of
    bot, seen, with_wild = ExpertBot(), {}, 0
    for seed in range(3):
        g = Game.new(seed=seed)
        while not g.is_over:
            for meld in g.table:
                if id(meld) not in seen:
                    seen[id(meld)] = meld
                    assert _replaceable_of(meld) == _replaceable(meld.kind, meld.cards)
                    with_wild += any(c.is_wild for c in meld.cards)
            g = g.apply(bot.choose(g))
    assert with_wild > 100


def test_fits_read_off_the_place_match_layoff_ends():
    # every table of 2 seeded ExpertBot matches (about 0.5 s): which owners' melds each of the
    # 53 distinct cards fits, from the melds' kept fit cards, as Meld.layoff_ends says
    from pushlab.rummy.cards import full_deck
    from pushlab.rummy.expert import _owners, _table_fits
    bot, cards, tables, fitting = ExpertBot(), sorted(set(full_deck())), 0, 0
    for seed in range(2):
        g = Game.new(seed=seed)
        while not g.is_over:
            if g.phase == "play" and g.table:
                fits = _table_fits(g.table)
                for c in cards:
                    want = frozenset(m.owner for m in g.table if m.layoff_ends(c))
                    assert _owners(g.table, fits, c) == want, (g.table, c)
                    assert fits_table(c, g.table) == bool(want)
                    fitting += bool(want)
                tables += 1
            g = g.apply(bot.choose(g))
    assert tables > 200 and fitting > 2000, (tables, fitting)


def test_deficits_without_match_one_search_per_card():
    # the plan's spare naturals keep the hand's deficit; checked against a search per card
    # on every hand of 2 seeded HeuristicBot deals of each contract (about 0.5 s)
    from pushlab.rummy.expert import _deficit_without, _deficits_without
    checked = 0
    for deal in (1, 2, 3, 4, 5):
        g, bot = Game.new(seed=deal, deals=(deal,) * 2), HeuristicBot()
        while not g.is_over:
            hand = g.hands[g.current_player]
            cards = list(set(hand))
            assert _deficits_without(hand, cards, g.deal_number) == \
                {c: _deficit_without(hand, c, g.deal_number) for c in cards}
            checked += 1
            g = g.apply(bot.choose(g))
    assert checked > 250
