"""Push (contract rummy) as HTML: cards, melds, the table, scores, the log, the odds and the hint.

Pure functions from cards, melds, a :class:`~pushlab.rummy.Game` (or the reader's
session) to HTML strings, in the current language: no widgets, no rules (the engine
judges every meld). Cards are drawn by the one card renderer
(:mod:`pushlab.display.cards`).

>>> from pushlab.rummy import parse_cards
>>> html = cards_html(parse_cards("10H JK 2S"))
>>> html.count("pl-card"), "pl-red" in html, "pl-joker" in html, "pl-wild" in html
(3, True, True, True)
"""

from __future__ import annotations

from pushlab.errors import PushlabError
from pushlab.i18n import _, ngettext
from pushlab.rummy.cards import Card, parse_cards, rank_label
from pushlab.i18n.events import kind_word, log_lines
from pushlab.i18n.numbers import number, percent_words
from pushlab.rummy.melds import contract_words
from pushlab.display.cards import RUMMY_CSS
from pushlab.display.cards import card_html as render_card
from pushlab.display.cards import cards_html as render_cards
from pushlab.display.html import (CSS, box_html, card_back, esc, log_list_html, ltr_spans, row_html,
                                         stack_html)

__all__ = [
    "card_html", "cards_html", "hand_html", "meld_html", "check_meld", "check_html", "push_frames",
    "push_frame_html", "status_text", "table_html", "scores_html", "log_html", "private_html", "ltr_cards",
    "result_html",
    "action_words", "advice_html", "odds_html", "helpful_cards",
]


def card_html(card, size: str = "", selected: bool = False, note: str = "") -> str:
    """One playing card, given as a Card or in notation (:func:`pushlab.widgets.render.card_html`).

    ``note`` is added to the tooltip (e.g. what a wild stands for).

    >>> 'title="5 of hearts"' in card_html("5H"), "wild" in card_html(Card.parse("2C"))
    (True, True)
    """
    return render_card(Card.parse(card), size, selected=selected, note=note)


def cards_html(cards, size: str = "", notes=None) -> str:
    """A row of cards, given as Cards or in notation (``notes`` optionally one tooltip note per card).

    >>> cards_html(parse_cards("AS KS")).count("pl-card")
    2
    """
    return render_cards(parse_cards(cards), size, notes)


def hand_html(cards, caption: str = "", size: str = "") -> str:
    """A self-contained block of cards (style sheet included) with an optional caption, for notebooks.

    >>> "pl-rcard" in hand_html("AS 2H", "two cards")
    True
    """
    cap = f'<div class="pl-muted" style="margin:2px">{esc(caption)}</div>' if caption else ""
    return f'{RUMMY_CSS}<div class="pl-root">{cap}<div class="pl-row" style="gap:0">{cards_html(cards, size)}</div></div>'


def meld_html(meld, caption: str = "", size: str = "sm") -> str:
    """A meld on the table: its cards (wilds' tooltips say what they stand for) and a caption.

    >>> from pushlab.rummy import Meld
    >>> h = meld_html(Meld("run", "5H JK 7H", owner=2), "Cat")
    >>> "stands for 6♥" in h, "Cat" in h
    (True, True)
    """
    notes = [""] * len(meld.cards)
    if meld.kind == "run":
        stands = meld.stands_for()
        mask = meld.natural
        notes = [_("stands for {card}").format(card=s.pretty) if c.is_wild and not m else ""
                 for c, s, m in zip(meld.cards, stands, mask)]
    elif meld.kind == "set":
        notes = [_("stands for a {rank}").format(rank=rank_label(meld.rank)) if c.is_wild else ""
                 for c in meld.cards]
    kind = kind_word(meld.kind)
    cap = f"{kind} \u00b7 {caption}" if caption else kind
    return (f'<span class="pl-meld pl-p{int(meld.owner) % 4}">'
            f'<span class="pushlab-ltr">{cards_html(meld.cards, size, notes)}</span>'
            f'<span class="pl-cap">{esc(cap)}</span></span>')


def check_meld(cards, kind: str = "both") -> list[tuple[str, bool, str]]:
    """Check cards as a set and/or a run (in the order given): [(kind, valid, explanation)].

    >>> check_meld("5H JK 7H", "run")
    [('run', True, 'valid run: JK is 6♥')]
    >>> [v for _, v, _ in check_meld("5H 5S JK")]
    [True, False]
    """
    from pushlab.rummy import explain_meld, is_valid_meld
    cards = parse_cards(cards)
    if kind not in ("set", "run", "both"):
        raise PushlabError(f"check a 'set', a 'run' or 'both', not {kind!r}")
    kinds = ("set", "run") if kind == "both" else (kind,)
    return [(k, is_valid_meld(cards, k), explain_meld(cards, k)) for k in kinds]


def check_html(cards, kind: str = "both") -> str:
    """The checker's verdict as HTML: the cards, then one green or red line per kind.

    >>> "valid run" in check_html("5H JK 7H", "run")
    True
    """
    cards = parse_cards(cards)
    if not cards:
        hint = esc(_("Type or click some cards to check them."))
        return f'{RUMMY_CSS}<div class="pl-root pl-muted">{hint}</div>'
    lines = []
    for k, ok, text in check_meld(cards, kind):
        cls = "pl-ok" if ok else "pl-error"
        mark = "\u2714" if ok else "\u2718"
        lines.append(f'<div class="pl-msg {cls}" style="font-weight:500">{mark} {esc(text)}</div>')
    return (f'{RUMMY_CSS}<div class="pl-root"><div class="pl-row pushlab-ltr">{cards_html(cards)}</div>'
            f'{"".join(lines)}</div>')


def push_frames(discard_top, stock_top, pusher: str = "Ann", left: str = "Ben"):
    """The push (rule 12b) as four frames of (caption, {place: [cards shown]}) for an illustration.

    ``stock_top`` are the top two stock cards, top first: the first goes to the left
    player (only they see it), the second to the pusher.

    >>> frames = push_frames("9C", "KD 4S")
    >>> len(frames), frames[-1][1]["Ben"], frames[-1][1]["Ann"]
    (4, (Card('9C'), Card('KD')), (Card('4S'),))
    """
    discard_top = Card.parse(discard_top)
    stock = parse_cards(stock_top)
    if len(stock) < 2:
        raise PushlabError(_("a push needs the top two cards of the stock"))
    s1, s2 = stock[:2]
    words = dict(pusher=pusher, left=left, discard=discard_top.pretty, first=s1.pretty, second=s2.pretty)
    return [
        (_("{pusher} does not want the discard {discard} and pushes.").format(**words),
         {"discard": (discard_top,), "stock": (s1, s2), pusher: (), left: ()}),
        (_("The discard {discard} goes to {left}, the player on {pusher}'s left; everybody sees it.").format(**words),
         {"discard": (), "stock": (s1, s2), pusher: (), left: (discard_top,)}),
        (_("The top stock card goes to {left} too, face down: only {left} sees it is {first}.").format(**words),
         {"discard": (), "stock": (s2,), pusher: (), left: (discard_top, s1)}),
        (_("{pusher} then draws the next stock card ({second}) for themself. "
           "Net: {pusher} +1 card, {left} +2, stock \u22122, discard pile \u22121.").format(**words),
         {"discard": (), "stock": (), pusher: (s2,), left: (discard_top, s1)}),
    ]


def push_frame_html(frame, pusher: str = "Ann", left: str = "Ben", hidden=None) -> str:
    """One frame of :func:`push_frames` as a small table: discard, stock, the two players' new cards.

    ``hidden`` is the card only the left player sees (drawn face down with a note).
    """
    caption, places = frame

    def pile(cards, face_down=False):
        """A pile's cards, face up or down."""
        if not cards:
            empty = esc(_("empty"))
            return f'<span class="pl-slot">{empty}</span>'
        return "".join(card_back(_("face-down card")) if face_down else card_html(c) for c in cards)

    def player(cards):
        """The cards a player received in this frame."""
        if not cards:
            none = esc(_("no new cards"))
            return f'<span class="pl-muted">{none}</span>'
        out = []
        for c in cards:
            out.append(card_html(c, note=_("seen only by them") if c == hidden else ""))
        return "".join(out)

    boxes = [box_html(_("Discard pile (top)"), pile(places["discard"])),
             box_html(_("Stock (top cards, face down)"), pile(places["stock"], face_down=True)),
             box_html(_("{name} (pushes) gets").format(name=pusher), player(places[pusher])),
             box_html(_("{name} (on the left) gets").format(name=left), player(places[left]))]
    return (f'{RUMMY_CSS}<div class="pl-root"><div class="pl-msg pl-info">{esc(caption)}</div>'
            f'{row_html(boxes)}</div>')


def _seat_words(game, you) -> list:
    """How each seat is described to the reader: 'you', 'your partner', 'opponent'."""
    words = []
    for p in range(4):
        if you is None:
            words.append(_("team {number}").format(number=p % 2 + 1))
        elif p == you:
            words.append(_("you"))
        elif p % 2 == you % 2:
            words.append(_("your partner"))
        else:
            words.append(_("opponent"))
    return words


def status_text(game) -> str:
    """Whose turn it is and what they must do, in one line.

    >>> from pushlab.rummy.game import Game
    >>> status_text(Game.new(seed=1, dealer=0, deals=(1,)))
    'Deal 1 (1 of 1) · contract: 2 sets of 3 · Ben to draw: take the discard or push'
    """
    head = _("Deal {deal} ({index} of {count}) \u00b7 contract: {contract}").format(
        deal=game.deal_number, index=game.deal_index + 1, count=len(game.deals),
        contract=contract_words(game.deal_number))
    if game.is_over:
        s = game.scores()
        win = game.winners()
        if len(win) > 1:
            return _("The match is over: {first} and {second} share the win ({a} to {b})").format(
                first=game.teams[win[0]], second=game.teams[win[1]], a=s[0], b=s[1])
        return _("The match is over: {team} win ({a} to {b})").format(team=game.teams[win[0]], a=s[0], b=s[1])
    name = game.players[game.active_player]
    what = (_("{name} to draw: take the discard or push") if game.phase == "draw" else
            _("{name} to meld, lay off, then discard"))
    return f"{head} \u00b7 {what.format(name=name)}"


def table_html(game, you: int | None = 0, show_hands: bool = False, labels=None) -> str:
    """The table seen by seat ``you``: piles, players (counts, contract met), melds with owners, scores.

    ``show_hands=True`` shows every hand face up (for scripted lessons); otherwise only
    seat ``you``'s hand is face up (``you=None``: none).

    >>> from pushlab.rummy.game import Game
    >>> h = table_html(Game.new(seed=1, dealer=0, deals=(1,)))
    >>> "stock: 83" in h, "Ann &amp; Cat" in h
    (True, True)
    """
    status = (f'<div style="font-size:16px;font-weight:600;margin:2px 4px 6px">'
              f'{esc(status_text(game))}</div>')
    stock = stack_html(game.stock_size, _("stock: {count}").format(count=game.stock_size),
                       title=_("face-down stock"))
    top = game.discard_top
    discards = _("discard: {count}").format(count=len(game.discard_pile))
    if top is not None:
        discard = (f'<span class="pl-stack"><span class="pl-pile">{card_html(top)}</span>'
                   f'<span class="pl-cap">{esc(discards)}</span></span>')
    else:
        discard = stack_html(0, discards)
    piles = box_html(_("Stock and discard pile"), row_html([stock, discard]))
    words = labels or _seat_words(game, you)
    boxes = []
    for p, name in enumerate(game.players):
        n = game.hand_sizes[p]
        if show_hands or p == you:
            cards = cards_html(game.hand(p), size="sm")
        else:
            back = card_back(_("face-down card"), size="sm")
            cards = back * min(n, 12) + (" \u2026" if n > 12 else "")
        if game.met[p]:
            met = esc(_("contract met"))
            met = f'<span style="color:#1e5e20;font-weight:600">\u2714 {met}</span>'
        else:
            met = esc(_("contract not met yet"))
            met = f'<span class="pl-muted">{met}</span>'
        dealer = " \u00b7 " + esc(_("dealer")) if p == game.dealer else ""
        count = ngettext("{n} card", "{n} cards", n).format(n=n)
        body = (f'<div class="pl-team{p % 2}" style="font-size:12px">{esc(words[p])} \u00b7 '
                f'{esc(count)}{dealer}</div>'
                f'<div class="pushlab-ltr" style="min-height:48px">{cards}</div><div style="font-size:12px">{met}</div>')
        boxes.append(box_html(name, body, highlight=(p == game.current_player),
                              style="flex:1 1 150px;min-width:150px"))
    players = f'<div class="pl-row" style="gap:0">{"".join(boxes)}</div>'
    if game.table:
        melds = "".join(meld_html(m, f"{i + 1} \u00b7 {game.players[m.owner]}")
                        for i, m in enumerate(game.table))
    else:
        melds = '<span class="pl-muted">' + esc(_("No melds yet.")) + '</span>'
    table = box_html(_("Melds on the table (number \u00b7 owner)"), f'<div class="pl-row" style="gap:2px">{melds}</div>')
    return (f'{RUMMY_CSS}<div class="pl-root pl-rummy-table">{status}'
            f'<div class="pl-row">{piles}{scores_html(game)}</div>{players}{table}</div>')


def scores_html(game) -> str:
    """Penalty points per partnership, per finished deal and in total (lower is better).

    >>> from pushlab.rummy.game import Game
    >>> "Total" in scores_html(Game.new(seed=1))
    True
    """
    head = "".join(f'<th class="pl-team{t}">{esc(game.teams[t])}</th>' for t in (0, 1))
    rows = []
    for r in game.results:
        who = _("{name} out").format(name=game.players[r.went_out]) if r.went_out is not None else \
            {"stock": _("stock ran out"), "cap": _("round cap")}.get(r.reason, r.reason)
        deal = _("deal {deal} ({how})").format(deal=r.deal, how=who)
        rows.append(f"<tr><td>{esc(deal)}</td><td>{r.scores[0]}</td><td>{r.scores[1]}</td></tr>")
    s = game.scores()
    total = esc(_("Total"))
    rows.append(f"<tr><td><b>{total}</b></td><td><b>{s[0]}</b></td><td><b>{s[1]}</b></td></tr>")
    return box_html(_("Penalty points (lower wins)"), f'<table class="pl-kv"><tr><th></th>{head}</tr>{"".join(rows)}</table>')


def log_html(game, start: int = 0, last: int | None = 30) -> str:
    """A match's public event log as a numbered list in the current language; entries from
    ``start`` on are bold (new).

    ``game``: a rummy :class:`~pushlab.rummy.game.Game` (its public events are written by
    :mod:`pushlab.i18n.events`, card notation kept left to right); a plain sequence of text
    lines is shown as it is.

    >>> from pushlab.rummy.game import Game
    >>> log_html(Game.new(seed=1).apply("push"), start=1).count('class="pl-new"')
    1
    """
    if not hasattr(game, "events"):
        return log_list_html(game, start, last)
    public = [e for e in game.events if not e.private]
    return log_list_html(public, start, last, render=lambda events: log_lines(events, game.players, html=True))


def private_html(game, player: int, last: int = 4) -> list:
    """The last ``last`` entries of ``player``'s private log (what only they know), as HTML lines.

    >>> from pushlab.rummy.game import Game
    >>> private_html(Game.new(seed=1, dealer=0), 0)[0].startswith("Deal 1: Ann is dealt")
    True
    """
    mine = [e for e in game.events if e.private and e.player == player]
    return log_lines(mine[-last:] if last else mine, game.players, html=True)


_CARD = r"(?:(?:10|[2-9AJQK])[\u2660\u2665\u2666\u2663]|JK)"
#: A run of playing-card notation in a sentence.
_CARD_RUN = rf"(?<!\w){_CARD}(?: {_CARD})*(?!\w)"


def ltr_cards(html: str) -> str:
    """``html`` with each run of card notation (``5♥ 5♠ JK``) in a left-to-right ``pushlab-ltr`` span.

    Right-to-left pages (Arabic) keep the cards in their order that way.

    >>> ltr_cards("Ann melds set 5♥ 5♠ JK (meld 1)")
    'Ann melds set <span class="pushlab-ltr">5♥ 5♠ JK</span> (meld 1)'
    """
    return ltr_spans(html, _CARD_RUN)


def result_html(game, results) -> str:
    """Sentences for finished deals: who went out, each partnership's points.

    >>> result_html(None, [])
    ''
    """
    if not results:
        return ""
    lines = []
    for r in results:
        how = (_("{name} went out").format(name=game.players[r.went_out]) if r.went_out is not None else
               {"stock": _("the stock ran out"), "cap": _("the round cap was reached")}.get(r.reason, r.reason))
        left = "; ".join(f"{game.players[p]}: {' '.join(c.pretty for c in h) or '-'}" for p, h in enumerate(r.hands))
        head = _("Deal {deal} is over").format(deal=r.deal)
        scores = _("{team0} score {score0}, {team1} score {score1}.").format(
            team0=game.teams[0], score0=r.scores[0], team1=game.teams[1], score1=r.scores[1])
        left = _("Cards left: {cards}").format(cards=left)
        lines.append(f"<b>{esc(head)}</b>: {esc(how)}. {esc(scores)}<br><span class='pl-muted'>"
                     f"{esc(left)}</span>")
    return f"{CSS}<div class='pl-root pl-msg pl-ok'>{'<br>'.join(lines)}</div>"


def action_words(action: str, game) -> str:
    """An action in words for the reader ("push", "discard K♦", "meld set 5♥ 5♠ JK ...").

    >>> action_words("discard KD", None), action_words("layoff 8H 0 high", None)
    ('discard K♦', 'lay off 8♥ on meld 1 (high end)')
    """
    from pushlab.rummy.actions import Discard, LayOff, MeldDown, Push, Take, parse_action
    try:
        act = parse_action(action)
    except PushlabError:
        act = None
    match act:
        case Take():
            return _("take")
        case Push():
            return _("push")
        case Discard(card=card):
            return _("discard {card}").format(card=card.pretty)
        case LayOff(card=card, meld=m, end=end):
            text = {"low": _("lay off {card} on meld {number} (low end)"),
                    "high": _("lay off {card} on meld {number} (high end)")}.get(end, _("lay off {card} on meld {number}"))
            return text.format(card=card.pretty, number=m + 1)
        case MeldDown(melds=melds):
            return _("meld {melds}").format(melds="; ".join(m.text() for m in melds))
    words = str(action).split()
    pretty = {w: Card.parse(w).pretty for w in words if _is_card(w)}
    return " ".join(pretty.get(w, w) for w in words)


def _is_card(word) -> bool:
    """True if word is card notation."""
    try:
        Card.parse(word)
    except PushlabError:
        return False
    return True


def advice_html(advice, game) -> str:
    """The estimates of :func:`pushlab.rummy.advise` as a ranked table, labelled as estimates."""
    rows = []
    best = advice.best
    for action, v in advice.ranked():
        line = advice.lines.get(action)
        what = action_words(action, game)
        if line and len(line) > 1:
            what = _("{action} (then {next})").format(
                action=what, next="; ".join(action_words(a, game) for a in line[1:]))
        mark = " <b>← " + esc(_("lowest")) + "</b>" if action == best else ""
        rows.append(f"<tr><td>{esc(what)}{mark}</td><td style='text-align:right'>{number(v.mean, 0, sign=True)}</td>"
                    f"<td style='text-align:right'>± {number(v.se, 0)}</td></tr>")
    body = ("<div style='margin:3px 0'>"
            + _("<b>Estimate</b> for this deal: expected points of your side minus the other side when "
                "the deal ends (lower is better), after each choice. From {rollouts} simulated endings "
                "per choice: the cards you cannot see are dealt at random from those you have not seen, "
                "and the ExpertBot plays every seat. ± is one standard error, so close values are a "
                "toss-up.").format(rollouts=number(advice.rollouts))
            + "</div><table class='pl-hint-table'><tr><th>" + esc(_("choice")) + "</th><th>" + esc(_("estimate"))
            + "</th><th>" + esc(_("SE")) + f"</th></tr>{''.join(rows)}</table>")
    box = box_html(_("Whole-deal hint (an estimate)"), body)
    return f"{CSS}<div class='pl-root'>{box}</div>"


def odds_html(session) -> str:
    """The reader's standing: cards missing for the contract, a best way to meld, the bot's advice.

    Empty when it is not the reader's turn.
    """
    s = session
    g = s.game
    if not s.your_move:
        return ""
    from pushlab.rummy import finder
    hand = g.hand(s.you)
    rows = []
    if not g.met[s.you]:
        deficit = finder.contract_deficit(hand, g.deal_number)
        if deficit is None:
            rows.append(esc(_("Your hand cannot make the contract with any number of wilds yet.")))
        elif deficit == 0:
            way = finder.best_contract(hand, g.deal_number)
            melds = "; ".join(m.text() for m in way.melds)
            text = (_("<b>You hold the contract</b>: meld it now, e.g. {melds} (leaving {points} penalty points).")
                    if g.phase == "play" else
                    _("<b>You hold the contract</b>: meld it after drawing, e.g. {melds} (leaving {points} "
                      "penalty points)."))
            rows.append(text.format(melds=esc(melds), points=way.penalty))
        else:
            rows.append(ngettext("You are <b>{n} card</b> short of the contract ({contract}): each could be "
                                 "a wild or the right natural card.",
                                 "You are <b>{n} cards</b> short of the contract ({contract}): each could be "
                                 "a wild or the right natural card.", deficit).format(
                n=deficit, contract=esc(contract_words(g.deal_number))))
        rows.extend(_chance_rows(s))
    else:
        rows.append(esc(_("You have met the contract: now shed cards by melding and laying off.")))
    body = "".join(f"<div style='margin:3px 0'>{ltr_cards(r)}</div>" for r in rows)
    box = box_html(_("Your odds"), body)
    return f"{CSS}<div class='pl-root'>{box}</div>"


def helpful_cards(hand, deal: int) -> tuple:
    """The natural cards that would bring ``hand`` closer to the contract, in display order.

    The library decides (:func:`pushlab.rummy.odds.helpful_naturals`); this only sorts.

    >>> [str(c) for c in helpful_cards(parse_cards("5H 5S 9C 9D 3C KH"), 1)]
    ['5D', '5C', '9S', '9H']
    """
    from pushlab.rummy import odds
    return tuple(sorted(odds.helpful_naturals(hand, deal), key=_show_key))


def _chance_rows(session, top: int = 6) -> list:
    """How likely the helpful cards are still in the stock, from :func:`odds.card_in_stock_for`."""
    from pushlab.rummy import odds
    g = session.game
    hand = g.hand(session.you)
    cards = helpful_cards(hand, g.deal_number)
    joker = odds.card_in_stock_for(g, session.you, "JK")
    rows = []
    if cards:
        chances = sorted(((odds.card_in_stock_for(g, session.you, c), c) for c in cards),
                         key=lambda pc: (-pc[0], _show_key(pc[1])))
        cells = ", ".join(f"{c.pretty} {percent_words(p)}" for p, c in chances[:top])
        cells = f'<span class="pushlab-ltr">{esc(cells)}</span>'     # card and chance pairs, left to right
        if len(chances) > top:
            cells = esc(_("{cards} (and {more} more)")).format(cards=cells, more=len(chances) - top)
        rows.append(esc(_("Natural cards that would help: {cards} – the chance that at least one copy is "
                          "still in the stock (not in another hand), from the cards you have seen.")).format(
            cards=cells))
    rows.append(esc(_("Any wild helps too: the chance that at least one of the four jokers is still in the "
                      "stock is {chance}.").format(chance=percent_words(joker))))
    return rows


def _show_key(card):
    """Hand order on screen: by rank (ace low), then suit; wilds last (2s, then jokers)."""
    if card.is_wild:
        return (1, card.rank == 0, card.suit)
    return (0, card.rank, "SHDC".index(card.suit))
