"""Soak test: many random games of both engines, every invariant checked after every action.

``pushlab soak --games N [--matches M] [--workers W]`` (see :mod:`pushlab.cli`) runs
:func:`soak`. Each game draws its own options (players, harder, switch cards; rummy
deals, dealer, round cap) and bots (random and scripted) from its own seed, so game
``i`` of kind ``k`` is the same whatever the executor or the chunking, and can be
replayed alone with :func:`play_one`.

After every action (and at the start) :func:`pushlab.protocol.problems` checks the
protocol's invariants (who acts, legal actions, winners = best scores, cards
conserved); every ``roundtrip_every``-th state and the last one also round-trip
through pickle and hash (dearer, so sampled). Before a fraction ``probe_rate`` of the
actions a malformed or illegal action is tried: it must raise a ``ValueError``
subclass and leave the state unchanged (same hash, same legal actions).

The summary counts games, actions, *invariant breaks* (a broken invariant, a refused
bot action, an illegal action accepted, a state changed by a refusal, a game that does
not end) and *exceptions* other than the engine's ``ValueError`` subclasses, with the
first few examples (kind, game index, seed: enough to replay).

>>> s = soak(luck_games=3, rummy_matches=1, seed=5, progress=False)
>>> s["games"], s["invariant_breaks"], s["exceptions"]
({'luck': 3, 'rummy': 1}, 0, 0)
"""

from __future__ import annotations

import concurrent.futures as cf
import sys
import time
import traceback
from dataclasses import dataclass, field

import numpy as np

from pushlab.executors import executor
from pushlab.luck import bots as luck_bots
from pushlab.luck.game import Game as LuckGame
from pushlab.protocol import Cards, problems, roundtrip_problems
from pushlab.rummy import bots as rummy_bots
from pushlab.rummy.expert import ExpertBot
from pushlab.rummy.game import Game as RummyGame

KINDS = ("luck", "rummy")
MAX_ACTIONS = 100_000      # far above any real game (luck about 450, a rummy match about 2,000)
MAX_EXAMPLES = 10


# ---------------------------------------------------------------------- tallies
@dataclass
class Tally:
    """Counts of one kind of game (mergeable, picklable)."""

    games: int = 0
    actions: int = 0
    probes: int = 0
    breaks: int = 0
    exceptions: int = 0
    examples: list = field(default_factory=list)

    def add(self, other: Tally) -> None:
        """Add ``other``'s counts (and examples, up to :data:`MAX_EXAMPLES`)."""
        self.games += other.games
        self.actions += other.actions
        self.probes += other.probes
        self.breaks += other.breaks
        self.exceptions += other.exceptions
        self.examples.extend(other.examples[:MAX_EXAMPLES - len(self.examples)])

    def note(self, what: str, problem: str, where: str) -> None:
        """Count a break (``what="break"``) or an exception, keeping an example."""
        if what == "break":
            self.breaks += 1
        else:
            self.exceptions += 1
        if len(self.examples) < MAX_EXAMPLES:
            self.examples.append(f"{where}: {what}: {problem}")


# ---------------------------------------------------------------------- set-ups
def _random_action(game, rng):
    """A uniformly random listed legal action (a bot as a function)."""
    legal = game.legal_actions()
    return legal[int(rng.integers(len(legal)))]


def _random_melder(game, rng):
    """Random, but in rummy's play phase half the time a random meld or replacement."""
    if game.phase == "play" and rng.random() < 0.5:
        melds = game.meld_actions(limit=30)
        if melds:
            return melds[int(rng.integers(len(melds)))]
    return _random_action(game, rng)


def _luck_setup(rng):
    """A random push-your-luck game and four-to-six bots: (game, bots, label)."""

    players = int(rng.integers(2, 7))
    harder = bool(rng.random() < 0.3)
    switch = [None, True, False][int(rng.integers(3))]
    rule = ("turn", "game")[int(rng.integers(2))]       # both readings of the switch card
    game = LuckGame.new(players, seed=rng, harder=harder, switch_cards=switch, switch_rule=rule)

    def bot():
        bank_at = [None, None, 5, 10, 20][int(rng.integers(5))]
        r = rng.random()
        if r < 0.25:
            return _random_action
        if r < 0.45:
            return luck_bots.RandomBot(bank_at=bank_at)
        if r < 0.75:
            return luck_bots.StopAfter(int(rng.integers(1, 9)), bank_at=bank_at)
        if r < 0.9:
            return luck_bots.StopAtRisk(float(rng.choice([0.1, 0.25, 0.5, 0.9])), bank_at=bank_at)
        if r < 0.999:                       # Greedy and HintBot think hard: fewer seats
            return luck_bots.Greedy(bank_at=bank_at)
        return luck_bots.HintBot(bank_at=bank_at)

    bots = [bot() for _ in range(players)]
    label = f"players={players} harder={harder} switch_cards={switch} switch_rule={rule}"
    return game, bots, label


def _rummy_setup(rng):
    """A random rummy match and four bots: (game, bots, label)."""

    if rng.random() < 0.7:
        deals = (1, 2, 3, 4, 5)
    else:
        deals = tuple(sorted(rng.choice(5, size=int(rng.integers(1, 5)), replace=False) + 1))
    deals = tuple(int(d) for d in deals)
    kinds = [("random", "heuristic", "neverpush", "melder", "expert")[int(i)]
             for i in rng.choice(5, size=4, p=[0.25, 0.25, 0.1, 0.25, 0.15])]
    pushes = "neverpush" not in kinds        # without a cap, someone must push to end a deal
    cap = [50, 50, 10, 2, None][int(rng.integers(5 if pushes else 4))]
    dealer = [None, 0, 1, 2, 3][int(rng.integers(5))]
    game = RummyGame.new(seed=rng, deals=deals, dealer=dealer, round_cap=cap)
    make = {"random": lambda: _random_action, "heuristic": rummy_bots.HeuristicBot,
            "neverpush": rummy_bots.NeverPushBot, "melder": lambda: _random_melder, "expert": _expert}
    bots = [make[k]() for k in kinds]
    return game, bots, f"deals={deals} round_cap={cap} dealer={dealer} bots={kinds}"


def _expert():
    """The partnership bot."""
    return ExpertBot()


SETUPS = {"luck": _luck_setup, "rummy": _rummy_setup}


# ---------------------------------------------------------------------- bad actions
_MALFORMED = (None, 42, 3.5, "", "   ", "dance", "draw draw", "place -1", "place 99", "take x",
              "take 99", "bank Q", "discard ZZ", "discard", "layoff", "meld", "meld set",
              "replace 0", "layoff 5H 99 high", ("draw",), b"take", "meld run 5H 6H")
_ILLEGAL = {"luck": ("draw", "stop", "place 0", "place 1", "place 3", "take 0", "take 2",
                     "bank R", "bank B", "bank P"),
            "rummy": ("take", "push", "discard AS", "discard JK", "discard 2C", "layoff 5H 0",
                      "layoff JK 1 low", "meld set 9S 9C 9D", "replace 0 5H then discard 2C")}


def _norm(action) -> str:
    """An action's words in lower case, for comparing against the listed legal actions."""
    return " ".join(str(action).split()).lower()


def _probe(game, legal, kind, rng, tally, where) -> None:
    """Try one malformed or illegal action: a ValueError subclass, and nothing changed."""
    pool = _MALFORMED if rng.random() < 0.5 else _ILLEGAL[kind]
    action = pool[int(rng.integers(len(pool)))]
    tally.probes += 1
    before = hash(game)
    try:
        game.apply(action)
    except ValueError:
        if hash(game) != before or game.legal_actions() != legal:
            tally.note("break", f"refusing {action!r} changed the state", where)
        return
    except Exception as exc:                         # noqa: BLE001 - counted and reported
        tally.note("exception", f"{action!r} raised {type(exc).__name__}: {exc}", where)
        return
    if not _is_legal_spelling(game, action, legal):
        tally.note("break", f"{action!r} was accepted but is not a legal action ({legal[:5]}...)",
                   where)


def _is_legal_spelling(game, action, legal) -> bool:
    """True if ``action`` (which ``apply`` accepted) is a listed legal action, another spelling
    of one (same next state), or of a verb the game does not list (rummy melds)."""
    text = _norm(action)
    if not isinstance(action, str) or text.split(" ")[0] in game.UNLISTED_VERBS:
        return isinstance(action, str)
    if text in {_norm(a) for a in legal}:
        return True
    after = game.apply(action)
    return any(game.apply(a) == after for a in legal)


# ---------------------------------------------------------------------- playing
def game_seed(seed: int, kind: str, index: int) -> np.random.SeedSequence:
    """The seed of game ``index`` of ``kind`` in a soak started with ``seed``.

    >>> game_seed(1, "luck", 5).entropy
    1
    """
    return np.random.SeedSequence(seed, spawn_key=(KINDS.index(kind), index))


def play_one(kind: str, seed: int, index: int, probe_rate: float = 0.05,
             roundtrip_every: int = 64) -> Tally:
    """Play game ``index`` of ``kind`` with every check; its :class:`Tally`."""
    tally = Tally(games=1)
    rng = np.random.default_rng(game_seed(seed, kind, index))
    where = f"{kind} game {index} (seed {seed})"
    try:
        game, bots, label = SETUPS[kind](rng)
    except Exception as exc:                         # noqa: BLE001
        tally.note("exception", f"set-up raised {type(exc).__name__}: {exc}", where)
        return tally
    where += f" [{label}]"
    cards = Cards(game)
    step = 0
    try:
        while True:
            legal = game.legal_actions()
            for p in problems(game, cards, legal):
                tally.note("break", f"after {step} actions: {p}", where)
            if step % roundtrip_every == 0 or game.is_over:
                for p in roundtrip_problems(game):
                    tally.note("break", f"after {step} actions: {p}", where)
            if game.is_over:
                break
            if step >= MAX_ACTIONS:
                tally.note("break", f"the game did not end in {MAX_ACTIONS} actions", where)
                break
            if rng.random() < probe_rate:
                _probe(game, legal, kind, rng, tally, where)
            bot = bots[game.current_player]
            action = bot.choose(game, rng) if hasattr(bot, "choose") else bot(game, rng)
            try:
                game = game.apply(action)
            except ValueError as exc:
                tally.note("break", f"a bot's action {action!r} was refused: {exc}", where)
                break
            step += 1
    except Exception as exc:                         # noqa: BLE001 - counted and reported
        last = traceback.extract_tb(exc.__traceback__)[-1]
        tally.note("exception", f"after {step} actions: {type(exc).__name__}: {exc} "
                   f"({last.filename.rsplit('/', 1)[-1]}:{last.lineno})", where)
    tally.actions = step
    return tally


def play_chunk(kind: str, seed: int, start: int, count: int, probe_rate: float = 0.05,
               roundtrip_every: int = 64) -> Tally:
    """Games ``start`` to ``start+count-1`` of ``kind``, one merged :class:`Tally` (an executor task)."""
    total = Tally()
    for i in range(start, start + count):
        total.add(play_one(kind, seed, i, probe_rate, roundtrip_every))
    return total


def _chunks(kind, games, size):
    """(kind, start, count) tasks covering ``games`` games, lazily (for 10**6 games too)."""
    for start in range(0, games, size):
        yield kind, start, min(size, games - start)


def soak(luck_games: int = 1000, rummy_matches: int | None = None, *, seed: int = 0,
         executor: cf.Executor | None = None, chunk: int | None = None, probe_rate: float = 0.05,
         roundtrip_every: int = 64, progress: bool = True, in_flight: int = 8) -> dict:
    """Play the games (on ``executor``, any ``concurrent.futures.Executor``; None: here) and
    return the summary dict. ``rummy_matches`` defaults to a tenth of ``luck_games``.

    At most ``in_flight`` tasks of ``chunk`` games wait on the executor at a time, so
    memory stays flat however many games are asked for. Interrupted (Ctrl+C, SIGINT), it
    stops and returns the summary of the games finished so far, with ``"interrupted": True``.
    """
    if rummy_matches is None:
        rummy_matches = luck_games // 10
    sizes = {"luck": chunk or 50, "rummy": max(1, (chunk or 50) // 10)}
    weights = {"luck": 1, "rummy": 5}            # a match costs about as much as 5 luck games
    tasks = [t for kind, n in (("luck", luck_games), ("rummy", rummy_matches))
             for t in _chunks(kind, n, sizes[kind])]
    # interleave the kinds so that both advance together (an interrupted soak covers both)
    totals = {"luck": max(1, luck_games), "rummy": max(1, rummy_matches)}
    tasks.sort(key=lambda t: t[1] / totals[t[0]])
    tallies = {k: Tally() for k in KINDS}
    bar = _bar(luck_games + rummy_matches * weights["rummy"], progress)
    t0 = time.perf_counter()

    def done(kind, count, tally):
        for example in tally.examples:          # tell at once, not only in the summary
            bar.write(f"soak: {example}", file=sys.stderr)
        tallies[kind].add(tally)
        bar.update(count * weights[kind])
        bar.set_postfix(breaks=sum(t.breaks for t in tallies.values()),
                        exceptions=sum(t.exceptions for t in tallies.values()), refresh=False)

    interrupted = False
    pending = {}
    try:
        if executor is None:
            for kind, start, count in tasks:
                done(kind, count, play_chunk(kind, seed, start, count, probe_rate, roundtrip_every))
        else:
            def collect():
                finished, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
                for fut in finished:
                    kind, _, count = pending.pop(fut)
                    done(kind, count, fut.result())

            for kind, start, count in tasks:
                if len(pending) >= in_flight:
                    collect()
                fut = executor.submit(play_chunk, kind, seed, start, count, probe_rate,
                                      roundtrip_every)
                pending[fut] = (kind, start, count)
            while pending:
                collect()
    except KeyboardInterrupt:                   # Ctrl+C / SIGINT: report what was played
        interrupted = True
        for fut in pending:
            fut.cancel()
    finally:
        bar.close()
    extra = {"interrupted": True} if interrupted else {}
    return summary(tallies, time.perf_counter() - t0, seed=seed, **extra)


def summary(tallies: dict, seconds: float, **extra) -> dict:
    """The JSON-ready summary of the tallies."""
    per = {k: {"games": t.games, "actions": t.actions, "illegal_probes": t.probes,
               "invariant_breaks": t.breaks, "exceptions": t.exceptions} for k, t in tallies.items()}
    return {"games": {k: t.games for k, t in tallies.items()},
            "actions": sum(t.actions for t in tallies.values()),
            "invariant_breaks": sum(t.breaks for t in tallies.values()),
            "exceptions": sum(t.exceptions for t in tallies.values()),
            "seconds": round(seconds, 1), **extra, "per_game": per,
            "examples": [e for t in tallies.values() for e in t.examples]}


def _bar(total, enabled):
    """A tqdm progress bar (weighted: a rummy match counts as 5 games), or a silent stand-in."""
    from tqdm.auto import tqdm

    return tqdm(total=total, disable=not enabled, unit="game", smoothing=0.05,
                desc="soak", mininterval=1.0)


# ---------------------------------------------------------------------- executors
#: The old name of :func:`pushlab.executors.executor` (removal after 0.2).
executor_for = executor
