"""The lessons as package data: where they are read from, reader copies, teacher copies.

The wheel itself is built and installed in ``tests/test_package.py``.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import pushlab
from pushlab import PushlabError, bundle, cli

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))


def fake_lessons(folder, **files):
    """A lessons folder with the given ``name=text`` files (underscores become dashes)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / (name.replace("_", "-") + ".ipynb")).write_text(text)
    return folder


def test_lessons_source_in_a_clone_is_the_working_tree():
    """From a clone (editable install) the lessons are notebooks/ itself, so edits show up."""
    assert bundle.lessons_source() == (REPO / "notebooks").resolve()
    assert not bundle.is_installed_copy(bundle.lessons_source())
    assert bundle.is_installed_copy(bundle.PACKAGE_DIR / "lessons")


def test_lesson_files_are_the_notebooks_and_what_they_show(tmp_path):
    """Notebooks and pictures/data count; hidden files, folders and other files do not."""
    fake_lessons(tmp_path, a="1")
    for name in ["b.png", ".hidden.ipynb", "notes.py"]:
        (tmp_path / name).write_text("x")
    (tmp_path / ".ipynb_checkpoints").mkdir()
    assert [p.name for p in bundle.lesson_files(tmp_path)] == ["a.ipynb", "b.png"]


def test_translated_lessons_are_copied_and_mirrored_in_their_language_folders(tmp_path):
    """notebooks/<lang>/ (the translated copies) travels with the lessons; other folders do not."""
    src = fake_lessons(tmp_path / "src", a="A")
    for folder, text in (("cs", "CS"), ("ar", "AR"), ("misc", "no")):
        (src / folder).mkdir()
        (src / folder / "a.ipynb").write_text(text)
    names = [p.relative_to(src).as_posix() for p in bundle.lesson_files(src)]
    assert names == ["a.ipynb", "ar/a.ipynb", "cs/a.ipynb"]
    report = bundle.copy_lessons(tmp_path / "course", source=src)
    assert report.added == names and (tmp_path / "course" / "cs" / "a.ipynb").read_text() == "CS"
    (tmp_path / "course" / "cs" / "a.ipynb").write_text("mine")            # a teacher's edit is kept
    assert bundle.copy_lessons(tmp_path / "course", source=src).kept == ["cs/a.ipynb"]
    mirror = bundle.reader_copy(src, cache_dir=tmp_path / "cache")
    assert (mirror / "ar" / "a.ipynb").read_text() == "AR" and not (mirror / "misc").exists()
    (src / "ar" / "a.ipynb").unlink()                                     # no longer shipped: removed
    assert not (bundle.reader_copy(src, cache_dir=tmp_path / "cache") / "ar" / "a.ipynb").exists()


def test_package_data_patterns_match_the_lesson_files():
    """pyproject's package-data for pushlab.lessons ships exactly the suffixes the copies use."""
    import tomllib

    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["pushlab.lessons"]
    # plus the translated lessons in <lang>/ (docs/i18n.md), which lesson_files copies too
    assert sorted(set(patterns) - {"*/*.ipynb"}) == sorted(f"*{s}" for s in bundle.LESSON_SUFFIXES)
    assert "*/*.ipynb" in patterns


def test_copy_lessons_never_overwrites_a_changed_file(tmp_path):
    """Added, then up to date; a teacher's edit is kept unless forced; their own files are untouched."""
    src = fake_lessons(tmp_path / "src", a="A1", b="B1")
    dest = tmp_path / "course"
    first = bundle.copy_lessons(dest, source=src)
    assert first.added == ["a.ipynb", "b.ipynb"] and (dest / "a.ipynb").read_text() == "A1"
    assert "2 added" in first.lines()[-1] and str(dest) in first.lines()[-1]

    again = bundle.copy_lessons(dest, source=src)
    assert again.unchanged == ["a.ipynb", "b.ipynb"] and not again.added

    (dest / "a.ipynb").write_text("my edit")
    (dest / "mine.ipynb").write_text("my own lesson")
    fake_lessons(src, a="A2", b="B2")  # a new version of pushlab ships new lessons
    kept = bundle.copy_lessons(dest, source=src)
    assert kept.kept == ["a.ipynb"] and kept.updated == ["b.ipynb"]
    assert (dest / "a.ipynb").read_text() == "my edit" and (dest / "b.ipynb").read_text() == "B2"
    assert any("kept" in line and "a.ipynb" in line and "--force" in line for line in kept.lines())

    forced = bundle.copy_lessons(dest, force=True, source=src)
    assert forced.replaced == ["a.ipynb"] and (dest / "a.ipynb").read_text() == "A2"
    assert (dest / "mine.ipynb").read_text() == "my own lesson"
    manifest = json.loads((dest / bundle.MANIFEST).read_text())
    assert manifest["pushlab"] == pushlab.__version__ and set(manifest["files"]) == {"a.ipynb", "b.ipynb"}


def test_copy_lessons_keeps_an_existing_different_file_without_a_record(tmp_path):
    """A same-named file that was not copied by pushlab is the teacher's: kept."""
    src = fake_lessons(tmp_path / "src", a="A1")
    dest = fake_lessons(tmp_path / "dest", a="someone else's")
    assert bundle.copy_lessons(dest, source=src).kept == ["a.ipynb"]
    assert (dest / "a.ipynb").read_text() == "someone else's"


def test_copy_lessons_errors_name_the_problem(tmp_path):
    """A file in the way, or the source folder itself, is refused before anything is copied."""
    src = fake_lessons(tmp_path / "src", a="A1")
    (tmp_path / "file").write_text("x")
    with pytest.raises(PushlabError, match="is a file"):
        bundle.copy_lessons(tmp_path / "file", source=src)
    with pytest.raises(PushlabError, match="where the lessons are read from"):
        bundle.copy_lessons(src, source=src)
    assert sorted(p.name for p in src.iterdir()) == ["a.ipynb"]


def test_reader_copy_mirrors_the_installed_lessons(tmp_path):
    """The per-user copy follows the shipped lessons (changed replaced, stale removed), source untouched."""
    src = fake_lessons(tmp_path / "site-packages" / "lessons", a="A1", b="B1")
    before = {p.name: p.stat().st_mtime_ns for p in src.iterdir()}
    copy = bundle.reader_copy(src, cache_dir=tmp_path / "cache")
    assert copy == tmp_path / "cache" / f"lessons-{pushlab.__version__}"
    assert sorted(p.name for p in copy.iterdir()) == ["a.ipynb", "b.ipynb"]
    (copy / "a.ipynb").write_text("changed by a kernel")
    (src / "b.ipynb").unlink()
    bundle.reader_copy(src, cache_dir=tmp_path / "cache")
    assert sorted(p.name for p in copy.iterdir()) == ["a.ipynb"] and (copy / "a.ipynb").read_text() == "A1"
    assert {p.name: p.stat().st_mtime_ns for p in src.iterdir()} == {"a.ipynb": before["a.ipynb"]}


def test_reader_copy_falls_back_when_the_cache_is_a_file(tmp_path):
    """A cache path that cannot be a folder (here: a file) gives a temporary copy instead of an error."""
    src = fake_lessons(tmp_path / "src", a="A1")
    (tmp_path / "cache").write_text("not a folder")
    copy = bundle.reader_copy(src, cache_dir=tmp_path / "cache")
    assert (copy / "a.ipynb").read_text() == "A1" and copy.name.startswith("pushlab-lessons-")


def test_user_cache_dir_honours_the_override():
    """PUSHLAB_CACHE_DIR wins over the platform's cache folder."""
    assert bundle.user_cache_dir({"PUSHLAB_CACHE_DIR": "/x", "XDG_CACHE_HOME": "/c"}, "linux") == Path("/x")
    assert bundle.user_cache_dir({}, "linux") == Path.home() / ".cache" / "pushlab"


# ----------------------------------------------------------------- the command line


@pytest.fixture
def execv(monkeypatch):
    """Record what ``os.execv``/``os.execve`` would run instead of running it; never start a process."""
    calls = []
    monkeypatch.setattr(cli.os, "execv", lambda path, argv: calls.append((path, list(argv))))
    monkeypatch.setattr(cli.os, "execve", lambda path, argv, env: calls.append((path, list(argv))))
    monkeypatch.setattr(cli.os, "name", "posix")

    def no_subprocess(*args, **kwargs):
        raise AssertionError("pushlab must exec on POSIX, not start a child")

    monkeypatch.setattr(cli.subprocess, "call", no_subprocess)
    return calls


def test_serve_from_an_installed_package_serves_a_reader_copy(execv, tmp_path, monkeypatch, capsys):
    """With the lessons inside site-packages, Voilà gets the per-user copy, never the package folder."""
    installed = fake_lessons(tmp_path / "site-packages" / "pushlab" / "lessons", a="A1")
    monkeypatch.chdir(tmp_path)  # no ./notebooks here
    monkeypatch.setattr(bundle, "lessons_source", lambda: installed)
    monkeypatch.setattr(bundle, "PACKAGE_DIR", installed.parent)
    monkeypatch.setenv("PUSHLAB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(cli, "port_is_free", lambda port, host=cli.HOST: True)
    assert cli.main(["serve", "--no-browser"]) == 0
    [(_, argv)] = execv
    served = Path(argv[3])
    assert served == tmp_path / "cache" / f"lessons-{pushlab.__version__}"
    assert (served / "a.ipynb").read_text() == "A1"
    assert f"serving {served}" in capsys.readouterr().out


def test_serve_from_a_clone_serves_the_working_tree(execv, tmp_path, monkeypatch):
    """Outside the repository, an editable install still serves notebooks/ of the working tree."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli, "port_is_free", lambda port, host=cli.HOST: True)
    cli.main(["serve", "--no-browser"])
    [(_, argv)] = execv
    assert argv[3] == str((REPO / "notebooks").resolve())


def test_pushlab_lessons_copies_and_reports(tmp_path, capsys):
    """``pushlab lessons DIR`` copies every lesson and says so; again, it says they are up to date."""
    assert cli.main(["lessons", str(tmp_path / "course")]) == 0
    out = capsys.readouterr().out
    assert sorted(p.name for p in (tmp_path / "course").glob("*.ipynb")) == NOTEBOOKS
    every = len(bundle.lesson_files(REPO / "notebooks"))          # with the translated copies
    assert f"{every} added" in out and "added     00-welcome.ipynb" in out
    assert "added     cs/00-welcome.ipynb" in out and (tmp_path / "course" / "ar" / "00-welcome.ipynb").is_file()
    (tmp_path / "course" / "00-welcome.ipynb").write_text("{}")
    assert cli.main(["lessons", str(tmp_path / "course")]) == 0
    out = capsys.readouterr().out
    assert "kept      00-welcome.ipynb" in out and f"{every - 1} already up to date" in out
    assert cli.main(["lessons", str(tmp_path / "course"), "--force"]) == 0
    assert "replaced  00-welcome.ipynb" in capsys.readouterr().out


def test_pushlab_lab_without_jupyterlab_names_the_extra(execv, tmp_path, monkeypatch, capsys):
    """Without JupyterLab: a clear message naming the ``lab`` extra, exit 2, nothing copied or run."""
    real = cli.importlib.util.find_spec
    monkeypatch.setattr(cli.importlib.util, "find_spec",
                        lambda name, *a: None if name == "jupyterlab" else real(name, *a))
    assert cli.main(["lab", str(tmp_path / "course")]) == 2
    err = capsys.readouterr().err
    assert 'pip install "pushlab[lab]"' in err and "JupyterLab" in err
    assert execv == [] and not (tmp_path / "course").exists()


def test_pushlab_lab_opens_jupyterlab_on_a_copy(execv, tmp_path, monkeypatch, capsys):
    """With JupyterLab: the lessons are copied, then JupyterLab runs with that folder as its root."""
    real = cli.importlib.util.find_spec
    monkeypatch.setattr(cli.importlib.util, "find_spec",
                        lambda name, *a: object() if name == "jupyterlab" else real(name, *a))
    monkeypatch.chdir(tmp_path)
    assert cli.main(["lab", "--no-browser"]) == 0
    course = (tmp_path / "pushlab-lessons").resolve()
    assert sorted(p.name for p in course.glob("*.ipynb")) == NOTEBOOKS
    [(path, argv)] = execv
    assert argv == cli.lab_argv(course, open_browser=False, allow_root=cli.running_as_root())
    assert path == sys.executable and argv[3] == f"--ServerApp.root_dir={course}"
    assert f"JupyterLab on {course}" in capsys.readouterr().out


def test_lab_argv_allows_root_only_when_asked():
    """As root (a container), JupyterLab needs --ServerApp.allow_root=True; otherwise it is not passed."""
    assert cli.lab_argv("c", python="py", allow_root=True)[-1] == "--ServerApp.allow_root=True"
    assert not any("allow_root" in a for a in cli.lab_argv("c", python="py"))


@pytest.mark.parametrize("entry", [["-m", "pushlab"], ["-m", "pushlab.cli"]])
def test_version_and_python_dash_m(entry):
    """``python -m pushlab`` is the command; ``--version`` prints the package version."""
    out = subprocess.run([sys.executable, *entry, "--version"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == f"pushlab {pushlab.__version__}"
    helped = subprocess.run([sys.executable, *entry, "--help"], capture_output=True, text=True, timeout=60)
    assert helped.returncode == 0 and all(c in helped.stdout for c in ("serve", "lessons", "lab"))
