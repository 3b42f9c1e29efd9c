"""Meld finder for Push (contract rummy): every way to meet a deal's contract, the best way,
and the best further melds and lay-offs onto the table.

- :mod:`.contract`: :func:`find_contract`, :func:`best_contract`, :func:`quick_contract`,
  :func:`contract_deficit` and the :func:`deficit_plan` behind them;
- :mod:`.extra`: :func:`best_extra_melds` (an :class:`ExtraSearch`) and :func:`might_place`;
- :mod:`.reference`: brute-force versions the tests compare the fast paths with;
- :mod:`.skeletons`: the meld skeletons and layout both searches share.

Hands are read through :mod:`pushlab.rummy.encoding` (count vectors); melds come back as
:class:`~pushlab.rummy.melds.Meld` values (owner None), runs laid out by
:func:`~pushlab.rummy.melds.lay_out_run`.

>>> best_contract("7H 7S JK 9C 9D 9S KH", 1)
Way(melds=[('set', '7S 7H JK'), ('set', '9S 9D 9C')], rest='KH', penalty=10)
>>> best_contract("7H 7S JK 9C 9D 9S KH", 1).melds[0]
Meld('set', '7S 7H JK')
"""

from pushlab.rummy.encoding import hand_key
from pushlab.rummy.finder.contract import (Plan, PlanMeld, Way, best_contract, contract_deficit,
                                           deficit_plan, find_contract, quick_contract)
from pushlab.rummy.finder.extra import (Extra, ExtraSearch, Layoff, RunInfo, SetInfo,
                                        best_extra_melds, might_place, table_infos)

__all__ = ["Way", "Extra", "Layoff", "Plan", "PlanMeld", "SetInfo", "RunInfo", "ExtraSearch",
           "find_contract", "best_contract", "best_extra_melds", "contract_deficit",
           "deficit_plan", "hand_key", "might_place", "quick_contract", "table_infos"]
