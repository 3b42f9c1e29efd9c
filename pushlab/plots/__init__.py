"""matplotlib plots of pushlab's data: every function is ``f(data, ax=None) -> ax``.

- :mod:`pushlab.plots.luck`  -- Push (push-your-luck): bust odds, expected values,
  policy map, Monte Carlo convergence, strategy comparison.
- :mod:`pushlab.plots.rummy` -- Push (contract rummy).
- :mod:`pushlab.plots.stats` -- uncertainty itself: interval coverage, differences, widths.

Plots only draw; the numbers come from the games' ``odds``, ``sim`` and ``tournament``.
"""

from pushlab.plots.alt import install as _install_alt_text

_install_alt_text()   # in IPython, every figure is shown with alt text and a data table


def axes(ax=None, size=(7, 4), layout=None):
    """``ax`` itself, or when it is None the axes of a new figure ``size`` inches large (with
    matplotlib's ``layout``, e.g. ``"constrained"``): what every plot does with ``ax=None``.

    >>> import matplotlib; matplotlib.use("Agg")
    >>> ax = axes(size=(3, 2))
    >>> axes(ax) is ax, ax.figure.get_size_inches().tolist()
    (True, [3.0, 2.0])
    >>> import matplotlib.pyplot as plt; plt.close(ax.figure)
    """
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=size, layout=layout)[1]
