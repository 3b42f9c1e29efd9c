"""Bots' names as a reader sees them, in the reader's language.

Code names a bot by its repr (``StopAfter(2, bank_at=None)``, the name a tournament
records: ASCII, the bot's identity); :func:`bot_label` turns it into words of the current
language for tables, plots and sentences (written by :mod:`pushlab.i18n.policies`, numbers
as the language writes them: ``stop at 30% risk``, Czech ``30 %``). A name it does not know (``my bot``, ``HeuristicBot``) comes back as it is.
Policies have their own reader's names: :func:`pushlab.luck.policy.policy_label`.
"""

from __future__ import annotations

import re

from pushlab.i18n import _
from pushlab.i18n.policies import bot_text, stop_after_text, stop_at_risk_text

__all__ = ["bot_label"]


def bot_label(name, language: str | None = None) -> str:
    """A short label in words for a bot's name (its repr), in ``language`` (default: current).

    >>> bot_label("StopAfter(2, bank_at=None)"), bot_label("StopAtRisk(0.3, bank_at=12)")
    ('stop after 2 cards', 'stop at 30% risk, banks at 12 points')
    >>> bot_label("Greedy(bank_at=None)"), bot_label("my bot"), bot_label("Greedy(bank_at=None)", "cs")
    ('greedy (one card ahead)', 'my bot', 'hladový (o kartu dopředu)')
    >>> bot_label("StopAtRisk(0.125, bank_at=None)", "cs")
    'zastavit při riziku 12,5\\xa0%'
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
            "StopAfter": lambda k: stop_after_text(int(k), language),
            "StopAtRisk": lambda p: stop_at_risk_text(float(p), language),
            "Greedy": lambda: _("greedy (one card ahead)", language),
            "HintBot": lambda: _("one-turn hint", language),
            "RandomBot": lambda: _("random", language),
        }[kind](*params)
        bank = None if bank in (None, "None") else float(bank)
    except (KeyError, TypeError, ValueError):
        return str(name)
    return bot_text(words, bank, language)
