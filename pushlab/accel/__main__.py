"""``python -m pushlab.accel [build|status|clean]``: the optional compiled accelerator.

- ``build [--jobs N] [--strict]``: compile what is not compiled from the current sources
  (needs ``pip install 'pushlab[fast]'`` and a C compiler; without them it says so and
  exits 0, pushlab then runs as pure Python; ``--strict`` exits 1 instead);
- ``status``: which modules run compiled, as JSON (``PUSHLAB_PURE=1`` forces pure Python);
- ``clean [--stale]``: remove the compiled modules (only those of older sources with ``--stale``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys

import pushlab.accel as accel


def main(argv=None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m pushlab.accel", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command")
    b = sub.add_parser("build", help="compile the modules not compiled from their current source")
    b.add_argument("--jobs", "-j", type=int, default=None, help="parallel compiler processes (default: the cores)")
    b.add_argument("--strict", action="store_true", help="exit 1 when a module could not be compiled")
    sub.add_parser("status", help="which modules run compiled (JSON)")
    c = sub.add_parser("clean", help="remove the compiled modules")
    c.add_argument("--stale", action="store_true", help="only those built from other sources")
    args = parser.parse_args(argv)
    if args.command == "build":
        from pushlab.accel.build import build

        out = build(jobs=args.jobs)
        bad = bool(out["missing"] or out["failed"])
        return 1 if bad and args.strict else 0
    if args.command == "clean":
        from pushlab.accel.build import clean

        removed = clean(stale_only=args.stale)
        print(f"pushlab.accel: removed {len(removed)} compiled module(s) from {accel.cache_dir()}")
        return 0
    import pushlab.rummy  # noqa: F401  (installs the import hook)

    for name in accel.MODULES:
        importlib.import_module(name)
    json.dump({**accel.status(), "summary": accel.summary()}, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
