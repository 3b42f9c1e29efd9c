"""A student on another machine: Chromium in a second network namespace opens app 02 of a room.

Not a test (needs root and ``ip netns``): ``sudo python scripts/netns_check.py``.
It makes a network namespace joined to this one by a veth pair (10.220.0.1 here,
10.220.0.2 there), starts ``pushlab serve --host 0.0.0.0 --pool 1 --apps 02 --code ...``,
and, inside the namespace, runs this script again as the student: Chromium opens the join
address without the code (it must get 403 and the join form), types the code, plays one
move of 02. Prints what it saw; exits 0 when all of it held. Removes the namespace after.
"""

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
NS, HOST_IP, NS_IP = "pl20", "10.220.0.1", "10.220.0.2"
CODE = "NETNS20"
APP = "02-play-push-your-luck.ipynb"


async def student(url: str) -> int:
    """In the namespace: 403 without the code, the code typed, a move played."""
    from playwright.async_api import async_playwright

    sys.path.insert(0, str(HERE))
    from _voila_bench import CHROMIUM_ARGS, CHROMIUM

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await (await browser.new_context()).new_page()
        response = await page.goto(f"{url}voila/render/{APP}")
        heading = await page.inner_text("h1")
        print(f"student: without the code: HTTP {response.status}, page says {heading!r}")
        ok = response.status == 403 and "Join" in heading
        await page.fill("#code", CODE.lower())
        t0 = time.perf_counter()
        await page.click("button[type=submit]")
        await page.wait_for_selector(".pl-playapp .pl-btn-draw", timeout=300_000)
        print(f"student: with the code: the app is interactive after {time.perf_counter() - t0:.1f} s")
        before = await page.inner_text(".pl-playapp .pl-tableview")
        await page.click(".pl-playapp .pl-btn-draw")
        await page.wait_for_function(
            "o => document.querySelector('.pl-playapp .pl-tableview').innerText !== o", arg=before,
            timeout=60_000)
        print("student: drew a card: the table changed")
        await browser.close()
    return 0 if ok else 1


def sh(*argv, check=True):
    return subprocess.run(argv, check=check, capture_output=True, text=True)


def main() -> int:
    if len(sys.argv) > 1:                                   # inside the namespace
        return asyncio.run(student(sys.argv[1]))
    sh("ip", "netns", "del", NS, check=False)
    sh("ip", "link", "del", "pl20h", check=False)
    sh("ip", "netns", "add", NS)
    try:
        sh("ip", "link", "add", "pl20h", "type", "veth", "peer", "name", "pl20n")
        sh("ip", "link", "set", "pl20n", "netns", NS)
        sh("ip", "addr", "add", f"{HOST_IP}/24", "dev", "pl20h")
        sh("ip", "link", "set", "pl20h", "up")
        sh("ip", "netns", "exec", NS, "ip", "addr", "add", f"{NS_IP}/24", "dev", "pl20n")
        sh("ip", "netns", "exec", NS, "ip", "link", "set", "pl20n", "up")
        sh("ip", "netns", "exec", NS, "ip", "link", "set", "lo", "up")
        sys.path.insert(0, str(HERE))
        from _voila_bench import free_port

        port = free_port()
        log = Path(f"/tmp/pushlab-netns-{port}.log")
        server = subprocess.Popen([str(Path(sys.executable).with_name("pushlab")), "serve", "--host", "0.0.0.0",
                                   "--port", str(port), "--pool", "1", "--apps", "02", "--code", CODE],
                                  stdout=log.open("w"), stderr=subprocess.STDOUT, start_new_session=True)
        try:
            while "room ready" not in log.read_text(errors="replace"):
                if server.poll() is not None:
                    print(log.read_text()[-3000:])
                    return 1
                time.sleep(0.5)
            print("server: " + next(line for line in log.read_text().splitlines() if "students join" in line))
            student_run = subprocess.run(["ip", "netns", "exec", NS, sys.executable, __file__,
                                          f"http://{HOST_IP}:{port}/"], text=True)
            return student_run.returncode
        finally:
            server.terminate()
            server.wait(60)
    finally:
        sh("ip", "netns", "del", NS, check=False)
        sh("ip", "link", "del", "pl20h", check=False)


if __name__ == "__main__":
    sys.exit(main())
