"""pushlab's Voilà server for a room: a class code, a teacher page, a warm pool that warms
what the class opens, a health check, refills between arrivals, compressed responses.

``pushlab serve`` runs ``python -m pushlab.room NOTEBOOKS [Voilà options]``: Voilà's own
application (:class:`RoomVoila`, a subclass of ``voila.app.Voila``) with these changes,
each made where Voilà and Jupyter Server offer a place for it (``docs/deploy.md``):

**Class code** (``--Voila.token=CODE``): Jupyter Server's token identity provider does the
checking (``?token=CODE`` in the address, or the code typed into the join form; the
first visit sets Jupyter's signed login cookie). :class:`ClassCodeIdentityProvider` only
makes an unknown visitor's page a 403 that holds the join form (Jupyter would redirect to
its login page), compares a typed code in upper case without spaces, and never lets the
login form change the password (Jupyter's default would: anyone with the code could then
log the whole class out). Every handler, Voilà's static files included, asks the provider
(:func:`gated`); the channel a warm kernel reads its reader's address from
(``/voila/query/KERNEL``) answers only connections from this machine.

**Teacher page** at ``/pushlab/teacher`` (and at the root ``/`` for the teacher's own
browser on the serving machine, when a class code is set; students who open the root are
sent on to the lessons): the join address and its QR code, readers per app, warm kernels
left, memory in use; ``/pushlab/api/room`` gives the same as JSON (:meth:`RoomState.status`).

**Warm pool** (``preheat_kernel``; sizes from ``kernel_pools_config``):
:class:`PoolMixin` replaces Voilà's refilling: at most :attr:`RoomVoila.warmers` kernels
run their notebook at once (about the number of cores); a warm kernel joins the pool only
after its notebook ran to the end with every output (:class:`CheckedRenderer`;
otherwise it is shut down, started again and the log says why, three times at most per
app in a row); a reader's page never depends on a timeout (a reader who arrives while the
pool is empty waits for the next kernel that passes, or gets one started for them when
none is warming); the warm-up prints ``warming 14/20`` lines and ``room ready``; a taken
kernel is replaced only when no reader has been connecting for :data:`QUIET` seconds, one
kernel at a time.

**Compression**: Tornado's ``compress_response`` (gzip of pages, scripts, JSON).
"""

from __future__ import annotations

import asyncio
import html
import json
import os
import re
import sys
import time
from collections import deque
from urllib.parse import quote, urlencode

import tornado.web
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.base.handlers import APIHandler, JupyterHandler
from traitlets import Bool, Integer, List, Unicode, default
from voila import app as voila_app
from voila.app import Voila
from voila.notebook_renderer import NotebookRenderer
from voila.request_info_handler import RequestInfoSocketHandler
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.utils import ENV_VARIABLE

from pushlab import serving
from pushlab.i18n import LANGUAGES, check_language, dir_attrs, gettext

#: Seconds without a reader connecting before a taken warm kernel is replaced.
QUIET = 5.0
#: Health-check failures in a row after which an app's pool stops warming (a broken lesson).
MAX_FAILURES = 3


# --------------------------------------------------------------------------- class code


class ClassCodeIdentityProvider(PasswordIdentityProvider):
    """Jupyter Server's token identity provider with the class code as its token.

    - the form at ``/login`` (Jupyter's ``LoginFormHandler``, drawn by :class:`JoinHandler`)
      compares the typed code in upper case without spaces;
    - the login form can never set a password (``allow_password_change``).

    An unknown visitor's page is a 403 holding the join form (:class:`JoinOn403`), not
    Jupyter's redirect to ``/login``.
    """

    @default("allow_password_change")
    def _no_password_change(self):
        return False

    def process_login_form(self, handler):
        if self.token and serving.normal_code(handler.get_argument("password", "")) == self.token:
            return self.generate_anonymous_user(handler)
        return None


def _page_language(handler, fallback: str = "en") -> str:
    """The language of a join or teacher page: ``?lang=``, else the class's language."""
    for text in (handler.get_argument("lang", ""), fallback):
        try:
            return check_language(text)
        except ValueError:
            continue
    return "en"


_STYLE = """
body { margin: 0; background: #f3f3f3; color: #1a1a1a;
       font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
main { max-width: 40rem; margin: 2.5rem auto; background: #fff; border: 1px solid #b5b5b5;
       border-radius: 4px; padding: 1rem 1.5rem 1.5rem; }
h1 { font-size: 1.3rem; margin: .2rem 0 1rem; }
label { display: block; font-weight: 600; margin-bottom: .4rem; }
input { font-size: 1.6rem; letter-spacing: .2em; padding: .3rem .5rem; width: 10em;
        text-transform: uppercase; border: 2px solid #404040; border-radius: 4px; }
button { font-size: 1.2rem; padding: .4rem 1.2rem; margin-inline-start: .5rem; color: #fff;
         background: #0a4a94; border: 0; border-radius: 4px; }
input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #0a4a94; outline-offset: 2px; }
.error { color: #a00000; font-weight: 600; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; }
th, td { text-align: start; padding: .3rem .5rem; border-bottom: 1px solid #dedede; }
td.n { text-align: end; font-variant-numeric: tabular-nums; }
.url { font-size: 1.2rem; word-break: break-all; }
.code { font-size: 2rem; letter-spacing: .25em; font-weight: 700; }
.qr svg { width: 16rem; height: auto; }
"""


def join_page(language: str, next_url: str, error: bool = False, xsrf: str = "") -> str:
    """The page an unknown visitor gets (status 403, or 401 after a wrong code): a form
    to type the class code, in ``language``; it posts to ``/login`` and goes on to ``next_url``
    (``xsrf``: the handler's ``xsrf_form_html()``, which Jupyter checks on every POST)."""
    e = html.escape
    tx = [gettext("That is not the class code. Ask your teacher for it.", language),
          gettext("Join the class", language),
          gettext("Type the class code your teacher shows you.", language),
          gettext("Class code", language),
          gettext("Join", language)]
    message = (f'<p class="error" role="alert">{e(tx[0])}</p>'
               if error else "")
    return f"""<!DOCTYPE html>
<html {dir_attrs(language)}>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>{e(tx[1])}</title><style>{_STYLE}</style></head>
<body><main>
<h1>{e(tx[1])}</h1>
<p>{e(tx[2])}</p>
{message}
<form method="post" action="/login?{html.escape(urlencode({"next": next_url}))}">
{xsrf}
<label for="code">{e(tx[3])}</label>
<input id="code" name="password" autocomplete="off" autocapitalize="characters" spellcheck="false" required autofocus>
<button type="submit">{e(tx[4])}</button>
</form>
</main></body></html>"""


class JoinOn403:
    """Mixin for Jupyter handlers: someone without the class code gets 403 (never Jupyter's
    redirect to its login page), and for a page that 403 is the join form."""

    def get_login_url(self):
        raise tornado.web.HTTPError(403)

    def write_error(self, status_code, **kwargs):
        wants_page = "text/html" in self.request.headers.get("Accept", "")
        if status_code == 403 and wants_page and getattr(self, "_jupyter_current_user", None) is None:
            room = self.settings.get("pushlab_room")
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(join_page(_page_language(self, room.language if room else "en"),
                                  self.request.uri or "/", xsrf=self.xsrf_form_html()))
            return
        if isinstance(self, APIHandler) or "text/html" not in self.get_content_type_for_error():
            super().write_error(status_code, **kwargs)
            return
        # Jupyter's error templates need a static_path Voilà does not set: a plain page instead
        reason = html.escape(self._reason)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{status_code} "
                    f"{reason}</title></head><body><main><h1>{status_code}: {reason}</h1></main></body></html>")

    def get_content_type_for_error(self) -> str:
        return self.request.headers.get("Accept", "") or "text/html"


class JoinHandler(JoinOn403, voila_app.VoilaLoginHandler):
    """Jupyter's login form handler (``POST /login``: the identity provider checks the code,
    sets the cookie and sends the reader on), its form drawn by :func:`join_page`."""

    def _render(self, message=None):
        room = self.settings.get("pushlab_room")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        if message:
            self.set_status(401)
        self.write(join_page(_page_language(self, room.language if room else "en"),
                             self.get_argument("next", default=self.base_url), error=bool(message),
                             xsrf=self.xsrf_form_html()))


def _is_from_this_machine(handler) -> bool:
    """True when the request comes from the serving machine itself (a loopback address, or
    the address the connection reached: a kernel, or the teacher's own browser)."""
    remote = handler.request.remote_ip or ""
    if serving.is_local_host(remote):
        return True
    try:
        local = handler.request.connection.stream.socket.getsockname()[0]
    except Exception:                                                   # noqa: BLE001
        return False
    return remote == local


class LocalQueryHandler(RequestInfoSocketHandler):
    """Voilà's ``/voila/query/KERNEL`` channel, over which a warm kernel waits for its reader's
    address, answering only the kernels (connections from this machine)."""

    def prepare(self):
        if not _is_from_this_machine(self):
            raise tornado.web.HTTPError(403)
        return super().prepare()


class TemplateStaticHandler(TemplateStaticFileHandler):
    """Voilà's template static files, a malformed path being a 404 (Voilà's handler asserts
    ``TEMPLATE/static/FILE`` and answers anything else with a 500 and a traceback in the log)."""

    def parse_url_path(self, path):
        parts = path.split("/", 2)
        if len(parts) != 3 or parts[1] != "static" or not re.fullmatch(r"[A-Za-z0-9_][\w.-]*", parts[0]):
            raise tornado.web.HTTPError(404)
        return super().parse_url_path(path)


def _plain(method):
    """``method`` without Jupyter's ``allow_unauthenticated`` mark."""
    def call(self, *args, **kwargs):
        return method(self, *args, **kwargs)
    call.__name__ = method.__name__
    return call


def gated(cls):
    """``cls`` with Jupyter Server's authentication on every GET and HEAD, a 403 page being
    the join form: Jupyter handlers lose any ``allow_unauthenticated`` mark on ``get``/``head``
    (Jupyter lets its static files through for its login page, which pushlab does not use);
    plain Tornado static file handlers become Jupyter handlers first."""
    if cls is RequestInfoSocketHandler:
        return LocalQueryHandler
    if cls is TemplateStaticFileHandler:
        cls = TemplateStaticHandler
    if issubclass(cls, voila_app.VoilaLoginHandler):
        return JoinHandler
    if issubclass(cls, JoinOn403):
        return cls
    bases = (JoinOn403, cls) if issubclass(cls, JupyterHandler) else (JoinOn403, JupyterHandler, cls)
    ns = {}
    if issubclass(cls, tornado.web.StaticFileHandler) or getattr(getattr(cls, "get", None),
                                                                  "__allow_unauthenticated", False):
        ns["get"] = _plain(cls.get)
        if hasattr(cls, "head"):
            ns["head"] = _plain(cls.head)
    return type(f"Gated{cls.__name__}", bases, ns)


# --------------------------------------------------------------------------- the room


class RoomState:
    """What the teacher page shows: readers per app, page requests in flight, the warm-up."""

    def __init__(self, app: "RoomVoila"):
        self.app = app
        self.language = app.class_language
        self.readers: dict[str, int] = {}
        self.connecting = 0
        self.last_activity = 0.0
        self.started = time.monotonic()
        self.peak_rss = 0.0

    def activity(self) -> None:
        self.last_activity = time.monotonic()

    def quiet_for(self) -> float:
        """Seconds since a reader last connected (0 while a page request is in flight)."""
        return 0.0 if self.connecting else time.monotonic() - self.last_activity

    def memory_mb(self) -> dict:
        """Resident memory of the server and of its kernels (MB), and what the machine has free."""
        import psutil

        me = psutil.Process()
        server = me.memory_info().rss
        kernels = 0
        for child in me.children(recursive=True):
            try:
                kernels += child.memory_info().rss
            except psutil.Error:
                pass
        total = server + kernels
        self.peak_rss = max(self.peak_rss, total)
        mb = 2 ** 20
        return {"server": round(server / mb), "kernels": round(kernels / mb), "total": round(total / mb),
                "peak": round(self.peak_rss / mb), "available": round(psutil.virtual_memory().available / mb)}

    def status(self) -> dict:
        """The room as JSON: join address, readers and warm kernels per app, memory."""
        km = self.app.kernel_manager
        pools = km.pool_status() if hasattr(km, "pool_status") else {}
        apps = sorted(set(pools) | {a for a, n in self.readers.items() if n})
        return {
            "join_url": self.app.join_url,
            "code": self.app.token or None,
            "ready": getattr(km, "room_ready", True),
            "apps": [{"app": a, "readers": self.readers.get(a, 0), **pools.get(a, {})} for a in apps],
            "readers": sum(self.readers.values()),
            "kernels": len(km.list_kernel_ids()),
            "memory_mb": self.memory_mb(),
        }


def app_of(path: str) -> str | None:
    """The notebook (relative to the served folder) a ``/voila/render/...`` request path names.

    >>> app_of("/voila/render/cs/02-play-push-your-luck.ipynb")
    'cs/02-play-push-your-luck.ipynb'
    """
    marker = "/voila/render/"
    return path.split(marker, 1)[1] if marker in path else None


class CountedVoilaHandler(TornadoVoilaHandler):
    """Voilà's page handler, counting page requests in flight (the refill waits for none)."""

    async def get(self, path=None):
        room = self.settings["pushlab_room"]
        room.connecting += 1
        room.activity()
        try:
            return await super().get(path=path)
        finally:
            room.connecting -= 1
            room.activity()


MAX_PARTS = 1024


def framing_ok(message: bytes, subprotocol: str | None) -> bool:
    """True if a binary kernel message's table of parts is possible: a count of at most
    :data:`MAX_PARTS` parts whose offsets rise within the message. Jupyter Server reads the
    count first and builds a list that long: 8 bytes of ``0xff`` made the server count to
    2**64, and every reader's page stopped (found by the hostile-client test).

    >>> framing_ok(b"\\xff" * 64, "v1.kernel.websocket.jupyter.org"), framing_ok(b"\\x00\\x00\\x00\\x09" * 3, None)
    (False, False)
    """
    if subprotocol == "v1.kernel.websocket.jupyter.org":
        if len(message) < 8:
            return False
        n = int.from_bytes(message[:8], "little")
        if not 3 <= n <= MAX_PARTS or len(message) < 8 * (n + 1):
            return False
        offsets = [int.from_bytes(message[8 * (i + 1):8 * (i + 2)], "little") for i in range(n)]
        return offsets[0] == 8 * (n + 1) and offsets == sorted(offsets) and offsets[-1] <= len(message)
    if len(message) < 4:                       # the legacy binary framing: !i count, !I offsets
        return False
    n = int.from_bytes(message[:4], "big")
    if not 1 <= n <= MAX_PARTS or len(message) < 4 * (n + 1):
        return False
    offsets = [int.from_bytes(message[4 * (i + 1):4 * (i + 2)], "big") for i in range(n)]
    return offsets == sorted(offsets) and offsets[-1] <= len(message)


def counted_websocket(cls):
    """The kernel websocket handler, counting open connections (readers) per app."""

    class CountedKernelWebsocketHandler(cls):
        _pushlab_app = None

        async def open(self, kernel_id):
            room = self.settings["pushlab_room"]
            room.activity()
            app = self.kernel_manager.app_of_kernel(kernel_id) if hasattr(
                self.kernel_manager, "app_of_kernel") else None
            self._pushlab_app = app or "?"
            room.readers[self._pushlab_app] = room.readers.get(self._pushlab_app, 0) + 1
            return await super().open(kernel_id)

        def on_message(self, message):
            """Jupyter Server's relay; a message it cannot even parse is dropped with a line in
            the log (Tornado would log a traceback and hang up) and touches nothing else."""
            if isinstance(message, bytes) and not framing_ok(message, getattr(self, "selected_subprotocol", None)):
                self.log.warning("pushlab: dropped a kernel message with impossible framing from %s",
                                 self.request.remote_ip)
                return None
            try:
                return super().on_message(message)
            except Exception as exc:                                    # noqa: BLE001 - a hostile client
                self.log.warning("pushlab: dropped a malformed kernel message from %s (%s)",
                                 self.request.remote_ip, type(exc).__name__)

        def on_close(self):
            room = self.settings["pushlab_room"]
            if self._pushlab_app is not None:
                room.readers[self._pushlab_app] = max(0, room.readers.get(self._pushlab_app, 1) - 1)
                self._pushlab_app = None
            return super().on_close()

    return CountedKernelWebsocketHandler


class RoomHandler(JoinOn403, JupyterHandler):
    """Base of the teacher page and its JSON: behind the class code like everything else."""

    def initialize(self, **kwargs):
        """Takes (and ignores) what Voilà gives the tree handler this may replace."""

    @property
    def room(self) -> RoomState:
        return self.settings["pushlab_room"]


class RoomApiHandler(RoomHandler):
    """``GET /pushlab/api/room``: :meth:`RoomState.status` as JSON (docs/deploy.md)."""

    @tornado.web.authenticated
    def get(self):
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(self.room.status()))


def teacher_page(status: dict, language: str) -> str:
    """The teacher page: join address, QR code, code; readers and warm kernels per app; memory.
    Its numbers refresh every few seconds from ``/pushlab/api/room``."""
    e = html.escape
    tx = [gettext("Class code", language),
          gettext("Teacher page", language),
          gettext("Students scan the code or open this address:", language),
          gettext("QR code of the join address", language),
          gettext("Room ready", language),
          gettext("Warming up…", language),
          gettext("App", language),
          gettext("Readers now", language),
          gettext("Warm kernels left", language),
          gettext("Warming", language),
          gettext("Memory in use", language),
          gettext("free on this computer", language)]
    url = status["join_url"]
    rows = "".join(
        f'<tr><td>{html.escape(a["app"])}</td><td class="n" data-k="readers">{a["readers"]}</td>'
        f'<td class="n" data-k="warm">{a.get("warm", "–")}</td><td class="n" data-k="warming">'
        f'{a.get("warming", "–")}</td></tr>' for a in status["apps"])
    mem = status["memory_mb"]
    code = (f'<p>{e(tx[0])}: <span class="code">{html.escape(status["code"])}</span></p>'
            if status["code"] else "")
    return f"""<!DOCTYPE html>
<html {dir_attrs(language)}>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>{e(tx[1])}</title><style>{_STYLE}</style></head>
<body><main>
<h1>{e(tx[1])}</h1>
<p>{e(tx[2])}</p>
<p class="url"><a href="{html.escape(url)}">{html.escape(url)}</a></p>
{code}
<div class="qr" role="img" aria-label="{e(tx[3])}">{serving.qr_svg(url)}</div>
<p id="ready" role="status">{e(tx[4]) if status["ready"] else e(tx[5])}</p>
<table><thead><tr><th scope="col">{e(tx[6])}</th><th scope="col">{e(tx[7])}</th>
<th scope="col">{e(tx[8])}</th><th scope="col">{e(tx[9])}</th></tr></thead>
<tbody id="apps">{rows}</tbody></table>
<p>{e(tx[10])}: <span id="mem">{mem["total"]}</span> MB
({e(tx[11])}: <span id="free">{mem["available"]}</span> MB)</p>
</main>
<script>
var texts = {json.dumps({"ready": tx[4], "warming": tx[5]})};
setInterval(function () {{
  fetch("/pushlab/api/room", {{credentials: "same-origin"}}).then(function (r) {{ return r.json(); }})
  .then(function (s) {{
    document.getElementById("ready").textContent = s.ready ? texts.ready : texts.warming;
    document.getElementById("mem").textContent = s.memory_mb.total;
    document.getElementById("free").textContent = s.memory_mb.available;
    var body = document.getElementById("apps"); body.textContent = "";
    s.apps.forEach(function (a) {{
      var tr = document.createElement("tr");
      [a.app, a.readers, a.warm === undefined ? "–" : a.warm, a.warming === undefined ? "–" : a.warming]
        .forEach(function (v, i) {{ var td = document.createElement("td"); td.textContent = v;
          if (i) {{ td.className = "n"; }} tr.appendChild(td); }});
      body.appendChild(tr);
    }});
  }}).catch(function () {{}});
}}, 5000);
</script>
</body></html>"""


class TeacherHandler(RoomHandler):
    """``GET /pushlab/teacher``: :func:`teacher_page`."""

    @tornado.web.authenticated
    def get(self):
        self.set_header("Cache-Control", "no-store")
        self.finish(teacher_page(self.room.status(), _page_language(self, self.room.language)))


class RootHandler(RoomHandler):
    """``GET /`` with a class code: the teacher page for the serving machine's own browser,
    the lessons for everyone else (students who typed the bare address)."""

    @tornado.web.authenticated
    def get(self):
        if _is_from_this_machine(self):
            self.set_header("Cache-Control", "no-store")
            self.finish(teacher_page(self.room.status(), _page_language(self, self.room.language)))
        else:
            self.redirect(self.base_url + self.settings["pushlab_join_path"])


# --------------------------------------------------------------------------- warm pool


class CheckedRenderer(NotebookRenderer):
    """Voilà's renderer, recording whether the notebook ran to its end with every output.

    ``health``: code cells, cells run, failures (cell index and why). A warm kernel is
    healthy when every cell ran without an error and no output was lost: for a warm-up
    (``checking``), a late output is an error (nbclient's ``raise_on_iopub_timeout``) instead
    of being dropped silently, so the kernel is discarded rather than handed to a reader.
    """

    checking = False

    async def _jinja_kernel_start(self, nb, kernel_id, kernel_future):
        out = await super()._jinja_kernel_start(nb, kernel_id, kernel_future)
        if self.checking:
            self.executor.raise_on_iopub_timeout = True
        return out

    async def _jinja_cell_generator(self, nb, kernel_id):
        """Voilà's cell generator (execute one cell at a time), recording each cell's fate."""
        import nbformat
        from nbclient.exceptions import CellExecutionError
        from nbconvert.preprocessors.clearoutput import ClearOutputPreprocessor
        from voila.execute import strip_code_cell_warnings

        nb, _ = ClearOutputPreprocessor().preprocess(nb, {"metadata": {"path": self.cwd}})
        self.health = {"cells": sum(c.cell_type == "code" for c in nb.cells), "ran": 0,
                       "failed": [], "done": False}
        for index, cell in enumerate(nb.cells):
            stop = False
            try:
                out = await self.executor.execute_cell(cell, None, index, store_history=False)
                if cell.cell_type == "code":
                    errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
                    if errors:
                        self.health["failed"].append((index, "error output"))
                    else:
                        self.health["ran"] += 1
            except TimeoutError as exc:
                self.health["failed"].append((index, f"timeout: {exc}"))
                out, stop = cell, True
            except CellExecutionError:
                self.log.exception("Error at server while executing cell: %r", cell)
                self.health["failed"].append((index, "cell raised"))
                if self.executor.should_strip_error():
                    strip_code_cell_warnings(cell)
                    self.executor.strip_code_cell_errors(cell)
                out, stop = cell, True
            except Exception as exc:                                    # noqa: BLE001 - Voilà's behaviour
                self.log.exception("Error at server while executing cell: %r", cell)
                self.health["failed"].append((index, f"{type(exc).__name__}: {exc}"))
                out = nbformat.v4.new_code_cell()
                out.outputs = [{"output_type": "stream", "name": "stderr",
                                "text": "An exception occurred at the server (not the notebook). "
                                        + self.executor.cell_error_instruction}]
            yield out
            if stop:
                break
        else:
            self.health["done"] = True
        await self._cleanup_resources()

    @property
    def healthy(self) -> bool:
        h = getattr(self, "health", None)
        return bool(h and h["done"] and not h["failed"] and h["ran"] == h["cells"])


class RoomMixin:
    """Kernel manager side of the room (with or without a pool): which app each kernel serves."""

    def _room_init(self):
        if not hasattr(self, "_kernel_apps"):
            self._kernel_apps: dict[str, str] = {}

    async def start_kernel(self, *args, **kwargs):
        self._room_init()
        kernel_id = await super().start_kernel(*args, **kwargs)
        script = (kwargs.get("env") or {}).get(ENV_VARIABLE.SCRIPT_NAME, "")
        app = app_of(script)
        if app:
            self._kernel_apps[kernel_id] = app
        return kernel_id

    def app_of_kernel(self, kernel_id: str) -> str | None:
        self._room_init()
        return self._kernel_apps.get(kernel_id)


class PoolMixin(RoomMixin):
    """Voilà's kernel pools (``preheat_kernel``) warmed for a room; see the module docstring.

    Pools: ``_ready[app]`` kernels that passed the health check (their page rendered),
    ``_warming[app]`` warm-ups in progress, ``_targets[app]`` the pool size asked for.
    """

    def fill_if_needed(self, delay=None, notebook_name=None, extra_kernel_env_variables=None, **kwargs):
        """Voilà calls this for every notebook at start: set the app's target and queue its
        warm-ups (they wait for a free warmer)."""
        self._pool_init()
        default_config = self.kernel_pools_config.get("default", {})
        size = self.kernel_pools_config.get(notebook_name, default_config).get("pool_size", 0)
        if size <= 0 or notebook_name is None:
            return
        self._targets[notebook_name] = size
        self._kwargs[notebook_name] = kwargs
        self._announce()
        for _ in range(size - len(self._ready[notebook_name]) - len(self._warming[notebook_name])):
            self._start_warming(notebook_name)

    # -- state

    def _pool_init(self):
        if hasattr(self, "_targets"):
            return
        self._room_init()
        room = self.parent.room
        self._room = room
        self._targets: dict[str, int] = {}
        self._kwargs: dict[str, dict] = {}
        self._ready: dict[str, deque] = _DefaultDict(deque)
        self._warming: dict[str, set] = _DefaultDict(set)
        self._taken: dict[str, int] = _DefaultDict(int)
        self._failures: dict[str, int] = _DefaultDict(int)
        self._given_up: set[str] = set()
        self._sem = asyncio.Semaphore(max(1, self.parent.warmers))
        self._changed = asyncio.Event()
        self._refill_wanted = asyncio.Event()
        self._refiller = None
        self._warm_total = 0          # warm-ups that passed, for the progress line
        self._initial = None          # the first warm-up's target (all pools, once)
        self._t0 = time.monotonic()
        self._ready_said = False

    @property
    def room_ready(self) -> bool:
        """True once the first warm-up is over (every pool full, or given up)."""
        self._pool_init()
        return self._ready_said or not self._targets

    def pool_status(self) -> dict:
        self._pool_init()
        return {app: {"target": n, "warm": len(self._ready[app]), "warming": len(self._warming[app]),
                      "taken": self._taken[app], "given_up": app in self._given_up}
                for app, n in sorted(self._targets.items())}

    def _kernel_env(self, notebook_name, extra=None) -> dict:
        """Voilà's warm-kernel environment (``fill_if_needed`` in voila_kernel_manager.py)."""
        kwargs = dict(self._kwargs.get(notebook_name, {}))
        kwargs.setdefault("path", os.path.dirname(notebook_name))
        env = os.environ.copy()
        env.update(kwargs.get("env", {}))
        env.update(extra or {})
        env[ENV_VARIABLE.VOILA_BASE_URL] = self.parent.base_url
        env[ENV_VARIABLE.VOILA_SERVER_URL] = self.parent.server_url
        env[ENV_VARIABLE.VOILA_APP_PORT] = str(self.parent.port)
        env[ENV_VARIABLE.VOILA_PREHEAT] = "True"
        kwargs["env"] = env
        return kwargs

    # -- warming

    def _start_warming(self, app: str) -> asyncio.Task:
        loop = asyncio.get_event_loop()
        task = loop.create_task(self._warm_one(app))
        self._warming[app].add(task)
        task.add_done_callback(lambda t: (self._warming[app].discard(t), self._changed.set()))
        return task

    async def _warm_one(self, app: str) -> None:
        """One warm kernel for ``app``: wait for a warmer, start it, run the notebook, check it."""
        async with self._sem:
            t0 = time.monotonic()
            try:
                content = await self._initialize(app, None, **self._kernel_env(app))
            except Exception as exc:                                    # noqa: BLE001 - logged, retried
                self.log.warning("pushlab: a warm kernel for %s did not start (%s): starting another", app, exc)
                self._failed(app)
                return
            renderer: CheckedRenderer = content["renderer"]
            renderer.checking = True
            self._kernel_apps[content["kernel_id"]] = app
            try:
                await content["task"]
            except Exception as exc:                                    # noqa: BLE001
                renderer.health = {"cells": 0, "ran": 0, "failed": [(None, repr(exc))], "done": False}
        if renderer.healthy:
            self._failures[app] = 0
            self._ready[app].append(content)
            self._warm_total += 1
            self._progress(app, time.monotonic() - t0)
        else:
            self.log.warning("pushlab: warm kernel %s for %s failed its health check (%s): discarded, "
                             "starting another", content["kernel_id"], app, renderer.health)
            try:
                await super().shutdown_kernel(content["kernel_id"], now=True)
            except Exception:                                           # noqa: BLE001
                pass
            self._failed(app)
        self._changed.set()

    def _failed(self, app: str) -> None:
        self._failures[app] += 1
        if self._failures[app] >= MAX_FAILURES:
            self._given_up.add(app)
            self.log.error("pushlab: %s failed %d warm-ups in a row: its readers get kernels started "
                           "for them", app, self._failures[app])
            self._announce()
        else:
            self._start_warming(app)

    # -- progress

    def _announce(self) -> None:
        if self._initial is None and self._targets:
            loop = asyncio.get_event_loop()
            loop.call_soon(self._first_line)

    def _first_line(self) -> None:
        if self._initial is None:
            self._initial = sum(self._targets.values())
            apps = ", ".join(f"{n} x {a}" for a, n in sorted(self._targets.items()))
            say(f"warming {self._initial} kernel(s), {self.parent.warmers} at a time: {apps}")
            say(progress_line(0, self._initial))

    def _progress(self, app: str, seconds: float) -> None:
        if self._initial is None:
            self._first_line()
        if not self._ready_said:
            done = min(self._warm_total, self._initial)
            say(progress_line(done, self._initial) + f"  {app} ({seconds:.1f} s)")
            if done >= self._initial or all(len(self._ready[a]) >= n or a in self._given_up
                                            for a, n in self._targets.items()):
                self._ready_said = True
                mem = self._room.memory_mb()
                say(f"room ready: {sum(len(q) for q in self._ready.values())} warm kernel(s) in "
                    f"{time.monotonic() - self._t0:.0f} s; memory {mem['total']} MB (peak {mem['peak']} MB), "
                    f"{mem['available']} MB free")
        else:
            self._room.memory_mb()
            self.log.info("pushlab: refilled %s (%.1f s): %d warm", app, seconds, len(self._ready[app]))

    # -- readers

    def get_pool_size(self, notebook_name: str) -> int:
        """Non-zero for every pooled app: its readers always go through :meth:`get_rendered_notebook`."""
        self._pool_init()
        return 1 if self._targets.get(notebook_name) else 0

    async def get_rendered_notebook(self, notebook_name: str, extra_kernel_env_variables: dict = {}, **kwargs):
        """A reader's kernel: a warm one that passed; else the next warm-up in progress that
        passes (no timeout); else one started for this reader. Then a refill is wanted."""
        self._pool_init()
        self._room.activity()
        content = None
        while content is None:
            if self._ready[notebook_name]:
                content = self._ready[notebook_name].popleft()
            elif self._warming[notebook_name] and notebook_name not in self._given_up:
                self._changed.clear()
                await self._changed.wait()
            else:
                content = await self._initialize(notebook_name, None,
                                                 **self._kernel_env(notebook_name, extra_kernel_env_variables))
                self._kernel_apps[content["kernel_id"]] = notebook_name
        self._taken[notebook_name] += 1
        renderer = content["renderer"]
        renderer.stop_generator = True
        self.log.info("Using pre-heated kernel: %s for %s", content["kernel_id"], notebook_name)
        self._want_refill()
        return content["task"], renderer.rendered_cache, content["kernel_id"]

    # -- refills

    def _want_refill(self) -> None:
        self._refill_wanted.set()
        if self._refiller is None or self._refiller.done():
            self._refiller = asyncio.get_event_loop().create_task(self._refill_loop())

    def _deficit(self) -> str | None:
        """The app whose pool is furthest below its target (None: all full)."""
        short = [(n - len(self._ready[a]) - len(self._warming[a]), a) for a, n in self._targets.items()
                 if a not in self._given_up]
        short = [(d, a) for d, a in short if d > 0]
        return max(short)[1] if short else None

    async def _refill_loop(self) -> None:
        """Replace taken kernels one at a time, each only after :data:`QUIET` s without a reader
        connecting, once the first warm-up is over."""
        while True:
            await self._refill_wanted.wait()
            while (any(self._warming.values()) or self._room.quiet_for() < QUIET):
                await asyncio.sleep(0.5)
            app = self._deficit()
            if app is None:
                self._refill_wanted.clear()
                continue
            await self._start_warming(app)

    # -- Voilà's bookkeeping

    async def shutdown_kernel(self, kernel_id, *args, **kwargs):
        self._pool_init()
        for queue in self._ready.values():
            for content in list(queue):
                if content["kernel_id"] == kernel_id:
                    queue.remove(content)
        self._kernel_apps.pop(kernel_id, None)
        return await super().shutdown_kernel(kernel_id, *args, **kwargs)

    async def cull_kernel_if_idle(self, kernel_id):
        """Never cull a warm kernel nobody has taken."""
        self._pool_init()
        if any(c["kernel_id"] == kernel_id for q in self._ready.values() for c in q):
            return
        return await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_all(self, *args, **kwargs):
        self._pool_init()
        for tasks in list(self._warming.values()):
            for task in list(tasks):
                task.cancel()
        if self._refiller is not None:
            self._refiller.cancel()
        return await super().shutdown_all(*args, **kwargs)

    def _notebook_renderer_factory(self, notebook_path=None):
        """Voilà's renderer, made a :class:`CheckedRenderer` (a subclass adding no state of
        its own: Voilà builds the renderer with a dozen arguments this keeps in step)."""
        renderer = super()._notebook_renderer_factory(notebook_path)
        renderer.__class__ = CheckedRenderer
        return renderer


class _DefaultDict(dict):
    def __init__(self, factory):
        super().__init__()
        self._factory = factory

    def __missing__(self, key):
        value = self[key] = self._factory()
        return value


def progress_line(done: int, total: int, width: int = 20) -> str:
    """``warming 14/20 [##############------]``.

    >>> progress_line(14, 20, 10)
    'warming 14/20 [#######---]'
    """
    filled = round(width * done / total) if total else width
    return f"warming {done}/{total} [{'#' * filled}{'-' * (width - filled)}]"


def say(text: str) -> None:
    """A line for the teacher's terminal."""
    print(f"pushlab: {text}", flush=True)


# --------------------------------------------------------------------------- the app


def _room_kernel_manager_factory(original):
    def factory(base_class, preheat_kernel, default_pool_size, page_config_hook=None):
        cls = original(base_class, preheat_kernel, default_pool_size, page_config_hook=page_config_hook)
        mixin = PoolMixin if preheat_kernel else RoomMixin
        return type(f"Room{cls.__name__}", (mixin, cls), {})
    return factory


class RoomVoila(Voila):
    """Voilà for a room (see the module docstring)."""

    name = "voila"
    class_language = Unicode("en", config=True, help="the class's language (join and teacher pages)")
    warmers = Integer(0, config=True, help="warm-ups at once (0: the cores this process may use)")
    join_path = Unicode("voila/tree/", config=True, help="where a student's join address leads")
    join_address = Unicode("", config=True, help="the address students type (default: the host's)")
    compress = Bool(True, config=True, help="gzip responses (Tornado's compress_response)")
    handler_modules = List(Unicode(), config=True,
                           help="modules whose room_handlers() -> [(path, handler class)] are served "
                           "too, behind the class code (paths relative to the base URL)")

    @default("warmers")
    def _default_warmers(self):
        return 0

    def initialize(self, argv=None):
        super().initialize(argv)
        self.class_language = check_language(self.class_language)
        if self.warmers <= 0:
            self.warmers = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)

    @property
    def join_url(self) -> str:
        address = self.join_address or serving.lan_address(self.ip)
        return serving.join_url(address, self.port, self.token or None, self.join_path)

    def init_settings(self):
        self.room = RoomState(self)
        original = voila_app.voila_kernel_manager_factory
        voila_app.voila_kernel_manager_factory = _room_kernel_manager_factory(original)
        try:
            settings = super().init_settings()
        finally:
            voila_app.voila_kernel_manager_factory = original
        if self.token:
            self.identity_provider.login_handler_class = JoinHandler
        settings["pushlab_room"] = self.room
        settings["pushlab_join_path"] = self.join_path
        if self.compress:
            settings["compress_response"] = True
        return settings

    def init_handlers(self):
        handlers = []
        for pattern, cls, *rest in super().init_handlers():
            if cls is TornadoVoilaHandler:
                cls = CountedVoilaHandler
            elif cls.__name__ == "VoilaKernelWebsocketHandler":
                cls = counted_websocket(cls)
            if self.token and pattern == self.server_url and cls.__name__ == "TornadoVoilaTreeHandler":
                cls = RootHandler
            handlers.append((pattern, gated(cls), *rest))
        base = self.server_url
        handlers += [(f"{base}pushlab/teacher", TeacherHandler), (f"{base}pushlab/api/room", RoomApiHandler)]
        import importlib

        for name in self.handler_modules:
            for path, cls, *rest in importlib.import_module(name).room_handlers():
                handlers.append((base + path.lstrip("/"), gated(cls), *rest))
        return handlers

    def start(self):
        os.environ["PUSHLAB_JOIN_URL"] = self.join_url
        os.environ["PUSHLAB_TEACHER_URL"] = f"http://{serving.url_host(self.join_address or serving.lan_address(self.ip))}:{self.port}{self.server_url}pushlab/teacher"
        if self.ip not in ("0.0.0.0", "::", "") and not serving.is_local_host(self.ip):
            # Voilà's warm kernels ask ws://VOILA_APP_IP:PORT/voila/query for their reader (default 127.0.0.1)
            os.environ.setdefault(ENV_VARIABLE.VOILA_APP_IP, serving.url_host(self.ip))
        super().start()


main = RoomVoila.launch_instance

if __name__ == "__main__":
    sys.exit(main())
