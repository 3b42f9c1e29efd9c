"""The benchmark package: sections export their benchmarks and never import the runner."""

import json
import subprocess
import sys

import pytest

import pushlab.bench.__main__ as runner
from pushlab.bench.common import Config


def test_sections_do_not_import_the_runner():
    code = ("import sys, pushlab.bench.luck, pushlab.bench.rummy; "
            "print([m for m in sys.modules if m.startswith('pushlab.bench')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = eval(out.stdout)
    assert "pushlab.bench.__main__" not in loaded
    assert {"pushlab.bench.luck", "pushlab.bench.rummy"} <= set(loaded)


@pytest.mark.parametrize("section", sorted(runner.SECTIONS))
def test_every_section_exports_callables(section):
    benches = runner.benchmarks(section)
    assert benches and all(callable(f) for f in benches.values())


def test_run_reports_results_and_errors(monkeypatch, capsys):
    def ok(cfg):
        return {"n": cfg.size(10, 1)}

    def broken(cfg):
        raise RuntimeError("boom")

    monkeypatch.setitem(runner.SECTIONS, "luck", "fake")
    monkeypatch.setattr(runner, "benchmarks", lambda s: {"ok": ok, "broken": broken})
    assert runner.main(["luck", "--quick", "--seed", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["config"] == {"quick": True, "seed": 3}
    assert out["luck"]["ok"]["n"] == 1
    assert out["luck"]["broken"]["error"] == "RuntimeError: boom"
    assert runner.run([], Config())["machine"]["cpus"] >= 1


def test_only_runs_the_named_benchmarks(monkeypatch, capsys):
    monkeypatch.setitem(runner.SECTIONS, "luck", "fake")
    monkeypatch.setattr(runner, "benchmarks", lambda s: {"a": lambda cfg: {"x": 1},
                                                         "b": lambda cfg: {"x": 2}})
    assert runner.main(["luck", "--only", "b"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out["luck"]) == ["b"] and len(out["machine"]["load_after"]) == 3
    with pytest.raises(SystemExit, match="unknown benchmark"):
        runner.main(["luck", "--only", "c"])
