"""The class activity of each game: groups try something with real cards, the class pools its counts.

Each group repeats one small random experiment ``tries`` times (20 by default) with a real
deck and counts how often it happened; every group reads its own 95% interval off a table
(Wilson, :func:`pushlab.stats.proportion_ci`, printed on the tally sheet); the class adds up
its counts into one estimate with a narrower interval, and only then compares with the
exact answer, which the library computes:

- **push-your-luck: "Does a 4th card bust?"** Three columns on the table hold R1, B1 and G1;
  the rest of the deck (three or more players: switch cards in) is shuffled and one card is
  drawn. It busts when it fits no column: exactly the 1s. It is the class experiment app's
  own experiment, :class:`pushlab.classroom.experiments.FourthCard` at that table (lesson 12,
  issue 21), whose exact answer is :func:`pushlab.luck.odds.bust_probability`.
- **contract rummy: "A wild card in the first hand?"** A deal-1 hand (6 cards) from the
  108-card deck: does it hold at least one wild card (a 2 or a joker)? Exact: counted from
  the engine's deck (:func:`pushlab.rummy.cards.full_deck`) by the hypergeometric formula.

>>> a = activity("luck")
>>> a.exact, round(float(a.exact), 4)
(Fraction(4, 39), 0.1026)
>>> round(float(activity("rummy").exact), 4)
0.5155
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from pushlab import stats
from pushlab.i18n import check_language, gettext

__all__ = ["Activity", "activity", "ACTIVITIES", "interval_table"]

#: The games with a class activity.
ACTIVITIES = ("luck", "rummy")
#: How many tries each group makes.
TRIES = 20
#: The table of the push-your-luck activity: three columns of one card each.
LUCK_TABLE = ("R1", "B1", "G1")


@dataclass(frozen=True)
class Activity:
    """One game's class activity: its text in one language and its exact answer.

    ``exact``: the chance of the event (a Fraction, computed by the library); ``event``:
    what a group counts; ``setup``, ``steps``: what the groups do; ``source``: the library
    call behind ``exact``; ``app``: the lesson where the class can pool its tries live.
    """

    game: str
    name: str
    event: str
    setup: str
    steps: tuple
    exact: Fraction
    source: str
    tries: int = TRIES
    app: str = ""
    language: str = "en"

    def coverage(self) -> float:
        """The chance that one group's 95% Wilson interval (``tries`` tries) contains the exact
        answer: how many of the groups' intervals should catch it (exact, :func:`stats.coverage`)."""
        return stats.coverage(self.tries, float(self.exact))


def _luck(lang: str) -> Activity:
    from pushlab.classroom.experiments import FourthCard, table_position

    _ = lambda m: gettext(m, lang)       # noqa: E731
    # the class experiment app's own experiment (lesson 12): one definition, one exact answer
    experiment = FourthCard(position=table_position("|".join(LUCK_TABLE)))
    exact = experiment.reference().values[1]
    return Activity(
        "luck", _("Does a 4th card bust?"),
        _("the drawn card busts (it fits no column)"),
        _("A Push deck with its switch cards (the game for three or more players). Take out one "
          "red 1, one blue 1 and one green 1 and lay them out as three columns: R1 | B1 | G1. "
          "Shuffle the rest of the deck face down."),
        (_("Draw the top card. It busts if it fits no column: a card may not join a column that "
           "holds its colour or its number."),
         _("Make a tally mark under bust or no bust."),
         _("Put the card back, shuffle, and repeat until the group has {n} tries.").format(n=TRIES)),
        exact, "pushlab.classroom.experiments.FourthCard, pushlab.luck.odds.bust_probability",
        app="12", language=lang)


def _rummy(lang: str) -> Activity:
    from pushlab.rummy.cards import full_deck
    from pushlab.rummy.melds import HAND_SIZES

    _ = lambda m: gettext(m, lang)       # noqa: E731
    deck = full_deck()
    wild = sum(c.is_wild for c in deck)
    hand = HAND_SIZES[1]
    exact = 1 - Fraction(comb(len(deck) - wild, hand), comb(len(deck), hand))
    return Activity(
        "rummy", _("A wild card in the first hand?"),
        _("the hand holds at least one wild card (a 2 or a joker)"),
        _("The rummy deck: two ordinary 52-card decks and four jokers, shuffled together "
          "(108 cards)."),
        (_("Deal yourselves one hand of 6 cards, as in deal 1."),
         _("Look for a wild card: any 2 or a joker. Make a tally mark under wild or no wild."),
         _("Put the hand back, shuffle, and repeat until the group has {n} tries.").format(n=TRIES)),
        exact, "1 - C(108 - wilds, 6) / C(108, 6), the deck of pushlab.rummy.cards.full_deck",
        language=lang)


def activity(game: str, language: str = "en") -> Activity:
    """The class activity of ``game`` (``"luck"`` or ``"rummy"``) in ``language``."""
    language = check_language(language)
    if game == "luck":
        return _luck(language)
    if game == "rummy":
        return _rummy(language)
    raise ValueError(f"no class activity for {game!r}; games: {', '.join(ACTIVITIES)}")


def interval_table(tries: int = 20, level: float = 0.95) -> list[tuple[int, float, float]]:
    """``(count, low, high)`` for every count 0..``tries``: the 95% Wilson interval a group
    reads off the tally sheet (:func:`pushlab.stats.proportion_ci`).

    >>> [(k, round(lo, 3), round(hi, 3)) for k, lo, hi in interval_table(20)[:2]]
    [(0, 0.0, 0.161), (1, 0.009, 0.236)]
    """
    return [(k, *map(float, stats.proportion_ci(k, tries, level))) for k in range(tries + 1)]
