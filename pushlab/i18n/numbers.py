"""Numbers as the reader writes them: one home for every number pushlab shows in prose,
tables, answers and tick labels, in the current language (CLDR data through Babel).

:func:`number` is the one function that formats; the rest are its everyday faces:

- :func:`decimal`: a decimal number (``0.5``, Czech ``0,5``, ``4,906``, Estonian ``4 906``);
- :func:`percent`: a fixed number of decimals (``38%``, ``37.5%``, Czech ``37,5 %``), for tables;
- :func:`percent_label`: short enough for a bar in a plot, keeping two significant digits
  of a small chance (``0.27%``) and saying ``<0.01%`` below that;
- :func:`percent_words`: for a sentence a reader acts on, never rounding a near-certainty
  to 100% or a small chance to 0% ("over 99%", "under 1%", in the reader's language).

The language is ``language`` when given, else the one set by :func:`numbers_in` (a builder
writing in another language than the page's, e.g. :func:`pushlab.teaching.exercises`),
else :func:`pushlab.i18n.current_language`. Babel's CLDR patterns and symbols decide the
decimal mark, grouping, the percent sign and its spacing, and the plus and minus signs:

>>> [percent(1 / 6, 1, language=lang) for lang in ("en", "et", "cs", "ar", "eo")]
['16.7%', '16,7%', '16,7\\xa0%', '16.7\\u200e%\\u200e', '16,7%']
>>> percent(0.375), percent(0.375, 1), percent_label(0.0027), percent_words(0.9996)
('38%', '37.5%', '0.27%', 'over 99%')

Code that computes (engines, saved results, code a reader runs) keeps Python's own
formatting: only what a reader is shown comes here. Engines never import this module.
"""

from __future__ import annotations

import contextlib
import contextvars
import math
import re
from functools import lru_cache

from pushlab.i18n import check_language, current_language, gettext

__all__ = ["number", "decimal", "percent", "interval", "percent_label", "percent_words", "numbers_in", "ticks",
           "Number"]

_LANGUAGE: contextvars.ContextVar = contextvars.ContextVar("pushlab_numbers_language", default=None)


@contextlib.contextmanager
def numbers_in(language):
    """Within the ``with`` block, numbers are written in ``language`` (None: the current one)."""
    token = _LANGUAGE.set(check_language(language) if language else None)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


def _language(language) -> str:
    return check_language(language) if language else (_LANGUAGE.get() or current_language())


@lru_cache(maxsize=None)
def _pattern(language: str, percent: bool, digits: int, significant: int, group: bool, trim: bool):
    """The locale and the CLDR pattern: the language's own decimal or percent pattern with
    its number part replaced by the digits asked for."""
    from babel import Locale

    locale = Locale.parse(language)
    base = (locale.percent_formats if percent else locale.decimal_formats)[None].pattern.split(";")[0]
    if significant:
        body = "@" + "#" * (significant - 1)
    else:
        body = ("#,##0" if group else "0") + ("." + ("#" if trim else "0") * digits if digits else "")
    return locale, re.sub(r"[#0,.@]+", body, base, count=1)


def number(value, digits: int = 0, *, percent: bool = False, sign: bool = False, significant: int = 0,
           group: bool = True, trim: bool = False, language: str | None = None) -> str:
    """``value`` in the reader's language: ``digits`` decimals (``trim``: at most that many),
    or ``significant`` significant digits; ``percent``: ``value`` is a fraction shown as a
    percentage; ``sign``: a plus sign on positive values too (like Python's ``+``);
    ``group``: thousands grouped.

    >>> number(4906.5, 1), number(4906.5, 1, language="cs"), number(0.5, 1, language="eo")
    ('4,906.5', '4\\xa0906,5', '0,5')
    >>> number(0.023, 1, percent=True, sign=True), number(-0.023, 1, percent=True, sign=True, language="et")
    ('+2.3%', '−2,3%')
    >>> number(0.0273, significant=2), number(2.0, 2, trim=True, language="cs")
    ('0.027', '2')
    """
    from babel.numbers import format_decimal, format_percent, get_minus_sign_symbol, get_plus_sign_symbol

    lang = _language(language)
    locale, pattern = _pattern(lang, bool(percent), int(digits), int(significant), bool(group), bool(trim))
    v = float(value)

    def fmt(x):
        if not percent:
            return format_decimal(x, format=pattern, locale=locale)
        text, sign_text = format_percent(x, format=pattern, locale=locale), _percent_sign(lang)
        return text if sign_text == "%" else text.replace("%", sign_text)

    if math.isnan(v) or math.isinf(v) or not sign and v >= 0:
        return fmt(v)
    text = fmt(abs(v))
    if v < 0 and any(c in "123456789" for c in text):         # -0.001 rounded to 0.0 has no sign
        return get_minus_sign_symbol(locale) + text
    return (get_plus_sign_symbol(locale) if sign else "") + text


@lru_cache(maxsize=None)
def _percent_sign(language: str) -> str:
    """The language's own percent sign (CLDR, Latin digits), which :func:`number` puts where
    Babel 2.19 writes its pattern's ``%`` as it is. Arabic's is ``\u200e%\u200e``, the sign
    between two left-to-right marks: without them the bidi algorithm takes a number after
    Arabic letters for an Arabic number and the ``%`` leaves it (``توقف عند مخاطرة 25%``
    showed ``%25`` in a right-to-left line, and its ``%`` at the far end of a left-to-right
    one). Every other language's is ``%``."""
    from babel import Locale

    return Locale.parse(language).number_symbols.get("latn", {}).get("percentSign", "%")


_SPEC = re.compile(r"^(?P<sign>\+)?(?P<group>,)?(?:\.(?P<digits>\d+))?(?P<kind>[%fg])?$")


class Number:
    """A number that a message template formats in the reader's language: pass
    ``Number(x)`` for a ``{x:+.1f}``, ``{n:,}`` or ``{p:.1%}`` placeholder of a catalog
    message, and the message keeps its placeholder while the number follows the language
    (the language is fixed when the ``Number`` is made: ``language``, or the one in force).

    >>> "{d:+.1f} [{n:,}] {p:.1%} {x}".format(d=Number(1.25, "cs"), n=Number(4906, "cs"),
    ...                                       p=Number(0.5, "cs"), x=Number(0.5, "cs"))
    '+1,2 [4\xa0906] 50,0\xa0% 0,5'
    """

    __slots__ = ("value", "language")

    def __init__(self, value, language: str | None = None):
        self.value, self.language = value, _language(language)

    def __format__(self, spec: str) -> str:
        m = _SPEC.match(spec)
        if not spec or m is None:
            return format(self.value, spec) if spec else str(self)
        sign, group, digits, kind = bool(m["sign"]), bool(m["group"]), m["digits"], m["kind"]
        if kind == "g":
            return number(self.value, significant=int(digits or 6), group=False, sign=sign, language=self.language)
        if kind is None and digits is None:                 # {n:,}: an integer, grouped
            return number(self.value, 0, sign=sign, group=group, language=self.language)
        return number(self.value, int(6 if digits is None else digits), percent=kind == "%", sign=sign,
                      group=group, language=self.language)

    def __float__(self) -> float:
        return float(self.value)

    def __str__(self) -> str:
        v = self.value
        if isinstance(v, int) or float(v).is_integer():
            return number(v, 0, group=False, language=self.language)
        return number(v, 15, significant=15, group=False, language=self.language)


def decimal(x, digits: int = 1, *, sign: bool = False, group: bool = True, trim: bool = False,
            language: str | None = None) -> str:
    """``x`` with ``digits`` decimals in the reader's language.

    >>> decimal(0.5), decimal(0.5, language="cs"), decimal(1234.5, language="et"), decimal(-1.25, 2)
    ('0.5', '0,5', '1\\xa0234,5', '-1.25')
    """
    return number(x, digits, sign=sign, group=group, trim=trim, language=language)


def percent(p, digits: int = 0, *, sign: bool = False, language: str | None = None) -> str:
    """``p`` (0..1) as a percentage with ``digits`` decimals.

    >>> percent(1), percent(0.0973, 1), percent(0), percent(0.0973, 1, language="cs")
    ('100%', '9.7%', '0%', '9,7\\xa0%')
    """
    return number(p, digits, percent=True, sign=sign, language=language)


def interval(low, high, digits: int = 1, *, percent: bool = False, sign: bool = False,
             language: str | None = None) -> str:
    """A confidence interval ``[low, high]`` (what :func:`pushlab.stats.format_ci` writes in
    English), its bounds by :func:`number`; where the decimal mark is a comma the bounds are
    separated by a semicolon. No interval (a bound None or NaN): the language's "(not enough
    games for an interval)".

    >>> interval(0.3038, 0.3167, 4), interval(0.3038, 0.3167, 4, language="cs")
    ('[0.3038, 0.3167]', '[0,3038; 0,3167]')
    >>> interval(-0.021, 0.013, 1, percent=True, sign=True, language="et")
    '[−2,1%; +1,3%]'
    """
    from babel.numbers import get_decimal_symbol

    lang = _language(language)
    if low is None or high is None or math.isnan(float(low)) or math.isnan(float(high)):
        return gettext("(not enough games for an interval)", lang)
    between = "; " if get_decimal_symbol(lang) == "," else ", "
    return "[" + between.join(number(v, digits, percent=percent, sign=sign, language=lang)
                              for v in (low, high)) + "]"


def percent_label(p, language: str | None = None) -> str:
    """A probability as a short label: 38%, 2.7%, 0.03%, <0.01%, 0.

    >>> [percent_label(p) for p in (0, 0.384, 0.0973, 0.0027, 0.0003, 0.00009)]
    ['0', '38%', '9.7%', '0.27%', '0.03%', '<0.01%']
    >>> percent_label(0.0027, "et"), percent_label(0.00009, "cs")
    ('0,27%', '<0,01\\xa0%')
    """
    p = float(p)
    if p <= 0:
        return number(0, language=language)
    if p >= 0.1:
        return percent(p, 0, language=language)
    if p >= 0.0001:
        return number(p, percent=True, significant=2, language=language)
    return "<" + percent(0.0001, 2, language=language)


def percent_words(p, language: str | None = None) -> str:
    """A probability as a whole percentage that never rounds a near-certainty to 100% (or a
    tiny chance to 0%), in the current language.

    >>> percent_words(1), percent_words(0.9996), percent_words(0.5), percent_words(0.001), percent_words(0)
    ('100%', 'over 99%', '50%', 'under 1%', '0%')
    """
    p = float(p)
    lang = _language(language)
    if 0.995 <= p < 1:
        return gettext("over 99%", lang)
    if 0 < p < 0.005:
        return gettext("under 1%", lang)
    return percent(p, language=lang)


def ticks(axis, kind: str = "percent", digits: int = 0, language: str | None = None) -> None:
    """Write a matplotlib ``axis``'s tick labels in the reader's language: ``kind``
    ``"percent"`` (the data are fractions, 0.25 -> 25%), ``"percent100"`` (the data are
    already percentages, 25 -> 25%) or ``"decimal"``; ``digits`` decimals."""
    from matplotlib.ticker import FuncFormatter

    lang = _language(language)
    if kind == "percent":
        f = lambda x, _pos: percent(x, digits, language=lang)              # noqa: E731
    elif kind == "percent100":
        f = lambda x, _pos: percent(x / 100, digits, language=lang)        # noqa: E731
    elif kind == "decimal":
        f = lambda x, _pos: decimal(x, digits, language=lang)              # noqa: E731
    else:
        raise ValueError(f"ticks: kind must be 'percent', 'percent100' or 'decimal', got {kind!r}")
    axis.set_major_formatter(FuncFormatter(f))
