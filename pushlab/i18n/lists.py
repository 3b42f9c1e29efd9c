"""Lists in a sentence, joined as the reader's language joins them (CLDR data through Babel).

:func:`list_text` is Babel's :func:`babel.lists.format_list` in the page's language: the
separators and the last "and" are CLDR's, never written by hand. English ``red, blue, and
star``; Czech ``červená, modrá a hvězda``; Arabic ``أحمر وأزرق ونجمة`` (its ``و``, not a
Latin comma).

>>> list_text(["R1 R2", "1 roll card"], "en"), list_text(["a", "b", "c"], "cs"), list_text(["a", "b"], "ar")
('R1 R2 and 1 roll card', 'a, b a\\xa0c', 'a وb')
"""

from __future__ import annotations

from pushlab.i18n import check_language, current_language

__all__ = ["list_text"]


def list_text(items, language: str | None = None, style: str = "standard") -> str:
    """``items`` (texts; empty ones left out) as one list in ``language`` (default: the current
    one): ``style`` ``"standard"`` (an "and" list) or ``"or"``. (Babel 2.19's ``"unit"`` styles
    fail for cs, et and eo, whose CLDR data only override a few of the patterns, and repeat an
    item for two in Arabic, so they are not offered.)"""
    from babel.lists import format_list

    if style not in ("standard", "or"):
        raise ValueError(f"list_text: style must be 'standard' or 'or', got {style!r}")
    lang = check_language(language) if language else current_language()
    return format_list([str(i) for i in items if i], style=style, locale=lang)
