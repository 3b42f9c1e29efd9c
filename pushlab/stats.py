"""Confidence intervals shared by the simulations, tournaments and plots (normal approximation)."""

import math

import numpy as np

from pushlab.errors import PushlabError

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal


def mean_ci(values, z=Z95):
    """Mean of ``values`` and the half-width of its normal-approximation confidence interval.

    One value has no spread to measure: its half-width is reported as 0.

    >>> m, h = mean_ci([1, 0, 1, 0]); (m, round(h, 3))
    (0.5, 0.566)
    """
    arr = np.asarray(values, dtype=float)
    if arr.size == 0:
        raise PushlabError("mean_ci needs at least one value")
    mean = float(arr.mean())
    if arr.size == 1:
        return mean, 0.0
    return mean, float(z * arr.std(ddof=1) / math.sqrt(arr.size))


def column_mean_ci(values, z=Z95):
    """Column means of a games x k array and their confidence bounds ``(mean, low, high)``.

    With a single row the bounds are infinite (nothing is known about the spread).

    >>> m, lo, hi = column_mean_ci(np.array([[1.0], [3.0]]))
    >>> m.tolist(), bool(lo[0] < 2 < hi[0])
    ([2.0], True)
    """
    values = np.asarray(values, dtype=float)
    n = len(values)
    mean = values.mean(0)
    half = z * values.std(0, ddof=1) / np.sqrt(n) if n > 1 else np.full_like(mean, np.inf)
    return mean, mean - half, mean + half
