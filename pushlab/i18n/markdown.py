"""Markdown pages in every language from one English page and the catalogs (the teacher's guide).

A page is cut into **units**, each one message of the catalogs: a heading or paragraph
(text between blank lines), each item of a list, each cell of a table (a cell that is only
a number is not translated). A list item or a table cell is translated alone, so a
translator never has to rebuild a list or a table's pipes, and the page keeps its shape
in every language. Fenced code blocks and HTML
comments (``<!-- pushlab: ... -->``, the places where generated parts go) are not
translated. Babel extracts the units with :func:`extract`
(``[markdown: docs/teachers/**.md]`` in ``babel.cfg``), marked ``markdown paragraph``
like the lessons' paragraphs (:mod:`pushlab.i18n.notebook`), so the same checks apply.

>>> [u.text for u in units("# Title\\n\\n* one\\n* two\\n  more\\n\\n| a | b |\\n|---|---|\\n| 1 | two |")]
['# Title', 'one', 'two\\nmore', 'a', 'b', 'two']
>>> translate("# Title\\n\\n* one", "en")
'# Title\\n\\n* one'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pushlab import i18n
from pushlab.i18n.notebook import paragraphs

__all__ = ["Unit", "units", "extract", "translate", "COMMENT"]

#: The comment on every extracted unit (``pushlab.i18n.compile`` treats it as a lesson paragraph).
COMMENT = "markdown paragraph; keep links, tables and *emphasis* marks"

_ITEM = re.compile(r"^(\s*)([*+-]|\d+[.)])\s+")
_ROW = re.compile(r"^\s*\|.*\|\s*$")
_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


@dataclass(frozen=True)
class Unit:
    """One translatable piece of a page: its ``text`` (the message id), what comes before it
    on its line (``prefix``: a list item's bullet and indentation) and its block's index."""

    text: str
    prefix: str = ""
    block: int = 0


def _skipped(block: str) -> bool:
    """A block that is never translated: code, an HTML comment (a generated part's place)."""
    stripped = block.strip()
    return stripped.startswith(("```", "~~~", "<!--")) or stripped == ""


def _is_list(lines) -> bool:
    return bool(_ITEM.match(lines[0]))


def _is_table(lines) -> bool:
    return len(lines) >= 2 and all(_ROW.match(line) for line in lines) and bool(_RULE.match(lines[1]))


def _cells(line: str) -> list[str]:
    """The cells of a table row, stripped."""
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _translatable(cell: str) -> bool:
    """A table cell that has words (not empty, not only a number)."""
    return bool(cell) and not re.fullmatch(r"[\d\s.,:%+\-–]+", cell)


def _items(lines):
    """A list block's items as ``(prefix, text)``: a line that starts with a bullet or a number
    starts an item (nested ones too, their indentation in the prefix); other lines continue it."""
    items = []
    for line in lines:
        match = _ITEM.match(line)
        if match:
            items.append((match.group(), [line[match.end():]]))
        else:
            items[-1][1].append(line.strip())
    return [(prefix, "\n".join(text)) for prefix, text in items]


def units(markdown: str) -> list[Unit]:
    """The translatable units of ``markdown``, in order."""
    out = []
    for b, block in enumerate(paragraphs(markdown)):
        if _skipped(block):
            continue
        lines = block.split("\n")
        if _is_table(lines):
            out += [Unit(cell, "", b) for k, line in enumerate(lines) if k != 1
                    for cell in _cells(line) if _translatable(cell)]
        elif _is_list(lines):
            out += [Unit(text, prefix, b) for prefix, text in _items(lines)]
        else:
            out.append(Unit(block, "", b))
    return out


def translate(markdown: str, language: str) -> str:
    """``markdown`` with every unit translated into ``language`` (English: unchanged)."""
    language = i18n.check_language(language)
    blocks = paragraphs(markdown)
    done = []
    for block in blocks:
        if _skipped(block) or language == i18n.SOURCE:
            done.append(block)
            continue
        lines = block.split("\n")
        tr = lambda text: i18n.gettext(text, language)        # noqa: E731
        if _is_table(lines):
            done.append("\n".join(line if k == 1 else "| " + " | ".join(
                tr(cell) if _translatable(cell) else cell for cell in _cells(line)) + " |"
                for k, line in enumerate(lines)))
        elif _is_list(lines):
            parts = []
            for prefix, text in _items(lines):
                pad = " " * len(prefix)
                parts.append(prefix + tr(text).replace("\n", "\n" + pad))
            done.append("\n".join(parts))
        else:
            done.append(tr(block))
    return "\n\n".join(done)


def extract(fileobj, keywords, comment_tags, options):
    """Babel extractor for markdown pages (``[extractors] markdown = pushlab.i18n.markdown:extract``)."""
    text = fileobj.read().decode("utf-8")
    for unit in units(text):
        yield unit.block + 1, None, unit.text, [COMMENT]
