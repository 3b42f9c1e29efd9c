"""The push-your-luck play session: the reader against bots, with undo, advice and the review; no widgets.

:class:`LuckSession` builds on :class:`pushlab.widgets.session.Session` (it raises, the
UI shows) and adds the reader's decisions, the one-turn hint, the whole-game advice and
the end-of-game review of every decision against it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pushlab.errors import SetupError
from pushlab.i18n import _
from pushlab.widgets.render.luck import _action_words, _how
from pushlab.widgets.session import Session
from pushlab.i18n import numbers as nums

__all__ = ["Decision", "LuckSession", "BOT_KINDS", "STARTS", "ADVICE_ROLLOUTS", "REVIEW_ROLLOUTS",
           "make_bot", "bot_kind_texts", "bot_kind_names", "starts"]


#: Rollouts per action of the live whole-game advice and of the end-of-game review.
ADVICE_ROLLOUTS, REVIEW_ROLLOUTS = 1000, 200


def bot_kind_texts(language: str | None = None) -> dict:
    """Bot kinds a reader can choose, by name, with a one-line description in ``language``."""
    return {
        "cautious": _("stops after 2 cards", language),
        "steady": _("stops after 3 cards", language),
        "bold": _("stops when the bust risk reaches 30%", language),
        "greedy": _("draws while the expected gain is positive", language),
        "hint": _("follows the one-turn hint: the best move in a model of this turn, not perfect play "
                  "(never banks)", language),
        "rollout": _("whole-game rollouts, 100 per action, for draw/stop/bank (slower)", language),
        "random": _("chooses at random", language),
    }


def bot_kind_names(language: str | None = None) -> dict:
    """The bot kinds' names as a reader sees them (the keys stay the English names)."""
    return {"cautious": _("cautious", language), "steady": _("steady", language), "bold": _("bold", language),
            "greedy": _("greedy", language), "hint": _("hint", language), "rollout": _("rollout", language),
            "random": _("random", language), "mixed": _("mixed", language)}


#: Bot kinds a reader can choose, by name, with a one-line description (English: :func:`bot_kind_texts`).
BOT_KINDS = bot_kind_texts("en")


def make_bot(kind: str):
    """A bot from its name in :data:`BOT_KINDS`; a bad name raises ``SetupError``."""
    from pushlab.luck import bots
    makers = {
        "cautious": lambda: bots.StopAfter(2),
        "steady": lambda: bots.StopAfter(3),
        "bold": lambda: bots.StopAtRisk(0.3),
        "greedy": lambda: bots.Greedy(),
        "hint": lambda: bots.HintBot(),
        "rollout": lambda: bots.RolloutBot(100, phases=("turn", "push")),
        "random": lambda: bots.RandomBot(),
    }
    if kind not in makers:
        raise SetupError(_("unknown bot kind {kind}; choose one of {kinds}").format(
            kind=repr(kind), kinds=", ".join(makers)))
    return makers[kind]()


@dataclass
class Decision:
    """One decision of the reader: the state, the action, and (once reviewed) the whole-game advice."""

    state: object
    action: str
    advice: object = None

    @property
    def judged(self) -> bool:
        """True when the decision had a choice (more than one legal action)."""
        return len(self.state.legal_actions()) > 1

    @property
    def regret(self) -> tuple | None:
        """(win probability lost against the advice's best action, its SE), None before review."""
        if self.advice is None:
            return None
        if self.action == self.advice.best:
            return 0.0, 0.0
        return self.advice.edge(self.advice.best, self.action)


def starts(language: str | None = None) -> dict:
    """Who starts, as the setup offers it."""
    return {"random": _("chosen at random", language), "you": _("you start", language),
            "bot": _("a bot starts", language)}


STARTS = starts("en")


class LuckSession(Session):
    """A game between the reader (seat ``you``) and bots in the other seats; no widgets.

    ``act(action)`` applies the reader's action (an illegal one raises ``IllegalAction``
    and leaves the state unchanged), then the bots move until the reader must decide
    again or the game is over. ``undo()`` goes back to the reader's previous decision. Without a ``game``,
    ``first`` says who starts: ``"you"``, ``"bot"`` or ``"random"`` (the reader, Ann, then
    sits where that puts her; the first listed player starts, as the rules let players
    decide). ``policy`` is how every seat plays in the whole-game rollouts. ``switch_rule``
    (rule 10, ``"turn"`` or ``"game"``) sets up the new game when no ``game`` is given.

    >>> from pushlab.luck import Game
    >>> s = LuckSession(Game.new(["Ann", "Bot"], deck="R3 B5 G1 Y2", rolls="*"), bots=["cautious"])
    >>> s.act("stop")
    Traceback (most recent call last):
    ...
    pushlab.errors.IllegalAction: cannot 'stop' now: Ann must draw (nothing to bank); legal actions: draw
    >>> s.act("draw"); s.game.phase
    'place'
    >>> LuckSession(n_bots=2, seed=1, first="bot").you in (1, 2)
    True
    """

    def __init__(self, game=None, *, n_bots: int = 2, bots=None, seed=None, you: int | None = None,
                 first: str = "you", track_regret: bool = True, names=None, policy=None,
                 switch_rule: str = "turn"):
        self.rng = np.random.default_rng(seed)
        if bots is None:
            bots = ["steady"] * n_bots
        bots = list(bots)
        if not 1 <= len(bots) <= 5:
            raise SetupError(_("play against 1 to 5 bots, not {n}").format(n=len(bots)))
        if first not in STARTS:
            raise SetupError(_("first must be one of {choices}, not {value}").format(
                choices=", ".join(STARTS), value=repr(first)))
        self.bot_kinds = [b if isinstance(b, str) else type(b).__name__ for b in bots]
        if game is None:
            from pushlab.luck import Game
            n = len(bots) + 1
            if you is None:
                you = {"you": 0, "bot": int(self.rng.integers(1, n)) if n > 1 else 0,
                       "random": int(self.rng.integers(0, n))}[first]
            base = list(names or ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"][:n])
            order = base[1:]
            order.insert(you, base[0])
            game = Game.new(order, seed=self.rng, switch_rule=switch_rule)
        you = 0 if you is None else you
        if game.num_players != len(bots) + 1:
            raise SetupError(_("the game has {players} players but {bots} bots + you were given").format(
                players=game.num_players, bots=len(bots)))
        if not 0 <= you < game.num_players:
            raise SetupError(_("seat {seat} does not exist in a {players}-player game").format(
                seat=you, players=game.num_players))
        seats = [i for i in range(game.num_players) if i != you]
        super().__init__(game, you=you, rng=self.rng,
                         bots={seat: (make_bot(b) if isinstance(b, str) else b) for seat, b in zip(seats, bots)})
        self.track_regret = track_regret
        self.policy = policy
        # the rollouts draw from their own stream, so the bots play the same with or without them
        self.advice_rng = np.random.default_rng(self.rng.bit_generator.seed_seq.spawn(1)[0])
        self.decisions: list[Decision] = []      # one per entry of ``history``
        self._advisers = {}
        self.run_bots()

    # -- queries
    @property
    def labels(self) -> list[str]:
        """A word per seat: '' for the reader, else the bot's kind ('steady bot')."""
        out, kinds = [], iter(self.bot_kinds)
        names = bot_kind_names()
        for i in range(self.game.num_players):
            if i == self.you:
                out.append("")
            else:
                kind = next(kinds)
                out.append(_("{kind} bot").format(kind=names.get(kind, kind)))
        return out

    def hint(self):
        """The one-turn hint for the reader's current decision (``.values``, ``.best``), or None."""
        if not self.your_move:
            return None
        from pushlab.luck import odds
        return odds.hint(self.game)

    def hint_text(self) -> str:
        """One sentence: what the one-turn hint would do here and what it is worth this turn."""
        h = self.hint()
        if h is None:
            return ""
        values = dict(h.values)
        best = h.best
        banks = {a for a in values if a.startswith("bank")}
        others = [v for a, v in values.items() if a != best and a not in banks]
        how = _("in the hint's model, {how}").format(how=_how(h))
        value = nums.decimal(float(values[best]), 1, group=False, sign=True)
        if others:
            text = _("This turn only ({how}): {action} is worth {value} points, {gain} points over the "
                     "next move.").format(how=how, action=_action_words(best), value=value,
                                          gain=nums.decimal(
                                              float(values[best]) - float(max(others)), 1, group=False, sign=True))
        else:
            text = _("This turn only ({how}): {action} is worth {value} points.").format(
                how=how, action=_action_words(best), value=value)
        if banks:
            text += " " + _("Banking counts 0 here: its pay-off comes in later turns (see the whole game).")
        return text

    def adviser(self, state=None):
        """The (cached) :class:`~pushlab.luck.advice.Adviser` of ``state`` (default: now)."""
        from pushlab.luck.advice import Adviser
        state = self.game if state is None else state
        ad = self._advisers.get(state)
        if ad is None:
            ad = self._advisers[state] = Adviser(state, policy=self.policy, seed=self.advice_rng)
        return ad

    def advice_steps(self, rollouts: int = ADVICE_ROLLOUTS, chunk: int = 100):
        """Compute the whole-game advice for the reader's decision now, ``chunk`` rollouts
        per action at a time; yields ``(done, total)`` after each chunk."""
        if not self.your_move:
            return
        ad = self.adviser()
        while ad.rollouts < rollouts:
            ad.step(min(chunk, rollouts - ad.rollouts))
            yield ad.rollouts, rollouts

    def advice(self, rollouts: int = ADVICE_ROLLOUTS):
        """The whole-game advice for the reader's decision now (None when a bot moves)."""
        if not self.your_move:
            return None
        for _ in self.advice_steps(rollouts):
            pass
        return self.adviser().advice()

    # -- actions
    def act(self, action: str, then_bots: bool = True) -> None:
        """Apply the reader's action and remember it as a decision; an illegal one raises ``IllegalAction``."""
        self.check(action)
        new = self.game.apply(action)
        self.decisions.append(Decision(self.game, self._canonical(action, new)))
        self.advance(new, then_bots)

    def undo(self) -> None:
        """Go back to before the reader's last decision (bot moves after it are undone too)."""
        super().undo()
        del self.decisions[len(self.history):]

    def _canonical(self, action: str, new) -> str:
        """The legal action string that led to ``new`` (the engine accepts e.g. 'Bank red' for 'bank R')."""
        legal = self.game.legal_actions()
        if action in legal:
            return action
        return next((a for a in legal if self.game.apply(a) == new), action)

    # -- the review
    def review_steps(self, rollouts: int = REVIEW_ROLLOUTS, chunk: int = 100):
        """Judge every decision with a choice against whole-game advice (``rollouts`` per
        action); yields ``(done, total)`` after each chunk. Nothing when regret is not tracked."""
        if not self.track_regret:
            return
        todo = [d for d in self.decisions if d.judged]
        for k, d in enumerate(todo):
            ad = self.adviser(d.state)
            while ad.rollouts < rollouts:
                ad.step(min(chunk, rollouts - ad.rollouts))
                yield k, len(todo)
            d.advice = ad.advice()
        yield len(todo), len(todo)

    def review(self, rollouts: int = REVIEW_ROLLOUTS) -> list[dict]:
        """Run :meth:`review_steps` to the end and return :meth:`regret_rows`."""
        for _ in self.review_steps(rollouts):
            pass
        return self.regret_rows()

    @property
    def reviewed(self) -> bool:
        """True when every judged decision has its advice."""
        return all(d.advice is not None for d in self.decisions if d.judged)

    def regret_rows(self) -> list[dict]:
        """One row per reviewed decision: phase, action, best action, win probabilities and
        the win probability lost (``regret``, with its paired SE ``regret_se``)."""
        rows = []
        for d in self.decisions:
            if d.advice is None:
                continue
            r, se = d.regret
            v = d.advice.values
            rows.append({"phase": d.state.phase, "action": d.action, "best": d.advice.best,
                         "win": v[d.action].win, "best_win": v[d.advice.best].win,
                         "regret": r, "regret_se": se})
        return rows

    def total_regret(self) -> tuple:
        """(win probability lost against the advice, summed over reviewed decisions; its SE)."""
        rows = self.regret_rows()
        return (float(sum(r["regret"] for r in rows)),
                float(np.sqrt(sum(r["regret_se"] ** 2 for r in rows))))
