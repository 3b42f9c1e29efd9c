"""Deprecated: the old home of :func:`colour_name` and :func:`direction_words` (removal after 0.2).

The event log is no longer English text read back by regular expressions: the engine
records events (:mod:`pushlab.luck.events`) and :mod:`pushlab.i18n.events` writes them in
any language. ``colour_name`` now lives in :mod:`pushlab.i18n.forms` and
``direction_words`` in :mod:`pushlab.i18n.events`; ``log_line`` and ``log_templates``
are gone (``pushlab.i18n.events.event_text`` writes an event in a language).
"""

import warnings

from pushlab.i18n.events import direction_words
from pushlab.i18n.forms import colour_name

__all__ = ["colour_name", "direction_words"]

warnings.warn("pushlab.luck.words is deprecated: import colour_name from pushlab.i18n.forms and "
              "direction_words from pushlab.i18n.events", DeprecationWarning, stacklevel=2)
