"""The lessons' exercises and predictions as data: one source for the apps and the answer key.

Every teaching lesson asks two kinds of questions, defined here and nowhere else:

- an **exercise** (:class:`ExerciseSpec`): a question with one right answer (a number or a
  choice), computed by the library when the exercise is built, never typed in; feedback
  for a right answer, for known wrong ones (``mistakes``) and "show the reasoning";
- a **prediction** (:class:`PredictionSpec`): the student guesses first (a slider or a
  choice), then sees the exact answer (library) and a simulated one (seeded), and how
  close the guess was (:meth:`PredictionSpec.closeness`).

The widgets that ask them are in :mod:`pushlab.widgets.teach` (``Exercise``,
``Exercises``, ``Predict``); a teacher's guide or a worksheet reads the same specs:

>>> [e.key for e in exercises("03")][:2]
['03.first-switch', '03.counting-risk']
>>> e = exercise("03.first-switch")
>>> e.answer, e.check("1/10").correct, e.check("12/108").correct
(Fraction(1, 10), True, False)
>>> print(e.check("12/108").message)
108 cards is the deck without switch cards: with 3 or more players the 12 switch cards are in, 120 cards.
>>> exercise("03.first-switch", language="cs").question[:30]
'Hrají 4 hráči. Jaká je pravděp'

Everything a spec says is in the language asked for (``language=None``: the current
one), built when it is asked for (so ``set_language`` afterwards changes nothing already
built). A spec names the library call behind its answer (``source``) and says whether the
answer is exact or an estimate under a model (``label``, ``model``).

Numbers a student types are read by :func:`parse_number`: ``1/6``, ``0.167``, ``16.7%``,
``16,7 %`` (decimal comma), ``4 906`` (thousands), Arabic-Indic digits; a probability may be
typed as a percentage without the sign (``16.7``). A comma is the decimal separator in the
languages that write it so (Czech, Estonian, Esperanto: ``16,667`` is 16.667) and in any
probability or percentage (no such number has thousands); elsewhere ``4,906`` groups
thousands. Unreadable input raises :class:`AnswerError` (a ``ValueError``) naming it.
"""

from __future__ import annotations

import importlib
import re
import unicodedata
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable

from pushlab.errors import ParseError, Unavailable
from pushlab.i18n import check_language, current_language, gettext

__all__ = [
    "AnswerError", "Choice", "Closeness", "Estimate", "ExerciseSpec", "Feedback", "PredictionSpec",
    "LESSON_MODULES", "exercise", "exercises", "lesson_name", "lessons", "parse_number", "prediction",
    "predictions", "format_value", "translator",
]

#: Where each lesson's exercises and predictions are defined (lesson file stem -> module).
LESSON_MODULES = {
    "01-push-your-luck-rules": "pushlab.teaching.rules",
    "02-play-push-your-luck": "pushlab.teaching.play",
    "03-push-your-luck-probability": "pushlab.teaching.probability",
    "10-simulation-and-intervals": "pushlab.teaching.simulation",
    "08-when-to-bank": "pushlab.teaching.banking",
    "11-perfect-play": "pushlab.teaching.perfect",
    "05-rummy-rules": "pushlab.teaching.rummy",
    "06-play-push-rummy": "pushlab.teaching.rummy",
    "07-rummy-odds": "pushlab.teaching.rummy",
    "09-how-sure-are-we": "pushlab.teaching.confidence",
}

EXERCISE_KINDS = ("number", "choice", "multi")
PREDICTION_KINDS = ("number", "choice")
#: Units of numbers: how they are read, compared and shown.
UNITS = ("probability", "percent", "points", "games", "count", "")


class AnswerError(ParseError, Unavailable):
    """A student's answer cannot be read (not a number, not one of the choices); the message quotes it."""


def translator(language: str | None = None):
    """``_`` for the builders: ``gettext`` into ``language`` (None: the current language when called)."""
    code = check_language(language) if language else None

    def _(message: str) -> str:
        return gettext(message, code)

    return _


# ---------------------------------------------------------------------- values


@dataclass(frozen=True)
class Choice:
    """One option of a choice: ``value`` (stable, English, for code and tests) and ``label`` (shown)."""

    value: str
    label: str


@dataclass(frozen=True)
class Feedback:
    """What a checked answer gets: ``correct``, the ``message`` to show, and the value read."""

    correct: bool
    message: str
    value: object = None


@dataclass(frozen=True)
class Estimate:
    """A simulated answer in the prediction's display unit: ``value`` with its 95%\u00a0interval
    ``low``-``high`` from ``n`` simulated trials; ``text`` says it in a sentence."""

    value: float
    low: float
    high: float
    n: int
    text: str = ""


@dataclass(frozen=True)
class Closeness:
    """How close a guess was: ``distance`` in the display unit, ``verdict`` one of
    ``"right"``, ``"close"``, ``"far"``, and the sentence ``message``."""

    distance: float
    verdict: str
    message: str


_DIGITS = {ord(c): str(unicodedata.digit(c)) for c in "٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹"}
_SPACES = re.compile(r"(?<=\d)[\s\u00a0\u202f'’](?=\d{3}\b)")
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")


#: Languages that write a decimal comma (CLDR): there ``16,667`` is sixteen and a bit, never 16,667.
DECIMAL_COMMA = frozenset({"cs", "et", "eo"})
#: Units whose numbers never reach a thousand, so a comma in them is a decimal comma.
_SMALL_UNITS = ("probability", "percent")


def _decimal_comma(language: str | None, unit: str) -> bool:
    """Whether a lone comma in a number is its decimal separator (else it may group thousands)."""
    return unit in _SMALL_UNITS or (language or current_language()) in DECIMAL_COMMA


def _plain_number(text: str, original: str, language: str | None, unit: str = "") -> float:
    """A decimal number from cleaned text (decimal comma or point, thousands separators)."""
    if "," in text and "." in text:               # 4,906.5: commas group thousands
        text = text.replace(",", "")
    elif "," in text:
        if (not _decimal_comma(language, unit) and re.fullmatch(r"[+-]?\d{1,3}(,\d{3})+", text)
                and not re.fullmatch(r"[+-]?0,\d{3}", text)):
            text = text.replace(",", "")          # English 4,906 or 12,345,678: thousands
        else:
            text = text.replace(",", ".")         # 0,167, 16,7 or Czech 16,667: a decimal comma
    text = text.replace("\u066b", ".")            # the Arabic decimal separator
    if not _NUMBER.match(text):
        _ = translator(language)
        raise AnswerError(_("'{text}' is not a number").format(text=original))
    return float(text)


def parse_number(text, unit: str = "", language: str | None = None) -> float:
    """The number a student typed, as a float (a probability for ``unit="probability"``).

    >>> parse_number("1/6", "probability") == 1 / 6, parse_number("16.7%", "probability")
    (True, 0.16699999999999998)
    >>> parse_number("16,7", "probability"), parse_number("4 906", "games"), parse_number("4,906", "games", "en")
    (0.16699999999999998, 4906.0, 4906.0)
    >>> parse_number("16,667", "probability", "cs"), parse_number("16,667", "points", "cs")
    (0.16667, 16.667)
    >>> parse_number("٠٫٥", "probability"), parse_number(" 0,25 ", "probability")
    (0.5, 0.25)
    >>> parse_number("37,5\u00a0%", "probability", "cs")          # Czech writes a no-break space
    0.375
    >>> parse_number("a lot")
    Traceback (most recent call last):
    ...
    pushlab.teaching.AnswerError: 'a lot' is not a number
    """
    if isinstance(text, (int, float, Fraction)) and not isinstance(text, bool):
        value = float(text)
    else:
        _ = translator(language)
        original = str(text).strip()
        clean = original.translate(_DIGITS).replace("\u2212", "-").replace("\u066a", "%")
        clean = "".join(_SPACES.sub("", clean).split())    # any space, a no-break one too
        if not clean:
            raise AnswerError(_("Type a number first."))
        percent = clean.endswith("%")
        clean = clean[:-1] if percent else clean
        if "/" in clean:
            top, _slash, bottom = clean.partition("/")
            denominator = _plain_number(bottom, original, language)
            if denominator == 0:
                raise AnswerError(_("'{text}' divides by zero").format(text=original))
            value = _plain_number(top, original, language) / denominator
        else:
            value = _plain_number(clean, original, language, "percent" if percent else unit)
        if percent:
            return value / 100 if unit in ("probability", "") else value
    if unit == "probability" and 1 < value <= 100:
        return value / 100                          # "16.7" typed for 16.7%
    return value


def format_value(value, unit: str = "", language: str | None = None) -> str:
    """``value`` as shown in ``unit``, in the reader's language (:mod:`pushlab.i18n.numbers`;
    ``language=None``: the language the specs are being built in, else the current one):
    a probability as its fraction and percentage, points with one decimal, games and counts
    as whole numbers with thousands grouped.

    >>> format_value(Fraction(1, 6), "probability"), format_value(0.0713, "probability")
    ('1/6 ≈ 16.7%', '7.1%')
    >>> format_value(4906, "games"), format_value(16.666, "points"), format_value(95.3, "percent")
    ('4,906', '16.7', '95.3%')
    >>> format_value(63.5, "count"), format_value(64, "count")
    ('63.5', '64')
    >>> format_value(Fraction(1, 6), "probability", "cs"), format_value(4906, "games", "et")
    ('1/6 ≈ 16,7\xa0%', '4\xa0906')
    """
    from pushlab.i18n.numbers import decimal, percent

    if unit == "probability":
        pct = percent(value, 1, language=language)
        if isinstance(value, Fraction) and value.denominator != 1 and value.denominator <= 10_000:
            return f"{value.numerator}/{value.denominator} \u2248 {pct}"
        return pct
    if unit == "percent":
        return percent(float(value) / 100, 1, language=language)
    if unit == "games" or (unit == "count" and float(value) == round(float(value))):
        return decimal(round(float(value)), 0, language=language)
    if unit == "count":
        return decimal(value, 1, language=language)
    v = float(value)
    return decimal(v, 0 if v == round(v) else 1, group=False, language=language)


# ---------------------------------------------------------------------- exercises


@dataclass(frozen=True)
class ExerciseSpec:
    """One exercise of a lesson (see the module doc).

    ``kind``: ``"number"`` (``answer`` a number, right within ``tolerance`` in ``unit``),
    ``"choice"`` (``answer`` the ``value`` of one of ``choices``) or ``"multi"`` (``answer``
    a frozenset of values: tick exactly those). ``answer_text``: the answer as shown;
    ``reasoning``: how to get it (shown on request); ``mistakes``: ``((value, message), ...)``
    for known wrong answers (a number within ``tolerance``, or a choice's value);
    ``show``: ``((caption, cards), ...)`` cards to show with the question; ``source``: the
    library call that computes the answer (``""`` when nothing computes it: a reading of the
    question's own numbers, a property); ``label``: where the answer comes from, as shown
    beside it: ``"exact"`` only for a value the library computes exactly, else what it is
    (an estimate and what it assumes, a model's value, a reading of the question).
    """

    key: str
    lesson: str
    question: str
    kind: str
    answer: object
    answer_text: str
    reasoning: str
    choices: tuple = ()
    tolerance: float = 0.0
    unit: str = ""
    mistakes: tuple = ()
    show: tuple = ()
    source: str = ""
    label: str = ""
    language: str = "en"

    def __post_init__(self):
        if self.kind not in EXERCISE_KINDS:
            raise ValueError(f"exercise {self.key}: kind must be one of {EXERCISE_KINDS}, got {self.kind!r}")
        if self.unit not in UNITS:
            raise ValueError(f"exercise {self.key}: unit must be one of {UNITS}, got {self.unit!r}")
        values = [c.value for c in self.choices]
        if self.kind == "choice" and self.answer not in values:
            raise ValueError(f"exercise {self.key}: the answer {self.answer!r} is not a choice")
        if self.kind == "multi" and not set(self.answer) <= set(values):
            raise ValueError(f"exercise {self.key}: the answer {sorted(self.answer)!r} is not among the choices")

    def read(self, response):
        """The response as this exercise compares it: a float, a choice value, or a frozenset."""
        _ = translator(self.language)
        values = {c.value for c in self.choices}
        if self.kind == "number":
            return parse_number(response, self.unit, self.language)
        if self.kind == "choice":
            if response in (None, ""):
                raise AnswerError(_("Choose an answer first."))
            if response not in values:
                raise AnswerError(_("'{text}' is not one of the choices").format(text=response))
            return response
        picked = frozenset([response] if isinstance(response, str) else (response or ()))
        unknown = sorted(picked - values)
        if unknown:
            raise AnswerError(_("'{text}' is not one of the choices").format(text=", ".join(unknown)))
        return picked

    def is_right(self, value) -> bool:
        """Whether a value read by :meth:`read` is the answer."""
        if self.kind == "number":
            return abs(value - float(self.answer)) <= self.tolerance + 1e-9 * max(1.0, abs(float(self.answer)))
        if self.kind == "multi":
            return frozenset(value) == frozenset(self.answer)
        return value == self.answer

    def check(self, response) -> Feedback:
        """Feedback on a response (typed text or a number; a choice's value; a set of values).

        Raises :class:`AnswerError` when the response cannot be read (nothing changes).
        """
        _ = translator(self.language)
        value = self.read(response)
        if self.is_right(value):
            return Feedback(True, _("Right: {answer}.").format(answer=self.answer_text), value)
        for wrong, message in self.mistakes:
            if (self.kind == "number" and abs(value - float(wrong)) <= max(self.tolerance, 1e-9)) \
                    or (self.kind != "number" and value == (frozenset(wrong) if self.kind == "multi" else wrong)):
                return Feedback(False, message, value)
        if self.kind == "number":
            hint = (_("Not quite: that is too high. Try again, or show the reasoning.")
                    if value > float(self.answer) else
                    _("Not quite: that is too low. Try again, or show the reasoning."))
            return Feedback(False, hint, value)
        return Feedback(False, _("Not quite. Try again, or show the reasoning."), value)

    def right_response(self) -> str | tuple:
        """A response that :meth:`check` accepts (typed text, a value, or values): for tests and keys."""
        if self.kind == "number":
            if self.unit == "probability":
                return f"{float(self.answer) * 100:.4f}%"
            return repr(float(self.answer))
        if self.kind == "multi":
            return tuple(sorted(self.answer))
        return self.answer

    def wrong_response(self) -> str | tuple:
        """A response that :meth:`check` refuses (the first known mistake if there is one)."""
        if self.mistakes:
            wrong = self.mistakes[0][0]
            if self.kind == "number":
                return f"{float(wrong) * 100:.4f}%" if self.unit == "probability" else repr(float(wrong))
            return tuple(sorted(wrong)) if self.kind == "multi" else wrong
        if self.kind == "number":
            return repr(float(self.answer) + 10 * self.tolerance + 1 + abs(float(self.answer)))
        others = [c.value for c in self.choices if c.value != self.answer]
        if self.kind == "multi":
            return tuple(sorted(set(self.answer) ^ {self.choices[0].value}))
        return others[0]


# ---------------------------------------------------------------------- predictions


@dataclass(frozen=True)
class PredictionSpec:
    """A predict-then-reveal question (see the module doc).

    ``kind="number"``: a slider from ``low`` to ``high`` by ``step`` (starting at ``start``)
    in ``unit`` (``"percent"``: 0-100); ``kind="choice"``: one of ``choices``.
    ``exact``: the exact answer in the same unit (a choice's value), None when there is none;
    ``exact_text`` says it with its fraction or formula, ``exact_label`` under which model it
    is exact; ``exact_heading`` names it where the reveal does not call it "Exact (library)"
    (what a model computes, such as the one-turn hint's move). ``simulate(rng) -> Estimate``: the simulated answer, run when revealed, seeded
    by ``seed``; ``model`` says what the simulation assumes. ``explain``: what to take from
    it. ``close``: a guess within this distance is "right", within three times "close".
    """

    key: str
    lesson: str
    question: str
    kind: str
    exact: object
    exact_text: str
    explain: str
    unit: str = "percent"
    low: float = 0.0
    high: float = 100.0
    step: float = 1.0
    start: float | None = None
    choices: tuple = ()
    exact_label: str = ""
    exact_heading: str = ""
    simulate: Callable | None = field(default=None, compare=False, repr=False)
    seed: int = 0
    model: str = ""
    close: float = 2.0
    source: str = ""
    language: str = "en"

    def __post_init__(self):
        if self.kind not in PREDICTION_KINDS:
            raise ValueError(f"prediction {self.key}: kind must be one of {PREDICTION_KINDS}, got {self.kind!r}")
        if self.kind == "choice" and self.exact is not None and self.exact not in [c.value for c in self.choices]:
            raise ValueError(f"prediction {self.key}: the answer {self.exact!r} is not a choice")
        if self.kind == "number" and not self.low < self.high:
            raise ValueError(f"prediction {self.key}: low must be below high")

    @property
    def initial(self) -> float:
        """Where the slider starts (``start``, else the middle of the range, on a step)."""
        if self.start is not None:
            return self.start
        mid = (self.low + self.high) / 2
        return self.low + round((mid - self.low) / self.step) * self.step

    def estimate(self, rng=None) -> Estimate | None:
        """The simulated answer (``simulate`` with a generator seeded by ``seed``), or None."""
        if self.simulate is None:
            return None
        import numpy as np

        from pushlab.i18n.numbers import numbers_in

        with numbers_in(self.language):           # its sentence's numbers in the spec's language
            return self.simulate(np.random.default_rng(self.seed) if rng is None else rng)

    def show(self, value) -> str:
        """A value of this prediction as shown (a choice by its label)."""
        if self.kind == "choice":
            return next((c.label for c in self.choices if c.value == value), str(value))
        return format_value(value, self.unit, self.language)

    def closeness(self, guess, estimate: Estimate | None = None) -> Closeness:
        """How close ``guess`` is to the exact answer (or, when there is none, to ``estimate``)."""
        _ = translator(self.language)
        target = self.exact
        against = _("the exact answer")
        if target is None:
            if estimate is None:
                estimate = self.estimate()
            target, against = estimate.value, _("the simulated answer")
        if self.kind == "choice":
            right = guess == target
            msg = (_("Your guess, {guess}, was right.") if right else
                   _("Your guess was {guess}; the answer is {answer}.")).format(
                guess=self.show(guess), answer=self.show(target))
            return Closeness(0.0 if right else 1.0, "right" if right else "far", msg)
        distance = abs(float(guess) - float(target))
        verdict = "right" if distance <= self.close else "close" if distance <= 3 * self.close else "far"
        how = {"right": _("spot on"), "close": _("close"), "far": _("far off: worth a second thought")}[verdict]
        gap = (_("{n} percentage points").format(n=format_value(distance, "points", self.language))
               if self.unit == "percent"
               else self.show(distance))
        msg = _("Your guess: {guess}. It was {distance} from {against}: {how}.").format(
            guess=self.show(guess), distance=gap, against=against, how=how)
        return Closeness(distance, verdict, msg)


# ---------------------------------------------------------------------- the registry


def lesson_name(lesson) -> str:
    """A lesson's file stem from its number or name: ``"3"``, ``"03"``, ``"03-push..."`` or a file name.

    >>> lesson_name(3), lesson_name("03"), lesson_name("03-push-your-luck-probability.ipynb")
    ('03-push-your-luck-probability', '03-push-your-luck-probability', '03-push-your-luck-probability')
    """
    text = str(lesson).strip()
    text = text.rsplit("/", 1)[-1].removesuffix(".ipynb")
    number = text.split("-", 1)[0]
    for stem in LESSON_MODULES:
        if text == stem or (number.isdigit() and stem.split("-", 1)[0] == f"{int(number):02d}"):
            return stem
    raise ParseError(f"no exercises for lesson {lesson!r}; lessons with exercises: {', '.join(LESSON_MODULES)}")


def lessons() -> list[str]:
    """The lessons with exercises or predictions, by file stem, in number order."""
    return sorted(LESSON_MODULES)


def _module(stem: str):
    return importlib.import_module(LESSON_MODULES[stem])


def exercises(lesson, language: str | None = None) -> list[ExerciseSpec]:
    """The exercises of ``lesson`` (a number or a name), built now in ``language``."""
    from pushlab.i18n.numbers import numbers_in

    stem, language = lesson_name(lesson), language or current_language()
    with numbers_in(language):                    # the specs' numbers in their own language
        return list(_module(stem).EXERCISES[stem](language))


def predictions(lesson, language: str | None = None) -> list[PredictionSpec]:
    """The predictions of ``lesson`` (a number or a name), built now in ``language``."""
    from pushlab.i18n.numbers import numbers_in

    stem, language = lesson_name(lesson), language or current_language()
    with numbers_in(language):
        return list(_module(stem).PREDICTIONS.get(stem, lambda _lang: [])(language))


def exercise(key: str, language: str | None = None) -> ExerciseSpec:
    """One exercise by its key (``"03.first-switch"``)."""
    for spec in exercises(key.split(".", 1)[0], language):
        if spec.key == key:
            return spec
    raise ParseError(f"no exercise {key!r}")


def prediction(key: str, language: str | None = None) -> PredictionSpec:
    """One prediction by its key (``"03.first-card"``)."""
    for spec in predictions(key.split(".", 1)[0], language):
        if spec.key == key:
            return spec
    raise ParseError(f"no prediction {key!r}")
