"""Pure HTML pieces every pushlab view is built of: the style sheet, boxes, rows, messages, card faces.

No widgets and no game rules: strings in, HTML strings out. The engines' notebook look
(:mod:`pushlab.display.engines`) and the apps draw with the same functions
(:mod:`pushlab.display.cards`).

>>> "pl-card" in card_face("7", "#d62728", title="red 7")
True
>>> row_html(["a", "b"])
'<div class="pl-row">ab</div>'
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

from pushlab.i18n import _

__all__ = ["CSS", "DEVICE_CSS", "esc", "card_face", "card_back", "stack_html", "row_html", "box_html", "message_html",
           "title_html", "log_list_html", "ltr_spans"]

#: One style sheet for every pushlab widget; prefixed ``pl-`` to avoid clashes.
CSS = """<style>
.pl-root{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222;line-height:1.3}
.pl-card{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;
 position:relative;box-sizing:border-box;width:46px;height:66px;margin:2px;border-radius:8px;
 border:2px solid rgba(0,0,0,.35);box-shadow:1px 2px 3px rgba(0,0,0,.25);color:#fff;
 font-weight:700;vertical-align:top;text-shadow:0 1px 1px rgba(0,0,0,.35)}
.pl-card .pl-big{font-size:26px;line-height:1}
.pl-card .pl-small{font-size:9px;letter-spacing:.04em;text-transform:uppercase;margin-top:3px}
.pl-card .pl-corner{position:absolute;top:2px;left:4px;font-size:10px;line-height:1}
.pl-card .pl-mark{position:absolute;top:2px;right:4px;font-size:11px;line-height:1}
.pl-card.pl-sm .pl-mark{top:1px;right:2px;font-size:9px}
.pl-card.pl-sm .pl-corner{top:1px;left:3px;font-size:9px}
.pl-card.pl-light{color:#222;text-shadow:none}
.pl-card.pl-sm{width:32px;height:46px;border-radius:6px;border-width:1.5px}
.pl-card.pl-sm .pl-big{font-size:17px}
.pl-card.pl-sm .pl-small{display:none}
.pl-card.pl-back{background:repeating-linear-gradient(45deg,#35506b,#35506b 4px,#43627f 4px,#43627f 8px);}
.pl-stack{display:inline-flex;flex-direction:column;align-items:center;margin:2px 8px 2px 2px;vertical-align:top}
.pl-stack .pl-pile{position:relative;width:54px;height:74px}
.pl-stack .pl-pile .pl-card{position:absolute;margin:0}
.pl-stack.pl-sm .pl-pile{width:40px;height:54px}
.pl-slot.pl-sm{width:32px;height:46px;border-radius:6px;font-size:9px}
.pl-stack .pl-cap{font-size:12px;color:#444;text-align:center;margin-top:2px}
.pl-row{display:flex;flex-wrap:wrap;align-items:flex-start;gap:6px}
.pl-box{border:1px solid #d0d0d0;border-radius:8px;padding:6px 8px;margin:4px;background:#fafafa}
.pl-box.pl-hl{border:2px solid #e08a00;background:#fff8ea}
.pl-box h4{margin:0 0 4px 0;font-size:13px;font-weight:600;color:#333}
.pl-col{display:flex;flex-direction:column;align-items:center;min-width:54px;min-height:80px}
.pl-col .pl-card{margin:-8px 2px 0 2px}
.pl-col .pl-card:first-of-type{margin-top:2px}
.pl-slot{width:46px;height:66px;border:2px dashed #bbb;border-radius:8px;box-sizing:border-box;margin:2px;
 display:flex;align-items:center;justify-content:center;color:#595959;font-size:11px;text-align:center}
.pl-msg{padding:6px 10px;border-radius:6px;margin:4px 0;font-size:14px}
.pl-msg.pl-error{background:#fdecea;color:#a4000f;border:1px solid #e57373;font-weight:600}
.pl-msg.pl-info{background:#eef5fc;color:#1b4f80;border:1px solid #9cc3e8}
.pl-msg.pl-ok{background:#edf7ed;color:#1e5e20;border:1px solid #8bc48d}
.pl-log{font-size:13px;max-height:420px;overflow-y:auto;margin:0;padding-left:34px}
.pl-log li.pl-new{font-weight:600}
.pl-muted{color:#666;font-size:12px}
.pl-kv td{padding:1px 6px;font-size:13px}
.pl-kv th{padding:1px 6px;font-size:12px;text-align:left;font-weight:600;color:#444}
.pl-root p{font-size:14px;margin:4px 0}
.pl-data summary{cursor:pointer;font-size:13px;color:#1b4f80}
.pl-data table{border-collapse:collapse;font-size:12px;margin:4px 0}
.pl-data td,.pl-data th{border:1px solid #ccc;padding:1px 6px;text-align:left}
/* ipywidgets' warning (orange) and success (green) buttons: white text below WCAG AA 4.5:1; darker shades */
.jupyter-button.mod-warning,.jupyter-widgets.mod-warning.jupyter-button{background-color:#b35900}
.jupyter-button.mod-success,.jupyter-widgets.mod-success.jupyter-button{background-color:#2e7d32}
.jupyter-button.mod-info,.jupyter-widgets.mod-info.jupyter-button{background-color:#00737f}
.pl-bar{display:inline-block;height:10px;background:#5b8cc0;vertical-align:middle;border-radius:2px}
</style>"""

#: The style sheet for students' own devices (phones at 390 px, tablets at 768 px, touch
#: screens): every app puts it on its page once (:func:`pushlab.widgets.common.page_direction`,
#: the language picker). CSS only, no per-device code:
#:
#: - a width set in Python is an upper bound: no box, plot or table pushes the page sideways;
#: - on a narrow screen (820 px or less) every row of widgets wraps, so side panels (event
#:   logs, odds) stack under the table instead of being cut off at the right edge; wide
#:   tables scroll inside their own box;
#: - on a narrow or touch screen every control is at least 44 px high (WCAG 2.5.5), through
#:   ipywidgets' own height variable, and a slider's handle is 44 px to grab;
#: - a play app's action bar (``pl-actionbar``: what to do and the buttons) stays at the top
#:   of a narrow screen while the table scrolls under it, and shows only the buttons that can
#:   be pressed now, so a student sees the table while pressing Draw.
DEVICE_CSS = """<style>
.pl-app,.jp-OutputArea-output .widget-box{max-width:100%}
.jp-OutputArea-output :is(.widget-html,.widget-inline-hbox){max-width:calc(100% - 2 * var(--jp-widgets-margin,2px))}
.jp-OutputArea-output .widget-html-content{max-width:100%}
.pl-app .widget-box{min-width:0}
.jp-OutputArea-output img{max-width:100%;height:auto}
.pl-app .pl-scroll-x{max-width:100%;overflow-x:auto}
@media (max-width:820px),(pointer:coarse){
 :root{--jp-widgets-inline-height:44px}
 .jupyter-widgets.jupyter-button,.jupyter-button{min-height:44px;min-width:44px}
 .widget-slider .noUi-handle,.jupyter-widget-slider .noUi-handle{width:28px;height:28px;top:-12px}
 .widget-slider .noUi-handle::after,.jupyter-widget-slider .noUi-handle::after{content:"";position:absolute;
  left:-8px;top:-8px;width:44px;height:44px}
 .widget-inline-hbox :is(select,input:not([type=checkbox]):not([type=radio]),textarea){min-height:44px;box-sizing:border-box}
 .widget-checkbox label,.widget-radio-box label{min-height:44px;display:flex;align-items:center}
 .pl-app a{display:inline-block;min-height:24px}
}
@media (max-width:820px){
 .jp-OutputArea-output .widget-hbox{flex-wrap:wrap}
 .pl-app .widget-inline-hbox :is(select,input){min-width:0}
 .pl-app .widget-box>.widget-html,.pl-app .widget-box>.widget-box{flex-shrink:1}
 .jp-RenderedHTMLCommon table,.pl-app table{display:block;max-width:100%;overflow-x:auto}
 .pl-actionbar{position:sticky;top:-10px;padding-top:6px;z-index:20;background:var(--jp-layout-color0,#fff);
  box-shadow:0 3px 4px -2px rgba(0,0,0,.3);padding-bottom:4px}
 :is(.jp-OutputArea,.jp-OutputArea-child,.jp-OutputArea-output,.widget-box):has(.pl-actionbar){overflow:visible}
 .pl-actionbar .jupyter-button:disabled{display:none}
 .pl-actionbar .jupyter-button{flex:1 1 30%;max-width:none;min-width:96px}
}
</style>"""


def esc(text) -> str:
    """Escape any value for HTML.

    >>> esc("<b>")
    '&lt;b&gt;'
    """
    return html.escape(str(text), quote=True)


def card_face(big, colour="", *, small="", corner="", title="", light=False, size="", mark="",
              classes="", small_class="pl-small", tag="") -> str:
    """HTML of one face-up card: a rounded rectangle with a big label (the one card face of both games).

    ``colour`` is any CSS colour (none: the style sheet's, e.g. a white playing card);
    ``light`` uses dark ink (for pale cards); ``size="sm"`` draws a small card; ``classes``
    adds CSS classes. ``corner`` (top left, e.g. the colour's letter) and ``mark`` (top
    right, e.g. the colour's shape) let a reader tell cards apart without seeing colour;
    ``small`` is a line under the big label (class ``small_class``), ``tag`` a word in the
    bottom corner; the accessible name is ``title``.

    >>> card_face("3", "red", corner="R", mark="\u25cf", title="red 3").count("pl-mark")
    1

    >>> card_face("5", "blue", title="blue 5").startswith('<span class="pl-card')
    True
    >>> card_face("5", small="\u2665", small_class="pl-suit", classes="pl-rcard", title="5 of hearts")
    '<span class="pl-card pl-rcard" title="5 of hearts" role="img" aria-label="5 of hearts"><span class="pl-big">5</span><span class="pl-suit">\u2665</span></span>'
    """
    classes = ("pl-card" + (f" {classes}" if classes else "") + (" pl-light" if light else "")
               + (f" pl-{size}" if size else ""))
    style = f' style="background:{esc(colour)}"' if colour else ""
    parts = [f'<span class="{classes}"{style} title="{esc(title)}" '
             f'role="img" aria-label="{esc(title or big)}">']
    if corner:
        parts.append(f'<span class="pl-corner">{esc(corner)}</span>')
    if mark:
        parts.append(f'<span class="pl-mark">{esc(mark)}</span>')
    parts.append(f'<span class="pl-big">{esc(big)}</span>')
    if small:
        parts.append(f'<span class="{small_class}">{esc(small)}</span>')
    if tag:
        parts.append(f'<span class="pl-tag">{esc(tag)}</span>')
    parts.append("</span>")
    return "".join(parts)


def card_back(title=None, size="") -> str:
    """HTML of one face-down card (``title`` default: "face-down card", translated).

    >>> "pl-back" in card_back()
    True
    """
    title = _("face-down card") if title is None else title
    classes = "pl-card pl-back" + (f" pl-{size}" if size else "")
    return f'<span class="{classes}" title="{esc(title)}"></span>'


def stack_html(count: int, caption: str, title: str = "", size: str = "") -> str:
    """A face-down stack of ``count`` cards (at most 4 drawn) with a caption under it.

    ``size="sm"`` draws a small stack.

    >>> "12 cards" in stack_html(12, "12 cards")
    True
    """
    layers = min(max(count, 0), 4)
    sized = f" pl-{size}" if size else ""
    if layers == 0:
        pile = f'<span class="pl-slot{sized}" style="position:absolute">' + esc(_("empty")) + '</span>'
    else:
        pile = "".join(
            card_back(title, size).replace(f'class="pl-card pl-back{sized}"',
                                           f'class="pl-card pl-back{sized}" style="top:{2 * i}px;left:{2 * i}px"', 1)
            for i in range(layers))
    return (f'<span class="pl-stack{sized}" title="{esc(title or caption)}"><span class="pl-pile">{pile}</span>'
            f'<span class="pl-cap">{esc(caption)}</span></span>')


def row_html(items) -> str:
    """Lay HTML fragments out left to right, wrapping.

    >>> row_html(["a", "b"])
    '<div class="pl-row">ab</div>'
    """
    return '<div class="pl-row">' + "".join(items) + "</div>"


def box_html(title: str, body: str, highlight: bool = False, style: str = "") -> str:
    """A titled, bordered box (``highlight`` marks e.g. the player whose turn it is).

    >>> box_html("Ann", "x").count("Ann")
    1
    """
    cls = "pl-box pl-hl" if highlight else "pl-box"
    st = f' style="{esc(style)}"' if style else ""
    return f'<div class="{cls}"{st}><h4>{esc(title)}</h4>{body}</div>'


def message_html(text: str, kind: str = "info") -> str:
    """A coloured message line; ``kind`` is ``"error"``, ``"info"`` or ``"ok"``; empty text gives ''.

    >>> 'pl-error' in message_html("Illegal: no", "error")
    True
    >>> message_html("")
    ''
    """
    if not text:
        return ""
    role = ' role="alert"' if kind == "error" else ' role="status"'     # both are announced
    return f'{CSS}<div class="pl-root pl-msg pl-{esc(kind)}"{role}>{esc(text)}</div>'


def title_html(text: str, size: int = 15, margin: str = "4px 0") -> str:
    """A bold heading line of ``size`` pixels (``margin`` around it; '' for none).

    >>> title_html("Ann", 18, "").endswith("<div class='pl-root' style='font-size:18px;font-weight:600'>Ann</div>")
    True
    """
    style = f"font-size:{size}px;font-weight:600" + (f";margin:{margin}" if margin else "")
    return f"{CSS}<div class='pl-root' style='{style}'>{esc(text)}</div>"


def log_list_html(lines, start: int = 0, last: int | None = None, render=None) -> str:
    """An event log as a numbered live list; entries from index ``start`` on are bold (new).

    ``last`` keeps only the last entries; ``render(entries)`` writes the kept entries as
    HTML (default: each entry is text, escaped). Both games' logs are drawn here: their
    events written by :mod:`pushlab.i18n.events` in the reader's language.

    >>> log_list_html(["Ann stops", "Ben takes column 1: R3"], start=1).count('class="pl-new"')
    1
    >>> 'start="2"' in log_list_html(["a", "b", "c"], last=2)
    True
    """
    items = list(enumerate(lines, 1))
    if last is not None and len(items) > last:
        items = items[-last:]
    if not items:
        return (f'{CSS}<div class="pl-root pl-muted" role="log" aria-live="polite">'
                + esc(_("Nothing has happened yet.")) + '</div>')
    kept = [entry for _k, entry in items]
    shown = list(render(kept)) if render else [esc(str(entry)) for entry in kept]
    lis = "".join(f'<li class="{"pl-new" if k - 1 >= start else ""}">{text}</li>'
                  for (k, _entry), text in zip(items, shown))
    label = esc(_("Event log"))
    return (f'{CSS}<div class="pl-root" role="log" aria-live="polite" aria-label="{label}">'
            f'<ol class="pl-log" tabindex="0" start="{items[0][0]}">{lis}</ol></div>')


@lru_cache(maxsize=None)
def _pattern(regex: str):
    """A compiled regular expression (each compiled once)."""
    return re.compile(regex)


def ltr_spans(html_text: str, regex: str) -> str:
    """``html_text`` with each match of ``regex`` (a run of card notation) in a left-to-right
    ``pushlab-ltr`` span, so right-to-left pages keep the cards in their order.

    >>> ltr_spans("x R3 B5 y", r"R3 B5")
    'x <span class="pushlab-ltr">R3 B5</span> y'
    """
    return _pattern(regex).sub(lambda m: f'<span class="pushlab-ltr">{m.group()}</span>', html_text)
