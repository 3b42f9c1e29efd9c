"""The package as a user gets it: build the wheel and sdist, check them, install and serve.

``python -m build`` makes the sdist and, from it, the wheel (as a package index
would); the wheel is listed, both pass ``twine check --strict``, and the wheel
is installed with the ``serve`` extra into a fresh virtual environment outside
the repository, where ``pushlab serve`` runs from an empty folder and the
lessons open in headless Chromium. About two minutes, most of it ``pip install``.
"""

import email
import os
import signal
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

import pushlab
from conftest import VoilaServer, _stop, _wait_until_up, free_port

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
MODULES = sorted(p.relative_to(REPO).as_posix() for p in (REPO / "pushlab").rglob("*.py"))
DATA = sorted(p.relative_to(REPO).as_posix() for p in (REPO / "pushlab" / "data").rglob("*")
              if p.is_file() and "__pycache__" not in p.parts) if (REPO / "pushlab" / "data").is_dir() else []
VERSION = pushlab.__version__


def run(argv, **kwargs):
    """Run a command, failing the test with its output if it fails."""
    out = subprocess.run(argv, capture_output=True, text=True, **kwargs)
    assert out.returncode == 0, f"{argv} failed ({out.returncode}):\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    return out


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    """``python -m build`` of the repository: ``{"wheel": Path, "sdist": Path}``."""
    outdir = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--outdir", str(outdir), str(REPO)], timeout=600)
    [wheel] = outdir.glob("*.whl")
    [sdist] = outdir.glob("*.tar.gz")
    return {"wheel": wheel, "sdist": sdist}


def test_wheel_ships_the_lessons_the_modules_and_the_license(dist):
    """Every lesson is package data (pushlab/lessons/), with every module, shipped result and the license."""
    names = set(zipfile.ZipFile(dist["wheel"]).namelist())
    assert dist["wheel"].name == f"pushlab-{VERSION}-py3-none-any.whl"
    lessons = sorted(n.split("/")[-1] for n in names if n.startswith("pushlab/lessons/") and n.count("/") == 2)
    assert lessons == NOTEBOOKS and "00-welcome.ipynb" in lessons
    translated = sorted(n.split("/", 2)[2] for n in names if n.startswith("pushlab/lessons/") and n.count("/") == 3)
    assert translated == sorted(p.relative_to(REPO / "notebooks").as_posix()
                                for p in (REPO / "notebooks").glob("*/*.ipynb"))
    catalogs = {p.relative_to(REPO).as_posix() for p in (REPO / "pushlab" / "i18n" / "locale").glob("*/LC_MESSAGES/*.mo")}
    assert {f"pushlab/i18n/locale/{lang}/LC_MESSAGES/core.mo" for lang in ("et", "cs", "ar", "eo")} <= catalogs <= names
    assert set(MODULES) <= names, sorted(set(MODULES) - names)
    assert set(DATA) <= names, sorted(set(DATA) - names)
    assert f"pushlab-{VERSION}.dist-info/licenses/LICENSE" in names
    assert not any(n.startswith(("notebooks/", "tests/")) for n in names)
    # pure Python for any platform: no compiled accelerator (pushlab.accel builds it on the
    # user's machine, outside the package), nor its C
    assert not any(n.endswith((".so", ".pyd", ".dll", ".dylib", ".c")) for n in names)


def test_sdist_keeps_one_copy_of_the_lessons(dist):
    """The sdist holds notebooks/ (the one copy), the license, readme and changelog, and rebuilds the wheel."""
    with tarfile.open(dist["sdist"]) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    assert {f"notebooks/{n}" for n in NOTEBOOKS} <= names
    assert {"LICENSE", "README.md", "CHANGELOG.md", "pyproject.toml", "setup.py"} <= names
    assert not any(n.startswith("pushlab/lessons") for n in names)


def test_metadata_shows_well_on_a_package_index(dist):
    """PEP 621 metadata: version from pushlab.__version__, MIT license file, classifiers, URLs, keywords."""
    with zipfile.ZipFile(dist["wheel"]) as whl:
        meta = email.message_from_bytes(whl.read(f"pushlab-{VERSION}.dist-info/METADATA"))
    assert meta["Version"] == VERSION and meta["License-Expression"] == "MIT"
    assert meta["License-File"] == "LICENSE"
    classifiers = meta.get_all("Classifier")
    assert "Framework :: Jupyter" in classifiers and "Topic :: Education" in classifiers
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    assert {"Homepage", "Documentation", "Source", "Issues", "Changelog"} <= set(urls)
    assert "jupyter" in meta["Keywords"] and meta["Description-Content-Type"] == "text/markdown"
    extras = meta.get_all("Provides-Extra")
    assert {"serve", "lab", "test", "site"} <= set(extras)


def test_twine_check_passes(dist):
    """Both distributions pass ``twine check --strict`` (the README renders on a package index)."""
    out = run([sys.executable, "-m", "twine", "check", "--strict", str(dist["wheel"]), str(dist["sdist"])],
              timeout=120)
    assert out.stdout.count("PASSED") == 2


def user_env(venv: Path, **extra) -> dict:
    """The environment of a user who activated ``venv``: nothing of the test's venv or repository."""
    keep = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    here = str(Path(sys.executable).parent)
    path = [p for p in keep.get("PATH", "").split(os.pathsep) if p and Path(p) != Path(here)]
    return dict(keep, PATH=os.pathsep.join([str(venv / "bin"), *path]), VIRTUAL_ENV=str(venv),
                PYTHONUNBUFFERED="1", **extra)


def tree_listing(browser, base_url: str) -> list[str]:
    """The notebooks the tree page lists (server-rendered: there once the page has loaded)."""
    from test_browser import tree_entries

    context = browser.new_context()
    try:
        return tree_entries(context.new_page(), base_url)[0]
    finally:
        context.close()


@pytest.fixture(scope="module")
def user_venv(dist, tmp_path_factory):
    """A fresh virtual environment outside the repository with the wheel and its [serve] extra
    (one for the module: the Binder test adds binder/requirements.txt to it afterwards)."""
    venv = tmp_path_factory.mktemp("user") / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)], timeout=120)
    python = venv / "bin" / "python"
    # this pip installs into the new venv (no pip bootstrap); --no-compile saves a minute of CPU
    run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-compile",
         "--disable-pip-version-check", f"{dist['wheel']}[serve]"], timeout=600, env=user_env(venv))
    return venv


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_installed_wheel_serves_every_lesson(user_venv, tmp_path, browser, open_app, app_errors):
    """pip install the wheel with [serve] in a fresh venv; ``pushlab serve`` from an empty folder works."""
    venv = user_venv
    python = venv / "bin" / "python"
    empty = tmp_path / "empty"
    empty.mkdir()
    env = user_env(venv, XDG_CACHE_HOME=str(tmp_path / "cache"))

    assert run(["pushlab", "--version"], cwd=empty, env=env, timeout=60).stdout.strip() == f"pushlab {VERSION}"
    assert run([str(python), "-m", "pushlab", "--version"], cwd=empty, env=env, timeout=60).stdout.strip() \
        == f"pushlab {VERSION}"
    where = run([str(python), "-c", "import pushlab.bundle as b; print(b.lessons_source())"],
                cwd=empty, env=env, timeout=60).stdout.strip()
    installed = Path(where)
    assert venv in installed.parents and installed.name == "lessons"
    before = {p.name: p.stat().st_mtime_ns for p in installed.iterdir()}

    port = free_port()
    log = tmp_path / "serve.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(["pushlab", "serve", "--no-browser", "--port", str(port)], cwd=empty,
                                   env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    try:
        served = tmp_path / "cache" / "pushlab" / f"lessons-{VERSION}"
        server = VoilaServer(process, port, served, log)
        assert _wait_until_up(server, timeout=120), log.read_text(errors="replace")[-3000:]
        assert f"serving {served} with Voilà at http://127.0.0.1:{port}/" in log.read_text()
        assert tree_listing(browser, server.base_url) == NOTEBOOKS

        page = open_app("00-welcome", wait_for=".widget-button", server=server)
        page.get_by_role("button", name="Check the setup").click()
        page.get_by_text(f"pushlab {VERSION} is installed").wait_for(timeout=60_000)
        assert app_errors(page) == []
    finally:
        _stop(process)
    assert {p.name: p.stat().st_mtime_ns for p in installed.iterdir()} == before  # site-packages untouched
    assert sorted(os.listdir(empty)) == []

    copied = run(["pushlab", "lessons", "course"], cwd=empty, env=env, timeout=60).stdout
    assert sorted(p.name for p in (empty / "course").glob("*.ipynb")) == NOTEBOOKS
    translated = list((empty / "course").glob("*/*.ipynb"))         # the lessons' language copies too
    assert translated and f"{len(NOTEBOOKS) + len(translated)} added" in copied
    lab = subprocess.run(["pushlab", "lab"], cwd=empty, env=env, capture_output=True, text=True, timeout=60)
    assert lab.returncode == 2 and 'pip install "pushlab[lab]"' in lab.stderr


def test_binder_config_matches_pushlab_serve():
    """binder/ gives Voilà inside Jupyter Server the template and options of ``pushlab serve``."""
    import json

    from pushlab import serving

    config = json.loads((REPO / "binder" / "jupyter-config" / "jupyter_server_config.json").read_text())
    assert config["VoilaExecutor"] == {"startup_timeout": serving.STARTUP_TIMEOUT,
                                       "iopub_timeout": serving.IOPUB_TIMEOUT}
    assert config["MappingKernelManager"] == {"cull_idle_timeout": serving.CULL_IDLE,
                                              "cull_interval": serving.CULL_INTERVAL}
    assert config["ServerApp"]["tornado_settings"]["compress_response"] is True
    voila = json.loads((REPO / "binder" / "jupyter-config" / "voila.json").read_text())["VoilaConfiguration"]
    assert voila["template"] == serving.TEMPLATE and voila["strip_sources"] and not voila["show_tracebacks"]
    start = (REPO / "binder" / "start").read_text()
    assert os.access(REPO / "binder" / "start", os.X_OK) and 'exec "$@"' in start
    assert "pushlab/data/jupyter" in start and str(serving.template_root()).endswith("pushlab/data/jupyter")


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_binder_route_serves_the_apps_as_pushlab_serve_does(user_venv, tmp_path, browser, open_app, app_errors):
    """The server exactly as Binder starts it: binder/requirements.txt installed (into the fresh
    venv of the wheel test: the repository editable, Voilà), ``binder/start`` before
    ``jupyter server`` on the repository, Voilà as its extension. App 02 opened with
    ``?lang=et&position=...`` comes in Estonian, at that position, from pushlab's template."""
    from test_browser_share import LUCK, shared_luck_game

    from pushlab.share import encode

    venv = user_venv
    env = user_env(venv, XDG_CACHE_HOME=str(tmp_path / "cache"))
    run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "--no-compile",
         "--disable-pip-version-check", "-r", str(REPO / "binder" / "requirements.txt")],
        timeout=600, env=env, cwd=REPO)
    port, token = free_port(), "binder-test"
    log = tmp_path / "binder.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [str(REPO / "binder" / "start"), str(venv / "bin" / "python"), "-m", "jupyter_server",
             "--no-browser", f"--ServerApp.port={port}", "--ServerApp.ip=127.0.0.1",
             f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={REPO}"]
            + (["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []),
            cwd=REPO, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    try:
        server = VoilaServer(process, port, REPO, log)
        url = f"http://127.0.0.1:{port}/voila/api/contents?token={token}"
        deadline = time.monotonic() + 180
        while True:
            try:
                import urllib.request

                with urllib.request.urlopen(url, timeout=5):
                    break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline, log.read_text()[-3000:]
                time.sleep(0.5)
        game = shared_luck_game()
        page = open_app(f"notebooks/{LUCK}", server=server, wait_for=".pl-playapp .pl-btn-draw",
                        query=f"token={token}&lang=et&position=" + encode(game))
        assert f"/voila/render/notebooks/et/{LUCK}.ipynb" in page.url             # the template's ?lang=
        assert page.evaluate("document.documentElement.lang") == "et"
        assert "position=" in page.url and app_errors(page) == []
        (card,), = game.columns
        from pushlab.luck.cards import COLOUR_NAMES

        assert page.locator(f".pl-playapp .pl-tableview .pl-card[title*='{card.number}']").count() >= 1
        html = page.content()
        assert "pushlabLanguagePage" in html                                      # pushlab's template
        import urllib.request

        request = urllib.request.Request(f"http://127.0.0.1:{port}/voila/static/voila.js?token={token}",
                                         headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request, timeout=60) as r:
            assert r.headers.get("Content-Encoding") == "gzip"                    # compressed, as locally
    finally:
        _stop(process)
