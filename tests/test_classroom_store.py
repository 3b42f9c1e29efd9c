"""The class experiment's Try value type and its store, on SQLite and (where a server can be
started) PostgreSQL: the same tests on both (the ``store_url`` fixture of conftest.py)."""

import csv
import io
import json
import sqlite3

import pytest

from pushlab.classroom import open_store
from pushlab.classroom.store import SCHEMA_VERSION, StoreError
from pushlab.classroom.tries import NotAllowed, Try, TryRefused, clean_nickname

ME = "0123456789abcdef"
YOU = "fedcba9876543210"


# ---------------------------------------------------------------- the value type

@pytest.mark.parametrize("nickname", [
    "<script>alert(1)</script>", "Robert'); DROP TABLE tries;--", "a\x00b", "tab\tname", "new\nline",
    "zero\u200bwidth", "\u202eevil", "smile \U0001F600", "x" * 25, "x" * 10_000_000, 12, b"Ann", ["Ann"],
])
def test_hostile_nicknames_are_refused(nickname):
    with pytest.raises(TryRefused) as info:
        Try("k7q2m", ME, 1, nickname=nickname)
    assert isinstance(info.value, ValueError) and str(info.value)


@pytest.mark.parametrize("nickname, stored", [
    ("", ""), (None, ""), ("  Ann  ", "Ann"), ("Mari-Liis O'Neil", "Mari-Liis O'Neil"),
    ("Jiří", "Jiří"), ("Jir\u030ci\u0301", "Jiří"), ("سارة", "سارة"), ("x" * 24, "x" * 24), ("a   b", "a b"),
])
def test_nicknames_of_any_script_are_kept_clean(nickname, stored):
    assert Try("k7q2m", ME, 1, nickname=nickname).nickname == stored == clean_nickname(nickname)


@pytest.mark.parametrize("field, value", [
    ("experiment", "K7"), ("experiment", "k7q2m'; --"), ("experiment", None), ("experiment", "a" * 50),
    ("student", "Ann"), ("student", "0123"), ("student", ME.upper()), ("outcome", True), ("outcome", 1.0),
    ("outcome", "3"), ("outcome", 10**9), ("choice", ""), ("choice", "x" * 41), ("choice", 3),
])
def test_malformed_tries_are_refused(field, value):
    fields = dict(experiment="k7q2m", student=ME, outcome=1)
    fields[field] = value
    with pytest.raises(TryRefused):
        Try(**fields)


def test_a_try_checks_its_outcome_and_choice_against_the_experiment():
    assert Try("k7q2m", ME, 2).check(range(1, 4)).outcome == 2
    assert Try("k7q2m", ME, 1, choice="draw").check([0, 1], ["draw", "bank R"]).choice == "draw"
    for bad, outcomes, choices in [(Try("k7q2m", ME, 0), [1, 2], ()),
                                   (Try("k7q2m", ME, 1, choice="bank B"), [0, 1], ["draw", "bank R"]),
                                   (Try("k7q2m", ME, 1), [0, 1], ["draw"]),
                                   (Try("k7q2m", ME, 1, choice="draw"), [0, 1], ())]:
        with pytest.raises(TryRefused):
            bad.check(outcomes, choices)


# ---------------------------------------------------------------- the store, both backends

def _new(store, **kw):
    args = dict(kind="fourth-card", title="Does a 4th card bust?", params={"position": "L1.x"},
                outcomes=[0, 1])
    args.update(kw)
    return store.create(**args)


def test_created_on_first_use_with_a_schema_version(store_url):
    with open_store(store_url) as store:
        assert store.schema_version == SCHEMA_VERSION
        assert store.experiments() == []
    with open_store(store_url) as again:           # opening it again changes nothing
        assert again.schema_version == SCHEMA_VERSION


def test_tries_are_stored_read_since_an_id_and_counted(store_url):
    with open_store(store_url) as store:
        code = _new(store)
        first = store.add(Try(code, ME, 1, nickname="Ann"))
        store.add(Try(code, YOU, 0))
        store.add(Try(code, ME, 0, nickname="Ann"))
        assert [t.outcome for t in store.tries(code)] == [1, 0, 0]
        assert [t.outcome for t in store.tries(code, since=first.id)] == [0, 0]
        assert store.latest_id(code) == store.tries(code)[-1].id
        assert store.counts(code) == (2, 3)
        assert [t.outcome for t in store.mine(code, ME)] == [1, 0]


def test_refused_tries_store_nothing(store_url):
    with open_store(store_url) as store:
        code = _new(store)
        other = _new(store, kind="bust-time", outcomes=range(1, 12))
        store.add(Try(code, ME, 1))
        for bad in [Try(code, ME, 5), Try(code, ME, 1, choice="draw"), Try("zzzzz", ME, 1)]:
            with pytest.raises(TryRefused):
                store.add(bad)
        with pytest.raises(TryRefused):
            store.add("INSERT INTO tries VALUES (1)")
        store.set_state(code, "paused")
        with pytest.raises(TryRefused, match="paused"):
            store.add(Try(code, ME, 1))
        assert store.counts(code) == (1, 1) and store.counts(other) == (0, 0)
        store.set_state(code, "open")
        store.add(Try(code, ME, 0))
        assert store.counts(code) == (1, 2)


def test_reset_archives_and_never_deletes(store_url):
    with open_store(store_url) as store:
        code = _new(store)
        for outcome in (1, 0, 1):
            store.add(Try(code, ME, outcome))
        assert store.reset(code) == 2
        assert store.tries(code) == [] and store.counts(code) == (0, 0)
        store.add(Try(code, YOU, 0))
        assert [t.round for t in store.tries(code, rounds="all")] == [1, 1, 1, 2]
        assert [t.outcome for t in store.tries(code, round=1)] == [1, 0, 1]
        rows = list(csv.DictReader(io.StringIO(store.export_csv(code))))
        assert [(r["round"], r["current"], r["outcome"]) for r in rows] == [
            ("1", "0", "1"), ("1", "0", "0"), ("1", "0", "1"), ("2", "1", "0")]


def test_nicknames_are_shown_to_students_only_when_the_teacher_shows_them(store_url):
    with open_store(store_url) as store:
        code = _new(store)
        store.add(Try(code, ME, 1, nickname="Ann"))
        store.add(Try(code, YOU, 0))
        with pytest.raises(NotAllowed):
            store.names(code)
        store.show_names(code, True)
        assert store.names(code) == [("Ann", 1)]


def test_the_csv_export_cannot_smuggle_a_formula(store_url):
    with open_store(store_url) as store:
        code = _new(store)
        store.add(Try(code, ME, 1, nickname="-Ann"))
        text = store.export_csv(code)
        assert next(csv.DictReader(io.StringIO(text)))["nickname"] == "'-Ann"
        assert ME not in text and ME[:8] in text     # students by a short anonymous id


def test_codes_are_unique_and_checked(store_url):
    with open_store(store_url) as store:
        code = _new(store, code="abcde")
        with pytest.raises(StoreError):
            _new(store, code="abcde")
        assert len({_new(store) for _ in range(5)} | {code}) == 6
        with pytest.raises(TryRefused):
            store.experiment("no such code!")


# ---------------------------------------------------------------- SQLite specifics

def test_sqlite_store_is_in_wal_mode_and_refuses_a_newer_schema(tmp_path):
    path = tmp_path / "deep" / "folder" / "class.sqlite3"
    with open_store(f"sqlite://{path}") as store:
        assert store.integrity() == "ok"
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="newer pushlab"):
        open_store(path)


def test_store_addresses(tmp_path, monkeypatch):
    from pushlab.classroom import store as module

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv(module.ENV, raising=False)
    assert module.store_url() == str(tmp_path / "pushlab" / "classroom.sqlite3")
    monkeypatch.setenv(module.ENV, str(tmp_path / "x.sqlite3"))
    assert module.store_url() == str(tmp_path / "x.sqlite3")
    for bad in ("mysql://root@db/x", "sqlite://relative/path"):
        with pytest.raises(StoreError):
            open_store(bad)
    with pytest.raises(StoreError, match="cannot open"):
        open_store("postgresql://nobody@127.0.0.1:1/none")


def test_experiment_params_round_trip(store_url):
    params = {"position": "L1.abc", "draws": 6, "label": "Třída 7.B – سارة"}
    with open_store(store_url) as store:
        code = _new(store, params=params, choices=["draw", "bank R"])
        rec = store.experiment(code)
        assert (rec.params, rec.choices, rec.outcomes, rec.state, rec.round) == (
            params, ("draw", "bank R"), (0, 1), "open", 1)
        assert json.loads(json.dumps(rec.params)) == params


def test_pushlab_serve_store_names_the_store_for_the_kernels(tmp_path, monkeypatch, capsys):
    import os

    from pushlab import cli
    from pushlab.classroom import store as module

    seen = {}

    def serve(*args, **kwargs):
        seen["store"] = os.environ.get(module.ENV)
        return 0

    monkeypatch.setattr(cli, "serve", serve)
    monkeypatch.setenv(module.ENV, "set by the test, restored after it")
    path = tmp_path / "room.sqlite3"
    assert cli.main(["serve", "--no-browser", "--store", str(path)]) == 0
    assert seen["store"] == str(path) and path.exists()
    assert "SQLite store" in capsys.readouterr().out
    assert cli.main(["serve", "--no-browser", "--store", "mysql://root@db/x"]) == 2
    assert "unknown store address" in capsys.readouterr().err


def test_the_dashboard_shows_a_qr_code_of_the_student_page_in_a_room(tmp_path, monkeypatch):
    """Behind ``pushlab serve --host``, the student link uses the room's address (which a phone
    can reach, not the teacher's 127.0.0.1) and its class code, and is drawn as a QR code;
    outside a room, a relative link and no QR code."""
    from pushlab.classroom import experiments as E
    from pushlab.classroom.teacher import Dashboard

    store = open_store(str(tmp_path / "class.sqlite3"))
    page = "http://127.0.0.1:8866/voila/render/12-class-experiment-teacher.ipynb"
    monkeypatch.setenv("PUSHLAB_JOIN_URL", "http://192.168.1.5:8866/voila/tree/?token=K7M2QX")
    board = Dashboard(store, experiment=E.FourthCard(), page=page)
    link = f"http://192.168.1.5:8866/voila/render/12-class-experiment.ipynb?code={board.code}&amp;token=K7M2QX"
    assert link in board.join.value and "<svg" in board.join.value
    monkeypatch.delenv("PUSHLAB_JOIN_URL")
    alone = Dashboard(store, code=board.code, page="")
    assert f"12-class-experiment.ipynb?code={board.code}" in alone.join.value and "<svg" not in alone.join.value
    store.close()


# ---------------------------------------------------------------- PostgreSQL: the teacher's and the students' roles

def _admin_sql():
    """The SQL block of docs/teaching.md's "PostgreSQL for a school", split at its ``\\connect``:
    (statements on the server's first database, statements in the new database)."""
    from pathlib import Path

    text = (Path(__file__).parents[1] / "docs" / "teaching.md").read_text(encoding="utf-8")
    block = text.split("### PostgreSQL for a school", 1)[1].split("```sql", 1)[1].split("```", 1)[0]
    before, after = block.split("\\connect pushlab")
    def statements(part):
        code = "\n".join(line for line in part.splitlines() if not line.lstrip().startswith("--"))
        return [s.strip() for s in code.split(";") if s.strip()]

    return statements(before), statements(after)


def test_postgres_students_role_may_only_record_tries_through_the_function(postgres_server):
    """The admin SQL of docs/teaching.md, run on a real server: the student's role opens the store
    without a raw database error, records validated tries through ``pushlab_add_try`` and can
    neither read the tables (nicknames, other tries) nor write them; a role with no rights gets
    a StoreError; the student app works on the student's store. (About 1 CPU-s.)"""
    import psycopg

    from pushlab.classroom import experiments as E
    from pushlab.classroom.desk import start
    from pushlab.classroom.student import StudentApp

    first, second = _admin_sql()
    with psycopg.connect(postgres_server.url(), autocommit=True) as conn:
        for statement in first:
            conn.execute(statement)
    with psycopg.connect(postgres_server.url("pushlab"), autocommit=True) as conn:
        for statement in second:
            conn.execute(statement)
        conn.execute("CREATE ROLE pushlab_nobody LOGIN")
        conn.execute("GRANT CONNECT ON DATABASE pushlab TO pushlab_nobody")
    url = postgres_server.url("pushlab")
    teacher_url, student_url = (url.replace("//pushlab@", f"//pushlab_{who}@") for who in ("teacher", "student"))

    with pytest.raises(StoreError, match="not made yet"):     # the teacher's page opens it first
        open_store(student_url)
    teacher = open_store(teacher_url)
    code = start(teacher, E.FourthCard.default())
    with pytest.raises(StoreError, match="no rights"):
        open_store(url.replace("//pushlab@", "//pushlab_nobody@"))

    student = open_store(student_url)
    assert "student" in repr(student) and student.schema_version == SCHEMA_VERSION
    assert student.experiment(code).kind == "fourth-card"
    assert student.add(Try(code, ME, 1, nickname="Jiří")).outcome == 1
    assert student.counts(code) == (1, 1) and [t.outcome for t in student.mine(code, ME)] == [1]
    with pytest.raises(NotAllowed):
        student.names(code)
    for teacher_only in (lambda: student.create("fourth-card", "x", {}, [0, 1]), student.experiments,
                         lambda: student.tries(code), lambda: student.export_csv(code),
                         lambda: student.set_state(code, "paused"), lambda: student.show_names(code, True),
                         lambda: student.reset(code), lambda: student.latest_id(code)):
        with pytest.raises(NotAllowed):
            teacher_only()
    teacher.show_names(code, True)
    assert student.names(code) == [("Jiří", 1)]

    with psycopg.connect(student_url, autocommit=True) as raw:     # a student typing SQL by hand
        for sql in ("SELECT nickname FROM tries", "SELECT * FROM experiments", "UPDATE experiments SET state = 'open'",
                    f"INSERT INTO tries (experiment, round, student, nickname, outcome, created) "
                    f"VALUES ('{code}', 1, '{YOU}', 'x', 99, 0)", "DELETE FROM tries", "CREATE TABLE mine (x int)"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                raw.execute(sql)
        add = "SELECT * FROM pushlab_add_try(%s, %s, %s, %s, %s)"
        for args in [(code, YOU, "", 99, None), (code, YOU, "", 1, "draw"), (code, YOU, "<b>", 1, None),
                     (code, YOU, "\u202eevil", 1, None), (code, YOU, "x" * 25, 1, None),
                     (code, YOU, "smile \U0001F600", 1, None), (code, "not a token", "", 1, None),
                     ("zzzzz", YOU, "", 1, None), (code, YOU, 'a"b', 1, None)]:
            with pytest.raises(psycopg.errors.RaiseException, match="pushlab:"):
                raw.execute(add, args)
        assert raw.execute(add, (code, YOU, "Ann", 0, None)).fetchone()[0] > 0
        teacher.set_state(code, "paused")
        with pytest.raises(psycopg.errors.RaiseException, match="pushlab:paused"):
            raw.execute(add, (code, YOU, "", 0, None))
        teacher.set_state(code, "open")
    assert teacher.counts(code) == (2, 2) and {t.nickname for t in teacher.tries(code)} == {"Jiří", "Ann"}

    app = StudentApp(student, code=code, join_from_page=False)    # the student page on the student's role
    app.buttons.children[0].click()
    assert app.task.done and not app.message.text and student.counts(code) == (3, 3)
    student.close()
    teacher.close()
