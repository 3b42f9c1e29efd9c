"""Shared by scripts/bench_pages.py and scripts/load_bench.py: a pushlab server, Chromium, timings.

Not a test: these scripts measure. ``Server`` runs ``pushlab serve`` on a folder and
port; ``open_page`` opens one app in a fresh browser context and times it: when the
page was shown, when its first widget appeared, when the kernel went idle (from the
kernel's status messages on the page's websocket), and when the app answered a move.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("PUSHLAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]

# What "interactive" means per app, and one move: (ready selector, move button, changed part)
APPS = {
    "01-push-your-luck-rules": (".pl-stepthrough button:has-text('Next')",
                                ".pl-stepthrough >> nth=0 >> button:has-text('Next')",
                                ".pl-stepthrough >> nth=0"),
    "02-play-push-your-luck": (".pl-playapp .pl-btn-draw", ".pl-playapp .pl-btn-draw",
                               ".pl-playapp .pl-tableview"),
    "05-rummy-rules": (".pl-rummy-stepthrough button:has-text('Next')",
                       ".pl-rummy-stepthrough >> nth=0 >> button:has-text('Next')",
                       ".pl-rummy-stepthrough >> nth=0"),
    "06-play-push-rummy": (".pl-rummy-playapp .pl-handcard",
                           ".pl-rummy-playapp button:has-text('Push')",
                           ".pl-rummy-playapp .pl-prompt"),
}
WIDGET = ".jupyter-widgets"
_STATUS = re.compile(rb'"execution_state":\s*"(busy|idle)"')


def free_port() -> int:
    """A port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    """``pushlab serve --notebooks FOLDER --pool POOL`` on a free port, its log in a file."""

    folder: Path
    pool: int = 0
    port: int = field(default_factory=free_port)
    process: subprocess.Popen | None = None
    log: Path | None = None
    apps: str | None = None            # --apps (default: the play apps)
    code: str | None = None            # --code: a room behind a class code
    cpus: str | None = None            # taskset -c CPUS: the server and its kernels pinned
    extra: tuple = ()                  # more options of pushlab.room (e.g. --RoomVoila.compress=False)
    started: float = 0.0

    def start(self, timeout: float = 300) -> "Server":
        """Start and wait until Voilà answers (not for the pool: see :meth:`wait_pool`)."""
        self.log = Path(tempfile.mkdtemp(prefix="pushlab-bench-")) / f"serve-{self.port}.log"
        argv = [str(Path(sys.executable).with_name("pushlab")), "serve", "--notebooks", str(self.folder),
                "--port", str(self.port), "--no-browser", "--pool", str(self.pool)]
        argv += ["--apps", self.apps] if self.apps else []
        argv += ["--code", self.code] if self.code else []
        if self.cpus is not None:
            argv = ["taskset", "-c", self.cpus] + argv
        env = dict(os.environ, PUSHLAB_VOILA_ARGS=json.dumps(list(self.extra))) if self.extra else None
        self.started = time.monotonic()
        self.process = subprocess.Popen(argv, stdout=self.log.open("w"), stderr=subprocess.STDOUT,
                                        start_new_session=True, env=env)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"pushlab serve stopped:\n{self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{self.url}voila/api/contents"
                                            + (f"?token={self.code}" if self.code else ""), timeout=3):
                    return self
            except OSError:
                time.sleep(0.5)
        raise RuntimeError("pushlab serve did not answer in time")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def render_url(self, app: str) -> str:
        return f"{self.url}voila/render/{app}.ipynb"

    def wait_ready(self, timeout: float = 1800) -> float:
        """Wait for ``pushlab serve``'s "room ready" line (every warm kernel passed its health
        check); seconds since the server was started."""
        while time.monotonic() - self.started < timeout:
            if "room ready" in self.log.read_text(errors="replace"):
                return time.monotonic() - self.started
            if self.process.poll() is not None:
                raise RuntimeError(f"pushlab serve stopped:\n{self.log.read_text()[-2000:]}")
            time.sleep(0.5)
        raise RuntimeError("the room did not get ready in time")

    def room(self) -> dict:
        """``/pushlab/api/room`` (warm kernels per app, memory)."""
        url = f"{self.url}pushlab/api/room" + (f"?token={self.code}" if self.code else "")
        with urllib.request.urlopen(url, timeout=60) as r:
            return json.loads(r.read())

    def wait_pool(self, apps=None, timeout: float = 1800) -> float:
        """Wait until the warm pools are full and the server quiet (``pushlab serve`` says
        "room ready" once every warm kernel passed its health check); seconds waited."""
        t0 = time.monotonic()
        self.wait_ready(timeout)
        while any(a.get("warm", 0) < a.get("target", 0) for a in self.room()["apps"]):   # refills
            if time.monotonic() - t0 > timeout:
                raise RuntimeError("the warm pools were not refilled in time")
            time.sleep(1)
        self.wait_quiet(timeout - (time.monotonic() - t0))
        return time.monotonic() - t0

    def wait_quiet(self, timeout: float, window: float = 5.0) -> None:
        """Wait until every kernel has worked (over 0.2 CPU s: the welcome lesson needs about
        0.4 on an idle machine) and then sat idle for ``window`` s (under 0.05 CPU s each: a
        starved kernel on a loaded machine still gets more), and Voilà's own process too
        (under 0.1 CPU s): a kernel also sits idle between two cells while a starved Voilà
        has not sent the next one, which made a cold 20-kernel pool look warm at load 20."""
        t0 = time.monotonic()
        last, last_server = self._kernel_cpu(), self._server_cpu()
        while time.monotonic() - t0 < timeout:
            time.sleep(window)
            now, server = self._kernel_cpu(), self._server_cpu()
            if (now and server - last_server < 0.1
                    and all(c > 0.2 and c - last.get(pid, 0) < 0.05 for pid, c in now.items())):
                return
            last, last_server = now, server
        raise RuntimeError("the kernels did not go idle in time")

    def _server_cpu(self) -> float:
        """CPU seconds of Voilà's own process so far."""
        import psutil

        t = psutil.Process(self.process.pid).cpu_times()
        return t.user + t.system

    def usage(self) -> dict:
        """Memory of each kernel (MB, RSS) and CPU seconds of the server and its kernels so far
        (kernels that have ended included: their parent's children times)."""
        import psutil

        root = psutil.Process(self.process.pid)
        kernels, cpu = [], 0.0
        for p in [root] + root.children(recursive=True):
            try:
                t = p.cpu_times()
                cpu += t.user + t.system + t.children_user + t.children_system
                if "ipykernel_launcher" in " ".join(p.cmdline()):
                    kernels.append(p.memory_info().rss / 2**20)
            except psutil.Error:
                pass
        return {"kernels": len(kernels), "kernel_rss_mb": sorted(round(k) for k in kernels),
                "cpu_s": round(cpu, 2)}

    def _kernel_cpu(self) -> dict:
        """CPU seconds of each kernel process of this server."""
        import psutil

        out = {}
        for p in psutil.Process(self.process.pid).children(recursive=True):
            try:
                if "ipykernel_launcher" in " ".join(p.cmdline()):
                    t = p.cpu_times()
                    out[p.pid] = t.user + t.system
            except psutil.Error:
                pass
        return out

    def stop(self) -> None:
        """SIGTERM the server's process group (Voilà shuts its kernels down)."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(60)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)


def app_folder(apps, into: Path) -> Path:
    """A folder holding copies of the given lessons only (so pools are sized per app)."""
    into.mkdir(parents=True, exist_ok=True)
    for app in apps:
        shutil.copy(REPO / "notebooks" / f"{app}.ipynb", into / f"{app}.ipynb")
    return into


async def open_page(browser, server: Server, app: str, move: bool = True,
                    timeout: float = 600, quiet: float = 3.0, cookies=None) -> dict:
    """Open ``app`` in a fresh context and time it (seconds from the request); never raises.
    ``cookies``: the class code's cookie (a reader who has joined)."""
    ready, button, changed = APPS.get(app, (WIDGET, None, None))
    ctx = await browser.new_context(viewport={"width": 1280, "height": 1600})
    if cookies:
        await ctx.add_cookies(cookies)
    page = await ctx.new_page()
    status = []                                   # (time, "busy"|"idle") from the kernel

    def frames(ws):
        def on_frame(payload):
            data = payload if isinstance(payload, bytes) else payload.encode()
            for m in _STATUS.finditer(data):
                status.append((time.perf_counter(), m.group(1).decode()))
        ws.on("framereceived", on_frame)

    page.on("websocket", frames)
    out = {"app": app, "client": "chromium"}
    t0 = time.perf_counter()
    try:
        await page.goto(server.render_url(app), wait_until="commit", timeout=timeout * 1000)
        await page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout * 1000)
        out["page_s"] = round(time.perf_counter() - t0, 2)
        try:
            await page.wait_for_selector(WIDGET, state="visible", timeout=30_000)
            out["first_widget_s"] = round(time.perf_counter() - t0, 2)
        except Exception:                                        # noqa: BLE001
            out["first_widget_s"] = None      # a page without widgets (09): usable when shown
        if ready != WIDGET:
            await page.wait_for_selector(ready, state="visible", timeout=timeout * 1000)
        out["interactive_s"] = (out["page_s"] if out["first_widget_s"] is None
                                else round(time.perf_counter() - t0, 2))
        if move and button:
            target = page.locator(changed)
            before = await target.inner_text()
            t1 = time.perf_counter()
            await page.locator(button).first.click(timeout=60_000)
            await page.wait_for_function(
                "([sel, old]) => { const e = document.querySelector(sel);"
                " return e && e.innerText !== old; }",
                arg=[_css(changed), before], timeout=120_000)
            out["move_s"] = round(time.perf_counter() - t1, 2)
        # kernel idle: the last idle status before `quiet` seconds without kernel messages
        end = time.perf_counter() + 60
        while time.perf_counter() < end:
            last = status[-1][0] if status else t0
            if time.perf_counter() - last >= quiet:
                break
            await asyncio.sleep(0.25)
        idles = [t for t, s in status if s == "idle"]
        out["kernel_idle_s"] = round(idles[-1] - t0, 2) if idles else None
        out["ok"] = True
    except Exception as exc:                                     # noqa: BLE001 - reported
        out["ok"] = False
        out["error"] = f"{type(exc).__name__}: {str(exc).splitlines()[0][:160]}"
        try:
            out["loading_text"] = (await page.inner_text("#loading_text", timeout=2000))[:200]
        except Exception:                                        # noqa: BLE001
            out["loading_text"] = None
        out["after_s"] = round(time.perf_counter() - t0, 2)
    finally:
        await ctx.close()
    return out


async def fetch_page(server: Server, app: str, timeout: float = 900) -> dict:
    """GET ``app`` over plain HTTP and time it: the first byte, and the whole page (the
    server has run the notebook and sent every output). No browser: what the server
    costs, without a browser's own work on this machine."""
    import urllib.request

    def get():
        t0 = time.perf_counter()
        out = {"app": app}
        try:
            with urllib.request.urlopen(server.render_url(app), timeout=timeout) as r:
                r.read(1)
                out["first_byte_s"] = round(time.perf_counter() - t0, 2)
                body = r.read().decode(errors="replace")
            out["page_done_s"] = round(time.perf_counter() - t0, 2)
            out["ok"] = "voila_finish" in body and "An exception occurred at the server" not in body
            if not out["ok"]:
                out["error"] = "the page ended without its cells"
        except Exception as exc:                                 # noqa: BLE001 - reported
            out.update(ok=False, error=f"{type(exc).__name__}: {exc}",
                       after_s=round(time.perf_counter() - t0, 2))
        return out

    return await asyncio.to_thread(get)


def _css(selector: str) -> str:
    """A plain CSS selector for ``document.querySelector`` from the Playwright ones above."""
    return selector.split(" >> ")[0]


async def launch(playwright):
    """Headless Chromium."""
    return await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def median(xs):
    """The median of the numbers in ``xs`` (None when empty)."""
    xs = sorted(x for x in xs if x is not None)
    if not xs:
        return None
    n = len(xs)
    return xs[n // 2] if n % 2 else round((xs[n // 2 - 1] + xs[n // 2]) / 2, 2)


# --------------------------------------------------------------------------- protocol reader


class ProtocolReader:
    """A reader that speaks what a browser speaks to pushlab's Voilà, without rendering.

    It opens the page (``GET``, the class code as ``?token=`` the first time, then Jupyter's
    cookie), connects the page's kernel websocket with the browser's protocol
    (``v1.kernel.websocket.jupyter.org``: jupyter_server's own framing), asks for the
    kernel's info, asks for every widget's state as ipywidgets 8 does
    (``jupyter.widget.control``: ``request_states``), and clicks one button (a ``custom``
    ``click`` comm message) and waits for the widgets' answer and the kernel's idle. Every
    step is timed from the request. Written on tornado's HTTP and websocket clients and
    Jupyter Server's message framing, so 30 of them load the server as 30 browsers would,
    at no rendering cost here.
    """

    PROTOCOL = "v1.kernel.websocket.jupyter.org"

    def __init__(self, base_url: str, app: str, code: str | None = None, click: str | None = None):
        self.base_url = base_url.rstrip("/") + "/"
        self.app = app
        self.code = code
        self.click = click
        self.cookie = ""
        self.session = uuid_hex()
        self.times: dict = {}
        self.ws = None
        self.kernel_id = None
        self.bytes_in = 0

    # -- HTTP
    async def get(self, path: str, timeout: float = 600):
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest

        url = self.base_url + path
        if self.code and not self.cookie:
            url += ("&" if "?" in url else "?") + f"token={self.code}"
        request = HTTPRequest(url, headers={"Cookie": self.cookie, "Accept": "text/html",
                                            "Accept-Encoding": "gzip"},
                              request_timeout=timeout, decompress_response=True)
        response = await AsyncHTTPClient().fetch(request, raise_error=False)
        for header in response.headers.get_list("Set-Cookie"):
            if header.startswith("username-"):
                self.cookie = header.split(";", 1)[0]
        return response

    async def open_page(self, timeout: float = 600) -> str:
        t0 = time.perf_counter()
        response = await self.get(f"voila/render/{self.app}", timeout)
        body = response.body.decode("utf-8", "replace")
        self.times["page_s"] = round(time.perf_counter() - t0, 3)
        self.times["page_status"] = response.code
        self.times["page_bytes"] = len(response.body)
        match = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', body)
        self.kernel_id = match.group(1) if match else None
        return body

    # -- websocket
    async def connect(self, kernel_id: str | None = None):
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        kernel_id = kernel_id or self.kernel_id
        url = (self.base_url.replace("http", "ws", 1)
               + f"api/kernels/{kernel_id}/channels?session_id={self.session}")
        if self.code and not self.cookie:
            url += f"&token={self.code}"
        request = HTTPRequest(url, headers={"Cookie": self.cookie}, connect_timeout=300, request_timeout=300)
        self.ws = await websocket_connect(request, subprotocols=[self.PROTOCOL],
                                          max_message_size=64 * 2 ** 20)
        return self.ws

    def message(self, msg_type: str, content: dict, channel: str = "shell", metadata=None) -> bytes:
        import json as _json

        from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

        header = {"msg_id": uuid_hex(), "msg_type": msg_type, "username": "reader",
                  "session": self.session, "date": "", "version": "5.4"}
        msg = {"header": header, "parent_header": {}, "metadata": metadata or {}, "content": content}
        return header["msg_id"], serialize_msg_to_ws_v1(msg, channel, lambda d: _json.dumps(d).encode())

    async def send(self, msg_type: str, content: dict, channel: str = "shell", metadata=None) -> str:
        msg_id, data = self.message(msg_type, content, channel, metadata)
        await self.ws.write_message(data, binary=True)
        return msg_id

    async def receive(self, timeout: float) -> dict | None:
        """The next message from the kernel (None when the socket closed)."""
        import json as _json

        from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

        data = await asyncio.wait_for(self.ws.read_message(), timeout)
        if data is None:
            return None
        self.bytes_in += len(data)
        if isinstance(data, str):
            return _json.loads(data)
        channel, parts = deserialize_msg_from_ws_v1(data)
        header, parent, metadata, content = (_json.loads(p) for p in parts[:4])
        return {"channel": channel, "header": header, "parent_header": parent, "content": content,
                "msg_type": header.get("msg_type"), "buffers": parts[4:]}

    async def until(self, predicate, timeout: float) -> dict:
        """Read messages until ``predicate(msg)``; returns that message."""
        end = time.perf_counter() + timeout
        while True:
            left = end - time.perf_counter()
            if left <= 0:
                raise TimeoutError("no such message")
            msg = await self.receive(left)
            if msg is None:
                raise ConnectionError("the kernel websocket closed")
            if predicate(msg):
                return msg

    async def kernel_info(self, timeout: float = 60) -> dict:
        msg_id = await self.send("kernel_info_request", {})
        return await self.until(lambda m: m["parent_header"].get("msg_id") == msg_id
                                and m["msg_type"] == "kernel_info_reply", timeout)

    async def widget_states(self, timeout: float = 120) -> dict:
        """Every widget's state, as ipywidgets 8's manager asks for it: model id -> state."""
        comm_id = uuid_hex()
        await self.send("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control",
                                      "data": {}}, metadata={"version": "1.0.0"})
        await self.send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})
        msg = await self.until(lambda m: m["msg_type"] == "comm_msg"
                               and m["content"].get("comm_id") == comm_id, timeout)
        states = msg["content"]["data"].get("states", {})
        return {k: v.get("state", v) for k, v in states.items()}

    async def press(self, model_id: str, timeout: float = 120) -> float:
        """Click button ``model_id``: seconds until the kernel, having answered with widget
        updates, goes idle."""
        t0 = time.perf_counter()
        msg_id = await self.send("comm_msg", {"comm_id": model_id,
                                              "data": {"method": "custom", "content": {"event": "click"}}})
        updates = 0

        def done(m):
            nonlocal updates
            if m["msg_type"] == "comm_msg" and m["content"].get("data", {}).get("method") in ("update", "echo_update"):
                updates += 1
            return (m["msg_type"] == "status" and m["parent_header"].get("msg_id") == msg_id
                    and m["content"].get("execution_state") == "idle")
        await self.until(done, timeout)
        self.times["click_updates"] = updates
        return time.perf_counter() - t0

    async def close(self):
        if self.ws is not None:
            self.ws.close()
            self.ws = None

    async def run(self, timeout: float = 600) -> dict:
        """The whole visit: page, websocket, kernel info, widget state, one click; never raises."""
        out = {"app": self.app, "client": "protocol"}
        t0 = time.perf_counter()
        try:
            await self.open_page(timeout)
            out.update(self.times)
            if self.kernel_id is None:
                raise RuntimeError(f"no kernel in the page (status {self.times.get('page_status')})")
            await self.connect()
            out["ws_s"] = round(time.perf_counter() - t0, 3)
            await self.kernel_info(timeout)
            out["kernel_info_s"] = round(time.perf_counter() - t0, 3)
            states = await self.widget_states(timeout)
            out["interactive_s"] = round(time.perf_counter() - t0, 3)
            out["widgets"] = len(states)
            out["state_bytes"] = self.bytes_in
            button = find_button(states, self.click)
            if button:
                out["move_s"] = round(await self.press(button, timeout), 3)
                out["click_updates"] = self.times.get("click_updates")
            out["ok"] = True
        except Exception as exc:                                          # noqa: BLE001 - reported
            out.update(ok=False, error=f"{type(exc).__name__}: {str(exc)[:160]}",
                       after_s=round(time.perf_counter() - t0, 2))
        finally:
            await self.close()
        out["total_s"] = round(time.perf_counter() - t0, 3)
        return out


def find_button(states: dict, label: str | None) -> str | None:
    """The model id of the first button whose description starts with ``label``."""
    if not label:
        return None
    for model_id, state in states.items():
        if state.get("_model_name") == "ButtonModel" and str(state.get("description", "")).strip().startswith(label):
            return model_id
    return None


def uuid_hex() -> str:
    import uuid

    return uuid.uuid4().hex


#: The button a protocol reader clicks in each app (its description starts so).
CLICKS = {"02-play-push-your-luck": "Draw", "06-play-push-rummy": "Push",
          "01-push-your-luck-rules": "Next", "05-rummy-rules": "Next"}
