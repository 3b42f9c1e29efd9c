"""Lesson 11, "Perfect play in a small Push": its small decks, their exact solutions, its questions.

The decks of the lesson's menu (:data:`DECKS`) solve in about a second or less
(:func:`pushlab.luck.solve.solve`); :func:`solution` solves one on first use and keeps it.
Every value here is exact under the solver's model: two players, both playing perfectly
from the position on, a tie counting half a win, the next card drawn uniformly from the
cards left, each die face equally likely.

>>> [e.key for e in EXERCISES[L11]("en")]
['11.guarantee', '11.stop-cost', '11.agreement']
>>> str(solution("one-colour").start_value)
'73/120'
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from pushlab.errors import SetupError
from pushlab.i18n import _
from pushlab.teaching import Choice, Estimate, ExerciseSpec, PredictionSpec, format_value, translator
from pushlab.i18n import numbers as nums

L11 = "11-perfect-play"

#: The lesson's small decks (key -> SmallDeck keywords), each solved in about a second or less.
DECKS = {
    "one-colour": dict(colours=1, numbers=2, copies=2, rolls=1, die="match"),
    "one-colour-6": dict(colours=1, numbers=3, copies=2, rolls=0, die="match"),
    "two-colours": dict(colours=2, numbers=1, copies=2, rolls=1, die="match"),
}
#: The deck of the lesson's story and questions.
STORY_DECK = "one-colour"
#: The story position: three columns R1 | R2 | R2, the pile R1 and the roll card, nobody has points.
STORY_CARDS = "R1 R2 R2 R1 roll"
STORY_ACTIONS = ("draw", "place 0", "draw", "place 1", "draw", "place 2")
#: The bot of the agreement exercise: the "cautious" bot of the play apps, StopAfter(2).
AGREEMENT_BOT = "StopAfter(2)"


def deck(key: str):
    """The :class:`~pushlab.luck.solve.SmallDeck` of a menu key (a SetupError names the keys)."""
    from pushlab.luck.solve import SmallDeck

    if key not in DECKS:
        raise SetupError(_("unknown deck {key}; choose one of {keys}").format(
            key=repr(key), keys=", ".join(DECKS)))
    return SmallDeck(**DECKS[key])


@lru_cache(maxsize=None)
def solution(key: str, exact: bool = True):
    """The exact solution of the menu deck ``key`` (values as Fractions, or floats with
    ``exact=False``, which plays faster); solved once, then kept."""
    from pushlab.luck.solve import solve

    return solve(deck(key), exact=exact)


#: Grades of larger decks computed ahead by ``python scripts/solve_check.py all`` (docs/solve.md).
SHIPPED_GRADES = "luck-solve.json"


def shipped_grades() -> dict:
    """The shipped figures of perfect play on larger decks (``pushlab/data/luck-solve.json``):
    ``command`` (how to compute them again) and ``grades`` (per deck: ``deck`` keywords,
    ``states``, ``start_value``, ``opponents`` with each bot's or rule's ``mean`` win of
    perfect play against it, ``advice``)."""
    import json
    from importlib import resources

    return json.loads(resources.files("pushlab").joinpath("data", SHIPPED_GRADES).read_text(encoding="utf-8"))


def story_game():
    """The story position of :data:`STORY_DECK` (a real engine game: Ann to decide, draw or stop)."""
    from pushlab.luck import Game

    game = Game.new(("Ann", "Ben"), deck=STORY_CARDS, rolls="R*R*R*R*")
    for action in STORY_ACTIONS:
        game = game.apply(action)
    return game


def story_values() -> dict:
    """Ann's exact chance to win after each action of the story position (Fractions)."""
    return solution(STORY_DECK).action_values(story_game(), exact=True)


@lru_cache(maxsize=None)
def agreement(key: str = STORY_DECK) -> float:
    """The share of the deck's draw-or-stop positions where the cautious bot (:data:`AGREEMENT_BOT`)
    plays an optimal action (either one where two are exactly equally good)."""
    from pushlab.luck.bots import StopAfter
    from pushlab.plots.perfect import agreement as share, decision_data

    return share(decision_data(solution(key), other=StopAfter(2)), "push")


def self_play(key: str, games: int, rng) -> tuple:
    """(first player's wins, tie half, in ``games`` engine games of optimal against optimal): a Monte Carlo check."""
    bot = solution(key, exact=False).bot()
    small = deck(key)
    total = Fraction(0)
    for _ in range(games):
        g = small.new_game(rng)
        while not g.is_over:
            g = g.apply(bot.choose(g, rng))
        winners = g.winners()
        total += Fraction(1, len(winners)) if 0 in winners else 0
    return float(total), games


def exercises_11(lang):
    """Lesson 11: what an exact value promises, what stopping costs, how often a simple bot is right."""
    _ = translator(lang)
    values = story_values()
    cost = values["draw"] - values["stop"]
    share = agreement()
    bot, rule = _("cautious"), _("stops after 2 cards")
    return [
        ExerciseSpec(
            "11.guarantee", L11,
            _("You play against the cautious bot, which is not perfect. Beside 'draw' the app shows 64%, "
              "marked as the best action. What does that value, 64%, promise you?"),
            "choice", "at-least",
            _("at least 64%, if you play the best action from now on, whatever the bot does"),
            _("The value assumes that both players play perfectly. Your opponent can only do worse for itself: "
              "in a game of two players where one's win is the other's loss, a weaker opponent never lowers "
              "your chance. So the value is a floor: against the cautious bot your real chance may be higher "
              "than 64%."),
            choices=(Choice("exactly", _("exactly 64%, whoever the opponent is")),
                     Choice("at-least", _("at least 64%, if you play the best action from now on, whatever the "
                                          "bot does")),
                     Choice("nothing", _("nothing: the bot does not play perfectly, so the number does not "
                                         "apply"))),
            mistakes=(("exactly", _("It is exact, 64%, only if the bot plays perfectly too. A weaker opponent can "
                                    "only raise your chance.")),
                      ("nothing", _("The number still tells you something: it is what you can be sure of, "
                                    "because the bot cannot do better than perfect play."))),
            source="", label=_("a property of every two-player game where one player's win is the other's loss "
                                 "(not computed)"),
            language=lang),
        ExerciseSpec(
            "11.stop-cost", L11,
            _("The story position: columns R1 | R2 | R2, the pile holds R1 and the roll card. Drawing gives "
              "Ann {draw} to win, stopping {stop}. How many percentage points does stopping cost her?").format(
                draw=format_value(values["draw"], "probability"), stop=format_value(values["stop"], "probability")),
            "number", float(100 * cost), format_value(100 * cost, "points"),
            _("Subtract: {draw} − {stop} = {cost} percentage points of chance to win.").format(
                draw=format_value(values["draw"], "probability"), stop=format_value(values["stop"], "probability"),
                cost=format_value(100 * cost, "points")),
            unit="points", tolerance=0.5,
            source="pushlab.teaching.perfect.story_values()", label=_("exact"), language=lang),
        ExerciseSpec(
            "11.agreement", L11,
            _("In the five-card game, at what share of the draw-or-stop positions does the {bot} bot ({rule}) "
              "make an optimal choice? (Look at the maps of section 4.)").format(bot=bot, rule=rule),
            "number", share, format_value(share, "probability"),
            _("Count the positions where both maps agree: {share} of them. The bot's rule ignores the pile "
              "and the points, so it is right in many positions and wrong in others.").format(
                share=format_value(share, "probability")),
            unit="probability", tolerance=0.02,
            source="pushlab.teaching.perfect.agreement()",
            label=_("exact: every position counted once"), language=lang),
    ]


def predictions_11(lang):
    """Lesson 11: the first player's chance with perfect play; draw or stop in the story position."""
    _ = translator(lang)
    start = solution(STORY_DECK).start_value
    values = story_values()
    best = max(values, key=values.get)

    def simulate(rng):
        wins, n = self_play(STORY_DECK, 400, rng)
        from pushlab import stats
        lo, hi = (float(x) for x in stats.proportion_ci(wins, n))
        return Estimate(100 * wins / n, 100 * lo, 100 * hi, n, _(
            "{n:,} games of the engine, both seats playing the optimal action: the first player won {rate} "
            "(95%\u00a0interval {lo}–{hi}).").format(
                n=nums.Number(n), rate=nums.percent(wins / n, 1), lo=nums.percent(lo, 1), hi=nums.percent(hi, 1)))

    return [
        PredictionSpec(
            "11.first-player", L11,
            _("The five-card game: R1 R1 R2 R2 and a roll card, a die with red and a star. Both players play "
              "perfectly. What is the first player's chance to win (a tie counts half)?"),
            "number", float(100 * start), format_value(start, "probability"),
            _("Going first is worth a lot in so short a game: the first player sees the first cards and chooses "
              "the first column. The number is exact, and the simulation agrees within its interval."),
            low=0, high=100, step=1, start=50,
            exact_label=_("exact under perfect play by both, ties half"),
            simulate=simulate, seed=11, model=_("the engine's own games, both seats playing the optimal action"),
            close=3.0, source="pushlab.teaching.perfect.solution('one-colour').start_value", language=lang),
        PredictionSpec(
            "11.draw-at-half", L11,
            _("The story position: Ann has three columns R1 | R2 | R2 and nobody has points yet. The pile "
              "holds R1 and the roll card, so the next card busts with chance 1/2. Draw or stop?"),
            "choice", best,
            _("Perfect play says {best}: Ann wins {draw} after drawing, {stop} after stopping.").format(
                best=_("draw") if best == "draw" else _("stop"),
                draw=format_value(values["draw"], "probability"), stop=format_value(values["stop"], "probability")),
            _("Stopping looks safe, but it hands the last cards to Ben: the value of an action is what happens "
              "in the whole rest of the game, not only to the cards on the table."),
            unit="", choices=(Choice("draw", _("draw")), Choice("stop", _("stop"))),
            exact_label=_("exact under perfect play by both, ties half"),
            source="pushlab.teaching.perfect.story_values()", language=lang),
    ]


EXERCISES = {L11: exercises_11}
PREDICTIONS = {L11: predictions_11}
