"""Compile the accelerator's modules with Cython: ``python -m pushlab.accel build``.

Each module of :data:`pushlab.accel.MODULES` is copied, unchanged (with its ``.pxd`` from
``pushlab/accel/pxd/`` if there is one), into a scratch package tree, turned into C by
Cython and compiled by the C compiler Python was built with, in parallel (one process per
module, the largest first); the result is stored in :func:`pushlab.accel.cache_dir` under a
name carrying the hash of what it was built from. A module whose build is already there is
not built again, so a second build of unchanged sources costs nothing.

Nothing here is needed to use pushlab: without Cython, without a C compiler or Python's
headers, or when a module fails to compile (say a ``.pxd`` no longer matches its ``.py``),
the build says why and that module stays pure Python; only ``--strict`` makes that an error.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import sysconfig
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

import pushlab.accel as accel


def _cpu() -> float:
    """CPU seconds of this process and its finished children (the C compiler)."""
    try:
        import resource
    except ImportError:                              # not on Windows: this process only
        return time.process_time()
    return time.process_time() + resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def missing() -> str | None:
    """Why this machine cannot build (no Cython, no C compiler, no Python headers), or None."""
    if importlib.util.find_spec("Cython") is None:
        return "Cython is not installed (pip install 'pushlab[fast]')"
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]   # as setuptools
    if shutil.which(cc) is None:
        return f"no C compiler ({cc} not found)"
    include = sysconfig.get_paths()["include"]
    if not os.path.isfile(os.path.join(include, "Python.h")):
        return f"no Python headers ({include}/Python.h; e.g. apt-get install python3-dev)"
    return None


def sources() -> dict:
    """{module name: its source file}, found as Python would import it (without compiled builds)."""
    out = {}
    for name in accel.MODULES:
        parent, _, last = name.rpartition(".")
        spec = importlib.util.find_spec(parent)
        for directory in spec.submodule_search_locations:
            path = os.path.join(directory, last + ".py")
            if os.path.isfile(path):
                out[name] = path
                break
    return out


def _compile(name: str, source: bytes, target: str, scratch: str) -> dict:
    """Build one module (in a worker process): {"module", "ok", "seconds", "cpu", "error"}
    (``cpu``: Cython's and the C compiler's CPU seconds)."""
    t0 = time.perf_counter()
    c0 = _cpu()
    stage = tempfile.mkdtemp(prefix=name + "-", dir=scratch)
    logpath = os.path.join(stage, "build.log")
    try:
        *packages, last = name.split(".")
        directory = stage
        for part in packages:                       # the package tree Cython names modules by
            directory = os.path.join(directory, part)
            os.makedirs(directory, exist_ok=True)
            open(os.path.join(directory, "__init__.py"), "w").close()
        with open(os.path.join(directory, last + ".py"), "wb") as f:
            f.write(source)
        if os.path.isfile(accel.pxd_path(name)):
            shutil.copyfile(accel.pxd_path(name), os.path.join(directory, last + ".pxd"))
        os.chdir(stage)                              # tracebacks name pushlab/rummy/....py
        with open(logpath, "w") as log, contextlib.redirect_stdout(log), contextlib.redirect_stderr(log):
            fd1, fd2 = os.dup(1), os.dup(2)
            os.dup2(log.fileno(), 1)
            os.dup2(log.fileno(), 2)
            try:
                from Cython.Build import cythonize
                from setuptools import Distribution, Extension

                ext = Extension(name, [os.path.join(*packages, last + ".py")],
                                extra_compile_args=[] if os.name == "nt" else list(accel.CFLAGS))
                exts = cythonize([ext], compiler_directives=accel.DIRECTIVES, quiet=True, force=True)
                dist = Distribution({"ext_modules": exts, "script_name": "setup.py"})
                cmd = dist.get_command_obj("build_ext")
                cmd.build_lib, cmd.build_temp = os.path.join(stage, "lib"), os.path.join(stage, "tmp")
                cmd.ensure_finalized()
                cmd.run()
                built = cmd.get_ext_fullpath(name)
            finally:
                os.dup2(fd1, 1)
                os.dup2(fd2, 2)
                os.close(fd1)
                os.close(fd2)
        tmp = f"{target}.{os.getpid()}.tmp"
        shutil.copyfile(built, tmp)
        os.replace(tmp, target)                      # atomic: a reader sees all or nothing
        return {"module": name, "ok": True, "seconds": time.perf_counter() - t0, "cpu": _cpu() - c0,
                "error": None}
    except BaseException as exc:                     # noqa: BLE001 (a failed build: report it)
        try:
            with open(logpath, encoding="utf-8", errors="replace") as f:
                tail = [line.rstrip() for line in f if line.strip()][-6:]
        except OSError:
            tail = []
        error = "\n".join([f"{type(exc).__name__}: {exc}", *tail])
        return {"module": name, "ok": False, "seconds": time.perf_counter() - t0, "cpu": None, "error": error}


def build(modules=None, jobs: int | None = None, echo=print) -> dict:
    """Build the modules (default: all of :data:`~pushlab.accel.MODULES`) not yet built from
    their current source. ``{"built": [...], "up_to_date": [...], "failed": {name: why},
    "missing": why the machine cannot build or None, "seconds": wall, "cpu": {name: CPU-s}}``."""
    t0 = time.perf_counter()
    out = {"built": [], "up_to_date": [], "failed": {}, "missing": None, "cache": accel.cache_dir(),
           "cpu": {}}
    paths = sources()
    todo = []
    for name in modules or accel.MODULES:
        with open(paths[name], "rb") as f:
            source = f.read()
        target = accel.compiled_path(name, source)
        if os.path.isfile(target):
            out["up_to_date"].append(name)
        else:
            todo.append((name, source, target))
    if todo:
        why = missing()
        if why:
            out["missing"] = why
            echo(f"pushlab.accel: not built: {why}. pushlab runs as pure Python.")
            out["seconds"] = time.perf_counter() - t0
            return out
        os.makedirs(out["cache"], exist_ok=True)
        todo.sort(key=lambda t: -len(t[1]))          # the largest first: they take the longest
        jobs = max(1, min(jobs or _cores(), len(todo)))
        echo(f"pushlab.accel: compiling {len(todo)} module(s) on {jobs} process(es) into {out['cache']}")
        with tempfile.TemporaryDirectory(prefix="pushlab-accel-") as scratch, \
                ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_compile, name, source, target, scratch) for name, source, target in todo]
            for fut in futures:
                r = fut.result()
                if r["ok"]:
                    out["built"].append(r["module"])
                    out["cpu"][r["module"]] = r["cpu"]
                    echo(f"  {r['module']}: compiled in {r['seconds']:.1f} s ({r['cpu']:.1f} CPU-s)")
                else:
                    out["failed"][r["module"]] = r["error"]
                    echo(f"  {r['module']}: NOT compiled, stays pure Python:\n    "
                         + r["error"].replace("\n", "\n    "))
    accel._LISTING.clear()
    out["seconds"] = time.perf_counter() - t0
    if out["up_to_date"]:
        echo(f"pushlab.accel: {len(out['up_to_date'])} module(s) already compiled from their current source")
    return out


def clean(stale_only: bool = False) -> list:
    """Remove the compiled modules from the cache (only those of other sources with
    ``stale_only``); the removed file names."""
    directory = accel.cache_dir()
    keep = set()
    if stale_only:
        for name, path in sources().items():
            with open(path, "rb") as f:
                keep.add(os.path.basename(accel.compiled_path(name, f.read())))
    removed = []
    for f in sorted(os.listdir(directory)) if os.path.isdir(directory) else []:
        if f.startswith("pushlab.") and f not in keep and (f.endswith(accel.EXT_SUFFIX) or f.endswith(".tmp")):
            os.remove(os.path.join(directory, f))
            removed.append(f)
    accel._LISTING.clear()
    return removed
