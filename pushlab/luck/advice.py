"""Whole-game advice for Push (push-your-luck): draw, stop or bank, by win probability.

:func:`advise` values every legal action of the player to move by playing the game to
the end many times from the position (:func:`pushlab.luck.sim.simulate_from`), and
puts beside it the exact one-turn value of :func:`pushlab.luck.odds.hint`. It also
explains why banking pays: the die rolls the player still faces and the points a bank
protects from them.

>>> from pushlab.luck import Game
>>> g = Game.new(3, seed=7)
>>> a = advise(g, rollouts=200, seed=1)
>>> a.best, sorted(a.values), 0 <= a.values["draw"].win <= 1
('draw', ['draw'], True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

import numpy as np

from pushlab.checks import is_count
from pushlab.errors import PushlabError, SetupError
from pushlab.i18n import _
from pushlab.i18n.events import explanation_text
from pushlab.luck.cards import COLOUR_NAMES, COLOURS
from pushlab.luck.odds import hint
from pushlab.luck.policy import DEFAULT_POLICY, Policy
from pushlab.luck.sim import simulate_from
from pushlab.seeding import make_rng
from pushlab.stats import paired_diff_ci, rate_ci

__all__ = ["ActionValue", "Advice", "Adviser", "Explanation", "advise"]


def _mean_se(x) -> tuple:
    """Mean and standard error of the mean of a 1-d array (SE 0 for one value)."""
    x = np.asarray(x, dtype=float)
    se = float(x.std(ddof=1) / np.sqrt(x.size)) if x.size > 1 else 0.0
    return float(x.mean()), se


@dataclass(frozen=True)
class ActionValue:
    """What one action is worth to the player to move.

    ``win`` (with ``win_se``): estimated probability of winning the game, ties split
    equally among the winners; ``score`` (``score_se``): estimated expected final score;
    both by rollouts; ``win_low``, ``win_high``: the 95% Wilson interval of ``win``
    (:func:`pushlab.stats.rate_ci`). ``turn``: the one-turn value of :func:`pushlab.luck.odds.hint`
    (expected points this turn, minus the others' average; exact unless the hint says
    it was depth-limited; banking is worth 0 there).
    """

    win: float
    win_se: float
    score: float
    score_se: float
    turn: float
    win_low: float = float("nan")
    win_high: float = float("nan")


@dataclass(frozen=True)
class Explanation:
    """Why banking pays, as data (:meth:`Advice.explanation`); no language, no text.

    ``rolls``: the die rolls ``player`` still faces before the game ends (estimated),
    ``half``: the half-width of its 95% interval (1.96 standard errors); ``harder``: a star
    loses the whole bench (a roll hits a colour 1 in 3, else 1 in 6); ``protects``:
    ``(colour, points, x)`` per bench colour, ``x`` the points banking it keeps from the die.
    """

    player: str
    rolls: float
    half: float
    harder: bool
    protects: tuple


@dataclass(frozen=True)
class Advice:
    """Whole-game advice for one decision (see :func:`advise`).

    ``values`` maps each legal action to its :class:`ActionValue`; ``best`` is the action
    with the highest estimated win probability. ``rolls`` (``rolls_se``) is the expected
    number of die rolls the player still faces (own busts and roll cards collected on
    anyone's turn), estimated from the rollouts of the action ``rolls_after``.
    """

    player: str
    seat: int
    phase: str
    best: str
    values: dict
    rollouts: int
    policy: Policy
    turn_exact: bool
    harder: bool
    bench: dict
    rolls: float
    rolls_se: float
    rolls_after: str
    _safe: dict = field(repr=False, compare=False, default_factory=dict)
    _wins: dict = field(repr=False, compare=False, default_factory=dict)

    def edge(self, action: str, other: str) -> tuple:
        """Win probability of ``action`` minus ``other``'s and its standard error.

        The rollouts of all actions share their shuffles and dice (common random
        numbers), so the difference is paired and sharper than the two SEs suggest.
        """
        self._check(action, other)
        return _mean_se(self._wins[action] - self._wins[other])

    def edge_ci(self, action: str, other: str) -> tuple:
        """``(difference, low, high)``: 95% t interval of the paired win difference."""
        self._check(action, other)
        return paired_diff_ci(self._wins[action], self._wins[other])

    def _check(self, *actions) -> None:
        """SetupError unless every action was valued."""
        for a in actions:
            if a not in self._wins:
                raise SetupError(f"{a!r} is not a legal action here: {', '.join(self.values)}")

    def protects(self, colour: str) -> tuple:
        """Points of ``colour`` on the bench that banking now keeps from the die, with SE.

        The expected points a roll would take before the game ends if the colour stays
        on the bench: ``points * (1 - (1 - q) ** R)`` averaged over the rollouts' roll
        counts R, with q = 1/6 (1/3 with the harder option, where a star loses the whole
        bench). For few rolls this is about ``points * rolls * q``.
        """
        colour = colour.upper()[:1] if isinstance(colour, str) else colour
        if colour not in self._safe:
            raise SetupError(f"{self.player} has no {COLOUR_NAMES.get(colour, colour)} "
                             "card on the bench")
        return self._safe[colour]

    def __str__(self) -> str:
        """One line: ``"bank B: win 79% (76-82%) (draw: win 64% (61-67%))"``, 95% intervals."""
        def part(a):
            v = self.values[a]
            return f"win {100 * v.win:.0f}% ({100 * v.win_low:.0f}-{100 * v.win_high:.0f}%)"
        rest = [f"{a}: {part(a)}" for a in self.values if a != self.best]
        return f"{self.best}: {part(self.best)}" + (f" ({', '.join(rest)})" if rest else "")

    def explanation(self) -> "Explanation | None":
        """Why banking pays here, as data (None when nothing can be banked): the die rolls
        the player still faces and the points each bench colour's bank protects. A sentence
        in any language: :func:`pushlab.i18n.events.explanation_text` (or :meth:`explain`)."""
        if not self.bench:
            return None
        return Explanation(self.player, self.rolls, 1.96 * self.rolls_se, self.harder,
                           tuple((c, pts, self.protects(c)[0]) for c, pts in self.bench.items()))

    def explain(self, language: str | None = None) -> str:
        """Why banking pays here, in a sentence or two (empty when nothing can be banked), in
        ``language`` (default: the current one), numbers included
        (:func:`pushlab.i18n.events.explanation_text`)."""
        return explanation_text(self.explanation(), language)

    def _repr_html_(self) -> str:
        """A table: action, win % with 95% CI, expected final score, one-turn value."""
        rows = []
        for a, v in self.values.items():
            name = f"<b>{escape(a)}</b>" if a == self.best else escape(a)
            rows.append(f"<tr><td>{name}</td><td>{100 * v.win:.1f}% ({100 * v.win_low:.1f}-"
                        f"{100 * v.win_high:.1f}%)</td><td>{v.score:.1f} \u00b1 {1.96 * v.score_se:.1f}</td>"
                        f"<td>{v.turn:+.2f}</td></tr>")
        how = "exact" if self.turn_exact else "depth-limited"
        return (f"<table><caption>Advice for {escape(self.player)}: {self.rollouts} rollouts per "
                f"action, every seat then plays {escape(str(self.policy))}</caption>"
                f"<tr><th>action</th><th>win (95% CI)</th><th>final score</th>"
                f"<th>this turn ({how})</th></tr>{''.join(rows)}</table>"
                + (f"<p>{escape(self.explain())}</p>" if self.bench else ""))


def advise(game, *, rollouts: int = 1000, policy=None, seed=None) -> Advice:
    """Whole-game advice for the player to move: every legal action's chance to win.

    **Estimated, by rollouts:** for each legal action, ``rollouts`` continuations play
    the game to the end (:func:`~pushlab.luck.sim.simulate_from`): the player takes the
    action, then every seat, the player included, follows ``policy``. Each continuation
    reshuffles the draw pile's cards (the player knows its make-up by counting cards,
    not its order) and rolls fresh dice; the table stays. All actions share the same
    shuffles and dice (common random numbers). ``win`` is the share of continuations
    the player wins (a tie among m winners counts 1/m), ``score`` the mean final score,
    each with its standard error. **Exact, one turn:** ``turn`` is the hint's value
    (:func:`pushlab.luck.odds.hint`; it values banking at 0).

    ``best`` is the action with the highest estimated win probability (ties: the higher
    expected score, then the first legal action). ``policy`` (a
    :class:`~pushlab.luck.policy.Policy`, its text, or a ``StopAfter``/``StopAtRisk``
    bot; one for all seats or a list per seat) defaults to
    :data:`~pushlab.luck.policy.DEFAULT_POLICY`. ``seed``: int, None or a Generator.

    >>> from pushlab.luck import Game
    >>> g = Game.new(3, deck="R6 B5 G4 R1 roll switch Y3 P2", rolls="RRRR")
    >>> a = advise(g.apply("draw").apply("place 0"), rollouts=300, seed=2)
    >>> sorted(a.values), a.values["stop"].turn
    (['draw', 'stop'], 6.0)
    """
    return Adviser(game, policy=policy, seed=seed).step(rollouts).advice()


class Adviser:
    """:func:`advise` computed in chunks, for interfaces that must stay responsive.

    ``step(n)`` adds ``n`` rollouts per action (common random numbers within a chunk);
    ``advice()`` summarises everything so far. One chunk of ``n`` equals ``advise(...,
    rollouts=n)`` for the same seed; several chunks give a different (equally valid)
    sample.

    >>> from pushlab.luck import Game
    >>> ad = Adviser(Game.new(3, seed=7), seed=1)
    >>> ad.step(100).step(100).rollouts, ad.advice().rollouts
    (200, 200)
    """

    def __init__(self, game, *, policy=None, seed=None):
        if game.is_over:
            raise PushlabError(_("the game is over: there is nothing to advise"))
        policy = DEFAULT_POLICY if policy is None else policy
        self.policy = tuple(Policy.of(p) for p in policy) if isinstance(policy, (list, tuple)) \
            else Policy.of(policy)
        self.game = game
        self.legal = game.legal_actions()
        self.hint = hint(game)
        self.rng = make_rng(seed)
        self.parts = []

    @property
    def rollouts(self) -> int:
        """Rollouts per action so far."""
        return sum(p.scores.shape[1] for p in self.parts)

    def step(self, rollouts: int) -> Adviser:
        """Play ``rollouts`` more continuations per action; return self."""
        if not is_count(rollouts):
            raise SetupError(f"rollouts must be a positive int, got {rollouts!r}")
        self.parts.append(simulate_from(self.game, int(rollouts), self.policy, actions=self.legal,
                                        rng=self.rng))
        return self

    def advice(self) -> Advice:
        """The advice from every rollout so far (at least 2 per action)."""
        if self.rollouts < 2:
            raise SetupError(f"rollouts must be an int >= 2, got {self.rollouts}")
        game, legal, hint = self.game, self.legal, self.hint
        me = game.current_player
        wins_all = np.concatenate([p.wins[:, :, me] for p in self.parts], axis=1)
        scores = np.concatenate([p.scores[:, :, me] for p in self.parts], axis=1)
        rolls_all = np.concatenate([p.rolls[:, :, me] for p in self.parts], axis=1)
        values, wins = {}, {}
        for i, a in enumerate(legal):
            w = wins_all[i]
            _, low, high = rate_ci(w)
            values[a] = ActionValue(*_mean_se(w), *_mean_se(scores[i]), float(hint.values[a]),
                                    float(low), float(high))
            wins[a] = w
        best = max(legal, key=lambda a: (values[a].win, values[a].score, -legal.index(a)))
        after = "draw" if "draw" in legal else best
        rolls = rolls_all[legal.index(after)]
        bench = {}
        for card in game.benches[me] if game.phase == "turn" else ():
            bench[card.colour] = bench.get(card.colour, 0) + card.points
        q = 1 / 3 if game.harder else 1 / 6
        safe = {col: _mean_se(pts * (1 - (1 - q) ** rolls)) for col, pts in bench.items()}
        return Advice(game.players[me], me, game.phase, best, values, self.rollouts, self.policy,
                      bool(hint.exact), game.harder, {k: bench[k] for k in COLOURS if k in bench},
                      *_mean_se(rolls), after, safe, wins)
