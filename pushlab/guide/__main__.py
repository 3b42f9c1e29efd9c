"""``python -m pushlab.guide --out DIR``: write the teacher's guide and the handouts (see :mod:`pushlab.guide`).

``DIR/teachers/`` holds the guide's pages (markdown for the book, every language) and
``DIR/_extra/handouts/<lang>/`` the handouts to print: open one in a browser and print it
(A4). ``make site`` builds both into the book.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pushlab import i18n


def main(argv=None) -> int:
    """Write the guide and the handouts into ``--out`` (``--lang`` to choose languages)."""
    from pushlab.guide.pages import build

    parser = argparse.ArgumentParser(prog="python -m pushlab.guide", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="folder to write into")
    parser.add_argument("--lang", action="append", choices=list(i18n.LANGUAGES),
                        help="a language (repeat for several; default: all)")
    args = parser.parse_args(argv)
    written = build(args.out, languages=args.lang)
    handouts = sorted(p for p, kind in written.items() if kind == "handout")
    print(f"wrote {len(written) - len(handouts)} guide pages and {len(handouts)} handouts under {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
