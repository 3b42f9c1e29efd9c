"""The optional compiled accelerator of the rummy engine and bots (issue 24).

The pure-Python modules are the reference: they are always there, and the tests play the
same seeds with both and compare every move. ``python -m pushlab.accel build`` (or
``make accel``; needs ``pip install pushlab[fast]`` and a C compiler) compiles some of them
with Cython, unchanged, into a cache outside the package (:func:`cache_dir`). Without a
build, without Cython or without a compiler nothing changes: pushlab runs its ``.py`` files.

A compiled module is loaded only when it was built from exactly the source beside it: its
file name carries a hash of that source (and of its optional ``.pxd`` and the build
options), and a small import hook (:class:`Finder`, installed by ``import pushlab.rummy``)
looks for that name. An edited ``.py`` therefore never runs stale compiled code: its module
is imported from the source, and :func:`status` says so (``"stale"``).

``PUSHLAB_PURE=1`` forces the pure path for every module; ``PUSHLAB_PURE=pushlab.rummy.game,...``
for the modules named. :func:`status` reports what is active (the benchmarks print it)::

    >>> s = status()
    >>> sorted(s)
    ['active', 'cache', 'compiled', 'forced_pure', 'modules']
    >>> set(s["modules"]) == set(MODULES)
    True
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import sys

#: The modules the accelerator compiles, chosen by measurement (docs/benchmarks.md, issue 24,
#: fifth pass): each pays more in play speed than it costs in build time.
MODULES = ("pushlab.rummy.finder.contract", "pushlab.rummy.finder.extra",
           "pushlab.rummy.finder.skeletons", "pushlab.rummy.bots", "pushlab.rummy.expert",
           "pushlab.rummy.melds", "pushlab.rummy.cards", "pushlab.rummy.game",
           "pushlab.rummy.encoding", "pushlab.rummy.actions")

#: Cython's options. Annotation typing is off: the code is compiled with Python semantics
#: (an ``owner: int`` may be None), so it behaves exactly as the source does. No
#: ``__test__`` dict: the doctests are collected once, from the functions, as from the source.
DIRECTIVES = {"language_level": 3, "binding": True, "annotation_typing": False, "autotestdict": False}

#: The C compiler's options after Python's own (``-O3``): -O1 makes code as fast here
#: (cachegrind: 4-9% fewer instructions than -O3 in self-play) at half the build's CPU time
#: (docs/benchmarks.md, issue 24, fifth pass); no debug information. Not used on Windows.
CFLAGS = ("-O1", "-g0")

#: Bumped when the way modules are built changes (it is part of every build's hash).
FORMAT = "pushlab-accel-1"

PXD_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pxd")
EXT_SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _log():
    """This package's logger, made on first use: ``logging`` (and ``importlib.abc``) cost about
    20 ms of every rummy import, for a message that only a stale or broken build prints."""
    import logging

    return logging.getLogger(__name__)


_CHOICES: dict = {}        # module name -> {"state": ..., "source": ..., "compiled": ...}
_LISTING: dict = {}        # cache dir -> its file names (read once)


def cache_dir() -> str:
    """Where compiled modules live: ``$PUSHLAB_ACCEL_DIR``, else inside the virtual
    environment (``<venv>/share/pushlab-accel``: removed with it), else the user's cache
    (``~/.cache/pushlab/accel``). Never inside the package, so a wheel or sdist cannot ship them."""
    env = os.environ.get("PUSHLAB_ACCEL_DIR")
    if env:
        return os.path.abspath(env)
    if sys.prefix != sys.base_prefix:
        return os.path.join(sys.prefix, "share", "pushlab-accel")
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "pushlab", "accel")


def forced_pure(name: str | None = None):
    """``PUSHLAB_PURE``: True/False for module ``name`` (or, without a name, the set of
    modules forced pure: all of :data:`MODULES` for ``1``/``true``/``yes``/``all``)."""
    raw = os.environ.get("PUSHLAB_PURE", "").strip()
    if raw.lower() in ("", "0", "false", "no"):
        names = set()
    elif raw.lower() in ("1", "true", "yes", "all"):
        names = set(MODULES)
    else:
        names = {n.strip() for n in raw.split(",") if n.strip()}
    return names if name is None else name in names


def pxd_path(name: str) -> str:
    """The optional Cython ``.pxd`` that types module ``name`` without changing its ``.py``."""
    return os.path.join(PXD_DIR, name + ".pxd")


def source_key(name: str, source: bytes) -> str:
    """The hash a compiled module ``name`` carries in its file name: of its source, its
    ``.pxd`` (if any), :data:`DIRECTIVES`, :data:`CFLAGS` and :data:`FORMAT` (16 hex digits)."""
    h = hashlib.sha256(f"{FORMAT}\0{name}\0{sorted(DIRECTIVES.items())}\0{CFLAGS}\0".encode())
    h.update(source)
    try:
        with open(pxd_path(name), "rb") as f:
            h.update(b"\0pxd\0" + f.read())
    except FileNotFoundError:
        pass
    return h.hexdigest()[:16]


def compiled_path(name: str, source: bytes, directory: str | None = None) -> str:
    """The file a build of module ``name`` from ``source`` is (or would be) stored in."""
    return os.path.join(directory or cache_dir(), f"{name}.{source_key(name, source)}{EXT_SUFFIX}")


def _listing(directory: str) -> list:
    if directory not in _LISTING:
        try:
            _LISTING[directory] = os.listdir(directory)
        except OSError:
            _LISTING[directory] = []
    return _LISTING[directory]


def choose(name: str, source_path: str) -> dict:
    """Which code module ``name`` (source file ``source_path``) runs: ``{"state": "compiled" |
    "pure" | "forced pure" | "stale", "source": ..., "compiled": path or None}``. ``stale``: a
    build of the module exists, but of another source (the ``.py`` was edited since)."""
    with open(source_path, "rb") as f:
        source = f.read()
    path = compiled_path(name, source)
    if forced_pure(name):
        state, path = "forced pure", None
    elif os.path.isfile(path):
        state = "compiled"
    elif any(f.startswith(name + ".") and f.endswith(EXT_SUFFIX) for f in _listing(os.path.dirname(path))):
        state, path = "stale", None
        _log().info("pushlab.accel: %s changed since it was compiled; running its source "
                 "(python -m pushlab.accel build compiles it again)", name)
    else:
        state, path = "pure", None
    return {"state": state, "source": source_path, "compiled": path}


class _CompiledLoader(importlib.machinery.ExtensionFileLoader):
    """Loads a compiled module; its ``__file__`` stays the ``.py`` it was built from (so
    tracebacks, ``inspect`` and pytest's doctest collection find the source), while
    ``__spec__.origin`` is the compiled file. A compiled file that does not load (damaged,
    or built for another Python) is skipped: the module runs from its source (state
    ``failed`` in :func:`status`)."""

    def __init__(self, name, path, source_path):
        super().__init__(name, path)
        self.source_path = source_path
        self.fallback = None

    def create_module(self, spec):
        try:
            return super().create_module(spec)
        except (ImportError, OSError) as exc:
            _log().warning("pushlab.accel: %s: the compiled file did not load (%s); running its source",
                        self.name, exc)
            _CHOICES[self.name] = {**_CHOICES.get(self.name, {}), "state": "failed", "compiled": None}
            self.fallback = importlib.machinery.SourceFileLoader(self.name, self.source_path)
            return None

    def exec_module(self, module):
        if self.fallback is not None:
            module.__file__ = self.source_path
            self.fallback.exec_module(module)
            return
        super().exec_module(module)
        module.__file__ = self.source_path


class Finder:
    """The import hook (a meta-path finder: ``find_spec`` is all ``sys.meta_path`` asks of
    it): each module of :data:`MODULES` from its compiled build when one of its exact source
    exists (and the pure path is not forced), else from its ``.py`` (never
    from a stray compiled file beside it)."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in MODULES or not path:
            return None
        last = fullname.rpartition(".")[2]
        for directory in path:
            source_path = os.path.join(directory, last + ".py")
            if os.path.isfile(source_path):
                break
        else:
            return None
        choice = _CHOICES[fullname] = choose(fullname, source_path)
        if choice["compiled"]:
            loader = _CompiledLoader(fullname, choice["compiled"], source_path)
            return importlib.util.spec_from_file_location(fullname, choice["compiled"], loader=loader)
        return importlib.util.spec_from_file_location(fullname, source_path)


def install() -> None:
    """Put :class:`Finder` first on ``sys.meta_path`` (once); ``import pushlab.rummy`` calls this."""
    if not any(isinstance(f, Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, Finder())


def status() -> dict:
    """What runs: ``{"active": bool (any module compiled), "compiled": [names],
    "forced_pure": bool (PUSHLAB_PURE set), "cache": dir, "modules": {name: state}}``, a
    state per module of :data:`MODULES`: ``compiled``, ``pure``, ``forced pure``, ``stale``
    (built from another source: running the source), ``failed`` (the compiled file did not
    load: running the source) or ``not imported``."""
    modules = {}
    for name in MODULES:
        if name in _CHOICES:
            modules[name] = _CHOICES[name]["state"]
        elif name in sys.modules:
            modules[name] = "pure"       # imported before the hook was installed
        else:
            modules[name] = "not imported"
    compiled = [n for n, s in modules.items() if s == "compiled"]
    return {"active": bool(compiled), "compiled": compiled, "forced_pure": bool(forced_pure()),
            "cache": cache_dir(), "modules": modules}


def summary() -> str:
    """One line for reports: ``"compiled: 10 of 10 modules"``, ``"compiled: 8 of 10 modules
    (2 stale)"``, ``"pure (PUSHLAB_PURE)"``, ..."""
    s = status()
    states = list(s["modules"].values())
    if states.count("not imported") == len(states):
        return "not loaded (no module of pushlab.accel.MODULES imported yet)"
    if s["active"]:
        text = f"compiled: {len(s['compiled'])} of {len(MODULES)} modules"
        rest = sorted({st for st in states if st not in ("compiled", "not imported")})
        rest = ", ".join(f"{states.count(st)} {st}" for st in rest)
        return text + (f" ({rest})" if rest else "")
    if s["forced_pure"]:
        return "pure (PUSHLAB_PURE)"
    if "stale" in states:
        return "pure (the compiled build is of other sources: python -m pushlab.accel build)"
    return "pure (no compiled build: python -m pushlab.accel build)"
