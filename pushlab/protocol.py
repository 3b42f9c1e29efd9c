"""The protocol both games meet, and the invariants every state of every game keeps.

A *game* is an immutable state (``pushlab.luck.Game``, ``pushlab.rummy.Game``): it says
who acts, lists what they may do, and returns a new state for each action. Tools that
work for either game (``pushlab.tournament``, ``pushlab soak``, the conformance suite
``tests/test_conformance.py``) rely on nothing else.

>>> from pushlab.luck import Game as Luck
>>> from pushlab.rummy import Game as Rummy
>>> isinstance(Luck.new(3, seed=1), Game), isinstance(Rummy.new(seed=1), Game)
(True, True)
>>> problems(Rummy.new(seed=1))
[]
"""

from __future__ import annotations

import inspect
from collections import Counter
from typing import Any, ClassVar, Protocol, runtime_checkable

import numpy as np

from pushlab.errors import SetupError


@runtime_checkable
class Game(Protocol):
    """A state of a game: an immutable, hashable, picklable value.

    - ``num_players``, ``current_player`` (None when over), ``is_over``;
    - ``legal_actions()``: the legal actions now, in a stable order ([] when over),
      except actions whose first word is in ``UNLISTED_VERBS`` (too many to list:
      rummy melds and wild replacements, which ``apply`` accepts all the same);
    - ``apply(action)``: the next state; an illegal or malformed action raises
      :class:`pushlab.errors.IllegalAction` (a ``ValueError``) and changes nothing;
    - ``scores()``: one number per side (player or partnership); ``winners()``: the
      sides with the best score, lowest when ``LOW_SCORE_WINS``, else highest;
    - the views a bot may use: ``observation(player)`` (what that player may see) and
      ``log``; bots get the state itself and must read only what a player could see;
    - ``all_cards()``: every card in every zone, the same multiset in every state.
    """

    LOW_SCORE_WINS: ClassVar[bool]
    UNLISTED_VERBS: ClassVar[frozenset]
    log: tuple

    @property
    def num_players(self) -> int: ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> list: ...

    def apply(self, action) -> Game: ...

    def scores(self) -> tuple: ...

    def winners(self) -> tuple: ...

    def observation(self, player: int) -> Any: ...

    def all_cards(self) -> tuple: ...


def best_sides(game: Game, scores: tuple | None = None) -> tuple:
    """The sides whose score is best by the game's own rule (what ``winners()`` must say).

    >>> from pushlab.rummy import Game as Rummy
    >>> best_sides(Rummy.new(seed=0))
    (0, 1)
    """
    scores = game.scores() if scores is None else scores
    best = (min if game.LOW_SCORE_WINS else max)(scores)
    return tuple(i for i, s in enumerate(scores) if s == best)


class Cards:
    """The cards of a game's first state, to check that later states conserve them.

    Comparing the identities of the card objects first makes the check cheap (both
    engines reuse one object per card); only when those differ are the cards compared
    by value, so an engine that makes new equal cards is not blamed.

    >>> from pushlab.luck import Game as Luck
    >>> g = Luck.new(2, seed=1)
    >>> Cards(g).problem(g.apply("draw")) is None
    True
    """

    def __init__(self, game: Game):
        cards = game.all_cards()
        self.counts = Counter(cards)
        self._ids = Counter(map(id, cards))

    def problem(self, game: Game) -> str | None:
        """None when ``game`` holds the same cards, else a sentence naming the difference."""
        cards = game.all_cards()
        if dict.__eq__(Counter(map(id, cards)), self._ids):   # C-level equality, ints
            return None
        now = Counter(cards)
        if dict.__eq__(now, self.counts):
            return None
        lost, found = self.counts - now, now - self.counts
        return (f"cards not conserved: lost {sorted(map(str, lost.elements()))}, "
                f"found {sorted(map(str, found.elements()))}")


def problems(game: Game, cards: Cards | None = None, legal: list | None = None) -> list:
    """The invariants ``game`` breaks, as sentences ([] when none); cheap enough for every step.

    Checked: who acts agrees with ``is_over`` and the legal actions; ``winners()`` are the
    best scores; ``cards`` (:class:`Cards` of an earlier state of the same game, if
    given) are conserved. ``legal``: ``game.legal_actions()`` if the caller has it already.
    Pickle and hash round-trips are :func:`roundtrip_problems` (dearer).
    """
    out = []
    over, who = game.is_over, game.current_player
    legal = game.legal_actions() if legal is None else legal
    if over != (who is None):
        out.append(f"is_over is {over} but current_player is {who!r}")
    if who is not None and not 0 <= who < game.num_players:
        out.append(f"current_player {who!r} is not a player 0..{game.num_players - 1}")
    if over == bool(legal):
        out.append(f"is_over is {over} but there are {len(legal)} legal actions")
    if len(set(map(str, legal))) != len(legal):
        out.append("legal_actions lists an action twice")
    winners, scores = tuple(game.winners()), game.scores()
    if winners != best_sides(game, scores):
        out.append(f"winners {winners} are not the best scores {scores}")
    if cards is not None:
        lost = cards.problem(game)
        if lost:
            out.append(lost)
    return out


def roundtrip_problems(game: Game) -> list:
    """Pickle and hash: a state rebuilt from a pickle is ``==`` to it and hashes the same.

    >>> from pushlab.luck import Game as Luck
    >>> roundtrip_problems(Luck.new(2, seed=0).apply("draw"))
    []
    """
    import pickle

    out = []
    copy = pickle.loads(pickle.dumps(game))
    if copy != game:
        out.append("a state rebuilt from its pickle is not == to it")
    elif hash(copy) != hash(game):
        out.append("a state rebuilt from its pickle hashes differently")
    return out


# ---------------------------------------------------------------------- bots and playing one game
# A bot is an object with ``choose(game, rng)`` or a function ``f(game, rng) -> action``; a
# *bot factory* is a class or a zero-argument callable that makes one (a fresh bot per game).

MAX_STEPS = 1_000_000


def is_factory(obj) -> bool:
    """True for a bot factory (a class, or a callable taking no argument).

    >>> from pushlab.luck.bots import StopAfter
    >>> is_factory(StopAfter), is_factory(StopAfter(2)), is_factory(lambda: StopAfter(2))
    (True, False, True)
    >>> is_factory(lambda game, rng: "draw")
    False
    """
    if isinstance(obj, type):
        return True
    if hasattr(obj, "choose") or not callable(obj):
        return False
    try:
        params = inspect.signature(obj).parameters.values()
    except (TypeError, ValueError):
        return False
    return not any(p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
                   for p in params)


def make_bot(obj):
    """A bot from a bot or a bot factory; anything else raises SetupError."""
    bot = obj() if is_factory(obj) else obj
    if not (hasattr(bot, "choose") or callable(bot)):
        raise SetupError(f"not a bot: {obj!r} (needs choose(game, rng) or to be a function)")
    return bot


def bot_name(bot) -> str:
    """A readable name for a bot, a factory or a function."""
    if isinstance(bot, type):
        return bot.__name__
    name = getattr(bot, "name", None)
    if isinstance(name, str):
        return name
    return getattr(bot, "__name__", None) or repr(bot)


def decide(bot, game, rng) -> str:
    """The action ``bot`` chooses in ``game``."""
    choose = getattr(bot, "choose", None)
    return choose(game, rng) if choose is not None else bot(game, rng)


def play(game, bots, rng=None, *, max_steps: int = MAX_STEPS):
    """Play ``game`` to the end, seat ``i`` played by ``bots[i]``; return the final state.

    >>> from pushlab.luck import Game
    >>> from pushlab.luck.bots import StopAfter
    >>> play(Game.new(2, seed=3), [StopAfter(2), StopAfter(3)]).is_over
    True
    """
    bots = [make_bot(b) for b in bots]
    for _ in range(max_steps):
        if game.is_over:
            return game
        game = game.apply(decide(bots[game.current_player], game, rng))
    raise SetupError(f"the game did not end within {max_steps} actions")


def game_seeds(seed, games: int, start: int = 0):
    """Per game ``start..games-1``: (int seed for the game factory, Generator for the bots).

    Game ``i`` uses child ``i`` of ``SeedSequence(seed)`` (``spawn_key=(i,)``).

    >>> a = game_seeds(7, 3); b = game_seeds(7, 3)
    >>> [s for s, _ in a] == [s for s, _ in b], game_seeds(7, 3, 2)[0][0] == a[2][0]
    (True, True)
    """
    if isinstance(seed, np.random.SeedSequence):
        seed = seed.entropy
    out = []
    for i in range(start, games):
        game_ss, bot_ss = np.random.SeedSequence(seed, spawn_key=(i,)).spawn(2)
        out.append((int(game_ss.generate_state(1)[0]), np.random.default_rng(bot_ss)))
    return out
