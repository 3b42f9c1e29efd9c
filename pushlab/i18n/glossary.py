"""The glossaries as data, and the check that every translation keeps to them.

Each translated language has a glossary in ``docs/glossary/<lang>.toml`` (the source; the
``<lang>.md`` page beside it is generated from it by ``python -m pushlab.i18n.glossary``,
which ``make catalogs`` runs). A term says which word pushlab uses for an English game
term, which variants it must never use and why, and what the language's rule sheet (the
seed in ``shared/seeds/``) says::

    [[section.term]]
    en = "seat (at the table)"
    use = "لاعب، مكان على الطاولة"
    why = "never المقعد, which is the bench"
    forbidden = ["ال?مقعد"]          # regular expressions of the wrong words
    where = '\\bseats?\\b'            # only in texts whose English says this (optional)

and, for a word that must mean one thing only (Arabic المقعد is the bench, so a text
whose English has no *bench* may not use it)::

    word = "مقعد|مقاعد"                # the term's own word, as a regular expression
    only_where = '\\bbench'          # the English a text must have to use it

:func:`problems` checks pairs of (English, translation): every ``.po`` part of a language
(msgid and msgstr) and every paragraph of every translated lesson in ``notebooks/<lang>/``
(paired with the English lesson's paragraph it was made from), whoever added them.
``tests/test_glossary.py`` runs it for every language and plants wrong words to prove it
fails. In a language whose words take endings (Estonian, Czech, Esperanto) a pattern
matches at the start of a word, so ``chamtiv`` finds *chamtivý* and *chamtivá*; in Arabic
(article and clitics in front) anywhere in a word.

A term with ``sheet`` (the rule sheet's own words) and ``box = true`` must be named in the
"The rule sheet says ..." box of that game's rules lesson (01 for push-your-luck, 05 for
the rummy) in that language: see :func:`box_problems`.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:     # Python 3.10: the glossary tool needs 3.11's tomllib
    tomllib = None

from pushlab import i18n
from pushlab.errors import SetupError

REPO = Path(__file__).resolve().parents[2]
FOLDER = REPO / "docs" / "glossary"
NOTEBOOKS = REPO / "notebooks"
#: The games a term belongs to, and the lesson whose "rule sheet says" box names its seed words.
GAMES = {"luck": "01-push-your-luck-rules.ipynb", "rummy": "05-rummy-rules.ipynb"}
#: How the box starts in the English lesson (its translation is the language's own box).
BOX_START = "> **The rule sheet says"
#: Languages whose words carry the article and clitics in front (match inside words).
INSIDE_WORDS = frozenset({"ar"})
_FIELDS = {"en", "use", "seed", "why", "forbidden", "where", "word", "only_where", "sheet", "box", "lesson"}


@dataclass(frozen=True)
class Term:
    """One row of a glossary."""

    language: str
    game: str
    en: str
    use: str
    seed: str = ""
    why: str = ""
    forbidden: tuple = ()
    where: str = ""
    word: str = ""
    only_where: str = ""
    sheet: tuple = ()
    box: bool = False
    lesson: tuple = ()

    @property
    def lesson_words(self) -> tuple:
        """The words the rule sheet box shows for the lesson's side: ``lesson``, else the first
        of the ``use`` words."""
        return self.lesson or (re.split(r"[;،,]| \(", self.use)[0].strip(),)

    def _pattern(self, regex: str) -> re.Pattern:
        start = "" if self.language in INSIDE_WORDS else r"(?<![\w])"
        return re.compile(f"{start}(?:{regex})", re.IGNORECASE)

    @property
    def forbidden_patterns(self) -> list:
        return [self._pattern(f) for f in self.forbidden]

    @property
    def word_pattern(self):
        return self._pattern(self.word) if self.word else None


@dataclass(frozen=True)
class Text:
    """A translated text to check, with the English it translates (None if unknown)."""

    where: str
    english: str | None
    text: str


@dataclass
class Glossary:
    """A language's glossary: its title, intro and sections of terms."""

    language: str
    title: str
    intro: str
    sections: list = field(default_factory=list)      # [(game, title, note, [Term])]

    @property
    def terms(self) -> list:
        return [t for _, _, _, terms in self.sections for t in terms]


def load(language: str, folder: Path = FOLDER) -> Glossary:
    """The glossary of ``language`` from ``<folder>/<language>.toml``; a malformed one is a SetupError."""
    if tomllib is None:
        raise SetupError("the glossary tool needs Python 3.11 or newer (tomllib)")
    path = Path(folder) / f"{language}.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    if data.get("language") != language:
        raise SetupError(f"{path}: language should be {language!r}, not {data.get('language')!r}")
    out = Glossary(language, data["title"], data.get("intro", "").strip())
    for section in data.get("section", []):
        if section.get("game") not in GAMES:
            raise SetupError(f"{path}: section {section.get('title')!r}: game must be one of {sorted(GAMES)}")
        terms = []
        for row in section.get("term", []):
            unknown = set(row) - _FIELDS
            if unknown or "en" not in row or "use" not in row:
                raise SetupError(f"{path}: term {row.get('en')!r}: needs en and use; unknown keys {sorted(unknown)}")
            term = Term(language, section["game"], **{k: tuple(v) if isinstance(v, list) else v
                                                        for k, v in row.items()})
            for regex in (*term.forbidden, term.where, term.word, term.only_where):
                try:
                    re.compile(regex)
                except re.error as err:
                    raise SetupError(f"{path}: term {term.en!r}: bad pattern {regex!r}: {err}") from None
            if term.only_where and not term.word:
                raise SetupError(f"{path}: term {term.en!r}: only_where needs word")
            if term.box and not term.sheet:
                raise SetupError(f"{path}: term {term.en!r}: box needs the sheet's words")
            terms.append(term)
        out.sections.append((section["game"], section["title"], section.get("note", "").strip(), terms))
    return out


# --------------------------------------------------------------------------- the page

def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown(glossary: Glossary) -> str:
    """The ``<lang>.md`` page of a glossary (generated; the ``.toml`` is the source)."""
    lines = [f"# {glossary.title}", "",
             f"<!-- generated from {glossary.language}.toml by python -m pushlab.i18n.glossary "
             "(make catalogs): edit the .toml -->", ""]
    if glossary.intro:
        lines += [glossary.intro, ""]
    for game, title, note, terms in glossary.sections:
        lines += [f"## {title}", ""]
        if note:
            lines += [note, ""]
        lines += ["| English | use | seed's word | never | why |", "|---|---|---|---|---|"]
        for t in terms:
            never = ", ".join(f"`{f}`" for f in t.forbidden)
            if never and t.where:
                never += f" (where the English matches `{t.where}`)"
            if t.only_where:
                never = (never + "; " if never else "") + f"`{t.word}` only where the English matches `{t.only_where}`"
            why = t.why
            if t.box:
                why = (why + "; " if why else "") + "rule sheet box: " + ", ".join(f'"{w}"' for w in t.sheet)
            lines.append("| " + " | ".join(_cell(x) for x in (t.en, t.use, t.seed, never, why)) + " |")
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


# --------------------------------------------------------------------------- what is checked

_NOT_WORDS = [re.compile(p) for p in (r"\]\([^)]*\)", r"`[^`]*`", r"<[^>]+>", r"\{[^}]*\}",
                                       r"https?://\S+", r"\b[\w-]+\.(?:ipynb|md|py|toml)\b")]


def words_of(text: str) -> str:
    """``text`` without what is not prose: link targets, code spans, HTML tags, {fields}, file names."""
    for pattern in _NOT_WORDS:
        text = pattern.sub(" ", text)
    return text


def _forms(value) -> tuple:
    return tuple(value) if isinstance(value, (list, tuple)) else (value,)


def catalog_texts(language: str, locale: Path = i18n.LOCALE_DIR):
    """Every translated message of every ``.po`` part of ``language`` as :class:`Text` (all plural forms)."""
    from babel.messages.pofile import read_po

    for path in sorted((Path(locale) / language / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as f:
            catalog = read_po(f, locale=language)
        for m in catalog:
            if not m.id:
                continue
            english = " / ".join(_forms(m.id))
            for form in _forms(m.string):
                if form:
                    yield Text(f"{path.name}:{m.lineno}", english, form)


def _markdown_paragraphs(nb: dict) -> list:
    from pushlab.i18n.notebook import _source, paragraphs

    return [(i, p) for i, cell in enumerate(nb["cells"]) if cell["cell_type"] == "markdown"
            for p in paragraphs(_source(cell))]


def notebook_texts(language: str, notebooks: Path = NOTEBOOKS):
    """Every markdown paragraph of every lesson in ``notebooks/<language>/`` as :class:`Text`,
    with the English paragraph it was made from (the lesson named by its ``generated_from``,
    paired by position); a lesson with no English source gives ``english=None``."""
    for path in sorted((Path(notebooks) / language).glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        source = nb.get("metadata", {}).get("pushlab", {}).get("generated_from")
        english = []
        if source and (path.parent / source).is_file():
            english = _markdown_paragraphs(json.loads((path.parent / source).read_text(encoding="utf-8")))
        ours = [(i, p) for i, p in _markdown_paragraphs(nb)]
        if language in i18n.RTL:          # the generated copy wraps each cell in a dir div
            ours = [(i, p) for i, p in ours if not re.fullmatch(r"</?div[^>]*>", p.strip())]
        paired = len(english) == len(ours)
        for k, (cell, text) in enumerate(ours):
            yield Text(f"{path.relative_to(Path(notebooks))} cell {cell}", english[k][1] if paired else None, text)


def texts(language: str, locale: Path = i18n.LOCALE_DIR, notebooks: Path = NOTEBOOKS) -> list:
    """Everything a reader of ``language`` sees that the glossary can check: the catalogs and the lessons."""
    return [*catalog_texts(language, locale), *notebook_texts(language, notebooks)]


def problems(glossary: Glossary, items) -> list[str]:
    """The glossary's complaints about ``items`` (:class:`Text`): forbidden variants, and
    words that mean one concept used where the English says another."""
    out = []
    checks = [(t, p) for t in glossary.terms for p in t.forbidden_patterns]
    exclusive = [(t, t.word_pattern, re.compile(t.only_where, re.I)) for t in glossary.terms if t.only_where]
    scopes = {t.where: re.compile(t.where, re.I) for t in glossary.terms if t.where}
    for item in items:
        if item.english is not None and item.english.startswith(BOX_START):
            continue            # the rule sheet box quotes the sheet's words on purpose (box_problems)
        text = words_of(item.text)
        english = words_of(item.english) if item.english is not None else None
        for term, pattern in checks:
            if term.where and (english is None or not scopes[term.where].search(english)):
                continue
            found = pattern.search(text)
            if found:
                out.append(f"{glossary.language} {item.where}: {found.group()!r} is a variant the glossary "
                           f"forbids for {term.en!r} (use {term.use!r}; {term.why or 'see the glossary'}): "
                           f"...{_around(text, found)}...")
        if english is None:
            continue
        for term, word, scope in exclusive:
            found = word.search(text)
            if found and not scope.search(english):
                out.append(f"{glossary.language} {item.where}: {found.group()!r} means {term.en!r} only, but "
                           f"the English has no {term.only_where!r} (one word, two concepts): "
                           f"...{_around(text, found)}... / English: {english[:120]!r}")
    return out


def _around(text: str, found, width: int = 40) -> str:
    return text[max(0, found.start() - width):found.end() + width].replace("\n", " ")


def glossary_problems(glossary: Glossary) -> list[str]:
    """Mistakes in the glossary itself: a term's own word among its forbidden variants, or
    one word claimed by two concepts as their only meaning."""
    out = []
    for t in glossary.terms:
        for pattern in t.forbidden_patterns:
            if pattern.search(words_of(t.use)):
                out.append(f"{glossary.language}: {t.en!r}: its own word {t.use!r} matches a forbidden {pattern.pattern!r}")
    return out


# --------------------------------------------------------------------------- the rule sheet box

def box_text(language: str, game: str, locale: Path = i18n.LOCALE_DIR, notebooks: Path = NOTEBOOKS):
    """The translation of the "The rule sheet says ..." paragraph of ``game``'s rules lesson, or None."""
    lesson = Path(notebooks) / GAMES[game]
    if not lesson.is_file():
        return None
    boxes = [p for _, p in _markdown_paragraphs(json.loads(lesson.read_text(encoding="utf-8")))
             if p.startswith(BOX_START)]
    if not boxes:
        return None
    from pushlab.i18n.compile import merged

    found = merged(language).get(boxes[0])
    return found[1].string if found else ""


def box_problems(glossary: Glossary, box: str | None, game: str) -> list[str]:
    """What the box of ``game`` in the glossary's language fails to name: every ``box`` term's
    sheet words and the word the lessons use instead."""
    if box is None:
        return [f"{glossary.language}: lesson {GAMES[game]} has no paragraph starting {BOX_START!r}"]
    out = []
    flat = " ".join(box.split())
    for t in glossary.terms:
        if t.game != game or not t.box:
            continue
        for word in (*t.sheet, *t.lesson_words):
            if word.lower() not in flat.lower():
                out.append(f"{glossary.language}: the rule sheet box of {GAMES[game]} does not name "
                           f"{word!r} ({t.en})")
    return out


# --------------------------------------------------------------------------- command line

def main(argv=None) -> int:
    """Write docs/glossary/<lang>.md from the .toml files (--check: say what is stale or wrong)."""
    parser = argparse.ArgumentParser(prog="python -m pushlab.i18n.glossary", description=main.__doc__)
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a page is stale or a translation breaks its glossary")
    args = parser.parse_args(argv)
    bad = 0
    for language in i18n.TRANSLATED:
        glossary = load(language)
        page = FOLDER / f"{language}.md"
        text = markdown(glossary)
        if args.check:
            found = glossary_problems(glossary) + problems(glossary, texts(language))
            if not page.is_file() or page.read_text(encoding="utf-8") != text:
                found.insert(0, f"{page} is stale (run python -m pushlab.i18n.glossary)")
            for line in found:
                print(line, file=sys.stderr)
            bad += len(found)
            print(f"{language}: {len(found)} problem(s)")
        elif not page.is_file() or page.read_text(encoding="utf-8") != text:
            page.write_text(text, encoding="utf-8")
            print(f"wrote {page}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
