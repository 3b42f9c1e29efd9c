"""The teacher's guide and the handouts (pushlab.guide): complete, generated from the lessons'
own sources, in every language, and printable.

- every lesson page has its parts and a plan of exactly 45 minutes;
- the answer key is made from the same exercise and prediction definitions the apps ask
  (:mod:`pushlab.teaching`), in every language;
- the guide builds in every language with no English paragraph left, every marker filled;
- the rules sheets are the rules lessons' own paragraphs, the activities' exact answers come
  from the library;
- in headless Chromium, every rules sheet and tally sheet prints on one A4 page in every
  language, the worksheets print without sideways overflow, and print previews are saved as
  PNG (``tests/screenshots/handout-*.png``) to look at.
"""

import re
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from pushlab import i18n, teaching
from pushlab.guide import GAMES, PAGES, TEACHING_ORDER, lessons, title
from pushlab.guide import activities, handouts, pages
from pushlab.i18n import markdown

LESSON_PARTS = ("## Objectives", "## Prerequisites", "## A 45-minute plan", "## Common misconceptions",
                "## Answer key", "## Running it")
#: The student lessons this issue writes the guide for (other issues' lessons, 11 and 12, add theirs).
OWN_LESSONS = [n for n in TEACHING_ORDER if n <= 10]


def lesson_pages():
    return sorted(p for p in PAGES.glob("*.md") if p.name[:2].isdigit())


def test_every_student_lesson_has_a_guide_page():
    """Lessons 01-03 and 05-10 (00 welcomes, 04 is for teachers) each have a page, if their
    notebook is in the repository."""
    notebooks = {p.stem for p in (PAGES.parents[1] / "notebooks").glob("*.ipynb")}
    wanted = [s for s in notebooks if s[:2].isdigit() and int(s[:2]) in OWN_LESSONS]
    assert sorted(wanted) == sorted(s for s in wanted if (PAGES / f"{s}.md").is_file())
    assert set(lessons()) >= set(wanted)


@pytest.mark.parametrize("page", lesson_pages(), ids=lambda p: p.stem)
def test_every_lesson_page_has_its_parts_and_a_45_minute_plan(page):
    """Objectives, prerequisites, a plan, misconceptions, the key, running notes; the plan's
    minutes add up to 45; the card and the key are generated (markers)."""
    text = page.read_text(encoding="utf-8")
    for part in LESSON_PARTS:
        assert f"\n{part}\n" in text, (page.name, part)
    assert pages.minutes(page.stem) == 45
    assert f"<!-- pushlab: lesson {page.stem} -->" in text
    assert f"<!-- pushlab: answer-key {page.stem} -->" in text


def test_markdown_units_keep_the_page_shape():
    """Lists are cut into items, tables into cells (numbers stay), code and markers are kept
    out; English comes back unchanged."""
    md = ("# T\n\n* one\n* two\n  more\n\n| minutes | what |\n|---|---|\n| 5 | go |\n\n"
          "```bash\npushlab serve\n```\n\n<!-- pushlab: lessons -->")
    assert [u.text for u in markdown.units(md)] == ["# T", "one", "two\nmore", "minutes", "what", "go"]
    assert markdown.translate(md, "en") == md
    cs = markdown.translate(md, "cs")
    assert "| 5 |" in cs and "```bash\npushlab serve\n```" in cs and cs.endswith("<!-- pushlab: lessons -->")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_answer_key_is_made_from_the_apps_questions(language):
    """Every exercise's question, answer and reasoning, and every prediction's question, of
    every lesson with questions, as pushlab.teaching builds them in this language."""
    import html

    for stem in lessons():
        if stem not in teaching.lessons():
            assert pages.answer_key(stem, language) == ""
            continue
        key = pages.answer_key(stem, language)
        for e in teaching.exercises(stem, language):
            assert html.escape(e.question, quote=True) in key, (stem, e.key)
            assert html.escape(e.reasoning, quote=True) in key, (stem, e.key)
            if e.kind == "number":
                assert html.escape(e.answer_text, quote=True) in key, (stem, e.key)
        for p in teaching.predictions(stem, language):
            assert html.escape(p.question, quote=True) in key, (stem, p.key)


def test_the_guide_builds_in_every_language(tmp_path):
    """Every page in every language, every marker filled, no English paragraph left in a
    translation, links to the handouts of the same language; every handout written."""
    written = pages.build(tmp_path)
    english_units = {u.text for p in PAGES.glob("*.md") for u in markdown.units(p.read_text(encoding="utf-8"))
                     if len(u.text.split()) >= 4}
    for lang in i18n.LANGUAGES:
        folder = tmp_path / "teachers" if lang == "en" else tmp_path / "teachers" / lang
        names = sorted(p.stem for p in folder.glob("*.md"))
        assert names == sorted(["index", *pages.GENERAL, *lessons()]), lang
        for page in folder.glob("*.md"):
            text = page.read_text(encoding="utf-8")
            assert "<!-- pushlab:" not in text, page
            if lang != "en":
                left = [u for u in english_units if u in text]
                assert left == [], (page, left[:3])
        assert f"handouts/{lang}/rules-luck.html" in (folder / "index.md").read_text(encoding="utf-8")
        for name in handouts.handouts(lang, lessons()):
            assert (tmp_path / "_extra" / "handouts" / lang / name).is_file()
    assert sum(kind == "handout" for kind in written.values()) == 5 * len(handouts.handouts("en", lessons()))


def test_the_rules_sheets_are_the_rules_lessons_own_paragraphs():
    """Each rule section of lesson 01 and 05 is on its game's sheet, in the sheet's language;
    paragraphs that introduce the lesson's examples are not."""
    for game, (stem, _play) in GAMES.items():
        sections = handouts.rule_paragraphs(stem)
        assert len(sections) >= 4
        for lang in i18n.LANGUAGES:
            sheet = handouts.rules_sheet(game, lang)
            for heading, paras in sections:
                assert re.sub(r"^#+\s*", "", i18n.gettext(heading, lang)) in sheet.replace("&#x27;", "'"), (game, lang)
            assert f'lang="{lang}"' in sheet
        english = handouts.rules_sheet(game, "en")
        assert not re.search(r"<p>(Here|Below|Type) ", english)
    assert "90 number cards (the colours red, blue," in handouts.rules_sheet("luck", "en")
    assert "(värvid punane, sinine," in handouts.rules_sheet("luck", "et")
    # the colours are a list in the language's own way (Babel's format_list): was "أحمر, أزرق, ..."
    assert "yellow, and purple," in handouts.rules_sheet("luck", "en")
    assert "أحمر وأزرق وأخضر" in handouts.rules_sheet("luck", "ar")


def test_the_activities_exact_answers_come_from_the_library():
    """The 4th card busts exactly when it is a 1 (12 of the 117 cards left); a 6-card rummy
    hand misses every wild card with the hypergeometric chance, counted here independently."""
    from pushlab.luck.cards import full_deck
    from pushlab.rummy.cards import full_deck as rummy_deck

    deck = full_deck()
    ones = sum(c.kind == "number" and c.number == 1 for c in deck) - 3
    assert activities.activity("luck").exact == Fraction(ones, len(deck) - 3)
    rummy = rummy_deck()
    wild = sum(c.is_wild for c in rummy)
    assert activities.activity("rummy").exact == 1 - Fraction(comb(len(rummy) - wild, 6), comb(len(rummy), 6))
    low, high = activities.interval_table(20)[0][1:]
    assert low == 0 and 0.1 < high < 0.2
    for lang in i18n.TRANSLATED:
        assert activities.activity("luck", lang).name != activities.activity("luck").name


# ---------------------------------------------------------------------- printing, in Chromium


def pdf_pages(pdf: bytes) -> int:
    """How many pages a PDF has (Chromium writes one ``/Type /Page`` object per page)."""
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_tally_sheet_prints_the_wilson_interval_that_pushlab_uses(language):
    """Issue 26 review: the tally sheet told the class to pool with the Wald formula
    (estimate ± 1.96 × √(estimate × (1 − estimate) ÷ tries)) beside a table of Wilson intervals.
    It prints the Wilson interval now, its constants from pushlab.stats.Z95 in the language's
    decimal mark; read back, the recipe gives pushlab.stats.proportion_ci to 0.001, also at a
    count of 0 (where the Wald interval is 0 to 0) and of every try."""
    from html import unescape

    from pushlab import stats

    text = re.sub(r"<[^>]+>", " ", unescape(handouts.tally_sheet("luck", language)))
    num = r"(\d+[.,]\d+)"
    centre = re.search(rf"c = \(k \+ {num}\) ÷ \(n \+ {num}\)", text)
    half = re.search(rf"h = {num} × √\(k × \(n − k\) ÷ n \+ {num}\) ÷ \(n \+ {num}\)", text)
    assert centre and half, text
    a, b, z, c, b2 = (float(x.replace(",", ".")) for x in (*centre.groups(), *half.groups()))
    mark = "," if language in teaching.DECIMAL_COMMA else "."
    assert mark in centre.group(1) and b == b2
    for k, n in ((0, 40), (3, 40), (20, 40), (40, 40), (57, 320)):
        mid, h = (k + a) / (n + b), z * ((k * (n - k) / n + c) ** 0.5) / (n + b)
        lo, hi = stats.proportion_ci(k, n)
        assert abs(mid - h - lo) < 1e-3 and abs(mid + h - hi) < 1e-3, (k, n)
    assert "1 − " not in text.split("c − h", 1)[1]                 # no Wald recipe after it
    assert "Wald" in text or language == "ar"                       # and says why not Wald


def test_pdf_page_count_is_not_blind(browser):
    """A page of 400 lines prints on several pages; one line on one."""
    page = browser.new_page()
    try:
        page.set_content("<p>one line</p>")
        assert pdf_pages(page.pdf(format="A4")) == 1
        page.set_content("<p>line</p>" * 400)
        assert pdf_pages(page.pdf(format="A4")) > 3
    finally:
        page.close()


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_handouts_print(language, browser, screenshot):
    """In headless Chromium: every rules sheet and tally sheet prints on one A4 page; every
    worksheet shows the print layout without sideways overflow, and prints (PDF) in English
    and Arabic; the print previews of the one-page sheets (and of the English and Arabic
    worksheets) are saved as PNG."""
    page = browser.new_page(viewport={"width": 794, "height": 1123})      # A4 at 96 dpi
    try:
        page.emulate_media(media="print")
        for name, text in handouts.handouts(language, lessons()).items():
            page.set_content(text)
            one_page = name.startswith(("rules-", "tally-"))
            assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth + 1"), (language, name)
            if one_page or language in ("en", "ar"):
                pdf = page.pdf(prefer_css_page_size=True, print_background=True)
                assert pdf_pages(pdf) == 1 if one_page else pdf_pages(pdf) >= 1, (language, name, pdf_pages(pdf))
                assert screenshot(page, f"handout-{language}-{Path(name).stem}").stat().st_size > 0
    finally:
        page.close()


def test_a_multiple_choice_answer_is_a_list_in_the_language(monkeypatch):
    """A "multi" exercise's answer and its known wrong answers, in the answer key, are joined
    as the language joins a list (Babel's format_list): Arabic with و, no Latin ", " (was:
    ``أحمر, أزرق``). No lesson has a "multi" exercise yet: one is made here (~10 ms)."""
    labels = {"en": ("red", "blue", "star"), "ar": ("أحمر", "أزرق", "نجمة"), "cs": ("červená", "modrá", "hvězda")}

    def exercises(stem, lang):
        red, blue, star = (teaching.Choice(v, label) for v, label in zip(("R", "B", "*"), labels[lang]))
        return [teaching.ExerciseSpec(key="x", lesson=stem, question="Which faces lose cards?", kind="multi",
                                      answer=frozenset({"R", "B", "*"}), answer_text="R B *", reasoning="-",
                                      choices=(red, blue, star), mistakes=((frozenset({"R", "B"}), "no"),),
                                      language=lang)]

    monkeypatch.setattr(teaching, "exercises", exercises)
    monkeypatch.setattr(teaching, "predictions", lambda stem, lang: [])
    stem = teaching.lessons()[0]
    assert "<strong>red, blue, and star</strong>" in pages.answer_key(stem, "en")
    key = pages.answer_key(stem, "ar")
    assert "<strong>أحمر وأزرق ونجمة</strong>" in key and "<li>أحمر وأزرق: no</li>" in key and ", " not in key
    assert "červená, modrá a\xa0hvězda" in pages.answer_key(stem, "cs")
