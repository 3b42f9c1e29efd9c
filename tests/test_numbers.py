"""Numbers a reader sees are written in the reader's language (pushlab.i18n.numbers, Babel's
CLDR data): the decimal mark, grouping, the percent sign and its spacing, the signs. One
widget or text per area (exercise answers, a widget, the class dashboard's text, a plot's tick
labels). Cheap: about 1 s in all (no rollouts; the banking widget's advice is tested with
its own test in test_widgets_banking.py)."""

import re

import pytest

from pushlab import i18n
from pushlab.i18n import numbers as nums

LANGS = ("en", "et", "cs", "ar", "eo")
NB, NNB = "\u00a0", "\u202f"          # no-break space (Czech %, Estonian groups), narrow one (Esperanto)
PCT_AR = "\u200e%\u200e"               # Arabic's percent sign (CLDR, Latin digits): % between left-to-right marks

#: The same values in every language, exactly as shown: (1/6 to one decimal as a percentage,
#: 4906.5 with one decimal, -2.3% and +2.3% with a sign, 0.27% as a plot's label, 0.9996 in words, 0.5).
EXPECTED = {
    "en": ["16.7%", "4,906.5", "-2.3%", "+2.3%", "0.27%", "over 99%", "0.5"],
    "et": ["16,7%", f"4{NB}906,5", "\u22122,3%", "+2,3%", "0,27%", "üle 99%", "0,5"],
    "cs": [f"16,7{NB}%", f"4{NB}906,5", f"-2,3{NB}%", f"+2,3{NB}%", f"0,27{NB}%", f"přes 99{NB}%", "0,5"],
    "ar": [f"16.7{PCT_AR}", "4,906.5", f"\u200e-2.3{PCT_AR}", f"\u200e+2.3{PCT_AR}", f"0.27{PCT_AR}",
           f"أكثر من 99{PCT_AR}", "0.5"],
    "eo": ["16,7%", f"4{NNB}906,5", "-2,3%", "+2,3%", "0,27%", "pli ol 99%", "0,5"],
}


def _shown(lang):
    return [nums.percent(1 / 6, 1, language=lang), nums.decimal(4906.5, 1, language=lang),
            nums.percent(-0.023, 1, sign=True, language=lang), nums.percent(0.023, 1, sign=True, language=lang),
            nums.percent_label(0.0027, lang), nums.percent_words(0.9996, lang), nums.decimal(0.5, language=lang)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_same_values_in_every_language(lang):
    assert _shown(lang) == EXPECTED[lang]
    before = i18n.current_language()
    i18n.set_language(lang)                              # the current language, when none is named
    try:
        assert _shown(None) == EXPECTED[lang]
        # a catalog message's own {n:,} and {d:+.1%} placeholders, filled with a Number
        assert "{n:,} {d:+.1%}".format(n=nums.Number(4906), d=nums.Number(0.023)) == (
            f"{EXPECTED[lang][1][:-2]} {EXPECTED[lang][3]}")
    finally:
        i18n.set_language(before)


def test_numbers_in_sets_the_language_of_a_block_and_restores_it():
    with nums.numbers_in("cs"):
        assert nums.percent(0.5) == f"50{NB}%"
        with nums.numbers_in("eo"):
            assert nums.decimal(0.5) == "0,5"
        assert nums.decimal(0.5) == "0,5"
    assert nums.decimal(0.5) == "0.5"
    with pytest.raises(ValueError):
        nums.numbers_in("xx").__enter__()


@pytest.mark.parametrize("lang, answer, guess", [
    ("en", "2/3 ≈ 66.7%", "Your guess: 26.0%."),
    ("et", "2/3 ≈ 66,7%", "Sinu arvamus: 26,0%."),
    ("cs", f"2/3 ≈ 66,7{NB}%", f"Váš odhad: 26,0{NB}%."),
    ("ar", f"2/3 ≈ 66.7{PCT_AR}", f"تخمينك: 26.0{PCT_AR}."),
    ("eo", "2/3 ≈ 66,7%", "Via diveno: 26,0%."),
])
def test_exercise_answers_and_predictions_in_the_readers_language(lang, answer, guess):
    """An exercise's answer and a prediction's verdict, built in a language other than the
    current one (English), write their numbers in their own language."""
    from pushlab import teaching

    assert i18n.current_language() == "en"
    assert teaching.exercise("03.counting-risk", lang).answer_text == answer
    first = teaching.prediction("03.first-card", lang)
    assert first.closeness(26.0).message.startswith(guess)
    paired = teaching.exercise("10.paired-verdict", lang).question     # {d:+.1f} in the catalog message
    comma = lang in ("et", "cs", "eo")
    assert ("+1,2" in paired) == comma and ("+1.2" in paired) == (not comma), paired


@pytest.mark.parametrize("lang", ["et", "cs", "eo"])
def test_the_search_summary_widget_has_no_english_decimal_left(lang):
    """Lesson 08's search summary table (the policies' own labels aside, which are names)."""
    from pushlab.luck.search import load_results
    from pushlab.widgets.banking import summary_html

    before = i18n.current_language()
    i18n.set_language(lang)
    try:
        text = re.sub(r"<[^>]+>", " ", summary_html(load_results()))
    finally:
        i18n.set_language(before)
    assert re.search(r"\d,\d", text)
    assert not re.findall(r"\d\.\d+\s?%", text), text


@pytest.mark.parametrize("lang, ticks", [("en", ["0%", "25%", "50%"]), ("cs", [f"0{NB}%", f"25{NB}%", f"50{NB}%"]),
                                         ("eo", ["0,00", "0,25", "0,50"])])
def test_tick_labels_in_the_readers_language(lang, ticks):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    try:
        kind, digits = ("decimal", 2) if lang == "eo" else ("percent", 0)
        nums.ticks(ax.yaxis, kind, digits, language=lang)
        f = ax.yaxis.get_major_formatter()
        assert [f(v, i) for i, v in enumerate((0, 0.25, 0.5))] == ticks
    finally:
        plt.close(fig)


@pytest.mark.parametrize("lang, labels", [("en", ["0.0", "0.2", "0.4"]), ("cs", ["0,0", "0,2", "0,4"]),
                                          ("ar", ["0.0", "0.2", "0.4"]), ("eo", ["0,0", "0,2", "0,4"])])
def test_every_drawn_figure_has_its_tick_labels_in_the_readers_language(lang, labels):
    """matplotlib's own numeric tick labels (a probability axis), as drawn by png_base64 (every
    figure a lesson or widget shows): the decimal mark is the language's; the figure keeps its
    own labels outside the drawing."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from pushlab.plots.rtl import drawn_shaped

    fig, ax = plt.subplots()
    before = i18n.current_language()
    i18n.set_language(lang)
    try:
        ax.plot([0, 1], [0, 1])
        ax.set_ylim(0, 1)
        with drawn_shaped(fig):
            drawn = ax.yaxis.get_major_formatter().format_ticks(ax.get_yticks())
        logical = ax.yaxis.get_major_formatter().format_ticks(ax.get_yticks())
    finally:
        i18n.set_language(before)
        plt.close(fig)
    assert drawn[:3] == labels and logical[:3] == ["0.0", "0.2", "0.4"]


@pytest.mark.parametrize("lang", ["cs", "et", "eo"])
def test_the_play_apps_advice_panel_has_no_english_decimal_left(lang):
    """The play app's advice panel (widgets.render.luck.advice_html): whole-game chances, the
    hint's one-turn values. 100 rollouts per action, about 0.2 s."""
    from pushlab.luck import advise, hint
    from pushlab.luck.positions import bench_position
    from pushlab.widgets.render.luck import advice_html

    game = bench_position(3, "B2 B5 B5 B6 B6 B6", 102, harder=True)
    advice, h = advise(game, rollouts=100, seed=1), hint(game)
    before = i18n.current_language()
    i18n.set_language(lang)
    try:
        text = re.sub(r"<style.*?</style>|<[^>]+>", " ", advice_html(advice, h), flags=re.S)
        text = text.replace("&#x27;", "'").replace("&quot;", '"')
    finally:
        i18n.set_language(before)
    assert re.search(r"[+\u2212-]\d+,\d", text), text                    # the hint's +1,2
    # the "why banking pays" sentence too (was: English 5.8 ± 0.3 from the engine's own text)
    assert advice.bench and re.search(r"\d,\d \u00b1 \d,\d", text), text
    assert not re.search(r"\d\.\d", text), text
    if lang == "cs":
        assert f"{NB}%" in text


def test_the_teachers_answer_key_writes_its_answers_in_its_language():
    """The guide's answer key (pushlab.guide.pages) builds the lesson's specs in the page's
    language, so its answers follow it (was: 66.7% on the Czech key). ~0.1 s."""
    from pushlab.guide import pages

    text = re.sub(r"<[^>]+>", " ", pages.answer_key("03-push-your-luck-probability", "cs"))
    assert f"66,7{NB}%" in text and not re.search(r"\d\.\d", text)


# -- lesson code cells: a number a reader is shown is formatted by pushlab.i18n.numbers ---------

_NUMERIC_SPEC = re.compile(r"^\+?,?(?:\.\d+)?[%fgeF]?$")


def _numeric(spec: str) -> bool:
    return bool(spec) and spec not in ("s", "r") and bool(_NUMERIC_SPEC.match(spec))


def _self_formatted_numbers(source: str) -> list:
    """The places in a code cell that format a number with Python's own spec (``f"{x:.1%}"``,
    ``f"{n:,}"``, ``_("{n:,} ...").format(n=x)`` with ``x`` not a ``Number``): English marks
    on every page. Returns ``(line, text)`` pairs."""
    import ast
    import string

    tree = ast.parse("\n".join(ln for ln in source.splitlines() if not ln.lstrip().startswith(("%", "!"))))
    templates = {}                            # name = _("...") in the cell
    for node in ast.walk(tree):
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") == "_"
                and node.value.args and isinstance(node.value.args[0], ast.Constant)):
            templates[node.targets[0].id] = node.value.args[0].value

    def is_number(value) -> bool:
        f = value.func if isinstance(value, ast.Call) else None
        return f is not None and (getattr(f, "id", "") == "Number" or getattr(f, "attr", "") == "Number")

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
            spec = "".join(v.value for v in node.format_spec.values if isinstance(v, ast.Constant))
            if _numeric(spec):
                found.append((node.lineno, f"{{{ast.unparse(node.value)}:{spec}}}"))
        if isinstance(node, ast.Call) and "format_ci" in (getattr(node.func, "id", ""), getattr(node.func, "attr", "")):
            found.append((node.lineno, ast.unparse(node)))           # English [a, b]: numbers.interval
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
            base = node.func.value
            if isinstance(base, ast.Constant) and isinstance(base.value, str):
                template = base.value
            elif isinstance(base, ast.Call) and getattr(base.func, "id", "") == "_" and base.args \
                    and isinstance(base.args[0], ast.Constant):
                template = base.args[0].value
            elif isinstance(base, ast.Name) and base.id in templates:
                template = templates[base.id]
            else:
                continue
            given = {k.arg: k.value for k in node.keywords}
            for i, (_text, field, spec, _conv) in enumerate(string.Formatter().parse(template)):
                if field is None or not _numeric(spec or ""):
                    continue
                value = given.get(field) if field else (node.args[i] if i < len(node.args) else None)
                if value is not None and not is_number(value):
                    found.append((node.lineno, f"{{{field}:{spec}}} = {ast.unparse(value)}"))
    return sorted(found, key=lambda f: f[0])


def _lessons():
    from pathlib import Path

    return sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


def test_the_checker_of_lesson_code_cells_finds_a_self_formatted_number():
    src = ('t = _("{n:,} games, {p}").format(n=n, p=nums.percent(p))\n'
           'u = _("{n:,} games").format(n=Number(n))\nv = f"{x:.1%} and {y:+.1f} and {w} and {k:>3}"\n'
           'c = stats.format_ci(lo, hi)')
    assert [t for _l, t in _self_formatted_numbers(src)] == ["{n:,} = n", "{x:.1%}", "{y:+.1f}",
                                                            "stats.format_ci(lo, hi)"]


@pytest.mark.parametrize("path", _lessons(), ids=lambda p: p.name)
def test_lesson_code_cells_write_numbers_in_the_readers_language(path):
    """Every number a lesson's code cell shows goes through pushlab.i18n.numbers (``Number(x)``
    for a catalog message's own ``{n:,}``; ``percent``/``decimal`` otherwise): was 1,885
    positions on lesson 11's Czech page. Static (the cells' syntax tree), ~0.1 s in all."""
    import json

    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    found = [f"cell {i} line {line}: {text}" for i, cell in enumerate(cells) if cell["cell_type"] == "code"
             for line, text in _self_formatted_numbers("".join(cell["source"]))]
    assert not found, "\n".join(found)


def test_lesson_11s_shipped_grades_group_thousands_in_the_readers_language():
    """The table of larger decks computed ahead (positions in brackets): was (1,885) on every page. ~0.1 s."""
    from pushlab.widgets.perfect import shipped_grades_html

    before = i18n.current_language()
    i18n.set_language("cs")
    try:
        text = re.sub(r"<[^>]+>", " ", shipped_grades_html())
    finally:
        i18n.set_language(before)
    assert re.search(rf"\(\d+{NB}\d{{3}}\)", text) and not re.search(r"\d,\d{3}\b", text), text


def test_lesson_11s_shipped_grades_keep_the_percent_sign_with_its_number_in_arabic():
    """Arabic writes a percentage with Latin digits as ``25\u200e%\u200e`` (CLDR; Babel 2.19 leaves
    out the marks): without them a ``%`` after Arabic words leaves its number (the bidi algorithm
    makes the number an Arabic one). The shipped-grades table's row ``توقف عند مخاطرة 25%`` read
    ``%25`` on a right-to-left line, and in the table (left to right, shown with display(HTML))
    the ``%`` at the far end of the row. Now the table has the page's direction, and every cell
    shows each number with its sign beside it, as the unicode bidi algorithm (python-bidi, what
    pushlab.plots.rtl uses) lays it out. ~0.1 s."""
    from bidi.algorithm import get_display

    from pushlab.widgets.perfect import shipped_grades_html

    before = i18n.current_language()
    i18n.set_language("ar")
    try:
        html = shipped_grades_html()
    finally:
        i18n.set_language(before)
    assert 'dir="rtl"' in html.split("<table")[0], html[:300]
    cells = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", html)]
    with_percent = [c for c in cells if "%" in c]
    assert any(re.search("[\u0600-\u06ff]", c) for c in with_percent), cells     # the risk rule's row
    for cell in with_percent:
        shown = get_display(cell, base_dir="R").replace("\u200e", "")
        assert re.fullmatch(r"[^%]*\d%[^%]*", shown), (cell, shown)
    # the same in any sentence: the sign stays with its number
    shown = get_display("تخمينك: " + nums.percent(0.26, 1, language="ar") + ".", base_dir="R").replace("\u200e", "")
    assert "26.0%" in shown, shown


def test_why_banking_pays_is_data_from_the_engine_and_text_from_the_language_layer():
    """Advice.explanation() carries the estimates (no text); pushlab.i18n.events writes it with
    the language's numbers; the English sentence is the one the engine wrote before. ~0.2 s."""
    from pushlab.i18n.events import explanation_text
    from pushlab.luck import advise
    from pushlab.luck.positions import bench_position

    advice = advise(bench_position(3, "B2 B5 B5 B6 B6 B6", 102, harder=True), rollouts=100, seed=1)
    e = advice.explanation()
    assert (e.rolls, e.half, e.harder) == (advice.rolls, 1.96 * advice.rolls_se, True)
    assert [(c, pts) for c, pts, _x in e.protects] == list(advice.bench.items())
    old = (f"{advice.player} still faces about {advice.rolls:.1f} \u00b1 {1.96 * advice.rolls_se:.1f} die rolls "
           "before the game ends (own busts and roll cards collected). Each one hits a given colour with a "
           "chance of 1 in 3 (that colour or a star).")
    assert advice.explain("en").startswith(old) and advice.explain("en") == explanation_text(e, "en")
    cs = explanation_text(e, "cs")
    assert f"{advice.rolls:.1f}".replace(".", ",") in cs and not re.search(r"\d\.\d", cs), cs


# -- numbers typed into translations: a decimal comma where the language writes one -----------

#: What is not prose: code spans and blocks, LaTeX, HTML tags, link targets, addresses.
_NOT_PROSE = re.compile(r"```.*?```|`[^`]*`|\$\$.*?\$\$|\$[^$\n]*\$|<[^>]+>|\]\([^)]*\)|https?://\S+", re.S)
#: A decimal number with a point: not part of a longer dotted name or version (3.10.1, a.1.2),
#: not a version after its program's name (Python 3.10, Voilà 0.5, v1.2).
_POINT = re.compile(r"(?<![\w.])(?<!Python )(?<!Voilà )(?<!version )\d+\.\d+(?![\w.]*\.\d)(?!\.?[A-Za-z_])")


def decimal_points_in_prose(text: str) -> list:
    """The numbers of ``text``'s prose written with a decimal point."""
    return _POINT.findall(_NOT_PROSE.sub(" ", text))


def test_the_decimal_point_check_skips_code_latex_and_versions():
    assert decimal_points_in_prose("šance 0.3102 [0,3038; 0.3167], n = 1.96² × 3.84") == ["0.3102", "0.3167", "1.96",
                                                                                         "3.84"]
    assert decimal_points_in_prose("`x = 0.5`, $p = 0.5$, <b style='w:1.5em'>, Python 3.10, 3.10.2, "
                                   "[a](b0.5.md), 11.first-player, version 0.5, ```\n0.25\n```, 0,5") == []


@pytest.mark.parametrize("lang", ["cs", "et", "eo"])
def test_translations_write_a_decimal_comma_in_prose(lang):
    """Every translated message and lesson paragraph of a language with a decimal comma:
    a number typed by a translator takes the comma (was: lesson 09's 1.96, 0.3102 [0.3038,
    0.3167] and its exercises' n = 1.96² × p(1−p) / h² = 3.84 × 0.25 / 0.05² in Czech, Estonian
    and Esperanto), and an interval of two decimal placeholders is written with a semicolon
    (was: [{lo:+.1f}, {hi:+.1f}] giving [-7,3, -0,7]). Code, LaTeX and version strings keep
    their points. ~0.2 s per language."""
    from pushlab.i18n import glossary

    texts = glossary.texts(lang)
    found = [f"{t.where}: {n}" for t in texts for n in decimal_points_in_prose(t.text)]
    # an interval of two decimal placeholders takes a semicolon: [-7,3; -0,7], not [-7,3, -0,7]
    found += [f"{t.where}: {m}" for t in texts for m in re.findall(r"\{\w+:\+?\.\d+f\}, \{\w+:\+?\.\d+f\}\]", t.text)]
    # nor an interval typed by a translator: [35 %; 47 %], not [35 %, 47 %] (was: lesson 09's first
    # paragraph, its Wald paragraph's [0%, 0%], the prediction's explanation, the guide's board text)
    found += [f"{t.where}: {m}" for t in texts for m in _TYPED_INTERVAL.findall(t.text)]
    assert not found, "\n".join(found)


#: An interval typed in a text: two numbers (or a number and a placeholder) in brackets, comma-separated.
#: (``[{lo}, {hi}]`` of two plain placeholders is left alone: luck.search.summary fills it with
#: Python's own numbers, decimal points, as an engine's text.)
_TYPED_INTERVAL = re.compile(r"\[[-+−]?\d[\d,.\s\u00a0]*%?\s*,\s+[-+−]?(?:\d[\d,.\s\u00a0]*%?|\{\w+(?::[^}]*)?\})\s*\]")
#: A Czech percentage that is a noun: followed by punctuation, the end of the text, or a word that
#: is not one of the nouns pushlab's texts qualify with a percentage (95% interval, 95% IS, 95%
#: pás, 95% pokrytí, 95% Wilsonův interval, 95% spolehlivost, 95% t).
_CZECH_ADJECTIVE_OF = r"(?:interval|IS\b|pás|pokryt|Wilson|spolehlivost|t\b|CI\b)"
_CZECH_NOUN_PERCENT = re.compile(r"\d%(?=[)\]“”\"*:;,.!?]|$|[\s\u00a0]+(?!" + _CZECH_ADJECTIVE_OF + "))")


@pytest.mark.parametrize("lang, wilson, wald", [("en", "[0.0%, 7.1%]", "[0%, 0%]"),
                                                ("cs", f"[0,0{NB}%; 7,1{NB}%]", f"[0{NB}%; 0{NB}%]"),
                                                ("et", "[0,0%; 7,1%]", "[0%; 0%]")])
def test_lesson_09s_intervals_after_no_win_are_written_by_the_language(lang, wilson, wald):
    """Lesson 09's Wilson-after-no-win exercise and its Wald-coverage prediction: the intervals
    are placeholders filled by numbers.interval (a semicolon where the decimal mark is a comma),
    not typed into each translation (was Czech "[0 %, 0 %]", "[0 %, {hi}]", "[{wlo}, {whi}]").
    ~0.3 s each."""
    from pushlab import teaching

    assert wilson in teaching.exercise("09.wilson-zero", lang).reasoning
    assert f"{wald}:" in teaching.exercise("09.wilson-zero", lang).reasoning
    assert wald in teaching.prediction("09.wald-rare", lang).explain


def test_czech_writes_a_percentage_with_a_no_break_space_where_it_is_a_noun():
    """Czech writes ``95 %`` (no-break space: "devadesát pět procent", a noun, as CLDR's pattern
    does) and ``95%`` only as an adjective before its noun (``95% interval``, "devadesátipěti-
    procentní"). A percentage followed by punctuation or the end of a text has no noun after it:
    it is the noun; so is one followed by a word that it does not qualify (``v 95 % případů``).
    Was, in 40 places: lesson 09's title "Co znamená „spolehlivost 95%“", its headings "Kolem
    50%", "Kolem 2%", the banking table's head "konečné skóre (95%)", lesson 10's plot title
    "(95%)", "přes 99%", lesson 11's "64%", "vyhrává 52%\u00a0svých her" (the space after). ~0.2 s."""
    from pushlab.i18n import glossary

    assert _CZECH_NOUN_PERCENT.findall("spolehlivost 95%“, 95% interval, (95%), 95 %, přes 99%, v 52% her, "
                                       "95% IS, 95% pokrytí") == ["5%", "5%", "9%", "2%"]
    found = [f"{t.where}: …{t.text[max(0, m.start() - 30):m.end() + 5]}…" for t in glossary.texts("cs")
             for m in _CZECH_NOUN_PERCENT.finditer(t.text)]
    assert not found, "\n".join(found)


#: A percentage typed into a text: a digit or a placeholder, then ``%`` (marks and spaces between
#: caught too), not a format spec's own ``%`` (``{p:.1%}``).
_TYPED_PERCENT = re.compile(r"[\d}][\s\u00a0]*\u200e?%(?!\})\u200e?")


def test_arabic_typed_percentages_carry_the_same_sign_as_formatted_ones():
    """A percentage a translator typed into an Arabic message or lesson paragraph (``أكثر من 99%``,
    "over 99%"; ``فترة ثقة 95%``; ``{win}%``) is written with CLDR's Arabic percent sign, the
    ``%`` between two left-to-right marks, as :func:`numbers.number` writes it: without them the
    bidi algorithm makes the number after Arabic letters an Arabic number and the sign leaves it,
    so the reader saw ``%99`` next to formatted numbers reading ``99%`` (was: 116 places in 11
    parts, 30 paragraphs of the lesson copies). ~0.2 s."""
    from pushlab.i18n import glossary

    assert PCT_AR == nums._percent_sign("ar")
    assert [m.group() for m in _TYPED_PERCENT.finditer(f"99%، {{win}}%، 95 %، {{p:.1%}}, 50{PCT_AR} 7\u200e%")] == [
        "9%", "}%", "5 %", f"0{PCT_AR}", "7\u200e%"]
    found = [f"{t.where}: …{t.text[max(0, m.start() - 20):m.end() + 5]}…" for t in glossary.texts("ar")
             for m in _TYPED_PERCENT.finditer(t.text) if m.group()[1:] != PCT_AR]
    assert not found, "\n".join(found)


def test_czech_typed_percentages_keep_the_sign_on_the_numbers_line():
    """Czech ``95 %`` typed into a message or lesson paragraph has CLDR's no-break space between
    number and sign, as :func:`numbers.number` writes it (``16,7\u00a0%``), so no line breaks
    between them (was: an ordinary space in 45 messages, among them lesson 09's power paragraph
    and lesson 10's "v 95 % případů"). ~0.2 s."""
    from pushlab.i18n import glossary

    assert nums.percent(0.5, language="cs") == f"50{NB}%"
    assert [m.group() for m in _TYPED_PERCENT.finditer(f"95 %, 33\n%, {{p}} %, 50{NB}%, 95% interval")] == [
        "5 %", "3\n%", "} %", f"0{NB}%", "5%"]
    found = [f"{t.where}: …{t.text[max(0, m.start() - 20):m.end() + 5]}…" for t in glossary.texts("cs")
             for m in _TYPED_PERCENT.finditer(t.text) if m.group()[1:] not in ("%", f"{NB}%")]
    assert not found, "\n".join(found)


def test_the_rummy_whole_deal_hint_writes_its_estimates_in_the_readers_numbers():
    """The rummy app's whole-deal hint (widgets.render.rummy.advice_html): Estonian writes
    CLDR's minus sign (was: Python's -48 ± 18 on every page). 2 rollouts, ~0.1 s."""
    from pushlab.rummy import Game, advise
    from pushlab.widgets.render.rummy import advice_html

    g = Game.new(seed=1)
    a = advise(g, rollouts=2, seed=11)
    assert any(v.mean < -1 for _a, v in a.ranked())
    en = re.findall(r"text-align:right'>([^<]*)<", advice_html(a, g))
    before = i18n.current_language()
    i18n.set_language("et")
    try:
        et = re.findall(r"text-align:right'>([^<]*)<", advice_html(a, g))
    finally:
        i18n.set_language(before)
    assert any(c.startswith("-") for c in en), en
    assert any(c.startswith("\u2212") for c in et) and not any(re.match(r"-\d", c) for c in et), et
