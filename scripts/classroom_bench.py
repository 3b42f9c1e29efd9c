"""Benchmark of a class experiment's store: many students writing at once, a dashboard polling.

    python scripts/classroom_bench.py [--students 30] [--tries 100] [--store URL]

Starts ``--students`` processes, each with its own store connection and a
:class:`~pushlab.classroom.student.StudentApp` on "Does a 4th card bust?", all pressing the
app's Draw and Next buttons for ``--tries`` tries at once, while a
:class:`~pushlab.classroom.teacher.Dashboard` in this process polls every 0.5 s. Prints the
wall time, tries per second, the students' CPU per try, the dashboard's CPU per poll (idle:
nothing new; busy: with a redraw), whether anything was lost (count and sum), and the
machine's load average. Default store: a fresh SQLite file in a temporary folder.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--tries", type=int, default=100)
    parser.add_argument("--store", default=None, help="store URL (default: a new SQLite file)")
    args = parser.parse_args()

    from test_classroom_load import _student

    from pushlab.classroom import experiments as E
    from pushlab.classroom import open_store
    from pushlab.classroom.desk import start
    from pushlab.classroom.teacher import Dashboard

    url = args.store or str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
    store = open_store(url)
    code = start(store, E.FourthCard.default())
    board = Dashboard(store, code=code)
    ctx = multiprocessing.get_context("fork")
    go, out = ctx.Event(), ctx.Queue()
    procs = [ctx.Process(target=_student, args=(url, code, s, args.tries, go, out)) for s in range(args.students)]
    for p in procs:
        p.start()
    busy = []

    def watch():
        while any(p.is_alive() for p in procs):
            t0 = time.process_time()
            board.poll()
            busy.append(time.process_time() - t0)
            time.sleep(0.5)

    load0 = os.getloadavg()
    c0, t0 = os.times(), time.monotonic()
    watcher = threading.Thread(target=watch)
    go.set()
    watcher.start()
    results = [out.get(timeout=3600) for _ in procs]
    for p in procs:
        p.join()
    watcher.join()
    wall = time.monotonic() - t0
    c1 = os.times()
    child = c1.children_user + c1.children_system - c0.children_user - c0.children_system
    board.poll()
    idle = []
    for _ in range(50):
        t = time.process_time()
        board.poll()
        idle.append(time.process_time() - t)
    tries = store.tries(code)
    expected = args.students * args.tries
    lost = expected - len(tries)
    sums_match = sum(t.outcome for t in tries) == sum(r[1] for r in results if r[0] != "error")
    print(f"store: {store!r}")
    print(f"{args.students} students x {args.tries} tries at once: {len(tries)}/{expected} stored, lost {lost}, "
          f"sums match: {sums_match}, errors: {[r for r in results if r[0] == 'error'][:3]}")
    print(f"wall {wall:.1f} s, {len(tries) / wall:.0f} tries/s; students' CPU {child:.1f} s "
          f"({1000 * child / max(1, len(tries)):.1f} ms per try, process start included)")
    print(f"dashboard: {len(busy)} polls while they wrote, {1000 * sum(busy) / max(1, len(busy)):.1f} ms CPU per poll "
          f"(with redraw); idle poll {1000 * sum(idle) / len(idle):.2f} ms CPU")
    print(f"load average before {load0[0]:.1f}, after {os.getloadavg()[0]:.1f} (2 cores)")
    store.close()
    return 0 if lost == 0 and sums_match else 1


if __name__ == "__main__":
    sys.exit(main())
