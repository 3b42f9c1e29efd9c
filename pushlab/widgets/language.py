"""The language picker on every page, and the page language from ``?lang=xx``.

A lesson's first code cell makes a :class:`LanguagePicker` for its own file and page
language (``page="en"`` in the English source; ``make catalogs`` writes ``page="et"``
etc. into the copies in ``notebooks/<lang>/``). The picker is a row of plain links to
the same lesson in each language, so it works in Voilà (with or without preheated
kernels), JupyterLab and the static site without JavaScript. A ``?lang=xx`` in the
page's URL (read with :func:`pushlab.serving.query_params`: from the kernel's
environment, or through ``voila.utils.get_query_string()`` in a preheated kernel,
where it is not read at start) sets the language of the widgets on that page
and puts a link to the translated lesson first.

>>> from pushlab import i18n
>>> picker = LanguagePicker("00-welcome.ipynb", page="et", query={})
>>> i18n.current_language()
'et'
>>> 'href="../cs/00-welcome.ipynb"' in picker.value, 'href="../00-welcome.ipynb"' in picker.value
(True, True)
>>> LanguagePicker("00-welcome.ipynb", page="en", query={"lang": "ar"}).language
'ar'
>>> i18n.set_language("en")
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from pushlab import i18n
from pushlab.errors import PushlabError
from pushlab.display.html import DEVICE_CSS


def lesson_href(lesson: str, page: str, target: str) -> str:
    """The relative link from lesson ``lesson`` in language ``page`` to the same lesson in ``target``.

    >>> lesson_href("00-welcome.ipynb", "en", "ar"), lesson_href("00-welcome.ipynb", "ar", "en")
    ('ar/00-welcome.ipynb', '../00-welcome.ipynb')
    """
    up = "" if page == i18n.SOURCE else "../"
    return f"{up}{lesson}" if target == i18n.SOURCE else f"{up}{target}/{lesson}"


def picker_html(lesson: str, page: str, language: str, problem: str = "") -> str:
    """The picker's HTML: a labelled list of links, the page's language marked current."""
    items = []
    for code, name in i18n.LANGUAGES.items():
        attrs = f'lang="{code}" dir="{i18n.direction(code)}" hreflang="{code}"'
        href = html.escape(lesson_href(lesson, page, code))
        if code == page:
            items.append(f'<a {attrs} href="{href}" aria-current="page"><b>{html.escape(name)}</b></a>')
        else:
            items.append(f'<a {attrs} href="{href}">{html.escape(name)}</a>')
    label = html.escape(i18n.gettext("Language", language))
    note = ""
    if language != page:
        target = html.escape(lesson_href(lesson, page, language))
        text = html.escape(i18n.gettext("Read this lesson in this language", language))
        note = f' <a class="pushlab-lang-go" href="{target}" lang="{language}">{text}</a>'
    if problem:
        note += f' <span role="alert">{html.escape(problem)}</span>'
    return (f'<nav class="pushlab-language" aria-label="{label}" {i18n.dir_attrs(language)}>'
            f'{label}: ' + " · ".join(items) + note + "</nav>" + i18n.page_style(language) + DEVICE_CSS)


def _page_query() -> dict:
    """The page's URL parameters, except in a preheated Voilà kernel, where it is ``{}``.

    The picker sits in a lesson's first cell. In a kernel of ``pushlab serve --pool``'s
    warm pool, reading the query would make the kernel wait there for a reader, so
    nothing after the first cell would be preheated and the pool would save only the
    kernel's start. There ``?lang=`` is handled before the page is even built: pushlab's
    page template sends the reader on to the lesson's copy in that language
    (``docs/i18n.md``). The apps' own ``?position=`` is read at the end of their set-up.
    """
    from pushlab.serving import in_warm_kernel, query_params

    if in_warm_kernel():
        return {}

    return query_params()


class LanguagePicker(widgets.HTML):
    """Links to lesson ``lesson`` in every language; sets the page's language on creation.

    ``page``: the language this copy of the lesson is written in. ``query``: the URL
    parameters (default: read from the page with :func:`pushlab.serving.query_params`);
    a valid ``lang`` there wins over ``page`` for the widgets, and an unknown one is
    shown as a message while the page keeps its own language.
    """

    def __init__(self, lesson: str, page: str = i18n.SOURCE, query: dict | None = None, **kwargs):
        page = i18n.check_language(page)
        if query is None:
            query = _page_query()
        language, problem = page, ""
        if query.get("lang"):
            try:
                language = i18n.check_language(query["lang"])
            except PushlabError as exc:
                problem = str(exc)
        i18n.set_language(language)
        from pushlab.widgets.common import shared_model
        kwargs.setdefault("layout", shared_model(widgets.Layout))       # never changed: shared (lean)
        kwargs.setdefault("style", shared_model(type(self).class_traits()["style"].klass))
        super().__init__(value=picker_html(lesson, page, language, problem), **kwargs)
        self.lesson, self.page, self.language = lesson, page, language

    def apply(self, widget):
        """Give ``widget`` (a page's box of widgets) the direction of the page's language."""
        return i18n.apply_direction(widget, self.language)
