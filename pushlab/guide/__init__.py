"""The teacher's guide and the handouts, in every language, from the sources the lessons use.

A class needs more than the apps: a plan for 45 minutes, the answers, paper. This package
makes them, and writes none of their facts a second time:

- :mod:`~pushlab.guide.pages` -- the guide: the English pages in ``docs/teachers/``
  (objectives, plans, misconceptions: prose, translated paragraph by paragraph through the
  catalogs, :mod:`pushlab.i18n.markdown`) with their generated parts filled in: each
  lesson's **answer key** from the same exercise and prediction definitions the apps ask
  (:mod:`pushlab.teaching`, answers computed by the library), the lesson list, the links;
- :mod:`~pushlab.guide.handouts` -- print-ready pages (HTML with a print style sheet, A4):
  a **rules sheet** per game from the rules lesson's own paragraphs (01, 05) and the
  library's deck and scoring, a **worksheet** per lesson from its predictions and
  exercises, a **tally sheet** per game for the class activity;
- :mod:`~pushlab.guide.activities` -- the class activity of each game (groups draw from
  real decks, the class pools its counts, each group's interval is read off a table), its
  exact answer from the library.

``python -m pushlab.guide --out DIR`` writes all of it (``DIR/teachers/`` markdown for the
book, ``DIR/handouts/<lang>/*.html``); ``scripts/build_site.py`` (``make site``) calls
:func:`pushlab.guide.pages.build` and puts both in the book. It needs a source checkout
(the lessons in ``notebooks/`` and the pages in ``docs/teachers/``).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from pushlab import i18n

__all__ = ["REPO", "NOTEBOOKS", "PAGES", "TEACHING_ORDER", "EXTENSIONS", "GAMES", "lessons", "title",
           "binder_url", "lesson_cells"]

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
PAGES = REPO / "docs" / "teachers"

#: The student lessons by number in the order a course teaches them, as the welcome page
#: lists them (numbers are names, not order: 10 is lesson 03's second half; 09 serves both
#: games; 11 and 12 are other issues' lessons). Lessons not in the repository yet are
#: skipped (:func:`lessons`).
TEACHING_ORDER = (1, 2, 3, 10, 8, 11, 5, 6, 7, 9, 12)
#: Lessons (or their later sections) that go beyond a 16-year-old's course: marked as extensions.
EXTENSIONS = ("08-when-to-bank",)
#: The two games: their rules lesson and their play app.
GAMES = {"luck": ("01-push-your-luck-rules", "02-play-push-your-luck"),
         "rummy": ("05-rummy-rules", "06-play-push-rummy")}

BINDER = "https://mybinder.org/v2/gh"


def binder_url(path: str, app: bool = False, slug: str = "pushlab/pushlab") -> str:
    """Binder URL opening ``path`` (repository-relative) in JupyterLab, or as a Voilà app.

    >>> binder_url("notebooks/et/02-play-push-your-luck.ipynb", app=True, slug="o/r")
    'https://mybinder.org/v2/gh/o/r/HEAD?urlpath=voila/render/notebooks/et/02-play-push-your-luck.ipynb'
    """
    where = "voila/render/" if app else "lab/tree/"
    return f"{BINDER}/{slug}/HEAD?urlpath={where}{path}"


def _stems(notebooks: Path) -> set:
    return {p.stem for p in notebooks.glob("*.ipynb")}


def lessons(notebooks: Path = NOTEBOOKS, pages: Path = PAGES) -> list[str]:
    """The lessons the guide covers, in teaching order: those with a notebook and a guide page.

    A lesson a guide page is written for but whose notebook is not there yet (another issue's
    lesson) is left out until it lands, and the other way round.
    """
    have = sorted(_stems(notebooks) & {p.stem for p in pages.glob("*.md")})
    number = lambda stem: int(stem.split("-", 1)[0]) if stem[:2].isdigit() else -1     # noqa: E731
    return [s for n in TEACHING_ORDER for s in have if number(s) == n]


@lru_cache(maxsize=None)
def _notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def lesson_cells(stem: str, notebooks: Path = NOTEBOOKS) -> list[dict]:
    """The cells of lesson ``stem``'s English notebook."""
    return _notebook(notebooks / f"{stem}.ipynb")["cells"]


def _source(cell) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def title(stem: str, language: str = "en", notebooks: Path = NOTEBOOKS) -> str:
    """Lesson ``stem``'s title in ``language``: its notebook's first heading, translated by the catalogs.

    >>> title("01-push-your-luck-rules").startswith("Push, the push-your-luck card game")
    True
    """
    from pushlab.i18n.notebook import paragraphs

    for cell in lesson_cells(stem, notebooks):
        if cell["cell_type"] == "markdown":
            for para in paragraphs(_source(cell)):
                if para.startswith("# "):
                    return re.sub(r"^#\s*", "", i18n.gettext(para, language)).strip()
    return stem
