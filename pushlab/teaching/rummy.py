"""Exercises and predictions of the contract rummy lessons 05, 06 and 07.

Answers come from the rummy engine and its mathematics: the deck and penalties
(:mod:`pushlab.rummy.cards`), the meld checks (:func:`pushlab.rummy.is_valid_meld`), the
game (:mod:`pushlab.rummy.game`), the hypergeometric law and the contract odds
(:mod:`pushlab.rummy.odds`, the shipped simulations of :mod:`pushlab.rummy.odds_data`).

>>> [e.key for e in EXERCISES["05-rummy-rules"]("en")]
['05.wilds', '05.is-set', '05.wrap', '05.penalty']
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from pushlab import stats
from pushlab.teaching import Choice, Estimate, ExerciseSpec, PredictionSpec, format_value, translator
from pushlab.teaching.luck import rate
from pushlab.i18n import numbers as nums

L05, L06, L07 = "05-rummy-rules", "06-play-push-rummy", "07-rummy-odds"


def _cards(text):
    from pushlab.rummy import parse_cards
    return parse_cards(text)


def _deal_sim(size: int, test, n: int = 10_000):
    """``simulate(rng)``: deal ``n`` hands of ``size`` cards from the full deck and count those
    for which ``test(hand)`` holds."""
    def simulate(rng):
        from pushlab.rummy import full_deck
        deck = full_deck()
        hits = sum(bool(test([deck[i] for i in rng.choice(len(deck), size, replace=False)])) for _ in range(n))
        return rate(hits, n)
    return simulate


def yes_no(value: bool) -> str:
    """The value of a yes/no choice."""
    return "yes" if value else "no"


# ---------------------------------------------------------------------- lesson 05

def exercises_05(lang):
    """Lesson 05: the wild cards, a set that is not one, no wrap-around, a hand's penalty."""
    from pushlab.rummy import full_deck, is_valid_meld, penalty
    _ = translator(lang)
    deck = full_deck()
    wilds = sum(c.is_wild for c in deck)
    pair_set = is_valid_meld(_cards("5H 5H 5S"), "set")
    wrap = is_valid_meld(_cards("KC AC 2C"), "run")
    hand = _cards("AS KH 2D 7C")
    points = penalty(hand)
    yn = (Choice("yes", _("yes")), Choice("no", _("no")))
    return [
        ExerciseSpec(
            "05.wilds", L05, _("How many wild cards are in the 108-card deck?"),
            "number", wilds, format_value(wilds, "count"),
            _("Every 2 is wild (two decks of four suits: 8 twos) and so are the 4 jokers: 8 + 4 = 12."),
            unit="count", mistakes=((4, _("The jokers are wild, but so is every 2.")),
                                    (8, _("The 2s are wild, and so are the jokers."))),
            source="sum(c.is_wild for c in pushlab.rummy.full_deck())", label=_("exact"), language=lang),
        ExerciseSpec(
            "05.is-set", L05, _("Is 5♥ 5♥ 5♠ a set?"),
            "choice", yes_no(pair_set), _("no") if not pair_set else _("yes"),
            _("A set's natural cards must all have different suits. The deck has two 5♥, but a set may hold "
              "only one of them."),
            choices=yn, mistakes=(("yes", _("Three cards of one rank are not enough: their suits must differ.")),),
            show=((_("the cards"), _cards("5H 5H 5S")),),
            source="pushlab.rummy.is_valid_meld(cards, 'set')", label=_("exact"), language=lang),
        ExerciseSpec(
            "05.wrap", L05, _("Is K♣ A♣ 2♣ a run?"),
            "choice", yes_no(wrap), _("no") if not wrap else _("yes"),
            _("The ace is low (A-2-3) or high (Q-K-A), never both: a run never wraps around from K over A to 2. "
              "(Here the 2♣ is a wild card, but no card above a high ace exists for it to stand for.)"),
            choices=yn, mistakes=(("yes", _("A run never wraps around: the ace is either low or high.")),),
            show=((_("the cards"), _cards("KC AC 2C")),),
            source="pushlab.rummy.is_valid_meld(cards, 'run')", label=_("exact"), language=lang),
        ExerciseSpec(
            "05.penalty", L05, _("A deal ends and your hand holds A♠ K♥ 2♦ 7♣. How many penalty points is that?"),
            "number", points, format_value(points, "count"),
            _("Ace 15, king 10, a 2 is wild: 20, and the 7 counts 5: 15 + 10 + 20 + 5 = {n}.").format(n=points),
            unit="count", mistakes=((points - 15, _("A 2 is a wild card: it costs 20, not 2 or 5.")),),
            show=((_("your hand"), hand),),
            source="pushlab.rummy.penalty(cards)", label=_("exact"), language=lang),
    ]


def predictions_05(lang):
    """Lesson 05: a 6-card hand without a wild card; the penalty of a random hand."""
    from pushlab.rummy import full_deck, odds, penalty
    _ = translator(lang)
    none = odds.hypergeom_pmf(0, 12, 108, 6)
    avg = Fraction(penalty(full_deck()), len(full_deck()))

    def hand_penalty(rng, n=10_000):
        deck = full_deck()
        values = np.array([penalty([deck[i] for i in rng.choice(len(deck), 6, replace=False)]) for _ in range(n)])
        m, h = stats.mean_ci(values)
        return Estimate(float(m), float(m - h), float(m + h), n)

    return [
        PredictionSpec(
            "05.no-wild", L05,
            _("You are dealt 6 cards from the 108. How likely is it that none of them is wild?"),
            "number", 100 * float(none),
            _("C(96, 6) / C(108, 6) = {p}").format(p=format_value(none, "probability")),
            _("Wild cards are only 12 of 108, but a hand has six chances to catch one: about half of all "
              "6-card hands hold at least one."),
            low=0, high=100, step=1, start=50, exact_label=_("exact: the hypergeometric law"),
            simulate=_deal_sim(6, lambda hand: not any(c.is_wild for c in hand)), seed=12,
            model=_("10,000 hands dealt from a shuffled deck"), close=3.0,
            source="pushlab.rummy.odds.hypergeom_pmf(0, 12, 108, 6)", language=lang),
        PredictionSpec(
            "05.hand-penalty", L05,
            _("A random 6-card hand is caught when a deal ends. How many penalty points does it cost on "
              "average?"),
            "number", float(6 * avg),
            _("6 × the average card, 6 × {avg} = {total} points").format(
                avg=nums.decimal(float(avg), 2, group=False), total=nums.decimal(float(6 * avg), 1, group=False)),
            _("An expected value adds up card by card: the average card costs the deck's {total} points "
              "divided by its 108 cards.").format(total=penalty(full_deck())),
            unit="points", low=0, high=120, step=1, start=30, exact_label=_("exact: the mean of the deck"),
            simulate=hand_penalty, seed=13, model=_("10,000 hands dealt from a shuffled deck"), close=4.0,
            source="6 * pushlab.rummy.penalty(full_deck()) / 108", language=lang),
    ]


# ---------------------------------------------------------------------- lesson 06

def exercises_06(lang):
    """Lesson 06: what a push gives the left neighbour, the discard you took, a partnership's score."""
    from pushlab.rummy import penalty
    from pushlab.rummy.game import Game
    _ = translator(lang)
    g = Game.new(seed=33, dealer=3, deals=(1,))
    before = len(g.hand(1))
    gained = len(g.apply("push").hand(1)) - before
    taken = g.discard_top
    after = g.apply("take")
    may = any(getattr(a, "card", None) == taken for a in after.legal_actions())
    ann, cat = _cards("QC JK"), _cards("7S")
    score = penalty(ann) + penalty(cat)
    return [
        ExerciseSpec(
            "06.push-gain", L06, _("Ann pushes. How many cards does Ben, on her left, gain?"),
            "number", gained, format_value(gained, "count"),
            _("A push gives the left neighbour the face-up discard and the top card of the stock: 2 cards. "
              "Ann then draws the next stock card herself."),
            unit="count", mistakes=((1, _("The discard and a stock card both go to the left neighbour.")),),
            source="pushlab.rummy.game.Game.apply('push')", label=_("exact"), language=lang),
        ExerciseSpec(
            "06.take-back", L06,
            _("Ann takes the discard. May she discard that same card again this turn (it is not her last card)?"),
            "choice", yes_no(may), _("no") if not may else _("yes"),
            _("A card you take may not be discarded again the same turn, unless it is your last card: "
              "taking it and throwing it back would be a free pass."),
            choices=(Choice("yes", _("yes")), Choice("no", _("no"))),
            mistakes=(("yes", _("Taking the discard and throwing it back would be a free pass: the rules "
                                "forbid it.")),),
            source="pushlab.rummy.game.Game.legal_actions", label=_("exact"), language=lang),
        ExerciseSpec(
            "06.team-score", L06,
            _("Ben goes out. Ann still holds Q♣ and a joker, her partner Cat holds 7♠. How many penalty points "
              "do Ann & Cat score for the deal?"),
            "number", score, format_value(score, "count"),
            _("The partnership of the player who went out scores 0; the other scores both its hands: "
              "Q♣ 10 + joker 20 + 7♠ 5 = {n}.").format(n=score),
            unit="count", mistakes=((penalty(ann), _("Both hands of the partnership count: Cat's 7♠ too.")),),
            show=((_("Ann's hand"), ann), (_("Cat's hand"), cat)),
            source="pushlab.rummy.penalty(cards)", label=_("exact"), language=lang),
    ]


# ---------------------------------------------------------------------- lesson 07

def lesson_07_game():
    """Ann's first turn in lesson 07 (deal 1, seed 33, dealer Dan)."""
    from pushlab.rummy.game import Game
    return Game.new(seed=33, dealer=3, deals=(1,))


def exercises_07(lang):
    """Lesson 07: a wild among four cards, exactly two wilds, the average card, a duplicate match."""
    from pushlab.rummy import full_deck, odds, odds_data, penalty
    _ = translator(lang)
    one = odds.prob_wild_in_hand(4)
    two = odds.hypergeom_pmf(2, 12, 108, 6)
    two_plus = 1 - odds.hypergeom_pmf(0, 12, 108, 6) - odds.hypergeom_pmf(1, 12, 108, 6)
    avg = Fraction(penalty(full_deck()), len(full_deck()))
    bots = odds_data.load()["bots"]["HeuristicBot vs NeverPushBot"]
    a, b = bots["penalties"][:, :, 0], bots["penalties"][:, :, 1]
    d, lo, hi = stats.paired_diff_ci(a.mean(1), b.mean(1))
    verdict = "first" if hi < 0 else "second" if lo > 0 else "cannot-tell"
    return [
        ExerciseSpec(
            "07.wild-in-4", L07,
            _("Four cards are drawn from a full, shuffled deck. What is the chance that at least one of them is wild?"),
            "number", one, format_value(one, "probability"),
            _("1 − P(no wild) = 1 − C(96, 4)/C(108, 4) ≈ {p}: the complement is easier to count.").format(
                p=nums.percent(float(one), 1)),
            unit="probability", tolerance=0.005,
            mistakes=((Fraction(4 * 12, 108), _("4 × 12/108 counts draws with two wilds twice: use the "
                                                "complement, 1 − P(no wild).")),),
            source="pushlab.rummy.odds.prob_wild_in_hand(4)", label=_("exact"), language=lang),
        ExerciseSpec(
            "07.two-wilds", L07, _("And the chance that a dealt 6-card hand holds exactly two wild cards?"),
            "number", two, format_value(two, "probability"),
            _("C(12, 2) × C(96, 4) / C(108, 6) ≈ {p}: choose the two wilds, then four natural cards.").format(
                p=nums.percent(float(two), 1)),
            unit="probability", tolerance=0.005,
            mistakes=((two_plus, _("That is two or more wilds, as the table above counts them.")),),
            source="pushlab.rummy.odds.hypergeom_pmf(2, 12, 108, 6)", label=_("exact"), language=lang),
        ExerciseSpec(
            "07.average-card", L07, _("What is the average penalty of one card of the deck, in points?"),
            "number", avg, nums.decimal(float(avg), 2, group=False),
            _("The whole deck costs {total} points over 108 cards: {total}/108 ≈ {avg}.").format(
                total=penalty(full_deck()), avg=nums.decimal(float(avg), 2, group=False)),
            unit="points", tolerance=0.05,
            source="pushlab.rummy.penalty(full_deck()) / 108", label=_("exact"), language=lang),
        ExerciseSpec(
            "07.duplicate", L07,
            _("HeuristicBot minus NeverPushBot, in penalty points per match over the same deals: {d:+.1f} "
              "(95%\u00a0interval {lo:+.1f} to {hi:+.1f}). Lower is better. What do these matches show?").format(
                d=nums.Number(d), lo=nums.Number(lo), hi=nums.Number(hi)),
            "choice", verdict,
            {"first": _("HeuristicBot scores fewer points"), "second": _("NeverPushBot scores fewer points"),
             "cannot-tell": _("the matches cannot tell them apart")}[verdict],
            _("The whole interval of the difference lies on one side of 0, so these duplicate matches tell the "
              "two bots apart; lower penalties are better.") if verdict != "cannot-tell" else
            _("The interval of the difference contains 0: these matches cannot tell the bots apart."),
            choices=(Choice("first", _("HeuristicBot scores fewer points")),
                     Choice("second", _("NeverPushBot scores fewer points")),
                     Choice("cannot-tell", _("the matches cannot tell them apart"))),
            source="pushlab.stats.paired_diff_ci on pushlab.rummy.odds_data (shipped duplicate matches)",
            label=_("estimated"), language=lang),
    ]


def predictions_07(lang):
    """Lesson 07: how often deal 1's contract is dealt; whether the next stock card helps Ann."""
    from pushlab.rummy import odds, odds_data
    _ = translator(lang)
    data = odds_data.load()
    p1 = data["exact"][1]
    game = lesson_07_game()
    helps = odds.next_card_helps(game, 0)

    def dealt(_rng):
        est = data["dealt"][1]
        lo, hi = est.ci95
        return Estimate(100 * est.mean, 100 * lo, 100 * hi, est.n, _(
            "{share} of {n:,} simulated hands (95%\u00a0interval {lo} to {hi}), shipped with pushlab").format(
                share=nums.percent(est.mean, 2), n=nums.Number(est.n), lo=nums.percent(lo, 2), hi=nums.percent(hi, 2)))

    def next_card(rng, n=10_000):
        from collections import Counter

        from pushlab.rummy import full_deck
        seen = Counter(game.hand(0)) + Counter([game.discard_top])
        unseen = list((Counter(full_deck()) - seen).elements())
        helpful = set(odds.helpful_naturals(game.hand(0), game.deal_number))
        picks = rng.integers(0, len(unseen), size=n)
        hits = sum(unseen[i].is_wild or unseen[i] in helpful for i in picks)
        return rate(int(hits), n)

    return [
        PredictionSpec(
            "07.contract-dealt", L07,
            _("Deal 1's contract is two sets of 3, and each player is dealt exactly 6 cards. In what share of "
              "hands is the contract already there, as dealt? (In percent: 0.1 is one hand in a thousand.)"),
            "number", 100 * float(p1),
            _("{p} of all 6-card hands, counted exactly").format(p=nums.percent(float(p1), 3)),
            _("Contracts are almost never dealt: they are built during the deal, by drawing, taking and "
              "pushing."),
            low=0, high=20, step=0.1, start=5.0, exact_label=_("exact: counting hands"),
            simulate=dealt, seed=0, model=_("the shipped simulation of lesson 07"), close=0.5,
            source="pushlab.rummy.odds.contract_prob_exact(1)", language=lang),
        PredictionSpec(
            "07.next-helps", L07,
            _("Ann's first turn in section 4 (deal 1). Counting every card she has not seen, how likely is the "
              "next stock card one that helps her: a wild card or a natural that brings two sets closer?"),
            "number", 100 * float(helps),
            _("{p}: the helpful cards she has not seen, over all the cards she has not seen").format(
                p=format_value(helps, "probability")),
            _("From Ann's point of view every unseen card is equally likely to be the next stock card, "
              "wherever it really is: the same counting as in the push-your-luck lessons."),
            low=0, high=100, step=1, start=50, exact_label=_("exact: counted from Ann's information"),
            simulate=next_card, seed=14, model=_("10,000 draws from the cards Ann has not seen"), close=3.0,
            source="pushlab.rummy.odds.next_card_helps(game, 0)", language=lang),
    ]


EXERCISES = {L05: exercises_05, L06: exercises_06, L07: exercises_07}
PREDICTIONS = {L05: predictions_05, L07: predictions_07}
