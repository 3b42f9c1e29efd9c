"""Policy search for Push (push-your-luck): a grid evaluation, then iterated best response.

**The family.** A :class:`Family` is a grid of whole-game policies in the vocabulary
of :class:`pushlab.luck.policy.Policy`: a *stop rule* (``after k`` cards in the
columns, or at ``risk p`` of a bust) times a *bank rule* (bank the top bench colour
``at x`` points, once its forecast ``loss`` reaches t points, or never), plus
*endgame* rules (``endgame N: <stop rule>`` once N cards or fewer are left) that
refine the final answer. Every policy is played by the batched simulator
(:func:`pushlab.luck.sim.simulate_from` from the first turn: the same decisions, so
the same games, as the engine).

**One round** evaluates every policy of the family as the *candidate* in one seat
against a *field*: every other seat plays the field policy. The candidate's seat is
rotated over all seats (going first matters), so each estimate is the candidate's
whole-game win rate against that field, ties split equally among the winners.
Every candidate plays the same shuffled decks and die rolls (common random numbers),
so the differences between candidates are sharper than their own intervals.

**Iterated best response.** Round 0 plays against ``start`` (default: the default
bot ``StopAfter(5)``, never banking); the best candidate of a round (its best
response, highest estimated win rate) is the field of the next round. The search
stops when the best response is the field policy itself or does not beat it by a
significant margin (the 95% interval of the paired difference reaches 0: no policy
of the family measurably exploits the field, an equilibrium within the family up to
noise), when it returns to an earlier field (a cycle), or after ``max_rounds``.
Then the **endgame refinement** evaluates the final best response with each endgame
rule added, against a field of the final best response itself.
Picking the best of many noisy estimates flatters it a little (the winner's curse);
the paired interval against the field says how much of the edge is real.

**Seeding and executors.** A round is split into work units, one per (candidate,
chunk of games). The decks and dice of chunk ``c`` of round ``r`` come from
``SeedSequence(seed, spawn_key=(players, harder, r, c))``: keyed on the unit, never
on the order of execution, so any ``concurrent.futures`` executor (a process pool, a
Dask ``client.get_executor()``) gives exactly the results of a serial run. Units of one
chunk differ only in the candidate, so up to ``batch`` of them run as one task, in one
call of the batched simulator (:func:`run_batch`): its lock-step loop costs per step,
not per game, so wider calls simulate more games per CPU-second; the games, and so the
results, are the same for any ``batch``.

>>> fam = Family(stop=("after 3", "after 6"), bank=(None, "bank at 12"), endgame=("endgame 9: after 2",))
>>> res = search(2, family=fam, games=8, seed=1, max_rounds=1)
>>> res.rounds[0].field, res.rounds[0].policies, len(res.endgame.win)
('after 5', ('after 3', 'after 3, bank at 12', 'after 6', 'after 6, bank at 12'), 2)
>>> res == search(2, family=fam, games=8, seed=1, max_rounds=1)
True
"""

from __future__ import annotations

import json
from concurrent.futures import as_completed
from dataclasses import asdict, dataclass
from importlib import resources

import numpy as np

from pushlab.checks import is_count, seed as check_seed
from pushlab.errors import SetupError
from pushlab.i18n import _, ngettext
from pushlab.i18n.policies import bank_rule_text
from pushlab.luck.game import Game
from pushlab.luck.policy import BankRule, Policy, policy_key, policy_label
from pushlab.luck.sim import random_decks, seat_policies, simulate_from
from pushlab.stats import mean_ci, paired_rate_diff_ci, rate_ci

FORMAT = 1
DATA_FILE = "luck_search.json"
START = "after 5"                              # the default bot: StopAfter(5), never banks
REGENERATE = ("pushlab search --players 2-6 --variant both --games 1200 --chunk 1200 --seed 2026 "
              "--workers 2 --out pushlab/data/luck_search.json")


# ---------------------------------------------------------------------- the family
@dataclass(frozen=True)
class Family:
    """A grid of policies: stop rules x bank rules (texts; None: never bank), and endgames.

    A policy's text is ``"<stop rule>[, <bank rule>]"``, e.g. ``"after 4, bank at 12"``
    (the vocabulary of :class:`pushlab.luck.policy.Policy`). The grid is searched by
    iterated best response; the ``endgame`` rules (``"endgame N: <stop rule>"``: once
    the pile holds at most N cards) then refine the final best response.

    >>> fam = Family(stop=("after 4", "after 5"), bank=(None, "bank at 20"), endgame=())
    >>> fam.policies()
    ['after 4', 'after 4, bank at 20', 'after 5', 'after 5, bank at 20']
    >>> fam.index("after 5, bank at 20"), fam.shape
    (3, (2, 2))
    >>> fam.with_endgames("after 4")
    ['after 4']
    >>> Family(stop=(), bank=(None,))
    Traceback (most recent call last):
    ...
    pushlab.errors.SetupError: a policy family needs at least one stop rule and one bank rule
    """

    stop: tuple = tuple(f"after {k}" for k in range(3, 8)) + ("risk 0.1", "risk 0.15")
    bank: tuple = (None, "bank at 15", "bank at 25", "bank at 40", "bank loss 5", "bank loss 10")
    endgame: tuple = tuple(f"endgame {n}: after {k}" for n in (15, 30) for k in (2, 4, 6, 8, 10))

    def __post_init__(self):
        object.__setattr__(self, "stop", tuple(self.stop))
        object.__setattr__(self, "bank", tuple(self.bank))
        if not self.stop or not self.bank:
            raise SetupError("a policy family needs at least one stop rule and one bank rule")
        object.__setattr__(self, "endgame", tuple(self.endgame))
        if any(len(set(ax)) < len(ax) for ax in (self.stop, self.bank, self.endgame)):
            raise SetupError(f"a policy family lists each rule once, got {self!r}")
        for p in self.policies() + [f"after 1, {e}" for e in self.endgame]:
            seat_policy(p)                      # raises on a policy the simulator cannot run

    def with_endgames(self, policy: str) -> list:
        """``policy`` and its variants with each endgame of the family (the refinement stage)."""
        return [policy] + [f"{policy}, {e}" for e in self.endgame]

    @property
    def shape(self) -> tuple:
        """(number of stop rules, number of bank rules)."""
        return len(self.stop), len(self.bank)

    def policies(self) -> list:
        """Every policy's text (canonical), stop rule major: index ``i * len(bank) + j``."""
        return [str(Policy.parse(s if b is None else f"{s}, {b}")) for s in self.stop for b in self.bank]

    def index(self, policy: str) -> int:
        """The index of ``policy`` in :meth:`policies` (SetupError if not in the family)."""
        try:
            return self.policies().index(policy)
        except ValueError:
            raise SetupError(f"{policy!r} is not in the family {self!r}") from None

    def stop_labels(self) -> list:
        """The stop rules, e.g. ``'after 5'``."""
        return list(self.stop)

    def bank_labels(self) -> list:
        """The bank rules' short English text (``'at 25'``, ``'never'`` for None), for code and the
        command line; a reader's label is :func:`bank_rule_label` of :attr:`bank`."""
        return ["never" if b is None else b.removeprefix("bank ") for b in self.bank]


def seat_policy(text) -> Policy:
    """The :class:`~pushlab.luck.policy.Policy` of a text, checked runnable by the batched simulator.

    >>> seat_policy("after 4, bank at 12")
    Policy('after 4, bank at 12')
    >>> seat_policy("optimal")
    Traceback (most recent call last):
    ...
    pushlab.errors.UnsupportedPolicy: the batched simulator cannot run the stop rule 'optimal' of optimal (a one-turn expectimax per decision); use 'after K' or 'risk P', or play it with the engine
    """
    return seat_policies(Policy.of(text), 1)[0]


# ---------------------------------------------------------------------- one work unit
@dataclass(frozen=True)
class Unit:
    """One work unit: ``candidate`` in each seat in turn against ``field``, on one chunk."""

    seed: int
    players: int
    harder: bool
    round: int
    chunk: int
    games_per_seat: int
    candidate: str
    field: str

    def rng(self) -> np.random.Generator:
        """The unit's Generator: keyed on (players, harder, round, chunk), not on the candidate."""
        key = (self.players, int(self.harder), self.round, self.chunk)
        return np.random.default_rng(np.random.SeedSequence(self.seed, spawn_key=key))

    def chance(self) -> tuple:
        """(decks, dice) of the unit's games: seat 0's games first, then seat 1's, ..."""
        rng = self.rng()
        decks = random_decks(self.players * self.games_per_seat, rng, switch_cards=self.players > 2)
        return decks, rng.integers(0, 6, size=(len(decks), decks.shape[1] + 8), dtype=np.int8)


def run_unit(unit: Unit):
    """(wins, scores) of the candidate, one per game, seat 0 games first.

    >>> u = Unit(0, 2, False, 0, 0, 5, "after 3", "after 5")
    >>> w, s = run_unit(u); w.shape, bool(((w == 0) | (w == 0.5) | (w == 1)).all())
    ((10,), True)
    """
    n, g = unit.players, unit.games_per_seat
    decks, dice = unit.chance()
    start = Game.new(n, harder=unit.harder, switch_cards=n > 2)
    wins, scores = [], []
    for seat in range(n):
        seats = [unit.field] * n
        seats[seat] = unit.candidate
        rows = slice(seat * g, (seat + 1) * g)
        res = simulate_from(start, policy=seats, decks=decks[rows], dice=dice[rows])
        wins.append(res.wins[0, :, seat])
        scores.append(res.scores[0, :, seat])
    return np.concatenate(wins), np.concatenate(scores).astype(float)


def _shared(unit: Unit) -> tuple:
    """What units must share to run in one batch: everything but the candidate."""
    return (unit.seed, unit.players, unit.harder, unit.round, unit.chunk, unit.games_per_seat,
            unit.field)


def run_batch(units) -> list:
    """:func:`run_unit` of several units that differ only in the candidate, in one simulator call.

    Their games share the decks and dice (common random numbers), so one call of
    :func:`~pushlab.luck.sim.simulate_from` with a policy table per (candidate, seat)
    plays them all: the same games as unit by unit, at a fraction of the lock-step
    loop's per-step cost.

    >>> us = [Unit(0, 2, False, 0, 0, 5, c, "after 5") for c in ("after 3", "after 6")]
    >>> all((a[0] == b[0]).all() for a, b in zip(run_batch(us), map(run_unit, us)))
    True
    """
    units = list(units)
    if not units or any(_shared(u) != _shared(units[0]) for u in units):
        raise SetupError("a batch needs units that differ only in their candidate")
    u0, k = units[0], len(units)
    n, g = u0.players, u0.games_per_seat
    decks, dice = u0.chance()
    tables = []
    for u in units:
        for seat in range(n):
            seats = [u.field] * n
            seats[seat] = u.candidate
            tables.append(seats)
    res = simulate_from(Game.new(n, harder=u0.harder, switch_cards=n > 2), policy=tables,
                        decks=np.tile(decks, (k, 1)), dice=np.tile(dice, (k, 1)),
                        policy_index=np.repeat(np.arange(k * n), g))
    wins, scores = (x[0].reshape(k, n, g, n) for x in (res.wins, res.scores))
    return [(np.concatenate([wins[i, s, :, s] for s in range(n)]),
             np.concatenate([scores[i, s, :, s] for s in range(n)]).astype(float))
            for i in range(k)]


# ---------------------------------------------------------------------- results
@dataclass(frozen=True)
class Round:
    """One grid evaluation against a field: per candidate (``policies``, the family's
    grid order) the win rate with its 95% Wilson interval (``win_lo``, ``win_hi``; win
    shares of tied games count as fractions, :func:`pushlab.stats.rate_ci`) and the mean
    final score with its 95% t interval half-width ``score_half``.

    ``edge`` is the paired difference in win rate between the best candidate and the
    field policy in the candidate's seat (the same games), with its 95% interval
    ``edge_ci`` (:func:`pushlab.stats.paired_rate_diff_ci`); None when the field policy
    is not a candidate.
    """

    field: str
    policies: tuple
    win: tuple
    win_lo: tuple
    win_hi: tuple
    score: tuple
    score_half: tuple
    best: int
    edge: float | None = None
    edge_ci: tuple | None = None

    def win_ci(self, i: int) -> tuple:
        """95% Wilson interval of candidate ``i``'s win rate."""
        return self.win_lo[i], self.win_hi[i]

    def grid(self, shape) -> np.ndarray:
        """Win rates as a stop x bank array."""
        return np.asarray(self.win, dtype=float).reshape(shape)


@dataclass(frozen=True)
class SearchResult:
    """Every round of a search for one player count and variant."""

    players: int
    harder: bool
    family: Family
    games: int
    seed: int
    chunk: int
    rounds: tuple
    stopped: str
    endgame: Round | None = None

    @property
    def best(self) -> str:
        """The last round's best response (the equilibrium candidate when converged)."""
        return self.family.policies()[self.rounds[-1].best]

    @property
    def recommended(self) -> str:
        """:attr:`best`, or its endgame variant when that measurably beats it (paired 95%)."""
        e = self.endgame
        if e is not None and e.edge_ci is not None and e.edge_ci[0] > 0:
            return e.policies[e.best]
        return self.best

    @property
    def converged(self) -> bool:
        """True when the last best response does not measurably beat its field."""
        return self.stopped == "converged"

    def to_dict(self) -> dict:
        """A JSON-ready dict (see :func:`from_dict`)."""
        d = asdict(self)
        d["family"] = {k: list(getattr(self.family, k)) for k in ("stop", "bank", "endgame")}
        return d

    @classmethod
    def from_dict(cls, d) -> SearchResult:
        """The inverse of :meth:`to_dict`."""
        fam = Family(**d["family"])
        rnd = (lambda r: Round(**{k: (tuple(v) if isinstance(v, list) else v) for k, v in r.items()}))
        return cls(d["players"], d["harder"], fam, d["games"], d["seed"], d["chunk"],
                   tuple(rnd(r) for r in d["rounds"]), d["stopped"],
                   None if d.get("endgame") is None else rnd(d["endgame"]))


def _round(field_policy, pols, per_unit) -> Round:
    """Summarise a round from per-candidate lists of unit results."""
    wins = np.array([np.concatenate([w for w, _ in units]) for units in per_unit]).T
    scores = np.array([np.concatenate([s for _, s in units]) for units in per_unit])
    rate, lo, hi = rate_ci(wins)
    best = int(np.argmax(rate))
    edge = edge_ci = None
    if field_policy in pols:
        edge, elo, ehi = paired_rate_diff_ci(wins[:, best], wins[:, pols.index(field_policy)])
        edge_ci = (elo, ehi)
    means, halves = zip(*(mean_ci(x) for x in scores))
    floats = (lambda xs: tuple(float(x) for x in xs))
    return Round(field_policy, tuple(pols), floats(rate), floats(lo), floats(hi), floats(means),
                 floats(halves), best, edge, edge_ci)


# ---------------------------------------------------------------------- the search
def _check(players, games, chunk, max_rounds):
    """Validate the search's sizes (SetupError naming the bad one)."""
    if not is_count(players, 2, 6):
        raise SetupError(f"Push needs 2 to 6 players, got {players!r}")
    for name, v in (("games", games), ("chunk", chunk), ("max_rounds", max_rounds)):
        if not is_count(v):
            raise SetupError(f"{name} must be a positive int, got {v!r}")
    if games % players:
        raise SetupError(f"games ({games}) must be a multiple of the players ({players}): "
                         "each seat gets the same number of games")


def search(players: int, *, harder: bool = False, family: Family | None = None,
           games: int = 1200, seed: int = 0, start=None, max_rounds: int = 6,
           chunk: int = 600, executor=None, progress=None, batch: int = 8) -> SearchResult:
    """Grid evaluation, then iterated best response, for one player count and variant.

    ``games`` per candidate and round (a multiple of ``players``, split evenly over
    the seats and into chunks of about ``chunk`` games); ``executor`` any
    ``concurrent.futures`` executor (None: serial, in this process); ``progress`` a
    tqdm-like bar (``total``, ``update(n)``): each round adds its units to ``total``
    and every finished unit updates it by one. ``batch``: candidates played together
    in one simulator call (one task for the executor; the results do not depend on it).
    See the module doc.
    """
    family = family or Family()
    _check(players, games, chunk, max_rounds)
    seed = check_seed(seed, optional=False)
    field_policy = str(seat_policy(start or START))
    per_seat = games // players
    chunks = _split(per_seat, max(1, chunk // players))

    def evaluate(r, pols, field_policy):
        units = [Unit(int(seed), players, bool(harder), r, c, g, p, field_policy)
                 for p in pols for c, g in enumerate(chunks)]
        if progress is not None:
            progress.total = (progress.total or 0) + len(units)
            getattr(progress, "refresh", lambda: None)()
        out = run_units(units, executor, progress, batch=batch)
        per_unit = [out[i * len(chunks):(i + 1) * len(chunks)] for i in range(len(pols))]
        return _round(field_policy, pols, per_unit)

    pols = family.policies()
    rounds, fields, stopped = [], [field_policy], "max_rounds"
    for r in range(max_rounds):
        rnd = evaluate(r, pols, field_policy)
        rounds.append(rnd)
        best = pols[rnd.best]
        if best == field_policy or (rnd.edge_ci is not None and rnd.edge_ci[0] <= 0):
            stopped = "converged"
            break
        if best in fields:
            stopped = "cycle"
            break
        field_policy = best
        fields.append(best)
    final = pols[rounds[-1].best]
    endgame = evaluate(max_rounds, family.with_endgames(final), final) if family.endgame else None
    return SearchResult(players, bool(harder), family, games, int(seed), chunk, tuple(rounds),
                        stopped, endgame)


def _split(total: int, size: int) -> list:
    """``total`` split into chunks of at most ``size`` (as even as possible).

    >>> _split(10, 4)
    [4, 3, 3]
    """
    k = -(-total // size)
    return [total // k + (i < total % k) for i in range(k)]


def batches(units, size: int) -> list:
    """Lists of indices into ``units``: up to ``size`` units that differ only in the candidate.

    >>> us = [Unit(0, 2, False, 0, c, 5, p, "after 5") for p in ("after 3", "after 6") for c in (0, 1)]
    >>> batches(us, 8), batches(us, 1)
    ([[0, 2], [1, 3]], [[0], [1], [2], [3]])
    """
    if not is_count(size):
        raise SetupError(f"batch must be a positive int, got {size!r}")
    if size == 1:
        return [[i] for i in range(len(units))]
    groups = {}
    for i, u in enumerate(units):
        groups.setdefault(_shared(u), []).append(i)
    return [g[j:j + size] for g in groups.values() for j in range(0, len(g), size)]


def run_units(units, executor=None, progress=None, batch: int = 1) -> list:
    """Results of :func:`run_unit` for every unit, in the order given (any executor).

    ``batch``: up to this many units sharing their games run as one task
    (:func:`run_batch`); the results are the same for any ``batch``.
    ``progress.update(k)`` (if given) as each task of k units finishes, in any order.
    """
    units = list(units)
    groups = batches(units, batch)
    tasks = [[units[i] for i in g] for g in groups]
    if executor is None:
        parts = []
        for t in tasks:
            parts.append(run_batch(t) if len(t) > 1 else [run_unit(t[0])])
            if progress is not None:
                progress.update(len(t))
    else:
        futures = {executor.submit(run_batch, t) if len(t) > 1 else executor.submit(run_unit, t[0]): len(t)
                   for t in tasks}
        if progress is not None:
            for f in as_completed(futures):
                progress.update(futures[f])
        parts = [f.result() if futures[f] > 1 else [f.result()] for f in futures]
    out = [None] * len(units)
    for g, part in zip(groups, parts):
        for i, r in zip(g, part):
            out[i] = r
    return out


def stop_reason(stopped: str, language: str | None = None) -> str:
    """How a search stopped (:attr:`SearchResult.stopped`) in words of ``language`` (default: current).

    >>> stop_reason("converged", "en"), stop_reason("max_rounds", "en"), stop_reason("cycle", "cs")
    ('converged', 'round limit', 'cyklus')
    """
    words = {"converged": _("converged", language), "cycle": _("cycle", language),
             "max_rounds": _("round limit", language)}
    return words.get(stopped, stopped)


def bank_rule_label(rule, language: str | None = None) -> str:
    """A bank rule of a :class:`Family` (``family.bank``: its text such as ``'bank at 25'``, or
    None: never banks; also a :class:`~pushlab.luck.policy.BankRule`, or the short form of
    :meth:`Family.bank_labels`, ``'at 25'``) by its short name as a reader sees it in
    ``language`` (default: the current one): lesson 08's heatmap columns and prose
    (:func:`pushlab.i18n.policies.bank_rule_text`, the numbers in the language's own way).

    >>> bank_rule_label(None, "eo"), bank_rule_label("bank at 25", "cs"), bank_rule_label("loss 5", "et")
    ('neniam', 'při 25', 'kaotus 5')
    >>> bank_rule_label(BankRule("loss", 2.5), "cs")
    'ztráta 2,5'
    """
    if isinstance(rule, str) and rule.split()[:1] in (["at"], ["loss"]):
        rule = "bank " + rule.strip()                 # the short form of bank_labels()
    key = policy_key(rule)
    if key is None or key[0] not in ("bank at", "bank loss", "never"):
        return str(rule)
    return bank_rule_text(key, language)


def summary(result: SearchResult, language: str | None = None) -> str:
    """A few lines: each round's field, best response with its 95% interval, and the edge.

    In ``language`` (default: the current one), policy names too (:func:`~pushlab.luck.policy.policy_label`:
    English ``'after 5'``, Czech ``'po 5'``).

    >>> fam = Family(stop=("after 2", "after 5"), bank=(None,), endgame=())
    >>> res = search(2, family=fam, games=20)
    >>> print(summary(res, "en").splitlines()[0])
    2 players, normal game: 1 round, converged; best 'after 5'
    >>> print(summary(res, "cs").splitlines()[0])
    hráčů: 2, běžná hra: 1 kolo, konvergovalo; nejlepší 'po 5'
    """
    fam = result.family.policies()
    n = len(result.rounds)

    def quoted(policy) -> str:
        return "'" + policy_label(policy, language) + "'"

    head = _("{players} players, {variant}: {rounds}, {stopped}; best {best}", language).format(
        players=result.players, variant=_("harder game", language) if result.harder else _("normal game", language),
        rounds=ngettext("{n} round", "{n} rounds", n, language).format(n=n),
        stopped=stop_reason(result.stopped, language), best=quoted(result.best))
    lines = [head]
    for i, r in enumerate(result.rounds):
        lo, hi = r.win_ci(r.best)
        edge = "" if r.edge is None else _("; edge over the field {edge} [{lo}, {hi}]", language).format(
            edge=f"{r.edge:+.3f}", lo=f"{r.edge_ci[0]:+.3f}", hi=f"{r.edge_ci[1]:+.3f}")
        lines.append("  " + _("round {i}: against {field}: best {best} wins {win} [{lo}, {hi}]{edge}", language).format(
            i=i, field=quoted(r.field), best=quoted(fam[r.best]), win=f"{r.win[r.best]:.3f}",
            lo=f"{lo:.3f}", hi=f"{hi:.3f}", edge=edge))
    e = result.endgame
    if e is not None:
        lines.append("  " + _("endgame: best variant {variant}, edge {edge} [{lo}, {hi}]; recommended {policy}", language).format(
            variant=quoted(e.policies[e.best]), edge=f"{e.edge:+.3f}", lo=f"{e.edge_ci[0]:+.3f}",
            hi=f"{e.edge_ci[1]:+.3f}", policy=quoted(result.recommended)))
    return "\n".join(lines)


# ---------------------------------------------------------------------- files
def dumps(results, command: str = "") -> str:
    """Results as JSON text (with the format version and the command that made them)."""
    return json.dumps({"format": FORMAT, "command": command,
                       "results": [r.to_dict() for r in results]}, indent=1)


class Results(list):
    """A list of :class:`SearchResult` with the ``command`` that made them."""

    command: str = ""


def loads(text: str) -> Results:
    """Results from :func:`dumps` text (SetupError on another format)."""
    d = json.loads(text)
    if d.get("format") != FORMAT:
        raise SetupError(f"search results of format {d.get('format')!r}; this pushlab reads {FORMAT}")
    out = Results(SearchResult.from_dict(r) for r in d["results"])
    out.command = d.get("command", "")
    return out


def load_results(path=None) -> Results:
    """The search results shipped with pushlab (or those in ``path``).

    Regenerate the shipped file with :data:`REGENERATE`.
    """
    if path is None:
        text = resources.files("pushlab").joinpath("data", DATA_FILE).read_text(encoding="utf-8")
    else:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    return loads(text)


def find(results, players: int, harder: bool = False) -> SearchResult:
    """The result for ``players`` and the variant (SetupError when absent)."""
    for r in results:
        if r.players == players and r.harder == bool(harder):
            return r
    raise SetupError(f"no search result for {players} players, harder={harder}")
