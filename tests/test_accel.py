"""The optional compiled accelerator (pushlab.accel, issue 24): the pure-Python modules are the
reference, and the compiled ones must play exactly as they do.

The comparison runs the same seeded play, the same advice and the doctest collection in two
fresh interpreters, one forced pure (``PUSHLAB_PURE=1``) and one with the compiled build,
and wants identical output. It needs the build: the fixture makes it (``make test`` has made
it already, so that costs nothing; a first build is about one CPU-minute) and skips only
when this machine cannot compile (no Cython, no C compiler or no Python headers).
Cost: about 5 s (two interpreters, each playing six matches and advising on two positions);
the other tests take milliseconds, the broken-.pxd one about 2 s (Cython stops at the error).
"""

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pushlab import accel
from pushlab.accel import build as accel_build

REPO = Path(__file__).resolve().parents[1]

# Every bot mix of tests/test_rummy_replay.py once, and advice on two positions; the doctests
# each module's DocTestFinder collects (so a compiled module loses none and doubles none).
COMPARE = r"""
import doctest, importlib, json, os, sys
sys.path.insert(0, "tests")
import pushlab.rummy
from pushlab import accel
from test_rummy_replay import RECORDED, play
from pushlab.bench.rummy import advise_estimates, advise_positions

seen, replays = set(), []
for bots, seed, *_ in RECORDED:
    if bots not in seen:
        seen.add(bots)
        replays.append([bots, seed, *play(bots, seed)])
_, _, advice = advise_estimates(advise_positions(2, 0))
doctests = {}
for name in accel.MODULES:
    mod = importlib.import_module(name)
    doctests[name] = sorted((t.name, len(t.examples)) for t in doctest.DocTestFinder().find(mod) if t.examples)
# built with its .pxd: cdef helpers are no module attributes, ExtraSearch is an extension type
from pushlab.rummy.finder import extra
typed = {"cdef_helpers_hidden": not hasattr(extra, "_short") and not hasattr(extra, "_run_card"),
         "extension_type": not hasattr(extra.ExtraSearch("5H 6H 7H"), "__dict__"),
         "pxd": sorted(n for n in accel.MODULES if os.path.isfile(accel.pxd_path(n)))}
print(json.dumps({"status": accel.status(), "replays": replays, "advice": repr(advice),
                  "doctests": doctests, "typed": typed}))
"""


def run_compare(pure: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PUSHLAB_PURE"}
    if pure:
        env["PUSHLAB_PURE"] = "1"
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])])
    out = subprocess.run([sys.executable, "-c", COMPARE], cwd=REPO, env=env, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def compiled():
    """The compiled build of the current sources (made if missing); skips where none can be made."""
    why = accel_build.missing()
    if why:
        pytest.skip(f"the accelerator cannot be built here: {why}")
    out = accel_build.build(echo=lambda *a: None)
    assert not out["failed"], f"modules that did not compile: {out['failed']}"
    return out


def test_compiled_and_pure_play_advise_and_doctest_alike(compiled):
    """Same seeds, same moves, scores and advice estimates, same doctests; the one really compiled."""
    pure, fast = run_compare(pure=True), run_compare(pure=False)
    assert set(fast["status"]["modules"].values()) == {"compiled"}, fast["status"]
    assert set(pure["status"]["modules"].values()) == {"forced pure"}, pure["status"]
    assert fast["replays"] == pure["replays"] and len(pure["replays"]) == 6
    assert fast["advice"] == pure["advice"]
    assert fast["doctests"] == pure["doctests"]
    # the compiled build used the typed declarations (pushlab/accel/pxd/); pure Python did not
    assert len(fast["typed"]["pxd"]) >= 4, fast["typed"]
    assert fast["typed"]["cdef_helpers_hidden"] and fast["typed"]["extension_type"], fast["typed"]
    assert not pure["typed"]["cdef_helpers_hidden"] and not pure["typed"]["extension_type"]
    assert sum(len(d) for d in pure["doctests"].values()) > 40     # the finder saw the doctests


def source_of(name):
    return Path(accel_build.sources()[name])


def test_a_build_of_other_sources_is_never_loaded(tmp_path, monkeypatch):
    """Only a build whose name carries the hash of the current source is used; one of an edited
    source is reported stale and the .py runs, as it does when the compiled file does not load;
    PUSHLAB_PURE forces the source, all or by name."""
    monkeypatch.setenv("PUSHLAB_ACCEL_DIR", str(tmp_path))
    monkeypatch.delenv("PUSHLAB_PURE", raising=False)
    monkeypatch.setattr(accel, "_LISTING", {})
    monkeypatch.setattr(accel, "_CHOICES", {})
    name, src = "pushlab.rummy.cards", source_of("pushlab.rummy.cards")
    assert accel.choose(name, str(src))["state"] == "pure"
    old = accel.compiled_path(name, src.read_bytes() + b"\n# an edit\n")
    Path(old).write_bytes(b"not a module")
    monkeypatch.setattr(accel, "_LISTING", {})
    assert accel.choose(name, str(src)) == {"state": "stale", "source": str(src), "compiled": None}
    spec = accel.Finder().find_spec(name, [str(src.parent)])
    assert spec.origin == str(src) and type(spec.loader).__name__ == "SourceFileLoader"
    current = accel.compiled_path(name, src.read_bytes())
    Path(current).write_bytes(b"not a module either")
    assert accel.choose(name, str(src))["compiled"] == current
    spec = accel.Finder().find_spec(name, [str(src.parent)])
    assert spec.origin == current
    # a compiled file that does not load: the module runs from its source (not put in sys.modules)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.parse_cards("7H JK")[1].is_joker and module.__file__ == str(src)
    assert accel._CHOICES[name]["state"] == "failed"
    monkeypatch.setenv("PUSHLAB_PURE", "pushlab.rummy.game, pushlab.rummy.cards")
    assert accel.choose(name, str(src))["state"] == "forced pure"
    assert accel.forced_pure() == {"pushlab.rummy.game", "pushlab.rummy.cards"}
    monkeypatch.setenv("PUSHLAB_PURE", "1")
    assert accel.forced_pure() == set(accel.MODULES)
    assert accel.Finder().find_spec("pushlab.rummy.odds", [str(src.parent)]) is None   # not ours


def test_a_pxd_or_source_change_changes_the_hash(tmp_path, monkeypatch):
    name, src = "pushlab.rummy.encoding", source_of("pushlab.rummy.encoding").read_bytes()
    before = accel.source_key(name, src)
    assert accel.source_key(name, src + b" ") != before
    monkeypatch.setattr(accel, "PXD_DIR", str(tmp_path))
    (tmp_path / f"{name}.pxd").write_text("cdef int x\n")
    assert accel.source_key(name, src) != before


def test_without_cython_or_compiler_the_build_says_why_and_builds_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("PUSHLAB_ACCEL_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(accel_build, "missing", lambda: "no C compiler (cc not found)")
    said = []
    out = accel_build.build(echo=said.append)
    assert out["missing"] == "no C compiler (cc not found)" and not out["built"]
    assert "pure Python" in said[0] and not (tmp_path / "cache").exists()


def test_missing_names_what_the_machine_lacks(monkeypatch):
    monkeypatch.setenv("CC", "no-such-compiler-here")
    assert accel_build.missing() in ("Cython is not installed (pip install 'pushlab[fast]')",
                                     "no C compiler (no-such-compiler-here not found)")


def test_the_summary_says_what_runs(monkeypatch):
    """The line every benchmark figure carries."""
    monkeypatch.delenv("PUSHLAB_PURE", raising=False)
    states = dict.fromkeys(accel.MODULES, "compiled")
    states.update({"pushlab.rummy.game": "stale", "pushlab.rummy.cards": "failed"})
    monkeypatch.setattr(accel, "_CHOICES", {n: {"state": st} for n, st in states.items()})
    assert accel.summary() == "compiled: 8 of 10 modules (1 failed, 1 stale)"
    monkeypatch.setattr(accel, "_CHOICES", {n: {"state": "stale"} for n in accel.MODULES})
    assert accel.summary().startswith("pure (the compiled build is of other sources")
    monkeypatch.setenv("PUSHLAB_PURE", "1")
    monkeypatch.setattr(accel, "_CHOICES", {n: {"state": "forced pure"} for n in accel.MODULES})
    assert accel.summary() == "pure (PUSHLAB_PURE)"


def test_a_pxd_that_no_longer_matches_leaves_that_module_pure(tmp_path, monkeypatch):
    """A broken .pxd fails that module's build with Cython's message; nothing is stored."""
    if accel_build.missing():
        pytest.skip(f"the accelerator cannot be built here: {accel_build.missing()}")
    name = "pushlab.rummy.encoding"
    monkeypatch.setattr(accel, "PXD_DIR", str(tmp_path))
    # as if value_index(suit, value) had lost an argument in the .py since the .pxd was written
    (tmp_path / f"{name}.pxd").write_text("cpdef int value_index(int suit, int value, int joker)\n")
    target = tmp_path / "out.so"
    cwd = os.getcwd()
    try:
        r = accel_build._compile(name, source_of(name).read_bytes(), str(target), str(tmp_path))
    finally:
        os.chdir(cwd)
    assert not r["ok"] and "pushlab/rummy/encoding.py" in r["error"] and not target.exists()
