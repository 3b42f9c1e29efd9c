"""The rummy event log in the reader's language, translated when it is shown.

The engine's log (``Game.log``, ``Game.private_log``) stays English text: a state is
the same value (equality, hash, pickle, :mod:`pushlab.share` links) whatever the
language. :func:`translate_line` reads an English line back against the templates
below (the sentences the engine writes, with ``{placeholders}``), translates the
template with gettext and fills the placeholders, translating the nested parts too
(a contract, melds, a meld's label). A line that matches no template is shown as it
is. ``tests/test_i18n_rummy.py`` plays seeded games and checks that every line the
engine writes matches a template, so the engine and this list cannot drift apart.

>>> from pushlab.i18n import set_language
>>> translate_line("Ben discards A♥", "cs")
'Ben odhazuje A♥'
>>> translate_line("Ben discards A♥")
'Ben discards A♥'
>>> translate_line("something else", "cs")
'something else'
"""

from __future__ import annotations

import re
from functools import lru_cache

from pushlab.i18n import current_language, gettext, ngettext
from pushlab.rummy.melds import CONTRACTS, KINDS

__all__ = ["templates", "problem_templates", "translate_line", "translate_log", "translate_problem",
           "contract_words", "kind_word", "label_words"]


def _english(message: str) -> str:
    """The English source text itself (``templates()`` without a language)."""
    return message


def templates(_=_english) -> tuple:
    """The sentences of the event log, specific ones first; ``_`` translates each (default: English).

    Calling it with a translating function gives the same list in another language;
    ``make catalogs`` extracts these ``_()`` calls.
    """
    return (
        _("Deal {deal} ({index} of {count}), contract {contract}: {dealer} deals {size} cards each; "
          "the upcard is {card}"),
        _("The upcard {card} is wild: it goes back into the stock at a random place and {new} is "
          "turned up (rule 6)"),
        _("Deal {deal} ends: {team0} score {score0}, {team1} score {score1} (hands left: {left})"),
        _("The match is over: {team0} and {team1} tie with {points} points and share the win"),
        _("The match is over: {team} win with {points} points against {other}"),
        _("{rounds} full rounds without a card taken from the stock: the deal ends (rule 17)"),
        _("{name} goes out (rule 16)"),
        _("{name} takes {card} from the discard pile"),
        _("{name} pushes, but the stock is empty: the deal ends (rules 12, 17)"),
        _("{name} pushes {card} and the top stock card to {left}; the stock is now empty, so {name} "
          "cannot draw: the deal ends (rules 12, 17)"),
        _("{name} pushes the top stock card to {left}; the stock is now empty, so {name} cannot "
          "draw: the deal ends (rules 12, 17)"),
        _("{name} pushes {card} and the top stock card to {left}, then draws from the stock"),
        _("{name} pushes the top stock card to {left}, then draws from the stock"),
        _("{name} discards {card}"),
        _("{name} melds {melds}, meeting the contract"),
        _("{name} melds {melds}"),
        _("{name} lays off {card} at the low end of {meld}"),
        _("{name} lays off {card} at the high end of {meld}"),
        _("{name} lays off {card} on {meld}"),
        _("{name} replaces {wild} in meld {number} by {card}"),
        _("{name} receives {card} from the stock (pushed by {pusher})"),
        _("{name} draws {card} from the stock"),
        _("Deal {deal}: {name} is dealt {cards}"),
    )


def problem_templates(_=_english) -> tuple:
    """Why cards are not a meld (:func:`pushlab.rummy.melds.meld_problem`'s sentences), like :func:`templates`.

    The meld checks are memoized, so their English sentences are translated when shown.
    """
    return (
        _("a run's natural cards must share one suit ({a} and {b} differ)"),
        _("the cards are not in sequence: {card} stands in the place of {want}"),
        _("the cards are not in sequence: {card} stands in a place outside A..A"),
        _("no card ranks below a low ace (no wrap-around)"),
        _("no card ranks above a high ace (no wrap-around)"),
        _("a meld needs at least 3 cards, not {n}"),
        _("a meld needs at least one natural card (2s and jokers are wild)"),
        _("a set's natural cards must share one rank ({a} and {b} differ)"),
        _("a set's natural cards must have different suits (two {card})"),
        _("a set has at most {most} cards, not {n}"),
        _("a run has at most {most} cards, not {n}"),
    )


def _pattern(template: str) -> re.Pattern:
    """A regular expression matching the lines ``template`` writes (a repeated field must repeat)."""
    out, seen = [], set()
    for piece in re.split(r"(\{\w+\})", template):
        name = piece[1:-1] if piece.startswith("{") and piece.endswith("}") else None
        if name is None:
            out.append(re.escape(piece))
        elif name in seen:
            out.append(f"(?P={name})")
        else:
            seen.add(name)
            out.append(f"(?P<{name}>.+?)")
    return re.compile("".join(out), re.DOTALL)


@lru_cache(maxsize=None)
def _patterns(source) -> tuple:
    """(index, pattern) of every English template of ``source`` (:func:`templates` or the like)."""
    return tuple(enumerate(map(_pattern, source())))


def _translate(line: str, source, language, fix=None) -> str:
    """``line`` read against ``source``'s English templates and written in ``language``."""
    language = language or current_language()
    if language == "en":
        return line
    for index, pattern in _patterns(source):
        m = pattern.fullmatch(line)
        if m is not None:
            fields = m.groupdict()
            if fix is not None:
                fix(fields, language)
            return source(lambda s: gettext(s, language))[index].format(**fields)
    return line


def translate_problem(text: str, language: str | None = None) -> str:
    """A meld problem (English, from :func:`pushlab.rummy.melds.meld_problem`) in ``language``.

    >>> translate_problem("a meld needs at least 3 cards, not 2", "eo")
    'kombino bezonas almenaŭ 3 kartojn, ne 2'
    """
    return _translate(text, problem_templates, language)


def kind_word(kind: str, language: str | None = None) -> str:
    """A meld kind (``"set"``/``"run"``) in words.

    >>> kind_word("run", "et")
    'rida'
    """
    words = {"set": gettext("set", language), "run": gettext("run", language)}
    return words.get(kind, kind)


def contract_words(deal: int, language: str | None = None) -> str:
    """The contract of deal 1..5 in words (English as :func:`pushlab.rummy.melds.contract_text`).

    >>> contract_words(2), contract_words(4, "cs")
    ('1 set of 3 + 1 run of 4', '3 sety po 3')
    """
    parts = []
    for kind in KINDS:
        sizes = [s for k, s in CONTRACTS[deal] if k == kind]
        if sizes:
            n = len(sizes)
            if kind == "set":
                text = ngettext("{n} set of {size}", "{n} sets of {size}", n, language)
            else:
                text = ngettext("{n} run of {size}", "{n} runs of {size}", n, language)
            parts.append(text.format(n=n, size=sizes[0]))
    return " + ".join(parts)


_MELD = re.compile(r"(set|run) (.+) \(meld (\d+)\)")
_LABEL = re.compile(r"meld (\d+) \((.+)'s (set|run) (.+)\)")


def _melds(text: str, language) -> str:
    """'set 5♥ 5♠ JK (meld 1) and run ... (meld 2)' in words of ``language``."""
    pieces = text.split(" and ")
    out = []
    for piece in pieces:
        m = _MELD.fullmatch(piece)
        if m is None:
            return text
        kind, cards, number = m.groups()
        if kind == "set":
            out.append(gettext("set {cards} (meld {number})", language).format(cards=cards, number=number))
        else:
            out.append(gettext("run {cards} (meld {number})", language).format(cards=cards, number=number))
    joined = out[0]
    for piece in out[1:]:
        joined = gettext("{first} and {second}", language).format(first=joined, second=piece)
    return joined


def label_words(text: str, language: str | None = None) -> str:
    """'meld 2 (Ben's run 7♣ 8♣ 9♣)' in words of ``language``."""
    m = _LABEL.fullmatch(text)
    if m is None:
        return text
    number, owner, kind, cards = m.groups()
    if kind == "set":
        message = gettext("meld {number} ({owner}'s set {cards})", language)
    else:
        message = gettext("meld {number} ({owner}'s run {cards})", language)
    return message.format(number=number, owner=owner, cards=cards)


def translate_line(line: str, language: str | None = None) -> str:
    """One English log line in ``language`` (default: the current one); unknown lines unchanged."""
    return _translate(line, templates, language, _fix_fields)


def _fix_fields(fields, language) -> None:
    """Translate the nested parts of a log line's fields in place (contract, melds, a meld's label)."""
    if "contract" in fields and fields.get("deal", "").isdigit() and int(fields["deal"]) in CONTRACTS:
        fields["contract"] = contract_words(int(fields["deal"]), language)
    if "melds" in fields:
        fields["melds"] = _melds(fields["melds"], language)
    if "meld" in fields:
        fields["meld"] = label_words(fields["meld"], language)


def translate_log(lines, language: str | None = None) -> list:
    """Every line of a log in ``language`` (default: the current one)."""
    return [translate_line(line, language) for line in lines]
