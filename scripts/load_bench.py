"""Load benchmark: many readers open the same app at once, with and without a warm kernel pool.

Not a test (it measures): ``python scripts/load_bench.py [APP ...] [--readers 20]
[--pool 20] [--modes pool,nopool] [--http [--probe]] [--json FILE]``. For each app that readers play
(default 02, 06 and the rules apps 01, 05) and each mode, a server is started on a
folder holding that app alone (so the pool is sized for it): ``--pool N`` warm kernels,
waited for until full, or none. Then ``--readers`` headless Chromium pages open it at
the same moment; each waits for the app's own controls (interactive), makes one move
(a click that must change the app) and records the times. Printed per app and mode:
pages rendered, moves answered, median and worst time to interactive, median move
time, what unfinished pages showed, the server's CPU seconds per page view and the
memory of each kernel. With ``--http`` the readers are plain HTTP clients that time
the whole page (the server has run the notebook and sent every output): on a small
machine, 20 Chromium pages would otherwise share the server's CPU, which a class's own
computers do not. The machine's other load changes every figure: compare the two
modes of one run.
"""

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path

from _voila_bench import APPS, Server, app_folder, fetch_page, launch, median, open_page

DEFAULT_APPS = ["02-play-push-your-luck", "06-play-push-rummy", "01-push-your-luck-rules",
                "05-rummy-rules"]


async def one(app, pool, readers, timeout, http=False, probe=False):
    """One app, one mode: the summary dict (``http``: plain HTTP clients, no browser;
    ``probe``: with ``http``, one of the readers is a Chromium page, timed to interactive)."""
    from playwright.async_api import async_playwright

    folder = app_folder([app], Path(tempfile.mkdtemp(prefix=f"pushlab-load-{pool}-")))
    server = Server(folder, pool=pool).start()
    out = {"app": app, "pool": pool, "readers": readers, "client": "http" if http else "chromium"}
    try:
        if pool:
            out["pool_fill_s"] = round(server.wait_pool([app]), 1)
        before = server.usage()
        t0 = time.perf_counter()
        if http and probe:
            async with async_playwright() as p:
                browser = await launch(p)
                got = await asyncio.gather(
                    open_page(browser, server, app, timeout=timeout, quiet=1),
                    *(fetch_page(server, app, timeout) for _ in range(readers - 1)))
                await browser.close()
            out["probe"] = {k: got[0].get(k) for k in ("ok", "page_s", "interactive_s", "move_s",
                                                          "error")}
            rows = list(got[1:])
        elif http:
            rows = await asyncio.gather(*(fetch_page(server, app, timeout) for _ in range(readers)))
        else:
            async with async_playwright() as p:
                browser = await launch(p)
                rows = await asyncio.gather(*(open_page(browser, server, app, timeout=timeout,
                                                        quiet=1) for _ in range(readers)))
                await browser.close()
        out["wall_s"] = round(time.perf_counter() - t0, 1)
        after = server.usage()
    finally:
        server.stop()
    ok = [r for r in rows if r["ok"]]
    if http:
        out.update(rendered=len(ok) + int(bool(out.get("probe", {}).get("ok"))), moved=None,
                   median_first_byte_s=median(r.get("first_byte_s") for r in rows),
                   median_page_done_s=median(r.get("page_done_s") for r in ok),
                   max_page_done_s=max((r["page_done_s"] for r in ok), default=None))
    else:
        out.update(rendered=sum("page_s" in r for r in rows), moved=sum("move_s" in r for r in rows),
                   median_interactive_s=median(r.get("interactive_s") for r in rows),
                   max_interactive_s=max((r["interactive_s"] for r in ok), default=None),
                   median_move_s=median(r.get("move_s") for r in rows))
    out.update(
        failures=sorted({f"{r['error']} (page said: {r.get('loading_text')!r})"
                         for r in rows if not r["ok"]}),
        cpu_s_per_view=round((after["cpu_s"] - before["cpu_s"]) / readers, 2),
        kernel_rss_mb=after["kernel_rss_mb"], rows=rows)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("apps", nargs="*", default=DEFAULT_APPS, help=f"apps (default: {DEFAULT_APPS})")
    ap.add_argument("--readers", type=int, default=20)
    ap.add_argument("--pool", type=int, default=None, help="pool size in pool mode (default: readers)")
    ap.add_argument("--modes", default="pool,nopool", help="pool, nopool or both (default)")
    ap.add_argument("--timeout", type=float, default=600, help="seconds a reader waits at most")
    ap.add_argument("--http", action="store_true",
                    help="plain HTTP readers (no browser): the server's time to send each whole "
                    "page; use it where the browsers would share the server's CPU")
    ap.add_argument("--probe", action="store_true",
                    help="with --http: one of the readers is a Chromium page, timed to "
                    "interactive and a move while the others load the server")
    ap.add_argument("--json", help="also write the summaries to this file")
    args = ap.parse_args(argv)
    results = []
    for app in args.apps:
        for mode in args.modes.split(","):
            pool = (args.pool or args.readers) if mode == "pool" else 0
            r = asyncio.run(one(app, pool, args.readers, args.timeout, args.http,
                                args.probe and args.http))
            results.append(r)
            if args.http:
                what = (f"page sent: first byte median {r['median_first_byte_s']} s, whole page "
                        f"median {r['median_page_done_s']} s (max {r['max_page_done_s']})")
                if "probe" in r:
                    what += (f"; Chromium probe interactive {r['probe']['interactive_s']} s, "
                             f"move {r['probe']['move_s']} s")
            else:
                what = (f"moved {r['moved']}/{args.readers}, interactive median "
                        f"{r['median_interactive_s']} s (max {r['max_interactive_s']}), move median "
                        f"{r['median_move_s']} s")
            print(f"{app:26} pool={pool:<3} rendered {r['rendered']}/{args.readers}, {what}, "
                  f"CPU {r['cpu_s_per_view']} s/view, kernels {r['kernel_rss_mb'][-3:]} MB"
                  + (f", pool warm in {r['pool_fill_s']} s" if pool else "")
                  + (f"\n    failures: {r['failures']}" if r["failures"] else ""), flush=True)
            if args.json:
                Path(args.json).write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
