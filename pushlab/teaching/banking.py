"""Exercises and predictions of lesson 08, "When to bank".

The positions are :func:`pushlab.luck.positions.bench_position`; the one-turn hint is
:func:`pushlab.luck.odds.hint` (a model, not exact: this turn only, opponents
collecting greedily, die losses averaged); the whole-game estimates are
:func:`pushlab.luck.advise` rollouts under a named continuation policy; the search
figures come from the shipped results (:func:`pushlab.luck.search.load_results`).

>>> [e.key for e in EXERCISES["08-when-to-bank"]("en")][:2]
['08.q', '08.expected-loss']
"""

from __future__ import annotations

from fractions import Fraction

from pushlab.luck.policy import policy_label
from pushlab.teaching import Choice, Estimate, ExerciseSpec, PredictionSpec, format_value, translator
from pushlab.teaching.luck import BANKS_LATER, NEVER_BANKS, ann, continuations, hint_33, late, q_per_roll, search_edge
from pushlab.i18n import numbers as nums

L08 = "08-when-to-bank"


def exercises_08(lang):
    """Lesson 08: q per roll, the expected loss, the rule of thumb, a stop that is not an equilibrium."""
    _ = translator(lang)
    q = q_per_roll()
    points, rolls = 30, 2
    loss = points * (1 - (1 - q) ** rolls)
    thumb = points * rolls * q
    edge, lo, hi, rounds, candidates = search_edge(3, False)
    gaps = {policy: a.edge_ci("bank B", "draw")[0] for policy, a in continuations().items()}
    bigger = "never-banks" if gaps[NEVER_BANKS] > gaps[BANKS_LATER] else "noise"
    verdict = "cannot-tell" if lo <= 0 <= hi else ("better" if lo > 0 else "worse")
    return [
        ExerciseSpec(
            "08.q", L08,
            _("Harder game. Ann's bench holds only blue cards. What is the chance that one roll of the die "
              "takes them?"),
            "number", q, format_value(q, "probability"),
            _("Two of the six faces take them: blue, and the star (which in the harder game takes the whole "
              "bench). 2/6 = 1/3."),
            unit="probability", tolerance=0.005,
            mistakes=((Fraction(1, 6), _("In the harder game the star takes the whole bench too: two faces "
                                         "of six.")),),
            source="pushlab.luck.cards.DIE_FACES", label=_("exact"), language=lang),
        ExerciseSpec(
            "08.expected-loss", L08,
            _("30 blue points on the bench, q = 1/3 per roll, and 2 rolls ahead. What is the expected loss, "
              "points × (1 − (1 − q)^R)?"),
            "number", loss, format_value(loss, "points"),
            _("Blue survives both rolls with chance (2/3)² = 4/9, so it is lost with chance 5/9: "
              "30 × 5/9 ≈ {loss} points.").format(loss=format_value(loss, "points")),
            unit="points", tolerance=0.15,
            mistakes=((thumb, _("That is the rule of thumb, points × R × q. It counts a loss twice when both "
                                "rolls hit; the exact formula does not.")),),
            source="points * (1 - (1 - q) ** R)", label=_("exact, for a fixed number of rolls"),
            language=lang),
        ExerciseSpec(
            "08.thumb", L08,
            _("The same 30 points and q = 1/3, but 6 rolls ahead. What does the rule of thumb points × R × q "
              "say Ann would lose?"),
            "number", points * 6 * q, format_value(points * 6 * q, "points"),
            _("30 × 6 × 1/3 = 60 points: more than the 30 she holds. With many rolls ahead the rule of thumb "
              "overshoots; the exact formula gives 30 × (1 − (2/3)⁶) ≈ {exact} points.").format(
                exact=format_value(points * (1 - (1 - q) ** 6), "points")),
            unit="points", tolerance=0.05,
            mistakes=((points * (1 - (1 - q) ** 6), _("That is the exact formula. The question asks for the rule "
                                                     "of thumb, points × R × q.")),),
            source="points * R * q", label=_("the rule of thumb: an approximation"), language=lang),
        ExerciseSpec(
            "08.continuation", L08,
            _("Banking minus drawing, in Ann's chance to win: {never} if every seat then plays '{a}', {later} if "
              "every seat plays '{b}'. Why is the first gap so much larger?").format(
                never=nums.percent(gaps[NEVER_BANKS], 0, sign=True), later=nums.percent(gaps[BANKS_LATER], 0, sign=True),
                a=policy_label(NEVER_BANKS, lang), b=policy_label(BANKS_LATER, lang)),
            "choice", bigger,
            _("with the first continuation nobody ever banks again, so 'draw' also means 'never bank'"),
            _("The whole-game estimate compares the two actions followed by the same continuation. Under "
              "'{a}' drawing now means Ann never banks at all, so the gap adds up the cost of never banking; "
              "under '{b}' she may still bank later, and the gap is what banking now rather than later is "
              "worth. The policy is part of the answer.").format(
                a=policy_label(NEVER_BANKS, lang), b=policy_label(BANKS_LATER, lang)),
            choices=(Choice("never-banks", _("with the first continuation nobody ever banks again, so 'draw' also "
                                             "means 'never bank'")),
                     Choice("noise", _("the estimates are noisy: with more rollouts the gaps would agree")),
                     Choice("star", _("the star is safe in the first continuation"))),
            mistakes=(("noise", _("Both gaps come with paired 95%\u00a0intervals that do not overlap: the difference "
                                  "is real, and comes from the continuation.")),),
            source="pushlab.luck.advise(ann, policy=...) for both continuations", label=_("estimated"),
            language=lang),
        ExerciseSpec(
            "08.not-significant", L08,
            _("Extension. The search for 3 players (normal game) stopped after {rounds} rounds. Its last best response "
              "beat the field by {edge} (paired 95%\u00a0interval {lo} to {hi}). What does that show?").format(
                rounds=rounds, edge=nums.percent(edge, 1, sign=True), lo=nums.percent(lo, 1, sign=True),
                hi=nums.percent(hi, 1, sign=True)),
            "choice", verdict,
            _("the games cannot tell: an edge of a few points may remain"),
            _("The interval reaches 0, so these games cannot tell the best response from the field. It also "
              "reaches {hi}: a real edge of several points fits the data. 'Not significant' is not 'no "
              "difference', so the field is not shown to be an equilibrium.").format(hi=nums.percent(hi, 1, sign=True)),
            choices=(Choice("equilibrium", _("no policy of the family beats the field: an equilibrium")),
                     Choice("cannot-tell", _("the games cannot tell: an edge of a few points may remain")),
                     Choice("better", _("the best response is better, for sure"))),
            mistakes=(("equilibrium", _("That confuses 'not significant' with 'no difference' (lesson 09). The "
                                        "interval allows an edge of several points.")),
                      ("better", _("The interval reaches below 0: the edge is not measurable with these games."))),
            source="pushlab.luck.search.load_results(): rounds[-1].edge_ci", label=_("estimated"),
            language=lang),
    ]


def predictions_08(lang):
    """Lesson 08: what the one-turn hint says at the late position; Ann's chance if she banks."""
    _ = translator(lang)
    h = hint_33()
    late_game = late()
    hint_choices = {"draw": Choice("draw", _("draw")), "bank B": Choice("bank B", _("bank blue"))}

    def late_advice(rng):
        from pushlab.luck import advise
        a = advise(late_game, rollouts=1000, policy=BANKS_LATER, seed=int(rng.integers(2**31)))
        v = a.values["bank B"]
        return Estimate(0.0, 0.0, 0.0, a.rollouts, _(
            "Whole game ({n:,} rollouts each, every seat then playing '{policy}'): Ann wins {bank} after "
            "banking, {draw} after drawing.").format(
                n=nums.Number(a.rollouts), policy=policy_label(BANKS_LATER, lang),
                bank=f"{nums.percent(v.win, 1)} ({nums.percent(v.win_low, 1)}–{nums.percent(v.win_high, 1)})",
                draw=(f"{nums.percent(a.values['draw'].win, 1)} ({nums.percent(a.values['draw'].win_low, 1)}–"
                      f"{nums.percent(a.values['draw'].win_high, 1)})")))

    def ann_banks(rng):
        from pushlab.luck import advise
        a = advise(ann(), rollouts=1000, policy=BANKS_LATER, seed=int(rng.integers(2**31)))
        v = a.values["bank B"]
        return Estimate(100 * v.win, 100 * v.win_low, 100 * v.win_high, a.rollouts)

    return [
        PredictionSpec(
            "08.hint-late", L08,
            _("Late in a harder game: 33 blue points on Ann's bench, 10 cards left, 8 of them roll cards. "
              "What does the one-turn hint say: draw, or bank blue?"),
            "choice", h.best,
            _("The hint says {best}: drawing is worth {draw} points this turn, banking 0.").format(
                best=hint_choices[h.best].label, draw=nums.decimal(h.values['draw'], 1, group=False, sign=True)),
            _("The one-turn hint is not always 'draw': with this many roll cards left, one more card most likely "
              "means a roll (or a bust) that costs a third of 33 points. The hint only looks at this turn, "
              "under its model (the others collect greedily, die losses averaged)."),
            unit="", choices=tuple(hint_choices.values()),
            exact_label=_("what the hint computes in its model of this turn, not a whole-game value"),
            exact_heading=_("The one-turn hint (library)"),
            simulate=late_advice, seed=8, model=_("whole-game rollouts, every seat then playing '{policy}'").format(
                policy=policy_label(BANKS_LATER, lang)),
            source="pushlab.luck.odds.hint(bench_position(3, 'B6 B6 B6 B5 B5 B5', 10, harder=True, rolls=8))",
            language=lang),
        PredictionSpec(
            "08.ann-banks", L08,
            _("Ann banks her 30 blue points now. What is her chance to win the whole game, if every seat then "
              "plays 'stop after 4 cards, bank a colour at 15 points'? (A fair share is 33%.)"),
            "number", None, "",
            _("An estimate, not an exact value: it depends on how everyone plays on. With the continuation "
              "'after 4' (nobody ever banks again) her chances look very different: the policy is part of the answer."),
            low=0, high=100, step=1, start=33, exact_label="",
            simulate=ann_banks, seed=9,
            model=_("1,000 whole-game rollouts from Ann's information, every seat then playing '{policy}'").format(
                policy=policy_label(BANKS_LATER, lang)),
            close=4.0, source="pushlab.luck.advise(ann, policy='after 4, bank at 15')", language=lang),
    ]


EXERCISES = {L08: exercises_08}
PREDICTIONS = {L08: predictions_08}
