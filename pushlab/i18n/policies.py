"""Policies' and bots' names as a reader sees them, in any language: the one place they are written.

A push-your-luck policy has two faces. Its **identity** is code's: the ASCII spec text
(``'risk 0.15, bank loss 2.5'``, what :meth:`pushlab.luck.policy.Policy.parse` reads, what
saved results and links keep) and its **key**, the same as plain values
(``(("risk", 0.15), ("bank loss", 2.5))``, :attr:`pushlab.luck.policy.Policy.key`). Its
**label** is the reader's: written here from the key, the numbers by
:func:`pushlab.i18n.numbers.number`, so Czech reads ``'riziko 0,15, banka při ztrátě 2,5'``.
Nothing parses a label back: code that needs the policy keeps its spec or key.

A key is a tuple of parts, each ``(kind, value)``: the stop rules ``("after", k)``,
``("risk", p)``, ``("optimal",)``; the bank rules ``("bank at", x)``, ``("bank loss", t)``,
``("never",)``; the endgame ``("endgame", pile, <stop rule part>)``. A single part is a key too.

This module imports no engine (the language layer is below it).

>>> policy_text((("after", 4), ("bank at", 12), ("endgame", 20, ("risk", 0.4))), "cs")
'po 4, banka při 12, závěr 20: riziko 0,4'
>>> policy_text(("risk", 0.15), "en"), bank_rule_text(("bank loss", 2.5), "et"), bank_rule_text(("never",), "eo")
('risk 0.15', 'kaotus 2,5', 'neniam')
"""

from __future__ import annotations

from pushlab.i18n import gettext as _, ngettext

__all__ = ["policy_text", "rule_text", "bank_rule_text", "stop_after_text", "stop_at_risk_text", "bot_text"]

#: The kinds of a key's parts.
KINDS = ("after", "risk", "optimal", "bank at", "bank loss", "never", "endgame")


def _value(v, language) -> str:
    """A rule's threshold in ``language``: whole numbers plainly, others with up to 4 decimals."""
    from pushlab.i18n.numbers import number

    whole = isinstance(v, int) or float(v).is_integer()
    return number(v, 0 if whole else 4, trim=True, group=False, language=language)


def _is_part(key) -> bool:
    return isinstance(key, tuple) and bool(key) and isinstance(key[0], str)


def _messages(_=str):
    """The catalog messages of :func:`rule_text` and :func:`bank_rule_text`, by part kind:
    ``kind: (English message, its placeholder or None)``. ``_`` here is ``str``: it only marks
    each message for ``pybabel extract`` (keyword ``_``, as in the Makefile), and the message
    is translated when a label is written (``gettext(message, language)``)."""
    rules = {
        "after": (_("after {k}"), "k"),
        "risk": (_("risk {p}"), "p"),
        "optimal": (_("follow the one-turn hint"), None),   # the one-turn hint's move: a model's best
        "bank at": (_("bank at {x}"), "x"),
        "bank loss": (_("bank loss {t}"), "t"),
        "never": (_("never"), None),
    }
    bank_rules = {               # a bank rule's short name (lesson 08's heatmap columns and prose)
        "bank at": (_("at {x}"), "x"),
        "bank loss": (_("loss {t}"), "t"),
        "never": (_("never"), None),
    }
    return rules, bank_rules


_RULES, _BANK_RULES = _messages()


def _written(table, part, language):
    """``part`` by its kind's message in ``table``, its value filled in (None: no such kind)."""
    kind = part[0] if _is_part(part) else None
    if kind not in table:
        return None
    message, field = table[kind]
    text = _(message, language)
    return text.format(**{field: _value(part[1], language)}) if field else text


def rule_text(part, language: str | None = None) -> str:
    """One part of a key (a stop rule, a bank rule, ``never``, an endgame) in ``language``."""
    if _is_part(part) and part[0] == "endgame":            # an endgame holds a stop rule of its own
        return _("endgame {pile}: {stop}", language).format(pile=_value(part[1], language),
                                                            stop=rule_text(part[2], language))
    text = _written(_RULES, part, language)
    if text is None:
        raise ValueError(f"not a policy key part: {part!r} (kinds: {', '.join(KINDS)})")
    return text


def policy_text(key, language: str | None = None) -> str:
    """A policy's label from its key (a tuple of parts, or one part) in ``language``; the parts
    are joined by the language's ``"{policy}, {part}"`` (Arabic: ``"، "``)."""
    parts = [key] if _is_part(key) else list(key)
    text = rule_text(parts[0], language)
    for part in parts[1:]:
        text = _("{policy}, {part}", language).format(policy=text, part=rule_text(part, language))
    return text


def bank_rule_text(part, language: str | None = None) -> str:
    """A bank rule's short name, as lesson 08's heatmap columns and prose use it: ``'at 25'``,
    ``'loss 5'``, ``'never'`` (Czech ``'při 25'``, ``'ztráta 5'``, ``'nikdy'``)."""
    text = _written(_BANK_RULES, part, language)
    if text is None:
        raise ValueError(f"not a bank rule key: {part!r}")
    return text


def stop_at_risk_text(p, language: str | None = None) -> str:
    """``StopAtRisk(p)`` in words: ``'stop at 30% risk'`` (Czech ``'zastavit při riziku 30 %'``)."""
    from pushlab.i18n.numbers import number

    return _("stop at {p} risk", language).format(p=number(p, 1, percent=True, trim=True, language=language))


def bot_text(words: str, bank_at=None, language: str | None = None) -> str:
    """A bot's ``words`` with its bank threshold: ``'stop after 2 cards, banks at 12 points'``."""
    if bank_at is None:
        return words
    return _("{words}, banks at {bank} points", language).format(words=words, bank=_value(bank_at, language))


def stop_after_text(k: int, language: str | None = None) -> str:
    """``StopAfter(k)`` in words: ``'stop after 2 cards'``."""
    return ngettext("stop after {k} card", "stop after {k} cards", int(k), language).format(
        k=_value(int(k), language))
