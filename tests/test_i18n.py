"""Translations: the API, complete and current catalogs, generated lessons, and the pages in a browser.

The catalogs are complete when every string that ``pybabel extract -F babel.cfg``
finds now (marked ``_()``/``gettext()`` calls and the lessons' markdown paragraphs)
has a translation in every language: a new English string without one fails here.
"""

import functools
import importlib.util
import io
import json
import re
import string
from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

import pushlab
from pushlab import i18n
from pushlab.i18n import compile, notebook
from pushlab.widgets.language import LanguagePicker

REPO = Path(__file__).resolve().parents[1]
LOCALE = REPO / "pushlab" / "i18n" / "locale"
_spec = importlib.util.spec_from_file_location("strip_notebooks", REPO / "scripts" / "strip_notebooks.py")
strip_notebooks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(strip_notebooks)


@pytest.fixture(autouse=True)
def english_after():
    """Every test leaves the process in English."""
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """The message ids that ``pybabel extract`` finds in the sources now."""
    pot = tmp_path_factory.mktemp("pot") / "now.pot"
    import os
    cwd = os.getcwd()
    os.chdir(REPO)
    try:
        CommandLineInterface().run(["pybabel", "-q", "extract", "-F", "babel.cfg", "--no-location",
                                    "-k", "_", "-k", "gettext", "-k", "ngettext:1,2", "-o", str(pot), "."])
    finally:
        os.chdir(cwd)
    with pot.open("rb") as f:
        return {m.id for m in read_po(f) if m.id}


def catalog(language):
    """The messages of every ``.po`` part of ``language`` (a list of Babel messages)."""
    out = []
    for path in compile.part_files(language):
        out += [m for m in compile.read_part(path, language) if m.id]
    return out


def format_fields(text):
    """The ``{placeholder}`` names in ``text``, sorted; a text that is no format string
    (a LaTeX formula such as ``\\frac{\\binom{12}{k}}{n}``, which ``.format`` would refuse) has none."""
    try:
        return sorted(f for _, f, _, _ in string.Formatter().parse(text) if f)
    except ValueError:
        return []


def test_set_language_switches_every_string_and_unknown_ones_are_refused():
    """set_language changes gettext's answers; an unknown code raises and keeps the language."""
    pushlab.set_language("cs")
    assert pushlab.current_language() == "cs" and i18n._("Check the setup") == "Zkontrolovat instalaci"
    assert i18n.gettext("Check the setup", "et") == "Kontrolli paigaldust"
    with pytest.raises(i18n.UnknownLanguage, match=r"'xx'.*en \(English\).*ar \(العربية\)") as err:
        pushlab.set_language("xx")
    assert isinstance(err.value, pushlab.PushlabError) and isinstance(err.value, ValueError)
    assert pushlab.current_language() == "cs"
    pushlab.set_language("ar-EG")
    assert i18n.is_rtl() and i18n.direction() == "rtl" and not i18n.is_rtl("eo")


def test_the_rtl_helpers_mark_widgets_and_html():
    """apply_direction adds and removes the RTL class; wrap_html and page_style follow the language."""
    import ipywidgets as widgets

    box = widgets.VBox([])
    assert i18n.RTL_CLASS in i18n.apply_direction(box, "ar")._dom_classes
    assert i18n.RTL_CLASS not in i18n.apply_direction(box, "et")._dom_classes
    assert 'dir="rtl"' in i18n.wrap_html("x", "ar") and i18n.page_style("cs") == ""
    assert "direction: rtl" in i18n.page_style("ar")


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_catalog_translates_every_extracted_string(language, extracted):
    """No English string without a translation; none fuzzy; nothing stale; parts agree."""
    cat = catalog(language)
    translated = {m.id: m for m in cat if m.id}
    missing = sorted(str(i) for i in extracted - {i for i, m in translated.items() if m.string})
    assert not missing, (f"untranslated in {language} (make catalogs; python -m pushlab.i18n.compile "
                         f"--missing {language}): {missing}")
    assert not [m.id for m in cat if m.id and m.fuzzy], f"fuzzy entries in {language}"
    assert not sorted(map(str, set(translated) - extracted)), f"stale entries in {language} (remove them)"
    assert compile.conflicts(language) == []


def test_every_marked_string_in_the_code_is_extracted(extracted):
    """A ``_("...")`` call inside an f-string is invisible to Babel's extractor, so it would stay
    English in every language: every literal marked in ``pushlab/`` must be in the template."""
    import ast

    hidden = []
    for path in sorted((REPO / "pushlab").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("_", "gettext", "ngettext") and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                ids = {node.args[0].value}
                if node.func.id == "ngettext" and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                    ids = {(node.args[0].value, node.args[1].value)}
                if not ids & extracted:
                    hidden.append(f"{path.relative_to(REPO)}:{node.lineno}: {node.args[0].value[:50]!r}")
    assert not hidden, "marked but not extracted (move the _() call out of the f-string): " + "; ".join(hidden)


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_translations_keep_placeholders_links_and_markup(language):
    """{name} placeholders, link targets, markdown headings and bold marks survive translation."""
    fields = format_fields
    targets = lambda s: sorted(re.findall(r"\]\(([^)]+)\)", s))
    for m in catalog(language):
        ids = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        texts = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        for text in texts:                      # plural forms: each keeps the plural's fields
            source = ids[-1]
            assert set(fields(text)) <= set(fields(source)) and (len(ids) > 1 or fields(text) == fields(source)), (language, m.id)
            assert targets(text) == targets(source), (language, m.id)
            assert text.count("**") == source.count("**"), (language, m.id)
            assert re.match(r"#*", text).group() == re.match(r"#*", source).group(), (language, m.id)


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_compiled_catalogs_are_current(language):
    """Each committed .mo holds exactly its .po part's translations (make catalogs compiles them)."""
    parts = compile.part_files(language)
    assert parts and sorted(p.with_suffix(".mo") for p in parts) == i18n.parts(language)
    for path in parts:
        freeze = lambda v: tuple(v) if isinstance(v, (list, tuple)) else v     # plural ids and forms
        with path.with_suffix(".mo").open("rb") as f:
            mo = {freeze(m.id): freeze(m.string) for m in read_mo(f) if m.id}
        assert mo == {freeze(m.id): freeze(m.string) for m in compile.read_part(path, language) if m.id}, path


def test_translated_lessons_are_current_and_clean():
    """notebooks/<lang>/ is what make catalogs writes now, committed without outputs."""
    assert notebook.stale() == [], "translated lessons are stale: run make catalogs"
    for path in notebook.copies():
        assert strip_notebooks.main(["--check", str(path)]) == 0, path


def test_a_translated_lesson_speaks_its_language_and_keeps_its_links():
    """Every paragraph translated, the code told its language, links to English lessons go up a folder."""
    nb = json.loads((REPO / "notebooks" / "00-welcome.ipynb").read_text(encoding="utf-8"))
    ar = notebook.translate(nb, "ar", "00-welcome.ipynb")
    md = "".join(ar["cells"][0]["source"])
    assert md.startswith('<div lang="ar" dir="rtl">') and "مرحبًا" in md
    for lesson in re.findall(r"\]\((?:\.\./)?(\d\d-[^)/]+\.ipynb)\)", md):   # translated: same folder
        assert f"]({lesson if lesson in notebook.LESSONS else '../' + lesson})" in md, lesson
    assert 'page="ar"' in "".join(ar["cells"][1]["source"])
    assert nb["cells"][0]["source"][0].startswith("# Welcome")     # the source is untouched


def test_picker_links_every_language_and_obeys_the_query():
    """The picker links the lesson in each language; ?lang= sets the widgets' language; a bad one is shown."""
    picker = LanguagePicker("00-welcome.ipynb", page="en", query={"lang": "eo"})
    assert i18n.current_language() == "eo" and 'href="eo/00-welcome.ipynb"' in picker.value
    assert "Legu ĉi tiun lecionon en Esperanto" in picker.value
    bad = LanguagePicker("00-welcome.ipynb", page="cs", query={"lang": "klingon"})
    assert bad.language == "cs" and "unknown language" in bad.value and 'role="alert"' in bad.value
    for code in i18n.LANGUAGES:
        assert f'hreflang="{code}"' in bad.value


# --------------------------------------------------------------------------- browser

# English words allowed on a translated page: names, and words that are also the language's own.
ALLOWED = {"push", "pushlab", "ravensburger", "python", "english", "esperanto", "your", "luck",
           "rummy", "interval"}


@functools.lru_cache(maxsize=None)
def english_words() -> frozenset:
    """The English words (4+ letters) of every message, less names and :data:`ALLOWED`
    (read once per test process: 0.7 s)."""
    ids = [m.id if isinstance(m.id, (tuple, list)) else (m.id,) for m in catalog("et") if m.id]
    text = " ".join(i for forms in ids for i in forms)          # plural entries: both forms
    text = re.sub(r"\]\([^)]*\)|<[^>]+>|\{[^}]*\}", " ", text)
    return frozenset({w.lower() for w in re.findall(r"[A-Za-z]{4,}", text)} - ALLOWED)


@functools.lru_cache(maxsize=None)
def word_pattern(word: str) -> re.Pattern:
    """``\\b<word>\\b``, ignoring case, compiled once: the 1,400 English words are searched in
    every button of every translated page, and :mod:`re`'s own cache (512 patterns) is
    smaller than that, so ``re.search(rf"\\b{word}\\b", ...)`` compiled every word again for
    every text (0.5-2.4 s a page, 68 ms a text)."""
    return re.compile(rf"\b{word}\b", re.IGNORECASE)


def open_lesson(browser, server, path):
    """Open ``path`` (relative to notebooks/, query allowed) in Voilà and wait for it to render."""
    from conftest import _RENDERED_JS

    context = browser.new_context(viewport={"width": 1100, "height": 1400})
    page = context.new_page()
    page.set_default_timeout(120_000)
    page.goto(f"{server.base_url}voila/render/{path}")
    page.wait_for_function(_RENDERED_JS)
    page.wait_for_selector(".widget-button", state="visible")
    return context, page


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_welcome_renders_in_every_language_with_no_english_left(language, browser, voila_server, screenshot):
    """The generated welcome lesson: translated text, button and status; Arabic right to left; axe clean."""
    context, page = open_lesson(browser, voila_server, f"{language}/00-welcome.ipynb")
    try:
        page.get_by_role("button", name=i18n.gettext("Check the setup", language)).click()
        ready = i18n.gettext("<b>Ready:</b> pushlab {version} is installed.", language)
        page.get_by_text(re.sub("<[^>]+>", "", ready).split("pushlab")[-1].format(
            version=pushlab.__version__).strip()).first.wait_for(timeout=30_000)
        text = page.inner_text("#rendered_cells")
        left = sorted(w for w in english_words() if word_pattern(w).search(text))
        assert not left, f"English left on the {language} page: {left}"
        heading = page.locator("#rendered_cells h1").first
        cell_dir = heading.evaluate("e => getComputedStyle(e).direction")
        box_dir = page.locator(f".{i18n.RTL_CLASS}, .widget-vbox").first.evaluate(
            "e => getComputedStyle(e).direction")
        expected = "rtl" if i18n.is_rtl(language) else "ltr"
        assert (cell_dir, box_dir) == (expected, expected)
        if language == "ar":   # the heading's and paragraphs' text starts at the right edge
            box = heading.bounding_box()
            assert box["x"] + box["width"] > 1100 * 0.6
            para = page.locator("#rendered_cells p").first
            assert para.evaluate("e => getComputedStyle(e).textAlign") in ("start", "right")
        from test_browser_a11y import axe_violations, describe

        violations = axe_violations(page)
        assert violations == [], describe(violations)
        screenshot(page, f"i18n-{language}-00-welcome")
    finally:
        context.close()


def test_lang_query_on_the_english_page_sends_the_reader_to_the_translation(browser, voila_server):
    """?lang=ar on the English lesson: the page goes on to the Arabic copy, query kept; Arabic button."""
    context, page = open_lesson(browser, voila_server, "00-welcome.ipynb?lang=ar")
    try:
        page.wait_for_function("() => location.pathname.endsWith('/voila/render/ar/00-welcome.ipynb')"
                               " && location.search === '?lang=ar'", timeout=60_000)
        page.get_by_role("button", name="تحقّق من التثبيت").wait_for(timeout=120_000)
        assert page.locator(f".{i18n.RTL_CLASS}").first.evaluate("e => getComputedStyle(e).direction") == "rtl"
        assert "مرحبًا" in page.inner_text("#rendered_cells")
    finally:
        context.close()


TEMPLATE = REPO / "pushlab" / "data" / "jupyter" / "voila" / "templates" / "pushlab" / "index.html.j2"


@pytest.mark.parametrize(("path", "search", "expected"), [
    ("/voila/render/02-play.ipynb", "?lang=et", "/voila/render/et/02-play.ipynb?lang=et"),
    ("/voila/render/02-play.ipynb", "?position=L1.x&lang=AR-eg",
     "/voila/render/ar/02-play.ipynb?position=L1.x&lang=AR-eg"),
    # a hub serving the repository (or pushlab serve --notebooks .): the lessons sit in a folder
    ("/user/u1/voila/render/notebooks/02-play.ipynb", "?lang=cs",
     "/user/u1/voila/render/notebooks/cs/02-play.ipynb?lang=cs"),
    # from one language's copy to another's, not into a copy of the copy
    ("/voila/render/et/02-play.ipynb", "?lang=eo", "/voila/render/eo/02-play.ipynb?lang=eo"),
    ("/user/u1/voila/render/notebooks/ar/05-rules.ipynb", "?lang=cs",
     "/user/u1/voila/render/notebooks/cs/05-rules.ipynb?lang=cs"),
    ("/voila/render/et/02-play.ipynb", "?lang=et", None),          # there already
    ("/voila/render/et/02-play.ipynb", "?lang=en", "/voila/render/02-play.ipynb?lang=en"),  # back to English
    ("/voila/render/02-play.ipynb", "?lang=en", None),
    ("/voila/render/02-play.ipynb", "?lang=fr", None),              # no such copy: the picker says so
    ("/voila/render/02-play.ipynb", "", None),
    ("/voila/tree/notebooks", "?lang=et", None),                    # not a lesson page
])
def test_the_page_template_finds_the_copy_for_lang_wherever_the_lessons_are(browser, path, search, expected):
    """The template's own script, run in Chromium on the paths readers get here, on Binder and on a hub."""
    [function] = re.findall(r"(function pushlabLanguagePage\(.*?\n})", TEMPLATE.read_text(encoding="utf-8"), re.S)
    page = browser.new_page()
    try:
        got = page.evaluate(f"([p, s]) => {{ {function}; return pushlabLanguagePage(p, s, {json.dumps(list(i18n.TRANSLATED))}); }}",
                            [path, search])
    finally:
        page.close()
    assert got == expected


def test_the_page_template_redirects_exactly_the_translated_languages():
    """The Voilà template's list of language codes is pushlab's (it cannot import Python), and
    every lesson has its copies, so ?lang= on any lesson has a page to go to."""
    lessons = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
    untranslated = sorted(set(lessons) - set(notebook.LESSONS))
    assert not untranslated, f"lessons without translated copies (add them to babel.cfg): {untranslated}"
    template = (REPO / "pushlab" / "data" / "jupyter" / "voila" / "templates" / "pushlab" / "index.html.j2")
    [codes] = re.findall(r"var codes = \[([^\]]*)\]", template.read_text(encoding="utf-8"))
    assert tuple(json.loads(f"[{codes}]")) == i18n.TRANSLATED


def test_a_lesson_paragraph_with_a_percent_is_not_a_python_format(tmp_path):
    """'20% risk' looks like '% r' to Babel: a markdown paragraph's translation need not copy it."""
    part = tmp_path / "part.po"
    part.write_text('#. markdown paragraph; keep links\nmsgid "A 20% risk."\nmsgstr "Riziko 20 procent."\n\n'
                    'msgid "A 20% risk"\nmsgstr "Riziko 20 procent"\n', encoding="utf-8")
    assert [m.id for m, errors in compile.read_part(part, "cs").check() if errors] == ["A 20% risk"]


def test_the_picker_never_waits_for_a_reader_in_a_warm_kernel(monkeypatch):
    """In a preheated kernel the picker must not read the query (that would block the
    lesson's first cell until a reader comes, so nothing after it would be preheated)."""
    import pushlab.serving

    def blocked(*args, **kwargs):
        raise AssertionError("the picker waited for the page's query in a warm kernel")

    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(pushlab.serving, "query_params", blocked)
    picker = LanguagePicker("02-play-push-your-luck.ipynb", page="cs")
    assert picker.language == "cs" and i18n.current_language() == "cs"
    monkeypatch.setenv("VOILA_PREHEAT", "False")                 # a kernel started for a reader
    monkeypatch.setattr(pushlab.serving, "query_params", lambda: {"lang": "eo"})
    assert LanguagePicker("02-play-push-your-luck.ipynb", page="cs").language == "eo"


def test_the_translated_copies_are_run_in_the_browser_not_by_nbval():
    """pytest skips notebooks/<lang>/ (norecursedirs); the browser language test runs them all."""
    import tomllib

    config = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert set(i18n.TRANSLATED) <= set(config["norecursedirs"])
    import test_browser_languages

    covered = {(p.values[0], p.values[1]) for p in test_browser_languages.CASES}
    assert covered | {("00-welcome.ipynb", code) for code in i18n.TRANSLATED} == {
        (lesson, code) for lesson in notebook.LESSONS for code in i18n.TRANSLATED}


def test_the_page_template_says_loading_and_busy_in_the_lessons_language():
    """The template's loading and busy lines are the catalogs' (``make catalogs`` writes them),
    translated in every language, and the page picks them by the lesson's folder (<lang>/)."""
    from pushlab import serving

    template = serving.TEMPLATE_FILE.read_text(encoding="utf-8")
    [line] = re.findall(r"^\s*(var texts = .*;)$", template, re.M)
    assert line == serving.template_texts(), "run make catalogs: the template's texts are stale"
    texts = json.loads(line.removeprefix("var texts = ").removesuffix(";"))
    assert set(texts) == {"en", *i18n.TRANSLATED}
    for code in i18n.TRANSLATED:
        assert all(texts[code][k] != texts["en"][k] for k in texts["en"]), code
    assert "{seconds}" in texts["ar"]["busy"] and "{i}" in texts["cs"]["cells"]
    assert r"\/voila\/render\/(?:.*\/)?([a-z]{2})\/" in template and "texts[m[1]]" in template
