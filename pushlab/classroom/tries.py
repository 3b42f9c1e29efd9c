"""A student's try as a value type, checked before anything is stored.

A :class:`Try` names its experiment (by the experiment's join code), the student (an
anonymous token the student's page makes; not the nickname), the outcome (an int) and,
for experiments where the student decides something, the choice. The nickname is
optional. Everything is checked when the value is made: the types, the code's and
token's alphabet and length, the outcome's size, the nickname's characters and length.
Whether the outcome and choice are possible *for that experiment* is checked by
:meth:`Try.check` (the store calls it with the experiment's outcomes and choices before
it writes). Whatever is wrong raises :class:`TryRefused`, a ``ValueError`` naming the
problem; nothing is stored.

>>> t = Try("k7q2m", "0123456789abcdef", 3, nickname="  Ann  ")
>>> t.nickname, t.outcome
('Ann', 3)
>>> Try("k7q2m", "0123456789abcdef", 3, nickname="<script>")
Traceback (most recent call last):
...
pushlab.classroom.tries.TryRefused: a nickname may hold letters, digits, spaces and - _ . ' only: '<'
>>> Try("k7q2m", "0123456789abcdef", 9).check(outcomes=range(1, 6))
Traceback (most recent call last):
...
pushlab.classroom.tries.TryRefused: outcome 9 is not possible in this experiment (1 to 5)
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from dataclasses import dataclass

from pushlab.checks import is_count
from pushlab.errors import PushlabError
from pushlab.i18n import _

__all__ = ["ClassroomError", "TryRefused", "NotAllowed", "Try", "check_code", "check_student",
           "clean_nickname", "new_code", "new_student", "CODE_ALPHABET", "CODE_LENGTH", "NICKNAME_MAX"]

#: Join codes use letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i).
CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
CODE_LENGTH = 5
NICKNAME_MAX = 24
#: The largest outcome any experiment may have (outcomes are small counts or codes).
OUTCOME_MAX = 1_000
CHOICE_MAX = 40
_CODE = re.compile(rf"[{CODE_ALPHABET}]{{4,12}}")
_STUDENT = re.compile(r"[0-9a-f]{16,64}")
_NICK_PUNCT = set(" -_.'")


class ClassroomError(PushlabError):
    """Bad input to a class experiment (a try, a code, a store address); nothing changed."""


class TryRefused(ClassroomError):
    """A try that cannot be stored: malformed, out of range, or its experiment is not open."""


class NotAllowed(ClassroomError):
    """Something only the teacher may do or see (other students' nicknames, another experiment)."""


def new_code(rng=None) -> str:
    """A fresh join code of :data:`CODE_LENGTH` characters from :data:`CODE_ALPHABET`.

    ``rng`` (a numpy Generator) makes it reproducible; by default it comes from
    :mod:`secrets` (a code is a key to the experiment, so not from a seeded generator).

    >>> import numpy as np
    >>> new_code(np.random.default_rng(1)) == new_code(np.random.default_rng(1))
    True
    """
    if rng is None:
        return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return "".join(CODE_ALPHABET[int(i)] for i in rng.integers(0, len(CODE_ALPHABET), CODE_LENGTH))


def new_student() -> str:
    """A fresh anonymous student token (32 hex digits): one per student page."""
    return secrets.token_hex(16)


def _short(value) -> str:
    """``value`` for an error message, cut to a readable length."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_code(code) -> str:
    """A join code as stored (lower case, spaces removed), or :class:`TryRefused`.

    >>> check_code(" K7Q2M ")
    'k7q2m'
    """
    if not isinstance(code, str) or len(code) > 40:
        raise TryRefused(("an experiment code is a short text, not {value}").format(value=_short(code)))
    text = code.strip().lower().replace(" ", "").replace("-", "")
    if not _CODE.fullmatch(text):
        raise TryRefused(_("{value} is not an experiment code (4 to 12 letters and digits)").format(
            value=_short(code)))
    return text


def check_student(token) -> str:
    """A student token (16-64 lower-case hex digits), or :class:`TryRefused`."""
    if not isinstance(token, str) or not _STUDENT.fullmatch(token):
        raise TryRefused(("{value} is not a student token").format(value=_short(token)))
    return token


def clean_nickname(name) -> str:
    """A nickname as stored: NFC-normalised, spaces trimmed and collapsed; '' is allowed.

    Letters and combining marks of any script, digits, spaces and ``- _ . '`` only, at most
    :data:`NICKNAME_MAX` characters. Anything else raises :class:`TryRefused`.

    >>> clean_nickname("  Žofie   K. "), clean_nickname("سارة"), clean_nickname(None)
    ('Žofie K.', 'سارة', '')
    """
    if name is None:
        return ""
    if not isinstance(name, str):
        raise TryRefused(_("a nickname is text, not {value}").format(value=_short(name)))
    if len(name) > 4 * NICKNAME_MAX:
        raise TryRefused(_("a nickname has at most {n} characters").format(n=NICKNAME_MAX))
    text = unicodedata.normalize("NFC", name)
    for ch in text:
        if ch in _NICK_PUNCT or unicodedata.category(ch)[0] in "LN" or unicodedata.category(ch) in ("Mn", "Mc"):
            continue
        raise TryRefused(_("a nickname may hold letters, digits, spaces and - _ . ' only: {char}").format(
            char=repr(ch)))
    text = " ".join(part for part in text.split(" ") if part)
    if len(text) > NICKNAME_MAX:
        raise TryRefused(_("a nickname has at most {n} characters").format(n=NICKNAME_MAX))
    return text


@dataclass(frozen=True)
class Try:
    """One finished try of one student in one experiment (see the module doc).

    ``experiment``: the experiment's join code; ``student``: the student page's token
    (:func:`new_student`); ``outcome``: an int (what the outcome means is the
    experiment's: cards drawn, 1 for a bust, ...); ``choice``: the student's decision,
    when the experiment asks for one; ``nickname``: optional, cleaned by
    :func:`clean_nickname`.
    """

    experiment: str
    student: str
    outcome: int
    choice: str | None = None
    nickname: str = ""

    def __post_init__(self):
        object.__setattr__(self, "experiment", check_code(self.experiment))
        object.__setattr__(self, "student", check_student(self.student))
        out = self.outcome
        if not is_count(out, -OUTCOME_MAX, OUTCOME_MAX):
            raise TryRefused(("an outcome is a whole number, not {value}").format(value=_short(out)))
        if self.choice is not None and (not isinstance(self.choice, str) or not 0 < len(self.choice) <= CHOICE_MAX):
            raise TryRefused(("{value} is not a choice").format(value=_short(self.choice)))
        object.__setattr__(self, "nickname", clean_nickname(self.nickname))

    def check(self, outcomes, choices=()) -> Try:
        """This try if its outcome is one of ``outcomes`` and its choice one of ``choices``
        (no choice when ``choices`` is empty); else :class:`TryRefused`."""
        allowed = list(outcomes)
        if self.outcome not in allowed:
            low, high = min(allowed), max(allowed)
            raise TryRefused(("outcome {value} is not possible in this experiment ({low} to {high})").format(
                value=self.outcome, low=low, high=high))
        if choices:
            if self.choice not in tuple(choices):
                raise TryRefused(("{value} is not one of this experiment's choices: {choices}").format(
                    value=_short(self.choice), choices=", ".join(choices)))
        elif self.choice is not None:
            raise TryRefused(("this experiment asks for no choice, got {value}").format(value=_short(self.choice)))
        return self
