"""Browser benchmark of every lesson app: time to the first widget and until the kernel is idle.

Not a test (it measures): ``python scripts/bench_pages.py [APP ...] [--pool N] [--json FILE]``.
Serves ``notebooks/`` with ``pushlab serve`` (a warm server: one page of each app is
opened first and thrown away, so Python's files are in the page cache), then opens each
app once, alone, in headless Chromium and prints, per app, seconds from the request
to: the page shown, the first widget visible, the app interactive (its own controls),
and the kernel idle (its last ``idle`` status before 3 quiet seconds). The goal is the
first widget within 3 s. With ``--pool N`` every lesson comes from a warm kernel
(``pushlab serve --pool N --apps all``). Timings depend on the machine's load: compare runs made together.
"""

import argparse
import asyncio
import json
import sys
from pathlib import Path

from _voila_bench import REPO, Server, launch, open_page


async def run(apps, pool, warm):
    """Time each app once (after a warm-up page of each when ``warm``)."""
    from playwright.async_api import async_playwright

    server = Server(REPO / "notebooks", pool=pool, apps="all" if pool else None).start()
    try:
        if pool:
            server.wait_pool([a for a in apps if "-rules" in a or "-play-" in a])
        async with async_playwright() as p:
            browser = await launch(p)
            if warm:
                for app in apps:
                    await open_page(browser, server, app, move=False, quiet=1)
                if pool:
                    server.wait_pool([a for a in apps if "-rules" in a or "-play-" in a])
            rows = [await open_page(browser, server, app, move=False) for app in apps]
            await browser.close()
        return rows
    finally:
        server.stop()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("apps", nargs="*", help="app names (default: every notebook)")
    ap.add_argument("--pool", type=int, default=0, help="warm kernels per play/rules app")
    ap.add_argument("--cold", action="store_true", help="no warm-up page first")
    ap.add_argument("--json", help="also write the rows to this file")
    args = ap.parse_args(argv)
    apps = args.apps or sorted(p.stem for p in (REPO / "notebooks").glob("*.ipynb"))
    rows = asyncio.run(run(apps, args.pool, not args.cold))
    print(f"{'app':38} {'page':>6} {'widget':>7} {'ready':>6} {'idle':>6}  (seconds; goal: widget <= 3)")
    for r in rows:
        cells = [r.get(k) for k in ("page_s", "first_widget_s", "interactive_s", "kernel_idle_s")]
        text = " ".join(f"{c:>6.2f}" if isinstance(c, float) else f"{'-':>6}" for c in cells)
        print(f"{r['app']:38} {text}{'' if r['ok'] else '  FAILED: ' + r['error']}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2) + "\n")
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
