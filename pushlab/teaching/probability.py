"""Exercises and predictions of lesson 03, the probability lab (its first part)."""

from __future__ import annotations

from fractions import Fraction

from pushlab.teaching import ExerciseSpec, PredictionSpec, format_value, translator
from pushlab.teaching.luck import first_card_sim, lesson_03_table, next_card_sim, scripted

L03 = "03-push-your-luck-probability"


def exercises_03(lang):
    """Lesson 03: the first card, counting vs naive risk, the hint's value of stopping."""
    from pushlab.luck import Game, odds
    from pushlab.luck.cards import parse_cards
    _ = translator(lang)
    switch = odds.next_card_distribution(Game.new(4, seed=0))["switch"]
    tiny = scripted(3, "R1 B1 G1 Y1 P1 Y3", "*", ["draw", "place 0", "draw", "place 1", "draw", "place 2"])
    counting = odds.bust_probability(tiny)
    naive = odds.bust_probability(tiny, counting=False)
    stop_at = scripted(["Ann", "Ben"], "R3 B5 G2 Y4 P6", "*", ["draw", "place 0", "draw", "place 0", "draw", "place 1"])
    stop_value = odds.hint_value(stop_at, "stop")
    return [
        ExerciseSpec(
            "03.first-switch", L03,
            _("4 players. What is the chance that the first card of the game is a switch card?"),
            "number", switch, format_value(switch, "probability"),
            _("12 switch cards among 120 cards, every card equally likely to be first: 12/120 = 1/10."),
            unit="probability", tolerance=0.005,
            mistakes=((Fraction(12, 108), _("108 cards is the deck without switch cards: with 3 or more players "
                                            "the 12 switch cards are in, 120 cards.")),),
            source="pushlab.luck.odds.next_card_distribution(Game.new(4))['switch']", label=_("exact"),
            language=lang),
        ExerciseSpec(
            "03.counting-risk", L03,
            _("Columns red 1 | blue 1 | green 1. A careful player knows the draw pile holds exactly three "
              "cards: yellow 1, purple 1, yellow 3. What is the chance that the next card busts?"),
            "number", counting, format_value(counting, "probability"),
            _("The yellow 1 and the purple 1 bust (every column holds a 1); the yellow 3 fits. Two busting "
              "cards of three: 2/3."),
            unit="probability", tolerance=0.005,
            mistakes=((Fraction(1, 3), _("Two of the three cards bust: both are 1s.")),),
            show=((_("columns"), parse_cards("R1 B1 G1")), (_("draw pile"), parse_cards("Y1 P1 Y3"))),
            source="pushlab.luck.odds.bust_probability(game)", label=_("exact"), language=lang),
        ExerciseSpec(
            "03.naive-risk", L03,
            _("The same columns, but now the player remembers nothing: the next card could be any of the 117 "
              "cards of a 120-card deck that are not in the columns. What is the chance it busts (the naive "
              "estimate)?"),
            "number", naive, format_value(naive, "probability"),
            _("Every 1 busts. The deck has 15 cards numbered 1 and the columns hold 3 of them: 12 busting "
              "cards of 117, 12/117 = 4/39."),
            unit="probability", tolerance=0.005,
            mistakes=((Fraction(2, 3), _("That is the counting answer for the tiny pile. Naive means: every card "
                                         "not in the columns.")), (Fraction(15, 117), _("Three of the fifteen 1s "
                                                                                        "are already in the columns."))),
            source="pushlab.luck.odds.bust_probability(game, counting=False)", label=_("exact"), language=lang),
        ExerciseSpec(
            "03.stop-value", L03,
            _("Two players. Ann stops with two columns: red 3 + blue 5 (8 points) and green 2 (2 points). In "
              "the hint's model (your points this turn minus the others' average), what is stopping worth?"),
            "number", stop_value, format_value(stop_value),
            _("Ann takes the richer column (8 points), then Ben takes the other (2 points): 8 − 2 = {v}. "
              "That is why stopping is not free: the columns you leave go to the others.").format(
                v=format_value(stop_value)),
            unit="points", tolerance=0.05,
            mistakes=((8, _("Ben collects the column Ann leaves: subtract his 2 points.")),
                      (10, _("Ann takes only one column; Ben takes the other."))),
            show=((_("column 1"), parse_cards("R3 B5")), (_("column 2"), parse_cards("G2"))),
            source="pushlab.luck.odds.hint_value(game, 'stop')", label=_("in the hint's model of this turn, not a whole-game value"),
            language=lang),
    ]


def predictions_03(lang):
    """Lesson 03: the first card not a number card; the risk at the mid-game table."""
    from pushlab.luck import Game, odds
    _ = translator(lang)
    dist = odds.next_card_distribution(Game.new(4, seed=0))
    other = dist["roll"] + dist["switch"]
    table = lesson_03_table()
    risk = odds.bust_probability(table)
    cards = sum(map(len, table.columns))
    return [
        PredictionSpec(
            "03.first-card", L03,
            _("4 players, a fresh shuffle. How likely is the first card NOT a number card (a roll or a switch "
              "card)?"),
            "number", 100 * float(other),
            _("18 roll + 12 switch cards = 30 of 120: {p}").format(p=format_value(other, "probability")),
            _("Probabilities of outcomes that cannot happen together add up: 18/120 + 12/120."),
            low=0, high=60, step=1, start=10, exact_label=_("exact: counted from the deck"),
            simulate=first_card_sim(4, ("roll", "switch")), seed=5, model=_("10,000 shuffled decks"), close=2.0,
            source="pushlab.luck.odds.next_card_distribution", language=lang),
        PredictionSpec(
            "03.midgame-risk", L03,
            _("The table above, after {cards} cards: three columns. Counting every card seen, what is "
              "the chance that the next card busts?").format(cards=cards),
            "number", 100 * float(risk),
            _("{busting} of the {left} cards left bust: {p}").format(
                busting=int(risk * table.draw_pile_size), left=table.draw_pile_size,
                p=format_value(risk, "probability")),
            _("Compare it with your guess: was your instinct too careful or too bold? The pile remembers what "
              "has been drawn: the exact answer counts only the cards still in it."),
            low=0, high=100, step=1, start=50, exact_label=_("exact: counted from the draw pile"),
            simulate=next_card_sim(table), seed=6, model=_("the next card drawn 10,000 times from this pile"),
            close=3.0, source="pushlab.luck.odds.bust_probability(game)", language=lang),
    ]


EXERCISES = {L03: exercises_03}
PREDICTIONS = {L03: predictions_03}
