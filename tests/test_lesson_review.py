"""What a fresh review of the lessons found (session 4): each claim a lesson makes about its own
numbers or tables, checked against the library, and the lessons' generated text in every language.

All of these are cheap (no kernel, no browser): about half a second for the file.
"""

import json
import re
from pathlib import Path

import pytest

from pushlab import i18n, teaching

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def cells(name):
    """The English lesson's cells: ``[(cell_type, source)]``."""
    nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    return [(c["cell_type"], "".join(c["source"])) for c in nb["cells"]]


def paragraph(name, starts):
    """The one markdown paragraph of lesson ``name`` that starts with ``starts``."""
    found = [p for kind, src in cells(name) if kind == "markdown" for p in src.split("\n\n") if p.startswith(starts)]
    assert len(found) == 1, (name, starts, len(found))
    return found[0]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def test_lesson_03_says_how_its_push_places_the_cards():
    """Lesson 03's push placed its cards "in the first column it fits"; it places them by the bots'
    rule (a roll card starts a new column even where column 1 would take it)."""
    from pushlab.luck.rules import card_fits, placement
    from pushlab.plots.luck import midgame, push_path

    path = push_path(midgame(players=3, turns=12, seed=5), cards=12)      # the lesson's push
    not_first = 0
    for before, after in zip(path, path[1:]):
        old = list(before.columns) + [()] * (len(after.columns) - len(before.columns))
        grown = [i for i, (a, b) in enumerate(zip(old, after.columns)) if len(b) > len(a)]
        if not grown:
            continue                                                 # a switch card: set aside
        (where,) = grown
        card = after.columns[where][-1]
        assert where == placement(card, before.columns)           # the bots' rule, every card
        first = next((i for i, col in enumerate(before.columns) if card_fits(card, col)), len(before.columns))
        not_first += where != first
    assert not_first >= 1                                          # so "the first column it fits" was wrong
    text = paragraph("03-push-your-luck-probability", "Now the active player keeps drawing")
    assert "first column it fits" not in text and "where the bots would" in text


def test_lesson_03_does_not_call_its_columns_full():
    """The mid-game prediction said "three full columns": a column that can take another card is not
    full (lesson 01's guide lists "a card busts when its column is full" as a misconception)."""
    from pushlab.luck.cards import full_deck
    from pushlab.luck.rules import card_fits
    from pushlab.teaching.luck import lesson_03_table

    table = lesson_03_table()
    assert len(table.columns) == 3
    assert any(card_fits(card, col) for col in table.columns for card in set(full_deck(False)) if card.kind == "number")
    for language in i18n.LANGUAGES:
        question = teaching.prediction("03.midgame-risk", language).question
        assert not re.search(r"\bfull\b|täis|plné|ممتلئة|plenaj", question), (language, question)


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_lesson_03_names_the_first_card_outcome_as_its_list_does(language):
    """Section 1 names the outcome of a number card with no column yet; the list under it printed the
    library's English key ("new column only") in every language. Both now use the odds panel's words."""
    from pushlab.widgets.render.luck import outcome_words

    code = next(src for kind, src in cells("03-push-your-luck-probability")
                if kind == "code" and "next_card_distribution" in src)
    assert "outcome_words()" in code and "P({words[k]})" in code
    english = paragraph("03-push-your-luck-probability", "Count the cards of each kind and divide")
    assert english != i18n.gettext(english, language) or language == "en"
    assert outcome_words(language)["new column only"] in i18n.gettext(english, language)


def test_markdown_written_by_the_lessons_code_takes_the_pages_direction():
    """Text a lesson's code writes as Markdown sits in a ``dir`` div, as the translated markdown
    cells do: without it an Arabic sentence with numbers came out left to right, its "%" and
    numbers out of place (lesson 03 at 390 px). A code block (a shell command) stays left to right."""
    missing = []
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        for kind, src in cells(path.stem):
            if kind != "code":
                continue
            for call in re.findall(r"display\(Markdown\((.*)", src):
                if not call.startswith(('f"<div {dir_attrs()}>', 'f"```')) and "dir_attrs()" not in call:
                    missing.append(f"{path.name}: display(Markdown({call[:60]}")
    assert not missing, missing


def test_a_prediction_covers_the_answer_below_it_until_revealed():
    """The answer to a prediction sat in plain view right under it (lesson 03's first card, 11's
    first player...). ``Predict(key, covers=n)`` blurs the next n page cells until the reveal."""
    from pushlab.errors import SetupError
    from pushlab.widgets.teach import COVER_CSS, Predict

    plain = Predict("03.first-card")
    assert "pl-unrevealed" not in plain.widget._dom_classes
    p = Predict("03.first-card", covers=2)
    assert {"pl-covers-2", "pl-unrevealed"} <= set(p.widget._dom_classes)
    assert COVER_CSS in p.widget.children[0].value                    # the page gets the rule
    assert "[cell-index]:has(.pl-covers-2.pl-unrevealed) + [cell-index] + [cell-index]" in COVER_CSS
    assert "hidden until you reveal" in p.result.value
    p.guess.value = 25
    p.lock()
    assert "pl-unrevealed" in p.widget._dom_classes                    # locking is not revealing
    p.reveal()
    assert "pl-unrevealed" not in p.widget._dom_classes
    p.again()
    assert "pl-unrevealed" not in p.widget._dom_classes                 # seen once, stays shown
    for bad in (-1, 5, 1.5):
        with pytest.raises(SetupError):
            Predict("03.first-card", covers=bad)


def test_a_prediction_hides_a_panel_further_down_until_revealed():
    """Lesson 11's play app opened with "draw another card: 60.8%" in its values panel, three
    cells under the prediction whose answer that is. ``Predict.hide(panel)`` blurs the panel
    until the reveal; the lesson hides the app's values with it."""
    import ipywidgets

    from pushlab.widgets.teach import COVER_CSS, Predict

    panel = ipywidgets.HTML("60.8%")
    p = Predict("11.first-player").hide(panel)
    assert "pl-covered" in panel._dom_classes and ".pl-covered{" in COVER_CSS
    assert COVER_CSS in p.widget.children[0].value                    # the rule is on the page
    p.guess.value = 50
    p.lock()
    assert "pl-covered" in panel._dom_classes                          # locking is not revealing
    p.reveal()
    assert "pl-covered" not in panel._dom_classes
    later = ipywidgets.HTML()
    p.hide(later)                                                      # revealed: nothing to hide
    assert "pl-covered" not in later._dom_classes
    src = "".join(src for _kind, src in cells("11-perfect-play"))
    assert re.search(r"(\w+) = Predict\(\"11\.first-player\".*\n\1\.hide\((\w+)\.values\)", src, re.S)


def test_a_covering_prediction_covers_only_answers():
    """Each ``covers=n`` in a lesson blurs cells that exist and hold no question of their own
    (a covered prediction or exercise could not be read before the reveal)."""
    found = 0
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        page = cells(path.stem)
        for i, (kind, src) in enumerate(page):
            for n in map(int, re.findall(r"Predict\([^)]*covers=(\d)", src)):
                found += 1
                covered = page[i + 1:i + 1 + n]
                assert len(covered) == n, (path.name, i)
                for _kind, text in covered:
                    assert not re.search(r"\b(Predict|Exercises?)\(", text), (path.name, i, text[:80])
                    assert not text.lstrip().startswith("#"), (path.name, i, "a heading is covered")
    assert found >= 8


def test_the_search_heatmap_axes_name_every_rule_they_show():
    """Lesson 08's heatmaps said "bank rule (bank the top bench colour at this many points)"
    under columns 'never', 'loss 5', 'loss 10', and "stop rule (cards in the columns)" beside
    rows 'risk 0.1', 'risk 0.15': each axis now names every kind of rule on its ticks."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from pushlab.luck.search import find, load_results
    from pushlab.plots import luck as plots

    data = plots.search_grid_data(find(load_results(), 3, harder=False), 0)
    ax = plots.search_heatmap(data)
    try:
        for ticks, label in ((data["bank"], ax.get_xlabel()), (data["stop"], ax.get_ylabel())):
            kinds = {str(t).split()[0] for t in ticks}
            assert len(kinds) >= 2, ticks
            for kind in kinds:
                assert re.search(rf"\b{kind}\b", label), (kind, label)
    finally:
        plt.close(ax.figure)


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_class_picture_says_what_its_bars_measure(language):
    """The teacher's dashboard (lesson 12), projected to the class, drew percentages up its side
    with no word of what they are: the share of the class's tries (a distribution or a proportion)
    or, for "bank or push?", the win rate after each choice. Its side now says so."""
    from pushlab.classroom import experiments as E
    from pushlab.classroom.pooled import pool
    from pushlab.classroom.views import picture_svg

    i18n.set_language(language)
    e = E.FourthCard.default()
    tries = [type("T", (), dict(student="ab" * 8, outcome=o, choice=None)) for o in (0, 1, 0, 0)]
    svg = picture_svg(e, pool(e, tries))
    axis = re.search(r'<text class="pl-cx-axis"[^>]*rotate\(-90\)[^>]*>([^<]+)</text>', svg)
    from html import unescape
    assert axis and unescape(axis.group(1)) == i18n.gettext("share of the class's tries", language)
    assert language == "en" or unescape(axis.group(1)) != "share of the class's tries"


def test_lesson_11_explains_its_button_before_showing_it():
    """"Press **Find the simplest rule**" came after the widget with that button (lesson 11,
    section 5): the reader met the button first. The paragraph is now above the widget."""
    page = cells("11-perfect-play")
    explained = next(i for i, (kind, src) in enumerate(page) if kind == "markdown" and "Press **Find the" in src)
    widget = next(i for i, (kind, src) in enumerate(page) if kind == "code" and "BotGrades()" in src)
    assert explained < widget


def test_lesson_08_counts_its_predictions_as_it_has_them():
    """Lesson 08's introduction said "the exercises and the prediction are one class" of a
    lesson with two predictions in sections 1 and 2."""
    n = len(teaching.predictions("08", "en"))
    text = paragraph("08-when-to-bank", "Sections 1 and 2, the exercises")
    assert n == 2 and "the predictions are one class" in text


def test_no_exercise_shows_a_roll_card_kept_on_a_bench():
    """Lesson 02's final-score exercise showed "your bench: red 3, blue 5 and a roll card"; a roll
    card is discarded once its roll is made (rule 15), so no bench ever holds one. Every exercise
    that shows a bench or a bank shows only number cards, as the engine keeps them."""
    from pushlab.luck import Game

    after = Game.new(2, deck="R3 roll", rolls="*")
    for action in ["draw", "place 0", "draw", "place 0", "stop", "take 0"]:
        after = after.apply(action)                    # Ann takes R3 with a roll card: a star
    assert [c.code for c in after.benches[0]] == ["R3"]     # the roll card is not kept
    shown = 0
    for lesson in teaching.lessons():
        for spec in teaching.exercises(lesson, "en"):
            for caption, group in spec.show or ():
                if "bench" in caption or "bank" in caption:
                    shown += 1
                    assert all(c.is_number for c in group), (spec.key, caption, group)
    assert shown >= 3
    final = teaching.exercise("02.final-score", "en")
    assert "roll card" not in final.question and final.answer == 16


def test_lesson_02_roll_risk_counts_the_columns_own_cards():
    """Lesson 02 asked for the roll's risk to a red-red-blue bench after taking "a column with a
    roll card" and answered 2/6; the column's number cards join the bench before its roll (rule
    15), so a green card in it makes 3/6. The question now says the column holds only the roll
    card, and the lesson's summary says the column's cards count."""
    from fractions import Fraction

    from pushlab.luck import Game
    from pushlab.luck.cards import DIE_FACES

    g = Game.new(2, deck="G4 roll", rolls="G")
    for action in ["draw", "place 0", "draw", "place 0", "stop", "take 0"]:
        g = g.apply(action)
    assert list(g.benches[0]) == []                # G4 went onto the bench, then the green roll took it
    spec = teaching.exercise("02.roll-risk", "en")
    assert spec.answer == Fraction(sum(f in "RB" for f in DIE_FACES), len(DIE_FACES)) == Fraction(1, 3)
    assert "only a roll card" in spec.question
    remember = paragraph("02-play-push-your-luck", "> * Before anything is seen")
    assert "the column's own cards are on it" in remember


def test_lesson_02_asks_its_guesses_before_the_app_gives_them_away():
    """Lesson 02 opened with its play app, whose odds panel showed "roll card 14.9%" (the first
    guess, 15%, nearly to the decimal) and an introduction that said "going first matters" (the
    second guess's answer), both above the guesses. The guesses now come first, the app's odds
    panel stays blurred until the first guess is revealed, with the line that says so, and the
    introduction only asks."""
    import ipywidgets

    from pushlab.widgets.teach import Predict

    order = [src for kind, src in cells("02-play-push-your-luck") if kind == "code"]
    guess = next(i for i, s in enumerate(order) if 'Predict("02.first-roll")' in s)
    seat = next(i for i, s in enumerate(order) if 'Predict("02.first-seat")' in s)
    app = next(i for i, s in enumerate(order) if "PlayApp(" in s)
    assert guess < seat < app
    assert re.search(r'(\w+) = Predict\("02\.first-roll"\).*', order[guess])
    name = re.search(r'(\w+) = Predict\("02\.first-roll"\)', order[guess]).group(1)
    assert re.search(rf"^{name}\.hide\(app\.odds\.widget\)", order[app], re.M)
    intro = paragraph("02-play-push-your-luck", "Choose how many bots")
    assert "matters over a whole game" not in intro and "second guess" in intro
    panel = ipywidgets.HTML("roll card 15.0%")
    p = Predict("02.first-roll").hide(panel)
    assert "pl-covered" in panel._dom_classes and "stays hidden until you reveal" in p.result.value


def test_no_lesson_prints_the_engines_plain_text_view():
    """Lesson 06 printed ``game.describe()`` under its scoring section: the engine's English
    plain-text view ("Ann to draw; stock 77, discard A♠ ...") on every language's page, and
    stale as soon as the reader played a move. No lesson prints it now."""
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        code = "".join(src for kind, src in cells(path.stem) if kind == "code")
        assert ".describe(" not in code, path.name


def test_lesson_06_says_what_its_hint_estimates_and_from_how_many_endings():
    """Lesson 06 said the hint plays the rest of the deal "many times" for each choice, "for the
    melds and lay-offs the meld finder sees" (an engine part the reader never meets), and showed
    "the expected points of your side minus the other side" without saying lower is better. The
    hint shares DEFAULT_BUDGET endings among the choices, at least MIN_ROLLOUTS each (9 each for
    seven discards), of penalty points: the lesson now says so."""
    from pushlab.rummy.advice import DEFAULT_BUDGET, MIN_ROLLOUTS

    text = paragraph("06-play-push-rummy", "**The hint.**")
    assert "meld finder" not in text and "many times" not in text
    assert f"about {DEFAULT_BUDGET}\nsimulated endings" in text and f"at least {MIN_ROLLOUTS} each" in text
    assert "penalty points" in text and "(lower is better)" in text


def test_lesson_05_deal_table_is_a_table_with_the_pages_numbers():
    """Lesson 05 printed its five deals as fixed-width text (``print("{:>4} {:>5} ...")``): on a
    phone each row wrapped into the next ("83 1,913,554,188" under "1 6 2 sets of 3"), and the
    counts of hands had English commas on every page (in Estonian and Czech a comma is the
    decimal mark). It is a table now, its numbers in the page's language."""
    from math import comb

    from pushlab.i18n.numbers import decimal

    (code,) = [src for kind, src in cells("05-rummy-rules") if kind == "code" and "stock after the deal" in src]
    assert "print(" not in code and "display(Markdown(" in code and "|---:|" in code
    assert "decimal(comb(108, n), 0)" in code
    assert decimal(comb(108, 6), 0, language="et") == "1\xa0913\xa0554\xa0188"


def test_no_lesson_prints_its_text():
    """Lesson 05 printed its lines (the deck's counts, the penalties, the rule book's melds, a
    deal's scoring) with ``print``: a left-to-right plain-text block, so on the Arabic page
    "108 ورقة: 96 ..." came out with 108 at the far end and the aligned columns wrapped on a
    phone. A lesson writes its text as Markdown in the page's direction instead."""
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        for kind, src in cells(path.stem):
            if kind == "code":
                assert not re.search(r"^\s*print\(|[^.\w]print\(", src, re.M), path.name


def test_lesson_02_says_how_a_roll_card_is_placed_and_busts():
    """Lesson 02's "How to play" let a roll card go only "into any column without a roll card"
    (it may also start a new column, rule 9), and "What the numbers mean" said a card busts
    "when every column already holds its colour or its number", which a roll card never has:
    a roll card busts when every column holds a roll card (rule 11), and the panel's chance
    counts those busts too."""
    from fractions import Fraction

    from pushlab.luck import Game, odds

    g = Game.new(2, deck="roll roll roll roll R1 roll")
    for action in ["draw", "place 0", "draw", "place 1", "draw", "place 2"]:
        g = g.apply(action)                    # three columns, each a roll card: the next roll busts
    assert odds.bust_probability(g) == Fraction(2, 3)          # roll and roll bust, R1 fits
    g = Game.new(2, deck="R1 roll").apply("draw").apply("place 0").apply("draw")
    assert "place 1" in g.legal_actions()                       # a roll card may start a new column
    how = paragraph("02-play-push-your-luck", "* **Draw** takes the top card")
    assert "A roll card goes into any column without a roll card, or into a new\n  one." in how
    numbers = paragraph("02-play-push-your-luck", "* *Chance the next card busts*")
    assert "a roll card when every column holds a roll card" in numbers


def test_lesson_04_says_which_lessons_its_four_pieces_build():
    """Lesson 04 opened "Every lesson in this collection is built from four pieces of pushlab"
    (TableView, StepThrough, OddsPanel, the push-your-luck plots); the rummy lessons use none of
    them (their pieces are in pushlab.widgets.rummy). It says which lessons it means now."""
    from pushlab.widgets import rummy

    text = paragraph("04-make-your-own-lesson", "The push-your-luck lessons show")
    assert "Every lesson" not in text and "`pushlab.widgets.rummy`" in text
    assert {"StepThrough", "MeldChecker", "PlayApp"} <= set(dir(rummy))
    rummy_code = "".join(src for name in ("05-rummy-rules", "06-play-push-rummy", "07-rummy-odds")
                         for kind, src in cells(name) if kind == "code")
    assert "pushlab.widgets.luck" not in rummy_code and "plots.luck" not in rummy_code


def test_lesson_05_names_the_push_demos_real_button():
    """Lesson 05 said "Step through it, or press play:" above the push demonstration, whose
    play control was replaced by Back/Next buttons (a Play widget has no accessible name): there
    is no play button to press. It names the Next button now."""
    import ipywidgets

    from pushlab.widgets.rummy import PushDraw

    demo = PushDraw(discard_top="9C", stock_top="KD 4S", pusher="Ann", left="Ben")

    def kids(widget):
        yield widget
        for child in getattr(widget, "children", ()):
            yield from kids(child)
    found = list(kids(demo.widget))
    assert not any(isinstance(x, ipywidgets.Play) for x in found)
    assert "Next" in [x.description for x in found if isinstance(x, ipywidgets.Button)]
    text = paragraph("05-rummy-rules", "So a push gives you one unknown card")
    assert "press play" not in text and text.endswith("Step through it with **Next**:")


def test_lesson_06_forbids_the_taken_cards_twin_too():
    """Lesson 06 said a card you took may not be discarded again this turn; rule 15 (and lesson
    05, and the engine) forbid its twin from the other deck too, so a reader who held the other
    9♣ met a refusal the play lesson never mentioned. Both of its sentences say so now."""
    from pushlab.rummy.game import Game, deck_for

    hands = ["9C 5H 5S KD QC 3D", "7C 7D JH JS 2D 4H", "3C 4C 6C 10D KS 8H", "JD 10S 3H 8D 5C 4S"]
    g = Game.new(deck=deck_for(hands, upcard="9C", stock="6H 9D AS JC 9H 10C", dealer=3), dealer=3, deals=(1,))
    g = g.apply("take")                                        # Ann takes the 9♣ and holds the other
    discards = {str(a) for a in g.legal_actions() if str(a).startswith("discard")}
    assert "discard 9C" not in discards and "discard 5H" in discards
    how = paragraph("06-play-push-rummy", "1. **Draw.**")
    remember = paragraph("06-play-push-rummy", "> * Take the discard when it helps you")
    for text in (how, remember):
        assert "nor its twin from the other deck" in text


def test_the_end_of_game_review_does_not_call_a_sum_of_costs_a_chance():
    """Lesson 02's play app ended with "your other choices cost about 198.8 percentage points of
    winning chance in total" (seed 5, a careless player): each cost is a drop in the chance to win
    measured from its own position, so their sum is no chance and passes 100. The sentence says
    what the number is now."""
    import html as html_lib
    from types import SimpleNamespace

    from pushlab.luck import Game
    from pushlab.widgets.render.luck import summary_html

    g = Game.new(2, deck="R3")
    for action in ["draw", "place 0", "stop", "take 0"]:
        g = g.apply(action)
    assert g.is_over
    rows = [{"action": "draw", "best": "stop", "regret": 0.6, "regret_se": 0.1, "phase": "push",
             "win": 0.2, "best_win": 0.8}] * 3 + [{"action": "stop", "best": "stop", "regret": 0.0,
                                                    "regret_se": 0.0, "phase": "push", "win": 0.5,
                                                    "best_win": 0.5}]
    session = SimpleNamespace(game=g, labels=["", "steady bot"], track_regret=True, reviewed=True,
                              regret_rows=lambda: rows, total_regret=lambda: (1.8, 0.2), policy=None,
                              decisions=[SimpleNamespace(advice=SimpleNamespace(rollouts=40))])
    text = html_lib.unescape(re.sub(r"<[^>]+>", "", summary_html(session)))
    assert "180.0 percentage points of winning chance, added up over those decisions" in text
    assert "in total" not in text and "not one chance, so it can pass 100" in text


def test_the_teachers_tip_on_app_lessons_matches_lesson_02():
    """docs/teaching.md told teachers to "put the controls first in an app lesson (as in
    02-play-push-your-luck.ipynb)"; lesson 02 now asks its guesses first and blurs the app's
    odds until the reveal. The tip names a lesson that does what it says, and 02's way."""
    text = (NOTEBOOKS.parent / "docs" / "teaching.md").read_text(encoding="utf-8")
    tip = next(p for p in text.split("\n- ") if p.startswith("Put the controls first"))
    assert "(as in `06-play-push-rummy.ipynb`)" in tip and ".hide(app.odds.widget)" in tip
    first = next(i for i, (kind, src) in enumerate(cells("06-play-push-rummy")) if kind == "code")
    assert "PlayApp(" in cells("06-play-push-rummy")[first][1]


def test_lesson_06_guide_says_when_a_short_stock_ends_the_deal():
    """The lesson 06 guide corrected "An empty stock ends the deal" with "Only a push with no
    stock card left ends it" (and its translations: "when no card is left in the stock"); a push
    with one stock card left ends the deal too (the card goes left, the pusher cannot draw: rule
    12), while taking the discard goes on with an empty stock. It says so now."""
    from pushlab.rummy.game import Game, deck_for

    hands = ["5H 5S 9S 9C KD QC", "7C 7D JH JS 2D 4H", "3C 4C 6C 10D KS 8H", "JD 10S 3H 8D 5C 4S"]
    one = Game.new(deck=deck_for(hands, upcard="7S", stock="6H", dealer=3), dealer=3, deals=(1,))
    pushed = one.apply("push")
    assert pushed.is_over and pushed.results[0].reason == "stock" and len(pushed.hand(1)) == 8
    taken = one.apply("take").apply("discard KD").apply("take")
    assert not taken.is_over                                   # taking needs no stock
    guide = (NOTEBOOKS.parent / "docs" / "teachers" / "06-play-push-rummy.md").read_text(encoding="utf-8")
    line = next(l for l in guide.splitlines() if "An empty stock ends the deal" in l)
    assert "no card left for their own draw" in line and "taking the discard needs no stock" in line
