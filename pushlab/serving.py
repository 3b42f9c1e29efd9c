"""How ``pushlab serve`` runs Voilà for many readers: warm kernel pools, safe kernel start-up.

Voilà starts one kernel per reader and runs the whole notebook before the page can be
used; twenty readers opening a play app together waited about 50 s each on a 2-core
machine, and the rummy app 06 never rendered for any of 20 (see ``docs/deploy.md``).
:func:`voila_options` gives the Voilà options that fix this:

- ``--pool N``: Voilà's preheated kernels (``preheat_kernel``), ``N`` per play and
  rules app (:func:`pooled_apps`; ``kernel_pools_config``) and one for each other lesson
  (read one reader at a time), in the class's language (``--lang``, :func:`pool_sizes`). A pooled kernel has already run the notebook, so the page
  comes at once; Voilà refills the pool :data:`FILL_DELAY` s after a kernel is taken
  (Voilà's 1 s made the new kernels compete with the readers who just arrived).
- kernels talk to Voilà over ``ipc`` (Unix sockets named after the kernel's own
  connection file) instead of TCP, so kernels starting at the same moment cannot race
  for the same port (the ``ZMQError: Address already in use`` seen under load);
- a kernel may take up to :data:`STARTUP_TIMEOUT` s to start and a cell's outputs
  :data:`IOPUB_TIMEOUT` s to arrive (defaults 60 s and 4 s: on a saturated machine the
  first made Voilà give up on a kernel, after which the page never finished);
- kernels nobody uses are culled after :data:`CULL_IDLE` s (pooled ones are kept);
- the page template ``pushlab`` (``pushlab/data/jupyter/voila/templates/pushlab``)
  says "the server is busy preparing your page" while a page is slow, and "try again"
  if it has not come after four minutes, instead of a spinner that never ends.

Code in a lesson that reads the page's URL (``?position=``) should use
:func:`pushlab.widgets.links.on_page_query`: in a preheated kernel :func:`query_params`
waits until a reader's request arrives, which would stop the notebook there; a thread
waits instead (``?lang=`` is the page template's redirect).

>>> opts = voila_options(None, pool=0)
>>> "--KernelManager.transport=ipc" in opts, "--template=pushlab" in opts
(True, True)
>>> sorted(pooled_apps(["00-welcome.ipynb", "02-play-push-your-luck.ipynb", "05-rummy-rules.ipynb"]))
['02-play-push-your-luck.ipynb', '05-rummy-rules.ipynb']
"""

from __future__ import annotations

import json
import os
import re
import threading
from pathlib import Path
from urllib.parse import parse_qs

from pushlab.checks import is_count
from pushlab.display.qr import qr_svg, qr_text  # noqa: F401  (the room's join code; re-exported)

STARTUP_TIMEOUT = 240
IOPUB_TIMEOUT = 60
CULL_IDLE = 900
CULL_INTERVAL = 60
FILL_DELAY = 10       # s before a taken warm kernel is replaced: not while a class arrives
TEMPLATE = "pushlab"
_POOLED = re.compile(r"^\d+-(play-.+|.+-rules)\.ipynb$")


def pooled_apps(names) -> list:
    """The notebooks that get warm kernels: the play apps (``NN-play-*``) and the rules
    apps (``NN-*-rules``), the ones a whole class opens at once."""
    return [n for n in names if _POOLED.match(Path(n).name)]


def template_root() -> Path:
    """The folder to add to ``JUPYTER_PATH`` so that Voilà finds the ``pushlab`` template."""
    return Path(__file__).with_name("data") / "jupyter"


def voila_env(environ=None) -> dict:
    """The environment for Voilà: ``JUPYTER_PATH`` starts with :func:`template_root`."""
    env = dict(os.environ if environ is None else environ)
    parts = [str(template_root())] + [p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    env["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(parts))
    return env


def play_apps(names) -> list:
    """The play apps (``NN-play-*``): what ``--pool`` warms unless ``--apps`` says otherwise."""
    return [n for n in names if re.match(r"^\d+-play-.+\.ipynb$", Path(n).name)]


def select_apps(names, spec=None) -> list:
    """The lessons ``--apps`` names, among the top-level lesson files ``names``.

    ``spec``: ``"02,06"`` (numbers), names with or without ``.ipynb``, or ``"all"``;
    None or ``""``: the play apps (:func:`play_apps`). Unknown names are a
    :class:`~pushlab.errors.SetupError` listing the lessons.

    >>> names = ["01-push-your-luck-rules.ipynb", "02-play-push-your-luck.ipynb", "06-play-push-rummy.ipynb"]
    >>> select_apps(names), select_apps(names, "01,06-play-push-rummy")
    (['02-play-push-your-luck.ipynb', '06-play-push-rummy.ipynb'], ['01-push-your-luck-rules.ipynb', '06-play-push-rummy.ipynb'])
    """
    from pushlab.errors import SetupError

    top = sorted(n for n in names if "/" not in n)
    if not spec:
        return play_apps(top)
    if spec.strip().lower() == "all":
        return top
    chosen = []
    for item in (x.strip() for x in spec.split(",")):
        if not item:
            continue
        stem = item[:-6] if item.endswith(".ipynb") else item
        found = [n for n in top if n[:-6] == stem or n.split("-", 1)[0] == stem.zfill(2)]
        if len(found) != 1:
            raise SetupError(f"--apps: no single lesson {item!r}; the lessons are "
                             + ", ".join(n[:-6] for n in top))
        if found[0] not in chosen:
            chosen.append(found[0])
    return chosen


def pool_sizes(names, pool: int, language: str = "en", apps=None) -> dict:
    """Warm kernels per notebook path (relative to the served folder) for ``--pool N``:
    ``pool`` for each chosen app (:func:`select_apps`; default the play apps) in the class's
    ``language`` (English: the top-level lessons; another: its copies in ``<language>/``),
    none for anything else, so that a class opening one app warms that app only.

    >>> pool_sizes(["02-play-push-your-luck.ipynb", "08-when-to-bank.ipynb",
    ...             "cs/02-play-push-your-luck.ipynb", "et/02-play-push-your-luck.ipynb"], 3, "cs")
    {'cs/02-play-push-your-luck.ipynb': 3}
    >>> pool_sizes(["02-play-push-your-luck.ipynb", "08-when-to-bank.ipynb"], 2, apps="08")
    {'08-when-to-bank.ipynb': 2}
    """
    from pushlab.i18n import SOURCE, check_language

    language = check_language(language)
    chosen = select_apps(names, apps)
    sizes = {}
    for name in chosen:
        path = name if language == SOURCE else f"{language}/{name}"
        if path in names:
            sizes[path] = pool
    return sizes


def voila_options(folder, pool: int = 0, language: str = "en", apps=None) -> list:
    """Voilà command-line options for many readers (see the module docstring).

    ``folder``: the notebooks served (the chosen apps get ``pool`` warm kernels
    each; None: no pools). ``pool`` 0: no preheated kernels. ``language``: the class's
    language, whose copies get the pool; ``apps``: ``--apps`` (:func:`pool_sizes`).

    >>> [o for o in voila_options(None, 0) if "Timeout" in o or "timeout" in o][:2]
    ['--VoilaExecutor.startup_timeout=240', '--VoilaExecutor.iopub_timeout=60']
    """
    if not is_count(pool, 0):
        from pushlab.errors import SetupError
        raise SetupError(f"pool must be a whole number of kernels, 0 or more, not {pool!r}")
    opts = [
        f"--template={TEMPLATE}",
        f"--VoilaExecutor.startup_timeout={STARTUP_TIMEOUT}",
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
    ]
    if os.name == "posix":
        opts.append("--KernelManager.transport=ipc")
    if pool and folder is not None:
        root = Path(folder)
        names = sorted(p.relative_to(root).as_posix() for p in root.rglob("*.ipynb")
                       if ".ipynb_checkpoints" not in p.parts)
        config = {"default": {"pool_size": 0}}          # notebooks not listed: no warm kernel
        config.update({name: {"pool_size": n} for name, n in pool_sizes(names, pool, language, apps).items()})
        opts += ["--preheat_kernel=True", "--pool_size=0",
                 f"--VoilaKernelManager.kernel_pools_config={json.dumps(config)}",
                 f"--VoilaKernelManager.fill_delay={FILL_DELAY}"]
    return opts


def query_params(default: dict | None = None) -> dict:
    """The page's URL parameters, e.g. ``{"lang": "fr"}`` for ``...ipynb?lang=fr``.

    :func:`query_string` reads it (in a preheated Voilà kernel it waits until a reader's
    request arrives); without one (JupyterLab, tests) it is ``default`` or {}. Repeated
    parameters keep their last value.

    >>> query_params({"lang": "en"})
    {'lang': 'en'}
    """
    text = query_string()
    return {k: v[-1] for k, v in parse_qs(text.lstrip("?")).items()} or dict(default or {})


_REQUEST_LOCK = threading.Lock()


def in_warm_kernel() -> bool:
    """True in a kernel of the warm pool that no reader has taken yet (``VOILA_PREHEAT=True``):
    there the page's query is not known until the reader's request arrives."""
    return os.environ.get("VOILA_PREHEAT", "False") != "False"


def query_string() -> str:
    """The page's raw query string (``"lang=et&position=..."``); ``""`` outside Voilà.

    Only a preheated kernel (``VOILA_PREHEAT=True``: it ran the notebook before any reader
    came) asks Voilà (:func:`wait_for_request`, without importing Voilà), which waits for
    the reader's request; the first caller asks (others
    wait for it), and the kernel is then marked as taken (``VOILA_PREHEAT=False``), since
    Voilà hands the request to one waiter only. Everywhere else (a kernel Voilà
    started for one request, with the request in its environment; plain Python,
    JupyterLab, tests) it answers ``QUERY_STRING`` from the environment, else ``""``, as
    Voilà's own ``get_query_string`` does there, without importing Voilà: ``voila.utils``
    brings in Jupyter Server and its JSON-schema grammars, 2 CPU-s per page on an idle
    machine (docs/testing.md).
    """
    if not in_warm_kernel():
        return os.environ.get("QUERY_STRING", "")
    with _REQUEST_LOCK:     # Voilà answers one waiter per kernel, once: ask once, remember
        if in_warm_kernel():
            for key, value in (wait_for_request() or {}).items():   # the request's variables
                os.environ[key] = value
            os.environ.setdefault("QUERY_STRING", "")
            os.environ["VOILA_PREHEAT"] = "False"     # a reader has come: this kernel is theirs
    return os.environ.get("QUERY_STRING", "")


def request_url(environ=None) -> str:
    """Where a warm kernel asks Voilà for its reader's request, from the variables Voilà gives
    it (as ``voila.utils.wait_for_request`` builds it).

    >>> request_url({"VOILA_APP_PORT": "9000", "VOILA_KERNEL_ID": "k1"})
    'ws://127.0.0.1:9000/voila/query/k1'
    """
    env = os.environ if environ is None else environ
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
            f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID')}")


def wait_for_request() -> dict | None:
    """Wait for this warm kernel's reader: the request's variables (``QUERY_STRING``, ...) as
    Voilà sends them over ``/voila/query/KERNEL``; None if Voilà cannot be reached.

    What ``voila.utils.wait_for_request`` does (same address, same 5 s to connect, then no
    limit), with the ``websockets`` client alone: importing ``voila.utils`` imports Jupyter
    Server and jupyterlab_server, about 2.4 CPU-s, which made a warm kernel of app 02 cost
    2.9 CPU-s against 0.6 for a one-button notebook (docs/benchmarks.md). The client runs in
    a thread of its own with its own event loop (the kernel's loop may be the caller's)."""
    out: list = []

    def get():
        import asyncio
        import json

        import websockets

        async def receive():
            try:
                async with websockets.connect(request_url(), open_timeout=5) as ws:
                    return await ws.recv()
            except (TimeoutError, OSError):
                return None

        text = asyncio.new_event_loop().run_until_complete(receive())
        out.append(json.loads(text) if text else None)

    thread = threading.Thread(target=get, name="pushlab-voila-request", daemon=True)
    thread.start()
    thread.join()
    return out[0] if out else None


#: The page template, where :func:`write_template_texts` puts :func:`template_texts`.
TEMPLATE_FILE = template_root() / "voila" / "templates" / TEMPLATE / "index.html.j2"
_TEXTS_LINE = re.compile(r"^(\s*)var texts = .*;$", re.M)


def page_texts(language: str) -> dict:
    """The loading and busy lines of the page template in ``language``.

    ``{seconds}``, ``{i}`` and ``{n}`` are filled in by the page's script.

    >>> page_texts("en")["busy"].startswith("Many readers at once")
    True
    """
    from pushlab.i18n import gettext

    return {
        "loading": gettext("Preparing this page…", language),
        "cells": gettext("Preparing this page: step {i} of {n}…", language),
        "busy": gettext("Many readers at once: the server is busy preparing your page ({seconds} s). "
                        "It appears by itself; please wait.", language),
        "too_busy": gettext("The server is too busy to prepare this page now.", language),
        "again": gettext("Try again in a minute", language),
    }


def template_texts() -> str:
    """The template's ``var texts = {...};`` line: :func:`page_texts` of English and every translation."""
    from pushlab.i18n import TRANSLATED

    texts = {code: page_texts(code) for code in ("en", *TRANSLATED)}
    return "var texts = " + json.dumps(texts, ensure_ascii=False, sort_keys=True) + ";"


def write_template_texts(path: Path = TEMPLATE_FILE) -> bool:
    """Put :func:`template_texts` into the page template (``make catalogs``); True if it changed."""
    old = path.read_text(encoding="utf-8")
    new = _TEXTS_LINE.sub(lambda m: m.group(1) + template_texts(), old, count=1)
    if new != old:
        path.write_text(new, encoding="utf-8")
    return new != old


# --------------------------------------------------------------------------- a room

#: Letters of a class code: no 0/O, 1/I/L, so that it reads and types without doubt.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
_CODE = re.compile(r"^[A-Z0-9]{4,32}$")
#: Loopback addresses: ``pushlab serve`` needs no class code there.
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")


def new_class_code(length: int = CODE_LENGTH) -> str:
    """A random class code of ``length`` letters of :data:`CODE_ALPHABET` (``secrets``: a
    password, not a game's randomness). 31**6, about 9e8 codes: minutes of one lesson
    are far too short to guess one over a school network.

    >>> code = new_class_code(); len(code) == 6 and set(code) <= set(CODE_ALPHABET)
    True
    """
    import secrets

    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def normal_code(text) -> str:
    """A typed class code as it is compared: spaces and dashes dropped, upper case.

    >>> normal_code(" k7m-2qx ")
    'K7M2QX'
    """
    return re.sub(r"[\s-]+", "", str(text or "")).upper()


def check_class_code(code) -> str:
    """``code`` (``--code``) as the class code, or a :class:`~pushlab.errors.SetupError`
    naming what a code may be: 4 to 32 letters and digits (compared in upper case).

    >>> check_class_code("abc123")
    'ABC123'
    """
    from pushlab.errors import SetupError

    text = normal_code(code)
    if not _CODE.match(text):
        raise SetupError(f"a class code is 4 to 32 letters and digits, not {code!r}")
    return text


def is_local_host(host: str) -> bool:
    """True for an address only this machine can reach (no class code needed).

    >>> is_local_host("127.0.0.1"), is_local_host("0.0.0.0"), is_local_host("192.168.1.5")
    (True, False, False)
    """
    import ipaddress

    if host in LOCAL_HOSTS:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_address(host: str = "0.0.0.0") -> str:
    """The address students type for a server bound to ``host``: ``host`` itself unless it
    is every address (``0.0.0.0``, ``::``, ``""``), then this machine's first non-loopback
    IPv4 address of an interface that is up (127.0.0.1 if it has none)."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    try:
        import psutil

        stats = psutil.net_if_stats()
        for name, addrs in psutil.net_if_addrs().items():
            if name in stats and not stats[name].isup:
                continue
            for a in addrs:
                if a.family == 2 and not a.address.startswith("127."):   # AF_INET
                    return a.address
    except Exception:                                                  # noqa: BLE001
        pass
    return "127.0.0.1"


def url_host(host: str) -> str:
    """``host`` as written in a URL (IPv6 in brackets).

    >>> url_host("::1"), url_host("10.0.0.2")
    ('[::1]', '10.0.0.2')
    """
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def join_url(address: str, port: int, code: str | None = None, path: str = "") -> str:
    """The address a student opens: ``http://ADDRESS:PORT/PATH`` with ``?token=CODE`` (Jupyter
    Server's token: the first visit sets a cookie, the code is not needed again).

    >>> join_url("192.168.1.5", 8866, "K7M2QX", "voila/tree/")
    'http://192.168.1.5:8866/voila/tree/?token=K7M2QX'
    """
    from urllib.parse import quote

    url = f"http://{url_host(address)}:{port}/{quote(path.lstrip('/'))}"
    return f"{url}?token={code}" if code else url


if __name__ == "__main__":   # python -m pushlab.serving: write the template's texts (make catalogs)
    print("page template texts", "written" if write_template_texts() else "current")
