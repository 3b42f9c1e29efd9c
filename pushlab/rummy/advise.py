"""Deprecated: the old name of :mod:`pushlab.rummy.advice` (removal after 0.2).

The module is named like its push-your-luck twin, :mod:`pushlab.luck.advice`; the function
keeps its name: ``from pushlab.rummy import advise`` or ``from pushlab.rummy.advice import
advise``. Importing this module binds the package's attribute ``advise`` to it (Python sets
a submodule on its package), so until its removal this module can be called like the
function and ``pushlab.rummy.advise(game)`` works either way.
"""

import sys
import types
import warnings

from pushlab.rummy.advice import *            # noqa: F401,F403
from pushlab.rummy.advice import __all__      # noqa: F401
from pushlab.rummy.advice import advise as _advise


class _CallableModule(types.ModuleType):
    def __call__(self, *args, **kwargs):
        return _advise(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule

warnings.warn("pushlab.rummy.advise is deprecated: it is pushlab.rummy.advice (the function advise "
              "keeps its name)", DeprecationWarning, stacklevel=2)
