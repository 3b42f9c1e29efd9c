"""Push (push-your-luck) in the reader's language: colour names and the event log.

The game's state stays language-free: its event log holds plain English sentences (so
equality, hashing, pickling and :mod:`pushlab.share` links do not depend on the
language). :func:`log_line` translates one of those sentences when it is shown: it
matches the sentence against the English templates the engine writes from
(:func:`log_templates`), takes out the variable parts (names, card notation, numbers,
colours) and fills them into the translated template. Card notation stays as it is.
A sentence that matches no template is shown unchanged (``tests/test_luck_i18n.py``
plays games and checks that every line the engine writes has a template).

>>> from pushlab import i18n
>>> log_line("Ann banks 2 blue cards (7 points)", "cs")
'Ann ukládá do banky 2 karty barvy modrá (7 b.)'
>>> log_line("Ben takes column 2: R3 roll", "et")
'Ben võtab veeru 2: R3 roll'
>>> log_line("Ann stops", "en"), log_line("something else", "cs")
('Ann stops', 'something else')
"""

from __future__ import annotations

import re
from functools import lru_cache

from pushlab.i18n import _, current_language, ngettext

__all__ = ["colour_name", "log_line", "log_templates", "direction_words"]

COLOUR_CODES = "RBGYP"
_COLOUR_WORDS = ("red", "blue", "green", "yellow", "purple")


def colour_name(code: str, language: str | None = None) -> str:
    """The colour ``code`` (R B G Y P) as a word in ``language`` (default: the current one).

    >>> colour_name("B"), colour_name("B", "eo")
    ('blue', 'blua')
    """
    names = {"R": _("red", language), "B": _("blue", language), "G": _("green", language),
             "Y": _("yellow", language), "P": _("purple", language)}
    return names.get(code, code)


def direction_words(direction: int, language: str | None = None) -> str:
    """The collection direction as an arrow and words.

    >>> direction_words(-1)
    '\u21ba counter-clockwise'
    """
    if direction >= 0:
        return "\u21bb " + _("clockwise", language)
    return "\u21ba " + _("counter-clockwise", language)


def log_templates(language: str | None = None) -> list:
    """The engine's log sentences as templates in ``language``, in a fixed order.

    Each entry is a template string, or a ``(template of n, count field)`` pair for a
    sentence that counts. The English list (``language="en"``) is what the engine writes.
    """
    return [
        _("{who} rolls a star: nothing is lost", language),
        _("{who} rolls a star and loses the whole bench: {cards}", language),
        _("{who} rolls a star and loses nothing", language),
        _("{who} rolls {colour} and loses nothing", language),
        _("{who} rolls {colour} and loses {cards}", language),
        _("{who} draws a switch card: collection now runs clockwise for the rest of the game "
          "(until the next switch card)", language),
        _("{who} draws a switch card: collection now runs counter-clockwise for the rest of the "
          "game (until the next switch card)", language),
        _("{who} draws a switch card: collection now runs clockwise", language),
        _("{who} draws a switch card: collection now runs counter-clockwise", language),
        _("Bust! {who} draws a roll card, which fits no column", language),
        _("Bust! {who} draws {card}, which fits no column", language),
        _("The draw pile is empty: {who}'s turn ends", language),
        _("{who} draws a roll card and starts column {column}", language),
        _("{who} draws {card} and starts column {column}", language),
        _("{who} draws a roll card and puts it in column {column}", language),
        _("{who} draws {card} and puts it in column {column}", language),
        (lambda n: ngettext("{who} banks {n} {colour} card ({points} points)",
                            "{who} banks {n} {colour} cards ({points} points)", n, language), "n"),
        _("{who} stops", language),
        _("{who} takes column {column}: {cards}", language),
        _("Columns nobody takes are discarded: {columns}", language),
        _("The game is over: {who} wins with {points} points", language),
        _("The game is over: {names} share the win with {points} points each", language),
    ]


_FIELDS = {"who": r".+?", "cards": r".*?", "columns": r".+?", "names": r".+?", "card": r"\S+",
           "colour": "|".join(_COLOUR_WORDS), "n": r"\d+", "points": r"-?\d+", "column": r"\d+"}


def _pattern(template: str) -> re.Pattern:
    """The regular expression matching an English template, one named group per field."""
    out, pos = [], 0
    for m in re.finditer(r"\{(\w+)\}", template):
        out.append(re.escape(template[pos:m.start()]))
        out.append(f"(?P<{m.group(1)}>{_FIELDS[m.group(1)]})")
        pos = m.end()
    out.append(re.escape(template[pos:]))
    return re.compile("".join(out) + r"\Z")


@lru_cache(maxsize=1)
def _english() -> list:
    """The English templates as (patterns, index) pairs; plural entries match either form."""
    out = []
    for i, entry in enumerate(log_templates("en")):
        if isinstance(entry, tuple):
            out.append(([_pattern(entry[0](1)), _pattern(entry[0](2))], i))
        else:
            out.append(([_pattern(entry)], i))
    return out


def _names(text: str, language: str | None) -> str:
    """'Ann, Ben and Cat' with the word 'and' of ``language``."""
    head, sep, last = text.rpartition(" and ")
    if not sep:
        return text
    return _("{names} and {last}", language).format(names=head, last=last)


def log_line(line: str, language: str | None = None) -> str:
    """One sentence of a game's event log in ``language`` (default: the current one)."""
    language = language or current_language()
    if language == "en":
        return str(line)
    for patterns, i in _english():
        for pattern in patterns:
            m = pattern.match(str(line))
            if m is None:
                continue
            fields = m.groupdict()
            if "colour" in fields:
                fields["colour"] = colour_name(COLOUR_CODES[_COLOUR_WORDS.index(fields["colour"])],
                                               language)
            if "names" in fields:
                fields["names"] = _names(fields["names"], language)
            entry = log_templates(language)[i]
            template = entry[0](int(fields[entry[1]])) if isinstance(entry, tuple) else entry
            return template.format(**fields)
    return str(line)
