"""The lessons shipped with the package: where they are, and copies of them.

The repository keeps one copy of the lessons, ``notebooks/``; the wheel ships
them as the data package ``pushlab.lessons`` (see ``setup.py``), and an
editable install maps that package to the working tree's ``notebooks/``.

- :func:`lessons_source` is the folder the lessons are read from.
- :func:`reader_copy` is a per-user copy for ``pushlab serve``, so that a
  reader (Voilà, a kernel, a lesson) never writes into site-packages.
- :func:`copy_lessons` copies the lessons into a teacher's folder without ever
  overwriting a file the teacher changed (unless forced), and says what it did.

>>> sorted(p.name for p in lesson_files(lessons_source()))[0]
'00-welcome.ipynb'
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pushlab
from pushlab.errors import PushlabError

PACKAGE_DIR = Path(pushlab.__file__).resolve().parent
# What a lessons folder holds besides notebooks (pictures, data a lesson reads).
LESSON_SUFFIXES = (".ipynb", ".md", ".png", ".jpg", ".svg", ".gif", ".csv", ".json")
MANIFEST = ".pushlab-lessons.json"

#: The lessons in teaching order, by file stem: the welcome page, the README's lesson table and
#: the book show them in this order (``tests/test_lesson_order.py`` checks all three). File names
#: are stable, so a new lesson takes a new number and its place here: lesson 03's second half is
#: ``10``, ``11`` is perfect play in a small game, ``12`` the class experiment.
TEACHING_ORDER = (
    "00-welcome",
    "01-push-your-luck-rules", "02-play-push-your-luck", "03-push-your-luck-probability",
    "10-simulation-and-intervals", "08-when-to-bank", "11-perfect-play",
    "05-rummy-rules", "06-play-push-rummy", "07-rummy-odds",
    "09-how-sure-are-we",
    "12-class-experiment", "12-class-experiment-teacher",
    "04-make-your-own-lesson",
)


def _lesson_file(p: Path) -> bool:
    return p.is_file() and p.suffix.lower() in LESSON_SUFFIXES and not p.name.startswith(".")


def lesson_files(folder) -> list[Path]:
    """The lesson files in ``folder`` (notebooks and what they show) and in its language
    folders (``et/``, ``cs/``, ...: the translated lessons), sorted by relative path."""
    from pushlab.i18n import TRANSLATED

    folder = Path(folder)
    found = [p for p in folder.iterdir() if _lesson_file(p)]
    for language in TRANSLATED:
        if (folder / language).is_dir():
            found += [p for p in (folder / language).iterdir() if _lesson_file(p)]
    return sorted(found, key=lambda p: p.relative_to(folder).as_posix())


def _rel(path: Path, folder: Path) -> str:
    """``path`` relative to ``folder``, with ``/`` (the manifest's and the report's names)."""
    return path.relative_to(folder).as_posix()


def _has_notebooks(folder: Path) -> bool:
    """True if ``folder`` is a directory with at least one ``*.ipynb``."""
    return folder.is_dir() and any(folder.glob("*.ipynb"))


def lessons_source() -> Path:
    """The folder the lessons are read from: the working tree's ``notebooks/`` or the installed copy.

    An editable install (or a plain clone on ``sys.path``) gives ``notebooks/``
    beside the package, so edits show up at once; an installed wheel gives
    ``site-packages/pushlab/lessons``.
    """
    candidates = []
    spec = importlib.util.find_spec("pushlab.lessons")
    if spec is not None and spec.submodule_search_locations:
        candidates += [Path(p) for p in spec.submodule_search_locations]
    candidates += [PACKAGE_DIR / "lessons", PACKAGE_DIR.parent / "notebooks"]
    for folder in candidates:
        if _has_notebooks(folder):
            return folder.resolve()
    raise PushlabError(
        "the lessons are missing from this installation of pushlab; tried "
        + ", ".join(str(p) for p in candidates)
    )


def is_installed_copy(folder) -> bool:
    """True if ``folder`` lies inside the installed package (site-packages: never write there)."""
    return PACKAGE_DIR in Path(folder).resolve().parents


def user_cache_dir(environ=None, platform: str | None = None) -> Path:
    """The per-user cache folder of pushlab (``$XDG_CACHE_HOME/pushlab``, ``~/.cache/pushlab``, ...).

    >>> user_cache_dir({"XDG_CACHE_HOME": "/c"}, "linux").as_posix()
    '/c/pushlab'
    >>> user_cache_dir({"LOCALAPPDATA": "C:/Users/a/AppData/Local"}, "win32").as_posix()
    'C:/Users/a/AppData/Local/pushlab/Cache'
    """
    environ = os.environ if environ is None else environ
    platform = platform or sys.platform
    if environ.get("PUSHLAB_CACHE_DIR"):
        return Path(environ["PUSHLAB_CACHE_DIR"])
    if platform.startswith("win"):
        base = environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "pushlab" / "Cache"
    if platform == "darwin":
        return Path.home() / "Library" / "Caches" / "pushlab"
    return Path(environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pushlab"


def _digest(path: Path) -> str:
    """SHA-256 of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _copy_atomically(src: Path, dest: Path) -> None:
    """Copy ``src`` to ``dest`` through a temporary file, so no reader sees half a notebook."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{dest.name}.", dir=dest.parent)
    os.close(fd)
    try:
        shutil.copyfile(src, tmp)
        os.replace(tmp, dest)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def reader_copy(source=None, cache_dir=None) -> Path:
    """A per-user copy of the installed lessons to serve (refreshed from ``source``); never site-packages.

    The copy lives in ``<user cache>/lessons-<version>``; files that differ from
    the installed ones are replaced, lessons no longer shipped are removed. If
    that folder cannot be written, a fresh temporary folder is used instead.
    """
    source = Path(source) if source else lessons_source()
    base = Path(cache_dir) if cache_dir else user_cache_dir()
    target = base / f"lessons-{pushlab.__version__}"
    try:
        target.mkdir(parents=True, exist_ok=True)
        _mirror(source, target)
    except OSError:
        target = Path(tempfile.mkdtemp(prefix="pushlab-lessons-"))
        _mirror(source, target)
    return target


def _mirror(source: Path, target: Path) -> None:
    """Make the lesson files of ``target`` equal to those of ``source``."""
    shipped = {_rel(p, source): p for p in lesson_files(source)}
    for name, src in shipped.items():
        dest = target / name
        if not dest.is_file() or _digest(dest) != _digest(src):
            _copy_atomically(src, dest)
    for old in lesson_files(target):
        if _rel(old, target) not in shipped:
            old.unlink()


@dataclass
class CopyReport:
    """What :func:`copy_lessons` did, file by file."""

    folder: Path
    added: list = field(default_factory=list)
    updated: list = field(default_factory=list)
    unchanged: list = field(default_factory=list)
    kept: list = field(default_factory=list)
    replaced: list = field(default_factory=list)

    def lines(self) -> list[str]:
        """One line per file, then a summary, in words a teacher understands."""
        out = [f"added     {n}" for n in self.added]
        out += [f"updated   {n} (you had not changed it)" for n in self.updated]
        out += [f"replaced  {n} (your changes were overwritten: --force)" for n in self.replaced]
        out += [f"kept      {n} (you changed it; --force overwrites it)" for n in self.kept]
        counts = (f"{len(self.added)} added, {len(self.updated)} updated, {len(self.replaced)} replaced, "
                  f"{len(self.kept)} kept as you changed them, {len(self.unchanged)} already up to date")
        out.append(f"lessons in {self.folder}: {counts}")
        return out


def _read_manifest(folder: Path) -> dict:
    """The digests of the lessons as last copied into ``folder`` (empty if none or unreadable)."""
    try:
        files = json.loads((folder / MANIFEST).read_text(encoding="utf-8")).get("files", {})
    except (OSError, ValueError, AttributeError):
        return {}
    return files if isinstance(files, dict) else {}


def copy_lessons(dest, force: bool = False, source=None) -> CopyReport:
    """Copy the lessons into ``dest``; a file changed since the last copy is kept unless ``force``.

    A file is "changed" if it differs both from the shipped lesson and from
    what was last copied there (recorded in ``dest/.pushlab-lessons.json``).
    Files of the teacher's own (other names) are never touched.
    """
    source = Path(source) if source else lessons_source()
    dest = Path(dest)
    if dest.exists() and not dest.is_dir():
        raise PushlabError(f"{dest} is a file, not a folder")
    if dest.resolve() == source.resolve():
        raise PushlabError(f"{dest} is where the lessons are read from; choose another folder")
    dest.mkdir(parents=True, exist_ok=True)
    copied = _read_manifest(dest)
    report = CopyReport(dest)
    for src in lesson_files(source):
        name = _rel(src, source)
        target = dest / name
        new = _digest(src)
        if not target.exists():
            report.added.append(name)
        else:
            old = _digest(target)
            if old == new:
                report.unchanged.append(name)
                copied[name] = new
                continue
            if old == copied.get(name):
                report.updated.append(name)
            elif force:
                report.replaced.append(name)
            else:
                report.kept.append(name)
                continue
        _copy_atomically(src, target)
        copied[name] = new
    manifest = {"pushlab": pushlab.__version__, "files": dict(sorted(copied.items()))}
    (dest / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return report
