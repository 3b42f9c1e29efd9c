"""Exercises and predictions of lesson 02, playing push-your-luck against the bots."""

from __future__ import annotations

from fractions import Fraction

from pushlab import stats
from pushlab.teaching import Choice, Estimate, ExerciseSpec, PredictionSpec, format_value, translator
from pushlab.teaching.luck import first_card_sim, points

L02 = "02-play-push-your-luck"


def exercises_02(lang):
    """Lesson 02: the first card with 2 and 3 players, a roll column's risk, a final score."""
    from pushlab.luck import Game, odds
    from pushlab.luck.cards import DIE_FACES, parse_cards
    _ = translator(lang)
    two = odds.next_card_distribution(Game.new(2, seed=0))["roll"]
    three = odds.next_card_distribution(Game.new(3, seed=0))["roll"]
    bench = parse_cards("R3 R5 B2")
    risk = Fraction(sum(f in {c.colour for c in bench} for f in DIE_FACES), len(DIE_FACES))
    benched, banked = parse_cards("R3 B5"), parse_cards("G6 Y2")     # a roll card is never kept (rule 15)
    score = points(benched) + points(banked)
    start = Game.new(2, seed=0)
    can_stop = "stop" in start.legal_actions()
    return [
        ExerciseSpec(
            "02.first-roll-2p", L02,
            _("Two players. What is the chance that the very first card of the game is a roll card?"),
            "number", two, format_value(two, "probability"),
            _("With two players the 12 switch cards are left out (rule 3), so the deck has 108 cards, 18 of "
              "them roll cards: 18/108 = 1/6."),
            unit="probability", tolerance=0.005,
            mistakes=((Fraction(18, 120), _("That is the deck with switch cards. Two players play without them: "
                                            "108 cards.")),),
            source="pushlab.luck.odds.next_card_distribution(Game.new(2))['roll']", label=_("exact"),
            language=lang),
        ExerciseSpec(
            "02.first-roll-3p", L02,
            _("Three players. What is the chance that the very first card is a roll card?"),
            "number", three, format_value(three, "probability"),
            _("With three or more players the switch cards are in: 18 roll cards among 120 cards, 18/120 = 3/20."),
            unit="probability", tolerance=0.005,
            mistakes=((Fraction(1, 6), _("That is the two-player deck. With three players the 12 switch cards "
                                         "are in: 120 cards.")),),
            source="pushlab.luck.odds.next_card_distribution(Game.new(3))['roll']", label=_("exact"),
            language=lang),
        ExerciseSpec(
            "02.roll-risk", L02,
            _("Your bench: red 3, red 5, blue 2. You take a column that holds only a roll card (normal game). "
              "What is the chance that the roll costs you at least one card?"),
            "number", risk, format_value(risk, "probability"),
            _("Your bench has two colours, red and blue: 2 of the 6 die faces take cards. 2/6 = 1/3. (A "
              "column's number cards join your bench before its roll: with a green card in the column it "
              "would be 3/6.)"),
            unit="probability", tolerance=0.005,
            mistakes=((Fraction(3, 6), _("Count colours, not cards: red and blue are two faces of six.")),
                      (Fraction(1, 6), _("Red and blue both hurt: two faces of six."))),
            show=((_("your bench"), bench),),
            source="pushlab.luck.cards.DIE_FACES", label=_("exact"), language=lang),
        ExerciseSpec(
            "02.final-score", L02,
            _("The game is over. Your bench holds red 3 and blue 5; your bank holds green 6 and yellow 2. "
              "What is your score?"),
            "number", score, format_value(score),
            _("Every number card on your bench or in your bank scores its number (roll and switch cards are "
              "discarded, never kept): 3 + 5 + 6 + 2 = {score}.").format(score=score),
            unit="points", mistakes=((score - 8, _("Banked cards score too: they are only safe from the die.")),),
            show=((_("your bench"), benched), (_("your bank"), banked)),
            source="pushlab.luck.Card.points", label=_("exact"), language=lang),
        ExerciseSpec(
            "02.stop-first", L02,
            _("It is your turn and you have not drawn yet. May you stop at once?"),
            "choice", "yes" if can_stop else "no",
            _("no") if not can_stop else _("yes"),
            _("A push must draw at least one card: at the start of a turn you may draw or bank, not stop "
              "(the app says so if you try)."),
            choices=(Choice("yes", _("yes")), Choice("no", _("no"))),
            source="pushlab.luck.Game.legal_actions", label=_("exact"), language=lang),
    ]


def predictions_02(lang):
    """Lesson 02: the first card with three players; how often the first player wins."""
    from pushlab.luck import Game, odds
    _ = translator(lang)
    three = odds.next_card_distribution(Game.new(3, seed=0))["roll"]

    def first_seat(rng, games=2400):
        from pushlab.luck.sim import simulate_games
        res = simulate_games(games, 3, k=4, bank_at=None, rng=rng)
        wins = res.wins[:, 0]
        lo, hi = stats.proportion_ci(wins.sum(), games)
        return Estimate(100 * wins.mean(), 100 * lo, 100 * hi, games)

    return [
        PredictionSpec(
            "02.first-roll", L02,
            _("Three players, a fresh shuffle. How likely is the very first card a roll card?"),
            "number", 100 * float(three),
            _("18 roll cards among 120: {p}").format(p=format_value(three, "probability")),
            _("Before anything is seen, every card is equally likely to be first: count and divide."),
            low=0, high=50, step=1, start=25, exact_label=_("exact: counted from the deck"),
            simulate=first_card_sim(3, ("roll",)), seed=3, model=_("10,000 shuffled decks"), close=2.0,
            source="pushlab.luck.odds.next_card_distribution", language=lang),
        PredictionSpec(
            "02.first-seat", L02,
            _("Three bots that all stop after 4 cards and never bank play many games. How often does the "
              "player who goes first win? (A fair share would be 33%.)"),
            "number", None, "",
            _("There is no exact answer here, only an estimate with its interval. If the interval leaves out "
              "33%, the seats are not equal: that is why the app draws the first player at random."),
            low=0, high=100, step=1, start=33, exact_label="",
            simulate=first_seat, seed=4,
            model=_("2,400 simulated games, normal rules, every seat stopping after 4 cards, nobody banking"),
            close=3.0, source="pushlab.luck.sim.simulate_games(players=3, k=4)", language=lang),
    ]


EXERCISES = {L02: exercises_02}
PREDICTIONS = {L02: predictions_02}
