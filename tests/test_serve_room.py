"""``pushlab serve`` for a room, attacked by a hostile client that talks to it directly.

One server for the module: ``pushlab serve --code K7M2QX --pool 1 --apps 02`` on a folder
holding lesson 02 only, with a file beside that folder that must never be served. The
client is the protocol reader of ``scripts/_voila_bench.py`` (tornado's HTTP and websocket
clients, Jupyter Server's framing): what a browser sends, and what a browser would not.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

import pytest

from conftest import NOTEBOOK_DIR, _log_tail, _stop, free_port

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
from _voila_bench import ProtocolReader  # noqa: E402

pytest.importorskip("voila")

APP = "02-play-push-your-luck.ipynb"
CODE = "K7M2QX"
SECRET = "pushlab-secret-beside-the-lessons"


def run(coro):
    """``asyncio.run(coro)`` in a thread of its own: the session's Playwright (sync API) may
    already run an event loop in this thread when browser tests share the worker."""
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


class Room:
    def __init__(self, process, port, log, root):
        self.process, self.port, self.log, self.root = process, port, log, root

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def kernels(self) -> int:
        import psutil

        return sum("ipykernel" in " ".join(p.cmdline())
                   for p in psutil.Process(self.process.pid).children(recursive=True))

    def status(self) -> dict:
        with urllib.request.urlopen(f"{self.url}pushlab/api/room?token={CODE}", timeout=30) as r:
            return json.loads(r.read())


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    base = tmp_path_factory.mktemp("room")
    lessons = base / "lessons"
    lessons.mkdir()
    shutil.copy(NOTEBOOK_DIR / APP, lessons / APP)
    (base / "secret.txt").write_text(SECRET)
    (lessons / ".hidden.txt").write_text(SECRET)
    (lessons / "notes.txt").write_text(SECRET)
    port = free_port()
    log = base / "serve.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "pushlab.cli", "serve", "--notebooks", str(lessons), "--port", str(port),
             "--no-browser", "--code", CODE, "--pool", "1", "--apps", "02"],
            cwd=base, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    server = Room(process, port, log, base)
    deadline = time.monotonic() + 300
    while "room ready" not in log.read_text(errors="replace"):
        if process.poll() is not None or time.monotonic() > deadline:
            _stop(process)
            pytest.fail(f"pushlab serve did not get ready:\n{_log_tail(log)}", pytrace=False)
        time.sleep(0.5)
    yield server
    _stop(process)
    assert "Traceback" not in log.read_text(errors="replace"), _log_tail(log, 80)


def status_of(url: str, method: str = "GET", data: bytes | None = None, headers=None) -> tuple[int, str]:
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Accept": "text/html", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace")


PATHS = ["", "voila/tree/", f"voila/render/{APP}", "voila/api/contents", "voila/static/voila.js",
         "voila/templates/pushlab/static/index.css", "voila/files/notes.txt", "voila/labextensions/x.js",
         "voila/api/themes/x", "api/kernels/00000000-0000-0000-0000-000000000000",
         "voila/api/shutdown/00000000-0000-0000-0000-000000000000", "pushlab/teacher", "pushlab/api/room"]


def test_without_the_code_every_address_is_403_and_no_kernel_starts(room):
    kernels = room.kernels()
    for path in PATHS:
        for query in ("", "?token=WRONG1", "?token=k7m2qx"):        # the token is compared exactly
            code, body = status_of(room.url + path + query)
            assert code == 403, (path, query, code)
            assert SECRET not in body and CODE not in body
    code, body = status_of(room.url + f"voila/render/{APP}")
    assert "Join the class" in body and 'name="password"' in body   # the page is the join form
    code, _ = status_of(room.url + "api/kernels/00000000-0000-0000-0000-000000000000", method="DELETE")
    assert code == 403
    with pytest.raises(Exception, match="403"):
        run(ProtocolReader(room.url, APP).connect("00000000-0000-0000-0000-000000000000"))
    time.sleep(1)
    assert room.kernels() == kernels
    assert room.status()["apps"][0]["warm"] == 1                    # the warm kernel is still there


def login(room, typed: str, extra: dict | None = None) -> tuple[int, str, str]:
    """POST the join form as a browser does (its _xsrf cookie and field); (status, Location, cookie)."""
    import http.cookiejar

    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    try:
        opener.open(urllib.request.Request(room.url + "voila/tree/", headers={"Accept": "text/html"}))
    except urllib.error.HTTPError as exc:
        form = exc.read().decode()
    xsrf = form.split('name="_xsrf" value="', 1)[1].split('"', 1)[0]

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect())
    data = urllib.parse.urlencode({"_xsrf": xsrf, "password": typed, **(extra or {})}).encode()
    try:
        response = opener.open(urllib.request.Request(room.url + "login?next=%2Fvoila%2Ftree%2F", data=data))
        status, location = response.status, response.headers.get("Location", "")
    except urllib.error.HTTPError as exc:
        status, location = exc.code, exc.headers.get("Location", "")
    cookie = "; ".join(f"{c.name}={c.value}" for c in jar if c.name.startswith("username-"))
    return status, location, cookie


def test_the_join_form_takes_the_code_once_and_never_a_password(room):
    status, _, cookie = login(room, "wrong")
    assert status == 401 and not cookie
    status, location, cookie = login(room, " k7m-2qx ")               # typed loosely: accepted
    assert status == 302 and location == "/voila/tree/" and cookie
    assert status_of(room.url + "voila/tree/", headers={"Cookie": cookie})[0] == 200
    status, _, other = login(room, CODE, {"new_password": "taken-over"})
    assert status == 302
    assert not list(room.root.rglob("jupyter_server_config.json"))   # no password was written
    assert status_of(room.url + "voila/tree/", headers={"Cookie": cookie})[0] == 200   # nobody logged out


def test_with_the_code_an_execute_request_runs_nothing(room):
    target = room.root / "pwned.txt"

    async def attack():
        reader = ProtocolReader(room.url, APP, code=CODE)
        await reader.open_page()
        await reader.connect()
        await reader.kernel_info()
        code = f"open({str(target)!r}, 'w').write('x')"
        for channel in ("shell", "control"):
            await reader.send("execute_request", {"code": code, "silent": False, "store_history": False,
                                                  "user_expressions": {}, "allow_stdin": False,
                                                  "stop_on_error": True}, channel=channel)
        for msg_type in ("inspect_request", "complete_request", "history_request", "debug_request"):
            await reader.send(msg_type, {"code": "import os", "cursor_pos": 9, "hist_access_type": "tail", "n": 5})
        replies = []
        try:
            await reader.until(lambda m: replies.append(m["msg_type"]) and False, 3)
        except TimeoutError:
            pass
        info = await reader.kernel_info()                        # the kernel is still there, still answers
        await reader.close()
        return replies, info

    replies, info = run(attack())
    assert not [r for r in replies if r.endswith("_reply") or r in ("execute_input", "stream")], replies
    assert info["content"]["status"] == "ok"
    time.sleep(1)
    assert not target.exists()


TRAVERSALS = ["voila/render/..%2Fsecret.txt", "voila/render/../secret.txt", "voila/render/%2E%2E/secret.txt",
              "voila/render/.hidden.txt", "voila/render/notes.txt", "voila/files/..%2Fsecret.txt",
              "voila/files/.hidden.txt", "voila/files/notes.txt", "voila/tree/..%2F", "voila/tree/%2E%2E",
              "voila/api/contents/..%2Fsecret.txt", "voila/api/contents/.hidden.txt",
              "voila/static/..%2F..%2F..%2F..%2Fsecret.txt", "voila/templates/..%2F..%2Fsecret.txt",
              "voila/templates/pushlab/..%2F..%2F..%2F..%2Fsecret.txt", "voila/labextensions/..%2F..%2Fsecret.txt",
              "voila/render//etc/passwd", "voila/files//etc/passwd", "voila/render/..%252Fsecret.txt"]


def test_no_path_reaches_beyond_the_lessons(room):
    headers = {"Cookie": login(room, CODE)[2]}
    for path in TRAVERSALS:
        code, body = status_of(room.url + path, headers=headers)
        assert SECRET not in body and "root:" not in body, path
        assert code in (301, 302, 400, 403, 404), (path, code)
    code, body = status_of(room.url + "voila/api/contents", headers=headers)
    assert code == 200 and [e["name"] for e in json.loads(body)["content"]] == [APP]


def test_malformed_and_oversized_messages_break_nothing_for_other_readers(room):
    from _voila_bench import find_button

    async def attack():
        victim = ProtocolReader(room.url, APP, code=CODE, click="Draw")
        await victim.open_page()
        await victim.connect()
        await victim.kernel_info()
        hostile = ProtocolReader(room.url, APP, code=CODE)      # a reader with a page of their own
        await hostile.open_page()
        await hostile.connect()
        await hostile.kernel_info()
        for payload, binary in [(b"\x00" * 7, True), (b"\xff" * 64, True), (b"not json", False),
                                ("{}", False), ('{"header": 5, "channel": "shell"}', False),
                                (json.dumps({"header": {"msg_type": "comm_msg"}, "channel": "nowhere",
                                             "content": {"comm_id": "x" * 100}}), False),
                                (b"\x05" + b"\x00" * 7 + b"\xff" * 40, True)]:
            await hostile.ws.write_message(payload, binary=binary)
        assert (await hostile.kernel_info())["content"]["status"] == "ok"   # dropped, socket still up
        try:                                                    # over Tornado's 10 MiB limit: hung up
            await hostile.ws.write_message(b"\x00" * (11 * 2 ** 20), binary=True)
            while await asyncio.wait_for(hostile.ws.read_message(), 30) is not None:
                pass
        except Exception:                                       # noqa: BLE001 - closed is the answer
            pass
        await hostile.close()
        states = await victim.widget_states()
        moved = await victim.press(find_button(states, "Draw"))
        await victim.close()
        fresh = await ProtocolReader(room.url, APP, code=CODE, click="Draw").run(300)
        return states, moved, fresh

    states, moved, fresh = run(attack())
    assert len(states) > 20 and moved > 0
    assert fresh["ok"] and fresh["widgets"] == len(states), fresh
    code, _ = status_of(room.url + "login", method="POST", data=b"x" * (3 * 2 ** 20))
    assert code in (400, 403, 413)
    assert room.process.poll() is None


def test_teacher_page_counts_readers_and_warm_kernels(room):
    async def visit():
        reader = ProtocolReader(room.url, APP, code=CODE)
        await reader.open_page()
        await reader.connect()
        await reader.kernel_info()
        during = room.status()
        await reader.close()
        return during

    during = run(visit())
    [app] = during["apps"]
    assert app["app"] == APP and app["readers"] >= 1 and app["target"] == 1
    assert during["join_url"] == f"http://127.0.0.1:{room.port}/voila/render/{APP}?token={CODE}"
    assert during["memory_mb"]["kernels"] > 50
    code, page = status_of(room.url + f"?token={CODE}")                 # this machine: the teacher page
    assert code == 200 and "<svg" in page and CODE in page and APP in page
    deadline = time.monotonic() + 120                                  # the taken kernel is replaced
    while room.status()["apps"][0]["warm"] < 1 and time.monotonic() < deadline:
        time.sleep(1)
    assert room.status()["apps"][0]["warm"] == 1
