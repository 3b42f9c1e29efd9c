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
  skips one that commits late. The role that makes the store (the teacher's) owns its
  tables; the role ``pushlab_student`` may only run a few ``SECURITY DEFINER`` functions
  (read one experiment, record one try checked again by the server, counts, its own tries,
  the nicknames when shown): a store opened with it refuses the rest with
  :class:`NotAllowed`. The SQL a school admin runs is in docs/teaching.md.

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

from pushlab.classroom.tries import (CODE_ALPHABET, NICKNAME_MAX, ClassroomError, NotAllowed, Try, TryRefused,
                                     check_code, check_student, new_code)
from pushlab.i18n import _

__all__ = ["ENV", "SCHEMA_VERSION", "STATES", "Store", "StoreError", "ExperimentRecord", "StoredTry",
           "default_path", "open_store", "store_url", "use_store"]

ENV = "PUSHLAB_STORE"
#: 2: PostgreSQL stores gained the students' functions and rights (SQLite: unchanged but the number).
SCHEMA_VERSION = 2
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
            elif int(row[0]) < SCHEMA_VERSION:
                cur.execute(self._sql("UPDATE meta SET value = ? WHERE key = ?"),
                            (str(SCHEMA_VERSION), "schema_version"))

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


# The PostgreSQL schema: tables for the teacher's role (their owner), and for the students'
# role functions only (SECURITY DEFINER, run with the owner's rights): read one experiment by its
# code, record one validated try, the class's counts, one token's own tries, the nicknames while
# the teacher shows them. PUBLIC gets nothing; the role ``pushlab_student`` (docs/teaching.md,
# "PostgreSQL for a school") gets EXECUTE on those functions.
STUDENT_ROLE = "pushlab_student"
_PG_TABLES = (
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
# A nickname the server refuses whatever the client says: control, format, zero-width and
# direction characters, markup and punctuation other than - _ . ' , emoji (Python's
# clean_nickname is stricter: letters, marks, digits only; this is the backstop).
_PG_BAD_NICK = (r"[\u0001-\u001f\u007f-\u009f!" '"' r"#$%&()*+,/:;<=>?@\[\\\]^`{|}~\u00ad\u061c\u180e"
                r"\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff0-\uffff\u2600-\u27bf"
                r"\U0001f000-\U0001faff]")
_PG_FUNCTIONS = {
    "pushlab_schema_version()": """
        RETURNS integer LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {path} AS $fn$
          SELECT m.value::integer FROM meta m WHERE m.key = 'schema_version' $fn$""",
    "pushlab_experiment(text)": """
        RETURNS TABLE (x_code text, x_kind text, x_title text, x_params text, x_outcomes text,
                       x_choices text, x_state text, x_round integer, x_show_names integer,
                       x_created double precision)
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {path} AS $fn$
          SELECT e.code, e.kind, e.title, e.params, e.outcomes, e.choices, e.state, e.round,
                 e.show_names, e.created FROM experiments e WHERE e.code = $1 $fn$""",
    "pushlab_counts(text)": """
        RETURNS TABLE (x_students bigint, x_tries bigint)
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {path} AS $fn$
          SELECT count(DISTINCT t.student), count(*) FROM tries t
            JOIN experiments e ON e.code = t.experiment AND t.round = e.round WHERE e.code = $1 $fn$""",
    "pushlab_mine(text, text)": """
        RETURNS TABLE (x_id bigint, x_round integer, x_nickname text, x_outcome integer, x_choice text,
                       x_created double precision)
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {path} AS $fn$
          SELECT t.id, t.round, t.nickname, t.outcome, t.choice, t.created FROM tries t
            JOIN experiments e ON e.code = t.experiment AND t.round = e.round
           WHERE e.code = $1 AND t.student = $2 ORDER BY t.id $fn$""",
    "pushlab_names(text)": """
        RETURNS TABLE (x_nickname text, x_tries bigint)
        LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = {path} AS $fn$
        DECLARE e experiments%ROWTYPE;
        BEGIN
          SELECT * INTO e FROM experiments WHERE code = $1;
          IF NOT FOUND THEN RAISE EXCEPTION 'pushlab:no-experiment'; END IF;
          IF e.show_names = 0 THEN RAISE EXCEPTION 'pushlab:names-hidden'; END IF;
          RETURN QUERY SELECT t.nickname, count(*) FROM tries t
            WHERE t.experiment = e.code AND t.round = e.round AND t.nickname <> ''
            GROUP BY t.nickname ORDER BY t.nickname;
        END $fn$""",
    "pushlab_add_try(text, text, text, integer, text)": """
        RETURNS TABLE (x_id bigint, x_round integer, x_created double precision)
        LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = {path} AS $fn$
        DECLARE
          e experiments%ROWTYPE;
          nick text := coalesce($3, '');
          at double precision := extract(epoch FROM clock_timestamp());
          new_id bigint;
        BEGIN
          IF $1 IS NULL OR $1 !~ '^[{alphabet}]{{4,12}}$' THEN RAISE EXCEPTION 'pushlab:code'; END IF;
          SELECT * INTO e FROM experiments WHERE code = $1 FOR SHARE;
          IF NOT FOUND THEN RAISE EXCEPTION 'pushlab:no-experiment'; END IF;
          IF e.state <> 'open' THEN RAISE EXCEPTION 'pushlab:%', e.state; END IF;
          IF $2 IS NULL OR $2 !~ '^[0-9a-f]{{16,64}}$' THEN RAISE EXCEPTION 'pushlab:student'; END IF;
          IF char_length(nick) > {nick_max} OR nick <> btrim(nick) OR nick ~ '{bad_nick}' THEN
            RAISE EXCEPTION 'pushlab:nickname';
          END IF;
          IF $4 IS NULL OR NOT EXISTS (SELECT 1 FROM json_array_elements_text(e.outcomes::json) o
                                       WHERE o::integer = $4) THEN
            RAISE EXCEPTION 'pushlab:outcome';
          END IF;
          IF e.choices::jsonb = '[]'::jsonb THEN
            IF $5 IS NOT NULL THEN RAISE EXCEPTION 'pushlab:choice'; END IF;
          ELSIF $5 IS NULL OR NOT (e.choices::jsonb ? $5) THEN
            RAISE EXCEPTION 'pushlab:choice';
          END IF;
          PERFORM pg_advisory_xact_lock({lock});
          INSERT INTO tries (experiment, round, student, nickname, outcome, choice, created)
               VALUES (e.code, e.round, $2, nick, $4, $5, at) RETURNING id INTO new_id;
          RETURN QUERY SELECT new_id, e.round, at;
        END $fn$""",
}


class _PostgresStore(Store):
    """PostgreSQL through psycopg 3; tries inserted under an advisory lock (ids commit in order).

    Opened with the role that owns the tables (or may read and change them): the teacher's
    store, everything allowed. Opened with a role that may only run the students' functions
    (``pushlab_student``, or a role granted it): a student's store, which reads one
    experiment by its code, records tries through ``pushlab_add_try`` (checked again by the
    server), reads the class's counts, its own tries and the nicknames while the teacher
    shows them; anything else raises :class:`NotAllowed`. A role with neither, or a store
    not yet made that the role may not make: :class:`StoreError` saying so.
    """

    placeholder = "%s"
    role = "teacher"

    def __init__(self, url: str):
        self.url = url
        super().__init__()

    def __repr__(self):
        who = " (a student's role)" if self.role == "student" else ""
        return f"<PostgreSQL store {self.url.split('@')[-1]}{who}>"

    def _where(self) -> str:
        return self.url.split("@")[-1]

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
                url=self._where(), problem=str(exc).strip())) from None
        self.user = self.conn.execute("SELECT current_user").fetchone()[0]

    def _refused(self, exc) -> ClassroomError:
        """The domain error for a psycopg error (a refusal of the server's functions, a right
        the role lacks); None for anything else."""
        errors = self._psycopg.errors
        if isinstance(exc, errors.RaiseException) and str(exc).startswith("pushlab:"):
            key = str(exc).split(":", 1)[1].split()[0].strip()
            if key == "paused":
                return TryRefused(_("this experiment is paused: the teacher has stopped taking tries"))
            if key == "closed":
                return TryRefused(_("this experiment is closed"))
            if key == "no-experiment":
                return TryRefused(_("no experiment has the code {code}").format(code="?"))
            if key == "names-hidden":
                return NotAllowed(_("the teacher has not shown the class's nicknames"))
            return TryRefused(("the store refused the try: its {what} is not possible").format(what=key))
        if isinstance(exc, errors.InsufficientPrivilege):
            return NotAllowed(("the role {role} may not do this in the store {url} ({problem}); see "
                               "docs/teaching.md, 'PostgreSQL for a school'").format(
                                   role=self.user, url=self._where(), problem=str(exc).strip()))
        return None

    def _read(self, text: str, args=()) -> list:
        try:
            return super()._read(text, args)
        except self._psycopg.Error as exc:
            mapped = self._refused(exc)
            if mapped is None:
                raise
            raise mapped from None

    @contextmanager
    def _write(self):
        with self._lock:
            try:
                with self.conn.transaction():
                    with self.conn.cursor() as cur:
                        yield cur
            except self._psycopg.OperationalError as exc:
                raise StoreError(_("the store cannot be written: {problem}").format(problem=str(exc).strip())) from None
            except self._psycopg.Error as exc:
                mapped = self._refused(exc)
                if mapped is None:
                    raise
                raise mapped from None

    # -- the schema, and which role this is
    def _ensure_schema(self) -> None:
        probe = self._read(
            "SELECT to_regclass('tries') IS NOT NULL, "
            "CASE WHEN to_regclass('tries') IS NOT NULL THEN has_table_privilege('tries', 'SELECT') "
            "AND has_table_privilege('experiments', 'UPDATE') END, "
            "CASE WHEN to_regclass('tries') IS NOT NULL THEN pg_has_role((SELECT relowner FROM pg_class "
            "WHERE oid = to_regclass('tries')), 'USAGE') END, "
            "CASE WHEN to_regprocedure('pushlab_add_try(text, text, text, integer, text)') IS NOT NULL THEN "
            "has_function_privilege('pushlab_add_try(text, text, text, integer, text)', 'EXECUTE') END, "
            "current_database()")[0]
        exists, teacher, owner, student, database = probe
        self.database = database
        if not exists:
            self._create_schema()
            return
        if teacher:
            version = self._read("SELECT value FROM meta WHERE key = %s", ("schema_version",))
            found = int(version[0][0]) if version else 0
            self._check_version(found)
            if owner and found < SCHEMA_VERSION:
                self._create_schema()
            elif owner:
                with self._write() as cur:
                    self._grant(cur)
            return
        if student:
            self.role = "student"
            self._check_version(int(self._read("SELECT pushlab_schema_version()")[0][0]))
            return
        raise StoreError(("the role {role} has no rights on the class experiment store in the database {db}: "
                          "a student's server needs a role granted {student}, the teacher's the role that "
                          "made the store (docs/teaching.md, 'PostgreSQL for a school')").format(
                              role=self.user, db=database, student=STUDENT_ROLE))

    @staticmethod
    def _check_version(found: int) -> None:
        if found > SCHEMA_VERSION:
            raise StoreError(("this store was written by a newer pushlab (schema {found}; this one "
                              "reads {known}): update pushlab").format(found=found, known=SCHEMA_VERSION))

    def _create_schema(self) -> None:
        from psycopg import sql

        path = self._read("SELECT current_schema()")[0][0]
        if path is None:
            raise StoreError(("the role {role} has no schema to make the store in (database {db})").format(
                role=self.user, db=self.database))
        fill = dict(path=sql.Identifier(path).as_string(self.conn) + ", pg_temp", alphabet=CODE_ALPHABET,
                    nick_max=NICKNAME_MAX, bad_nick=_PG_BAD_NICK, lock=_LOCK_KEY)
        try:
            with self._write() as cur:
                cur.execute(f"SELECT pg_advisory_xact_lock({_LOCK_KEY})")
                for statement in _PG_TABLES:
                    cur.execute(statement)
                cur.execute("REVOKE ALL ON meta, experiments, tries FROM PUBLIC")
                cur.execute("REVOKE ALL ON SEQUENCE tries_id_seq FROM PUBLIC")
                for name, body in _PG_FUNCTIONS.items():
                    cur.execute(f"CREATE OR REPLACE FUNCTION {name} " + body.format(**fill))
                    cur.execute(f"REVOKE ALL ON FUNCTION {name} FROM PUBLIC")
                cur.execute("SELECT value FROM meta WHERE key = 'schema_version' FOR UPDATE")
                row = cur.fetchone()
                if row is not None:
                    self._check_version(int(row[0]))
                cur.execute("INSERT INTO meta (key, value) VALUES ('schema_version', %s) ON CONFLICT (key) "
                            "DO UPDATE SET value = EXCLUDED.value", (str(SCHEMA_VERSION),))
                self._grant(cur)
        except NotAllowed:
            raise StoreError(("the class experiment store is not made yet in the database {db}, and the role "
                              "{role} may not make it: the teacher's server opens it first, with the role that "
                              "owns the database (docs/teaching.md, 'PostgreSQL for a school')").format(
                                  db=self.database, role=self.user)) from None

    def _grant(self, cur) -> None:
        """EXECUTE on the students' functions to :data:`STUDENT_ROLE`, when that role exists."""
        cur.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (STUDENT_ROLE,))
        if cur.fetchone() is None:
            return
        cur.execute(f"SELECT pg_advisory_xact_lock({_LOCK_KEY})")    # one GRANT at a time
        for name in _PG_FUNCTIONS:
            cur.execute("SELECT has_function_privilege(%s, %s, 'EXECUTE')", (STUDENT_ROLE, name))
            if not cur.fetchone()[0]:
                cur.execute(f"GRANT EXECUTE ON FUNCTION {name} TO {STUDENT_ROLE}")

    @property
    def schema_version(self) -> int:
        return int(self._read("SELECT pushlab_schema_version()")[0][0])

    # -- what a student's role may do: through the functions
    def experiment(self, code: str) -> ExperimentRecord:
        code = check_code(code)
        rows = self._read("SELECT * FROM pushlab_experiment(%s)", (code,))
        if not rows:
            raise TryRefused(_("no experiment has the code {code}").format(code=code))
        return self._record(rows[0])

    def add(self, attempt: Try) -> StoredTry:
        if not isinstance(attempt, Try):
            raise TryRefused(("only a Try can be stored, not {kind}").format(kind=type(attempt).__name__))
        rec = self.experiment(attempt.experiment)         # the clear refusals first; the server checks again
        if rec.state != "open":
            raise TryRefused(_("this experiment is paused: the teacher has stopped taking tries")
                             if rec.state == "paused" else _("this experiment is closed"))
        attempt.check(rec.outcomes, rec.choices)
        with self._write() as cur:
            cur.execute("SELECT * FROM pushlab_add_try(%s, %s, %s, %s, %s)",
                        (attempt.experiment, attempt.student, attempt.nickname, attempt.outcome, attempt.choice))
            ident, rnd, created = cur.fetchone()
            self._after_insert()
        return StoredTry(int(ident), attempt.experiment, int(rnd), attempt.student, attempt.nickname,
                         attempt.outcome, attempt.choice, float(created))

    def counts(self, code: str) -> tuple:
        self.experiment(code)
        rows = self._read("SELECT * FROM pushlab_counts(%s)", (check_code(code),))
        return int(rows[0][0]), int(rows[0][1])

    def mine(self, code: str, student: str) -> list:
        code = self.experiment(code).code
        student = check_student(student)
        rows = self._read("SELECT * FROM pushlab_mine(%s, %s)", (code, student))
        return [StoredTry(int(r[0]), code, int(r[1]), student, r[2], int(r[3]), r[4], float(r[5])) for r in rows]

    def names(self, code: str) -> list:
        code = self.experiment(code).code
        return [(r[0], int(r[1])) for r in self._read("SELECT * FROM pushlab_names(%s)", (code,))]

    # -- the teacher's role only
    def _teacher(self, what: str) -> None:
        if self.role != "teacher":
            raise NotAllowed(("only the teacher's role may {what}: this store is opened with the student's "
                              "role {role}").format(what=what, role=self.user))

    def create(self, *args, **kwargs) -> str:
        self._teacher("start an experiment")
        return super().create(*args, **kwargs)

    def experiments(self) -> list:
        self._teacher("list the experiments")
        return super().experiments()

    def _update(self, code: str, column: str, value) -> None:
        self._teacher("change an experiment")
        super()._update(code, column, value)

    def reset(self, code: str) -> int:
        self._teacher("reset an experiment")
        return super().reset(code)

    def tries(self, code: str, *args, **kwargs) -> list:
        self._teacher("read the class's tries")
        return super().tries(code, *args, **kwargs)

    def latest_id(self, code: str) -> int:
        self._teacher("read the class's tries")
        return super().latest_id(code)

    def export_csv(self, code: str, out=None) -> str:
        self._teacher("export the tries")
        return super().export_csv(code, out)
