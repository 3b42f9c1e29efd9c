"""Push (push-your-luck) as HTML: the table, the event log, the odds, the advice and the review.

Pure functions from a :class:`~pushlab.luck.Game` (or a session's records) to HTML
strings, in the current language: no widgets, no rules. The apps and lesson blocks
(:mod:`pushlab.widgets.luck_app`, :mod:`pushlab.widgets.luck_lessons`) show them.

>>> from pushlab.luck import Game
>>> g = Game.new(2, deck="R3 B5 G1", rolls="*")
>>> "pl-card" in table_html(g.apply("draw"))
True
"""

from __future__ import annotations

from fractions import Fraction

from pushlab.i18n import _, ngettext
from pushlab.i18n.events import direction_words, explanation_text, log_lines
from pushlab.i18n.forms import colour_name
from pushlab.i18n.lists import list_text
from pushlab.i18n.numbers import percent
from pushlab.display.cards import card_html
from pushlab.luck.cards import COLOURS
from pushlab.display.cards import cards_html as render_cards
from pushlab.display.html import CSS, box_html, esc, log_list_html, row_html, stack_html
from pushlab.i18n import numbers as nums

__all__ = [
    "cards_html", "column_html", "table_html", "odds_html", "log_html", "advice_html",
    "summary_html", "outcome_words", "decision_words", "switch_rule_words", "switch_rule_text", "phase_text",
    "DECISION_WORDS", "SWITCH_RULE_WORDS", "SWITCH_RULE_TEXT", "PHASE_TEXT", "TROPHY", "STAR_MARK",
]


def decision_words(language: str | None = None) -> dict:
    """The reader's decisions in words, for the end-of-game review (every decision with a
    choice is judged, banking included), in ``language`` (default: the current one)."""
    return {"turn": _("draw or bank", language), "place": _("place a card", language),
            "push": _("draw or stop", language), "collect": _("take a column", language)}


def switch_rule_words(language: str | None = None) -> dict:
    """The two readings of rule 10 (``switch_rule``) as the settings name them."""
    return {"turn": _("reverse this turn only (default)", language),
            "game": _("last until the next switch card", language)}


def switch_rule_text(language: str | None = None) -> dict:
    """The two readings of rule 10 as a sentence."""
    return {
        "turn": _("a switch card reverses the collection for this turn only (switch_rule='turn', "
                  "the default).", language),
        "game": _("a switch card reverses the collection until the next switch card, turn after "
                  "turn (switch_rule='game', the printed rule texts' wording).", language),
    }


def phase_text(language: str | None = None) -> dict:
    """What each phase asks for, in words."""
    return {
        "turn": _("start of turn: draw a card or bank a colour", language),
        "place": _("place the drawn card in a column", language),
        "push": _("draw again or stop", language),
        "collect": _("take a column", language),
        "over": _("the game is over", language),
    }


DECISION_WORDS = decision_words("en")

TROPHY = "\u2605 "  # a star marks the winners

STAR_MARK = "\u2605 "  # and the recommended action

#: In English (the translated words: :func:`switch_rule_words`, :func:`switch_rule_text`,
#: :func:`phase_text`).
SWITCH_RULE_WORDS = switch_rule_words("en")

SWITCH_RULE_TEXT = switch_rule_text("en")

PHASE_TEXT = phase_text("en")


def _points(n: int) -> str:
    """'1 pt', '7 pts' in the current language."""
    return ngettext("{n} pt", "{n} pts", n).format(n=n)


def cards_html(cards, size: str = "sm") -> str:
    """A row of small cards (:func:`pushlab.display.cards_html`).

    >>> from pushlab.luck import parse_cards
    >>> cards_html(parse_cards("R1 B2")).count("pl-card")
    2
    """
    return render_cards(cards, size)


def column_html(cards, title: str) -> str:
    """One column: its cards overlapping top to bottom, with its number and points.

    >>> from pushlab.luck import parse_cards
    >>> "7 pts" in column_html(parse_cards("R3 B4"), "Column 1")
    True
    """
    points = sum(c.points for c in cards)
    body = ('<div class="pl-col">' + "".join(card_html(c) for c in cards) + "</div>"
            f'<div class="pl-muted" style="text-align:center">{esc(_points(points))}</div>')
    return box_html(title, body, style="min-width:70px")


def _column_title(i: int) -> str:
    """'Column 1' (``i`` counts from 0) in the current language."""
    return _("Column {n}").format(n=i + 1)


def _empty_column(i: int) -> str:
    """A dashed placeholder where column ``i`` could be started."""
    empty = esc(_("empty"))
    return box_html(_column_title(i), f'<div class="pl-col"><span class="pl-slot">{empty}</span></div>'
                    '<div class="pl-muted">&nbsp;</div>', style="min-width:70px")


def _bench_html(cards) -> str:
    """A bench: small cards grouped by colour (the engine keeps them sorted)."""
    if not cards:
        return '<span class="pl-muted">' + esc(_("bench empty")) + '</span>'
    groups = []
    for colour in COLOURS:
        mine = [c for c in cards if c.colour == colour]
        if mine:
            groups.append(f'<span style="margin-right:6px;white-space:nowrap">{cards_html(mine)}</span>')
    return f'<div class="pl-row pushlab-ltr" style="gap:0">{"".join(groups)}</div>'


def _bank_html(cards) -> str:
    """A bank: a face-down stack with its card count and points."""
    safe = _("banked cards are safe")
    if not cards:
        return f'<span class="pl-muted" title="{esc(safe)}">' + esc(_("bank empty")) + '</span>'
    points = sum(c.points for c in cards)
    caption = _("bank: {points} ({cards})").format(
        points=_points(points), cards=ngettext("{n} card", "{n} cards", len(cards)).format(n=len(cards)))
    return stack_html(len(cards), caption, title=safe, size="sm")


def _direction_text(direction: int) -> str:
    """Collection direction as an arrow and words."""
    return direction_words(direction)


def _switch_pile_html(game) -> str:
    """The switch cards beside the draw pile (rule 10): this turn's, or the lasting pile.

    >>> from pushlab.luck import Game
    >>> g = Game.new(3, deck="switch R1 B2", switch_rule="game").apply("draw")
    >>> "switch pile: 1 (lasts)" in _switch_pile_html(g), _switch_pile_html(Game.new(3, seed=0))
    (True, '')
    """
    n = len(game.switch_pile)
    if not n:
        return ""
    caption = (_("switch pile: {n} (lasts)") if game.direction_lasts else _("set aside: {n}")).format(n=n)
    shown = game.switch_pile[-4:]       # the top few; the count says how many
    tip = esc(_("switch cards beside the draw pile"))
    return (f'<span class="pl-stack" title="{tip}"><span>'
            f'{cards_html(shown)}</span><span class="pl-cap">{esc(caption)}</span></span>')


def _status_line(game, you: int | None = None) -> str:
    """Who must act and what they must do; the reader's seat (``you``) is "you", not its name."""
    if game.is_over:
        scores = game.scores()
        winners = [game.players[i] for i in game.winners()]
        if len(winners) > 1:        # joined as the language joins a list (was: "Ann and Ben and Cat")
            return _("Game over: {names} win with {points} points").format(names=list_text(winners),
                                                                           points=max(scores))
        return _("Game over: {names} wins with {points} points").format(names=winners[0], points=max(scores))
    active = game.players[game.active_player]
    turn = _("Your turn") if game.active_player == you else _("{who}'s turn").format(who=active)
    if game.phase == "collect":
        take = (_("You must take a column") if game.collector == you
                else _("{who} must take a column").format(who=game.players[game.collector]))
        return turn + " \u00b7 " + take
    return turn + " \u00b7 " + phase_text().get(game.phase, game.phase)


def table_html(game, labels=None, you: int | None = None) -> str:
    """The whole table of one state: piles, direction, columns, benches, banks, scores.

    ``labels`` optionally adds a word per player (e.g. a bot's kind); ``you`` marks
    the reader's seat.
    """
    status = f'<div style="font-size:16px;font-weight:600;margin:2px 4px 6px">{esc(_status_line(game, you))}</div>'
    # piles and direction
    pile = stack_html(game.draw_pile_size, _("draw pile: {n}").format(n=game.draw_pile_size),
                      title=_("cards left to draw"))
    discards = game.discard_pile
    if discards:
        top = (f'<span class="pl-stack"><span class="pl-pile">{card_html(discards[-1])}</span>'
               f'<span class="pl-cap">{esc(_("discards: {n}").format(n=len(discards)))}</span></span>')
    else:
        top = stack_html(0, _("discards: {n}").format(n=0))
    switches = _switch_pile_html(game)
    lasts = game.direction_lasts
    reach = _("until the next switch card") if lasts else _("this turn only")
    tip = (_("order in which players collect columns; switch cards last until the next one")
           if lasts else _("order in which players collect columns this turn"))
    heading = esc(_("Collection"))
    direction = (f'<div class="pl-box pl-direction" title="{esc(tip)}">'
                 f'<h4>{heading}</h4><div style="font-size:20px">{esc(_direction_text(game.direction))}</div>'
                 f'<div class="pl-muted">{esc(reach)}</div></div>')
    pending = ""
    if game.pending is not None:
        pending = box_html(_("Drawn card"), card_html(game.pending), highlight=True)
    piles = row_html([pile, top, switches, direction, pending])
    # columns
    cols = [column_html(col, _column_title(i)) for i, col in enumerate(game.columns)]
    cols += [_empty_column(i) for i in range(len(game.columns), 3)]
    columns = box_html(_("Columns on the table"), row_html(cols), style="display:inline-block")
    # players
    scores = game.scores()
    boxes = []
    for i, name in enumerate(game.players):
        tag = []
        if you is not None and i == you:
            tag.append(_("you"))
        if labels and labels[i]:
            tag.append(labels[i])
        title = name + (f" ({', '.join(tag)})" if tag else "") + f" \u2014 {_points(scores[i])}"
        body = row_html([f'<div style="flex:1 1 auto">{_bench_html(game.benches[i])}</div>',
                         _bank_html(game.banks[i])])
        boxes.append(box_html(title, body, highlight=(i == game.current_player),
                              style="flex:1 1 200px;min-width:190px"))
    players = f'<div class="pl-row" style="gap:0">{"".join(boxes)}</div>'
    return f'{CSS}<div class="pl-root pl-table">{status}{piles}{columns}{players}</div>'


def log_html(game, start: int = 0, last: int | None = None) -> str:
    """A game's event log as a numbered list in the reader's language; entries from ``start`` on are bold (new).

    ``game``: a :class:`~pushlab.luck.Game` or an observation of one (its ``events`` are
    written by :mod:`pushlab.i18n.events`, card notation in ``pushlab-ltr`` spans); a plain
    sequence of text lines is shown as it is.

    >>> from pushlab.luck import Game
    >>> g = Game.new(2, deck="R3", rolls="*").apply("draw").apply("place 0").apply("stop")
    >>> log_html(g, start=1).count('class="pl-new"')
    1
    """
    if not hasattr(game, "events"):
        return log_list_html(game, start, last)
    return log_list_html(game.events, start, last, render=lambda events: log_lines(events, game.players, html=True))


def _frac(p) -> str:
    """A probability as an exact fraction when it is one."""
    return f" ({p.numerator}/{p.denominator})" if isinstance(p, Fraction) and p.denominator > 1 else ""


def odds_html(game) -> str:
    """Exact bust probability of the next card, counting cards vs naive, and what the next card does.

    >>> from pushlab.luck import Game
    >>> "counting" in odds_html(Game.new(2, seed=1))
    True
    """
    from pushlab.luck import odds
    if game.is_over or game.draw_pile_size == 0:
        return f'{CSS}<div class="pl-root pl-muted">' + esc(_("No next card: the draw pile is empty.")) + '</div>'
    counting = odds.bust_probability(game, counting=True)
    naive = odds.bust_probability(game, counting=False)
    seen, full = esc(_("counting the cards seen")), esc(_("naive (full deck minus the columns)"))
    rows = (f'<tr><td>{seen}</td><td><b>{percent(counting, 1)}</b>{esc(_frac(counting))}</td></tr>'
            f'<tr><td>{full}</td><td><b>{percent(naive, 1)}</b>{esc(_frac(naive))}</td></tr>')
    bars = []
    for label, p in _dist_items(odds.next_card_distribution(game, counting=True)):
        width = int(round(150 * float(p)))
        colour = "#c62828" if p is not None and label == outcome_words()["bust"] else "#5b8cc0"
        bars.append(f'<tr><td>{esc(label)}</td><td><span class="pl-bar" style="width:{width}px;'
                    f'background:{colour}"></span> {percent(p, 1)}</td></tr>')
    return (f'{CSS}<div class="pl-root">'
            + box_html(_("Chance the next card busts"), f'<table class="pl-kv">{rows}</table>')
            + box_html(ngettext("What the next card does ({n} card in the pile)",
                                "What the next card does ({n} cards in the pile)",
                                game.draw_pile_size).format(n=game.draw_pile_size),
                       f'<table class="pl-kv">{"".join(bars)}</table>')
            + "</div>")


def outcome_words(language: str | None = None) -> dict:
    """The next-card outcomes of :func:`pushlab.luck.odds.next_card_distribution` in words, as
    the odds panel and the lessons name them (default: the current language).

    >>> outcome_words("en")["new column only"], outcome_words("cs")["roll"]
    ('needs a new column', 'karta hodu')
    """
    return {"bust": _("bust (fits no column)", language), "new column only": _("needs a new column", language),
            "fits 1": _("fits 1 column", language), "fits 2": _("fits 2 columns", language),
            "fits 3": _("fits 3 columns", language), "roll": _("roll card", language),
            "switch": _("switch card", language)}


def _dist_items(dist):
    """(label, probability) rows of a next-card distribution, in the library's key order, zeros dropped."""
    labels = outcome_words()
    return [(labels.get(k, str(k)), p) for k, p in dist.items() if p]


def _how(hint) -> str:
    """How far a one-turn hint looked: 'to the end of the turn' or 'looking N draws ahead'
    (never 'exact': the hint is a model's answer either way)."""
    return _("to the end of the turn") if hint.exact else _("looking {n} draws ahead").format(n=hint.depth)


def _action_words(action: str) -> str:
    """An action string in words, for hints."""
    word, sep, arg = action.partition(" ")
    if word == "place":
        return _("put the card in column {n}").format(n=int(arg) + 1)
    if word == "take":
        return _("take column {n}").format(n=int(arg) + 1)
    if word == "bank":
        return _("bank the {colour} cards").format(colour=colour_name(arg))
    return {"draw": _("draw another card"), "stop": _("stop")}.get(word, action)


def _step_html(action: str) -> str:
    """A scripted action in words, with the script's own spelling when it differs (columns count from 0 there).

    >>> _step_html("take 0")
    'take column 1 (<code>take 0</code>)'
    >>> _step_html("draw")
    '<code>draw</code>'
    """
    word, sep, arg = action.strip().partition(" ")
    if word in ("place", "take") and arg.strip().isdigit():
        words = (_("put it in column {n}") if word == "place" else _("take column {n}")).format(n=int(arg) + 1)
    elif word == "bank" and arg.strip():
        words = _("bank {colour}").format(colour=colour_name(arg.strip().upper()) if arg.strip().upper() in COLOURS
                                          else arg.strip())

    else:
        return f"<code>{esc(action)}</code>"
    return f"{esc(words)} (<code>{esc(action)}</code>)"


def _policy_text(session) -> str:
    """How every seat plays in the session's rollouts, in words."""
    from pushlab.luck.policy import DEFAULT_POLICY, policy_label
    return policy_label(session.policy or DEFAULT_POLICY)


def advice_html(advice, hint=None, session=None, progress: str = "") -> str:
    """Whole-game advice (win chance per action, 95% CI, the recommendation) beside the
    one-turn values of the hint (a model of this turn), each labelled with how it was obtained."""
    from pushlab.luck.policy import DEFAULT_POLICY, policy_label
    policy = policy_label(advice.policy if advice is not None else (session and session.policy) or DEFAULT_POLICY)
    parts = []
    if advice is None:
        estimating = esc(_("Whole game: estimating…"))
        parts.append(f'<p class="pl-muted">{estimating} {esc(progress)}</p>')
    else:
        rows = []
        for a, v in advice.values.items():
            star = STAR_MARK if a == advice.best else ""
            rows.append(f"<tr><td>{star}{esc(_action_words(a))}</td><td><b>{nums.percent(v.win)}</b> "
                        f"({nums.decimal(100 * v.win_low, 0, group=False)}\u2013{nums.percent(v.win_high)})</td>"
                        f"<td>{nums.decimal(v.score, 0, group=False)}</td></tr>")
        more = f" {esc(progress)}" if progress else ""
        head = _("<b>Whole game</b> (estimated from {n} rollouts per action{more}: you take the action, "
                 "then every player plays <i>{policy}</i> to the end)").format(
                     n=nums.decimal(advice.rollouts, 0), more=more, policy=esc(policy))
        best = _("Recommended: <b>{action}</b> (highest estimated chance to win; close calls are "
                 "within the intervals).").format(action=esc(_action_words(advice.best)))
        heads = "".join(f"<th>{esc(h)}</th>" for h in (_("action"), _("chance to win (95% CI)"), _("final score")))
        parts.append(
            f"<p>{head}</p>"
            f'<table class="pl-kv"><tr>{heads}</tr>{"".join(rows)}</table>'
            f"<p>{best}</p>")
        if advice.bench:
            parts.append(f'<p class="pl-muted">{esc(explanation_text(advice.explanation()))}</p>')
    if hint is not None:
        rows = "".join(f"<tr><td>{STAR_MARK if a == hint.best else ''}{esc(_action_words(a))}</td>"
                       f"<td>{nums.decimal(v, 1, group=False, sign=True)}</td></tr>" for a, v in hint.values.items())
        head = _("<b>This turn only</b> (the one-turn hint, a model, {how}: points you add this turn minus "
                 "the others' average, if they collect greedily and die losses are averaged; banking "
                 "counts 0)").format(how=esc(_how(hint)))
        parts.append(f"<p>{head}</p>"
                     f'<table class="pl-kv"><tr><th>{esc(_("action"))}</th><th>{esc(_("points"))}</th></tr>'
                     f'{rows}</table>')
    return f'{CSS}<div class="pl-root pl-advice">{"".join(parts)}</div>'


def summary_html(session, progress: str = "") -> str:
    """End-of-game scores and the review of the reader's decisions against whole-game advice."""
    g = session.game
    scores = g.scores()
    order = sorted(range(g.num_players), key=lambda i: -scores[i])
    labels = session.labels
    score_rows = "".join(
        f'<tr><td>{TROPHY if i in g.winners() else ""}{esc(g.players[i])}</td>'
        f'<td>{esc(labels[i] or _("you"))}</td><td>{_bold_points(scores[i])}</td></tr>' for i in order)
    rows = session.regret_rows()
    if not session.track_regret:
        regret = '<p class="pl-muted">' + esc(_("Decisions are not reviewed in this game.")) + '</p>'
    elif not session.reviewed:
        regret = ('<p class="pl-muted">' + esc(_("Reviewing your decisions against whole-game advice…"))
                  + f' {esc(progress)}</p>')
    elif not rows:
        regret = '<p class="pl-muted">' + esc(_("You had no decision with a choice.")) + '</p>'
    else:
        total, se = session.total_regret()
        matched = sum(r["action"] == r["best"] for r in rows)
        costly = sorted((r for r in rows if r["action"] != r["best"]), key=lambda r: -r["regret"])
        n = next(d.advice.rollouts for d in session.decisions if d.advice is not None)
        made = ngettext("You made {n} decision with a choice (banking included); {matched} matched the "
                        "whole-game advice.",
                        "You made {n} decisions with a choice (banking included); {matched} matched the "
                        "whole-game advice.", len(rows)).format(n=len(rows), matched=matched)
        cost = _("Against it, your other choices cost <b>{points} percentage points</b> of winning chance, "
                 "added up over those decisions (95% CI \u00b1{ci}): a score of your decisions, not one chance, "
                 "so it can pass 100. Estimated from {n} rollouts per action, every player "
                 "then playing <i>{policy}</i>; each decision is judged from the position you faced, not by "
                 "how the cards fell.").format(points=nums.decimal(100 * total, 1, group=False),
                                               ci=nums.decimal(100 * 1.96 * se, 1, group=False), n=n,
                                               policy=esc(_policy_text(session)))
        regret = f"<p>{esc(made)} {cost}</p>"
        if costly:
            words = decision_words()
            lines = "".join(
                f'<tr><td>{esc(words.get(r["phase"], r["phase"]))}</td>'
                f'<td>{esc(_action_words(r["action"]))}</td><td>{esc(_action_words(r["best"]))}</td>'
                f'<td>{esc(_vs(r["win"], r["best_win"]))}</td>'
                f'<td>{nums.decimal(100 * r["regret"], 1, group=False, sign=True)} \u00b1 '
                f'{nums.decimal(100 * 1.96 * r["regret_se"], 1, group=False)}</td></tr>'
                for r in costly[:10])
            which = _("The 10 costliest") if len(costly) > 10 else _("Where the advice differed")
            caption = esc(_("{which} (winning chance lost, in percentage points, 95% CI):").format(which=which))
            heads = "".join(f"<th>{esc(h)}</th>" for h in (_("decision"), _("you chose"), _("advice"),
                                                            _("chance to win"), _("lost")))
            regret += (f'<p>{caption}</p>'
                       f'<table class="pl-kv"><tr>{heads}</tr>{lines}</table>')
    return (f'{CSS}<div class="pl-root">'
            + box_html(_("Final scores"), f'<table class="pl-kv">{score_rows}</table>')
            + box_html(_("Your decisions against whole-game advice"), regret) + "</div>")


def _vs(a: float, b: float) -> str:
    """Two win chances side by side: '40% vs 55%'."""
    return _("{a}% vs {b}%").format(a=nums.decimal(100 * a, 0, group=False), b=nums.decimal(100 * b, 0, group=False))


def _bold_points(n: int) -> str:
    """'<b>7</b> pts' in the current language."""
    return ngettext("<b>{n}</b> pt", "<b>{n}</b> pts", n).format(n=n)
