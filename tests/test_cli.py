"""The ``pushlab`` command line: ``pushlab serve`` builds the right Voilà command.

No server is started here (the browser tests do that); ``os.execv`` is replaced
by a recorder.
"""

import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from pushlab import PushlabError, cli
from pushlab.serving import template_root, voila_options

REPO = Path(__file__).resolve().parents[1]


def run_cli(*args):
    """Run ``python -m pushlab.cli ARGS`` and return the completed process."""
    return subprocess.run([sys.executable, "-m", "pushlab.cli", *args], capture_output=True, text=True, timeout=60)


def test_serve_help_works():
    """``pushlab serve --help`` documents the port and --no-browser."""
    out = run_cli("serve", "--help")
    assert out.returncode == 0, out.stderr
    assert "--port" in out.stdout and "--no-browser" in out.stdout and "8866" in out.stdout


def test_console_script_is_installed():
    """The ``pushlab`` console script sits beside the interpreter and runs."""
    script = Path(sys.executable).with_name("pushlab")
    if not script.exists():
        pytest.skip(f"no console script at {script} (package not installed with pip install -e .)")
    out = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "serve" in out.stdout


def test_no_command_is_an_error():
    """Plain ``pushlab`` prints usage and fails."""
    out = run_cli()
    assert out.returncode == 2 and "usage" in out.stderr


def test_voila_argv_for_readers():
    """Fixed host and port, no port hopping, sources stripped, tracebacks hidden, server-rendered tree."""
    argv = cli.voila_argv(Path("/x/notebooks"), port=8866, open_browser=True, python="/venv/bin/python")
    assert argv[:4] == ["/venv/bin/python", "-m", "pushlab.room", "/x/notebooks"]
    assert set(argv[4:]) == {
        "--port=8866",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        "--strip_sources=True",
        "--show_tracebacks=False",
        "--VoilaConfiguration.classic_tree=True",
        "--Voila.open_browser=True",
    }
    assert "--Voila.open_browser=False" in cli.voila_argv("nb", open_browser=False)
    assert cli.voila_argv("nb")[0] == sys.executable


@pytest.mark.parametrize("port", [0, -1, 70000, "8866", 8866.0, True])
def test_voila_argv_rejects_bad_ports(port):
    """A port outside 1..65535 or not an int is a domain error naming it."""
    with pytest.raises(PushlabError, match="port"):
        cli.voila_argv("nb", port=port)


def free_port():
    """A port that is free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ExecCalls(list):
    """The (path, argv) of each exec, and ``env`` of the last one."""

    env = None


@pytest.fixture
def execv(monkeypatch):
    """Record what ``os.execve`` would run instead of running it; never start a process.

    The environment of the last call is kept in ``calls.env``."""
    calls = ExecCalls()

    def execve(path, argv, env):
        calls.append((path, list(argv)))
        calls.env = env

    monkeypatch.setattr(cli.os, "execve", execve)
    monkeypatch.setattr(cli.os, "name", "posix")

    def no_subprocess(*args, **kwargs):
        raise AssertionError("pushlab serve must exec Voilà on POSIX, not start a child")

    monkeypatch.setattr(cli.subprocess, "call", no_subprocess)
    return calls


def test_main_serve_execs_voila_on_the_notebooks(execv, capsys):
    """``pushlab serve --port P --no-browser`` prints the URL and execs Voilà on notebooks/."""
    port = free_port()
    assert cli.main(["serve", "--port", str(port), "--no-browser", "--notebooks", str(REPO / "notebooks")]) == 0
    [(path, argv)] = execv
    assert path == sys.executable == argv[0]
    folder = (REPO / "notebooks").resolve()
    assert argv == (cli.voila_argv(folder, port=port, open_browser=False)
                    + voila_options(folder, pool=0))
    assert f"http://127.0.0.1:{port}/" in capsys.readouterr().out
    assert execv.env["JUPYTER_PATH"].startswith(str(template_root()))
    assert "--preheat_kernel=True" not in argv


def test_main_serve_pool_preheats_the_play_apps_only(execv, capsys):
    """``--pool 3``: three warm kernels for each play app and none for anything else (a class
    opening 02 does not wait for kernels of every lesson)."""
    port = free_port()
    assert cli.main(["serve", "--port", str(port), "--no-browser", "--pool", "3",
                     "--notebooks", str(REPO / "notebooks")]) == 0
    [(_, argv)] = execv
    assert "--preheat_kernel=True" in argv and "--pool_size=0" in argv
    assert _pools(argv) == {"default": {"pool_size": 0}, "02-play-push-your-luck.ipynb": {"pool_size": 3},
                            "06-play-push-rummy.ipynb": {"pool_size": 3}}
    assert "--KernelManager.transport=ipc" in argv and "(6 in all)" in capsys.readouterr().out


def test_main_serve_apps_chooses_what_the_pool_warms(execv, capsys):
    """``--pool 30 --apps 02``: 30 kernels, not 86; ``--apps`` takes numbers, names or all."""
    notebooks = str(REPO / "notebooks")
    assert cli.main(["serve", "--port", str(free_port()), "--no-browser", "--pool", "30", "--apps", "02",
                     "--notebooks", notebooks]) == 0
    assert _pools(execv[-1][1]) == {"default": {"pool_size": 0}, "02-play-push-your-luck.ipynb": {"pool_size": 30}}
    assert cli.main(["serve", "--port", str(free_port()), "--no-browser", "--pool", "1", "--apps",
                     "01-push-your-luck-rules,05", "--notebooks", notebooks]) == 0
    assert sorted(_pools(execv[-1][1])) == ["01-push-your-luck-rules.ipynb", "05-rummy-rules.ipynb", "default"]
    assert cli.main(["serve", "--no-browser", "--pool", "1", "--apps", "99", "--notebooks", notebooks]) == 2
    assert "--apps: no single lesson '99'" in capsys.readouterr().err


def test_main_serve_for_a_room_needs_a_class_code(execv, capsys):
    """``--host 0.0.0.0``: a warning, a random class code, the join address and a QR code;
    Jupyter Server's token identity provider with the code; ``--code`` names the code."""
    port = free_port()
    assert cli.main(["serve", "--host", "0.0.0.0", "--port", str(port), "--pool", "2", "--apps", "02",
                     "--notebooks", str(REPO / "notebooks")]) == 0
    [(_, argv)] = execv
    out = capsys.readouterr().out
    [token] = [a.split("=", 1)[1] for a in argv if a.startswith("--Voila.token=")]
    assert len(token) == 6 and f"class code {token}" in out and "WARNING" in out
    assert "--Voila.ip=0.0.0.0" in argv and "--Voila.open_browser=False" in argv
    assert "--Voila.identity_provider_class=pushlab.room.ClassCodeIdentityProvider" in argv
    assert f"/voila/render/02-play-push-your-luck.ipynb?token={token}" in out and "\u2588" in out   # QR
    assert cli.main(["serve", "--host", "127.0.0.1", "--code", "ab12-cd", "--port", str(free_port()),
                     "--notebooks", str(REPO / "notebooks")]) == 0
    assert "--Voila.token=AB12CD" in execv[-1][1]
    assert cli.main(["serve", "--code", "x!", "--notebooks", str(REPO / "notebooks")]) == 2
    assert "class code" in capsys.readouterr().err
    assert cli.main(["serve", "--notebooks", str(REPO / "notebooks"), "--port", str(free_port())]) == 0
    assert not [a for a in execv[-1][1] if a.startswith("--Voila.token")]     # this computer only: no code


def _pools(argv) -> dict:
    """The kernel_pools_config that ``pushlab serve`` gave Voilà."""
    [pools] = [a.split("=", 1)[1] for a in argv if a.startswith("--VoilaKernelManager.kernel_pools_config=")]
    return json.loads(pools)


def test_main_serve_pool_goes_to_the_class_language(execv, capsys, tmp_path):
    """``--lang cs``: the Czech copies of the play apps get the pool, nothing else."""
    for name in ("02-play-push-your-luck.ipynb", "03-push-your-luck-probability.ipynb"):
        for folder in (tmp_path, tmp_path / "cs", tmp_path / "et"):
            folder.mkdir(exist_ok=True)
            shutil.copy(REPO / "notebooks" / name, folder / name)
    assert cli.main(["serve", "--port", str(free_port()), "--no-browser", "--pool", "4",
                     "--lang", "cs", "--notebooks", str(tmp_path)]) == 0
    pools = _pools(execv[0][1])
    assert pools == {"default": {"pool_size": 0}, "cs/02-play-push-your-luck.ipynb": {"pool_size": 4}}
    assert "čeština" in capsys.readouterr().out


def test_main_serve_refuses_an_unknown_language(execv, capsys):
    assert cli.main(["serve", "--pool", "2", "--lang", "xx", "--notebooks", str(REPO / "notebooks")]) == 2
    assert execv == [] and "unknown language 'xx'" in capsys.readouterr().err


def test_main_serve_rejects_a_negative_pool(execv, capsys):
    assert cli.main(["serve", "--pool", "-1", "--notebooks", str(REPO / "notebooks")]) == 2
    assert execv == [] and "pool" in capsys.readouterr().err


def test_the_pushlab_template_is_found_by_voila():
    """The page template exists where JUPYTER_PATH points, and extends Voilà's lab template."""
    folder = template_root() / "voila" / "templates" / "pushlab"
    assert json.loads((folder / "conf.json").read_text())["base_template"] == "lab"
    assert "extends 'lab/index.html.j2'" in (folder / "index.html.j2").read_text()


def test_main_serve_defaults(execv, monkeypatch):
    """Defaults: port 8866, browser opened (where there is a display), ./notebooks."""
    monkeypatch.chdir(REPO)
    monkeypatch.setattr(cli, "port_is_free", lambda port, host=cli.HOST: True)
    monkeypatch.setenv("DISPLAY", ":0")
    cli.main(["serve"])
    [(_, argv)] = execv
    assert "--port=8866" in argv and "--Voila.open_browser=True" in argv
    assert argv[3] == str((REPO / "notebooks").resolve())


def test_main_serve_opens_no_browser_without_a_display(execv, monkeypatch):
    """On a Linux server (no DISPLAY/WAYLAND_DISPLAY) no browser is started."""
    monkeypatch.setattr(cli, "port_is_free", lambda port, host=cli.HOST: True)
    monkeypatch.setattr(cli.sys, "platform", "linux")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    cli.main(["serve", "--notebooks", str(REPO / "notebooks")])
    [(_, argv)] = execv
    assert "--Voila.open_browser=False" in argv


def test_main_serve_busy_port_is_a_clear_error(execv, capsys):
    """A port already in use is reported, and Voilà is not started."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert cli.main(["serve", "--port", str(port), "--notebooks", str(REPO / "notebooks")]) == 2
    assert execv == []
    assert f"port {port}" in capsys.readouterr().err


def test_main_serve_without_notebooks_is_a_clear_error(execv, tmp_path, capsys):
    """A folder without notebooks is reported, and Voilà is not started."""
    assert cli.main(["serve", "--notebooks", str(tmp_path)]) == 2
    assert execv == []
    assert "no folder of notebooks" in capsys.readouterr().err


def test_find_notebooks_falls_back_to_the_repository(tmp_path, monkeypatch):
    """Outside the repository, the notebooks beside the (editable) package are served."""
    monkeypatch.chdir(tmp_path)
    assert cli.find_notebooks() == (REPO / "notebooks").resolve()


def test_voila_json_matches_the_reader_settings():
    """voila.json (used by plain ``voila`` and by Voilà inside Jupyter/Binder) hides sources and
    tracebacks and serves the server-rendered tree, as ``pushlab serve`` does."""
    config = json.loads((REPO / "voila.json").read_text())
    assert config["VoilaConfiguration"] == {"show_tracebacks": False, "strip_sources": True, "classic_tree": True}
    readers = {a.removeprefix("--").removeprefix("VoilaConfiguration.") for a in cli.voila_argv("nb")}
    assert {f"{k}={v}" for k, v in config["VoilaConfiguration"].items()} == {
        a for a in readers if a.split("=")[0] in config["VoilaConfiguration"]} != set()
    assert config["Voila"] == {"ip": "127.0.0.1", "port": 8866, "port_retries": 0}


# ---------------------------------------------------------------- pushlab simulate


_QUERY_PROBE = "import sys, pushlab.serving as s; print(s.query_string()); print('voila' in sys.modules)"


@pytest.mark.parametrize(("env", "expected"), [
    ({"VOILA_KERNEL_ID": "k1", "VOILA_PREHEAT": "False", "QUERY_STRING": "lang=et&position=x"},
     "lang=et&position=x"),                                   # a kernel Voilà started for one reader
    ({"VOILA_KERNEL_ID": "k1", "VOILA_PREHEAT": "False"}, ""),  # ... who gave no query
    ({"QUERY_STRING": "lang=cs"}, "lang=cs"),                   # plain Python with the variable set
    ({}, ""),                                                  # JupyterLab, tests
])
def test_a_page_kernel_reads_its_query_without_importing_voila(env, expected):
    """Only a preheated kernel asks Voilà (and waits for a reader); a kernel started for a
    request reads ``QUERY_STRING`` as Voilà's ``get_query_string`` would, and never imports
    Voilà (which costs every page view about 2 CPU-s: Jupyter Server and its schemas)."""
    clean = {k: v for k, v in os.environ.items()
             if k not in ("VOILA_KERNEL_ID", "VOILA_PREHEAT", "QUERY_STRING")}
    out = subprocess.run([sys.executable, "-c", _QUERY_PROBE], capture_output=True, text=True,
                         timeout=60, env=dict(clean, **env), check=True).stdout.splitlines()
    assert out == [expected, "False"]


def test_parse_bot_names_and_arguments():
    """``name`` and ``name:arg`` make picklable factories of fresh, named bots."""
    import pickle

    from pushlab.luck.bots import Greedy, StopAfter, StopAtRisk

    known = cli._luck_bots()
    assert cli.parse_bot("stopafter:3", known)() == StopAfter(3)
    assert cli.parse_bot(" StopAtRisk:0.3 ", known)() == StopAtRisk(0.3)
    greedy = cli.parse_bot("greedy", known)
    assert greedy() == Greedy() and greedy() is not greedy()
    assert greedy.name == "Greedy(bank_at=None)"
    assert pickle.loads(pickle.dumps(greedy)) == greedy


@pytest.mark.parametrize(
    "spec, message",
    [("nobot", "unknown bot 'nobot'; known: greedy, hint"), ("greedy:2", "takes no argument"),
     ("stopafter:x", "bad argument in 'stopafter:x'")],
)
def test_parse_bot_errors_name_the_problem(spec, message):
    """Unknown bots and bad arguments are domain errors quoting the spec."""
    with pytest.raises(PushlabError, match=message):
        cli.parse_bot(spec, cli._luck_bots())


def test_simulate_luck_is_the_seeded_tournament():
    """The command plays exactly ``tournament(bots, games, seed)``: same seed, same arrays."""
    from pushlab.luck.bots import Greedy, StopAfter
    from pushlab.tournament import tournament

    result = cli.simulate("luck", ["stopafter:2", "greedy"], games=6, seed=5)
    direct = tournament([StopAfter(2), Greedy()], games=6, seed=5)
    assert result.names == direct.names == ("StopAfter(2, bank_at=None)", "Greedy(bank_at=None)")
    assert (result.scores == direct.scores).all() and (result.wins == direct.wins).all()
    other = cli.simulate("luck", ["stopafter:2", "greedy"], games=6, seed=6)
    assert (other.scores != result.scores).any()


def test_simulate_luck_options_and_processes():
    """Game options reach the games; two worker processes give the same results as one."""
    one = cli.simulate("luck", ["random", "stopafter:1"], games=4, seed=2, harder=True)
    two = cli.simulate("luck", ["random", "stopafter:1"], games=4, seed=2, harder=True, workers=2)
    assert (one.scores == two.scores).all()
    plain = cli.simulate("luck", ["random", "stopafter:1"], games=4, seed=2)
    assert one.games == plain.games == 4


def test_simulate_rummy_is_the_seeded_partnership_match():
    """Rummy pits two partnerships (bots a, b, a, b), like ``rummy.bots.compare``."""
    from pushlab.rummy.bots import HeuristicBot, RandomBot, compare

    result = cli.simulate("rummy", ["heuristic", "random"], games=2, seed=3, deals="1")
    direct = compare(HeuristicBot, RandomBot, games=2, seed=3, deals=(1,))
    assert (result.scores == direct.scores).all() and result.scores.shape == (2, 4)


@pytest.mark.parametrize(
    "game, bots, kwargs, message",
    [
        ("luck", ["greedy"], {}, "2 to 6 bots"),
        ("luck", ["greedy"] * 7, {}, "2 to 6 bots"),
        ("rummy", ["random"], {}, "needs 2 bots"),
        ("rummy", ["random", "random"], {"deals": "1,6"}, "deals must be numbers 1-5"),
        ("poker", ["random", "random"], {}, "unknown game 'poker'"),
        ("luck", ["greedy", "greedy"], {"games": 0}, "games must be a positive integer"),
        ("luck", ["greedy", "greedy"], {"workers": 0}, "workers must be a positive integer"),
    ],
)
def test_simulate_errors_name_the_problem(game, bots, kwargs, message):
    """Bad requests are domain errors, raised before any game is played."""
    with pytest.raises(PushlabError, match=message):
        cli.simulate(game, bots, **kwargs)


def test_main_simulate_prints_a_table(capsys):
    """``pushlab simulate luck stopafter:2 greedy`` prints one row per bot with CIs."""
    assert cli.main(["simulate", "luck", "stopafter:2", "greedy", "--games", "5", "--seed", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "pushlab simulate luck: 5 games, seed 1"
    assert out[2].startswith("StopAfter(2, bank_at=None)") and out[3].startswith("Greedy(bank_at=None)")
    assert "[95% CI]" in out[1] and out[2].endswith("%]")


def test_main_simulate_rummy_rejects_luck_options(capsys):
    """--harder belongs to the luck game: a clear error, exit status 2."""
    assert cli.main(["simulate", "rummy", "heuristic", "random", "--harder"]) == 2
    assert "options of the luck game" in capsys.readouterr().err


def test_main_simulate_luck_switch_rule(capsys):
    """--switch-rule game plays the lasting reading of rule 10; other games refuse it."""
    args = ["simulate", "luck", "stopafter:2", "stopafter:4", "greedy", "--games", "6", "--seed", "2"]
    assert cli.main(args) == 0
    turn = capsys.readouterr().out
    assert cli.main(args + ["--switch-rule", "game"]) == 0
    game = capsys.readouterr().out
    assert game.splitlines()[0] == turn.splitlines()[0] and game != turn
    assert cli.main(["simulate", "rummy", "heuristic", "random", "--switch-rule", "game"]) == 2
    assert "options of the luck game" in capsys.readouterr().err


def _helps():
    """The help text of ``pushlab`` and of each of its commands, as argparse prints it."""
    parser = cli.build_parser()
    [commands] = [a for a in parser._actions if isinstance(a, __import__("argparse")._SubParsersAction)]
    return {"pushlab": parser.format_help(), **{name: p.format_help() for name, p in commands.choices.items()}}


def test_every_command_help_prints_percent_signs_once():
    """No "%%" in any help (argparse %-formats an option's help, not a description), no
    unfilled "%(...)" and no stray "None" default; "95%" where the text means it."""
    helps = _helps()
    assert set(helps) >= {"pushlab", "serve", "lessons", "lab", "simulate", "soak", "search"}
    for name, text in helps.items():
        assert "%%" not in text and "%(" not in text and "(default None)" not in text, name
    flat = {name: " ".join(text.split()) for name, text in helps.items()}
    assert "95% confidence" in flat["simulate"] and "win rates with 95% intervals" in flat["search"]


def test_format_result_shows_differences_and_no_zero_width_rates():
    """A one-sided 20-game rummy: Wilson rates (not [100%, 100%]) and the paired difference."""
    import re

    from pushlab.rummy.bots import HeuristicBot, NeverPushBot, compare

    res = compare(HeuristicBot, NeverPushBot, games=4, seed=0, deals=(1,))
    lines = cli.format_result(res, "rummy").splitlines()
    assert lines[3] == "difference (paired: same games)" and " - " in lines[4]
    for low, high in re.findall(r"\[([-+]?[\d.]+)%, ([-+]?[\d.]+)%\]", "\n".join(lines)):
        assert float(low) < float(high)
    one = cli.format_result(cli.simulate("luck", ["stopafter:2", "greedy"], games=1), "luck")
    assert "not enough games" in one


def test_main_search_writes_results_the_lesson_can_load(tmp_path, capsys):
    from pushlab.luck.search import find, load_results, search, Family

    out = tmp_path / "res.json"
    argv = ["search", "--players", "2", "--variant", "harder", "--games", "8", "--chunk", "8",
            "--stop", "after 3", "--stop", "after 6", "--bank", "never", "--endgame", "none",
            "--rounds", "2", "--seed", "4", "--quiet", "--out", str(out)]
    assert cli.main(argv) == 0
    printed = capsys.readouterr().out
    assert "2 players, harder game" in printed and f"wrote 1 result(s) to {out}" in printed
    results = load_results(out)
    assert results.command == "pushlab " + " ".join(argv)
    again = search(2, harder=True, family=Family(stop=("after 3", "after 6"), bank=(None,),
                                                 endgame=()), games=8, chunk=8, seed=4, max_rounds=2)
    assert find(results, 2, harder=True) == again


@pytest.mark.parametrize("argv, message", [
    (["--players", "1-3"], "players must be 2 to 6"),
    (["--players", "x"], "players must be like"),
    (["--games", "7", "--players", "2"], "multiple of the players"),
    (["--stop", "after x"], "not a stop rule"),
    (["--workers", "0"], "workers"),
])
def test_main_search_errors_name_the_problem(argv, message, tmp_path, capsys):
    assert cli.main(["search", "--quiet", "--out", str(tmp_path / "x.json"), *argv]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()
