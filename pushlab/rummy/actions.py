"""The actions of Push (contract rummy) as frozen values: Take, Push, MeldDown, LayOff, Replace, Discard.

Modelled on python-chess's ``Move``: each action is an immutable value with
``parse(text)`` and a ``str`` that writes the action grammar of ``docs/rummy-api.md``
back (``parse(str(a)) == a``). :meth:`Game.apply <pushlab.rummy.game.Game.apply>` takes
an action or its text; ``Game.legal_actions()`` returns action values.

An action also compares equal to (and hashes like) its canonical notation, so code
written against the string actions keeps working: ``"take" in g.legal_actions()``,
``g.legal_actions() == ["take", "push"]``. Only the canonical text matches (``str(a)``:
lower-case verb, cards in ASCII as ``10H``); parse other spellings first.

>>> a = Action.parse("replace 0 5D for JK then layoff JK 1 high")
>>> a
Replace(meld=0, card=Card('5D'), wild=Card('JK'), then=LayOff(card=Card('JK'), meld=1, end='high'))
>>> str(a), Action.parse(str(a)) == a, a == str(a)
('replace 0 5D for JK then layoff JK 1 high', True, True)
>>> MeldDown.parse("meld set 5H 5S JK; run 7C 8C 9C").melds[1]
Meld('run', '7C 8C 9C')
>>> Discard("TH"), Take() == "take", hash(Push()) == hash("push")
(Discard(card=Card('10H')), True, True)
>>> Discard.parse("take")
Traceback (most recent call last):
...
pushlab.errors.ParseError: 'take' is a take action, not a discard
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from pushlab.checks import is_count
from pushlab.errors import ParseError
from pushlab.i18n import _
from pushlab.rummy.cards import Card, parse_cards
from pushlab.rummy.melds import KINDS, Meld, _Blank

__all__ = ["Action", "Take", "Push", "MeldDown", "LayOff", "Replace", "Discard", "parse_action",
           "ENDS"]

ENDS = ("low", "high")


@dataclass(frozen=True, eq=False)
class Action:
    """Base of the action values: equality and hash by the canonical notation ``str(action)``."""

    verb: ClassVar[str] = ""

    def _notation(self) -> str:
        """The canonical text of this action."""
        return self.verb

    def __str__(self) -> str:
        """The action in the grammar of ``docs/rummy-api.md`` (written when first asked for and
        kept: most actions a bot plans are applied and never written)."""
        d = self.__dict__
        text = d.get("_text")
        if text is None:
            text = d["_text"] = self._notation()     # not a field: ==, hash and repr ignore it
        return text

    def __eq__(self, other) -> bool:
        """Equal to an action of the same notation, or to that notation as a string."""
        if isinstance(other, Action):
            return str(self) == str(other)
        if isinstance(other, str):
            return str(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        """The hash of the notation (so an action and its text are one dict key)."""
        return hash(str(self))

    @property
    def is_draw(self) -> bool:
        """True for the two ways to draw (take, push)."""
        return False

    @classmethod
    def parse(cls, text) -> Action:
        """Read an action from its notation (an action passes through); ParseError if malformed
        or, on a subclass, of another kind."""
        action = text if isinstance(text, Action) else parse_action(text)
        if not isinstance(action, cls):
            raise ParseError(f"{str(text)!r} is a {action.verb} action, not a {cls.verb or 'action'}")
        return action


@dataclass(frozen=True, eq=False)
class Take(Action):
    """Rule 12a: take the top card of the discard pile."""

    verb: ClassVar[str] = "take"

    @property
    def is_draw(self) -> bool:
        """Taking is a draw."""
        return True


@dataclass(frozen=True, eq=False)
class Push(Action):
    """Rule 12b: push the discard top and the stock top to the left, then draw from the stock."""

    verb: ClassVar[str] = "push"

    @property
    def is_draw(self) -> bool:
        """Pushing is a draw."""
        return True


@dataclass(frozen=True, eq=False)
class Discard(Action):
    """Rule 15: discard ``card`` and end the turn."""

    verb: ClassVar[str] = "discard"
    card: Card = None

    def __post_init__(self):
        """Read the card."""
        object.__setattr__(self, "card", Card.parse(self.card))

    def _notation(self) -> str:
        """``discard 5H``."""
        return f"discard {self.card}"


@dataclass(frozen=True, eq=False)
class LayOff(Action):
    """Rule 13: lay ``card`` off on table meld ``meld`` (0-based), at a run's ``end`` if both fit."""

    verb: ClassVar[str] = "layoff"
    card: Card = None
    meld: int = 0
    end: str | None = None

    def __post_init__(self):
        """Read the card; check the meld number and the end."""
        object.__setattr__(self, "card", Card.parse(self.card))
        if not is_count(self.meld, 0):
            raise ParseError(f"a meld number is an int 0, 1, ... not {self.meld!r}")
        if self.end is not None and self.end not in ENDS:
            raise ParseError(f"a lay-off end is 'low', 'high' or None, not {self.end!r}")

    def _notation(self) -> str:
        """``layoff 8H 0 high``."""
        return f"layoff {self.card} {self.meld}" + (f" {self.end}" if self.end else "")


def _as_meld(meld) -> Meld:
    """A Meld from a Meld or a (kind, cards) pair (IllegalAction naming the rule if invalid)."""
    if isinstance(meld, Meld):
        return meld
    try:
        kind, cards = meld
    except (TypeError, ValueError):
        raise ParseError(f"a meld is a Meld or a (kind, cards) pair, not {meld!r}") from None
    return Meld(kind, cards, None)


@dataclass(frozen=True, eq=False)
class MeldDown(Action):
    """Rules 11, 13: lay down one or more ``melds`` (Meld values; runs low to high) at once."""

    verb: ClassVar[str] = "meld"
    melds: tuple = ()

    def __post_init__(self):
        """Read the melds (Meld values or (kind, cards) pairs); at least one."""
        if isinstance(self.melds, Meld):
            melds = (self.melds,)
        else:
            melds = tuple(_as_meld(m) for m in self.melds)
        if not melds:
            raise ParseError(_("a meld action lays down at least one meld"))
        object.__setattr__(self, "melds", melds)

    def _notation(self) -> str:
        """``meld set 5H 5S JK; run 7C 8C 9C``."""
        return "meld " + "; ".join(f"{m.kind} {' '.join(map(str, m.cards))}" for m in self.melds)

    @property
    def cards(self) -> tuple:
        """Every card the action lays down."""
        return tuple(c for m in self.melds for c in m.cards)


@dataclass(frozen=True, eq=False)
class Replace(Action):
    """Rule 14: replace a wild (``wild``, if several could go) in table meld ``meld`` by the
    natural ``card``; ``then`` plays the freed wild at once (a MeldDown or a LayOff)."""

    verb: ClassVar[str] = "replace"
    meld: int = 0
    card: Card = None
    wild: Card | None = None
    then: Action = None

    def __post_init__(self):
        """Read the cards and the follow-up."""
        object.__setattr__(self, "card", Card.parse(self.card))
        if self.wild is not None:
            object.__setattr__(self, "wild", Card.parse(self.wild))
        if not is_count(self.meld, 0):
            raise ParseError(f"a meld number is an int 0, 1, ... not {self.meld!r}")
        then = self.then if isinstance(self.then, Action) or self.then is None else \
            parse_action(self.then)
        if not isinstance(then, (MeldDown, LayOff)):
            raise ParseError(_("after 'then' comes a meld or a lay-off using the freed wild (rule 14), "
                               "not {action}").format(action=repr(str(then))))
        object.__setattr__(self, "then", then)

    def _notation(self) -> str:
        """``replace 0 5D for JK then layoff JK 1``."""
        wild = f" for {self.wild}" if self.wild is not None else ""
        return f"replace {self.meld} {self.card}{wild} then {self.then}"


# ---------------------------------------------------------------------- trusted values
# The engine's and the bots' own actions, made from values they already hold as checked (a
# Card, a table meld's number, an end; Meld values, which are valid melds): the same values as
# the constructors' (equal, the same fields and repr), without the dataclass's ``__init__``
# and the parsing and checks an action from outside goes through (a frozen dataclass's
# ``__init__`` costs about 10,000 instructions compiled; issue 24). Never for a value read
# from a user or a caller: those take the constructors or parse_action.


def _layoff_of(card: Card, meld: int, end: str | None) -> LayOff:
    """``LayOff(card, meld, end)`` for a Card, a meld number 0.. and None, "low" or "high".

    >>> _layoff_of(Card("8H"), 1, "high") == LayOff("8H", 1, "high"), repr(_layoff_of(Card("8H"), 1, None))
    (True, "LayOff(card=Card('8H'), meld=1, end=None)")
    """
    a = _Blank()
    a.__dict__ = {"card": card, "meld": meld, "end": end}
    a.__class__ = LayOff
    return a


def _meld_down_of(melds: tuple) -> MeldDown:
    """``MeldDown(melds)`` for a non-empty tuple of Meld values.

    >>> m = (Meld("set", "5H 5S JK"), Meld("run", "7C 8C 9C"))
    >>> a = _meld_down_of(m)
    >>> a == MeldDown(m), str(a), a.melds is m
    (True, 'meld set 5H 5S JK; run 7C 8C 9C', True)
    """
    a = _Blank()
    a.__dict__ = {"melds": melds}
    a.__class__ = MeldDown
    return a


def _replace_of(meld: int, card: Card, wild: Card | None, then: Action) -> Replace:
    """``Replace(meld, card, wild, then)`` for a meld number, Cards and a LayOff or MeldDown value.

    >>> a = _replace_of(0, Card("5D"), Card("JK"), _layoff_of(Card("JK"), 1, "high"))
    >>> a == Replace(0, "5D", "JK", "layoff JK 1 high"), repr(a) == repr(Action.parse(str(a)))
    (True, True)
    """
    a = _Blank()
    a.__dict__ = {"meld": meld, "card": card, "wild": wild, "then": then}
    a.__class__ = Replace
    return a


# ---------------------------------------------------------------------- parsing
@lru_cache(maxsize=8192)
def _parse_text(text: str) -> Action:
    """Parse action text (memoized: the same actions recur all game long)."""
    words = text.split()
    if not words:
        raise ParseError(_("an action must be a non-empty string such as 'take', not {text}").format(
            text=repr(text)))
    verb, args = words[0].lower(), words[1:]
    if verb in ("take", "push"):
        if args:
            raise ParseError(_("'{verb}' takes no arguments, got {text}").format(verb=verb, text=repr(text)))
        return Take() if verb == "take" else Push()
    if verb == "discard":
        if len(args) != 1:
            raise ParseError(_("expected 'discard <card>', got {text}").format(text=repr(text)))
        return Discard(Card.parse(args[0]))
    if verb in ("layoff", "lay-off", "lay_off"):
        if len(args) not in (2, 3) or (len(args) == 3 and args[2].lower() not in ENDS):
            raise ParseError(_("expected 'layoff <card> <meld#> [low|high]', got {text}").format(text=repr(text)))
        end = args[2].lower() if len(args) == 3 else None
        return LayOff(Card.parse(args[0]), _parse_index(text, args[1]), end)
    if verb == "meld":
        return MeldDown(_parse_melds(text, " ".join(args)))
    if verb == "replace":
        return _parse_replace(text, args)
    raise ParseError(_("unknown action {text} (actions: take, push, meld ..., layoff ..., "
                       "replace ... then ..., discard <card>)").format(text=repr(text)))


def parse_action(text) -> Action:
    """An action from its notation; ParseError if malformed (IllegalAction for an invalid meld,
    naming the rule). An action value passes through.

    >>> parse_action("Lay-off 8h 0 HIGH")
    LayOff(card=Card('8H'), meld=0, end='high')
    >>> parse_action("meld set 5H 5H 5S")
    Traceback (most recent call last):
    ...
    pushlab.errors.IllegalAction: rule 8: 5♥ 5♥ 5♠ is not a set: a set's natural cards must have different suits (two 5♥)
    """
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise ParseError(f"an action is an action value or a string such as 'take', not {text!r}")
    return _parse_text(text)


def _parse_index(text, word) -> int:
    """A 0-based meld index."""
    if not (word.isascii() and word.isdigit()):
        raise ParseError(_("{word} is not a meld number in {text} (melds are numbered from 0)").format(
            word=repr(word), text=repr(text)))
    return int(word)


def _parse_melds(text, body) -> tuple:
    """'set 5H 5S JK; run 7C 8C 9C' -> (Meld, ...) (not yet on the table: no owner)."""
    melds = []
    parts = [part for part in body.split(";") if part.strip()] or [""]
    for part in parts:
        words = part.split()
        if words and words[0].lower() == "meld":
            words = words[1:]
        if not words or words[0].lower() not in KINDS:
            raise ParseError(_("expected 'meld set|run <cards>; set|run <cards> ...', got {text}").format(
                text=repr(text)))
        melds.append(Meld(words[0].lower(), parse_cards(words[1:]), None))
    return tuple(melds)


def _parse_replace(text, args) -> Replace:
    """'replace <meld#> <natural> [for <wild>] then <meld ...|layoff ...>'."""
    low = [a.lower() for a in args]
    if "then" not in low:
        raise ParseError(_("expected 'replace <meld#> <card> [for <wild>] then <meld ...|layoff ...>' "
                           "(rule 14: the freed wild must be played at once), got {text}").format(text=repr(text)))
    k = low.index("then")
    head, rest = args[:k], args[k + 1:]
    if len(head) == 2:
        wild = None
    elif len(head) == 4 and head[2].lower() == "for":
        wild = Card.parse(head[3])
    else:
        raise ParseError(_("expected 'replace <meld#> <card> [for <wild>] then ...', got {text}").format(
            text=repr(text)))
    if not rest:
        raise ParseError(_("nothing after 'then' in {text}").format(text=repr(text)))
    follow = _parse_text(" ".join(rest))
    if not isinstance(follow, (MeldDown, LayOff)):
        raise ParseError(_("after 'then' comes a meld or a lay-off using the freed wild, got {text}").format(
            text=repr(text)))
    return Replace(_parse_index(text, head[0]), Card.parse(head[1]), wild, follow)
