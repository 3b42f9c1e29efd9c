"""The one-turn hint is never called exact, in any language (issue 26, review).

The hint (:func:`pushlab.luck.odds.hint`) is an expectimax in a model of one turn (greedy
opponents, die losses averaged), usually two draws deep: its values are a model's and its
"best" is the model's best. In the translations the glossaries forbid a sentence that names
the hint and calls it exact (``docs/glossary/<lang>.toml``, checked by tests/test_glossary.py
in every catalog and lesson); here: the English, the labels the code builds at run time in
all five languages, and that both checks fail on what the lessons and apps used to say.
"""

import json
import re
from pathlib import Path

import pytest

from pushlab import i18n
from pushlab.i18n import glossary

REPO = Path(__file__).resolve().parents[1]
#: A sentence (or list item) of English that names the hint...
HINT = re.compile(r"\b(?:hints?|expectimax|one-turn|HintBot)\b", re.I)
#: ... may not call it exact.
EXACT = re.compile(r"\bexact", re.I)
SENTENCE = re.compile(r"[.!?;]\s|\n[\s>]*[*-]\s|\n\n")      # sentences, list items, paragraphs
#: The word for "exact" in each language (its stem), for the short labels the code builds.
EXACT_WORD = {"en": r"\bexact", "et": r"\btäp[ns]", "cs": r"\bpřesn", "ar": r"دقيق|بدقة", "eo": r"\bekzakt|\bĝustaj?\b"}
#: The glossaries' word for the hint (docs/glossary/<lang>.toml: "hint (one turn)").
HINT_WORD = {"en": r"\bhint", "et": r"\bvihje", "cs": r"\bnápověd", "ar": r"تلميح", "eo": r"\bkonsil"}


def english_problems(text: str) -> list:
    """The sentences of ``text`` that name the hint and call it exact."""
    return [s.strip() for s in SENTENCE.split(glossary.words_of(text)) if HINT.search(s) and EXACT.search(s)]


def _english_texts():
    """Every English text a reader sees: the catalog template's messages (code strings, lesson
    paragraphs, teacher pages), and the lessons and teacher pages themselves."""
    from babel.messages.pofile import read_po

    with (REPO / "pushlab" / "i18n" / "locale" / "pushlab.pot").open("rb") as f:
        for m in read_po(f):
            for form in (m.id,) if isinstance(m.id, str) else m.id:
                if form:
                    yield "pushlab.pot", form
    for path in sorted((REPO / "notebooks").glob("*.ipynb")):
        for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            yield f"{path.name} cell {i}", "".join(cell["source"])
    for path in sorted((REPO / "docs" / "teachers").glob("*.md")):
        yield path.name, path.read_text(encoding="utf-8")


def test_no_english_text_calls_the_hint_exact():
    """A sentence (or list item) that names the hint does not say "exact", not even "not exact":
    say what it is ("a model's answer", "in its model", "looking N draws ahead"); an exact
    value the hint is compared with (perfect play, the exact odds) gets a sentence of its own."""
    problems = [f"{where}: {s}" for where, text in _english_texts() for s in english_problems(text)]
    assert problems == [], ("a sentence names the hint and says exact; say what it is instead "
                            "(see this test's docstring)", problems)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_labels_the_code_builds_do_not_say_exact(language):
    """The bot's and the stop rule's names, how far the hint looked, the bot chooser's line, the
    labels of the lessons' answers that come from the hint: in every language, none says exact
    (nor "optimal"), and the EV plot's bar says it plays on as the hint does."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from pushlab import teaching
    from pushlab.luck import Game, odds
    from pushlab.luck.names import bot_label
    from pushlab.luck.policy import policy_label
    from pushlab.plots.luck import ev_one_more
    from pushlab.widgets.luck_session import bot_kind_texts
    from pushlab.widgets.render.luck import _how

    i18n.set_language(language)
    try:
        g = Game.new(2, deck="R3 R4 B3").apply("draw").apply("place 0")
        whole, cut = odds.hint(g), odds.hint(Game.new(3, seed=1).apply("draw"), depth=1)
        assert whole.exact and not cut.exact
        labels = {
            "bot_label": bot_label("HintBot(bank_at=None)", language),
            "policy_label": policy_label("optimal", language),
            "how (to the end)": _how(whole), "how (cut)": _how(cut),
            "bot chooser": bot_kind_texts(language)["hint"],
            "03.stop-value": teaching.exercise("03.stop-value", language).label,
            "08.hint-late": teaching.prediction("08.hint-late", language).exact_label,
        }
        fig, ax = plt.subplots()
        ev_one_more({"cards": [1, 2], "draw": [1.0, 0.5], "stop": [0.8, 0.9]}, ax=ax)
        legend = [t.get_text() for t in ax.get_legend().get_texts()]
        plt.close(fig)
    finally:
        i18n.set_language("en")
    exact = re.compile(EXACT_WORD[language], re.I)
    said = {k: v for k, v in labels.items() if exact.search(v) or re.search(r"optim", v, re.I)}
    assert said == {}, said
    assert re.search(HINT_WORD[language], labels["bot_label"], re.I), labels["bot_label"]
    assert re.search(HINT_WORD[language], legend[1], re.I), legend


def test_the_hints_own_html_does_not_say_exact():
    from pushlab.luck import Game, odds

    h = odds.hint(Game.new(2, deck="R3 R4 B3").apply("draw").apply("place 0"))
    assert h.exact and "exact" not in h._repr_html_() and "to the end of the turn" in h._repr_html_()


# What the lessons, the guide and the apps said before (issue 26 review): both checks catch them.
USED_TO_SAY = {
    "en": ["exact hint", "plays the one-turn expectimax move (exact for this turn; never banks)",
           "> * The hint's \"best\" is the best under a model (one turn, greedy opponents, average die\n"
           ">   losses): exact within that model, not perfect play.",
           "Whole-game advice (estimated by rollouts) and the exact one-turn values"],
    "et": ["täpne vihje", "Ühe käigu vihje (täpne oma mudeli piires) ja {n} terve mängu läbimängu tegevuse kohta"],
    "cs": ["přesná nápověda", "Nápověda pro jeden tah (přesná v rámci svého modelu) a {n} simulovaných dohrání"],
    "ar": ["تلميح دقيق", "التلميح لدور واحد (دقيق ضمن نموذجه)، و{n} محاكاة للعبة كلها لكل إجراء"],
    "eo": ["ekzakta konsilo", "Tutluda konsilo (taksita per simuladoj) kaj la ekzaktaj unuvicaj valoroj"],
}


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_what_used_to_be_said_fails_the_check(language):
    if language == "en":
        assert all(english_problems(t) for t in USED_TO_SAY["en"])
        assert english_problems("The hint looks two draws ahead. Counting is exact.") == []
        return
    g = glossary.load(language)
    for text in USED_TO_SAY[language]:
        assert glossary.problems(g, [glossary.Text("planted.po", "the hint", text)]), (language, text)
