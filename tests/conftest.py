"""Shared pytest configuration: hypothesis profiles and the browser fixtures.

Hypothesis
    Two profiles are registered: ``ci`` (``derandomize=True``, ``deadline=None``,
    no example database: the same examples on every run) and ``dev`` (random, ``deadline=None``).
    ``ci`` is loaded when the ``CI`` environment variable is set, ``dev``
    otherwise; ``HYPOTHESIS_PROFILE=ci`` picks one explicitly. Neither changes
    ``max_examples``: keep it modest in your own ``@settings``.

Browser fixtures (for ``tests/test_browser*.py``)
    ``voila_server`` (session)
        A Voilà server on ``notebooks/``, on a free port of 127.0.0.1, with
        tracebacks shown (readers never see them; tests must). Attributes:
        ``base_url`` (``"http://127.0.0.1:PORT/"``), ``port``, ``root`` (the
        notebooks folder, a Path), ``log`` (the server's log file) and
        ``render_url(name)``. SIGTERM at the end of the session.
    ``browser`` (session)
        Headless Playwright Chromium (``/usr/bin/chromium``, or
        ``$PUSHLAB_CHROMIUM``). Missing Chromium or Playwright: the test is
        skipped locally with the reason, and FAILS when ``CI`` is set.
    ``open_app`` (function)
        ``page = open_app("02-play-push-your-luck")`` (``.ipynb`` optional)
        opens ``/voila/render/<name>.ipynb`` in a fresh browser context with
        a tall viewport (``width=1280, height=2400`` by default; ``mobile=True``:
        a touch screen that honours the page's viewport tag, as phones do), waits until
        Voilà has executed the notebook and every output has been rendered, until
        no widget says "Loading widget..." any more (the widget manager has the
        kernel's widget state: under load that comes seconds after the page),
        then until the page has been still for about a second (at most 15 s
        more), and returns the
        Playwright ``Page``. ``wait_for=".my-marker"`` also waits for that
        selector; ``timeout`` is in milliseconds (default 120 s);
        ``server=`` another ``VoilaServer``; ``query="position=..."`` is added to
        the address. Pages are closed after the test.
    ``voila_factory`` (function)
        ``voila_factory(folder, extra=()) -> VoilaServer``: a private server on
        another folder (e.g. a ``tmp_path`` with a scratch notebook; ``extra``:
        more Voilà options), stopped after the test.
    ``app_errors`` (function)
        ``app_errors(page) -> list[str]``: what went wrong on a page opened by
        ``open_app``: tracebacks or error text in stderr outputs, Voilà's
        "There was an error when executing cell", "Error displaying widget",
        and uncaught JavaScript exceptions. ``assert app_errors(page) == []``.
        A widget that failed to draw is reported with its text and page cell,
        the browser console's errors and warnings (where ipywidgets says why)
        and the end of Voilà's log (the kernel's own messages).
    ``screenshot`` (function)
        ``screenshot(page, "02-after-bust") -> Path`` saves a PNG of the
        whole app (the viewport is stretched to the app's height for the
        shot, at most 16000 px; ``whole=False``: just the viewport) in
        ``tests/screenshots/`` (git-ignored).

    Tests that use any of these fixtures get the ``browser`` marker, so
    ``pytest -m "not browser"`` skips them.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

try:
    from hypothesis import HealthCheck, settings
except ImportError:  # pragma: no cover - hypothesis is a test dependency
    settings = None

REPO = Path(__file__).resolve().parents[1]
# Class experiments (pushlab.classroom) keep their tries in $PUSHLAB_STORE: in tests a scratch
# SQLite file per test process (Voilà servers and notebook kernels started by the tests inherit it).
os.environ["PUSHLAB_STORE"] = str(Path(tempfile.mkdtemp(prefix="pushlab-store-")) / "class.sqlite3")
# ... and the test servers run in the demo mode where a student page's ?seed= fixes its shuffles
# (pushlab.classroom.student: a real class's pages ignore it).
os.environ["PUSHLAB_DEMO_SEEDS"] = "1"
NOTEBOOK_DIR = REPO / "notebooks"
SCREENSHOT_DIR = Path(__file__).resolve().parent / "screenshots"
CHROMIUM = os.environ.get("PUSHLAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
BROWSER_FIXTURES = {"voila_server", "voila_factory", "browser", "open_app"}

def in_ci() -> bool:
    """True when running under CI (the ``CI`` variable is set and not false)."""
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


if settings is not None:
    # Explicit parents: hypothesis itself loads its own "ci" profile whenever a CI
    # variable exists (even CI=false), and a profile without parent inherits it.
    settings.register_profile(
        "ci",
        parent=settings.get_profile("default"),
        derandomize=True,
        deadline=None,
        database=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    settings.register_profile("dev", parent=settings.get_profile("default"), deadline=None)
    settings.load_profile(
        os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if in_ci() else "dev")
    )



def _unavailable(reason: str):
    """Fail under CI, skip locally: a browser test must never pass silently in CI."""
    if in_ci():
        pytest.fail(f"{reason} (CI is set, so this is a failure, not a skip)", pytrace=False)
    pytest.skip(reason)


def pytest_collection_modifyitems(config, items):
    """Mark every test that uses a browser fixture with ``browser``."""
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


# --------------------------------------------------------------------------- workers

#: Modules whose tests are independent page loads: spread one test at a time over the
#: workers (every other module goes to one worker whole, so that its module fixtures run once).
SPLIT_MODULES = ("tests/test_browser_languages.py",)


#: Units that take a minute or more in one piece (the site build with every lesson run; the
#: wheel built, installed and served): handed out first.
LONG_UNITS = ("tests/test_site.py", "tests/test_package.py")


def work_unit(nodeid: str) -> str:
    """The unit of work a pytest-xdist worker takes whole, for a test's node id: a notebook
    (nbval runs its cells in order in one kernel), a test of :data:`SPLIT_MODULES`, or else
    a module (or class), as ``--dist loadscope`` does.

    >>> work_unit("notebooks/02-play.ipynb::Cell 3")
    'notebooks/02-play.ipynb'
    >>> work_unit("tests/test_browser_languages.py::test_app[01.ipynb-ar]")
    'tests/test_browser_languages.py::test_app[01.ipynb-ar]'
    >>> work_unit("tests/test_luck_rules.py::test_bust")
    'tests/test_luck_rules.py'
    """
    path = nodeid.split("::", 1)[0]
    if path.endswith(".ipynb"):
        return path
    if path in SPLIT_MODULES:
        return nodeid
    return nodeid.rsplit("::", 1)[0]


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist (test extra)
def pytest_xdist_make_scheduler(config, log):
    """``pytest -n N`` (``make test`` uses two workers): hand out :func:`work_unit` units,
    :data:`LONG_UNITS` first, then the largest. (pytest-xdist's own ``load`` would split a notebook's cells over
    workers, and its ``xdist_group`` marks are not seen under pytest 9.)"""
    if config.getvalue("dist") not in ("load", "loadscope", "loadgroup"):
        return None  # --dist each, worksteal, ...: as asked
    from xdist.scheduler import LoadScopeScheduling

    class WorkUnitScheduling(LoadScopeScheduling):
        """``--dist loadscope`` with :func:`work_unit` as the scope, :data:`LONG_UNITS` first."""

        _ordered = False

        def _split_scope(self, nodeid):
            """The unit ``nodeid`` belongs to."""
            return work_unit(nodeid)

        def _assign_work_unit(self, node):
            """Hand out the next unit; before the first, put the long units at the front
            (a long unit taken last would leave the other worker idle at the end) and the
            single tests of :data:`SPLIT_MODULES` at the back (short, alike: they fill the
            end evenly; was: ordered by size only, they came before other one-test units,
            and ``test_browser_stats.py``, 14 s idle, was among the last handed out)."""
            if not self._ordered:
                self._ordered = True
                units = sorted(self.workqueue.items(), key=lambda kv: (
                    kv[0] not in LONG_UNITS, kv[0].split("::", 1)[0] in SPLIT_MODULES))
                self.workqueue.clear()
                self.workqueue.update(units)
            super()._assign_work_unit(node)

    return WorkUnitScheduling(config, log)


def pytest_configure(config):
    """Register the ``browser`` marker."""
    config.addinivalue_line("markers", "browser: needs Voilà and headless Chromium")


# --------------------------------------------------------------------------- Voilà


def free_port() -> int:
    """Ask the OS for a port that is free on 127.0.0.1 right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def voila_test_argv(root: Path, port: int) -> list[str]:
    """The command line of the test server: fixed port and host, tracebacks shown, and the
    page template readers get from ``pushlab serve`` (``pushlab``: the busy message and the
    ``?lang=`` redirect; found through ``JUPYTER_PATH``, see :func:`start_voila`)."""
    from pushlab.serving import TEMPLATE

    return [
        sys.executable,
        "-m",
        "voila",
        str(root),
        "--no-browser",
        f"--port={port}",
        "--Voila.port_retries=0",
        "--Voila.ip=127.0.0.1",
        "--show_tracebacks=True",
        "--VoilaConfiguration.classic_tree=True",
        f"--template={TEMPLATE}",
    ]


@dataclass
class VoilaServer:
    """A running Voilà server (see the module docstring)."""

    process: subprocess.Popen
    port: int
    root: Path
    log: Path

    @property
    def base_url(self) -> str:
        """The server's root URL, ending in a slash."""
        return f"http://127.0.0.1:{self.port}/"

    def render_url(self, name: str) -> str:
        """The URL that renders notebook ``name`` (``.ipynb`` optional) as an app."""
        return f"{self.base_url}voila/render/{notebook_filename(name)}"


def notebook_filename(name) -> str:
    """``"02-play"`` or ``"02-play.ipynb"`` or an absolute Path -> ``"02-play.ipynb"``;
    a relative ``"ar/02-play"`` keeps its folder (the translated copies)."""
    name = Path(str(name))
    name = name.name if name.is_absolute() else name.as_posix()
    return name if name.endswith(".ipynb") else f"{name}.ipynb"


def _log_tail(log: Path, lines: int = 40) -> str:
    """The last lines of a log file, for failure messages."""
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _wait_until_up(server: VoilaServer, timeout: float = 60.0) -> bool:
    """Poll ``/voila/api/contents`` until it answers; False if Voilà died first."""
    url = f"{server.base_url}voila/api/contents"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            return False
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return True
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.2)
    return False


def _stop(process: subprocess.Popen) -> None:
    """SIGTERM the server (it shuts its kernels down), SIGKILL if it hangs."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def start_voila(root: Path, logdir: Path, extra=()) -> VoilaServer:
    """Start a test Voilà on ``root`` at a free port and wait until it answers (``extra``:
    more command-line options, e.g. :func:`pushlab.serving.voila_options` for a warm pool)."""
    from pushlab.serving import voila_env

    env = dict(voila_env(), PYTHONUNBUFFERED="1")
    failures = []
    for _ in range(3):  # another process may grab the free port first
        port = free_port()
        log = logdir / f"voila-{port}.log"
        with open(log, "wb") as out:
            process = subprocess.Popen(
                [*voila_test_argv(root, port), *extra],
                cwd=REPO,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        server = VoilaServer(process, port, Path(root), log)
        if _wait_until_up(server):
            return server
        _stop(process)
        failures.append(f"port {port}:\n{_log_tail(log)}")
    pytest.fail("Voilà did not start:\n" + "\n\n".join(failures), pytrace=False)


def _require_voila():
    """Skip locally / fail in CI when Voilà is not installed."""
    try:
        import voila  # noqa: F401
    except ImportError:
        _unavailable("voila is not installed (pip install -e '.[test]')")


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory):
    """A Voilà server on notebooks/ at a free port of 127.0.0.1, tracebacks shown."""
    _require_voila()
    server = start_voila(NOTEBOOK_DIR, tmp_path_factory.mktemp("voila"))
    yield server
    _stop(server.process)


@pytest.fixture
def voila_factory(tmp_path):
    """``voila_factory(root) -> VoilaServer``: a private server on another folder (stopped after the test)."""
    _require_voila()
    servers = []

    def _start(root, extra=()):
        """Start a server on ``root`` (``extra``: more Voilà options)."""
        servers.append(start_voila(Path(root), tmp_path, extra))
        return servers[-1]

    yield _start
    for server in servers:
        _stop(server.process)


# --------------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium driven by Playwright (skipped locally, failed in CI, if missing)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install -e '.[test]')")
    if not Path(CHROMIUM).exists():
        _unavailable(
            f"no Chromium at {CHROMIUM}: apt-get install -y chromium (or set PUSHLAB_CHROMIUM)"
        )
    pw = sync_playwright().start()
    try:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    except Exception as exc:  # a broken browser install is the same problem as none
        pw.stop()
        _unavailable(f"Chromium at {CHROMIUM} does not start: {exc}")
    yield chromium
    chromium.close()
    pw.stop()


# Runs in the page: Voilà has run the notebook and every output has been rendered.
_RENDERED_JS = """() => {
    const cells = document.getElementById('rendered_cells');
    return !document.getElementById('loading') && cells !== null
        && cells.style.display !== 'none'
        && !document.querySelector('script[type="application/vnd.voila.cell-output+json"]');
}"""

# Runs in the page, polled: true once the DOM has not changed for several polls.
_STILL_JS = """(polls) => {
    const sig = document.getElementsByTagName('*').length + ':' + document.body.innerText.length;
    const s = window.__pushlabStill || (window.__pushlabStill = {sig: null, n: 0});
    if (s.sig === sig) { s.n += 1; } else { s.sig = sig; s.n = 0; }
    return s.n >= polls;
}"""

# Runs in the page, polled: no widget output still says "Loading widget..." (the text
# ipywidgets' renderer shows until the widget manager has the model's state from the kernel).
# Voilà's page is "rendered" and can be still for seconds before that under load, and checks
# run then would see no widgets at all.
_WIDGETS_DRAWN_JS = """() => ![...document.querySelectorAll('.jp-OutputArea-output')]
    .some(e => e.childElementCount === 0 && e.textContent === 'Loading widget...')"""

# Runs in the page: error text a reader must never see. A widget that failed to draw is
# reported with its own text (ipywidgets says "Error displaying widget: model not found" when
# the kernel has no such widget, "Error displaying widget" when its view could not be made)
# and the page cell it is in.
_ERRORS_JS = """() => {
    const found = [];
    const markers = ['There was an error when executing cell', 'Error displaying widget',
                     'Failed to load model class', '500 : Internal Server Error'];
    const text = document.body ? document.body.innerText : '';
    for (const m of markers) { if (text.includes(m)) found.push(m); }
    const widgets = [...document.querySelectorAll('.jupyter-widgets')].filter(
        e => e.childElementCount === 0 && e.textContent.startsWith('Error displaying widget'));
    if (widgets.length && found.includes('Error displaying widget')) {
        found.splice(found.indexOf('Error displaying widget'), 1);
    }
    for (const e of widgets) {
        const cell = e.closest('[cell-index]');
        found.push(e.textContent + ' (notebook cell ' + (cell ? cell.getAttribute('cell-index') : '?') + ')');
    }
    for (const el of document.querySelectorAll(
            '[data-mime-type="application/vnd.jupyter.stderr"], .jp-OutputArea-output.error')) {
        const t = el.innerText || '';
        if (/Traceback|Error|Exception/.test(t)) found.push(t.trim().slice(0, 2000));
    }
    return found;
}"""

#: What a widget error says in the page: its reason is only in the browser's console.
WIDGET_ERROR_MARKERS = ("Error displaying widget", "Failed to load model class")

_PAGE_ERRORS: dict = {}
_PAGE_CONSOLE: dict = {}   # page -> (server log, ["12.3 s console.error: ..."])


def _console_line(started: float, message) -> str | None:
    """A console error or warning of a page, with the time since the page was opened; None
    for other messages and for resources that cannot load here (no internet: the page
    template's font stylesheet) or about the version of a shared JavaScript module."""
    text = message.text
    if (message.type not in ("error", "warning") or "Failed to load resource" in text
            or "ersion" in text and "shared" in text):   # webpack's shared-module version notes
        return None
    return f"{time.monotonic() - started:.1f} s console.{message.type}: {message.text[:600]}"


@pytest.fixture
def open_app(browser, voila_server):
    """``open_app(name, wait_for=None, width=1280, height=2400, timeout=120_000) -> Page``."""
    contexts = []

    def _open(name, *, wait_for=None, width=1280, height=2400, timeout=120_000, server=None, query="",
              mobile=False):
        """Open one notebook as a Voilà app and wait until it has rendered (``mobile``: as a
        phone or tablet would, a touch screen honouring the page's viewport tag)."""
        server = server or voila_server
        filename = notebook_filename(name)
        if not (server.root / filename).is_file():
            pytest.fail(f"no notebook {filename!r} in {server.root}", pytrace=False)
        context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=mobile,
                                      has_touch=mobile)
        contexts.append(context)
        page = context.new_page()
        errors = _PAGE_ERRORS.setdefault(page, [])
        page.on("pageerror", lambda exc: errors.append(f"JavaScript error: {exc}"))
        started, console = time.monotonic(), []
        _PAGE_CONSOLE[page] = (server.log, console)

        def on_console(message):
            """Keep the page's console errors and warnings (app_errors shows them)."""
            line = _console_line(started, message)
            if line:
                console.append(line)

        page.on("console", on_console)
        page.set_default_timeout(timeout)
        try:
            page.goto(server.render_url(filename) + (f"?{query}" if query else ""), timeout=timeout)
            page.wait_for_function(_RENDERED_JS, timeout=timeout)
            # then the widgets: "Loading widget..." until the kernel's widget state has come (a
            # widget that fails says so instead, and app_errors reports it)
            page.wait_for_function(_WIDGETS_DRAWN_JS, polling=250, timeout=timeout)
            if wait_for:
                page.wait_for_selector(wait_for, state="visible", timeout=timeout)
        except Exception as exc:
            body = ""
            try:
                body = page.inner_text("body", timeout=2000)[:3000]
            except Exception:
                pass
            pytest.fail(
                f"{filename} did not render: {exc}\n--- page text ---\n{body}\n"
                f"--- browser console (errors and warnings) ---\n" + "\n".join(console[-20:]) + "\n"
                f"--- Voilà log ---\n{_log_tail(server.log)}",
                pytrace=False,
            )
        try:  # an app that animates forever is not an error: give up waiting after 15 s
            page.wait_for_function(_STILL_JS, arg=4, polling=250, timeout=15_000)
        except Exception:
            pass
        return page

    yield _open
    for context in contexts:
        for page in context.pages:
            _PAGE_ERRORS.pop(page, None)
            _PAGE_CONSOLE.pop(page, None)
        context.close()


@pytest.fixture
def app_errors():
    """``app_errors(page) -> list[str]``: error text and JavaScript errors on the page."""

    def _errors(page):
        """Everything on ``page`` that looks like an error to a reader. A widget error comes
        with what explains it: the browser console's errors and the end of Voilà's log
        (with the kernel's messages)."""
        found = list(_PAGE_ERRORS.get(page, [])) + page.evaluate(_ERRORS_JS)
        if page in _PAGE_CONSOLE and any(m in e for e in found for m in WIDGET_ERROR_MARKERS):
            log, console = _PAGE_CONSOLE[page]
            why = ("\n--- browser console (errors and warnings) ---\n" + "\n".join(console[-20:] or ["(none)"])
                   + "\n--- Voilà log ---\n" + _log_tail(log, 25))
            found = [e + why if any(m in e for m in WIDGET_ERROR_MARKERS) else e for e in found]
        return found

    return _errors


# Runs in the page: the height of the whole app (Voilà scrolls inside its own container).
_HEIGHT_JS = """() => Math.max(0, ...[document.body, document.documentElement,
    ...document.querySelectorAll('#rendered_cells, #main, .jp-LabShell, .jp-Notebook')]
    .map(e => e ? e.scrollHeight : 0))"""
MAX_SHOT_HEIGHT = 16_000


@pytest.fixture
def screenshot():
    """``screenshot(page, name, whole=True) -> Path``: a PNG in tests/screenshots/."""

    def _shot(page, name, whole=True):
        """Save ``page`` as ``tests/screenshots/<name>.png``, the whole app unless ``whole=False``."""
        SCREENSHOT_DIR.mkdir(exist_ok=True)
        path = SCREENSHOT_DIR / (re.sub(r"[^\w.-]+", "_", str(name)) + ".png")
        size = page.viewport_size
        height = min(int(page.evaluate(_HEIGHT_JS)), MAX_SHOT_HEIGHT) if whole and size else 0
        if size and height > size["height"]:
            page.set_viewport_size({"width": size["width"], "height": height})
            try:
                page.screenshot(path=str(path), full_page=True)
            finally:
                page.set_viewport_size(size)
        else:
            page.screenshot(path=str(path), full_page=True)
        return path

    return _shot


# --------------------------------------------------------------------------- class experiment stores


@pytest.fixture(scope="session")
def postgres_server():
    """A throw-away PostgreSQL server (tests/pg_server.py), or a skip saying why there is none."""
    import pg_server

    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed (pip install -e '.[test]'): PostgreSQL store tests skipped")
    if pg_server.binaries() is None:
        pytest.skip("no PostgreSQL server programs (initdb, pg_ctl) here: apt-get install postgresql "
                    "(make test installs it); PostgreSQL store tests skipped")
    server = pg_server.start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """The address of a new, empty class experiment store: a SQLite file, then a PostgreSQL
    database (skipped with the reason where no PostgreSQL server can be started)."""
    if request.param == "sqlite":
        return str(tmp_path / "class.sqlite3")
    return request.getfixturevalue("postgres_server").new_database()
