"""The static book of the lessons (``make site``, built by ``scripts/build_site.py``).

Three layers:

- unit tests of the static stand-ins for widgets and of the launch links (fast);
- tests of a built site: ``make test`` builds one (every lesson executed, warnings
  as errors, about a minute idle) in a temporary folder; ``make site-test`` builds
  ``build/site`` and gives it as ``PUSHLAB_SITE``. Every lesson, rule and module has a
  page, no internal link is broken, launch links and live-kernel notes are there, and
  headless Chromium sees the index and a lesson's plot images.
"""

import functools
import http.server
import importlib.util
import json
import os
import subprocess
import sys
import threading
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import nbformat
import pytest
from conftest import _unavailable

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p.stem for p in (REPO / "notebooks").glob("*.ipynb"))
RULES = sorted(p.stem for p in (REPO / "docs" / "rules").glob("*.md"))

spec = importlib.util.spec_from_file_location("build_site", REPO / "scripts" / "build_site.py")
build_site = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_site)


def model(name, **state):
    """A stored widget model (as nbclient keeps it in ``metadata.widgets``)."""
    return {"model_name": name, "model_module": "@jupyter-widgets/controls", "state": state}


STATE = {
    "box": model("VBoxModel", children=["IPY_MODEL_html", "IPY_MODEL_row", "IPY_MODEL_out", "IPY_MODEL_hidden"]),
    "html": model("HTMLModel", value="<b>Ann</b> draws R3"),
    "row": model("HBoxModel", children=["IPY_MODEL_button", "IPY_MODEL_pick", "IPY_MODEL_label"]),
    "button": model("ButtonModel", description="Draw"),
    "pick": model("DropdownModel", description="Bots:", index=1, _options_labels=["one", "two"]),
    "label": model("LabelModel", value="a < b"),
    "out": model("OutputModel", outputs=[
        {"output_type": "stream", "name": "stdout", "text": "bust odds 1/3\n"},
        {"output_type": "display_data", "data": {"image/png": "iVBORw0KGgo=\n", "text/plain": "<Figure>"}},
    ]),
    "hidden": model("HTMLModel", value="secret", layout="IPY_MODEL_hidelayout"),
    "hidelayout": {"model_name": "LayoutModel", "state": {"display": "none"}},
}


def test_binder_urls_open_jupyterlab_or_the_voila_app():
    """Launch links name the repository file, in JupyterLab or as a Voilà app."""
    path = "notebooks/02-play-push-your-luck.ipynb"
    assert build_site.binder_url(path, slug="o/r").endswith("?urlpath=lab/tree/" + path)
    assert build_site.binder_url(path, app=True, slug="o/r") == (
        "https://mybinder.org/v2/gh/o/r/HEAD?urlpath=voila/render/" + path)


def test_widget_snapshot_shows_what_the_widget_showed():
    """HTML, labels, inert controls with their values, captured text and plots; hidden parts left out."""
    html = build_site.snapshot("IPY_MODEL_box", STATE)
    assert "<b>Ann</b> draws R3" in html and "a &lt; b" in html
    assert '<span class="pushlab-snap-control">Draw</span>' in html and "Bots: two" in html
    assert "bust odds 1/3" in html and 'src="data:image/png;base64,iVBORw0KGgo="' in html
    assert "secret" not in html
    assert build_site.snapshot("IPY_MODEL_missing", STATE) == ""


def test_make_static_replaces_every_widget_output():
    """Each widget view becomes a live-kernel note with both launch links; widget state is dropped."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("w", outputs=[
        nbformat.v4.new_output("display_data", data={
            build_site.WIDGET_VIEW: {"model_id": "box", "version_major": 2, "version_minor": 0},
            "text/plain": "VBox(...)"}),
        nbformat.v4.new_output("stream", name="stdout", text="plain output stays\n"),
    ])]
    nb.metadata["widgets"] = {build_site.WIDGET_STATE: {"state": STATE, "version_major": 2, "version_minor": 0}}
    assert build_site.make_static(nb, "notebooks/x.ipynb", slug="o/r") == 1
    note, plain = nb.cells[0].outputs
    text = note["data"]["text/html"]
    assert list(note["data"]) == ["text/html"] and "needs a live Python kernel" in text
    assert build_site.binder_url("notebooks/x.ipynb", app=True, slug="o/r") in text
    assert build_site.binder_url("notebooks/x.ipynb", slug="o/r") in text
    assert "<b>Ann</b> draws R3" in text and plain["text"] == "plain output stays\n"
    assert "widgets" not in nb.metadata


def test_launch_bar_offers_the_app_only_with_widgets():
    """Every lesson links to Binder; 'open as an app' only where there is something interactive."""
    with_app = build_site.launch_cell("notebooks/a.ipynb", True, slug="o/r").source
    without = build_site.launch_cell("notebooks/a.ipynb", False, slug="o/r").source
    assert "Launch on Binder" in with_app and "Open as an app" in with_app
    assert "Launch on Binder" in without and "Open as an app" not in without
    assert with_app.startswith(":::{admonition}") and with_app.rstrip().endswith(":::")


# ------------------------------------------------------------------ a built site


#: Every test of a built site may be the one whose setup builds it (a minute idle, several under load).
SITE_TIMEOUT = pytest.mark.timeout(900)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The built site's folder: ``PUSHLAB_SITE`` if set (``make site-test`` builds
    build/site and sets it), else ``scripts/build_site.py`` builds one here, every lesson
    executed, two at a time, with warnings as errors (about a minute idle)."""
    folder = os.environ.get("PUSHLAB_SITE")
    if not folder:
        if importlib.util.find_spec("myst_nb") is None:
            _unavailable('the site tools are not installed (pip install -e ".[test]" or ".[site]")')
        work = tmp_path_factory.mktemp("site")
        out = subprocess.run([sys.executable, str(REPO / "scripts" / "build_site.py"), "--out", str(work / "site"),
                              "--stage", str(work / "src"), "--jobs", "2"],
                             capture_output=True, text=True, timeout=900)
        assert out.returncode == 0, "make site failed:\n" + out.stdout[-3000:] + out.stderr[-5000:]
        folder = work / "site"
    folder = Path(folder).resolve()
    assert (folder / "index.html").is_file(), f"{folder} has no index.html"
    return folder


@pytest.mark.slow
@SITE_TIMEOUT
def test_site_builds_with_warnings_as_errors(site):
    """sphinx-build -W over the executed lessons, rule specs and API reference: no warning
    (the ``site`` fixture fails with the build's output otherwise), a page per lesson."""
    for name in NOTEBOOKS:
        assert (site / "notebooks" / f"{name}.html").is_file()


class LinkParser(HTMLParser):
    """Collects the ids and the href/src links of one HTML page."""

    def __init__(self):
        super().__init__()
        self.ids, self.links = set(), []

    def handle_starttag(self, tag, attrs):
        """Record ids, names, and link targets."""
        for key, value in attrs:
            if key in ("id", "name") and value:
                self.ids.add(value)
            if key in ("href", "src") and value is not None and not (tag == "link" and key == "href"
                                                                      and value.startswith("data:")):
                self.links.append(value)


@functools.lru_cache(maxsize=None)
def parse(page: Path) -> LinkParser:
    """The parsed links and ids of ``page``."""
    parser = LinkParser()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def broken_links(site: Path) -> list[str]:
    """Every internal link of the site whose file, or anchor in an HTML file, does not exist."""
    broken = []
    for page in sorted(site.rglob("*.html")):
        if page.relative_to(site).parts[0] in ("_static", "_sources"):  # theme templates, not pages
            continue
        for link in parse(page).links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//") or not (parts.path or parts.fragment):
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            where = f"{page.relative_to(site)} -> {link}"
            if not target.is_file():
                broken.append(f"{where}: no such file")
            elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in parse(target).ids:
                broken.append(f"{where}: no anchor #{parts.fragment}")
    return broken


@SITE_TIMEOUT
def test_site_has_a_page_per_lesson_rule_and_module(site):
    """Every lesson, both rule specs and every pushlab module (API reference) have a page."""
    for name in NOTEBOOKS:
        assert (site / "notebooks" / f"{name}.html").is_file(), name
    for name in RULES:
        assert (site / "docs" / "rules" / f"{name}.html").is_file(), name
    modules = sorted(".".join(p.relative_to(REPO).with_suffix("").parts) for p in (REPO / "pushlab").rglob("*.py")
                     if not p.name.startswith("_") and "__pycache__" not in p.parts)
    missing = [m for m in modules if not (site / "api" / f"{m}.html").is_file()]
    assert missing == []
    index = (site / "index.html").read_text()
    assert all(f'href="notebooks/{name}.html"' in index for name in NOTEBOOKS)


@SITE_TIMEOUT
def test_site_has_no_broken_internal_links(site):
    """Every relative href/src points at a file of the site, and every #anchor exists."""
    assert broken_links(site) == []


def test_link_checker_is_not_blind(tmp_path):
    """A missing file and a missing anchor are both reported."""
    (tmp_path / "a.html").write_text('<a href="b.html#nope">b</a><a href="c.html">c</a><a href="#top">t</a>'
                                     '<p id="top"></p><a href="https://example.org/x">x</a>')
    (tmp_path / "b.html").write_text('<h1 id="yes">b</h1>')
    assert broken_links(tmp_path) == ["a.html -> b.html#nope: no anchor #nope", "a.html -> c.html: no such file"]


@SITE_TIMEOUT
def test_lessons_carry_launch_links_and_live_kernel_notes(site):
    """Each lesson links to Binder; where a widget stood, a note says it needs a live kernel, with links."""
    for name in NOTEBOOKS:
        page = (site / "notebooks" / f"{name}.html").read_text()
        lab = build_site.binder_url(f"notebooks/{name}.ipynb")
        app = build_site.binder_url(f"notebooks/{name}.ipynb", app=True)
        assert f'href="{lab}"' in page, name
        source = json.loads((REPO / "notebooks" / f"{name}.ipynb").read_text())
        if "needs a live Python kernel" in page:
            assert f'href="{app}"' in page and "Open as an app" in page, name
        assert "application/vnd.jupyter.widget-view+json" not in page, name
    # the lessons that are games or step-throughs have widgets, so notes and app links
    for name in ("01-push-your-luck-rules", "02-play-push-your-luck"):
        page = (site / "notebooks" / f"{name}.html").read_text()
        assert "needs a live Python kernel" in page and "Open as an app" in page, name
    assert source["cells"]  # the source notebooks themselves stay clean (checked elsewhere)


@SITE_TIMEOUT
def test_lessons_are_executed(site):
    """The probability lab shows its plots (PNG files of the site) and its computed text."""
    page = site / "notebooks" / "03-push-your-luck-probability.html"
    links = parse(page).links
    files = [link for link in links if link.startswith("../_images/") and link.endswith(".png")]
    inline = [link for link in links if link.startswith("data:image/png;base64,")]
    assert len(files) + len(inline) >= 3
    assert all((page.parent / link).resolve().stat().st_size > 1000 for link in files)
    assert all(len(link) > 1000 for link in inline)


@SITE_TIMEOUT
def test_site_has_the_teachers_guide_and_handouts_in_every_language(site):
    """The teacher's guide (pushlab.guide.pages) in every language: its front page and a page
    per lesson, a translated page's body marked with its language (Arabic right to left);
    the printable handouts of every language beside it (their links: the link test)."""
    from pushlab import i18n
    from pushlab.guide import lessons

    for lang, name in i18n.LANGUAGES.items():
        folder = site / "teachers" if lang == "en" else site / "teachers" / lang
        for page in ["index", "running", "activities", *lessons()]:
            assert (folder / f"{page}.html").is_file(), (lang, page)
        index = (folder / "index.html").read_text(encoding="utf-8")
        if lang != "en":
            assert f'<div lang="{lang}" dir="{i18n.direction(lang)}">' in index, lang
        for handout in ("rules-luck", "rules-rummy", "tally-luck", "tally-rummy"):
            assert f'handouts/{lang}/{handout}.html"' in index, (lang, handout)
            assert (site / "handouts" / lang / f"{handout}.html").is_file(), (lang, handout)
    root = (site / "index.html").read_text(encoding="utf-8")
    assert all(f'href="teachers/{lang}/index.html"' in root for lang in i18n.TRANSLATED)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """A static file server that does not log every request."""

    def log_message(self, *args):
        """Say nothing."""


@pytest.fixture(scope="module")
def site_url(site):
    """The site served over HTTP on 127.0.0.1 (as a static host would), for the browser."""
    handler = functools.partial(QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@SITE_TIMEOUT
def test_browser_sees_the_index_and_a_lessons_plots(site_url, browser):
    """Headless Chromium: the index lists the lessons; a lesson shows loaded plot images."""
    context = browser.new_context(viewport={"width": 1280, "height": 1600})
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(site_url)
        links = page.locator("nav a[href^='notebooks/']")
        assert links.count() >= len(NOTEBOOKS)
        page.goto(site_url + "notebooks/03-push-your-luck-probability.html")
        plots = page.locator(".cell_output img[src$='.png'], .cell_output img[src^='data:image/png']")
        assert plots.count() >= 3
        for i in range(plots.count()):
            plots.nth(i).scroll_into_view_if_needed()
            assert plots.nth(i).evaluate("img => img.complete && img.naturalWidth > 100"), i
        assert page.get_by_text("Run this lesson live").count() >= 1
        assert errors == []
    finally:
        context.close()
