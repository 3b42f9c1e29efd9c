"""Compile the ``.po`` catalogs to ``.mo`` the way ``pybabel compile`` does, reproducibly.

``pybabel compile`` stamps each ``.mo`` with the time it ran (the catalogs are headerless,
so Babel invents a ``POT-Creation-Date``); committed ``.mo`` files would then change on
every ``make catalogs``. This runs Babel's own checks (placeholders, Python formats) and
writes the ``.mo`` with a fixed date, so the same ``.po`` always gives the same bytes.
``python -m pushlab.i18n.compile`` (``make catalogs`` runs it).
"""

from __future__ import annotations

import sys
from datetime import datetime, timezone

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from pushlab import i18n

FIXED_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)


def compile_language(language: str) -> list[str]:
    """Compile one language's ``.po`` to its ``.mo``; returns Babel's check errors (then writes nothing)."""
    folder = i18n.LOCALE_DIR / language / "LC_MESSAGES"
    with (folder / f"{i18n.DOMAIN}.po").open("rb") as f:
        catalog = read_po(f, locale=language)
    errors = [f"{language}: {message.id!r}: {err}" for message, errs in catalog.check() for err in errs]
    if errors:
        return errors
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    with (folder / f"{i18n.DOMAIN}.mo").open("wb") as f:
        write_mo(f, catalog)
    done = sum(1 for m in catalog if m.id and m.string)
    print(f"compiled {language}: {done} of {sum(1 for m in catalog if m.id)} messages translated")
    return []


def main() -> int:
    """Compile every translated language; exit 1 on any check error."""
    errors = [e for language in i18n.TRANSLATED for e in compile_language(language)]
    for error in errors:
        print("error:", error, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
