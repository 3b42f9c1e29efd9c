"""A throw-away PostgreSQL server for the class experiment store's tests.

:func:`start` runs ``initdb`` and ``pg_ctl`` in a temporary folder (as the ``postgres``
user through ``runuser`` when the tests run as root, since PostgreSQL refuses to run as
root), listening on a free port of 127.0.0.1 with trust authentication, and returns a
:class:`PgServer`; :meth:`PgServer.new_database` makes an empty database per test.
:func:`binaries` finds the server programs (``PATH``, then Debian's
``/usr/lib/postgresql/<version>/bin``); where there are none the tests are skipped with
that reason (``apt-get install postgresql``; ``make test`` installs it).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path


def binaries() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``, or None."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(folder, "initdb").exists() and Path(folder, "pg_ctl").exists():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class PgServer:
    """A running server: ``url(db)`` gives a psycopg address; ``stop()`` ends it."""

    folder: Path
    port: int
    bindir: Path
    as_user: list

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://pushlab@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A new empty database; its address."""
        import psycopg

        name = f"t{time.time_ns()}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        subprocess.run([*self.as_user, str(self.bindir / "pg_ctl"), "-D", str(self.folder / "data"),
                        "-m", "immediate", "stop"], capture_output=True, timeout=60)
        shutil.rmtree(self.folder, ignore_errors=True)


def start() -> PgServer:
    """Start a server in a fresh temporary folder (RuntimeError with the log if it fails)."""
    bindir = binaries()
    if bindir is None:
        raise FileNotFoundError("no PostgreSQL server programs (initdb, pg_ctl): apt-get install postgresql")
    folder = Path(tempfile.mkdtemp(prefix="pushlab-pg-"))
    as_user = []
    if os.geteuid() == 0:
        import pwd

        user = pwd.getpwnam("postgres")
        os.chown(folder, user.pw_uid, user.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    data, log = folder / "data", folder / "log"
    run = subprocess.run([*as_user, str(bindir / "initdb"), "-D", str(data), "-U", "pushlab", "--auth=trust",
                          "-E", "UTF8", "--no-sync"], capture_output=True, text=True, timeout=120)
    if run.returncode:
        raise RuntimeError(f"initdb failed:\n{run.stdout}\n{run.stderr}")
    for _attempt in range(3):
        port = _free_port()
        options = (f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={folder} "
                   "-c fsync=off -c max_connections=100")
        run = subprocess.run([*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options,
                              "-w", "-t", "60", "start"], capture_output=True, text=True, timeout=120)
        if run.returncode == 0:
            return PgServer(folder, port, bindir, as_user)
    text = log.read_text(errors="replace") if log.exists() else ""
    raise RuntimeError(f"pg_ctl start failed:\n{run.stdout}\n{run.stderr}\n{text[-3000:]}")
