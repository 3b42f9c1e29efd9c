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


def rule_text(part, language: str | None = None) -> str:
    """One part of a key (a stop rule, a bank rule, ``never``, an endgame) in ``language``."""
    kind = part[0]
    if kind == "after":
        return _("after {k}", language).format(k=_value(part[1], language))
    if kind == "risk":
        return _("risk {p}", language).format(p=_value(part[1], language))
    if kind == "optimal":               # the one-turn hint's move: a model's best, not optimal play
        return _("follow the one-turn hint", language)
    if kind == "bank at":
        return _("bank at {x}", language).format(x=_value(part[1], language))
    if kind == "bank loss":
        return _("bank loss {t}", language).format(t=_value(part[1], language))
    if kind == "never":
        return _("never", language)
    if kind == "endgame":
        return _("endgame {pile}: {stop}", language).format(pile=_value(part[1], language),
                                                            stop=rule_text(part[2], language))
    raise ValueError(f"not a policy key part: {part!r} (kinds: {', '.join(KINDS)})")


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
    kind = part[0]
    if kind == "bank at":
        return _("at {x}", language).format(x=_value(part[1], language))
    if kind == "bank loss":
        return _("loss {t}", language).format(t=_value(part[1], language))
    if kind == "never":
        return _("never", language)
    raise ValueError(f"not a bank rule key: {part!r}")


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
