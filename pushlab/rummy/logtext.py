"""Deprecated: the old home of :func:`contract_words` and :func:`kind_word` (removal after 0.2).

The rummy log is no longer English text read back by regular expressions: the engine
records events (:mod:`pushlab.rummy.events`) and :mod:`pushlab.i18n.events` writes them in
any language, meld problems included. ``contract_words(deal, language)`` now lives in
:mod:`pushlab.rummy.melds`, ``kind_word`` in :mod:`pushlab.i18n.events`;
``translate_line``, ``translate_log``, ``translate_problem`` and ``label_words`` are gone
(``pushlab.i18n.events.event_text``, ``problem_text`` and ``meld_label`` write the values).
"""

import warnings

from pushlab.i18n.events import kind_word
from pushlab.rummy.melds import contract_words

__all__ = ["contract_words", "kind_word"]

warnings.warn("pushlab.rummy.logtext is deprecated: import contract_words from pushlab.rummy.melds and "
              "kind_word from pushlab.i18n.events", DeprecationWarning, stacklevel=2)
