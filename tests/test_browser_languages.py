"""Every translated app in every language, in headless Chromium: one page load each.

For each lesson with translated copies (``pushlab.i18n.notebook.LESSONS``; the welcome
lesson has its own, deeper test in ``test_i18n.py``) and each language, the copy in
``notebooks/<lang>/`` is rendered by Voilà once, and on that page:

- it rendered without an error;
- no English word is left on its buttons (their text, names and tooltips): the words of
  the English messages, less names and the words languages share (``test_i18n.ALLOWED``);
- axe-core finds no critical or serious violation;
- the page runs right to left in Arabic and left to right otherwise (markdown and widgets).

These are browser tests (marker ``browser``): CI runs them; locally they skip without
Chromium. About 40 page loads: the slowest part of the suite, measured in the module's
last test output (``-s``).
"""

import re
import time

import pytest

from pushlab import i18n
from pushlab.i18n import notebook

LESSONS = [name for name in notebook.LESSONS if name != "00-welcome.ipynb"]

# Runs in the page: every visible button's text, accessible name parts and tooltip.
_BUTTONS_JS = """() => [...document.querySelectorAll('#rendered_cells button')]
    .filter(b => b.offsetParent !== null)
    .map(b => [b.innerText, b.getAttribute('aria-label') || '', b.title || ''].join(' | '))"""
# Runs in the page: the direction of the first heading, the first paragraph and every button,
# except notation buttons: card and action notation (``R3``, ``5♥``, ``JK``) sits in a
# ``pushlab-ltr`` element on purpose, so that a run of cards reads low to high in Arabic too
# (docs/i18n.md). A button there is notation only if it has no right-to-left letter: a word
# ("Sort") inside a left-to-right group must still run right to left.
_DIRECTIONS_JS = """() => { const out = {};
    const first = sel => document.querySelector('#rendered_cells ' + sel);
    const notation = b => b.closest('.pushlab-ltr') !== null && !/[\\u0590-\\u08ff]/.test(b.innerText);
    for (const sel of ['h1', 'h2', 'p']) { const e = first(sel); if (e) out[sel] = getComputedStyle(e).direction; }
    document.querySelectorAll('#rendered_cells button').forEach((b, i) => {
        if (b.offsetParent !== null && !notation(b))
            out['button ' + i + ' ' + b.innerText.slice(0, 20)] = getComputedStyle(b).direction; });
    return out; }"""
_TIMES: dict = {}


@pytest.fixture(scope="module", autouse=True)
def report_times():
    """After the module: how long the pages took to render (shown with -s)."""
    yield
    if _TIMES:
        slowest = sorted(_TIMES.items(), key=lambda kv: -kv[1])[:5]
        print(f"\n{len(_TIMES)} translated pages rendered in {sum(_TIMES.values()):.0f} s; slowest: "
              + ", ".join(f"{lang}/{name} {t:.0f} s" for (name, lang), t in slowest))


@pytest.fixture(scope="module")
def english():
    """``{language: words}``: the English words (4+ letters, from test_i18n) that are not also
    words of that language's translations (Estonian "link", Czech "interval", ...)."""
    from test_i18n import catalog, english_words

    words = english_words()
    out = {}
    for language in i18n.TRANSLATED:
        texts = [s for m in catalog(language) if m.string
                 for s in (m.string if isinstance(m.string, (tuple, list)) else (m.string,))]
        own = {w.lower() for w in re.findall(r"[^\W\d_]{4,}", " ".join(texts))}
        out[language] = words - own
    return out


def english_left(texts, words) -> list:
    """``(word, text)`` for each English word found in one of ``texts``."""
    from test_i18n import word_pattern

    found = []
    for text in texts:
        for word in sorted(words):
            if word_pattern(word).search(text):
                found.append((word, text[:120]))
    return found


def test_english_left_finds_whole_words_in_any_case():
    """The button check is not blind: whole English words in any case, not parts of words."""
    texts = ["Draw | | ", "Nosta | Tõmba | DRAW a card", "Drawing | | withdraw"]
    assert english_left(texts, {"draw", "card"}) == [
        ("draw", texts[0]), ("card", texts[1]), ("draw", texts[1])]
    assert english_left(texts[2:], {"draw", "with"}) == []


CASES = [pytest.param(lesson, language) for lesson in LESSONS for language in i18n.TRANSLATED]


@pytest.mark.parametrize(("lesson", "language"), CASES)
def test_app_renders_translated_accessible_and_in_its_direction(lesson, language, english, open_app,
                                                                app_errors, screenshot):
    """One load of ``<language>/<lesson>``: no error, no English on buttons, axe clean, direction."""
    from test_browser_a11y import axe_violations, describe

    t0 = time.perf_counter()
    page = open_app(f"{language}/{lesson}")
    _TIMES[(lesson, language)] = time.perf_counter() - t0
    assert app_errors(page) == []
    left = english_left(page.evaluate(_BUTTONS_JS), english[language])
    assert not left, f"English left on the buttons of {language}/{lesson}: {left}"
    expected = "rtl" if i18n.is_rtl(language) else "ltr"
    directions = page.evaluate(_DIRECTIONS_JS)
    assert set(directions.values()) == {expected}, directions
    violations = axe_violations(page)
    assert violations == [], describe(violations)
    if language in ("ar", "et"):
        screenshot(page, f"lang-{language}-{lesson.removesuffix('.ipynb')}", whole=False)
