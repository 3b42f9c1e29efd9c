"""The ``pushlab`` command: serve the lessons with Voilà, pit bots against each other.

``pushlab serve`` runs Voilà on the lessons, bound to 127.0.0.1 on a fixed
port (8866 unless ``--port``), with sources stripped and tracebacks hidden from
readers, and prints the URL to open. The lessons are ``--notebooks DIR``, else
``./notebooks``, else the working tree's ``notebooks/`` (a clone or editable
install), else a per-user copy of the lessons installed with the package.

``pushlab lessons DIR`` copies the lessons into ``DIR`` for a teacher to edit
(never overwriting a file changed there unless ``--force``); ``pushlab lab``
opens JupyterLab on such a copy (needs the ``lab`` extra).

``pushlab search --players 2-6 --variant both --out results.json`` searches a family
of whole-game policies (:mod:`pushlab.luck.search`) with a progress bar, on a process
pool (``--workers``) or a Dask cluster (``--dask``), and writes the results as JSON.

``pushlab simulate luck stopafter:3 greedy --games 200 --seed 1`` plays a
seeded tournament between bots (``pushlab simulate rummy heuristic random``
for the rummy: two partnerships) and prints mean scores and win rates with
95% confidence intervals (Wilson for rates, t for means; see ``pushlab.stats``), and
each bot minus the first with the paired 95% interval of the difference.

``pushlab soak --games 100000 --workers 2`` plays random games of both engines,
checking every invariant after every action (:mod:`pushlab.soak`), and prints a
JSON summary.

>>> voila_argv("notebooks", port=9000, open_browser=False, python="python")[:4]
['python', '-m', 'pushlab.room', 'notebooks']
>>> serve_url(9000)
'http://127.0.0.1:9000/'
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pushlab
from pushlab import bundle
from pushlab.checks import is_count
from pushlab.executors import executor
from pushlab.errors import PushlabError

HOST = "127.0.0.1"
DEFAULT_PORT = 8866


def serve_url(port: int = DEFAULT_PORT, host: str = HOST) -> str:
    """The URL of the Voilà tree served on ``host:port``.

    >>> serve_url()
    'http://127.0.0.1:8866/'
    """
    from pushlab.serving import url_host

    return f"http://{url_host(host)}:{port}/"


def voila_argv(notebooks, port: int = DEFAULT_PORT, open_browser: bool = True, python: str | None = None,
               host: str = HOST) -> list[str]:
    """The command line for readers: Voilà (pushlab's room server, :mod:`pushlab.room`) on a
    fixed host and port, no sources, no tracebacks.

    >>> voila_argv("nb", port=8866, open_browser=False, python="py")[4:]
    ['--port=8866', '--Voila.ip=127.0.0.1', '--Voila.port_retries=0', '--strip_sources=True', '--show_tracebacks=False', '--VoilaConfiguration.classic_tree=True', '--Voila.open_browser=False']

    The tree page is Voilà's server-rendered one (``classic_tree``): its JupyterLab-based
    tree draws the list in the browser and, about once in 25 loads, draws none
    (docs/decisions.md).
    """
    if not is_count(port, 1, 65535):
        raise PushlabError(f"port must be an integer from 1 to 65535, not {port!r}")
    return [
        python or sys.executable,
        "-m",
        "pushlab.room",
        str(notebooks),
        f"--port={port}",
        f"--Voila.ip={host}",
        "--Voila.port_retries=0",
        "--strip_sources=True",
        "--show_tracebacks=False",
        "--VoilaConfiguration.classic_tree=True",
        f"--Voila.open_browser={open_browser}",
    ]


def class_options(code: str, language: str = "en", join_path: str = "voila/tree/") -> list[str]:
    """Options of :mod:`pushlab.room` for a class code: Jupyter Server's token identity provider
    with the code as its token (``docs/deploy.md``).

    >>> class_options("K7M2QX")[:2]
    ['--Voila.token=K7M2QX', '--Voila.identity_provider_class=pushlab.room.ClassCodeIdentityProvider']
    """
    return [f"--Voila.token={code}",
            "--Voila.identity_provider_class=pushlab.room.ClassCodeIdentityProvider",
            f"--RoomVoila.class_language={language}",
            f"--RoomVoila.join_path={join_path}"]


def find_notebooks(folder=None) -> Path:
    """The lessons folder: ``folder`` if given, else ``./notebooks``, else the package's lessons.

    The package's lessons are the working tree's ``notebooks/`` in a clone or
    editable install; from an installed wheel, a per-user copy of them
    (:func:`pushlab.bundle.reader_copy`), so nothing is written into site-packages.
    """
    if folder:
        path = Path(folder)
        if not (path.is_dir() and any(path.glob("*.ipynb"))):
            raise PushlabError(f"no folder of notebooks (*.ipynb) found; tried {path}")
        return path.resolve()
    here = Path.cwd() / "notebooks"
    if here.is_dir() and any(here.glob("*.ipynb")):
        return here.resolve()
    source = bundle.lessons_source()
    return bundle.reader_copy(source) if bundle.is_installed_copy(source) else source


def port_is_free(port: int, host: str = HOST) -> bool:
    """True if nothing listens on ``host:port`` right now."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def can_open_browser(environ=None, platform: str | None = None) -> bool:
    """False on a Linux machine without a display (a server, a container, CI).

    >>> can_open_browser({}, "linux"), can_open_browser({"DISPLAY": ":0"}, "linux"), can_open_browser({}, "darwin")
    (False, True, True)
    """
    environ = os.environ if environ is None else environ
    platform = platform or sys.platform
    return not platform.startswith("linux") or bool(environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))


def join_path(folder: Path, language: str, apps) -> str:
    """Where a student's join address leads: the one app of ``--apps`` if there is one, else
    the lesson list, in the class's language."""
    from pushlab.i18n import SOURCE
    from pushlab.serving import select_apps

    prefix = "" if language == SOURCE else f"{language}/"
    if apps:
        names = sorted(p.relative_to(folder).as_posix() for p in folder.glob("*.ipynb"))
        chosen = select_apps(names, apps)
        if len(chosen) == 1 and (folder / prefix / chosen[0]).is_file():
            return f"voila/render/{prefix}{chosen[0]}"
    return f"voila/tree/{prefix}"


def extra_voila_args(environ=None) -> list[str]:
    """More options for ``pushlab.room`` from ``PUSHLAB_VOILA_ARGS`` (a JSON list), for
    benchmarks and other apps on the same server (``--RoomVoila.handler_modules=...``).

    >>> extra_voila_args({"PUSHLAB_VOILA_ARGS": '["--RoomVoila.compress=False"]'})
    ['--RoomVoila.compress=False']
    """
    import json

    text = (os.environ if environ is None else environ).get("PUSHLAB_VOILA_ARGS", "")
    try:
        args = json.loads(text) if text else []
    except ValueError:
        raise PushlabError(f"PUSHLAB_VOILA_ARGS must be a JSON list of options, not {text!r}") from None
    if not (isinstance(args, list) and all(isinstance(a, str) for a in args)):
        raise PushlabError(f"PUSHLAB_VOILA_ARGS must be a JSON list of options, not {text!r}")
    return args


def serve(notebooks=None, port: int = DEFAULT_PORT, open_browser: bool = True, pool: int = 0,
          language: str = "en", host: str = HOST, code: str | None = None, apps: str | None = None,
          warmers: int = 0) -> int:
    """Run pushlab's Voilà (it replaces this process on POSIX); returns its exit status.

    ``pool``: warm kernels per chosen app (``apps``: ``"02,06"``, default the play apps) in
    the class's ``language`` (:mod:`pushlab.serving`), warmed ``warmers`` at a time (0: one
    per core). ``host``: the address to listen on; any but a loopback address needs a class
    code (``code``, else a random one), printed with the join address and its QR code."""
    from pushlab.i18n import LANGUAGES, check_language
    from pushlab.serving import (check_class_code, is_local_host, join_url, lan_address, new_class_code,
                                 qr_text, voila_env, voila_options)

    language = check_language(language)
    if not is_count(warmers, 0):
        raise PushlabError(f"--warmers must be a whole number, 0 or more, not {warmers!r}")
    folder = find_notebooks(notebooks)
    options = voila_options(folder, pool, language, apps)
    if code is None and not is_local_host(host):
        code = new_class_code()
    code = check_class_code(code) if code is not None else None
    path = join_path(folder, language, apps) if code else ""
    argv = voila_argv(folder, port=port, open_browser=open_browser and not code, host=host) + options
    if code:
        argv += class_options(code, language, path)
    if warmers:
        argv.append(f"--RoomVoila.warmers={warmers}")
    argv += extra_voila_args()
    env = voila_env()
    if not port_is_free(port, host):
        raise PushlabError(f"port {port} on {host} is in use (is pushlab serve already running?); try --port")
    if not is_local_host(host):
        print(f"pushlab: WARNING: listening on {host}: the lessons can be reached from the network. "
              "Only someone with the class code gets a page.", flush=True)
    if code:
        address = lan_address(host)
        url = join_url(address, port, code, path)
        print(f"pushlab: serving {folder} with Voilà on {host}:{port}  (Ctrl+C to stop)", flush=True)
        print(f"pushlab: class code {code}\npushlab: students join at {url}\n"
              f"pushlab: (or open http://{address}:{port}/ and type the code)\n{qr_text(url)}", flush=True)
        print(f"pushlab: teacher page: {join_url(address, port, code, 'pushlab/teacher')} "
              f"(or http://127.0.0.1:{port}/?token={code} on this computer)", flush=True)
    else:
        print(f"pushlab: serving {folder} with Voilà at {serve_url(port, host)}  (Ctrl+C to stop)", flush=True)
    if pool:
        from pushlab.serving import pool_sizes

        names = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.ipynb")
                       if ".ipynb_checkpoints" not in p.parts)
        sizes = pool_sizes(names, pool, language, apps)
        print(f"pushlab: {pool} warm kernel(s) for {', '.join(sizes) or 'no lesson'} in {LANGUAGES[language]} "
              f"({sum(sizes.values())} in all); they start now", flush=True)
    if os.name == "posix":
        os.execve(argv[0], argv, env)  # does not return (except when tests replace it)
        return 0
    try:
        return subprocess.call(argv, env=env)
    except KeyboardInterrupt:
        return 130


def lab_argv(folder, open_browser: bool = True, python: str | None = None, allow_root: bool = False) -> list[str]:
    """The JupyterLab command line on ``folder`` (``allow_root``: as root, e.g. in a container).

    >>> lab_argv("course", open_browser=False, python="py")
    ['py', '-m', 'jupyterlab', '--ServerApp.root_dir=course', '--ServerApp.open_browser=False']
    """
    argv = [python or sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}",
            f"--ServerApp.open_browser={open_browser}"]
    return argv + ["--ServerApp.allow_root=True"] if allow_root else argv


def running_as_root() -> bool:
    """True for the root user on POSIX (JupyterLab refuses to start as root unless told)."""
    return hasattr(os, "geteuid") and os.geteuid() == 0


LAB_MISSING = ('pushlab lab needs JupyterLab, which comes with the "lab" extra: '
               'pip install "pushlab[lab]"')


def lab(folder="pushlab-lessons", force: bool = False, open_browser: bool = True) -> int:
    """Copy the lessons into ``folder`` and run JupyterLab on it (it replaces this process on POSIX)."""
    if importlib.util.find_spec("jupyterlab") is None:
        raise PushlabError(LAB_MISSING)
    report = bundle.copy_lessons(folder, force=force)
    print("\n".join(report.lines()), flush=True)
    argv = lab_argv(Path(folder).resolve(), open_browser=open_browser, allow_root=running_as_root())
    print(f"pushlab: opening JupyterLab on {Path(folder).resolve()}  (Ctrl+C to stop)", flush=True)
    if os.name == "posix":
        os.execv(argv[0], argv)  # does not return (except when tests replace it)
        return 0
    try:
        return subprocess.call(argv)
    except KeyboardInterrupt:
        return 130


def _luck_bots() -> dict:
    """Luck bot names -> (class, type of the optional ``:ARG``)."""
    from pushlab.luck import bots

    return {"random": (bots.RandomBot, None), "stopafter": (bots.StopAfter, int),
            "stopatrisk": (bots.StopAtRisk, float), "greedy": (bots.Greedy, None),
            "hint": (bots.HintBot, None)}


def _rummy_bots() -> dict:
    """Rummy bot names -> (class, None): they take no argument."""
    from pushlab.rummy import bots
    from pushlab.rummy.expert import ExpertBot

    return {"random": (bots.RandomBot, None), "heuristic": (bots.HeuristicBot, None),
            "neverpush": (bots.NeverPushBot, None), "expert": (ExpertBot, None)}


@dataclass(frozen=True)
class BotFactory:
    """A picklable bot factory with a readable name (for tournaments in several processes)."""

    cls: type
    args: tuple = ()

    def __call__(self):
        """A fresh bot."""
        return self.cls(*self.args)

    @property
    def name(self) -> str:
        """The bot's own name, e.g. ``StopAfter(3, bank_at=None)``."""
        from pushlab.tournament import bot_name

        return bot_name(self())


def parse_bot(spec: str, known: dict) -> BotFactory:
    """A bot factory from ``"name"`` or ``"name:arg"`` (e.g. ``"stopafter:3"``).

    >>> parse_bot("stopafter:3", {"stopafter": (dict, int)})
    BotFactory(cls=<class 'dict'>, args=(3,))
    """
    name, _, arg = spec.strip().lower().partition(":")
    if name not in known:
        raise PushlabError(f"unknown bot {spec!r}; known: {', '.join(sorted(known))}")
    cls, argtype = known[name]
    if not arg:
        return BotFactory(cls)
    if argtype is None:
        raise PushlabError(f"bot {name!r} takes no argument, got {spec!r}")
    try:
        value = argtype(arg)
    except ValueError:
        raise PushlabError(f"bad argument in {spec!r}: expected {argtype.__name__}") from None
    return BotFactory(cls, (value,))


def format_result(result, game: str) -> str:
    """A table of mean score and win rate per bot with 95% confidence intervals, then each
    bot minus the first one: the difference and its paired 95% interval (same games).

    A single game has no interval for a mean: it says "not enough games".
    """
    from pushlab.stats import format_ci

    rows = result.summary()
    if game == "rummy":  # bots are (a, b, a, b): one row per partnership
        rows = rows[:2]
    diffs = result.comparisons()
    names = [r["bot"] for r in rows] + [f"{c['a']} - {c['b']}" for c in diffs]
    width = max(len(n) for n in names)
    means = [f"{r['score']:.2f} {format_ci(*r['score_ci'], '.2f')}" for r in rows]
    means += [f"{c['score_diff'][0]:+.2f} {format_ci(*c['score_diff'][1:], '+.2f')}" for c in diffs]
    rates = [f"{r['win_rate']:.1%} {format_ci(*r['win_ci'])}" for r in rows]
    rates += [f"{c['win_diff'][0]:+.1%} {format_ci(*c['win_diff'][1:], '+.1%')}" for c in diffs]
    head = ("mean penalty (lower is better)" if game == "rummy" else "mean score") + " [95% CI]"
    col = max(len(head), *map(len, means))
    lines = [f"{'bot':<{width}}  {head:<{col}}  win rate [95% CI]"]
    for i, (name, mean, rate) in enumerate(zip(names, means, rates)):
        if i == len(rows):
            lines.append("difference (paired: same games)")
        lines.append(f"{name:<{width}}  {mean:<{col}}  {rate}")
    return "\n".join(lines)


def parse_deals(text: str) -> tuple:
    """``"1,2,5"`` -> ``(1, 2, 5)``; deals are 1..5.

    >>> parse_deals("1, 3")
    (1, 3)
    """
    try:
        deals = tuple(int(d) for d in text.split(","))
    except ValueError:
        raise PushlabError(f"deals must be numbers 1-5 separated by commas, got {text!r}") from None
    if not deals or not all(1 <= d <= 5 for d in deals):
        raise PushlabError(f"deals must be numbers 1-5 separated by commas, got {text!r}")
    return deals


def simulate(game: str, bots, games: int = 100, seed: int = 0, workers: int = 1, deals: str = "1,2,3,4,5", **options):
    """Play a seeded tournament; returns the ``TournamentResult``."""
    from pushlab.tournament import tournament

    if not is_count(games):
        raise PushlabError(f"games must be a positive integer, got {games!r}")
    if not is_count(workers):
        raise PushlabError(f"workers must be a positive integer, got {workers!r}")
    with executor(workers) as pool:
        if game == "luck":
            if not 2 <= len(bots) <= 6:
                raise PushlabError(f"push-your-luck needs 2 to 6 bots, got {len(bots)}")
            factories = [parse_bot(b, _luck_bots()) for b in bots]
            return tournament(factories, games=games, seed=seed, executor=pool, **options)
        if game == "rummy":
            from pushlab.rummy.bots import compare

            if len(bots) != 2:
                raise PushlabError(f"rummy needs 2 bots (one per partnership), got {len(bots)}")
            a, b = (parse_bot(x, _rummy_bots()) for x in bots)
            return compare(a, b, games=games, seed=seed, deals=parse_deals(deals), executor=pool)
        raise PushlabError(f"unknown game {game!r}; choose luck or rummy")


def parse_players(text: str) -> tuple:
    """``"2-6"`` or ``"3,4"`` -> player counts (each 2..6).

    >>> parse_players("2-4"), parse_players("3, 6")
    ((2, 3, 4), (3, 6))
    """
    try:
        if "-" in text:
            lo, hi = (int(x) for x in text.split("-"))
            counts = tuple(range(lo, hi + 1))
        else:
            counts = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise PushlabError(f"players must be like 2-6 or 3,4, got {text!r}") from None
    if not counts or not all(2 <= n <= 6 for n in counts):
        raise PushlabError(f"players must be 2 to 6, got {text!r}")
    return counts


VARIANTS = {"normal": (False,), "harder": (True,), "both": (False, True)}


def run_search(args, argv) -> int:
    """``pushlab search``: run the searches with a progress bar and write the JSON file."""
    from tqdm import tqdm

    from pushlab.luck import search as ps

    players = parse_players(args.players)
    if args.workers < 1:
        raise PushlabError(f"workers must be a positive integer, got {args.workers!r}")
    family = ps.Family(
        stop=tuple(args.stop) if args.stop else ps.Family.stop,
        bank=tuple(None if b == "never" else b for b in args.bank) if args.bank else ps.Family.bank,
        endgame=tuple(e for e in args.endgame if e != "none") if args.endgame else ps.Family.endgame)
    results = []
    with executor(args.workers, args.dask) as pool:
        with tqdm(total=0, unit="unit", desc="search", disable=args.quiet) as bar:
            for harder in VARIANTS[args.variant]:
                for n in players:
                    bar.set_description(f"{n} players, {'harder' if harder else 'normal'}")
                    results.append(ps.search(
                        n, harder=harder, family=family, games=args.games, seed=args.seed,
                        start=args.start, max_rounds=args.rounds, chunk=args.chunk,
                        executor=pool, progress=bar, batch=args.batch))
    command = "pushlab " + " ".join(argv)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(ps.dumps(results, command=command) + "\n", encoding="utf-8")
    for r in results:
        print(ps.summary(r))
    print(f"pushlab search: wrote {len(results)} result(s) to {out}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``pushlab`` command."""
    parser = argparse.ArgumentParser(prog="pushlab", description="Interactive lessons about two card games called Push.")
    parser.add_argument("--version", action="version", version=f"pushlab {pushlab.__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    srv = commands.add_parser(
        "serve",
        help="serve the lessons with Voilà",
        description=f"Serve the notebooks as Voilà apps on {HOST} (sources hidden) and print the URL; "
        "with --host, serve a room behind a class code (join address and QR code printed).",
    )
    srv.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT})")
    srv.add_argument("--host", default=HOST, metavar="ADDRESS",
                     help=f"address to listen on (default {HOST}: this computer only); 0.0.0.0 or a "
                     "school network address serves a room, behind a class code")
    srv.add_argument("--code", default=None, metavar="CODE",
                     help="the class code (4 to 32 letters and digits; default: a random 6-letter "
                     "code when --host is not this computer)")
    srv.add_argument("--apps", default=None, metavar="LIST",
                     help="the apps --pool warms: numbers or names, e.g. 02,06, or all "
                     "(default: the play apps)")
    srv.add_argument("--warmers", type=int, default=0, metavar="K",
                     help="warm kernels prepared at once (default 0: one per core)")
    srv.add_argument("--no-browser", action="store_true",
                     help="do not open a web browser (never opened on Linux without a display)")
    srv.add_argument("--pool", type=int, default=0, metavar="N",
                     help="keep N warm kernels (the notebook already run) for each app of --apps, "
                     "so that a class opening the link together is served at once (about 120 MB "
                     "of memory per kernel; default 0: a kernel per reader, started on request)")
    srv.add_argument("--lang", default="en", metavar="CODE",
                     help="the class's language (en, et, cs, ar, eo): its lessons get the warm "
                     "kernels of --pool (default en)")
    srv.add_argument("--notebooks", metavar="DIR",
                     help="folder of notebooks (default: ./notebooks, else the lessons installed with pushlab)")
    srv.add_argument("--store", metavar="URL",
                     help="where class experiments (lesson 12) keep their tries: a SQLite file path or "
                     "postgresql://user:password@host/db (pip install 'pushlab[classroom]'); set as "
                     "PUSHLAB_STORE for every kernel (default: $PUSHLAB_STORE, else a SQLite file in "
                     "your data folder)")
    les = commands.add_parser(
        "lessons",
        help="copy the lessons into a folder, to edit them",
        description="Copy the lessons into DIR (created if needed). A lesson you changed there is "
        "kept unless --force; lessons you did not change are updated; your own files are not touched.",
    )
    les.add_argument("dir", metavar="DIR", help="folder to copy the lessons into")
    les.add_argument("--force", action="store_true", help="overwrite lessons you changed")
    lb = commands.add_parser(
        "lab",
        help="open JupyterLab on a copy of the lessons (needs pushlab[lab])",
        description="Copy the lessons into DIR (as `pushlab lessons` does) and open JupyterLab there. "
        'Needs JupyterLab: pip install "pushlab[lab]".',
    )
    lb.add_argument("dir", metavar="DIR", nargs="?", default="pushlab-lessons",
                    help="folder for the copy (default: ./pushlab-lessons)")
    lb.add_argument("--force", action="store_true", help="overwrite lessons you changed")
    lb.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    sim = commands.add_parser(
        "simulate",
        help="play many seeded games between bots",
        description="Play a seeded tournament between bots and print mean scores and win rates "
        "(95% confidence intervals), then each bot minus the first with the 95% interval of "
        "the difference. luck bots: random, stopafter[:K], stopatrisk[:P], greedy, hint "
        "(2-6 of them); rummy bots: random, heuristic, neverpush, expert (2: one per partnership; lower "
        "penalty is better).",
    )
    sim.add_argument("game", choices=["luck", "rummy"], help="luck (push-your-luck) or rummy (contract rummy)")
    sim.add_argument("bots", nargs="+", metavar="BOT", help="e.g. stopafter:3 greedy")
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="seed; same seed, same results (default 0)")
    sim.add_argument("--workers", type=int, default=1, help="processes to use (default 1)")
    sim.add_argument("--harder", action="store_true", help="luck: the harder variant")
    sim.add_argument("--switch-cards", action="store_true",
                     help="luck: keep the switch cards in a 2-player game (rule 20; with 3 or more "
                     "players they are always in)")
    sim.add_argument("--switch-rule", choices=["turn", "game"], default=None,
                     help="luck: a switch card reverses collection for one turn (turn, the "
                     "default) or until the next switch card (game)")
    sim.add_argument("--deals", default="1,2,3,4,5", help="rummy: deals to play (default 1,2,3,4,5)")
    sok = commands.add_parser(
        "soak",
        help="play many random games of both engines, checking every invariant",
        description="Play random games of both engines (random and scripted bots, random options), "
        "check the game protocol's invariants after every action and try malformed and illegal "
        "actions; print a JSON summary (games, actions, invariant breaks, exceptions other than "
        "the engines' ValueErrors, seconds). Same seed, same games, on any executor.",
    )
    sok.add_argument("--games", type=int, default=1000, help="push-your-luck games (default 1000)")
    sok.add_argument("--matches", type=int, default=None,
                     help="rummy matches (default: a tenth of --games)")
    sok.add_argument("--workers", type=int, default=1, help="processes to use (default 1)")
    sok.add_argument("--dask", metavar="ADDRESS", default=None,
                     help="run on Dask: 'local' (a local cluster of --workers processes) or a "
                     "scheduler address (needs pip install \"pushlab[dask]\")")
    sok.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    sok.add_argument("--chunk", type=int, default=50, help="luck games per task (default 50)")
    sok.add_argument("--json", metavar="FILE", help="also write the summary to FILE")
    sok.add_argument("--no-progress", action="store_true", help="no progress bar")
    sea = commands.add_parser(
        "search",
        help="search whole-game push-your-luck policies (grid, then iterated best response)",
        description="Evaluate every policy of a family (stop rule x bank rule) against a field by "
        "batched simulation, then iterate best responses; write the results (win rates with 95% "
        "intervals per round) as JSON. Same seed, same results on any number of workers.",
    )
    sea.add_argument("--players", default="2-6", help="player counts, e.g. 2-6 or 3,4 (default 2-6)")
    sea.add_argument("--variant", choices=sorted(VARIANTS), default="both",
                     help="normal game, harder option, or both (default both)")
    sea.add_argument("--games", type=int, default=1200,
                     help="games per policy and round, a multiple of the players (default 1200)")
    sea.add_argument("--seed", type=int, default=0, help="seed; same seed, same results (default 0)")
    sea.add_argument("--rounds", type=int, default=6, help="at most this many rounds (default 6)")
    sea.add_argument("--chunk", type=int, default=600, help="games per work unit (default 600)")
    sea.add_argument("--start", default="after 5", help="the first field's policy (default 'after 5')")
    sea.add_argument("--stop", action="append", metavar="RULE",
                     help="a stop rule of the family, e.g. 'after 4' or 'risk 0.2' (repeat)")
    sea.add_argument("--bank", action="append", metavar="RULE",
                     help="a bank rule, e.g. 'bank at 20', 'bank loss 5' or never (repeat)")
    sea.add_argument("--endgame", action="append", metavar="RULE",
                     help="an endgame rule tried on the final answer, e.g. 'endgame 15: after 8' "
                     "(repeat; none: skip the refinement)")
    sea.add_argument("--workers", type=int, default=1, help="processes (or Dask workers) to use (default 1)")
    sea.add_argument("--batch", type=int, default=8,
                     help="candidates simulated together per task; same results for any value "
                     "(default 8)")
    sea.add_argument("--dask", metavar="ADDRESS", default=None,
                     help="run on Dask: 'local' (a local cluster of --workers processes) or a "
                     "scheduler address (needs pip install \"pushlab[dask]\")")
    sea.add_argument("--out", default="luck_search.json", help="JSON file to write (default luck_search.json)")
    sea.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def soak_command(args) -> int:
    """``pushlab soak``: run the soak, print (and maybe write) the JSON summary; 1 on any break."""
    import json

    from pushlab.soak import soak

    for name in ("games", "workers", "chunk"):
        value = getattr(args, name)
        if value < (0 if name == "games" else 1):
            raise PushlabError(f"--{name} must be a positive integer, got {value}")
    if args.matches is not None and args.matches < 0:
        raise PushlabError(f"--matches must not be negative, got {args.matches}")
    with executor(args.workers, args.dask) as pool:
        result = soak(args.games, args.matches, seed=args.seed, executor=pool,
                      chunk=args.chunk, progress=not args.no_progress)
    result["workers"] = args.workers
    result["executor"] = ("dask " + args.dask if args.dask else
                          "processes" if args.workers > 1 else "this process")
    text = json.dumps(result, indent=2)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n")
    return 1 if result["invariant_breaks"] or result["exceptions"] else 0


def main(argv=None) -> int:
    """Entry point of the ``pushlab`` console script."""
    args = build_parser().parse_args(argv)
    try:
        if args.command == "serve":
            if args.store:
                from pushlab.classroom.store import use_store

                print(use_store(args.store), flush=True)
            return serve(args.notebooks, port=args.port, pool=args.pool, language=args.lang,
                         open_browser=not args.no_browser and can_open_browser(), host=args.host,
                         code=args.code, apps=args.apps, warmers=args.warmers)
        if args.command == "lessons":
            print("\n".join(bundle.copy_lessons(args.dir, force=args.force).lines()))
            return 0
        if args.command == "lab":
            return lab(args.dir, force=args.force, open_browser=not args.no_browser and can_open_browser())
        if args.command == "simulate":
            options = {}
            if args.game == "luck":
                options = {k: True for k in ("harder", "switch_cards") if getattr(args, k)}
                if args.switch_rule:
                    options["switch_rule"] = args.switch_rule
            elif args.harder or args.switch_cards or args.switch_rule:
                raise PushlabError("--harder, --switch-cards and --switch-rule are options of "
                                   "the luck game")
            result = simulate(args.game, args.bots, games=args.games, seed=args.seed,
                              workers=args.workers, deals=args.deals, **options)
            print(f"pushlab simulate {args.game}: {result.games} games, seed {args.seed}")
            print(format_result(result, args.game))
            return 0
        if args.command == "soak":
            return soak_command(args)
        if args.command == "search":
            return run_search(args, sys.argv[1:] if argv is None else list(argv))
    except PushlabError as exc:
        print(f"pushlab: error: {exc}", file=sys.stderr)
        return 2
    return 0  # pragma: no cover - argparse rejects unknown commands


if __name__ == "__main__":
    sys.exit(main())
