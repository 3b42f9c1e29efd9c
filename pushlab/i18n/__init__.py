"""Translations of what a reader sees: gettext catalogs managed with Babel.

English is the source language. Strings are marked with :func:`_` (``gettext``) in the
library and taken from the markdown cells of the lessons (:mod:`pushlab.i18n.notebook`);
``make catalogs`` extracts them (``pybabel extract -F babel.cfg``) into
``pushlab/i18n/locale/pushlab.pot``, updates each language's ``.po`` and compiles it to
the ``.mo`` file read here. Both ``.po`` and ``.mo`` are committed, so a fresh clone and
the wheel have them without a build step (``tests/test_i18n.py`` checks the ``.mo``
files are current). See ``docs/i18n.md``.

>>> set_language("cs"); current_language()
'cs'
>>> _("Check the setup")
'Zkontrolovat instalaci'
>>> is_rtl(), is_rtl("ar")
(False, True)
>>> set_language("en"); _("Check the setup")
'Check the setup'
>>> set_language("fr")
Traceback (most recent call last):
...
pushlab.i18n.UnknownLanguage: unknown language 'fr'; pushlab speaks en (English), et (eesti), cs (čeština), ar (العربية), eo (Esperanto)
"""

from __future__ import annotations

import gettext as _gettext
from functools import lru_cache
from pathlib import Path

from pushlab.errors import SetupError

#: The template all parts translate (``make catalogs`` extracts it).
DOMAIN = "pushlab"
LOCALE_DIR = Path(__file__).with_name("locale")
SOURCE = "en"
#: Every language pushlab speaks, by code, with its name in that language.
LANGUAGES = {"en": "English", "et": "eesti", "cs": "čeština", "ar": "العربية", "eo": "Esperanto"}
#: The languages written right to left.
RTL = frozenset({"ar"})
TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE)

_current = SOURCE


class UnknownLanguage(SetupError):
    """A language code pushlab has no catalog for; the message names the supported ones."""


def check_language(code) -> str:
    """``code`` as a supported language code (``"CS"`` and ``"cs-CZ"`` become ``"cs"``), else :class:`UnknownLanguage`."""
    text = str(code).strip().replace("_", "-").split("-")[0].lower() if isinstance(code, str) else code
    if text not in LANGUAGES:
        spoken = ", ".join(f"{c} ({n})" for c, n in LANGUAGES.items())
        raise UnknownLanguage(f"unknown language {code!r}; pushlab speaks {spoken}")
    return text


def parts(code: str) -> list[Path]:
    """The compiled catalog parts (``.mo`` files) of language ``code``, in name order.

    A language's translations are split into parts by area (``core``, ``ui-luck``,
    ``lessons-rummy``, ...) so that translators of different areas never edit the same
    file; at run time the parts act as one catalog (see ``docs/i18n.md``).
    """
    return sorted((LOCALE_DIR / check_language(code) / "LC_MESSAGES").glob("*.mo"))


@lru_cache(maxsize=None)
def translation(code: str) -> _gettext.NullTranslations:
    """The compiled catalog of language ``code``: its parts chained (English: the source text)."""
    code = check_language(code)
    found = [] if code == SOURCE else parts(code)
    if not found:
        return _gettext.NullTranslations()
    catalogs = []
    for path in found:
        with path.open("rb") as f:
            catalogs.append(_gettext.GNUTranslations(f))
    for later in catalogs[1:]:
        catalogs[0].add_fallback(later)
    return catalogs[0]


def set_language(code) -> None:
    """Make ``code`` the language of every string pushlab shows from now on (this process)."""
    global _current
    code = check_language(code)
    translation(code)
    _current = code


def current_language() -> str:
    """The code of the language in use (``"en"`` until :func:`set_language`)."""
    return _current


def gettext(message: str, language: str | None = None) -> str:
    """``message`` (English) in the current language, or in ``language`` if given."""
    return translation(language or _current).gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int, language: str | None = None) -> str:
    """The form of ``singular``/``plural`` for count ``n`` in the current language (or ``language``).

    Each language has its own plural rule (Czech three forms, Arabic six), from the
    ``Plural-Forms`` header that the compiled catalogs carry. Fill ``{n}`` afterwards:

    >>> ngettext("{n} card", "{n} cards", 1).format(n=1), ngettext("{n} card", "{n} cards", 3).format(n=3)
    ('1 card', '3 cards')
    """
    return translation(language or _current).ngettext(singular, plural, n)


def is_rtl(language: str | None = None) -> bool:
    """Whether ``language`` (default: the current one) is written right to left."""
    return check_language(language or _current) in RTL


def direction(language: str | None = None) -> str:
    """The HTML ``dir`` value of ``language`` (default: current): ``"rtl"`` or ``"ltr"``."""
    return "rtl" if is_rtl(language) else "ltr"


def dir_attrs(language: str | None = None) -> str:
    """The ``lang`` and ``dir`` attributes for an HTML element in ``language``.

    >>> dir_attrs("ar")
    'lang="ar" dir="rtl"'
    """
    code = check_language(language or _current)
    return f'lang="{code}" dir="{direction(code)}"'


#: CSS class that :func:`apply_direction` gives to a page's widgets.
RTL_CLASS = "pushlab-rtl"
RTL_CSS = (f"<style>.{RTL_CLASS}, .{RTL_CLASS} .widget-html-content, .{RTL_CLASS} .widget-label "
           f"{{direction: rtl; text-align: right;}}"
           f" .{RTL_CLASS} .pushlab-ltr {{direction: ltr; unicode-bidi: isolate;}}"
           # buttons: label centred, the icon's gap on its inner side, arrows point the reading way
           f" .jupyter-button.{RTL_CLASS} {{text-align: center;}}"
           f" :is(.{RTL_CLASS} .jupyter-button:not(.pushlab-ltr *), .jupyter-button.{RTL_CLASS}) i.fa"
           f" {{margin-right: 0; margin-left: var(--jp-widgets-inline-margin, 4px);}}"
           f" .{RTL_CLASS} .jupyter-button:not(.pushlab-ltr *) :is(i.fa-arrow-left, i.fa-arrow-right, i.fa-undo)"
           f" {{transform: scaleX(-1);}}"
           # JupyterLab's markdown CSS sets p {text-align: left}: a right-to-left cell needs start
           f' .jp-RenderedHTMLCommon [dir="rtl"] :is(p, li, td, th), [dir="rtl"] :is(p, li, td, th)'
           f' {{text-align: start;}}</style>')


def apply_direction(widget, language: str | None = None):
    """Give ``widget`` (and so its children) the page direction of ``language``; returns it.

    Right to left adds the CSS class :data:`RTL_CLASS` (styled by :data:`RTL_CSS`, which
    :func:`page_style` returns); left to right removes it. Card notation inside an
    element of class ``pushlab-ltr`` stays left to right.
    """
    if is_rtl(language):
        widget.add_class(RTL_CLASS)
    else:
        widget.remove_class(RTL_CLASS)
    return widget


def page_style(language: str | None = None) -> str:
    """The ``<style>`` a page in ``language`` needs (empty for left-to-right languages)."""
    return RTL_CSS if is_rtl(language) else ""


def wrap_html(html: str, language: str | None = None) -> str:
    """``html`` inside a ``<div>`` with the ``lang`` and ``dir`` of ``language``.

    >>> wrap_html("<b>مرحبا</b>", "ar")
    '<div lang="ar" dir="rtl"><b>مرحبا</b></div>'
    """
    return f"<div {dir_attrs(language)}>{html}</div>"
