"""scripts/load_bench.py: each class run's figures are printed and saved under its own app,
the one-button baseline first and the apps in the order given (a cheap test: no server)."""

import importlib.util
import json
from concurrent.futures import ThreadPoolExecutor
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))
_spec = importlib.util.spec_from_file_location("load_bench", REPO / "scripts" / "load_bench.py")
load_bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(load_bench)

CPU = {load_bench.BASELINE: 0.5, "02-play-push-your-luck": 1.0, "06-play-push-rummy": 2.0,
       "05-rummy-rules": 1.5}


def run_main(argv):
    """``load_bench.main`` in a thread of its own: it calls ``asyncio.run``, which refuses to
    start where a loop is already running (a session's Playwright browser, under xdist)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(load_bench.main, argv).result()


async def fake_class_run(app, readers, browsers, pool, cpus, timeout, baseline=False):
    assert baseline == (app == load_bench.BASELINE)
    assert browsers == (0 if baseline else 2)
    return {"app": app, "readers": readers, "browsers": browsers, "pool": pool, "server_cpus": cpus,
            "load_before": "1.0", "load_after": "1.0", "warm_up_s": 1.0, "peak_memory_mb": 100,
            "rendered": readers, "moved": readers, "median_interactive_s": 0.1, "max_interactive_s": 0.2,
            "protocol_median_interactive_s": 0.1, "chromium_median_interactive_s": 0.3, "median_move_s": 0.05,
            "widgets": int(CPU[app] * 100), "state_bytes": 1000, "cpu_s_per_view": CPU[app],
            "kernel_rss_mb": 80, "failures": []}


def test_runs_are_reported_under_their_own_app_baseline_first(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(load_bench, "class_run", fake_class_run)
    apps = ["06-play-push-rummy", "02-play-push-your-luck", "05-rummy-rules"]
    out = tmp_path / "r.json"
    assert run_main([*apps, "--readers", "4", "--reader-cpus", "", "--json", str(out)]) == 0
    saved = json.loads(out.read_text())
    assert [r["app"] for r in saved] == [load_bench.BASELINE, *apps]
    assert all(r["cpu_s_per_view"] == CPU[r["app"]] for r in saved)
    lines = [ln for ln in capsys.readouterr().out.splitlines() if ln.strip()]
    assert [ln.split()[0] for ln in lines] == [load_bench.BASELINE, *apps]
    for line, app in zip(lines, [load_bench.BASELINE, *apps]):
        assert f"server CPU {CPU[app]} s/view" in line and f"{int(CPU[app] * 100)} widgets" in line
        ratio = f"{CPU[app] / CPU[load_bench.BASELINE]:.1f}x one-button"
        assert (ratio in line) == (app != load_bench.BASELINE)


def test_no_baseline_keeps_the_order_given(monkeypatch, capsys):
    monkeypatch.setattr(load_bench, "class_run", fake_class_run)
    apps = ["06-play-push-rummy", "02-play-push-your-luck"]
    assert run_main([*apps, "--no-baseline", "--reader-cpus", ""]) == 0
    lines = capsys.readouterr().out.split("\n")
    assert [ln.split()[0] for ln in lines if ln.strip()] == apps
    assert "one-button" not in "".join(lines)
