"""The experiments a class can run: each a small task a student repeats, and the answer to compare.

Every experiment is a frozen value with the library's answer beside it
(:meth:`Experiment.reference`): exact where pushlab computes it exactly, estimated (with
its uncertainty and model) where it is simulated. :data:`MENU` lists the built-in kinds:

- :class:`BustTime` -- "How many cards until a bust?": from a table with three columns
  the student draws until a card fits no column (the rest of the deck shuffled fresh for
  every try, cards placed by the bots' rule); exact distribution by
  :func:`pushlab.luck.sim.bust_time_distribution`.
- :class:`FourthCard` -- "Does a 4th card bust?": three cards on the table, one more
  drawn; exact :func:`pushlab.luck.odds.bust_probability`.
- :class:`BankOrPush` -- "Bank or push?" at a shared position (a ``?position=`` text):
  the student decides, the rest of the game is played out by the advice's policy;
  against the whole-game advice :func:`pushlab.luck.advise` (estimated by rollouts).
- :class:`RummyContract` -- "Does the contract come in the first N draws?" (rummy deal 1,
  the drawn cards kept); exact :func:`pushlab.rummy.odds.contract_draw_distribution`.

A teacher defines a new experiment in Python by subclassing :class:`Experiment` (see
``docs/teaching.md``) and registering it with :func:`register`. Each experiment gives a
UI-free :class:`Task` per try (``new_task(rng)``): the student apps only show it and call
``act``.

>>> e = FourthCard.default()
>>> e.reference().values[1], e.outcomes
(Fraction(4, 39), (0, 1))
>>> e == Experiment.from_record("fourth-card", e.params())
True
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

import numpy as np

from pushlab.checks import is_count
from pushlab.classroom.tries import ClassroomError
from pushlab.i18n import _
from pushlab.i18n import numbers as nums

__all__ = ["Reference", "Task", "Experiment", "BustTime", "FourthCard", "BankOrPush", "RummyContract",
           "MENU", "register", "table_position", "fraction_text", "parse_fraction"]

#: kind -> Experiment class (the menu and every experiment defined with :func:`register`).
KINDS: dict = {}


def register(cls):
    """Add an Experiment subclass to the kinds the store can rebuild (a class decorator)."""
    if not (isinstance(cls, type) and issubclass(cls, Experiment)) or not cls.kind:
        raise ClassroomError(f"register needs an Experiment subclass with a kind, not {cls!r}")
    KINDS[cls.kind] = cls
    return cls


def fraction_text(p) -> str:
    """An exact Fraction as ``"num/den"`` (JSON-safe)."""
    p = Fraction(p)
    return f"{p.numerator}/{p.denominator}"


def parse_fraction(text) -> Fraction:
    """The Fraction of :func:`fraction_text`."""
    return Fraction(str(text))


@dataclass(frozen=True)
class Reference:
    """The answer an experiment's pooled tries are compared with.

    ``values``: outcome (or choice) -> probability or rate; ``exact``: Fractions computed
    exactly, else estimates with standard errors ``se`` (same keys) and 95% intervals
    ``ci``; ``model``: one sentence saying what was computed, under which model.
    """

    values: dict
    exact: bool
    model: str
    se: dict = field(default_factory=dict)
    ci: dict = field(default_factory=dict)

    def mean(self) -> float:
        """The expected outcome (a distribution's keys weighted by their probabilities)."""
        return float(sum(Fraction(k) * Fraction(v) for k, v in self.values.items()))


class Task:
    """One try in progress (UI-free): ``actions()`` now possible, ``act(name)``, then ``done``
    with ``outcome`` (an int) and ``choice``. ``note`` says in a sentence what just happened."""

    done = False
    outcome: int | None = None
    choice: str | None = None
    note = ""

    def actions(self) -> tuple:  # pragma: no cover - abstract
        raise NotImplementedError

    def act(self, name: str) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _check(self, name: str) -> None:
        if self.done:
            raise ClassroomError(_("this try is finished: start the next one"))
        if name not in self.actions():
            raise ClassroomError(_("{action} is not possible now; possible: {actions}").format(
                action=repr(name), actions=", ".join(self.actions())))


@dataclass(frozen=True)
class Experiment:
    """A class experiment (see the module doc). Subclasses set ``kind``, ``shape``
    (``"distribution"``, ``"proportion"`` or ``"choices"``) and implement the methods."""

    kind = ""
    shape = "distribution"

    @classmethod
    def default(cls) -> Experiment:
        """The experiment as the menu starts it."""
        return cls()

    @classmethod
    def menu_title(cls) -> str:
        """The experiment's name in the teacher's menu (without building it)."""
        return cls.kind

    @classmethod
    def from_record(cls, kind: str, params: dict) -> Experiment:
        """Rebuild an experiment from the store's ``kind`` and ``params``."""
        if kind not in KINDS:
            raise ClassroomError(f"unknown experiment kind {kind!r}; known: {', '.join(KINDS)}")
        return KINDS[kind].from_params(params)

    @classmethod
    def from_params(cls, params: dict) -> Experiment:
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in params.items() if k in names})

    def params(self) -> dict:
        """Everything needed to rebuild it (JSON), the reference included once computed."""
        return dataclasses.asdict(self)

    def title(self) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def question(self) -> str:
        """What the student does and what is counted, in a sentence or two."""
        return ""

    @property
    def outcomes(self) -> tuple:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def choices(self) -> tuple:
        return ()

    def outcome_label(self, outcome: int) -> str:
        return str(outcome)

    def success(self, outcome: int) -> float:
        """The 0..1 value of an outcome for the headline rate (proportion experiments)."""
        return float(outcome)

    def reference(self) -> Reference:  # pragma: no cover - abstract
        raise NotImplementedError

    def new_task(self, rng) -> Task:  # pragma: no cover - abstract
        raise NotImplementedError

    def prepared(self) -> Experiment:
        """This experiment with its reference computed and kept in its params (the teacher's
        kernel computes it once when the experiment is started; students' kernels and the
        dashboard then read it)."""
        return self


# ---------------------------------------------------------------------- push-your-luck tables

def table_position(columns: str, players: int = 3, seed: int = 0) -> str:
    """The position text (:mod:`pushlab.share`) of a fresh game whose first player has drawn
    ``columns`` (``"R1 B2 G3|Y4 P5 R6|B3 G4 Y1"``: the cards of each column, ``|`` between
    columns) and placed them so; the rest of the deck is shuffled by ``seed``.

    >>> from pushlab.share import decode
    >>> [len(c) for c in decode(table_position("R1|B1|G1")).columns]
    [1, 1, 1]
    """
    from pushlab.luck import Game
    from pushlab.luck.cards import full_deck, parse_cards
    from pushlab.share import encode

    cols = [parse_cards(c) for c in columns.split("|")]
    first = [c for col in cols for c in col]
    rest = Counter(full_deck(players > 2))
    rest.subtract(first)
    if any(n < 0 for n in rest.values()):
        raise ClassroomError(f"more copies of a card than the deck holds in {columns!r}")
    pile = list(rest.elements())
    np.random.default_rng(seed).shuffle(pile)
    g = Game.new(players, deck=" ".join(str(c) for c in first + pile), seed=seed)
    for j, col in enumerate(cols):
        for _card in col:
            g = g.apply("draw").apply(f"place {j}")
    return encode(g)


@lru_cache(maxsize=32)
def _decoded(text: str):
    from pushlab.share import decode

    return decode(text)


def _luck_position(text: str, phases=("push", "turn")):
    from pushlab.luck import Game

    game = _decoded(text)
    if not isinstance(game, Game) or game.is_over or game.phase not in phases:
        raise ClassroomError(_("this experiment needs a push-your-luck position where the player "
                               "can draw"))
    return game


def _shuffled(game, rng):
    """``game`` with its draw pile in a fresh random order (the table stays)."""
    pile = list(game.draw_pile)
    order = rng.permutation(len(pile))
    return dataclasses.replace(game, draw_pile=tuple(pile[i] for i in order))


class _DrawTask(Task):
    """Draw until a bust (or once): the table shown is ``game``, the last card ``card``."""

    def __init__(self, game, rng, once: bool):
        self.game = _shuffled(game, rng)
        self.once = once
        self.drawn = 0
        self.card = None
        self.busted = False

    def actions(self) -> tuple:
        return () if self.done else ("draw",)

    def act(self, name: str) -> None:
        from pushlab.luck.bots import placement

        self._check(name)
        g = self.game
        if not g.draw_pile:
            self.done, self.outcome = True, 0
            self.note = _("The draw pile is empty: no bust.")
            return
        card = g.draw_pile[0]
        self.card, self.drawn = card, self.drawn + 1
        where = None if card.is_switch else placement(card, g.columns)
        if not card.is_switch and where is None:
            self.busted, self.done = True, True
            self.outcome = 1 if self.once else self.drawn
            self.note = _("Bust! {card} fits no column.").format(card=card.code)
            return
        g = g.apply("draw")
        if g.phase == "place":
            g = g.apply(f"place {where}")
        self.game = g
        if card.is_switch:
            self.note = _("{card}: set aside, it never busts.").format(card=card.code)
        else:
            self.note = _("{card} goes into column {n}.").format(card=card.code, n=where + 1)
        if self.once:
            self.done, self.outcome = True, 0


DEFAULT_TABLE = "R1 B2 G3|Y4 P5 R6|B3 G4 Y1"


@register
@dataclass(frozen=True)
class BustTime(Experiment):
    """How many cards until a bust? (see the module doc). ``position``: the table (a
    :mod:`pushlab.share` text); ``exact``: the distribution as ``{k: "num/den"}`` once
    computed (:meth:`prepared`)."""

    position: str = ""
    exact: dict = field(default_factory=dict, compare=False)
    kind = "bust-time"
    shape = "distribution"

    @classmethod
    def menu_title(cls) -> str:
        return _("How many cards until a bust?")

    def __post_init__(self):
        if not self.position:
            object.__setattr__(self, "position", table_position(DEFAULT_TABLE))
        _luck_position(self.position)

    def title(self) -> str:
        return _("How many cards until a bust?")

    def question(self) -> str:
        return _("Draw cards until one fits no column: the app puts each card where the bots would. "
                 "The rest of the deck is shuffled again for every try. Count every card drawn, the "
                 "busting card included.")

    def _distribution(self) -> dict:
        if self.exact:
            return {int(k): parse_fraction(v) for k, v in self.exact.items()}
        from pushlab.luck.sim import bust_time_distribution
        return bust_time_distribution(_luck_position(self.position))

    def prepared(self) -> BustTime:
        exact = {str(k): fraction_text(v) for k, v in self._distribution().items()}
        return dataclasses.replace(self, exact=exact)

    @property
    def outcomes(self) -> tuple:
        return tuple(range(0, max(self._distribution()) + 1))

    def outcome_label(self, outcome: int) -> str:
        return _("no bust") if outcome == 0 else str(outcome)

    def reference(self) -> Reference:
        return Reference(self._distribution(), True, _(
            "exact: every order of the cards left, each card placed by the bots' rule "
            "({source})").format(source="pushlab.luck.sim.bust_time_distribution"))

    def new_task(self, rng) -> Task:
        return _DrawTask(_luck_position(self.position), rng, once=False)


@register
@dataclass(frozen=True)
class FourthCard(Experiment):
    """Does a 4th card bust? One card drawn at a fixed table (``position``)."""

    position: str = ""
    kind = "fourth-card"
    shape = "proportion"

    @classmethod
    def menu_title(cls) -> str:
        return _("Does a 4th card bust?")

    def __post_init__(self):
        if not self.position:
            object.__setattr__(self, "position", table_position("R1|B1|G1"))
        _luck_position(self.position)

    def _cards(self) -> int:
        return sum(len(c) for c in _luck_position(self.position).columns)

    def title(self) -> str:
        return _("Does a 4th card bust?") if self._cards() == 3 else _("Does the next card bust?")

    def question(self) -> str:
        return _("The table shows the cards drawn so far. Draw one more card: does it fit no column? "
                 "The rest of the deck is shuffled again for every try.")

    @property
    def outcomes(self) -> tuple:
        return (0, 1)

    def outcome_label(self, outcome: int) -> str:
        return _("bust") if outcome else _("no bust")

    def reference(self) -> Reference:
        from pushlab.luck import odds

        p = odds.bust_probability(_luck_position(self.position))
        return Reference({1: p, 0: 1 - p}, True, _(
            "exact: busting cards left in the pile over all cards left ({source})").format(
                source="pushlab.luck.odds.bust_probability"))

    def new_task(self, rng) -> Task:
        return _DrawTask(_luck_position(self.position), rng, once=True)


# ---------------------------------------------------------------------- bank or push

def bank_position(seed: int = 14, players: int = 3, turns: int = 9) -> str:
    """A position where the player to move may bank or push: a seeded game of
    ``StopAfter(3)`` bots played to the start of turn ``turns + 1`` (then on, turn by turn,
    to the first turn whose player has a bench to bank)."""
    from pushlab.luck import Game
    from pushlab.luck.bots import StopAfter
    from pushlab.share import encode

    rng = np.random.default_rng(seed)
    bot = StopAfter(3)
    g = Game.new(players, seed=rng)
    while not g.is_over:
        if g.phase == "turn" and g.turn > turns and any(a.startswith("bank") for a in g.legal_actions()):
            return encode(g)
        g = g.apply(bot.choose(g, rng))
    raise ClassroomError(f"no bank decision in the game of seed {seed}")


class _OutcomeTask(Task):
    """One decision, then the rest of the game played out (the advice's model)."""

    def __init__(self, game, policy, rng):
        self.game, self.policy, self.rng = game, policy, rng
        self.final = None

    def actions(self) -> tuple:
        return () if self.done else tuple(self.game.legal_actions())

    def act(self, name: str) -> None:
        from pushlab.luck.sim import continue_engine, encode

        self._check(name)
        me = self.game.current_player
        pile = encode(self.game.draw_pile)
        deck = self.rng.permutation(pile)[None, :]
        dice = self.rng.integers(0, 6, size=(1, len(pile) + 8))
        self.final = continue_engine(self.game, self.policy, deck, dice, action=name)[0]
        winners = self.final.winners()
        self.choice = name
        self.outcome = len(winners) if me in winners else 0
        self.done = True
        scores = ", ".join(f"{p} {s}" for p, s in zip(self.final.players, self.final.scores()))
        if self.outcome == 1:
            self.note = _("You won! Final scores: {scores}.").format(scores=scores)
        elif self.outcome:
            self.note = _("You share the win. Final scores: {scores}.").format(scores=scores)
        else:
            self.note = _("You lost this time. Final scores: {scores}.").format(scores=scores)


@register
@dataclass(frozen=True)
class BankOrPush(Experiment):
    """Bank or push? at a shared ``position``; ``advice``: ``{action: [win, se, low, high]}``
    once computed with ``rollouts`` rollouts per action (seed ``seed``), every seat then
    playing ``policy``."""

    position: str = ""
    rollouts: int = 2000
    seed: int = 2026
    policy: str = ""
    advice: dict = field(default_factory=dict, compare=False)
    kind = "bank-or-push"
    shape = "choices"

    @classmethod
    def menu_title(cls) -> str:
        return _("Bank or push?")

    def __post_init__(self):
        from pushlab.luck.policy import DEFAULT_POLICY

        if not self.position:
            object.__setattr__(self, "position", bank_position())
        if not self.policy:
            object.__setattr__(self, "policy", str(DEFAULT_POLICY))
        _luck_position(self.position, phases=("turn",))

    def title(self) -> str:
        return _("Bank or push?")

    def question(self) -> str:
        return _("It is your turn at this table. Bank a colour or push on (draw)? Then the rest of the "
                 "game is played out for everyone, with the bots' plan (a fresh shuffle and fresh die "
                 "rolls each time). Did you win?")

    @property
    def choices(self) -> tuple:
        return tuple(_luck_position(self.position, phases=("turn",)).legal_actions())

    @property
    def outcomes(self) -> tuple:
        return tuple(range(0, _luck_position(self.position, phases=("turn",)).num_players + 1))

    def outcome_label(self, outcome: int) -> str:
        return _("did not win") if outcome == 0 else (_("won") if outcome == 1 else _("shared win"))

    def success(self, outcome: int) -> float:
        return 0.0 if outcome == 0 else 1.0 / outcome

    def _advice(self) -> dict:
        if self.advice:
            return self.advice
        from pushlab.luck.advice import advise

        a = advise(_luck_position(self.position, phases=("turn",)), rollouts=self.rollouts,
                   policy=self.policy, seed=self.seed)
        return {k: [v.win, v.win_se, v.win_low, v.win_high] for k, v in a.values.items()}

    def prepared(self) -> BankOrPush:
        return dataclasses.replace(self, advice=self._advice())

    def reference(self) -> Reference:
        from pushlab.luck.policy import policy_label

        adv = self._advice()
        return Reference({k: v[0] for k, v in adv.items()}, False, _(
            "estimated: {n} games played to the end from this table for each choice, every player then "
            "following the plan {policy} ({source})").format(
                n=nums.decimal(self.rollouts, 0), policy=policy_label(self.policy),
                                                             source="pushlab.luck.advise"),
            se={k: v[1] for k, v in adv.items()}, ci={k: (v[2], v[3]) for k, v in adv.items()})

    def new_task(self, rng) -> Task:
        from pushlab.luck.policy import Policy

        return _OutcomeTask(_luck_position(self.position, phases=("turn",)), Policy.parse(self.policy), rng)


# ---------------------------------------------------------------------- rummy

class _RummyTask(Task):
    """Deal a hand, then draw up to ``draws`` stock cards, keeping them; stop when the contract is held."""

    def __init__(self, deal: int, draws: int, rng):
        from pushlab.rummy.cards import full_deck
        from pushlab.rummy.melds import HAND_SIZES

        deck = list(full_deck())
        order = rng.permutation(len(deck))
        self.deck = [deck[i] for i in order]
        self.deal, self.draws = deal, draws
        self.hand = self.deck[:HAND_SIZES[deal]]
        self.drawn = 0
        self.melds = ()
        self._settle()

    def _met(self):
        from pushlab.rummy.finder import quick_contract

        way = quick_contract(tuple(self.hand), self.deal)
        return way

    def _settle(self) -> None:
        way = self._met()
        if way is not None:
            self.melds = tuple(way.melds)
            self.done, self.outcome = True, self.drawn
            self.note = (_("The dealt hand already holds the contract!") if self.drawn == 0 else
                         _("Draw {n} completes the contract!").format(n=self.drawn))
        elif self.drawn == self.draws:
            self.done, self.outcome = True, self.draws + 1
            self.note = _("No contract within {n} draws.").format(n=self.draws)

    def actions(self) -> tuple:
        return () if self.done else ("draw",)

    def act(self, name: str) -> None:
        from pushlab.rummy.melds import HAND_SIZES

        self._check(name)
        self.drawn += 1
        card = self.deck[HAND_SIZES[self.deal] + self.drawn - 1]
        self.hand = self.hand + [card]
        self.note = _("You drew {card}.").format(card=card.pretty)
        self._settle()


@register
@dataclass(frozen=True)
class RummyContract(Experiment):
    """Does the contract come in the first ``draws`` draws? (rummy ``deal`` 1 or 4)."""

    deal: int = 1
    draws: int = 6
    kind = "rummy-contract"
    shape = "distribution"

    @classmethod
    def menu_title(cls) -> str:
        return _("Does the contract come in the first {n} draws?").format(n=6)

    def __post_init__(self):
        if self.deal not in (1, 4) or not is_count(self.draws, 1, 30):
            raise ClassroomError(f"the rummy experiment takes deal 1 or 4 and 1 to 30 draws, not "
                                 f"deal {self.deal!r}, {self.draws!r} draws")

    def title(self) -> str:
        return _("Does the contract come in the first {n} draws?").format(n=self.draws)

    def question(self) -> str:
        from pushlab.rummy.melds import contract_words

        return _("You are dealt a hand for deal {deal} ({contract}). Draw up to {n} cards from the stock "
                 "and keep them all: when does your hand first hold the contract?").format(
                     deal=self.deal, contract=contract_words(self.deal), n=self.draws)

    @property
    def outcomes(self) -> tuple:
        return tuple(range(0, self.draws + 2))

    def outcome_label(self, outcome: int) -> str:
        if outcome == self.draws + 1:
            return _("not within {n}").format(n=self.draws)
        return _("dealt") if outcome == 0 else str(outcome)

    def success(self, outcome: int) -> float:
        return float(outcome <= self.draws)

    def reference(self) -> Reference:
        from pushlab.rummy import odds

        return Reference(odds.contract_draw_distribution(self.deal, self.draws), True, _(
            "exact: every hand of that many cards from the 108 counted ({source}; lesson 07 counts the dealt "
            "hands the same way)").format(source="pushlab.rummy.odds.contract_draw_distribution"))

    def new_task(self, rng) -> Task:
        return _RummyTask(self.deal, self.draws, rng)


#: The built-in experiments a teacher starts from the dashboard, in menu order.
MENU = (BustTime, FourthCard, BankOrPush, RummyContract)
