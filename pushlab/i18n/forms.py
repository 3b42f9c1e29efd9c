"""The grammatical forms of filled-in words, per language: a translation asks for one by a format spec.

English fills a colour into a sentence as it is ("Ann rolls blue"); other languages
inflect it where it stands. A translated template names the form with a format spec:
Czech ``"{who} hodí barvu {colour:acc}"`` (accusative: *modrou*), Arabic
``"اللون {colour:def}"`` (with the definite article: *الأزرق*), Estonian
``"{n} {colour:part} kaarti"`` (partitive after a number: *sinist*). The word itself
(no spec) is the catalog's translation of the English colour name; this module holds
the other forms, one table per language and form. A template asking for a form its
language does not have raises ``KeyError`` when shown (``tests/test_events_text.py``
renders every template in every language).

>>> from pushlab.i18n import set_language
>>> "{colour:acc}".format(colour=Colour("B", "cs")), "{colour}".format(colour=Colour("B", "cs"))
('modrou', 'modrá')
>>> "{colour:def}".format(colour=Colour("G", "ar"))
'الأخضر'
"""

from __future__ import annotations

from pushlab.i18n import current_language, gettext

__all__ = ["COLOUR_FORMS", "Colour", "colour_name"]

#: language -> form -> colour code -> word. The forms (the format specs templates use):
#:
#: - ``cs``: the colour agreeing with a feminine noun (*barva*, *karta*): ``acc`` accusative
#:   singular (*hodí barvu modrou*, *1 modrou kartu*), ``pl`` plural (*2 modré karty*),
#:   ``genpl`` genitive plural (*5 modrých karet*);
#: - ``ar``: ``def`` with the definite article (*اللون الأزرق*);
#: - ``et``: ``gen`` genitive (*veeretab sinise*, *1 sinise kaardi*), ``part`` partitive
#:   (*2 sinist kaarti*);
#: - ``eo``: ``acc`` accusative (*la koloron bluan*, *1 bluan karton*), ``accpl`` accusative
#:   plural (*2 bluajn kartojn*).
COLOUR_FORMS = {
    "cs": {
        "acc": {"R": "červenou", "B": "modrou", "G": "zelenou", "Y": "žlutou", "P": "fialovou"},
        "pl": {"R": "červené", "B": "modré", "G": "zelené", "Y": "žluté", "P": "fialové"},
        "genpl": {"R": "červených", "B": "modrých", "G": "zelených", "Y": "žlutých", "P": "fialových"},
    },
    "ar": {
        "def": {"R": "الأحمر", "B": "الأزرق", "G": "الأخضر", "Y": "الأصفر", "P": "الأرجواني"},
    },
    "et": {
        "gen": {"R": "punase", "B": "sinise", "G": "rohelise", "Y": "kollase", "P": "lilla"},
        "part": {"R": "punast", "B": "sinist", "G": "rohelist", "Y": "kollast", "P": "lillat"},
    },
    "eo": {
        "acc": {"R": "ruĝan", "B": "bluan", "G": "verdan", "Y": "flavan", "P": "purpuran"},
        "accpl": {"R": "ruĝajn", "B": "bluajn", "G": "verdajn", "Y": "flavajn", "P": "purpurajn"},
    },
}


def colour_name(code: str, language: str | None = None) -> str:
    """The colour ``code`` (R B G Y P) as a word in ``language`` (default: the current one).

    >>> colour_name("B"), colour_name("B", "eo")
    ('blue', 'blua')
    """
    names = {"R": gettext("red", language), "B": gettext("blue", language), "G": gettext("green", language),
             "Y": gettext("yellow", language), "P": gettext("purple", language)}
    return names.get(code, code)


class Colour:
    """A colour to fill into a template: ``format(colour, "acc")`` gives the form the template asks for."""

    __slots__ = ("code", "language")

    def __init__(self, code: str, language: str | None = None):
        self.code, self.language = code, language

    def __format__(self, spec: str) -> str:
        if not spec:
            return colour_name(self.code, self.language)
        language = self.language or current_language()
        try:
            return COLOUR_FORMS[language][spec][self.code]
        except KeyError:
            raise KeyError(f"no form {spec!r} of the colour {self.code!r} in language {language!r} "
                           f"(pushlab.i18n.forms.COLOUR_FORMS)") from None

    def __str__(self) -> str:
        return format(self, "")
