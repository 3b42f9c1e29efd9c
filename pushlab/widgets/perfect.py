"""Widgets of the lesson "Perfect play in a small Push": they observe a session and draw.

- :class:`PerfectSession`: a UI-free game on one of the lesson's small decks
  (:data:`pushlab.teaching.perfect.DECKS`) against a bot, with the exact value of every
  action of the reader's decisions (:func:`pushlab.luck.solve.solve`) and a record of
  what each choice cost;
- :class:`PerfectPlay`: choose the deck and the opponent, play, and see at each decision
  the optimal action and the value of every alternative;
- :class:`PolicyMaps`: the optimal policy as heatmaps (:mod:`pushlab.plots.perfect`)
  beside a bot's on the same positions;
- :class:`BotGrades`: the table of bots against perfect play (exact policy evaluation,
  :mod:`pushlab.luck.grade`) and, on demand, the simplest rule that comes close;
- :func:`deck_label`, :func:`values_html`, :func:`grades_html`: the pieces as HTML.

The values are exact under a stated model: two players, both playing perfectly from the
position on, a tie counting half a win, every remaining card and die face equally likely.

>>> s = PerfectSession("one-colour", opponent="cautious", seed=1)
>>> s.your_move, sorted(s.values())
(True, ['draw'])
>>> s.act("draw"); s.game.phase
'place'
"""

from __future__ import annotations

from fractions import Fraction

from pushlab.errors import SetupError
from pushlab.i18n import _, dir_attrs
from pushlab.i18n import numbers as nums
from pushlab.teaching import perfect as lesson
from pushlab.widgets.common import (CSS, MessageArea, Shown, UndoesDecisions, esc, figure_html, ipw, page_direction,
                                    routed)
from pushlab.widgets.luck_session import bot_kind_names, bot_kind_texts, make_bot
from pushlab.widgets.render.luck import STAR_MARK, _action_words, cards_html, log_html, table_html
from pushlab.widgets.session import Session

__all__ = ["PerfectSession", "PerfectPlay", "PolicyMaps", "BotGrades", "OPPONENTS", "GRADED", "deck_label",
           "values_html", "model_html", "grades_rows", "grades_html", "shipped_grades_html", "simplest_rule_html",
           "review_html"]

#: The opponents a reader can choose: perfect play or one of the play apps' quick bots.
OPPONENTS = ("optimal", "cautious", "steady", "bold", "greedy", "random")


def opponent_names() -> dict:
    """The opponents in words (the current language), for menus."""
    names, texts = bot_kind_names(), bot_kind_texts()
    out = {"optimal": _("perfect play (plays the optimal action)")}
    out.update({k: f"{names[k]} ({texts[k]})" for k in OPPONENTS if k != "optimal"})
    return out


def deck_label(key) -> str:
    """A menu deck (its key) or a :class:`~pushlab.luck.solve.SmallDeck` in words: its number
    cards in notation, its roll and switch cards counted in words, and its die.

    The parts and the die's faces are lists in the language's own way
    (:func:`pushlab.i18n.lists.list_text`, CLDR's: Arabic joins with ``و``, not a Latin comma).

    >>> deck_label("one-colour")
    '5 cards: R1 R1 R2 R2 and 1 roll card; die: red and star'
    """
    from pushlab.i18n import ngettext
    from pushlab.i18n.forms import colour_name
    from pushlab.i18n.lists import list_text
    from pushlab.luck.cards import format_cards

    deck = lesson.deck(key) if isinstance(key, str) else key
    parts = [format_cards([c for c in deck.cards if c.kind == "number"])]
    rolls = sum(c.kind == "roll" for c in deck.cards)
    switches = sum(c.kind == "switch" for c in deck.cards)
    if rolls:
        parts.append(ngettext("{n} roll card", "{n} roll cards", rolls).format(n=rolls))
    if switches:
        parts.append(ngettext("{n} switch card", "{n} switch cards", switches).format(n=switches))
    faces = list_text(_("star") if f == "*" else colour_name(f) for f in deck.faces)
    return _("{n} cards: {cards}; die: {faces}").format(n=len(deck.cards), cards=list_text(parts), faces=faces)


def _pct(v) -> str:
    """A probability as a percentage, with its fraction when exact and short."""
    if isinstance(v, Fraction) and v.denominator != 1 and v.denominator <= 10_000:
        return f"{nums.percent(v, 1)} ({v.numerator}/{v.denominator})"
    return nums.percent(v, 1)



def deck_chooser(w, deck: str):
    """The menu of the lesson's small decks (``w``: the ipywidgets module), ``deck`` chosen."""
    return w.Dropdown(options=[(deck_label(k), k) for k in lesson.DECKS], value=deck,
                      description=_("Deck:"), layout=w.Layout(width="auto"),
                      style={"description_width": "initial"})

class PerfectSession(Session):
    """The reader against a bot on a small deck, with exact values; no widgets.

    ``deck``: a key of :data:`pushlab.teaching.perfect.DECKS`; ``opponent``: one of
    :data:`OPPONENTS`; ``first``: ``"you"`` or ``"bot"``. The deck is solved on first use
    (a second or less). :meth:`values` gives the reader's chance to win after each legal
    action (exact Fractions); every decision is recorded with what it cost
    (:meth:`review`).
    """

    def __init__(self, deck: str = lesson.STORY_DECK, *, opponent: str = "optimal", first: str = "you",
                 seed=None):
        lesson.deck(deck)                                      # a bad key raises here
        if opponent not in OPPONENTS:
            raise SetupError(_("unknown opponent {kind}; choose one of {kinds}").format(
                kind=repr(opponent), kinds=", ".join(OPPONENTS)))
        if first not in ("you", "bot"):
            raise SetupError(_("first must be one of {choices}, not {value}").format(
                choices="you, bot", value=repr(first)))
        self.deck_key, self.opponent, self.first = deck, opponent, first
        import numpy as np

        rng = np.random.default_rng(seed)
        you = 0 if first == "you" else 1
        names = ["Ann", "Ben"] if you == 0 else ["Ben", "Ann"]      # the reader is Ann (marked "you")
        game = lesson.deck(deck).new_game(rng, players=tuple(names))
        bot = self.solution.bot() if opponent == "optimal" else make_bot(opponent)
        super().__init__(game, you=you, bots={1 - you: bot}, rng=rng)
        self.decisions: list = []          # (values, chosen action) per entry of ``history``
        self.run_bots()

    @property
    def solution(self):
        """The exact solution of the deck (solved once per deck and process)."""
        return lesson.solution(self.deck_key)

    @property
    def labels(self) -> list:
        """A word per seat: '' for the reader, the opponent's kind for the bot."""
        word = _("perfect play") if self.opponent == "optimal" else bot_kind_names()[self.opponent]
        return ["" if i == self.you else word for i in range(2)]

    def values(self) -> dict:
        """The reader's exact chance to win after each legal action (empty when it is not their move)."""
        if not self.your_move:
            return {}
        return self.solution.action_values(self.game, exact=True)

    def best(self) -> str | None:
        """The optimal action now (the first of equal ones), or None when it is not the reader's move."""
        return self.solution.best(self.game) if self.your_move else None

    def chance(self):
        """The reader's chance to win now if both play perfectly from here (1, 1/2 or 0 at the end)."""
        return self.solution.value(self.game, player=self.you, exact=True)

    def act(self, action: str, then_bots: bool = True) -> None:
        """Apply the reader's action (recording its value and the best one), then let the bot move."""
        self.check(action)
        values = self.values()
        new = self.game.apply(action)                       # an illegal action raises here
        self.decisions.append((values, action))
        self.advance(new, then_bots)

    def undo(self) -> None:
        """Back to before the reader's last decision."""
        super().undo()
        self.decisions.pop()

    def review(self) -> dict:
        """The reader's decisions so far: ``decisions`` (with a real choice), ``optimal`` (how
        many took an optimal action) and ``lost`` (the chance to win given away, summed)."""
        chosen = [(v, a) for v, a in self.decisions if len(v) > 1]
        best = [max(v.values()) for v, _a in chosen]
        lost = sum((b - v[a] for b, (v, a) in zip(best, chosen)), Fraction(0))
        return {"decisions": len(chosen), "optimal": sum(v[a] == b for b, (v, a) in zip(best, chosen)),
                "lost": lost}


def values_html(values: dict, best: str | None = None) -> str:
    """The exact value of every action, the best one marked, as an HTML table."""
    if not values:
        return ""
    top = max(values.values())
    rows = []
    for action, v in sorted(values.items(), key=lambda kv: -kv[1]):
        star = STAR_MARK if (action == best if best else v == top) else ""
        gap = "" if v == top else " (" + esc(_("{n} percentage points").format(n=nums.decimal(100 * float(v - top), 1, sign=True))) + ")"
        rows.append(f"<tr><td>{star}{esc(_action_words(action))}</td><td><b>{_pct(v)}</b>{gap}</td></tr>")
    head = "".join(f"<th>{esc(h)}</th>" for h in (_("action"), _("your chance to win, exact")))
    return f'<table class="pl-kv pl-perfect-values"><tr>{head}</tr>{"".join(rows)}</table>'


def model_html(session) -> str:
    """Under which model the values are exact, and what they promise against this opponent."""
    if session.opponent == "optimal":
        against = _("Your opponent plays perfectly too, so each value is your real chance to win.")
    else:
        against = _("Your opponent ({bot}) does not play perfectly. It can only do worse for itself, so each "
                    "value is a floor: playing the marked action from here on, you win at least that often."
                    ).format(bot=bot_kind_names()[session.opponent])
    return (f'<p class="pl-muted">' + esc(_(
        "Exact for this small deck: the chance that you win (a tie counts half) if you take the action and "
        "both players then play perfectly, every remaining card and die face equally likely.")) + " "
        + esc(against) + "</p>")


def review_html(review: dict) -> str:
    """The reader's decisions so far in one sentence."""
    if not review["decisions"]:
        return ""
    return "<p>" + esc(_("Your decisions with a choice: {n}; optimal: {k}; chance to win given away: {lost} "
                         "percentage points.").format(n=review["decisions"], k=review["optimal"],
                                                      lost=nums.decimal(100 * float(review["lost"]), 1))) + "</p>"


class PerfectPlay(UndoesDecisions, Shown):
    """Play a small deck against a bot, the exact value of every action shown at each decision."""

    def __init__(self, deck: str = lesson.STORY_DECK, opponent: str = "cautious", first: str = "you", seed=None):
        w = ipw()
        self.message = MessageArea()
        guard = routed(self.message)
        self.deck = deck_chooser(w, deck)
        self.opponent = w.Dropdown(options=[(t, k) for k, t in opponent_names().items()], value=opponent,
                                   description=_("Opponent:"), layout=w.Layout(width="420px"),
                                   style={"description_width": "initial"})
        self.first = w.Dropdown(options=[(_("you"), "you"), (_("the bot"), "bot")], value=first,
                                description=_("Starts:"), layout=w.Layout(width="200px"),
                                style={"description_width": "initial"})
        self.new_game = w.Button(description=_("New game"), icon="refresh",
                                 tooltip=_("Deal a new game with these settings"))
        self.new_game.add_class("pl-btn-new-game")
        self.show_values = w.Checkbox(value=True, description=_("Show the exact values"), indent=False,
                                      layout=w.Layout(width="auto"))
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.buttons.add_class("pl-perfect-actions")
        self.undo = w.Button(description=_("Undo"), icon="undo", tooltip=_("Take back your last decision"))
        self.undo.add_class("pl-btn-undo")
        self.table = w.HTML(layout=w.Layout(width="640px", min_width="320px"))
        self.values = w.HTML(layout=w.Layout(min_width="300px"))
        self.values.add_class("pl-perfect-panel")
        self.log = w.HTML()
        self.prompt = w.HTML()
        self._seed = seed
        self._guard = guard
        self.new_game.on_click(guard(lambda _=None: self.start()))
        for box in (self.deck, self.opponent, self.first):
            box.observe(guard(lambda _=None: self.start()), names="value")
        self.show_values.observe(guard(lambda _=None: self.refresh()), names="value")
        self.undo.on_click(guard(lambda _=None: self._undo()))
        setup = w.HBox([self.deck, self.opponent, self.first, self.new_game, self.show_values],
                       layout=w.Layout(flex_flow="row wrap", align_items="center"))
        actions = w.VBox([self.prompt, w.HBox([self.buttons, self.undo], layout=w.Layout(flex_flow="row wrap")),
                          self.message.widget])
        side = w.VBox([self.values, w.HTML(f"{CSS}<div class='pl-root'><b>" + esc(_("Event log")) + "</b></div>"),
                       self.log], layout=w.Layout(width="380px", min_width="300px"))
        self.widget = w.VBox([setup, actions, w.HBox([self.table, side], layout=w.Layout(
            flex_flow="row wrap", align_items="flex-start"))])
        self.widget.add_class("pl-perfect-play")
        page_direction(self.widget)
        self.session = None
        guard(self.start)()

    def start(self) -> None:
        """Deal a new game with the chosen deck, opponent and first player (solving the deck if needed)."""
        seed = self._seed
        self._seed = None                       # the first game from the given seed, later ones fresh
        self.session = PerfectSession(self.deck.value, opponent=self.opponent.value, first=self.first.value,
                                      seed=seed)
        self.refresh()

    def act(self, action: str) -> None:
        """The reader plays ``action`` (errors go to the message line)."""
        self.session.act(action)
        self.refresh()

    def refresh(self) -> None:
        """Redraw the table, the buttons (each with its value) and the values panel from the session."""
        w = ipw()
        s = self.session
        g = s.game
        values = s.values()
        best = s.best()
        show = self.show_values.value
        self.table.value = table_html(g, s.labels, s.you)
        self.log.value = log_html(g, start=s.seen, last=30)
        buttons = []
        for action in s.legal():
            text = _action_words(action)
            if show and len(values) > 1:
                text = f"{STAR_MARK if action == best else ''}{text}: {nums.percent(values[action])}"
            b = w.Button(description=text, layout=w.Layout(width="auto"),
                         button_style="primary" if show and action == best and len(values) > 1 else "")
            b.add_class("pl-btn-" + action.replace(" ", "-"))
            b.on_click(self._guard(lambda _=None, a=action: self.act(a)))
            buttons.append(b)
        self.buttons.children = tuple(buttons)
        self.undo.disabled = not s.history
        parts = []
        if g.is_over:
            parts.append("<p><b>" + esc(_("Game over.")) + "</b></p>")
        elif show and values:
            parts.append("<p><b>" + esc(_("Your chance to win after each action")) + "</b></p>")
            parts.append(values_html(values, best))
        elif show:
            parts.append("<p>" + esc(_("Your chance to win now: {p}").format(p=_pct(s.chance()))) + "</p>")
        parts.append(review_html(s.review()))
        parts.append(model_html(s))
        self.values.value = f'{CSS}<div class="pl-root">{"".join(parts)}</div>'
        if g.is_over:
            prompt = _("Game over. Press New game to play again.")
        elif s.your_move:
            prompt = _("Your move: choose an action.")
        else:
            prompt = _("The bot is thinking.")
        self.version = getattr(self, "version", 0) + 1
        self.prompt.value = (f"{CSS}<div class='pl-root' role='status' data-version='{self.version}' "
                             f"style='font-size:15px;padding:4px 0'>{esc(prompt)}</div>")


def _maps_figure(data, name: str):
    """A 2 x 2 figure: draw-or-stop and draw-or-bank maps of perfect play (left) and the other player (right)."""
    import matplotlib.pyplot as plt

    from pushlab.plots import perfect as plots

    decisions = [d for d in plots.DECISIONS if d in data["decision"]]
    fig, axes = plt.subplots(len(decisions), 2, figsize=(12, 4 * len(decisions)), layout="constrained",
                             squeeze=False)
    for row, decision in zip(axes, decisions):
        for ax, who in zip(row, ("optimal", "other")):
            plots.policy_heatmap(plots.grid_data(data, decision, who, name=name), ax=ax, colorbar=False)
        plots.shared_colorbar(row, decision)          # one bar per row: none between the maps
    return fig


class PolicyMaps(Shown):
    """Heatmaps of the optimal policy of a small deck beside a bot's decisions on the same positions."""

    def __init__(self, deck: str = lesson.STORY_DECK, other: str = "cautious"):
        w = ipw()
        self.message = MessageArea()
        guard = routed(self.message)
        self.deck = deck_chooser(w, deck)
        names = bot_kind_names()
        texts = bot_kind_texts()
        self.other = w.Dropdown(options=[(f"{names[k]} ({texts[k]})", k) for k in OPPONENTS if k != "optimal"],
                                value=other, description=_("Beside:"), layout=w.Layout(width="420px"),
                                style={"description_width": "initial"})
        self.summary = w.HTML()
        self.maps = w.HTML()
        self.maps.add_class("pl-perfect-maps")
        self.widget = w.VBox([w.HBox([self.deck, self.other], layout=w.Layout(flex_flow="row wrap")),
                              self.message.widget, self.summary, self.maps])
        page_direction(self.widget)
        self.draw = guard(self._draw)
        self.deck.observe(lambda _=None: self.draw(), names="value")
        self.other.observe(lambda _=None: self.draw(), names="value")
        self.data = None
        self.draw()

    def _draw(self) -> None:
        """Recompute the decisions of the chosen deck and bot, and redraw the maps."""
        from pushlab.plots import perfect as plots

        bot = make_bot(self.other.value)
        name = bot_kind_names()[self.other.value]
        self.data = data = plots.decision_data(lesson.solution(self.deck.value), other=bot, seed=0)
        share = {d: plots.agreement(data, d) for d in plots.DECISIONS if d in data["decision"]}
        words = {"push": _("draw or stop"), "turn": _("draw or bank")}
        agree = "; ".join(_("{decision}: {share} of {n} positions").format(
            decision=words[d], share=nums.percent(v), n=data["decision"].count(d)) for d, v in share.items())
        self.summary.value = (f"{CSS}<div class='pl-root'><p>" + esc(_(
            "The {bot} bot plays an optimal action in: {agree}. Where two actions are exactly equally good, "
            "either is optimal, and the perfect-play map counts the position as half a draw. Each position is "
            "one distinct state of this deck (counted once, however often play reaches it).").format(bot=name, agree=agree)) + "</p></div>")
        alt = _("Heatmaps of perfect play and of the {bot} bot on {deck}: {agree}").format(
            bot=name, deck=deck_label(self.deck.value), agree=agree)
        self.maps.value = figure_html(_maps_figure(data, name), alt, dpi=80)


#: The bots of the grades table, by their kind in :func:`pushlab.widgets.luck_session.make_bot`.
GRADED = ("cautious", "steady", "bold", "greedy", "random")


def grades_rows(key: str) -> list:
    """Each graded bot's exact chance to win against perfect play on the menu deck ``key``
    (:func:`pushlab.luck.grade.grade_policies`): ``{"kind", "first", "second", "mean"}``, the
    bot going first, going second, and on average (each seat half the games)."""
    from pushlab.luck import grade

    sol = lesson.solution(key, exact=False)
    rows = grade.grade_policies(sol, [make_bot(k) for k in GRADED])
    return [{"kind": k, "first": 1 - g.second, "second": 1 - g.first, "mean": 1 - g.mean}
            for k, g in zip(GRADED, rows)]


def grades_html(rows, start_value=None) -> str:
    """The table of bots against perfect play (rows of :func:`grades_rows`); with ``start_value``
    (the first player's value with perfect play on both sides) a first row for perfect play itself."""
    names, texts = bot_kind_names(), bot_kind_texts()
    head = "".join(f"<th>{esc(h)}</th>" for h in (
        _("against perfect play"), _("going first"), _("going second"),
        _("on average (each seat half the games)")))
    body = []
    if start_value is not None:
        v = float(start_value)
        itself = esc(_("perfect play itself"))
        body.append(f"<tr><td><i>{itself}</i></td><td>{nums.percent(v, 1)}</td><td>{nums.percent(1 - v, 1)}</td>"
                    f"<td><b>{nums.percent(0.5, 1)}</b></td></tr>")
    for r in rows:
        name = f"{names[r['kind']]} ({texts[r['kind']]})"
        first, second, mean = (nums.percent(r[k], 1) for k in ("first", "second", "mean"))
        body.append(f"<tr><td>{esc(name)}</td><td>{first}</td><td>{second}</td><td><b>{mean}</b></td></tr>")
    caption = esc(_("Each bot's chance to win against perfect play, exact (a tie counts half)"))
    return (f'{CSS}<div class="pl-root"><table class="pl-kv pl-perfect-grades"><caption>{caption}</caption>'
            f'<tr>{head}</tr>{"".join(body)}</table></div>')


def _player_label(name: str) -> str:
    """A graded bot (its repr) or policy (its text) in the reader's words."""
    from pushlab.luck.names import bot_label
    from pushlab.luck.policy import policy_label

    return bot_label(name) if "(" in name else policy_label(name)


def shipped_grades_html(data=None) -> str:
    """The grades computed ahead for larger decks (:func:`pushlab.teaching.perfect.shipped_grades`):
    each bot's or rule's chance to win against perfect play (average of both seats) per deck,
    and how often the whole-game advice picks an optimal action."""
    from pushlab.luck.solve import SmallDeck

    data = lesson.shipped_grades() if data is None else data
    decks = data["grades"]
    names = [o["opponent"] for o in decks[0]["opponents"]]
    head = "".join(f"<th>{esc(h)}</th>" for h in [_("against perfect play")] + [
        f"{deck_label(SmallDeck(**d['deck']))} ({nums.number(d['states'])})" for d in decks])
    rows = []
    for name in names:
        cells = []
        for d in decks:
            o = next((o for o in d["opponents"] if o["opponent"] == name), None)
            cells.append(f"<td>{nums.percent(1 - o['mean'], 1)}</td>" if o else "<td>–</td>")
        rows.append(f"<tr><td style='text-align:start'>{esc(_player_label(name))}</td>{''.join(cells)}</tr>")
    advice = [f"<td>{nums.percent(d['advice']['agreement'])}</td>" if d.get("advice") else "<td>–</td>" for d in decks]
    advice_name = esc(_("whole-game advice: decisions where it picks an optimal action"))
    rows.append(f"<tr><td style='text-align:start'><i>{advice_name}</i></td>{''.join(advice)}</tr>")
    caption = esc(_("Computed ahead for other decks, with the real die (positions in brackets): each bot's or rule's chance to win "
                    "against perfect play, exact, both seats averaged"))
    command = esc(_("Computed again by: {command}").format(command=data["command"]))
    # shown with display(HTML(...)), not in a widget the picker directs: the table has the page's direction
    return (f'{CSS}<div class="pl-root" {dir_attrs()}><table class="pl-kv pl-perfect-shipped"><caption>{caption}</caption>'
            f'<tr>{head}</tr>{"".join(rows)}</table><p class="pl-muted">{command}</p></div>')


def simplest_rule_html(result) -> str:
    """The result of :func:`pushlab.luck.grade.simplest_rule` in a sentence."""
    from pushlab.luck.policy import policy_label

    rule, win, best, best_win, table = result
    if rule is not None:
        text = _("The simplest rule within 1 percentage point of perfect play: {rule}, which wins {win} against "
                 "it (out of {n} rules tried, simplest first).").format(rule=policy_label(rule), win=nums.percent(win, 1),
                                                                         n=len(table))
    else:
        text = _("No rule of the {n} tried comes within 1 percentage point of perfect play. The best, {rule}, "
                 "wins {win} against it.").format(n=len(table), rule=policy_label(best), win=nums.percent(best_win, 1))
    return f"{CSS}<div class='pl-root'><p>{esc(text)}</p></div>"


class BotGrades(Shown):
    """The table of bots against perfect play for a chosen deck, and on demand the simplest rule that comes close."""

    def __init__(self, deck: str = lesson.STORY_DECK):
        from pushlab.widgets.common import RunButton

        w = ipw()
        self.message = MessageArea()
        guard = routed(self.message)
        self.deck = deck_chooser(w, deck)
        self.table = w.HTML()
        self.rule = RunButton(_("Find the simplest rule"), self._search, self._show_rule,
                              note=_("tries {n} stop and bank rules, simplest first (a few seconds)").format(
                                  n=_family_size()))
        self.widget = w.VBox([self.deck, self.message.widget, self.table, self.rule.widget])
        self.widget.add_class("pl-perfect-grades-app")
        page_direction(self.widget)
        self.draw = guard(self._draw)
        self.deck.observe(lambda _=None: self.draw(), names="value")
        self.draw()

    def _draw(self) -> None:
        """Recompute the table for the chosen deck."""
        key = self.deck.value
        self.table.value = grades_html(grades_rows(key), lesson.solution(key).start_value)
        if self.rule.output.outputs:            # the last deck's rule (outside a kernel nothing is shown)
            self.rule.output.clear_output()
        self.rule.message.clear()

    def _search(self, progress):
        """The simplest rule of :data:`pushlab.luck.grade.RULE_FAMILY` close to perfect play."""
        from pushlab.luck import grade

        return grade.simplest_rule(lesson.solution(self.deck.value, exact=False))

    def _show_rule(self, result) -> None:
        from IPython.display import HTML, display

        display(HTML(simplest_rule_html(result)))


def _family_size() -> int:
    from pushlab.luck.grade import RULE_FAMILY

    return len(RULE_FAMILY)
