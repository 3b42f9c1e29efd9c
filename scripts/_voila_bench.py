"""Shared by scripts/bench_pages.py and scripts/load_bench.py: a pushlab server, Chromium, timings.

Not a test: these scripts measure. ``Server`` runs ``pushlab serve`` on a folder and
port; ``open_page`` opens one app in a fresh browser context and times it: when the
page was shown, when its first widget appeared, when the kernel went idle (from the
kernel's status messages on the page's websocket), and when the app answered a move.
"""

from __future__ import annotations

import asyncio
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

    def start(self, timeout: float = 300) -> "Server":
        """Start and wait until Voilà answers (not for the pool: see :meth:`wait_pool`)."""
        self.log = Path(tempfile.mkdtemp(prefix="pushlab-bench-")) / f"serve-{self.port}.log"
        argv = [str(Path(sys.executable).with_name("pushlab")), "serve", "--notebooks", str(self.folder),
                "--port", str(self.port), "--no-browser", "--pool", str(self.pool)]
        self.process = subprocess.Popen(argv, stdout=self.log.open("w"), stderr=subprocess.STDOUT,
                                        start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"pushlab serve stopped:\n{self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{self.url}voila/api/contents", timeout=3):
                    return self
            except OSError:
                time.sleep(0.5)
        raise RuntimeError("pushlab serve did not answer in time")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def render_url(self, app: str) -> str:
        return f"{self.url}voila/render/{app}.ipynb"

    def wait_pool(self, apps, timeout: float = 1800) -> float:
        """Wait until the pools of ``apps`` are full (Voilà logs it when their kernels have
        started) and warm (the server and its kernels then go quiet: the notebooks have
        run); seconds waited."""
        t0 = time.monotonic()
        want = {f"{a}.ipynb" for a in apps}
        while time.monotonic() - t0 < timeout:
            text = self.log.read_text(errors="replace")
            if all(f"Kernel pool of {a} is filled" in text for a in want):
                self.wait_quiet(timeout - (time.monotonic() - t0))
                return time.monotonic() - t0
            time.sleep(1)
        raise RuntimeError("the kernel pools did not fill in time")

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
        """Memory of each kernel (MB, RSS) and CPU seconds of the server and its kernels so far."""
        import psutil

        root = psutil.Process(self.process.pid)
        kernels, cpu = [], 0.0
        for p in [root] + root.children(recursive=True):
            try:
                t = p.cpu_times()
                cpu += t.user + t.system
                if "ipykernel_launcher" in " ".join(p.cmdline()):
                    kernels.append(p.memory_info().rss / 2**20)
            except psutil.Error:
                pass
        return {"kernels": len(kernels), "kernel_rss_mb": sorted(round(k) for k in kernels),
                "cpu_s": round(cpu, 1)}

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
                    timeout: float = 600, quiet: float = 3.0) -> dict:
    """Open ``app`` in a fresh context and time it (seconds from the request); never raises."""
    ready, button, changed = APPS.get(app, (WIDGET, None, None))
    ctx = await browser.new_context(viewport={"width": 1280, "height": 1600})
    page = await ctx.new_page()
    status = []                                   # (time, "busy"|"idle") from the kernel

    def frames(ws):
        def on_frame(payload):
            data = payload if isinstance(payload, bytes) else payload.encode()
            for m in _STATUS.finditer(data):
                status.append((time.perf_counter(), m.group(1).decode()))
        ws.on("framereceived", on_frame)

    page.on("websocket", frames)
    out = {"app": app}
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
