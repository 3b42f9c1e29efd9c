"""Bots' names as a reader sees them, in the reader's language.

Code names a bot by its repr (``StopAfter(2, bank_at=None)``, the name a tournament
records); :func:`bot_label` turns it into words of the current language for tables, plots
and sentences. A name it does not know (``my bot``, ``HeuristicBot``) comes back as it is.
Policies have their own reader's names: :func:`pushlab.luck.policy.policy_label`.
"""

from __future__ import annotations

import re

from pushlab.i18n import _, ngettext

__all__ = ["bot_label"]


def bot_label(name, language: str | None = None) -> str:
    """A short label in words for a bot's name (its repr), in ``language`` (default: current).

    >>> bot_label("StopAfter(2, bank_at=None)"), bot_label("StopAtRisk(0.3, bank_at=12)")
    ('stop after 2 cards', 'stop at 30% risk, banks at 12 points')
    >>> bot_label("Greedy(bank_at=None)"), bot_label("my bot"), bot_label("Greedy(bank_at=None)", "cs")
    ('greedy (one card ahead)', 'my bot', 'hladový (o kartu dopředu)')
    """
    match = re.fullmatch(r"(\w+)\((.*)\)", str(name))
    if not match:
        return str(name)
    kind, args = match.groups()
    params = [a.strip() for a in args.split(",") if a.strip()]
    bank = next((a.split("=", 1)[1] for a in params if a.startswith("bank_at=")), None)
    params = [a for a in params if not a.startswith("bank_at=")]
    try:
        words = {
            "StopAfter": lambda k: ngettext("stop after {k} card", "stop after {k} cards", int(k),
                                            language).format(k=k),
            "StopAtRisk": lambda p: _("stop at {p} risk", language).format(p=f"{float(p):.0%}"),
            "Greedy": lambda: _("greedy (one card ahead)", language),
            "HintBot": lambda: _("one-turn hint", language),
            "RandomBot": lambda: _("random", language),
        }[kind](*params)
    except (KeyError, TypeError, ValueError):
        return str(name)
    if bank in (None, "None"):
        return words
    return _("{words}, banks at {bank} points", language).format(words=words, bank=bank)
