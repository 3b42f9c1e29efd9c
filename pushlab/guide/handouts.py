"""Handouts to print, in every language: a rules sheet per game, a worksheet per lesson, a tally sheet per game.

Each handout is one standalone HTML page with a print style sheet (A4, ink-friendly, no
page chrome: :data:`PRINT_CSS`); a browser prints it as it is (Chromium's PDF output is
checked by ``tests/test_guide.py``). Nothing on them is written for them:

- :func:`rules_sheet`: the rules lesson's own paragraphs (01 for push-your-luck, 05 for
  rummy), section by section as the catalogs translate them (the paragraphs that only
  introduce the lesson's examples are left out, :func:`rule_paragraphs`), plus what the
  deck holds and how cards score, counted from the engine; one page;
- :func:`worksheet`: the lesson's predictions, each with boxes for the student's guess and
  the app's answer, and its exercises with answer boxes, from the same definitions the app
  asks (:mod:`pushlab.teaching`), in the order of the app;
- :func:`tally_sheet`: the game's class activity (:mod:`pushlab.guide.activities`): what
  each group does, a row per group, the 95% interval of every possible count, and the
  class's pooled count.

:func:`handouts` gives every handout of a language as ``{file name: html}``.
"""

from __future__ import annotations

import html
import re

from pushlab import __version__, i18n
from pushlab.i18n.numbers import percent
from pushlab.guide import GAMES, NOTEBOOKS, _source, lesson_cells, title
from pushlab.guide.activities import ACTIVITIES, activity, interval_table

__all__ = ["PRINT_CSS", "rule_paragraphs", "rules_sheet", "worksheet", "tally_sheet", "wilson_constants", "handouts",
           "handout_name", "markdown_html"]

#: The print style of every handout: A4 with 12 mm margins, system fonts, boxes that never
#: split across pages, the same layout on screen (a page-wide column) and on paper.
PRINT_CSS = """<style>
@page{size:A4;margin:12mm}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",sans-serif;color:#111;
 font-size:10.5pt;line-height:1.35;-webkit-print-color-adjust:exact;print-color-adjust:exact}
body{margin:0 auto;max-width:186mm;padding:8mm 0}
@media print{body{padding:0;max-width:none}a{color:inherit;text-decoration:none}.ho-screen{display:none}}
h1{font-size:16pt;margin:0 0 2mm 0}
h2{font-size:12pt;margin:4mm 0 1.5mm 0;border-bottom:1px solid #999}
h3{font-size:10.5pt;margin:2.5mm 0 1mm 0}
p,li{margin:0 0 1.5mm 0}
ul,ol{margin:0 0 1.5mm 0;padding-inline-start:6mm}
.ho-head{display:flex;justify-content:space-between;align-items:baseline;border-bottom:2px solid #111;
 margin-bottom:3mm;gap:4mm}
.ho-head .ho-kind{font-size:9pt;text-transform:uppercase;letter-spacing:.06em;color:#333}
.ho-fields{display:flex;gap:4mm;margin:0 0 3mm 0}
.ho-fields span{flex:1;border-bottom:1px solid #111;padding-top:5mm;font-size:9pt}
.ho-cols{columns:2;column-gap:7mm}
.ho-cols section{break-inside:avoid}
.ho-q{break-inside:avoid;border:1px solid #777;border-radius:2mm;padding:2mm 3mm;margin:0 0 2.5mm 0}
.ho-q .ho-n{font-weight:700;margin-inline-end:1.5mm;unicode-bidi:isolate}
.ho-boxes{display:flex;gap:3mm;margin-top:1.5mm;break-inside:avoid}
.ho-box{flex:1;border:1px solid #111;border-radius:1.5mm;min-height:11mm;padding:1mm 2mm;font-size:8.5pt;color:#333}
.ho-box.ho-tall{min-height:18mm}
.ho-choices{list-style:none;padding:0;margin:1mm 0}
.ho-choices li::before{content:"\\2610\\00a0\\00a0";font-size:12pt}
.ho-unit{font-size:8.5pt;color:#333}
table{border-collapse:collapse;margin:1mm 0 2mm 0}
td,th{border:1px solid #555;padding:.6mm 1.6mm;text-align:start;font-size:9pt}
th{background:#eee}
.ho-tally td{height:6mm}
.ho-small td,.ho-small th{font-size:8pt;padding:.1mm 1.2mm}
.ho-foot{margin-top:3mm;font-size:7.5pt;color:#444;border-top:1px solid #999;padding-top:1mm}
.ho-note{font-size:9pt;color:#222}
.ho-ltr{direction:ltr;unicode-bidi:isolate}
.ho-cards{display:flex;align-items:center;gap:2mm;margin:1mm 0}
.pl-card{border:1px solid #555}
body.ho-rules{font-size:9pt;line-height:1.3}
body.ho-rules h3{margin-top:2mm}
body.ho-rules p,body.ho-rules li{margin-bottom:1mm}
.ho-remember blockquote{margin:0;padding:1mm 2mm;border-inline-start:1.2mm solid #777;background:#f3f3f3}
</style>"""

#: Paragraphs of a rules lesson that introduce its examples rather than state a rule (their
#: English start): left off the rules sheet.
EXAMPLE_STARTS = ("Here ", "Below ", "Type ", "How long a ", "How many different ", "Step through", "Press ")


def handout_name(kind: str, key: str) -> str:
    """A handout's file name: ``rules-luck.html``, ``worksheet-03-push-your-luck-probability.html``.

    >>> handout_name("worksheet", "03-push-your-luck-probability")
    'worksheet-03-push-your-luck-probability.html'
    """
    return f"{kind}-{key}.html"


def markdown_html(text: str) -> str:
    """A lesson paragraph (markdown) as HTML; card notation and formulas as they are."""
    try:
        from markdown_it import MarkdownIt
    except ImportError as exc:                     # the site extra, also in the test extra
        from pushlab.errors import Unavailable
        raise Unavailable('the handouts need markdown-it-py (pip install "pushlab[site]")') from exc
    return MarkdownIt("commonmark", {"html": False}).render(text)


def rule_paragraphs(stem: str, notebooks=NOTEBOOKS) -> list[tuple[str, list[str]]]:
    """The rules lesson's rule sections as ``(heading, [paragraph, ...])``, in English.

    A rule section is a markdown cell whose heading is numbered and cites the rules it
    teaches (``## 2. Pushing too far: the bust and the die (rule 11)``); a section that
    walks through an example cites none. Its paragraphs are kept except those that
    introduce the lesson's examples (:data:`EXAMPLE_STARTS`).

    >>> [h for h, _ in rule_paragraphs("01-push-your-luck-rules")][:2]  # doctest: +ELLIPSIS
    ['## 1. Drawing and placing cards: ...', '## 2. Pushing too far: the bust and the die (rule 11)']
    """
    from pushlab.i18n.notebook import paragraphs

    sections = []
    for cell in lesson_cells(stem, notebooks):
        if cell["cell_type"] != "markdown":
            continue
        paras = paragraphs(_source(cell))
        if not paras or not re.match(r"##\s+\d+\..*\(rules?\s+\d", paras[0]):
            continue
        kept = [p for p in paras[1:] if not p.startswith(EXAMPLE_STARTS)]
        sections.append((paras[0], kept))
    return sections


def remember_box(stem: str, notebooks=NOTEBOOKS) -> str:
    """The lesson's "What to remember" box (its markdown, in English), or ``""``."""
    from pushlab.i18n.notebook import paragraphs

    for cell in lesson_cells(stem, notebooks):
        paras = paragraphs(_source(cell)) if cell["cell_type"] == "markdown" else []
        if paras and paras[0].strip() == "## What to remember":
            return "\n\n".join(paras[1:])
    return ""


_LAST = re.compile(r"^(.*[.!?؟])\s+[^.!?؟]+[.:!?؟]\s*$", re.S)
#: The English last sentence of a paragraph that points at the lesson's widgets: "... below.",
#: "Step through it, or press play:". On paper it is dropped (in every language).
_POINTS_AT_EXAMPLE = re.compile(r"(?:\b(?:below|above|here)\b[^.:]*[.:]|:)\s*$", re.I)


def _trim_example_pointer(english: str, text: str) -> str:
    """``text`` (a paragraph in some language) without its last sentence when the English
    paragraph's last sentence points at the lesson's examples; unchanged otherwise, or when
    the translation has a single sentence.

    >>> _trim_example_pointer("A rule. Wilds are framed in gold below.", "Ein Satz. Noch einer.")
    'Ein Satz.'
    >>> _trim_example_pointer("Every turn starts with a draw, and there are two ways to draw:", "x y:")
    'x y:'
    """
    match = _LAST.match(english)
    if not match or not _POINTS_AT_EXAMPLE.search(english[len(match.group(1)):]):
        return text
    mine = _LAST.match(text)
    return mine.group(1) if mine else text


def _gettext(lang):
    return lambda message: i18n.gettext(message, lang)


def _esc(text) -> str:
    return html.escape(str(text), quote=True)


def page(kind: str, heading: str, body: str, lang: str, css_class: str = "") -> str:
    """A whole handout page: ``<html lang dir>``, the print style, the heading line, the body, the footer."""
    _ = _gettext(lang)
    from pushlab.display.cards import RUMMY_CSS
    foot = _("pushlab {version}: made from the lessons' own text and questions; the answers are in the "
             "teacher's guide.").format(version=__version__)
    return (f'<!DOCTYPE html>\n<html {i18n.dir_attrs(lang)}>\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{_esc(heading)} \u2013 {_esc(kind)}</title>\n{RUMMY_CSS}{PRINT_CSS}\n</head>\n"
            f'<body class="{css_class}">\n'
            f'<div class="ho-head"><h1>{_esc(heading)}</h1><span class="ho-kind">{_esc(kind)}</span></div>\n'
            f'{body}\n<div class="ho-foot">{_esc(foot)}</div>\n</body>\n</html>\n')


def _deck_facts(game: str, lang: str) -> str:
    """What the deck holds and what cards score, counted from the engine (HTML)."""
    _ = _gettext(lang)
    if game == "luck":
        from pushlab.luck import cards as c
        from pushlab.i18n.forms import colour_name
        from pushlab.i18n.lists import list_text
        colours = list_text((colour_name(k, lang) for k in c.COLOURS), lang)
        return ("<p>" + _esc(_("The deck: {numbers} number cards (the colours {colours}, numbers {low} to {high}, "
                               "{copies} of each), {rolls} roll cards and {switches} switch cards (the switch "
                               "cards only with three or more players). A die with the five colours and a star.")
                             .format(numbers=len(c.COLOURS) * len(c.NUMBERS) * c.COPIES, colours=colours,
                                     low=min(c.NUMBERS), high=max(c.NUMBERS), copies=c.COPIES,
                                     rolls=c.ROLL_CARDS, switches=c.SWITCH_CARDS)) + "</p>")
    from pushlab.rummy import CONTRACTS, HAND_SIZES
    from pushlab.rummy.cards import penalty
    from pushlab.rummy.melds import contract_words
    # the column heads and card kinds are lesson 05's own words (its code cells' _() strings)
    deal, cards, contract = _esc(_("deal")), _esc(_("cards")), _esc(_("contract"))
    card, points = _esc(_("card")), _esc(_("penalty points"))
    rows = "".join(f"<tr><td>{d}</td><td>{n}</td><td>{_esc(contract_words(d, lang))}</td></tr>"
                   for d, n in HAND_SIZES.items() if d in CONTRACTS)
    kinds = "".join(f"<tr><td>{_esc(_(label))}</td><td>{penalty(notation)}</td></tr>"
                    for label, notation in (("ace", "AS"), ("K, Q, J, 10", "KS"), ("9 down to 3", "9S"),
                                            ("2 or joker (wild)", "JK")))
    return (f"<table><tr><th>{deal}</th><th>{cards}</th><th>{contract}</th></tr>{rows}</table>"
            f"<table><tr><th>{card}</th><th>{points}</th></tr>{kinds}</table>")


def rules_sheet(game: str, lang: str = "en", notebooks=NOTEBOOKS) -> str:
    """The one-page rules sheet of ``game`` (``"luck"`` or ``"rummy"``) in ``lang``."""
    lang = i18n.check_language(lang)
    _ = _gettext(lang)
    stem = GAMES[game][0]
    parts = [_deck_facts(game, lang) if game == "luck" else ""]
    for heading, paras in rule_paragraphs(stem, notebooks):
        text = re.sub(r"^#+\s*", "", i18n.gettext(heading, lang))
        body = "".join(markdown_html(_trim_example_pointer(p, i18n.gettext(p, lang))) for p in paras)
        parts.append(f"<section><h3>{_esc(text)}</h3>{body}</section>")
    if game == "rummy":
        heading = _esc(_("Contracts and penalty points"))
        parts.append(f"<section><h3>{heading}</h3>{_deck_facts(game, lang)}</section>")
    remember = remember_box(stem, notebooks)
    if remember:
        from pushlab.i18n.notebook import paragraphs
        heading = _esc(i18n.gettext("## What to remember", lang).lstrip("# "))
        body = "".join(markdown_html(i18n.gettext(p, lang)) for p in paragraphs(remember))
        parts.append(f'<section class="ho-remember"><h3>{heading}</h3>{body}</section>')
    names = {"luck": _("Push, the push-your-luck card game"), "rummy": _("Push, the contract rummy")}
    return page(_("Rules sheet"), names[game], f'<div class="ho-cols">{"".join(parts)}</div>', lang, "ho-rules")


def _choices(choices) -> str:
    return '<ul class="ho-choices">' + "".join(f"<li>{_esc(c.label)}</li>" for c in choices) + "</ul>"


def _cards(show, lang: str) -> str:
    """The cards an exercise shows, drawn as the apps draw them (their names in ``lang``)."""
    from pushlab.display.cards import cards_html

    before = i18n.current_language()
    i18n.set_language(lang)                 # the cards' names (tooltips, screen readers) follow the page
    try:
        return _cards_html(show, cards_html)
    finally:
        i18n.set_language(before)


def _cards_html(show, cards_html) -> str:
    return "".join(f'<div class="ho-cards"><span class="ho-note">{_esc(caption)}</span>'
                   f"<span class=\"ho-ltr\">{cards_html(cards, 'sm')}</span></div>" for caption, cards in show)


def _unit_hint(unit: str, lang: str) -> str:
    _ = _gettext(lang)
    return {"percent": _("in %"), "probability": _("a fraction or a %"), "points": _("points"),
            "games": _("games"), "count": _("a number")}.get(unit, "")


def worksheet(stem: str, lang: str = "en", notebooks=NOTEBOOKS) -> str:
    """The worksheet of lesson ``stem`` in ``lang``: its predictions, then its exercises, with boxes."""
    from pushlab import teaching

    lang = i18n.check_language(lang)
    _ = _gettext(lang)
    t = {key: _esc(text) for key, text in {
        "name": _("Name"), "class": _("Class"), "date": _("Date"), "predict": _("Before you look: predict"),
        "first": _("Write your guess first, then let the app reveal the answer."), "guess": _("My guess"),
        "says": _("The app says"), "close": _("How close was I?"), "exercises": _("Exercises"),
        "tick": _("Tick every answer that fits."), "why": _("Why"), "answer": _("Answer"),
        "how": _("How I got it"), "remember": _("What I will remember")}.items()}
    parts = [f'<div class="ho-fields"><span>{t["name"]}</span><span>{t["class"]}</span><span>{t["date"]}</span></div>']
    preds = teaching.predictions(stem, lang) if stem in teaching.lessons() else []
    exes = teaching.exercises(stem, lang) if stem in teaching.lessons() else []
    if preds:
        parts.append(f'<h2>{t["predict"]}</h2><p class="ho-note">{t["first"]}</p>')
        for k, p in enumerate(preds, 1):
            hint = _esc(_unit_hint(p.unit, lang)) if p.kind == "number" else ""
            guess = _choices(p.choices) if p.kind == "choice" else ""
            parts.append(
                f'<div class="ho-q"><span class="ho-n">{k}.</span>{_esc(p.question)}{guess}'
                f'<div class="ho-boxes"><div class="ho-box">{t["guess"]} <span class="ho-unit">{hint}</span></div>'
                f'<div class="ho-box">{t["says"]}</div><div class="ho-box">{t["close"]}</div></div></div>')
    if exes:
        parts.append(f'<h2>{t["exercises"]}</h2>')
        for k, e in enumerate(exes, 1):
            body = _cards(e.show, lang) if e.show else ""
            if e.kind in ("choice", "multi"):
                body += _choices(e.choices)
                if e.kind == "multi":
                    body = f'<p class="ho-note">{t["tick"]}</p>' + body
                boxes = f'<div class="ho-boxes"><div class="ho-box">{t["why"]}</div></div>'
            else:
                hint = _esc(_unit_hint(e.unit, lang))
                boxes = (f'<div class="ho-boxes"><div class="ho-box">{t["answer"]} <span class="ho-unit">{hint}'
                         f'</span></div><div class="ho-box ho-tall">{t["how"]}</div></div>')
            parts.append(f'<div class="ho-q"><span class="ho-n">{k}.</span>{_esc(e.question)}{body}{boxes}</div>')
    parts.append(f'<h2>{t["remember"]}</h2><div class="ho-box ho-tall"></div>')
    return page(_("Worksheet"), title(stem, lang, notebooks), "".join(parts), lang)


def wilson_constants(lang: str = "en") -> dict:
    """The constants of the 95% Wilson interval as the tally sheet prints them for a count k of
    n tries, ``(k + a) ÷ (n + b) ± z × √(k(n − k) ÷ n + c) ÷ (n + b)``: a = z²/2, b = z²,
    c = z²/4 with z = :data:`pushlab.stats.Z95`, two decimals, in ``lang``'s decimal mark.

    >>> wilson_constants(), wilson_constants("cs")["a"]
    ({'a': '1.92', 'b': '3.84', 'c': '0.96', 'z': '1.96'}, '1,92')
    """
    from pushlab.i18n.numbers import decimal
    from pushlab.stats import Z95

    values = {"a": Z95 ** 2 / 2, "b": Z95 ** 2, "c": Z95 ** 2 / 4, "z": Z95}
    return {k: decimal(v, 2, language=lang) for k, v in values.items()}


def tally_sheet(game: str, lang: str = "en", groups: int = 8) -> str:
    """The tally sheet of ``game``'s class activity in ``lang``: a row per group (``groups``
    rows), the 95% interval of every count a group can get, and the class's pooled count."""
    lang = i18n.check_language(lang)
    _ = _gettext(lang)
    a = activity(game, lang)
    t = {key: _esc(text) for key, text in {
        "does": _("What each group does"), "count_what": _("Count: {event}.").format(event=a.event),
        "class": _("the class"), "count": _("count"), "interval": _("95%\u00a0interval"),
        "table": _("The 95%\u00a0interval of a group of {n} tries").format(n=a.tries),
        "wilson": _("Wilson intervals, computed by pushlab.stats.proportion_ci: unlike the simpler estimate "
                    "± 1.96 standard errors (the Wald interval), they never shrink to nothing at a count of 0 "
                    "or of every try."),
        "whole": _("The whole class"),
        "pool": _("Add up every group's tries (n) and counts (k). The class's estimate is k ÷ n; its "
                  "95%\u00a0interval is the Wilson interval, as in the table above: from c − h to c + h, where "
                  "{centre} and {half}. It is narrower than any group's. Only then look at the exact answer."),
        "tries_c": _("the class: tries"), "count_c": _("the class: count"),
        "interval_c": _("the class: 95%\u00a0interval")}.items()}
    w = wilson_constants(lang)                       # formulas read left to right, also in Arabic
    t["pool"] = t["pool"].format(**{name: f'<span class="ho-ltr">{_esc(formula.format(**w))}</span>' for name, formula in (
        ("centre", "c = (k + {a}) ÷ (n + {b})"), ("half", "h = {z} × √(k × (n − k) ÷ n + {c}) ÷ (n + {b})"))})
    cols = [_esc(c) for c in (_("group"), _("tries"), _("count"), _("count ÷ tries"),
                              _("95%\u00a0interval (table below)"), _("Does it contain the exact answer?"))]
    steps = "".join(f"<li>{_esc(s)}</li>" for s in a.steps)
    head = (f'<h2>{t["does"]}</h2><p>{_esc(a.setup)}</p><ol>{steps}</ol><p class="ho-note">{t["count_what"]}</p>')
    heads = "".join(f"<th>{c}</th>" for c in cols)
    rows = "".join("<tr>" + "<td></td>" * len(cols) + "</tr>" for _g in range(groups))
    tally = (f'<table class="ho-tally"><tr>{heads}</tr>{rows}'
             f'<tr><th>{t["class"]}</th>' + "<td></td>" * (len(cols) - 1) + "</tr></table>")
    table = interval_table(a.tries)
    half = (len(table) + 1) // 2
    cells = lambda part: "".join(                                                       # noqa: E731
        f'<tr><td>{k}</td><td class="ho-ltr">{percent(lo, language=lang)} \u2013 {percent(hi, language=lang)}</td></tr>' for k, lo, hi in part)
    th = f'<tr><th>{t["count"]}</th><th>{t["interval"]}</th></tr>'
    intervals = (f'<h2>{t["table"]}</h2>'
                 f'<div style="display:flex;gap:6mm"><table class="ho-small">{th}{cells(table[:half])}</table>'
                 f'<table class="ho-small">{th}{cells(table[half:])}</table>'
                 f'<p class="ho-note" style="flex:1;margin:0">{t["wilson"]}</p></div>')
    pooled = (f'<h2>{t["whole"]}</h2><p>{t["pool"]}</p>'
              f'<div class="ho-boxes"><div class="ho-box">{t["tries_c"]}</div>'
              f'<div class="ho-box">{t["count_c"]}</div><div class="ho-box">{t["interval_c"]}</div></div>')
    return page(_("Class activity"), a.name, head + tally + intervals + pooled, lang)


def handouts(lang: str = "en", stems=None, notebooks=NOTEBOOKS) -> dict:
    """Every handout of ``lang`` as ``{file name: html}``: rules and tally sheets of both games,
    a worksheet for each lesson of ``stems`` (default: every lesson of the guide with questions)."""
    from pushlab import teaching
    from pushlab.guide import lessons

    out = {handout_name("rules", g): rules_sheet(g, lang, notebooks) for g in GAMES}
    out.update({handout_name("tally", g): tally_sheet(g, lang) for g in ACTIVITIES})
    stems = lessons(notebooks) if stems is None else stems
    for stem in stems:
        if stem in teaching.lessons():
            out[handout_name("worksheet", stem)] = worksheet(stem, lang, notebooks)
    return out
