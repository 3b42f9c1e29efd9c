"""The glossaries (``docs/glossary/<lang>.toml``) hold in every translation, and the words a
native teacher asked for are the ones the catalogs give.

The scan covers every ``.po`` part and every lesson in ``notebooks/<lang>/`` by globbing, so
parts and lessons added later are checked too; planted wrong words show that it fails.
"""

import json
import re
import shutil
from pathlib import Path

import pytest

from pushlab import i18n
from pushlab.i18n import glossary

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def glossaries():
    return {code: glossary.load(code) for code in i18n.TRANSLATED}


def test_every_language_has_a_glossary_and_its_page_is_current(glossaries):
    """One .toml per translated language, well formed; the .md beside it is generated from it."""
    assert sorted(p.stem for p in glossary.FOLDER.glob("*.toml")) == sorted(i18n.TRANSLATED)
    for code, g in glossaries.items():
        assert g.terms and glossary.glossary_problems(g) == [], code
        page = glossary.FOLDER / f"{code}.md"
        assert page.read_text(encoding="utf-8") == glossary.markdown(g), \
            f"{page} is stale: run python -m pushlab.i18n.glossary (make catalogs)"
        for t in g.terms:                      # every forbidden word says why
            assert not t.forbidden or t.why, (code, t.en)


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_every_catalog_and_lesson_keeps_to_the_glossary(language, glossaries):
    """No forbidden variant and no one-concept word used for another concept, in any .po part
    or any paragraph of any translated lesson."""
    texts = glossary.texts(language)
    lessons = {t.where.split(" cell")[0] for t in texts if ".ipynb" in t.where}
    assert len(lessons) >= 10 and all(t.english for t in texts if ".ipynb" in t.where), \
        "every translated lesson's paragraphs are paired with the English ones"
    problems = glossary.problems(glossaries[language], texts)
    assert problems == [], "\n".join(problems)


# Planted wrong words: (English, translation, what the check must name). Each language gets a
# forbidden variant in a catalog part and one in a lesson paragraph; Arabic also gets المقعد
# for a seat (a word used for two concepts).
PLANTED = {
    "ar": [("seat {n} (starts)", "المقعد {n} (يبدأ)", "one word, two concepts"),
           ("against the field", "أمام المجموعة", "'مجموعة'"),
           ("## 1. Ann's decision", "## 1. قرار آن", "players' names")],
    "cs": [("greedy (one card ahead)", "chamtivý (o kartu dopředu)", "'chamtiv'"),
           ("Bots:", "Roboti:", "'Robot'"),
           ("You may start a new column while there are fewer than three.",
            "Nový sloupec můžete začít, dokud jsou na stole méně než tři sloupce.", "fewer than")],
    "et": [("## 2. Pushing too far: the bust and the die (rule 11)",
            "## 2. Liiga kaugele: läbikukkumine ja täring (reegel 11)", "'läbikukkum'"),
           ("against the field", "välja vastu", "'välja'"),
           ("# Push, the push-your-luck card game", "# Push, push-your-luck-kaardimäng", "push-your-luck")],
    "eo": [("against the field", "kontraŭ la kampo", "'kamp'"),
           ("partners sit opposite each other", "partneroj sidas kontraŭ si", "'kontraŭ si'"),
           ("the default bot *after 5*", "la defaŭlta roboto *after 5*", "'after 5'")],
}


def _po(entries) -> str:
    return "".join(f'msgid "{e}"\nmsgstr "{t}"\n\n' for e, t, _ in entries)


def _notebook(paragraphs, language=None) -> dict:
    cells = [{"cell_type": "markdown", "metadata": {}, "source": p} for p in paragraphs]
    cells.insert(1, {"cell_type": "code", "metadata": {}, "source": "x = 1", "outputs": [], "execution_count": None})
    meta = {"pushlab": {"language": language, "generated_from": "../99-planted.ipynb"}} if language else {}
    return {"cells": cells, "metadata": meta, "nbformat": 4, "nbformat_minor": 5}


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_a_planted_wrong_term_fails_in_a_new_part_and_a_new_lesson(language, glossaries, tmp_path):
    """A part and a lesson nobody has written yet: the scan finds them and names each planted word."""
    planted = PLANTED[language]
    locale = tmp_path / "locale"
    part = locale / language / "LC_MESSAGES" / "someone-else.po"
    part.parent.mkdir(parents=True)
    part.write_text(_po(planted[:2]), encoding="utf-8")
    notebooks = tmp_path / "notebooks"
    (notebooks / language).mkdir(parents=True)
    english, translated = planted[2][0], planted[2][1]
    if i18n.is_rtl(language):
        translated = f'<div lang="{language}" dir="rtl">\n\n{translated}\n\n</div>'
    (notebooks / "99-planted.ipynb").write_text(json.dumps(_notebook(["# Title", english])), encoding="utf-8")
    (notebooks / language / "99-planted.ipynb").write_text(
        json.dumps(_notebook(["# Title", translated], language)), encoding="utf-8")
    texts = glossary.texts(language, locale=locale, notebooks=notebooks)
    assert [t.english for t in texts] == [planted[0][0], planted[1][0], "# Title", english]
    problems = glossary.problems(glossaries[language], texts)
    for (_, _, why), where in zip(planted, ("someone-else.po", "someone-else.po", "99-planted.ipynb cell")):
        assert any(why in p and where in p for p in problems), (why, problems)
    assert len({p.split(":")[0] + p.split("'")[1] for p in problems}) >= 3
    # and the same texts corrected pass
    fixed = [glossary.Text("x", e, FIXED[language][e]) for e, _, _ in planted]
    assert glossary.problems(glossaries[language], fixed) == []


FIXED = {
    "ar": {"seat {n} (starts)": "اللاعب {n} (يبدأ)", "against the field": "أمام استراتيجية الخصوم",
           "## 1. Ann's decision": "## 1. قرار Ann"},
    "cs": {"greedy (one card ahead)": "hladový (o kartu dopředu)", "Bots:": "Boti:",
           "You may start a new column while there are fewer than three.":
           "Nový sloupec můžete začít, dokud je na stole méně než tři sloupce."},
    "et": {"## 2. Pushing too far: the bust and the die (rule 11)": "## 2. Liiga kaugele minek ja täring (reegel 11)",
           "against the field": "vastaste strateegia vastu",
           "# Push, the push-your-luck card game": "# Push, kaartidega riskimäng"},
    "eo": {"against the field": "kontraŭ la kontraŭuloj",
           "partners sit opposite each other": "partneroj sidas unu kontraŭ la alia",
           "the default bot *after 5*": "la defaŭlta roboto *post 5*"},
}


def test_the_esperanto_face_down_check_catches_every_word_for_word_variant(glossaries):
    """Issue 25/26 review: the check forbade only "kun vizaĝo malsupren" (and only where the
    English says stock), so "Stoko (supraj kartoj, vizaĝo malsupren)" passed. Every variant with
    the noun fails now, in any text and across a line break; the adverb passes."""
    g = glossaries["eo"]
    for wrong in ("kun vizaĝo malsupren", "vizaĝo malsupren", "Vizaĝo\nmalsupren", "kartoj vizaĝoj supren",
                  "metu ĝin vizaĝon malsupren"):
        assert glossary.problems(g, [glossary.Text("x", "deal the hands", wrong)]), wrong
    for right in ("vizaĝe malsupren", "vizaĝe\nsupren", "la vizaĝo de la ĵetkubo"):
        assert glossary.problems(g, [glossary.Text("x", "face down", right)]) == [], right


def test_bench_is_still_allowed_where_the_english_says_bench(glossaries):
    """The one-concept rule is about the English: المقعد for a bench passes, for a seat fails."""
    g = glossaries["ar"]
    assert glossary.problems(g, [glossary.Text("x", "bench empty", "المقعد فارغ")]) == []
    assert glossary.problems(g, [glossary.Text("x", "seat {n}", "المقعد {n}")])
    # Estonian "välja" is right in "go out" (välja minna), wrong only for the field
    assert glossary.problems(glossaries["et"], [glossary.Text("x", "go out", "minna välja")]) == []


# --------------------------------------------------------------------------- the exact words


@pytest.mark.parametrize(("language", "english", "expected"), [
    # Arabic: a seat is a player or a place, never المقعد (the bench); one word for a card
    ("ar", "seat {n}", "اللاعب {n}"),
    ("ar", "seat {n} (starts)", "اللاعب {n} (يبدأ)"),
    ("ar", "bench empty", "المقعد فارغ"),
    ("ar", "Draw the top card of the pile", "اسحب الورقة العليا من الكومة"),
    ("ar", "greedy", "الجشع"),
    # the field: the opponents' strategy, in the apps as in the lessons
    ("et", "against the field", "vastaste strateegia vastu"),
    ("cs", "against the field", "proti strategii soupeřů"),
    ("eo", "against the field", "kontraŭ la kontraŭuloj"),
    ("ar", "against the field", "أمام استراتيجية الخصوم"),
    # Czech: one bot word, one greedy word
    ("cs", "Bots:", "Boti:"),
    ("cs", "greedy", "hladový"),
    ("cs", "greedy (one card ahead)", "hladový (o kartu dopředu)"),
    # Esperanto: face down
    ("eo", "face-down stock", "stoko, vizaĝe malsupren"),
    ("eo", "Stock (top cards, face down)", "Stoko (supraj kartoj, vizaĝe malsupren)"),
    ("eo", "The top stock card goes to {left} too, face down: only {left} sees it is {first}.",
     "La supra stoka karto ankaŭ iras al {left}, vizaĝe malsupren: nur {left} vidas, ke ĝi estas {first}."),
])
def test_the_corrected_catalog_strings(language, english, expected):
    assert i18n.gettext(english, language) == expected


def _lesson_paragraph(language, lesson, english_start):
    """The translation of the paragraph of ``lesson`` that starts with ``english_start``."""
    from pushlab.i18n.notebook import _source, paragraphs

    nb = json.loads((REPO / "notebooks" / lesson).read_text(encoding="utf-8"))
    [para] = [p for c in nb["cells"] if c["cell_type"] == "markdown"
              for p in paragraphs(_source(c)) if p.startswith(english_start)]
    return i18n.gettext(para, language)


@pytest.mark.parametrize(("language", "lesson", "start", "expected"), [
    ("cs", "01-push-your-luck-rules.ipynb", "On your turn you **push**", "dokud je na stole méně než\ntři sloupce"),
    ("eo", "05-rummy-rules.ipynb", "*Push* is a rummy for four players", "partneroj sidas unu kontraŭ la alia"),
    ("et", "01-push-your-luck-rules.ipynb", "# Push, the push-your-luck card game", "# Push, kaartidega riskimäng"),
    ("et", "01-push-your-luck-rules.ipynb", "## 2. Pushing too far", "## 2. Liiga kaugele minek ja täring"),
    ("ar", "08-when-to-bank.ipynb", "## 1. Ann's decision", "## 1. قرار Ann"),
    ("cs", "08-when-to-bank.ipynb", "* a **stop rule**", "*po k* přestane tlačit"),
])
def test_the_corrected_lesson_paragraphs(language, lesson, start, expected):
    assert expected in _lesson_paragraph(language, lesson, start)


@pytest.mark.parametrize("language", ["en", *i18n.TRANSLATED])
def test_lesson_08_names_the_policies_as_the_widgets_do(language):
    """The lesson's names of the stop and bank rules are the labels its heatmaps and tables show
    (``pushlab.luck.policy.policy_label``), in every language."""
    from pushlab.luck.policy import policy_label
    from pushlab.luck.search import bank_rule_label

    para = _lesson_paragraph(language, "08-when-to-bank.ipynb", "* a **stop rule**")
    names = [(policy_label("after 7", language), "k"), (policy_label("risk 0.3", language), "p"),
             (bank_rule_label("at 20", language), "x"), (bank_rule_label("loss 5", language), "t")]
    for label, name in names:          # the heatmap's row and column labels, with the letter
        named = re.sub(r"\d+(?:[.,]\d+)?", name, label)
        assert f"*{named}*" in para, (language, label)
    assert f"*{policy_label('never', language)}*" in para
    english = policy_label("after 5, bank at 25", language) == "after 5, bank at 25"
    assert english == (language == "en")        # English shows the text form code uses


@pytest.mark.parametrize("language", i18n.TRANSLATED)
@pytest.mark.parametrize("game", sorted(glossary.GAMES))
def test_the_rule_sheet_box_maps_the_sheets_words_to_the_lessons(language, game, glossaries):
    """Lessons 01 and 05 have a "The rule sheet says ..." box; in each language it names every
    rule-sheet word the glossary marks for the box, beside the lesson's word. A language with
    no rule sheet for the game says so."""
    box = glossary.box_text(language, game)
    assert box, f"no rule sheet box in {glossary.GAMES[game]} ({language})"
    assert glossary.box_problems(glossaries[language], box, game) == []
    terms = [t for t in glossaries[language].terms if t.game == game and t.box]
    assert ("\n> - " in box) == bool(terms), "a list exactly where the language has a rule sheet"
    if not terms:
        assert f"docs/glossary/{language}.md" in box
    # and a box that forgets a word fails
    if terms:
        word = terms[0].sheet[0]
        assert glossary.box_problems(glossaries[language], box.replace(word, "…"), game)


@pytest.mark.parametrize("language, cards, faces", [
    ("en", "R1 R1 B1 B1 and 1 roll card", "red, blue, and star"),
    ("cs", "R1 R1 B1 B1 a\u00a01 karta hodu", "červená, modrá a\u00a0hvězda"),
    ("et", "R1 R1 B1 B1 ja 1 rullkaart", "punane, sinine ja tärn"),
    ("eo", "R1 R1 B1 B1 kaj 1 ĵetkarto", "ruĝa, blua kaj stelo"),
    ("ar", "R1 R1 B1 B1 وورقة رمي واحدة", "أحمر وأزرق ونجمة"),
])
def test_lesson_11s_deck_label_joins_its_lists_as_the_language_does(language, cards, faces):
    """The deck label's parts and the die's faces are lists by Babel's ``format_list``
    (``pushlab.i18n.lists.list_text``). Was: a Latin ", " in every language, Arabic too
    ("أحمر, نجمة"). ~10 ms."""
    from pushlab.i18n.lists import list_text
    from pushlab.widgets.perfect import deck_label

    before = i18n.current_language()
    i18n.set_language(language)
    try:
        label = deck_label("two-colours")
    finally:
        i18n.set_language(before)
    assert cards in label and label.endswith(faces), label
    assert list_text(["x", "", "y"], language) == list_text(["x", "y"], language)
    if language == "ar":
        assert ", " not in label and list_text(["x", "y", "z"], "ar") == "x وy وz"


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_lesson_11s_deck_menu_names_the_roll_card_in_the_glossarys_word(language, glossaries):
    """Lesson 11's deck label (the deck menu, the maps' alt text, the shipped grades' heads)
    counts the roll and switch cards in words: was "R1 R1 R2 R2 roll" in every language. ~0.1 s."""
    from pushlab.luck.solve import SmallDeck
    from pushlab.widgets.perfect import deck_label

    g = glossaries[language]
    before = i18n.current_language()
    i18n.set_language(language)
    try:
        labels = [deck_label("one-colour"), deck_label(SmallDeck(colours=1, numbers=1, rolls=3, switches=2))]
    finally:
        i18n.set_language(before)
    for term, label in (("roll card", labels[0]), ("roll card", labels[1]), ("switch card", labels[1])):
        use = next(t.use for t in g.terms if t.en == term)
        stem = use.split()[-1].removeprefix("ال")            # Arabic: ورقة الرمي, counted indefinite (ورقة رمي)
        assert stem in label, (term, use, label)
    assert not re.search(r"\broll\b|\bswitch\b", " ".join(labels)), labels
    assert glossary.problems(g, [glossary.Text("deck_label", "5 cards: R1 R1 R2 R2, 1 roll card", labels[0])]) == []
