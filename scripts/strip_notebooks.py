#!/usr/bin/env python3
"""Strip outputs, execution counts and widget state from notebooks before committing.

Usage::

    python scripts/strip_notebooks.py                 # every notebooks/*.ipynb, in place
    python scripts/strip_notebooks.py a.ipynb b.ipynb # just these
    python scripts/strip_notebooks.py --check         # list dirty notebooks, exit 1 if any

Notebooks are committed clean: nbval then runs every cell and checks for
errors, Voilà shows fresh outputs, and diffs stay readable.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

NOTEBOOK_DIR = Path(__file__).resolve().parents[1] / "notebooks"
# Cell metadata written by Jupyter/nbclient when running, never meant to be kept.
VOLATILE_CELL_METADATA = ("execution", "collapsed", "scrolled", "ExecuteTime")


def strip(nb: dict) -> dict:
    """Return a copy of notebook ``nb`` (parsed JSON) without outputs or run state."""
    nb = json.loads(json.dumps(nb))
    nb.get("metadata", {}).pop("widgets", None)
    for cell in nb.get("cells", []):
        for key in VOLATILE_CELL_METADATA:
            cell.get("metadata", {}).pop(key, None)
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    return nb


def dump(nb: dict) -> str:
    """Serialise like Jupyter does (indent 1, sorted keys, UTF-8, final newline)."""
    return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def strip_file(path: Path, check: bool = False) -> bool:
    """Strip one notebook file in place (or only look if ``check``); True if it was dirty."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    clean = strip(nb)
    dirty = clean != nb
    if dirty and not check:
        path.write_text(dump(clean), encoding="utf-8")
    return dirty


def main(argv=None) -> int:
    """Command line entry point; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: notebooks/*.ipynb")
    parser.add_argument("--check", action="store_true", help="only report; exit 1 if any is dirty")
    args = parser.parse_args(argv)
    paths = args.notebooks or sorted(NOTEBOOK_DIR.glob("*.ipynb"))
    dirty = [p for p in paths if strip_file(p, check=args.check)]
    for p in dirty:
        print(f"{'dirty' if args.check else 'stripped'}: {p}")
    return 1 if (args.check and dirty) else 0


if __name__ == "__main__":
    sys.exit(main())
