"""matplotlib plots of pushlab's data: every function is ``f(data, ax=None) -> ax``.

- :mod:`pushlab.plots.luck`  -- Push (push-your-luck): bust odds, expected values,
  policy map, Monte Carlo convergence, strategy comparison.
- :mod:`pushlab.plots.rummy` -- Push (contract rummy).
- :mod:`pushlab.plots.stats` -- uncertainty itself: interval coverage, differences, widths.

Plots only draw; the numbers come from the games' ``odds``, ``sim`` and ``tournament``.
"""

from pushlab.plots.alt import install as _install_alt_text

_install_alt_text()   # in IPython, every figure is shown with alt text and a data table
