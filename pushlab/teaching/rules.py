"""Exercises and predictions of lesson 01, the push-your-luck rules."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from pushlab.teaching import Choice, ExerciseSpec, PredictionSpec, format_value, translator
from pushlab.teaching.luck import (BUST_DECK, BUST_SCRIPT, busting_cards, next_card_sim, ones_table, points,
                                   rate, scripted)

L01 = "01-push-your-luck-rules"


def exercises_01(lang):
    """Lesson 01: which cards bust, what a die roll costs, the harder option, a roll card."""
    from pushlab.luck.cards import parse_cards
    _ = translator(lang)
    table = ones_table()
    columns = table.columns
    candidates = {
        "ones": frozenset(f"{c}1" for c in "RBGYP"),
        "yellow-purple": frozenset({"Y1", "P1"}),
        "red-blue-green": frozenset(f"{c}{n}" for c in "RBG" for n in range(1, 7)),
        "none": frozenset(),
    }
    busting = busting_cards(columns)
    which = next(k for k, v in candidates.items() if v == busting)
    out = [ExerciseSpec(
        "01.which-bust", L01,
        _("Three columns lie on the table: red 1 | blue 1 | green 1. Which number cards bust now?"),
        "choice", which,
        _("every card numbered 1 (red, blue, green, yellow and purple 1)"),
        _("A card busts when every column holds its colour or its number. Every column holds a 1, so "
          "every 1 busts: the yellow and purple 1 and also the red, blue and green 1 (a red 1 cannot "
          "join the red column, and the other two hold a 1). Any other number fits at least one column: "
          "a red 4 fits the blue and the green column."),
        choices=(Choice("ones", _("every card numbered 1")),
                 Choice("yellow-purple", _("only the yellow 1 and the purple 1")),
                 Choice("red-blue-green", _("every red, blue or green card")),
                 Choice("none", _("none: a card can always start a new column"))),
        mistakes=(("yellow-purple", _("A red 1 busts too: the red column holds red, the other two hold a 1.")),
                  ("none", _("Only while there are fewer than three columns. With three, a card that fits none busts.")),
                  ("red-blue-green", _("A red 4 fits the blue column (other colour, other number)."))),
        show=((_("columns"), columns[0] + columns[1] + columns[2]),),
        source="pushlab.luck.rules.busts", label=_("exact"), language=lang)]

    bust = table.apply("draw")
    kept = points(bust.benches[0])
    out.append(ExerciseSpec(
        "01.points-kept", L01,
        _("Ann's bench holds a blue 4 and a purple 6. She busts and the die shows blue. How many points "
          "are left on her bench?"),
        "number", kept, format_value(kept),
        _("The die takes every bench card of the rolled colour: the blue 4 goes, the purple 6 stays. "
          "{kept} points are left.").format(kept=kept),
        unit="points", mistakes=((0, _("Only the rolled colour is lost (in the normal game a star is safe)."
                                       )), (10, _("The blue 4 is lost: it has the rolled colour."))),
        show=((_("Ann's bench"), parse_cards("B4 P6")),),
        source="pushlab.luck.Game.apply", label=_("exact"), language=lang))

    harder = scripted(["Ann", "Ben"], BUST_DECK, "*", BUST_SCRIPT + ["draw"], harder=True)
    left = points(harder.benches[0])
    out.append(ExerciseSpec(
        "01.harder-star", L01,
        _("The same bust in the harder game, and the die shows a star. How many points are left on "
          "Ann's bench (blue 4, purple 6)?"),
        "number", left, format_value(left),
        _("With the harder option a star discards the whole bench: nothing is left."),
        unit="points", mistakes=((10, _("In the normal game a star is safe; in the harder game it takes the "
                                        "whole bench.")),),
        source="pushlab.luck.Game.apply", label=_("exact"), language=lang))

    roll = scripted(["Ann", "Ben"], "R5 G3 Y3 B6 R2 roll G4 P1", "R",
                    ["draw", "place 0", "draw", "place 0", "stop", "take 0", "draw", "place 0", "draw", "place 0",
                     "stop", "take 0", "draw", "place 0", "draw", "place 0", "draw", "place 1", "stop", "take 0"])
    after = points(roll.benches[0])
    out.append(ExerciseSpec(
        "01.roll-column", L01,
        _("Ann has a red 5 and a green 3 on her bench. She takes the column red 2 + roll card and rolls "
          "red. How many points are on her bench now?"),
        "number", after, format_value(after),
        _("The roll card makes Ann roll after collecting, and the die takes every card of the rolled "
          "colour on her bench, including the red 2 she has just collected. Only the green 3 stays."),
        unit="points", mistakes=((5, _("The red 2 she just collected is on her bench too: it goes with the "
                                       "red 5.")), (10, _("The die takes the red cards: the red 5 and the red 2."))),
        show=((_("Ann's bench"), parse_cards("R5 G3")), (_("the column she takes"), parse_cards("R2 roll"))),
        source="pushlab.luck.Game.apply", label=_("exact"), language=lang))
    return out


def predictions_01(lang):
    """Lesson 01: how many cards bust at R1 | B1 | G1; what a bust's die roll costs."""
    from pushlab.luck import odds
    from pushlab.luck.cards import DIE_FACES
    _ = translator(lang)
    table = ones_table()
    naive = odds.bust_probability(table, counting=False)
    bench_colours = {"B", "P"}
    lose = Fraction(sum(f in bench_colours for f in DIE_FACES), len(DIE_FACES))

    def roll_die(rng, n=10_000):
        faces = rng.integers(0, len(DIE_FACES), size=n)
        hits = int(np.isin(faces, [DIE_FACES.index(f) for f in bench_colours]).sum())
        return rate(hits, n)

    return [
        PredictionSpec(
            "01.bust-ones", L01,
            _("Two players, columns red 1 | blue 1 | green 1, and a player who remembers nothing: the next "
              "card comes from the 105 cards not on the table. What share of them busts?"),
            "number", 100 * float(naive),
            _("{count} busting cards (the twelve other 1s) of {total}: {p}").format(
                count=12, total=105, p=format_value(naive, "probability")),
            _("Only cards numbered 1 bust, and the columns hold three of the fifteen: most cards still fit."),
            low=0, high=60, step=1, start=30, exact_label=_("exact: counted from the deck"),
            simulate=next_card_sim(table, counting=False), seed=1,
            model=_("10,000 cards drawn at random from those 105"), close=2.0,
            source="pushlab.luck.odds.bust_probability(game, counting=False)", language=lang),
        PredictionSpec(
            "01.die-loss", L01,
            _("Ann has a blue 4 and a purple 6 on her bench and busts (normal game). How likely is she to "
              "lose at least one card to the die?"),
            "number", 100 * float(lose),
            _("2 of the 6 faces (blue, purple) take a card: {p}").format(p=format_value(lose, "probability")),
            _("Each colour on the bench is one more face that hurts: a bench of one colour loses with 1/6, of "
              "five colours with 5/6 (a star is safe in the normal game)."),
            low=0, high=100, step=1, start=50, exact_label=_("exact: 6 equally likely faces"),
            simulate=roll_die, seed=2, model=_("10,000 rolls of a fair die"), close=3.0,
            source="pushlab.luck.cards.DIE_FACES", language=lang),
    ]


EXERCISES = {L01: exercises_01}
PREDICTIONS = {L01: predictions_01}
