"""Play many games between bots and collect the results as numpy arrays (both games).

Generic over the game: a game is any state meeting :class:`pushlab.protocol.Game`
(``is_over``, ``current_player``, ``apply(action)``, ``scores()``, ``winners()``, ...;
both ``pushlab.luck.Game`` and ``pushlab.rummy.Game`` do, checked by
``tests/test_conformance.py``), built by a
``game_factory(seed) -> game``. A bot is an object with ``choose(game, rng)``
or a function ``f(game, rng) -> action``; a *bot factory* is a class or a
zero-argument callable that makes one (a fresh bot per game).

Seeding: ``seed`` (an int) starts a ``numpy.random.SeedSequence``; game ``i`` gets
its own child, from which the game's seed and the bots' Generator are drawn. So
results do not depend on the executor or the chunking, and game ``i`` of a
tournament can be replayed alone with :func:`game_seeds`.

Confidence intervals come from :mod:`pushlab.stats` (one value per game, so values are
independent): win rates use the Wilson interval on the summed win shares (a tie between
m players gives each 1/m), mean scores the t interval (none for a single game), and
:meth:`TournamentResult.compare` the interval of the per-game *difference* between two
bots, which answers "is bot A better?" (all bots play the same games, so the comparison
is paired).

>>> from pushlab.luck.bots import StopAfter, RandomBot
>>> res = tournament([StopAfter(2), StopAfter(4)], games=20, seed=1)
>>> res.scores.shape, res.wins.sum(1).tolist() == [1.0] * 20
((20, 2), True)
>>> res.names
('StopAfter(2, bank_at=None)', 'StopAfter(4, bank_at=None)')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from html import escape

import numpy as np

from pushlab.checks import is_count
from pushlab.errors import SetupError
from pushlab.i18n import _
from pushlab.luck.game import Game
from pushlab.luck.names import bot_label
from pushlab.protocol import MAX_STEPS, bot_name, decide, game_seeds, is_factory, make_bot, play  # noqa: F401
from pushlab.seeding import entropy as _entropy
from pushlab.stats import format_ci, paired_diff_ci, paired_rate_diff_ci, rate_ci
from pushlab.stats import column_mean_ci as mean_ci

# Playing one game (bots, play, game_seeds) is the protocol layer's (pushlab.protocol); the
# names stay importable from here.


# ---------------------------------------------------------------------- factories
def luck_game(seed, players: int, **options):
    """Default factory: a shuffled ``pushlab.luck.Game`` (picklable via partial)."""
    return Game.new(players, seed=seed, **options)


def default_outcome(game):
    """(scores per seat, fractional wins per seat) of a finished game."""
    scores = np.asarray(game.scores(), dtype=float)
    wins = np.zeros(len(scores))
    winners = list(game.winners())
    wins[winners] = 1 / len(winners)
    return scores, wins


# ---------------------------------------------------------------------- results
@dataclass(frozen=True)
class TournamentResult:
    """Results as arrays: ``scores``, ``wins`` (fractional) and ``seating`` (bot index
    per seat), each games x seats; ``names`` of the bots in the order given."""

    names: tuple
    scores: np.ndarray
    wins: np.ndarray
    seating: np.ndarray

    @property
    def games(self) -> int:
        """Number of games played."""
        return len(self.scores)

    def by_bot(self, values) -> np.ndarray:
        """Rearrange a games x seats array into games x bots."""
        out = np.empty_like(values)
        np.put_along_axis(out, self.seating, values, axis=1)
        return out

    def mean_score(self, by: str = "bot"):
        """(mean, low, high) score per bot (or per seat) with 95% t intervals (NaN for 1 game)."""
        return mean_ci(self._pick(self.scores, by))

    def win_rate(self, by: str = "bot"):
        """(rate, low, high) win rate per bot (or per seat) with 95% Wilson intervals."""
        return rate_ci(self._pick(self.wins, by))

    def _pick(self, values, by):
        """Values per bot or per seat."""
        if by not in ("bot", "seat"):
            raise SetupError(f"by must be 'bot' or 'seat', got {by!r}")
        return self.by_bot(values) if by == "bot" else values

    def _index(self, bot) -> int:
        """A bot's index from its index or name."""
        if is_count(bot, 0, len(self.names) - 1):
            return int(bot)
        if bot in self.names:
            return self.names.index(bot)
        raise SetupError(f"no bot {bot!r} in this tournament; bots: {', '.join(self.names)}")

    def compare(self, a=0, b=1) -> dict:
        """Bot ``a`` minus bot ``b`` (indices or names): differences with paired 95% intervals.

        ``win_diff`` is the difference of win rates (Agresti-Min interval on paired win
        shares), ``score_diff`` the difference of mean scores (t interval of per-game
        differences); each is ``(difference, low, high)``. An interval entirely above 0
        says ``a`` is better at that level of confidence.

        >>> from pushlab.luck.bots import StopAfter
        >>> c = tournament([StopAfter(2), StopAfter(4)], games=40, seed=1).compare()
        >>> c["a"], c["b"], len(c["win_diff"])
        ('StopAfter(2, bank_at=None)', 'StopAfter(4, bank_at=None)', 3)
        """
        i, j = self._index(a), self._index(b)
        if i == j:
            raise SetupError("compare two different bots")
        wins, scores = self.by_bot(self.wins), self.by_bot(self.scores)
        return dict(a=self.names[i], b=self.names[j],
                    win_diff=paired_rate_diff_ci(wins[:, i], wins[:, j]),
                    score_diff=paired_diff_ci(scores[:, i], scores[:, j]))

    def comparisons(self) -> list:
        """Every other bot compared with the first one (:meth:`compare`).

        A bot whose results equal an earlier bot's in every game (a rummy partner) is
        left out: it is the same side.
        """
        wins, scores = self.by_bot(self.wins), self.by_bot(self.scores)
        sides = []
        for i in range(len(self.names)):
            if not any(np.array_equal(wins[:, i], wins[:, j]) and
                       np.array_equal(scores[:, i], scores[:, j]) for j in sides):
                sides.append(i)
        return [self.compare(i, sides[0]) for i in sides[1:]]

    def summary(self) -> list:
        """One dict per bot: name, mean score and win rate with their 95% CIs."""
        s, sl, sh = self.mean_score()
        w, wl, wh = self.win_rate()
        return [dict(bot=name, score=s[i], score_ci=(sl[i], sh[i]), win_rate=w[i],
                     win_ci=(wl[i], wh[i])) for i, name in enumerate(self.names)]

    def __str__(self) -> str:
        lines = [f"{self.games} games (95% confidence intervals)"]
        for row in self.summary():
            lines.append(f"{row['bot']}: score {row['score']:.2f} "
                         f"{format_ci(*row['score_ci'], '.2f')}, "
                         f"wins {row['win_rate']:.3f} {format_ci(*row['win_ci'], '.3f')}")
        for c in self.comparisons():
            lines.append(f"{c['a']} minus {c['b']}: score {c['score_diff'][0]:+.2f} "
                         f"{format_ci(*c['score_diff'][1:], '+.2f')}, "
                         f"wins {c['win_diff'][0]:+.3f} {format_ci(*c['win_diff'][1:], '+.3f')}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """The summary as an HTML table in the current language, bots named in words
        (:func:`pushlab.luck.names.bot_label`; a name it does not know is shown as it is) and
        numbers in the language's format (:mod:`pushlab.i18n.numbers`: Czech ``12,35``,
        ``[27,0 %; 33,0 %]``), like the rest of the table. ``str()`` (:meth:`__str__`) stays
        the plain-Python English view."""
        from pushlab.i18n.numbers import decimal, interval, number, percent

        rows = "".join(
            f"<tr><td>{escape(bot_label(r['bot']))}</td><td>{escape(decimal(r['score'], 2))}</td>"
            f"<td>{escape(interval(*r['score_ci'], 2))}</td>"
            f"<td>{escape(percent(r['win_rate'], 1))}</td>"
            f"<td>{escape(interval(*r['win_ci'], 1, percent=True))}</td></tr>"
            for r in self.summary())
        rows += "".join(
            f"<tr><td>{escape(bot_label(c['a']))} &minus; {escape(bot_label(c['b']))}</td>"
            f"<td>{escape(decimal(c['score_diff'][0], 2, sign=True))}</td>"
            f"<td>{escape(interval(*c['score_diff'][1:], 2, sign=True))}</td>"
            f"<td>{escape(percent(c['win_diff'][0], 1, sign=True))}</td>"
            f"<td>{escape(interval(*c['win_diff'][1:], 1, percent=True, sign=True))}</td></tr>"
            for c in self.comparisons())
        caption = _("{games} games (confidence intervals of 95%; differences are paired over the same "
                    "games)").format(games=number(self.games))
        if self.games < 2:
            caption += " " + _("(not enough games for an interval)")
        heads = "".join(f"<th>{escape(h)}</th>" for h in (
            _("bot"), _("mean score"), _("confidence interval"), _("win rate"), _("confidence interval")))
        return f"<table><caption>{escape(caption)}</caption><tr>{heads}</tr>{rows}</table>"


# ---------------------------------------------------------------------- tournament
def tournament(bots, games: int = 100, seed=None, *, rotate_seats: bool = True,
               executor=None, game_factory=None, outcome=default_outcome, progress=None,
               chunk: int | None = None, **game_options) -> TournamentResult:
    """Play ``games`` games between ``bots`` (bots or bot factories, one per seat).

    ``game_factory(seed) -> game`` makes each game (default: a shuffled luck game with
    ``len(bots)`` players and ``game_options``). With ``rotate_seats`` game ``i`` seats
    bot ``b`` at seat ``(b - i) % len(bots)`` so each bot plays every seat equally.
    ``executor``: a ``concurrent.futures`` executor (processes need picklable bots and
    factory: no lambdas). ``progress``: True for a ``tqdm.auto`` bar, or a callable
    ``progress(done, total)``. ``outcome(game) -> (scores, wins)`` per seat.
    """
    bots = list(bots)
    n = len(bots)
    if n == 0:
        raise SetupError("a tournament needs at least one bot")
    if not is_count(games):
        raise SetupError(f"games must be a positive int, got {games!r}")
    if game_factory is None:
        game_factory = partial(luck_game, players=n, **game_options)
    elif game_options:
        raise SetupError("game options go into your game_factory, not tournament()")
    for b in bots:
        make_bot(b)
    names = tuple(bot_name(b) for b in bots)
    size = chunk or max(1, min(50, games // 16 or 1))
    starts = list(range(0, games, size))
    job = partial(_play_chunk, bots=bots, seed=_entropy(seed), games=games, rotate=rotate_seats,
                  factory=game_factory, outcome=outcome, size=size)
    mapped = executor.map(job, starts) if executor is not None else map(job, starts)
    report = _progress(progress, games)
    parts, done = [], 0
    for part in mapped:
        parts.append(part)
        done += len(part[0])
        report(done)
    scores, wins, seating = (np.concatenate([p[i] for p in parts]) for i in range(3))
    return TournamentResult(names, scores, wins, seating)


def _progress(progress, total):
    """A function done -> None reporting progress (or doing nothing)."""
    if progress is None or progress is False:
        return lambda done: None
    if progress is True:
        from tqdm.auto import tqdm

        bar = tqdm(total=total, unit="game")

        def update(done, bar=bar):
            bar.update(done - bar.n)
            if done >= total:
                bar.close()
        return update
    return lambda done: progress(done, total)


def seating_of(i: int, n: int, rotate: bool = True) -> np.ndarray:
    """Bot index at each seat in game ``i`` (seat s: bot (s + i) % n when rotating).

    >>> seating_of(1, 3).tolist(), seating_of(1, 3, rotate=False).tolist()
    ([1, 2, 0], [0, 1, 2])
    """
    r = i % n if rotate else 0
    return (np.arange(n) + r) % n


def _play_chunk(start, *, bots, seed, games, rotate, factory, outcome, size):
    """Play games start..start+size-1; return (scores, wins, seating) arrays."""
    seeds = game_seeds(seed, min(games, start + size), start)
    n = len(bots)
    scores, wins, seating = [], [], []
    for i, (game_seed, rng) in enumerate(seeds, start):
        seats = seating_of(i, n, rotate)
        final = play(factory(game_seed), [bots[b] for b in seats], rng)
        s, w = outcome(final)
        scores.append(s)
        wins.append(w)
        seating.append(seats)
    return np.array(scores, float), np.array(wins, float), np.array(seating, int)
