"""The teacher's guide in every language: ``docs/teachers/*.md`` translated, its generated parts filled in.

The English pages in ``docs/teachers/`` are prose a teacher writes once (objectives, the
45-minute plan, misconceptions, how to run a class). Where a page needs facts the library
owns, it holds a marker, an HTML comment on a line of its own, and :func:`expand` puts
the generated part there, in the page's language:

``<!-- pushlab: lessons -->``
    the lessons in teaching order: title, guide page, worksheet, minutes;
``<!-- pushlab: lesson STEM -->``
    the lesson's card: open it as an app (Binder, or ``pushlab serve``), its handouts;
``<!-- pushlab: answer-key STEM -->``
    every exercise (question, answer, label, reasoning, the known wrong answers) and
    prediction (exact answer and what to take from it) of the lesson, from
    :mod:`pushlab.teaching`, the definitions the app asks;
``<!-- pushlab: activity GAME -->``
    the class activity (:mod:`pushlab.guide.activities`) with its exact answer;
``<!-- pushlab: handouts -->``
    every handout of the language, linked;
``<!-- pushlab: languages -->``
    links to the same page in the other languages;
``<!-- pushlab: toctree -->``
    the guide's own table of contents (the lessons that exist).

:func:`build` writes ``DEST/teachers/`` (English) and ``DEST/teachers/<lang>/`` for the
book, and ``DEST/_extra/handouts/<lang>/*.html`` (Sphinx copies ``_extra`` to the site's
root as it is). A lesson whose notebook is not in the repository yet (another issue's) is
left out of every list until it lands.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from pushlab import i18n
from pushlab.guide import (EXTENSIONS, GAMES, NOTEBOOKS, PAGES, binder_url, lessons, title)
from pushlab.i18n.lists import list_text
from pushlab.i18n.markdown import translate
from pushlab.i18n.numbers import percent

__all__ = ["MARKER", "expand", "answer_key", "page_languages", "render_page", "build", "minutes"]

MARKER = re.compile(r"^<!--\s*pushlab:\s*([a-z-]+)\s*([^>]*?)\s*-->$", re.M)
#: Pages that are not lessons, in the order of the guide's table of contents.
GENERAL = ("running", "activities")


def _esc(text) -> str:
    return html.escape(str(text), quote=True)


def _t(lang):
    return lambda message: i18n.gettext(message, lang)


def page_languages() -> tuple:
    """Every language the guide is built in, English first."""
    return tuple(i18n.LANGUAGES)


def _up(lang: str) -> str:
    """From a guide page of ``lang`` to the site's root."""
    return "../" if lang == i18n.SOURCE else "../../"


def handout_href(name: str, lang: str) -> str:
    """The link from a guide page of ``lang`` to handout ``name`` of the same language."""
    return f"{_up(lang)}handouts/{lang}/{name}"


def app_path(stem: str, lang: str) -> str:
    """The lesson's notebook in ``lang``, repository-relative (``notebooks/et/02-...ipynb``)."""
    return f"notebooks/{stem}.ipynb" if lang == i18n.SOURCE else f"notebooks/{lang}/{stem}.ipynb"


def minutes(stem: str, pages: Path = PAGES) -> int:
    """The minutes of lesson ``stem``'s plan: the first column of the plan table of its page."""
    text = (pages / f"{stem}.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\|\s*(\d+)\s*\|", text, re.M)
    return sum(int(r) for r in rows)


# ---------------------------------------------------------------------- generated parts


def _lessons_table(lang: str, ctx: dict) -> str:
    from pushlab import teaching
    from pushlab.guide.handouts import handout_name

    _ = _t(lang)
    head = "| " + " | ".join((_("lesson"), _("minutes"), _("worksheet"))) + " |\n|---|---|---|\n"
    extension, printed = _("extension"), _esc(_("print"))
    rows = []
    for stem in ctx["lessons"]:
        more = f" ({extension})" if stem in EXTENSIONS else ""
        sheet = (f'<a href="{handout_href(handout_name("worksheet", stem), lang)}">{printed}</a>'
                 if stem in teaching.lessons() else "")
        rows.append(f"| [{stem[:2]} · {title(stem, lang)}]({stem}.md){more} | {minutes(stem, ctx['pages'])} | {sheet} |")
    return head + "\n".join(rows)


def _link(href: str, text: str) -> str:
    return f'<a href="{_esc(href)}">{_esc(text)}</a>'


def _lesson_card(stem: str, lang: str, ctx: dict) -> str:
    from pushlab import teaching
    from pushlab.guide.handouts import handout_name

    _ = _t(lang)
    links = [_link(binder_url(app_path(stem, lang), app=True, slug=ctx["slug"]), _("open the app on Binder")),
             _link(binder_url(app_path(stem, lang), slug=ctx["slug"]),
                   _("the notebook with its code (JupyterLab on Binder)"))]
    if stem in teaching.lessons():
        links.append(_link(handout_href(handout_name("worksheet", stem), lang), _("the worksheet")))
    for game, (rules, play) in GAMES.items():
        if stem == rules:
            links.append(_link(handout_href(handout_name("rules", game), lang), _("the rules sheet")))
        if stem == play:
            links.append(_link(handout_href(handout_name("tally", game), lang), _("the class activity tally sheet")))
    local = _esc(_("In the room: {command}, then the lesson {name}.")).format(
        command="<code>pushlab serve</code>", name=f"<code>{_esc(app_path(stem, lang).split('/', 1)[1])}</code>")
    what = _("{minutes} minutes").format(minutes=minutes(stem, ctx["pages"]))
    if stem in EXTENSIONS:
        what += " · " + _("the marked sections are an extension (beyond a 16-year-old's course)")
    return (f'<div class="admonition tip pushlab-lesson-card"><p class="admonition-title">{_esc(title(stem, lang))}'
            f"</p><p>{_esc(what)}</p><p>{' · '.join(links)}</p><p>{local}</p></div>")


def _value(x, unit, lang):
    from pushlab.teaching import format_value
    return format_value(x, unit, lang)


def answer_key(stem: str, lang: str = "en") -> str:
    """The answer key of lesson ``stem`` in ``lang`` (HTML): its predictions and exercises as
    :mod:`pushlab.teaching` defines them, answers computed by the library; ``""`` when the
    lesson has no questions yet.

    >>> "1/10" in answer_key("03-push-your-luck-probability")
    True
    """
    from pushlab import teaching

    if stem not in teaching.lessons():
        return ""
    _ = _t(lang)
    t = {key: _esc(text) for key, text in {
        "predictions": _("Predictions (the app reveals these after the guess)"), "answer": _("Answer:"),
        "exercises": _("Exercises"), "wrong": _("Wrong answers students give, and what the app tells them:"),
        "computed": _("computed by")}.items()}
    out = []
    preds = teaching.predictions(stem, lang)
    if preds:
        out.append(f'<p class="rubric">{t["predictions"]}</p><ol class="pushlab-key">')
        for p in preds:
            if p.exact is not None:
                answer = p.show(p.exact) if p.kind == "choice" else p.exact_text
                label = f" ({_esc(p.exact_label)})" if p.exact_label else ""
            else:
                est = p.estimate()
                answer = _("{value}, 95%\u00a0interval {low} to {high}").format(
                    value=_value(est.value, p.unit, lang), low=_value(est.low, p.unit, lang),
                    high=_value(est.high, p.unit, lang)) if est else ""
                label = f" ({_esc(p.model)})" if p.model else ""
            out.append(f"<li><p><strong>{_esc(p.question)}</strong></p>"
                       f'<p>{t["answer"]} <strong>{_esc(answer)}</strong>{label}</p><p>{_esc(p.explain)}</p></li>')
        out.append("</ol>")
    exes = teaching.exercises(stem, lang)
    if exes:
        out.append(f'<p class="rubric">{t["exercises"]}</p><ol class="pushlab-key">')
        for e in exes:
            answer = e.answer_text
            if e.kind in ("choice", "multi"):
                answer = _choice_labels(e, e.answer, lang) or answer
            wrong = "".join(f"<li>{_esc(_wrong(e, value, lang))}: {_esc(message)}</li>" for value, message in e.mistakes)
            wrong = f'<p>{t["wrong"]}</p><ul>{wrong}</ul>' if wrong else ""
            label = f" ({_esc(e.label)})" if e.label else ""
            source = (f' <span class="pushlab-source">{t["computed"]} <code>{_esc(e.source)}</code></span>'
                      if e.source else "")
            out.append(f"<li><p><strong>{_esc(e.question)}</strong></p>"
                       f'<p>{t["answer"]} <strong>{_esc(answer)}</strong>{label}{source}</p>'
                       f"<p>{_esc(e.reasoning)}</p>{wrong}</li>")
        out.append("</ol>")
    return "\n".join(out)


def _wrong(e, value, lang) -> str:
    """A known wrong answer as shown: a number in the exercise's unit, a choice by its label."""
    if e.kind == "number":
        return _value(value, e.unit, lang)
    return _choice_labels(e, value, lang) or str(value)


def _choice_labels(e, value, lang) -> str:
    """A choice's label; a "multi" exercise's ticked choices as one list in ``lang``, joined
    as the language joins a list (:func:`pushlab.i18n.lists.list_text`; was ``", "``)."""
    values = {value} if e.kind == "choice" else set(value)
    return list_text([c.label for c in e.choices if c.value in values], lang)


def _activity(game: str, lang: str, ctx: dict) -> str:
    from pushlab.guide.activities import activity
    from pushlab.guide.handouts import handout_name

    _ = _t(lang)
    a = activity(game, lang)
    steps = "".join(f"<li>{_esc(s)}</li>" for s in a.steps)
    exact = _("The exact answer: {value} ({source}). With {n} tries, a group's 95%\u00a0interval contains it "
              "with chance {coverage}: expect about one group in twenty to miss it.").format(
        value=_value(a.exact, "probability", lang), source=a.source, n=a.tries,
        coverage=percent(a.coverage(), 1, language=lang))
    counts = _("Each group counts: {event}.").format(event=a.event)
    sheet = _link(handout_href(handout_name("tally", game), lang), _("the tally sheet"))
    app = ""
    if a.app and any(p.name.startswith(a.app + "-") for p in ctx["notebooks"].glob("*.ipynb")):
        app = "<p>" + _esc(_("With devices, the class pools its tries live in the class experiment app "
                             "(lesson {n}).").format(n=a.app)) + "</p>"
    return (f'<div class="admonition note pushlab-activity"><p class="admonition-title">{_esc(a.name)}</p>'
            f"<p>{_esc(a.setup)}</p><ol>{steps}</ol><p>{_esc(counts)} ({sheet})</p><p>{_esc(exact)}</p>{app}</div>")


def _handouts(lang: str, ctx: dict) -> str:
    from pushlab import teaching
    from pushlab.guide.activities import ACTIVITIES
    from pushlab.guide.handouts import handout_name

    _ = _t(lang)
    names = {"luck": _("push-your-luck"), "rummy": _("contract rummy")}
    rules, tally, sheet = _("Rules sheet"), _("Class activity"), _("Worksheet")
    items = [_link(handout_href(handout_name("rules", g), lang), f"{rules}: {names[g]}") for g in GAMES]
    items += [_link(handout_href(handout_name("tally", g), lang), f"{tally}: {names[g]}") for g in ACTIVITIES]
    items += [_link(handout_href(handout_name("worksheet", s), lang), f"{sheet}: {title(s, lang)}")
              for s in ctx["lessons"] if s in teaching.lessons()]
    return "<ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>"


def _languages(lang: str) -> str:
    """Links to the guide's front page in every other language (each named in its language)."""
    def href(code):
        if lang == i18n.SOURCE:
            return f"{code}/index.md"
        return "../index.md" if code == i18n.SOURCE else f"../{code}/index.md"
    return " · ".join(f'[{i18n.LANGUAGES[code]}]({href(code)})' for code in i18n.LANGUAGES if code != lang)


def _toctree(lang: str, ctx: dict) -> str:
    entries = "\n".join([*GENERAL, *ctx["lessons"]])
    return f"```{{toctree}}\n:hidden:\n:maxdepth: 1\n\n{entries}\n```"


def expand(markdown: str, lang: str, ctx: dict) -> str:
    """``markdown`` with every guide marker (:data:`MARKER`) replaced by its generated part."""
    _ = _t(lang)

    def fill(match):
        name, arg = match.group(1), match.group(2).strip()
        if name == "lessons":
            return _lessons_table(lang, ctx)
        if name == "lesson":
            return _lesson_card(arg, lang, ctx)
        if name == "answer-key":
            key = answer_key(arg, lang)
            return key or _("This lesson has no exercises yet.")
        if name == "activity":
            return _activity(arg, lang, ctx)
        if name == "handouts":
            return _handouts(lang, ctx)
        if name == "toctree":
            return _toctree(lang, ctx)
        if name == "languages":
            return _languages(lang)
        raise ValueError(f"unknown guide marker {match.group(0)!r}")
    return MARKER.sub(fill, markdown)


def render_page(name: str, lang: str, ctx: dict) -> str:
    """Guide page ``name`` (a file stem of ``docs/teachers/``) in ``lang``, generated parts in."""
    text = (ctx["pages"] / f"{name}.md").read_text(encoding="utf-8")
    text = translate(text, lang)
    if lang != i18n.SOURCE:                   # one folder deeper: links out of the guide go one more up
        text = re.sub(r"\]\(\.\./", "](../../", text)
    # a link to the page of a lesson that is not in the repository yet: its text only
    text = re.sub(r"\[([^\]]+)\]\((\d\d-[\w-]+)\.md\)",
                  lambda m: m.group(0) if m.group(2) in ctx["lessons"] else m.group(1), text)
    return expand(text, lang, ctx) + "\n"


def build(dest: Path, languages=None, slug: str = "pushlab/pushlab", notebooks: Path = NOTEBOOKS,
          pages: Path = PAGES) -> dict:
    """Write the guide (``dest/teachers/``, ``dest/teachers/<lang>/``) and the handouts
    (``dest/_extra/handouts/<lang>/``) for ``languages`` (default: all); returns ``{path: kind}``."""
    from pushlab.guide.handouts import handouts

    languages = page_languages() if languages is None else tuple(languages)
    ctx = {"lessons": lessons(notebooks, pages), "slug": slug, "notebooks": notebooks, "pages": pages}
    names = ["index", *GENERAL, *ctx["lessons"]]
    written = {}
    for lang in languages:
        folder = dest / "teachers" if lang == i18n.SOURCE else dest / "teachers" / lang
        folder.mkdir(parents=True, exist_ok=True)
        for name in names:
            path = folder / f"{name}.md"
            path.write_text(render_page(name, lang, ctx), encoding="utf-8")
            written[path] = "page"
        out = dest / "_extra" / "handouts" / lang
        out.mkdir(parents=True, exist_ok=True)
        for name, text in handouts(lang, ctx["lessons"], notebooks).items():
            (out / name).write_text(text, encoding="utf-8")
            written[out / name] = "handout"
    return written
