"""The ``pushlab`` command: serve the lessons with Voilà.

``pushlab serve`` runs Voilà on the ``notebooks/`` folder, bound to 127.0.0.1
on a fixed port (8866 unless ``--port``), with sources stripped and tracebacks
hidden from readers, and prints the URL to open.

>>> voila_argv("notebooks", port=9000, open_browser=False, python="python")[:4]
['python', '-m', 'voila', 'notebooks']
>>> serve_url(9000)
'http://127.0.0.1:9000/'
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
from pathlib import Path

from pushlab.errors import PushlabError

HOST = "127.0.0.1"
DEFAULT_PORT = 8866


def serve_url(port: int = DEFAULT_PORT) -> str:
    """The URL of the Voilà tree served on ``port``.

    >>> serve_url()
    'http://127.0.0.1:8866/'
    """
    return f"http://{HOST}:{port}/"


def voila_argv(notebooks, port: int = DEFAULT_PORT, open_browser: bool = True, python: str | None = None) -> list[str]:
    """The Voilà command line for readers: fixed host and port, no sources, no tracebacks.

    >>> voila_argv("nb", port=8866, open_browser=False, python="py")[4:]
    ['--port=8866', '--Voila.ip=127.0.0.1', '--Voila.port_retries=0', '--strip_sources=True', '--show_tracebacks=False', '--Voila.open_browser=False']
    """
    if not isinstance(port, int) or isinstance(port, bool) or not 1 <= port <= 65535:
        raise PushlabError(f"port must be an integer from 1 to 65535, not {port!r}")
    return [
        python or sys.executable,
        "-m",
        "voila",
        str(notebooks),
        f"--port={port}",
        f"--Voila.ip={HOST}",
        "--Voila.port_retries=0",
        "--strip_sources=True",
        "--show_tracebacks=False",
        f"--Voila.open_browser={open_browser}",
    ]


def find_notebooks(folder=None) -> Path:
    """The lessons folder: ``folder`` if given, else ``./notebooks``, else the one beside the package."""
    candidates = [Path(folder)] if folder else [Path.cwd() / "notebooks", Path(__file__).resolve().parents[1] / "notebooks"]
    for path in candidates:
        if path.is_dir() and any(path.glob("*.ipynb")):
            return path.resolve()
    tried = ", ".join(str(p) for p in candidates)
    raise PushlabError(f"no folder of notebooks (*.ipynb) found; tried {tried}")


def port_is_free(port: int, host: str = HOST) -> bool:
    """True if nothing listens on ``host:port`` right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def serve(notebooks=None, port: int = DEFAULT_PORT, open_browser: bool = True) -> int:
    """Run Voilà in the foreground (it replaces this process on POSIX); returns its exit status."""
    folder = find_notebooks(notebooks)
    argv = voila_argv(folder, port=port, open_browser=open_browser)
    if not port_is_free(port):
        raise PushlabError(f"port {port} on {HOST} is in use (is pushlab serve already running?); try --port")
    print(f"pushlab: serving {folder} with Voilà at {serve_url(port)}  (Ctrl+C to stop)", flush=True)
    if os.name == "posix":
        os.execv(argv[0], argv)  # does not return (except when tests replace it)
        return 0
    try:
        return subprocess.call(argv)
    except KeyboardInterrupt:
        return 130


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``pushlab`` command."""
    parser = argparse.ArgumentParser(prog="pushlab", description="Interactive lessons about two card games called Push.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    srv = commands.add_parser(
        "serve",
        help="serve the lessons with Voilà",
        description=f"Serve the notebooks as Voilà apps on {HOST} (sources hidden) and print the URL.",
    )
    srv.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT})")
    srv.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    srv.add_argument("--notebooks", metavar="DIR", help="folder of notebooks (default: ./notebooks)")
    return parser


def main(argv=None) -> int:
    """Entry point of the ``pushlab`` console script."""
    args = build_parser().parse_args(argv)
    try:
        if args.command == "serve":
            return serve(args.notebooks, port=args.port, open_browser=not args.no_browser)
    except PushlabError as exc:
        print(f"pushlab: error: {exc}", file=sys.stderr)
        return 2
    return 0  # pragma: no cover - argparse rejects unknown commands


if __name__ == "__main__":
    sys.exit(main())
