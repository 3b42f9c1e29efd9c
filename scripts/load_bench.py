"""Load benchmark: a class opens one app at once, against ``pushlab serve`` with a warm pool.

Not a test (it measures). ``python scripts/load_bench.py [APP ...] [--readers 30]
[--browsers 2] [--pool N] [--server-cpus 0] [--reader-cpus 1] [--no-baseline] [--json FILE]``.

For each app (default: the play apps 02 and 06), then for a one-button ipywidgets notebook
served the same way (the baseline, unless ``--no-baseline``), a server is started on a
folder holding that app alone: ``pushlab serve --pool N --apps APP --code ...`` (N = the
readers unless ``--pool``), pinned to ``--server-cpus`` with ``taskset`` (kernels
included), while this script and its readers run on ``--reader-cpus``. It waits for the
server's "room ready" (warm-up time; peak memory from ``/pushlab/api/room``), then
``--readers`` readers arrive at the same moment: ``--browsers`` of them are headless
Chromium pages (timed to the app's own controls and one move), the others protocol readers
(``_voila_bench.ProtocolReader``: the page, the kernel websocket, the widgets' state, one
click, timed; no rendering, so many of them load the server as many students' browsers
would). After the last reader, it waits until the pool has been refilled and the server is
quiet, so the server CPU per view includes the refills. Printed per app: rendered and
moved (of readers), time to interactive median and max (protocol readers: the widgets'
state received; Chromium: the app's controls), move median, server CPU seconds per view
(server and kernels), kernel memory, warm-up time and peak memory, and the ratio of CPU
per view to the one-button notebook's.

``--http``: the old page-delivery mode (plain HTTP GETs of the page: what sending the page
costs, not a reader; labelled so). ``--weight``: one Chromium page per app with compression
on and off: bytes transferred and the browser's CPU seconds to interactive.

Goals (issue 20, server on one core): 30/30 interactive and moved on each play app with
a pool of 30; CPU per view at most 2x the one-button notebook's; median time to interactive
<= 3 s, max <= 10 s; warm-up of 30 kernels for 02 <= 2 minutes. The machine's other load
changes every figure: its load average is printed with each result.
"""

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from _voila_bench import (APPS, CLICKS, ProtocolReader, Server, app_folder, fetch_page, launch, median,
                          open_page)

DEFAULT_APPS = ["02-play-push-your-luck", "06-play-push-rummy"]
CODE = "BENCH7"
BASELINE = "00-one-button"
_BASELINE_CELLS = [
    "import ipywidgets as widgets\n"
    "out = widgets.Output()\n"
    "button = widgets.Button(description='Click')\n"
    "count = widgets.IntText(value=0, description='clicks')\n"
    "def on_click(_):\n"
    "    count.value += 1\n"
    "button.on_click(on_click)\n"
    "widgets.VBox([button, count, out])",
]


def baseline_notebook(folder: Path) -> str:
    """Write the one-button ipywidgets notebook into ``folder``; its name without ``.ipynb``."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in _BASELINE_CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, str(folder / f"{BASELINE}.ipynb"))
    return BASELINE


def loadavg() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


async def class_run(app: str, readers: int, browsers: int, pool: int, cpus: str | None,
                    timeout: float, baseline: bool = False) -> dict:
    """One app, one class: the summary dict."""
    folder = Path(tempfile.mkdtemp(prefix="pushlab-class-"))
    if baseline:
        baseline_notebook(folder)
    else:
        app_folder([app], folder)
    server = Server(folder, pool=pool, apps=app.split("-")[0] if not baseline else "all", code=CODE,
                    cpus=cpus).start()
    out = {"app": app, "readers": readers, "browsers": browsers, "pool": pool, "server_cpus": cpus,
           "load_before": loadavg()}
    try:
        out["warm_up_s"] = round(server.wait_ready(), 1)
        server.wait_quiet(120)
        room = server.room()
        out["peak_memory_mb"] = room["memory_mb"]["peak"]
        before = server.usage()
        t0 = time.perf_counter()
        click = CLICKS.get(app, "Click")
        tasks = [ProtocolReader(server.url, f"{app}.ipynb", code=CODE, click=click).run(timeout)
                 for _ in range(readers - browsers)]
        if browsers:
            from playwright.async_api import async_playwright

            async with async_playwright() as p:
                browser = await launch(p)
                context = await browser.new_context()
                await (await context.new_page()).goto(f"{server.url}?token={CODE}")   # the join cookie
                cookies = await context.cookies()
                await context.close()
                pages = [open_page(browser, server, app, timeout=timeout, quiet=1, cookies=cookies)
                         for _ in range(browsers)]
                rows = await asyncio.gather(*tasks, *pages)
                await browser.close()
        else:
            rows = await asyncio.gather(*tasks)
        out["wall_s"] = round(time.perf_counter() - t0, 1)
        # refills included: wait until the pool is full again and the server quiet
        server.wait_pool(timeout=900)
        after = server.usage()
        out["load_after"] = loadavg()
    finally:
        server.stop()
    protocol = [r for r in rows if r.get("client") == "protocol"]
    chromium = [r for r in rows if r.get("client") != "protocol"]
    ok = [r for r in rows if r.get("ok")]
    out.update(
        rendered=len(ok), moved=sum("move_s" in r for r in rows),
        median_interactive_s=median(r.get("interactive_s") for r in rows),
        max_interactive_s=max((r["interactive_s"] for r in ok if r.get("interactive_s") is not None), default=None),
        protocol_median_interactive_s=median(r.get("interactive_s") for r in protocol),
        chromium_median_interactive_s=median(r.get("interactive_s") for r in chromium),
        median_move_s=median(r.get("move_s") for r in rows),
        widgets=median(r.get("widgets") for r in protocol), state_bytes=median(r.get("state_bytes") for r in protocol),
        cpu_s_per_view=round((after["cpu_s"] - before["cpu_s"]) / readers, 3),
        kernel_rss_mb=median(after["kernel_rss_mb"]),
        failures=sorted({r.get("error", "") for r in rows if not r.get("ok")}), rows=rows)
    return out


async def http_run(app, pool, readers, timeout):
    """Page delivery only (the old ``--http`` mode): plain GETs, no websocket, no widgets."""
    folder = app_folder([app], Path(tempfile.mkdtemp(prefix="pushlab-http-")))
    server = Server(folder, pool=pool, apps=app.split("-")[0]).start()
    try:
        out = {"app": app, "pool": pool, "readers": readers, "client": "http (page delivery only)"}
        if pool:
            out["warm_up_s"] = round(server.wait_ready(), 1)
        before = server.usage()
        rows = await asyncio.gather(*(fetch_page(server, app, timeout) for _ in range(readers)))
        after = server.usage()
    finally:
        server.stop()
    ok = [r for r in rows if r["ok"]]
    out.update(pages=len(ok), median_page_done_s=median(r.get("page_done_s") for r in ok),
               max_page_done_s=max((r["page_done_s"] for r in ok), default=None),
               cpu_s_per_view=round((after["cpu_s"] - before["cpu_s"]) / readers, 3))
    return out


async def weight_run(app: str, compress: bool, timeout: float) -> dict:
    """One Chromium page of ``app`` from a warm kernel: bytes over the wire (CDP's encoded
    lengths) and the browser's CPU seconds (its processes) until the app is interactive."""
    import psutil
    from playwright.async_api import async_playwright

    folder = app_folder([app], Path(tempfile.mkdtemp(prefix="pushlab-weight-")))
    server = Server(folder, pool=1, apps=app.split("-")[0],
                    extra=() if compress else ("--RoomVoila.compress=False",)).start()
    try:
        server.wait_ready()
        async with async_playwright() as p:
            browser = await launch(p)
            me = psutil.Process()

            def browser_cpu():
                total = 0.0
                for c in me.children(recursive=True):
                    try:
                        if "chrom" in c.name().lower():
                            t = c.cpu_times()
                            total += t.user + t.system
                    except psutil.Error:
                        pass
                return total

            ctx = await browser.new_context()
            page = await ctx.new_page()
            cdp = await ctx.new_cdp_session(page)
            await cdp.send("Network.enable")
            sizes = []
            cdp.on("Network.loadingFinished", lambda e: sizes.append(e.get("encodedDataLength", 0)))
            cpu0 = browser_cpu()
            server0 = server.usage()["cpu_s"]
            t0 = time.perf_counter()
            await page.goto(server.render_url(app), timeout=timeout * 1000)
            await page.wait_for_selector(APPS[app][0], state="visible", timeout=timeout * 1000)
            interactive = time.perf_counter() - t0
            cpu = browser_cpu() - cpu0
            await asyncio.sleep(2)                      # before the refill starts (5 s quiet)
            server_cpu = server.usage()["cpu_s"] - server0
            await ctx.close()
            await browser.close()
    finally:
        server.stop()
    return {"app": app, "compress": compress, "bytes": sum(sizes), "requests": len(sizes),
            "interactive_s": round(interactive, 2), "browser_cpu_s": round(cpu, 2),
            "server_cpu_s": round(server_cpu, 2), "load": loadavg()}


def run_order(apps, baseline: bool = True) -> list:
    """The class runs, in order: the one-button baseline first (every app's ratio needs its
    CPU per view), then the apps in the order given. Pairs ``(app, is_baseline)``."""
    return ([(BASELINE, True)] if baseline else []) + [(a, False) for a in apps]


def class_line(r: dict, base_cpu: float | None = None) -> str:
    """One class run's printed summary, labelled with the app of ``r`` itself."""
    ratio = f", {r['cpu_s_per_view'] / base_cpu:.1f}x one-button" if base_cpu else ""
    n = r["readers"]
    return (f"{r['app']:26} rendered {r['rendered']}/{n}, moved {r['moved']}/{n}; "
            f"interactive median {r['median_interactive_s']} s, max {r['max_interactive_s']} s "
            f"(protocol {r['protocol_median_interactive_s']} s, Chromium {r['chromium_median_interactive_s']} s); "
            f"move {r['median_move_s']} s; server CPU {r['cpu_s_per_view']} s/view{ratio}; "
            f"{r['widgets']} widgets, {r['state_bytes']} B of state; kernel {r['kernel_rss_mb']} MB; "
            f"warm-up of {r['pool']} in {r['warm_up_s']} s, peak memory {r['peak_memory_mb']} MB; "
            f"server on CPU {r['server_cpus']}; load {r['load_before']} -> {r['load_after']}"
            + (f"\n    failures: {r['failures']}" if r["failures"] else ""))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("apps", nargs="*", default=DEFAULT_APPS, help=f"apps (default: {DEFAULT_APPS})")
    ap.add_argument("--readers", type=int, default=30)
    ap.add_argument("--browsers", type=int, default=2, help="of the readers, Chromium pages (default 2)")
    ap.add_argument("--pool", type=int, default=None, help="warm kernels (default: the readers)")
    ap.add_argument("--server-cpus", default="0", help="taskset -c for the server ('' for none; default 0)")
    ap.add_argument("--reader-cpus", default="1", help="CPUs of this script and its readers (default 1)")
    ap.add_argument("--no-baseline", action="store_true", help="skip the one-button notebook")
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--http", action="store_true", help="page delivery only: plain HTTP GETs")
    ap.add_argument("--weight", action="store_true", help="page weight with and without compression")
    ap.add_argument("--json", help="also write the summaries to this file")
    args = ap.parse_args(argv)
    if args.reader_cpus and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {int(c) for c in args.reader_cpus.split(",")})
    cpus = args.server_cpus or None
    results = []

    def keep(r):
        results.append(r)
        if args.json:
            Path(args.json).write_text(json.dumps(results, indent=2) + "\n")

    if args.weight:
        for app in args.apps:
            for compress in (False, True):
                r = asyncio.run(weight_run(app, compress, args.timeout))
                keep(r)
                print(f"{app:26} compress={'on ' if compress else 'off'} {r['bytes'] / 2**20:.2f} MB in "
                      f"{r['requests']} requests, interactive {r['interactive_s']} s, browser CPU "
                      f"{r['browser_cpu_s']} s, server CPU for the view {r['server_cpu_s']} s "
                      f"(no refill; load {r['load']})", flush=True)
        return 0
    if args.http:
        for app in args.apps:
            r = asyncio.run(http_run(app, args.pool or args.readers, args.readers, args.timeout))
            keep(r)
            print(f"{app:26} PAGE DELIVERY ONLY (no websocket, no widgets): {r['pages']}/{args.readers} "
                  f"pages, median {r['median_page_done_s']} s (max {r['max_page_done_s']}), "
                  f"CPU {r['cpu_s_per_view']} s/page", flush=True)
        return 0
    pool = args.pool or args.readers
    base_cpu = None
    for app, is_baseline in run_order(args.apps, baseline=not args.no_baseline):
        r = asyncio.run(class_run(app, args.readers, 0 if is_baseline else args.browsers, pool, cpus,
                                  args.timeout, baseline=is_baseline))
        keep(r)
        if is_baseline:
            base_cpu = r["cpu_s_per_view"]
        print(class_line(r, base_cpu=None if is_baseline else base_cpu), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
