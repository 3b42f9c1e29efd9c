"""Where a class experiment's tries are kept: SQLite by default, PostgreSQL for a school's hub.

:func:`open_store` opens the store named by a URL, by the environment variable
:data:`ENV` (``PUSHLAB_STORE``; ``pushlab serve --store URL`` sets it for the server's
kernels), or else the SQLite file :func:`default_path` in the user's data folder. It is
created on first use, with a schema version (:data:`SCHEMA_VERSION`); a store written by
a newer pushlab is refused rather than misread.

- **SQLite** (standard library ``sqlite3``): one file, in WAL mode (readers never wait for
  the writer), ``synchronous=FULL``, every try one ``BEGIN IMMEDIATE ... COMMIT``
  transaction. Every kernel on one machine opens the same file.
- **PostgreSQL** (``postgresql://user:password@host/db``, through psycopg 3, the
  ``classroom`` extra): for a JupyterHub whose students' kernels run in different
  containers. Tries are inserted under a transaction-level advisory lock, so their ids
  are committed in increasing order and the dashboard's "tries since id N" query never
  skips one that commits late.

Tries are never deleted: a reset starts a new *round* of the experiment, and the old
rounds stay in the store (and in the CSV export), archived.

>>> import tempfile, os
>>> from pushlab.classroom.tries import Try
>>> path = os.path.join(tempfile.mkdtemp(), "class.sqlite3")
>>> store = open_store(path)
>>> code = store.create("bust-time", "How many cards?", {"position": "..."}, outcomes=range(1, 12), code="k7q2m")
>>> store.add(Try(code, "0123456789abcdef", 3)).outcome
3
>>> [t.outcome for t in store.tries(code)], store.counts(code)
([3], (1, 1))
>>> store.add(Try(code, "0123456789abcdef", 99))
Traceback (most recent call last):
...
pushlab.classroom.tries.TryRefused: outcome 99 is not possible in this experiment (1 to 11)
>>> store.close()
"""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from pushlab.classroom.tries import (ClassroomError, NotAllowed, Try, TryRefused, check_code, check_student,
                                     new_code)
from pushlab.i18n import _

__all__ = ["ENV", "SCHEMA_VERSION", "STATES", "Store", "StoreError", "ExperimentRecord", "StoredTry",
           "default_path", "open_store", "store_url", "use_store"]

ENV = "PUSHLAB_STORE"
SCHEMA_VERSION = 1
#: An experiment is open (tries are taken), paused (refused, the dashboard stays) or closed.
STATES = ("open", "paused", "closed")
_LOCK_KEY = 210_021          # PostgreSQL advisory lock: tries are committed in id order
MAX_PARAMS = 100_000         # characters of an experiment's JSON parameters


class StoreError(ClassroomError):
    """The store cannot be opened or used: an unknown address, a newer schema, a driver missing."""


@dataclass(frozen=True)
class ExperimentRecord:
    """An experiment as stored: its join ``code``, ``kind`` and ``params`` (to rebuild it),
    the possible ``outcomes`` and ``choices``, ``state`` (:data:`STATES`), the current
    ``round`` (a reset starts the next one), whether students may see each other's
    nicknames (``show_names``) and when it was made (``created``, Unix time)."""

    code: str
    kind: str
    title: str
    params: dict
    outcomes: tuple
    choices: tuple
    state: str
    round: int
    show_names: bool
    created: float


@dataclass(frozen=True)
class StoredTry:
    """A try as stored: ``id`` grows with every try written (the dashboard asks for tries
    "since id N"), ``round`` the experiment's round when it came, ``created`` Unix time."""

    id: int
    experiment: str
    round: int
    student: str
    nickname: str
    outcome: int
    choice: str | None
    created: float


def default_path() -> Path:
    """The SQLite file used when no store is named: ``pushlab/classroom.sqlite3`` in the
    user's data folder (``$XDG_DATA_HOME`` or ``~/.local/share`` on Linux,
    ``~/Library/Application Support`` on macOS, ``%LOCALAPPDATA%`` on Windows)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "pushlab" / "classroom.sqlite3"


def store_url(url: str | os.PathLike | None = None) -> str:
    """The store's address: ``url``, else ``$PUSHLAB_STORE``, else :func:`default_path`."""
    if url is None:
        url = os.environ.get(ENV) or default_path()
    return os.fspath(url)


def open_store(url: str | os.PathLike | None = None) -> Store:
    """Open (and on first use create) the store at ``url`` (see :func:`store_url`).

    ``postgresql://...`` or ``postgres://...``: PostgreSQL through psycopg; ``sqlite:///path``
    or a plain file path: SQLite. Anything else raises :class:`StoreError`.
    """
    text = store_url(url)
    if text.startswith(("postgresql://", "postgres://")):
        return _PostgresStore(text)
    if "://" in text and not text.startswith("sqlite://"):
        raise StoreError(("unknown store address {url}: use a file path, sqlite:///path or "
                           "postgresql://...").format(url=repr(text.split("@")[-1])))
    if text.startswith("sqlite://"):
        text = text[len("sqlite://"):]
        if not text.startswith("/"):
            raise StoreError(("a sqlite:/// address needs an absolute path: {url}").format(url=repr(url)))
    return _SqliteStore(Path(text))


def use_store(url) -> str:
    """Check the store at ``url`` (open it, creating it on first use) and name it in
    ``$PUSHLAB_STORE`` for this process and every kernel it starts (``pushlab serve --store``).
    Returns a line saying which store is used; :class:`StoreError` if it cannot be opened."""
    text = store_url(url)
    with open_store(text) as store:
        shown = repr(store).strip("<>")
    os.environ[ENV] = text
    return f"pushlab: class experiments are kept in the {shown}"


def _json_list(values) -> str:
    return json.dumps(list(values), ensure_ascii=False)


class Store:
    """The store's operations; :func:`open_store` gives the SQLite or PostgreSQL one.

    Thread-safe: one connection per store, used under a lock (a dashboard polls from a
    timer while its buttons write).
    """

    placeholder = "?"
    ddl: tuple = ()

    def __init__(self):
        self._lock = threading.RLock()
        self._connect()
        self._ensure_schema()

    # -- the SQL each backend provides
    def _connect(self):  # pragma: no cover - abstract
        raise NotImplementedError

    @contextmanager
    def _write(self):  # pragma: no cover - abstract
        raise NotImplementedError
        yield

    def _insert_try(self, cur, row) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def _sql(self, text: str) -> str:
        return text if self.placeholder == "?" else text.replace("?", self.placeholder)

    def _read(self, text: str, args=()) -> list:
        """Rows of a query (its own snapshot)."""
        with self._lock:
            cur = self.conn.cursor()
            try:
                cur.execute(self._sql(text), tuple(args))
                return cur.fetchall()
            finally:
                cur.close()

    def _ensure_schema(self) -> None:
        with self._write() as cur:
            for statement in self.ddl:
                cur.execute(statement)
            cur.execute(self._sql("SELECT value FROM meta WHERE key = ?"), ("schema_version",))
            row = cur.fetchone()
            if row is None:
                cur.execute(self._sql("INSERT INTO meta (key, value) VALUES (?, ?)"),
                            ("schema_version", str(SCHEMA_VERSION)))
            elif int(row[0]) > SCHEMA_VERSION:
                raise StoreError(("this store was written by a newer pushlab (schema {found}; this one "
                                   "reads {known}): update pushlab").format(found=row[0], known=SCHEMA_VERSION))

    @property
    def schema_version(self) -> int:
        """The schema version written in the store."""
        return int(self._read("SELECT value FROM meta WHERE key = ?", ("schema_version",))[0][0])

    # -- experiments
    def create(self, kind: str, title: str, params: dict, outcomes, choices=(), code: str | None = None,
               state: str = "open") -> str:
        """Store a new experiment; return its join code (``code``, else a fresh one)."""
        outcomes = [int(o) for o in outcomes]
        if not outcomes or not all(isinstance(c, str) for c in choices):
            raise StoreError(("an experiment needs its possible outcomes and choices"))
        text = json.dumps(params, ensure_ascii=False, sort_keys=True)
        if len(text) > MAX_PARAMS:
            raise StoreError(("the experiment's settings are too long"))
        if state not in STATES:
            raise StoreError(("unknown experiment state {state}").format(state=repr(state)))
        for attempt in range(20):
            c = check_code(code) if code is not None else new_code()
            if not self._read("SELECT 1 FROM experiments WHERE code = ?", (c,)):
                break
            if code is not None:
                raise StoreError(("an experiment with code {code} exists already").format(code=c))
        with self._write() as cur:
            cur.execute(self._sql(
                "INSERT INTO experiments (code, kind, title, params, outcomes, choices, state, round, "
                "show_names, created) VALUES (?, ?, ?, ?, ?, ?, ?, 1, 0, ?)"),
                (c, str(kind), str(title), text, _json_list(outcomes), _json_list(choices), state, time.time()))
        return c

    def experiment(self, code: str) -> ExperimentRecord:
        """The experiment with join code ``code``; :class:`TryRefused` if there is none."""
        code = check_code(code)
        rows = self._read("SELECT code, kind, title, params, outcomes, choices, state, round, show_names, "
                          "created FROM experiments WHERE code = ?", (code,))
        if not rows:
            raise TryRefused(_("no experiment has the code {code}").format(code=code))
        return self._record(rows[0])

    def experiments(self) -> list:
        """Every experiment, newest first."""
        rows = self._read("SELECT code, kind, title, params, outcomes, choices, state, round, show_names, "
                          "created FROM experiments ORDER BY created DESC")
        return [self._record(r) for r in rows]

    @staticmethod
    def _record(row) -> ExperimentRecord:
        code, kind, title, params, outcomes, choices, state, rnd, show, created = row
        return ExperimentRecord(code, kind, title, json.loads(params), tuple(json.loads(outcomes)),
                                tuple(json.loads(choices)), state, int(rnd), bool(show), float(created))

    def _update(self, code: str, column: str, value) -> None:
        code = self.experiment(code).code
        with self._write() as cur:
            cur.execute(self._sql(f"UPDATE experiments SET {column} = ? WHERE code = ?"), (value, code))

    def set_state(self, code: str, state: str) -> None:
        """Open, pause or close an experiment (paused and closed ones refuse tries)."""
        if state not in STATES:
            raise StoreError(("unknown experiment state {state}").format(state=repr(state)))
        self._update(code, "state", state)

    def show_names(self, code: str, show: bool) -> None:
        """Let the students of ``code`` see each other's nicknames (or stop it)."""
        self._update(code, "show_names", 1 if show else 0)

    def reset(self, code: str) -> int:
        """Start the next round of ``code`` (the tries so far are archived, never deleted);
        return the new round's number."""
        code = self.experiment(code).code
        with self._write() as cur:
            cur.execute(self._sql("UPDATE experiments SET round = round + 1 WHERE code = ?"), (code,))
            cur.execute(self._sql("SELECT round FROM experiments WHERE code = ?"), (code,))
            return int(cur.fetchone()[0])

    # -- tries
    def add(self, attempt: Try) -> StoredTry:
        """Write one try in one transaction, after checking it against its experiment.

        :class:`TryRefused` (nothing written) when the experiment does not exist, is not
        open, or the outcome or choice is not possible in it.
        """
        if not isinstance(attempt, Try):
            raise TryRefused(("only a Try can be stored, not {kind}").format(kind=type(attempt).__name__))
        with self._write() as cur:
            cur.execute(self._sql("SELECT state, round, outcomes, choices FROM experiments WHERE code = ?"),
                        (attempt.experiment,))
            row = cur.fetchone()
            if row is None:
                raise TryRefused(_("no experiment has the code {code}").format(code=attempt.experiment))
            state, rnd, outcomes, choices = row
            if state != "open":
                raise TryRefused(_("this experiment is paused: the teacher has stopped taking tries")
                                 if state == "paused" else _("this experiment is closed"))
            attempt.check(json.loads(outcomes), json.loads(choices))
            now = time.time()
            row = (attempt.experiment, int(rnd), attempt.student, attempt.nickname, attempt.outcome,
                   attempt.choice, now)
            ident = self._insert_try(cur, row)
            self._after_insert()
        return StoredTry(ident, *row)

    def _after_insert(self) -> None:
        """Called inside a try's transaction after the insert, before the commit (a test
        that kills a writer mid-transaction waits here)."""

    def tries(self, code: str, since: int = 0, round: int | None = None, rounds: str = "current") -> list:
        """Tries of ``code`` with id > ``since``, oldest first: of the current round
        (``rounds="current"``, or the given ``round``), or of every round (``rounds="all"``)."""
        code = check_code(code)
        cols = "id, experiment, round, student, nickname, outcome, choice, created"
        if rounds == "all":
            rows = self._read(f"SELECT {cols} FROM tries WHERE experiment = ? AND id > ? ORDER BY id",
                              (code, int(since)))
        else:
            rnd = self.experiment(code).round if round is None else int(round)
            rows = self._read(f"SELECT {cols} FROM tries WHERE experiment = ? AND id > ? AND round = ? "
                              "ORDER BY id", (code, int(since), rnd))
        return [StoredTry(int(r[0]), r[1], int(r[2]), r[3], r[4], int(r[5]), r[6], float(r[7])) for r in rows]

    def latest_id(self, code: str) -> int:
        """The id of the newest try of ``code`` (any round), 0 when there is none: a cheap
        "has anything come?" for a dashboard's timer."""
        rows = self._read("SELECT MAX(id) FROM tries WHERE experiment = ?", (check_code(code),))
        return int(rows[0][0] or 0)

    def counts(self, code: str) -> tuple:
        """``(students, tries)`` in the current round of ``code`` (what a student may see)."""
        rec = self.experiment(code)
        rows = self._read("SELECT COUNT(DISTINCT student), COUNT(*) FROM tries WHERE experiment = ? AND round = ?",
                          (rec.code, rec.round))
        return int(rows[0][0]), int(rows[0][1])

    def mine(self, code: str, student: str) -> list:
        """The tries of one student in the current round of ``code``."""
        rec = self.experiment(code)
        student = check_student(student)
        rows = self._read("SELECT id, experiment, round, student, nickname, outcome, choice, created FROM tries "
                          "WHERE experiment = ? AND round = ? AND student = ? ORDER BY id", (rec.code, rec.round, student))
        return [StoredTry(int(r[0]), r[1], int(r[2]), r[3], r[4], int(r[5]), r[6], float(r[7])) for r in rows]

    def names(self, code: str) -> list:
        """``[(nickname, tries)]`` of the current round, for students when the teacher
        shows them (:class:`NotAllowed` otherwise); anonymous tries are not listed."""
        rec = self.experiment(code)
        if not rec.show_names:
            raise NotAllowed(_("the teacher has not shown the class's nicknames"))
        rows = self._read("SELECT nickname, COUNT(*) FROM tries WHERE experiment = ? AND round = ? AND nickname <> '' "
                          "GROUP BY nickname ORDER BY nickname", (rec.code, rec.round))
        return [(r[0], int(r[1])) for r in rows]

    def export_csv(self, code: str, out=None) -> str:
        """Every try of ``code``, archived rounds included, as CSV text (also written to
        ``out``, a text file, if given). Students appear by the first 8 digits of their
        token; a field that a spreadsheet could read as a formula gets a leading ``'``."""
        rec = self.experiment(code)
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(["id", "experiment", "kind", "round", "current", "student", "nickname", "outcome",
                         "choice", "time_utc"])
        for t in self.tries(rec.code, rounds="all"):
            when = datetime.fromtimestamp(t.created, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
            cells = [t.id, rec.code, rec.kind, t.round, int(t.round == rec.round), t.student[:8], t.nickname,
                     t.outcome, t.choice or "", when]
            writer.writerow(["'" + c if isinstance(c, str) and c[:1] in "=+-@\t\r" else c for c in cells])
        text = buf.getvalue()
        if out is not None:
            out.write(text)
        return text

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self.conn.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class _SqliteStore(Store):
    """SQLite: WAL, synchronous FULL, one BEGIN IMMEDIATE transaction per write."""

    ddl = (
        "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS experiments (code TEXT PRIMARY KEY, kind TEXT NOT NULL, "
        "title TEXT NOT NULL, params TEXT NOT NULL, outcomes TEXT NOT NULL, choices TEXT NOT NULL, "
        "state TEXT NOT NULL, round INTEGER NOT NULL, show_names INTEGER NOT NULL, created REAL NOT NULL)",
        "CREATE TABLE IF NOT EXISTS tries (id INTEGER PRIMARY KEY AUTOINCREMENT, "
        "experiment TEXT NOT NULL REFERENCES experiments(code), round INTEGER NOT NULL, "
        "student TEXT NOT NULL, nickname TEXT NOT NULL, outcome INTEGER NOT NULL, choice TEXT, "
        "created REAL NOT NULL)",
        "CREATE INDEX IF NOT EXISTS tries_since ON tries (experiment, id)",
    )

    def __init__(self, path: Path):
        self.path = Path(path)
        super().__init__()

    def __repr__(self):
        return f"<SQLite store {self.path}>"

    def _connect(self):
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(str(self.path), timeout=60, isolation_level=None,
                                        check_same_thread=False)
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA synchronous=FULL")
            self.conn.execute("PRAGMA foreign_keys=ON")
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(("cannot open the store {path}: {problem}").format(path=str(self.path),
                                                                                problem=exc)) from None

    @contextmanager
    def _write(self):
        with self._lock:
            cur = self.conn.cursor()
            try:
                cur.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                cur.close()
                raise StoreError(_("the store is busy or cannot be written: {problem}").format(problem=exc)) from None
            try:
                yield cur
                cur.execute("COMMIT")
            except BaseException:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise
            finally:
                cur.close()

    def _insert_try(self, cur, row) -> int:
        cur.execute("INSERT INTO tries (experiment, round, student, nickname, outcome, choice, created) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)", row)
        return int(cur.lastrowid)

    def integrity(self) -> str:
        """SQLite's ``PRAGMA integrity_check``: ``"ok"`` for a sound file."""
        return self._read("PRAGMA integrity_check")[0][0]


class _PostgresStore(Store):
    """PostgreSQL through psycopg 3; tries inserted under an advisory lock (ids commit in order)."""

    placeholder = "%s"
    ddl = (
        f"SELECT pg_advisory_xact_lock({_LOCK_KEY})",
        "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS experiments (code TEXT PRIMARY KEY, kind TEXT NOT NULL, "
        "title TEXT NOT NULL, params TEXT NOT NULL, outcomes TEXT NOT NULL, choices TEXT NOT NULL, "
        "state TEXT NOT NULL, round INTEGER NOT NULL, show_names INTEGER NOT NULL, "
        "created DOUBLE PRECISION NOT NULL)",
        "CREATE TABLE IF NOT EXISTS tries (id BIGSERIAL PRIMARY KEY, "
        "experiment TEXT NOT NULL REFERENCES experiments(code), round INTEGER NOT NULL, "
        "student TEXT NOT NULL, nickname TEXT NOT NULL, outcome INTEGER NOT NULL, choice TEXT, "
        "created DOUBLE PRECISION NOT NULL)",
        "CREATE INDEX IF NOT EXISTS tries_since ON tries (experiment, id)",
    )

    def __init__(self, url: str):
        self.url = url
        super().__init__()

    def __repr__(self):
        return f"<PostgreSQL store {self.url.split('@')[-1]}>"

    def _connect(self):
        try:
            import psycopg
        except ImportError:
            raise StoreError(("a PostgreSQL store needs psycopg: pip install 'pushlab[classroom]'")) from None
        self._psycopg = psycopg
        try:
            self.conn = psycopg.connect(self.url, autocommit=True, connect_timeout=15)
        except psycopg.Error as exc:
            raise StoreError(("cannot open the store {url}: {problem}").format(
                url=self.url.split("@")[-1], problem=str(exc).strip())) from None

    @contextmanager
    def _write(self):
        with self._lock:
            try:
                with self.conn.transaction():
                    with self.conn.cursor() as cur:
                        yield cur
            except self._psycopg.OperationalError as exc:
                raise StoreError(_("the store cannot be written: {problem}").format(problem=str(exc).strip())) from None

    def _insert_try(self, cur, row) -> int:
        cur.execute(f"SELECT pg_advisory_xact_lock({_LOCK_KEY})")
        cur.execute("INSERT INTO tries (experiment, round, student, nickname, outcome, choice, created) "
                    "VALUES (%s, %s, %s, %s, %s, %s, %s) RETURNING id", row)
        return int(cur.fetchone()[0])
