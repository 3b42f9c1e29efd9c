"""The rummy play app in Arabic in the browser: right to left, cards left to right, no English on its buttons."""

import json
import re

ARABIC_APP = """from pushlab import set_language
set_language("ar")
from pushlab.widgets.rummy import PlayApp
app = PlayApp(seed=2024, hint=False)
app.session.take()
app.refresh()
app"""

# Runs in the page: the text of every button and option of the app, outside the shared position link.
_LABELS_JS = """() => [...document.querySelectorAll('.pl-rummy-playapp button, .pl-rummy-playapp option')]
    .filter(e => !e.closest('.pl-position-link, .pl-btn-link') && !e.classList.contains('pl-btn-link')
                 && !e.closest('.pl-hand'))
    .map(e => e.innerText || e.textContent)"""


def test_arabic_rummy_app_is_right_to_left_with_no_english_buttons(tmp_path, voila_factory, open_app, app_errors,
                                                                     screenshot):
    """dir: the app rtl, the hand and the log's card notation ltr; every button and option label is Arabic."""
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                           "source": ARABIC_APP}],
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "rummy-ar.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    server = voila_factory(tmp_path)
    page = open_app("rummy-ar", server=server, wait_for=".pl-rummy-table")
    assert app_errors(page) == []
    direction = "(sel) => getComputedStyle(document.querySelector(sel)).direction"
    assert page.evaluate(direction, ".pl-rummy-playapp") == "rtl"
    assert page.evaluate(direction, ".pl-hand") == "ltr"
    assert page.evaluate(direction, ".pl-log .pushlab-ltr") == "ltr"
    labels = [t.strip() for t in page.evaluate(_LABELS_JS) if t.strip()]
    assert len(labels) > 20
    english = [t for t in labels if re.search(r"[A-Za-z]{2,}", t)]
    assert english == [], english
    assert "كومة السحب" in page.inner_text(".pl-rummy-table")
    screenshot(page, "i18n-ar-06-rummy-play")
