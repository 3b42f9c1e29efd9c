"""Load and faults of the class experiment store, through the student app's own code path, on
SQLite and (where a server can be started) PostgreSQL:

- 30 simulated students (30 processes, each its own StudentApp and connection) submit 100
  tries each at once, pressing the app's buttons; nothing is lost: the store's count and
  sum of outcomes equal what the students recorded, and a dashboard polling meanwhile
  keeps updating and ends with every try;
- a writer killed in the middle of a try's transaction loses that try only, the store
  stays sound (SQLite ``integrity_check``) and takes the next try at once.
"""

import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from pushlab.classroom import experiments as E
from pushlab.classroom import open_store
from pushlab.classroom.desk import start
from pushlab.classroom.tries import Try

STUDENTS, TRIES = 30, 100


@pytest.fixture(scope="module")
def experiment():
    return E.FourthCard.default().prepared()


def _student(url, code, seed, tries, go, out):
    """One student's process: its own store connection and app; press Draw until ``tries`` are recorded."""
    from pushlab.classroom.student import StudentApp

    store = open_store(url)
    app = StudentApp(store, code=code, seed=seed, join_from_page=False)
    app.nickname.value = f"student {seed}"
    go.wait()
    total = done = 0
    while done < tries:
        app.buttons.children[0].click()           # the Draw button, as a student's click (Enter or Space)
        if app.task.done:
            if app.message.text:                  # a refused or failed write shows here
                out.put(("error", app.message.text))
                return
            total += app.task.outcome
            done += 1
            app.next.click()
    store.close()
    out.put((done, total))


def test_thirty_students_at_once_lose_nothing(store_url, experiment):
    store = open_store(store_url)
    code = start(store, experiment)
    from pushlab.classroom.teacher import Dashboard

    board = Dashboard(store, code=code)
    ctx = multiprocessing.get_context("fork")
    go, out = ctx.Event(), ctx.Queue()
    procs = [ctx.Process(target=_student, args=(store_url, code, seed, TRIES, go, out)) for seed in range(STUDENTS)]
    for p in procs:
        p.start()
    seen, cpu = [], []

    def watch():                                   # the dashboard's poll, as its timer runs it
        while any(p.is_alive() for p in procs):
            t0 = time.process_time()
            board.poll()
            cpu.append(time.process_time() - t0)
            seen.append(board.pooled().tries)
            time.sleep(0.5)

    watcher = threading.Thread(target=watch)
    go.set()
    watcher.start()
    results = [out.get(timeout=540) for _ in procs]
    for p in procs:
        p.join(timeout=60)
    watcher.join(timeout=60)
    assert all(r[0] != "error" for r in results), results
    assert sum(r[0] for r in results) == STUDENTS * TRIES
    tries = store.tries(code)
    assert len(tries) == STUDENTS * TRIES
    assert sum(t.outcome for t in tries) == sum(r[1] for r in results)
    assert store.counts(code) == (STUDENTS, STUDENTS * TRIES)
    board.poll()
    assert board.pooled().tries == STUDENTS * TRIES
    growing = sorted(set(seen))
    assert len(growing) >= 3 and growing[0] < STUDENTS * TRIES, f"the dashboard saw only {growing}"
    print(f"\n{store!r}: {STUDENTS}x{TRIES} tries, dashboard polled {len(cpu)} times while they wrote, "
          f"{sum(cpu) / max(1, len(cpu)) * 1000:.1f} ms CPU per poll (with redraw)")
    store.close()


WRITER = textwrap.dedent("""
    import sys, time
    from pushlab.classroom import open_store
    from pushlab.classroom.tries import Try
    url, code, before = sys.argv[1], sys.argv[2], int(sys.argv[3])
    store = open_store(url)
    for i in range(before):
        t = store.add(Try(code, "00000000000000ab", 1))
        print("committed", t.id, flush=True)
    def hang():
        print("in-transaction", flush=True)
        time.sleep(600)
    store._after_insert = hang
    store.add(Try(code, "00000000000000ab", 1))
""")


def test_a_writer_killed_mid_transaction_loses_only_that_try(store_url, experiment):
    store = open_store(store_url)
    code = start(store, experiment)
    store.add(Try(code, "0000000000000001", 1))
    writer = subprocess.Popen([sys.executable, "-c", WRITER, store_url, code, "5"], stdout=subprocess.PIPE,
                              text=True, env=dict(os.environ))
    committed = []
    for line in writer.stdout:
        if line.startswith("committed"):
            committed.append(int(line.split()[1]))
        if line.startswith("in-transaction"):
            break
    writer.send_signal(signal.SIGKILL)
    writer.wait(timeout=30)
    assert len(committed) == 5
    again = open_store(store_url)
    ids = [t.id for t in again.tries(code)]
    assert ids[1:] == committed and len(ids) == 6             # the killed try is not there
    if hasattr(again, "integrity"):
        assert again.integrity() == "ok"
    t0 = time.monotonic()
    assert again.add(Try(code, "0000000000000001", 0)).id > committed[-1]   # the next try goes in at once
    assert time.monotonic() - t0 < 10
    assert again.counts(code) == (2, 7)
    again.close()
    store.close()


def test_sqlite_survives_writers_killed_at_random_moments(tmp_path, experiment):
    url = str(tmp_path / "class.sqlite3")
    store = open_store(url)
    code = start(store, experiment)
    loop = textwrap.dedent("""
        import sys
        from pushlab.classroom import open_store
        from pushlab.classroom.tries import Try
        store = open_store(sys.argv[1])
        while True:
            print(store.add(Try(sys.argv[2], "00000000000000cd", 1)).id, flush=True)
    """)
    acknowledged = []
    for delay in (0.3, 0.55, 0.8):
        writer = subprocess.Popen([sys.executable, "-c", loop, url, code], stdout=subprocess.PIPE, text=True)
        time.sleep(delay + 1.0)                       # the import, then a stream of tries
        writer.send_signal(signal.SIGKILL)
        out, _ = writer.communicate(timeout=30)
        acknowledged += [int(x) for x in out.split()]
        assert store.integrity() == "ok"
    ids = {t.id for t in store.tries(code)}
    assert acknowledged and set(acknowledged) <= ids and len(ids) - len(acknowledged) <= 3
    store.close()
