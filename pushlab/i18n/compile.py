"""Compile the ``.po`` catalog parts to ``.mo`` the way ``pybabel compile`` does, reproducibly,
and list what is still untranslated.

Each language's translations are split into parts by area, one ``.po`` file each
(``locale/<lang>/LC_MESSAGES/core.po``, ``ui-luck.po``, ``lessons-rummy.po``, ...), so that
people translating different areas never edit the same file. Every part compiles to its
own ``.mo``; :func:`pushlab.i18n.translation` chains them into one catalog. A message may
be in two parts only with the same translation.

``pybabel compile`` stamps each ``.mo`` with the time it ran (the parts are headerless,
so Babel invents a ``POT-Creation-Date``); committed ``.mo`` files would then change on
every ``make catalogs``. This runs Babel's own checks (placeholders, Python formats) and
writes the ``.mo`` with a fixed date, so the same ``.po`` always gives the same bytes. The
``.mo`` carries the language's ``Plural-Forms`` (from CLDR), so ``ngettext`` works.

``python -m pushlab.i18n.compile`` compiles (``make catalogs`` runs it) and says how many
template messages each language still lacks; ``python -m pushlab.i18n.compile --missing et``
prints those as ``.po`` entries to translate and paste into a part.
"""

from __future__ import annotations

import argparse
import sys
from datetime import datetime, timezone

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from pushlab import i18n

FIXED_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)
TEMPLATE = i18n.LOCALE_DIR / f"{i18n.DOMAIN}.pot"


def folder(language: str):
    """The ``LC_MESSAGES`` folder of ``language``."""
    return i18n.LOCALE_DIR / language / "LC_MESSAGES"


#: The comment the lesson extractor puts on a markdown paragraph (pushlab.i18n.notebook.extract).
MARKDOWN = "markdown paragraph"


def read_part(path, language: str) -> Catalog:
    """One ``.po`` part of ``language``. A lesson's markdown paragraph is never %-formatted, so
    Babel's guess that ``95% of`` or ``20% risk`` is a Python format (``% o``, ``% r``) is
    dropped for it: a translation need not copy those fake placeholders."""
    with path.open("rb") as f:
        catalog = read_po(f, locale=language)
    for message in catalog:
        if any(c.startswith(MARKDOWN) for c in message.auto_comments):
            message.flags.discard("python-format")
    return catalog


def part_files(language: str) -> list:
    """The ``.po`` parts of ``language``, in name order."""
    return sorted(folder(language).glob("*.po"))


def merged(language: str) -> dict:
    """``{message id: (part name, message)}`` over every part of ``language`` (first part wins)."""
    out = {}
    for path in part_files(language):
        for message in read_part(path, language):
            if message.id:
                out.setdefault(message.id, (path.stem, message))
    return out


def conflicts(language: str) -> list[str]:
    """Messages translated differently in two parts of ``language``."""
    seen, errors = {}, []
    for path in part_files(language):
        for m in read_part(path, language):
            if not m.id:
                continue
            if m.id in seen and seen[m.id][1] != m.string:
                errors.append(f"{language}: {m.id!r} differs in {seen[m.id][0]}.po and {path.name}")
            seen.setdefault(m.id, (path.name, m.string))
    return errors


def compile_language(language: str) -> list[str]:
    """Compile every part of ``language`` to its ``.mo``; returns Babel's check errors and
    conflicts (then writes nothing). A ``.mo`` whose ``.po`` is gone is removed."""
    errors = list(conflicts(language))
    catalogs = {}
    for path in part_files(language):
        catalog = read_part(path, language)
        errors += [f"{language}/{path.name}: {message.id!r}: {err}"
                   for message, errs in catalog.check() for err in errs]
        catalogs[path] = catalog
    if errors:
        return errors
    for mo in folder(language).glob("*.mo"):
        if not mo.with_suffix(".po").exists():
            mo.unlink()
    for path, catalog in catalogs.items():
        catalog.creation_date = catalog.revision_date = FIXED_DATE
        with path.with_suffix(".mo").open("wb") as f:
            write_mo(f, catalog)
    return []


def template_ids() -> dict:
    """``{message id: template message}`` of the extracted template (``pushlab.pot``)."""
    with TEMPLATE.open("rb") as f:
        return {m.id: m for m in read_po(f) if m.id}


def missing(language: str) -> list:
    """Template messages with no translation in any part of ``language``, in template order."""
    have = {i for i, (_, m) in merged(language).items() if m.string and not m.fuzzy}
    return [m for i, m in template_ids().items() if i not in have]


def write_missing(language: str, out=sys.stdout) -> int:
    """Print the untranslated template messages of ``language`` as ``.po`` entries."""
    todo = missing(language)
    catalog = Catalog(locale=language)
    for m in todo:
        catalog.add(m.id, string=("",) * catalog.num_plurals if m.pluralizable else "",
                    auto_comments=m.auto_comments)
    buffer = __import__("io").BytesIO()
    write_po(buffer, catalog, omit_header=True, no_location=True, width=0)
    out.write(buffer.getvalue().decode("utf-8"))
    return len(todo)


def main(argv=None) -> int:
    """Compile every translated language; exit 1 on any check error or conflict."""
    parser = argparse.ArgumentParser(prog="python -m pushlab.i18n.compile", description=main.__doc__)
    parser.add_argument("--missing", metavar="LANG",
                        help="print LANG's untranslated messages as .po entries, compile nothing")
    args = parser.parse_args(argv)
    if args.missing:
        write_missing(i18n.check_language(args.missing))
        return 0
    errors = [e for language in i18n.TRANSLATED for e in compile_language(language)]
    for error in errors:
        print("error:", error, file=sys.stderr)
    if not errors and TEMPLATE.exists():
        for language in i18n.TRANSLATED:
            n = len(missing(language))
            parts = ", ".join(p.stem for p in part_files(language))
            print(f"compiled {language} ({parts}): "
                  + (f"{n} messages untranslated (python -m pushlab.i18n.compile --missing {language})"
                     if n else "every message translated"))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
