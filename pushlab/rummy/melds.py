"""Melds of Push (contract rummy): sets and runs with wild cards (rules 7-11, 13, 14).

Runs are given low to high, so each wild's position says which card it stands for.
A run's suit and place are fixed by its truly natural cards (not 2s, not jokers);
a 2 of the run's suit standing in its own place then counts as natural (rule 10).

>>> is_valid_meld("5H JK 7H", "run"), is_valid_meld("5H 5H 5S", "set")
(True, False)
>>> explain_meld("5H JK 7H", "run")
'valid run: JK is 6♥'
>>> meets_contract([("set", "5H 5S JK"), ("set", "9C 9D 9S")], 1)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from types import SimpleNamespace

from pushlab.errors import IllegalAction, ParseError
from pushlab.i18n import _, ngettext
from pushlab.i18n.events import contract_words as _contract_words, problem_text
from pushlab.rummy.cards import SUIT_SYMBOLS, SUITS, Card, cards_str, parse_cards, rank_label

KINDS = ("set", "run")
MAX_SET = 4
MAX_RUN = 13
CONTRACTS = {1: (("set", 3), ("set", 3)), 2: (("set", 3), ("run", 4)),
             3: (("run", 4), ("run", 4)), 4: (("set", 3),) * 3, 5: (("run", 5), ("run", 5))}
HAND_SIZES = {1: 6, 2: 7, 3: 8, 4: 9, 5: 10}


class MeldProblem(str):
    """Why cards are not a meld: the English sentence (a ``str``), with what it is made of:
    ``code`` (``"too_few"``, ``"suits_differ"``, ...), the ``cards`` it names and the numbers
    ``n`` and ``most``. :func:`pushlab.i18n.events.problem_text` writes it in any language.

    >>> p = meld_problem("5H 5S", "set")
    >>> p, p.code, p.n
    ('a meld needs at least 3 cards, not 2', 'too_few', 2)
    """

    def __new__(cls, code: str, cards=(), n: int | None = None, most: int | None = None):
        fields = {"code": code, "cards": tuple(cards), "n": n, "most": most}
        text = problem_text(SimpleNamespace(**fields), "en")
        problem = super().__new__(cls, text)
        problem.__dict__.update(fields)
        return problem

    def __reduce__(self):
        return MeldProblem, (self.code, self.cards, self.n, self.most)


def _kind(kind: str) -> str:
    """Check a meld kind."""
    if kind not in KINDS:
        raise ParseError(_("a meld kind is 'set' or 'run', not {kind}").format(kind=repr(kind)))
    return kind


def _value_card(value: int, suit: str) -> Card:
    """The card at run value 1..14 (1 and 14 are the ace)."""
    card = _VALUE_CARDS.get((value, suit))
    return Card(1 if value == 14 else value, suit) if card is None else card     # (None: ParseError)


_VALUE_CARDS = {(v, s): Card(1 if v == 14 else v, s) for v in range(1, 15) for s in SUITS}


def _run_layout(cards: tuple[Card, ...]):
    """(problem, start, suit) of a run: start is the value (1..14) of its first position."""
    naturals = [(i, c) for i, c in enumerate(cards) if c.is_natural]
    suits = {c.suit for _, c in naturals}
    if len(suits) > 1:
        a = naturals[0][1]
        b = next(c for _, c in naturals if c.suit != a.suit)
        return MeldProblem("suits_differ", (a, b)), 0, ""
    suit = suits.pop()
    n = len(cards)
    anchor = next(((i, c) for i, c in naturals if c.rank != 1), None)
    if anchor is not None:
        start = anchor[1].rank - anchor[0]
    else:                                   # only aces: low if it fits, else high
        i = naturals[0][0]
        start = 1 - i if 1 - i >= 1 else 14 - i
    for i, c in naturals:
        v = start + i
        if not (c.rank == v or (c.rank == 1 and v in (1, 14))):
            if 1 <= v <= 14:
                return MeldProblem("out_of_sequence", (c, _value_card(v, suit))), start, suit
            return MeldProblem("outside", (c,)), start, suit
    if start < 1:
        return MeldProblem("below_ace"), start, suit
    if start + n - 1 > 14:
        return MeldProblem("above_ace"), start, suit
    return None, start, suit


def _analyse(cards, kind):
    """(problem or None, detail) for cards declared as kind; detail is (start, suit) or rank."""
    return _analyse_cached(parse_cards(cards), _kind(kind))


@lru_cache(maxsize=1024)
def _analyse_cached(cards: tuple, kind: str):
    """:func:`_analyse` on a tuple of cards (memoized: melds are checked again and again)."""
    if len(cards) < 3:
        return MeldProblem("too_few", n=len(cards)), None
    naturals = [c for c in cards if c.is_natural]
    if not naturals:
        return MeldProblem("no_natural"), None
    if kind == "set":
        ranks = {c.rank for c in naturals}
        if len(ranks) > 1:
            a = naturals[0]
            b = next(c for c in naturals if c.rank != a.rank)
            return MeldProblem("ranks_differ", (a, b)), None
        seen = set()
        for c in naturals:
            if c.suit in seen:
                return MeldProblem("suit_twice", (c,)), None
            seen.add(c.suit)
        if len(cards) > MAX_SET:
            return MeldProblem("set_too_long", n=len(cards), most=MAX_SET), None
        return None, naturals[0].rank
    if len(cards) > MAX_RUN:
        return MeldProblem("run_too_long", n=len(cards), most=MAX_RUN), None
    problem, start, suit = _run_layout(cards)
    return problem, (start, suit)


def meld_problem(cards, kind: str) -> MeldProblem | None:
    """Why cards are not a valid meld of this kind (one English sentence, a :class:`MeldProblem`), or None.

    >>> meld_problem("5H 5S JK", "set") is None
    True
    >>> meld_problem("2D JK 2S", "set")
    'a meld needs at least one natural card (2s and jokers are wild)'
    >>> meld_problem("KC AC 2C", "run")
    'no card ranks above a high ace (no wrap-around)'
    """
    return _analyse(cards, kind)[0]


def meld_rule(problem: MeldProblem, kind: str) -> str:
    """The rule a meld problem breaks: rule 7 (size, a natural), else 8 (sets) or 9 (runs).

    >>> meld_rule(meld_problem("2D JK 2S", "set"), "set"), meld_rule(meld_problem("5H 6S 7H", "run"), "run")
    ('rule 7', 'rule 9')
    """
    if problem.code in ("too_few", "no_natural"):
        return "rule 7"
    return "rule 8" if kind == "set" else "rule 9"


def is_valid_meld(cards, kind: str) -> bool:
    """True if cards (notation or cards; runs low to high) form a valid meld of this kind.

    >>> is_valid_meld("QC KC AC", "run"), is_valid_meld("AC 2C 3C", "run")
    (True, True)
    """
    return meld_problem(cards, kind) is None


def lay_out_run(suit: str, lo: int, hi: int, naturals, wilds: list) -> tuple[Card, ...]:
    """The run of ``suit`` over values lo..hi (1..14, 14 the high ace), low to high: each natural
    at its value, the 2 of the suit in its own place (value 2) when that place is open and the 2
    is among ``wilds`` (rule 10), the other places filled from the front of ``wilds``.

    The one layout of runs: the engine's meld proposals, the meld finder and the widgets'
    run ordering all use it. ``wilds`` is a list; the wilds used are removed from it.
    ``naturals`` holds natural cards of the suit with values in lo..hi (an ace at lo = 1 or
    hi = 14). Raises ValueError when ``wilds`` runs short.

    >>> pool = list(parse_cards("JK 2H 2C"))
    >>> cards_str(lay_out_run("H", 1, 5, parse_cards("AH 4H"), pool), pretty=True), pool
    ('A♥ 2♥ JK 4♥ 2♣', [])
    """
    at = {}
    for c in naturals:
        at[14 if c.rank == 1 and hi == 14 else c.rank] = c
    out = [at.get(v) for v in range(lo, hi + 1)]
    if lo <= 2 <= hi and out[2 - lo] is None:
        own = next((w for w in wilds if w.rank == 2 and w.suit == suit), None)
        if own is not None:
            wilds.remove(own)
            out[2 - lo] = own
    for i, c in enumerate(out):
        if c is None:
            if not wilds:
                raise ValueError(f"not enough wilds to lay out a run {lo}..{hi}")
            out[i] = wilds.pop(0)
    return tuple(out)


def run_values(cards) -> tuple[int, ...]:
    """The value (1..14, ace low 1 or high 14) each position of a valid run stands for.

    >>> run_values("JK QC KC AC")
    (11, 12, 13, 14)
    """
    problem, detail = _analyse(cards, "run")
    if problem:
        raise IllegalAction(_not_a("run", problem))
    start = detail[0]
    return tuple(range(start, start + len(parse_cards(cards))))


def natural_mask(cards, kind: str) -> tuple[bool, ...]:
    """Which cards of a valid meld count as natural there (rule 10 makes some 2s natural in runs).

    >>> natural_mask("2H 3H 4H JK", "run")
    (True, True, True, False)
    >>> natural_mask("AD 2D 3D", "run"), natural_mask("5H 2H 5S", "set")
    ((True, True, True), (True, False, True))
    """
    return _natural_mask(parse_cards(cards), _kind(kind))


@lru_cache(maxsize=1 << 14)
def _natural_mask(cards: tuple, kind: str) -> tuple:
    """:func:`natural_mask` on a tuple of cards (memoized)."""
    problem, detail = _analyse_cached(cards, kind)
    if problem:
        raise IllegalAction(_not_a(kind, problem))
    if kind == "set":
        return tuple(c.is_natural for c in cards)
    start, suit = detail
    return tuple(c.is_natural or (c.rank == 2 and c.suit == suit and start + i == 2)
                 for i, c in enumerate(cards))


def explain_meld(cards, kind: str) -> str:
    """One line saying whether cards form the meld and what each wild stands for.

    >>> explain_meld("5H 5S JK", "set")
    'valid set of 5s: JK is 5♦ or 5♣'
    >>> explain_meld("2H 3H 4H", "run")
    'valid run: 2♥ counts as natural in its own place'
    >>> print(explain_meld("5H 5H 5S", "set"))
    not a set: a set's natural cards must have different suits (two 5♥)
    """
    cards = parse_cards(cards)
    problem, detail = _analyse(cards, kind)
    if problem:
        return _not_a(kind, problem)
    mask = natural_mask(cards, kind)
    is_ = _("{card} is {what}")
    if kind == "set":
        rank = detail
        missing = [s for s in SUITS if s not in {c.suit for c in cards if c.is_natural}]
        head = _("valid set of {rank}s").format(rank=rank_label(rank))
        alts = _joined([rank_label(rank) + SUIT_SYMBOLS[s] for s in missing], _("{first} or {second}"))
        parts = [is_.format(card=c.pretty, what=alts) for c in cards if c.is_wild]
        return head + (": " + ", ".join(parts) if parts else "")
    start, suit = detail
    parts = []
    for i, c in enumerate(cards):
        if c.is_wild and mask[i]:
            parts.append(_("{card} counts as natural in its own place").format(card=c.pretty))
        elif c.is_wild:
            parts.append(is_.format(card=c.pretty, what=_value_card(start + i, suit).pretty))
    return _("valid run") + (": " + ", ".join(parts) if parts else "")


def _joined(items, pair: str) -> str:
    """Items joined two by two with ``pair`` (a translated ``"{first} or {second}"``)."""
    out = items[0] if items else ""
    for item in items[1:]:
        out = pair.format(first=out, second=item)
    return out


def _not_a(kind: str, problem: MeldProblem) -> str:
    """'not a set: <problem>' (or run) in the current language."""
    text = _("not a set: {problem}") if kind == "set" else _("not a run: {problem}")
    return text.format(problem=problem_text(problem))


def _as_pair(meld):
    """(kind, cards) from a Meld or a (kind, cards) pair."""
    if isinstance(meld, Meld):
        return meld.kind, meld.cards
    kind, cards = meld
    return _kind(kind), parse_cards(cards)


def contract_problem(melds, deal: int) -> str | None:
    """Why melds do not meet the contract of deal 1..5 (rule 11), or None if they do.

    Every meld must be valid; extra melds beyond the contract are allowed (rule 13).

    >>> contract_problem([("set", "5H 5S JK")], 1)
    'deal 1 needs 2 sets of 3+; got 1 set of 3+'
    """
    if deal not in CONTRACTS:
        raise ParseError(_("there are deals 1 to 5, not {deal}").format(deal=repr(deal)))
    pairs = [_as_pair(m) for m in melds]
    for kind, cards in pairs:
        problem = meld_problem(cards, kind)
        if problem:
            return _is_not_a(cards, kind, problem)
    needs, gots = [], []
    for kind in KINDS:
        sizes = [size for k, size in CONTRACTS[deal] if k == kind]
        if not sizes:
            continue
        size = min(sizes)
        have = sum(1 for k, c in pairs if k == kind and len(c) >= size)
        needs.append(_meld_count(kind, len(sizes), size))
        gots.append(_meld_count(kind, have, size))
        if have < len(sizes):
            return _("deal {deal} needs {needs}; got {got}").format(
                deal=deal, needs=_joined(needs, _("{first} and {second}")), got=", ".join(gots))
    return None


def _meld_count(kind: str, n: int, size: int) -> str:
    """'2 sets of 3+' (or runs) in the current language."""
    if kind == "set":
        text = ngettext("{n} set of {size}+", "{n} sets of {size}+", n)
    else:
        text = ngettext("{n} run of {size}+", "{n} runs of {size}+", n)
    return text.format(n=n, size=size)


def _is_not_a(cards, kind: str, problem: MeldProblem) -> str:
    """'5♥ 5♠ 6♣ is not a set: <problem>' (or run) in the current language."""
    text = _("{cards} is not a set: {problem}") if kind == "set" else _("{cards} is not a run: {problem}")
    return text.format(cards=cards_str(cards, pretty=True), problem=problem_text(problem))


def meets_contract(melds, deal: int) -> bool:
    """True if melds (a list of (kind, cards) pairs or Melds) meet deal's contract (rule 11).

    >>> meets_contract([("run", "3D 4D 5D 6D"), ("run", "JK 9S 10S JS QS")], 3)
    True
    >>> meets_contract([("run", "3D 4D 5D"), ("run", "9S 10S JS QS")], 3)
    False
    """
    return contract_problem(melds, deal) is None


def contract_text(deal: int) -> str:
    """The contract of a deal in words.

    >>> contract_text(2), contract_text(4)
    ('1 set of 3 + 1 run of 4', '3 sets of 3')
    """
    parts = []
    for kind in KINDS:
        sizes = [s for k, s in CONTRACTS[deal] if k == kind]
        if sizes:
            n = len(sizes)
            parts.append(f"{n} {kind}{'s' if n > 1 else ''} of {sizes[0]}")
    return " + ".join(parts)


def contract_words(deal: int, language: str | None = None) -> str:
    """The contract of deal 1..5 in words of ``language`` (default: the current one; English:
    :func:`contract_text`).

    >>> contract_words(2), contract_words(4, "cs")
    ('1 set of 3 + 1 run of 4', '3 sety po 3')
    """
    return _contract_words(CONTRACTS[deal], language)


@dataclass(frozen=True)
class Meld:
    """A valid meld: ``kind`` ("set" | "run"), ``cards`` (runs low to high), ``owner`` (the player
    who laid it down; None for a meld not on the table: in an action, in a finder's plan).

    >>> m = Meld("run", "5H JK 7H", owner=2)
    >>> m, m.layoff_ends("8H"), m.layoff_ends("JK")
    (Meld('run', '5H JK 7H', owner=2), ('high',), ('low', 'high'))
    >>> m.lay_off("4H", "low").cards
    (Card('4H'), Card('5H'), Card('JK'), Card('7H'))
    >>> m.replace("6H")
    (Meld('run', '5H 6H 7H', owner=2), Card('JK'))
    >>> Meld("set", "5H 5S JK").replace_options("5D")
    (2,)
    """

    kind: str
    cards: tuple
    owner: int | None = None

    def __post_init__(self):
        """Parse the cards and reject an invalid meld (IllegalAction naming the rule and problem)."""
        object.__setattr__(self, "cards", parse_cards(self.cards))
        problem, detail = _analyse(self.cards, self.kind)
        if problem:
            rule = meld_rule(problem, self.kind).split()[-1]
            raise IllegalAction(_("rule {number}: {problem}").format(
                number=rule, problem=_is_not_a(self.cards, self.kind, problem)))
        self.__dict__["_detail"] = detail   # not a field: a set's rank or a run's (start, suit)

    def __repr__(self):
        """``Meld('run', '5H JK 7H', owner=2)`` (no owner: a meld not on the table)."""
        owner = "" if self.owner is None else f", owner={self.owner}"
        return f"Meld('{self.kind}', '{cards_str(self.cards)}'{owner})"

    def owned_by(self, owner: int) -> Meld:
        """This meld laid down by player ``owner`` (no new validation)."""
        return _known_meld(self.kind, self.cards, owner, self._place)

    def __str__(self):
        """``run 5♥ JK 7♥``."""
        return f"{self.kind} {cards_str(self.cards, pretty=True)}"

    def text(self) -> str:
        """The meld as :meth:`__str__` says it, in the current language (``sada 5♥ 5♠ JK``)."""
        words = _("set {cards}") if self.kind == "set" else _("run {cards}")
        return words.format(cards=cards_str(self.cards, pretty=True))

    def __len__(self):
        """Number of cards."""
        return len(self.cards)

    @property
    def natural(self) -> tuple[bool, ...]:
        """Which cards count as natural here (rule 10)."""
        return _natural_mask(self.cards, self.kind)

    @property
    def rank(self) -> int | None:
        """The rank of a set (None for a run)."""
        return _analyse_cached(self.cards, "set")[1] if self.kind == "set" else None

    @property
    def suit(self) -> str | None:
        """The suit of a run (None for a set)."""
        return _analyse_cached(self.cards, "run")[1][1] if self.kind == "run" else None

    def stands_for(self) -> tuple:
        """For a run, the card each position stands for; for a set, each card's rank label.

        >>> Meld("run", "JK QC KC AC").stands_for()
        (Card('JC'), Card('QC'), Card('KC'), Card('AC'))
        """
        if self.kind == "set":
            return tuple(rank_label(self.rank) for _ in self.cards)
        start, suit = _analyse_cached(self.cards, "run")[1]
        return tuple(_value_card(start + i, suit) for i in range(len(self.cards)))

    def layoff_ends(self, card) -> tuple[str, ...]:
        """Where card may be laid off (rule 13): runs "low"/"high"; a set gives ("any",).

        >>> Meld("set", "5H 5S JK").layoff_ends("5D"), Meld("set", "5H 5S JK").layoff_ends("5H")
        (('any',), ())
        """
        card = Card.parse(card)
        if self.kind == "set":
            return _set_layoff_ends(self.cards, self._place, card)
        start, suit = self._place
        return _run_layoff_ends(start, suit, len(self.cards), card)

    @property
    def _place(self) -> tuple:
        """A run's (value 1..14 of its first card, suit); for a set, its rank."""
        detail = getattr(self, "_detail", None)     # (not a field: in the instance dict)
        return _analyse_cached(self.cards, self.kind)[1] if detail is None else detail

    @classmethod
    def _known(cls, kind: str, cards: tuple, owner: int, detail) -> Meld:
        """A meld whose cards (a tuple of Card) are already known to form a valid meld of kind,
        with its :attr:`_place` (:func:`_known_meld`)."""
        return _known_meld(kind, cards, owner, detail)

    def lay_off(self, card, end: str | None = None) -> Meld:
        """This meld with card added (at the run's ``end`` "low"/"high"; needed only if both fit)."""
        card = Card.parse(card)
        ends = self.layoff_ends(card)
        if not ends:
            raise IllegalAction(_("{card} does not fit on {meld}").format(card=card.pretty, meld=self.text()))
        if self.kind == "set":
            return Meld._known("set", self.cards + (card,), self.owner, self._place)
        if end is None:
            if len(ends) > 1:
                raise IllegalAction(_("{card} fits at both ends of {meld}: say low or high").format(
                    card=card.pretty, meld=self.text()))
            end = ends[0]
        if end not in ends:
            text = (_("{card} does not fit at the low end of {meld}") if end == "low" else
                    _("{card} does not fit at the high end of {meld}"))
            raise IllegalAction(text.format(card=card.pretty, meld=self.text()))
        start, suit = self._place
        if end == "low":
            return Meld._known("run", (card,) + self.cards, self.owner, (start - 1, suit))
        return Meld._known("run", self.cards + (card,), self.owner, (start, suit))

    def replace_options(self, card) -> tuple[int, ...]:
        """Positions of wilds that card may replace (rule 14); empty if none.

        >>> Meld("run", "2H 3H JK").replace_options("4H"), Meld("run", "JK 3H 4H").replace_options("2H")
        ((2,), (0,))
        """
        card = Card.parse(card)
        cards = self.cards
        if self.kind == "set":              # (a set's wilds all stand for a natural of its rank)
            if not card.is_natural or card.rank != self._place:
                return ()
            suit = card.suit
            for c in cards:
                if c.suit == suit and c.is_natural:
                    return ()
            return tuple([i for i, c in enumerate(cards) if c.is_wild])
        if not (card.is_natural or card.rank == 2):
            return ()
        # read off the run's place: the wild at i stands for value start + i (a 2 of the run's
        # suit in the 2's place counts as natural there: rule 10, :func:`_natural_mask`)
        start, suit = self._place
        return tuple([i for i, c in enumerate(cards) if c.is_wild
                      and not (c.rank == 2 and c.suit == suit and start + i == 2)
                      and _value_card(start + i, suit) == card])

    def replace(self, card, wild=None) -> tuple[Meld, Card]:
        """Replace a wild (the first equal to ``wild`` if given) by natural card: (new meld, freed wild)."""
        card = Card.parse(card)
        options = self.replace_options(card)
        if wild is not None:
            wild = Card.parse(wild)
            options = tuple(i for i in options if self.cards[i] == wild)
        if not options:
            text = (_("{card} cannot replace a wild {wild} in {meld}") if wild is not None else
                    _("{card} cannot replace a wild in {meld}"))
            raise IllegalAction(text.format(card=card.pretty, wild=wild and wild.pretty, meld=self.text())
                                + " (rule 14)")
        i = options[0]
        cards = self.cards[:i] + (card,) + self.cards[i + 1:]
        # the natural takes the place the wild stood for: a valid meld with the same place
        return Meld._known(self.kind, cards, self.owner, self._place), self.cards[i]


class _Blank:
    """An empty object that becomes a value of a plain class (instances with a ``__dict__`` and
    no slots: Meld, the actions, Game) without that class's ``__init__``::

        value = _Blank()
        value.__dict__ = fields         # (a _Blank's own attributes: no frozen-class refusal)
        value.__class__ = cls

    is ``cls`` with exactly ``fields``, as ``object.__new__(cls)`` followed by
    ``object.__setattr__(value, "__dict__", fields)`` makes it, for less: those are two calls
    of C slot wrappers through the generic call path, each packing its arguments into a new
    tuple (callgrind, issue 24 eighth pass: about 800 instructions less per value compiled,
    650 in pure Python). Only for values the engine and bots build from fields known valid."""


def _known_meld(kind: str, cards: tuple, owner, detail) -> Meld:
    """A meld whose cards are known to form a valid meld of kind, with its place (``detail``):
    what :meth:`Meld._known` returns, as a plain function (the engine's light step makes one per
    lay-off and per meld laid down: a class method's call costs more than the meld).

    >>> m = _known_meld("run", parse_cards("5H JK 7H"), 2, (5, "H"))
    >>> m == Meld("run", "5H JK 7H", owner=2), type(m) is Meld, m._place
    (True, True, (5, 'H'))
    """
    meld = _Blank()
    meld.__dict__ = {"kind": kind, "cards": cards, "owner": owner, "_detail": detail}
    meld.__class__ = Meld
    return meld


def _set_layoff_ends(cards: tuple, rank: int, card: Card) -> tuple[str, ...]:
    """:func:`_layoff_ends` of a valid set of ``rank``: ("any",) if the set with card added is
    still a set (rules 8, 13: room left; a wild, or a natural of its rank in a suit it lacks),
    read off the set instead of analysing the longer meld and wording why it is not one."""
    if len(cards) >= MAX_SET:
        return ()
    if card.is_natural:
        if card.rank != rank:
            return ()
        suit = card.suit
        for c in cards:
            if c.suit == suit and c.is_natural:
                return ()
    return _ANY


_ANY = ("any",)


@lru_cache(maxsize=1024)
def _layoff_ends(kind: str, cards: tuple, card: Card) -> tuple[str, ...]:
    """:meth:`Meld.layoff_ends` of a valid meld (memoized).

    A run's place is fixed by its naturals, so a card fits at an end if that end's value
    (one below the first, one above the last) lies in A..A and the card is a wild or the
    natural of the run's suit and that value; the run's cards keep their places.
    """
    if kind == "set":
        return ("any",) if _analyse_cached(cards + (card,), "set")[0] is None else ()
    start, suit = _analyse_cached(cards, "run")[1]
    return _run_layoff_ends(start, suit, len(cards), card)


@lru_cache(maxsize=4096)
def _run_layoff_ends(start: int, suit: str, n: int, card: Card) -> tuple[str, ...]:
    """Where card fits on a valid run of n cards starting at value ``start`` in ``suit``."""
    if n >= MAX_RUN:
        return ()
    ends = []
    for end, v in (("low", start - 1), ("high", start + n)):
        if 1 <= v <= 14 and (card.is_wild or (card.suit == suit and card.rank == (1 if v == 14 else v))):
            ends.append(end)
    return tuple(ends)
