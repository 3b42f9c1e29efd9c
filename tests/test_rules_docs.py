"""The rules documents (``docs/rules/*.md``) agree with the engines and with themselves.

Every option or default they name is a keyword of the engine's ``Game.new`` with that default
and accepts the value named; each reading is stated once; the rule sheets' disagreements
are listed with what pushlab does; rule 15 (the card just taken) reads the same in the
document, the lesson, the engine and its error message.
"""

import ast
import inspect
import json
import re
from pathlib import Path

import pytest

import pushlab.luck
import pushlab.rummy
from pushlab import i18n

RULES = Path(__file__).resolve().parents[1] / "docs" / "rules"
NOTEBOOKS = RULES.parents[1] / "notebooks"
ENGINES = {
    "push-your-luck.md": (pushlab.luck.Game.new, lambda **kw: pushlab.luck.Game.new(3, seed=0, **kw)),
    "push-rummy.md": (pushlab.rummy.Game.new, lambda **kw: pushlab.rummy.Game.new(seed=0, **kw)),
}
MARKER = re.compile(r"\*\*\(([^*]*)\)\*\*")          # **(reading ...)**, **(option ...; default ...)**
KEYWORD = re.compile(r"`(\w+)=([^`]+)`")             # `switch_rule="turn"`
DEFAULT = re.compile(r"\bdefault\s+`(\w+)=([^`]+)`")


def _doc(name):
    return (RULES / name).read_text(encoding="utf-8")


def test_the_engines_and_the_documents_match():
    assert sorted(p.name for p in RULES.glob("*.md")) == sorted(ENGINES)


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_every_default_and_option_names_an_engine_keyword_with_that_default(name):
    """A marker that says option or default names keywords of Game.new; after "default" the
    value is the signature's default; every value named is accepted by the engine. A line
    that speaks of an option outside a marker names its keyword too. No bare "(default)"."""
    new, make = ENGINES[name]
    params = inspect.signature(new).parameters
    text = _doc(name)
    assert "**(default)**" not in text and "(default, option)" not in text
    seen = set()
    for marker in MARKER.findall(text):
        words = marker.lower()
        if "default" not in words and "option" not in words:
            assert words.startswith("reading"), f"unknown marker **({marker})**"
            continue
        named = KEYWORD.findall(marker)
        assert named, f"**({marker})** names no keyword of {new.__qualname__}"
        defaults = DEFAULT.findall(marker)
        assert defaults, f"**({marker})** does not say which value is the default"
        for key, value in named:
            assert key in params, f"{key} is not a keyword of {new.__qualname__}"
            make(**{key: ast.literal_eval(value)})          # the engine accepts it
            seen.add(key)
        for key, value in defaults:
            assert ast.literal_eval(value) == params[key].default, (key, value, params[key].default)
    for line in text.splitlines():
        if re.search(r"\boptions?\b", line, re.I) and not line.startswith("#"):
            assert KEYWORD.search(line), f"an option without its keyword: {line[:100]!r}"
    expected = {"push-your-luck.md": {"harder", "switch_cards", "switch_rule"},
                "push-rummy.md": {"round_cap", "deals", "dealer"}}[name]
    assert seen == expected


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_each_rule_is_stated_once_and_the_disagreements_are_listed(name):
    """Rule numbers are unique and in order; the last section lists where the sheets differ."""
    text = _doc(name)
    body, _, disagree = text.partition("## Where the rule sheets disagree")
    numbers = [int(n) for n in re.findall(r"^(\d+)\. ", body, re.M)]
    assert numbers == list(range(1, len(numbers) + 1))
    assert disagree and disagree.count("**pushlab:**") == disagree.count("\n- **")
    if name == "push-rummy.md":
        assert "Deal 2's contract" in disagree and "Which wild may be replaced" in disagree
        assert "3 sets and 4 runs" not in body             # stated in the disagreements only
        assert body.count("free pass") == 1 and body.count("taken from the discard pile this turn") == 1
    else:
        assert '"until the end of the turn"' in disagree and "push or push" in disagree.lower()
        assert "drops that sentence" in disagree
        assert body.count('`switch_rule="game"`') == 2        # rule 10 points at it; rule 21 states it


def test_rule_15_reads_the_same_in_the_document_the_lesson_and_the_engine():
    """The card taken from the discard pile, or its twin, may not be discarded the same turn
    while another card is held; the last card may. Document, lesson 05, error message, engine."""
    from pushlab.rummy import Game, deck_for

    doc = " ".join(_doc("push-rummy.md").split())
    assert ("except the card taken from the discard pile this turn, or its twin from the other deck, "
            "while the hand holds any other card") in doc
    nb = json.loads((NOTEBOOKS / "05-rummy-rules.ipynb").read_text(encoding="utf-8"))
    lesson = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown").split()
    assert ("may not be discarded again the same turn, nor its twin from the other deck (unless it is "
            "your last card)") in " ".join(lesson)
    # the engine: Ann holds 4♦ and takes the other 4♦ from the discard pile; neither may go back
    g = Game.new(deck=deck_for(["4D 5H 5S 9S 9C 9D", "7C 8C 2D QH KH QD", "3C 3D 3H 4C 4H 4S",
                                "6C 6D 6H 7D 7H 7S"], "4D", stock="KS QS JS 10S 8S", dealer=3),
                 dealer=3, deals=(1,)).apply("take")
    legal = [str(a) for a in g.legal_actions()]
    assert "discard 4D" not in legal and "discard 5H" in legal
    english = ("rule 15: {name} took {card} from the discard pile this turn and may not discard it, or its "
               "twin from the other deck, while holding another card: that would be a free pass")
    for language in ("en", *i18n.TRANSLATED):
        i18n.set_language(language)
        try:
            with pytest.raises(ValueError) as err:
                g.apply("discard 4D")
        finally:
            i18n.set_language("en")
        assert str(err.value).startswith(i18n.gettext(english, language).format(name=g.players[0], card="4♦"))
