"""Positions as short, versioned, URL-safe text, for both games.

``encode(game)`` writes a game state as text a teacher can put in a link
(``?position=...``); ``decode(text)`` reads it back, and ``decode(encode(g)) == g``.

The format is ``<game><version>.<payload>``: ``L2`` for push-your-luck, ``R2`` for
contract rummy; the payload is the state's fields as JSON, compressed with zlib
(with a preset dictionary of the games' words) and written in URL-safe base64
without padding. Every field is written, including the events and, for rummy,
**the hidden hands and the stock**: a rummy link is a teacher's setup, and
whoever reads it can see every card. A push-your-luck link also holds the draw
pile's order and the die rolls to come.

Decoding never evaluates anything: it reads JSON, checks the type and range of
every field, parses every card with the games' own parsers, rebuilds the state
with the engine's constructor and then checks the engine's invariants (the full
deck is there, who acts agrees with the legal actions, the winners are the best
scores, the events can be written as text). The text is refused before any work when it is longer than
:data:`MAX_TEXT`, and the decompressed JSON may not exceed :data:`MAX_JSON` bytes.
Whatever is wrong raises :class:`ShareError` (a ``ValueError``) naming the problem.

>>> from pushlab.luck import Game
>>> g = Game.new(3, seed=7).apply("draw")
>>> text = encode(g)
>>> text[:3], decode(text) == g
('L2.', True)
>>> decode("L9.abc")
Traceback (most recent call last):
...
pushlab.share.ShareError: position format 'L9' is not known to this pushlab (it reads L1, L2, R1, R2)

Links of version 1 (``L1``, ``R1``, pushlab 0.1) held the event log as English sentences;
they still open at their position, with an empty log (sentences are not read back).
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import json
import zlib
from collections import Counter

from pushlab.checks import is_whole
from pushlab.errors import PushlabError
from pushlab.i18n import _

#: the longest position text decode accepts (characters)
MAX_TEXT = 60_000
#: the most bytes the compressed payload may expand to
MAX_JSON = 400_000
#: the most entries any list in a position may hold (an event log, a pile)
MAX_ITEMS = 20_000
#: the longest string a position may hold (a name, a log line)
MAX_STRING = 500

# Words the event logs and card lists repeat; zlib's preset dictionary makes links shorter.
_ZDICT = (
    '"events":[["Placed",0,"R1",0,true],["Placed",1,"roll",1,false],["Stopped",0],["TookColumn",0,0,"R1 roll"],'
    '["Rolled",0,"*","",false],["Busted",0,"B2"],["SwitchDrawn",0,-1,false],["Banked",0,"B","B1 B2"],'
    '["ColumnsDiscarded",["G3"]],["GameOver",[0],12],["DealStarted",1,1,5,0,6,"4D"],["Dealt",0,1,"5H 5S JK"],'
    '["TookDiscard",1,"KD"],["Pushed",1,2,"KD",true],["Received",2,"7C",1],["DrewStock",1,"AH"],'
    '["Discarded",1,"AH"],["Melded",0,[["set","5H 5S JK",0]],1,true],["LaidOff",0,"6H",1,"low",["run","6H 7H 8H",0]],'
    '["Replaced",0,"JK",1,"5D"],["WentOut",0],["DealEnded",1,[0,25],["","",""]],["MatchOver",[0,25]],'
    '"R1","R2","R3","R4","R5","R6","B1","B2","B3","B4","B5","B6","G1","G2","G3","G4","G5","G6","Y1","Y2",'
    '"Y3","Y4","Y5","Y6","P1","P2","P3","P4","P5","P6","Ann","Ben","Cat","Dan","Eve","Fay",'
    '{"players":["Ann","Ben","Cat","Dan"],"harder":false,"switch_cards":true,"phase":"turn",'
    '"active_player":0,"collector":null,"pending":null,"columns":[],"benches":["R1 R2 R3 B1 B2 B3"],'
    '"banks":["G4 G5 G6 Y4 Y5 Y6"],"draw_pile":"roll P1 P2 switch","discard_pile":"","switches_drawn":0,'
    '"die":"RBGYP*","die_index":0,"turn":1,"switch_rule":"turn","switch_pile":"","hands":'
    '"stock":"table":"results":"deal_seeds":'
).encode()
# The preset dictionary of version 1 links (pushlab 0.1), which still open.
_ZDICT_V1 = (
    '"log":{"t":["\\u0000 draws a \\u0000 card and starts column \\u0000","\\u0000 draws \\u0000 and '
    'starts column \\u0000","\\u0000 stops","\\u0000 takes column \\u0000: \\u0000 \\u0000",'
    '"\\u0000 rolls \\u0000 and loses nothing","\\u0000 draws a \\u0000 card and puts it in column '
    '\\u0000","\\u0000 draws \\u0000 and puts it in column \\u0000","\\u0000 rolls \\u0000 and loses '
    '\\u0000 \\u0000","\\u0000 banks \\u0000 \\u0000 \\u0000 (\\u0000 points)","\\u0000 rolls a star: '
    'nothing is lost","\\u0000 draws a \\u0000 card: collection now runs counter-clockwise",'
    '"Bust! \\u0000 draws \\u0000, which fits no column","Columns nobody takes are discarded: ",'
    '"The game is over: \\u0000 wins with \\u0000 points"],"v":["red","blue","green","yellow",'
    '"purple","card","cards","roll","switch","R1","R2","R3","R4","R5","R6","B1","B2","B3","B4","B5",'
    '"B6","G1","G2","G3","G4","G5","G6","Y1","Y2","Y3","Y4","Y5","Y6","P1","P2","P3","P4","P5","P6",'
    '"Ann","Ben","Cat","Dan","Eve","Fay","1","2","3","4","5","6"],"s":"'
    '{"players":["Ann","Ben","Cat","Dan"],"harder":false,"switch_cards":true,"phase":"turn",'
    '"active_player":0,"collector":null,"pending":null,"columns":[],"benches":["R1 R2 R3 B1 B2 B3"],'
    '"banks":["G4 G5 G6 Y4 Y5 Y6"],"draw_pile":"roll P1 P2 switch","discard_pile":"","switches_drawn":0,'
    '"die":"RBGYP*","die_index":0,"turn":1,"switch_rule":"turn","switch_pile":"","hands":'
    '"stock":"table":"results":"private_log":'
).encode()


class ShareError(PushlabError):
    """A position text that cannot be read: malformed, truncated, tampered or too long."""


# ------------------------------------------------------------------ field codecs
# Each codec is a pair (write, read): write turns a field's value into JSON data,
# read checks JSON data and turns it back (raising ShareError with the field's name).

def _fail(name, why):
    raise ShareError(_("position field {name}: {problem}").format(name=repr(name), problem=why))


def _int(lo=None, hi=None, optional=False):
    def read(name, v):
        if v is None and optional:
            return None
        if not is_whole(v):
            _fail(name, _("expected a whole number, got {kind}").format(kind=type(v).__name__))
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            _fail(name, _("{value} is out of range").format(value=v))
        return v
    return (lambda v: v), read


def _bool():
    def read(name, v):
        if not isinstance(v, bool):
            _fail(name, _("expected true or false, got {kind}").format(kind=type(v).__name__))
        return v
    return (lambda v: v), read


def _str(choices=None, optional=False, longest=MAX_STRING):
    def read(name, v):
        if v is None and optional:
            return None
        if not isinstance(v, str):
            _fail(name, _("expected text, got {kind}").format(kind=type(v).__name__))
        if len(v) > longest:
            _fail(name, _("text of {n} characters is too long (at most {longest})").format(n=len(v), longest=longest))
        if choices is not None and v not in choices:
            _fail(name, _("{value} is not one of {choices}").format(value=repr(v), choices=", ".join(map(repr, choices))))
        return v
    return (lambda v: v), read


def _list(name, v, longest=MAX_ITEMS):
    if not isinstance(v, list):
        _fail(name, _("expected a list, got {kind}").format(kind=type(v).__name__))
    if len(v) > longest:
        _fail(name, _("a list of {n} items is too long").format(n=len(v)))
    return v


def _tuple(item, longest=MAX_ITEMS):
    """A tuple of values written by the ``item`` codec."""
    write_item, read_item = item
    return ((lambda v: [write_item(x) for x in v]),
            (lambda name, v: tuple(read_item(name, x) for x in _list(name, v, longest))))


def _cards(parse, optional=False):
    """A tuple of cards as one space-separated string."""
    def read(name, v):
        if v is None and optional:
            return None
        if not isinstance(v, str) or len(v) > 8 * MAX_ITEMS:
            _fail(name, _("expected cards written as text"))
        try:
            return parse(v)
        except ValueError as e:
            _fail(name, str(e))
    return (lambda v: None if v is None else " ".join(map(str, v))), read


def _card(card_type):
    def read(name, v):
        if v is None:
            return None
        if not isinstance(v, str) or len(v) > 10:
            _fail(name, _("expected a card"))
        try:
            return card_type.parse(v)
        except ValueError as e:
            _fail(name, str(e))
    return (lambda v: None if v is None else str(v)), read


def _record(cls, codecs):
    """A dataclass value written as a list of its fields, in order."""
    names = [f.name for f in dataclasses.fields(cls)]

    def read(name, v):
        _list(name, v)
        if len(v) != len(names):
            _fail(name, _("expected {n} parts, got {got}").format(n=len(names), got=len(v)))
        try:
            return cls(**{n: codecs[n][1](f"{name}.{n}", x) for n, x in zip(names, v)})
        except ShareError:
            raise
        except ValueError as e:
            _fail(name, str(e))
    return (lambda v: [codecs[n][0](getattr(v, n)) for n in names]), read


# The events: each written as a list, its type's name then its fields in order, each field
# by the codec its annotation names (``int``, ``Card``, ``tuple[Card, ...]``, ...); a field
# named in ``special`` (a player, a column, a colour) is read by that codec instead.

def _events_codec(types, scalars, special):
    """A tuple of events of ``types`` (frozen dataclasses); ``scalars``: annotation -> codec."""
    by_name = {t.__name__: (t, [(f.name, special.get(f.name) or scalars[f.type]) for f in dataclasses.fields(t)])
               for t in types}

    def write(events):
        return [[type(e).__name__] + [codec[0](getattr(e, name)) for name, codec in by_name[type(e).__name__][1]]
                for e in events]

    def read(name, v):
        out = []
        for item in _list(name, v):
            if not isinstance(item, list) or not item or not isinstance(item[0], str) or item[0] not in by_name:
                _fail(name, _("expected events, each a list starting with the name of an event"))
            cls, fields = by_name[item[0]]
            if len(item) != len(fields) + 1:
                _fail(name, _("expected {n} parts, got {got}").format(n=len(fields) + 1, got=len(item)))
            where = f"{name}.{item[0]}"
            out.append(cls(**{f: codec[1](f"{where}.{f}", x) for (f, codec), x in zip(fields, item[1:])}))
        return tuple(out)
    return write, read


def _skip():
    """A field of an older format that is read and dropped (version 1's English log)."""
    def read(name, v):
        if not isinstance(v, (dict, list)):
            _fail(name, _("expected a packed log"))
        return ()
    return (lambda v: v), read


# ------------------------------------------------------------------ the two games

def _luck_schema(game=None):
    from pushlab.luck import events, game as luck
    from pushlab.luck.cards import COLOURS, DIE_FACES, Card, parse_cards

    cards = _cards(parse_cards)
    player = _int(0, luck.MAX_PLAYERS - 1)
    scalars = {"int": _int(0, 100_000), "bool": _bool(), "str": _str(longest=10), "Card": _card(Card),
               "tuple[Card, ...]": cards, "tuple[tuple[Card, ...], ...]": _tuple(cards, longest=luck.MAX_COLUMNS),
               "tuple[int, ...]": _tuple(player, longest=luck.MAX_PLAYERS)}
    special = {"player": player, "column": _int(0, luck.MAX_COLUMNS - 1), "face": _str(tuple(DIE_FACES)),
               "colour": _str(tuple(COLOURS)), "direction": _int(-1, 1)}
    return {
        "players": _tuple(_str(longest=40), longest=luck.MAX_PLAYERS),
        "harder": _bool(),
        "switch_cards": _bool(),
        "phase": _str(luck.PHASES),
        "active_player": _int(0, luck.MAX_PLAYERS - 1),
        "collector": _int(0, luck.MAX_PLAYERS - 1, optional=True),
        "pending": _card(Card),
        "columns": _tuple(cards, longest=luck.MAX_COLUMNS),
        "benches": _tuple(cards, longest=luck.MAX_PLAYERS),
        "banks": _tuple(cards, longest=luck.MAX_PLAYERS),
        "draw_pile": cards,
        "discard_pile": cards,
        "switches_drawn": _int(0, 200),
        "events": _events_codec(events.EVENTS, scalars, special),
        "die": _str(longest=1000),
        "die_index": _int(0, 1000),
        "turn": _int(1, 100_000),
        "switch_rule": _str(luck.SWITCH_RULES),
        "switch_pile": cards,
    }


def _luck_check(g):
    """Engine-level checks a luck state must pass beyond its fields' types."""
    from pushlab.luck.cards import DIE_FACES, full_deck
    from pushlab.luck.game import MAX_PLAYERS, MIN_PLAYERS, card_fits

    n = len(g.players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS or len(set(g.players)) != n:
        raise ShareError(_("a push-your-luck position needs 2 to 6 distinct players, got {players}").format(players=repr(g.players)))
    if len(g.benches) != n or len(g.banks) != n:
        raise ShareError(_("a push-your-luck position needs one bench and one bank per player"))
    if g.active_player >= n or (g.collector is not None and g.collector >= n):
        raise ShareError(_("the player to act is not one of the players"))
    if any(f not in DIE_FACES for f in g.die) or g.die_index > len(g.die):
        raise ShareError(_("the die rolls are not die faces"))
    if Counter(g.all_cards()) != Counter(full_deck(g.switch_cards)):
        raise ShareError(_("the cards in the position are not exactly one full deck"))
    for i, column in enumerate(g.columns):
        if not column or any(not card_fits(c, column[:k]) for k, c in enumerate(column)):
            raise ShareError(_("column {n} breaks rules 8-10: {cards}").format(n=i + 1, cards=" ".join(map(str, column))))
    _check_players(g.events, n)


def _check_players(events, n):
    """Every player an event names is one of the ``n`` players; the events can be written as text."""
    for e in events:
        for name in ("player", "to", "pusher", "dealer"):
            if getattr(e, name, 0) >= n:
                raise ShareError(_("an event names a player who is not in the game"))
        if any(p >= n for p in getattr(e, "winners", ())):
            raise ShareError(_("an event names a player who is not in the game"))


def _pair(first, second):
    """A pair of values written as a two-item list."""
    def read(name, v):
        if not isinstance(v, list) or len(v) != 2:
            _fail(name, _("expected {n} parts, got {got}").format(n=2, got=len(v) if isinstance(v, list) else 1))
        return first[1](name, v[0]), second[1](name, v[1])
    return (lambda v: [first[0](v[0]), second[0](v[1])]), read


def _rummy_schema(game=None):
    from pushlab.rummy import events, game as rummy
    from pushlab.rummy.cards import Card, parse_cards
    from pushlab.rummy.melds import MAX_RUN, Meld

    cards = _cards(parse_cards)
    player = _int(0, rummy.NUM_PLAYERS - 1)
    meld = _record(Meld, {"kind": _str(("set", "run")), "cards": cards,
                          "owner": _int(0, rummy.NUM_PLAYERS - 1, optional=True)})
    result = _record(rummy.DealResult, {
        "deal": _int(1, 5), "dealer": player,
        "went_out": _int(0, rummy.NUM_PLAYERS - 1, optional=True),
        "reason": _str(("out", "stock", "cap")),
        "hands": _tuple(cards, longest=rummy.NUM_PLAYERS),
        "scores": _tuple(_int(0, 10_000), longest=2)})
    scalars = {"int": _int(0, 100_000), "bool": _bool(), "Card": _card(Card), "Card | None": _card(Card),
               "tuple[Card, ...]": cards, "Meld": meld, "tuple[Meld, ...]": _tuple(meld, longest=60),
               "tuple[int, ...]": _tuple(_int(0, 100_000), longest=2),
               "tuple[tuple[Card, ...], ...]": _tuple(cards, longest=rummy.NUM_PLAYERS),
               "tuple[tuple[str, int], ...]": _tuple(_pair(_str(("set", "run")), _int(3, MAX_RUN)), longest=3),
               "str | None": _str(("low", "high"), optional=True)}
    special = {"player": player, "to": player, "pusher": player, "dealer": player, "deal": _int(1, 5),
               "meld": _int(0, 59)}
    return {
        "players": _tuple(_str(longest=40), longest=rummy.NUM_PLAYERS),
        "deals": _tuple(_int(1, 5), longest=5),
        "deal_index": _int(0, 5),
        "first_dealer": player,
        "dealer": player,
        "phase": _str(rummy.PHASES),
        "active_player": player,
        "hands": _tuple(cards, longest=rummy.NUM_PLAYERS),
        "stock": cards,
        "discard_pile": cards,
        "table": _tuple(meld, longest=60),
        "met": _tuple(_bool(), longest=rummy.NUM_PLAYERS),
        "drawn": _card(Card),
        "source": _str(optional=True, longest=10),
        "turn": _int(0, 100_000),
        "quiet_turns": _int(0, 100_000),
        "round_cap": _int(0, 100_000, optional=True),
        "results": _tuple(result, longest=5),
        "events": _events_codec(events.EVENTS, scalars, special),
        "deal_seeds": _tuple(_int(0, 2 ** 64), longest=5),
        "decks": _tuple(_cards(parse_cards, optional=True), longest=5),
    }


def _rummy_check(g):
    """Engine-level checks a rummy state must pass beyond its fields' types."""
    from pushlab.rummy.cards import full_deck
    from pushlab.rummy.game import NUM_PLAYERS

    if (len(g.players) != NUM_PLAYERS or len(set(g.players)) != NUM_PLAYERS
            or len(g.hands) != NUM_PLAYERS or len(g.met) != NUM_PLAYERS):
        raise ShareError(_("a rummy position needs 4 distinct players, each with a hand and notes"))
    if len(g.deal_seeds) != len(g.deals) or len(g.decks) != len(g.deals) or not g.deals:
        raise ShareError(_("a rummy position needs one seed and one deck entry per deal"))
    if g.deal_index >= len(g.deals) and g.phase != "over":
        raise ShareError(_("the deal number is past the last deal"))
    if Counter(g.all_cards()) != Counter(full_deck()):
        raise ShareError(_("the cards in the position are not exactly one full deck"))
    _check_players(g.events, NUM_PLAYERS)
    for e in g.events:
        for m in (*getattr(e, "melds", ()), getattr(e, "result", None)):
            if m is not None and m.owner is None:       # melds on the table have owners
                raise ShareError(_("an event names a player who is not in the game"))


def _games():
    from pushlab.luck.game import Game as Luck
    from pushlab.rummy.game import Game as Rummy

    return {"L": (Luck, _luck_schema, _luck_check), "R": (Rummy, _rummy_schema, _rummy_check)}


#: The format version each game writes (``L2``, ``R2``: with events; version 1 held English sentences).
VERSIONS = {"L": 2, "R": 2}
#: The English log fields of version 1 links that a newer version reads and drops.
_V1_LOGS = {"L": ("log",), "R": ("log", "private_log")}


# ------------------------------------------------------------------ the API

def encode(game) -> str:
    """The position ``game`` as compact, versioned, URL-safe text (see the module doc).

    >>> from pushlab.rummy import Game
    >>> g = Game.new(seed=3)
    >>> decode(encode(g)) == g
    True
    """
    for tag, (cls, schema, _check) in _games().items():
        if isinstance(game, cls):
            codecs = schema(game)
            data = {name: write(getattr(game, name)) for name, (write, _) in codecs.items()}
            raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
            packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY,
                                      _ZDICT if VERSIONS[tag] > 1 else _ZDICT_V1)
            body = packer.compress(raw) + packer.flush()
            text = base64.urlsafe_b64encode(body).decode().rstrip("=")
            return f"{tag}{VERSIONS[tag]}.{text}"
    raise ShareError(_("cannot encode {kind}: only push-your-luck and rummy games").format(kind=type(game).__name__))


def decode(text):
    """The game state written by :func:`encode`; ShareError for anything else.

    >>> decode("")
    Traceback (most recent call last):
    ...
    pushlab.share.ShareError: empty position text
    """
    if not isinstance(text, str):
        raise ShareError(_("a position is text, got {kind}").format(kind=type(text).__name__))
    text = text.strip()
    if not text:
        raise ShareError(_("empty position text"))
    if len(text) > MAX_TEXT:
        raise ShareError(_("position text of {n} characters is too long (at most {most})").format(
            n=len(text), most=MAX_TEXT))
    head, dot, body = text.partition(".")
    games = _games()
    if not dot or len(head) < 2 or head[0] not in games or not head[1:].isdigit():
        raise ShareError(_("not a pushlab position (it should start with a game's letter, L or R, its format's "
                           "number and a dot, e.g. 'L2.')"))
    version = int(head[1:]) if len(head) < 6 else 0
    if version not in (1, VERSIONS[head[0]]):
        known = ", ".join(f"{tag}{v}" for tag in VERSIONS for v in sorted({1, VERSIONS[tag]}))
        raise ShareError(_("position format {head} is not known to this pushlab (it reads {formats})").format(
            head=repr(head), formats=known))
    cls, schema, check = games[head[0]]
    try:
        packed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise ShareError(_("the position text is damaged (not URL-safe base64)")) from None
    try:
        unpacker = zlib.decompressobj(-15, _ZDICT if version > 1 else _ZDICT_V1)
        raw = unpacker.decompress(packed, MAX_JSON)
        if unpacker.unconsumed_tail:
            raise ShareError(_("the position expands to more than {n} bytes").format(n=MAX_JSON))
        raw += unpacker.flush()
        if not unpacker.eof:
            raise ShareError(_("the position text is truncated"))
    except zlib.error:
        raise ShareError(_("the position text is damaged (it does not decompress)")) from None
    try:
        data = json.loads(raw.decode())
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ShareError(_("the position text is damaged (not a position record)")) from None
    codecs = schema()
    old_logs = _V1_LOGS[head[0]] if version < VERSIONS[head[0]] else ()
    if old_logs:                   # the English log of a version 1 link is read and dropped
        codecs = {name: codec for name, codec in codecs.items() if name != "events"}
        codecs.update({name: _skip() for name in old_logs})
    if not isinstance(data, dict) or set(data) != set(codecs):
        raise ShareError(_("the position record does not have this game's fields"))
    fields = {name: read(name, data[name]) for name, (_, read) in codecs.items()}
    if old_logs:
        fields = {name: value for name, value in fields.items() if name not in old_logs}
        fields["events"] = ()
    try:
        game = cls(**fields)
    except ShareError:
        raise
    except (ValueError, TypeError) as e:
        raise ShareError(_("the position is not a valid state: {problem}").format(problem=e)) from None
    check(game)
    _check_protocol(game)
    return game


def _check_protocol(game):
    """Refuse a state the engine itself finds inconsistent (pushlab.protocol's invariants)."""
    from pushlab.protocol import problems

    try:
        found = problems(game)
        game.log                        # the events can be written as text
    except ShareError:
        raise
    except Exception as e:  # a tampered state can break the engine in any way: refuse it
        raise ShareError(_("the position is not a valid state ({kind}: {problem})").format(kind=type(e).__name__, problem=e)) from None
    if found:
        raise ShareError(_("the position is not a valid state: {problem}").format(problem=found[0]))


def url_for(game, base: str) -> str:
    """``base`` (an app's address) with ``?position=`` set to this position.

    >>> from pushlab.luck import Game
    >>> url_for(Game.new(2, seed=1), "http://127.0.0.1:8866/voila/render/02.ipynb")[:56]
    'http://127.0.0.1:8866/voila/render/02.ipynb?position=L2.'
    """
    from urllib.parse import urlencode, urlsplit, urlunsplit, parse_qsl

    parts = urlsplit(base)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "position"]
    query.append(("position", encode(game)))
    return urlunsplit(parts._replace(query=urlencode(query, safe=".")))


def position_from_query(query: str):
    """The game named by ``position=`` in a URL query string, or None when there is none.

    Raises ShareError for a position that cannot be read.

    >>> position_from_query("lang=et") is None
    True
    """
    from urllib.parse import parse_qs

    if not isinstance(query, str) or len(query) > MAX_TEXT + 2_000:
        raise ShareError(_("the address is too long to hold a position"))
    values = parse_qs(query.lstrip("?")).get("position")
    return decode(values[0]) if values else None
