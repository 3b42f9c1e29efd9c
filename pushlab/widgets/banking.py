"""Widgets of the lesson "When to bank" (Push, push-your-luck): they only observe and draw.

- :class:`BankStory`: a scripted position, and behind buttons the one-turn hint (a model of this turn)
  beside the whole-game advice (:func:`pushlab.luck.advise`), and what banking protects
  as the pile shrinks (:func:`pushlab.plots.luck.protection_data`).
- :class:`SearchExplorer`: the shipped search results (:func:`pushlab.luck.search.load_results`)
  as heatmaps (stop rule x bank rule, normal and harder game side by side) and the
  iterated best response, for a chosen player count and round.
- :class:`SearchRunner`: a small search run live behind a button, with a progress bar.
- :class:`RolloutDuel`: the rollout bot (:class:`pushlab.luck.bots.RolloutBot`) against a
  field of the searched policy, a few games behind a button.

Plots are drawn by :mod:`pushlab.plots.luck` and shown as PNG images with alt text
(so they work in Voilà without an Output widget and are readable by screen readers).
"""

from __future__ import annotations

import functools
from html import escape

from pushlab.i18n import _, ngettext
from pushlab.i18n.events import explanation_text
from pushlab.i18n.lists import list_text
from pushlab.luck.policy import policy_label
from pushlab.luck.search import stop_reason
from pushlab.widgets.common import MessageArea, Shown, figure_html, ipw, routed
from pushlab.widgets.render.luck import _action_words, _how
from pushlab.i18n import numbers as nums


#: The lesson's figures: a little smaller than the default, not cropped (the heatmaps line up).
lesson_figure = functools.partial(figure_html, dpi=90, tight=False)


def summary_html(results) -> str:
    """A table: per player count and variant, the search's best policy, how it stopped,
    and the endgame refinement (the best endgame variant's paired edge, 95% interval)."""
    rows = []
    for r in sorted(results, key=lambda r: (r.harder, r.players)):
        last = r.rounds[-1]
        lo, hi = last.win_ci(last.best)
        e = r.endgame
        if e is None:
            end = "-"
        elif e.best == 0:
            end = escape(_("none beats it"))
        else:
            end = (f"{escape(policy_label(e.policies[e.best]))}: {nums.percent(e.edge, 1, sign=True)} "
                   f"{nums.interval(e.edge_ci[0], e.edge_ci[1], 1, percent=True, sign=True)}")
        rows.append(
            f"<tr><td>{r.players}</td><td>{escape(_variant_word(r.harder))}</td>"
            f"<td><b>{escape(policy_label(r.best))}</b></td><td>{escape(policy_label(last.field))}</td>"
            f"<td>{nums.percent(last.win[last.best], 1)} {nums.interval(lo, hi, 1, percent=True)}</td>"
            f"<td>{len(r.rounds)} ({escape(stop_reason(r.stopped))})</td><td>{end}</td></tr>")
    head = "<tr>" + "".join(f"<th>{escape(h)}</th>" for h in (
        _("players"), _("game"), _("best response"), _("against the field"),
        _("its win rate [95%\u00a0interval]"), _("rounds"),
        _("best endgame variant: edge [95%\u00a0interval]"))) + "</tr>"
    return f"<table class='pl-search-summary'>{head}{''.join(rows)}</table>"


class SearchExplorer(Shown):
    """Heatmaps and best-response paths of search results, for a chosen player count and round."""

    def __init__(self, results=None, players: int = 3):
        from pushlab.luck.search import load_results

        w = ipw()
        self.results = load_results() if results is None else list(results)
        counts = sorted({r.players for r in self.results})
        self.players = w.Dropdown(options=[(_players(n), n) for n in counts],
                                  value=players if players in counts else counts[0],
                                  description=_("Players:"))
        self.round = w.Dropdown(
            options=[(_("round 0: against the default bot 'after 5'"), "first"),
                     (_("last round: against the final field"), "last")],
            value="first", description=_("Round:"), layout=w.Layout(width="420px"),
            style={"description_width": "initial"})
        self.heatmaps = w.HTML()
        self.paths = w.HTML()
        self.message = MessageArea()
        self.widget = w.VBox([w.HBox([self.players, self.round]), self.message.widget,
                              self.heatmaps, self.paths])
        self.widget.add_class("pl-search-explorer")
        self.draw = routed(self.message)(self._draw)
        self.players.observe(lambda _: self.draw(), "value")
        self.round.observe(lambda _: self.draw(), "value")
        self.draw()

    def _pair(self):
        """The (normal, harder) results for the chosen player count."""
        from pushlab.luck.search import find

        return [find(self.results, self.players.value, h) for h in (False, True)]

    def _draw(self):
        """Redraw both heatmaps and both best-response paths."""
        import matplotlib.pyplot as plt
        import numpy as np

        from pushlab.plots import luck as plots

        pair = self._pair()
        idx = 0 if self.round.value == "first" else -1
        data = [plots.search_grid_data(r, idx % len(r.rounds)) for r in pair]
        fair = 100 / self.players.value
        spread = max(float(np.abs(100 * d["win"] - fair).max()) for d in data)
        fig, axes = plt.subplots(1, 2, figsize=(14, 4.9), layout="constrained")
        for d, ax in zip(data, axes):
            plots.search_heatmap(d, ax=ax, vmin=fair - spread, vmax=fair + spread)
        alt = "; ".join(
            _("{variant}: best {stop}, bank {bank}, win rate {win} against '{field}'").format(
                variant=plots._variant(d["harder"]), stop=d["stop"][d["best"][0]],
                bank=d["bank"][d["best"][1]], win=nums.percent(d['win'][d['best']], 1), field=d["field"])
            for d in data)
        heat = lesson_figure(fig, _("Heatmaps of win rate, {players} players. {details}").format(
            players=self.players.value, details=alt))
        fig, axes = plt.subplots(1, 2, figsize=(14, 3.6), layout="constrained")
        for r, ax in zip(pair, axes):
            plots.best_response_path(plots.best_response_data(r), ax=ax)
        self.paths.value = lesson_figure(fig, _("Iterated best response, {players} players: {details}").format(
            players=self.players.value, details="; ".join(
                _("{variant}: {rounds}, {stopped}, best {best}").format(
                    variant=plots._variant(r.harder), stopped=stop_reason(r.stopped), best=policy_label(r.best),
                    rounds=ngettext("{n} round", "{n} rounds", len(r.rounds)).format(n=len(r.rounds)))
                for r in pair)))
        self.heatmaps.value = heat            # last: a changed heatmap means all is redrawn


class _Bar:
    """A tqdm-like face (``total``, ``update``) on an ``IntProgress`` widget."""

    def __init__(self, widget):
        self.widget, self.n, self._total = widget, 0, 0
        widget.value, widget.max = 0, 1

    @property
    def total(self) -> int:
        """Units expected so far."""
        return self._total

    @total.setter
    def total(self, value):
        self._total = int(value)
        self.widget.max = max(self._total, 1)

    def update(self, n: int = 1) -> None:
        """``n`` more units done."""
        self.n += n
        self.widget.value = self.n


class SearchRunner(Shown):
    """Run a small policy search live (behind a button, with a progress bar) and show it."""

    def __init__(self, players: int = 3, harder: bool = False, games: int = 120,
                 max_rounds: int = 4):
        from pushlab.luck.search import Family

        w = ipw()
        self.family = Family(stop=("after 3", "after 5", "after 7"),
                             bank=(None, "bank at 25", "bank loss 10"), endgame=())
        self.players = w.Dropdown(options=[(_players(n), n) for n in range(2, 7)],
                                  value=players, description=_("Players:"))
        self.harder = w.Checkbox(value=harder, description=_("harder option"))
        self.games = w.BoundedIntText(value=games, min=60, max=600, step=60, description=_("Games:"),
                                      tooltip=_("games per policy, 60 to 600"))
        self.button = w.Button(description=_("Run the search"), button_style="primary",
                               tooltip=_("Evaluate 9 policies against the field, then iterate best responses"))
        self.progress = w.IntProgress(value=0, min=0, max=1, description=_("Progress:"))
        self.message = MessageArea()
        self.out = w.HTML()
        self.result, self.max_rounds = None, max_rounds
        self.widget = w.VBox([w.HBox([self.players, self.harder]), self.games,
                              w.HBox([self.button, self.progress]), self.message.widget, self.out])
        self.widget.add_class("pl-search-runner")
        self.run = routed(self.message)(self._run)
        self.button.on_click(lambda _: self.run())

    def _run(self):
        """Run the search (seeded, so the same settings give the same result) and draw it."""
        import matplotlib.pyplot as plt

        from pushlab.luck.search import search, summary
        from pushlab.plots import luck as plots

        self.button.disabled = True
        try:
            n = self.players.value
            games = self.games.value - self.games.value % n or n
            self.result = search(n, harder=self.harder.value, family=self.family, games=games,
                                 seed=8, max_rounds=self.max_rounds, chunk=games, progress=_Bar(self.progress))
        finally:
            self.button.disabled = False
        fig, axes = plt.subplots(1, 2, figsize=(13, 4), layout="constrained")
        plots.search_heatmap(plots.search_grid_data(self.result, 0), ax=axes[0])
        plots.best_response_path(plots.best_response_data(self.result), ax=axes[1])
        self.out.value = (f"<pre>{escape(summary(self.result))}</pre>"
                          + lesson_figure(fig, summary(self.result)))


class BankStory(Shown):
    """The lesson's position with two questions behind buttons: draw or bank, and why.

    ``game`` is the position (the player to move decides); ``rollouts`` per action.
    """

    def __init__(self, game, rollouts: int = 1000, policy: str = "after 4", seed: int = 1,
                 protection_rollouts: int = 400):
        from pushlab.widgets.luck import TableView

        w = ipw()
        self.game, self.rollouts, self.policy, self.seed = game, rollouts, policy, seed
        self.protection_rollouts = protection_rollouts
        self.table = TableView(game)
        self.ask = w.Button(description=_("Draw or bank?"), button_style="primary",
                            tooltip=_("The one-turn hint (a model of this turn), and {n} whole-game rollouts per action").format(
                                n=nums.decimal(rollouts, 0)))
        self.why = w.Button(description=_("As the pile shrinks"),
                            tooltip=_("Rolls ahead, protection and the value of banking at five "
                                      "pile sizes (rollouts; a few seconds)"))
        self.progress = w.IntProgress(value=0, min=0, max=5, description=_("Progress:"))
        self.message = MessageArea()
        self.answer = w.HTML()
        self.plots = w.HTML()
        self.advice = self.data = None
        self.widget = w.VBox([self.table.widget, w.HBox([self.ask, self.why, self.progress]),
                              self.message.widget, self.answer, self.plots])
        self.widget.add_class("pl-bank-story")
        self.ask.on_click(lambda _: self.run_advice())
        self.why.on_click(lambda _: self.run_protection())
        self.run_advice = routed(self.message)(self._advice)
        self.run_protection = routed(self.message)(self._protection)

    def _advice(self):
        """The hint (a model of one turn) and the advice (rollouts, whole game), side by side."""
        from pushlab.luck import advise, hint

        h = hint(self.game)
        a = self.advice = advise(self.game, rollouts=self.rollouts, policy=self.policy,
                                 seed=self.seed)
        rows = []
        for act, v in a.values.items():
            best = " " + escape(_("(recommended)")) if act == a.best else ""
            win = _("{value} ({low} to {high})").format(value=nums.percent(v.win, 1), low=nums.percent(v.win_low, 1),
                                                       high=nums.percent(v.win_high, 1))
            turn = nums.decimal(h.values[act], 2, group=False, sign=True)
            score = (f"{nums.decimal(v.score, 1, group=False)} &plusmn; "
                     f"{nums.decimal(1.96 * v.score_se, 1, group=False)}")
            rows.append(f"<tr><td><b>{escape(_action_words(act))}</b>{best}</td><td>{turn}</td>"
                        f"<td>{escape(win)}</td><td>{score}</td></tr>")
        kind = _("in the hint's model, {how}").format(how=_how(h))
        others = [x for x in a.values if x != a.best]
        edge = ""
        if others:
            d, lo, hi = a.edge_ci(a.best, others[0])
            edge = "<p>" + _("Whole game: <b>{best}</b> wins {d} more often than <b>{other}</b> (paired "
                             "95%\u00a0interval {lo} to {hi}).").format(
                best=escape(_action_words(a.best)), other=escape(_action_words(others[0])), 
                d=nums.percent(d, 1, sign=True),
                lo=nums.percent(lo, 1, sign=True),
                hi=nums.percent(hi, 1, sign=True)) + "</p>"
        heads = (_("action"), _("this turn: points ahead of the others ({kind})").format(kind=kind),
                 _("whole game: chance to win (95%\u00a0interval)"), _("whole game: final score (95%)"))
        self.answer.value = (
            "<table class='pl-advice'><tr>" + "".join(f"<th>{escape(h_)}</th>" for h_ in heads)
            + "</tr>" + "".join(rows) + "</table><p>"
            + _("One turn, the hint says <b>{best}</b> (in its model a bank scores nothing this turn, the "
                "others collect greedily and die losses are averaged). The whole-game estimate plays {n} "
                "continuations per action from {player}'s information (the unseen cards reshuffled, fresh "
                "dice); then every seat plays '{policy}'.").format(
                    best=escape(_action_words(h.best)), n=nums.decimal(a.rollouts, 0), player=escape(a.player),
                    policy=escape(policy_label(a.policy)))
            + "</p>" + edge
            + (f"<p>{escape(explanation_text(a.explanation()))}</p>" if a.bench else ""))

    def _protection(self):
        """Rolls ahead and protection at five pile sizes, with a progress bar."""
        import matplotlib.pyplot as plt

        from pushlab.plots import luck as plots

        g = self.game
        bench = " ".join(str(c) for c in g.benches[g.current_player])
        bar = _Bar(self.progress)
        bar.total = 5
        self.why.disabled = True
        try:
            self.data = plots.protection_data(
                g.num_players, bench, harder=g.harder, rollouts=self.protection_rollouts,
                policy=self.policy, seed=self.seed, progress=lambda: bar.update(1))
        finally:
            self.why.disabled = False
        fig, axes = plt.subplots(1, 2, figsize=(14, 4.4), layout="constrained")
        plots.protection_plot(self.data, ax=axes[0])
        plots.bank_edge_plot(self.data, ax=axes[1])
        d = self.data
        alt = "; ".join(_("{n} cards left: {rolls} rolls ahead, protects {protects} points, lost {lost}, "
                          "banking gains {gain} points of win percentage").format(
                              n=int(p), rolls=nums.decimal(r, 1, group=False),
                              protects=nums.decimal(x, 1, group=False), lost=nums.decimal(l, 1, group=False),
                              gain=nums.decimal(100 * e, 0, group=False, sign=True))
                        for p, r, x, l, e in zip(d["pile"], d["rolls"], d["protects"], d["lost"],
                                                 d["edge"]))
        self.plots.value = lesson_figure(fig, alt)


def duel_names(field, rollouts: int, players: int, language: str | None = None) -> list:
    """The seats of a :class:`RolloutDuel` as a reader sees them: the rollout bot by what it does
    and the field's policy by its label, written from the policy itself (``field``: a
    :class:`~pushlab.luck.policy.Policy` or its spec text), never read back from the tournament's
    names.

    >>> duel_names("after 5, bank loss 2.5", 100, 3)
    ["RolloutBot (100 rollouts per action, then 'after 5, bank loss 2.5')", 'field 1: after 5, bank loss 2.5', 'field 2: after 5, bank loss 2.5']
    """
    label = policy_label(field, language)
    first = _("RolloutBot ({n} rollouts per action, then '{policy}')", language).format(
        n=nums.number(rollouts, language=language), policy=label)
    return [first] + [_("field {i}: {name}", language).format(i=i, name=label) for i in range(1, players)]


class RolloutDuel(Shown):
    """``RolloutBot`` in one seat against a field of one policy, a few seeded games behind a button."""

    def __init__(self, field: str, players: int = 4, rollouts: int = 100, games: int = 8,
                 seed: int = 2026, phases=None):
        w = ipw()
        self.field, self.players, self.rollouts, self.seed = field, players, rollouts, seed
        self.phases = phases
        self.games = w.BoundedIntText(value=games, min=players, max=10 * players, step=players,
                                      description=_("Games:"),
                                      tooltip=_("games, {low} to {high}").format(low=players, high=10 * players))
        self.button = w.Button(description=_("Play the games"), button_style="primary",
                               tooltip=_("RolloutBot({rollouts}) against {seats} seats of '{field}', seats "
                                         "rotated").format(rollouts=rollouts, seats=players - 1, field=policy_label(field)))
        self.progress = w.IntProgress(value=0, min=0, max=1, description=_("Progress:"))
        self.message = MessageArea()
        self.out = w.HTML()
        self.result = None
        self.widget = w.VBox([w.HBox([self.games, self.button, self.progress]),
                              self.message.widget, self.out])
        self.widget.add_class("pl-rollout-duel")
        self.run = routed(self.message)(self._run)
        self.button.on_click(lambda _: self.run())

    def _run(self):
        """Play the tournament (seats rotate) and show win rates with 95% Wilson intervals."""
        import matplotlib.pyplot as plt

        from pushlab.luck.bots import RolloutBot
        from pushlab.luck.policy import Policy
        from pushlab.plots import luck as plots
        from pushlab.tournament import tournament

        field = Policy.parse(self.field)
        kw = {} if self.phases is None else {"phases": self.phases}
        bots = [RolloutBot(self.rollouts, policy=field, **kw)] + [field] * (self.players - 1)

        def report(done, total):
            self.progress.max, self.progress.value = total, done

        self.button.disabled = True
        try:
            self.result = r = tournament(bots, games=self.games.value, seed=self.seed,
                                         progress=report)
        finally:
            self.button.disabled = False
        rate, lo, hi = r.win_rate()
        fig, ax = plt.subplots(figsize=(8, 2.8), layout="constrained")
        plots.strategy_comparison({i: {"mean": rate[i], "lo": lo[i], "hi": hi[i]} for i in range(len(r.names))},
                                  ax=ax, names=duel_names(field, self.rollouts, self.players))
        ax.axvline(100 / self.players, color="#777", ls="--")
        self.out.value = (
            "<p>" + escape(_("RolloutBot won {rate} of {games} games (95%\u00a0interval {lo} to {hi}); the fair "
                             "share is {fair} (dashed line). A few games cannot tell a small edge from luck: "
                             "the interval says how much they can.").format(
                rate=nums.percent(rate[0], 0), games=r.games, lo=nums.percent(lo[0], 0), hi=nums.percent(hi[0], 0),
                fair=nums.percent(1 / self.players, 0))) + "</p>"
            + lesson_figure(fig, _("Win rates: RolloutBot {rate} ({lo} to {hi}), field seats {seats}").format(
                rate=nums.percent(rate[0], 0), lo=nums.percent(lo[0], 0), hi=nums.percent(hi[0], 0),
                seats=list_text(nums.percent(x, 0) for x in rate[1:]))))


def _players(n: int) -> str:
    """'3 players' in the current language."""
    return ngettext("{n} player", "{n} players", n).format(n=n)


def _variant_word(harder: bool) -> str:
    """'harder' or 'normal' in the current language."""
    return _("harder") if harder else _("normal")
