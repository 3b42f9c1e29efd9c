"""``python -m pushlab`` is the ``pushlab`` command."""

import sys

from pushlab.cli import main

if __name__ == "__main__":
    sys.exit(main())
