"""Whole-game policies for Push (push-your-luck): one vocabulary for bots, rollouts and searches.

A :class:`Policy` says how a seat plays every decision of a whole game:

- a **stop rule** (:class:`StopRule`) for the push phase: ``after k`` (stop once ``k``
  cards lie in the columns, as ``StopAfter(k)``), ``risk p`` (stop once the next card
  busts with probability at least ``p``, counting cards, as ``StopAtRisk(p)``), or
  ``optimal`` (the one-turn expectimax hint of :mod:`pushlab.luck.odds`, a model's
  best move, not optimal play: its reader's label says "follow the one-turn hint";
  readable engine only: the batched simulator cannot run it and says so);
- a **bank rule** (:class:`BankRule`, optional) at the start of a turn, applied to the
  bench colour with the most points (ties ``RBGYP``): ``bank at x`` banks it once it
  holds ``x`` points (as ``bank_at=x``); ``bank loss t`` banks it once its expected loss
  before the game ends reaches ``t`` points, by the cheap forecast :func:`loss_ahead`;
- an **endgame** (:class:`Endgame`, optional): once the draw pile holds at most ``pile``
  cards at a push decision, another stop rule applies.

Placing and taking follow the shared rules (:func:`~pushlab.luck.rules.placement`,
:func:`~pushlab.luck.rules.take_choice`). A policy is a bot (``choose(game, rng)``) and a
value with a text form that round-trips:

>>> p = Policy.parse("after 4, bank at 12, endgame 20: after 6")
>>> p
Policy('after 4, bank at 12, endgame 20: after 6')
>>> Policy.parse(str(p)) == p, p.stop, p.bank, p.endgame.pile
(True, StopRule('after 4'), BankRule('bank at 12'), 20)
>>> from pushlab.luck.bots import StopAfter, StopAtRisk
>>> Policy.of(StopAfter(4, bank_at=12)), Policy.of(StopAtRisk(0.3))
(Policy('after 4, bank at 12'), Policy('risk 0.3'))
>>> Policy.parse("after four")
Traceback (most recent call last):
...
pushlab.errors.ParseError: not a stop rule: 'after four' (expected 'after K', 'risk P' or 'optimal')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from numbers import Real

from pushlab.errors import IllegalAction, ParseError, SetupError, UnsupportedPolicy
from pushlab.i18n.policies import policy_text
from pushlab.checks import is_count, probability as as_fraction
from pushlab.luck.odds import hint
from pushlab.luck.rules import (bench_colour_points, cards_in_columns, pile_bust_probability, placement,
                                take_choice)
from pushlab.luck.cards import COLOURS

__all__ = ["BankRule", "Endgame", "Policy", "StopRule", "UnsupportedPolicy", "loss_ahead",
           "rolls_forecast", "policy_label", "policy_key", "DEFAULT_POLICY", "BUSTS_PER_CARD"]

#: Busts per card drawn in the forecast of rolls ahead (:func:`rolls_forecast`). Measured
#: (engine, 40 games each): 0.002 with ``after 4`` at every seat (3-card pushes rarely
#: bust), 0.047 with ``risk 0.3`` (3 players); 1/40 sits between.
BUSTS_PER_CARD = Fraction(1, 40)


def _count(value, what: str, low: int = 1) -> int:
    """``value`` as an int >= ``low``, else SetupError naming ``what``."""
    if not is_count(value, low):
        raise SetupError(f"{what} must be an int >= {low}, got {value!r}")
    return int(value)


def _number_text(x) -> str:
    """A threshold as text: ints plainly, Fractions as a/b, floats by repr."""
    if isinstance(x, Fraction):
        return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    return repr(x) if isinstance(x, float) else str(x)


def _parse_number(text: str, what: str):
    """An int, a float or a fraction a/b from text, else ParseError."""
    try:
        if "/" in text:
            return Fraction(text)
        return int(text) if text.lstrip("-").isdigit() else float(text)
    except (ValueError, ZeroDivisionError):
        raise ParseError(f"not a number in {what}: {text!r}") from None


# ---------------------------------------------------------------------- rules
@dataclass(frozen=True)
class StopRule:
    """When to stop pushing: ``after`` k cards in the columns, at ``risk`` p, or ``optimal``.

    >>> StopRule.parse("risk 1/4").value, str(StopRule("after", 3))
    (Fraction(1, 4), 'after 3')
    """

    kind: str
    value: object = None

    def __post_init__(self):
        if self.kind == "after":
            object.__setattr__(self, "value", _count(self.value, "the card count k of 'after k'"))
        elif self.kind == "risk":
            as_fraction(self.value)             # validates; the text keeps what was given
        elif self.kind == "optimal":
            if self.value is not None:
                raise SetupError(f"the 'optimal' stop rule takes no value, got {self.value!r}")
        else:
            raise SetupError(f"unknown stop rule {self.kind!r} (after, risk or optimal)")

    @classmethod
    def parse(cls, text: str) -> StopRule:
        """Read ``after K``, ``risk P`` or ``optimal``."""
        words = str(text).split()
        bad = ParseError(f"not a stop rule: {text!r} (expected 'after K', 'risk P' or 'optimal')")
        if words == ["optimal"]:
            return cls("optimal")
        if len(words) != 2 or words[0] not in ("after", "risk"):
            raise bad
        if words[0] == "after" and not words[1].isdigit():
            raise bad
        try:
            return cls(words[0], _parse_number(words[1], "a stop rule"))
        except SetupError as exc:
            raise ParseError(f"{exc} in {text!r}") from None

    @property
    def risk(self) -> Fraction | None:
        """The risk threshold as an exact Fraction (``risk`` rules), else None."""
        return as_fraction(self.value) if self.kind == "risk" else None

    def stops(self, game) -> bool:
        """Stop now? (a column exists and the pile is not empty; readable rules)."""
        if self.kind == "after":
            return cards_in_columns(game) >= self.value
        if self.kind == "risk":
            return pile_bust_probability(game) >= self.risk
        return hint(game).best == "stop"

    def __str__(self) -> str:
        return self.kind if self.kind == "optimal" else f"{self.kind} {_number_text(self.value)}"

    @property
    def key(self) -> tuple:
        """The rule as plain values (``("after", 4)``, ``("risk", 0.3)``, ``("optimal",)``): its
        identity for :mod:`pushlab.i18n.policies`, which writes the label."""
        return ("optimal",) if self.kind == "optimal" else (self.kind, self.value)

    def label(self, language: str | None = None) -> str:
        """The rule's name for a reader in ``language`` (default: the current one), its number
        written as the language writes it (``'risk 0.15'``, Czech ``'riziko 0,15'``). A label
        is for reading only: code keeps the rule or its text (``str(rule)``)."""
        return policy_text(self.key, language)

    def __repr__(self) -> str:
        return f"StopRule({str(self)!r})"


@dataclass(frozen=True)
class BankRule:
    """When to bank the top bench colour: ``at`` x points, or once its expected ``loss`` reaches t.

    >>> str(BankRule("loss", 2.5)), BankRule.parse("bank at 12").value
    ('bank loss 2.5', 12)
    """

    kind: str
    value: object

    def __post_init__(self):
        if self.kind == "at":
            object.__setattr__(self, "value", _count(self.value, "the points x of 'bank at x'"))
        elif self.kind == "loss":
            v = self.value
            if isinstance(v, bool) or not isinstance(v, (Real, Fraction)) or not v >= 0:
                raise SetupError(f"the threshold t of 'bank loss t' must be a number >= 0, got {v!r}")
        else:
            raise SetupError(f"unknown bank rule {self.kind!r} (at or loss)")

    @classmethod
    def parse(cls, text: str) -> BankRule:
        """Read ``bank at X`` or ``bank loss T``."""
        words = str(text).split()
        if len(words) != 3 or words[0] != "bank" or words[1] not in ("at", "loss"):
            raise ParseError(f"not a bank rule: {text!r} (expected 'bank at X' or 'bank loss T')")
        try:
            return cls(words[1], _parse_number(words[2], "a bank rule"))
        except SetupError as exc:
            raise ParseError(f"{exc} in {text!r}") from None

    def colour(self, game) -> str | None:
        """The colour this rule banks now (phase ``turn``), or None."""
        if game.phase != "turn":
            return None
        points = bench_colour_points(game.benches[game.active_player])
        if not points:
            return None
        best = max(COLOURS, key=lambda c: (points.get(c, 0), -COLOURS.index(c)))
        top = points[best]
        if self.kind == "at":
            return best if top >= self.value else None
        return best if loss_ahead(top, game) >= self.value else None

    def __str__(self) -> str:
        return f"bank {self.kind} {_number_text(self.value)}"

    @property
    def key(self) -> tuple:
        """The rule as plain values: ``("bank at", 12)``, ``("bank loss", 2.5)``."""
        return (f"bank {self.kind}", self.value)

    def label(self, language: str | None = None) -> str:
        """The rule's name for a reader in ``language`` (``'bank loss 2.5'``, Czech ``'banka při ztrátě 2,5'``)."""
        return policy_text(self.key, language)

    def __repr__(self) -> str:
        return f"BankRule({str(self)!r})"


@dataclass(frozen=True)
class Endgame:
    """Once the draw pile holds at most ``pile`` cards at a push decision, stop by ``stop``.

    >>> Endgame.parse("endgame 20: risk 0.4")
    Endgame('endgame 20: risk 0.4')
    """

    pile: int
    stop: StopRule

    def __post_init__(self):
        object.__setattr__(self, "pile", _count(self.pile, "the pile size of an endgame", 0))
        if not isinstance(self.stop, StopRule):
            object.__setattr__(self, "stop", StopRule.parse(self.stop))

    @classmethod
    def parse(cls, text: str) -> Endgame:
        """Read ``endgame N: <stop rule>``."""
        head, sep, rule = str(text).partition(":")
        words = head.split()
        if not sep or len(words) != 2 or words[0] != "endgame" or not words[1].isdigit():
            raise ParseError(f"not an endgame: {text!r} (expected 'endgame N: <stop rule>')")
        return cls(int(words[1]), StopRule.parse(rule))

    def __str__(self) -> str:
        return f"endgame {self.pile}: {self.stop}"

    @property
    def key(self) -> tuple:
        """The endgame as plain values: ``("endgame", 20, ("after", 6))``."""
        return ("endgame", self.pile, self.stop.key)

    def label(self, language: str | None = None) -> str:
        """The endgame's name for a reader in ``language`` (English: ``'endgame 20: after 6'``)."""
        return policy_text(self.key, language)

    def __repr__(self) -> str:
        return f"Endgame({str(self)!r})"


# ---------------------------------------------------------------------- the forecast
def rolls_forecast(game, player: int | None = None) -> Fraction:
    """A cheap forecast of the die rolls ``player`` still faces (default: the active player).

    ``(roll cards in the pile + BUSTS_PER_CARD * pile size) / players``: every roll card
    left is collected by someone, and busts come at a measured rate per card drawn,
    shared evenly. A crude, policy-free forecast for the ``bank loss`` rule; the advice
    estimates the real number by rollouts (:func:`pushlab.luck.advise`).

    >>> from pushlab.luck import Game
    >>> rolls_forecast(Game.new(4, seed=0))                # (18 + 120/40) / 4
    Fraction(21, 4)
    """
    counts = Counter(c.kind for c in game.draw_pile)
    return (counts["roll"] + BUSTS_PER_CARD * game.draw_pile_size) / game.num_players


def loss_ahead(points: int, game) -> Fraction:
    """Expected loss forecast of ``points`` of one colour left on the bench until the end.

    ``points * rolls_forecast(game) / 6``, or ``/ 3`` with the harder option (a star
    loses the whole bench).

    >>> from pushlab.luck import Game
    >>> loss_ahead(30, Game.new(4, seed=0))                 # 30 * 5.25 / 6
    Fraction(105, 4)
    """
    return points * rolls_forecast(game) * (2 if game.harder else 1) / 6


# ---------------------------------------------------------------------- the policy
@dataclass(frozen=True)
class Policy:
    """How a seat plays a whole game: a stop rule, an optional bank rule and endgame.

    Build one from its text (``Policy("after 4, bank at 12")``, :meth:`parse`), from a
    bot (:meth:`of`) or from the fields (rules or their texts). As a bot,
    ``choose(game, rng)`` returns its action (the rng is not used: policies are
    deterministic).

    >>> from pushlab.luck import Game
    >>> Policy.parse("after 1").choose(Game.new(2, deck="R3 B4"))
    'draw'
    """

    stop: StopRule
    bank: BankRule | None = None
    endgame: Endgame | None = None

    def __post_init__(self):
        if isinstance(self.stop, str) and self.bank is None and self.endgame is None:
            whole = Policy.parse(self.stop)              # Policy("after 4, bank at 12")
            for name in ("stop", "bank", "endgame"):
                object.__setattr__(self, name, getattr(whole, name))
        for name, kind in (("stop", StopRule), ("bank", BankRule), ("endgame", Endgame)):
            value = getattr(self, name)
            if isinstance(value, str):
                value = kind.parse(value)
                object.__setattr__(self, name, value)
            if not (isinstance(value, kind) or (value is None and name != "stop")):
                raise SetupError(f"Policy {name} must be a {kind.__name__}, got {value!r}")

    @classmethod
    def parse(cls, text: str) -> Policy:
        """Read ``<stop rule>[, bank at X | bank loss T][, endgame N: <stop rule>]``."""
        if not isinstance(text, str):
            raise ParseError(f"not a policy: {text!r} (expected text such as 'after 4, bank at 12')")
        parts = [p.strip() for p in text.split(",")]
        stop, bank, endgame = StopRule.parse(parts[0]), None, None
        for part in parts[1:]:
            if part.startswith("bank") and bank is None:
                bank = BankRule.parse(part)
            elif part.startswith("endgame") and endgame is None:
                endgame = Endgame.parse(part)
            else:
                raise ParseError(f"not a policy: {text!r}: cannot read {part!r} (expected one "
                                 "'bank at X' / 'bank loss T' and one 'endgame N: <stop rule>')")
        return cls(stop, bank, endgame)

    @classmethod
    def of(cls, obj) -> Policy:
        """A Policy from a Policy, its text, or a bot whose class defines ``as_policy()``
        (``StopAfter``, ``StopAtRisk``; not their subclasses, which may decide differently).

        Anything else (another bot, a function) raises :class:`UnsupportedPolicy`.
        """
        if isinstance(obj, cls):
            return obj
        if isinstance(obj, str):
            return cls.parse(obj)
        convert = type(obj).__dict__.get("as_policy")   # the class's own: a subclass may decide differently
        if convert is not None:
            return convert(obj)
        raise UnsupportedPolicy(
            f"not a policy the simulator can run: {obj!r} (use a Policy such as "
            "Policy.parse('after 4, bank at 12'), StopAfter(k, bank_at=x) or StopAtRisk(p, bank_at=x))")

    @property
    def name(self) -> str:
        """The policy's text (a readable bot name)."""
        return str(self)

    def stop_rule(self, game) -> StopRule:
        """The stop rule in force now (the endgame's once the pile is short enough)."""
        if self.endgame is not None and game.draw_pile_size <= self.endgame.pile:
            return self.endgame.stop
        return self.stop

    def choose(self, game, rng=None) -> str:
        """The action this policy takes in ``game``."""
        if game.is_over:
            raise IllegalAction("the game is over: there is no action to choose", legal=[])
        phase = game.phase
        if phase == "turn":
            colour = self.bank.colour(game) if self.bank is not None else None
            return f"bank {colour}" if colour else "draw"
        if phase == "place":
            return f"place {placement(game.pending, game.columns)}"
        if phase == "collect":
            return f"take {take_choice(game)}"
        if not game.columns:
            return "draw"
        if not game.draw_pile:
            return "stop"
        return "stop" if self.stop_rule(game).stops(game) else "draw"

    def __str__(self) -> str:
        return ", ".join(str(x) for x in (self.stop, self.bank, self.endgame) if x is not None)

    @property
    def key(self) -> tuple:
        """The policy's identity as plain values, one part per rule:
        ``(("after", 4), ("bank at", 12))``. The text form (``str(policy)``, ASCII, what
        :meth:`parse` reads and saved results keep) is the same identity as text."""
        return tuple(x.key for x in (self.stop, self.bank, self.endgame) if x is not None)

    def label(self, language: str | None = None) -> str:
        """The policy's name for a reader in ``language`` (:func:`pushlab.i18n.policies.policy_text`),
        its numbers as the language writes them. Only for reading: code keeps the policy, its
        :attr:`key` or its text, and never parses a label back.

        >>> p = Policy.parse("after 4, bank at 12, endgame 20: risk 0.4")
        >>> p.label("en"), p.label("cs")
        ('after 4, bank at 12, endgame 20: risk 0.4', 'po 4, banka při 12, závěr 20: riziko 0,4')
        """
        return policy_text(self.key, language)

    def __repr__(self) -> str:
        return f"Policy({str(self)!r})"


def policy_label(policy, language: str | None = None) -> str:
    """The name a reader sees for ``policy`` (a :class:`Policy`, a rule, or their text: the ASCII
    spec that code and saved results keep, never a label) in ``language`` (default: the current
    one), written by :func:`pushlab.i18n.policies.policy_text` with the language's numbers.
    ``'never'`` (the bank rule that never banks, as the search labels it) is translated too;
    text that is no policy is returned unchanged.

    >>> policy_label("after 5", "et"), policy_label("after 5, bank loss 5", "eo"), policy_label("never", "ar")
    ('pärast 5', 'post 5, banko je perdo 5', 'أبدًا')
    >>> policy_label("risk 0.15", "en"), policy_label("risk 0.15", "cs"), policy_label("risk 1/4", "eo")
    ('risk 0.15', 'riziko 0,15', 'risko 0,25')
    """
    key = policy_key(policy)
    return str(policy) if key is None else policy_text(key, language)


def policy_key(policy) -> tuple | None:
    """The key (:attr:`Policy.key`) of a :class:`Policy`, a rule, or their text (the spec that
    saved results keep); ``("never",)`` for ``'never'`` or None (no bank rule); None for
    anything else.

    >>> policy_key("risk 0.15, bank loss 2.5"), policy_key(BankRule("at", 25)), policy_key("my bot")
    ((('risk', 0.15), ('bank loss', 2.5)), ('bank at', 25), None)
    """
    if isinstance(policy, (Policy, StopRule, BankRule, Endgame)):
        return policy.key
    if policy is None or str(policy).strip() == "never":
        return ("never",)
    text = str(policy).strip()
    for kind in (Policy, BankRule, Endgame):
        try:
            return kind.parse(text).key
        except (ParseError, SetupError):
            continue
    return None


#: The rollouts' default policy for every seat: ``after 5``, as ``StopAfter``'s default.
#: Measured (4 players, 8,000 games per cell, every seat in turn): one seat playing it
#: against three ``after 5`` seats wins 0.246 (``after 6`` 0.251, ``after 4`` 0.202,
#: ``risk 0.2`` 0.132, ``after 5, bank loss 8`` 0.248, ``after 5, bank at 20`` 0.194);
#: against three ``after 4`` seats 0.301 (``after 6`` 0.306). See docs/decisions.md.
DEFAULT_POLICY = Policy(StopRule("after", 5))
